//! The generator's fingerprint, `CARDC_CODEGEN_FINGERPRINT`: a hash of every source that
//! decides what code generation prints — this crate, the IR and its shared vocabularies,
//! and the locked versions of quote, syn and prettyplease (the workspace's `Cargo.lock`).
//! It is part of every key of the generation cache (`src/cache.rs`), so a cache written
//! by another version of the generator is never read.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let crates = manifest.parent().unwrap_or(Path::new("..")).to_owned();
    let mut inputs = Vec::new();
    for krate in ["cardc-codegen", "cardc-ir", "cardc-types"] {
        let dir = crates.join(krate);
        inputs.push(dir.join("Cargo.toml"));
        collect(&dir.join("src"), &mut inputs);
    }
    inputs.push(crates.join("../Cargo.lock"));
    inputs.sort();
    let mut hasher = Fnv::default();
    env!("CARGO_PKG_VERSION").hash(&mut hasher);
    for path in &inputs {
        println!("cargo:rerun-if-changed={}", path.display());
        path.strip_prefix(&crates).unwrap_or(path).hash(&mut hasher);
        // A file that cannot be read counts as empty: the hash still changes with the rest.
        std::fs::read(path).unwrap_or_default().hash(&mut hasher);
    }
    println!(
        "cargo:rustc-env=CARDC_CODEGEN_FINGERPRINT={:016x}",
        hasher.finish()
    );
}

/// Every file under `dir`, recursively; directories are listed for rerun-if-changed too.
fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    out.push(dir.to_owned());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            collect(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// FNV-1a, 64 bits: the same on every machine and toolchain, unlike `DefaultHasher`.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x100_0000_01b3);
        }
    }
}
