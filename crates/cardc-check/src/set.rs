//! Whole-set checks: card names are unique, and every name a card's text refers to
//! exists. Both go through one [`NameIndex`], a hash table built in one pass, so the
//! set-level work is linear in the number of cards: each named target (`Destroy
//! "Picket Lantern".`) is one lookup, made by the per-card text checks through
//! [`Names`]. Names that differ but look alike (Unicode's confusable skeletons, UTS #39)
//! get `W0170` from a second table, by skeleton, built in the same pass.
//!
//! Each name is prepared where its card is checked ([`PreparedName`]): the hash of its
//! lookup key and of its confusable skeleton, the costly part. The tables hold no key:
//! an entry is found by its hash and confirmed by computing the key (or the skeleton) of
//! the name it points to, which happens only for a name printed twice or, rarely, two
//! names whose hashes share their first bits.

use crate::codes::{CONFUSABLE_NAMES, DUPLICATE_NAME, UNKNOWN_CARD};
use crate::report;
use cardc_diagnostics::{did_you_mean, Applicability, Diagnostic, Span};
use cardc_ir::{Card, CardId, CardSet};
use hashbrown::HashTable;
use std::cell::Cell;
use std::hash::{BuildHasher, RandomState};
use std::sync::OnceLock;
use unicode_security::confusable_detection::skeleton;

/// Every printed name in a set (card names and face names) to the card that prints
/// it. Names are compared ignoring case, as a reader would.
#[derive(Debug, Default)]
pub struct NameIndex<'a> {
    /// Each name indexed (the first of each key), once: the tables hold positions in it.
    entries: Vec<Entry<'a>>,
    /// By the hash of the name's [`key`].
    by_key: HashTable<u32>,
    /// The first name of each confusable skeleton, for `W0170`, by the skeleton's hash.
    by_skeleton: HashTable<u32>,
}

