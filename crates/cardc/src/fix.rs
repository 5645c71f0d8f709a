//! Applying the machine-applicable suggestions, as `cargo fix` does: the engine behind
//! `cardc fix`.
//!
//! The whole set is compiled in memory (a card name is fixed against the other files),
//! every file's machine-applicable edits that do not overlap are applied at once, and
//! the set is compiled again, for at most [`MAX_ROUNDS`] rounds or until no edit is
//! left. Then each file is judged whole: one that would have more errors than before
//! keeps its original text. So a fixed file never has more errors than the file it
//! replaces. Nothing here writes a file: the command does, atomically.

use crate::{compile, Compilation, Input};
use cardc_diagnostics::{FileId, Suggestion};
use std::collections::HashSet;

/// The most rounds of edits; each round applies every non-overlapping edit.
pub const MAX_ROUNDS: usize = 8;

/// What fixing did to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileFix {
    /// The file's name, as its input gave it.
    pub name: String,
    /// Its text before (`None` if it is not UTF-8: then it is never touched).
    pub original: Option<String>,
    /// Its text after every kept edit.
    pub fixed: Option<String>,
    /// How many edits were kept.
    pub applied: usize,
    /// How many edits were made and given up, because the file had more errors with them.
    pub refused: usize,
    /// Errors in the file before and after.
    pub errors_before: usize,
    /// Errors in the file after the kept edits.
    pub errors_after: usize,
}

impl FileFix {
    /// Whether the fixed text differs from the original.
    pub fn changed(&self) -> bool {
        self.fixed != self.original
    }
}

/// The outcome of fixing a set.
#[derive(Debug)]
pub struct Fixed {
    /// One entry per input, in input order.
    pub files: Vec<FileFix>,
    /// The set compiled from the fixed texts: what is left to fix by hand.
    pub compilation: Compilation,
    /// The rounds it took.
    pub rounds: usize,
}

/// Per file: (errors, all diagnostics).
fn counts(c: &Compilation, files: usize) -> Vec<(usize, usize)> {
    let mut out = vec![(0, 0); files];
    for d in &c.diagnostics {
        if let Some(entry) = out.get_mut(d.primary.span.file.0 as usize) {
            entry.1 += 1;
            if d.is_error() {
                entry.0 += 1;
            }
        }
    }
    out
}

fn inputs(names: &[String], texts: &[Option<String>], raw: &[Vec<u8>]) -> Vec<Input> {
    names
        .iter()
        .zip(texts)
        .zip(raw)
        .map(|((name, text), raw)| match text {
            Some(t) => Input::new(name.clone(), t.as_bytes().to_vec()),
            None => Input::new(name.clone(), raw.clone()),
        })
        .collect()
}

/// The key that identifies an edit in a text that has not changed.
type EditKey = (u32, u32, String);

fn key(s: &Suggestion) -> EditKey {
    (s.span.start, s.span.end, s.replacement.clone())
}

/// The machine-applicable edits of `file` in `c`, sorted, without repeats, none
/// overlapping another (an insertion may touch a neighbour, never fall inside it), and
/// none of `refused`.
pub fn edits(c: &Compilation, file: FileId, refused: &HashSet<EditKey>) -> Vec<Suggestion> {
    let mut all: Vec<&Suggestion> = c
        .diagnostics
        .iter()
        .flat_map(|d| d.machine_applicable())
        .filter(|s| s.span.file == file && !refused.contains(&key(s)))
        .collect();
    all.sort_by_key(|s| (s.span.start, s.span.end, s.replacement.clone()));
    all.dedup_by(|a, b| key(a) == key(b));
    let mut out: Vec<Suggestion> = Vec::new();
    for s in all {
        let clear = out.last().is_none_or(|last| {
            let (ls, le) = (last.span.start, last.span.end);
            let (s0, s1) = (s.span.start, s.span.end);
            // Two insertions at one point would be ordered by chance: keep the first.
            s0 >= le && !(s0 == s1 && ls == le && s0 == ls)
        });
        if clear {
            out.push(s.clone());
        }
    }
    out
}

