//! Lint names and `allow` lines: a designer may allow a warning on one card, in the
//! card's own source (`allow vox_band`), so the choice stays visible.
//!
//! Every warning has a lint name (its [`CodeInfo::name`]). An `allow` naming no lint is
//! an error (`E0160`) with "did you mean"; an `allow` that suppressed nothing on its
//! card is a warning (`W0160`, itself allowable as `unused_allow`).

use crate::codes::{UNKNOWN_ALLOW, UNUSED_ALLOW};
use crate::report;
use cardc_diagnostics::{did_you_mean, Applicability, Diagnostic, Severity};
use cardc_ir::Card;

/// The lint names a card may `allow`, with the code each one silences.
pub const LINTS: &[(&str, &str)] = &[
    (
        "damage_from_liberation",
        crate::codes::DAMAGE_FROM_LIBERATION,
    ),
    (
        "combat_from_liberation",
        crate::codes::COMBAT_FROM_LIBERATION,
    ),
    ("rank_band", crate::codes::RANK_BAND),
    ("vox_band", crate::codes::VOX_BAND),
    (
        "another_leaves_out_nothing",
        crate::codes::ANOTHER_LEAVES_OUT_NOTHING,
    ),
    (
        "another_target_leaves_out_nothing",
        crate::codes::ANOTHER_TARGET_LEAVES_OUT_NOTHING,
    ),
    ("unused_allow", UNUSED_ALLOW),
    ("confusable_names", crate::codes::CONFUSABLE_NAMES),
];

/// The lint name of a warning code, if it has one (errors have none: they cannot be
/// allowed).
pub fn lint_for(code: &str) -> Option<&'static str> {
    LINTS.iter().find(|(_, c)| *c == code).map(|(l, _)| *l)
}

/// Moves `found` (one card's diagnostics) into `out`, leaving out what the card
/// allows, and reports unknown and unused allowances.
pub(crate) fn apply(card: &Card, found: Vec<Diagnostic>, out: &mut Vec<Diagnostic>) {
    // A card has a handful of allows at most: a small vector beats a map here.
    let mut allowed: Vec<(usize, &'static str, bool)> = Vec::new();
    for (i, allow) in card.allows.iter().enumerate() {
        let name = allow.value.as_str();
        match LINTS.iter().find(|(l, _)| *l == name) {
            Some((lint, _)) => {
                if let Some(&(first, _, _)) = allowed.iter().find(|(_, l, _)| l == lint) {
                    out.push(
                        Diagnostic::warning(
                            UNUSED_ALLOW,
                            allow.span,
                            format!("{}: `{lint}` is already allowed", report::card(card)),
                        )
                        .with_label("allowed a second time")
                        .with_secondary(card.allows[first].span, "first allowed here")
                        .with_help("remove this line")
                        .suggest_removal(
                            format!("remove the second `{lint}`"),
                            allow.span,
                            Applicability::MachineApplicable,
                        ),
                    );
                } else {
                    allowed.push((i, lint, false));
                }
            }
            None => {
                let mut d = Diagnostic::error(
                    UNKNOWN_ALLOW,
                    allow.span,
                    format!("{}: unknown lint `{name}` in `allow`", report::card(card)),
                )
                .with_label("no warning has this name")
                .with_note(format!(
                    "lints that can be allowed: {}",
                    lint_names().join(", ")
                ));
                if let Some(s) = did_you_mean(name, LINTS.iter().map(|(l, _)| *l)) {
                    d = d
                        .with_help(format!("did you mean `{s}`?"))
                        .suggest_word("a lint", allow.span, name, s);
                }
                out.push(d);
            }
        }
    }

    let mut kept = Vec::with_capacity(found.len());
    for d in found {
        let lint = (d.severity != Severity::Error)
            .then(|| lint_for(d.code))
            .flatten();
        match lint.and_then(|l| allowed.iter_mut().find(|(_, a, _)| *a == l)) {
            Some(entry) => entry.2 = true,
            None => kept.push(d),
        }
    }

    let mut unused = Vec::new();
    for &(i, lint, used) in &allowed {
        if !used && lint != "unused_allow" {
            unused.push(
                Diagnostic::warning(
                    UNUSED_ALLOW,
                    card.allows[i].span,
                    format!("{}: `allow {lint}` suppresses nothing", report::card(card)),
                )
                .with_label("no `{lint}` warning on this card".replace("{lint}", lint))
                .with_help("remove this line; the card no longer needs the allowance")
                .suggest_removal(
                    format!("remove `{lint}`: it allows nothing on this card"),
                    card.allows[i].span,
                    Applicability::MachineApplicable,
                ),
            );
        }
    }
    let allow_unused = allowed.iter().any(|(_, l, _)| *l == "unused_allow");
    for d in unused {
        if allow_unused {
            if let Some(entry) = allowed.iter_mut().find(|(_, l, _)| *l == "unused_allow") {
                entry.2 = true;
            }
        } else {
            kept.push(d);
        }
    }
    out.extend(kept);
}

fn lint_names() -> Vec<&'static str> {
    LINTS.iter().map(|(l, _)| *l).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::CODES;
    use cardc_diagnostics::CodeInfo;

    fn warning_codes() -> impl Iterator<Item = &'static CodeInfo> {
        CODES.iter().filter(|c| c.severity == Severity::Warning)
    }

    #[test]
    fn every_warning_has_a_lint_named_after_it() {
        for info in warning_codes() {
            assert_eq!(lint_for(info.code), Some(info.name), "{}", info.code);
        }
        assert_eq!(LINTS.len(), warning_codes().count());
    }
}
