//! Ruling R63 (target filters: `target Ruthless Character`, `each Ground Unit with Rank 2 or
//! less`): a filter narrows a selector, whether it picks a target (chosen or `each`), an
//! event's group or a static's group, and is read from the face showing and the permanent's
//! state when the selector is read. Morality and Drives are the face showing's (§7.1, §7.2,
//! §7.7), `Prime` a Character's first face, `Fallen` any flipped permanent (§7.7), Rank the
//! effective Rank (ruling R14; a Character's Rank X never passes, §7.9), CP the current CP
//! (§7.3), Vox the printed Vox of a Character or Ground Unit (§7.9a), Liberation counters
//! those on the permanent (§12.6).

mod common;

use cardc_engine::*;
use common::*;

const fn each(kind: PermanentKind, filters: Filters) -> Selector {
    Selector {
        kind,
        controller: None,
        filters,
        other: false,
    }
}

const RUTHLESS_CHARACTERS: Selector = each(
    PermanentKind::Character,
    Filters {
        morality: Some(Morality::Ruthless),
        ..Filters::NONE
    },
);
const FALLEN_CHARACTERS: Selector = each(
    PermanentKind::Character,
    Filters {
        fallen: true,
        ..Filters::NONE
    },
);
const GREEDY_WITH_LITTLE_CP: Selector = each(
    PermanentKind::Character,
    Filters {
        drive: Some(Drive::Greed),
        cp_or_less: Some(6),
        ..Filters::NONE
    },
);
const LOW_RANK_UNITS: Selector = each(
    PermanentKind::Permanent,
    Filters {
        rank_or_less: Some(2),
        ..Filters::NONE
    },
);
const COUNTERED_UNITS: Selector = each(
    PermanentKind::GroundUnit,
    Filters {
        liberation_counters_or_more: Some(1),
        ..Filters::NONE
    },
);

fn lose_one_each(_: Face, fx: &mut dyn Effects) {
    fx.lose_cp(Target::Each(RUTHLESS_CHARACTERS), 1);
}
fn lose_one_fallen(_: Face, fx: &mut dyn Effects) {
    fx.lose_cp(Target::Each(FALLEN_CHARACTERS), 1);
}
fn lose_two_chosen(_: Face, fx: &mut dyn Effects) {
    fx.lose_cp(Target::Chosen(0), 2);
}
fn destroy_each_low(_: Face, fx: &mut dyn Effects) {
    fx.destroy(Target::Each(LOW_RANK_UNITS));
}
fn destroy_each_countered(_: Face, fx: &mut dyn Effects) {
    fx.destroy(Target::Each(COUNTERED_UNITS));
}

