//! The inside of a card: where the title bar, type line, art, stats and rules box
//! sit, in millimetres from the trim, scaled to the card size.
//!
//! The template copies these lengths into CSS; the text fitter uses the same numbers,
//! so the size chosen for a box is computed against the box the browser draws.

use crate::geometry::CardSize;
use serde::Serialize;

/// The safe zone: text and symbols stay this far inside the trim.
pub const SAFE_MM: f64 = 3.0;
/// The card's content starts this far inside the trim (just inside the safe zone).
pub const INSET_MM: f64 = 3.2;
/// Horizontal padding inside the title bar, type line and rules box.
pub const PAD_MM: f64 = 1.4;
/// Vertical padding inside the rules box.
pub const RULES_PAD_Y_MM: f64 = 1.1;

/// Card-internal lengths in mm (all relative to the trim box's top-left).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Layout {
    /// Trim width.
    pub card_w: f64,
    /// Trim height.
    pub card_h: f64,
    /// Safe-zone inset.
    pub safe: f64,
    /// Content inset.
    pub inset: f64,
    /// Content width.
    pub content_w: f64,
    /// Content height.
    pub content_h: f64,
    /// Title bar height.
    pub title_h: f64,
    /// Type line height.
    pub type_h: f64,
    /// Stats strip height.
    pub stats_h: f64,
    /// Penalties line height.
    pub penalties_h: f64,
    /// Rules box height (outer).
    pub rules_h: f64,
    /// Horizontal padding.
    pub pad: f64,
    /// Rules box vertical padding.
    pub rules_pad_y: f64,
    /// Width available to the name (beside the cost badge).
    pub title_text_w: f64,
    /// Width available to the type line (beside the votes).
    pub type_text_w: f64,
    /// Rules box inner width.
    pub rules_text_w: f64,
    /// Rules box inner height.
    pub rules_text_h: f64,
}

impl Layout {
    /// The layout for a card of `size`.
    pub fn new(size: &CardSize) -> Self {
        let content_w = size.width_mm - 2.0 * INSET_MM;
        let content_h = size.height_mm - 2.0 * INSET_MM;
        let title_h = content_h * 0.085;
        let type_h = content_h * 0.058;
        let stats_h = content_h * 0.08;
        // Room for two lines, so a three-entry block prints at a readable size.
        let penalties_h = content_h * 0.075;
        let rules_h = content_h * 0.37;
        // The cost badge is a circle as tall as the title bar.
        let title_text_w = content_w - title_h - 2.0 * PAD_MM;
        // The votes tag takes about 12 mm of the type line.
        let type_text_w = content_w - 12.0 - 2.0 * PAD_MM;
        Layout {
            card_w: size.width_mm,
            card_h: size.height_mm,
            safe: SAFE_MM,
            inset: INSET_MM,
            content_w,
            content_h,
            title_h,
            type_h,
            stats_h,
            penalties_h,
            rules_h,
            pad: PAD_MM,
            rules_pad_y: RULES_PAD_Y_MM,
            title_text_w,
            type_text_w,
            rules_text_w: content_w - 2.0 * PAD_MM,
            rules_text_h: rules_h - 2.0 * RULES_PAD_Y_MM,
        }
    }
}

impl Layout {
    /// The art box of `face` (width, height in mm): the content less the title bar,
    /// the type line and whichever of the stats, Penalties and rules boxes the face
    /// prints (`face.html` shows the same boxes under the same conditions).
    pub fn art_box(&self, face: &cardc_ir::Face) -> (f64, f64) {
        let stats = face.cp.is_some()
            || face.vox.is_some()
            || face.attack.is_some()
            || face.rank.is_some()
            || face.def.is_some();
        let penalties = face.penalties.as_ref().is_some_and(|p| !p.value.is_empty());
        let rules = !face.abilities.is_empty()
            || face.exit.is_some()
            || face.redeem.is_some()
            || face.flavor.is_some();
        let mut h = self.content_h - self.title_h - self.type_h;
        if stats {
            h -= self.stats_h;
        }
        if penalties {
            h -= self.penalties_h;
        }
        if rules {
            h -= self.rules_h;
        }
        (self.content_w, h.max(8.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poker_layout_fits_inside_the_safe_zone() {
        let l = Layout::new(&CardSize::poker());
        assert!(l.inset >= l.safe);
        let used = l.title_h + l.type_h + l.stats_h + l.penalties_h + l.rules_h;
        // At least a fifth of the content is left for the art box.
        assert!(used < l.content_h * 0.8, "{used} of {}", l.content_h);
        assert!(l.rules_text_w > 50.0 && l.rules_text_h > 25.0, "{l:?}");
    }
}
