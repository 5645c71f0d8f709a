//! Whole-set checks: card names are unique, and every name a card's text refers to
//! exists. Both go through one [`NameIndex`], a hash map built in one pass, so the
//! set-level work is linear in the number of cards: each named target (`Destroy
//! "Picket Lantern".`) is one map lookup, made by the per-card text checks through
//! [`Names`]. Names that differ but look alike (Unicode's confusable skeletons, UTS #39)
//! get `W0170` from a second map, by skeleton, built in the same pass.

use crate::codes::{CONFUSABLE_NAMES, DUPLICATE_NAME, UNKNOWN_CARD};
use crate::report;
use cardc_diagnostics::{did_you_mean, Applicability, Diagnostic, Span};
use cardc_ir::{Card, CardId, CardSet};
use std::cell::Cell;
use std::collections::HashMap;
use unicode_security::confusable_detection::skeleton;

/// Every printed name in a set (card names and face names) to the card that prints
/// it. Names are compared ignoring case, as a reader would.
#[derive(Debug, Default)]
pub struct NameIndex<'a> {
    by_key: HashMap<String, Entry<'a>>,
    /// The first name of each confusable skeleton, for `W0170`.
    by_skeleton: HashMap<String, Entry<'a>>,
}

#[derive(Debug, Clone, Copy)]
struct Entry<'a> {
    card: CardId,
    /// The name as printed (the card's or a face's).
    name: &'a str,
    /// The name of the card that prints it.
    card_name: &'a str,
    span: Span,
}

/// The outcome of looking a name up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved<'a> {
    /// The name is printed by this card.
    Found(CardId),
    /// No card prints it; the closest printed name, if one is close.
    Missing(Option<&'a str>),
}

impl<'a> NameIndex<'a> {
    /// Indexes every card name and face name of `set`, reporting each name printed a
    /// second time (`E0170`, secondary span on the first).
    pub fn build(set: &'a CardSet, out: &mut Vec<Diagnostic>) -> Self {
        let prepared = prepare(set);
        let mut index = NameIndex::with_capacity(prepared.len());
        index.extend(set, 0, &prepared, out);
        index
    }

    fn with_capacity(n: usize) -> Self {
        NameIndex {
            by_key: HashMap::with_capacity(n),
            by_skeleton: HashMap::with_capacity(n),
        }
    }

    /// Indexes the names `prepared` of `set`'s cards, whose ids start at `first`.
    fn extend(
        &mut self,
        set: &'a CardSet,
        first: u32,
        prepared: &[PreparedName],
        out: &mut Vec<Diagnostic>,
    ) {
        for p in prepared {
            let Some(card) = set.cards.get(p.card) else {
                continue;
            };
            let printed = match p.face {
                None => Some(&card.name),
                Some(f) => card.faces.get(f).and_then(|face| face.name.as_ref()),
            };
            let Some(name) = printed else {
                continue;
            };
            let id = CardId(first.saturating_add(u32::try_from(p.card).unwrap_or(u32::MAX)));
            self.insert(id, card, &name.value, name.span, p, out);
        }
    }

