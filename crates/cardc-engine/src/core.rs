//! The rules actions every path shares: CP loss, damage, Liberation counters, destruction,
//! Falling and flipping (§7.3, §7.4, §7.7, §12.8), and the continuous state-based check.

use crate::card::{Face, Kind};
use crate::event::{CpLoss, DestroyedBy, Event, FallRoute};
use crate::game::{Game, Pending, Zone};
use crate::ids::PermanentId;
use crate::liberation::arith;
use crate::replacements::Happening;
use crate::triggers::Seen;

impl Game {
    /// Removes `amount` CP from a Character (not damage); destroys it at 0 or less (§7.3).
    pub(crate) fn lose_cp(&mut self, id: PermanentId, amount: u32, cause: CpLoss, by: DestroyedBy) {
        let Some(p) = self.perm_mut(id).filter(|p| p.on_map() && p.is_character()) else {
            return;
        };
        p.cp -= i64::from(amount);
        let dead = arith::cp_destroys(p.cp);
        self.emit(Event::CpLost {
            permanent: id,
            amount,
            cause,
        });
        if dead {
            self.destroy(id, by);
        }
    }

    /// Adds CP to a Character; there is no maximum (§7.3).
    pub(crate) fn gain_cp(&mut self, id: PermanentId, amount: u32) {
        if let Some(p) = self.perm_mut(id).filter(|p| p.on_map() && p.is_character()) {
            p.cp += i64::from(amount);
            self.emit(Event::CpGained {
                permanent: id,
                amount,
            });
        }
    }

    /// Deals damage already net of any DEF prevention. On a Character it comes off CP (§7.5);
    /// on another permanent it is marked and destroys at its effective DEF.
    /// Returns the damage dealt, after prevention (ruling R68's `that many`).
    pub(crate) fn damage(
        &mut self,
        id: PermanentId,
        amount: u32,
        combat: bool,
        by: DestroyedBy,
    ) -> u32 {
        if amount == 0 || self.on_map(id).is_none() {
            return 0;
        }
        let amount = self.prevent(id, amount);
        if amount == 0 {
            return 0;
        }
        // Ruling R103: a replacement sees the damage left after DEF and prevention (§7.5).
        if self.replaced(Happening::Damage, id, amount) {
            return 0;
        }
        let character = self.on_map(id).is_some_and(|p| p.is_character());
        if let Some(p) = self.perm_mut(id) {
            if character {
                p.cp -= i64::from(amount);
            } else {
                p.damage = p.damage.saturating_add(amount);
            }
        }
        self.emit(Event::Damaged {
            permanent: id,
            amount,
            combat,
        });
        self.queue_seen(id, Seen::Damage);
        let dead = if character {
            self.perm(id).is_some_and(|p| p.cp <= 0)
        } else {
            let marked = self.perm(id).map_or(0, |p| i64::from(p.damage));
            self.effective_def(id).is_some_and(|d| marked >= d.max(1))
        };
        if dead {
            self.destroy(id, by);
        }
        amount
    }

    /// Ruling R57: damage about to be dealt to `id` (already net of DEF, §7.5) uses up its
    /// prevention shield first; returns what is left to deal.
    fn prevent(&mut self, id: PermanentId, amount: u32) -> u32 {
        let Some(p) = self.perm_mut(id) else {
            return amount;
        };
        let prevented = p.prevention.min(amount);
        if prevented == 0 {
            return amount;
        }
        p.prevention -= prevented;
        self.emit(Event::DamagePrevented {
            permanent: id,
            amount: prevented,
        });
        amount - prevented
    }

    /// Places Liberation counters, after replacement effects. On a Character they convert to
    /// CP loss at once and never stay (§7.9, §12.8); elsewhere they stay and the continuous
    /// check runs (§12.8) — once the effect placing them has finished, when one is resolving
    /// ([`Game::resolve_effect`]). Returns whether anything was placed on `id` itself.
    pub(crate) fn place_counters(&mut self, id: PermanentId, amount: u32, by: DestroyedBy) -> bool {
        if amount == 0 {
            return false;
        }
        let Some(p) = self.on_map(id) else {
            return false;
        };
        if p.data().rank.is_none() {
            return false;
        }
        if self.replaced(Happening::LiberationCounters, id, amount) {
            return false;
        }
        let character = self.on_map(id).is_some_and(|p| p.is_character());
        // Ruling R79: placed (on a Character too, before they become CP loss); queued before
        // any destruction or Fall they cause.
        self.queue_counters_placed(id, false, amount);
        if character {
            self.lose_cp(id, amount, CpLoss::LiberationCounters, by);
        } else {
            if let Some(p) = self.perm_mut(id) {
                p.counters = p.counters.saturating_add(amount);
                p.counter_source = Some(by);
            }
            // Ruling R103: new counters make a new destruction for the continuous check.
            self.spared.retain(|&s| s != id);
            self.emit(Event::CountersPlaced {
                permanent: id,
                amount,
            });
            self.state_check();
        }
        true
    }

