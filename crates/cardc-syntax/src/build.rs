//! From the pre-pass's chunks to [`Card`]s: card headers, body lines, faces, fields
//! and text blocks, through pest.

use cardc_diagnostics::{Diagnostic, FileId, Span};
use pest::iterators::Pair;
use pest::Parser;

use crate::ast::*;
use crate::codes;
use crate::expected::{self, Ctx};
use crate::grammar::{CardParser, Rule};
use crate::lex::{Chunk, Prepared};
use crate::text;

type P<'i> = Pair<'i, Rule>;

/// Builds cards from the comment-free text `clean` of one file.
pub(crate) struct Builder<'a> {
    pub file: FileId,
    pub clean: &'a str,
    /// The bytes the pre-pass changed in `clean` that are not comments, in order
    /// (`lex::Prepared::blanked`): the newlines of a text block read as one line among them.
    blanked: &'a [(u32, u8)],
    /// The spans of the pre-pass's errors, sorted (`lex::Prepared::error_spans`).
    prepass_errors: &'a [Span],
    pub diags: Vec<Diagnostic>,
}

impl<'a> Builder<'a> {
    /// A builder over the pre-pass's result, its diagnostics starting as `diags`.
    pub(crate) fn new(file: FileId, prepared: &'a Prepared, diags: Vec<Diagnostic>) -> Self {
        Builder {
            file,
            clean: &prepared.clean,
            blanked: &prepared.blanked,
            prepass_errors: &prepared.error_spans,
            diags,
        }
    }

    fn span(&self, base: usize, p: &P<'_>) -> Span {
        let s = p.as_span();
        Span::new(self.file, base + s.start(), base + s.end())
    }

    /// One card; `None` if its header is unreadable (the body is still checked).
    pub(crate) fn card(&mut self, chunk: &Chunk) -> Option<Card> {
        let before = self.diags.len();
        let header = self.header(chunk);
        if chunk.too_deep {
            return None;
        }
        let base = chunk.open + 1;
        let body = self.clean.get(base..chunk.body_end).unwrap_or("");
        let items = match CardParser::parse(Rule::card_body_eoi, body) {
            Ok(mut pairs) => match pairs.next().and_then(|p| p.into_inner().next()) {
                Some(b) => self.body(base, b),
                None => Vec::new(),
            },
            Err(e) => {
                self.diags.push(expected::diagnose(
                    self.file,
                    self.clean,
                    0,
                    base,
                    &e,
                    Ctx::Item,
                ));
                Vec::new()
            }
        };
        let (kind, name) = header?;
        Some(self.finish(chunk, before, kind, name, items))
    }

    /// The card of `chunk`, read from its header and items, the builder's diagnostics for it
    /// starting at index `before`.
    fn finish(
        &self,
        chunk: &Chunk,
        before: usize,
        kind: Spanned<String>,
        name: Spanned<String>,
        items: Vec<Item>,
    ) -> Card {
        let end = chunk.close.map_or(chunk.body_end, |c| c + 1);
        let span = Span::new(self.file, kind.span.start as usize, end);
        let prepass = self.prepass_errors_in(span.start as usize, end);
        let parse = self.diags[before..]
            .iter()
            .filter(|d| d.is_error())
            .map(|d| &d.primary.span);
        Card {
            syntax_errors: prepass.chain(parse).any(|e| span.contains(*e)),
            span,
            kind,
            name,
            items,
        }
    }

