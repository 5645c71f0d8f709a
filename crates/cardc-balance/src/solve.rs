//! The exact solver: the payoff matrix over both players' reduced pure strategies, solved
//! by linear programming (good_lp with the pure-Rust microlp backend).
//!
//! The matrix is built from [`Game::payoff`] for every pair of moves that survive the
//! reductions of [`strategy`], then averaged over symmetry orbits; rows and
//! columns that are weakly dominated are removed (iterated, while the matrix is small enough
//! for the pairwise test). The remaining game is solved by the double-oracle method: solve
//! the LP of a small sub-game, add each player's best response to the other's mix over the
//! *whole* reduced game, and stop when neither best response gains more than 1e-9 — at which
//! point the sub-game's equilibrium is one of the whole game, proved by the two best-response
//! values that bracket the value ([`Equilibrium::lower`], [`Equilibrium::upper`]).
//!
//! Confluence (§12.5a) is the same matrix with the split public: the defending player
//! best-responds to each split and the liberating player takes the maximin.

use crate::model::{Game, ModelError};
use crate::strategy::{self, Moves};
use cardc_engine::liberation::arith::{SlotInput, SlotResult};
use good_lp::{microlp, variable, Expression, ProblemVariables, Solution, SolverModel, Variable};
use std::fmt;

/// The most pairs of moves the oracle evaluates for one game.
pub const MAX_PAIRS: u64 = 6_000_000;
/// The tolerance of the equilibrium: no pure deviation gains more than this.
pub const TOLERANCE: f64 = 1e-9;

/// One move with its probability.
#[derive(Clone, PartialEq, Debug)]
pub struct Played {
    /// Values per slot.
    pub values: Vec<u32>,
    /// Probability.
    pub p: f64,
}

/// How large the game was, at each reduction.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Sizes {
    /// Legal splits before any reduction.
    pub splits: u64,
    /// Legal allocations before any reduction.
    pub allocations: u64,
    /// Splits after caps and dominance by more Vox.
    pub splits_capped: usize,
    /// Allocations after caps and maximality.
    pub allocations_capped: usize,
    /// Split orbits (symmetry).
    pub split_orbits: usize,
    /// Allocation orbits.
    pub allocation_orbits: usize,
    /// Split orbits left after iterated dominance.
    pub split_rows: usize,
    /// Allocation orbits left after iterated dominance.
    pub allocation_cols: usize,
    /// Double-oracle iterations.
    pub iterations: usize,
    /// Rows × columns of the largest LP solved.
    pub lp_rows: usize,
    /// Columns of the largest LP solved.
    pub lp_cols: usize,
}

/// The equilibrium of the concealed game.
#[derive(Clone, PartialEq, Debug)]
pub struct Equilibrium {
    /// The value to the liberating player.
    pub value: f64,
    /// The most the defender's mix concedes to any split (≥ value).
    pub upper: f64,
    /// The least the liberator's mix earns against any allocation (≤ value).
    pub lower: f64,
    /// The liberating player's optimal mix, most likely first.
    pub liberator: Vec<Played>,
    /// The defending player's optimal mix, most likely first.
    pub defender: Vec<Played>,
    /// Sizes.
    pub sizes: Sizes,
}

/// The Confluence game: the split is public.
#[derive(Clone, PartialEq, Debug)]
pub struct Confluence {
    /// Its value to the liberating player (never more than the concealed value).
    pub value: f64,
    /// The maximin split.
    pub split: Vec<u32>,
    /// The defending player's best response to it.
    pub response: Vec<u32>,
}

/// Both games.
#[derive(Clone, PartialEq, Debug)]
pub struct Solution2 {
    /// Concealed (§12.5a).
    pub concealed: Equilibrium,
    /// Public (Confluence, §12.5a exception).
    pub confluence: Confluence,
}

