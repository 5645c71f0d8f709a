//! The open documents, the card sets they belong to, and the diagnostics published.
//!
//! A card set is compiled as a whole, so that whole-set checks see every card:
//!
//! * each workspace folder is a set: its `cards/` directory if it has one (as
//!   `cardc check` reads by default), else the whole folder; every `.card` file below
//!   it as the compiler's walker finds them ([`Toolchain::card_files`]: hidden entries
//!   and `target/` skipped, bounded, with a message when a folder is too large), with
//!   the open documents' text in place of the disk's;
//! * a document outside every set (or not a `file:` URI) is a set of its own.
//!
//! A change marks its set dirty; [`Workspace::flush`] brings the dirty sets up to date
//! and returns the diagnostics that changed, including empty lists for files that became
//! clean or left the set.
//!
//! Incremental: each file of a set keeps its compiled unit ([`Toolchain::compile_file`]:
//! parsed, lowered, checked card by card) and its line index. A flush compiles again
//! only the files whose text changed (an open document's text differs from the unit's;
//! a file on disk changed its length or modification time), then links the set
//! ([`Toolchain::link`]: the name index, `E0170`, `E0171`, `W0170` and the cards whose
//! text names a card), which is linear in the number of cards with small constants.
//! File ids are handed out once per file and never reused, so every span of every
//! unit stays valid across flushes.

use crate::convert::{self, Files};
use crate::position::LineIndex;
use crate::uri::{path_to_uri, uri_to_path};
use crate::{Input, Toolchain};
use cardc_diagnostics::FileId;
use lsp_types::{
    Diagnostic, Position, PublishDiagnosticsParams, TextDocumentContentChangeEvent, Uri,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// An open document.
#[derive(Debug)]
pub(crate) struct Document {
    /// The URI as the client sent it (diagnostics go back under the same URI).
    pub(crate) uri: Uri,
    /// Its path, for a `file:` URI.
    pub(crate) path: Option<PathBuf>,
    /// The current text.
    pub(crate) text: String,
    /// The client's version of the text.
    pub(crate) version: i32,
}

impl Document {
    /// The name the compiler shows for this document.
    pub(crate) fn name(&self) -> String {
        match &self.path {
            Some(path) => path.to_string_lossy().into_owned(),
            None => self.uri.as_str().to_owned(),
        }
    }
}

/// A card set: a root directory, or one document alone (by URI).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum SetKey {
    Root(usize),
    Alone(String),
}

/// One file of a compiled set, as diagnostics are published for it.
#[derive(Debug, Clone)]
pub(crate) struct Member {
    pub(crate) key: String,
    pub(crate) uri: Uri,
    version: Option<i32>,
}

/// Where a file's compiled text came from, to tell whether it changed.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Origin {
    /// An open document (compared by text).
    Open,
    /// The disk, with the length and modification time read.
    Disk(u64, Option<SystemTime>),
}

/// One file of a set with its compiled unit.
#[derive(Debug)]
pub(crate) struct FileState<U> {
    pub(crate) id: FileId,
    pub(crate) member: Member,
    origin: Origin,
    pub(crate) unit: U,
    pub(crate) index: LineIndex,
}

/// A set's files, in path order (the order `cardc check` reads them in).
#[derive(Debug)]
pub(crate) struct SetState<U> {
    pub(crate) files: BTreeMap<PathBuf, FileState<U>>,
}

impl<U> Default for SetState<U> {
    fn default() -> Self {
        SetState {
            files: BTreeMap::new(),
        }
    }
}

/// What the last flush did: how many files it compiled and how many it reused.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct FlushStats {
    pub(crate) compiled: usize,
    pub(crate) reused: usize,
}

