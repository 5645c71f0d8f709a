//! Rendering diagnostics: human (through codespan-reporting) and JSON (one object per
//! line, as cargo's `--message-format json`).
//!
//! Human output is buffered (codespan-reporting writes a few bytes at a time) and never
//! passes a control, bidirectional or invisible character of a card file to the
//! terminal: sources show them as `?`, messages as `\u{…}`. JSON escapes them anyway.

use cardc_diagnostics::{Applicability, Diagnostic, FileId, Severity, SourceMap, Suggestion};
use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label as CsLabel};
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term::termcolor::{Ansi, ColorChoice, NoColor, WriteColor};
use codespan_reporting::term::{self};
use serde::Serialize;
use std::borrow::Cow;
use std::cell::OnceCell;
use std::ops::Range;

/// The source map seen through codespan-reporting's `Files` trait, with every control,
/// bidirectional and invisible character of a source shown as `?` (one per byte, so
/// byte offsets and line breaks stay where they are): a raw ESC or RIGHT-TO-LEFT
/// OVERRIDE in a card file must not reach the terminal. Each file is escaped once, the
/// first time a diagnostic shows it.
pub struct CodespanFiles<'a> {
    map: &'a SourceMap,
    shown: Vec<OnceCell<Cow<'a, str>>>,
}

impl<'a> CodespanFiles<'a> {
    /// The files of `map`.
    pub fn new(map: &'a SourceMap) -> Self {
        CodespanFiles {
            map,
            shown: map.ids().map(|_| OnceCell::new()).collect(),
        }
    }
}

impl<'a> Files<'a> for CodespanFiles<'a> {
    type FileId = FileId;
    type Name = Cow<'a, str>;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<Cow<'a, str>, FilesError> {
        Ok(escape(self.map.name(id)))
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        let text = self.map.text(id);
        match self.shown.get(id.0 as usize) {
            Some(cell) => Ok(cell.get_or_init(|| blank_hidden(text))),
            None => Ok(text),
        }
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        Ok(self.map.line_col(id, byte_index).line - 1)
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, FilesError> {
        let starts = self.map.line_starts(id);
        let len = self.map.text(id).len();
        let start = *starts.get(line_index).ok_or(FilesError::LineTooLarge {
            given: line_index,
            max: starts.len() - 1,
        })?;
        let end = starts.get(line_index + 1).copied().unwrap_or(len);
        Ok(start..end)
    }
}

/// Whether a character must not reach a terminal as it is: what the front end rejects
/// (`E0018`), and a carriage return not ending a CRLF line.
fn hidden(c: char) -> bool {
    cardc_syntax::forbidden(c).is_some()
}