/// The solver failed.
#[derive(Clone, PartialEq, Debug)]
pub enum SolveError {
    /// The matchup is not a game the oracle can play.
    Model(ModelError),
    /// The LP backend reported a failure.
    Lp(String),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Model(e) => e.fmt(f),
            SolveError::Lp(e) => write!(f, "the LP solver failed: {e}"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<ModelError> for SolveError {
    fn from(e: ModelError) -> Self {
        SolveError::Model(e)
    }
}

/// The reduced game as a matrix, with what it takes to lift a solution back.
pub struct Matrix {
    /// Capped splits.
    pub splits: Moves,
    /// Capped allocations.
    pub allocations: Moves,
    /// Payoff of capped split `i` against capped allocation `j`, row-major.
    pub full: Vec<f64>,
    /// Split orbits (indices into `splits`).
    pub split_orbits: Vec<Vec<usize>>,
    /// Allocation orbits.
    pub allocation_orbits: Vec<Vec<usize>>,
    /// Orbit-averaged payoff, `split_orbits.len()` × `allocation_orbits.len()`.
    pub reduced: Vec<f64>,
}

impl Matrix {
    /// Builds the matrix of `game`.
    pub fn new(game: &Game) -> Result<Matrix, ModelError> {
        let too_large = |s, a| ModelError::TooLarge {
            splits: s,
            allocations: a,
        };
        let splits = strategy::splits(game, MAX_PAIRS).ok_or(too_large(MAX_PAIRS, 0))?;
        let allocations =
            strategy::allocations(game, MAX_PAIRS).ok_or(too_large(splits.len() as u64, 0))?;
        let (n, m) = (splits.len(), allocations.len());
        if (n as u64) * (m as u64) > MAX_PAIRS {
            return Err(too_large(n as u64, m as u64));
        }
        let mut full = Vec::with_capacity(n * m);
        let mut buf: Vec<SlotInput> = Vec::with_capacity(game.slots.len());
        let mut res: Vec<SlotResult> = Vec::with_capacity(game.slots.len());
        for i in 0..n {
            let a = splits.get(i);
            for j in 0..m {
                full.push(game.payoff(a, allocations.get(j), &mut buf, &mut res));
            }
        }
        let classes = strategy::classes(game);
        let split_orbits = strategy::orbits(&classes, &splits);
        let allocation_orbits = strategy::orbits(&classes, &allocations);
        let (r, c) = (split_orbits.len(), allocation_orbits.len());
        let mut reduced = vec![0.0; r * c];
        for (oi, rows) in split_orbits.iter().enumerate() {
            for (oj, cols) in allocation_orbits.iter().enumerate() {
                let j = cols[0];
                let sum: f64 = rows.iter().map(|&i| full[i * m + j]).sum();
                reduced[oi * c + oj] = sum / rows.len() as f64;
            }
        }
        Ok(Matrix {
            splits,
            allocations,
            full,
            split_orbits,
            allocation_orbits,
            reduced,
        })
    }

    fn at(&self, i: usize, j: usize) -> f64 {
        self.reduced[i * self.allocation_orbits.len() + j]
    }
}

/// Solves the concealed game and the Confluence game of `game`.
pub fn solve(game: &Game) -> Result<Solution2, SolveError> {
    let matrix = Matrix::new(game)?;
    let concealed = equilibrium(game, &matrix)?;
    let confluence = confluence(&matrix);
    Ok(Solution2 {
        concealed,
        confluence,
    })
}

/// The Confluence value: max over splits of min over allocations.
pub fn confluence(matrix: &Matrix) -> Confluence {
    let m = matrix.allocations.len();
    let mut best = (f64::NEG_INFINITY, 0, 0);
    for i in 0..matrix.splits.len() {
        let row = &matrix.full[i * m..(i + 1) * m];
        let (j, v) = row
            .iter()
            .copied()
            .enumerate()
            .fold(
                (0, f64::INFINITY),
                |acc, (j, v)| if v < acc.1 { (j, v) } else { acc },
            );
        if v > best.0 + TOLERANCE {
            best = (v, i, j);
        }
    }
    Confluence {
        value: best.0,
        split: matrix.splits.get(best.1).to_vec(),
        response: matrix.allocations.get(best.2).to_vec(),
    }
}

/// Iterated weak dominance on the reduced matrix, while `rows × cols × (rows + cols)` stays
/// under this.
const DOMINANCE_BUDGET: u64 = 40_000_000;

fn dominance(mx: &Matrix) -> (Vec<usize>, Vec<usize>) {
    let mut rows: Vec<usize> = (0..mx.split_orbits.len()).collect();
    let mut cols: Vec<usize> = (0..mx.allocation_orbits.len()).collect();
    loop {
        let work = (rows.len() as u64) * (cols.len() as u64) * (rows.len() + cols.len()) as u64;
        if work > DOMINANCE_BUDGET {
            break;
        }
        let before = (rows.len(), cols.len());
        // A row is removed when another remaining row is at least as good everywhere (for
        // equal rows, the later one goes).
        let mut keep = Vec::with_capacity(rows.len());
        for (a, &i) in rows.iter().enumerate() {
            let dominated = rows.iter().enumerate().any(|(b, &k)| {
                k != i
                    && cols.iter().all(|&j| mx.at(k, j) >= mx.at(i, j))
                    && (cols.iter().any(|&j| mx.at(k, j) > mx.at(i, j)) || b < a)
            });
            if !dominated {
                keep.push(i);
            }
        }
        rows = keep;
        let mut keep = Vec::with_capacity(cols.len());
        for (a, &j) in cols.iter().enumerate() {
            let dominated = cols.iter().enumerate().any(|(b, &l)| {
                l != j
                    && rows.iter().all(|&i| mx.at(i, l) <= mx.at(i, j))
                    && (rows.iter().any(|&i| mx.at(i, l) < mx.at(i, j)) || b < a)
            });
            if !dominated {
                keep.push(j);
            }
        }
        cols = keep;
        if (rows.len(), cols.len()) == before {
            break;
        }
    }
    (rows, cols)
}

/// Solves `max v : Σ_i x_i A[i][j] ≥ v ∀j, Σ x = 1, x ≥ 0` for the rows' player, where
/// `entry(i, j)` is the payoff to that player. Returns `(v, x)`.
fn lp(
    rows: usize,
    cols: usize,
    entry: impl Fn(usize, usize) -> f64,
) -> Result<(f64, Vec<f64>), SolveError> {
    let mut vars = ProblemVariables::new();
    let x: Vec<Variable> = (0..rows)
        .map(|_| vars.add(variable().min(0.0).max(1.0)))
        .collect();
    let v = vars.add(variable());
    let mut model = vars.maximise(v).using(microlp);
    let mut total = Expression::with_capacity(rows);
    for &xi in &x {
        total.add_mul(1.0, xi);
    }
    model = model.with(total.eq(1.0));
    for j in 0..cols {
        let mut e = Expression::with_capacity(rows + 1);
        for (i, &xi) in x.iter().enumerate() {
            let a = entry(i, j);
            if a != 0.0 {
                e.add_mul(a, xi);
            }
        }
        e.add_mul(-1.0, v);
        model = model.with(e.geq(0.0));
    }
    let sol = model.solve().map_err(|e| SolveError::Lp(e.to_string()))?;
    let xs: Vec<f64> = x.iter().map(|&xi| sol.value(xi).max(0.0)).collect();
    let sum: f64 = xs.iter().sum();
    let xs = xs.into_iter().map(|p| p / sum).collect();
    Ok((sol.value(v), xs))
}

fn equilibrium(game: &Game, mx: &Matrix) -> Result<Equilibrium, SolveError> {
    let (rows, cols) = dominance(mx);
    let mut sizes = Sizes {
        splits: strategy::all_splits(game, u64::MAX).map_or(0, |m| m.len() as u64),
        allocations: count_allocations(game),
        splits_capped: mx.splits.len(),
        allocations_capped: mx.allocations.len(),
        split_orbits: mx.split_orbits.len(),
        allocation_orbits: mx.allocation_orbits.len(),
        split_rows: rows.len(),
        allocation_cols: cols.len(),
        ..Sizes::default()
    };
    // Start from the row with the best average and the column that answers it best.
    let avg = |i: usize| cols.iter().map(|&j| mx.at(i, j)).sum::<f64>();
    let mut r_set = vec![*rows
        .iter()
        .max_by(|&&a, &&b| avg(a).total_cmp(&avg(b)))
        .unwrap_or(&0)];
    let mut c_set = vec![*cols
        .iter()
        .min_by(|&&a, &&b| mx.at(r_set[0], a).total_cmp(&mx.at(r_set[0], b)))
        .unwrap_or(&0)];
    loop {
        sizes.iterations += 1;
        sizes.lp_rows = sizes.lp_rows.max(r_set.len());
        sizes.lp_cols = sizes.lp_cols.max(c_set.len());
        let (v, x) = lp(r_set.len(), c_set.len(), |a, b| mx.at(r_set[a], c_set[b]))?;
        // The defender's LP: rows are allocations, payoff negated.
        let (_, y) = lp(c_set.len(), r_set.len(), |b, a| -mx.at(r_set[a], c_set[b]))?;
        // Best responses over the whole reduced game.
        let row_value =
            |i: usize| -> f64 { c_set.iter().zip(&y).map(|(&j, &p)| p * mx.at(i, j)).sum() };
        let col_value =
            |j: usize| -> f64 { r_set.iter().zip(&x).map(|(&i, &p)| p * mx.at(i, j)).sum() };
        let (br_row, upper) = rows.iter().map(|&i| (i, row_value(i))).fold(
            (usize::MAX, f64::NEG_INFINITY),
            |a, b| if b.1 > a.1 { b } else { a },
        );
        let (br_col, lower) =
            cols.iter()
                .map(|&j| (j, col_value(j)))
                .fold(
                    (usize::MAX, f64::INFINITY),
                    |a, b| if b.1 < a.1 { b } else { a },
                );
        let grow_r = upper > v + TOLERANCE / 4.0 && !r_set.contains(&br_row);
        let grow_c = lower < v - TOLERANCE / 4.0 && !c_set.contains(&br_col);
        if !grow_r && !grow_c {
            let liberator = lift(&mx.splits, &mx.split_orbits, &r_set, &x);
            let defender = lift(&mx.allocations, &mx.allocation_orbits, &c_set, &y);
            return Ok(Equilibrium {
                value: v,
                upper,
                lower,
                liberator,
                defender,
                sizes,
            });
        }
        if grow_r {
            r_set.push(br_row);
        }
        if grow_c {
            c_set.push(br_col);
        }
    }
}

fn count_allocations(game: &Game) -> u64 {
    // Non-negative vectors of `n` values with total ≤ D: C(D + n, n).
    let n = game.slots.len() as u64;
    let d = u64::from(game.d());
    let mut c: u128 = 1;
    for k in 1..=n {
        c = c * u128::from(d + k) / u128::from(k);
    }
    u64::try_from(c).unwrap_or(u64::MAX)
}

/// Spreads each orbit's probability uniformly over its members.
fn lift(moves: &Moves, orbits: &[Vec<usize>], set: &[usize], p: &[f64]) -> Vec<Played> {
    let mut out = Vec::new();
    for (&o, &po) in set.iter().zip(p) {
        if po <= 1e-12 {
            continue;
        }
        let members = &orbits[o];
        for &i in members {
            out.push(Played {
                values: moves.get(i).to_vec(),
                p: po / members.len() as f64,
            });
        }
    }
    out.sort_by(|a, b| b.p.total_cmp(&a.p).then_with(|| b.values.cmp(&a.values)));
    out
}
