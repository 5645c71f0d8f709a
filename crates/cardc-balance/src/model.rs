//! The game of Step 4 (§12.5) as data: the public totals, the declared targets and their
//! garrisons as slots, and the designer's payoff weights.
//!
//! The outcome of a pair of moves is never computed here: [`Game::payoff`] hands the numbers
//! to [`cardc_engine::liberation::arith::settle`], the function the engine's own Steps 5–7
//! call, and only weighs what it returns.

use cardc_engine::liberation::arith::{self, SlotInput, SlotResult, Standing};
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a Liberation is worth to the liberating player, per unit of each outcome. Every
/// weight is a magnitude (≥ 0): the first three are gains, the last two costs. The game is
/// zero-sum: the defending player's payoff is the negative.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Weights {
    /// Per target destroyed (§12.8), unless the target sets its own `weight`.
    pub destroyed: f64,
    /// Per CP removed from a Character (§12.8), up to the CP it had.
    pub cp: f64,
    /// For bringing a non-Character all the way to its Rank, earned pro rata: each counter
    /// landed, up to the counters it still needed, earns `counter / needed` (the campaign's
    /// progress, §12.6 "persist across turns"). Pro rata, so a taller target is not worth
    /// more merely for being tall.
    pub counter: f64,
    /// Per Currency the liberating player pays for cancelled Vox (§12.7).
    pub currency: f64,
    /// Per Story Point the liberating player's shortfall awards (§12.7, ruling R26).
    pub story: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            destroyed: 4.0,
            cp: 1.0,
            counter: 2.0,
            currency: 0.5,
            story: 2.0,
        }
    }
}

impl Weights {
    /// Every weight must be finite and non-negative (a cost is written as a positive
    /// magnitude).
    pub fn validate(&self) -> Result<(), ModelError> {
        let all = [
            ("destroyed", self.destroyed),
            ("cp", self.cp),
            ("counter", self.counter),
            ("currency", self.currency),
            ("story", self.story),
        ];
        for (name, w) in all {
            if !w.is_finite() || w < 0.0 {
                return Err(ModelError::Weight(name, w));
            }
        }
        Ok(())
    }
}

/// Where a target (or a garrison) stands, as the rules need it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Stand {
    /// A Character (Rank X): current CP and net RK bonus (+) or penalty (−), §7.5.
    Character {
        /// Current CP.
        cp: u32,
        /// Net RK statics.
        rk: i32,
    },
    /// A permanent with numeric Rank: printed Rank, net RK bonus (raises the Rank, §12.6)
    /// and the Liberation counters it already carries.
    Permanent {
        /// Printed Rank.
        rank: u32,
        /// Net RK statics.
        rk: i32,
        /// Counters from earlier turns.
        counters: u32,
    },
}

impl Stand {
    /// The engine's view of it.
    pub fn standing(self) -> Standing {
        match self {
            Stand::Character { cp, rk } => Standing::Character {
                cp: i64::from(cp),
                net_rk: i64::from(rk),
            },
            Stand::Permanent { rank, rk, counters } => Standing::Other {
                counters,
                effective_rank: i64::from(rank) + i64::from(rk),
            },
        }
    }

    /// Counters (or CP) still needed to destroy it.
    pub fn need(self) -> u32 {
        match self {
            Stand::Character { cp, .. } => cp.max(1),
            Stand::Permanent {
                rank, rk, counters, ..
            } => {
                let eff = i64::from(rank) + i64::from(rk) - i64::from(counters);
                u32::try_from(eff.max(1)).unwrap_or(u32::MAX)
            }
        }
    }

    /// The RK bonus that cancels liberating counters on it (§12.6; Characters only).
    pub fn rk_bonus(self) -> u32 {
        match self {
            Stand::Character { rk, .. } => u32::try_from(rk.max(0)).unwrap_or(0),
            Stand::Permanent { .. } => 0,
        }
    }
}

impl fmt::Display for Stand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stand::Character { cp, rk } => {
                write!(f, "Character, CP {cp}")?;
                if rk != 0 {
                    write!(f, ", {rk:+} RK")?;
                }
                Ok(())
            }
            Stand::Permanent { rank, rk, counters } => {
                write!(f, "Rank {rank}")?;
                if rk != 0 {
                    write!(f, " {rk:+} RK")?;
                }
                if counters != 0 {
                    write!(f, ", {counters} counters already")?;
                }
                Ok(())
            }
        }
    }
}

