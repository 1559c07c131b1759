"""Hymns under two or more constraints: "a hymn by Vasiṣṭha to Varuṇa", "Agni hymns in gāyatrī from
the eighth maṇḍala", "a Soma Pavamāna hymn in triṣṭubh", "Which hymns did Kaṇva address to the Maruts?".

Why its own reader: the fact module's lists answer one filter (a seer's hymns, or a god's, or a
metre's), and a second constraint was silently dropped ("hymns to the Maruts by Śyāvāśva" listed all
35 Marut hymns). Here every constraint the question names is read — seer, god, metre, maṇḍala —
and the hymns that meet *all* of them are listed; when none does, the answer says so and names what
each constraint alone gives, never a list that ignores one.

Which word is the seer and which the god: a word can be both (Vasiṣṭha is a seer and the addressee
of 7.33). A word after "by", before "'s", or the subject of "did X compose/address" is the seer; a
word after "to"/"addressed to", or before "hymn", is the god; otherwise every seer × god assignment
of two different words is tried and the one whose hymns overlap most is kept.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence, Set, Tuple

from pyapp import facts as F
from pyapp.counts import god_hymns, seer_hymns
from pyapp.factbook.lists import _metre_in_question
from pyapp.factbook.patterns import _METRE_NAMES, _q
from pyapp.factbook.targets import _mandala_of

__all__ = ["answer"]

_HYMNISH = re.compile(r"\b(?:hymns?|suktas?|sūktas?|songs?|compose\w*|address\w*|wrote|written|verses?)\b")
_SEER_BEFORE = re.compile(r"\b(?:by|of|from|belongs?\s+to|belonging\s+to)\s+(?:the\s+)?"
                          r"(?:(?:seers?|sages?|poets?|rishis?|rsis?|family|clan)\s+(?:of\s+)?(?:the\s+)?)?$")
_VERSE_COUNT = re.compile(r"\b(?:with|has|having|of|contains?|containing)\s+(?:exactly\s+|just\s+|only\s+)?(\d{1,2})\s*"
                          r"(?:verses|stanzas|mantras|richas|rcs)\b|\b(\d{1,2})[- ](?:verse|stanza)\b")
_GOD_BEFORE = re.compile(r"\b(?:to|for|addressed to|dedicated to|praising|in praise of|invoking)\s+(?:the\s+)?$")


def _words(question: str) -> List[Tuple[str, str, str, str]]:
    """(word, its key, the text before it, the text after it) for every word that may be a name."""
    out = []
    for m in re.finditer(r"[^\W\d_]+(?:['’][^\W\d_]+)?", question):
        word = re.sub(r"['’]s?$", "", m.group())
        key = F._key(word)
        if len(key) >= 3 and key not in F._QUESTION_STOP and key not in F._GENERIC_WORDS:
            out.append((word, key, question[:m.start()].lower(), question[m.end() - (len(m.group()) - len(word)):].lower()))
    return out


def _seer_score(before: str, after: str) -> int:
    return 2 if _SEER_BEFORE.search(before) or re.match(r"['’]s?\b", after) or \
        re.search(r"\b(?:did|does|has)\s+$", before) else 0


def _god_score(before: str, after: str) -> int:
    return 2 if _GOD_BEFORE.search(before) or re.match(r"\s+(?:hymns?|suktas?|sūktas?)\b", after) else 0


def _god_refs(index: Any, word: str) -> Tuple[str, List[str]]:
    """The god's label and hymns: those to it alone first, then those shared with a partner, then
    those that address it in some verses (the order the list shows them in)."""
    god = god_hymns(index, word)
    if god is None:
        return "", []
    return god.label, god.alone + god.joint_refs + god.part


def _main_metre(facts: "F.Facts", ref: str, key: str) -> bool:
    h = facts.hymn(ref)
    return bool(h and h.metre_keys and h.metre_keys.get(key, 0) * 2 >= h.verses)


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    """The hymns meeting every constraint the question names (two at least), or ``None``."""
    q = _q(question)
    if not _HYMNISH.search(q) or re.search(r"\bhow many\b|^\s*(?:why|how)\b|\d+\.\d+", q):
        return None  # a count, a why or how, or a question about one hymn named by its reference
    facts = F.facts_for(index)
    words = _words(question)
    seers: List[Tuple[int, str, str, List[str]]] = []  # (cue score, key, display, refs)
    gods: List[Tuple[int, str, str, List[str]]] = []
    for word, key, before, after in words:
        found = seer_hymns(index, key)
        clan = word.endswith("s") and not F._key(found.name if found else "").endswith("s")
        if found is None and key.endswith("s"):
            found = seer_hymns(index, key[:-1])  # "the Atris": the seer's name in an English plural
        if found is not None and found.refs:
            refs = list(found.refs)
            if clan:  # "the Vasiṣṭhas", "the Atris": the family, the seer and those his patronymic names
                refs += [r for r in getattr(found, "family", []) if r not in refs]
            name = f"the {found.family_name or found.name} family" if clan else found.name
            seers.append((_seer_score(before, after), key, name, refs))
        label, refs = _god_refs(index, word)
        if refs:
            gods.append((_god_score(before, after), key, label, refs))
    named_metre = re.search(rf"\b{_METRE_NAMES}\b(?! mantra)", q)  # "the Gāyatrī mantra" is a verse, not a metre
    metre = _metre_in_question(facts, named_metre.group()) if named_metre else ""
    mandala = _mandala_of(question)
    pavamana = bool(re.search(r"\bpavamana\b", q))
    counted = _VERSE_COUNT.search(q)  # "an Indra hymn with 33 verses": the verse count is a constraint too
    verses = int(counted.group(1) or counted.group(2)) if counted else 0
    best: Optional[Tuple[Tuple[int, int], List[str], List[str]]] = None
    for seer in seers + [None]:  # type: ignore[list-item]
        for god in gods + [None]:  # type: ignore[list-item]
            if seer is not None and god is not None and seer[1] == god[1]:
                continue
            if (seer is not None and not seer[0]) or (god is not None and not god[0]):
                continue  # each constraint must be asked as one: "by X", "X's", "to Y", "Y hymns"
            parts = [x for x in (seer, god) if x is not None]
            n_constraints = len(parts) + bool(metre) + (mandala is not None) + bool(verses)
            if n_constraints < 2 or (seer is None and god is None):
                continue
            refs: Set[str] = set(parts[0][3])
            for p in parts[1:]:
                refs &= set(p[3])
            if mandala is not None:
                refs = {r for r in refs if int(r.split(".")[0]) == mandala}
            if pavamana:
                refs = {r for r in refs if r.startswith("9.")}
            if metre:
                refs = {r for r in refs if _main_metre(facts, r, metre)}
            if verses:
                refs = {r for r in refs if facts.hymn(r) is not None and facts.hymn(r).verses == verses}
            said = []
            if god is not None:
                said.append(f"to {god[2]}")
            if seer is not None:
                said.append(f"by {seer[2]}")
            if metre:
                said.append(f"mainly in {F.metre_display(metre)}")
            if mandala is not None:
                said.append(f"in maṇḍala {mandala}")
            if verses:
                said.append(f"with {verses} verses")
            cue = sum(p[0] for p in parts) + 3 * len(parts)
            rank = (cue + (1 if refs else 0) * 4, len(refs))
            if best is None or rank > best[0]:
                order = parts[1][3] if len(parts) > 1 and god is parts[1] else (god[3] if god else parts[0][3])
                best = (rank, [r for r in order if r in refs], said)
    if best is None or len(best[2]) < 2:
        return None
    _, refs, said = best
    what = " ".join(said)
    if not refs:
        text = (f"No hymn of the RigVeda is {what}, by the Anukramaṇī (the traditional index of seers, gods and "
                f"metres).")
        return F.FactAnswer(kind="list", text=text, refs=[])
    shown = refs[:F.LIST_LIMIT]
    text = (f"{F._plural(len(refs), 'hymn')} {'is' if len(refs) == 1 else 'are'} {what}, by the Anukramaṇī: "
            + ", ".join(f"RV {r}" for r in shown) + (" …" if len(refs) > len(shown) else "") + f" [RV {refs[0]}.1].")
    return F.FactAnswer(kind="list", text=text, refs=[f"{r}.1" for r in shown[:F.REFS_LIMIT]], subject_hymns=shown)
