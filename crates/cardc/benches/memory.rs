//! Peak memory of `cardc check`: the release binary run on synthetic sets of 1,000,
//! 10,000 and 100,000 cards under `/usr/bin/time -v`, its maximum resident set size
//! read back and divided by the cards. A paired harness, not a timing: with
//! `CARDC_BASELINE=/path/to/other/cardc` the same sets are run through that binary too,
//! alternately, for a before/after comparison in one run.
//!
//! `cargo bench -p cardc --bench memory` (`-- 1000 10000` for some sizes only).

use std::path::Path;
use std::process::Command;

/// Peak RSS in KiB of `cardc check FILE` run by `bin`, and its exit code.
fn peak_rss(bin: &Path, file: &Path) -> Option<(u64, i32)> {
    let out = Command::new("/usr/bin/time")
        .arg("-v")
        .arg(bin)
        .args(["check", "--color", "never", "--max-diagnostics", "1"])
        .arg(file)
        .output()
        .ok()?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let kib = stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })?
        .trim()
        .parse()
        .ok()?;
    let code = stderr
        .lines()
        .find_map(|l| l.trim().strip_prefix("Exit status: "))
        .and_then(|c| c.trim().parse().ok())
        .unwrap_or(-1);
    Some((kib, code))
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![1_000, 10_000, 100_000]
    } else {
        sizes
    };
    if !Path::new("/usr/bin/time").exists() {
        eprintln!("memory: /usr/bin/time not found (apt-get install time); skipped");
        return;
    }
    let ours = Path::new(env!("CARGO_BIN_EXE_cardc")).to_owned();
    let baseline = std::env::var_os("CARDC_BASELINE").map(std::path::PathBuf::from);
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    println!("| cards | binary | peak RSS | per card | exit |");
    println!("| --- | --- | --- | --- | --- |");
    for count in sizes {
        let file = dir.path().join(format!("synth-{count}.card"));
        std::fs::write(&file, cardc_codegen::synth::cards(count, 1))
            .unwrap_or_else(|e| panic!("writing {}: {e}", file.display()));
        let mut bins = vec![("this", ours.clone())];
        if let Some(b) = &baseline {
            bins.insert(0, ("baseline", b.clone()));
        }
        for (name, bin) in bins {
            match peak_rss(&bin, &file) {
                Some((kib, code)) => println!(
                    "| {count} | {name} | {:.1} MiB | {:.2} KiB | {code} |",
                    kib as f64 / 1024.0,
                    kib as f64 / count as f64
                ),
                None => println!("| {count} | {name} | (failed) | | |"),
            }
        }
    }
}
