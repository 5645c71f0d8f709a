//! `another target …`, `target other …` and `each other …` (ruling R72): the word leaves out
//! the card printing the text. On a card that is never on the Map (a Maneuver) there is no
//! such card, so the word can never mean anything (`E0221`); on a permanent that is never of
//! the target's kind it leaves out nothing (`W0221`, as `W0147` for an event's group).

use cardc_diagnostics::{Diagnostic, Span};
use cardc_ir::{Ability, Card, CardKind, EffectChain, Kind, Loc, Target};

use crate::codes::{ANOTHER_TARGET_LEAVES_OUT_NOTHING, ANOTHER_TARGET_NO_CARD};
use crate::report::{self, FaceName};

/// Checks every target of `ability`, printed on `card` (of frame `kind`, named `who`).
pub(crate) fn check(
    card: &Card,
    kind: CardKind,
    who: FaceName<'_>,
    ability: &Loc<Ability>,
    out: &mut Vec<Diagnostic>,
) {
    let mut each = |t: &Target, span: Span| other(card, kind, who, t, span, out);
    match &ability.value {
        Ability::Keyword(_) | Ability::Static(_) | Ability::CostChange(_) => {}
        Ability::Triggered(t) => chain(&t.effect, &mut each),
        Ability::Twist(t) => chain(&t.triggered.effect, &mut each),
        Ability::Activated(a) => chain(&a.effect, &mut each),
        Ability::Replacement(r) => {
            each(r.would.value.target(), r.would.span);
            chain(&r.instead, &mut each);
        }
        Ability::Effect(e) => chain(e, &mut each),
    }
}

fn chain(chain: &EffectChain, each: &mut impl FnMut(&Target, Span)) {
    for step in &chain.steps {
        if let Some(t) = step.value.target() {
            each(t, step.span);
        }
    }
}

/// The word as printed: `another` before `target`, `other` after `each`.
fn word(t: &Target) -> &'static str {
    match t {
        Target::Each { .. } => "each other",
        _ => "another target",
    }
}

fn other(
    card: &Card,
    kind: CardKind,
    who: FaceName<'_>,
    t: &Target,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    if !t.other() {
        return;
    }
    let Some(target_kind) = t.kind() else { return };
    let plain = match t.clone() {
        Target::Chosen {
            kind,
            controller,
            filters,
            count,
            ..
        } => Target::Chosen {
            kind,
            controller,
            filters,
            other: false,
            count,
        },
        Target::Each {
            kind,
            controller,
            filters,
            ..
        } => Target::Each {
            kind,
            controller,
            filters,
            other: false,
        },
        t => t,
    };
    let plain = cardc_ir::text::target(&plain);
    let word = word(t);
    if !kind.is_permanent() {
        out.push(
            Diagnostic::error(
                ANOTHER_TARGET_NO_CARD,
                span,
                format!("{who}: `{word}` leaves out this card, and {} is never on the Map", report::a_kind(card)),
            )
            .with_label(format!("`{word}` here"))
            .with_note(format!(
                "ruling R72: `another`/`other` excludes the card printing the text; {} is never a {} on the Map",
                report::a_kind(card),
                target_kind.name()
            ))
            .with_help(format!("write `{plain}`")),
        );
    } else if !target_kind.accepts(Kind::of(kind, card.is_capital())) {
        out.push(
            Diagnostic::warning(ANOTHER_TARGET_LEAVES_OUT_NOTHING, span, format!(
                "{who}: `{word}` leaves out nothing, {} is never a {}",
                report::a_kind(card),
                target_kind.name()
            ))
            .with_label(format!("`{word}` here"))
            .with_note("ruling R72: `another`/`other` leaves out the card printing the text; a card of another kind is never among the targets")
            .with_help(format!("write `{plain}`")),
        );
    }
}
