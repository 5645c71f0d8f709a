//! What a word of a card file means: the hover on a frame word, a field key or value, a
//! face keyword, a keyword ability, a stat or a word of rules text, with the text of
//! the rules section it comes from, quoted.
//!
//! The rules are the game's own text, committed in `crates/cardc-lsp/rules/` (a copy of
//! §7 Characters and §12 Liberation) and embedded with `include_str!`, so the server
//! reads nothing at run time. Rules-text words are explained by their row of the
//! vocabulary table (`vocab/vocabulary.toml`, embedded the same way and read once):
//! the row's phrase, doc line and example, and every section the doc line cites.

use cardc_ir::{CardKind, Drive, ExitClause, Keyword, Morality, Speed};
use cardc_lower::KeyPlace;
use cardc_syntax::highlight::{highlight, Kind, Piece};
use lsp_types::{Hover, Position, Range};
use std::sync::LazyLock;

const CHARACTERS: &str = include_str!("../rules/07-characters.txt");
const LIBERATION: &str = include_str!("../rules/12-liberation.txt");
const VOCABULARY: &str = include_str!("../../../vocab/vocabulary.toml");

/// The longest quote of a section, in bytes (a hover is not the rulebook).
const QUOTE: usize = 1200;

/// The text of rules section `id` (`"7.4"`, `"12.3a"`, `"7"` for the chapter's
/// opening), without its heading; `None` for a section the rules here do not hold.
pub(crate) fn section(id: &str) -> Option<(&'static str, &'static str)> {
    let chapter = if id.starts_with("12") {
        LIBERATION
    } else if id.starts_with('7') {
        CHARACTERS
    } else {
        return None;
    };
    let mut lines = chapter.split_inclusive('\n');
    let mut offset = 0;
    let mut start: Option<(usize, &'static str)> = None;
    for line in lines.by_ref() {
        let here = offset;
        offset += line.len();
        match start {
            None => {
                if let Some(title) = heading(line).filter(|(n, _)| *n == id).map(|(_, t)| t) {
                    start = Some((offset, title));
                }
            }
            Some((from, title)) => {
                if heading(line).is_some() {
                    return Some((title, chapter[from..here].trim()));
                }
            }
        }
    }
    start.map(|(from, title)| (title, chapter[from..].trim()))
}

/// A section heading: `7.4 Penalties Block#` or `12. Liberation` → (`7.4`, its title).
fn heading(line: &'static str) -> Option<(&'static str, &'static str)> {
    let line = line.trim_end();
    let (number, title) = line.split_once(' ')?;
    let number = number.strip_suffix('.').unwrap_or(number);
    let mut parts = number.split('.');
    let chapter = parts.next()?;
    let ok = !chapter.is_empty()
        && chapter.bytes().all(|b| b.is_ascii_digit())
        && parts.all(|p| {
            let digits = p.trim_end_matches(|c: char| c.is_ascii_lowercase());
            !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && p.len() <= digits.len() + 1
        });
    // A heading is short; a numbered list item ("1. A Storyline's text…") is not one.
    (ok && title.len() < 60 && !title.ends_with('.'))
        .then_some((number, title.trim_end_matches('#')))
}

/// Section `id` quoted as markdown, headed by its number and title.
pub(crate) fn quote(id: &str) -> Option<String> {
    let (title, text) = section(id)?;
    let mut body = text;
    if body.len() > QUOTE {
        let mut cut = QUOTE;
        while !body.is_char_boundary(cut) {
            cut -= 1;
        }
        body = &body[..cut];
    }
    let more = if body.len() < text.len() { " …" } else { "" };
    let quoted: Vec<String> = body
        .lines()
        .map(|l| {
            if l.trim().is_empty() {
                ">".to_owned()
            } else {
                format!("> {l}")
            }
        })
        .collect();
    Some(format!("**§{id} {title}**\n\n{}{more}", quoted.join("\n")))
}

/// The section numbers a text cites (`§7.3`, `§12.3a`), in order, each once.
pub(crate) fn cited(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, _) in text.match_indices('§') {
        let rest = &text[i + '§'.len_utf8()..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
            .unwrap_or(rest.len());
        let id = rest[..end].trim_end_matches('.');
        if !id.is_empty() && !out.iter().any(|o| o == id) {
            out.push(id.to_owned());
        }
    }
    out
}

/// One row of the vocabulary table, as a hover shows it.
#[derive(Debug, Clone)]
pub(crate) struct Row {
    /// `effect` or `event`.
    pub(crate) table: &'static str,
    pub(crate) name: String,
    /// The grammar rule that reads it.
    pub(crate) rule: String,
    pub(crate) phrase: String,
    pub(crate) doc: String,
    pub(crate) example: String,
}

/// The rows of the vocabulary table (read once from the embedded file).
pub(crate) fn rows() -> &'static [Row] {
    static ROWS: LazyLock<Vec<Row>> = LazyLock::new(|| {
        let Ok(table) = VOCABULARY.parse::<toml::Table>() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (table_name, prefix) in [("effect", ""), ("event", "ev_")] {
            let Some(rows) = table.get(table_name).and_then(|v| v.as_array()) else {
                continue;
            };
            for row in rows {
                let field = |k: &str| row.get(k).and_then(|v| v.as_str()).unwrap_or_default();
                let name = field("name").to_owned();
                let syntax = row.get("syntax").and_then(|v| v.as_str()).unwrap_or(&name);
                out.push(Row {
                    table: table_name,
                    rule: format!("{prefix}{syntax}"),
                    phrase: field("phrase").replace('_', " "),
                    doc: field("doc").to_owned(),
                    example: field("example").to_owned(),
                    name,
                });
            }
        }
        out
    });
    &ROWS
}

