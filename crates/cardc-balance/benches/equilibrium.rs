//! Criterion benchmark of the oracle: one exact equilibrium (matrix, reductions, double
//! oracle LP and Confluence) of the largest games issue 15 asks for — 4 targets, Vox 12 on
//! each side — with four distinct targets (no symmetry to exploit) and four identical ones.
//! Figures and LP sizes: `docs/performance.md`.

use cardc_balance::*;
use criterion::{criterion_group, criterion_main, Criterion};

fn target(name: &str, stand: Stand) -> Target {
    Target {
        name: name.into(),
        stand,
        weight: None,
        garrisons: vec![],
    }
}

fn game(targets: Vec<Target>, l: u32, d: u32) -> Game {
    Game::new(Matchup {
        liberator_vox: l,
        defender_vox: d,
        targets,
        treasury: Some(3),
        weights: Weights::default(),
    })
    .expect("a legal matchup")
}

fn distinct() -> Vec<Target> {
    vec![
        target(
            "Location",
            Stand::Permanent {
                rank: 3,
                rk: 0,
                counters: 0,
            },
        ),
        target(
            "Planet",
            Stand::Permanent {
                rank: 5,
                rk: 1,
                counters: 1,
            },
        ),
        target("Guarded", Stand::Character { cp: 5, rk: 1 }),
        target("Exposed", Stand::Character { cp: 4, rk: -1 }),
    ]
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("equilibrium");
    g.sample_size(10);
    for (name, targets, l, d) in [
        ("4_distinct_targets_L12_D12", distinct(), 12, 12),
        (
            "4_identical_targets_L12_D12",
            vec![
                target(
                    "Location",
                    Stand::Permanent {
                        rank: 6,
                        rk: 0,
                        counters: 0
                    }
                );
                4
            ],
            12,
            12,
        ),
        ("4_distinct_targets_L8_D6", distinct(), 8, 6),
        ("2_targets_L5_D3", distinct()[..2].to_vec(), 5, 3),
    ] {
        let game = game(targets, l, d);
        let sizes = solve(&game).expect("solves").concealed.sizes;
        eprintln!("{name}: {sizes:?}");
        g.bench_function(name, |b| b.iter(|| solve(&game).expect("solves")));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
