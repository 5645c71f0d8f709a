//! Navigation over the card names of a set: go-to-definition, references, rename
//! (with prepareRename), document symbols and workspace symbols.
//!
//! Everything is read from the cards the worker last compiled (`Compiled`): a card's
//! header (`character "Mara Voss"`) and each face's name define a name; every named
//! target in rules text (`Ready "Pier Nine".`) and every named event subject (`When "Pier
//! Nine" is destroyed`) refers to one. Names are compared as
//! the checker's name index compares them ([`cardc_check::name_key`]: case and
//! surrounding blanks ignored), so the server resolves a name exactly where
//! `cardc check` does (`E0171` when it resolves nowhere).
//!
//! A position is only looked up in a document whose compiled text is its current text;
//! while a change is still being compiled, definition and references answer nothing
//! and rename is refused, rather than edit the wrong span.

use crate::requests::Failed;
use crate::workspace::{Compiled, SetKey, SetState, Workspace};
use crate::Toolchain;
use cardc_ir::{Ability, Card, Face, FaceRole, Target};
use lsp_types::{
    DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams,
    GotoDefinitionResponse, Location, Position, PrepareRenameResponse, Range, ReferenceParams,
    RenameParams, SymbolInformation, SymbolKind, TextDocumentPositionParams, TextEdit, Uri,
    WorkspaceEdit, WorkspaceSymbolParams, WorkspaceSymbolResponse,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One card name written somewhere in a set.
#[derive(Debug, Clone)]
pub(crate) struct Occurrence {
    pub(crate) uri: Uri,
    /// The name between its quotes.
    pub(crate) range: Range,
    /// With its quotes.
    pub(crate) quoted: Range,
    /// The name as written (unescaped).
    pub(crate) name: String,
    /// The index key ([`cardc_check::name_key`]).
    pub(crate) key: String,
    /// A card's or face's name (not a reference in rules text).
    pub(crate) definition: bool,
}

/// The requests over the compiled sets.
pub(crate) struct Navigation<'a, T: Toolchain> {
    workspace: &'a Workspace,
    compiled: &'a Mutex<Compiled<T::Unit>>,
    toolchain: &'a T,
}

impl<'a, T: Toolchain> Navigation<'a, T> {
    pub(crate) fn new(
        workspace: &'a Workspace,
        compiled: &'a Mutex<Compiled<T::Unit>>,
        toolchain: &'a T,
    ) -> Self {
        Navigation {
            workspace,
            compiled,
            toolchain,
        }
    }

    /// The compiled state of `key`'s set.
    fn set(&self, key: &SetKey) -> Option<Arc<SetState<T::Unit>>> {
        crate::worker::lock(self.compiled).sets.get(key).cloned()
    }

    /// Every set compiled so far.
    fn sets(&self) -> Vec<Arc<SetState<T::Unit>>> {
        let keys = self.workspace.set_keys();
        let compiled = crate::worker::lock(self.compiled);
        keys.iter()
            .filter_map(|k| compiled.sets.get(k).cloned())
            .collect()
    }

    /// Whether every open document of the set was compiled from its current text.
    fn current(&self, set: &SetState<T::Unit>) -> bool {
        set.files.values().all(|f| {
            self.workspace
                .document(&f.member.uri)
                .is_none_or(|d| *d.text == *self.toolchain.text(&f.unit))
        })
    }

    /// The set of the document at `at`, the name occurrences of that set, and the one
    /// under the cursor.
    fn at(&self, at: &TextDocumentPositionParams) -> Option<(Vec<Occurrence>, Occurrence)> {
        let key = self.workspace.set_key(&at.text_document.uri)?;
        let set = self.set(&key)?;
        let file = set
            .files
            .values()
            .find(|f| f.member.uri == at.text_document.uri)?;
        let doc = self.workspace.document(&at.text_document.uri)?;
        if *doc.text != *self.toolchain.text(&file.unit) {
            return None;
        }
        let all = occurrences(self.toolchain, &set);
        let here = all
            .iter()
            .find(|o| {
                o.uri == at.text_document.uri
                    && o.quoted.start <= at.position
                    && at.position <= o.quoted.end
            })?
            .clone();
        Some((all, here))
    }

