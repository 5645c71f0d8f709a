//! Bad input of every size ends in diagnostics: never a panic, never a stack overflow,
//! nothing quadratic (the inputs are large enough that a quadratic pass would not
//! finish; there are no timing assertions).

use cardc_diagnostics::FileId;
use cardc_syntax::{parse, parse_bytes, Atom, Item};

/// A small deterministic generator (xorshift), so the test needs no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn ten_megabytes_of_random_bytes() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let bytes: Vec<u8> = (0..10 * 1024 * 1024).map(|_| rng.next() as u8).collect();
    let (_, diags, _) = parse_bytes(FileId(0), &bytes);
    assert!(diags.iter().any(|d| d.code == "E0003"), "not UTF-8");
    assert!(
        diags.len() < bytes.len() / 100,
        "{} diagnostics for {} bytes",
        diags.len(),
        bytes.len()
    );
}

#[test]
fn ten_megabytes_of_printable_garbage_is_coalesced() {
    let mut rng = Rng(42);
    let junk = b"abc XYZ 123 ;:!?.,+-*/=<>()[]%&|~^@$'\t";
    let text: String = (0..10 * 1024 * 1024)
        .map(|i| {
            if i % 97 == 96 {
                '\n'
            } else {
                junk[(rng.next() % junk.len() as u64) as usize] as char
            }
        })
        .collect();
    let (ast, diags) = parse(FileId(0), &text);
    assert!(ast.cards.is_empty());
    assert_eq!(
        diags.len(),
        1,
        "one run of garbage, one error: {:?}",
        diags.first()
    );
    assert_eq!(diags[0].code, "E0006");
}

#[test]
fn garbage_between_cards_is_one_error_per_run() {
    let text =
        "homeworld \"A\" { rank 6 }\n%%% junk\nmore junk ;;\nhomeworld \"B\" { rank 6 }\n@@@\n";
    let (ast, diags) = parse(FileId(0), text);
    assert_eq!(ast.cards.len(), 2);
    assert_eq!(
        diags.iter().filter(|d| d.code == "E0006").count(),
        2,
        "{diags:?}"
    );
}

#[test]
fn twenty_thousand_broken_cards_are_all_reported() {
    let mut text = String::new();
    for i in 0..20_000 {
        text += &format!(
            "ground_unit \"Unit {i}\" {{\n    cost 3x\n    text {{ Drawe a card. }}\n}}\n"
        );
    }
    let (ast, diags) = parse(FileId(0), &text);
    assert_eq!(ast.cards.len(), 20_000);
    assert_eq!(diags.iter().filter(|d| d.code == "E0011").count(), 20_000);
    assert_eq!(diags.iter().filter(|d| d.code == "E0021").count(), 20_000);
}

#[test]
fn twenty_thousand_unclosed_cards_are_all_reported() {
    let mut text = String::new();
    for i in 0..20_000 {
        text += &format!("ground_unit \"Unit {i}\" {{\n    cost 1\n\n");
    }
    let (ast, diags) = parse(FileId(0), &text);
    assert_eq!(ast.cards.len(), 20_000);
    assert_eq!(diags.iter().filter(|d| d.code == "E0004").count(), 20_000);
}

