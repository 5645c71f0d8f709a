//! Rules text: the sentences of a `text { … }` block.
//!
//! The card's own parse reads each sentence (`read_sentence` in the grammar; [`read`]
//! builds it). A piece it cannot read (`bad_sentence`) comes here as written, with its
//! newlines: [`sentences`] splits it at every `.` outside a string and parses each piece
//! alone with `sentence_eoi`, to say what was expected, so one bad sentence never hides
//! the next. Newlines inside a sentence are read as spaces. When a piece fails but its
//! first line reads as a whole sentence, the `.` is reported missing there (`E0020`) and
//! parsing goes on with the next line.

use cardc_diagnostics::{did_you_mean, Applicability, Diagnostic, FileId, Span};
use pest::Parser;

use crate::ast::Sentence;
use crate::codes;
use crate::expected::{self, Ctx};
use crate::grammar::{CardParser, Rule};
use crate::nearest::{self, Nearest};
use crate::sentence::SentenceBuilder;
use crate::vocabulary;

/// Words a sentence can start with (for "did you mean" on an unknown sentence), before
/// the effects' leading verbs ([`vocabulary::OPENERS`], from the table).
const OPENERS: &[&str] = &[
    "Whenever", "When", "At", "If", "Twist", "This", "The", "Target", "Each",
];

pub(crate) fn openers() -> impl Iterator<Item = &'static str> {
    OPENERS.iter().chain(vocabulary::OPENERS).copied()
}

/// Rules that, when they are all pest could expect, mean the first word already went wrong.
const WEAK: &[Rule] = &[
    Rule::controller,
    Rule::w_gets,
    Rule::period,
    Rule::kind,
    Rule::filter_adj,
    Rule::filter_clause,
    // A prohibition's verb after a subject (ruling R84): as weak as `gets`.
    Rule::static_prohibition,
    Rule::w_cant,
    // A cost change's words after its cards (ruling R87).
    Rule::cc_player,
    Rule::cc_you,
    Rule::cc_opponent,
    Rule::cc_cost,
];

/// Parses a piece of a text block's body, as written: `body` starts at byte `base` of
/// the file.
pub(crate) fn sentences(
    file: FileId,
    base: usize,
    body: &str,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Sentence> {
    // Newlines become spaces so a sentence may wrap; offsets do not move.
    let view: String = body
        .chars()
        .map(|c| if c == '\n' { ' ' } else { c })
        .collect();
    let mut out = Vec::new();
    let mut start = 0;
    for end in sentence_ends(body) {
        parse_piece(file, base, body, &view, start, end, diags, &mut out);
        start = end;
    }
    if !view[start..].trim().is_empty() {
        parse_piece(file, base, body, &view, start, view.len(), diags, &mut out);
    }
    out
}

/// How many sentences a designer wrote in `block`, the source of one `text { … }` block
/// (comments included): the pieces the splitter makes, counted without parsing them. The
/// formatter compares it with what was read, so a sentence is never silently dropped.
pub fn sentence_count(block: &str) -> usize {
    let (Some(open), Some(close)) = (block.find('{'), block.rfind('}')) else {
        return 0;
    };
    let body = block.get(open + 1..close).unwrap_or("");
    // Blank `#` comments outside strings, as the pre-pass does.
    let mut clean = String::with_capacity(body.len());
    let (mut in_string, mut in_comment, mut escaped) = (false, false, false);
    for c in body.chars() {
        match c {
            '\n' => {
                in_string = false;
                in_comment = false;
            }
            '#' if !in_string => in_comment = true,
            '"' if !in_comment && !escaped => in_string = !in_string,
            _ => {}
        }
        escaped = in_string && c == '\\' && !escaped;
        clean.push(if in_comment { ' ' } else { c });
    }
    let mut start = 0;
    let mut n = 0;
    for end in sentence_ends(&clean) {
        if !clean[start..end].trim().is_empty() {
            n += 1;
        }
        start = end;
    }
    n + usize::from(!clean[start..].trim().is_empty())
}

/// The offsets just past each `.` outside strings (strings end at a line end).
pub(crate) fn sentence_ends(body: &str) -> Vec<usize> {
    let bytes = body.as_bytes();
    let mut ends = Vec::new();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => in_string = !in_string,
            b'\\' if in_string => i += 1,
            b'\n' => in_string = false,
            b'.' if !in_string => ends.push(i + 1),
            _ => {}
        }
        i += 1;
    }
    ends
}

/// The sentence of a `read_sentence` pair of the card's parse, whose offsets are relative
/// to byte `base` of the file; `None` (with `E0900`) if the builder cannot read it.
pub(crate) fn read(
    file: FileId,
    base: usize,
    pair: pest::iterators::Pair<'_, Rule>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Sentence> {
    let span = pair.as_span();
    let builder = SentenceBuilder::new(file, base);
    let built = build(&builder, pair, true);
    diags.extend(builder.take_diagnostics());
    if built.is_none() {
        diags.push(unreadable(file, base + span.start(), span.as_str()));
    }
    built
}

