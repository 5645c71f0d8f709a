//! The balance oracle for Liberation: exact equilibria of the Step 4 sealed commitment
//! (§12.5), per matchup and per card.
//!
//! The Step 4 commitment is a Colonel Blotto–like zero-sum game. The liberating player
//! chooses a concealed split of their public Vox total `L` over the declared targets (at
//! least 1 each, §12.5b); the defending player chooses an open allocation of their total `D`
//! without seeing it. Every pair of moves is settled by the engine's own §12.6–§12.8
//! arithmetic ([`cardc_engine::liberation::arith`]), weighed by the designer's
//! [`Weights`], and the game is solved exactly by linear programming.
//!
//! * [`model`]: the matchup, its slots (targets and garrisons) and the payoff.
//! * [`strategy`]: both players' pure strategies and the exact reductions.
//! * [`mod@solve`]: the matrix, dominance, the LP (double oracle) and Confluence.
//! * [`cards`]: reading Vox, CP, Rank, RK statics and keywords from the checked IR.
//! * [`battery`]: `cardc balance --set`, each card's marginal value.
//! * [`report`]: the text report, and the SVG heatmaps and HTML report of a sweep.
//!
//! The model, its assumptions and how to read the output: `docs/balance.md`.

pub mod battery;
pub mod cards;
pub mod model;
pub mod report;
pub mod solve;
pub mod strategy;

pub use model::{Game, Garrison, Matchup, ModelError, Outcome, Slot, Stand, Target, Weights};
pub use solve::{solve, Confluence, Equilibrium, Played, Sizes, Solution2, SolveError};
