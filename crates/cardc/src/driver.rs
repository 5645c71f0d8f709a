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

/// Parses, lowers and checks every input: [`compile_file`] for each, then [`link`].
///
/// A later stage's diagnostic that may echo an earlier error is dropped (see
/// [`Echoes`]); everything else is kept, so one run reports every mistake of a card.
pub fn compile(inputs: Vec<Input>) -> Compilation {
    compile_with(inputs, cardc_syntax::default_threads())
}

/// [`compile`] with each file's cards parsed and lowered on up to `threads` threads (see
/// [`compile_file_with`]); the compilation is the same for every number of threads.
pub fn compile_with(inputs: Vec<Input>, threads: usize) -> Compilation {
    let units: Vec<FileUnit> = inputs
        .into_iter()
        .enumerate()
        .map(|(i, input)| {
            compile_file_with(FileId(u32::try_from(i).unwrap_or(u32::MAX)), input, threads)
        })
        .collect();
    let per_file = link(&units.iter().collect::<Vec<_>>());
    let mut sources = SourceMap::new();
    let mut card_spans = Vec::new();
    let mut set = CardSet::default();
    for unit in units {
        let added = sources.add(unit.name, unit.text);
        debug_assert_eq!(added, unit.id);
        // The first file's vectors are taken as they are, not copied: a set in one file
        // is never held twice.
        if card_spans.is_empty() {
            card_spans = unit.card_spans;
        } else {
            card_spans.extend(unit.card_spans);
        }
        if set.cards.is_empty() {
            set.cards = unit.set.cards;
        } else {
            set.cards.extend(unit.set.cards);
        }
    }
    set.files = sources
        .ids()
        .map(|id| sources.name(id).to_owned())
        .collect();
    let mut diagnostics: Vec<Diagnostic> = per_file.into_iter().flatten().collect();
    cardc_diagnostics::sort(&mut diagnostics);
    Compilation {
        sources,
        card_spans,
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
    /// The span of every card that parsed, in source order (each card's AST is lowered
    /// as soon as it is parsed and not kept).
    pub card_spans: Vec<Span>,
    /// The file's cards (its `files` names this file alone).
    pub set: CardSet,
    /// The checker's per-card results, before the set is known.
    pub local: cardc_check::link::Local,
    /// Parse and lowering diagnostics (echoes dropped).
    pub diagnostics: Vec<Diagnostic>,
    /// Which abilities the engine cannot play yet (`E0300`), echoes dropped.
    pub unsupported: Vec<Diagnostic>,
    /// Where the parse and lowering errors are: checker diagnostics that may echo them
    /// are dropped.
    pub echoes: Echoes,
}

/// Parses, lowers and checks one file as file `id` of a set, without the rest of the set.
///
/// Each card is lowered as soon as it is parsed and its AST dropped (a card's AST is
/// several times the size of its IR); only the spans of its lines are kept until the
/// file is done, for [`Echoes`].
pub fn compile_file(id: FileId, input: Input) -> FileUnit {
    compile_file_with(id, input, cardc_syntax::default_threads())
}

/// [`compile_file`] with its cards parsed and lowered on up to `threads` threads
/// ([`cardc_syntax::parse_fold`]); the unit is the same for every number of threads.
pub fn compile_file_with(id: FileId, input: Input, threads: usize) -> FileUnit {
    let (parts, mut diagnostics, text) =
        cardc_syntax::parse_owned_fold(id, input.bytes, threads, Parts::with_capacity, Parts::add);
    let mut parts = parts.into_iter();
    let mut all = parts.next().unwrap_or_default();
    for more in parts {
        all.append(more);
    }
    let Parts {
        mut card_spans,
        mut cards,
        checked,
        lower_diags,
        mut unsupported,
        skeletons,
    } = all;
    cards.shrink_to_fit();
    card_spans.shrink_to_fit();
    let set = CardSet {
        files: vec![input.name.clone()],
        cards,
    };
    // A later stage's diagnostics are kept unless they may echo an earlier error (see
    // `Echoes`), so a syntax error in one line never hides the card's other errors.
    let echoes = Echoes::new(&skeletons, &diagnostics);
    diagnostics.extend(
        lower_diags
            .into_iter()
            .filter(|d| !echoes.is_echo(&text, d)),
    );
    let echoes = Echoes::new(&skeletons, &diagnostics);
    drop(skeletons);
    // Rules text that checks but that the engine cannot play yet (`E0300`) is an
    // error here too, so a designer learns it from `cardc check`, not from a build.
    unsupported.retain(|d| !echoes.is_echo(&text, d));
    let local = cardc_check::link::file(&set, checked);
    FileUnit {
        id,
        name: input.name,
        text,
        card_spans,
        set,
        local,
        diagnostics,
        unsupported,
        echoes,
    }
}

/// The spans [`Echoes`] needs of each card of a file that holds an error (no other card can
/// be broken), kept while its AST is dropped: the card, its frame word, its faces and its
/// lines, in flat lists.
#[derive(Debug, Default)]
struct Skeletons {
    /// (card, frame word, end of its faces in `faces`, end of its lines in `lines`).
    cards: Vec<(Span, Span, usize, usize)>,
    faces: Vec<Span>,
    lines: Vec<Span>,
}

/// What [`compile_file_with`] keeps of a run of cards, each lowered and checked on its own on
/// the thread that parsed it ([`cardc_syntax::parse_fold`]): the runs are appended in order.
#[derive(Debug, Default)]
struct Parts {
    card_spans: Vec<Span>,
    cards: Vec<cardc_ir::Card>,
    checked: Vec<cardc_check::link::LocalCard>,
    lower_diags: Vec<Diagnostic>,
    unsupported: Vec<Diagnostic>,
    skeletons: Skeletons,
}

impl Parts {
    /// Room for `cards` cards (the first run's is the whole file's, so the others append
    /// without growing it).
    fn with_capacity(cards: usize) -> Parts {
        Parts {
            card_spans: Vec::with_capacity(cards),
            cards: Vec::with_capacity(cards),
            checked: Vec::with_capacity(cards),
            ..Parts::default()
        }
    }

    /// One card, as soon as it is parsed: lowered, checked alone, and its AST dropped.
    fn add(&mut self, card: ast::Card) {
        self.card_spans.push(card.span);
        let (ir, diags) = cardc_lower::lower_card(&card);
        // `Echoes` reads the skeletons of the cards that hold an error only: an error of the
        // front end's, or of this card's lowering (no other card's lies inside its span).
        if card.syntax_errors
            || diags
                .iter()
                .any(|d| d.is_error() && card.span.contains(d.primary.span))
        {
            self.skeletons.push(&card);
        }
        drop(card);
        if let Some(ir) = ir {
            self.checked.push(cardc_check::link::check_card(&ir));
            self.unsupported
                .extend(cardc_codegen::unsupported_card(&ir));
            self.cards.push(ir);
        }
        self.lower_diags.extend(diags);
    }

    /// The next run's parts after these.
    fn append(&mut self, mut more: Parts) {
        self.card_spans.append(&mut more.card_spans);
        self.cards.append(&mut more.cards);
        self.checked.append(&mut more.checked);
        self.lower_diags.append(&mut more.lower_diags);
        self.unsupported.append(&mut more.unsupported);
        self.skeletons.append(more.skeletons);
    }
}

impl Skeletons {
    fn push(&mut self, card: &ast::Card) {
        self.faces.extend(card.items.iter().filter_map(|i| match i {
            ast::Item::Face(f) => Some(f.span),
            _ => None,
        }));
        lines_of(&card.items, &mut self.lines);
        self.cards.push((
            card.span,
            card.kind.span,
            self.faces.len(),
            self.lines.len(),
        ));
    }

    /// The next run's skeletons after these: their ends move by what these hold.
    fn append(&mut self, more: Skeletons) {
        let (faces, lines) = (self.faces.len(), self.lines.len());
        self.cards.extend(
            more.cards
                .into_iter()
                .map(|(card, kind, f, l)| (card, kind, f + faces, l + lines)),
        );
        self.faces.extend(more.faces);
        self.lines.extend(more.lines);
    }

    /// Each card with its faces and its lines.
    fn iter(&self) -> impl Iterator<Item = (Span, Span, &[Span], &[Span])> + '_ {
        let mut from = (0, 0);
        self.cards.iter().map(move |&(card, kind, faces, lines)| {
            let item = (
                card,
                kind,
                &self.faces[from.0..faces],
                &self.lines[from.1..lines],
            );
            from = (faces, lines);
            item
        })
    }
}

