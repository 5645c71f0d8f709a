//! What the engine cannot play yet: IR the checker accepts but no engine primitive
//! implements. Reported as `E0300` diagnostics before anything is generated, so a card
//! never compiles into Rust that silently does less than it prints.

use cardc_diagnostics::{CodeInfo, Diagnostic, Severity, Span};
use cardc_ir::{Ability, Card, CardSet, Playable, Target};

/// `E0300`: rules text the engine has no primitive for.
pub const UNSUPPORTED: &str = "E0300";

/// The codes of this stage, for `cardc explain`.
pub static CODES: &[CodeInfo] = &[CodeInfo {
    code: UNSUPPORTED,
    name: "not-playable-yet",
    severity: Severity::Error,
    section: None,
    explanation: include_str!("../explain/E0300.md"),
}];

/// Most `target …` choices one ability may make (the engine's `limits::MAX_CHOSEN`).
pub const MAX_CHOSEN: usize = 8;

/// A diagnostic for every ability the engine cannot play, in card order.
pub fn unsupported(set: &CardSet) -> Vec<Diagnostic> {
    set.cards.iter().flat_map(unsupported_card).collect()
}

/// [`unsupported`] of one card: a caller that has each card on its own (the driver, on
/// several threads) asks card by card.
pub fn unsupported_card(card: &Card) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let who = &card.name.value;
    for face in &card.faces {
        for a in &face.abilities {
            let mut report = |why: &str, help: &str| {
                out.push(
                    Diagnostic::error(
                        UNSUPPORTED,
                        a.span,
                        format!("card \"{who}\": the engine cannot play this ability yet"),
                    )
                    .with_label(why.to_owned())
                    .with_help(help.to_owned()),
                );
            };
            if let Ability::Replacement(r) = &a.value {
                // Rulings R102–R104: every would-event is played; what it watches must
                // be a subject of the card itself, not a card by name or a choice.
                if !would_target(r.would.value.target()) {
                    report(
                        "a replacement watches this card, the Bound or a group (`each …`), not a card by name",
                        "name `this card`, `the Bound` or `each …`",
                    );
                }
                if chosen(&r.instead) > 0 {
                    report(
                        "a replacement chooses no targets",
                        "use `this card`, `the Bound` or `each …`",
                    );
                }
                continue;
            }
            // The playability table (`Effect::playable`, from the vocabulary table).
            let story = a.value.effects().iter().any(|c| {
                c.steps
                    .iter()
                    .any(|s| s.value.playable() == Playable::Replacement)
            });
            if story {
                report(
                    "`that many` refers to what a replacement replaced",
                    "use it only in `If Liberation counters would be placed on …, … instead.`",
                );
            }
            if a.value.effects().iter().any(|c| modal_counted(c)) {
                report(
                    "the engine chooses the targets of a modal text's options one at a time",
                    "write `target …` without a count in an option",
                );
            }
            let n: usize = a
                .value
                .effects()
                .iter()
                .map(|c| chosen(c))
                .fold(0, usize::saturating_add);
            if n > MAX_CHOSEN {
                report(
                    "the engine chooses at most 8 targets for one ability",
                    "split the ability",
                );
            }
        }
    }
    // A Maneuver's or Reversal's sentences choose their targets together.
    for face in &card.faces {
        let n: usize = face
            .abilities
            .iter()
            .filter_map(|a| match &a.value {
                Ability::Effect(e) => Some(chosen(e)),
                _ => None,
            })
            .fold(0, usize::saturating_add);
        if n > MAX_CHOSEN {
            out.push(
                Diagnostic::error(
                    UNSUPPORTED,
                    Span::from(face.span),
                    format!("card \"{who}\": the engine cannot play this ability yet"),
                )
                .with_label("the engine chooses at most 8 targets for one text"),
            );
        }
        // Ruling R81: a Maneuver's or Reversal's text makes one choice of modes.
        let modal = face
            .abilities
            .iter()
            .filter(|a| matches!(&a.value, Ability::Effect(e) if e.modes.is_some()))
            .count();
        if modal > 1 {
            out.push(
                Diagnostic::error(
                    UNSUPPORTED,
                    Span::from(face.span),
                    format!("card \"{who}\": the engine cannot play this ability yet"),
                )
                .with_label(
                    "the engine makes one choice of modes for a Maneuver's or Reversal's text",
                )
                .with_help("join the choices into one `Choose …` sentence"),
            );
        }
    }
    out
}

fn would_target(t: &Target) -> bool {
    match *t {
        Target::ThisCard | Target::TheBound | Target::Each { .. } => true,
        // The engine's replacements watch a subject of the card itself (`Subject`), not a
        // card by name.
        Target::Chosen { .. } | Target::Named(_) | Target::Anaphor { .. } => false,
    }
}

/// The permanents a chain's `target …`s choose: one each, `n` for a counted one (ruling R82).
fn chosen(chain: &cardc_ir::EffectChain) -> usize {
    chain
        .steps
        .iter()
        .filter_map(|s| match s.value.target() {
            Some(t @ Target::Chosen { .. }) => Some(
                // A count above eight is the checker's `E0205`; counted here as eight.
                t.count().map_or(1, |c| {
                    usize::try_from(c.n.min(cardc_ir::TargetCount::MAX)).unwrap_or(usize::MAX)
                }),
            ),
            _ => None,
        })
        .fold(0, usize::saturating_add)
}

/// Whether a modal chain's options count their targets (`up to two target …`, ruling
/// R82): the engine chooses the modes' targets one per selector.
fn modal_counted(chain: &cardc_ir::EffectChain) -> bool {
    chain.modes.is_some()
        && chain
            .steps
            .iter()
            .any(|s| s.value.target().is_some_and(|t| t.count().is_some()))
}
