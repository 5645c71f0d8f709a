//! Fuzz target `fmt` (cargo-fuzz): for any input that compiles clean, `cardc fmt` succeeds, is
//! idempotent, keeps the IR and every comment on its item.
//! The property is `cardc::fuzz::fmt`, replayed on stable by `cargo test`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| cardc::fuzz::fmt(data));
