//! The front end and the checker: parse + lower + check (`cardc::compile`) over the
//! card set and over synthetic sets of 1,000 and 10,000 cards, to show the cost grows
//! linearly with the number of cards; and the formatter over the card set.
//!
//! `cargo bench -p cardc --bench pipeline`

use cardc::{compile, Input};
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

fn pipeline(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    let sets = [
        ("sample", sample()),
        ("synthetic", synthetic(1_000)),
        ("synthetic", synthetic(10_000)),
    ];
    for (name, inputs) in sets {
        let cards = compile(inputs.clone()).set.cards.len();
        assert!(cards > 0, "{name}: no cards compiled");
        group.throughput(Throughput::Elements(cards as u64));
        group.bench_with_input(BenchmarkId::new(name, cards), &inputs, |b, inputs| {
            b.iter(|| compile(inputs.clone()));
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
