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
//! A change marks its set dirty; [`Workspace::flush`] compiles the dirty sets and
//! returns the diagnostics that changed, including empty lists for files that became
//! clean or left the set.

use crate::convert::{self, Files};
use crate::position::LineIndex;
use crate::uri::{path_to_uri, uri_to_path};
use crate::{Input, Toolchain};
use lsp_types::{
    Diagnostic, Position, PublishDiagnosticsParams, TextDocumentContentChangeEvent, Uri,
};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

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
struct Member {
    key: String,
    uri: Uri,
    version: Option<i32>,
}

/// Everything the server knows about the client's files.
#[derive(Debug, Default)]
pub(crate) struct Workspace {
    roots: Vec<PathBuf>,
    docs: HashMap<String, Document>,
    /// The non-empty diagnostics last published, by URI.
    published: HashMap<String, Vec<Diagnostic>>,
    /// The URIs (as keys) of each set's files at its last compilation.
    members: HashMap<SetKey, HashSet<String>>,
    dirty: BTreeSet<SetKey>,
    /// Messages for the user (a walk that stopped at a limit), each shown once.
    notices: Vec<String>,
    noticed: HashSet<String>,
}

impl Workspace {
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

    /// Compiles every dirty set; returns the diagnostics to publish.
    pub(crate) fn flush(&mut self, toolchain: &dyn Toolchain) -> Vec<PublishDiagnosticsParams> {
        let mut out = Vec::new();
        for key in std::mem::take(&mut self.dirty) {
            self.compile(&key, toolchain, &mut out);
        }
        out
    }

    /// Compiles one set and appends what changed to `out`.
    fn compile(
        &mut self,
        key: &SetKey,
        toolchain: &dyn Toolchain,
        out: &mut Vec<PublishDiagnosticsParams>,
    ) {
        let (inputs, members, stopped) = self.gather(key, toolchain);
        if let Some(why) = stopped {
            if self.noticed.insert(why.clone()) {
                self.notices.push(why);
            }
        }
        let mut per_file: Vec<Vec<Diagnostic>> = vec![Vec::new(); members.len()];
        if !inputs.is_empty() {
            let checked = toolchain.compile(inputs);
            // Map the compiler's files back to members by name.
            let by_name: HashMap<&str, usize> = members
                .iter()
                .enumerate()
                .rev()
                .map(|(i, (name, _))| (name.as_str(), i))
                .collect();
            let index: Vec<Option<usize>> = checked
                .sources
                .ids()
                .map(|id| by_name.get(checked.sources.name(id)).copied())
                .collect();
            let uris = index
                .iter()
                .map(|m| m.map(|m| members[m].1.uri.clone()))
                .collect();
            let files = Files::new(&checked.sources, uris);
            for d in &checked.diagnostics {
                let member = index.get(d.primary.span.file.0 as usize).copied().flatten();
                if let (Some(m), Some(lsp)) = (member, convert::diagnostic(d, &files)) {
                    per_file[m].push(lsp);
                }
            }
        }
        // Files that left the set (deleted, or closed and never saved) are cleared
        // first, in case the client knows one of them under the URI of a member.
        let keys: HashSet<String> = members.iter().map(|(_, m)| m.key.clone()).collect();
        if let Some(old) = self.members.insert(key.clone(), keys.clone()) {
            for k in old.into_iter().filter(|k| !keys.contains(k)) {
                if self.published.remove(&k).is_some() {
                    if let Ok(uri) = k.parse::<Uri>() {
                        out.push(PublishDiagnosticsParams::new(uri, Vec::new(), None));
                    }
                }
            }
        }
        for ((_, member), diagnostics) in members.into_iter().zip(per_file) {
            self.publish(member, diagnostics, out);
        }
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

    /// The inputs of a set, and for each its name and member, in path order; and why
    /// the walk of its folder stopped early, if it did.
    fn gather(
        &self,
        key: &SetKey,
        toolchain: &dyn Toolchain,
    ) -> (Vec<Input>, Vec<(String, Member)>, Option<String>) {
        let mut stopped = None;
        let mut inputs = Vec::new();
        let mut members = Vec::new();
        let mut add = |name: String, bytes: Vec<u8>, member: Member| {
            inputs.push(Input {
                name: name.clone(),
                bytes,
            });
            members.push((name, member));
        };
        match key {
            SetKey::Alone(uri) => {
                if let Some(doc) = self.docs.get(uri) {
                    add(doc.name(), doc.text.clone().into_bytes(), member_of(doc));
                }
            }
            SetKey::Root(i) => {
                let Some(root) = self.roots.get(*i) else {
                    return (inputs, members, None);
                };
                let open: HashMap<&Path, &Document> = self
                    .docs
                    .values()
                    .filter_map(|d| Some((d.path.as_deref()?, d)))
                    .filter(|(p, _)| root_of(&self.roots, p) == Some(*i))
                    .collect();
                let found = toolchain.card_files(root);
                stopped = found.stopped.map(|why| {
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
                for path in paths {
                    let name = path.to_string_lossy().into_owned();
                    if let Some(doc) = open.get(path.as_path()) {
                        add(name, doc.text.clone().into_bytes(), member_of(doc));
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
                    add(name, bytes, member);
                }
            }
        }
        (inputs, members, stopped)
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
