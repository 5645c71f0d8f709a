//! What each piece of a card file is, read from the parse tree: the language server's
//! semantic tokens and its hover on a word.
//!
//! The file goes through the same steps as [`crate::parse`] (the pre-pass's comments and
//! card chunks; pest's `card_header_eoi` and `card_body_eoi` per card; each sentence of
//! a `text` block with `sentence_eoi`), and every pair whose rule names a kind of token
//! becomes one [`Piece`]; the pairs inside it are not looked at. So the kinds come from
//! the grammar's own rules (`frame`, `field_key`, `w_deal`, …), never from a second
//! lexer, and a text that does not parse is left unmarked from the point pest stopped.

use crate::grammar::{CardParser, Rule};
use crate::lex;
use cardc_diagnostics::FileId;
use pest::iterators::Pair;
use pest::Parser;
use std::ops::Range;

/// What a piece of a card file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A card's frame word: `character`, `ground_unit`.
    Frame,
    /// A face keyword: `prime`, `fallen`, `reversal`.
    FaceKeyword,
    /// `text` of a `text { … }` block.
    TextKeyword,
    /// A field key: `cost`, `drives`.
    FieldKey,
    /// A word of a field's value: `Liberation`, `slow`, `CP`.
    FieldValue,
    /// A number: `3`, `-1`, `40%`, `X`.
    Number,
    /// A card's or face's name where it is declared.
    CardName,
    /// A card named in rules text: `Ready "Pier Nine".`
    NamedCard,
    /// Any other string: `flavor "…"`.
    String,
    /// A `# …` comment.
    Comment,
    /// A keyword ability: `Confluence`.
    Keyword,
    /// An effect's verb: `deal`, `draw`, `ready`.
    Verb,
    /// Another word of the rules text's vocabulary: `damage`, `whenever`, `target`.
    RulesWord,
    /// A kind of permanent in rules text: `Ground Unit`.
    PermanentKind,
    /// A stat in rules text: `RK`, `DEF`.
    Stat,
    /// Punctuation with a meaning: `{`, `}`, `:`, `,`, `.`, the `A` of an activation.
    Operator,
}

/// One piece of a card file: its byte range and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// Where it is written (bytes of the file).
    pub range: Range<usize>,
    /// What it is.
    pub kind: Kind,
    /// The grammar rule it was read by (`w_deal`, `field_key`, `keyword`).
    pub rule: String,
    /// The rule of the pair it is a part of (`deal_damage` for the `damage` of an
    /// effect, `ev_this_takes_damage` for an event's): the row of the vocabulary table
    /// a rules-text word belongs to.
    pub parent: Option<String>,
}

/// Every piece of `src` that has a kind, in order, none overlapping.
pub fn highlight(src: &str) -> Vec<Piece> {
    let prepared = lex::prepare(FileId(0), src);
    let clean = prepared.clean.as_str();
    let mut out: Vec<Piece> = prepared
        .comments
        .iter()
        .map(|c| Piece {
            range: c.span.start as usize..c.span.end as usize,
            kind: Kind::Comment,
            rule: "comment".to_owned(),
            parent: None,
        })
        .collect();
    for chunk in &prepared.chunks {
        if let Some(header) = clean.get(chunk.header.clone()) {
            if let Ok(pairs) = CardParser::parse(Rule::card_header_eoi, header) {
                for p in pairs {
                    walk(p, chunk.header.start, None, &mut out);
                }
            }
        }
        out.push(operator(chunk.open));
        if let Some(close) = chunk.close {
            out.push(operator(close));
        }
        if chunk.too_deep {
            continue;
        }
        let base = chunk.open + 1;
        let body = clean.get(base..chunk.body_end).unwrap_or("");
        if let Ok(pairs) = CardParser::parse(Rule::card_body_eoi, body) {
            for p in pairs {
                walk(p, base, None, &mut out);
            }
        }
    }
    out.sort_by_key(|p| (p.range.start, p.range.end));
    // Nothing overlaps by construction; a guard all the same, as clients need it.
    let mut last = 0;
    out.retain(|p| {
        let keep = p.range.start >= last;
        if keep {
            last = p.range.end;
        }
        keep
    });
    out
}

