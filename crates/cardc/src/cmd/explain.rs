//! `cardc explain CODE` / `cardc explain --list`.

use super::EXIT_FAILURE;
use clap::Args;
use std::process::ExitCode;

/// Arguments of `cardc explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The code to explain, e.g. `E0101`.
    #[arg(required_unless_present = "list")]
    code: Option<String>,
    /// List every code with its name and the rule it enforces.
    #[arg(long, conflicts_with = "code")]
    list: bool,
}

/// Runs `cardc explain`.
pub fn run(args: &ExplainArgs) -> ExitCode {
    if args.list {
        for info in cardc::codes::all() {
            let severity = match info.severity {
                cardc_diagnostics::Severity::Error => "error",
                cardc_diagnostics::Severity::Warning => "warning",
                cardc_diagnostics::Severity::Note => "note",
            };
            println!(
                "{}  {:<8} {:<36} {}",
                info.code,
                severity,
                info.name,
                info.section.unwrap_or("")
            );
        }
        return ExitCode::SUCCESS;
    }
    let code = args.code.as_deref().unwrap_or_default();
    match cardc::codes::find(code) {
        Some(info) => {
            let section = info.section.map(|s| format!(" ({s})")).unwrap_or_default();
            // Explanations that open with their own heading need no second one.
            if !info.explanation.starts_with("# ") {
                println!("{}: {}{section}\n", info.code, info.name);
            }
            print!("{}", info.explanation);
            ExitCode::SUCCESS
        }
        None => {
            eprintln!(
                "error: `{code}` is not a cardc diagnostic code (see `cardc explain --list`)"
            );
            ExitCode::from(EXIT_FAILURE)
        }
    }
}
