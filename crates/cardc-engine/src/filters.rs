//! Whether a permanent passes a filter: the rules logic of every `[[filter]]` row of the
//! table, one arm each in [`Facts::passes`], so a new filter does not build until the engine
//! says whom it lets through. [`Game::passes`] reads a permanent's [`Facts`] and asks it;
//! `Game::selects` asks it for every filter of a [`Selector`](crate::Selector) (targets
//! chosen or `each`, the groups of statics through `Game::covers`), and the group of an event
//! asks the facts taken as the event happened (`Seen::Member`), so every selector agrees
//! (ruling R63: a filter reads the face showing and the permanent's state at the moment the
//! selector is read).
//!
//! A Band filter (`in this card's Band`, `in an adjacent Band`, `in the Bound's Band`, ruling
//! R107) reads a Band relative to the card whose text it is, so every selector is read from an
//! [`Origin`]: that card's Band, its Bound's Band and which Bands are occupied, taken by
//! [`Game::origin`] from the text's source. A text with no source on the Map (a Maneuver, a
//! card that has left) reads from [`Origin::NOWHERE`], which no Band filter passes: the
//! filter fails closed. A Storyline is in no Band (its Bound is), so no Band filter ever
//! names one, and `in this card's Band` on a Storyline's text names nothing.

use crate::card::{Drive, Face, Filter, Filters, Kind, Morality, StatValue};
use crate::game::{BandKind, Game, Permanent};
use crate::ids::{BandId, PermanentId};

/// Which Bands of the Map hold a permanent and which is the Space Band, taken at one moment:
/// what adjacency reads (§12.3a, assumption A1). `Copy`, so reading it never allocates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BandMap {
    /// Bit `b` set: Band `b` holds a permanent on the Map.
    occupied: [u64; 4],
    /// Bit `b` set: Band `b` is the Space Band.
    space: [u64; 4],
}

impl BandMap {
    fn has(set: &[u64; 4], band: u8) -> bool {
        set[usize::from(band / 64)] & (1 << (band % 64)) != 0
    }

    fn set(set: &mut [u64; 4], band: u8) {
        set[usize::from(band / 64)] |= 1 << (band % 64);
    }

    /// Whether Band `to` is `from` or adjacent to it: every Band strictly between them is
    /// empty and not the Space Band (§12.3a, §14.2 skipping as assumption A1 reads it).
    pub fn adjacent_or_same(&self, from: BandId, to: BandId) -> bool {
        let (lo, hi) = if from <= to {
            (from.0, to.0)
        } else {
            (to.0, from.0)
        };
        (lo.saturating_add(1)..hi)
            .all(|b| !Self::has(&self.space, b) && !Self::has(&self.occupied, b))
    }

    /// Whether `to` is adjacent to `from` and not `from` itself (`in an adjacent Band`,
    /// ruling R107).
    pub fn adjacent(&self, from: BandId, to: BandId) -> bool {
        from != to && self.adjacent_or_same(from, to)
    }
}

/// Where a selector is read from, for its Band filters (ruling R107): the Band of the card
/// whose text it is, the Band of that card's Bound, and the Map they are read on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Origin {
    /// The Band of the text's card (`in this card's Band`, `in an adjacent Band`); `None`
    /// for a Maneuver, a Storyline and a card off the Map.
    pub this: Option<BandId>,
    /// The Band of the Bound of the text's Storyline (`in the Bound's Band`); `None` for any
    /// other card and for a Storyline with no Bound on the Map.
    pub bound: Option<BandId>,
    /// The Map adjacency is read on.
    pub map: BandMap,
}

impl Origin {
    /// Read from no card: no Band filter passes (a Maneuver's text, ruling R107).
    pub const NOWHERE: Origin = Origin {
        this: None,
        bound: None,
        map: BandMap {
            occupied: [0; 4],
            space: [0; 4],
        },
    };
}

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
    /// Its Band (assumption A1); `None` for a Storyline, which is in none (ruling R107).
    pub band: Option<BandId>,
    /// It garrisons a declared target of the Liberation under way (§12.4, ruling R117).
    pub garrison: bool,
    /// It is one of the targets the Liberation under way declared (§12.3, ruling R117).
    pub declared_target: bool,
}

impl Filter {
    /// Whether it reads a permanent's effective DEF (ruling R108), which nets the DEF statics.
    pub fn reads_def(self) -> bool {
        matches!(self, Filter::DefOrLess(_) | Filter::DefOrMore(_))
    }

    /// Whether it reads a Band relative to the text's card or its Bound (ruling R107): a
    /// selector with one is read from the text's [`Origin`].
    pub fn reads_band(self) -> bool {
        matches!(
            self,
            Filter::InThisCardsBand | Filter::InAnAdjacentBand | Filter::InTheBoundsBand
        )
    }

