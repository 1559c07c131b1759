"""A claimed seer, god, metre or maṇḍala of one passage, put as a question (``pyapp.reading.attribution_claim``):
the answer opens with Yes, Partly or No, then the index's own attribution. Hymns, names and wordings none of the
answer sets use; the expected values are read from the index, not written here."""
from __future__ import annotations

from pyapp.factbook.hymns import _main
from pyapp.factbook.table import facts_for
from pyapp.reading import attribution_claim
from tests.unit.reader_turns import ask, ask_alone


def _seer_of(searcher, ref: str) -> str:
    return _main(facts_for(searcher.index).hymn(ref).rishi_runs)


def test_a_wrong_seer_is_refused_with_the_right_one(searcher) -> None:
    index = searcher.index
    found = attribution_claim.answer("My textbook says hymn 2.33 was written by Kanva. Is that correct?", index, searcher)
    assert found is not None and found.text.startswith("No — RV 2.33 is not attributed to Kaṇva")
    assert _seer_of(searcher, "2.33").split()[-1] in found.text  # the index's own seer follows
    right = attribution_claim.answer("did gritsamada compose rv 2.33?", index, searcher)  # lower case, ASCII
    assert right is not None and right.text.startswith("Yes — RV 2.33")


def test_a_god_claim_is_checked_against_the_hymn_and_the_verse(searcher) -> None:
    index = searcher.index
    wrong = attribution_claim.answer("Isn't RV 2.33 dedicated to Vishnu?", index, searcher)
    assert wrong is not None and wrong.text.startswith("No — RV 2.33 is not addressed to Vishnu: it is addressed to Rudra")
    right = attribution_claim.answer("Is Rudra the god of RV 2.33?", index, searcher)
    assert right is not None and right.text.startswith("Yes — RV 2.33 is addressed to Rudra")
    # a nominative in the index ("savitā") and a stem typed by the reader ("Savitr") are one god
    verse = attribution_claim.answer("Is verse 3.62.11 addressed to Savitr?", index, searcher)
    assert verse is not None and verse.text.startswith("Yes — RV 3.62.11")


def test_metre_and_mandala_claims(searcher) -> None:
    index = searcher.index
    metre = attribution_claim.answer("Was RV 1.2 composed in jagati metre?", index, searcher)
    assert metre is not None and metre.text.startswith("No — RV 1.2 is not in the Jagatī metre: it is in the Gāyatrī")
    book = attribution_claim.answer("is the hymn 2.33 part of the fifth book?", index, searcher)
    assert book is not None and book.text.startswith("No — RV 2.33 is in maṇḍala 2, not maṇḍala 5")
    count = index.hymn_count(2)
    assert f"hymn 33 of {count} in maṇḍala 2" in book.text


def test_questions_that_claim_no_attribution_are_left_to_the_other_readers(searcher) -> None:
    index = searcher.index
    for question in ("Does RV 2.33 ask Rudra for healing remedies?",  # content, not attribution
                     "Who composed RV 2.33?",  # not a claim: the fact readers answer it
                     "Is RV 2.33 addressed to Rudra or to the Maruts?",  # a choice
                     "Is it true that RV 2.33.7 speaks of medicine made by many hands?",  # "by many": no seer
                     "Does RV 2.33.4 tell the singer to bow down?",  # "to bow": no god
                     "Is 2.33 like 1.114, both addressed to Rudra?"):  # two passages: compared, not claimed
        assert attribution_claim.answer(question, index, searcher) is None, question


def test_the_app_opens_with_the_verdict_and_keeps_it_in_a_follow_up(searcher) -> None:
    alone = ask_alone(searcher, "Is RV 4.50 in the fifth mandala?")
    assert alone.answer.startswith("No — RV 4.50 is in maṇḍala 4, not maṇḍala 5")
    followed = ask(searcher, "What is RV 2.33 about?", "Was it composed by Vasishtha?")
    assert followed.answer.startswith("No — RV 2.33 is not attributed to Vasiṣṭha")
