//! Print-shop card files: one PNG per face at 300 dpi (600 on request), trim plus the
//! shops' 1/8 in bleed on every side, as MakePlayingCards, DriveThruCards and The Game
//! Crafter take them (poker: 825 × 1125 px), and a `back.png`.
//!
//! The faces are rendered by the same templates as the sheets, one card per page of
//! exactly the card's size with bleed, printed to PDF by Chromium and rasterised by
//! `pdftoppm` (Debian's `poppler-utils`) to the exact pixel size of the preset.

use crate::geometry::{CardSize, Imposition, Rect, MM_PER_INCH};
use crate::render::{PagePlan, Rendering};
use crate::{print_pdf, SheetError, SheetOptions, SHEET_FILE};
use cardc_diagnostics::SourceMap;
use cardc_ir::CardSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The bleed the shops' templates ask for: 1/8 in (3.175 mm) on every side.
pub const SHOP_BLEED_MM: f64 = MM_PER_INCH / 8.0;

/// The Debian package that provides `pdftoppm`.
pub const POPPLER_PACKAGE: &str = "poppler-utils";

/// A card shape as the shops' templates name it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShopPreset {
    /// `poker`, `bridge`, `tarot`, `mini`, `square`.
    pub name: &'static str,
    /// The trim.
    pub card: CardSize,
    /// Where the template is published.
    pub shops: &'static str,
}

/// The presets, with their trims in inches (bleed is added on top).
pub fn presets() -> Vec<ShopPreset> {
    let inch = |name: &str, w: f64, h: f64| CardSize {
        name: name.to_owned(),
        width_mm: w * MM_PER_INCH,
        height_mm: h * MM_PER_INCH,
    };
    vec![
        ShopPreset {
            name: "poker",
            card: CardSize::poker(),
            shops: "The Game Crafter Poker Card, DriveThruCards Poker, MakePlayingCards Poker (2.5 × 3.5 in)",
        },
        ShopPreset {
            name: "bridge",
            card: CardSize::bridge(),
            shops: "The Game Crafter Bridge Card, MakePlayingCards Bridge (2.25 × 3.5 in)",
        },
        ShopPreset {
            name: "tarot",
            card: inch("tarot", 2.75, 4.75),
            shops: "The Game Crafter Tarot Card, MakePlayingCards Tarot (2.75 × 4.75 in)",
        },
        ShopPreset {
            name: "mini",
            card: inch("mini", 1.75, 2.5),
            shops: "The Game Crafter Mini Card, MakePlayingCards Mini (1.75 × 2.5 in)",
        },
        ShopPreset {
            name: "square",
            card: inch("square", 3.5, 3.5),
            shops: "The Game Crafter Square Card, MakePlayingCards Square (3.5 × 3.5 in)",
        },
    ]
}

/// The preset named `name`.
pub fn preset(name: &str) -> Result<ShopPreset, SheetError> {
    presets()
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            let names: Vec<&str> = presets().iter().map(|p| p.name).collect();
            SheetError::Options(format!(
                "unknown print-shop preset `{name}`: use {}",
                names.join(", ")
            ))
        })
}

/// The pixel size of one card file: trim plus `bleed_mm` per side, at `dpi`.
pub fn pixels(card: &CardSize, bleed_mm: f64, dpi: u32) -> (u32, u32) {
    let px = |mm: f64| (mm / MM_PER_INCH * f64::from(dpi)).round() as u32;
    (
        px(card.width_mm + 2.0 * bleed_mm),
        px(card.height_mm + 2.0 * bleed_mm),
    )
}

/// The file names of the card files, in page order: `NNN-<card>-<face>.png` for every
/// face of every card, then `back.png`.
pub fn file_names(set: &CardSet) -> Vec<String> {
    let mut out = Vec::new();
    for (i, card) in set.cards.iter().enumerate() {
        for face in &card.faces {
            let role = face.role.keyword().unwrap_or("front");
            out.push(format!(
                "{:03}-{}-{role}.png",
                i + 1,
                slug(&card.name.value)
            ));
        }
    }
    out.push("back.png".to_owned());
    out
}

/// `Pier Nine Stevedores` → `pier-nine-stevedores`: ASCII letters and digits, the rest
/// folded into single dashes.
pub fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    while s.ends_with('-') {
        s.pop();
    }
    if s.is_empty() {
        s.push_str("card");
    }
    s
}

/// The options and imposition of a card-file page for `card` (no proof marks, no
/// margin).
fn page_options(opts: &SheetOptions, card: &CardSize, bleed_mm: f64) -> (SheetOptions, Imposition) {
    let imp = Imposition::grid(card, 1, 1, bleed_mm);
    let o = SheetOptions {
        card: card.clone(),
        page: imp.page.clone(),
        margin_mm: 0.0,
        bleed_mm,
        proof: false,
        backs: false,
        ..opts.clone()
    };
    (o, imp)
}

