"""Words no hand lexicon has, read through a free bilingual dictionary (``pyapp.reading.bilingual``, built by
``corpus_build.bilingual`` from the FreeDict dictionaries Debian ships).

Three kinds of test: the build reads dictd files (a tiny dictionary of our own, so no package is needed); the
reader's mechanism (inflections, compounds, curated words first, no table for English, a missing table costs
nothing) over small tables of our own written into a temporary index; and questions of our own wording in
other languages about things no lexicon row names, over the built index (skipped where the build machine had
no FreeDict dictionary installed: ``.ci/run`` installs them).
"""
from __future__ import annotations

import base64
import gzip
import json
import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Dict

import pytest

from corpus_build import bilingual as build
from pyapp.lexicon import Lexicon
from pyapp.reading import bilingual, gloss
from reader_turns import REFUSED, ask, cited


# ---- the build ------------------------------------------------------------------------------------------

def _b64(number: int) -> str:
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    out = ""
    while True:
        out = digits[number % 64] + out
        number //= 64
        if not number:
            return out


def _dictd(folder: Path, name: str, entries: Dict[str, str]) -> None:
    """A dictd dictionary as FreeDict ships it: an index of base64 offsets into a gzip'd body."""
    body, index = b"", []
    for head, text in entries.items():
        data = text.encode("utf-8")
        index.append(f"{head}\t{_b64(len(body))}\t{_b64(len(data))}")
        body += data
    (folder / f"freedict-{name}.index").write_text("00databaseinfo\tA\tB\n" + "\n".join(index) + "\n", encoding="utf-8")
    (folder / f"freedict-{name}.dict.dz").write_bytes(gzip.compress(body))


def test_the_build_reads_a_dictd_dictionary_and_keeps_english_the_index_knows(tmp_path: Path) -> None:
    dictd = tmp_path / "dictd"
    dictd.mkdir()
    _dictd(dictd, "spa-eng", {
        "tejedor": "tejedor /texeˈdoɾ/ <n, masc>\nweaver <n>, knitter\n",
        "hormiga": "hormiga /oɾˈmiɣa/ <n, fem>\nant\n   Note: insect\n",
        "cuándo": "cuándo <adv>\nwhen\n",  # a question word: its English is a function word, never kept
        "ordenador": "ordenador <n>\ncomputer\n",  # no word the hymns' English has
    })
    _dictd(dictd, "eng-hin", {"weaver": "weaver <n>\nबुनकर, जुलाहा\n"})
    records = [SimpleNamespace(translation="The weaver and the ant, when the morning came.")]
    written = build.build_bilingual(records, tmp_path / "index", directory=dictd)
    assert sorted(written) == ["bilingual/es.json", "bilingual/hi.json"]
    spanish = json.loads((tmp_path / "index" / "bilingual" / "es.json").read_text(encoding="utf-8"))
    assert spanish["words"]["tejedor"] == "weaver" and spanish["words"]["hormiga"] == "ant"
    assert "cuando" not in spanish["words"] and "ordenador" not in spanish["words"]
    hindi = json.loads((tmp_path / "index" / "bilingual" / "hi.json").read_text(encoding="utf-8"))
    assert hindi["words"][build.fold("बुनकर")] == "weaver"  # English → Hindi, inverted (ba folded as va)