/// `text` with every hidden character replaced by one `?` per byte.
fn blank_hidden(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !text.chars().any(hidden) && !(0..bytes.len()).any(lone_cr) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if hidden(c) || (c == '\r' && lone_cr(i)) {
            for _ in 0..c.len_utf8() {
                out.push('?');
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A message with every hidden character (line breaks too) written as `\u{…}`.
pub fn escape(s: &str) -> Cow<'_, str> {
    let bad = |c: char| hidden(c) || c == '\r' || c == '\n' || c == '\t';
    if !s.chars().any(bad) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(
        s.chars()
            .map(|c| {
                if bad(c) {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// Converts one of our diagnostics to codespan's form, its texts escaped.
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
        .with_message(escape(&d.primary.message))];
    labels.extend(
        d.secondary.iter().map(|l| {
            CsLabel::secondary(l.span.file, clamp(l.span)).with_message(escape(&l.message))
        }),
    );
    let mut notes: Vec<String> = d
        .notes
        .iter()
        .map(|n| format!("note: {}", escape(n)))
        .collect();
    // Suggestions are shown as rustc shows them, in place of the prose help they make
    // concrete (the help stays in the data, for front ends that show no suggestions).
    if d.suggestions.is_empty() {
        if let Some(help) = &d.help {
            notes.push(format!("help: {}", escape(help)));
        }
    }
    for s in &d.suggestions {
        notes.push(suggestion_line(s));
    }
    CsDiagnostic::new(severity)
        .with_code(d.code)
        .with_message(escape(&d.message))
        .with_labels(labels)
        .with_notes(notes)
}

/// `help: {message}: `{replacement}`` for a replacement or an insertion, `help: {message}`
/// for a removal (its message names what goes), as rustc renders a short suggestion.
fn suggestion_line(s: &Suggestion) -> String {
    if s.replacement.is_empty() {
        format!("help: {}", escape(&s.message))
    } else {
        format!("help: {}: `{}`", escape(&s.message), escape(&s.replacement))
    }
}

/// Writes `diagnostics` for a person, through codespan-reporting, into `out`. Pass a
/// buffered writer: codespan writes in many small pieces.
pub fn human_all(
    out: &mut dyn WriteColor,
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
) -> Result<(), codespan_reporting::files::Error> {
    let config = term::Config::default();
    let files = CodespanFiles::new(sources);
    for d in diagnostics {
        term::emit(out, &config, &files, &to_codespan(d, sources))?;
    }
    out.flush()?;
    Ok(())
}

/// Writes one diagnostic for a person (see [`human_all`]).
pub fn human(
    out: &mut dyn WriteColor,
    sources: &SourceMap,
    d: &Diagnostic,
) -> Result<(), codespan_reporting::files::Error> {
    human_all(out, sources, std::slice::from_ref(d))
}

/// Writes `diagnostics` to standard error, buffered (one write per few kilobytes, not
/// two per source character), in colour per `choice`.
pub fn to_stderr(sources: &SourceMap, diagnostics: &[Diagnostic], choice: ColorChoice) {
    let colour = match choice {
        ColorChoice::Never => false,
        ColorChoice::Always | ColorChoice::AlwaysAnsi => true,
        ColorChoice::Auto => !matches!(std::env::var_os("TERM"), Some(t) if t == "dumb"),
    };
    let stderr = std::io::stderr();
    if let Err(e) = to_writer(stderr.lock(), sources, diagnostics, colour) {
        eprintln!("error: could not render a diagnostic: {e}");
    }
}

/// Writes `diagnostics` for a person into `w` through one buffer, with ANSI colour or
/// none.
pub fn to_writer<W: std::io::Write>(
    w: W,
    sources: &SourceMap,
    diagnostics: &[Diagnostic],
    colour: bool,
) -> Result<(), codespan_reporting::files::Error> {
    let buffered = std::io::BufWriter::with_capacity(1 << 16, w);
    if colour {
        human_all(&mut Ansi::new(buffered), sources, diagnostics)
    } else {
        human_all(&mut NoColor::new(buffered), sources, diagnostics)
    }
}

/// Renders diagnostics as plain text (no colour), as golden files record them.
pub fn plain(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let mut buf = NoColor::new(Vec::new());
    // Writing to memory cannot fail; a span out of range is clamped above.
    let _ = human_all(&mut buf, sources, diagnostics);
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
    suggestions: Vec<JsonSuggestion<'a>>,
}

/// One suggestion as JSON, in rustc's terms: the span to replace, the replacement,
/// and its `suggestion_applicability` (`MachineApplicable` or `MaybeIncorrect`).
#[derive(Debug, Serialize)]
struct JsonSuggestion<'a> {
    message: &'a str,
    span: JsonSpan<'a>,
    replacement: &'a str,
    suggestion_applicability: Applicability,
}

/// One diagnostic as a single line of JSON.
pub fn json<'a>(sources: &'a SourceMap, d: &'a Diagnostic) -> String {
    let primary = &d.primary;
    let at = sources.line_col(primary.span.file, primary.span.start as usize);
    let json_span = |span: cardc_diagnostics::Span, label: &'a str| {
        let s = sources.line_col(span.file, span.start as usize);
        let e = sources.line_col(span.file, span.end as usize);
        JsonSpan {
            file: sources.name(span.file),
            byte_start: span.start,
            byte_end: span.end,
            start: Position {
                line: s.line,
                column: s.column,
            },
            end: Position {
                line: e.line,
                column: e.column,
            },
            label,
        }
    };
    let spans = std::iter::once(primary)
        .chain(&d.secondary)
        .map(|l| json_span(l.span, &l.message))
        .collect();
    let suggestions = d
        .suggestions
        .iter()
        .map(|s| JsonSuggestion {
            message: &s.message,
            span: json_span(s.span, ""),
            replacement: &s.replacement,
            suggestion_applicability: s.applicability,
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
        suggestions,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the `write` calls that reach it.
    struct Counting<'a>(&'a mut usize, &'a mut Vec<u8>);

    impl std::io::Write for Counting<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            *self.0 += 1;
            self.1.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn rendering_a_large_malformed_file_is_a_few_large_writes() {
        // 200 KB of one broken line per card: many diagnostics, long source lines.
        let src = "ground_unit \"A\" {\n    cost 1x\n}\n".repeat(2000) + &"x".repeat(100_000);
        let c = crate::compile(vec![crate::Input {
            name: "big.card".into(),
            bytes: src.into_bytes(),
        }]);
        assert!(c.diagnostics.len() > 1000);
        let (mut writes, mut out) = (0, Vec::new());
        to_writer(
            Counting(&mut writes, &mut out),
            &c.sources,
            &c.diagnostics,
            false,
        )
        .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out),
            plain(&c.sources, &c.diagnostics)
        );
        assert!(
            writes < out.len() / 4096 + 4,
            "{writes} writes for {} bytes",
            out.len()
        );
    }

    #[test]
    fn control_characters_never_reach_the_terminal() {
        let src = "ground_unit \"Ev\u{1b}[2Jil\u{202e}\" {\n    cost 1x\n}\n";
        let c = crate::compile(vec![crate::Input {
            name: "evil\u{1b}.card".into(),
            bytes: src.as_bytes().to_vec(),
        }]);
        let (mut writes, mut out) = (0, Vec::new());
        to_writer(
            Counting(&mut writes, &mut out),
            &c.sources,
            &c.diagnostics,
            false,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{202e}'),
            "{text}"
        );
        assert!(text.contains("U+001B ESCAPE"), "{text}");
    }
}
