//! The fuzz targets' seed corpus (`fuzz/corpus/<target>/`), replayed on stable: each
//! target's property (`cardc::fuzz`) over its seeds and over every card file of the
//! repository. A failure the fuzzer once found stays fixed because its input is a seed.

mod support;

use std::path::PathBuf;

fn files_under(dir: &str) -> Vec<PathBuf> {
    let walk = cardc::walk::card_files(&[support::root().join(dir)]);
    walk.files
}

fn seeds(target: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(support::root().join("fuzz/corpus").join(target))
            .map(|entries| entries.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
    files.sort();
    assert!(!files.is_empty(), "no seeds for the `{target}` target");
    files.extend(files_under("cards"));
    files.extend(files_under("tests/cards"));
    files
}

fn replay(target: &str, property: fn(&[u8])) {
    for path in seeds(target) {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let outcome = std::panic::catch_unwind(|| property(&data));
        assert!(
            outcome.is_ok(),
            "fuzz target `{target}` fails on {}",
            path.display()
        );
    }
}

#[test]
fn compile_seeds() {
    replay("compile", cardc::fuzz::compile);
}

#[test]
fn fmt_seeds() {
    replay("fmt", cardc::fuzz::fmt);
}

#[test]
fn codegen_seeds() {
    replay("codegen", cardc::fuzz::codegen);
}
