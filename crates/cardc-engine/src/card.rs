//! The card traits the generated code implements: static per-face data and behaviour.
//!
//! A card is a zero-sized struct implementing [`Card`]. Everything printed on a face is plain
//! `const` data in a [`FaceData`]; everything a face *does* is a method body that calls the
//! primitives of [`Effects`]. The engine decides *when* a trigger fires (it
//! matches [`Trigger`] against what happened), *which* statics apply and *whether* a
//! replacement applies; the card only says *what* happens.
//!
//! # Example: a generated card
//!
//! ```
//! use cardc_engine::*;
//!
//! /// `character "Mara Voss"`
//! pub struct MaraVoss;
//!
//! static MARA_PRIME: FaceData = FaceData {
//!     name: "Mara Voss",
//!     kind: Kind::Character,
//!     cost: 3,
//!     cp: 6,
//!     vox: 2,
//!     attack: 2,
//!     rank: Some(StatValue::X),
//!     def: Some(StatValue::X),
//!     drives: &[Drive::Liberation, Drive::Justice],
//!     morality: Some(Morality::Virtuous),
//!     penalties: &[
//!         Penalty { morality: Morality::Expedient, cp: 1 },
//!         Penalty { morality: Morality::Ruthless, cp: 3 },
//!         Penalty { morality: Morality::Iniquitous, cp: 5 },
//!     ],
//!     // Whenever this card liberates another card, gain 1 CP.
//!     triggers: &[TriggerData { when: Trigger::ThisLiberatesAnotherCard, targets: &[], optional: false, twist: false, condition: None }],
//!     abilities: &[
//!         // -2 CP: Draw a card.
//!         AbilityData { costs: &[Cost::Cp(-2)], targets: &[] },
//!         // A, Pay 1 Currency: Ready target Ground Unit you control.
//!         AbilityData {
//!             costs: &[Cost::Activate, Cost::PayCurrency(1)],
//!             targets: &[Selector::new(PermanentKind::GroundUnit, Some(Controller::You))],
//!         },
//!     ],
//!     ..FaceData::BLANK
//! };
//!
//! static MARA_FALLEN: FaceData = FaceData {
//!     name: "Mara, the Hollow Voice",
//!     kind: Kind::Character,
//!     fallen: true,
//!     cp: 4,
//!     vox: 3,
//!     rank: Some(StatValue::X),
//!     def: Some(StatValue::X),
//!     drives: &[Drive::Destruction, Drive::Power],
//!     morality: Some(Morality::Ruthless),
//!     penalties: &[Penalty { morality: Morality::Virtuous, cp: 2 }],
//!     keywords: &[Keyword::Confluence],
//!     statics: &[Static {
//!         subject: Subject::ThisCard,
//!         kind: StaticKind::Bonus { amount: 1, stat: BonusStat::Rank },
//!         condition: None,
//!     }],
//!     exit: Some(ExitClause::Redeem),
//!     ..FaceData::BLANK
//! };
//!
//! impl Card for MaraVoss {
//!     fn face(&self, face: Face) -> Option<&'static FaceData> {
//!         match face {
//!             Face::Prime => Some(&MARA_PRIME),
//!             Face::Fallen => Some(&MARA_FALLEN),
//!             Face::Reversal => None,
//!         }
//!     }
//!     fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
//!         if let (Face::Prime, 0) = (face, index) {
//!             fx.gain_cp(Target::ThisCard, 1);
//!         }
//!     }
//!     fn ability(&self, face: Face, index: usize, fx: &mut dyn Effects) {
//!         match (face, index) {
//!             (Face::Prime, 0) => fx.draw(Who::You, 1),
//!             (Face::Prime, 1) => fx.ready(Target::Chosen(0)),
//!             _ => {}
//!         }
//!     }
//! }
//!
//! /// The registry the generated crate exports.
//! pub static CARDS: &[&dyn Card] = &[&MaraVoss];
//! assert_eq!(CARDS[0].name(), "Mara Voss");
//! ```

use crate::effects::Effects;

pub use cardc_types::{
    BonusStat, Controller, Drive, Duration, ExitClause, Keyword, Kind, Morality, PermanentKind,
    Speed, StatValue,
};

/// Rank is a [`StatValue`]: `StatValue::X` or `StatValue::Num(n)`.
pub type Rank = StatValue;

/// Which face of a card is showing. Every card has a `Prime` (front) face; a Character, and
/// some Devices and other permanents, have a `Fallen` back face; a Storyline has a `Reversal`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Face {
    /// The front face (a Storyline's front face too).
    #[default]
    Prime,
    /// A face whose type line is labelled Fallen (§7.7).
    Fallen,
    /// A Storyline's Reversal face (§8.11).
    Reversal,
}

