//! The nearest accepted phrasing of a sentence the vocabulary does not read: a
//! phrase-level "did you mean".
//!
//! A designer who writes `Whenever this card dies, gain 1 Story Point.` means something
//! the game can say; the message should show the sentence that says it, not only the word
//! that went wrong. Three searches, in order, each candidate checked by parsing it with
//! the real sentence grammar (so a suggestion is always a sentence the language reads):
//!
//! 1. **Other games' words.** [`FOREIGN`] maps what designers bring from other card games
//!    (`dies`, `exile`, `untap`, `mana`) to the game's own phrase. Every match is replaced;
//!    the designer's own numbers, targets and other words are kept. A first word that is a
//!    slip of a sentence opening (`Drawe`) is corrected.
//! 2. **Small repairs at the error.** At the position pest stopped, each word it expected
//!    (taken from the same "expected …" phrases the message lists) is tried before the
//!    token there, and in its place when the token is a slip of it or a function word; a
//!    function word or punctuation is tried deleted. A beam of the candidates that read
//!    furthest is kept, up to `DEPTH` edits, adding at most `MAX_ADDED` word of
//!    content. A word the designer chose is never exchanged for another meaning (`end`
//!    never becomes `start`).
//! 3. **The nearest example.** Failing both, the table's example sentence most like the
//!    sentence (shared words and word pairs) is shown, as an example rather than a fix.
//!
//! The search is bounded (`BUDGET` parses) and runs only for a sentence that failed.

use cardc_diagnostics::did_you_mean;
use pest::Parser;

use crate::expected;
use crate::grammar::{CardParser, Rule};
use crate::vocabulary;

/// What designers write in other card games, and the phrase this game uses for it. The
/// left side is matched as whole words, case-insensitively.
pub const FOREIGN: &[(&str, &str)] = &[
    ("enters the battlefield", "is deployed"),
    ("enters play", "is deployed"),
    ("comes into play", "is deployed"),
    ("dies", "is destroyed"),
    ("die", "be destroyed"),
    ("is killed", "is destroyed"),
    ("is put into a graveyard", "is destroyed"),
    ("goes to the graveyard", "is destroyed"),
    ("exile", "destroy"),
    ("banish", "destroy"),
    ("kill", "destroy"),
    ("untap", "ready"),
    ("tap", "Activate"),
    ("bounce", "return"),
    (
        "at the beginning of your upkeep",
        "at the start of your turn",
    ),
    ("at the beginning of your turn", "at the start of your turn"),
    (
        "at the start of each of your turns",
        "at the start of your turn",
    ),
    ("mana", "Currency"),
    ("gold", "Currency"),
    ("coins", "Currency"),
    ("credits", "Currency"),
    ("credit", "Currency"),
    ("life", "CP"),
    ("victory points", "Story Points"),
    ("victory point", "Story Point"),
    ("creature", "Ground Unit"),
    ("creatures", "Ground Units"),
    ("minion", "Ground Unit"),
    ("minions", "Ground Units"),
    ("hero", "Character"),
];

/// Words that carry no meaning of their own: the repair may put one in place of another,
/// or delete one. Every other word the designer wrote stays, or is only corrected when it
/// is a slip of the word expected there.
const FUNCTION_WORDS: &[&str] = &[
    "a", "an", "the", "to", "of", "on", "in", "at", "by", "for", "from", "with", "and", "or",
    "then", "into", "onto", "upon",
];

/// Words of content (not function words, not punctuation) a repair may add: one, as in
/// `Destroy target.` → `Destroy target Character.`; more would be writing the sentence
/// for the designer.
const MAX_ADDED: usize = 1;
/// Edits tried at most, after the foreign words.
const DEPTH: usize = 3;
/// Candidates kept per round of edits.
const BEAM: usize = 6;
/// Parses tried at most for one sentence.
const BUDGET: usize = 600;

/// How the nearest phrasing was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nearest {
    /// A repair of the sentence itself: it keeps the designer's words where it can, and
    /// the language reads it.
    Rephrased(String),
    /// The table's example sentence most like it: a pattern to follow, not a fix.
    Example(&'static str),
}

/// The nearest accepted phrasing of `sentence` (as written, with or without its `.`).
pub fn nearest(sentence: &str) -> Option<Nearest> {
    let sentence = sentence.trim();
    if sentence.is_empty() {
        return None;
    }
    let written = sentence.strip_suffix('.').unwrap_or(sentence).trim_end();
    let body = opener_fixed(&without_optional(written));
    let (start, protected) = replace_foreign(&body).unwrap_or((body, Vec::new()));
    let mut search = Search {
        parses: 0,
        protected,
    };
    if let Some(found) = search.repair(&start) {
        let found = capitalise(&found);
        if !found.eq_ignore_ascii_case(&format!("{written}.")) {
            return Some(Nearest::Rephrased(found));
        }
    }
    nearest_example(&start).map(Nearest::Example)
}

