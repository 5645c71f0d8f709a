//! Effects and targets: one function per IR variant, each returning the tokens of a call
//! on the engine's `Effects` context (`fx.deal_damage(Target::Chosen(0), 2u32);`).
//!
//! `target …` choices are numbered in order of appearance across one ability (or one
//! Maneuver or Reversal text); each adds its `Selector` to the ability's list, which the
//! engine uses to choose and check the targets. A named target chooses nothing: it is
//! the card's name as a string literal (`engine::Target::Named("Pier Nine")`).

use cardc_ir::{Controller, EffectChain, PermanentKind, Target};
use proc_macro2::TokenStream;
use quote::quote;

use crate::lit::{string, vocab};

/// The `Selector`s of one ability, in the order its `target …`s appear.
#[derive(Debug, Default)]
pub struct Targets {
    selectors: Vec<TokenStream>,
}

impl Targets {
    /// The selector list, as a `&[Selector]` expression.
    pub fn slice(&self) -> TokenStream {
        let s = &self.selectors;
        quote!(&[#(#s),*])
    }

    /// Whether no `target …` appeared.
    pub fn is_empty(&self) -> bool {
        self.selectors.is_empty()
    }
}

/// The statements of an effect chain: one call per step, in order.
pub fn chain(chain: &EffectChain, targets: &mut Targets) -> TokenStream {
    let steps = chain.steps.iter().map(|s| effect(&s.value, targets));
    quote!(#(#steps)*)
}

/// One effect as a call on `fx` (one arm per effect, generated from `vocab/vocabulary.toml`).
pub use crate::vocabulary::effect;

/// A target as an engine `Target`; a `target …` choice is numbered and its selector kept.
pub fn target(t: &Target, targets: &mut Targets) -> TokenStream {
    match *t {
        Target::ThisCard => quote!(engine::Target::ThisCard),
        Target::TheBound => quote!(engine::Target::TheBound),
        Target::Chosen { kind, controller } => {
            let n = proc_macro2::Literal::u8_unsuffixed(
                u8::try_from(targets.selectors.len()).unwrap_or(u8::MAX),
            );
            targets.selectors.push(selector(kind, controller));
            quote!(engine::Target::Chosen(#n))
        }
        Target::Each { kind, controller } => {
            let s = selector(kind, controller);
            quote!(engine::Target::Each(#s))
        }
        Target::Named(ref name) => {
            let name = string(&name.value);
            quote!(engine::Target::Named(#name))
        }
    }
}

/// `Selector { kind: PermanentKind::…, controller: … }`.
pub fn selector(kind: PermanentKind, controller: Option<Controller>) -> TokenStream {
    let kind = vocab(kind);
    let controller = match controller {
        None => quote!(None),
        Some(c) => {
            let c = vocab(c);
            quote!(Some(#c))
        }
    };
    quote! {
        engine::Selector {
            kind: #kind,
            controller: #controller,
        }
    }
}