/// A garrison of a declared target (§12.4, §12.5d): a target in its own right.
#[derive(Clone, PartialEq, Debug)]
pub struct Garrison {
    /// Display name.
    pub name: String,
    /// Where it stands.
    pub stand: Stand,
    /// Its destruction weight, if not the default.
    pub weight: Option<f64>,
}

/// A declared target (§12.3).
#[derive(Clone, PartialEq, Debug)]
pub struct Target {
    /// Display name.
    pub name: String,
    /// Where it stands.
    pub stand: Stand,
    /// Its destruction weight, if not the default.
    pub weight: Option<f64>,
    /// Its garrisons: while any remains, Vox goes to them and none to the target (§12.5d).
    pub garrisons: Vec<Garrison>,
}

/// One Liberation in isolation: the public totals, the targets, the Treasury and weights.
#[derive(Clone, PartialEq, Debug)]
pub struct Matchup {
    /// The liberating player's public Vox total `L` (§12.2).
    pub liberator_vox: u32,
    /// The defending player's public Vox total `D` (§12.4).
    pub defender_vox: u32,
    /// The declared targets.
    pub targets: Vec<Target>,
    /// The liberating player's Treasury, or `None` for one that always pays in full.
    pub treasury: Option<u32>,
    /// The payoff.
    pub weights: Weights,
}

/// A problem with a matchup: it is not a legal Liberation, or the oracle cannot price it.
#[derive(Clone, PartialEq, Debug)]
pub enum ModelError {
    /// No targets (ruling R1).
    NoTargets,
    /// More targets than Vox: every target needs at least 1 (§12.3, §12.5b).
    MoreTargetsThanVox {
        /// Targets declared.
        targets: usize,
        /// The liberating Vox.
        vox: u32,
    },
    /// More slots than the engine allows in one Liberation.
    TooManySlots(usize),
    /// A negative or non-finite weight.
    Weight(&'static str, f64),
    /// The game is too large to enumerate.
    TooLarge {
        /// Liberator strategies.
        splits: u64,
        /// Defender strategies.
        allocations: u64,
    },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::NoTargets => write!(f, "a Liberation needs at least one target"),
            ModelError::MoreTargetsThanVox { targets, vox } => write!(
                f,
                "{targets} targets need at least {targets} Vox, the liberating player has {vox} (§12.3, §12.5b)"
            ),
            ModelError::TooManySlots(n) => write!(
                f,
                "{n} targets and garrisons: one Liberation has at most {}",
                cardc_engine::limits::MAX_SLOTS
            ),
            ModelError::Weight(name, w) => {
                write!(f, "weight `{name}` is {w}: weights are magnitudes, at least 0")
            }
            ModelError::TooLarge { splits, allocations } => write!(
                f,
                "the game has {splits} splits × {allocations} allocations, more than the oracle enumerates; use fewer targets or less Vox"
            ),
        }
    }
}

impl std::error::Error for ModelError {}

/// One place Vox can be assigned: a target without garrisons, or a garrison.
#[derive(Clone, PartialEq, Debug)]
pub struct Slot {
    /// Display name (`Pier Nine`, or `Bastion Wardens (garrison of Pier Nine)`).
    pub name: String,
    /// The index of the declared target it belongs to.
    pub target: usize,
    /// Whether it is a garrison.
    pub garrison: bool,
    /// Where it stands.
    pub stand: Stand,
    /// Its destruction weight.
    pub weight: f64,
}

/// A matchup made ready to play: its slots, checked.
#[derive(Clone, PartialEq, Debug)]
pub struct Game {
    /// The matchup.
    pub matchup: Matchup,
    /// The slots, in target order (a garrisoned target contributes its garrisons).
    pub slots: Vec<Slot>,
}

/// Everything one pair of moves leads to, per slot and in total.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Outcome {
    /// Per slot, the engine's arithmetic.
    pub slots: Vec<SlotResult>,
    /// Currency paid.
    pub paid: u32,
    /// Whether the Treasury fell short (1 Story Point awarded).
    pub shortfall: bool,
    /// The payoff to the liberating player.
    pub payoff: f64,
}

