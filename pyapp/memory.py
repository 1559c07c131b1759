"""Memory of good answers: remember answers scored > 0.6, recall them for similar questions.

The storage is a small async protocol (``all``, ``put``, ``clear``) so the browser can keep it
in IndexedDB (``pyapp.bridge`` implements it over ``globalThis.rvsStorage``) while CPython uses
``InMemoryStore`` or ``SQLiteStore``. Recall is plain word-overlap similarity on normalised
question words: an exact repeat (after normalisation) is answered from memory at once; a
merely similar past answer is offered to the generator as an example.
"""
from __future__ import annotations

import math
import re
import time
from typing import Dict, List, Optional, Protocol, Sequence, Tuple, runtime_checkable

from pydantic import Field

from pyapp.agents.text import content_stems, words
from pyapp.schemas import SearchResult, WireModel

STORE_THRESHOLD = 0.6  # store only answers scoring above this
REPLAY_THRESHOLD = 0.7  # replay a stored answer only if it scored at least this
# The scorer that judged an item. Version 2 scores whether the verses answer the question; items
# scored by version 1 (grounding only) are never replayed, since a wrong answer could score 0.95.
# Version 3 is the calibrated confidence (agents.confidence): a probability of being right, on
# another scale, so items an older scorer judged are not replayed either. Version 4: refitted on sets
# 1–11 with an intercept per set and new features (session 25): the same scale, other weights. Version 5:
# session 26's features (a refusal of a question pointing at the text, an overview opening, a scattered answer)
# fitted on dev and sets 1–12: scores moved (a plain refusal and an overview answer no longer score alike).
# Version 6 (session 27): a question written with letters the language it was read as never writes counts as
# unread, and words that could not be read count as neither evidence for nor against; refitted (L2 1.0).
# Version 7 (session 28): the verses' share of the question's names (``agents.cited_match``) and a table answer whose
# opening carries nothing asked (``typed_off_lead``) weighed beside session 27's model (its weights scaled, fitted on
# sets 8–12 of a new collection): scores moved.
# Version 8 (session 35): refitted on every set but answers-real and blind sets 22, 23, with the cited verses' spread over
# hymns and an open-form question answered by the open search weighed: scores moved.
SCORER_VERSION = 8
EXAMPLE_SIMILARITY = 0.35  # at or above: offered to the generator as an example


class MemoryItem(WireModel):
    key: str  # normalised question (one item per question; a better answer replaces it)
    question: str
    answer: str
    verses: List[SearchResult] = Field(default_factory=list)
    citations: List[str] = Field(default_factory=list)
    score: float = Field(..., ge=0.0, le=1.0)
    engine: str = "extractive"
    created_at: float = 0.0
    scorer: int = 1


@runtime_checkable
class MemoryStore(Protocol):
    async def all(self) -> List[MemoryItem]: ...

    async def put(self, item: MemoryItem) -> None: ...

    async def clear(self) -> None: ...


def normalise(question: str) -> str:
    """Key for "the same question": lowercase words, diacritics folded, punctuation dropped, and the
    question's numbers kept in order ("What is RV 10.34 about?" is not a repeat of "… RV 10.129 …": the
    word list alone drops digits, and memory answered one hymn's question with another's answer)."""
    numbers = re.findall(r"\d+", str(question or ""))
    return " ".join(words(question)) + (" #" + ".".join(numbers) if numbers else "")


def similarity(a: str, b: str) -> float:
    """Cosine of content-word stem sets (1.0 for the same normalised question)."""
    if normalise(a) == normalise(b):
        return 1.0
    sa, sb = set(content_stems(a)), set(content_stems(b))
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / math.sqrt(len(sa) * len(sb))


def is_repeat(a: str, b: str) -> bool:
    """The same question, once normalised (case, accents, punctuation). Nothing looser: "Which
    hymn is to Dawn?" and "Which hymns are to Dawn?" may deserve different answers."""
    return normalise(a) == normalise(b)


class InMemoryStore:
    """Process-lifetime store (tests, CLI eval)."""

    def __init__(self) -> None:
        self._items: Dict[str, MemoryItem] = {}

    async def all(self) -> List[MemoryItem]:
        return list(self._items.values())

    async def put(self, item: MemoryItem) -> None:
        self._items[item.key] = item

    async def clear(self) -> None:
        self._items.clear()


class SQLiteStore:
    """CPython persistence (sqlite3 is imported lazily: it is not loaded in the browser)."""

    def __init__(self, path: str) -> None:
        import sqlite3

        self._db = sqlite3.connect(path)
        self._db.execute("CREATE TABLE IF NOT EXISTS memory (key TEXT PRIMARY KEY, item TEXT NOT NULL)")
        self._db.commit()

    async def all(self) -> List[MemoryItem]:
        rows = self._db.execute("SELECT item FROM memory").fetchall()
        out: List[MemoryItem] = []
        for (raw,) in rows:
            try:
                out.append(MemoryItem.parse_raw(raw))
            except Exception:
                continue  # a corrupt row is skipped, not fatal
        return out

    async def put(self, item: MemoryItem) -> None:
        self._db.execute("INSERT OR REPLACE INTO memory (key, item) VALUES (?, ?)", (item.key, item.to_wire_json()))
        self._db.commit()

    async def clear(self) -> None:
        self._db.execute("DELETE FROM memory")
        self._db.commit()

    def close(self) -> None:
        self._db.close()


class Memory:
    """The agent-facing side: policy (threshold, similarity) over any ``MemoryStore``."""

    def __init__(self, store: Optional[MemoryStore] = None) -> None:
        self.store: MemoryStore = store if store is not None else InMemoryStore()

    async def recall(self, question: str, limit: int = 3) -> List[Tuple[MemoryItem, float]]:
        items = await self.store.all()
        scored = [(item, similarity(question, item.question)) for item in items]
        scored = [(i, s) for i, s in scored if s >= EXAMPLE_SIMILARITY]
        scored.sort(key=lambda pair: (-pair[1], -pair[0].score))
        return scored[:limit]

    async def repeat_of(self, question: str) -> Optional[MemoryItem]:
        for item, _ in await self.recall(question, limit=5):
            if (is_repeat(question, item.question) and item.score >= REPLAY_THRESHOLD
                    and item.scorer >= SCORER_VERSION):
                return item
        return None

    async def remember(self, question: str, answer: str, verses: Sequence[SearchResult], citations: Sequence[str],
                       score: float, engine: str) -> bool:
        """Store when the score is good enough and beats what is stored for the same question."""
        if score <= STORE_THRESHOLD or not answer.strip():
            return False
        key = normalise(question)
        for item in await self.store.all():
            if item.key == key and item.score > score:
                return False
        await self.store.put(MemoryItem(key=key, question=question, answer=answer, verses=list(verses),
                                        citations=list(citations), score=round(score, 4), engine=engine,
                                        created_at=time.time(), scorer=SCORER_VERSION))
        return True

    async def clear(self) -> None:
        await self.store.clear()
