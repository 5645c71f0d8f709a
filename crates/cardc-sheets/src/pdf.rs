//! Post-processing the PDFs Chromium prints: page boxes (`TrimBox`, `BleedBox`) set
//! with `lopdf`, and CMYK conversion through Ghostscript.
//!
//! Chromium writes only a `MediaBox`. Print shops and imposition software read the
//! `TrimBox` (where the cut goes) and `BleedBox` (how far the art extends). On a card
//! file (one card a page) they are the card's trim and trim plus bleed. On an n-up
//! sheet they are the grid's outer cut lines and the grid's outer bleed edge; the cut
//! lines inside the grid are marked by the crop marks.
//!
//! Boxes are given in mm from the page's top-left corner, as everywhere in the sheets,
//! and turned into PDF points from the bottom-left of each page's `MediaBox`.

use crate::geometry::{Rect, MM_PER_INCH};
use crate::SheetError;
use lopdf::{Document, Object};
use std::path::Path;
use std::process::Command;

/// The Debian package that provides Ghostscript.
pub const GHOSTSCRIPT_PACKAGE: &str = "ghostscript";

const PT_PER_MM: f64 = 72.0 / MM_PER_INCH;

/// A page's boxes, in mm from the top-left of the page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageBoxes {
    /// The finished size: where the cut goes.
    pub trim: Rect,
    /// The trim plus the bleed.
    pub bleed: Rect,
}

/// The boxes of an n-up sheet: the grid's outer cut lines and its outer bleed edge
/// (the full page's, so every page of the file gets the same boxes).
pub fn sheet_boxes(imp: &crate::geometry::Imposition) -> PageBoxes {
    let union = |rs: &[Rect]| {
        let x0 = rs.iter().map(|r| r.x).fold(f64::INFINITY, f64::min);
        let y0 = rs.iter().map(|r| r.y).fold(f64::INFINITY, f64::min);
        let x1 = rs
            .iter()
            .map(|r| r.x + r.w)
            .fold(f64::NEG_INFINITY, f64::max);
        let y1 = rs
            .iter()
            .map(|r| r.y + r.h)
            .fold(f64::NEG_INFINITY, f64::max);
        Rect {
            x: x0,
            y: y0,
            w: x1 - x0,
            h: y1 - y0,
        }
    };
    PageBoxes {
        trim: union(&imp.slots),
        bleed: union(&imp.printed),
    }
}

/// A box as PDF points `[x0 y0 x1 y1]`, from the bottom-left of a page `media` tall.
fn to_pdf(r: &Rect, media: &[f64; 4]) -> Vec<Object> {
    let top = media[3];
    let x0 = media[0] + r.x * PT_PER_MM;
    let x1 = media[0] + (r.x + r.w) * PT_PER_MM;
    let y1 = top - r.y * PT_PER_MM;
    let y0 = top - (r.y + r.h) * PT_PER_MM;
    [x0, y0, x1, y1]
        .iter()
        .map(|v| Object::Real(((v * 1000.0).round() / 1000.0) as f32))
        .collect()
}

fn number(o: &Object) -> Option<f64> {
    match o {
        Object::Integer(i) => Some(*i as f64),
        Object::Real(r) => Some(f64::from(*r)),
        _ => None,
    }
}

/// The `MediaBox` of a page (inherited from the page tree when not on the page).
fn media_box(doc: &Document, page: lopdf::ObjectId) -> Option<[f64; 4]> {
    let mut id = page;
    for _ in 0..32 {
        let dict = doc.get_dictionary(id).ok()?;
        if let Ok(arr) = dict.get(b"MediaBox").and_then(Object::as_array) {
            let v: Vec<f64> = arr.iter().filter_map(number).collect();
            return (v.len() == 4).then(|| [v[0], v[1], v[2], v[3]]);
        }
        id = dict.get(b"Parent").and_then(Object::as_reference).ok()?;
    }
    None
}

