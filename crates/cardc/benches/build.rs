//! `cardc build` proportional to the edit: a build with nothing changed against
//! `cardc check` (the same compile), a build after editing one card, the same without
//! the generation cache (every card generated and formatted, as before the cache), and
//! what the one flush per transaction costs against no flush at all.
//!
//! `cargo bench -p cardc --bench build`
//! (`-- 1000` or `-- 10000` for one set size.)

use cardc::{compile, Compilation, Input};
use cardc_codegen::{Durability, Options};
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use std::path::Path;

fn inputs(text: &str) -> Vec<Input> {
    vec![Input::new("cards/synth.card", text.as_bytes().to_vec())]
}

/// `text` with the first card's cost changed.
fn edited(text: &str) -> String {
    let header = "\"Synthetic Unit 0\" {\n    cost ";
    let at = text.find(header).map_or(0, |i| i + header.len());
    let end = at + text[at..].find('\n').unwrap_or(0);
    format!("{}12{}", &text[..at], &text[end..])
}

/// What `cardc build` does after loading: compile, then generate through the cache
/// and write.
fn build(inputs: &[Input], out: &Path, durability: Durability) -> Compilation {
    let compilation = compile(inputs.to_vec());
    let built = cardc::builder::build_with(&compilation, &Options::default(), out, durability);
    assert!(built.is_ok(), "{built:?}");
    compilation
}

/// `cardc build` before the cache: every card generated and formatted, then written.
fn build_uncached(inputs: &[Input], out: &Path) -> Compilation {
    let compilation = compile(inputs.to_vec());
    let files = cardc_codegen::generate(&compilation.set);
    assert!(cardc_codegen::write(out, &files).is_ok());
    compilation
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("build");
    g.sample_size(10);
    for count in [1_000, 10_000] {
        let text = cardc_codegen::synth::cards(count, 1);
        let (original, edit) = (inputs(&text), inputs(&edited(&text)));
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
        let out = dir.path().join("gen");
        build(&original, &out, Durability::Flush);

        g.bench_function(BenchmarkId::new("check", count), |b| {
            b.iter(|| compile(original.clone()))
        });
        g.bench_function(BenchmarkId::new("no-change", count), |b| {
            b.iter(|| build(&original, &out, Durability::Flush))
        });
        g.bench_function(BenchmarkId::new("no-change, no cache", count), |b| {
            b.iter(|| build_uncached(&original, &out))
        });
        for (name, durability) in [
            ("one edit", Durability::Flush),
            ("one edit, no flush", Durability::None),
        ] {
            let mut flip = false;
            g.bench_function(BenchmarkId::new(name, count), |b| {
                b.iter(|| {
                    flip = !flip;
                    build(if flip { &edit } else { &original }, &out, durability)
                })
            });
        }
        let mut flip = false;
        g.bench_function(BenchmarkId::new("one edit, no cache", count), |b| {
            b.iter(|| {
                flip = !flip;
                build_uncached(if flip { &edit } else { &original }, &out)
            })
        });
        // Every file written: a build into an empty folder, its modules from the cache,
        // with the one flush and without it.
        let cache = out.join(cardc_codegen::cache::DIR);
        for (name, durability) in [
            ("all written", Durability::Flush),
            ("all written, no flush", Durability::None),
        ] {
            g.bench_function(BenchmarkId::new(name, count), |b| {
                b.iter_batched(
                    || {
                        let fresh = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
                        let copy = fresh.path().join(cardc_codegen::cache::DIR);
                        std::fs::create_dir_all(&copy).unwrap_or_else(|e| panic!("{e}"));
                        for e in std::fs::read_dir(&cache).into_iter().flatten().flatten() {
                            let _ = std::fs::hard_link(e.path(), copy.join(e.file_name()));
                        }
                        fresh
                    },
                    |fresh| {
                        build(&original, fresh.path(), durability);
                        fresh
                    },
                    BatchSize::PerIteration,
                )
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
