//! The closed vocabularies shared by the IR (`cardc-ir`) and the rules engine
//! (`cardc-engine`): Drives, Moralities, card and permanent kinds, stats, keywords, exit
//! clauses, speeds and controllers.
//!
//! One type per concept, used by every layer: the IR reads a word into these enums, the
//! checker reasons over them, the generated code names them (`engine::Drive::Power`) and
//! the engine plays them, so no layer maps one enum onto another.
//!
//! Every vocabulary enum knows its words (`name`), its full list (`ALL`) and how to read
//! a word back (`from_name`), so lowering can offer "did you mean" against the right
//! vocabulary and the canonical text printer never spells a word differently.
//!
//! This crate depends on nothing of cardc's; `serde` support is the `serde` feature.

#![warn(missing_docs)]

/// What every closed vocabulary knows of itself, for code that handles them all alike:
/// the code generator names a value as `engine::<TYPE>::<variant>` through it.
pub trait Vocabulary: Copy + Sized + 'static {
    /// The type's name, as Rust code names it (`"Drive"`).
    const TYPE: &'static str;
    /// Every value, in printed order.
    const ALL: &'static [Self];
    /// The word as printed on cards (`"Liberation"`, `"Ground Unit"`).
    fn name(self) -> &'static str;
    /// The variant's name, as Rust code names it (`"GroundUnit"`).
    fn variant(self) -> &'static str;
}

