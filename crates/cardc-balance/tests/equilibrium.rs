//! The solver against brute force, known cases and the §12.6 throughput bound.
//!
//! Every equilibrium is checked over the *unreduced* game: every legal split (at least 1 Vox
//! per declared target, §12.5b, ruling R3) and every legal allocation (§12.5b), with no cap,
//! dominance or symmetry, so the reductions are checked too.

use cardc_balance::solve::TOLERANCE;
use cardc_balance::*;
use proptest::prelude::*;

fn vectors(n: usize, max_total: u32, lo: &[u32]) -> Vec<Vec<u32>> {
    fn go(i: usize, left: u32, lo: &[u32], cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if i == cur.len() {
            out.push(cur.clone());
            return;
        }
        for v in lo[i]..=left {
            cur[i] = v;
            go(i + 1, left - v, lo, cur, out);
        }
    }
    let mut out = Vec::new();
    let need: u32 = lo.iter().sum();
    if need <= max_total {
        go(0, max_total, lo, &mut vec![0; n], &mut out);
    }
    out
}

/// Every legal split: each plain target's slot ≥ 1, each garrisoned target's slots total ≥ 1.
fn legal_splits(g: &Game) -> Vec<Vec<u32>> {
    let lo: Vec<u32> = g.slots.iter().map(|s| u32::from(!s.garrison)).collect();
    vectors(g.slots.len(), g.l(), &lo)
        .into_iter()
        .filter(|a| {
            (0..g.targets()).all(|t| {
                g.slots
                    .iter()
                    .zip(a)
                    .filter(|(s, _)| s.target == t)
                    .map(|(_, &v)| v)
                    .sum::<u32>()
                    >= 1
            })
        })
        .collect()
}

fn legal_allocations(g: &Game) -> Vec<Vec<u32>> {
    vectors(g.slots.len(), g.d(), &vec![0; g.slots.len()])
}

fn u(g: &Game, a: &[u32], d: &[u32]) -> f64 {
    g.evaluate(a, d, &mut Vec::new()).payoff
}

/// Checks the equilibrium by brute force and returns the brute-force maximin (Confluence).
fn check(g: &Game) -> (Solution2, f64) {
    let sol = solve(g).expect("solves");
    let eq = &sol.concealed;
    let sum_l: f64 = eq.liberator.iter().map(|p| p.p).sum();
    let sum_d: f64 = eq.defender.iter().map(|p| p.p).sum();
    assert!((sum_l - 1.0).abs() < 1e-9 && (sum_d - 1.0).abs() < 1e-9);
    let splits = legal_splits(g);
    let allocs = legal_allocations(g);
    for p in &eq.liberator {
        assert!(splits.contains(&p.values), "illegal split {:?}", p.values);
    }
    for p in &eq.defender {
        assert!(
            allocs.contains(&p.values),
            "illegal allocation {:?}",
            p.values
        );
    }
    // No pure deviation of the liberator gains more than 1e-9 against the defender's mix…
    for a in &splits {
        let v: f64 = eq.defender.iter().map(|d| d.p * u(g, a, &d.values)).sum();
        assert!(
            v <= eq.value + TOLERANCE,
            "split {a:?} earns {v} > {}",
            eq.value
        );
    }
    // …nor of the defender against the liberator's.
    for d in &allocs {
        let v: f64 = eq.liberator.iter().map(|a| a.p * u(g, &a.values, d)).sum();
        assert!(
            v >= eq.value - TOLERANCE,
            "allocation {d:?} holds to {v} < {}",
            eq.value
        );
    }
    let maximin = splits
        .iter()
        .map(|a| {
            allocs
                .iter()
                .map(|d| u(g, a, d))
                .fold(f64::INFINITY, f64::min)
        })
        .fold(f64::NEG_INFINITY, f64::max);
    assert!(
        (sol.confluence.value - maximin).abs() < 1e-9,
        "Confluence {} vs brute force {maximin}",
        sol.confluence.value
    );
    assert!(
        sol.confluence.value <= eq.value + TOLERANCE,
        "Confluence is never worth more than concealment"
    );
    (sol, maximin)
}

fn perm(name: &str, rank: u32, rk: i32, counters: u32) -> Target {
    Target {
        name: name.into(),
        stand: Stand::Permanent { rank, rk, counters },
        weight: None,
        garrisons: vec![],
    }
}

fn chr(name: &str, cp: u32, rk: i32) -> Target {
    Target {
        name: name.into(),
        stand: Stand::Character { cp, rk },
        weight: None,
        garrisons: vec![],
    }
}

fn game(l: u32, d: u32, targets: Vec<Target>, weights: Weights) -> Game {
    Game::new(Matchup {
        liberator_vox: l,
        defender_vox: d,
        targets,
        treasury: None,
        weights,
    })
    .unwrap()
}

const DESTROY_ONLY: Weights = Weights {
    destroyed: 1.0,
    cp: 0.0,
    counter: 0.0,
    currency: 0.0,
    story: 0.0,
};

#[test]
fn s12_1_matching_pennies_two_rank_two_targets() {
    // L = 3 over two Rank 2 targets, D = 1: the liberator doubles up on one, the defender
    // guesses which. Value 1/2, both uniform; under Confluence the defender always guesses right.
    let g = game(
        3,
        1,
        vec![perm("A", 2, 0, 0), perm("B", 2, 0, 0)],
        DESTROY_ONLY,
    );
    let (sol, _) = check(&g);
    assert!((sol.concealed.value - 0.5).abs() < 1e-9);
    assert_eq!(sol.confluence.value, 0.0);
    for p in &sol.concealed.defender {
        assert!((p.p - 0.5).abs() < 1e-9);
    }
}