    /// Whether it reads a permanent's effective Rank (ruling R14), which nets the RK statics.
    pub fn reads_rank(self) -> bool {
        match self {
            Filter::RankOrLess(_) | Filter::RankOrMore(_) => true,
            Filter::DefOrLess(_)
            | Filter::DefOrMore(_)
            | Filter::InThisCardsBand
            | Filter::InAnAdjacentBand
            | Filter::InTheBoundsBand => false,
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
            | Filter::Drive(_)
            | Filter::Garrison
            | Filter::DeclaredTarget => false,
        }
    }
}

impl Filters {
    /// Whether one of them reads a Band (ruling R107; [`Filter::reads_band`]).
    pub fn reads_band(self) -> bool {
        !self.all(|f| !f.reads_band())
    }
}

impl Facts {
    /// Whether a permanent with these facts passes `filter`, read from `origin` (the text's
    /// card, for the Band filters, ruling R107).
    pub fn passes(&self, filter: Filter, origin: &Origin) -> bool {
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
            // Ruling R107 (§12.3a, A1): the Band of the text's card; none off the Map.
            Filter::InThisCardsBand => self.band.is_some() && self.band == origin.this,
            // Ruling R107: adjacent as for Liberation range, never the card's own Band.
            Filter::InAnAdjacentBand => match (origin.this, self.band) {
                (Some(from), Some(to)) => origin.map.adjacent(from, to),
                _ => false,
            },
            // Ruling R107: the Band of the Storyline's Bound; none with no Bound.
            Filter::InTheBoundsBand => self.band.is_some() && self.band == origin.bound,
            // §12.4, ruling R117: a garrison of the Liberation under way.
            Filter::Garrison => self.garrison,
            // §12.3, ruling R117: a target the Liberation under way declared.
            Filter::DeclaredTarget => self.declared_target,
        }
    }
}

impl Game {
    /// Which Bands are occupied and which is the Space Band, now (assumption A1).
    pub fn band_map(&self) -> BandMap {
        let mut map = BandMap::default();
        for (b, kind) in self.bands.iter().enumerate() {
            if let (BandKind::Space, Ok(b)) = (kind, u8::try_from(b)) {
                BandMap::set(&mut map.space, b);
            }
        }
        // A Storyline occupies no Band (ruling R107), as for `Game::band_is_empty`.
        for p in self.map().filter(|p| p.kind() != Kind::Storyline) {
            BandMap::set(&mut map.occupied, p.band.0);
        }
        map
    }

    /// Where the text of `source` reads its selectors' Band filters from, now (ruling
    /// R107): its Band, unless it is a Storyline (in no Band) or off the Map; a Storyline's
    /// Bound's Band, if the Bound is on the Map. `None` (a Maneuver): [`Origin::NOWHERE`]
    /// but for the Map.
    pub fn origin(&self, source: Option<PermanentId>) -> Origin {
        let me = source.and_then(|s| self.on_map(s));
        let storyline = me.is_some_and(|p| p.kind() == Kind::Storyline);
        let this = me.filter(|_| !storyline).map(|p| p.band);
        let bound = me
            .filter(|_| storyline)
            .and_then(|p| p.bound)
            .and_then(|b| self.on_map(b))
            .map(|b| b.band);
        Origin {
            this,
            bound,
            map: self.band_map(),
        }
    }

    /// What the filters read of `p` now.
    pub fn facts(&self, p: &Permanent) -> Facts {
        self.facts_reading(p, true, true)
    }

    /// What the filters read of `p` now; its effective Rank only if `rank` and its effective
    /// DEF only if `def` (reading them nets the statics, which may count permanents through
    /// their filters, rulings R92, R108).
    pub(crate) fn facts_reading(&self, p: &Permanent, rank: bool, def: bool) -> Facts {
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
            band: (data.kind != Kind::Storyline).then_some(p.band),
            garrison: self.liberation_in_progress()
                && p.garrisoning.is_some()
                && matches!(data.kind, Kind::Character | Kind::GroundUnit),
            declared_target: self.liberation_in_progress()
                && self
                    .liberation()
                    .is_some_and(|l| l.targets().contains(&p.id)),
        }
    }

    /// Whether permanent `p` passes `filter` now, read from `origin` ([`Game::origin`] of the
    /// text's card; [`Origin::NOWHERE`] passes no Band filter).
    pub fn passes(&self, p: &Permanent, filter: Filter, origin: &Origin) -> bool {
        self.facts_reading(p, filter.reads_rank(), filter.reads_def())
            .passes(filter, origin)
    }
}