/// Links compiled files into one set (in the order given: of two equal names the first
/// is "first printed"): the checker's whole-set pass (`E0170`, `E0171`, `W0170` and every
/// card whose text names a card). Returns each unit's diagnostics, sorted, each removal
/// suggested by its item's span widened to take its comma or its line with it.
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
                    .filter(|d| !unit.echoes.is_echo(&unit.text, d)),
            );
            all.extend(unit.unsupported.iter().cloned());
            cardc_diagnostics::sort(&mut all);
            let text = |id: FileId| position.get(&id).map(|&j| units[j].text.as_str());
            cardc_diagnostics::tidy_removals(text, &mut all);
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

/// Where the errors of the stages so far are, to tell a later stage's new findings from
/// echoes of them, so that a syntax error in one line never hides the errors of the
/// card's other lines.
///
/// A card is cut into *lines*: its frame word, its fields, and the sentences of its text
/// blocks (a text block itself counts as a line for what points at it but at none of its
/// sentences). A later diagnostic inside a line is an echo when that innermost line
/// already holds an error. One that holds no line is about a card or face as a whole: an
/// absence (`no Rank`, `no \`cost\``, listed in [`ABSENCES`]) is an echo when the card or
/// face holds an error in a line that could have been the missing one (its first word is
/// the missing key, or close to it: `rnak` for `rank`, or a line that did not read at
/// all); anything else about the whole is kept. Every lookup is a binary search.
#[derive(Debug, Clone, Default)]
pub struct Echoes {
    /// Errors so far, sorted by (file, start).
    errors: Vec<Span>,
    /// Cards that hold an error, sorted, with the spans of their faces.
    broken: Vec<(Span, Vec<Span>)>,
    /// The lines of the broken cards, sorted by (file, start, end reversed), so the last
    /// line starting at or before a point that contains it is the innermost.
    lines: Vec<Span>,
}

