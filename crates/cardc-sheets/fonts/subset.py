"""Builds the fonts embedded in the proof sheets from the Liberation fonts 2.x (SIL OFL 1.1).

The subsets are Modified Versions under the OFL, so they are renamed ("Proof Sans",
"Proof Serif"): the Reserved Font Names (Liberation, Arimo, Tinos) are not used.

Run from this folder after `apt-get install fonts-liberation2` and `pip install fonttools brotli`:

    python3 subset.py
"""

from fontTools import subset
from fontTools.ttLib import TTFont

SRC = "/usr/share/fonts/truetype/liberation2"
# Basic Latin, Latin-1, Latin Extended-A, general punctuation, minus sign, multiplication sign.
UNICODES = "U+0020-007E,U+00A0-017F,U+2010-2027,U+2030-203A,U+2212,U+00D7"
FONTS = [
    ("LiberationSans-Bold", "Proof Sans", "Bold", "proof-sans-bold"),
    ("LiberationSerif-Regular", "Proof Serif", "Regular", "proof-serif-regular"),
    ("LiberationSerif-Italic", "Proof Serif", "Italic", "proof-serif-italic"),
    ("LiberationSerif-Bold", "Proof Serif", "Bold", "proof-serif-bold"),
]

for src, family, style, out in FONTS:
    font = TTFont(f"{SRC}/{src}.ttf")
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["kern", "liga"]
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=subset.parse_unicodes(UNICODES))
    subsetter.subset(font)
    full = f"{family} {style}" if style != "Regular" else family
    ps = f"{family.replace(' ', '')}-{style}"
    for record in font["name"].names:
        if record.nameID in (1, 16):
            record.string = family
        elif record.nameID == 4:
            record.string = full
        elif record.nameID == 6:
            record.string = ps
        elif record.nameID == 3:
            record.string = f"{ps} (subset of {src})"
    font.flavor = "woff2"
    font.save(f"{out}.woff2")
    print(out)
