//! Diagnostics as data, shared by every stage of cardc.
//!
//! A stage never prints: it returns [`Diagnostic`]s, each with a severity, a stable
//! code (`E0001`, `W0100`, …), a primary span on the offending token, secondary spans
//! for the other places involved, notes that cite the rule, and an optional `help`
//! with the likely fix. Only the CLI (and an editor front end) renders them.
//!
//! Where the fix is a concrete edit, a diagnostic also carries [`Suggestion`]s: a span
//! to replace, the replacement text, and an [`Applicability`] saying whether `cardc fix`
//! (and an editor's quick fix) may apply it without asking.
//!
//! Every stage also publishes the codes it can emit as a `&[CodeInfo]` table, so that
//! `cardc explain` can list and explain every code without knowing the stages.

mod source;
mod suggest;
mod tidy;

pub use source::{FileId, LineCol, SourceMap};
pub use suggest::did_you_mean;
pub use tidy::{tidy_removals, widen_removal};

use serde::Serialize;

/// A byte range `start..end` in one source file.
///
/// Spans are small and `Copy`; they live beside the IR rather than inside the
/// equality of its nodes (see `docs/ARCHITECTURE.md`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, serde::Deserialize,
)]
pub struct Span {
    /// The file the span points into.
    pub file: FileId,
    /// First byte, inclusive.
    pub start: u32,
    /// Last byte, exclusive.
    pub end: u32,
}

impl Span {
    /// A span over `start..end` in `file`. Offsets past `u32::MAX` are clamped.
    pub fn new(file: FileId, start: usize, end: usize) -> Self {
        let clamp = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
        Span {
            file,
            start: clamp(start),
            end: clamp(end.max(start)),
        }
    }

    /// The byte range as `usize`s, for slicing source text.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Whether `inner` lies within `self` (in the same file; its ends may meet `self`'s).
    pub fn contains(self, inner: Span) -> bool {
        self.file == inner.file && self.start <= inner.start && inner.end <= self.end
    }

    /// The smallest span covering both `self` and `other` (same file assumed).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Informational only; never affects the exit code.
    Note,
    /// Does not fail `cardc check` unless `--deny warnings`.
    Warning,
    /// Fails `cardc check` (exit code 1) and stops `cardc build`.
    Error,
}

/// A span with a message, drawn under the source line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What to say there; may be empty.
    pub message: String,
}

/// One problem found in the cards, as data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub severity: Severity,
    /// Stable code, e.g. `E0101`. Every code has a [`CodeInfo`] in its stage's table.
    pub code: &'static str,
    /// One line: what is wrong.
    pub message: String,
    /// The offending token.
    pub primary: Label,
    /// Other places involved (e.g. the face's own `morality` line).
    pub secondary: Vec<Label>,
    /// Notes, typically the rule cited: `§7.4: …`.
    pub notes: Vec<String>,
    /// The likely fix, if there is one.
    pub help: Option<String>,
    /// Concrete edits that fix the problem, as rustc's suggestions: each replaces one span.
    pub suggestions: Vec<Suggestion>,
}

/// One concrete edit that fixes a diagnostic: replace `span` with `replacement`.
///
/// An insertion is an empty span; a removal an empty replacement.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub struct Suggestion {
    /// What the edit does, shown as `help: {message}`: e.g. `a Drive with a similar name exists`.
    pub message: String,
    /// The text to replace.
    pub span: Span,
    /// What to put in its place.
    pub replacement: String,
    /// Whether the edit may be applied without a person looking at it.
    pub applicability: Applicability,
}

/// Whether a [`Suggestion`] is certain to be right, as rustc's `Applicability`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Applicability {
    /// Certainly what the designer meant: `cardc fix` applies it.
    MachineApplicable,
    /// Likely, but a person should look: shown, never applied by `cardc fix`.
    MaybeIncorrect,
}

