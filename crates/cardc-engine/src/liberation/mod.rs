//! §12 Liberation as an explicit state machine, one [`Game`] method per step:
//!
//! | step | method | awaits next |
//! | --- | --- | --- |
//! | 1 Activate liberators (§12.2) | [`Game::activate_liberators`] | [`Step::Declare`] |
//! | 2 Declare targets, Confluence (§12.3) | [`Game::declare_targets`] | [`Step::Defend`] |
//! | 3 Activate defenders, garrisons (§12.4) | [`Game::activate_defenders`] | [`Step::Commit`] |
//! | 4 Sealed commitment (§12.5a) | [`Game::commit_sealed`] / [`Game::commit_public`] | [`Step::Allocate`] |
//! | 4 Open defence (§12.5c) | [`Game::allocate_defence`] | [`Step::Reveal`] |
//! | 5 Reveal and cancellation (§12.6) | [`Game::reveal`] | [`Step::Pay`] |
//! | 6 Payment (§12.7) | [`Game::pay`] | [`Step::Resolve`] |
//! | 7 Resolution (§12.8) | [`Game::resolve`] | — |
//!
//! Each method validates everything before changing anything and returns a
//! [`LiberationError`] naming the rule broken. Fast actions are allowed during a Liberation
//! only in its two windows: after Step 2 and after Step 5.
//!
//! No Liberation can stop the game ([`exit`], ruling R28): at every step the player awaited
//! ([`Liberation::awaited`]) has a legal move, and [`Game::time_out`] makes it for them when
//! they do not — the defending player's default is to do nothing, the liberating player's is
//! to concede ([`Game::concede_liberation`]), which voids the Liberation. A sealed assignment
//! found illegal at reveal forfeits it ([`Revealed::Forfeited`]).
//!
//! The concealed assignment never enters [`Game`]: see [`commit`] and [`DefenceView`].
//! The numbers of Steps 5–7 are computed by the pure functions of [`arith`], which the
//! balance oracle evaluates too.

pub mod arith;
pub mod commit;
pub mod error;
pub mod exit;
mod range;
mod steps;

use crate::bounded::Bounded;
use crate::game::{Game, GameId};
use crate::ids::{limits, IdList, PermanentId, PlayerId};
use commit::{Assignment, Binding, Commitment};
use error::LiberationError;
use exit::Voided;

/// The step a Liberation awaits next (the name of the method to call).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Step {
    /// Step 1 (only before a Liberation exists).
    Activate,
    /// Step 2.
    Declare,
    /// Step 3.
    Defend,
    /// Step 4, the liberating player's sealed (or Confluence) assignment.
    Commit,
    /// Step 4, the defending player's open allocation.
    Allocate,
    /// Step 5.
    Reveal,
    /// Step 6.
    Pay,
    /// Step 7.
    Resolve,
}

/// The liberating player's Step 4 as the game records it: a hash, or public values.
// Inline on purpose: boxing the public assignment would allocate on the hot path.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Committed {
    /// A sealed commitment: only the hash.
    Sealed(Commitment),
    /// A Confluence assignment, public from the start (§12.5a).
    Public(Assignment),
}

/// One assignable slot's result of Step 5 (a declared target without garrisons, or a
/// garrison).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SlotOutcome {
    /// The permanent the counters go to.
    pub slot: PermanentId,
    /// The declared target it belongs to (itself, or the target it garrisons).
    pub target: PermanentId,
    /// Whether the slot was a Character at reveal.
    pub character: bool,
    /// Liberating Vox assigned.
    pub assigned: u32,
    /// Defensive counters placed.
    pub defended: u32,
    /// Liberating points cancelled by defensive counters.
    pub cancelled_by_defence: u32,
    /// Liberating points cancelled by a Character's net RK bonus (§12.6).
    pub cancelled_by_rk: u32,
    /// Counters added by a Character's net RK penalty (only if one survived).
    pub added_by_rk: u32,
    /// Counters that land at Step 7.
    pub landed: u32,
}

impl SlotOutcome {
    /// Liberating points cancelled (paid for at Step 6).
    pub fn cancelled(&self) -> u32 {
        self.cancelled_by_defence + self.cancelled_by_rk
    }
}

/// Step 6's result.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Payment {
    /// Currency owed: 1 per cancelled point.
    pub owed: u32,
    /// Currency paid.
    pub paid: u32,
    /// Whether the Treasury could not pay in full (and a Story Point was awarded).
    pub shortfall: bool,
}

/// What [`Game::reveal`] did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Revealed {
    /// The assignment is revealed and legal; cancellation is done and the Liberation awaits
    /// Step 6.
    Legal,
    /// The opening matched the sealed commitment but its values are illegal (§12.6 sum check,
    /// §12.5b, §12.5d): the assignment was illegal when it was sealed and cannot be corrected
    /// without altering it (§12.5a), so the Liberation is forfeited (ruling R11).
    Forfeited(Voided),
}

