//! Ruling R92: a static that scales (`+1 DEF for each other Ground Unit you control`, §7.5)
//! adds its bonus once for each one its count counts, and the count is made again at every
//! reading of the stat (`Game::net_static`), from its card's controller's point of view, so
//! the bonus follows the board as it changes. `other` leaves the card itself out; without it
//! the card counts itself. A count that reads a Rank never scales an RK static.

mod common;

use cardc_engine::*;
use common::*;

const OTHER_UNITS: Countable = Countable::Group(Group {
    selector: GU_SEL,
    other: true,
});

/// Shieldwall (Ground Unit), DEF 1: `+1 DEF for each other Ground Unit you control.`
static SHIELDWALL_P: FaceData = FaceData {
    name: "Shieldwall",
    kind: Kind::GroundUnit,
    cost: 2,
    rank: Some(StatValue::Num(2)),
    attack: 1,
    def: Some(StatValue::Num(1)),
    statics: &[Static {
        subject: Subject::ThisCard,
        kind: StaticKind::BonusForEach {
            amount: 1,
            stat: BonusStat::Def,
            each: OTHER_UNITS,
        },
        condition: None,
    }],
    ..FaceData::BLANK
};
static SHIELDWALL: TestCard = TestCard::new(&SHIELDWALL_P);

/// Crowd (Ground Unit), DEF 1: `+1 DEF for each Ground Unit you control.` (no `other`).
static CROWD_P: FaceData = FaceData {
    name: "Crowd",
    statics: &[Static {
        subject: Subject::ThisCard,
        kind: StaticKind::BonusForEach {
            amount: 1,
            stat: BonusStat::Def,
            each: Countable::Group(Group {
                selector: GU_SEL,
                other: false,
            }),
        },
        condition: None,
    }],
    ..SHIELDWALL_P
};
static CROWD: TestCard = TestCard::new(&CROWD_P);

/// Throne (Homeworld), Rank 6: `Characters you control get +1 RK for each Planetary
/// Location you control.`
static THRONE_P: FaceData = FaceData {
    name: "Throne",
    kind: Kind::Homeworld,
    rank: Some(StatValue::Num(6)),
    statics: &[Static {
        subject: Subject::Group {
            selector: Selector::new(PermanentKind::Character, Some(Controller::You)),
            other: false,
        },
        kind: StaticKind::BonusForEach {
            amount: 1,
            stat: BonusStat::Rank,
            each: Countable::Group(Group {
                selector: Selector::new(PermanentKind::PlanetaryLocation, Some(Controller::You)),
                other: false,
            }),
        },
        condition: None,
    }],
    ..FaceData::BLANK
};
static THRONE: TestCard = TestCard::new(&THRONE_P);

static WORLD_P: FaceData = FaceData {
    name: "World",
    kind: Kind::PlanetaryLocation,
    rank: Some(StatValue::Num(5)),
    ..FaceData::BLANK
};
static WORLD: TestCard = TestCard::new(&WORLD_P);

/// Keep (Surface Location), Rank 3: `+1 RK for each Surface Location you control with Rank
/// 3 or less.` (refused by the checker, `E0239`; built by hand here).
static KEEP_P: FaceData = FaceData {
    name: "Keep",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(3)),
    statics: &[Static {
        subject: Subject::ThisCard,
        kind: StaticKind::BonusForEach {
            amount: 1,
            stat: BonusStat::Rank,
            each: Countable::Group(Group {
                selector: Selector {
                    filters: Filters {
                        rank_or_less: Some(3),
                        ..Filters::NONE
                    },
                    ..Selector::new(PermanentKind::SurfaceLocation, Some(Controller::You))
                },
                other: false,
            }),
        },
        condition: None,
    }],
    ..FaceData::BLANK
};
static KEEP: TestCard = TestCard::new(&KEEP_P);

#[test]
fn r92_a_scaling_bonus_is_its_amount_for_each_one_counted() {
    let k = StaticKind::BonusForEach {
        amount: 2,
        stat: BonusStat::Def,
        each: OTHER_UNITS,
    };
    assert_eq!(k.bonus(BonusStat::Def), 2);
    assert_eq!(k.bonus(BonusStat::Rank), 0);
    assert_eq!(k.scale(), Some(OTHER_UNITS));
    assert_eq!(
        StaticKind::Bonus {
            amount: 1,
            stat: BonusStat::Def
        }
        .scale(),
        None
    );
}

#[test]
fn r92_s7_5_the_count_is_its_controllers_other_ground_units() {
    // Two other Ground Units of P0 count; P1's does not, nor the Shieldwall itself.
    let (mut b, band) = board();
    let wall = b.put(P0, &SHIELDWALL, band);
    b.put(P0, &AGITATORS, band);
    b.put(P0, &AGITATORS, band);
    b.put(P1, &AGITATORS, band);
    let g = b.build();
    assert_eq!(g.net_static(wall, BonusStat::Def), 2);
    assert_eq!(g.effective_def(wall), Some(3));

    let (mut b, band) = board();
    let wall = b.put(P0, &SHIELDWALL, band);
    let g = b.build();
    assert_eq!(g.effective_def(wall), Some(1), "nothing counted: no bonus");
}

#[test]
fn r92_the_bonus_follows_the_count_as_it_changes() {
    // Read at each use: once one of the two others is destroyed in combat, the bonus drops.
    let (mut b, band) = board();
    let wall = b.put(P0, &SHIELDWALL, band);
    let friend = b.put(P0, &AGITATORS, band);
    b.put(P0, &AGITATORS, band);
    let attacker = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    assert_eq!(g.effective_def(wall), Some(3));
    g.combat_damage(
        P1,
        &[Hit {
            attacker,
            defender: friend,
            amount: 1,
        }],
    )
    .unwrap();
    assert!(!on_map(&g, friend));
    assert_eq!(g.effective_def(wall), Some(2));
}

#[test]
fn r92_without_other_the_card_counts_itself() {
    let (mut b, band) = board();
    let crowd = b.put(P0, &CROWD, band);
    b.put(P0, &AGITATORS, band);
    let g = b.build();
    assert_eq!(g.effective_def(crowd), Some(3), "itself and the Agitators");
}

#[test]
fn r92_s7_5_a_group_gets_rk_for_each_location_counted() {
    let (mut b, band) = board();
    b.put(P0, &THRONE, band);
    let mara = b.put(P0, &MARA, band);
    b.put(P0, &WORLD, band);
    b.put(P0, &WORLD, band);
    b.put(P1, &WORLD, band);
    let g = b.build();
    assert_eq!(g.net_static(mara, BonusStat::Rank), 2);
}

#[test]
fn r92_a_rank_count_never_scales_an_rk_static() {
    // Counting Surface Locations by Rank would read the Keep's own bonus; ruling R92 never
    // applies it, so the reading ends and the Rank is the printed one.
    let (mut b, band) = board();
    let keep = b.put(P0, &KEEP, band);
    let g = b.build();
    assert_eq!(g.effective_rank(keep), Some(3));
}
