//! Hand-written test cards (until code generation supplies generated ones) and board helpers.
#![allow(dead_code)]

use cardc_engine::harness::Board;
use cardc_engine::*;

/// A test card: face data plus behaviour as plain functions.
pub struct TestCard {
    pub prime: &'static FaceData,
    pub fallen: Option<&'static FaceData>,
    pub reversal: Option<&'static FaceData>,
    pub ability: fn(Face, usize, &mut dyn Effects),
    pub trigger: fn(Face, usize, &mut dyn Effects),
    pub play: fn(Face, &mut dyn Effects),
}

fn nothing(_: Face, _: usize, _: &mut dyn Effects) {}
fn nothing_play(_: Face, _: &mut dyn Effects) {}

impl TestCard {
    pub const fn new(prime: &'static FaceData) -> Self {
        TestCard {
            prime,
            fallen: None,
            reversal: None,
            ability: nothing,
            trigger: nothing,
            play: nothing_play,
        }
    }
}

impl Card for TestCard {
    fn face(&self, face: Face) -> Option<&'static FaceData> {
        match face {
            Face::Prime => Some(self.prime),
            Face::Fallen => self.fallen,
            Face::Reversal => self.reversal,
        }
    }
    fn ability(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        (self.ability)(face, index, fx)
    }
    fn trigger(&self, face: Face, index: usize, fx: &mut dyn Effects) {
        (self.trigger)(face, index, fx)
    }
    fn play(&self, face: Face, fx: &mut dyn Effects) {
        (self.play)(face, fx)
    }
}

const CHAR: FaceData = FaceData {
    kind: Kind::Character,
    rank: Some(StatValue::X),
    def: Some(StatValue::X),
    ..FaceData::BLANK
};

pub const GU_SEL: Selector = Selector::new(PermanentKind::GroundUnit, Some(Controller::You));
pub const CHAR_SEL: Selector = Selector::new(PermanentKind::Character, None);
pub const PERM_SEL: Selector = Selector::new(PermanentKind::Permanent, None);

// ---- Mara Voss (the language sketch's example Character) ----

