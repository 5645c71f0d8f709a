//! The arithmetic of a Liberation as pure functions: §12.6 cancellation, §12.7 payment and
//! §12.8 resolution, on plain numbers.
//!
//! The engine's own steps call these — [`Game::reveal`](crate::Game::reveal) cancels each slot
//! with [`cancel`], [`Game::pay`](crate::Game::pay) settles with [`payment`], the continuous
//! check (§12.8) destroys with [`counters_destroy`] and CP loss with [`cp_destroys`] — and
//! [`settle`] composes them for one Liberation in isolation, which is what the balance oracle
//! (`cardc-balance`) evaluates for every pair of moves. One code path, so the oracle and the
//! rules cannot disagree; `tests/s12_arith.rs` checks [`settle`] against full engine runs.
//!
//! [`settle`] knows the arithmetic only: it does not see replacement effects (§18.37 The Show
//! Trial, a card that pays instead), triggered abilities, or Fast Maneuvers played in the
//! windows; callers that need them run the engine.

use super::Payment;

/// What a slot is, for cancellation (§12.6) — a declared target without garrisons, or a
/// garrison (§12.5d).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SlotKind {
    /// A Character (Rank X) with the net of its RK statics (§7.5: bonuses and penalties
    /// netted before they apply). A bonus cancels after the defence; a penalty adds if at
    /// least one liberating counter survived the defence.
    Character {
        /// Net RK: `+N` cancels N, `-N` adds N.
        net_rk: i64,
    },
    /// Any other permanent: an RK bonus does not cancel, it raises the Rank (§12.6, §12.8).
    Other,
}

/// One slot's §12.6 result.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cancellation {
    /// Liberating points cancelled one for one by defensive counters.
    pub cancelled_by_defence: u32,
    /// Liberating points a Character's net RK bonus cancelled (paid for, §12.7).
    pub cancelled_by_rk: u32,
    /// Counters a Character's net RK penalty added.
    pub added_by_rk: u32,
    /// Counters that land at Step 7.
    pub landed: u32,
}

impl Cancellation {
    /// Liberating points cancelled, by defence and by RK: what Step 6 charges for.
    pub fn cancelled(&self) -> u32 {
        self.cancelled_by_defence + self.cancelled_by_rk
    }
}

/// §12.6 on one slot: `assigned` liberating Vox against `defended` defensive counters.
///
/// Counters cancel one for one and excess defence is discarded. On a Character a net RK
/// bonus then cancels that many more (once per Liberation), and a net RK penalty adds that
/// many if at least one liberating counter survived the defence: counters placed =
/// liberating − defending − RK bonuses (§7.5).
pub fn cancel(assigned: u32, defended: u32, kind: SlotKind) -> Cancellation {
    let by_defence = assigned.min(defended);
    let mut survived = assigned - by_defence;
    let (mut by_rk, mut added) = (0, 0);
    if let SlotKind::Character { net_rk } = kind {
        if net_rk > 0 {
            by_rk = survived.min(u32::try_from(net_rk).unwrap_or(u32::MAX));
            survived -= by_rk;
        } else if net_rk < 0 && survived >= 1 {
            added = u32::try_from(net_rk.unsigned_abs()).unwrap_or(u32::MAX);
        }
    }
    Cancellation {
        cancelled_by_defence: by_defence,
        cancelled_by_rk: by_rk,
        added_by_rk: added,
        landed: survived.saturating_add(added),
    }
}

/// §12.7: the liberating player owes 1 Currency per cancelled point and pays what the
/// Treasury allows; a shortfall (owing more than the Treasury, ruling R6) empties it and
/// awards 1 Story Point.
pub fn payment(owed: u32, treasury: u32) -> Payment {
    Payment {
        owed,
        paid: owed.min(treasury),
        shortfall: owed > treasury,
    }
}

/// §12.8: whether `counters` Liberation counters destroy a non-Character of effective Rank
/// `effective_rank` (printed Rank + net RK statics, ruling R14): at least its Rank, and at
/// least 1 ("a permanent of Rank 0 is never destroyed by a Liberation that placed no
/// counters on it").
pub fn counters_destroy(counters: u32, effective_rank: i64) -> bool {
    counters >= 1 && i64::from(counters) >= effective_rank
}

/// §7.3: a Character whose CP reaches zero or less is destroyed.
pub fn cp_destroys(cp: i64) -> bool {
    cp <= 0
}

