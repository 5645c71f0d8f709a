//! The last build's manifest: what a build with nothing changed can skip.
//!
//! After a build has written its files, the manifest (`<out>/.cardc/manifest`) records a
//! stamp of everything the files were generated from (the caller's: the program's own
//! identity, the generator's fingerprint, the options and every input file's name and
//! bytes) and, for each file written or left alone and for each folder holding them,
//! its size and modification time. The next build with an equal stamp, whose files and
//! folders all still show the same size and modification time, would write exactly those
//! files again (generation is deterministic, tested): it can stop after checking, without
//! computing a key, reading a cache entry or comparing a file.
//!
//! The manifest is a shortcut, never needed: a missing, damaged or unequal one means the
//! whole build runs, through the cache, and then writes a new one. It is written to a
//! temporary name and renamed, after the files, so a build killed before it leaves the
//! previous manifest, whose file times then disagree with the files or whose stamp with
//! the inputs. A file edited by hand changes its time (or size); a file added to or removed
//! from a generated folder changes the folder's time; both mean a full build, which puts
//! the files back.

use sha2::{Digest, Sha256};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::cache::DIR;

/// The manifest's file name inside the cache folder.
const FILE: &str = "manifest";

/// The first line of a manifest.
const MAGIC: &str = "cardc-manifest 1";

/// A stamp of what a build's files are generated from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp(String);

impl Stamp {
    /// The stamp of `parts`, each hashed with its length, so no two lists of parts share
    /// one.
    pub fn new<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> Stamp {
        let mut h = Sha256::new();
        for part in parts {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
        Stamp(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
    }
}

/// What a path shows now: its size and its modification time, in nanoseconds.
fn seen(path: &Path) -> Option<(u64, u128)> {
    let meta = fs::metadata(path).ok()?;
    let time = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some((meta.len(), time.as_nanos()))
}

/// The files (relative to `out_dir`) of the last build, if it was made from `stamp` and
/// every file and folder it recorded still shows what it showed then; `None` otherwise.
pub fn unchanged(out_dir: &Path, stamp: &Stamp) -> Option<Vec<PathBuf>> {
    let text = fs::read_to_string(out_dir.join(DIR).join(FILE)).ok()?;
    let mut lines = text.lines();
    if lines.next()? != MAGIC || lines.next()? != stamp.0 {
        return None;
    }
    let mut files = Vec::new();
    let mut complete = false;
    for line in lines {
        if line == "end" {
            complete = true;
            break;
        }
        let mut fields = line.splitn(4, ' ');
        let (kind, len, time, path) = (
            fields.next()?,
            fields.next()?,
            fields.next()?,
            fields.next()?,
        );
        let path = PathBuf::from(path);
        let recorded = (len.parse().ok()?, time.parse().ok()?);
        if seen(&out_dir.join(&path)) != Some(recorded) {
            return None;
        }
        match kind {
            "f" => files.push(path),
            "d" => {}
            _ => return None,
        }
    }
    complete.then_some(files)
}

/// Records that the files `files` (relative to `out_dir`, just written or left alone by
/// a build) were generated from `stamp`. A failure only costs the next build its
/// shortcut, so the caller may ignore it.
pub fn record(out_dir: &Path, stamp: &Stamp, files: &[PathBuf]) -> io::Result<()> {
    let dir = out_dir.join(DIR);
    fs::create_dir_all(&dir)?;
    let mut folders: Vec<PathBuf> = files
        .iter()
        .filter_map(|f| f.parent().map(Path::to_owned))
        .filter(|p| !p.as_os_str().is_empty())
        .collect();
    folders.sort();
    folders.dedup();
    let mut text = format!("{MAGIC}\n{}\n", stamp.0);
    for (kind, path) in folders
        .iter()
        .map(|p| ("d", p))
        .chain(files.iter().map(|p| ("f", p)))
    {
        let name = path.to_string_lossy();
        // A path the manifest could not read back as written costs only the shortcut.
        if name.contains('\n') {
            return Ok(());
        }
        let Some((len, time)) = seen(&out_dir.join(path)) else {
            return Ok(());
        };
        text.push_str(&format!("{kind} {len} {time} {name}\n"));
    }
    text.push_str("end\n");
    let tmp = dir.join(format!(".{FILE}.{}.part", std::process::id()));
    fs::write(&tmp, text)?;
    fs::rename(&tmp, dir.join(FILE)).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set_up() -> (tempfile::TempDir, Vec<PathBuf>) {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("src/cards")).unwrap();
        fs::write(dir.path().join("src/lib.rs"), "lib\n").unwrap();
        fs::write(dir.path().join("src/cards/a.rs"), "a\n").unwrap();
        let files = vec![PathBuf::from("src/lib.rs"), PathBuf::from("src/cards/a.rs")];
        (dir, files)
    }

    #[test]
    fn an_untouched_build_is_recognised() {
        let (dir, files) = set_up();
        let stamp = Stamp::new([&b"cards"[..]]);
        record(dir.path(), &stamp, &files).unwrap();
        assert_eq!(unchanged(dir.path(), &stamp), Some(files));
        assert_eq!(unchanged(dir.path(), &Stamp::new([&b"other"[..]])), None);
    }

    #[test]
    fn an_edited_added_or_removed_file_is_a_full_build() {
        let stamp = Stamp::new([&b"cards"[..]]);
        let edits: [fn(&Path); 3] = [
            |d| fs::write(d.join("src/cards/a.rs"), "edited by hand\n").unwrap(),
            |d| fs::write(d.join("src/cards/stray.rs"), "x\n").unwrap(),
            |d| fs::remove_file(d.join("src/lib.rs")).unwrap(),
        ];
        for edit in edits {
            let (dir, files) = set_up();
            record(dir.path(), &stamp, &files).unwrap();
            // File times can be coarse: make sure the edit is seen as later.
            std::thread::sleep(std::time::Duration::from_millis(20));
            edit(dir.path());
            assert_eq!(unchanged(dir.path(), &stamp), None);
        }
    }

    #[test]
    fn a_damaged_or_missing_manifest_is_a_full_build() {
        let (dir, files) = set_up();
        let stamp = Stamp::new([&b"cards"[..]]);
        record(dir.path(), &stamp, &files).unwrap();
        let path = dir.path().join(DIR).join(FILE);
        let text = fs::read_to_string(&path).unwrap();
        fs::write(&path, text.replace("end\n", "")).unwrap();
        assert_eq!(unchanged(dir.path(), &stamp), None);
        fs::remove_file(&path).unwrap();
        assert_eq!(unchanged(dir.path(), &stamp), None);
    }

    #[test]
    fn stamps_differ_by_every_part() {
        assert_ne!(
            Stamp::new([&b"ab"[..], b"c"]),
            Stamp::new([&b"a"[..], b"bc"])
        );
    }
}
