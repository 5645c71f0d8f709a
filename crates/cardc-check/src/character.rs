//! §7.1–§7.4, §7.7, §7.8, §7.10: a Character's faces, and the lines only a Character
//! prints (Drives, Morality, CP, Penalties, exit clause) with their own rules.
//!
//! Lowering already rejects a face a card type cannot have, a face given twice, a
//! missing `cost` and `character_action` off a Maneuver; the checks here start where
//! those end.

use crate::codes::*;
use crate::report::{self, FaceName};
use cardc_diagnostics::{Applicability, Diagnostic};
use cardc_ir::{Card, CardKind, Face, FaceRole};

/// Runs every check of this module on one card.
pub(crate) fn check(card: &Card, out: &mut Vec<Diagnostic>) {
    if card.kind.value == CardKind::Character {
        character_faces(card, out);
        for face in card.faces.iter().filter(|f| f.role != FaceRole::Reversal) {
            character_face(card, face, out);
        }
    } else {
        for face in &card.faces {
            non_character_face(card, face, out);
        }
    }
}

/// §7.7: a Character has one Prime and one Fallen face, and no other.
fn character_faces(card: &Card, out: &mut Vec<Diagnostic>) {
    let note = "§7.7: each Fallen face has its own printed Drives, Morality, Penalties block, \
                abilities, starting CP, Rank, and combat stats";
    let mut first: [Option<&Face>; 2] = [None, None];
    for face in &card.faces {
        let slot = match face.role {
            FaceRole::Prime => 0,
            FaceRole::Fallen => 1,
            FaceRole::Front => {
                out.push(
                    Diagnostic::error(
                        CHARACTER_FACES,
                        card.name.span,
                        format!(
                            "{}: a Character's lines go in its faces",
                            report::card(card)
                        ),
                    )
                    .with_label("Drives, Morality and stats written outside `prime { … }`")
                    .with_note(note)
                    .with_help("move the face's lines into `prime { … }`"),
                );
                continue;
            }
            FaceRole::Reversal => {
                out.push(
                    Diagnostic::error(
                        CHARACTER_FACES,
                        report::face_anchor(card, face),
                        format!("{}: a Character has no Reversal face", report::card(card)),
                    )
                    .with_label("only a Storyline has a Reversal")
                    .with_note("§7.7: a Character's other face is its Fallen face")
                    .with_help("write `fallen \"…\" { … }`"),
                );
                continue;
            }
        };
        match first[slot] {
            None => first[slot] = Some(face),
            Some(earlier) => out.push(
                Diagnostic::error(
                    CHARACTER_FACES,
                    report::face_anchor(card, face),
                    format!(
                        "{}: a second {} face",
                        report::card(card),
                        if slot == 0 { "Prime" } else { "Fallen" }
                    ),
                )
                .with_label("one too many")
                .with_secondary(report::face_anchor(card, earlier), "first written here")
                .with_note("§7.7: a Character has one Prime face and one Fallen face")
                .with_help("merge the two faces into one"),
            ),
        }
    }
    for (slot, block) in [(0, "prime { … }"), (1, "fallen \"…\" { … }")] {
        if first[slot].is_none() {
            let role = if slot == 0 { "Prime" } else { "Fallen" };
            out.push(
                Diagnostic::error(
                    CHARACTER_FACES,
                    card.name.span,
                    format!("{}: a Character has a {role} face", report::card(card)),
                )
                .with_label(format!("no {role} face"))
                .with_note(format!(
                    "§7.7: a Character Falls to its Fallen face, and {note}",
                    note = "each face prints its own Drives, Morality, Penalties, CP and stats"
                ))
                .with_help(format!("add `{block}`")),
            );
        }
    }
}

