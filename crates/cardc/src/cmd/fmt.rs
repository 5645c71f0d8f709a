//! `cardc fmt [PATHS…] [--check]`: rewrite card files in the canonical layout,
//! keeping every comment.

use super::{write_atomically, Inputs, EXIT_ERRORS, EXIT_FAILURE};
use cardc::fmt::{format_source, FormatError};
use clap::Args;
use codespan_reporting::term::termcolor::ColorChoice;
use std::path::Path;
use std::process::ExitCode;

/// Arguments of `cardc fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    #[command(flatten)]
    inputs: Inputs,
    /// Change nothing; list the files that are not formatted and exit 1 if any.
    #[arg(long)]
    check: bool,
}

/// Runs `cardc fmt`.
pub fn run(args: &FmtArgs) -> ExitCode {
    let inputs = match cardc::load(&args.inputs.paths()) {
        Ok(inputs) => inputs,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    let mut failed = false;
    let mut unformatted = 0;
    for input in &inputs {
        let Ok(src) = std::str::from_utf8(&input.bytes) else {
            eprintln!(
                "error: {}: not UTF-8; run `cardc check` for details",
                input.name
            );
            failed = true;
            continue;
        };
        match format_source(&input.name, src) {
            Ok(formatted) if formatted == src => {}
            Ok(_) if args.check => {
                eprintln!("{}: not formatted", input.name);
                unformatted += 1;
            }
            Ok(formatted) => {
                if let Err(e) = write_atomically(Path::new(&input.name), &formatted) {
                    eprintln!("error: {}: {e}", input.name);
                    return ExitCode::from(EXIT_FAILURE);
                }
                eprintln!("formatted {}", input.name);
            }
            Err(FormatError::Errors(sources, diagnostics)) => {
                cardc::render::to_stderr(&sources, &diagnostics, ColorChoice::Never);
                eprintln!("error: {}: not formatted, it has errors", input.name);
                failed = true;
            }
            Err(FormatError::Unstable(why)) => {
                eprintln!("error: {}: left as it is: {why}", input.name);
                failed = true;
            }
        }
    }
    if failed || unformatted > 0 {
        ExitCode::from(EXIT_ERRORS)
    } else {
        ExitCode::SUCCESS
    }
}
