//! Bleed on every cut edge of a page as it is actually filled, and the warnings for
//! bleed that cannot be full.
//!
//! [`Imposition::printed`] is the printed box of each slot of a *full* page. On a page
//! with empty slots (the last page of a set), a card next to an empty slot gets its
//! full requested bleed into that slot, where cards butt and would otherwise stop at
//! the cut line. Where two such extensions meet in an empty slot's corner (the last
//! card's right edge and the bottom edge of the card above-right of it), the corner
//! square is split along its diagonal, so each pixel goes to the card whose cut edge is
//! nearer: both cards keep their bleed to within a hair of the corner.

use crate::geometry::{Imposition, Rect, Spacing};
use serde::Serialize;

/// One slot's printed area on a page as filled.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Printed {
    /// The printed box (trim plus bleed), in page mm.
    pub rect: Rect,
    /// When not empty, the polygon (clockwise, mm relative to `rect`) the box is
    /// clipped to: its corners bevelled where a neighbour's bleed shares the corner.
    pub clip: Vec<(f64, f64)>,
}

/// Which corner of a rectangle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Corner {
    TopLeft,
    TopRight,
    BottomRight,
    BottomLeft,
}

impl Imposition {
    /// The printed area of every slot when only the slots marked in `occupied` hold a
    /// card (`None` for the empty ones). Butted cards get their full requested bleed
    /// towards an empty neighbour.
    pub fn printed_for(&self, occupied: &[bool]) -> Vec<Option<Printed>> {
        let b = self.bleed_requested_mm;
        let filled = |row: usize, col: usize| occupied.get(row * self.cols + col) == Some(&true);
        let mut rects: Vec<Option<Rect>> = Vec::with_capacity(self.per_page());
        for (i, base) in self.printed.iter().enumerate() {
            if !filled(i / self.cols, i % self.cols) {
                rects.push(None);
                continue;
            }
            let (row, col) = (i / self.cols, i % self.cols);
            let trim = self.slots[i];
            let mut r = *base;
            if self.x.gutter_mm == 0.0 {
                if col > 0 && !filled(row, col - 1) {
                    r.x = trim.x - b;
                    r.w = base.x + base.w - r.x;
                }
                if col + 1 < self.cols && !filled(row, col + 1) {
                    r.w = trim.x + trim.w + b - r.x;
                }
            }
            if self.y.gutter_mm == 0.0 {
                let bottom = r.y + r.h;
                if row > 0 && !filled(row - 1, col) {
                    r.y = trim.y - b;
                    r.h = bottom - r.y;
                }
                if row + 1 < self.rows && !filled(row + 1, col) {
                    r.h = trim.y + trim.h + b - r.y;
                }
            }
            rects.push(Some(r));
        }
        let mut bevels: Vec<Vec<(Corner, f64)>> = vec![Vec::new(); rects.len()];
        for i in 0..rects.len() {
            for j in i + 1..rects.len() {
                let (Some(a), Some(c)) = (rects[i], rects[j]) else {
                    continue;
                };
                if let Some(o) = intersection(&a, &c) {
                    let d = o.w.min(o.h);
                    for (k, r) in [(i, a), (j, c)] {
                        if let Some(corner) = corner_in(&r, &o) {
                            bevels[k].push((corner, d));
                        }
                    }
                }
            }
        }
        rects
            .into_iter()
            .zip(bevels)
            .map(|(r, bevel)| {
                r.map(|rect| Printed {
                    clip: polygon(&rect, &bevel),
                    rect,
                })
            })
            .collect()
    }

    /// What falls short of the requested bleed on a full page, in words for the CLI;
    /// empty when every cut edge of every card has its full bleed.
    pub fn bleed_warnings(&self) -> Vec<String> {
        let want = self.bleed_requested_mm;
        let mut out = Vec::new();
        if want <= 0.0 {
            return out;
        }
        for (axis, sides) in [(&self.x, "left and right"), (&self.y, "top and bottom")] {
            let short = want - axis.bleed_mm;
            if short > 1e-6 {
                out.push(format!(
                    "the bleed {sides} of the grid is {} mm, {} mm short of the {} mm asked",
                    round(axis.bleed_mm),
                    round(short),
                    round(want)
                ));
            }
        }
        let shared = [
            (&self.x, self.cols, "vertical"),
            (&self.y, self.rows, "horizontal"),
        ]
        .into_iter()
        .filter(|(a, n, _)| a.gutter_mm == 0.0 && *n > 1)
        .map(|(_, _, dir)| dir)
        .collect::<Vec<_>>();
        if !shared.is_empty() {
            out.push(format!(
                "neighbouring cards share their {} cut lines: there a card has 0 mm of its \
                 own bleed ({} mm short), and a slightly-off cut shows its neighbour's edge",
                shared.join(" and "),
                round(want)
            ));
        }
        out
    }

