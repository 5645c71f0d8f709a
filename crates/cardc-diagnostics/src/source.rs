//! Source files by id, with line/column lookup for diagnostics.

use serde::Serialize;
use std::sync::OnceLock;

/// Index of a file in a [`SourceMap`].
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, serde::Deserialize,
)]
pub struct FileId(pub u32);

/// A 1-based line and column (column counted in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineCol {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in Unicode scalar values.
    pub column: usize,
}

#[derive(Debug, Clone)]
struct SourceFile {
    name: String,
    text: String,
    /// Where each line starts, computed when a position is first asked for: a set that
    /// checks clean never needs it, and it is 8 bytes a line.
    line_starts: OnceLock<Vec<usize>>,
}

impl SourceFile {
    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        })
    }
}

/// All source files of one run. Files are added once and never change.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let id = FileId(u32::try_from(self.files.len()).unwrap_or(u32::MAX));
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts: OnceLock::new(),
        });
        id
    }

    /// The file's display name (its path as given).
    pub fn name(&self, id: FileId) -> &str {
        self.files
            .get(id.0 as usize)
            .map_or("<unknown>", |f| f.name.as_str())
    }

    /// The file's text.
    pub fn text(&self, id: FileId) -> &str {
        self.files
            .get(id.0 as usize)
            .map_or("", |f| f.text.as_str())
    }

    /// Every file id, in the order added.
    pub fn ids(&self) -> impl Iterator<Item = FileId> + '_ {
        (0..self.files.len()).map(|i| FileId(i as u32))
    }

    /// Byte offsets at which each line of the file starts.
    pub fn line_starts(&self, id: FileId) -> &[usize] {
        self.files
            .get(id.0 as usize)
            .map_or(&[0][..], SourceFile::line_starts)
    }

    /// The 1-based line and column of a byte offset (clamped to the file).
    pub fn line_col(&self, id: FileId, byte: usize) -> LineCol {
        let text = self.text(id);
        let byte = byte.min(text.len());
        let starts = self.line_starts(id);
        let line = starts.partition_point(|&s| s <= byte).saturating_sub(1);
        let start = starts.get(line).copied().unwrap_or(0);
        let column = text
            .get(start..byte)
            .map_or(byte - start, |s| s.chars().count())
            + 1;
        LineCol {
            line: line + 1,
            column,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one_and_in_chars() {
        let mut map = SourceMap::new();
        let id = map.add("a.card", "ab\nüc\n");
        assert_eq!(map.line_col(id, 0), LineCol { line: 1, column: 1 });
        assert_eq!(map.line_col(id, 3), LineCol { line: 2, column: 1 });
        assert_eq!(map.line_col(id, 5), LineCol { line: 2, column: 2 });
        assert_eq!(map.line_col(id, 99), LineCol { line: 3, column: 1 });
    }
}
