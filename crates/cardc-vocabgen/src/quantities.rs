//! The effects' amounts as quantities (`docs/vocabulary-v2.md` §8): how every stage reads
//! an effect row's number slot (`{amount}`, `{count}`, `{gained}`) as a quantity, once for all
//! rows.
//!
//! In the grammar the slot reads a number, `that many`/`that much` or `X` (`q_amount`,
//! `q_gained`, `q_count` in `grammar/cards.pest`); the suffix `for each <countable>` or `,
//! where X is …` after the effect is read by the hand-written `effect` rule. The AST holds
//! the amount as written (`Spanned<Amount>`), the IR a `Quantity` (lowered by
//! `Lowerer::quantity` from the amount and the effect's suffix), the printer prints the
//! number where it stands and the suffix after the effect, and codegen passes the engine the
//! amount as it resolves (`crate::quantity::amount`). Events, costs, conditions and filters
//! keep their plain numbers.

use crate::phrase::{Slot, Tok};

/// Whether an effect's slot of this type is a quantity.
pub fn is_quantity(slot: Slot) -> bool {
    matches!(slot, Slot::Amount | Slot::Gained | Slot::Count)
}

/// Where `equal to …` stands in a phrase (ruling R93): after the noun that follows the amount
/// slot (`damage`, `Currency`, `card|cards`, `Liberation counter|counters`), that is the
/// index of the token it follows. `None` when the phrase has no amount slot.
pub fn equal_to_after(toks: &[Tok]) -> Option<usize> {
    let i = toks.iter().position(|t| {
        matches!(t, Tok::Slot { slot, .. } if is_quantity(*slot) || *slot == Slot::CounterAmount)
    })?;
    match (toks.get(i + 1), toks.get(i + 2)) {
        (Some(_), Some(Tok::Agree { .. })) => Some(i + 2),
        (Some(_), _) => Some(i + 1),
        (None, _) => None,
    }
}

/// The grammar rule an effect's slot is read by.
pub fn rule(slot: Slot) -> &'static str {
    match slot {
        Slot::Amount => "q_amount",
        Slot::Gained => "q_gained",
        Slot::Count => "q_count",
        other => other.rule(),
    }
}

/// The AST type of an effect's slot.
pub fn ast_type(slot: Slot) -> &'static str {
    if is_quantity(slot) {
        "Spanned<Amount>"
    } else {
        slot.ast_type()
    }
}

/// How the sentence builder reads an effect's slot from pair `p`.
pub fn build(slot: Slot) -> String {
    if is_quantity(slot) {
        format!("self.quantity_of(p, &child(p, Rule::{})?)?", rule(slot))
    } else {
        slot.build()
    }
}

/// The IR type of an effect's slot.
pub fn ir_type(slot: Slot) -> &'static str {
    if is_quantity(slot) {
        "crate::Quantity"
    } else {
        slot.ir_type()
    }
}

/// How lowering converts an effect's AST slot `x` (a reference) inside effect `e`.
pub fn lower(slot: Slot, x: &str) -> String {
    match slot {
        Slot::Amount | Slot::Count => format!("self.quantity({x}, Sign::Unsigned, e)?"),
        Slot::Gained => format!("self.quantity({x}, Sign::OptionalPlus, e)?"),
        other => other.lower(x),
    }
}

/// How the generated code passes an effect's slot `a` to the engine.
pub fn codegen(a: &str) -> String {
    format!("crate::quantity::amount(*{a}, targets)")
}

/// The variant's shape for an effect's fields of the types `ty` gives.
pub fn built(phrase: &crate::phrase::Phrase) -> String {
    built_led(phrase, false)
}

/// [`built`], for a form led by its target (`led`): the target is read from `lead`, the
/// `target` pair read before the form's own rule (`targeted` in the grammar).
pub fn built_led(phrase: &crate::phrase::Phrase, led: bool) -> String {
    let slots: Vec<(&str, Slot)> = phrase.slots().collect();
    let one = |i: usize, s: Slot| {
        if led && i == 0 && s == Slot::Target {
            "self.target(lead?)?".to_owned()
        } else {
            build(s)
        }
    };
    match slots.as_slice() {
        [] => String::new(),
        [(_, s)] => format!("({})", one(0, *s)),
        _ => {
            let fs: Vec<String> = slots
                .iter()
                .enumerate()
                .map(|(i, (n, s))| format!("{n}: {}", one(i, *s)))
                .collect();
            format!(" {{ {} }}", fs.join(", "))
        }
    }
}

/// `Effect::quantity`: the effect's amount, if its number slot is a quantity.
pub fn accessor(t: &crate::table::Table) -> String {
    use std::fmt::Write;
    let mut o = String::from("/// The effect's amount, if it has one (`docs/vocabulary-v2.md` §8).\npub fn quantity(&self) -> Option<crate::Quantity> {\nmatch self {\n");
    for e in &t.effects {
        let v = crate::phrase::pascal(&e.name);
        let slots: Vec<(&str, Slot)> = e.phrase.slots().collect();
        match slots.iter().find(|s| is_quantity(s.1)) {
            Some((n, _)) if slots.len() == 1 && !e.named => {
                let _ = writeln!(o, "Effect::{v}({n}) => Some(*{n}),");
            }
            Some((n, _)) => {
                let _ = writeln!(o, "Effect::{v} {{ {n}, .. }} => Some(*{n}),");
            }
            None => {
                let _ = writeln!(
                    o,
                    "Effect::{v}{} => None,",
                    crate::emit::rest(&e.phrase, e.named)
                );
            }
        }
    }
    o.push_str("}\n}\n\n");
    o
}
