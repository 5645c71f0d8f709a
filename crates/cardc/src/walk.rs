//! The one card-file walker: which files form a card set. `cardc check`, `build`, `fmt`,
//! `sheet` and `export` (through [`crate::load`]), the build-script [`crate::Builder`]
//! (its `cargo:rerun-if-changed` list too) and the language server (through its
//! `Toolchain`) all use it, so they agree on the set.
//!
//! * A path given explicitly is taken as it is: a file is read whatever its name, a
//!   directory is searched even if hidden (`cardc check .`).
//! * Below a directory: every `*.card` file, skipping hidden entries (`.git/`, editor
//!   lock and swap files such as `.#a.card`) and `target/` directories.
//! * Symbolic links to files are read; symbolic links to directories are not followed,
//!   so the walk never loops and never leaves the tree it was given.
//! * The walk is bounded: it stops after [`Limits::entries`] directory entries or
//!   [`Limits::files`] card files and says so ([`CardFiles::truncated`]), so a folder of
//!   `/` ends in a message, not in minutes of file-system walking.
//!
//! The files come back sorted and without duplicates, so ids, diagnostics and
//! generated output never depend on the order a file system lists a directory.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// How far a walk may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Directory entries examined, card files or not.
    pub entries: usize,
    /// Card files found.
    pub files: usize,
}

impl Default for Limits {
    /// 200,000 entries and 20,000 card files: far above any card set, far below a
    /// whole file system.
    fn default() -> Self {
        Limits {
            entries: 200_000,
            files: 20_000,
        }
    }
}

/// Which limit a walk hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Truncated {
    /// [`Limits::entries`] directory entries were examined.
    Entries(usize),
    /// [`Limits::files`] card files were found.
    Files(usize),
}

impl fmt::Display for Truncated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Truncated::Entries(n) => write!(
                f,
                "stopped after examining {n} directory entries: is this the card directory?"
            ),
            Truncated::Files(n) => write!(f, "stopped after {n} card files"),
        }
    }
}

/// What a walk found.
#[derive(Debug, Default)]
pub struct CardFiles {
    /// The card files, sorted, without duplicates.
    pub files: Vec<PathBuf>,
    /// Every directory searched (the given ones included), sorted.
    pub dirs: Vec<PathBuf>,
    /// Paths that could not be read; a given path that does not exist has
    /// [`io::ErrorKind::NotFound`].
    pub errors: Vec<(PathBuf, io::Error)>,
    /// Set when the walk stopped at a limit; `files` is then incomplete.
    pub truncated: Option<Truncated>,
}

/// The card files under `paths`, with the default [`Limits`].
pub fn card_files(paths: &[PathBuf]) -> CardFiles {
    card_files_with(paths, Limits::default())
}

/// The card files under `paths`, within `limits`.
pub fn card_files_with(paths: &[PathBuf], limits: Limits) -> CardFiles {
    let mut walk = Walk {
        out: CardFiles::default(),
        limits,
        entries: 0,
    };
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk.dir(path),
            Ok(_) => walk.out.files.push(path.clone()),
            Err(e) => walk.out.errors.push((path.clone(), e)),
        }
        if walk.out.truncated.is_some() {
            break;
        }
    }
    let out = &mut walk.out;
    out.files.sort();
    out.files.dedup();
    out.dirs.sort();
    out.dirs.dedup();
    walk.out
}

struct Walk {
    out: CardFiles,
    limits: Limits,
    entries: usize,
}

impl Walk {
    /// Searches `root` depth-first with an explicit stack (no recursion to overflow).
    fn dir(&mut self, root: &Path) {
        let mut stack = vec![root.to_owned()];
        while let Some(dir) = stack.pop() {
            let entries = match std::fs::read_dir(&dir) {
                Ok(entries) => entries,
                Err(e) => {
                    self.out.errors.push((dir, e));
                    continue;
                }
            };
            self.out.dirs.push(dir.clone());
            for entry in entries {
                self.entries += 1;
                if self.entries > self.limits.entries {
                    self.out.truncated = Some(Truncated::Entries(self.limits.entries));
                    return;
                }
                let entry = match entry {
                    Ok(entry) => entry,
                    Err(e) => {
                        self.out.errors.push((dir.clone(), e));
                        continue;
                    }
                };
                let name = entry.file_name();
                let name = name.to_string_lossy();
                if name.starts_with('.') {
                    continue;
                }
                let path = entry.path();
                let kind = match entry.file_type() {
                    Ok(kind) => kind,
                    Err(e) => {
                        self.out.errors.push((path, e));
                        continue;
                    }
                };
                if kind.is_dir() {
                    if name != "target" {
                        stack.push(path);
                    }
                } else if path.extension().is_some_and(|e| e == "card") && !is_dir_link(&path) {
                    if self.out.files.len() >= self.limits.files {
                        self.out.truncated = Some(Truncated::Files(self.limits.files));
                        return;
                    }
                    self.out.files.push(path);
                }
            }
        }
    }
}

