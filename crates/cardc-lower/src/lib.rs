//! Lowering: AST (`cardc-syntax`) → IR (`cardc-ir`), with the structural checks (codes
//! `E0050`–`E0099`). The only crate after the parser that sees the AST.
//!
//! Lowering reads every word into its vocabulary (with "did you mean" when it is not
//! there), checks every number fits, puts each field where it belongs (card or face)
//! and reports a field that is missing, repeated or misplaced. It does not judge the
//! game's rules: that is `cardc-check`'s job, over the IR built here.
//!
//! One pass, linear in the size of the AST. A card whose frame word is unknown is
//! dropped (after its diagnostic); every other card reaches the IR even when some of
//! its fields did not, so the checker can still speak about the rest.

mod codes;
mod cost_change;
mod fields;
mod filters;
mod modes;
mod quantity;
mod text;
mod vocabulary;

pub use codes::*;

use cardc_diagnostics::{did_you_mean, Applicability, Diagnostic, SourceMap, Span};
use cardc_ir::CardKind;
use cardc_ir::{Card, CardSet, Face, FaceRole};
use cardc_ir::{Loc, Site};
use cardc_syntax::ast;

/// Lowers parsed files to one card set. `sources` names the files (`CardSet::files`).
pub fn lower(files: &[ast::SourceFile], sources: &SourceMap) -> (CardSet, Vec<Diagnostic>) {
    let mut cx = Lowerer {
        diagnostics: Vec::new(),
        anaphora: text::Anaphora::default(),
    };
    let mut set = CardSet {
        files: sources
            .ids()
            .map(|id| sources.name(id).to_owned())
            .collect(),
        cards: Vec::new(),
    };
    for file in files {
        for card in &file.cards {
            if let Some(card) = cx.card(card) {
                set.cards.push(compact(card));
            }
        }
    }
    (set, cx.diagnostics)
}

/// Lowers one parsed card: its IR (`None` when its frame word is unknown) and its
/// diagnostics. [`lower`] is this over every card of every file; the driver calls it
/// card by card, as each is parsed, so no whole file's AST is ever held at once.
///
/// Both return each card compacted (`compact`): the IR is kept for the whole compilation, and
/// vectors grown by pushes held more than half of it unused.
pub fn lower_card(card: &ast::Card) -> (Option<Card>, Vec<Diagnostic>) {
    let mut cx = Lowerer {
        diagnostics: Vec::new(),
        anaphora: text::Anaphora::default(),
    };
    let card = cx.card(card).map(compact);
    (card, cx.diagnostics)
}

/// The card as a fresh copy whose every vector and string is exactly its length.
///
/// A vector grown by pushes keeps room for four elements: a card of one face held 1.8 KiB
/// of faces, most of it empty. Shrinking each vector in place would leave its freed tail
/// between cards that live on; a copy is allocated compactly, and the oversized original
/// is freed with the card's AST, for the next card's parse to reuse
/// (`docs/performance.md`, "Memory").
fn compact(card: Card) -> Card {
    // `Clone` of a `Vec` or `String` allocates exactly its length.
    card.clone()
}

/// A field key on the card itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CardKey {
    Cost,
    Votes,
    Capital,
    Speed,
    CharacterAction,
    Allow,
}

/// A field key on a face (or in the body of a one-faced card).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FaceKey {
    Drives,
    Morality,
    Cp,
    Vox,
    Attack,
    Rank,
    Def,
    Penalties,
    Flavor,
    Art,
    Exit,
    Redeem,
    /// `text` is a block (`text { … }`), which the grammar never reads as a field; the key
    /// is known so that "did you mean" and repeated-field checks can name it.
    Text,
}

/// Where a field lives. The keys are enums so that lowering matches every one of them
/// exhaustively: a key added here and read nowhere fails to compile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    /// On the card itself: `cost`, `votes`, `capital`, `speed`, `character_action`, `allow`.
    Card(CardKey),
    /// On a face (or the body of a one-faced card): stats, Drives, text, …
    Face(FaceKey),
}

