"""A rare word of the hymns typed with IAST's marks inside a question points at its verses, in any language
(``pyapp.reading.typed_sanskrit``); a common word, a meaning asked, or a Sanskrit line quoted whole is left to the
readers that answer those."""
from __future__ import annotations

from typing import Any

from pyapp.reading import typed_sanskrit
from reader_turns import ask, cited


def test_a_rare_typed_word_opens_with_its_verse(searcher: Any) -> None:
    result = ask(searcher, "Where is the flesh-eating fire (kravyād) sent far away?")
    assert result.kind == "answer"
    assert result.answer.startswith("The word kravyād is in")
    assert cited(result)[0] == "10.16.9"  # "I send afar flesh-eating Agni": the rest of the question decides


def test_the_verse_that_also_names_the_questions_gods_comes_first(searcher: Any) -> None:
    # the battle's named passage answers this in the app; the reader alone ranks the word's three verses
    found = typed_sanskrit.answer("In which verse do Indra and Varuṇa help Sudās in the battle of the ten kings "
                                  "(daśarājña)?", searcher.index, searcher)
    assert found is not None and found.refs[0] == "7.83.8"  # addressed to Indra–Varuṇa, before the two of RV 7.33
    assert "speaks of Varuṇa and Indra" in found.text or "speaks of Indra and Varuṇa" in found.text


def test_a_question_in_another_language_with_a_hymn_word_is_answered_not_refused(searcher: Any) -> None:
    result = ask(searcher, "¿En qué estrofa se pide alejar a Agni kravyād, el que come carne?")
    assert result.kind == "answer"
    kravyad_verses = set(typed_sanskrit.typed_words("kravyād", searcher)[0].refs)
    assert cited(result)[0] in kravyad_verses
    assert "kravyād" in result.answer.split(".")[0]


def test_a_compound_is_found_in_the_samhita_when_the_padapatha_splits_it(searcher: Any) -> None:
    words = typed_sanskrit.typed_words("Agni with iron teeth (ayodaṃṣṭra)", searcher)
    assert words and words[0].typed == "ayodaṃṣṭra"
    assert {"10.87.2", "1.88.5"} <= set(words[0].refs)


def test_a_word_beside_a_marked_one_in_parentheses_counts_too(searcher: Any) -> None:
    typed = [w.typed for w in typed_sanskrit.typed_words("the place (padam gabhīram)", searcher)]
    assert typed == ["padam", "gabhīram"]
    assert typed_sanskrit.typed_words("the padam of it", searcher) == []  # unmarked and alone: English or a slip


def test_a_common_word_or_a_meaning_is_left_to_the_other_readers(searcher: Any) -> None:
    index = searcher.index
    assert typed_sanskrit.answer("Which verses speak of ṛta?", index, searcher) is None  # hundreds of verses
    assert typed_sanskrit.answer("What does daśarājña mean?", index, searcher) is None


def test_a_sanskrit_line_quoted_whole_is_not_taken_from_the_quoted_line_reader(searcher: Any) -> None:
    assert not typed_sanskrit.points_at_verses("tát savitúr váreṇyam bhárgo devásya dhīmahi", searcher)
    assert typed_sanskrit.points_at_verses("Agni has teeth of iron (ayodaṃṣṭra)", searcher)

