//! The typed IR of a card set.
//!
//! The IR records what a card *says*, typed: every word has been read into its
//! vocabulary (`Drive`, `Morality`, `Effect`, …) and every number checked to fit. It
//! does not yet say whether the card obeys the game's rules: a Spacecraft with `vox 1`
//! is representable here so that the rules checker can point at the `vox` line and
//! cite §7.9a. Each value carries its span in a [`Loc`], which takes no part in
//! equality, so two cards that say the same thing are equal wherever they were written.
//!
//! Each type's doc comment shows the surface syntax it comes from.

use crate::loc::{Loc, Site};
use crate::vocab::{
    CardKind, Controller, Drive, ExitClause, Keyword, Morality, PermanentKind, Speed, StatValue,
};
use cardc_diagnostics::Span;
use serde::{Deserialize, Serialize};

/// A whole card set: every card of every file, in file order then source order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CardSet {
    /// The source files, indexed by `Span::file`.
    pub files: Vec<String>,
    /// The cards; a card's [`CardId`] is its index here.
    pub cards: Vec<Card>,
}

/// The index of a card in its [`CardSet`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u32);

impl CardSet {
    /// The cards with their ids.
    pub fn iter(&self) -> impl Iterator<Item = (CardId, &Card)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (CardId(i as u32), c))
    }

    /// The card with this id.
    pub fn get(&self, id: CardId) -> Option<&Card> {
        self.cards.get(id.0 as usize)
    }

    /// The path of the file a span points into.
    pub fn file_name(&self, span: Span) -> &str {
        self.files
            .get(span.file.0 as usize)
            .map_or("<unknown>", String::as_str)
    }
}

/// One card: `character "Mara Voss" { … }`.
///
/// Card-level fields (`cost`, `votes`, `capital`, `speed`, `character_action`,
/// `allow`) sit here; everything printed per face sits in [`Face`]. A card without
/// `prime`/`fallen`/`reversal` blocks has a single [`FaceRole::Front`] face holding
/// its stats and text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// `"Mara Voss"`: the name as printed, unescaped.
    pub name: Loc<String>,
    /// `character`, `ground_unit`, …
    pub kind: Loc<CardKind>,
    /// The whole card, `kind` to closing brace (ignored by `==`).
    pub span: Site,
    /// `cost 3`: Currency to deploy or play.
    pub cost: Option<Loc<u32>>,
    /// `votes 1` (§7.10).
    pub votes: Option<Loc<u32>>,
    /// `capital`: a Capital Spacecraft.
    pub capital: Option<Loc<()>>,
    /// `speed slow` / `speed fast` (Maneuvers).
    pub speed: Option<Loc<Speed>>,
    /// `character_action Ruthless`: a Character Action Maneuver of that Morality (§7.4).
    pub character_action: Option<Loc<Morality>>,
    /// `allow vox_band`: warnings the designer allows on this card, as written.
    pub allows: Vec<Loc<String>>,
    /// The faces, front first: `Front`, or `Prime` then `Fallen`, or `Front` then
    /// `Fallen` (a Device) or `Reversal` (a Storyline).
    pub faces: Vec<Face>,
}

impl Card {
    /// A card of `kind` named `name`, written at `span`, with no fields and no faces yet.
    pub fn new(name: Loc<String>, kind: Loc<CardKind>, span: Span) -> Self {
        Card {
            name,
            kind,
            span: Site(span),
            cost: None,
            votes: None,
            capital: None,
            speed: None,
            character_action: None,
            allows: Vec::new(),
            faces: Vec::new(),
        }
    }

    /// The face shown first (Prime for a Character, Front otherwise).
    pub fn front(&self) -> Option<&Face> {
        self.faces.first()
    }

    /// The face with this role, if the card has one.
    pub fn face(&self, role: FaceRole) -> Option<&Face> {
        self.faces.iter().find(|f| f.role == role)
    }

    /// Whether this is a Capital Spacecraft.
    pub fn is_capital(&self) -> bool {
        self.capital.is_some()
    }
}

/// Which side of the card a face is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FaceRole {
    /// The body of a one-faced card, or the front of a Device or Storyline.
    Front,
    /// `prime { … }`: a Character's Prime face.
    Prime,
    /// `fallen "Name" { … }`: a Character's or Device's Fallen face (§7.7).
    Fallen,
    /// `reversal "Name" { … }`: a Storyline's Reversal face.
    Reversal,
}

