//! The linear pre-pass: comments, strings, and the split of a file into cards.
//!
//! One pass over the bytes, no recursion, no backtracking:
//!
//! * a leading BOM and every `#` comment are blanked (replaced by spaces, so byte
//!   offsets never move) and comments are collected for the formatter;
//! * strings are followed so that `#`, `{` and `}` inside them mean nothing; an
//!   unterminated string ends at the end of its line (`E0001`), or before a `{` that
//!   ends the line, so `character "Mara Voss {` still opens its card;
//! * braces are matched to split the file into [`Chunk`]s, one per card; text between
//!   cards is coalesced into one `E0006` per run; a card still open when a new
//!   `frame "Name" {` line starts at column 0 is closed there (`E0004`), so one missing
//!   `}` does not swallow the next card; nesting deeper than [`MAX_DEPTH`] is `E0007`.

use std::collections::VecDeque;

use cardc_diagnostics::{Diagnostic, FileId, Span};

use crate::ast::Comment;
use crate::codes;

/// Deepest brace nesting a card may have (a card, a face and a text block need 3).
pub(crate) const MAX_DEPTH: usize = 16;

/// One card's place in the file: `header {` body `}`.
#[derive(Debug, Clone)]
pub(crate) struct Chunk {
    /// The header text before `{` (frame word and name), trimmed; may be empty.
    pub header: std::ops::Range<usize>,
    /// Offset of the opening `{`.
    pub open: usize,
    /// Offset of the matching `}`, if the card was closed.
    pub close: Option<usize>,
    /// End of the body text (the `}` offset, or where the unclosed card was cut).
    pub body_end: usize,
    /// Whether the body nests deeper than [`MAX_DEPTH`] (then it is not parsed further).
    pub too_deep: bool,
}

