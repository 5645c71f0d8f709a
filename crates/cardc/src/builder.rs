//! Code generation as a library: the [`Builder`] for build scripts (in the style of
//! `prost-build`) and [`generate`], the stage `cardc build` and the staleness test share.
//!
//! # A build script
//!
//! `Cargo.toml`:
//!
//! ```toml
//! [dependencies]
//! cardc-engine = { path = "../crates/cardc-engine" }
//!
//! [build-dependencies]
//! cardc = { path = "../crates/cardc" }
//! ```
//!
//! `build.rs`:
//!
//! ```no_run
//! fn main() -> Result<(), Box<dyn std::error::Error>> {
//!     // Checks every `.card` file under `cards/`, then writes `$OUT_DIR/cards.rs`.
//!     // Prints `cargo:rerun-if-changed` for every card file and directory read.
//!     cardc::Builder::new()
//!         .cards("cards")
//!         .out_dir(std::env::var("OUT_DIR")?)
//!         .compile()?;
//!     Ok(())
//! }
//! ```
//!
//! `src/lib.rs`:
//!
//! ```ignore
//! include!(concat!(env!("OUT_DIR"), "/cards.rs"));
//!
//! // Now `CARDS`, `by_id`, `by_name` and the modules in `cards` are in scope:
//! let card = by_name("Dockside Agitators").unwrap();
//! ```
//!
//! Errors in the cards fail the build script with the rendered diagnostics, as
//! `cardc check` prints them (a `main` returning [`BuildError`] shows them through its
//! `Debug`, which is the rendered text); nothing is written, so the previous output stays
//! as it was. Warnings are printed as `cargo:warning=` lines, which cargo shows.
//!
//! Both the `Builder` and `cardc build` generate through the output directory's cache
//! ([`cardc_codegen::cache`]): a card whose IR has not changed is not generated or
//! formatted again.

use crate::driver::{compile, load, Compilation, Input, LoadError};
use cardc_codegen::{manifest, Cache, Durability, GeneratedFile, Layout, Options, WriteReport};
use cardc_diagnostics::{Diagnostic, Severity};
use std::fmt;
use std::path::{Path, PathBuf};

/// Why a build produced nothing.
///
/// Its `Debug` is its `Display`, the rendered diagnostics included (as `anyhow::Error`
/// does), so a build script's `main` returning it prints what `cardc check` would.
pub enum BuildError {
    /// No card path was given.
    NoCards,
    /// No output directory was given and `OUT_DIR` is not set.
    NoOutDir,
    /// The inputs could not be read.
    Load(LoadError),
    /// The cards have errors (or sentences the engine cannot play): the rendered
    /// diagnostics, without colour.
    Cards {
        /// How many errors.
        errors: usize,
        /// The diagnostics as `cardc check` prints them.
        rendered: String,
    },
    /// Writing the output failed.
    Io(std::io::Error),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::NoCards => f.write_str("no card files or directories given"),
            BuildError::NoOutDir => f.write_str("no output directory given and OUT_DIR is unset"),
            BuildError::Load(e) => write!(f, "{e}"),
            BuildError::Cards { errors, rendered } => {
                write!(
                    f,
                    "{rendered}the cards have {errors} error(s); nothing was generated"
                )
            }
            BuildError::Io(e) => write!(f, "writing generated code: {e}"),
        }
    }
}

impl fmt::Debug for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            // `{:#?}` still shows the structure, for whoever wants it.
            return match self {
                BuildError::NoCards => f.write_str("NoCards"),
                BuildError::NoOutDir => f.write_str("NoOutDir"),
                BuildError::Load(e) => f.debug_tuple("Load").field(e).finish(),
                BuildError::Cards { errors, rendered } => f
                    .debug_struct("Cards")
                    .field("errors", errors)
                    .field("rendered", rendered)
                    .finish(),
                BuildError::Io(e) => f.debug_tuple("Io").field(e).finish(),
            };
        }
        // `fn main() -> Result<(), E>` prints `Error: {err:?}`: start the text on its own
        // line so the diagnostics' columns line up.
        if matches!(self, BuildError::Cards { .. }) {
            f.write_str("\n")?;
        }
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for BuildError {}