/// `text` with `edits` (sorted, disjoint, on character boundaries) applied; `None` if an
/// edit does not fit the text.
pub fn apply(text: &str, edits: &[Suggestion]) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        let r = e.span.range();
        if r.start < at || !text.is_char_boundary(r.start) || !text.is_char_boundary(r.end) {
            return None;
        }
        out.push_str(text.get(at..r.start)?);
        out.push_str(&e.replacement);
        at = r.end;
    }
    out.push_str(text.get(at..)?);
    Some(out)
}

/// Fixes `inputs` (the whole set, so names resolve across files) in memory.
pub fn fix(inputs_given: Vec<Input>) -> Fixed {
    let names: Vec<String> = inputs_given.iter().map(|i| i.name.clone()).collect();
    let raw: Vec<Vec<u8>> = inputs_given.iter().map(|i| i.bytes.clone()).collect();
    let originals: Vec<Option<String>> = raw
        .iter()
        .map(|b| String::from_utf8(b.clone()).ok())
        .collect();
    let n = names.len();
    let mut texts = originals.clone();
    let mut applied = vec![0usize; n];
    let mut misfits: Vec<HashSet<EditKey>> = vec![HashSet::new(); n];
    let mut current = compile(inputs(&names, &texts, &raw));
    let before = counts(&current, n);
    let mut rounds = 0;
    while rounds < MAX_ROUNDS {
        let mut any = false;
        for i in 0..n {
            let Some(text) = &texts[i] else { continue };
            let file = FileId(u32::try_from(i).unwrap_or(u32::MAX));
            let e = edits(&current, file, &misfits[i]);
            if e.is_empty() {
                continue;
            }
            match apply(text, &e) {
                Some(new) => {
                    texts[i] = Some(new);
                    applied[i] += e.len();
                    any = true;
                }
                None => misfits[i].extend(e.iter().map(key)),
            }
        }
        if !any {
            break;
        }
        rounds += 1;
        current = compile(inputs(&names, &texts, &raw));
    }
    // Fixing one layer can show the next (a card's rules are checked once it reads
    // cleanly), so files are judged whole, after the last round: a file with more errors
    // than it had keeps its text. Keeping one can change another (a card name), so
    // judge again until nothing changes.
    let mut refused = vec![0usize; n];
    loop {
        let after = counts(&current, n);
        let worse: Vec<usize> = (0..n)
            .filter(|&i| texts[i] != originals[i] && after[i].0 > before[i].0)
            .collect();
        if worse.is_empty() {
            break;
        }
        for i in worse {
            texts[i] = originals[i].clone();
            refused[i] = applied[i];
            applied[i] = 0;
        }
        current = compile(inputs(&names, &texts, &raw));
    }
    let after = counts(&current, n);
    let files = (0..n)
        .map(|i| FileFix {
            name: names[i].clone(),
            original: originals[i].clone(),
            fixed: texts[i].clone(),
            applied: applied[i],
            refused: refused[i],
            errors_before: before[i].0,
            errors_after: after[i].0,
        })
        .collect();
    Fixed {
        files,
        compilation: current,
        rounds,
    }
}

/// A unified diff of one file's fix, as `diff -u` prints it.
pub fn diff(f: &FileFix) -> String {
    let (Some(old), Some(new)) = (&f.original, &f.fixed) else {
        return String::new();
    };
    similar::TextDiff::from_lines(old.as_str(), new.as_str())
        .unified_diff()
        .context_radius(2)
        .header(&format!("a/{}", f.name), &format!("b/{}", f.name))
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardc_diagnostics::{Applicability, Span};

    fn edit(start: usize, end: usize, with: &str) -> Suggestion {
        Suggestion {
            message: String::new(),
            span: Span::new(FileId(0), start, end),
            replacement: with.to_owned(),
            applicability: Applicability::MachineApplicable,
        }
    }

    #[test]
    fn edits_apply_in_order_and_misfits_are_refused() {
        let t = "abc def";
        assert_eq!(
            apply(t, &[edit(0, 1, "A"), edit(3, 3, "!"), edit(4, 7, "")]).as_deref(),
            Some("Abc! ")
        );
        assert_eq!(apply(t, &[edit(2, 3, ""), edit(1, 3, "")]), None);
        assert_eq!(apply(t, &[edit(5, 99, "")]), None);
    }
}