impl FaceRole {
    /// The block keyword (`prime`, `fallen`, `reversal`); `Front` has none.
    pub fn keyword(self) -> Option<&'static str> {
        match self {
            FaceRole::Front => None,
            FaceRole::Prime => Some("prime"),
            FaceRole::Fallen => Some("fallen"),
            FaceRole::Reversal => Some("reversal"),
        }
    }
}

/// One printed face: stats, Drives, Morality, Penalties, rules text, flavour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    /// Front, Prime, Fallen or Reversal.
    pub role: FaceRole,
    /// `fallen "Mara, the Hollow Voice"`: the face's own name; `None` for faces
    /// printed under the card's name.
    pub name: Option<Loc<String>>,
    /// The whole face block, or the card for a `Front` face (ignored by `==`).
    pub span: Site,
    /// `drives Liberation, Justice` (§7.1); the `Loc` spans the whole line.
    pub drives: Option<Loc<Vec<Loc<Drive>>>>,
    /// `morality Virtuous` (§7.2).
    pub morality: Option<Loc<Morality>>,
    /// `cp 6`: starting CP (§7.3).
    pub cp: Option<Loc<u32>>,
    /// `vox 2` (§7.9a).
    pub vox: Option<Loc<u32>>,
    /// `attack 2` (§7.10).
    pub attack: Option<Loc<u32>>,
    /// `rank X` / `rank 3` (§7.9).
    pub rank: Option<Loc<StatValue>>,
    /// `def X` / `def 5` (§7.5).
    pub def: Option<Loc<StatValue>>,
    /// `penalties -1 CP Expedient, -3 CP Ruthless` (§7.4); the `Loc` spans the line.
    pub penalties: Option<Loc<Vec<Loc<Penalty>>>>,
    /// `text { … }`: one ability per sentence, in order.
    pub abilities: Vec<Loc<Ability>>,
    /// Where the `text { … }` block was written, if it was (ignored by `==`).
    #[serde(default)]
    pub text_span: Option<Site>,
    /// `flavor "…"`.
    pub flavor: Option<Loc<String>>,
    /// `art "art/mara.svg"` / `art "art/mara.png" focus 40% 30%`: the face's
    /// illustration; the `Loc` spans the whole line.
    #[serde(default)]
    pub art: Option<Loc<Art>>,
    /// `exit Redeem` (§7.8): a Fallen Character face's exit clause.
    pub exit: Option<Loc<ExitClause>>,
    /// `redeem Pay 3 Currency`: a non-Character Fallen face's Redeem cost (§7.8).
    pub redeem: Option<Loc<RedeemCost>>,
}

impl Face {
    /// An empty face of `role` spanning `span`.
    pub fn empty(role: FaceRole, span: Span) -> Self {
        Face {
            role,
            name: None,
            span: Site(span),
            drives: None,
            morality: None,
            cp: None,
            vox: None,
            attack: None,
            rank: None,
            def: None,
            penalties: None,
            abilities: Vec::new(),
            text_span: None,
            flavor: None,
            art: None,
            exit: None,
            redeem: None,
        }
    }
}

/// A face's illustration: `art "art/mara.png" focus 40% 30%`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Art {
    /// The image file as written, relative to the card file's folder (PNG, JPEG or SVG).
    pub path: Loc<String>,
    /// `focus X% Y%`: the point of the image kept in view when it is cropped to the art
    /// box (CSS `object-position`); `None` is the centre, 50% 50%.
    pub focus: Option<Loc<(u8, u8)>>,
}

/// One entry of a Penalties block: `-3 CP Ruthless` (§7.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Penalty {
    /// CP lost (written negated: `-3` is `3`).
    pub amount: Loc<u32>,
    /// The Morality of the action that costs it.
    pub morality: Loc<Morality>,
}

/// A Redeem clause's cost on a non-Character Fallen face: `redeem Pay 3 Currency`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RedeemCost {
    /// `Pay N Currency`
    PayCurrency(u32),
}