/// Compiles card files into Rust from a build script, in the style of `prost-build`.
///
/// A complete example. `Cargo.toml`:
///
/// ```toml
/// [dependencies]
/// cardc-engine = { path = "../crates/cardc-engine" }
///
/// [build-dependencies]
/// cardc = { path = "../crates/cardc" }
/// ```
///
/// `build.rs`:
///
/// ```no_run
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     // Checks every `.card` file under `cards/`, then writes `$OUT_DIR/cards.rs`
///     // (only if it changed). Prints `cargo:rerun-if-changed` for `cards/`, every
///     // directory under it and every `.card` file. With errors in the cards, the
///     // build script fails with the rendered diagnostics and writes nothing.
///     cardc::Builder::new()
///         .cards("cards")
///         .out_dir(std::env::var("OUT_DIR")?)
///         .compile()?;
///     Ok(())
/// }
/// ```
///
/// `src/lib.rs`:
///
/// ```ignore
/// include!(concat!(env!("OUT_DIR"), "/cards.rs"));
///
/// // `CARDS`, `IDS`, `by_id`, `by_name`, `id_of` and one module per card in `cards`:
/// let agitators: &dyn cardc_engine::Card = by_name("Dockside Agitators").unwrap();
/// assert_eq!(agitators.name(), "Dockside Agitators");
/// ```
///
/// `tests/build-script-demo/` in this repository is such a crate.
#[derive(Debug, Clone)]
pub struct Builder {
    cards: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    options: Options,
    rerun_if_changed: bool,
    cargo_warnings: bool,
}

impl Default for Builder {
    fn default() -> Self {
        Self::new()
    }
}

impl Builder {
    /// A builder for `include!`-style output (`cards.rs`) that prints
    /// `cargo:rerun-if-changed` lines.
    pub fn new() -> Self {
        Builder {
            cards: Vec::new(),
            out_dir: None,
            options: Options {
                layout: Layout::Include,
                command: "cargo build (build script: cardc::Builder)".to_owned(),
            },
            rerun_if_changed: true,
            cargo_warnings: true,
        }
    }

    /// Adds a `.card` file, or a directory searched recursively. May be called repeatedly.
    pub fn cards(mut self, path: impl AsRef<Path>) -> Self {
        self.cards.push(path.as_ref().to_owned());
        self
    }

