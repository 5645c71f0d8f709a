//! Activated abilities' costs (§7.3, ruling R54): which kind of ability the costs make, where
//! each may be printed, and whether the card could ever pay it.
//!
//! The facts come from the cost rows of `vocab/vocabulary.toml` (`Cost::marks`,
//! `Cost::card_needs`, `Cost::needs`); the rules that read them are here.

use crate::codes::*;
use crate::report::{self, FaceName};
use crate::stats::prints_rank;
use cardc_diagnostics::{Applicability, Diagnostic, Span};
use cardc_ir::{Activated, Card, CardKind, Cost, CostNeeds, Face, FaceRole, Kind};

/// Every check of one activated ability printed by `card` (`who` names its face), at `span`.
pub(crate) fn check(
    card: &Card,
    face: &Face,
    who: FaceName<'_>,
    a: &Activated,
    span: Span,
    out: &mut Vec<Diagnostic>,
) {
    let kind = card.kind.value;
    // A Storyline is in play, and its front face may print a plain activated ability
    // (ruling R54); it is never Activated, and has no CP.
    let storyline_front =
        kind == CardKind::Storyline && face.role == FaceRole::Front && a.marks().is_none();
    if !kind.is_permanent() && a.cp().is_some() {
        let cp = a.costs.first().map_or(span, |c| c.span);
        out.push(
            Diagnostic::error(
                CP_ABILITY_NOT_CHARACTER,
                cp,
                format!("{who}: a Character Ability on {}", report::a_kind(card)),
            )
            .with_label(format!("{} has no CP to pay", report::a_kind(card)))
            .with_note("§7.3: Character Abilities, written `±X CP: Action`, add or remove the Character's own CP")
            .with_help("write the effect as the card's text, without a cost"),
        );
        return;
    }
    if !kind.is_permanent() && !storyline_front {
        out.push(
            Diagnostic::error(
                ACTIVATED_NOT_PERMANENT,
                span,
                format!("{who}: an activated ability on {}", report::a_kind(card)),
            )
            .with_label(format!(
                "{} is never on the Map to be activated",
                report::a_kind(card)
            ))
            .with_note("§7.3: an activated ability is used by a permanent on the Map")
            .with_help("write the effect as the card's text, without its costs"),
        );
        return;
    }
    marks(who, a, out);
    repeated(who, a, out);
    activations(card, who, a, out);
    for cost in &a.costs {
        if cost.value.card_needs() == Some(CardKind::Character) && kind != CardKind::Character {
            out.push(
                Diagnostic::error(
                    CP_ABILITY_NOT_CHARACTER,
                    cost.span,
                    format!("{who}: a Character Ability on {}", report::a_kind(card)),
                )
                .with_label(format!("{} has no CP to pay", report::a_kind(card)))
                .with_note("§7.3: Character Abilities, written `±X CP: Action`, add or remove the Character's own CP")
                .with_help("write an activated ability instead, e.g. `A, Pay 1 Currency: …`"),
            );
        }
        let never_carries = kind == CardKind::Character || !prints_rank(kind);
        if cost.value.needs() == Some(CostNeeds::Rank) && never_carries {
            let label = if kind == CardKind::Character {
                "Liberation counters on a Character become CP loss at once: none stay on it"
                    .to_owned()
            } else {
                format!(
                    "{} prints no Rank, so it never carries Liberation counters",
                    report::a_kind(card)
                )
            };
            out.push(
                Diagnostic::error(
                    COST_NEVER_PAID,
                    cost.span,
                    format!("{who}: a cost {} can never pay", report::a_kind(card)),
                )
                .with_label(label)
                .with_note("§7.9: Liberation counters go only on permanents with Rank, and on a Character (Rank X) each becomes 1 CP of loss")
                .with_help("use a cost the card can pay, such as `Pay 1 Currency`"),
            );
        }
    }
    if a.marks().is_none() && kind == CardKind::Character {
        let first = a.costs.first().map_or(span, |c| c.span);
        out.push(
            Diagnostic::error(
                CHARACTER_ABILITY_KIND,
                first,
                format!("{who}: a Character's ability is neither `±X CP:` nor `A, Cost:`"),
            )
            .with_label("a Character's activated ability says which kind it is")
            .with_note("§7.3: a Character has two types of activated abilities, Character Abilities (`±X CP: Action`) and Activated Character Abilities (`A, Cost: Action`); ruling R54")
            .with_help("add the activate symbol: `A, …`")
            .suggest(
                "make it an Activated Character Ability",
                Span { end: first.start, ..first },
                "A, ",
                Applicability::MachineApplicable,
            ),
        );
    }
}

