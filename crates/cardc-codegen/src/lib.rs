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

pub mod cache;
mod card;
mod cost_change;
mod effect;
pub mod header;
pub mod ident;
mod lit;
pub mod manifest;
mod modes;
mod quantity;
mod registry;
mod support;
pub mod synth;
mod vocabulary;
mod write;

pub use cache::Cache;
pub use support::{unsupported, unsupported_card, CODES, UNSUPPORTED};
pub use write::{
    remove_leftovers, write, write_file_if_changed, write_with, Durability, WriteReport,
};

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
    generate_cached(set, options, &mut Cache::disabled())
}

/// [`generate_with`] through a [`Cache`] of formatted modules: the same files, byte for
/// byte, but a card whose IR and identifiers the cache has seen is not generated or
/// formatted again.
pub fn generate_cached(set: &CardSet, options: &Options, cache: &mut Cache) -> Vec<GeneratedFile> {
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
    let bodies = card_texts(set, &order, &idents, cache);
    match options.layout {
        Layout::Crate => {
            let mut files = Vec::with_capacity(bodies.len() + 1);
            let root = registry_text(&entries, Layout::Crate, cache, || {
                let root = registry::registry(&entries, registry::Modules::Files);
                format(quote! {
                    //! The card set compiled to Rust by `cardc build`: never edit by hand.
                    //!
                    //! One module per card in [`cards`]; the registry [`CARDS`] (sorted by
                    //! id) with [`by_id`] and [`by_name`].
                    #root
                })
            });
            files.push(GeneratedFile {
                path: PathBuf::from("src/lib.rs"),
                contents: header::header(&sources, &options.command) + &root,
            });
            for (&i, body) in order.iter().zip(bodies) {
                let source = set.file_name(*set.cards[i].span);
                files.push(GeneratedFile {
                    path: PathBuf::from(format!("src/cards/{}.rs", idents[i].module)),
                    contents: header::header(&[source], &options.command) + &body,
                });
            }
            files
        }
        Layout::Include => {
            let shell = registry_text(&entries, Layout::Include, cache, || {
                let empty = vec![TokenStream::new(); entries.len()];
                format(registry::registry(
                    &entries,
                    registry::Modules::Inline(empty),
                ))
            });
            let text = splice(&shell, &entries, &bodies).unwrap_or_else(|| {
                // Not reached: the shell has one empty module per entry, in order.
                let items = order
                    .iter()
                    .map(|&i| card::card_items(&set.cards[i], &idents[i]))
                    .collect();
                format(registry::registry(
                    &entries,
                    registry::Modules::Inline(items),
                ))
            });
            vec![GeneratedFile {
                path: PathBuf::from("cards.rs"),
                contents: header::header(&sources, &options.command) + &text,
            }]
        }
    }
}

/// Each card's module of `order`, formatted, through the cache. A card's key (its IR
/// serialised without spans, hashed) and its module depend on that card alone, so the keys
/// and the modules the cache lacks are made on every thread of the machine; the cache is
/// read and written on this one, in order.
fn card_texts(
    set: &CardSet,
    order: &[usize],
    idents: &[ident::CardIdent],
    cache: &mut Cache,
) -> Vec<String> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let keys: Vec<Option<String>> = if cache.is_enabled() {
        par_map(order, threads, |&i| {
            let ident = &idents[i];
            cache::without_spans(&set.cards[i]).map(|ir| {
                cache::key(
                    "card",
                    &[&ir, ident.module.as_bytes(), ident.type_name.as_bytes()],
                )
            })
        })
    } else {
        vec![None; order.len()]
    };
    let mut texts = cache.lookup_all(&keys, threads);
    let missing: Vec<usize> = (0..order.len()).filter(|&j| texts[j].is_none()).collect();
    let made = par_map(&missing, threads, |&j| {
        let i = order[j];
        format(card::card_items(&set.cards[i], &idents[i]))
    });
    for (j, text) in missing.into_iter().zip(made) {
        if let Some(key) = &keys[j] {
            cache.insert(key, &text);
        }
        texts[j] = Some(text);
    }
    texts.into_iter().map(Option::unwrap_or_default).collect()
}

/// `f` of each item, in order, on up to `threads` threads, each given a run of consecutive
/// items (at least [`PER_THREAD`]). A thread that cannot be started has its run done here;
/// a panic in `f` is raised here, as it would be on one thread.
pub(crate) fn par_map<T: Sync, U: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> U + Sync,
) -> Vec<U> {
    let n = threads.min(items.len() / PER_THREAD).max(1);
    if n == 1 {
        return items.iter().map(f).collect();
    }
    let size = items.len().div_ceil(n);
    let f = &f;
    let runs: Vec<&[T]> = items.chunks(size).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = runs[1..]
            .iter()
            .map(|&run| {
                std::thread::Builder::new()
                    .stack_size(8 << 20)
                    .spawn_scoped(scope, move || run.iter().map(f).collect::<Vec<U>>())
            })
            .collect();
        let mut out: Vec<U> = Vec::with_capacity(items.len());
        out.extend(runs[0].iter().map(f));
        for (worker, run) in workers.into_iter().zip(&runs[1..]) {
            match worker.map(|handle| handle.join()) {
                Ok(Ok(done)) => out.extend(done),
                Ok(Err(panic)) => std::panic::resume_unwind(panic),
                Err(_) => out.extend(run.iter().map(f)),
            }
        }
        out
    })
}

/// The fewest items a thread of [`par_map`] is given: a card's key or module costs tens of
/// microseconds, starting a thread about as much.
const PER_THREAD: usize = 16;

/// The registry (the crate root, or the `include!` file's items around empty card
/// modules), formatted, through the cache: keyed by every entry it lists.
fn registry_text(
    entries: &[registry::Entry],
    layout: Layout,
    cache: &mut Cache,
    generate: impl FnOnce() -> String,
) -> String {
    if !cache.is_enabled() {
        return generate();
    }
    let kind = match layout {
        Layout::Crate => "registry-crate",
        Layout::Include => "registry-include",
    };
    let parts: Vec<&[u8]> = entries
        .iter()
        .flat_map(|e| {
            [
                e.ident.module.as_bytes(),
                e.ident.type_name.as_bytes(),
                e.name.as_bytes(),
                e.doc.as_bytes(),
            ]
        })
        .collect();
    cache.get_or_insert_with(&cache::key(kind, &parts), generate)
}

/// The `include!` file: each empty `pub mod id {}` of the registry's shell, in order,
/// filled with its card's formatted module, indented. `None` if the shell does not
/// have exactly the entries' modules in order.
fn splice(shell: &str, entries: &[registry::Entry], bodies: &[String]) -> Option<String> {
    let extra: usize = bodies.iter().map(|b| b.len() + b.lines().count() * 8).sum();
    let mut out = String::with_capacity(shell.len() + extra);
    let mut next = entries.iter().zip(bodies);
    let mut pending = next.next();
    for line in shell.lines() {
        if let Some((entry, body)) = pending {
            if line.trim_start() == format!("pub mod {} {{}}", entry.ident.module) {
                let indent = &line[..line.len() - line.trim_start().len()];
                out.push_str(indent);
                out.push_str(&format!("pub mod {} {{\n", entry.ident.module));
                for body_line in body.lines() {
                    if !body_line.is_empty() {
                        out.push_str(indent);
                        out.push_str("    ");
                        out.push_str(body_line);
                    }
                    out.push('\n');
                }
                out.push_str(indent);
                out.push_str("}\n");
                pending = next.next();
                continue;
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    pending.is_none().then_some(out)
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
