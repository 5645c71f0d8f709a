//! The formatter: a file in the canonical layout, with every comment kept.
//!
//! The file is parsed and lowered; a file with syntax or structural errors is not
//! formatted: the diagnostics `cardc check` gives for the file are returned instead (the
//! same set, so the two commands never disagree). The cards are printed by the canonical printer
//! (`cardc_ir::print`), whose lines are anchored to the source elements they print,
//! and each comment is put back beside the element it was written next to:
//!
//! * a comment on the same line after an element stays at the end of that line;
//! * any other comment goes before the element that follows it in the source (a
//!   comment just before a closing `}` stays inside the block).
//!
//! Before returning, the result is parsed again and must give the same cards and the
//! same comments, so formatting can never change a card or lose a comment. Both before and
//! after, every sentence written in a card's `text` blocks (counted by the splitter, not the
//! parser) must have been read into exactly one ability, and the canonical text of every
//! card must stay the same: a sentence the front end failed to read is never formatted away.

use cardc_diagnostics::{Diagnostic, FileId, SourceMap, Span};
use cardc_ir::print::{self, Line};
use cardc_syntax::ast::Comment;

/// Why a file was not formatted.
#[derive(Debug)]
pub enum FormatError {
    /// The file has syntax or structural errors: the file's diagnostics, exactly as
    /// `cardc check` reports them.
    Errors(SourceMap, Vec<Diagnostic>),
    /// The formatted text would not mean the same (a bug in the formatter; the file
    /// is left alone).
    Unstable(String),
}

/// Formats one file's text. `name` is used in diagnostics.
pub fn format_source(name: &str, src: &str) -> Result<String, FormatError> {
    let mut sources = SourceMap::new();
    let file = sources.add(name, src);
    let (ast, mut diagnostics) = cardc_syntax::parse(file, src);
    let (set, lowered) = cardc_lower::lower(std::slice::from_ref(&ast), &sources);
    diagnostics.extend(lowered);
    if diagnostics.iter().any(Diagnostic::is_error) {
        // Report exactly what `cardc check` reports for this file (every stage, echoes
        // dropped), not this function's partial view.
        let checked = crate::compile(vec![crate::Input {
            name: name.to_owned(),
            bytes: src.as_bytes().to_vec(),
        }]);
        return Err(FormatError::Errors(checked.sources, checked.diagnostics));
    }
    every_sentence_read(src, &ast, &set)?;
    let cards: Vec<Vec<Line>> = set.cards.iter().map(print::lines).collect();
    let out = weave(src, file, &cards, &ast.comments, &sources);
    verify(&out, &set, &ast.comments)?;
    Ok(out)
}

/// Where each comment goes: before line `i`, after line `i`, or at the end of the file.
#[derive(Default)]
struct Placement {
    leading: Vec<Vec<usize>>,
    trailing: Vec<Vec<usize>>,
    end: Vec<usize>,
}

/// Prints the cards' lines with the comments woven back in.
fn weave(
    src: &str,
    file: FileId,
    cards: &[Vec<Line>],
    comments: &[Comment],
    sources: &SourceMap,
) -> String {
    let lines: Vec<&Line> = cards.iter().flatten().collect();
    let place = place(src, lines.as_slice(), comments, file, sources);
    let mut out = String::with_capacity(src.len() + 64);
    let mut index = 0;
    for (c, card) in cards.iter().enumerate() {
        if c > 0 {
            out.push('\n');
        }
        for (n, line) in card.iter().enumerate() {
            let depth = if line.closes {
                line.depth + 1
            } else {
                line.depth
            };
            let leading = &place.leading[index];
            // Keep one blank line where the source had one before the element (or
            // before its first comment); never at the start of a card.
            let first = leading
                .first()
                .map(|&ci| comments[ci].span.start)
                .or(line.anchor.map(|a| key(line, a)));
            if n > 0 && !line.closes && first.is_some_and(|p| blank_before(src, p as usize)) {
                out.push('\n');
            }
            for (k, &ci) in leading.iter().enumerate() {
                print::push_line(&mut out, depth, &format!("#{}", comments[ci].text));
                let next = leading.get(k + 1).map(|&n| comments[n].span.start as usize);
                let until = next
                    .or(line.anchor.map(|a| key(line, a) as usize))
                    .unwrap_or(src.len());
                if blank_line_between(src, comments[ci].span.end as usize, until) {
                    out.push('\n');
                }
            }
            let mut text = line.text.clone();
            for &ci in &place.trailing[index] {
                text.push_str(&format!("  #{}", comments[ci].text));
            }
            print::push_line(&mut out, line.depth, &text);
            index += 1;
        }
    }
    if !place.end.is_empty() && !out.is_empty() {
        out.push('\n');
    }
    for &ci in &place.end {
        print::push_line(&mut out, 0, &format!("#{}", comments[ci].text));
    }
    out
}

/// The source position a line stands for: where its element (or block) starts, or,
/// for a closing brace, where the block ends.
fn key(line: &Line, anchor: Span) -> u32 {
    if line.closes {
        anchor.end.saturating_sub(1)
    } else {
        anchor.start
    }
}