#[allow(clippy::too_many_arguments)]
fn parse_piece(
    file: FileId,
    base: usize,
    body: &str,
    view: &str,
    mut start: usize,
    end: usize,
    diags: &mut Vec<Diagnostic>,
    out: &mut Vec<Sentence>,
) {
    loop {
        // Skip leading whitespace so spans start on the first word.
        let lead = view[start..end].len() - view[start..end].trim_start().len();
        start += lead;
        if start >= end {
            return;
        }
        let piece = view[start..end].trim_end();
        let has_period = piece.ends_with('.');
        let rule = if has_period {
            Rule::sentence_eoi
        } else {
            Rule::sentence_bare_eoi
        };
        let err = match parse_windowed(rule, piece) {
            Ok(mut pairs) => {
                let builder = SentenceBuilder::new(file, base + start);
                let built = pairs
                    .next()
                    .and_then(|top| build(&builder, top, has_period));
                diags.extend(builder.take_diagnostics());
                match built {
                    Some(s) => {
                        if !has_period {
                            diags.push(missing_period(file, s.span));
                        }
                        out.push(s);
                    }
                    None => diags.push(unreadable(file, base + start, piece)),
                }
                return;
            }
            Err(e) => e,
        };
        // A first line that is a whole sentence on its own: its `.` is missing.
        if let Some(nl) = body[start..end].find('\n').map(|i| start + i) {
            let line = view[start..nl].trim_end();
            if !line.is_empty() {
                if let Ok(mut pairs) = CardParser::parse(Rule::sentence_bare_eoi, line) {
                    let builder = SentenceBuilder::new(file, base + start);
                    let built = pairs.next().and_then(|top| build(&builder, top, false));
                    diags.extend(builder.take_diagnostics());
                    match built {
                        Some(s) => {
                            diags.push(missing_period(file, s.span));
                            out.push(s);
                        }
                        None => diags.push(unreadable(file, base + start, line)),
                    }
                    start = nl + 1;
                    continue;
                }
            }
        }
        let piece = view[start..end].trim_end();
        let span = Span::new(file, base + start, base + start + piece.len());
        let d = match optional_outside_trigger(file, base + start, piece) {
            Some(d) => d,
            None => sentence_error(file, base, view, start, &err),
        };
        diags.push(with_nearest(d, span, piece));
        return;
    }
}

/// Parses `text` with `rule`, looking first at a short window of it.
///
/// pest builds an error in time proportional to the whole input, so a text block of
/// many lines without a `.` would cost quadratic time if every retry handed pest the
/// whole rest of the block. A failure well inside the window (pest looks at most a
/// token past its furthest attempt) is the same failure the whole text would give; a
/// failure near the window's end doubles the window.
fn parse_windowed(
    rule: Rule,
    text: &str,
) -> Result<pest::iterators::Pairs<'_, Rule>, pest::error::Error<Rule>> {
    const MARGIN: usize = 128;
    let mut window = 512;
    while window < text.len() {
        let mut cut = window;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        if let Err(e) = CardParser::parse(rule, &text[..cut]) {
            if expected::position_and_rules(&e).0 + MARGIN < cut {
                return Err(e);
            }
        }
        window *= 2;
    }
    CardParser::parse(rule, text)
}

/// Builds the sentence under a `sentence_eoi` / `sentence_bare_eoi` pair.
fn build(
    builder: &SentenceBuilder,
    top: pest::iterators::Pair<'_, Rule>,
    has_period: bool,
) -> Option<Sentence> {
    let mut inner = top.into_inner();
    let alt = inner.next()?;
    let period = if has_period {
        let p = inner.next()?;
        let s = p.as_span();
        Span::new(
            builder.file,
            builder.base + s.start(),
            builder.base + s.end(),
        )
    } else {
        let s = alt.as_span();
        Span::new(builder.file, builder.base + s.end(), builder.base + s.end())
    };
    builder.sentence(alt, period)
}

/// `d`, for the sentence `piece` at `span` that failed to parse, with the nearest accepted
/// phrasing: a replacement of the whole sentence when one reads, or the table's example
/// most like it (`nearest.rs`).
fn with_nearest(d: Diagnostic, span: Span, piece: &str) -> Diagnostic {
    match nearest::nearest(piece) {
        Some(Nearest::Rephrased(s)) => d.with_help(format!("did you mean `{s}`?")).suggest(
            "the nearest sentence the vocabulary reads",
            span,
            s,
            Applicability::MaybeIncorrect,
        ),
        Some(Nearest::Example(e)) => d.with_note(format!(
            "the nearest sentence the vocabulary reads is, for example, `{e}`"
        )),
        None => d,
    }
}

