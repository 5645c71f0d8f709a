//! Writing generated files transactionally: a kill, an interrupt or a full disk at any
//! instant leaves the output directory either exactly as it was or exactly as the new
//! build would have it, never a mix.
//!
//! The generated files are grouped by their first path component (`src/` of the crate
//! layout, `cards.rs` of the `include!` layout). A single file is written to a temporary
//! file and renamed over the old one. A directory is rebuilt beside the old one as a
//! hidden staging directory (`.cardc-stage-PID-src`) and then switched in with one
//! atomic rename:
//!
//! 1. every new or changed file is written into the staging directory; every
//!    unchanged file and every hand-written file of the old tree is hard-linked into it
//!    (so its modification time stays, and cargo rebuilds only what changed); the old
//!    tree's `@generated` files that the new set no longer has, and temporary files of
//!    crashed runs, are left out, which prunes them; then the staged tree is made durable
//!    by one flush of its file system (Linux `syncfs`; elsewhere one `fsync` per written
//!    file and the staging directory), so a power cut after the switch cannot show a new
//!    tree with empty files — one flush per transaction, not one per file;
//! 2. on Linux the staging directory and the old one are exchanged by
//!    `renameat2(RENAME_EXCHANGE)`, atomic at every instant; where that is unavailable,
//!    the old tree is first renamed aside and the next run puts it back should a crash
//!    fall between the two renames;
//! 3. the old tree (now under the staging name) is deleted. The switch itself is made
//!    durable by the file system's journal in its own time: a power cut before that
//!    leaves the complete old tree, which the next build replaces.
//!
//! Any error before step 2 deletes the staging directory and leaves the output as it
//! was. Leftovers of a run killed at any step (staging directories, temporary files,
//! including the `.NAME.PID.tmp` files of earlier versions) are removed by the next run.
//! When nothing changed and nothing is stale, nothing is written at all. Files beside the
//! generated roots, like the crate's hand-written `Cargo.toml`, are never touched.

use crate::GeneratedFile;
use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsStr;
use std::fs;
use std::io::{self, Write};
use std::path::{Component, Path, PathBuf};

/// What [`write()`] did, each list sorted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WriteReport {
    /// Files created or rewritten.
    pub written: Vec<PathBuf>,
    /// Files left alone because their content was already right.
    pub unchanged: Vec<PathBuf>,
    /// Stale generated files (and leftover temporary files) deleted.
    pub removed: Vec<PathBuf>,
}

/// The prefix of staging directories and of old trees set aside, inside the output
/// directory. Anything so named is a leftover of an interrupted run.
pub const STAGING_PREFIX: &str = ".cardc-stage-";
const ASIDE_PREFIX: &str = ".cardc-old-";

/// Whether [`write_with`] flushes what it wrote to stable storage before switching it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// One flush per transaction (the default, and what [`write()`] does).
    #[default]
    Flush,
    /// No flush: a kill still leaves old or new, complete, but a power cut may not.
    /// For measuring what durability costs.
    None,
}

/// Writes `files` (paths relative to `out_dir`) transactionally, as the module
/// documentation describes: afterwards the generated roots hold exactly `files` plus
/// whatever hand-written files were there; on error they are exactly as before.
pub fn write(out_dir: &Path, files: &[GeneratedFile]) -> io::Result<WriteReport> {
    write_with(out_dir, files, Durability::Flush)
}

/// [`write()`], flushing as `durability` says.
pub fn write_with(
    out_dir: &Path,
    files: &[GeneratedFile],
    durability: Durability,
) -> io::Result<WriteReport> {
    fs::create_dir_all(out_dir)?;
    let mut report = WriteReport::default();
    recover(out_dir, &mut report)?;
    let mut roots: BTreeMap<PathBuf, Vec<&GeneratedFile>> = BTreeMap::new();
    for file in files {
        let root = root_of(&file.path)?;
        roots.entry(root).or_default().push(file);
    }
    for (root, files) in roots {
        let single = files.len() == 1 && files[0].path == root;
        if single {
            let path = out_dir.join(&root);
            if write_one(&path, files[0].contents.as_bytes(), durability)? {
                report.written.push(path);
            } else {
                report.unchanged.push(path);
            }
        } else {
            write_tree(out_dir, &root, &files, durability, &mut report)?;
        }
    }
    report.written.sort();
    report.unchanged.sort();
    report.removed.sort();
    Ok(report)
}

/// The first component of a generated file's relative path; refuses absolute paths and
/// `..`, which would write outside the output directory.
fn root_of(path: &Path) -> io::Result<PathBuf> {
    let mut components = path.components();
    match components.next() {
        Some(Component::Normal(first))
            if path.components().all(|c| matches!(c, Component::Normal(_))) =>
        {
            Ok(PathBuf::from(first))
        }
        _ => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "generated path {} leaves the output directory",
                path.display()
            ),
        )),
    }
}