#[derive(Debug, Clone, Copy)]
struct Entry<'a> {
    /// The hash of its [`key`].
    key: u64,
    /// The hash of its confusable skeleton.
    skeleton: u64,
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
        let prepared: Vec<CardNames> = set.cards.iter().map(prepare).collect();
        let mut index = NameIndex::with_capacity(prepared.iter().map(CardNames::len).sum());
        index.extend(set, 0, prepared.iter(), out);
        index
    }

    fn with_capacity(n: usize) -> Self {
        NameIndex {
            entries: Vec::with_capacity(n),
            by_key: HashTable::with_capacity(n),
            by_skeleton: HashTable::with_capacity(n),
        }
    }

    /// Indexes the names of `set`'s cards, whose ids start at `first`: `prepared` holds
    /// each card's, in order.
    fn extend<'p>(
        &mut self,
        set: &'a CardSet,
        first: u32,
        prepared: impl Iterator<Item = &'p CardNames>,
        out: &mut Vec<Diagnostic>,
    ) {
        for (i, (card, names)) in set.cards.iter().zip(prepared).enumerate() {
            let id = CardId(first.saturating_add(u32::try_from(i).unwrap_or(u32::MAX)));
            for p in names.iter() {
                let printed = match p.face {
                    None => Some(&card.name),
                    Some(f) => card
                        .faces
                        .get(f as usize)
                        .and_then(|face| face.name.as_ref()),
                };
                if let Some(name) = printed {
                    self.insert(id, card, &name.value, name.span, p, out);
                }
            }
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
            key: prepared.key,
            skeleton: prepared.skeleton,
            card: id,
            name,
            card_name: &card.name.value,
            span,
        };
        let mine = key(name);
        let entries = &self.entries;
        match self.by_key.entry(
            entry.key,
            |&i| key(entries[i as usize].name) == mine,
            |&i| entries[i as usize].key,
        ) {
            hashbrown::hash_table::Entry::Vacant(v) => {
                let at = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
                v.insert(at);
                self.entries.push(entry);
                self.confusable(card, at, out);
            }
            hashbrown::hash_table::Entry::Occupied(o) => {
                let first = &self.entries[*o.get() as usize];
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

    /// `W0170` when the name of entry `at` looks like an indexed name that is not the same.
    fn confusable(&mut self, card: &Card, at: u32, out: &mut Vec<Diagnostic>) {
        let entries = &self.entries;
        let entry = entries[at as usize];
        // The skeleton is computed again only to confirm an entry whose hash matched.
        let mut mine: Option<String> = None;
        let same = |&i: &u32| {
            let a: &str = mine.get_or_insert_with(|| skeleton_of(entry.name));
            a == skeleton_of(entries[i as usize].name)
        };
        match self
            .by_skeleton
            .entry(entry.skeleton, same, |&i| entries[i as usize].skeleton)
        {
            hashbrown::hash_table::Entry::Vacant(v) => {
                v.insert(at);
            }
            hashbrown::hash_table::Entry::Occupied(o) => {
                let first = &entries[*o.get() as usize];
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
        match self.get(name) {
            Some(e) => Resolved::Found(e.card),
            None => Resolved::Missing(did_you_mean(name, self.entries.iter().map(|e| e.name))),
        }
    }

    /// The entry of the name whose key is `name`'s.
    fn get(&self, name: &str) -> Option<&Entry<'a>> {
        let wanted = key(name);
        self.by_key
            .find(hash(&wanted), |&i| {
                key(self.entries[i as usize].name) == wanted
            })
            .map(|&i| &self.entries[i as usize])
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
        match self.get(name) {
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
                let suggestion = did_you_mean(name, self.entries.iter().map(|e| e.name))
                    .and_then(|s| self.get(s))
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

/// The skeleton two names are compared by for `W0170` (Unicode UTS #39).
///
/// Most names are ASCII, and an ASCII name's skeleton is its characters' skeletons one after
/// another, read from a table made once: each ASCII character's skeleton is in NFD and starts
/// with a starter (or is empty), so the final NFD of the whole reorders nothing across two
/// characters (both are tested below).
fn skeleton_of(name: &str) -> String {
    let name = name.trim();
    if !name.is_ascii() {
        return skeleton(name).collect();
    }
    static ASCII: OnceLock<Vec<String>> = OnceLock::new();
    let table = ASCII.get_or_init(|| {
        (0..128u8)
            .map(|b| skeleton(char::from(b).encode_utf8(&mut [0; 4])).collect())
            .collect()
    });
    name.bytes()
        .filter_map(|b| table.get(usize::from(b)))
        .map(String::as_str)
        .collect()
}

/// The hash the index files a key or a skeleton under: one hasher for the process, so a
/// name prepared on any thread, for any file, is found in any index.
fn hash(text: &str) -> u64 {
    static STATE: OnceLock<RandomState> = OnceLock::new();
    STATE.get_or_init(RandomState::new).hash_one(text)
}

/// A name a card prints, prepared where the card is checked (on the thread that parsed
/// it) for the whole-set index: the hashes of its lookup key and of its confusable
/// skeleton (the costly part, so a set linked again after one file changed computes them
/// for that file only). The strings are not kept: 24 bytes a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PreparedName {
    /// The face whose own name it is; `None` for the card's name.
    face: Option<u32>,
    key: u64,
    skeleton: u64,
}

/// The names one card prints, prepared ([`prepare`]): its name, then its faces' names
/// that differ from it, in the order the index takes them. Most cards print one name, so
/// the faces' list is empty and holds no memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardNames {
    name: PreparedName,
    faces: Box<[PreparedName]>,
}

impl CardNames {
    /// How many names the card prints.
    pub(crate) fn len(&self) -> usize {
        1 + self.faces.len()
    }

    fn iter(&self) -> impl Iterator<Item = &PreparedName> {
        std::iter::once(&self.name).chain(self.faces.iter())
    }
}

/// The names `card` prints, prepared for the index.
pub(crate) fn prepare(card: &Card) -> CardNames {
    let one = |face: Option<usize>, name: &str| PreparedName {
        face: face.map(|f| u32::try_from(f).unwrap_or(u32::MAX)),
        key: hash(&key(name)),
        skeleton: hash(&skeleton_of(name)),
    };
    let faces = card.faces.iter().enumerate().filter_map(|(f, face)| {
        let name = face.name.as_ref()?;
        // A face may repeat its own card's name.
        (!name.value.eq_ignore_ascii_case(&card.name.value)).then(|| one(Some(f), &name.value))
    });
    CardNames {
        name: one(None, &card.name.value),
        faces: faces.collect(),
    }
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
        files: &[(&'a CardSet, &crate::link::Local)],
        out: &mut Vec<Diagnostic>,
    ) -> Self {
        let n = files.iter().map(|(_, local)| local.names()).sum();
        let mut index = NameIndex::with_capacity(n);
        let mut cards = Vec::with_capacity(files.iter().map(|(s, _)| s.cards.len()).sum());
        for (set, local) in files {
            let first = u32::try_from(cards.len()).unwrap_or(u32::MAX);
            index.extend(set, first, local.prepared(), out);
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
    fn ascii_skeletons_read_from_the_table_are_uts_39_skeletons() {
        use unicode_normalization::char::canonical_combining_class;
        // What makes the table exact: no ASCII character's skeleton starts with a non-starter.
        for b in 0..128u8 {
            let one: String = skeleton(char::from(b).encode_utf8(&mut [0; 4])).collect();
            assert!(
                one.chars()
                    .next()
                    .is_none_or(|c| canonical_combining_class(c) == 0),
                "{b:#04x}: {one:?}"
            );
        }
        // And every pair, directly.
        for a in 0..128u8 {
            for b in 0..128u8 {
                let name = String::from_utf8(vec![b'x', a, b, b'x']).unwrap_or_default();
                let exact: String = skeleton(&name).collect();
                assert_eq!(skeleton_of(&name), exact, "{name:?}");
            }
        }
        assert_eq!(skeleton_of("  0pen Letter "), skeleton_of("Open Letter"));
        assert_ne!(skeleton_of("Open Letter"), skeleton_of("Open Lantern"));
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