/// The result of the pre-pass.
#[derive(Debug)]
pub(crate) struct Prepared {
    /// The source with comments and a BOM replaced by spaces; same length as the input.
    pub clean: String,
    /// Every comment, in order.
    pub comments: Vec<Comment>,
    /// Every card, in order.
    pub chunks: Vec<Chunk>,
    /// Diagnostics of the pre-pass.
    pub diags: Vec<Diagnostic>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TokKind {
    Word,
    Str,
    Open,
    Close,
    Newline,
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Tok {
    kind: TokKind,
    start: usize,
    end: usize,
    /// The token is the first on its line.
    line_start: bool,
}

/// Splits the source into tokens, blanking comments into `clean` as it goes.
struct Tokenizer<'a> {
    src: &'a [u8],
    clean: Vec<u8>,
    pos: usize,
    line_start: bool,
    file: FileId,
    comments: Vec<Comment>,
    diags: Vec<Diagnostic>,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

impl<'a> Tokenizer<'a> {
    fn new(file: FileId, src: &'a str) -> Self {
        let mut clean = src.as_bytes().to_vec();
        let mut pos = 0;
        if src.starts_with('\u{FEFF}') {
            clean[..3].fill(b' ');
            pos = 3;
        }
        Tokenizer {
            src: src.as_bytes(),
            clean,
            pos,
            line_start: true,
            file,
            comments: Vec::new(),
            diags: Vec::new(),
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end)
    }

    /// Whether only blanks follow `i` up to the end of its line.
    fn rest_of_line_blank(&self, mut i: usize) -> bool {
        while i < self.src.len() {
            match self.src[i] {
                b'\n' => return true,
                b if is_blank(b) => i += 1,
                _ => return false,
            }
        }
        true
    }

    /// Scans a string starting at the `"` at `start`; returns its end offset.
    fn string(&mut self, start: usize) -> usize {
        let mut i = start + 1;
        loop {
            match self.src.get(i) {
                Some(b'"') => return i + 1,
                Some(b'\\') => {
                    i += 1;
                    if self.src.get(i).is_some_and(|&b| b != b'\n') {
                        i += 1;
                    }
                }
                Some(b'{') if self.rest_of_line_blank(i + 1) => break,
                Some(b'\n') | None => break,
                Some(_) => i += 1,
            }
        }
        let mut end = i;
        while end > start + 1 && self.src[end - 1] == b'\r' {
            end -= 1;
        }
        self.diags.push(
            Diagnostic::error(
                codes::UNTERMINATED_STRING,
                self.span(start, end),
                "unterminated string",
            )
            .with_label("this string has no closing `\"`")
            .with_help("strings end on the line they start on: add a `\"` at the end"),
        );
        i
    }

    /// Blanks the comment at `start` (`#` to the end of the line) and records it.
    fn comment(&mut self, start: usize) -> usize {
        let mut end = start;
        while end < self.src.len() && self.src[end] != b'\n' {
            end += 1;
        }
        let mut text_end = end;
        while text_end > start + 1 && self.src[text_end - 1] == b'\r' {
            text_end -= 1;
        }
        let text = String::from_utf8_lossy(&self.src[start + 1..text_end]).into_owned();
        self.comments.push(Comment {
            text,
            span: self.span(start, text_end),
        });
        self.clean[start..text_end].fill(b' ');
        end
    }

    fn next_tok(&mut self) -> Option<Tok> {
        loop {
            let start = self.pos;
            let b = *self.src.get(start)?;
            let line_start = self.line_start;
            let (kind, end) = match b {
                b'\n' => {
                    self.line_start = true;
                    (TokKind::Newline, start + 1)
                }
                b if is_blank(b) => {
                    self.pos += 1;
                    continue;
                }
                b'#' => {
                    self.pos = self.comment(start);
                    continue;
                }
                b'"' => (TokKind::Str, self.string(start)),
                b'{' => (TokKind::Open, start + 1),
                b'}' => (TokKind::Close, start + 1),
                b if is_ident_start(b) => {
                    let mut end = start + 1;
                    while end < self.src.len() && is_ident_char(self.src[end]) {
                        end += 1;
                    }
                    (TokKind::Word, end)
                }
                _ => {
                    // One character (all its UTF-8 bytes).
                    let mut end = start + 1;
                    while end < self.src.len() && (self.src[end] & 0xC0) == 0x80 {
                        end += 1;
                    }
                    (TokKind::Other, end)
                }
            };
            if kind != TokKind::Newline {
                self.line_start = false;
            }
            self.pos = end;
            return Some(Tok {
                kind,
                start,
                end,
                line_start,
            });
        }
    }
}

/// A token stream with a small look-ahead buffer.
struct Stream<'a> {
    tz: Tokenizer<'a>,
    buf: VecDeque<Tok>,
}

impl Stream<'_> {
    fn next(&mut self) -> Option<Tok> {
        self.buf.pop_front().or_else(|| self.tz.next_tok())
    }

    fn peek(&mut self, n: usize) -> Option<Tok> {
        while self.buf.len() <= n {
            let t = self.tz.next_tok()?;
            self.buf.push_back(t);
        }
        self.buf.get(n).copied()
    }
}

/// The tokens seen since the last card: the garbage so far and the header candidates.
#[derive(Default)]
struct Pending {
    /// Start of the first token since the last card.
    first: Option<usize>,
    /// The last three tokens.
    window: VecDeque<Tok>,
    /// End of the last token.
    last_end: usize,
    /// The last token that started a line, if every token after it on that line is a
    /// word or a string (a header such as `character Mara Voss` that lacks its quotes).
    line_tok: Option<Tok>,
    /// End of the last token before `line_tok`, if any.
    before_line_end: Option<usize>,
}

impl Pending {
    fn push(&mut self, t: Tok) {
        if self.first.is_none() {
            self.first = Some(t.start);
        }
        let wordish = matches!(t.kind, TokKind::Word | TokKind::Str);
        if t.line_start {
            self.before_line_end = self.first.filter(|&f| f < t.start).map(|_| self.last_end);
            self.line_tok = wordish.then_some(t);
        } else if !wordish {
            self.line_tok = None;
        }
        self.window.push_back(t);
        if self.window.len() > 3 {
            self.window.pop_front();
        }
        self.last_end = t.end;
    }
}