    /// Cards that [`Builder::batchable`] admits, read in one parse of the grammar's `file`
    /// rule: the same cards and diagnostics as [`Builder::card`] gives one by one, at the cost
    /// of one parse instead of two a card (pest sets up each parse and indexes its lines).
    /// `None`, with nothing reported, if the text does not read as exactly these cards; the
    /// caller then reads them one by one.
    pub(crate) fn batch(&mut self, chunks: &[Chunk]) -> Option<Vec<Card>> {
        let (first, last) = (chunks.first()?, chunks.last()?);
        let base = first.header.start;
        let text = self.clean.get(base..last.close? + 1)?;
        let file = CardParser::parse(Rule::file, text).ok()?.next()?;
        let pairs: Vec<P<'_>> = file
            .into_inner()
            .filter(|p| p.as_rule() == Rule::card)
            .collect();
        // Each card where the pre-pass put it: from its header to its `}`, its braces at the
        // chunk's.
        let at = |p: Option<P<'_>>| p.map(|p| base + p.as_span().start());
        let placed = pairs.len() == chunks.len()
            && pairs.iter().zip(chunks).all(|(p, c)| {
                let span = p.as_span();
                let mut inner = p.clone().into_inner();
                base + span.start() == c.header.start
                    && Some(base + span.end()) == c.close.map(|c| c + 1)
                    && inner
                        .next()
                        .is_some_and(|h| h.as_rule() == Rule::card_header)
                    && at(inner.next()) == Some(c.open)
                    && at(inner.last()) == c.close
            });
        if !placed {
            return None;
        }
        let mut cards = Vec::with_capacity(chunks.len());
        for (pair, chunk) in pairs.into_iter().zip(chunks) {
            let before = self.diags.len();
            let mut inner = pair.into_inner();
            let header = inner.next().and_then(|h| self.header_of(base, h));
            let body = inner.find(|p| p.as_rule() == Rule::card_body);
            match (header, body) {
                (Some((kind, name)), Some(body)) => {
                    let items = self.body(base, body);
                    cards.push(self.finish(chunk, before, kind, name, items));
                }
                // Not a shape the grammar gives a card: read on its own, as always.
                _ => cards.extend(self.card(chunk)),
            }
        }
        Some(cards)
    }

    /// Whether `chunk` may be read in a [`Builder::batch`]: closed, not too deep, and with no
    /// error of the pre-pass from its header to its `}` (which its own parse might read
    /// otherwise than the batch's).
    pub(crate) fn batchable(&self, chunk: &Chunk) -> bool {
        chunk.close.is_some_and(|close| {
            !chunk.too_deep
                && !chunk.header.is_empty()
                && self
                    .prepass_errors_in(chunk.header.start, close)
                    .next()
                    .is_none()
        })
    }

    /// The pre-pass's errors (all of this file) that start from `start` to `end`, inclusive.
    fn prepass_errors_in(&self, start: usize, end: usize) -> impl Iterator<Item = &Span> {
        let first = self
            .prepass_errors
            .partition_point(|e| (e.start as usize) < start);
        self.prepass_errors[first..]
            .iter()
            .take_while(move |e| e.start as usize <= end)
    }

    fn header(&mut self, chunk: &Chunk) -> Option<(Spanned<String>, Spanned<String>)> {
        let base = chunk.header.start;
        let text = self.clean.get(chunk.header.clone())?;
        match CardParser::parse(Rule::card_header_eoi, text) {
            Ok(mut pairs) => {
                let h = pairs.next()?.into_inner().next()?;
                self.header_of(base, h)
            }
            Err(e) => {
                self.diags.push(expected::diagnose(
                    self.file,
                    self.clean,
                    0,
                    base,
                    &e,
                    Ctx::Header,
                ));
                None
            }
        }
    }

    /// The frame word and the name of a `card_header` pair.
    fn header_of(&mut self, base: usize, h: P<'_>) -> Option<(Spanned<String>, Spanned<String>)> {
        let mut inner = h.into_inner();
        let frame = inner.next()?;
        let name = inner.next()?.into_inner().next()?;
        let kind = Spanned::new(frame.as_str().to_string(), self.span(base, &frame));
        let name = self.string(base, &name);
        Some((kind, name))
    }

