//! When triggers fire (the engine matches [`Trigger`]s against what happened) and the queue
//! that resolves them, first in, first out, after the action that caused them. As each one
//! resolves, its controller's decisions (an optional Twist, the targets) are asked of the
//! game's [`Choices`](crate::Choices).

use crate::card::{Condition, Controller, EventSubject, Face, Kind, Selector, Trigger};
use crate::ctx::Text;
use crate::event::{DestroyedBy, Event, Source};
use crate::game::{Game, Pending};
use crate::ids::{PermanentId, PlayerId};

/// What a trigger's event was about, beyond its firing, that its effect reads: the number
/// of counters one placing put on the card, which `that many` at the start of the effect
/// counts (ruling R105; every other event counts nothing: 0), and the permanent an event
/// about a group happened to, whom `its controller`/`its owner` name (ruling R106).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct About {
    /// The number the event counted (ruling R105).
    pub(crate) count: u32,
    /// The member of the group it happened to; `None` for an event about the card itself
    /// (`this card is destroyed`), whose effect reads the card whose trigger it is (R106).
    pub(crate) card: Option<PermanentId>,
}

/// What one permanent saw happen, from its own point of view: what every [`Trigger`] is
/// matched against ([`fires`]).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Seen<'a> {
    /// It was destroyed; `controller` controlled it.
    ItsDestruction {
        /// The cause.
        by: &'a DestroyedBy,
        /// Its controller.
        controller: PlayerId,
    },
    /// It is credited with destroying another permanent (§12.8 "Who destroyed it").
    ItsKill(&'a DestroyedBy),
    /// A permanent (itself included) was destroyed while it watched; `watcher` controls it.
    ADestruction {
        /// The cause.
        by: &'a DestroyedBy,
        /// The destroyed permanent's controller.
        victim_controller: PlayerId,
        /// This permanent's controller.
        watcher: PlayerId,
    },
    /// It took damage (never CP lost to Liberation counters, §12.8).
    Damage,
    /// It Fell (§7.7).
    Fall,
    /// Its controller's turn started.
    TurnStart,
    /// Its controller's turn is ending (ruling R47).
    TurnEnd,
    /// It was deployed from hand (§7.11).
    Deployed,
    /// It was Activated: for an `A` ability (§7.3), or as a liberator or defender (§12.2,
    /// §12.4).
    Activated,
    /// A player declared a Liberation's targets (§12.3, ruling R50); `watcher` controls this
    /// permanent.
    LiberationDeclared {
        /// The liberating player.
        declarer: PlayerId,
        /// This permanent's controller.
        watcher: PlayerId,
    },
    /// It was declared as a Liberation target (§12.3, ruling R50).
    DeclaredAsTarget,
    /// One placing put Liberation counters on it, after replacements (§12.8, ruling R79).
    LiberationCountersPlaced,
    /// One placing put Story counters on it (rulings R64, R79).
    StoryCountersPlaced,
    /// A player declared Confluence with a Liberation's targets (§12.3, ruling R78);
    /// `watcher` controls this permanent.
    ConfluenceDeclared {
        /// The liberating player.
        declarer: PlayerId,
        /// This permanent's controller.
        watcher: PlayerId,
    },
    /// It was Activated as a liberator in Step 1 (§12.2, ruling R76).
    ActivatedAsLiberator,
    /// It was Activated as a defender in Step 3 (§12.4, ruling R76).
    ActivatedAsDefender,
    /// It was declared as a garrison in Step 3 (§12.4, ruling R76).
    DeclaredAsGarrison,
    /// It was activated and became readied (ruling R116).
    Readied,
    /// Something happened to a permanent (itself included) while it watched: what the events
    /// about a group match (ruling R48).
    Member {
        /// What happened.
        happened: Happened,
        /// The permanent it happened to.
        it: PermanentId,
        /// Its type.
        kind: Kind,
        /// Its controller.
        controller: PlayerId,
        /// The watching permanent (whose trigger it is).
        watcher: PermanentId,
        /// The watching permanent's controller.
        watcher_controller: PlayerId,
        /// Whether it is the watching Storyline's Bound Character (ruling R80).
        watchers_bound: bool,
        /// Its card's name, whichever face shows (rulings R25, R113).
        name: &'static str,
        /// What the group's filters read of it, as it happened (ruling R63).
        facts: crate::filters::Facts,
        /// Where the watcher reads its group's Band filters from, as it happened (ruling
        /// R107).
        origin: crate::filters::Origin,
    },
}

