//! A board builder and a one-call Liberation runner for scenario tests and benchmarks.
//!
//! ```
//! use cardc_engine::harness::{Board, LiberationPlan};
//! use cardc_engine::*;
//!
//! struct Agitators;
//! static AGITATORS: FaceData = FaceData {
//!     name: "Dockside Agitators", kind: Kind::GroundUnit, cost: 1,
//!     rank: Some(Rank::Num(2)), vox: 1, attack: 1, def: Some(StatValue::Num(1)),
//!     ..FaceData::BLANK
//! };
//! impl Card for Agitators {
//!     fn face(&self, f: Face) -> Option<&'static FaceData> {
//!         (f == Face::Prime).then_some(&AGITATORS)
//!     }
//! }
//!
//! let (p0, p1) = (PlayerId(0), PlayerId(1));
//! let mut b = Board::new(2);
//! let band = b.ground();
//! let lib = b.put(p0, &Agitators, band);
//! let target = b.put(p1, &Agitators, band);
//! b.treasury(p0, 5);
//! let mut game = b.build();
//! let plan = LiberationPlan {
//!     player: p0, liberators: &[lib], targets: &[target], assign: &[(target, 1)],
//!     ..LiberationPlan::default()
//! };
//! plan.run(&mut game, &mut rand::thread_rng()).unwrap();
//! assert_eq!(game.permanent(target).unwrap().counters, 1);
//! ```

use crate::card::Card;
use crate::game::{BandKind, Game, Permanent};
use crate::ids::{BandId, PermanentId, PlayerId};
use crate::liberation::commit::{Assignment, SealedAssignment};
use crate::liberation::error::LiberationError;
use crate::liberation::{Payment, Revealed};
use rand::{CryptoRng, RngCore};

/// Builds a board: players, Bands, permanents from card definitions.
#[derive(Clone, Debug)]
pub struct Board {
    game: Game,
}

impl Board {
    /// `players` players; player 0 active.
    pub fn new(players: u8) -> Self {
        Board {
            game: Game::new(players),
        }
    }

    /// Appends the Space Band.
    pub fn space(&mut self) -> BandId {
        self.game.add_band(BandKind::Space)
    }

    /// Appends a ground Band.
    pub fn ground(&mut self) -> BandId {
        self.game.add_band(BandKind::Ground)
    }

    /// Sets a Treasury.
    pub fn treasury(&mut self, player: PlayerId, currency: u32) -> &mut Self {
        if let Some(p) = self.game.setup_player(player) {
            p.treasury = currency;
        }
        self
    }

    /// Sets Story Points.
    pub fn story_points(&mut self, player: PlayerId, points: u32) -> &mut Self {
        if let Some(p) = self.game.setup_player(player) {
            p.story_points = points;
        }
        self
    }

    /// Puts a permanent in a Band.
    pub fn put(&mut self, owner: PlayerId, card: &'static dyn Card, band: BandId) -> PermanentId {
        self.game.place(owner, card, band)
    }

    /// Puts a permanent on a host (a Location or Capital Spacecraft), in the host's Band.
    pub fn put_on(
        &mut self,
        owner: PlayerId,
        card: &'static dyn Card,
        host: PermanentId,
    ) -> PermanentId {
        let band = self.game.permanent(host).map_or(BandId(0), |h| h.band);
        let id = self.game.place(owner, card, band);
        if let Some(p) = self.game.setup(id) {
            p.host = Some(host);
        }
        id
    }

    /// Adjusts a permanent (face, CP, counters, readied, deployed this turn, controller…).
    pub fn with(&mut self, id: PermanentId, f: impl FnOnce(&mut Permanent)) -> &mut Self {
        if let Some(p) = self.game.setup(id) {
            f(p);
        }
        self
    }

    /// Binds a Character to a Storyline.
    pub fn bind(&mut self, storyline: PermanentId, character: PermanentId) -> &mut Self {
        let _ = self.game.bind(storyline, character);
        self
    }

    /// The game built so far (for inspection while building).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Finishes the board.
    pub fn build(self) -> Game {
        self.game
    }
}

/// A whole Liberation as data, run step by step by [`LiberationPlan::run`].
#[derive(Clone, Copy, Debug)]
pub struct LiberationPlan<'a> {
    /// The liberating player.
    pub player: PlayerId,
    /// Step 1.
    pub liberators: &'a [PermanentId],
    /// Step 2.
    pub targets: &'a [PermanentId],
    /// Step 2: declare Confluence (the assignment is then public).
    pub confluence: bool,
    /// Step 3: defenders.
    pub defenders: &'a [PermanentId],
    /// Step 3: `(garrison, target)`.
    pub garrisons: &'a [(PermanentId, PermanentId)],
    /// Step 4: the liberating assignment.
    pub assign: &'a [(PermanentId, u32)],
    /// Step 4: the defensive allocation.
    pub defence: &'a [(PermanentId, u32)],
}

impl Default for LiberationPlan<'_> {
    fn default() -> Self {
        LiberationPlan {
            player: PlayerId(0),
            liberators: &[],
            targets: &[],
            confluence: false,
            defenders: &[],
            garrisons: &[],
            assign: &[],
            defence: &[],
        }
    }
}

impl LiberationPlan<'_> {
    /// Runs all seven steps (sealed commit–reveal unless Confluence); stops at the first
    /// error, which leaves the game as the failing step found it.
    pub fn run<R: RngCore + CryptoRng>(
        &self,
        game: &mut Game,
        rng: &mut R,
    ) -> Result<Payment, LiberationError> {
        game.activate_liberators(self.player, self.liberators)?;
        game.declare_targets(self.targets, self.confluence)?;
        game.activate_defenders(self.defenders, self.garrisons)?;
        let assignment = Assignment::new(self.assign)?;
        let opening = if self.confluence {
            game.commit_public(assignment)?;
            None
        } else {
            let sealed = SealedAssignment::seal(game, assignment, rng)?;
            game.commit_sealed(sealed.commitment())?;
            Some(sealed.opening())
        };
        game.allocate_defence(Assignment::new(self.defence)?)?;
        if let Revealed::Forfeited(voided) = game.reveal(opening.as_ref())? {
            // Unreachable with a plan sealed through `SealedAssignment::seal`, which refuses
            // an illegal assignment; the forfeit is what was paid.
            return Ok(voided.forfeit.unwrap_or_default());
        }
        let payment = game.pay()?;
        game.resolve()?;
        Ok(payment)
    }
}
