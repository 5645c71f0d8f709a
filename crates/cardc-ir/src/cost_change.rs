//! Cost changes (ruling R87): `Maneuvers you play cost 1 less.`, `Fast Maneuvers an opponent
//! plays cost 1 more.`, `Storylines cost 2 more.` A static ability of a permanent or a
//! Storyline's front face that changes the Currency cost of the cards of a group as they are
//! paid for (deployed or played).

use serde::{Deserialize, Serialize};

pub use cardc_types::{CostGroup, CostPlayer};

use crate::loc::Loc;

/// `<cards> [<player> play|deploy] cost <n> less|more` (ruling R87).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CostChange {
    /// The cards it is about: `Maneuvers`, `Fast Maneuvers`, `Characters`.
    pub cards: Loc<CostGroup>,
    /// Whose cards: `you play`, `an opponent plays`; every player's when `None`.
    pub player: Option<CostPlayer>,
    /// What it adds to each such card's cost: `-1` for `cost 1 less`, `2` for `cost 2 more`.
    /// Never 0 (the checker refuses `cost 0 less`, `E0236`).
    pub delta: i32,
}

impl CostChange {
    /// The canonical sentence: `Maneuvers you play cost 1 less.`, `Characters an opponent
    /// deploys cost 1 more.`, `Storylines cost 2 more.` The verb is the one the cards take
    /// (`deploy` for permanents, `play` for Maneuvers and Storylines), agreeing with the
    /// player.
    pub fn text(&self) -> String {
        let cards = self.cards.value;
        let verb = if cards.deployed() { "deploy" } else { "play" };
        let who = match self.player {
            None => String::new(),
            Some(CostPlayer::You) => format!(" you {verb}"),
            Some(CostPlayer::Opponent) => format!(" an opponent {verb}s"),
        };
        let way = if self.delta < 0 { "less" } else { "more" };
        format!("{cards}{who} cost {} {way}.", self.delta.unsigned_abs())
    }
}
