"""Fill ``pyapp/data/word_lore.json``'s verse refs from the padapāṭha, and drop the words the hymns never use.

Why a script: the word-lore table (``pyapp.reading.word_lore``) names Sanskrit words from the Nighaṇṭu's lists,
the dictionaries' roots and the Vedic opposites, written from public knowledge; a list written so holds words
of later Sanskrit too (jala, ravi …). Each word carries ``forms``, a pattern over the padapāṭha's words
(sandhi undone, compounds split), and this script keeps a word only when some verse has it, storing the count
and one or two verses — preferring those whose Griffith line says the thing in English, so the cited verse
shows the word doing what the answer says. Refs are found here, never typed by hand; the unit test
``tests/unit/test_word_lore.py`` checks every stored ref against the index again.

    python -m corpus_build.word_lore_refs web/assets/index [--write]
"""
from __future__ import annotations

import json
import os
import re
import sys
from typing import Any, Dict, List, Sequence

from pyapp.reading.word_lore import DATA_FILE, padapatha_has

SHOWN = 2


def _lines(index_dir: str) -> Dict[str, str]:
    with open(os.path.join(index_dir, "padapatha.json"), encoding="utf-8") as handle:
        hymns = json.load(handle)["hymns"]
    out: Dict[str, str] = {}
    for hymn in sorted(hymns, key=lambda h: tuple(int(p) for p in h.split("."))):
        for number, line in enumerate(hymns[hymn], 1):
            if line:
                out[f"{hymn}.{number}"] = line
    return out


def _english(index_dir: str) -> Dict[str, str]:
    with open(os.path.join(index_dir, "verses.json"), encoding="utf-8") as handle:
        data = json.load(handle)
    rows = data.get("rows", data) if isinstance(data, dict) else data
    fields = data.get("fields") if isinstance(data, dict) else None
    out: Dict[str, str] = {}
    for row in rows:
        if isinstance(row, dict):
            out[row["ref"]] = row.get("translation", "")
        elif fields:
            out[row[fields.index("ref")]] = row[fields.index("translation")] or ""
    return out


def _pick(found: List[str], english: Dict[str, str], cues: Sequence[str], avoid: Sequence[str] = ()) -> List[str]:
    """One or two of ``found``: verses whose English has a cue word first, then the rest, in the text's order."""
    cue = re.compile(r"\b(?:" + "|".join(re.escape(c) for c in cues if c) + r")", re.I) if cues else None
    good = [r for r in found if cue is not None and cue.search(english.get(r) or "") and r not in avoid]
    rest = [r for r in found if r not in good and r not in avoid]
    return (good + rest)[:SHOWN]


def _verses(lines: Dict[str, str], forms: str) -> List[str]:
    pattern = re.compile(forms)
    return [ref for ref, line in lines.items() if padapatha_has(line, pattern)]


def fill(table: Dict[str, Any], lines: Dict[str, str], english: Dict[str, str], log: Any = sys.stdout) -> Dict[str, Any]:
    used: List[str] = []
    for topic in table.get("topics", []):
        cues = [n for n in topic["names"] if n.isascii()][:3]
        kept = []
        for word in topic["words"]:
            found = _verses(lines, word["forms"])
            if not found:
                print(f"dropped (no verse): {topic['id']}: {word['word']}", file=log)
                continue
            word["verses"] = len(found)
            word["refs"] = _pick(found, english, cues + [word["gloss"].split(",")[0].split()[-1]], used)
            used += word["refs"]
            kept.append(word)
        topic["words"] = kept
    pairs = []
    for pair in table.get("opposites", []):
        one, two = _verses(lines, pair["word"]["forms"]), _verses(lines, pair["opposite"]["forms"])
        if not one or not two:
            print(f"dropped (no verse): {pair['word']['word']} / {pair['opposite']['word']}", file=log)
            continue
        together = [r for r in two if r in set(one)]
        pair["together"] = together[:SHOWN]
        pair["word"]["refs"] = _pick(one, english, [pair["word"]["gloss"].split(",")[0]])
        pair["opposite"]["refs"] = _pick(two, english, [pair["opposite"]["gloss"].split(",")[0]], together[:1])
        pair["word"]["verses"], pair["opposite"]["verses"] = len(one), len(two)
        pairs.append(pair)
    table["opposites"] = pairs
    roots = []
    for row in table.get("roots", []):
        found = _verses(lines, row["forms"])
        if not found:
            print(f"dropped (no verse): root of {row['word']}", file=log)
            continue
        row["refs"] = found[:SHOWN]
        row["verses"] = len(found)
        row["root_refs"] = _verses(lines, row["root_forms"])[:1] if row.get("root_forms") else []
        roots.append(row)
    table["roots"] = roots
    archaic = []
    for row in table.get("archaic", []):
        pattern = re.compile(row["pattern"])
        count = sum(1 for text in english.values() if pattern.search(text))
        if not count:
            print(f"dropped (not in Griffith): {row['word']}", file=log)
            continue
        row["verses"] = count
        archaic.append(row)
    table["archaic"] = archaic
    return table


def main(argv: Sequence[str]) -> int:
    index_dir = argv[0] if argv else "web/assets/index"
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "pyapp", DATA_FILE)
    with open(path, encoding="utf-8") as handle:
        table = json.load(handle)
    table = fill(table, _lines(index_dir), _english(index_dir))
    if "--write" in argv:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(table, handle, ensure_ascii=False, indent=1)
            handle.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