    /// The continuous check (§12.8): a non-Character carrying Liberation counters at least 1
    /// and at least its effective Rank is destroyed, credited to whoever placed them. While a
    /// text resolves ([`Game::deferring_check`]) it waits: the check reads the counters that
    /// remain once the placing effect has finished resolving.
    pub(crate) fn state_check(&mut self) {
        if self.deferred > 0 {
            return;
        }
        loop {
            let doomed = self.map().find_map(|p| {
                if p.is_character() || p.counters == 0 || self.spared.contains(&p.id) {
                    return None;
                }
                let rank = self.effective_rank(p.id)?;
                arith::counters_destroy(p.counters, rank).then_some((p.id, p.counter_source))
            });
            let Some((id, source)) = doomed else { break };
            self.destroy(id, source.unwrap_or(DestroyedBy::Rules));
        }
    }

    /// Destroys a permanent: it goes to its owner's Depleted Pile with its record, whichever
    /// face it shows (§7.3). Queues the destruction triggers (§12.8 "Who destroyed it").
    pub(crate) fn destroy(&mut self, id: PermanentId, by: DestroyedBy) {
        if self.on_map(id).is_none() {
            return;
        }
        // Ruling R103: a replaced destruction does not happen and records no destroyer; the
        // continuous check does not make it again from the same counters.
        // Spared before the replacement resolves, so the check its effect ends with does
        // not take the same destruction up again.
        let spared = self.spared.contains(&id);
        if !spared {
            self.spared.push(id);
        }
        if self.replaced(Happening::Destroyed, id, 1) {
            return;
        }
        self.spared.retain(|&s| s != id);
        let order = self.depleted_order;
        let Some(p) = self.perm_mut(id).filter(|p| p.on_map()) else {
            return;
        };
        p.zone = Zone::Depleted { order };
        p.destroyed_by = Some(by);
        self.forget_changes(id);
        let Some(p) = self.perm_mut(id) else {
            return;
        };
        p.counters = 0;
        p.damage = 0;
        p.garrisoning = None;
        let kind = p.kind();
        let bound = p.bound.take();
        self.depleted_order += 1;
        self.emit(Event::Destroyed { permanent: id, by });
        self.queue_destruction_triggers(id, by);
        // A Storyline leaving play: its Bound Falls (§7.7 route 3).
        if kind == Kind::Storyline {
            if let Some(character) = bound {
                self.fall(character, FallRoute::StorylineLeftPlay);
            }
        }
        // A Bound Character leaving play is no longer Bound.
        for s in self.permanents.iter_mut() {
            if s.bound == Some(id) {
                s.bound = None;
            }
        }
        self.state_check();
    }

    /// Flips a Prime Character to its Fallen face by one of the four routes (§7.7): CP resets
    /// to the Fallen face's printed CP, counters clear (§12.8), its Storyline reverses (§7.4).
    pub(crate) fn fall(&mut self, id: PermanentId, route: FallRoute) -> bool {
        let Some(p) = self.on_map(id) else {
            return false;
        };
        let Some(fallen) = p.card.face(Face::Fallen) else {
            return false;
        };
        if !p.is_character() || p.face != Face::Prime {
            return false;
        }
        if let Some(p) = self.perm_mut(id) {
            p.face = Face::Fallen;
            p.cp = i64::from(fallen.cp);
            p.counters = 0;
        }
        self.emit(Event::Flipped {
            permanent: id,
            to: Face::Fallen,
        });
        self.emit(Event::Fell {
            permanent: id,
            route,
        });
        self.queue_seen(id, Seen::Fall);
        self.queue_members(id, crate::triggers::Happened::Fell);
        let storyline = self
            .map()
            .find(|s| s.kind() == Kind::Storyline && s.bound == Some(id) && s.face == Face::Prime)
            .map(|s| s.id);
        if let Some(s) = storyline {
            self.reverse(s);
        }
        true
    }

    /// Flips a Storyline to its Reversal face and queues the Reversal's text (§8.11, assumed).
    pub(crate) fn reverse(&mut self, storyline: PermanentId) -> bool {
        let ok = self.on_map(storyline).is_some_and(|s| {
            s.kind() == Kind::Storyline
                && s.face == Face::Prime
                && s.card.face(Face::Reversal).is_some()
        });
        if !ok {
            return false;
        }
        if let Some(s) = self.perm_mut(storyline) {
            s.face = Face::Reversal;
            s.counters = 0;
        }
        self.emit(Event::Flipped {
            permanent: storyline,
            to: Face::Reversal,
        });
        self.pending.push_back(Pending::Reversal { storyline });
        true
    }

    /// Flips a non-Character permanent between Prime and Fallen as its card text says (§7.7,
    /// last paragraphs); clears its Liberation counters (§12.8). On a Character this does
    /// nothing: only the four routes of §7.7 flip a Character.
    pub(crate) fn flip_non_character(&mut self, id: PermanentId) -> bool {
        let Some(p) = self.on_map(id) else {
            return false;
        };
        if p.is_character() {
            self.emit(Event::FallIgnored { permanent: id });
            return false;
        }
        let to = match p.face {
            Face::Prime => Face::Fallen,
            _ => Face::Prime,
        };
        if p.card.face(to).is_none() {
            return false;
        }
        if let Some(p) = self.perm_mut(id) {
            p.face = to;
            p.counters = 0;
            p.counter_source = None;
        }
        self.emit(Event::Flipped { permanent: id, to });
        // Ruling R49: flipping to its Fallen face is how a non-Character permanent Falls
        // (§7.7, last paragraphs): `this card Falls` and the groups' `Falls` see it.
        if to == Face::Fallen {
            self.queue_seen(id, Seen::Fall);
            self.queue_members(id, crate::triggers::Happened::Fell);
        }
        self.state_check();
        true
    }
}
