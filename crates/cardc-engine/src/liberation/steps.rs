//! The seven steps of a Liberation (§12.2–§12.8), one method each. Every method validates
//! fully before it changes anything.

use super::arith;
use super::commit::{Assignment, Commitment, Opening};
use super::error::LiberationError as E;
use super::exit::VoidCause;
use super::{Committed, Liberation, Payment, Revealed, SlotOutcome, Step};
use crate::bounded::Bounded;
use crate::card::{BonusStat, Keyword};
use crate::event::{DestroyedBy, Event};
use crate::game::Game;
use crate::ids::{limits, IdList, PermanentId, PlayerId};
use crate::prohibitions::Prohibited;
use crate::triggers::Seen;

fn no_duplicates(ids: &[PermanentId]) -> Result<(), E> {
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            return Err(E::Duplicate(*id));
        }
    }
    Ok(())
}

impl Game {
    fn lib_mut(&mut self) -> Result<&mut Liberation, E> {
        self.liberation.as_mut().ok_or(E::NoneInProgress)
    }

    /// Step 1 (§12.2): the active player Activates liberators — Characters and Ground Units
    /// they control, readied, not deployed this turn — and their Vox enters the Resource Pool.
    pub fn activate_liberators(
        &mut self,
        player: PlayerId,
        liberators: &[PermanentId],
    ) -> Result<(), E> {
        if self.liberation.is_some() {
            return Err(E::InProgress);
        }
        if player != self.active {
            return Err(E::NotActivePlayer);
        }
        if liberators.is_empty() {
            return Err(E::NoLiberators);
        }
        let list = IdList::from_slice(liberators).ok_or(E::TooMany)?;
        no_duplicates(liberators)?;
        let mut vox = 0u32;
        for &id in liberators {
            let p = self.on_map(id).ok_or(E::NotOnMap(id))?;
            if p.controller != player {
                return Err(E::LiberatorNotYours(id));
            }
            if !p.kind().is_unit() {
                return Err(E::NotAUnit(id));
            }
            if !p.readied {
                return Err(E::AlreadyActivated(id));
            }
            if p.deployed_this_turn {
                return Err(E::DeployedThisTurn(id));
            }
            // §12.2, ruling R84: a prohibition makes it no legal liberator.
            if self.prohibited(id, Prohibited::Liberator) {
                return Err(E::Prohibited(id, Prohibited::Liberator));
            }
            vox = vox.saturating_add(p.data().vox);
        }
        for &id in liberators {
            if let Some(p) = self.perm_mut(id) {
                p.readied = false;
            }
        }
        if let Some(pl) = self.player_mut(player) {
            pl.vox_pool = pl.vox_pool.saturating_add(vox);
        }
        self.liberations = self.liberations.wrapping_add(1);
        self.liberation = Some(Liberation {
            step: Step::Declare,
            game: self.id,
            turn: self.turn,
            sequence: self.liberations,
            liberating: player,
            defending: None,
            liberators: list,
            total_vox: vox,
            targets: Bounded::new(),
            confluence: false,
            defenders: IdList::new(),
            defending_vox: 0,
            garrisons: Bounded::new(),
            slots: Bounded::new(),
            committed: None,
            defence: Assignment::empty(),
            revealed: None,
            outcome: Bounded::new(),
            payment: None,
            departed: Bounded::new(),
        });
        // §12.2, ruling R46: each liberator's `When this card is Activated` triggers resolve
        // once Step 1 is done, in the order the liberators were named.
        for &id in liberators {
            self.queue_seen(id, Seen::Activated);
            self.queue_members(id, crate::triggers::Happened::Activated);
        }
        // Ruling R76: then each liberator's `is Activated as a liberator`, in the same order.
        for &id in liberators {
            self.queue_seen(id, Seen::ActivatedAsLiberator);
            self.queue_members(id, crate::triggers::Happened::ActivatedAsLiberator);
        }
        self.run_pending();
        Ok(())
    }

