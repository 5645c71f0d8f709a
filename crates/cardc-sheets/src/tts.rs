//! Tabletop Simulator: deck sheets and a saved object that loads them as a deck.
//!
//! A TTS custom deck is a grid image of at most 10 × 7 cards; the last slot (the 70th)
//! is the "hidden" image TTS shows for cards in another player's hand, so a sheet holds
//! at most 69 cards. Sheets are kept within 4096 × 4096 px, the size every TTS version
//! loads. With `UniqueBack`, a second sheet of the same grid gives every card its own
//! back: a two-faced card's second face (a Fallen or Reversal face), else the card back.
//!
//! The saved object (`deck.json`, for TTS's `Saves/Saved Objects/` folder) follows the
//! save-file format: `ObjectStates` holding one `DeckCustom` whose `DeckIDs` and
//! `ContainedObjects` list every card, `CardID = 100 × deck + slot`, and `CustomDeck`
//! entries naming the sheets by URL (`file://` paths as written; replace them with
//! hosted URLs to share the deck).

use crate::geometry::{CardSize, Imposition};
use crate::render::{PagePlan, Rendering};
use crate::shop::rasterise;
use crate::{print_pdf, SheetError, SheetOptions, SHEET_FILE};
use cardc_diagnostics::SourceMap;
use cardc_ir::CardSet;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Columns of a TTS deck sheet.
pub const COLS: usize = 10;
/// Rows of a TTS deck sheet.
pub const ROWS: usize = 7;
/// Cards per sheet: every slot but the last, which holds the hidden card.
pub const PER_SHEET: usize = COLS * ROWS - 1;
/// The largest sheet side, in pixels, that every TTS version loads.
pub const MAX_SHEET_PX: u32 = 4096;

/// The pixel size of one card on a sheet: as large as fits [`MAX_SHEET_PX`] on both
/// axes, with the card's proportions.
pub fn card_pixels(card: &CardSize) -> (u32, u32) {
    let by_w = f64::from(MAX_SHEET_PX / COLS as u32);
    let by_h = f64::from(MAX_SHEET_PX / ROWS as u32);
    let scale = (by_w / card.width_mm).min(by_h / card.height_mm);
    (
        (card.width_mm * scale).floor() as u32,
        (card.height_mm * scale).floor() as u32,
    )
}

/// Which card of the set is in each slot of each sheet: `(sheet, slot, card index)`.
pub fn slots(card_count: usize) -> Vec<(usize, usize, usize)> {
    (0..card_count)
        .map(|i| (i / PER_SHEET, i % PER_SHEET, i))
        .collect()
}

/// The page plan: for each sheet, its faces page then its backs page; the hidden slot
/// holds the card back on both.
fn plan(rendering: &Rendering) -> Vec<PagePlan> {
    let n = rendering.cards.len();
    let sheets = n.div_ceil(PER_SHEET).max(1);
    let mut pages = Vec::new();
    for s in 0..sheets {
        let members: Vec<usize> = (s * PER_SHEET..((s + 1) * PER_SHEET).min(n)).collect();
        let mut faces: Vec<(usize, Option<usize>, usize)> = members
            .iter()
            .enumerate()
            .map(|(slot, &c)| (slot, Some(c), 0))
            .collect();
        faces.push((COLS * ROWS - 1, None, 0));
        let mut backs: Vec<(usize, Option<usize>, usize)> = members
            .iter()
            .enumerate()
            .map(|(slot, &c)| {
                if rendering.cards[c].two_faced {
                    (slot, Some(c), 1)
                } else {
                    (slot, None, 0)
                }
            })
            .collect();
        backs.push((COLS * ROWS - 1, None, 0));
        pages.push(("front", faces));
        pages.push(("back", backs));
    }
    pages
}