/// What happened to a permanent, as the events about a group name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Happened {
    /// It was destroyed (by any cause).
    Destroyed,
    /// It Fell (§7.7).
    Fell,
    /// It was deployed from hand (§7.11).
    Deployed,
    /// It was Activated (§7.3, §12.2, §12.4).
    Activated,
    /// It was Activated as a liberator in Step 1 (§12.2, rulings R76, R80).
    ActivatedAsLiberator,
    /// It was Activated as a defender in Step 3 (§12.4, ruling R112).
    ActivatedAsDefender,
    /// It was activated and became readied (ruling R116).
    Readied,
    /// It was declared as a Liberation target (§12.3, ruling R76).
    DeclaredAsTarget,
    /// It was declared as a garrison (§12.4, ruling R76).
    DeclaredAsGarrison,
    /// It was destroyed by combat damage (§12.8, ruling R76).
    DestroyedInCombat,
    /// It was destroyed by a Liberation that `declared_by` declared (§12.8, ruling R76).
    DestroyedByLiberation {
        /// The liberating player.
        declared_by: PlayerId,
    },
    /// One placing put Liberation counters on it (§12.8, ruling R79).
    LiberationCountersPlaced,
    /// One placing put Story counters on it (rulings R64, R79).
    StoryCountersPlaced,
}

/// Whether `seen` is `happened` happening to what an event is about, from the watcher's point
/// of view: a member of a group (ruling R48), or the watching Storyline's Bound Character
/// (ruling R80).
fn member(subject: EventSubject, happened: Happened, seen: Seen<'_>) -> bool {
    let Seen::Member {
        happened: h,
        it,
        kind,
        controller,
        watcher,
        watcher_controller,
        watchers_bound,
        name,
        facts,
        origin,
    } = seen
    else {
        return false;
    };
    let group = match subject {
        EventSubject::Group(g) => g,
        EventSubject::TheBound => return h == happened && watchers_bound,
        // Ruling R113: a permanent of that name, whoever controls it.
        EventSubject::Named(n) => return h == happened && name == n,
    };
    h == happened
        && !(group.other && it == watcher)
        && group.selector.kind.accepts(kind)
        && match group.selector.controller {
            None => true,
            Some(Controller::You) => controller == watcher_controller,
            Some(Controller::Opponent) => controller != watcher_controller,
        }
        && group.selector.filters.all(|f| facts.passes(f, &origin))
}