/// Sets every page's `TrimBox` and `BleedBox` in `pdf` (rewritten in place, through a
/// temporary file and a rename). `boxes` has one entry per page, or one for all.
pub fn set_boxes(pdf: &Path, boxes: &[PageBoxes]) -> Result<(), SheetError> {
    let bad = |e: lopdf::Error| SheetError::Chromium(format!("{}: {e}", pdf.display()));
    let mut doc = Document::load(pdf).map_err(bad)?;
    let pages: Vec<lopdf::ObjectId> = doc.get_pages().values().copied().collect();
    for (i, page) in pages.iter().enumerate() {
        let Some(b) = boxes.get(i).or(boxes.first()) else {
            break;
        };
        let media = media_box(&doc, *page).ok_or_else(|| {
            SheetError::Chromium(format!("{}: page {} has no MediaBox", pdf.display(), i + 1))
        })?;
        let dict = doc
            .get_object_mut(*page)
            .and_then(Object::as_dict_mut)
            .map_err(bad)?;
        dict.set("TrimBox", to_pdf(&b.trim, &media));
        dict.set("BleedBox", to_pdf(&b.bleed, &media));
    }
    let tmp = pdf.with_extension("boxes.pdf");
    doc.save(&tmp).map_err(|e| SheetError::io(&tmp, e))?;
    std::fs::rename(&tmp, pdf).map_err(|e| SheetError::io(pdf, e))
}

/// A PDF box in points: `[x0, y0, x1, y1]` from the page's bottom-left.
pub type PdfBox = [f64; 4];

/// Reads back each page's `TrimBox` and `BleedBox` as PDF points (for tests and tools).
pub fn read_boxes(pdf: &Path) -> Result<Vec<(PdfBox, PdfBox)>, SheetError> {
    let bad = |e: lopdf::Error| SheetError::Chromium(format!("{}: {e}", pdf.display()));
    let doc = Document::load(pdf).map_err(bad)?;
    let get = |d: &lopdf::Dictionary, key: &[u8]| -> Option<[f64; 4]> {
        let v: Vec<f64> = d
            .get(key)
            .ok()?
            .as_array()
            .ok()?
            .iter()
            .filter_map(number)
            .collect();
        (v.len() == 4).then(|| [v[0], v[1], v[2], v[3]])
    };
    doc.get_pages()
        .values()
        .map(|id| {
            let d = doc.get_dictionary(*id).map_err(bad)?;
            match (get(d, b"TrimBox"), get(d, b"BleedBox")) {
                (Some(t), Some(b)) => Ok((t, b)),
                _ => Err(SheetError::Chromium(format!(
                    "{}: a page has no TrimBox or BleedBox",
                    pdf.display()
                ))),
            }
        })
        .collect()
}

/// Converts `pdf` to CMYK in place with Ghostscript (`gs`, Debian's `ghostscript`).
///
/// Limits: Ghostscript's default CMYK profile is used, not a print shop's (FOGRA39,
/// SWOP…); the result is not PDF/X; rich blacks and out-of-gamut colours shift. Ask
/// the shop for its profile and proof a printed copy before a run.
pub fn to_cmyk(pdf: &Path) -> Result<(), SheetError> {
    let tmp = pdf.with_extension("cmyk.pdf");
    let out = Command::new("gs")
        .args([
            "-dSAFER",
            "-dBATCH",
            "-dNOPAUSE",
            "-dQUIET",
            "-sDEVICE=pdfwrite",
            "-sColorConversionStrategy=CMYK",
            "-sProcessColorModel=DeviceCMYK",
            "-dAutoRotatePages=/None",
        ])
        .arg(format!("-sOutputFile={}", tmp.display()))
        .arg(pdf)
        .output()
        .map_err(|e| {
            SheetError::ChromiumMissing(format!(
                "--cmyk needs Ghostscript, which could not run ({e}): install it with \
                 `apt-get install {GHOSTSCRIPT_PACKAGE}`"
            ))
        })?;
    if !out.status.success() {
        let _ = std::fs::remove_file(&tmp);
        return Err(SheetError::Chromium(format!(
            "Ghostscript failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    std::fs::rename(&tmp, pdf).map_err(|e| SheetError::io(pdf, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_points_from_the_bottom_left() {
        let media = [0.0, 0.0, 198.0, 270.0]; // 2.75 × 3.75 in
        let trim = Rect {
            x: MM_PER_INCH / 8.0,
            y: MM_PER_INCH / 8.0,
            w: 63.5,
            h: 88.9,
        };
        let v: Vec<f64> = to_pdf(&trim, &media).iter().filter_map(number).collect();
        let want = [9.0, 9.0, 189.0, 261.0];
        for (a, b) in v.iter().zip(want) {
            assert!((a - b).abs() < 1e-3, "{v:?}");
        }
    }
}
