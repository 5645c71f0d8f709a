//! Turning a pest error into a designer-facing diagnostic.
//!
//! pest reports the rules it tried at the furthest position it reached. Each rule that
//! can be reported has a phrase here ("an effect such as `draw a card`"), a code and a
//! priority; the message lists the phrases, and the code is that of the most telling
//! rule. Rule names never reach a message.

use cardc_diagnostics::{Diagnostic, FileId, Span};
use pest::error::{ErrorVariant, InputLocation};

use crate::codes::*;
use crate::grammar::Rule;
use crate::vocabulary;

/// Where a piece of source was being parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ctx {
    /// `character "Name"` before a card's `{`.
    Header,
    /// A line of a card or face body.
    Item,
    /// A sentence of rules text.
    Sentence,
}

/// What to say about one expected rule: the code, the phrase, and a priority (higher
/// wins the code when several rules were expected).
fn describe(rule: Rule, ctx: Ctx) -> (&'static str, &'static str, u8) {
    use Rule as R;
    match rule {
        R::frame => (BAD_CARD_HEADER, "a card frame such as `character` or `ground_unit`", 5),
        R::card_name => (BAD_CARD_HEADER, "the card's name in quotes, such as `\"Mara Voss\"`", 5),
        R::EOI if ctx == Ctx::Header => (BAD_CARD_HEADER, "`{` after the card's name", 4),
        R::string if ctx == Ctx::Header => {
            (BAD_CARD_HEADER, "the card's name in quotes, such as `\"Mara Voss\"`", 5)
        }
        R::string if ctx == Ctx::Sentence => {
            (EXPECTED_TARGET, "a card's name in quotes, such as `\"Pier Nine\"`", 5)
        }
        R::EOI if ctx == Ctx::Item => (EXPECTED_END_OF_LINE, "the end of the line", 1),
        R::face_name => (BAD_LINE, "the face's name in quotes", 0),
        R::end_of_line => (EXPECTED_END_OF_LINE, "the end of the line", 1),
        R::field_key | R::face_key | R::kw_text | R::field | R::face | R::text_block => (
            BAD_LINE,
            "a field such as `cost 3`, a face such as `prime { … }`, or `text { … }`",
            3,
        ),
        R::arg | R::number | R::x | R::word | R::string => (MISSING_VALUE, "a value (a number, a word or a string)", 2),
        R::open_brace => (TEXT_NEEDS_BRACE, "`{`", 4),
        R::close_brace => (UNCLOSED_CARD, "`}` to close the block", 4),
        R::period => (MISSING_PERIOD, "`.` to end the sentence", 2),
        R::twist
        | R::replacement
        | R::trigger
        | R::trigger_after
        | R::activated
        | R::static_ability
        | R::effect_sentence
        | R::keyword
        | R::sentence_eoi
        | R::sentence_bare_eoi
        | R::twist_body => (
            UNKNOWN_SENTENCE,
            "a sentence such as `Confluence.`, `+1 RK.`, `Whenever …, ….`, `-2 CP: ….` or an effect such as `Draw a card.`",
            1,
        ),
        // `you may` before a trigger's effect (ruling R114) is said as the effect it opens.
        R::effect | R::you_may => (EXPECTED_EFFECT, vocabulary::EXPECTED, 6),
        R::target
        | R::chosen_target
        | R::each_target
        | R::this_card
        | R::the_bound
        | R::named_target => (
            EXPECTED_TARGET,
            "a target such as `target Character`, `each Ground Unit`, `this card`, `the Bound` or a card's name in quotes",
            6,
        ),
        R::kind => (EXPECTED_KIND, "a kind of card such as `Character`, `Ground Unit` or `permanent`", 7),
        R::controller | R::you_control | R::opponent_controls | R::opponents_control => {
            (EXPECTED_TARGET, "`you control` or `an opponent controls`", 5)
        }
        R::condition | R::whenever | R::when | R::start_of_turn => {
            (EXPECTED_EVENT, "`Whenever`, `When`, `At the start of your turn` or `At the end of your turn`", 5)
        }
        R::w_at => (EXPECTED_EVENT, "`At the start of your turn` or `At the end of your turn`", 4),
        R::w_the => (EXPECTED_WORD, "`the`", 4),
        R::w_start => (EXPECTED_EVENT, "`start` (`At the start of your turn`)", 4),
        R::w_of => (EXPECTED_WORD, "`of`", 4),
        R::w_your => (EXPECTED_WORD, "`your`", 4),
        R::w_turn => (EXPECTED_WORD, "`turn`", 4),
        R::w_you => (EXPECTED_TARGET, "`you control` or `an opponent controls`", 4),
        R::w_control => (EXPECTED_TARGET, "`control` (`you control`)", 4),
        R::w_controls => (EXPECTED_TARGET, "`controls` (`an opponent controls`)", 4),
        R::activate_symbol => (EXPECTED_COST, "the activate symbol `A`", 4),
        R::amount_number | R::gain_amount => (EXPECTED_NUMBER, "a number", 6),
        R::amount => (EXPECTED_NUMBER, "a number or `a`", 6),
        // An effect's amount (docs/vocabulary-v2.md §8): `that many` and `X` are read too, but a
        // number is what a designer is told to write.
        R::q_amount | R::q_gained | R::x_amount => (EXPECTED_NUMBER, "a number", 6),
        R::q_count => (EXPECTED_NUMBER, "a number or `a`", 6),
        R::quantity_suffix | R::for_each | R::qw_for | R::where_x => {
            (EXPECTED_WORD, "`for each …`", 1)
        }
        R::counter_amount => (EXPECTED_NUMBER, "a number, `a` or `that many`", 6),
        R::signed_number => (EXPECTED_NUMBER, "a signed number such as `+1` or `-2`", 6),
        R::article => (EXPECTED_NUMBER, "`a`", 5),
        R::that_many => (EXPECTED_NUMBER, "`that many`", 5),
        R::stat => (BAD_STATIC, "`DEF` or `RK`", 6),
        R::subject | R::group => (BAD_STATIC, "a subject such as `this card`, `the Bound` or `Characters you control`", 4),
        R::u_cp => (EXPECTED_WORD, "`CP`", 5),
        R::u_currency => (EXPECTED_WORD, "`Currency`", 5),
        R::u_story_points => (EXPECTED_WORD, "`Story Points`", 5),
        R::would_event | R::would_counters | R::would_destroyed | R::would_take_damage => (
            BAD_REPLACEMENT,
            "what would happen: `<kind> counters would be placed on <target>`, `<target> would be destroyed` or `<target> would take damage`",
            6,
        ),
        R::kw_instead => (BAD_REPLACEMENT, "`instead` at the end of the replacement", 5),
        R::kw_if => (BAD_REPLACEMENT, "`If`", 4),
        R::counter_kind => (EXPECTED_WORD, "a kind of counter such as `Liberation` or `Story`", 5),
        R::optional_mark => (EXPECTED_WORD, "`(optional)`", 3),
        R::kw_twist => (EXPECTED_WORD, "`Twist`", 3),
        R::colon => (EXPECTED_WORD, "`:`", 3),
        R::comma => (EXPECTED_WORD, "`,`", 3),
        R::w_an => (EXPECTED_WORD, "`an`", 4),
        R::w_be => (EXPECTED_WORD, "`be`", 4),
        R::w_cards => (EXPECTED_WORD, "`card` or `cards`", 4),
        R::w_counters => (EXPECTED_WORD, "`counter` or `counters`", 4),
        R::w_destroyed => (EXPECTED_WORD, "`destroyed`", 4),
        R::w_gets => (EXPECTED_WORD, "`gets`", 2),
        R::w_cant => (EXPECTED_WORD, "`can't`", 2),
        R::static_condition | R::kw_as_long_as | R::kw_while => {
            (BAD_STATIC, "`as long as <condition>`", 1)
        }
        R::static_if => (BAD_STATIC, "`As long as <condition>,`", 1),
        R::effect_if => (EXPECTED_WORD, "`If <condition>,`", 0),
        R::w_opponent => (EXPECTED_WORD, "`opponent`", 4),
        R::w_placed => (EXPECTED_WORD, "`placed`", 4),
        R::w_take => (EXPECTED_WORD, "`take`", 4),
        R::w_then => (EXPECTED_WORD, "`then`", 4),
        // Modes (ruling R81): `Choose one — …; or …`.
        R::modes | R::mode_choose => (EXPECTED_WORD, "`Choose one —`", 3),
        R::mode_count => (EXPECTED_NUMBER, "`one` or `two`", 6),
        R::mode_or => (EXPECTED_WORD, "`; or`", 4),
        R::w_would => (EXPECTED_WORD, "`would`", 4),
        R::w_pay => (EXPECTED_COST, "`Pay`", 4),
        R::w_target | R::w_each => (EXPECTED_TARGET, "`target` or `each`", 4),
        // `target other …`, `each other …` (ruling R72): read beside the
        // adjectives, and said as one of them.
        R::w_other => (EXPECTED_WORD, "an adjective such as `Fallen` or `Ruthless`", 3),
        // A cost change (ruling R87): `Maneuvers you play cost 1 less.`
        R::cost_change => (BAD_STATIC, "a cost change such as `Maneuvers you play cost 1 less`", 1),
        R::cc_player | R::cc_you | R::cc_opponent => {
            (EXPECTED_WORD, "`you play`, `you deploy`, `an opponent plays` or `an opponent deploys`", 2)
        }
        R::cc_cost => (EXPECTED_WORD, "`cost` (`Maneuvers you play cost 1 less`)", 2),
        R::cc_less | R::cc_more => (EXPECTED_WORD, "`less` or `more`", 5),
        R::cc_to | R::cc_verb => (EXPECTED_WORD, "`to play` or `to deploy`", 1),
        // The effects, the events and their words: from the vocabulary table.
        _ => vocabulary::describe(rule).unwrap_or(match ctx {
            Ctx::Header => (BAD_CARD_HEADER, "a card header such as `character \"Name\"`", 0),
            Ctx::Item => (BAD_LINE, "a field, a face or a `text` block", 0),
            Ctx::Sentence => (UNKNOWN_SENTENCE, "a sentence of rules text", 0),
        }),
    }
}

