//! The checks of quantities (`docs/vocabulary-v2.md` §8; rulings R67, R68).
//!
//! * `E0212`: `that many` with no step before it in its text.
//! * `E0213`: `that many` after a step that counts nothing (`Destroy target Device, then draw
//!   that many cards`): only damage dealt, cards drawn or discarded and counters removed are
//!   counted (`Effect::counts`).
//! * `E0215`: a `for each` count that is always 0 on this card: counters on a Maneuver,
//!   which is never on the Map, or Liberation counters on a Character, which become CP loss
//!   as they are placed (§7.9); on a scaling static too.
//! * `E0238`: a static that scales with something that never changes while its card is on
//!   the Map (`for each opponent`: the players are fixed for the game), a fixed bonus in
//!   disguise (ruling R92).
//! * `E0239`: an RK static that counts permanents by their Rank, which would count through
//!   its own bonus; the engine never applies it (ruling R92).
//! * `E0261`: a DEF static that counts permanents by their DEF, the same for DEF (ruling
//!   R108).

use cardc_diagnostics::{Diagnostic, Span};
use cardc_ir::{
    Ability, BonusStat, Card, CardKind, Countable, EffectChain, Loc, Quantity, StaticKind,
};

use crate::codes::{
    COUNT_ALWAYS_ZERO, COUNT_NEVER_CHANGES, DEF_STATIC_COUNTS_DEF, RANK_STATIC_COUNTS_RANK,
    THAT_MANY_COUNTS_NOTHING, THAT_MANY_NOTHING_BEFORE,
};

/// Checks the quantities of one ability of `card` (named `who` in messages).
pub(crate) fn check(card: &Card, who: &str, ability: &Loc<Ability>, out: &mut Vec<Diagnostic>) {
    let chain: Option<&EffectChain> = match &ability.value {
        Ability::Static(s) => {
            scaling(card, who, s.kind.value, s.kind.span, out);
            None
        }
        Ability::Keyword(_) | Ability::CostChange(_) => None,
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
            Quantity::ForEach { each, .. } => always_zero(card, who, each, step.span, out),
            Quantity::Number(_) => {}
        }
    }
}

/// `E0215` when `each` always counts 0 on `card`.
fn always_zero(card: &Card, who: &str, each: Countable, span: Span, out: &mut Vec<Diagnostic>) {
    let why = match (each, card.kind.value) {
        (
            Countable::LiberationCountersOnThisCard | Countable::StoryCountersOnThisCard,
            CardKind::Maneuver,
        ) => Some("a Maneuver is never on the Map, so no counter is ever on it"),
        (Countable::LiberationCountersOnThisCard, CardKind::Character) => {
            Some("Liberation counters placed on a Character become CP loss at once (§7.9)")
        }
        _ => None,
    };
    if let Some(why) = why {
        out.push(
            Diagnostic::error(
                COUNT_ALWAYS_ZERO,
                span,
                format!("{who}: `for each {}` always counts 0 on this card", each.printed()),
            )
            .with_label(why)
            .with_help("count something this card can have, or print it on a card that can carry the counters"),
        );
    }
}

/// The checks of a static that scales (`+1 DEF for each other Ground Unit you control`,
/// ruling R92): `E0215`, `E0238`, `E0239`, `E0261` (ruling R108).
fn scaling(card: &Card, who: &str, kind: StaticKind, span: Span, out: &mut Vec<Diagnostic>) {
    let StaticKind::BonusForEach { stat, each, .. } = kind else {
        return;
    };
    always_zero(card, who, each, span, out);
    if each == Countable::Opponents {
        out.push(
            Diagnostic::error(
                COUNT_NEVER_CHANGES,
                span,
                format!("{who}: a static that scales with the number of opponents, which never changes"),
            )
            .with_label("the players are the same from the game's start to its end")
            .with_note("ruling R92: a static's count is made again at every reading of the stat; one that cannot change is a fixed bonus written as a count")
            .with_help("print the bonus as a number (`+1 DEF.`), or count something that changes: `for each other Ground Unit you control`"),
        );
    }
    let by_rank = match each {
        Countable::Group(g) => g.filters.rank_or_less.is_some() || g.filters.rank_or_more.is_some(),
        _ => false,
    };
    if stat == BonusStat::Rank && by_rank {
        out.push(
            Diagnostic::error(
                RANK_STATIC_COUNTS_RANK,
                span,
                format!("{who}: an RK static that counts permanents by their Rank"),
            )
            .with_label("the Ranks this counts include the RK statics, this one among them")
            .with_note("ruling R92: a count that reads Rank never scales an RK static; the engine would never apply this one (§7.5, ruling R14)")
            .with_help("give the bonus to DEF, or count without a Rank filter: `for each Planetary Location you control`"),
        );
    }
    let by_def = match each {
        Countable::Group(g) => g.filters.def_or_less.is_some() || g.filters.def_or_more.is_some(),
        _ => false,
    };
    if stat == BonusStat::Def && by_def {
        out.push(
            Diagnostic::error(
                DEF_STATIC_COUNTS_DEF,
                span,
                format!("{who}: a DEF static that counts permanents by their DEF"),
            )
            .with_label("the DEF this counts includes the DEF statics, this one among them")
            .with_note("ruling R108: a count that reads DEF never scales a DEF static; the engine would never apply this one (§7.5, ruling R92)")
            .with_help("give the bonus to RK, or count without a DEF filter: `for each other Ground Unit you control`"),
        );
    }
}
