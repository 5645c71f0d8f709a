//! Renders the built-in sample set (the card-language sketch's examples) to a folder,
//! with its PDF and PNGs when Chromium is installed:
//!
//! `cargo run -p cardc-sheets --example sample -- OUT_DIR [a4|letter] [poker|bridge|…] [backs]`

use cardc_sheets::{page_count, print_pdf, print_png, render_html, write_atomically, SheetOptions};
use std::path::PathBuf;

#[path = "../tests/support/mod.rs"]
mod support;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().unwrap_or_else(|| "sheets".to_owned()));
    let mut opts = SheetOptions {
        date: "2026-01-01".to_owned(),
        ..SheetOptions::default()
    };
    for a in args {
        match a.as_str() {
            "backs" => opts.backs = true,
            "final" => opts.proof = false,
            "a4" | "letter" => opts.page = a.parse()?,
            _ => opts.card = a.parse()?,
        }
    }
    let (set, sources) = support::sample();
    let files = render_html(&set, Some(&sources), &opts)?;
    write_atomically(&out, &files)?;
    let html = out.join("sheet.html");
    print_pdf(&html, &out.join("sheet.pdf"))?;
    let pngs = print_png(
        &html,
        &out.join("sheet"),
        &opts.page,
        page_count(&set, &opts)?,
        2.0,
    )?;
    println!("wrote {} and {} PNGs", out.display(), pngs.len());
    Ok(())
}
