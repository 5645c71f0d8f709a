//! Ruling R108 (DEF thresholds in target filters: `target Ground Unit with 2 or less DEF`,
//! `each Ground Unit with 3 or more DEF`): a DEF filter reads a permanent's effective DEF, its
//! printed DEF netted with every DEF static and change on it (§7.5, §19.8, as Rank under
//! ruling R14), at the moment the selector is read; a Character prints DEF X (§7.5), which
//! never passes, and a permanent printing no DEF never passes either.

mod common;

use cardc_engine::*;
use common::*;

const fn each(filters: Filters) -> Selector {
    Selector {
        kind: PermanentKind::Permanent,
        controller: None,
        filters,
        other: false,
    }
}

const FRAIL: Selector = each(Filters {
    def_or_less: Some(2),
    ..Filters::NONE
});
const STURDY: Selector = each(Filters {
    def_or_more: Some(3),
    ..Filters::NONE
});

fn destroy_frail(_: Face, fx: &mut dyn Effects) {
    fx.destroy(Target::Each(FRAIL));
}
fn destroy_sturdy(_: Face, fx: &mut dyn Effects) {
    fx.destroy(Target::Each(STURDY));
}
fn destroy_chosen(_: Face, fx: &mut dyn Effects) {
    fx.destroy(Target::Chosen(0));
}
fn brace(_: Face, fx: &mut dyn Effects) {
    fx.change_stat(
        Target::Chosen(0),
        BonusStat::Def,
        2,
        Duration::UntilEndOfTurn,
    );
}

static MANEUVER_D: FaceData = FaceData {
    name: "Sweep",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    ..FaceData::BLANK
};
/// `Destroy each permanent with 2 or less DEF.`
static CULL: TestCard = TestCard {
    play: destroy_frail,
    ..TestCard::new(&MANEUVER_D)
};
/// `Destroy each permanent with 3 or more DEF.`
static TOPPLE: TestCard = TestCard {
    play: destroy_sturdy,
    ..TestCard::new(&MANEUVER_D)
};
static PICK_D: FaceData = FaceData {
    name: "Pick Off",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[FRAIL],
    ..FaceData::BLANK
};
/// `Destroy target permanent with 2 or less DEF.`
static PICK: TestCard = TestCard {
    play: destroy_chosen,
    ..TestCard::new(&PICK_D)
};
static BRACE_D: FaceData = FaceData {
    name: "Brace",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::Permanent, None)],
    ..FaceData::BLANK
};
/// `Target permanent gets +2 DEF until end of turn.`
static BRACE: TestCard = TestCard {
    play: brace,
    ..TestCard::new(&BRACE_D)
};

#[test]
fn r108_s19_8_def_or_less_reads_the_printed_def_and_never_a_characters_x() {
    let (mut b, band) = board();
    // Dockside Agitators print DEF 1, a Bastion Guard DEF 3, an Envoy (a Character) DEF X.
    let low = b.put(P1, &AGITATORS, band);
    let high = b.put(P1, &FORTIFIED_UNIT, band);
    let envoy = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.play_maneuver(P0, &CULL, &[]).unwrap();
    assert!(destroyed(&g, low).is_some(), "DEF 1: 2 or less");
    assert!(destroyed(&g, high).is_none(), "DEF 3");
    assert!(destroyed(&g, envoy).is_none(), "DEF X never passes");
}

#[test]
fn r108_def_or_more_passes_at_the_threshold() {
    let (mut b, band) = board();
    let low = b.put(P1, &AGITATORS, band);
    let high = b.put(P1, &FORTIFIED_UNIT, band);
    let envoy = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    g.play_maneuver(P0, &TOPPLE, &[]).unwrap();
    assert!(destroyed(&g, high).is_some(), "DEF 3: 3 or more");
    assert!(destroyed(&g, low).is_none(), "DEF 1");
    assert!(destroyed(&g, envoy).is_none(), "DEF X never passes");
}

#[test]
fn r108_s7_5_a_def_change_counts_and_a_chosen_target_must_pass() {
    let (mut b, band) = board();
    let low = b.put(P1, &AGITATORS, band);
    let envoy = b.put(P1, &ENVOY, band);
    let mut g = b.build();
    assert!(
        g.play_maneuver(P0, &PICK, &[envoy]).is_err(),
        "a Character is never a legal target of a DEF threshold"
    );
    g.play_maneuver(P0, &BRACE, &[low]).unwrap();
    assert!(
        g.play_maneuver(P0, &PICK, &[low]).is_err(),
        "DEF 1 + 2 = 3: no longer 2 or less"
    );
    let p = g.permanent(low).unwrap();
    assert!(g.passes(p, Filter::DefOrMore(3), &Origin::NOWHERE));
    assert!(!g.passes(p, Filter::DefOrLess(2), &Origin::NOWHERE));
}
