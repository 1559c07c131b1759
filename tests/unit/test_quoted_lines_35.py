"""Quoted lines as readers paste them: Sanskrit typed in plain letters inside quotation marks goes to the Sanskrit
readers (not to the translations' matcher, which found no English line like it), and a quote followed by a bare
"verse?" or "verse no?" is asked for its place. Real index, no model."""
from __future__ import annotations

from typing import Any

import pytest

from reader_turns import ask


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


def _cited(result: Any) -> list:
    return [v.book_context for v in result.verses]


@pytest.mark.parametrize("question,verse", [
    ("'agne naya supatha raye asman' is this really rig veda? which sukta", "1.189.1"),
    ("\"hiranyagarbhah samavartatagre\" is it in the rigveda, which mandala", "10.121.1"),
])
def test_a_plain_lettered_sanskrit_quote_is_found_in_the_samhita(searcher: Any, question: str, verse: str) -> None:
    result = ask(searcher, question)
    assert verse in _cited(result)[:2], result.answer[:300]
    assert "No verse in Griffith" not in result.answer


def test_a_quote_then_a_bare_verse_question_is_asked_for_its_place(searcher: Any) -> None:
    result = ask(searcher, "a friend sent 'I make the man I love exceeding mighty' - verse?")
    assert _cited(result)[:1] == ["10.125.5"], result.answer[:300]
    assert "10.125.5" in result.answer.split("\n")[0]


def test_a_later_god_is_said_to_be_absent_with_the_nearest_figure(searcher: Any) -> None:
    result = ask(searcher, "is garuda named anywhere in the rig veda?")
    assert result.answer.startswith("No") and "1.164.46" in _cited(result), result.answer[:300]


def test_a_bare_verse_question_after_a_quote_reads_as_asking_its_place() -> None:
    from pyapp.reading import quoted_line

    for question in ("my aunt wrote 'the waters are our mothers, they cleanse us' verse no?",
                     "saw 'night and dawn are two sisters' on a poster - verse?", "'who knows whence it came' sukta??"):
        found = quoted_line.read(question)
        assert found is not None and found.line.split()[0] in question, question
    assert quoted_line.read("what is the longest verse?") is None  # no quoted line at all


def test_an_attribution_inside_the_marks_is_not_part_of_the_line() -> None:
    from pyapp.reading import quoted_line

    found = quoted_line.read("a meme says 'the rig veda teaches that the generous never lose their wealth' - verse?")
    assert found is not None and found.line == "the generous never lose their wealth"


def test_a_quote_with_trailing_fragments_stays_one_question(searcher: Any) -> None:
    from pyapp.reading import several

    message = "my cousin posted 'the rigveda says a man who eats alone is all sin'. real? which verse?"
    assert several.questions(message) == [message]
    result = ask(searcher, message)  # answered as the place of the line, not as "1. … 2. real?"
    first = result.answer.split("\n")[0]
    assert "eats alone" in first and not first.startswith("1."), first


def test_a_question_of_its_own_before_a_quote_is_still_its_own_question() -> None:
    from pyapp.reading import several

    message = "Is Varuna ever doubted in the hymns? Some people say 'nobody has ever seen Varuna' - where is that?"
    assert len(several.questions(message)) == 2


def test_a_quoted_sanskrit_claim_beside_a_verse_number_reads_the_number_first(searcher: Any) -> None:
    result = ask(searcher, "a site says 10.129.2 is 'yada yada hi dharmasya'. what does 10.129.2 really say?")
    assert _cited(result)[:1] == ["10.129.2"], result.answer[:200]