    /// The items of a `card_body` pair.
    fn body(&mut self, base: usize, body: P<'_>) -> Vec<Item> {
        let pairs = body.into_inner();
        // One pair a line that holds an item (blank lines make none): room for them all.
        let mut items = Vec::with_capacity(pairs.len());
        for p in pairs {
            match p.as_rule() {
                Rule::field => items.push(Item::Field(self.field(base, p))),
                Rule::face => {
                    if let Some(f) = self.face(base, p) {
                        items.push(Item::Face(f));
                    }
                }
                Rule::text_block => {
                    if let Some(t) = self.text_block(base, p) {
                        items.push(Item::Text(t));
                    }
                }
                Rule::bad_item => self.bad_item(base, &p),
                _ => {}
            }
        }
        items
    }

    /// Re-parses a line that is not an item on its own, to say what was expected.
    fn bad_item(&mut self, base: usize, p: &P<'_>) {
        let at = base + p.as_span().start();
        match CardParser::parse(Rule::item_eoi, p.as_str()) {
            Err(e) => {
                let (pos, rules) = expected::position_and_rules(&e);
                let d =
                    expected::expected_at(self.file, self.clean, 0, at + pos, &rules, Ctx::Item);
                self.diags.push(d);
            }
            Ok(_) => {
                let span = self.span(base, p);
                self.diags.push(
                    Diagnostic::error(
                        codes::BAD_LINE,
                        span,
                        "expected a field, a face or a `text` block",
                    )
                    .with_label("this line is not part of the card's grammar"),
                );
            }
        }
    }

    fn face(&mut self, base: usize, p: P<'_>) -> Option<Face> {
        let span = self.span(base, &p);
        let mut key = None;
        let mut name = None;
        let mut items = Vec::new();
        for c in p.into_inner() {
            match c.as_rule() {
                Rule::face_key => {
                    key = Some(Spanned::new(c.as_str().to_string(), self.span(base, &c)))
                }
                Rule::face_name => {
                    if let Some(s) = c.into_inner().next() {
                        name = Some(self.string(base, &s));
                    }
                }
                Rule::card_body => items = self.body(base, c),
                _ => {}
            }
        }
        Some(Face {
            key: key?,
            name,
            items,
            span,
        })
    }

    /// A text block: its sentences were read by the card's parse (`read_sentence`); a
    /// piece that was not (`bad_sentence`) is read again on its own, as written, to say
    /// what was expected there (`text::sentences`).
    fn text_block(&mut self, base: usize, p: P<'_>) -> Option<TextBlock> {
        let span = self.span(base, &p);
        let body = p.into_inner().find(|c| c.as_rule() == Rule::text_body)?;
        let mut sentences = Vec::new();
        // Where the text after the last piece starts: a bad piece is read from there, as
        // the sentence splitter would have cut it.
        let mut from = body.as_span().start();
        for piece in body.into_inner() {
            let end = piece.as_span().end();
            if piece.as_rule() == Rule::read_sentence {
                sentences.extend(text::read(self.file, base, piece, &mut self.diags));
            } else {
                let written = self.as_written(base + from, base + end);
                sentences.extend(text::sentences(
                    self.file,
                    base + from,
                    &written,
                    &mut self.diags,
                ));
            }
            from = end;
        }
        Some(TextBlock { sentences, span })
    }

    /// The clean text from `start` to `end` with the newlines the pre-pass turned into
    /// spaces put back (the source and the clean text share offsets).
    fn as_written(&self, start: usize, end: usize) -> String {
        let mut text = self.clean.get(start..end).unwrap_or("").as_bytes().to_vec();
        let from = self
            .blanked
            .partition_point(|&(at, _)| (at as usize) < start);
        for &(at, b) in &self.blanked[from..] {
            let Some(i) = (at as usize).checked_sub(start).filter(|&i| i < text.len()) else {
                break;
            };
            if b == b'\n' {
                text[i] = b'\n';
            }
        }
        // Only a blank became a newline, so the text is still UTF-8.
        String::from_utf8(text).unwrap_or_default()
    }

