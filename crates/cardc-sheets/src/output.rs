//! Writing rendered files so that a failed render never leaves half-written sheets:
//! every file is written into a staging folder inside the output folder first, and
//! only when all are written are they renamed into place (a rename within one file
//! system replaces the old file in one step).

use crate::SheetError;
use std::path::{Component, Path, PathBuf};

/// Writes `files` (paths relative to `out_dir`) into `out_dir`, creating it. Nothing in
/// `out_dir` changes unless every file was written in full. Paths that are absolute or
/// climb out of `out_dir` are refused.
pub fn write_atomically(out_dir: &Path, files: &[(PathBuf, String)]) -> Result<(), SheetError> {
    for (rel, _) in files {
        let ok = !rel.as_os_str().is_empty()
            && rel.components().all(|c| matches!(c, Component::Normal(_)));
        if !ok {
            return Err(SheetError::Options(format!(
                "refusing to write `{}` outside the output folder",
                rel.display()
            )));
        }
    }
    std::fs::create_dir_all(out_dir).map_err(|e| SheetError::io(out_dir, e))?;
    let staging = tempfile::Builder::new()
        .prefix(".staging-")
        .tempdir_in(out_dir)
        .map_err(|e| SheetError::io(out_dir, e))?;
    for (rel, body) in files {
        let path = staging.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| SheetError::io(parent, e))?;
        }
        std::fs::write(&path, body).map_err(|e| SheetError::io(&path, e))?;
    }
    for (rel, _) in files {
        let target = out_dir.join(rel);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| SheetError::io(parent, e))?;
        }
        let from = staging.path().join(rel);
        std::fs::rename(&from, &target).map_err(|e| SheetError::io(&target, e))?;
    }
    // The staging folder, now empty, is removed when `staging` drops.
    Ok(())
}