/// One sentence of rules text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ability {
    /// `Confluence.` `Indoctrinated.` `Fortified.`
    Keyword(Keyword),
    /// `+1 RK.` / `-1 DEF.` / `The Bound gets +2 DEF.` (§7.5)
    Static(Static),
    /// `Whenever this card liberates another card, gain 1 CP.`
    Triggered(Triggered),
    /// `-2 CP: Draw a card.`, `A: …`, `A, Pay 1 Currency, Discard a card: …` — an
    /// activated ability (§7.3): its costs, then its action. With `±X CP` it is a Character
    /// Ability (Slow, once per turn); with `A` an Activated Character Ability (activates the
    /// card; Fast; repeatable); with neither, a permanent's plain activated ability (ruling
    /// R54).
    Activated(Activated),
    /// `If Liberation counters would be placed on the Bound, place that many Story
    /// counters on this card instead.`
    Replacement(Replacement),
    /// `Twist: When this card takes damage, Fall this card.` (§7.7 route 4)
    Twist(Twist),
    /// `Deal 2 damage to target Ground Unit.`: a one-shot effect — what a Maneuver does
    /// when played, or what a Reversal does when its Storyline reverses.
    Effect(EffectChain),
    /// `Maneuvers you play cost 1 less.`: a cost change (ruling R87).
    CostChange(crate::CostChange),
}

/// `<subject> gets ±N DEF|RK.`, or `±N DEF|RK.` for this card: a subject and what the
/// static does to it (one `[[static]]` row of the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Static {
    /// Who gets it.
    pub subject: Loc<Subject>,
    /// What it does: `+2 DEF` (`StaticKind::Bonus`).
    pub kind: Loc<StaticKind>,
    /// `as long as <condition>`: it applies only while the condition holds, read each time
    /// the engine reads the stat (ruling R70).
    pub condition: Option<Loc<Condition>>,
}

/// What a static does to its subject: generated from `vocab/vocabulary.toml`.
pub use crate::vocabulary::StaticKind;

/// The subject of a static bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Subject {
    /// `this card` (also the implicit subject of `+1 RK.`).
    ThisCard,
    /// `the Bound`: the Character a Storyline is bound to (§8).
    TheBound,
    /// `[Other] <kind> [you control | an opponent controls]`: every permanent on the Map of
    /// the kind, whose controller is as named relative to the card's controller (anyone's
    /// when `None`); `other` leaves out the card printing the static (ruling R35).
    Group {
        /// `Other …`
        other: bool,
        /// Which kind.
        kind: PermanentKind,
        /// Whose, if restricted.
        controller: Option<Controller>,
        /// `Fallen Characters you control`: what else its members must pass.
        filters: crate::Filters,
    },
}

impl Subject {
    /// `Characters you control`, the group the rules name most (§7.5).
    pub const CHARACTERS_YOU_CONTROL: Subject = Subject::Group {
        other: false,
        kind: PermanentKind::Character,
        controller: Some(Controller::You),
        filters: crate::Filters::NONE,
    };
}

/// `Whenever|When <event>, <effect>.` / `At the start of your turn, <effect>.`
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Triggered {
    /// When it fires.
    pub trigger: Loc<Trigger>,
    /// `if <condition>,`: an intervening `if`, checked as the event happens and as the
    /// trigger resolves (ruling R36).
    pub condition: Option<Loc<Condition>>,
    /// What it does.
    pub effect: EffectChain,
    /// For an event about a named card (`When "Pier Nine" is destroyed`, ruling R113): the
    /// name where it is written, for diagnostics and their fixes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub named: Option<Loc<crate::CardName>>,
    /// `you may <effect>`: its controller may decline it as it resolves, before its targets
    /// are chosen (ruling R114).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
}

/// When a triggered ability fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trigger {
    /// `Whenever <event>`: every time.
    Whenever(Event),
    /// `When <event>`: the same timing, worded for one-off events.
    When(Event),
    /// `At the start of your turn`.
    StartOfYourTurn,
    /// `At <moment>`: an event row read after `At` (`At the end of your turn`, ruling R47).
    At(Event),
}

impl Trigger {
    /// The event, unless this is a start-of-turn trigger.
    pub fn event(self) -> Option<Event> {
        match self {
            Trigger::Whenever(e) | Trigger::When(e) | Trigger::At(e) => Some(e),
            Trigger::StartOfYourTurn => None,
        }
    }

    /// The same trigger waiting for `event` instead (a start-of-turn trigger is unchanged).
    pub fn with_event(self, event: Event) -> Trigger {
        match self {
            Trigger::Whenever(_) => Trigger::Whenever(event),
            Trigger::When(_) => Trigger::When(event),
            Trigger::At(_) => Trigger::At(event),
            Trigger::StartOfYourTurn => Trigger::StartOfYourTurn,
        }
    }
}

