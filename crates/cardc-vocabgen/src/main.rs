//! `cargo run -p cardc-vocabgen [-- --check]`: regenerates every file derived from
//! `vocab/vocabulary.toml`, or with `--check` only says which are stale (exit 1).
//! Exit codes: 0 done (or fresh), 1 stale under `--check`, 2 a bad table or an I/O failure.

use std::process::ExitCode;

fn main() -> ExitCode {
    let check = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("--check") => true,
        Some(other) => {
            eprintln!(
                "usage: {} [--check] (unknown argument `{other}`)",
                cardc_vocabgen::COMMAND
            );
            return ExitCode::from(2);
        }
    };
    let root = cardc_vocabgen::root();
    let outputs = match cardc_vocabgen::generate(&root) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if check {
        let stale = cardc_vocabgen::stale(&root, &outputs);
        for p in &stale {
            eprintln!("stale: {}", p.display());
        }
        return if stale.is_empty() {
            ExitCode::SUCCESS
        } else {
            eprintln!("run `{}` and commit", cardc_vocabgen::COMMAND);
            ExitCode::from(1)
        };
    }
    match cardc_vocabgen::write(&root, &outputs) {
        Ok(written) => {
            for p in &written {
                println!("wrote {}", p.display());
            }
            println!(
                "{} of {} derived files were stale",
                written.len(),
                outputs.len()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