/// Every field key as written, with what it is.
const KEYS: &[(&str, Key)] = &[
    ("cost", Key::Card(CardKey::Cost)),
    ("votes", Key::Card(CardKey::Votes)),
    ("capital", Key::Card(CardKey::Capital)),
    ("speed", Key::Card(CardKey::Speed)),
    ("character_action", Key::Card(CardKey::CharacterAction)),
    ("allow", Key::Card(CardKey::Allow)),
    ("drives", Key::Face(FaceKey::Drives)),
    ("morality", Key::Face(FaceKey::Morality)),
    ("cp", Key::Face(FaceKey::Cp)),
    ("vox", Key::Face(FaceKey::Vox)),
    ("attack", Key::Face(FaceKey::Attack)),
    ("rank", Key::Face(FaceKey::Rank)),
    ("def", Key::Face(FaceKey::Def)),
    ("penalties", Key::Face(FaceKey::Penalties)),
    ("flavor", Key::Face(FaceKey::Flavor)),
    ("art", Key::Face(FaceKey::Art)),
    ("exit", Key::Face(FaceKey::Exit)),
    ("redeem", Key::Face(FaceKey::Redeem)),
    ("text", Key::Face(FaceKey::Text)),
];

/// The face keywords, for "did you mean".
const FACE_KEYS: &[&str] = &["prime", "fallen", "reversal"];

/// Where a field key is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyPlace {
    /// On the card itself (`cost`, `votes`, …).
    Card,
    /// On a face, or in the body of a one-faced card (`vox`, `drives`, `text`, …).
    Face,
}

/// Every field key as lowering reads it, with where it goes (for editor completion).
pub fn field_keys() -> impl Iterator<Item = (&'static str, KeyPlace)> {
    KEYS.iter().map(|(word, key)| {
        let place = match key {
            Key::Card(_) => KeyPlace::Card,
            Key::Face(_) => KeyPlace::Face,
        };
        (*word, place)
    })
}

/// The face keywords (`prime`, `fallen`, `reversal`).
pub fn face_keywords() -> &'static [&'static str] {
    FACE_KEYS
}

pub(crate) struct Lowerer {
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// What an anaphor of the sentence being lowered may refer to (ruling R73).
    pub(crate) anaphora: text::Anaphora,
}

/// The fields already seen in one card or face, for duplicate detection: each key, its
/// span and its field's arguments (`None` for a `text` block).
struct Seen<'a>(Vec<(&'static str, Span, Option<&'a [ast::Arg]>)>);

impl<'a> Seen<'a> {
    /// Room for `items` fields and blocks, one a line of the card or face.
    fn with_capacity(items: usize) -> Self {
        Seen(Vec::with_capacity(items))
    }

    /// Records `met`; if its key was seen before, returns the first key span and whether
    /// the repeat gives exactly the same values (its atoms, whatever their spans).
    fn first(&mut self, met: &Met<'a>) -> Option<(Span, bool)> {
        if let Some((_, first, before)) = self.0.iter().find(|(k, _, _)| *k == met.key) {
            let same = match (before, met.values) {
                (Some(before), Some(now)) => same_values(before, now),
                _ => false,
            };
            return Some((*first, same));
        }
        self.0.push((met.key, met.key_span, met.values));
        None
    }
}

/// A field (or a `text` block) met in a card or face: its key's span, its whole span,
/// and its values without spans (`None` for a `text` block), to tell a repeat that says
/// the same thing from one that says something else.
struct Met<'a> {
    key: &'static str,
    key_span: Span,
    span: Span,
    values: Option<&'a [ast::Arg]>,
}

impl Met<'_> {
    fn field<'a>(key: &'static str, f: &'a ast::Field) -> Met<'a> {
        Met {
            key,
            key_span: f.key.span,
            span: f.span,
            values: Some(&f.args),
        }
    }

    fn text(t: &ast::TextBlock) -> Met<'static> {
        Met {
            key: "text",
            key_span: t.span,
            span: t.span,
            values: None,
        }
    }
}

