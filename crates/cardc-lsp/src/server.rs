//! The message loop: the lifecycle (initialize, shutdown, exit), dispatch of requests
//! and notifications, and handing the sets that changed to the compile worker.
//!
//! Messages are handled in order, one at a time, and no request waits for a compile:
//! after each burst of messages (every message already waiting), the card sets that
//! changed are queued as jobs for the worker (`worker.rs`), which supersedes a set's
//! stale jobs by newer ones, so a fast typist does not queue one compilation per
//! keystroke. Requests read the worker's last finished state. A panic while handling
//! a message is caught: a request gets an `InternalError` response and the server goes
//! on.

use crate::requests::{self, Failed};
use crate::workspace::{Compiled, Job, Workspace};
use crate::{uri, Error, Toolchain};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    LogMessage, Notification as _,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, FoldingRangeRequest, Formatting,
    GotoDefinition, HoverRequest, PrepareRenameRequest, References, Rename, Request as _,
    SemanticTokensFullRequest, WorkspaceSymbolRequest,
};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions,
    FoldingRangeProviderCapability, HoverProviderCapability, InitializeResult, LogMessageParams,
    MessageType, OneOf, PositionEncodingKind, RenameOptions, SaveOptions,
    SemanticTokensFullOptions, SemanticTokensOptions, SemanticTokensServerCapabilities,
    ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, TextDocumentSyncSaveOptions, Uri, WorkDoneProgressOptions,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::mpsc::Sender;
use std::sync::Mutex;

/// Where the server is in the protocol's lifecycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Waiting for `initialize`.
    Uninitialized,
    /// Serving.
    Running,
    /// `shutdown` was answered; waiting for `exit`.
    ShutDown,
}

/// Whether to keep serving.
enum Flow {
    Continue,
    Exit,
}

/// One client's server.
pub(crate) struct Server<'a, T: Toolchain> {
    connection: &'a Connection,
    toolchain: &'a T,
    workspace: Workspace,
    /// What the worker compiled last.
    compiled: &'a Mutex<Compiled<T::Unit>>,
    /// The worker's queue.
    jobs: Sender<Job>,
    state: State,
}

impl<'a, T: Toolchain> Server<'a, T> {
    pub(crate) fn new(
        connection: &'a Connection,
        toolchain: &'a T,
        compiled: &'a Mutex<Compiled<T::Unit>>,
        jobs: Sender<Job>,
    ) -> Self {
        Server {
            connection,
            toolchain,
            workspace: Workspace::default(),
            compiled,
            jobs,
            state: State::Uninitialized,
        }
    }

    /// Serves until `exit` or until the client goes away.
    pub(crate) fn run(mut self) -> Result<(), Error> {
        while let Ok(message) = self.connection.receiver.recv() {
            if let Flow::Exit = self.guarded(message) {
                return self.stopped();
            }
            while let Ok(message) = self.connection.receiver.try_recv() {
                if let Flow::Exit = self.guarded(message) {
                    return self.stopped();
                }
            }
            self.flush();
        }
        self.stopped()
    }

    fn stopped(&self) -> Result<(), Error> {
        match self.state {
            State::ShutDown => Ok(()),
            _ => Err(Error::NoShutdown),
        }
    }

    /// Handles one message; a panic becomes an error response (for a request) and a
    /// log message.
    fn guarded(&mut self, message: Message) -> Flow {
        let id = match &message {
            Message::Request(r) => Some(r.id.clone()),
            _ => None,
        };
        match catch_unwind(AssertUnwindSafe(|| self.handle(message))) {
            Ok(flow) => flow,
            Err(_) => {
                let what = "internal error while handling a message (the server goes on)";
                self.log(MessageType::ERROR, what.to_owned());
                if let Some(id) = id {
                    self.fail(id, ErrorCode::InternalError, what.to_owned());
                }
                Flow::Continue
            }
        }
    }