pub static MARA_PRIME: FaceData = FaceData {
    name: "Mara Voss",
    cost: 3,
    cp: 6,
    vox: 2,
    attack: 2,
    drives: &[Drive::Liberation, Drive::Justice],
    morality: Some(Morality::Virtuous),
    penalties: &[
        Penalty {
            morality: Morality::Expedient,
            cp: 1,
        },
        Penalty {
            morality: Morality::Ruthless,
            cp: 3,
        },
        Penalty {
            morality: Morality::Iniquitous,
            cp: 5,
        },
    ],
    triggers: &[TriggerData {
        when: Trigger::ThisLiberatesAnotherCard,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    abilities: &[
        AbilityData {
            costs: &[Cost::Cp(-2)],
            targets: &[],
        },
        AbilityData {
            costs: &[Cost::Activate, Cost::PayCurrency(1)],
            targets: &[GU_SEL],
        },
        AbilityData {
            costs: &[Cost::Cp(1)],
            targets: &[],
        },
    ],
    ..CHAR
};
pub static MARA_FALLEN: FaceData = FaceData {
    name: "Mara, the Hollow Voice",
    fallen: true,
    cp: 4,
    vox: 3,
    attack: 3,
    drives: &[Drive::Destruction, Drive::Power],
    morality: Some(Morality::Ruthless),
    penalties: &[Penalty {
        morality: Morality::Virtuous,
        cp: 2,
    }],
    keywords: &[Keyword::Confluence],
    statics: &[Static {
        subject: Subject::ThisCard,
        kind: StaticKind::Bonus {
            amount: 1,
            stat: BonusStat::Rank,
        },
        condition: None,
    }],
    exit: Some(ExitClause::Redeem),
    ..CHAR
};
fn mara_ability(face: Face, index: usize, fx: &mut dyn Effects) {
    match (face, index) {
        (Face::Prime, 0) => fx.draw(Who::You, 1),
        (Face::Prime, 1) => fx.ready(Target::Chosen(0)),
        (Face::Prime, 2) => fx.gain_currency(Who::You, 1),
        _ => {}
    }
}
fn mara_trigger(face: Face, index: usize, fx: &mut dyn Effects) {
    if (face, index) == (Face::Prime, 0) {
        fx.gain_cp(Target::ThisCard, 1);
    }
}
pub static MARA: TestCard = TestCard {
    fallen: Some(&MARA_FALLEN),
    ability: mara_ability,
    trigger: mara_trigger,
    ..TestCard::new(&MARA_PRIME)
};

// ---- The Ruthless example of §7.4 ----

pub static RUTHLESS_PRIME: FaceData = FaceData {
    name: "Iron Magistrate",
    cp: 10,
    vox: 1,
    drives: &[Drive::Power, Drive::Greed],
    morality: Some(Morality::Ruthless),
    penalties: &[
        Penalty {
            morality: Morality::Expedient,
            cp: 1,
        },
        Penalty {
            morality: Morality::Virtuous,
            cp: 4,
        },
    ],
    ..CHAR
};
pub static RUTHLESS_FALLEN: FaceData = FaceData {
    name: "The Magistrate Unbound",
    fallen: true,
    cp: 3,
    vox: 1,
    morality: Some(Morality::Iniquitous),
    penalties: &[Penalty {
        morality: Morality::Virtuous,
        cp: 2,
    }],
    exit: Some(ExitClause::Conviction),
    ..CHAR
};
pub static RUTHLESS: TestCard = TestCard {
    fallen: Some(&RUTHLESS_FALLEN),
    ..TestCard::new(&RUTHLESS_PRIME)
};

// ---- Plain Ground Units ----

/// A Ground Unit printing nothing: cost 1, Rank 2, ATTACK 1, with the Vox and DEF given.
#[allow(unused_macros)]
macro_rules! plain_unit {
    ($data:ident, $card:ident, $name:literal, vox $vox:literal, def $def:literal) => {
        static $data: FaceData = FaceData {
            name: $name,
            kind: Kind::GroundUnit,
            cost: 1,
            rank: Some(StatValue::Num(2)),
            vox: $vox,
            attack: 1,
            def: Some(StatValue::Num($def)),
            ..FaceData::BLANK
        };
        static $card: TestCard = TestCard::new(&$data);
    };
}
#[allow(unused_imports)]
pub(crate) use plain_unit;

// ---- Plain Characters with statics ----

macro_rules! plain_char {
    ($card:ident, $prime:ident, $fallen:ident, $name:literal, cp $cp:literal, vox $vox:literal, statics $statics:expr) => {
        pub static $prime: FaceData = FaceData {
            name: $name,
            cp: $cp,
            vox: $vox,
            morality: Some(Morality::Expedient),
            statics: $statics,
            ..CHAR
        };
        pub static $fallen: FaceData = FaceData {
            name: concat!($name, ", Fallen"),
            fallen: true,
            cp: 2,
            vox: $vox,
            morality: Some(Morality::Ruthless),
            exit: Some(ExitClause::Redeem),
            ..CHAR
        };
        pub static $card: TestCard = TestCard {
            fallen: Some(&$fallen),
            ..TestCard::new(&$prime)
        };
    };
}

plain_char!(ENVOY, ENVOY_P, ENVOY_F, "Envoy", cp 6, vox 1, statics &[]);
plain_char!(SPEAKER, SPEAKER_P, SPEAKER_F, "Speaker", cp 5, vox 2, statics &[]);
plain_char!(ORATOR, ORATOR_P, ORATOR_F, "Great Orator", cp 8, vox 4, statics &[]);
plain_char!(STALWART, STALWART_P, STALWART_F, "Stalwart", cp 6, vox 1,
    statics &[Static { subject: Subject::ThisCard, kind: StaticKind::Bonus { amount: 2, stat: BonusStat::Rank }, condition: None }]);
plain_char!(WAVERER, WAVERER_P, WAVERER_F, "Waverer", cp 6, vox 1,
    statics &[Static { subject: Subject::ThisCard, kind: StaticKind::Bonus { amount: -2, stat: BonusStat::Rank }, condition: None }]);
plain_char!(GUARDED, GUARDED_P, GUARDED_F, "Guarded", cp 6, vox 1,
    statics &[Static { subject: Subject::ThisCard, kind: StaticKind::Bonus { amount: 1, stat: BonusStat::Def }, condition: None }]);
plain_char!(EXPOSED, EXPOSED_P, EXPOSED_F, "Exposed", cp 6, vox 1,
    statics &[Static { subject: Subject::ThisCard, kind: StaticKind::Bonus { amount: -3, stat: BonusStat::Def }, condition: None }]);

// ---- A Character with a Twist ----

pub static TWISTED_P: FaceData = FaceData {
    name: "Twisted Idealist",
    cp: 6,
    vox: 1,
    triggers: &[TriggerData {
        when: Trigger::ThisTakesDamage,
        targets: &[],
        optional: false,
        twist: true,
        condition: None,
    }],
    ..CHAR
};
pub static TWISTED_F: FaceData = FaceData {
    name: "The Zealot",
    fallen: true,
    cp: 5,
    exit: Some(ExitClause::Conviction),
    ..CHAR
};
fn twist(face: Face, index: usize, fx: &mut dyn Effects) {
    if (face, index) == (Face::Prime, 0) {
        fx.fall_this_card();
    }
}
pub static TWISTED: TestCard = TestCard {
    fallen: Some(&TWISTED_F),
    trigger: twist,
    ..TestCard::new(&TWISTED_P)
};

// ---- A Character with an optional Twist (§7.7 route 4) ----

/// A Character whose Twist is optional: marked in its trigger data, as generated cards are.
pub static WAVERING_P: FaceData = FaceData {
    name: "Wavering Idealist",
    cp: 6,
    vox: 1,
    triggers: &[TriggerData {
        when: Trigger::ThisTakesDamage,
        targets: &[],
        optional: true,
        twist: true,
        condition: None,
    }],
    text: &["Twist (optional): When this card takes damage, Fall this card."],
    ..CHAR
};
pub static WAVERING_F: FaceData = FaceData {
    name: "The Turncoat",
    fallen: true,
    cp: 4,
    exit: Some(ExitClause::Conviction),
    ..CHAR
};
pub static WAVERING: TestCard = TestCard {
    fallen: Some(&WAVERING_F),
    trigger: twist,
    ..TestCard::new(&WAVERING_P)
};

// ---- A trigger that chooses a target (§7.3, ruling R9) ----

pub const OPP_CHAR_SEL: Selector =
    Selector::new(PermanentKind::Character, Some(Controller::Opponent));

/// Grudge Keeper: whenever this card takes damage, target Character an opponent controls
/// loses 1 CP (CP loss, not damage, so nothing loops).
pub static KEEPER_P: FaceData = FaceData {
    name: "Grudge Keeper",
    cp: 6,
    vox: 1,
    triggers: &[TriggerData {
        when: Trigger::ThisTakesDamage,
        targets: &[OPP_CHAR_SEL],
        optional: false,
        twist: false,
        condition: None,
    }],
    text: &["Whenever this card takes damage, target Character an opponent controls loses 1 CP."],
    ..CHAR
};
fn keeper(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.lose_cp(Target::Chosen(0), 1);
}
pub static KEEPER: TestCard = TestCard {
    trigger: keeper,
    ..TestCard::new(&KEEPER_P)
};

// ---- Trigger observers ----

/// Veteran: destroys in combat -> 1 Currency; destroys a permanent -> draw; liberates -> +1 CP.
pub static VETERAN_P: FaceData = FaceData {
    name: "Veteran",
    cp: 6,
    vox: 1,
    attack: 3,
    triggers: &[
        TriggerData {
            when: Trigger::ThisDestroysAPermanentInCombat,
            targets: &[],
            optional: false,
            twist: false,
            condition: None,
        },
        TriggerData {
            when: Trigger::ThisDestroysAPermanent,
            targets: &[],
            optional: false,
            twist: false,
            condition: None,
        },
        TriggerData {
            when: Trigger::ThisLiberatesAnotherCard,
            targets: &[],
            optional: false,
            twist: false,
            condition: None,
        },
    ],
    ..CHAR
};
fn veteran(_: Face, index: usize, fx: &mut dyn Effects) {
    match index {
        0 => fx.gain_currency(Who::You, 1),
        1 => fx.draw(Who::You, 1),
        _ => fx.gain_cp(Target::ThisCard, 1),
    }
}
pub static VETERAN: TestCard = TestCard {
    trigger: veteran,
    ..TestCard::new(&VETERAN_P)
};

/// Martyr (Ground Unit): destroyed in combat -> controller 1 Story Point; destroyed -> draw;
/// destroyed by an opponent's card -> 1 Currency.
pub static MARTYR_P: FaceData = FaceData {
    name: "Martyr Cell",
    kind: Kind::GroundUnit,
    rank: Some(StatValue::Num(1)),
    def: Some(StatValue::Num(1)),
    vox: 1,
    triggers: &[
        TriggerData {
            when: Trigger::ThisIsDestroyedInCombat,
            targets: &[],
            optional: false,
            twist: false,
            condition: None,
        },
        TriggerData {
            when: Trigger::ThisIsDestroyed,
            targets: &[],
            optional: false,
            twist: false,
            condition: None,
        },
        TriggerData {
            when: Trigger::ThisIsDestroyedByAnOpponentsCard,
            targets: &[],
            optional: false,
            twist: false,
            condition: None,
        },
    ],
    ..FaceData::BLANK
};
fn martyr(_: Face, index: usize, fx: &mut dyn Effects) {
    match index {
        0 => fx.gain_story_points(Who::You, 1),
        1 => fx.draw(Who::You, 1),
        _ => fx.gain_currency(Who::You, 1),
    }
}
pub static MARTYR: TestCard = TestCard {
    trigger: martyr,
    ..TestCard::new(&MARTYR_P)
};

/// Patron (Device): whenever a card you control destroys a permanent, gain 1 Currency.
pub static PATRON_P: FaceData = FaceData {
    name: "Patron's Ledger",
    kind: Kind::Device,
    triggers: &[TriggerData {
        when: Trigger::ACardYouControlDestroysAPermanent,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}
pub static PATRON: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&PATRON_P)
};

/// A Character whose damage trigger draws a card (to see that Liberation is not damage).
pub static SENSITIVE_P: FaceData = FaceData {
    name: "Sensitive",
    cp: 6,
    vox: 1,
    triggers: &[TriggerData {
        when: Trigger::ThisTakesDamage,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..CHAR
};
fn draw_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.draw(Who::You, 1);
}
pub static SENSITIVE: TestCard = TestCard {
    trigger: draw_one,
    ..TestCard::new(&SENSITIVE_P)
};

/// Almanac (Device): at the start of your turn, gain 1 Currency.
pub static ALMANAC_P: FaceData = FaceData {
    name: "Almanac",
    kind: Kind::Device,
    triggers: &[TriggerData {
        when: Trigger::StartOfYourTurn,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
pub static ALMANAC: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&ALMANAC_P)
};

/// Banner (Device): Characters you control get +1 RK.
pub static BANNER_P: FaceData = FaceData {
    name: "Banner of the Cause",
    kind: Kind::Device,
    statics: &[Static {
        subject: Subject::CharactersYouControl,
        kind: StaticKind::Bonus {
            amount: 1,
            stat: BonusStat::Rank,
        },
        condition: None,
    }],
    ..FaceData::BLANK
};
pub static BANNER: TestCard = TestCard::new(&BANNER_P);

/// Shop Stewards (Ground Unit): Other Ground Units you control get +1 DEF.
pub static STEWARDS_P: FaceData = FaceData {
    name: "Shop Stewards",
    kind: Kind::GroundUnit,
    cost: 2,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(1)),
    statics: &[Static {
        subject: Subject::Group {
            selector: Selector::new(PermanentKind::GroundUnit, Some(Controller::You)),
            other: true,
        },
        kind: StaticKind::Bonus {
            amount: 1,
            stat: BonusStat::Def,
        },
        condition: None,
    }],
    ..FaceData::BLANK
};
pub static STEWARDS: TestCard = TestCard::new(&STEWARDS_P);

/// Curfew Order (Device): Ground Units an opponent controls get -1 DEF.
pub static CURFEW_P: FaceData = FaceData {
    name: "Curfew Order",
    kind: Kind::Device,
    statics: &[Static {
        subject: Subject::Group {
            selector: Selector::new(PermanentKind::GroundUnit, Some(Controller::Opponent)),
            other: false,
        },
        kind: StaticKind::Bonus {
            amount: -1,
            stat: BonusStat::Def,
        },
        condition: None,
    }],
    ..FaceData::BLANK
};
pub static CURFEW: TestCard = TestCard::new(&CURFEW_P);

// ---- Units, Spacecraft, Locations ----

pub static AGITATORS_P: FaceData = FaceData {
    name: "Dockside Agitators",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(1)),
    ..FaceData::BLANK
};
pub static AGITATORS: TestCard = TestCard::new(&AGITATORS_P);

pub static FORTIFIED_UNIT_P: FaceData = FaceData {
    name: "Bastion Guard",
    kind: Kind::GroundUnit,
    rank: Some(StatValue::Num(3)),
    vox: 0,
    def: Some(StatValue::Num(3)),
    keywords: &[Keyword::Fortified],
    ..FaceData::BLANK
};
pub static FORTIFIED_UNIT: TestCard = TestCard::new(&FORTIFIED_UNIT_P);

pub static RESOLUTE_P: FaceData = FaceData {
    name: "Resolute",
    kind: Kind::Spacecraft { capital: true },
    cost: 6,
    rank: Some(StatValue::Num(7)),
    attack: 4,
    def: Some(StatValue::Num(5)),
    keywords: &[Keyword::Fortified],
    ..FaceData::BLANK
};
pub static RESOLUTE: TestCard = TestCard::new(&RESOLUTE_P);

pub static FRIGATE_P: FaceData = FaceData {
    name: "Picket Frigate",
    kind: Kind::Spacecraft { capital: false },
    rank: Some(StatValue::Num(3)),
    def: Some(StatValue::Num(2)),
    ..FaceData::BLANK
};
pub static FRIGATE: TestCard = TestCard::new(&FRIGATE_P);

pub static KARSK_P: FaceData = FaceData {
    name: "Karsk Shipyards",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(3)),
    keywords: &[Keyword::Indoctrinated],
    triggers: &[TriggerData {
        when: Trigger::AnOpponentsLiberationDestroysYourPermanent,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
pub static KARSK: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&KARSK_P)
};

pub static FORUM_P: FaceData = FaceData {
    name: "Open Forum",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(3)),
    ..FaceData::BLANK
};
pub static FORUM_F: FaceData = FaceData {
    name: "Silenced Forum",
    kind: Kind::SurfaceLocation,
    fallen: true,
    rank: Some(StatValue::Num(4)),
    ..FaceData::BLANK
};
pub static FORUM: TestCard = TestCard {
    fallen: Some(&FORUM_F),
    ..TestCard::new(&FORUM_P)
};

pub static CITADEL_P: FaceData = FaceData {
    name: "Citadel",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(3)),
    statics: &[Static {
        subject: Subject::ThisCard,
        kind: StaticKind::Bonus {
            amount: 2,
            stat: BonusStat::Rank,
        },
        condition: None,
    }],
    ..FaceData::BLANK
};
pub static CITADEL: TestCard = TestCard::new(&CITADEL_P);

