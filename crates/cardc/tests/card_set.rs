//! `cards/README.md` stays true to `cards/`: every card file of the set is listed in it,
//! and every card file it lists exists.

use std::collections::BTreeSet;
use std::path::Path;

/// The `*.card` names written in backticks in `text` (`` `units.card` ``).
fn listed(text: &str) -> BTreeSet<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.ends_with(".card") && !s.contains('/') && !s.contains(' '))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_card_readme_lists_exactly_the_card_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../cards");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("cards/README.md");
    let on_disk: BTreeSet<String> = std::fs::read_dir(&root)
        .expect("cards/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".card"))
        .collect();
    let named = listed(&readme);
    let unlisted: Vec<_> = on_disk.difference(&named).collect();
    let missing: Vec<_> = named.difference(&on_disk).collect();
    assert!(
        unlisted.is_empty(),
        "card files cards/README.md does not list: {unlisted:?}"
    );
    assert!(
        missing.is_empty(),
        "cards/README.md lists card files that do not exist: {missing:?}"
    );
}
