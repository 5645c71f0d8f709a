//! Ruling R96 (`Move <target> to an adjacent Band`, P10 adopted): a Character or Ground Unit
//! moves to a Band adjacent to its own as for Liberation range (§12.3a, A1: empty non-Space
//! Bands between are skipped), never into the Space Band; the effect's controller chooses
//! (default the lowest id, an illegal answer replaced, R27); it leaves its host; with no such
//! Band it stays; anything but a unit never moves.

mod common;

use cardc_engine::harness::Board;
use cardc_engine::*;
use common::*;

const ANY_UNIT: Selector = Selector::new(PermanentKind::GroundUnit, None);

static SHIFT_D: FaceData = FaceData {
    name: "Shift the Front",
    kind: Kind::Maneuver,
    speed: Some(Speed::Slow),
    targets: &[ANY_UNIT],
    ..FaceData::BLANK
};
fn shift(_: Face, fx: &mut dyn Effects) {
    fx.move_to_adjacent_band(Target::Chosen(0));
}
static SHIFT: TestCard = TestCard {
    play: shift,
    ..TestCard::new(&SHIFT_D)
};

static SHIFT_ANY_D: FaceData = FaceData {
    name: "Shift Anything",
    kind: Kind::Maneuver,
    speed: Some(Speed::Slow),
    targets: &[PERM_SEL],
    ..FaceData::BLANK
};
static SHIFT_ANY: TestCard = TestCard {
    play: shift,
    ..TestCard::new(&SHIFT_ANY_D)
};

/// A chooser that answers every Band choice with `to`, and records the requests.
struct Pick(BandId, std::sync::Arc<std::sync::Mutex<Vec<BandRequest>>>);
impl Choices for Pick {
    fn band_to_move(&mut self, _: &Game, request: &BandRequest) -> BandId {
        if let Ok(mut seen) = self.1.lock() {
            seen.push(request.clone());
        }
        self.0
    }
}

fn band_of(g: &Game, id: PermanentId) -> Option<BandId> {
    g.permanent(id).map(|p| p.band)
}

#[test]
fn r96_a_unit_moves_to_the_lowest_adjacent_band_by_default_and_leaves_its_host() {
    let mut b = Board::new(2);
    let west = b.ground();
    let middle = b.ground();
    let east = b.ground();
    let far = b.ground();
    b.treasury(P0, 10);
    let shrine = b.put(P1, &SHRINE, middle);
    let unit = b.put_on(P0, &AGITATORS, shrine);
    b.put(P1, &MARA, west);
    b.put(P1, &MARA, east);
    b.put(P1, &MARA, far);
    let mut g = b.build();
    assert_eq!(g.permanent(unit).and_then(|p| p.host), Some(shrine));
    assert_eq!(g.bands_to_move_to(middle), vec![west, east]);
    g.clear_log();
    g.play_maneuver(P0, &SHIFT, &[unit]).unwrap();
    assert_eq!(band_of(&g, unit), Some(west), "the lowest adjacent Band");
    assert_eq!(
        g.permanent(unit).and_then(|p| p.host),
        None,
        "it leaves its host"
    );
    assert!(g.log().iter().any(|&e| matches!(
        e,
        Event::Moved { permanent, from, to } if permanent == unit && from == middle && to == west
    )));
}

#[test]
fn r96_the_controller_chooses_and_an_illegal_band_is_replaced() {
    let mut b = Board::new(2);
    let west = b.ground();
    let middle = b.ground();
    let east = b.ground();
    let far = b.ground();
    b.treasury(P0, 10);
    let unit = b.put(P1, &AGITATORS, middle);
    b.put(P1, &MARA, middle);
    b.put(P1, &MARA, west);
    b.put(P1, &MARA, east);
    b.put(P1, &MARA, far);
    let mut g = b.build();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    g.set_choices(Box::new(Pick(east, seen.clone())));
    // P0 plays it on P1's unit: P0, the effect's controller, chooses.
    g.play_maneuver(P0, &SHIFT, &[unit]).unwrap();
    assert_eq!(band_of(&g, unit), Some(east), "the controller's choice");
    let asked = seen.lock().map(|s| s.clone()).unwrap_or_default();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].player, P0);
    assert_eq!(asked[0].from, middle);
    // From `east`, `middle` and `far` are adjacent; `west`, behind the occupied `middle`,
    // is not: rejected, and the default (the lowest id) is used.
    g.set_choices(Box::new(Pick(west, seen.clone())));
    g.clear_log();
    g.play_maneuver(P0, &SHIFT, &[unit]).unwrap();
    assert_eq!(band_of(&g, unit), Some(middle), "the default replaces it");
    assert!(g.log().iter().any(|&e| matches!(
        e,
        Event::PlayerChoiceRejected { player, reason: RejectedChoice::IllegalBand(b) } if player == P0 && b == west
    )));
}

#[test]
fn r96_empty_bands_are_skipped_and_the_space_band_is_never_entered() {
    let mut b = Board::new(2);
    let space = b.space();
    let home = b.ground();
    let empty = b.ground();
    let beyond = b.ground();
    let past = b.ground();
    b.treasury(P0, 10);
    let unit = b.put(P0, &AGITATORS, home);
    b.put(P1, &MARA, space);
    b.put(P1, &MARA, beyond);
    b.put(P1, &MARA, past);
    let mut g = b.build();
    // The empty Band and the one after it are adjacent (§14.2 skipping); `past` is behind an
    // occupied Band; the Space Band is adjacent but never entered.
    assert_eq!(g.bands_to_move_to(home), vec![empty, beyond]);
    g.play_maneuver(P0, &SHIFT, &[unit]).unwrap();
    assert_eq!(band_of(&g, unit), Some(empty), "never the Space Band, id 0");
}

#[test]
fn r96_with_no_adjacent_band_nothing_moves() {
    let (mut b, band) = board();
    let unit = b.put(P0, &AGITATORS, band);
    let mut g = b.build();
    g.clear_log();
    g.play_maneuver(P0, &SHIFT, &[unit]).unwrap();
    assert_eq!(band_of(&g, unit), Some(band));
    assert!(!g.log().iter().any(|e| matches!(e, Event::Moved { .. })));
}

#[test]
fn r96_a_location_never_moves() {
    let mut b = Board::new(2);
    let here = b.ground();
    let there = b.ground();
    b.treasury(P0, 10);
    let shrine = b.put(P1, &SHRINE, here);
    b.put(P1, &MARA, there);
    let mut g = b.build();
    g.play_maneuver(P0, &SHIFT_ANY, &[shrine]).unwrap();
    assert_eq!(band_of(&g, shrine), Some(here));
}