    /// Whether any card's bleed falls short (see [`Imposition::bleed_warnings`]).
    pub fn bleed_is_full(&self) -> bool {
        self.spacing == Spacing::Gutter || self.bleed_warnings().is_empty()
    }
}

fn round(mm: f64) -> f64 {
    (mm * 100.0).round() / 100.0
}

fn intersection(a: &Rect, b: &Rect) -> Option<Rect> {
    const EPS: f64 = 1e-9;
    let x0 = a.x.max(b.x);
    let y0 = a.y.max(b.y);
    let x1 = (a.x + a.w).min(b.x + b.w);
    let y1 = (a.y + a.h).min(b.y + b.h);
    (x1 - x0 > EPS && y1 - y0 > EPS).then_some(Rect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    })
}

/// The corner of `r` that lies in `o` (an overlap at one of `r`'s corners).
fn corner_in(r: &Rect, o: &Rect) -> Option<Corner> {
    const EPS: f64 = 1e-6;
    let inside = |x: f64, y: f64| {
        x >= o.x - EPS && x <= o.x + o.w + EPS && y >= o.y - EPS && y <= o.y + o.h + EPS
    };
    let (l, t, rr, b) = (r.x, r.y, r.x + r.w, r.y + r.h);
    [
        (Corner::TopLeft, l, t),
        (Corner::TopRight, rr, t),
        (Corner::BottomRight, rr, b),
        (Corner::BottomLeft, l, b),
    ]
    .into_iter()
    .find(|(_, x, y)| inside(*x, *y))
    .map(|(c, _, _)| c)
}

/// The clockwise outline of `r` (relative to its origin) with each listed corner cut
/// by a 45° triangle of legs `d`; empty when nothing is cut.
fn polygon(r: &Rect, bevel: &[(Corner, f64)]) -> Vec<(f64, f64)> {
    if bevel.is_empty() {
        return Vec::new();
    }
    let cut = |c: Corner| bevel.iter().find(|(k, _)| *k == c).map(|(_, d)| *d);
    let (w, h) = (r.w, r.h);
    let mut pts = Vec::new();
    match cut(Corner::TopLeft) {
        Some(d) => pts.extend([(0.0, d), (d, 0.0)]),
        None => pts.push((0.0, 0.0)),
    }
    match cut(Corner::TopRight) {
        Some(d) => pts.extend([(w - d, 0.0), (w, d)]),
        None => pts.push((w, 0.0)),
    }
    match cut(Corner::BottomRight) {
        Some(d) => pts.extend([(w, h - d), (w - d, h)]),
        None => pts.push((w, h)),
    }
    match cut(Corner::BottomLeft) {
        Some(d) => pts.extend([(d, h), (0.0, h - d)]),
        None => pts.push((0.0, h)),
    }
    pts
}

#[cfg(test)]
mod tests {
    use crate::geometry::{impose, impose_spaced, CardSize, PageSize, Spacing};

    /// Every occupied card has at least the requested bleed on every side that faces
    /// an empty slot or the grid's edge (or the axis's full bleed when there are
    /// gutters), and printed areas meet only outside every trim.
    #[test]
    fn cards_next_to_empty_slots_get_full_bleed() {
        let imp = impose(&PageSize::a4(), &CardSize::poker(), 3.0, 5.0).unwrap();
        // The last page holds 5 cards: row 0 full, row 1 has two.
        let occupied: Vec<bool> = (0..9).map(|i| i < 5).collect();
        let printed = imp.printed_for(&occupied);
        let card = |i: usize| printed[i].as_ref().unwrap();
        let trim = |i: usize| imp.slots[i];
        // Slot 4 (row 1, col 1): its right neighbour (slot 5) is empty.
        let right = card(4).rect.x + card(4).rect.w - (trim(4).x + trim(4).w);
        assert!((right - 3.0).abs() < 1e-9, "{right}");
        // Slot 2 (row 0, col 2): the slot below it is empty.
        let below = card(2).rect.y + card(2).rect.h - (trim(2).y + trim(2).h);
        assert!((below - 3.0).abs() < 1e-9, "{below}");
        // Slot 1 sits above a filled slot: a shared cut line.
        assert!((card(1).rect.y + card(1).rect.h - (trim(1).y + trim(1).h)).abs() < 1e-9);
        // Slots 4 and 2 meet in slot 5's top-left corner: both are bevelled there.
        assert!(!card(4).clip.is_empty() && !card(2).clip.is_empty());
        assert!(card(0).clip.is_empty());
        assert!(printed[5].is_none());
        for (i, p) in printed.iter().enumerate() {
            let Some(p) = p else { continue };
            assert!(
                imp.content().contains(&p.rect),
                "slot {i} leaves the margins"
            );
            for (j, t) in imp.slots.iter().enumerate() {
                if i != j && occupied[j] {
                    assert!(!p.rect.overlaps(t), "slot {i}'s bleed covers card {j}");
                }
            }
        }
    }

