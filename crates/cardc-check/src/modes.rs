//! Modes (ruling R81): `Choose one — <option>; or <option>` and `Choose two — …`.
//!
//! A choice needs at least two options (`E0225`); it chooses fewer options than it prints,
//! and at least one (`E0226`: choosing two of two is doing both); no two options are the
//! same effect (`E0227`); it is chosen as its ability is played or resolves, so a
//! replacement's `… instead`, which has no such moment, holds none (`E0228`); and it prints
//! at most [`MAX_OPTIONS`] options, what the engine can offer (`E0229`).

use crate::report::FaceName;
use cardc_diagnostics::Diagnostic;
use cardc_ir::modes::MAX_OPTIONS;
use cardc_ir::{Ability, EffectChain, Loc};

use crate::codes::{
    MODES_DUPLICATE_OPTION, MODES_IN_REPLACEMENT, MODES_ONE_OPTION, MODES_TOO_MANY_CHOSEN,
    MODES_TOO_MANY_OPTIONS,
};

/// Checks every modal chain of `ability` (its face named `who`).
pub(crate) fn check(who: FaceName<'_>, ability: &Loc<Ability>, out: &mut Vec<Diagnostic>) {
    match &ability.value {
        Ability::Keyword(_) | Ability::Static(_) | Ability::CostChange(_) => {}
        Ability::Triggered(t) => chain(who, &t.effect, out),
        Ability::Twist(t) => chain(who, &t.triggered.effect, out),
        Ability::Activated(a) => chain(who, &a.effect, out),
        Ability::Effect(e) => chain(who, e, out),
        Ability::Replacement(r) => {
            if let Some(m) = &r.instead.modes {
                out.push(
                    Diagnostic::error(
                        MODES_IN_REPLACEMENT,
                        m.span,
                        format!("{who}: a replacement's `… instead` cannot choose a mode"),
                    )
                    .with_label("a choice here")
                    .with_note("ruling R81: a mode is chosen as its ability is played or resolves; a replacement happens in place of an event, with no moment to choose")
                    .with_help("print the options as two abilities, or one effect"),
                );
            }
        }
    }
}

/// The options as one chain's text: `Draw a card, then gain 2 Currency.` (all of them done).
fn all_of(chain: &EffectChain) -> String {
    let plain = EffectChain {
        steps: chain.steps.clone(),
        condition: None,
        modes: None,
        joined: chain.joined.clone(),
    };
    format!(
        "{}.",
        cardc_ir::text::capitalise(&cardc_ir::text::chain(&plain))
    )
}

fn chain(who: FaceName<'_>, chain: &EffectChain, out: &mut Vec<Diagnostic>) {
    let Some(m) = &chain.modes else { return };
    let options = chain.options();
    let count = options.len();
    let choose = m.value.choose;
    let words = cardc_ir::text::count_word(choose);
    if count < 2 {
        out.push(
            Diagnostic::error(
                MODES_ONE_OPTION,
                m.span,
                format!("{who}: a choice needs at least two options; this one has {count}"),
            )
            .with_label("one option")
            .with_note(
                "ruling R81: `Choose one —` offers options separated by `;`, the last after `; or`",
            )
            .with_help(format!(
                "write the effect without the choice: `{}`",
                all_of(chain)
            )),
        );
        return;
    }
    if count > MAX_OPTIONS {
        out.push(
            Diagnostic::error(
                MODES_TOO_MANY_OPTIONS,
                m.span,
                format!(
                    "{who}: a choice of {count} options; the engine offers at most {MAX_OPTIONS}"
                ),
            )
            .with_label(format!("{count} options"))
            .with_note(format!(
                "ruling R81: at most {MAX_OPTIONS} options, one bit each in the engine's choice"
            ))
            .with_help("split the options over two abilities"),
        );
    }
    if choose == 0 || choose as usize >= count {
        let (msg, help) = if choose == 0 {
            (
                format!("{who}: `Choose {words}` chooses no option"),
                "write `Choose one —`".to_owned(),
            )
        } else {
            (
                format!(
                    "{who}: choosing {words} of {} options is doing all of them; write them as one effect",
                    cardc_ir::text::count_word(count as u32)
                ),
                format!("write `{}`", all_of(chain)),
            )
        };
        out.push(
            Diagnostic::error(MODES_TOO_MANY_CHOSEN, m.span, msg)
                .with_label(format!("`Choose {words}` of {count} options"))
                .with_note("ruling R81: the controller chooses that many different options, fewer than are printed")
                .with_help(help),
        );
    }
    for (i, a) in options.iter().enumerate() {
        if let Some(j) = options[..i].iter().position(|b| b == a) {
            let first = options[j];
            let span = a.first().map_or(m.span, |s| s.span);
            let mut d = Diagnostic::error(
                MODES_DUPLICATE_OPTION,
                span,
                format!("{who}: two options are the same effect"),
            )
            .with_label("the same as an earlier option")
            .with_note("ruling R81: the options of a choice are different effects");
            if let Some(f) = first.first() {
                d = d.with_secondary(f.span, "the earlier option");
            }
            let one = EffectChain {
                steps: a.to_vec(),
                condition: None,
                modes: None,
                joined: Vec::new(),
            };
            out.push(d.with_help(if count == 2 {
                format!("write the effect without the choice: `{}`", all_of(&one))
            } else {
                "remove one of them".to_owned()
            }));
        }
    }
}
