//! Browser tests: the sheet printed by headless Chromium, measured.
//!
//! Ignored by default so `cargo test --workspace` passes on a machine without a
//! browser; `.ci/run` installs `chromium` and `poppler-utils` and runs them with
//! `cargo test -p cardc-sheets -- --ignored`. Run that way without a browser they fail.
//!
//! * Paper: `pdfinfo` reports each page's size in points; it must be A4 or Letter.
//! * Card size: the PDF's first page is rasterised by `pdftoppm` at 600 dpi. Crop
//!   marks sit in the strips between the page margin and the grid, one per cut line,
//!   so a pixel row through the top strip crosses every vertical mark and a column
//!   through the left strip every horizontal one. The centres of those dark runs are
//!   the cut lines as printed; the distance between a card's two cut lines is its trim,
//!   which must match the preset within ±0.2 mm (a pixel is 0.042 mm). This measures
//!   what a cutter sees, after Chromium's print pipeline, not what the CSS asked for.
//! * Overflow: a script in the sheet reports every text box whose content overflows
//!   (`scrollHeight > clientHeight` or `scrollWidth > clientWidth`) into
//!   `#overflow-report`; `--dump-dom` reads it back. Any entry fails the test, both
//!   with the in-browser fitting and with only the sizes computed in Rust (`?nofit`).

mod support;

use cardc_ir::{Ability, CardSet, Keyword, Loc};
use cardc_sheets::{
    dump_dom, impose, page_count, print_pdf, render_html, write_atomically, CardSize, PageSize,
    SheetOptions,
};
use std::path::{Path, PathBuf};
use std::process::Command;

const DPI: f64 = 600.0;
const TOLERANCE_MM: f64 = 0.2;

fn need_chromium() {
    if let Err(e) = cardc_sheets::chromium() {
        panic!("needs chromium: {e}");
    }
}

fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name).args(args).output().unwrap_or_else(|e| {
        panic!(
            "`{name}` could not run ({e}): install poppler-utils (apt-get install poppler-utils)"
        )
    });
    assert!(
        out.status.success(),
        "{name} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn render(set: &CardSet, opts: &SheetOptions, dir: &Path) -> PathBuf {
    let files = render_html(set, None, opts).unwrap();
    write_atomically(dir, &files).unwrap();
    dir.join("sheet.html")
}

fn options(page: PageSize, card: CardSize) -> SheetOptions {
    SheetOptions {
        page,
        card,
        date: "2026-01-02".to_owned(),
        // The project's card files are named from the repository root, and so their art.
        base_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."),
        ..SheetOptions::default()
    }
}

/// A grey-scale raster: width, height, one byte a pixel.
struct Gray {
    w: usize,
    h: usize,
    px: Vec<u8>,
}

fn read_pgm(path: &Path) -> Gray {
    let bytes = std::fs::read(path).unwrap();
    // "P5\n<w> <h>\n255\n" then the pixels.
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..i]).into_owned());
    }
    assert_eq!(fields[0], "P5");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let px = bytes[i + 1..].to_vec();
    assert_eq!(px.len(), w * h);
    Gray { w, h, px }
}

/// Centres (in mm) of the dark runs along a line of pixels.
fn dark_runs(line: impl Iterator<Item = u8>) -> Vec<f64> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut n = 0;
    for (i, v) in line.enumerate() {
        n = i + 1;
        match (v < 128, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(((s + i) as f64 / 2.0) * 25.4 / DPI);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(((s + n) as f64 / 2.0) * 25.4 / DPI);
    }
    out
}

/// Trim sizes between cut lines: consecutive lines when cards butt, pairs otherwise.
fn trims(cuts: &[f64], butted: bool) -> Vec<f64> {
    if butted {
        cuts.windows(2).map(|w| w[1] - w[0]).collect()
    } else {
        cuts.chunks(2)
            .filter(|c| c.len() == 2)
            .map(|c| c[1] - c[0])
            .collect()
    }
}

