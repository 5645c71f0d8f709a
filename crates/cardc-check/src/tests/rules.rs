//! §7.1–§7.10 over IR built in code: one broken rule per test, asserting the code and
//! the span it lands on.

use super::build::*;
use crate::codes::*;
use cardc_ir::*;

fn one(cards: Vec<Card>) -> cardc_diagnostics::Diagnostic {
    let d = diags(cards);
    assert_eq!(d.len(), 1, "{d:#?}");
    d.into_iter().next().unwrap()
}

#[test]
fn vox_on_a_spacecraft() {
    let mut b = B::default();
    let mut c = b.permanent(CardKind::Spacecraft, "Resolute", Some(7));
    let vox = b.loc(1);
    let span = vox.span;
    c.faces[0].vox = Some(vox);
    let d = one(vec![c]);
    assert_eq!((d.code, d.primary.span), (VOX_NOT_PRINTED, span));
    assert!(d.notes[0].starts_with("§7.9a"));
}

#[test]
fn rank_forms_and_presence() {
    let mut b = B::default();
    let mut c = b.character("Mara Voss");
    c.faces[0].rank = Some(b.loc(StatValue::Num(3)));
    assert_eq!(codes(vec![c]), vec![RANK_FORM]);

    let mut c = b.ground_unit("G");
    c.faces[0].rank = Some(b.loc(StatValue::X));
    assert_eq!(codes(vec![c]), vec![RANK_FORM]);

    let mut c = b.ground_unit("G");
    c.faces[0].rank = None;
    assert_eq!(codes(vec![c]), vec![RANK_MISSING]);

    let mut c = b.character("Mara Voss");
    c.faces[1].rank = None;
    let d = one(vec![c.clone()]);
    assert_eq!(d.code, RANK_MISSING);
    // the anchor is the `fallen` keyword: five... six bytes from the face start
    assert_eq!(d.primary.span.start, c.faces[1].span.start);
    assert_eq!(d.primary.span.end, c.faces[1].span.start + 6);

    let mut c = b.device("D");
    c.faces[0].rank = Some(b.loc(StatValue::Num(2)));
    assert_eq!(codes(vec![c]), vec![STAT_NOT_PRINTED]);

    let mut c = b.maneuver("M");
    c.faces[0].attack = Some(b.loc(2));
    assert_eq!(codes(vec![c]), vec![STAT_NOT_PRINTED]);
}

#[test]
fn def_forms() {
    let mut b = B::default();
    let mut c = b.character("Mara Voss");
    c.faces[1].def = Some(b.loc(StatValue::Num(2)));
    assert_eq!(codes(vec![c]), vec![DEF_FORM]);
    let mut c = b.ground_unit("G");
    c.faces[0].def = Some(b.loc(StatValue::X));
    assert_eq!(codes(vec![c]), vec![DEF_FORM]);
}

#[test]
fn character_stats_and_cost() {
    let mut b = B::default();
    let mut c = b.character("Mara Voss");
    c.faces[0].attack = None;
    c.faces[1].def = None;
    assert_eq!(codes(vec![c]), vec![CHARACTER_STAT_MISSING; 2]);
}

#[test]
fn drives() {
    let mut b = B::default();
    let mut c = b.character("Mara Voss");
    let third = b.loc(Drive::Knowledge);
    let span = third.span;
    if let Some(d) = c.faces[0].drives.as_mut() {
        d.value.push(third);
    }
    let d = one(vec![c]);
    assert_eq!((d.code, d.primary.span), (DRIVE_COUNT, span));

    let mut c = b.character("Mara Voss");
    if let Some(d) = c.faces[0].drives.as_mut() {
        d.value[1].value = d.value[0].value;
    }
    let first = c.faces[0].drives.as_ref().map(|d| d.value[0].span);
    let d = one(vec![c]);
    assert_eq!(d.code, DUPLICATE_DRIVE);
    assert_eq!(Some(d.secondary[0].span), first);

    let mut c = b.character("Mara Voss");
    if let Some(d) = c.faces[1].drives.as_mut() {
        d.value.pop();
    }
    assert_eq!(codes(vec![c]), vec![DRIVE_COUNT]);

    let mut c = b.character("Mara Voss");
    c.faces[1].drives = None;
    assert_eq!(codes(vec![c]), vec![DRIVE_COUNT]);
}

