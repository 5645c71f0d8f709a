//! The game state: players in turn order, the Map of Bands, permanents and the Depleted Pile.
//!
//! Only what §7 and §12 need is modelled (see docs/rules-coverage.md, "Assumptions"). Permanents
//! live in one arena and never move: a destroyed permanent's [`Zone`] becomes
//! [`Zone::Depleted`], so ids in records stay valid and destruction does not allocate.

use crate::card::{CardRef, Face, FaceData, Kind};
use crate::choices::ChoicesSlot;
use crate::event::{DestroyedBy, Event};
use crate::ids::{BandId, PermanentId, PlayerId};
use crate::liberation::Liberation;
use std::collections::VecDeque;

/// One player's public state.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Player {
    /// The Treasury, in Currency (never negative).
    pub treasury: u32,
    /// Story Points.
    pub story_points: u32,
    /// Vox in the Resource Pool (§7.9a); lost at the end of the Liberation phase.
    pub vox_pool: u32,
    /// Cards in hand (only the count is modelled).
    pub hand: u32,
}

/// What kind of Band.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BandKind {
    /// The Space Band: always counted for range, never skipped (§12.3a).
    Space,
    /// Any other Band.
    Ground,
}

/// Where a permanent is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Zone {
    /// On the Map.
    Map,
    /// In its owner's Depleted Pile; `order` is the order of arrival.
    Depleted {
        /// Order of arrival in the pile (game-wide counter).
        order: u32,
    },
    /// Returned to its owner's hand (`return <target> to its owner's hand`, ruling R29): off
    /// the Map and out of play; the hand is a count, so the card is also one card of
    /// [`Player::hand`].
    Hand,
}

/// A permanent and its state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Permanent {
    /// Its id.
    pub id: PermanentId,
    /// Its card.
    pub card: CardRef,
    /// Its owner (whose Depleted Pile it goes to).
    pub owner: PlayerId,
    /// Its controller.
    pub controller: PlayerId,
    /// The face showing.
    pub face: Face,
    /// Readied (`true`) or activated (`false`).
    pub readied: bool,
    /// Deployed this turn (may not be Activated as a liberator, §12.2).
    pub deployed_this_turn: bool,
    /// Current CP (Characters; may be 0 or less only at the instant of destruction).
    pub cp: i64,
    /// Liberation counters (never on a Character, §7.9).
    pub counters: u32,
    /// Story counters (placed by replacement effects such as The Show Trial's).
    pub story_counters: u32,
    /// Damage marked this turn on a non-Character.
    pub damage: u32,
    /// Its Band.
    pub band: BandId,
    /// The Location or Capital Spacecraft it occupies, if any.
    pub host: Option<PermanentId>,
    /// For a Storyline: the Character it binds (the Bound).
    pub bound: Option<PermanentId>,
    /// The target it garrisons in the Liberation under way (§12.4).
    pub garrisoning: Option<PermanentId>,
    /// The Character Abilities used this turn, by face and ability (§7.3, ruling R7).
    pub abilities_used: AbilitiesUsed,
    /// On the Map or in the Depleted Pile.
    pub zone: Zone,
    /// How it was destroyed, once it has been.
    pub destroyed_by: Option<DestroyedBy>,
    /// Who placed the Liberation counters it carries, for the continuous check (§12.8).
    pub(crate) counter_source: Option<DestroyedBy>,
    /// The damage still to be prevented this turn: the sum of the `Prevent the next N damage`
    /// shields on it, used up by damage after DEF and cleared as the turn ends (ruling R57).
    pub prevention: u32,
}

impl Permanent {
    /// The data of the face showing.
    pub fn data(&self) -> &'static FaceData {
        self.card
            .face(self.face)
            .or_else(|| self.card.face(Face::Prime))
            .unwrap_or(&FaceData::BLANK)
    }

    /// The card type of the face showing.
    pub fn kind(&self) -> Kind {
        self.data().kind
    }

    /// Whether it is on the Map.
    pub fn on_map(&self) -> bool {
        self.zone == Zone::Map
    }

    /// Whether it is a Character.
    pub fn is_character(&self) -> bool {
        self.kind() == Kind::Character
    }

    /// Whether it is activated.
    pub fn activated(&self) -> bool {
        !self.readied
    }
}

