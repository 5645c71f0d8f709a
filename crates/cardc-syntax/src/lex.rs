//! The linear pre-pass: comments, strings, and the split of a file into cards.
//!
//! One pass over the bytes (or over a large file's two halves at once, and then over the
//! whole file only in the rare case the halves do not join), no recursion, no backtracking:
//!
//! * a BOM (leading, or `E0018` anywhere else) and every `#` comment are blanked (replaced
//!   by spaces, so byte offsets never move) and comments are collected for the formatter;
//!   tabs and carriage returns between tokens become spaces too, so the grammar's one
//!   blank is the space;
//! * strings are followed so that `#`, `{` and `}` inside them mean nothing; an
//!   unterminated string ends at the end of its line (`E0001`), or before a `{` that
//!   ends the line, so `character "Mara Voss {` still opens its card;
//! * braces are matched to split the file into [`Chunk`]s, one per card; text between
//!   cards is coalesced into one `E0006` per run; a card still open when a new
//!   `frame "Name" {` line starts at column 0 is closed there (`E0004`), so one missing
//!   `}` does not swallow the next card; nesting deeper than [`MAX_DEPTH`] is `E0007`;
//! * a card body's bytes that decide nothing here (words, numbers, punctuation, spaces) are
//!   passed over in one loop ([`Tokenizer::skip_inert`]), and a large file is read as two
//!   halves on two threads ([`prepare_with`]), with the result of one pass;
//! * characters that would make the file read differently from how it displays are
//!   errors, wherever they are ([`characters`]): CR-only line ends (`E0017`: an old Mac
//!   file would otherwise be one line, its first comment swallowing every card), and
//!   (`E0018`, "Trojan Source") bidirectional controls, invisible characters and
//!   control characters, each named by its code point.

use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError};

use cardc_diagnostics::{Diagnostic, FileId, Span};

use crate::ast::Comment;
use crate::codes;

/// A byte order mark (U+FEFF) in UTF-8.
const BOM: &[u8] = "\u{FEFF}".as_bytes();

