//! The `@generated` header every generated file begins with: what it was generated from
//! and the command that regenerates it.

/// The first bytes of every generated file; [`crate::write`] deletes only such files.
pub const MARKER: &str = "// @generated";

/// The header for a file generated from `sources` by `command`, ending in a newline.
pub fn header(sources: &[&str], command: &str) -> String {
    let mut out = String::new();
    out.push_str(MARKER);
    out.push_str(" by cardc from ");
    match sources {
        [one] => out.push_str(&format!("`{}`", clean(one))),
        many => {
            out.push_str(&format!("{} card files:", many.len()));
            for s in many {
                out.push_str(&format!("\n//   `{}`", clean(s)));
            }
        }
    }
    out.push_str(".\n// Do not edit by hand: edit the cards and regenerate with `");
    out.push_str(&clean(command));
    out.push_str("`.\n\n");
    out
}

/// A path or command on one comment line: no line breaks or backticks.
pub fn clean(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() || c == '`' { '?' } else { c })
        .collect()
}
