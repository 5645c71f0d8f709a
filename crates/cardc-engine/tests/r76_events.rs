//! Ruling R76 (the events of Liberation's steps and of destruction's causes):
//! `this card is Activated as a liberator` fires in Step 1 only (§12.2), `… as a defender`
//! in Step 3 only (§12.4), `… is declared as a garrison` for each garrison declared in Step 3
//! (§12.4: a garrison is not Activated), and the same about a group; `a <group> is declared
//! as a Liberation target` for each target declared in Step 2 (§12.3); `a <group> is
//! destroyed in combat` for combat damage, never a Liberation kill (§12.8); `a player
//! declares a Liberation` for any player; `a Liberation you declared destroys <group>` for
//! a permanent of the group destroyed by a Liberation its controller declared (§12.8).

mod common;

use cardc_engine::*;
use common::*;

const fn group(kind: PermanentKind, controller: Option<Controller>) -> EventSubject {
    EventSubject::Group(Group {
        selector: Selector::new(kind, controller),
        other: false,
    })
}

fn gain_one(_: Face, _: usize, fx: &mut dyn Effects) {
    fx.gain_currency(Who::You, 1);
}

/// A Ground Unit (Rank 1, Vox 1) printing one trigger, `when`, that gains 1 Currency.
macro_rules! watcher {
    ($card:ident, $data:ident, $name:literal, $when:expr) => {
        static $data: FaceData = FaceData {
            name: $name,
            kind: Kind::GroundUnit,
            cost: 1,
            rank: Some(StatValue::Num(1)),
            vox: 1,
            attack: 1,
            def: Some(StatValue::Num(1)),
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
            trigger: gain_one,
            ..TestCard::new(&$data)
        };
    };
}

watcher!(
    LIBERATOR,
    LIBERATOR_D,
    "Agitators",
    Trigger::ThisIsActivatedAsALiberator
);
watcher!(
    DEFENDER,
    DEFENDER_D,
    "Pickets",
    Trigger::ThisIsActivatedAsADefender
);
watcher!(
    GARRISON,
    GARRISON_D,
    "Wardens",
    Trigger::ThisIsDeclaredAsAGarrison
);
watcher!(
    MAST,
    MAST_D,
    "Signal Mast",
    Trigger::AGroupIsDeclaredAsAGarrison(group(PermanentKind::GroundUnit, Some(Controller::You)))
);
watcher!(
    BELL,
    BELL_D,
    "Alarm Bell",
    Trigger::AGroupIsDeclaredAsALiberationTarget(group(
        PermanentKind::Permanent,
        Some(Controller::You)
    ))
);
watcher!(
    ROLLS,
    ROLLS_D,
    "Casualty Rolls",
    Trigger::AGroupIsDestroyedInCombat(group(PermanentKind::GroundUnit, None))
);
watcher!(
    EXCHANGE,
    EXCHANGE_D,
    "Exchange",
    Trigger::APlayerDeclaresALiberation
);
watcher!(
    LEDGER,
    LEDGER_D,
    "Victors' Ledger",
    Trigger::ALiberationYouDeclaredDestroys(group(PermanentKind::Character, None))
);

#[test]
fn r76_s12_2_activated_as_a_liberator_fires_in_step_1_only() {
    let (mut b, band) = board();
    let l = b.put(P0, &LIBERATOR, band);
    b.put(P0, &LIBERATOR, band);
    let t = b.put(P1, &OUTPOST, band);
    let d = b.put(P1, &LIBERATOR, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    assert_eq!(g.player(P0).treasury, 11, "the liberator, not the idle one");
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[d], &[]).unwrap();
    // §12.4: a defender is Activated, but not as a liberator.
    assert_eq!(g.player(P1).treasury, 10);
}

#[test]
fn r76_s12_4_activated_as_a_defender_fires_in_step_3_only() {
    let (mut b, band) = board();
    let l = b.put(P0, &DEFENDER, band);
    let t = b.put(P1, &OUTPOST, band);
    let d = b.put(P1, &DEFENDER, band);
    b.put(P1, &DEFENDER, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    assert_eq!(g.player(P0).treasury, 10, "a liberator is not a defender");
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[d], &[]).unwrap();
    assert_eq!(
        g.player(P1).treasury,
        11,
        "the one defender, not the idle one"
    );
}

