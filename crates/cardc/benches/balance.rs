//! Criterion benchmark of `cardc balance --set`: the standard battery over the sample set
//! (`cards/`), from the checked IR to every card's marginal value. Figures:
//! `docs/performance.md`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::PathBuf;

fn bench(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../cards");
    let inputs = cardc::load(&[root]).expect("cards/ loads");
    let compilation = cardc::compile(inputs);
    assert!(!compilation.has_errors());
    let catalog = cardc_balance::cards::Catalog::from_ir(&compilation.set);
    let mut g = c.benchmark_group("balance");
    g.sample_size(10);
    g.bench_function("set_battery_sample_set", |b| {
        b.iter(|| cardc_balance::battery::run(&catalog).expect("solves"))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
