//! Rendering through Tera: the embedded templates (optionally overridden from a
//! folder), the page plan (which face goes in which slot of which page), and the
//! context every template sees.

use crate::geometry::{Imposition, Rect};
use crate::layout::Layout;
use crate::view::{self, CardView};
use crate::{content_hash, fonts, icons, SheetError, SheetOptions};
use cardc_diagnostics::SourceMap;
use cardc_ir::CardSet;
use serde::Serialize;
use std::path::{Path, PathBuf};
use tera::{Context, Tera};

/// The templates shipped in the crate, by the name a designer's folder overrides.
pub const TEMPLATES: &[(&str, &str)] = &[
    ("sheet.html", include_str!("../templates/sheet.html")),
    ("index.html", include_str!("../templates/index.html")),
    ("face.html", include_str!("../templates/face.html")),
    ("back.html", include_str!("../templates/back.html")),
    ("sheet.css", include_str!("../templates/sheet.css")),
    ("sheet.js", include_str!("../templates/sheet.js")),
    (
        "alignment.html",
        include_str!("../templates/alignment.html"),
    ),
];

/// The duplex alignment test page (`--alignment`).
pub const ALIGNMENT_FILE: &str = "alignment.html";

/// A tick of the alignment page's scales.
#[derive(Debug, Clone, Serialize)]
struct Tick {
    /// Offset from the page centre, mm (right or down positive, on the front).
    pos: f64,
    /// The value to pass to `--back-offset` when the back's line shows here.
    label: String,
    /// A whole millimetre (longer, labelled).
    major: bool,
}

/// The duplex alignment page: a front with two scales through the page centre, a back
/// with one line on each axis through the centre (shifted by the back offset). Held to
/// the light after a long-edge duplex print, the back's lines cross the front's scales
/// at the offset to pass: across as read, down with its sign flipped by the labels.
pub fn render_alignment(opts: &SheetOptions) -> Result<String, SheetError> {
    let mut ticks = Vec::new();
    for i in -10i32..=10 {
        let pos = f64::from(i) * 0.5;
        ticks.push(Tick {
            pos,
            label: if i % 2 == 0 {
                format!("{}", i / 2)
            } else {
                String::new()
            },
            major: i % 2 == 0,
        });
    }
    let down: Vec<Tick> = ticks
        .iter()
        .map(|t| Tick {
            label: if t.major {
                format!("{}", -(t.pos as i32))
            } else {
                String::new()
            },
            ..t.clone()
        })
        .collect();
    let mut ctx = Context::new();
    ctx.insert("options", &opts.view());
    ctx.insert("across", &ticks);
    ctx.insert("down", &down);
    ctx.insert("content_w", &(opts.page.width_mm - 2.0 * opts.margin_mm));
    ctx.insert("content_h", &(opts.page.height_mm - 2.0 * opts.margin_mm));
    ctx.insert("fonts_css", fonts::font_faces());
    let tera = templates(opts.templates_dir.as_deref())?;
    tera.render(ALIGNMENT_FILE, &ctx)
        .map_err(SheetError::template)
}

/// The file names [`render_html`] produces.
pub const SHEET_FILE: &str = "sheet.html";
/// The index page.
pub const INDEX_FILE: &str = "index.html";

/// Loads the embedded templates, then every file of `dir` over them (same name
/// replaces; new names add partials a designer's templates can include).
pub fn templates(dir: Option<&Path>) -> Result<Tera, SheetError> {
    let mut list: Vec<(String, String)> = TEMPLATES
        .iter()
        .map(|(n, s)| ((*n).to_owned(), (*s).to_owned()))
        .collect();
    if let Some(dir) = dir {
        let entries = std::fs::read_dir(dir).map_err(|e| SheetError::io(dir, e))?;
        let mut paths: Vec<PathBuf> = Vec::new();
        for entry in entries {
            let path = entry.map_err(|e| SheetError::io(dir, e))?.path();
            if path.is_file() {
                paths.push(path);
            }
        }
        paths.sort();
        for path in paths {
            let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            let body = std::fs::read_to_string(&path).map_err(|e| SheetError::io(&path, e))?;
            match list.iter_mut().find(|(n, _)| *n == name) {
                Some(slot) => slot.1 = body,
                None => list.push((name, body)),
            }
        }
    }
    let mut tera = Tera::default();
    tera.autoescape_on(vec![".html", ".htm", ".xml"]);
    tera.add_raw_templates(list).map_err(SheetError::template)?;
    Ok(tera)
}