/// Concrete words that would satisfy `rules` in a sentence: the quoted examples of their
/// "expected …" phrases (`Currency`, `target Character`, `,`), without the ones that are
/// patterns (`Whenever …, ….`). The nearest-phrasing search tries them at an error.
pub(crate) fn fillers(rules: &[Rule]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for &rule in rules {
        let (_, phrase, _) = describe(rule, Ctx::Sentence);
        for (i, quoted) in phrase.split('`').enumerate() {
            let pattern = quoted.contains(['…', '<']) || quoted.trim().is_empty();
            if i % 2 == 1 && !pattern {
                // An example of several words (`target Character`) offers its first word
                // (`target`) too: the structure without the example's content.
                let first = quoted.split(' ').next().unwrap_or(quoted);
                for f in [quoted, first] {
                    if !out.iter().any(|o| o == f) {
                        out.push(f.to_owned());
                    }
                }
            }
        }
        if matches!(
            rule,
            Rule::amount_number | Rule::gain_amount | Rule::amount | Rule::counter_amount
        ) && !out.iter().any(|o| o == "1")
        {
            out.push("1".to_owned());
        }
    }
    out
}

/// Length of the token at `pos` in `text`: a word, one character, or 0 at a line end.
pub(crate) fn token_len(text: &str, pos: usize) -> usize {
    let rest = text.get(pos..).unwrap_or("");
    let mut chars = rest.char_indices();
    match chars.next() {
        None | Some((_, '\n')) | Some((_, '\r')) => 0,
        Some((_, '"')) => rest[1..].find(['"', '\n']).map_or(rest.len(), |i| {
            if rest.as_bytes()[1 + i] == b'"' {
                i + 2
            } else {
                i + 1
            }
        }),
        Some((_, c)) if c.is_ascii_alphanumeric() || c == '_' || c == '+' || c == '-' => rest
            .char_indices()
            .skip(1)
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(rest.len(), |(i, _)| i),
        Some((_, c)) => c.len_utf8(),
    }
}

