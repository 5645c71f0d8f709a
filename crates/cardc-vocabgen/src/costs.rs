//! The costs' part of every derived file: one function per file, each returning the text the
//! file's emitter (`emit.rs`) appends. Costs are `[[cost]]` rows: what an activated ability's
//! controller pays before its colon (`A, Pay 1 Currency: …`, `-2 CP: …`, §7.3).

use std::fmt::Write;

use crate::emit::{bind, built, esc, phrase_rules, print_slot, rest, shape};
use crate::phrase::{pascal, Phrase, Slot, Tok};
use crate::table::{CardNeeds, Cost, CostMarks, CostNeeds, Table};

/// The cost rules of `grammar/vocabulary.pest`: `cost` and one `c_<name>` per row.
pub fn pest(t: &Table) -> String {
    let rows: Vec<(String, &Phrase)> = t.costs.iter().map(|c| (c.rule(), &c.phrase)).collect();
    let mut o = String::from(
        "\n// The costs of activated abilities (`A, Pay 1 Currency: …`), one rule per cost.\n\n",
    );
    o.push_str(&phrase_rules(t, "cost", &rows));
    o
}

/// The AST's `Cost` and its builder, for `crates/cardc-syntax/src/vocabulary.rs`.
pub fn syntax(t: &Table) -> String {
    let mut o = String::from("/// One cost of an activated ability, one variant per `[[cost]]` row of the table.\n#[derive(Debug, Clone, PartialEq, Eq)]\npub enum Cost {\n");
    for c in &t.costs {
        let _ = writeln!(
            o,
            "/// `{}`\n{}{},",
            c.phrase.doc(),
            pascal(&c.name),
            shape(&c.phrase, false, Slot::ast_type)
        );
    }
    o.push_str("}\n\n");
    let _ = writeln!(
        o,
        "/// What a cost is called when one was expected.\npub(crate) const EXPECTED_COST_NAME: &str = \"{}\";\n",
        esc(&t.expected.cost)
    );
    o.push_str("impl SentenceBuilder {\n/// The cost `p` (an alternative of `cost`), or `None` if `p` is not one or lacks a part\n/// the grammar guarantees (reported by the caller as an internal error).\npub(crate) fn cost_form(&self, p: &P<'_>) -> Option<Cost> {\nSome(match p.as_rule() {\n");
    for c in &t.costs {
        let body = built(&c.phrase);
        let _ = writeln!(o, "Rule::{} => Cost::{}{body},", c.rule(), pascal(&c.name));
    }
    o.push_str("_ => return None,\n})\n}\n}\n\n");
    o
}

/// The `describe` arms of the cost rules (inside the generated `describe`). Below an
/// effect's priority: at the start of a sentence, an effect is what was most likely meant.
pub fn describe_arms(t: &Table) -> String {
    let mut rules = vec!["Rule::cost".to_owned()];
    rules.extend(t.costs.iter().map(|c| format!("Rule::{}", c.rule())));
    format!(
        "{} => (EXPECTED_COST, EXPECTED_COST_NAME, 3),\n",
        rules.join(" | ")
    )
}

/// One arm per cost: `Cost::<Variant><pattern> => <value>,`.
fn cost_match(t: &Table, head: &str, arm: impl Fn(&Cost) -> String) -> String {
    let mut o = String::from(head);
    for c in &t.costs {
        let _ = writeln!(
            o,
            "Cost::{}{} => {},",
            pascal(&c.name),
            rest(&c.phrase, false),
            arm(c)
        );
    }
    o.push_str("}\n}\n\n");
    o
}