    fn insert(
        &mut self,
        id: CardId,
        card: &'a Card,
        name: &'a str,
        span: Span,
        prepared: &PreparedName,
        out: &mut Vec<Diagnostic>,
    ) {
        let entry = Entry {
            card: id,
            name,
            card_name: &card.name.value,
            span,
        };
        match self.by_key.entry(prepared.key.clone()) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(entry);
                self.confusable(card, entry, &prepared.skeleton, out);
            }
            std::collections::hash_map::Entry::Occupied(o) => {
                let first = o.get();
                out.push(
                    Diagnostic::error(
                        DUPLICATE_NAME,
                        span,
                        format!("{}: the name \"{name}\" is already printed on another card", report::card(card)),
                    )
                    .with_label("printed a second time")
                    .with_secondary(first.span, format!("\"{}\" first printed here", first.name))
                    .with_note("card names (and the names of their faces) are unique in a set, so that text and players can name a card")
                    .with_help("rename one of the two"),
                );
            }
        }
    }

    /// `W0170` when `entry`'s name looks like an indexed name that is not the same.
    fn confusable(
        &mut self,
        card: &Card,
        entry: Entry<'a>,
        skeleton: &str,
        out: &mut Vec<Diagnostic>,
    ) {
        match self.by_skeleton.entry(skeleton.to_owned()) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(entry);
            }
            std::collections::hash_map::Entry::Occupied(o) => {
                let first = o.get();
                out.push(
                    Diagnostic::warning(
                        CONFUSABLE_NAMES,
                        entry.span,
                        format!(
                            "{}: the name \"{}\" looks like \"{}\", printed on another card",
                            report::card(card),
                            entry.name,
                            first.name
                        ),
                    )
                    .with_label(format!(
                        "differs from \"{}\" only in look-alike characters",
                        first.name
                    ))
                    .with_secondary(first.span, format!("\"{}\" printed here", first.name))
                    .with_note(format!(
                        "the two names are different strings with the same confusable skeleton \
                         (Unicode UTS #39): {}",
                        differing(first.name, entry.name)
                    ))
                    .with_help("rename one of the two, or write both in the same script"),
                );
            }
        }
    }

    /// How many names are indexed.
    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    /// Whether no name is indexed.
    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }

    /// Looks a name up in O(1); on a miss, finds the closest printed name (a linear
    /// scan, paid only on the error path).
    pub fn lookup(&self, name: &str) -> Resolved<'a> {
        match self.by_key.get(&key(name)) {
            Some(e) => Resolved::Found(e.card),
            None => Resolved::Missing(did_you_mean(name, self.by_key.values().map(|e| e.name))),
        }
    }

    /// Resolves a card name that `referrer`'s text writes at `span`: the card, or an
    /// `E0171` diagnostic. A name must be a card's name exactly as printed: a name that
    /// differs only in case, or that is a face's own name (`"Mara, the Hollow Voice"`),
    /// gets "did you mean" with the card's name, as does a near miss.
    pub fn resolve(
        &self,
        referrer: &Card,
        name: &str,
        span: Span,
    ) -> Result<CardId, Box<Diagnostic>> {
        let unknown = |label: &str| {
            Diagnostic::error(
                UNKNOWN_CARD,
                span,
                format!("{}: no card named \"{name}\"", report::card(referrer)),
            )
            .with_label(label.to_owned())
            .with_note("every card a text names must exist in the set, written as its card name is printed")
        };
        match self.by_key.get(&key(name)) {
            Some(e) if e.card_name == name => Ok(e.card),
            Some(e) if e.name == e.card_name => Err(Box::new(
                unknown("the name differs from the card's in case or spacing")
                    .with_help(format!("did you mean \"{}\"?", e.card_name))
                    .suggest(
                        "write the name as the card prints it",
                        span,
                        quoted(e.card_name),
                        Applicability::MachineApplicable,
                    ),
            )),
            Some(e) => Err(Box::new(
                unknown(&format!("\"{}\" is the name of a face of \"{}\"", e.name, e.card_name))
                    .with_help(format!(
                        "did you mean \"{}\"? a card is named by its card name, whichever face is showing",
                        e.card_name
                    ))
                    .suggest(
                        "a card is named by its card name, whichever face is showing",
                        span,
                        quoted(e.card_name),
                        Applicability::MachineApplicable,
                    ),
            )),
            None => {
                let mut d = unknown("not a card of this set");
                let suggestion = did_you_mean(name, self.by_key.values().map(|e| e.name))
                    .and_then(|s| self.by_key.get(&key(s)))
                    .map(|e| e.card_name);
                if let Some(s) = suggestion {
                    d = d.with_help(format!("did you mean \"{s}\"?")).suggest(
                        "a card with a similar name exists",
                        span,
                        quoted(s),
                        Applicability::MaybeIncorrect,
                    );
                }
                Err(Box::new(d))
            }
        }
    }
}

/// A card name as rules text writes it: in quotes, with `\\` and `\"` escaped.
fn quoted(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    out.push('"');
    for c in name.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The code points of `b` that `a` does not have at the same place, for the note.
fn differing(a: &str, b: &str) -> String {
    let mut out: Vec<String> = b
        .chars()
        .zip(a.chars().chain(std::iter::repeat('\0')))
        .filter(|(x, y)| x != y)
        .map(|(x, _)| format!("`{x}` U+{:04X}", u32::from(x)))
        .collect();
    out.dedup();
    if out.is_empty() {
        "they differ in characters that display as nothing".to_owned()
    } else {
        format!("this one has {}", out.join(", "))
    }
}

fn key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// The key the index compares names by (case and surrounding blanks ignored), for the
/// tools that resolve a name as the checker does (the language server's navigation).
pub fn name_key(name: &str) -> String {
    key(name)
}

/// A name a card prints, prepared once per file for the whole-set index: where it is
/// printed, its lookup key and its confusable skeleton (the costly part, so a set
/// linked again after one file changed computes them for that file only).
#[derive(Debug, Clone)]
pub(crate) struct PreparedName {
    /// The card's index in its file's set.
    card: usize,
    /// The face whose own name it is; `None` for the card's name.
    face: Option<usize>,
    key: String,
    skeleton: String,
}

/// The names of every card of `set`, in the order the index takes them: each card's
/// name, then its faces' names that differ from it.
pub(crate) fn prepare(set: &CardSet) -> Vec<PreparedName> {
    let mut out = Vec::with_capacity(set.cards.len() * 2);
    let mut push = |card: usize, face: Option<usize>, name: &str| {
        out.push(PreparedName {
            card,
            face,
            key: key(name),
            skeleton: skeleton(name.trim()).collect(),
        });
    };
    for (i, card) in set.cards.iter().enumerate() {
        push(i, None, &card.name.value);
        for (f, face) in card.faces.iter().enumerate() {
            if let Some(name) = &face.name {
                // A face may repeat its own card's name.
                if !name.value.eq_ignore_ascii_case(&card.name.value) {
                    push(i, Some(f), &name.value);
                }
            }
        }
    }
    out
}

/// The set's names, for the per-card checks of rules text that names a card.
pub(crate) enum Names<'a> {
    /// A card checked on its own, before the set is known: no name is looked up, and
    /// whether the card tried is recorded, so that the whole-set pass checks it again.
    Deferred(Cell<bool>),
    /// The whole set's index; a [`CardId`] is an index into `cards`.
    Set {
        index: NameIndex<'a>,
        cards: Vec<&'a Card>,
    },
}

