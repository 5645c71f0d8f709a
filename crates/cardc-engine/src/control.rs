//! Gaining control (rulings R100, R101): `Gain control of <target>[ until end of turn]`.
//!
//! A permanent has an owner, fixed, and a controller, which this effect changes: the text's
//! controller becomes the controller of each permanent the target names as the effect
//! resolves (as R42 fixes a group). Nothing else about the permanent changes: its CP,
//! counters, damage, readiness, host and a Storyline's Bound stay as they were; it is not
//! deployed again (R45 does not apply, so it may be Activated as a liberator this turn).
//!
//! With a duration, a [`TimedControl`] remembers who controlled it before; when the duration
//! ends (`Game::end_changes`, with the stat changes of the same duration) control goes back
//! to that player, the latest change first, if the permanent is still on the Map. Leaving the
//! Map ends it (what comes back is a new object). `until the end of the Liberation` with no
//! Liberation under way does nothing, as ruling R41 rules for a stat change.
//!
//! Ruling R101 (§12.3: a permanent you control may not be declared): a declared Liberation
//! target, or a garrison, that comes under the liberating player's control leaves the
//! Liberation. Its slots' counters neither land nor are cancelled (so they are not paid for
//! at Step 6); the rest of the Liberation goes on.

use crate::event::Event;
use crate::game::Game;
use crate::ids::{PermanentId, PlayerId};
use crate::Duration;

/// A change of control made for a time (ruling R100).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimedControl {
    /// The permanent.
    pub permanent: PermanentId,
    /// Who controlled it before, and controls it again when the duration ends.
    pub previous: PlayerId,
    /// How long the change lasts.
    pub until: Duration,
}

impl Game {
    /// `player` gains control of `id` (ruling R100), for good or `until` a duration ends.
    pub(crate) fn gain_control(
        &mut self,
        id: PermanentId,
        player: PlayerId,
        until: Option<Duration>,
    ) {
        let Some(p) = self.on_map(id) else {
            return;
        };
        if until == Some(Duration::UntilEndOfLiberation) && self.liberation.is_none() {
            return;
        }
        let previous = p.controller;
        if let Some(until) = until {
            self.controls.push(TimedControl {
                permanent: id,
                previous,
                until,
            });
        }
        self.set_controller(id, player);
    }

    /// Makes `player` the controller of `id`, logs it, and takes it out of the Liberation
    /// under way if it now belongs to the liberating player (ruling R101).
    fn set_controller(&mut self, id: PermanentId, player: PlayerId) {
        let Some(p) = self.perm_mut(id).filter(|p| p.on_map()) else {
            return;
        };
        let from = p.controller;
        if from == player {
            return;
        }
        p.controller = player;
        self.emit(Event::ControlChanged {
            permanent: id,
            from,
            to: player,
        });
        self.leave_liberation(id, player);
        self.state_check();
    }

    /// Ruling R101: a declared target or a garrison now controlled by the liberating player
    /// leaves the Liberation; the slots it names land and cancel nothing.
    fn leave_liberation(&mut self, id: PermanentId, player: PlayerId) {
        let Some(lib) = self.liberation.as_mut() else {
            return;
        };
        if lib.liberating != player {
            return;
        }
        let declared = lib.targets.contains(&id);
        let garrison = lib.garrisons.iter().any(|&(g, _)| g == id);
        if !(declared || garrison) || lib.departed.contains(&id) {
            return;
        }
        let _ = lib.departed.push(id);
        lib.discard_departed();
        self.emit(Event::LeftLiberation { permanent: id });
    }

    /// Ends the changes of control made `until` (ruling R100), the latest first: each
    /// permanent still on the Map goes back to the player who controlled it before.
    pub(crate) fn end_controls(&mut self, until: Duration) {
        let mut ended = Vec::new();
        self.controls.retain(|c| {
            if c.until == until {
                ended.push(*c);
                false
            } else {
                true
            }
        });
        for c in ended.into_iter().rev() {
            self.set_controller(c.permanent, c.previous);
        }
    }

    /// The changes of control made for a time and in force, in the order they were made.
    pub fn timed_controls(&self) -> &[TimedControl] {
        &self.controls
    }
}

impl crate::liberation::Liberation {
    /// Ruling R101: the outcome of every slot that is, or belongs to, a permanent that left
    /// the Liberation lands nothing and cancels nothing.
    pub(crate) fn discard_departed(&mut self) {
        let departed = self.departed;
        for o in self.outcome.as_mut_slice() {
            if departed.contains(&o.slot) || departed.contains(&o.target) {
                o.landed = 0;
                o.cancelled_by_defence = 0;
                o.cancelled_by_rk = 0;
                o.added_by_rk = 0;
            }
        }
    }

    /// The declared targets and garrisons that left this Liberation (ruling R101).
    pub fn departed(&self) -> &[PermanentId] {
        self.departed.as_slice()
    }
}
