//! Clean cards stay clean; whole-set checks; `allow`; the summary.

use super::build::*;
use crate::codes::*;
use cardc_diagnostics::Severity;
use cardc_ir::*;

#[test]
fn clean_cards_of_every_kind_raise_nothing() {
    let mut b = B::default();
    let cards = vec![
        b.character("Mara Voss"),
        b.ground_unit("Dockside Agitators"),
        b.permanent(CardKind::Spacecraft, "Resolute", Some(7)),
        b.location("Karsk Shipyards"),
        b.permanent(CardKind::PlanetaryLocation, "Veyra Basin", Some(5)),
        b.permanent(CardKind::Homeworld, "Teral Prime", Some(6)),
        b.device("Lattice Engine"),
        b.maneuver("Public Denunciation"),
        b.storyline("The Show Trial"),
    ];
    assert_eq!(diags(cards), vec![]);
}

#[test]
fn duplicate_names_across_cards_and_faces() {
    let mut b = B::default();
    let a = b.ground_unit("Pier Nine");
    let first = a.name.span;
    let c = b.location("pier nine");
    let second = c.name.span;
    let d = diags(vec![a, c]);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, DUPLICATE_NAME);
    assert_eq!(d[0].primary.span, second);
    assert_eq!(d[0].secondary[0].span, first);
    assert!(
        d[0].message.starts_with("card \"pier nine\""),
        "{}",
        d[0].message
    );

    // A Fallen face named like another card collides too.
    let mut b = B::default();
    let m = b.character("Mara Voss");
    let other = b.ground_unit("Mara Voss, Fallen");
    assert_eq!(codes(vec![m, other]), vec![DUPLICATE_NAME]);
}

#[test]
fn allow_silences_one_warning_on_one_card_only() {
    let mut b = B::default();
    let mut loud = b.ground_unit("Loud Crowd");
    loud.faces[0].vox = Some(b.loc(3));
    let mut allowed = loud.clone();
    allowed.name = b.loc("Allowed Crowd".to_owned());
    allowed.allows.push(b.loc("vox_band".to_owned()));
    assert_eq!(codes(vec![loud, allowed]), vec![VOX_BAND]);
}

#[test]
fn unknown_allow_is_an_error_with_did_you_mean() {
    let mut b = B::default();
    let mut c = b.ground_unit("Loud Crowd");
    let allow = b.loc("vox_bnd".to_owned());
    let span = allow.span;
    c.allows.push(allow);
    let d = diags(vec![c]);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, UNKNOWN_ALLOW);
    assert_eq!(d[0].primary.span, span);
    assert_eq!(d[0].help.as_deref(), Some("did you mean `vox_band`?"));
}

#[test]
fn unused_and_repeated_allows_warn() {
    let mut b = B::default();
    let mut c = b.ground_unit("Quiet Crowd");
    let a1 = b.loc("rank_band".to_owned());
    let a2 = b.loc("rank_band".to_owned());
    c.allows = vec![a1, a2];
    assert_eq!(codes(vec![c.clone()]), vec![UNUSED_ALLOW, UNUSED_ALLOW]);

    // `allow unused_allow` keeps them quiet and is never itself unused.
    c.allows.push(b.loc("unused_allow".to_owned()));
    // the repeated one is reported before the filter runs: only the unused one is silenced
    assert_eq!(codes(vec![c]), vec![UNUSED_ALLOW]);
}

#[test]
fn errors_cannot_be_allowed() {
    let mut b = B::default();
    let mut c = b.permanent(CardKind::Spacecraft, "Resolute", Some(7));
    c.faces[0].vox = Some(b.loc(1));
    c.allows.push(b.loc("vox_band".to_owned()));
    assert_eq!(codes(vec![c]), vec![VOX_NOT_PRINTED, UNUSED_ALLOW]);
}

