//! Print geometry in millimetres: card and page presets, and the n-up imposition
//! (where each card's trim sits on the page, its bleed, and the crop marks).
//!
//! Everything the sheet draws is placed here, in Rust, so it can be unit-tested; the
//! templates only copy these numbers into CSS lengths.
//!
//! Per axis the imposition fits as many cards as the page allows inside its margins.
//! When there is room, cards are separated by a gutter of two bleeds, so every card has
//! its full bleed on every side. When there is not (3×3 poker on A4 or Letter), the
//! cards butt edge to edge and share their cut lines: a slightly-off cut then shows the
//! neighbour's frame, which is the same colour family as the card's own bleed. Only
//! the grid's outer edges get bleed, after room is kept for crop marks. The grid is
//! centred, so a page of backs lines up with its fronts after a long-edge flip.

use crate::SheetError;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Millimetres per inch.
pub const MM_PER_INCH: f64 = 25.4;
/// The smallest page margin allowed: most printers cannot print closer to the edge.
pub const MIN_MARGIN_MM: f64 = 5.0;
/// Crop marks get at most this much room beyond the outer bleed when cards butt.
const BUTTED_MARK_ZONE_MM: f64 = 2.0;
/// Room kept for crop marks around a grid with full gutters.
const GUTTER_MARK_ZONE_MM: f64 = 3.0;
/// Least room kept for crop marks around a `--gutter` grid.
const GUTTER_MIN_MARK_ZONE_MM: f64 = 1.0;
/// Longest crop mark.
const MARK_LEN_MM: f64 = 3.0;
/// Gap between the bleed edge and the start of a crop mark.
const MARK_GAP_MM: f64 = 0.5;
/// Stroke width of a crop mark (about 0.4 pt).
pub const MARK_STROKE_MM: f64 = 0.15;

/// A card's trim size.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardSize {
    /// `poker`, `euro-poker`, `bridge`, or `63x88mm` for a custom size.
    pub name: String,
    /// Trim width.
    pub width_mm: f64,
    /// Trim height.
    pub height_mm: f64,
}

impl CardSize {
    /// Poker: 2.5 × 3.5 in (63.5 × 88.9 mm).
    pub fn poker() -> Self {
        Self::named("poker", 63.5, 88.9)
    }

    /// Euro poker: 63 × 88 mm.
    pub fn euro_poker() -> Self {
        Self::named("euro-poker", 63.0, 88.0)
    }

    /// Bridge: 2.25 × 3.5 in (57.15 × 88.9 mm).
    pub fn bridge() -> Self {
        Self::named("bridge", 57.15, 88.9)
    }

    fn named(name: &str, width_mm: f64, height_mm: f64) -> Self {
        CardSize {
            name: name.to_owned(),
            width_mm,
            height_mm,
        }
    }
}

impl FromStr for CardSize {
    type Err = SheetError;

    /// `poker`, `euro-poker`, `bridge`, or `WxHmm` (`63x88mm`, `63.5×88.9mm`).
    fn from_str(s: &str) -> Result<Self, SheetError> {
        let bad = || {
            SheetError::Options(format!(
                "unknown card size `{s}`: use poker, euro-poker, bridge, tarot, mini, square or WxHmm (e.g. 63x88mm)"
            ))
        };
        match s.trim().to_ascii_lowercase().as_str() {
            "poker" => return Ok(Self::poker()),
            "euro-poker" | "europoker" => return Ok(Self::euro_poker()),
            "bridge" => return Ok(Self::bridge()),
            other => {
                if let Some(p) = crate::shop::presets().into_iter().find(|p| p.name == other) {
                    return Ok(p.card);
                }
            }
        }
        let body = s.trim().strip_suffix("mm").ok_or_else(bad)?;
        let (w, h) = body.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let w: f64 = w.trim().parse().map_err(|_| bad())?;
        let h: f64 = h.trim().parse().map_err(|_| bad())?;
        if !(10.0..=400.0).contains(&w) || !(10.0..=400.0).contains(&h) {
            return Err(SheetError::Options(format!(
                "card size `{s}` is out of range: each side must be 10–400 mm"
            )));
        }
        Ok(CardSize {
            name: format!("{w}x{h}mm"),
            width_mm: w,
            height_mm: h,
        })
    }
}