/// Attaches each comment to a line. Linear after sorting the lines by position.
fn place(
    src: &str,
    lines: &[&Line],
    comments: &[Comment],
    file: FileId,
    sources: &SourceMap,
) -> Placement {
    let mut place = Placement {
        leading: vec![Vec::new(); lines.len()],
        trailing: vec![Vec::new(); lines.len()],
        end: Vec::new(),
    };
    // (position, line index) sorted by position, for leading comments.
    let mut keys: Vec<(u32, usize)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.anchor.map(|a| (key(l, a), i)))
        .collect();
    keys.sort();
    // (source line, end position, line index): where a trailing comment may attach.
    // Ties go to the element rather than a closing brace anchored at the same place
    // (a `text` block closes where its last sentence ends).
    let mut ends: Vec<(usize, u32, bool, usize)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let a = l.anchor?;
            let a = if l.closes {
                a
            } else {
                without_comments(a, comments, src)
            };
            let last_byte = if a.start == a.end { a.start } else { a.end - 1 };
            let line = sources.line_col(file, last_byte as usize).line;
            Some((line, a.end, !l.closes, i))
        })
        .collect();
    ends.sort();
    for (ci, comment) in comments.iter().enumerate() {
        let line = sources.line_col(file, comment.span.start as usize).line;
        // The last element ending on the comment's line, before the comment.
        let lo = ends.partition_point(|&(l, ..)| l < line);
        let hi = ends.partition_point(|&(l, at, ..)| (l, at) <= (line, comment.span.start));
        if hi > lo {
            place.trailing[ends[hi - 1].3].push(ci);
            continue;
        }
        let next = keys.partition_point(|&(pos, _)| pos < comment.span.start);
        match keys.get(next) {
            Some(&(_, i)) => place.leading[i].push(ci),
            None => place.end.push(ci),
        }
    }
    place
}

/// An element's span without the comments and blanks it ends with: a field's span runs
/// to the end of its line, over an end-of-line comment (`cost 1  # cheap on purpose`),
/// which must stay a trailing comment of that field, not lead the next one.
fn without_comments(span: Span, comments: &[Comment], src: &str) -> Span {
    let first = comments.partition_point(|c| c.span.start < span.start);
    let mut end = match comments.get(first) {
        Some(c) if c.span.start < span.end => c.span.start,
        _ => span.end,
    };
    let bytes = src.as_bytes();
    while end > span.start
        && bytes
            .get(end as usize - 1)
            .is_some_and(u8::is_ascii_whitespace)
    {
        end -= 1;
    }
    Span { end, ..span }
}

/// Whether the whitespace just before `pos` holds a blank line.
fn blank_before(src: &str, pos: usize) -> bool {
    let head = src.get(..pos).unwrap_or(src);
    let gap = &head[head.trim_end().len()..];
    gap.matches('\n').count() >= 2
}

fn blank_line_between(src: &str, from: usize, to: usize) -> bool {
    src.get(from.min(to)..to)
        .is_some_and(|gap| gap.matches('\n').count() >= 2)
}

/// Every sentence written in `src` was read: per card, the sentences of its `text` blocks
/// (counted in the source) are as many as its abilities.
fn every_sentence_read(
    src: &str,
    ast: &cardc_syntax::SourceFile,
    set: &cardc_ir::CardSet,
) -> Result<(), FormatError> {
    fn written(src: &str, items: &[cardc_syntax::Item]) -> usize {
        items
            .iter()
            .map(|item| match item {
                cardc_syntax::Item::Text(t) => src
                    .get(t.span.start as usize..t.span.end as usize)
                    .map_or(0, cardc_syntax::sentence_count),
                cardc_syntax::Item::Face(f) => written(src, &f.items),
                cardc_syntax::Item::Field(_) => 0,
            })
            .sum()
    }
    if ast.cards.len() != set.cards.len() {
        return Err(FormatError::Unstable(format!(
            "{} cards written but {} read",
            ast.cards.len(),
            set.cards.len()
        )));
    }
    for (card, ir) in ast.cards.iter().zip(&set.cards) {
        let written = written(src, &card.items);
        let read: usize = ir.faces.iter().map(|f| f.abilities.len()).sum();
        if written != read {
            return Err(FormatError::Unstable(format!(
                "card \"{}\": {written} sentences written but {read} read",
                ir.name.value
            )));
        }
    }
    Ok(())
}

/// The formatted text must mean the same cards and keep every comment, in order.
fn verify(out: &str, before: &cardc_ir::CardSet, comments: &[Comment]) -> Result<(), FormatError> {
    let mut sources = SourceMap::new();
    let file = sources.add("formatted", out);
    let (ast, diags) = cardc_syntax::parse(file, out);
    let (after, lowered) = cardc_lower::lower(std::slice::from_ref(&ast), &sources);
    if diags.iter().chain(&lowered).any(Diagnostic::is_error) || after.cards != before.cards {
        return Err(FormatError::Unstable(
            "the formatted cards would differ".to_owned(),
        ));
    }
    every_sentence_read(out, &ast, &after)?;
    let text = |set: &cardc_ir::CardSet| -> Vec<Vec<String>> {
        set.cards
            .iter()
            .map(|c| c.faces.iter().flat_map(cardc_ir::text::face_text).collect())
            .collect()
    };
    if text(before) != text(&after) {
        return Err(FormatError::Unstable(
            "the canonical rules text of a card would change".to_owned(),
        ));
    }
    let texts = |cs: &[Comment]| {
        cs.iter()
            .map(|c| c.text.trim_end().to_owned())
            .collect::<Vec<_>>()
    };
    let mut old = texts(comments);
    let mut new = texts(&ast.comments);
    old.sort();
    new.sort();
    if old != new {
        return Err(FormatError::Unstable("a comment would be lost".to_owned()));
    }
    Ok(())
}
