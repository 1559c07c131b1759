"""Which verse leads the answer when one has the question's Sanskrit words together, and the opening that says so.

Why its own module: the orchestrator coordinates a turn's steps; these two are decisions about the answer's
composition that belong together — ``put_first`` re-orders the verses found so the verse with most of the
question's named words (``search.cover``) comes first and records its lead on the turn's state, and ``opening``
puts that lead in front of the composer's own opening (``agents.compose.opening``) only where that opening states
no answer. Keeping the rule and the record it reads in one place is what keeps them consistent. The state is the
orchestrator's ``_State`` (typed ``Any`` here: the orchestrator imports this module, not the reverse).
"""
from __future__ import annotations

from typing import Any, List, Tuple

from pyapp.agents import compose
from pyapp.diacritics import strip_vedic_accents
from pyapp.search import cover, to_result


def put_first(s: Any, index: Any, text_index: Any, pada: Any = None) -> None:
    """No typed path: the verses that have more of the Sanskrit words the question names together than the
    verses found so far go first ("मूर्धा … उग्र" is mūrdhā and ugrā of one verse; ``search.cover``), and
    ``s.covered`` holds the first one's ref and lead."""
    frame = s.frame
    if (frame is None or index is None or text_index is None or frame.named or frame.sides or frame.is_reference
            or frame.quote or s.search_type == "bookContext"):
        return
    # the Sanskrit words the question names (in any script or spelling) and its numbers: English words
    # alone mislead ("What animal joins the horse…": a verse with "joins" and "horses")
    found = cover.concepts(text_index, [],
                           [(getattr(t, "display", "") or getattr(t, "key", ""), set(getattr(t, "sa_terms", []) or []))
                            for t in frame.terms], frame.text, pada=pada)
    best = cover.covering(found, text_index.n_docs, text_index.scores(s.standalone))
    if not best:
        return
    counts, _ = cover.cover_counts(found, text_index.n_docs)
    here = [d for d in (index.doc_id(ref) for ref in list(s.relevant)[:3]) if d is not None]
    if here and int(counts[here[0]]) >= best[0][1]:  # the first verse found has them: its lead says so
        s.covered = covered(index, pada, here[0], found)
        return
    if max([int(counts[d]) for d in here] or [0]) >= best[0][1]:
        return  # a verse found already has as many of the question's words
    lead = {}
    for doc, _count in best:
        verse = index.verses[doc]
        lead[verse.ref] = to_result(verse, 1.0).copy(update={"importance": "high"})
    s.relevant = {**lead, **{r: v for r, v in s.relevant.items() if r not in lead}}
    s.covered = covered(index, pada, best[0][0], found)


def covered(index: Any, pada: Any, doc: int, found: List[Any]) -> Tuple[str, str]:
    """The verse put first for its cover and its lead (``_State.covered``), the lead naming the verse's own words."""
    ref = index.verses[doc].ref
    return ref, cover.lead(ref, doc, found, own_words(index, pada, ref))


def own_words(index: Any, pada: Any, ref: str) -> List[str]:
    """A verse's words as the answer names them: its saṃhitā (accents off), then its padapāṭha."""
    verse = index.by_ref(ref) if index is not None else None
    roman = strip_vedic_accents(verse.roman or "") if verse is not None else ""
    return [w.strip("|") for w in roman.split() if w.strip("|")] + (pada.words(ref) if pada is not None else [])


def unread_words(s: Any) -> List[str]:
    """The words of a question in another language that no table or dictionary read (kept as typed in its English
    reading): never named as its topic ("No verse speaks directly of hanno, avuto …")."""
    reading = getattr(s, "reading", None)
    gloss = getattr(reading, "gloss", None)
    words = list(getattr(gloss, "unknown", None) or [])
    quoted_in = getattr(s, "quoted_in", None)  # a German, French or Russian question read through its English
    if quoted_in is not None and hasattr(quoted_in, "unread_words"):
        words += quoted_in.unread_words(getattr(s, "typed", "") or "")
    return words


def opening(s: Any, lexicon: Any, index: Any, terms: Any) -> str:
    """``compose.opening``; where it states no answer (it only hedges, or is empty) but the first verse shown
    has the question's words together (``put_first``), that verse's lead says which it has, after the hedge's
    gloss of the question's term, which answers what the term is."""
    said = compose.opening(s.frame, s.verses, s.support, lexicon, index, terms, s.found, unread=unread_words(s))
    if s.covered and s.verses and s.verses[0].book_context == s.covered[0] and not said.states:
        return said.gloss + s.covered[1]
    return said.text


__all__ = ["covered", "opening", "own_words", "put_first"]
