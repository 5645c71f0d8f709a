//! Many named cases per file, with the expected diagnostics written inline.
//!
//! `tests/cards/cases/*.cases` keep a rule's cases together. A line `=== NAME` starts a
//! case; each case is compiled alone through `cardc::compile`, exactly as `cardc check`
//! would compile a file holding only that case. An end-of-line comment `#~ E0110`
//! (several codes: `#~ E0110, W0101`) says that a diagnostic with that code starts on
//! this line. A case's diagnostics must be exactly the annotated ones: a case without
//! annotations must be clean, errors, warnings and notes alike.
//!
//! Each case is one test, named `FILE::NAME`, so a rule's cases run by name:
//! `cargo test -p cardc --test cases -- s7-drives::` or `-- --list` to see them all.
//! The rendered form of diagnostics is kept by the goldens of `tests/cards/fail/`.

mod support;

use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::BTreeMap;
use std::path::Path;

/// One case: where it starts in its file and what it expects.
struct Case {
    file: String,
    name: String,
    /// The case's text, preceded by one newline per line before it in the file, so
    /// that the lines diagnostics report are the file's lines.
    text: String,
    /// Expected codes by 1-based line of the file.
    expected: BTreeMap<usize, Vec<String>>,
}

/// Splits a `.cases` file into its cases. Text before the first `===` line may hold
/// only comments and blank lines.
fn parse_cases(file: &str, src: &str) -> Result<Vec<Case>, String> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in src.lines().enumerate() {
        let number = i + 1;
        if let Some(name) = line.strip_prefix("=== ") {
            let name = name.trim().to_owned();
            if name.is_empty() || cases.iter().any(|c| c.name == name) {
                return Err(format!(
                    "{file}:{number}: empty or repeated case name {name:?}"
                ));
            }
            cases.push(Case {
                file: file.to_owned(),
                name,
                text: "\n".repeat(number),
                expected: BTreeMap::new(),
            });
            continue;
        }
        let Some(case) = cases.last_mut() else {
            let trimmed = line.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            return Err(format!(
                "{file}:{number}: text before the first `=== NAME` line"
            ));
        };
        case.text.push_str(line);
        case.text.push('\n');
        if let Some((_, codes)) = line.split_once("#~") {
            let codes: Vec<String> = codes
                .split(',')
                .map(|c| c.trim().to_owned())
                .filter(|c| !c.is_empty())
                .collect();
            let well_formed = |c: &String| {
                c.len() == 5
                    && c.starts_with(['E', 'W', 'N'])
                    && c[1..].bytes().all(|b| b.is_ascii_digit())
            };
            if codes.is_empty() || !codes.iter().all(well_formed) {
                return Err(format!("{file}:{number}: `#~` wants codes such as `E0110`"));
            }
            case.expected.entry(number).or_default().extend(codes);
        }
    }
    Ok(cases)
}

/// Compiles one case and compares its diagnostics with the annotations.
fn run(case: &Case) -> Result<(), Failed> {
    let name = format!("tests/cards/cases/{}", case.file);
    let c = cardc::compile(vec![cardc::Input::new(name, case.text.clone())]);
    let mut actual: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for d in &c.diagnostics {
        let start = d.primary.span.start as usize;
        let line = c.sources.line_col(d.primary.span.file, start).line;
        actual.entry(line).or_default().push(d.code.to_owned());
    }
    let mut expected = case.expected.clone();
    for codes in actual.values_mut().chain(expected.values_mut()) {
        codes.sort();
    }
    if actual == expected {
        return Ok(());
    }
    let show = |m: &BTreeMap<usize, Vec<String>>| {
        if m.is_empty() {
            return "    (none)\n".to_owned();
        }
        m.iter()
            .map(|(line, codes)| format!("    line {line}: {}\n", codes.join(", ")))
            .collect()
    };
    Err(format!(
        "{}::{}: the diagnostics differ from the `#~` annotations\nexpected:\n{}actual:\n{}\n{}",
        case.file,
        case.name,
        show(&expected),
        show(&actual),
        cardc::render::plain(&c.sources, &c.diagnostics)
    )
    .into())
}

fn main() {
    let args = Arguments::from_args();
    let dir = support::root().join("tests/cards/cases");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cases"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .cases files in {}", dir.display());
    let mut trials = Vec::new();
    for path in &paths {
        let file = file_name(path);
        let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let stem = file.trim_end_matches(".cases").to_owned();
        match parse_cases(&file, &src) {
            Ok(cases) if cases.is_empty() => {
                trials.push(Trial::test(stem, move || {
                    Err(format!("{file}: no `=== NAME` case").into())
                }));
            }
            Ok(cases) => trials.extend(
                cases
                    .into_iter()
                    .map(|case| Trial::test(format!("{stem}::{}", case.name), move || run(&case))),
            ),
            Err(e) => trials.push(Trial::test(stem, move || Err(e.into()))),
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
