//! Property tests: no input makes the parser panic, spans stay inside the input, and the
//! owned parse (which drops the source while it reads the cards, and makes it again from
//! the clean text) gives back the very text it was given, with the same cards and
//! diagnostics as the borrowed parse.

use cardc_diagnostics::FileId;
use proptest::prelude::*;

/// Pieces of the language, so that generated inputs get deep into the grammar.
const PIECES: &[&str] = &[
    "character",
    "\"Mara Voss\"",
    "{",
    "}",
    "\n",
    " ",
    "prime",
    "fallen",
    "text",
    "cost",
    "3",
    "-2",
    "+1",
    "X",
    "CP",
    ":",
    ",",
    ".",
    "A",
    "Pay",
    "Currency",
    "Whenever",
    "this card",
    "is destroyed",
    "draw a card",
    "gain",
    "target",
    "Ground Unit",
    "you control",
    "If",
    "would",
    "instead",
    "Twist",
    "(optional)",
    "#",
    "\"",
    "\\",
    "é",
    "\r\n",
    "\t",
    "\r",
    "# a comment é\r\r\n",
    "the Bound",
    "then",
    "place",
    "Liberation",
    "counters",
    "on",
];

fn check(src: &str) {
    let (ast, diags) = cardc_syntax::parse(FileId(0), src);
    let (runs, owned_diags, text) = cardc_syntax::parse_owned_fold(
        FileId(0),
        src.as_bytes().to_vec(),
        2,
        |_| Vec::new(),
        |cards: &mut Vec<cardc_syntax::Card>, card| cards.push(card),
    );
    assert_eq!(text, src, "the owned parse gave back another text");
    assert_eq!(owned_diags, diags);
    assert_eq!(runs.concat(), ast.cards);
    for d in &diags {
        let s = d.primary.span;
        assert!(
            s.start <= s.end && s.end as usize <= src.len(),
            "span {s:?} outside input of {} bytes",
            src.len()
        );
        assert!(src.is_char_boundary(s.start as usize) && src.is_char_boundary(s.end as usize));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_strings_never_panic(src in any::<String>()) {
        check(&src);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let _ = cardc_syntax::parse_bytes(FileId(0), &bytes);
    }

    #[test]
    fn language_shaped_strings_never_panic(
        bom in any::<bool>(),
        pieces in proptest::collection::vec(0..PIECES.len(), 0..80),
    ) {
        let src: String = pieces.iter().map(|&i| PIECES[i]).collect::<Vec<_>>().join(" ");
        check(&if bom { format!("\u{FEFF}{src}") } else { src });
    }
}