    /// Step 2 (§12.3): declares the targets, and Confluence if `confluence`.
    pub fn declare_targets(&mut self, targets: &[PermanentId], confluence: bool) -> Result<(), E> {
        let lib = self.expect_step(Step::Declare)?;
        if targets.is_empty() {
            return Err(E::NoTargets);
        }
        let list = Bounded::<PermanentId, { limits::MAX_TARGETS }>::from_slice(targets)
            .ok_or(E::TooMany)?;
        no_duplicates(targets)?;
        if targets.len() > lib.liberators.len() {
            return Err(E::MoreTargetsThanLiberators);
        }
        if targets.len() as u64 > u64::from(lib.total_vox) {
            return Err(E::MoreTargetsThanVox);
        }
        let me = lib.liberating;
        let mut defending = None;
        for &t in targets {
            let p = self.on_map(t).ok_or(E::NotOnMap(t))?;
            if p.data().rank.is_none() {
                return Err(E::NoRank(t));
            }
            if p.controller == me {
                return Err(E::OwnPermanent(t));
            }
            if p.data().has(Keyword::Indoctrinated) {
                return Err(E::Indoctrinated(t));
            }
            // §12.3, ruling R84: a prohibition makes it no legal target.
            if self.prohibited(t, Prohibited::Declared) {
                return Err(E::Prohibited(t, Prohibited::Declared));
            }
            if p.kind().is_location()
                && self.map().any(|u| {
                    u.host == Some(t) && u.controller != me && u.data().has(Keyword::Fortified)
                })
            {
                return Err(E::FortifiedHost(t));
            }
            let mut first_err = None;
            let in_range = lib
                .liberators
                .iter()
                .any(|&l| match self.range_check(l, t) {
                    Ok(()) => true,
                    Err(e) => {
                        first_err.get_or_insert(e);
                        false
                    }
                });
            if !in_range {
                return Err(first_err.unwrap_or(E::OutOfRange(t)));
            }
            match defending {
                None => defending = Some(p.controller),
                Some(d) if d != p.controller => return Err(E::SeveralDefendingPlayers),
                Some(_) => {}
            }
        }
        if confluence
            && !self
                .map()
                .any(|p| p.controller == me && p.data().has(Keyword::Confluence))
        {
            return Err(E::NoConfluence);
        }
        let lib = self.lib_mut()?;
        lib.targets = list;
        lib.defending = defending;
        lib.confluence = confluence;
        lib.step = Step::Defend;
        // §12.3, ruling R50: `you declare a Liberation`, `an opponent declares a Liberation`
        // and `this card is declared as a Liberation target` resolve once Step 2 is done.
        self.queue_declaration(me, targets);
        // §12.3, §18.81, ruling R78: `you declare Confluence` after the declaration's triggers.
        if confluence {
            self.queue_confluence(me);
        }
        self.run_pending();
        Ok(())
    }

