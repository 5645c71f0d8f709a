//! The conditions' part of every derived file: one function per file, each returning the
//! text the file's emitter (`emit.rs`) appends. Conditions are `[[condition]]` rows: what an
//! intervening `if` of a trigger (`Whenever …, if <condition>, …`) requires, read as the
//! event happens and again as the trigger resolves (ruling R36).

use std::fmt::Write;

use serde::Deserialize;

use crate::emit;
use crate::phrase::{pascal, Phrase, Slot, Tok};
use crate::table::{is_snake, Table};

/// One `[[condition]]` row as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCondition {
    name: String,
    phrase: String,
    #[serde(default)]
    needs: Option<String>,
    /// Other ways designers write it (`there are no Liberation counters on this_card`), read
    /// as the row and printed as its `phrase`.
    #[serde(default)]
    spellings: Vec<String>,
    doc: String,
    example: String,
}

/// What the card printing a condition about itself must be, or the condition can never hold
/// (`E0151`, `E0152`, `E0180`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConditionNeeds {
    /// CP: a Character (§7.3).
    Cp,
    /// A numeric Rank: a permanent printing Rank, never a Character's `X` (§7.9).
    Rank,
    /// Liberation counters: a permanent with Rank that is not a Character (§7.9).
    Counters,
    /// Being a garrison: a Character or Ground Unit (§12.4, ruling R4).
    Garrison,
    /// Printed Vox: a Character or Ground Unit (§7.9a).
    Vox,
}

impl ConditionNeeds {
    fn variant(self) -> &'static str {
        match self {
            ConditionNeeds::Cp => "Cp",
            ConditionNeeds::Rank => "Rank",
            ConditionNeeds::Counters => "Counters",
            ConditionNeeds::Garrison => "Garrison",
            ConditionNeeds::Vox => "Vox",
        }
    }
}

/// One condition row.
#[derive(Debug, Clone)]
pub struct Condition {
    /// `you_have_currency`: `Condition::YouHaveCurrency` in the AST (`Cond`), the IR and the
    /// engine, the grammar rule `cd_you_have_currency`.
    pub name: String,
    /// The printed form, with typed slots.
    pub phrase: Phrase,
    /// What the card printing it must be.
    pub needs: Option<ConditionNeeds>,
    /// Other spellings, with the same slots: read as the row, never printed.
    pub spellings: Vec<Phrase>,
    /// One line of documentation.
    pub doc: String,
    /// A whole sentence using it.
    pub example: String,
}

impl Condition {
    /// Its grammar rule.
    pub fn rule(&self) -> String {
        format!("cd_{}", self.name)
    }
}

const SLOTS: &[Slot] = &[Slot::Amount, Slot::Kind, Slot::Kinds, Slot::Permanents];