/// Whether two fields' arguments are the same atoms, whatever their spans.
fn same_values(a: &[ast::Arg], b: &[ast::Arg]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.atoms.len() == y.atoms.len()
                && x.atoms
                    .iter()
                    .zip(&y.atoms)
                    .all(|(m, n)| m.value == n.value)
        })
}

impl Lowerer {
    fn card(&mut self, card: &ast::Card) -> Option<Card> {
        let kind = match CardKind::from_name(&card.kind.value) {
            Some(kind) => kind,
            None => {
                let guess = did_you_mean(&card.kind.value, CardKind::names());
                let d = Diagnostic::error(
                    UNKNOWN_CARD_KIND,
                    card.kind.span,
                    format!("`{}` is not a card type", card.kind.value),
                )
                .with_label("expected a card type");
                self.diagnostics.push(match guess {
                    Some(s) => d
                        .with_help(format!("did you mean `{s}`?"))
                        .with_note(format!("the card's body was checked as a `{s}`"))
                        .suggest_word("a card type", card.kind.span, &card.kind.value, s),
                    None => d.with_help(format!("card types are {}", list(CardKind::names()))),
                });
                // A misspelt frame word does not hide the body's errors: the body is read
                // under the frame it most likely means, so one run reports everything.
                guess.and_then(CardKind::from_name)?
            }
        };
        self.name(&card.name, "card");
        let mut out = Card::new(
            Loc::new(card.name.value.clone(), card.name.span),
            Loc::new(kind, card.kind.span),
            card.span,
        );
        let is_character = kind == CardKind::Character;
        let mut front = Face::empty(FaceRole::Front, card.span);
        let mut seen = Seen::with_capacity(card.items.len());
        let mut faces: Vec<Face> = Vec::new();
        for item in &card.items {
            match item {
                ast::Item::Field(f) => {
                    let Some((key, level)) = self.key(&f.key) else {
                        continue;
                    };
                    if matches!(level, Key::Face(_)) && is_character {
                        self.misplaced_in_character(key, f.key.span);
                    } else if self.fresh(&mut seen, &Met::field(key, f)) {
                        match level {
                            Key::Card(k) => self.card_field(&mut out, k, f),
                            Key::Face(k) => self.face_field(&mut front, k, f),
                        }
                    }
                }
                ast::Item::Text(t) if is_character => {
                    let keyword = Span {
                        end: t.span.start + 4,
                        ..t.span
                    };
                    self.misplaced_in_character("text", keyword);
                }
                ast::Item::Text(t) => {
                    if self.fresh(&mut seen, &Met::text(t)) {
                        front.abilities = self.text(t);
                        front.text_span = Some(Site(t.span));
                    }
                }
                ast::Item::Face(face) => {
                    if let Some(lowered) = self.face(kind, face, &faces) {
                        faces.push(lowered);
                    }
                }
            }
        }
        self.required(&out, card, &seen);
        if is_character {
            faces.sort_by_key(|f| f.role);
        } else {
            faces.insert(0, front);
        }
        out.faces = faces;
        Some(out)
    }

