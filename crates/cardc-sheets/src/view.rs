//! The data the templates see: one [`CardView`] per card with a [`FaceView`] per face,
//! every IR field in printable form, the canonical rules text from
//! [`cardc_ir::text`], fitted font sizes, and where the card was written.
//!
//! Strings here are raw text: the templates escape them (Tera autoescape on `.html`).
//! `docs/sheets.md` lists every field.

use crate::art::ArtFiles;
use crate::fit::{self, TextBox};
use crate::layout::Layout;
use cardc_diagnostics::{SourceMap, Span};
use cardc_ir::text;
use cardc_ir::{Ability, Card, CardKind, CardSet, CostMarks, Face, FaceRole, Speed};
use serde::Serialize;

/// Where a card or face was written.
#[derive(Debug, Clone, Serialize)]
pub struct SourceView {
    /// The file's path as the set records it.
    pub file: String,
    /// 1-based line (0 when the source text was not supplied).
    pub line: usize,
    /// 1-based column (0 when the source text was not supplied).
    pub column: usize,
}

impl SourceView {
    fn new(set: &CardSet, sources: Option<&SourceMap>, span: Span) -> Self {
        let file = set.file_name(span).to_owned();
        match sources {
            Some(map) => {
                let lc = map.line_col(span.file, span.start as usize);
                SourceView {
                    file,
                    line: lc.line,
                    column: lc.column,
                }
            }
            None => SourceView {
                file,
                line: 0,
                column: 0,
            },
        }
    }
}

/// A vocabulary word with its icon key: `{ name: "Liberation", key: "liberation" }`.
#[derive(Debug, Clone, Serialize)]
pub struct WordView {
    /// As printed.
    pub name: String,
    /// Lower-case key into the `icons` map.
    pub key: String,
}

impl WordView {
    fn new(name: &str) -> Self {
        WordView {
            name: name.to_owned(),
            key: name.to_ascii_lowercase(),
        }
    }
}

/// One printed stat: `{ key: "cp", label: "CP", value: "6" }`.
#[derive(Debug, Clone, Serialize)]
pub struct StatView {
    /// `cp`, `vox`, `attack`, `rank`, `def`.
    pub key: &'static str,
    /// `CP`, `VOX`, `ATK`, `RK`, `DEF`.
    pub label: &'static str,
    /// The number, or `X`.
    pub value: String,
}

/// One Penalties entry: `-3 CP Ruthless`.
#[derive(Debug, Clone, Serialize)]
pub struct PenaltyView {
    /// CP lost.
    pub amount: u32,
    /// The Morality that costs it.
    pub morality: WordView,
}

/// One sentence of rules text, split for typesetting. `text` is exactly
/// `cardc_ir::text::ability`; the template prints the activate icon when `symbol`
/// (standing for the leading `A`), then `head` in bold, a space, then `body`.
#[derive(Debug, Clone, Serialize)]
pub struct AbilityView {
    /// `keyword`, `static`, `triggered`, `character_ability`, `activated`,
    /// `replacement`, `twist`, `effect`.
    pub kind: &'static str,
    /// The canonical sentence.
    pub text: String,
    /// Whether the sentence opens with the activate symbol `A`.
    pub symbol: bool,
    /// The cost part after the symbol, up to and including its colon: `-2 CP:`,
    /// `, Pay 1 Currency:`, `:`, `Twist:`; empty when none.
    pub head: String,
    /// The rest of the sentence.
    pub body: String,
}

