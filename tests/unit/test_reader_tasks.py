"""Reader tasks over references and the conversation's state, asked of the orchestrator as a reader
would (no model, no memory), in wordings of our own. Each test checks what the reader sees first:
the answer's opening sentence and the verses shown as cards — never an answer copied into the test;
the expected verses are computed from the index's own tables."""
from __future__ import annotations

import re

import pytest

from pyapp.search import Searcher
from reader_turns import ask, cited


def cards(result) -> list:
    return [v.book_context for v in result.verses]


def test_the_verse_after_a_reference_is_shown_and_named_first(searcher: Searcher) -> None:
    result = ask(searcher, "Could you show me the stanza that comes after RV 2.33.4?")
    assert cards(result) == ["2.33.5"]
    assert result.answer.startswith("The verse after RV 2.33.4 is RV 2.33.5")


def test_the_verse_after_the_last_verse_of_a_book_opens_the_next_book(searcher: Searcher) -> None:
    last = searcher.index.verse_count(4, searcher.index.hymn_count(4))
    result = ask(searcher, f"what's the verse after 4.{searcher.index.hymn_count(4)}.{last}?")
    assert cards(result) == ["5.1.1"]


def test_the_previous_hymn_is_shown_with_its_seer_and_deity(searcher: Searcher) -> None:
    result = ask(searcher, "which hymn comes before hymn 7.1?")
    last_of_6 = searcher.index.hymn_count(6)
    assert result.answer.startswith(f"The hymn before RV 7.1 is RV 6.{last_of_6}")
    assert cards(result)[0] == f"6.{last_of_6}.1"


def test_the_last_verse_of_a_hymn(searcher: Searcher) -> None:
    result = ask(searcher, "Show the last verse of hymn 5.11")
    assert cards(result) == [f"5.11.{searcher.index.verse_count(5, 11)}"]


def test_a_verse_range_lists_its_verses(searcher: Searcher) -> None:
    result = ask(searcher, "Show me verses 4 to 7 of 10.121")
    assert cards(result) == ["10.121.4", "10.121.5", "10.121.6", "10.121.7"]
    assert result.answer.startswith("RV 10.121.4–7 is 4 verses")


def test_a_long_range_is_capped_and_says_so(searcher: Searcher) -> None:
    result = ask(searcher, "RV 9.1.1 to 9.5.10")
    assert len(cards(result)) <= 12 and "shorter range" in result.answer


def test_who_composed_a_range_answers_for_the_whole_range(searcher: Searcher) -> None:
    result = ask(searcher, "Who composed hymns 1.1-1.30?")
    # every hymn of the range is covered by some stretch the answer names, not only the first
    stretches = re.findall(r"composed RV ([\d.]+)(?:–([\d.]+))?", result.answer)
    assert stretches and stretches[-1][1] == "1.30"
    assert stretches[0][0] == "1.1" and len(stretches) >= 2  # 1.1–1.11 and 1.12– … have different seers


def test_a_question_about_a_god_in_a_named_hymn_cites_only_that_hymn(searcher: Searcher) -> None:
    result = ask(searcher, "What does hymn 1.2 say about Mitra?")
    assert cards(result) and all(ref.startswith("1.2.") for ref in cards(result))
    assert result.answer.startswith("In RV 1.2, Mitra is named in verse")


def test_a_hymn_summary_gives_its_subject_seer_and_key_verses(searcher: Searcher) -> None:
    result = ask(searcher, "Can you summarise hymn 10.90 for me?")
    first = result.answer.split("\n")[0]
    assert first.startswith("RV 10.90 is a hymn of 16 verses") and "by the seer" in first
    assert "10.90.1" in cards(result) and "10.90.16" in cards(result)
    assert "No verse speaks directly" not in result.answer and "composed by code" in result.answer.lower()


