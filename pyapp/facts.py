"""Factual questions about hymns — seer, deity, metre, counts, lists — answered by code from the index.

Why code and not the generator: "Who composed 1.1?" or "How many hymns are in maṇḍala 1?" have one
right answer that is already in the index (the Anukramaṇī attribution of every verse: ``rishi``,
``deity``, ``meter``; the hymn addressee; the verse and hymn counts). Retrieval plus a small model
tends to bury or miss such facts; here the first sentence states the fact and cites the verses it
rests on.

Besides one hymn's seer, deity and metre, it answers counts (of a maṇḍala — named by number or as a
family's book, "Gṛtsamada's maṇḍala" — or of the hymns and verses of a god or seer), lists, the
first and last hymns, the family books, and extremes (the longest or shortest hymn, of all or of a
god, seer or maṇḍala; hymns of a given number of verses; the longest maṇḍala). A question that
names a god or seer the index does not know gets ``None``, never the RigVeda's total instead.
Gods are matched by the index's IAST deity names and by the English hymn headings, plus a few
English names readers use ("the dawn", "the pressing stones"); the most specific name wins over a
name that is only the first part of a compound ("soma-pressing").

Public face: :func:`detect_fact` (cheap regexes: the kind of fact asked, or ``None``) and
:func:`answer_fact` (a :class:`FactAnswer`, or ``None`` when the question is not a fact question or
its subject cannot be resolved — never a guess). A reference in the question wins over the
caller's ``subject_hymns``. A reference that does not exist gives a ``FactAnswer`` of kind
``"not_found"`` that says so and names the valid range (the message of
:func:`pyapp.search.refs.resolve`), so the caller does not fall through to a search for a hymn
that is not there.

Names are matched on a spelling-insensitive key after a light sandhi split, so "Vishvamitra",
"Viśvāmitra" and "Visvamitra" all find "gāthino viśvāmitraḥ"; a person and his family are told apart
by vṛddhi (Viśvāmitra / Vaiśvāmitra) and the family is reported after the person
(:mod:`pyapp.factbook.names`). The per-index tables are built in one pass and cached per index
(:mod:`pyapp.factbook.table`).

Where the answers live (:mod:`pyapp.factbook`, a module graph that flows one way, top to bottom):

- ``answer`` (:class:`FactAnswer`), ``names`` (seer names: cleaning, display, keys), ``display``
  (deity and metre display tables), ``table`` (:class:`HymnFacts`, :class:`Facts`, :func:`facts_for`);
- reading the question: ``patterns`` (the cue words), ``about`` (questions that are facts in other
  words: "What is the RigVeda?", the oldest hymns), ``detect`` (:func:`detect_fact`, extreme
  requests), ``targets`` (references, maṇḍalas, a family's book), ``words`` (words that may be names);
- wording and matching: ``wording`` (citations, numbers, lists), ``deities`` (which god is named);
- answers: ``family`` (the family books), ``totals`` (how many hymns and verses), ``extremes``
  (longest, shortest, hymns of n verses), ``hymns`` (one hymn's seer, deity, metre, verse count),
  ``ranking`` (the most hymns), ``profile`` (one maṇḍala), ``lists`` (by seer, to a god, in a metre),
  ``order`` (first and last hymns and verses).

This module stays the public face: :func:`answer_fact` routes a question to those answers, and the
names other modules and tests import from ``pyapp.facts`` are re-exported here.
"""
from __future__ import annotations

import re
from typing import List, Optional

from pyapp.factbook.about import _reworded
from pyapp.factbook.deities import _deity_keys_in
from pyapp.factbook.detect import detect_fact
from pyapp.factbook.extremes import _extreme_answer
from pyapp.factbook.family import _family_answer
from pyapp.factbook.hymns import _about_hymns, _targets
from pyapp.factbook.lists import _list_answer
from pyapp.factbook.names import _key
from pyapp.factbook.order import _first_last_answer
from pyapp.factbook.patterns import _MANDALA, _RE_HYMN_COUNT, _RE_VERSE_COUNT, _has_filter_words, _q
from pyapp.factbook.profile import _mandala_profile
from pyapp.factbook.ranking import _ranking
from pyapp.factbook.table import facts_for
from pyapp.factbook.targets import _MANDALA_RE, _WHOLE_RV, _book_of, _mandala_of, _reference
from pyapp.factbook.totals import _count_answer
from pyapp.factbook.words import _GENERIC_WORDS, _QUESTION_STOP, _drop_words, _name_words

# the public face, and the names pyapp.counts, pyapp.reader, pyapp.reading.kinship and the tests import from here
from pyapp.factbook.about import OLDEST_NOTE, RV_NOTE  # noqa: F401
from pyapp.factbook.answer import LIST_LIMIT, REFS_LIMIT, FactAnswer  # noqa: F401
from pyapp.factbook.deities import (  # noqa: F401
    _deity_gloss, _deity_match, _hit, _pretty_key, _sort_key, spellings_of)
