//! The syntax tree of a `.card` file: what was written, with a byte [`Span`] on every node.
//!
//! The AST is deliberately permissive where a misspelling should reach lowering as a word
//! (card kinds, field keys, face keys, keywords, statistics, counter kinds): lowering
//! checks those words and suggests the closest one. Numbers stay raw text (sign included)
//! so that lowering, not the parser, reports overflow.
//!
//! Architecture invariant: no pest type appears here; this module is the whole public
//! contract between the front end and lowering. Changes are additive only.

use cardc_diagnostics::{FileId, Span};

/// A value with the span it was written at.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Pairs `value` with `span`.
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

/// A number as written in the source, sign included: `3`, `-2`, `+1`,
/// `99999999999999999999`. Lowering converts it and reports overflow.
pub type Number = Spanned<String>;

/// One parsed `.card` file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SourceFile {
    /// The file the spans point into.
    pub file: FileId,
    /// The cards that parsed (a card with a syntax error may still appear, with the
    /// items that parsed, if its frame and name were readable).
    pub cards: Vec<Card>,
    /// Every `#` comment in the file, in source order, so a formatter can keep them.
    pub comments: Vec<Comment>,
}

/// A `# …` comment, up to (not including) the end of the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// The text after `#`, as written (leading space kept, trailing `\r` dropped).
    pub text: String,
    /// The span from `#` to the end of the line.
    pub span: Span,
}

/// A card: `character "Mara Voss" { … }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The frame word as written, e.g. `character`, `ground_unit`, `storyline`.
    /// Lowering validates it (with "did you mean").
    pub kind: Spanned<String>,
    /// The card's name, unescaped.
    pub name: Spanned<String>,
    /// The lines of the card body, in source order.
    pub items: Vec<Item>,
    /// From the frame word to the closing `}`.
    pub span: Span,
    /// Whether the front end reported an error inside `span` (the pre-pass, or this card's
    /// parse): a later stage's message about the card may echo it, and a driver that keeps
    /// what it needs to tell echoes keeps it for such cards only.
    pub syntax_errors: bool,
}

/// One line (or block) of a card or face body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// `cost 3`, `drives Liberation, Justice`, `flavor "…"`, `capital`.
    Field(Field),
    /// `prime { … }`, `fallen "Mara, the Hollow Voice" { … }`, `reversal "The Verdict" { … }`.
    Face(Face),
    /// `text { Confluence. +1 RK. }`.
    Text(TextBlock),
}

impl Item {
    /// The span of the whole item.
    pub fn span(&self) -> Span {
        match self {
            Item::Field(f) => f.span,
            Item::Face(f) => f.span,
            Item::Text(t) => t.span,
        }
    }
}

/// A `key args…` line: `penalties -1 CP Expedient, -3 CP Ruthless`.
///
/// Keys are not restricted by the grammar; lowering reports unknown keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The key: `cost`, `votes`, `rank`, `allow`, …
    pub key: Spanned<String>,
    /// The comma-separated arguments; empty for a bare flag such as `capital`.
    pub args: Vec<Arg>,
    /// From the key to the end of the last argument.
    pub span: Span,
}

/// One comma-separated argument of a field: `-1 CP Expedient` is three atoms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    /// The atoms, in order; never empty.
    pub atoms: Vec<Spanned<Atom>>,
    /// From the first atom to the last.
    pub span: Span,
}

/// The smallest piece of a field argument.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Atom {
    /// A number, raw, sign included: `3`, `-1`, `+2`. Lowering checks the range.
    Int(String),
    /// A word: `Liberation`, `CP`, `slow`, `vox_band`, `Selfless`.
    Word(String),
    /// A string, unescaped: `"She never raised her voice."`.
    Str(String),
    /// The printed `X` of `rank X` / `def X`.
    X,
    /// A percentage, digits without the `%`: `40%` in `art "x.png" focus 40% 30%`.
    Percent(String),
}

/// A face block inside a card: `fallen "Mara, the Hollow Voice" { … }`.
///
/// The key is any word followed by an optional name and `{`; lowering checks it is
/// `prime`, `fallen` or `reversal`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Face {
    /// `prime`, `fallen` or `reversal` (as written).
    pub key: Spanned<String>,
    /// The face's own name, unescaped, if it has one.
    pub name: Option<Spanned<String>>,
    /// The face's body.
    pub items: Vec<Item>,
    /// From the key to the closing `}`.
    pub span: Span,
}

