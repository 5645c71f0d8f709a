//! The layering of docs/ARCHITECTURE.md, read off `cargo metadata`: the IR, the checker,
//! the code generator and the sheets depend on no parser (neither pest nor the AST), the
//! engine depends on no other cardc crate than the shared vocabularies, and so on.
//!
//! Only normal dependencies count: a test may read `cards/` through the whole pipeline.
//! Tera's own template parser (pest) is not ours and is not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// Normal (non-dev, non-build) dependencies of every package in the workspace's
/// resolve graph, by package name.
fn normal_deps() -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let name_of: BTreeMap<&str, &str> = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .filter_map(|p| Some((p["id"].as_str()?, p["name"].as_str()?)))
        .collect();
    let mut deps = BTreeMap::new();
    for node in meta["resolve"]["nodes"].as_array().expect("resolve nodes") {
        let name = name_of[node["id"].as_str().expect("id")].to_owned();
        let normal: BTreeSet<String> = node["deps"]
            .as_array()
            .expect("deps")
            .iter()
            .filter(|d| {
                d["dep_kinds"]
                    .as_array()
                    .is_some_and(|kinds| kinds.iter().any(|k| k["kind"].is_null()))
            })
            .map(|d| name_of[d["pkg"].as_str().expect("pkg")].to_owned())
            .collect();
        deps.insert(name, normal);
    }
    deps
}

/// Every package `name` depends on, directly or not.
fn closure(deps: &BTreeMap<String, BTreeSet<String>>, name: &str) -> BTreeSet<String> {
    closure_except(deps, name, &[])
}

/// Every package `name` depends on, not looking inside the packages in `opaque`.
fn closure_except(
    deps: &BTreeMap<String, BTreeSet<String>>,
    name: &str,
    opaque: &[&str],
) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![name.to_owned()];
    while let Some(n) = todo.pop() {
        for d in deps.get(&n).into_iter().flatten() {
            if seen.insert(d.clone()) && !opaque.contains(&d.as_str()) {
                todo.push(d.clone());
            }
        }
    }
    seen
}

#[test]
fn only_the_front_end_depends_on_the_parser() {
    let deps = normal_deps();
    for krate in [
        "cardc-types",
        "cardc-ir",
        "cardc-check",
        "cardc-codegen",
        "cardc-sheets",
        "cardc-engine",
        "cardc-cards",
    ] {
        // Tera parses templates with a pest grammar of its own; that is Tera's business,
        // not a dependency on the card language's parser.
        let all = closure_except(&deps, krate, &["tera"]);
        let parser: Vec<_> = all
            .iter()
            .filter(|d| d.starts_with("pest") || *d == "cardc-syntax" || *d == "cardc-lower")
            .collect();
        assert!(
            parser.is_empty(),
            "{krate} depends on the parser through {parser:?}: only cardc-syntax, \
             cardc-lower and the driver may"
        );
    }
}

#[test]
fn the_engine_depends_only_on_the_shared_vocabularies() {
    let deps = normal_deps();
    let cardc: Vec<_> = closure(&deps, "cardc-engine")
        .into_iter()
        .filter(|d| d.starts_with("cardc"))
        .collect();
    assert_eq!(cardc, ["cardc-types"], "the engine's cardc dependencies");
}

#[test]
fn the_shared_vocabularies_are_a_leaf() {
    let deps = normal_deps();
    let cardc: Vec<_> = closure(&deps, "cardc-types")
        .into_iter()
        .filter(|d| d.starts_with("cardc"))
        .collect();
    assert!(cardc.is_empty(), "cardc-types depends on {cardc:?}");
}
