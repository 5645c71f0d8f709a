//! IR to printable proof sheets through Tera templates.
//!
//! ```text
//! CardSet ──view──▶ CardView/FaceView ──Tera (templates/)──▶ sheet.html + index.html
//!                        ▲                                        │
//!  geometry (imposition, crop marks), layout, fit (font sizes)    └─ Chromium ─▶ PDF / PNG
//! ```
//!
//! * [`render_html`]: the set to self-contained HTML (fonts and icons inline, print
//!   CSS in mm), every card string escaped by Tera's autoescape.
//! * [`Staging`] / [`write_atomically`]: the output folder holds the complete old or the
//!   complete new set of files, even when a render is killed.
//! * [`print_pdf`] / [`print_png`]: headless Chromium.
//! * [`geometry`]: card and page presets and the n-up imposition, all in mm.
//!
//! `docs/sheets.md` documents the options and every field the templates see.

pub mod art;
mod bleed;
mod browser;
pub mod export;
pub mod fit;
mod fonts;
pub mod geometry;
mod icons;
pub mod layout;
mod output;
pub mod pdf;
mod render;
pub mod shop;
pub mod tts;
pub mod view;

pub use bleed::Printed;
pub use browser::{chromium, dump_dom, print_pdf, print_png, ChromiumRun, CHROMIUM_PACKAGE};
pub use geometry::{impose, impose_spaced, CardSize, Imposition, PageSize, Rect, Spacing};
pub use output::{write_atomically, Staging, MARKER};
pub use render::{
    page_count, render_alignment, render_html, templates, ALIGNMENT_FILE, INDEX_FILE, SHEET_FILE,
    TEMPLATES,
};

use serde::Serialize;
use sha2::{Digest, Sha256};
use std::fmt;
use std::path::{Path, PathBuf};

/// How to render a sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetOptions {
    /// Trim size of a card.
    pub card: CardSize,
    /// Paper.
    pub page: PageSize,
    /// Bleed beyond the trim, in mm (3 by default; less where cards butt, see
    /// [`geometry`]).
    pub bleed_mm: f64,
    /// Page margin on every side, in mm (at least 5).
    pub margin_mm: f64,
    /// Proof mode: safe-zone overlay, trim line, and each card's source file:line,
    /// the set's content hash and the render date.
    pub proof: bool,
    /// Duplex: each page of fronts is followed by its page of backs (second faces, or
    /// a card back), columns mirrored for a long-edge flip.
    pub backs: bool,
    /// How cards are spaced: [`Spacing::Gutter`] (`--gutter`) gives every card its full
    /// bleed on every side, with fewer cards per page where needed.
    pub spacing: Spacing,
    /// A folder of templates overriding the embedded ones by name.
    pub templates_dir: Option<PathBuf>,
    /// The folder the card files' names are relative to; `art` paths are read from
    /// there (the current folder by default).
    pub base_dir: PathBuf,
    /// `--back-offset`: how far to shift every page of backs, `(x, y)` in mm as seen on
    /// the printed back (right and down positive), to correct a duplex printer.
    pub back_offset_mm: (f64, f64),
    /// The render date printed on proofs (`YYYY-MM-DD`); inject a fixed one in tests.
    pub date: String,
}

impl Default for SheetOptions {
    fn default() -> Self {
        SheetOptions {
            card: CardSize::poker(),
            page: PageSize::a4(),
            bleed_mm: 3.0,
            margin_mm: geometry::MIN_MARGIN_MM,
            proof: true,
            backs: false,
            spacing: Spacing::Auto,
            templates_dir: None,
            base_dir: PathBuf::new(),
            back_offset_mm: (0.0, 0.0),
            date: today_utc(),
        }
    }
}

/// The largest `--back-offset` on either axis: the page margin is at least 5 mm, so the
/// shifted backs stay on the paper.
pub const MAX_BACK_OFFSET_MM: f64 = 5.0;

