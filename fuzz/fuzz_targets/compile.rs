//! Fuzz target `compile` (cargo-fuzz): any bytes through parse, lower and check end in
//! diagnostics, never a panic.
//! The property is `cardc::fuzz::compile`, replayed on stable by `cargo test`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| cardc::fuzz::compile(data));
