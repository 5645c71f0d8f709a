//! Cost changes (ruling R87): `Maneuvers you play cost 1 less.` read into
//! [`cardc_ir::CostChange`]. The cards are read against [`CostGroup`] in any case, singular or
//! plural; the verb the designer wrote (`Characters you play`) is not kept: the canonical
//! form prints the one the cards take (`deploy` for permanents, `play` for Maneuvers and
//! Storylines).
//!
//! Misuse found here: cards that have no cost or are not a card type (`E0235`: Locations are
//! never deployed from hand, §7.10), and `cost 0 less` (`E0236`: it changes nothing).

use super::fields::Sign;
use super::Lowerer;
use cardc_diagnostics::{did_you_mean, Diagnostic};
use cardc_ir::{CostChange, CostGroup, CostPlayer, Loc};
use cardc_syntax::ast::{self, Spanned};

/// The cards of a cost change are not a card type that has a cost.
pub const COST_CHANGE_NO_COST: &str = "E0235";
/// `cost 0 less` / `cost 0 more`.
pub const COST_CHANGE_ZERO: &str = "E0236";

/// A group as written, any case, singular (`Maneuver`) or plural (`Maneuvers`).
fn group_any_case(word: &str) -> Option<CostGroup> {
    CostGroup::ALL.iter().copied().find(|g| {
        let plural = g.name();
        let singular = plural.strip_suffix('s').unwrap_or(plural);
        plural.eq_ignore_ascii_case(word) || singular.eq_ignore_ascii_case(word)
    })
}

/// Whether `word` names Locations (`Surface Locations`, `Homeworld`, `Locations`).
fn names_locations(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    w.ends_with("location") || w.ends_with("locations") || w.starts_with("homeworld")
}

impl Lowerer {
    /// `<cards> [<player> play|deploy] cost <n> less|more` (ruling R87).
    pub(super) fn cost_change(&mut self, c: &ast::CostChange) -> Option<CostChange> {
        let cards = self.cost_group(&c.cards)?;
        let n = self.number(&c.amount.value, c.amount.span, Sign::Unsigned)?;
        if n == 0 {
            self.diagnostics.push(
                Diagnostic::error(
                    COST_CHANGE_ZERO,
                    c.amount.span,
                    "a cost change of 0 changes nothing",
                )
                .with_label("`cost 0 less` leaves every cost as printed")
                .with_help(
                    "write how much less or more, e.g. `cost 1 less`, or leave the sentence out",
                ),
            );
            return None;
        }
        let n = i32::try_from(n).ok()?;
        Some(CostChange {
            cards: Loc::new(cards, c.cards.span),
            player: c.player.as_ref().map(|p| match p.value {
                ast::CostPlayer::You => CostPlayer::You,
                ast::CostPlayer::Opponent => CostPlayer::Opponent,
            }),
            delta: if c.more { n } else { -n },
        })
    }

    fn cost_group(&mut self, cards: &Spanned<String>) -> Option<CostGroup> {
        if let Some(g) = group_any_case(&cards.value) {
            return Some(g);
        }
        let d = if names_locations(&cards.value) {
            Diagnostic::error(
                COST_CHANGE_NO_COST,
                cards.span,
                format!("`{}` have no cost to change", cards.value),
            )
            .with_label("Locations have no cost and are not deployed from hand")
            .with_note("§7.10: Locations are put on the Map at set-up, never deployed from hand, so nothing ever pays for one (ruling R87)")
            .with_help("name cards that are paid for, e.g. `Ground Units you deploy cost 1 less.`")
        } else {
            let d = Diagnostic::error(
                COST_CHANGE_NO_COST,
                cards.span,
                format!("`{}` is not a card type with a cost", cards.value),
            )
            .with_label("expected the cards a cost change is about")
            .with_note(format!(
                "a cost change names one of: {} (ruling R87)",
                CostGroup::names().collect::<Vec<_>>().join(", ")
            ));
            match did_you_mean(&cards.value, CostGroup::names()) {
                Some(s) => d.with_help(format!("did you mean `{s}`?")),
                None => d.with_help("e.g. `Maneuvers you play cost 1 less.`"),
            }
        };
        self.diagnostics.push(d);
        None
    }
}
