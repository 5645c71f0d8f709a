//! Card data for the oracle, read from the checked IR as it is today (Vox, CP, Rank, RK and
//! DEF statics, Confluence / Indoctrinated / Fortified), and matchups given by card names.
//!
//! A matchup names its liberators, defenders and targets ([`MatchupSpec`], from the command
//! line or a TOML file); [`Catalog::matchup`] checks it is a Liberation the rules allow
//! (§12.3: Indoctrinated, Fortified hosts, targets ≤ liberators and ≤ Vox; §12.4 garrisons
//! are units) and builds the numeric [`Matchup`]. Anything printed that the oracle does not
//! price — triggered abilities, replacements — is listed in [`Priced::unscored`], never
//! silently dropped; a replacement that changes where a target's Liberation counters go
//! makes the matchup unpriceable, and is refused.

use crate::model::{Garrison, Matchup, Stand, Target, Weights};
use cardc_ir::{
    Ability, BonusStat, CardKind, CardSet, FaceRole, Keyword, StatValue, StaticKind, Subject,
};
use serde::Deserialize;
use std::fmt;

/// One face's numbers.
#[derive(Clone, PartialEq, Debug)]
pub struct FaceStats {
    /// `prime`, `fallen` or `front`.
    pub role: &'static str,
    /// The face's own name, or the card's.
    pub name: String,
    /// Vox (§7.9a).
    pub vox: u32,
    /// Printed CP (Characters).
    pub cp: u32,
    /// Printed Rank: `None` without Rank, `Some(None)` for Rank X, `Some(Some(n))` numeric.
    pub rank: Option<Option<u32>>,
    /// Net `this card` RK statics.
    pub rk: i32,
    /// Net `this card` DEF statics (combat only, §7.5: never reduces Liberation).
    pub def: i32,
    /// Net `Characters you control get ±N RK` statics.
    pub rk_to_characters: i32,
    /// Keywords printed.
    pub keywords: Vec<Keyword>,
    /// A replacement of "Liberation counters would be placed on this card".
    pub replaces_counters: bool,
    /// Printed text the oracle does not price (canonical rules text).
    pub unscored: Vec<String>,
}

impl FaceStats {
    /// Whether it prints `k`.
    pub fn has(&self, k: Keyword) -> bool {
        self.keywords.contains(&k)
    }
}

/// One card's numbers.
#[derive(Clone, PartialEq, Debug)]
pub struct CardStats {
    /// The card's name.
    pub name: String,
    /// Its kind.
    pub kind: CardKind,
    /// Currency cost (0 when none is printed).
    pub cost: u32,
    /// Its faces in printed order (the first is the one it enters with).
    pub faces: Vec<FaceStats>,
}

impl CardStats {
    /// Whether it is a Character or Ground Unit (may be Activated for Vox, §12.2, §12.4).
    pub fn is_unit(&self) -> bool {
        matches!(self.kind, CardKind::Character | CardKind::GroundUnit)
    }

    /// The face named by `role` (`prime`, `fallen`, `front`), or the first.
    pub fn face(&self, role: Option<&str>) -> Option<&FaceStats> {
        match role {
            None => self.faces.first(),
            Some(r) => self.faces.iter().find(|f| f.role == r),
        }
    }
}

/// Every card of a set.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Catalog {
    /// The cards, in set order.
    pub cards: Vec<CardStats>,
}

fn role(r: FaceRole) -> &'static str {
    match r {
        FaceRole::Front => "front",
        FaceRole::Prime => "prime",
        FaceRole::Fallen => "fallen",
        FaceRole::Reversal => "reversal",
    }
}