/// The bytes [`Tokenizer::skip_inert`] passes over: every byte but those that open a string, a
/// comment, a block or a line, the blanks the clean text changes (tab, CR) and the first
/// byte of a BOM (or of another character that starts with it).
const INERT: [bool; 256] = {
    let mut table = [true; 256];
    let mut i = 0;
    let special = b"{}\"#\n\t\r\xEF";
    while i < special.len() {
        table[special[i] as usize] = false;
        i += 1;
    }
    table
};

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
    /// The spans of the errors among `diags`, sorted: the builder marks the cards that hold
    /// one ([`crate::ast::Card::syntax_errors`]).
    pub error_spans: Vec<Span>,
    /// The source with comments and BOMs replaced by spaces; same length as the input.
    pub clean: String,
    /// Every comment, in order.
    pub comments: Vec<Comment>,
    /// The other bytes the clean text changed (BOMs', tabs and carriage returns between
    /// tokens, the newlines of a text block read as one line), with their offsets, in order:
    /// with the comments, what [`restore`] needs to give the source back from the clean
    /// text.
    pub blanked: Vec<(u32, u8)>,
    /// Every card, in order.
    pub chunks: Vec<Chunk>,
    /// Diagnostics of the pre-pass.
    pub diags: Vec<Diagnostic>,
    /// The emptied lists of the passes after the first (their contents moved to the first's),
    /// given back to the allocator with the rest of this result instead of at once. glibc's
    /// allocator, given back a block it had mapped on its own, maps only blocks larger than
    /// that one from then on and keeps that much free memory before returning any: a second
    /// pass's list of cards given back at the start of a compilation left 19 MB more resident
    /// at its peak (100,000 cards), a few megabytes kept here leave none.
    _retired: Vec<Pass>,
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
    /// The source up to the end of the stretch being read.
    src: &'a [u8],
    /// The clean bytes of the stretch being read, which starts at `base`.
    clean: &'a mut [u8],
    base: usize,
    /// Each byte blanked in `clean` that is not in a comment, with its offset.
    blanked: Vec<(u32, u8)>,
    /// Where each unterminated string read so far starts, in order.
    unterminated: Vec<usize>,
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
    /// A tokenizer of `src[base..]`, whose clean bytes `clean` holds (a copy of them, which it
    /// blanks). `base` is the start of a line.
    fn new(file: FileId, src: &'a [u8], clean: &'a mut [u8], base: usize) -> Self {
        Tokenizer {
            src,
            clean,
            base,
            blanked: Vec::new(),
            pos: base,
            line_start: true,
            unterminated: Vec::new(),
            file,
            comments: Vec::new(),
            diags: Vec::new(),
        }
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start, end)
    }

    /// The clean bytes at `range` of the file (inside the stretch being read), to blank.
    fn clean_mut(&mut self, range: std::ops::Range<usize>) -> &mut [u8] {
        let base = self.base;
        &mut self.clean[range.start - base..range.end - base]
    }

    /// Makes the `len` bytes at `start` spaces in the clean text, recording each for
    /// [`restore`].
    fn blank(&mut self, start: usize, len: usize) {
        self.clean_mut(start..start + len).fill(b' ');
        for (i, &b) in self.src[start..start + len].iter().enumerate() {
            self.blanked
                .push((u32::try_from(start + i).unwrap_or(u32::MAX), b));
        }
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
        self.unterminated.push(start);
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
        self.clean_mut(start..text_end).fill(b' ');
        end
    }

    /// Skips, from the current position, the bytes of a card body that no decision of the
    /// pre-pass reads ([`INERT`]: words, numbers, punctuation, spaces, other characters), in
    /// one loop instead of token by token. Returns, if the run held a token, the end of its
    /// last token and whether that token is the word `text` (which makes a `{` after it a
    /// text block); the tokenizer is then no longer at the start of a line.
    fn skip_inert(&mut self) -> Option<(usize, bool)> {
        let from = self.pos;
        let run = self.src[from..]
            .iter()
            .take_while(|&&b| INERT[usize::from(b)])
            .count();
        self.pos = from + run;
        let end = from + self.src[from..self.pos].iter().rposition(|&b| b != b' ')? + 1;
        self.line_start = false;
        // The last token is a word if it ends with an identifier character: the word starts
        // at the first letter or `_` of that run (digits before it are tokens of their own).
        let ident = self.src[from..end]
            .iter()
            .rev()
            .take_while(|&&b| is_ident_char(b))
            .count();
        let run = &self.src[end - ident..end];
        let word = &run[run.iter().take_while(|b| b.is_ascii_digit()).count()..];
        Some((end, word == b"text"))
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
                b' ' => {
                    // Indentation: the whole run at once.
                    let run = self.src[start..].iter().take_while(|&&c| c == b' ').count();
                    self.pos += run;
                    continue;
                }
                b if is_blank(b) => {
                    // The grammar's only blank is the space: a tab or a carriage return
                    // between tokens is one in the clean text (same length, so offsets and
                    // what diagnostics show are unchanged), and pest tries one literal
                    // between tokens instead of three.
                    self.blank(start, 1);
                    self.pos += 1;
                    continue;
                }
                0xEF if self.src[start..].starts_with(BOM) => {
                    // A byte order mark, leading or after the start (`E0018`, see
                    // `characters`), is a blank too, so that it breaks no sentence around it.
                    self.blank(start, BOM.len());
                    self.pos += BOM.len();
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
    /// Whether a card body's inert bytes are passed over in one step
    /// ([`Tokenizer::skip_inert`]); tests read them token by token too, and compare.
    skip_inert: bool,
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

/// Runs the pre-pass over `src`, on this thread.
pub(crate) fn prepare(file: FileId, src: &str) -> Prepared {
    prepare_with(file, src, 1)
}

/// Files below this size are read by one pass: a second thread costs more than it saves.
const SPLIT_BYTES: usize = 128 << 10;

/// Runs the pre-pass over `src`, on two threads if `threads` allows and the file is large:
/// the second half is read on its own from a card header at the left of a line
/// ([`split_point`]), each half by whichever thread takes it first. If the first half then
/// ends between cards
/// with nothing pending, a pass of the whole file would have reached the header in the state
/// a pass starts in, so the two halves' results, put end to end, are exactly the whole
/// pass's. Otherwise (a card left open across the middle, stray text before the header) the
/// whole file is read again by one pass. The result is the same for every number of
/// threads.
pub(crate) fn prepare_with(file: FileId, src: &str, threads: usize) -> Prepared {
    prepare_split(file, src, split_point(src).filter(|_| threads > 1))
}

/// The pre-pass, with the file read from `mid` (the start of a line) on another thread as
/// [`prepare_with`] says, if there is a `mid`.
fn prepare_split(file: FileId, src: &str, mid: Option<usize>) -> Prepared {
    let mut clean = src.as_bytes().to_vec();
    let split = mid.map(|mid| {
        let (head, tail) = clean.split_at_mut(mid);
        // Each stretch is read by whichever thread takes it first, so that if the second
        // thread starts late (or not at all), this one reads both rather than wait.
        let stretches = [Mutex::new(Some((0, head))), Mutex::new(Some((mid, tail)))];
        let read: [Mutex<Option<Pass>>; 2] = Default::default();
        let work = || {
            for (stretch, out) in stretches.iter().zip(&read) {
                let taken = stretch
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .take();
                if let Some((from, clean)) = taken {
                    let p = pass(file, src, from, clean);
                    *out.lock().unwrap_or_else(PoisonError::into_inner) = Some(p);
                }
            }
        };
        std::thread::scope(|scope| {
            let helper = std::thread::Builder::new().spawn_scoped(scope, work).ok();
            work();
            if let Some(Err(panic)) = helper.map(|h| h.join()) {
                std::panic::resume_unwind(panic);
            }
        });
        read.map(|r| r.into_inner().unwrap_or_else(PoisonError::into_inner))
    });
    let passes = match split {
        Some([Some(first), Some(second)]) if first.settled => vec![first, second],
        _ => {
            if mid.is_some() {
                clean.copy_from_slice(src.as_bytes());
            }
            vec![pass(file, src, 0, &mut clean)]
        }
    };

    let mut diags = characters(file, src);
    // The later passes' results are appended to the first's, which are kept: a file's list of
    // cards is large, and one copied and dropped here would leave the allocator holding
    // memory the rest of the compilation does not reuse as well.
    let mut passes = passes.into_iter();
    let mut all = passes.next().unwrap_or_default();
    let mut retired = Vec::new();
    for mut p in passes {
        all.chunks.append(&mut p.chunks);
        all.diags.append(&mut p.diags);
        all.tz_diags.append(&mut p.tz_diags);
        all.comments.append(&mut p.comments);
        all.blanked.append(&mut p.blanked);
        retired.push(p);
    }
    let Pass {
        chunks,
        diags: mut structure,
        mut tz_diags,
        comments,
        blanked,
        ..
    } = all;
    diags.append(&mut structure);
    // A pass's tokenizer reports after its card structure, as one pass of the file does.
    diags.append(&mut tz_diags);
    let clean = String::from_utf8(clean)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    let mut error_spans: Vec<Span> = diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.primary.span)
        .collect();
    error_spans.sort_unstable_by_key(|e| (e.file, e.start));
    Prepared {
        _retired: retired,
        error_spans,
        clean,
        comments,
        blanked,
        chunks,
        diags,
    }
}

/// Where a second pass may start reading a file of at least [`SPLIT_BYTES`]: past its
/// middle, the start of a line after a line that is a lone `}`, whose next line that is not
/// blank or a comment starts with a word that is not a face's or a text block's (a card
/// header, in a file laid out as `cardc fmt` lays it out). `None` if there is no such line.
fn split_point(src: &str) -> Option<usize> {
    let bytes = src.as_bytes();
    if bytes.len() < SPLIT_BYTES {
        return None;
    }
    let line_end = |at: usize| memchr::memchr(b'\n', &bytes[at..]).map(|i| at + i);
    let half = bytes.len() / 2;
    for close in memchr::memmem::find_iter(&bytes[half..], b"\n}").map(|i| half + i + 1) {
        let end = line_end(close)?;
        if !bytes[close + 1..end].iter().all(|&b| is_blank(b)) {
            continue;
        }
        let mid = end + 1;
        // The next line with a token on it.
        let mut line = mid;
        let next = loop {
            let rest = bytes.get(line..).filter(|r| !r.is_empty())?;
            let indent = rest.iter().take_while(|&&b| is_blank(b)).count();
            match rest.get(indent) {
                Some(b'\n' | b'#') | None => line = line_end(line).map(|e| e + 1)?,
                Some(_) => break rest,
            }
        };
        let word_len = next.iter().take_while(|&&b| is_ident_char(b)).count();
        let word = &next[..word_len];
        if next.first().is_some_and(|&b| is_ident_start(b)) && !opens_a_face_or_text(word) {
            return Some(mid);
        }
    }
    None
}

/// What one pass of the pre-pass found in its stretch of the file.
#[derive(Debug, Default)]
struct Pass {
    chunks: Vec<Chunk>,
    /// The diagnostics of the card structure.
    diags: Vec<Diagnostic>,
    /// The tokenizer's diagnostics (unterminated strings).
    tz_diags: Vec<Diagnostic>,
    comments: Vec<Comment>,
    /// Sorted by offset.
    blanked: Vec<(u32, u8)>,
    /// Whether the stretch ended between cards with nothing pending (always, for a stretch
    /// that ends the file, which a pass reports on).
    settled: bool,
}

/// Reads `src` from `from` (the start of a line) up to the end of `clean`, the clean bytes of
/// that stretch, which it blanks. A stretch that ends before the end of the file ends at the
/// start of a line.
fn pass(file: FileId, src: &str, from: usize, clean: &mut [u8]) -> Pass {
    pass_with(file, src, from, clean, true)
}

/// [`pass`], with a card body's inert bytes passed over in one step or not.
fn pass_with(file: FileId, src: &str, from: usize, clean: &mut [u8], skip_inert: bool) -> Pass {
    let to = from + clean.len();
    let last = to == src.len();
    let mut s = Stream {
        tz: Tokenizer::new(file, &src.as_bytes()[..to], clean, from),
        buf: VecDeque::new(),
        skip_inert,
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
    let settled = if last {
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
        true
    } else {
        // A card still open at the end of the stretch (`close` is `None`) was cut there,
        // which one pass of the file might not have done.
        pending.first.is_none()
            && garbage.range.is_none()
            && chunks.last().is_none_or(|c: &Chunk| c.close.is_some())
    };

    let mut tz = s.tz;
    // A text block's newlines are blanked when it closes, after the blanks inside it.
    tz.blanked.sort_unstable_by_key(|&(at, _)| at);
    Pass {
        chunks,
        diags,
        tz_diags: tz.diags,
        comments: tz.comments,
        blanked: tz.blanked,
        settled,
    }
}

/// The source `clean` was made from by [`prepare`], made again from it in place: each of
/// its `comments` and `blanked` bytes put back. A caller that owns the source may drop it
/// once the pre-pass is done and take it back from here after the parse, so the file is
/// held once, not twice, while its cards are read.
pub(crate) fn restore(clean: String, comments: &[Comment], blanked: &[(u32, u8)]) -> String {
    let mut bytes = clean.into_bytes();
    for c in comments {
        let start = c.span.start as usize;
        if let Some(hash) = bytes.get_mut(start) {
            *hash = b'#';
        }
        if let Some(text) = bytes.get_mut(start + 1..start + 1 + c.text.len()) {
            text.copy_from_slice(c.text.as_bytes());
        }
    }
    for &(at, b) in blanked {
        if let Some(slot) = bytes.get_mut(at as usize) {
            *slot = b;
        }
    }
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
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
    // The header's word must start the line: with no token read ahead, the tokenizer is just
    // past the newline, and a line that starts otherwise (indented, most of all) is not read
    // further.
    if s.buf.is_empty() && !s.tz.src.get(s.tz.pos).copied().is_some_and(is_ident_start) {
        return false;
    }
    let (Some(w), Some(n), Some(o)) = (s.peek(0), s.peek(1), s.peek(2)) else {
        return false;
    };
    if w.kind != TokKind::Word || n.kind != TokKind::Str || o.kind != TokKind::Open {
        return false;
    }
    let src = s.tz.src;
    let at_col0 = w.start == 0 || src[w.start - 1] == b'\n';
    at_col0 && !opens_a_face_or_text(&src[w.start..w.end])
}

/// Whether a word at the start of a line opens a face or a text block, not a card.
fn opens_a_face_or_text(word: &[u8]) -> bool {
    matches!(word, b"prime" | b"fallen" | b"reversal" | b"text")
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
    // The `text {` block being read.
    let mut text: Option<TextBlock> = None;
    let mut prev_is_text_word = false;
    loop {
        // Most of a card's bytes decide nothing here: they are passed over in one step, and
        // only their last token is looked at.
        if s.skip_inert && s.buf.is_empty() {
            if let Some((end, is_text)) = s.tz.skip_inert() {
                last_end = end;
                prev_is_text_word = is_text;
            }
        }
        let Some(t) = s.next() else {
            diags.push(unclosed(file, open, last_end, header.clone()));
            return chunk(None, last_end, too_deep);
        };
        let is_text_word = t.kind == TokKind::Word && &s.tz.src[t.start..t.end] == b"text";
        if let Some(block) = text.as_mut().filter(|_| t.kind == TokKind::Open) {
            block.flat = false;
        }
        match t.kind {
            TokKind::Open => {
                if prev_is_text_word && text.is_none() {
                    text = Some(TextBlock {
                        depth,
                        flat: true,
                        open: t.start,
                    });
                }
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
                if text.as_ref().is_some_and(|b| b.depth == depth) {
                    if let Some(block) = text.take() {
                        block.flatten(&mut s.tz, t.start);
                    }
                }
                if depth == 0 {
                    return chunk(Some(t.start), t.start, too_deep);
                }
            }
            TokKind::Newline => {
                if new_card_starts(s) {
                    diags.push(unclosed(file, open, last_end, header.clone()));
                    return chunk(None, last_end, too_deep);
                }
                prev_is_text_word = false;
                continue;
            }
            _ => {}
        }
        prev_is_text_word = is_text_word;
        last_end = t.end;
    }
}

/// A `text { … }` block of a card, while the pre-pass reads it.
///
/// Rules text is parsed once, by the card's own parse (`text_body` in the grammar), and a
/// sentence may wrap over lines while the lines of a card body are significant. So once a
/// text block has closed, its newlines become spaces in the clean text (offsets do not
/// move): the block reads as one line, each sentence as the grammar's sentence rules
/// expect. A block that holds a nested `{` or an unterminated string is left as written;
/// the front end then reads its sentences one by one, as before (`text::sentences`).
struct TextBlock {
    /// The brace depth of the card body outside the block.
    depth: usize,
    /// Whether the block may be read as one line (no `{` inside it).
    flat: bool,
    /// Offset of the block's `{`.
    open: usize,
}

impl TextBlock {
    /// Turns the newlines of the block, which closes at `close`, into spaces in `tz`'s clean
    /// text, if it may be read as one line (no unterminated string read since it opened).
    fn flatten(self, tz: &mut Tokenizer<'_>, close: usize) {
        let has_unterminated = tz.unterminated.last().is_some_and(|&at| at > self.open);
        if self.flat && !has_unterminated {
            let from = self.open + 1;
            let base = tz.base;
            if let Some(inside) = tz.clean.get_mut(from - base..close - base) {
                for (i, b) in inside.iter_mut().enumerate().filter(|(_, b)| **b == b'\n') {
                    *b = b' ';
                    tz.blanked
                        .push((u32::try_from(from + i).unwrap_or(u32::MAX), b'\n'));
                }
            }
        }
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

/// How many runs of forbidden characters one file reports before summing up the rest.
const MAX_CHARACTER_REPORTS: usize = 20;

/// `E0017` for CR-only line ends, once per file, and `E0018` for each run of forbidden
/// characters (see [`forbidden`]). A leading BOM, tabs and CRLF line ends are fine.
pub(crate) fn characters(file: FileId, src: &str) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let bytes = src.as_bytes();
    let lone_cr: Vec<usize> = memchr::memchr_iter(b'\r', bytes)
        .filter(|&i| bytes.get(i + 1) != Some(&b'\n'))
        .collect();
    if let Some(&first) = lone_cr.first() {
        diags.push(
            Diagnostic::error(
                codes::CR_LINE_END,
                Span::new(file, first, first + 1),
                "this file ends its lines with a carriage return alone",
            )
            .with_label("a CR not followed by LF")
            .with_note(format!(
                "{} line end(s) in the file are a lone CR (U+000D), as classic Mac OS wrote \
                 them; the file is not checked further, since it would read as one line",
                lone_cr.len()
            ))
            .with_help("save the file with LF (or CRLF) line ends"),
        );
    }
    let start = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
    // Printable ASCII, tab, LF and CR are never forbidden, and they are nearly every byte of
    // a card file: only another byte starts a character worth decoding (`first_loud`).
    let mut runs = 0;
    let mut extra = 0;
    let mut at = start;
    while let Some(skip) = bytes.get(at..).and_then(first_loud) {
        at += skip;
        let Some(c) = src.get(at..).and_then(|rest| rest.chars().next()) else {
            break;
        };
        let Some(name) = forbidden(c) else {
            at += c.len_utf8();
            continue;
        };
        let first = at;
        let mut end = at + c.len_utf8();
        let mut count = 1;
        while let Some(next) = src.get(end..).and_then(|rest| rest.chars().next()) {
            if forbidden(next).is_none() {
                break;
            }
            end += next.len_utf8();
            count += 1;
        }
        at = end;
        runs += 1;
        if runs > MAX_CHARACTER_REPORTS {
            extra += 1;
            continue;
        }
        let what = format!("U+{:04X} {name}", u32::from(c));
        let mut d = Diagnostic::error(
            codes::FORBIDDEN_CHARACTER,
            Span::new(file, first, end),
            format!("forbidden character {what}"),
        )
        .with_label(format!(
            "{what}{}",
            if count > 1 {
                format!(" and {} more", count - 1)
            } else {
                String::new()
            }
        ))
        .with_note(
            "bidirectional controls, invisible and control characters make a card read \
             differently from how it displays, so none may appear in a card file",
        );
        d = if is_bidi(c) || name.contains("ZERO WIDTH") || c == '\u{00AD}' {
            d.with_help("delete it: retype the text around it if the editor does not show it")
        } else {
            d.with_help("delete it, or write `\\n` or `\\t` in a string for a line break or a tab")
        };
        diags.push(d);
    }
    if extra > 0 {
        if let Some(last) = diags.last_mut() {
            last.notes.push(format!(
                "{extra} more run(s) of forbidden characters in this file are not shown"
            ));
        }
    }
    diags
}

/// Whether `b` is printable ASCII, a tab, LF or CR: never forbidden.
fn quiet(b: u8) -> bool {
    (0x20..0x7F).contains(&b) || matches!(b, b'\t' | b'\n' | b'\r')
}

/// The offset of the first byte of `bytes` that is not [`quiet`]. Blocks of 64 bytes are
/// tested whole, in a loop the compiler vectorises, and only a block that holds such a byte
/// is searched.
fn first_loud(bytes: &[u8]) -> Option<usize> {
    const BLOCK: usize = 64;
    let mut blocks = bytes.chunks_exact(BLOCK);
    let mut at = 0;
    for block in &mut blocks {
        if block.iter().fold(true, |all, &b| all & quiet(b)) {
            at += BLOCK;
        } else {
            return block.iter().position(|&b| !quiet(b)).map(|i| at + i);
        }
    }
    blocks
        .remainder()
        .iter()
        .position(|&b| !quiet(b))
        .map(|i| at + i)
}

fn is_bidi(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// The name of a character no card file may contain, or `None` for an allowed one:
/// every control character but tab, LF and CR (C0, DEL, C1), the bidirectional controls
/// (rustc's `text_direction_codepoint_in_literal` set), and invisible characters (zero
/// widths, joiners, invisible operators, fillers, tags, the line and paragraph
/// separators and a BOM after the start).
pub fn forbidden(c: char) -> Option<&'static str> {
    const C0: [&str; 32] = [
        "NULL",
        "START OF HEADING",
        "START OF TEXT",
        "END OF TEXT",
        "END OF TRANSMISSION",
        "ENQUIRY",
        "ACKNOWLEDGE",
        "BELL",
        "BACKSPACE",
        "CHARACTER TABULATION",
        "LINE FEED",
        "LINE TABULATION",
        "FORM FEED",
        "CARRIAGE RETURN",
        "SHIFT OUT",
        "SHIFT IN",
        "DATA LINK ESCAPE",
        "DEVICE CONTROL ONE",
        "DEVICE CONTROL TWO",
        "DEVICE CONTROL THREE",
        "DEVICE CONTROL FOUR",
        "NEGATIVE ACKNOWLEDGE",
        "SYNCHRONOUS IDLE",
        "END OF TRANSMISSION BLOCK",
        "CANCEL",
        "END OF MEDIUM",
        "SUBSTITUTE",
        "ESCAPE",
        "INFORMATION SEPARATOR FOUR",
        "INFORMATION SEPARATOR THREE",
        "INFORMATION SEPARATOR TWO",
        "INFORMATION SEPARATOR ONE",
    ];
    let name = match c {
        '\t' | '\n' | '\r' => return None,
        '\u{0}'..='\u{1F}' => C0[c as usize],
        '\u{7F}' => "DELETE",
        '\u{80}'..='\u{9F}' => "(a C1 control character)",
        '\u{AD}' => "SOFT HYPHEN",
        '\u{34F}' => "COMBINING GRAPHEME JOINER",
        '\u{61C}' => "ARABIC LETTER MARK",
        '\u{115F}' => "HANGUL CHOSEONG FILLER",
        '\u{1160}' => "HANGUL JUNGSEONG FILLER",
        '\u{17B4}' => "KHMER VOWEL INHERENT AQ",
        '\u{17B5}' => "KHMER VOWEL INHERENT AA",
        '\u{180E}' => "MONGOLIAN VOWEL SEPARATOR",
        '\u{200B}' => "ZERO WIDTH SPACE",
        '\u{200C}' => "ZERO WIDTH NON-JOINER",
        '\u{200D}' => "ZERO WIDTH JOINER",
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{2028}' => "LINE SEPARATOR",
        '\u{2029}' => "PARAGRAPH SEPARATOR",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{2060}' => "WORD JOINER",
        '\u{2061}' => "FUNCTION APPLICATION",
        '\u{2062}' => "INVISIBLE TIMES",
        '\u{2063}' => "INVISIBLE SEPARATOR",
        '\u{2064}' => "INVISIBLE PLUS",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        '\u{206A}'..='\u{206F}' => "(a deprecated format character)",
        '\u{3164}' => "HANGUL FILLER",
        '\u{FEFF}' => "ZERO WIDTH NO-BREAK SPACE (a byte-order mark after the start)",
        '\u{FFA0}' => "HALFWIDTH HANGUL FILLER",
        '\u{FFF9}'..='\u{FFFB}' => "(an interlinear annotation character)",
        '\u{E0000}'..='\u{E007F}' => "(a tag character)",
        _ => return None,
    };
    Some(name)
}

#[cfg(test)]
mod character_tests {
    use super::*;

    fn codes(src: &str) -> Vec<(String, String)> {
        characters(FileId(0), src)
            .into_iter()
            .map(|d| (d.code.to_string(), d.message))
            .collect()
    }

    #[test]
    fn cr_only_line_ends_are_one_error() {
        let src = "# a comment\rground_unit \"A\" {\r    cost 1\r}\r";
        let got = codes(src);
        assert_eq!(got.len(), 1, "{got:?}");
        assert_eq!(got[0].0, "E0017");
        assert!(codes("a\r\nb\r\n").is_empty());
    }

    #[test]
    fn trojan_source_characters_are_named() {
        let got =
            codes("character \"Ad\u{202E}min\" {\n  flavor \"x\u{200B}\u{200B}y\u{1b}[31m\"\n}\n");
        let messages: Vec<&str> = got.iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(
            messages,
            [
                "forbidden character U+202E RIGHT-TO-LEFT OVERRIDE",
                "forbidden character U+200B ZERO WIDTH SPACE",
                "forbidden character U+001B ESCAPE",
            ]
        );
        assert!(got.iter().all(|(c, _)| c == "E0018"));
        assert_eq!(codes("\u{FEFF}tab\tok \"Déjà vu — ünïcødé\"\n"), []);
        assert_eq!(codes("nul\u{0}").len(), 1);
    }

    #[test]
    fn the_first_loud_byte_is_found_in_any_block() {
        for len in [0, 1, 63, 64, 65, 130] {
            let quiet = vec![b'a'; len];
            assert_eq!(first_loud(&quiet), None);
            for at in 0..len {
                let mut bytes = quiet.clone();
                bytes[at] = 0x1B;
                if at + 1 < len {
                    bytes[at + 1] = 0x80;
                }
                assert_eq!(first_loud(&bytes), Some(at), "{len} {at}");
            }
        }
    }

    #[test]
    fn a_flood_of_forbidden_characters_is_summed_up() {
        let src = "x\u{7}".repeat(1000);
        let got = characters(FileId(0), &src);
        assert_eq!(got.len(), MAX_CHARACTER_REPORTS);
        assert!(got[MAX_CHARACTER_REPORTS - 1]
            .notes
            .iter()
            .any(|n| n.contains("980 more")));
    }
}

#[cfg(test)]
mod text_block_tests {
    use super::*;

    fn clean(src: &str) -> String {
        prepare(FileId(0), src).clean
    }

    #[test]
    fn a_closed_text_block_reads_as_one_line() {
        let src = "ground_unit \"A\" {\n  cost 1\n  text {\n    Deal 2 damage\n    to target Ground Unit.  # a note\n  }\n}\n";
        let out = clean(src);
        assert_eq!(out.len(), src.len(), "offsets are kept");
        let open = src.find("text {").map(|i| i + 6).unwrap_or(0);
        let close = src[open..].find('}').map(|i| open + i).unwrap_or(0);
        assert!(!out[open..close].contains('\n'), "{out:?}");
        // The card's own lines are untouched, before and after the block.
        assert_eq!(out[..open], src[..open]);
        assert_eq!(out[close..], src[close..]);
    }

    #[test]
    fn a_text_block_with_an_unterminated_string_or_a_brace_keeps_its_lines() {
        for src in [
            "device \"A\" {\n  text {\n    Destroy \"Pier Nine.\n    Draw a card.\n  }\n}\n",
            "device \"A\" {\n  text {\n    Draw { a card.\n  }\n  }\n}\n",
        ] {
            let out = clean(src);
            assert_eq!(
                out.matches('\n').count(),
                src.matches('\n').count(),
                "{src:?}"
            );
        }
    }

    #[test]
    fn an_unclosed_text_block_keeps_its_lines() {
        let src = "device \"A\" {\n  text {\n    Draw a card.\n\ndevice \"B\" {\n  cost 1\n}\n";
        assert_eq!(clean(src).matches('\n').count(), src.matches('\n').count());
    }
}

#[cfg(test)]
mod split_tests {
    use super::*;
    use std::path::Path;

    /// Every card file of the repository's fixtures and card set, with its text.
    fn card_files() -> Vec<(String, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = Vec::new();
        let mut dirs = vec![root.join("tests/cards"), root.join("cards")];
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for path in entries.flatten().map(|e| e.path()) {
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "card") {
                    if let Ok(text) = std::fs::read_to_string(&path) {
                        files.push((path.display().to_string(), text));
                    }
                }
            }
        }
        files.sort();
        assert!(files.len() > 100, "the fixtures were not found");
        files
    }

    /// What a pre-pass gives its readers (not the lists it keeps only to drop them late).
    fn shown(p: Prepared) -> String {
        format!(
            "{:?}",
            (
                p.error_spans,
                p.clean,
                p.comments,
                p.blanked,
                p.chunks,
                p.diags
            )
        )
    }

    fn line_starts(src: &str) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(0).chain(src.match_indices('\n').map(|(i, _)| i + 1))
    }

    #[test]
    fn a_split_at_any_line_gives_the_whole_pass() {
        // Settled or not (a card open across the line, stray text before it), the result
        // is one pass's, byte for byte and diagnostic for diagnostic.
        for (name, src) in card_files() {
            let whole = shown(prepare(FileId(0), &src));
            for mid in line_starts(&src) {
                let split = shown(prepare_split(FileId(0), &src, Some(mid)));
                assert!(split == whole, "{name}: split at byte {mid}");
            }
        }
    }

    #[test]
    fn a_large_file_splits_at_a_card_header_and_reads_the_same() {
        let files = card_files();
        let mut src = String::new();
        while src.len() < 2 * SPLIT_BYTES {
            for (_, text) in &files {
                src.push_str(text);
                src.push('\n');
            }
        }
        let whole = shown(prepare(FileId(0), &src));
        assert_eq!(shown(prepare_with(FileId(0), &src, 2)), whole);
        let mid = split_point(&src).expect("a split point");
        assert!(mid >= src.len() / 2);
        let after = src[..mid].trim_end();
        assert!(after.ends_with("\n}"), "{:?}", &src[mid - 20..mid + 20]);
        // Every fixture concatenated has broken cards: whether or not the first half is
        // settled at each of these lines, the result is the whole pass's.
        for mid in line_starts(&src).step_by(97) {
            let split = shown(prepare_split(FileId(0), &src, Some(mid)));
            assert!(split == whole, "split at byte {mid}");
        }
    }

    /// The pre-pass of `src` with every token read one by one (no inert run skipped), in the
    /// shape `prepare` gives (a pass's fields as `Prepared` orders them).
    fn token_by_token(src: &str) -> String {
        let mut clean = src.as_bytes().to_vec();
        let p = pass_with(FileId(0), src, 0, &mut clean, false);
        let mut diags = characters(FileId(0), src);
        diags.extend(p.diags);
        diags.extend(p.tz_diags);
        format!("{:?}", (clean, p.chunks, diags, p.comments, p.blanked))
    }

    fn skipping(src: &str) -> String {
        let p = prepare(FileId(0), src);
        format!(
            "{:?}",
            (
                p.clean.into_bytes(),
                p.chunks,
                p.diags,
                p.comments,
                p.blanked
            )
        )
    }

    #[test]
    fn skipping_inert_bytes_reads_as_token_by_token() {
        for (name, src) in card_files() {
            assert!(skipping(&src) == token_by_token(&src), "{name}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// Text made of the pieces the pre-pass decides on (braces, strings, comments, line
        /// ends, blanks, BOMs, `text` and words that end in it, digits before it, headers at
        /// the left of a line) reads the same skipping inert bytes as token by token.
        #[test]
        fn skipping_matches_token_by_token(pieces in proptest::collection::vec(
            proptest::sample::select(vec![
                "{", "}", " {", "\"", "\"a\"", "\"x {", "\\", "#c", "\n", "\r\n", "\r",
                "\t", " ", "    ", "\u{FEFF}", "\u{FFFD}", "é", "text", "context", "9text",
                "_text", "text9", "cost 2", ".", ",", "device \"A\" {", "prime {",
                "character \"B\"", "\ndevice \"C\" {\n", "x",
            ]),
            0..60,
        )) {
            let src: String = pieces.concat();
            proptest::prop_assert_eq!(skipping(&src), token_by_token(&src));
        }
    }

    #[test]
    fn small_files_are_read_by_one_pass() {
        assert_eq!(split_point("device \"A\" {\n}\ndevice \"B\" {\n}\n"), None);
    }
}
