//! Modes (ruling R81): a modal chain's options as `if fx.chose(i) { … }` blocks in printed
//! order, and the card's `fn modes` that gives the engine each modal text's
//! `engine::ModeData` (how many options are chosen, how many selectors each option has).
//!
//! The options' `target …`s are numbered on across the options, as in any chain; an
//! anaphor is numbered within its own option (lowering binds it there).

use cardc_ir::EffectChain;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::effect::Targets;

/// The statements of a modal chain: each option's steps run only if it was chosen.
pub(crate) fn options(chain: &EffectChain, choose: u32, targets: &mut Targets) -> TokenStream {
    let mut blocks = Vec::new();
    let mut counts = Vec::new();
    let first = Literal::u8_unsuffixed(u8::try_from(targets.len()).unwrap_or(u8::MAX));
    for (i, steps) in chain.options().into_iter().enumerate() {
        let before = targets.len();
        targets.start_chain();
        let body: Vec<TokenStream> = steps
            .iter()
            .map(|s| crate::effect::effect(&s.value, targets))
            .collect();
        let n = Literal::u8_unsuffixed(u8::try_from(i).unwrap_or(u8::MAX));
        blocks.push(quote!(if fx.chose(#n) { #(#body)* }));
        counts.push(Literal::u8_unsuffixed(
            u8::try_from(targets.len() - before).unwrap_or(u8::MAX),
        ));
    }
    let choose = Literal::u8_unsuffixed(u8::try_from(choose).unwrap_or(u8::MAX));
    targets.set_modes(
        quote!(engine::ModeData { choose: #choose, first: #first, options: &[#(#counts),*] }),
    );
    quote!(#(#blocks)*)
}

/// `fn modes(&self, face, text)`: one arm per modal text (`(face, ModalText::…)` and its
/// `ModeData`); nothing when the card has none.
pub(crate) fn method(arms: &[(TokenStream, TokenStream)]) -> TokenStream {
    if arms.is_empty() {
        return TokenStream::new();
    }
    let arms = arms
        .iter()
        .map(|(pat, data)| quote!(#pat => ::core::option::Option::Some(#data),));
    quote! {
        fn modes(
            &self,
            face: engine::Face,
            text: engine::ModalText,
        ) -> ::core::option::Option<engine::ModeData> {
            match (face, text) {
                #(#arms)*
                _ => ::core::option::Option::None,
            }
        }
    }
}
