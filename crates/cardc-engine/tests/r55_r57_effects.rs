//! The effects of vocabulary v2 on the Map: ruling R55 (`Activate <target>`: a readied
//! permanent is Activated, its `is Activated` triggers fire, no Vox is added, §7.9a), ruling
//! R56 (`<target> gains N CP`: a Character gains CP with no maximum, §7.3) and ruling R57
//! (`Prevent the next N damage that would be dealt to <target> this turn`: a shield used up by
//! damage after DEF, §7.5, gone at the end of the turn; Liberation counters are not damage,
//! §12.8).

mod common;

use cardc_engine::*;
use common::*;

const ANY_UNIT: Selector = Selector::new(PermanentKind::GroundUnit, None);

static CUT_D: FaceData = FaceData {
    name: "Cut the Harbour Lights",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[ANY_UNIT],
    ..FaceData::BLANK
};
fn cut(_: Face, fx: &mut dyn Effects) {
    fx.activate(Target::Chosen(0));
}
static CUT: TestCard = TestCard {
    play: cut,
    ..TestCard::new(&CUT_D)
};

/// A Ground Unit: `Whenever this card is Activated, gain 1 Currency.`
static WARDENS_D: FaceData = FaceData {
    name: "Toll-Gate Wardens",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(1)),
    triggers: &[TriggerData {
        when: Trigger::ThisIsActivated,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    text: &["Whenever this card is Activated, gain 1 Currency."],
    ..FaceData::BLANK
};
fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}
static WARDENS: TestCard = TestCard {
    trigger: gain_one,
    ..TestCard::new(&WARDENS_D)
};

static DRESSING_D: FaceData = FaceData {
    name: "Field Dressing",
    kind: Kind::Maneuver,
    speed: Some(Speed::Slow),
    targets: &[CHAR_SEL],
    ..FaceData::BLANK
};
fn dressing(_: Face, fx: &mut dyn Effects) {
    fx.gain_cp(Target::Chosen(0), 2);
}
static DRESSING: TestCard = TestCard {
    play: dressing,
    ..TestCard::new(&DRESSING_D)
};

static BARRICADES_D: FaceData = FaceData {
    name: "Raise the Barricades",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[ANY_UNIT],
    ..FaceData::BLANK
};
fn barricades(_: Face, fx: &mut dyn Effects) {
    fx.prevent_damage(Target::Chosen(0), 3);
}
static BARRICADES: TestCard = TestCard {
    play: barricades,
    ..TestCard::new(&BARRICADES_D)
};

/// `Deal 2 damage to target Ground Unit.`
static BLAST_D: FaceData = FaceData {
    name: "Blast",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[ANY_UNIT],
    ..FaceData::BLANK
};
fn blast(_: Face, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Chosen(0), 2);
}
static BLAST: TestCard = TestCard {
    play: blast,
    ..TestCard::new(&BLAST_D)
};

fn readied(g: &Game, id: PermanentId) -> bool {
    g.permanent(id).is_some_and(|p| p.readied)
}

fn prevention(g: &Game, id: PermanentId) -> u32 {
    g.permanent(id).map_or(0, |p| p.prevention)
}

#[test]
fn r55_activate_target_activates_a_readied_permanent_and_fires_its_trigger() {
    let (mut b, band) = board();
    let wardens = b.put(P1, &WARDENS, band);
    let mut g = b.build();
    let before = g.player(P1).treasury;
    g.play_maneuver(P0, &CUT, &[wardens]).unwrap();
    assert!(!readied(&g, wardens), "Activated");
    assert_eq!(
        g.player(P1).treasury,
        before + 1,
        "its `is Activated` trigger fired for its controller"
    );
    assert_eq!(g.player(P0).vox_pool, 0, "§7.9a: no Vox is added");
    assert_eq!(g.player(P1).vox_pool, 0, "§7.9a: no Vox is added");
}

