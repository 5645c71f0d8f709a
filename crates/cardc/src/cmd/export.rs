//! `cardc export --json | --csv [PATHS…]`: the checked card set as data, on stdout (or
//! `--out FILE`). JSON is the IR with each face's printed text under a schema version;
//! CSV is one row per face for spreadsheets. See `docs/export.md`.

use super::{compile_and_report, Inputs, Output, EXIT_ERRORS, EXIT_FAILURE};
use cardc_sheets::export;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cardc export`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("format").required(true).args(["json", "csv"])))]
pub struct ExportArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    output: Output,
    /// The IR as JSON, with each face's printed text (`docs/export.md`).
    #[arg(long)]
    json: bool,
    /// One row per face, with stats and printed text, for spreadsheets.
    #[arg(long)]
    csv: bool,
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
    let set = &compilation.set;
    let sources = Some(&compilation.sources);
    let text = if args.csv {
        csv(&export::rows(set, sources))
    } else {
        serde_json::to_string_pretty(&export::json(set, sources))
            .map(|j| j + "\n")
            .map_err(|e| format!("could not serialise the IR: {e}"))
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    match &args.out {
        None => {
            if let Err(code) = super::stdout(&text) {
                return code;
            }
        }
        Some(path) => {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(EXIT_FAILURE);
            }
        }
    }
    ExitCode::SUCCESS
}

/// The rows under a header of [`export::CSV_COLUMNS`], quoted where needed (RFC 4180).
fn csv(rows: &[Vec<String>]) -> Result<String, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| format!("could not write CSV: {e}");
    w.write_record(export::CSV_COLUMNS).map_err(fail)?;
    for row in rows {
        w.write_record(row).map_err(fail)?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| format!("could not write CSV: {e}"))?;
    String::from_utf8(bytes).map_err(|e| format!("could not write CSV: {e}"))
}
