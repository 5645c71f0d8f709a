//! Rendering diagnostics: human (through codespan-reporting) and JSON (one object per
//! line, as cargo's `--message-format json`).

use cardc_diagnostics::{Diagnostic, FileId, Severity, SourceMap};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label as CsLabel};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::{self, termcolor::WriteColor};
use serde::Serialize;
use std::ops::Range;

/// The source map seen through codespan-reporting's `Files` trait.
pub struct CodespanFiles<'a>(pub &'a SourceMap);

impl<'a> Files<'a> for CodespanFiles<'a> {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(self.0.name(id))
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        Ok(self.0.text(id))
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.0.line_col(id, byte_index).line - 1)
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, FilesError> {
        let starts = self.0.line_starts(id);
        let len = self.0.text(id).len();
        let start = *starts.get(line_index).ok_or(FilesError::LineTooLarge {
            given: line_index,
            max: starts.len() - 1,
        })?;
        let end = starts.get(line_index + 1).copied().unwrap_or(len);
        Ok(start..end)
    }
}

/// Converts one of our diagnostics to codespan's form.
pub fn to_codespan(d: &Diagnostic, sources: &SourceMap) -> CsDiagnostic<FileId> {
    let severity = match d.severity {
        Severity::Error => codespan_reporting::diagnostic::Severity::Error,
        Severity::Warning => codespan_reporting::diagnostic::Severity::Warning,
        Severity::Note => codespan_reporting::diagnostic::Severity::Note,
    };
    let clamp = |span: cardc_diagnostics::Span| {
        let len = sources.text(span.file).len();
        let r = span.range();
        r.start.min(len)..r.end.min(len)
    };
    let mut labels = vec![CsLabel::primary(d.primary.span.file, clamp(d.primary.span))
        .with_message(d.primary.message.clone())];
    labels.extend(
        d.secondary.iter().map(|l| {
            CsLabel::secondary(l.span.file, clamp(l.span)).with_message(l.message.clone())
        }),
    );
    let mut notes: Vec<String> = d.notes.iter().map(|n| format!("note: {n}")).collect();
    if let Some(help) = &d.help {
        notes.push(format!("help: {help}"));
    }
    CsDiagnostic::new(severity)
        .with_code(d.code)
        .with_message(d.message.clone())
        .with_labels(labels)
        .with_notes(notes)
}

/// Writes `d` for a person, through codespan-reporting.
pub fn human(
    out: &mut dyn WriteColor,
    sources: &SourceMap,
    d: &Diagnostic,
) -> Result<(), codespan_reporting::files::Error> {
    let config = term::Config::default();
    term::emit(
        out,
        &config,
        &CodespanFiles(sources),
        &to_codespan(d, sources),
    )
}

/// Renders diagnostics as plain text (no colour), as golden files record them.
pub fn plain(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let mut buf = term::termcolor::NoColor::new(Vec::new());
    for d in diagnostics {
        // Writing to memory cannot fail; a span out of range is clamped above.
        let _ = human(&mut buf, sources, d);
    }
    String::from_utf8_lossy(&buf.into_inner()).into_owned()
}

/// A position in a file, for JSON output.
#[derive(Debug, Serialize)]
struct Position {
    line: usize,
    column: usize,
}

/// A labelled span, for JSON output.
#[derive(Debug, Serialize)]
struct JsonSpan<'a> {
    file: &'a str,
    byte_start: u32,
    byte_end: u32,
    start: Position,
    end: Position,
    label: &'a str,
}

/// One diagnostic as a JSON object.
#[derive(Debug, Serialize)]
struct JsonDiagnostic<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    severity: Severity,
    code: &'a str,
    message: &'a str,
    file: &'a str,
    line: usize,
    column: usize,
    byte_start: u32,
    byte_end: u32,
    spans: Vec<JsonSpan<'a>>,
    notes: &'a [String],
    help: Option<&'a str>,
}

/// One diagnostic as a single line of JSON.
pub fn json(sources: &SourceMap, d: &Diagnostic) -> String {
    let primary = &d.primary;
    let at = sources.line_col(primary.span.file, primary.span.start as usize);
    let spans = std::iter::once(primary)
        .chain(&d.secondary)
        .map(|l| {
            let s = sources.line_col(l.span.file, l.span.start as usize);
            let e = sources.line_col(l.span.file, l.span.end as usize);
            JsonSpan {
                file: sources.name(l.span.file),
                byte_start: l.span.start,
                byte_end: l.span.end,
                start: Position {
                    line: s.line,
                    column: s.column,
                },
                end: Position {
                    line: e.line,
                    column: e.column,
                },
                label: &l.message,
            }
        })
        .collect();
    let obj = JsonDiagnostic {
        kind: "diagnostic",
        severity: d.severity,
        code: d.code,
        message: &d.message,
        file: sources.name(primary.span.file),
        line: at.line,
        column: at.column,
        byte_start: primary.span.start,
        byte_end: primary.span.end,
        spans,
        notes: &d.notes,
        help: d.help.as_deref(),
    };
    serde_json::to_string(&obj).unwrap_or_default()
}

/// The summary line: `checked 42 cards in 9 files: 0 errors, 2 warnings`.
pub fn summary(c: &crate::Compilation) -> String {
    let cards = c.set.cards.len();
    let files = c.sources.ids().count();
    format!(
        "checked {cards} {} in {files} {}: {} {}, {} {}",
        plural(cards, "card", "cards"),
        plural(files, "file", "files"),
        c.error_count(),
        plural(c.error_count(), "error", "errors"),
        c.warning_count(),
        plural(c.warning_count(), "warning", "warnings"),
    )
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}
