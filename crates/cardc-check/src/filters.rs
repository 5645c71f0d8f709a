//! Target filters that can never match (`target Virtuous Ground Unit`, `target Character
//! with Rank 2 or less`): each filter's `needs` (a fact of its `[[filter]]` row) against the
//! kind it narrows, for every target of an effect or a replacement, every event's group and
//! every static's group. CP on a kind that is never a Character is `E0151`, Liberation
//! counters on a Character `E0152` (as the effects that do those things), anything else
//! `E0220` (§7.1, §7.2, §7.7, §7.9, §7.9a); `Prime` and `Fallen` together `E0220` too.

use crate::report::FaceName;
use cardc_diagnostics::{Diagnostic, Span};
use cardc_ir::{Ability, EffectChain, FilterNeeds, Filters, Loc, PermanentKind, Subject, Target};

use crate::codes::{COUNTERS_NO_RANK, CP_NOT_CHARACTER, FILTER_WRONG_KIND};

/// Checks every filter of `ability`, printed on the face `who` names.
pub(crate) fn check(who: FaceName<'_>, ability: &Loc<Ability>, out: &mut Vec<Diagnostic>) {
    let span = ability.span;
    match &ability.value {
        Ability::Keyword(_) | Ability::CostChange(_) => {}
        Ability::Static(s) => {
            if let Subject::Group { kind, filters, .. } = s.subject.value {
                set(who, kind, filters, s.subject.span, out);
            }
        }
        Ability::Triggered(t) => {
            if let Some(g) = t.trigger.value.event().and_then(|e| e.group()) {
                set(who, g.kind, g.filters, t.trigger.span, out);
            }
            chain(who, &t.effect, out);
        }
        Ability::Twist(t) => {
            if let Some(g) = t.triggered.trigger.value.event().and_then(|e| e.group()) {
                set(who, g.kind, g.filters, t.triggered.trigger.span, out);
            }
            chain(who, &t.triggered.effect, out);
        }
        Ability::Activated(a) => chain(who, &a.effect, out),
        Ability::Replacement(r) => {
            target(who, r.would.value.target(), span, out);
            chain(who, &r.instead, out);
        }
        Ability::Effect(e) => chain(who, e, out),
    }
}

fn chain(who: FaceName<'_>, chain: &EffectChain, out: &mut Vec<Diagnostic>) {
    for step in &chain.steps {
        if let Some(t) = step.value.target() {
            target(who, t, step.span, out);
        }
    }
}

fn target(who: FaceName<'_>, t: &Target, span: Span, out: &mut Vec<Diagnostic>) {
    if let Some(kind) = t.kind() {
        set(who, kind, t.filters(), span, out);
    }
}

/// Whether a permanent of `kind` can have what `needs` names.
fn can(kind: PermanentKind, needs: FilterNeeds) -> bool {
    match needs {
        FilterNeeds::Character | FilterNeeds::Cp => kind.may_be_character(),
        FilterNeeds::Rank | FilterNeeds::Counters => {
            kind != PermanentKind::Character && kind.has_rank() != Some(false)
        }
        FilterNeeds::Vox => matches!(
            kind,
            PermanentKind::Character | PermanentKind::GroundUnit | PermanentKind::Permanent
        ),
        // Ruling R108: every permanent but a Character may print a numeric DEF (§19.8).
        FilterNeeds::Def => kind != PermanentKind::Character,
    }
}

fn set(
    who: FaceName<'_>,
    kind: PermanentKind,
    filters: Filters,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    for f in filters.list() {
        let Some(needs) = f.needs() else { continue };
        if can(kind, needs) {
            continue;
        }
        let text = f.text();
        let (code, why, section) = match needs {
            FilterNeeds::Cp => (
                CP_NOT_CHARACTER,
                format!("{} have no CP", kind.plural()),
                "§7.3: Character Points belong to Characters",
            ),
            FilterNeeds::Counters => (
                COUNTERS_NO_RANK,
                format!("Liberation counters never remain on {}", kind.plural()),
                "§7.9: Liberation counters need a numeric Rank; counters never remain on a Character",
            ),
            FilterNeeds::Character => (
                FILTER_WRONG_KIND,
                format!("{} print no Morality, Drives or Prime face", kind.plural()),
                "§7.1, §7.2, §7.7: Drives, Morality and the Prime face are printed on Characters only",
            ),
            FilterNeeds::Rank => (
                FILTER_WRONG_KIND,
                if kind == PermanentKind::Character {
                    "Characters print Rank X, never a number".to_owned()
                } else {
                    format!("{} print no Rank", kind.plural())
                },
                "§7.9: a Character's Rank is X; a Device prints no Rank",
            ),
            FilterNeeds::Vox => (
                FILTER_WRONG_KIND,
                format!("{} print no Vox", kind.plural()),
                "§7.9a: Vox is printed on Characters and Ground Units",
            ),
            FilterNeeds::Def => (
                FILTER_WRONG_KIND,
                "Characters print DEF X, never a number".to_owned(),
                "§7.5: a Character prints DEF X; its DEF bonuses prevent combat damage (ruling R108)",
            ),
        };
        out.push(
            Diagnostic::error(
                code,
                span,
                format!("{who}: `{text}` never matches a {}", kind.name()),
            )
            .with_label(why)
            .with_note(section.to_owned())
            .with_help(format!("remove `{text}`, or name a kind that has it")),
        );
    }
    if filters.prime && filters.fallen {
        out.push(
            Diagnostic::error(
                FILTER_WRONG_KIND,
                span,
                format!("{who}: `Prime` and `Fallen` together never match"),
            )
            .with_label("a permanent shows one face at a time")
            .with_note("§7.7: a Character shows its Prime face until it Falls")
            .with_help("keep one of `Prime` and `Fallen`"),
        );
    }
}