impl Catalog {
    /// Reads the numbers of every card of a checked set.
    pub fn from_ir(set: &CardSet) -> Catalog {
        let mut cards = Vec::new();
        for card in &set.cards {
            let mut faces = Vec::new();
            for f in &card.faces {
                let mut s = FaceStats {
                    role: role(f.role),
                    name: f
                        .name
                        .as_ref()
                        .map_or_else(|| card.name.value.clone(), |n| n.value.clone()),
                    vox: f.vox.as_ref().map_or(0, |v| v.value),
                    cp: f.cp.as_ref().map_or(0, |v| v.value),
                    rank: f.rank.as_ref().map(|r| match r.value {
                        StatValue::X => None,
                        StatValue::Num(n) => Some(n),
                    }),
                    rk: 0,
                    def: 0,
                    rk_to_characters: 0,
                    keywords: Vec::new(),
                    replaces_counters: false,
                    unscored: Vec::new(),
                };
                for a in &f.abilities {
                    match &a.value {
                        Ability::Keyword(k) => s.keywords.push(*k),
                        // A conditional static (ruling R70) may or may not hold during a
                        // Liberation, and a scaling one (R92) depends on the board: reported,
                        // not scored.
                        Ability::Static(b)
                            if b.condition.is_some()
                                || matches!(b.kind.value, StaticKind::BonusForEach { .. }) =>
                        {
                            s.unscored.push(cardc_ir::text::ability(&a.value))
                        }
                        Ability::Static(b) => match (b.subject.value, b.kind.value) {
                            (
                                Subject::ThisCard,
                                StaticKind::Bonus {
                                    amount,
                                    stat: BonusStat::Rank,
                                },
                            ) => s.rk += amount,
                            (
                                Subject::ThisCard,
                                StaticKind::Bonus {
                                    amount,
                                    stat: BonusStat::Def,
                                },
                            ) => s.def += amount,
                            (
                                Subject::CHARACTERS_YOU_CONTROL,
                                StaticKind::Bonus {
                                    amount,
                                    stat: BonusStat::Rank,
                                },
                            ) => s.rk_to_characters += amount,
                            // The Bound's statics live on Storylines; DEF is combat only.
                            _ => {}
                        },
                        Ability::Replacement(r) => {
                            if matches!(
                                r.would.value,
                                cardc_ir::WouldEvent::CountersPlaced(cardc_ir::Target::ThisCard)
                            ) {
                                s.replaces_counters = true;
                            }
                            s.unscored.push(cardc_ir::text::ability(&a.value));
                        }
                        Ability::Triggered(_) | Ability::Twist(_) => {
                            s.unscored.push(cardc_ir::text::ability(&a.value))
                        }
                        _ => {}
                    }
                }
                faces.push(s);
            }
            cards.push(CardStats {
                name: card.name.value.clone(),
                kind: card.kind.value,
                cost: card.cost.as_ref().map_or(0, |c| c.value),
                faces,
            });
        }
        Catalog { cards }
    }

    /// The card named `name` (exactly as printed).
    pub fn find(&self, name: &str) -> Result<&CardStats, SpecError> {
        self.cards.iter().find(|c| c.name == name).ok_or_else(|| {
            let names: Vec<&str> = self.cards.iter().map(|c| c.name.as_str()).collect();
            SpecError::UnknownCard {
                name: name.to_owned(),
                suggestion: closest(name, &names),
            }
        })
    }