    #[test]
    fn the_bevel_splits_the_shared_corner_on_its_diagonal() {
        let imp = impose(&PageSize::a4(), &CardSize::poker(), 3.0, 5.0).unwrap();
        let occupied: Vec<bool> = (0..9).map(|i| i < 5).collect();
        let printed = imp.printed_for(&occupied);
        let four = printed[4].as_ref().unwrap();
        // Slot 4's top-right corner is cut by 3 mm legs.
        let w = four.rect.w;
        assert!(four.clip.contains(&(w - 3.0, 0.0)));
        assert!(four.clip.contains(&(w, 3.0)));
    }

    #[test]
    fn a_full_page_keeps_the_page_geometry() {
        let imp = impose(&PageSize::letter(), &CardSize::bridge(), 3.0, 5.0).unwrap();
        let all = vec![true; imp.per_page()];
        let printed = imp.printed_for(&all);
        for (p, base) in printed.iter().zip(&imp.printed) {
            let p = p.as_ref().unwrap();
            assert_eq!(p.rect, *base);
            assert!(p.clip.is_empty());
        }
    }

    #[test]
    fn shortfalls_are_reported_in_mm() {
        let imp = impose(&PageSize::a4(), &CardSize::poker(), 3.0, 5.0).unwrap();
        let w = imp.bleed_warnings();
        assert_eq!(w.len(), 2, "{w:?}");
        assert!(
            w[0].contains("left and right")
                && w[0].contains("2.75 mm")
                && w[0].contains("0.25 mm short"),
            "{}",
            w[0]
        );
        assert!(
            w[1].contains("vertical and horizontal cut lines"),
            "{}",
            w[1]
        );
        let letter = impose(&PageSize::letter(), &CardSize::poker(), 3.0, 5.0).unwrap();
        assert!(
            letter.bleed_warnings()[0].contains("top and bottom of the grid is 0 mm, 3 mm short")
        );
        let bridge = impose(&PageSize::a4(), &CardSize::bridge(), 3.0, 5.0).unwrap();
        // Bridge on A4 has gutters across but butts vertically.
        assert!(bridge
            .bleed_warnings()
            .iter()
            .all(|m| !m.contains("vertical cut")));
    }

    #[test]
    fn gutter_gives_every_card_its_full_bleed() {
        for page in [PageSize::a4(), PageSize::letter()] {
            for card in [
                CardSize::poker(),
                CardSize::euro_poker(),
                CardSize::bridge(),
            ] {
                let imp = impose_spaced(&page, &card, 3.0, 5.0, Spacing::Gutter).unwrap();
                assert!(
                    imp.bleed_warnings().is_empty(),
                    "{imp}: {:?}",
                    imp.bleed_warnings()
                );
                assert_eq!((imp.x.gutter_mm, imp.y.gutter_mm), (6.0, 6.0));
                for (p, t) in imp.printed.iter().zip(&imp.slots) {
                    assert_eq!(*p, t.outset(3.0, 3.0), "{imp}");
                    assert!(imp.content().contains(p), "{imp}");
                }
                assert!(!imp.marks.is_empty());
            }
        }
        let a4 = impose_spaced(
            &PageSize::a4(),
            &CardSize::poker(),
            3.0,
            5.0,
            Spacing::Gutter,
        )
        .unwrap();
        assert_eq!((a4.cols, a4.rows), (2, 3));
    }
}