/// Reads and checks the condition rows.
pub fn read(raw: &[RawCondition]) -> Result<Vec<Condition>, String> {
    let mut out: Vec<Condition> = Vec::new();
    for c in raw {
        let at = |m: &str| format!("condition `{}`: {m}", c.name);
        if !is_snake(&c.name) {
            return Err(at("the name is not snake_case"));
        }
        if out.iter().any(|o| o.name == c.name) {
            return Err(at("declared twice"));
        }
        let phrase = Phrase::parse(&c.phrase).map_err(|m| at(&m))?;
        for (name, slot) in phrase.slots() {
            if !SLOTS.contains(&slot) {
                return Err(at(&format!(
                    "slot `{name}`: a condition's slots are amount, kind, kinds and permanents"
                )));
            }
        }
        let mut rules: Vec<&str> = phrase.slots().map(|s| s.1.rule()).collect();
        rules.sort_unstable();
        if rules.windows(2).any(|w| w[0] == w[1]) {
            return Err(at("two slots read by the same grammar rule"));
        }
        if phrase.toks.iter().any(|t| matches!(t, Tok::Agree { .. })) {
            return Err(at(
                "a condition's words do not agree with a number (`one|many`)",
            ));
        }
        if c.doc.trim().is_empty() {
            return Err(at("no `doc` line"));
        }
        if !c.example.trim_end().ends_with('.') {
            return Err(at("the `example` must be a whole sentence ending in `.`"));
        }
        let needs = match c.needs.as_deref() {
            None => None,
            Some("cp") => Some(ConditionNeeds::Cp),
            Some("rank") => Some(ConditionNeeds::Rank),
            Some("counters") => Some(ConditionNeeds::Counters),
            Some("garrison") => Some(ConditionNeeds::Garrison),
            Some("vox") => Some(ConditionNeeds::Vox),
            Some(other) => return Err(at(&format!("unknown `needs = \"{other}\"`"))),
        };
        let about_this = matches!(phrase.toks.first(), Some(Tok::Word(w)) if w == "this_card");
        if needs.is_some() && !about_this {
            return Err(at("`needs` is for conditions about `this card`"));
        }
        let spellings = crate::phrase::spellings(&phrase, &c.spellings).map_err(|m| at(&m))?;
        for p in std::iter::once(&phrase).chain(&spellings) {
            if let Some(o) = out
                .iter()
                .find(|o| o.phrase == *p || o.spellings.contains(p))
            {
                return Err(at(&format!("the same phrase as `{}`", o.name)));
            }
        }
        out.push(Condition {
            name: c.name.clone(),
            phrase,
            needs,
            spellings,
            doc: c.doc.clone(),
            example: c.example.clone(),
        });
    }
    Ok(out)
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn slots(c: &Condition) -> Vec<(&str, Slot)> {
    c.phrase.slots().collect()
}

/// The condition rules of `grammar/vocabulary.pest`: `cond` and one `cd_<name>` per row.
pub fn pest(t: &Table) -> String {
    if t.conditions.is_empty() {
        return String::new();
    }
    let mut o = String::new();
    o.push_str("\n// The conditions of an intervening `if` (`Whenever <event>, if <condition>, …`), one\n// rule per condition.\n\n");
    let rows: Vec<(String, &Phrase, &[Phrase])> = t
        .conditions
        .iter()
        .map(|c| (c.rule(), &c.phrase, c.spellings.as_slice()))
        .collect();
    o.push_str(&emit::phrase_rules_with_spellings(t, "cond", &rows, false));
    o
}

fn ast_type(s: Slot) -> &'static str {
    match s {
        Slot::Kind | Slot::Kinds => "crate::ast::Spanned<String>",
        _ => "crate::ast::Number",
    }
}

/// The AST's `Cond` and its builder, for `crates/cardc-syntax/src/vocabulary.rs`.
pub fn syntax(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("/// The conditions of an intervening `if`, one per `[[condition]]` row of the table.\n#[derive(Debug, Clone, PartialEq, Eq)]\npub enum Cond {\n");
    for c in &t.conditions {
        let _ = writeln!(
            o,
            "/// `{}`\n{}{},",
            c.phrase.doc(),
            pascal(&c.name),
            emit::shape(&c.phrase, true, ast_type)
        );
    }
    o.push_str("}\n\n");
    o.push_str("impl SentenceBuilder {\n/// The condition `p` (an alternative of `cond`), or `None` if `p` is not one or lacks a\n/// part the grammar guarantees.\npub(crate) fn cond_form(&self, p: &P<'_>) -> Option<Cond> {\nSome(match p.as_rule() {\n");
    for c in &t.conditions {
        let fields: Vec<String> = slots(c)
            .iter()
            .map(|(n, s)| format!("{n}: {}", s.build()))
            .collect();
        let body = if fields.is_empty() {
            String::new()
        } else {
            format!(" {{ {} }}", fields.join(", "))
        };
        let _ = writeln!(o, "Rule::{} => Cond::{}{body},", c.rule(), pascal(&c.name));
    }
    o.push_str("_ => return None,\n})\n}\n}\n\n");
    o
}

/// The `describe` arm of the condition rules (inside the generated `describe`).
pub fn describe_arms(t: &Table) -> String {
    let mut head = vec!["Rule::cond".to_owned()];
    head.extend(t.conditions.iter().map(|c| format!("Rule::{}", c.rule())));
    format!(
        "{} => (EXPECTED_WORD, \"a condition such as `you control a Homeworld` or `this card has 2 or less CP`\", 6),\n",
        head.join(" | ")
    )
}

fn ir_type(s: Slot) -> &'static str {
    match s {
        Slot::Kind | Slot::Kinds => "crate::vocab::PermanentKind",
        _ => "u32",
    }
}

/// The `format!` argument printing slot `name` (bound by reference).
fn print_slot(name: &str, slot: Slot) -> String {
    match slot {
        Slot::Kind => format!("{name}.name()"),
        Slot::Kinds => format!("{name}.plural()"),
        Slot::Permanents => format!("crate::text::count_word(*{name})"),
        _ => name.to_owned(),
    }
}