/// Removes what interrupted runs left in `out_dir` (as every [`write()`] does first), for
/// a build that writes nothing; returns what it removed.
pub fn remove_leftovers(out_dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut report = WriteReport::default();
    if out_dir.is_dir() {
        recover(out_dir, &mut report)?;
    }
    report.removed.sort();
    Ok(report.removed)
}

/// Removes what interrupted runs left in `out_dir`: staging directories, and a tree set
/// aside by the two-rename fallback, which goes back in place when the swap had not
/// happened yet.
fn recover(out_dir: &Path, report: &mut WriteReport) -> io::Result<()> {
    for entry in fs::read_dir(out_dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let path = entry.path();
        if let Some(rest) = name.strip_prefix(ASIDE_PREFIX) {
            let root = rest.split_once('-').map_or(rest, |(_, root)| root);
            let target = out_dir.join(root);
            if !root.is_empty() && !target.exists() {
                fs::rename(&path, &target)?;
            } else {
                fs::remove_dir_all(&path)?;
                report.removed.push(path);
            }
        } else if name.starts_with(STAGING_PREFIX) {
            if entry.file_type()?.is_dir() {
                fs::remove_dir_all(&path)?;
            } else {
                fs::remove_file(&path)?;
            }
            report.removed.push(path);
        } else if is_temp_name(entry.file_name().as_os_str()) && entry.file_type()?.is_file() {
            fs::remove_file(&path)?;
            report.removed.push(path);
        }
    }
    Ok(())
}

/// Whether a file name is one of our temporary files: `.NAME.PID.tmp`.
fn is_temp_name(name: &OsStr) -> bool {
    let name = name.to_string_lossy();
    let Some(stem) = name.strip_suffix(".tmp") else {
        return false;
    };
    let Some((head, pid)) = stem.rsplit_once('.') else {
        return false;
    };
    head.starts_with('.') && !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit())
}

/// One old file of a generated root, by its path relative to the root.
struct OldFile {
    path: PathBuf,
    generated: bool,
    temp: bool,
}

/// Rebuilds the directory `out_dir/root` from `files` through a staging directory.
fn write_tree(
    out_dir: &Path,
    root: &Path,
    files: &[&GeneratedFile],
    durability: Durability,
    report: &mut WriteReport,
) -> io::Result<()> {
    let live = out_dir.join(root);
    let new: BTreeSet<PathBuf> = files
        .iter()
        .filter_map(|f| f.path.strip_prefix(root).ok().map(Path::to_owned))
        .collect();
    let old = if live.is_dir() {
        old_files(&live, &new)?
    } else {
        Vec::new()
    };
    let same: Vec<bool> = files
        .iter()
        .map(|file| {
            let rel = file.path.strip_prefix(root).unwrap_or(&file.path);
            fs::read(live.join(rel)).is_ok_and(|old| old == file.contents.as_bytes())
        })
        .collect();
    let (mut written, mut unchanged) = (Vec::new(), Vec::new());
    for (file, &same) in files.iter().zip(&same) {
        let list = if same { &mut unchanged } else { &mut written };
        list.push(out_dir.join(&file.path));
    }
    let removed: Vec<PathBuf> = old
        .iter()
        .filter(|f| f.temp || (f.generated && !new.contains(&f.path)))
        .map(|f| live.join(&f.path))
        .collect();
    if written.is_empty() && removed.is_empty() {
        report.unchanged.extend(unchanged);
        return Ok(());
    }
    let root_name = root.to_string_lossy();
    let stage = out_dir.join(format!(
        "{STAGING_PREFIX}{}-{root_name}",
        std::process::id()
    ));
    let staged = (|| {
        fs::create_dir_all(&stage)?;
        for f in &old {
            // Hand-written files of the old tree stay; the new set's files come below.
            if !f.temp && !f.generated && !new.contains(&f.path) {
                link_or_copy(&live.join(&f.path), &stage.join(&f.path))?;
            }
        }
        let mut created = Vec::new();
        for (file, &same) in files.iter().zip(&same) {
            let rel = file.path.strip_prefix(root).unwrap_or(&file.path);
            let target = stage.join(rel);
            if same {
                link_or_copy(&live.join(rel), &target)?;
            } else {
                create_file(&target, file.contents.as_bytes())?;
                created.push(target);
            }
        }
        if durability == Durability::Flush && !cardc_fs::sync_file_system(&stage)? {
            for path in &created {
                fs::File::open(path)?.sync_all()?;
            }
            sync_dirs(&stage)?;
        }
        Ok(())
    })();
    if let Err(e) = staged {
        let _ = fs::remove_dir_all(&stage);
        return Err(e);
    }
    if live.exists() {
        if let Err(e) = switch(&stage, &live, out_dir, &root_name) {
            let _ = fs::remove_dir_all(&stage);
            return Err(e);
        }
        // `stage` now holds the old tree.
        fs::remove_dir_all(&stage)?;
    } else {
        fs::rename(&stage, &live)?;
    }
    report.written.extend(written);
    report.unchanged.extend(unchanged);
    report.removed.extend(removed);
    Ok(())
}

