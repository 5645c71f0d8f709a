//! Literals: the only way card text and numbers reach generated Rust.
//!
//! Strings go through `proc_macro2::Literal::string`, which escapes quotes, backslashes
//! and control characters, so no name, flavour or rules text can close the literal.
//! Text that reaches a doc comment (and so rustdoc's Markdown) goes through
//! [`code_span`], so no backtick, `<img onerror>` or `[link](…)` in a card name becomes
//! markup in the generated crate's documentation.

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

/// An optional duration (`gain control of <target>[ until end of turn]`, ruling R100):
/// `None` for a change that lasts, `Some(engine::Duration::…)` for one that ends.
pub fn lasting(value: Option<cardc_ir::Duration>) -> TokenStream {
    match value {
        Some(d) => {
            let d = vocab(d);
            quote!(Some(#d))
        }
        None => quote!(None),
    }
}

/// `text` as one Markdown code span, whose content rustdoc shows literally: fenced by
/// one backtick more than the longest run of backticks inside (CommonMark's rule), padded
/// with a space where the content starts or ends with a backtick, control characters
/// and line breaks written as `\u{…}` (a doc line must stay one line).
pub fn code_span(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') || text.is_empty() {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{text}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::code_span;

    #[test]
    fn code_spans_outlast_every_backtick_inside() {
        assert_eq!(code_span("Mara Voss"), "`Mara Voss`");
        assert_eq!(code_span("a`b"), "``a`b``");
        assert_eq!(code_span("`x``"), "``` `x`` ```");
        assert_eq!(code_span("a\nb\u{1b}"), "`a\\u{a}b\\u{1b}`");
    }
}
