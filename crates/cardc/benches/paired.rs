//! A paired before/after harness for `cardc check`: two release binaries (this one and
//! `CARDC_BASELINE`) run alternately on the same card files, so machine load falls on
//! both alike, and compared by the median of their wall times and, where valgrind is
//! installed, by the instructions each executes (cachegrind's `I refs`), a count no other
//! process on the machine can move.
//!
//! The card files are synthetic sets (`cardc_codegen::synth::cards(N, 1)`) unless
//! `CARDC_PAIRED_SET` names files to use instead, separated as in `PATH` (for a baseline
//! whose vocabulary is older than today's synthetic pools: write the sets with the
//! baseline's own `cargo run -p cardc-codegen --features synth --example synth`). `CARDC_PAIRED_CARDS`
//! adds a folder of card files as one more case. Both binaries must accept every set
//! (exit 0); a case either rejects is reported and not compared.
//!
//! ```text
//! CARDC_BASELINE=/path/to/old/cardc cargo bench -p cardc --bench paired -- 1000 10000
//! ```
//!
//! Arguments: set sizes (default 1000 and 10000) and `--rounds N` (default 9). Set
//! `CARDC_PAIRED_VALGRIND=0` to skip the instruction counts.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// One case: its name and what to pass to `cardc check`.
struct Case {
    name: String,
    path: PathBuf,
}

/// The wall time of one `cardc check` of `path`, and whether it exited 0.
fn run(bin: &Path, path: &Path) -> Option<(Duration, bool)> {
    let start = Instant::now();
    let status = Command::new(bin)
        .args(["check", "--color", "never", "--max-diagnostics", "1"])
        .arg(path)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .ok()?;
    Some((start.elapsed(), status.success()))
}

/// The instructions one `cardc check` of `path` executes, counted by cachegrind.
fn instructions(bin: &Path, path: &Path) -> Option<u64> {
    let out = Command::new("valgrind")
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(bin)
        .args(["check", "--color", "never", "--max-diagnostics", "1"])
        .arg(path)
        .output()
        .ok()?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let line = stderr.lines().find(|l| l.contains("I   refs:"))?;
    let digits: String = line
        .rsplit(':')
        .next()?
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let mut sizes = Vec::new();
    let mut rounds = 9usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--rounds" {
            rounds = args.next().and_then(|n| n.parse().ok()).unwrap_or(rounds);
        } else if let Ok(n) = arg.parse::<usize>() {
            sizes.push(n);
        }
    }
    if sizes.is_empty() {
        sizes = vec![1_000, 10_000];
    }
    let rounds = rounds.max(1);
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_cardc"));
    let Some(baseline) = std::env::var_os("CARDC_BASELINE").map(PathBuf::from) else {
        eprintln!("paired: set CARDC_BASELINE to the cardc binary to compare with; skipped");
        return;
    };
    let valgrind = !matches!(std::env::var_os("CARDC_PAIRED_VALGRIND"), Some(v) if v == "0")
        && Command::new("valgrind").arg("--version").output().is_ok();
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));

    let mut cases = Vec::new();
    if let Some(cards) = std::env::var_os("CARDC_PAIRED_CARDS") {
        cases.push(Case {
            name: "card folder".to_owned(),
            path: PathBuf::from(cards),
        });
    }
    match std::env::var_os("CARDC_PAIRED_SET") {
        // Given files, one case each (`std::env::split_paths`: `a.card:b.card`).
        Some(files) => cases.extend(std::env::split_paths(&files).map(|path| {
            Case {
                name: path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                path,
            }
        })),
        None => {
            for count in sizes {
                let path = dir.path().join(format!("synth-{count}.card"));
                std::fs::write(&path, cardc_codegen::synth::cards(count, 1))
                    .unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
                cases.push(Case {
                    name: format!("{count} cards"),
                    path,
                });
            }
        }
    }

    println!("baseline: {}", baseline.display());
    println!("this:     {}", ours.display());
    println!("{rounds} alternating rounds per case; medians of wall time\n");
    println!("| case | baseline | this | this / baseline | instructions, baseline | instructions, this | ratio |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for case in &cases {
        let (mut before, mut after) = (Vec::new(), Vec::new());
        let mut accepted = true;
        for _ in 0..rounds {
            for (bin, times) in [(&baseline, &mut before), (&ours, &mut after)] {
                match run(bin, &case.path) {
                    Some((t, ok)) => {
                        accepted &= ok;
                        times.push(t);
                    }
                    None => accepted = false,
                }
            }
        }
        if !accepted {
            println!(
                "| {} | (a binary rejected the set or failed to run) | | | | | |",
                case.name
            );
            continue;
        }
        let (b, a) = (median(before), median(after));
        let counts = if valgrind {
            instructions(&baseline, &case.path).zip(instructions(&ours, &case.path))
        } else {
            None
        };
        let (ib, ia, ir) = match counts {
            Some((ib, ia)) => (
                format!("{:.1} M", ib as f64 / 1e6),
                format!("{:.1} M", ia as f64 / 1e6),
                format!("{:.3}", ia as f64 / ib as f64),
            ),
            None => Default::default(),
        };
        println!(
            "| {} | {} | {} | {:.3} | {ib} | {ia} | {ir} |",
            case.name,
            ms(b),
            ms(a),
            a.as_secs_f64() / b.as_secs_f64()
        );
    }
}
