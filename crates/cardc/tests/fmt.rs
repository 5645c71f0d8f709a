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