    /// Where to write (default: the `OUT_DIR` environment variable).
    pub fn out_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.out_dir = Some(dir.as_ref().to_owned());
        self
    }

    /// The output layout (default [`Layout::Include`]: one `cards.rs`).
    pub fn layout(mut self, layout: Layout) -> Self {
        self.options.layout = layout;
        self
    }

    /// The regeneration command named in the `@generated` headers.
    pub fn command(mut self, command: impl Into<String>) -> Self {
        self.options.command = command.into();
        self
    }

    /// Whether to print `cargo:rerun-if-changed` lines (default: yes).
    pub fn emit_rerun_if_changed(mut self, on: bool) -> Self {
        self.rerun_if_changed = on;
        self
    }

    /// Whether to print the cards' warnings as `cargo:warning=` lines, one per line of
    /// each rendered warning (default: yes).
    pub fn emit_cargo_warnings(mut self, on: bool) -> Self {
        self.cargo_warnings = on;
        self
    }

    /// Checks the cards and generates the files in memory; writes nothing and prints
    /// nothing.
    pub fn generate(&self) -> Result<Vec<GeneratedFile>, BuildError> {
        if self.cards.is_empty() {
            return Err(BuildError::NoCards);
        }
        let (compilation, _) = self.checked()?;
        self.generate_from(&compilation)
    }

    /// Loads and checks the cards and their art; returns the art files named.
    fn checked(&self) -> Result<(Compilation, Vec<PathBuf>), BuildError> {
        let mut compilation = compile(load(&self.cards).map_err(BuildError::Load)?);
        let art = crate::driver::check_art(&mut compilation, Path::new(""));
        Ok((compilation, art))
    }

    fn generate_from(&self, compilation: &Compilation) -> Result<Vec<GeneratedFile>, BuildError> {
        generate(compilation, &self.options).map_err(|diagnostics| BuildError::Cards {
            errors: diagnostics.iter().filter(|d| d.is_error()).count(),
            rendered: crate::render::plain(&compilation.sources, &diagnostics),
        })
    }

    /// Checks the cards and writes the generated files (only those that changed). With
    /// errors, writes nothing.
    pub fn compile(&self) -> Result<WriteReport, BuildError> {
        if self.rerun_if_changed {
            for path in rerun_paths(&self.cards) {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or(BuildError::NoOutDir)?,
        };
        if self.cards.is_empty() {
            return Err(BuildError::NoCards);
        }
        let (compilation, art) = self.checked()?;
        if self.rerun_if_changed {
            // The art is an input too, printed even when a file is missing so adding it reruns.
            for path in art {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
        if self.cargo_warnings {
            print!("{}", cargo_warnings(&compilation));
        }
        build(&compilation, &self.options, &out_dir).map(|built| built.report)
    }
}

/// The compilation's warnings as `cargo:warning=` lines, one per rendered line (cargo
/// shows each as a `warning:` line of the build).
pub fn cargo_warnings(compilation: &Compilation) -> String {
    let warnings: Vec<Diagnostic> = compilation
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .cloned()
        .collect();
    if warnings.is_empty() {
        return String::new();
    }
    let rendered = crate::render::plain(&compilation.sources, &warnings);
    let mut out = String::new();
    for line in rendered.lines() {
        out.push_str("cargo:warning=");
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// What [`build`] did.
#[derive(Debug, Clone)]
pub struct Built {
    /// How many files the set has.
    pub files: usize,
    /// What was written, left alone and removed.
    pub report: WriteReport,
    /// Card modules and registries taken from the cache.
    pub cache_hits: usize,
    /// Card modules and registries generated and formatted.
    pub cache_misses: usize,
    /// Whether nothing had changed since the last build into the same folder, so its
    /// files were left as they are without generating or comparing any
    /// ([`cardc_codegen::manifest`]).
    pub up_to_date: bool,
}

/// Generates a checked compilation's files through `out_dir`'s cache and writes them
/// transactionally: what `cardc build` and [`Builder::compile`] do after checking. With
/// errors in the cards nothing is written (or cached).
pub fn build(
    compilation: &Compilation,
    options: &Options,
    out_dir: &Path,
) -> Result<Built, BuildError> {
    build_with(compilation, options, out_dir, Durability::Flush)
}

/// [`build`], flushing as `durability` says (for measuring what durability costs).
pub fn build_with(
    compilation: &Compilation,
    options: &Options,
    out_dir: &Path,
    durability: Durability,
) -> Result<Built, BuildError> {
    if compilation.has_errors() {
        let diagnostics = &compilation.diagnostics;
        return Err(BuildError::Cards {
            errors: diagnostics.iter().filter(|d| d.is_error()).count(),
            rendered: crate::render::plain(&compilation.sources, diagnostics),
        });
    }
    let stamp = stamp(compilation, options);
    if let Some(files) = stamp
        .as_ref()
        .and_then(|stamp| manifest::unchanged(out_dir, stamp))
    {
        // Nothing changed since the last build: its files stand as they are. What a
        // killed run left beside them is still removed.
        let removed = cardc_codegen::remove_leftovers(out_dir).map_err(BuildError::Io)?;
        return Ok(Built {
            files: files.len(),
            report: WriteReport {
                written: Vec::new(),
                unchanged: files.iter().map(|f| out_dir.join(f)).collect(),
                removed,
            },
            cache_hits: 0,
            cache_misses: 0,
            up_to_date: true,
        });
    }
    let mut cache = Cache::in_out_dir(out_dir);
    let files = cardc_codegen::generate_cached(&compilation.set, options, &mut cache);
    let report = cardc_codegen::write_with(out_dir, &files, durability).map_err(BuildError::Io)?;
    cache.prune();
    if let Some(stamp) = &stamp {
        let paths: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
        // A manifest not written only costs the next build its shortcut.
        let _ = manifest::record(out_dir, stamp, &paths);
    }
    Ok(Built {
        files: files.len(),
        report,
        cache_hits: cache.hits,
        cache_misses: cache.misses,
        up_to_date: false,
    })
}

/// The stamp of everything a build's files are generated from: this program (its path,
/// size and modification time: another build of cardc, or of the build script that
/// links it, is another program), the generator's fingerprint, the options, and every
/// input file's name and text. `None` when the program cannot be identified; every build
/// then runs in full.
fn stamp(compilation: &Compilation, options: &Options) -> Option<manifest::Stamp> {
    let exe = std::env::current_exe().ok()?;
    let meta = std::fs::metadata(&exe).ok()?;
    let time = meta
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    let program = format!("{} {} {}", exe.display(), meta.len(), time.as_nanos());
    let options = format!("{options:?}");
    let sources = &compilation.sources;
    let inputs = sources
        .ids()
        .flat_map(|id| [sources.name(id).as_bytes(), sources.text(id).as_bytes()]);
    Some(manifest::Stamp::new(
        [
            program.as_bytes(),
            cardc_codegen::cache::FINGERPRINT.as_bytes(),
            options.as_bytes(),
        ]
        .into_iter()
        .chain(inputs),
    ))
}

/// Code generation over a compilation: the files, or the diagnostics that forbid them
/// (the compilation's errors, among them the sentences the engine cannot play, `E0300`).
pub fn generate(
    compilation: &Compilation,
    options: &Options,
) -> Result<Vec<GeneratedFile>, Vec<Diagnostic>> {
    // The driver has already reported text the engine cannot play (`E0300`) as errors.
    if compilation.has_errors() {
        return Err(compilation.diagnostics.clone());
    }
    Ok(cardc_codegen::generate_with(&compilation.set, options))
}

/// Regenerates the `generated/` crate's files from the `.card` files under `cards_dir`
/// of the repository at `root`, naming sources relative to `root` exactly as
/// `cardc build` run from `root` does. For the staleness test.
pub fn regenerate_crate(root: &Path, cards_dir: &str) -> Result<Vec<GeneratedFile>, BuildError> {
    let inputs = load(&[root.join(cards_dir)]).map_err(BuildError::Load)?;
    let prefix = root.to_string_lossy().replace('\\', "/");
    let prefix = prefix.strip_prefix("./").unwrap_or(&prefix).to_owned();
    let inputs: Vec<Input> = inputs
        .into_iter()
        .map(|i| Input {
            name: relative(&i.name, &prefix),
            bytes: i.bytes,
        })
        .collect();
    let compilation = compile(inputs);
    generate(&compilation, &Options::default()).map_err(|diagnostics| BuildError::Cards {
        errors: diagnostics.iter().filter(|d| d.is_error()).count(),
        rendered: crate::render::plain(&compilation.sources, &diagnostics),
    })
}

fn relative(name: &str, prefix: &str) -> String {
    let prefix = prefix.trim_end_matches('/');
    name.strip_prefix(prefix)
        .map(|rest| rest.trim_start_matches('/').to_owned())
        .unwrap_or_else(|| name.to_owned())
}

/// Every input for `cargo:rerun-if-changed`: the paths given, each directory searched
/// and each card file, as [`crate::walk`] finds them, sorted. A directory is listed so
/// that adding a card reruns the build script.
pub fn rerun_paths(paths: &[PathBuf]) -> Vec<PathBuf> {
    let walk = crate::walk::card_files(paths);
    let mut out: Vec<PathBuf> = paths.to_vec();
    out.extend(walk.dirs);
    out.extend(walk.files);
    out.sort();
    out.dedup();
    out
}