static RUTHLESS_TAX_D: FaceData = FaceData {
    name: "Ruthless Tax",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
static RUTHLESS_TAX: TestCard = TestCard {
    play: lose_one_each,
    ..TestCard::new(&RUTHLESS_TAX_D)
};
static FALLEN_TAX_D: FaceData = FaceData {
    name: "Fallen Tax",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
static FALLEN_TAX: TestCard = TestCard {
    play: lose_one_fallen,
    ..TestCard::new(&FALLEN_TAX_D)
};
static GREED_LEVY_D: FaceData = FaceData {
    name: "Greed Levy",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[GREEDY_WITH_LITTLE_CP],
    ..FaceData::BLANK
};
static GREED_LEVY: TestCard = TestCard {
    play: lose_two_chosen,
    ..TestCard::new(&GREED_LEVY_D)
};
static CULL_D: FaceData = FaceData {
    name: "Cull the Small",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
static CULL: TestCard = TestCard {
    play: destroy_each_low,
    ..TestCard::new(&CULL_D)
};
static SWEEP_D: FaceData = FaceData {
    name: "Sweep the Marked",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
static SWEEP: TestCard = TestCard {
    play: destroy_each_countered,
    ..TestCard::new(&SWEEP_D)
};

#[test]
fn r63_s7_2_a_morality_filter_reads_the_face_showing() {
    let (mut b, band) = board();
    // The Iron Magistrate is Ruthless on its Prime face, Iniquitous once Fallen.
    let prime = b.put(P1, &RUTHLESS, band);
    let fallen = b.put(P1, &RUTHLESS, band);
    let envoy = b.put(P1, &ENVOY, band);
    b.with(fallen, |p| p.face = Face::Fallen);
    let mut g = b.build();
    let before = (cp(&g, prime), cp(&g, fallen), cp(&g, envoy));
    g.play_maneuver(P0, &RUTHLESS_TAX, &[]).unwrap();
    assert_eq!(cp(&g, prime), before.0 - 1, "Ruthless on the face showing");
    assert_eq!(cp(&g, fallen), before.1, "Fallen: Iniquitous now");
    assert_eq!(cp(&g, envoy), before.2, "no Morality of that kind");
}

#[test]
fn r63_s7_7_fallen_is_the_face_showing() {
    let (mut b, band) = board();
    let prime = b.put(P1, &RUTHLESS, band);
    let fallen = b.put(P1, &RUTHLESS, band);
    b.with(fallen, |p| p.face = Face::Fallen);
    let mut g = b.build();
    let before = (cp(&g, prime), cp(&g, fallen));
    g.play_maneuver(P0, &FALLEN_TAX, &[]).unwrap();
    assert_eq!(cp(&g, prime), before.0, "Prime: not Fallen");
    assert_eq!(cp(&g, fallen), before.1 - 1, "Fallen");
}

#[test]
fn r63_s7_1_s7_3_a_chosen_target_must_pass_every_filter() {
    let (mut b, band) = board();
    // The Magistrate prints the Greed Drive and 10 CP; with 5 CP it passes both filters.
    let rich = b.put(P1, &RUTHLESS, band);
    let poor = b.put(P1, &RUTHLESS, band);
    let envoy = b.put(P1, &ENVOY, band);
    b.with(poor, |p| p.cp = 5);
    let mut g = b.build();
    assert!(
        g.play_maneuver(P0, &GREED_LEVY, &[rich]).is_err(),
        "10 CP: not `with 6 or less CP`"
    );
    assert!(
        g.play_maneuver(P0, &GREED_LEVY, &[envoy]).is_err(),
        "no Greed Drive"
    );
    g.play_maneuver(P0, &GREED_LEVY, &[poor]).unwrap();
    assert_eq!(cp(&g, poor), 3);
}

#[test]
fn r63_r14_rank_is_the_effective_rank_and_never_a_characters() {
    let (mut b, band) = board();
    // Dockside Agitators print Rank 2; a Bastion Guard Rank 3; a Character Rank X.
    let low = b.put(P1, &AGITATORS, band);
    let high = b.put(P1, &FORTIFIED_UNIT, band);
    let envoy = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.play_maneuver(P0, &CULL, &[]).unwrap();
    assert!(destroyed(&g, low).is_some(), "Rank 2: 2 or less");
    assert!(destroyed(&g, high).is_none(), "Rank 3");
    assert!(destroyed(&g, envoy).is_none(), "Rank X never passes");
}

#[test]
fn r63_s12_6_liberation_counters_on_it() {
    let (mut b, band) = board();
    let marked = b.put(P1, &AGITATORS, band);
    let clean = b.put(P1, &AGITATORS, band);
    b.with(marked, |p| p.counters = 1);
    let mut g = b.build();
    g.play_maneuver(P0, &SWEEP, &[]).unwrap();
    assert!(destroyed(&g, marked).is_some());
    assert!(destroyed(&g, clean).is_none());
}

#[test]
fn r63_every_row_has_an_arm_and_the_empty_set_passes_all() {
    let (mut b, band) = board();
    let envoy = b.put(P0, &ENVOY, band);
    let g = b.build();
    let p = g.permanent(envoy).unwrap();
    assert!(Filters::NONE.all(|f| g.passes(p, f, &Origin::NOWHERE)));
    assert!(g.passes(p, Filter::Prime, &Origin::NOWHERE));
    assert!(!g.passes(p, Filter::Fallen, &Origin::NOWHERE));
    assert!(
        !g.passes(p, Filter::NoVox, &Origin::NOWHERE),
        "an Envoy prints 1 Vox"
    );
    assert!(g.passes(p, Filter::VoxOrMore(1), &Origin::NOWHERE));
    assert!(
        !g.passes(p, Filter::RankOrMore(0), &Origin::NOWHERE),
        "Rank X"
    );
    assert!(
        !g.passes(p, Filter::NoLiberationCounters, &Origin::NOWHERE),
        "never a Character's"
    );
}

fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}

/// `Whenever a Fallen Character you control is destroyed, gain 1 Currency.`
static MOURNERS_D: FaceData = FaceData {
    name: "Mourners of the Fallen",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(2)),
    triggers: &[TriggerData {
        when: Trigger::AGroupIsDestroyed(EventSubject::Group(Group {
            selector: Selector {
                kind: PermanentKind::Character,
                controller: Some(Controller::You),
                filters: Filters {
                    fallen: true,
                    ..Filters::NONE
                },
                other: false,
            },
            other: false,
        })),
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
static MOURNERS: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&MOURNERS_D)
};

#[test]
fn r63_r48_an_events_group_passes_its_filters_as_the_event_happens() {
    let (mut b, band) = board();
    b.put(P0, &MOURNERS, band);
    let prime = b.put(P0, &ENVOY, band);
    let fallen = b.put(P0, &ENVOY, band);
    b.with(fallen, |p| p.face = Face::Fallen);
    let mut g = b.build();
    g.play_maneuver(P1, &PURGE, &[prime]).unwrap();
    assert_eq!(g.player(P0).treasury, 10, "a Prime Character: no");
    g.play_maneuver(P1, &PURGE, &[fallen]).unwrap();
    assert_eq!(g.player(P0).treasury, 11, "a Fallen Character: fires");
}
