//! IR to Rust: trait implementations of the engine's card traits.
//!
//! [`generate`] turns a checked [`CardSet`] into Rust source files; [`write()`] puts them
//! on disk atomically and only when they changed. Each card becomes one module with a
//! zero-sized struct implementing `cardc_engine::Card`, one `const FaceData` per face
//! (its canonical rules text included, from `cardc_ir::text`) and behaviour bodies that
//! are straight-line calls on `cardc_engine::Effects`. The crate root holds the registry:
//! `CARDS` sorted by id, `by_id`, `by_name`.
//!
//! ```text
//! CardSet ─▶ ident::assign ─▶ card::card_items (per card) ─┐
//!                                                          ├─▶ quote! ─▶ prettyplease ─▶ files
//!                          registry::registry (crate root) ┘
//! ```
//!
//! Card text reaches Rust only as literals (the private `lit` module); identifiers only through the
//! sanitiser in [`ident`]. Output depends on nothing but the set: cards are ordered by
//! identifier, and no hash map is iterated.
//!
//! Run [`unsupported`] first: it reports (as `E0300`) the sentences the engine has no
//! primitive for; [`generate`] assumes there are none.

mod card;
mod effect;
pub mod header;
pub mod ident;
mod lit;
mod registry;
mod support;
pub mod synth;
mod vocabulary;
mod write;

pub use support::{unsupported, CODES, UNSUPPORTED};
pub use write::{write, write_file_if_changed, WriteReport};

use cardc_ir::CardSet;
use proc_macro2::TokenStream;
use quote::quote;
use std::path::PathBuf;

/// One generated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// Where it goes, relative to the output directory.
    pub path: PathBuf,
    /// Its full text, `@generated` header first.
    pub contents: String,
}

/// How the output is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// A crate's sources: `src/lib.rs` and one `src/cards/<id>.rs` per card (the
    /// checked-in `generated/` crate).
    #[default]
    Crate,
    /// One self-contained `cards.rs` for `include!` from a build script's `OUT_DIR`.
    Include,
}

/// What to generate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The layout.
    pub layout: Layout,
    /// The command named in the `@generated` headers.
    pub command: String,
}

/// The command that regenerates `generated/`.
pub const BUILD_COMMAND: &str = "cargo run -p cardc -- build";

impl Default for Options {
    fn default() -> Self {
        Options {
            layout: Layout::Crate,
            command: BUILD_COMMAND.to_owned(),
        }
    }
}

/// The files of the `generated/` crate for `set` (crate layout).
pub fn generate(set: &CardSet) -> Vec<GeneratedFile> {
    generate_with(set, &Options::default())
}

/// The files for `set`, laid out as `options` says, sorted by path.
pub fn generate_with(set: &CardSet, options: &Options) -> Vec<GeneratedFile> {
    let names: Vec<&str> = set.cards.iter().map(|c| c.name.value.as_str()).collect();
    let idents = ident::assign(&names);
    let mut order: Vec<usize> = (0..set.cards.len()).collect();
    order.sort_by(|&a, &b| idents[a].module.cmp(&idents[b].module));
    let mut sources: Vec<&str> = set.cards.iter().map(|c| set.file_name(*c.span)).collect();
    sources.sort_unstable();
    sources.dedup();
    let entries: Vec<registry::Entry> = order
        .iter()
        .map(|&i| {
            let c = &set.cards[i];
            registry::Entry {
                ident: &idents[i],
                name: &c.name.value,
                doc: format!(
                    " {} from {}.",
                    lit::code_span(&format!("{} {:?}", c.kind.value, c.name.value)),
                    lit::code_span(&header::clean(set.file_name(*c.span)))
                ),
            }
        })
        .collect();
    let items: Vec<TokenStream> = order
        .iter()
        .map(|&i| card::card_items(&set.cards[i], &idents[i]))
        .collect();
    match options.layout {
        Layout::Crate => {
            let mut files = Vec::with_capacity(items.len() + 1);
            let root = registry::registry(&entries, registry::Modules::Files);
            let root = quote! {
                //! The card set compiled to Rust by `cardc build`: never edit by hand.
                //!
                //! One module per card in [`cards`]; the registry [`CARDS`] (sorted by
                //! id) with [`by_id`] and [`by_name`].
                #root
            };
            files.push(GeneratedFile {
                path: PathBuf::from("src/lib.rs"),
                contents: header::header(&sources, &options.command) + &format(root),
            });
            for (&i, items) in order.iter().zip(items) {
                let source = set.file_name(*set.cards[i].span);
                files.push(GeneratedFile {
                    path: PathBuf::from(format!("src/cards/{}.rs", idents[i].module)),
                    contents: header::header(&[source], &options.command) + &format(items),
                });
            }
            files
        }
        Layout::Include => {
            let root = registry::registry(&entries, registry::Modules::Inline(items));
            vec![GeneratedFile {
                path: PathBuf::from("cards.rs"),
                contents: header::header(&sources, &options.command) + &format(root),
            }]
        }
    }
}

/// Pretty-prints tokens as a Rust file (falls back to the raw tokens should they not
/// parse, which would be a bug here, never a property of the input).
fn format(tokens: TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => space_items(&prettyplease::unparse(&file)),
        Err(_) => tokens.to_string(),
    }
}

/// Puts a blank line between items (prettyplease leaves none). Every line break in the
/// output is structural: string literals escape theirs as `\n`.
fn space_items(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + code.len() / 16);
    let mut prev = "";
    for line in code.lines() {
        let indent = line.len() - line.trim_start().len();
        let prev_indent = prev.len() - prev.trim_start().len();
        let prev_t = prev.trim_start();
        let ends_item = prev_t == "}" || prev_t == "};" || (indent == 0 && prev_t.ends_with(';'));
        let after_inner_doc = prev_t.starts_with("//!") && !line.starts_with("//!");
        let starts_item = !line.trim_start().starts_with('}') && !line.trim().is_empty();
        if starts_item && ((ends_item && indent == prev_indent && indent <= 4) || after_inner_doc) {
            out.push('\n');
        }
        out.push_str(line);
        out.push('\n');
        prev = line;
    }
    out
}
