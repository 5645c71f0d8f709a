//! The target filters' part of every derived file: one function per file, each returning the
//! text the file's emitter (`emit.rs`) appends. Filters are `[[filter]]` rows: what narrows
//! the permanents a target (`target Ruthless Character`, `each Ground Unit with Rank 2 or
//! less`), an event's group or a static's group names. The IR and the engine hold a target's
//! filters as a `Filters` set (one field per row, in table order, so they are `Copy` and
//! print in the canonical order whatever order they were written in) and each filter as a
//! `Filter` (one variant per row), which the engine's `Game::passes` matches exhaustively.

use std::fmt::Write;

use serde::Deserialize;

use crate::emit::phrase_rules_with_spellings;
use crate::phrase::{pascal, Phrase, Slot, Tok};
use crate::table::{is_snake, Table};

/// One `[[filter]]` row as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawFilter {
    name: String,
    phrase: String,
    place: String,
    #[serde(default)]
    needs: Option<String>,
    /// Other ways designers write it (`with CP {n:amount} or_less`), read as the row and
    /// printed as its `phrase`.
    #[serde(default)]
    spellings: Vec<String>,
    /// What the card printing it must be for it to mean anything (`band`, `storyline`):
    /// a Band filter reads a Band relative to that card (ruling R107).
    #[serde(default)]
    host: Option<String>,
    /// A noun's plural (`garrisons`): read as the row too, and printed where the kind is
    /// plural (a static's group, `for each …` counts).
    #[serde(default)]
    plural: Option<String>,
    doc: String,
    example: String,
}

/// Where a filter is written in a target phrase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Between `target`/`each` and the kind: `target Fallen Ruthless Character`.
    Adjective,
    /// After the kind and its controller: `… an opponent controls with Rank 2 or less`.
    Clause,
    /// After every `with …` clause, opening with `in`: the Band the permanent is in,
    /// relative to the card printing it or its Bound (`in this card's Band`, ruling R107).
    Band,
    /// In place of the kind, naming what the permanent is to the Liberation under way
    /// (`target garrison`, `each declared target an opponent controls`, ruling R117): the
    /// kind is then `permanent`.
    Noun,
}

/// What the card printing a Band filter must be for the filter to mean anything (ruling
/// R107).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterHost {
    /// A card in a Band of its own: a permanent of the Map, never a Maneuver or a Storyline.
    Band,
    /// A Storyline, whose Bound is in a Band.
    Storyline,
}

impl FilterHost {
    fn variant(self) -> &'static str {
        match self {
            FilterHost::Band => "Band",
            FilterHost::Storyline => "Storyline",
        }
    }
}

/// What every permanent a filter can match must be (else it never matches its kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterNeeds {
    /// Something only Characters print: Morality, Drives, a Prime face (§7.1, §7.2, §7.7).
    Character,
    /// CP: a Character (§7.3).
    Cp,
    /// A numeric Rank: never a Character's `X` (§7.9), never a Device (no Rank).
    Rank,
    /// Vox: printed on Characters and Ground Units (§7.9a).
    Vox,
    /// Liberation counters: never on a Character (§7.9), only where there is Rank.
    Counters,
    /// A numeric DEF: never a Character's `X` (§7.5); other permanents may print one (§19.8).
    Def,
}

impl FilterNeeds {
    fn variant(self) -> &'static str {
        match self {
            FilterNeeds::Character => "Character",
            FilterNeeds::Cp => "Cp",
            FilterNeeds::Rank => "Rank",
            FilterNeeds::Vox => "Vox",
            FilterNeeds::Counters => "Counters",
            FilterNeeds::Def => "Def",
        }
    }
}

/// One filter row.
#[derive(Debug, Clone)]
pub struct Filter {
    /// `rank_or_less`: `Filter::RankOrLess`, the field `rank_or_less` of `Filters`, the
    /// grammar rule `f_rank_or_less`.
    pub name: String,
    /// The printed form, with at most one typed slot.
    pub phrase: Phrase,
    /// Where it is written.
    pub place: Place,
    /// What the permanents it matches must be.
    pub needs: Option<FilterNeeds>,
    /// Other spellings, with the same slots: read as the row, never printed.
    pub spellings: Vec<Phrase>,
    /// What the card printing it must be (a Band filter, ruling R107).
    pub host: Option<FilterHost>,
    /// A noun's plural (`garrisons`).
    pub plural: Option<String>,
    /// One line of documentation.
    pub doc: String,
    /// A whole sentence using it.
    pub example: String,
}