/// Garbage between cards: one coalesced run.
#[derive(Default)]
struct Garbage {
    range: Option<(usize, usize)>,
}

impl Garbage {
    fn add(&mut self, start: usize, end: usize) {
        self.range = Some(match self.range {
            Some((s, e)) => (s.min(start), e.max(end)),
            None => (start, end),
        });
    }
}

/// Runs the pre-pass over `src`.
pub(crate) fn prepare(file: FileId, src: &str) -> Prepared {
    let mut s = Stream {
        tz: Tokenizer::new(file, src),
        buf: VecDeque::new(),
    };
    let mut chunks = Vec::new();
    let mut diags = Vec::new();
    let mut garbage = Garbage::default();
    let mut pending = Pending::default();

    while let Some(t) = s.next() {
        match t.kind {
            TokKind::Newline => {}
            TokKind::Open => match take_header(std::mem::take(&mut pending), &mut garbage) {
                Some(header) => {
                    flush_garbage(file, &mut garbage, src, &mut diags);
                    chunks.push(scan_block(&mut s, file, header, t.start, &mut diags));
                }
                None => {
                    let end = skip_block(&mut s).max(t.end);
                    garbage.add(t.start, end);
                }
            },
            _ => pending.push(t),
        }
    }
    // Whatever is left over is garbage, or a header with no `{`.
    let w = &pending.window;
    let header_only = garbage.range.is_none()
        && w.len() == 2
        && w[0].kind == TokKind::Word
        && w[1].kind == TokKind::Str;
    if header_only {
        let span = Span::new(file, w[1].end, w[1].end);
        diags.push(
            Diagnostic::error(
                codes::MISSING_OPEN_BRACE,
                span,
                "expected `{` to open the card",
            )
            .with_label("the card's body should start here")
            .with_secondary(
                Span::new(file, w[0].start, w[1].end),
                "this card has no body",
            ),
        );
    } else {
        if let Some(first) = pending.first {
            garbage.add(first, pending.last_end);
        }
        flush_garbage(file, &mut garbage, src, &mut diags);
    }

    let mut tz = s.tz;
    diags.append(&mut tz.diags);
    let clean = String::from_utf8(tz.clean)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    Prepared {
        clean,
        comments: tz.comments,
        chunks,
        diags,
    }
}

/// Takes the card header before a `{` from the pending tokens: `frame "Name"`, or a
/// line of words and strings starting at the left of its line (`character Mara Voss`,
/// reported by the header parse). Anything before the header becomes garbage. `None`
/// if there is no header: the block is garbage.
fn take_header(p: Pending, garbage: &mut Garbage) -> Option<std::ops::Range<usize>> {
    let first = p.first?;
    let w = &p.window;
    let n = w.len();
    let (header, garbage_end) =
        if n >= 2 && w[n - 2].kind == TokKind::Word && w[n - 1].kind == TokKind::Str {
            let before = if n == 3 { Some(w[0].end) } else { None };
            (w[n - 2].start..w[n - 1].end, before)
        } else if let Some(lt) = p.line_tok.filter(|t| t.kind == TokKind::Word) {
            (lt.start..p.last_end, p.before_line_end)
        } else if n == 1 && w[0].kind == TokKind::Word {
            (w[0].start..w[0].end, None)
        } else {
            garbage.add(first, p.last_end);
            return None;
        };
    if let Some(end) = garbage_end {
        garbage.add(first, end);
    }
    Some(header)
}

