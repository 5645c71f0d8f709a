//! How the checker words and places a diagnostic: who it is about (the card, and the
//! face where it matters) and the narrowest span that stands for a face.

use cardc_diagnostics::Span;
use cardc_ir::{Card, Face, FaceRole};

/// `card "Mara Voss"`: the opening of every message about a card.
pub(crate) fn card(card: &Card) -> String {
    format!("card \"{}\"", card.name.value)
}

/// `"Mara Voss"`: a card's name in quotes, for messages about a card a text names.
pub(crate) fn quoted(card: &Card) -> String {
    format!("\"{}\"", card.name.value)
}

/// `card "Mara Voss"`, `card "Mara Voss", Prime face` or
/// `card "Mara Voss", Fallen face "Mara, the Hollow Voice"`.
pub(crate) fn face<'a>(card: &'a Card, face: &'a Face) -> FaceName<'a> {
    FaceName { card, face }
}

/// Who a message is about, a card's face ([`face`]): written out only when a message is,
/// so the checks of a card that has no error format nothing.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FaceName<'a> {
    card: &'a Card,
    face: &'a Face,
}

impl std::fmt::Display for FaceName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let role = match self.face.role {
            FaceRole::Front => return write!(f, "card \"{}\"", self.card.name.value),
            FaceRole::Prime => "Prime",
            FaceRole::Fallen => "Fallen",
            FaceRole::Reversal => "Reversal",
        };
        write!(f, "card \"{}\", {role} face", self.card.name.value)?;
        match &self.face.name {
            Some(name) => write!(f, " \"{}\"", name.value),
            None => Ok(()),
        }
    }
}

/// The narrowest span that stands for a face: its block keyword (`fallen`) for a
/// `prime`/`fallen`/`reversal` block, or the card's name for a card's front.
pub(crate) fn face_anchor(card: &Card, face: &Face) -> Span {
    match face.role.keyword() {
        Some(word) if face.span.end.saturating_sub(face.span.start) as usize >= word.len() => {
            Span {
                file: face.span.file,
                start: face.span.start,
                end: face.span.start + word.len() as u32,
            }
        }
        _ => card.name.span,
    }
}

/// "a Ground Unit" / "an Homeworld": the kind with its article, for messages.
pub(crate) fn a_kind(card: &Card) -> String {
    a_kind_of(card.kind.value)
}

/// `a Ground Unit`, `an Event`: a card kind with its article.
pub(crate) fn a_kind_of(kind: cardc_ir::CardKind) -> String {
    let title = kind.title();
    let article = if title.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {title}")
}