/// Which Character Abilities a permanent used this turn (§7.3 "Character Actions can only be
/// played once per turn"). Use is tracked per printed ability — by the face printing it and its
/// index there — so a Fall does not spend the Fallen face's own abilities (ruling R7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct AbilitiesUsed {
    /// Bit `i` of entry `f`: ability `i` of face `f` (Prime, Fallen, Reversal).
    bits: [u32; 3],
}

impl AbilitiesUsed {
    /// Most abilities per face that can be tracked.
    pub const MAX_PER_FACE: usize = 32;

    fn slot(face: Face) -> usize {
        match face {
            Face::Prime => 0,
            Face::Fallen => 1,
            Face::Reversal => 2,
        }
    }

    /// Whether ability `index` of `face` was used this turn.
    pub fn is_used(&self, face: Face, index: usize) -> bool {
        index < Self::MAX_PER_FACE && self.bits[Self::slot(face)] & (1 << index) != 0
    }

    /// Records that ability `index` of `face` was used; `false` (nothing recorded) when
    /// `index` is past [`AbilitiesUsed::MAX_PER_FACE`].
    pub fn mark(&mut self, face: Face, index: usize) -> bool {
        if index >= Self::MAX_PER_FACE {
            return false;
        }
        self.bits[Self::slot(face)] |= 1 << index;
        true
    }

    /// Forgets every use (at the end of the turn).
    pub fn clear(&mut self) {
        self.bits = [0; 3];
    }
}

/// A trigger or text waiting to resolve.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Pending {
    /// Triggered ability `index` of `face` of `permanent`.
    Trigger {
        permanent: PermanentId,
        face: Face,
        index: usize,
        /// What its event was about, passed to its effect (ruling R105).
        about: crate::triggers::About,
    },
    /// A Storyline's Reversal text.
    Reversal { storyline: PermanentId },
}

/// A game's identity, bound into every sealed commitment (§12.5a) so that no commitment of
/// one game opens in another. Random for a new game; a table whose players each hold a copy
/// of the game agrees on one at set-up ([`Game::set_id`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct GameId(pub [u8; 16]);

/// The whole game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    pub(crate) id: GameId,
    /// Liberations started in this game: the last one's sequence number (§12.5a binding).
    pub(crate) liberations: u32,
    pub(crate) players: Vec<Player>,
    pub(crate) active: PlayerId,
    pub(crate) turn: u32,
    pub(crate) bands: Vec<BandKind>,
    pub(crate) permanents: Vec<Permanent>,
    pub(crate) depleted_order: u32,
    pub(crate) log: Vec<Event>,
    pub(crate) pending: VecDeque<Pending>,
    pub(crate) liberation: Option<Liberation>,
    /// How many texts are resolving: the continuous check waits until none is (§12.8).
    pub(crate) deferred: u32,
    /// The one-shot stat changes in force (`… gets +2 DEF until end of turn`, ruling R40),
    /// in the order they were made.
    pub(crate) changes: Vec<crate::stats::TimedChange>,
    /// The prohibitions made for a time (`… can't be Activated as a liberator this turn`,
    /// ruling R86), in the order they were made.
    pub(crate) forbidden: Vec<crate::prohibitions::TimedProhibition>,
    /// The replacements applying now, as (holder, index): none replaces its own replacement
    /// (ruling R102).
    pub(crate) replacing: Vec<(PermanentId, usize)>,
    /// What the replacement applying now replaced: its `that many` (ruling R102).
    pub(crate) replaced: u32,
    /// Permanents whose destruction by the continuous check was replaced: the check leaves
    /// them until Liberation counters are placed on them again (ruling R103).
    pub(crate) spared: Vec<PermanentId>,
    /// The changes of control made for a time (`gain control of … until end of turn`,
    /// ruling R100), in the order they were made.
    pub(crate) controls: Vec<crate::control::TimedControl>,
    /// The players' decision-maker (not game state: ignored by `==`, empty in a clone).
    pub(crate) choices: ChoicesSlot,
}

