//! `cardc fix [PATHS…] [--dry-run] [--diff]`: apply the machine-applicable suggestions,
//! as `cargo fix` does, and report what is left.

use super::{write_atomically, Inputs, Output, EXIT_ERRORS, EXIT_FAILURE};
use clap::Args;
use std::path::Path;
use std::process::ExitCode;

/// Arguments of `cardc fix`.
#[derive(Debug, Args)]
pub struct FixArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    output: Output,
    /// Write nothing; list the files that would change.
    #[arg(long)]
    dry_run: bool,
    /// Print the changes as a unified diff on stdout, and write nothing.
    #[arg(long)]
    diff: bool,
}

/// Runs `cardc fix`. Exit code 0 when no error is left, 1 when some remain (they
/// need a person), 2 when a file cannot be read or written.
pub fn run(args: &FixArgs) -> ExitCode {
    let inputs = match cardc::load(&args.inputs.paths()) {
        Ok(inputs) => inputs,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    let fixed = cardc::fix::fix(inputs);
    let write = !args.dry_run && !args.diff;
    let mut diffs = String::new();
    for f in fixed.files.iter().filter(|f| f.changed()) {
        if args.diff {
            diffs.push_str(&cardc::fix::diff(f));
        }
        let edits = match f.applied {
            1 => "1 fix".to_owned(),
            n => format!("{n} fixes"),
        };
        if !write {
            eprintln!("would fix {} ({edits})", f.name);
            continue;
        }
        let Some(text) = &f.fixed else { continue };
        if let Err(e) = write_atomically(Path::new(&f.name), text) {
            eprintln!("error: {}: {e}", f.name);
            return ExitCode::from(EXIT_FAILURE);
        }
        eprintln!("fixed {} ({edits})", f.name);
    }
    for f in fixed.files.iter().filter(|f| f.refused > 0) {
        eprintln!(
            "warning: {}: left as it is: with its {} suggested {} it would have more errors",
            f.name,
            f.refused,
            if f.refused == 1 { "fix" } else { "fixes" },
        );
    }
    if args.diff {
        if let Err(code) = super::stdout(&diffs) {
            return code;
        }
    }
    // What is left, as `cardc check` would show it.
    let mut left = fixed.compilation;
    super::report(&mut left, &args.output);
    if left.has_errors() {
        ExitCode::from(EXIT_ERRORS)
    } else {
        ExitCode::SUCCESS
    }
}
