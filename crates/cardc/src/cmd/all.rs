//! `cardc all [PATHS…]`: the main job in one command — check the cards once, then
//! build `generated/` and render the proof sheets from that one checked set.

use super::{compile_and_report, Inputs, Output};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `cardc all`.
#[derive(Debug, Args)]
pub struct AllArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    output: Output,
    /// The generated crate's directory.
    #[arg(long, default_value = "generated")]
    out: PathBuf,
    /// The folder for the proof sheets (A4, poker size, 3 mm bleed, proof marks).
    #[arg(long, default_value = "sheets")]
    sheets: PathBuf,
    /// Also print the sheets to `sheet.pdf` with headless Chromium.
    #[arg(long)]
    pdf: bool,
}

/// Runs `cardc all`: stops at the first stage that fails, with that stage's exit code.
pub fn run(args: &AllArgs) -> ExitCode {
    let compilation = match compile_and_report(&args.inputs, &args.output) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let built = super::build::generate_into(compilation, &args.out);
    if built != ExitCode::SUCCESS {
        return built;
    }
    let opts = cardc_sheets::SheetOptions::default();
    super::sheet::render_into(compilation, &args.sheets, &opts, args.pdf, false)
}