macro_rules! vocab {
    (
        $(#[$meta:meta])*
        $name:ident { $( $(#[$vmeta:meta])* $variant:ident => $word:literal ),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub enum $name { $( $(#[$vmeta])* $variant ),+ }

        impl $name {
            /// Every value, in printed order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The word as printed on cards and written in sources.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $word),+ }
            }

            /// Reads a word exactly as printed (case-sensitive).
            pub fn from_name(word: &str) -> Option<Self> {
                match word { $($word => Some($name::$variant),)+ _ => None }
            }

            /// Every word, for "did you mean".
            pub fn names() -> impl Iterator<Item = &'static str> {
                Self::ALL.iter().map(|v| v.name())
            }
        }

        impl crate::Vocabulary for $name {
            const TYPE: &'static str = stringify!($name);
            const ALL: &'static [$name] = $name::ALL;
            fn name(self) -> &'static str {
                $name::name(self)
            }
            fn variant(self) -> &'static str {
                match self { $($name::$variant => stringify!($variant)),+ }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

vocab! {
    /// A card frame: `character "…" { … }` and so on.
    CardKind {
        /// `character`
        Character => "character",
        /// `ground_unit`
        GroundUnit => "ground_unit",
        /// `spacecraft` (with `capital` for a Capital Spacecraft)
        Spacecraft => "spacecraft",
        /// `surface_location`
        SurfaceLocation => "surface_location",
        /// `planetary_location`
        PlanetaryLocation => "planetary_location",
        /// `homeworld`
        Homeworld => "homeworld",
        /// `device`
        Device => "device",
        /// `maneuver`
        Maneuver => "maneuver",
        /// `storyline`
        Storyline => "storyline",
    }
}

impl CardKind {
    /// The type line printed on the card ("Ground Unit").
    pub fn title(self) -> &'static str {
        match self {
            CardKind::Character => "Character",
            CardKind::GroundUnit => "Ground Unit",
            CardKind::Spacecraft => "Spacecraft",
            CardKind::SurfaceLocation => "Surface Location",
            CardKind::PlanetaryLocation => "Planetary Location",
            CardKind::Homeworld => "Homeworld",
            CardKind::Device => "Device",
            CardKind::Maneuver => "Maneuver",
            CardKind::Storyline => "Storyline",
        }
    }

    /// Whether cards of this kind are permanents on the Map.
    pub fn is_permanent(self) -> bool {
        !matches!(self, CardKind::Maneuver | CardKind::Storyline)
    }

    /// Whether cards of this kind print a Rank (§7.9: a Character's is `X`), so they can be
    /// declared as Liberation targets.
    pub fn prints_rank(self) -> bool {
        self.is_permanent() && self != CardKind::Device
    }

    /// Whether the kind is a Location (Surface, Planetary or Homeworld).
    pub fn is_location(self) -> bool {
        matches!(
            self,
            CardKind::SurfaceLocation | CardKind::PlanetaryLocation | CardKind::Homeworld
        )
    }
}

vocab! {
    /// The eight Drives (§7.1).
    Drive {
        /// Wishes to break free of mental, social, or physical constructs.
        Liberation => "Liberation",
        /// Wishes to amass fortune.
        Greed => "Greed",
        /// Desires control over politics and other people.
        Power => "Power",
        /// Longs for connection with others or society.
        Connection => "Connection",
        /// Has been wronged and seeks retribution.
        Justice => "Justice",
        /// Has done wrong in the past and seeks redress.
        Redemption => "Redemption",
        /// Wishes to see it all burn.
        Destruction => "Destruction",
        /// Needs to understand ideas larger than themself.
        Knowledge => "Knowledge",
    }
}

vocab! {
    /// The four Moralities (§7.2).
    Morality {
        /// Acts with integrity and honour.
        Virtuous => "Virtuous",
        /// Does what they must; does not actively wish harm.
        Expedient => "Expedient",
        /// No concern for others as long as they achieve their goals.
        Ruthless => "Ruthless",
        /// Amoral; often opts for pain and suffering.
        Iniquitous => "Iniquitous",
    }
}

vocab! {
    /// A Fallen Character face's exit clause (§7.8): `exit Redeem`.
    ExitClause {
        /// §18.20: they return to their Prime face.
        Redeem => "Redeem",
        /// §18.20a: they go out well, and are destroyed.
        SelflessSacrifice => "Selfless Sacrifice",
        /// §18.20b: they remain Fallen.
        Conviction => "Conviction",
    }
}

vocab! {
    /// A Maneuver's speed: `speed slow` / `speed fast`.
    Speed {
        /// Played only when nothing else is happening.
        Slow => "slow",
        /// Played at the windows the rules open for Fast Maneuvers.
        Fast => "fast",
    }
}

// Keyword abilities (`Confluence.`): generated from vocab/vocabulary.toml, one variant per
// `[[keyword]]` row, with the kinds each may be printed on.
mod keyword;
pub use keyword::{Keyword, KeywordOn};

vocab! {
    /// The stats a static bonus can change: `+1 DEF.`, `The Bound gets -1 RK.`
    BonusStat {
        /// Defense: prevents (or adds) combat damage (§7.5).
        Def => "DEF",
        /// Rank: cancels (or adds) Liberation counters (§7.5, §12.6).
        Rank => "RK",
    }
}

vocab! {
    /// A stat an amount reads (`Gain Currency equal to this card's Vox.`, ruling R93), as the
    /// step resolves: CP as it stands, DEF and Rank with their statics; a Character's `X`
    /// reads 0.
    ReadStat {
        /// Vox (§7.9a), as printed on the face showing.
        Vox => "Vox",
        /// A Character's CP as it stands (§7.3), never below 0.
        Cp => "CP",
        /// Attack, as printed on the face showing.
        Attack => "Attack",
        /// DEF with its statics (§7.5).
        Def => "DEF",
        /// Rank with its statics (§7.9).
        Rank => "Rank",
    }
}

vocab! {
    /// How long a one-shot change lasts (`Target Ground Unit gets +2 DEF until end of turn.`):
    /// the words are the canonical printed form (`this turn` with a stat change prints
    /// `until end of turn`).
    Duration {
        /// Until the turn ends (`Game::end_turn`, assumption A5), after the `At the end of
        /// your turn` triggers (ruling R47).
        UntilEndOfTurn => "until end of turn",
        /// Until the Liberation under way has finished Step 7 (§12.8, ruling R41).
        UntilEndOfLiberation => "until the end of the Liberation",
    }
}

vocab! {
    /// The kinds a target or `each` can name in rules text.
    PermanentKind {
        /// A Character.
        Character => "Character",
        /// A Ground Unit.
        GroundUnit => "Ground Unit",
        /// Any Spacecraft.
        Spacecraft => "Spacecraft",
        /// A Capital Spacecraft.
        CapitalSpacecraft => "Capital Spacecraft",
        /// A Surface Location.
        SurfaceLocation => "Surface Location",
        /// A Planetary Location.
        PlanetaryLocation => "Planetary Location",
        /// A Homeworld.
        Homeworld => "Homeworld",
        /// A Device.
        Device => "Device",
        /// Any permanent.
        Permanent => "permanent",
    }
}

impl PermanentKind {
    /// Whether every permanent of this kind prints a Rank (§7.9), and so can carry
    /// Liberation counters. `permanent` may or may not.
    pub fn has_rank(self) -> Option<bool> {
        match self {
            PermanentKind::Device => Some(false),
            PermanentKind::Permanent => None,
            _ => Some(true),
        }
    }

    /// Whether a permanent of this kind can be a Character.
    pub fn may_be_character(self) -> bool {
        matches!(self, PermanentKind::Character | PermanentKind::Permanent)
    }

    /// The plural, as printed after `each` where natural ("each Ground Unit" stays singular).
    pub fn plural(self) -> &'static str {
        match self {
            PermanentKind::Character => "Characters",
            PermanentKind::GroundUnit => "Ground Units",
            PermanentKind::Spacecraft => "Spacecraft",
            PermanentKind::CapitalSpacecraft => "Capital Spacecraft",
            PermanentKind::SurfaceLocation => "Surface Locations",
            PermanentKind::PlanetaryLocation => "Planetary Locations",
            PermanentKind::Homeworld => "Homeworlds",
            PermanentKind::Device => "Devices",
            PermanentKind::Permanent => "permanents",
        }
    }
}

vocab! {
    /// Whose permanents a target may be: `target Character you control`.
    Controller {
        /// `you control`
        You => "you control",
        /// `an opponent controls`
        Opponent => "an opponent controls",
    }
}

/// A printed stat that may be `X`: `rank X`, `def 5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StatValue {
    /// `X`: a Character's Rank and DEF (§7.9, §7.5). On a Character's Rank, Liberation
    /// counters convert to CP loss (§7.9); on DEF, damage comes off CP.
    X,
    /// A number.
    Num(u32),
}

impl std::fmt::Display for StatValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StatValue::X => f.write_str("X"),
            StatValue::Num(n) => write!(f, "{n}"),
        }
    }
}