/// Whether `trigger` fires on what its permanent `seen`: the rules logic of every event of the
/// table, one arm each, so a new event does not build until the engine says when it happens.
pub(crate) fn fires(trigger: Trigger, seen: Seen<'_>) -> bool {
    match trigger {
        Trigger::ThisIsDestroyed => matches!(seen, Seen::ItsDestruction { .. }),
        Trigger::ThisIsDestroyedInCombat => {
            matches!(seen, Seen::ItsDestruction { by, .. } if by.in_combat())
        }
        Trigger::ThisIsDestroyedByAnOpponentsCard => matches!(
            seen,
            Seen::ItsDestruction { by, controller } if by.by_player().is_some_and(|q| q != controller)
        ),
        Trigger::ThisDestroysAPermanent => matches!(seen, Seen::ItsKill(_)),
        Trigger::ThisDestroysAPermanentInCombat => {
            matches!(seen, Seen::ItsKill(by) if by.in_combat())
        }
        // Ruling R5: a Liberation in which this card was an Activated liberator.
        Trigger::ThisLiberatesAnotherCard => {
            matches!(seen, Seen::ItsKill(by) if by.by_liberation())
        }
        Trigger::ACardYouControlDestroysAPermanent => matches!(
            seen,
            Seen::ADestruction { by, watcher, .. } if by.by_player() == Some(watcher)
        ),
        Trigger::AnOpponentsLiberationDestroysYourPermanent => matches!(
            seen,
            Seen::ADestruction { by: DestroyedBy::Liberation { declared_by, .. }, victim_controller, watcher }
                if victim_controller == watcher && *declared_by != watcher
        ),
        Trigger::ThisTakesDamage => matches!(seen, Seen::Damage),
        Trigger::ThisFalls => matches!(seen, Seen::Fall),
        // §7.11, ruling R45: deployed from hand, never placed on the Map another way.
        Trigger::ThisIsDeployed => matches!(seen, Seen::Deployed),
        // §7.3, §12.2, §12.4, ruling R46: readied to activated by an `A` cost or a Liberation
        // step; entering the Map activated is not being Activated.
        Trigger::ThisIsActivated => matches!(seen, Seen::Activated),
        Trigger::StartOfYourTurn => matches!(seen, Seen::TurnStart),
        // Ruling R47: the controller's turn ends (queued at the start of `Game::end_turn`).
        Trigger::EndOfYourTurn => matches!(seen, Seen::TurnEnd),
        // §12.3, ruling R50: the Liberation is declared with its targets, in Step 2.
        Trigger::YouDeclareALiberation => matches!(
            seen,
            Seen::LiberationDeclared { declarer, watcher } if declarer == watcher
        ),
        Trigger::AnOpponentDeclaresALiberation => matches!(
            seen,
            Seen::LiberationDeclared { declarer, watcher } if declarer != watcher
        ),
        Trigger::ThisIsDeclaredAsALiberationTarget => matches!(seen, Seen::DeclaredAsTarget),
        // Ruling R48: any cause, the destroyed permanent looking back at its own destruction.
        Trigger::AGroupIsDestroyed(g) => member(g, Happened::Destroyed, seen),
        // §7.7: a Character Falls to its Fallen face.
        Trigger::AGroupFalls(g) => member(g, Happened::Fell, seen),
        // §7.11, ruling R45: deployed from hand.
        Trigger::AGroupIsDeployed(g) => member(g, Happened::Deployed, seen),
        // §7.3, §12.2, §12.4, ruling R46.
        Trigger::AGroupIsActivated(g) => member(g, Happened::Activated, seen),
        // §12.2, ruling R76: Step 1 only, never an `A` ability or defending.
        Trigger::ThisIsActivatedAsALiberator => matches!(seen, Seen::ActivatedAsLiberator),
        // §12.4, ruling R76: Step 3's defenders, never a garrison (which is not Activated).
        Trigger::ThisIsActivatedAsADefender => matches!(seen, Seen::ActivatedAsDefender),
        Trigger::ThisIsDeclaredAsAGarrison => matches!(seen, Seen::DeclaredAsGarrison),
        Trigger::AGroupIsDeclaredAsAGarrison(g) => member(g, Happened::DeclaredAsGarrison, seen),
        // §12.3, rulings R50, R76.
        Trigger::AGroupIsDeclaredAsALiberationTarget(g) => {
            member(g, Happened::DeclaredAsTarget, seen)
        }
        // §12.8: combat damage, never a Liberation kill.
        Trigger::AGroupIsDestroyedInCombat(g) => member(g, Happened::DestroyedInCombat, seen),
        // Ruling R76: any player, the watcher's controller included.
        Trigger::APlayerDeclaresALiberation => matches!(seen, Seen::LiberationDeclared { .. }),
        // §12.8, ruling R76: a Liberation the watcher's controller declared.
        Trigger::ALiberationYouDeclaredDestroys(g) => match seen {
            Seen::Member {
                happened: declared @ Happened::DestroyedByLiberation { declared_by },
                watcher_controller,
                ..
            } => declared_by == watcher_controller && member(g, declared, seen),
            _ => false,
        },
        // §12.3, §18.81, ruling R78: its controller declared Confluence in Step 2.
        Trigger::YouDeclareConfluence => matches!(
            seen,
            Seen::ConfluenceDeclared { declarer, watcher } if declarer == watcher
        ),
        // Ruling R116: activated, it became readied.
        Trigger::ThisIsReadied => matches!(seen, Seen::Readied),
        Trigger::AGroupIsReadied(g) => member(g, Happened::Readied, seen),
        // §12.3, rulings R78, R115: an opponent of its controller declared Confluence.
        Trigger::AnOpponentDeclaresConfluence => matches!(
            seen,
            Seen::ConfluenceDeclared { declarer, watcher } if declarer != watcher
        ),
        // §12.8, rulings R64, R79: once per placing that puts one or more counters on it,
        // after replacements.
        Trigger::LiberationCountersArePlacedOnThis => {
            matches!(seen, Seen::LiberationCountersPlaced)
        }
        Trigger::StoryCountersArePlacedOnThis => matches!(seen, Seen::StoryCountersPlaced),
        Trigger::LiberationCountersArePlacedOnAGroup(g) => {
            member(g, Happened::LiberationCountersPlaced, seen)
        }
        Trigger::StoryCountersArePlacedOnAGroup(g) => {
            member(g, Happened::StoryCountersPlaced, seen)
        }
        // §12.2, rulings R76, R80: Step 1 only, after the liberators' `is Activated`.
        Trigger::AGroupIsActivatedAsALiberator(g) => {
            member(g, Happened::ActivatedAsLiberator, seen)
        }
        // §12.4, ruling R112: Step 3's defenders, after their `is Activated`; never a
        // garrison (which is not Activated).
        Trigger::AGroupIsActivatedAsADefender(g) => member(g, Happened::ActivatedAsDefender, seen),
    }
}

