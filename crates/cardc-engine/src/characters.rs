//! §7 actions: Character Abilities and Activated Character Abilities (§7.3), Character Action
//! Maneuvers and their Morality Penalties (§7.4), combat damage with DEF netting (§7.5),
//! deployment (§7.11), turn passing, and the flips card text may ask for (§7.7).

use crate::card::{BonusStat, Card, Cost, Face, Kind, Selector, Speed};
use crate::ctx::{Chosen, Text};
use crate::error::ActionError;
use crate::event::{CpLoss, DestroyedBy, Event, FallRoute, Source};
use crate::game::{AbilitiesUsed, Game};
use crate::ids::{BandId, IdList, PermanentId, PlayerId};
use crate::liberation::Step;
use crate::triggers::Seen;

/// One attack's damage in a combat: `attacker` deals `amount` to `defender`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hit {
    /// The attacking permanent.
    pub attacker: PermanentId,
    /// The permanent taking the damage.
    pub defender: PermanentId,
    /// Damage before DEF bonuses and penalties.
    pub amount: u32,
}

impl Game {
    /// The targets of a Maneuver or ability as played, checked by [`Game::may_choose`]
    /// (counted targets: ruling R82).
    fn check_targets(
        &self,
        (selectors, counts): (&[Selector], &[crate::counts::TargetCount]),
        targets: &[PermanentId],
        you: PlayerId,
        source: Option<PermanentId>,
    ) -> Result<Chosen, ActionError> {
        match self.may_choose(selectors, counts, targets, you, source) {
            Ok(()) => {}
            Err(crate::choices::RejectedChoice::IllegalTarget { target, .. }) => {
                return Err(ActionError::IllegalTarget(target))
            }
            Err(crate::choices::RejectedChoice::RepeatedTarget { target, .. }) => {
                return Err(ActionError::RepeatedTarget(target))
            }
            Err(_) => {
                return Err(ActionError::TargetCount {
                    expected: selectors.len(),
                    got: targets.len(),
                })
            }
        }
        Chosen::from_slice(targets).ok_or(ActionError::TargetCount {
            expected: selectors.len(),
            got: targets.len(),
        })
    }

    /// The targets of an ability or Maneuver as played, for a modal one after its modes
    /// (ruling R81): `targets` are then the chosen options' targets in order, laid out at
    /// their selectors' places. A text without modes checks them as they are.
    fn check_modal_targets(
        &mut self,
        (modes, counts): (
            Option<crate::modes::ModeData>,
            &[crate::counts::TargetCount],
        ),
        (source, player, face, text): (
            Option<PermanentId>,
            PlayerId,
            Face,
            crate::modes::ModalText,
        ),
        selectors: &[Selector],
        targets: &[PermanentId],
    ) -> Result<(Chosen, crate::modes::ModeMask), ActionError> {
        let Some(data) = modes else {
            let chosen = self.check_targets((selectors, counts), targets, player, source)?;
            return Ok((chosen, crate::modes::NO_MODES));
        };
        let mask = self
            .choose_modes(source, player, face, text, data, selectors)
            .ok_or(ActionError::NoModeAvailable)?;
        let active = crate::modes::selectors_of(&data, mask, selectors.len());
        let wanted: Vec<Selector> = active
            .iter()
            .filter_map(|&g| selectors.get(g).copied())
            .collect();
        // A modal text's options count no targets (cardc refuses it, `E0300`).
        self.check_targets((&wanted, &[]), targets, player, source)?;
        let chosen = crate::modes::spread(&active, targets, selectors.len()).ok_or(
            ActionError::TargetCount {
                expected: wanted.len(),
                got: targets.len(),
            },
        )?;
        Ok((chosen, mask))
    }

    fn check_fast(&self) -> Result<(), ActionError> {
        match self.liberation.as_ref().map(|l| l.step()) {
            None | Some(Step::Defend) | Some(Step::Pay) => Ok(()),
            Some(_) => Err(ActionError::NotAFastWindow),
        }
    }

