//! Prohibitions that can never apply (docs/vocabulary-v2.md §13, ruling R84): each
//! prohibition row says what its subject must be (`StaticKind::on`, the table's `on`
//! column), and a subject that can never be it is an error, since the sentence would be
//! printed and never played.
//!
//! * `E0154`: `can't be declared as a Liberation target` (or `Liberation counters can't be
//!   removed from …`) on a card or group that prints no Rank: never a target, never holds
//!   counters (§7.9).
//! * `E0152`: `Liberation counters can't be removed from` a Character or the Bound: counters
//!   never remain on a Character (§7.9).
//! * `E0230`: `can't be Activated as a liberator` or `can't be declared as a garrison` on
//!   anything but a Character or a Ground Unit (§12.2, §12.4).
//!
//! A prohibition an effect makes for a time (ruling R86, `Effect::prohibition`) is held to
//! the same row's `on`, its target in place of the subject.

use crate::codes::*;
use crate::report::{self, FaceName};
use crate::stats::prints_rank;
use cardc_diagnostics::{Diagnostic, Span};
use cardc_ir::prohibition::On;
use cardc_ir::{Card, CardKind, PermanentKind, Static, StaticKind, Subject, Target};

/// What the subject of `s` is, as far as the checker can tell.
enum Who {
    /// This card, of its kind.
    Card(CardKind),
    /// The Bound: a Character.
    Bound,
    /// A group of this kind.
    Group(PermanentKind),
}

/// Checks prohibition `s` (of `card`, named `who` in messages) against its row's `on`.
pub(crate) fn check(
    card: &Card,
    who: FaceName<'_>,
    s: &Static,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let Some(on) = s.kind.value.on() else {
        return;
    };
    let subject = match s.subject.value {
        Subject::ThisCard if !card.kind.value.is_permanent() => return, // E0153 already
        Subject::ThisCard => Who::Card(card.kind.value),
        Subject::TheBound => Who::Bound,
        Subject::Group { kind, .. } => Who::Group(kind),
    };
    report_never(on, &subject, who, span, out);
}

/// Checks the target of a prohibition an effect makes for a time (`prohibition`, ruling R86)
/// against its row's `on`. The target is `this card` on `card`, or names `named` once
/// resolved; an anaphor is checked where it is bound (E0222–E0224).
pub(crate) fn effect_on(
    card: &Card,
    who: FaceName<'_>,
    prohibition: StaticKind,
    target: &Target,
    named: Option<&Card>,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let Some(on) = prohibition.on() else {
        return;
    };
    let subject = match target.resolved() {
        Target::ThisCard if !card.kind.value.is_permanent() => return,
        Target::ThisCard => Who::Card(card.kind.value),
        Target::TheBound => Who::Bound,
        Target::Chosen { kind, .. } | Target::Each { kind, .. } => Who::Group(*kind),
        Target::Named(_) => match named {
            Some(c) => Who::Card(c.kind.value),
            None => return,
        },
        Target::Anaphor { .. } => return,
    };
    report_never(on, &subject, who, span, out);
}

/// Reports a prohibition of row `on` that can never apply to `subject`.
fn report_never(on: On, subject: &Who, who: FaceName<'_>, span: Span, out: &mut Vec<Diagnostic>) {
    let (code, label, note, help) = match (on, subject) {
        (On::Rank | On::Counters, Who::Card(k)) if !prints_rank(*k) => (
            KEYWORD_WRONG_KIND,
            format!("{} prints no Rank", report::a_kind_of(*k)),
            "§7.9: only a permanent with printed Rank is declared as a Liberation target or holds Liberation counters; the prohibition would never apply (ruling R84)",
            "remove the sentence; it is never a Liberation target",
        ),
        (On::Rank | On::Counters, Who::Group(k)) if k.has_rank() == Some(false) => (
            KEYWORD_WRONG_KIND,
            format!("{} print no Rank", k.plural()),
            "§7.9: only a permanent with printed Rank is declared as a Liberation target or holds Liberation counters; the prohibition would never apply (ruling R84)",
            "name a group that prints a Rank, e.g. `Surface Locations you control`",
        ),
        (On::Counters, Who::Card(CardKind::Character) | Who::Bound) => (
            COUNTERS_NO_RANK,
            "counters never remain on a Character: there are none to remove".to_owned(),
            "§7.9: Liberation counters placed on a Character become CP loss at once, so none is ever removed from one (ruling R84)",
            "write `The Bound can't be declared as a Liberation target.` to keep Liberations off it",
        ),
        (On::Counters, Who::Group(PermanentKind::Character)) => (
            COUNTERS_NO_RANK,
            "counters never remain on a Character: there are none to remove".to_owned(),
            "§7.9: Liberation counters placed on a Character become CP loss at once, so none is ever removed from one (ruling R84)",
            "name a group of Locations, Spacecraft or Ground Units",
        ),
        (On::Unit, Who::Card(k)) if !matches!(k, CardKind::Character | CardKind::GroundUnit) => (
            PROHIBITION_NEVER_APPLIES,
            format!(
                "{} is never Activated as a liberator nor declared as a garrison",
                report::a_kind_of(*k)
            ),
            "§12.2, §12.4: only Characters and Ground Units are liberators and garrisons; the prohibition would never apply (ruling R84)",
            "write `This card can't be declared as a Liberation target.` to keep Liberations off it",
        ),
        (On::Unit, Who::Group(k))
            if !matches!(
                k,
                PermanentKind::Character | PermanentKind::GroundUnit | PermanentKind::Permanent
            ) =>
        {
            (
                PROHIBITION_NEVER_APPLIES,
                format!(
                    "{} are never Activated as liberators nor declared as garrisons",
                    k.plural()
                ),
                "§12.2, §12.4: only Characters and Ground Units are liberators and garrisons; the prohibition would never apply (ruling R84)",
                "name Characters or Ground Units",
            )
        }
        _ => return,
    };
    out.push(
        Diagnostic::error(
            code,
            span,
            format!("{who}: a prohibition that can never apply"),
        )
        .with_label(label)
        .with_note(note)
        .with_help(help),
    );
}
