//! The file-system primitive that `cardc build` (`generated/src/`) and `cardc sheet` (the
//! sheets folder) both rely on to replace a whole tree at once: [`exchange`], and the one
//! flush that makes a staged tree durable before it is swapped in: [`sync_file_system`].
//!
//! Each writer keeps its own staging, fallback and recovery, which differ (a crate's `src/`
//! beside hand-written files, a sheets folder replaced whole); the atomic step is here once.

#![warn(missing_docs)]

use std::io;
use std::path::Path;

/// Swaps the paths `a` and `b` in one step (Linux `renameat2(RENAME_EXCHANGE)`): a kill at
/// any instant leaves each name pointing at one complete tree.
///
/// `Ok(true)` when swapped; `Ok(false)` when this system or file system cannot exchange
/// (the caller then falls back to two renames and repairs a crash between them on its next
/// run); `Err` for any other failure.
#[cfg(target_os = "linux")]
pub fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::INVAL || e == rustix::io::Errno::NOSYS => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Swaps the paths `a` and `b` in one step: unavailable on this platform, so always
/// `Ok(false)` (the caller falls back to two renames).
#[cfg(not(target_os = "linux"))]
pub fn exchange(_a: &Path, _b: &Path) -> io::Result<bool> {
    Ok(false)
}

/// Makes everything written so far on the file system holding `path` durable, in one
/// call (Linux `syncfs`): one flush for a whole staged tree instead of one `fsync` per
/// file. It flushes the file system's other pending writes too.
///
/// `Ok(true)` when done; `Ok(false)` where this system has no such call (the caller then
/// syncs its files one by one).
#[cfg(target_os = "linux")]
pub fn sync_file_system(path: &Path) -> io::Result<bool> {
    let dir = std::fs::File::open(path)?;
    rustix::fs::syncfs(&dir)?;
    Ok(true)
}

/// Makes everything written so far on the file system holding `path` durable: unavailable
/// on this platform, so always `Ok(false)` (the caller syncs its files one by one).
#[cfg(not(target_os = "linux"))]
pub fn sync_file_system(_path: &Path) -> io::Result<bool> {
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_folders_trade_places() {
        let dir = std::env::temp_dir().join(format!("cardc-fs-{}", std::process::id()));
        let (a, b) = (dir.join("a"), dir.join("b"));
        for (d, f) in [(&a, "from-a"), (&b, "from-b")] {
            std::fs::create_dir_all(d).unwrap();
            std::fs::write(d.join(f), f).unwrap();
        }
        if exchange(&a, &b).unwrap() {
            assert!(a.join("from-b").exists() && b.join("from-a").exists());
        } else {
            assert!(
                a.join("from-a").exists(),
                "nothing moved when it cannot swap"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
