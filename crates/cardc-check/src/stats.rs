//! §7.5, §7.9, §7.9a, §12.8: where Vox, Rank and DEF are printed and in which form,
//! and the Rank and Vox guidance bands (warnings `rank_band`, `vox_band`).

use crate::codes::*;
use crate::report;
use cardc_diagnostics::{Diagnostic, Severity};
use cardc_ir::{Card, CardKind, Face, FaceRole, StatValue};
use std::ops::RangeInclusive;

/// The kinds that print Rank (§7.9).
pub(crate) fn prints_rank(kind: CardKind) -> bool {
    matches!(
        kind,
        CardKind::Character
            | CardKind::GroundUnit
            | CardKind::Spacecraft
            | CardKind::SurfaceLocation
            | CardKind::PlanetaryLocation
            | CardKind::Homeworld
    )
}

/// The Rank guidance band of a kind with numeric Rank (§7.9, "guidance, not rules").
pub(crate) fn rank_band(kind: CardKind) -> Option<RangeInclusive<u32>> {
    match kind {
        CardKind::GroundUnit => Some(1..=3),
        CardKind::SurfaceLocation => Some(2..=4),
        CardKind::Spacecraft => Some(3..=10),
        CardKind::PlanetaryLocation => Some(4..=6),
        CardKind::Homeworld => Some(6..=6),
        _ => None,
    }
}

/// The Vox guidance band of a kind that prints Vox (§7.9a).
pub(crate) fn vox_band(kind: CardKind) -> Option<RangeInclusive<u32>> {
    match kind {
        CardKind::GroundUnit => Some(0..=1),
        CardKind::Character => Some(0..=2),
        _ => None,
    }
}

/// Runs every check of this module on one card.
pub(crate) fn check(card: &Card, out: &mut Vec<Diagnostic>) {
    for face in &card.faces {
        vox(card, face, out);
        if card.kind.value.is_permanent() {
            rank(card, face, out);
            def(card, face, out);
        } else {
            not_printed(card, face, out);
        }
    }
}

/// §7.9a: Vox on Characters and Ground Units only; the bands.
fn vox(card: &Card, face: &Face, out: &mut Vec<Diagnostic>) {
    let Some(vox) = &face.vox else { return };
    let who = report::face(card, face);
    let kind = card.kind.value;
    let Some(band) = vox_band(kind) else {
        out.push(
            Diagnostic::error(
                VOX_NOT_PRINTED,
                vox.span,
                format!("{who}: Vox on {}", report::a_kind(card)),
            )
            .with_label("Vox is printed on Characters and Ground Units only")
            .with_note("§7.9a: Vox is printed on Characters and Ground Units only")
            .with_help("remove the `vox` line"),
        );
        return;
    };
    let v = vox.value;
    if band.contains(&v) {
        return;
    }
    let note = "§7.9a: Vox bands (guidance): Ground Unit 0–1; Character 0–2, rarely 3–4. \
                Vox 2 = strong Character, Vox 3 = rare, Vox 4 = signature card";
    let (severity, label, help) = match (kind, v) {
        (CardKind::Character, 3) => (
            Severity::Note,
            "Vox 3 is rare".to_owned(),
            "Vox scarcity is the primary balance dial; `allow vox_band` records that this is meant",
        ),
        (CardKind::Character, 4) => (
            Severity::Warning,
            "Vox 4 is a signature card".to_owned(),
            "if this is the set's signature card, write `allow vox_band` on it",
        ),
        _ => (
            Severity::Warning,
            format!(
                "outside the {} band {}–{}",
                kind.title(),
                band.start(),
                band.end()
            ),
            "lower the Vox, or write `allow vox_band` if this is deliberate",
        ),
    };
    out.push(
        Diagnostic::new(
            severity,
            VOX_BAND,
            vox.span,
            format!("{who}: Vox {v} is outside the guidance band"),
        )
        .with_label(label)
        .with_note(note)
        .with_help(help),
    );
}

