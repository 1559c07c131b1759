"""How fact answers are worded: citations ("[RV 1.1.1]"), numbers, plurals, lists of hymns, "mostly
in maṇḍala 7", a name with its ASCII spelling once.

Why apart: every answer module writes sentences the same way; one place keeps them alike.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, List, Optional, Sequence

from pyapp.factbook.answer import LIST_LIMIT, REFS_LIMIT
from pyapp.factbook.names import ascii_name, display_name
from pyapp.factbook.table import Run

def _span(start: int, end: int) -> str:
    return str(start) if start == end else f"{start}–{end}"


def _cite(mandala: int, hymn: int, verse: int = 1) -> str:
    return f"[RV {mandala}.{hymn}.{verse}]"


def _n(number: int) -> str:
    return f"{number:,}"


def _plural(number: int, word: str, plural: Optional[str] = None) -> str:
    return f"{_n(number)} {word if number == 1 else (plural or word + 's')}"


def _count(number: int, singular: str, plural: str, start: bool = False) -> str:
    """"one hymn addresses" / "3 hymns address" ("One …" at the start of a sentence)."""
    text = f"one {singular}" if number == 1 else f"{_n(number)} {plural}"
    return text[:1].upper() + text[1:] if start else text


def _join(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _named(text: str) -> str:
    """A display name with its ASCII spelling once ("Viśvāmitra (Vishvamitra)"); a note in
    parentheses and an "alternatively" stay where they are."""
    if not text:
        return text
    prefix = "alternatively " if text.startswith("alternatively ") else ""
    base, sep, note = text[len(prefix):].partition(" (")
    if "(" in base or (note and not note.endswith(")")):
        return text
    plain = ascii_name(base)
    if sep and plain != base:  # "Uṣas (the Dawn)" → "Uṣas (Ushas, the Dawn)"
        return f"{prefix}{base} ({plain}, {note}"
    return prefix + display_name(base) + (f" ({note}" if sep else "")


def _differences(runs: Sequence[Run], main: str, limit: int = 4) -> str:
    """"verses 16–18: alternatively Jamadagni" for the runs whose value is not the main one."""
    other = [(s, e, v) for s, e, v in runs if v != main]
    if not other:
        return ""
    parts = [f"{'verse' if s == e else 'verses'} {_span(s, e)}: {v or 'not given'}" for s, e, v in other[:limit]]
    more = f"; {len(other) - limit} more passages differ" if len(other) > limit else ""
    return "; ".join(parts) + more


def _mandala_phrase(refs: Sequence[str], mandalas: int = 10) -> str:
    """"all in maṇḍala 3" / "mostly in maṇḍala 7 (104), also in 9 and 10" / "in every maṇḍala but 9"."""
    counts = Counter(int(r.split(".")[0]) for r in refs)
    if not counts:
        return ""
    if len(refs) == 1:
        return f"in maṇḍala {next(iter(counts))}"
    if len(counts) == 1:
        return f"all in maṇḍala {next(iter(counts))}"
    top, top_n = counts.most_common(1)[0]
    if top_n * 2 > len(refs):
        rest = _join([str(m) for m in sorted(counts) if m != top])
        return f"mostly in maṇḍala {top} ({_n(top_n)}), also in {rest}"
    missing = [m for m in range(1, mandalas + 1) if m not in counts]
    if not missing:
        return "in every maṇḍala"
    if len(missing) <= 2:
        return f"in every maṇḍala except {_join([str(m) for m in missing])}"
    return f"in maṇḍalas {_join([str(m) for m in sorted(counts)])}"


def _hymn_list(refs: Sequence[str], limit: int = LIST_LIMIT) -> str:
    shown = ", ".join(f"RV {r}" for r in refs[:limit])
    return shown + (f" and {_n(len(refs) - limit)} more" if len(refs) > limit else "")


def _first_verses(refs: Sequence[str], limit: int = REFS_LIMIT) -> List[str]:
    return [f"{r}.1" for r in refs[:limit]]


def _sort_refs(refs: Iterable[str]) -> List[str]:
    return sorted(set(refs), key=lambda r: tuple(int(p) for p in r.split(".")))
