//! The card set as data for other tools: `cardc export --json` (the IR with each face's
//! printed text, under a schema version) and `cardc export --csv` (one row per face).
//!
//! The printed text is what the sheets print, from the same views ([`crate::view`]):
//! every rules sentence is `cardc_ir::text::ability`, never re-phrased. The schema is
//! documented in `docs/export.md` and given as JSON Schema in `docs/export.schema.json`.

use crate::art::ArtFiles;
use crate::geometry::CardSize;
use crate::layout::Layout;
use crate::view::{self, CardView, FaceView};
use cardc_diagnostics::SourceMap;
use cardc_ir::CardSet;
use serde::Serialize;
use serde_json::{json, Value};

/// The version of the export's shape. Raised when a field is removed or changes
/// meaning; adding a field keeps it.
pub const SCHEMA_VERSION: u32 = 1;

/// What a face prints, in reading order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Printed {
    /// The name printed on the face.
    pub name: String,
    /// The type line: `Character — Prime`, `Fallen Device`, …
    pub type_line: String,
    /// The Penalties block: `-1 CP Expedient, -3 CP Ruthless` (empty when none).
    pub penalties: String,
    /// Each rules sentence, canonical, one ability each.
    pub rules: Vec<String>,
    /// `Exit: Redeem`, when the face has an exit clause.
    pub exit: Option<String>,
    /// `Redeem: Pay 3 Currency`, when the face has a Redeem cost.
    pub redeem: Option<String>,
    /// The flavour line.
    pub flavor: Option<String>,
    /// The whole rules box as printed: the sentences, then the exit or Redeem line, one
    /// per line.
    pub text: String,
}

impl Printed {
    fn of(face: &FaceView) -> Self {
        let rules: Vec<String> = face.abilities.iter().map(|a| a.text.clone()).collect();
        let exit = face.exit.as_ref().map(|e| format!("Exit: {e}"));
        let redeem = face.redeem.as_ref().map(|r| format!("Redeem: {r}"));
        let mut lines = rules.clone();
        lines.extend(exit.iter().cloned());
        lines.extend(redeem.iter().cloned());
        Printed {
            name: face.name.clone(),
            type_line: face.type_line.clone(),
            penalties: face.penalties_text.clone(),
            rules,
            exit,
            redeem,
            flavor: face.flavor.clone(),
            text: lines.join("\n"),
        }
    }
}

fn views(set: &CardSet, sources: Option<&SourceMap>) -> Vec<CardView> {
    let layout = Layout::new(&CardSize::poker());
    view::cards(set, sources, &layout, &ArtFiles::default())
}

/// The export as JSON: `{ "schema_version", "files", "cards" }`, each card its IR with
/// every face carrying `printed` ([`Printed`]) and `source` (`file`, `line`, `column`).
pub fn json(set: &CardSet, sources: Option<&SourceMap>) -> Value {
    let cards: Vec<Value> = views(set, sources)
        .iter()
        .zip(&set.cards)
        .map(|(v, card)| {
            let mut c = serde_json::to_value(card).unwrap_or(Value::Null);
            if let Some(obj) = c.as_object_mut() {
                obj.insert("source".into(), json!(v.source));
            }
            if let Some(faces) = c.get_mut("faces").and_then(Value::as_array_mut) {
                for (f, fv) in faces.iter_mut().zip(&v.faces) {
                    if let Some(obj) = f.as_object_mut() {
                        obj.insert("printed".into(), json!(Printed::of(fv)));
                        obj.insert("source".into(), json!(fv.source));
                    }
                }
            }
            c
        })
        .collect();
    json!({
        "schema_version": SCHEMA_VERSION,
        "files": set.files,
        "cards": cards,
    })
}

/// The CSV columns, in order.
pub const CSV_COLUMNS: &[&str] = &[
    "card",
    "kind",
    "face",
    "name",
    "type_line",
    "cost",
    "votes",
    "drives",
    "morality",
    "cp",
    "vox",
    "attack",
    "rank",
    "def",
    "penalties",
    "rules_text",
    "exit",
    "redeem",
    "flavor",
    "art",
    "file",
    "line",
];

/// One CSV row per face, in set order: the values of [`CSV_COLUMNS`], empty where the
/// face has none. Cost and Votes are the card's and repeat on each of its faces.
pub fn rows(set: &CardSet, sources: Option<&SourceMap>) -> Vec<Vec<String>> {
    let opt = |v: Option<u32>| v.map_or_else(String::new, |n| n.to_string());
    let mut out = Vec::new();
    for (v, card) in views(set, sources).iter().zip(&set.cards) {
        for (fv, face) in v.faces.iter().zip(&card.faces) {
            let printed = Printed::of(fv);
            out.push(vec![
                v.name.clone(),
                v.kind.to_owned(),
                fv.role.to_owned(),
                fv.name.clone(),
                fv.type_line.clone(),
                opt(v.cost),
                opt(v.votes),
                fv.drives
                    .iter()
                    .map(|d| d.name.clone())
                    .collect::<Vec<_>>()
                    .join(", "),
                fv.morality
                    .as_ref()
                    .map_or_else(String::new, |m| m.name.clone()),
                opt(fv.cp),
                opt(fv.vox),
                opt(fv.attack),
                fv.rank.clone().unwrap_or_default(),
                fv.def.clone().unwrap_or_default(),
                printed.penalties,
                printed.text,
                fv.exit.clone().unwrap_or_default(),
                fv.redeem.clone().unwrap_or_default(),
                fv.flavor.clone().unwrap_or_default(),
                face.art
                    .as_ref()
                    .map_or_else(String::new, |a| a.value.path.value.clone()),
                fv.source.file.clone(),
                if fv.source.line == 0 {
                    String::new()
                } else {
                    fv.source.line.to_string()
                },
            ]);
        }
    }
    out
}
