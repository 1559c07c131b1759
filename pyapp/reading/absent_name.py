"""A name the RigVeda never uses, asked about as if it did: "Is Meru mentioned in the Rig Veda?", "does the
rigveda name Golok?", "is vaikunth in the rigveda?" (issue 19; sets 19 and 20 asked later places, festivals and
heavens this way).

Why a reader of its own: such a word is in no index, so the search finds verses that only resemble it and the
answer opened "No verse speaks directly of meru; the closest the RigVeda comes are these verses …": a hedge
and a list, where the reader asked a yes/no that has a plain answer. Whether a word occurs is a fact about the
text. The word is taken to be absent only when **every** vocabulary the app has fails it: not English (the
44k-word list), not Griffith's, not a name or term of the lexicons, not a Sanskrit form the hymns use (the
padapāṭha's forms, sandhi undone), and not a typing slip of any of those (the speller mends it to nothing).
Ordinary English words are never said to be absent — a concept may be in the hymns under another word
("marriage" is the wedding hymn) — and curated tables of later terms (``later_terms``, ``named_things``) answer
first, with their notes. The answer says where it looked.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from pyapp.factbook.answer import FactAnswer
from pyapp.reading.text_named import text_named

__all__ = ["absent_words", "absent_lead", "answer", "asks_presence"]

# "is X mentioned / named / found in …", "does the rigveda mention X", "is there X in …", "is X in the rigveda"
_PRESENCE = re.compile(r"\b(?:mention\w*|name[sd]?|naming|occur\w*|appear\w*|found|exists?|is there|are there|says?|"
                       r"tells?|told|"
                       r"refer\w*|talk\w* about|speak\w* (?:of|about)|contain\w*|is (?:\w+ ){0,4}in (?:the )?rig\w*|"
                       r"are (?:\w+ ){0,4}in (?:the )?rig\w*)\b", re.I)
_YES_NO = re.compile(r"^\W*(?:(?:and|so|but|then)\s+)?(?:is|are|was|were|does|do|did|has|have|can|"
                     r"appears?|occurs?|exists?|figures?)\b", re.I)  # (a Romance question has no "does": "appears in …?")
_WORD = re.compile(r"[A-Za-zĀ-ſḀ-ỿ]+")
_SHORTEST = 4


def _speller(index: Any, searcher: Any) -> Any:
    """The searcher's shared speller (``spelling.searcher_speller``: the orchestrator's own)."""
    from pyapp.lexicon import lexicon_for
    from pyapp.reading import spelling

    return spelling.searcher_speller(searcher, lexicon_for(index))


_BARE = re.compile(r"^\W*(?:(?:the|a|an)\s+)?[^\W\d_]+(?:\s+[^\W\d_]+)?\s+in\s+(?:the\s+)?(?:rig\s*-?\s*veda|rgveda|ṛgveda|vedas?)\W*$",
                   re.I)


_NAMED_IN = re.compile(r"^\W*(?:(?:the|a|an)\s+)?[^\W\d_]+(?:\s+(?:or|and)\s+[^\W\d_]+)?\s+(?:(?:ever|even)\s+)?"
                       r"(?:mentioned|named|found|referred to)\s+(?:anywhere\s+)?in\s+(?:the\s+)?(?:rig\s*-?\s*veda|rgveda|"
                       r"ṛgveda|vedas?)\W*$", re.I)


# a question read from a language that asks with the verb alone, at the end ("X … compare nel Rig Veda?": "X … appears
# in the Rigveda?")
_ENDS_ASKING = re.compile(r"\b(?:appears?|occurs?|exists?|figures?|(?:is|are) (?:mentioned|named|found))\s+in\s+(?:the\s+)?"
                          r"(?:rig\s*-?\s*veda|rgveda|ṛgveda|vedas?)\W*$", re.I)


# where a sentence ends, or where a topic put first ends ("The Navaratna, the nine gems – are they in the Rigveda?")
_SENTENCE_END = re.compile(r"[?!.:;]\s+|\s[–—-]\s|,\s+(?=(?:is|are|was|were|does|do|did|has|have|can|appears?)\s)",
                           re.I)  # ("Dhanvantari, the god of medicine, does he appear in the RigVeda?")


def _asks_yes_no_presence(text: str) -> bool:
    """Some sentence of the question asks yes or no whether the hymns name something: the first ("Is X named …?"),
    or one after a topic put first, as German and French questions often are read ("X – is it in the Rigveda?")."""
    parts = _SENTENCE_END.split(text)[:3]
    return any(_YES_NO.search(part) and _PRESENCE.search(part) or _ENDS_ASKING.search(part) for part in parts)


def asks_presence(question: str) -> bool:
    """A yes/no question whether the hymns name something ("Is X mentioned in …", "does the rigveda mention X",
    "is there X in …", "X – are they in the Rigveda?"), or a bare "X in rigveda?"."""
    text = question or ""
    first = text.split("?")[0] + "?"  # the question, not a remark after it
    return bool(_asks_yes_no_presence(first) or _BARE.match(first) or _NAMED_IN.match(first))


_SEERS: dict = {}


def _seer_word(word: str, index: Any) -> bool:
    """Whether a seer's name of the Anukramaṇī begins with the word, accents off ("narada": nāradaḥ kāṇvaḥ)."""
    from pyapp.diacritics import strip_marks

    key = id(index)
    if key not in _SEERS:
        names = set()
        for verse in getattr(index, "verses", ()):
            plain = strip_marks(getattr(verse, "rishi", "") or "").lower()
            names.update(w for w in re.findall(r"[a-z]+", plain) if len(w) >= 4)
        _SEERS.clear()
        _SEERS[key] = (index, frozenset(names))
    names = _SEERS[key][1]
    plain = word.lower().replace("sh", "s")
    return any(n.startswith(plain) and len(n) - len(plain) <= 2 for n in names) or \
        any(n.replace("sh", "s").startswith(plain) and len(n) - len(plain) <= 2 for n in names if n[:1] == plain[:1])


