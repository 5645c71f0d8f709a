//! The card language front end: pest grammar to an AST with byte spans.
//!
//! ```text
//! source ──▶ lex: blank comments, split into cards (linear, no recursion)
//!        ──▶ pest (grammar/cards.pest): runs of whole, clean cards, or one card header /
//!            body / sentence at a time
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
    let mut prepared = lex::prepare(file, src);
    let diags = std::mem::take(&mut prepared.diags);
    let mut builder = build::Builder::new(file, &prepared, diags);
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

/// How many cards [`parse_fold`] reads in one parse at most, when the pre-pass found them
/// whole and clean (`build::Builder::batch`): pest's own cost of a parse (its state, the index
/// of its lines) is then paid once for them all, not twice a card, and the parse's tokens
/// stay few enough to be cheap to hold.
const BATCH: usize = 16;

/// How many runs [`parse_fold`] cuts a file into for each thread (each of at least
/// [`CARDS_PER_THREAD`] cards), so that a thread that finishes early takes another. The
/// threads finish at most one run apart: at 1,000 cards on two threads a run is about 32
/// cards, or a millisecond (with four runs a thread, one thread sat idle for three).
const RUNS_PER_THREAD: usize = 16;

/// [`parse_each`] on up to `threads` threads, each card folded into an accumulator as soon
/// as it is built: `step` runs on the thread that built the card. Cards are independent once
/// the pre-pass has split the file, so the file's cards are cut into runs of about equal
/// bytes, several per thread, each taken by the next free thread and folded into its own
/// accumulator (`init`, given how many cards the run has; the first run's is given the whole
/// file's count, so that the others can be appended to it without growing it). Returns the
/// accumulators in source order, one per run, with the comments and the syntax diagnostics,
/// sorted. The cards, the accumulators' contents and the diagnostics are the same for every
/// number of threads.
pub fn parse_fold<A: Send>(
    file: FileId,
    src: &str,
    threads: usize,
    init: impl Fn(usize) -> A + Sync,
    step: impl Fn(&mut A, Card) + Sync,
) -> (Vec<A>, Vec<Comment>, Vec<Diagnostic>) {
    let mut prepared = lex::prepare_with(file, src, threads);
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
    let fold = |chunks: &[lex::Chunk], capacity: usize| {
        let mut builder = build::Builder::new(file, prepared, Vec::new());
        let mut acc = init(capacity);
        let mut rest = chunks;
        while !rest.is_empty() {
            // Up to `BATCH` cards the pre-pass found whole and clean are read in one parse;
            // a card that is not, or a batch that does not read as its cards, one by one.
            let whole = rest
                .iter()
                .take(BATCH)
                .take_while(|c| builder.batchable(c))
                .count();
            if whole > 0 {
                if let Some(cards) = builder.batch(&rest[..whole]) {
                    cards.into_iter().for_each(|card| step(&mut acc, card));
                    rest = &rest[whole..];
                    continue;
                }
            }
            let alone = whole.max(1);
            for chunk in &rest[..alone] {
                if let Some(card) = builder.card(chunk) {
                    step(&mut acc, card);
                }
            }
            rest = &rest[alone..];
        }
        (acc, builder.diags)
    };
    // More runs than threads, taken in turn by whichever thread is free: cards differ in
    // cost, and the calling thread also starts the others, so equal shares fixed in advance
    // left one thread idle at the end. Each run folds into its own accumulator, and the runs
    // are put back in order, so which thread read which run changes nothing.
    let runs = split_runs(&prepared.chunks, threads.saturating_mul(RUNS_PER_THREAD));
    let all = prepared.chunks.len();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let take = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(chunks) = runs.get(i) else {
                return done;
            };
            // The first run's accumulator has room for the whole file, so that the others
            // can be appended to it without growing it.
            let capacity = if i == 0 { all } else { chunks.len() };
            done.push((i, fold(chunks, capacity)));
        }
    };
    let mut folded: Vec<(usize, (A, Vec<Diagnostic>))> = Vec::with_capacity(runs.len());
    let helpers = threads.min(runs.len()).saturating_sub(1);
    if helpers == 0 {
        folded = take();
    } else {
        std::thread::scope(|scope| {
            let take = &take;
            // A thread that cannot be started leaves its share to the others; a panic on
            // one is raised here, as it would be on one thread.
            let workers: Vec<_> = (0..helpers)
                .filter_map(|_| {
                    std::thread::Builder::new()
                        // The main thread's usual stack: the parser's depth is bounded by a
                        // card's block depth, the same on every thread.
                        .stack_size(8 << 20)
                        .spawn_scoped(scope, take)
                        .ok()
                })
                .collect();
            folded.extend(take());
            for worker in workers {
                match worker.join() {
                    Ok(done) => folded.extend(done),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
        });
    }
    folded.sort_unstable_by_key(|(i, _)| *i);
    let folded = folded.into_iter().map(|(_, run)| run);
    let mut accs = Vec::with_capacity(runs.len());
    for (acc, mut d) in folded {
        accs.push(acc);
        diags.append(&mut d);
    }
    cardc_diagnostics::sort(&mut diags);
    (accs, diags)
}

/// `chunks` cut into at most `runs` consecutive runs of about equal bytes, each of at
/// least [`CARDS_PER_THREAD`] cards.
fn split_runs(chunks: &[lex::Chunk], runs: usize) -> Vec<&[lex::Chunk]> {
    let n = runs.min(chunks.len() / CARDS_PER_THREAD).max(1);
    if n == 1 {
        return vec![chunks];
    }
    let size = |c: &lex::Chunk| c.body_end.saturating_sub(c.header.start) + 1;
    let total: usize = chunks.iter().map(size).sum();
    let mut out = Vec::with_capacity(n);
    let (mut from, mut seen) = (0, 0);
    for (i, c) in chunks.iter().enumerate() {
        seen += size(c);
        // Close a run once it holds its share of the bytes (the last run takes the rest).
        if out.len() + 1 < n && seen * n >= total * (out.len() + 1) {
            out.push(&chunks[from..=i]);
            from = i + 1;
        }
    }
    out.push(&chunks[from..]);
    out.retain(|r| !r.is_empty());
    out
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
            let mut prepared = lex::prepare_with(file, &src, threads);
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