/// A Liberation under way. It never holds a concealed assignment: during Step 4 it holds
/// only a [`Commitment`]; the values enter at reveal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Liberation {
    pub(crate) step: Step,
    pub(crate) game: GameId,
    pub(crate) turn: u32,
    pub(crate) sequence: u32,
    pub(crate) liberating: PlayerId,
    pub(crate) defending: Option<PlayerId>,
    pub(crate) liberators: IdList,
    pub(crate) total_vox: u32,
    pub(crate) targets: Bounded<PermanentId, { limits::MAX_TARGETS }>,
    pub(crate) confluence: bool,
    pub(crate) defenders: IdList,
    pub(crate) defending_vox: u32,
    /// `(garrison, target)` pairs.
    pub(crate) garrisons: Bounded<(PermanentId, PermanentId), { limits::MAX_SLOTS }>,
    /// `(slot, target)` pairs, fixed at Step 4.
    pub(crate) slots: Bounded<(PermanentId, PermanentId), { limits::MAX_SLOTS }>,
    pub(crate) committed: Option<Committed>,
    pub(crate) defence: Assignment,
    pub(crate) revealed: Option<Assignment>,
    pub(crate) outcome: Bounded<SlotOutcome, { limits::MAX_SLOTS }>,
    pub(crate) payment: Option<Payment>,
    /// Declared targets and garrisons that came under the liberating player's control and
    /// left the Liberation (ruling R101).
    pub(crate) departed: Bounded<PermanentId, { limits::MAX_SLOTS }>,
}

impl Liberation {
    /// The step awaited.
    pub fn step(&self) -> Step {
        self.step
    }
    /// The player whose decision the step awaits: the defending player at Step 3 and for the
    /// defensive allocation, the liberating player at Steps 2, 4 and 5; nobody at Steps 6 and
    /// 7, which decide nothing. [`Game::time_out`] acts for this player.
    pub fn awaited(&self) -> Option<PlayerId> {
        match self.step {
            Step::Defend | Step::Allocate => self.defending,
            Step::Activate | Step::Declare | Step::Commit | Step::Reveal => Some(self.liberating),
            Step::Pay | Step::Resolve => None,
        }
    }
    /// This Liberation's sequence number in its game (1 for the first).
    pub fn sequence(&self) -> u32 {
        self.sequence
    }
    /// What a sealed commitment to this Liberation is bound to (§12.5a): the game, the turn,
    /// the liberating player, the sequence number and the declared targets.
    pub fn binding(&self) -> Binding {
        Binding {
            game: self.game,
            turn: self.turn,
            liberating: self.liberating,
            sequence: self.sequence,
            targets: self.targets,
        }
    }
    /// The liberating player.
    pub fn liberating(&self) -> PlayerId {
        self.liberating
    }
    /// The defending player, once targets are declared.
    pub fn defending(&self) -> Option<PlayerId> {
        self.defending
    }
    /// The Activated liberators (public, §12.2).
    pub fn liberators(&self) -> &[PermanentId] {
        self.liberators.as_slice()
    }
    /// The liberating player's total Vox (public, §12.2).
    pub fn total_vox(&self) -> u32 {
        self.total_vox
    }
    /// The declared targets.
    pub fn targets(&self) -> &[PermanentId] {
        self.targets.as_slice()
    }
    /// Whether Confluence was declared.
    pub fn confluence(&self) -> bool {
        self.confluence
    }
    /// The Activated defenders.
    pub fn defenders(&self) -> &[PermanentId] {
        self.defenders.as_slice()
    }
    /// The defending player's total Vox.
    pub fn defending_vox(&self) -> u32 {
        self.defending_vox
    }
    /// `(garrison, target)` pairs.
    pub fn garrisons(&self) -> &[(PermanentId, PermanentId)] {
        self.garrisons.as_slice()
    }
    /// What Step 4 recorded for the liberating player.
    pub fn committed(&self) -> Option<&Committed> {
        self.committed.as_ref()
    }
    /// The defensive allocation.
    pub fn defence(&self) -> &Assignment {
        &self.defence
    }
    /// The liberating assignment once revealed (Step 5), or at once under Confluence.
    pub fn revealed(&self) -> Option<&Assignment> {
        match (&self.revealed, &self.committed) {
            (Some(a), _) | (None, Some(Committed::Public(a))) => Some(a),
            _ => None,
        }
    }
    /// Step 5's per-slot results.
    pub fn outcome(&self) -> &[SlotOutcome] {
        self.outcome.as_slice()
    }
    /// Step 6's result.
    pub fn payment(&self) -> Option<Payment> {
        self.payment
    }
    /// The slots Vox may be assigned to, as `(slot, declared target)`: fixed at Step 4.
    pub fn slots(&self) -> &[(PermanentId, PermanentId)] {
        self.slots.as_slice()
    }
}