impl<'a> Names<'a> {
    /// Indexes the cards of `files` (each set with its prepared names) in order, as one
    /// set, reporting duplicate names (`E0170`) and look-alikes (`W0170`).
    pub(crate) fn link(
        files: &[(&'a CardSet, &[PreparedName])],
        out: &mut Vec<Diagnostic>,
    ) -> Self {
        let n = files.iter().map(|(_, p)| p.len()).sum();
        let mut index = NameIndex::with_capacity(n);
        let mut cards = Vec::with_capacity(files.iter().map(|(s, _)| s.cards.len()).sum());
        for (set, prepared) in files {
            let first = u32::try_from(cards.len()).unwrap_or(u32::MAX);
            index.extend(set, first, prepared, out);
            cards.extend(set.cards.iter());
        }
        Names::Set { index, cards }
    }

    /// The card `referrer`'s text names at `span`, or `None` after reporting `E0171`
    /// (or, deferred, after noting that the card names one).
    pub(crate) fn card(
        &self,
        referrer: &Card,
        name: &str,
        span: Span,
        out: &mut Vec<Diagnostic>,
    ) -> Option<&'a Card> {
        match self {
            Names::Deferred(named) => {
                named.set(true);
                None
            }
            Names::Set { index, cards } => match index.resolve(referrer, name, span) {
                Ok(id) => cards.get(id.0 as usize).copied(),
                Err(d) => {
                    out.push(*d);
                    None
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardc_diagnostics::FileId;
    use cardc_ir::{CardKind, Loc};

    fn card(name: &str, at: u32) -> Card {
        let span = Span {
            file: FileId(0),
            start: at,
            end: at + name.len() as u32,
        };
        Card::new(
            Loc::new(name.to_owned(), span),
            Loc::new(CardKind::Maneuver, span),
            span,
        )
    }

    #[test]
    fn duplicates_point_at_both_names() {
        let set = CardSet {
            files: vec!["a.card".into()],
            cards: vec![
                card("Broadside", 0),
                card("Open Letter", 20),
                card("broadside", 40),
            ],
        };
        let mut out = Vec::new();
        let index = NameIndex::build(&set, &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].code, DUPLICATE_NAME);
        assert_eq!(out[0].primary.span.start, 40);
        assert_eq!(out[0].secondary[0].span.start, 0);
        assert_eq!(index.len(), 2);
    }

    #[test]
    fn look_alike_names_are_a_warning_naming_the_code_point() {
        let set = CardSet {
            files: vec!["a.card".into()],
            cards: vec![
                card("Veyra Basin", 0),
                card("Open Letter", 20),
                card("Veyr\u{0430} Basin", 40),
                card("0pen Letter", 60),
            ],
        };
        let mut out = Vec::new();
        NameIndex::build(&set, &mut out);
        let got: Vec<(&str, u32)> = out.iter().map(|d| (d.code, d.primary.span.start)).collect();
        assert_eq!(got, [(CONFUSABLE_NAMES, 40), (CONFUSABLE_NAMES, 60)]);
        assert!(out[0].notes[0].contains("U+0430"), "{:?}", out[0].notes);
        assert_eq!(out[0].secondary[0].span.start, 0);
    }

    #[test]
    fn lookups_find_cards_and_suggest_near_misses() {
        let set = CardSet {
            files: vec!["a.card".into()],
            cards: vec![card("Broadside", 0), card("Open Letter", 20)],
        };
        let index = NameIndex::build(&set, &mut Vec::new());
        assert_eq!(index.lookup("open letter"), Resolved::Found(CardId(1)));
        assert_eq!(
            index.lookup("Broadsyde"),
            Resolved::Missing(Some("Broadside"))
        );
        assert_eq!(
            index.lookup("Something Else Entirely"),
            Resolved::Missing(None)
        );
        let referrer = &set.cards[0];
        let span = Span {
            file: FileId(0),
            start: 5,
            end: 9,
        };
        let err = index.resolve(referrer, "Opne Letter", span).unwrap_err();
        assert_eq!(err.code, UNKNOWN_CARD);
        assert_eq!(err.help.as_deref(), Some("did you mean \"Open Letter\"?"));
        assert_eq!(index.resolve(referrer, "Broadside", span), Ok(CardId(0)));
    }
}
