//! Property tests over random Liberations (§12): invariants that hold for every input.

mod common;

use cardc_engine::harness::Board;
use cardc_engine::*;
use common::*;
use proptest::prelude::*;

const UNITS: [&TestCard; 5] = [&ENVOY, &SPEAKER, &ORATOR, &AGITATORS, &FORTIFIED_UNIT];
const TARGETS: [&TestCard; 8] = [
    &ENVOY, &STALWART, &WAVERER, &AGITATORS, &FORUM, &CITADEL, &TERAL, &MARTYR,
];

#[derive(Debug, Clone)]
struct Case {
    liberators: Vec<usize>,
    defenders: Vec<usize>,
    targets: Vec<(usize, bool)>, // (card, controlled by the liberator: illegal)
    garrison: bool,
    assign: Vec<u32>,
    defence: Vec<u32>,
    treasury: u32,
    tamper: bool,
}

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(0..UNITS.len(), 1..5),
        prop::collection::vec(0..UNITS.len(), 0..3),
        prop::collection::vec((0..TARGETS.len(), prop::bool::weighted(0.05)), 1..3),
        any::<bool>(),
        prop::collection::vec(prop_oneof![12 => 1u32..4, 1 => Just(0u32), 1 => 4u32..9], 4),
        prop::collection::vec(0u32..4, 4),
        0u32..8,
        prop::bool::weighted(0.1),
    )
        .prop_map(
            |(liberators, defenders, targets, garrison, assign, defence, treasury, tamper)| Case {
                liberators,
                defenders,
                targets,
                garrison,
                assign,
                defence,
                treasury,
                tamper,
            },
        )
}

/// Runs one step; on error, the game must be exactly as before.
fn step<T>(
    g: &mut Game,
    f: impl FnOnce(&mut Game) -> Result<T, LiberationError>,
) -> Result<T, TestCaseError> {
    let before = g.clone();
    match f(g) {
        Ok(v) => Ok(v),
        Err(e) => {
            prop_assert_eq!(&*g, &before, "rejected step changed state: {}", e);
            Err(TestCaseError::reject(e.to_string()))
        }
    }
}