/// Most triggers resolved after one action before the queue is abandoned (loop guard).
const TRIGGER_BUDGET: u32 = 10_000;

impl Game {
    /// Queues every triggered ability of `id`'s showing face that `seen` fires, in the table's
    /// order ([`Trigger::order`]), abilities waiting for the same event in printed order.
    pub(crate) fn queue_seen(&mut self, id: PermanentId, seen: Seen<'_>) {
        self.queue_seen_about(id, seen, About::default());
    }

    /// [`Game::queue_seen`] for an event that counted something its triggers' effects may
    /// read (`about`, ruling R105).
    pub(crate) fn queue_seen_about(&mut self, id: PermanentId, seen: Seen<'_>, about: About) {
        let Some(p) = self.perm(id) else { return };
        let (face, triggers, you) = (p.face, p.data().triggers, p.controller);
        // Place by place in table order, without allocating (the Liberation steps do not).
        for order in 0..=Trigger::StartOfYourTurn.order() {
            for (index, t) in triggers.iter().enumerate() {
                // Ruling R36: an intervening `if` is read as the event happens.
                if t.when.order() == order
                    && fires(t.when, seen)
                    && self.intervening_if_holds(t.condition, id, you)
                {
                    self.pending.push_back(Pending::Trigger {
                        permanent: id,
                        face,
                        index,
                        about,
                    });
                }
            }
        }
    }

    /// Queues the triggers a Liberation's declaration fires (§12.3, ruling R50): every
    /// permanent on the Map sees `declarer` declare it, then each target, in the order declared,
    /// sees itself declared.
    pub(crate) fn queue_declaration(&mut self, declarer: PlayerId, targets: &[PermanentId]) {
        for i in 0..self.permanents.len() {
            let p = &self.permanents[i];
            if !p.on_map() {
                continue;
            }
            let (id, watcher) = (p.id, p.controller);
            self.queue_seen(id, Seen::LiberationDeclared { declarer, watcher });
        }
        for &t in targets {
            self.queue_seen(t, Seen::DeclaredAsTarget);
        }
        // Ruling R76: then every permanent on the Map sees each target declared, in order.
        for &t in targets {
            self.queue_members(t, Happened::DeclaredAsTarget);
        }
    }

    /// Queues the triggers one placing of counters on `id` fires (ruling R79): its own
    /// (`… are placed on this card`), then every watcher's about a group.
    pub(crate) fn queue_counters_placed(&mut self, id: PermanentId, story: bool, n: u32) {
        // Ruling R105: `that many` in their effects is the number this placing put on it.
        let about = About {
            count: n,
            card: None,
        };
        if story {
            self.queue_seen_about(id, Seen::StoryCountersPlaced, about);
            self.queue_members_about(id, Happened::StoryCountersPlaced, about);
        } else {
            self.queue_seen_about(id, Seen::LiberationCountersPlaced, about);
            self.queue_members_about(id, Happened::LiberationCountersPlaced, about);
        }
    }

