//! `cardc build [PATHS…] [--out DIR]`: check, then generate the Rust of the card set
//! into the `generated/` crate (or DIR), through the generation cache in DIR. With
//! errors, nothing is written.

use super::{compile_and_report, Inputs, Output, EXIT_ERRORS, EXIT_FAILURE};
use cardc::{BuildError, Compilation};
use cardc_codegen::Options;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `cardc build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    output: Output,
    /// The generated crate's directory; `src/lib.rs` and `src/cards/*.rs` are written
    /// under it (its hand-written `Cargo.toml` is never touched).
    #[arg(long, default_value = "generated")]
    out: PathBuf,
}

/// Runs `cardc build`.
pub fn run(args: &BuildArgs) -> ExitCode {
    match compile_and_report(&args.inputs, &args.output) {
        Ok(compilation) => generate_into(compilation, &args.out),
        Err(code) => code,
    }
}

/// Generates the crate's files from a compilation (already reported) into `out`,
/// through the generation cache in `out` (`out/.cardc/`): only cards whose IR changed
/// are generated and formatted again. With errors in the cards nothing is written and
/// the previous files stay as they were.
pub fn generate_into(compilation: &Compilation, out: &Path) -> ExitCode {
    match cardc::builder::build(compilation, &Options::default(), out) {
        Ok(built) if built.up_to_date => {
            eprintln!(
                "generated {} files in {}: nothing changed since the last build, \
                 0 written, {} unchanged, {} removed",
                built.files,
                out.display(),
                built.report.unchanged.len(),
                built.report.removed.len(),
            );
            ExitCode::SUCCESS
        }
        Ok(built) => {
            let report = &built.report;
            eprintln!(
                "generated {} files in {}: {} written, {} unchanged, {} removed \
                 ({} formatted, {} from the cache)",
                built.files,
                out.display(),
                report.written.len(),
                report.unchanged.len(),
                report.removed.len(),
                built.cache_misses,
                built.cache_hits
            );
            ExitCode::SUCCESS
        }
        Err(BuildError::Cards { .. }) => {
            eprintln!("error: the cards have errors; nothing was generated");
            ExitCode::from(EXIT_ERRORS)
        }
        Err(e) => {
            eprintln!("error: {}: {e}", out.display());
            ExitCode::from(EXIT_FAILURE)
        }
    }
}