impl Filter {
    /// Its grammar rule.
    pub fn rule(&self) -> String {
        format!("f_{}", self.name)
    }

    fn slot(&self) -> Option<(&str, Slot)> {
        self.phrase.slots().next()
    }
}

const SLOTS: &[Slot] = &[Slot::Amount, Slot::Morality, Slot::Drive];

/// Reads and checks the filter rows.
pub fn read(raw: &[RawFilter]) -> Result<Vec<Filter>, String> {
    let mut out: Vec<Filter> = Vec::new();
    for f in raw {
        let at = |m: &str| format!("filter `{}`: {m}", f.name);
        if !is_snake(&f.name) {
            return Err(at("the name is not snake_case"));
        }
        if out.iter().any(|o| o.name == f.name) {
            return Err(at("declared twice"));
        }
        let phrase = Phrase::parse(&f.phrase).map_err(|m| at(&m))?;
        if phrase.slots().count() > 1 {
            return Err(at("a filter has at most one slot"));
        }
        for (name, slot) in phrase.slots() {
            if !SLOTS.contains(&slot) {
                return Err(at(&format!(
                    "slot `{name}`: a filter's slots are amount, morality and drive"
                )));
            }
        }
        if phrase.toks.iter().any(|t| matches!(t, Tok::Agree { .. })) {
            return Err(at(
                "a filter's words do not agree with a number (`one|many`)",
            ));
        }
        let place = match f.place.as_str() {
            "adjective" => Place::Adjective,
            "clause" => Place::Clause,
            "band" => Place::Band,
            "noun" => Place::Noun,
            other => {
                return Err(at(&format!(
                    "unknown `place = \"{other}\"` (adjective, clause, band, noun)"
                )))
            }
        };
        if (place == Place::Noun) != f.plural.is_some() {
            return Err(at("a noun, and only a noun, gives its `plural`"));
        }
        if place == Place::Noun && phrase.slots().next().is_some() {
            return Err(at("a noun has no slot"));
        }
        let opening = |p: &Phrase| match p.toks.first() {
            Some(Tok::Word(w)) if w == "with" => Place::Clause,
            Some(Tok::Word(w)) if w == "in" => Place::Band,
            _ if place == Place::Noun => Place::Noun,
            _ => Place::Adjective,
        };
        if opening(&phrase) != place {
            return Err(at(
                "a clause opens with `with`, a Band filter with `in`, an adjective with neither",
            ));
        }
        if f.doc.trim().is_empty() {
            return Err(at("no `doc` line"));
        }
        if !f.example.trim_end().ends_with('.') {
            return Err(at("the `example` must be a whole sentence ending in `.`"));
        }
        let needs = match f.needs.as_deref() {
            None => None,
            Some("character") => Some(FilterNeeds::Character),
            Some("cp") => Some(FilterNeeds::Cp),
            Some("rank") => Some(FilterNeeds::Rank),
            Some("vox") => Some(FilterNeeds::Vox),
            Some("counters") => Some(FilterNeeds::Counters),
            Some("def") => Some(FilterNeeds::Def),
            Some(other) => return Err(at(&format!("unknown `needs = \"{other}\"`"))),
        };
        let host = match f.host.as_deref() {
            None => None,
            Some("band") => Some(FilterHost::Band),
            Some("storyline") => Some(FilterHost::Storyline),
            Some(other) => return Err(at(&format!("unknown `host = \"{other}\"`"))),
        };
        if (place == Place::Band) != host.is_some() {
            return Err(at(
                "a Band filter, and only one, says what its card must be (`host`)",
            ));
        }
        let mut written = f.spellings.clone();
        written.extend(f.plural.iter().cloned());
        let spellings = crate::phrase::spellings(&phrase, &written).map_err(|m| at(&m))?;
        for sp in &spellings {
            if opening(sp) != place {
                return Err(at(&format!(
                    "spelling `{}`: a clause opens with `with`, a Band filter with `in`, an adjective with neither",
                    sp.doc()
                )));
            }
        }
        let all = |f: &Filter| {
            std::iter::once(f.phrase.clone())
                .chain(f.spellings.iter().cloned())
                .collect::<Vec<_>>()
        };
        for p in std::iter::once(&phrase).chain(&spellings) {
            if let Some(o) = out.iter().find(|o| all(o).contains(p)) {
                return Err(at(&format!("the same phrase as `{}`", o.name)));
            }
        }
        let rank = |p: Place| match p {
            Place::Adjective => 0,
            Place::Clause => 1,
            Place::Band => 2,
            Place::Noun => 3,
        };
        if out.iter().any(|o| rank(o.place) > rank(place)) {
            return Err(at(
                "adjectives come before clauses, clauses before Band filters and those before nouns, in the table (the canonical order)",
            ));
        }
        out.push(Filter {
            name: f.name.clone(),
            phrase,
            place,
            needs,
            spellings,
            host,
            plural: f.plural.clone(),
            doc: f.doc.clone(),
            example: f.example.clone(),
        });
    }
    Ok(out)
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The filter rules of `grammar/vocabulary.pest`: `filter_adj`, `filter_clause` and one
/// `f_<name>` per row.
pub fn pest(t: &Table) -> String {
    if t.filters.is_empty() {
        return String::new();
    }
    let mut o = String::new();
    o.push_str("\n// The filters of a target or group: adjectives before its kind (`filter_adj`), clauses\n// after its controller (`filter_clause`), one rule per filter.\n\n");
    for (head, place) in [
        ("filter_adj", Place::Adjective),
        ("filter_clause", Place::Clause),
        ("filter_noun", Place::Noun),
    ] {
        let rows: Vec<&Filter> = t
            .filters
            .iter()
            .filter(|f| f.place == place || (place == Place::Clause && f.place == Place::Band))
            .collect();
        if rows.is_empty() {
            let _ = writeln!(o, "{head} = {{ !ANY ~ ANY }}");
            continue;
        }
        let rows: Vec<(String, &Phrase, &[Phrase])> = rows
            .iter()
            .map(|f| (f.rule(), &f.phrase, f.spellings.as_slice()))
            .collect();
        // The clauses are tried after every target and group, where there is usually none;
        // each starts with a word (`with`, `in`), so a lookahead for those words fails at once.
        o.push_str(&phrase_rules_with_spellings(
            t,
            head,
            &rows,
            place == Place::Clause,
        ));
    }
    o
}

fn ast_type(s: Slot) -> &'static str {
    match s {
        Slot::Morality | Slot::Drive => "crate::ast::Spanned<String>",
        _ => "crate::ast::Number",
    }
}

