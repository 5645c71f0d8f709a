//! The crate root of the generated code: one module per card and the registry of all
//! cards, sorted by id, with lookups by id and by name.

use crate::ident::CardIdent;
use crate::lit::string;
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

/// One card as the registry sees it.
pub struct Entry<'a> {
    /// Its identifiers (the module name is the card's id).
    pub ident: &'a CardIdent,
    /// Its name as printed.
    pub name: &'a str,
    /// The doc line of its module.
    pub doc: String,
}

/// How the card modules are laid out.
pub enum Modules {
    /// `pub mod x;` declarations: each module is its own file in `cards/`.
    Files,
    /// Inline `pub mod x { … }` with these items (one file for `include!`).
    Inline(Vec<TokenStream>),
}

/// The registry items and the `cards` module; `entries` are sorted by id.
pub fn registry(entries: &[Entry], modules: Modules) -> TokenStream {
    let module_decls: Vec<TokenStream> = match &modules {
        Modules::Files => entries
            .iter()
            .map(|e| {
                let (m, doc) = (module(e), string(&e.doc));
                quote!(#[doc = #doc] pub mod #m;)
            })
            .collect(),
        Modules::Inline(items) => entries
            .iter()
            .zip(items)
            .map(|(e, items)| {
                let (m, doc) = (module(e), string(&e.doc));
                quote!(#[doc = #doc] pub mod #m { #items })
            })
            .collect(),
    };
    let cards = entries.iter().map(|e| {
        let (m, t) = (module(e), Ident::new(&e.ident.type_name, Span::call_site()));
        quote!(&cards::#m::#t)
    });
    let ids = entries.iter().map(|e| string(&e.ident.module));
    let mut names: Vec<(&str, usize)> = entries.iter().map(|e| e.name).zip(0..).collect();
    names.sort();
    let names = names.iter().map(|(n, i)| {
        let (n, i) = (string(n), Literal::usize_unsuffixed(*i));
        quote!((#n, #i))
    });
    let count = Literal::usize_unsuffixed(entries.len());
    quote! {
        /// One module per card, named by the card's id.
        #[allow(clippy::module_inception, clippy::upper_case_acronyms)]
        pub mod cards {
            #(#module_decls)*
        }

        /// Every card, sorted by id.
        pub static CARDS: &[&dyn ::cardc_engine::Card] = &[#(#cards),*];

        /// The id of each card of [`CARDS`], in the same (sorted) order.
        pub static IDS: &[&str] = &[#(#ids),*];

        /// Every card's name and its index in [`CARDS`], sorted by name.
        pub static NAMES: &[(&str, usize)] = &[#(#names),*];

        /// The number of cards.
        pub const COUNT: usize = #count;

        /// The card with this id (its module name, e.g. `"ilse_marrow"`).
        pub fn by_id(id: &str) -> ::core::option::Option<&'static dyn ::cardc_engine::Card> {
            let i = IDS.binary_search(&id).ok()?;
            CARDS.get(i).copied()
        }

        /// The card with this name, exactly as printed.
        pub fn by_name(name: &str) -> ::core::option::Option<&'static dyn ::cardc_engine::Card> {
            let i = NAMES.binary_search_by(|(n, _)| (*n).cmp(name)).ok()?;
            let (_, index) = NAMES.get(i)?;
            CARDS.get(*index).copied()
        }

        /// The id of the card with this name.
        pub fn id_of(name: &str) -> ::core::option::Option<&'static str> {
            let i = NAMES.binary_search_by(|(n, _)| (*n).cmp(name)).ok()?;
            let (_, index) = NAMES.get(i)?;
            IDS.get(*index).copied()
        }
    }
}

fn module(e: &Entry) -> Ident {
    Ident::new(&e.ident.module, Span::call_site())
}
