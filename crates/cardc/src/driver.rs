//! The pipeline driver: load sources, then parse, lower and check them (including
//! whether the engine can play every sentence).
//!
//! This is the one place the stages are chained. Each stage returns its output and
//! its diagnostics; the driver never stops early, so one run reports every problem
//! in every file.

use cardc_diagnostics::{Diagnostic, FileId, SourceMap, Span};
use cardc_ir::CardSet;
use cardc_syntax::ast;
use std::fmt;
use std::path::{Path, PathBuf};

/// The result of compiling a card set up to (and including) the rules checker.
#[derive(Debug)]
pub struct Compilation {
    /// Every source file read.
    pub sources: SourceMap,
    /// The parsed files, in the order of `sources`.
    pub files: Vec<ast::SourceFile>,
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

/// Parses, lowers and checks every input: [`compile_file`] for each, then [`link`].
///
/// Lowering diagnostics inside a card with a syntax error, and checker diagnostics
/// inside a card with a syntax or structural error, are dropped: they would mostly be
/// echoes of the first error.
pub fn compile(inputs: Vec<Input>) -> Compilation {
    let units: Vec<FileUnit> = inputs
        .into_iter()
        .enumerate()
        .map(|(i, input)| compile_file(FileId(u32::try_from(i).unwrap_or(u32::MAX)), input))
        .collect();
    let per_file = link(&units.iter().collect::<Vec<_>>());
    let mut sources = SourceMap::new();
    let mut files = Vec::with_capacity(units.len());
    let mut set = CardSet::default();
    for unit in units {
        let added = sources.add(unit.name, unit.text);
        debug_assert_eq!(added, unit.id);
        files.push(unit.file);
        set.cards.extend(unit.set.cards);
    }
    set.files = sources
        .ids()
        .map(|id| sources.name(id).to_owned())
        .collect();
    let mut diagnostics: Vec<Diagnostic> = per_file.into_iter().flatten().collect();
    cardc_diagnostics::sort(&mut diagnostics);
    Compilation {
        sources,
        files,
        set,
        diagnostics,
    }
}

/// One file compiled on its own, up to everything of the checker that does not depend on
/// the rest of the set: what the language server keeps per file, so that an edit
/// compiles only the file that changed before [`link`]ing the set again.
#[derive(Debug)]
pub struct FileUnit {
    /// The file's id in its set (every span of the unit carries it).
    pub id: FileId,
    /// The file's name, as diagnostics show it.
    pub name: String,
    /// The text read (invalid UTF-8 replaced, as reported).
    pub text: String,
    /// The parsed file.
    pub file: ast::SourceFile,
    /// The file's cards (its `files` names this file alone).
    pub set: CardSet,
    /// The checker's per-card results, before the set is known.
    pub local: cardc_check::link::Local,
    /// Parse and lowering diagnostics (echoes dropped).
    pub diagnostics: Vec<Diagnostic>,
    /// Which abilities the engine cannot play yet (`E0300`), echoes dropped.
    pub unsupported: Vec<Diagnostic>,
    /// The cards with a parse or lowering error, sorted: checker diagnostics inside them
    /// are dropped.
    pub broken: Vec<Span>,
}

/// Parses, lowers and checks one file as file `id` of a set, without the rest of the set.
pub fn compile_file(id: FileId, input: Input) -> FileUnit {
    let (file, mut diagnostics, text) = cardc_syntax::parse_bytes(id, &input.bytes);
    let mut names = SourceMap::new();
    names.add(input.name.clone(), String::new());
    let files = std::slice::from_ref(&file);
    // Each stage's diagnostics inside a card that an earlier stage already found
    // broken are dropped: they would mostly be echoes of the first error.
    let (set, lower_diags) = cardc_lower::lower(files, &names);
    let broken = broken_cards(files, &diagnostics);
    diagnostics.extend(
        lower_diags
            .into_iter()
            .filter(|d| !within(&broken, d.primary.span)),
    );
    let broken = broken_cards(files, &diagnostics);
    // Rules text that checks but that the engine cannot play yet (`E0300`) is an
    // error here too, so a designer learns it from `cardc check`, not from a build.
    let unsupported = cardc_codegen::unsupported(&set)
        .into_iter()
        .filter(|d| !within(&broken, d.primary.span))
        .collect();
    let local = cardc_check::link::check_file(&set);
    FileUnit {
        id,
        name: input.name,
        text,
        file,
        set,
        local,
        diagnostics,
        unsupported,
        broken,
    }
}

/// Links compiled files into one set (in the order given: of two equal names the first
/// is "first printed"): the checker's whole-set pass (`E0170`, `E0171`, `W0170` and every
/// card whose text names a card). Returns each unit's diagnostics, sorted.
pub fn link(units: &[&FileUnit]) -> Vec<Vec<Diagnostic>> {
    let sets: Vec<_> = units.iter().map(|u| (&u.set, &u.local)).collect();
    let linked = cardc_check::link::link(&sets);
    let position: std::collections::HashMap<FileId, usize> =
        units.iter().enumerate().map(|(i, u)| (u.id, i)).collect();
    let mut checked: Vec<Vec<Diagnostic>> = vec![Vec::new(); units.len()];
    for d in &linked.diagnostics {
        if let Some(&i) = position.get(&d.primary.span.file) {
            checked[i].push(d.clone());
        }
    }
    units
        .iter()
        .zip(checked)
        .enumerate()
        .map(|(i, (unit, mut checked))| {
            checked.extend(linked.standing(i, &unit.local).cloned());
            let mut all = unit.diagnostics.clone();
            all.extend(
                checked
                    .into_iter()
                    .filter(|d| !within(&unit.broken, d.primary.span)),
            );
            all.extend(unit.unsupported.iter().cloned());
            cardc_diagnostics::sort(&mut all);
            all
        })
        .collect()
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
fn broken_cards(files: &[ast::SourceFile], diagnostics: &[Diagnostic]) -> Vec<Span> {
    let mut errors: Vec<Span> = diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.primary.span)
        .collect();
    errors.sort();
    let mut broken: Vec<Span> = files
        .iter()
        .flat_map(|f| &f.cards)
        .map(|card| card.span)
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
