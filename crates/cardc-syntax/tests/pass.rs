//! Every file in `tests/cards/pass/` (and the card set in `cards/`) parses with no
//! diagnostics, and so do the examples of the language sketch.

mod common;

use cardc_diagnostics::FileId;
use common::{card_files, parse_and_render, repo_root};

fn assert_clean(path: &std::path::Path) -> cardc_syntax::SourceFile {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let (ast, diags, rendered) = parse_and_render(&name, &bytes);
    assert!(diags.is_empty(), "{name} should parse cleanly:\n{rendered}");
    ast
}

#[test]
fn pass_fixtures_parse_without_diagnostics() {
    let files = card_files(&repo_root().join("tests/cards/pass"), "");
    assert!(!files.is_empty(), "no files in tests/cards/pass");
    for f in files {
        let ast = assert_clean(&f);
        assert!(!ast.cards.is_empty(), "{} has no cards", f.display());
    }
}

#[test]
fn card_set_parses_without_diagnostics() {
    for f in card_files(&repo_root().join("cards"), "") {
        assert_clean(&f);
    }
}

/// The sketch's ```card blocks, copied verbatim into `tests/sketch/`; when the sketch
/// itself is reachable (beside the repository), its blocks are checked too.
#[test]
fn sketch_examples_parse_without_diagnostics() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sketch");
    let files = card_files(&dir, "");
    assert_eq!(files.len(), 3, "the three sketch examples");
    let mut cards = 0;
    for f in &files {
        cards += assert_clean(f).cards.len();
    }
    assert_eq!(cards, 10, "the sketch has 10 cards");

    for sketch in [repo_root().join("../shared/design/card-language.md")] {
        let Ok(md) = std::fs::read_to_string(&sketch) else {
            continue;
        };
        for (i, block) in md.split("```card\n").skip(1).enumerate() {
            let block = block.split("```").next().unwrap_or("");
            let (_, diags) = cardc_syntax::parse(FileId(0), block);
            assert!(
                diags.is_empty(),
                "{} block {i}: {diags:?}",
                sketch.display()
            );
        }
        break;
    }
}

/// The examples of `docs/language.md` parse: its ```card blocks, and every example
/// sentence (a backticked sentence ending in `.`) of "Rules text grammar".
#[test]
fn language_doc_examples_parse() {
    let path = repo_root().join("docs/language.md");
    let md = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut blocks = 0;
    for block in md.split("```card\n").skip(1) {
        let block = block.split("```").next().unwrap_or("");
        let (_, diags) = cardc_syntax::parse(FileId(0), block);
        assert!(
            diags.is_empty(),
            "docs/language.md block:\n{block}\n{diags:?}"
        );
        blocks += 1;
    }
    assert!(blocks >= 5, "found {blocks} card blocks");

    let rules = md.split("## Rules text grammar").nth(1).unwrap_or("");
    let mut sentences = 0;
    for (i, piece) in rules.split('`').enumerate() {
        let s = piece.trim();
        let starts = s
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_uppercase() || c == '+' || c == '-');
        if i % 2 == 1 && s.ends_with('.') && starts && s.len() > 2 && !s.contains('<') {
            let card = format!("maneuver \"Doc\" {{ text {{ {s} }} }}");
            let (ast, diags) = cardc_syntax::parse(FileId(0), &card);
            assert!(
                diags.is_empty(),
                "docs/language.md sentence `{s}`: {diags:?}"
            );
            let cardc_syntax::Item::Text(t) = &ast.cards[0].items[0] else {
                panic!("a text block")
            };
            assert_eq!(t.sentences.len(), 1, "`{s}` is one sentence");
            sentences += 1;
        }
    }
    assert!(sentences >= 40, "found {sentences} example sentences");
}
