"""One reading of a turn: the conversation's state, then the question's reference task.

Why one entry point: the orchestrator should consume a typed result (``TurnReading``) and dispatch
on it, not parse text itself. The order matters: a change of subject empties the conversation
before anything else reads it; "which verse says so?" is answered from the last answer's claim;
a noun pointing at what the last answer named ("that weapon") becomes that thing; only then is the
question read for a span, an operation and a task (with the last cited verse as "that").
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, List, Optional, Sequence

from pyapp.reading.conversation import ConversationState, asks_for_support, change_of_subject, state_of
from pyapp.reading.number_words import rewrite as digits_for_words
from pyapp.reading.references import HymnTable, ReferenceTask, read_task
from pyapp.reading.words import tables

_TASK_REASONS = {
    "show": "a passage by reference", "summarize": "a summary of a passage", "word_by_word": "a word-by-word reading",
    "facts": "facts over a range of the text", "content": "a question inside a named passage",
    "sanskrit_of_quote": "the Sanskrit of a quoted translation", "support": "the verse behind the last answer",
    "verse_facts": "the seer, deity or metre of a verse named by its first words",
    "word_in_verse": "the word of one verse that says an idea",
    "word_grammar": "the case, number, person or tense of one word of a verse",
    "compare_wording": "two verses' wording compared",
    "simile": "what a god or thing is compared to",
    "elsewhere": "a word of the conversation outside the hymn studied",
    "recitation": "a verse in the reciters' word orders (krama, jaṭā, ghana)",
}


@dataclass
class TurnReading:
    """What code read from the question and the conversation before any search."""

    question: str  # the question to answer (a change-of-subject phrase cut off, "that weapon" named)
    fresh: bool = False  # the reader changed the subject: earlier turns are not used
    entity: str = ""  # the thing the last answer named that the question points at ("that weapon")
    task: Optional[ReferenceTask] = None  # a reference task answered from the index, or None
    fact: Optional[Any] = None  # a fact about an entity of the conversation ("what else did he compose?"), or None
    state: ConversationState = field(default_factory=ConversationState)

    @property
    def standalone(self) -> str:
        return self.question

    @property
    def reason(self) -> str:
        if self.task is None:
            return ""
        what = _TASK_REASONS.get(self.task.task, "a reference task")
        if self.task.operation in ("next", "previous", "first", "last"):
            what += f" ({self.task.operation} {self.task.unit or 'one'})"
        return f"about the RigVeda: {what}" + (", from the conversation" if self.task.from_context else "")


def read_turn(question: str, history: Sequence[Any], index: Any,
              topics: Optional[Callable[[str], List[str]]] = None) -> TurnReading:
    fresh, rest = change_of_subject(question)
    if fresh:
        history = []
        question = rest or question
    question = digits_for_words(question) or question  # "the third hymn of book five" → "RV 5.3"
    reading = TurnReading(question=question, fresh=fresh, state=state_of(history))
    state = reading.state
    if not fresh and asks_for_support(question):
        claim = state.supporting()
        if claim is not None:
            reading.task = ReferenceTask("support", claim=claim.text, refs=list(claim.refs))
            return reading
    if not fresh:
        named = state.named_entity(question)
        if named is not None:
            phrase, member = named
            reading.question, reading.entity = _name_in(question, phrase, member), member
            return reading  # a new question about that thing: the usual pipeline answers it
        from pyapp.reading import scope_swap  # "and in mandala 8?": the last question, in that book

        moved = scope_swap.swap(question, history)
        if moved is not None:
            question = reading.question = moved
        from pyapp.reading import seer_followup  # "what else did he compose?": the seer the last answer named

        follow = seer_followup.read(question, history, index)
        if follow is not None:
            reading.fact = follow.fact
            return reading
    if not question.strip() or index is None:  # without an index no passage can be read
        return reading
    table = HymnTable(index)
    try:
        found = topics(question) if topics is not None else []
    except Exception:
        found = []
    from pyapp.reading import addressee_shift, compare_wording, word_in_verse  # "which word of RV 1.1.1 means 'priest'?"

    from pyapp.reading import elsewhere  # "is that word in another hymn too?": the word, outside the hymn studied

    reading.task = elsewhere.read(question, history, index) if not fresh else None
    if reading.task is not None:
        return reading
    if addressee_shift.asks(question):  # "which verses of 10.14 speak to the dogs?": the hymn's deity runs answer
        return reading

    from pyapp.reading import recitation  # "the ghana pāṭha of gaṇānāṃ tvā": the padapāṭha in the reciters' orders

    from pyapp.reading import word_grammar  # "in RV 1.1.1, what case is agnim?": the word's ending read

    reading.task = (recitation.read(question, table) or word_grammar.read(question, table, state.last_span)
                    or word_in_verse.read(question, table)
                    or compare_wording.read(question, table)
                    or read_task(question, table, state.last_span, found))
    if reading.task is None:
        from pyapp.reading import simile  # "what is Indra compared to?"

        reading.task = simile.read(question, found)
    return reading


def _name_in(question: str, phrase: str, member: str) -> str:
    """``question`` with the pointing phrase ("that weapon") replaced by the thing it points at."""
    article = ""
    for table in (tables().get("entity_kinds") or {}).values():
        if member in table.get("members", []):
            article = table.get("article", "")
            break
    name = f"{article} {member}".strip() if article else member[:1].upper() + member[1:]
    words = phrase.split()
    pattern = r"\b" + r"\s+".join(re.escape(w) for w in words) + r"\b"
    replaced, count = re.subn(pattern, name, question, count=1, flags=re.I)
    return replaced if count else f"{question} ({name})"
