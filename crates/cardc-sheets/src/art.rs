//! Card art: the image files faces name with `art "…"`, read relative to the card file,
//! checked (codes `E0400`–`E0402`) and embedded in the sheets as data URLs, so nothing
//! is fetched at render time.
//!
//! * PNG and JPEG are raster: they must reach [`MIN_DPI`] at the face's art box, filled
//!   the way the sheet fills it (`object-fit: cover`, cropped around the focus point).
//! * SVG is vector and prints sharp at any size. It is embedded as a data URL in an
//!   `<img>`, so its scripts do not run and it cannot load anything.
//!
//! The art box of a face is the part of the card its other boxes leave
//! ([`Layout::art_box`]), so the required pixel size depends on which boxes the face has
//! and on the card size.

use crate::fonts::base64;
use crate::geometry::{CardSize, MM_PER_INCH};
use crate::layout::Layout;
use cardc_diagnostics::{CodeInfo, Diagnostic, Severity, Span};
use cardc_ir::{Art, CardSet, Face};
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// `E0400`: the art file does not exist or cannot be read.
pub const ART_MISSING: &str = "E0400";
/// `E0401`: the art file is not PNG, JPEG or SVG.
pub const ART_FORMAT: &str = "E0401";
/// `E0402`: the art is below 300 dpi at the art box size.
pub const ART_RESOLUTION: &str = "E0402";

/// The least resolution print shops accept for card art.
pub const MIN_DPI: f64 = 300.0;

/// The codes of this stage, for `cardc explain`.
pub static CODES: &[CodeInfo] = &[
    CodeInfo {
        code: ART_MISSING,
        name: "art-missing",
        severity: Severity::Error,
        section: None,
        explanation: include_str!("../explain/E0400.md"),
    },
    CodeInfo {
        code: ART_FORMAT,
        name: "art-format",
        severity: Severity::Error,
        section: None,
        explanation: include_str!("../explain/E0401.md"),
    },
    CodeInfo {
        code: ART_RESOLUTION,
        name: "art-resolution",
        severity: Severity::Error,
        section: None,
        explanation: include_str!("../explain/E0402.md"),
    },
];

/// An image format the sheets can embed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// PNG (raster).
    Png,
    /// JPEG (raster).
    Jpeg,
    /// SVG (vector).
    Svg,
}

impl Format {
    /// The MIME type of the data URL.
    pub fn mime(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
            Format::Svg => "image/svg+xml",
        }
    }
}

/// One art file, read and identified.
#[derive(Debug, Clone)]
pub struct ArtFile {
    /// Where it was read from (the card file's folder joined with the written path).
    pub path: PathBuf,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Its format.
    pub format: Format,
    /// Pixel size of a raster image; `None` for SVG.
    pub pixels: Option<(u64, u64)>,
}

impl ArtFile {
    /// The image as a `data:` URL.
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.format.mime(), base64(&self.bytes))
    }

    /// The resolution the image prints at when it covers a `w × h` mm box: the smaller
    /// of its two axes' pixels per inch (`None` for SVG).
    pub fn dpi_at(&self, w_mm: f64, h_mm: f64) -> Option<f64> {
        let (pw, ph) = self.pixels?;
        Some((pw as f64 * MM_PER_INCH / w_mm).min(ph as f64 * MM_PER_INCH / h_mm))
    }
}

/// Every art file of a set, by the path it was read from.
#[derive(Debug, Clone, Default)]
pub struct ArtFiles {
    base: PathBuf,
    files: BTreeMap<PathBuf, ArtFile>,
}

impl ArtFiles {
    /// The file a face's art names, if it was read.
    pub fn get(&self, set: &CardSet, art: &Art) -> Option<&ArtFile> {
        self.files.get(&resolve(set, &self.base, art))
    }

    /// Every file read, in path order.
    pub fn iter(&self) -> impl Iterator<Item = &ArtFile> {
        self.files.values()
    }