/// The card type of a face as the engine sees it: the frame word with `capital` folded
/// into [`Kind::Spacecraft`]. The card language's frame word is [`CardKind`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Kind {
    /// `character`
    #[default]
    Character,
    /// `ground_unit`
    GroundUnit,
    /// `spacecraft` (with `capital`: a Capital Spacecraft)
    Spacecraft {
        /// `capital`
        capital: bool,
    },
    /// `surface_location`
    SurfaceLocation,
    /// `planetary_location`
    PlanetaryLocation,
    /// `homeworld`
    Homeworld,
    /// `device`
    Device,
    /// `maneuver` (never a permanent)
    Maneuver,
    /// `storyline`
    Storyline,
}

impl Kind {
    /// The face type of a card of frame `kind`, `capital` or not.
    pub fn of(kind: CardKind, capital: bool) -> Kind {
        match kind {
            CardKind::Character => Kind::Character,
            CardKind::GroundUnit => Kind::GroundUnit,
            CardKind::Spacecraft => Kind::Spacecraft { capital },
            CardKind::SurfaceLocation => Kind::SurfaceLocation,
            CardKind::PlanetaryLocation => Kind::PlanetaryLocation,
            CardKind::Homeworld => Kind::Homeworld,
            CardKind::Device => Kind::Device,
            CardKind::Maneuver => Kind::Maneuver,
            CardKind::Storyline => Kind::Storyline,
        }
    }

    /// Characters and Ground Units: the cards that may be Activated for Vox (§12.2, §12.4).
    pub fn is_unit(self) -> bool {
        matches!(self, Kind::Character | Kind::GroundUnit)
    }

    /// Surface, Planetary Locations and Homeworlds: the permanents that host units.
    pub fn is_location(self) -> bool {
        matches!(
            self,
            Kind::SurfaceLocation | Kind::PlanetaryLocation | Kind::Homeworld
        )
    }
}

impl PermanentKind {
    /// The narrowest kind a face of type `kind` is (`Capital Spacecraft` for a capital
    /// Spacecraft); `None` for a Maneuver or a Storyline, which rules text never names as a
    /// kind of permanent.
    pub fn of(kind: Kind) -> Option<PermanentKind> {
        Some(match kind {
            Kind::Character => PermanentKind::Character,
            Kind::GroundUnit => PermanentKind::GroundUnit,
            Kind::Spacecraft { capital: true } => PermanentKind::CapitalSpacecraft,
            Kind::Spacecraft { capital: false } => PermanentKind::Spacecraft,
            Kind::SurfaceLocation => PermanentKind::SurfaceLocation,
            Kind::PlanetaryLocation => PermanentKind::PlanetaryLocation,
            Kind::Homeworld => PermanentKind::Homeworld,
            Kind::Device => PermanentKind::Device,
            Kind::Maneuver | Kind::Storyline => return None,
        })
    }

