//! Ruling R60 (`Remove all Liberation counters from <target>`, `Remove all Story counters
//! from <target>`, `Remove all counters from <target>`, §12.8): every counter of the kind
//! named, or of both kinds, leaves each permanent the target names as the effect resolves.

mod common;

use cardc_engine::*;
use common::*;

const ANY_LOCATION: Selector = Selector::new(PermanentKind::SurfaceLocation, None);

static AMNESTY_D: FaceData = FaceData {
    name: "General Amnesty",
    kind: Kind::Maneuver,
    speed: Some(Speed::Slow),
    targets: &[ANY_LOCATION],
    ..FaceData::BLANK
};
fn amnesty(_: Face, fx: &mut dyn Effects) {
    fx.remove_all_liberation_counters(Target::Chosen(0));
}
static AMNESTY: TestCard = TestCard {
    play: amnesty,
    ..TestCard::new(&AMNESTY_D)
};

static SCOUR_D: FaceData = FaceData {
    name: "Scour the Records",
    kind: Kind::Maneuver,
    speed: Some(Speed::Slow),
    targets: &[ANY_LOCATION],
    ..FaceData::BLANK
};
fn scour(_: Face, fx: &mut dyn Effects) {
    fx.remove_all_counters(Target::Chosen(0));
}
static SCOUR: TestCard = TestCard {
    play: scour,
    ..TestCard::new(&SCOUR_D)
};

fn story(g: &Game, id: PermanentId) -> u32 {
    g.permanent(id).map_or(0, |p| p.story_counters)
}

#[test]
fn r60_all_liberation_counters_leave_and_story_counters_stay() {
    let (mut b, band) = board();
    let forum = b.put(P0, &FORUM, band);
    let other = b.put(P1, &FORUM, band);
    let mut g = b.build();
    for id in [forum, other] {
        if let Some(p) = g.setup(id) {
            p.counters = 2;
            p.story_counters = 1;
        }
    }
    g.play_maneuver(P0, &AMNESTY, &[forum]).unwrap();
    assert_eq!(counters(&g, forum), 0);
    assert_eq!(
        story(&g, forum),
        1,
        "Story counters are not Liberation counters"
    );
    assert_eq!(counters(&g, other), 2, "only the target");
}

#[test]
fn r60_all_counters_means_both_kinds() {
    let (mut b, band) = board();
    let forum = b.put(P1, &FORUM, band);
    let mut g = b.build();
    if let Some(p) = g.setup(forum) {
        p.counters = 2;
        p.story_counters = 3;
    }
    g.play_maneuver(P0, &SCOUR, &[forum]).unwrap();
    assert_eq!(counters(&g, forum), 0);
    assert_eq!(story(&g, forum), 0);
    assert!(on_map(&g, forum));
}

static PROPHECY_D: FaceData = FaceData {
    name: "Unwritten Prophecy",
    kind: Kind::Maneuver,
    speed: Some(Speed::Fast),
    targets: &[ANY_LOCATION],
    ..FaceData::BLANK
};
fn prophecy(_: Face, fx: &mut dyn Effects) {
    fx.remove_all_story_counters(Target::Chosen(0));
}
static PROPHECY: TestCard = TestCard {
    play: prophecy,
    ..TestCard::new(&PROPHECY_D)
};

#[test]
fn r60_all_story_counters_leave_and_liberation_counters_stay() {
    let (mut b, band) = board();
    let forum = b.put(P1, &FORUM, band);
    let mut g = b.build();
    if let Some(p) = g.setup(forum) {
        p.counters = 2;
        p.story_counters = 3;
    }
    g.play_maneuver(P0, &PROPHECY, &[forum]).unwrap();
    assert_eq!(story(&g, forum), 0);
    assert_eq!(
        counters(&g, forum),
        2,
        "Liberation counters are not Story counters"
    );
}
