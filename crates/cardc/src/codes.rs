//! Every diagnostic code of every stage, for `cardc explain`.

use cardc_diagnostics::CodeInfo;

/// All codes, in code order.
pub fn all() -> Vec<&'static CodeInfo> {
    let mut codes: Vec<&'static CodeInfo> = cardc_syntax::CODES
        .iter()
        .chain(cardc_lower::CODES)
        .chain(cardc_check::CODES)
        .chain(cardc_codegen::CODES)
        .collect();
    codes.sort_by_key(|c| c.code);
    codes
}

/// The explanation of `code` (case-insensitive: `e0101` finds `E0101`).
pub fn find(code: &str) -> Option<&'static CodeInfo> {
    all()
        .into_iter()
        .find(|c| c.code.eq_ignore_ascii_case(code.trim()))
}