struct Search {
    parses: usize,
    /// The words a [`FOREIGN`] replacement put in, lower case: kept as they are.
    protected: Vec<String>,
}

/// A candidate of the repair: how far it reads, the content words it added, its text.
type Candidate = (usize, usize, String);

impl Search {
    /// `Ok(())` if `body` + `.` is a sentence, else how far it read and what it expected.
    fn parse(&mut self, body: &str) -> Result<(), (usize, Vec<Rule>)> {
        self.parses += 1;
        let text = format!("{body}.");
        match CardParser::parse(Rule::sentence_eoi, &text) {
            Ok(_) => Ok(()),
            Err(e) => Err(expected::position_and_rules(&e)),
        }
    }

    /// The closest sentence to `body` within [`DEPTH`] edits at the error, with its `.`.
    fn repair(&mut self, body: &str) -> Option<String> {
        let mut frontier: Vec<Candidate> = match self.parse(body) {
            Ok(()) => return Some(format!("{body}.")),
            Err((pos, _)) => vec![(pos, 0, body.to_owned())],
        };
        for _ in 0..DEPTH {
            let mut next: Vec<Candidate> = Vec::new();
            for (_, added, cand) in &frontier {
                let Err((pos, rules)) = self.parse(cand) else {
                    return Some(format!("{cand}."));
                };
                for (edit, more) in edits(cand, pos, &rules, &self.protected) {
                    let added = added + more;
                    if added > MAX_ADDED {
                        continue;
                    }
                    if self.parses >= BUDGET {
                        return None;
                    }
                    if next.iter().chain(&frontier).any(|(_, _, c)| *c == edit) {
                        continue;
                    }
                    match self.parse(&edit) {
                        Ok(()) => return Some(format!("{edit}.")),
                        // Progress is how far the candidate reads past where it was edited.
                        Err((reached, _)) if reached > pos => next.push((reached, added, edit)),
                        Err(_) => {}
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            next.sort_by(|a, b| {
                b.0.cmp(&a.0)
                    .then(a.1.cmp(&b.1))
                    .then(a.2.len().cmp(&b.2.len()))
            });
            next.truncate(BEAM);
            frontier = next;
        }
        None
    }
}

fn is_function_word(w: &str) -> bool {
    FUNCTION_WORDS.iter().any(|f| f.eq_ignore_ascii_case(w))
}

/// The candidates one edit at byte `pos` of `body` makes, each with the content words it
/// adds: each expected word before the token there; in its place, if the token is a slip
/// of that word or a function word exchanged for a function word; `+N` for a number where
/// a signed one is expected; and the token deleted, if it is punctuation or a function
/// word. A word a [`FOREIGN`] replacement put there is never touched.
fn edits(body: &str, pos: usize, rules: &[Rule], protected: &[String]) -> Vec<(String, usize)> {
    let mut pos = pos.min(body.len());
    while pos < body.len() && body.as_bytes()[pos] == b' ' {
        pos += 1;
    }
    let len = expected::token_len(body, pos);
    let (before, rest) = body.split_at(pos);
    let token = &rest[..len];
    let after = &rest[len..];
    let kept = protected.contains(&token.to_lowercase());
    let digits = !token.is_empty() && token.chars().all(|c| c.is_ascii_digit());
    let function_word = !kept && is_function_word(token);
    let mut out = Vec::new();
    // The fewest words first: the first candidate that reads is taken.
    let mut fillers = expected::fillers(rules);
    fillers.sort_by_key(|f| f.split(' ').count());
    for filler in fillers {
        let slip = !kept && !digits && did_you_mean(token, [filler.as_str()]).is_some();
        let exchange = function_word && filler.split(' ').all(is_function_word);
        if len > 0 && (slip || exchange) {
            out.push((join(before, &filler, after), 0));
        }
        let signed = filler.starts_with(['+', '-'])
            && filler.len() > 1
            && filler[1..].chars().all(|c| c.is_ascii_digit());
        if digits && signed {
            out.push((join(before, &format!("{}{token}", &filler[..1]), after), 0));
            continue;
        }
        let content = filler
            .split(' ')
            .filter(|w| w.chars().any(char::is_alphanumeric) && !is_function_word(w))
            .count();
        out.push((join(before, &filler, rest), content));
    }
    let punctuation = len > 0 && !token.chars().any(char::is_alphanumeric);
    if punctuation || (len > 0 && function_word) {
        out.push((join(before, "", after), 0));
    }
    out
}

fn join(before: &str, mid: &str, after: &str) -> String {
    let mut s = before.trim_end().to_owned();
    for part in [mid.trim(), after.trim()] {
        if part.is_empty() {
            continue;
        }
        if !s.is_empty() && !part.starts_with([',', ':', '.']) {
            s.push(' ');
        }
        s.push_str(part);
    }
    s
}

/// `body` with every [`FOREIGN`] phrase replaced, and the words the replacements put in
/// (lower case), or `None` if it has none.
fn replace_foreign(body: &str) -> Option<(String, Vec<String>)> {
    let mut words: Vec<String> = body.split_whitespace().map(str::to_owned).collect();
    let mut protected: Vec<String> = Vec::new();
    // Longest phrases first, so `enters the battlefield` wins over a shorter match.
    let mut table: Vec<&(&str, &str)> = FOREIGN.iter().collect();
    table.sort_by_key(|(from, _)| std::cmp::Reverse(from.split(' ').count()));
    for (from, to) in table {
        let pattern: Vec<&str> = from.split(' ').collect();
        let mut i = 0;
        while i + pattern.len() <= words.len() {
            let matches = pattern.iter().enumerate().all(|(k, p)| {
                let w = words[i + k].trim_end_matches([',', ':']);
                w.eq_ignore_ascii_case(p)
            });
            if !matches {
                i += 1;
                continue;
            }
            let last = &words[i + pattern.len() - 1];
            let tail: String = last
                .chars()
                .rev()
                .take_while(|c| matches!(c, ',' | ':'))
                .collect();
            let replacement: Vec<String> = to.split(' ').map(str::to_owned).collect();
            protected.extend(replacement.iter().map(|w| w.to_lowercase()));
            let n = replacement.len();
            words.splice(i..i + pattern.len(), replacement);
            if let Some(w) = words.get_mut(i + n - 1) {
                w.push_str(&tail);
            }
            i += n;
        }
    }
    (!protected.is_empty()).then(|| (words.join(" "), protected))
}

/// `body` without a `you may` that the language reads only before a trigger's effect (ruling
/// R114): on a Maneuver or an ability the effect is always done (`You may draw a card` →
/// `draw a card`), and a sentence opening with `Then`, which joins nothing (`Then draw a
/// card` → `draw a card`).
fn without_optional(body: &str) -> String {
    if body
        .get(.."then ".len())
        .is_some_and(|w| w.eq_ignore_ascii_case("then "))
    {
        return capitalise(body["then ".len()..].trim_start());
    }
    match optional_at(body) {
        Some(at) => {
            let rest = capitalise(&body[at + "you may ".len()..]);
            format!("{}{rest}", &body[..at])
        }
        None => body.to_owned(),
    }
}

/// Where a `you may` that opens a sentence or an ability's effect (after its `: `) starts in
/// `body`, any case: the places the language never reads it (ruling R114).
pub(crate) fn optional_at(body: &str) -> Option<usize> {
    let lower = body.to_ascii_lowercase();
    match lower.find("you may ") {
        Some(at) if at == 0 || lower[..at].ends_with(": ") => Some(at),
        _ => None,
    }
}

/// `body` with its first word corrected when it is a slip of a word a sentence opens with
/// (`Drawe a card` → `Draw a card`).
fn opener_fixed(body: &str) -> String {
    let first = body.split_whitespace().next().unwrap_or("");
    let word = first.trim_end_matches([',', ':']);
    // `A` (the activate symbol) and a signed cost open sentences too.
    let opener = word == "A"
        || word.starts_with(['+', '-'])
        || crate::text::openers().any(|o| o.eq_ignore_ascii_case(word));
    if word.is_empty() || opener {
        return body.to_owned();
    }
    match did_you_mean(word, crate::text::openers()) {
        Some(o) => format!("{o}{}", &body[word.len()..]),
        None => body.to_owned(),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The words of `s`, lower case, numbers read as `#`.
fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(|w| {
            if w.chars().all(|c| c.is_ascii_digit()) {
                "#".to_owned()
            } else {
                w.to_lowercase()
            }
        })
        .collect()
}

/// The table's example sentence sharing the most words and word pairs with `body`, if it
/// shares nearly half of them.
fn nearest_example(body: &str) -> Option<&'static str> {
    let grams = |ws: &[String]| -> Vec<String> {
        let mut g: Vec<String> = ws.to_vec();
        g.extend(ws.windows(2).map(|p| format!("{} {}", p[0], p[1])));
        g
    };
    let mine = grams(&words(body));
    if mine.is_empty() {
        return None;
    }
    let mut best: Option<(f64, &'static str)> = None;
    for example in vocabulary::EXAMPLES {
        let theirs = grams(&words(example));
        let shared = mine.iter().filter(|g| theirs.contains(g)).count();
        let score = 2.0 * shared as f64 / (mine.len() + theirs.len()) as f64;
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, example));
        }
    }
    best.filter(|(score, _)| *score >= 0.45).map(|(_, e)| e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rephrased(s: &str) -> String {
        match nearest(s) {
            Some(Nearest::Rephrased(r)) => r,
            other => panic!("no rephrasing of {s:?}: {other:?}"),
        }
    }

    #[test]
    fn other_games_words_become_the_games_and_keep_the_rest() {
        assert_eq!(
            rephrased("Whenever this card dies, gain 1 Story Point."),
            "Whenever this card is destroyed, gain 1 Story Point."
        );
        assert_eq!(
            rephrased("Exile target Ground Unit."),
            "Destroy target Ground Unit."
        );
        assert_eq!(
            rephrased("Target player loses 2 mana."),
            "Target player loses 2 Currency."
        );
        assert_eq!(
            rephrased("Untap target Ground Unit."),
            "Ready target Ground Unit."
        );
        assert_eq!(rephrased("Gain 1 Credits."), "Gain 1 Currency.");
    }

    #[test]
    fn you_may_and_then_where_they_join_nothing_are_left_out() {
        assert_eq!(rephrased("You may draw a card."), "Draw a card.");
        assert_eq!(rephrased("A: You may draw a card."), "A: Draw a card.");
        assert_eq!(rephrased("Then gain 2 Currency."), "Gain 2 Currency.");
    }

    #[test]
    fn a_slip_is_repaired_at_the_error() {
        assert_eq!(
            rephrased("Deal 2 damage target Ground Unit."),
            "Deal 2 damage to target Ground Unit."
        );
        assert_eq!(
            rephrased("Whenever this card is destroyed draw a card."),
            "Whenever this card is destroyed, draw a card."
        );
    }

    #[test]
    fn a_repair_keeps_the_designers_words_and_amounts() {
        assert_eq!(rephrased("Drawe a card."), "Draw a card.");
        assert_eq!(
            rephrased("A Pay 1 Currency: Draw a card."),
            "A, Pay 1 Currency: Draw a card."
        );
        assert_eq!(rephrased("The Bound gets 2 DEF."), "The Bound gets +2 DEF.");
        assert_eq!(
            rephrased("Deal 2 damage to Ground Unit."),
            "Deal 2 damage to target Ground Unit."
        );
        // `end` is not `start`, `zap` is not nothing: no rephrasing changes them.
        for s in ["At the end of your turn, draw a card.", "Blorp zap."] {
            assert!(
                !matches!(nearest(s), Some(Nearest::Rephrased(_))),
                "{s}: {:?}",
                nearest(s)
            );
        }
    }

    #[test]
    fn a_repair_never_changes_what_a_replaced_word_means() {
        // While `is deployed` is not an event, `deployed` must not become `destroyed`.
        let r = nearest("When this card enters the battlefield, draw a card.");
        assert!(
            !matches!(&r, Some(Nearest::Rephrased(s)) if s.contains("destroyed")),
            "{r:?}"
        );
    }

    #[test]
    fn every_suggestion_reads() {
        for s in [
            "Whenever this card dies, gain 1 Story Point.",
            "Deal 2 damage target Ground Unit.",
            "Draw two card.",
            "Explode.",
            "Heal target Character for 3.",
            "When this card enters the battlefield, draw a card.",
        ] {
            let shown = match nearest(s) {
                Some(Nearest::Rephrased(r)) => r,
                Some(Nearest::Example(e)) => e.to_owned(),
                None => continue,
            };
            assert!(
                CardParser::parse(Rule::sentence_eoi, &shown).is_ok(),
                "{s:?} suggested {shown:?}, which does not read"
            );
        }
    }

    #[test]
    fn an_unrelated_sentence_gets_no_example() {
        assert_eq!(nearest("Explode."), None);
    }

    #[test]
    fn a_replacement_is_never_itself_foreign() {
        // Replacing never yields another foreign phrase, so one pass is enough.
        for (from, to) in FOREIGN {
            assert!(
                !FOREIGN.iter().any(|(f, _)| f.eq_ignore_ascii_case(to)),
                "`{from}` maps to `{to}`, itself a foreign phrase"
            );
        }
    }
}
