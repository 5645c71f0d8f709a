//! The compile worker: a thread of its own that compiles the jobs the message loop
//! queues and publishes their diagnostics, so that no request waits behind a compile.
//!
//! Jobs are superseded, never queued up: before a job starts, and again before each
//! file it reads, every job already waiting is taken off the channel, the newest per
//! set kept. A job whose set has a newer job waiting is dropped, as long as it has
//! compiled nothing yet (its diagnostics would be of an old version of the text); once
//! it has compiled a file it runs to the end and publishes, so that a typist faster
//! than the compiler still sees diagnostics, each tagged with its document version. A finished set is
//! swapped into [`Compiled`] under its lock in one step; the diagnostics that changed
//! are then sent to the client. A panic while compiling is caught and logged; the
//! worker goes on with the next job.

use crate::convert::{self, Files};
use crate::position::LineIndex;
use crate::uri::path_to_uri;
use crate::workspace::{
    root_of, Compiled, FileState, Fix, Job, Member, Origin, Published, SetKey, SetState,
};
use crate::{Input, Toolchain};
use cardc_diagnostics::{Applicability, FileId};
use lsp_server::{Message, Notification};
use lsp_types::notification::{LogMessage, Notification as _, PublishDiagnostics, ShowMessage};
use lsp_types::{
    LogMessageParams, MessageType, PublishDiagnosticsParams, ShowMessageParams, TextEdit,
};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// The worker's own state.
pub(crate) struct Worker<'a, T: Toolchain> {
    toolchain: &'a T,
    jobs: Receiver<Job>,
    /// Jobs taken off the channel and not yet started, the newest per set.
    waiting: BTreeMap<SetKey, Job>,
    shared: &'a Mutex<Compiled<T::Unit>>,
    client: Box<dyn Fn(Message) + Send + 'a>,
    next_id: u32,
    /// Messages already shown to the user (each is shown once).
    noticed: HashSet<String>,
    closed: bool,
}

/// Where a file of a set is read from.
enum Source {
    /// An open document: its URI, version and text.
    Open(crate::workspace::Snapshot),
    /// The disk, with its length and modification time.
    Disk((u64, Option<SystemTime>)),
}

impl<'a, T: Toolchain> Worker<'a, T> {
    pub(crate) fn new(
        toolchain: &'a T,
        jobs: Receiver<Job>,
        shared: &'a Mutex<Compiled<T::Unit>>,
        client: Box<dyn Fn(Message) + Send + 'a>,
    ) -> Self {
        Worker {
            toolchain,
            jobs,
            waiting: BTreeMap::new(),
            shared,
            client,
            next_id: 0,
            noticed: HashSet::new(),
            closed: false,
        }
    }

    /// Runs until the message loop drops its end of the channel.
    pub(crate) fn run(mut self) {
        loop {
            if self.waiting.is_empty() {
                match self.jobs.recv() {
                    Ok(job) => {
                        self.waiting.insert(job.key.clone(), job);
                    }
                    Err(_) => return,
                }
            }
            self.poll();
            let Some(key) = self.waiting.keys().next().cloned() else {
                if self.closed {
                    return;
                }
                continue;
            };
            let Some(job) = self.waiting.remove(&key) else {
                continue;
            };
            if catch_unwind(AssertUnwindSafe(|| self.compile(job))).is_err() {
                self.log("internal error while checking the cards (the server goes on)");
            }
        }
    }

