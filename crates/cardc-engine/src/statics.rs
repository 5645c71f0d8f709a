//! What each static of the vocabulary does: the engine's meaning of every `[[static]]` row,
//! one arm per `StaticKind` variant, so a new row does not build until the engine says what
//! it does. Whom a static covers is `Game::covers`; netting is `Game::net_static` (§7.5);
//! whether a conditional static applies is `Game::applies`, asked at each reading (R70).

use crate::card::{BonusStat, Condition, Static, StaticKind};
use crate::game::{Game, Permanent};

impl StaticKind {
    /// What this static adds to `stat` of each permanent it covers (negative for a
    /// penalty; 0 when it does not change `stat`).
    pub fn bonus(&self, stat: BonusStat) -> i64 {
        match *self {
            // §7.5: bonuses and penalties to DEF and RK net before they apply.
            StaticKind::Bonus { amount, stat: s } if s == stat => i64::from(amount),
            StaticKind::Bonus { .. } => 0,
            // Prohibitions change no stat (`prohibitions.rs`).
            StaticKind::NotDeclared
            | StaticKind::NotLiberator
            | StaticKind::NotGarrison
            | StaticKind::KeepsCounters => 0,
        }
    }
}

impl Game {
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
