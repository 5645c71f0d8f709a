//! The command line end to end: exit codes (0 clean, 1 errors in the cards, 2 usage or
//! I/O), output formats, colour, and bad input that must end in diagnostics, never a
//! panic (exit 101) or a hang.

mod support;

use std::path::Path;
use std::process::{Command, Output};

fn cardc(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .output()
        .expect("cardc runs")
}

fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A temporary directory holding one file `x.card` with `bytes`.
fn file(bytes: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("x.card"), bytes).expect("writable");
    dir
}

fn check(bytes: &[u8]) -> Output {
    let dir = file(bytes);
    cardc(&["check", "x.card"], dir.path())
}

#[test]
fn the_card_set_checks_clean_with_exit_0_and_a_summary() {
    let out = cardc(&["check"], &support::root());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("checked 65 cards") && err.contains("in 8 files: 0 errors, 0 warnings"),
        "{err}"
    );
}

#[test]
fn errors_in_the_cards_exit_1() {
    let out = check(b"ground_unit \"X\" {\n    cost one\n    rank 2\n}\n");
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert!(
        err.contains("error[E0055]") && err.contains("x.card:2:5"),
        "{err}"
    );
    assert!(
        err.contains("1 card in 1 file: 1 error, 0 warnings"),
        "{err}"
    );
}

#[test]
fn usage_and_io_failures_exit_2() {
    let root = support::root();
    assert_eq!(code(&cardc(&["check", "no/such/dir"], &root)), 2);
    assert_eq!(code(&cardc(&["frobnicate"], &root)), 2);
    assert_eq!(
        code(&cardc(&["check", "--message-format", "xml"], &root)),
        2
    );
    assert_eq!(code(&cardc(&["explain", "E9999"], &root)), 2);
}

#[test]
fn warnings_pass_unless_denied() {
    let src =
        b"ground_unit \"Wide\" {\n    cost 1\n    rank 9\n    vox 1\n    attack 1\n    def 1\n}\n";
    let out = check(src);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stderr(&out).contains("warning[W"), "{}", stderr(&out));
    let dir = file(src);
    let denied = cardc(&["check", "--deny", "warnings", "x.card"], dir.path());
    assert_eq!(code(&denied), 1, "{}", stderr(&denied));
}

#[test]
fn json_diagnostics_are_one_object_per_line_on_stdout() {
    let dir = file(b"ground_unit \"X\" {\n    cost one\n    attak 1\n    rank 2\n}\n");
    let out = cardc(&["check", "--message-format", "json", "x.card"], dir.path());
    assert_eq!(code(&out), 1);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0]["code"], "E0055");
    assert_eq!(lines[0]["file"], "x.card");
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[0]["column"], 5);
    assert_eq!(lines[1]["code"], "E0051");
    assert_eq!(lines[1]["help"], "did you mean `attack`?");
    assert!(lines[1]["byte_start"].as_u64().is_some());
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let dir = file(b"ground_unit \"X\" { cost one }\n");
    let piped = cardc(&["check", "x.card"], dir.path());
    assert!(!stderr(&piped).contains('\u{1b}'), "no colour when piped");
    let forced = cardc(&["check", "--color", "always", "x.card"], dir.path());
    assert!(stderr(&forced).contains('\u{1b}'), "colour when forced");
}

#[test]
fn empty_files_comments_crlf_and_bom_are_valid() {
    for src in [
        &b""[..],
        b"# only a comment\n# and another\n",
        b"\xEF\xBB\xBF# BOM\r\nhomeworld \"Teral Prime\" {\r\n    rank 6\r\n}\r\n",
    ] {
        let out = check(src);
        assert_eq!(
            code(&out),
            0,
            "{:?}: {}",
            String::from_utf8_lossy(src),
            stderr(&out)
        );
    }
}