    /// Step 3 (§12.4): the defending player Activates defenders (adding their Vox) and
    /// declares garrisons as `(garrison, declared target)` pairs: readied units occupying the
    /// target, not also Activated.
    pub fn activate_defenders(
        &mut self,
        defenders: &[PermanentId],
        garrisons: &[(PermanentId, PermanentId)],
    ) -> Result<(), E> {
        let lib = self.expect_step(Step::Defend)?;
        let defending = lib.defending.ok_or(E::NoTargets)?;
        let list = IdList::from_slice(defenders).ok_or(E::TooMany)?;
        no_duplicates(defenders)?;
        let mut vox = 0u32;
        for &id in defenders {
            let p = self.on_map(id).ok_or(E::NotOnMap(id))?;
            if p.controller != defending {
                return Err(E::DefenderNotTheirs(id));
            }
            if !p.kind().is_unit() {
                return Err(E::NotAUnit(id));
            }
            if !p.readied {
                return Err(E::AlreadyActivated(id));
            }
            vox = vox.saturating_add(p.data().vox);
        }
        let gar =
            Bounded::<(PermanentId, PermanentId), { limits::MAX_SLOTS }>::from_slice(garrisons)
                .ok_or(E::TooMany)?;
        for (i, &(g, t)) in garrisons.iter().enumerate() {
            if garrisons[..i].iter().any(|&(h, _)| h == g) {
                return Err(E::Duplicate(g));
            }
            let p = self.on_map(g).ok_or(E::NotOnMap(g))?;
            if p.controller != defending {
                return Err(E::DefenderNotTheirs(g));
            }
            if !p.kind().is_unit() {
                return Err(E::NotAUnit(g));
            }
            if !lib.targets.contains(&t) {
                return Err(E::GarrisonForUndeclared(t));
            }
            if lib.targets.contains(&g) {
                return Err(E::GarrisonIsTarget(g));
            }
            if defenders.contains(&g) {
                return Err(E::GarrisonAlsoActivated(g));
            }
            if !p.readied {
                return Err(E::GarrisonNotReadied(g));
            }
            if p.host != Some(t) {
                return Err(E::GarrisonNotOnTarget(g));
            }
            // §12.4, ruling R84: a prohibition makes it no legal garrison.
            if self.prohibited(g, Prohibited::Garrison) {
                return Err(E::Prohibited(g, Prohibited::Garrison));
            }
        }
        let slots_needed = lib
            .targets
            .iter()
            .filter(|t| !gar.iter().any(|(_, gt)| gt == *t));
        if slots_needed.count() + gar.len() > limits::MAX_SLOTS {
            return Err(E::TooMany);
        }
        for &id in defenders {
            if let Some(p) = self.perm_mut(id) {
                p.readied = false;
            }
        }
        for &(g, t) in garrisons {
            if let Some(p) = self.perm_mut(g) {
                p.garrisoning = Some(t);
            }
        }
        if let Some(pl) = self.player_mut(defending) {
            pl.vox_pool = pl.vox_pool.saturating_add(vox);
        }
        let lib = self.lib_mut()?;
        lib.defenders = list;
        lib.defending_vox = vox;
        lib.garrisons = gar;
        lib.step = Step::Commit;
        // §12.4, ruling R46: each defender's `When this card is Activated` triggers resolve
        // once Step 3 is done; a garrison is not Activated (§12.4 "Garrisoning").
        for &id in defenders {
            self.queue_seen(id, Seen::Activated);
            self.queue_members(id, crate::triggers::Happened::Activated);
        }
        // Ruling R76: then each defender's `is Activated as a defender`, then each garrison's
        // `is declared as a garrison` and the group events that watch it, in the order declared.
        for &id in defenders {
            self.queue_seen(id, Seen::ActivatedAsDefender);
            self.queue_members(id, crate::triggers::Happened::ActivatedAsDefender);
        }
        for &(g, _) in garrisons {
            self.queue_seen(g, Seen::DeclaredAsGarrison);
            self.queue_members(g, crate::triggers::Happened::DeclaredAsGarrison);
        }
        self.run_pending();
        Ok(())
    }

    /// Step 4 (§12.5a): the liberating player's sealed commitment — a hash only. Build it with
    /// [`SealedAssignment::seal`](super::commit::SealedAssignment::seal).
    pub fn commit_sealed(&mut self, commitment: Commitment) -> Result<(), E> {
        let lib = self.expect_step(Step::Commit)?;
        if lib.confluence {
            return Err(E::SealedUnderConfluence);
        }
        let slots = self.current_slots(lib);
        let lib = self.lib_mut()?;
        lib.slots = slots;
        lib.committed = Some(Committed::Sealed(commitment));
        lib.step = Step::Allocate;
        Ok(())
    }

    /// Step 4 under Confluence (§12.5a): the assignment is made publicly.
    pub fn commit_public(&mut self, assignment: Assignment) -> Result<(), E> {
        let lib = self.expect_step(Step::Commit)?;
        if !lib.confluence {
            return Err(E::PublicWithoutConfluence);
        }
        self.check_liberating_assignment(lib, &assignment, false)?;
        let slots = self.current_slots(lib);
        let lib = self.lib_mut()?;
        lib.slots = slots;
        lib.committed = Some(Committed::Public(assignment));
        lib.step = Step::Allocate;
        Ok(())
    }

    /// Step 4 (§12.5b, §12.5c): the defending player's open allocation — only on declared
    /// targets and their garrisons, no more than their pool, no minimum.
    pub fn allocate_defence(&mut self, defence: Assignment) -> Result<(), E> {
        let lib = self.expect_step(Step::Allocate)?;
        for &(id, _) in defence.entries() {
            let declared = lib.targets.contains(&id) || lib.garrisons.iter().any(|&(g, _)| g == id);
            if !declared {
                return Err(E::NotDeclared(id));
            }
        }
        let pool = lib.defending.map_or(0, |d| self.player(d).vox_pool);
        if defence.total() > u64::from(pool) {
            return Err(E::OverPool {
                committed: defence.total(),
                pool,
            });
        }
        let lib = self.lib_mut()?;
        lib.defence = defence;
        lib.step = Step::Reveal;
        Ok(())
    }

