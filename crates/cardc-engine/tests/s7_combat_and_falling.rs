//! §7.5–§7.11 Characters (DEF/RK, Falling, Rank, Vox, deployment): one test per rules statement, named after its section.

mod common;

use cardc_engine::harness::{Board, LiberationPlan};
use cardc_engine::*;
use common::*;

fn liberate(game: &mut Game, liberators: &[PermanentId], target: PermanentId, vox: u32) {
    let plan = LiberationPlan {
        player: P0,
        liberators,
        targets: &[target],
        assign: &[(target, vox)],
        ..LiberationPlan::default()
    };
    plan.run(game, &mut rng()).unwrap();
}

// ---- §7.5 ----

#[test]
fn s7_5_cp_6_takes_5_damage_removes_5_cp() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 5,
        }],
    )
    .unwrap();
    assert_eq!(cp(&g, c), 1);
}

#[test]
fn s7_5_damage_to_zero_destroys_either_face() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &ENVOY, band);
    b.with(c, |p| {
        p.face = Face::Fallen;
        p.cp = 2;
    });
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 2,
        }],
    )
    .unwrap();
    assert!(matches!(destroyed(&g, c), Some(DestroyedBy::Combat { .. })));
}

#[test]
fn s7_5_def_bonus_prevents_combat_damage() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &GUARDED, band);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 3,
        }],
    )
    .unwrap();
    assert_eq!(cp(&g, c), 4);
}

#[test]
fn s7_5_group_static_other_ground_units_you_control() {
    // `Other Ground Units you control get +1 DEF.`: the other unit, not the source (ruling
    // R35), and not an opponent's unit.
    let (mut b, band) = board();
    let stewards = b.put(P0, &STEWARDS, band);
    let mine = b.put(P0, &AGITATORS, band);
    let theirs = b.put(P1, &AGITATORS, band);
    let g = b.build();
    assert_eq!(g.effective_def(mine), Some(2));
    assert_eq!(
        g.effective_def(stewards),
        Some(1),
        "`other` leaves out the source"
    );
    assert_eq!(
        g.effective_def(theirs),
        Some(1),
        "`you control` is the source's controller"
    );
}

#[test]
fn s7_5_group_static_opponents_units_net_with_other_statics() {
    // `Ground Units an opponent controls get -1 DEF.` nets with the opposing Stewards' +1.
    let (mut b, band) = board();
    b.put(P0, &CURFEW, band);
    let stewards = b.put(P1, &STEWARDS, band);
    let theirs = b.put(P1, &AGITATORS, band);
    let mine = b.put(P0, &AGITATORS, band);
    let g = b.build();
    assert_eq!(
        g.effective_def(theirs),
        Some(1),
        "+1 and -1 net to 0 (§7.5)"
    );
    assert_eq!(g.effective_def(stewards), Some(0));
    assert_eq!(
        g.effective_def(mine),
        Some(1),
        "the Curfew's own side is not an opponent"
    );
}

#[test]
fn s7_5_plus_1_def_and_plus_2_def_prevent_3() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &GUARDED, band); // +1 DEF
    let s = b.put(P1, &SHOW_TRIAL, band); // The Bound gets +2 DEF
    b.bind(s, c);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 4,
        }],
    )
    .unwrap();
    assert_eq!(cp(&g, c), 5, "4 damage, 3 prevented");
}

#[test]
fn s7_5_plus_2_def_and_minus_3_def_add_1() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &EXPOSED, band); // -3 DEF
    let s = b.put(P1, &SHOW_TRIAL, band); // +2 DEF
    b.bind(s, c);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 2,
        }],
    )
    .unwrap();
    assert_eq!(cp(&g, c), 3, "2 damage + 1 net penalty");
}

#[test]
fn s7_5_def_counted_once_per_combat_across_all_attacks() {
    let (mut b, band) = board();
    let a1 = b.put(P0, &VETERAN, band);
    let a2 = b.put(P0, &AGITATORS, band);
    let c = b.put(P1, &GUARDED, band); // +1 DEF
    let s = b.put(P1, &SHOW_TRIAL, band); // +2 DEF
    b.bind(s, c);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[
            Hit {
                attacker: a1,
                defender: c,
                amount: 2,
            },
            Hit {
                attacker: a2,
                defender: c,
                amount: 2,
            },
        ],
    )
    .unwrap();
    assert_eq!(
        cp(&g, c),
        5,
        "4 taken in the combat, 3 prevented once, not 3 per attack"
    );
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a1,
            defender: c,
            amount: 3,
        }],
    )
    .unwrap();
    assert_eq!(cp(&g, c), 5, "a new combat prevents again");
}