/// `text { … }`: the rules text, one [`Sentence`] per `.`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextBlock {
    /// The sentences that parsed, in order. A sentence with a syntax error is left out
    /// (and reported); the sentences around it are still here.
    pub sentences: Vec<Sentence>,
    /// From `text` to the closing `}`.
    pub span: Span,
}

/// One ability: a sentence of rules text ending in `.` (the span includes the `.`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence {
    /// What the sentence says.
    pub kind: SentenceKind,
    /// From the first word to the closing `.`.
    pub span: Span,
}

/// The shapes of a rules-text sentence (vocabulary v1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SentenceKind {
    /// `Confluence.` — any single word followed by `.`; lowering checks the word.
    Keyword(Spanned<String>),
    /// `+1 RK.`, `-1 DEF.`, `The Bound gets +2 DEF.`, `Characters you control get +1 DEF.`
    Static(Static),
    /// `Whenever this card liberates another card, gain 1 CP.`,
    /// `At the start of your turn, draw a card.`
    Trigger(Trigger),
    /// `-2 CP: Draw a card.`, `A: …`, `A, Pay 1 Currency: Ready target Ground Unit you
    /// control.` (§7.3): an activated ability, its costs before the colon.
    Activated(Activated),
    /// `Twist: When this card takes damage, Fall this card.` (§7.7).
    Twist(Twist),
    /// `If Liberation counters would be placed on the Bound, place that many Story
    /// counters on this card instead.`
    Replacement(Replacement),
    /// A bare effect, as on Maneuvers and Storylines: `Deal 2 damage to target Ground Unit.`
    Effect(Effect),
    /// `Maneuvers you play cost 1 less.`: a cost change (ruling R87).
    CostChange(CostChange),
}

/// `<cards> [<player> play|deploy] cost <n> less|more [to play|to deploy]` (ruling R87):
/// `Maneuvers you play cost 1 less.`, `Storylines cost 2 more.`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostChange {
    /// The cards as written (`Fast Maneuvers`); lowering reads them against `CostGroup`.
    pub cards: Spanned<String>,
    /// Whose cards, if named.
    pub player: Option<Spanned<CostPlayer>>,
    /// The verb as written after the player (`play`, `deploys`), or in `to play`.
    pub verb: Option<Spanned<String>>,
    /// `1` in `cost 1 less`, as written (a number or a number word).
    pub amount: Spanned<String>,
    /// `more` (true) or `less` (false).
    pub more: bool,
}

/// Whose cards a cost change is about, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostPlayer {
    /// `you play`, `you deploy`.
    You,
    /// `an opponent plays`, `your opponents play`, `each opponent plays`.
    Opponent,
}

/// A static ability: `+1 RK.` or `<subject> gets ±N DEF|RK.`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Static {
    /// `None` for the bare form `+1 RK.` (the card itself).
    pub subject: Option<Spanned<Subject>>,
    /// What it does after the verb (`+1 RK`): one `[[static]]` row of the table.
    pub kind: Spanned<StaticKind>,
    /// `as long as <condition>` / `while <condition>` (or the condition first, `As long as
    /// <condition>, …`): it holds only while the condition does (ruling R70).
    pub condition: Option<Spanned<Cond>>,
}

/// What a static does, after its subject's verb: generated from `vocab/vocabulary.toml`.
pub use crate::vocabulary::StaticKind;

/// Who a static applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// `this card`
    ThisCard,
    /// `the Bound`
    TheBound,
    /// `Characters you control`, `Ground Units an opponent controls`: every permanent of a
    /// kind (kind as written, usually plural), optionally by controller.
    Group {
        /// `Other …`: every one but the card printing the static.
        other: bool,
        /// The kind as written: `Characters`.
        kind: Spanned<String>,
        /// `you control` / `an opponent controls`.
        controller: Option<Spanned<Controller>>,
        /// `Fallen`, `with Rank 2 or less`: as written, in order.
        filters: Vec<Spanned<Filter>>,
    },
}