pub static SHRINE_P: FaceData = FaceData {
    name: "Shrine of Nothing",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(0)),
    ..FaceData::BLANK
};
pub static SHRINE: TestCard = TestCard::new(&SHRINE_P);

pub static VEYRA_P: FaceData = FaceData {
    name: "Veyra Basin",
    kind: Kind::PlanetaryLocation,
    rank: Some(StatValue::Num(5)),
    ..FaceData::BLANK
};
pub static VEYRA: TestCard = TestCard::new(&VEYRA_P);

pub static TERAL_P: FaceData = FaceData {
    name: "Teral Prime",
    kind: Kind::Homeworld,
    rank: Some(StatValue::Num(6)),
    ..FaceData::BLANK
};
pub static TERAL: TestCard = TestCard::new(&TERAL_P);

// ---- Devices ----

pub static LATTICE_P: FaceData = FaceData {
    name: "Lattice Engine",
    kind: Kind::Device,
    cost: 2,
    abilities: &[AbilityData {
        costs: &[Cost::Activate, Cost::PayCurrency(2)],
        targets: &[Selector::new(PermanentKind::SurfaceLocation, None)],
    }],
    ..FaceData::BLANK
};
pub static LATTICE_F: FaceData = FaceData {
    name: "Fallen Weapon Tech",
    kind: Kind::Device,
    fallen: true,
    triggers: &[TriggerData {
        when: Trigger::ACardYouControlDestroysAPermanent,
        targets: &[CHAR_SEL],
        optional: false,
        twist: false,
        condition: None,
    }],
    redeem_currency: Some(3),
    ..FaceData::BLANK
};
fn lattice_ability(face: Face, index: usize, fx: &mut dyn Effects) {
    if (face, index) == (Face::Prime, 0) {
        fx.place_liberation_counters(Target::Chosen(0), 1);
    }
}
fn lattice_trigger(face: Face, index: usize, fx: &mut dyn Effects) {
    if (face, index) == (Face::Fallen, 0) {
        fx.deal_damage(Target::Chosen(0), 1);
    }
    // A Device trying to Fall itself or "the Bound": §7.7 gives it no route.
    fx.fall_this_card();
}
pub static LATTICE: TestCard = TestCard {
    fallen: Some(&LATTICE_F),
    ability: lattice_ability,
    trigger: lattice_trigger,
    ..TestCard::new(&LATTICE_P)
};

