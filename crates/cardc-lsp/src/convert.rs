//! cardc diagnostics → LSP diagnostics.
//!
//! The primary span becomes the range; the code, `source: "cardc"` and the severity
//! carry over; secondary labels become related information (with their own files'
//! URIs); the primary label, notes and help are appended to the message, one a line,
//! as `cardc check` prints them under the source excerpt.

use crate::position::LineIndex;
use cardc_diagnostics::{Diagnostic, FileId, Severity, Span};
use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range, Uri,
};
use std::collections::HashMap;

/// What converting needs to know of each file of a set, by [`FileId`]: its URI, text
/// and line index.
pub(crate) struct Files<'a> {
    files: HashMap<FileId, (&'a Uri, &'a str, &'a LineIndex)>,
}

impl<'a> Files<'a> {
    /// The files of a set.
    pub(crate) fn new(
        files: impl IntoIterator<Item = (FileId, &'a Uri, &'a str, &'a LineIndex)>,
    ) -> Self {
        Files {
            files: files
                .into_iter()
                .map(|(id, uri, text, index)| (id, (uri, text, index)))
                .collect(),
        }
    }

    /// The URI and range of a span, if its file is known.
    pub(crate) fn location(&self, span: Span) -> Option<(&'a Uri, Range)> {
        let (uri, text, index) = self.files.get(&span.file)?;
        let start = index.position(text, span.start as usize);
        let end = index.position(text, (span.end as usize).max(span.start as usize));
        Some((uri, Range::new(start, end)))
    }
}

/// One diagnostic for the file of its primary span, or `None` if that file is unknown.
pub(crate) fn diagnostic(d: &Diagnostic, files: &Files<'_>) -> Option<lsp_types::Diagnostic> {
    let (_, range) = files.location(d.primary.span)?;
    let related: Vec<DiagnosticRelatedInformation> = d
        .secondary
        .iter()
        .filter_map(|label| {
            let (uri, range) = files.location(label.span)?;
            Some(DiagnosticRelatedInformation {
                location: Location::new(uri.clone(), range),
                message: label.message.clone(),
            })
        })
        .collect();
    Some(lsp_types::Diagnostic {
        range,
        severity: Some(severity(d.severity)),
        code: Some(NumberOrString::String(d.code.to_owned())),
        code_description: None,
        source: Some("cardc".to_owned()),
        message: message(d),
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    })
}

fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
    }
}

/// The message, then the primary label, each note and the help, one a line.
fn message(d: &Diagnostic) -> String {
    let mut out = d.message.clone();
    if !d.primary.message.is_empty() {
        out.push('\n');
        out.push_str(&d.primary.message);
    }
    for note in &d.notes {
        out.push_str("\nnote: ");
        out.push_str(note);
    }
    if let Some(help) = &d.help {
        out.push_str("\nhelp: ");
        out.push_str(help);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::Position;
    use std::str::FromStr;

    fn uri(s: &str) -> Uri {
        Uri::from_str(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn a_diagnostic_keeps_code_labels_notes_and_help() {
        let (a, b) = (FileId(0), FileId(7));
        let (ta, tb) = ("x \"Grève\" y\n", "\n  z\n");
        let (ia, ib) = (LineIndex::new(ta), LineIndex::new(tb));
        let (ua, ub) = (uri("file:///a.card"), uri("file:///b.card"));
        let d = Diagnostic::error("E0170", Span::new(a, 10, 11), "twice")
            .with_label("second")
            .with_secondary(Span::new(b, 3, 4), "first")
            .with_note("names are unique")
            .with_help("rename one");
        let files = Files::new([(a, &ua, ta, &ia), (b, &ub, tb, &ib)]);
        let got = diagnostic(&d, &files).unwrap_or_else(|| panic!("no diagnostic"));
        assert_eq!(
            got.range,
            Range::new(Position::new(0, 9), Position::new(0, 10))
        );
        assert_eq!(got.severity, Some(DiagnosticSeverity::ERROR));
        assert_eq!(got.code, Some(NumberOrString::String("E0170".into())));
        assert_eq!(got.source.as_deref(), Some("cardc"));
        assert_eq!(
            got.message,
            "twice\nsecond\nnote: names are unique\nhelp: rename one"
        );
        let related = got.related_information.unwrap_or_default();
        assert_eq!(related.len(), 1);
        assert_eq!(related[0].location.uri.as_str(), "file:///b.card");
        assert_eq!(
            related[0].location.range,
            Range::new(Position::new(1, 2), Position::new(1, 3))
        );
        assert_eq!(related[0].message, "first");
    }

    #[test]
    fn a_span_in_an_unknown_file_gives_nothing() {
        let d = Diagnostic::error("E0001", Span::new(FileId(3), 0, 1), "lost");
        assert!(diagnostic(&d, &Files::new([])).is_none());
    }
}
