//! When triggers fire (the engine matches [`Trigger`]s against what happened) and the queue
//! that resolves them, first in, first out, after the action that caused them. As each one
//! resolves, its controller's decisions (an optional Twist, the targets) are asked of the
//! game's [`Choices`](crate::Choices).

use crate::card::{Controller, Face, Selector, Trigger};
use crate::ctx::Text;
use crate::event::{DestroyedBy, Event, Source};
use crate::game::{Game, Pending};
use crate::ids::{PermanentId, PlayerId};

/// Most triggers resolved after one action before the queue is abandoned (loop guard).
const TRIGGER_BUDGET: u32 = 10_000;

impl Game {
    /// Queues every triggered ability of `id`'s showing face that waits for `trigger`.
    pub(crate) fn queue_self(&mut self, id: PermanentId, trigger: Trigger) {
        let Some(p) = self.perm(id) else { return };
        let face = p.face;
        let data = p.data();
        for (index, t) in data.triggers.iter().enumerate() {
            if t.when == trigger {
                self.pending.push_back(Pending::Trigger {
                    permanent: id,
                    face,
                    index,
                });
            }
        }
    }

    /// Queues the triggers a destruction fires (§12.8 "Who destroyed it"). The destroyed
    /// permanent looks back: its own abilities see its own destruction. Every other permanent,
    /// a credited liberator or attacker included, must be on the Map (ruling R16).
    pub(crate) fn queue_destruction_triggers(&mut self, x: PermanentId, by: DestroyedBy) {
        let Some(victim) = self.perm(x) else { return };
        let victim_controller = victim.controller;
        let by_player = by.by_player();
        self.queue_self(x, Trigger::ThisIsDestroyed);
        if by.in_combat() {
            self.queue_self(x, Trigger::ThisIsDestroyedInCombat);
        }
        if by_player.is_some_and(|q| q != victim_controller) {
            self.queue_self(x, Trigger::ThisIsDestroyedByOpponentCard);
        }
        // Those credited (§12.8 "Who destroyed it") fire only from the Map: a liberator or
        // attacker already in its Depleted Pile keeps its credit in the record but has no
        // abilities left to fire (ruling R16).
        for &d in by.credited() {
            if d == x || self.on_map(d).is_none() {
                continue;
            }
            self.queue_self(d, Trigger::ThisDestroysAPermanent);
            if by.in_combat() {
                self.queue_self(d, Trigger::ThisDestroysAPermanentInCombat);
            }
            if by.by_liberation() {
                self.queue_self(d, Trigger::ThisLiberatesAnotherCard);
            }
        }
        for i in 0..self.permanents.len() {
            let p = &self.permanents[i];
            if !(p.on_map() || p.id == x) {
                continue;
            }
            let (id, q) = (p.id, p.controller);
            if by_player == Some(q) {
                self.queue_self(id, Trigger::ACardYouControlDestroysAPermanent);
            }
            if let DestroyedBy::Liberation { declared_by, .. } = by {
                if victim_controller == q && declared_by != q {
                    self.queue_self(id, Trigger::OpponentLiberationDestroysYourPermanent);
                }
            }
        }
    }

    /// Queues `At the start of your turn` for the active player's permanents.
    pub(crate) fn queue_start_of_turn(&mut self) {
        let active = self.active;
        for i in 0..self.permanents.len() {
            let p = &self.permanents[i];
            if p.on_map() && p.controller == active {
                let id = p.id;
                self.queue_self(id, Trigger::StartOfYourTurn);
            }
        }
    }

    /// Whether `id` is on the Map and passes `selector` from `you`'s point of view.
    pub(crate) fn selects(&self, id: PermanentId, selector: Selector, you: PlayerId) -> bool {
        self.on_map(id).is_some_and(|p| {
            selector.kind.accepts(p.kind())
                && match selector.controller {
                    None => true,
                    Some(Controller::You) => p.controller == you,
                    Some(Controller::Opponent) => p.controller != you,
                }
        })
    }

    /// Resolves queued triggers and Reversal texts until none remain.
    pub(crate) fn run_pending(&mut self) {
        let mut budget = TRIGGER_BUDGET;
        while let Some(item) = self.pending.pop_front() {
            budget -= 1;
            if budget == 0 {
                self.pending.clear();
                break;
            }
            let (id, face, index) = match item {
                Pending::Trigger {
                    permanent,
                    face,
                    index,
                } => (permanent, face, Some(index)),
                Pending::Reversal { storyline } => (storyline, Face::Reversal, None),
            };
            let Some(p) = self.perm(id) else { continue };
            let (card, you) = (p.card, p.controller);
            let Some(data) = card.face(face) else {
                continue;
            };
            if let Some(i) = index {
                if !self.twist_taken(id, face, i) {
                    self.emit(Event::TwistDeclined { permanent: id });
                    continue;
                }
            }
            let selectors = match index {
                Some(i) => data.triggers.get(i).map_or(&[][..], |t| t.targets),
                None => data.targets,
            };
            let Some(chosen) = self.trigger_targets(id, face, index, selectors) else {
                continue;
            };
            let source = Source {
                controller: you,
                permanent: Some(id),
            };
            match index {
                Some(i) => {
                    let twist = data.triggers.get(i).is_some_and(|t| t.twist);
                    let text = Text::Trigger { twist };
                    self.resolve_effect(source, chosen, text, |fx| card.0.trigger(face, i, fx));
                }
                None => {
                    self.resolve_effect(source, chosen, Text::Play, |fx| card.0.play(face, fx));
                }
            }
        }
    }
}