fn operator(at: usize) -> Piece {
    Piece {
        range: at..at + 1,
        kind: Kind::Operator,
        rule: "brace".to_owned(),
        parent: None,
    }
}

/// The kind of a pair of `rule`, if it has one; `verb` when it is the first word of an
/// effect form.
fn kind_of(rule: Rule, verb: bool) -> Option<Kind> {
    let name = format!("{rule:?}");
    Some(match rule {
        Rule::frame => Kind::Frame,
        Rule::face_key => Kind::FaceKeyword,
        Rule::kw_text => Kind::TextKeyword,
        Rule::field_key => Kind::FieldKey,
        Rule::word => Kind::FieldValue,
        Rule::number
        | Rule::x
        | Rule::amount_number
        | Rule::gain_amount
        | Rule::signed_number
        | Rule::article
        | Rule::that_many => Kind::Number,
        Rule::card_name | Rule::face_name => Kind::CardName,
        Rule::named_target => Kind::NamedCard,
        Rule::string => Kind::String,
        Rule::keyword => Kind::Keyword,
        Rule::kind => Kind::PermanentKind,
        Rule::stat => Kind::Stat,
        Rule::open_brace
        | Rule::close_brace
        | Rule::colon
        | Rule::comma
        | Rule::period
        | Rule::activate_symbol => Kind::Operator,
        _ if name.starts_with("w_") || name.starts_with("u_") || name.starts_with("kw_") => {
            // The first word of an effect of the vocabulary table is its verb.
            if verb && name.starts_with("w_") {
                Kind::Verb
            } else {
                Kind::RulesWord
            }
        }
        // Modes (ruling R81): `Choose`, `or` and the count.
        Rule::mode_choose | Rule::mode_or => Kind::RulesWord,
        Rule::mode_count => Kind::Number,
        Rule::whenever
        | Rule::when
        | Rule::this_card
        | Rule::the_bound
        | Rule::counter_kind
        | Rule::optional_mark => Kind::RulesWord,
        _ => return None,
    })
}

/// Walks `p` (written at `base`), whose enclosing rule is `parent`.
fn walk(p: Pair<'_, Rule>, base: usize, parent: Option<Rule>, out: &mut Vec<Piece>) {
    let rule = p.as_rule();
    let span = p.as_span();
    // A piece of rules text the card's parse could not read as a sentence: read alone,
    // as `cardc check` reads it (a sentence missing its `.` still shows its words).
    if rule == Rule::bad_sentence {
        sentences(p.as_str(), base + span.start(), out);
        return;
    }
    if let Some(kind) = kind_of(rule, false) {
        out.push(piece(base, &p, kind, None));
        return;
    }
    // The rules `effect` holds (through the silent `simple_effect`) are the effect
    // forms of the vocabulary table, one per row; one more object joined by `and` (ruling
    // R110) has no verb of its own.
    let form = parent == Some(Rule::effect) && !crate::vocabulary::joined(rule);
    let name = format!("{rule:?}");
    for (i, c) in p.into_inner().enumerate() {
        match kind_of(c.as_rule(), form && i == 0) {
            Some(kind) => out.push(piece(base, &c, kind, Some(name.clone()))),
            None => walk(c, base, Some(rule), out),
        }
    }
}

fn piece(base: usize, p: &Pair<'_, Rule>, kind: Kind, parent: Option<String>) -> Piece {
    let s = p.as_span();
    Piece {
        range: base + s.start()..base + s.end(),
        kind,
        rule: format!("{:?}", p.as_rule()),
        parent,
    }
}