/// The saved object for `set`, its sheets at `face_urls` / `back_urls` (one per sheet).
pub fn saved_object(
    set: &CardSet,
    face_urls: &[String],
    back_urls: &[String],
    nickname: &str,
) -> Value {
    let transform = |y: f64| {
        json!({
            "posX": 0.0, "posY": y, "posZ": 0.0,
            "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0
        })
    };
    let deck_entry = |sheet: usize| {
        json!({
            "FaceURL": face_urls.get(sheet).cloned().unwrap_or_default(),
            "BackURL": back_urls.get(sheet).cloned().unwrap_or_default(),
            "NumWidth": COLS,
            "NumHeight": ROWS,
            "BackIsHidden": true,
            "UniqueBack": true,
            "Type": 0
        })
    };
    let mut custom = serde_json::Map::new();
    for sheet in 0..face_urls.len() {
        custom.insert((sheet + 1).to_string(), deck_entry(sheet));
    }
    let mut ids = Vec::new();
    let mut contained = Vec::new();
    for (sheet, slot, c) in slots(set.cards.len()) {
        let card = &set.cards[c];
        let id = (sheet + 1) * 100 + slot;
        ids.push(id);
        let text: Vec<String> = card
            .faces
            .iter()
            .flat_map(cardc_ir::text::face_text)
            .collect();
        let mut one = serde_json::Map::new();
        one.insert((sheet + 1).to_string(), deck_entry(sheet));
        contained.push(json!({
            "Name": "Card",
            "Nickname": card.name.value,
            "Description": text.join("\n"),
            "CardID": id,
            "Transform": transform(0.0),
            "CustomDeck": Value::Object(one),
        }));
    }
    json!({
        "SaveName": "",
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": [{
            "Name": "DeckCustom",
            "Nickname": nickname,
            "Description": "",
            "Transform": transform(1.0),
            "HideWhenFaceDown": true,
            "DeckIDs": ids,
            "CustomDeck": Value::Object(custom),
            "ContainedObjects": contained,
        }]
    })
}

/// Renders the deck sheets of `set` into `dir` (`deck-N.png`, `backs-N.png`) and the
/// saved object `deck.json`, whose URLs point at the sheets where `final_dir` puts
/// them. Returns the files written.
pub fn write_tts(
    set: &CardSet,
    sources: Option<&SourceMap>,
    opts: &SheetOptions,
    dir: &Path,
    final_dir: &Path,
) -> Result<Vec<PathBuf>, SheetError> {
    let imp = Imposition::grid(&opts.card, COLS, ROWS, 0.0);
    let o = SheetOptions {
        page: imp.page.clone(),
        margin_mm: 0.0,
        bleed_mm: 0.0,
        proof: false,
        backs: false,
        ..opts.clone()
    };
    let r = Rendering::new(set, sources, &o)?;
    let pages = plan(&r);
    let html = r
        .tera
        .render(SHEET_FILE, &r.context(&o, &imp, &pages))
        .map_err(SheetError::template)?;
    std::fs::create_dir_all(dir).map_err(|e| SheetError::io(dir, e))?;
    let html_path = dir.join("tts.html");
    std::fs::write(&html_path, html).map_err(|e| SheetError::io(&html_path, e))?;
    let pdf = dir.join("tts.pdf");
    print_pdf(&html_path, &pdf)?;
    let (cw, ch) = card_pixels(&opts.card);
    let size = (cw * COLS as u32, ch * ROWS as u32);
    let rasters = rasterise(&pdf, dir, "sheet", 72, size)?;
    if rasters.len() != pages.len() {
        return Err(SheetError::Chromium(format!(
            "the deck's PDF has {} pages, expected {}",
            rasters.len(),
            pages.len()
        )));
    }
    let mut written = Vec::new();
    let (mut faces, mut backs) = (Vec::new(), Vec::new());
    for (i, raster) in rasters.iter().enumerate() {
        let (kind, urls) = if i % 2 == 0 {
            ("deck", &mut faces)
        } else {
            ("backs", &mut backs)
        };
        let name = format!("{kind}-{}.png", i / 2 + 1);
        let target = dir.join(&name);
        std::fs::rename(raster, &target).map_err(|e| SheetError::io(&target, e))?;
        urls.push(file_url(&final_dir.join(&name)));
        written.push(target);
    }
    for f in [&html_path, &pdf] {
        std::fs::remove_file(f).map_err(|e| SheetError::io(f, e))?;
    }
    let nickname = format!("cardc · {} cards", set.cards.len());
    let json = saved_object(set, &faces, &backs, &nickname);
    let path = dir.join("deck.json");
    let text = serde_json::to_string_pretty(&json).unwrap_or_default() + "\n";
    std::fs::write(&path, text).map_err(|e| SheetError::io(&path, e))?;
    written.push(path);
    Ok(written)
}

