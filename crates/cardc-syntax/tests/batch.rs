//! The fold reads runs of whole, clean cards in one parse each (`BATCH` at most); the
//! card-by-card parse reads each card on its own. Both must give the same cards and the same
//! diagnostics, for every fixture (clean and broken) and for all of them in one file, where
//! clean and broken cards alternate and a batch may meet text between cards that is no card.

mod common;

use cardc_diagnostics::FileId;
use common::repo_root;

/// Every `.card` file under `dir`, recursively, sorted.
fn all_card_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for path in std::fs::read_dir(&d)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
        {
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "card") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn same_as_card_by_card(name: &str, src: &str) {
    let (ast, diags) = cardc_syntax::parse(FileId(0), src);
    let (runs, _, folded_diags) = cardc_syntax::parse_fold(
        FileId(0),
        src,
        1,
        |_| Vec::new(),
        |cards: &mut Vec<cardc_syntax::Card>, card| cards.push(card),
    );
    assert!(runs.concat() == ast.cards, "{name}: the cards differ");
    assert!(folded_diags == diags, "{name}: the diagnostics differ");
}

#[test]
fn every_fixture_reads_as_card_by_card() {
    let root = repo_root();
    let mut files = all_card_files(&root.join("tests/cards"));
    files.extend(all_card_files(&root.join("cards")));
    assert!(files.len() > 100, "the fixtures were not found");
    let mut all = String::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap_or_default();
        same_as_card_by_card(&f.display().to_string(), &src);
        all.push_str(&src);
        all.push('\n');
    }
    same_as_card_by_card("every fixture in one file", &all);
}
