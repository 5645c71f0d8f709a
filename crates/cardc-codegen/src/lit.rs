//! Literals: the only way card text and numbers reach generated Rust.
//!
//! Strings go through `proc_macro2::Literal::string`, which escapes quotes, backslashes
//! and control characters, so no name, flavour or rules text can close the literal.

use cardc_ir::Vocabulary;
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

/// An unsuffixed integer literal: `3`.
pub fn num(n: u32) -> Literal {
    Literal::u32_unsuffixed(n)
}

/// A signed integer: `2` or `-2` (a minus token and a literal).
pub fn signed(n: i32) -> TokenStream {
    let abs = Literal::u32_unsuffixed(n.unsigned_abs());
    if n < 0 {
        quote!(-#abs)
    } else {
        quote!(#abs)
    }
}

/// A string literal: `"Ilse Marrow"`.
pub fn string(s: &str) -> Literal {
    Literal::string(s)
}

/// A value of a vocabulary the IR and the engine share, as the engine names it:
/// `engine::Drive::Liberation`, `engine::PermanentKind::GroundUnit`.
pub fn vocab<T: Vocabulary>(value: T) -> TokenStream {
    let ty = Ident::new(T::TYPE, Span::call_site());
    let variant = Ident::new(value.variant(), Span::call_site());
    quote!(engine::#ty::#variant)
}
