"""The hymn reader's data: a catalogue of every hymn (the maṇḍala lists and the filters) and one hymn.

Why here and not a build-time table: the names the reader shows and filters on — seer, deity,
metre — are the cleaned Anukramaṇī names of :mod:`pyapp.facts` (sandhi undone, notes dropped,
"gāthino viśvāmitraḥ" → "Gāthina Viśvāmitra"), built from the verse index the page has already
loaded. Shipping them again as a file would duplicate that code's output and grow the index; built
here they cost one pass over the verses (``facts_for``, cached per index) the first time the reader
opens, and nothing at start-up.

Both functions return plain dicts (the bridge turns them into JSON); both run unchanged in CPython.
The page folds names for diacritic-free matching itself (``web/ui/reader.js``), so typing a filter
never calls Python.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp.counts import facets
from pyapp.facts import FAMILY_BOOKS, facts_for, metre_display
from pyapp.search.refs import ParsedReference, resolve

CATALOG_FIELDS = ["ref", "mandala", "hymn", "verses", "addressee", "seers", "deities", "metres"]
VERSE_FIELDS = ["verse", "sanskrit", "iast", "translation"]
_REF = re.compile(r"^\s*(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?\s*$")

Run = Tuple[int, int, str]


@lru_cache(maxsize=1024)
def metre_name(clean: str) -> str:
    """"triṣṭup" → "Triṣṭubh" (the display name without its ASCII spelling and syllable note)."""
    shown = metre_display(clean) if clean else ""
    return shown.split(" (", 1)[0].strip()


def _by_coverage(runs: Sequence[Run]) -> List[str]:
    """Distinct non-empty values, the one covering most verses first (ties: first seen)."""
    counts: Counter = Counter()
    order: Dict[str, int] = {}
    for start, end, value in runs:
        if value:
            counts[value] += end - start + 1
            order.setdefault(value, start)
    return sorted(counts, key=lambda v: (-counts[v], order[v]))


def _metre_runs(runs: Sequence[Run]) -> List[Run]:
    out: List[Run] = []
    for start, end, value in runs:
        name = metre_name(value)
        if out and out[-1][2] == name:
            out[-1] = (out[-1][0], end, name)
        else:
            out.append((start, end, name))
    return out


def _family(mandala: int) -> Optional[str]:
    person = FAMILY_BOOKS.get(mandala)
    return person[:1].upper() + person[1:] if person else None


_CATALOG_CACHE: Dict[int, Tuple[object, str]] = {}


def catalog(index: Any) -> Dict[str, Any]:
    """Every hymn as a row of ``CATALOG_FIELDS`` (seers / deities / metres: display names, the one
    covering most verses first), the maṇḍalas ``{mandala, hymns, verses, family}`` and the
    ``facets`` of :func:`pyapp.counts.facets`: a god's or seer's name typed in a filter lists the
    hymns an answer counts for it (one computation), other text matches the names shown."""
    facts = facts_for(index)
    rows = []
    for hymn in facts.hymns:
        rows.append([hymn.ref, hymn.mandala, hymn.hymn, hymn.verses, hymn.addressee,
                     _by_coverage(hymn.rishi_runs), _by_coverage(hymn.deity_runs),
                     _by_coverage(_metre_runs(hymn.metre_runs))])
    mandalas = []
    for number in range(1, index.mandala_count + 1):
        hymns = index.hymn_count(number)
        verses = sum(index.verse_count(number, h) for h in range(1, hymns + 1))
        mandalas.append({"mandala": number, "hymns": hymns, "verses": verses, "family": _family(number)})
    return {"success": True, "fields": CATALOG_FIELDS, "rows": rows, "mandalas": mandalas, "facets": facets(index)}


def catalog_json(index: Any) -> str:
    """:func:`catalog` as JSON, made once per loaded index."""
    key = id(index)
    cached = _CATALOG_CACHE.get(key)
    if cached is None or cached[0] is not index:
        cached = (index, json.dumps(catalog(index), ensure_ascii=False, separators=(",", ":")))
        _CATALOG_CACHE[key] = cached
    return cached[1]


def _neighbours(index: Any, mandala: int, number: int) -> Tuple[Optional[str], Optional[str]]:
    """The hymns before and after, across maṇḍala boundaries (None at 1.1 and at the last hymn)."""
    if number > 1:
        prev: Optional[str] = f"{mandala}.{number - 1}"
    elif mandala > 1:
        prev = f"{mandala - 1}.{index.hymn_count(mandala - 1)}"
    else:
        prev = None
    if number < index.hymn_count(mandala):
        nxt: Optional[str] = f"{mandala}.{number + 1}"
    elif mandala < index.mandala_count:
        nxt = f"{mandala + 1}.1"
    else:
        nxt = None
    return prev, nxt


def hymn(index: Any, ref: str) -> Dict[str, Any]:
    """One whole hymn for the reader: ``{success, ref, mandala, hymn, verse, addressee, group,
    seers, deities, metres (runs [first, last, name]), family, prev, next, fields, verses}``,
    or ``{success: false, error}`` with the reference lookup's one-line reason."""
    match = _REF.match(str(ref))
    if not match:
        return {"success": False, "error": f"“{str(ref)[:40]}” is not a hymn reference; write it like 10.129 or 10.129.3."}
    mandala, number = int(match.group(1)), int(match.group(2))
    verse = int(match.group(3)) if match.group(3) else None
    found = resolve(ParsedReference(mandala=mandala, hymn=number, verse=verse), index)
    if isinstance(found, str):
        return {"success": False, "error": f"{found}."}
    facts = facts_for(index).hymn(f"{mandala}.{number}")
    meta = index.hymns_meta(mandala, number) or {}
    prev, nxt = _neighbours(index, mandala, number)
    return {
        "success": True, "ref": f"{mandala}.{number}", "mandala": mandala, "hymn": number, "verse": verse,
        "addressee": (facts.addressee if facts else meta.get("addressee")) or "",
        "group": str(meta.get("group") or ""),
        "seers": [list(r) for r in facts.rishi_runs] if facts else [],
        "deities": [list(r) for r in facts.deity_runs] if facts else [],
        "metres": [list(r) for r in _metre_runs(facts.metre_runs)] if facts else [],
        "family": _family(mandala), "prev": prev, "next": nxt,
        "fields": VERSE_FIELDS,
        "verses": [[v.verse, v.sanskrit, v.roman, v.translation] for v in index.hymn(mandala, number)],
    }


def hymn_json(index: Any, ref: str) -> str:
    return json.dumps(hymn(index, ref), ensure_ascii=False, separators=(",", ":"))
