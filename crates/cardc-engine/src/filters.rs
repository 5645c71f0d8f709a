//! Whether a permanent passes a filter: the rules logic of every `[[filter]]` row of the
//! table, one arm each in [`Game::passes`], so a new filter does not build until the engine
//! says whom it lets through. [`Game::selects`](crate::Game) asks it for every filter of a
//! [`Selector`](crate::Selector): targets chosen or `each`, the groups of events and the
//! groups of statics alike (ruling R63: a filter reads the face showing and the permanent's
//! state at the moment the selector is read).

use crate::card::{Face, Filter, Kind};
use crate::game::{Game, Permanent};

impl Game {
    /// Whether permanent `p` (on the Map) passes `filter`.
    pub fn passes(&self, p: &Permanent, filter: Filter) -> bool {
        let data = p.data();
        let has_vox = matches!(p.kind(), Kind::Character | Kind::GroundUnit);
        match filter {
            // §7.7: a Character shows its Prime face until it Falls; no other kind has one.
            Filter::Prime => p.is_character() && p.face == Face::Prime,
            // §7.7: Fallen is a general label, a flipped permanent of any kind.
            Filter::Fallen => p.face == Face::Fallen,
            // §7.2: the Morality printed on the face showing.
            Filter::Morality(m) => p.is_character() && data.morality == Some(m),
            // Ruling R14: effective Rank; a Character's Rank X never passes.
            Filter::RankOrLess(n) => self.effective_rank(p.id).is_some_and(|r| r <= i64::from(n)),
            Filter::RankOrMore(n) => self.effective_rank(p.id).is_some_and(|r| r >= i64::from(n)),
            // §7.3: a Character's current CP.
            Filter::CpOrLess(n) => p.is_character() && p.cp <= i64::from(n),
            Filter::CpOrMore(n) => p.is_character() && p.cp >= i64::from(n),
            // §7.9a: the Vox printed on the face showing of a Character or Ground Unit.
            Filter::VoxOrMore(n) => has_vox && data.vox >= n,
            Filter::NoVox => has_vox && data.vox == 0,
            // §7.9, §12.6: Liberation counters, which never remain on a Character.
            Filter::LiberationCountersOrMore(n) => !p.is_character() && p.counters >= n,
            Filter::NoLiberationCounters => !p.is_character() && p.counters == 0,
            // Ruling R64: Story counters, on any permanent.
            Filter::StoryCountersOrMore(n) => p.story_counters >= n,
            // §7.1: the Drives printed on the face showing.
            Filter::Drive(d) => p.is_character() && data.drives.contains(&d),
        }
    }
}
