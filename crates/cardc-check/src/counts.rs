//! Counted targets (ruling R82): `two target Devices`, `up to two target Ground Units`. The
//! engine chooses at most 8 targets for one text, so a count above 8 is never played
//! (`E0205`); a count of zero chooses nothing, and a count before the subject of a verb is
//! not read (`E0206`); `it` and `that <kind>` name one card, so they cannot refer to a
//! plural target (`E0207`; `up to one` is one card or none, and may be referred to).

use crate::report::FaceName;
use cardc_diagnostics::{Diagnostic, Span};
use cardc_ir::{text, Ability, Antecedent, Effect, Loc, Target, TargetCount};

use crate::codes::{ANAPHOR_PLURAL_TARGET, TARGET_COUNT_NOT_READ, TARGET_COUNT_TOO_MANY};

/// Checks every counted target of `ability` and every anaphor that refers to one.
pub(crate) fn check(who: FaceName<'_>, ability: &Loc<Ability>, out: &mut Vec<Diagnostic>) {
    for chain in ability.value.effects() {
        for step in &chain.steps {
            let Some(t) = step.value.target() else {
                continue;
            };
            if let Some(count) = t.count() {
                counted(who, ability, &step.value, t, count, step.span, out);
            }
            if let Target::Anaphor {
                that,
                antecedent: Antecedent::Target { target, .. },
            } = t
            {
                if let Some(count) = target.count().filter(|c| c.plural()) {
                    plural_anaphor(who, ability, *that, target, count, step.span, out);
                }
            }
        }
    }
}

/// The ability's sentence with `from` (printed) written `to`: the nearest sentence to suggest.
fn sentence_with(ability: &Loc<Ability>, from: &str, to: &str) -> String {
    text::ability(&ability.value).replacen(from, to, 1)
}

fn counted(
    who: FaceName<'_>,
    ability: &Loc<Ability>,
    effect: &Effect,
    t: &Target,
    count: TargetCount,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let written = text::target(t);
    if count.n > TargetCount::MAX {
        let fixed = Target::Chosen {
            kind: t.kind().unwrap_or(cardc_ir::PermanentKind::Permanent),
            controller: t.controller(),
            filters: t.filters(),
            other: t.other(),
            count: Some(Loc::new(
                TargetCount {
                    n: TargetCount::MAX,
                    up_to: count.up_to,
                },
                cardc_diagnostics::Span::default(),
            )),
        };
        let nearest = sentence_with(ability, &written, &text::target(&fixed));
        out.push(
            Diagnostic::error(
                TARGET_COUNT_TOO_MANY,
                span,
                format!(
                    "{who}: `{written}` chooses {} permanents; the engine chooses at most 8 targets for one ability",
                    text::count_word(count.n)
                ),
            )
            .with_label("more than eight")
            .with_note("ruling R82: one ability, Maneuver or trigger chooses at most 8 targets")
            .with_help(format!("write `{nearest}`")),
        );
        return;
    }
    if count.n == 0 {
        out.push(
            Diagnostic::error(
                TARGET_COUNT_NOT_READ,
                span,
                format!("{who}: `{written}` chooses no permanent at all"),
            )
            .with_label("a count of zero")
            .with_note("ruling R82: a count of targets is one to eight; `up to` already lets the controller choose none")
            .with_help("write `up to one target …` for an optional target, or leave the step out"),
        );
        return;
    }
    // `{target} gets …`, `{target} loses … CP`: the verb agrees with one card.
    if matches!(
        effect,
        Effect::StatChange { .. } | Effect::TargetLosesCp { .. } | Effect::TargetGainsCp { .. }
    ) {
        out.push(
            Diagnostic::error(
                TARGET_COUNT_NOT_READ,
                span,
                format!("{who}: `{written}` is the subject of its verb, which a count of targets cannot be"),
            )
            .with_label("a counted subject")
            .with_note("ruling R82: a count of targets is read where the target is the verb's object (`Ready up to two target Ground Units you control.`)")
            .with_help("choose the cards one `target …` at a time, or write `each …` for every one"),
        );
    }
}

fn plural_anaphor(
    who: FaceName<'_>,
    ability: &Loc<Ability>,
    that: Option<cardc_ir::PermanentKind>,
    target: &Target,
    count: TargetCount,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let word = text::anaphor(that);
    let written = text::target(target);
    let single = Target::Chosen {
        kind: target.kind().unwrap_or(cardc_ir::PermanentKind::Permanent),
        controller: target.controller(),
        filters: target.filters(),
        other: target.other(),
        count: None,
    };
    let plain = text::target(&single);
    let nearest = sentence_with(ability, &format!("each of {written}"), &plain);
    let nearest = if nearest == text::ability(&ability.value) {
        sentence_with(ability, &written, &plain)
    } else {
        nearest
    };
    let many = if count.up_to {
        format!("up to {} cards", text::count_word(count.n))
    } else {
        format!("{} cards", text::count_word(count.n))
    };
    out.push(
        Diagnostic::error(
            ANAPHOR_PLURAL_TARGET,
            span,
            format!("{who}: `{written}` is plural; `{word}` cannot pick one of its {many}"),
        )
        .with_label(format!("`{word}` names one card"))
        .with_note("ruling R82: `it` and `that <kind>` refer to one card; a counted target (other than `up to one`) may be several")
        .with_help(format!("write `{nearest}`")),
    );
}
