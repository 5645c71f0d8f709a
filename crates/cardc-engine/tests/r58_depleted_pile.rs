//! Ruling R58 (`Return a <kind> card from your Depleted Pile to your hand`): a known card of
//! the text's controller's Depleted Pile (a destroyed permanent, §7.3, or a known discarded
//! card, R34) goes to their hand, the player choosing (default: the latest to arrive);
//! nothing when none is there; never a Location (R30) and never another player's card.

mod common;

use cardc_engine::*;
use common::*;

static NAMES_D: FaceData = FaceData {
    name: "Read the Names Aloud",
    kind: Kind::Maneuver,
    speed: Some(Speed::Slow),
    ..FaceData::BLANK
};
fn names(_: Face, fx: &mut dyn Effects) {
    fx.return_from_depleted_pile(PermanentKind::Character);
}
static NAMES: TestCard = TestCard {
    play: names,
    ..TestCard::new(&NAMES_D)
};

static SALVAGE_D: FaceData = FaceData {
    name: "Salvage",
    kind: Kind::Maneuver,
    speed: Some(Speed::Slow),
    ..FaceData::BLANK
};
fn salvage(_: Face, fx: &mut dyn Effects) {
    fx.return_any_from_depleted_pile();
}
static SALVAGE: TestCard = TestCard {
    play: salvage,
    ..TestCard::new(&SALVAGE_D)
};

fn zone(g: &Game, id: PermanentId) -> Option<Zone> {
    g.permanent(id).map(|p| p.zone)
}

/// A chooser that answers every Depleted Pile choice with `pick`.
struct Pick(PermanentId);
impl Choices for Pick {
    fn card_from_depleted_pile(&mut self, _: &Game, _: &PileRequest) -> PermanentId {
        self.0
    }
}

#[test]
fn r58_the_latest_character_card_returns_to_its_owners_hand() {
    let (mut b, band) = board();
    let first = b.put(P0, &MARA, band);
    let unit = b.put(P0, &AGITATORS, band);
    let second = b.put(P0, &RUTHLESS, band);
    let theirs = b.put(P1, &MARA, band);
    let mut g = b.build();
    for id in [first, unit, second, theirs] {
        g.setup_depleted(id);
    }
    let hand = g.player(P0).hand;
    g.clear_log();
    g.play_maneuver(P0, &NAMES, &[]).unwrap();
    assert_eq!(
        zone(&g, second),
        Some(Zone::Hand),
        "the latest Character card"
    );
    assert!(matches!(zone(&g, first), Some(Zone::Depleted { .. })));
    assert!(
        matches!(zone(&g, unit), Some(Zone::Depleted { .. })),
        "not a Character"
    );
    assert!(
        matches!(zone(&g, theirs), Some(Zone::Depleted { .. })),
        "not your pile"
    );
    assert_eq!(g.player(P0).hand, hand + 1);
    assert!(g.log().iter().any(
        |e| matches!(e, Event::ReturnedFromDepletedPile { permanent, owner } if *permanent == second && *owner == P0)
    ));
    assert_eq!(g.depleted_pile(P0).len(), 2);
}

#[test]
fn r58_the_player_chooses_and_an_illegal_answer_is_replaced() {
    let (mut b, band) = board();
    let first = b.put(P0, &MARA, band);
    let second = b.put(P0, &RUTHLESS, band);
    let unit = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    for id in [first, second, unit] {
        g.setup_depleted(id);
    }
    g.set_choices(Box::new(Pick(first)));
    g.play_maneuver(P0, &NAMES, &[]).unwrap();
    assert_eq!(zone(&g, first), Some(Zone::Hand), "the player's choice");
    // A Ground Unit is not a Character card: rejected, the latest Character returns.
    g.set_choices(Box::new(Pick(unit)));
    g.clear_log();
    g.play_maneuver(P0, &NAMES, &[]).unwrap();
    assert_eq!(zone(&g, second), Some(Zone::Hand));
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::PlayerChoiceRejected {
            reason: RejectedChoice::IllegalPileCard(id),
            ..
        } if *id == unit
    )));
}

#[test]
fn r58_an_empty_pile_returns_nothing() {
    let (mut b, band) = board();
    let unit = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.setup_depleted(unit);
    let hand = g.player(P0).hand;
    g.play_maneuver(P0, &NAMES, &[]).unwrap();
    assert_eq!(
        g.player(P0).hand,
        hand,
        "no Character card: nothing happens"
    );
}

#[test]
fn r58_r30_any_card_but_a_location() {
    let (mut b, band) = board();
    let unit = b.put(P0, &AGITATORS, band);
    let forum = b.put(P0, &FORUM, band);
    let mut g = b.build();
    g.setup_depleted(unit);
    g.setup_depleted(forum);
    g.play_maneuver(P0, &SALVAGE, &[]).unwrap();
    assert_eq!(
        zone(&g, unit),
        Some(Zone::Hand),
        "the latest card that can be in a hand"
    );
    assert!(
        matches!(zone(&g, forum), Some(Zone::Depleted { .. })),
        "a Location never is"
    );
    g.play_maneuver(P0, &SALVAGE, &[]).unwrap();
    assert!(matches!(zone(&g, forum), Some(Zone::Depleted { .. })));
}

#[test]
fn r58_a_destroyed_permanent_returns_prime_face_up_with_nothing_on_it() {
    let (mut b, band) = board();
    let mara = b.put(P0, &MARA, band);
    let mut g = b.build();
    if let Some(p) = g.setup(mara) {
        p.face = Face::Fallen;
        p.prevention = 2;
    }
    g.setup_depleted(mara);
    g.play_maneuver(P0, &NAMES, &[]).unwrap();
    let p = g.permanent(mara).unwrap();
    assert_eq!(p.zone, Zone::Hand);
    assert_eq!(
        p.face,
        Face::Prime,
        "a card in hand has no face showing but its first"
    );
    assert_eq!(p.prevention, 0);
}
