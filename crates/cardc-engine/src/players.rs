//! Players as the subjects of effects (`Each opponent draws a card.`, `Target opponent discards
//! 2 cards.`): which players a [`Who`] names as a step resolves, the players' decisions those
//! steps ask for (a targeted player, the cards to discard), and the hand those decisions read.
//!
//! The hand is a count of unknown cards plus the known ones: permanents returned to it from
//! the Map ([`Zone::Hand`], ruling R29), each also one card of [`Player::hand`]. Discarding
//! takes as many cards as the hand holds; the discarding player chooses which known cards go
//! (ruling R34); a known card discarded goes to its owner's Depleted Pile, an unknown one
//! leaves the count.
//!
//! [`Player::hand`]: crate::Player::hand

use crate::choices::RejectedChoice;
use crate::event::Event;
use crate::game::{Game, Zone};
use crate::ids::{PermanentId, PlayerId};

/// The player an effect's verb is about, as generated code names it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Who {
    /// `you`: the controller of the resolving text.
    You,
    /// `target player`: the `n`th targeted player of this resolution, chosen as the first step
    /// naming it resolves (ruling R33).
    Chosen(u8),
    /// `target opponent`: likewise, and never the controller.
    ChosenOpponent(u8),
    /// `each player`, in turn order starting with the controller.
    Each,
    /// `each opponent`, in turn order after the controller.
    EachOpponent,
    /// `its controller`: the controller of chosen target `n` (as it stands, or as it last stood
    /// on the Map if it has left it since).
    ControllerOf(u8),
    /// `its owner`: the owner of chosen target `n`.
    OwnerOf(u8),
    /// `its controller` in a trigger's effect with no target before it: the controller of the
    /// card its event is about, the group's member or the card itself (as it stands, or as
    /// it last stood on the Map if it has left it since; ruling R106).
    ControllerOfEventCard,
    /// `its owner` likewise (ruling R106).
    OwnerOfEventCard,
}

/// A `target player` / `target opponent` about to be chosen (ruling R33).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlayerRequest {
    /// The controller of the resolving text: the player who chooses.
    pub controller: PlayerId,
    /// The permanent whose text resolves (`None` for a Maneuver).
    pub source: Option<PermanentId>,
    /// Which targeted player of the text (0-based, in order of appearance).
    pub index: u8,
    /// `target opponent`: the controller may not be chosen.
    pub opponent: bool,
    /// What the default policy chooses: the next opponent in turn order (ruling R33).
    pub default: PlayerId,
}

impl PlayerRequest {
    /// Whether `player` may be chosen.
    pub fn is_legal(&self, view: &Game, player: PlayerId) -> bool {
        usize::from(player.0) < view.players().len()
            && !(self.opponent && player == self.controller)
    }
}

/// A player about to discard (ruling R34).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DiscardRequest {
    /// The discarding player, who chooses.
    pub player: PlayerId,
    /// How many cards go: the printed number, or the whole hand if it holds fewer.
    pub count: u32,
    /// The known cards in the hand (returned permanents), in id order.
    pub known: Vec<PermanentId>,
    /// The unknown cards in the hand.
    pub unknown: u32,
    /// What the default policy discards of the known cards: none while unknown cards last,
    /// then the latest-returned (highest id) first.
    pub default: Vec<PermanentId>,
}

impl DiscardRequest {
    /// Whether discarding `known` (and `count - known.len()` unknown cards) is allowed: each a
    /// distinct known card of this hand, no more than `count`, and enough unknown cards for
    /// the rest.
    pub fn is_legal(&self, known: &[PermanentId]) -> bool {
        let n = u32::try_from(known.len()).unwrap_or(u32::MAX);
        let distinct = known
            .iter()
            .enumerate()
            .all(|(i, id)| !known[..i].contains(id));
        distinct
            && n <= self.count
            && self.count - n <= self.unknown
            && known.iter().all(|id| self.known.contains(id))
    }
}

impl Game {
    /// The players in turn order starting with `from`.
    pub(crate) fn seats_from(&self, from: PlayerId) -> impl Iterator<Item = PlayerId> {
        let n = self.players.len();
        let start = usize::from(from.0);
        (0..n).map(move |i| PlayerId(u8::try_from((start + i) % n.max(1)).unwrap_or(u8::MAX)))
    }

    /// The next opponent of `you` in turn order, if the game has one.
    fn first_opponent(&self, you: PlayerId) -> Option<PlayerId> {
        self.seats_from(you).find(|&p| p != you)
    }

    /// Asks `controller` for the player of `target player` / `target opponent` `index`: the
    /// chooser's answer if legal, else the default policy's (logged, ruling R27). `None` when
    /// no player may be chosen (`target opponent` with no opponent): the step does nothing.
    pub(crate) fn choose_player(
        &mut self,
        controller: PlayerId,
        source: Option<PermanentId>,
        index: u8,
        opponent: bool,
    ) -> Option<PlayerId> {
        let default = self
            .first_opponent(controller)
            .or((!opponent).then_some(controller))?;
        let request = PlayerRequest {
            controller,
            source,
            index,
            opponent,
            default,
        };
        let picked = self.consult(|c, view| c.target_player(view, &request));
        if request.is_legal(self, picked) {
            Some(picked)
        } else {
            self.emit(Event::PlayerChoiceRejected {
                player: controller,
                reason: RejectedChoice::IllegalPlayer {
                    index,
                    player: picked,
                },
            });
            Some(default)
        }
    }

    /// The known cards in `player`'s hand: permanents it owns returned there, in id order.
    pub fn known_hand(&self, player: PlayerId) -> Vec<PermanentId> {
        self.permanents
            .iter()
            .filter(|p| p.owner == player && p.zone == Zone::Hand)
            .map(|p| p.id)
            .collect()
    }

    /// `player` discards `n` cards, as many as the hand holds (ruling R34).
    pub(crate) fn discard(&mut self, player: PlayerId, n: u32) {
        let hand = self.player(player).hand;
        let count = n.min(hand);
        if count == 0 {
            return;
        }
        let known = self.known_hand(player);
        let unknown = hand.saturating_sub(u32::try_from(known.len()).unwrap_or(u32::MAX));
        let from_known = count.saturating_sub(unknown) as usize;
        let default: Vec<PermanentId> = known.iter().rev().take(from_known).copied().collect();
        let request = DiscardRequest {
            player,
            count,
            known,
            unknown,
            default,
        };
        let mut picked = self.consult(|c, view| c.discard(view, &request));
        if !request.is_legal(&picked) {
            self.emit(Event::PlayerChoiceRejected {
                player,
                reason: RejectedChoice::IllegalDiscard,
            });
            picked = request.default.clone();
        }
        for &id in &picked {
            let order = self.depleted_order;
            if let Some(p) = self.perm_mut(id) {
                p.zone = Zone::Depleted { order };
                self.depleted_order += 1;
            }
        }
        let known = u32::try_from(picked.len()).unwrap_or(u32::MAX);
        if let Some(p) = self.player_mut(player) {
            p.hand = p.hand.saturating_sub(count);
        }
        self.emit(Event::Discarded {
            player,
            known: known.min(count),
            unknown: count - known.min(count),
        });
    }
}