/// The absences: diagnostics about a card or face as a whole that say a line is missing,
/// with the keys of the lines whose loss would explain them. A message that names the
/// line in backticks (`no \`def\` line`) is matched on that key alone.
const ABSENCES: &[(&str, &[&str])] = &[
    ("E0054", &["cost", "speed"]),
    ("E0101", &["rank"]),
    ("E0106", &["cp", "vox", "attack", "def", "rank"]),
    ("E0110", &["drives"]),
    ("E0112", &["morality"]),
    ("E0113", &["cp"]),
    ("E0114", &["prime", "fallen", "reversal"]),
    ("E0120", &["penalties"]),
    ("E0124", &["exit"]),
];

impl Echoes {
    fn new(skeletons: &Skeletons, diagnostics: &[Diagnostic]) -> Echoes {
        let mut errors: Vec<Span> = diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.primary.span)
            .collect();
        errors.sort();
        let mut echoes = Echoes {
            errors,
            broken: Vec::new(),
            lines: Vec::new(),
        };
        if echoes.errors.is_empty() {
            return echoes;
        }
        for (card, kind, faces, lines) in skeletons.iter() {
            if echoes.errors_in(card).next().is_some() {
                echoes.broken.push((card, faces.to_vec()));
                // The frame word is a line of its own: `charcter` is reported even when
                // the body holds a syntax error.
                echoes.lines.push(kind);
                echoes.lines.extend_from_slice(lines);
            }
        }
        echoes.broken.sort();
        echoes
            .lines
            .sort_by_key(|l| (l.file, l.start, std::cmp::Reverse(l.end)));
        echoes
    }

    /// The errors so far inside `outer`.
    fn errors_in(&self, outer: Span) -> impl Iterator<Item = Span> + '_ {
        let i = self
            .errors
            .partition_point(|e| (e.file, e.start) < (outer.file, outer.start));
        self.errors[i..]
            .iter()
            .take_while(move |e| e.file == outer.file && e.start <= outer.end)
            .filter(move |e| outer.contains(**e))
            .copied()
    }

    /// The innermost line of the broken card `card` holding `at`.
    fn line_of(&self, card: Span, at: Span) -> Option<Span> {
        let j = self
            .lines
            .partition_point(|l| (l.file, l.start) <= (at.file, at.start));
        self.lines[..j]
            .iter()
            .rev()
            .take_while(|l| l.file == card.file && l.start >= card.start)
            .find(|l| l.contains(at))
            .copied()
    }

    /// Whether `d` may echo an earlier error; `text` is the text of the file it is in.
    pub fn is_echo(&self, text: &str, d: &Diagnostic) -> bool {
        let at = d.primary.span;
        let i = self
            .broken
            .partition_point(|(c, _)| (c.file, c.start) <= (at.file, at.start));
        let Some((card, faces)) = i.checked_sub(1).map(|i| &self.broken[i]) else {
            return false;
        };
        if !card.contains(at) {
            return false;
        }
        if let Some(line) = self.line_of(*card, at) {
            return self.errors_in(line).next().is_some();
        }
        let Some(&(_, keys)) = ABSENCES.iter().find(|(code, _)| *code == d.code) else {
            return false;
        };
        let named: Vec<&str> = d.message.split('`').skip(1).step_by(2).collect();
        let keys = if named.is_empty() { keys } else { &named[..] };
        // The scope: the face the absence is about, or the card outside its faces.
        let face = faces.iter().find(|f| f.contains(at));
        self.errors_in(face.copied().unwrap_or(*card))
            .filter(|e| face.is_some() || !faces.iter().any(|f| f.contains(*e)))
            .any(|e| {
                let words = self.first_words(text, *card, e);
                words.is_empty()
                    || words.iter().any(|word| {
                        keys.iter().any(|k| {
                            word.eq_ignore_ascii_case(k)
                                || cardc_diagnostics::did_you_mean(word, [*k]).is_some()
                        })
                    })
            })
    }

    /// The first word of each source line of the line holding the error `e` (a field
    /// key, `text`, a face key; a field continued after a comma spans several), or of
    /// the source line of `e` if it is in no line. Empty if there is no word at all.
    fn first_words(&self, text: &str, card: Span, e: Span) -> Vec<String> {
        let line = self.line_of(card, e).unwrap_or(e);
        let (start, end) = (
            line.start as usize,
            (line.end as usize).max(line.start as usize + 1),
        );
        let from = text[..start.min(text.len())]
            .rfind('\n')
            .map_or(0, |n| n + 1);
        text.get(from..end.min(text.len()))
            .unwrap_or("")
            .lines()
            .filter_map(|l| {
                let word = l
                    .trim_start()
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or("");
                (!word.is_empty()).then(|| word.to_ascii_lowercase())
            })
            .collect()
    }
}

/// The lines of a card or face body (see [`Echoes`]).
fn lines_of(items: &[ast::Item], out: &mut Vec<Span>) {
    for item in items {
        match item {
            ast::Item::Field(f) => out.push(f.span),
            ast::Item::Text(t) => {
                out.push(t.span);
                out.extend(t.sentences.iter().map(|s| s.span));
            }
            ast::Item::Face(face) => lines_of(&face.items, out),
        }
    }
}