/// A triggered ability: a condition and an effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trigger {
    /// `Whenever <event>`, `When <event>`, or `At the start of your turn`.
    pub condition: Spanned<Condition>,
    /// `if <condition>,` after the event: an intervening `if` (ruling R36).
    pub if_condition: Option<Spanned<Cond>>,
    /// The span of `you may` before the effect, if written (ruling R114).
    pub optional: Option<Span>,
    /// What happens.
    pub effect: Effect,
}

/// When a trigger fires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition {
    /// `Whenever <event>`
    Whenever(Spanned<Event>),
    /// `When <event>`
    When(Spanned<Event>),
    /// `At the start of your turn`
    StartOfYourTurn,
    /// `At <moment>`: an event row read after `At` (`At the end of your turn`).
    At(Spanned<Event>),
}

/// The events a trigger can wait for: generated from `vocab/vocabulary.toml`.
pub use crate::vocabulary::Event;

/// The conditions of an intervening `if`: generated from `vocab/vocabulary.toml`.
pub use crate::vocabulary::Cond;

/// The filters of a target or group: generated from `vocab/vocabulary.toml`.
pub use crate::vocabulary::Filter;

/// `<cost>[, <cost>…]: <effect>.`: `-2 CP: …`, `A: …`, `A, Pay 1 Currency: …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activated {
    /// The costs before the colon, in the order written (at least one).
    pub costs: Vec<Spanned<Cost>>,
    /// What happens.
    pub effect: Effect,
}

/// One cost of an activated ability: generated from `vocab/vocabulary.toml`.
pub use crate::vocabulary::Cost;

/// `Twist: <sentence>` / `Twist (optional): <sentence>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Twist {
    /// The span of `(optional)` if written.
    pub optional: Option<Span>,
    /// The sentence after the colon (its span ends at the `.`).
    pub sentence: Box<Sentence>,
}

/// `If <thing> would <happen>, <effect> instead.`
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    /// The `<thing> would <happen>` part.
    pub event: Spanned<WouldEvent>,
    /// The effect that happens instead.
    pub effect: Effect,
    /// The span of the word `instead`.
    pub instead: Span,
}

/// The events a replacement can replace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WouldEvent {
    /// `Liberation counters would be placed on <target>` (counter kind as written).
    CountersPlaced {
        /// `Liberation`
        counter: Spanned<String>,
        /// Where they would be placed.
        target: Spanned<Target>,
    },
    /// `<target> would be destroyed`
    Destroyed(Spanned<Target>),
    /// `<target> would take damage`
    TakeDamage(Spanned<Target>),
}

/// An effect with its span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    /// What it does.
    pub kind: EffectKind,
    /// From its first word to its last (the final `.` excluded).
    pub span: Span,
    /// `If <condition>,` before it (a whole effect of a Maneuver, a Reversal or an
    /// activated ability): it does anything only if the condition holds as it resolves
    /// (ruling R61). `None` on the steps of a `, then` chain and on every other effect.
    pub condition: Option<Spanned<Cond>>,
    /// `for each <countable>` / `, where X is …` after it (`docs/vocabulary-v2.md` §8).
    pub quantity: Option<Spanned<QuantitySuffix>>,
    /// `Choose one —` / `Choose two —` (ruling R81): the count as written (`one`, `2`); the
    /// effect's kind is then `Then`, one part per option, in printed order.
    pub modes: Option<Spanned<String>>,
    /// `and <objects>` after a step of the same verb (ruling R110: `Deal 2 damage to target
    /// Ground Unit and 1 damage to each Ground Unit`): this step shares the verb of the step
    /// before it, and prints joined to it.
    pub joined: bool,
}

pub use crate::quantity::{Countable, EqualTo, QuantitySuffix, StatOf};

/// The effect forms: generated from `vocab/vocabulary.toml` (`cargo run -p cardc-vocabgen`).
pub use crate::vocabulary::EffectKind;

/// A count in an effect.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Amount {
    /// A number as written: `2`.
    Number(String),
    /// The article `a`/`an`: one.
    One,
    /// `that many` (inside a replacement: as many as were replaced).
    ThatMany,
    /// `X`: bound by `, where X is …` after the effect.
    X,
    /// No number, and `equal to …` after the effect's noun (ruling R93).
    EqualTo(Box<crate::quantity::EqualTo>),
}

