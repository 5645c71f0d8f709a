//! cardc diagnostics → LSP diagnostics.
//!
//! The primary span becomes the range; the code, `source: "cardc"` and the severity
//! carry over; secondary labels become related information (with their own files'
//! URIs); the primary label, notes and help are appended to the message, one a line,
//! as `cardc check` prints them under the source excerpt.

use crate::position::LineIndex;
use cardc_diagnostics::{Diagnostic, FileId, Severity, SourceMap, Span};
use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range, Uri,
};

/// What converting needs to know of each file of a compilation, by [`FileId`].
pub(crate) struct Files<'a> {
    sources: &'a SourceMap,
    files: Vec<Option<(Uri, LineIndex)>>,
}

impl<'a> Files<'a> {
    /// `uris[i]` is the URI of `FileId(i)` of `sources` (`None`: not reported).
    pub(crate) fn new(sources: &'a SourceMap, uris: Vec<Option<Uri>>) -> Self {
        let files = uris
            .into_iter()
            .enumerate()
            .map(|(i, uri)| {
                let id = FileId(u32::try_from(i).unwrap_or(u32::MAX));
                uri.map(|uri| (uri, LineIndex::new(sources.text(id))))
            })
            .collect();
        Files { sources, files }
    }

    /// The URI and range of a span, if its file is known.
    pub(crate) fn location(&self, span: Span) -> Option<(&Uri, Range)> {
        let (uri, index) = self.files.get(span.file.0 as usize)?.as_ref()?;
        let text = self.sources.text(span.file);
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
        let mut sources = SourceMap::new();
        let a = sources.add("a.card", "x \"Grève\" y\n");
        let b = sources.add("b.card", "\n  z\n");
        let d = Diagnostic::error("E0170", Span::new(a, 10, 11), "twice")
            .with_label("second")
            .with_secondary(Span::new(b, 3, 4), "first")
            .with_note("names are unique")
            .with_help("rename one");
        let files = Files::new(
            &sources,
            vec![Some(uri("file:///a.card")), Some(uri("file:///b.card"))],
        );
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
        let sources = SourceMap::new();
        let d = Diagnostic::error("E0001", Span::new(FileId(3), 0, 1), "lost");
        assert!(diagnostic(&d, &Files::new(&sources, Vec::new())).is_none());
    }
}