_RECENT: Dict[Tuple[str, bool, int, int], Tuple[Any, Any, List[str]]] = {}
RECENT_LIMIT = 16


def absent_words(question: str, index: Any, searcher: Any, alone: bool = True) -> List[str]:
    """The question's words that no vocabulary of the app knows and that mend to nothing (as typed). ``alone``:
    none when the question also names something of the hymns (theirs to answer); else those words beside them.

    Kept for the last few questions: one turn asks it up to four times (the asked-kind rule, the absent-name
    reader, the lead, alone and not), and each asks the speller about every word."""
    key = (question, alone, id(index), id(searcher))
    kept = _RECENT.get(key)
    if kept is not None and kept[0] is index and kept[1] is searcher:
        return list(kept[2])
    found = _absent_words(question, index, searcher, alone)
    if len(_RECENT) >= RECENT_LIMIT:
        _RECENT.clear()
    _RECENT[key] = (index, searcher, list(found))
    return found


def _absent_words(question: str, index: Any, searcher: Any, alone: bool) -> List[str]:
    speller = _speller(index, searcher)
    terms = getattr(searcher, "terms", None)
    if speller is None or terms is None:
        return []
    from pyapp.lexicon import lexicon_for, norm

    names = lexicon_for(index).names
    named = text_named(question)
    out: List[str] = []
    lower_only = question == question.lower()  # a reader who types no capitals: any word may be a name
    for i, word in enumerate(_WORD.findall(question)):
        low = word.lower()
        if len(low) < _SHORTEST or low in out or re.match(r"^(?:rig|rg|r?ig)?veda|^rigved|^rgved|^hymn|^vedic", low):
            continue
        everyday = speller.everyday(low)  # "nine", "stone": English first, though a Sanskrit form may begin so
        if norm(low) in names or norm(low).rstrip("s") in names or (terms.hymn_word(low) and not everyday):
            if not alone:
                continue
            return []  # the question also names something of the hymns ("Hariyūpīyā", "Viṣṇu's home"): theirs to answer
        if speller.known(low) or speller.ordinary(low):
            if not everyday and alone:
                return []  # a word only Griffith or a hymn vocabulary has ("Hariyupiya"): the hymns' own to answer
            continue  # everyday English
        if _seer_word(low, index):
            if not alone:
                continue
            return []  # a seer the Anukramaṇī names ("Nārada", "Gṛtsamada"): not in a verse, but in the text's index
        if not (lower_only or word[:1].isupper()):
            return []  # a lower-case word among capitals: a word of another language left unread, not a name
        mended = speller.mend_word(low)
        if mended:
            proper = i > 0 and word[:1].isupper()  # typed as a name: "Meru" is no slip for "mere"
            if not proper or norm(mended) in names or terms.hymn_word(mended):
                if not alone:
                    continue
                return []  # a slip of a word the app knows (or of a name): the usual reading mends and answers it
        out.append(low)
    return out if (named.rigveda or named.vedic or named.hymn) else []


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """"No: X is not named in any verse …" for a yes/no about the presence of words no vocabulary knows."""
    if index is None or searcher is None or not question or not _WORD.search(question):
        return None
    if not _asks_yes_no_presence(question.split("?")[0] + "?"):
        return None
    missing = absent_words(question, index, searcher)
    if not missing:
        return None
    shown = " and ".join(w[:1].upper() + w[1:] for w in missing[:2])
    verb = "is" if len(missing[:2]) == 1 else "are"
    text = (f"No — {shown} {verb} not named in any verse of the RigVeda. The word is in neither its Sanskrit "
            f"(every form in the padapāṭha, sandhi undone) nor Griffith's translation, and it is no spelling slip "
            f"of a word the app knows; it may be a name from later texts or from today. Ask about what the hymns "
            f"do say (a god, a place, a word) to find their verses.")
    return FactAnswer(kind="not_found", text=text, refs=[], subject_hymns=[])


