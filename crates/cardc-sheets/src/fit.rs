//! Text fitting: a font size for each text box, computed from the text's length so the
//! text fits without relying on the browser (a script in the sheet only shrinks further
//! if a box still overflows, which the browser test reports).
//!
//! The estimate is deliberately pessimistic: a glyph is taken as wider than the
//! embedded fonts' average, and every paragraph's last line as full.

use serde::Serialize;

/// Points per millimetre.
pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// Average advance of a serif glyph in running text, in em (Proof Serif averages about
/// 0.45 em over card text; the margin absorbs word-wrap waste).
const SERIF_ADVANCE_EM: f64 = 0.52;
/// Average advance of a bold sans glyph, in em (capitals included).
const SANS_BOLD_ADVANCE_EM: f64 = 0.62;
/// Line height of rules text, in em (matches the template's `line-height`).
pub const LINE_HEIGHT_EM: f64 = 1.18;
/// Space after each rules paragraph, in em (matches the template).
pub const PARA_GAP_EM: f64 = 0.3;
/// Flavour text is set at this fraction of the rules size.
pub const FLAVOR_SCALE: f64 = 0.92;
/// Extra height of the rule above flavour text, in em.
const FLAVOR_RULE_EM: f64 = 0.5;

/// A text box's inner size.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TextBox {
    /// Width available to a line.
    pub width_mm: f64,
    /// Height available to all lines.
    pub height_mm: f64,
}

/// Lines `text` takes at `size_mm` in a box `width_mm` wide.
fn lines(text: &str, advance_em: f64, size_mm: f64, width_mm: f64) -> f64 {
    let chars = text.chars().count().max(1) as f64;
    let per_line = (width_mm / (advance_em * size_mm)).floor().max(1.0);
    // Words wrap whole: a line loses up to its last word's length, about 12%.
    (chars / (per_line * 0.88)).ceil()
}

/// Estimated height of the rules box at `pt`.
fn rules_height(paragraphs: &[String], flavor: Option<&str>, pt: f64, width_mm: f64) -> f64 {
    let size = pt / PT_PER_MM;
    let mut height = 0.0;
    for p in paragraphs {
        height += lines(p, SERIF_ADVANCE_EM, size, width_mm) * LINE_HEIGHT_EM * size;
        height += PARA_GAP_EM * size;
    }
    if let Some(f) = flavor {
        let fsize = size * FLAVOR_SCALE;
        // Quotes around flavour text add two glyphs.
        height += lines(f, SERIF_ADVANCE_EM, fsize, width_mm) * LINE_HEIGHT_EM * fsize;
        height += FLAVOR_RULE_EM * size;
    }
    height
}

/// The largest rules-text size, in points, from `max_pt` down to `min_pt` in quarter
/// points, at which `paragraphs` (plus the flavour line) fit `bx`.
pub fn rules_pt(
    paragraphs: &[String],
    flavor: Option<&str>,
    bx: TextBox,
    max_pt: f64,
    min_pt: f64,
) -> f64 {
    let mut pt = max_pt;
    while pt > min_pt {
        if rules_height(paragraphs, flavor, pt, bx.width_mm) <= bx.height_mm {
            return pt;
        }
        pt -= 0.25;
    }
    min_pt
}

/// The largest size, in points and at most `max_pt`, at which a one-line bold sans
/// `text` fits `width_mm`.
pub fn line_pt(text: &str, width_mm: f64, max_pt: f64, min_pt: f64) -> f64 {
    let chars = text.chars().count().max(1) as f64;
    let pt = width_mm / (chars * SANS_BOLD_ADVANCE_EM) * PT_PER_MM;
    // Round down to a quarter point so the output is stable.
    ((pt * 4.0).floor() / 4.0).clamp(min_pt, max_pt)
}

/// A title's size and line count: one line at up to `max_pt` if that is at least
/// `two_line_below_pt`, else two lines sized to `height_mm`.
pub fn title_pt(text: &str, width_mm: f64, height_mm: f64, max_pt: f64, min_pt: f64) -> (f64, u8) {
    const TWO_LINE_BELOW_PT: f64 = 6.5;
    let box_ = TwoLines {
        width_mm,
        height_mm,
        line_height_em: TITLE_LINE_HEIGHT_EM,
    };
    box_.fit(text, max_pt, min_pt, TWO_LINE_BELOW_PT)
}

