//! Errors of the §7 actions (abilities, Character Action Maneuvers, combat damage, flips).
//!
//! Every error names the rule it breaks; an action that returns an error changed nothing.

use crate::ids::PermanentId;
use crate::PermanentKind;
use std::fmt;

/// Why a §7 action was rejected.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ActionError {
    /// The permanent is not on the Map.
    NotOnMap(PermanentId),
    /// The acting player does not control the permanent.
    NotYours(PermanentId),
    /// The face showing has no ability with that index.
    NoSuchAbility(PermanentId, usize),
    /// The permanent is not a Character.
    NotACharacter(PermanentId),
    /// A Slow action outside the active player's own turn, or during a Liberation.
    SlowTiming,
    /// A Character Ability already used this turn.
    OncePerTurn(PermanentId),
    /// A `-X CP` cost larger than the Character's CP.
    NotEnoughCp {
        /// The Character.
        permanent: PermanentId,
        /// Its CP.
        has: i64,
        /// The X of the cost.
        needs: u32,
    },
    /// An Activated Character Ability on a card that is already activated.
    AlreadyActivated(PermanentId),
    /// The Treasury cannot pay a Currency cost.
    CannotPay {
        /// The cost.
        needs: u32,
        /// The Treasury.
        has: u32,
    },
    /// A `Discard N cards` cost with fewer cards in hand (ruling R54).
    CannotDiscard {
        /// The cost.
        needs: u32,
        /// The hand.
        has: u32,
    },
    /// A `Remove N Liberation counters from this card` cost with fewer on it (ruling R54).
    NotEnoughCounters {
        /// The permanent paying.
        permanent: PermanentId,
        /// The counters on it.
        has: u32,
        /// The cost.
        needs: u32,
    },
    /// A `Remove N Liberation counters from this card` cost on a permanent a prohibition
    /// keeps them on (ruling R85).
    CountersKept {
        /// The permanent paying.
        permanent: PermanentId,
    },
    /// A `Remove N Story counters from this card` cost with fewer on it (ruling R64).
    NotEnoughStoryCounters {
        /// The permanent paying.
        permanent: PermanentId,
        /// The Story counters on it.
        has: u32,
        /// The cost.
        needs: u32,
    },
    /// An `Activate another <kind> you control` cost with no other readied permanent of
    /// that kind (ruling R54).
    NothingToActivate(PermanentKind),
    /// The wrong number of chosen targets.
    TargetCount {
        /// What the text asks for.
        expected: usize,
        /// What was supplied.
        got: usize,
    },
    /// A chosen target does not match its `target …` selector.
    IllegalTarget(PermanentId),
    /// A permanent chosen twice by one counted `target …` (`two target Devices` are two
    /// different Devices, ruling R82).
    RepeatedTarget(PermanentId),
    /// A modal text (`Choose one — …`) with fewer options whose targets can be chosen than
    /// it chooses: it cannot be played (ruling R81).
    NoModeAvailable,
    /// The card is not a Maneuver.
    NotAManeuver,
    /// The Maneuver is not a Character Action Maneuver (it has no `character_action`).
    NotACharacterAction,
    /// The damage assignment is malformed (an attacker or defender is not a legal one).
    IllegalCombat(PermanentId),
    /// The permanent cannot flip that way.
    CannotFlip(PermanentId),
    /// A Character Action Maneuver must be executed by a Character (use `character_action`).
    NeedsCharacter,
    /// A Character is deployed only to a Planetary Location or Capital Spacecraft its
    /// controller controls (§7.11).
    IllegalDeploy,
    /// The turn cannot end while a Liberation is under way.
    LiberationUnderWay,
    /// A Fast action during a Liberation outside its two windows (after Step 2, after Step 5).
    NotAFastWindow,
}