# "is that told in the Rig Veda itself or in a later text?", "from the RigVeda or the Purāṇas?"
_LATER = re.compile(r"\b(?:later|itself|other texts?|another text|puranas?|epics?|brahmanas?|upanishads?|mahabharata)\b",
                    re.I)


def absent_lead(question: str, index: Any, searcher: Any) -> str:
    """The opening sentence for a question that asks whether the hymns have something and names, beside the hymns'
    own names, a capitalised name no vocabulary knows ("the Sarasvatī vanishes at Vinaśana — is that in the Rig Veda
    itself?"): that the name is in no verse; the verses on the rest follow it. "" otherwise (a name alone is
    ``answer``'s)."""
    if index is None or searcher is None or not question:
        return ""
    first = question.split("?")[0] + "?"
    if not (_asks_yes_no_presence(first) or _LATER.search(question)):
        return ""
    typed = [w for w in _WORD.findall(question) if w[:1].isupper()] if question != question.lower() else []
    asked = first.lower()  # in what the yes/no asks, not in an aside after it ("… at all? like carnatic roots")
    missing = [w for w in absent_words(question, index, searcher, alone=False) if w in asked
               and (question == question.lower() or any(t.lower() == w for t in typed[1:] + typed[:1]))]
    if not missing or absent_words(question, index, searcher):
        return ""  # no such name, or only such names (then ``answer`` says so alone)
    shown = " and ".join(w[:1].upper() + w[1:] for w in missing[:2])
    verb = "is" if len(missing[:2]) == 1 else "are"
    return (f"{shown} {verb} not named in any verse of the RigVeda (neither in its Sanskrit nor in Griffith's "
            f"translation): that part of the question comes from later texts or later tradition. What the hymns "
            f"do say of the rest:")
