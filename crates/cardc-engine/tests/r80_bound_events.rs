//! Ruling R80 (the Bound as an event's subject: `When the Bound Falls, …`, `Whenever the
//! Bound is Activated as a liberator, …`): a Storyline's trigger about the Bound fires for the
//! Character it binds and no other, whoever controls it; it sees the Bound's destruction as
//! it happens (§7.3), and its Fall before the Storyline reverses (§7.7, §8.11).

mod common;

use cardc_engine::*;
use common::*;

/// A Storyline printing one trigger about the Bound that gains 1 Currency, with a Reversal
/// that gains 5.
macro_rules! storyline {
    ($card:ident, $data:ident, $rev:ident, $name:literal, $when:expr) => {
        static $data: FaceData = FaceData {
            name: $name,
            kind: Kind::Storyline,
            cost: 1,
            triggers: &[TriggerData {
                when: $when,
                targets: &[],
                optional: false,
                twist: false,
                condition: None,
            }],
            text: &["a trigger about the Bound"],
            ..FaceData::BLANK
        };
        static $rev: FaceData = FaceData {
            name: "Reversed",
            kind: Kind::Storyline,
            text: &["Gain 5 Currency."],
            ..FaceData::BLANK
        };
        static $card: TestCard = TestCard {
            trigger: gain_one,
            reversal: Some(&$rev),
            play: gain_five,
            ..TestCard::new(&$data)
        };
    };
}

fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}

fn gain_five(face: Face, fx: &mut dyn Effects) {
    if face == Face::Reversal {
        fx.gain_currency(Who::You, 5);
    }
}

storyline!(
    HERALD,
    HERALD_D,
    HERALD_R,
    "The Herald's Road",
    Trigger::AGroupIsActivatedAsALiberator(EventSubject::TheBound)
);
storyline!(
    ELEGY,
    ELEGY_D,
    ELEGY_R,
    "An Elegy",
    Trigger::AGroupIsDestroyed(EventSubject::TheBound)
);
storyline!(
    OMEN,
    OMEN_D,
    OMEN_R,
    "An Omen",
    Trigger::AGroupFalls(EventSubject::TheBound)
);

#[test]
fn r80_s12_2_the_bound_activated_as_a_liberator_and_no_other_character() {
    let (mut b, band) = board();
    let bound = b.put(P0, &MARA, band);
    let other = b.put(P0, &RUTHLESS, band);
    let s = b.put(P0, &HERALD, band);
    b.bind(s, bound);
    let mut g = b.build();
    g.activate_liberators(P0, &[other]).unwrap();
    assert_eq!(g.player(P0).treasury, 10, "another Character: no");
    let (mut b, band) = board();
    let bound = b.put(P0, &MARA, band);
    let s = b.put(P0, &HERALD, band);
    b.bind(s, bound);
    let mut g = b.build();
    g.activate_liberators(P0, &[bound]).unwrap();
    assert_eq!(g.player(P0).treasury, 11, "the Bound: once");
}

#[test]
fn r80_the_bound_is_watched_whoever_controls_it() {
    // The Storyline's controller binds an opponent's Character: the trigger still fires,
    // for the Storyline's controller.
    let (mut b, band) = board();
    let bound = b.put(P1, &MARA, band);
    let s = b.put(P0, &HERALD, band);
    b.bind(s, bound);
    let mut g = b.build();
    g.set_active(P1);
    g.activate_liberators(P1, &[bound]).unwrap();
    assert_eq!(g.player(P0).treasury, 11);
    assert_eq!(g.player(P1).treasury, 10);
}

#[test]
fn r80_s7_3_the_bound_destroyed_fires_as_it_happens() {
    let (mut b, band) = board();
    let bound = b.put(P0, &MARA, band);
    let other = b.put(P0, &RUTHLESS, band);
    let attacker = b.put(P1, &AGITATORS, band);
    let s = b.put(P0, &ELEGY, band);
    b.bind(s, bound);
    b.with(bound, |p| p.cp = 1).with(other, |p| p.cp = 1);
    let mut g = b.build();
    let hit = |defender| Hit {
        attacker,
        defender,
        amount: 1,
    };
    g.combat_damage(P1, &[hit(other)]).unwrap();
    assert!(destroyed(&g, other).is_some());
    assert_eq!(g.player(P0).treasury, 10, "another Character destroyed: no");
    g.combat_damage(P1, &[hit(bound)]).unwrap();
    assert!(destroyed(&g, bound).is_some());
    assert_eq!(g.player(P0).treasury, 11, "the Bound destroyed: once");
}

#[test]
fn r80_s7_7_s8_11_the_bound_falls_before_the_storyline_reverses() {
    let (mut b, band) = board();
    let bound = b.put(P0, &TWISTED, band);
    let attacker = b.put(P1, &AGITATORS, band);
    let s = b.put(P0, &OMEN, band);
    b.bind(s, bound);
    let mut g = b.build();
    g.combat_damage(
        P1,
        &[Hit {
            attacker,
            defender: bound,
            amount: 1,
        }],
    )
    .unwrap();
    assert_eq!(g.permanent(bound).map(|p| p.face), Some(Face::Fallen));
    assert_eq!(g.permanent(s).map(|p| p.face), Some(Face::Reversal));
    // The Prime face's trigger fired (+1) although the Storyline now shows its Reversal: it
    // saw the Fall before the Storyline reversed; then the Reversal's text resolved (+5).
    assert_eq!(g.player(P0).treasury, 16);
}