// ---- Storylines ----

pub static SHOW_TRIAL_P: FaceData = FaceData {
    name: "The Show Trial",
    kind: Kind::Storyline,
    cost: 2,
    statics: &[Static {
        subject: Subject::TheBound,
        kind: StaticKind::Bonus {
            amount: 2,
            stat: BonusStat::Def,
        },
        condition: None,
    }],
    replacements: &[ReplacementData {
        would: Would::LiberationCountersBePlacedOn(Subject::TheBound),
        instead: Instead::PlaceThatManyStoryCountersOnThisCard,
    }],
    ..FaceData::BLANK
};
pub static SHOW_TRIAL_R: FaceData = FaceData {
    name: "The Verdict",
    kind: Kind::Storyline,
    ..FaceData::BLANK
};
fn fall_the_bound(_: Face, fx: &mut dyn Effects) {
    fx.fall_the_bound();
}
pub static SHOW_TRIAL: TestCard = TestCard {
    reversal: Some(&SHOW_TRIAL_R),
    play: fall_the_bound,
    ..TestCard::new(&SHOW_TRIAL_P)
};

/// A Storyline whose front text (an activated ability) Falls the Bound: route 1 directly.
pub static REQUIEM_P: FaceData = FaceData {
    name: "Requiem",
    kind: Kind::Storyline,
    abilities: &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[],
    }],
    ..FaceData::BLANK
};
pub static REQUIEM_R: FaceData = FaceData {
    name: "Requiem Answered",
    kind: Kind::Storyline,
    ..FaceData::BLANK
};
fn requiem_ability(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.fall_the_bound();
}
pub static REQUIEM: TestCard = TestCard {
    reversal: Some(&REQUIEM_R),
    ability: requiem_ability,
    ..TestCard::new(&REQUIEM_P)
};

