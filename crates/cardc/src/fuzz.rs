//! The properties the fuzz targets (`fuzz/`, cargo-fuzz) check, as plain functions, so
//! that their seed corpus is replayed by `cargo test` on stable
//! (`crates/cardc/tests/fuzz_corpus.rs`) and a crash found on nightly becomes a seed
//! and a test. Each function panics when its property fails, which is what the fuzzer
//! (and the replay test) reports.
//!
//! * [`compile`]: any bytes end in diagnostics, never a panic; every span lies in its
//!   file, and rendering them (human and JSON) works.
//! * [`fmt`]: for any input that compiles clean, the formatter succeeds, is idempotent,
//!   its output compiles to the same IR, and every comment stays attached to the same
//!   item ([`attachments`]).
//! * [`codegen`]: for any input that compiles clean, the generated Rust is the same on
//!   every run and every file parses as Rust.

use crate::{compile as compile_inputs, Compilation, Input};
use cardc_diagnostics::SourceMap;

fn one(data: &[u8]) -> Compilation {
    compile_inputs(vec![Input {
        name: "fuzz.card".to_owned(),
        bytes: data.to_vec(),
    }])
}

/// Any bytes: diagnostics, never a panic.
pub fn compile(data: &[u8]) {
    let c = one(data);
    for d in &c.diagnostics {
        for span in std::iter::once(&d.primary.span).chain(d.secondary.iter().map(|l| &l.span)) {
            let len = c.sources.text(span.file).len();
            assert!(
                span.start <= span.end && span.end as usize <= len,
                "{} has a span outside its file: {span:?}",
                d.code
            );
        }
        let _ = crate::render::json(&c.sources, d);
    }
    let _ = crate::render::plain(&c.sources, &c.diagnostics);
}

/// Clean input: the formatter succeeds, is idempotent, keeps the IR and every comment
/// on its item.
pub fn fmt(data: &[u8]) {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    if one(data).has_errors() {
        return;
    }
    let once = match crate::fmt::format_source("fuzz.card", src) {
        Ok(out) => out,
        Err(e) => panic!("a clean file was not formatted: {e:?}"),
    };
    let twice = match crate::fmt::format_source("fuzz.card", &once) {
        Ok(out) => out,
        Err(e) => panic!("the formatted file was not formatted: {e:?}"),
    };
    assert_eq!(once, twice, "formatting is not idempotent");
    let (before, after) = (one(data), one(once.as_bytes()));
    assert!(!after.has_errors(), "the formatted file has errors");
    assert!(
        before.set.cards == after.set.cards,
        "the formatted file means other cards"
    );
    assert_eq!(
        attachments(src),
        attachments(&once),
        "a comment moved to another item"
    );
}

/// Clean input: deterministic generated Rust that parses.
pub fn codegen(data: &[u8]) {
    let c = one(data);
    let Ok(files) = crate::builder::generate(&c, &cardc_codegen::Options::default()) else {
        return;
    };
    let again = crate::builder::generate(&c, &cardc_codegen::Options::default());
    assert!(
        matches!(&again, Ok(f) if *f == files),
        "code generation is not deterministic"
    );
    for f in &files {
        if let Err(e) = syn::parse_file(&f.contents) {
            panic!("{} does not parse as Rust: {e}", f.path.display());
        }
    }
}

/// Each comment with the item it belongs to, read from positions alone (independently
/// of the formatter's own placement): a comment with an element on its line before it
/// trails the last such element (an element is at its start, a closing brace at its
/// `}`); any other comment leads the first element after it. An element is named by its
/// card and its canonical line (`cardc_ir::print::lines`), so reordering fields does not
/// count as a move, only a change of element does. Sorted.
pub fn attachments(src: &str) -> Vec<(String, String)> {
    let mut sources = SourceMap::new();
    let file = sources.add("a.card", src);
    let (ast, _) = cardc_syntax::parse(file, src);
    let (set, _) = cardc_lower::lower(std::slice::from_ref(&ast), &sources);
    let mut points: Vec<(u32, String)> = Vec::new();
    for (c, card) in set.cards.iter().enumerate() {
        for line in cardc_ir::print::lines(card) {
            let Some(a) = line.anchor else { continue };
            let (at, name) = if line.closes {
                (
                    a.end.saturating_sub(1),
                    format!("card {c}: closing {}", line.depth),
                )
            } else {
                (a.start, format!("card {c}: {}", line.text))
            };
            points.push((at, name));
        }
    }
    points.sort();
    let line_of = |at: u32| sources.line_col(file, at as usize).line;
    let mut out: Vec<(String, String)> = ast
        .comments
        .iter()
        .map(|comment| {
            let start = comment.span.start;
            let i = points.partition_point(|(at, _)| *at < start);
            let item = match i.checked_sub(1).map(|j| &points[j]) {
                Some((at, name)) if line_of(*at) == line_of(start) => format!("after {name}"),
                _ => points
                    .get(i)
                    .map_or_else(|| "end of file".to_owned(), |(_, n)| format!("before {n}")),
            };
            (comment.text.trim_end().to_owned(), item)
        })
        .collect();
    out.sort();
    out
}
