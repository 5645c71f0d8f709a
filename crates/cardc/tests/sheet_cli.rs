//! `cardc sheet` on the command line: usage errors before any card is read, and the
//! bleed warnings (none with `--gutter`).

mod support;

use std::process::Command;

fn sheet(args: &[&str], out: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
        .arg("sheet")
        .args(args)
        .arg("--out")
        .arg(out)
        .args(["--color", "never"])
        .current_dir(support::root())
        .output()
        .expect("cardc runs")
}

#[test]
fn usage_errors_come_before_any_card_is_read() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("sheets");
    // The cards path does not exist: were it read first, that would be the error.
    for (args, want) in [
        (
            &["no-such-cards/", "--margin", "2"][..],
            "page margin 2 mm is out of range",
        ),
        (
            &["no-such-cards/", "--card-size", "300x100mm"][..],
            "does not fit on A4",
        ),
        (
            &["no-such-cards/", "--back-offset", "9mm,0"][..],
            "out of range",
        ),
        (&["no-such-cards/", "--date", "May 1"][..], "not a date"),
        (&["no-such-cards/", "--dpi", "72"][..], "300 or 600"),
    ] {
        let o = sheet(args, &out);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(
            !err.contains("no such file"),
            "{args:?} read the cards first: {err}"
        );
        assert!(
            !err.contains("checked"),
            "{args:?} checked cards first: {err}"
        );
    }
    assert!(!out.exists());
}

#[test]
fn bleed_shortfalls_are_warned_in_mm_and_gutter_removes_them() {
    let tmp = tempfile::tempdir().unwrap();
    let o = sheet(
        &["cards/units.card", "--date", "2026-01-01"],
        &tmp.path().join("a"),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("warning: 3×3 poker on A4: the bleed left and right of the grid is 2.75 mm, 0.25 mm short"), "{err}");
    assert!(
        err.contains("`--gutter` gives every card its full bleed, at 6 cards per page"),
        "{err}"
    );
    let o = sheet(
        &["cards/units.card", "--gutter", "--date", "2026-01-01"],
        &tmp.path().join("b"),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(!err.contains("warning:"), "{err}");
}
