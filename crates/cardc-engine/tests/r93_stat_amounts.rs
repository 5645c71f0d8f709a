//! Ruling R93 (`docs/vocabulary-v2.md` §8): `equal to <a stat of a card>` reads the stat as
//! its step resolves, as the card stands then; a card no longer on the Map reads 0, so the
//! step does nothing; a Character's Rank and DEF (X) are never read (the checker's `E0242`)
//! and read 0 here.

mod common;

use cardc_engine::*;
use common::*;

static TITHE_D: FaceData = FaceData {
    name: "Tithe of Standing",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[CHAR_SEL],
    ..FaceData::BLANK
};
/// `Target Character you control loses 2 CP, then gain Currency equal to its CP.`
fn tithe(_: Face, fx: &mut dyn Effects) {
    fx.lose_cp(Target::Chosen(0), 2);
    fx.gain_currency(Who::You, fx.stat(StatOf::Chosen(0, ReadStat::Cp)));
}
static TITHE: TestCard = TestCard {
    play: tithe,
    ..TestCard::new(&TITHE_D)
};

#[test]
fn r93_its_cp_is_read_after_the_step_before_it() {
    let (mut b, band) = board();
    let mara = b.put(P0, &MARA, band);
    let mut g = b.build();
    g.play_maneuver(P0, &TITHE, &[mara]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        10 + 4,
        "Mara's 6 CP less the 2 she lost as the first step resolved"
    );
}

static SPITE_D: FaceData = FaceData {
    name: "Spite",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[Selector::new(PermanentKind::GroundUnit, None)],
    ..FaceData::BLANK
};
/// `Destroy target Ground Unit, then gain Currency equal to its Attack.`
fn spite(_: Face, fx: &mut dyn Effects) {
    fx.destroy(Target::Chosen(0));
    fx.gain_currency(Who::You, fx.stat(StatOf::Chosen(0, ReadStat::Attack)));
}
static SPITE: TestCard = TestCard {
    play: spite,
    ..TestCard::new(&SPITE_D)
};

#[test]
fn r93_a_card_gone_from_the_map_reads_zero() {
    let (mut b, band) = board();
    let unit = b.put(P1, &AGITATORS, band);
    let mut g = b.build();
    g.play_maneuver(P0, &SPITE, &[unit]).unwrap();
    assert_eq!(
        g.player(P0).treasury,
        10,
        "the Ground Unit was destroyed before its Attack was read: 0"
    );
}

#[test]
fn r93_stats_as_the_card_stands() {
    let (mut b, band) = board();
    let unit = b.put(P0, &AGITATORS, band);
    let mara = b.put(P0, &MARA, band);
    let g = b.build();
    let read = |id, s| g.read_stat(Some(id), s);
    assert_eq!(read(unit, ReadStat::Vox), 1);
    assert_eq!(read(unit, ReadStat::Attack), 1);
    assert_eq!(read(unit, ReadStat::Rank), 2);
    assert_eq!(read(unit, ReadStat::Def), 1);
    assert_eq!(read(unit, ReadStat::Cp), 0, "a Ground Unit has no CP");
    assert_eq!(read(mara, ReadStat::Cp), 6);
    assert_eq!(read(mara, ReadStat::Vox), 2);
    assert_eq!(
        read(mara, ReadStat::Rank),
        0,
        "a Character's Rank is X (§7.9)"
    );
    assert_eq!(
        read(mara, ReadStat::Def),
        0,
        "a Character's DEF is X (§7.5)"
    );
    assert_eq!(g.read_stat(None, ReadStat::Vox), 0, "no card");
}