#[test]
fn vox_bands_note_warn_by_value() {
    let sev = |kind: CardKind, vox: u32| {
        let mut b = B::default();
        let mut c = if kind == CardKind::Character {
            b.character("C")
        } else {
            b.ground_unit("G")
        };
        c.faces[0].vox = Some(b.loc(vox));
        diags(vec![c])
            .into_iter()
            .map(|d| (d.code, d.severity))
            .collect::<Vec<_>>()
    };
    assert_eq!(sev(CardKind::Character, 2), vec![]);
    assert_eq!(
        sev(CardKind::Character, 3),
        vec![(VOX_BAND, Severity::Note)]
    );
    assert_eq!(
        sev(CardKind::Character, 4),
        vec![(VOX_BAND, Severity::Warning)]
    );
    assert_eq!(
        sev(CardKind::Character, 5),
        vec![(VOX_BAND, Severity::Warning)]
    );
    assert_eq!(sev(CardKind::GroundUnit, 1), vec![]);
    assert_eq!(
        sev(CardKind::GroundUnit, 2),
        vec![(VOX_BAND, Severity::Warning)]
    );
}

#[test]
fn rank_bands_warn_outside_only() {
    for (kind, ok, out) in [
        (CardKind::GroundUnit, [1, 3], [0, 4]),
        (CardKind::SurfaceLocation, [2, 4], [1, 5]),
        (CardKind::Spacecraft, [3, 10], [2, 11]),
        (CardKind::PlanetaryLocation, [4, 6], [3, 7]),
        (CardKind::Homeworld, [6, 6], [5, 7]),
    ] {
        for r in ok {
            let mut b = B::default();
            assert_eq!(
                codes(vec![b.permanent(kind, "P", Some(r))]),
                Vec::<&str>::new(),
                "{kind:?} {r}"
            );
        }
        for r in out {
            let mut b = B::default();
            let want = if r == 0 { RANK_ZERO } else { RANK_BAND };
            assert_eq!(
                codes(vec![b.permanent(kind, "P", Some(r))]),
                vec![want],
                "{kind:?} {r}"
            );
        }
    }
}

#[test]
fn stats_summarise_deterministically() {
    let mut b = B::default();
    let mut gu = b.ground_unit("G");
    gu.faces[0].vox = Some(b.loc(2));
    let cards = vec![
        b.character("A"),
        b.character("B"),
        gu,
        b.location("L"),
        b.maneuver("M"),
    ];
    let s = crate::stats(&set(cards));
    assert_eq!(s.by_kind[&CardKind::Character], 2);
    assert_eq!(s.faces[&FaceRole::Fallen], 2);
    assert_eq!(s.vox[&CardKind::Character][&1], 4);
    assert_eq!(s.morality[&Morality::Virtuous], (2, 0));
    assert_eq!(s.drives[&Drive::Power], (0, 2));
    assert_eq!(s.rank[&CardKind::SurfaceLocation][&3], 1);
    expect_test::expect![[r#"
        cards: 5
          Character              2
          Ground Unit            1
          Surface Location       1
          Maneuver               1
        faces:
          front                  3
          prime                  2
          fallen                 2
        Vox per face (§7.9a guidance):
          Character (band 0–2; 3 rare, 4 signature)
              1 ####          4
          Ground Unit (band 0–1)
              2 #             1  outside band
        Rank per face (§7.9 guidance; Characters print X):
          Ground Unit (band 1–3)
              2 #             1
          Surface Location (band 2–4)
              3 #             1
        Character faces by Morality (prime / fallen):
          Virtuous               2 /  0
          Ruthless               0 /  2
        Character faces by Drive (prime / fallen):
          Liberation             2 /  0
          Power                  0 /  2
          Justice                2 /  0
          Destruction            0 /  2
    "#]]
    .assert_eq(&s.to_string());
}

#[test]
fn every_diagnostic_names_its_card_and_cites_a_rule() {
    let mut b = B::default();
    let mut c = b.character("Mara Voss");
    c.faces[0].drives = None;
    c.faces[1].exit = None;
    for d in diags(vec![c]) {
        assert!(d.message.starts_with("card \"Mara Voss\""), "{}", d.message);
        assert!(d.notes.iter().any(|n| n.starts_with('§')), "{d:?}");
        assert!(d.help.is_some(), "{d:?}");
    }
}