    /// Takes every job waiting on the channel; a newer job of a set replaces the older.
    fn poll(&mut self) {
        loop {
            match self.jobs.try_recv() {
                Ok(job) => {
                    self.waiting.insert(job.key.clone(), job);
                }
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    self.closed = true;
                    return;
                }
            }
        }
    }

    /// Whether a newer job of `key` is waiting (or the server is going away).
    fn superseded(&mut self, key: &SetKey) -> bool {
        self.poll();
        self.closed || self.waiting.contains_key(key)
    }

    /// Compiles one set, installs it and publishes what changed.
    fn compile(&mut self, job: Job) {
        let toolchain = self.toolchain;
        let (wanted, stopped) = gather(&job, toolchain);
        if let Some(why) = stopped {
            if self.noticed.insert(why.clone()) {
                self.send(Notification::new(
                    ShowMessage::METHOD.to_owned(),
                    ShowMessageParams {
                        typ: MessageType::WARNING,
                        message: why,
                    },
                ));
            }
        }
        let old = lock(self.shared).sets.get(&job.key).cloned();
        let old = old.as_deref();
        let mut files = BTreeMap::new();
        let mut compiled_any = false;
        for (path, source) in wanted {
            // The server going away ends any job; a newer job only one that has done
            // nothing yet.
            if self.superseded(&job.key) && (self.closed || !compiled_any) {
                return;
            }
            let previous = old.and_then(|s| s.files.get(&path));
            let name = path.to_string_lossy().into_owned();
            let (member, origin, bytes) = match source {
                Source::Open(doc) => {
                    let member = Member {
                        key: doc.uri.as_str().to_owned(),
                        uri: doc.uri.clone(),
                        version: Some(doc.version),
                    };
                    if let Some(p) = previous.filter(|p| {
                        p.origin == Origin::Open && toolchain.text(&p.unit) == &*doc.text
                    }) {
                        let mut state = p.clone();
                        state.member = member;
                        files.insert(path, state);
                        continue;
                    }
                    (member, Origin::Open, doc.text.as_bytes().to_vec())
                }
                Source::Disk(stamp) => {
                    let origin = Origin::Disk(stamp.0, stamp.1);
                    if let Some(p) = previous.filter(|p| p.origin == origin) {
                        files.insert(path, p.clone());
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
            compiled_any = true;
            let unit = toolchain.compile_file(id, Input { name, bytes });
            let index = LineIndex::new(toolchain.text(&unit));
            files.insert(
                path,
                FileState {
                    id,
                    member,
                    origin,
                    unit: Arc::new(unit),
                    index: Arc::new(index),
                },
            );
        }
        if !compiled_any && self.superseded(&job.key) {
            return;
        }
        let units: Vec<&T::Unit> = files.values().map(|f| &*f.unit).collect();
        let per_file = if units.is_empty() {
            Vec::new()
        } else {
            toolchain.link(&units)
        };
        let converted: Vec<(Member, Published)> = {
            let table = Files::new(files.values().map(|f| {
                (
                    f.id,
                    &f.member.uri,
                    toolchain.text(&f.unit),
                    f.index.as_ref(),
                )
            }));
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
                        .filter_map(|d| {
                            let converted = convert::diagnostic(d, &table)?;
                            Some((converted, fixes(d, &table)))
                        })
                        .collect();
                    let published = Published {
                        version: f.member.version,
                        diagnostics: lsp,
                    };
                    (f.member.clone(), published)
                })
                .collect()
        };
        let mut out = Vec::new();
        {
            let mut shared = lock(self.shared);
            // Files that left the set (deleted, or closed and never saved) are cleared
            // first, in case the client knows one of them under the URI of a member.
            let keys: HashSet<&str> = files.values().map(|f| f.member.key.as_str()).collect();
            if let Some(old) = old {
                for (path, gone) in &old.files {
                    let k = &gone.member.key;
                    if files.contains_key(path) || keys.contains(k.as_str()) {
                        continue;
                    }
                    if shared.published.remove(k).is_some() {
                        out.push(PublishDiagnosticsParams::new(
                            gone.member.uri.clone(),
                            Vec::new(),
                            None,
                        ));
                    }
                }
            }
            for (member, published) in converted {
                publish(&mut shared.published, member, published, &mut out);
            }
            shared
                .sets
                .insert(job.key.clone(), Arc::new(SetState { files }));
        }
        for p in out {
            self.send(Notification::new(PublishDiagnostics::METHOD.to_owned(), p));
        }
    }

    fn log(&self, message: &str) {
        self.send(Notification::new(
            LogMessage::METHOD.to_owned(),
            LogMessageParams {
                typ: MessageType::ERROR,
                message: message.to_owned(),
            },
        ));
    }

    /// Sends a message; a client that has gone away is noticed by the message loop.
    fn send(&self, n: Notification) {
        (self.client)(n.into());
    }
}