/// A Storyline whose Reversal chooses a target: `Target Character an opponent controls loses
/// 2 CP.` The controller chooses as the Reversal resolves.
pub static RECKONING_P: FaceData = FaceData {
    name: "The Reckoning",
    kind: Kind::Storyline,
    ..FaceData::BLANK
};
pub static RECKONING_R: FaceData = FaceData {
    name: "The Reckoning Comes",
    kind: Kind::Storyline,
    targets: &[OPP_CHAR_SEL],
    ..FaceData::BLANK
};
pub static RECKONING: TestCard = TestCard {
    reversal: Some(&RECKONING_R),
    play: lose_two,
    ..TestCard::new(&RECKONING_P)
};

// ---- Maneuvers ----

macro_rules! maneuver {
    ($card:ident, $data:ident, $name:literal, $speed:expr, $ca:expr, $targets:expr, $play:expr) => {
        pub static $data: FaceData = FaceData {
            name: $name,
            kind: Kind::Maneuver,
            speed: Some($speed),
            character_action: $ca,
            targets: $targets,
            ..FaceData::BLANK
        };
        pub static $card: TestCard = TestCard {
            play: $play,
            ..TestCard::new(&$data)
        };
    };
}

fn lose_two(_: Face, fx: &mut dyn Effects) {
    fx.lose_cp(Target::Chosen(0), 2);
}
fn draw_play(_: Face, fx: &mut dyn Effects) {
    fx.draw(Who::You, 1);
}
fn two_damage(_: Face, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Chosen(0), 2);
}
fn three_counters(_: Face, fx: &mut dyn Effects) {
    fx.place_liberation_counters(Target::Chosen(0), 3);
}
fn one_counter(_: Face, fx: &mut dyn Effects) {
    fx.place_liberation_counters(Target::Chosen(0), 1);
}
fn destroy_it(_: Face, fx: &mut dyn Effects) {
    fx.destroy(Target::Chosen(0));
}
fn falsely_fall(_: Face, fx: &mut dyn Effects) {
    fx.fall_the_bound();
    fx.fall_this_card();
}

