//! The two players' pure strategies, and the reductions that are exact.
//!
//! * **Splits** (the liberating player, §12.5a–b): a value per slot, at least 1 per declared
//!   target (summed over its garrisons, ruling R3), a total of at most `L`.
//! * **Allocations** (the defending player, §12.5b–c): a value per slot, a total of at most
//!   `D`, no minimum. Defence on a garrisoned target itself is discarded (ruling R12), so the
//!   target's own slot does not exist while it has garrisons.
//!
//! Reductions, in order, each keeping the value of the game and an equilibrium of the full
//! game:
//!
//! 1. **Caps** (identical outcomes). Vox on a slot beyond what destroys it against any
//!    defence (`need + RK bonus + D`) changes nothing; so does defence beyond the most the
//!    liberator can put there. Such moves repeat a capped move's row or column exactly.
//! 2. **Maximal moves** (weak dominance). Every payoff weight is a magnitude, so more
//!    defence never helps the liberator: allocations that leave defending Vox unused are
//!    weakly dominated. The same holds for splits when cancelled Vox costs nothing
//!    ([`Game::more_vox_never_hurts`]).
//! 3. **Symmetry.** Slots that are interchangeable (same standing and weight; garrisons of
//!    the same target) form classes; moves that differ by a permutation within classes form
//!    an orbit, and the game is solved over orbits, each played uniformly (see `solve`).

use crate::model::Game;

/// A set of moves of one player: `len` vectors of `width` values, stored flat.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Moves {
    /// Values per slot.
    pub width: usize,
    /// The values, `width` per move.
    pub flat: Vec<u32>,
}

impl Moves {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.flat.len().checked_div(self.width).unwrap_or(0)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Move `i`.
    pub fn get(&self, i: usize) -> &[u32] {
        &self.flat[i * self.width..(i + 1) * self.width]
    }
}

/// Per-slot bounds and constraints for an enumeration.
struct Bounds<'a> {
    lo: &'a [u32],
    hi: &'a [u32],
    /// `(first slot, end)` ranges that must total at least 1 (a garrisoned target).
    groups: &'a [(usize, usize)],
    total_min: u32,
    total_max: u32,
}

fn enumerate(b: &Bounds, limit: u64) -> Option<Moves> {
    let width = b.lo.len();
    let mut out = Moves {
        width,
        flat: Vec::new(),
    };
    let mut cur = vec![0u32; width];
    // The most the slots from `i` on can still hold, for pruning.
    let mut rest_hi = vec![0u64; width + 1];
    let mut rest_lo = vec![0u64; width + 1];
    for i in (0..width).rev() {
        rest_hi[i] = rest_hi[i + 1] + u64::from(b.hi[i]);
        rest_lo[i] = rest_lo[i + 1] + u64::from(b.lo[i]);
    }
    #[allow(clippy::too_many_arguments)]
    fn go(
        i: usize,
        sum: u64,
        b: &Bounds,
        cur: &mut Vec<u32>,
        out: &mut Moves,
        rest_hi: &[u64],
        rest_lo: &[u64],
        limit: u64,
    ) -> bool {
        if i == cur.len() {
            if sum < u64::from(b.total_min) {
                return true;
            }
            for &(s, e) in b.groups {
                if cur[s..e].iter().all(|&v| v == 0) {
                    return true;
                }
            }
            if out.len() as u64 >= limit {
                return false;
            }
            out.flat.extend_from_slice(cur);
            return true;
        }
        if sum + rest_hi[i] < u64::from(b.total_min) {
            return true;
        }
        let room = u64::from(b.total_max).saturating_sub(sum + rest_lo[i + 1]);
        let top = u64::from(b.hi[i]).min(room);
        let mut v = u64::from(b.lo[i]);
        while v <= top {
            cur[i] = v as u32;
            if !go(i + 1, sum + v, b, cur, out, rest_hi, rest_lo, limit) {
                return false;
            }
            v += 1;
        }
        cur[i] = 0;
        true
    }
    if go(0, 0, b, &mut cur, &mut out, &rest_hi, &rest_lo, limit) {
        Some(out)
    } else {
        None
    }
}

/// The most liberating Vox worth placing on each slot (reduction 1).
pub fn split_caps(game: &Game) -> Vec<u32> {
    let (l, d) = (game.l(), game.d());
    let others_min = game.targets() as u32 - 1;
    game.slots
        .iter()
        .map(|s| {
            let useful = u64::from(s.stand.need()) + u64::from(s.stand.rk_bonus()) + u64::from(d);
            let reachable = u64::from(l - others_min);
            useful.min(reachable) as u32
        })
        .collect()
}

