//! `cardc balance` end to end: each `tests/balance/NAME.toml` matchup's report must match
//! `NAME.stdout` (`UPDATE_EXPECT=1 cargo test -p cardc --test balance` rewrites them); the
//! sweep writes its SVG and HTML files; `--set` scores the set; matchups the rules forbid
//! and unknown cards exit 2 with a reason.

mod support;

use std::path::Path;
use std::process::{Command, Output};

fn cardc(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("cardc runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn matchup_files_match_their_goldens() {
    let root = support::root();
    let dir = root.join("tests/balance");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/balance")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    names.sort();
    assert!(names.len() >= 3, "the matchup fixtures are there");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for toml in names {
        let rel = format!(
            "tests/balance/{}",
            toml.file_name().unwrap().to_string_lossy()
        );
        let out = cardc(&["balance", "--matchup", &rel, "--top", "0"], &root);
        assert_eq!(out.status.code(), Some(0), "{rel}: {}", stderr(&out));
        let golden = toml.with_extension("stdout");
        let got = stdout(&out);
        if update {
            std::fs::write(&golden, &got).expect("writable");
        } else if std::fs::read_to_string(&golden).ok().as_deref() != Some(got.as_str()) {
            failures.push(format!(
                "{rel}: output differs from {}:\n{got}",
                golden.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(UPDATE_EXPECT=1 rewrites the goldens)",
        failures.join("\n")
    );
}

#[test]
fn flags_name_a_matchup_and_the_equilibrium_is_certified() {
    let out = cardc(
        &[
            "balance",
            "--liberator",
            "Tamsin Vey",
            "--liberator",
            "Ilse Marrow",
            "--defender",
            "Prefect Halloran Dusk",
            "--target",
            "Pier Nine",
            "--target",
            "Inquisitor Veil Sarrow",
        ],
        &support::root(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("value, concealed (§12.5a):"), "{text}");
    assert!(
        text.contains("liberating split (concealed), as played:"),
        "{text}"
    );
    assert!(text.contains("defending allocation, as played:"), "{text}");
    assert!(
        text.contains("Tamsin Vey: Whenever this card liberates another card, gain 1 Story Point."),
        "unscored text is listed: {text}"
    );
}

#[test]
fn forbidden_and_unknown_matchups_exit_2_with_the_reason() {
    let root = support::root();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "--liberator",
                "Tamsin Vey",
                "--target",
                "The Cantor's Reliquary",
            ],
            "Indoctrinated and may not be declared (§12.3)",
        ),
        (
            &["--liberator", "Tamsin Vey", "--target", "The Glass Senate"],
            "replaces the Liberation counters",
        ),
        (
            &["--liberator", "Tamsin Vey", "--target", "Pier Nien"],
            "did you mean \"Pier Nine\"?",
        ),
        (
            &[
                "--liberator",
                "Tamsin Vey",
                "--target",
                "Pier Nine",
                "--target",
                "Meridian Drift",
            ],
            "may not exceed the liberators Activated (§12.3)",
        ),
        (
            &["--liberator", "Castellan", "--target", "Pier Nine"],
            "cannot be Activated as a liberator",
        ),
        (
            &["--liberator", "Tamsin Vey", "--target", "Tithe Ledger"],
            "no Rank",
        ),
        (&["--liberator", "Tamsin Vey"], "no targets"),
    ];
    for (args, reason) in cases {
        let mut all = vec!["balance"];
        all.extend_from_slice(args);
        let out = cardc(&all, &root);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(reason), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}: nothing on stdout");
    }
}

#[test]
fn a_bastion_on_its_location_forbids_the_declaration() {
    let dir = tempfile::tempdir().unwrap();
    let toml = dir.path().join("m.toml");
    std::fs::write(&toml, "liberators = [\"Ilse Marrow\"]\n[[targets]]\ncard = \"Pier Nine\"\ngarrisons = [\"Bastion Wardens\"]\n").unwrap();
    let out = cardc(
        &["balance", "--matchup", toml.to_str().unwrap()],
        &support::root(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("hosts the Fortified Bastion Wardens"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn sweep_writes_heatmaps_and_an_html_report() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("report");
    let out = cardc(
        &[
            "balance",
            "--matchup",
            "tests/balance/pier-nine.toml",
            "--sweep",
            "--sweep-l",
            "2..6",
            "--sweep-d",
            "0..4",
            "--sweep-target",
            "Pier Nine",
            "--sweep-rank",
            "1..4",
            "--out",
            out_dir.to_str().unwrap(),
        ],
        &support::root(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let heat = std::fs::read_to_string(out_dir.join("heatmap.svg")).unwrap();
    assert!(
        heat.starts_with("<svg") && heat.matches("<rect").count() == 25,
        "5 × 5 cells"
    );
    assert!(std::fs::read_to_string(out_dir.join("concealment.svg"))
        .unwrap()
        .contains("<svg"));
    assert!(std::fs::read_to_string(out_dir.join("target.svg"))
        .unwrap()
        .contains("Confluence"));
    let html = std::fs::read_to_string(out_dir.join("report.html")).unwrap();
    assert!(
        html.contains("<svg")
            && html.contains("Worth of concealment")
            && html.contains("value, concealed")
    );
    let leftovers: Vec<_> = std::fs::read_dir(&out_dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary file is left");
}

#[test]
fn set_battery_scores_every_liberation_stat_and_flags_the_band() {
    let out = cardc(&["balance", "--set"], &support::root());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for card in [
        "Tamsin Vey",
        "Bastion Wardens",
        "The Cantor's Reliquary",
        "Choir of the Undercity",
        "Nadia, Broker of Chains (fallen)",
    ] {
        assert!(text.contains(card), "{card} is scored:\n{text}");
    }
    assert!(
        text.contains("outside the value band of their cost"),
        "{text}"
    );
    assert!(
        text.contains("below band") || text.contains("above band"),
        "{text}"
    );
}
