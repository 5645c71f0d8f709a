//! Writing a set of sheet files so the output folder always holds one complete set:
//! the old one or the new one, never a mix, even when the process is killed.
//!
//! Every file of a render (HTML, and the PDF and PNG files Chromium prints from it) is
//! written into a staging folder *beside* the output folder,
//! `.<name>.staging-<pid>-<nonce>`. When all are written, the staging folder and the
//! output folder are swapped in one step (`renameat2(RENAME_EXCHANGE)` on Linux), and
//! the old set, now in the staging folder's place, is removed. Where the exchange is
//! not available, the old folder is first renamed to `.<name>.old-<pid>-<nonce>`, and a
//! later run that finds no output folder but such a leftover puts it back.
//!
//! Leftovers of runs that died (staging and old folders whose process is gone) are
//! removed by the next run. A failed render (an error, not a kill) removes its own
//! staging folder at once.
//!
//! The output folder is replaced whole, so it must be cardc's: it holds the marker file
//! [`MARKER`], or is empty, or holds only files earlier versions of cardc wrote there.
//! Any other folder is refused rather than emptied.

use crate::SheetError;
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

/// The file that marks a folder as cardc's sheet output (replaced whole each render).
pub const MARKER: &str = ".cardc-sheets";

const MARKER_TEXT: &str =
    "Written by `cardc sheet`. This folder is replaced as a whole on every render.\n";

/// A staging folder for one render, beside its output folder. Write into
/// [`Staging::path`], then [`Staging::commit`]; dropping it uncommitted removes it.
#[derive(Debug)]
pub struct Staging {
    out: PathBuf,
    dir: PathBuf,
    committed: bool,
}

impl Staging {
    /// Prepares a render into `out_dir`: recovers or removes what crashed runs left,
    /// checks `out_dir` is a sheet folder (or absent), and creates the staging folder.
    pub fn new(out_dir: &Path) -> Result<Staging, SheetError> {
        let out = std::path::absolute(out_dir).map_err(|e| SheetError::io(out_dir, e))?;
        let (parent, name) = split(&out)?;
        std::fs::create_dir_all(&parent).map_err(|e| SheetError::io(&parent, e))?;
        recover(&parent, &name, &out)?;
        check_owned(&out)?;
        let mut last = None;
        for attempt in 0..16u32 {
            let dir = parent.join(leftover_name(&name, "staging", attempt));
            match std::fs::create_dir(&dir) {
                Ok(()) => {
                    let staging = Staging {
                        out,
                        dir,
                        committed: false,
                    };
                    std::fs::write(staging.dir.join(MARKER), MARKER_TEXT)
                        .map_err(|e| SheetError::io(&staging.dir, e))?;
                    return Ok(staging);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(SheetError::io(&dir, e)),
            }
        }
        Err(SheetError::io(
            &parent,
            last.unwrap_or_else(|| std::io::Error::other("no free staging name")),
        ))
    }

    /// The staging folder: where this render's files go.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Writes `files` (paths relative to the staging folder). Paths that are absolute
    /// or climb out of the folder are refused.
    pub fn write<B: AsRef<[u8]>>(&self, files: &[(PathBuf, B)]) -> Result<(), SheetError> {
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
        for (rel, body) in files {
            let path = self.dir.join(rel);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| SheetError::io(parent, e))?;
            }
            std::fs::write(&path, body).map_err(|e| SheetError::io(&path, e))?;
        }
        Ok(())
    }

    /// Puts the staged set in place of the output folder in one step, then removes
    /// the old set.
    pub fn commit(mut self) -> Result<(), SheetError> {
        // A kill from here on leaves either folder complete: the swap is one rename.
        if self.out.exists() {
            if !cardc_fs::exchange(&self.dir, &self.out)
                .map_err(|e| SheetError::io(&self.out, e))?
            {
                let (parent, name) = split(&self.out)?;
                let old = parent.join(leftover_name(&name, "old", 0));
                std::fs::rename(&self.out, &old).map_err(|e| SheetError::io(&self.out, e))?;
                std::fs::rename(&self.dir, &self.out).map_err(|e| SheetError::io(&self.out, e))?;
                std::fs::rename(&old, &self.dir).map_err(|e| SheetError::io(&old, e))?;
            }
            // `self.dir` now holds the old set; Drop removes it.
        } else {
            std::fs::rename(&self.dir, &self.out).map_err(|e| SheetError::io(&self.out, e))?;
            self.committed = true;
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Writes `files` (paths relative to `out_dir`) as the complete new contents of
/// `out_dir`: either every file is in place, or the folder is as it was.
pub fn write_atomically<B: AsRef<[u8]>>(
    out_dir: &Path,
    files: &[(PathBuf, B)],
) -> Result<(), SheetError> {
    let staging = Staging::new(out_dir)?;
    staging.write(files)?;
    staging.commit()
}

/// `(parent, file name)` of an absolute output path.
fn split(out: &Path) -> Result<(PathBuf, OsString), SheetError> {
    match (out.parent(), out.file_name()) {
        (Some(parent), Some(name)) => Ok((parent.to_owned(), name.to_owned())),
        _ => Err(SheetError::Options(format!(
            "`{}` cannot be an output folder",
            out.display()
        ))),
    }
}

/// `.<name>.<kind>-<pid>-<nonce>`.
fn leftover_name(name: &std::ffi::OsStr, kind: &str, attempt: u32) -> OsString {
    let nonce = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos())
        .wrapping_add(attempt.wrapping_mul(7919));
    let mut s = OsString::from(".");
    s.push(name);
    s.push(format!(".{kind}-{}-{nonce:08x}", std::process::id()));
    s
}

/// The kind (`staging`/`old`) and process id of a leftover of `name`'s renders.
fn parse_leftover(entry: &str, name: &str) -> Option<(&'static str, u32)> {
    let rest = entry
        .strip_prefix('.')?
        .strip_prefix(name)?
        .strip_prefix('.')?;
    let (kind, rest) = if let Some(r) = rest.strip_prefix("staging-") {
        ("staging", r)
    } else if let Some(r) = rest.strip_prefix("old-") {
        ("old", r)
    } else {
        return None;
    };
    let (pid, _nonce) = rest.split_once('-')?;
    Some((kind, pid.parse().ok()?))
}

/// Whether process `pid` still runs (so its staging folder is in use).
fn alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return true;
    }
    let proc = Path::new("/proc");
    // Without /proc nothing tells; a leftover is then taken as dead.
    proc.is_dir() && proc.join(pid.to_string()).exists()
}