/// The events a trigger can name: generated from `vocab/vocabulary.toml`.
pub use crate::vocabulary::{Event, EventNeeds};

/// The conditions of an intervening `if`: generated from `vocab/vocabulary.toml`.
pub use crate::vocabulary::{Condition, ConditionNeeds};

/// `<cost>[, <cost>…]: <effect>` — an activated ability (§7.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activated {
    /// The costs, in the canonical order (the table's: `A`, `±X CP`, `Pay …`, …; lowering
    /// sorts them), in which they print and are paid.
    pub costs: Vec<Loc<Cost>>,
    /// The action.
    pub effect: EffectChain,
}

impl Activated {
    /// The kind of ability its costs make: `A` makes an Activated Character Ability even
    /// with a CP cost; `±X CP` without it a Character Ability; neither, a plain activated
    /// ability (`None`, ruling R54).
    pub fn marks(&self) -> Option<CostMarks> {
        let marks = || self.costs.iter().filter_map(|c| c.value.marks());
        marks()
            .find(|m| *m == CostMarks::Activated)
            .or_else(|| marks().next())
    }

    /// The CP of a Character Ability (`-2` for `-2 CP:`), if it is one.
    pub fn cp(&self) -> Option<i32> {
        self.costs.iter().find_map(|c| match c.value {
            Cost::Cp(n) => Some(n),
            _ => None,
        })
    }
}

/// One cost of an activated ability: generated from `vocab/vocabulary.toml`.
pub use crate::vocabulary::{Cost, CostMarks, CostNeeds};

impl Cost {
    /// Its canonical text, as printed before the colon (`Pay 1 Currency`).
    pub fn printed(&self) -> String {
        crate::vocabulary::print_cost(self)
    }
}

/// `If <would-event>, <effect> instead.`
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replacement {
    /// What would happen.
    pub would: Loc<WouldEvent>,
    /// What happens instead.
    pub instead: EffectChain,
}

/// The event a replacement effect watches for.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WouldEvent {
    /// `Liberation counters would be placed on <target>`
    CountersPlaced(Target),
    /// `Story counters would be placed on <target>` (ruling R102)
    StoryCountersPlaced(Target),
    /// `<target> would be destroyed`
    Destroyed(Target),
    /// `<target> would take damage`
    TakeDamage(Target),
}

/// `Twist: <trigger>` / `Twist (optional): <trigger>` (§7.7 route 4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Twist {
    /// `(optional)`: the controller may decline.
    pub optional: bool,
    /// The triggered ability it wraps.
    pub triggered: Triggered,
}

/// `<effect>, then <effect>, then …`: one or more steps, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectChain {
    /// The steps; never empty.
    pub steps: Vec<Loc<Effect>>,
    /// `If <condition>, …`: the chain does anything only if the condition holds as it
    /// resolves (ruling R61). Only a Maneuver's, a Reversal's and an activated ability's
    /// chain has one; a trigger's condition is [`Triggered::condition`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Loc<Condition>>,
    /// `Choose one — <option>; or <option>`: the steps are the options' steps in printed
    /// order, split into options by [`Modes::options`] (ruling R81). `None` for a plain chain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modes: Option<Loc<Modes>>,
    /// The steps, by index in [`EffectChain::steps`], that are one more object of the step
    /// before them, joined by `and` (ruling R110: `deal 2 damage to target Ground Unit and 1
    /// damage to each Ground Unit`): each is an ordinary step of the same verb, played in
    /// order, and prints as `and` and its phrase after the verb. Ascending; empty for most
    /// chains.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joined: Vec<usize>,
}

impl EffectChain {
    /// Whether step `i` is joined by `and` to the step before it (ruling R110).
    pub fn is_joined(&self, i: usize) -> bool {
        self.joined.binary_search(&i).is_ok()
    }
}

pub use crate::modes::Modes;

pub use crate::vocabulary::Effect;

/// The player an effect's verb is about (§4 of `docs/vocabulary-v2.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Player {
    /// `you`: the ability's controller (a Maneuver's player, a Storyline's controller).
    /// Printed by leaving the subject out: `Draw a card.`
    You,
    /// `target player`: chosen as the step resolves (ruling R33).
    TargetPlayer,
    /// `target opponent`: chosen as the step resolves (ruling R33).
    TargetOpponent,
    /// `each player`, in turn order from the ability's controller.
    EachPlayer,
    /// `each opponent`, in turn order after the ability's controller.
    EachOpponent,
    /// `its controller`: the controller of the one `target …` chosen earlier in the same
    /// ability (the checker rejects it otherwise, `E0190`).
    ItsController,
    /// `its owner`: likewise, its owner.
    ItsOwner,
}

