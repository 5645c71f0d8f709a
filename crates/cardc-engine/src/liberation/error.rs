//! Liberation errors: each names the rule of §12 (or §7.9) it breaks. A step that returns an
//! error changed nothing.

use crate::ids::PermanentId;
use crate::liberation::Step;
use std::fmt;

/// Why a Liberation step was rejected.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LiberationError {
    /// A Liberation is already under way.
    InProgress,
    /// No Liberation is under way.
    NoneInProgress,
    /// A step was called out of order.
    OutOfOrder {
        /// The step the Liberation awaits.
        expected: Step,
        /// The step called.
        called: Step,
    },
    /// Only the active player liberates.
    NotActivePlayer,
    /// Step 1 Activated no liberator.
    NoLiberators,
    /// More entries than the engine's fixed capacity.
    TooMany,
    /// A permanent was named twice.
    Duplicate(PermanentId),
    /// An assignment names a permanent twice.
    DuplicateEntry(PermanentId),
    /// The permanent is not on the Map.
    NotOnMap(PermanentId),
    /// A liberator the active player does not control.
    LiberatorNotYours(PermanentId),
    /// Only Characters and Ground Units are Activated for Vox.
    NotAUnit(PermanentId),
    /// The card is already activated.
    AlreadyActivated(PermanentId),
    /// A card deployed this turn.
    DeployedThisTurn(PermanentId),
    /// Step 2 declared no target.
    NoTargets,
    /// More targets than liberators.
    MoreTargetsThanLiberators,
    /// More targets than total Vox.
    MoreTargetsThanVox,
    /// A permanent without printed Rank.
    NoRank(PermanentId),
    /// A permanent the liberating player controls.
    OwnPermanent(PermanentId),
    /// An Indoctrinated permanent.
    Indoctrinated(PermanentId),
    /// A Location hosting an opposing Fortified unit.
    FortifiedHost(PermanentId),
    /// A choice a prohibition forbids the permanent (ruling R84): a liberator in Step 1, a
    /// target in Step 2, a garrison in Step 3.
    Prohibited(PermanentId, crate::prohibitions::Prohibited),
    /// Outside every liberator's range.
    OutOfRange(PermanentId),
    /// In the Space Band, seen from an adjacent Band, and not a Capital Spacecraft.
    SpaceBoundary(PermanentId),
    /// Targets controlled by different players.
    SeveralDefendingPlayers,
    /// Confluence declared without a Confluence ability.
    NoConfluence,
    /// A defender or garrison the defending player does not control.
    DefenderNotTheirs(PermanentId),
    /// A garrison that is not readied.
    GarrisonNotReadied(PermanentId),
    /// A card both Activated as a defender and declared a garrison.
    GarrisonAlsoActivated(PermanentId),
    /// A garrison not occupying the target it is declared for.
    GarrisonNotOnTarget(PermanentId),
    /// A garrison for a permanent that is not a declared target.
    GarrisonForUndeclared(PermanentId),
    /// A declared target declared as a garrison.
    GarrisonIsTarget(PermanentId),
    /// A sealed commitment after Confluence was declared.
    SealedUnderConfluence,
    /// A public assignment without Confluence.
    PublicWithoutConfluence,
    /// Vox assigned to a garrisoned target rather than its garrisons.
    AssignedPastGarrison(PermanentId),
    /// Counters for a permanent that is not a declared target (or garrison).
    NotDeclared(PermanentId),
    /// A declared target with no Vox committed.
    TargetIgnored(PermanentId),
    /// More Vox committed than the Resource Pool holds.
    OverPool {
        /// Vox committed.
        committed: u64,
        /// Vox in the pool.
        pool: u32,
    },
    /// The revealed values sum to more than the liberating player's total Vox.
    SumCheck {
        /// The revealed sum.
        revealed: u64,
        /// The public total.
        total: u32,
    },
    /// The opening does not match the commitment.
    CommitmentMismatch,
    /// An opening given after Confluence (already revealed).
    AlreadyRevealed,
    /// No opening given for a sealed commitment.
    MissingOpening,
    /// Only the liberating player may concede their Liberation.
    NotTheLiberatingPlayer,
    /// The assignment is revealed: the outcome is fixed, and only Steps 6 and 7 remain.
    OutcomeFixed,
}

