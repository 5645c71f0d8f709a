//! The statics' part of every derived file: one function per file, each returning the text
//! the file's emitter (`emit.rs`) appends. Statics are `[[static]]` rows: what a static
//! ability does to its subject for as long as its card is on the Map (`+1 RK.`, `Ground
//! Units you control get +1 DEF.`, §7.5). The subject (`this card`, `the Bound`, a group)
//! and the verb (`gets`/`get`, left out on `this card`) are the hand-written frame
//! `static_ability` of `grammar/cards.pest`; a row is the predicate after the verb.

use std::fmt::Write;

use serde::Deserialize;

use crate::emit::{self, phrase_rules};
use crate::phrase::{pascal, Phrase, Slot};
use crate::table::{is_snake, Table};

/// One `[[static]]` row as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawStatic {
    name: String,
    phrase: String,
    #[serde(default)]
    needs: Option<String>,
    /// `gets` (left out), `subject` or `object`: where the subject goes (a prohibition,
    /// `crate::prohibitions`).
    #[serde(default)]
    frame: Option<String>,
    /// What a prohibition's subject must be for it ever to apply (`rank`, `unit`,
    /// `counters`); prohibitions only.
    #[serde(default)]
    on: Option<String>,
    doc: String,
    example: String,
}

/// What a static's subject must have for the static ever to apply (`E0153`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaticNeeds {
    /// The stat of its `stat` slot: RK on a permanent that prints a Rank, DEF on one that
    /// prints DEF (§7.5, §7.9).
    Stat,
}

/// One static row.
#[derive(Debug, Clone)]
pub struct Static {
    /// `bonus`: `StaticKind::Bonus` in the AST, the IR and the engine, the grammar rule
    /// `st_bonus`.
    pub name: String,
    /// The printed predicate, with typed slots.
    pub phrase: Phrase,
    /// What its subject must have.
    pub needs: Option<StaticNeeds>,
    /// One line of documentation.
    pub doc: String,
    /// A whole sentence using it.
    pub example: String,
    /// Where its subject goes: after `<subject> gets` (a bonus) or around a prohibition's
    /// own verb.
    pub frame: crate::prohibitions::Frame,
    /// What a prohibition's subject must be.
    pub on: Option<crate::prohibitions::On>,
}

impl Static {
    /// Its grammar rule.
    pub fn rule(&self) -> String {
        format!("st_{}", self.name)
    }
}

const SLOTS: &[Slot] = &[Slot::Signed, Slot::Stat, Slot::Countable];

/// Reads and checks the static rows.
pub fn read(raw: &[RawStatic]) -> Result<Vec<Static>, String> {
    let mut out: Vec<Static> = Vec::new();
    for s in raw {
        let at = |m: &str| format!("static `{}`: {m}", s.name);
        if !is_snake(&s.name) {
            return Err(at("the name is not snake_case"));
        }
        if out.iter().any(|o| o.name == s.name) {
            return Err(at("declared twice"));
        }
        let phrase =
            crate::prohibitions::parse_phrase(&s.phrase, s.frame.as_deref()).map_err(|m| at(&m))?;
        for (name, slot) in phrase.slots() {
            if !SLOTS.contains(&slot) {
                return Err(at(&format!(
                    "slot `{name}`: a static's slots are signed, stat and countable"
                )));
            }
        }
        if s.doc.trim().is_empty() {
            return Err(at("no `doc` line"));
        }
        if !s.example.trim_end().ends_with('.') {
            return Err(at("the `example` must be a whole sentence ending in `.`"));
        }
        let needs = match s.needs.as_deref() {
            None => None,
            Some("stat") => Some(StaticNeeds::Stat),
            Some(other) => return Err(at(&format!("unknown `needs = \"{other}\"`"))),
        };
        if needs == Some(StaticNeeds::Stat) && !phrase.slots().any(|(_, t)| t == Slot::Stat) {
            return Err(at("`needs = \"stat\"` without a `stat` slot"));
        }
        if let Some(o) = out.iter().find(|o| o.phrase == phrase) {
            return Err(at(&format!("the same phrase as `{}`", o.name)));
        }
        let (frame, on) = crate::prohibitions::read(s.frame.as_deref(), s.on.as_deref(), &phrase)
            .map_err(|m| at(&m))?;
        out.push(Static {
            name: s.name.clone(),
            phrase,
            needs,
            doc: s.doc.clone(),
            example: s.example.clone(),
            frame,
            on,
        });
    }
    if out.is_empty() {
        return Err("the table has no statics".into());
    }
    Ok(out)
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `{ .. }` or nothing.
fn rest(s: &Static) -> &'static str {
    if s.phrase.slots().count() == 0 {
        ""
    } else {
        " { .. }"
    }
}

/// The static rules of `grammar/vocabulary.pest`: `static_kind` and one `st_<name>` per row.
pub fn pest(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n// What a static does to its subject (`+1 RK`, `… get +1 DEF`), one rule per static; the\n// subject and the verb are the frame `static_ability` of cards.pest.\n\n");
    let rows: Vec<(String, &Phrase)> = t
        .statics
        .iter()
        .filter(|s| s.frame == crate::prohibitions::Frame::Gets)
        .map(|s| (s.rule(), &s.phrase))
        .collect();
    o.push_str(&phrase_rules(t, "static_kind", &rows));
    o.push_str(&crate::prohibitions::pest(t));
    o
}

