//! Benchmarks: HTML render time for the sample set and for 1,000 synthetic cards, and
//! (when Chromium is installed) PDF time for the sample set.
//!
//! `cargo bench -p cardc-sheets`; results are recorded in docs/performance.md.

use cardc_sheets::{print_pdf, render_html, write_atomically, SheetOptions};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

#[path = "../tests/support/mod.rs"]
mod support;

fn options() -> SheetOptions {
    SheetOptions {
        date: "2026-01-01".to_owned(),
        ..SheetOptions::default()
    }
}

fn html(c: &mut Criterion) {
    let (sample, sources) = support::sample();
    let big = support::synthetic(1000);
    let opts = options();
    c.bench_function("html/sample (10 cards)", |b| {
        b.iter(|| render_html(black_box(&sample), Some(&sources), &opts).map(|f| f.len()))
    });
    let mut group = c.benchmark_group("html");
    group.sample_size(10);
    group.bench_function("1000 cards", |b| {
        b.iter(|| render_html(black_box(&big), None, &opts).map(|f| f.len()))
    });
    group.finish();
}

fn pdf(c: &mut Criterion) {
    if cardc_sheets::chromium().is_err() {
        eprintln!("pdf benchmark skipped: Chromium is not installed");
        return;
    }
    let (sample, sources) = support::sample();
    let Ok(dir) = tempfile::tempdir() else { return };
    let Ok(files) = render_html(&sample, Some(&sources), &options()) else {
        return;
    };
    if write_atomically(dir.path(), &files).is_err() {
        return;
    }
    let html = dir.path().join("sheet.html");
    let pdf = dir.path().join("sheet.pdf");
    let mut group = c.benchmark_group("pdf");
    group.sample_size(10);
    group.bench_function("sample (10 cards)", |b| b.iter(|| print_pdf(&html, &pdf)));
    let big = support::synthetic(200);
    let Ok(dir200) = tempfile::tempdir() else {
        return;
    };
    if let Ok(files) = render_html(&big, None, &options()) {
        if write_atomically(dir200.path(), &files).is_ok() {
            let html = dir200.path().join("sheet.html");
            let pdf = dir200.path().join("sheet.pdf");
            group.bench_function("200 cards", |b| b.iter(|| print_pdf(&html, &pdf)));
        }
    }
    group.finish();
}

/// Per-card print-shop PNGs at 300 dpi: render, print to PDF, rasterise every face.
fn card_files(c: &mut Criterion) {
    if cardc_sheets::chromium().is_err() {
        eprintln!("card-file benchmark skipped: Chromium is not installed");
        return;
    }
    let (sample, sources) = support::sample();
    let opts = options();
    let mut group = c.benchmark_group("card files");
    group.sample_size(10);
    group.bench_function("sample (10 cards), 300 dpi", |b| {
        b.iter(|| {
            let dir = tempfile::tempdir().ok()?;
            cardc_sheets::shop::write_card_files(
                &sample,
                Some(&sources),
                &opts,
                300,
                false,
                dir.path(),
            )
            .ok()
            .map(|f| f.len())
        })
    });
    group.finish();
}

criterion_group!(benches, html, pdf, card_files);
criterion_main!(benches);