/// The AST's `Filter` and its builder, for `crates/cardc-syntax/src/vocabulary.rs`.
pub fn syntax(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("/// The filters of a target or group, one per `[[filter]]` row of the table.\n#[derive(Debug, Clone, PartialEq, Eq, Hash)]\npub enum Filter {\n");
    for f in &t.filters {
        let shape = match f.slot() {
            Some((_, s)) => format!("({})", ast_type(s)),
            None => String::new(),
        };
        let _ = writeln!(o, "/// `{}`\n{}{shape},", f.phrase.doc(), pascal(&f.name));
    }
    o.push_str("}\n\n");
    o.push_str("impl SentenceBuilder {\n/// The filter `p` (an alternative of `filter_adj` or `filter_clause`), or `None` if `p` is\n/// not one or lacks a part the grammar guarantees.\npub(crate) fn filter_form(&self, p: &P<'_>) -> Option<Filter> {\nSome(match p.as_rule() {\n");
    for f in &t.filters {
        let body = match f.slot() {
            Some((_, s)) => format!("({})", s.build()),
            None => String::new(),
        };
        let _ = writeln!(
            o,
            "Rule::{} => Filter::{}{body},",
            f.rule(),
            pascal(&f.name)
        );
    }
    o.push_str("_ => return None,\n})\n}\n}\n\n");
    o
}

