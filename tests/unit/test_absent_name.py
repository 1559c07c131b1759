"""A name no vocabulary of the app knows, asked about as if the RigVeda used it (``pyapp.reading.absent_name``):
a plain "No", never a hedge over look-alike verses; English words, names, hymn words and slips are left to the
usual readers. Wordings and names none of the answer sets use (two are invented, so nothing can be a table)."""
from __future__ import annotations

from pyapp.reading import absent_name


def test_an_unknown_name_asked_of_the_rigveda_is_said_to_be_absent(searcher) -> None:
    index = searcher.index
    found = absent_name.answer("Does the Rig Veda ever mention Zorblaxia?", index, searcher)
    assert found is not None and found.text.startswith("No — Zorblaxia is not named in any verse of the RigVeda")
    both = absent_name.answer("are Quendrith and Zorblaxia named in the rigveda?", index, searcher)
    assert both is not None and "Quendrith and Zorblaxia are not named" in both.text


def test_words_the_app_knows_are_left_to_the_usual_readers(searcher) -> None:
    index = searcher.index
    assert absent_name.answer("Is marriage mentioned in the Rig Veda?", index, searcher) is None  # English
    assert absent_name.answer("Is Indra mentioned in the Rig Veda?", index, searcher) is None  # a name
    assert absent_name.answer("is agnii mentioned in the rigveda?", index, searcher) is None  # a slip of a name
    assert absent_name.answer("Is Zorblaxia mentioned in the Mahabharata?", index, searcher) is None  # not the RV
    assert absent_name.answer("Tell me about Zorblaxia in the Rig Veda", index, searcher) is None  # not a yes/no


def test_a_question_that_also_names_the_hymns_own_things_is_left_to_them(searcher) -> None:
    index = searcher.index
    # the hymns' own name beside it is what the reader can be shown ("Viṣṇu's highest step")
    assert absent_name.answer("Is Zorblaxia mentioned in the Rig Veda as Vishnu's home?", index, searcher) is None
    # a lower-case word among capitals is a word of another language the reading left unread, not a name
    assert absent_name.answer("Are there zorblaxias of birds in the Rigveda?", index, searcher) is None
    assert absent_name.answer("is zorblaxia mentioned in the rigveda?", index, searcher) is not None  # no capitals


def test_the_reader_and_the_orchestrator_share_one_speller(searcher) -> None:
    """The index's word list is read once: the reader asks the searcher's speller, the orchestrator too."""
    from pyapp.lexicon import lexicon_for
    from pyapp.orchestrator import Orchestrator
    from pyapp.reading import spelling

    mine = absent_name._speller(searcher.index, searcher)
    assert mine is not None and mine is spelling.searcher_speller(searcher, lexicon_for(searcher.index))
    assert Orchestrator(searcher=searcher).speller() is mine


def test_a_thing_griffith_never_names_gets_a_plain_no(searcher) -> None:
    """An English word of a thing that Griffith's whole translation never uses, asked as a presence question: a
    plain "No —" first (was: "No verse speaks directly of …; the closest …"), the nearest verses after it."""
    from tests.unit.reader_turns import ask_alone

    for question, word in (("Does the rigveda ever mention tobacco?", "tobacco"),
                           ("kangaroo in rig veda?", "kangaroo")):
        result = ask_alone(searcher, question)
        assert result.answer.startswith(f"No — no verse of the RigVeda mentions “{word}”"), result.answer[:120]
    # a thing the hymns name (Griffith's "horse") is never said to be absent
    assert not ask_alone(searcher, "Is the horse ever mentioned in the Rigveda?").answer.startswith("No")


def test_a_longer_subject_and_a_topic_put_first_are_still_asked_for(searcher) -> None:
    """"are the X gems in the rigveda?" (more than one word before "in") and a topic put first, as German and
    French questions are read ("X, the nine stones – are they in the Rigveda?"), ask the same yes or no."""
    index = searcher.index
    found = absent_name.answer("are the zorblaxia lamps in the rigveda?", index, searcher)
    assert found is not None and found.text.startswith("No — Zorblaxia is not named")
    topic = absent_name.answer("The Zorblaxia, the nine shining stones – are they in the Rigveda?", index, searcher)
    assert topic is not None and topic.text.startswith("No — Zorblaxia is not named")
    # an English number word is English first, though a Sanskrit form begins with its letters
    assert absent_name.answer("does the rigveda talk about the nine lamps (zorblaxia)?", index, searcher) is not None
    # no yes/no in any sentence: left to the usual readers
    assert absent_name.answer("The Zorblaxia, the nine shining stones – tell me about them", index, searcher) is None
