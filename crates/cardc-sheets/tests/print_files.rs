//! Browser tests of what goes to a print shop or a table: card files at the shops'
//! pixel sizes, PDF page boxes read back with `lopdf`, bleed measured on every cut edge
//! at 600 dpi, and the Tabletop Simulator deck sheets. Ignored by default (they need
//! Debian's `chromium` and `poppler-utils`); `.ci/run` runs them with `--ignored`.

mod support;

use cardc_ir::CardSet;
use cardc_sheets::geometry::MM_PER_INCH;
use cardc_sheets::{pdf, print_pdf, render_html, shop, tts, write_atomically};
use cardc_sheets::{CardSize, PageSize, SheetOptions, Spacing};
use std::path::Path;
use std::process::Command;

fn need_tools() {
    if let Err(e) = cardc_sheets::chromium() {
        panic!("needs chromium: {e}");
    }
}

fn options(card: CardSize) -> SheetOptions {
    SheetOptions {
        card,
        date: "2026-01-02".to_owned(),
        base_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."),
        ..SheetOptions::default()
    }
}

fn png_size(path: &Path) -> (u32, u32) {
    let b = std::fs::read(path).unwrap();
    assert_eq!(
        &b[..8],
        b"\x89PNG\r\n\x1a\n",
        "{} is not a PNG",
        path.display()
    );
    let n = |i: usize| u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    (n(16), n(20))
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn card_files_are_the_shops_pixel_sizes_with_boxes() {
    need_tools();
    let (set, sources) = support::sample();
    for (card, dpi, want) in [
        (CardSize::poker(), 300, (825, 1125)),
        (CardSize::bridge(), 300, (750, 1125)),
        (CardSize::poker(), 600, (1650, 2250)),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let opts = options(card.clone());
        let files =
            shop::write_card_files(&set, Some(&sources), &opts, dpi, false, dir.path()).unwrap();
        let pngs: Vec<_> = files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "png"))
            .collect();
        let faces: usize = set.cards.iter().map(|c| c.faces.len()).sum();
        assert_eq!(pngs.len(), faces + 1, "one PNG per face and the back");
        for p in &pngs {
            assert_eq!(png_size(p), want, "{} at {dpi} dpi", p.display());
        }
        // The PDF's boxes: trim inset by 1/8 in = 9 pt, bleed the whole page.
        let boxes = pdf::read_boxes(&dir.path().join("cards.pdf")).unwrap();
        assert_eq!(boxes.len(), faces + 1);
        let w = (card.width_mm + 2.0 * shop::SHOP_BLEED_MM) / MM_PER_INCH * 72.0;
        let h = (card.height_mm + 2.0 * shop::SHOP_BLEED_MM) / MM_PER_INCH * 72.0;
        for (trim, bleed) in boxes {
            let want_trim = [9.0, 9.0, w - 9.0, h - 9.0];
            for (a, b) in trim.iter().zip(want_trim) {
                assert!((a - b).abs() < 0.6, "TrimBox {trim:?} vs {want_trim:?}");
            }
            assert!(
                bleed[0].abs() < 0.01 && (bleed[2] - w).abs() < 0.6,
                "BleedBox {bleed:?}"
            );
        }
    }
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn sheet_pdf_boxes_read_back() {
    need_tools();
    let (set, sources) = support::sample();
    let opts = options(CardSize::poker());
    let dir = tempfile::tempdir().unwrap();
    write_atomically(
        dir.path(),
        &render_html(&set, Some(&sources), &opts).unwrap(),
    )
    .unwrap();
    let p = dir.path().join("sheet.pdf");
    print_pdf(&dir.path().join("sheet.html"), &p).unwrap();
    let imp = opts.imposition().unwrap();
    pdf::set_boxes(&p, &[pdf::sheet_boxes(&imp)]).unwrap();
    let pt = |mm: f64| mm / MM_PER_INCH * 72.0;
    for (trim, bleed) in pdf::read_boxes(&p).unwrap() {
        // Left edges from the page's left: the grid starts 9.75 mm in on A4 poker.
        assert!((trim[0] - pt(9.75)).abs() < 0.01, "{trim:?}");
        assert!(
            (trim[2] - trim[0] - pt(3.0 * 63.5)).abs() < 0.01,
            "{trim:?}"
        );
        assert!(
            (trim[0] - bleed[0] - pt(imp.x.bleed_mm)).abs() < 0.01,
            "{bleed:?}"
        );
        assert!(
            (trim[3] - trim[1] - pt(3.0 * 88.9)).abs() < 0.01,
            "{trim:?}"
        );
    }
}

/// A page rasterised to grey: `(width, height, pixels)`.
fn raster(pdf: &Path, page: usize) -> (usize, usize, Vec<u8>) {
    let stem = pdf.with_extension("");
    let out = Command::new("pdftoppm")
        .args([
            "-r",
            "600",
            "-gray",
            "-f",
            &page.to_string(),
            "-l",
            &page.to_string(),
            "-singlefile",
        ])
        .arg(pdf)
        .arg(&stem)
        .output()
        .expect("pdftoppm runs (apt-get install poppler-utils)");
    assert!(out.status.success());
    let bytes = std::fs::read(stem.with_extension("pgm")).unwrap();
    let text = String::from_utf8_lossy(&bytes[..32.min(bytes.len())]).into_owned();
    let mut it = text.split_ascii_whitespace();
    assert_eq!(it.next(), Some("P5"));
    let w: usize = it.next().unwrap().parse().unwrap();
    let h: usize = it.next().unwrap().parse().unwrap();
    let px = bytes[bytes.len() - w * h..].to_vec();
    (w, h, px)
}

