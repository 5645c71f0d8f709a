//! `didChange` → `publishDiagnostics` on a set of 1,000 and 10,000 synthetic cards in
//! 100 files (`cardc_codegen::synth`), through the real server and the real cardc
//! pipeline over an in-memory connection: each iteration changes one open file so that
//! its diagnostics change (an unknown card name appears or goes away) and waits for them.
//!
//! `cargo bench -p cardc-lsp --bench didchange`; figures in `docs/performance.md`.

#[path = "../tests/support/mod.rs"]
mod support;

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use support::{uri, Client};

/// `count` synthetic cards split into `files` files below `cards`.
/// Returns the name of the first Character, for the edited card to name.
fn write_set(cards: &Path, count: usize, files: usize) -> String {
    let text = cardc_codegen::synth::cards(count, 11);
    let parts = cardc_codegen::synth::split_cards(&text);
    let per = parts.len().div_ceil(files);
    for (i, chunk) in parts.chunks(per).enumerate() {
        let path = cards.join(format!("set{i:03}.card"));
        std::fs::write(&path, chunk.concat()).unwrap_or_else(|e| panic!("{e}"));
    }
    let at = text
        .find("character \"")
        .unwrap_or_else(|| panic!("no Character"))
        + 11;
    let end = at + text[at..].find('"').unwrap_or_else(|| panic!("no quote"));
    text[at..end].to_owned()
}

/// A Maneuver that readies the card `name`.
fn edited(name: &str) -> String {
    format!("maneuver \"Edited\" {{\n    cost 1\n    speed slow\n    text {{\n        Ready \"{name}\".\n    }}\n}}\n")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("didChange to publishDiagnostics");
    group.sample_size(20);
    for count in [1_000usize, 10_000] {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let cards = dir.path().join("cards");
        std::fs::create_dir(&cards).unwrap_or_else(|e| panic!("{e}"));
        let name = write_set(&cards, count, 100);
        let (good, bad) = (edited(&name), edited(&format!("{name}x")));
        let mut client = Client::start(Some(dir.path()));
        let doc = uri(&cards.join("edited.card"));
        // Opened with an unknown name, so that diagnostics are published at once.
        client.open(&doc, &bad);
        let _ = client.published(&doc);
        let mut version = 1;
        let mut broken = true;
        group.bench_function(format!("{count} cards in 100 files"), |b| {
            b.iter(|| {
                version += 1;
                broken = !broken;
                client.change(&doc, version, if broken { &bad } else { &good });
                let published = client.published(&doc);
                assert_eq!(published.diagnostics.is_empty(), !broken);
            });
        });
        let _ = client.shutdown();
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
