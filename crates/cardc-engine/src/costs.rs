//! Paying activated abilities' costs (§7.3, ruling R54): whether each cost of the table can
//! be paid, and paying it. Both are one exhaustive `match` over [`Cost`], so a cost row added
//! to `vocab/vocabulary.toml` does not build until the engine says how it is paid.
//!
//! An ability's costs are all checked before any is paid, then paid in the order printed: an
//! ability that cannot pay one of them changes nothing.

use crate::card::{Cost, Selector};
use crate::choices::RejectedChoice;
use crate::error::ActionError;
use crate::event::{CpLoss, DestroyedBy, Event};
use crate::game::Game;
use crate::ids::{PermanentId, PlayerId};
use crate::triggers::Seen;
use crate::Controller;

/// Another permanent an `Activate another <kind> you control` (or `a <kind>`, or `N <kinds>`,
/// one at a time) cost may activate: the controller chooses one (ruling R54).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ActivateRequest {
    /// The player paying, who chooses.
    pub player: PlayerId,
    /// The permanent whose ability it is (never a legal choice).
    pub source: PermanentId,
    /// What may be activated.
    pub selector: Selector,
    /// What the default policy activates: the first legal permanent, by id.
    pub default: PermanentId,
}

impl ActivateRequest {
    /// Whether `id` may pay the cost: another readied permanent the selector allows.
    pub fn is_legal(&self, view: &Game, id: PermanentId) -> bool {
        id != self.source
            && view.selects(id, self.selector, self.player, Some(self.source))
            && view.on_map(id).is_some_and(|p| p.readied)
    }
}

impl Game {
    /// Whether `player` can pay `cost` for the ability of `id` (on the Map, controlled by
    /// `player`), or why not.
    pub(crate) fn can_pay_cost(
        &self,
        player: PlayerId,
        id: PermanentId,
        cost: Cost,
    ) -> Result<(), ActionError> {
        let p = self.on_map(id).ok_or(ActionError::NotOnMap(id))?;
        match cost {
            Cost::Activate => {
                if !p.readied {
                    return Err(ActionError::AlreadyActivated(id));
                }
            }
            Cost::Cp(x) => {
                if !p.is_character() {
                    return Err(ActionError::NotACharacter(id));
                }
                let needs = x.unsigned_abs();
                if x < 0 && p.cp < i64::from(needs) {
                    return Err(ActionError::NotEnoughCp {
                        permanent: id,
                        has: p.cp,
                        needs,
                    });
                }
            }
            Cost::PayCurrency(needs) => {
                let has = self.player(player).treasury;
                if has < needs {
                    return Err(ActionError::CannotPay { needs, has });
                }
            }
            Cost::Discard(needs) => {
                let has = self.player(player).hand;
                if has < needs {
                    return Err(ActionError::CannotDiscard { needs, has });
                }
            }
            Cost::DestroyThisCard => {}
            Cost::RemoveLiberationCounters(needs) => {
                // Ruling R85: a prohibited removal cannot be paid.
                if self.prohibited(id, crate::prohibitions::Prohibited::CounterRemoval) {
                    return Err(ActionError::CountersKept { permanent: id });
                }
                if p.counters < needs {
                    return Err(ActionError::NotEnoughCounters {
                        permanent: id,
                        has: p.counters,
                        needs,
                    });
                }
            }
            Cost::RemoveStoryCounters(needs) => {
                if p.story_counters < needs {
                    return Err(ActionError::NotEnoughStoryCounters {
                        permanent: id,
                        has: p.story_counters,
                        needs,
                    });
                }
            }
            Cost::ActivateAnother(kind) | Cost::ActivateOne(kind) => {
                if self.activate_request(player, id, kind).is_none() {
                    return Err(ActionError::NothingToActivate(kind));
                }
            }
            Cost::ActivateSeveral { n, kind } => {
                // Ruling R54: N distinct permanents, each one the request allows.
                let has = self
                    .activate_request(player, id, kind)
                    .map_or(0, |request| {
                        self.map().filter(|p| request.is_legal(self, p.id)).count()
                    });
                if has < usize::try_from(n).unwrap_or(usize::MAX) {
                    return Err(ActionError::NothingToActivate(kind));
                }
            }
        }
        Ok(())
    }

    /// Pays `cost` for the ability of `id`; [`Game::can_pay_cost`] said it can be.
    pub(crate) fn pay_cost(&mut self, player: PlayerId, id: PermanentId, cost: Cost) {
        match cost {
            Cost::Activate => self.activate(id),
            Cost::Cp(x) => {
                let n = x.unsigned_abs();
                if x < 0 {
                    self.lose_cp(id, n, CpLoss::Cost, DestroyedBy::CpCost);
                } else {
                    self.gain_cp(id, n);
                }
            }
            Cost::PayCurrency(n) => {
                self.change_treasury(player, -i64::from(n));
            }
            Cost::Discard(n) => self.discard(player, n),
            Cost::DestroyThisCard => self.destroy(id, DestroyedBy::Cost),
            Cost::RemoveLiberationCounters(n) => {
                if let Some(p) = self.perm_mut(id) {
                    p.counters = p.counters.saturating_sub(n);
                }
            }
            Cost::RemoveStoryCounters(n) => {
                if let Some(p) = self.perm_mut(id) {
                    p.story_counters = p.story_counters.saturating_sub(n);
                }
            }
            Cost::ActivateAnother(kind) | Cost::ActivateOne(kind) => {
                self.pay_activation(player, id, kind);
            }
            Cost::ActivateSeveral { n, kind } => {
                // One choice at a time: a permanent activated for the cost is no longer
                // readied, so it is never a legal choice again.
                for _ in 0..n {
                    self.pay_activation(player, id, kind);
                }
            }
        }
    }

    /// Asks `player` for one readied permanent of `kind` they control, not `source`, and
    /// activates it (an illegal answer is replaced by the default, ruling R54).
    fn pay_activation(
        &mut self,
        player: PlayerId,
        source: PermanentId,
        kind: crate::PermanentKind,
    ) {
        if let Some(request) = self.activate_request(player, source, kind) {
            let mut picked = self.consult(|c, view| c.activate_for_cost(view, &request));
            if !request.is_legal(self, picked) {
                self.emit(Event::PlayerChoiceRejected {
                    player,
                    reason: RejectedChoice::IllegalActivation(picked),
                });
                picked = request.default;
            }
            self.activate(picked);
        }
    }

    /// Activates a readied permanent (it becomes not readied) and queues its `When this card
    /// is Activated` triggers and those of the groups it is in (rulings R46, R48).
    pub(crate) fn activate(&mut self, id: PermanentId) {
        if let Some(p) = self.perm_mut(id) {
            p.readied = false;
        }
        self.queue_seen(id, Seen::Activated);
        self.queue_members(id, crate::triggers::Happened::Activated);
    }

    /// The choice an `Activate another <kind> you control` cost asks for, if any permanent
    /// can pay it.
    fn activate_request(
        &self,
        player: PlayerId,
        source: PermanentId,
        kind: crate::PermanentKind,
    ) -> Option<ActivateRequest> {
        let selector = Selector::new(kind, Some(Controller::You));
        let mut request = ActivateRequest {
            player,
            source,
            selector,
            default: source,
        };
        request.default = self
            .map()
            .map(|p| p.id)
            .find(|&other| request.is_legal(self, other))?;
        Some(request)
    }
}
