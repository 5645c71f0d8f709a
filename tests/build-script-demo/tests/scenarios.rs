//! Plays every `tests/scenarios/*.scenario` against the generated cards (the checked-in
//! `cardc-cards` crate and this crate's build-script cards). Failures read
//! `file:scenario: message`, all of them at once.

use cardc_build_script_demo::scenario;
use std::path::Path;

#[test]
fn every_scenario_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let (runs, failures) = scenario::run_dir(&dir, &scenario::lookup);
    assert!(
        failures.is_empty(),
        "{} scenario failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(runs.len() >= 40, "only {} scenarios ran", runs.len());
}

#[test]
fn a_wrong_expectation_fails_with_file_and_scenario() {
    let dir = tempfile_dir();
    std::fs::write(
        dir.join("wrong.scenario"),
        r#"
[[scenario]]
name = "wrong-cp"
permanent = [{ id = "pell", card = "Magistrate Pell Oshiro" }]
action = { do = "ability", source = "pell" }
expect = { cp = { pell = 5 }, currency = [9, 0] }
"#,
    )
    .unwrap();
    let (_, failures) = scenario::run_dir(&dir, &scenario::lookup);
    let shown = dir.join("wrong.scenario").display().to_string();
    assert_eq!(
        failures,
        [
            format!("{shown}:wrong-cp: pell: CP is 4, expected 5"),
            format!("{shown}:wrong-cp: Currency is [2, 0], expected [9, 0]"),
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cardc-scenarios-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
