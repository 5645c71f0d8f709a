//! `cardc sheet [PATHS…] --out DIR`: proof sheets (HTML, and PDF/PNG through headless
//! Chromium) for the card set. See `docs/sheets.md`.

use super::{compile_and_report, Inputs, Output, EXIT_ERRORS, EXIT_FAILURE};
use cardc::Compilation;
use cardc_sheets::pdf::{set_boxes, sheet_boxes, to_cmyk};
use cardc_sheets::shop::write_card_files;
use cardc_sheets::tts::write_tts;
use cardc_sheets::{
    page_count, print_pdf, print_png, render_alignment, render_html, CardSize, Imposition,
    PageSize, SheetError, SheetOptions, Spacing, Staging, ALIGNMENT_FILE, INDEX_FILE, SHEET_FILE,
};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `cardc sheet`.
#[derive(Debug, Args)]
pub struct SheetArgs {
    #[command(flatten)]
    inputs: Inputs,
    #[command(flatten)]
    output: Output,
    /// Folder to write the sheets into.
    #[arg(long, default_value = "sheets")]
    out: PathBuf,
    /// A folder of Tera templates overriding the built-in ones by file name.
    #[arg(long, value_name = "DIR")]
    templates: Option<PathBuf>,
    /// Card size: poker (63.5×88.9 mm), euro-poker (63×88 mm), bridge (57.15×88.9 mm)
    /// or WxHmm.
    #[arg(long, default_value = "poker", value_parser = parse_card)]
    card_size: CardSize,
    /// Paper: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_page)]
    page: PageSize,
    /// Bleed beyond the trim, in mm (less where neighbouring cards share a cut line).
    #[arg(long, default_value_t = 3.0, value_name = "MM")]
    bleed: f64,
    /// Page margin, in mm (at least 5).
    #[arg(long, default_value_t = 5.0, value_name = "MM")]
    margin: f64,
    /// A gutter of two bleeds between all cards, so every cut edge of every card has its
    /// full bleed (fewer cards per page where the paper is tight).
    #[arg(long)]
    gutter: bool,
    /// Leave out the proof marks (safe zone, trim line, source, hash, date).
    #[arg(long)]
    no_proof: bool,
    /// Follow each page of fronts with its page of backs, for long-edge duplex.
    #[arg(long)]
    backs: bool,
    /// Also print `sheet.pdf` with headless Chromium.
    #[arg(long)]
    pdf: bool,
    /// Also screenshot each page to `sheet-pN.png` with headless Chromium.
    #[arg(long)]
    png: bool,
    /// Convert `sheet.pdf` (and `cards.pdf`) to CMYK with Ghostscript (`apt-get install
    /// ghostscript`); implies `--pdf`.
    #[arg(long)]
    cmyk: bool,
    /// Print-shop files: one PNG per face with 1/8 in bleed, a `back.png` and a
    /// `cards.pdf`, into this folder (poker: 825×1125 px at 300 dpi).
    #[arg(long, value_name = "DIR")]
    cards: Option<PathBuf>,
    /// Resolution of the `--cards` images: 300 or 600.
    #[arg(long, default_value_t = 300, value_parser = parse_dpi)]
    dpi: u32,
    /// Tabletop Simulator deck sheets (10×7) and a saved object, into `OUT/tts/`.
    #[arg(long)]
    tts: bool,
    /// Shift the backs to correct a duplex printer's misalignment: `Xmm,Ymm` as seen on
    /// the printed back (right and down are positive), each within ±5 mm.
    #[arg(long, value_name = "Xmm,Ymm", value_parser = parse_offset, allow_hyphen_values = true)]
    back_offset: Option<(f64, f64)>,
    /// Also write `alignment.html` (and `.pdf` with `--pdf`): a duplex test page whose
    /// scales read off the offset to pass to `--back-offset`.
    #[arg(long)]
    alignment: bool,
    /// The date printed on proofs (YYYY-MM-DD) [default: today, or SOURCE_DATE_EPOCH].
    #[arg(long)]
    date: Option<String>,
}