    /// Reads a face block into a [`Face`], checking it fits the card type.
    fn face(&mut self, kind: CardKind, face: &ast::Face, earlier: &[Face]) -> Option<Face> {
        let role = match face.key.value.as_str() {
            "prime" => FaceRole::Prime,
            "fallen" => FaceRole::Fallen,
            "reversal" => FaceRole::Reversal,
            other => {
                let mut d =
                    Diagnostic::error(BAD_FACE, face.key.span, format!("`{other}` is not a face"))
                        .with_label("expected `prime`, `fallen` or `reversal`");
                if let Some(s) = did_you_mean(other, FACE_KEYS.iter().copied()) {
                    d = d.with_help(format!("did you mean `{s}`?")).suggest_word(
                        "a face",
                        face.key.span,
                        other,
                        s,
                    );
                }
                self.diagnostics.push(d);
                return None;
            }
        };
        let allowed = match role {
            FaceRole::Prime => kind == CardKind::Character,
            FaceRole::Fallen => kind.is_permanent(),
            FaceRole::Reversal => kind == CardKind::Storyline,
            FaceRole::Front => false,
        };
        if !allowed {
            let which = match kind {
                CardKind::Character => "a Character has `prime` and `fallen` faces",
                CardKind::Storyline => "a Storyline has a `reversal` face",
                CardKind::Maneuver => "a Maneuver has one face",
                _ => "a permanent other than a Character may have a `fallen` face",
            };
            self.diagnostics.push(
                Diagnostic::error(
                    BAD_FACE,
                    face.key.span,
                    format!("a {} cannot have a `{}` face", kind.title(), face.key.value),
                )
                .with_label("not a face of this card type")
                .with_note(format!("§7.7: {which}")),
            );
            return None;
        }
        if let Some(first) = earlier.iter().find(|f| f.role == role) {
            self.diagnostics.push(
                Diagnostic::error(
                    DUPLICATE_FACE,
                    face.key.span,
                    format!("the `{}` face is given twice", face.key.value),
                )
                .with_label("second face")
                .with_secondary(*first.span, "first given here")
                .with_help("a card has one face of each kind: merge them"),
            );
            return None;
        }
        let mut out = Face::empty(role, face.span);
        match (&face.name, role) {
            (Some(name), _) => {
                self.name(name, "face");
                out.name = Some(Loc::new(name.value.clone(), name.span));
            }
            (None, FaceRole::Fallen | FaceRole::Reversal) => self.diagnostics.push(
                Diagnostic::error(
                    MISSING_FIELD,
                    face.key.span,
                    format!("the `{}` face has no name", face.key.value),
                )
                .with_label("name expected after this")
                .with_help(format!(
                    "give the face its printed name: `{} \"…\" {{ … }}`",
                    face.key.value
                )),
            ),
            (None, _) => {}
        }
        let mut seen = Seen::with_capacity(face.items.len());
        for item in &face.items {
            match item {
                ast::Item::Field(f) => match self.key(&f.key) {
                    Some((key, Key::Face(k))) if self.fresh(&mut seen, &Met::field(key, f)) => {
                        self.face_field(&mut out, k, f);
                    }
                    Some((_, Key::Face(_))) => {}
                    Some((key, Key::Card(_))) => self.diagnostics.push(
                        Diagnostic::error(
                            MISPLACED_FIELD,
                            f.key.span,
                            format!("`{key}` belongs on the card, not in a face"),
                        )
                        .with_label("move this line out of the face block")
                        .with_help(format!(
                            "move `{key}` out of `{} {{ … }}`, onto the card itself",
                            face.key.value
                        )),
                    ),
                    None => {}
                },
                ast::Item::Text(t) => {
                    if self.fresh(&mut seen, &Met::text(t)) {
                        out.abilities = self.text(t);
                        out.text_span = Some(Site(t.span));
                    }
                }
                ast::Item::Face(inner) => self.diagnostics.push(
                    Diagnostic::error(BAD_FACE, inner.key.span, "faces cannot be nested")
                        .with_label("a face inside a face")
                        .with_help("close the outer face with `}` before opening the next"),
                ),
            }
        }
        Some(out)
    }