fn ast_type(s: Slot) -> &'static str {
    match s {
        Slot::Stat => "crate::ast::Spanned<String>",
        Slot::Countable => "crate::ast::Spanned<crate::ast::Countable>",
        _ => "crate::ast::Number",
    }
}

/// The AST's `StaticKind` and its builder, for `crates/cardc-syntax/src/vocabulary.rs`.
pub fn syntax(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("/// What a static does to its subject, one variant per `[[static]]` row of the table.\n#[derive(Debug, Clone, PartialEq, Eq)]\npub enum StaticKind {\n");
    for s in &t.statics {
        let _ = writeln!(
            o,
            "/// `{}`\n{}{},",
            s.phrase.doc(),
            pascal(&s.name),
            emit::shape(&s.phrase, true, ast_type)
        );
    }
    o.push_str("}\n\n");
    o.push_str("impl SentenceBuilder {\n/// The static `p` (an alternative of `static_kind`), or `None` if `p` is not one or\n/// lacks a part the grammar guarantees (reported by the caller as an internal error).\npub(crate) fn static_form(&self, p: &P<'_>) -> Option<StaticKind> {\nSome(match p.as_rule() {\n");
    for s in &t.statics {
        let fields: Vec<String> = s
            .phrase
            .slots()
            .map(|(n, t)| format!("{n}: {}", t.build()))
            .collect();
        let body = if fields.is_empty() {
            String::new()
        } else {
            format!(" {{ {} }}", fields.join(", "))
        };
        let _ = writeln!(
            o,
            "Rule::{} => StaticKind::{}{body},",
            s.rule(),
            pascal(&s.name)
        );
    }
    o.push_str("_ => return None,\n})\n}\n}\n\n");
    o
}

/// The `describe` arm of the static rules (inside the generated `describe`).
pub fn describe_arms(t: &Table) -> String {
    let mut head = vec!["Rule::static_kind".to_owned()];
    head.extend(
        t.statics
            .iter()
            .filter(|s| s.frame == crate::prohibitions::Frame::Gets)
            .map(|s| format!("Rule::{}", s.rule())),
    );
    format!(
        "{} => (crate::codes::BAD_STATIC, \"a static such as `+1 RK`\", 4),\n{}",
        head.join(" | "),
        crate::prohibitions::describe_arm(t)
    )
}

fn ir_type(s: Slot) -> &'static str {
    match s {
        Slot::Stat => "crate::vocab::BonusStat",
        Slot::Countable => "crate::Countable",
        _ => "i32",
    }
}

/// The `format!` argument printing slot `name` (bound by reference).
fn print_slot(name: &str, slot: Slot) -> String {
    match slot {
        Slot::Signed => format!("crate::text::signed(*{name})"),
        Slot::Countable => format!("{name}.printed()"),
        _ => name.to_owned(),
    }
}

/// The IR's `StaticKind`, its printer and facts, for `crates/cardc-ir/src/vocabulary.rs`.
pub fn ir(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// What a static does to its subject while its card is on the Map (§7.5), one variant per\n/// `[[static]]` row.\n#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]\npub enum StaticKind {\n");
    for s in &t.statics {
        let _ = writeln!(
            o,
            "/// `{}`: {}\n{}{},",
            s.phrase.doc(),
            s.doc,
            pascal(&s.name),
            emit::shape(&s.phrase, true, ir_type)
        );
    }
    o.push_str("}\n\nimpl StaticKind {\n");
    let ex: Vec<String> = t
        .statics
        .iter()
        .map(|s| format!("(\"{}\", \"{}\")", pascal(&s.name), esc(&s.example)))
        .collect();
    let _ = writeln!(o, "/// Every static's name with its example sentence, in table order.\npub const EXAMPLES: &'static [(&'static str, &'static str)] = &[{}];\n", ex.join(", "));
    o.push_str("/// The static's name (its variant).\npub fn name(&self) -> &'static str {\nmatch self {\n");
    for s in &t.statics {
        let v = pascal(&s.name);
        let _ = writeln!(o, "StaticKind::{v}{} => \"{v}\",", rest(s));
    }
    o.push_str("}\n}\n\n/// The stat its subject must print for it ever to apply (`E0153`), if it needs one.\npub fn stat(&self) -> Option<crate::vocab::BonusStat> {\nmatch self {\n");
    for s in &t.statics {
        let v = pascal(&s.name);
        match (s.needs, s.phrase.slots().find(|(_, t)| *t == Slot::Stat)) {
            (Some(StaticNeeds::Stat), Some((n, _))) => {
                let _ = writeln!(o, "StaticKind::{v} {{ {n}, .. }} => Some(*{n}),");
            }
            _ => {
                let _ = writeln!(o, "StaticKind::{v}{} => None,", rest(s));
            }
        }
    }
    o.push_str("}\n}\n\n/// The canonical text of the predicate, after its subject's verb: `+1 RK`.\npub fn text(&self) -> String {\nmatch self {\n");
    for s in &t.statics {
        let mut fmt = String::new();
        let mut args: Vec<String> = Vec::new();
        for (i, tok) in s.phrase.toks.iter().enumerate() {
            if i > 0 {
                fmt.push(' ');
            }
            match tok {
                crate::phrase::Tok::Slot { name, slot } => {
                    fmt.push_str("{}");
                    args.push(print_slot(name, *slot));
                }
                crate::phrase::Tok::Word(w) | crate::phrase::Tok::Verb(w) => {
                    fmt.push_str(&w.replace('_', " "))
                }
                crate::phrase::Tok::Agree { one, .. } => fmt.push_str(&one.replace('_', " ")),
            }
        }
        let body = if args.is_empty() {
            format!("\"{}\".to_owned()", esc(&fmt))
        } else {
            format!("format!(\"{}\", {})", esc(&fmt), args.join(", "))
        };
        let _ = writeln!(
            o,
            "StaticKind::{}{} => {body},",
            pascal(&s.name),
            emit::bind(&s.phrase, true, "")
        );
    }
    o.push_str("}\n}\n");
    o.push_str(&crate::prohibitions::ir(t));
    o.push_str("}\n");
    o
}