/// The IR's `Cost`, its facts and its printer, for `crates/cardc-ir/src/vocabulary.rs`.
pub fn ir(t: &Table) -> String {
    let mut o = String::from("\nuse crate::vocab::PermanentKind;\n\n/// One cost of an activated ability (§7.3), in the order printed.\n#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]\npub enum Cost {\n");
    for c in &t.costs {
        let _ = writeln!(
            o,
            "/// `{}`: {}\n{}{},",
            c.phrase.doc(),
            c.doc,
            pascal(&c.name),
            shape(&c.phrase, false, Slot::ir_type)
        );
    }
    o.push_str("}\n\n/// What a cost makes of the ability printing it (§7.3).\n#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum CostMarks {\n/// `±X CP`: a Character Ability, Slow and once per turn.\nCharacterAbility,\n/// `A`: an Activated Character Ability, which activates the card; Fast and repeatable.\nActivated,\n}\n\n/// What the card paying a cost must have, or it can never pay it.\n#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum CostNeeds {\n/// A Rank, so it can carry Liberation counters (§7.9).\nRank,\n}\n\nimpl Cost {\n");
    let ex: Vec<String> = t
        .costs
        .iter()
        .map(|c| format!("(\"{}\", \"{}\")", pascal(&c.name), esc(&c.example)))
        .collect();
    let _ = writeln!(o, "/// Every cost's name with its example ability, in table order.\npub const EXAMPLES: &'static [(&'static str, &'static str)] = &[{}];\n", ex.join(", "));
    o.push_str(&cost_match(
        t,
        "/// The cost's name (its variant).\npub fn name(&self) -> &'static str {\nmatch self {\n",
        |c| format!("\"{}\"", pascal(&c.name)),
    ));
    let position = |c: &Cost| t.costs.iter().position(|o| o.name == c.name).unwrap_or(0);
    o.push_str(&cost_match(
        t,
        "/// Its place in the canonical order (table order), in which an ability's costs print.\npub fn order(&self) -> usize {\nmatch self {\n",
        |c| position(c).to_string(),
    ));
    o.push_str(&cost_match(
        t,
        "/// The kind of ability it makes, if it is `A` or `±X CP` (`None`: an additional cost).\npub fn marks(&self) -> Option<CostMarks> {\nmatch self {\n",
        |c| match c.marks {
            Some(CostMarks::CharacterAbility) => "Some(CostMarks::CharacterAbility)".into(),
            Some(CostMarks::Activated) => "Some(CostMarks::Activated)".into(),
            None => "None".into(),
        },
    ));
    o.push_str(&cost_match(
        t,
        "/// The kind the card printing it must be, if any.\npub fn card_needs(&self) -> Option<CardKind> {\nmatch self {\n",
        |c| match c.card {
            Some(CardNeeds::Character) => "Some(CardKind::Character)".into(),
            Some(CardNeeds::Storyline) => "Some(CardKind::Storyline)".into(),
            None => "None".into(),
        },
    ));
    o.push_str(&cost_match(
        t,
        "/// What the card paying it must have, if anything.\npub fn needs(&self) -> Option<CostNeeds> {\nmatch self {\n",
        |c| match c.needs {
            Some(CostNeeds::Rank) => "Some(CostNeeds::Rank)".into(),
            None => "None".into(),
        },
    ));
    o = o.trim_end().to_owned();
    o.push_str("\n}\n\n/// One cost's canonical text, as printed before the colon: `Pay 1 Currency`.\npub(crate) fn print_cost(cost: &Cost) -> String {\nmatch cost {\n");
    for c in &t.costs {
        let number = c.phrase.number();
        let mut fmt = String::new();
        let mut args: Vec<String> = Vec::new();
        for (i, tok) in c.phrase.toks.iter().enumerate() {
            if i > 0 {
                fmt.push(' ');
            }
            match tok {
                Tok::Slot { name, slot } => {
                    fmt.push_str("{}");
                    args.push(print_slot(name, *slot));
                }
                Tok::Word(w) | Tok::Verb(w) => fmt.push_str(&w.replace('_', " ")),
                Tok::Agree { one, many } => {
                    fmt.push_str("{}");
                    args.push(format!(
                        "plural(*{}, \"{}\", \"{}\")",
                        number.unwrap_or("n"),
                        esc(&one.replace('_', " ")),
                        esc(&many.replace('_', " "))
                    ));
                }
            }
        }
        let body = if args.is_empty() {
            format!("\"{}\".to_owned()", esc(&fmt))
        } else {
            format!("format!(\"{}\", {})", esc(&fmt), args.join(", "))
        };
        let _ = writeln!(
            o,
            "Cost::{}{} => {body},",
            pascal(&c.name),
            bind(&c.phrase, false, "")
        );
    }
    o.push_str("}\n}\n");
    o
}