fn parse_card(s: &str) -> Result<CardSize, String> {
    s.parse()
        .map_err(|e: cardc_sheets::SheetError| e.to_string())
}

fn parse_dpi(s: &str) -> Result<u32, String> {
    match s.trim() {
        "300" => Ok(300),
        "600" => Ok(600),
        _ => Err(format!("`{s}`: print-shop images are 300 or 600 dpi")),
    }
}

fn parse_offset(s: &str) -> Result<(f64, f64), String> {
    cardc_sheets::parse_offset(s).map_err(|e| e.to_string())
}

fn parse_page(s: &str) -> Result<PageSize, String> {
    s.parse()
        .map_err(|e: cardc_sheets::SheetError| e.to_string())
}

/// Runs `cardc sheet`. Nothing is written when the cards have errors, and a failed
/// render leaves the output folder as it was.
pub fn run(args: &SheetArgs) -> ExitCode {
    let opts = SheetOptions {
        card: args.card_size.clone(),
        page: args.page.clone(),
        bleed_mm: args.bleed,
        margin_mm: args.margin,
        proof: !args.no_proof,
        backs: args.backs,
        spacing: if args.gutter {
            Spacing::Gutter
        } else {
            Spacing::Auto
        },
        templates_dir: args.templates.clone(),
        base_dir: PathBuf::new(),
        back_offset_mm: args.back_offset.unwrap_or((0.0, 0.0)),
        date: args.date.clone().unwrap_or_else(cardc_sheets::today_utc),
    };
    // Usage errors first: no card is read before the options are known to be good.
    let imposition = match opts.validate() {
        Ok(imp) => imp,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    let compilation = match compile_and_report(&args.inputs, &args.output) {
        Ok(c) => c,
        Err(code) => return code,
    };
    if !compilation.has_errors() {
        warn_bleed(&imposition);
    }
    let extras = Extras {
        pdf: args.pdf || args.cmyk,
        png: args.png,
        cmyk: args.cmyk,
        cards: args.cards.clone(),
        dpi: args.dpi,
        tts: args.tts,
        alignment: args.alignment,
    };
    render_with(compilation, &args.out, &opts, &extras)
}

/// What `cardc sheet` writes besides the HTML.
#[derive(Debug, Clone, Default)]
pub struct Extras {
    /// `sheet.pdf`.
    pub pdf: bool,
    /// `sheet-pN.png`.
    pub png: bool,
    /// The PDFs in CMYK.
    pub cmyk: bool,
    /// The print-shop files' folder.
    pub cards: Option<PathBuf>,
    /// Their resolution.
    pub dpi: u32,
    /// Tabletop Simulator files in `OUT/tts/`.
    pub tts: bool,
    /// The duplex alignment page.
    pub alignment: bool,
}

/// `card_dir` relative to `out` when it lies inside it.
fn inside(out: &Path, card_dir: &Path) -> Option<PathBuf> {
    let out = std::path::absolute(out).ok()?;
    let dir = std::path::absolute(card_dir).ok()?;
    let rel = dir.strip_prefix(&out).ok()?;
    (!rel.as_os_str().is_empty()).then(|| rel.to_owned())
}

/// Warns, in mm, where the imposition cannot give every cut edge its full bleed.
pub fn warn_bleed(imp: &Imposition) {
    let warnings = imp.bleed_warnings();
    if warnings.is_empty() {
        return;
    }
    for w in &warnings {
        eprintln!("warning: {imp}: {w}");
    }
    match gutter_per_page(imp) {
        Some(n) => {
            eprintln!("  = help: `--gutter` gives every card its full bleed, at {n} cards per page")
        }
        None => eprintln!("  = help: a full bleed does not fit this card on this paper"),
    }
}

/// Cards per page that `--gutter` would give for the same paper, card, bleed and margin.
fn gutter_per_page(imp: &Imposition) -> Option<usize> {
    cardc_sheets::impose_spaced(
        &imp.page,
        &imp.card,
        imp.bleed_requested_mm,
        imp.margin_mm,
        Spacing::Gutter,
    )
    .ok()
    .map(|g| g.per_page())
}

/// Renders the sheets of a compilation (already reported) into `out`, and prints
/// them to PDF and/or PNG through Chromium when asked.
pub fn render_into(
    compilation: &Compilation,
    out: &Path,
    opts: &SheetOptions,
    pdf: bool,
    png: bool,
) -> ExitCode {
    let extras = Extras {
        pdf,
        png,
        dpi: 300,
        ..Extras::default()
    };
    render_with(compilation, out, opts, &extras)
}

/// [`render_into`] with every output of `cardc sheet`. Each output folder is staged
/// beside itself and put in place only when everything was written.
pub fn render_with(
    compilation: &Compilation,
    out: &Path,
    opts: &SheetOptions,
    extras: &Extras,
) -> ExitCode {
    if compilation.has_errors() {
        eprintln!("error: the cards have errors; no sheets were rendered");
        return ExitCode::from(EXIT_ERRORS);
    }
    let set = &compilation.set;
    // Everything is rendered and printed into a staging folder beside `out`, then put
    // in its place in one step: a failed or killed run leaves the old set whole.
    let sources = Some(&compilation.sources);
    let result = Staging::new(out).and_then(|staging| {
        // Card files inside the output folder are staged with it; elsewhere, on their own.
        let cards_inside = extras
            .cards
            .as_deref()
            .and_then(|c| inside(out, c))
            .map(|rel| staging.path().join(rel));
        let cards_staging = match (&extras.cards, &cards_inside) {
            (Some(c), None) => Some(Staging::new(c)?),
            _ => None,
        };
        let mut files = render_html(set, sources, opts)?;
        if extras.alignment {
            files.push((PathBuf::from(ALIGNMENT_FILE), render_alignment(opts)?));
        }
        staging.write(&files)?;
        let dir = staging.path();
        let html = dir.join(SHEET_FILE);
        if extras.pdf {
            let pdf = dir.join("sheet.pdf");
            print_pdf(&html, &pdf)?;
            if extras.cmyk {
                to_cmyk(&pdf)?;
            }
            set_boxes(&pdf, &[sheet_boxes(&opts.imposition()?)])?;
            if extras.alignment {
                print_pdf(&dir.join(ALIGNMENT_FILE), &dir.join("alignment.pdf"))?;
            }
        }
        if extras.png {
            let pages = page_count(set, opts)?;
            print_png(&html, &dir.join("sheet"), &opts.page, pages, 2.0)?;
        }
        if extras.tts {
            write_tts(set, sources, opts, &dir.join("tts"), &out.join("tts"))?;
        }
        if let Some(dir) = cards_inside
            .as_deref()
            .or(cards_staging.as_ref().map(Staging::path))
        {
            write_card_files(set, sources, opts, extras.dpi, extras.cmyk, dir)?;
        }
        if let Some(cards) = cards_staging {
            cards.commit()?;
        }
        staging.commit()
    });
    match result {
        Ok(()) => {
            eprintln!(
                "wrote {} cards to {}",
                set.cards.len(),
                out.join(INDEX_FILE).display()
            );
            ExitCode::SUCCESS
        }
        Err(SheetError::Art(diagnostics)) => {
            // Art too small at this card size (`cardc check` measures at poker size).
            eprint!(
                "{}",
                cardc::render::plain(&compilation.sources, &diagnostics)
            );
            eprintln!(
                "error: the art does not print well at this card size; no sheets were rendered"
            );
            ExitCode::from(EXIT_ERRORS)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}
