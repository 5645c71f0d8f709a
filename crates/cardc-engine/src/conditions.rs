//! Whether a condition holds: the rules logic of every `[[condition]]` row of the table, one
//! arm each in [`Game::holds`], so a new condition does not build until the engine says when
//! it holds. An intervening `if` of a trigger (`Whenever <event>, if <condition>, …`) is read
//! twice (ruling R36): as the event happens (the trigger is not queued unless it holds) and
//! again as the trigger resolves (it does nothing unless it still holds).

use crate::card::{Condition, Face, Filter, Kind, PermanentKind};
use crate::game::{Game, Permanent};
use crate::ids::{PermanentId, PlayerId};

impl Game {
    /// Whether `condition` holds for the ability of permanent `source`, controlled by `you`.
    /// A condition about `source` itself is false once it has left the Map.
    pub fn holds(&self, condition: Condition, source: PermanentId, you: PlayerId) -> bool {
        self.holds_for(condition, Some(source), you)
    }

    /// Whether `condition` holds for a text controlled by `you` whose card is the permanent
    /// `source`, or no permanent (`None`: a Maneuver, ruling R61). A condition about the
    /// card itself is false when there is none on the Map.
    pub fn holds_for(
        &self,
        condition: Condition,
        source: Option<PermanentId>,
        you: PlayerId,
    ) -> bool {
        let me = source.and_then(|s| self.on_map(s));
        let rank = || source.and_then(|s| self.effective_rank(s));
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
            Condition::ThisHasRankOrMore { n } => rank().is_some_and(|r| r >= i64::from(n)),
            Condition::ThisHasRankOrLess { n } => rank().is_some_and(|r| r <= i64::from(n)),
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
            // Ruling R109: the face showing, as the filters `Prime` and `Fallen` read it (§7.7).
            Condition::YouControlAPrime { kind } => self.controls_a(you, kind, Filter::Prime),
            Condition::YouControlAFallen { kind } => self.controls_a(you, kind, Filter::Fallen),
            Condition::YouControlA { kind } => self.controlled(kind, |c| c == you) >= 1,
            Condition::YouControlOrMore { n, kind } => self.controlled(kind, |c| c == you) >= n,
            Condition::YouControlNo { kind } => self.controlled(kind, |c| c == you) == 0,
            // "an opponent controls": some opponent does.
            Condition::AnOpponentControlsA { kind } => self.controlled(kind, |c| c != you) >= 1,
            // Ruling R61: `another` leaves out the card printing it (nothing on a Maneuver).
            Condition::YouControlAnother { kind } => self
                .map()
                .any(|p| p.controller == you && kind.accepts(p.kind()) && Some(p.id) != source),
            // Ruling R62: the Character the Storyline binds; never true with no Bound.
            Condition::TheBoundHasCpOrLess { n } => self
                .bound_of(source)
                .is_some_and(|b| b.is_character() && b.cp <= i64::from(n)),
            Condition::TheBoundHasCpOrMore { n } => self
                .bound_of(source)
                .is_some_and(|b| b.is_character() && b.cp >= i64::from(n)),
            Condition::TheBoundIsFallen => self
                .bound_of(source)
                .is_some_and(|b| b.face == Face::Fallen),
            Condition::TheBoundIsPrime => {
                self.bound_of(source).is_some_and(|b| b.face == Face::Prime)
            }
            // §7.9a: the Vox printed on the face showing, on a Character or Ground Unit.
            Condition::ThisHasVox { n } => me.is_some_and(|p| {
                matches!(p.kind(), Kind::Character | Kind::GroundUnit) && p.data().vox >= n
            }),
            // Every opponent, not some (not merged with `an opponent controls`); with no
            // opponent seated, nobody fails it, but the engine seats two or more.
            Condition::EachOpponentControlsA { kind } => self
                .seats_from(you)
                .filter(|&o| o != you)
                .all(|o| self.controlled(kind, |c| c == o) >= 1),
            // Ruling R65: between Step 1 and the end of Step 7, declared by whom.
            Condition::DuringALiberation => self.liberation_in_progress(),
            Condition::DuringALiberationYouDeclared => self.liberating() == Some(you),
            Condition::DuringALiberationAnOpponentDeclared => {
                self.liberating().is_some_and(|p| p != you)
            }
        }
    }

    /// The player who declared the Liberation under way, if one is (ruling R65).
    pub fn liberating(&self) -> Option<PlayerId> {
        self.liberation.as_ref().map(|l| l.liberating)
    }

    /// The Bound of `source` (ruling R62): the Character on the Map the Storyline `source`
    /// binds; `None` for any other card and for a Storyline with no Bound.
    fn bound_of(&self, source: Option<PermanentId>) -> Option<&Permanent> {
        let storyline = self.on_map(source?)?;
        if storyline.kind() != Kind::Storyline {
            return None;
        }
        self.on_map(storyline.bound?)
    }

    /// Whether `you` control a permanent of `kind` on the Map that passes `filter`, a filter
    /// that reads no stat and no Band (ruling R109: `Prime`, `Fallen`).
    fn controls_a(&self, you: PlayerId, kind: PermanentKind, filter: Filter) -> bool {
        self.map().any(|p| {
            p.controller == you
                && kind.accepts(p.kind())
                && self
                    .facts_reading(p, false, false)
                    .passes(filter, &crate::filters::Origin::NOWHERE)
        })
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
