//! The transactional writer: an error part-way leaves the old tree exactly as it was.

use cardc_codegen::{write, GeneratedFile};
use std::path::{Path, PathBuf};

fn file(path: &str, contents: &str) -> GeneratedFile {
    GeneratedFile {
        path: PathBuf::from(path),
        contents: format!("// @generated test\n{contents}"),
    }
}

fn read(dir: &Path, path: &str) -> String {
    std::fs::read_to_string(dir.join(path)).unwrap()
}

#[test]
fn an_error_while_staging_leaves_the_old_tree_and_no_staging_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path();
    let old = [file("src/lib.rs", "old"), file("src/cards/a.rs", "a")];
    write(out, &old).unwrap();
    std::fs::write(out.join("Cargo.toml"), "hand-written").unwrap();
    // A file name no file system takes, after a changed lib.rs.
    let too_long = format!("src/cards/{}.rs", "x".repeat(300));
    let new = [file("src/lib.rs", "new"), file(&too_long, "b")];
    assert!(write(out, &new).is_err());
    assert_eq!(read(out, "src/lib.rs"), "// @generated test\nold");
    assert_eq!(read(out, "src/cards/a.rs"), "// @generated test\na");
    assert_eq!(read(out, "Cargo.toml"), "hand-written");
    let names: Vec<String> = std::fs::read_dir(out)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.starts_with(".cardc-")), "{names:?}");
}

#[test]
fn unchanged_files_keep_their_inode_and_an_unchanged_set_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path();
    let first = [file("src/lib.rs", "one"), file("src/cards/a.rs", "a")];
    write(out, &first).unwrap();
    let modified = std::fs::metadata(out.join("src/cards/a.rs"))
        .unwrap()
        .modified()
        .unwrap();
    let report = write(out, &first).unwrap();
    assert!(report.written.is_empty() && report.removed.is_empty());
    let second = [file("src/lib.rs", "two"), file("src/cards/a.rs", "a")];
    let report = write(out, &second).unwrap();
    assert_eq!(report.written, [out.join("src/lib.rs")]);
    assert_eq!(report.unchanged, [out.join("src/cards/a.rs")]);
    let after = std::fs::metadata(out.join("src/cards/a.rs"))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(
        modified, after,
        "cargo must not see an unchanged card as changed"
    );
    assert_eq!(read(out, "src/lib.rs"), "// @generated test\ntwo");
}

#[test]
fn paths_leaving_the_output_directory_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    assert!(write(tmp.path(), &[file("../escape.rs", "x")]).is_err());
    assert!(!tmp.path().join("../escape.rs").exists());
}
