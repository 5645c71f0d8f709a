//! Code generation time: the sample set (`cards/`) and 1,000 synthetic cards.
//!
//! `cargo bench -p cardc-codegen --bench codegen`

use cardc_ir::CardSet;
use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;

/// Compiles `(name, source)` files into a set through `cardc::compile`.
fn compile(files: &[(String, Vec<u8>)]) -> CardSet {
    let inputs = files
        .iter()
        .map(|(name, bytes)| cardc::Input::new(name.clone(), bytes.clone()))
        .collect();
    cardc::compile(inputs).set
}

fn sample() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cards");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_else(|_| Vec::new());
    files.retain(|p: &std::path::PathBuf| p.extension().is_some_and(|e| e == "card"));
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = format!(
                "cards/{}",
                p.file_name().unwrap_or_default().to_string_lossy()
            );
            (name, std::fs::read(&p).unwrap_or_default())
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let sample = compile(&sample());
    let synth_src = vec![(
        "synth.card".to_owned(),
        cardc_codegen::synth::cards(1000, 1).into_bytes(),
    )];
    let synth = compile(&synth_src);
    assert_eq!(synth.cards.len(), 1000);
    let mut g = c.benchmark_group("codegen");
    g.sample_size(20);
    g.bench_function("generate/sample-50", |b| {
        b.iter(|| cardc_codegen::generate(&sample))
    });
    g.bench_function("generate/synth-1000", |b| {
        b.iter(|| cardc_codegen::generate(&synth))
    });
    g.bench_function("compile+generate/synth-1000", |b| {
        b.iter(|| cardc_codegen::generate(&compile(&synth_src)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
