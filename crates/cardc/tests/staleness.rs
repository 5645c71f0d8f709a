//! `generated/` must be exactly what `cardc build` makes of `cards/`: this regenerates
//! it in memory and compares, file by file, including files that should not be there.

mod support;

use std::collections::BTreeSet;
use std::path::PathBuf;

#[test]
fn generated_crate_is_up_to_date() {
    let root = support::root();
    let files = cardc::builder::regenerate_crate(&root, "cards")
        .unwrap_or_else(|e| panic!("cards/ does not build: {e}"));
    let generated = root.join("generated");
    let mut stale = Vec::new();
    let mut expected = BTreeSet::new();
    for f in &files {
        expected.insert(f.path.clone());
        match std::fs::read_to_string(generated.join(&f.path)) {
            Ok(on_disk) if on_disk == f.contents => {}
            Ok(_) => stale.push(format!("differs: generated/{}", f.path.display())),
            Err(_) => stale.push(format!("missing: generated/{}", f.path.display())),
        }
    }
    let cards_dir = generated.join("src/cards");
    for entry in std::fs::read_dir(&cards_dir)
        .into_iter()
        .flatten()
        .flatten()
    {
        let rel = PathBuf::from("src/cards").join(entry.file_name());
        if !expected.contains(&rel) {
            stale.push(format!("extra: generated/{}", rel.display()));
        }
    }
    assert!(
        stale.is_empty(),
        "generated/ is stale: run `cardc build` and commit\n  {}",
        stale.join("\n  ")
    );
}
