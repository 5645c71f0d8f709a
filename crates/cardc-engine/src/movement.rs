//! Movement between Bands (ruling R96): `Move <target> to an adjacent Band`, the only
//! movement the vocabulary has (§14 is not modelled, assumption A1).
//!
//! A Character or Ground Unit on the Map moves to a Band adjacent to its own as adjacency is
//! read for Liberation range (§12.3a, A1: empty non-Space Bands between are skipped), never
//! into the Space Band (§11.3 is not modelled); the effect's controller chooses which
//! ([`Choices::band_to_move`](crate::Choices::band_to_move), default the lowest id). It
//! leaves its host, occupying nothing in its new Band. With no such Band it stays. A move
//! changes no declaration already made: a declared target stays declared and a garrison stays
//! its target's garrison until the Liberation ends (§12.3a, §12.4 judge position when the
//! declaration is made).

use crate::choices::RejectedChoice;
use crate::event::Event;
use crate::game::{BandKind, Game};
use crate::ids::{BandId, PermanentId, PlayerId};

/// A player choosing the Band a permanent moves to (ruling R96).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BandRequest {
    /// The effect's controller, who chooses.
    pub player: PlayerId,
    /// The permanent moving.
    pub permanent: PermanentId,
    /// Its Band now.
    pub from: BandId,
    /// The Bands it may move to, in Map order.
    pub legal: Vec<BandId>,
    /// What the default policy picks: the lowest id.
    pub default: BandId,
}

impl BandRequest {
    /// Whether `band` may be chosen.
    pub fn is_legal(&self, band: BandId) -> bool {
        self.legal.contains(&band)
    }
}

impl Game {
    /// The Bands a unit in `from` may move to (ruling R96): every other Band adjacent to it as
    /// for Liberation range (§12.3a, A1), the Space Band excepted, in Map order.
    pub fn bands_to_move_to(&self, from: BandId) -> Vec<BandId> {
        (0..self.bands.len())
            .filter_map(|b| u8::try_from(b).ok().map(BandId))
            .filter(|&b| {
                b != from
                    && self.bands.get(usize::from(b.0)) == Some(&BandKind::Ground)
                    && self.bands_adjacent_or_same(from, b)
            })
            .collect()
    }

    /// Ruling R96: `player`'s effect moves `id` to an adjacent Band of their choice. Nothing
    /// happens to a permanent off the Map, to one that is not a Character or Ground Unit, or
    /// when no Band is adjacent.
    pub(crate) fn move_to_adjacent_band(&mut self, player: PlayerId, id: PermanentId) {
        let Some(p) = self.on_map(id).filter(|p| {
            matches!(
                p.kind(),
                crate::card::Kind::Character | crate::card::Kind::GroundUnit
            )
        }) else {
            return;
        };
        let from = p.band;
        let legal = self.bands_to_move_to(from);
        let Some(&default) = legal.first() else {
            return;
        };
        let request = BandRequest {
            player,
            permanent: id,
            from,
            legal,
            default,
        };
        let mut to = self.consult(|c, view| c.band_to_move(view, &request));
        if !request.is_legal(to) {
            self.emit(Event::PlayerChoiceRejected {
                player,
                reason: RejectedChoice::IllegalBand(to),
            });
            to = request.default;
        }
        if let Some(p) = self.perm_mut(id) {
            p.band = to;
            p.host = None;
        }
        self.emit(Event::Moved {
            permanent: id,
            from,
            to,
        });
    }
}
