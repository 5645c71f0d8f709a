//! `cardc`: the command line over the pipeline.
//!
//! Exit codes: 0 clean (or warnings only), 1 errors in the cards, 2 usage or I/O failure.

mod cmd;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// The version and the commit it was built from (`0.1.0 (1a2b3c4d)`, `-dirty` when the
/// tree had uncommitted changes), as `build.rs` found them.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), env!("CARDC_COMMIT_SUFFIX"));

/// The card compiler: checks, builds and prints the card set.
#[derive(Debug, Parser)]
#[command(name = "cardc", version = VERSION, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The main job: check the cards, build `generated/` and render `sheets/`.
    All(cmd::all::AllArgs),
    /// The balance oracle: exact equilibria of a Liberation's sealed commitment.
    Balance(cmd::balance::BalanceArgs),
    /// Check, then generate the Rust of the card set into `generated/`.
    Build(cmd::build::BuildArgs),
    /// Check cards against the language and the game's rules (`-`: one file from stdin).
    Check(cmd::check::CheckArgs),
    /// Print the shell completion script: bash, zsh, fish, elvish or powershell.
    Completions(cmd::completions::CompletionsArgs),
    /// Explain a diagnostic code, as `rustc --explain` does.
    Explain(cmd::explain::ExplainArgs),
    /// Write the checked IR of the card set as JSON.
    Export(cmd::export::ExportArgs),
    /// Apply the suggested fixes that are certain, as `cargo fix` does.
    Fix(cmd::fix::FixArgs),
    /// Rewrite card files in the canonical layout, keeping every comment.
    Fmt(cmd::fmt::FmtArgs),
    /// Run the language server over stdio, for editors.
    Lsp(cmd::lsp::LspArgs),
    /// Create a starter card project: one card of each kind, a README, a `.gitignore`.
    New(cmd::new::NewArgs),
    /// Render proof sheets (HTML, optionally PDF/PNG) of the card set.
    Sheet(cmd::sheet::SheetArgs),
    /// Run `cardc all` on every save; `--serve` serves the sheets, reloading them live.
    Watch(cmd::watch::WatchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::All(args) => cmd::all::run(&args),
        Command::Balance(args) => cmd::balance::run(&args),
        Command::Build(args) => cmd::build::run(&args),
        Command::Check(args) => cmd::check::run(&args),
        Command::Completions(args) => cmd::completions::run(&args, &mut Cli::command()),
        Command::Explain(args) => cmd::explain::run(&args),
        Command::Export(args) => cmd::export::run(&args),
        Command::Fix(args) => cmd::fix::run(&args),
        Command::Fmt(args) => cmd::fmt::run(&args),
        Command::Lsp(args) => cmd::lsp::run(&args),
        Command::New(args) => cmd::new::run(&args),
        Command::Sheet(args) => cmd::sheet::run(&args),
        Command::Watch(args) => cmd::watch::run(&args),
    }
}