/// A box that holds one line of text, or two when one would print too small.
#[derive(Debug, Clone, Copy)]
pub struct TwoLines {
    /// Width of the text, in mm.
    pub width_mm: f64,
    /// Height of the box, in mm.
    pub height_mm: f64,
    /// Line height of two lines, in em (matches the template).
    pub line_height_em: f64,
}

impl TwoLines {
    /// The size and line count for `text`: one line at up to `max_pt` if that is at
    /// least `two_line_below_pt`, else two lines sized to the box.
    pub fn fit(&self, text: &str, max_pt: f64, min_pt: f64, two_line_below_pt: f64) -> (f64, u8) {
        let one = line_pt(text, self.width_mm, max_pt, 0.0);
        if one >= two_line_below_pt {
            return (one, 1);
        }
        // Two lines: each holds about half the text, plus a word's worth of wrap slack.
        let chars = text.chars().count().max(1) as f64;
        let per_line = chars / 2.0 * 1.2;
        let by_width = self.width_mm / (per_line * SANS_BOLD_ADVANCE_EM) * PT_PER_MM;
        let by_height = self.height_mm / (2.0 * self.line_height_em) * PT_PER_MM;
        let pt = by_width.min(by_height).min(max_pt);
        (((pt * 4.0).floor() / 4.0).max(min_pt), 2)
    }
}

/// Line height of the Penalties block when it wraps to two lines, in em (matches the
/// template).
pub const PENALTIES_LINE_HEIGHT_EM: f64 = 1.1;

/// Line height of a two-line title, in em (matches the template).
pub const TITLE_LINE_HEIGHT_EM: f64 = 1.08;

#[cfg(test)]
mod tests {
    use super::*;

    const BOX: TextBox = TextBox {
        width_mm: 54.0,
        height_mm: 28.0,
    };

    #[test]
    fn short_text_gets_the_largest_size() {
        let p = vec!["Confluence.".to_owned()];
        assert_eq!(rules_pt(&p, None, BOX, 8.5, 4.5), 8.5);
    }

    #[test]
    fn longer_text_gets_smaller_never_larger() {
        let sentence = "Whenever a Liberation an opponent declared destroys a permanent you control, gain 1 Currency.";
        let mut last = f64::MAX;
        for n in 1..12 {
            let p = vec![sentence.to_owned(); n];
            let pt = rules_pt(&p, Some("Flavour."), BOX, 8.5, 4.5);
            assert!(pt <= last, "{n} paragraphs grew the text");
            assert!(pt >= 4.5);
            last = pt;
        }
        assert!(last < 8.5);
        assert_eq!(last, 4.5);
    }

    #[test]
    fn the_chosen_size_fits_by_the_estimate() {
        let p = vec![
            "Whenever this card liberates another card, gain 1 CP.".to_owned(),
            "-2 CP: Draw a card.".to_owned(),
            "A, Pay 1 Currency: Ready target Ground Unit you control.".to_owned(),
        ];
        let f = Some("She never raised her voice. She never had to.");
        let pt = rules_pt(&p, f, BOX, 8.5, 4.5);
        assert!(rules_height(&p, f, pt, BOX.width_mm) <= BOX.height_mm);
        assert!(pt == 8.5 || rules_height(&p, f, pt + 0.25, BOX.width_mm) > BOX.height_mm);
    }

    #[test]
    fn very_long_names_take_two_lines() {
        assert_eq!(title_pt("Resolute", 40.0, 6.5, 10.0, 4.0), (10.0, 1));
        let long = "Commissar Idrenne Vashtovar-Okonkwo the Unrepentant";
        let (pt, lines) = title_pt(long, 40.0, 6.5, 10.0, 4.0);
        assert_eq!(lines, 2);
        assert!(
            pt > line_pt(long, 40.0, 10.0, 0.0),
            "two lines should allow a larger size"
        );
        assert!(2.0 * TITLE_LINE_HEIGHT_EM * pt / PT_PER_MM <= 6.5);
    }

    #[test]
    fn long_names_shrink_the_title() {
        assert_eq!(line_pt("Resolute", 48.0, 10.0, 5.0), 10.0);
        let long = line_pt(
            "Mara, the Hollow Voice of the Outer Reaches",
            48.0,
            10.0,
            5.0,
        );
        assert!((5.0..10.0).contains(&long));
        let size_mm = long / PT_PER_MM;
        assert!(43.0 * SANS_BOLD_ADVANCE_EM * size_mm <= 48.0);
    }
}
