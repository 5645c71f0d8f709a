//! Semantic tokens and folding ranges of an open document, from its parse.
//!
//! Tokens come from [`cardc_syntax::highlight`], which reads every piece's kind off the
//! pest parse tree (frame words, field keys, numbers, strings and card names, comments,
//! rules-text words, keywords, operators); this module only encodes them as the
//! protocol asks (relative lines and UTF-16 columns, one token per line). Folding
//! ranges are the parsed cards, faces and `text` blocks, and runs of two or more
//! comment lines.
//!
//! Both answer from the document's current text, on the message loop; a document larger
//! than [`LARGE`] gets neither (its highlighting falls back to the editor's TextMate
//! grammar), so a huge file never holds up the requests behind it.

use crate::position::LineIndex;
use cardc_diagnostics::FileId;
use cardc_syntax::highlight::{highlight, Kind};
use cardc_syntax::Item;
use lsp_types::{
    FoldingRange, FoldingRangeKind, SemanticToken, SemanticTokenModifier, SemanticTokenType,
    SemanticTokens, SemanticTokensLegend,
};

/// The largest document that gets semantic tokens and folding ranges: 4 MiB.
pub(crate) const LARGE: usize = 4 << 20;

/// The token types, in the legend's order.
const TYPES: &[SemanticTokenType] = &[
    SemanticTokenType::KEYWORD,     // 0: frame words, face keywords, `text`
    SemanticTokenType::PROPERTY,    // 1: field keys
    SemanticTokenType::ENUM_MEMBER, // 2: field values, stats
    SemanticTokenType::NUMBER,      // 3
    SemanticTokenType::STRING,      // 4: strings and card names
    SemanticTokenType::COMMENT,     // 5
    SemanticTokenType::FUNCTION,    // 6: effect verbs
    SemanticTokenType::TYPE,        // 7: kinds of permanent
    SemanticTokenType::OPERATOR,    // 8
    SemanticTokenType::MACRO,       // 9: keyword abilities
];

/// The modifiers, as bits in the legend's order.
const MODIFIERS: &[SemanticTokenModifier] = &[
    SemanticTokenModifier::DECLARATION, // 1: a card's frame word and name
    SemanticTokenModifier::DEFAULT_LIBRARY, // 2: a word of the rules-text vocabulary
];

/// The legend the server advertises.
pub(crate) fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: MODIFIERS.to_vec(),
    }
}

/// A kind's token type (index into [`TYPES`]) and modifier bits.
pub(crate) fn encoding(kind: Kind) -> (u32, u32) {
    const DECLARATION: u32 = 1;
    const VOCABULARY: u32 = 2;
    match kind {
        Kind::Frame => (0, DECLARATION),
        Kind::FaceKeyword | Kind::TextKeyword => (0, 0),
        Kind::FieldKey => (1, 0),
        Kind::FieldValue => (2, 0),
        Kind::Stat => (2, VOCABULARY),
        Kind::Number => (3, 0),
        Kind::CardName => (4, DECLARATION),
        Kind::NamedCard | Kind::String => (4, 0),
        Kind::Comment => (5, 0),
        Kind::Verb => (6, VOCABULARY),
        Kind::RulesWord => (0, VOCABULARY),
        Kind::PermanentKind => (7, VOCABULARY),
        Kind::Operator => (8, 0),
        Kind::Keyword => (9, VOCABULARY),
    }
}

/// The semantic tokens of `text`, or `None` for a document above [`LARGE`].
pub(crate) fn full(text: &str) -> Option<SemanticTokens> {
    if text.len() > LARGE {
        return None;
    }
    let index = LineIndex::new(text);
    let mut data = Vec::new();
    let (mut line, mut col) = (0u32, 0u32);
    for piece in highlight(text) {
        let (token_type, modifiers) = encoding(piece.kind);
        // One token per line: a piece never spans lines today, but the protocol's
        // clients without multi-line tokens would drop one that did.
        let written = text.get(piece.range.clone()).unwrap_or_default();
        let mut at = piece.range.start;
        for part in written.split('\n') {
            let part = part.trim_end_matches('\r');
            if !part.is_empty() {
                let start = index.position(text, at);
                let length = u32::try_from(part.encode_utf16().count()).unwrap_or(u32::MAX);
                let delta_line = start.line - line;
                let delta_start = if delta_line == 0 {
                    start.character - col
                } else {
                    start.character
                };
                data.push(SemanticToken {
                    delta_line,
                    delta_start,
                    length,
                    token_type,
                    token_modifiers_bitset: modifiers,
                });
                line = start.line;
                col = start.character;
            }
            at += part.len() + 1;
        }
    }
    Some(SemanticTokens {
        result_id: None,
        data,
    })
}