#[test]
fn s7_5_def_penalty_adds_in_a_combat_with_any_damage() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &EXPOSED, band); // -3 DEF
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[
            Hit {
                attacker: a,
                defender: c,
                amount: 1,
            },
            Hit {
                attacker: a,
                defender: c,
                amount: 1,
            },
        ],
    )
    .unwrap();
    assert_eq!(cp(&g, c), 1, "2 + 3, once per combat");
}

#[test]
fn s7_5_def_penalty_adds_nothing_without_damage() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &EXPOSED, band);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 0,
        }],
    )
    .unwrap();
    assert_eq!(cp(&g, c), 6);
}

#[test]
fn s7_5_rk_bonus_cancels_counters_after_defending_vox() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band); // Vox 4
    let c = b.put(P1, &STALWART, band); // +2 RK, Vox 1
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[c],
        defenders: &[c],
        assign: &[(c, 4)],
        defence: &[(c, 1)],
        ..LiberationPlan::default()
    };
    let pay = plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(cp(&g, c), 5, "4 - 1 defending - 2 RK = 1 counter");
    assert_eq!(pay.owed, 3);
}

#[test]
fn s7_5_rk_bonus_reduces_counters_before_a_replacement_takes_them() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &STALWART, band); // +2 RK
    let s = b.put(P1, &SHOW_TRIAL, band);
    b.bind(s, c);
    let mut g = b.build();
    liberate(&mut g, &[l], c, 4);
    assert_eq!(
        g.permanent(s).unwrap().story_counters,
        2,
        "4 - 2 RK become Story counters"
    );
    assert_eq!(cp(&g, c), 6, "no CP lost: the counters were replaced");
}

#[test]
fn s7_5_rk_applies_once_per_liberation() {
    let (mut b, band) = board();
    let l1 = b.put(P0, &ORATOR, band);
    let l2 = b.put(P0, &SPEAKER, band);
    let c = b.put(P1, &STALWART, band);
    let mut g = b.build();
    liberate(&mut g, &[l1, l2], c, 6);
    assert_eq!(cp(&g, c), 2, "6 - 2 RK once = 4 CP lost");
}

#[test]
fn s7_5_def_never_reduces_liberation() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &GUARDED, band); // +1 DEF
    let mut g = b.build();
    liberate(&mut g, &[l], c, 3);
    assert_eq!(cp(&g, c), 3);
}

#[test]
fn s7_5_rk_never_reduces_combat_damage() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &STALWART, band); // +2 RK
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 3,
        }],
    )
    .unwrap();
    assert_eq!(cp(&g, c), 3);
}

#[test]
fn s7_5_rk_penalty_adds_when_a_counter_survives() {
    let (mut b, band) = board();
    let l = b.put(P0, &SPEAKER, band); // Vox 2
    let c = b.put(P1, &WAVERER, band); // -2 RK, Vox 1
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[c],
        defenders: &[c],
        assign: &[(c, 2)],
        defence: &[(c, 1)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(cp(&g, c), 3, "1 surviving + 2 penalty");
}

#[test]
fn s7_5_rk_penalty_adds_nothing_when_all_are_cancelled() {
    let (mut b, band) = board();
    let l = b.put(P0, &ENVOY, band); // Vox 1
    let c = b.put(P1, &WAVERER, band); // -2 RK, Vox 1
    let mut g = b.build();
    let plan = LiberationPlan {
        player: P0,
        liberators: &[l],
        targets: &[c],
        defenders: &[c],
        assign: &[(c, 1)],
        defence: &[(c, 1)],
        ..LiberationPlan::default()
    };
    plan.run(&mut g, &mut rng()).unwrap();
    assert_eq!(cp(&g, c), 6);
}

#[test]
fn s7_5_character_never_destroyed_for_stats_reaching_zero() {
    let (mut b, band) = board();
    let c = b.put(P1, &EXPOSED, band); // -3 DEF
    let w = b.put(P1, &WAVERER, band); // -2 RK
    let mut g = b.build();
    g.end_turn().unwrap();
    assert!(on_map(&g, c) && on_map(&g, w));
}

#[test]
fn s7_5_non_character_rk_bonus_raises_threshold_only() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &CITADEL, band); // Rank 3, +2 RK -> 5
    let mut g = b.build();
    liberate(&mut g, &[l], t, 4);
    assert_eq!(counters(&g, t), 4, "all 4 land: the bonus cancels nothing");
    assert!(on_map(&g, t), "4 < 5");
    g.play_maneuver(P0, &WHISPER, &[t]).unwrap();
    assert!(!on_map(&g, t), "5 >= 3 + 2");
}

