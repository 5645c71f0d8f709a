//! Rulings R67 and R68 (quantities, `docs/vocabulary-v2.md` §8): a `for each` count is made
//! as its step resolves; `that many` is what the step before it actually did.

mod common;

use cardc_engine::*;
use common::*;

static COUNT_D: FaceData = FaceData {
    name: "Count the Ranks",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
/// `Draw a card for each Ground Unit you control, then gain 3 Currency for each opponent.`
fn count(_: Face, fx: &mut dyn Effects) {
    let group = Group {
        selector: GU_SEL,
        other: false,
    };
    fx.draw(Who::You, fx.count(Countable::Group(group)));
    fx.gain_currency(Who::You, fx.count(Countable::Opponents).saturating_mul(3));
}
static COUNT: TestCard = TestCard {
    play: count,
    ..TestCard::new(&COUNT_D)
};

#[test]
fn r67_for_each_counts_the_group_as_the_step_resolves() {
    let (mut b, band) = board();
    b.put(P0, &AGITATORS, band);
    b.put(P0, &AGITATORS, band);
    b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &COUNT, &[]).unwrap();
    assert_eq!(
        g.player(P0).hand,
        2,
        "two Ground Units P0 controls, not P1's"
    );
    assert_eq!(
        g.player(P0).treasury,
        10 + 3,
        "3 Currency for each of one opponent"
    );
}

static SIPHON_D: FaceData = FaceData {
    name: "Siphon",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::GroundUnit, None)],
    ..FaceData::BLANK
};
/// `Deal 3 damage to target Ground Unit, then gain that many Currency.`
fn siphon(_: Face, fx: &mut dyn Effects) {
    fx.deal_damage(Target::Chosen(0), 3);
    fx.gain_currency(Who::You, fx.that_many());
}
static SIPHON: TestCard = TestCard {
    play: siphon,
    ..TestCard::new(&SIPHON_D)
};

#[test]
fn r68_that_many_is_the_damage_dealt_after_prevention() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    if let Some(p) = g.setup(unit) {
        p.prevention = 2;
    }
    g.play_maneuver(P0, &SIPHON, &[unit]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        10 + 1,
        "3 damage, 2 prevented: 1 dealt"
    );
}

static RECYCLE_D: FaceData = FaceData {
    name: "Recycle",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
/// `Discard 2 cards, then draw that many cards.`
fn recycle(_: Face, fx: &mut dyn Effects) {
    fx.discard(Who::You, 2);
    fx.draw(Who::You, fx.that_many());
}
static RECYCLE: TestCard = TestCard {
    play: recycle,
    ..TestCard::new(&RECYCLE_D)
};

#[test]
fn r68_that_many_after_a_discard_is_what_the_hand_held() {
    let (b, _) = board();
    let mut g = b.build();
    if let Some(p) = g.setup_player(P0) {
        p.hand = 1;
    }
    g.play_maneuver(P0, &RECYCLE, &[]).unwrap();
    assert_eq!(g.player(P0).hand, 1, "one card discarded, so one drawn");
}