    /// `textDocument/definition`: on a quoted card name, where the card (or face) that
    /// prints it is declared.
    pub(crate) fn definition(&self, p: &GotoDefinitionParams) -> Option<GotoDefinitionResponse> {
        let (all, here) = self.at(&p.text_document_position_params)?;
        let found: Vec<Location> = all
            .iter()
            .filter(|o| o.definition && o.key == here.key)
            .map(|o| Location::new(o.uri.clone(), o.range))
            .collect();
        match found.len() {
            0 => None,
            1 => found.into_iter().next().map(GotoDefinitionResponse::Scalar),
            _ => Some(GotoDefinitionResponse::Array(found)),
        }
    }

    /// `textDocument/references`: every place the name under the cursor is written,
    /// its declarations only when the client asks for them.
    pub(crate) fn references(&self, p: &ReferenceParams) -> Option<Vec<Location>> {
        let (all, here) = self.at(&p.text_document_position)?;
        let with_declaration = p.context.include_declaration;
        Some(
            all.iter()
                .filter(|o| o.key == here.key && (with_declaration || !o.definition))
                .map(|o| Location::new(o.uri.clone(), o.range))
                .collect(),
        )
    }

    /// `textDocument/prepareRename`: the name under the cursor, if it is the name of a
    /// card of the set.
    pub(crate) fn prepare_rename(
        &self,
        p: &TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>, Failed> {
        let (all, here) = self.renameable(p)?;
        let _ = all;
        Ok(Some(PrepareRenameResponse::RangeWithPlaceholder {
            range: here.range,
            placeholder: here.name,
        }))
    }

    /// The occurrences and the one under the cursor, if it names a card of the set.
    fn renameable(
        &self,
        p: &TextDocumentPositionParams,
    ) -> Result<(Vec<Occurrence>, Occurrence), Failed> {
        let key = self.workspace.set_key(&p.text_document.uri);
        if let Some(set) = key.and_then(|k| self.set(&k)) {
            if !self.current(&set) {
                return Err(Failed(
                    "the cards are still being checked; rename again in a moment".to_owned(),
                ));
            }
        }
        let Some((all, here)) = self.at(p) else {
            return Err(Failed("no card name here to rename".to_owned()));
        };
        if !all.iter().any(|o| o.definition && o.key == here.key) {
            return Err(Failed(format!(
                "no card of this set is named \"{}\"",
                here.name
            )));
        }
        Ok((all, here))
    }

    /// `textDocument/rename`: the card's header (and its faces' names that are the same
    /// name) and every quoted reference to it, in every file of the set. A new name that
    /// is empty or already printed by another card is refused.
    // `WorkspaceEdit` keys its changes by `Uri` (lsp-types); the URI's cell is a parse
    // cache that takes no part in its hash.
    #[allow(clippy::mutable_key_type)]
    pub(crate) fn rename(&self, p: &RenameParams) -> Result<Option<WorkspaceEdit>, Failed> {
        let (all, here) = self.renameable(&p.text_document_position)?;
        let new = p.new_name.trim();
        if new.is_empty() {
            return Err(Failed("a card name cannot be empty".to_owned()));
        }
        if new.chars().any(|c| c.is_control() && c != '\t') {
            return Err(Failed(
                "a card name is one line, without control characters".to_owned(),
            ));
        }
        let new_key = cardc_check::name_key(new);
        if new_key != here.key && all.iter().any(|o| o.definition && o.key == new_key) {
            return Err(Failed(format!(
                "a card of this set is already named \"{new}\" (card names are unique, §E0170)"
            )));
        }
        let escaped = escape(new);
        let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
        for o in all.iter().filter(|o| o.key == here.key) {
            changes
                .entry(o.uri.clone())
                .or_default()
                .push(TextEdit::new(o.range, escaped.clone()));
        }
        Ok(Some(WorkspaceEdit {
            changes: Some(changes),
            ..WorkspaceEdit::default()
        }))
    }

    /// `textDocument/documentSymbol`: the document's cards, each with its faces, each
    /// face with its abilities (the sentences of its text).
    pub(crate) fn document_symbols(
        &self,
        p: &DocumentSymbolParams,
    ) -> Option<DocumentSymbolResponse> {
        let uri = &p.text_document.uri;
        let set = self.set(&self.workspace.set_key(uri)?)?;
        let file = set.files.values().find(|f| f.member.uri == *uri)?;
        let text = self.toolchain.text(&file.unit);
        if self
            .workspace
            .document(uri)
            .is_some_and(|d| *d.text != *text)
        {
            return None;
        }
        let range = |span: cardc_diagnostics::Span| {
            Range::new(
                file.index.position(text, span.start as usize),
                file.index.position(text, span.end as usize),
            )
        };
        let symbols = self
            .toolchain
            .cards(&file.unit)
            .cards
            .iter()
            .map(|card| card_symbol(card, text, &range))
            .collect();
        Some(DocumentSymbolResponse::Nested(symbols))
    }

    /// `workspace/symbol`: the cards and named faces of every set whose name holds the
    /// query (ignoring case); every card for an empty query.
    pub(crate) fn workspace_symbols(
        &self,
        p: &WorkspaceSymbolParams,
    ) -> Option<WorkspaceSymbolResponse> {
        let query = p.query.trim().to_lowercase();
        let mut out = Vec::new();
        for set in self.sets() {
            for o in occurrences(self.toolchain, &set) {
                if o.definition && o.name.to_lowercase().contains(&query) {
                    #[allow(deprecated)] // `deprecated` is a field the type requires
                    out.push(SymbolInformation {
                        name: o.name.clone(),
                        kind: SymbolKind::CLASS,
                        tags: None,
                        deprecated: None,
                        location: Location::new(o.uri.clone(), o.range),
                        container_name: None,
                    });
                }
            }
        }
        out.sort_by(|a, b| a.name.cmp(&b.name));
        out.dedup_by(|a, b| a.name == b.name && a.location == b.location);
        Some(WorkspaceSymbolResponse::Flat(out))
    }
}

/// A card as a symbol: its faces as children (a one-faced card's abilities directly).
fn card_symbol(
    card: &Card,
    text: &str,
    range: &dyn Fn(cardc_diagnostics::Span) -> Range,
) -> DocumentSymbol {
    let full = range(card.span.0);
    let selection = inner(text, card.name.span).map_or(full, range);
    let children = if card.faces.iter().all(|f| f.role == FaceRole::Front) {
        card.faces
            .iter()
            .flat_map(|f| abilities(f, text, range))
            .collect()
    } else {
        card.faces
            .iter()
            .map(|f| face_symbol(f, text, range))
            .collect()
    };
    symbol(
        card.name.value.clone(),
        Some(card.kind.value.title().to_owned()),
        SymbolKind::CLASS,
        full,
        selection,
        children,
    )
}

fn face_symbol(
    face: &Face,
    text: &str,
    range: &dyn Fn(cardc_diagnostics::Span) -> Range,
) -> DocumentSymbol {
    let full = range(face.span.0);
    let role = face.role.keyword().unwrap_or("front");
    let (name, selection) = match &face.name {
        Some(n) => (
            format!("{role} \"{}\"", n.value),
            inner(text, n.span).map_or(full, range),
        ),
        None => (role.to_owned(), Range::new(full.start, full.start)),
    };
    symbol(
        name,
        None,
        SymbolKind::NAMESPACE,
        full,
        selection,
        abilities(face, text, range),
    )
}

fn abilities(
    face: &Face,
    text: &str,
    range: &dyn Fn(cardc_diagnostics::Span) -> Range,
) -> Vec<DocumentSymbol> {
    face.abilities
        .iter()
        .map(|a| {
            let r = range(a.span);
            let written = text
                .get(a.span.start as usize..a.span.end as usize)
                .unwrap_or_default();
            let name: String = written.split_whitespace().collect::<Vec<_>>().join(" ");
            symbol(
                if name.is_empty() {
                    "ability".to_owned()
                } else {
                    name
                },
                Some(ability_kind(&a.value).to_owned()),
                SymbolKind::METHOD,
                r,
                r,
                Vec::new(),
            )
        })
        .collect()
}

fn ability_kind(a: &Ability) -> &'static str {
    match a {
        Ability::Keyword(_) => "keyword",
        Ability::Static(_) => "static",
        Ability::Triggered(_) => "triggered",
        Ability::Activated(a) if a.marks() == Some(cardc_ir::CostMarks::CharacterAbility) => {
            "Character Ability"
        }
        Ability::Activated(_) => "activated",
        Ability::Replacement(_) => "replacement",
        Ability::Twist(_) => "Twist",
        Ability::Effect(_) => "effect",
        Ability::CostChange(_) => "cost change",
    }
}

