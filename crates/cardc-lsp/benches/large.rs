//! A 20 MB document (synthetic cards, `cardc_codegen::synth`, seed 7) through the real
//! server and the real cardc pipeline over an in-memory connection:
//!
//! * `didOpen → hover`: the document is opened and a hover on its first frame word is
//!   answered (the compile runs on the worker meanwhile, never in the way);
//! * `didOpen → publishDiagnostics`: the document is opened and its diagnostics arrive
//!   (the whole compile of 20 MB).
//!
//! Each iteration opens the document under a new URI, so every compile is a first one.
//! `cargo bench -p cardc-lsp --bench large`; figures in `docs/performance.md`.

#[path = "../tests/support/mod.rs"]
mod support;

use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::json;
use std::time::Duration;
use support::{uri, Client};

fn document() -> String {
    let sample = cardc_codegen::synth::cards(1_000, 7);
    let count = (20 << 20) / (sample.len() / 1_000) + 1_000;
    let mut out = cardc_codegen::synth::cards(count, 7);
    out.push_str("maneuver \"Edited\" {\n    cost 1\n    speed slow\n    text {\n        Ready \"Nowhere At All\".\n    }\n}\n");
    out
}

fn bench(c: &mut Criterion) {
    let text = document();
    let mut group = c.benchmark_group("20 MB document");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let cards = dir.path().join("cards");
    std::fs::create_dir(&cards).unwrap_or_else(|e| panic!("{e}"));
    let mut client = Client::start(Some(dir.path()));
    let mut n = 0;
    group.bench_function("didOpen → hover", |b| {
        b.iter(|| {
            n += 1;
            let doc = uri(&cards.join(format!("hover{n}.card")));
            client.open(&doc, &text);
            let r = client.request(
                "textDocument/hover",
                json!({ "textDocument": { "uri": doc.as_str() },
                        "position": { "line": 2, "character": 2 } }),
            );
            assert!(r.error.is_none());
            client.close(&doc);
        });
    });
    let _ = client.shutdown();
    // Diagnostics: a set of its own per document (no workspace folder).
    let mut client = Client::start(None);
    group.bench_function("didOpen → publishDiagnostics", |b| {
        b.iter(|| {
            n += 1;
            let doc = support::parse_uri(&format!("untitled:large{n}"));
            client.open(&doc, &text);
            let published = client.published_within(&doc, Duration::from_secs(600));
            assert!(!published.diagnostics.is_empty());
            client.close(&doc);
            let _ = client.published_within(&doc, Duration::from_secs(600));
        });
    });
    let _ = client.shutdown();
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