/// How to show the token at `pos`: "`word`" or "the end of the line".
pub(crate) fn snippet(text: &str, pos: usize) -> String {
    let len = token_len(text, pos);
    if len == 0 {
        return if pos >= text.trim_end().len() {
            "the end of the text".into()
        } else {
            "the end of the line".into()
        };
    }
    let tok = &text[pos..pos + len];
    let shown: String = tok.chars().take(24).collect();
    let more = if shown.len() < tok.len() { "…" } else { "" };
    let shown = shown.replace('`', "'");
    if shown.chars().all(|c| c.is_control() || c == '\u{FFFD}') {
        format!(
            "the character U+{:04X}",
            shown.chars().next().map_or(0, u32::from)
        )
    } else {
        format!("`{shown}{more}`")
    }
}

/// Joins phrases as "a, b or c".
pub(crate) fn join_or(phrases: &[&str]) -> String {
    match phrases {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// The position and expected rules of a pest error.
pub(crate) fn position_and_rules(err: &pest::error::Error<Rule>) -> (usize, Vec<Rule>) {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let rules = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    (pos, rules)
}

/// The diagnostic for a pest error in the slice of `view` that starts at `slice_start`;
/// `view` itself starts at byte `view_base` of the file.
pub(crate) fn diagnose(
    file: FileId,
    view: &str,
    view_base: usize,
    slice_start: usize,
    err: &pest::error::Error<Rule>,
    ctx: Ctx,
) -> Diagnostic {
    let (pos, rules) = position_and_rules(err);
    expected_at(file, view, view_base, slice_start + pos, &rules, ctx)
}

/// The diagnostic "expected <rules>, found <token at `pos` of `text`>"; `text` starts at
/// byte `base` of the file.
pub(crate) fn expected_at(
    file: FileId,
    text: &str,
    base: usize,
    pos: usize,
    rules: &[Rule],
    ctx: Ctx,
) -> Diagnostic {
    let bytes = text.as_bytes();
    let mut pos = pos.min(text.len());
    while pos < bytes.len() && matches!(bytes[pos], b' ' | b'\t') {
        pos += 1;
    }
    let mut rules = rules.to_vec();
    let at_char = text.get(pos..).and_then(|r| r.chars().next());
    if ctx == Ctx::Item
        && rules
            .iter()
            .any(|r| matches!(r, Rule::EOI | Rule::end_of_line))
    {
        // A field or block that read fine up to here: junk on its line.
        rules.retain(|r| {
            matches!(
                r,
                Rule::EOI | Rule::end_of_line | Rule::arg | Rule::number | Rule::word
            )
        });
    }
    if rules.contains(&Rule::stat) && rules.contains(&Rule::u_cp) {
        // `+1 RK.` or `+1 CP: …`: the `:` decides which was meant.
        let keep = if at_char == Some(':') {
            Rule::u_cp
        } else {
            Rule::stat
        };
        rules.retain(|&r| !matches!(r, Rule::stat | Rule::u_cp) || r == keep);
    }
    let effect_expected = rules.iter().any(|&r| {
        r == Rule::effect || vocabulary::describe(r).is_some_and(|d| d.0 == EXPECTED_EFFECT)
    });
    if effect_expected {
        // After a trigger's comma: the effect is what is missing; the optional intervening
        // `if <condition>,` (ruling R36) is not offered in its place.
        rules.retain(|&r| r != Rule::kw_if);
    }
    if rules.contains(&Rule::w_gets) {
        // After a static's group (`Characters you control …`), a cost change's words are
        // not offered: the group's verb is what is missing (ruling R87 keeps them quiet).
        rules.retain(|r| {
            !matches!(
                r,
                Rule::cc_player | Rule::cc_you | Rule::cc_opponent | Rule::cc_cost
            )
        });
    }
    let rules = &rules[..];
    let len = token_len(text, pos);
    let span = Span::new(file, base + pos, base + pos + len);
    let found = snippet(text, pos);

    if ctx == Ctx::Item && at_char == Some('{') && rules.contains(&Rule::close_brace) {
        return Diagnostic::error(BRACE_IN_TEXT, span, "rules text cannot contain `{`")
            .with_label("unexpected `{`")
            .with_help("close the `text` block with `}` first");
    }
    let mut described: Vec<(&'static str, &'static str, u8)> =
        rules.iter().map(|&r| describe(r, ctx)).collect();
    if described.is_empty() {
        described.push(describe(Rule::EOI, ctx));
    }
    let code = described
        .iter()
        .max_by_key(|d| d.2)
        .map_or(BAD_LINE, |d| d.0);
    let mut phrases: Vec<&str> = Vec::new();
    let at_char = text.get(pos..).and_then(|r| r.chars().next());
    let mut sorted = described.clone();
    sorted.sort_by_key(|d| std::cmp::Reverse(d.2));
    for (_, p, _) in sorted {
        if !phrases.contains(&p) {
            phrases.push(p);
        }
    }
    let after_text = text[..pos].trim_end().ends_with("text");
    let code = match code {
        TEXT_NEEDS_BRACE if !after_text => BAD_LINE,
        UNCLOSED_CARD if at_char.is_some() => BAD_LINE,
        _ if rules.contains(&Rule::u_cp) && at_char == Some(':') => EXPECTED_COST,
        _ if ctx == Ctx::Item
            && rules
                .iter()
                .any(|r| matches!(r, Rule::EOI | Rule::end_of_line)) =>
        {
            EXPECTED_END_OF_LINE
        }
        c => c,
    };
    if ctx == Ctx::Item && code == BAD_LINE && !after_text && rules.contains(&Rule::open_brace) {
        // `prime` … then junk: a face or a field was meant; keep the message simple.
        phrases.retain(|p| *p != "`{`");
    }
    Diagnostic::error(
        code,
        span,
        format!("expected {}, found {found}", join_or(&phrases)),
    )
    .with_label(format!(
        "expected {}",
        phrases.first().copied().unwrap_or("something else")
    ))
}