    /// Whether a face of type `kind` is a permanent of this kind (`target Spacecraft`
    /// accepts a Capital Spacecraft; `permanent` accepts everything but a Maneuver).
    pub fn accepts(self, kind: Kind) -> bool {
        match self {
            PermanentKind::Character => kind == Kind::Character,
            PermanentKind::GroundUnit => kind == Kind::GroundUnit,
            PermanentKind::Spacecraft => matches!(kind, Kind::Spacecraft { .. }),
            PermanentKind::CapitalSpacecraft => kind == Kind::Spacecraft { capital: true },
            PermanentKind::SurfaceLocation => kind == Kind::SurfaceLocation,
            PermanentKind::PlanetaryLocation => kind == Kind::PlanetaryLocation,
            PermanentKind::Homeworld => kind == Kind::Homeworld,
            PermanentKind::Device => kind == Kind::Device,
            PermanentKind::Permanent => kind != Kind::Maneuver,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reads_back() {
        for d in Drive::ALL {
            assert_eq!(Drive::from_name(d.name()), Some(*d));
        }
        for k in PermanentKind::ALL {
            assert_eq!(PermanentKind::from_name(k.name()), Some(*k));
        }
        assert_eq!(Controller::from_name("you control"), Some(Controller::You));
        assert_eq!(
            Morality::from_name("virtuous"),
            None,
            "words are case-sensitive"
        );
        assert_eq!(PermanentKind::GroundUnit.variant(), "GroundUnit");
        assert_eq!(<BonusStat as Vocabulary>::TYPE, "BonusStat");
    }

    #[test]
    fn kinds_of_permanent_accept_their_faces() {
        let capital = Kind::of(CardKind::Spacecraft, true);
        assert!(PermanentKind::Spacecraft.accepts(capital));
        assert!(PermanentKind::CapitalSpacecraft.accepts(capital));
        assert!(!PermanentKind::CapitalSpacecraft.accepts(Kind::of(CardKind::Spacecraft, false)));
        assert!(PermanentKind::Permanent.accepts(Kind::Storyline));
        assert!(!PermanentKind::Permanent.accepts(Kind::Maneuver));
        for k in CardKind::ALL {
            assert_eq!(Kind::of(*k, false).is_location(), k.is_location());
        }
    }
}

vocab! {
    /// The cards a cost change is about (`Maneuvers you play cost 1 less.`, ruling R87): a card
    /// type that has a cost, as printed in the plural. Locations have none (§7.10: they are
    /// not deployed from hand), so no value names them.
    CostGroup {
        /// `Characters` (deployed, §7.11).
        Character => "Characters",
        /// `Ground Units` (deployed).
        GroundUnit => "Ground Units",
        /// `Spacecraft` (deployed; Capital Spacecraft too).
        Spacecraft => "Spacecraft",
        /// `Capital Spacecraft` (deployed).
        CapitalSpacecraft => "Capital Spacecraft",
        /// `Devices` (deployed).
        Device => "Devices",
        /// `Maneuvers` (played).
        Maneuver => "Maneuvers",
        /// `Fast Maneuvers` (played).
        FastManeuver => "Fast Maneuvers",
        /// `Character Action Maneuvers` (played, §7.4).
        CharacterActionManeuver => "Character Action Maneuvers",
        /// `Storylines` (played).
        Storyline => "Storylines",
    }
}

impl CostGroup {
    /// Whether cards of this group are deployed (permanents, §7.11) rather than played
    /// (Maneuvers and Storylines): the verb its player agrees with (`you deploy`, `an opponent
    /// plays`).
    pub fn deployed(self) -> bool {
        !matches!(
            self,
            CostGroup::Maneuver
                | CostGroup::FastManeuver
                | CostGroup::CharacterActionManeuver
                | CostGroup::Storyline
        )
    }

    /// Whether a card of type `kind`, Fast (`fast`) or a Character Action Maneuver
    /// (`character_action`), is in this group.
    pub fn covers(self, kind: Kind, fast: bool, character_action: bool) -> bool {
        match self {
            CostGroup::Character => kind == Kind::Character,
            CostGroup::GroundUnit => kind == Kind::GroundUnit,
            CostGroup::Spacecraft => matches!(kind, Kind::Spacecraft { .. }),
            CostGroup::CapitalSpacecraft => kind == Kind::Spacecraft { capital: true },
            CostGroup::Device => kind == Kind::Device,
            CostGroup::Maneuver => kind == Kind::Maneuver,
            CostGroup::FastManeuver => kind == Kind::Maneuver && fast,
            CostGroup::CharacterActionManeuver => kind == Kind::Maneuver && character_action,
            CostGroup::Storyline => kind == Kind::Storyline,
        }
    }
}

vocab! {
    /// Whose cards a cost change is about (ruling R87); a cost change that names no player is
    /// about every player's.
    CostPlayer {
        /// `you play`, `you deploy`: the cards of the controller of the card printing it.
        You => "you",
        /// `an opponent plays`, `an opponent deploys` (also `your opponents play`, `each
        /// opponent plays`): the cards of any of that controller's opponents.
        Opponent => "an opponent",
    }
}