/// Capacity reserved for the log and trigger queue, so steps do not allocate.
const RESERVED: usize = 1024;

impl Game {
    /// A game of `players` players (seats 0.., in turn order), player 0 active, turn 1, no
    /// Bands, and a random [`GameId`]. Build the board with the set-up methods or
    /// [`crate::harness::Board`].
    pub fn new(players: u8) -> Game {
        Game {
            id: GameId(rand::random()),
            liberations: 0,
            players: vec![Player::default(); usize::from(players.max(1))],
            active: PlayerId(0),
            turn: 1,
            bands: Vec::new(),
            permanents: Vec::with_capacity(64),
            depleted_order: 0,
            log: Vec::with_capacity(RESERVED),
            pending: VecDeque::with_capacity(RESERVED),
            liberation: None,
            deferred: 0,
            changes: Vec::new(),
            forbidden: Vec::new(),
            // Reserved as the log is: every destruction marks its permanent spared while
            // replacements are asked (ruling R103), and no Liberation step allocates.
            replacing: Vec::with_capacity(8),
            replaced: 0,
            spared: Vec::with_capacity(64),
            controls: Vec::new(),
            choices: ChoicesSlot::default(),
        }
    }

    // ---- set-up (board building, not game actions) ----

    /// Appends a Band to the Map (the Map is a line of Bands; neighbours are adjacent).
    pub fn add_band(&mut self, kind: BandKind) -> BandId {
        self.bands.push(kind);
        BandId(u8::try_from(self.bands.len() - 1).unwrap_or(u8::MAX))
    }

    /// Puts a permanent on the Map, Prime face up, readied, at its printed CP, owned and
    /// controlled by `owner`.
    pub fn place(
        &mut self,
        owner: PlayerId,
        card: &'static dyn crate::card::Card,
        band: BandId,
    ) -> PermanentId {
        let id = PermanentId(u32::try_from(self.permanents.len()).unwrap_or(u32::MAX));
        let card = CardRef(card);
        let cp = card.face(Face::Prime).map_or(0, |f| i64::from(f.cp));
        self.permanents.push(Permanent {
            id,
            card,
            owner,
            controller: owner,
            face: Face::Prime,
            readied: true,
            deployed_this_turn: false,
            cp,
            counters: 0,
            story_counters: 0,
            damage: 0,
            band,
            host: None,
            bound: None,
            garrisoning: None,
            abilities_used: AbilitiesUsed::default(),
            zone: Zone::Map,
            destroyed_by: None,
            counter_source: None,
            prevention: 0,
        });
        id
    }

    /// Mutable access for board set-up. Game actions never need it.
    pub fn setup(&mut self, id: PermanentId) -> Option<&mut Permanent> {
        self.permanents.get_mut(id.0 as usize)
    }

    /// Mutable access to a player for board set-up.
    pub fn setup_player(&mut self, player: PlayerId) -> Option<&mut Player> {
        self.players.get_mut(usize::from(player.0))
    }

    /// Sets the game's identity (set-up): every copy of one game held at a table must agree
    /// on it, since sealed commitments are bound to it.
    pub fn set_id(&mut self, id: GameId) {
        self.id = id;
    }

    /// Sets whose turn it is (set-up).
    pub fn set_active(&mut self, player: PlayerId) {
        if usize::from(player.0) < self.players.len() {
            self.active = player;
        }
    }

    // ---- queries ----

    /// The game's identity.
    pub fn id(&self) -> GameId {
        self.id
    }

    /// Players in turn order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// One player (a default, empty player for an unknown id).
    pub fn player(&self, id: PlayerId) -> &Player {
        static NOBODY: Player = Player {
            treasury: 0,
            story_points: 0,
            vox_pool: 0,
            hand: 0,
        };
        self.players.get(usize::from(id.0)).unwrap_or(&NOBODY)
    }

    /// The active player.
    pub fn active_player(&self) -> PlayerId {
        self.active
    }

