//! `cardc fmt`: canonical layout, idempotent, never drops a comment, never changes a card.
//!
//! `tests/cards/fmt/NAME.card` is formatted and compared with `NAME.formatted`
//! (`UPDATE_EXPECT=1` rewrites the goldens).

mod support;

use cardc::fmt::{format_source, FormatError};

fn comments(src: &str) -> Vec<String> {
    let (file, _) = cardc_syntax::parse(cardc_diagnostics::FileId(0), src);
    let mut texts: Vec<String> = file
        .comments
        .iter()
        .map(|c| c.text.trim_end().to_owned())
        .collect();
    texts.sort();
    texts
}

#[test]
fn formatting_is_idempotent_and_keeps_every_comment_over_the_set() {
    let mut files = support::card_files("cards");
    files.extend(support::card_files("tests/cards/pass"));
    files.extend(support::card_files("tests/cards/fmt"));
    for path in files {
        let src = std::fs::read_to_string(&path).expect("readable");
        let once =
            format_source("a.card", &src).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let twice =
            format_source("a.card", &once).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        assert_eq!(
            once,
            twice,
            "{}: formatting is not idempotent",
            path.display()
        );
        assert_eq!(
            comments(&src),
            comments(&once),
            "{}: a comment changed",
            path.display()
        );
    }
}

#[test]
fn formatted_goldens() {
    for path in support::card_files("tests/cards/fmt") {
        let src = std::fs::read_to_string(&path).expect("readable");
        let actual = format_source("a.card", &src).unwrap_or_else(|e| panic!("{e:?}"));
        let golden = path.with_extension("formatted");
        if support::updating() {
            std::fs::write(&golden, &actual).expect("writable");
            continue;
        }
        let expected = std::fs::read_to_string(&golden).unwrap_or_default();
        assert_eq!(
            expected,
            actual,
            "{} differs from {}",
            path.display(),
            golden.display()
        );
    }
}

#[test]
fn a_file_with_errors_is_not_formatted() {
    let err = format_source("bad.card", "ground_unit \"X\" { cost one }\n");
    match err {
        Err(FormatError::Errors(_, diagnostics)) => {
            assert!(
                diagnostics.iter().any(|d| d.code == "E0055"),
                "{diagnostics:?}"
            );
        }
        other => panic!("expected errors, got {other:?}"),
    }
}

#[test]
fn an_empty_file_and_a_file_of_comments_format_to_themselves() {
    assert_eq!(format_source("a.card", "").ok().as_deref(), Some(""));
    let only = "# one\n# two\n";
    assert_eq!(format_source("a.card", only).ok().as_deref(), Some(only));
}

#[test]
fn every_comment_stays_attached_to_its_item() {
    let mut files = support::card_files("cards");
    files.extend(support::card_files("tests/cards/pass"));
    files.extend(support::card_files("tests/cards/fmt"));
    for path in files {
        let src = std::fs::read_to_string(&path).expect("readable");
        let out = format_source("a.card", &src).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            cardc::fuzz::attachments(&src),
            cardc::fuzz::attachments(&out),
            "{}: a comment moved to another item",
            path.display()
        );
    }
}

#[test]
fn allow_with_two_lints_formats_and_stays_one_line() {
    let src = "ground_unit \"X\" {\n    cost 1\n    rank 2\n    vox 1\n    attack 1\n    def 1\n    allow rank_band, vox_band\n}\n";
    let out = format_source("a.card", src).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(out.matches("allow").count(), 1, "{out}");
    assert!(out.contains("    allow rank_band, vox_band\n"), "{out}");
}

#[test]
fn a_file_with_errors_gets_the_diagnostics_check_gives() {
    for path in support::card_files("tests/cards/fail") {
        let bytes = std::fs::read(&path).expect("readable");
        let Ok(src) = std::str::from_utf8(&bytes) else {
            continue;
        };
        let name = "fixture.card";
        let Err(FormatError::Errors(sources, diagnostics)) = format_source(name, src) else {
            continue;
        };
        let checked = cardc::compile(vec![cardc::Input {
            name: name.to_owned(),
            bytes: bytes.clone(),
        }]);
        assert_eq!(
            cardc::render::plain(&sources, &diagnostics),
            cardc::render::plain(&checked.sources, &checked.diagnostics),
            "{}",
            path.display()
        );
    }
}
