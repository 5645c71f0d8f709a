//! Ruling R47 (`At the end of your turn, …`; §10 turns are assumption A5): the triggers of the
//! player whose turn is ending resolve at the start of `Game::end_turn`, before marked damage
//! clears and before `until end of turn` changes end, so they still see both. The next
//! player's `At the start of your turn` triggers resolve after.

mod common;

use cardc_engine::*;
use common::*;

static SENTRY_P: FaceData = FaceData {
    name: "Night Sentry",
    kind: Kind::GroundUnit,
    cost: 1,
    rank: Some(StatValue::Num(2)),
    vox: 1,
    attack: 1,
    def: Some(StatValue::Num(2)),
    triggers: &[TriggerData {
        when: Trigger::EndOfYourTurn,
        targets: &[],
        optional: false,
        twist: false,
        condition: None,
    }],
    ..FaceData::BLANK
};
/// `At the end of your turn, deal 1 damage to this card.`
fn sentry_trigger(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.deal_damage(Target::ThisCard, 1);
}
static SENTRY: TestCard = TestCard {
    trigger: sentry_trigger,
    ..TestCard::new(&SENTRY_P)
};

static BRACE_D: FaceData = FaceData {
    name: "Brace the Line",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::GroundUnit, None)],
    ..FaceData::BLANK
};
fn brace(_: Face, fx: &mut dyn Effects) {
    fx.change_stat(
        Target::Chosen(0),
        BonusStat::Def,
        2,
        Duration::UntilEndOfTurn,
    );
}
static BRACE: TestCard = TestCard {
    play: brace,
    ..TestCard::new(&BRACE_D)
};

#[test]
fn r47_end_of_turn_triggers_see_the_damage_marked_this_turn() {
    let (mut b, band) = board();
    let sentry = b.put(P0, &SENTRY, band); // DEF 2
    let attacker = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.combat_damage(
        P1,
        &[Hit {
            attacker,
            defender: sentry,
            amount: 1,
        }],
    )
    .unwrap();
    assert!(on_map(&g, sentry));
    g.end_turn().unwrap();
    // 1 marked + 1 from its own trigger reaches DEF 2 before the marks clear.
    assert!(
        !on_map(&g, sentry),
        "the trigger resolved before damage cleared"
    );
}

#[test]
fn r47_end_of_turn_triggers_resolve_before_until_end_of_turn_changes_end() {
    let (mut b, band) = board();
    let sentry = b.put(P0, &SENTRY, band);
    let attacker = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &BRACE, &[sentry]).unwrap(); // DEF 4 until end of turn
    g.combat_damage(
        P1,
        &[Hit {
            attacker,
            defender: sentry,
            amount: 2,
        }],
    )
    .unwrap();
    g.clear_log();
    g.end_turn().unwrap();
    // 2 marked + 1 is short of DEF 4: the +2 DEF still held when the trigger resolved.
    assert!(on_map(&g, sentry));
    let damage = g
        .log()
        .iter()
        .position(|e| matches!(e, Event::Damaged { permanent, .. } if *permanent == sentry));
    let ended = g.log().iter().position(
        |e| matches!(e, Event::StatChangeEnded { permanent, .. } if *permanent == sentry),
    );
    assert!(damage.is_some() && ended.is_some() && damage < ended);
    assert_eq!(g.effective_def(sentry), Some(2));
}

#[test]
fn r47_only_the_player_whose_turn_ends_triggers() {
    let (mut b, band) = board();
    let mine = b.put(P0, &SENTRY, band);
    let theirs = b.put(P1, &SENTRY, band);
    let mut g = b.build();
    g.clear_log();
    g.end_turn().unwrap(); // P0's turn ends
    let hit = |id: PermanentId, g: &Game| {
        g.log()
            .iter()
            .any(|e| matches!(e, Event::Damaged { permanent, .. } if *permanent == id))
    };
    assert!(hit(mine, &g));
    assert!(!hit(theirs, &g));
    g.clear_log();
    g.end_turn().unwrap(); // P1's turn ends
    assert!(hit(theirs, &g));
    assert!(!hit(mine, &g));
}