/// Everything the server knows about the client's files; `U` is the toolchain's
/// compiled unit of one file.
#[derive(Debug)]
pub(crate) struct Workspace<U> {
    roots: Vec<PathBuf>,
    docs: HashMap<String, Document>,
    /// The non-empty diagnostics last published, by URI.
    published: HashMap<String, Vec<Diagnostic>>,
    /// Each set's files with their units, as of its last flush.
    sets: BTreeMap<SetKey, SetState<U>>,
    dirty: BTreeSet<SetKey>,
    /// Messages for the user (a walk that stopped at a limit), each shown once.
    notices: Vec<String>,
    noticed: HashSet<String>,
    next_id: u32,
    last: FlushStats,
}

impl<U> Default for Workspace<U> {
    fn default() -> Self {
        Workspace {
            roots: Vec::new(),
            docs: HashMap::new(),
            published: HashMap::new(),
            sets: BTreeMap::new(),
            dirty: BTreeSet::new(),
            notices: Vec::new(),
            noticed: HashSet::new(),
            next_id: 0,
            last: FlushStats::default(),
        }
    }
}

impl<U> Workspace<U> {
    /// A workspace over the given workspace folders.
    pub(crate) fn new(folders: Vec<PathBuf>) -> Self {
        let roots = folders
            .into_iter()
            .map(|folder| {
                let cards = folder.join("cards");
                if cards.is_dir() {
                    cards
                } else {
                    folder
                }
            })
            .collect();
        Workspace {
            roots,
            ..Workspace::default()
        }
    }

    /// The directories whose `.card` files are compiled together.
    pub(crate) fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// An open document.
    pub(crate) fn document(&self, uri: &Uri) -> Option<&Document> {
        self.docs.get(uri.as_str())
    }

    /// `textDocument/didOpen`.
    pub(crate) fn open(&mut self, uri: Uri, text: String, version: i32) {
        let path = uri_to_path(&uri);
        let doc = Document {
            uri,
            path,
            text,
            version,
        };
        self.dirty.insert(set_of(&self.roots, &doc));
        self.docs.insert(doc.uri.as_str().to_owned(), doc);
    }

    /// `textDocument/didChange`: whole-text changes replace the text; ranged ones
    /// (sent by clients that ignore the full-sync capability) are applied in order.
    pub(crate) fn change(
        &mut self,
        uri: &Uri,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
    ) {
        let Some(doc) = self.docs.get_mut(uri.as_str()) else {
            return;
        };
        for change in changes {
            match change.range {
                None => doc.text = change.text,
                Some(range) => {
                    let index = LineIndex::new(&doc.text);
                    let a = index.offset(&doc.text, range.start);
                    let b = index.offset(&doc.text, range.end);
                    doc.text.replace_range(a.min(b)..a.max(b), &change.text);
                }
            }
        }
        doc.version = version;
        let key = set_of(&self.roots, doc);
        self.dirty.insert(key);
    }

    /// `textDocument/didSave`, with the saved text if the client sent it.
    pub(crate) fn save(&mut self, uri: &Uri, text: Option<String>) {
        let Some(doc) = self.docs.get_mut(uri.as_str()) else {
            return;
        };
        if let Some(text) = text {
            doc.text = text;
        }
        let key = set_of(&self.roots, doc);
        self.dirty.insert(key);
    }

    /// `textDocument/didClose`: the disk's text counts again.
    pub(crate) fn close(&mut self, uri: &Uri) {
        if let Some(doc) = self.docs.remove(uri.as_str()) {
            self.dirty.insert(set_of(&self.roots, &doc));
        }
    }

    /// Whether a set needs compiling.
    pub(crate) fn is_dirty(&self) -> bool {
        !self.dirty.is_empty()
    }

    /// The published diagnostics of `uri` whose range holds `position`.
    pub(crate) fn diagnostics_at(&self, uri: &Uri, position: Position) -> Vec<&Diagnostic> {
        self.published
            .get(uri.as_str())
            .into_iter()
            .flatten()
            .filter(|d| d.range.start <= position && position <= d.range.end)
            .collect()
    }

    /// The set of the open document `uri`, as of its last flush.
    pub(crate) fn sets_of_document(&self, uri: &Uri) -> Option<&SetState<U>> {
        let doc = self.docs.get(uri.as_str())?;
        self.sets.get(&set_of(&self.roots, doc))
    }