/// Every file under `dir`, relative to it, sorted, with whether it is generated (read
/// only for files the new set does not have: the others are replaced or kept anyway).
/// Symbolic links are not followed.
fn old_files(dir: &Path, new: &BTreeSet<PathBuf>) -> io::Result<Vec<OldFile>> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        for entry in fs::read_dir(dir.join(&rel))? {
            let entry = entry?;
            let child = rel.join(entry.file_name());
            let kind = entry.file_type()?;
            if kind.is_dir() {
                stack.push(child);
            } else {
                let temp = is_temp_name(entry.file_name().as_os_str());
                let generated =
                    kind.is_file() && !new.contains(&child) && is_generated(&dir.join(&child));
                out.push(OldFile {
                    path: child,
                    generated,
                    temp,
                });
            }
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// Hard-links `from` to `to` (same inode, same modification time); copies, keeping the
/// modification time, where the file system has no hard links.
fn link_or_copy(from: &Path, to: &Path) -> io::Result<()> {
    if let Some(dir) = to.parent() {
        fs::create_dir_all(dir)?;
    }
    if fs::hard_link(from, to).is_ok() {
        return Ok(());
    }
    fs::copy(from, to)?;
    let modified = fs::metadata(from)?.modified()?;
    fs::File::options()
        .write(true)
        .open(to)?
        .set_modified(modified)
}

/// Creates `path` with `contents`, unsynced: the transaction flushes once for all files.
fn create_file(path: &Path, contents: &[u8]) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    fs::File::create(path)?.write_all(contents)
}

/// Makes the entries of `dir` and of every directory under it durable (a no-op where
/// directories cannot be opened): the fallback where the file system cannot be flushed
/// in one call.
fn sync_dirs(dir: &Path) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            sync_dirs(&entry.path())?;
        }
    }
    match fs::File::open(dir) {
        Ok(f) => f.sync_all().or(Ok(())),
        Err(_) => Ok(()),
    }
}

/// Puts the complete tree `stage` in place of `live`, leaving the old tree at `stage`.
fn switch(stage: &Path, live: &Path, out_dir: &Path, root: &str) -> io::Result<()> {
    match cardc_fs::exchange(stage, live) {
        Ok(true) => Ok(()),
        Ok(false) | Err(_) => {
            // Two renames; a crash between them is repaired by `recover` on the next run.
            let aside = out_dir.join(format!("{ASIDE_PREFIX}{}-{root}", std::process::id()));
            fs::rename(live, &aside)?;
            if let Err(e) = fs::rename(stage, live) {
                let _ = fs::rename(&aside, live);
                return Err(e);
            }
            fs::rename(&aside, stage)
        }
    }
}

/// Writes `contents` to `path` unless it already holds exactly that; returns whether it
/// wrote. The new content goes to a temporary file in the same directory, which is then
/// renamed over `path`, so a reader never sees a half-written file; the temporary file
/// is removed on failure, and by the next [`write()`] should the process be killed.
pub fn write_file_if_changed(path: &Path, contents: &[u8]) -> io::Result<bool> {
    write_one(path, contents, Durability::Flush)
}

/// [`write_file_if_changed`], flushing the one file (its one `fsync`) as `durability` says.
fn write_one(path: &Path, contents: &[u8], durability: Durability) -> io::Result<bool> {
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
        if durability == Durability::Flush {
            f.sync_all()?;
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temp_names() {
        assert!(is_temp_name(OsStr::new(".lib.rs.1234.tmp")));
        assert!(!is_temp_name(OsStr::new("lib.rs.1234.tmp")));
        assert!(!is_temp_name(OsStr::new(".lib.rs.tmp")));
        assert!(!is_temp_name(OsStr::new(".lib.rs.12a.tmp")));
    }

    #[test]
    fn paths_outside_the_output_are_refused() {
        assert!(root_of(Path::new("../x.rs")).is_err());
        assert!(root_of(Path::new("/x.rs")).is_err());
        assert!(root_of(Path::new("src/../../x.rs")).is_err());
        assert_eq!(root_of(Path::new("src/lib.rs")).unwrap(), Path::new("src"));
    }
}