    fn handle(&mut self, message: Message) -> Flow {
        match message {
            Message::Request(request) => {
                self.request(request);
                Flow::Continue
            }
            Message::Notification(n) if n.method == "exit" => Flow::Exit,
            Message::Notification(n) => {
                if self.state == State::Running {
                    self.notification(n);
                }
                Flow::Continue
            }
            Message::Response(_) => Flow::Continue,
        }
    }

    fn request(&mut self, request: Request) {
        let Request { id, method, params } = request;
        match (self.state, method.as_str()) {
            (State::Uninitialized, "initialize") => self.initialize(id, &params),
            (State::Uninitialized, _) => self.fail(
                id,
                ErrorCode::ServerNotInitialized,
                format!("`{method}` before `initialize`"),
            ),
            (State::ShutDown, _) => self.fail(
                id,
                ErrorCode::InvalidRequest,
                format!("`{method}` after `shutdown`"),
            ),
            (State::Running, "initialize") => self.fail(
                id,
                ErrorCode::InvalidRequest,
                "the server is already initialized".to_owned(),
            ),
            (State::Running, "shutdown") => {
                self.state = State::ShutDown;
                self.send(Response::new_ok(id, ()).into());
            }
            (State::Running, Formatting::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let answer = requests::formatting(&self.workspace, self.toolchain, &p);
                self.answer(id, answer);
            }
            (State::Running, HoverRequest::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let hover = requests::hover(&self.workspace, self.compiled, self.toolchain, &p);
                self.send(Response::new_ok(id, hover).into());
            }
            (State::Running, Completion::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let items =
                    requests::completion(&self.workspace, self.compiled, self.toolchain, &p);
                self.send(Response::new_ok(id, items).into());
            }
            (State::Running, CodeActionRequest::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let actions = requests::code_actions(&self.workspace, self.compiled, &p);
                self.send(Response::new_ok(id, actions).into());
            }
            (State::Running, GotoDefinition::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let found = self.navigation().definition(&p);
                self.send(Response::new_ok(id, found).into());
            }
            (State::Running, References::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let found = self.navigation().references(&p);
                self.send(Response::new_ok(id, found).into());
            }
            (State::Running, PrepareRenameRequest::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let answer = self.navigation().prepare_rename(&p);
                self.answer(id, answer);
            }
            (State::Running, Rename::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let answer = self.navigation().rename(&p);
                self.answer(id, answer);
            }
            (State::Running, DocumentSymbolRequest::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let found = self.navigation().document_symbols(&p);
                self.send(Response::new_ok(id, found).into());
            }
            (State::Running, WorkspaceSymbolRequest::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let found = self.navigation().workspace_symbols(&p);
                self.send(Response::new_ok(id, found).into());
            }
            (State::Running, FoldingRangeRequest::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let found = requests::folding(&self.workspace, &p);
                self.send(Response::new_ok(id, found).into());
            }
            (State::Running, SemanticTokensFullRequest::METHOD) => {
                let Some(p) = self.params(&id, params) else {
                    return;
                };
                let found = requests::semantic_tokens(&self.workspace, &p);
                self.send(Response::new_ok(id, found).into());
            }
            (State::Running, _) => self.fail(
                id,
                ErrorCode::MethodNotFound,
                format!("unknown request `{method}`"),
            ),
        }
    }