fn flush_garbage(file: FileId, garbage: &mut Garbage, src: &str, diags: &mut Vec<Diagnostic>) {
    let Some((start, end)) = garbage.range.take() else {
        return;
    };
    let span = Span::new(file, start, end);
    let only_close = src
        .get(start..end)
        .is_some_and(|t| t.bytes().all(|b| b == b'}' || b.is_ascii_whitespace()));
    let d = if only_close {
        Diagnostic::error(codes::UNMATCHED_CLOSE_BRACE, span, "unmatched `}`")
            .with_label("no card is open here")
            .with_help("remove this `}`, or check the card above for an extra one")
    } else {
        let found = crate::expected::snippet(src, start);
        Diagnostic::error(
            codes::EXPECTED_CARD,
            span,
            format!("expected a card such as `character \"Name\" {{ … }}`, found {found}"),
        )
        .with_label("this text is not part of any card")
        .with_help("every card starts with its frame word and its name in quotes, then `{`")
    };
    diags.push(d);
}

/// Skips a `{ … }` block that is not a card; returns its end offset.
fn skip_block(s: &mut Stream<'_>) -> usize {
    let mut depth = 1usize;
    let mut end = 0;
    while let Some(t) = s.next() {
        end = t.end;
        match t.kind {
            TokKind::Open => depth += 1,
            TokKind::Close => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
    }
    end
}

/// Whether the next tokens are a card header at column 0 (`frame "Name" {`), which
/// closes a card left open above it.
fn new_card_starts(s: &mut Stream<'_>) -> bool {
    let (Some(w), Some(n), Some(o)) = (s.peek(0), s.peek(1), s.peek(2)) else {
        return false;
    };
    if w.kind != TokKind::Word || n.kind != TokKind::Str || o.kind != TokKind::Open {
        return false;
    }
    let src = s.tz.src;
    let at_col0 = w.start == 0 || src[w.start - 1] == b'\n';
    let word = &src[w.start..w.end];
    at_col0 && !matches!(word, b"prime" | b"fallen" | b"reversal" | b"text")
}

/// Scans a card body after its `{` at `open`, up to the matching `}`.
fn scan_block(
    s: &mut Stream<'_>,
    file: FileId,
    header: std::ops::Range<usize>,
    open: usize,
    diags: &mut Vec<Diagnostic>,
) -> Chunk {
    let mut depth = 1usize;
    let mut last_end = open + 1;
    let mut too_deep = false;
    let chunk = |close: Option<usize>, body_end: usize, too_deep: bool| Chunk {
        header: header.clone(),
        open,
        close,
        body_end,
        too_deep,
    };
    loop {
        let Some(t) = s.next() else {
            diags.push(unclosed(file, open, last_end, header.clone()));
            return chunk(None, last_end, too_deep);
        };
        match t.kind {
            TokKind::Open => {
                depth += 1;
                if depth > MAX_DEPTH && !too_deep {
                    too_deep = true;
                    diags.push(
                        Diagnostic::error(codes::TOO_DEEP, Span::new(file, t.start, t.end), "blocks nested too deeply")
                            .with_label(format!("this `{{` opens block number {depth} inside the card"))
                            .with_secondary(Span::new(file, open, open + 1), "the card opens here")
                            .with_note(format!(
                                "a card nests at most {MAX_DEPTH} blocks deep (a card, a face and a text block need 3)"
                            )),
                    );
                }
            }
            TokKind::Close => {
                depth -= 1;
                if depth == 0 {
                    return chunk(Some(t.start), t.start, too_deep);
                }
            }
            TokKind::Newline => {
                if new_card_starts(s) {
                    diags.push(unclosed(file, open, last_end, header.clone()));
                    return chunk(None, last_end, too_deep);
                }
                continue;
            }
            _ => {}
        }
        last_end = t.end;
    }
}

fn unclosed(file: FileId, open: usize, at: usize, header: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic::error(
        codes::UNCLOSED_CARD,
        Span::new(file, at, at),
        "expected `}` to close the card",
    )
    .with_label("the card is still open here")
    .with_secondary(
        Span::new(file, header.start.min(open), open + 1),
        "the card opens here",
    )
    .with_help(
        "add `}` after the card's last line (and check that every face and `text` block is closed)",
    )
}