/// The `describe` arms of the filter rules (inside the generated `describe`).
pub fn describe_arms(t: &Table) -> String {
    let mut o = String::new();
    for (head, place, shown) in [
        (
            "filter_adj",
            Place::Adjective,
            "an adjective such as `Fallen` or `Ruthless`",
        ),
        (
            "filter_clause",
            Place::Clause,
            "a filter such as `with Rank 2 or less`",
        ),
        (
            "filter_noun",
            Place::Noun,
            "a kind of card such as `Character`, `Ground Unit` or `permanent`",
        ),
    ] {
        let mut rules = vec![format!("Rule::{head}")];
        rules.extend(
            t.filters
                .iter()
                .filter(|f| f.place == place || (place == Place::Clause && f.place == Place::Band))
                .map(|f| format!("Rule::{}", f.rule())),
        );
        let _ = writeln!(
            o,
            "{} => (EXPECTED_WORD, \"{shown}\", 3),",
            rules.join(" | ")
        );
    }
    o
}

fn ir_type(s: Slot) -> &'static str {
    match s {
        Slot::Morality => "crate::vocab::Morality",
        Slot::Drive => "crate::vocab::Drive",
        _ => "u32",
    }
}

/// The `format!` argument printing the slot bound as `x`.
fn print_slot(slot: Slot) -> &'static str {
    match slot {
        Slot::Morality | Slot::Drive => "x.name()",
        _ => "x",
    }
}

