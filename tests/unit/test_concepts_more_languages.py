"""Questions in languages read only through the concept lexicon (corpus_build/lexicons/concepts.json):
the everyday words of a question about the hymns (he, they, that hymn, a physician, to tremble, to free,
a noose) are read into English, not left as typed.

Why: a Vietnamese "… ông ấy là thầy thuốc giỏi nhất?" used to reach the English search as
"… ông is thầy thuốc giỏi nhất", so the one word that mattered (physician) never met Griffith's verses."""
from __future__ import annotations

import pytest

from pyapp.reading import gloss

# (language, question, English words its reading must carry)
READ_WHOLE = [
    ("vi", "Trong bài thánh ca đó, câu thơ nào nói ông ấy là thầy thuốc giỏi nhất?",
     ["hymn", "verse", "he", "physician", "best"]),
    ("ko", "그들이 올 때 땅이 흔들리나요?", ["they", "earth", "tremble"]),
    ("zh", "哪个咒语请求把我们从绳索中解救出来?", ["mantra", "us", "fetters", "free"]),
    ("ar", "هل ترتجف الأرض عندما يأتون؟", ["tremble", "earth", "when"]),
    ("tr", "O ilahide hangi dize onun en iyi hekim olduğunu söylüyor?", ["hymn", "verse", "physician", "best"]),
    ("uk", "Яка мантра просить звільнити нас від петлі?", ["mantra", "free", "us", "fetters"]),
    ("id", "Apakah bumi bergetar ketika mereka datang?", ["earth", "tremble", "they"]),
]


@pytest.mark.parametrize("language, question, meaning", READ_WHOLE, ids=[row[0] for row in READ_WHOLE])
def test_everyday_question_words_are_read(language, question, meaning, lexicon, words_dir):
    found = gloss.read(question, language, lexicon, index_dir=words_dir)
    assert found is not None and found.loaded
    assert found.unknown == [], found.english
    words = found.english.lower().rstrip("?").split()
    for word in meaning:
        assert word in words, (word, found.english)


def test_swedish_att_is_not_a_number(lexicon, words_dir):
    # "att" (that, to) once met the stem of "åtta" and was read as "eight"
    found = gloss.read("Vilken vers säger att han är den bästa läkaren?", "sv", lexicon, index_dir=words_dir)
    assert "eight" not in found.english.lower()
    assert "physician" in found.english.lower()


def test_nepali_pronoun_is_not_wool(lexicon, words_dir):
    # उनी (he, she) folded onto Hindi ऊनी (woollen) before the concept lexicon had it
    found = gloss.read("उनीहरू आउँदा पृथ्वी काँप्छ?", "ne", lexicon, index_dir=words_dir)
    assert "woollen" not in found.english.lower()
    assert "tremble" in found.english.lower() and "earth" in found.english.lower()
