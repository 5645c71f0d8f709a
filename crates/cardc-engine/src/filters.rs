//! Whether a permanent passes a filter: the rules logic of every `[[filter]]` row of the
//! table, one arm each in [`Facts::passes`], so a new filter does not build until the engine
//! says whom it lets through. [`Game::passes`] reads a permanent's [`Facts`] and asks it;
//! `Game::selects` asks it for every filter of a [`Selector`](crate::Selector) (targets
//! chosen or `each`, the groups of statics through `Game::covers`), and the group of an event
//! asks the facts taken as the event happened (`Seen::Member`), so every selector agrees
//! (ruling R63: a filter reads the face showing and the permanent's state at the moment the
//! selector is read).

use crate::card::{Drive, Face, Filter, Kind, Morality, StatValue};
use crate::game::{Game, Permanent};

/// What the filters read of one permanent, taken at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Its type.
    pub kind: Kind,
    /// The face showing.
    pub face: Face,
    /// The Morality the face showing prints.
    pub morality: Option<Morality>,
    /// The Drives the face showing prints.
    pub drives: &'static [Drive],
    /// Its effective Rank (printed Rank and net RK, ruling R14); `None` for Rank X or none.
    pub rank: Option<i64>,
    /// Its effective DEF (printed DEF and net DEF, ruling R108); `None` for DEF X or none.
    pub def: Option<i64>,
    /// Its current CP.
    pub cp: i64,
    /// The Vox the face showing prints.
    pub vox: u32,
    /// Liberation counters on it.
    pub counters: u32,
    /// Story counters on it.
    pub story_counters: u32,
}

impl Filter {
    /// Whether it reads a permanent's effective DEF (ruling R108), which nets the DEF statics.
    pub fn reads_def(self) -> bool {
        matches!(self, Filter::DefOrLess(_) | Filter::DefOrMore(_))
    }

    /// Whether it reads a permanent's effective Rank (ruling R14), which nets the RK statics.
    pub fn reads_rank(self) -> bool {
        match self {
            Filter::RankOrLess(_) | Filter::RankOrMore(_) => true,
            Filter::DefOrLess(_) | Filter::DefOrMore(_) => false,
            Filter::Prime
            | Filter::Fallen
            | Filter::Morality(_)
            | Filter::CpOrLess(_)
            | Filter::CpOrMore(_)
            | Filter::VoxOrMore(_)
            | Filter::VoxOrLess(_)
            | Filter::NoVox
            | Filter::LiberationCountersOrMore(_)
            | Filter::NoLiberationCounters
            | Filter::StoryCountersOrMore(_)
            | Filter::Drive(_) => false,
        }
    }
}

impl Facts {
    /// Whether a permanent with these facts passes `filter`.
    pub fn passes(&self, filter: Filter) -> bool {
        let character = self.kind == Kind::Character;
        let has_vox = matches!(self.kind, Kind::Character | Kind::GroundUnit);
        match filter {
            // §7.7: a Character shows its Prime face until it Falls; no other kind has one.
            Filter::Prime => character && self.face == Face::Prime,
            // §7.7: Fallen is a general label, a flipped permanent of any kind.
            Filter::Fallen => self.face == Face::Fallen,
            // §7.2: the Morality printed on the face showing.
            Filter::Morality(m) => character && self.morality == Some(m),
            // Ruling R14: effective Rank; a Character's Rank X never passes.
            Filter::RankOrLess(n) => self.rank.is_some_and(|r| r <= i64::from(n)),
            Filter::RankOrMore(n) => self.rank.is_some_and(|r| r >= i64::from(n)),
            // Ruling R108: effective DEF (§19.8); a Character's DEF X never passes.
            Filter::DefOrLess(n) => self.def.is_some_and(|d| d <= i64::from(n)),
            Filter::DefOrMore(n) => self.def.is_some_and(|d| d >= i64::from(n)),
            // §7.3: a Character's current CP.
            Filter::CpOrLess(n) => character && self.cp <= i64::from(n),
            Filter::CpOrMore(n) => character && self.cp >= i64::from(n),
            // §7.9a: the Vox printed on the face showing of a Character or Ground Unit.
            Filter::VoxOrMore(n) => has_vox && self.vox >= n,
            Filter::VoxOrLess(n) => has_vox && self.vox <= n,
            Filter::NoVox => has_vox && self.vox == 0,
            // §7.9, §12.6: Liberation counters, which never remain on a Character.
            Filter::LiberationCountersOrMore(n) => !character && self.counters >= n,
            Filter::NoLiberationCounters => !character && self.counters == 0,
            // Ruling R64: Story counters, on any permanent.
            Filter::StoryCountersOrMore(n) => self.story_counters >= n,
            // §7.1: the Drives printed on the face showing.
            Filter::Drive(d) => character && self.drives.contains(&d),
        }
    }
}

impl Game {
    /// What the filters read of `p` now.
    pub fn facts(&self, p: &Permanent) -> Facts {
        self.facts_reading(p, true, true)
    }

    /// What the filters read of `p` now; its effective Rank only if `rank` and its effective
    /// DEF only if `def` (reading them nets the statics, which may count permanents through
    /// their filters, rulings R92, R108).
    fn facts_reading(&self, p: &Permanent, rank: bool, def: bool) -> Facts {
        let data = p.data();
        let netted = |printed: Option<StatValue>, read: bool, stat| match printed {
            Some(StatValue::Num(n)) if read => Some(i64::from(n) + self.net_static(p.id, stat)),
            Some(_) | None => None,
        };
        let def = netted(data.def, def, crate::card::BonusStat::Def);
        let rank = netted(data.rank, rank, crate::card::BonusStat::Rank);
        Facts {
            kind: data.kind,
            face: p.face,
            morality: data.morality,
            drives: data.drives,
            rank,
            def,
            cp: p.cp,
            vox: data.vox,
            counters: p.counters,
            story_counters: p.story_counters,
        }
    }

    /// Whether permanent `p` passes `filter` now.
    pub fn passes(&self, p: &Permanent, filter: Filter) -> bool {
        self.facts_reading(p, filter.reads_rank(), filter.reads_def())
            .passes(filter)
    }
}