impl Player {
    /// How it is written as a subject (`each opponent`); `you` for [`Player::You`].
    pub fn name(self) -> &'static str {
        match self {
            Player::You => "you",
            Player::TargetPlayer => "target player",
            Player::TargetOpponent => "target opponent",
            Player::EachPlayer => "each player",
            Player::EachOpponent => "each opponent",
            Player::ItsController => "its controller",
            Player::ItsOwner => "its owner",
        }
    }

    /// Whether it names the target chosen before it (`its controller`, `its owner`).
    pub fn is_pronoun(self) -> bool {
        matches!(self, Player::ItsController | Player::ItsOwner)
    }
}

/// What an effect acts on.
///
/// Not `Copy`: a [`Target::Named`] owns its name. Equality ignores the name's span.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// `target <kind> [you control | an opponent controls]`: chosen on use.
    Chosen {
        /// Which kind.
        kind: PermanentKind,
        /// Whose, if restricted.
        controller: Option<Controller>,
        /// `target Fallen Character with 3 or less CP`: what else it must pass.
        filters: crate::Filters,
        /// `another target …`: never the card printing it (ruling R72).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        other: bool,
        /// `two target …`, `up to two target …`: how many different permanents it chooses
        /// (ruling R82); `None` for one, as `target …` alone says.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<Loc<TargetCount>>,
    },
    /// `each <kind> [you control | an opponent controls]`
    Each {
        /// Which kind.
        kind: PermanentKind,
        /// Whose, if restricted.
        controller: Option<Controller>,
        /// `each Ruthless Character`: what else it must pass.
        filters: crate::Filters,
        /// `each other …`: never the card printing it (ruling R72).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        other: bool,
    },
    /// `this card`
    ThisCard,
    /// `the Bound`
    TheBound,
    /// `"Tamsin Vey"`: every permanent on the Map whose card has this name, whoever
    /// controls it (like `each`). The name is unescaped and never empty; the checker
    /// resolves it against the set (`E0171`).
    Named(Loc<String>),
    /// `it`, `that Character`: a card named earlier in the same sentence (ruling R73). It is
    /// no new choice: it plays as its antecedent's `target …` does.
    Anaphor {
        /// `that Character`: the kind written; `None` for `it` (canonical whenever `it`
        /// refers to the same card).
        that: Option<PermanentKind>,
        /// What lowering found it refers to; the checker reports all but a target.
        antecedent: Antecedent,
    },
}

/// How many permanents one `target …` chooses (ruling R82): `two target Devices` is exactly
/// two different Devices, `up to two target Devices` two, one or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TargetCount {
    /// The number written (the checker refuses 0 and more than 8: `E0206`, `E0205`).
    pub n: u32,
    /// `up to`: fewer may be chosen, down to none.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub up_to: bool,
}

impl TargetCount {
    /// The most permanents one ability, Maneuver or trigger chooses (the engine's
    /// `limits::MAX_CHOSEN`), and so the largest count (`E0205`).
    pub const MAX: u32 = 8;

    /// Whether it may name other than exactly one permanent (`two`, `up to two`): what an
    /// anaphor cannot refer to (`E0207`). `up to one` is one card or none, so not plural.
    pub fn plural(self) -> bool {
        self.n != 1
    }
}

/// What an anaphor (`it`, `that <kind>`) refers to, as lowering found it (ruling R73).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Antecedent {
    /// The `index`th `target …` of its sentence (0 = the first), which it plays as.
    Target {
        /// Which `target …` of the sentence, in order of appearance.
        index: u8,
        /// That target.
        target: Box<Target>,
    },
    /// The card a trigger's event is about (`Whenever a Character you control Falls, …`),
    /// which it plays as (ruling R112). The checker reads it as `target`: the event's group
    /// as an `each …` of its kind, controller and filters, or `the Bound`; its kind is the
    /// one `that <kind>` names.
    EventSubject {
        /// The kind `that <kind>` matches (a Character for the Bound, ruling R80).
        kind: PermanentKind,
        /// What the checker's target checks read.
        target: Box<Target>,
    },
    /// The card a trigger's event is about when that event takes it off the Map
    /// (`Whenever a Character you control is destroyed, …`): nothing is left for it to
    /// name when the effect resolves (`E0224`, ruling R112).
    GoneEventSubject(PermanentKind),
    /// The card printing the trigger, when its event happens to it (`Whenever this card is
    /// declared as a garrison, it gets +1 RK …`): it plays as `this card` (ruling R112).
    /// `gone` when the event takes it off the Map (`When this card is destroyed, …`), which
    /// leaves nothing to name (`E0224`).
    ThisCard {
        /// The event takes this card off the Map.
        gone: bool,
    },
    /// Nothing earlier in the sentence it can refer to; `many` when an `each …` or a named
    /// card (many permanents) came before.
    Nothing {
        /// An `each …` or a named card came before.
        many: bool,
    },
    /// Two or more cards it could refer to.
    Ambiguous,
}