    fn field(&mut self, base: usize, p: P<'_>) -> Field {
        let span = self.span(base, &p);
        let mut inner = p.into_inner();
        let key = match inner.next() {
            Some(k) => Spanned::new(k.as_str().to_string(), self.span(base, &k)),
            None => Spanned::new(String::new(), span),
        };
        // The pairs after the key are its arguments, and an argument's are its atoms: each
        // list is sized once (most fields have one argument of one atom).
        let mut args = Vec::with_capacity(inner.len());
        for a in inner.filter(|a| a.as_rule() == Rule::arg) {
            let arg_span = self.span(base, &a);
            let pairs = a.into_inner();
            let mut atoms = Vec::with_capacity(pairs.len());
            atoms.extend(pairs.filter_map(|t| self.atom(base, t)));
            if !atoms.is_empty() {
                args.push(Arg {
                    atoms,
                    span: arg_span,
                });
            }
        }
        Field { key, args, span }
    }

    fn atom(&mut self, base: usize, t: P<'_>) -> Option<Spanned<Atom>> {
        let span = self.span(base, &t);
        let value = match t.as_rule() {
            Rule::number => {
                let raw = t.as_str();
                if let Some(pct) = raw.strip_suffix('%') {
                    if !pct.is_empty() && pct.bytes().all(|b| b.is_ascii_digit()) {
                        return Some(Spanned::new(Atom::Percent(pct.to_string()), span));
                    }
                }
                let digits = raw
                    .strip_prefix(['+', '-', '\u{2212}', '\u{2013}'])
                    .unwrap_or(raw);
                if !digits.bytes().all(|b| b.is_ascii_digit()) {
                    self.diags.push(
                        Diagnostic::error(
                            codes::MALFORMED_NUMBER,
                            span,
                            format!("malformed number `{raw}`"),
                        )
                        .with_label("not a number")
                        .with_help("a number is digits with an optional `+` or `-` sign"),
                    );
                    return None;
                }
                // Ruling R77: the minus sign and the en dash are read as `-`.
                Atom::Int(raw.replace(['\u{2212}', '\u{2013}'], "-"))
            }
            Rule::x => Atom::X,
            Rule::word => Atom::Word(t.as_str().to_string()),
            Rule::string => Atom::Str(self.string(base, &t).value),
            _ => return None,
        };
        Some(Spanned::new(value, span))
    }

    /// Unescapes a `string` pair, reporting unknown escapes.
    fn string(&mut self, base: usize, s: &P<'_>) -> Spanned<String> {
        unescape(self.file, base, s, &mut self.diags)
    }
}

/// Unescapes a `string` pair whose pest offsets are relative to byte `base` of the file,
/// reporting unknown escapes (`E0002`). Card names, face names, field strings and the
/// card names of rules text all go through here, so they read the same escapes.
pub(crate) fn unescape(
    file: FileId,
    base: usize,
    s: &P<'_>,
    diags: &mut Vec<Diagnostic>,
) -> Spanned<String> {
    let ps = s.as_span();
    let span = Span::new(file, base + ps.start(), base + ps.end());
    let inner = s
        .clone()
        .into_inner()
        .find(|c| c.as_rule() == Rule::string_inner);
    let (raw, at) = match &inner {
        Some(i) => (i.as_str(), base + i.as_span().start()),
        None => ("", base),
    };
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.char_indices();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some((_, '"')) => out.push('"'),
            Some((_, '\\')) => out.push('\\'),
            Some((_, 'n')) => out.push('\n'),
            Some((_, 't')) => out.push('\t'),
            other => {
                let len = 1 + other.map_or(0, |(_, c)| c.len_utf8());
                let esc = Span::new(file, at + i, at + i + len);
                diags.push(
                    Diagnostic::error(codes::BAD_ESCAPE, esc, "unknown escape in string")
                        .with_label("not one of `\\\"`, `\\\\`, `\\n`, `\\t`")
                        .with_help("write `\\\\` for a backslash"),
                );
                if let Some((_, c)) = other {
                    out.push(c);
                }
            }
        }
    }
    Spanned::new(out, span)
}
