//! The card language front end: pest grammar to an AST with byte spans.
//!
//! ```text
//! source ──▶ lex: blank comments, split into cards (linear, no recursion)
//!        ──▶ pest (grammar/cards.pest), one card header / body / sentence at a time
//!        ──▶ AST (ast.rs) + diagnostics (E0001–E0049, see codes.rs)
//! ```
//!
//! The entry points are [`parse`] and [`parse_bytes`] (for raw file contents). Parsing
//! never stops at the first error: a broken card never hides the next card, and a
//! broken sentence never hides the next sentence.
//!
//! Architecture invariant: no pest type appears in this crate's public API.

pub mod ast;
mod build;
pub mod codes;
mod expected;
mod grammar;
pub mod highlight;
mod lex;
pub mod nearest;
mod quantity;
mod sentence;
mod text;
mod vocabulary;

pub use ast::*;
pub use codes::CODES;
pub use lex::forbidden;
pub use text::sentence_count;

use cardc_diagnostics::{Diagnostic, FileId, Span};

/// Parses one `.card` file. Always returns a [`SourceFile`] (with every card that could
/// be read) and the syntax diagnostics, sorted by position.
pub fn parse(file: FileId, src: &str) -> (SourceFile, Vec<Diagnostic>) {
    let mut cards = Vec::new();
    let (comments, diags) = parse_each(file, src, |card| cards.push(card));
    (
        SourceFile {
            file,
            cards,
            comments,
        },
        diags,
    )
}

/// [`parse`], handing each card to `on_card` as soon as it is built instead of
/// collecting them, so that a caller that lowers cards one at a time never holds a
/// whole file's AST. Returns the comments and the syntax diagnostics, sorted.
pub fn parse_each(
    file: FileId,
    src: &str,
    mut on_card: impl FnMut(Card),
) -> (Vec<Comment>, Vec<Diagnostic>) {
    let prepared = lex::prepare(file, src);
    let mut builder = build::Builder {
        file,
        clean: &prepared.clean,
        blanked: &prepared.blanked,
        prepass_errors: &prepared.error_spans,
        diags: prepared.diags,
    };
    for chunk in &prepared.chunks {
        if let Some(card) = builder.card(chunk) {
            on_card(card);
        }
    }
    let mut diags = builder.diags;
    cardc_diagnostics::sort(&mut diags);
    (prepared.comments, diags)
}

/// How many cards a worker thread of [`parse_fold`] is given at least: below this a file is
/// read on the calling thread alone, since starting a thread costs about what a card does.
const CARDS_PER_THREAD: usize = 32;

/// [`parse_each`] on up to `threads` threads, each card folded into an accumulator as soon
/// as it is built: `step` runs on the thread that built the card. Cards are independent once
/// the pre-pass has split the file, so the file's cards are cut into runs of about equal
/// bytes, one run per thread, each folded into its own accumulator (`init`, given how many
/// cards the run has; the calling thread's, the first, is given the whole file's count, so
/// that the others can be appended to it without growing it). Returns the accumulators in
/// source order, with the comments and the syntax diagnostics, sorted. The cards, the
/// accumulators' contents and the diagnostics are the same for every number of threads.
pub fn parse_fold<A: Send>(
    file: FileId,
    src: &str,
    threads: usize,
    init: impl Fn(usize) -> A + Sync,
    step: impl Fn(&mut A, Card) + Sync,
) -> (Vec<A>, Vec<Comment>, Vec<Diagnostic>) {
    let mut prepared = lex::prepare(file, src);
    let (accs, diags) = fold_cards(file, &mut prepared, threads, init, step);
    (accs, prepared.comments, diags)
}

/// The cards of `prepared` folded as [`parse_fold`] says, with every diagnostic (the
/// pre-pass's taken from `prepared`), sorted.
fn fold_cards<A: Send>(
    file: FileId,
    prepared: &mut lex::Prepared,
    threads: usize,
    init: impl Fn(usize) -> A + Sync,
    step: impl Fn(&mut A, Card) + Sync,
) -> (Vec<A>, Vec<Diagnostic>) {
    let mut diags = std::mem::take(&mut prepared.diags);
    let prepared = &*prepared;
    let clean = prepared.clean.as_str();
    let fold = |chunks: &[lex::Chunk], capacity: usize| {
        let mut builder = build::Builder {
            file,
            clean,
            blanked: &prepared.blanked,
            prepass_errors: &prepared.error_spans,
            diags: Vec::new(),
        };
        let mut acc = init(capacity);
        for chunk in chunks {
            if let Some(card) = builder.card(chunk) {
                step(&mut acc, card);
            }
        }
        (acc, builder.diags)
    };
    let runs = split_runs(&prepared.chunks, threads);
    let all = prepared.chunks.len();
    let mut folded: Vec<(A, Vec<Diagnostic>)> = Vec::with_capacity(runs.len());
    match runs.split_first() {
        Some((first, rest)) if !rest.is_empty() => std::thread::scope(|scope| {
            let fold = &fold;
            let workers: Vec<_> = rest
                .iter()
                .map(|chunks| {
                    std::thread::Builder::new()
                        // The main thread's usual stack, so deep nesting is reported alike on
                        // every thread (the parser checks its stack as it goes).
                        .stack_size(8 << 20)
                        .spawn_scoped(scope, move || fold(chunks, chunks.len()))
                })
                .collect();
            folded.push(fold(first, all));
            for (worker, chunks) in workers.into_iter().zip(rest) {
                // A thread that could not be started has its run read here; a panic is raised
                // here, as it would be on one thread.
                folded.push(match worker.map(|handle| handle.join()) {
                    Ok(Ok(done)) => done,
                    Ok(Err(panic)) => std::panic::resume_unwind(panic),
                    Err(_) => fold(chunks, chunks.len()),
                });
            }
        }),
        _ => folded.push(fold(&prepared.chunks, all)),
    }
    let mut accs = Vec::with_capacity(folded.len());
    for (acc, mut d) in folded {
        accs.push(acc);
        diags.append(&mut d);
    }
    cardc_diagnostics::sort(&mut diags);
    (accs, diags)
}