    /// Required fields of the card type. A field that was written but did not lower
    /// has already been reported, so only fields never written count as missing.
    fn required(&mut self, card: &Card, ast: &ast::Card, seen: &Seen) {
        let kind = card.kind.value;
        let written = |key: &str| seen.0.iter().any(|(k, _, _)| *k == key);
        let name = &ast.name.value;
        if !kind.is_location() && !written("cost") {
            self.diagnostics.push(
                Diagnostic::error(
                    MISSING_FIELD,
                    ast.name.span,
                    format!("card \"{name}\" has no `cost`"),
                )
                .with_label("`cost` missing")
                .with_help("add a line such as `cost 2`: the Currency it takes to play"),
            );
        }
        if kind == CardKind::Maneuver && !written("speed") {
            self.diagnostics.push(
                Diagnostic::error(
                    MISSING_FIELD,
                    ast.name.span,
                    format!("card \"{name}\" has no `speed`"),
                )
                .with_label("`speed` missing")
                .with_help("every Maneuver is `speed slow` or `speed fast`"),
            );
        }
    }

    fn misplaced_in_character(&mut self, key: &str, span: Span) {
        self.diagnostics.push(
            Diagnostic::error(MISPLACED_FIELD, span, format!("`{key}` belongs in a Character's `prime` or `fallen` face"))
                .with_label("on the card, outside any face")
                .with_note("§7.7: each face of a Character has its own printed stats, Drives, Morality, Penalties and abilities")
                .with_help(format!("move `{key}` into `prime {{ … }}` (and give the `fallen` face its own)")),
        );
    }

    /// Records `key` in `seen`; reports it and returns `false` if it was there already.
    fn fresh<'a>(&mut self, seen: &mut Seen<'a>, met: &Met<'a>) -> bool {
        match seen.first(met) {
            None => true,
            Some((first, same)) => {
                self.duplicate(met, first, same);
                false
            }
        }
    }

    /// `E0052`, suggesting the repeat's removal: certain when it repeats the same
    /// values, a guess when it says something else (which of the two was meant?).
    fn duplicate(&mut self, met: &Met<'_>, first: Span, same: bool) {
        let key = met.key;
        let (message, applicability) = if same {
            (
                format!("remove the repeated `{key}`, which says the same"),
                Applicability::MachineApplicable,
            )
        } else {
            (
                format!("remove the second `{key}` if the first is the one meant"),
                Applicability::MaybeIncorrect,
            )
        };
        self.diagnostics.push(
            Diagnostic::error(
                DUPLICATE_FIELD,
                met.key_span,
                format!("`{key}` is given twice"),
            )
            .with_label("given again here")
            .with_secondary(first, "first given here")
            .with_help(format!("keep one `{key}`"))
            .suggest_removal(message, met.span, applicability),
        );
    }

    /// Looks a field key up; reports an unknown one.
    fn key(&mut self, key: &ast::Spanned<String>) -> Option<(&'static str, Key)> {
        if let Some(&(k, level)) = KEYS.iter().find(|(k, _)| *k == key.value) {
            return Some((k, level));
        }
        let mut d = Diagnostic::error(
            UNKNOWN_FIELD,
            key.span,
            format!("unknown field `{}`", key.value),
        )
        .with_label("not a field of the card language");
        let words = KEYS
            .iter()
            .map(|(k, _)| *k)
            .chain(FACE_KEYS.iter().copied());
        d = match did_you_mean(&key.value, words) {
            Some(s) => d
                .with_help(format!("did you mean `{s}`?"))
                .suggest_word("a field", key.span, &key.value, s),
            None => d.with_help(format!("fields are {}", list(KEYS.iter().map(|(k, _)| *k)))),
        };
        self.diagnostics.push(d);
        None
    }

    fn name(&mut self, name: &ast::Spanned<String>, what: &str) {
        if name.value.trim().is_empty() {
            self.diagnostics.push(
                Diagnostic::error(
                    EMPTY_NAME,
                    name.span,
                    format!("this {what} has an empty name"),
                )
                .with_label("empty name")
                .with_help("write the name printed on the card between the quotes"),
            );
        }
    }
}

/// `a, b or c` with backticks, for help texts.
pub(crate) fn list<'a>(words: impl Iterator<Item = &'a str>) -> String {
    let words: Vec<String> = words.map(|w| format!("`{w}`")).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}
