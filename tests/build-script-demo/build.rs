//! Compiles `cards/` into `$OUT_DIR/cards.rs` with `cardc::Builder`, exactly as a
//! downstream crate would.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    cardc::Builder::new()
        .cards("cards")
        .out_dir(std::env::var("OUT_DIR")?)
        .compile()?;
    Ok(())
}