/// `chunks` cut into at most `threads` consecutive runs of about equal bytes, each of at
/// least [`CARDS_PER_THREAD`] cards.
fn split_runs(chunks: &[lex::Chunk], threads: usize) -> Vec<&[lex::Chunk]> {
    let n = threads.min(chunks.len() / CARDS_PER_THREAD).max(1);
    if n == 1 {
        return vec![chunks];
    }
    let size = |c: &lex::Chunk| c.body_end.saturating_sub(c.header.start) + 1;
    let total: usize = chunks.iter().map(size).sum();
    let mut runs = Vec::with_capacity(n);
    let (mut from, mut seen) = (0, 0);
    for (i, c) in chunks.iter().enumerate() {
        seen += size(c);
        // Close a run once it holds its share of the bytes (the last run takes the rest).
        if runs.len() + 1 < n && seen * n >= total * (runs.len() + 1) {
            runs.push(&chunks[from..=i]);
            from = i + 1;
        }
    }
    runs.push(&chunks[from..]);
    runs.retain(|r| !r.is_empty());
    runs
}

/// The number of threads [`parse_fold`] uses by default: the machine's.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// [`parse_bytes`] over owned contents, card by card as [`parse_fold`]: UTF-8 contents
/// become the returned text without a copy. Returns the accumulators in source order, the
/// syntax diagnostics and the text that spans point into.
pub fn parse_owned_fold<A: Send>(
    file: FileId,
    bytes: Vec<u8>,
    threads: usize,
    init: impl Fn(usize) -> A + Sync,
    step: impl Fn(&mut A, Card) + Sync,
) -> (Vec<A>, Vec<Diagnostic>, String) {
    match String::from_utf8(bytes) {
        Ok(src) => {
            // The source is dropped once the pre-pass has made the clean text, and made
            // again from it after the parse: the file is held once while its cards are read.
            let mut prepared = lex::prepare(file, &src);
            drop(src);
            let (accs, diags) = fold_cards(file, &mut prepared, threads, init, step);
            let clean = std::mem::take(&mut prepared.clean);
            (
                accs,
                diags,
                lex::restore(clean, &prepared.comments, &prepared.blanked),
            )
        }
        Err(e) => {
            let (ast, diags, text) = parse_bytes(file, e.as_bytes());
            let mut acc = init(ast.cards.len());
            ast.cards.into_iter().for_each(|card| step(&mut acc, card));
            (vec![acc], diags, text)
        }
    }
}

/// Parses raw file contents. Input that is not UTF-8 gets one `E0003` diagnostic (at
/// the first bad byte); each bad byte is read as `?` so byte offsets stay valid and the
/// rest of the file is still checked. Returns the text that spans point into, for a
/// [`cardc_diagnostics::SourceMap`].
pub fn parse_bytes(file: FileId, bytes: &[u8]) -> (SourceFile, Vec<Diagnostic>, String) {
    match std::str::from_utf8(bytes) {
        Ok(src) => {
            let (ast, diags) = parse(file, src);
            (ast, diags, src.to_string())
        }
        Err(first) => {
            let (text, bad) = replace_invalid(bytes);
            let (ast, mut diags) = parse(file, &text);
            let at = first.valid_up_to();
            let len = first.error_len().unwrap_or(1);
            let d = Diagnostic::error(
                codes::INVALID_UTF8,
                Span::new(file, at, at + len),
                "the file is not valid UTF-8",
            )
            .with_label("this byte is not UTF-8")
            .with_note(format!(
                "{bad} byte(s) in the file are not UTF-8; each is read as `?`"
            ))
            .with_help("save the file as UTF-8");
            diags.push(d);
            cardc_diagnostics::sort(&mut diags);
            (ast, diags, text)
        }
    }
}

/// `bytes` with each byte of an invalid UTF-8 sequence replaced by `?` (same length),
/// and the number of bytes replaced.
fn replace_invalid(bytes: &[u8]) -> (String, usize) {
    let mut out = String::with_capacity(bytes.len());
    let mut bad = 0;
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                return (out, bad);
            }
            Err(e) => {
                let (good, after) = rest.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                let n = e.error_len().unwrap_or(after.len()).max(1).min(after.len());
                out.extend(std::iter::repeat_n('?', n));
                bad += n;
                rest = &after[n..];
            }
        }
    }
}
