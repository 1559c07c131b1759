"""A question that puts a deed in the wrong hymn *and* gives it to the wrong god: find where it is.

"In RV 2.32, how does Varuṇa kill Vṛtra?" names a hymn that never names Varuṇa, and the deed it asks
about is told elsewhere, of another god. Answering from inside the named hymn (its closest verses)
teaches the reader nothing; correcting only the god keeps the wrong place. So when the named hymn
does not name the question's god or thing, the question is asked again of the whole text, with the
reference and the doubtful name taken out, so that the deed and the other words find the verses:

- a passage the question also names by name ("the Night hymn", "the Devī-sūkta") is where it is;
- else the search's best verses, when they lie outside the named hymn and the best of them beats
  the hymn's own best verse.

The first sentence says both corrections plainly: the place (where the verses really are) and the
god (to whom they are addressed, from the Anukramaṇī's deity field). Nothing better found: ``None``,
and the caller answers from inside the hymn as before.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence, Tuple

from pyapp.agents.text import clip
from pyapp.reading.words import fold

SHOWN = 3
_REF = re.compile(r"(?:\b(?:rv|rig\s?-?veda|rgveda|hymn|sukta|sūkta|mandala)\s*)?\b\d{1,2}\s*[.:]\s*\d{1,3}(?:\s*[.:]\s*\d{1,3})?\b",
                  re.I)


def _named_elsewhere(question: str, inside: Sequence[str]) -> List[str]:
    """The verses of a passage the question names by name, when it is not the numbered hymn."""
    from pyapp.reading.named import find_named, passage_refs

    try:
        matches = find_named(question)
    except Exception:
        return []
    for match in matches:
        refs = [r for r in passage_refs(match.passage) if r]
        if refs and not any(r == h or r.startswith(h + ".") or h.startswith(r + ".") for r in refs for h in inside):
            return refs
    return []


def _without(question: str, topic: str) -> str:
    text = _REF.sub(" ", question)
    key = fold(topic)[:5]
    if key:
        text = " ".join(w for w in text.split() if not fold(w).startswith(key))
    return re.sub(r"\s+", " ", text).strip()


def elsewhere(question: str, topic: str, hymn: str, index: Any, searcher: Any,
              ranked_inside: Sequence[Any]) -> Optional[Tuple[str, List[str]]]:
    """(answer text, cited verses) when the deed is found outside ``hymn`` ("M.H"), else ``None``."""
    refs = _named_elsewhere(question, [hymn])
    how = "named"
    verses: List[Any] = []
    if refs:
        verses = index.verses_of(refs)
        if len(verses) > SHOWN:
            from pyapp.agents import evidence

            ranked = evidence.rank_within(searcher, index, refs, _without(question, topic), SHOWN)
            picked = {r.book_context for r in ranked}
            verses = [v for v in verses if v.ref in picked] or verses[:SHOWN]
    else:
        how = "search"
        query = _without(question, topic)
        if not query or searcher is None:
            return None
        response = searcher.search(query, k=8)
        hits = list(getattr(response, "results", []) or [])
        outside = [h for h in hits if not h.book_context.startswith(hymn + ".")]
        if not outside or outside[0] is not hits[0]:
            return None  # the hymn's own verse is the best match: the place may be right after all
        if not _reads(query):
            return None  # nothing left that code reads (a language it cannot read): no place to move to
        hymn_of = ".".join(outside[0].book_context.split(".")[:2])
        chosen = [h.book_context for h in outside if h.book_context.startswith(hymn_of + ".")][:SHOWN]
        chosen += [h.book_context for h in outside if h.book_context not in chosen][:max(0, 2 - len(chosen))]
        verses = [v for v in (index.by_ref(r) for r in chosen) if v is not None]
    if not verses:
        return None
    cited = [v.ref for v in verses[:SHOWN]]
    where = sorted({".".join(r.split(".")[:2]) for r in cited}, key=lambda h: [int(p) for p in h.split(".")])
    from pyapp.agents.reference_tasks import _hymn_facts, _hymn_line, _value

    facts = _hymn_facts(index)
    hymns = [facts.by_ref.get(h) for h in where]
    gods = [g for g in dict.fromkeys(_value(h, "deity") for h in hymns if h is not None) if g]
    god_said = ""
    if gods and not any(fold(topic)[:5] in fold(g) for g in gods):
        god_said = f", and they are addressed to {', '.join(gods)}, not {topic}"
    found = "the passage the question names" if how == "named" else "the verses that say what the question describes"
    lead = (f"Two corrections: RV {hymn} does not name {topic}; {found} "
            f"{'is' if how == 'named' else 'are'} in {', '.join('RV ' + h for h in where)}{god_said}.")
    lines = [lead] + [_hymn_line(index, facts, *map(int, h.split("."))) for h in where]
    lines += [f"- “{clip(v.translation or '', 260)}” [RV {v.ref}]" for v in verses[:SHOWN]]
    lines.append(f"(Found by code over the whole text, the reference and the name {topic} set aside; "
                 "no model wrote this answer.)")
    return "\n".join(lines), cited


def _reads(query: str) -> bool:
    """The query still holds English that code reads (not only words of a language it cannot read)."""
    from pyapp.reading.compare_wording import ENGLISH_WORDS

    return any(w in ENGLISH_WORDS for w in re.findall(r"[a-z]{2,}", fold(query)))


__all__ = ["elsewhere"]