/// The lines of one Character face: §7.1 Drives, §7.2 Morality, §7.3 CP, §7.4
/// Penalties, §7.8 exit clause, §7.5/§7.10 combat stats.
fn character_face(card: &Card, face: &Face, out: &mut Vec<Diagnostic>) {
    let who = report::face(card, face);
    let anchor = report::face_anchor(card, face);
    drives(face, who, anchor, out);

    if face.morality.is_none() {
        out.push(
            Diagnostic::error(MORALITY_MISSING, anchor, format!("{who}: no Morality"))
                .with_label("this face prints no `morality` line")
                .with_note("§7.2: each Character has one Morality")
                .with_help("add `morality Virtuous`, `Expedient`, `Ruthless` or `Iniquitous`"),
        );
    }

    match &face.cp {
        None => out.push(
            Diagnostic::error(STARTING_CP, anchor, format!("{who}: no starting CP"))
                .with_label("this face prints no `cp` line")
                .with_note("§7.7: each face has its own starting CP; §7.3: a Character at 0 CP is destroyed")
                .with_help("add `cp N` with N at least 1"),
        ),
        Some(cp) if cp.value == 0 => out.push(
            Diagnostic::error(STARTING_CP, cp.span, format!("{who}: starting CP 0"))
                .with_label("a Character at 0 CP is destroyed")
                .with_note("§7.3: when a Character's CP reaches zero or less, that card is destroyed")
                .with_help("print a starting CP of at least 1"),
        ),
        Some(_) => {}
    }

    for (present, line) in [
        (face.attack.is_some(), "attack"),
        (face.def.is_some(), "def"),
    ] {
        if !present {
            let (fix, section) = match line {
                "attack" => (
                    "attack N",
                    "§7.10: Characters have Attack values for combat",
                ),
                _ => ("def X", "§7.5: a Character prints DEF X"),
            };
            out.push(
                Diagnostic::error(
                    CHARACTER_STAT_MISSING,
                    anchor,
                    format!("{who}: no `{line}` line"),
                )
                .with_label(format!("this face prints no `{line}`"))
                .with_note(section)
                .with_note("§7.7: each face has its own combat stats")
                .with_help(format!("add `{fix}`")),
            );
        }
    }

    penalties(face, who, anchor, out);
    exit_clause(face, who, anchor, out);

    if let Some(redeem) = &face.redeem {
        out.push(
            Diagnostic::error(
                REDEEM_MISPLACED,
                redeem.span,
                format!("{who}: a Character does not print a Redeem cost"),
            )
            .with_label("a cost-based Redeem is for non-Character permanents")
            .with_note("§7.8: a Fallen Character returns only through its exit clause, resolved through the Reversal of its Storyline")
            .with_help("remove the `redeem` line; a Fallen face prints `exit Redeem`"),
        );
    }
}

/// §7.1: exactly two distinct Drives.
fn drives(
    face: &Face,
    who: FaceName<'_>,
    anchor: cardc_diagnostics::Span,
    out: &mut Vec<Diagnostic>,
) {
    let note = "§7.1: each Character has two Drives drawn from the set of eight";
    let Some(list) = &face.drives else {
        out.push(
            Diagnostic::error(DRIVE_COUNT, anchor, format!("{who}: no Drives"))
                .with_label("this face prints no `drives` line")
                .with_note(note)
                .with_help("add `drives A, B` with two of the eight Drives"),
        );
        return;
    };
    let mut duplicate = false;
    for (i, d) in list.value.iter().enumerate() {
        if let Some(first) = list.value[..i].iter().find(|e| e.value == d.value) {
            duplicate = true;
            out.push(
                Diagnostic::error(
                    DUPLICATE_DRIVE,
                    d.span,
                    format!("{who}: Drive {} twice", d.value),
                )
                .with_label("listed a second time")
                .with_secondary(first.span, "first listed here")
                .with_note(note)
                .with_help("replace it with a different Drive"),
            );
        }
    }
    let n = list.value.len();
    if n > 2 {
        let extra = list.value[2].span.to(list.value[n - 1].span);
        out.push(
            Diagnostic::error(DRIVE_COUNT, extra, format!("{who}: {n} Drives"))
                .with_label(if n == 3 {
                    "a third Drive"
                } else {
                    "Drives past the second"
                })
                .with_note(note)
                .with_help("keep two Drives"),
        );
    } else if n < 2 && !duplicate {
        out.push(
            Diagnostic::error(DRIVE_COUNT, list.span, format!("{who}: only {n} Drive"))
                .with_label("one Drive")
                .with_note(note)
                .with_help("add a second Drive"),
        );
    }
}

