//! Errors in one round: a designer fixing what `cardc check` reports is clean on the next
//! run. `tests/cards/rounds/seeded.card` holds a dozen mistakes of different kinds, each
//! line marked `# mistake:`; the first run must report a diagnostic on every marked line
//! and on no other, and `seeded.fixed.card` (the same file with each mistake corrected)
//! must check clean. A syntax error in one line therefore hides nothing else of its card,
//! and a misspelt frame word still has its body checked.

mod support;

use std::collections::BTreeSet;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    support::root().join("tests/cards/rounds").join(name)
}

/// The 1-based lines of `path` that hold the primary span of an error.
fn error_lines(path: &PathBuf) -> BTreeSet<usize> {
    let compilation = support::compile(std::slice::from_ref(path));
    compilation
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            compilation
                .sources
                .line_col(d.primary.span.file, d.primary.span.start as usize)
                .line
        })
        .collect()
}

#[test]
fn the_first_run_reports_every_seeded_mistake_and_nothing_else() {
    let path = fixture("seeded.card");
    let text = std::fs::read_to_string(&path).expect("the seeded fixture");
    let marked: BTreeSet<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("# mistake:"))
        .map(|(i, _)| i + 1)
        .collect();
    assert!(marked.len() >= 10, "the fixture lost its mistakes");
    let reported = error_lines(&path);
    let missed: Vec<_> = marked.difference(&reported).collect();
    let extra: Vec<_> = reported.difference(&marked).collect();
    assert!(
        missed.is_empty() && extra.is_empty(),
        "seeded mistakes not reported on lines {missed:?}; unexpected errors on lines {extra:?}"
    );
}

#[test]
fn the_seeded_file_with_its_mistakes_fixed_is_clean() {
    let compilation = support::compile(&[fixture("seeded.fixed.card")]);
    assert_eq!(
        cardc::render::plain(&compilation.sources, &compilation.diagnostics),
        "",
        "the fixed file must check clean, so the seeded file is clean in two runs"
    );
}
