//! `cardc balance --set`: a standard battery of matchups over the whole set, and each card's
//! marginal value — the change in equilibrium value its Liberation stats make.
//!
//! The reference Liberation: `L = 4` against `D = 2` over two reference targets, a Rank 3
//! Location and a CP 4 Character, default weights, a Treasury that pays in full. Per face:
//!
//! | component | matchups |
//! | --- | --- |
//! | Vox, liberating | `V(L + vox, D) − V(L, D)` on the reference targets |
//! | Vox, defending | `V(L, D) − V(L, D + vox)` |
//! | RK (bonus or penalty) | as the sole target of the reference forces: `V(without its RK) − V(as printed)` |
//! | DEF | 0: DEF never reduces Liberation (§7.5, §12.8); listed so it is not mistaken for missing |
//! | Fortified | the reference Location's value as a target, which it denies (§12.3) |
//! | Indoctrinated | its own value as the sole target, which it denies (§12.3) |
//! | Confluence | `V_Confluence − V_concealed` with it among the liberators: what declaring it would cost (≤ 0, §12.5a). Declaring is optional, and in a single Liberation never better, so it is shown and not added to the total |
//!
//! A card's value is the sum over its first face (the face it enters with). Cards with a
//! Currency cost and a non-zero value are banded: the rate is the median value per Currency
//! over those cards; a card above twice or below half its cost × rate is flagged.

use crate::cards::{stand, Catalog};
use crate::model::{Game, Matchup, Stand, Target, Weights};
use crate::solve::{solve, SolveError};
use cardc_ir::Keyword;
use std::fmt::Write as _;

/// The reference liberating Vox.
pub const REF_L: u32 = 4;
/// The reference defending Vox.
pub const REF_D: u32 = 2;

/// One face's marginal values.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Marginal {
    /// Card name.
    pub card: String,
    /// Face name.
    pub face: String,
    /// Role (`prime`, `fallen`, `front`).
    pub role: &'static str,
    /// Currency cost of the card.
    pub cost: u32,
    /// Vox as a liberator.
    pub vox_attack: f64,
    /// Vox as a defender.
    pub vox_defence: f64,
    /// RK bonus or penalty.
    pub rk: f64,
    /// DEF statics printed (valued 0 in Liberation).
    pub def_printed: i32,
    /// Fortified.
    pub fortified: f64,
    /// Indoctrinated.
    pub indoctrinated: f64,
    /// What declaring Confluence would cost (not in the total: declaring is optional).
    pub confluence: f64,
    /// The sum.
    pub total: f64,
    /// `above band`, `below band`, or empty.
    pub flag: String,
}

fn reference_targets() -> Vec<Target> {
    vec![
        Target {
            name: "reference Location".into(),
            stand: Stand::Permanent {
                rank: 3,
                rk: 0,
                counters: 0,
            },
            weight: None,
            garrisons: vec![],
        },
        Target {
            name: "reference Character".into(),
            stand: Stand::Character { cp: 4, rk: 0 },
            weight: None,
            garrisons: vec![],
        },
    ]
}

fn value(l: u32, d: u32, targets: Vec<Target>) -> Result<(f64, f64), SolveError> {
    let g = Game::new(Matchup {
        liberator_vox: l,
        defender_vox: d,
        targets,
        treasury: None,
        weights: Weights::default(),
    })?;
    let s = solve(&g)?;
    Ok((s.concealed.value, s.confluence.value))
}

