"""Questions that are facts in other words: "What is the RigVeda?" (its make-up, with one sentence
of what it is), "Which god is invoked most often?" ("Which god has the most hymns?") and "the
oldest hymns" (the family books: the hymns carry no dates; the usual scholarly view).

Why apart: these rewordings come before detection and answering alike, and their notes are the
only sentences about the RigVeda that are not computed from the index.
"""
from __future__ import annotations

import re
from typing import Tuple

from pyapp.factbook.patterns import AFTER_NAMED, SECOND, _q
from pyapp.reading.collection import OLDEST_VEDA, WHAT_IS, asked_about_collection

# Questions that are facts in other words: "Which god is invoked most often?" is "Which god has the most
# hymns?"; "the oldest hymns" are the family books (the hymns carry no dates; the usual scholarly view);
# "What is the RigVeda?" is its make-up, with one sentence of what it is.
_MOST_INVOKED = re.compile(
    r"\b(?:invoked|praised|worshipped|worshiped|addressed|celebrated|mentioned|prayed to|important|popular|prominent|"
    r"frequent)\s+(?:the\s+)?most(?:\s+(?:often|frequently))?\b|\bmost\s+(?:often|frequently|commonly)\s+"
    r"(?:invoked|praised|worshipped|worshiped|addressed|mentioned)\b|\bmost\s+(?:important|popular|prominent|"
    r"invoked|praised|frequent)\s+(?:god|gods|deity|deities|goddess)\b")
# "Who is the main god of the RigVeda?", "the chief deity", "the supreme god": asked as a ranking by hymns
_MAIN_GOD = re.compile(r"^\W*(?:who|which)(?:'s|\s+(?:is|are|was|were))?\s+(?:the\s+)?(?:main|chief|principal|"
                       r"foremost|leading|central|greatest|biggest|top)\s+(?:gods?|goddess(?:es)?|deit(?:y|ies))\b")
# the gods of the RigVeda asked for as a whole ("Which gods are described in the Rigveda?", "Who is its main god?"):
# the hymn counts answer it; not about one hymn or verse (a number), nor about rivers, seers … (other kinds)
_GODS_OF_RV = re.compile(
    r"\b(?:main|chief|principal|major|foremost|supreme|primary|leading)\s+(?:gods?|deity|deities)\b"
    r"|^\W*(?:which|what|who)\s+(?:(?:is|are)\s+)?(?:the\s+)?(?:gods?|deity|deities)\s+(?:(?:is|are)\s+)?"
    r"(?:described|mentioned|praised|worshipped|worshiped|addressed|found|named|invoked|there)?\s*"
    r"(?:in|of)\s+(?:the\s+)?(?:rig\s*-?\s*veda|rgveda|rigved|rgved)\W*$")
_OTHER_KIND = re.compile(r"\b(?:rivers?|seers?|poets?|rishis?|animals?|plants?|metres?|meters?|words?|places?|tribes?|"
                         r"kings?|women|woman)\b")
# only when the oldest hymns are what is asked: "What is the oldest hymn?", "Which are the oldest books?"
# (not "What does asura mean in the oldest hymns?")
_OF_RV = r"(?:\s+(?:of|in)\s+(?:the\s+)?(?:rig\s*-?\s*veda|rgveda|rigved|rgved))?"
_OLDEST = re.compile(r"^\W*(?:which|what)(?:'s|\s+(?:is|are|was|were))\s+(?:the\s+)?(?:oldest|earliest|most ancient)\s+"
                     r"(?:hymns?|books?|parts?|layers?|mandalas?|maṇḍalas?|sections?|portions?|core)\b|"
                     r"^\W*(?:which|what)\s+(?:hymns?|books?|parts?|mandalas?|maṇḍalas?)" + _OF_RV +
                     r"\s+(?:is|are|was|were)\s+(?:the\s+)?(?:oldest|earliest)\b")
# "Which book is the youngest / the latest / composed last?": the same view, the latest layer first
_LATEST = re.compile(r"^\W*(?:which|what)(?:'s|\s+(?:is|are|was|were))?\s+(?:the\s+)?(?:youngest|latest|newest|"
                     r"most recent|last composed)\s+(?:hymns?|books?|parts?|layers?|mandalas?|maṇḍalas?|sections?)\b|"
                     r"^\W*(?:which|what)\s+(?:hymns?|books?|parts?|mandalas?|maṇḍalas?)" + _OF_RV +
                     r"\s+(?:is|are|was|were)\s+(?:the\s+)?(?:youngest|latest|newest|most recent|composed last|"
                     r"last composed|added last)\b")
_WHAT_IS_RV = re.compile(r"^\W*(?:what\s+is|what's|whats|tell\s+me\s+about|explain|describe)\s+(?:the\s+)?"
                         r"(?:rig\s*-?\s*veda|rgveda|ṛgveda|rigved)\W*$", re.I)
OLDEST_NOTE = ("The hymns carry no dates; the usual scholarly view takes the family books, maṇḍalas 2–7, as the "
               "oldest core, with maṇḍalas 1, 8 and 9 gathered around them and maṇḍala 10 as the latest layer.")
LATEST_NOTE = ("The hymns carry no dates; the usual scholarly view takes maṇḍala 10 (with parts of maṇḍala 1) as the "
               "latest layer, and the family books, maṇḍalas 2–7, as the oldest core.")
OLDEST_VEDA_NOTE = ("The RigVeda is the oldest of the four Vedas (Ṛg, Sāma, Yajur and Atharva): the Sāmaveda and "
                    "Yajurveda reuse many of its verses, and its language is the oldest form of Sanskrit.")
RV_NOTE = ("The RigVeda is the oldest collection of Vedic Sanskrit hymns, composed and handed down orally "
           "(usually dated to the second half of the second millennium BCE) and arranged in ten books (maṇḍalas).")


def _reworded(question: str) -> Tuple[str, str]:
    """(the question a fact rule reads, a sentence to open the answer with or "")."""
    about = asked_about_collection(question)  # "what is it?" in other words and languages (pyapp.reading)
    if _WHAT_IS_RV.search(question) or about == WHAT_IS:
        return "How many hymns are there in the RigVeda?", RV_NOTE
    if about == OLDEST_VEDA:
        return "How many hymns are there in the RigVeda?", OLDEST_VEDA_NOTE
    q = _q(question)
    main_god = _MAIN_GOD.search(q) and not re.search(r"\b(?:hymns?|verses?|books?|mandalas?|suktas?)\b", q)
    gods_of_rv = _GODS_OF_RV.search(q) and not re.search(r"\d", q)
    if (_MOST_INVOKED.search(q) or main_god or gods_of_rv) and not _OTHER_KIND.search(q):
        # "Which goddess is mentioned most?": the goddesses' ranking (pyapp.factbook.ranking)
        god = "goddess" if re.search(r"\b(?:goddess|goddesses|female)\b", q) else "god"
        # "after Indra", "the second": the ranking opens with the one asked for
        after = AFTER_NAMED.search(q) or SECOND.search(q)
        asked = f"Which {god} has the {'second ' if after and after.re is SECOND else ''}most hymns" \
                f"{' ' + after.group(0) if after and after.re is AFTER_NAMED else ''}?"
        return (asked if not re.search(r"\bmost verses\b", q) else question), ""
    if _OLDEST.search(q):
        return "Which are the family books?", OLDEST_NOTE
    if _LATEST.search(q):
        return "How many hymns are there in maṇḍala 10?", LATEST_NOTE
    return question, ""