    fn face<'a>(&'a self, r: &CardRef) -> Result<(&'a CardStats, &'a FaceStats), SpecError> {
        let card = self.find(&r.name)?;
        let face = card.face(r.face.as_deref()).ok_or_else(|| {
            SpecError::NoSuchFace(r.name.clone(), r.face.clone().unwrap_or_default())
        })?;
        Ok((card, face))
    }

    /// Checks a matchup against §12.3–§12.4 and prices it.
    pub fn matchup(&self, spec: &MatchupSpec) -> Result<Priced, SpecError> {
        let mut unscored = Vec::new();
        let vox = |list: &[String],
                   side: &str,
                   unscored: &mut Vec<String>|
         -> Result<(u32, i32, bool), SpecError> {
            let (mut total, mut rk_chars, mut confluence) = (0u32, 0i32, false);
            for n in list {
                let r = CardRef::parse(n);
                let (card, face) = self.face(&r)?;
                if !card.is_unit() {
                    return Err(SpecError::NotAUnit(card.name.clone(), side.to_owned()));
                }
                total += face.vox;
                rk_chars += face.rk_to_characters;
                confluence |= face.has(Keyword::Confluence);
                unscored.extend(face.unscored.iter().map(|t| format!("{}: {t}", face.name)));
            }
            Ok((total, rk_chars, confluence))
        };
        let (l_cards, _, confluence) = vox(&spec.liberators, "liberator", &mut unscored)?;
        let (d_cards, rk_chars, _) = vox(&spec.defenders, "defender", &mut unscored)?;
        let liberator_vox = spec.liberator_vox.unwrap_or(l_cards);
        let defender_vox = spec.defender_vox.unwrap_or(d_cards);
        if spec.targets.is_empty() {
            return Err(SpecError::Rules(
                "a Liberation declares at least one target (ruling R1)".into(),
            ));
        }
        if !spec.liberators.is_empty() && spec.targets.len() > spec.liberators.len() {
            return Err(SpecError::Rules(format!(
                "{} targets but {} liberators: the targets may not exceed the liberators Activated (§12.3)",
                spec.targets.len(),
                spec.liberators.len()
            )));
        }
        let mut targets = Vec::new();
        for t in &spec.targets {
            let t = t.clone().into_spec();
            let r = CardRef {
                name: t.card.clone(),
                face: t.face.clone(),
            };
            let (card, face) = self.face(&r)?;
            if face.has(Keyword::Indoctrinated) {
                return Err(SpecError::Rules(format!(
                    "{} is Indoctrinated and may not be declared (§12.3)",
                    face.name
                )));
            }
            if face.replaces_counters {
                return Err(SpecError::Unpriceable(face.name.clone()));
            }
            let extra_rk = t.rk.unwrap_or(0);
            let target_stand = stand(
                card,
                face,
                t.cp,
                t.counters.unwrap_or(0),
                extra_rk
                    + if card.kind == CardKind::Character {
                        rk_chars
                    } else {
                        0
                    },
            )?;
            unscored.extend(face.unscored.iter().map(|x| format!("{}: {x}", face.name)));
            let mut garrisons = Vec::new();
            for g in &t.garrisons {
                let gr = CardRef::parse(g);
                let (gc, gf) = self.face(&gr)?;
                if !gc.is_unit() {
                    return Err(SpecError::Rules(format!(
                        "{} is not a Character or Ground Unit and cannot garrison (§12.4, ruling R4)",
                        gc.name
                    )));
                }
                if gf.has(Keyword::Fortified) && is_location(card.kind) {
                    return Err(SpecError::Rules(format!(
                        "{} hosts the Fortified {}: it may not be declared (§12.3)",
                        face.name, gf.name
                    )));
                }
                if gf.replaces_counters {
                    return Err(SpecError::Unpriceable(gf.name.clone()));
                }
                unscored.extend(gf.unscored.iter().map(|x| format!("{}: {x}", gf.name)));
                let grk = if gc.kind == CardKind::Character {
                    rk_chars
                } else {
                    0
                };
                garrisons.push(Garrison {
                    name: gf.name.clone(),
                    stand: stand(gc, gf, None, 0, grk)?,
                    weight: None,
                });
            }
            targets.push(Target {
                name: face.name.clone(),
                stand: target_stand,
                weight: t.weight,
                garrisons,
            });
        }
        unscored.sort();
        unscored.dedup();
        Ok(Priced {
            matchup: Matchup {
                liberator_vox,
                defender_vox,
                targets,
                treasury: spec.treasury,
                weights: spec.weights.unwrap_or_default(),
            },
            confluence_available: confluence,
            unscored,
        })
    }
}

fn is_location(k: CardKind) -> bool {
    matches!(
        k,
        CardKind::SurfaceLocation | CardKind::PlanetaryLocation | CardKind::Homeworld
    )
}

/// Where a face stands as a target.
pub fn stand(
    card: &CardStats,
    face: &FaceStats,
    cp: Option<u32>,
    counters: u32,
    extra_rk: i32,
) -> Result<Stand, SpecError> {
    match face.rank {
        None => Err(SpecError::Rules(format!(
            "{} has no Rank and is not a Liberation target (§7.9)",
            face.name
        ))),
        Some(None) => Ok(Stand::Character {
            cp: cp.unwrap_or(face.cp),
            rk: face.rk + extra_rk,
        }),
        Some(Some(rank)) => {
            let _ = card;
            Ok(Stand::Permanent {
                rank,
                rk: face.rk + extra_rk,
                counters,
            })
        }
    }
}

fn closest(name: &str, names: &[&str]) -> Option<String> {
    let lower = name.to_lowercase();
    names
        .iter()
        .map(|n| (edit_distance(&lower, &n.to_lowercase()), *n))
        .filter(|(d, n)| *d <= n.chars().count().div_ceil(3))
        .min()
        .map(|(_, n)| n.to_owned())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// A card by name, with an optional face: `Tamsin Vey` or `Tamsin Vey@fallen`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardRef {
    /// The card's name.
    pub name: String,
    /// `prime`, `fallen`, `front`.
    pub face: Option<String>,
}

impl CardRef {
    /// Parses `Name` or `Name@face`.
    pub fn parse(s: &str) -> CardRef {
        match s.rsplit_once('@') {
            Some((n, f)) => CardRef {
                name: n.trim().to_owned(),
                face: Some(f.trim().to_lowercase()),
            },
            None => CardRef {
                name: s.trim().to_owned(),
                face: None,
            },
        }
    }
}