impl AbilityView {
    fn new(ability: &Ability) -> Self {
        let text = text::ability(ability);
        let kind = match ability {
            Ability::Keyword(_) => "keyword",
            Ability::Static(_) => "static",
            Ability::Triggered(_) => "triggered",
            Ability::Activated(a) if a.marks() == Some(cardc_ir::CostMarks::CharacterAbility) => {
                "character_ability"
            }
            Ability::Activated(_) => "activated",
            Ability::Replacement(_) => "replacement",
            Ability::Twist(_) => "twist",
            Ability::Effect(_) => "effect",
            Ability::CostChange(_) => "static",
        };
        let symbol =
            matches!(ability, Ability::Activated(a) if a.marks() == Some(CostMarks::Activated));
        let has_head = matches!(ability, Ability::Activated(_) | Ability::Twist(_));
        let after = if symbol { &text[1..] } else { text.as_str() };
        let (head, body) = match after.split_once(": ") {
            Some((h, b)) if has_head => (format!("{h}:"), b.to_owned()),
            _ => (String::new(), after.to_owned()),
        };
        AbilityView {
            kind,
            text,
            symbol,
            head,
            body,
        }
    }

    /// The sentence as the template assembles it (for tests and the text layer).
    pub fn assembled(&self) -> String {
        let mut s = String::new();
        if self.symbol {
            s.push('A');
        }
        if !self.head.is_empty() {
            s.push_str(&self.head);
            s.push(' ');
        }
        s.push_str(&self.body);
        s
    }
}

/// Font sizes chosen so each box's text fits.
#[derive(Debug, Clone, Serialize)]
pub struct FitView {
    /// Title bar, in points.
    pub title_pt: f64,
    /// Lines the title is set on: 1, or 2 for names too long for one.
    pub title_lines: u8,
    /// Type line, in points.
    pub type_pt: f64,
    /// Penalties line, in points.
    pub penalties_pt: f64,
    /// Rules box (abilities, exit/redeem, flavour), in points.
    pub rules_pt: f64,
}

/// One printed face.
#[derive(Debug, Clone, Serialize)]
pub struct FaceView {
    /// `front`, `prime`, `fallen`, `reversal`.
    pub role: &'static str,
    /// `Prime`, `Fallen`, `Reversal`; empty for a front.
    pub role_title: &'static str,
    /// The name printed on this face (its own, else the card's).
    pub name: String,
    /// The face's own name, when it has one (`fallen "Mara, the Hollow Voice"`).
    pub own_name: Option<String>,
    /// `Character — Prime`, `Fallen Device`, `Capital Spacecraft`, `Maneuver — Fast`.
    pub type_line: String,
    /// Drives, in printed order.
    pub drives: Vec<WordView>,
    /// Morality.
    pub morality: Option<WordView>,
    /// Starting CP.
    pub cp: Option<u32>,
    /// Vox.
    pub vox: Option<u32>,
    /// Attack.
    pub attack: Option<u32>,
    /// Rank: a number or `X`.
    pub rank: Option<String>,
    /// DEF: a number or `X`.
    pub def: Option<String>,
    /// The stats above, in printed order (CP, VOX, ATK, RK, DEF), only those present.
    pub stats: Vec<StatView>,
    /// Penalties entries.
    pub penalties: Vec<PenaltyView>,
    /// Penalties as printed: `-1 CP Expedient, -3 CP Ruthless` (empty when none).
    pub penalties_text: String,
    /// Rules text, one sentence per ability.
    pub abilities: Vec<AbilityView>,
    /// Flavour text.
    pub flavor: Option<String>,
    /// The face's art, embedded; `None` prints the placeholder.
    pub art: Option<ArtView>,
    /// Exit clause (Fallen Character faces): `Redeem`, `Selfless Sacrifice`, `Conviction`.
    pub exit: Option<String>,
    /// Redeem cost (non-Character Fallen faces): `Pay 3 Currency`.
    pub redeem: Option<String>,
    /// Fitted font sizes.
    pub fit: FitView,
    /// Where the face was written.
    pub source: SourceView,
}

/// A face's art as the template sees it.
#[derive(Debug, Clone, Serialize)]
pub struct ArtView {
    /// The image as a `data:` URL (nothing is fetched at render time).
    pub src: String,
    /// `png`, `jpeg` or `svg`.
    pub format: crate::art::Format,
    /// The focus point across and down, in percent (CSS `object-position`).
    pub focus_x: u8,
    /// See `focus_x`.
    pub focus_y: u8,
    /// The path as written in the card.
    pub path: String,
}

