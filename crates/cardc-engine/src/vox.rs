//! Vox added by an effect (ruling R59): `Add N Vox to your Resource Pool`.
//!
//! Vox enters a Resource Pool during a Liberation (§7.9a) and is lost at the end of the phase.
//! Added Vox goes to the pool of the text's controller when that player is the liberating or
//! the defending player of the Liberation under way; otherwise nothing happens (with no
//! Liberation under way there is no phase for it to last in).

use crate::event::Event;
use crate::game::Game;
use crate::ids::PlayerId;

impl Game {
    /// Ruling R59: `player` adds `n` Vox to their Resource Pool, if they take part in the
    /// Liberation under way. The liberating player's Vox also counts toward the public total
    /// of the §12.6 sum check as it is added (`docs/vocabulary-v2.md` P13), so it may be
    /// committed while Step 4 has not sealed the commitment; Vox added later stays unspent
    /// (§12.5b).
    pub(crate) fn add_vox(&mut self, player: PlayerId, n: u32) {
        let Some(lib) = self.liberation.as_mut() else {
            return;
        };
        if lib.liberating == player {
            lib.total_vox = lib.total_vox.saturating_add(n);
        } else if lib.defending != Some(player) {
            return;
        }
        if let Some(pl) = self.player_mut(player) {
            pl.vox_pool = pl.vox_pool.saturating_add(n);
        }
        self.emit(Event::VoxAdded { player, amount: n });
    }
}
