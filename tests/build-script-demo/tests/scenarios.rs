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

#[test]
fn scripted_choices_that_never_apply_or_are_rejected_fail() {
    // Its own directory: the other test removes its own when done.
    let dir = std::env::temp_dir().join(format!("cardc-scenarios-choices-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("choices.scenario"),
        r#"
[[scenario]]
name = "unused"
choices = { targets = ["pell"], twist = false }
permanent = [{ id = "pell", card = "Magistrate Pell Oshiro" }]
action = { do = "ability", source = "pell" }

[[scenario]]
name = "rejected"
active = 1
choices = { targets = ["infantry"] }
permanent = [
    { id = "caddo", card = "Brother Caddo Reyne" },
    { id = "infantry", card = "Concordat Line Infantry", owner = 1 },
    { id = "sarrow", card = "Inquisitor Veil Sarrow", owner = 1 },
]
action = { do = "combat", hits = [{ attacker = "infantry", defender = "caddo", amount = 1 }] }

[[scenario]]
name = "unknown"
choices = { targets = ["nobody"] }
permanent = [{ id = "pell", card = "Magistrate Pell Oshiro" }]
action = { do = "ability", source = "pell" }
"#,
    )
    .unwrap();
    let (_, failures) = scenario::run_dir(&dir, &scenario::lookup);
    let shown = dir.join("choices.scenario").display().to_string();
    assert_eq!(failures.len(), 4, "{failures:#?}");
    assert_eq!(
        failures[..2],
        [
            format!(
                "{shown}:unused: choices.targets: [\"pell\"] never used (no trigger chose that many targets)"
            ),
            format!("{shown}:unused: choices.twist: no optional Twist fired"),
        ]
    );
    assert!(
        failures[2].starts_with(&format!(
            "{shown}:rejected: the engine rejected scripted choices: [ChoiceRejected"
        )),
        "{}",
        failures[2]
    );
    assert_eq!(
        failures[3],
        format!("{shown}:unknown: choices.targets: no permanent \"nobody\"")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cardc-scenarios-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
