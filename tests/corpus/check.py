#!/usr/bin/env python3
"""Reads the designer corpus (tests/corpus/*.corpus), validates its format and reports
the cases per construct.

    python3 tests/corpus/check.py                  # validate, print the counts
    python3 tests/corpus/check.py --cardc PATH     # also run a cardc binary over every case
    python3 tests/corpus/check.py --write-suggestions   # regenerate suggestions.corpus

The format is described in tests/corpus/README.md. Exit status: 0 when the corpus is
well-formed (and, with --cardc, consistent with that binary as described below), 1
otherwise, 2 on a usage error.

With --cardc, every case is written into a host card of its `host:` kind, checked
together with the card set in cards/ (so named targets resolve), and formatted. Two rules
are then enforced, because vocabulary v2 may only add to the language:

* a case the binary accepts and the corpus accepts must have the binary's canonical form
  (`cardc fmt`) as its `canonical:` line;
* a case the binary accepts and the corpus rejects must be tagged `fail-closed`: it is
  text the language accepts today and must stop accepting.

It also reports which cases the binary accepts: the acceptance rate of that version.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

KINDS = {
    "character",
    "ground_unit",
    "spacecraft",
    "capital_spacecraft",
    "surface_location",
    "planetary_location",
    "homeworld",
    "device",
    "maneuver",
    "storyline",
}
PERMANENTS = KINDS - {"maneuver", "storyline"}
FACES = {"prime", "fallen", "reversal"}
QUALIFIERS = {"slow", "fast", "flips"}

# The constructs of vocabulary v2 (issue 10's numbered list), plus the cross-cutting
# tags. A file's theme is its stem; a case counts for its file's theme and its tags.
CONSTRUCTS = {
    "rules-forms": "1. the rules' own forms",
    "players": "2. players",
    "conditions": "3. conditions",
    "durations": "4. durations",
    "modes": "5. choices and modes",
    "quantities": "6. quantities",
    "filters": "7. target filters",
    "events": "8. events",
    "effects": "9. effects",
    "costs": "10. costs",
    "statics": "11. statics",
    "fail-closed": "12. fail closed",
    "out-of-vocabulary": "13. out-of-vocabulary errors",
}
TAGS = set(CONSTRUCTS) | {
    "v1",  # the sentence is vocabulary v1 and must keep its canonical form
    "variant",  # a natural variant that normalises to another form
    "anaphora",  # it / its controller / that Character
    "counters",  # Story counters as a counter kind
    "rules-text",  # quoted or described in the rules files (section: required)
    "misuse",  # a known phrase used where the rules do not allow it
}
# Files whose theme is a cross-cutting tag count for the construct the issue files it under.
THEMES = {"anaphora": "effects", "counters": "rules-forms"}
FIELDS = ("host", "section", "tags", "text", "canonical", "reject", "nearest", "code", "note")
NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
SECTION = re.compile(r"^§\d+(\.\d+[a-z]?)?(, §\d+(\.\d+[a-z]?)?)*$")
CODE = re.compile(r"^[EW]\d{4}$")


@dataclass
class Case:
    file: str
    line: int
    name: str
    fields: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.file}:{self.name}"

    @property
    def accepted(self) -> bool:
        return "canonical" in self.fields

    @property
    def host(self) -> tuple[str, str, str]:
        return parse_host(self.fields["host"])

    @property
    def tags(self) -> list[str]:
        return [t for t in self.fields.get("tags", "").replace(",", " ").split() if t]

    @property
    def constructs(self) -> set[str]:
        theme = Path(self.file).stem
        theme = THEMES.get(theme, theme)
        out = {t for t in self.tags if t in CONSTRUCTS}
        if theme in CONSTRUCTS:
            out.add(theme)
        return out

    @property
    def all_tags(self) -> set[str]:
        """Tags, with the file's theme when that theme is itself a tag."""
        stem = Path(self.file).stem
        return set(self.tags) | ({stem} if stem in TAGS and stem not in CONSTRUCTS else set())


