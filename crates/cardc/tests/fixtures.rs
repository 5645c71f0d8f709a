//! Data-driven golden tests over `tests/cards/`.
//!
//! * Every `tests/cards/fail/NAME.card` must report at least one error, and its
//!   diagnostics, rendered exactly as `cardc check` prints them (without colour) plus
//!   the summary line, must equal `tests/cards/fail/NAME.stderr`.
//! * Every `tests/cards/pass/*.card`, and the card set in `cards/`, must be clean:
//!   no error and no warning (notes, such as a rare Vox 3, are allowed).
//!
//! `UPDATE_EXPECT=1 cargo test -p cardc --test fixtures` rewrites the goldens.

mod support;

use std::fmt::Write;

#[test]
fn fail_fixtures_match_their_goldens() {
    let files = support::card_files("tests/cards/fail");
    assert!(!files.is_empty(), "no fixtures found in tests/cards/fail");
    let mut failures = String::new();
    for path in &files {
        let compilation = support::compile(std::slice::from_ref(path));
        let mut actual = cardc::render::plain(&compilation.sources, &compilation.diagnostics);
        actual.push_str(&cardc::render::summary(&compilation));
        actual.push('\n');
        let golden = path.with_extension("stderr");
        if compilation.error_count() == 0 {
            let _ = writeln!(
                failures,
                "{}: a fail fixture reported no error",
                path.display()
            );
        }
        if support::updating() {
            std::fs::write(&golden, &actual)
                .unwrap_or_else(|e| panic!("{}: {e}", golden.display()));
            continue;
        }
        let expected = std::fs::read_to_string(&golden).unwrap_or_default();
        if expected != actual {
            let _ = writeln!(
                failures,
                "{} differs from its golden {}\n--- expected\n{expected}\n--- actual\n{actual}",
                path.display(),
                golden.display()
            );
        }
    }
    assert!(
        failures.is_empty(),
        "{failures}\n(run `UPDATE_EXPECT=1 cargo test -p cardc --test fixtures` to accept)"
    );
}

#[test]
fn pass_fixtures_are_clean() {
    let files = support::card_files("tests/cards/pass");
    assert!(!files.is_empty(), "no fixtures found in tests/cards/pass");
    for path in &files {
        let c = support::compile(std::slice::from_ref(path));
        assert!(
            c.error_count() + c.warning_count() == 0,
            "{} should be clean:\n{}",
            path.display(),
            cardc::render::plain(&c.sources, &c.diagnostics)
        );
    }
}

#[test]
fn the_card_set_is_clean() {
    let files = support::card_files("cards");
    let c = support::compile(&files);
    assert!(
        c.error_count() + c.warning_count() == 0,
        "cards/ should be clean:\n{}",
        cardc::render::plain(&c.sources, &c.diagnostics)
    );
    assert!(
        c.set.cards.len() >= 40,
        "the set has {} cards",
        c.set.cards.len()
    );
}

#[test]
fn every_code_is_explained_and_has_a_failing_fixture() {
    let mut goldens = String::new();
    for path in support::card_files("tests/cards/fail") {
        goldens
            .push_str(&std::fs::read_to_string(path.with_extension("stderr")).unwrap_or_default());
    }
    let mut missing = Vec::new();
    for info in cardc::codes::all() {
        // `E09xx` are internal errors (a bug in cardc, never in a card): no card can show
        // one on purpose. `E0900` is shown by the syntax crate's unit test instead.
        if info.code.starts_with("E09") {
            continue;
        }
        let explained = info.explanation.contains("Wrong") && info.explanation.contains("Right");
        if !explained {
            missing.push(format!(
                "{}: explanation lacks a wrong and a right example",
                info.code
            ));
        }
        if !goldens.contains(&format!("[{}]", info.code)) {
            missing.push(format!("{}: no failing fixture shows it", info.code));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn the_diagnostics_index_lists_every_code() {
    let index = std::fs::read_to_string(support::root().join("docs/diagnostics.md"))
        .expect("docs/diagnostics.md exists");
    let missing: Vec<&str> = cardc::codes::all()
        .into_iter()
        .map(|info| info.code)
        .filter(|code| !index.contains(&format!("| `{code}` |")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/diagnostics.md does not list {missing:?}"
    );
}