    /// The card sets as the worker last compiled them, with the open documents.
    fn navigation(&self) -> crate::navigate::Navigation<'_, T> {
        crate::navigate::Navigation::new(&self.workspace, self.compiled, self.toolchain)
    }

    /// A result, or a `RequestFailed` error with its message.
    fn answer<R: Serialize>(&self, id: RequestId, answer: Result<R, Failed>) {
        match answer {
            Ok(result) => self.send(Response::new_ok(id, result).into()),
            Err(Failed(why)) => self.fail(id, ErrorCode::RequestFailed, why),
        }
    }

    fn notification(&mut self, n: Notification) {
        let Notification { method, params } = n;
        let ws = &mut self.workspace;
        let decoded = match method.as_str() {
            DidOpenTextDocument::METHOD => {
                decode(params).map(|p: lsp_types::DidOpenTextDocumentParams| {
                    let doc = p.text_document;
                    ws.open(doc.uri, doc.text, doc.version);
                })
            }
            DidChangeTextDocument::METHOD => {
                decode(params).map(|p: lsp_types::DidChangeTextDocumentParams| {
                    let doc = p.text_document;
                    ws.change(&doc.uri, doc.version, p.content_changes);
                })
            }
            DidSaveTextDocument::METHOD => {
                decode(params).map(|p: lsp_types::DidSaveTextDocumentParams| {
                    ws.save(&p.text_document.uri, p.text);
                })
            }
            DidCloseTextDocument::METHOD => {
                decode(params).map(|p: lsp_types::DidCloseTextDocumentParams| {
                    ws.close(&p.text_document.uri);
                })
            }
            // `initialized`, `$/cancelRequest`, `$/setTrace` and anything else.
            _ => Ok(()),
        };
        if let Err(e) = decoded {
            self.log(MessageType::WARNING, format!("ignored `{method}`: {e}"));
        }
    }

    fn initialize(&mut self, id: RequestId, params: &Value) {
        self.workspace = Workspace::new(workspace_folders(params));
        let result = InitializeResult {
            capabilities: capabilities(),
            server_info: Some(ServerInfo {
                name: "cardc".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
        };
        self.state = State::Running;
        self.send(Response::new_ok(id, result).into());
        let roots: Vec<String> = self
            .workspace
            .roots()
            .iter()
            .map(|r| r.display().to_string())
            .collect();
        if !roots.is_empty() {
            self.log(
                MessageType::INFO,
                format!("card sets: {}", roots.join(", ")),
            );
        }
    }

    /// Hands the card sets that changed to the worker.
    fn flush(&mut self) {
        for job in self.workspace.jobs() {
            if self.jobs.send(job).is_err() {
                self.log(
                    MessageType::ERROR,
                    "the card checker has stopped; diagnostics are no longer updated".to_owned(),
                );
                return;
            }
        }
    }

    /// A request's parameters, or an `InvalidParams` response.
    fn params<P: DeserializeOwned>(&self, id: &RequestId, params: Value) -> Option<P> {
        match decode(params) {
            Ok(p) => Some(p),
            Err(e) => {
                self.fail(id.clone(), ErrorCode::InvalidParams, e);
                None
            }
        }
    }

    fn fail(&self, id: RequestId, code: ErrorCode, message: String) {
        self.send(Response::new_err(id, code as i32, message).into());
    }

    fn log(&self, typ: MessageType, message: String) {
        let params = LogMessageParams { typ, message };
        self.send(Notification::new(LogMessage::METHOD.to_owned(), params).into());
    }

    /// Sends a message; a client that has gone away is noticed by the receiving loop.
    fn send(&self, message: Message) {
        let _ = self.connection.sender.send(message);
    }
}

fn decode<P: DeserializeOwned>(params: Value) -> Result<P, String> {
    serde_json::from_value(params).map_err(|e| format!("invalid parameters: {e}"))
}

/// What the server offers.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(true),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        document_formatting_provider: Some(OneOf::Left(true)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["\"".to_owned(), " ".to_owned()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..CodeActionOptions::default()
        })),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: crate::tokens::legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: None,
                work_done_progress_options: WorkDoneProgressOptions::default(),
            },
        )),
        ..ServerCapabilities::default()
    }
}

/// The workspace folders of `initialize`'s parameters, read leniently: the
/// `workspaceFolders`, else the older `rootUri`, else `rootPath`.
fn workspace_folders(params: &Value) -> Vec<PathBuf> {
    let path_of = |v: &Value| {
        let uri = Uri::from_str(v.as_str()?).ok()?;
        uri::uri_to_path(&uri)
    };
    if let Some(folders) = params.get("workspaceFolders").and_then(Value::as_array) {
        return folders
            .iter()
            .filter_map(|f| path_of(f.get("uri")?))
            .collect();
    }
    if let Some(root) = params.get("rootUri").and_then(path_of) {
        return vec![root];
    }
    params
        .get("rootPath")
        .and_then(Value::as_str)
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .into_iter()
        .collect()
}
