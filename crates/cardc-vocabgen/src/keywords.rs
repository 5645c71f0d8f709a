//! The keywords' part of the derived files. Keywords are `[[keyword]]` rows: a single word
//! standing alone as a sentence (`Confluence.`, `Indoctrinated.`, `Fortified.`). The
//! `Keyword` enum the IR and the engine share is generated into `cardc-types`
//! (`crates/cardc-types/src/keyword.rs`), with its words, doc lines, examples and the kinds
//! of card it may be printed on (`E0154`); where the engine reads each one is its rules
//! logic (`Keyword::step`, `crates/cardc-engine/src/keywords.rs`, one arm per variant).

use std::fmt::Write;

use serde::Deserialize;

use crate::phrase::pascal;
use crate::table::{is_snake, Table};

/// One `[[keyword]]` row as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawKeyword {
    name: String,
    phrase: String,
    on: String,
    note: String,
    doc: String,
    example: String,
}

/// The kinds of card a keyword may be printed on; anywhere else it would do nothing
/// (`E0154`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeywordOn {
    /// Any permanent (`permanent`).
    Permanent,
    /// A card that prints a Rank, so it can be declared as a Liberation target (`rank`, §7.9).
    Rank,
    /// A unit a Location can host: a permanent that is not a Location (`unit`).
    Unit,
}

impl KeywordOn {
    fn variant(self) -> &'static str {
        match self {
            KeywordOn::Permanent => "Permanent",
            KeywordOn::Rank => "Rank",
            KeywordOn::Unit => "Unit",
        }
    }

    fn doc(self) -> &'static str {
        match self {
            KeywordOn::Permanent => "Permanents only.",
            KeywordOn::Rank => "Only on a card that prints a Rank.",
            KeywordOn::Unit => "Permanents other than Locations only.",
        }
    }
}

/// One keyword row.
#[derive(Debug, Clone)]
pub struct Keyword {
    /// `confluence`: `Keyword::Confluence` in the IR and the engine.
    pub name: String,
    /// The word as printed: `Confluence`.
    pub phrase: String,
    /// Where it may be printed.
    pub on: KeywordOn,
    /// The rule `E0154` cites when it is printed elsewhere.
    pub note: String,
    /// One line of documentation.
    pub doc: String,
    /// The sentence: `Confluence.`.
    pub example: String,
}

/// Reads and checks the keyword rows.
pub fn read(raw: &[RawKeyword]) -> Result<Vec<Keyword>, String> {
    let mut out: Vec<Keyword> = Vec::new();
    for k in raw {
        let at = |m: &str| format!("keyword `{}`: {m}", k.name);
        if !is_snake(&k.name) {
            return Err(at("the name is not snake_case"));
        }
        if out.iter().any(|o| o.name == k.name) {
            return Err(at("declared twice"));
        }
        let word_ok = k.phrase.starts_with(|c: char| c.is_ascii_uppercase())
            && k.phrase.chars().all(|c| c.is_ascii_alphanumeric());
        if !word_ok {
            return Err(at("the phrase must be one capitalised word"));
        }
        if k.phrase.to_ascii_lowercase() != k.name.replace('_', "") {
            return Err(at("the name must be the phrase in snake_case"));
        }
        let on = match k.on.as_str() {
            "permanent" => KeywordOn::Permanent,
            "rank" => KeywordOn::Rank,
            "unit" => KeywordOn::Unit,
            other => return Err(at(&format!("unknown `on = \"{other}\"`"))),
        };
        if k.doc.trim().is_empty() || k.note.trim().is_empty() {
            return Err(at("no `doc` or `note` line"));
        }
        if k.example != format!("{}.", k.phrase) {
            return Err(at("the `example` must be the word and `.`"));
        }
        out.push(Keyword {
            name: k.name.clone(),
            phrase: k.phrase.clone(),
            on,
            note: k.note.clone(),
            doc: k.doc.clone(),
            example: k.example.clone(),
        });
    }
    if out.is_empty() {
        return Err("the table has no keywords".into());
    }
    Ok(out)
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `crates/cardc-types/src/keyword.rs`: the shared `Keyword` enum and its facts.
pub fn types(t: &Table) -> String {
    let mut o = String::from(crate::emit::RUST_HEADER);
    o.push_str("//!\n//! The keywords (`Confluence.`): the `Keyword` enum the IR and the engine share, its words,\n//! doc lines and examples, and the kinds of card each may be printed on.\n\n");
    o.push_str("use crate::CardKind;\n\nvocab! {\n/// Keyword abilities: `Confluence.`, one per `[[keyword]]` row of the table.\nKeyword {\n");
    for k in &t.keywords {
        let _ = writeln!(
            o,
            "/// {}\n{} => \"{}\",",
            k.doc,
            pascal(&k.name),
            esc(&k.phrase)
        );
    }
    o.push_str("}\n}\n\n/// The kinds of card a keyword may be printed on; elsewhere it would do nothing (`E0154`).\n#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum KeywordOn {\n/// Any permanent.\nPermanent,\n/// A card that prints a Rank, so it can be declared as a Liberation target (§7.9).\nRank,\n/// A unit a Location can host: a permanent that is not a Location.\nUnit,\n}\n\nimpl Keyword {\n");
    let ex: Vec<String> = t
        .keywords
        .iter()
        .map(|k| format!("(Keyword::{}, \"{}\")", pascal(&k.name), esc(&k.example)))
        .collect();
    let _ = writeln!(o, "/// Every keyword with its example sentence, in table order.\npub const EXAMPLES: &'static [(Keyword, &'static str)] = &[{}];\n", ex.join(", "));
    o.push_str("/// One line on what it does.\npub fn doc(self) -> &'static str {\nmatch self {\n");
    for k in &t.keywords {
        let _ = writeln!(o, "Keyword::{} => \"{}\",", pascal(&k.name), esc(&k.doc));
    }
    o.push_str(
        "}\n}\n\n/// Where it may be printed.\npub fn on(self) -> KeywordOn {\nmatch self {\n",
    );
    for k in &t.keywords {
        let _ = writeln!(
            o,
            "Keyword::{} => KeywordOn::{},",
            pascal(&k.name),
            k.on.variant()
        );
    }
    o.push_str("}\n}\n\n/// The rule the checker cites when it is printed where it does nothing (`E0154`).\npub fn note(self) -> &'static str {\nmatch self {\n");
    for k in &t.keywords {
        let _ = writeln!(o, "Keyword::{} => \"{}\",", pascal(&k.name), esc(&k.note));
    }
    o.push_str("}\n}\n}\n\nimpl KeywordOn {\n/// Whether a card of `kind` may print a keyword of this sort.\npub fn allows(self, kind: CardKind) -> bool {\nmatch self {\nKeywordOn::Permanent => kind.is_permanent(),\nKeywordOn::Rank => kind.prints_rank(),\nKeywordOn::Unit => kind.is_permanent() && !kind.is_location(),\n}\n}\n}\n");
    o
}

/// The keywords table of `docs/language.md` (between its markers).
pub fn language_doc(t: &Table) -> String {
    let mut o = String::from("| Keyword | Meaning |\n| --- | --- |\n");
    for k in &t.keywords {
        let _ = writeln!(o, "| `{}` | {} {} |", k.example, k.doc, k.on.doc());
    }
    o
}