/// A sheet's paper size (portrait).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageSize {
    /// `A4` or `Letter`.
    pub name: String,
    /// Paper width.
    pub width_mm: f64,
    /// Paper height.
    pub height_mm: f64,
}

impl PageSize {
    /// ISO A4: 210 × 297 mm.
    pub fn a4() -> Self {
        PageSize {
            name: "A4".to_owned(),
            width_mm: 210.0,
            height_mm: 297.0,
        }
    }

    /// US Letter: 8.5 × 11 in (215.9 × 279.4 mm).
    pub fn letter() -> Self {
        PageSize {
            name: "Letter".to_owned(),
            width_mm: 215.9,
            height_mm: 279.4,
        }
    }
}

impl FromStr for PageSize {
    type Err = SheetError;

    fn from_str(s: &str) -> Result<Self, SheetError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Self::a4()),
            "letter" => Ok(Self::letter()),
            _ => Err(SheetError::Options(format!(
                "unknown page size `{s}`: use a4 or letter"
            ))),
        }
    }
}

/// An axis-aligned rectangle in page millimetres (origin at the paper's top-left).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// Whether the two rectangles share any area.
    pub fn overlaps(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-9;
        self.x < other.x + other.w - EPS
            && other.x < self.x + self.w - EPS
            && self.y < other.y + other.h - EPS
            && other.y < self.y + self.h - EPS
    }

    /// Whether `other` lies inside this rectangle.
    pub fn contains(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-9;
        other.x >= self.x - EPS
            && other.y >= self.y - EPS
            && other.x + other.w <= self.x + self.w + EPS
            && other.y + other.h <= self.y + self.h + EPS
    }

    /// This rectangle grown by `dx` left and right and `dy` top and bottom.
    pub fn outset(&self, dx: f64, dy: f64) -> Rect {
        Rect {
            x: self.x - dx,
            y: self.y - dy,
            w: self.w + 2.0 * dx,
            h: self.h + 2.0 * dy,
        }
    }
}

/// How neighbouring cards are spaced on the page.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Spacing {
    /// As many cards as fit: gutters of two bleeds where there is room, else butted
    /// cards sharing their cut lines.
    #[default]
    Auto,
    /// `--gutter`: always a gutter of two bleeds, so every cut edge of every card has
    /// its full bleed, with fewer cards per page where needed.
    Gutter,
}

/// How one axis of the page is divided.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Axis {
    /// Cards along this axis.
    pub count: usize,
    /// Space between neighbouring trims (0 when cards butt, else two bleeds).
    pub gutter_mm: f64,
    /// Bleed printed beyond each trim along this axis (beyond the grid's outer edges
    /// when cards butt; on every side otherwise).
    pub bleed_mm: f64,
    /// Page coordinate of the first trim edge.
    pub start_mm: f64,
}

/// Where every card, bleed and crop mark of one page goes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Imposition {
    /// The paper.
    pub page: PageSize,
    /// The card's trim size.
    pub card: CardSize,
    /// The page margin on every side.
    pub margin_mm: f64,
    /// The bleed asked for (each axis's `bleed_mm` may be less where cards butt).
    pub bleed_requested_mm: f64,
    /// How cards are spaced.
    pub spacing: Spacing,
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// Horizontal division.
    pub x: Axis,
    /// Vertical division.
    pub y: Axis,
    /// Each slot's trim box, row by row, left to right.
    pub slots: Vec<Rect>,
    /// Each slot's printed box: trim plus bleed (clipped where cards butt).
    pub printed: Vec<Rect>,
    /// Crop marks, as thin filled rectangles.
    pub marks: Vec<Rect>,
}

impl Imposition {
    /// Cards per page.
    pub fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// The slot that lands behind `slot` after a long-edge flip: same row, mirrored
    /// column.
    pub fn mirrored(&self, slot: usize) -> usize {
        let (row, col) = (slot / self.cols, slot % self.cols);
        row * self.cols + (self.cols - 1 - col)
    }