    /// Step 5 (§12.6): reveal and cancellation. A sealed commitment needs its `opening`, which
    /// must open the commitment; under Confluence pass `None`. An opening that does not open
    /// it is rejected and changes nothing (the liberator may still send the right one). An
    /// opening that does, but whose values fail the sum check or the limits of §12.5b/§12.5d,
    /// shows that the sealed assignment was illegal when made: it cannot be corrected without
    /// altering it (§12.5a), so the Liberation is forfeited ([`Revealed::Forfeited`], ruling
    /// R11).
    pub fn reveal(&mut self, opening: Option<&Opening>) -> Result<Revealed, E> {
        let lib = self.expect_step(Step::Reveal)?;
        let assignment = match (lib.committed, opening) {
            (Some(Committed::Public(a)), None) => a,
            (Some(Committed::Public(_)), Some(_)) => return Err(E::AlreadyRevealed),
            (Some(Committed::Sealed(c)), Some(o)) => {
                if o.commitment(&lib.binding()) != c {
                    return Err(E::CommitmentMismatch);
                }
                o.assignment
            }
            (_, None) => return Err(E::MissingOpening),
            (None, Some(_)) => return Err(E::MissingOpening),
        };
        if let Err(illegal) = self.check_liberating_assignment(lib, &assignment, true) {
            let voided = self.void_liberation(VoidCause::IllegalCommitment(illegal));
            return Ok(Revealed::Forfeited(voided));
        }
        let mut outcome: Bounded<SlotOutcome, { limits::MAX_SLOTS }> = Bounded::new();
        for &(slot, target) in lib.slots.iter() {
            let assigned = assignment.get(slot);
            let defended = lib.defence.get(slot);
            let character = self.on_map(slot).is_some_and(|p| p.is_character());
            let kind = if character {
                arith::SlotKind::Character {
                    net_rk: self.net_static(slot, BonusStat::Rank),
                }
            } else {
                arith::SlotKind::Other
            };
            let c = arith::cancel(assigned, defended, kind);
            let _ = outcome.push(SlotOutcome {
                slot,
                target,
                character,
                assigned,
                defended,
                cancelled_by_defence: c.cancelled_by_defence,
                cancelled_by_rk: c.cancelled_by_rk,
                added_by_rk: c.added_by_rk,
                landed: c.landed,
            });
        }
        let lib = self.lib_mut()?;
        lib.revealed = Some(assignment);
        lib.outcome = outcome;
        // Ruling R101: a slot that left the Liberation before the reveal lands nothing.
        lib.discard_departed();
        lib.step = Step::Pay;
        Ok(Revealed::Legal)
    }

    /// Step 6 (§12.7): the liberating player pays 1 Currency per cancelled point, including
    /// points an RK bonus cancelled. A shortfall empties the Treasury and awards the next
    /// opponent 1 Story Point at once; landed counters still land.
    pub fn pay(&mut self) -> Result<Payment, E> {
        let lib = self.expect_step(Step::Pay)?;
        let me = lib.liberating;
        let owed = lib
            .outcome
            .iter()
            .fold(0u32, |acc, o| acc.saturating_add(o.cancelled()));
        let payment = arith::payment(owed, self.player(me).treasury);
        self.change_treasury(me, -i64::from(payment.paid));
        self.emit(Event::LiberationPaid {
            player: me,
            owed,
            paid: payment.paid,
        });
        if payment.shortfall {
            let next = self.next_opponent(me);
            self.award_story_points(next, 1);
        }
        let lib = self.lib_mut()?;
        lib.payment = Some(payment);
        lib.step = Step::Resolve;
        Ok(payment)
    }

    /// Step 7 (§12.8): landed counters resolve. On a Character each removes 1 CP and none
    /// persist; elsewhere they stay, and the permanent is destroyed when they reach its
    /// effective Rank (and at least 1). Kills are credited to every Activated liberator.
    /// Unspent Vox is lost (§12.5b) and the Liberation ends.
    pub fn resolve(&mut self) -> Result<(), E> {
        let lib = *self.expect_step(Step::Resolve)?;
        let by = DestroyedBy::Liberation {
            declared_by: lib.liberating,
            liberators: lib.liberators,
        };
        // Every slot's counters land, then the continuous check runs once (ruling R13).
        self.deferring_check(|game| {
            for o in lib.outcome.iter().filter(|o| o.landed > 0) {
                // On a Character the counters are placed (so replacements see them) and
                // convert to CP loss at once; they never persist (§12.8).
                game.place_counters(o.slot, o.landed, by);
            }
        });
        self.end_liberation(&lib);
        Ok(())
    }
}
