//! Cost changes (ruling R87): where one may be printed. A cost change applies while the card
//! printing it is in play, on the face showing (a permanent's, or a Storyline's front face):
//! a Maneuver resolves and is gone, and a Reversal's text is resolved once, so a cost change
//! there would never apply (`E0237`). What the cards are and `cost 0 less` are lowering's
//! (`E0235`, `E0236`).

use crate::codes::*;
use crate::report::{self, FaceName};
use cardc_diagnostics::Diagnostic;
use cardc_ir::{Ability, Card, CardKind, Face, FaceRole, Loc};

/// Every check of one cost change printed on `face` of `card` (`who` names the face).
pub(crate) fn check(
    card: &Card,
    face: &Face,
    who: FaceName<'_>,
    ability: &Loc<Ability>,
    out: &mut Vec<Diagnostic>,
) {
    let (label, note) = if card.kind.value == CardKind::Maneuver {
        (
            "a Maneuver is never in play for this to apply",
            "a Maneuver resolves its text when played and is gone; a cost change applies only while its card is in play (§7.11, ruling R87)",
        )
    } else if face.role == FaceRole::Reversal {
        (
            "a Reversal's text is resolved once, as its Storyline reverses",
            "a Reversal face plays only its effects, once (ruling R17); a cost change applies only while its card is in play (ruling R87)",
        )
    } else {
        return;
    };
    out.push(
        Diagnostic::error(
            COST_CHANGE_NOT_ON_MAP,
            ability.span,
            format!(
                "{who}: a cost change on {} never applies",
                report::a_kind(card)
            ),
        )
        .with_label(label)
        .with_note(note)
        .with_help("print it on a permanent or a Storyline's front face"),
    );
}