def test_the_build_passes_with_no_dictionary_installed(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert build.build_bilingual([], tmp_path / "index", directory=tmp_path / "none") == {}
    assert "no FreeDict dictionary installed" in capsys.readouterr().err


def test_ci_installs_every_dictionary_the_build_reads() -> None:
    ci = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text(encoding="utf-8")
    assert all(package in ci for package in build.PACKAGES)


# ---- the reader, over tables of our own -----------------------------------------------------------------

@pytest.fixture()
def table_dir(words_dir: str, tmp_path: Path) -> str:
    """The languages' word files, and small dictionary tables for Spanish, German, Hindi and Polish."""
    out = tmp_path / "index"
    shutil.copytree(words_dir, out)
    tables = {
        "es": {"tejedor": "weaver", "hormiga": "ant", "cuando": "when"},
        "de": {"honig": "honey", "topf": "pot", "wabe": "honeycomb"},
        "hi": {"बुनकर": "weaver", "चींटी": "ant", "कुर्सी": "chair", "आराम कुर्सी": "", "उग्र": "fierce"},
        "pl": {"mrowka": "ant"},
    }
    for code, words in tables.items():
        path = out / "bilingual" / f"{code}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        folded = {build.fold(word): english for word, english in words.items()}  # as the build writes them
        path.write_text(json.dumps({"format": 1, "language": code, "words": folded}, ensure_ascii=False), encoding="utf-8")
    bilingual._TABLES.clear()
    return str(out)


def test_an_unread_word_is_looked_up_under_its_inflections(lexicon: Lexicon, table_dir: str) -> None:
    spanish = gloss.read("¿Qué dicen los himnos sobre los tejedores?", "es", lexicon, index_dir=table_dir)
    assert "weaver" in spanish.english and ("tejedores", "weaver") in spanish.dictionary
    hindi = gloss.read("ऋग्वेद में बुनकरों के बारे में क्या कहा गया है?", "hi", lexicon, index_dir=table_dir)
    assert "weaver" in hindi.english  # the oblique plural -ों taken off
    polish = gloss.read("Co mówi Rygweda o mrówkach?", "pl", lexicon, index_dir=table_dir)
    assert ("mrówkach", "ant") in polish.dictionary  # a Slavic case ending off, the nominative's -a on


def test_half_of_a_phrase_of_another_meaning_is_not_read_alone(lexicon: Lexicon, table_dir: str) -> None:
    alone = gloss.read("क्या ऋग्वेद में कुर्सी का वर्णन है?", "hi", lexicon, index_dir=table_dir)
    assert "chair" in alone.english
    easy = gloss.read("क्या ऋग्वेद में आराम कुर्सी का वर्णन है?", "hi", lexicon, index_dir=table_dir)
    assert "chair" not in easy.english and not easy.dictionary  # an easy chair, one word in meaning


def test_an_indic_word_the_hymns_use_stays_their_sanskrit_word(lexicon: Lexicon, table_dir: str) -> None:
    # Hindi keeps many of the hymns' own words (उग्र, मूर्धा); the dictionary's sense ("fierce")
    # would lose the verses that use the word, so a word the hymns use is never looked up
    hymns_use = lambda romanised: romanised.startswith("ugr")  # noqa: E731 (the hymns' forms, as the index says)
    found = gloss.read("ऋग्वेद में उग्र और चींटी का वर्णन है?", "hi", lexicon, index_dir=table_dir, hymns_use=hymns_use)
    assert [w for w, _ in found.dictionary] == ["चींटी"] and "fierce" not in found.english


def test_a_compound_is_read_when_both_halves_are_entries(lexicon: Lexicon, table_dir: str) -> None:
    found = gloss.read("Gibt es im Rigveda einen Honigtopf?", "de", lexicon, index_dir=table_dir)
    assert "honey pot" in found.english


def test_the_curated_lexicon_wins_and_function_words_are_never_looked_up(lexicon: Lexicon, table_dir: str) -> None:
    found = gloss.read("¿Cuándo hablan los himnos de las hormigas?", "es", lexicon, index_dir=table_dir)
    assert [w for w, _ in found.dictionary] == ["hormigas"]  # "cuándo" is the hand lexicon's question word
    assert found.english.lower().startswith("when")


def test_a_missing_table_reads_as_before_without_error(lexicon: Lexicon, words_dir: str) -> None:
    bilingual._TABLES.clear()
    found = gloss.read("¿Qué dicen los himnos sobre los tejedores?", "es", lexicon, index_dir=words_dir)
    assert found is not None and found.dictionary == [] and "tejedores" in found.unknown


def test_the_page_is_told_to_fetch_the_dictionary_only_for_another_language() -> None:
    from pyapp import bridge

    assert json.loads(bridge.language_file("¿Qué dicen los himnos sobre los tejedores?"))["dictionary"] == "bilingual/es.json"
    assert json.loads(bridge.language_file("What do the hymns say about weavers?")) is None


# ---- questions of our own over the built index -------------------------------------------------------------

def _needs(index_dir: Path, *codes: str) -> None:
    missing = [c for c in codes if not (index_dir / "bilingual" / f"{c}.json").is_file()]
    if missing:
        pytest.skip(f"no FreeDict table built for {', '.join(missing)} (apt-get install {' '.join(build.PACKAGES)})")


def test_an_english_question_never_loads_a_table(searcher, index_dir: Path) -> None:
    bilingual._TABLES.clear()
    result = ask(searcher, "What do the hymns say about the boar?")
    assert result.answer and bilingual._TABLES == {}


@pytest.mark.parametrize("question, code, english", [
    ("Was sagen die Hymnen über die Ameisen?", "de", "ant"),
    ("¿Qué dice el Rigveda sobre la sed?", "es", "thirst"),
    ("Que disent les hymnes sur les fourmis ?", "fr", "ant"),
    ("Cosa dicono gli inni della sete?", "it", "thirst"),
    ("O que dizem os hinos sobre a barba?", "pt", "beard"),
    ("Wat zeggen de hymnen over de dorst?", "nl", "thirst"),
    ("Co mówią hymny o pragnieniu?", "pl", "thirst"),
    ("Mitä Rigveda sanoo janosta?", "fi", "thirst"),
    ("Τι λένε οι ύμνοι για τη δίψα;", "el", "thirst"),
    ("ऋग्वेद में प्यास के बारे में क्या कहा गया है?", "hi", "thirst"),
    ("Nyimbo zinasema nini kuhusu kiu?", "sw", "thirst"),
])
def test_an_everyday_word_no_lexicon_has_is_read_and_searched(searcher, index_dir: Path, question: str, code: str,
                                                              english: str) -> None:
    _needs(index_dir, code)
    result = ask(searcher, question)
    notes = " ".join(result.notes)
    assert REFUSED not in result.answer.lower(), result.answer[:200]
    assert english in notes.lower(), notes  # the reading names the thing, and says the dictionary read it
    assert "free dictionary" in notes
    assert cited(result), result.answer[:200]


def test_a_language_read_in_part_is_given_its_dictionary(searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    from pyapp import bridge

    monkeypatch.setattr(bridge._state, "searcher", searcher)  # as after boot: its English words tell English apart
    danish = json.loads(bridge.language_file("Hvad siger Rigveda om ulvene og deres unger?"))
    assert danish["dictionary"] == "bilingual/da.json" and danish["language"] == "Danish", danish
    assert json.loads(bridge.language_file("What does the Rigveda say about wolves and their young?")) is None
