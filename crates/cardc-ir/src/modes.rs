//! Modes: `Choose one — <option>; <option>; or <option>` and `Choose two — …` (ruling R81).
//!
//! A modal [`EffectChain`] keeps every option's steps in its `steps`, in printed order, so
//! every check over steps sees them all; [`Modes::options`] says how many steps each option
//! has. [`EffectChain::options`] splits them back. The canonical text is printed by
//! [`text`]: the first option capitalised after the dash, the others lower case, `; `
//! between them and `; or ` before the last.

use crate::ir::{Effect, EffectChain};
use crate::loc::Loc;
use serde::{Deserialize, Serialize};

/// `Choose <count> — …`: how many options are chosen and how the steps split into options.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modes {
    /// How many different options the controller chooses (`one`: 1, `two`/`2`: 2).
    pub choose: u32,
    /// The number of steps of each option, in printed order; their sum is the chain's
    /// number of steps.
    pub options: Vec<usize>,
}

/// Most options one modal ability may print (the engine's `MAX_MODES`).
pub const MAX_OPTIONS: usize = 8;

impl EffectChain {
    /// The chain's options, each a slice of its steps: a plain chain is one option.
    pub fn options(&self) -> Vec<&[Loc<Effect>]> {
        let Some(m) = &self.modes else {
            return vec![self.steps.as_slice()];
        };
        let mut out = Vec::with_capacity(m.value.options.len());
        let mut start = 0;
        for &n in &m.value.options {
            let end = (start + n).min(self.steps.len());
            out.push(&self.steps[start.min(end)..end]);
            start = end;
        }
        out
    }
}

/// A modal chain's text, lower-case start: `choose one — Draw a card; or gain 1 CP`.
pub fn text(chain: &EffectChain, modes: &Modes) -> String {
    let options: Vec<String> = chain
        .options()
        .iter()
        .enumerate()
        .map(|(i, steps)| {
            let first = modes.options[..i].iter().sum();
            let option = crate::text::steps(chain, first, steps);
            if i == 0 {
                crate::text::capitalise(&option)
            } else {
                option
            }
        })
        .collect();
    let mut out = format!("choose {} \u{2014} ", crate::text::count_word(modes.choose));
    let last = options.len().saturating_sub(1);
    for (i, o) in options.iter().enumerate() {
        if i > 0 {
            out.push_str(if i == last { "; or " } else { "; " });
        }
        out.push_str(o);
    }
    out
}
