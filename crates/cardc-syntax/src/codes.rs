//! The syntax error codes `E0001`–`E0049` and their explanations (for `cardc explain`), and
//! the front end's internal error `E0900` (a bug in cardc, never in a card).
//!
//! Codes are stable: a code is never reused for another meaning. Gaps are reserved.

use cardc_diagnostics::{CodeInfo, Severity};

/// A sentence that parsed but that the sentence builder could not read: a bug in cardc
/// (the grammar and the builder disagree). Never a silent drop.
pub const UNREADABLE_SENTENCE: &str = "E0900";
/// `"Mara Voss` with no closing quote.
pub const UNTERMINATED_STRING: &str = "E0001";
/// `"\q"`: an escape other than `\"`, `\\`, `\n`, `\t`.
pub const BAD_ESCAPE: &str = "E0002";
/// The file is not UTF-8.
pub const INVALID_UTF8: &str = "E0003";
/// A card's `{` has no matching `}`.
pub const UNCLOSED_CARD: &str = "E0004";
/// A `}` outside any card.
pub const UNMATCHED_CLOSE_BRACE: &str = "E0005";
/// Text between cards that is not a card.
pub const EXPECTED_CARD: &str = "E0006";
/// Braces nested deeper than a card can use.
pub const TOO_DEEP: &str = "E0007";
/// A card header without a frame word or a quoted name.
pub const BAD_CARD_HEADER: &str = "E0008";
/// A card header with no `{` after it.
pub const MISSING_OPEN_BRACE: &str = "E0009";
/// A line in a card body that is not a field, a face or a `text` block.
pub const BAD_LINE: &str = "E0010";
/// A number token with letters or a decimal point in it: `3x`, `1.5`.
pub const MALFORMED_NUMBER: &str = "E0011";
/// A face or `text` block whose `{` has no `}`.
// `E0012` is retired: a face or `text` block left open is reported as its card left
// open (`E0004`), whose help says to check every block. Codes are never reused.
/// A field with nothing after a `,`.
pub const MISSING_VALUE: &str = "E0013";
/// Something after the end of a field, face or text block on the same line.
pub const EXPECTED_END_OF_LINE: &str = "E0014";
/// `text` not followed by `{`.
pub const TEXT_NEEDS_BRACE: &str = "E0015";
/// A `{` inside rules text.
pub const BRACE_IN_TEXT: &str = "E0016";
/// Lines ended by a carriage return alone (a classic Mac OS file).
pub const CR_LINE_END: &str = "E0017";
/// A bidirectional control, invisible or control character ("Trojan Source").
pub const FORBIDDEN_CHARACTER: &str = "E0018";
/// A sentence of rules text without its closing `.`.
pub const MISSING_PERIOD: &str = "E0020";
/// A sentence that matches no sentence shape.
pub const UNKNOWN_SENTENCE: &str = "E0021";
/// An effect was expected.
pub const EXPECTED_EFFECT: &str = "E0022";
/// A target was expected.
pub const EXPECTED_TARGET: &str = "E0023";
/// A trigger event was expected.
pub const EXPECTED_EVENT: &str = "E0024";
/// An ability cost was expected.
pub const EXPECTED_COST: &str = "E0025";
/// A number was expected in rules text.
pub const EXPECTED_NUMBER: &str = "E0026";
/// A static bonus that is not `±N DEF|RK`.
pub const BAD_STATIC: &str = "E0027";
/// A kind of card was expected.
pub const EXPECTED_KIND: &str = "E0028";
/// A replacement that is not `If … would …, … instead.`
pub const BAD_REPLACEMENT: &str = "E0029";
/// A word of a fixed phrase was expected (`damage`, `to`, `CP`, `:`, …).
pub const EXPECTED_WORD: &str = "E0030";

