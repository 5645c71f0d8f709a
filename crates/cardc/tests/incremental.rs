//! Builds proportional to the edit: `cardc build` after editing one card formats that
//! card and nothing else, and whatever the generation cache holds — an edit and its
//! revert, damaged entries, no cache at all — the output is byte for byte that of a
//! cold build.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const CARDS: usize = 200;

/// Every file under `dir`, by path relative to it.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        for e in std::fs::read_dir(dir.join(&rel)).unwrap().flatten() {
            let child = rel.join(e.file_name());
            if e.file_type().unwrap().is_dir() {
                stack.push(child);
            } else {
                out.insert(child.clone(), std::fs::read(dir.join(&child)).unwrap());
            }
        }
    }
    out
}

/// `cardc build cards --out OUT` in `dir`; its stderr.
fn build(dir: &Path, out: &str) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .current_dir(dir)
        .args(["build", "cards", "--out", out, "--color", "never"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{err}");
    err
}

/// `source` with the cost of `card` set to `cost` (its text gets longer, so the spans
/// of every later card move).
fn with_cost(source: &str, card: &str, cost: &str) -> String {
    let header = format!("\"{card}\" {{\n    cost ");
    let at = source.find(&header).unwrap() + header.len();
    let end = at + source[at..].find('\n').unwrap();
    format!("{}{cost}{}", &source[..at], &source[end..])
}

#[test]
fn an_edit_formats_one_card_and_its_revert_rebuilds_the_cold_output() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("cards")).unwrap();
    let card_file = root.join("cards/synth.card");
    let original = cardc_codegen::synth::cards(CARDS, 1);
    std::fs::write(&card_file, &original).unwrap();

    let err = build(root, "gen");
    let files = CARDS + 1;
    assert!(
        err.contains(&format!(
            "{files} written, 0 unchanged, 0 removed ({files} formatted, 0 from the cache)"
        )),
        "{err}"
    );
    let cold = tree(&root.join("gen/src"));

    let err = build(root, "gen");
    assert!(
        err.contains(&format!(
            "nothing changed since the last build, 0 written, {files} unchanged, 0 removed"
        )),
        "{err}"
    );

    // One card edited: its module is generated again, nothing else (the registry does
    // not list costs, so it comes from the cache too).
    std::fs::write(&card_file, with_cost(&original, "Synthetic Unit 0", "12")).unwrap();
    let err = build(root, "gen");
    assert!(err.contains("1 written"), "{err}");
    assert!(
        err.contains(&format!("(1 formatted, {CARDS} from the cache)")),
        "{err}"
    );
    let edited = tree(&root.join("gen/src"));
    assert_ne!(edited, cold);

    // Reverted: every module from the cache, and the tree is the cold build's.
    std::fs::write(&card_file, &original).unwrap();
    let err = build(root, "gen");
    assert!(err.contains("1 written"), "{err}");
    assert!(
        err.contains(&format!("(0 formatted, {files} from the cache)")),
        "{err}"
    );
    assert_eq!(tree(&root.join("gen/src")), cold);

    // A cold build elsewhere, with no cache, gives the same bytes.
    build(root, "fresh");
    assert_eq!(tree(&root.join("fresh/src")), cold);

    // The edited set again, now from the cache, equals the edited build.
    std::fs::write(&card_file, with_cost(&original, "Synthetic Unit 0", "12")).unwrap();
    build(root, "gen");
    assert_eq!(tree(&root.join("gen/src")), edited);
}

#[test]
fn a_damaged_or_deleted_cache_never_changes_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("cards")).unwrap();
    let card_file = root.join("cards/synth.card");
    let original = cardc_codegen::synth::cards(50, 3);
    std::fs::write(&card_file, &original).unwrap();
    build(root, "gen");
    let cold = tree(&root.join("gen/src"));
    let cache = root.join("gen/.cardc");
    assert!(
        cache.join(".gitignore").is_file(),
        "the cache ignores itself"
    );

    // Every entry damaged a different way: truncated, a byte changed, emptied.
    let entries: Vec<PathBuf> = std::fs::read_dir(&cache)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().unwrap().len() == 64)
        .collect();
    assert_eq!(entries.len(), 51);
    for (i, path) in entries.iter().enumerate() {
        let text = std::fs::read(path).unwrap();
        let damaged = match i % 3 {
            0 => text[..text.len() / 2].to_vec(),
            1 => {
                let mut t = text.clone();
                let last = t.len() - 2;
                t[last] ^= 1;
                t
            }
            _ => Vec::new(),
        };
        std::fs::write(path, damaged).unwrap();
    }
    // Another set in between, so the build has to write every module again.
    std::fs::write(&card_file, cardc_codegen::synth::cards(50, 4)).unwrap();
    build(root, "gen");
    std::fs::write(&card_file, &original).unwrap();
    let err = build(root, "gen");
    assert!(err.contains("(51 formatted, 0 from the cache)"), "{err}");
    assert_eq!(tree(&root.join("gen/src")), cold);

    std::fs::remove_dir_all(&cache).unwrap();
    std::fs::write(&card_file, cardc_codegen::synth::cards(50, 4)).unwrap();
    build(root, "gen");
    std::fs::write(&card_file, &original).unwrap();
    build(root, "gen");
    assert_eq!(tree(&root.join("gen/src")), cold);
}

/// A build with nothing changed stops after checking (the manifest of the last build,
/// `cardc_codegen::manifest`), and is never wrong: a generated file edited, deleted or
/// added by hand, or the manifest damaged, means a full build that puts the cold
/// output back.
#[test]
fn a_build_with_nothing_changed_stops_after_checking_and_is_never_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("cards")).unwrap();
    std::fs::write(
        root.join("cards/synth.card"),
        cardc_codegen::synth::cards(20, 5),
    )
    .unwrap();
    build(root, "gen");
    let cold = tree(&root.join("gen/src"));
    let up_to_date = "nothing changed since the last build";
    assert!(build(root, "gen").contains(up_to_date));

    let module = std::fs::read_dir(root.join("gen/src/cards"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "rs"))
        .unwrap();
    let stray = root.join("gen/src/cards/stray.rs");
    let manifest = root.join("gen/.cardc/manifest");
    type Edit<'a> = Box<dyn Fn() + 'a>;
    let edits: Vec<(&str, Edit)> = vec![
        (
            "a module edited",
            Box::new(|| std::fs::write(&module, "// edited by hand\n").unwrap()),
        ),
        (
            "a module deleted",
            Box::new(|| std::fs::remove_file(&module).unwrap()),
        ),
        (
            "a generated module added",
            Box::new(|| {
                std::fs::write(&stray, "// @generated by cardc: stale\n").unwrap();
            }),
        ),
        (
            "the manifest damaged",
            Box::new(|| std::fs::write(&manifest, "cardc-manifest 1\n").unwrap()),
        ),
    ];
    for (what, edit) in edits {
        // File times can be coarse: make sure the edit is seen as later.
        std::thread::sleep(std::time::Duration::from_millis(20));
        edit();
        let err = build(root, "gen");
        assert!(!err.contains(up_to_date), "{what}: {err}");
        assert_eq!(tree(&root.join("gen/src")), cold, "{what}");
        assert!(build(root, "gen").contains(up_to_date), "{what}");
    }
}
