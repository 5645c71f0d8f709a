//! Ruling R107: the Band filters. `in this card's Band` names the permanents in the Band of the
//! card whose text it is; `in an adjacent Band` those in a Band adjacent to it as for
//! Liberation range (§12.3a, assumption A1: every Band between is empty and not the Space
//! Band), never its own Band; `in the Bound's Band` those in the Band of the Storyline's
//! Bound. Every reader of a selector reads them from the text's card: a chosen target, `each`,
//! the legal targets, a count, a static's group and an event's group. With no card on the Map
//! (a Maneuver), no Bound, or a Storyline's own Band (it has none), the filter names nothing.

mod common;

use cardc_engine::harness::Board;
use cardc_engine::*;
use common::*;

const fn banded(kind: PermanentKind, controller: Option<Controller>, filters: Filters) -> Selector {
    Selector {
        filters,
        ..Selector::new(kind, controller)
    }
}

const HERE: Filters = Filters {
    in_this_cards_band: true,
    ..Filters::NONE
};
const NEXT: Filters = Filters {
    in_an_adjacent_band: true,
    ..Filters::NONE
};
const BOUND: Filters = Filters {
    in_the_bounds_band: true,
    ..Filters::NONE
};
const THEIRS_HERE: Selector = banded(PermanentKind::GroundUnit, Some(Controller::Opponent), HERE);
const UNIT_NEXT: Selector = banded(PermanentKind::GroundUnit, None, NEXT);
const UNIT_HERE: Selector = banded(PermanentKind::GroundUnit, None, HERE);
const UNIT_BOUND: Selector = banded(PermanentKind::GroundUnit, None, BOUND);
const MINE_HERE: Selector = banded(PermanentKind::GroundUnit, Some(Controller::You), HERE);

const fn unit(name: &'static str, abilities: &'static [AbilityData]) -> FaceData {
    FaceData {
        name,
        kind: Kind::GroundUnit,
        cost: 2,
        rank: Some(StatValue::Num(2)),
        vox: 0,
        attack: 1,
        def: Some(StatValue::Num(3)),
        abilities,
        ..FaceData::BLANK
    }
}

/// `A: Deal 1 damage to each Ground Unit an opponent controls in this card's Band.`
static GUNNERS_D: FaceData = unit(
    "Street Gunners",
    &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[],
    }],
);
fn damage_each_here(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Each(THEIRS_HERE), 1);
}
static GUNNERS: TestCard = TestCard {
    ability: damage_each_here,
    ..TestCard::new(&GUNNERS_D)
};

/// `A: Deal 1 damage to target Ground Unit in an adjacent Band.`
static SPOTTERS_D: FaceData = unit(
    "Ridge Spotters",
    &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[UNIT_NEXT],
    }],
);
fn damage_chosen(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Chosen(0), 1);
}
static SPOTTERS: TestCard = TestCard {
    ability: damage_chosen,
    ..TestCard::new(&SPOTTERS_D)
};

/// `A: Gain 1 Currency for each Ground Unit in this card's Band.`
static TALLY_D: FaceData = unit(
    "Tally Clerks",
    &[AbilityData {
        costs: &[Cost::Activate],
        targets: &[],
    }],
);
fn gain_for_each_here(_: Face, _: usize, fx: &mut dyn Effects) {
    let n = fx.count(Countable::Group(Group {
        selector: UNIT_HERE,
        other: false,
    }));
    fx.gain_currency(Who::You, n);
}
static TALLY: TestCard = TestCard {
    ability: gain_for_each_here,
    ..TestCard::new(&TALLY_D)
};

/// `Ground Units you control in this card's Band get +1 DEF.`
static BASTION_D: FaceData = FaceData {
    statics: &[Static {
        subject: Subject::Group {
            selector: MINE_HERE,
            other: false,
        },
        kind: StaticKind::Bonus {
            amount: 1,
            stat: BonusStat::Def,
        },
        condition: None,
    }],
    ..unit("Bastion Line", &[])
};
static BASTION: TestCard = TestCard::new(&BASTION_D);