#[test]
fn s12_1_symmetric_vox_on_one_target_has_value_zero() {
    // L = D on a single target: the defender matches every point (§12.6 one for one).
    for v in 1..=6 {
        let g = game(
            v,
            v,
            vec![perm("A", 3, 0, 0)],
            Weights {
                currency: 0.0,
                ..Weights::default()
            },
        );
        let (sol, _) = check(&g);
        assert!(
            sol.concealed.value.abs() < 1e-9,
            "L = D = {v}: {}",
            sol.concealed.value
        );
    }
}

#[test]
fn s12_6_one_target_needs_no_concealment() {
    // With one target nothing is hidden: concealed and Confluence values agree.
    let g = game(6, 2, vec![chr("C", 4, 1)], Weights::default());
    let (sol, _) = check(&g);
    assert!((sol.concealed.value - sol.confluence.value).abs() < 1e-9);
}

#[test]
fn s12_5d_garrisons_are_targets_in_their_own_right() {
    let mut t = perm("Pier", 2, 0, 0);
    t.garrisons = vec![
        Garrison {
            name: "Guard".into(),
            stand: Stand::Permanent {
                rank: 2,
                rk: 0,
                counters: 0,
            },
            weight: None,
        },
        Garrison {
            name: "Guard".into(),
            stand: Stand::Permanent {
                rank: 2,
                rk: 0,
                counters: 0,
            },
            weight: None,
        },
    ];
    let g = game(4, 2, vec![t, chr("C", 2, 0)], Weights::default());
    assert_eq!(
        g.slots.len(),
        3,
        "the target's own slot is gone while it has garrisons"
    );
    check(&g);
}

#[test]
fn s12_7_treasury_shortfall_and_story_points_are_priced() {
    let mut m = Matchup {
        liberator_vox: 5,
        defender_vox: 3,
        targets: vec![perm("A", 3, 0, 0), chr("B", 3, 1)],
        treasury: Some(1),
        weights: Weights::default(),
    };
    let (short, _) = check(&Game::new(m.clone()).unwrap());
    m.treasury = None;
    let (rich, _) = check(&Game::new(m).unwrap());
    assert!(
        short.concealed.value <= rich.concealed.value + 1e-9,
        "a shortfall can only cost the liberator"
    );
}

#[test]
fn s12_6_throughput_no_allocation_can_stop() {
    // "Attacker Vox minus defender Vox is throughput no allocation can stop" (§7.9a), less the
    // RK bonuses that cancel too (§12.6). Targets too tall to fall, counters valued, nothing
    // costs: the liberator commits everything and lands at least L − D − ΣRK in expectation.
    let w = Weights {
        destroyed: 0.0,
        cp: 1.0,
        counter: 1.0,
        currency: 0.0,
        story: 0.0,
    };
    for (l, d) in [(6, 2), (7, 3), (8, 1), (5, 5)] {
        let g = game(
            l,
            d,
            vec![perm("A", 20, 0, 0), chr("B", 20, 1), chr("C", 20, 2)],
            w,
        );
        let (sol, _) = check(&g);
        let landed: f64 = sol
            .concealed
            .liberator
            .iter()
            .flat_map(|a| sol.concealed.defender.iter().map(move |dd| (a, dd)))
            .map(|(a, dd)| {
                let o = g.evaluate(&a.values, &dd.values, &mut Vec::new());
                a.p * dd.p
                    * o.slots
                        .iter()
                        .map(|s| f64::from(s.cancellation.landed))
                        .sum::<f64>()
            })
            .sum();
        let floor = f64::from(l) - f64::from(d) - 3.0;
        assert!(landed >= floor - 1e-9, "L={l} D={d}: {landed} < {floor}");
    }
}

fn target_strategy() -> impl Strategy<Value = Target> {
    prop_oneof![
        (1u32..=4, -1i32..=1, 0u32..=1).prop_map(|(r, rk, c)| perm(
            "P",
            r.max(c + 1),
            rk.max(0),
            c
        )),
        (1u32..=4, -2i32..=2).prop_map(|(cp, rk)| chr("C", cp, rk)),
    ]
}

fn weights_strategy() -> impl Strategy<Value = Weights> {
    (0u8..=4, 0u8..=2, 0u8..=2, 0u8..=2, 0u8..=3).prop_map(|(a, b, c, d, e)| Weights {
        destroyed: f64::from(a),
        cp: f64::from(b),
        counter: f64::from(c) / 2.0,
        currency: f64::from(d) / 2.0,
        story: f64::from(e),
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Small random games: the equilibrium survives every pure deviation of the full game,
    /// and Confluence is the brute-force maximin, never above the concealed value.
    #[test]
    fn s12_5_small_games_agree_with_brute_force(
        targets in prop::collection::vec(target_strategy(), 1..=3),
        extra_l in 0u32..=3,
        d in 0u32..=3,
        treasury in prop::option::of(0u32..=3),
        weights in weights_strategy(),
    ) {
        let l = targets.len() as u32 + extra_l;
        let g = Game::new(Matchup { liberator_vox: l, defender_vox: d, targets, treasury, weights }).unwrap();
        check(&g);
    }
}