/// One card.
#[derive(Debug, Clone, Serialize)]
pub struct CardView {
    /// Position in the set (0-based).
    pub index: usize,
    /// The card's name.
    pub name: String,
    /// The source keyword: `character`, `ground_unit`, ….
    pub kind: &'static str,
    /// The printed kind: `Character`, `Ground Unit`, ….
    pub kind_title: &'static str,
    /// Cost.
    pub cost: Option<u32>,
    /// Votes.
    pub votes: Option<u32>,
    /// Whether this is a Capital Spacecraft.
    pub capital: bool,
    /// `slow` or `fast` (Maneuvers).
    pub speed: Option<&'static str>,
    /// The Morality of a Character Action Maneuver.
    pub character_action: Option<WordView>,
    /// Warnings allowed on this card.
    pub allows: Vec<String>,
    /// Whether the card has a second face.
    pub two_faced: bool,
    /// The faces, front first.
    pub faces: Vec<FaceView>,
    /// Where the card was written.
    pub source: SourceView,
    /// The card's IR exactly as serialised (serde JSON), for anything not above.
    pub ir: serde_json::Value,
}

fn type_line(card: &Card, role: FaceRole) -> String {
    let kind = card.kind.value;
    let base = if kind == CardKind::Spacecraft && card.is_capital() {
        "Capital Spacecraft".to_owned()
    } else {
        kind.title().to_owned()
    };
    match role {
        FaceRole::Prime => format!("{base} — Prime"),
        FaceRole::Fallen => format!("Fallen {base}"),
        FaceRole::Reversal => format!("{base} — Reversal"),
        FaceRole::Front => {
            let mut parts = Vec::new();
            if let Some(speed) = &card.speed {
                parts.push(match speed.value {
                    Speed::Slow => "Slow".to_owned(),
                    Speed::Fast => "Fast".to_owned(),
                });
            }
            if let Some(m) = &card.character_action {
                parts.push(format!("Character Action ({})", m.value));
            }
            if parts.is_empty() {
                base
            } else {
                format!("{base} — {}", parts.join(" · "))
            }
        }
    }
}