/// The card around byte `offset` of `text`: from the last line at or before it that
/// starts a card (a letter in column 0) to the next such line; its start offset too.
fn card_around(text: &str, offset: usize) -> (usize, &str) {
    let starts_card = |at: usize| text[at..].starts_with(|c: char| c.is_ascii_alphabetic());
    let mut start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    while start > 0 && !starts_card(start) {
        start = text[..start - 1].rfind('\n').map_or(0, |i| i + 1);
    }
    let mut end = offset;
    loop {
        match text[end..].find('\n') {
            None => {
                end = text.len();
                break;
            }
            Some(i) => {
                end += i + 1;
                if end >= text.len() || starts_card(end) {
                    break;
                }
            }
        }
    }
    (start, &text[start..end])
}

/// The piece of the card file under `position`, with the card's text it was read from.
pub(crate) fn piece_at(text: &str, position: Position) -> Option<(Piece, Range)> {
    let index = crate::position::LineIndex::new(text);
    let mut offset = index.offset(text, position);
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let (base, card) = card_around(text, offset);
    let at = offset - base;
    let piece = highlight(card)
        .into_iter()
        .find(|p| p.range.start <= at && at < p.range.end.max(p.range.start + 1))?;
    let start = index.position(text, base + piece.range.start);
    let end = index.position(text, base + piece.range.end);
    Some((piece, Range::new(start, end)))
}

/// The hover on the word at `position` of `text`, if it is one the language knows.
pub(crate) fn word(text: &str, position: Position) -> Option<Hover> {
    let (piece, range) = piece_at(text, position)?;
    let written = {
        let index = crate::position::LineIndex::new(text);
        let a = index.offset(text, range.start);
        let b = index.offset(text, range.end);
        text.get(a..b).unwrap_or_default().to_owned()
    };
    let value = describe(&piece, &written)?;
    Some(crate::hover::markdown(value, Some(range)))
}