impl LiberationError {
    /// The section of the rules the error cites.
    pub fn rule(&self) -> &'static str {
        use LiberationError as E;
        match self {
            E::InProgress | E::NoneInProgress | E::OutOfOrder { .. } => "§12.1",
            E::NotActivePlayer | E::NoLiberators | E::LiberatorNotYours(_) => "§12.2",
            E::NotAUnit(_) | E::AlreadyActivated(_) | E::DeployedThisTurn(_) => "§12.2",
            E::TooMany | E::Duplicate(_) | E::DuplicateEntry(_) | E::NotOnMap(_) => "§12.2",
            E::NoTargets | E::MoreTargetsThanLiberators | E::MoreTargetsThanVox => "§12.3",
            E::OwnPermanent(_) | E::Indoctrinated(_) | E::FortifiedHost(_) => "§12.3",
            E::NoRank(_) => "§7.9",
            E::Prohibited(_, what) => match what {
                crate::prohibitions::Prohibited::Liberator => "§12.2",
                crate::prohibitions::Prohibited::Declared => "§12.3",
                crate::prohibitions::Prohibited::Garrison => "§12.4",
                crate::prohibitions::Prohibited::CounterRemoval => "§12.8",
            },
            E::OutOfRange(_) | E::SpaceBoundary(_) => "§12.3a",
            E::NoConfluence => "§12.3",
            E::SeveralDefendingPlayers | E::DefenderNotTheirs(_) => "§12.4",
            E::GarrisonNotReadied(_) | E::GarrisonAlsoActivated(_) => "§12.4",
            E::GarrisonNotOnTarget(_) | E::GarrisonForUndeclared(_) | E::GarrisonIsTarget(_) => {
                "§12.4"
            }
            E::SealedUnderConfluence | E::PublicWithoutConfluence | E::CommitmentMismatch => {
                "§12.5a"
            }
            E::TargetIgnored(_) | E::OverPool { .. } => "§12.5b",
            E::NotDeclared(_) => "§12.5c",
            E::AssignedPastGarrison(_) => "§12.5d",
            E::SumCheck { .. } | E::AlreadyRevealed | E::MissingOpening => "§12.6",
            E::NotTheLiberatingPlayer => "§12.2",
            E::OutcomeFixed => "§12.6",
        }
    }
}

