//! Fuzz target `codegen` (cargo-fuzz): for any input that compiles clean, the generated Rust
//! is deterministic and parses.
//! The property is `cardc::fuzz::codegen`, replayed on stable by `cargo test`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| cardc::fuzz::codegen(data));
