//! Shared helpers of the front end's tests: the repository root and a deterministic,
//! colourless plain-text rendering of diagnostics for golden files.

#![allow(dead_code)]

use std::path::PathBuf;

use cardc_diagnostics::{Diagnostic, FileId, SourceMap, Span};

/// The repository root (two levels above this crate).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.card` files of a directory, sorted by name.
pub fn card_files(dir: &std::path::Path, prefix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| {
        p.extension().is_some_and(|e| e == "card")
            && p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix))
    });
    files.sort();
    files
}

fn at(map: &SourceMap, span: Span) -> String {
    let a = map.line_col(span.file, span.start as usize);
    let b = map.line_col(span.file, span.end as usize);
    format!("{}:{}-{}:{}", a.line, a.column, b.line, b.column)
}

/// `file:line:col: error[CODE]: message`, then label, secondary, note and help lines.
pub fn render(map: &SourceMap, diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        let span = d.primary.span;
        let lc = map.line_col(span.file, span.start as usize);
        let severity = match d.severity {
            cardc_diagnostics::Severity::Error => "error",
            cardc_diagnostics::Severity::Warning => "warning",
            cardc_diagnostics::Severity::Note => "note",
        };
        out += &format!(
            "{}:{}:{}: {severity}[{}]: {}\n",
            map.name(span.file),
            lc.line,
            lc.column,
            d.code,
            d.message
        );
        let text = map.text(span.file).get(span.range()).unwrap_or("");
        out += &format!(
            "    label {} `{}`: {}\n",
            at(map, span),
            text.escape_debug(),
            d.primary.message
        );
        for s in &d.secondary {
            out += &format!("    secondary {}: {}\n", at(map, s.span), s.message);
        }
        for n in &d.notes {
            out += &format!("    note: {n}\n");
        }
        if let Some(h) = &d.help {
            out += &format!("    help: {h}\n");
        }
    }
    out
}

/// Parses raw bytes as file `name` and renders the diagnostics.
pub fn parse_and_render(
    name: &str,
    bytes: &[u8],
) -> (cardc_syntax::SourceFile, Vec<Diagnostic>, String) {
    let mut map = SourceMap::new();
    let (ast, diags, text) = cardc_syntax::parse_bytes(FileId(0), bytes);
    let id = map.add(name, text);
    assert_eq!(id, FileId(0));
    let rendered = render(&map, &diags);
    (ast, diags, rendered)
}