impl fmt::Display for LiberationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use LiberationError as E;
        write!(f, "{}: ", self.rule())?;
        match self {
            E::InProgress => write!(f, "a Liberation is already under way"),
            E::NoneInProgress => write!(f, "no Liberation is under way"),
            E::OutOfOrder { expected, called } => write!(
                f,
                "the steps run in order: the Liberation awaits {expected:?}, not {called:?}"
            ),
            E::NotActivePlayer => write!(f, "only the active player Activates liberators"),
            E::NoLiberators => write!(f, "a Liberation Activates at least one liberator"),
            E::TooMany => write!(f, "more entries than the engine's capacity"),
            E::Duplicate(p) => write!(f, "{p:?} is named more than once"),
            E::DuplicateEntry(p) => write!(f, "{p:?} appears twice in the assignment"),
            E::NotOnMap(p) => write!(f, "{p:?} is not on the Map"),
            E::LiberatorNotYours(p) => {
                write!(f, "the active player Activates cards they control, not {p:?}")
            }
            E::NotAUnit(p) => write!(
                f,
                "only Characters and Ground Units are Activated for Vox ({p:?} is neither)"
            ),
            E::AlreadyActivated(p) => write!(f, "{p:?} is already activated"),
            E::DeployedThisTurn(p) => write!(
                f,
                "a card deployed this turn may not be Activated as a liberator ({p:?})"
            ),
            E::NoTargets => write!(f, "a Liberation declares at least one target"),
            E::MoreTargetsThanLiberators => write!(
                f,
                "the number of declared targets may not exceed the number of liberators Activated"
            ),
            E::MoreTargetsThanVox => write!(
                f,
                "the number of declared targets may not exceed the liberating player's total Vox"
            ),
            E::NoRank(p) => write!(
                f,
                "only a permanent with printed Rank is a Liberation target ({p:?} has none)"
            ),
            E::OwnPermanent(p) => {
                write!(f, "a permanent you control may not be declared ({p:?})")
            }
            E::Indoctrinated(p) => {
                write!(f, "a permanent with Indoctrinated may not be declared ({p:?})")
            }
            E::Prohibited(p, what) => {
                let what = match what {
                    crate::prohibitions::Prohibited::Liberator => "Activated as a liberator",
                    crate::prohibitions::Prohibited::Declared => "declared as a Liberation target",
                    crate::prohibitions::Prohibited::Garrison => "declared as a garrison",
                    crate::prohibitions::Prohibited::CounterRemoval => {
                        "have Liberation counters removed"
                    }
                };
                write!(f, "an ability says {p:?} can't be {what} (ruling R84)")
            }
            E::FortifiedHost(p) => write!(
                f,
                "a Location hosting an opposing Fortified unit may not be declared ({p:?})"
            ),
            E::OutOfRange(p) => write!(
                f,
                "{p:?} is not in any Activated liberator's Band or an adjacent Band"
            ),
            E::SpaceBoundary(p) => write!(
                f,
                "from an adjacent Band only a Capital Spacecraft may be declared in the Space Band ({p:?})"
            ),
            E::SeveralDefendingPlayers => write!(
                f,
                "a Liberation has one defending player: its targets share one controller"
            ),
            E::NoConfluence => write!(
                f,
                "only a liberating player with a Confluence ability declares Confluence"
            ),
            E::DefenderNotTheirs(p) => {
                write!(f, "the defending player uses only cards they control, not {p:?}")
            }
            E::GarrisonNotReadied(p) => write!(f, "a garrison must be readied ({p:?})"),
            E::GarrisonAlsoActivated(p) => write!(
                f,
                "a card cannot both be Activated to defend and garrison ({p:?})"
            ),
            E::GarrisonNotOnTarget(p) => {
                write!(f, "a garrison must occupy the declared target ({p:?})")
            }
            E::GarrisonForUndeclared(p) => {
                write!(f, "garrisons are declared only for declared targets ({p:?})")
            }
            E::GarrisonIsTarget(p) => write!(
                f,
                "a declared target may not also garrison another target ({p:?})"
            ),
            E::SealedUnderConfluence => write!(
                f,
                "a player who declared Confluence assigns publicly, not concealed"
            ),
            E::PublicWithoutConfluence => write!(
                f,
                "the assignment is concealed; only a player who declared Confluence assigns publicly"
            ),
            E::AssignedPastGarrison(p) => write!(
                f,
                "Vox for a garrisoned target goes to its garrisons; none may be assigned to {p:?} itself"
            ),
            E::NotDeclared(p) => write!(
                f,
                "counters may be placed only on declared targets and their garrisons, not {p:?}"
            ),
            E::TargetIgnored(p) => write!(
                f,
                "the liberating player must commit at least 1 Vox to every declared target ({p:?})"
            ),
            E::OverPool { committed, pool } => write!(
                f,
                "{committed} Vox committed, more than the {pool} in the Resource Pool"
            ),
            E::SumCheck { revealed, total } => write!(
                f,
                "sum check: the revealed values sum to {revealed}, more than the total Vox {total}"
            ),
            E::CommitmentMismatch => write!(
                f,
                "the revealed assignment does not match the sealed commitment; assignments may not be altered once made"
            ),
            E::AlreadyRevealed => write!(
                f,
                "a player who declared Confluence has already revealed; nothing further is revealed"
            ),
            E::MissingOpening => write!(f, "the concealed assignment must be revealed"),
            E::NotTheLiberatingPlayer => write!(
                f,
                "only the liberating player may concede their Liberation"
            ),
            E::OutcomeFixed => write!(
                f,
                "the assignments are revealed and the outcome is fixed: Payment and Resolution remain"
            ),
        }
    }
}

impl std::error::Error for LiberationError {}
