//! The ways out of a Liberation (ruling R28): no player can stop the game by not acting, or
//! by acting illegally.
//!
//! At every step the Liberation awaits one player's decision ([`Liberation::awaited`]), or
//! none (Steps 6 and 7 decide nothing). When that player does not act in time, the table calls
//! [`Game::time_out`], which makes the default move for them:
//!
//! | step | awaited | on a timeout |
//! | --- | --- | --- |
//! | 2 Declare | liberating player | the Liberation is withdrawn: void, nothing paid |
//! | 3 Defend | defending player | no defenders, no garrisons (always legal, §12.4) |
//! | 4 Commit | liberating player | the Liberation is forfeited |
//! | 4 Allocate | defending player | no defensive counters (no minimum, §12.5b) |
//! | 5 Reveal | liberating player | the Liberation is forfeited |
//! | 6 Pay, 7 Resolve | nobody | the step is taken |
//!
//! The liberating player may also concede at any step before the outcome is fixed, Steps 2
//! to 5 ([`Game::concede_liberation`]), with the same consequence as their timeout. A sealed
//! assignment whose opening is authentic but illegal forfeits the Liberation at reveal
//! ([`Revealed::Forfeited`](super::Revealed::Forfeited)).
//!
//! A void Liberation places no counters and destroys nothing; unspent Vox is lost (§12.5b) and
//! the Activated cards stay activated. **Withdrawn** (nothing declared yet) costs nothing more.
//! **Forfeited** (targets were declared) costs the liberating player 1 Currency per point of
//! their total Vox, as if every point had been cancelled — the most Step 6 could have charged,
//! since cancelled points never exceed the revealed sum, nor that the public total (§12.6) —
//! with §12.7's shortfall rule (the Treasury emptied, 1 Story Point to the next opponent,
//! rulings R6, R26). So stalling, conceding or sealing an illegal assignment is never cheaper
//! than an honest reveal, and lands nothing. Afterwards the turn can end and a new Liberation
//! can start.

use super::error::LiberationError as E;
use super::{Liberation, Payment, Step};
use crate::event::Event;
use crate::game::Game;
use crate::ids::PlayerId;

/// Why a Liberation was void.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum VoidCause {
    /// The liberating player conceded ([`Game::concede_liberation`]).
    Conceded,
    /// The liberating player did not act in time ([`Game::time_out`]).
    TimedOut,
    /// The sealed assignment, opened at reveal, broke this rule: it was illegal when sealed.
    IllegalCommitment(E),
}

/// A Liberation ended without resolving.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Voided {
    /// Why.
    pub cause: VoidCause,
    /// The step it was awaiting.
    pub at: Step,
    /// `None`: withdrawn before any target was declared, nothing paid. `Some`: forfeited, and
    /// what the liberating player owed (their total Vox) and paid.
    pub forfeit: Option<Payment>,
}

/// What [`Game::time_out`] did for the player who did not act.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TimedOut {
    /// The liberating player's step: the Liberation is void.
    Voided(Voided),
    /// The defending player's step, taken as doing nothing: Step 3 with no defenders and no
    /// garrisons, or the allocation with no counters. The Liberation goes on.
    NoDefence {
        /// The step that was taken.
        at: Step,
    },
    /// Step 6, which awaits nobody, was taken.
    Paid(Payment),
    /// Step 7, which awaits nobody, was taken: the Liberation resolved.
    Resolved,
}

impl Game {
    /// The liberating player concedes the Liberation under way (ruling R28): it is void —
    /// withdrawn if no target was declared yet, else forfeited (the liberating player pays 1
    /// Currency per point of their total Vox, with §12.7's shortfall rule). Possible at Steps 2
    /// to 5; once revealed, the outcome is fixed and only Steps 6 and 7 remain, which cannot
    /// be refused.
    pub fn concede_liberation(&mut self, player: PlayerId) -> Result<Voided, E> {
        let lib = self.liberation.as_ref().ok_or(E::NoneInProgress)?;
        if player != lib.liberating {
            return Err(E::NotTheLiberatingPlayer);
        }
        if matches!(lib.step, Step::Pay | Step::Resolve) {
            return Err(E::OutcomeFixed);
        }
        Ok(self.void_liberation(VoidCause::Conceded))
    }

    /// The player the Liberation awaits ([`Liberation::awaited`]) did not act in time: makes
    /// their default move (ruling R28). The defending player does nothing; the liberating
    /// player concedes; a step that awaits nobody is taken. Each call moves the Liberation on,
    /// and at most two calls end any Liberation: a defending player's step leads to a
    /// liberating player's (whose timeout voids it), Step 6 to Step 7.
    pub fn time_out(&mut self) -> Result<TimedOut, E> {
        let step = self.liberation.as_ref().ok_or(E::NoneInProgress)?.step;
        match step {
            Step::Defend => {
                self.activate_defenders(&[], &[])?;
                Ok(TimedOut::NoDefence { at: step })
            }
            Step::Allocate => {
                self.allocate_defence(super::commit::Assignment::empty())?;
                Ok(TimedOut::NoDefence { at: step })
            }
            Step::Pay => self.pay().map(TimedOut::Paid),
            Step::Resolve => self.resolve().map(|()| TimedOut::Resolved),
            Step::Activate | Step::Declare | Step::Commit | Step::Reveal => {
                Ok(TimedOut::Voided(self.void_liberation(VoidCause::TimedOut)))
            }
        }
    }

    /// Ends the Liberation under way as void: withdrawn before any target was declared, else
    /// forfeited. No counters are placed.
    pub(crate) fn void_liberation(&mut self, cause: VoidCause) -> Voided {
        let Some(lib) = self.liberation else {
            return Voided {
                cause,
                at: Step::Activate,
                forfeit: None,
            };
        };
        let forfeit = match lib.step {
            Step::Activate | Step::Declare => None,
            _ => Some(self.charge_forfeit(lib.liberating, lib.total_vox)),
        };
        let voided = Voided {
            cause,
            at: lib.step,
            forfeit,
        };
        self.emit(Event::LiberationVoid {
            player: lib.liberating,
            voided,
        });
        self.end_liberation(&lib);
        voided
    }

    /// A forfeit: `owed` Currency, paid as far as the Treasury allows; a shortfall empties it
    /// and awards the next opponent 1 Story Point, as §12.7's does (rulings R6, R26).
    fn charge_forfeit(&mut self, player: PlayerId, owed: u32) -> Payment {
        let treasury = self.player(player).treasury;
        let paid = owed.min(treasury);
        let shortfall = owed > treasury;
        self.change_treasury(player, -i64::from(paid));
        if shortfall {
            let next = self.next_opponent(player);
            self.award_story_points(next, 1);
        }
        Payment {
            owed,
            paid,
            shortfall,
        }
    }

    /// What every Liberation's end does, resolved or void: garrisons are released, unspent Vox
    /// is lost (§12.5b), and queued triggers resolve.
    pub(crate) fn end_liberation(&mut self, lib: &Liberation) {
        for &(g, _) in lib.garrisons.iter() {
            if let Some(p) = self.perm_mut(g) {
                p.garrisoning = None;
            }
        }
        for pl in [Some(lib.liberating), lib.defending].into_iter().flatten() {
            if let Some(pl) = self.player_mut(pl) {
                pl.vox_pool = 0;
            }
        }
        self.liberation = None;
        self.run_pending();
        // Ruling R41: `until the end of the Liberation` ends once Step 7, its continuous
        // check and the triggers they caused are done.
        self.end_changes(crate::card::Duration::UntilEndOfLiberation);
    }
}
