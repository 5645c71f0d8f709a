//! Byte offsets ⇄ LSP positions.
//!
//! Diagnostics carry byte offsets into UTF-8 text; the protocol counts lines (split at
//! `\n`, `\r\n` or a lone `\r`) and, within a line, UTF-16 code units: `é` is one unit
//! and two bytes, `🚀` two units and four bytes.

use lsp_types::Position;

/// Line starts of one text, for converting many offsets of the same file.
#[derive(Debug, Clone)]
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text`.
    pub(crate) fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            let breaks = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if breaks {
                starts.push(i + 1);
            }
        }
        LineIndex { starts }
    }

    /// The position of byte `offset` (clamped into the text and back onto a character
    /// boundary).
    pub(crate) fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0);
        let units = text
            .get(start..offset)
            .map_or(0, |s| s.encode_utf16().count());
        Position::new(to_u32(line), to_u32(units))
    }

    /// The byte offset where line `line` starts (the end of the text past the last line).
    pub(crate) fn line_start(&self, line: u32) -> usize {
        self.starts
            .get(line as usize)
            .copied()
            .unwrap_or_else(|| self.starts.last().copied().unwrap_or(0))
    }

    /// The byte offset of `position` (a line past the end is the end of the text; a
    /// character past the end of its line is the end of that line).
    pub(crate) fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let mut units = 0usize;
        for (i, c) in text.get(start..).unwrap_or_default().char_indices() {
            if units >= position.character as usize || c == '\n' || c == '\r' {
                return start + i;
            }
            units += c.len_utf16();
        }
        text.len()
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The LSP position (UTF-16 columns) of byte `offset` in `text`.
pub fn position_of(text: &str, offset: usize) -> Position {
    LineIndex::new(text).position(text, offset)
}

/// The byte offset in `text` of an LSP position (UTF-16 columns), clamped into the text.
pub fn offset_of(text: &str, position: Position) -> usize {
    LineIndex::new(text).offset(text, position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units_not_bytes_or_chars() {
        let text = "ab\n  \"Ünïon 🚀 Dock\" x\n";
        let x = text.rfind('x').unwrap_or_default();
        // "  \"Ünïon 🚀 Dock\" " is 17 chars, 18 UTF-16 units, 22 bytes.
        assert_eq!(position_of(text, x), Position::new(1, 18));
        assert_eq!(offset_of(text, Position::new(1, 18)), x);
    }

    #[test]
    fn offsets_inside_a_character_fall_back_to_its_start() {
        let text = "é";
        assert_eq!(position_of(text, 1), Position::new(0, 0));
        assert_eq!(position_of(text, 2), Position::new(0, 1));
        assert_eq!(position_of(text, 99), Position::new(0, 1));
    }

    #[test]
    fn every_line_ending_breaks_a_line() {
        let text = "a\r\nb\rc\nd";
        assert_eq!(position_of(text, text.len() - 1), Position::new(3, 0));
        assert_eq!(position_of(text, 3), Position::new(1, 0));
        assert_eq!(position_of(text, 5), Position::new(2, 0));
        // Past the end of a line stops at its end, before the line break.
        assert_eq!(offset_of(text, Position::new(0, 9)), 1);
        assert_eq!(offset_of(text, Position::new(9, 0)), text.len());
    }

    #[test]
    fn a_position_in_the_middle_of_a_surrogate_pair_goes_past_it() {
        let text = "🚀x";
        assert_eq!(offset_of(text, Position::new(0, 1)), 4);
        assert_eq!(offset_of(text, Position::new(0, 2)), 4);
    }
}