/// The IR's `Condition`, its printer and facts, for `crates/cardc-ir/src/vocabulary.rs`.
pub fn ir(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("/// A condition: what an intervening `if` requires (ruling R36).\n#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]\npub enum Condition {\n");
    for c in &t.conditions {
        let _ = writeln!(
            o,
            "/// `{}`: {}\n{}{},",
            c.phrase.doc(),
            c.doc,
            pascal(&c.name),
            emit::shape(&c.phrase, true, ir_type)
        );
    }
    o.push_str("}\n\n");
    o.push_str("/// What the card printing a condition about itself must be, or it can never hold.\n#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum ConditionNeeds {\n/// CP: a Character (§7.3, `E0151`).\nCp,\n/// A numeric Rank: a permanent printing Rank, never a Character's `X` (§7.9, `E0180`).\nRank,\n/// Liberation counters: a permanent with Rank, not a Character (§7.9, `E0152`).\nCounters,\n/// Being a garrison: a Character or Ground Unit (§12.4, ruling R4, `E0180`).\nGarrison,\n/// Printed Vox: a Character or Ground Unit (§7.9a, `E0180`).\nVox,\n}\n\n");
    o.push_str("impl Condition {\n");
    let names: Vec<String> = t
        .conditions
        .iter()
        .map(|c| format!("\"{}\"", pascal(&c.name)))
        .collect();
    let _ = writeln!(o, "/// Every condition's name, in table order.\npub const NAMES: &'static [&'static str] = &[{}];\n", names.join(", "));
    let ex: Vec<String> = t
        .conditions
        .iter()
        .map(|c| format!("(\"{}\", \"{}\")", pascal(&c.name), esc(&c.example)))
        .collect();
    let _ = writeln!(o, "/// Every condition's name with its example sentence, in table order.\npub const EXAMPLES: &'static [(&'static str, &'static str)] = &[{}];\n", ex.join(", "));
    o.push_str("/// The condition's name (its variant).\npub fn name(&self) -> &'static str {\nmatch self {\n");
    for c in &t.conditions {
        let rest = if slots(c).is_empty() { "" } else { " { .. }" };
        let _ = writeln!(
            o,
            "Condition::{}{rest} => \"{}\",",
            pascal(&c.name),
            pascal(&c.name)
        );
    }
    o.push_str("}\n}\n\n");
    o.push_str("/// What the card printing it must be (`None`: any card).\npub fn needs(&self) -> Option<ConditionNeeds> {\nmatch self {\n");
    for c in &t.conditions {
        let rest = if slots(c).is_empty() { "" } else { " { .. }" };
        let r = match c.needs {
            Some(n) => format!("Some(ConditionNeeds::{})", n.variant()),
            None => "None".into(),
        };
        let _ = writeln!(o, "Condition::{}{rest} => {r},", pascal(&c.name));
    }
    o.push_str("}\n}\n\n");
    o.push_str(&about_arms(t));
    o.push_str("/// The canonical text: `you control three or more Ground Units`.\npub fn text(&self) -> String {\nmatch self {\n");
    for c in &t.conditions {
        let mut fmt = Vec::new();
        let mut args = Vec::new();
        for tok in &c.phrase.toks {
            match tok {
                Tok::Slot { name, slot } => {
                    fmt.push("{}".to_owned());
                    args.push(print_slot(name, *slot));
                }
                Tok::Word(w) | Tok::Verb(w) => fmt.push(w.replace('_', " ")),
                Tok::Agree { one, .. } => fmt.push(one.replace('_', " ")),
            }
        }
        let f = esc(&fmt.join(" "));
        let body = if args.is_empty() {
            format!("\"{f}\".to_owned()")
        } else {
            format!("format!(\"{f}\", {})", args.join(", "))
        };
        let _ = writeln!(
            o,
            "Condition::{}{} => {body},",
            pascal(&c.name),
            emit::bind(&c.phrase, true, "")
        );
    }
    o.push_str("}\n}\n}\n");
    o
}

/// The card a condition reads, from the first word of its phrase: `this_card` (the card
/// printing it, none on a Maneuver: `E0203`) or `the_bound` (none but on a Storyline).
fn about(c: &Condition, word: &str) -> bool {
    matches!(c.phrase.toks.first(), Some(Tok::Word(w)) if w == word)
}