    /// Brings every dirty set up to date; returns the diagnostics to publish.
    pub(crate) fn flush<T>(&mut self, toolchain: &T) -> Vec<PublishDiagnosticsParams>
    where
        T: Toolchain<Unit = U> + ?Sized,
    {
        let mut out = Vec::new();
        self.last = FlushStats::default();
        for key in std::mem::take(&mut self.dirty) {
            self.compile(&key, toolchain, &mut out);
        }
        out
    }

    /// Brings one set up to date and appends what changed to `out`.
    fn compile<T>(&mut self, key: &SetKey, toolchain: &T, out: &mut Vec<PublishDiagnosticsParams>)
    where
        T: Toolchain<Unit = U> + ?Sized,
    {
        let (wanted, stopped) = self.gather(key, toolchain);
        if let Some(why) = stopped {
            if self.noticed.insert(why.clone()) {
                self.notices.push(why);
            }
        }
        let mut old = self.sets.remove(key).unwrap_or_default().files;
        let mut files = BTreeMap::new();
        for (path, source) in wanted {
            let name = path.to_string_lossy().into_owned();
            let previous = old.remove(&path);
            let (member, origin, bytes) = match source {
                Source::Open(uri) => {
                    let Some(doc) = self.docs.get(&uri) else {
                        continue;
                    };
                    if let Some(mut state) = previous
                        .filter(|p| p.origin == Origin::Open && toolchain.text(&p.unit) == doc.text)
                    {
                        state.member = member_of(doc);
                        self.last.reused += 1;
                        files.insert(path, state);
                        continue;
                    }
                    (member_of(doc), Origin::Open, doc.text.clone().into_bytes())
                }
                Source::Disk(stamp) => {
                    let origin = Origin::Disk(stamp.0, stamp.1);
                    if let Some(state) = previous.filter(|p| p.origin == origin) {
                        self.last.reused += 1;
                        files.insert(path, state);
                        continue;
                    }
                    // A file that cannot be read (or named by a URI) is left out.
                    let (Ok(bytes), Some(uri)) = (std::fs::read(&path), path_to_uri(&path)) else {
                        continue;
                    };
                    let member = Member {
                        key: uri.as_str().to_owned(),
                        uri,
                        version: None,
                    };
                    (member, origin, bytes)
                }
            };
            let id = FileId(self.next_id);
            self.next_id = self.next_id.saturating_add(1);
            let unit = toolchain.compile_file(id, Input { name, bytes });
            let index = LineIndex::new(toolchain.text(&unit));
            self.last.compiled += 1;
            files.insert(
                path,
                FileState {
                    id,
                    member,
                    origin,
                    unit,
                    index,
                },
            );
        }
        // Files that left the set (deleted, or closed and never saved) are cleared
        // first, in case the client knows one of them under the URI of a member.
        let keys: HashSet<&str> = files.values().map(|f| f.member.key.as_str()).collect();
        for gone in old.into_values() {
            let k = gone.member.key;
            if !keys.contains(k.as_str()) && self.published.remove(&k).is_some() {
                out.push(PublishDiagnosticsParams::new(
                    gone.member.uri,
                    Vec::new(),
                    None,
                ));
            }
        }
        let units: Vec<&U> = files.values().map(|f| &f.unit).collect();
        let per_file = if units.is_empty() {
            Vec::new()
        } else {
            toolchain.link(&units)
        };
        let converted: Vec<(Member, Vec<Diagnostic>)> = {
            let table = Files::new(
                files
                    .values()
                    .map(|f| (f.id, &f.member.uri, toolchain.text(&f.unit), &f.index)),
            );
            files
                .values()
                .zip(
                    per_file
                        .iter()
                        .map(Vec::as_slice)
                        .chain(std::iter::repeat(&[][..])),
                )
                .map(|(f, diagnostics)| {
                    let lsp = diagnostics
                        .iter()
                        .filter_map(|d| convert::diagnostic(d, &table))
                        .collect();
                    (f.member.clone(), lsp)
                })
                .collect()
        };
        for (member, diagnostics) in converted {
            self.publish(member, diagnostics, out);
        }
        self.sets.insert(key.clone(), SetState { files });
    }

