//! The engine's [`Effects`] implementation: applies each primitive at once, with the resolving
//! card as source and its controller as "you"; and the effect-resolution driver,
//! [`Game::resolve_effect`], the one way a card's text is resolved.
//!
//! The driver holds the continuous check of §12.8 back while the text resolves: "the check is
//! made on the counters that remain on a card once the effect placing them has finished
//! resolving", so `Place 3 Liberation counters on …, then remove 1 …` is checked once, after
//! the whole `then`-chain (ruling R13). CP reaching 0 is not deferred: §7.3 destroys at once.

use crate::bounded::Bounded;
use crate::card::{BonusStat, Duration, Face, Kind};
use crate::effects::{Effects, Target, Who};
use crate::event::{CpLoss, DestroyedBy, Event, FallRoute, Source};
use crate::game::{Game, Zone};
use crate::ids::{limits, PermanentId, PlayerId};
use crate::prohibitions::Prohibited;

/// The targets chosen for one resolution.
pub(crate) type Chosen = Bounded<PermanentId, { limits::MAX_CHOSEN }>;

/// Which text of its source is resolving: it decides whether `Fall this card` may Fall a
/// Character (§7.7: only that Character's own Twist).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Text {
    /// An activated ability (`±X CP:` or `A, …:`).
    Ability,
    /// A triggered ability; `twist` when it is printed as a Twist ([`TriggerData::twist`]).
    ///
    /// [`TriggerData::twist`]: crate::TriggerData::twist
    Trigger {
        /// Printed as `Twist: …` / `Twist (optional): …`.
        twist: bool,
    },
    /// A Maneuver's text, or a Storyline's Reversal text.
    Play,
    /// A replacement's `… instead`.
    Replacement,
}

impl Game {
    /// Resolves one text of a card — an ability, a trigger, a Maneuver, a Reversal, a
    /// replacement — through `body`, which calls the [`Effects`] primitives in rules-text
    /// order. The continuous check (§12.8) runs once, after `body` has finished (for a text
    /// resolving inside another, after the outermost one).
    pub(crate) fn resolve_effect(
        &mut self,
        source: Source,
        chosen: Chosen,
        text: Text,
        body: impl FnOnce(&mut dyn Effects),
    ) {
        self.resolve_modal(source, chosen, text, crate::modes::NO_MODES, body);
    }

    /// [`Game::resolve_effect`] for a modal text: `modes` are the options chosen (ruling
    /// R81), which [`Quantities::chose`](crate::Quantities::chose) answers.
    pub(crate) fn resolve_modal(
        &mut self,
        source: Source,
        chosen: Chosen,
        text: Text,
        modes: crate::modes::ModeMask,
        body: impl FnOnce(&mut dyn Effects),
    ) {
        let about = crate::triggers::About::default();
        self.resolve_about(source, chosen, text, modes, about, body);
    }

    /// [`Game::resolve_modal`] for a trigger whose event counted something: before its first
    /// step, `that many` is the number the event counted (ruling R105).
    pub(crate) fn resolve_about(
        &mut self,
        source: Source,
        chosen: Chosen,
        text: Text,
        modes: crate::modes::ModeMask,
        about: crate::triggers::About,
        body: impl FnOnce(&mut dyn Effects),
    ) {
        self.deferring_check(|game| {
            body(&mut Ctx {
                game,
                source,
                chosen,
                text,
                players: [None; limits::MAX_CHOSEN],
                did: about.count,
                modes,
                event_card: about.card.or(source.permanent),
            })
        });
    }

    /// Runs `f` with the continuous check held back, then runs it once (unless an outer
    /// caller is holding it back too).
    pub(crate) fn deferring_check<T>(&mut self, f: impl FnOnce(&mut Game) -> T) -> T {
        self.deferred += 1;
        let out = f(self);
        self.deferred -= 1;
        self.state_check();
        out
    }
}

/// The context one ability, trigger or Maneuver resolves in.
struct Ctx<'g> {
    game: &'g mut Game,
    source: Source,
    chosen: Chosen,
    text: Text,
    /// The players chosen so far for `target player` / `target opponent` `n` (ruling R33).
    players: [Option<PlayerId>; limits::MAX_CHOSEN],
    /// What the last step did, for a `that many` after it (ruling R68); before the first
    /// step of a trigger, what its event counted (ruling R105).
    did: u32,
    /// The options chosen, for a modal text (ruling R81).
    modes: crate::modes::ModeMask,
    /// The card a trigger's event is about: the group's member, else the card whose text
    /// resolves (ruling R106).
    event_card: Option<PermanentId>,
}