    /// The printable area: the paper less its margins.
    pub fn content(&self) -> Rect {
        Rect {
            x: self.margin_mm,
            y: self.margin_mm,
            w: self.page.width_mm - 2.0 * self.margin_mm,
            h: self.page.height_mm - 2.0 * self.margin_mm,
        }
    }
}

/// An axis with a full gutter between every two cards (`Spacing::Gutter`): as many cards
/// as fit with their full bleed on both sides and room for crop marks.
fn gutter_axis(usable: f64, card: f64, bleed: f64, margin: f64) -> Option<Axis> {
    let pitch = card + 2.0 * bleed;
    let count = ((usable - 2.0 * GUTTER_MIN_MARK_ZONE_MM + 1e-6) / pitch).floor() as usize;
    if count == 0 {
        return None;
    }
    let n = count as f64;
    let grid = n * card + (n - 1.0) * 2.0 * bleed;
    Some(Axis {
        count,
        gutter_mm: 2.0 * bleed,
        bleed_mm: bleed,
        start_mm: margin + (usable - grid) / 2.0,
    })
}

fn axis(usable: f64, card: f64, bleed: f64, margin: f64) -> Option<Axis> {
    let count = ((usable + 1e-6) / card).floor() as usize;
    if count == 0 {
        return None;
    }
    let n = count as f64;
    let spare = (usable - n * card).max(0.0);
    let full_gutters = n * 2.0 * bleed + 2.0 * GUTTER_MARK_ZONE_MM;
    let (gutter, bleed_mm) = if bleed > 0.0 && full_gutters <= spare {
        (2.0 * bleed, bleed)
    } else {
        let zone = (spare / 2.0).min(BUTTED_MARK_ZONE_MM);
        (0.0, bleed.min(spare / 2.0 - zone).max(0.0))
    };
    let grid = n * card + (n - 1.0) * gutter;
    Some(Axis {
        count,
        gutter_mm: gutter,
        bleed_mm,
        start_mm: margin + (usable - grid) / 2.0,
    })
}

/// Trim edges along an axis, deduplicated (butted cards share an edge).
fn edges(a: &Axis, card: f64) -> Vec<f64> {
    let mut out: Vec<f64> = Vec::new();
    for i in 0..a.count {
        let left = a.start_mm + i as f64 * (card + a.gutter_mm);
        for e in [left, left + card] {
            if out.last().is_none_or(|last| (e - last).abs() > 1e-6) {
                out.push(e);
            }
        }
    }
    out
}

/// The crop-mark span beyond one side of the grid: from the page margin towards the
/// grid's bleed edge, stopping a gap short of it. `None` when there is no room.
fn mark_span(margin_edge: f64, bleed_edge: f64) -> Option<(f64, f64)> {
    let room = (bleed_edge - margin_edge).abs();
    let gap = MARK_GAP_MM.min(room * 0.25);
    let len = MARK_LEN_MM.min(room - gap);
    if len < 0.4 {
        return None;
    }
    let dir = if bleed_edge > margin_edge { 1.0 } else { -1.0 };
    let end = bleed_edge - dir * gap;
    let start = end - dir * len;
    Some((start.min(end), start.max(end)))
}

/// Lays out as many `card`s as fit on `page` inside `margin_mm`, with up to `bleed_mm`
/// of bleed, and the crop marks for every cut line ([`Spacing::Auto`]).
pub fn impose(
    page: &PageSize,
    card: &CardSize,
    bleed_mm: f64,
    margin_mm: f64,
) -> Result<Imposition, SheetError> {
    impose_spaced(page, card, bleed_mm, margin_mm, Spacing::Auto)
}