/// Every syntax code, for `cardc explain`.
pub const CODES: &[CodeInfo] = &[
    info(UNTERMINATED_STRING, "unterminated-string", "A string has no closing `\"` on its line. Strings never span lines.

Wrong:

```card
character \"Mara Voss {
```

Right:

```card
character \"Mara Voss\" {
```"),
    info(BAD_ESCAPE, "bad-escape", "Inside a string, `\\` starts an escape. The escapes are `\\\"` (a quote), `\\\\` (a backslash), `\\n` (a line break) and `\\t` (a tab).

Wrong:

```card
flavor \"C:\\path\"
```

Right:

```card
flavor \"C:\\\\path\"
```"),
    info(INVALID_UTF8, "invalid-utf8", "Card files are UTF-8. The file contains bytes that are not UTF-8 (often a file saved as Latin-1 or Windows-1252). The bytes are read as `?`-like junk so that the rest of the file is still checked.

Wrong: a file saved in Windows-1252 with `Déjà` in a name.

Right: save the file as UTF-8 (a leading byte-order mark is accepted)."),
    info(UNCLOSED_CARD, "unclosed-card", "A card's `{` has no matching `}`. When a new `frame \"Name\" {` line starts at the left margin while a card is still open, the open card is taken to end just before it, so the next card is still checked.

Wrong:

```card
ground_unit \"Dockside Agitators\" {
    cost 1

ground_unit \"Harbour Watch\" { cost 2 }
```

Right:

```card
ground_unit \"Dockside Agitators\" {
    cost 1
}

ground_unit \"Harbour Watch\" { cost 2 }
```"),
    info(UNMATCHED_CLOSE_BRACE, "unmatched-close-brace", "A `}` appears where no card is open, usually one `}` too many at the end of a card.

Wrong:

```card
homeworld \"Teral Prime\" { rank 6 }
}
```

Right:

```card
homeworld \"Teral Prime\" { rank 6 }
```"),
    info(EXPECTED_CARD, "expected-card", "Between cards only comments and blank lines may appear. A run of anything else is reported once, as one error.

Wrong:

```card
homeworld \"Teral Prime\" { rank 6 }
rank 5
```

Right:

```card
homeworld \"Teral Prime\" { rank 6 }
# rank 5
```"),
    info(TOO_DEEP, "too-deep", "Blocks are nested deeper than any card needs (a card holds faces, a face holds a `text` block). The card is not checked further.

Wrong:

```card
device \"Lattice Engine\" { { { { { { { { { { { { { { { { { } } } } } } } } } } } } } } } } }
```

Right:

```card
device \"Lattice Engine\" { cost 2 }
```"),
    info(BAD_CARD_HEADER, "bad-card-header", "A card starts with its frame word (`character`, `ground_unit`, `spacecraft`, `surface_location`, `planetary_location`, `homeworld`, `device`, `maneuver`, `storyline`) and its name in double quotes.

Wrong:

```card
character Mara Voss {
```

Right:

```card
character \"Mara Voss\" {
```"),
    info(MISSING_OPEN_BRACE, "missing-open-brace", "A card header is not followed by `{`, so the card has no body.

Wrong:

```card
planetary_location \"Veyra Basin\"
    rank 5
```

Right:

```card
planetary_location \"Veyra Basin\" {
    rank 5
}
```"),
    info(BAD_LINE, "bad-line", "Each line of a card or face body is a field (`cost 3`, `drives Liberation, Justice`), a face (`prime { … }`, `fallen \"Name\" { … }`) or a `text { … }` block. This line is none of those.

Wrong:

```card
ground_unit \"Dockside Agitators\" {
    = 1
}
```

Right:

```card
ground_unit \"Dockside Agitators\" {
    cost 1
}
```"),
    info(MALFORMED_NUMBER, "malformed-number", "A number is digits with an optional `+` or `-` sign: no letters, no decimal point, no thousands separator.

Wrong:

```card
cost 3x
```

Right:

```card
cost 3
```"),
    info(MISSING_VALUE, "missing-value", "A field's values are separated by commas; every comma must be followed by a value (a line may break after the comma).

Wrong:

```card
drives Liberation,
```

Right:

```card
drives Liberation, Justice
```"),
    info(EXPECTED_END_OF_LINE, "expected-end-of-line", "Each field, face or `text` block ends its line (or is followed by the `}` that closes its block). A field's values are numbers, words, `X` and strings; other characters end the line early.

Wrong:

```card
cost 3; votes 1
```

Right:

```card
cost 3
votes 1
```"),
    info(TEXT_NEEDS_BRACE, "text-needs-brace", "`text` opens the rules text block and must be followed by `{`.

Wrong:

```card
text Confluence.
```

Right:

```card
text { Confluence. }
```"),
    info(BRACE_IN_TEXT, "brace-in-text", "Rules text is sentences; it cannot contain `{`. A `{` there usually means a `}` is missing before it.

Wrong:

```card
text { Confluence. { +1 RK. }
```

Right:

```card
text { Confluence. +1 RK. }
```"),
    info(CR_LINE_END, "cr-line-end", "Lines end with LF (or CRLF). A file whose lines end with a carriage return alone, as classic Mac OS wrote them, would read as one single line (its first `#` comment swallowing every card after it), so it is rejected rather than checked as empty.

Wrong: a file saved with CR line ends (`cost 1⏎` where `⏎` is U+000D alone).

Right: the same file saved with LF line ends (any editor's \"Unix\" or \"LF\" setting; `tr '\\r' '\\n'`)."),
    info(FORBIDDEN_CHARACTER, "forbidden-character", "A card file may not contain characters that make it read differently from how it displays (\"Trojan Source\"): bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), invisible characters (zero-width space and joiners U+200B–U+200D, the word joiner and invisible operators U+2060–U+2064, the soft hyphen, fillers, tag characters, a byte-order mark after the start) and control characters other than tab and line ends (NUL, ESC, DEL, C1). The message names the code point. Inside a string, write `\\n` or `\\t` for a line break or a tab.

Wrong (`‹U+202E›` stands for the invisible RIGHT-TO-LEFT OVERRIDE, which reverses what follows on screen):

```card
character \"Admin‹U+202E› \" {
```

Right:

```card
character \"Admin\" {
```"),
    info(MISSING_PERIOD, "missing-period", "Every sentence of rules text ends with `.`: one ability per sentence. When a line reads as a whole sentence but has no `.`, the front end says so and goes on with the next line.

Wrong:

```card
text {
    Confluence
    +1 RK.
}
```

Right:

```card
text {
    Confluence.
    +1 RK.
}
```"),
    info(UNKNOWN_SENTENCE, "unknown-sentence", "The sentence matches none of the shapes of rules text: a keyword (`Confluence.`), a static (`+1 RK.`, `The Bound gets +2 DEF.`), a trigger (`Whenever …, ….`, `At the start of your turn, ….`), a Character Ability (`-2 CP: ….`), an activated ability (`A: ….`, `A, Pay 1 Currency: ….`), a Twist (`Twist: ….`), a replacement (`If … would …, … instead.`) or an effect (`Draw a card.`). See `docs/language.md`.

Wrong:

```card
text { Drawe a card. }
```

Right:

```card
text { Draw a card. }
```"),
    info(EXPECTED_EFFECT, "expected-effect", crate::vocabulary::EXPECTED_EFFECT_EXPLANATION),
    info(EXPECTED_TARGET, "expected-target", "A target was expected: `target <kind>`, `each <kind>` (either optionally followed by `you control` or `an opponent controls`), `this card`, `the Bound`, or a card's name in quotes (`\"Pier Nine\"`: every permanent with that name).

Wrong:

```card
text { Deal 2 damage to Ground Unit. }
```

Right:

```card
text { Deal 2 damage to target Ground Unit. }
```"),
    info(EXPECTED_EVENT, "expected-event", "A trigger waits for one of these events: `this card liberates another card`, `this card is destroyed`, `this card is destroyed in combat`, `this card destroys a permanent`, `this card destroys a permanent in combat`, `a card you control destroys a permanent`, `this card is destroyed by a card an opponent controls`, `a Liberation an opponent declared destroys a permanent you control`, `this card takes damage`, `this card Falls`.

Wrong:

```card
text { Whenever this card dies, gain 1 CP. }
```

Right:

```card
text { Whenever this card is destroyed, gain 1 CP. }
```"),
    info(EXPECTED_COST, "expected-cost", "An ability's cost was expected. An activated ability is one or more costs, separated by commas, then `:` and its effect: a Character Ability costs `-N CP` (or gains `+N CP`), an Activated Character Ability starts with the activate symbol `A`, and either may add `Pay N Currency`, `Discard a card`, `Destroy this card`, `Remove N Liberation counters from this card` or `Activate another <kind> you control` (`cardc explain` lists them in the language reference).

Wrong:

```card
text { A, 1 Currency: Draw a card. }
```

Right:

```card
text { A, Pay 1 Currency: Draw a card. }
```"),
    info(EXPECTED_NUMBER, "expected-number", "A number was expected here: digits, with a sign (`+1`, `-2`) where a bonus, penalty or CP cost is meant, without one for amounts (`draw 2 cards`). `draw a card` may use `a`.

Wrong:

```card
text { Deal two damage to target Character. }
```

Right:

```card
text { Deal 2 damage to target Character. }
```"),
    info(BAD_STATIC, "bad-static", "A static bonus or penalty is `+N` or `-N` followed by the statistic, `DEF` or `RK`, optionally after a subject and `gets`, and optionally with a condition: `+1 DEF as long as you control a Homeworld.`

Wrong:

```card
text { The Bound gets 2 DEF. }
```

Right:

```card
text { The Bound gets +2 DEF. }
```"),
    info(EXPECTED_KIND, "expected-kind", "After `target` or `each` comes a kind of card: `Character`, `Ground Unit`, `Spacecraft`, `Capital Spacecraft`, `Surface Location`, `Planetary Location`, `Homeworld`, `Device` or `permanent`.

Wrong:

```card
text { Destroy target. }
```

Right:

```card
text { Destroy target Device. }
```"),
    info(BAD_REPLACEMENT, "bad-replacement", "A replacement reads `If <thing> would <happen>, <effect> instead.` The things that can be replaced are `<kind> counters would be placed on <target>`, `<target> would be destroyed` and `<target> would take damage`.

Wrong:

```card
text { If this card would die, draw a card instead. }
```

Right:

```card
text { If this card would be destroyed, draw a card instead. }
```"),
    info(EXPECTED_WORD, "expected-word", "A fixed phrase of rules text is missing a word or a punctuation mark (`damage`, `to`, `CP`, `:`, `,`, …). The message names what was expected.

Wrong:

```card
text { Deal 2 to target Character. }
```

Right:

```card
text { Deal 2 damage to target Character. }
```"),
    info(UNREADABLE_SENTENCE, "internal-unreadable-sentence", "Internal error: the sentence parsed, but cardc's sentence builder could not read what the grammar produced. This is a bug in cardc, not in the card: the grammar (`grammar/*.pest`) and the builder (`crates/cardc-syntax/src/sentence.rs` and the code generated from `vocab/vocabulary.toml`) disagree. The sentence is reported rather than dropped, so `cardc fmt` and `cardc build` refuse the file instead of losing rules text. Please report it with the sentence.

No card can cause it on purpose, so there is no wrong example to fix; rewording the sentence may avoid it until cardc is fixed."),
];

const fn info(code: &'static str, name: &'static str, explanation: &'static str) -> CodeInfo {
    CodeInfo {
        code,
        name,
        severity: Severity::Error,
        section: None,
        explanation,
    }
}