maneuver!(
    DENUNCIATION,
    DENUNCIATION_D,
    "Public Denunciation",
    Speed::Slow,
    Some(Morality::Ruthless),
    &[CHAR_SEL],
    lose_two
);
maneuver!(
    CHARITY,
    CHARITY_D,
    "Act of Charity",
    Speed::Slow,
    Some(Morality::Virtuous),
    &[],
    draw_play
);
maneuver!(
    BARGAIN,
    BARGAIN_D,
    "Hard Bargain",
    Speed::Slow,
    Some(Morality::Expedient),
    &[],
    draw_play
);
maneuver!(
    ATROCITY,
    ATROCITY_D,
    "Atrocity",
    Speed::Slow,
    Some(Morality::Iniquitous),
    &[],
    draw_play
);
maneuver!(
    REPRISAL,
    REPRISAL_D,
    "Sudden Reprisal",
    Speed::Fast,
    None,
    &[Selector::new(PermanentKind::GroundUnit, None)],
    two_damage
);
maneuver!(
    AGITPROP,
    AGITPROP_D,
    "Agitprop",
    Speed::Slow,
    None,
    &[PERM_SEL],
    three_counters
);
maneuver!(
    WHISPER,
    WHISPER_D,
    "Whisper Campaign",
    Speed::Fast,
    None,
    &[PERM_SEL],
    one_counter
);
maneuver!(
    PURGE,
    PURGE_D,
    "Purge",
    Speed::Fast,
    None,
    &[PERM_SEL],
    destroy_it
);
maneuver!(
    SLANDER,
    SLANDER_D,
    "Slander",
    Speed::Fast,
    None,
    &[],
    falsely_fall
);

