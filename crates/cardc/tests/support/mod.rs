//! Helpers shared by the integration tests: the repository root and compiling a set
//! of files under stable, repository-relative names.

#![allow(dead_code)]

use cardc::Compilation;
use std::path::{Path, PathBuf};

/// The repository root (two levels above this crate).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.card` files directly in `dir` (relative to the root), sorted.
pub fn card_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "card"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Compiles `files`, naming each by its path relative to the root, so rendered
/// diagnostics are the same on every machine.
pub fn compile(files: &[PathBuf]) -> Compilation {
    let root = root().canonicalize().unwrap_or_else(|_| root());
    let inputs = files
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let canonical = path.canonicalize().unwrap_or_else(|_| path.clone());
            let name = canonical
                .strip_prefix(&root)
                .unwrap_or(&canonical)
                .to_string_lossy()
                .replace('\\', "/");
            cardc::Input { name, bytes }
        })
        .collect();
    let mut compilation = cardc::compile(inputs);
    // Names are relative to the root, and so the art they name.
    cardc::check_art(&mut compilation, &root);
    compilation
}

/// Whether goldens should be rewritten rather than compared.
pub fn updating() -> bool {
    std::env::var_os("UPDATE_EXPECT").is_some_and(|v| v != "0")
}

/// Reads one `Content-Length`-framed JSON-RPC message of the language server; `None` at the
/// end of the stream or on a frame that is not JSON.
pub fn read_frame(reader: &mut impl std::io::BufRead) -> Option<serde_json::Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length:") {
            length = n.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}