/// One entry of a Penalties block (§7.4): `-cp CP <morality>`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Penalty {
    /// The Morality of the Character Action Maneuver that costs CP.
    pub morality: Morality,
    /// The CP lost (a positive number; printed as `-cp CP`).
    pub cp: u32,
}

/// The subject of a static: `this card`, `the Bound`, `Characters you control`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Subject {
    /// `this card` (also the bare form `+1 RK.`)
    ThisCard,
    /// `the Bound`: the Character this Storyline binds.
    TheBound,
    /// `Characters you control`
    CharactersYouControl,
    /// `[Other] <kind> [you control | an opponent controls]`: every permanent on the Map the
    /// selector picks from the source's controller's point of view; `other` leaves out the
    /// source itself (ruling R35).
    Group {
        /// The kind and whose.
        selector: Selector,
        /// `Other …`
        other: bool,
    },
}

/// A static ability: `<subject> gets ±N DEF|RK.` (§7.5), for as long as its card is on the
/// Map.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Static {
    /// Whom it applies to.
    pub subject: Subject,
    /// What it does to them: one `[[static]]` row of the table (`StaticKind::bonus` says
    /// what each means).
    pub kind: StaticKind,
    /// `as long as <condition>`: it applies only while `Game::holds` says the condition does,
    /// asked each time the stat is read (ruling R70).
    pub condition: Option<Condition>,
}

pub use crate::vocabulary::StaticKind;

/// `<kind> [you control | an opponent controls] [filters]`: what a `target …` or `each …`
/// may pick, and whom a group of an event or a static names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Selector {
    /// The kind of permanent.
    pub kind: PermanentKind,
    /// Whose: `you control`, `an opponent controls`, or anyone's (`None`).
    pub controller: Option<Controller>,
    /// `Fallen`, `with Rank 2 or less`: what else it must pass ([`Game::passes`](crate::Game::passes)).
    pub filters: Filters,
    /// `another target …`, `each other …`: never the permanent whose text it is (ruling
    /// R72; [`Game::selects_from`](crate::Game::selects_from)).
    pub other: bool,
}

impl Selector {
    /// A selector of a kind and whose, with no filter.
    pub const fn new(kind: PermanentKind, controller: Option<Controller>) -> Selector {
        Selector {
            kind,
            controller,
            filters: Filters::NONE,
            other: false,
        }
    }
}

/// One filter of a selector, and the set of them: one variant and one field per
/// `[[filter]]` row of the table.
pub use crate::vocabulary::{Filter, Filters};

/// `a|another <kind> [you control | an opponent controls]`: the permanents an event is about
/// (`Whenever a Character you control is destroyed`), picked from the trigger's controller's
/// point of view; `other` (`another`) leaves out the permanent whose trigger it is (ruling R48).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Group {
    /// The kind and whose.
    pub selector: Selector,
    /// `another …`
    pub other: bool,
}

/// What an event with a group slot is about: a group of permanents, or the Bound Character of
/// the Storyline whose trigger it is (`When the Bound Falls`, ruling R80), whoever controls it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EventSubject {
    /// `a Character you control`.
    Group(Group),
    /// `the Bound`.
    TheBound,
    /// `"Pier Nine"`: any permanent whose card has this name ([`Card::name`], its Prime
    /// face's), whoever controls it and whichever face shows (rulings R25, R113).
    Named(&'static str),
}

/// One cost of an activated ability: one variant per `[[cost]]` row of the table.
pub use crate::vocabulary::Cost;

/// An activated ability's printed shape; its effect is [`Card::ability`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct AbilityData {
    /// The costs before the colon, in the order printed and paid. With [`Cost::Cp`] it is a
    /// Character Ability (Slow, once per turn); with [`Cost::Activate`] an Activated
    /// Character Ability (Fast, repeatable); with neither a plain activated ability of a
    /// permanent that is not a Character (Fast, repeatable; ruling R54).
    pub costs: &'static [Cost],
    /// One selector per `target …` in the effect, in order of appearance: the effect refers to
    /// them as [`Target::Chosen(0)`](crate::Target::Chosen), `Chosen(1)`, ….
    pub targets: &'static [Selector],
}

/// What a triggered ability waits for: one variant per event of `vocab/vocabulary.toml`.
pub use crate::vocabulary::Trigger;