/// §7.9: which cards print Rank, in which form; Rank 0 (§12.8); the bands.
fn rank(card: &Card, face: &Face, out: &mut Vec<Diagnostic>) {
    let who = report::face(card, face);
    let kind = card.kind.value;
    let is_character = kind == CardKind::Character;
    let Some(rank) = &face.rank else {
        if prints_rank(kind) && face.role != FaceRole::Reversal {
            let form = if is_character { "rank X" } else { "rank N" };
            out.push(
                Diagnostic::error(RANK_MISSING, report::face_anchor(card, face), format!("{who}: no Rank"))
                    .with_label(format!("{} prints Rank", report::a_kind(card)))
                    .with_note("§7.9: Rank appears on Homeworlds, Planetary Locations, Surface Locations, Spacecraft, Characters and Ground Units")
                    .with_help(format!("add `{form}`")),
            );
        }
        return;
    };
    if !prints_rank(kind) {
        out.push(
            Diagnostic::error(STAT_NOT_PRINTED, rank.span, format!("{who}: Rank on {}", report::a_kind(card)))
                .with_label(format!("{} prints no Rank", report::a_kind(card)))
                .with_note("§7.9: Rank appears on Homeworlds, Planetary Locations, Surface Locations, Spacecraft, Characters and Ground Units")
                .with_help("remove the `rank` line"),
        );
        return;
    }
    match (is_character, rank.value) {
        (true, StatValue::Num(n)) => out.push(
            Diagnostic::error(RANK_FORM, rank.span, format!("{who}: a Character prints Rank X, not Rank {n}"))
                .with_label("numeric Rank on a Character")
                .with_note("§7.9: Characters print \"Rank: X\", not a numeric Rank; Liberation counters convert to CP loss")
                .with_help("write `rank X`"),
        ),
        (false, StatValue::X) => out.push(
            Diagnostic::error(RANK_FORM, rank.span, format!("{who}: Rank X on {}", report::a_kind(card)))
                .with_label("only Characters print Rank X")
                .with_note("§7.9: Rank is the number of Liberation counters needed to destroy a permanent; only Characters print X")
                .with_help(match rank_band(kind) {
                    Some(b) => format!("write a number, e.g. `rank {}` (guidance band {}–{})", b.start(), b.start(), b.end()),
                    None => "write a number".to_owned(),
                }),
        ),
        (false, StatValue::Num(0)) => out.push(
            Diagnostic::error(RANK_ZERO, rank.span, format!("{who}: Rank 0"))
                .with_label("a permanent at Rank 0 is destroyed at once")
                .with_note("§12.8: no permanent sits at Rank 0, because one reduced to 0 or less is destroyed or broken at once")
                .with_help(match rank_band(kind) {
                    Some(b) => format!("print a Rank of at least 1 (guidance band {}–{})", b.start(), b.end()),
                    None => "print a Rank of at least 1".to_owned(),
                }),
        ),
        (false, StatValue::Num(n)) => {
            if let Some(band) = rank_band(kind).filter(|b| !b.contains(&n)) {
                out.push(
                    Diagnostic::warning(RANK_BAND, rank.span, format!("{who}: Rank {n} is outside the guidance band"))
                        .with_label(format!("{} band is {}–{}", kind.title(), band.start(), band.end()))
                        .with_note("§7.9: Rank bands (guidance, not rules): Ground Unit 1–3, Surface Location 2–4, Spacecraft 3–10, Planetary Location 4–6, Homeworld 6")
                        .with_help("adjust the Rank, or write `allow rank_band` if this is deliberate"),
                );
            }
        }
        (true, StatValue::X) => {}
    }
}

/// §7.5: Characters print DEF X; other permanents print a number.
fn def(card: &Card, face: &Face, out: &mut Vec<Diagnostic>) {
    let Some(def) = &face.def else { return };
    let who = report::face(card, face);
    let kind = card.kind.value;
    match (kind == CardKind::Character, def.value) {
        (true, StatValue::Num(n)) => out.push(
            Diagnostic::error(
                DEF_FORM,
                def.span,
                format!("{who}: a Character prints DEF X, not DEF {n}"),
            )
            .with_label("numeric DEF on a Character")
            .with_note("§7.5: a Character prints DEF X; combat damage comes off its CP")
            .with_help("write `def X`; a bonus is written `+N DEF.` in the text"),
        ),
        (false, StatValue::X) => out.push(
            Diagnostic::error(
                DEF_FORM,
                def.span,
                format!("{who}: DEF X on {}", report::a_kind(card)),
            )
            .with_label("only Characters print DEF X")
            .with_note(
                "§7.5: a Character prints DEF X; numeric DEF on other units is covered by §19.8",
            )
            .with_help("write a number"),
        ),
        _ => {}
    }
}

/// Rank, DEF and Attack on a Maneuver or Storyline, which are not permanents.
fn not_printed(card: &Card, face: &Face, out: &mut Vec<Diagnostic>) {
    let who = report::face(card, face);
    let lines = [
        (face.rank.as_ref().map(|l| l.span), "rank"),
        (face.def.as_ref().map(|l| l.span), "def"),
        (face.attack.as_ref().map(|l| l.span), "attack"),
    ];
    for (span, line) in lines {
        if let Some(span) = span {
            out.push(
                Diagnostic::error(
                    STAT_NOT_PRINTED,
                    span,
                    format!("{who}: `{line}` on {}, which is not a permanent", report::a_kind(card)),
                )
                .with_label(format!("{} never enters the Map", report::a_kind(card)))
                .with_note("§7.9: Rank appears on permanents (Homeworlds, Locations, Spacecraft, Characters, Ground Units); §7.5, §7.10: DEF and Attack are combat stats of units")
                .with_help(format!("remove the `{line}` line")),
            );
        }
    }
}
