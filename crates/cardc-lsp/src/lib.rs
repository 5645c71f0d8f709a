//! The cardc language server: editor support for card files over the Language Server
//! Protocol.
//!
//! What it offers:
//!
//! * **Diagnostics.** Documents are synchronised whole. On open, change and save, the
//!   card set the document belongs to is checked again, with the open documents'
//!   text in place of what is on disk, so whole-set checks (duplicate names, `E0171`
//!   unknown card names) work across files; diagnostics are published for every file
//!   of the set whose diagnostics changed, and cleared for files that became clean.
//! * **Formatting** (`textDocument/formatting`): the canonical layout, as `cardc fmt`.
//! * **Quick fixes** (`textDocument/codeAction`): every suggestion of a diagnostic.
//! * **Navigation** (`navigate.rs`): definition, references and rename of card names
//!   across the set; document and workspace symbols.
//! * **Folding ranges and semantic tokens** (`tokens.rs`), from the parse.
//! * **Hover**: on a diagnostic, the explanation of its code, as `cardc explain`; on a
//!   card name, the card's summary; on any other word, what it is and the rules section
//!   it comes from (`hover.rs`, `docs.rs`).
//! * **Completion** (`textDocument/completion`) from the card's structure at the cursor
//!   (`completion.rs`), and the next word inside a sentence (`next.rs`).
//!
//! Checking is incremental and runs on a worker thread (`worker.rs`): each file keeps its
//! compiled unit, an edit compiles only the file that changed and links the set again,
//! and a check of an old version is dropped once a newer one is waiting. No request ever
//! waits for a check.
//!
//! The server does not depend on the compiler directly: the `cardc` binary depends on
//! this crate (for `cardc lsp`), so the compiler is handed in as a [`Toolchain`].
//!
//! ```text
//! editor ⇄ JSON-RPC (transport.rs) ⇄ server.rs ──jobs──▶ worker.rs ─▶ Toolchain::compile_file, link
//!                                      │                   └─▶ Compiled (workspace.rs) ◀─┐
//!                                      ├──▶ requests.rs, navigate.rs, hover.rs ──────────┘
//!                                      └──▶ completion.rs, next.rs, tokens.rs, docs.rs
//! ```

mod completion;
mod convert;
mod docs;
mod hover;
mod navigate;
mod next;
mod position;
mod requests;
mod server;
mod tokens;
pub mod transport;
mod uri;
mod worker;
mod workspace;

pub use lsp_server::Connection;
pub use position::{offset_of, position_of};
pub use uri::{path_to_uri, uri_to_path};

use cardc_diagnostics::{CodeInfo, Diagnostic, FileId};
use cardc_ir::CardSet;
use std::fmt;

/// One file handed to the compiler: a name (unique within one compilation) and its
/// contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The file's name, as the compiler shows it.
    pub name: String,
    /// The file's contents.
    pub bytes: Vec<u8>,
}

/// Why the formatter left a file alone.
#[derive(Debug)]
pub enum FormatRefusal {
    /// The file has errors (the formatter refuses files with errors).
    Errors(Vec<Diagnostic>),
    /// The formatted text would not mean the same cards.
    Unstable(String),
}

/// The card files of a workspace folder, as the compiler's walker finds them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardFiles {
    /// The files, sorted.
    pub files: Vec<std::path::PathBuf>,
    /// Why the walk stopped early (a limit), shown to the user once; `files` is then
    /// incomplete.
    pub stopped: Option<String>,
}

/// The compiler the server runs: `cardc`'s pipeline one file at a time and the
/// whole-set link, its card-file walker, formatter and code explanations.
pub trait Toolchain: Sync {
    /// One file compiled on its own (parsed, lowered, checked card by card); shared
    /// between the compile worker and the requests.
    type Unit: Send + Sync;
    /// The card files below `dir`: the same walk as `cardc check DIR` (hidden entries
    /// and `target/` skipped, no symbolic link to a directory followed, bounded).
    fn card_files(&self, dir: &std::path::Path) -> CardFiles;
    /// Compiles one file as file `id` of its set, without the rest of the set.
    fn compile_file(&self, id: FileId, input: Input) -> Self::Unit;
    /// The text a unit was compiled from (as read: invalid UTF-8 replaced).
    fn text<'u>(&self, unit: &'u Self::Unit) -> &'u str;
    /// The cards of a unit, as lowered.
    fn cards<'u>(&self, unit: &'u Self::Unit) -> &'u CardSet;
    /// Links the units of one set, in path order: each unit's diagnostics, whole-set
    /// checks included, exactly as `cardc check` reports them for the set.
    fn link(&self, units: &[&Self::Unit]) -> Vec<Vec<Diagnostic>>;
    /// Formats one file's text in the canonical layout; `name` is used in diagnostics.
    fn format(&self, name: &str, text: &str) -> Result<String, FormatRefusal>;
    /// The explanation of a diagnostic code.
    fn explain(&self, code: &str) -> Option<&'static CodeInfo>;
}

/// Why the server stopped other than by a clean `shutdown` and `exit`.
#[derive(Debug)]
pub enum Error {
    /// The client exited, or closed the connection, without asking for `shutdown`
    /// first (the protocol's exit code 1).
    NoShutdown,
    /// Reading or writing the standard streams failed.
    Io(std::io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoShutdown => {
                write!(f, "the client left without asking the server to shut down")
            }
            Error::Io(e) => write!(f, "language server I/O: {e}"),
        }
    }
}

impl std::error::Error for Error {}

/// Runs the server over standard input and output until the client exits. Malformed
/// input is answered or dropped, never fatal ([`transport`]).
pub fn run_stdio<T: Toolchain>(toolchain: &T) -> Result<(), Error> {
    let (connection, io_threads) = transport::stdio();
    let served = serve(connection, toolchain);
    // `serve` has dropped the connection, so the writer thread finishes; the reader
    // has stopped at `exit` or at the end of input.
    let joined = io_threads.join().map_err(Error::Io);
    served.and(joined)
}

/// Serves one client on `connection` until it exits: the initialize handshake, then
/// every request and notification in order. Returns `Ok` when the client asked for
/// `shutdown` before leaving.
pub fn serve<T: Toolchain>(connection: Connection, toolchain: &T) -> Result<(), Error> {
    let compiled = std::sync::Mutex::new(workspace::Compiled::default());
    let (jobs, queue) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        let sender = connection.sender.clone();
        // A client that has gone away is noticed by the message loop.
        let send = Box::new(move |m| {
            let _ = sender.send(m);
        });
        let worker = worker::Worker::new(toolchain, queue, &compiled, send);
        scope.spawn(move || worker.run());
        // The server owns the queue's sending end: when it returns, the worker's
        // channel closes, the worker stops and the scope joins it.
        server::Server::new(&connection, toolchain, &compiled, jobs).run()
    })
}
