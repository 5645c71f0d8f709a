//! The requests the server answers besides the lifecycle and navigation
//! (`navigate.rs`): formatting, hover, completion, code actions, folding ranges and
//! semantic tokens.

use crate::position::position_of;
use crate::workspace::{Compiled, Workspace};
use crate::{FormatRefusal, Toolchain};
use cardc_diagnostics::CodeInfo;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, DocumentFormattingParams,
    FoldingRange, FoldingRangeParams, Hover, HoverParams, NumberOrString, Position, Range,
    SemanticTokensParams, SemanticTokensResult, TextEdit, WorkspaceEdit,
};
use std::collections::HashMap;
use std::sync::Mutex;

/// A request that could not be answered: the message for the client.
pub(crate) struct Failed(pub(crate) String);

/// `textDocument/formatting`: one edit replacing the whole document, none if it is
/// already formatted; a failure if the file has errors.
pub(crate) fn formatting<T: Toolchain>(
    workspace: &Workspace,
    toolchain: &T,
    params: &DocumentFormattingParams,
) -> Result<Vec<TextEdit>, Failed> {
    let uri = &params.text_document.uri;
    let doc = workspace
        .document(uri)
        .ok_or_else(|| Failed(format!("{} is not open", uri.as_str())))?;
    let text = &doc.text;
    match toolchain.format(&doc.name(), text) {
        Ok(formatted) if formatted.as_str() == &**text => Ok(Vec::new()),
        Ok(formatted) => Ok(vec![TextEdit::new(
            Range::new(Position::new(0, 0), position_of(text, text.len())),
            formatted,
        )]),
        Err(FormatRefusal::Errors(errors)) => {
            let mut message = match errors.len() {
                1 => "cannot format a file with an error".to_owned(),
                n => format!("cannot format a file with {n} errors"),
            };
            if let Some(first) = errors.first() {
                let at = position_of(text, first.primary.span.start as usize);
                message.push_str(&format!(
                    "; line {}: error[{}]: {}",
                    at.line + 1,
                    first.code,
                    first.message
                ));
            }
            Err(Failed(message))
        }
        Err(FormatRefusal::Unstable(why)) => Err(Failed(format!(
            "the file was left alone: {why} (a formatter bug; please report it)"
        ))),
    }
}

/// `textDocument/hover`: on a diagnostic, the explanation of its code (from the
/// diagnostics of the document's current version only); elsewhere what the word under
/// the cursor is (`hover.rs`).
pub(crate) fn hover<T: Toolchain>(
    workspace: &Workspace,
    compiled: &Mutex<Compiled<T::Unit>>,
    toolchain: &T,
    params: &HoverParams,
) -> Option<Hover> {
    let at = &params.text_document_position_params;
    let uri = &at.text_document.uri;
    let version = workspace.document(uri).map(|d| d.version);
    let diagnostics = crate::worker::lock(compiled).diagnostics_at(uri, version, at.position);
    let mut codes: Vec<&str> = Vec::new();
    for d in &diagnostics {
        if let Some(NumberOrString::String(code)) = &d.code {
            if !codes.contains(&code.as_str()) {
                codes.push(code);
            }
        }
    }
    let sections: Vec<String> = codes
        .iter()
        .filter_map(|code| toolchain.explain(code))
        .map(explanation)
        .collect();
    if !sections.is_empty() {
        return Some(crate::hover::markdown(
            sections.join("\n\n---\n\n"),
            diagnostics.first().map(|d| d.range),
        ));
    }
    crate::hover::hover(workspace, compiled, toolchain, at)
}

/// A code's explanation as markdown, headed as `cardc explain` heads it.
pub(crate) fn explanation(info: &CodeInfo) -> String {
    if info.explanation.starts_with("# ") {
        return info.explanation.trim_end().to_owned();
    }
    let section = info.section.map(|s| format!(" ({s})")).unwrap_or_default();
    format!(
        "# {}: {}{section}\n\n{}",
        info.code,
        info.name,
        info.explanation.trim_end()
    )
}

/// `textDocument/completion`: from the open document's text as it is now and the cards
/// of its set as of the last check (never waiting for a check).
pub(crate) fn completion<T: Toolchain>(
    workspace: &Workspace,
    compiled: &Mutex<Compiled<T::Unit>>,
    toolchain: &T,
    params: &lsp_types::CompletionParams,
) -> Option<lsp_types::CompletionResponse> {
    let at = &params.text_document_position;
    let doc = workspace.document(&at.text_document.uri)?;
    let offset = crate::position::offset_of(&doc.text, at.position);
    let set = workspace
        .set_key(&at.text_document.uri)
        .and_then(|k| crate::worker::lock(compiled).sets.get(&k).cloned());
    let cards = set
        .iter()
        .flat_map(|set| set.files.values())
        .map(|f| toolchain.cards(&f.unit));
    let items = crate::completion::complete(&doc.text, offset, cards);
    Some(lsp_types::CompletionResponse::Array(items))
}

/// `textDocument/codeAction`: every suggestion of the document's current diagnostics
/// whose edit or diagnostic overlaps the requested range, as a quick fix; the
/// machine-applicable ones (those `cardc fix` applies) are preferred.
// `WorkspaceEdit` keys its changes by `Uri` (lsp-types); the URI's cell is a parse cache
// that takes no part in its hash.
#[allow(clippy::mutable_key_type)]
pub(crate) fn code_actions<T>(
    workspace: &Workspace,
    compiled: &Mutex<Compiled<T>>,
    params: &CodeActionParams,
) -> Vec<CodeActionOrCommand> {
    let uri = &params.text_document.uri;
    if let Some(only) = &params.context.only {
        if !only.iter().any(|k| {
            k == &CodeActionKind::QUICKFIX
                || CodeActionKind::QUICKFIX.as_str().starts_with(k.as_str())
        }) {
            return Vec::new();
        }
    }
    let version = workspace.document(uri).map(|d| d.version);
    let fixes = crate::worker::lock(compiled).fixes_in(uri, version, params.range);
    fixes
        .into_iter()
        .map(|(diagnostic, fix)| {
            let (target, edit) = fix.edit;
            let changes = HashMap::from([(target, vec![edit])]);
            CodeActionOrCommand::CodeAction(CodeAction {
                title: fix.title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic]),
                edit: Some(WorkspaceEdit {
                    changes: Some(changes),
                    ..WorkspaceEdit::default()
                }),
                command: None,
                is_preferred: fix.preferred.then_some(true),
                disabled: None,
                data: None,
            })
        })
        .collect()
}

/// `textDocument/foldingRange`: every card, face and `text` block of the open
/// document, and every run of two or more comment lines (from the parse of its current
/// text, `tokens.rs`).
pub(crate) fn folding(
    workspace: &Workspace,
    params: &FoldingRangeParams,
) -> Option<Vec<FoldingRange>> {
    let doc = workspace.document(&params.text_document.uri)?;
    Some(crate::tokens::folding(&doc.text))
}

/// `textDocument/semanticTokens/full`: the open document's tokens (`tokens.rs`).
pub(crate) fn semantic_tokens(
    workspace: &Workspace,
    params: &SemanticTokensParams,
) -> Option<SemanticTokensResult> {
    let doc = workspace.document(&params.text_document.uri)?;
    crate::tokens::full(&doc.text).map(SemanticTokensResult::Tokens)
}
