//! The Depleted Pile as a zone effects can take cards from (ruling R58): `Return a <kind> card
//! from your Depleted Pile to your hand`.
//!
//! The small model (`docs/rules-coverage.md`, R29, R34, R58): a player's Depleted Pile holds
//! the permanents they own that were destroyed (§7.3) and the known cards they discarded, in
//! order of arrival (`Zone::Depleted { order }`); unknown discarded cards only left the hand's
//! count and are not entries. Returning one moves the entry to its owner's hand
//! (`Zone::Hand`), a known card of the hand, as a returned permanent is (R29).

use crate::choices::RejectedChoice;
use crate::event::Event;
use crate::game::{Game, Zone};
use crate::ids::{PermanentId, PlayerId};
use crate::PermanentKind;

/// A player about to return a card of their Depleted Pile to their hand (ruling R58).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PileRequest {
    /// The pile's owner, who chooses.
    pub player: PlayerId,
    /// The kind the text names (`Permanent` for `a card`).
    pub kind: PermanentKind,
    /// The cards that may be returned, in order of arrival.
    pub legal: Vec<PermanentId>,
    /// What the default policy returns: the latest to arrive.
    pub default: PermanentId,
}

impl PileRequest {
    /// Whether `id` may be returned.
    pub fn is_legal(&self, id: PermanentId) -> bool {
        self.legal.contains(&id)
    }
}

impl Game {
    /// Board set-up: puts permanent `id` in its owner's Depleted Pile, last to arrive, as a
    /// destroyed card with no record of who destroyed it.
    pub fn setup_depleted(&mut self, id: PermanentId) {
        let order = self.depleted_order;
        if let Some(p) = self.perm_mut(id) {
            p.zone = Zone::Depleted { order };
            self.depleted_order += 1;
        }
    }

    /// The request for `player` returning a `kind` card from their Depleted Pile, if the pile
    /// holds one: a known entry whose card's first face is of the kind and is not a Location,
    /// which is never in a hand (ruling R30).
    fn pile_request(&self, player: PlayerId, kind: PermanentKind) -> Option<PileRequest> {
        let legal: Vec<PermanentId> = self
            .depleted_pile(player)
            .into_iter()
            .filter(|p| {
                let printed = p
                    .card
                    .face(crate::card::Face::Prime)
                    .map_or(p.kind(), |f| f.kind);
                kind.accepts(printed) && !printed.is_location()
            })
            .map(|p| p.id)
            .collect();
        let default = *legal.last()?;
        Some(PileRequest {
            player,
            kind,
            legal,
            default,
        })
    }

    /// Ruling R58: `player` returns one `kind` card of their Depleted Pile to their hand, the
    /// one they choose (`Choices::card_from_depleted_pile`; an illegal answer is logged and the
    /// latest to arrive is returned). Nothing happens when the pile holds none.
    pub(crate) fn return_from_pile(&mut self, player: PlayerId, kind: PermanentKind) {
        let Some(request) = self.pile_request(player, kind) else {
            return;
        };
        let mut picked = self.consult(|c, view| c.card_from_depleted_pile(view, &request));
        if !request.is_legal(picked) {
            self.emit(Event::PlayerChoiceRejected {
                player,
                reason: RejectedChoice::IllegalPileCard(picked),
            });
            picked = request.default;
        }
        let Some(p) = self.perm_mut(picked) else {
            return;
        };
        p.zone = Zone::Hand;
        p.face = crate::card::Face::Prime;
        p.destroyed_by = None;
        p.counters = 0;
        p.story_counters = 0;
        p.damage = 0;
        p.prevention = 0;
        if let Some(pl) = self.player_mut(player) {
            pl.hand = pl.hand.saturating_add(1);
        }
        self.emit(Event::ReturnedFromDepletedPile {
            permanent: picked,
            owner: player,
        });
    }
}
