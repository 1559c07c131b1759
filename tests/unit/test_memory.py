"""Memory: the store protocol, the > 0.6 threshold, repeats vs merely similar questions."""
from __future__ import annotations

import asyncio

from pyapp.memory import InMemoryStore, Memory, MemoryItem, MemoryStore, SQLiteStore, is_repeat, similarity

from test_orchestrator_support import FIRE


def _remember(memory: Memory, question: str, score: float) -> bool:
    return asyncio.run(memory.remember(question, f"answer to {question} [RV 1.1.1]", FIRE[:1], ["1.1.1"],
                                       score, "extractive"))


def test_only_answers_scoring_above_0_6_are_stored() -> None:
    memory = Memory(InMemoryStore())
    assert _remember(memory, "Who is Agni?", 0.6) is False
    assert _remember(memory, "Who is Agni?", 0.61) is True
    assert [i.question for i in asyncio.run(memory.store.all())] == ["Who is Agni?"]


def test_a_better_answer_replaces_a_worse_one_but_not_the_reverse() -> None:
    memory = Memory(InMemoryStore())
    _remember(memory, "Who is Agni?", 0.7)
    assert _remember(memory, "who is agni", 0.65) is False
    assert _remember(memory, "Who is Agni?", 0.9) is True
    items = asyncio.run(memory.store.all())
    assert len(items) == 1 and items[0].score == 0.9


def test_repeats_are_recognised_but_related_questions_are_not_repeats() -> None:
    assert is_repeat("Who is Agni?", "who is  agni")
    # only the same question, normalised: reordered words may ask something else
    assert not is_repeat("How did Indra slay Vritra with the thunderbolt?", "With the thunderbolt, how did Indra slay Vritra")
    assert not is_repeat("Who is Rudra?", "What does Rudra do?")
    memory = Memory(InMemoryStore())
    _remember(memory, "Who is Agni?", 0.8)
    assert asyncio.run(memory.repeat_of("who is Agni")) is not None
    assert asyncio.run(memory.repeat_of("Who is Soma?")) is None
    similar = asyncio.run(memory.recall("What does Agni the priest give?"))
    assert similar and similar[0][0].question == "Who is Agni?" and 0 < similar[0][1] < 1
    assert similarity("Who is Agni?", "Who is Agni?") == 1.0


def test_a_question_about_another_hymn_number_is_not_a_repeat() -> None:
    # the same words about another hymn or verse must be answered afresh, not from memory
    assert not is_repeat("What is RV 10.34 about?", "What is RV 10.129 about?")
    assert not is_repeat("Explain verse 1.1.1", "Explain verse 1.1.2")
    assert is_repeat("What is RV 10.34 about?", "what is rv 10.34 about")
    memory = Memory(InMemoryStore())
    _remember(memory, "Summarize hymn 7.103", 0.9)
    assert asyncio.run(memory.repeat_of("Summarize hymn 7.86")) is None
    assert asyncio.run(memory.repeat_of("summarize hymn 7.103")) is not None


def test_sqlite_store_persists_and_clears(tmp_path) -> None:
    path = str(tmp_path / "memory.db")
    store = SQLiteStore(path)
    assert isinstance(store, MemoryStore) and isinstance(InMemoryStore(), MemoryStore)
    memory = Memory(store)
    _remember(memory, "Who is Agni?", 0.8)
    store.close()
    reopened = SQLiteStore(path)
    items = asyncio.run(reopened.all())
    assert len(items) == 1 and isinstance(items[0], MemoryItem) and items[0].verses[0].book_context == "1.1.1"
    asyncio.run(reopened.clear())
    assert asyncio.run(reopened.all()) == []


def test_memory_items_are_camel_case_on_the_wire() -> None:
    memory = Memory(InMemoryStore())
    _remember(memory, "Who is Agni?", 0.8)
    wire = asyncio.run(memory.store.all())[0].to_wire()
    assert {"key", "question", "answer", "verses", "citations", "score", "engine", "createdAt", "scorer"} == set(wire)
    assert "bookContext" in wire["verses"][0]