/// What a piece is, and the sections it comes from, as markdown.
pub(crate) fn describe(piece: &Piece, written: &str) -> Option<String> {
    let word = written.trim();
    let (what, sections): (String, Vec<String>) = match piece.kind {
        Kind::Frame => {
            let kind = CardKind::ALL.iter().find(|k| k.name() == word)?;
            let sections = if *kind == CardKind::Character {
                vec!["7".to_owned()]
            } else {
                Vec::new()
            };
            (
                format!(
                    "**`{word}`**: the frame word of a {} card.\n\n```card\n{word} \"Name\" {{\n    cost 1\n}}\n```",
                    kind.title()
                ),
                sections,
            )
        }
        Kind::FieldKey => {
            let place = cardc_lower::field_keys()
                .into_iter()
                .find(|(k, _)| *k == word)
                .map(|(_, p)| p)?;
            (
                crate::completion::key_doc(word, place),
                key_sections(word, place),
            )
        }
        Kind::FaceKeyword => {
            let sections = match word {
                "prime" => vec!["7".to_owned()],
                "fallen" => vec!["7.7".to_owned()],
                _ => Vec::new(),
            };
            (
                format!("**`{word}`**: a face of the card, with its own stats and text."),
                sections,
            )
        }
        Kind::TextKeyword => (
            "**`text { … }`**: the face's rules text, one sentence per `.`.".to_owned(),
            Vec::new(),
        ),
        Kind::FieldValue => value_doc(word)?,
        Kind::Keyword => {
            let k = Keyword::ALL
                .iter()
                .find(|k| k.name().eq_ignore_ascii_case(word))?;
            let sections = match k.name() {
                "Confluence" => vec!["12.3a".to_owned(), "12.5a".to_owned()],
                _ => vec!["12.3".to_owned()],
            };
            (
                format!(
                    "**{}**: a keyword ability, written as its own sentence.\n\n```card\n{}.\n```",
                    k.name(),
                    k.name()
                ),
                sections,
            )
        }
        Kind::Stat => {
            let upper = word.to_ascii_uppercase();
            let (what, sections) = match upper.as_str() {
                "RK" => ("Rank: how hard the permanent is to liberate", vec!["7.9"]),
                "DEF" => ("DEF: the damage the permanent absorbs", vec!["7.5"]),
                _ => ("a stat", Vec::new()),
            };
            (
                format!("**{upper}**: {what}.\n\n```card\n+1 {upper}.\n```"),
                sections.into_iter().map(str::to_owned).collect(),
            )
        }
        Kind::Verb | Kind::RulesWord | Kind::PermanentKind | Kind::Number => {
            let parent = piece.parent.as_deref().unwrap_or_default();
            let matching: Vec<&Row> = rows().iter().filter(|r| r.rule == parent).collect();
            if matching.is_empty() {
                return frame_word(piece, word);
            }
            let mut out = Vec::new();
            let mut sections = Vec::new();
            for row in matching {
                out.push(format!(
                    "**{}** ({} `{}` of the vocabulary table): `{}`\n\n{}\n\n```card\n{}\n```",
                    word, row.table, row.name, row.phrase, row.doc, row.example
                ));
                sections.extend(cited(&row.doc));
            }
            (out.join("\n\n---\n\n"), sections)
        }
        Kind::CardName | Kind::NamedCard | Kind::String | Kind::Comment | Kind::Operator => {
            return None;
        }
    };
    let mut value = what;
    let mut seen: Vec<String> = Vec::new();
    for id in sections {
        if seen.contains(&id) {
            continue;
        }
        if let Some(q) = quote(&id) {
            value.push_str("\n\n---\n\n");
            value.push_str(&q);
        }
        seen.push(id);
    }
    Some(value)
}

/// A word of a sentence frame (`whenever`, `target`, `instead`, `A`…), outside the rows.
fn frame_word(piece: &Piece, word: &str) -> Option<String> {
    let (what, example, section) = match piece.rule.as_str() {
        "whenever" => (
            "a triggered ability: every time the event happens",
            "Whenever this card takes damage, draw a card.",
            None,
        ),
        "when" => (
            "a triggered ability, worded for a one-off event",
            "When this card is destroyed, gain 1 Story Point.",
            None,
        ),
        "kw_if" | "kw_instead" => (
            "a replacement: the event does not happen; the effect does instead",
            "If this card would be destroyed, gain 1 CP instead.",
            None,
        ),
        "kw_twist" => (
            "a Twist: a triggered ability that Falls or flips the card (§7.7, route 4)",
            "Twist: When this card takes damage, Fall this card.",
            Some("7.7"),
        ),
        "w_target" => (
            "a chosen target: one permanent of the kind, chosen as the ability resolves",
            "Destroy target Spacecraft an opponent controls.",
            None,
        ),
        "w_each" => (
            "every permanent of the kind",
            "Deal 1 damage to each Ground Unit.",
            None,
        ),
        "this_card" => (
            "the card whose text this is",
            "When this card is destroyed, draw a card.",
            None,
        ),
        "the_bound" => (
            "the Character a Storyline is bound to (§8)",
            "Fall the Bound.",
            None,
        ),
        "kind" => ("a kind of permanent", "Destroy target Ground Unit.", None),
        "w_pay" => (
            "a cost paid to activate the ability (§7.3)",
            "A, Pay 1 Currency: Draw a card.",
            Some("7.3"),
        ),
        "u_cp" => (
            "Character Points (§7.3)",
            "-2 CP: Draw a card.",
            Some("7.3"),
        ),
        _ if piece.kind == Kind::Number => return None,
        _ => (
            "a word of the rules text's sentence frames",
            "Whenever this card takes damage, draw a card.",
            None,
        ),
    };
    let mut out = format!("**{word}**: {what}.\n\n```card\n{example}\n```");
    if let Some(q) = section.and_then(quote) {
        out.push_str("\n\n---\n\n");
        out.push_str(&q);
    }
    Some(out)
}

