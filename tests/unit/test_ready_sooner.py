"""Issue 21, ready sooner: what the page's boot leaves out of the load, and what it does meanwhile.

* the keyword index's vocabulary is read from ``text/vocab.txt`` (lines), its Sanskrit terms made on
  first use, and searches exactly as from ``text/vocab.json``;
* the padapāṭha is prepared after "ready" in slices that make the same tables as one build; an answer
  that looked for it before then says it went without, and the next ones use it.
"""
from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from pyapp import bridge
from pyapp.search import PADAPATHA, Searcher, vocab_lines
from pyapp.search.padapatha import PadapathaIndex
from pyapp.search.text import TextIndex

VOCAB = {"en": ["agni", "dawn", "fire"], "sa": ["agnim", "ile", "purohitam", "usas"],
         "names": {"agni": ["agni"], "usas": ["usha", "usa"]}}


def test_vocab_lines_read_back_the_same_vocabulary() -> None:
    data = vocab_lines.encode(VOCAB)
    assert vocab_lines.decode(data) == VOCAB
    later = vocab_lines.decode(data, later=("sa",))
    assert later["en"] == VOCAB["en"] and later["names"] == VOCAB["names"] and later["sa"]() == VOCAB["sa"]
    for empty in ({"en": [], "sa": [], "names": {}}, {"en": ["a"], "sa": [], "names": {"k": ["a"]}},
                  {"en": [], "sa": ["x"], "names": {}}):
        assert vocab_lines.decode(vocab_lines.encode(empty)) == empty


def test_a_truncated_or_foreign_vocabulary_file_is_refused_with_a_reason() -> None:
    data = vocab_lines.encode(VOCAB)
    with pytest.raises(vocab_lines.VocabLinesError, match="truncated"):
        vocab_lines.decode(data[: data.rindex(b"\n")])
    with pytest.raises(vocab_lines.VocabLinesError, match="header"):
        vocab_lines.decode(b"not a header\nagni")
    with pytest.raises(vocab_lines.VocabLinesError, match="cannot be a line"):
        vocab_lines.encode({"en": ["two\twords"], "sa": [], "names": {}})


def test_the_text_index_searches_the_same_from_either_vocabulary_file(index_dir: Path, tmp_path: Path) -> None:
    if not (index_dir / "text" / vocab_lines.FILE_NAME).exists():
        pytest.skip("index built before text/vocab.txt")
    lines = TextIndex.load(str(index_dir))
    json_only = tmp_path / "index"
    shutil.copytree(index_dir / "text", json_only / "text", ignore=shutil.ignore_patterns("*.br", "*.gz", "vocab.txt"))
    from_json = TextIndex.load(str(json_only))
    assert lines.sa._vocab is None  # not made by the load
    assert lines.en.vocab == from_json.en.vocab and lines.sa.vocab == from_json.sa.vocab
    assert lines.names == from_json.names and lines.sa.ids == from_json.sa.ids
    for query in ("hymn to the dawn", "agním īḷe puróhitaṃ", "Vritra slayer"):
        assert (lines.scores(query) == from_json.scores(query)).all()


def _small_padapatha() -> PadapathaIndex:
    hymns = {"1.1": ["agnim īḷe puraḥ-hitam yajñasya devam ṛtvijam", "agniḥ pūrvebhiḥ ṛṣi-bhiḥ"],
             "1.2": ["vāyo iti ā yāhi darśata", "vāyo iti ukthebhiḥ jarante"],
             "10.129": ["na asat āsīt no iti sat āsīt tadānīm", "na mṛtyuḥ āsīt amṛtam na tarhi"]}
    return PadapathaIndex.from_data({"format": 1, "hymns": hymns})


@pytest.mark.parametrize("slice_size", [1, 2, 1000])
def test_the_padapatha_prepared_in_slices_has_the_same_tables(slice_size: int) -> None:
    whole, sliced = _small_padapatha(), _small_padapatha()
    whole.prepare()
    steps = list(sliced.build_steps(slice_size))
    assert len(steps) >= 3 and sliced._tables == whole._tables and sliced._keys == whole._keys
    assert sliced.lookup_refs("agni") == whole.lookup_refs("agni") == ["1.1.1", "1.1.2"]


def test_a_searcher_without_its_padapatha_yet_goes_without_and_notes_it(keyword_searcher: Searcher, index_dir: Path) -> None:
    later = Searcher.load(str(index_dir), vectors=False, padapatha_later=True)
    assert later.padapatha_pending and later.skipped_parts == set()
    later.search("hymn to the dawn", method="text")
    assert later.skipped_parts == set()  # an English question with no Sanskrit word never asks for it
    quote = "agním īḷe puróhitaṃ"
    early = later.search(quote, method="text")
    assert early.success and PADAPATHA in later.skipped_parts
    for _ in later.padapatha_steps(slice_size=2000):
        pass
    assert not later.padapatha_pending and later.padapatha is not None
    later.skipped_parts.clear()
    after = later.search(quote, method="text")
    assert later.skipped_parts == set()
    assert [r.book_context for r in after.results] == [r.book_context for r in keyword_searcher.search(quote, method="text").results]


def _ask(question: str) -> dict:
    return json.loads(asyncio.run(bridge.ask(question, "[]", "{}", lambda e: None, lambda t: None)))


def test_an_answer_before_the_padapatha_is_ready_says_so_and_after_the_warm_up_none_does(index_dir: Path) -> None:
    assert json.loads(bridge.boot(str(index_dir)))["success"]
    assert bridge._state.searcher.padapatha_pending
    early = _ask("agním īḷe puróhitaṃ")
    assert early["success"] and bridge.PADAPATHA_PENDING_NOTE in early["notes"]
    assert json.loads(bridge.warm_up())["success"]  # CPython: the padapāṭha at once
    later = _ask("agním īḷe puróhitaṃ")
    assert later["success"] and bridge.PADAPATHA_PENDING_NOTE not in later["notes"]
    assert not bridge._state.searcher.padapatha_pending


@pytest.mark.parametrize("question", ["Give me RV 3.62.10 word by word",
                                      "in RV 1.1.1, is yajñasya genitive or dative?"])
def test_a_question_that_needs_the_padapatha_at_ready_has_it_finished_first(index_dir: Path, question: str) -> None:
    """A word-by-word or grammar question asked before the page has prepared the padapāṭha is answered from
    it (prepared at once, said in the status line), never told it "is not in the index"."""
    assert json.loads(bridge.boot(str(index_dir)))["success"]
    assert bridge._state.searcher.padapatha_pending
    statuses: list = []
    result = json.loads(asyncio.run(bridge.ask(question, "[]", "{}", statuses.append, lambda t: None)))
    assert result["success"], result
    assert "not in the index" not in result["answer"] and bridge.PADAPATHA_PENDING_NOTE not in result["notes"]
    assert not bridge._state.searcher.padapatha_pending
    assert any("preparing the padapāṭha" in json.loads(e).get("message", "") for e in statuses)
