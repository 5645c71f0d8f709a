//! The fonts shipped inside the crate, as `@font-face` rules with base64 data URLs, so
//! a sheet renders the same on any machine and nothing is fetched at render time.
//!
//! The fonts are subsets of the Liberation fonts (SIL OFL 1.1, renamed "Proof Sans"
//! and "Proof Serif"; see `fonts/OFL.txt` and `fonts/subset.py`).

use std::sync::OnceLock;

/// (family, weight, style, WOFF2 bytes)
const FONTS: &[(&str, u16, &str, &[u8])] = &[
    (
        "Proof Sans",
        700,
        "normal",
        include_bytes!("../fonts/proof-sans-bold.woff2"),
    ),
    (
        "Proof Serif",
        400,
        "normal",
        include_bytes!("../fonts/proof-serif-regular.woff2"),
    ),
    (
        "Proof Serif",
        400,
        "italic",
        include_bytes!("../fonts/proof-serif-italic.woff2"),
    ),
    (
        "Proof Serif",
        700,
        "normal",
        include_bytes!("../fonts/proof-serif-bold.woff2"),
    ),
];

/// The `@font-face` rules for every embedded font (computed once).
pub fn font_faces() -> &'static str {
    static CSS: OnceLock<String> = OnceLock::new();
    CSS.get_or_init(|| {
        let mut css = String::new();
        for (family, weight, style, bytes) in FONTS {
            css.push_str(&format!(
                "@font-face {{ font-family: \"{family}\"; font-weight: {weight}; \
                 font-style: {style}; font-display: block; \
                 src: url(data:font/woff2;base64,{}) format(\"woff2\"); }}\n",
                base64(bytes)
            ));
        }
        css
    })
}

/// Standard base64 with padding (RFC 4648 §4).
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        for (input, want) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(input.as_bytes()), want);
        }
    }

    #[test]
    fn every_font_is_embedded_and_small() {
        let css = font_faces();
        assert_eq!(css.matches("@font-face").count(), FONTS.len());
        assert!(!css.contains("http"), "fonts must not be fetched");
        let total: usize = FONTS.iter().map(|f| f.3.len()).sum();
        assert!(total < 200_000, "embedded fonts grew to {total} bytes");
        for f in FONTS {
            assert_eq!(&f.3[..4], b"wOF2", "{} is not WOFF2", f.0);
        }
    }
}