impl ActionError {
    /// The section of the rules the error cites.
    pub fn rule(&self) -> &'static str {
        match self {
            ActionError::NotOnMap(_) | ActionError::NotYours(_) => "§7.3",
            ActionError::NoSuchAbility(..) | ActionError::NotACharacter(_) => "§7.3",
            ActionError::SlowTiming | ActionError::OncePerTurn(_) => "§7.3",
            ActionError::NotEnoughCp { .. } => "§7.3",
            ActionError::AlreadyActivated(_) => "§7.3",
            ActionError::CannotPay { .. } => "§7.3",
            ActionError::CannotDiscard { .. }
            | ActionError::NotEnoughCounters { .. }
            | ActionError::NothingToActivate(_) => "§7.3, ruling R54",
            ActionError::NotEnoughStoryCounters { .. } => "§7.3, ruling R64",
            ActionError::CountersKept { .. } => "§7.3, ruling R85",
            ActionError::TargetCount { .. } | ActionError::IllegalTarget(_) => "§7.3",
            ActionError::RepeatedTarget(_) => "§7.3, ruling R82",
            ActionError::NoModeAvailable => "§7.3, ruling R81",
            ActionError::NotAManeuver | ActionError::NotACharacterAction => "§7.4",
            ActionError::IllegalCombat(_) => "§7.5",
            ActionError::CannotFlip(_) => "§7.7",
            ActionError::NeedsCharacter => "§7.4",
            ActionError::IllegalDeploy => "§7.11",
            ActionError::LiberationUnderWay => "§12.1",
            ActionError::NotAFastWindow => "§12.3",
        }
    }
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.rule())?;
        match self {
            ActionError::NotOnMap(p) => write!(f, "{p:?} is not on the Map"),
            ActionError::NotYours(p) => write!(f, "you do not control {p:?}"),
            ActionError::NoSuchAbility(p, i) => write!(f, "{p:?} has no ability {i}"),
            ActionError::NotACharacter(p) => write!(f, "{p:?} is not a Character"),
            ActionError::SlowTiming => write!(
                f,
                "a Slow action is taken only by the active player, outside a Liberation"
            ),
            ActionError::OncePerTurn(p) => write!(
                f,
                "Character Abilities can only be played once per turn ({p:?} already used it)"
            ),
            ActionError::NotEnoughCp {
                permanent,
                has,
                needs,
            } => write!(
                f,
                "a Character with less CP than X may not use the ability ({permanent:?} has {has}, X is {needs})"
            ),
            ActionError::AlreadyActivated(p) => write!(
                f,
                "an Activated Character Ability activates the card, and {p:?} is already activated"
            ),
            ActionError::CannotPay { needs, has } => {
                write!(f, "the cost of {needs} Currency cannot be paid from {has}")
            }
            ActionError::CannotDiscard { needs, has } => write!(
                f,
                "the cost of discarding {needs} cards cannot be paid from a hand of {has}"
            ),
            ActionError::NotEnoughCounters {
                permanent,
                has,
                needs,
            } => write!(
                f,
                "the cost of removing {needs} Liberation counters cannot be paid: {permanent:?} has {has}"
            ),
            ActionError::CountersKept { permanent } => write!(
                f,
                "the cost of removing Liberation counters cannot be paid: an ability says they can't be removed from {permanent:?}"
            ),
            ActionError::NotEnoughStoryCounters {
                permanent,
                has,
                needs,
            } => write!(
                f,
                "the cost of removing {needs} Story counters cannot be paid: {permanent:?} has {has}"
            ),
            ActionError::NothingToActivate(kind) => write!(
                f,
                "the cost of activating another {} cannot be paid: none is readied",
                kind.name()
            ),
            ActionError::TargetCount { expected, got } => {
                write!(f, "the text chooses {expected} target(s), {got} given")
            }
            ActionError::IllegalTarget(p) => write!(f, "{p:?} is not a legal target"),
            ActionError::RepeatedTarget(p) => {
                write!(f, "{p:?} is chosen twice by one counted target")
            }
            ActionError::NoModeAvailable => {
                write!(f, "too few of the text's options have legal targets to choose")
            }
            ActionError::NotAManeuver => write!(f, "the card is not a Maneuver"),
            ActionError::NotACharacterAction => {
                write!(f, "the Maneuver is not a Character Action Maneuver")
            }
            ActionError::IllegalCombat(p) => {
                write!(f, "{p:?} cannot take part in this combat as given")
            }
            ActionError::CannotFlip(p) => write!(
                f,
                "only the four routes of §7.7 flip a Character; {p:?} cannot flip this way"
            ),
            ActionError::NeedsCharacter => write!(
                f,
                "a Character Action Maneuver is executed by a Character you control"
            ),
            ActionError::IllegalDeploy => write!(
                f,
                "a Character is deployed to a Planetary Location or a Capital Ship you control"
            ),
            ActionError::LiberationUnderWay => {
                write!(f, "a Liberation is under way and must finish first")
            }
            ActionError::NotAFastWindow => write!(
                f,
                "during a Liberation, Fast Maneuvers are played after Step 2 (§12.3) and after Step 5 (§12.6) only"
            ),
        }
    }
}

impl std::error::Error for ActionError {}
