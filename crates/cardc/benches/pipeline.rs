//! The front end and the checker: parse + lower + check (`cardc::compile`) over the
//! card set and over synthetic sets of 1,000 and 10,000 cards, to show the cost grows
//! linearly with the number of cards; and the formatter over the card set.
//!
//! Paired with each synthetic compile, in the same run and straight after it: serde_json
//! reading compact JSON of the very IR that compile produced (`json/synthetic/N`), the
//! data-format yardstick of the front end's speed. `CARDC_BENCH_100K=1` adds the
//! 100,000-card set to both groups (to show linearity; each compile of it takes seconds).
//!
//! `compile_one_thread` is the same compile on one thread (`cardc::compile_with(…, 1)`): by
//! default a file's cards are parsed and lowered on every thread of the machine.
//!
//! `cargo bench -p cardc --bench pipeline`

use cardc::{compile, compile_with, Input};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::path::Path;

fn sample() -> Vec<Input> {
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cards");
    cardc::load(&[cards]).unwrap_or_default()
}

fn synthetic(count: usize) -> Vec<Input> {
    let text = cardc_codegen::synth::cards(count, 1);
    vec![Input {
        name: format!("synth-{count}.card"),
        bytes: text.into_bytes(),
    }]
}

/// Fixes the two sizes glibc's allocator otherwise moves as a process frees large blocks: the
/// size above which a block is mapped on its own (each later block that size then costs
/// fresh pages) and the free memory kept at the heap's end before it is given back. Moved,
/// they made a benchmark's time depend on the benchmarks before it in the process: serde_json
/// read the 1,000-card JSON in 10.9 ms as the first benchmark of a run and in 8.1 ms after
/// the one-thread compiles. Fixed, every benchmark of this binary runs in the same steady
/// state (docs/performance.md, "The yardstick's allocator").
fn steady_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` sets two tuning parameters of the allocator; it is called before
    // the benchmarks start, and any value it refuses leaves the default in place.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
    }
}

fn pipeline(c: &mut Criterion) {
    steady_allocator();
    let mut sets = vec![
        ("sample", sample()),
        ("synthetic", synthetic(1_000)),
        ("synthetic", synthetic(10_000)),
    ];
    if std::env::var_os("CARDC_BENCH_100K").is_some() {
        sets.push(("synthetic", synthetic(100_000)));
    }
    let mut one_thread = Vec::new();
    for (name, inputs) in sets {
        let compiled = compile(inputs.clone());
        let cards = compiled.set.cards.len();
        assert!(cards > 0, "{name}: no cards compiled");
        assert!(!compiled.has_errors(), "{name}: the set has errors");
        // The compact JSON of a synthetic set's IR, as `serde_json::to_vec` writes it.
        let json = (name == "synthetic")
            .then(|| serde_json::to_vec(&compiled.set).expect("the IR serialises"));
        drop(compiled);
        let mut group = c.benchmark_group("compile");
        group.throughput(Throughput::Elements(cards as u64));
        group.bench_with_input(BenchmarkId::new(name, cards), &inputs, |b, inputs| {
            b.iter(|| compile(inputs.clone()));
        });
        group.finish();
        let Some(bytes) = json else { continue };
        // The yardstick is measured straight after the compile it is compared with, so
        // the machine's load drifts as little as it can between the two.
        let back = serde_json::from_slice::<cardc_ir::CardSet>(&bytes).map(|s| s.cards.len());
        assert_eq!(back.expect("the IR reads back"), cards);
        let mut group = c.benchmark_group("json");
        group.throughput(Throughput::Elements(cards as u64));
        group.bench_with_input(BenchmarkId::new(name, cards), &bytes, |b, bytes| {
            b.iter(|| serde_json::from_slice::<cardc_ir::CardSet>(bytes).map(|s| s.cards.len()));
        });
        group.finish();
        one_thread.push((cards, inputs));
    }

    let mut group = c.benchmark_group("compile_one_thread");
    for (cards, inputs) in &one_thread {
        group.throughput(Throughput::Elements(*cards as u64));
        group.bench_with_input(BenchmarkId::new("synthetic", cards), inputs, |b, inputs| {
            b.iter(|| compile_with(inputs.clone(), 1));
        });
    }
    group.finish();

    let sources: Vec<(String, String)> = sample()
        .into_iter()
        .map(|i| (i.name, String::from_utf8(i.bytes).unwrap_or_default()))
        .collect();
    c.bench_function("fmt/sample", |b| {
        b.iter(|| {
            for (name, src) in &sources {
                let _ = cardc::fmt::format_source(name, src);
            }
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = pipeline
}
criterion_main!(benches);