    fn check_slow(&self, player: PlayerId) -> Result<(), ActionError> {
        if player != self.active || self.liberation.is_some() {
            return Err(ActionError::SlowTiming);
        }
        Ok(())
    }

    /// Uses activated ability `index` of a permanent's showing face (§7.3).
    ///
    /// An Activated Character Ability (with `A`, even with a `-X CP` cost) activates the
    /// card, is Fast and repeatable. Without `A`, a Character Ability (`±X CP`) and a plain
    /// activated ability of a permanent that is not a Character (ruling R54) are Slow and
    /// once per turn. `-X` needs at least X CP (paying it to 0 destroys the Character,
    /// §7.3). Every cost is checked before any is paid, then they are paid in the order
    /// printed; the action resolves even if paying removed the card (R54).
    pub fn use_ability(
        &mut self,
        player: PlayerId,
        id: PermanentId,
        index: usize,
        targets: &[PermanentId],
    ) -> Result<(), ActionError> {
        let p = self.on_map(id).ok_or(ActionError::NotOnMap(id))?;
        if p.controller != player {
            return Err(ActionError::NotYours(id));
        }
        let (face, card, used) = (p.face, p.card, p.abilities_used);
        let ability = *p
            .data()
            .abilities
            .get(index)
            .ok_or(ActionError::NoSuchAbility(id, index))?;
        // Ruling R81: the modes first, then the chosen options' targets.
        let (chosen, modes) = self.check_modal_targets(
            (
                card.0.modes(face, crate::modes::ModalText::Ability(index)),
                card.0.counts(face, crate::modes::ModalText::Ability(index)),
            ),
            (
                Some(id),
                player,
                face,
                crate::modes::ModalText::Ability(index),
            ),
            ability.targets,
            targets,
        )?;
        // §7.3: only `A` makes an ability Fast and repeatable (ruling R54 for the rest).
        let once_per_turn = !ability.costs.contains(&Cost::Activate);
        if once_per_turn {
            self.check_slow(player)?;
            if index >= AbilitiesUsed::MAX_PER_FACE {
                return Err(ActionError::NoSuchAbility(id, index));
            }
            // Once per turn per printed ability: the face and the index (ruling R7).
            if used.is_used(face, index) {
                return Err(ActionError::OncePerTurn(id));
            }
        } else {
            self.check_fast()?;
        }
        for &cost in ability.costs {
            self.can_pay_cost(player, id, cost)?;
        }
        if once_per_turn {
            if let Some(p) = self.perm_mut(id) {
                p.abilities_used.mark(face, index);
            }
        }
        for &cost in ability.costs {
            self.pay_cost(player, id, cost);
        }
        // Ruling R46: `When this card is Activated` triggers queued by paying `A` resolve
        // after the ability, with the ability's own (`run_pending` below).
        let source = Source {
            controller: player,
            permanent: Some(id),
        };
        self.resolve_modal(source, chosen, Text::Ability, modes, |fx| {
            card.0.ability(face, index, fx)
        });
        self.run_pending();
        Ok(())
    }