/// `A` with a CP gain: `+X CP` is what a Character Ability gains, not a cost (§7.3).
fn marks(who: FaceName<'_>, a: &Activated, out: &mut Vec<Diagnostic>) {
    let Some(symbol) = a.costs.iter().find(|c| c.value == Cost::Activate) else {
        return;
    };
    for gain in a
        .costs
        .iter()
        .filter(|c| matches!(c.value, Cost::Cp(n) if n > 0))
    {
        out.push(
            Diagnostic::error(
                ABILITY_KIND_CONFLICT,
                gain.span,
                format!("{who}: an Activated Character Ability that gains CP"),
            )
            .with_label("a CP gain is not a cost")
            .with_secondary(symbol.span, "an Activated Character Ability, by this `A`")
            .with_note("§7.3: `+X CP: Action` is a Character Ability, Slow and once per turn; `A, Cost: Action` activates the card, and its cost may remove CP (`A, -1 CP: …`) but not add it")
            .with_help("remove `A, ` to make it a Character Ability (`+1 CP: …`), or make the CP a cost (`-1 CP`)"),
        );
    }
}

/// Each kind of cost at most once: two are one larger cost.
fn repeated(who: FaceName<'_>, a: &Activated, out: &mut Vec<Diagnostic>) {
    for (i, cost) in a.costs.iter().enumerate() {
        let name = cost.value.name();
        if let Some(earlier) = a.costs[..i].iter().find(|c| c.value.name() == name) {
            out.push(
                Diagnostic::error(
                    COST_REPEATED,
                    cost.span,
                    format!("{who}: the same kind of cost is printed twice"),
                )
                .with_label("printed again here")
                .with_secondary(earlier.span, "first printed here")
                .with_note("ruling R54: each kind of cost appears once in an ability; a larger cost is one larger number")
                .with_help("combine them into one cost (`Pay 3 Currency`, `Discard 2 cards`)"),
            );
        }
    }
}

/// `Activate a <kind> you control` and `Activate N <kinds> you control` (ruling R54): the
/// card itself never pays them, so on a card of that kind `a` says `another` (`E0247`), and a
/// count says two or more (`E0248`: one is `a`, none activates nothing).
fn activations(card: &Card, who: FaceName<'_>, a: &Activated, out: &mut Vec<Diagnostic>) {
    let own = |kind: cardc_ir::PermanentKind| {
        card.kind.value.is_permanent() && kind.accepts(Kind::of(card.kind.value, card.is_capital()))
    };
    for cost in &a.costs {
        match cost.value {
            Cost::ActivateOne(kind) if own(kind) => {
                out.push(
                    Diagnostic::error(
                        ACTIVATE_A_OWN_KIND,
                        cost.span,
                        format!(
                            "{who}: `Activate a {}` on {}, which is one",
                            kind.name(),
                            report::a_kind(card)
                        ),
                    )
                    .with_label("the card paying never activates itself for this cost")
                    .with_note("ruling R54: the permanent activated for the cost is another than the card whose ability it is; `A` activates the card itself (§7.3)")
                    .suggest(
                        "it is another permanent",
                        cost.span,
                        Cost::ActivateAnother(kind).printed(),
                        Applicability::MachineApplicable,
                    ),
                );
            }
            Cost::ActivateSeveral { n, kind } if n < 2 => {
                let (label, help) = if n == 0 {
                    (
                        "activating no permanent pays nothing",
                        "leave the cost out, or activate one or more".to_owned(),
                    )
                } else {
                    (
                        "one permanent is `a`",
                        format!(
                            "write `Activate {} {} you control`",
                            if own(kind) { "another" } else { "a" },
                            kind.name()
                        ),
                    )
                };
                out.push(
                    Diagnostic::error(
                        ACTIVATE_FEWER_THAN_TWO,
                        cost.span,
                        format!(
                            "{who}: a cost that activates {}",
                            if n == 0 {
                                "no permanent"
                            } else {
                                "one permanent by count"
                            }
                        ),
                    )
                    .with_label(label)
                    .with_note("ruling R54: a count of permanents to activate is two or more")
                    .with_help(help),
                );
            }
            _ => {}
        }
    }
}