from pyapp.factbook.display import _metre_clean, _metre_key, metre_display  # noqa: F401
from pyapp.factbook.lists import _within  # noqa: F401
from pyapp.factbook.names import _attribution, _word, ascii_name, display_name, persons_in  # noqa: F401
from pyapp.factbook.table import Facts, HymnFacts, Run, _addressee_names  # noqa: F401
from pyapp.factbook.targets import FAMILY_BOOKS  # noqa: F401
from pyapp.factbook.wording import _plural, _sort_refs  # noqa: F401
from pyapp.factbook.words import _candidate_words  # noqa: F401

__all__ = ["FactAnswer", "detect_fact", "answer_fact", "facts_for", "display_name", "hymns_addressed_to"]


_RV_SEERS = re.compile(r"\b(?:seers|poets|rsis|risis|authors|composers|sages)\b[^?.]*\b(?:ri?g\s?-?veda|rgveda)\b|"
                       r"\b(?:wrote|composed|authored|written|composed)\b (?:the )?(?:hymns of the )?(?:ri?g\s?-?veda|rgveda)\b")


_RE_POSSESSIVE_BOOK = re.compile(rf"\b([a-z]+)(?:'s|s'|’s) (?:own )?{_MANDALA}\b")


def answer_fact(question: str, index: object, subject_hymns: Optional[List[str]] = None) -> Optional[FactAnswer]:
    """Answer a factual question about hymns from the index, or ``None`` when it is not a fact
    question or its subject cannot be resolved. See the module docstring for the rules."""
    question, opening = _reworded(question)
    answer = _answer_fact(question, index, subject_hymns)
    if answer is not None and opening:
        answer = answer.copy(update={"text": f"{opening} {answer.text}"})
    return answer


def _answer_fact(question: str, index: object, subject_hymns: Optional[List[str]] = None) -> Optional[FactAnswer]:
    kind = detect_fact(question)
    if kind is None or index is None:
        return None
    facts = facts_for(index)
    q = _q(question)
    ref = _reference(question)
    mandala = None if ref is not None else _mandala_of(question)
    whole = ref is None and mandala is None and bool(_WHOLE_RV.search(q))
    owner = _RE_POSSESSIVE_BOOK.search(q)
    if owner and _book_of(question) is None and not _MANDALA_RE.search(q) and \
            _key(owner.group(1)) not in _QUESTION_STOP | _GENERIC_WORDS:
        return None  # "Indra's maṇḍala": no book belongs to him; not the RigVeda's totals either
    if kind == "extreme":
        return _extreme_answer(question, facts)
    if kind == "family_books":
        if mandala is not None and (_RE_HYMN_COUNT.search(q) or _RE_VERSE_COUNT.search(q)):
            return _count_answer("verse_count" if detect_fact(_drop_words(question, ["family"])) == "verse_count"
                                 else "hymn_count", question, facts)
        return _family_answer(question, facts)
    if kind == "first_last":
        return _first_last_answer(question, facts)
    if kind == "list":
        answer = _list_answer(question, facts)
        if answer is None and _RE_HYMN_COUNT.search(q) and (mandala is not None or whole):
            return _count_answer("hymn_count", question, facts)
        return answer
    if kind == "hymn_count":
        # "… to the dawn in total?" names a god; "… counting the Vālakhilya hymns?" only qualifies the total
        named = [w for w in _name_words(question) if not w.startswith("valakhil")] or _deity_keys_in(facts, question)
        if mandala is not None or (whole and not named and not _has_filter_words(q)) or \
                re.search(rf"\bhow many {_MANDALA}\b", q):
            return _count_answer(kind, question, facts)
        answer = _list_answer(question, facts)  # "How many hymns of Lopāmudrā?", "… is Parjanya given in total?"
        if answer is not None:
            return answer
        if named:  # a god or seer the index does not know: not the RigVeda's total instead
            return None
        if whole or re.search(r"\bare there\b|\bin total\b|\bexist\b|\baltogether\b", q):
            return _count_answer(kind, question, facts)
        return None
    # seer, deity, metre, verse_count: about one hymn or verse, or a maṇḍala, or the whole text
    if ref is None:
        if mandala is not None:
            if kind == "verse_count":
                return _count_answer(kind, question, facts)
            return _mandala_profile(kind, facts, mandala)
        if kind == "verse_count" and not subject_hymns:
            if re.search(r"\b(?:addressed|dedicated|devoted|composed|attributed|by|to|for)\b", q) or \
                    _name_words(question) or _deity_keys_in(facts, question):
                return _list_answer(question, facts)
            if whole:
                return _count_answer(kind, question, facts)
        if kind == "seer" and _RV_SEERS.search(q):
            return _ranking(facts, question, what="seers")
    targets = _targets(question, index, facts, subject_hymns)
    if isinstance(targets, str):
        return FactAnswer(kind="not_found", text=targets + ".", refs=[])
    if not targets:
        return None
    return _about_hymns(kind, targets, facts)


def hymns_addressed_to(index: object, name: str) -> int:
    """How many hymns are addressed to ``name`` alone (0 when the name is not a known addressee);
    the one computation is :func:`pyapp.counts.god_hymns`."""
    from pyapp.counts import god_hymns

    god = god_hymns(index, name)
    return len(god.alone) if god is not None else 0