/// Renders `set` on A4 with `spacing`, prints it, and samples the page's pixels 0.15 mm
/// and (bleed − 0.3) mm outside every cut edge of every card on its last page, at a
/// quarter, half and three quarters along the edge: each must be the card's colour
/// (dark), not paper.
fn bleed_is_printed(set: &CardSet, spacing: Spacing, page: PageSize) {
    let opts = SheetOptions {
        spacing,
        page,
        proof: false,
        ..options(CardSize::poker())
    };
    let dir = tempfile::tempdir().unwrap();
    write_atomically(dir.path(), &render_html(set, None, &opts).unwrap()).unwrap();
    let p = dir.path().join("sheet.pdf");
    print_pdf(&dir.path().join("sheet.html"), &p).unwrap();
    let imp = opts.imposition().unwrap();
    let faces: usize = set.cards.iter().map(|c| c.faces.len()).sum();
    let pages = faces.div_ceil(imp.per_page());
    let on_last = faces - (pages - 1) * imp.per_page();
    assert!(
        on_last < imp.per_page(),
        "the test needs a partly filled page"
    );
    let (w, h, px) = raster(&p, pages);
    let at = |x_mm: f64, y_mm: f64| {
        let x = (x_mm / MM_PER_INCH * 600.0).round() as usize;
        let y = (y_mm / MM_PER_INCH * 600.0).round() as usize;
        assert!(x < w && y < h);
        px[y * w + x]
    };
    let mut misses = Vec::new();
    for (slot, t) in imp.slots.iter().take(on_last).enumerate() {
        // The deep sample is 0.3 mm inside the shortest bleed of the page (2.75 mm at the
        // grid's sides on A4 poker): Chromium snaps boxes to CSS pixels (0.26 mm).
        let shortest = imp
            .bleed_requested_mm
            .min(imp.x.bleed_mm)
            .min(imp.y.bleed_mm);
        for depth in [0.15, shortest - 0.3] {
            for f in [0.25, 0.5, 0.75] {
                let samples = [
                    ("left", t.x - depth, t.y + f * t.h),
                    ("right", t.x + t.w + depth, t.y + f * t.h),
                    ("top", t.x + f * t.w, t.y - depth),
                    ("bottom", t.x + f * t.w, t.y + t.h + depth),
                ];
                for (side, x, y) in samples {
                    let v = at(x, y);
                    if v > 200 {
                        misses.push(format!("slot {slot} {side} at {depth} mm: grey {v}"));
                    }
                }
            }
        }
    }
    assert!(
        misses.is_empty(),
        "paper shows outside a cut line:\n{}",
        misses.join("\n")
    );
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn bleed_is_printed_on_every_cut_edge_beside_empty_slots() {
    need_tools();
    // 5 cards of one face each on a 9-slot page: every card borders an empty slot or
    // the grid's edge somewhere.
    let (sample, _) = support::sample();
    let one_faced: Vec<_> = sample
        .cards
        .iter()
        .filter(|c| c.faces.len() == 1)
        .cloned()
        .collect();
    assert!(one_faced.len() >= 5);
    let set = CardSet {
        files: sample.files.clone(),
        cards: one_faced[..5].to_vec(),
    };
    // A4 butted: outer bleed 2.75 mm (sampled to 2.45 mm), full 3 mm into empty slots.
    bleed_is_printed(&set, Spacing::Auto, PageSize::a4());
    // --gutter on Letter: full bleed everywhere.
    let four = CardSet {
        cards: one_faced[..3].to_vec(),
        ..set
    };
    bleed_is_printed(&four, Spacing::Gutter, PageSize::letter());
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn tts_deck_sheets_have_the_grid_size_and_a_loadable_saved_object() {
    need_tools();
    let set = support::synthetic(75);
    let opts = options(CardSize::poker());
    let dir = tempfile::tempdir().unwrap();
    let written = tts::write_tts(&set, None, &opts, dir.path(), dir.path()).unwrap();
    let (cw, ch) = tts::card_pixels(&CardSize::poker());
    for name in ["deck-1.png", "backs-1.png", "deck-2.png", "backs-2.png"] {
        let p = dir.path().join(name);
        assert!(written.contains(&p), "{name} written");
        assert_eq!(png_size(&p), (cw * 10, ch * 7), "{name}");
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("deck.json")).unwrap())
            .unwrap();
    let deck = &json["ObjectStates"][0];
    assert_eq!(deck["Name"], "DeckCustom");
    assert_eq!(deck["DeckIDs"].as_array().unwrap().len(), 75);
    assert_eq!(deck["DeckIDs"][69], 200, "card 70 opens the second sheet");
    for sheet in ["1", "2"] {
        let url = deck["CustomDeck"][sheet]["FaceURL"].as_str().unwrap();
        let path = url.strip_prefix("file://").unwrap();
        assert!(Path::new(path).exists(), "{url}");
    }
}