    /// The turn number.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The Bands, in Map order.
    pub fn bands(&self) -> &[BandKind] {
        &self.bands
    }

    /// A permanent by id, on the Map or in a Depleted Pile.
    pub fn permanent(&self, id: PermanentId) -> Option<&Permanent> {
        self.permanents.get(id.0 as usize)
    }

    /// A permanent by id, only if it is on the Map.
    pub fn on_map(&self, id: PermanentId) -> Option<&Permanent> {
        self.permanent(id).filter(|p| p.on_map())
    }

    /// Every permanent on the Map.
    pub fn map(&self) -> impl Iterator<Item = &Permanent> {
        self.permanents.iter().filter(|p| p.on_map())
    }

    /// `player`'s Depleted Pile, in order of arrival.
    pub fn depleted_pile(&self, player: PlayerId) -> Vec<&Permanent> {
        let mut pile: Vec<&Permanent> = self
            .permanents
            .iter()
            .filter(|p| p.owner == player && matches!(p.zone, Zone::Depleted { .. }))
            .collect();
        pile.sort_by_key(|p| match p.zone {
            Zone::Depleted { order } => order,
            Zone::Map | Zone::Hand => 0,
        });
        pile
    }

    /// The game log, oldest first.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// Empties the log (keeping its capacity).
    pub fn clear_log(&mut self) {
        self.log.clear();
    }

    /// The next opponent of `player` in turn order.
    pub fn next_opponent(&self, player: PlayerId) -> PlayerId {
        let n = self.players.len().max(1);
        PlayerId(u8::try_from((usize::from(player.0) + 1) % n).unwrap_or(0))
    }

    /// Whether a Liberation is under way.
    pub fn liberation_in_progress(&self) -> bool {
        self.liberation.is_some()
    }

    /// Whether a Band holds no permanent on the Map. A Storyline is in no Band (it binds a
    /// Character and has no place of its own, ruling R107), so it never occupies one.
    pub fn band_is_empty(&self, band: BandId) -> bool {
        !self
            .map()
            .any(|p| p.band == band && p.kind() != Kind::Storyline)
    }

    // ---- internal helpers ----

    pub(crate) fn perm(&self, id: PermanentId) -> Option<&Permanent> {
        self.permanents.get(id.0 as usize)
    }

    pub(crate) fn perm_mut(&mut self, id: PermanentId) -> Option<&mut Permanent> {
        self.permanents.get_mut(id.0 as usize)
    }

    pub(crate) fn player_mut(&mut self, id: PlayerId) -> Option<&mut Player> {
        self.players.get_mut(usize::from(id.0))
    }

    pub(crate) fn emit(&mut self, event: Event) {
        self.log.push(event);
    }

    /// Awards Story Points and logs it.
    pub(crate) fn award_story_points(&mut self, player: PlayerId, amount: u32) {
        if let Some(p) = self.player_mut(player) {
            p.story_points = p.story_points.saturating_add(amount);
            self.emit(Event::StoryPoints { player, amount });
        }
    }

    /// Takes up to `amount` Story Points from `player` (never below 0) and logs what was lost.
    pub(crate) fn lose_story_points(&mut self, player: PlayerId, amount: u32) {
        if let Some(p) = self.player_mut(player) {
            let lost = amount.min(p.story_points);
            p.story_points -= lost;
            if lost > 0 {
                self.emit(Event::StoryPointsLost {
                    player,
                    amount: lost,
                });
            }
        }
    }

    /// Changes a Treasury by `delta` (floored at 0) and logs the actual change.
    pub(crate) fn change_treasury(&mut self, player: PlayerId, delta: i64) -> u32 {
        let Some(p) = self.player_mut(player) else {
            return 0;
        };
        let before = p.treasury;
        let after = (i64::from(before) + delta).clamp(0, i64::from(u32::MAX));
        p.treasury = u32::try_from(after).unwrap_or(u32::MAX);
        let now = p.treasury;
        let moved = before.abs_diff(now);
        if moved > 0 {
            self.emit(Event::Currency {
                player,
                delta: i64::from(now) - i64::from(before),
            });
        }
        moved
    }
}
