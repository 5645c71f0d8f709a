//! The checks of quantities (`docs/vocabulary-v2.md` §8; rulings R67, R68).
//!
//! * `E0212`: `that many` with no step before it in its text.
//! * `E0213`: `that many` after a step that counts nothing (`Destroy target Device, then draw
//!   that many cards`): only damage dealt, cards drawn or discarded and counters removed are
//!   counted (`Effect::counts`).
//! * `E0215`: a `for each` count that is always 0 on this card: counters on a Maneuver,
//!   which is never on the Map, or Liberation counters on a Character, which become CP loss
//!   as they are placed (§7.9).

use cardc_diagnostics::Diagnostic;
use cardc_ir::{Ability, Card, CardKind, Countable, EffectChain, Loc, Quantity};

use crate::codes::{COUNT_ALWAYS_ZERO, THAT_MANY_COUNTS_NOTHING, THAT_MANY_NOTHING_BEFORE};

/// Checks the quantities of one ability of `card` (named `who` in messages).
pub(crate) fn check(card: &Card, who: &str, ability: &Loc<Ability>, out: &mut Vec<Diagnostic>) {
    let chain: Option<&EffectChain> = match &ability.value {
        Ability::Keyword(_) | Ability::Static(_) | Ability::CostChange(_) => None,
        Ability::Triggered(t) => Some(&t.effect),
        Ability::Twist(t) => Some(&t.triggered.effect),
        Ability::Activated(a) => Some(&a.effect),
        Ability::Replacement(r) => Some(&r.instead),
        Ability::Effect(chain) => Some(chain),
    };
    let Some(chain) = chain else { return };
    for (i, step) in chain.steps.iter().enumerate() {
        let Some(q) = step.value.quantity() else {
            continue;
        };
        match q {
            Quantity::ThatMany if i == 0 => out.push(
                Diagnostic::error(
                    THAT_MANY_NOTHING_BEFORE,
                    step.span,
                    format!("{who}: `that many` counts what the step before it did; here nothing comes before it"),
                )
                .with_label("nothing before it to count")
                .with_note("ruling R68: `that many` is the number the step before it in the same text actually did")
                .with_help("write a number: `Draw 2 cards.`"),
            ),
            Quantity::ThatMany => {
                let before = &chain.steps[i - 1];
                if !before.value.counts() {
                    out.push(
                        Diagnostic::error(
                            THAT_MANY_COUNTS_NOTHING,
                            step.span,
                            format!(
                                "{who}: `that many` counts what the step before it did, and `{}` counts nothing",
                                before.value.verb()
                            ),
                        )
                        .with_label("nothing counted before it")
                        .with_note("ruling R68: only damage dealt, cards drawn or discarded and counters removed are counted")
                        .with_help("write a number: `…, then draw a card`"),
                    );
                }
            }
            Quantity::ForEach { each, .. } => {
                let why = match (each, card.kind.value) {
                    (
                        Countable::LiberationCountersOnThisCard
                        | Countable::StoryCountersOnThisCard,
                        CardKind::Maneuver,
                    ) => Some("a Maneuver is never on the Map, so no counter is ever on it"),
                    (Countable::LiberationCountersOnThisCard, CardKind::Character) => Some(
                        "Liberation counters placed on a Character become CP loss at once (§7.9)",
                    ),
                    _ => None,
                };
                if let Some(why) = why {
                    out.push(
                        Diagnostic::error(
                            COUNT_ALWAYS_ZERO,
                            step.span,
                            format!("{who}: `for each {}` always counts 0 on this card", each.printed()),
                        )
                        .with_label(why)
                        .with_help("count something this card can have, or print it on a card that can carry the counters"),
                    );
                }
            }
            Quantity::Number(_) => {}
        }
    }
}