// ---- §7.7 ----

/// `"Mara Voss" loses 2 CP.`
static NAME_MARA_D: FaceData = FaceData {
    name: "Name Mara",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
static NAME_MARA: TestCard = TestCard {
    play: |_, fx| fx.lose_cp(Target::Named("Mara Voss"), 2),
    ..TestCard::new(&NAME_MARA_D)
};
/// `"Mara, the Hollow Voice" loses 2 CP.` (a face's name, which the checker rejects).
static NAME_HOLLOW_D: FaceData = FaceData {
    name: "Name Hollow",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
static NAME_HOLLOW: TestCard = TestCard {
    play: |_, fx| fx.lose_cp(Target::Named("Mara, the Hollow Voice"), 2),
    ..TestCard::new(&NAME_HOLLOW_D)
};

#[test]
fn s7_7_a_named_target_finds_the_card_by_its_name_whichever_face_shows() {
    // Ruling R25: a named target acts on every permanent on the Map whose card has the
    // name (any controller); the name is the card's, so a Fallen Mara is still "Mara Voss".
    let (mut b, band) = board();
    let mine = b.put(P0, &MARA, band);
    let theirs = b.put(P1, &MARA, band);
    let other = b.put(P1, &ENVOY, band);
    b.with(theirs, |p| {
        p.face = Face::Fallen;
        p.cp = 4;
    });
    let mut g = b.build();
    let before = cp(&g, other);
    g.play_maneuver(P0, &NAME_MARA, &[]).unwrap();
    assert_eq!(cp(&g, mine), 4, "the caster's own Mara");
    assert_eq!(cp(&g, theirs), 2, "the opponent's Mara, Fallen");
    assert_eq!(cp(&g, other), before, "another card is untouched");
    g.play_maneuver(P0, &NAME_HOLLOW, &[]).unwrap();
    assert_eq!(
        (cp(&g, mine), cp(&g, theirs)),
        (4, 2),
        "a face's own name names no card"
    );
}

#[test]
fn s7_7_route1_storyline_text_falls_the_bound() {
    let (mut b, band) = board();
    let c = b.put(P0, &ENVOY, band);
    let s = b.put(P0, &REQUIEM, band);
    b.bind(s, c);
    let mut g = b.build();
    g.use_ability(P0, s, 0, &[]).unwrap();
    assert_eq!(face(&g, c), Face::Fallen);
    assert_eq!(cp(&g, c), 2);
    assert!(g.log().contains(&Event::Fell {
        permanent: c,
        route: FallRoute::StorylineText
    }));
}

#[test]
fn s7_7_route1_reversal_text_falls_the_bound() {
    let (mut b, band) = board();
    let c = b.put(P0, &ENVOY, band);
    let s = b.put(P0, &SHOW_TRIAL, band);
    b.bind(s, c);
    let mut g = b.build();
    g.reverse_storyline(s).unwrap();
    assert_eq!(face(&g, c), Face::Fallen, "The Verdict: Fall the Bound");
}

#[test]
fn s7_7_route3_storyline_leaving_play_falls_the_bound() {
    let (mut b, band) = board();
    let c = b.put(P1, &ENVOY, band);
    let s = b.put(P1, &SHOW_TRIAL, band);
    b.bind(s, c);
    let mut g = b.build();
    g.play_maneuver(P0, &PURGE, &[s]).unwrap();
    assert!(!on_map(&g, s));
    assert_eq!(face(&g, c), Face::Fallen);
    assert_eq!(cp(&g, c), 2);
    assert!(g.log().contains(&Event::Fell {
        permanent: c,
        route: FallRoute::StorylineLeftPlay
    }));
    assert_eq!(g.player(P0).story_points + g.player(P1).story_points, 0);
}

#[test]
fn s7_7_route4_own_twist_falls_the_character() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let c = b.put(P1, &TWISTED, band);
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 1,
        }],
    )
    .unwrap();
    assert_eq!(face(&g, c), Face::Fallen);
    assert_eq!(cp(&g, c), 5);
    assert!(g.log().contains(&Event::Fell {
        permanent: c,
        route: FallRoute::Twist
    }));
}