impl Target {
    /// The target an anaphor plays as, or the target itself.
    pub fn resolved(&self) -> &Target {
        /// What `it` naming the card printing it plays as (ruling R112).
        static THIS_CARD: Target = Target::ThisCard;
        match self {
            Target::Anaphor {
                antecedent: Antecedent::Target { target, .. },
                ..
            } => target,
            Target::Anaphor {
                antecedent: Antecedent::ThisCard { gone: false },
                ..
            } => &THIS_CARD,
            Target::Anaphor {
                antecedent: Antecedent::EventSubject { target, .. },
                ..
            } => target,
            t => t,
        }
    }

    /// The kind named, for `target`/`each`.
    pub fn kind(&self) -> Option<PermanentKind> {
        match self {
            Target::Chosen { kind, .. } | Target::Each { kind, .. } => Some(*kind),
            Target::Anaphor { .. } => match self.resolved() {
                Target::Anaphor {
                    antecedent: Antecedent::GoneEventSubject(kind),
                    ..
                } => Some(*kind),
                Target::Anaphor { that, .. } => *that,
                t => t.kind(),
            },
            Target::ThisCard | Target::TheBound | Target::Named(_) => None,
        }
    }

    /// The filters, for `target`/`each` (none for the others).
    pub fn filters(&self) -> crate::Filters {
        match self {
            Target::Chosen { filters, .. } | Target::Each { filters, .. } => *filters,
            Target::ThisCard | Target::TheBound | Target::Named(_) | Target::Anaphor { .. } => {
                crate::Filters::NONE
            }
        }
    }

    /// The controller restriction, for `target`/`each`.
    pub fn controller(&self) -> Option<Controller> {
        match self {
            Target::Chosen { controller, .. } | Target::Each { controller, .. } => *controller,
            Target::ThisCard | Target::TheBound | Target::Named(_) | Target::Anaphor { .. } => None,
        }
    }

    /// Whether it leaves out the card printing it (`another target …`, `each other …`,
    /// ruling R72).
    pub fn other(&self) -> bool {
        match self {
            Target::Chosen { other, .. } | Target::Each { other, .. } => *other,
            Target::ThisCard | Target::TheBound | Target::Named(_) | Target::Anaphor { .. } => {
                false
            }
        }
    }

    /// The count of a `target …` (`up to two target …`, ruling R82); `None` for one and
    /// for every other target.
    pub fn count(&self) -> Option<TargetCount> {
        match self {
            Target::Chosen { count, .. } => count.map(|c| c.value),
            _ => None,
        }
    }

    /// The card name, for a named target.
    pub fn name(&self) -> Option<&Loc<String>> {
        match self {
            Target::Named(name) => Some(name),
            _ => None,
        }
    }
}

impl WouldEvent {
    /// The target the replacement watches.
    pub fn target(&self) -> &Target {
        match self {
            WouldEvent::CountersPlaced(t)
            | WouldEvent::StoryCountersPlaced(t)
            | WouldEvent::Destroyed(t)
            | WouldEvent::TakeDamage(t) => t,
        }
    }
}

impl Ability {
    /// The effect chains of this ability, for walks over every effect.
    pub fn effects(&self) -> Vec<&EffectChain> {
        match self {
            Ability::Keyword(_) | Ability::Static(_) | Ability::CostChange(_) => Vec::new(),
            Ability::Triggered(t) => vec![&t.effect],
            Ability::Activated(a) => vec![&a.effect],
            Ability::Replacement(r) => vec![&r.instead],
            Ability::Twist(t) => vec![&t.triggered.effect],
            Ability::Effect(e) => vec![e],
        }
    }
}
