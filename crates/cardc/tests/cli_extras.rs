//! The command line's smaller pieces end to end: `cardc new` (a starter that checks clean
//! and is formatted), `cardc completions`, `cardc --version` with the commit, and
//! `cardc check -` / `cardc fmt -` on standard input, with their exit codes.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn cardc(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("cardc runs")
}

/// `cardc ARGS` with `input` on stdin.
fn piped(args: &[&str], dir: &Path, input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardc"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cardc runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(input.as_bytes()).expect("written");
    drop(stdin);
    child.wait_with_output().expect("cardc ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A project made by `cardc new` in a temp folder: (the temp folder, the project).
fn starter() -> (tempfile::TempDir, std::path::PathBuf) {
    let temp = tempfile::tempdir().expect("temp dir");
    let out = cardc(&["new", "deck"], temp.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let dir = temp.path().join("deck");
    (temp, dir)
}

#[test]
fn a_new_project_checks_clean_and_is_formatted() {
    let (_temp, dir) = starter();
    assert!(dir.join(".gitignore").is_file() && dir.join("README.md").is_file());
    assert!(std::fs::read_to_string(dir.join("README.md"))
        .expect("readme")
        .starts_with("# deck\n"));
    let check = cardc(&["check", "--deny", "warnings"], &dir);
    let err = text(&check.stderr);
    assert_eq!(check.status.code(), Some(0), "{err}");
    assert!(err.contains("0 errors, 0 warnings"), "{err}");
    let fmt = cardc(&["fmt", "--check"], &dir);
    assert_eq!(fmt.status.code(), Some(0), "{}", text(&fmt.stderr));
}

#[test]
fn a_new_project_has_a_card_of_every_kind() {
    let (_temp, dir) = starter();
    let mut headers = Vec::new();
    for entry in std::fs::read_dir(dir.join("cards")).expect("cards/") {
        let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("a card file");
        headers.extend(
            text.lines()
                .filter_map(|l| l.split_once(" \"").map(|(kind, _)| kind.to_owned())),
        );
    }
    for kind in cardc_ir::vocab::CardKind::ALL {
        assert!(
            headers.iter().any(|h| h == kind.name()),
            "no {} in the starter: {headers:?}",
            kind.name()
        );
    }
}

#[test]
fn new_refuses_a_non_empty_directory_and_accepts_an_empty_one() {
    let temp = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(temp.path().join("full")).expect("made");
    std::fs::write(temp.path().join("full/notes.txt"), "mine").expect("written");
    let out = cardc(&["new", "full"], temp.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not empty"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::read_dir(temp.path().join("full"))
            .expect("there")
            .count(),
        1
    );
    std::fs::create_dir(temp.path().join("empty")).expect("made");
    let out = cardc(&["new", "empty"], temp.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(temp.path().join("empty/cards").is_dir());
}

#[test]
fn bash_completions_name_every_subcommand() {
    let temp = tempfile::tempdir().expect("temp dir");
    let help = text(&cardc(&["--help"], temp.path()).stdout);
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .expect("a command list")
        .split("Options:")
        .next()
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    for expected in ["watch", "new", "completions", "check", "all", "lsp"] {
        assert!(
            commands.contains(&expected),
            "{expected} not in {commands:?}"
        );
    }
    let out = cardc(&["completions", "bash"], temp.path());
    assert_eq!(out.status.code(), Some(0));
    let script = text(&out.stdout);
    assert!(script.contains("complete -F"), "{script}");
    // The words offered after `cardc `: the first `opts="…"` that lists any.
    let top: Vec<&str> = script
        .lines()
        .filter_map(|l| l.trim().strip_prefix("opts=\""))
        .find(|words| words.starts_with("-h"))
        .expect("the top-level words")
        .trim_end_matches('"')
        .split_whitespace()
        .collect();
    for command in &commands {
        assert!(
            top.contains(command),
            "the bash completions lack `{command}`: {top:?}"
        );
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let out = cardc(&["completions", shell], temp.path());
        assert_eq!(out.status.code(), Some(0), "{shell}");
        assert!(text(&out.stdout).contains("watch"), "{shell}");
    }
    assert_eq!(
        cardc(&["completions", "tcsh"], temp.path()).status.code(),
        Some(2)
    );
}

#[test]
fn the_version_names_the_commit() {
    let temp = tempfile::tempdir().expect("temp dir");
    let out = cardc(&["--version"], temp.path());
    assert_eq!(out.status.code(), Some(0));
    let line = text(&out.stdout);
    let line = line.trim_end();
    let rest = line
        .strip_prefix(&format!("cardc {}", env!("CARGO_PKG_VERSION")))
        .unwrap_or_else(|| panic!("{line}"));
    // ` (1a2b3c4d)` or ` (1a2b3c4d-dirty)` in a git checkout; nothing without git.
    if !rest.is_empty() {
        let commit = rest
            .strip_prefix(" (")
            .and_then(|r| r.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{line}"));
        let hash = commit.strip_suffix("-dirty").unwrap_or(commit);
        assert!(
            hash.len() >= 7 && hash.chars().all(|c| c.is_ascii_hexdigit()),
            "{line}"
        );
    }
    // Every subcommand reports the same.
    let sub = text(&cardc(&["check", "--version"], temp.path()).stdout);
    assert!(sub.trim_end().ends_with(rest), "{sub}");
}

#[test]
fn check_reads_stdin_as_one_file() {
    let (_temp, dir) = starter();
    let units = std::fs::read_to_string(dir.join("cards/units.card")).expect("units");
    let ok = piped(&["check", "-"], &dir, &units);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stderr));
    assert!(text(&ok.stderr).contains("checked 2 cards in 1 file"));

    let bad = piped(
        &["check", "-"],
        &dir,
        "ground_unit \"X\" {\n    cost one\n}\n",
    );
    assert_eq!(bad.status.code(), Some(1));
    let err = text(&bad.stderr);
    assert!(
        err.contains("<stdin>:2:5") && err.contains("E0055"),
        "{err}"
    );

    let json = piped(
        &[
            "check",
            "-",
            "--stdin-filename",
            "cards/x.card",
            "--message-format",
            "json",
        ],
        &dir,
        "ground_unit \"X\" {\n    cost one\n}\n",
    );
    assert_eq!(json.status.code(), Some(1));
    assert!(
        text(&json.stdout).contains("\"cards/x.card\""),
        "{}",
        text(&json.stdout)
    );
}

#[test]
fn check_stdin_filename_resolves_against_the_set() {
    let (_temp, dir) = starter();
    // A second card of an existing name clashes only when checked among the set.
    let clash = std::fs::read_to_string(dir.join("cards/devices.card")).expect("devices");
    let alone = piped(&["check", "-"], &dir, &clash);
    assert_eq!(alone.status.code(), Some(0), "{}", text(&alone.stderr));
    let among = piped(
        &["check", "-", "--stdin-filename", "cards/new.card"],
        &dir,
        &clash,
    );
    assert_eq!(among.status.code(), Some(1), "{}", text(&among.stderr));
    let err = text(&among.stderr);
    assert!(err.contains("cards/new.card"), "{err}");
    // In place of its namesake the same text is no clash, and the set's other files are
    // checked with it.
    let instead = piped(
        &["check", "-", "--stdin-filename", "./cards/devices.card"],
        &dir,
        &clash,
    );
    assert_eq!(instead.status.code(), Some(0), "{}", text(&instead.stderr));
    assert!(
        text(&instead.stderr).contains("in 6 files"),
        "{}",
        text(&instead.stderr)
    );
    // Naming stdin without reading it is a usage error.
    let usage = cardc(&["check", "--stdin-filename", "x.card"], &dir);
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn fmt_formats_stdin_to_stdout() {
    let temp = tempfile::tempdir().expect("temp dir");
    let messy = "# kept\ndevice \"Lamp\" {\n  cost 1\n      text {\n A, Pay 1 Currency: Draw a card.\n }\n}\n";
    let out = piped(&["fmt", "-"], temp.path(), messy);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let formatted = text(&out.stdout);
    assert!(formatted.starts_with("# kept\n"), "{formatted}");
    assert!(formatted.contains("\n    cost 1\n"), "{formatted}");
    let again = piped(&["fmt", "-", "--check"], temp.path(), &formatted);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    let unformatted = piped(&["fmt", "-", "--check"], temp.path(), messy);
    assert_eq!(unformatted.status.code(), Some(1));
    assert!(text(&unformatted.stderr).contains("<stdin>: not formatted"));
    assert!(unformatted.stdout.is_empty());
    let broken = piped(
        &["fmt", "-"],
        temp.path(),
        "device \"Lamp\" {\n    cost one\n}\n",
    );
    assert_eq!(broken.status.code(), Some(1));
    assert!(broken.stdout.is_empty());
    assert!(
        text(&broken.stderr).contains("<stdin>:2:5"),
        "{}",
        text(&broken.stderr)
    );
    assert_eq!(
        piped(&["fmt", "-", "x.card"], temp.path(), "")
            .status
            .code(),
        Some(2)
    );
}