/// The liberating player's splits after reductions 1 and 2; `None` past `limit` moves.
pub fn splits(game: &Game, limit: u64) -> Option<Moves> {
    let hi = split_caps(game);
    let lo: Vec<u32> = game.slots.iter().map(|s| u32::from(!s.garrison)).collect();
    let groups = garrison_groups(game);
    let cap_total: u64 = hi.iter().map(|&h| u64::from(h)).sum();
    let total_min = if game.more_vox_never_hurts() {
        cap_total.min(u64::from(game.l())) as u32
    } else {
        0
    };
    enumerate(
        &Bounds {
            lo: &lo,
            hi: &hi,
            groups: &groups,
            total_min,
            total_max: game.l(),
        },
        limit,
    )
}

/// The defending player's allocations after reductions 1 and 2; `None` past `limit` moves.
pub fn allocations(game: &Game, limit: u64) -> Option<Moves> {
    let hi = split_caps(game);
    let lo = vec![0; hi.len()];
    let cap_total: u64 = hi.iter().map(|&h| u64::from(h)).sum();
    let total = cap_total.min(u64::from(game.d())) as u32;
    enumerate(
        &Bounds {
            lo: &lo,
            hi: &hi,
            groups: &[],
            total_min: total,
            total_max: total,
        },
        limit,
    )
}

/// Every legal split with no reduction (for brute-force checks and the reported sizes).
pub fn all_splits(game: &Game, limit: u64) -> Option<Moves> {
    let n = game.slots.len();
    let lo: Vec<u32> = game.slots.iter().map(|s| u32::from(!s.garrison)).collect();
    let hi = vec![game.l(); n];
    enumerate(
        &Bounds {
            lo: &lo,
            hi: &hi,
            groups: &garrison_groups(game),
            total_min: 0,
            total_max: game.l(),
        },
        limit,
    )
}

/// Every legal allocation with no reduction.
pub fn all_allocations(game: &Game, limit: u64) -> Option<Moves> {
    let n = game.slots.len();
    enumerate(
        &Bounds {
            lo: &vec![0; n],
            hi: &vec![game.d(); n],
            groups: &[],
            total_min: 0,
            total_max: game.d(),
        },
        limit,
    )
}

fn garrison_groups(game: &Game) -> Vec<(usize, usize)> {
    let mut groups = Vec::new();
    let mut i = 0;
    while i < game.slots.len() {
        let t = game.slots[i].target;
        let mut e = i;
        while e < game.slots.len() && game.slots[e].target == t {
            e += 1;
        }
        if game.slots[i].garrison {
            groups.push((i, e));
        }
        i = e;
    }
    groups
}

/// The symmetry classes of slots (reduction 3): lists of slot indices, each sorted.
pub fn classes(game: &Game) -> Vec<Vec<usize>> {
    let mut classes: Vec<Vec<usize>> = Vec::new();
    for (i, s) in game.slots.iter().enumerate() {
        let found = classes.iter_mut().find(|c| {
            let o = &game.slots[c[0]];
            o.stand == s.stand
                && o.weight.to_bits() == s.weight.to_bits()
                && o.garrison == s.garrison
                && (!s.garrison || o.target == s.target)
        });
        match found {
            Some(c) => c.push(i),
            None => classes.push(vec![i]),
        }
    }
    classes
}

/// The canonical member of a move's orbit: values sorted, largest first, within each class.
pub fn canonical(classes: &[Vec<usize>], mv: &[u32]) -> Vec<u32> {
    let mut out = mv.to_vec();
    let mut vals = Vec::new();
    for c in classes.iter().filter(|c| c.len() > 1) {
        vals.clear();
        vals.extend(c.iter().map(|&i| mv[i]));
        vals.sort_unstable_by(|a, b| b.cmp(a));
        for (&i, &v) in c.iter().zip(&vals) {
            out[i] = v;
        }
    }
    out
}

/// Groups moves into orbits: for each orbit, the indices of its members (first member is
/// the canonical one's first appearance).
pub fn orbits(classes: &[Vec<usize>], moves: &Moves) -> Vec<Vec<usize>> {
    let mut index: std::collections::BTreeMap<Vec<u32>, usize> = Default::default();
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    for i in 0..moves.len() {
        let key = canonical(classes, moves.get(i));
        match index.get(&key) {
            Some(&o) => orbits[o].push(i),
            None => {
                index.insert(key, orbits.len());
                orbits.push(vec![i]);
            }
        }
    }
    orbits
}
