//! HTML rendering without a browser: content, escaping, determinism, provenance,
//! template overrides, duplex backs and atomic writes.

mod support;

use cardc_ir::text;
use cardc_sheets::view::AbilityView;
use cardc_sheets::{page_count, render_html, write_atomically, CardSize, PageSize, SheetOptions};
use std::path::PathBuf;

fn options() -> SheetOptions {
    SheetOptions {
        date: "2026-01-02".to_owned(),
        // The project's card files are named from the repository root, and so their art.
        base_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."),
        ..SheetOptions::default()
    }
}

fn sheet(files: &[(PathBuf, String)]) -> &str {
    files
        .iter()
        .find(|(p, _)| p == &PathBuf::from("sheet.html"))
        .map(|(_, s)| s.as_str())
        .unwrap()
}

fn index(files: &[(PathBuf, String)]) -> &str {
    files
        .iter()
        .find(|(p, _)| p == &PathBuf::from("index.html"))
        .map(|(_, s)| s.as_str())
        .unwrap()
}

/// Undoes the escapes Tera's autoescape applies.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#x2F;", "/")
        .replace("&amp;", "&")
}

#[test]
fn every_face_and_every_sentence_is_printed() {
    let (set, sources) = support::sample();
    let files = render_html(&set, Some(&sources), &options()).unwrap();
    let html = unescape(sheet(&files));
    for card in &set.cards {
        for face in &card.faces {
            let name = face.name.as_ref().map_or(&card.name.value, |n| &n.value);
            assert!(
                html.contains(&format!(">{name}</h2>")),
                "face `{name}` missing"
            );
            for a in &face.abilities {
                let sentence = text::ability(&a.value);
                // The template prints the symbol as an icon holding the letter A.
                let printed = sentence.strip_prefix('A').unwrap_or(&sentence);
                let body = printed.split_once(": ").map_or(printed, |(_, b)| b);
                assert!(html.contains(body), "`{sentence}` missing on `{name}`");
            }
            if let Some(f) = &face.flavor {
                assert!(html.contains(&format!("“{}”", f.value)));
            }
        }
    }
    // Each Penalty is kept on one line (its own span); the printed text reads the same.
    let visible = strip_tags(&html);
    assert!(visible.contains("-1 CP Expedient, -3 CP Ruthless, -5 CP Iniquitous"));
    assert!(html.contains("<b>Exit:</b> Redeem"));
    assert!(html.contains("<b>Redeem:</b> Pay 3 Currency"));
    assert!(html.contains("Character — Prime") && html.contains("Fallen Character"));
    assert!(html.contains("Fallen Device") && html.contains("Storyline — Reversal"));
    assert!(html.contains("Capital Spacecraft"));
    assert!(html.contains("Maneuver — Slow · Character Action (Ruthless)"));
    for icon in [
        "icon-activate",
        "icon-liberation",
        "icon-justice",
        "icon-virtuous",
        "icon-ruthless",
    ] {
        assert!(html.contains(icon), "{icon} missing");
    }
    // 13 faces at 9 a page.
    assert_eq!(html.matches("<section class=\"page").count(), 2);
    assert_eq!(page_count(&set, &options()).unwrap(), 2);
    assert!(index(&files).contains("Mara Voss"));
}

#[test]
fn ability_pieces_reassemble_to_the_canonical_text() {
    let (set, _) = support::sample();
    let layout = cardc_sheets::layout::Layout::new(&CardSize::poker());
    let mut seen = 0;
    for card in cardc_sheets::view::cards(&set, None, &layout, &Default::default()) {
        for face in card.faces {
            for a in face.abilities {
                assert_eq!(AbilityView::assembled(&a), a.text);
                seen += 1;
            }
        }
    }
    assert_eq!(seen, 15);
}

