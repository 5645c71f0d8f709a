//! Parses a `.card` file and prints the AST and diagnostics (a debugging aid).

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dump FILE.card");
        return;
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            return;
        }
    };
    let (ast, diags, _) = cardc_syntax::parse_bytes(cardc_diagnostics::FileId(0), &bytes);
    if std::env::var_os("QUIET").is_none() {
        println!("{ast:#?}");
    }
    for d in diags {
        let span = d.primary.span;
        println!(
            "{path}:{}..{}: error[{}]: {}",
            span.start, span.end, d.code, d.message
        );
    }
}