/// The IR's `Filter`, `Filters` and `FilterNeeds`, for `crates/cardc-ir/src/vocabulary.rs`.
pub fn ir(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// A filter of a target or group: one variant per `[[filter]]` row, in table order.\n#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]\npub enum Filter {\n");
    for f in &t.filters {
        let shape = match f.slot() {
            Some((_, s)) => format!("({})", ir_type(s)),
            None => String::new(),
        };
        let _ = writeln!(
            o,
            "/// `{}`: {}\n{}{shape},",
            f.phrase.doc(),
            f.doc,
            pascal(&f.name)
        );
    }
    o.push_str("}\n\n");
    o.push_str("/// What every permanent a filter can match must be, or it never matches its kind.\n#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum FilterNeeds {\n/// Something only Characters print: Morality, Drives, a Prime face (§7.1, §7.2, §7.7; `E0220`).\nCharacter,\n/// CP: a Character (§7.3, `E0151`).\nCp,\n/// A numeric Rank: never a Character's `X` (§7.9), never a Device (`E0220`).\nRank,\n/// Vox: printed on Characters and Ground Units (§7.9a, `E0220`).\nVox,\n/// Liberation counters: never on a Character (§7.9, `E0152`).\nCounters,\n/// A numeric DEF: never a Character's `X` (§7.5, §19.8; `E0220`).\nDef,\n}\n\n");
    o.push_str("/// What the card printing a Band filter must be for it to mean anything (ruling R107).\n#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum FilterHost {\n/// A card in a Band of its own: a permanent of the Map, never a Maneuver or a Storyline (`E0245`).\nBand,\n/// A Storyline, whose Bound is in a Band (`E0245`).\nStoryline,\n}\n\n");
    let arm = |f: &crate::filters::Filter| {
        let rest = if f.slot().is_some() { "(..)" } else { "" };
        format!("Filter::{}{rest}", pascal(&f.name))
    };
    o.push_str("impl Filter {\n");
    let names: Vec<String> = t
        .filters
        .iter()
        .map(|f| format!("\"{}\"", pascal(&f.name)))
        .collect();
    let _ = writeln!(o, "/// Every filter's name, in table order.\npub const NAMES: &'static [&'static str] = &[{}];\n", names.join(", "));
    let ex: Vec<String> = t
        .filters
        .iter()
        .map(|f| format!("(\"{}\", \"{}\")", pascal(&f.name), esc(&f.example)))
        .collect();
    let _ = writeln!(o, "/// Every filter's name with its example sentence, in table order.\npub const EXAMPLES: &'static [(&'static str, &'static str)] = &[{}];\n", ex.join(", "));
    o.push_str("/// The filter's name (its variant).\npub fn name(&self) -> &'static str {\nmatch self {\n");
    for f in &t.filters {
        let _ = writeln!(o, "{} => \"{}\",", arm(f), pascal(&f.name));
    }
    o.push_str("}\n}\n\n");
    o.push_str("/// A noun written in place of the kind (`garrison`, ruling R117): its singular and plural.\npub fn noun(&self) -> Option<(&'static str, &'static str)> {\nmatch self {\n");
    for f in &t.filters {
        match &f.plural {
            Some(plural) => {
                let one: Vec<String> = f
                    .phrase
                    .toks
                    .iter()
                    .filter_map(|t| match t {
                        Tok::Word(w) | Tok::Verb(w) => Some(w.replace('_', " ")),
                        _ => None,
                    })
                    .collect();
                let _ = writeln!(
                    o,
                    "{} => Some((\"{}\", \"{}\")),",
                    arm(f),
                    esc(&one.join(" ")),
                    esc(&plural.replace('_', " "))
                );
            }
            None => {
                let _ = writeln!(o, "{} => None,", arm(f));
            }
        }
    }
    o.push_str("}\n}\n\n");
    o.push_str("/// Whether it is written before the kind (`Fallen`, `Ruthless`); else after the\n/// controller (`with Rank 2 or less`) or in place of the kind (a noun).\npub fn adjective(&self) -> bool {\nmatch self {\n");
    for f in &t.filters {
        let _ = writeln!(o, "{} => {},", arm(f), f.place == Place::Adjective);
    }
    o.push_str("}\n}\n\n");
    o.push_str("/// What the permanents it can match must be (`None`: any permanent).\npub fn needs(&self) -> Option<FilterNeeds> {\nmatch self {\n");
    for f in &t.filters {
        let r = match f.needs {
            Some(n) => format!("Some(FilterNeeds::{})", n.variant()),
            None => "None".into(),
        };
        let _ = writeln!(o, "{} => {r},", arm(f));
    }
    o.push_str("}\n}\n\n");
    o.push_str("/// What the card printing it must be (`None`: any card); a Band filter's (ruling R107).\npub fn host(&self) -> Option<FilterHost> {\nmatch self {\n");
    for f in &t.filters {
        let r = match f.host {
            Some(h) => format!("Some(FilterHost::{})", h.variant()),
            None => "None".into(),
        };
        let _ = writeln!(o, "{} => {r},", arm(f));
    }
    o.push_str("}\n}\n\n");
    o.push_str("/// The canonical text: `with Rank 2 or less`, `Ruthless`.\npub fn text(&self) -> String {\nmatch self {\n");
    for f in &t.filters {
        let mut fmt = Vec::new();
        let mut arg = None;
        for tok in &f.phrase.toks {
            match tok {
                Tok::Slot { slot, .. } => {
                    fmt.push("{}".to_owned());
                    arg = Some(print_slot(*slot));
                }
                Tok::Word(w) | Tok::Verb(w) => fmt.push(w.replace('_', " ")),
                Tok::Agree { one, .. } => fmt.push(one.replace('_', " ")),
            }
        }
        let f_ = esc(&fmt.join(" "));
        let (pat, body) = match arg {
            Some(a) if f_ == "{}" => (
                format!("Filter::{}(x)", pascal(&f.name)),
                format!("{a}.to_string()"),
            ),
            Some(a) => (
                format!("Filter::{}(x)", pascal(&f.name)),
                format!("format!(\"{f_}\", {a})"),
            ),
            None => (arm(f), format!("\"{f_}\".to_owned()")),
        };
        let _ = writeln!(o, "{pat} => {body},");
    }
    o.push_str("}\n}\n}\n\n");
    // The set.
    o.push_str("/// The filters of one target or group: at most one of each row, held in table order (the\n/// canonical order they print in).\n#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]\npub struct Filters {\n");
    for f in &t.filters {
        let ty = match f.slot() {
            Some((_, s)) => format!("Option<{}>", ir_type(s)),
            None => "bool".to_owned(),
        };
        let _ = writeln!(o, "/// `{}`\npub {}: {ty},", f.phrase.doc(), f.name);
    }
    o.push_str("}\n\n");
    o.push_str("impl Filters {\n/// No filter.\npub const NONE: Filters = Filters {\n");
    for f in &t.filters {
        let v = if f.slot().is_some() { "None" } else { "false" };
        let _ = writeln!(o, "{}: {v},", f.name);
    }
    o.push_str("};\n\n");
    o.push_str("/// Adds `f`; `false` (and no change) if a filter of its row is already there.\npub fn insert(&mut self, f: Filter) -> bool {\nmatch f {\n");
    for f in &t.filters {
        let v = pascal(&f.name);
        let n = &f.name;
        if f.slot().is_some() {
            let _ = writeln!(o, "Filter::{v}(x) => {{ if self.{n}.is_some() {{ return false; }} self.{n} = Some(x); }}");
        } else {
            let _ = writeln!(
                o,
                "Filter::{v} => {{ if self.{n} {{ return false; }} self.{n} = true; }}"
            );
        }
    }
    o.push_str("}\ntrue\n}\n\n");
    o.push_str("/// The filters, in table order.\npub fn list(&self) -> Vec<Filter> {\nlet mut out = Vec::new();\n");
    for f in &t.filters {
        let v = pascal(&f.name);
        let n = &f.name;
        if f.slot().is_some() {
            let _ = writeln!(
                o,
                "if let Some(x) = self.{n} {{ out.push(Filter::{v}(x)); }}"
            );
        } else {
            let _ = writeln!(o, "if self.{n} {{ out.push(Filter::{v}); }}");
        }
    }
    o.push_str("out\n}\n\n/// Whether there is none.\npub fn is_empty(&self) -> bool {\n*self == Filters::NONE\n}\n}\n");
    o
}

