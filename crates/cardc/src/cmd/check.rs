//! `cardc check [PATHS…]`: diagnostics and a summary line; `--stats` for a set summary.
//!
//! `cardc check -` checks the text on standard input, named `<stdin>`; with
//! `--stdin-filename PATH` it is named PATH and checked as that file of the set (the
//! other PATHS, or `cards/` when there is one), replacing PATH's text on disk, so names
//! of other cards resolve; only its own diagnostics are printed and decide the exit code.

use super::{
    compile_and_report, display_name, read_stdin, report_checked, Inputs, Output, EXIT_ERRORS,
    EXIT_FAILURE, STDIN_NAME, STDIN_PATH,
};
use cardc::{Compilation, Input};
use clap::Args;
use std::path::{Path, PathBuf};
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
    /// With `-`: the path standard input's text stands for, in diagnostics and in the set.
    #[arg(long, value_name = "PATH")]
    stdin_filename: Option<PathBuf>,
}

/// Runs `cardc check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let compilation = if args.inputs.has_stdin() {
        check_stdin(args).map(|c| &*Box::leak(Box::new(c)))
    } else if args.stdin_filename.is_some() {
        eprintln!("error: `--stdin-filename` names standard input, which is read only with `-`");
        return ExitCode::from(EXIT_FAILURE);
    } else {
        compile_and_report(&args.inputs, &args.output)
    };
    let compilation = match compilation {
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

/// `cardc check -`: standard input as one file, alone or in place of its namesake in the
/// set; the diagnostics of the other files are not printed.
fn check_stdin(args: &CheckArgs) -> Result<Compilation, ExitCode> {
    let bytes = read_stdin()?;
    let others: Vec<PathBuf> = args
        .inputs
        .paths
        .iter()
        .filter(|p| p.as_os_str() != STDIN_PATH)
        .cloned()
        .collect();
    let (name, set_paths) = match &args.stdin_filename {
        None => (STDIN_NAME.to_owned(), others),
        Some(path) if others.is_empty() => {
            let default = Path::new("cards");
            let set = if default.is_dir() {
                vec![default.to_path_buf()]
            } else {
                Vec::new()
            };
            (display_name(path), set)
        }
        Some(path) => (display_name(path), others),
    };
    let mut loaded = if set_paths.is_empty() {
        Vec::new()
    } else {
        cardc::load(&set_paths).map_err(|e| {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_FAILURE)
        })?
    };
    loaded.retain(|input| input.name != name);
    loaded.push(Input::new(name.clone(), bytes));
    loaded.sort_by(|a, b| a.name.cmp(&b.name));
    let mut compilation = cardc::compile(loaded);
    cardc::check_art(&mut compilation, Path::new(""));
    let id = compilation
        .sources
        .ids()
        .find(|&id| compilation.sources.name(id) == name);
    compilation
        .diagnostics
        .retain(|d| Some(d.primary.span.file) == id);
    report_checked(&mut compilation, &args.output);
    Ok(compilation)
}