#[test]
fn card_strings_are_escaped() {
    let (mut set, sources) = support::sample();
    set.cards[0].name.value = "<script>alert(1)</script>".to_owned();
    set.cards[0].faces[0].flavor.as_mut().unwrap().value = "Tom & \"Jerry\" <b>".to_owned();
    set.files[0] = "cards/<evil>.card".to_owned();
    let files = render_html(&set, Some(&sources), &options()).unwrap();
    for (path, html) in &files {
        assert!(
            !html.contains("<script>alert(1)"),
            "{} runs the name",
            path.display()
        );
        assert!(
            !html.contains("<evil>"),
            "{} prints the file name raw",
            path.display()
        );
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;"),
            "{}",
            path.display()
        );
    }
    assert!(sheet(&files).contains("Tom &amp; &quot;Jerry&quot; &lt;b&gt;"));
    // The attribute copy is escaped too.
    assert!(sheet(&files).contains("data-card-name=\"&lt;script&gt;"));
}

#[test]
fn proofs_carry_file_line_hash_and_date() {
    let (set, sources) = support::sample();
    let hash = cardc_sheets::content_hash(&set, &Default::default());
    let files = render_html(&set, Some(&sources), &options()).unwrap();
    let html = unescape(sheet(&files));
    // `character "Mara Voss"` is line 2; its `prime {` line 6, `fallen` line 24.
    let short = &hash[..12];
    assert!(
        html.contains(&format!("cards/sample.card:6 · {short} · 2026-01-02")),
        "prime"
    );
    assert!(
        html.contains(&format!("cards/sample.card:24 · {short} · 2026-01-02")),
        "fallen"
    );
    assert!(html.contains("safe-zone"));
    assert!(index(&files).contains(&hash));
    assert!(unescape(index(&files)).contains("cards/sample.card:2"));

    let plain = SheetOptions {
        proof: false,
        ..options()
    };
    let html = sheet(&render_html(&set, Some(&sources), &plain).unwrap()).to_owned();
    assert!(!html.contains("class=\"provenance") && !html.contains("class=\"safe-zone"));
}

#[test]
fn output_is_deterministic_and_the_date_is_injected() {
    let (set, sources) = support::sample();
    let a = render_html(&set, Some(&sources), &options()).unwrap();
    let b = render_html(&set, Some(&sources), &options()).unwrap();
    assert_eq!(a, b);
    let later = SheetOptions {
        date: "2030-12-31".to_owned(),
        ..options()
    };
    let c = render_html(&set, Some(&sources), &later).unwrap();
    assert_ne!(a, c);
    assert!(sheet(&c).contains("2030-12-31"));
}

#[test]
fn html_is_self_contained() {
    let (set, sources) = support::sample();
    let files = render_html(&set, Some(&sources), &options()).unwrap();
    for (path, html) in &files {
        for remote in ["http://", "https://", "//fonts.", "<link", "src=\""] {
            assert!(
                !html.contains(remote),
                "{} refers out: {remote}",
                path.display()
            );
        }
        assert!(html.contains("@font-face"), "{}", path.display());
    }
    let html = sheet(&files);
    assert!(html.contains("@page {\n  size: 210mm 297mm;\n  margin: 5mm;"));
}

#[test]
fn letter_and_bridge_change_the_print_css() {
    let (set, sources) = support::sample();
    let opts = SheetOptions {
        page: PageSize::letter(),
        card: CardSize::bridge(),
        ..options()
    };
    let html = sheet(&render_html(&set, Some(&sources), &opts).unwrap()).to_owned();
    assert!(html.contains("size: 215.9mm 279.4mm"), "letter @page");
    assert!(html.contains("width: 57.15mm"), "bridge card width");
}