/// The lowering of filters, for `crates/cardc-lower/src/vocabulary.rs`.
pub fn lower(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\nimpl Lowerer {\n/// A filter of the AST as the IR's.\npub(super) fn filter(&mut self, f: &ast::Filter) -> Option<cardc_ir::Filter> {\nSome(match f {\n");
    for f in &t.filters {
        let v = pascal(&f.name);
        match f.slot() {
            Some((_, s)) => {
                let _ = writeln!(
                    o,
                    "ast::Filter::{v}(x) => cardc_ir::Filter::{v}({}),",
                    s.lower("x")
                );
            }
            None => {
                let _ = writeln!(o, "ast::Filter::{v} => cardc_ir::Filter::{v},");
            }
        }
    }
    o.push_str("})\n}\n}\n");
    o
}

/// The codegen of filters, for `crates/cardc-codegen/src/vocabulary.rs`.
pub fn codegen(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// The engine's filter set for a filter set of the IR: `engine::Filters::NONE` with the\n/// fields it sets.\npub fn filters(f: &cardc_ir::Filters) -> TokenStream {\nlet mut fields: Vec<TokenStream> = Vec::new();\n");
    for f in &t.filters {
        let n = &f.name;
        match f.slot() {
            Some((_, s)) => {
                let expr = match s {
                    Slot::Morality | Slot::Drive => "crate::lit::vocab(x)",
                    _ => "num(x)",
                };
                let _ = writeln!(o, "if let Some(x) = f.{n} {{ let v = {expr}; fields.push(quote!({n}: Some(#v))); }}");
            }
            None => {
                let _ = writeln!(o, "if f.{n} {{ fields.push(quote!({n}: true)); }}");
            }
        }
    }
    o.push_str("if fields.is_empty() {\nquote!(engine::Filters::NONE)\n} else {\nquote!(engine::Filters { #(#fields,)* ..engine::Filters::NONE })\n}\n}\n");
    o
}

fn engine_type(s: Slot) -> &'static str {
    match s {
        Slot::Morality => "cardc_types::Morality",
        Slot::Drive => "cardc_types::Drive",
        _ => "u32",
    }
}