    /// Publishes `diagnostics` for a member if they differ from what was published.
    fn publish(
        &mut self,
        member: Member,
        diagnostics: Vec<Diagnostic>,
        out: &mut Vec<PublishDiagnosticsParams>,
    ) {
        let before = self
            .published
            .get(&member.key)
            .map_or(&[][..], Vec::as_slice);
        if before == diagnostics.as_slice() {
            return;
        }
        if diagnostics.is_empty() {
            self.published.remove(&member.key);
        } else {
            self.published
                .insert(member.key.clone(), diagnostics.clone());
        }
        out.push(PublishDiagnosticsParams::new(
            member.uri,
            diagnostics,
            member.version,
        ));
    }

    /// Messages for the user gathered since the last call.
    pub(crate) fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// The files of a set, in path order, each with where its text comes from; and why
    /// the walk of its folder stopped early, if it did.
    fn gather<T>(&self, key: &SetKey, toolchain: &T) -> (Vec<(PathBuf, Source)>, Option<String>)
    where
        T: Toolchain<Unit = U> + ?Sized,
    {
        match key {
            SetKey::Alone(uri) => {
                let wanted = self
                    .docs
                    .get(uri)
                    .map(|doc| (PathBuf::from(doc.name()), Source::Open(uri.clone())));
                (wanted.into_iter().collect(), None)
            }
            SetKey::Root(i) => {
                let Some(root) = self.roots.get(*i) else {
                    return (Vec::new(), None);
                };
                let open: HashMap<&Path, &Document> = self
                    .docs
                    .values()
                    .filter_map(|d| Some((d.path.as_deref()?, d)))
                    .filter(|(p, _)| root_of(&self.roots, p) == Some(*i))
                    .collect();
                let found = toolchain.card_files(root);
                let stopped = found.stopped.map(|why| {
                    format!(
                        "{}: {why}; only the first files are checked",
                        root.display()
                    )
                });
                let mut paths = found.files;
                paths.retain(|p| root_of(&self.roots, p) == Some(*i));
                paths.extend(open.keys().map(|p| p.to_path_buf()));
                paths.sort();
                paths.dedup();
                let wanted = paths
                    .into_iter()
                    .filter_map(|path| {
                        if let Some(doc) = open.get(path.as_path()) {
                            let uri = doc.uri.as_str().to_owned();
                            return Some((path, Source::Open(uri)));
                        }
                        let meta = std::fs::metadata(&path).ok()?;
                        let stamp = (meta.len(), meta.modified().ok());
                        Some((path, Source::Disk(stamp)))
                    })
                    .collect();
                (wanted, stopped)
            }
        }
    }
}

/// Where a file of a set is read from.
enum Source {
    /// The open document with this URI.
    Open(String),
    /// The disk, with its length and modification time.
    Disk((u64, Option<SystemTime>)),
}

/// The set a document belongs to: the deepest root holding it, else itself.
fn set_of(roots: &[PathBuf], doc: &Document) -> SetKey {
    doc.path
        .as_deref()
        .and_then(|path| root_of(roots, path))
        .map_or_else(|| SetKey::Alone(doc.uri.as_str().to_owned()), SetKey::Root)
}

/// The deepest root holding `path`.
fn root_of(roots: &[PathBuf], path: &Path) -> Option<usize> {
    roots
        .iter()
        .enumerate()
        .filter(|(_, root)| path.starts_with(root))
        .max_by_key(|(_, root)| root.components().count())
        .map(|(i, _)| i)
}

fn member_of(doc: &Document) -> Member {
    Member {
        key: doc.uri.as_str().to_owned(),
        uri: doc.uri.clone(),
        version: Some(doc.version),
    }
}