#[test]
fn backs_follow_their_fronts_mirrored() {
    let (set, sources) = support::sample();
    let opts = SheetOptions {
        backs: true,
        ..options()
    };
    let files = render_html(&set, Some(&sources), &opts).unwrap();
    let html = sheet(&files);
    // 10 cards: 2 pages of fronts, each followed by its backs.
    assert_eq!(page_count(&set, &opts).unwrap(), 4);
    let sides: Vec<&str> = html
        .split("data-side=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    assert_eq!(sides, ["front", "back", "front", "back"]);
    // Mara's Fallen face backs her Prime: slot 0 on the front is slot 2 on the back.
    let back = &html[html.find("data-side=\"back\"").unwrap()..];
    let first_back = &back[..back.find("</section>").unwrap()];
    let mara = first_back.find("Mara, the Hollow Voice").unwrap();
    let slot = &first_back[..mara];
    let left = slot.rfind("class=\"slot").unwrap();
    assert!(slot[left..].contains("role-fallen"));
    // The generic back prints for one-faced cards.
    assert_eq!(first_back.matches("kind-back").count(), 9 - 2);
}

#[test]
fn templates_can_be_overridden_and_see_the_ir() {
    let (set, sources) = support::sample();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("face.html"),
        "<p class=\"custom\">{{ face.name }}|{{ card.ir.kind.value }}|{{ card.ir.faces.0.cp.value | default(value=\"-\") }}</p>",
    )
    .unwrap();
    let opts = SheetOptions {
        templates_dir: Some(dir.path().to_owned()),
        ..options()
    };
    let html = sheet(&render_html(&set, Some(&sources), &opts).unwrap()).to_owned();
    assert!(html.contains("<p class=\"custom\">Mara Voss|Character|6</p>"));
    assert!(html.contains("<p class=\"custom\">Resolute|Spacecraft|-</p>"));

    std::fs::write(dir.path().join("face.html"), "{% if %}").unwrap();
    let err = render_html(&set, Some(&sources), &opts).unwrap_err();
    assert!(err.to_string().starts_with("template error"), "{err}");
}

#[test]
fn writes_are_atomic() {
    let (set, sources) = support::sample();
    let files = render_html(&set, Some(&sources), &options()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheets");
    write_atomically(&out, &files).unwrap();
    let before = std::fs::read_to_string(out.join("sheet.html")).unwrap();
    assert_eq!(before, sheet(&files));

    // A set of files that cannot all be written changes nothing.
    let mut bad = vec![(PathBuf::from("sheet.html"), "new".to_owned())];
    bad.push((PathBuf::from("sheet.html/inner.html"), "x".to_owned()));
    assert!(write_atomically(&out, &bad).is_err());
    assert_eq!(
        std::fs::read_to_string(out.join("sheet.html")).unwrap(),
        before
    );
    assert!(write_atomically(&out, &[(PathBuf::from("../escape.html"), String::new())]).is_err());
    assert!(!dir.path().join("escape.html").exists());
    let leftovers: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(".staging"))
        .collect();
    assert!(leftovers.is_empty(), "staging folders left behind");
}

#[test]
fn renders_the_project_card_set() {
    let (set, sources) = support::project_cards();
    assert!(
        set.cards.len() >= 10,
        "only {} cards lowered from cards/",
        set.cards.len()
    );
    let files = render_html(&set, Some(&sources), &options()).unwrap();
    // The set's art is embedded, never linked.
    let raw = sheet(&files);
    assert_eq!(
        raw.matches("class=\"art-image\"").count(),
        4,
        "four faces carry art"
    );
    assert_eq!(raw.matches("src=\"data:image/svg+xml;base64,").count(), 4);
    assert!(!raw.contains("src=\"art/"), "art is not fetched by path");
    let html = unescape(sheet(&files));
    for card in &set.cards {
        assert!(
            html.contains(&card.name.value),
            "{} missing",
            card.name.value
        );
        for face in &card.faces {
            for a in &face.abilities {
                let sentence = text::ability(&a.value);
                let printed = sentence.strip_prefix('A').unwrap_or(&sentence);
                let body = printed.split_once(": ").map_or(printed, |(_, b)| b);
                assert!(html.contains(body), "`{sentence}` missing");
            }
        }
        // Every card is traced to its file and line (faces on the sheet, cards in
        // the index).
        let line = sources
            .line_col(card.span.file, card.span.start as usize)
            .line;
        let src = format!("{}:{line}</code>", set.file_name(*card.span));
        assert!(
            unescape(index(&files)).contains(&src),
            "no provenance `{src}`"
        );
        let face = card.faces[0].span;
        let line = sources.line_col(face.file, face.start as usize).line;
        let src = format!("{}:{line} · ", set.file_name(*face));
        assert!(html.contains(&src), "no provenance `{src}` on the sheet");
    }
    let faces: usize = set.cards.iter().map(|c| c.faces.len()).sum();
    assert_eq!(html.matches("<article class=\"card\"").count(), faces);
}

/// The text of `html` as a reader sees it: every tag removed.
fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}
