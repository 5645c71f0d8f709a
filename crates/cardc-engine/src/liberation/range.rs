//! Liberation range (§12.3a): a liberator's own Band or an adjacent Band, empty Bands skipped
//! (§14.2, assumed), the Space Band always counted, and from an adjacent Band only a Capital
//! Spacecraft may be declared in the Space Band.

use crate::card::Kind;
use crate::game::{BandKind, Game};
use crate::ids::{BandId, PermanentId};
use crate::liberation::error::LiberationError;

impl Game {
    /// Whether Band `to` is `from` or adjacent to it once empty non-Space Bands between them
    /// are skipped.
    pub fn bands_adjacent_or_same(&self, from: BandId, to: BandId) -> bool {
        self.band_map().adjacent_or_same(from, to)
    }

    /// Whether `liberator` may declare `target` (§12.3a).
    pub(crate) fn range_check(
        &self,
        liberator: PermanentId,
        target: PermanentId,
    ) -> Result<(), LiberationError> {
        let (Some(l), Some(t)) = (self.on_map(liberator), self.on_map(target)) else {
            return Err(LiberationError::OutOfRange(target));
        };
        if l.band == t.band {
            return Ok(());
        }
        if !self.bands_adjacent_or_same(l.band, t.band) {
            return Err(LiberationError::OutOfRange(target));
        }
        let in_space = self.bands.get(usize::from(t.band.0)) == Some(&BandKind::Space);
        if in_space && t.kind() != (Kind::Spacecraft { capital: true }) {
            return Err(LiberationError::SpaceBoundary(target));
        }
        Ok(())
    }
}
