//! Hover away from a diagnostic: on a card name, that card's summary; on any other
//! word, what it is and the rules it comes from (`docs.rs`).
//!
//! A card name (a header's or a quoted reference in rules text) is found among the
//! names of the set as last compiled (`navigate.rs`), and the card that prints it is
//! summed up: kind, cost, each face with its stats and its printed text, as the proof
//! sheet prints it (`cardc_ir::text`). Any other word is looked up in the parse of the
//! card around the cursor ([`cardc_syntax::highlight`]): the card from the last line
//! that starts a card (a frame word in column 0) before the cursor to the next, so a
//! hover in a large file reads one card, not the file.

use crate::navigate::{holds, occurrences};
use crate::workspace::{Compiled, Workspace};
use crate::Toolchain;
use cardc_ir::{Card, FaceRole};
use lsp_types::{
    Hover, HoverContents, MarkupContent, MarkupKind, Range, TextDocumentPositionParams,
};
use std::sync::Mutex;

/// A markdown hover.
pub(crate) fn markdown(value: String, range: Option<Range>) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range,
    }
}

/// The hover at `at` when no diagnostic is there.
pub(crate) fn hover<T: Toolchain>(
    workspace: &Workspace,
    compiled: &Mutex<Compiled<T::Unit>>,
    toolchain: &T,
    at: &TextDocumentPositionParams,
) -> Option<Hover> {
    let doc = workspace.document(&at.text_document.uri)?;
    if let Some(h) = card_name(workspace, compiled, toolchain, at) {
        return Some(h);
    }
    crate::docs::word(&doc.text, at.position)
}

/// On a card name, the summary of the card that prints it.
fn card_name<T: Toolchain>(
    workspace: &Workspace,
    compiled: &Mutex<Compiled<T::Unit>>,
    toolchain: &T,
    at: &TextDocumentPositionParams,
) -> Option<Hover> {
    let uri = &at.text_document.uri;
    let doc = workspace.document(uri)?;
    let set = crate::worker::lock(compiled)
        .sets
        .get(&workspace.set_key(uri)?)
        .cloned()?;
    let file = set.files.values().find(|f| f.member.uri == *uri)?;
    if *doc.text != *toolchain.text(&file.unit) {
        return None;
    }
    let all = occurrences(toolchain, &set);
    let here = all
        .iter()
        .find(|o| o.uri == *uri && holds(&o.quoted, at.position))?;
    let card = set
        .files
        .values()
        .flat_map(|f| &toolchain.cards(&f.unit).cards)
        .find(|c| {
            cardc_check::name_key(&c.name.value) == here.key
                || c.faces.iter().any(|f| {
                    f.name
                        .as_ref()
                        .is_some_and(|n| cardc_check::name_key(&n.value) == here.key)
                })
        });
    let value = match card {
        Some(card) => summary(card),
        None => format!("No card of this set is named \"{}\" (`E0171`).", here.name),
    };
    Some(markdown(value, Some(here.quoted)))
}

/// A card as a designer reads it on its proof sheet.
pub(crate) fn summary(card: &Card) -> String {
    let mut out = format!("**{}**: {}", card.name.value, card.kind.value.title());
    let mut facts = Vec::new();
    if let Some(c) = &card.cost {
        facts.push(format!("cost {}", c.value));
    }
    if let Some(v) = &card.votes {
        facts.push(format!("votes {}", v.value));
    }
    if card.capital.is_some() {
        facts.push("capital".to_owned());
    }
    if let Some(s) = &card.speed {
        facts.push(format!("speed {}", s.value.name()));
    }
    if let Some(m) = &card.character_action {
        facts.push(format!("character action {}", m.value.name()));
    }
    if !facts.is_empty() {
        out.push_str(", ");
        out.push_str(&facts.join(", "));
    }
    for face in &card.faces {
        out.push_str("\n\n");
        let title = match (face.role, &face.name) {
            (FaceRole::Front, _) if card.faces.len() == 1 => None,
            (role, Some(n)) => Some(format!(
                "*{}* \"{}\"",
                role.keyword().unwrap_or("front"),
                n.value
            )),
            (role, None) => Some(format!("*{}*", role.keyword().unwrap_or("front"))),
        };
        let mut stats = Vec::new();
        if let Some(d) = &face.drives {
            let names: Vec<&str> = d.value.iter().map(|d| d.value.name()).collect();
            stats.push(format!("drives {}", names.join(", ")));
        }
        if let Some(m) = &face.morality {
            stats.push(format!("morality {}", m.value.name()));
        }
        for (label, v) in [("CP", &face.cp), ("VOX", &face.vox), ("ATK", &face.attack)] {
            if let Some(v) = v {
                stats.push(format!("{label} {}", v.value));
            }
        }
        for (label, v) in [("RK", &face.rank), ("DEF", &face.def)] {
            if let Some(v) = v {
                stats.push(format!("{label} {}", v.value));
            }
        }
        if let Some(p) = &face.penalties {
            stats.push(format!("penalties {}", cardc_ir::text::penalties(&p.value)));
        }
        if let Some(e) = &face.exit {
            stats.push(format!("exit {}", e.value.name()));
        }
        let head = match title {
            Some(t) if stats.is_empty() => t,
            Some(t) => format!("{t}: {}", stats.join(" · ")),
            None => stats.join(" · "),
        };
        out.push_str(&head);
        for line in cardc_ir::text::face_text(face) {
            out.push_str("\n\n> ");
            out.push_str(&line);
        }
        if let Some(f) = &face.flavor {
            out.push_str(&format!("\n\n*{}*", f.value));
        }
    }
    out
}