#[test]
fn s7_7_no_other_source_falls_a_character() {
    let (mut b, band) = board();
    let c = b.put(P0, &ENVOY, band);
    let mut g = b.build();
    g.play_maneuver(P0, &SLANDER, &[]).unwrap();
    assert_eq!(face(&g, c), Face::Prime, "a Maneuver's Fall does nothing");
    let before = g.clone();
    assert_eq!(g.flip(c), Err(ActionError::CannotFlip(c)));
    assert_eq!(g, before, "no flip of a Character outside the four routes");
}

#[test]
fn s7_7_non_character_flips_by_card_text() {
    let (mut b, band) = board();
    let d = b.put(P0, &LATTICE, band);
    let mut g = b.build();
    g.flip(d).unwrap();
    assert_eq!(face(&g, d), Face::Fallen);
    assert_eq!(g.permanent(d).unwrap().data().name, "Fallen Weapon Tech");
}

#[test]
fn s7_7_fallen_face_has_its_own_penalties_and_cp() {
    let (mut b, band) = board();
    let r = b.put(P0, &RUTHLESS, band);
    b.with(r, |p| p.face = Face::Fallen);
    let mut g = b.build();
    g.character_action(P0, &BARGAIN, r, &[]).unwrap();
    assert_eq!(cp(&g, r), 10, "the Fallen face lists no Expedient penalty");
    g.end_turn().unwrap();
    g.end_turn().unwrap();
    g.character_action(P0, &CHARITY, r, &[]).unwrap();
    assert_eq!(cp(&g, r), 8, "the Fallen face's -2 CP Virtuous");
}

#[test]
fn s7_7_non_character_falls_by_its_own_text() {
    let (mut b, band) = board();
    let r = b.put(P0, &RELIC, band);
    let mut g = b.build();
    g.use_ability(P0, r, 0, &[]).unwrap();
    assert_eq!(face(&g, r), Face::Fallen);
    assert_eq!(g.permanent(r).unwrap().data().redeem_currency, Some(2));
}

// ---- §7.8 ----

#[test]
fn s7_8_combat_and_liberation_never_flip_back() {
    let (mut b, band) = board();
    let a = b.put(P0, &VETERAN, band);
    let l = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &MARA, band);
    b.with(c, |p| {
        p.face = Face::Fallen;
        p.cp = 10;
    });
    let mut g = b.build();
    g.combat_damage(
        P0,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 2,
        }],
    )
    .unwrap();
    liberate(&mut g, &[l], c, 3);
    assert_eq!(face(&g, c), Face::Fallen);
    assert_eq!(
        MARA.face(Face::Fallen).unwrap().exit,
        Some(ExitClause::Redeem)
    );
}

// ---- §7.9 ----

#[test]
fn s7_9_counters_on_a_character_become_cp_loss_and_never_remain() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let c = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    liberate(&mut g, &[l], c, 4);
    assert_eq!(cp(&g, c), 2);
    assert_eq!(counters(&g, c), 0);
    assert!(g.log().iter().any(|e| matches!(
        e,
        Event::CpLost {
            cause: CpLoss::LiberationCounters,
            amount: 4,
            ..
        }
    )));
}

#[test]
fn s7_9_effect_counters_on_a_character_convert_at_once() {
    let (mut b, band) = board();
    let c = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.play_maneuver(P0, &AGITPROP, &[c]).unwrap();
    assert_eq!((cp(&g, c), counters(&g, c)), (3, 0));
}

#[test]
fn s7_9_only_permanents_with_printed_rank_are_targets() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let d = b.put(P1, &PATRON, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    let err = g.declare_targets(&[d], false).unwrap_err();
    assert_eq!(err, LiberationError::NoRank(d));
    assert!(err.to_string().starts_with("§7.9"));
}

// ---- §7.9a ----