/// §7.4: a Penalties block on every face, never naming the face's own Morality, each
/// Morality once, amounts of at least 1.
fn penalties(
    face: &Face,
    who: FaceName<'_>,
    anchor: cardc_diagnostics::Span,
    out: &mut Vec<Diagnostic>,
) {
    let Some(list) = &face.penalties else {
        out.push(
            Diagnostic::error(PENALTIES_MISSING, anchor, format!("{who}: no Penalties block"))
                .with_label("this face prints no `penalties` line")
                .with_note("§7.4: every Character has a Penalties block listing CP penalties for Character Action Maneuvers of mismatched Morality")
                .with_help("add `penalties -N CP <Morality>, …` naming the Moralities this Character resists"),
        );
        return;
    };
    // Removing an entry is certain only while another remains: an empty block is E0120.
    let removable = if list.value.len() > 1 {
        Applicability::MachineApplicable
    } else {
        Applicability::MaybeIncorrect
    };
    for (i, p) in list.value.iter().enumerate() {
        let m = p.morality.value;
        if let Some(own) = face.morality.as_ref().filter(|own| own.value == m) {
            out.push(
                Diagnostic::error(
                    PENALTY_OWN_MORALITY,
                    p.morality.span,
                    format!("{who}: Penalties block names the face's own Morality, {m}"),
                )
                .with_label(format!("{m} is this face's own Morality"))
                .with_secondary(own.span, "the face's Morality")
                .with_note(
                    "§7.4: Penalties apply to actions of a Morality other than the Character's own",
                )
                .with_help(format!("remove the {m} entry from the Penalties block"))
                .suggest_removal(
                    format!("remove the {m} entry: the face's own Morality carries no penalty"),
                    p.span,
                    removable,
                ),
            );
        }
        if let Some(first) = list.value[..i].iter().find(|q| q.morality.value == m) {
            out.push(
                Diagnostic::error(
                    PENALTY_DUPLICATE,
                    p.morality.span,
                    format!("{who}: Penalties block lists {m} twice"),
                )
                .with_label("listed a second time")
                .with_secondary(first.morality.span, "first listed here")
                .with_note("§7.4: a Penalties block gives one CP penalty per mismatched Morality")
                .with_help("keep one entry and add the amounts together if both were meant")
                .suggest_removal(
                    if p.amount.value == first.amount.value {
                        format!("remove the repeated {m} entry, which says the same")
                    } else {
                        format!("remove the second {m} entry if the first amount is the one meant")
                    },
                    p.span,
                    if p.amount.value == first.amount.value {
                        Applicability::MachineApplicable
                    } else {
                        Applicability::MaybeIncorrect
                    },
                ),
            );
        }
        if p.amount.value == 0 {
            out.push(
                Diagnostic::error(
                    PENALTY_ZERO,
                    p.amount.span,
                    format!("{who}: a penalty of 0 CP for {m}"),
                )
                .with_label("a penalty of 0 CP")
                .with_note("§7.4: a Morality not listed in a Penalties block confers no CP penalty")
                .with_help(format!(
                    "remove `-0 CP {m}`; leaving {m} out already means no penalty"
                ))
                .suggest_removal(
                    format!("remove the {m} entry: leaving {m} out already means no penalty"),
                    p.span,
                    removable,
                ),
            );
        }
    }
}

/// §7.8: a Fallen Character face prints exactly one exit clause; a Prime face none.
fn exit_clause(
    face: &Face,
    who: FaceName<'_>,
    anchor: cardc_diagnostics::Span,
    out: &mut Vec<Diagnostic>,
) {
    match (face.role, &face.exit) {
        (FaceRole::Fallen, None) => out.push(
            Diagnostic::error(EXIT_CLAUSE, anchor, format!("{who}: no exit clause"))
                .with_label("a Fallen Character face prints its exit clause")
                .with_note("§7.8: every Fallen Character face prints exactly one exit clause")
                .with_help("add `exit Redeem`, `exit Selfless Sacrifice` or `exit Conviction`"),
        ),
        (FaceRole::Prime | FaceRole::Front, Some(exit)) => out.push(
            Diagnostic::error(
                EXIT_CLAUSE,
                exit.span,
                format!("{who}: an exit clause on a Prime face"),
            )
            .with_label("only a Fallen face has an arc to end")
            .with_note("§7.8: every Fallen Character face prints exactly one exit clause")
            .with_help("move the `exit` line to the Fallen face"),
        ),
        _ => {}
    }
}

/// The lines only a Character prints, found on another card's face.
fn non_character_face(card: &Card, face: &Face, out: &mut Vec<Diagnostic>) {
    let who = report::face(card, face);
    let lines = [
        (face.drives.as_ref().map(|l| l.span), "drives", "§7.1: each Character has two Drives"),
        (face.morality.as_ref().map(|l| l.span), "morality", "§7.2: each Character has one Morality"),
        (face.cp.as_ref().map(|l| l.span), "cp", "§7.3: Character points are a Character's \"health\""),
        (
            face.penalties.as_ref().map(|l| l.span),
            "penalties",
            "§7.4: every Character has a Penalties block",
        ),
        (
            face.exit.as_ref().map(|l| l.span),
            "exit",
            "§7.8: every Fallen Character face prints one exit clause; other permanents print `redeem` with a cost",
        ),
    ];
    for (span, line, note) in lines {
        if let Some(span) = span {
            out.push(
                Diagnostic::error(
                    CHARACTER_LINE,
                    span,
                    format!("{who}: `{line}` is printed only on Characters"),
                )
                .with_label(format!("`{line}` on {}", report::a_kind(card)))
                .with_note(note)
                .with_help(format!("remove the `{line}` line")),
            );
        }
    }
    if let Some(redeem) = &face.redeem {
        if face.role != FaceRole::Fallen {
            out.push(
                Diagnostic::error(
                    REDEEM_MISPLACED,
                    redeem.span,
                    format!("{who}: a Redeem cost on a face that is not Fallen"),
                )
                .with_label("nothing to redeem from")
                .with_note("§7.8: a non-Character permanent's Fallen face may print a Redeem clause with a cost")
                .with_help("move the `redeem` line into the `fallen` face"),
            );
        }
    }
}
