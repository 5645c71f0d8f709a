//! The set summary of `cardc check --stats`: counts by card type and face, Vox and
//! Rank histograms against the guidance bands (§7.9, §7.9a), and the Morality and
//! Drive distribution of Character faces. Ordered maps throughout, so the output is
//! deterministic.

use crate::stats::{rank_band, vox_band};
use cardc_ir::{CardKind, CardSet, Drive, FaceRole, Morality, StatValue};
use std::collections::BTreeMap;
use std::fmt;

/// Value → number of faces printing it.
pub type Histogram = BTreeMap<u32, usize>;

/// A summary of a card set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetStats {
    /// Cards by type (Capital Spacecraft counted as Spacecraft).
    pub by_kind: BTreeMap<CardKind, usize>,
    /// Capital Spacecraft among the Spacecraft.
    pub capital: usize,
    /// Faces by role.
    pub faces: BTreeMap<FaceRole, usize>,
    /// Printed Vox per card type, one count per face.
    pub vox: BTreeMap<CardKind, Histogram>,
    /// Printed numeric Rank per card type, one count per face.
    pub rank: BTreeMap<CardKind, Histogram>,
    /// Character faces by Morality: (Prime, Fallen).
    pub morality: BTreeMap<Morality, (usize, usize)>,
    /// Character faces by Drive: (Prime, Fallen).
    pub drives: BTreeMap<Drive, (usize, usize)>,
}

/// Summarises `set`. Linear in the number of faces.
pub fn stats(set: &CardSet) -> SetStats {
    let mut s = SetStats::default();
    for card in &set.cards {
        let kind = card.kind.value;
        *s.by_kind.entry(kind).or_default() += 1;
        if card.is_capital() {
            s.capital += 1;
        }
        for face in &card.faces {
            *s.faces.entry(face.role).or_default() += 1;
            if let Some(v) = &face.vox {
                *s.vox.entry(kind).or_default().entry(v.value).or_default() += 1;
            }
            if let Some(StatValue::Num(r)) = face.rank.as_ref().map(|r| r.value) {
                *s.rank.entry(kind).or_default().entry(r).or_default() += 1;
            }
            if kind != CardKind::Character {
                continue;
            }
            let bump = |pair: &mut (usize, usize)| match face.role {
                FaceRole::Fallen => pair.1 += 1,
                _ => pair.0 += 1,
            };
            if let Some(m) = &face.morality {
                bump(s.morality.entry(m.value).or_default());
            }
            for d in face.drives.iter().flat_map(|l| l.value.iter()) {
                bump(s.drives.entry(d.value).or_default());
            }
        }
    }
    s
}

impl fmt::Display for SetStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total: usize = self.by_kind.values().sum();
        writeln!(f, "cards: {total}")?;
        for (kind, n) in &self.by_kind {
            if *kind == CardKind::Spacecraft && self.capital > 0 {
                writeln!(
                    f,
                    "  {:<20}{n:>4}  ({} capital)",
                    kind.title(),
                    self.capital
                )?;
            } else {
                writeln!(f, "  {:<20}{n:>4}", kind.title())?;
            }
        }
        writeln!(f, "faces:")?;
        for (role, n) in &self.faces {
            let name = match role {
                FaceRole::Front => "front",
                FaceRole::Prime => "prime",
                FaceRole::Fallen => "fallen",
                FaceRole::Reversal => "reversal",
            };
            writeln!(f, "  {name:<20}{n:>4}")?;
        }
        writeln!(f, "Vox per face (§7.9a guidance):")?;
        for (kind, hist) in &self.vox {
            let band = vox_band(*kind);
            let head = match (kind, &band) {
                (CardKind::Character, Some(b)) => {
                    format!("band {}–{}; 3 rare, 4 signature", b.start(), b.end())
                }
                (_, Some(b)) => format!("band {}–{}", b.start(), b.end()),
                (_, None) => "prints no Vox".to_owned(),
            };
            writeln!(f, "  {} ({head})", kind.title())?;
            for (v, n) in hist {
                let mark = match (kind, &band) {
                    (_, Some(b)) if b.contains(v) => "",
                    (CardKind::Character, _) if *v == 3 => "  rare",
                    (CardKind::Character, _) if *v == 4 => "  signature",
                    _ => "  outside band",
                };
                writeln!(f, "    {v:>3} {:<12}{n:>3}{mark}", "#".repeat((*n).min(12)))?;
            }
        }
        writeln!(f, "Rank per face (§7.9 guidance; Characters print X):")?;
        for (kind, hist) in &self.rank {
            let band = rank_band(*kind);
            match &band {
                Some(b) => writeln!(f, "  {} (band {}–{})", kind.title(), b.start(), b.end())?,
                None => writeln!(f, "  {} (no band)", kind.title())?,
            }
            for (r, n) in hist {
                let mark = match &band {
                    Some(b) if !b.contains(r) => "  outside band",
                    _ => "",
                };
                writeln!(f, "    {r:>3} {:<12}{n:>3}{mark}", "#".repeat((*n).min(12)))?;
            }
        }
        writeln!(f, "Character faces by Morality (prime / fallen):")?;
        for (m, (p, fl)) in &self.morality {
            writeln!(f, "  {:<20}{p:>4} /{fl:>3}", m.name())?;
        }
        writeln!(f, "Character faces by Drive (prime / fallen):")?;
        for (d, (p, fl)) in &self.drives {
            writeln!(f, "  {:<20}{p:>4} /{fl:>3}", d.name())?;
        }
        Ok(())
    }
}