/// Parses `--back-offset`: `Xmm,Ymm` (`0.5mm,-1mm`; the `mm` may be left out).
pub fn parse_offset(s: &str) -> Result<(f64, f64), SheetError> {
    let bad = || {
        SheetError::Options(format!(
            "back offset `{s}`: write Xmm,Ymm, e.g. `0.5mm,-1mm` (right and down positive)"
        ))
    };
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let num = |v: &str| {
        let v = v.trim();
        let v = v.strip_suffix("mm").unwrap_or(v).trim();
        v.parse::<f64>()
            .ok()
            .filter(|n| n.is_finite())
            .ok_or_else(bad)
    };
    let (x, y) = (num(x)?, num(y)?);
    if x.abs() > MAX_BACK_OFFSET_MM || y.abs() > MAX_BACK_OFFSET_MM {
        return Err(SheetError::Options(format!(
            "back offset `{s}` is out of range: each within ±{MAX_BACK_OFFSET_MM} mm"
        )));
    }
    Ok((x, y))
}

/// The options as templates see them (`options.*`).
#[derive(Debug, Clone, Serialize)]
struct OptionsView<'a> {
    card: &'a CardSize,
    page: &'a PageSize,
    bleed_mm: f64,
    margin_mm: f64,
    proof: bool,
    backs: bool,
    spacing: Spacing,
    back_offset: Offset,
}

/// `{ x, y }` in mm.
#[derive(Debug, Clone, Copy, Serialize)]
struct Offset {
    x: f64,
    y: f64,
}

impl SheetOptions {
    /// The imposition these options give (an error for a bad size, bleed or margin).
    pub fn imposition(&self) -> Result<Imposition, SheetError> {
        impose_spaced(
            &self.page,
            &self.card,
            self.bleed_mm,
            self.margin_mm,
            self.spacing,
        )
    }

    /// Checks every option that does not need the cards (sizes, bleed, margin, date,
    /// the templates folder), so a usage error is reported before any card is read.
    /// Returns the imposition.
    pub fn validate(&self) -> Result<Imposition, SheetError> {
        let imp = self.imposition()?;
        if !valid_date(&self.date) {
            return Err(SheetError::Options(format!(
                "date `{}` is not a date: write YYYY-MM-DD",
                self.date
            )));
        }
        let (x, y) = self.back_offset_mm;
        if x.abs() > MAX_BACK_OFFSET_MM
            || y.abs() > MAX_BACK_OFFSET_MM
            || !x.is_finite()
            || !y.is_finite()
        {
            return Err(SheetError::Options(format!(
                "back offset {x},{y} mm is out of range: each within ±{MAX_BACK_OFFSET_MM} mm"
            )));
        }
        if let Some(dir) = &self.templates_dir {
            if !dir.is_dir() {
                return Err(SheetError::Options(format!(
                    "templates folder `{}` does not exist",
                    dir.display()
                )));
            }
        }
        Ok(imp)
    }

    fn view(&self) -> OptionsView<'_> {
        OptionsView {
            card: &self.card,
            page: &self.page,
            bleed_mm: self.bleed_mm,
            margin_mm: self.margin_mm,
            proof: self.proof,
            backs: self.backs,
            spacing: self.spacing,
            back_offset: Offset {
                x: self.back_offset_mm.0,
                y: self.back_offset_mm.1,
            },
        }
    }
}

/// Why a sheet could not be rendered, written or printed.
#[derive(Debug)]
pub enum SheetError {
    /// A bad option (size, bleed, margin).
    Options(String),
    /// A template failed to parse or render (the message includes Tera's causes).
    Template(String),
    /// Reading or writing a file.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// Art files that are missing, unsupported or too small (`cardc_sheets::art`).
    Art(Vec<cardc_diagnostics::Diagnostic>),
    /// Headless Chromium is not installed.
    ChromiumMissing(String),
    /// Chromium ran but did not produce the output.
    Chromium(String),
}