/// Whether `path` is a symbolic link to a directory (named `*.card`, unlikely but
/// possible): such a link is neither a file to read nor a directory to follow.
fn is_dir_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
        && std::fs::metadata(path).is_ok_and(|m| m.is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn names(root: &Path, files: &[PathBuf]) -> Vec<String> {
        files
            .iter()
            .map(|p| {
                p.strip_prefix(root)
                    .unwrap_or(p)
                    .to_string_lossy()
                    .replace('\\', "/")
            })
            .collect()
    }

    #[test]
    fn skips_hidden_entries_and_target_and_sorts() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        for dir in ["b", "a/deep", ".git", "target", "sub/target", ".hidden"] {
            fs::create_dir_all(root.join(dir)).unwrap();
        }
        for file in [
            "b/z.card",
            "a/deep/y.card",
            "a/x.card",
            "a/notes.txt",
            ".git/h.card",
            "target/t.card",
            "sub/target/t.card",
            ".hidden/h.card",
            "a/.#x.card",
        ] {
            fs::write(root.join(file), "").unwrap();
        }
        let walk = card_files(&[root.to_owned()]);
        assert_eq!(
            names(root, &walk.files),
            ["a/deep/y.card", "a/x.card", "b/z.card"]
        );
        assert!(walk.errors.is_empty() && walk.truncated.is_none());
    }

    #[test]
    fn a_path_given_explicitly_is_taken_even_if_hidden() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        fs::create_dir_all(root.join(".cards")).unwrap();
        fs::write(root.join(".cards/a.card"), "").unwrap();
        fs::write(root.join("notes.txt"), "").unwrap();
        let walk = card_files(&[root.join(".cards"), root.join("notes.txt")]);
        assert_eq!(names(root, &walk.files), [".cards/a.card", "notes.txt"]);
    }

    #[test]
    fn a_missing_path_is_an_error_of_kind_not_found() {
        let walk = card_files(&[PathBuf::from("/no/such/cards")]);
        assert_eq!(walk.errors.len(), 1);
        assert_eq!(walk.errors[0].1.kind(), io::ErrorKind::NotFound);
    }

    #[cfg(unix)]
    #[test]
    fn symbolic_links_to_directories_are_not_followed_so_loops_end() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        fs::create_dir_all(root.join("a")).unwrap();
        fs::write(root.join("a/x.card"), "").unwrap();
        std::os::unix::fs::symlink(root, root.join("a/loop")).unwrap();
        std::os::unix::fs::symlink(root, root.join("a/loop.card")).unwrap();
        std::os::unix::fs::symlink(root.join("a/x.card"), root.join("linked.card")).unwrap();
        let walk = card_files(&[root.to_owned()]);
        assert_eq!(names(root, &walk.files), ["a/x.card", "linked.card"]);
    }

    #[test]
    fn the_walk_stops_at_its_limits_and_says_so() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        for i in 0..30 {
            fs::create_dir_all(root.join(format!("d{i}"))).unwrap();
            fs::write(root.join(format!("d{i}/c.card")), "").unwrap();
        }
        let few_files = card_files_with(
            &[root.to_owned()],
            Limits {
                entries: 1000,
                files: 5,
            },
        );
        assert_eq!(few_files.files.len(), 5);
        assert_eq!(few_files.truncated, Some(Truncated::Files(5)));
        let few_entries = card_files_with(
            &[root.to_owned()],
            Limits {
                entries: 10,
                files: 1000,
            },
        );
        assert_eq!(few_entries.truncated, Some(Truncated::Entries(10)));
        assert!(few_entries.files.len() < 10);
    }
}