/// [`impose`] with a choice of spacing.
pub fn impose_spaced(
    page: &PageSize,
    card: &CardSize,
    bleed_mm: f64,
    margin_mm: f64,
    spacing: Spacing,
) -> Result<Imposition, SheetError> {
    if !(0.0..=10.0).contains(&bleed_mm) {
        return Err(SheetError::Options(format!(
            "bleed {bleed_mm} mm is out of range (0–10 mm)"
        )));
    }
    if !(MIN_MARGIN_MM..=50.0).contains(&margin_mm) {
        return Err(SheetError::Options(format!(
            "page margin {margin_mm} mm is out of range ({MIN_MARGIN_MM}–50 mm)"
        )));
    }
    let usable_w = page.width_mm - 2.0 * margin_mm;
    let usable_h = page.height_mm - 2.0 * margin_mm;
    let too_big = || {
        SheetError::Options(format!(
            "a {} card ({}×{} mm) does not fit on {} inside {margin_mm} mm margins",
            card.name, card.width_mm, card.height_mm, page.name
        ))
    };
    let lay = match spacing {
        Spacing::Auto => axis,
        Spacing::Gutter => gutter_axis,
    };
    let x = lay(usable_w, card.width_mm, bleed_mm, margin_mm).ok_or_else(too_big)?;
    let y = lay(usable_h, card.height_mm, bleed_mm, margin_mm).ok_or_else(too_big)?;

    let mut slots = Vec::new();
    let mut printed = Vec::new();
    for row in 0..y.count {
        for col in 0..x.count {
            let trim = Rect {
                x: x.start_mm + col as f64 * (card.width_mm + x.gutter_mm),
                y: y.start_mm + row as f64 * (card.height_mm + y.gutter_mm),
                w: card.width_mm,
                h: card.height_mm,
            };
            // Where cards butt, bleed only beyond the grid's outer edges.
            let left = if x.gutter_mm > 0.0 || col == 0 {
                x.bleed_mm
            } else {
                0.0
            };
            let right = if x.gutter_mm > 0.0 || col + 1 == x.count {
                x.bleed_mm
            } else {
                0.0
            };
            let top = if y.gutter_mm > 0.0 || row == 0 {
                y.bleed_mm
            } else {
                0.0
            };
            let bottom = if y.gutter_mm > 0.0 || row + 1 == y.count {
                y.bleed_mm
            } else {
                0.0
            };
            printed.push(Rect {
                x: trim.x - left,
                y: trim.y - top,
                w: trim.w + left + right,
                h: trim.h + top + bottom,
            });
            slots.push(trim);
        }
    }

    let grid_top = y.start_mm - y.bleed_mm;
    let grid_bottom = y.start_mm
        + y.count as f64 * card.height_mm
        + (y.count as f64 - 1.0) * y.gutter_mm
        + y.bleed_mm;
    let grid_left = x.start_mm - x.bleed_mm;
    let grid_right = x.start_mm
        + x.count as f64 * card.width_mm
        + (x.count as f64 - 1.0) * x.gutter_mm
        + x.bleed_mm;
    let half = MARK_STROKE_MM / 2.0;
    let mut marks = Vec::new();
    for ex in edges(&x, card.width_mm) {
        for span in [
            mark_span(margin_mm, grid_top),
            mark_span(page.height_mm - margin_mm, grid_bottom),
        ]
        .into_iter()
        .flatten()
        {
            marks.push(Rect {
                x: ex - half,
                y: span.0,
                w: MARK_STROKE_MM,
                h: span.1 - span.0,
            });
        }
    }
    for ey in edges(&y, card.height_mm) {
        for span in [
            mark_span(margin_mm, grid_left),
            mark_span(page.width_mm - margin_mm, grid_right),
        ]
        .into_iter()
        .flatten()
        {
            marks.push(Rect {
                x: span.0,
                y: ey - half,
                w: span.1 - span.0,
                h: MARK_STROKE_MM,
            });
        }
    }

    Ok(Imposition {
        page: page.clone(),
        card: card.clone(),
        margin_mm,
        bleed_requested_mm: bleed_mm,
        spacing,
        cols: x.count,
        rows: y.count,
        x,
        y,
        slots,
        printed,
        marks,
    })
}