/// A triggered ability's printed shape; its effect is [`Card::trigger`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TriggerData {
    /// The event.
    pub when: Trigger,
    /// Selectors for the effect's `target …`s; the controller chooses when it resolves,
    /// through the game's [`Choices`](crate::Choices) (ruling R9).
    pub targets: &'static [Selector],
    /// `Whenever …, you may …` (ruling R114) or `Twist (optional): …` (§7.7 route 4): the
    /// controller may decline it as it resolves, before its targets are chosen. `false` for
    /// every other trigger, a mandatory Twist included.
    pub optional: bool,
    /// `Twist: …` or `Twist (optional): …`: the Character's own printed Twist, the only text
    /// whose `Fall this card` Falls a Character (§7.7 route 4). `false` for every other
    /// trigger: from anything else, `Fall this card` does nothing on a Character.
    pub twist: bool,
    /// `if <condition>,`: an intervening `if`, read as the event happens and again as the
    /// trigger resolves ([`Game::holds`](crate::Game::holds), ruling R36).
    pub condition: Option<Condition>,
}

/// What an intervening `if` requires: one variant per condition of `vocab/vocabulary.toml`.
pub use crate::vocabulary::Condition;

/// `If <thing> would <happen>` — what a replacement effect watches for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Would {
    /// `If Liberation counters would be placed on <subject>` (a Liberation or a card effect).
    LiberationCountersBePlacedOn(Subject),
    /// `If Story counters would be placed on <subject>` (a card effect or another
    /// replacement, ruling R102).
    StoryCountersBePlacedOn(Subject),
    /// `If <subject> would be destroyed` (any destruction: damage, CP loss, Liberation
    /// counters, an effect or a cost; ruling R103).
    BeDestroyed(Subject),
    /// `If <subject> would take damage` (damage left after DEF and prevention, §7.5;
    /// ruling R103).
    TakeDamage(Subject),
}

impl Would {
    /// The subject it watches.
    pub fn subject(self) -> Subject {
        match self {
            Would::LiberationCountersBePlacedOn(s)
            | Would::StoryCountersBePlacedOn(s)
            | Would::BeDestroyed(s)
            | Would::TakeDamage(s) => s,
        }
    }
}

/// `<instead-effect> instead` — what happens in its place.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Instead {
    /// `place that many Story counters on this card`
    PlaceThatManyStoryCountersOnThisCard,
    /// Nothing happens (a pure prevention).
    Nothing,
    /// An ordinary effect (`pay 2 Currency instead`): [`Card::replace`] with this
    /// replacement's index resolves it, with the replacing card as source and its
    /// controller as "you"; it chooses no targets.
    Effect,
}

/// A replacement effect: `If <would>, <instead> instead.`
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ReplacementData {
    /// What it watches for.
    pub would: Would,
    /// What happens instead.
    pub instead: Instead,
}

/// Everything printed on one face, as `const` data.
///
/// Fields that do not apply to a kind keep their [`FaceData::BLANK`] value. Generated code
/// writes `FaceData { name: …, kind: …, ..FaceData::BLANK }`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FaceData {
    /// The face's name.
    pub name: &'static str,
    /// Its card type.
    pub kind: Kind,
    /// Whether the type line is labelled Fallen (§7.7).
    pub fallen: bool,
    /// Currency cost to deploy or play.
    pub cost: u32,
    /// Votes (§7.10).
    pub votes: u32,
    /// A Character face's printed (starting) CP; 0 elsewhere.
    pub cp: u32,
    /// Vox (§7.9a): Characters and Ground Units only.
    pub vox: u32,
    /// Attack (§7.10).
    pub attack: u32,
    /// Rank (§7.9): `None` for a face without printed Rank (not a Liberation target).
    pub rank: Option<Rank>,
    /// Defense.
    pub def: Option<StatValue>,
    /// The two Drives of a Character face (§7.1).
    pub drives: &'static [Drive],
    /// The Morality of a Character face (§7.2).
    pub morality: Option<Morality>,
    /// The Penalties block (§7.4).
    pub penalties: &'static [Penalty],
    /// Keywords.
    pub keywords: &'static [Keyword],
    /// Statics (`±N DEF|RK`).
    pub statics: &'static [Static],
    /// Activated abilities, in printed order; [`Card::ability`] gets the index.
    pub abilities: &'static [AbilityData],
    /// Triggered abilities, in printed order; [`Card::trigger`] gets the index.
    pub triggers: &'static [TriggerData],
    /// Replacement effects.
    pub replacements: &'static [ReplacementData],
    /// The exit clause of a Fallen Character face (§7.8).
    pub exit: Option<ExitClause>,
    /// A non-Character Fallen face's `redeem Pay N Currency` cost (§7.8, last paragraph).
    pub redeem_currency: Option<u32>,
    /// A Maneuver's speed.
    pub speed: Option<Speed>,
    /// A Character Action Maneuver's Morality (`character_action <Morality>`, §7.4).
    pub character_action: Option<Morality>,
    /// Selectors for a Maneuver's (or a Reversal's) `target …`s, chosen when it is played.
    pub targets: &'static [Selector],
    /// The rules text as printed: one canonical sentence per ability, in printed order
    /// (generated code takes it from `cardc_ir::text::ability`, as the sheets do).
    pub text: &'static [&'static str],
    /// The flavour line, if the face prints one.
    pub flavor: Option<&'static str>,
    /// Cost changes (`Maneuvers you play cost 1 less.`, ruling R87), applied while the face
    /// shows on the Map, as cards are paid for (`Game::cost_to_pay`).
    pub cost_changes: &'static [crate::cost_changes::CostChange],
}