impl crate::quantity::Quantities for Ctx<'_> {
    fn count(&self, c: crate::quantity::Countable) -> u32 {
        self.game.count(c, self.this(), self.source.controller)
    }

    fn that_many(&self) -> u32 {
        self.did
    }

    fn stat(&self, of: crate::quantity::StatOf) -> u32 {
        use crate::quantity::StatOf;
        match of {
            StatOf::ThisCard(stat) => self.game.read_stat(self.this(), stat),
            StatOf::Chosen(n, stat) => {
                let id = self.chosen.as_slice().get(usize::from(n)).copied();
                self.game.read_stat(id, stat)
            }
        }
    }

    fn chose(&self, option: u8) -> bool {
        option < 8 && self.modes & (1 << option) != 0
    }
}

impl Ctx<'_> {
    /// Calls `f` for each player `who` names, as the step resolves: a targeted player is
    /// chosen the first time a step names it, and the same player after that (ruling R33).
    fn each_player(&mut self, who: Who, mut f: impl FnMut(&mut Game, PlayerId)) {
        let you = self.source.controller;
        match who {
            Who::You => f(self.game, you),
            Who::Each | Who::EachOpponent => {
                let seats: Vec<PlayerId> = self
                    .game
                    .seats_from(you)
                    .filter(|&p| who == Who::Each || p != you)
                    .collect();
                for p in seats {
                    f(self.game, p);
                }
            }
            Who::Chosen(n) | Who::ChosenOpponent(n) => {
                let Some(slot) = self.players.get_mut(usize::from(n)) else {
                    return;
                };
                let picked = match *slot {
                    Some(p) => Some(p),
                    None => {
                        let opponent = matches!(who, Who::ChosenOpponent(_));
                        let p = self
                            .game
                            .choose_player(you, self.source.permanent, n, opponent);
                        if let Some(slot) = self.players.get_mut(usize::from(n)) {
                            *slot = p;
                        }
                        p
                    }
                };
                if let Some(p) = picked {
                    f(self.game, p);
                }
            }
            Who::ControllerOf(n) | Who::OwnerOf(n) => {
                // Look-back: a target that has left the Map since keeps the controller and
                // owner it last had there.
                let player = self
                    .chosen
                    .as_slice()
                    .get(usize::from(n))
                    .and_then(|&id| self.game.perm(id))
                    .map(|p| match who {
                        Who::OwnerOf(_) => p.owner,
                        _ => p.controller,
                    });
                if let Some(p) = player {
                    f(self.game, p);
                }
            }
            Who::ControllerOfEventCard | Who::OwnerOfEventCard => {
                // Ruling R106, look-back as R16: a card that has left the Map since keeps the
                // controller and owner it last had there.
                let player = self
                    .event_card
                    .and_then(|id| self.game.perm(id))
                    .map(|p| match who {
                        Who::OwnerOfEventCard => p.owner,
                        _ => p.controller,
                    });
                if let Some(p) = player {
                    f(self.game, p);
                }
            }
        }
    }

    fn by(&self) -> DestroyedBy {
        DestroyedBy::Effect(self.source)
    }

    /// The source permanent, if it is still on the Map.
    fn this(&self) -> Option<PermanentId> {
        self.source
            .permanent
            .filter(|&id| self.game.on_map(id).is_some())
    }

    /// Calls `f` for each permanent `target` names, as it stands when reached.
    fn each(&mut self, target: Target, mut f: impl FnMut(&mut Game, PermanentId)) {
        match target {
            Target::ThisCard => {
                if let Some(id) = self.this() {
                    f(self.game, id);
                }
            }
            Target::TheBound => {
                let bound = self.this().and_then(|s| {
                    let s = self.game.perm(s)?;
                    (s.kind() == Kind::Storyline).then_some(s.bound)?
                });
                if let Some(id) = bound {
                    f(self.game, id);
                }
            }
            Target::Chosen(n) => {
                if let Some(&id) = self.chosen.as_slice().get(usize::from(n)) {
                    if self.game.on_map(id).is_some() {
                        f(self.game, id);
                    }
                }
            }
            Target::Several { first, n } => {
                for i in 0..n {
                    let slot = usize::from(first) + usize::from(i);
                    if let Some(&id) = self.chosen.as_slice().get(slot) {
                        if self.game.on_map(id).is_some() {
                            f(self.game, id);
                        }
                    }
                }
            }
            Target::Each(selector) => {
                for i in 0..self.game.permanents.len() {
                    let id = self.game.permanents[i].id;
                    if self.game.selects_from(
                        id,
                        selector,
                        self.source.controller,
                        self.source.permanent,
                    ) {
                        f(self.game, id);
                    }
                }
            }
            // Ruling R112: the event's card while it is on the Map (a destroyed one is gone;
            // the checker's E0224 refuses `it` for an event whose card leaves).
            Target::EventCard => {
                if let Some(id) = self.event_card.filter(|&id| self.game.on_map(id).is_some()) {
                    f(self.game, id);
                }
            }
            Target::Named(name) => {
                for i in 0..self.game.permanents.len() {
                    let id = self.game.permanents[i].id;
                    if self.game.on_map(id).is_some_and(|p| p.card.name() == name) {
                        f(self.game, id);
                    }
                }
            }
        }
    }
}