/// Cleans up after runs that died: an old set whose output folder is missing (a kill
/// between the two renames of the fallback) is put back; every other leftover of a
/// dead process is removed.
fn recover(parent: &Path, name: &std::ffi::OsStr, out: &Path) -> Result<(), SheetError> {
    let Some(name) = name.to_str() else {
        return Ok(());
    };
    let entries = match std::fs::read_dir(parent) {
        Ok(e) => e,
        Err(e) => return Err(SheetError::io(parent, e)),
    };
    let mut leftovers: Vec<(PathBuf, &'static str)> = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let file = entry.file_name();
        let Some(file) = file.to_str() else { continue };
        if let Some((kind, pid)) = parse_leftover(file, name) {
            if !alive(pid) {
                leftovers.push((entry.path(), kind));
            }
        }
    }
    leftovers.sort();
    for (path, kind) in leftovers {
        if kind == "old" && !out.exists() {
            std::fs::rename(&path, out).map_err(|e| SheetError::io(out, e))?;
        } else {
            std::fs::remove_dir_all(&path).map_err(|e| SheetError::io(&path, e))?;
        }
    }
    Ok(())
}

/// Whether a file name is one earlier versions of cardc wrote into a sheet folder.
fn legacy_output(name: &str) -> bool {
    matches!(name, "index.html" | "sheet.html" | "sheet.pdf")
        || name.starts_with(".staging-")
        || (name.starts_with("sheet") && (name.ends_with(".png") || name.contains(".partial.")))
}

