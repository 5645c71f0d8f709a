//! `cardc lsp`: the language server over stdio, for editors (`docs/editors.md`).

use cardc::fmt::FormatError;
use cardc_diagnostics::CodeInfo;
use cardc_lsp::{FormatRefusal, Input, Toolchain};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `cardc lsp`.
#[derive(Debug, Args)]
pub struct LspArgs {
    /// Talk over stdin and stdout (the only transport; accepted because some clients
    /// pass it).
    #[arg(long)]
    stdio: bool,
}

/// The cardc pipeline, formatter and explanations, as the server runs them.
struct Cardc;

impl Toolchain for Cardc {
    fn card_files(&self, dir: &std::path::Path) -> cardc_lsp::CardFiles {
        let walk = cardc::walk::card_files(&[dir.to_owned()]);
        cardc_lsp::CardFiles {
            files: walk.files,
            stopped: walk.truncated.map(|t| t.to_string()),
        }
    }

    type Unit = cardc::FileUnit;

    fn compile_file(&self, id: cardc_diagnostics::FileId, input: Input) -> cardc::FileUnit {
        let input = cardc::Input {
            name: input.name,
            bytes: input.bytes,
        };
        cardc::compile_file(id, input)
    }

    fn text<'u>(&self, unit: &'u cardc::FileUnit) -> &'u str {
        &unit.text
    }

    fn cards<'u>(&self, unit: &'u cardc::FileUnit) -> &'u cardc_ir::CardSet {
        &unit.set
    }

    fn link(&self, units: &[&cardc::FileUnit]) -> Vec<Vec<cardc_diagnostics::Diagnostic>> {
        cardc::link(units)
    }

    fn format(&self, name: &str, text: &str) -> Result<String, FormatRefusal> {
        cardc::fmt::format_source(name, text).map_err(|e| match e {
            FormatError::Errors(_, diagnostics) => FormatRefusal::Errors(diagnostics),
            FormatError::Unstable(why) => FormatRefusal::Unstable(why),
        })
    }

    fn explain(&self, code: &str) -> Option<&'static CodeInfo> {
        cardc::codes::find(code)
    }
}

/// Runs `cardc lsp` until the editor exits. Exit code 1 when the editor left without
/// asking the server to shut down (as the protocol asks), 2 when stdio failed.
pub fn run(_args: &LspArgs) -> ExitCode {
    match cardc_lsp::run_stdio(&Cardc) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e @ cardc_lsp::Error::NoShutdown) => {
            eprintln!("cardc lsp: {e}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(super::EXIT_FAILURE)
        }
    }
}
