//! cardc as a library: the pipeline driver and diagnostic rendering.
//!
//! The whole pipeline, as [`driver::compile`] runs it:
//!
//! ```text
//! .card files ─▶ load ─▶ parse (cardc-syntax) ─▶ lower (cardc-ir) ─▶ check (cardc-check)
//!                                                        │
//!                              CardSet + diagnostics ◀───┘ ─▶ codegen / sheets / export
//! ```
//!
//! The binary (`src/main.rs`) is a thin clap front end over these functions.

pub mod builder;
pub mod codes;
pub mod driver;
pub mod fix;
pub mod fmt;
pub mod fuzz;
pub mod render;
pub mod walk;

pub use builder::{BuildError, Builder};
pub use driver::load;
pub use driver::{
    check_art, compile, compile_file, compile_file_with, compile_with, link, Compilation, FileUnit,
    Input, LoadError,
};