    /// Validates a Maneuver and pays its cost; returns its chosen targets.
    fn start_maneuver(
        &mut self,
        player: PlayerId,
        maneuver: &'static dyn Card,
        targets: &[PermanentId],
        character: Option<PermanentId>,
    ) -> Result<(Chosen, crate::modes::ModeMask), ActionError> {
        let data = maneuver
            .face(Face::Prime)
            .filter(|d| d.kind == Kind::Maneuver)
            .ok_or(ActionError::NotAManeuver)?;
        match (data.character_action, character) {
            (Some(_), None) => return Err(ActionError::NeedsCharacter),
            (None, Some(_)) => return Err(ActionError::NotACharacterAction),
            _ => {}
        }
        if let Some(c) = character {
            let p = self.on_map(c).ok_or(ActionError::NotOnMap(c))?;
            if p.controller != player {
                return Err(ActionError::NotYours(c));
            }
            if !p.is_character() {
                return Err(ActionError::NotACharacter(c));
            }
        }
        if data.speed == Some(Speed::Fast) {
            self.check_fast()?;
        } else {
            self.check_slow(player)?;
        }
        let chosen = self.check_modal_targets(
            (
                maneuver.modes(Face::Prime, crate::modes::ModalText::Play),
                maneuver.counts(Face::Prime, crate::modes::ModalText::Play),
            ),
            (None, player, Face::Prime, crate::modes::ModalText::Play),
            data.targets,
            targets,
        )?;
        // Rulings R87, R88: the cost changes in play apply as the cost is paid.
        let cost = self.cost_to_pay(player, data);
        self.check_can_pay(player, cost)?;
        self.change_treasury(player, -i64::from(cost));
        Ok(chosen)
    }

    /// Plays a Maneuver that is not a Character Action Maneuver.
    pub fn play_maneuver(
        &mut self,
        player: PlayerId,
        maneuver: &'static dyn Card,
        targets: &[PermanentId],
    ) -> Result<(), ActionError> {
        let (chosen, modes) = self.start_maneuver(player, maneuver, targets, None)?;
        let source = Source {
            controller: player,
            permanent: None,
        };
        self.resolve_modal(source, chosen, Text::Play, modes, |fx| {
            maneuver.play(Face::Prime, fx)
        });
        self.run_pending();
        Ok(())
    }

    /// `character` executes a Character Action Maneuver (§7.4). The action resolves first;
    /// then the Character's Penalty for the Maneuver's Morality applies — a penalty is never
    /// a gate. A Prime Character brought to 0 CP by it Falls (CP resets to the Fallen face's
    /// printed CP; the next opponent of `player` gains 1 Story Point); a Fallen one is
    /// destroyed.
    pub fn character_action(
        &mut self,
        player: PlayerId,
        maneuver: &'static dyn Card,
        character: PermanentId,
        targets: &[PermanentId],
    ) -> Result<(), ActionError> {
        let (chosen, modes) = self.start_maneuver(player, maneuver, targets, Some(character))?;
        let source = Source {
            controller: player,
            permanent: None,
        };
        self.resolve_modal(source, chosen, Text::Play, modes, |fx| {
            maneuver.play(Face::Prime, fx)
        });
        let morality = maneuver.face(Face::Prime).and_then(|d| d.character_action);
        if let (Some(m), Some(c)) = (morality, self.on_map(character)) {
            let penalty = c.data().penalty_for(m);
            if penalty > 0 && c.is_character() {
                self.apply_penalty(player, character, penalty);
            }
        }
        self.run_pending();
        Ok(())
    }

    fn apply_penalty(&mut self, player: PlayerId, id: PermanentId, penalty: u32) {
        let Some(p) = self.perm_mut(id) else { return };
        p.cp -= i64::from(penalty);
        let (cp, face) = (p.cp, p.face);
        self.emit(Event::CpLost {
            permanent: id,
            amount: penalty,
            cause: CpLoss::Penalty,
        });
        if cp > 0 {
            return;
        }
        if face == Face::Prime && self.fall(id, FallRoute::Penalty) {
            let next = self.next_opponent(player);
            self.award_story_points(next, 1);
        } else {
            self.destroy(id, DestroyedBy::Penalty);
        }
    }

