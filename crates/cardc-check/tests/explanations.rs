//! Every explanation's examples compile through the real front end: the wrong
//! example raises its code, and the right example raises nothing at all.

use cardc_diagnostics::Diagnostic;

fn compile(src: &str) -> Vec<Diagnostic> {
    cardc::compile(vec![cardc::Input::new("example.card", src)]).diagnostics
}

/// The `card` code blocks under `## Wrong` and `## Right`.
fn examples(md: &str) -> (String, String) {
    let block = |heading: &str| {
        let rest = md.split(heading).nth(1).unwrap_or("");
        let body = rest.split("```card\n").nth(1).unwrap_or("");
        body.split("\n```").next().unwrap_or("").to_owned()
    };
    (block("## Wrong"), block("## Right"))
}

#[test]
fn wrong_examples_raise_their_code_and_right_ones_are_clean() {
    let mut failures = Vec::new();
    for info in cardc_check::CODES {
        let (wrong, right) = examples(info.explanation);
        assert!(
            !wrong.is_empty() && !right.is_empty(),
            "{}: missing an example",
            info.code
        );
        let w = compile(&wrong);
        if !w.iter().any(|d| d.code == info.code) {
            failures.push(format!(
                "{}: the wrong example does not raise it: {w:#?}",
                info.code
            ));
        }
        let r = compile(&right);
        if !r.is_empty() {
            failures.push(format!(
                "{}: the right example is not clean: {r:#?}",
                info.code
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn codes_are_unique_sorted_and_cite_their_section() {
    let codes: Vec<&str> = cardc_check::CODES.iter().map(|c| c.code).collect();
    let mut sorted = codes.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(codes, sorted);
    for info in cardc_check::CODES {
        let prefix = if info.severity == cardc_diagnostics::Severity::Error {
            'E'
        } else {
            'W'
        };
        assert!(info.code.starts_with(prefix), "{}", info.code);
        if let Some(section) = info.section {
            assert!(
                info.explanation.contains(section),
                "{} does not cite {section}",
                info.code
            );
        }
    }
}
