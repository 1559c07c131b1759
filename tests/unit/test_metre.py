"""Metre fields are cleaned at build time (``corpus_build.metre``): cards show the metre name, the
raw Anukramaṇī note stays in hymns.json, and the facts module's own cleaning sees the same metre
as before except where the raw note misled it."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from corpus_build.corpus import default_corpus_location
from corpus_build.metre import clean_metre, metre_notes
from pyapp.facts import _metre_clean

EXAMPLES = {
    "gāyatrī": "gāyatrī",
    "pragāthaḥ – viṣamā bṛhatyaḥ, samāḥ satobṛhaṃtyaḥ (13 upariṣṭād bṛhatī | ai0 brā0 2-2 caraṇacchedaḥ)": "pragāthaḥ",
    "pragāthaḥ= ( viṣamā bṛhatī, samā satobṛhatī )": "pragāthaḥ",
    "pragāthaḥ [= viṣamā bṛhatī, samā satobṛhatī ]": "pragāthaḥ",
    "urvaśī ṛṣikā | purūravā devatā | triṣṭup": "triṣṭup",
    "triṣṭup, (10purastājjyotiḥ | )": "triṣṭup",
    "triṣṭup, jagatī": "triṣṭup, jagatī",
    "gāyatrī , pragāthaḥ= (14 bṛhatī , 15 satobṛhatī )": "gāyatrī, pragāthaḥ",
    "1 triṣṭup , pragāthaḥ = ( 2 bṛhatī, 3 satobṛhatī ),4-9 gāyatrī": "triṣṭup, pragāthaḥ, gāyatrī",
    "pādanicṛt (5 hrasīyasī vā) gāyatrī": "pādanicṛt gāyatrī",
    "triṣṭup , [": "triṣṭup",
    "vā ] virāṭ": "virāṭ",
    "[": None,
    "": None,
    None: None,
}


@pytest.mark.parametrize("raw", list(EXAMPLES))
def test_clean_metre(raw) -> None:
    assert clean_metre(raw) == EXAMPLES[raw]
    assert clean_metre(EXAMPLES[raw]) == EXAMPLES[raw]  # idempotent


def test_notes_keep_the_raw_text_of_cleaned_verses_as_runs() -> None:
    raw = "pragāthaḥ= ( viṣamā bṛhatī, samā satobṛhatī )"
    verses = [(1, "gāyatrī"), (2, raw), (3, raw), (4, "gāyatrī"), (5, raw), (6, None)]
    assert metre_notes(verses) == [[2, 3, raw], [5, 5, raw]]
    assert metre_notes([(1, "gāyatrī"), (2, None)]) is None


CORPUS = Path(default_corpus_location())


@pytest.mark.skipif(not CORPUS.is_file(), reason="no corpus found (corpus_build.locate)")
def test_facts_see_the_same_metre_except_where_the_note_misled_them() -> None:
    values = Counter(json.loads(line).get("meter") for line in CORPUS.open(encoding="utf-8"))
    changed = {}
    for raw, count in values.items():
        clean = clean_metre(raw)
        if clean is not None:
            assert not any(ch in clean for ch in "()[]|=–0123456789"), (raw, clean)
        if raw and _metre_clean(clean) != _metre_clean(raw):
            changed[raw] = (_metre_clean(raw), _metre_clean(clean), count)
    # the facts module's first-name reading changes only where the raw field misled it: a remark
    # in parentheses holding a "|", a strophe's make-up after a dash, a stray "vā ]"
    assert {before for before, _, _ in changed.values()} <= {
        "ai brā caraṇacchedaḥ", "", "pragāthaḥ viṣamā bṛhatyaḥ", "vā virāṭ"}, changed
    assert sum(count for _, _, count in changed.values()) <= 100


def test_built_index_has_clean_metres_and_raw_notes(index_dir: Path) -> None:
    verses = json.loads((index_dir / "verses.json").read_text(encoding="utf-8"))
    hymns = json.loads((index_dir / "hymns.json").read_text(encoding="utf-8"))
    column = verses["fields"].index("meter")
    metres = {row[column] for row in verses["rows"]}
    assert not any(m and any(ch in m for ch in "()[]|=") for m in metres)
    notes_at = hymns["fields"].index("meter_notes")
    notes = [n for row in hymns["rows"] for n in (row[notes_at] or [])]
    assert notes and all(isinstance(first, int) and first <= last and raw for first, last, raw in notes)
    assert any("caraṇacchedaḥ" in raw for _, _, raw in notes)  # the source's note is kept