/// The lowering of costs, for `crates/cardc-lower/src/vocabulary.rs`.
pub fn lower(t: &Table) -> String {
    let mut o = String::from("\nimpl Lowerer {\n/// One cost of the AST as the IR's (`None`: a number it could not read, reported).\npub(super) fn cost(&mut self, c: &ast::Cost) -> Option<Cost> {\nSome(match c {\n");
    for c in &t.costs {
        let v = pascal(&c.name);
        let slots: Vec<(&str, Slot)> = c.phrase.slots().collect();
        let mut lets = String::new();
        for (n, s) in &slots {
            let _ = write!(lets, "let {n} = {};", s.lower(n));
        }
        let _ = writeln!(
            o,
            "ast::Cost::{v}{} => {{ {lets} Cost::{v}{} }}",
            bind(&c.phrase, false, ""),
            bind(&c.phrase, false, "")
        );
    }
    o.push_str("})\n}\n}\n");
    o
}

/// The codegen of costs, for `crates/cardc-codegen/src/vocabulary.rs`.
pub fn codegen(t: &Table) -> String {
    let mut o = String::from("\n/// The engine's value for a cost.\npub fn cost(cost: &Cost) -> TokenStream {\nmatch cost {\n");
    for c in &t.costs {
        let v = pascal(&c.name);
        let mut lets = String::new();
        let mut vars = Vec::new();
        for (n, s) in c.phrase.slots() {
            let expr = match s {
                Slot::Signed => format!("crate::lit::signed(*{n})"),
                Slot::Kind | Slot::Kinds => format!("crate::lit::vocab(*{n})"),
                _ => format!("num(*{n})"),
            };
            let _ = write!(lets, "let a_{n} = {expr};");
            vars.push(format!("#a_{n}"));
        }
        let value = match vars.as_slice() {
            [] => String::new(),
            [one] => format!("({one})"),
            _ => {
                let fs: Vec<String> = c
                    .phrase
                    .slots()
                    .zip(&vars)
                    .map(|((n, _), v)| format!("{n}: {v}"))
                    .collect();
                format!(" {{ {} }}", fs.join(", "))
            }
        };
        let _ = writeln!(
            o,
            "Cost::{v}{} => {{ {lets} quote!(engine::Cost::{v}{value}) }}",
            bind(&c.phrase, false, "")
        );
    }
    o.push_str("}\n}\n");
    o
}

/// The engine's `Cost`, for `crates/cardc-engine/src/vocabulary.rs`. How each is paid is
/// the engine's rules logic (`Game::can_pay_cost`/`pay_cost`, one arm per variant).
pub fn engine(t: &Table) -> String {
    let mut o = String::from("\n/// One cost of an activated ability (§7.3), one variant per cost of the table, paid in\n/// the order printed. Whether it can be paid and how is the engine's rules logic\n/// (`Game::can_pay_cost` and `Game::pay_cost`, one arm per variant).\n#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]\npub enum Cost {\n");
    for c in &t.costs {
        let ty = |s: Slot| match s {
            Slot::Signed => "i32",
            Slot::Kind | Slot::Kinds => "crate::PermanentKind",
            _ => "u32",
        };
        let _ = writeln!(
            o,
            "/// `{}`: {}\n{}{},",
            c.phrase.doc(),
            c.doc,
            pascal(&c.name),
            shape(&c.phrase, false, ty)
        );
    }
    o.push_str("}\n");
    o
}

/// The costs table of `docs/language.md` (between its markers).
pub fn language_doc(t: &Table) -> String {
    let mut o = String::from("| Cost | Example | Meaning |\n| --- | --- | --- |\n");
    for c in &t.costs {
        let needs = match (c.card, c.needs) {
            (Some(CardNeeds::Character), _) => " Characters only.",
            (Some(CardNeeds::Storyline), _) => " Storylines only.",
            (None, Some(CostNeeds::Rank)) => " Only on a card with a Rank.",
            (None, None) => "",
        };
        let _ = writeln!(
            o,
            "| `{}` | `{}` | {}{needs} |",
            c.phrase.doc(),
            c.example,
            c.doc
        );
    }
    o
}
