//! Band filters (`in this card's Band`, `in an adjacent Band`, `in the Bound's Band`, ruling
//! R107) read a Band relative to the card printing the text, or to its Bound. Every permanent
//! of the Map is in a Band but a Storyline (assumption A1: a Storyline binds a Character and
//! has no place on the Map of its own), so:
//!
//! * `E0245`: a Band filter whose card has no such Band to read: `in this card's Band` or
//!   `in an adjacent Band` on a Maneuver (never on the Map) or a Storyline (in no Band; its
//!   Bound is), and `in the Bound's Band` on any card but a Storyline (no Bound). The engine
//!   would read the filter from nowhere and name nothing.
//! * `E0246`: two Band filters on one target or group: a permanent is in one Band, and this
//!   card's Band is never adjacent to itself, so together they never pass.
//!
//! A filter's kind is never refused for its Band: Characters, Ground Units, Spacecraft,
//! Locations, Homeworlds and Devices are all in a Band on the Map (A1).

use cardc_diagnostics::{Diagnostic, Span};
use cardc_ir::{
    Ability, Card, CardKind, Countable, EffectChain, Filter, FilterHost, Filters, Loc, Quantity,
    StaticKind, Subject,
};

use crate::codes::{BAND_FILTERS_TOGETHER, BAND_WITHOUT_A_BAND};
use crate::report::{self, FaceName};

/// Checks every Band filter of `ability`, printed on `card` (of frame `kind`, named `who`).
pub(crate) fn check(
    card: &Card,
    kind: CardKind,
    who: FaceName<'_>,
    ability: &Loc<Ability>,
    out: &mut Vec<Diagnostic>,
) {
    let mut sets: Vec<(Filters, Span)> = Vec::new();
    each_filters(&ability.value, ability.span, &mut |f, span| {
        sets.push((f, span))
    });
    if sets.iter().all(|(f, _)| !reads_band(*f)) {
        return;
    }
    let sentence = cardc_ir::text::ability(&ability.value);
    for (filters, span) in sets {
        let bands: Vec<Filter> = filters
            .list()
            .into_iter()
            .filter(|f| f.host().is_some())
            .collect();
        if let [first, second, ..] = bands.as_slice() {
            out.push(
                Diagnostic::error(
                    BAND_FILTERS_TOGETHER,
                    span,
                    format!("{who}: `{}` and `{}` together never match", first.text(), second.text()),
                )
                .with_label("a permanent is in one Band at a time")
                .with_note("ruling R107: `in an adjacent Band` is never this card's own Band (§12.3a, assumption A1), and a target or group reads one Band")
                .with_help(format!("keep one: `{}`", without(&sentence, *second))),
            );
        }
        for f in bands {
            if let Some(d) = without_a_band(card, kind, who, f, span, &sentence) {
                out.push(d);
            }
        }
    }
}

fn reads_band(f: Filters) -> bool {
    f.list().iter().any(|f| f.host().is_some())
}

/// The sentence with `filter` taken out.
fn without(sentence: &str, filter: Filter) -> String {
    sentence.replacen(&format!(" {}", filter.text()), "", 1)
}

/// `E0245`: `filter` on a card that has no Band for it to read.
fn without_a_band(
    card: &Card,
    kind: CardKind,
    who: FaceName<'_>,
    filter: Filter,
    span: Span,
    sentence: &str,
) -> Option<Diagnostic> {
    let text = filter.text();
    let a_kind = report::a_kind(card);
    let (label, note, help) = match filter.host()? {
        FilterHost::Band if kind == CardKind::Maneuver => (
            format!("{a_kind} is never on the Map, so it is in no Band"),
            "ruling R107: the filter reads the Band of the card printing the text; a Maneuver resolves and is gone without ever being on the Map (§12.3a, assumption A1)",
            format!("write `{}`", without(sentence, filter)),
        ),
        FilterHost::Band if kind == CardKind::Storyline => (
            format!("{a_kind} is in no Band: its Bound is"),
            "ruling R107: a Storyline binds a Character and has no place on the Map of its own; `in the Bound's Band` reads the Bound's (assumption A1)",
            if filter == Filter::InThisCardsBand {
                format!(
                    "write `{}`",
                    sentence.replacen(&text, &Filter::InTheBoundsBand.text(), 1)
                )
            } else {
                format!("write `{}`", without(sentence, filter))
            },
        ),
        FilterHost::Storyline if kind != CardKind::Storyline => (
            format!("{a_kind} binds no Character, so there is no Bound's Band"),
            "ruling R107, §8: only a Storyline binds a Character, its Bound",
            if kind.is_permanent() {
                format!(
                    "write `{}`",
                    sentence.replacen(&text, &Filter::InThisCardsBand.text(), 1)
                )
            } else {
                format!("write `{}`", without(sentence, filter))
            },
        ),
        FilterHost::Band | FilterHost::Storyline => return None,
    };
    Some(
        Diagnostic::error(
            BAND_WITHOUT_A_BAND,
            span,
            format!("{who}: `{text}` on {a_kind}, which has no such Band"),
        )
        .with_label(label)
        .with_note(note.to_owned())
        .with_help(help),
    )
}

/// Calls `f` with every filter set of `ability` and the span to report it at: the groups of
/// statics and events, every target, and every group a quantity or a scaling static counts.
fn each_filters(ability: &Ability, span: Span, f: &mut impl FnMut(Filters, Span)) {
    match ability {
        Ability::Keyword(_) | Ability::CostChange(_) => {}
        Ability::Static(s) => {
            if let Subject::Group { filters, .. } = s.subject.value {
                f(filters, s.subject.span);
            }
            if let StaticKind::BonusForEach {
                each: Countable::Group(g),
                ..
            } = s.kind.value
            {
                f(g.filters, s.kind.span);
            }
        }
        Ability::Triggered(t) => {
            if let Some(g) = t.trigger.value.event().and_then(|e| e.group()) {
                f(g.filters, t.trigger.span);
            }
            chain(&t.effect, f);
        }
        Ability::Twist(t) => {
            if let Some(g) = t.triggered.trigger.value.event().and_then(|e| e.group()) {
                f(g.filters, t.triggered.trigger.span);
            }
            chain(&t.triggered.effect, f);
        }
        Ability::Activated(a) => chain(&a.effect, f),
        Ability::Replacement(r) => {
            let t = r.would.value.target();
            if t.kind().is_some() {
                f(t.filters(), span);
            }
            chain(&r.instead, f);
        }
        Ability::Effect(e) => chain(e, f),
    }
}

fn chain(chain: &EffectChain, f: &mut impl FnMut(Filters, Span)) {
    for step in &chain.steps {
        if let Some(t) = step.value.target() {
            if t.kind().is_some() {
                f(t.filters(), step.span);
            }
        }
        if let Some(Quantity::ForEach {
            each: Countable::Group(g),
            ..
        }) = step.value.quantity()
        {
            f(g.filters, step.span);
        }
    }
}