/// The sections a field key comes from.
fn key_sections(key: &str, place: KeyPlace) -> Vec<String> {
    let _ = place;
    let ids: &[&str] = match key {
        "drives" => &["7.1"],
        "morality" => &["7.2"],
        "cp" | "character_action" => &["7.3"],
        "penalties" => &["7.4"],
        "def" | "attack" => &["7.5"],
        "exit" => &["7.7"],
        "redeem" => &["7.8"],
        "rank" => &["7.9"],
        "vox" => &["7.9a"],
        _ => &[],
    };
    ids.iter().map(|s| (*s).to_owned()).collect()
}

/// A field value's vocabulary: Drive, Morality, exit clause or speed.
fn value_doc(word: &str) -> Option<(String, Vec<String>)> {
    if let Some(d) = Drive::ALL.iter().find(|d| d.name() == word) {
        return Some((
            format!(
                "**{}**: a Drive.\n\n```card\ndrives {}, Justice\n```",
                d.name(),
                d.name()
            ),
            vec!["7.1".to_owned()],
        ));
    }
    if let Some(m) = Morality::ALL.iter().find(|m| m.name() == word) {
        return Some((
            format!(
                "**{}**: a Morality.\n\n```card\nmorality {}\n```",
                m.name(),
                m.name()
            ),
            vec!["7.2".to_owned(), "7.4".to_owned()],
        ));
    }
    if let Some(e) = ExitClause::ALL.iter().find(|e| e.name() == word) {
        return Some((
            format!(
                "**{}**: how a Fallen face leaves.\n\n```card\nexit {}\n```",
                e.name(),
                e.name()
            ),
            vec!["7.7".to_owned(), "7.8".to_owned()],
        ));
    }
    if let Some(s) = Speed::ALL.iter().find(|s| s.name() == word) {
        return Some((
            format!(
                "**{}**: when the card may be played.\n\n```card\nspeed {}\n```",
                s.name(),
                s.name()
            ),
            Vec::new(),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_cut_at_the_next_heading() {
        let (title, text) = section("7.4").unwrap_or_else(|| panic!("no §7.4"));
        assert_eq!(title, "Penalties Block");
        assert!(!text.contains("7.5 Combat"), "{text}");
        let (title, _) = section("12.3a").unwrap_or_else(|| panic!("no §12.3a"));
        assert_eq!(title, "Liberation Range");
        // A numbered list item inside §7.7 is no heading.
        let (_, fallen) = section("7.7").unwrap_or_else(|| panic!("no §7.7"));
        assert!(
            fallen.contains("1. A Storyline's text Falls them"),
            "{fallen}"
        );
        assert!(section("18.81").is_none());
    }

    #[test]
    fn citations_are_read_from_a_doc_line() {
        assert_eq!(
            cited("no maximum, §7.3). See §12.3a, and §7.3."),
            ["7.3", "12.3a"]
        );
    }

    #[test]
    fn every_effect_and_event_row_is_read() {
        let rows = rows();
        assert!(rows
            .iter()
            .any(|r| r.rule == "deal_damage" && r.doc.contains("§7.5")));
        assert!(rows.iter().any(|r| r.rule == "ev_this_takes_damage"));
        assert!(rows
            .iter()
            .all(|r| !r.doc.is_empty() && !r.example.is_empty()));
    }
}
