//! Identifiers for players, permanents and Bands, and the engine's fixed capacities.

use crate::bounded::Bounded;
use std::fmt;

/// A player, by seat: seat order is turn order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct PlayerId(pub u8);

impl fmt::Debug for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// A permanent: an index into the game's permanent arena. A destroyed permanent keeps its id
/// (it moves to its owner's Depleted Pile), so records that name it stay meaningful.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct PermanentId(pub u32);

impl PermanentId {
    /// No permanent: an `up to` count's slot left empty (ruling R82), a modal option's
    /// slot not chosen (ruling R81). Never on the Map, so a step naming it does nothing.
    pub const NONE: PermanentId = PermanentId(u32::MAX);
}

impl fmt::Debug for PermanentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A Band of the Map, by position in the line of Bands.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Debug)]
pub struct BandId(pub u8);

/// Fixed capacities of the engine's inline lists.
pub mod limits {
    /// Most liberators (and most defenders) one Liberation may Activate.
    pub const MAX_ACTIVATED: usize = 16;
    /// Most declared targets of one Liberation.
    pub const MAX_TARGETS: usize = 16;
    /// Most assignable slots (targets without garrisons plus garrisons) of one Liberation.
    pub const MAX_SLOTS: usize = 32;
    /// Most targets one ability, maneuver or trigger chooses.
    pub const MAX_CHOSEN: usize = 8;
}

/// A short inline list of permanents (liberators, attackers, targets).
pub type IdList = Bounded<PermanentId, { limits::MAX_ACTIVATED }>;