#[test]
fn r55_an_activated_permanent_is_not_activated_again() {
    let (mut b, band) = board();
    let wardens = b.put(P1, &WARDENS, band);
    let mut g = b.build();
    if let Some(p) = g.setup(wardens) {
        p.readied = false;
    }
    let before = g.player(P1).treasury;
    g.play_maneuver(P0, &CUT, &[wardens]).unwrap();
    assert!(!readied(&g, wardens));
    assert_eq!(
        g.player(P1).treasury,
        before,
        "no trigger: it was not Activated now"
    );
}

#[test]
fn r56_a_target_character_gains_cp_with_no_maximum() {
    let (mut b, band) = board();
    let mara = b.put(P0, &MARA, band);
    let mut g = b.build();
    let before = cp(&g, mara);
    g.play_maneuver(P0, &DRESSING, &[mara]).unwrap();
    assert_eq!(cp(&g, mara), before + 2, "§7.3: CP has no maximum");
    g.play_maneuver(P0, &DRESSING, &[mara]).unwrap();
    assert_eq!(cp(&g, mara), before + 4);
}

#[test]
fn r57_a_shield_prevents_damage_and_is_used_up() {
    let (mut b, band) = board();
    let unit = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &BARRICADES, &[unit]).unwrap();
    assert_eq!(prevention(&g, unit), 3);
    g.clear_log();
    g.play_maneuver(P1, &BLAST, &[unit]).unwrap();
    assert!(on_map(&g, unit), "2 damage to a DEF 1 unit, all prevented");
    assert_eq!(prevention(&g, unit), 1, "2 of the 3 used up");
    assert!(g.log().iter().any(
        |e| matches!(e, Event::DamagePrevented { permanent, amount: 2 } if *permanent == unit)
    ));
    assert!(!g.log().iter().any(|e| matches!(e, Event::Damaged { .. })));
    // The next 2 damage: 1 prevented, 1 dealt, and the DEF 1 unit is destroyed.
    g.play_maneuver(P1, &BLAST, &[unit]).unwrap();
    assert!(!on_map(&g, unit));
    assert_eq!(prevention(&g, unit), 0);
}

#[test]
fn r57_shields_add_and_end_with_the_turn() {
    let (mut b, band) = board();
    let unit = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &BARRICADES, &[unit]).unwrap();
    g.play_maneuver(P0, &BARRICADES, &[unit]).unwrap();
    assert_eq!(prevention(&g, unit), 6, "several shields add");
    g.end_turn().unwrap();
    assert_eq!(
        prevention(&g, unit),
        0,
        "a shield lasts until the turn ends"
    );
    g.play_maneuver(P0, &BLAST, &[unit]).unwrap();
    assert!(!on_map(&g, unit), "no shield left: 2 damage destroys it");
}

#[test]
fn r57_s12_8_liberation_counters_are_not_prevented() {
    // §12.8: Liberation counters become CP loss on a Character; they are not damage, so a
    // shield does not touch them.
    let (mut b, band) = board();
    let mara = b.put(P1, &MARA, band);
    let mut g = b.build();
    if let Some(p) = g.setup(mara) {
        p.prevention = 5;
    }
    let before = cp(&g, mara);
    static PLACE_D: FaceData = FaceData {
        name: "Whisper",
        kind: Kind::Maneuver,
        speed: Some(Speed::Fast),
        targets: &[CHAR_SEL],
        ..FaceData::BLANK
    };
    fn place_two(_: Face, fx: &mut dyn Effects) {
        fx.place_liberation_counters(Target::Chosen(0), 2);
    }
    static PLACE: TestCard = TestCard {
        play: place_two,
        ..TestCard::new(&PLACE_D)
    };
    g.play_maneuver(P0, &PLACE, &[mara]).unwrap();
    assert_eq!(cp(&g, mara), before - 2, "counters became CP loss");
    assert_eq!(prevention(&g, mara), 5, "the shield is untouched");
}