/// The engine's `Filter` and `Filters`, for `crates/cardc-engine/src/vocabulary.rs`.
pub fn engine(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// A filter of a target or group: one variant per filter of the table. Whether a\n/// permanent passes each is the engine's rules logic (`Game::passes`, one arm per variant).\n#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]\npub enum Filter {\n");
    for f in &t.filters {
        let shape = match f.slot() {
            Some((_, s)) => format!("({})", engine_type(s)),
            None => String::new(),
        };
        let _ = writeln!(
            o,
            "/// `{}`: {}\n{}{shape},",
            f.phrase.doc(),
            f.doc,
            pascal(&f.name)
        );
    }
    o.push_str("}\n\n");
    o.push_str("/// The filters of one selector: at most one of each row (`Filters::NONE`: none).\n#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]\npub struct Filters {\n");
    for f in &t.filters {
        let ty = match f.slot() {
            Some((_, s)) => format!("Option<{}>", engine_type(s)),
            None => "bool".to_owned(),
        };
        let _ = writeln!(o, "/// `{}`\npub {}: {ty},", f.phrase.doc(), f.name);
    }
    o.push_str("}\n\nimpl Filters {\n/// No filter.\npub const NONE: Filters = Filters {\n");
    for f in &t.filters {
        let v = if f.slot().is_some() { "None" } else { "false" };
        let _ = writeln!(o, "{}: {v},", f.name);
    }
    o.push_str("};\n\n/// Whether `pass` holds for every filter set here, in table order.\npub fn all(self, mut pass: impl FnMut(Filter) -> bool) -> bool {\n");
    for f in &t.filters {
        let v = pascal(&f.name);
        let n = &f.name;
        if f.slot().is_some() {
            let _ = writeln!(
                o,
                "if let Some(x) = self.{n} {{ if !pass(Filter::{v}(x)) {{ return false; }} }}"
            );
        } else {
            let _ = writeln!(o, "if self.{n} && !pass(Filter::{v}) {{ return false; }}");
        }
    }
    o.push_str(
        "true\n}\n}\n\nimpl Default for Filters {\nfn default() -> Self {\nFilters::NONE\n}\n}\n",
    );
    o
}

/// The filters table of `docs/language.md` (between its markers).
pub fn language_doc(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("| Filter | Written | Example | Meaning |\n| --- | --- | --- | --- |\n");
    for f in &t.filters {
        let place = match f.place {
            Place::Adjective => "before the kind",
            Place::Clause => "after the controller",
            Place::Band => "last, after the clauses",
            Place::Noun => "in place of the kind",
        };
        let meaning = crate::emit::with_spellings(&f.doc, &f.spellings);
        let _ = writeln!(
            o,
            "| `{}` | {place} | `{}` | {meaning} |",
            f.phrase.doc(),
            f.example
        );
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(phrase: &str, spellings: &[&str]) -> RawFilter {
        RawFilter {
            name: "cp_or_less".to_owned(),
            phrase: phrase.to_owned(),
            place: "clause".to_owned(),
            needs: None,
            spellings: spellings.iter().map(|s| (*s).to_owned()).collect(),
            host: None,
            plural: None,
            doc: "A Character with N CP or less.".to_owned(),
            example: "Destroy target Character with 2 or less CP.".to_owned(),
        }
    }

    #[test]
    fn a_spelling_is_read_with_the_same_slots() {
        let rows = read(&[row(
            "with {n:amount} or_less CP",
            &["with CP {n:amount} or_less"],
        )]);
        let f = rows.map(|r| r[0].spellings.len());
        assert_eq!(f, Ok(1));
    }

    #[test]
    fn a_spelling_with_other_slots_is_refused() {
        let e = read(&[row("with {n:amount} or_less CP", &["with no CP"])]);
        assert!(e.is_err_and(|m| m.contains("other slots")));
    }

    #[test]
    fn a_spelling_written_twice_or_as_the_phrase_is_refused() {
        let e = read(&[row(
            "with {n:amount} or_less CP",
            &["with {n:amount} or_less CP"],
        )]);
        assert!(e.is_err_and(|m| m.contains("twice")));
    }

    #[test]
    fn a_clause_spelling_opens_with_with() {
        let e = read(&[row(
            "with {n:amount} or_less CP",
            &["CP {n:amount} or_less"],
        )]);
        assert!(e.is_err_and(|m| m.contains("opens with `with`")));
    }
}
