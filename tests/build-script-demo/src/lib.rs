//! Cards compiled by this crate's build script through `cardc::Builder` (into
//! `$OUT_DIR/cards.rs`), and the scenario runner that plays `tests/scenarios/*.scenario`
//! against them and the checked-in `cardc-cards` crate.
//!
//! The included file brings [`CARDS`], [`by_id`], [`by_name`] and the modules in
//! [`cards`] into this crate's root, as `include!` does for prost-build output.

include!(concat!(env!("OUT_DIR"), "/cards.rs"));

pub mod scenario;
