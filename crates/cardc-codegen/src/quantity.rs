//! Quantities as the engine receives them: a number as a literal (`2`, so a card with
//! fixed amounts generates exactly what it did before quantities), a count as a call made
//! as the effect resolves (`fx.count(engine::Countable::…) * 2`), `that many` as
//! `fx.that_many()`, a stat as `fx.stat(engine::StatOf::…)` (`docs/vocabulary-v2.md` §8,
//! rulings R67, R68 and R93).

use cardc_ir::{Countable, Quantity, Whose};
use proc_macro2::TokenStream;
use quote::quote;

use crate::lit::{num, vocab};

/// The amount an effect passes to its primitive; an `its` reads the target slot its
/// antecedent chose in `targets` (ruling R93).
pub fn amount(q: Quantity, targets: &crate::effect::Targets) -> TokenStream {
    match q {
        Quantity::Number(n) => {
            let n = num(n);
            quote!(#n)
        }
        Quantity::ForEach { per: 1, each } => {
            let c = countable(each);
            quote!(fx.count(#c))
        }
        Quantity::ForEach { per, each } => {
            let c = countable(each);
            let per = num(per);
            quote!(fx.count(#c).saturating_mul(#per))
        }
        Quantity::ThatMany => quote!(fx.that_many()),
        Quantity::EqualTo(s) => {
            let stat = vocab(s.stat);
            match s.whose {
                Whose::ThisCard => quote!(fx.stat(engine::StatOf::ThisCard(#stat))),
                Whose::It { index, .. } => {
                    let n = proc_macro2::Literal::u8_unsuffixed(
                        u8::try_from(targets.antecedent_slot(index)).unwrap_or(u8::MAX),
                    );
                    quote!(fx.stat(engine::StatOf::Chosen(#n, #stat)))
                }
            }
        }
    }
}

/// What a `for each` counts, as the engine's `Countable` (an effect's and a static's, R92).
pub(crate) fn countable(c: Countable) -> TokenStream {
    match c {
        Countable::Group(g) => {
            let g = crate::card::group(g);
            quote!(engine::Countable::Group(#g))
        }
        Countable::LiberationCountersOnThisCard => {
            quote!(engine::Countable::LiberationCountersOnThisCard)
        }
        Countable::StoryCountersOnThisCard => quote!(engine::Countable::StoryCountersOnThisCard),
        Countable::CardsInYourHand => quote!(engine::Countable::CardsInYourHand),
        Countable::CardsInYourDepletedPile(k) => {
            let k = vocab(k);
            quote!(engine::Countable::CardsInYourDepletedPile(#k))
        }
        Countable::Opponents => quote!(engine::Countable::Opponents),
    }
}