#[test]
fn s7_9a_vox_enters_the_pool_only_when_activated_and_is_lost_after() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    assert_eq!(g.player(P0).vox_pool, 0);
    g.activate_liberators(P0, &[l]).unwrap();
    assert_eq!(g.player(P0).vox_pool, 4);
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[], &[]).unwrap();
    let sealed =
        SealedAssignment::seal(&g, Assignment::new(&[(t, 1)]).unwrap(), &mut rng()).unwrap();
    g.commit_sealed(sealed.commitment()).unwrap();
    g.allocate_defence(Assignment::empty()).unwrap();
    g.reveal(Some(&sealed.opening())).unwrap();
    g.pay().unwrap();
    g.resolve().unwrap();
    assert_eq!(g.player(P0).vox_pool, 0, "unspent Vox is lost");
}

#[test]
fn s7_9a_only_characters_and_ground_units_activate_for_vox() {
    let (mut b, band) = board();
    let ship = b.put(P0, &FRIGATE, band);
    let mut g = b.build();
    assert_eq!(
        g.activate_liberators(P0, &[ship]),
        Err(LiberationError::NotAUnit(ship))
    );
}

#[test]
fn s7_9a_vox_is_the_same_in_defence() {
    let (mut b, band) = board();
    let l = b.put(P0, &ORATOR, band);
    let d = b.put(P1, &ORATOR, band);
    let t = b.put(P1, &TERAL, band);
    let mut g = b.build();
    g.activate_liberators(P0, &[l]).unwrap();
    g.declare_targets(&[t], false).unwrap();
    g.activate_defenders(&[d], &[]).unwrap();
    assert_eq!(g.player(P1).vox_pool, 4);
    assert_eq!(g.liberation().unwrap().defending_vox(), 4);
}

// ---- §7.11 ----

#[test]
fn s7_11_character_deploys_to_planetary_location_or_capital_ship() {
    let mut b = Board::new(2);
    let space = b.space();
    let band = b.ground();
    let veyra = b.put(P0, &VEYRA, band);
    let forum = b.put(P0, &FORUM, band);
    let ship = b.put(P0, &RESOLUTE, space);
    b.treasury(P0, 20);
    let mut g = b.build();
    assert_eq!(
        g.deploy(P0, &ENVOY, band, Some(forum)),
        Err(ActionError::IllegalDeploy)
    );
    assert_eq!(
        g.deploy(P0, &ENVOY, band, None),
        Err(ActionError::IllegalDeploy)
    );
    let at_loc = g.deploy(P0, &ENVOY, band, Some(veyra)).unwrap();
    assert!(g.permanent(at_loc).unwrap().readied);
    assert!(g.permanent(at_loc).unwrap().deployed_this_turn);
    let on_ship = g.deploy(P0, &SPEAKER, band, Some(ship)).unwrap();
    let p = g.permanent(on_ship).unwrap();
    assert!(
        p.activated(),
        "a Character deployed to a Capital Ship enters activated"
    );
    assert_eq!(p.band, space);
}

#[test]
fn s7_7_fall_this_card_from_anything_but_the_own_twist_does_nothing() {
    // A Card implemented by hand, with text the checker rejects (E0140): the engine does not
    // rely on the checker. "An effect from any other source … does nothing."
    let (mut b, band) = board();
    let c = b.put(P0, &SELF_FALLER, band);
    let a = b.put(P1, &VETERAN, band);
    let mut g = b.build();
    g.use_ability(P0, c, 0, &[]).unwrap(); // A: Fall this card.
    g.use_ability(P0, c, 1, &[]).unwrap(); // -1 CP: Fall this card.
    g.set_active(P1);
    g.combat_damage(
        P1,
        &[Hit {
            attacker: a,
            defender: c,
            amount: 1,
        }],
    )
    .unwrap(); // Whenever this card takes damage, Fall this card. (not a Twist)
    assert_eq!(face(&g, c), Face::Prime);
    assert_eq!(
        cp(&g, c),
        4,
        "CP paid and damage taken, never reset by a Fall"
    );
    assert!(!g.log().iter().any(|e| matches!(e, Event::Fell { .. })));
    let ignored = g
        .log()
        .iter()
        .filter(|e| **e == Event::FallIgnored { permanent: c })
        .count();
    assert_eq!(ignored, 3, "each attempt logged as ignored");
    // The same text as the Character's own Twist does Fall it (route 4, logged so).
    assert!(TWISTED_P.triggers[0].twist);
}