def parse_host(value: str) -> tuple[str, str, str]:
    """`character fallen` -> (kind, face, speed); raises ValueError when malformed."""
    words = value.split()
    if not words or words[0] not in KINDS:
        raise ValueError(f"unknown host kind in `{value}`")
    kind, rest = words[0], words[1:]
    face = "prime" if kind == "character" else "front"
    speed = "slow"
    for w in rest:
        if w in FACES:
            face = w
        elif w == "flips":
            if kind not in PERMANENTS or kind == "character":
                raise ValueError("`flips` marks a non-Character permanent that prints a Fallen face")
        elif w in QUALIFIERS:
            speed = w
        else:
            raise ValueError(f"unknown word `{w}` in host `{value}`")
    if face == "prime" and kind != "character":
        raise ValueError("only a character has a prime face")
    if face == "fallen" and kind not in PERMANENTS:
        raise ValueError("only a permanent has a fallen face")
    if face == "reversal" and kind != "storyline":
        raise ValueError("only a storyline has a reversal face")
    if "slow" in rest or "fast" in rest:
        if kind != "maneuver":
            raise ValueError("`slow`/`fast` qualify a maneuver only")
    if "flips" in rest and face == "fallen":
        raise ValueError("a `fallen` host already prints a Fallen face; `flips` is for its front")
    return kind, face, speed


def read(path: Path, errors: list[str]) -> list[Case]:
    """The cases of one `.corpus` file, in order; format errors are appended to `errors`."""
    cases: list[Case] = []
    current: Case | None = None
    rel = path.name
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.rstrip()
        if line.startswith("## "):
            name = line[3:].strip()
            if not NAME.match(name):
                errors.append(f"{rel}:{n}: case name `{name}` is not lower-case words joined by `-`")
            current = Case(rel, n, name)
            cases.append(current)
            continue
        if not line.strip():
            continue
        if line.startswith("#"):
            continue  # a comment, between cases or inside one; it belongs to no field
        if current is None:
            errors.append(f"{rel}:{n}: text outside a case (cases start with `## name`)")
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or key not in FIELDS:
            errors.append(f"{rel}:{n}: expected `field: value` with a field of {', '.join(FIELDS)}")
            continue
        if key in current.fields:
            errors.append(f"{rel}:{n}: `{key}` given twice in case `{current.name}`")
            continue
        value = value.strip()
        if not value:
            errors.append(f"{rel}:{n}: `{key}` has no value")
            continue
        current.fields[key] = value
    return cases


