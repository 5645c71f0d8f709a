//! `cardc all [PATHS…]`: the main job in one command — check the cards once, then
//! build `generated/` and render the proof sheets from that one checked set.

use super::{compile_loaded, Inputs, Output};
use cardc::Input;
use clap::Args;
use std::path::{Path, PathBuf};
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
    match super::load_inputs(&args.inputs) {
        Ok(loaded) => round(loaded, &args.targets()),
        Err(code) => code,
    }
}

/// Where one round of `cardc all` writes, and how it reports.
#[derive(Debug)]
pub struct Targets<'a> {
    /// How diagnostics are printed.
    pub output: &'a Output,
    /// The generated crate's directory.
    pub out: &'a Path,
    /// The sheets folder.
    pub sheets: &'a Path,
    /// Also print `sheet.pdf`.
    pub pdf: bool,
}

impl AllArgs {
    /// The inputs to read.
    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    /// Where a round writes.
    pub fn targets(&self) -> Targets<'_> {
        Targets {
            output: &self.output,
            out: &self.out,
            sheets: &self.sheets,
            pdf: self.pdf,
        }
    }
}

/// One round of `cardc all` over card files already read: check and report, then build
/// `generated/` and render the sheets from that one checked set. `cardc watch` runs it on
/// every change.
pub fn round(loaded: Vec<Input>, targets: &Targets<'_>) -> ExitCode {
    let compilation = compile_loaded(loaded, targets.output);
    let built = super::build::generate_into(&compilation, targets.out);
    if built != ExitCode::SUCCESS {
        return built;
    }
    let opts = cardc_sheets::SheetOptions::default();
    super::sheet::render_into(&compilation, targets.sheets, &opts, targets.pdf, false)
}
