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
        src,
        clean: &prepared.clean,
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

/// [`parse_bytes`] over owned contents, card by card as [`parse_each`]: UTF-8 contents
/// become the returned text without a copy. Returns the syntax diagnostics and the text
/// that spans point into.
pub fn parse_owned_each(
    file: FileId,
    bytes: Vec<u8>,
    on_card: impl FnMut(Card),
) -> (Vec<Diagnostic>, String) {
    match String::from_utf8(bytes) {
        Ok(src) => {
            let (_, diags) = parse_each(file, &src, on_card);
            (diags, src)
        }
        Err(e) => {
            let (ast, diags, text) = parse_bytes(file, e.as_bytes());
            ast.cards.into_iter().for_each(on_card);
            (diags, text)
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