/// What a slot stands at before Step 7, for [`settle`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Standing {
    /// A Character with its current CP and net RK (§7.5).
    Character {
        /// Current CP.
        cp: i64,
        /// Net RK statics.
        net_rk: i64,
    },
    /// A non-Character with the Liberation counters it already carries and its effective
    /// Rank (printed + net RK statics).
    Other {
        /// Counters already on it (from earlier turns, §12.6 "persist across turns").
        counters: u32,
        /// Printed Rank + net RK statics.
        effective_rank: i64,
    },
}

impl Standing {
    /// The slot kind cancellation needs.
    pub fn kind(self) -> SlotKind {
        match self {
            Standing::Character { net_rk, .. } => SlotKind::Character { net_rk },
            Standing::Other { .. } => SlotKind::Other,
        }
    }
}

/// One slot of a Liberation in isolation, for [`settle`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SlotInput {
    /// Where the slot stands.
    pub standing: Standing,
    /// Liberating Vox assigned to it.
    pub assigned: u32,
    /// Defensive counters placed on it.
    pub defended: u32,
}

/// One slot's result of Steps 5–7.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SlotResult {
    /// §12.6.
    pub cancellation: Cancellation,
    /// CP the Character loses (never more than it had above 0: CP removed, not overkill).
    pub cp_removed: u32,
    /// Liberation counters on a non-Character after Step 7 (0 once destroyed: destruction
    /// clears them, §11.7 as modelled).
    pub counters_after: u32,
    /// Whether Step 7 destroys it.
    pub destroyed: bool,
}

/// §12.8 on one slot: `landed` counters on a slot standing at `standing`.
pub fn resolve(standing: Standing, landed: u32) -> SlotResult {
    match standing {
        Standing::Character { cp, .. } => {
            let after = cp - i64::from(landed);
            let removed = i64::from(landed).min(cp.max(0));
            SlotResult {
                cancellation: Cancellation::default(),
                cp_removed: u32::try_from(removed).unwrap_or(0),
                counters_after: 0,
                destroyed: landed > 0 && cp_destroys(after),
            }
        }
        Standing::Other {
            counters,
            effective_rank,
        } => {
            let total = counters.saturating_add(landed);
            let destroyed = landed > 0 && counters_destroy(total, effective_rank);
            SlotResult {
                cancellation: Cancellation::default(),
                cp_removed: 0,
                counters_after: if destroyed { 0 } else { total },
                destroyed,
            }
        }
    }
}

/// Steps 5–7 of one Liberation in isolation: cancel every slot (§12.6), pay (§12.7) from
/// `treasury`, resolve (§12.8). Writes one [`SlotResult`] per input into `out` (cleared
/// first) and returns the payment. Allocation-free once `out` has capacity.
pub fn settle(slots: &[SlotInput], treasury: u32, out: &mut Vec<SlotResult>) -> Payment {
    out.clear();
    let mut owed = 0u32;
    for s in slots {
        let c = cancel(s.assigned, s.defended, s.standing.kind());
        owed = owed.saturating_add(c.cancelled());
        let mut r = resolve(s.standing, c.landed);
        r.cancellation = c;
        out.push(r);
    }
    payment(owed, treasury)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s12_6_rk_bonus_cancels_after_defence_and_penalty_needs_a_survivor() {
        let c = cancel(5, 2, SlotKind::Character { net_rk: 2 });
        assert_eq!(
            (c.cancelled_by_defence, c.cancelled_by_rk, c.landed),
            (2, 2, 1)
        );
        let c = cancel(2, 2, SlotKind::Character { net_rk: -3 });
        assert_eq!((c.added_by_rk, c.landed), (0, 0));
        let c = cancel(3, 2, SlotKind::Character { net_rk: -3 });
        assert_eq!((c.added_by_rk, c.landed), (3, 4));
        let c = cancel(5, 2, SlotKind::Other);
        assert_eq!((c.cancelled(), c.landed), (2, 3));
    }

    #[test]
    fn s12_8_rank_zero_needs_a_counter() {
        assert!(!counters_destroy(0, 0));
        assert!(counters_destroy(1, 0));
        assert!(counters_destroy(3, 3));
        assert!(!counters_destroy(2, 3));
    }

    #[test]
    fn s12_7_shortfall_only_when_owing_more_than_the_treasury() {
        assert!(!payment(3, 3).shortfall);
        assert_eq!(payment(4, 3).paid, 3);
        assert!(payment(1, 0).shortfall);
        assert!(!payment(0, 0).shortfall);
    }
}