/// What the defending player receives while allocating (Step 4): everything public, and no
/// field that could carry the concealed assignment. Under Confluence the assignment is
/// public and appears in `public_assignment`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DefenceView {
    /// The liberating player.
    pub liberating: PlayerId,
    /// The defending player.
    pub defending: PlayerId,
    /// The Activated liberators.
    pub liberators: IdList,
    /// The liberating player's total Vox.
    pub total_vox: u32,
    /// The declared targets.
    pub targets: Bounded<PermanentId, { limits::MAX_TARGETS }>,
    /// `(slot, target)` pairs the liberator assigned over.
    pub slots: Bounded<(PermanentId, PermanentId), { limits::MAX_SLOTS }>,
    /// The defending player's Vox to allocate.
    pub defending_vox: u32,
    /// The liberating player's commitment (sealed), if any.
    pub commitment: Option<Commitment>,
    /// The Confluence assignment (public), if Confluence was declared.
    pub public_assignment: Option<Assignment>,
}

impl Game {
    /// The Liberation under way, if any.
    pub fn liberation(&self) -> Option<&Liberation> {
        self.liberation.as_ref()
    }

    /// The defending player's view during Step 4 allocation.
    pub fn defence_view(&self) -> Result<DefenceView, LiberationError> {
        let lib = self.expect_step(Step::Allocate)?;
        let (commitment, public_assignment) = match lib.committed {
            Some(Committed::Sealed(c)) => (Some(c), None),
            Some(Committed::Public(a)) => (None, Some(a)),
            None => (None, None),
        };
        Ok(DefenceView {
            liberating: lib.liberating,
            defending: lib.defending.unwrap_or(lib.liberating),
            liberators: lib.liberators,
            total_vox: lib.total_vox,
            targets: lib.targets,
            slots: lib.slots,
            defending_vox: lib.defending_vox,
            commitment,
            public_assignment,
        })
    }

    /// The Liberation, if it awaits `step`.
    pub(crate) fn expect_step(&self, step: Step) -> Result<&Liberation, LiberationError> {
        let lib = self
            .liberation
            .as_ref()
            .ok_or(LiberationError::NoneInProgress)?;
        if lib.step != step {
            return Err(LiberationError::OutOfOrder {
                expected: lib.step,
                called: step,
            });
        }
        Ok(lib)
    }

    /// The Liberation awaiting the liberator's Step 4 commitment.
    pub(crate) fn pending_commitment(&self) -> Result<&Liberation, LiberationError> {
        self.expect_step(Step::Commit)
    }

    /// The slots as they stand now: each declared target's remaining garrisons, or the target
    /// itself when it has none (§12.5d).
    pub(crate) fn current_slots(
        &self,
        lib: &Liberation,
    ) -> Bounded<(PermanentId, PermanentId), { limits::MAX_SLOTS }> {
        let mut slots = Bounded::new();
        for &t in lib.targets.iter() {
            let mut any = false;
            for &(g, gt) in lib.garrisons.iter() {
                if gt == t && self.on_map(g).is_some() {
                    any = true;
                    let _ = slots.push((g, t));
                }
            }
            if !any {
                let _ = slots.push((t, t));
            }
        }
        slots
    }

    /// Validates a liberating assignment against the slots (§12.5d), the minimum of 1 per
    /// declared target (§12.5b), and the pool (§12.5b) or, at reveal, the sum check (§12.6).
    pub(crate) fn check_liberating_assignment(
        &self,
        lib: &Liberation,
        a: &Assignment,
        at_reveal: bool,
    ) -> Result<(), LiberationError> {
        let slots = if lib.step == Step::Commit {
            self.current_slots(lib)
        } else {
            lib.slots
        };
        for &(id, _) in a.entries() {
            if !slots.iter().any(|&(s, _)| s == id) {
                return Err(if lib.targets.contains(&id) {
                    LiberationError::AssignedPastGarrison(id)
                } else {
                    LiberationError::NotDeclared(id)
                });
            }
        }
        for &t in lib.targets.iter() {
            let sum: u64 = slots
                .iter()
                .filter(|&&(_, st)| st == t)
                .map(|&(s, _)| u64::from(a.get(s)))
                .sum();
            if sum == 0 {
                return Err(LiberationError::TargetIgnored(t));
            }
        }
        let total = a.total();
        if at_reveal {
            if total > u64::from(lib.total_vox) {
                return Err(LiberationError::SumCheck {
                    revealed: total,
                    total: lib.total_vox,
                });
            }
        } else {
            let pool = self.player(lib.liberating).vox_pool;
            if total > u64::from(pool) {
                return Err(LiberationError::OverPool {
                    committed: total,
                    pool,
                });
            }
        }
        Ok(())
    }
}