/// Runs the battery over every card of `catalog`.
pub fn run(catalog: &Catalog) -> Result<Vec<Marginal>, SolveError> {
    let (base, _) = value(REF_L, REF_D, reference_targets())?;
    let location_alone = value(REF_L, REF_D, reference_targets()[..1].to_vec())?.0;
    let mut out = Vec::new();
    for card in &catalog.cards {
        for face in &card.faces {
            let mut m = Marginal {
                card: card.name.clone(),
                face: face.name.clone(),
                role: face.role,
                cost: card.cost,
                def_printed: face.def,
                ..Marginal::default()
            };
            let relevant = face.vox > 0
                || face.rk != 0
                || face.def != 0
                || face.has(Keyword::Fortified)
                || face.has(Keyword::Indoctrinated)
                || face.has(Keyword::Confluence);
            if !relevant {
                continue;
            }
            if card.is_unit() && face.vox > 0 {
                m.vox_attack = value(REF_L + face.vox, REF_D, reference_targets())?.0 - base;
                m.vox_defence = base - value(REF_L, REF_D + face.vox, reference_targets())?.0;
            }
            let sole = |rk_override: Option<i32>| -> Result<Option<f64>, SolveError> {
                let mut f = face.clone();
                if let Some(rk) = rk_override {
                    f.rk = rk;
                }
                let Ok(st) = stand(card, &f, None, 0, 0) else {
                    return Ok(None);
                };
                let t = Target {
                    name: f.name.clone(),
                    stand: st,
                    weight: None,
                    garrisons: vec![],
                };
                Ok(Some(value(REF_L, REF_D, vec![t])?.0))
            };
            if face.rk != 0 {
                if let (Some(without), Some(with)) = (sole(Some(0))?, sole(None)?) {
                    m.rk = without - with;
                }
            }
            if face.has(Keyword::Fortified) {
                m.fortified = location_alone;
            }
            if face.has(Keyword::Indoctrinated) {
                m.indoctrinated = sole(None)?.unwrap_or(0.0);
            }
            if face.has(Keyword::Confluence) && card.is_unit() {
                let (c, p) = value(REF_L + face.vox, REF_D, reference_targets())?;
                m.confluence = p - c;
            }
            m.total = m.vox_attack + m.vox_defence + m.rk + m.fortified + m.indoctrinated;
            out.push(m);
        }
    }
    band(&mut out, catalog);
    Ok(out)
}

fn band(rows: &mut [Marginal], catalog: &Catalog) {
    let first = |m: &Marginal| {
        catalog
            .cards
            .iter()
            .find(|c| c.name == m.card)
            .and_then(|c| c.faces.first())
            .is_some_and(|f| f.name == m.face)
    };
    let mut rates: Vec<f64> = rows
        .iter()
        .filter(|m| first(m) && m.cost > 0 && m.total > 1e-9)
        .map(|m| m.total / f64::from(m.cost))
        .collect();
    rates.sort_by(f64::total_cmp);
    let Some(&rate) = rates.get(rates.len() / 2) else {
        return;
    };
    for m in rows.iter_mut() {
        if !first(m) || m.cost == 0 || m.total <= 1e-9 {
            continue;
        }
        let expect = rate * f64::from(m.cost);
        if m.total > 2.0 * expect {
            m.flag = format!(
                "above band ({:.2} for cost {}, band {:.2}–{:.2})",
                m.total,
                m.cost,
                expect / 2.0,
                expect * 2.0
            );
        } else if m.total < expect / 2.0 {
            m.flag = format!(
                "below band ({:.2} for cost {}, band {:.2}–{:.2})",
                m.total,
                m.cost,
                expect / 2.0,
                expect * 2.0
            );
        }
    }
}

/// The battery as a table.
pub fn text(rows: &[Marginal]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "reference Liberation: L = {REF_L} against D = {REF_D}, a Rank 3 Location and a CP 4 Character, default weights"
    );
    let _ = writeln!(
        out,
        "{:<38} {:>4} {:>8} {:>8} {:>7} {:>4} {:>9} {:>9} {:>9} {:>7}  flag",
        "card / face",
        "cost",
        "Vox lib",
        "Vox def",
        "RK",
        "DEF",
        "Fortified",
        "Indoctr.",
        "Conflu.*",
        "total"
    );
    for m in rows {
        let name = if m.face == m.card {
            m.card.clone()
        } else {
            format!("{} ({})", m.face, m.role)
        };
        let _ = writeln!(
            out,
            "{:<38} {:>4} {:>8.2} {:>8.2} {:>7.2} {:>4} {:>9.2} {:>9.2} {:>9.2} {:>7.2}  {}",
            name,
            m.cost,
            m.vox_attack,
            m.vox_defence,
            m.rk,
            m.def_printed,
            m.fortified,
            m.indoctrinated,
            m.confluence,
            m.total,
            m.flag
        );
    }
    let flagged = rows.iter().filter(|m| !m.flag.is_empty()).count();
    let _ = writeln!(
        out,
        "{} faces scored, {} cards outside the value band of their cost",
        rows.len(),
        flagged
    );
    let _ = writeln!(out, "* Confluence: what declaring it would cost this card's side; declaring is optional, so it is not in the total.");
    let _ = writeln!(out, "DEF is printed for completeness: it never reduces Liberation (§7.5, §12.8) and is valued 0 here.");
    out
}
