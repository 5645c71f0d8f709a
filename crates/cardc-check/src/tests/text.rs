//! Rules text over IR built in code: Fall, abilities by kind, targets, §12.3,
//! keywords, triggers.

use super::build::*;
use crate::codes::*;
use cardc_ir::*;

fn with(mut card: Card, face: usize, ability: Loc<Ability>) -> Card {
    card.faces[face].abilities.push(ability);
    card
}

#[test]
fn fall_the_bound_only_on_storylines() {
    let mut b = B::default();
    let a = b.effect(Effect::FallTheBound);
    let m = b.maneuver("M");
    assert_eq!(codes(vec![with(m, 0, a.clone())]), vec![FALL_MISPLACED]);
    // On the Reversal, the face whose effects are played (ruling R17).
    let s = b.storyline("S");
    assert_eq!(codes(vec![with(s, 1, a)]), Vec::<&str>::new());
}

#[test]
fn fall_this_card_in_a_prime_twist_or_on_a_permanent_with_a_fallen_face() {
    let mut b = B::default();
    let twist = b.twist(Event::ThisTakesDamage, Effect::FallThisCard);
    let plain = b.whenever(Event::ThisTakesDamage, Effect::FallThisCard);
    let c = b.character("C");
    assert_eq!(
        codes(vec![with(c.clone(), 0, twist.clone())]),
        Vec::<&str>::new()
    );
    assert_eq!(
        codes(vec![with(c.clone(), 0, plain.clone())]),
        vec![FALL_MISPLACED]
    );
    assert_eq!(codes(vec![with(c, 1, twist)]), vec![FALL_MISPLACED]);

    let mut d = b.device("D");
    assert_eq!(
        codes(vec![with(d.clone(), 0, plain.clone())]),
        vec![FALL_MISPLACED]
    );
    let f = b.face(FaceRole::Fallen, Some("Worse"));
    d.faces.push(f);
    assert_eq!(
        codes(vec![with(d.clone(), 0, plain.clone())]),
        Vec::<&str>::new()
    );
    assert_eq!(codes(vec![with(d, 1, plain)]), vec![FALL_MISPLACED]);
}

#[test]
fn character_abilities_only_on_characters() {
    let mut b = B::default();
    let a = b.cp_ability(
        -1,
        Effect::Draw {
            who: cardc_ir::Player::You,
            count: cardc_ir::Quantity::Number(1),
        },
    );
    let span = match &a.value {
        Ability::Activated(c) => c.costs[0].span,
        _ => unreachable!(),
    };
    let l = b.location("L");
    let d = diags(vec![with(l, 0, a.clone())]);
    assert_eq!(
        (d[0].code, d[0].primary.span),
        (CP_ABILITY_NOT_CHARACTER, span)
    );
    let c = b.character("C");
    assert_eq!(codes(vec![with(c, 0, a)]), Vec::<&str>::new());
}

#[test]
fn activated_abilities_only_on_permanents() {
    let mut b = B::default();
    let a = b.activated(Effect::Draw {
        who: cardc_ir::Player::You,
        count: cardc_ir::Quantity::Number(1),
    });
    let m = b.maneuver("M");
    assert_eq!(
        codes(vec![with(m, 0, a.clone())]),
        vec![ACTIVATED_NOT_PERMANENT]
    );
    let d = b.device("D");
    assert_eq!(codes(vec![with(d, 0, a)]), Vec::<&str>::new());
}

#[test]
fn liberation_outward_only() {
    let mut b = B::default();
    let own = target(PermanentKind::SurfaceLocation, Some(Controller::You));
    let theirs = target(PermanentKind::SurfaceLocation, Some(Controller::Opponent));
    let a = b.effect(Effect::PlaceLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: own,
    });
    let ok = b.effect(Effect::PlaceLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: theirs,
    });
    let m = b.maneuver("M");
    assert_eq!(codes(vec![with(m.clone(), 0, a)]), vec![LIBERATION_OWN]);
    assert_eq!(codes(vec![with(m, 0, ok)]), Vec::<&str>::new());
}

#[test]
fn cp_effects_need_characters() {
    let mut b = B::default();
    let gain = b.whenever(
        Event::ThisLiberatesAnotherCard,
        Effect::GainCp(cardc_ir::Quantity::Number(1)),
    );
    let g = b.ground_unit("G");
    assert_eq!(
        codes(vec![with(g, 0, gain.clone())]),
        vec![CP_NOT_CHARACTER]
    );
    let c = b.character("C");
    assert_eq!(codes(vec![with(c, 0, gain)]), Vec::<&str>::new());
    let loses = b.effect(Effect::TargetLosesCp {
        target: target(PermanentKind::GroundUnit, None),
        amount: cardc_ir::Quantity::Number(1),
    });
    let m = b.maneuver("M");
    assert_eq!(
        codes(vec![with(m.clone(), 0, loses)]),
        vec![CP_NOT_CHARACTER]
    );
    let any = b.effect(Effect::TargetLosesCp {
        target: target(PermanentKind::Permanent, None),
        amount: cardc_ir::Quantity::Number(1),
    });
    assert_eq!(codes(vec![with(m, 0, any)]), Vec::<&str>::new());
}

