//! `textDocument/completion`, from where the cursor is in the card's structure.
//!
//! The text before the cursor is scanned once (comments skipped, quotes and braces
//! tracked) to find the block the cursor is in and the words already on its line:
//!
//! | where | what is offered |
//! | --- | --- |
//! | outside every card | the frame words (`character`, `storyline`, …: [`CardKind::ALL`]) |
//! | at the start of a line in a card | the card's field keys and the face keywords, from lowering's own table ([`cardc_lower::field_keys`]) |
//! | at the start of a line in a face | the face's field keys |
//! | after `drives` / `morality` / `exit` / `speed` | Drives / Moralities / exit clauses / speeds |
//! | after `penalties` | Moralities, without the face's own Morality (§7.4) |
//! | at the start of a sentence in a `text` block | keywords, and one example sentence of every effect of the vocabulary table |
//! | inside a sentence | the words that may come next (`next.rs`) |
//! | inside quotes in a `text` block | every card name of the set |

use cardc_ir::{CardKind, CardSet, Drive, Effect, ExitClause, Keyword, Morality, Speed};
use cardc_lower::KeyPlace;
use lsp_types::{CompletionItem, CompletionItemKind, Documentation, MarkupContent, MarkupKind};

/// Where the cursor is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Context {
    /// The opening words of each block the cursor is inside, outermost first
    /// (`["character", "prime", "text"]`).
    pub(crate) blocks: Vec<String>,
    /// Inside a quoted string.
    pub(crate) in_quote: bool,
    /// The words of the cursor's line before the word being typed.
    pub(crate) line_words: Vec<String>,
    /// The Morality the innermost face declared before the cursor, if any.
    pub(crate) morality: Option<String>,
}

/// The context of byte `offset` of `text`.
pub(crate) fn context(text: &str, offset: usize) -> Context {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let mut blocks: Vec<(String, Option<String>)> = Vec::new();
    let mut in_quote = false;
    let mut line = String::new();
    let mut chars = before.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                in_quote = !in_quote;
                line.push(c);
            }
            '\n' => {
                in_quote = false;
                record_morality(&line, &mut blocks);
                line.clear();
            }
            '#' if !in_quote => {
                // A comment runs to the end of the line.
                while chars.peek().is_some_and(|&n| n != '\n') {
                    chars.next();
                }
            }
            '{' if !in_quote => {
                let opener = line
                    .split_whitespace()
                    .next()
                    .unwrap_or_default()
                    .to_owned();
                blocks.push((opener, None));
                line.clear();
            }
            '}' if !in_quote => {
                blocks.pop();
                line.clear();
            }
            _ => line.push(c),
        }
    }
    let mut words: Vec<String> = line
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    // The word being typed is not a word of the line yet.
    if !line.ends_with(|c: char| c.is_whitespace() || c == ',') {
        words.pop();
    }
    let morality = blocks.last().and_then(|(_, m)| m.clone());
    Context {
        blocks: blocks.into_iter().map(|(b, _)| b).collect(),
        in_quote,
        line_words: words,
        morality,
    }
}

fn record_morality(line: &str, blocks: &mut [(String, Option<String>)]) {
    let mut words = line.split_whitespace();
    if words.next() == Some("morality") {
        if let (Some(m), Some(block)) = (words.next(), blocks.last_mut()) {
            block.1 = Some(m.to_owned());
        }
    }
}

fn item(label: &str, kind: CompletionItemKind, detail: &str, doc: String) -> CompletionItem {
    CompletionItem {
        label: label.to_owned(),
        kind: Some(kind),
        detail: Some(detail.to_owned()),
        documentation: Some(Documentation::MarkupContent(MarkupContent {
            kind: MarkupKind::Markdown,
            value: doc,
        })),
        ..CompletionItem::default()
    }
}

/// What a field key does, with an example line.
pub(crate) fn key_doc(key: &str, place: KeyPlace) -> String {
    let example = match key {
        "cost" => "cost 3",
        "votes" => "votes 1",
        "capital" => "capital",
        "speed" => "speed slow",
        "character_action" => "character_action",
        "allow" => "allow vox_band",
        "drives" => "drives Liberation, Justice",
        "morality" => "morality Virtuous",
        "cp" => "cp 6",
        "vox" => "vox 2",
        "attack" => "attack 2",
        "rank" => "rank X",
        "def" => "def X",
        "penalties" => "penalties -1 CP Expedient, -3 CP Ruthless",
        "flavor" => "flavor \"She never raised her voice.\"",
        "art" => "art \"art/mara.png\"",
        "exit" => "exit Redeem",
        "redeem" => "redeem 2 CP",
        "text" => "text { … }",
        _ => key,
    };
    let place = match place {
        KeyPlace::Card => "on the card itself",
        KeyPlace::Face => "on a face (or in the body of a one-faced card)",
    };
    format!("Field `{key}`, written {place} (§7 Characters for faces and stats).\n\n```card\n{example}\n```")
}