    /// Applies one combat's damage (§7.5). Damage to each defender is summed across all the
    /// attacks; on a Character its net DEF statics apply once: a net bonus prevents that much,
    /// a net penalty adds that much if it takes any. Credited to the attackers that hit it.
    pub fn combat_damage(
        &mut self,
        attacking_player: PlayerId,
        hits: &[Hit],
    ) -> Result<(), ActionError> {
        for h in hits {
            let a = self
                .on_map(h.attacker)
                .ok_or(ActionError::IllegalCombat(h.attacker))?;
            if a.controller != attacking_player {
                return Err(ActionError::IllegalCombat(h.attacker));
            }
            self.on_map(h.defender)
                .ok_or(ActionError::IllegalCombat(h.defender))?;
        }
        for (i, h) in hits.iter().enumerate() {
            if hits[..i].iter().any(|e| e.defender == h.defender) {
                continue;
            }
            let mut total = 0u32;
            let mut attackers = IdList::new();
            for e in hits[i..].iter().filter(|e| e.defender == h.defender) {
                total = total.saturating_add(e.amount);
                if e.amount > 0 && !attackers.contains(&e.attacker) {
                    let _ = attackers.push(e.attacker);
                }
            }
            let Some(d) = self.on_map(h.defender) else {
                continue;
            };
            let taken = if d.is_character() {
                let net = self.net_static(h.defender, BonusStat::Def);
                net_damage(total, net)
            } else {
                total
            };
            let by = DestroyedBy::Combat {
                attackers,
                attacker_controller: attacking_player,
            };
            self.damage(h.defender, taken, true, by);
        }
        self.state_check();
        self.run_pending();
        Ok(())
    }

    /// Deploys a card from hand (§7.11, small model): paid from the Treasury, marked deployed
    /// this turn. A Character goes to a Planetary Location or Capital Spacecraft its controller
    /// controls, and one deployed to a Capital Spacecraft enters activated.
    pub fn deploy(
        &mut self,
        player: PlayerId,
        card: &'static dyn Card,
        band: BandId,
        host: Option<PermanentId>,
    ) -> Result<PermanentId, ActionError> {
        let data = card.face(Face::Prime).ok_or(ActionError::IllegalDeploy)?;
        let host_kind = match host {
            Some(h) => {
                let hp = self.on_map(h).ok_or(ActionError::NotOnMap(h))?;
                if hp.controller != player {
                    return Err(ActionError::IllegalDeploy);
                }
                Some((hp.kind(), hp.band))
            }
            None => None,
        };
        let mut activated = false;
        let mut band = band;
        if data.kind == Kind::Character {
            match host_kind {
                Some((Kind::PlanetaryLocation, b)) => band = b,
                Some((Kind::Spacecraft { capital: true }, b)) => {
                    band = b;
                    activated = true;
                }
                _ => return Err(ActionError::IllegalDeploy),
            }
        } else if let Some((_, b)) = host_kind {
            band = b;
        }
        if usize::from(band.0) >= self.bands.len() || data.kind == Kind::Maneuver {
            return Err(ActionError::IllegalDeploy);
        }
        // Rulings R87, R88: the cost changes in play apply as the cost is paid.
        let cost = self.cost_to_pay(player, data);
        self.check_can_pay(player, cost)?;
        self.change_treasury(player, -i64::from(cost));
        let id = self.place(player, card, band);
        if let Some(p) = self.perm_mut(id) {
            p.host = host;
            p.deployed_this_turn = true;
            p.readied = !activated;
        }
        // §7.11, ruling R45: its `When this card is deployed` triggers resolve now.
        self.queue_seen(id, Seen::Deployed);
        self.queue_members(id, crate::triggers::Happened::Deployed);
        self.state_check();
        self.run_pending();
        Ok(id)
    }