impl Imposition {
    /// A page that is exactly `cols × rows` cards, each with `bleed_mm` on every side and
    /// no margin or crop marks: the page of a print-shop card file (1 × 1) or of a
    /// Tabletop Simulator deck sheet (10 × 7, no bleed).
    pub fn grid(card: &CardSize, cols: usize, rows: usize, bleed_mm: f64) -> Imposition {
        let (cw, ch) = (
            card.width_mm + 2.0 * bleed_mm,
            card.height_mm + 2.0 * bleed_mm,
        );
        let page = PageSize {
            name: format!("{cols}×{rows} {}", card.name),
            width_mm: cols as f64 * cw,
            height_mm: rows as f64 * ch,
        };
        let axis = |count: usize| Axis {
            count,
            gutter_mm: 2.0 * bleed_mm,
            bleed_mm,
            start_mm: bleed_mm,
        };
        let mut slots = Vec::new();
        let mut printed = Vec::new();
        for row in 0..rows {
            for col in 0..cols {
                let cell = Rect {
                    x: col as f64 * cw,
                    y: row as f64 * ch,
                    w: cw,
                    h: ch,
                };
                printed.push(cell);
                slots.push(Rect {
                    x: cell.x + bleed_mm,
                    y: cell.y + bleed_mm,
                    w: card.width_mm,
                    h: card.height_mm,
                });
            }
        }
        Imposition {
            page,
            card: card.clone(),
            margin_mm: 0.0,
            bleed_requested_mm: bleed_mm,
            spacing: Spacing::Gutter,
            cols,
            rows,
            x: axis(cols),
            y: axis(rows),
            slots,
            printed,
            marks: Vec::new(),
        }
    }
}