/// What sits in one slot of a page.
#[derive(Debug, Clone, Serialize)]
struct SlotView {
    /// Slot number on the page (row-major).
    slot: usize,
    /// Printed box (trim + bleed), relative to the page's printable area.
    printed: Rect,
    /// Trim box relative to the printed box.
    trim: Rect,
    /// A CSS `polygon(…)` the printed box is clipped to where its bleed shares an
    /// empty slot's corner with a neighbour's (empty when not clipped).
    clip: String,
    /// Index into `cards`; `None` for a generic card back.
    card: Option<usize>,
    /// Index into that card's `faces`.
    face: usize,
}

/// One sheet page.
#[derive(Debug, Clone, Serialize)]
struct PageView {
    /// 1-based page number in the file.
    number: usize,
    /// `front` or `back`.
    side: &'static str,
    slots: Vec<SlotView>,
}

/// Set-wide facts printed on proofs.
#[derive(Debug, Clone, Serialize)]
struct SetView {
    hash: String,
    hash_short: String,
    date: String,
    files: Vec<String>,
    card_count: usize,
    face_count: usize,
}

fn relative(r: Rect, origin_x: f64, origin_y: f64) -> Rect {
    Rect {
        x: r.x - origin_x,
        y: r.y - origin_y,
        ..r
    }
}

