//! `cardc check [PATHS…]`: diagnostics and a summary line; `--stats` for a set summary.

use super::{compile_and_report, Inputs, Output, EXIT_ERRORS};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `cardc check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    output: Output,
    /// Also print a summary of the set: counts, Vox and Rank histograms, Drives, Moralities.
    #[arg(long)]
    stats: bool,
}

/// Runs `cardc check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let compilation = match compile_and_report(&args.inputs, &args.output) {
        Ok(c) => c,
        Err(code) => return code,
    };
    if args.stats {
        if let Err(code) = super::stdout(&cardc_check::stats(&compilation.set).to_string()) {
            return code;
        }
    }
    if compilation.has_errors() {
        ExitCode::from(EXIT_ERRORS)
    } else {
        ExitCode::SUCCESS
    }
}