impl SheetError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        SheetError::Io {
            path: path.to_owned(),
            source,
        }
    }

    pub(crate) fn template(e: tera::Error) -> Self {
        let mut msg = e.to_string();
        let mut cause = std::error::Error::source(&e);
        while let Some(c) = cause {
            msg.push_str(": ");
            msg.push_str(&c.to_string());
            cause = c.source();
        }
        SheetError::Template(msg)
    }
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SheetError::Options(m) => write!(f, "{m}"),
            SheetError::Art(d) => {
                let first = d.first().map_or("", |d| d.message.as_str());
                write!(f, "{} art problem(s): {first}", d.len())
            }
            SheetError::Template(m) => write!(f, "template error: {m}"),
            SheetError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            SheetError::ChromiumMissing(m) | SheetError::Chromium(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for SheetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SheetError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The set's content hash: SHA-256 (hex) of its IR serialised as JSON and, when the
/// faces have art, of every art file's path and bytes ([`art::ArtFiles::digest`]), so a
/// changed image changes the proof. The IR has no maps and serialises fields in
/// declaration order, so the hash is deterministic.
pub fn content_hash(set: &cardc_ir::CardSet, art: &art::ArtFiles) -> String {
    let mut json = serde_json::to_vec(set).unwrap_or_default();
    if art.iter().next().is_some() {
        json.push(0);
        json.extend_from_slice(art.digest().as_bytes());
    }
    let digest = Sha256::digest(&json);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Today's date in UTC as `YYYY-MM-DD`; `SOURCE_DATE_EPOCH` (seconds) overrides the
/// clock for reproducible output.
pub fn today_utc() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64)
        });
    date_from_days(secs.div_euclid(86_400))
}

/// Whether `s` is a `YYYY-MM-DD` date with a month 1–12 and a day 1–31.
fn valid_date(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    let num = |p: &str, len: usize| {
        (p.len() == len && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse::<u32>().ok())
            .flatten()
    };
    match parts.as_slice() {
        [y, m, d] => {
            num(y, 4).is_some()
                && num(m, 2).is_some_and(|m| (1..=12).contains(&m))
                && num(d, 2).is_some_and(|d| (1..=31).contains(&d))
        }
        _ => false,
    }
}

/// The civil date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn date_from_days(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(date_from_days(0), "1970-01-01");
        assert_eq!(date_from_days(11_016), "2000-02-29");
        assert_eq!(date_from_days(20_454), "2026-01-01");
        assert_eq!(date_from_days(-1), "1969-12-31");
    }

    #[test]
    fn options_are_validated_without_cards() {
        let ok = SheetOptions {
            date: "2026-01-01".into(),
            ..SheetOptions::default()
        };
        assert!(ok.validate().is_ok());
        for bad in [
            SheetOptions {
                margin_mm: 2.0,
                ..ok.clone()
            },
            SheetOptions {
                bleed_mm: 11.0,
                ..ok.clone()
            },
            SheetOptions {
                card: CardSize {
                    name: "x".into(),
                    width_mm: 300.0,
                    height_mm: 100.0,
                },
                ..ok.clone()
            },
            SheetOptions {
                date: "1 May".into(),
                ..ok.clone()
            },
            SheetOptions {
                date: "2026-13-01".into(),
                ..ok.clone()
            },
            SheetOptions {
                templates_dir: Some("/nonexistent/templates".into()),
                ..ok.clone()
            },
        ] {
            assert!(bad.validate().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn back_offsets_parse_within_range() {
        assert_eq!(parse_offset("0.5mm,-1mm").unwrap(), (0.5, -1.0));
        assert_eq!(parse_offset(" -2 , 3mm").unwrap(), (-2.0, 3.0));
        for bad in ["1mm", "1mm;2mm", "x,1", "6mm,0", "0,-5.5mm", "nan,0"] {
            assert!(parse_offset(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn hash_is_deterministic_and_content_sensitive() {
        let a = cardc_ir::CardSet {
            files: vec!["a.card".into()],
            cards: vec![],
        };
        let b = cardc_ir::CardSet {
            files: vec!["b.card".into()],
            cards: vec![],
        };
        let none = art::ArtFiles::default();
        assert_eq!(content_hash(&a, &none), content_hash(&a.clone(), &none));
        assert_ne!(content_hash(&a, &none), content_hash(&b, &none));
        assert_eq!(content_hash(&a, &none).len(), 64);
    }
}