#[test]
fn a_hundred_thousand_open_braces() {
    let text = "{".repeat(100_000);
    let (_, diags) = parse(FileId(0), &text);
    assert!(!diags.is_empty());
    let text = format!("device \"Deep\" {{\n{}\n", "{".repeat(100_000));
    let (_, diags) = parse(FileId(0), &text);
    assert!(diags.iter().any(|d| d.code == "E0007"), "{diags:?}");
    assert!(diags.iter().any(|d| d.code == "E0004"), "{diags:?}");
    let text = format!(
        "device \"Deep\" {{ {}{} }}",
        "{".repeat(100_000),
        "}".repeat(100_000)
    );
    let (_, diags) = parse(FileId(0), &text);
    assert_eq!(diags.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0007"]);
}

#[test]
fn a_hundred_thousand_close_braces_are_one_error() {
    let text = "}".repeat(100_000);
    let (_, diags) = parse(FileId(0), &text);
    assert_eq!(diags.iter().map(|d| d.code).collect::<Vec<_>>(), ["E0005"]);
}

#[test]
fn huge_number_parses_for_lowering_to_check() {
    let (ast, diags) = parse(
        FileId(0),
        "character \"Big\" { prime { cp 99999999999999999999 } }",
    );
    assert!(diags.is_empty(), "{diags:?}");
    let Item::Face(face) = &ast.cards[0].items[0] else {
        panic!("a face")
    };
    let Item::Field(field) = &face.items[0] else {
        panic!("a field")
    };
    assert_eq!(
        field.args[0].atoms[0].value,
        Atom::Int("99999999999999999999".into())
    );
}

#[test]
fn every_field_repeated_parses_for_lowering_to_check() {
    let fields = "cost 3\nvotes 1\nrank X\ndef X\nvox 2\nattack 2\ncp 6\ncapital\nspeed slow\n\
                  drives Liberation, Justice\nmorality Virtuous\npenalties -1 CP Expedient\n\
                  exit Redeem\nredeem Pay 3 Currency\ncharacter_action Ruthless\nflavor \"x\"\nallow vox_band\n";
    let text =
        format!("character \"Twice\" {{\n{fields}{fields}prime {{\n{fields}{fields}}}\n}}\n");
    let (ast, diags) = parse(FileId(0), &text);
    assert!(diags.is_empty(), "{diags:?}");
    assert_eq!(ast.cards[0].items.len(), 2 * 17 + 1);
}

#[test]
fn empty_and_comment_only_files_are_valid() {
    for text in [
        "",
        "\n\n",
        "# only a comment",
        "# one\n\n   # two\r\n",
        "\u{FEFF}",
        "\u{FEFF}# bom\n",
    ] {
        let (ast, diags) = parse(FileId(0), text);
        assert!(diags.is_empty(), "{text:?}: {diags:?}");
        assert!(ast.cards.is_empty());
    }
    let (ast, _) = parse(FileId(0), "# one\n# two\n");
    assert_eq!(
        ast.comments
            .iter()
            .map(|c| c.text.as_str())
            .collect::<Vec<_>>(),
        [" one", " two"]
    );
}

#[test]
fn a_long_text_block_without_periods() {
    let text = format!(
        "maneuver \"M\" {{ text {{ {} }} }}",
        "Gain 1 CP\n".repeat(50_000)
    );
    let (ast, diags) = parse(FileId(0), &text);
    assert_eq!(ast.cards.len(), 1);
    assert_eq!(diags.iter().filter(|d| d.code == "E0020").count(), 50_000);
}

#[test]
fn a_long_line_of_garbage_inside_a_card() {
    let text = format!(
        "maneuver \"M\" {{\n    cost {}\n}}\n",
        "% ".repeat(1_000_000)
    );
    let (ast, diags) = parse(FileId(0), &text);
    assert_eq!(ast.cards.len(), 1);
    assert_eq!(diags.len(), 1, "{diags:?}");
}

#[test]
fn a_sentence_of_twenty_thousand_joined_objects() {
    // Ruling R110's joined objects are read in a loop, not by recursion, and each `and` looks
    // ahead one effect only: the parser's stack does not grow with the sentence (it would
    // overflow long before the end), nor its time with the square of it.
    let joined = format!(
        "maneuver \"M\" {{ speed slow\n text {{ Destroy target Character{}. }} }}",
        " and target Character".repeat(20_000)
    );
    let (ast, diags) = parse(FileId(0), &joined);
    assert_eq!(ast.cards.len(), 1);
    assert!(diags.is_empty(), "{:?}", &diags[..diags.len().min(3)]);
    // Where a whole effect follows an `and`, the lookahead reads that one effect, not the
    // rest of the chain after it (which once made this recurse 20,000 deep, and quadratic).
    let effects = format!(
        "maneuver \"M\" {{ speed slow\n text {{ Ready target Character{}. }} }}",
        " and ready target Character".repeat(20_000)
    );
    let (ast, _) = parse(FileId(0), &effects);
    assert_eq!(ast.cards.len(), 1);
}
