//! Removals made whole: a stage suggests removing an item (a field, a list entry, an
//! `allow` name) by its own span; [`tidy_removals`] widens that span, against the
//! source, so the edit leaves well-formed text behind: the item's separating comma, or
//! the whole line when nothing else would be left on it.

use crate::{Diagnostic, FileId, Span};

/// Widens every removal (a suggestion with an empty replacement) of `diagnostics` to
/// what [`widen_removal`] says, in the text of its file (`text`; a file it does not know
/// is left as it is).
pub fn tidy_removals<'a>(text: impl Fn(FileId) -> Option<&'a str>, diagnostics: &mut [Diagnostic]) {
    for d in diagnostics {
        for s in &mut d.suggestions {
            if s.replacement.is_empty() {
                if let Some(t) = text(s.span.file) {
                    let r = widen_removal(t, s.span.range());
                    s.span = Span::new(s.span.file, r.start, r.end);
                }
            }
        }
    }
}

/// The range to delete so that removing `item` from `text` leaves tidy text:
///
/// 1. an item of a comma list takes its comma with it (the following one, or for the
///    last item the preceding one), and the blanks beside it;
/// 2. an item alone on its line (only blanks around it) takes the whole line, line end
///    included;
/// 3. an item that is a field's only value (`allow vox_band`) takes its field key too,
///    and then the line as in 2; a comment after it stays where it was.
///
/// A range that is not on character boundaries, or lies outside `text`, is returned
/// unchanged.
pub fn widen_removal(text: &str, item: std::ops::Range<usize>) -> std::ops::Range<usize> {
    if item.start > item.end
        || item.end > text.len()
        || !text.is_char_boundary(item.start)
        || !text.is_char_boundary(item.end)
    {
        return item;
    }
    let bytes = text.as_bytes();
    let blank = |b: u8| b == b' ' || b == b'\t';
    let space = |b: u8| blank(b) || b == b'\n' || b == b'\r';
    // 1. A comma after (blanks and a line break may follow it).
    let mut after = item.end;
    while after < bytes.len() && blank(bytes[after]) {
        after += 1;
    }
    if bytes.get(after) == Some(&b',') {
        let mut end = after + 1;
        while end < bytes.len() && space(bytes[end]) {
            end += 1;
        }
        return item.start..end;
    }
    // … or a comma before, for the last item.
    let mut before = item.start;
    while before > 0 && space(bytes[before - 1]) {
        before -= 1;
    }
    if before > 0 && bytes[before - 1] == b',' {
        let mut start = before - 1;
        while start > 0 && blank(bytes[start - 1]) {
            start -= 1;
        }
        return start..item.end;
    }
    let line_start = text[..item.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[item.end..]
        .find('\n')
        .map_or(text.len(), |i| item.end + i);
    let head = &text[line_start..item.start];
    let tail = text[item.end..line_end].trim_end_matches('\r');
    let indent = head.len() - head.trim_start().len();
    let key_only = {
        let h = head.trim();
        !h.is_empty() && h.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    };
    let tail_trim = tail.trim_start();
    // 2. Alone on its line.
    if head.trim().is_empty() && tail_trim.is_empty() {
        return line_start..(line_end + 1).min(text.len());
    }
    // 3. A field's only value: the key goes too.
    if key_only {
        if tail_trim.is_empty() {
            return line_start..(line_end + 1).min(text.len());
        }
        if tail_trim.starts_with('#') {
            // Keep the comment, at the field's indentation.
            let comment = item.end + (tail.len() - tail_trim.len());
            return (line_start + indent)..comment;
        }
    }
    item
}

#[cfg(test)]
mod tests {
    use super::widen_removal;

    fn remove(text: &str, item: &str) -> String {
        let start = text.find(item).expect("item in text");
        let r = widen_removal(text, start..start + item.len());
        format!("{}{}", &text[..r.start], &text[r.end..])
    }

    #[test]
    fn list_items_take_their_comma() {
        let t = "    penalties -1 CP Expedient, -3 CP Virtuous, -5 CP Iniquitous\n";
        assert_eq!(
            remove(t, "-3 CP Virtuous"),
            "    penalties -1 CP Expedient, -5 CP Iniquitous\n"
        );
        assert_eq!(
            remove(t, "-5 CP Iniquitous"),
            "    penalties -1 CP Expedient, -3 CP Virtuous\n"
        );
        assert_eq!(
            remove(t, "-1 CP Expedient"),
            "    penalties -3 CP Virtuous, -5 CP Iniquitous\n"
        );
        let broken = "    drives Power,\n        Greed\n";
        assert_eq!(remove(broken, "Greed"), "    drives Power\n");
    }

    #[test]
    fn a_line_alone_goes_whole() {
        let t = "card {\n    cost 3\n    cost 3\n}\n";
        let second = t.rfind("cost 3").unwrap();
        let r = widen_removal(t, second..second + 6);
        assert_eq!(
            format!("{}{}", &t[..r.start], &t[r.end..]),
            "card {\n    cost 3\n}\n"
        );
    }

    #[test]
    fn an_only_value_takes_its_key_and_keeps_a_comment() {
        assert_eq!(
            remove("x {\n    allow vox_band\n    cost 1\n}\n", "vox_band"),
            "x {\n    cost 1\n}\n"
        );
        assert_eq!(
            remove("x {\n    allow vox_band  # signature card\n}\n", "vox_band"),
            "x {\n    # signature card\n}\n"
        );
    }

    #[test]
    fn out_of_range_is_left_alone() {
        assert_eq!(widen_removal("abc", 2..9), 2..9);
        assert_eq!(widen_removal("é", 1..2), 1..2);
    }
}
