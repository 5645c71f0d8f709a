//! Writing generated files: atomically (a temporary file, then a rename), only when the
//! content changed (so cargo rebuilds only what changed), and pruning the generated card
//! modules of cards that no longer exist.

use crate::GeneratedFile;
use std::collections::BTreeSet;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What [`write()`] did, each list sorted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WriteReport {
    /// Files created or rewritten.
    pub written: Vec<PathBuf>,
    /// Files left alone because their content was already right.
    pub unchanged: Vec<PathBuf>,
    /// Stale generated files deleted.
    pub removed: Vec<PathBuf>,
}

/// Writes `files` under `out_dir`, each only if its content changed, through a temporary
/// file and a rename. Then deletes every other `@generated` `.rs` file in the directories
/// named `cards` that hold generated files (the modules of removed cards). Files that do
/// not start with the `@generated` marker are never deleted.
pub fn write(out_dir: &Path, files: &[GeneratedFile]) -> io::Result<WriteReport> {
    let mut report = WriteReport::default();
    let mut keep = BTreeSet::new();
    let mut card_dirs = BTreeSet::new();
    for file in files {
        let path = out_dir.join(&file.path);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
            if dir.file_name().is_some_and(|n| n == "cards") {
                card_dirs.insert(dir.to_owned());
            }
        }
        if write_file_if_changed(&path, file.contents.as_bytes())? {
            report.written.push(path.clone());
        } else {
            report.unchanged.push(path.clone());
        }
        keep.insert(path);
    }
    for dir in card_dirs {
        for entry in fs::read_dir(&dir)? {
            let path = entry?.path();
            let stale = path.extension().is_some_and(|e| e == "rs")
                && !keep.contains(&path)
                && is_generated(&path);
            if stale {
                fs::remove_file(&path)?;
                report.removed.push(path);
            }
        }
    }
    report.written.sort();
    report.unchanged.sort();
    report.removed.sort();
    Ok(report)
}

/// Writes `contents` to `path` unless it already holds exactly that; returns whether it
/// wrote. The new content goes to a temporary file in the same directory, which is then
/// renamed over `path`, so a reader never sees a half-written file.
pub fn write_file_if_changed(path: &Path, contents: &[u8]) -> io::Result<bool> {
    if fs::read(path).is_ok_and(|old| old == contents) {
        return Ok(false);
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map(|()| true)
}

/// Whether a file starts with the `@generated` header.
fn is_generated(path: &Path) -> bool {
    let mut head = [0u8; 64];
    let n = fs::File::open(path)
        .and_then(|mut f| io::Read::read(&mut f, &mut head))
        .unwrap_or(0);
    head[..n].starts_with(crate::header::MARKER.as_bytes())
}
