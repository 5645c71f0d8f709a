//! Scenarios: per-card behaviour tests written as data (docs/scenarios.md).
//!
//! A `.scenario` file is TOML: `[[scenario]]` tables, each a board, the choices players make
//! as triggers resolve, one action and expectations on CP, counters, Currency, Story Points,
//! faces and destroyed cards.
//! [`run_dir`] plays every file in a directory against a card lookup and reports each
//! failure as `file:scenario: message`.

pub mod choices;
pub mod format;
pub mod record;
pub mod run;

pub use format::{File, Scenario};
pub use record::{Method, Resolved};
pub use run::{run, Lookup, Run};

use std::path::{Path, PathBuf};

/// The runs of every scenario under `dir` (sorted by file, then file order), and every
/// failure as `file:scenario: message`.
pub fn run_dir(dir: &Path, lookup: Lookup) -> (Vec<(String, Run)>, Vec<String>) {
    let mut runs = Vec::new();
    let mut failures = Vec::new();
    for path in files(dir) {
        let shown = path.display().to_string();
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{shown}: {e}"));
                continue;
            }
        };
        let file: File = match toml::from_str(&text) {
            Ok(f) => f,
            Err(e) => {
                failures.push(format!("{shown}: {e}"));
                continue;
            }
        };
        let mut names = std::collections::BTreeSet::new();
        for s in &file.scenario {
            let at = format!("{shown}:{}", s.name);
            if !names.insert(s.name.as_str()) {
                failures.push(format!("{at}: scenario name used twice"));
            }
            match run(s, lookup) {
                Ok(r) => runs.push((at, r)),
                Err(errors) => failures.extend(errors.into_iter().map(|e| format!("{at}: {e}"))),
            }
        }
    }
    (runs, failures)
}

/// The `.scenario` files in `dir`, sorted.
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "scenario"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// A card from the checked-in set (`cardc-cards`) or from this crate's build-script
/// cards, by printed name.
pub fn lookup(name: &str) -> Option<&'static dyn cardc_engine::Card> {
    cardc_cards::by_name(name).or_else(|| crate::by_name(name))
}