/// `up to two`, `each of up to three`, `two`: the count before a `target …` (ruling R82).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetCount {
    /// The number as written (`two`, `2`, `zero`); lowering reads it.
    pub number: Spanned<String>,
    /// `up to`: the controller may choose fewer, down to none.
    pub up_to: bool,
}

/// What an effect points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// `target Ground Unit you control`: one chosen permanent (or several, with a count).
    Chosen {
        /// The kind as written (`Ground Unit`, `permanent`); lowering checks it.
        kind: Spanned<String>,
        /// `you control` / `an opponent controls`.
        controller: Option<Spanned<Controller>>,
        /// `target Fallen Character with 2 or less CP`: the filters as written, in order.
        filters: Vec<Spanned<Filter>>,
        /// `another target …` / `target other …`: not the card printing it (ruling R72).
        other: bool,
        /// `up to two target …`, `two target …`: how many it chooses (ruling R82); `None`
        /// for one.
        count: Option<Spanned<TargetCount>>,
    },
    /// `each Ground Unit an opponent controls`: every matching permanent.
    Each {
        /// The kind as written (singular or plural); lowering checks it.
        kind: Spanned<String>,
        /// `you control` / `an opponent controls`.
        controller: Option<Spanned<Controller>>,
        /// `each Ruthless Character`: the filters as written, in order.
        filters: Vec<Spanned<Filter>>,
        /// `each other …`: not the card printing it (ruling R72).
        other: bool,
    },
    /// `this card`
    ThisCard,
    /// `the Bound`
    TheBound,
    /// `"Tamsin Vey"`: every permanent on the Map whose card has this name (any
    /// controller). The name is unescaped; the span covers the quotes.
    Named(Spanned<String>),
    /// `it`, `that Character`: a card named earlier in the same sentence (ruling R73);
    /// lowering finds which.
    Anaphor {
        /// `that Character`: the kind as written; `None` for `it`.
        that: Option<Spanned<String>>,
    },
}

/// The player an effect's verb is about: its subject (`Each opponent draws a card.`).
/// Left out, the subject is `you` (`Draw a card.`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// `you`: the ability's controller.
    You,
    /// `target player`: a player chosen as it resolves.
    TargetPlayer,
    /// `target opponent`: an opponent chosen as it resolves.
    TargetOpponent,
    /// `each player`
    EachPlayer,
    /// `each opponent`
    EachOpponent,
    /// `its controller`: of the target named earlier in the ability.
    ItsController,
    /// `its owner`: of the target named earlier in the ability.
    ItsOwner,
    /// `an opponent`: read so that lowering can say why it is no subject (it does not say
    /// which opponent).
    AnOpponent,
}

/// How long a one-shot change lasts, as written (`until end of turn`, `this turn`,
/// `until the end of the Liberation`, `until the Liberation ends`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Duration {
    /// `until end of turn`, `until the end of the turn`, `this turn`.
    UntilEndOfTurn,
    /// `until the end of the Liberation`, `until the Liberation ends`.
    UntilEndOfLiberation,
}

/// A controller restriction on a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Controller {
    /// `you control`
    You,
    /// `an opponent controls`
    Opponent,
}

/// What an event is about, as written: a group of permanents or `the Bound` (ruling R80).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EventSubject {
    /// `a Character you control`.
    Group(EventGroup),
    /// `the Bound`.
    TheBound,
    /// `"Pier Nine"`: the permanents of that name (ruling R113), unescaped.
    Named(Spanned<String>),
}

/// `a Character you control`, `another Ground Unit an opponent controls`: the permanents an
/// event is about, as written (lowering reads the kind).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EventGroup {
    /// `another …`: every one but the card printing it.
    pub another: bool,
    /// The kind as written: `Character`.
    pub kind: Spanned<String>,
    /// `you control` / `an opponent controls`.
    pub controller: Option<Spanned<Controller>>,
    /// `a Fallen Character`: the filters as written, in order.
    pub filters: Vec<Spanned<Filter>>,
}
