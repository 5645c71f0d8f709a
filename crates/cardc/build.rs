//! Captures the git commit for `cardc --version`: `CARDC_COMMIT_SUFFIX` is ` (1a2b3c4d)`,
//! ` (1a2b3c4d-dirty)` with uncommitted changes to tracked files, or empty where there is
//! no git or no repository (a source tarball). `CARDC_COMMIT` overrides it (packagers).
//!
//! It never fails the build, and reruns only when `HEAD`, the branch it points to or the
//! packed refs change (so a commit or a checkout), not on every edit: the `-dirty` mark
//! is as of the last time the script ran.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=CARDC_COMMIT");
    let commit = std::env::var("CARDC_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .map(|c| c.trim().to_owned())
        .or_else(from_git);
    let suffix = commit.map(|c| format!(" ({c})")).unwrap_or_default();
    println!("cargo:rustc-env=CARDC_COMMIT_SUFFIX={suffix}");
}

/// `git` run in this crate's folder; `None` if it is absent or fails.
fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn from_git() -> Option<String> {
    let hash = git(&["rev-parse", "--short=8", "HEAD"]).filter(|h| !h.is_empty())?;
    watch_refs();
    let dirty =
        git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    Some(if dirty { format!("{hash}-dirty") } else { hash })
}

/// `rerun-if-changed` on HEAD (in a worktree, its own), the ref HEAD names and the
/// packed refs (in the common git folder).
fn watch_refs() {
    let abs = |p: String| -> PathBuf {
        let p = PathBuf::from(p);
        match std::env::var_os("CARGO_MANIFEST_DIR") {
            Some(dir) if p.is_relative() => Path::new(&dir).join(p),
            _ => p,
        }
    };
    let Some(git_dir) = git(&["rev-parse", "--git-dir"]).map(abs) else {
        return;
    };
    let common = git(&["rev-parse", "--git-common-dir"])
        .map(abs)
        .unwrap_or_else(|| git_dir.clone());
    // A path that does not exist would rerun the script on every build: only real ones.
    let watch = |path: &Path| {
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    };
    watch(&git_dir.join("HEAD"));
    watch(&common.join("packed-refs"));
    if let Some(reference) = git(&["symbolic-ref", "-q", "HEAD"]) {
        // A loose ref lives in the worktree's folder (per-worktree refs) or the common one;
        // a packed one becomes loose on the next commit, in the folder watched for it.
        let loose: Vec<PathBuf> = [&git_dir, &common]
            .iter()
            .map(|base| base.join(&reference))
            .filter(|p| p.exists())
            .collect();
        if loose.is_empty() {
            if let Some(folder) = common.join(&reference).parent() {
                watch(folder);
            }
        }
        for path in &loose {
            watch(path);
        }
    }
}
