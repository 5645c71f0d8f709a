//! `cardc export --json [PATHS…]`: the checked IR as JSON on stdout (or `--out FILE`).

use super::{compile_and_report, Inputs, Output, EXIT_ERRORS, EXIT_FAILURE};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cardc export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    output: Output,
    /// Export as JSON (the only format).
    #[arg(long, required = true)]
    json: bool,
    /// Write to this file instead of stdout.
    #[arg(long, short)]
    out: Option<PathBuf>,
}

/// Runs `cardc export`. Nothing is written when the cards have errors.
pub fn run(args: &ExportArgs) -> ExitCode {
    let compilation = match compile_and_report(&args.inputs, &args.output) {
        Ok(c) => c,
        Err(code) => return code,
    };
    if compilation.has_errors() {
        return ExitCode::from(EXIT_ERRORS);
    }
    let json = match serde_json::to_string_pretty(&compilation.set) {
        Ok(j) => j + "\n",
        Err(e) => {
            eprintln!("error: could not serialise the IR: {e}");
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    match &args.out {
        None => {
            if let Err(code) = super::stdout(&json) {
                return code;
            }
        }
        Some(path) => {
            if let Err(e) = std::fs::write(path, json) {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(EXIT_FAILURE);
            }
        }
    }
    ExitCode::SUCCESS
}