/// `Condition::about_this_card` and `Condition::about_the_bound`, inside the IR's `impl`.
fn about_arms(t: &Table) -> String {
    let mut o = String::new();
    for (f, word, doc) in [
        ("about_this_card", "this_card", "Whether it reads the card printing it (`this card …`): never true on a Maneuver, which is never on the Map (`E0203`)."),
        ("about_the_bound", "the_Bound", "Whether it reads the Bound (`the Bound …`): only a Storyline has one (`E0203`)."),
    ] {
        let yes: Vec<String> = t
            .conditions
            .iter()
            .filter(|c| about(c, word))
            .map(|c| {
                let rest = if slots(c).is_empty() { "" } else { " { .. }" };
                format!("Condition::{}{rest}", pascal(&c.name))
            })
            .collect();
        let body = if yes.is_empty() {
            "false".to_owned()
        } else {
            format!("matches!(self, {})", yes.join(" | "))
        };
        let _ = writeln!(o, "/// {doc}\npub fn {f}(&self) -> bool {{\n{body}\n}}\n");
    }
    o
}

/// The lowering of conditions, for `crates/cardc-lower/src/vocabulary.rs`.
pub fn lower(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\nimpl Lowerer {\n/// A condition of the AST as the IR's.\npub(super) fn condition(&mut self, c: &ast::Cond) -> Option<cardc_ir::Condition> {\nSome(match c {\n");
    for c in &t.conditions {
        let v = pascal(&c.name);
        let mut lets = String::new();
        for (n, s) in slots(c) {
            let _ = writeln!(lets, "let {n} = {};", s.lower(n));
        }
        let _ = writeln!(
            o,
            "ast::Cond::{v}{} => {{\n{lets}cardc_ir::Condition::{v}{}\n}}",
            emit::bind(&c.phrase, true, ""),
            emit::bind(&c.phrase, true, "")
        );
    }
    o.push_str("})\n}\n}\n");
    o
}

/// The codegen of conditions, for `crates/cardc-codegen/src/vocabulary.rs`.
pub fn codegen(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// The engine's condition for a condition of the IR.\npub fn condition(c: &cardc_ir::Condition) -> TokenStream {\nmatch c {\n");
    for c in &t.conditions {
        let v = pascal(&c.name);
        let mut lets = String::new();
        let mut fields = Vec::new();
        for (n, s) in slots(c) {
            let expr = match s {
                Slot::Kind | Slot::Kinds => format!("crate::lit::vocab(*{n})"),
                _ => format!("num(*{n})"),
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
            "cardc_ir::Condition::{v}{} => {{\n{lets}quote!(engine::Condition::{v}{inner})\n}}",
            emit::bind(&c.phrase, true, "")
        );
    }
    o.push_str("}\n}\n");
    o
}

fn engine_type(s: Slot) -> &'static str {
    match s {
        Slot::Kind | Slot::Kinds => "crate::card::PermanentKind",
        _ => "u32",
    }
}

/// The method of the engine's `Effects` that an `If <condition>, …` effect asks (ruling R61),
/// inside the generated trait; none without conditions.
pub fn effects_method(t: &Table) -> String {
    if t.conditions.is_empty() {
        return String::new();
    }
    "/// Whether `condition` holds for the resolving text, read as it resolves: an `If\n/// <condition>, …` effect does anything only if it does (ruling R61).\nfn holds(&self, condition: Condition) -> bool;\n".to_owned()
}

/// The engine's `Condition`, for `crates/cardc-engine/src/vocabulary.rs`.
pub fn engine(t: &Table) -> String {
    let mut o = String::new();
    o.push_str("\n/// What an intervening `if` requires, seen from the card whose ability it is: one variant\n/// per condition of the table. Whether each holds is the engine's rules logic\n/// (`Game::holds`, one arm per variant).\n#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]\npub enum Condition {\n");
    for c in &t.conditions {
        let _ = writeln!(
            o,
            "/// `{}`: {}\n{}{},",
            c.phrase.doc(),
            c.doc,
            pascal(&c.name),
            emit::shape(&c.phrase, true, engine_type)
        );
    }
    o.push_str("}\n");
    o
}

/// The conditions table of `docs/language.md` (between its markers).
pub fn language_doc(t: &Table) -> String {
    let docs: Vec<String> = t
        .conditions
        .iter()
        .map(|c| emit::with_spellings(&c.doc, &c.spellings))
        .collect();
    emit::doc_table(
        "Condition",
        t.conditions
            .iter()
            .zip(&docs)
            .map(|(c, d)| (&c.phrase, c.example.as_str(), d.as_str())),
    )
}