/// What one page holds: its side and, per filled slot, `(slot, card, face)` (`card`
/// `None` for a card back).
pub(crate) type PagePlan = (&'static str, Vec<(usize, Option<usize>, usize)>);

/// Which (card, face) goes in each slot, fronts then their backs, page by page.
fn plan(cards: &[CardView], imp: &Imposition, backs: bool) -> Vec<PagePlan> {
    // Fronts: every face when proofing one-sided; the first face when printing duplex.
    let fronts: Vec<(usize, usize)> = if backs {
        cards.iter().map(|c| (c.index, 0)).collect()
    } else {
        cards
            .iter()
            .flat_map(|c| (0..c.faces.len()).map(move |f| (c.index, f)))
            .collect()
    };
    let per_page = imp.per_page().max(1);
    let mut pages = Vec::new();
    for chunk in fronts.chunks(per_page) {
        let entries = chunk
            .iter()
            .enumerate()
            .map(|(i, &(c, f))| (i, Some(c), f))
            .collect();
        pages.push(("front", entries));
        if backs {
            // The back of slot i lands in the mirrored column after a long-edge flip.
            let entries = chunk
                .iter()
                .enumerate()
                .map(|(i, &(c, _))| {
                    let back = imp.mirrored(i);
                    match cards.get(c) {
                        Some(card) if card.two_faced => (back, Some(c), 1),
                        _ => (back, None, 0),
                    }
                })
                .collect();
            pages.push(("back", entries));
        }
    }
    pages
}

/// The pages of a plan with every slot's printed box: each page's boxes depend on
/// which slots it fills, since a card beside an empty slot gets its full bleed there.
fn lay_out(imp: &Imposition, plan: &[PagePlan]) -> Vec<PageView> {
    let per_page = imp.per_page().max(1);
    let m = imp.margin_mm;
    plan.iter()
        .enumerate()
        .map(|(n, (side, entries))| {
            let mut occupied = vec![false; per_page];
            for (i, _, _) in entries {
                if let Some(o) = occupied.get_mut(*i) {
                    *o = true;
                }
            }
            let printed = imp.printed_for(&occupied);
            let slots = entries
                .iter()
                .filter_map(|&(i, card, face)| {
                    let p = printed.get(i)?.as_ref()?;
                    let trim = imp.slots[i];
                    Some(SlotView {
                        slot: i,
                        printed: relative(p.rect, m, m),
                        trim: relative(trim, p.rect.x, p.rect.y),
                        clip: css_polygon(&p.clip),
                        card,
                        face,
                    })
                })
                .collect();
            PageView {
                number: n + 1,
                side,
                slots,
            }
        })
        .collect()
}

/// `polygon(0mm 0mm, …)`, or empty for no clip.
fn css_polygon(points: &[(f64, f64)]) -> String {
    if points.is_empty() {
        return String::new();
    }
    let pts: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{}mm {}mm", round4(*x), round4(*y)))
        .collect();
    format!("polygon({})", pts.join(", "))
}

fn round4(v: f64) -> f64 {
    (v * 10_000.0).round() / 10_000.0
}

/// Renders the sheet (`sheet.html`, every page) and its index (`index.html`).
/// Returns each file's path relative to the output folder with its contents.
pub fn render_html(
    set: &CardSet,
    sources: Option<&SourceMap>,
    opts: &SheetOptions,
) -> Result<Vec<(PathBuf, String)>, SheetError> {
    let imp = opts.imposition()?;
    let r = Rendering::new(set, sources, opts)?;
    let pages = plan(&r.cards, &imp, opts.backs);
    let ctx = r.context(opts, &imp, &pages);
    let sheet = r
        .tera
        .render(SHEET_FILE, &ctx)
        .map_err(SheetError::template)?;
    let index = r
        .tera
        .render(INDEX_FILE, &ctx)
        .map_err(SheetError::template)?;
    Ok(vec![
        (PathBuf::from(INDEX_FILE), index),
        (PathBuf::from(SHEET_FILE), sheet),
    ])
}

/// What every rendering of a set shares: the templates, the card views and the set's
/// facts (hash with art, date).
pub(crate) struct Rendering {
    pub(crate) tera: Tera,
    pub(crate) cards: Vec<CardView>,
    layout: Layout,
    set_view: SetView,
}

impl Rendering {
    /// Loads the art (an error if any is missing or too small at `opts.card`) and the
    /// templates, and builds the views.
    pub(crate) fn new(
        set: &CardSet,
        sources: Option<&SourceMap>,
        opts: &SheetOptions,
    ) -> Result<Self, SheetError> {
        let layout = Layout::new(&opts.card);
        let (art, problems) = crate::art::load(set, &opts.base_dir, &opts.card);
        if problems.iter().any(cardc_diagnostics::Diagnostic::is_error) {
            return Err(SheetError::Art(problems));
        }
        let cards = view::cards(set, sources, &layout, &art);
        let hash = content_hash(set, &art);
        let set_view = SetView {
            hash_short: hash.chars().take(12).collect(),
            hash,
            date: opts.date.clone(),
            files: set.files.clone(),
            card_count: cards.len(),
            face_count: cards.iter().map(|c| c.faces.len()).sum(),
        };
        let tera = templates(opts.templates_dir.as_deref())?;
        Ok(Rendering {
            tera,
            cards,
            layout,
            set_view,
        })
    }

    /// The context of `sheet.html` for `pages` laid out on `imp`; `opts.page` and
    /// `opts.margin_mm` must be `imp`'s.
    pub(crate) fn context(
        &self,
        opts: &SheetOptions,
        imp: &Imposition,
        pages: &[PagePlan],
    ) -> Context {
        let pages = lay_out(imp, pages);
        let content = imp.content();
        let marks: Vec<Rect> = imp
            .marks
            .iter()
            .map(|r| relative(*r, content.x, content.y))
            .collect();
        let mut ctx = Context::new();
        ctx.insert("set", &self.set_view);
        ctx.insert("options", &opts.view());
        ctx.insert("imposition", imp);
        ctx.insert("layout", &self.layout);
        ctx.insert("content", &content);
        ctx.insert("marks", &marks);
        ctx.insert("cards", &self.cards);
        ctx.insert("pages", &pages);
        ctx.insert("icons", &icons::all());
        ctx.insert("fonts_css", fonts::font_faces());
        ctx.insert("sheet_file", SHEET_FILE);
        ctx
    }
}

/// How many pages [`render_html`] puts in `sheet.html` for `set`.
pub fn page_count(set: &CardSet, opts: &SheetOptions) -> Result<usize, SheetError> {
    let imp = opts.imposition()?;
    let slots: usize = if opts.backs {
        set.cards.len()
    } else {
        set.cards.iter().map(|c| c.faces.len()).sum()
    };
    let fronts = slots.div_ceil(imp.per_page().max(1));
    Ok(if opts.backs { 2 * fronts } else { fronts })
}
