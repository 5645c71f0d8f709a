//! The card set compiled to Rust by `cardc build`: never edit by hand.