#[test]
fn bad_input_ends_in_diagnostics_and_exit_1_never_a_panic() {
    let mut garbage = Vec::with_capacity(10 << 20);
    let mut x: u32 = 1;
    while garbage.len() < 10 << 20 {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        garbage.push((x % 94 + 33) as u8);
    }
    let mut broken = String::new();
    for i in 0..20_000 {
        broken.push_str(&format!("ground_unit \"U{i}\" {{ cost ; }}\n"));
    }
    let every_field_twice = "ground_unit \"X\" {\n    cost 1\n    cost 1\n    rank 2\n    rank 2\n    vox 1\n    vox 1\n    attack 1\n    attack 1\n    def 1\n    def 1\n    text { Fortified. }\n    text { Fortified. }\n}\n";
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "not UTF-8",
            b"homeworld \"Teral \xFF Prime\" { rank 6 }\n".to_vec(),
        ),
        ("10 MB of garbage", garbage),
        ("20,000 broken cards", broken.into_bytes()),
        ("deeply nested braces", "{".repeat(100_000).into_bytes()),
        (
            "an overflowing number",
            b"character \"X\" {\n    cost 1\n    prime { cp 99999999999999999999 }\n}\n".to_vec(),
        ),
        (
            "every field repeated",
            every_field_twice.as_bytes().to_vec(),
        ),
    ];
    for (what, bytes) in cases {
        let out = check(&bytes);
        assert_eq!(
            code(&out),
            1,
            "{what}: {}",
            stderr(&out).chars().take(2000).collect::<String>()
        );
        let err = stderr(&out);
        assert!(err.contains("error["), "{what}: no diagnostic");
        assert!(!err.contains("panicked"), "{what}: panicked");
    }
}

#[test]
fn many_diagnostics_are_capped_with_a_count() {
    let mut broken = String::new();
    for i in 0..500 {
        broken.push_str(&format!(
            "ground_unit \"U{i}\" {{\n  cost one\n  attack 1\n  rank 1\n  def 1\n}}\n"
        ));
    }
    let out = check(broken.as_bytes());
    assert_eq!(code(&out), 1);
    let err = stderr(&out);
    assert_eq!(
        err.matches("error[E0055]").count(),
        200,
        "the default cap is 200"
    );
    assert!(
        err.contains("and 300 more diagnostics not shown"),
        "{}",
        &err[err.len().saturating_sub(400)..]
    );
    assert!(
        err.contains("500 cards in 1 file: 500 errors"),
        "the summary counts them all"
    );
}

#[test]
fn explain_prints_an_explanation_and_lists_every_code() {
    let root = support::root();
    let out = cardc(&["explain", "e0121"], &root);
    assert_eq!(code(&out), 0);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("E0121") && text.contains("Wrong") && text.contains("Right"),
        "{text}"
    );
    let list = cardc(&["explain", "--list"], &root);
    let listed = String::from_utf8_lossy(&list.stdout);
    assert_eq!(listed.lines().count(), cardc::codes::all().len());
    assert!(listed.contains("E0001") && listed.contains("W0111") && listed.contains("E0300"));
}

#[test]
fn export_writes_the_ir_as_json_and_nothing_on_errors() {
    let root = support::root();
    let out = cardc(&["export", "--json"], &root);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let set: cardc_ir::CardSet = serde_json::from_slice(&out.stdout).expect("IR JSON");
    assert!(set.cards.len() >= 40);
    let bad = file(b"ground_unit \"X\" { cost one }\n");
    let out = cardc(&["export", "--json", "x.card"], bad.path());
    assert_eq!(code(&out), 1);
    assert!(out.stdout.is_empty());
}

#[test]
fn a_closed_pipe_ends_output_quietly() {
    use std::process::Stdio;
    for args in [&["explain", "--list"][..], &["export", "--json"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
            .args(args)
            .current_dir(support::root())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cardc runs");
        // Close the reading end at once, like `| head -0`.
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("cardc ends");
        assert!(
            !stderr(&out).contains("panicked"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(code(&out), 0, "{args:?}: {}", stderr(&out));
    }
}