/// The shared state, even after a panic elsewhere (its data is replaced whole).
pub(crate) fn lock<U>(shared: &Mutex<Compiled<U>>) -> std::sync::MutexGuard<'_, Compiled<U>> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// Records `published` for a member and queues it if it differs from what was
/// published before.
fn publish(
    all: &mut HashMap<String, Published>,
    member: Member,
    published: Published,
    out: &mut Vec<PublishDiagnosticsParams>,
) {
    let before = all.get(&member.key);
    let same = before.map_or(published.diagnostics.is_empty(), |b| {
        b.diagnostics == published.diagnostics
    });
    if published.diagnostics.is_empty() {
        all.remove(&member.key);
    } else {
        all.insert(member.key.clone(), published.clone());
    }
    if same {
        return;
    }
    out.push(PublishDiagnosticsParams::new(
        member.uri,
        published.diagnostics.into_iter().map(|(d, _)| d).collect(),
        member.version,
    ));
}

/// A diagnostic's suggestions as quick fixes (a removal already takes its list comma or
/// its line with it: `cardc::link` widens it, as for `cardc fix`).
fn fixes(d: &cardc_diagnostics::Diagnostic, table: &Files<'_>) -> Vec<Fix> {
    d.suggestions
        .iter()
        .filter_map(|s| {
            let (uri, range) = table.location(s.span)?;
            let title = if s.replacement.is_empty() {
                format!("{}: remove it", s.message)
            } else {
                format!("{}: write `{}`", s.message, s.replacement)
            };
            Some(Fix {
                title,
                range,
                edit: (uri.clone(), TextEdit::new(range, s.replacement.clone())),
                preferred: s.applicability == Applicability::MachineApplicable,
            })
        })
        .collect()
}

/// The files of a job's set, in path order, each with where its text comes from; and
/// why the walk of its folder stopped early, if it did.
fn gather<T: Toolchain + ?Sized>(
    job: &Job,
    toolchain: &T,
) -> (Vec<(PathBuf, Source)>, Option<String>) {
    let Some(root) = &job.root else {
        let wanted = job
            .open
            .iter()
            .map(|doc| (doc.path.clone(), Source::Open(doc.clone())));
        return (wanted.collect(), None);
    };
    let i = match job.key {
        SetKey::Root(i) => i,
        SetKey::Alone(_) => usize::MAX,
    };
    let open: HashMap<&std::path::Path, &crate::workspace::Snapshot> =
        job.open.iter().map(|d| (d.path.as_path(), d)).collect();
    let found = toolchain.card_files(root);
    let stopped = found.stopped.map(|why| {
        format!(
            "{}: {why}; only the first files are checked",
            root.display()
        )
    });
    let mut paths = found.files;
    paths.retain(|p| root_of(&job.roots, p) == Some(i));
    paths.extend(open.keys().map(|p| p.to_path_buf()));
    paths.sort();
    paths.dedup();
    let wanted = paths
        .into_iter()
        .filter_map(|path| {
            if let Some(doc) = open.get(path.as_path()) {
                return Some((path, Source::Open((*doc).clone())));
            }
            let meta = std::fs::metadata(&path).ok()?;
            let stamp = (meta.len(), meta.modified().ok());
            Some((path, Source::Disk(stamp)))
        })
        .collect();
    (wanted, stopped)
}