def test_word_by_word_shows_the_padapatha_with_glosses(searcher: Searcher) -> None:
    result = ask(searcher, "Give me RV 3.62.10 word by word")
    assert cards(result) == ["3.62.10"]
    line = searcher.padapatha.line("3.62.10")
    assert all(f"- {word}" in result.answer for word in line.split())
    assert " — " in result.answer  # at least one word has a gloss from the term lexicon


def test_a_quoted_griffith_line_finds_its_sanskrit(searcher: Searcher) -> None:
    verse = searcher.index.by_ref("10.129.1")
    words = " ".join(verse.translation.split()[:9]).strip(",;:")
    result = ask(searcher, f"What is the Sanskrit of the line “{words}”?")
    assert cards(result) == ["10.129.1"] and verse.sanskrit in result.answer


def test_which_verse_says_so_cites_the_verse_behind_the_last_claim(searcher: Searcher) -> None:
    first = ask(searcher, "Who is Ushas?")
    claim_refs = first.claims[0].refs
    result = ask(searcher, "Who is Ushas?", "Which verse says so?")
    assert claim_refs and cards(result) == claim_refs[:3]
    assert result.answer.startswith("The verse") and f"RV {claim_refs[0]}" in result.answer.split("\n")[0]


def test_the_verse_after_that_continues_from_the_last_shown_verse(searcher: Searcher) -> None:
    result = ask(searcher, "RV 6.61.2", "and the verse after that?")
    assert cards(result) == ["6.61.3"]


def test_a_change_of_subject_starts_fresh(searcher: Searcher) -> None:
    result = ask(searcher, "Who is Varuna?", "Changing the subject: who is he?")
    # "he" no longer means Varuṇa: the question is not rewritten from the earlier turn
    assert "Varuna" not in result.standalone_question and "Varuṇa" not in result.standalone_question
    assert any("New subject" in note for note in result.notes)


def test_a_follow_up_on_a_thing_the_last_answer_named_asks_about_that_thing(searcher: Searcher) -> None:
    first = ask(searcher, "How did Indra kill Vritra?")
    assert re.search(r"\b(bolt|thunderbolt|vajra)\b", first.answer, re.I)  # the premise: a weapon was named
    result = ask(searcher, "How did Indra kill Vritra?", "Tell me more about that weapon")
    assert re.search(r"\b(bolt|thunderbolt|vajra)\b", result.standalone_question, re.I)
    assert cards(result) != cards(first)  # a new question, not the last answer again


def test_the_next_verse_after_a_range_continues_the_range(searcher: Searcher) -> None:
    result = ask(searcher, "verses 1-3 of 1.25", "the next verse?")
    assert cards(result) == ["1.25.4"]


@pytest.mark.parametrize("ref, wording, expected", [
    ("7.86.3", "Which verse comes right after '{line}'?", "7.86.4"),
    ("2.12.5", "What is the verse just before “{line}”?", "2.12.4"),
])
def test_the_verse_beside_a_quoted_line_is_named_first(searcher: Searcher, ref: str, wording: str,
                                                       expected: str) -> None:
    line = " ".join(searcher.index.by_ref(ref).translation.split()[:8]).strip(",;:")
    result = ask(searcher, wording.format(line=line))
    assert cards(result)[0] == expected and ref in cards(result)
    assert result.answer.split(":")[0].endswith(f"is RV {expected}")


def test_a_quote_of_scattered_common_words_is_not_named_as_a_verse_line(searcher: Searcher) -> None:
    verse = searcher.index.by_ref("10.129.1")
    content = [w.strip(",;:.?!") for w in verse.translation.split() if len(w.strip(",;:.?!")) > 4][:4]
    scrambled = " and ".join(reversed(content))  # the verse's words, not its line: out of order
    result = ask(searcher, f"What is the Sanskrit of the line “{scrambled}”?")
    first = result.answer.split("\n")[0]
    assert "rendering of RV" not in first, first  # never "“…” is Griffith's rendering of RV …" for a guess