/// The sentences of a piece of one `text` block's body, written at `base`.
fn sentences(body: &str, base: usize, out: &mut Vec<Piece>) {
    let view: String = body
        .chars()
        .map(|c| if c == '\n' { ' ' } else { c })
        .collect();
    let mut start = 0;
    let mut ends = crate::text::sentence_ends(body);
    if !view[ends.last().copied().unwrap_or(0)..].trim().is_empty() {
        ends.push(view.len());
    }
    for end in ends {
        let piece = &view[start..end];
        let lead = piece.len() - piece.trim_start().len();
        let trimmed = piece.trim();
        let at = start + lead;
        start = end;
        if trimmed.is_empty() {
            continue;
        }
        let rule = if trimmed.ends_with('.') {
            Rule::sentence_eoi
        } else {
            Rule::sentence_bare_eoi
        };
        if let Ok(pairs) = CardParser::parse(rule, trimmed) {
            for p in pairs {
                walk(p, base + at, None, out);
            }
        }
    }
}

/// The grammar rules that may come next after `prefix`, the start of one sentence of
/// rules text (pest's expected rules at the end of the prefix, by name: `w_damage`,
/// `kind`, `period`…); empty when the prefix itself does not read. A prefix that is a
/// whole sentence already expects its `period`.
pub fn expected_next(prefix: &str) -> Vec<String> {
    let view: String = prefix
        .chars()
        .map(|c| if c == '\n' { ' ' } else { c })
        .collect();
    let end = view.trim_end().len();
    if end == 0 {
        return Vec::new();
    }
    match CardParser::parse(Rule::sentence_bare_eoi, &view) {
        Ok(_) => vec![format!("{:?}", Rule::period)],
        Err(e) => {
            let (pos, rules) = crate::expected::position_and_rules(&e);
            if pos < end {
                return Vec::new();
            }
            let mut names: Vec<String> = rules.iter().map(|r| format!("{r:?}")).collect();
            names.dedup();
            names
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(String, Kind)> {
        highlight(src)
            .into_iter()
            .map(|p| (src[p.range].to_owned(), p.kind))
            .collect()
    }

    #[test]
    fn every_kind_of_piece_is_read_from_the_grammar() {
        let src = "# a comment\nmaneuver \"Dock Strike\" {\n    cost 2\n    speed slow\n    text {\n        Deal 2 damage to target Ground Unit. Ready \"Pier Nine\".\n    }\n}\n";
        let got = kinds(src);
        let want = [
            ("# a comment", Kind::Comment),
            ("maneuver", Kind::Frame),
            ("\"Dock Strike\"", Kind::CardName),
            ("{", Kind::Operator),
            ("cost", Kind::FieldKey),
            ("2", Kind::Number),
            ("speed", Kind::FieldKey),
            ("slow", Kind::FieldValue),
            ("text", Kind::TextKeyword),
            ("Deal", Kind::Verb),
            ("damage", Kind::RulesWord),
            ("to", Kind::RulesWord),
            ("target", Kind::RulesWord),
            ("Ground Unit", Kind::PermanentKind),
            (".", Kind::Operator),
            ("Ready", Kind::Verb),
            ("\"Pier Nine\"", Kind::NamedCard),
            ("}", Kind::Operator),
        ];
        for (text, kind) in want {
            assert!(
                got.iter().any(|(t, k)| t == text && *k == kind),
                "no {text:?} as {kind:?} in {got:#?}"
            );
        }
        // Sorted, none overlapping.
        let pieces = highlight(src);
        assert!(pieces
            .windows(2)
            .all(|w| w[0].range.end <= w[1].range.start));
    }

    #[test]
    fn the_rules_expected_after_a_sentence_prefix() {
        assert!(expected_next("Deal 2").contains(&"w_damage".to_owned()));
        let after_to = expected_next("Deal 2 damage to");
        assert_eq!(after_to, ["target"]);
        assert!(expected_next("Draw a card").contains(&"period".to_owned()));
        // A prefix that already went wrong expects nothing.
        assert_eq!(expected_next("Explode 2 damage"), Vec::<String>::new());
    }

    #[test]
    fn keywords_and_stats_in_rules_text() {
        let got = kinds("character \"M\" {\n    text { Confluence. +1 RK. }\n}\n");
        assert!(
            got.contains(&("Confluence".to_owned(), Kind::Keyword)),
            "{got:?}"
        );
        assert!(got.contains(&("RK".to_owned(), Kind::Stat)), "{got:?}");
        assert!(got.contains(&("+1".to_owned(), Kind::Number)), "{got:?}");
    }
}