impl Effects for Ctx<'_> {
    fn holds(&self, condition: crate::card::Condition) -> bool {
        // Ruling R61: read as the text resolves, from its card and its controller.
        self.game
            .holds_for(condition, self.source.permanent, self.source.controller)
    }

    fn gain_cp(&mut self, target: Target, n: u32) {
        self.each(target, |g, id| g.gain_cp(id, n));
    }

    fn lose_cp(&mut self, target: Target, n: u32) {
        let by = self.by();
        self.each(target, |g, id| g.lose_cp(id, n, CpLoss::Effect, by));
    }

    fn draw(&mut self, player: Who, n: u32) {
        let mut did = 0u32;
        self.each_player(player, |g, who| {
            if let Some(p) = g.player_mut(who) {
                p.hand = p.hand.saturating_add(n);
                did = did.saturating_add(n);
            }
        });
        self.did = did;
    }

    fn discard(&mut self, player: Who, n: u32) {
        let mut did = 0u32;
        self.each_player(player, |g, who| {
            let before = g.player(who).hand;
            g.discard(who, n);
            did = did.saturating_add(before.saturating_sub(g.player(who).hand));
        });
        self.did = did;
    }

    fn gain_currency(&mut self, player: Who, n: u32) {
        self.each_player(player, |g, who| {
            g.change_treasury(who, i64::from(n));
        });
    }

    fn pay_currency(&mut self, player: Who, n: u32) {
        self.each_player(player, |g, who| {
            g.change_treasury(who, -i64::from(n));
        });
    }

    fn lose_currency(&mut self, player: Who, n: u32) {
        self.each_player(player, |g, who| {
            g.change_treasury(who, -i64::from(n));
        });
    }

    fn gain_story_points(&mut self, player: Who, n: u32) {
        self.each_player(player, |g, who| g.award_story_points(who, n));
    }

    fn lose_story_points(&mut self, player: Who, n: u32) {
        self.each_player(player, |g, who| g.lose_story_points(who, n));
    }

    fn deal_damage(&mut self, target: Target, n: u32) {
        let by = self.by();
        let mut did = 0u32;
        self.each(target, |g, id| {
            did = did.saturating_add(g.damage(id, n, false, by));
        });
        self.did = did;
    }

    fn place_liberation_counters(&mut self, target: Target, n: u32) {
        let by = self.by();
        self.each(target, |g, id| {
            g.place_counters(id, n, by);
        });
    }

    fn remove_liberation_counters(&mut self, target: Target, n: u32) {
        let mut did = 0u32;
        self.each(target, |g, id| {
            // Ruling R85: a prohibited removal removes none.
            if g.prohibited(id, Prohibited::CounterRemoval) {
                return;
            }
            if let Some(p) = g.perm_mut(id) {
                did = did.saturating_add(p.counters.min(n));
                p.counters = p.counters.saturating_sub(n);
            }
        });
        self.did = did;
    }

    /// Ruling R64: Story counters go on any permanent, a Character or a Storyline included;
    /// they are not Liberation counters (never CP loss, never checked against Rank) and do
    /// nothing by themselves.
    fn place_story_counters(&mut self, target: Target, n: u32) {
        // Ruling R79: one placing of one or more; after replacements (ruling R102).
        self.each(target, |g, id| g.place_story(id, n));
    }

    fn place_that_many_story_counters(&mut self, target: Target) {
        // Ruling R102: as many as the replacement applying now replaced.
        let n = self.game.replaced;
        self.each(target, |g, id| g.place_story(id, n));
    }

    fn remove_story_counters(&mut self, target: Target, n: u32) {
        let mut did = 0u32;
        self.each(target, |g, id| {
            if let Some(p) = g.perm_mut(id) {
                did = did.saturating_add(p.story_counters.min(n));
                p.story_counters = p.story_counters.saturating_sub(n);
            }
        });
        self.did = did;
    }

    fn destroy(&mut self, target: Target) {
        let by = self.by();
        self.each(target, |g, id| g.destroy(id, by));
    }

    fn ready(&mut self, target: Target) {
        self.each(target, |g, id| {
            let was = g
                .perm_mut(id)
                .map(|p| std::mem::replace(&mut p.readied, true));
            // Ruling R116: only an activated permanent is readied.
            if was == Some(false) {
                g.queue_readied(id);
            }
        });
    }

    fn return_to_hand(&mut self, target: Target) {
        self.each(target, return_to_hand);
    }

    fn gain_control(&mut self, target: Target, duration: Option<Duration>) {
        // Ruling R100: the text's controller gains control of each permanent the target
        // names as the effect resolves (fixed then, as R42).
        let you = self.source.controller;
        self.each(target, |g, id| g.gain_control(id, you, duration));
    }

    fn change_stat(&mut self, target: Target, stat: BonusStat, amount: i32, duration: Duration) {
        // Ruling R42: a group is fixed as the effect resolves; `each` names the permanents
        // there now, and a permanent arriving later is not changed.
        self.each(target, |g, id| g.change_stat(id, stat, amount, duration));
    }

    fn forbid_declared(&mut self, target: Target, until: Duration) {
        // Ruling R86, as R42: the permanents are fixed as the effect resolves.
        self.each(target, |g, id| g.forbid(id, Prohibited::Declared, until));
    }

    fn forbid_liberator(&mut self, target: Target, until: Duration) {
        self.each(target, |g, id| g.forbid(id, Prohibited::Liberator, until));
    }

    fn forbid_garrison(&mut self, target: Target, until: Duration) {
        self.each(target, |g, id| g.forbid(id, Prohibited::Garrison, until));
    }

    fn forbid_removal(&mut self, target: Target, until: Duration) {
        self.each(target, |g, id| {
            g.forbid(id, Prohibited::CounterRemoval, until)
        });
    }

    fn activate(&mut self, target: Target) {
        // Ruling R55: only a readied permanent is Activated (and its `is Activated`
        // triggers fire); one already Activated is unchanged. No Vox is added (§7.9a).
        self.each(target, |g, id| {
            if g.on_map(id).is_some_and(|p| p.readied) {
                g.activate(id);
            }
        });
    }

    fn move_to_adjacent_band(&mut self, target: Target) {
        // Ruling R96: the effect's controller chooses each permanent's Band as it moves.
        let you = self.source.controller;
        self.each(target, |g, id| g.move_to_adjacent_band(you, id));
    }

    fn prevent_damage(&mut self, target: Target, n: u32) {
        // Ruling R57: shields add; each permanent named as the effect resolves gets one.
        self.each(target, |g, id| {
            if let Some(p) = g.perm_mut(id).filter(|p| p.on_map()) {
                p.prevention = p.prevention.saturating_add(n);
            }
        });
    }

    fn remove_all_liberation_counters(&mut self, target: Target) {
        // Ruling R60: every Liberation counter on each permanent named as the effect resolves.
        let mut did = 0u32;
        self.each(target, |g, id| {
            // Ruling R85: a prohibited removal removes none.
            if g.prohibited(id, Prohibited::CounterRemoval) {
                return;
            }
            if let Some(p) = g.perm_mut(id) {
                did = did.saturating_add(p.counters);
                p.counters = 0;
            }
        });
        self.did = did;
    }

    fn remove_all_story_counters(&mut self, target: Target) {
        // Ruling R60: every Story counter (ruling R64) on each permanent named as the effect
        // resolves; a prohibition of removals (ruling R85) is about Liberation counters only.
        let mut did = 0u32;
        self.each(target, |g, id| {
            if let Some(p) = g.perm_mut(id) {
                did = did.saturating_add(p.story_counters);
                p.story_counters = 0;
            }
        });
        self.did = did;
    }

    fn remove_all_counters(&mut self, target: Target) {
        // Ruling R60: both kinds of counter (§12.8's Liberation counters, Story counters).
        let mut did = 0u32;
        self.each(target, |g, id| {
            // Ruling R85: a prohibited removal leaves the Liberation counters; Story counters
            // are still removed.
            let keeps = g.prohibited(id, Prohibited::CounterRemoval);
            if let Some(p) = g.perm_mut(id) {
                let liberation = if keeps { 0 } else { p.counters };
                did = did
                    .saturating_add(liberation)
                    .saturating_add(p.story_counters);
                p.counters -= liberation;
                p.story_counters = 0;
            }
        });
        self.did = did;
    }

    fn add_vox(&mut self, n: u32) {
        let you = self.source.controller;
        self.game.add_vox(you, n);
    }

    fn return_from_depleted_pile(&mut self, kind: crate::PermanentKind) {
        let you = self.source.controller;
        self.game.return_from_pile(you, kind);
    }

    fn return_any_from_depleted_pile(&mut self) {
        let you = self.source.controller;
        self.game
            .return_from_pile(you, crate::PermanentKind::Permanent);
    }

    fn fall_the_bound(&mut self) {
        let storyline = self
            .this()
            .and_then(|id| self.game.perm(id))
            .filter(|s| s.kind() == Kind::Storyline);
        match storyline {
            Some(s) => {
                if let Some(bound) = s.bound {
                    self.game.fall(bound, FallRoute::StorylineText);
                }
            }
            None => {
                // Not a Storyline: "the Bound" names nobody, and §7.7 gives this source no
                // route to Fall anyone.
            }
        }
    }

    fn fall_this_card(&mut self) {
        let Some(id) = self.this() else { return };
        let Some(p) = self.game.on_map(id) else {
            return;
        };
        if p.is_character() {
            // §7.7 route 4: only the Character's own Twist. An activated ability, an ordinary
            // trigger, a replacement saying so: "an effect from any other source … does
            // nothing" (the checker's E0140 rejects such text; the engine does not rely on it).
            if self.text == (Text::Trigger { twist: true }) {
                self.game.fall(id, FallRoute::Twist);
            } else {
                self.game.emit(Event::FallIgnored { permanent: id });
            }
        } else if p.face == Face::Prime && p.card.face(Face::Fallen).is_some() {
            // A non-Character flips to its Fallen face when its own text says so (§7.7).
            self.game.flip_non_character(id);
        } else {
            self.game.emit(Event::FallIgnored { permanent: id });
        }
    }
}

