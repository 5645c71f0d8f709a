//! `cardc fmt [PATHS…] [--check]`: rewrite card files in the canonical layout,
//! keeping every comment. `cardc fmt -` formats standard input to standard output.

use super::{
    display_name, read_stdin, write_atomically, Inputs, EXIT_ERRORS, EXIT_FAILURE, STDIN_NAME,
};
use cardc::fmt::{format_source, FormatError};
use clap::Args;
use codespan_reporting::term::termcolor::ColorChoice;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `cardc fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    #[command(flatten)]
    inputs: Inputs,
    /// Change nothing; list the files that are not formatted and exit 1 if any.
    #[arg(long)]
    check: bool,
    /// With `-`: the name standard input has in diagnostics.
    #[arg(long, value_name = "PATH")]
    stdin_filename: Option<PathBuf>,
}

/// Runs `cardc fmt`.
pub fn run(args: &FmtArgs) -> ExitCode {
    if args.inputs.has_stdin() {
        if args.inputs.paths.len() > 1 {
            eprintln!("error: `cardc fmt -` formats standard input alone; give no other paths");
            return ExitCode::from(EXIT_FAILURE);
        }
        return format_stdin(args);
    }
    if args.stdin_filename.is_some() {
        eprintln!("error: `--stdin-filename` names standard input, which is read only with `-`");
        return ExitCode::from(EXIT_FAILURE);
    }
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

/// `cardc fmt -`: the formatted text on stdout (nothing with `--check`: exit 1 if it
/// differs); with errors, the diagnostics on stderr, nothing on stdout and exit 1.
fn format_stdin(args: &FmtArgs) -> ExitCode {
    let name = args
        .stdin_filename
        .as_deref()
        .map_or_else(|| STDIN_NAME.to_owned(), display_name);
    let bytes = match read_stdin() {
        Ok(bytes) => bytes,
        Err(code) => return code,
    };
    let Ok(src) = std::str::from_utf8(&bytes) else {
        eprintln!("error: {name}: not UTF-8; run `cardc check` for details");
        return ExitCode::from(EXIT_ERRORS);
    };
    match format_source(&name, src) {
        Ok(formatted) if args.check => {
            if formatted == src {
                ExitCode::SUCCESS
            } else {
                eprintln!("{name}: not formatted");
                ExitCode::from(EXIT_ERRORS)
            }
        }
        Ok(formatted) => match super::stdout(&formatted) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        Err(FormatError::Errors(sources, diagnostics)) => {
            cardc::render::to_stderr(&sources, &diagnostics, ColorChoice::Never);
            eprintln!("error: {name}: not formatted, it has errors");
            ExitCode::from(EXIT_ERRORS)
        }
        Err(FormatError::Unstable(why)) => {
            eprintln!("error: {name}: left as it is: {why}");
            ExitCode::from(EXIT_ERRORS)
        }
    }
}
