//! Writes a synthetic card set and a stand-alone crate to compile it into, for the
//! `cargo build` timings in docs/performance.md.
//!
//! ```text
//! cargo run -p cardc-codegen --example synth -- 1000 1 /tmp/synth
//! cargo run -p cardc -- build /tmp/synth/cards --out /tmp/synth
//! cargo build --manifest-path /tmp/synth/Cargo.toml
//! ```

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().as_deref().unwrap_or("1000").parse()?;
    let seed: u64 = args.next().as_deref().unwrap_or("1").parse()?;
    let out = PathBuf::from(args.next().unwrap_or_else(|| "target/synth".to_owned()));
    std::fs::create_dir_all(out.join("cards"))?;
    std::fs::write(
        out.join("cards/synth.card"),
        cardc_codegen::synth::cards(count, seed),
    )?;
    let engine = std::fs::canonicalize(concat!(env!("CARGO_MANIFEST_DIR"), "/../cardc-engine"))?;
    let manifest = format!(
        "[package]\nname = \"synth-cards\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [dependencies]\ncardc-engine = {{ path = {:?} }}\n\n[workspace]\n",
        engine.display().to_string()
    );
    std::fs::write(out.join("Cargo.toml"), manifest)?;
    eprintln!("wrote {count} cards (seed {seed}) to {}", out.display());
    Ok(())
}