/// Refuses to replace a folder that is not cardc's sheet output.
fn check_owned(out: &Path) -> Result<(), SheetError> {
    let entries = match std::fs::read_dir(out) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotADirectory => {
            return Err(SheetError::Options(format!(
                "`{}` is a file, not an output folder",
                out.display()
            )))
        }
        Err(e) => return Err(SheetError::io(out, e)),
    };
    let names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    if names.iter().any(|n| n == MARKER) {
        return Ok(());
    }
    match names.iter().find(|n| !legacy_output(n)) {
        None => Ok(()),
        Some(foreign) => Err(SheetError::Options(format!(
            "`{}` holds `{foreign}`, which `cardc sheet` did not write; the output folder is \
             replaced as a whole, so name an empty or new folder with `--out`",
            out.display()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(dir: &Path) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| {
                let body = std::fs::read_to_string(e.path()).unwrap_or_default();
                (e.file_name().to_string_lossy().into_owned(), body)
            })
            .collect();
        out.sort();
        out
    }

    fn siblings(parent: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(parent)
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_new_set_replaces_the_old_whole() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("sheets");
        write_atomically(&out, &[("a.html".into(), "1"), ("b.pdf".into(), "1")]).unwrap();
        write_atomically(&out, &[("a.html".into(), "2")]).unwrap();
        let names = files(&out);
        assert_eq!(names[0].0, MARKER);
        assert_eq!(names[1], ("a.html".to_owned(), "2".to_owned()));
        assert_eq!(
            names.len(),
            2,
            "the stale b.pdf of the old set stays: {names:?}"
        );
        assert_eq!(siblings(tmp.path()), ["sheets"]);
    }

    #[test]
    fn an_uncommitted_render_changes_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("sheets");
        write_atomically(
            &out,
            &[("a.html", "old")].map(|(p, b)| (PathBuf::from(p), b)),
        )
        .unwrap();
        let before = files(&out);
        {
            let staging = Staging::new(&out).unwrap();
            staging.write(&[(PathBuf::from("a.html"), "new")]).unwrap();
            // Dropped without commit: a failed render.
        }
        assert_eq!(files(&out), before);
        assert_eq!(siblings(tmp.path()), ["sheets"]);
        assert!(write_atomically(&out, &[(PathBuf::from("../x"), "")]).is_err());
        assert_eq!(siblings(tmp.path()), ["sheets"]);
    }

    #[test]
    fn leftovers_of_dead_runs_are_removed_or_restored() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("sheets");
        // A staging folder of a process that no longer runs (pid beyond pid_max).
        let dead = tmp.path().join(".sheets.staging-999999999-0000abcd");
        std::fs::create_dir_all(&dead).unwrap();
        std::fs::write(dead.join("sheet.html"), vec![b'x'; 1 << 16]).unwrap();
        // A fallback commit killed between its renames: no output folder, the old set aside.
        let old = tmp.path().join(".sheets.old-999999999-0000abce");
        std::fs::create_dir_all(&old).unwrap();
        std::fs::write(old.join("a.html"), "old").unwrap();
        std::fs::write(old.join(MARKER), MARKER_TEXT).unwrap();
        // Another folder's leftovers are not touched.
        let other = tmp.path().join(".proofs.staging-999999999-0000abcd");
        std::fs::create_dir_all(&other).unwrap();

        let staging = Staging::new(&out).unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join("a.html")).unwrap(),
            "old",
            "the old set is put back"
        );
        drop(staging);
        assert_eq!(
            siblings(tmp.path()),
            [".proofs.staging-999999999-0000abcd", "sheets"]
        );
    }

    #[test]
    fn a_foreign_folder_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
        let err = write_atomically(tmp.path(), &[(PathBuf::from("a.html"), "x")]).unwrap_err();
        assert!(err.to_string().contains("notes.txt"), "{err}");
        assert_eq!(siblings(tmp.path()), ["notes.txt"]);
        // A folder earlier versions wrote is taken over.
        let legacy = tmp.path().join("legacy");
        std::fs::create_dir_all(legacy.join(".staging-abc")).unwrap();
        std::fs::write(legacy.join("index.html"), "old").unwrap();
        std::fs::write(legacy.join("sheet-p1.png"), "old").unwrap();
        write_atomically(&legacy, &[(PathBuf::from("index.html"), "new")]).unwrap();
        assert_eq!(files(&legacy).len(), 2);
    }

    #[test]
    fn leftover_names_parse() {
        let n = leftover_name(std::ffi::OsStr::new("sheets"), "staging", 0);
        let n = n.to_str().unwrap();
        assert_eq!(
            parse_leftover(n, "sheets"),
            Some(("staging", std::process::id()))
        );
        assert_eq!(parse_leftover(n, "sheet"), None);
        assert_eq!(
            parse_leftover(".sheets.old-12-ab", "sheets"),
            Some(("old", 12))
        );
        assert_eq!(parse_leftover("sheets", "sheets"), None);
    }
}