    /// Queues the triggers Confluence's declaration fires (§12.3, §18.81, ruling R78): every
    /// permanent on the Map sees `declarer` declare it, after the Liberation's declaration
    /// triggers ([`Game::queue_declaration`]) are queued.
    pub(crate) fn queue_confluence(&mut self, declarer: PlayerId) {
        for i in 0..self.permanents.len() {
            let p = &self.permanents[i];
            if !p.on_map() {
                continue;
            }
            let (id, watcher) = (p.id, p.controller);
            self.queue_seen(id, Seen::ConfluenceDeclared { declarer, watcher });
        }
    }

    /// Queues the triggers about a group that `happened` to `it` fires (ruling R48): every
    /// permanent on the Map watches, and `it` itself even when it has left the Map (a destroyed
    /// permanent looks back at its own destruction, as for `this card is destroyed`).
    pub(crate) fn queue_members(&mut self, it: PermanentId, happened: Happened) {
        self.queue_members_about(it, happened, About::default());
    }

    /// Queues what `id` becoming readied fires (ruling R116): its own `this card is readied`,
    /// then every group event watching it.
    pub(crate) fn queue_readied(&mut self, id: PermanentId) {
        self.queue_seen(id, Seen::Readied);
        self.queue_members(id, Happened::Readied);
    }

    /// [`Game::queue_members`] for a happening that counted something (ruling R105).
    pub(crate) fn queue_members_about(
        &mut self,
        it: PermanentId,
        happened: Happened,
        about: About,
    ) {
        let Some(p) = self.perm(it) else { return };
        let (kind, controller, name) = (p.kind(), p.controller, p.card.name());
        let facts = self.facts(p);
        // Ruling R107: the Map as it is when the event happens, once for every watcher.
        let map = self.band_map();
        // Ruling R106: the effect's `its controller`/`its owner` is this member's.
        let about = About {
            card: Some(it),
            ..about
        };
        for i in 0..self.permanents.len() {
            let w = &self.permanents[i];
            if !(w.on_map() || w.id == it) {
                continue;
            }
            let (watcher, watcher_controller) = (w.id, w.controller);
            // Ruling R80: the Storyline's binding as it happened (a destroyed Bound included).
            let watchers_bound = w.kind() == Kind::Storyline && w.bound == Some(it);
            // Ruling R107: the watcher's Band (a Storyline has none) and its Bound's, the
            // Bound it looks back at included.
            let origin = if w.kind() == Kind::Storyline {
                let bound = w
                    .bound
                    .and_then(|b| self.perm(b))
                    .filter(|b| b.on_map() || b.id == it)
                    .map(|b| b.band);
                crate::filters::Origin {
                    this: None,
                    bound,
                    map,
                }
            } else {
                crate::filters::Origin {
                    this: Some(w.band),
                    bound: None,
                    map,
                }
            };
            self.queue_seen_about(
                watcher,
                Seen::Member {
                    happened,
                    it,
                    kind,
                    controller,
                    watcher,
                    watcher_controller,
                    watchers_bound,
                    name,
                    facts,
                    origin,
                },
                about,
            );
        }
    }

