//! The requests the server answers besides the lifecycle: formatting, hover and
//! completion.

use crate::position::position_of;
use crate::workspace::Workspace;
use crate::{FormatRefusal, Toolchain};
use cardc_diagnostics::CodeInfo;
use lsp_types::{
    DocumentFormattingParams, Hover, HoverContents, HoverParams, MarkupContent, MarkupKind,
    NumberOrString, Position, Range, TextEdit,
};

/// A request that could not be answered: the message for the client.
pub(crate) struct Failed(pub(crate) String);

/// `textDocument/formatting`: one edit replacing the whole document, none if it is
/// already formatted; a failure if the file has errors.
pub(crate) fn formatting<T: Toolchain>(
    workspace: &Workspace<T::Unit>,
    toolchain: &T,
    params: &DocumentFormattingParams,
) -> Result<Vec<TextEdit>, Failed> {
    let uri = &params.text_document.uri;
    let doc = workspace
        .document(uri)
        .ok_or_else(|| Failed(format!("{} is not open", uri.as_str())))?;
    let text = &doc.text;
    match toolchain.format(&doc.name(), text) {
        Ok(formatted) if formatted == *text => Ok(Vec::new()),
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

/// `textDocument/hover`: on a diagnostic, the explanation of its code.
pub(crate) fn hover<T: Toolchain>(
    workspace: &Workspace<T::Unit>,
    toolchain: &T,
    params: &HoverParams,
) -> Option<Hover> {
    let at = &params.text_document_position_params;
    let diagnostics = workspace.diagnostics_at(&at.text_document.uri, at.position);
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
    if sections.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: sections.join("\n\n---\n\n"),
        }),
        range: diagnostics.first().map(|d| d.range),
    })
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
    workspace: &Workspace<T::Unit>,
    toolchain: &T,
    params: &lsp_types::CompletionParams,
) -> Option<lsp_types::CompletionResponse> {
    let at = &params.text_document_position;
    let doc = workspace.document(&at.text_document.uri)?;
    let offset = crate::position::offset_of(&doc.text, at.position);
    let sets = workspace.sets_of_document(&at.text_document.uri);
    let cards = sets
        .into_iter()
        .flat_map(|set| set.files.values())
        .map(|f| toolchain.cards(&f.unit));
    let items = crate::completion::complete(&doc.text, offset, cards);
    Some(lsp_types::CompletionResponse::Array(items))
}
