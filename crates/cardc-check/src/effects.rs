//! The checks particular to the effects of vocabulary v2 (rulings R55–R57): text that would
//! be accepted and then do nothing.
//!
//! * `E0200`: `Activate this card` in an ability whose own `A` cost has already Activated
//!   it (§7.3; ruling R55: an Activated permanent is not Activated again).
//! * `E0201`: `Prevent the next 0 damage …`, a shield that prevents nothing (ruling R57).
//! * `E0202`: `Add N Vox to your Resource Pool` in text that never resolves during a
//!   Liberation (§7.9a; rulings R8, R59): a Slow Maneuver, an activated ability without `A`,
//!   a trigger at the start or the end of a turn.
//! * `E0152`: `Remove all Liberation counters from` a Character, which never carries one
//!   (§7.9; ruling R60).
//! * `E0155`: `Return a <Location> card from your Depleted Pile to your hand`: a Location is
//!   never in a hand (rulings R30, R58).
//! * `E0249`: `Gain control of` a permanent its text's controller already controls
//!   (`… you control`, `this card`): the step changes nothing (ruling R100).

use crate::report::FaceName;
use cardc_diagnostics::Diagnostic;
use cardc_ir::{
    Ability, Card, CardKind, Cost, CostMarks, Effect, EffectChain, Loc, PermanentKind, Speed,
    Target, Trigger,
};

use crate::codes::{
    ACTIVATE_ACTIVATED, COUNTERS_NO_RANK, GAIN_CONTROL_OF_YOURS, LOCATION_TO_HAND, PREVENT_NOTHING,
    VOX_OUTSIDE_LIBERATION,
};

/// Checks one ability of a face named `who` in messages.
pub(crate) fn check(
    card: &Card,
    who: FaceName<'_>,
    ability: &Loc<Ability>,
    out: &mut Vec<Diagnostic>,
) {
    if let Some(why) = never_during_a_liberation(card, &ability.value) {
        for chain in chains(&ability.value) {
            for step in &chain.steps {
                if let Effect::AddVox(_) = step.value {
                    out.push(
                        Diagnostic::error(
                            VOX_OUTSIDE_LIBERATION,
                            step.span,
                            format!("{who}: Vox added where no Liberation is ever under way"),
                        )
                        .with_label(why)
                        .with_note("§7.9a: Vox enters the Resource Pool during a Liberation and is lost at the end of the phase; ruling R59: added Vox outside a Liberation is nothing")
                        .with_help("add the Vox from text used during a Liberation: a Fast Maneuver, an `A` ability, or a trigger such as `Whenever you declare a Liberation, …`"),
                    );
                }
            }
        }
    }
    if let Ability::Activated(a) = &ability.value {
        if a.costs.iter().any(|c| c.value == Cost::Activate) {
            activate_after_a(who, &a.effect, out);
        }
    }
    for chain in chains(&ability.value) {
        for step in &chain.steps {
            if let Effect::RemoveAllLiberationCounters(target) = &step.value {
                let on_character = match target.resolved() {
                    Target::ThisCard => card.kind.value == CardKind::Character,
                    Target::TheBound => true,
                    // An anaphor that refers to no target is reported on its own (E0222–E0224).
                    Target::Anaphor { .. } => true,
                    Target::Chosen { kind, .. } | Target::Each { kind, .. } => {
                        *kind == PermanentKind::Character
                    }
                    Target::Named(_) => false,
                };
                if on_character {
                    out.push(
                        Diagnostic::error(
                            COUNTERS_NO_RANK,
                            step.span,
                            format!("{who}: removing Liberation counters from a Character"),
                        )
                        .with_label("a Character never carries Liberation counters")
                        .with_note("§7.9: Liberation counters placed on a Character become CP loss at once and never stay")
                        .with_help("aim it at a permanent with a numeric Rank, or give the Character CP (`Target Character you control gains 2 CP.`)"),
                    );
                }
            }
            if let Effect::GainControl { target, .. } = &step.value {
                let yours = match target.resolved() {
                    Target::ThisCard => true,
                    Target::Chosen { controller, .. } | Target::Each { controller, .. } => {
                        *controller == Some(cardc_ir::Controller::You)
                    }
                    _ => false,
                };
                if yours {
                    out.push(
                        Diagnostic::error(
                            GAIN_CONTROL_OF_YOURS,
                            step.span,
                            format!("{who}: gaining control of a permanent you already control"),
                        )
                        .with_label("already yours: the step changes nothing")
                        .with_note("ruling R100: gaining control makes the text's controller the permanent's controller; a permanent they control already stays as it is")
                        .with_help("gain control of a permanent an opponent controls (`Gain control of target Ground Unit an opponent controls.`)"),
                    );
                }
            }
            if let Effect::ReturnFromDepletedPile(kind) = step.value {
                if matches!(
                    kind,
                    PermanentKind::SurfaceLocation
                        | PermanentKind::PlanetaryLocation
                        | PermanentKind::Homeworld
                ) {
                    out.push(
                        Diagnostic::error(
                            LOCATION_TO_HAND,
                            step.span,
                            format!("{who}: a {} card returned to a hand", kind.name()),
                        )
                        .with_label("a Location is never in a hand")
                        .with_note("§7.10, §7.11, ruling R30: a Location prints no cost and is never deployed from hand; ruling R58: only a card that can be in a hand leaves the Depleted Pile for one")
                        .with_help("name a kind deployed from hand (`Return a Ground Unit card from your Depleted Pile to your hand.`)"),
                    );
                }
            }
            if let Effect::PreventDamage {
                amount: cardc_ir::Quantity::Number(0),
                ..
            } = step.value
            {
                out.push(
                    Diagnostic::error(
                        PREVENT_NOTHING,
                        step.span,
                        format!("{who}: a prevention of 0 damage prevents nothing"),
                    )
                    .with_label("`the next 0 damage`")
                    .with_note("ruling R57: a prevention shield prevents the next N damage dealt to its permanent; with N = 0 it is used up before any damage")
                    .with_help("prevent 1 damage or more"),
                );
            }
        }
    }
}