def validate(cases: list[Case], errors: list[str]) -> None:
    """The rules of tests/corpus/README.md that span fields and cases."""
    seen: dict[str, Case] = {}
    by_text: dict[tuple[str, str], Case] = {}
    for c in cases:
        where = f"{c.file}:{c.line}: case `{c.name}`"
        if c.id in seen:
            errors.append(f"{where}: name used twice in {c.file}")
        seen[c.id] = c
        f = c.fields
        for required in ("host", "text"):
            if required not in f:
                errors.append(f"{where}: missing `{required}:`")
        if "host" in f:
            try:
                parse_host(f["host"])
            except ValueError as e:
                errors.append(f"{where}: host: {e}")
        if ("canonical" in f) == ("reject" in f):
            errors.append(f"{where}: give exactly one of `canonical:` and `reject:`")
        if "reject" in f and "nearest" not in f:
            errors.append(f"{where}: a rejected case gives `nearest:` (or `nearest: none`)")
        if "canonical" in f and "nearest" in f:
            errors.append(f"{where}: `nearest:` belongs to rejected cases")
        if "canonical" in f and "code" in f:
            errors.append(f"{where}: `code:` belongs to rejected cases")
        if "section" in f and not SECTION.match(f["section"]):
            errors.append(f"{where}: section `{f['section']}` is not like `§12.8` or `§7.3, §12.8`")
        if "code" in f and not CODE.match(f["code"]):
            errors.append(f"{where}: code `{f['code']}` is not like `E0151`")
        for t in c.tags:
            if t not in TAGS:
                errors.append(f"{where}: unknown tag `{t}` (known: {', '.join(sorted(TAGS))})")
        if "variant" in c.tags and (not c.accepted or f.get("canonical") == f.get("text")):
            errors.append(f"{where}: `variant` marks an accepted text that normalises to another form")
        if "v1" in c.tags and not c.accepted:
            errors.append(f"{where}: `v1` marks a sentence the language accepts today")
        if "misuse" in c.tags and c.accepted:
            errors.append(f"{where}: `misuse` marks a rejected case")
        if "fail-closed" in c.tags and c.accepted:
            errors.append(f"{where}: `fail-closed` marks a rejected case")
        if "rules-text" in c.tags and "section" not in f:
            errors.append(f"{where}: a `rules-text` case names its `section:`")
        for k in ("text", "canonical", "nearest"):
            if k == "text" and "reject" in f:
                continue  # a rejected text may lack its `.` (that may be why it is rejected)
            v = f.get(k)
            if v and v != "none" and not v.endswith("."):
                errors.append(f"{where}: `{k}:` does not end with `.`")
        if "canonical" in f and "  " in f["canonical"]:
            errors.append(f"{where}: `canonical:` has a double space")
        if "text" in f and "host" in f:
            key = (host_key(f["host"]), f["text"])
            other = by_text.get(key)
            if other is not None and expectation(other) != expectation(c):
                errors.append(f"{where}: same host and text as `{other.id}`, different expectation")
            by_text.setdefault(key, c)
        if not c.constructs:
            errors.append(f"{where}: counts for no construct (file theme or tags)")
    # Canonical forms are fixed points: where a canonical sentence is itself a case's
    # text on the same host kind, that case accepts it unchanged.
    for c in cases:
        if not c.accepted or "host" not in c.fields:
            continue
        other = by_text.get((host_key(c.fields["host"]), c.fields["canonical"]))
        if other is not None and other.fields.get("canonical") != c.fields["canonical"]:
            errors.append(
                f"{c.file}:{c.line}: case `{c.name}`: its canonical form is case `{other.id}`'s text, "
                "which does not keep it"
            )


def host_key(value: str) -> str:
    """A host as a comparable key: kind, face, speed (malformed hosts compare as written)."""
    try:
        return " ".join(parse_host(value))
    except ValueError:
        return value


def expectation(c: Case) -> tuple[str, str]:
    if c.accepted:
        return ("canonical", c.fields["canonical"])
    return ("reject", c.fields.get("nearest", ""))


def markdown(cases: list[Case]) -> list[str]:
    """The per-construct counts as the Markdown table of docs/vocabulary-v2.md."""
    out = ["| construct | cases | accepted | rejected |", "| --- | --- | --- | --- |"]
    for k, title in CONSTRUCTS.items():
        mine = [c for c in cases if k in c.constructs]
        acc = sum(c.accepted for c in mine)
        out.append(f"| {title} | {len(mine)} | {acc} | {len(mine) - acc} |")
    return out