impl fmt::Display for Imposition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}×{} {} on {}",
            self.cols, self.rows, self.card.name, self.page.name
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_invariants(imp: &Imposition) {
        let content = imp.content();
        for (i, p) in imp.printed.iter().enumerate() {
            assert!(
                content.contains(p),
                "slot {i} printed box {p:?} leaves the margins"
            );
            assert!(
                p.contains(&imp.slots[i]),
                "slot {i} bleed does not surround its trim"
            );
            for (j, q) in imp.printed.iter().enumerate().skip(i + 1) {
                assert!(!p.overlaps(q), "slots {i} and {j} overlap");
            }
        }
        assert!(!imp.marks.is_empty(), "no crop marks");
        for m in &imp.marks {
            assert!(
                content.contains(m),
                "mark {m:?} reaches into the page margin"
            );
            for p in &imp.printed {
                assert!(
                    !m.overlaps(p),
                    "mark {m:?} touches a card's printed area {p:?}"
                );
            }
        }
    }

    #[test]
    fn poker_is_three_by_three_on_a4_and_letter() {
        for page in [PageSize::a4(), PageSize::letter()] {
            let imp = impose(&page, &CardSize::poker(), 3.0, 5.0).unwrap();
            assert_eq!((imp.cols, imp.rows), (3, 3), "{}", page.name);
            check_invariants(&imp);
        }
    }

    #[test]
    fn a4_poker_keeps_outer_bleed_and_marks() {
        let imp = impose(&PageSize::a4(), &CardSize::poker(), 3.0, 5.0).unwrap();
        // 200 mm usable, 190.5 mm of cards: butted, 2 mm for marks, 2.75 mm of bleed.
        assert_eq!(imp.x.gutter_mm, 0.0);
        assert!((imp.x.bleed_mm - 2.75).abs() < 1e-9, "{}", imp.x.bleed_mm);
        assert!((imp.x.start_mm - (5.0 + 4.75)).abs() < 1e-9);
        // One mark per cut line on each side: 4 vertical cuts top and bottom, 4
        // horizontal cuts left and right.
        assert_eq!(imp.marks.len(), 16);
    }

    #[test]
    fn letter_poker_is_tight_but_marked() {
        let imp = impose(&PageSize::letter(), &CardSize::poker(), 3.0, 5.0).unwrap();
        // 269.4 mm usable height, 266.7 mm of cards: 1.35 mm above and below for marks.
        assert_eq!(imp.y.bleed_mm, 0.0);
        assert!((imp.y.start_mm - 6.35).abs() < 1e-9, "{}", imp.y.start_mm);
        assert_eq!(imp.marks.len(), 16);
        check_invariants(&imp);
    }

    #[test]
    fn bridge_on_a4_gets_full_gutters() {
        let imp = impose(&PageSize::a4(), &CardSize::bridge(), 3.0, 5.0).unwrap();
        assert_eq!(imp.cols, 3);
        assert_eq!(imp.x.gutter_mm, 6.0);
        assert_eq!(imp.x.bleed_mm, 3.0);
        // Gutters: two trim edges per column get marks.
        let vertical = imp.marks.iter().filter(|m| m.h > m.w).count();
        assert_eq!(vertical, 2 * 6);
        check_invariants(&imp);
    }

    #[test]
    fn every_preset_and_bleed_keeps_the_invariants() {
        for page in [PageSize::a4(), PageSize::letter()] {
            for card in [
                CardSize::poker(),
                CardSize::euro_poker(),
                CardSize::bridge(),
            ] {
                for bleed in [0.0, 1.0, 3.0, 5.0] {
                    for margin in [5.0, 8.0] {
                        let imp = impose(&page, &card, bleed, margin).unwrap();
                        check_invariants(&imp);
                    }
                }
            }
        }
    }

    #[test]
    fn grid_is_centred_so_backs_register() {
        let imp = impose(&PageSize::letter(), &CardSize::poker(), 3.0, 5.0).unwrap();
        for slot in 0..imp.per_page() {
            let a = imp.slots[slot];
            let b = imp.slots[imp.mirrored(slot)];
            // The back of `a`, seen through the paper, is `b` reflected about the centre.
            let reflected = imp.page.width_mm - (b.x + b.w);
            assert!((a.x - reflected).abs() < 1e-9, "slot {slot}");
            assert!((a.y - b.y).abs() < 1e-9);
        }
        assert_eq!(imp.mirrored(0), 2);
        assert_eq!(imp.mirrored(4), 4);
    }

    #[test]
    fn presets_are_their_inch_sizes() {
        let inch = |mm: f64| mm / MM_PER_INCH;
        assert!((inch(CardSize::poker().width_mm) - 2.5).abs() < 1e-12);
        assert!((inch(CardSize::poker().height_mm) - 3.5).abs() < 1e-12);
        assert!((inch(CardSize::bridge().width_mm) - 2.25).abs() < 1e-12);
        assert!((inch(PageSize::letter().width_mm) - 8.5).abs() < 1e-12);
        assert!((inch(PageSize::letter().height_mm) - 11.0).abs() < 1e-12);
    }

    #[test]
    fn sizes_parse() {
        assert_eq!("poker".parse::<CardSize>().unwrap().width_mm, 63.5);
        assert!(("bridge".parse::<CardSize>().unwrap().width_mm - 57.15).abs() < 1e-9);
        assert_eq!("euro-poker".parse::<CardSize>().unwrap().height_mm, 88.0);
        let c: CardSize = "70x120mm".parse().unwrap();
        assert_eq!((c.width_mm, c.height_mm), (70.0, 120.0));
        let c: CardSize = "63.5×88.9mm".parse().unwrap();
        assert_eq!((c.width_mm, c.height_mm), (63.5, 88.9));
        assert!("70x120".parse::<CardSize>().is_err());
        assert!("jumbo".parse::<CardSize>().is_err());
        let tarot: CardSize = "tarot".parse().unwrap();
        assert!((tarot.width_mm - 69.85).abs() < 1e-9 && (tarot.height_mm - 120.65).abs() < 1e-9);
        assert!("0x10mm".parse::<CardSize>().is_err());
        assert_eq!("Letter".parse::<PageSize>().unwrap().height_mm, 279.4);
        assert!("a3".parse::<PageSize>().is_err());
    }

    #[test]
    fn too_large_a_card_is_an_error() {
        let card: CardSize = "300x100mm".parse().unwrap();
        assert!(impose(&PageSize::a4(), &card, 3.0, 5.0).is_err());
        assert!(impose(&PageSize::a4(), &CardSize::poker(), 3.0, 4.0).is_err());
    }
}