#[test]
fn liberation_counters_need_rank() {
    let mut b = B::default();
    let m = b.maneuver("M");
    let device = b.effect(Effect::PlaceLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: target(PermanentKind::Device, None),
    });
    assert_eq!(
        codes(vec![with(m.clone(), 0, device)]),
        vec![COUNTERS_NO_RANK]
    );
    let from_character = b.effect(Effect::RemoveLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: target(PermanentKind::Character, None),
    });
    assert_eq!(
        codes(vec![with(m.clone(), 0, from_character)]),
        vec![COUNTERS_NO_RANK]
    );
    let on_character = b.effect(Effect::PlaceLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: target(PermanentKind::Character, Some(Controller::Opponent)),
    });
    assert_eq!(codes(vec![with(m, 0, on_character)]), Vec::<&str>::new());
    let this = b.activated(Effect::RemoveLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: Target::ThisCard,
    });
    let d = b.device("D");
    assert_eq!(codes(vec![with(d, 0, this)]), vec![COUNTERS_NO_RANK]);
}

#[test]
fn the_bound_only_on_storylines() {
    let mut b = B::default();
    let ready = b.effect(Effect::Ready(Target::TheBound));
    let m = b.maneuver("M");
    assert_eq!(
        codes(vec![with(m, 0, ready.clone())]),
        vec![BOUND_OUTSIDE_STORYLINE]
    );
    let s = b.storyline("S");
    assert_eq!(codes(vec![with(s, 1, ready)]), Vec::<&str>::new());
    let bonus = b.bonus(Subject::TheBound, 2, BonusStat::Def);
    let d = b.device("D");
    assert_eq!(
        codes(vec![with(d, 0, bonus)]),
        vec![BOUND_OUTSIDE_STORYLINE]
    );
}

#[test]
fn statics_need_a_permanent_with_the_stat() {
    let mut b = B::default();
    let rk = b.bonus(Subject::ThisCard, 1, BonusStat::Rank);
    let def = b.bonus(Subject::ThisCard, 1, BonusStat::Def);
    let all = b.bonus(Subject::CHARACTERS_YOU_CONTROL, 1, BonusStat::Def);
    let d = b.device("D");
    assert_eq!(
        codes(vec![with(d.clone(), 0, rk.clone())]),
        vec![STATIC_NOT_PERMANENT]
    );
    assert_eq!(codes(vec![with(d, 0, all.clone())]), Vec::<&str>::new());
    let s = b.storyline("S");
    assert_eq!(codes(vec![with(s, 0, def)]), vec![STATIC_NOT_PERMANENT]);
    let m = b.maneuver("M");
    assert_eq!(codes(vec![with(m, 0, all)]), vec![STATIC_NOT_PERMANENT]);
    let c = b.character("C");
    assert_eq!(codes(vec![with(c, 1, rk)]), Vec::<&str>::new());
}

#[test]
fn keywords_where_they_mean_something() {
    let mut b = B::default();
    let ind = b.loc(Ability::Keyword(Keyword::Indoctrinated));
    let fort = b.loc(Ability::Keyword(Keyword::Fortified));
    let d = b.device("D");
    assert_eq!(
        codes(vec![with(d.clone(), 0, ind.clone())]),
        vec![KEYWORD_WRONG_KIND]
    );
    assert_eq!(codes(vec![with(d, 0, fort.clone())]), Vec::<&str>::new());
    let l = b.location("L");
    assert_eq!(
        codes(vec![with(l.clone(), 0, fort)]),
        vec![KEYWORD_WRONG_KIND]
    );
    assert_eq!(codes(vec![with(l, 0, ind)]), Vec::<&str>::new());
}

#[test]
fn triggers_that_never_fire() {
    let mut b = B::default();
    let lib = b.whenever(
        Event::ThisLiberatesAnotherCard,
        Effect::Draw {
            who: cardc_ir::Player::You,
            count: cardc_ir::Quantity::Number(1),
        },
    );
    let falls = b.whenever(
        Event::ThisFalls,
        Effect::Draw {
            who: cardc_ir::Player::You,
            count: cardc_ir::Quantity::Number(1),
        },
    );
    let l = b.location("L");
    assert_eq!(
        codes(vec![with(l.clone(), 0, lib.clone())]),
        vec![TRIGGER_NEVER_FIRES]
    );
    assert_eq!(
        codes(vec![with(l, 0, falls.clone())]),
        vec![TRIGGER_NEVER_FIRES]
    );
    let g = b.ground_unit("G");
    assert_eq!(codes(vec![with(g, 0, lib)]), Vec::<&str>::new());
    // a Fallen face may react to its own Fall
    let c = b.character("C");
    assert_eq!(codes(vec![with(c, 1, falls)]), Vec::<&str>::new());
}

