//! `cardc build` killed (`SIGKILL`) at random moments leaves its output directory either
//! exactly in the old state or exactly in the new one, never a mix, and the next build
//! removes whatever the killed one left behind.
//!
//! Two synthetic sets of 1,000 cards (seeds 1 and 2) are built to completion into two
//! reference crates, and each is `cargo check`ed once. Then a third crate is switched
//! back and forth between them by builds killed at random: half of the kills at a
//! uniformly random moment of a whole build, half while the new tree is being staged or
//! switched in (the moment a staging directory appears, plus a random delay). After each
//! kill the crate's `src/` must be byte-identical to one reference's, and its hand-written
//! `Cargo.toml` and `rustfmt.toml` untouched. Byte identity with a reference that
//! `cargo check` passes is the proof that the killed state compiles; one killed state is
//! also checked directly. That is three `cargo check`s of a 1,000-card crate instead of
//! one per kill, which would take minutes on CI's two cores.

#![cfg(unix)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CARDS: usize = 1000;
const KILLS: usize = 24;

type Tree = BTreeMap<PathBuf, Vec<u8>>;

/// Every file under `dir`, by path relative to it.
fn tree(dir: &Path) -> Tree {
    let mut out = Tree::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(dir.join(&rel)) else {
            continue;
        };
        for e in entries.flatten() {
            let child = rel.join(e.file_name());
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(child);
            } else {
                out.insert(child.clone(), std::fs::read(dir.join(&child)).unwrap());
            }
        }
    }
    out
}

/// Leftovers of interrupted runs anywhere under `dir`.
fn leftovers(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with(".cardc-") || name.ends_with(".tmp") {
                out.push(e.path());
            } else if e.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(e.path());
            }
        }
    }
    out
}

fn manifest() -> String {
    let engine = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cardc-engine")
        .canonicalize()
        .unwrap();
    format!(
        "[package]\nname = \"killed-cards\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [dependencies]\ncardc-engine = {{ path = {:?} }}\n\n[workspace]\n",
        engine.display().to_string()
    )
}

fn crate_dir(root: &Path, name: &str) -> PathBuf {
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Cargo.toml"), manifest()).unwrap();
    std::fs::write(dir.join("rustfmt.toml"), "disable_all_formatting = true\n").unwrap();
    dir
}

fn build(root: &Path, cards: &str, out: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cardc"));
    cmd.current_dir(root)
        .args(["build", cards, "--out", out, "--color", "never"])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd
}

fn complete_build(root: &Path, cards: &str, out: &str) {
    let status = build(root, cards, out).status().unwrap();
    assert!(
        status.success(),
        "cardc build {cards} --out {out}: {status}"
    );
}

fn cargo_check(dir: &Path, target: &Path) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["check", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cargo check of {} failed:\n{}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A small seeded generator for the kill times (SplitMix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n.max(1)
    }
}

fn staging(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_name().to_string_lossy().starts_with(".cardc-"))
    })
}

#[test]
fn a_build_killed_at_any_moment_leaves_the_old_or_the_new_complete_crate() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    for (dir, seed) in [("a", 1), ("b", 2)] {
        std::fs::create_dir_all(root.join(dir)).unwrap();
        let cards = cardc_codegen::synth::cards(CARDS, seed);
        std::fs::write(root.join(dir).join("synth.card"), cards).unwrap();
    }
    let (ref_a, ref_b) = (crate_dir(root, "ref_a"), crate_dir(root, "ref_b"));
    complete_build(root, "a", "ref_a");
    let started = Instant::now();
    complete_build(root, "b", "ref_b");
    let full = started.elapsed();
    let states = [tree(&ref_a.join("src")), tree(&ref_b.join("src"))];
    assert_ne!(states[0], states[1]);
    assert!(states[0].len() > CARDS && states[1].len() > CARDS);

    let out = crate_dir(root, "out");
    let hand_written = (
        std::fs::read(out.join("Cargo.toml")).unwrap(),
        std::fs::read(out.join("rustfmt.toml")).unwrap(),
    );
    complete_build(root, "a", "out");
    let mut current = 0;
    let mut rng = Rng(0x5eed);
    let mut during_staging = 0;
    let full_ms = u64::try_from(full.as_millis()).unwrap_or(u64::MAX).max(1);
    for kill in 0..KILLS {
        let next = 1 - current;
        let mut child = build(root, ["a", "b"][next], "out").spawn().unwrap();
        if kill % 2 == 0 {
            std::thread::sleep(Duration::from_millis(rng.below(full_ms)));
        } else {
            let deadline = Instant::now() + full * 4;
            while !staging(&out) && Instant::now() < deadline {
                if child.try_wait().unwrap().is_some() {
                    break;
                }
                std::thread::sleep(Duration::from_micros(200));
            }
            std::thread::sleep(Duration::from_micros(rng.below(full_ms * 100)));
        }
        let stage_seen = staging(&out);
        let _ = child.kill();
        let status = child.wait().unwrap();
        if stage_seen && status.code().is_none() {
            during_staging += 1;
        }
        let got = tree(&out.join("src"));
        let Some(state) = states.iter().position(|s| *s == got) else {
            let differing = states
                .iter()
                .map(|s| {
                    s.iter().filter(|(p, b)| got.get(*p) != Some(b)).count()
                        + got.keys().filter(|p| !s.contains_key(*p)).count()
                })
                .collect::<Vec<_>>();
            panic!(
                "kill {kill} ({status}) left a mixed src/ ({} files): {} files differ from \
                 the old state, {} from the new",
                got.len(),
                differing[current],
                differing[next]
            );
        };
        assert!(
            state == current || state == next,
            "kill {kill}: unexpected state"
        );
        assert_eq!(
            std::fs::read(out.join("Cargo.toml")).unwrap(),
            hand_written.0
        );
        assert_eq!(
            std::fs::read(out.join("rustfmt.toml")).unwrap(),
            hand_written.1
        );
        current = state;
    }
    assert!(
        during_staging >= KILLS / 4,
        "only {during_staging} of {KILLS} kills fell while the new tree was staged"
    );

    // The references compile, so every state seen compiled; check one killed state too.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("kill-check");
    cargo_check(&ref_a, &target);
    cargo_check(&ref_b, &target);
    cargo_check(&out, &target);

    // The next complete build finishes the switch and removes every leftover.
    let next = 1 - current;
    complete_build(root, ["a", "b"][next], "out");
    assert_eq!(tree(&out.join("src")), states[next]);
    assert_eq!(leftovers(&out), Vec::<PathBuf>::new());
}