impl FaceData {
    /// A face with nothing printed: the base for `..FaceData::BLANK`.
    pub const BLANK: FaceData = FaceData {
        name: "",
        kind: Kind::Character,
        fallen: false,
        cost: 0,
        votes: 0,
        cp: 0,
        vox: 0,
        attack: 0,
        rank: None,
        def: None,
        drives: &[],
        morality: None,
        penalties: &[],
        keywords: &[],
        statics: &[],
        abilities: &[],
        triggers: &[],
        replacements: &[],
        exit: None,
        redeem_currency: None,
        speed: None,
        character_action: None,
        targets: &[],
        text: &[],
        flavor: None,
        cost_changes: &[],
    };

    /// Whether the face prints `keyword`.
    pub fn has(&self, keyword: Keyword) -> bool {
        self.keywords.contains(&keyword)
    }

    /// The CP penalty for a Character Action Maneuver of `morality` (0 when not listed, §7.4).
    pub fn penalty_for(&self, morality: Morality) -> u32 {
        self.penalties
            .iter()
            .filter(|p| p.morality == morality)
            .map(|p| p.cp)
            .sum()
    }
}

/// A card: static face data plus behaviour. Implemented by zero-sized structs, one per card,
/// collected into a `&'static [&'static dyn Card]` registry.
///
/// Object-safe, `Send + Sync`. Every behaviour method has an empty default, so a card prints
/// only what it does. Method bodies call [`Effects`] primitives in the order the rules text
/// reads (`<effect>, then <effect>` is two calls).
pub trait Card: Send + Sync {
    /// The printed data of `face`, or `None` if the card has no such face.
    fn face(&self, face: Face) -> Option<&'static FaceData>;

    /// The card's name: its Prime face's name.
    fn name(&self) -> &'static str {
        self.face(Face::Prime).map_or("", |f| f.name)
    }

    /// Resolves activated ability `index` of `face` (its cost is already paid).
    fn ability(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        let _ = (face, index, fx);
    }

    /// Resolves triggered ability `index` of `face` (the engine decided it fires).
    fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        let _ = (face, index, fx);
    }

    /// Resolves a Maneuver's text when played, or a Storyline's Reversal text when it reverses.
    fn play(&self, face: Face, fx: &mut dyn Effects) {
        let _ = (face, fx);
    }

    /// Resolves replacement `index` of `face` whose `instead` is [`Instead::Effect`] (the
    /// engine decided it applies; what it replaced does not happen).
    fn replace(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        let _ = (face, index, fx);
    }

    /// The modes of a text of `face` that chooses options (`Choose one — …`, ruling R81);
    /// `None` for a text without a choice.
    fn modes(&self, face: Face, text: crate::modes::ModalText) -> Option<crate::modes::ModeData> {
        let _ = (face, text);
        None
    }

    /// The counted `target …`s of a text of `face` (`up to two target …`, ruling R82):
    /// empty for a text whose every `target …` chooses one permanent.
    fn counts(
        &self,
        face: Face,
        text: crate::modes::ModalText,
    ) -> &'static [crate::counts::TargetCount] {
        let _ = (face, text);
        &[]
    }
}

/// A reference to a card in a registry, compared by name (card names are unique in a set).
#[derive(Clone, Copy)]
pub struct CardRef(pub &'static dyn Card);

impl CardRef {
    /// The data of `face`, if the card has it.
    pub fn face(self, face: Face) -> Option<&'static FaceData> {
        self.0.face(face)
    }

    /// The card's name.
    pub fn name(self) -> &'static str {
        self.0.name()
    }
}

impl PartialEq for CardRef {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for CardRef {}

impl std::fmt::Debug for CardRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.name())
    }
}

/// Finds a card in a registry by name.
pub fn find_card(registry: &[&'static dyn Card], name: &str) -> Option<&'static dyn Card> {
    registry.iter().copied().find(|c| c.name() == name)
}
