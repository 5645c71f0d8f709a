//! Cost changes (rulings R87, R88): what a card costs as it is paid for. A card's printed
//! `cost` is paid from its player's Treasury when it is deployed (§7.11) or played (a
//! Maneuver, §7.4); every cost change on a card in play (a permanent's face showing, a
//! Storyline's front face) whose cards and player cover it adds its change, all of them
//! together, and the sum is never below 0 (ruling R88). The card being paid for is not in
//! play yet, so its own cost change never changes its own cost.

use crate::card::{FaceData, Kind, Speed};
use crate::game::Game;
use crate::ids::PlayerId;

pub use cardc_types::{CostGroup, CostPlayer};

/// `Maneuvers you play cost 1 less.`: generated from the IR's `CostChange` (ruling R87).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CostChange {
    /// The cards it is about.
    pub cards: CostGroup,
    /// Whose cards, from its controller's point of view; every player's when `None`.
    pub player: Option<CostPlayer>,
    /// What it adds to each such card's cost (`-1` for `cost 1 less`).
    pub delta: i32,
}

impl CostChange {
    /// Whether this change, on a card `source` controls, covers `card` as `payer` pays for
    /// it.
    pub fn covers(&self, source: PlayerId, payer: PlayerId, card: &FaceData) -> bool {
        let whose = match self.player {
            None => true,
            Some(CostPlayer::You) => source == payer,
            Some(CostPlayer::Opponent) => source != payer,
        };
        let kind: Kind = card.kind;
        whose
            && self.cards.covers(
                kind,
                card.speed == Some(Speed::Fast),
                card.character_action.is_some(),
            )
    }
}

/// A printed cost with the sum of the changes that apply (ruling R88): never below 0.
pub fn changed_cost(printed: u32, changes: i64) -> u32 {
    let cost = i64::from(printed).saturating_add(changes).max(0);
    u32::try_from(cost).unwrap_or(u32::MAX)
}

impl Game {
    /// What `payer` pays for `card` right now (rulings R87, R88): its printed cost with every
    /// cost change in play that covers it, added together, never below 0.
    pub fn cost_to_pay(&self, payer: PlayerId, card: &FaceData) -> u32 {
        let changes: i64 = self
            .permanents
            .iter()
            .filter(|p| p.on_map())
            .flat_map(|p| {
                p.data()
                    .cost_changes
                    .iter()
                    .filter(move |c| c.covers(p.controller, payer, card))
            })
            .map(|c| i64::from(c.delta))
            .sum();
        changed_cost(card.cost, changes)
    }
}
