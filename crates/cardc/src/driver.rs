//! The pipeline driver: load sources, then parse, lower and check them (including
//! whether the engine can play every sentence).
//!
//! This is the one place the stages are chained. Each stage returns its output and
//! its diagnostics; the driver never stops early, so one run reports every problem
//! in every file.

use cardc_diagnostics::{Diagnostic, FileId, SourceMap, Span};
use cardc_ir::CardSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// The result of compiling a card set up to (and including) the rules checker.
#[derive(Debug)]
pub struct Compilation {
    /// Every source file read.
    pub sources: SourceMap,
    /// The span of every card that parsed, in source order (each card's AST is lowered
    /// as soon as it is parsed and not kept).
    pub card_spans: Vec<Span>,
    /// The typed IR of every card that lowered.
    pub set: CardSet,
    /// Every diagnostic of every stage, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
}

impl Compilation {
    /// Number of error diagnostics.
    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    /// Number of warning diagnostics.
    pub fn warning_count(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == cardc_diagnostics::Severity::Warning)
            .count()
    }

    /// Whether any stage reported an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// A failure to read the inputs at all (exit code 2), as opposed to problems in them.
#[derive(Debug)]
pub enum LoadError {
    /// A path given on the command line does not exist.
    NotFound(PathBuf),
    /// Reading a file or directory failed.
    Io(PathBuf, std::io::Error),
    /// The walk stopped at one of its limits (a directory far larger than a card set).
    TooMany(crate::walk::Truncated),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotFound(p) => write!(f, "{}: no such file or directory", p.display()),
            LoadError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            LoadError::TooMany(limit) => write!(f, "reading the card files: {limit}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// One input file: its display name and raw contents.
#[derive(Debug, Clone)]
pub struct Input {
    /// The path as shown in diagnostics and `@generated` headers.
    pub name: String,
    /// The raw bytes (not necessarily UTF-8: that is reported, not failed on).
    pub bytes: Vec<u8>,
}

impl Input {
    /// An input from memory: `Input::new("cards/a.card", "character \"A\" { … }")`.
    pub fn new(name: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Input {
        Input {
            name: name.into(),
            bytes: bytes.into(),
        }
    }
}

/// Reads every card file under `paths`, as [`crate::walk`] finds them (directories
/// recursively, hidden entries and `target/` skipped, bounded), in sorted path order so
/// that ids, diagnostics and generated output do not depend on the order the file
/// system lists them in. A walk that hits its limit is an error, never a silently
/// smaller set.
pub fn load(paths: &[PathBuf]) -> Result<Vec<Input>, LoadError> {
    let walk = crate::walk::card_files(paths);
    if let Some((path, e)) = walk.errors.into_iter().next() {
        return Err(match e.kind() {
            std::io::ErrorKind::NotFound => LoadError::NotFound(path),
            _ => LoadError::Io(path, e),
        });
    }
    if let Some(limit) = walk.truncated {
        return Err(LoadError::TooMany(limit));
    }
    walk.files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).map_err(|e| LoadError::Io(path.clone(), e))?;
            Ok(Input {
                name: display_path(&path),
                bytes,
            })
        })
        .collect()
}

/// A path as shown in diagnostics: forward slashes, no leading `./`.
fn display_path(path: &Path) -> String {
    let s = path.to_string_lossy().replace('\\', "/");
    s.strip_prefix("./").map(str::to_owned).unwrap_or(s)
}

/// Parses, lowers and checks every input.
///
/// Lowering diagnostics inside a card with a syntax error, and checker diagnostics
/// inside a card with a syntax or structural error, are dropped: they would mostly be
/// echoes of the first error.
pub fn compile(inputs: Vec<Input>) -> Compilation {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let mut lower_diags = Vec::new();
    let mut card_spans = Vec::new();
    let mut cards = Vec::new();
    for (i, input) in inputs.into_iter().enumerate() {
        let id = FileId(u32::try_from(i).unwrap_or(u32::MAX));
        // Each card is lowered as soon as it is parsed and its AST dropped: the AST of
        // a card is several times the size of its IR, and of its text.
        let (diags, text) = cardc_syntax::parse_owned_each(id, input.bytes, |card| {
            card_spans.push(card.span);
            let (ir, diags) = cardc_lower::lower_card(&card);
            cards.extend(ir);
            lower_diags.extend(diags);
        });
        let added = sources.add(input.name, text);
        debug_assert_eq!(added, id);
        diagnostics.extend(diags);
    }
    let set = CardSet {
        files: sources
            .ids()
            .map(|id| sources.name(id).to_owned())
            .collect(),
        cards,
    };
    // Each stage's diagnostics inside a card that an earlier stage already found
    // broken are dropped: they would mostly be echoes of the first error.
    let broken = broken_cards(&card_spans, &diagnostics);
    diagnostics.extend(
        lower_diags
            .into_iter()
            .filter(|d| !within(&broken, d.primary.span)),
    );
    let broken = broken_cards(&card_spans, &diagnostics);
    // Rules text that checks but that the engine cannot play yet (`E0300`) is an
    // error here too, so a designer learns it from `cardc check`, not from a build.
    let checked = cardc_check::check(&set)
        .into_iter()
        .chain(cardc_codegen::unsupported(&set));
    diagnostics.extend(checked.filter(|d| !within(&broken, d.primary.span)));
    cardc_diagnostics::sort(&mut diagnostics);
    Compilation {
        sources,
        card_spans,
        set,
        diagnostics,
    }
}

/// Checks the art files the faces name (`E0400`–`E0402`, at poker size), reading them
/// relative to `base`, the folder the card files' names are relative to. Kept apart
/// from [`compile`], which reads no file: commands and the build-script `Builder` call
/// both. Returns the art files named, for `cargo:rerun-if-changed`.
pub fn check_art(compilation: &mut Compilation, base: &Path) -> Vec<PathBuf> {
    let card = cardc_sheets::CardSize::poker();
    let (_, diags) = cardc_sheets::art::load(&compilation.set, base, &card);
    compilation.diagnostics.extend(diags);
    cardc_diagnostics::sort(&mut compilation.diagnostics);
    cardc_sheets::art::inputs(&compilation.set, base)
}

/// The spans of cards that contain an error from parsing or lowering, sorted.
/// Linear after sorting: each card looks its first error up by binary search.
fn broken_cards(cards: &[Span], diagnostics: &[Diagnostic]) -> Vec<Span> {
    let mut errors: Vec<Span> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.primary.span)
        .collect();
    errors.sort();
    let mut broken: Vec<Span> = cards
        .iter()
        .copied()
        .filter(|card| {
            let i = errors.partition_point(|e| (e.file, e.start) < (card.file, card.start));
            errors.get(i).is_some_and(|e| contains(*card, *e))
        })
        .collect();
    broken.sort();
    broken
}

fn contains(outer: Span, inner: Span) -> bool {
    outer.file == inner.file && outer.start <= inner.start && inner.end <= outer.end
}

/// Whether `span` lies within one of the sorted, disjoint `spans`.
fn within(spans: &[Span], span: Span) -> bool {
    let i = spans.partition_point(|s| (s.file, s.start) <= (span.file, span.start));
    i > 0 && contains(spans[i - 1], span)
}