/// Why `ability` of `card` never resolves during a Liberation, if it never does.
fn never_during_a_liberation(card: &Card, ability: &Ability) -> Option<&'static str> {
    match ability {
        Ability::Effect(_)
            if card.kind.value == CardKind::Maneuver
                && card.speed.as_ref().map(|s| s.value) == Some(Speed::Slow) =>
        {
            Some("a Slow Maneuver is played only when no Liberation is under way (ruling R8)")
        }
        Ability::Activated(a) if a.marks() != Some(CostMarks::Activated) => Some(
            "an activated ability without `A` is Slow and used only when no Liberation is under way (§7.3, rulings R8, R54)",
        ),
        Ability::Triggered(t) => match t.trigger.value {
            Trigger::StartOfYourTurn => {
                Some("a turn starts with no Liberation under way (ruling R28)")
            }
            Trigger::At(_) => Some("a turn ends only when no Liberation is under way (ruling R28)"),
            _ => None,
        },
        _ => None,
    }
}

/// The effect chains an ability resolves.
fn chains(ability: &Ability) -> Vec<&EffectChain> {
    match ability {
        Ability::Keyword(_) | Ability::Static(_) | Ability::CostChange(_) => Vec::new(),
        Ability::Triggered(t) => vec![&t.effect],
        Ability::Twist(t) => vec![&t.triggered.effect],
        Ability::Activated(a) => vec![&a.effect],
        Ability::Replacement(r) => vec![&r.instead],
        Ability::Effect(chain) => vec![chain],
    }
}

/// `A: Activate this card.`: paying `A` has Activated the card before its effect
/// resolves, and nothing in one resolution readies it, so the step does nothing.
fn activate_after_a(who: FaceName<'_>, chain: &EffectChain, out: &mut Vec<Diagnostic>) {
    let mut readied = false;
    for step in &chain.steps {
        match &step.value {
            Effect::Ready(Target::ThisCard) => readied = true,
            Effect::ActivateTarget(Target::ThisCard) if !readied => out.push(
                Diagnostic::error(
                    ACTIVATE_ACTIVATED,
                    step.span,
                    format!("{who}: `Activate this card` after the `A` that Activated it"),
                )
                .with_label("this card is already Activated: its `A` cost Activated it")
                .with_note("§7.3: `A` Activates the card as the ability is used; ruling R55: an Activated permanent is not Activated again, so the step does nothing")
                .with_help("remove the step, or Activate another permanent (`Activate target Ground Unit an opponent controls.`)"),
            ),
            _ => {}
        }
    }
}
