//! A one-card edit of a 1,000-card set through a build script, end to end: a paired
//! harness, not a timing asserted anywhere.
//!
//! It lays out the README's build-script crate (`Cargo.toml`, `build.rs` calling
//! `cardc::Builder`, `src/lib.rs` including `cards.rs`) with `synth::cards(N, 1)` in its
//! `cards/`, and builds it with `cargo build` in two ways, alternately, round after
//! round:
//!
//! * `opt-level 0`: the cardc crates the build script links compiled unoptimised, as
//!   cargo does by default for build scripts;
//! * `opt-level 3`: the same crates at opt-level 3, as `[profile.dev.build-override]
//!   opt-level = 3` (`docs/codegen.md`) makes them.
//!
//! Both use the workspace's profile for crates.io dependencies (opt-level 1) and build in
//! the workspace's target folder, so only the cardc crates are compiled for the crate (once
//! for each way). Before the rounds, each way is built once (not timed). Each round then
//! changes one card's cost in `cards/synth.card` and times `cargo build` of each way, in
//! alternating order; the medians and their ratio are printed.
//!
//! `cargo bench -p cardc --bench build_script` (`-- CARDS ROUNDS`, default 1,000 cards and
//! 5 rounds).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The workspace's root folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|e| panic!("the workspace root: {e}"))
}

/// The workspace's own packages whose name starts with `cardc` (the build script's cardc
/// crates and the engine), by their folders under `crates/`.
fn cardc_packages() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("crates"))
        .unwrap_or_else(|e| panic!("crates/: {e}"))
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("Cargo.toml").exists())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with("cardc"))
        .collect();
    names.sort();
    names
}

/// `cargo build` of the crate in `dir` with the cardc crates at `opt`: its wall time.
fn build(dir: &Path, target: &Path, opt: u8) -> Duration {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "--offline", "--color", "never", "--quiet"])
        .args(["--config", "profile.dev.package.\"*\".opt-level=1"])
        .args([
            "--config",
            &format!("profile.dev.build-override.opt-level={opt}"),
        ]);
    for name in cardc_packages() {
        cmd.args([
            "--config",
            &format!("profile.dev.package.{name}.opt-level={opt}"),
        ]);
    }
    cmd.current_dir(dir).env("CARGO_TARGET_DIR", target);
    let start = Instant::now();
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("running cargo: {e}"));
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "cargo build (opt-level {opt}) failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    took
}

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let count = args.first().copied().unwrap_or(1_000);
    let rounds = args.get(1).copied().unwrap_or(5).max(1);

    // `CARGO_TARGET_TMPDIR` is `<target>/tmp`: the crate lives there and builds in
    // `<target>`, beside the workspace's own artefacts.
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let target = tmp
        .parent()
        .unwrap_or_else(|| panic!("no target folder above {}", tmp.display()))
        .to_path_buf();
    let dir = tmp.join(format!("build-script-bench-{count}"));
    std::fs::create_dir_all(dir.join("src")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(dir.join("cards")).unwrap_or_else(|e| panic!("{e}"));
    let checkout = root();
    let manifest = format!(
        "[package]\nname = \"bench-cards\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [dependencies]\ncardc-engine = {{ path = \"{0}/crates/cardc-engine\" }}\n\n\
         [build-dependencies]\ncardc = {{ path = \"{0}/crates/cardc\" }}\n\n[workspace]\n",
        checkout.display()
    );
    let write = |path: PathBuf, text: &str| {
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    write(dir.join("Cargo.toml"), &manifest);
    std::fs::copy(checkout.join("Cargo.lock"), dir.join("Cargo.lock"))
        .unwrap_or_else(|e| panic!("Cargo.lock: {e}"));
    write(
        dir.join("build.rs"),
        "fn main() -> Result<(), Box<dyn std::error::Error>> {\n    \
         cardc::Builder::new().cards(\"cards\").out_dir(std::env::var(\"OUT_DIR\")?).compile()?;\n    \
         Ok(())\n}\n",
    );
    write(
        dir.join("src/lib.rs"),
        "include!(concat!(env!(\"OUT_DIR\"), \"/cards.rs\"));\n",
    );
    let cards = cardc_codegen::synth::cards(count, 1);
    // The edited card: the first `cost N` line of the set.
    let at = cards
        .find("\n    cost ")
        .unwrap_or_else(|| panic!("no cost line in the synthetic set"))
        + "\n    cost ".len();
    let end = at + cards[at..].find('\n').unwrap_or(0);
    let edited = |cost: usize| format!("{}{cost}{}", &cards[..at], &cards[end..]);
    let card_file = dir.join("cards/synth.card");
    write(card_file.clone(), &edited(1));

    let ways = [0u8, 3];
    for opt in ways {
        eprintln!("build_script: first build, cardc at opt-level {opt} (not timed)");
        build(&dir, &target, opt);
    }
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); ways.len()];
    for round in 0..rounds {
        // A cost the card has not had: every way sees one edited card.
        write(card_file.clone(), &edited(2 + round % 7));
        let order: Vec<usize> = if round % 2 == 0 {
            vec![0, 1]
        } else {
            vec![1, 0]
        };
        for i in order {
            let took = build(&dir, &target, ways[i]);
            eprintln!(
                "build_script: round {round}, opt-level {}: {:.2} s",
                ways[i],
                took.as_secs_f64()
            );
            times[i].push(took);
        }
    }
    let medians: Vec<Duration> = times.into_iter().map(median).collect();
    println!("{count} cards, one card edited, {rounds} rounds (medians):");
    println!();
    println!("| cardc crates of the build script | `cargo build` after a one-card edit |");
    println!("| --- | --- |");
    for (opt, m) in ways.iter().zip(&medians) {
        println!("| opt-level {opt} | {:.2} s |", m.as_secs_f64());
    }
    println!();
    println!(
        "ratio opt-level 0 / opt-level 3: {:.2}",
        medians[0].as_secs_f64() / medians[1].as_secs_f64()
    );
}