    /// Ends the turn: marked damage, once-per-turn uses, "deployed this turn" and Resource
    /// Pools clear; the next player in turn order becomes active, readies their permanents,
    /// and their `At the start of your turn` triggers resolve (small model of §10).
    pub fn end_turn(&mut self) -> Result<(), ActionError> {
        if self.liberation.is_some() {
            return Err(ActionError::LiberationUnderWay);
        }
        // Ruling R47: `At the end of your turn` triggers resolve first, while marked damage
        // and `until end of turn` changes still stand.
        self.queue_end_of_turn();
        self.run_pending();
        for p in self.permanents.iter_mut() {
            p.damage = 0;
            p.abilities_used.clear();
            p.deployed_this_turn = false;
            // Ruling R57: prevention shields last until used up or the turn ends.
            p.prevention = 0;
        }
        for pl in self.players.iter_mut() {
            pl.vox_pool = 0;
        }
        // Ruling R40 and assumption A5: `until end of turn` changes end with the turn.
        self.end_changes(crate::card::Duration::UntilEndOfTurn);
        self.active = self.next_opponent(self.active);
        self.turn += 1;
        let active = self.active;
        let mut readied = Vec::new();
        for p in self.permanents.iter_mut() {
            if p.on_map() && p.controller == active && !p.readied {
                p.readied = true;
                readied.push(p.id);
            }
        }
        // Ruling R116: each activated permanent readied, in Map order, before the start of
        // the turn's triggers.
        for id in readied {
            self.queue_readied(id);
        }
        self.queue_start_of_turn();
        self.run_pending();
        Ok(())
    }

    /// Flips a non-Character permanent as its card text says (§7.7: a Device with a Fallen
    /// Weapon Tech state); its Liberation counters are removed (§12.8). A Character never flips
    /// this way (§7.7): the call is rejected and nothing changes.
    pub fn flip(&mut self, id: PermanentId) -> Result<(), ActionError> {
        let p = self.on_map(id).ok_or(ActionError::NotOnMap(id))?;
        let to = if p.face == Face::Prime {
            Face::Fallen
        } else {
            Face::Prime
        };
        if p.is_character() || p.card.face(to).is_none() || p.kind() == Kind::Storyline {
            return Err(ActionError::CannotFlip(id));
        }
        self.flip_non_character(id);
        self.run_pending();
        Ok(())
    }

    /// Flips a Storyline to its Reversal face and resolves the Reversal's text (the §8.11
    /// entry point; when a Storyline reverses is decided by §8, which is not modelled).
    pub fn reverse_storyline(&mut self, id: PermanentId) -> Result<(), ActionError> {
        let ok = self.on_map(id).is_some_and(|s| {
            s.kind() == Kind::Storyline
                && s.face == Face::Prime
                && s.card.face(Face::Reversal).is_some()
        });
        if !ok {
            return Err(ActionError::CannotFlip(id));
        }
        self.reverse(id);
        self.run_pending();
        Ok(())
    }

    /// Binds a Character to a Storyline (set-up; how a Storyline binds is §8).
    pub fn bind(
        &mut self,
        storyline: PermanentId,
        character: PermanentId,
    ) -> Result<(), ActionError> {
        let s = self
            .on_map(storyline)
            .ok_or(ActionError::NotOnMap(storyline))?;
        if s.kind() != Kind::Storyline {
            return Err(ActionError::CannotFlip(storyline));
        }
        let c = self
            .on_map(character)
            .ok_or(ActionError::NotOnMap(character))?;
        if !c.is_character() {
            return Err(ActionError::NotACharacter(character));
        }
        if let Some(s) = self.perm_mut(storyline) {
            s.bound = Some(character);
        }
        Ok(())
    }
}

/// Combat damage to a Character after its net DEF (§7.5): a net bonus prevents up to that
/// much; a net penalty adds that much when it takes any damage at all.
pub fn net_damage(total: u32, net_def: i64) -> u32 {
    if net_def >= 0 {
        let prevent = u32::try_from(net_def).unwrap_or(u32::MAX);
        total.saturating_sub(prevent)
    } else if total > 0 {
        let add = u32::try_from(net_def.unsigned_abs()).unwrap_or(u32::MAX);
        total.saturating_add(add)
    } else {
        0
    }
}

impl Game {
    /// §7.3: a Currency cost must be payable in full before anything happens.
    fn check_can_pay(&self, player: PlayerId, needs: u32) -> Result<(), ActionError> {
        let has = self.player(player).treasury;
        if has < needs {
            return Err(ActionError::CannotPay { needs, has });
        }
        Ok(())
    }
}