/// `Whenever a Ground Unit in this card's Band is destroyed, gain 1 Currency.`
static MOURNERS_D: FaceData = FaceData {
    triggers: &[TriggerData {
        when: Trigger::AGroupIsDestroyed(EventSubject::Group(Group {
            selector: UNIT_HERE,
            other: false,
        })),
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..unit("Mourners", &[])
};
fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}
static MOURNERS: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&MOURNERS_D)
};

/// A Storyline, for `in the Bound's Band`.
static VIGIL_D: FaceData = FaceData {
    name: "The Long Vigil",
    kind: Kind::Storyline,
    cost: 2,
    ..FaceData::BLANK
};
static VIGIL: TestCard = TestCard::new(&VIGIL_D);

/// Four Ground Bands in a line.
fn line() -> (Board, [BandId; 4]) {
    let mut b = Board::new(2);
    let bands = [b.ground(), b.ground(), b.ground(), b.ground()];
    b.treasury(P0, 10).treasury(P1, 10);
    (b, bands)
}

#[test]
fn r107_each_in_this_cards_band_names_only_its_own_band() {
    let (mut b, [west, middle, east, _]) = line();
    let gunners = b.put(P0, &GUNNERS, middle);
    let near = b.put(P1, &AGITATORS, middle);
    let left = b.put(P1, &AGITATORS, west);
    let right = b.put(P1, &AGITATORS, east);
    let mine = b.put(P0, &AGITATORS, middle);
    let mut g = b.build();
    g.use_ability(P0, gunners, 0, &[]).unwrap();
    assert!(destroyed(&g, near).is_some(), "in this card's Band");
    assert!(on_map(&g, left) && on_map(&g, right), "other Bands");
    assert!(on_map(&g, mine), "an opponent's only");
}

#[test]
fn r107_an_adjacent_band_is_read_as_for_liberation_range() {
    let (mut b, [west, middle, _, far]) = line();
    let spotters = b.put(P0, &SPOTTERS, middle);
    let beside = b.put(P1, &AGITATORS, middle);
    let left = b.put(P1, &AGITATORS, west);
    let beyond = b.put(P1, &AGITATORS, far);
    let g = b.build();
    let legal: Vec<PermanentId> = g.legal_targets(UNIT_NEXT, P0, Some(spotters)).collect();
    // East is empty and skipped, so `far` is adjacent; `middle` is its own Band, never.
    assert_eq!(legal, vec![left, beyond]);
    assert!(!g.selects_from(beside, UNIT_NEXT, P0, Some(spotters)));
    let mut g2 = g.clone();
    assert_eq!(
        g2.use_ability(P0, spotters, 0, &[beside]),
        Err(ActionError::IllegalTarget(beside))
    );
    g2.use_ability(P0, spotters, 0, &[beyond]).unwrap();
    // An occupied Band between: `far` is no longer adjacent.
    let (mut b, [_, middle, east, far]) = line();
    let spotters = b.put(P0, &SPOTTERS, middle);
    b.put(P1, &AGITATORS, east);
    let beyond = b.put(P1, &AGITATORS, far);
    let g = b.build();
    assert!(!g.selects_from(beyond, UNIT_NEXT, P0, Some(spotters)));
}

#[test]
fn r107_the_space_band_is_never_skipped() {
    let mut b = Board::new(2);
    let middle = b.ground();
    let space = b.space();
    let far = b.ground();
    let spotters = b.put(P0, &SPOTTERS, middle);
    let beyond = b.put(P1, &AGITATORS, far);
    let g = b.build();
    assert!(g.band_is_empty(space));
    assert!(!g.selects_from(beyond, UNIT_NEXT, P0, Some(spotters)));
}