fn run(c: &Case) -> Result<Outcome, TestCaseError> {
    let mut b = Board::new(2);
    let band = b.ground();
    b.treasury(P0, c.treasury).treasury(P1, 5);
    let libs: Vec<_> = c
        .liberators
        .iter()
        .map(|&i| b.put(P0, UNITS[i], band))
        .collect();
    let defs: Vec<_> = c
        .defenders
        .iter()
        .map(|&i| b.put(P1, UNITS[i], band))
        .collect();
    let targets: Vec<_> = c
        .targets
        .iter()
        .map(|&(i, own)| b.put(if own { P0 } else { P1 }, TARGETS[i], band))
        .collect();
    let garrisons: Vec<(PermanentId, PermanentId)> = if c.garrison {
        let host = targets[0];
        vec![(b.put_on(P1, &AGITATORS, host), host)]
    } else {
        vec![]
    };
    let mut g = b.build();
    let treasury_before = g.player(P0).treasury;

    step(&mut g, |g| g.activate_liberators(P0, &libs))?;
    step(&mut g, |g| g.declare_targets(&targets, false))?;
    step(&mut g, |g| g.activate_defenders(&defs, &garrisons))?;
    let slots: Vec<PermanentId> = {
        let lib = g.liberation().unwrap();
        let mut s: Vec<_> = lib.targets().to_vec();
        if let Some(&(gar, host)) = garrisons.first() {
            s.retain(|&t| t != host);
            s.push(gar);
        }
        s
    };
    let pairs: Vec<_> = slots.iter().zip(&c.assign).map(|(&s, &v)| (s, v)).collect();
    let assignment = step(&mut g, |_| Assignment::new(&pairs))?;
    let mut opening = Opening {
        assignment,
        salt: [3; 32],
    };
    // Commit without the local check, as a dishonest peer could; the reveal must catch it.
    step(&mut g, |g| {
        let binding = g.liberation().map(|l| l.binding());
        g.commit_sealed(opening.commitment(&binding.ok_or(LiberationError::NoneInProgress)?))
    })?;
    let dpairs: Vec<_> = slots
        .iter()
        .zip(&c.defence)
        .map(|(&s, &v)| (s, v))
        .collect();
    let defence = step(&mut g, |_| Assignment::new(&dpairs))?;
    step(&mut g, |g| g.allocate_defence(defence))?;
    if c.tamper {
        opening.salt[0] ^= 0xff;
    }
    let revealed = step(&mut g, |g| g.reveal(Some(&opening)))?;
    prop_assert!(!c.tamper, "a tampered opening was accepted");
    if let Revealed::Forfeited(v) = revealed {
        // An authentic opening of an illegal assignment (ruling R11): void, the total Vox owed.
        let total = libs
            .iter()
            .map(|&l| g.permanent(l).map_or(0, |p| p.data().vox))
            .sum::<u32>();
        prop_assert!(matches!(v.cause, VoidCause::IllegalCommitment(_)));
        let forfeit = v.forfeit.ok_or_else(|| TestCaseError::fail("no forfeit"))?;
        prop_assert_eq!(forfeit.owed, total);
        prop_assert_eq!(forfeit.paid, total.min(treasury_before));
        prop_assert_eq!(g.player(P0).treasury, treasury_before - forfeit.paid);
        prop_assert!(
            g.map().all(|p| p.counters == 0),
            "a forfeited Liberation placed counters"
        );
        prop_assert!(!g.liberation_in_progress());
        prop_assert!(g.end_turn().is_ok());
        return Ok(Outcome::Forfeited);
    }
    let lib = *g.liberation().unwrap();
    let revealed = lib.revealed().unwrap().total();
    prop_assert!(
        revealed <= u64::from(lib.total_vox()),
        "revealed sum exceeds the pool"
    );
    let cancelled: u32 = lib.outcome().iter().map(|o| o.cancelled()).sum();
    let pay = step(&mut g, |g| g.pay())?;
    prop_assert_eq!(pay.owed, cancelled, "payment equals cancelled points");
    prop_assert_eq!(pay.paid, cancelled.min(treasury_before));
    prop_assert_eq!(g.player(P0).treasury, treasury_before - pay.paid);
    step(&mut g, |g| g.resolve())?;
    for p in g.map() {
        if p.is_character() {
            prop_assert_eq!(p.counters, 0, "counters on a Character after resolution");
            prop_assert!(p.cp > 0, "a Character on the Map at 0 CP");
        } else if let Some(rank) = g.effective_rank(p.id) {
            prop_assert!(
                p.counters == 0 || i64::from(p.counters) < rank,
                "continuous check missed {:?}",
                p.id
            );
        }
    }
    prop_assert_eq!(g.player(P0).vox_pool, 0);
    prop_assert!(!g.liberation_in_progress());
    Ok(Outcome::Resolved)
}

/// How a random Liberation that was not rejected ended.
enum Outcome {
    Resolved,
    Forfeited,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, max_global_rejects: 100_000, ..ProptestConfig::default() })]

    #[test]
    fn s12_props_random_liberations_keep_the_invariants(c in case()) {
        match run(&c) {
            Err(TestCaseError::Reject(_)) => {} // rejected input: state was checked unchanged
            other => { other?; }
        }
    }

    #[test]
    fn s7_5_props_def_netting(total in 0u32..50, net in -10i64..10) {
        let taken = net_damage(total, net);
        if total == 0 {
            prop_assert_eq!(taken, 0, "a penalty adds only in a combat with damage");
        } else if net >= 0 {
            prop_assert_eq!(taken, total.saturating_sub(net as u32));
        } else {
            prop_assert_eq!(taken, total + net.unsigned_abs() as u32);
        }
    }
}

#[test]
fn s12_props_most_random_liberations_complete() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut done, mut rejected, mut forfeited) = (0, 0, 0);
    for _ in 0..400 {
        let c = case().new_tree(&mut runner).unwrap().current();
        match run(&c) {
            Ok(Outcome::Resolved) => done += 1,
            Ok(Outcome::Forfeited) => forfeited += 1,
            Err(TestCaseError::Reject(_)) => rejected += 1,
            Err(e) => panic!("{e}"),
        }
    }
    assert!(
        done >= 40,
        "only {done} of 400 completed ({rejected} rejected)"
    );
    assert!(
        rejected >= 40,
        "illegal inputs are exercised too ({rejected})"
    );
    assert!(
        forfeited >= 4,
        "illegal sealed assignments reach the reveal and forfeit ({forfeited})"
    );
}
