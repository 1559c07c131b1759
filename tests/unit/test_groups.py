"""Hymn groups (``corpus_build.groups``): clean labels, contiguous runs, and a heading that fits its hymns."""
from __future__ import annotations

import re
from pathlib import Path
from typing import List

import pytest

from corpus_build.groups import _fits, clean_groups, clean_label, heading_names
from pyapp import reader
from pyapp.facts import facts_for
from pyapp.index import RigvedaIndex


@pytest.fixture(scope="module")
def index(index_dir: Path) -> RigvedaIndex:
    return RigvedaIndex.load(str(index_dir))


def test_a_label_loses_its_numbering() -> None:
    assert clean_label("25. group: hymns of Manyu") == "hymns of Manyu"
    assert clean_label("3.  Gruppe:  Lieder des Vimada") == "Lieder des Vimada"
    assert clean_label(None) == ""
    assert heading_names("hymns of Syavasva to the Maruts") == ("seer", ["syavasva"])
    assert heading_names("hymns to Mitra and Varuna") == ("god", ["mitra", "varuna"])


def test_a_run_is_cut_where_nothing_confirms_it() -> None:
    hymns = [  # (maṇḍala, label, seer, addressee + deity)
        (1, "1. group: hymns of Kavi", "kaviḥ", "Agni"),
        (1, "1. group: hymns of Kavi", "kaviḥ", "Agni"),
        (1, "1. group: hymns of Kavi", "anyaḥ", "Indra"),  # group 2 is missing: 1.3 is not Kavi's
        (1, "3. group: hymns of Nara and others", "naraḥ", "Soma"),
        (1, "3. group: hymns of Nara and others", "anyaḥ", "Soma"),  # "and others": kept
        (2, "3. group: hymns of Nara and others", "naraḥ", "Soma"),  # over the book boundary: dropped
        (2, "2. group: hymns to Usas", "ṛṣiḥ", "Usas"),
        (2, "2. group: hymns to Usas", "ṛṣiḥ", "Agni"),  # the book's last run: cut after its last fit
    ]
    assert clean_groups(hymns) == ["hymns of Kavi", "hymns of Kavi", "", "hymns of Nara and others",
                                   "hymns of Nara and others", "", "hymns to Usas", ""]


def _runs(rows: List[dict]) -> List[List[dict]]:
    runs: List[List[dict]] = []
    for row in rows:
        if runs and runs[-1][-1]["mandala"] == row["mandala"] and runs[-1][-1]["group"] == row["group"]:
            runs[-1].append(row)
        else:
            runs.append([row])
    return runs


def test_every_hymns_group_is_plausible(index: RigvedaIndex) -> None:
    """No numbering junk; each label one contiguous run inside one maṇḍala; a heading that names
    seers or gods fits a hymn of its run, and at most three hymns follow the last it fits (one that ran
    on past its section does not: under "hymns of Manyu", 10.85–10.191 followed 10.84)."""
    facts = facts_for(index)
    rows = [dict(index.hymns_meta(h.mandala, h.hymn) or {}, mandala=h.mandala, hymn=h.hymn,
                 seer=" ".join(r for _, _, r in h.raw_rishi), gods=" ".join([h.addressee] + [r for _, _, r in h.raw_deity]))
            for h in facts.hymns]
    assert len(rows) == 1028
    seen = set()
    for run in _runs(rows):
        label = run[0]["group"] or ""
        if not label:
            continue
        assert not re.search(r"\d|\bgroup\s*:", label, re.IGNORECASE), label
        key = (run[0]["mandala"], label)
        assert key not in seen, f"{label!r} is not one run in maṇḍala {key[0]}"
        seen.add(key)
        kind, names = heading_names(label)
        if kind and names and not re.search(r"\b(?:others?|etc|appendix|various|single)\b", label):
            fits = [i for i, r in enumerate(run) if _fits(names, r["seer"] if kind == "seer" else r["gods"])]
            assert fits and len(run) - 1 - fits[-1] <= 3, (label, run[0]["mandala"], run[0]["hymn"], len(run))
    first_of_book = {r["mandala"]: r["group"] for r in reversed(rows)}
    last_of_book = {r["mandala"]: r["group"] for r in rows}
    for mandala in range(2, 11):
        assert not first_of_book[mandala] or first_of_book[mandala] != last_of_book[mandala - 1]


def test_the_reader_shows_no_wrong_group(index: RigvedaIndex) -> None:
    assert reader.hymn(index, "10.129")["group"] == ""  # not "25. group: hymns of Manyu"
    assert reader.hymn(index, "10.83")["group"] == "hymns of Manyu"
    assert reader.hymn(index, "1.24")["group"] == ""  # Śunaḥśepa's, not Medhātithi's
    assert reader.hymn(index, "9.1")["group"] == ""  # not maṇḍala 8's last heading
    assert reader.hymn(index, "8.50")["group"] == "Valakhilya-hymns"