impl Diagnostic {
    /// An error with `code` at `span`.
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, span, message)
    }

    /// A warning with `code` at `span`.
    pub fn warning(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, span, message)
    }

    /// A diagnostic of any severity.
    pub fn new(
        severity: Severity,
        code: &'static str,
        span: Span,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            primary: Label {
                span,
                message: String::new(),
            },
            secondary: Vec::new(),
            notes: Vec::new(),
            help: None,
            suggestions: Vec::new(),
        }
    }

    /// Sets the message drawn under the primary span.
    pub fn with_label(mut self, message: impl Into<String>) -> Self {
        self.primary.message = message.into();
        self
    }

    /// Adds a secondary span.
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.secondary.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a note (a rule citation, usually).
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Sets the likely fix.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds a suggested edit: replace `span` with `replacement`.
    pub fn suggest(
        mut self,
        message: impl Into<String>,
        span: Span,
        replacement: impl Into<String>,
        applicability: Applicability,
    ) -> Self {
        self.suggestions.push(Suggestion {
            message: message.into(),
            span,
            replacement: replacement.into(),
            applicability,
        });
        self
    }

    /// Suggests `candidate` (from "did you mean") for the `word` written at `span`.
    /// `what` names the vocabulary with its article (`a Drive`). A word that differs from
    /// the candidate only in case is certainly that word: machine-applicable; any other
    /// near miss is a guess.
    pub fn suggest_word(self, what: &str, span: Span, word: &str, candidate: &str) -> Self {
        if word.to_lowercase() == candidate.to_lowercase() {
            self.suggest(
                format!("{what} is written with these capitals"),
                span,
                candidate,
                Applicability::MachineApplicable,
            )
        } else {
            self.suggest(
                format!("{what} with a similar name exists"),
                span,
                candidate,
                Applicability::MaybeIncorrect,
            )
        }
    }

    /// Suggests removing the text at `span` (the driver widens it to the whole line or
    /// list item, see [`tidy_removals`]).
    pub fn suggest_removal(
        self,
        message: impl Into<String>,
        span: Span,
        applicability: Applicability,
    ) -> Self {
        self.suggest(message, span, "", applicability)
    }

    /// The suggestions `cardc fix` may apply without asking.
    pub fn machine_applicable(&self) -> impl Iterator<Item = &Suggestion> {
        self.suggestions
            .iter()
            .filter(|s| s.applicability == Applicability::MachineApplicable)
    }

    /// `true` for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The explanation of one diagnostic code, for `cardc explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CodeInfo {
    /// The code, e.g. `E0101`.
    pub code: &'static str,
    /// A short name, e.g. `penalty-names-own-morality`.
    pub name: &'static str,
    /// The default severity.
    pub severity: Severity,
    /// The rules section it enforces (`§7.4`), or `None` for language-level codes.
    pub section: Option<&'static str>,
    /// Markdown: what the code means, a wrong example and a right example.
    pub explanation: &'static str,
}

/// Sorts diagnostics by file, position, then code: the order they are shown in.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        (
            a.primary.span.file,
            a.primary.span.start,
            a.primary.span.end,
            a.code,
        )
            .cmp(&(
                b.primary.span.file,
                b.primary.span.start,
                b.primary.span.end,
                b.code,
            ))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_data_and_serialise() {
        let span = Span::new(FileId(0), 4, 8);
        let d = Diagnostic::error("E0060", span, "unknown Drive `Pwer`")
            .suggest(
                "a Drive with a similar name exists",
                span,
                "Power",
                Applicability::MaybeIncorrect,
            )
            .suggest("remove it", span, "", Applicability::MachineApplicable);
        assert_eq!(d.suggestions.len(), 2);
        let certain: Vec<_> = d
            .machine_applicable()
            .map(|s| s.replacement.as_str())
            .collect();
        assert_eq!(certain, [""]);
        let json = serde_json::to_value(&d.suggestions[0]).expect("serialises");
        assert_eq!(json["replacement"], "Power");
        assert_eq!(json["applicability"], "MaybeIncorrect");
        assert_eq!(json["span"]["start"], 4);
        let back: Suggestion = serde_json::from_value(json).expect("deserialises");
        assert_eq!(back, d.suggestions[0]);
    }
}