/// Ruling R29: `id` leaves the Map for its owner's hand. It is not destroyed (no "destroyed"
/// triggers, no Depleted Pile); what it carried (counters, damage, a garrison duty) is gone
/// with it, and the owner's hand grows by one card. A Storyline leaving play makes its Bound
/// Fall (§7.7 route 3); a Bound Character leaving play is no longer Bound.
fn return_to_hand(game: &mut Game, id: PermanentId) {
    // Ruling R30: a Location is never in a hand (the checker's E0155 rejects the text that
    // names one; `target permanent` may still pick one, and nothing happens to it).
    let Some(p) = game
        .perm_mut(id)
        .filter(|p| p.on_map() && !p.kind().is_location())
    else {
        return;
    };
    p.zone = Zone::Hand;
    game.forget_changes(id);
    let Some(p) = game.perm_mut(id) else {
        return;
    };
    p.counters = 0;
    p.story_counters = 0;
    p.damage = 0;
    p.garrisoning = None;
    p.counter_source = None;
    p.prevention = 0;
    let owner = p.owner;
    let kind = p.kind();
    let bound = p.bound.take();
    if let Some(player) = game.player_mut(owner) {
        player.hand = player.hand.saturating_add(1);
    }
    game.emit(Event::ReturnedToHand {
        permanent: id,
        owner,
    });
    if kind == Kind::Storyline {
        if let Some(character) = bound {
            game.fall(character, FallRoute::StorylineLeftPlay);
        }
    }
    for s in game.permanents.iter_mut() {
        if s.bound == Some(id) {
            s.bound = None;
        }
    }
    game.state_check();
}