fn face_view(
    set: &CardSet,
    sources: Option<&SourceMap>,
    card: &Card,
    face: &Face,
    layout: &Layout,
    art: &ArtFiles,
) -> FaceView {
    let name = face
        .name
        .as_ref()
        .map_or_else(|| card.name.value.clone(), |n| n.value.clone());
    let type_line = type_line(card, face.role);
    let mut stats = Vec::new();
    let mut stat = |key, label, value: Option<String>| {
        if let Some(value) = value {
            stats.push(StatView { key, label, value });
        }
    };
    stat("cp", "CP", face.cp.map(|v| v.value.to_string()));
    stat("vox", "VOX", face.vox.map(|v| v.value.to_string()));
    stat("attack", "ATK", face.attack.map(|v| v.value.to_string()));
    stat("rank", "RK", face.rank.map(|v| v.value.to_string()));
    stat("def", "DEF", face.def.map(|v| v.value.to_string()));
    let penalties: Vec<PenaltyView> = face
        .penalties
        .iter()
        .flat_map(|l| l.value.iter())
        .map(|p| PenaltyView {
            amount: p.amount.value,
            morality: WordView::new(p.morality.value.name()),
        })
        .collect();
    let abilities: Vec<AbilityView> = face
        .abilities
        .iter()
        .map(|a| AbilityView::new(&a.value))
        .collect();
    let exit = face.exit.map(|e| e.value.name().to_owned());
    let redeem = face.redeem.map(|r| text::redeem(r.value));
    let flavor = face.flavor.as_ref().map(|f| f.value.clone());
    let penalties_text = face
        .penalties
        .as_ref()
        .map_or_else(String::new, |p| text::penalties(&p.value));
    let penalties_line = format!("Penalties {penalties_text}");

    // Everything the rules box holds, as the estimate sees it.
    let mut paragraphs: Vec<String> = abilities.iter().map(|a| a.text.clone()).collect();
    if let Some(e) = &exit {
        paragraphs.push(format!("Exit: {e}"));
    }
    if let Some(r) = &redeem {
        paragraphs.push(format!("Redeem: {r}"));
    }
    let rules_box = TextBox {
        width_mm: layout.rules_text_w,
        height_mm: layout.rules_text_h,
    };
    let flavor_quoted = flavor.as_ref().map(|f| format!("“{f}”"));
    let (title_pt, title_lines) =
        fit::title_pt(&name, layout.title_text_w, layout.title_h - 0.6, 10.0, 4.0);
    let fit = FitView {
        title_pt,
        title_lines,
        type_pt: fit::line_pt(&type_line, layout.type_text_w, 6.75, 4.5),
        penalties_pt: fit::TwoLines {
            width_mm: layout.rules_text_w,
            height_mm: layout.penalties_h,
            line_height_em: fit::PENALTIES_LINE_HEIGHT_EM,
        }
        .fit(&penalties_line, 6.5, 4.5, 5.75)
        .0,
        rules_pt: fit::rules_pt(&paragraphs, flavor_quoted.as_deref(), rules_box, 8.5, 4.5),
    };

    FaceView {
        role: match face.role {
            FaceRole::Front => "front",
            FaceRole::Prime => "prime",
            FaceRole::Fallen => "fallen",
            FaceRole::Reversal => "reversal",
        },
        role_title: match face.role {
            FaceRole::Front => "",
            FaceRole::Prime => "Prime",
            FaceRole::Fallen => "Fallen",
            FaceRole::Reversal => "Reversal",
        },
        name,
        own_name: face.name.as_ref().map(|n| n.value.clone()),
        type_line,
        drives: face
            .drives
            .iter()
            .flat_map(|l| l.value.iter())
            .map(|d| WordView::new(d.value.name()))
            .collect(),
        morality: face.morality.map(|m| WordView::new(m.value.name())),
        cp: face.cp.map(|v| v.value),
        vox: face.vox.map(|v| v.value),
        attack: face.attack.map(|v| v.value),
        rank: face.rank.map(|v| v.value.to_string()),
        def: face.def.map(|v| v.value.to_string()),
        stats,
        penalties_text,
        penalties,
        abilities,
        flavor,
        art: face.art.as_ref().and_then(|a| {
            let file = art.get(set, &a.value)?;
            let (focus_x, focus_y) = a.value.focus.map_or((50, 50), |f| f.value);
            Some(ArtView {
                src: file.data_url(),
                format: file.format,
                focus_x,
                focus_y,
                path: a.value.path.value.clone(),
            })
        }),
        exit,
        redeem,
        fit,
        source: SourceView::new(set, sources, *face.span),
    }
}

/// The view of every card of `set`.
/// `art` holds the files the faces' `art` lines name ([`crate::art::load`]).
pub fn cards(
    set: &CardSet,
    sources: Option<&SourceMap>,
    layout: &Layout,
    art: &ArtFiles,
) -> Vec<CardView> {
    set.cards
        .iter()
        .enumerate()
        .map(|(index, card)| CardView {
            index,
            name: card.name.value.clone(),
            kind: card.kind.value.name(),
            kind_title: card.kind.value.title(),
            cost: card.cost.map(|v| v.value),
            votes: card.votes.map(|v| v.value),
            capital: card.is_capital(),
            speed: card.speed.map(|s| s.value.name()),
            character_action: card.character_action.map(|m| WordView::new(m.value.name())),
            allows: card.allows.iter().map(|a| a.value.clone()).collect(),
            two_faced: card.faces.len() > 1,
            faces: card
                .faces
                .iter()
                .map(|f| face_view(set, sources, card, f, layout, art))
                .collect(),
            source: SourceView::new(set, sources, *card.span),
            ir: serde_json::to_value(card).unwrap_or(serde_json::Value::Null),
        })
        .collect()
}