fn check_pdf(page: PageSize, card: CardSize) {
    need_chromium();
    let (set, _) = support::sample();
    let opts = options(page.clone(), card.clone());
    let dir = tempfile::tempdir().unwrap();
    let html = render(&set, &opts, dir.path());
    let pdf = dir.path().join("sheet.pdf");
    print_pdf(&html, &pdf).unwrap();

    // Paper size in points, every page.
    let info = tool("pdfinfo", &["-l", "99", pdf.to_str().unwrap()]);
    let pages: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .map(|s| s.trim().parse().unwrap())
        .unwrap();
    assert_eq!(pages, page_count(&set, &opts).unwrap(), "page count");
    let want = (page.width_mm * 72.0 / 25.4, page.height_mm * 72.0 / 25.4);
    let mut sizes = 0;
    for line in info
        .lines()
        .filter(|l| l.starts_with("Page") && l.contains("size:"))
    {
        let nums: Vec<f64> = line
            .split_whitespace()
            .filter_map(|w| w.parse::<f64>().ok())
            .collect();
        let (w, h) = (nums[nums.len() - 2], nums[nums.len() - 1]);
        eprintln!(
            "{}: page {w} × {h} pt (want {:.2} × {:.2})",
            page.name, want.0, want.1
        );
        assert!(
            (w - want.0).abs() <= 0.5 && (h - want.1).abs() <= 0.5,
            "{line}"
        );
        sizes += 1;
    }
    assert_eq!(sizes, pages, "pdfinfo listed {sizes} page sizes");

    // Card trims from the crop marks of page 1.
    let stem = dir.path().join("p");
    let r = format!("{DPI}");
    tool(
        "pdftoppm",
        &[
            "-r",
            &r,
            "-gray",
            "-f",
            "1",
            "-l",
            "1",
            pdf.to_str().unwrap(),
            stem.to_str().unwrap(),
        ],
    );
    let pgm = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "pgm"))
        .unwrap();
    let img = read_pgm(&pgm);
    let imp = impose(&page, &card, opts.bleed_mm, opts.margin_mm).unwrap();
    let px = |mm: f64| ((mm * DPI / 25.4).round() as usize).min(img.w.max(img.h) - 1);
    // A row through the top mark strip, a column through the left one.
    let top = imp
        .marks
        .iter()
        .filter(|m| m.h > m.w)
        .map(|m| m.y + m.h / 2.0)
        .fold(f64::MAX, f64::min);
    let left = imp
        .marks
        .iter()
        .filter(|m| m.w > m.h)
        .map(|m| m.x + m.w / 2.0)
        .fold(f64::MAX, f64::min);
    let row = px(top).min(img.h - 1);
    let col = px(left).min(img.w - 1);
    let xs = dark_runs((0..img.w).map(|x| img.px[row * img.w + x]));
    let ys = dark_runs((0..img.h).map(|y| img.px[y * img.w + col]));
    let widths = trims(&xs, imp.x.gutter_mm == 0.0);
    let heights = trims(&ys, imp.y.gutter_mm == 0.0);
    eprintln!("{} {}: cut lines x {xs:.3?}", page.name, card.name);
    eprintln!(
        "{} {}: trims {widths:.3?} × {heights:.3?} mm",
        page.name, card.name
    );
    assert_eq!(widths.len(), imp.cols, "columns found by their crop marks");
    assert_eq!(heights.len(), imp.rows, "rows found by their crop marks");
    for w in widths {
        assert!(
            (w - card.width_mm).abs() <= TOLERANCE_MM,
            "card width {w} mm"
        );
    }
    for h in heights {
        assert!(
            (h - card.height_mm).abs() <= TOLERANCE_MM,
            "card height {h} mm"
        );
    }
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn a4_poker_pdf_measures_true() {
    check_pdf(PageSize::a4(), CardSize::poker());
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn letter_poker_pdf_measures_true() {
    check_pdf(PageSize::letter(), CardSize::poker());
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn a4_bridge_pdf_with_gutters_measures_true() {
    check_pdf(PageSize::a4(), CardSize::bridge());
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn letter_euro_poker_pdf_measures_true() {
    check_pdf(PageSize::letter(), CardSize::euro_poker());
}

/// The report the sheet's script leaves in `#overflow-report`.
fn report(dom: &str) -> serde_json::Value {
    let open = "<pre id=\"overflow-report\" hidden=\"\">";
    let start = dom
        .find(open)
        .map(|i| i + open.len())
        .expect("no #overflow-report in the DOM");
    let end = start + dom[start..].find("</pre>").unwrap();
    let json = dom[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("bad report {json}: {e}"))
}

/// The sample plus a card that pushes every box: a long name and a full rules box.
fn stress_set() -> CardSet {
    let (mut set, _) = support::sample();
    let mut card = set.cards[0].clone();
    card.name.value = "Commissar Idrenne Vashtovar-Okonkwo the Unrepentant".to_owned();
    let extra = set.cards[3].faces[0].abilities[1].clone();
    let face = &mut card.faces[0];
    for _ in 0..3 {
        face.abilities.push(extra.clone());
    }
    face.abilities
        .push(Loc::new(Ability::Keyword(Keyword::Confluence), *face.span));
    set.cards.push(card);
    set
}

fn check_overflow(set: CardSet, page: PageSize, card: CardSize) {
    need_chromium();
    let opts = options(page, card.clone());
    let dir = tempfile::tempdir().unwrap();
    let html = render(&set, &opts, dir.path());
    for query in ["", "nofit"] {
        let dom = dump_dom(&html, query).unwrap();
        let rep = report(&dom);
        eprintln!(
            "{} ?{query}: shrunk {} boxes, fonts {}",
            card.name, rep["shrunk"], rep["fonts"]
        );
        assert_eq!(rep["fonts"], "loaded", "embedded fonts did not load");
        let over = rep["overflow"].as_array().unwrap();
        assert!(over.is_empty(), "overflowing boxes (?{query}): {over:#?}");
        let sizes = rep["cards"].as_array().unwrap();
        let faces: usize = set.cards.iter().map(|c| c.faces.len()).sum();
        assert_eq!(sizes.len(), faces, "every face laid out");
        for s in sizes {
            let (w, h) = (s[0].as_f64().unwrap(), s[1].as_f64().unwrap());
            assert!(
                (w - card.width_mm).abs() <= TOLERANCE_MM,
                "DOM card width {w}"
            );
            assert!(
                (h - card.height_mm).abs() <= TOLERANCE_MM,
                "DOM card height {h}"
            );
        }
    }
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn no_text_overflows_poker() {
    check_overflow(stress_set(), PageSize::a4(), CardSize::poker());
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn no_text_overflows_bridge() {
    check_overflow(stress_set(), PageSize::letter(), CardSize::bridge());
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn project_cards_fit_on_every_preset() {
    for card in [
        CardSize::poker(),
        CardSize::euro_poker(),
        CardSize::bridge(),
    ] {
        check_overflow(support::project_cards().0, PageSize::a4(), card);
    }
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn project_cards_print_true_to_size() {
    need_chromium();
    let (set, sources) = support::project_cards();
    let opts = options(PageSize::letter(), CardSize::poker());
    let dir = tempfile::tempdir().unwrap();
    let files = render_html(&set, Some(&sources), &opts).unwrap();
    write_atomically(dir.path(), &files).unwrap();
    let pdf = dir.path().join("sheet.pdf");
    print_pdf(&dir.path().join("sheet.html"), &pdf).unwrap();
    let info = tool("pdfinfo", &[pdf.to_str().unwrap()]);
    let pages = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .map(str::trim);
    assert_eq!(
        pages,
        Some(page_count(&set, &opts).unwrap().to_string().as_str())
    );
}

#[test]
#[ignore = "needs chromium: run by .ci/run"]
fn hostile_names_stay_text_in_the_browser() {
    need_chromium();
    let (mut set, _) = support::sample();
    let attack = "<img src=x onerror=\"document.body.setAttribute('data-pwned','1')\">";
    set.cards[0].name.value = attack.to_owned();
    set.cards[1].name.value =
        "<script>document.body.setAttribute('data-pwned','2')</script>".to_owned();
    let dir = tempfile::tempdir().unwrap();
    let html = render(
        &set,
        &options(PageSize::a4(), CardSize::poker()),
        dir.path(),
    );
    let dom = dump_dom(&html, "").unwrap();
    assert!(!dom.contains("data-pwned=\""), "a card name ran as markup");
    assert!(
        dom.contains("&lt;img src=x onerror="),
        "the name is shown as text"
    );
    assert!(
        dom.contains("&lt;script&gt;document.body"),
        "the name is shown as text"
    );
}
