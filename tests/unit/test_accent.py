"""Issue 19, a kind real readers ask (recitation classes, forums): the pitch accent of a word or a line,
read off the accented saṃhitā we ship. Our own wordings; the expected syllables are worked out from the
index's accented text in the test, never copied from an evaluation set.
"""
from __future__ import annotations

import unicodedata

import pytest

from pyapp.reading import accent
from pyapp.search import Searcher
from reader_turns import ask, cited


def test_syllables_end_in_their_vowel_and_keep_the_accent_mark() -> None:
    assert accent.syllables("agním") == ["a", "gním"]
    assert accent.syllables("ratnadhā́tamam") == ["ra", "tna", "dhā́", "ta", "mam"]
    assert accent.syllables("devaír") == ["de", "vaír"]  # ai is one syllable
    assert accent.accented_syllable("puróhitam") == (2, "udatta")
    assert accent.accented_syllable("īḷe") == (0, "")
    assert accent.accented_syllable("kvà") == (1, "svarita")
    assert accent.accented_syllable("àgním") == (2, "udatta")  # the acute wins over a sandhi grave


@pytest.mark.parametrize("question, asks", [
    ("Which syllable of Mitra takes the udātta?", True),
    ("how do you mark the svaras when chanting the first verse", True),
    ("मित्र शब्द में उदात्त कहाँ है?", True),
    ("Who is Mitra in the Rigveda?", False),
    ("Which hymns praise Mitra and Varuna together?", False),
    ("I feel stressed at work, is there a hymn for calm?", False),  # an everyday "stress" is not an accent
    ("which tone should the morning prayer be sung in", False),
])
def test_an_accent_question_is_recognised(question: str, asks: bool) -> None:
    assert accent.asks_accent(question) is asks


def _commonest_accent(searcher: Searcher, stem: str) -> int:
    """From the index: the syllable that most forms beginning with ``stem`` accent."""
    from collections import Counter
    from pyapp.search.translit import fold_sanskrit

    seen: Counter = Counter()
    for v in searcher.index.verses:
        for token in v.roman.replace("|", " ").split():
            word = unicodedata.normalize("NFC", token.strip(".,;:!?"))
            key = fold_sanskrit(word)
            if key.startswith(stem) and len(key) - len(stem) <= 3:
                seen[accent.accented_syllable(word)[0]] += 1
    return seen.most_common(1)[0][0]


@pytest.mark.parametrize("question, stem", [
    ("On which syllable is the word Mitra accented in the hymns?", "mitra"),
    ("is savitr stressed on the second syllable?", "savitr"),
    ("उषस् शब्द पर उदात्त स्वर कहाँ आता है?", "usas"),
])
def test_a_word_s_accent_is_the_commonest_placement_in_the_text(searcher: Searcher, question: str, stem: str) -> None:
    result = ask(searcher, question)
    first = result.answer.split(". ")[0]
    n = _commonest_accent(searcher, stem)
    ordinal = ["", "first", "second", "third", "fourth"][n]
    assert f"*{stem}*" in first and f"on the {ordinal} syllable" in first, result.answer[:300]
    assert cited(result), result.answer[:200]
    assert "anudātta" in result.answer  # how the Devanagari marks the same accent


def test_a_quoted_line_is_accented_word_by_word_from_its_verse(searcher: Searcher) -> None:
    from pyapp.search.translit import sanskrit_words

    result = ask(searcher, "Mark the udatta in 'ekam sad vipra bahudha' for me")  # my own choice of line
    ref = cited(result)[0]
    verse = searcher.index.by_ref(ref)
    assert "ekamsadviprabahudha" in "".join(sanskrit_words(verse.roman))  # the verse holds the line
    first = result.answer.split(" [RV")[0]
    assert first.startswith(f"In RV {ref} the accent falls word by word on:")
    words = [w.strip(".,;:|") for w in verse.roman.replace("|", " ").split()]
    accented = [w for w in words if accent.accented_syllable(w)[0]]
    assert accented and all(w in first for w in accented[:3])
    if len(accented) < len(words):
        assert "(unaccented)" in first


def test_a_question_that_is_not_about_accent_is_left_to_the_other_readers(searcher: Searcher) -> None:
    assert accent.answer("What does Mitra do in the hymns?", searcher.index, searcher) is None
    assert accent.answer("Where is the accent?", searcher.index, searcher) is None  # nothing named: no guess
