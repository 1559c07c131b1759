"""More later lines asked as the RigVeda's (``pyapp.reading.other_line``, table ``pyapp/data/other_lines.json``):
Atharvaveda and Yajurveda lines, Upaniṣad, Gītā and Purāṇa verses, later prayers and mottos. Each is read in
plain roman, Devanagari or its English rendering and answered with its real source; ordinary questions about the
hymns find no line; and no line of the table is one the RigVeda itself has. The wordings are this file's own."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from corpus_build.locate import corpus_location
from pyapp.reading import other_line
from pyapp.search.translit import fold_sanskrit
from tests.unit.reader_turns import REFUSED, ask

TABLE = Path(__file__).resolve().parents[2] / "pyapp" / "data" / "other_lines.json"
CORPUS = Path(corpus_location())


@pytest.mark.parametrize("question, source_part", [
    ("my uncle's whatsapp says mata bhumi putro aham prithivya is a rig veda mantra", "Atharvaveda"),
    ("माता भूमिः पुत्रोऽहं पृथिव्याः — which veda?", "12.1.12"),
    ("the earth is my mother and I am her son: where in the rigveda is this?", "Atharvaveda"),
    ("quote for my speech: Vayam Rashtre Jagrayam, from the Rig Veda right?", "9.23"),
    ("is tanme manah shivasankalpamastu a rigvedic prayer?", "34"),
    ("we chant om dyauh shantir antariksham shantih at school, is it from rigveda", "36.17"),
    ("Charaiveti charaiveti - which rig veda sukta?", "Aitareya Brāhmaṇa"),
    ("source of 'vedaham etam purusham mahantam adityavarnam' in the purusha suktam of the rigveda?", "Āraṇyaka"),
    ("is the sri suktam in the rig veda samhita", "khila"),
    ("which rigveda mandala has sarva dharman parityajya mam ekam saranam vraja", "18.66"),
    ("नैनं छिन्दन्ति शस्त्राणि ऋग्वेद में कहाँ है?", "2.23"),
    ("LIC motto yogakshemam vahamyaham — is that vedic (rig veda)?", "9.22"),
    ("my yoga teacher says 'yogas chitta vritti nirodhah' is from the Rigveda", "Yoga Sūtra"),
    ("is 'atmano mokshartham jagat hitaya cha' a sloka of the rig veda", "Vivekananda"),
    ("is satyam shivam sundaram written in the rigveda?", "modern"),
    ("karagre vasate lakshmi karamadhye saraswati rig veda?", "morning prayer"),
    ("gange cha yamune chaiva godavari saraswati is it in rig veda", "bathing prayer"),
    ("ya devi sarva bhuteshu shakti rupena samsthita rigveda reference please", "Devī Māhātmya"),
    ("is ekam brahma dvitiya naste neh na naste kinchan from the vedas?", "Bṛhadāraṇyaka"),
    ("rinam kritva ghritam pibet - did the rig veda say this?", "Cārvāka"),
])
def test_a_new_line_is_read_in_any_spelling_and_named_with_its_source(question: str, source_part: str) -> None:
    found = other_line.find(question)
    assert found is not None, question
    assert source_part in found.source, (question, found.source)
    assert "not a line of the RigVeda" in found.sentence()


def test_a_counterpart_is_named_only_where_the_hymns_say_the_same() -> None:
    earth = other_line.find("is mata bhumih putro aham prithivyah a rigvedic line?")
    assert earth.counterpart == "1.164.33" and "RV 1.164.33" in earth.sentence()
    concord = other_line.find("sahridayam sammanasyam avidvesham: which veda?")
    assert concord.counterpart == "10.191.4"
    rivers = other_line.find("is 'gange cha yamune chaiva' vedic?")
    assert rivers.counterpart == "10.75.5"
    assert other_line.find("is brahmarpanam brahma havir from the rig veda?").counterpart == ""


@pytest.mark.parametrize("question", [
    "Is the earth called mother in the RigVeda?",
    "What does the hymn to the earth say?",
    "Which rivers does the RigVeda name?",
    "Does Indra act as father and mother to his worshippers?",
    "Who is Vaishvanara?",
    "What does the RigVeda say about peace and well-being?",
    "Is Lakshmi or Shri a goddess in the RigVeda?",
    "What does the RigVeda say about debt and gambling?",
    "Who is the goddess of speech who says I am the queen?",
    "What does the RigVeda say about the welfare of the world?",
    "Does the RigVeda mention yoga?",
    "What does the RigVeda say about the mind of a dying man?",
])
def test_ordinary_questions_about_the_hymns_find_no_line(question: str) -> None:
    assert other_line.find(question) is None


RIGVEDA_LINES = [
    "tat savitur vareṇyaṃ bhargo devasya dhīmahi",
    "ekaṃ sad viprā bahudhā vadanti",
    "saṃ gacchadhvaṃ saṃ vadadhvaṃ saṃ vo manāṃsi jānatām",
    "tryambakaṃ yajāmahe sugandhiṃ puṣṭivardhanam",
    "ā no bhadrāḥ kratavo yantu viśvataḥ",
    "kṛṇvanto viśvam āryam",
    "dvā suparṇā sayujā sakhāyā",
    "śṛṇvantu viśve amṛtasya putrāḥ",
    "śaṃ no mitraḥ śaṃ varuṇaḥ",
    "ahaṃ rāṣṭrī saṃgamanī vasūnām",
]


@pytest.mark.parametrize("verse_words", RIGVEDA_LINES)
def test_a_line_the_rigveda_has_is_not_in_the_table(verse_words: str) -> None:
    assert other_line.find(f"is '{verse_words}' really from the rig veda?") is None


def _compact(text: str) -> str:
    return "".join(fold_sanskrit(w) for w in re.split(r"[^\w]+", text.lower()) if w)


@pytest.mark.skipif(not CORPUS.is_file(), reason="the shared corpus is not beside this checkout")
def test_no_key_of_the_table_is_words_of_a_rigveda_verse() -> None:
    verses = [_compact(json.loads(row)["roman_plain"]) for row in CORPUS.read_text(encoding="utf-8").splitlines() if row]
    sample = [_compact(words) for words in RIGVEDA_LINES[:3]]
    assert all(any(s[:15] in v for v in verses) for s in sample)  # the check can see a verse's words
    rows = json.loads(TABLE.read_text(encoding="utf-8"))["lines"]
    for row in rows:
        for key in row["keys"]:
            if re.search(r"[a-z]", key) and not re.search(r"\b(the|is|of|and|to|my|me|you|your|are|i)\b", key):
                folded = _compact(key)
                assert not any(folded in v for v in verses), (row["line"], key)


def test_every_new_row_names_the_page_it_was_found_on() -> None:
    rows = json.loads(TABLE.read_text(encoding="utf-8"))["lines"]
    with_page = [row for row in rows if "page" in row]
    assert len(rows) >= 90 and len(with_page) >= 55
    assert all(row["page"].startswith("http") for row in with_page)


def test_the_answer_refuses_then_names_the_atharvaveda(keyword_searcher) -> None:
    result = ask(keyword_searcher, "a poster at the park says 'mata bhumih putro aham prithivyah — Rig Veda'. Is that right?")
    assert result.kind == "off_topic" and REFUSED in result.answer.lower()
    assert "Atharvaveda" in result.answer and "RV 1.164.33" in result.answer
