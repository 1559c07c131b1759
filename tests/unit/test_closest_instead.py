"""A question about the RigVeda whose searches the analyzer judged to hold no answering verse gets the closest
verses, hedged, instead of the dead end "Not enough information" (``Orchestrator._closest_instead``); a search
that found nothing sharing the question's words still shows nothing (``test_orchestrator``). Our own wording."""
from __future__ import annotations

from reader_turns import ask, cited


def test_a_long_question_the_analyzer_finds_nothing_for_gets_hedged_closest_verses(searcher) -> None:
    result = ask(searcher, "were the aryans of the rig veda town dwellers? i keep reading about indra smashing "
                           "castles (pur) but did they have their own towns or only villages")
    assert result.kind == "answer" and cited(result)
    assert result.answer.startswith("No verse found says in so many words")  # hedged: it says it may not answer
    assert any("closest verses" in note for note in result.notes)
