//! Ruling R112 (`Whenever a Ground Unit you control is declared as a garrison, it gets +1 RK
//! until the end of the Liberation.`, `Whenever this card is Activated as a defender, it gets
//! +1 DEF until end of turn.`, §12.4, R73, R106): in a trigger's effect with no `target …`
//! before it, `it` (or `that <kind>`) is the card the event is about: the group's member
//! (`Target::EventCard`), or, for an event that happens to the card printing the trigger,
//! that card (`Target::ThisCard`). `{group} is Activated as a defender` fires for each
//! defender of the group in Step 3, never for a garrison (§12.4: a garrison is not Activated).
//! An event whose card leaves the Map (`is destroyed`) gives `it` nothing to name: the
//! checker refuses it (`E0224`) and the engine's `EventCard` names nothing off the Map.

mod common;

use cardc_engine::*;
use common::*;

const fn ground_units_you_control() -> EventSubject {
    EventSubject::Group(Group {
        selector: Selector::new(PermanentKind::GroundUnit, Some(Controller::You)),
        other: false,
    })
}

fn it_gets_a_rank(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.change_stat(
        Target::EventCard,
        BonusStat::Rank,
        1,
        Duration::UntilEndOfLiberation,
    );
}
fn it_gets_a_def(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.change_stat(
        Target::EventCard,
        BonusStat::Def,
        1,
        Duration::UntilEndOfTurn,
    );
}
fn it_gains_a_cp(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_cp(Target::EventCard, 1);
}

/// A Device printing one trigger, `when`, whose effect is `fx`.
macro_rules! watcher {
    ($card:ident, $data:ident, $name:literal, $when:expr, $fx:expr) => {
        static $data: FaceData = FaceData {
            name: $name,
            kind: Kind::Device,
            cost: 1,
            triggers: &[TriggerData {
                when: $when,
                targets: &[],
                optional: false,
                twist: false,
                condition: None,
            }],
            ..FaceData::BLANK
        };
        static $card: TestCard = TestCard {
            trigger: $fx,
            ..TestCard::new(&$data)
        };
    };
}

watcher!(
    LAMP,
    LAMP_D,
    "Ward Lamp",
    Trigger::AGroupIsDeclaredAsAGarrison(ground_units_you_control()),
    it_gets_a_rank
);
watcher!(
    HORN,
    HORN_D,
    "Rally Horn",
    Trigger::AGroupIsActivatedAsADefender(ground_units_you_control()),
    it_gets_a_def
);
watcher!(
    SHROUD,
    SHROUD_D,
    "Mourning Shroud",
    Trigger::AGroupIsDestroyed(EventSubject::Group(Group {
        selector: Selector::new(PermanentKind::Character, Some(Controller::You)),
        other: false,
    })),
    it_gains_a_cp
);

// A Ground Unit (Rank 2, DEF 2) printing nothing.
plain_unit!(PICKETS_D, PICKETS, "Pickets", vox 1, def 2);

/// A Ground Unit: `Whenever this card is Activated as a defender, it gets +1 DEF until end of
/// turn.`
static STALWART_D: FaceData = FaceData {
    name: "Stalwart Line",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(2)),
    triggers: &[TriggerData {
        when: Trigger::ThisIsActivatedAsADefender,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
fn this_gets_a_def(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.change_stat(
        Target::ThisCard,
        BonusStat::Def,
        1,
        Duration::UntilEndOfTurn,
    );
}
static STALWART: TestCard = TestCard {
    trigger: this_gets_a_def,
    ..TestCard::new(&STALWART_D)
};

#[test]
fn r112_s12_4_it_is_the_garrison_the_event_is_about() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &PICKETS, t);
    let idle = b.put(P1, &PICKETS, band);
    b.put(P1, &LAMP, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[], &[(gar, t)]).unwrap();
    assert_eq!(g.effective_rank(gar), Some(3), "the garrison gets +1 RK");
    assert_eq!(g.effective_rank(idle), Some(2), "not another Ground Unit");
}

#[test]
fn r112_s12_4_activated_as_a_defender_about_a_group_names_each_defender() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let d1 = b.put(P1, &PICKETS, band);
    let d2 = b.put(P1, &PICKETS, band);
    let gar = b.put_on(P1, &PICKETS, t);
    let theirs = b.put(P0, &PICKETS, band);
    b.put(P1, &HORN, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[d1, d2], &[(gar, t)]).unwrap();
    assert_eq!(g.effective_def(d1), Some(3), "each defender, once");
    assert_eq!(g.effective_def(d2), Some(3));
    assert_eq!(
        g.effective_def(gar),
        Some(2),
        "§12.4: a garrison is not Activated"
    );
    assert_eq!(g.effective_def(theirs), Some(2), "not the opponent's");
}

#[test]
fn r112_it_names_this_card_for_its_own_event() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let d = b.put(P1, &STALWART, band);
    let idle = b.put(P1, &STALWART, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[d], &[]).unwrap();
    assert_eq!(g.effective_def(d), Some(3));
    assert_eq!(g.effective_def(idle), Some(2));
}

#[test]
fn r112_the_event_card_off_the_map_is_nothing() {
    let (mut b, band) = board();
    let victim = b.put(P0, &ORATOR, band);
    let other = b.put(P0, &ORATOR, band);
    b.put(P0, &SHROUD, band);
    let mut g = b.build();
    let before = cp(&g, victim);
    g.play_maneuver(P1, &PURGE, &[victim]).unwrap();
    assert!(destroyed(&g, victim).is_some());
    assert_eq!(cp(&g, victim), before, "a destroyed card gains nothing");
    assert_eq!(cp(&g, other), before, "nor does another card");
}