#[allow(deprecated)] // `deprecated` is a field the type requires
fn symbol(
    name: String,
    detail: Option<String>,
    kind: SymbolKind,
    range: Range,
    selection: Range,
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range,
        // The protocol wants the selection inside the range.
        selection_range: if selection.start >= range.start && selection.end <= range.end {
            selection
        } else {
            range
        },
        children: (!children.is_empty()).then_some(children),
    }
}

/// The span between the quotes of a string written at `span`, if it is quoted there.
fn inner(text: &str, span: cardc_diagnostics::Span) -> Option<cardc_diagnostics::Span> {
    let (a, b) = (span.start as usize, span.end as usize);
    let written = text.get(a..b)?;
    if written.len() >= 2 && written.starts_with('"') && written.ends_with('"') {
        Some(cardc_diagnostics::Span::new(span.file, a + 1, b - 1))
    } else if written.starts_with('"') {
        // An unterminated string: the name runs to the end of the span.
        Some(cardc_diagnostics::Span::new(span.file, a + 1, b))
    } else {
        Some(span)
    }
}

/// A name as the card language writes it between quotes.
pub(crate) fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            _ => out.push(c),
        }
    }
    out
}

/// Every card name written in the files of `set`: headers and face names, and named
/// targets in rules text.
pub(crate) fn occurrences<T: Toolchain>(toolchain: &T, set: &SetState<T::Unit>) -> Vec<Occurrence> {
    let mut out = Vec::new();
    for f in set.files.values() {
        let text = toolchain.text(&f.unit);
        let mut push = |name: &str, span: cardc_diagnostics::Span, definition: bool| {
            let Some(inside) = inner(text, span) else {
                return;
            };
            let at = |o: u32| f.index.position(text, o as usize);
            out.push(Occurrence {
                uri: f.member.uri.clone(),
                range: Range::new(at(inside.start), at(inside.end)),
                quoted: Range::new(at(span.start), at(span.end)),
                name: name.to_owned(),
                key: cardc_check::name_key(name),
                definition,
            });
        };
        for card in &toolchain.cards(&f.unit).cards {
            push(&card.name.value, card.name.span, true);
            for face in &card.faces {
                if let Some(n) = &face.name {
                    push(&n.value, n.span, true);
                }
                for a in &face.abilities {
                    let mut targets: Vec<&Target> = Vec::new();
                    if let Ability::Replacement(r) = &a.value {
                        targets.push(r.would.value.target());
                    }
                    // `When "Pier Nine" is destroyed`: an event's named subject (ruling R113).
                    if let Ability::Triggered(cardc_ir::Triggered { named: Some(n), .. }) = &a.value
                    {
                        push(n.value.as_str(), n.span, false);
                    }
                    for chain in a.value.effects() {
                        targets.extend(chain.steps.iter().filter_map(|s| s.value.target()));
                    }
                    for name in targets.into_iter().filter_map(Target::name) {
                        push(&name.value, name.span, false);
                    }
                }
            }
        }
    }
    out
}

/// Whether `position` lies in `range`, ends included.
pub(crate) fn holds(range: &Range, position: Position) -> bool {
    range.start <= position && position <= range.end
}
