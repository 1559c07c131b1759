"""A request for any one verse: "explain one mantra from the Rig Veda in easy English for my assignment",
"give me a famous verse of the Rigveda and its meaning".

Why: such a request names no topic, so the search has nothing to look for and the turn ended with "Not
enough information", while the reader wants one verse explained, and any well-known verse does. The verse
readers learn first is a named passage (``named_passages.json``, id ``FIRST``: the Gāyatrī mantra), so the
request is read as naming it, with a note that says so; a request with a topic of its own ("a verse about
the dawn", "one mantra to Agni") is left to the search.
"""
from __future__ import annotations

import re
from typing import Optional, Tuple

from pyapp.reading.named import NamedMatch, get_named

FIRST = "gayatri"  # the named passage given when any one verse is asked for
_ASKS = re.compile(r"\b(?:one|a|any|some|single|famous|popular|well[- ]known|important|favou?rite|short|random)\s+"
                   r"(?:(?:famous|popular|important|short|single|good|sacred)\s+)?(?:mantras?|verses?|shlokas?|"
                   r"slokas?|stanzas?|richas?|ṛcs?)\b", re.I)
# the words of the request itself: anything else is a topic the search should look for
_REQUEST = frozenset("""
for my our a an the one any some single famous popular well known important favourite favorite short random good sacred
mantra mantras verse verses shloka shlokas sloka slokas stanza stanzas richa richas
school college class assignment project homework essay presentation exam test kid kids child children son daughter
student students teacher beginner beginners
explain explanation explained meaning meanings mean means tell give show share write pick choose select quote
me us please can could would you i we need want like to of from in with and its it their what is are how
rig rigveda rigvedic veda vedas vedic samhita easy simple simply plain english words language way terms
""".split())


def resolve(question: str) -> Optional[Tuple[NamedMatch, str]]:
    """The named passage given for a request for any one verse, and the note that says so; else None."""
    if _ASKS.search(question) is None:
        return None
    rest = [w for w in re.findall(r"[^\W\d_]+", question.lower()) if w not in _REQUEST]
    if rest:
        return None
    passage = get_named(FIRST)
    if passage is None:
        return None
    note = (f"Read as asking for any one well-known verse: the {passage.names[0]} (RV {passage.refs[0]}), "
            f"the verse readers learn first; ask for a verse about a god or a theme to get another.")
    return NamedMatch(passage=passage, matched=passage.names[0], text=question, score=len(passage.names[0])), note


__all__ = ["FIRST", "resolve"]