// ---- Helpers ----

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);
pub const P2: PlayerId = PlayerId(2);

/// A two-player board with one ground Band; both Treasuries at 10.
pub fn board() -> (Board, BandId) {
    let mut b = Board::new(2);
    let band = b.ground();
    b.treasury(P0, 10).treasury(P1, 10);
    (b, band)
}

pub fn cp(game: &Game, id: PermanentId) -> i64 {
    game.permanent(id).map_or(i64::MIN, |p| p.cp)
}

pub fn counters(game: &Game, id: PermanentId) -> u32 {
    game.permanent(id).map_or(u32::MAX, |p| p.counters)
}

pub fn destroyed(game: &Game, id: PermanentId) -> Option<DestroyedBy> {
    game.permanent(id).and_then(|p| p.destroyed_by)
}

pub fn on_map(game: &Game, id: PermanentId) -> bool {
    game.on_map(id).is_some()
}

pub fn face(game: &Game, id: PermanentId) -> Face {
    game.permanent(id).map_or(Face::Prime, |p| p.face)
}

pub fn rng() -> rand::rngs::StdRng {
    use rand::SeedableRng;
    rand::rngs::StdRng::seed_from_u64(7)
}

/// A Device whose own text flips it: `A: Fall this card.` (§7.7, non-Character flips).
pub static RELIC_P: FaceData = FaceData {
    name: "Unstable Relic",
    kind: Kind::Device,
    abilities: &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[],
    }],
    ..FaceData::BLANK
};
pub static RELIC_F: FaceData = FaceData {
    name: "Awakened Relic",
    kind: Kind::Device,
    fallen: true,
    redeem_currency: Some(2),
    ..FaceData::BLANK
};
fn relic_ability(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.fall_this_card();
}
pub static RELIC: TestCard = TestCard {
    fallen: Some(&RELIC_F),
    ability: relic_ability,
    ..TestCard::new(&RELIC_P)
};

// ---- Liberation step helpers ----

/// Runs Steps 1–3 and returns the game awaiting Step 4.
pub fn to_commit(
    g: &mut Game,
    liberators: &[PermanentId],
    targets: &[PermanentId],
    defenders: &[PermanentId],
    garrisons: &[(PermanentId, PermanentId)],
) {
    g.activate_liberators(P0, liberators).unwrap();
    g.declare_targets(targets, false).unwrap();
    g.activate_defenders(defenders, garrisons).unwrap();
}

pub fn seal(g: &Game, pairs: &[(PermanentId, u32)]) -> SealedAssignment {
    SealedAssignment::seal(g, Assignment::new(pairs).unwrap(), &mut rng()).unwrap()
}

/// Asserts `result` is `Err(expected)`, cites `rule`, and left the game unchanged.
pub fn rejected<T: std::fmt::Debug>(
    g: &Game,
    before: &Game,
    result: Result<T, LiberationError>,
    expected: LiberationError,
    rule: &str,
) {
    assert_eq!(result.unwrap_err(), expected);
    assert!(expected.to_string().starts_with(rule), "{expected}");
    assert_eq!(g, before, "a rejected step changes nothing");
}

// ---- Cards found by probing the engine (issue: four rules defects) ----

