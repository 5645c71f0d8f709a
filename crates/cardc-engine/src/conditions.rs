//! Whether a condition holds: the rules logic of every `[[condition]]` row of the table, one
//! arm each in [`Game::holds`], so a new condition does not build until the engine says when
//! it holds. An intervening `if` of a trigger (`Whenever <event>, if <condition>, …`) is read
//! twice (ruling R36): as the event happens (the trigger is not queued unless it holds) and
//! again as the trigger resolves (it does nothing unless it still holds).

use crate::card::{Condition, Kind, PermanentKind};
use crate::game::Game;
use crate::ids::{PermanentId, PlayerId};

impl Game {
    /// Whether `condition` holds for the ability of permanent `source`, controlled by `you`.
    /// A condition about `source` itself is false once it has left the Map.
    pub fn holds(&self, condition: Condition, source: PermanentId, you: PlayerId) -> bool {
        let me = self.on_map(source);
        let treasury = self.player(you).treasury;
        let story = self.player(you).story_points;
        match condition {
            Condition::YouHaveCurrency { n } => treasury >= n,
            Condition::YouHaveStoryPoints { n } => story >= n,
            // §7.3: a Character's current CP.
            Condition::ThisHasCpOrMore { n } => {
                me.is_some_and(|p| p.is_character() && p.cp >= i64::from(n))
            }
            Condition::ThisHasCpOrLess { n } => {
                me.is_some_and(|p| p.is_character() && p.cp <= i64::from(n))
            }
            // Ruling R14: effective Rank, printed Rank plus net RK statics.
            Condition::ThisHasRankOrMore { n } => self
                .effective_rank(source)
                .is_some_and(|r| r >= i64::from(n)),
            Condition::ThisHasRankOrLess { n } => self
                .effective_rank(source)
                .is_some_and(|r| r <= i64::from(n)),
            // §12.6: the Liberation counters on it.
            Condition::ThisHasLiberationCounters { n } => me.is_some_and(|p| p.counters >= n),
            Condition::ThisHasNoLiberationCounters => me.is_some_and(|p| p.counters == 0),
            // Ruling R64: the Story counters on it, on any kind of card.
            Condition::ThisHasStoryCounters { n } => me.is_some_and(|p| p.story_counters >= n),
            // §12.4, ruling R4: garrisoning a declared target of the Liberation under way.
            Condition::ThisIsAGarrison => {
                self.liberation_in_progress()
                    && me.is_some_and(|p| {
                        p.garrisoning.is_some()
                            && matches!(p.kind(), Kind::Character | Kind::GroundUnit)
                    })
            }
            Condition::YouControlA { kind } => self.controlled(kind, |c| c == you) >= 1,
            Condition::YouControlOrMore { n, kind } => self.controlled(kind, |c| c == you) >= n,
            Condition::YouControlNo { kind } => self.controlled(kind, |c| c == you) == 0,
            // "an opponent controls": some opponent does.
            Condition::AnOpponentControlsA { kind } => self.controlled(kind, |c| c != you) >= 1,
        }
    }

    /// How many permanents of `kind` on the Map have a controller `whose` accepts.
    fn controlled(&self, kind: PermanentKind, whose: impl Fn(PlayerId) -> bool) -> u32 {
        let n = self
            .permanents
            .iter()
            .filter(|p| p.on_map() && whose(p.controller) && kind.accepts(p.kind()))
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }
}
