"""A later part that only continues the one before it stays with it (pyapp.reading.several)."""
from __future__ import annotations

import pytest

from pyapp.reading import several


@pytest.mark.parametrize("message", [
    "what do the hymns say about the night sky? where in the rigveda?",  # asks for the place of what came before
    "¿cómo alaban los himnos a los caballos? ¿en qué versos?",
    "Que dit le rig veda des rivières ? dans quel hymne ?",
    "Cosa dice il rigveda sul sonno? in quale inno?",
    "Was sagt der Rigveda über Kühe? Gibt es eine Hymne dazu?",
    "वरुण के पाश क्या हैं? ऋग्वेद में कहाँ आता है?",
    "is there a word for grief in the rigveda? like soka?",  # an example of what is asked
    "what did indra drink before battle? soma, milk, honey?",  # the options for it
])
def test_a_part_that_only_continues_the_one_before_stays_with_it(message: str) -> None:
    assert several.questions(message) == [message]


@pytest.mark.parametrize("message", [
    "Who is Mitra? Which hymns praise him?",
    "¿Quién es Varuna? ¿Qué pide el poeta a Agni?",
    "Was ist Soma? Wie viele Hymnen hat das neunte Buch?",
])
def test_a_part_with_its_own_subject_is_still_its_own_question(message: str) -> None:
    assert len(several.questions(message)) == 2


def test_a_bare_which_one_after_a_yes_no_question_is_still_asked_after_it() -> None:
    # "is there …? which one?": answered from the first part's answer (its hymns), as a follow-up
    assert len(several.questions("Is there a hymn to the frogs in the rigveda? Which one?")) == 2