pub const OPP_SURFACE_SEL: Selector =
    Selector::new(PermanentKind::SurfaceLocation, Some(Controller::Opponent));

fn place_three_then_remove_one(_: Face, fx: &mut dyn Effects) {
    fx.place_liberation_counters(Target::Chosen(0), 3);
    fx.remove_liberation_counters(Target::Each(OPP_SURFACE_SEL), 1);
}
fn remove_one_then_place_three(_: Face, fx: &mut dyn Effects) {
    fx.remove_liberation_counters(Target::Each(OPP_SURFACE_SEL), 1);
    fx.place_liberation_counters(Target::Chosen(0), 3);
}
maneuver!(
    PURGE_AND_PARDON,
    PURGE_AND_PARDON_D,
    "Purge and Pardon",
    Speed::Slow,
    None,
    &[OPP_SURFACE_SEL],
    place_three_then_remove_one
);
maneuver!(
    PARDON_AND_PURGE,
    PARDON_AND_PURGE_D,
    "Pardon and Purge",
    Speed::Slow,
    None,
    &[OPP_SURFACE_SEL],
    remove_one_then_place_three
);

/// A Device with the same `then`-chain as an activated ability:
/// `A: Place 3 Liberation counters on target Surface Location an opponent controls, then
/// remove 1 Liberation counter from each Surface Location an opponent controls.`
pub static AGITATION_P: FaceData = FaceData {
    name: "Agitation Press",
    kind: Kind::Device,
    abilities: &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[OPP_SURFACE_SEL],
    }],
    ..FaceData::BLANK
};
fn agitation(_: Face, _: usize, fx: &mut dyn Effects) {
    place_three_then_remove_one(Face::Prime, fx);
}
pub static AGITATION: TestCard = TestCard {
    ability: agitation,
    ..TestCard::new(&AGITATION_P)
};

/// Two faces, each with its own `-1 CP:` ability: Prime `-1 CP: Draw a card.`, Fallen
/// `-1 CP: Gain 1 Currency.`; an Iniquitous Maneuver costs the Prime face 3 CP.
pub static TURNCOAT_P: FaceData = FaceData {
    name: "Oren Vask",
    cp: 4,
    vox: 1,
    morality: Some(Morality::Virtuous),
    penalties: &[Penalty {
        morality: Morality::Iniquitous,
        cp: 3,
    }],
    abilities: &[AbilityData {
        costs: &[Cost::Cp(-1)],
        targets: &[],
    }],
    ..CHAR
};
pub static TURNCOAT_F: FaceData = FaceData {
    name: "Oren, the Informer",
    fallen: true,
    cp: 5,
    vox: 1,
    morality: Some(Morality::Iniquitous),
    abilities: &[AbilityData {
        costs: &[Cost::Cp(-1)],
        targets: &[],
    }],
    exit: Some(ExitClause::Conviction),
    ..CHAR
};
fn turncoat_ability(face: Face, _: usize, fx: &mut dyn Effects) {
    match face {
        Face::Prime => fx.draw(Who::You, 1),
        _ => fx.gain_currency(Who::You, 1),
    }
}
pub static TURNCOAT: TestCard = TestCard {
    fallen: Some(&TURNCOAT_F),
    ability: turncoat_ability,
    ..TestCard::new(&TURNCOAT_P)
};

/// A Character implementing `Card` by hand with text the checker rejects (`E0140`):
/// `A: Fall this card.`, `-1 CP: Fall this card.` and an ordinary trigger (not a Twist),
/// `Whenever this card takes damage, Fall this card.`
pub static SELF_FALLER_P: FaceData = FaceData {
    name: "Self-Made Martyr",
    cp: 6,
    vox: 1,
    abilities: &[
        AbilityData {
            costs: &[Cost::Activate],
            targets: &[],
        },
        AbilityData {
            costs: &[Cost::Cp(-1)],
            targets: &[],
        },
    ],
    triggers: &[TriggerData {
        when: Trigger::ThisTakesDamage,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..CHAR
};
pub static SELF_FALLER_F: FaceData = FaceData {
    name: "Self-Made Martyr, Fallen",
    fallen: true,
    cp: 2,
    exit: Some(ExitClause::Conviction),
    ..CHAR
};
fn fall_self(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.fall_this_card();
}
pub static SELF_FALLER: TestCard = TestCard {
    fallen: Some(&SELF_FALLER_F),
    ability: fall_self,
    trigger: fall_self,
    ..TestCard::new(&SELF_FALLER_P)
};