/// `file:///abs/path` for a sheet (made absolute; not percent-encoded beyond spaces).
fn file_url(path: &Path) -> String {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    format!("file://{}", abs.to_string_lossy().replace(' ', "%20"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_fits_tts_limits() {
        for card in [
            CardSize::poker(),
            CardSize::bridge(),
            CardSize::euro_poker(),
        ] {
            let (w, h) = card_pixels(&card);
            assert!(w * COLS as u32 <= MAX_SHEET_PX && h * ROWS as u32 <= MAX_SHEET_PX);
            // Proportions kept to within a pixel.
            let want = card.height_mm / card.width_mm * f64::from(w);
            assert!((f64::from(h) - want).abs() <= 1.0, "{card:?}: {w}×{h}");
        }
        assert_eq!(card_pixels(&CardSize::poker()), (409, 572));
        assert_eq!(PER_SHEET, 69);
    }

    #[test]
    fn the_saved_object_follows_the_tts_save_format() {
        let card = cardc_ir::Card::new(
            cardc_ir::Loc::new("Pier Nine".into(), Default::default()),
            cardc_ir::Loc::new(cardc_ir::CardKind::SurfaceLocation, Default::default()),
            Default::default(),
        );
        let set = CardSet {
            files: vec!["a.card".into()],
            cards: vec![card; 70],
        };
        let urls = |k: &str| vec![format!("file:///{k}-1.png"), format!("file:///{k}-2.png")];
        let v = saved_object(&set, &urls("deck"), &urls("backs"), "test");
        let states = v["ObjectStates"].as_array().unwrap();
        assert_eq!(states.len(), 1);
        let deck = &states[0];
        assert_eq!(deck["Name"], "DeckCustom");
        let ids: Vec<u64> = deck["DeckIDs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i.as_u64().unwrap())
            .collect();
        assert_eq!(ids[0], 100);
        assert_eq!(ids[68], 168);
        assert_eq!(ids[69], 200);
        let contained = deck["ContainedObjects"].as_array().unwrap();
        assert_eq!(contained.len(), 70);
        assert_eq!(contained[69]["CardID"], 200);
        assert_eq!(contained[69]["Name"], "Card");
        assert!(contained[69]["CustomDeck"]["2"].is_object());
        for key in ["1", "2"] {
            let d = &deck["CustomDeck"][key];
            assert_eq!(d["NumWidth"], 10);
            assert_eq!(d["NumHeight"], 7);
            assert_eq!(d["UniqueBack"], true);
            assert_eq!(d["BackIsHidden"], true);
            assert!(d["FaceURL"]
                .as_str()
                .unwrap()
                .ends_with(&format!("deck-{key}.png")));
        }
    }

    #[test]
    fn cards_fill_69_slots_per_sheet() {
        let s = slots(140);
        assert_eq!(s[0], (0, 0, 0));
        assert_eq!(s[68], (0, 68, 68));
        assert_eq!(s[69], (1, 0, 69));
        assert_eq!(s[139], (2, 1, 139));
        assert!(s.iter().all(|(_, slot, _)| *slot < COLS * ROWS - 1));
    }
}
