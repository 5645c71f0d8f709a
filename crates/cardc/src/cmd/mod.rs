//! The subcommands, one module each, and what they share: inputs, colour and
//! diagnostic output.

pub mod all;
pub mod balance;
pub mod build;
pub mod check;
pub mod completions;
pub mod explain;
pub mod export;
pub mod fix;
pub mod fmt;
pub mod lsp;
pub mod new;
pub mod sheet;
pub mod watch;

use cardc::{compile, load, Compilation, Input};
use cardc_diagnostics::Severity;
use clap::{Args, ValueEnum};
use codespan_reporting::term::termcolor::ColorChoice;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Writes `text` to stdout. A reader that closed the pipe (`cardc explain --list | head`)
/// ends the output quietly; any other failure is reported (exit code 2).
pub fn stdout(text: &str) -> Result<(), ExitCode> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => {
            eprintln!("error: cannot write to stdout: {e}");
            Err(ExitCode::from(EXIT_FAILURE))
        }
    }
}

/// Exit code 1: errors in the cards.
pub const EXIT_ERRORS: u8 = 1;
/// Exit code 2: usage or I/O failure.
pub const EXIT_FAILURE: u8 = 2;

/// The card files to read.
#[derive(Debug, Args)]
pub struct Inputs {
    /// `.card` files or directories (searched recursively) [default: cards/]
    pub paths: Vec<PathBuf>,
}

/// The path that stands for standard input (`cardc check -`, `cardc fmt -`).
pub const STDIN_PATH: &str = "-";
/// How standard input is named in diagnostics unless `--stdin-filename` names it.
pub const STDIN_NAME: &str = "<stdin>";

/// Reads all of standard input as bytes; a failure is printed and becomes exit code 2.
pub fn read_stdin() -> Result<Vec<u8>, ExitCode> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes).map_err(|e| {
        eprintln!("error: cannot read stdin: {e}");
        ExitCode::from(EXIT_FAILURE)
    })?;
    Ok(bytes)
}

/// A path as diagnostics name it: forward slashes, no leading `./`.
pub fn display_name(path: &std::path::Path) -> String {
    let s = path.to_string_lossy().replace('\\', "/");
    s.strip_prefix("./").map(str::to_owned).unwrap_or(s)
}

impl Inputs {
    /// Whether `-` (standard input) is among the paths.
    pub fn has_stdin(&self) -> bool {
        self.paths.iter().any(|p| p.as_os_str() == STDIN_PATH)
    }

    /// The paths, or `cards/` when none were given.
    pub fn paths(&self) -> Vec<PathBuf> {
        if self.paths.is_empty() {
            vec![PathBuf::from("cards")]
        } else {
            self.paths.clone()
        }
    }
}

/// When to colour output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Color {
    /// On a terminal, unless `NO_COLOR` is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// How diagnostics are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MessageFormat {
    /// For people, with source excerpts (on stderr).
    Human,
    /// One JSON object per line (on stdout), as cargo does.
    Json,
}

/// Options for printing diagnostics, shared by every command that compiles.
#[derive(Debug, Args)]
pub struct Output {
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value = "human")]
    pub message_format: MessageFormat,
    /// When to use colour.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: Color,
    /// Treat warnings as errors (`--deny warnings`).
    #[arg(short = 'D', long = "deny", value_name = "warnings", value_parser = ["warnings"])]
    pub deny: Option<String>,
    /// Print at most this many diagnostics (0: all); the rest are counted.
    #[arg(long, default_value_t = 200)]
    pub max_diagnostics: usize,
}

impl Output {
    fn color_choice(&self) -> ColorChoice {
        match self.color {
            Color::Always => ColorChoice::Always,
            Color::Never => ColorChoice::Never,
            Color::Auto => {
                let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
                if !no_color && std::io::stderr().is_terminal() {
                    ColorChoice::Auto
                } else {
                    ColorChoice::Never
                }
            }
        }
    }
}

/// Loads and compiles `inputs`, prints the diagnostics per `output` and the summary
/// line. Returns the compilation, or the exit code when the inputs could not be read.
pub fn compile_and_report(
    inputs: &Inputs,
    output: &Output,
) -> Result<&'static Compilation, ExitCode> {
    let loaded = load_inputs(inputs)?;
    // The compilation lives until the process exits: it is leaked on purpose, as rustc
    // does, so the exit does not pay for dropping every card's IR and every source.
    Ok(Box::leak(Box::new(compile_loaded(loaded, output))))
}

/// Reads the card files of `inputs`; a failure is printed and becomes exit code 2.
pub fn load_inputs(inputs: &Inputs) -> Result<Vec<Input>, ExitCode> {
    load(&inputs.paths()).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(EXIT_FAILURE)
    })
}

/// Compiles inputs already read and prints the diagnostics per `output`, as
/// [`compile_and_report`] does; the caller owns the result (`cardc watch` drops each
/// round's).
pub fn compile_loaded(loaded: Vec<Input>, output: &Output) -> Compilation {
    let mut compilation = compile(loaded);
    report(&mut compilation, output);
    compilation
}

/// Checks the art of a compiled set (card files are named relative to the current
/// folder, and so their art), applies `--deny warnings` and prints the diagnostics per
/// `output` and the summary line.
pub fn report(compilation: &mut Compilation, output: &Output) {
    cardc::check_art(compilation, std::path::Path::new(""));
    report_checked(compilation, output);
}

/// [`report`] for a compilation whose art was already checked.
pub fn report_checked(compilation: &mut Compilation, output: &Output) {
    if output.deny.is_some() {
        for d in &mut compilation.diagnostics {
            if d.severity == Severity::Warning {
                d.severity = Severity::Error;
                d.notes
                    .push("warnings are denied (`--deny warnings`)".to_owned());
            }
        }
    }
    print_diagnostics(compilation, output);
}

/// Replaces `path` with `text` through a temporary file in the same folder, renamed
/// over it: a reader (or a kill) sees the old file or the new one, never half of one.
pub fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.cardc.tmp"));
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

fn print_diagnostics(c: &Compilation, output: &Output) {
    let limit = if output.max_diagnostics == 0 {
        usize::MAX
    } else {
        output.max_diagnostics
    };
    let shown = &c.diagnostics[..c.diagnostics.len().min(limit)];
    match output.message_format {
        MessageFormat::Json => {
            let mut lines = String::new();
            for d in shown {
                lines.push_str(&cardc::render::json(&c.sources, d));
                lines.push('\n');
            }
            // A closed pipe is not the cards' fault; the exit code still says what they hold.
            let _ = stdout(&lines);
        }
        MessageFormat::Human => {
            cardc::render::to_stderr(&c.sources, shown, output.color_choice());
        }
    }
    let hidden = c.diagnostics.len() - shown.len();
    if hidden > 0 {
        eprintln!(
            "… and {hidden} more diagnostics not shown (use `--max-diagnostics 0` to see all)"
        );
    }
    eprintln!("{}", cardc::render::summary(c));
}