#[test]
fn r76_s12_4_a_garrison_is_declared_not_activated() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    let gar = b.put_on(P1, &GARRISON, t);
    let def = b.put_on(P1, &GARRISON, t);
    b.put(P1, &MAST, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[def], &[(gar, t)]).unwrap();
    // The garrison's own trigger and the Mast's (a Ground Unit you control), once each; the
    // defender is Activated, not declared as a garrison.
    assert_eq!(g.player(P1).treasury, 12);
    assert!(
        g.on_map(gar).unwrap().readied,
        "§12.4: garrisoning does not activate"
    );
}

#[test]
fn r76_s12_3_a_group_is_declared_as_a_liberation_target() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let l2 = b.put(P0, &ORATOR, band);
    let t1 = b.put(P1, &FORUM, band);
    let t2 = b.put(P1, &OUTPOST, band);
    b.put(P1, &FORUM, band);
    b.put(P1, &BELL, band);
    b.put(P0, &BELL, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l, l2]).unwrap();
    g.declare_targets(&[t1, t2], false).unwrap();
    // P1's Bell sees each of its controller's two declared permanents; P0's sees none of its own.
    assert_eq!(g.player(P1).treasury, 12);
    assert_eq!(g.player(P0).treasury, 10);
}

#[test]
fn r76_s12_8_destroyed_in_combat_is_combat_damage_only() {
    let (mut b, band) = board();
    let attacker = b.put(P1, &VETERAN, band);
    let victim = b.put(P0, &AGITATORS, band);
    b.put(P0, &ROLLS, band);
    let mut g = b.build();
    g.combat_damage(
        P1,
        &[Hit {
            attacker,
            defender: victim,
            amount: 3,
        }],
    )
    .unwrap();
    assert!(g.on_map(victim).is_none());
    assert_eq!(g.player(P0).treasury, 11);

    // §12.8: a Liberation kill is not combat.
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &AGITATORS, band);
    b.put(P1, &ROLLS, band);
    let mut g = b.build();
    liberate(&mut g, &[l], &[(t, 2)]);
    assert!(g.on_map(t).is_none());
    assert_eq!(g.player(P1).treasury, 10);
}

#[test]
fn r76_s12_3_a_player_declares_a_liberation_any_player() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &FORUM, band);
    b.put(P0, &EXCHANGE, band);
    b.put(P1, &EXCHANGE, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    assert_eq!(g.player(P0).treasury, 10, "Step 1 declares nothing");
    g.declare_targets(&[t], false).unwrap();
    assert_eq!(g.player(P0).treasury, 11);
    assert_eq!(g.player(P1).treasury, 11);
}

#[test]
fn r76_s12_8_a_liberation_you_declared_destroys_a_character() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &ENVOY, band);
    let u = b.put(P1, &AGITATORS, band);
    b.with(c, |p| p.cp = 1);
    b.put(P0, &LEDGER, band);
    b.put(P1, &LEDGER, band);
    let l2 = b.put(P0, &ORATOR, band);
    let mut g = b.build();
    liberate(&mut g, &[l, l2], &[(c, 1), (u, 2)]);
    assert!(g.on_map(c).is_none() && g.on_map(u).is_none());
    // P0's Ledger: the Character only, not the Ground Unit; P1's: not its Liberation.
    assert_eq!(g.player(P0).treasury, 11);
    assert_eq!(g.player(P1).treasury, 10);
}

/// Runs a whole Liberation by P0 with no defence, assigning `pairs`.
fn liberate(g: &mut Game, liberators: &[PermanentId], pairs: &[(PermanentId, u32)]) {
    let targets: Vec<PermanentId> = pairs.iter().map(|&(t, _)| t).collect();
    to_commit(g, liberators, &targets, &[], &[]);
    let s = seal(g, pairs);
    g.commit_sealed(s.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&s.opening())).unwrap();
    g.pay().unwrap();
    g.resolve().unwrap();
}

static OUTPOST_P: FaceData = FaceData {
    name: "Outpost",
    kind: Kind::SurfaceLocation,
    rank: Some(StatValue::Num(2)),
    ..FaceData::BLANK
};
static OUTPOST: TestCard = TestCard::new(&OUTPOST_P);
