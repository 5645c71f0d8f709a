//! What each static of the vocabulary does: the engine's meaning of every `[[static]]` row,
//! one arm per `StaticKind` variant, so a new row does not build until the engine says what
//! it does. Whom a static covers is `Game::covers`; netting is `Game::net_static` (§7.5);
//! whether a conditional static applies is `Game::applies`, asked at each reading (R70).

use crate::card::{BonusStat, Condition, Static, StaticKind};
use crate::game::{Game, Permanent};
use crate::quantity::Countable;

impl StaticKind {
    /// What this static adds to `stat` of each permanent it covers (negative for a
    /// penalty; 0 when it does not change `stat`).
    pub fn bonus(&self, stat: BonusStat) -> i64 {
        match *self {
            // §7.5: bonuses and penalties to DEF and RK net before they apply.
            // Ruling R92: a scaling bonus adds this much for each one its count counts.
            StaticKind::Bonus { amount, stat: s }
            | StaticKind::BonusForEach {
                amount, stat: s, ..
            } if s == stat => i64::from(amount),
            StaticKind::Bonus { .. } | StaticKind::BonusForEach { .. } => 0,
            // Prohibitions change no stat (`prohibitions.rs`).
            StaticKind::NotDeclared
            | StaticKind::NotLiberator
            | StaticKind::NotGarrison
            | StaticKind::KeepsCounters => 0,
        }
    }
}

impl StaticKind {
    /// What the bonus is multiplied by, if it scales (`+1 DEF for each other Ground Unit you
    /// control`, ruling R92): the count, made again at every reading of the stat.
    pub fn scale(&self) -> Option<Countable> {
        match *self {
            StaticKind::BonusForEach { each, .. } => Some(each),
            StaticKind::Bonus { .. }
            | StaticKind::NotDeclared
            | StaticKind::NotLiberator
            | StaticKind::NotGarrison
            | StaticKind::KeepsCounters => None,
        }
    }
}

impl Countable {
    /// Whether counting it reads a Rank (a group with a `with Rank N or less|more` filter,
    /// effective Rank, ruling R14): such a count never scales an RK static (ruling R92).
    pub fn reads_rank(&self) -> bool {
        match self {
            Countable::Group(g) => !g.selector.filters.all(|f| !f.reads_rank()),
            Countable::LiberationCountersOnThisCard
            | Countable::StoryCountersOnThisCard
            | Countable::CardsInYourHand
            | Countable::CardsInYourDepletedPile(_)
            | Countable::Opponents => false,
        }
    }

    /// Whether counting it reads a DEF (a group with a `with N or less|more DEF` filter,
    /// effective DEF, ruling R108): such a count never scales a DEF static, as a Rank count
    /// never scales an RK static (ruling R92).
    pub fn reads_def(&self) -> bool {
        match self {
            Countable::Group(g) => !g.selector.filters.all(|f| !f.reads_def()),
            Countable::LiberationCountersOnThisCard
            | Countable::StoryCountersOnThisCard
            | Countable::CardsInYourHand
            | Countable::CardsInYourDepletedPile(_)
            | Countable::Opponents => false,
        }
    }
}

impl Game {
    /// How many times static `kind` of `source` adds its bonus to `stat` now: 1 for a fixed
    /// bonus, else its count, made as the stat is read from `source`'s controller's point of
    /// view, `other` leaving out `source` (ruling R92). A count that reads a Rank never
    /// scales an RK static (0: the checker refuses it, `E0239`), so reading a Rank never
    /// reads itself.
    pub(crate) fn times(&self, source: &Permanent, kind: StaticKind, stat: BonusStat) -> i64 {
        match kind.scale() {
            None => 1,
            Some(c) if stat == BonusStat::Rank && c.reads_rank() => 0,
            // Ruling R108: the same for a DEF count and a DEF static (the checker: `E0261`).
            Some(c) if stat == BonusStat::Def && c.reads_def() => 0,
            Some(c) => i64::from(self.count(c, Some(source.id), source.controller)),
        }
    }

    /// Whether static `s` of `source` applies right now, as its stat `stat` is read (ruling
    /// R70): always without a condition, else while `Game::holds` says the condition does. A
    /// condition that reads Rank never lets an RK static apply (the checker refuses it,
    /// `E0240`), so reading a Rank never reads itself.
    pub(crate) fn applies(&self, source: &Permanent, s: &Static, stat: BonusStat) -> bool {
        match s.condition {
            None => true,
            Some(c) if stat == BonusStat::Rank && c.reads_rank() => false,
            Some(c) => self.holds(c, source.id, source.controller),
        }
    }
}

impl Condition {
    /// Whether `Game::holds` reads a Rank to decide it (effective Rank, ruling R14, which
    /// nets the RK statics): such a condition never gates an RK static (ruling R70).
    pub fn reads_rank(&self) -> bool {
        match self {
            Condition::ThisHasRankOrMore { .. } | Condition::ThisHasRankOrLess { .. } => true,
            Condition::YouHaveCurrency { .. }
            | Condition::YouHaveStoryPoints { .. }
            | Condition::ThisHasCpOrMore { .. }
            | Condition::ThisHasCpOrLess { .. }
            | Condition::ThisHasLiberationCounters { .. }
            | Condition::ThisHasNoLiberationCounters
            | Condition::ThisHasStoryCounters { .. }
            | Condition::ThisIsAGarrison
            | Condition::YouControlA { .. }
            | Condition::YouControlAPrime { .. }
            | Condition::YouControlAFallen { .. }
            | Condition::YouControlOrMore { .. }
            | Condition::YouControlNo { .. }
            | Condition::AnOpponentControlsA { .. }
            | Condition::YouControlAnother { .. }
            | Condition::TheBoundHasCpOrLess { .. }
            | Condition::TheBoundHasCpOrMore { .. }
            | Condition::TheBoundIsFallen
            | Condition::TheBoundIsPrime
            | Condition::ThisHasVox { .. }
            | Condition::EachOpponentControlsA { .. }
            | Condition::DuringALiberation
            | Condition::DuringALiberationYouDeclared
            | Condition::DuringALiberationAnOpponentDeclared => false,
        }
    }
}