def report(cases: list[Case]) -> list[str]:
    """Counts per construct and file; suggestions that are no canonical form anywhere."""
    out: list[str] = []
    total = len(cases)
    accepted = sum(c.accepted for c in cases)
    out.append(f"{total} cases: {accepted} accepted, {total - accepted} rejected")
    out.append("")
    out.append("cases per construct (a case counts for its file's theme and each construct tag):")
    per: Counter[str] = Counter()
    acc: Counter[str] = Counter()
    for c in cases:
        for k in c.constructs:
            per[k] += 1
            acc[k] += c.accepted
    for k, title in CONSTRUCTS.items():
        out.append(f"  {title:<34} {per[k]:>4}   ({acc[k]} accepted, {per[k] - acc[k]} rejected)")
    out.append("")
    out.append("cases per tag:")
    tags: Counter[str] = Counter(t for c in cases for t in c.all_tags if t not in CONSTRUCTS)
    for t in sorted(TAGS - set(CONSTRUCTS)):
        out.append(f"  {t:<34} {tags[t]:>4}")
    out.append("")
    out.append("cases per file:")
    files: Counter[str] = Counter(c.file for c in cases)
    for f, n in sorted(files.items()):
        out.append(f"  {f:<34} {n:>4}")
    hosts: Counter[str] = Counter(c.host[0] for c in cases if "host" in c.fields)
    out.append("")
    out.append("cases per host kind:")
    for h, n in sorted(hosts.items()):
        out.append(f"  {h:<34} {n:>4}")
    canon = {c.fields["canonical"] for c in cases if c.accepted}
    missing = sorted(
        {c.fields["nearest"] for c in cases if not c.accepted and c.fields.get("nearest", "none") != "none"}
        - canon
    )
    out.append("")
    out.append(f"suggestions (`nearest:`) that are no case's canonical form: {len(missing)}")
    for m in missing:
        out.append(f"  {m}")
    return out


# ------------------------------------------------------------------ against a binary

CHARACTER = """character "Case {i}" {{
    cost 3
    prime {{
        drives Liberation, Justice
        morality Virtuous
        cp 6
        vox 2
        attack 2
        rank X
        def X
        penalties -1 CP Expedient, -3 CP Ruthless
        text {{
{prime}
        }}
    }}
    fallen "Case {i}, Fallen" {{
        drives Destruction, Power
        morality Ruthless
        cp 4
        vox 1
        attack 3
        rank X
        def X
        penalties -2 CP Virtuous
        text {{
{fallen}
        }}
        exit Redeem
    }}
}}
"""
STATS = {
    "ground_unit": "cost 1\n    vox 1\n    attack 1\n    rank 2\n    def 2",
    "spacecraft": "cost 2\n    attack 2\n    rank 4\n    def 2",
    "capital_spacecraft": "cost 5\n    capital\n    attack 3\n    rank 6\n    def 4",
    "surface_location": "rank 3",
    "planetary_location": "rank 5",
    "homeworld": "rank 6",
    "device": "cost 1",
}
FRAME = {"capital_spacecraft": "spacecraft"}
FILLER = "Fortified."  # a harmless front text where the case is on another face


def host_card(c: Case, i: int) -> str:
    """The case's text on a card of its host kind, named `Case <i>`, clean apart from it."""
    kind, face, speed = c.host
    text = "            " + c.fields["text"]
    if kind == "character":
        blank = "            -1 CP: Draw a card."
        return CHARACTER.format(
            i=i,
            prime=text if face == "prime" else blank, fallen=text if face == "fallen" else blank
        )
    if kind == "maneuver":
        return f'maneuver "Case {i}" {{\n    cost 1\n    speed {speed}\n    text {{\n{text}\n    }}\n}}\n'
    if kind == "storyline":
        front = text if face == "front" else "        The Bound gets +1 DEF."
        back = text if face == "reversal" else "            Fall the Bound."
        return (
            f'storyline "Case {i}" {{\n    cost 2\n    text {{\n{front}\n    }}\n'
            f'    reversal "Case {i}, Reversed" {{\n        text {{\n{back}\n        }}\n    }}\n}}\n'
        )
    frame = FRAME.get(kind, kind)
    body = f'{frame} "Case {i}" {{\n    {STATS[kind]}\n'
    if "flips" in c.fields["host"].split():
        body += f"    text {{\n{text}\n    }}\n"
        body += f'    fallen "Case {i}, Fallen" {{\n        text {{\n            A: Draw a card.\n        }}\n    }}\n'
    elif face == "fallen":
        filler = "        A: Draw a card." if kind != "device" else "        A, Pay 1 Currency: Draw a card."
        body += f"    text {{\n{filler}\n    }}\n"
        body += f'    fallen "Case {i}, Fallen" {{\n        text {{\n{text}\n        }}\n    }}\n'
    else:
        body += f"    text {{\n{text}\n    }}\n"
    return body + "}\n"


