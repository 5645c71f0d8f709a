//! Named targets (`Destroy "Picket Lantern".`): looked up in the set (`E0171`), only
//! permanents (`E0172`), and checked against the named card's kind with the codes of
//! `target <kind>`.

use super::build::*;
use crate::codes::*;
use cardc_ir::*;

fn with(mut card: Card, ability: Loc<Ability>) -> Card {
    card.faces[0].abilities.push(ability);
    card
}

fn named(b: &mut B, name: &str) -> Target {
    Target::Named(b.loc(name.to_owned()))
}

#[test]
fn a_named_target_must_name_a_card_of_the_set() {
    let mut b = B::default();
    let pier = b.location("Pier Nine");
    let t = named(&mut b, "Pier Nien");
    let span = t.name().map(|n| n.span);
    let a = b.effect(Effect::Destroy(t));
    let m = with(b.maneuver("M"), a);
    let d = diags(vec![m.clone(), pier.clone()]);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].code, UNKNOWN_CARD);
    assert_eq!(Some(d[0].primary.span), span, "points at the name");
    assert_eq!(d[0].help.as_deref(), Some("did you mean \"Pier Nine\"?"));

    let t = named(&mut b, "Pier Nine");
    let ok = b.effect(Effect::Destroy(t));
    let m = with(b.maneuver("M"), ok);
    assert_eq!(codes(vec![m, pier]), Vec::<&str>::new());
}

#[test]
fn a_name_in_another_case_or_a_face_name_gets_the_card_name() {
    let mut b = B::default();
    let pier = b.location("Pier Nine");
    let mut c = b.character("Tamsin Vey");
    c.faces[1].name = Some(b.loc("Tamsin, Mouth of the Chairs".to_owned()));
    let t = named(&mut b, "pier nine");
    let case = b.effect(Effect::Destroy(t));
    let m = with(b.maneuver("M"), case);
    let d = diags(vec![m, pier.clone(), c.clone()]);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].code, UNKNOWN_CARD);
    assert_eq!(d[0].help.as_deref(), Some("did you mean \"Pier Nine\"?"));

    let target = named(&mut b, "Tamsin, Mouth of the Chairs");
    let face = b.effect(Effect::TargetLosesCp {
        target,
        amount: cardc_ir::Quantity::Number(1),
    });
    let m = with(b.maneuver("M"), face);
    let d = diags(vec![m, pier, c]);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].code, UNKNOWN_CARD);
    assert!(
        d[0].help
            .as_deref()
            .is_some_and(|h| h.starts_with("did you mean \"Tamsin Vey\"?")),
        "{:?}",
        d[0].help
    );
}

#[test]
fn a_named_target_must_name_a_permanent() {
    let mut b = B::default();
    let other = b.maneuver("Broadside");
    let story = b.storyline("The Quiet Audit");
    for name in ["Broadside", "The Quiet Audit"] {
        let target = named(&mut b, name);
        let a = b.effect(Effect::DealDamage {
            amount: cardc_ir::Quantity::Number(1),
            target,
        });
        let m = with(b.maneuver("M"), a);
        let d = diags(vec![m, other.clone(), story.clone()]);
        assert_eq!(d.len(), 1, "{name}: {d:#?}");
        assert_eq!(d[0].code, NAMED_NOT_PERMANENT, "{name}");
        assert_eq!(d[0].secondary.len(), 1, "marks the named card");
    }
}

#[test]
fn effects_on_a_named_card_are_checked_against_its_kind() {
    let mut b = B::default();
    let unit = b.ground_unit("Dockside Agitators");
    let tamsin = b.character("Tamsin Vey");
    let beacon = b.device("Gallows Beacon");
    let pier = b.location("Pier Nine");
    let set = vec![unit, tamsin, beacon, pier];
    let run = |b: &mut B, e: Effect| {
        let a = b.effect(e);
        let mut cards = set.clone();
        cards.push(with(b.maneuver("M"), a));
        codes(cards)
    };
    let none = Vec::<&str>::new();
    // CP only on Characters (§7.3).
    let e = Effect::TargetLosesCp {
        target: named(&mut b, "Dockside Agitators"),
        amount: cardc_ir::Quantity::Number(2),
    };
    assert_eq!(run(&mut b, e), vec![CP_NOT_CHARACTER]);
    let e = Effect::TargetLosesCp {
        target: named(&mut b, "Tamsin Vey"),
        amount: cardc_ir::Quantity::Number(2),
    };
    assert_eq!(run(&mut b, e), none);
    // Liberation counters only where there is Rank, never removed from a Character (§7.9).
    let e = Effect::PlaceLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: named(&mut b, "Gallows Beacon"),
    };
    assert_eq!(run(&mut b, e), vec![COUNTERS_NO_RANK]);
    let e = Effect::RemoveLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: named(&mut b, "Tamsin Vey"),
    };
    assert_eq!(run(&mut b, e), vec![COUNTERS_NO_RANK]);
    let e = Effect::PlaceLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: named(&mut b, "Pier Nine"),
    };
    assert_eq!(
        run(&mut b, e),
        none,
        "no controller: §12.3 is not guessed at"
    );
    let e = Effect::PlaceLiberationCounters {
        amount: cardc_ir::Quantity::Number(1),
        target: named(&mut b, "Tamsin Vey"),
    };
    assert_eq!(
        run(&mut b, e),
        none,
        "counters on a Character become CP loss"
    );
    // Damage, destruction and readying: any permanent.
    for name in [
        "Dockside Agitators",
        "Tamsin Vey",
        "Gallows Beacon",
        "Pier Nine",
    ] {
        let e = Effect::DealDamage {
            amount: cardc_ir::Quantity::Number(1),
            target: named(&mut b, name),
        };
        assert_eq!(run(&mut b, e), none, "{name}");
        let e = Effect::Destroy(named(&mut b, name));
        assert_eq!(run(&mut b, e), none, "{name}");
        let e = Effect::Ready(named(&mut b, name));
        assert_eq!(run(&mut b, e), none, "{name}");
    }
}

#[test]
fn a_named_target_in_a_replacement_is_looked_up_too() {
    let mut b = B::default();
    let t = named(&mut b, "Pier Nien");
    let would = b.loc(WouldEvent::Destroyed(t));
    let instead = EffectChain {
        steps: vec![b.loc(Effect::PayCurrency {
            who: cardc_ir::Player::You,
            amount: cardc_ir::Quantity::Number(1),
        })],
        condition: None,
        modes: None,
        joined: Vec::new(),
    };
    let a = b.loc(Ability::Replacement(Replacement { would, instead }));
    let g = with(b.ground_unit("G"), a);
    let pier = b.location("Pier Nine");
    assert_eq!(codes(vec![g, pier]), vec![UNKNOWN_CARD]);
}