/// The lowering of statics, for `crates/cardc-lower/src/vocabulary.rs`. A static's stat is
/// read by `Lowerer::static_stat` (the statics' did-you-mean, `Rank` → `RK`).
pub fn lower(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\nimpl Lowerer {\n/// What a static of the AST does, as the IR's (`None`: a word it could not read, reported).\npub(super) fn static_kind(&mut self, s: &ast::StaticKind) -> Option<cardc_ir::StaticKind> {\nSome(match s {\n");
    for s in &t.statics {
        let v = pascal(&s.name);
        let mut lets = String::new();
        for (n, slot) in s.phrase.slots() {
            let expr = match slot {
                Slot::Stat => format!("self.static_stat({n})?"),
                Slot::Countable => format!("self.countable({n})?"),
                other => other.lower(n),
            };
            let _ = writeln!(lets, "let {n} = {expr};");
        }
        let _ = writeln!(
            o,
            "ast::StaticKind::{v}{} => {{\n{lets}cardc_ir::StaticKind::{v}{}\n}}",
            emit::bind(&s.phrase, true, ""),
            emit::bind(&s.phrase, true, "")
        );
    }
    o.push_str("})\n}\n}\n");
    o
}

/// The codegen of statics, for `crates/cardc-codegen/src/vocabulary.rs`.
pub fn codegen(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// The engine's value for what a static of the IR does.\npub fn static_kind(s: &cardc_ir::StaticKind) -> TokenStream {\nmatch s {\n");
    for s in &t.statics {
        let v = pascal(&s.name);
        let mut lets = String::new();
        let mut fields = Vec::new();
        for (n, slot) in s.phrase.slots() {
            let expr = match slot {
                Slot::Stat => format!("crate::lit::vocab(*{n})"),
                Slot::Countable => format!("crate::quantity::countable(*{n})"),
                _ => format!("crate::lit::signed(*{n})"),
            };
            let _ = writeln!(lets, "let a_{n} = {expr};");
            fields.push(format!("{n}: #a_{n}"));
        }
        let inner = if fields.is_empty() {
            String::new()
        } else {
            format!(" {{ {} }}", fields.join(", "))
        };
        let _ = writeln!(
            o,
            "cardc_ir::StaticKind::{v}{} => {{\n{lets}quote!(engine::StaticKind::{v}{inner})\n}}",
            emit::bind(&s.phrase, true, "")
        );
    }
    o.push_str("}\n}\n");
    o
}

fn engine_type(s: Slot) -> &'static str {
    match s {
        Slot::Stat => "crate::card::BonusStat",
        Slot::Countable => "crate::quantity::Countable",
        _ => "i32",
    }
}

/// The engine's `StaticKind`, for `crates/cardc-engine/src/vocabulary.rs`. What each does
/// is the engine's rules logic (`StaticKind::bonus` in `statics.rs`, one arm per variant).
pub fn engine(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// What a static does to the permanents its subject covers, one variant per static of the\n/// table. What each means is the engine's rules logic (`StaticKind::bonus`, one arm per\n/// variant).\n#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]\npub enum StaticKind {\n");
    for s in &t.statics {
        let _ = writeln!(
            o,
            "/// `{}`: {}\n{}{},",
            s.phrase.doc(),
            s.doc,
            pascal(&s.name),
            emit::shape(&s.phrase, true, engine_type)
        );
    }
    o.push_str("}\n");
    o
}

/// The statics table of `docs/language.md` (between its markers).
pub fn language_doc(t: &Table) -> String {
    emit::doc_table(
        "Static (after `<subject> gets`)",
        t.statics
            .iter()
            .map(|s| (&s.phrase, s.example.as_str(), s.doc.as_str())),
    )
}
