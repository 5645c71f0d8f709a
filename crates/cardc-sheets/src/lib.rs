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
//! * [`write_atomically`]: writes the files so a failed render leaves nothing half-done.
//! * [`print_pdf`] / [`print_png`]: headless Chromium.
//! * [`geometry`]: card and page presets and the n-up imposition, all in mm.
//!
//! `docs/sheets.md` documents the options and every field the templates see.

mod browser;
pub mod fit;
mod fonts;
pub mod geometry;
mod icons;
pub mod layout;
mod output;
mod render;
pub mod view;

pub use browser::{chromium, dump_dom, print_pdf, print_png, ChromiumRun, CHROMIUM_PACKAGE};
pub use geometry::{impose, CardSize, Imposition, PageSize, Rect};
pub use output::write_atomically;
pub use render::{page_count, render_html, templates, INDEX_FILE, SHEET_FILE, TEMPLATES};

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
    /// A folder of templates overriding the embedded ones by name.
    pub templates_dir: Option<PathBuf>,
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
            templates_dir: None,
            date: today_utc(),
        }
    }
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
}

impl SheetOptions {
    fn view(&self) -> OptionsView<'_> {
        OptionsView {
            card: &self.card,
            page: &self.page,
            bleed_mm: self.bleed_mm,
            margin_mm: self.margin_mm,
            proof: self.proof,
            backs: self.backs,
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

/// The set's content hash: SHA-256 (hex) of its IR serialised as JSON. The IR has no
/// maps and serialises fields in declaration order, so the hash is deterministic.
pub fn content_hash(set: &cardc_ir::CardSet) -> String {
    let json = serde_json::to_vec(set).unwrap_or_default();
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
    fn hash_is_deterministic_and_content_sensitive() {
        let a = cardc_ir::CardSet {
            files: vec!["a.card".into()],
            cards: vec![],
        };
        let b = cardc_ir::CardSet {
            files: vec!["b.card".into()],
            cards: vec![],
        };
        assert_eq!(content_hash(&a), content_hash(&a.clone()));
        assert_ne!(content_hash(&a), content_hash(&b));
        assert_eq!(content_hash(&a).len(), 64);
    }
}