/// The HTML of the card files: one page per face, then the card back.
pub fn render_cards_html(
    set: &CardSet,
    sources: Option<&SourceMap>,
    opts: &SheetOptions,
    card: &CardSize,
) -> Result<String, SheetError> {
    let (o, imp) = page_options(opts, card, SHOP_BLEED_MM);
    let r = Rendering::new(set, sources, &o)?;
    let mut pages: Vec<PagePlan> = Vec::new();
    for (c, cv) in r.cards.iter().enumerate() {
        for f in 0..cv.faces.len() {
            pages.push(("front", vec![(0, Some(c), f)]));
        }
    }
    pages.push(("back", vec![(0, None, 0)]));
    let ctx = r.context(&o, &imp, &pages);
    r.tera
        .render(SHEET_FILE, &ctx)
        .map_err(SheetError::template)
}

/// Renders and prints the card files of `set` (cards of `opts.card`) into `dir` (a
/// staging folder): `cards.html` is written there, printed to `cards.pdf` (kept, in CMYK
/// when `cmyk`, with `TrimBox` and `BleedBox`), and rasterised to one PNG per page at
/// `dpi`. Returns the files written, PNGs first.
pub fn write_card_files(
    set: &CardSet,
    sources: Option<&SourceMap>,
    opts: &SheetOptions,
    dpi: u32,
    cmyk: bool,
    dir: &Path,
) -> Result<Vec<PathBuf>, SheetError> {
    let card = &opts.card;
    let html = render_cards_html(set, sources, opts, card)?;
    std::fs::create_dir_all(dir).map_err(|e| SheetError::io(dir, e))?;
    let html_path = dir.join("cards.html");
    std::fs::write(&html_path, html).map_err(|e| SheetError::io(&html_path, e))?;
    let pdf = dir.join("cards.pdf");
    print_pdf(&html_path, &pdf)?;
    let (w, h) = pixels(card, SHOP_BLEED_MM, dpi);
    let names = file_names(set);
    let pages = rasterise(&pdf, dir, "page", dpi, (w, h))?;
    if pages.len() != names.len() {
        return Err(SheetError::Chromium(format!(
            "the card files' PDF has {} pages, expected {}",
            pages.len(),
            names.len()
        )));
    }
    let mut out = Vec::new();
    for (page, name) in pages.iter().zip(&names) {
        let target = dir.join(name);
        std::fs::rename(page, &target).map_err(|e| SheetError::io(&target, e))?;
        out.push(target);
    }
    // The PDF stays, one card a page, with its trim and bleed boxes (set after the
    // CMYK conversion, so they are certainly there).
    if cmyk {
        crate::pdf::to_cmyk(&pdf)?;
    }
    let page = Rect {
        x: 0.0,
        y: 0.0,
        w: card.width_mm + 2.0 * SHOP_BLEED_MM,
        h: card.height_mm + 2.0 * SHOP_BLEED_MM,
    };
    let trim = Rect {
        x: SHOP_BLEED_MM,
        y: SHOP_BLEED_MM,
        w: card.width_mm,
        h: card.height_mm,
    };
    crate::pdf::set_boxes(&pdf, &[crate::pdf::PageBoxes { trim, bleed: page }])?;
    std::fs::remove_file(&html_path).map_err(|e| SheetError::io(&html_path, e))?;
    out.push(pdf);
    Ok(out)
}

/// Rasterises every page of `pdf` to `<dir>/<prefix>-N.png` at `dpi`, scaled to exactly
/// `size` pixels; returns the files in page order.
pub(crate) fn rasterise(
    pdf: &Path,
    dir: &Path,
    prefix: &str,
    dpi: u32,
    size: (u32, u32),
) -> Result<Vec<PathBuf>, SheetError> {
    let out = Command::new("pdftoppm")
        .args(["-png", "-r"])
        .arg(dpi.to_string())
        .arg("-scale-to-x")
        .arg(size.0.to_string())
        .arg("-scale-to-y")
        .arg(size.1.to_string())
        .arg(pdf)
        .arg(dir.join(prefix))
        .output()
        .map_err(|e| {
            SheetError::ChromiumMissing(format!(
                "card images need `pdftoppm` ({e}): install it with `apt-get install {POPPLER_PACKAGE}`"
            ))
        })?;
    if !out.status.success() {
        return Err(SheetError::Chromium(format!(
            "pdftoppm failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    let mut pages: Vec<(u32, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| SheetError::io(dir, e))?
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let n = name
                .strip_prefix(prefix)?
                .strip_prefix('-')?
                .strip_suffix(".png")?
                .parse()
                .ok()?;
            Some((n, e.path()))
        })
        .collect();
    pages.sort();
    Ok(pages.into_iter().map(|(_, p)| p).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preset_pixel_sizes_are_the_shops_templates() {
        let at = |name: &str, dpi| pixels(&preset(name).unwrap().card, SHOP_BLEED_MM, dpi);
        assert_eq!(at("poker", 300), (825, 1125));
        assert_eq!(at("poker", 600), (1650, 2250));
        assert_eq!(at("bridge", 300), (750, 1125));
        assert_eq!(at("tarot", 300), (900, 1500));
        assert_eq!(at("mini", 300), (600, 825));
        assert_eq!(at("square", 300), (1125, 1125));
        assert!(preset("jumbo").is_err());
    }

    #[test]
    fn file_names_are_stable_and_safe() {
        assert_eq!(slug("The Cantor's Reliquary"), "the-cantor-s-reliquary");
        assert_eq!(slug("Mara, the Hollow Voice"), "mara-the-hollow-voice");
        assert_eq!(slug("<script>"), "script");
        assert_eq!(slug("…"), "card");
    }
}
