//! IR to Rust: trait implementations of the engine's card traits.