impl Game {
    /// Checks the matchup and lays out its slots.
    pub fn new(matchup: Matchup) -> Result<Game, ModelError> {
        matchup.weights.validate()?;
        if matchup.targets.is_empty() {
            return Err(ModelError::NoTargets);
        }
        if matchup.targets.len() as u64 > u64::from(matchup.liberator_vox) {
            return Err(ModelError::MoreTargetsThanVox {
                targets: matchup.targets.len(),
                vox: matchup.liberator_vox,
            });
        }
        for t in &matchup.targets {
            for w in t
                .weight
                .iter()
                .chain(t.garrisons.iter().filter_map(|g| g.weight.as_ref()))
            {
                if !w.is_finite() || *w < 0.0 {
                    return Err(ModelError::Weight("target weight", *w));
                }
            }
        }
        let default = matchup.weights.destroyed;
        let mut slots = Vec::new();
        for (i, t) in matchup.targets.iter().enumerate() {
            if t.garrisons.is_empty() {
                slots.push(Slot {
                    name: t.name.clone(),
                    target: i,
                    garrison: false,
                    stand: t.stand,
                    weight: t.weight.unwrap_or(default),
                });
            }
            for g in &t.garrisons {
                slots.push(Slot {
                    name: format!("{} (garrison of {})", g.name, t.name),
                    target: i,
                    garrison: true,
                    stand: g.stand,
                    weight: g.weight.unwrap_or(default),
                });
            }
        }
        if slots.len() > cardc_engine::limits::MAX_SLOTS {
            return Err(ModelError::TooManySlots(slots.len()));
        }
        Ok(Game { matchup, slots })
    }

    /// `L`.
    pub fn l(&self) -> u32 {
        self.matchup.liberator_vox
    }

    /// `D`.
    pub fn d(&self) -> u32 {
        self.matchup.defender_vox
    }

    /// The number of declared targets.
    pub fn targets(&self) -> usize {
        self.matchup.targets.len()
    }

    /// Whether the liberator's payoff never decreases when they commit more Vox: true when
    /// cancelled Vox costs nothing (no Currency weight, and no Story Point that a shortfall
    /// could award). Then splits that leave Vox unspent are weakly dominated.
    pub fn more_vox_never_hurts(&self) -> bool {
        let w = self.matchup.weights;
        w.currency == 0.0 && (w.story == 0.0 || self.matchup.treasury.is_none())
    }

    /// The outcome of the liberating `split` against the defending `allocation` (one entry
    /// per slot each), computed by the engine's §12.6–§12.8 arithmetic, with `buf` as scratch.
    pub fn evaluate(&self, split: &[u32], allocation: &[u32], buf: &mut Vec<SlotInput>) -> Outcome {
        let mut results = Vec::with_capacity(self.slots.len());
        let payment = self.settle(split, allocation, buf, &mut results);
        let payoff = self.weigh(&results, payment.paid, payment.shortfall);
        Outcome {
            slots: results,
            paid: payment.paid,
            shortfall: payment.shortfall,
            payoff,
        }
    }

    /// The payoff alone, reusing both buffers (the hot path of the matrix).
    pub fn payoff(
        &self,
        split: &[u32],
        allocation: &[u32],
        buf: &mut Vec<SlotInput>,
        results: &mut Vec<SlotResult>,
    ) -> f64 {
        let p = self.settle(split, allocation, buf, results);
        self.weigh(results, p.paid, p.shortfall)
    }

    fn settle(
        &self,
        split: &[u32],
        allocation: &[u32],
        buf: &mut Vec<SlotInput>,
        results: &mut Vec<SlotResult>,
    ) -> cardc_engine::Payment {
        buf.clear();
        for (i, s) in self.slots.iter().enumerate() {
            buf.push(SlotInput {
                standing: s.stand.standing(),
                assigned: split.get(i).copied().unwrap_or(0),
                defended: allocation.get(i).copied().unwrap_or(0),
            });
        }
        arith::settle(buf, self.matchup.treasury.unwrap_or(u32::MAX), results)
    }

    fn weigh(&self, results: &[SlotResult], paid: u32, shortfall: bool) -> f64 {
        let w = self.matchup.weights;
        let mut v = 0.0;
        for (s, r) in self.slots.iter().zip(results) {
            if r.destroyed {
                v += s.weight;
            }
            match s.stand {
                Stand::Character { .. } => v += w.cp * f64::from(r.cp_removed),
                Stand::Permanent { .. } => {
                    let need = s.stand.need();
                    v += w.counter * f64::from(r.cancellation.landed.min(need)) / f64::from(need)
                }
            }
        }
        v -= w.currency * f64::from(paid);
        if shortfall {
            v -= w.story;
        }
        v
    }
}