def against(binary: str, cases: list[Case], errors: list[str], listing: bool = False) -> list[str]:
    out: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        tmpdir = Path(tmp)
        shutil.copytree(ROOT / "cards", tmpdir / "cards")
        files: dict[str, Case] = {}
        for i, c in enumerate(cases):
            p = tmpdir / "cases" / f"case{i:04}.card"
            p.parent.mkdir(exist_ok=True)
            p.write_text(host_card(c, i), encoding="utf-8")
            files[p.name] = c
        res = subprocess.run(
            [binary, "check", "--max-diagnostics", "0", "--message-format", "json", "cards", "cases"],
            cwd=tmpdir,
            capture_output=True,
            text=True,
        )
        if res.returncode not in (0, 1):
            errors.append(f"{binary} check failed: {res.stderr.strip()}")
            return out
        failing: dict[str, list[str]] = defaultdict(list)
        said: dict[str, str] = defaultdict(str)
        for line in res.stdout.splitlines():
            d = json.loads(line)
            if d.get("type") != "diagnostic" or d.get("severity") not in ("error", "warning"):
                continue
            name = Path(d["file"]).name
            if name in files:
                failing[name].append(f"{d['code']} {d['message']}")
                said[name] += json.dumps(d, ensure_ascii=False)
            else:
                errors.append(f"a diagnostic outside the cases: {d['file']}: {d['message']}")
        fmt = subprocess.run([binary, "fmt", "cases"], cwd=tmpdir, capture_output=True, text=True)
        if fmt.returncode not in (0, 1):
            errors.append(f"{binary} fmt failed: {fmt.stderr.strip()}")
        today_ok = 0
        tightened = []
        for name, c in files.items():
            if name in failing:
                continue
            today_ok += 1
            printed = canonical_of(tmpdir / "cases" / name, c)
            if c.accepted and printed != c.fields["canonical"]:
                errors.append(
                    f"{c.file}:{c.line}: case `{c.name}`: accepted today as `{printed}`, "
                    f"corpus says `{c.fields['canonical']}`"
                )
            if not c.accepted:
                tightened.append(c)
                if "fail-closed" not in c.tags:
                    errors.append(
                        f"{c.file}:{c.line}: case `{c.name}` is accepted today and rejected by the corpus, "
                        "but is not tagged `fail-closed`"
                    )
        for name, c in files.items():
            if "v1" in c.tags and c.accepted and name in failing:
                errors.append(
                    f"{c.file}:{c.line}: case `{c.name}` is tagged `v1` but that binary rejects it: "
                    f"{failing[name][0]}"
                )
        n = len(cases)
        acc_v2 = [c for c in cases if c.accepted]
        acc_today = [c for nm, c in files.items() if nm not in failing and c.accepted]
        out.append(f"against {binary}:")
        out.append(f"  accepted today: {today_ok} of {n} cases")
        out.append(
            f"  of the {len(acc_v2)} sentences the corpus accepts, accepted today: {len(acc_today)} "
            f"({100 * len(acc_today) / max(1, len(acc_v2)):.0f}%)"
        )
        out.append(f"  accepted today, rejected by the corpus (fail closed): {len(tightened)}")
        # Rejected as the corpus says, with the nearest phrasing it names (a phrase-level
        # "did you mean"), or with some nearest phrasing.
        rejected = [(nm, c) for nm, c in files.items() if nm in failing and not c.accepted
                    and c.fields.get("nearest", "none") != "none"]
        exact = [c for nm, c in rejected if c.fields["nearest"] in said[nm]]
        some = [c for nm, c in rejected if "nearest sentence the vocabulary reads" in said[nm]]
        out.append(
            f"  rejected with the corpus's nearest phrasing: {len(exact)} of {len(rejected)}; "
            f"with a nearest phrasing: {len(some)} of {len(rejected)}"
        )
        for c in tightened:
            out.append(f"    {c.id}: {c.fields['text']}")
        if listing:
            out.append("  every case, as that binary reads it:")
            for name, c in files.items():
                today = "ok  " if name not in failing else "FAIL"
                first = failing[name][0] if name in failing else canonical_of(tmpdir / "cases" / name, c)
                out.append(f"    {today} {c.id}: {first}")
    return out