/// The completion items at `offset` of `text`; `sets` are the cards of the document's
/// set (for card names).
pub(crate) fn complete<'a>(
    text: &str,
    offset: usize,
    sets: impl Iterator<Item = &'a CardSet>,
) -> Vec<CompletionItem> {
    let cx = context(text, offset);
    let top = cx.blocks.last().map(String::as_str);
    let in_text = top == Some("text");
    let mut out = Vec::new();
    if cx.in_quote {
        if in_text {
            let mut names: Vec<(String, &'static str)> = sets
                .flat_map(|s| &s.cards)
                .map(|c| (c.name.value.clone(), c.kind.value.title()))
                .collect();
            names.sort();
            names.dedup();
            for (name, kind) in names {
                out.push(item(
                    &name,
                    CompletionItemKind::REFERENCE,
                    kind,
                    format!("The {kind} \"{name}\" of this set: a named target acts on the permanent with that name."),
                ));
            }
        }
        return out;
    }
    if top.is_none() {
        for kind in CardKind::ALL {
            out.push(item(
                kind.name(),
                CompletionItemKind::KEYWORD,
                "card frame",
                format!(
                    "A {} card.\n\n```card\n{} \"Name\" {{\n    cost 1\n}}\n```",
                    kind.title(),
                    kind.name()
                ),
            ));
        }
        return out;
    }
    if in_text {
        if let Some(prefix) = sentence_prefix(text, offset) {
            let mut names: Vec<String> = sets
                .flat_map(|s| &s.cards)
                .map(|c| c.name.value.clone())
                .collect();
            names.sort();
            names.dedup();
            return crate::next::next_words(prefix, &names);
        }
        for k in Keyword::ALL {
            out.push(item(
                k.name(),
                CompletionItemKind::KEYWORD,
                "keyword",
                format!(
                    "Keyword ability, written as its own sentence (§12.3).\n\n```card\n{}.\n```",
                    k.name()
                ),
            ));
        }
        for (effect, example) in Effect::EXAMPLES {
            let mut it = item(
                example,
                CompletionItemKind::SNIPPET,
                effect,
                format!(
                    "An effect of the vocabulary table (`{effect}`).\n\n```card\n{example}\n```"
                ),
            );
            it.filter_text = Some((*example).to_owned());
            out.push(it);
        }
        return out;
    }
    let first = cx.line_words.first().map(String::as_str);
    let mut words = |names: Vec<&'static str>, detail: &str, doc: &str| {
        for n in names {
            out.push(item(
                n,
                CompletionItemKind::ENUM_MEMBER,
                detail,
                format!("{doc}\n\n```card\n{} {n}\n```", first.unwrap_or_default()),
            ));
        }
    };
    match first {
        None => {
            let on_face = matches!(top, Some("prime" | "fallen" | "reversal"));
            for (key, place) in cardc_lower::field_keys() {
                if on_face && place == KeyPlace::Card {
                    continue;
                }
                out.push(item(
                    key,
                    CompletionItemKind::FIELD,
                    "field",
                    key_doc(key, place),
                ));
            }
            if !on_face {
                for face in cardc_lower::face_keywords() {
                    out.push(item(
                        face,
                        CompletionItemKind::KEYWORD,
                        "face",
                        format!("The {face} face of a card (§7.1).\n\n```card\n{face} {{\n    cp 6\n}}\n```"),
                    ));
                }
            }
        }
        Some("drives") => words(
            Drive::ALL.iter().map(|d| d.name()).collect(),
            "Drive",
            "A Drive of the face (§7.2: two distinct Drives).",
        ),
        Some("morality") => words(
            Morality::ALL.iter().map(|m| m.name()).collect(),
            "Morality",
            "The face's Morality (§7.4).",
        ),
        Some("penalties") => {
            let own = cx.morality.clone();
            words(
                Morality::ALL
                    .iter()
                    .map(|m| m.name())
                    .filter(|m| own.as_deref() != Some(*m))
                    .collect(),
                "Morality",
                "A Morality the face is penalised for (§7.4: never its own Morality).",
            );
        }
        Some("exit") => words(
            ExitClause::ALL.iter().map(|e| e.name()).collect(),
            "exit clause",
            "How a Fallen face leaves (§7.7).",
        ),
        Some("speed") => words(
            Speed::ALL.iter().map(|s| s.name()).collect(),
            "speed",
            "When the card may be played.",
        ),
        Some(_) => {}
    }
    out
}

/// The sentence of rules text before `offset`, without the word being typed, when the
/// cursor is past its first word (`None` at the start of a sentence): from the `{` of the
/// text block or the last `.` outside quotes.
pub(crate) fn sentence_prefix(text: &str, offset: usize) -> Option<&str> {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let open = before.rfind('{').map_or(0, |i| i + 1);
    let body = &before[open..];
    let mut start = 0;
    let mut in_quote = false;
    for (i, c) in body.char_indices() {
        match c {
            '"' => in_quote = !in_quote,
            '\n' => in_quote = false,
            '.' if !in_quote => start = i + 1,
            _ => {}
        }
    }
    let sentence = &body[start..];
    // The word being typed is the client's to filter.
    let typed = sentence
        .trim_end_matches(|c: char| c.is_alphanumeric() || c == '\'' || c == '_')
        .trim_end();
    (!typed.trim().is_empty()).then_some(typed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Context {
        let i = text.find('|').unwrap_or(text.len());
        context(&text.replacen('|', "", 1), i)
    }

    #[test]
    fn blocks_quotes_and_comments() {
        let cx = at("character \"A { x\" { # {\n  prime {\n    morality Ruthless\n    penalties |");
        assert_eq!(cx.blocks, ["character", "prime"]);
        assert!(!cx.in_quote);
        assert_eq!(cx.line_words, ["penalties"]);
        assert_eq!(cx.morality.as_deref(), Some("Ruthless"));
        let cx = at("maneuver \"M\" {\n text {\n  Ready \"Pi|");
        assert_eq!(cx.blocks, ["maneuver", "text"]);
        assert!(cx.in_quote);
        assert!(at("a \"b\" {\n}\n|").blocks.is_empty());
    }
}