/// A declared target in a matchup file.
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSpec {
    /// The card's name.
    pub card: String,
    /// `prime` / `fallen` (default: the face it enters with).
    pub face: Option<String>,
    /// A Character's current CP (default: printed).
    pub cp: Option<u32>,
    /// Liberation counters already on it.
    pub counters: Option<u32>,
    /// RK from elsewhere on the board (a Storyline's "The Bound gets +1 RK").
    pub rk: Option<i32>,
    /// Its destruction weight.
    pub weight: Option<f64>,
    /// Its garrisons, by name.
    #[serde(default)]
    pub garrisons: Vec<String>,
}

/// A target as a name or a table.
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(untagged)]
pub enum TargetEntry {
    /// `"Pier Nine"` or `"Tamsin Vey@fallen"`.
    Name(String),
    /// `{ card = "Pier Nine", counters = 1 }`.
    Table(TargetSpec),
}

impl TargetEntry {
    fn into_spec(self) -> TargetSpec {
        match self {
            TargetEntry::Table(t) => t,
            TargetEntry::Name(n) => {
                let r = CardRef::parse(&n);
                TargetSpec {
                    card: r.name,
                    face: r.face,
                    cp: None,
                    counters: None,
                    rk: None,
                    weight: None,
                    garrisons: Vec::new(),
                }
            }
        }
    }
}

/// A matchup by card names: the command line's flags, or a TOML file (`docs/balance.md`).
#[derive(Clone, PartialEq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchupSpec {
    /// Liberators, by name (`Name@fallen` for a face).
    #[serde(default)]
    pub liberators: Vec<String>,
    /// Defenders, by name.
    #[serde(default)]
    pub defenders: Vec<String>,
    /// Targets.
    #[serde(default)]
    pub targets: Vec<TargetEntry>,
    /// `L`, instead of the liberators' Vox.
    pub liberator_vox: Option<u32>,
    /// `D`, instead of the defenders' Vox.
    pub defender_vox: Option<u32>,
    /// The liberating player's Treasury (default: pays in full).
    pub treasury: Option<u32>,
    /// Payoff weights (default: [`Weights::default`]).
    pub weights: Option<Weights>,
}

impl MatchupSpec {
    /// Parses a TOML matchup file.
    pub fn from_toml(text: &str) -> Result<MatchupSpec, SpecError> {
        toml::from_str(text).map_err(|e| SpecError::Toml(e.to_string()))
    }
}

/// A matchup checked and priced.
#[derive(Clone, PartialEq, Debug)]
pub struct Priced {
    /// The numbers.
    pub matchup: Matchup,
    /// Whether a liberator could declare Confluence (§12.3, ruling R22).
    pub confluence_available: bool,
    /// Printed text on the cards involved that the payoff does not include.
    pub unscored: Vec<String>,
}

/// Why a matchup cannot be played.
#[derive(Clone, PartialEq, Debug)]
pub enum SpecError {
    /// No card of that name.
    UnknownCard {
        /// The name given.
        name: String,
        /// The closest name in the set.
        suggestion: Option<String>,
    },
    /// The card has no such face.
    NoSuchFace(String, String),
    /// A liberator or defender that is not a unit.
    NotAUnit(String, String),
    /// A rule of §12.3–§12.4 forbids it.
    Rules(String),
    /// A replacement effect decides where the target's counters go.
    Unpriceable(String),
    /// The TOML file is malformed.
    Toml(String),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownCard { name, suggestion } => {
                write!(f, "no card named \"{name}\" in the set")?;
                if let Some(s) = suggestion {
                    write!(f, "; did you mean \"{s}\"?")?;
                }
                Ok(())
            }
            SpecError::NoSuchFace(n, r) => write!(f, "\"{n}\" has no `{r}` face"),
            SpecError::NotAUnit(n, side) => write!(
                f,
                "\"{n}\" is not a Character or Ground Unit and cannot be Activated as a {side} (§12.2, §12.4)"
            ),
            SpecError::Rules(m) => f.write_str(m),
            SpecError::Unpriceable(n) => write!(
                f,
                "{n} replaces the Liberation counters placed on it; the oracle prices §12.6–§12.8 arithmetic only and cannot value a Liberation of it"
            ),
            SpecError::Toml(m) => write!(f, "matchup file: {m}"),
        }
    }
}

impl std::error::Error for SpecError {}

#[allow(dead_code)]
fn _weights_are_deserialisable(w: Weights) -> Weights {
    w
}
