"""One count of a god's or seer's hymns: the list answers, the comparisons and the reader's filters agree.

The corpus side is read here without ``pyapp`` (the verses' Anukramaṇī ``deity`` field), so a
joint hymn is checked against the data, not against the code that classifies it.
"""
from __future__ import annotations

import json
import os
import re
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path
from typing import Dict, List, Set

import pytest

from pyapp import counts, reader
from pyapp.agents.compose import _hymn_count
from pyapp.facts import _addressee_names, answer_fact, facts_for
from pyapp.index import RigvedaIndex

CORPUS = Path(os.environ.get("RIGVEDA_CORPUS", "/work/shared/corpus/rigveda.jsonl"))


@pytest.fixture(scope="module")
def index(index_dir: Path) -> RigvedaIndex:
    return RigvedaIndex.load(str(index_dir))


def js_fold(text: str) -> str:
    """``fold`` of web/ui/reader.js, line for line (the reader folds both the typed text and the keys)."""
    value = "".join(c for c in unicodedata.normalize("NFD", str(text or "")) if not unicodedata.combining(c)).lower()
    value = re.sub(r"[^a-z0-9]+", " ", value)
    value = re.sub(r"[ch]*c[ch]*", "c", value).replace("sh", "s").replace("ri", "r")
    return re.sub(r"([a-z])\1+", r"\1", value).strip()


def reader_filter(catalog: dict, kind: str, typed: str) -> Set[str]:
    """The hymns the reader lists for a name typed whole (its facet), as reader.js builds them."""
    merged: Dict[str, Set[str]] = defaultdict(set)
    for key, refs in catalog["facets"][kind].items():
        merged[js_fold(key)].update(refs)
    return merged.get(re.sub(r"^the ", "", js_fold(typed)), set())


@pytest.fixture(scope="module")
def catalog(index: RigvedaIndex) -> dict:
    return reader.catalog(index)


def _first_number(text: str) -> int:
    found = re.match(r"\s*(\d[\d,]*|One|RV \d+\.\d+ is the hymn)", text)
    assert found, text
    return 1 if not found.group(1)[0].isdigit() else int(found.group(1).replace(",", ""))


def test_a_gods_list_answer_comparison_and_reader_filter_give_one_count(index: RigvedaIndex, catalog: dict) -> None:
    facts = facts_for(index)
    heads = Counter(_addressee_names(h.addressee)[0] for h in facts.hymns if _addressee_names(h.addressee))
    checked = 0
    for name, _ in heads.most_common(40):
        god = counts.god_hymns(index, name)
        if god is None or not god.alone or len(name.split()) > 2:
            continue
        answer = answer_fact(f"Which hymns are addressed to {name}?", index)
        assert answer is not None and _first_number(answer.text) == len(god.alone), (name, answer and answer.text)
        for _, pair, refs in god.joint:  # each shared count is told, named as the pair
            assert f"{len(refs)} more are addressed to" in answer.text or f"One more is addressed to" in answer.text
            assert f"({pair})" in answer.text
        assert _hymn_count(index, name).startswith(f"{len(god.alone)} hymn")  # the comparison's count
        listed = reader_filter(catalog, "deity", name)
        assert listed == set(god.alone) | set(god.joint_refs) | set(god.part), name
        checked += 1
    assert checked >= 15


def test_a_hymn_to_a_pair_is_joint_for_both_and_alone_for_neither(index: RigvedaIndex) -> None:
    facts = facts_for(index)
    pairs = {h.joint for h in facts.hymns if h.joint}
    assert ("mitra", "varuna") in pairs and ("indra", "agni") in pairs
    for a, b in pairs:
        refs = {h.ref for h in facts.hymns if h.joint == (a, b)}
        for key, other in ((a, b), (b, a)):
            god = counts.god_hymns(index, key)
            assert god is not None and not refs & set(god.alone), key
            shared = [r for partner_refs in (x[2] for x in god.joint) for r in partner_refs]
            assert refs <= set(shared), (key, other)


def _corpus_hymn_deities() -> Dict[str, List[str]]:
    if not CORPUS.exists():
        pytest.skip(f"corpus not present at {CORPUS}")
    out: Dict[str, List[str]] = defaultdict(list)
    with CORPUS.open(encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            out[f"{row['mandala']}.{row['hymn']}"].append(row.get("deity") or "")
    return out


def test_joint_and_alone_agree_with_the_corpus_deity_fields(index: RigvedaIndex) -> None:
    """Every hymn whose verses all have the dual deity "mitrāvaruṇau" (or "indrāgnī") is shared by the
    pair; Mitra's hymns alone are exactly those whose verses are mostly to "mitraḥ"."""
    deities = _corpus_hymn_deities()
    for compound, a, b in (("mitrāvaruṇau", "Mitra", "Varuṇa"), ("indrāgnī", "Indra", "Agni")):
        whole = {ref for ref, ds in deities.items() if all(d == compound for d in ds)}
        assert whole
        for name in (a, b):
            god = counts.god_hymns(index, name)
            assert whole <= set(god.joint_refs) and not whole & set(god.alone), name
    mitra_alone = {ref for ref, ds in deities.items() if sum(d == "mitraḥ" for d in ds) * 2 >= len(ds)}
    assert set(counts.god_hymns(index, "Mitra").alone) == mitra_alone


def test_a_seers_answer_and_reader_filter_give_one_count(index: RigvedaIndex, catalog: dict) -> None:
    facts = facts_for(index)
    names = Counter(w for h in facts.hymns for w in h.rishi_words)
    checked = 0
    for word, _ in names.most_common(60):
        seer = counts.seer_hymns(index, word)
        if seer is None or len(seer.refs) < 2:
            continue
        answer = answer_fact(f"Which hymns did {seer.name} compose?", index)
        if answer is None or "named as the seer of" not in answer.text:
            continue
        said = re.search(r"named as the seer of (\d+) hymns", answer.text)
        assert said and int(said.group(1)) == len(seer.refs), (seer.name, answer.text[:120])
        assert reader_filter(catalog, "seer", seer.name) == set(seer.refs), seer.name
        checked += 1
    assert checked >= 20


def test_a_seer_named_only_in_a_note_is_counted_and_filtered_alike(index: RigvedaIndex, catalog: dict) -> None:
    """9.107 is credited to the Seven Seers, each named for some verses in a note."""
    seer = counts.seer_hymns(index, "Vishvamitra")
    assert "9.107" in seer.refs and "9.107" in seer.partial
    assert reader_filter(catalog, "seer", "Vishvamitra") == set(seer.refs)


def test_folding_keys_as_the_page_does_never_merges_two_names(catalog: dict) -> None:
    for kind, table in catalog["facets"].items():
        folded: Dict[str, Set[str]] = defaultdict(set)
        for key, refs in table.items():
            folded[js_fold(key)].add(tuple(refs))
        merged = {k: v for k, v in folded.items() if len(v) > 1}
        assert not merged, (kind, list(merged)[:5])
