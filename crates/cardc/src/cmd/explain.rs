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
    let text = if args.list {
        let mut list = String::new();
        for info in cardc::codes::all() {
            let severity = match info.severity {
                cardc_diagnostics::Severity::Error => "error",
                cardc_diagnostics::Severity::Warning => "warning",
                cardc_diagnostics::Severity::Note => "note",
            };
            let section = info.section.unwrap_or("");
            let line = format!("{}  {severity:<8} {:<36} {section}", info.code, info.name);
            list.push_str(line.trim_end());
            list.push('\n');
        }
        list
    } else {
        let code = args.code.as_deref().unwrap_or_default();
        let Some(info) = cardc::codes::find(code) else {
            eprintln!(
                "error: `{code}` is not a cardc diagnostic code (see `cardc explain --list`)"
            );
            return ExitCode::from(EXIT_FAILURE);
        };
        let section = info.section.map(|s| format!(" ({s})")).unwrap_or_default();
        // Explanations that open with their own heading need no second one.
        if info.explanation.starts_with("# ") {
            info.explanation.to_owned()
        } else {
            format!(
                "{}: {}{section}\n\n{}",
                info.code, info.name, info.explanation
            )
        }
    };
    match super::stdout(&text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}