/// `E0022` for `you may` where the language does not read it: only a trigger's effect is
/// optional (ruling R114); a Maneuver's, a static's or an activated ability's effect is
/// always done. `None` when `piece` (at byte `at`) has no `you may` opening it or its effect.
fn optional_outside_trigger(file: FileId, at: usize, piece: &str) -> Option<Diagnostic> {
    let offset = crate::nearest::optional_at(piece)?;
    let span = Span::new(file, at + offset, at + offset + "you may".len());
    Some(
        Diagnostic::error(
            codes::EXPECTED_EFFECT,
            span,
            "`you may` is read only before a trigger's effect",
        )
        .with_label("nothing here is optional")
        .with_note("ruling R114: `Whenever …, you may <effect>.` lets the trigger's controller decline it as it resolves; a Maneuver's or an ability's effect is always done, and a static always applies"),
    )
}

/// `E0900`: `text` (at byte `at` of the file) parsed, but the builder could not read it.
fn unreadable(file: FileId, at: usize, text: &str) -> Diagnostic {
    Diagnostic::error(
        codes::UNREADABLE_SENTENCE,
        Span::new(file, at, at + text.len()),
        "internal error: cardc parsed this sentence but could not read it",
    )
    .with_label("this sentence is kept, not dropped")
    .with_note("this is a bug in cardc: the grammar and the sentence builder disagree")
    .with_help("please report it with this sentence (`cardc explain E0900`)")
}

fn missing_period(file: FileId, sentence: Span) -> Diagnostic {
    let at = sentence.end as usize;
    Diagnostic::error(
        codes::MISSING_PERIOD,
        Span::new(file, at, at),
        "expected `.` to end the sentence",
    )
    .with_label("add `.` here")
    .with_secondary(sentence, "this sentence")
    .with_note("each ability of rules text is one sentence ending in `.`")
    .suggest(
        "end the sentence with a period",
        Span::new(file, at, at),
        ".",
        Applicability::MachineApplicable,
    )
}

/// The diagnostic for a sentence that failed to parse; `start` is its offset in `view`.
fn sentence_error(
    file: FileId,
    base: usize,
    view: &str,
    start: usize,
    err: &pest::error::Error<Rule>,
) -> Diagnostic {
    let (pos, rules) = expected::position_and_rules(err);
    let first_len = expected::token_len(view, start);
    let first_word = &view[start..start + first_len];
    let is_opener = first_word.starts_with(['+', '-'])
        || first_word == "A"
        || openers().any(|o| o.eq_ignore_ascii_case(first_word));
    let weak = !rules.is_empty() && rules.iter().all(|r| WEAK.contains(r));
    if pos == 0 || (!is_opener && weak) {
        let span = Span::new(file, base + start, base + start + first_len);
        let found = expected::snippet(view, start);
        let mut d = Diagnostic::error(
            codes::UNKNOWN_SENTENCE,
            span,
            format!(
                "expected a sentence such as `Confluence.`, `+1 RK.`, `Whenever …, ….`, `-2 CP: ….` or an effect such as `Draw a card.`, found {found}"
            ),
        )
        .with_label("no sentence of rules text starts like this");
        if let Some(s) =
            did_you_mean(first_word, openers()).filter(|s| !s.eq_ignore_ascii_case(first_word))
        {
            d = d.with_help(format!("did you mean `{s}`?")).suggest_word(
                "a sentence opening",
                span,
                first_word,
                s,
            );
        } else {
            d = d.with_note(
                "the sentence shapes are listed in docs/language.md, \"Rules text grammar\"",
            );
        }
        return d;
    }
    expected::expected_at(file, view, base, start + pos, &rules, Ctx::Sentence)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parse the builder cannot read (here: pairs of another rule, as a grammar that
    /// disagrees with the builder would give) is `None`, and `parse_piece` then reports
    /// `E0900` instead of dropping the sentence.
    #[test]
    fn an_unreadable_sentence_is_an_internal_error_never_a_drop() {
        let builder = SentenceBuilder::new(FileId(0), 0);
        let top = CardParser::parse(Rule::card_header_eoi, "character \"X\"")
            .ok()
            .and_then(|mut p| p.next());
        let built = top.and_then(|t| build(&builder, t, false));
        assert!(built.is_none());
        let d = unreadable(FileId(0), 10, "Gain 1 CP.");
        assert_eq!(d.code, codes::UNREADABLE_SENTENCE);
        assert!(d.notes.iter().any(|n| n.contains("a bug in cardc")));
        assert_eq!((d.primary.span.start, d.primary.span.end), (10, 20));
    }

    #[test]
    fn sentences_are_counted_without_parsing_and_comments_do_not_count() {
        assert_eq!(sentence_count("text { Confluence. +1 RK. }"), 2);
        assert_eq!(
            sentence_count("text {\n  Drawe a card.  # a typo. still one\n  Gain 1 CP\n}"),
            2
        );
        assert_eq!(sentence_count("text { Destroy \"A. B\". }"), 1);
        assert_eq!(sentence_count("text { }"), 0);
    }
}