#[test]
fn r107_a_text_with_no_card_on_the_map_names_nothing() {
    let (mut b, [_, middle, _, _]) = line();
    let unit = b.put(P1, &AGITATORS, middle);
    let gone = b.put(P0, &SPOTTERS, middle);
    let g = b.build();
    // A Maneuver's text: no source.
    assert!(!g.selects_from(unit, UNIT_HERE, P0, None));
    assert_eq!(g.legal_targets(UNIT_HERE, P0, None).count(), 0);
    assert_eq!(
        g.origin(None),
        Origin {
            map: g.band_map(),
            ..Origin::NOWHERE
        }
    );
    // A card that has left the Map.
    let mut g = g;
    if let Some(p) = g.setup(gone) {
        p.zone = Zone::Hand;
    }
    assert!(!g.selects_from(unit, UNIT_HERE, P0, Some(gone)));
}

#[test]
fn r107_the_bounds_band_and_a_storyline_in_no_band() {
    let (mut b, [west, middle, _, _]) = line();
    let vigil = b.put(P0, &VIGIL, west);
    let mara = b.put(P0, &MARA, middle);
    b.bind(vigil, mara);
    let there = b.put(P1, &AGITATORS, middle);
    let by_the_storyline = b.put(P1, &AGITATORS, west);
    let g = b.build();
    assert!(g.selects_from(there, UNIT_BOUND, P0, Some(vigil)));
    assert!(!g.selects_from(by_the_storyline, UNIT_BOUND, P0, Some(vigil)));
    // A Storyline has no Band of its own, whatever Band it was set up in.
    assert!(!g.selects_from(by_the_storyline, UNIT_HERE, P0, Some(vigil)));
    // Any other card has no Bound.
    assert!(!g.selects_from(there, UNIT_BOUND, P0, Some(there)));
    // No Bound on the Map: nothing.
    let mut g = g;
    if let Some(p) = g.setup(mara) {
        p.zone = Zone::Hand;
    }
    assert!(!g.selects_from(there, UNIT_BOUND, P0, Some(vigil)));
}

#[test]
fn r107_a_count_reads_the_band_of_its_card() {
    let (mut b, [west, middle, _, _]) = line();
    let tally = b.put(P0, &TALLY, middle);
    b.put(P1, &AGITATORS, middle);
    b.put(P0, &AGITATORS, middle);
    b.put(P1, &AGITATORS, west);
    let mut g = b.build();
    g.use_ability(P0, tally, 0, &[]).unwrap();
    // The clerks themselves and the two others in the middle Band.
    assert_eq!(g.player(P0).treasury, 13);
}

#[test]
fn r107_a_statics_group_follows_the_band_of_its_card() {
    let (mut b, [west, middle, _, _]) = line();
    b.put(P0, &BASTION, middle);
    let with = b.put(P0, &AGITATORS, middle);
    let without = b.put(P0, &AGITATORS, west);
    let theirs = b.put(P1, &AGITATORS, middle);
    let g = b.build();
    assert_eq!(g.net_static(with, BonusStat::Def), 1);
    assert_eq!(g.net_static(without, BonusStat::Def), 0);
    assert_eq!(g.net_static(theirs, BonusStat::Def), 0);
}

#[test]
fn r107_an_events_group_reads_the_watchers_band() {
    let (mut b, [_, middle, _, _]) = line();
    b.put(P0, &MOURNERS, middle);
    let gunners = b.put(P1, &GUNNERS, middle);
    b.put(P0, &AGITATORS, middle);
    let mut g = b.build();
    // P1's gunners destroy P0's unit in the Mourners' Band: P0 gains 1.
    g.set_active(P1);
    g.use_ability(P1, gunners, 0, &[]).unwrap();
    assert_eq!(g.player(P0).treasury, 11);
    // The same in another Band: nothing.
    let (mut b, [west, middle, _, _]) = line();
    b.put(P0, &MOURNERS, west);
    let gunners = b.put(P1, &GUNNERS, middle);
    b.put(P0, &AGITATORS, middle);
    let mut g = b.build();
    g.set_active(P1);
    g.use_ability(P1, gunners, 0, &[]).unwrap();
    assert_eq!(g.player(P0).treasury, 10);
}