    /// Queues the triggers a destruction fires (§12.8 "Who destroyed it"). The destroyed
    /// permanent looks back: its own abilities see its own destruction. Every other permanent,
    /// a credited liberator or attacker included, must be on the Map (ruling R16).
    pub(crate) fn queue_destruction_triggers(&mut self, x: PermanentId, by: DestroyedBy) {
        let Some(victim) = self.perm(x) else { return };
        let victim_controller = victim.controller;
        self.queue_seen(
            x,
            Seen::ItsDestruction {
                by: &by,
                controller: victim_controller,
            },
        );
        // Those credited (§12.8 "Who destroyed it") fire only from the Map: a liberator or
        // attacker already in its Depleted Pile keeps its credit in the record but has no
        // abilities left to fire (ruling R16).
        for &d in by.credited() {
            if d == x || self.on_map(d).is_none() {
                continue;
            }
            self.queue_seen(d, Seen::ItsKill(&by));
        }
        for i in 0..self.permanents.len() {
            let p = &self.permanents[i];
            if !(p.on_map() || p.id == x) {
                continue;
            }
            let (id, watcher) = (p.id, p.controller);
            self.queue_seen(
                id,
                Seen::ADestruction {
                    by: &by,
                    victim_controller,
                    watcher,
                },
            );
        }
        self.queue_members(x, Happened::Destroyed);
        // Ruling R76: the group events that read the cause see it as its own happening.
        if by.in_combat() {
            self.queue_members(x, Happened::DestroyedInCombat);
        }
        if let DestroyedBy::Liberation { declared_by, .. } = &by {
            let declared_by = *declared_by;
            self.queue_members(x, Happened::DestroyedByLiberation { declared_by });
        }
    }

    /// Queues `At the start of your turn` for the active player's permanents.
    pub(crate) fn queue_start_of_turn(&mut self) {
        let active = self.active;
        for i in 0..self.permanents.len() {
            let p = &self.permanents[i];
            if p.on_map() && p.controller == active {
                let id = p.id;
                self.queue_seen(id, Seen::TurnStart);
            }
        }
    }

    /// Whether a trigger's intervening `if`, if it has one, holds for `id` controlled by `you`.
    fn intervening_if_holds(
        &self,
        condition: Option<Condition>,
        id: PermanentId,
        you: PlayerId,
    ) -> bool {
        condition.is_none_or(|c| self.holds(c, id, you))
    }

    /// Queues `At the end of your turn` for the active player's permanents (ruling R47).
    pub(crate) fn queue_end_of_turn(&mut self) {
        let active = self.active;
        for i in 0..self.permanents.len() {
            let p = &self.permanents[i];
            if p.on_map() && p.controller == active {
                let id = p.id;
                self.queue_seen(id, Seen::TurnEnd);
            }
        }
    }

    /// Whether `id` is on the Map and passes `selector` from `you`'s point of view, for the
    /// text of `source` (`None` for a Maneuver's): its Band filters read from
    /// [`Game::origin`] of `source` (ruling R107). `other` is the caller's
    /// ([`Game::selects_from`]).
    pub(crate) fn selects(
        &self,
        id: PermanentId,
        selector: Selector,
        you: PlayerId,
        source: Option<PermanentId>,
    ) -> bool {
        self.on_map(id).is_some_and(|p| {
            selector.kind.accepts(p.kind())
                && match selector.controller {
                    None => true,
                    Some(Controller::You) => p.controller == you,
                    Some(Controller::Opponent) => p.controller != you,
                }
                && {
                    let origin = if selector.filters.reads_band() {
                        self.origin(source)
                    } else {
                        crate::filters::Origin::NOWHERE
                    };
                    selector.filters.all(|f| self.passes(p, f, &origin))
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
            let (id, face, index, about) = match item {
                Pending::Trigger {
                    permanent,
                    face,
                    index,
                    about,
                } => (permanent, face, Some(index), about),
                Pending::Reversal { storyline } => {
                    (storyline, Face::Reversal, None, About::default())
                }
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
            // Ruling R36: and again as the trigger resolves; false, it does nothing.
            let condition = index
                .and_then(|i| data.triggers.get(i))
                .and_then(|t| t.condition);
            if !self.intervening_if_holds(condition, id, you) {
                self.emit(Event::ConditionFailed { permanent: id });
                continue;
            }
            let selectors = match index {
                Some(i) => data.triggers.get(i).map_or(&[][..], |t| t.targets),
                None => data.targets,
            };
            // Ruling R81: a modal text's options are chosen first, then their targets.
            let Some((chosen, modes)) = self.modal_trigger_targets(id, face, index, selectors)
            else {
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
                    self.resolve_about(source, chosen, text, modes, about, |fx| {
                        card.0.trigger(face, i, fx)
                    });
                }
                None => {
                    self.resolve_modal(source, chosen, Text::Play, modes, |fx| {
                        card.0.play(face, fx)
                    });
                }
            }
        }
    }
}
