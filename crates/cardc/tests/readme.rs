//! The README's build-script example, built as a fresh crate outside the workspace:
//! its `Cargo.toml`, `build.rs` and `src/lib.rs` are copied from the README's code blocks
//! (the `../cardc/` paths pointed at this checkout), and `cargo build --offline` must
//! compile it. Then the same crate with a broken card must fail with the diagnostics as
//! `cardc check` prints them (never the `Debug` of a struct), and with a card that has a
//! warning must build and show the warning as a cargo warning.
//!
//! Ignored by default (it compiles the cardc crates once more for the crate's build
//! script, a few minutes on two cores); `.ci/run` runs it after the workspace's tests, whose
//! target folder it shares:
//! `cargo test -p cardc --test readme -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The code blocks of the README's "From a build script" section: (language, text).
fn blocks() -> Vec<(String, String)> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme.find("## From a build script").unwrap();
    let section = &readme[start..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
    let mut out = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        if let Some(lang) = line.strip_prefix("```").filter(|l| !l.is_empty()) {
            let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            out.push((lang.to_owned(), body.join("\n") + "\n"));
        }
    }
    out
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// `cargo build --offline` of the crate in `dir`: (success, stderr).
///
/// The crate builds in the workspace's own target folder, with the workspace's profile for
/// what the build script links (dependencies at opt-level 1, the rest unoptimised; the
/// README's `opt-level = 3` is overridden on the command line): every dependency the
/// workspace's tests already compiled for the build script of `tests/build-script-demo` is
/// reused, and only the cardc crates are compiled again (at opt-level 1, as dependencies
/// of a crate outside the workspace). In a folder of its own, the first run compiled
/// everything at opt-level 3 and took 968 s on two cores.
fn cargo_build(dir: &Path) -> (bool, String) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    // `CARGO_TARGET_TMPDIR` is `<target>/tmp`.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .to_path_buf();
    let out = Command::new(cargo)
        .args(["build", "--offline", "--color", "never"])
        .args(["--config", "profile.dev.package.\"*\".opt-level=1"])
        .args(["--config", "profile.dev.build-override.opt-level=0"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
#[ignore = "builds a crate and cardc for its build script; .ci/run runs it"]
fn the_readme_build_script_compiles_as_a_fresh_crate() {
    let blocks = blocks();
    let file = |first_line: &str| {
        blocks
            .iter()
            .find(|(_, text)| text.starts_with(first_line))
            .map(|(_, text)| text.clone())
            .unwrap_or_else(|| panic!("no README block starting {first_line:?}"))
    };
    let checkout = format!("{}/", root().display());
    let manifest = file("# Cargo.toml").replace("../cardc/", &checkout);
    assert!(manifest.contains("cardc-engine"), "{manifest}");
    let dir = tempfile::Builder::new()
        .prefix("readme-crate")
        .tempdir_in(env!("CARGO_TARGET_TMPDIR"))
        .unwrap();
    let dir = dir.path();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    // Outside any workspace, with the checkout's locked versions (so `--offline` works).
    std::fs::write(dir.join("Cargo.toml"), manifest + "\n[workspace]\n").unwrap();
    std::fs::copy(root().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    std::fs::write(dir.join("build.rs"), file("// build.rs")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), file("// src/lib.rs")).unwrap();
    std::fs::write(
        dir.join("cards/synth.card"),
        cardc_codegen::synth::cards(20, 1),
    )
    .unwrap();

    let (ok, err) = cargo_build(dir);
    assert!(ok, "the README's example does not build:\n{err}");

    // A broken card: the build fails with the rendered diagnostics.
    let broken = "ground_unit \"Broken\" {\n    cost 1\n    rank 99\n    vox 1\n    attack 0\n    def 1\n    bogus 3\n}\n";
    std::fs::write(dir.join("cards/broken.card"), broken).unwrap();
    let (ok, err) = cargo_build(dir);
    assert!(!ok, "{err}");
    assert!(err.contains("error[E"), "{err}");
    assert!(err.contains("┌─ cards/broken.card:"), "{err}");
    assert!(err.contains("nothing was generated"), "{err}");
    assert!(
        !err.contains("Cards {"),
        "the error is shown through a derived Debug:\n{err}"
    );
    assert!(!err.contains("\\n"), "escaped line breaks:\n{err}");

    // A warning only: the build succeeds and cargo shows the warning.
    let loud = "ground_unit \"Loud Crowd\" {\n    cost 1\n    rank 2\n    vox 2\n    attack 0\n    def 1\n}\n";
    std::fs::write(dir.join("cards/broken.card"), loud).unwrap();
    let (ok, err) = cargo_build(dir);
    assert!(ok, "{err}");
    assert!(err.contains("warning[W0111]"), "{err}");
    assert!(err.contains("Loud Crowd"), "{err}");
}
