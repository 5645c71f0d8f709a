//! Cost changes (ruling R87): `Maneuvers you play cost 1 less.` as the engine's
//! `engine::CostChange`, one entry of its face's `cost_changes`, which the engine reads as a
//! card is paid for (`Game::cost_to_pay`).

use crate::lit::vocab;
use cardc_ir::CostChange;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// `engine::CostChange { cards: …, player: …, delta: -1 }`.
pub(crate) fn cost_change(c: &CostChange) -> TokenStream {
    let cards = vocab(c.cards.value);
    let player = match c.player {
        Some(p) => {
            let p = vocab(p);
            quote!(::core::option::Option::Some(#p))
        }
        None => quote!(::core::option::Option::None),
    };
    let delta = Literal::i32_unsuffixed(c.delta);
    quote!(engine::CostChange { cards: #cards, player: #player, delta: #delta })
}