    /// SHA-256 (hex) over every file's path as written and its bytes, in path order: the
    /// art's share of the proof hash.
    pub fn digest(&self) -> String {
        let mut h = Sha256::new();
        for (path, f) in &self.files {
            h.update(path.to_string_lossy().as_bytes());
            h.update([0]);
            h.update(Sha256::digest(&f.bytes));
        }
        h.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// The file an `art` path names: relative to the folder of the card file it is written
/// in, whose name is relative to `base` (an absolute path stays as it is).
pub fn resolve(set: &CardSet, base: &Path, art: &Art) -> PathBuf {
    let card_file = set
        .files
        .get(art.path.span.file.0 as usize)
        .map(String::as_str)
        .unwrap_or("");
    let dir = Path::new(card_file).parent().unwrap_or(Path::new(""));
    base.join(dir).join(&art.path.value)
}

/// Every art file a set names (for `cargo:rerun-if-changed`), sorted, without repeats.
pub fn inputs(set: &CardSet, base: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = faces(set).map(|(_, art)| resolve(set, base, art)).collect();
    out.sort();
    out.dedup();
    out
}

fn faces(set: &CardSet) -> impl Iterator<Item = (&Face, &Art)> + '_ {
    set.cards
        .iter()
        .flat_map(|c| c.faces.iter())
        .filter_map(|f| f.art.as_ref().map(|a| (f, &a.value)))
}

/// Identifies an image by its content, not its name.
fn identify(bytes: &[u8]) -> Result<(Format, Option<(u64, u64)>), String> {
    if is_svg(bytes) {
        return Ok((Format::Svg, None));
    }
    match imagesize::image_type(bytes) {
        Ok(imagesize::ImageType::Png) | Ok(imagesize::ImageType::Jpeg) => {
            let format = if bytes.starts_with(b"\x89PNG") {
                Format::Png
            } else {
                Format::Jpeg
            };
            let size = imagesize::blob_size(bytes)
                .map_err(|e| format!("its {format:?} header cannot be read ({e})"))?;
            Ok((format, Some((size.width as u64, size.height as u64))))
        }
        Ok(other) => Err(format!("{other:?}").to_uppercase()),
        Err(_) => Err("not an image cardc recognises".to_owned()),
    }
}

/// An SVG document: an `<svg` element near the start, after any XML prolog, doctype or
/// comments.
fn is_svg(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    let Ok(text) =
        std::str::from_utf8(head).or_else(|e| std::str::from_utf8(&head[..e.valid_up_to()]))
    else {
        return false;
    };
    let t = text.trim_start_matches('\u{feff}').trim_start();
    (t.starts_with("<?xml")
        || t.starts_with("<svg")
        || t.starts_with("<!--")
        || t.starts_with("<!DOCTYPE svg"))
        && t.contains("<svg")
}

/// Reads and checks every art file of `set` (card file names relative to `base`) for
/// cards of `card` size: a missing or
/// unreadable file (`E0400`), a format other than PNG, JPEG or SVG (`E0401`), a raster
/// image below [`MIN_DPI`] at its face's art box (`E0402`). Returns the files that could
/// be read and the diagnostics, each on the `art` line's path or focus.
pub fn load(set: &CardSet, base: &Path, card: &CardSize) -> (ArtFiles, Vec<Diagnostic>) {
    let layout = Layout::new(card);
    let mut files = ArtFiles {
        base: base.to_owned(),
        files: BTreeMap::new(),
    };
    let mut diags = Vec::new();
    let mut failed: BTreeMap<PathBuf, ()> = BTreeMap::new();
    for card_ir in &set.cards {
        for face in &card_ir.faces {
            let Some(art) = &face.art else { continue };
            let path = resolve(set, base, &art.value);
            let span: Span = art.value.path.span;
            if failed.contains_key(&path) {
                continue;
            }
            if !files.files.contains_key(&path) {
                // Diagnostics name the file as the card set's file names do, relative to
                // `base`, so they read the same wherever the set is checked from.
                let shown = path.strip_prefix(base).unwrap_or(&path);
                match read(&path, shown) {
                    Ok(file) => {
                        files.files.insert(path.clone(), file);
                    }
                    Err(d) => {
                        diags.push(d(span, &card_ir.name.value, &art.value.path.value));
                        failed.insert(path, ());
                        continue;
                    }
                }
            }
            let Some(file) = files.files.get(&path) else {
                continue;
            };
            let (w, h) = layout.art_box(face);
            if let Some(dpi) = file.dpi_at(w, h) {
                if dpi + 1e-6 < MIN_DPI {
                    let need_w = (w / MM_PER_INCH * MIN_DPI).ceil();
                    let need_h = (h / MM_PER_INCH * MIN_DPI).ceil();
                    let (pw, ph) = file.pixels.unwrap_or_default();
                    diags.push(
                        Diagnostic::error(
                            ART_RESOLUTION,
                            span,
                            format!(
                                "card \"{}\": the art prints at {:.0} dpi, below the {MIN_DPI:.0} dpi print shops need",
                                card_ir.name.value, dpi.floor()
                            ),
                        )
                        .with_label(format!("{pw} × {ph} px"))
                        .with_note(format!(
                            "this face's art box on a {} card is {:.1} × {:.1} mm",
                            card.name, w, h
                        ))
                        .with_help(format!(
                            "supply at least {need_w} × {need_h} px, or an SVG"
                        )),
                    );
                }
            }
        }
    }
    (files, diags)
}

type Report = Box<dyn Fn(Span, &str, &str) -> Diagnostic>;

fn read(path: &Path, shown: &Path) -> Result<ArtFile, Report> {
    let shown = shown.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            let why = if e.kind() == std::io::ErrorKind::NotFound {
                "no such file".to_owned()
            } else {
                e.to_string()
            };
            return Err(Box::new(move |span, card, written| {
                Diagnostic::error(
                    ART_MISSING,
                    span,
                    format!("card \"{card}\": art file `{written}` cannot be read"),
                )
                .with_label(format!("{shown}: {why}"))
                .with_help("art paths are relative to the folder of the card file")
            }));
        }
    };
    match identify(&bytes) {
        Ok((format, pixels)) => Ok(ArtFile {
            path: path.to_owned(),
            bytes,
            format,
            pixels,
        }),
        Err(what) => Err(Box::new(move |span, card, written| {
            Diagnostic::error(
                ART_FORMAT,
                span,
                format!("card \"{card}\": art file `{written}` is not PNG, JPEG or SVG"),
            )
            .with_label(format!("found: {what}"))
            .with_help("export the art as PNG or JPEG (at least 300 dpi), or as SVG")
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG header (signature and IHDR) of `w × h` pixels: enough to be identified.
    pub(crate) fn png_header(w: u32, h: u32) -> Vec<u8> {
        let mut v = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
        v.extend(w.to_be_bytes());
        v.extend(h.to_be_bytes());
        v.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
        v
    }

    #[test]
    fn formats_are_identified_by_content() {
        assert_eq!(
            identify(&png_header(825, 1125)).unwrap(),
            (Format::Png, Some((825, 1125)))
        );
        let svg = b"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>";
        assert_eq!(identify(svg).unwrap(), (Format::Svg, None));
        assert_eq!(
            identify(b"GIF89a\x01\x00\x01\x00\x00\x00\x00").unwrap_err(),
            "GIF"
        );
        assert!(identify(b"hello").is_err());
        assert!(identify(b"<html><svg/></html>").is_err());
    }

    #[test]
    fn dpi_is_the_weaker_axis_under_cover() {
        let f = ArtFile {
            path: PathBuf::new(),
            bytes: Vec::new(),
            format: Format::Png,
            pixels: Some((600, 300)),
        };
        // 50.8 × 25.4 mm: 300 dpi across, 300 down.
        assert!((f.dpi_at(50.8, 25.4).unwrap() - 300.0).abs() < 1e-9);
        // Taller box: the height decides.
        assert!((f.dpi_at(50.8, 50.8).unwrap() - 150.0).abs() < 1e-9);
    }
}