def canonical_of(path: Path, c: Case) -> str:
    """The sentences `cardc fmt` printed where the case's text was."""
    kind, face, _ = c.host
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[list[str]] = []
    cur: list[str] | None = None
    for line in lines:
        s = line.strip()
        if s == "text {":
            cur = []
            continue
        if s == "}" and cur is not None:
            blocks.append(cur)
            cur = None
            continue
        if cur is not None and s:
            cur.append(s)
    index = 1 if face in ("fallen", "reversal") else 0
    if index >= len(blocks):
        return ""
    return " ".join(blocks[index])


SUGGESTIONS = "suggestions.corpus"
SUGGESTIONS_HEADER = """# The suggestions: every `nearest:` phrasing of a rejected case that no other case shows
# accepted, here on the host the rejected case was written for, so that each suggestion
# is itself a checked, canonical sentence of the vocabulary (a suggestion the vocabulary
# would reject is worse than none). Each case is named after the case it answers.
# Generated by `python3 tests/corpus/check.py --write-suggestions`; edit the answered case.
"""


def suggestions(cases: list[Case]) -> str:
    """suggestions.corpus for the other files' cases."""
    shown = {(host_key(c.fields["host"]), c.fields["canonical"]) for c in cases if c.accepted}
    out = [SUGGESTIONS_HEADER]
    seen: set[tuple[str, str]] = set()
    for c in cases:
        nearest = c.fields.get("nearest", "none")
        if c.accepted or nearest == "none":
            continue
        key = (host_key(c.fields["host"]), nearest)
        if key in shown or key in seen:
            continue
        seen.add(key)
        tags = sorted(c.constructs - {"fail-closed", "out-of-vocabulary"}) or ["effects"]
        out.append(
            f"## for-{Path(c.file).stem}-{c.name}\nhost: {c.fields['host']}\ntags: {' '.join(tags)}\n"
            f"text: {nearest}\ncanonical: {nearest}\n"
        )
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cardc", help="a cardc binary to run over every case")
    ap.add_argument("--quiet", action="store_true", help="print only errors")
    ap.add_argument("--list", action="store_true", help="with --cardc: every case and how the binary reads it")
    ap.add_argument("--markdown", action="store_true", help="print the per-construct counts as a Markdown table")
    ap.add_argument("--write-suggestions", action="store_true", help=f"regenerate {SUGGESTIONS} from the other files")
    args = ap.parse_args()
    errors: list[str] = []
    cases: list[Case] = []
    paths = sorted(HERE.glob("*.corpus"))
    if not paths:
        print("no .corpus files in tests/corpus", file=sys.stderr)
        return 1
    if args.write_suggestions:
        others: list[Case] = []
        for p in paths:
            if p.name != SUGGESTIONS:
                others.extend(read(p, errors))
        (HERE / SUGGESTIONS).write_text(suggestions(others), encoding="utf-8")
        paths = sorted(HERE.glob("*.corpus"))
    for p in paths:
        cases.extend(read(p, errors))
    validate(cases, errors)
    lines = markdown(cases) if args.markdown else report(cases)
    if args.cardc and not errors:
        lines += [""] + against(args.cardc, cases, errors, args.list)
    if not args.quiet:
        print("\n".join(lines))
    for e in errors:
        print(f"error: {e}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
