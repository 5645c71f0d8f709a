//! Sealed commitment for real (§12.5a): the liberating player publishes a SHA-256 commitment
//! to their assignment and a random salt; the reveal (§12.6) is checked against it.
//!
//! The commitment is bound to its Liberation ([`Binding`]): the game, the turn, the liberating
//! player, the game's Liberation sequence number and the declared targets are hashed with the
//! assignment, so a commitment made for one Liberation opens no other — not a second
//! Liberation in the same turn, not the same Liberation in another game.
//!
//! The concealed values live only in a [`SealedAssignment`], which the liberating player keeps.
//! The game state (and so every view of it the defending player can receive) holds only the
//! [`Commitment`]: the assignment is not hidden by convention, it is absent. Across a network
//! the liberator sends the 32-byte commitment at Step 4 and the [`Opening`] at Step 5.

use crate::bounded::Bounded;
use crate::game::{Game, GameId};
use crate::ids::{limits, PermanentId, PlayerId};
use crate::liberation::error::LiberationError;
use rand::{CryptoRng, RngCore};
use sha2::{Digest, Sha256};

/// Vox per slot: a liberating assignment or a defensive allocation. Canonical: sorted by
/// permanent, no duplicates, no zero entries. Building one never allocates.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Assignment {
    entries: Bounded<(PermanentId, u32), { limits::MAX_SLOTS }>,
}

impl Assignment {
    /// The empty assignment.
    pub fn empty() -> Self {
        Self::default()
    }

    /// Builds an assignment from `(permanent, vox)` pairs in any order.
    pub fn new(pairs: &[(PermanentId, u32)]) -> Result<Self, LiberationError> {
        let mut entries: Bounded<(PermanentId, u32), { limits::MAX_SLOTS }> = Bounded::new();
        for &(id, vox) in pairs {
            if entries.iter().any(|&(e, _)| e == id) {
                return Err(LiberationError::DuplicateEntry(id));
            }
            if vox > 0 {
                entries
                    .push((id, vox))
                    .map_err(|_| LiberationError::TooMany)?;
            }
        }
        entries.as_mut_slice().sort_unstable_by_key(|&(id, _)| id);
        Ok(Self { entries })
    }

    /// The Vox on `id` (0 if none).
    pub fn get(&self, id: PermanentId) -> u32 {
        self.entries
            .iter()
            .find(|&&(e, _)| e == id)
            .map_or(0, |&(_, v)| v)
    }

    /// The total Vox.
    pub fn total(&self) -> u64 {
        self.entries.iter().map(|&(_, v)| u64::from(v)).sum()
    }

    /// The non-zero entries, sorted by permanent.
    pub fn entries(&self) -> &[(PermanentId, u32)] {
        self.entries.as_slice()
    }
}

/// A 32-byte random salt.
pub type Salt = [u8; 32];

/// A SHA-256 commitment to an assignment: all that the game state holds during Step 4.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Commitment(pub [u8; 32]);

/// What the liberating player discloses at Step 5 to open their commitment.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Opening {
    /// The assignment.
    pub assignment: Assignment,
    /// The salt it was committed with.
    pub salt: Salt,
}

/// What a commitment is bound to: one Liberation of one game (§12.5a). Everything in it is
/// public by Step 4, so both players compute the same binding from their copies of the game
/// ([`Liberation::binding`](crate::Liberation::binding)).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Binding {
    /// The game.
    pub game: GameId,
    /// The turn the Liberation was declared in.
    pub turn: u32,
    /// The liberating player.
    pub liberating: PlayerId,
    /// The Liberation's sequence number in the game (1 for the first).
    pub sequence: u32,
    /// The declared targets, in declaration order.
    pub targets: Bounded<PermanentId, { limits::MAX_TARGETS }>,
}

impl Opening {
    /// The commitment this opening opens, for the Liberation `binding` describes.
    pub fn commitment(&self, binding: &Binding) -> Commitment {
        let mut h = Sha256::new();
        h.update(b"cardc/liberation-commitment/v2");
        h.update(binding.game.0);
        h.update(binding.turn.to_le_bytes());
        h.update([binding.liberating.0]);
        h.update(binding.sequence.to_le_bytes());
        let targets = binding.targets.as_slice();
        h.update(len(targets.len()).to_le_bytes());
        for t in targets {
            h.update(t.0.to_le_bytes());
        }
        let entries = self.assignment.entries();
        h.update(len(entries.len()).to_le_bytes());
        for &(id, vox) in entries {
            h.update(id.0.to_le_bytes());
            h.update(vox.to_le_bytes());
        }
        h.update(self.salt);
        Commitment(h.finalize().into())
    }
}

/// A list length as hashed (lists are bounded far below `u32::MAX`).
fn len(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The liberating player's concealed assignment: kept on their side only.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SealedAssignment {
    opening: Opening,
    commitment: Commitment,
}

impl SealedAssignment {
    /// Validates `assignment` against the Liberation awaiting Step 4 in `game` (the
    /// liberator's own copy of the public state) and seals it with a fresh random salt.
    pub fn seal<R: RngCore + CryptoRng>(
        game: &Game,
        assignment: Assignment,
        rng: &mut R,
    ) -> Result<Self, LiberationError> {
        let lib = game.pending_commitment()?;
        game.check_liberating_assignment(lib, &assignment, false)?;
        let mut salt = [0u8; 32];
        rng.fill_bytes(&mut salt);
        let opening = Opening { assignment, salt };
        let commitment = opening.commitment(&lib.binding());
        Ok(Self {
            opening,
            commitment,
        })
    }

    /// The commitment to publish at Step 4.
    pub fn commitment(&self) -> Commitment {
        self.commitment
    }

    /// The opening to disclose at Step 5.
    pub fn opening(&self) -> Opening {
        self.opening
    }

    /// The concealed assignment (the liberating player's own knowledge).
    pub fn assignment(&self) -> &Assignment {
        &self.opening.assignment
    }
}