#[test]
fn morality_and_cp() {
    let mut b = B::default();
    let mut c = b.character("Mara Voss");
    c.faces[0].morality = None;
    assert_eq!(codes(vec![c]), vec![MORALITY_MISSING]);
    let mut c = b.character("Mara Voss");
    c.faces[1].cp = Some(b.loc(0));
    assert_eq!(codes(vec![c]), vec![STARTING_CP]);
    let mut c = b.character("Mara Voss");
    c.faces[1].cp = None;
    assert_eq!(codes(vec![c]), vec![STARTING_CP]);
}

#[test]
fn faces_of_a_character() {
    let mut b = B::default();
    let mut c = b.character("Mara Voss");
    c.faces.pop();
    let d = one(vec![c.clone()]);
    assert_eq!((d.code, d.primary.span), (CHARACTER_FACES, c.name.span));

    let mut c = b.character("Mara Voss");
    let again = c.faces[0].clone();
    c.faces.push(again);
    assert_eq!(codes(vec![c]), vec![CHARACTER_FACES]);

    let mut c = b.character("Mara Voss");
    let rev = b.face(FaceRole::Reversal, Some("Twist"));
    c.faces.push(rev);
    assert_eq!(codes(vec![c]), vec![CHARACTER_FACES]);
}

#[test]
fn character_lines_on_other_cards() {
    let mut b = B::default();
    let mut g = b.ground_unit("G");
    g.faces[0].morality = Some(b.loc(Morality::Ruthless));
    g.faces[0].cp = Some(b.loc(3));
    assert_eq!(codes(vec![g]), vec![CHARACTER_LINE, CHARACTER_LINE]);
}

#[test]
fn penalties() {
    let mut b = B::default();
    // the face's own Morality, with a secondary span on the `morality` line
    let mut c = b.character("Mara Voss");
    let own = Penalty {
        amount: b.loc(1),
        morality: b.loc(Morality::Virtuous),
    };
    let own_span = own.morality.span;
    let entry = b.loc(own);
    if let Some(p) = c.faces[0].penalties.as_mut() {
        p.value.push(entry);
    }
    let morality_line = c.faces[0].morality.as_ref().map(|m| m.span);
    let d = one(vec![c]);
    assert_eq!((d.code, d.primary.span), (PENALTY_OWN_MORALITY, own_span));
    assert_eq!(Some(d.secondary[0].span), morality_line);
    assert_eq!(
        d.notes[0],
        "§7.4: Penalties apply to actions of a Morality other than the Character's own"
    );

    let mut c = b.character("Mara Voss");
    let dup = Penalty {
        amount: b.loc(1),
        morality: b.loc(Morality::Ruthless),
    };
    let entry = b.loc(dup);
    if let Some(p) = c.faces[0].penalties.as_mut() {
        p.value.push(entry);
    }
    assert_eq!(codes(vec![c]), vec![PENALTY_DUPLICATE]);

    let mut c = b.character("Mara Voss");
    let zero = Penalty {
        amount: b.loc(0),
        morality: b.loc(Morality::Expedient),
    };
    let entry = b.loc(zero);
    if let Some(p) = c.faces[1].penalties.as_mut() {
        p.value.push(entry);
    }
    assert_eq!(codes(vec![c]), vec![PENALTY_ZERO]);

    let mut c = b.character("Mara Voss");
    c.faces[1].penalties = None;
    assert_eq!(codes(vec![c]), vec![PENALTIES_MISSING]);
}

#[test]
fn exit_clauses_and_redeem() {
    let mut b = B::default();
    let mut c = b.character("Mara Voss");
    c.faces[1].exit = None;
    assert_eq!(codes(vec![c]), vec![EXIT_CLAUSE]);
    let mut c = b.character("Mara Voss");
    c.faces[0].exit = Some(b.loc(ExitClause::Conviction));
    assert_eq!(codes(vec![c]), vec![EXIT_CLAUSE]);
    let mut c = b.character("Mara Voss");
    c.faces[1].redeem = Some(b.loc(RedeemCost::PayCurrency(2)));
    assert_eq!(codes(vec![c]), vec![REDEEM_MISPLACED]);
    let mut d = b.device("D");
    d.faces[0].redeem = Some(b.loc(RedeemCost::PayCurrency(2)));
    assert_eq!(codes(vec![d]), vec![REDEEM_MISPLACED]);
    let mut d = b.device("D");
    let mut f = b.face(FaceRole::Fallen, Some("Worse"));
    f.redeem = Some(b.loc(RedeemCost::PayCurrency(2)));
    d.faces.push(f);
    assert_eq!(codes(vec![d]), Vec::<&str>::new());
    let mut g = b.ground_unit("G");
    g.faces[0].exit = Some(b.loc(ExitClause::Redeem));
    assert_eq!(codes(vec![g]), vec![CHARACTER_LINE]);
}
