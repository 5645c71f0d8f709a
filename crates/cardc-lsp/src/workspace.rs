//! The open documents, the card sets they belong to, and the compiled state of each set.
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
//! The state is split in two halves, so that compiling never holds up a request:
//!
//! * [`Workspace`], owned by the message loop: the open documents and which sets are
//!   dirty. [`Workspace::jobs`] turns the dirty sets into [`Job`]s, each a snapshot of
//!   the open documents' text and versions;
//! * [`Compiled`], written only by the compile worker (`worker.rs`) and read by the
//!   requests: each set's files with their units, and what was published for each
//!   file (diagnostics, their quick fixes, the document version they are of). The
//!   worker holds its lock only to swap a finished set in, never while compiling.
//!
//! Incremental: each file of a set keeps its compiled unit ([`Toolchain::compile_file`]:
//! parsed, lowered, checked card by card) and its line index. A job compiles again only
//! the files whose text changed (an open document's text differs from the unit's; a
//! file on disk changed its length or modification time), then links the set
//! ([`Toolchain::link`]: the name index, `E0170`, `E0171`, `W0170` and the cards whose
//! text names a card), which is linear in the number of cards with small constants.
//! File ids are handed out once per file and never reused, so every span of every
//! unit stays valid across compiles.

use crate::position::LineIndex;
use crate::uri::uri_to_path;
use lsp_types::{Diagnostic, Position, Range, TextDocumentContentChangeEvent, TextEdit, Uri};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use cardc_diagnostics::FileId;

/// An open document.
#[derive(Debug)]
pub(crate) struct Document {
    /// The URI as the client sent it (diagnostics go back under the same URI).
    pub(crate) uri: Uri,
    /// Its path, for a `file:` URI.
    pub(crate) path: Option<PathBuf>,
    /// The current text (shared with the jobs that compile it, so a snapshot of a
    /// large document costs no copy).
    pub(crate) text: Arc<str>,
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
pub(crate) enum SetKey {
    Root(usize),
    Alone(String),
}

/// One file of a compiled set, as diagnostics are published for it.
#[derive(Debug, Clone)]
pub(crate) struct Member {
    pub(crate) key: String,
    pub(crate) uri: Uri,
    pub(crate) version: Option<i32>,
}

/// Where a file's compiled text came from, to tell whether it changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Origin {
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
    pub(crate) origin: Origin,
    pub(crate) unit: Arc<U>,
    pub(crate) index: Arc<LineIndex>,
}

impl<U> Clone for FileState<U> {
    fn clone(&self) -> Self {
        FileState {
            id: self.id,
            member: self.member.clone(),
            origin: self.origin.clone(),
            unit: Arc::clone(&self.unit),
            index: Arc::clone(&self.index),
        }
    }
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

/// One quick fix: a diagnostic's suggestion as an edit.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Fix {
    /// What the edit does (the suggestion's message and the new text).
    pub(crate) title: String,
    /// The range of the suggestion's edit, in the diagnostic's file.
    pub(crate) range: Range,
    /// The edit, with the URI of the file it applies to.
    pub(crate) edit: (Uri, TextEdit),
    /// Machine-applicable: certain to be what was meant.
    pub(crate) preferred: bool,
}

/// What was published for one file: its diagnostics, each with its quick fixes.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Published {
    /// The version of the document the diagnostics are of (`None` for a file not open).
    pub(crate) version: Option<i32>,
    pub(crate) diagnostics: Vec<(Diagnostic, Vec<Fix>)>,
}

/// Everything the compile worker produced, as the requests read it.
#[derive(Debug)]
pub(crate) struct Compiled<U> {
    /// Each set's files with their units, as of its last compile.
    pub(crate) sets: BTreeMap<SetKey, Arc<SetState<U>>>,
    /// The non-empty diagnostics last published, by URI.
    pub(crate) published: HashMap<String, Published>,
}

impl<U> Default for Compiled<U> {
    fn default() -> Self {
        Compiled {
            sets: BTreeMap::new(),
            published: HashMap::new(),
        }
    }
}

impl<U> Compiled<U> {
    /// The published diagnostics of `uri` whose range holds `position`, if they are of
    /// the document's current `version` (a stale diagnostic's range may point anywhere).
    pub(crate) fn diagnostics_at(
        &self,
        uri: &Uri,
        version: Option<i32>,
        position: Position,
    ) -> Vec<Diagnostic> {
        self.published
            .get(uri.as_str())
            .filter(|p| p.version == version)
            .into_iter()
            .flat_map(|p| &p.diagnostics)
            .map(|(d, _)| d)
            .filter(|d| d.range.start <= position && position <= d.range.end)
            .cloned()
            .collect()
    }