#[test]
fn deployed_needs_a_card_deployed_from_hand() {
    // ruling R45 (§7.11): Locations are never deployed; Ground Units and Devices are
    let mut b = B::default();
    let deployed = b.whenever(
        Event::ThisIsDeployed,
        Effect::Draw {
            who: cardc_ir::Player::You,
            count: cardc_ir::Quantity::Number(1),
        },
    );
    let l = b.location("L");
    assert_eq!(
        codes(vec![with(l, 0, deployed.clone())]),
        vec![TRIGGER_NEVER_FIRES]
    );
    let g = b.ground_unit("G");
    assert_eq!(
        codes(vec![with(g, 0, deployed.clone())]),
        Vec::<&str>::new()
    );
    let d = b.device("D");
    assert_eq!(codes(vec![with(d, 0, deployed)]), Vec::<&str>::new());
}

#[test]
fn activated_needs_a_card_that_can_be_activated() {
    // ruling R46 (§7.3, §12.2, §12.4): Characters and Ground Units (liberators and
    // defenders), and any permanent whose face prints an `A` ability
    let mut b = B::default();
    let draw = Effect::Draw {
        who: cardc_ir::Player::You,
        count: cardc_ir::Quantity::Number(1),
    };
    let activated = b.whenever(Event::ThisIsActivated, draw.clone());
    let a = b.activated(draw);
    let d = b.device("D");
    assert_eq!(
        codes(vec![with(d.clone(), 0, activated.clone())]),
        vec![TRIGGER_NEVER_FIRES]
    );
    let d = with(with(d, 0, a.clone()), 0, activated.clone());
    assert_eq!(codes(vec![d]), Vec::<&str>::new());
    let l = b.location("L");
    assert_eq!(
        codes(vec![with(l.clone(), 0, activated.clone())]),
        vec![TRIGGER_NEVER_FIRES]
    );
    assert_eq!(
        codes(vec![with(with(l, 0, a), 0, activated.clone())]),
        Vec::<&str>::new()
    );
    let g = b.ground_unit("G");
    assert_eq!(
        codes(vec![with(g, 0, activated.clone())]),
        Vec::<&str>::new()
    );
    let c = b.character("C");
    assert_eq!(codes(vec![with(c, 0, activated)]), Vec::<&str>::new());
}

#[test]
fn combat_and_liberation_do_not_mix() {
    let mut b = B::default();
    let kill = b.whenever(
        Event::ThisDestroysAPermanentInCombat,
        Effect::Draw {
            who: cardc_ir::Player::You,
            count: cardc_ir::Quantity::Number(1),
        },
    );
    let mut g = b.ground_unit("G");
    assert_eq!(
        codes(vec![with(g.clone(), 0, kill.clone())]),
        Vec::<&str>::new()
    );
    g.faces[0].attack = Some(b.loc(0));
    assert_eq!(
        codes(vec![with(g.clone(), 0, kill.clone())]),
        vec![COMBAT_FROM_LIBERATION]
    );
    g.allows.push(b.loc("combat_from_liberation".to_owned()));
    assert_eq!(codes(vec![with(g, 0, kill)]), Vec::<&str>::new());

    let dies = b.whenever(
        Event::ThisIsDestroyedInCombat,
        Effect::Draw {
            who: cardc_ir::Player::You,
            count: cardc_ir::Quantity::Number(1),
        },
    );
    let l = b.location("L");
    assert_eq!(codes(vec![with(l, 0, dies)]), vec![COMBAT_FROM_LIBERATION]);

    let dmg = b.whenever(
        Event::ThisTakesDamage,
        Effect::RemoveLiberationCounters {
            amount: cardc_ir::Quantity::Number(1),
            target: Target::ThisCard,
        },
    );
    let l = b.location("L");
    assert_eq!(codes(vec![with(l, 0, dmg)]), vec![DAMAGE_FROM_LIBERATION]);
    let plain = b.whenever(
        Event::ThisTakesDamage,
        Effect::Draw {
            who: cardc_ir::Player::You,
            count: cardc_ir::Quantity::Number(1),
        },
    );
    let g = b.ground_unit("G");
    assert_eq!(codes(vec![with(g, 0, plain)]), Vec::<&str>::new());
}
