//! Inline SVG icons: the activate symbol `A`, the eight Drives and the four Moralities.
//!
//! Each icon is a complete `<svg>` element drawn in `currentColor`, so the template
//! colours it with CSS and it prints as vectors. The activate symbol keeps a real
//! letter `A` inside, so a PDF's text layer still reads the rules text as written.

use cardc_ir::{Drive, Morality};
use std::collections::BTreeMap;

const OPEN: &str = r#"viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round""#;

/// The activate symbol: a filled disc carrying the letter A.
pub fn activate() -> String {
    concat!(
        r#"<svg class="icon icon-activate" viewBox="0 0 24 24" role="img" aria-label="A">"#,
        r#"<circle cx="12" cy="12" r="11.5" fill="currentColor"/>"#,
        r#"<text x="12" y="17.2" text-anchor="middle" font-family="Proof Sans, sans-serif" "#,
        r##"font-weight="700" font-size="15" fill="#fff">A</text></svg>"##
    )
    .to_owned()
}

fn glyph(class: &str, label: &str, body: &str) -> String {
    format!(r#"<svg class="icon icon-{class}" {OPEN} role="img" aria-label="{label}">{body}</svg>"#)
}

/// The icon of a Drive.
pub fn drive(d: Drive) -> String {
    let body = match d {
        // A ring broken open, with an arrow escaping upward.
        Drive::Liberation => {
            r#"<path d="M8 7.5A7 7 0 1 0 16 7.5"/><path d="M12 14V2M8.5 5.5 12 2l3.5 3.5"/>"#
        }
        // A coin.
        Drive::Greed => {
            r#"<circle cx="12" cy="12" r="9"/><path d="M12 6.5v11M9.5 9.5c0-1.5 5-1.5 5 0s-5 1.5-5 3 5 1.5 5 0"/>"#
        }
        // A crown.
        Drive::Power => r#"<path d="M3 18h18M4 16 3 7l5 4 4-7 4 7 5-4-1 9z"/>"#,
        // Two linked rings.
        Drive::Connection => {
            r#"<circle cx="8.5" cy="12" r="5.5"/><circle cx="15.5" cy="12" r="5.5"/>"#
        }
        // Scales.
        Drive::Justice => r#"<path d="M12 3v18M7 21h10M4 7h16M6 7l-3 7h6zM18 7l-3 7h6z"/>"#,
        // An arrow turning back on itself.
        Drive::Redemption => r#"<path d="M20 12a8 8 0 1 1-3-6.2"/><path d="M18 2v5h-5"/>"#,
        // A flame.
        Drive::Destruction => {
            r#"<path d="M12 22c-4 0-7-3-7-7 0-4 4-6 4-11 3 2 5 5 5 8 1-1 2-2 2-4 2 2 3 4 3 7 0 4-3 7-7 7z"/>"#
        }
        // An eye.
        Drive::Knowledge => {
            r#"<path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>"#
        }
    };
    glyph(&d.name().to_ascii_lowercase(), d.name(), body)
}

/// The icon of a Morality.
pub fn morality(m: Morality) -> String {
    let body = match m {
        // A shield.
        Morality::Virtuous => r#"<path d="M12 2 4 5v6c0 5 3.5 9 8 11 4.5-2 8-6 8-11V5z"/>"#,
        // A balance point: a diamond, half filled.
        Morality::Expedient => {
            r#"<path d="M12 2 22 12 12 22 2 12z"/><path d="M12 2v20L2 12z" fill="currentColor"/>"#
        }
        // A blade.
        Morality::Ruthless => r#"<path d="M14 3h7v7L9 22l-7-7zM5 12l7 7"/>"#,
        // Horns.
        Morality::Iniquitous => {
            r#"<path d="M4 3c0 5 3 8 8 8s8-3 8-8"/><circle cx="12" cy="16" r="5" fill="currentColor"/>"#
        }
    };
    glyph(&m.name().to_ascii_lowercase(), m.name(), body)
}

/// Every icon, keyed as the templates see them: `activate`, `liberation`, …,
/// `virtuous`, ….
pub fn all() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    out.insert("activate".to_owned(), activate());
    for &d in Drive::ALL {
        out.insert(d.name().to_ascii_lowercase(), drive(d));
    }
    for &m in Morality::ALL {
        out.insert(m.name().to_ascii_lowercase(), morality(m));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_icon_per_drive_and_morality_and_each_is_one_svg() {
        let all = all();
        assert_eq!(all.len(), 1 + 8 + 4);
        for (name, svg) in &all {
            assert!(
                svg.starts_with("<svg ") && svg.ends_with("</svg>"),
                "{name}"
            );
            assert_eq!(svg.matches("<svg").count(), 1, "{name}");
            assert!(svg.contains(&format!("icon-{name}")), "{name}");
        }
        assert!(activate().contains(">A</text>"));
    }
}