/// The folding ranges of `text`: cards, faces, `text` blocks, runs of comment lines.
pub(crate) fn folding(text: &str) -> Vec<FoldingRange> {
    if text.len() > LARGE {
        return Vec::new();
    }
    let index = LineIndex::new(text);
    let line = |offset: u32| index.position(text, offset as usize).line;
    let (file, _) = cardc_syntax::parse(FileId(0), text);
    let mut out = Vec::new();
    let mut fold = |start: u32, end: u32, kind: Option<FoldingRangeKind>| {
        let (a, b) = (line(start), line(end));
        if b > a {
            out.push(FoldingRange {
                start_line: a,
                start_character: None,
                end_line: b,
                end_character: None,
                kind,
                collapsed_text: None,
            });
        }
    };
    fn nested(items: &[Item], fold: &mut dyn FnMut(u32, u32, Option<FoldingRangeKind>)) {
        for item in items {
            match item {
                Item::Face(f) => {
                    fold(f.span.start, f.span.end, Some(FoldingRangeKind::Region));
                    nested(&f.items, fold);
                }
                Item::Text(t) => fold(t.span.start, t.span.end, Some(FoldingRangeKind::Region)),
                Item::Field(_) => {}
            }
        }
    }
    for card in &file.cards {
        fold(
            card.span.start,
            card.span.end,
            Some(FoldingRangeKind::Region),
        );
        nested(&card.items, &mut fold);
    }
    // Runs of comment lines: consecutive lines that each hold only a comment.
    let mut run: Option<(u32, u32, u32)> = None; // (first offset, last offset, last line)
    for c in &file.comments {
        let l = line(c.span.start);
        let alone = text
            .get(index.line_start(l)..c.span.start as usize)
            .is_some_and(|before| before.trim().is_empty());
        if !alone {
            continue;
        }
        run = match run {
            Some((first, _, last)) if l == last + 1 => Some((first, c.span.start, l)),
            Some((first, end, _)) => {
                fold(first, end, Some(FoldingRangeKind::Comment));
                Some((c.span.start, c.span.start, l))
            }
            None => Some((c.span.start, c.span.start, l)),
        };
    }
    if let Some((first, end, _)) = run {
        fold(first, end, Some(FoldingRangeKind::Comment));
    }
    out.sort_by_key(|f| (f.start_line, f.end_line));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_relative_and_in_utf16_units() {
        // `é` is two bytes and one UTF-16 unit.
        let text = "maneuver \"é\" {\n    cost 1\n}\n";
        let tokens = full(text).unwrap_or_else(|| panic!("no tokens")).data;
        let decoded: Vec<(u32, u32, u32, u32)> = tokens
            .iter()
            .map(|t| (t.delta_line, t.delta_start, t.length, t.token_type))
            .collect();
        assert_eq!(
            decoded,
            [
                (0, 0, 8, 0), // maneuver
                (0, 9, 3, 4), // "é"
                (0, 4, 1, 8), // {
                (1, 4, 4, 1), // cost
                (0, 5, 1, 3), // 1
                (1, 0, 1, 8), // }
            ]
        );
    }

    #[test]
    fn folds_cards_faces_text_blocks_and_comment_runs() {
        let text = "# one\n# two\ncharacter \"M\" {\n    prime {\n        text {\n            Confluence.\n        }\n    }\n}\n";
        let got: Vec<(u32, u32, Option<FoldingRangeKind>)> = folding(text)
            .into_iter()
            .map(|f| (f.start_line, f.end_line, f.kind))
            .collect();
        assert_eq!(
            got,
            [
                (0, 1, Some(FoldingRangeKind::Comment)),
                (2, 8, Some(FoldingRangeKind::Region)),
                (3, 7, Some(FoldingRangeKind::Region)),
                (4, 6, Some(FoldingRangeKind::Region)),
            ]
        );
    }
}