    /// The quick fixes of `uri`'s current diagnostics whose edit or diagnostic
    /// overlaps `range`, each with its diagnostic.
    pub(crate) fn fixes_in(
        &self,
        uri: &Uri,
        version: Option<i32>,
        range: Range,
    ) -> Vec<(Diagnostic, Fix)> {
        let overlaps = |r: &Range| r.start <= range.end && range.start <= r.end;
        self.published
            .get(uri.as_str())
            .filter(|p| p.version == version)
            .into_iter()
            .flat_map(|p| &p.diagnostics)
            .flat_map(|(d, fixes)| {
                fixes
                    .iter()
                    .filter(|f| overlaps(&f.range) || overlaps(&d.range))
                    .map(move |f| (d.clone(), f.clone()))
            })
            .collect()
    }
}

/// An open document as a job sees it.
#[derive(Debug, Clone)]
pub(crate) struct Snapshot {
    pub(crate) uri: Uri,
    pub(crate) path: PathBuf,
    pub(crate) text: Arc<str>,
    pub(crate) version: i32,
}

/// One set to compile: its key, its folder and the open documents in it.
#[derive(Debug, Clone)]
pub(crate) struct Job {
    pub(crate) key: SetKey,
    /// The set's folder, for a set of a workspace folder.
    pub(crate) root: Option<PathBuf>,
    /// Every workspace folder's set directory (a file below a deeper one is not in
    /// this set).
    pub(crate) roots: Arc<[PathBuf]>,
    /// The open documents of the set.
    pub(crate) open: Vec<Snapshot>,
}

/// The documents the client has open and which sets need compiling.
#[derive(Debug, Default)]
pub(crate) struct Workspace {
    roots: Arc<[PathBuf]>,
    docs: HashMap<String, Document>,
    dirty: BTreeSet<SetKey>,
}

impl Workspace {
    /// A workspace over the given workspace folders.
    pub(crate) fn new(folders: Vec<PathBuf>) -> Self {
        let roots: Vec<PathBuf> = folders
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
            roots: roots.into(),
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
            text: text.into(),
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
        let mut edited: Option<String> = None;
        for change in changes {
            match change.range {
                None => edited = Some(change.text),
                Some(range) => {
                    let text = edited.get_or_insert_with(|| doc.text.to_string());
                    let index = LineIndex::new(text);
                    let a = index.offset(text, range.start);
                    let b = index.offset(text, range.end);
                    text.replace_range(a.min(b)..a.max(b), &change.text);
                }
            }
        }
        if let Some(text) = edited {
            doc.text = text.into();
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
            if *doc.text != *text {
                doc.text = text.into();
            }
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

    /// The set of an open document.
    pub(crate) fn set_key(&self, uri: &Uri) -> Option<SetKey> {
        self.docs.get(uri.as_str()).map(|d| set_of(&self.roots, d))
    }

    /// Every known set: the workspace folders' and the lone documents'.
    pub(crate) fn set_keys(&self) -> BTreeSet<SetKey> {
        let mut keys: BTreeSet<SetKey> = (0..self.roots.len()).map(SetKey::Root).collect();
        keys.extend(self.docs.values().map(|d| set_of(&self.roots, d)));
        keys
    }

    /// The dirty sets as jobs, each with a snapshot of its open documents; the sets are
    /// clean afterwards.
    pub(crate) fn jobs(&mut self) -> Vec<Job> {
        std::mem::take(&mut self.dirty)
            .into_iter()
            .map(|key| {
                let open = self
                    .docs
                    .values()
                    .filter(|d| set_of(&self.roots, d) == key)
                    .map(|d| Snapshot {
                        uri: d.uri.clone(),
                        path: d.path.clone().unwrap_or_else(|| PathBuf::from(d.name())),
                        text: Arc::clone(&d.text),
                        version: d.version,
                    })
                    .collect();
                let root = match &key {
                    SetKey::Root(i) => self.roots.get(*i).cloned(),
                    SetKey::Alone(_) => None,
                };
                Job {
                    key,
                    root,
                    roots: Arc::clone(&self.roots),
                    open,
                }
            })
            .collect()
    }
}

/// The set a document belongs to: the deepest root holding it, else itself.
fn set_of(roots: &[PathBuf], doc: &Document) -> SetKey {
    doc.path
        .as_deref()
        .and_then(|path| root_of(roots, path))
        .map_or_else(|| SetKey::Alone(doc.uri.as_str().to_owned()), SetKey::Root)
}

/// The deepest root holding `path`.
pub(crate) fn root_of(roots: &[PathBuf], path: &Path) -> Option<usize> {
    roots
        .iter()
        .enumerate()
        .filter(|(_, root)| path.starts_with(root))
        .max_by_key(|(_, root)| root.components().count())
        .map(|(i, _)| i)
}
