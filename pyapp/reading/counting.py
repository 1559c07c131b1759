"""Counting questions the fact module mis-read: how many verses *mention* a name or use a word ("How
many verses mention Sarasvatī?", "How many times is the Gaṅgā named?", "How many verses use the word
nakṣatra?"), and how many hymns are *attributed to* a seer ("How many hymns are attributed to
Vasiṣṭha?" — a seer who is also the addressee of one hymn).

Why apart from the fact module's counts: those count hymns *addressed to* a god (the Anukramaṇī's
deity fields); a mention is a word of the text, counted here in the padapāṭha (every form and
compound member of the word, so "gaṅge" and "gāṅgyaḥ" both count), and the answer says which of the
two counts it gives — a god's hymns are named beside the mentions, never instead of them.

The word is matched strictly: a padapāṭha word must begin with the name's stem (the folded name less
its final vowel, at least four letters), so the stemmer's loose matches ("yamunā" → "yam-") do not
count verses about Yama.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from pyapp import facts as F
from pyapp.counts import god_hymns, seer_hymns
from pyapp.factbook.patterns import _q
from pyapp.search.translit import fold_sanskrit, sanskrit_words

__all__ = ["answer", "mentions"]

_MENTION = re.compile(r"\bhow (?:many|often)\b[^?]*\b(?:mention\w*|named?|names|us(?:e|es|ed|ing)|occurs?|occurr\w*|appears?|"
                      r"refer\w*|speak\w* of|contain\w*|times?)\b")
_ATTRIBUTED = re.compile(r"\bhow many (?:hymns|suktas|verses)\b[^?]*\b(?:attributed to|ascribed to|composed by|written by|"
                         r"credited to|by the (?:seer|rishi|rsi|poet|sage)|did)\b")
_NOT_NAMES = set("""how many times time verses verse hymns hymn mention mentions mentioned named name names use uses used
word words term terms occur occurs occurrence occurrences appear appears refer refers referred river rivers goddess god
the rigveda rig veda often number contain contains speak speaks total whole text sanskrit""".split())


_FOLDED: Dict[int, Tuple[Any, List[Tuple[str, List[str]]]]] = {}


def _folded_lines(pp: Any) -> List[Tuple[str, List[str]]]:
    """(ref, folded padapāṭha words) of every verse, folded in one pass and kept per index (the
    padapāṭha's own lookup matches stems loosely and misses some inflected forms)."""
    cached = _FOLDED.get(id(pp))
    if cached is None or cached[0] is not pp:
        cached = (pp, [(r, sanskrit_words(pp.line(r) or "")) for r in pp.refs])
        _FOLDED[id(pp)] = cached
    return cached[1]


def _stem(word: str) -> str:
    return re.sub(r"(?:a|i|u|e|o|am|as|is)$", "", fold_sanskrit(word).lower())


# the case endings a short word may carry as the padapāṭha writes it, folded (maṇ-iḥ, -im, -inā, -au, -ibhiḥ …)
_ENDINGS = frozenset("""h m n na nah nam nau ni nih nim au e ah am ih im uh um ya yah yam yai ye yoh yas sya tah
bhih bhyah bhyam su ai aih ebhih ebhyah esu anam asya aya ayah at i u o""".split()) | {""}
_SHORT = 5  # a word of this many letters or fewer is matched with its endings, not as a prefix


def _begins(word: str, stems: Tuple[str, ...], whole: bool) -> bool:
    """A padapāṭha word of the asked word: it begins with a stem, and when the word asked is short (``whole``)
    only an ending follows — "mani" would otherwise count manīṣā, "thought", in a hundred verses."""
    return any(word.startswith(stem) and (not whole or word[len(stem):] in _ENDINGS) for stem in stems)


def _forms(index_pp: Any, word: str) -> Tuple[str, List[str], bool]:
    """(the stem matched, the refs of verses whose padapāṭha has a word of it, whether only endings may follow)."""
    stem = _stem(word)
    whole = len(stem) < 4
    if whole:  # "vāyu": the stem "vay-" would match vayas, vayam; the whole word instead
        stem = fold_sanskrit(word).lower()
    if len(stem) < 4:
        return stem, [], whole
    whole = whole and len(stem) <= _SHORT
    stems = (stem, stem[:-1] + "a") if stem.endswith("tr") else (stem,)  # hotṛ: hotā, hotāram
    return stem, [ref for ref, words in _folded_lines(index_pp) if any(_begins(w, stems, whole) for w in words)], whole


def mentions(searcher: Any, word: str) -> List[str]:
    """The verses whose padapāṭha names ``word`` (any form, any compound member)."""
    pp = getattr(searcher, "padapatha", None)
    return [] if pp is None else _forms(pp, word)[1]


def _occurrences(pp: Any, refs: List[str], stem: str, whole: bool = False) -> int:
    wanted = set(refs)
    return sum(1 for ref, words in _folded_lines(pp) if ref in wanted for w in words if _begins(w, (stem,), whole))


def _seer_count(question: str, index: Any) -> Optional["F.FactAnswer"]:
    seer = seer_hymns(index, question)
    if seer is None or not seer.refs:
        return None
    text = (f"{F._plural(len(seer.refs), 'hymn is', 'hymns are')} attributed to {seer.name} by the Anukramaṇī "
            f"(the traditional index of seers) [RV {seer.refs[0]}.1]"
            + (f", {len(seer.partial)} of them for some verses only" if seer.partial else "")
            + (f"; {len(seer.family)} more to his family ({seer.family_name})" if seer.family else "") + ".")
    return F.FactAnswer(kind="list", text=text, refs=[f"{r}.1" for r in seer.refs[:F.REFS_LIMIT]],
                        subject_hymns=seer.refs[:F.LIST_LIMIT])


# "the word X" asked where or whether it occurs ("where does the word maṇi occur?", "is the word soma in the
# rigveda?"): the same count, opened as the answer to that question
_WORD_NAMED = re.compile(r"\b(?:word|term)\s+[\"'“‘]?([^\W\d_]{4,})[\"'”’]?", re.I)
_WHERE_OR_WHETHER = re.compile(r"^\W*(?:(?:and|so|but|then)\s+)?(?:where|which (?:verses?|hymns?|mantras?|places?)|"
                               r"is|are|was|does|do|did|has|can)\b", re.I)


def _where_or_whether(question: str) -> Optional[Tuple[str, bool]]:
    """(the word, True for a yes/no) when the question asks where or whether "the word X" occurs."""
    q = _q(question)
    named = _WORD_NAMED.search(question)
    if named is None or _MENTION.search(q) or not _WHERE_OR_WHETHER.search(question.split("?")[0]):
        return None
    if not re.search(r"\b(?:occur\w*|appear\w*|us(?:e|es|ed|ing)|found|attested|mention\w*|in (?:the )?(?:rig|rg)\w*)\b", q):
        return None
    return named.group(1), not re.match(r"^\W*(?:(?:and|so|but|then)\s+)?(?:where|which)\b", q)


def _listed(refs: List[str]) -> str:
    """The first verses of a count, "RV 1.1.1, RV 1.2.3 …" (the ellipsis when more are counted than shown)."""
    shown = refs[:F.LIST_LIMIT]
    return ", ".join(f"RV {r}" for r in shown) + (" …" if len(refs) > len(shown) else "")


def _word_places(question: str, pp: Any) -> Optional["F.FactAnswer"]:
    """"Yes: the word X occurs in N verses …" / "The word X occurs in N verses …", counted as ``answer`` counts."""
    asked = _where_or_whether(question)
    if asked is None:
        return None
    word, yes_no = asked
    stem, refs, whole = _forms(pp, word)
    if not refs:
        return None
    text = (("Yes: the" if yes_no else "The") + f" word {word} occurs in {F._plural(len(refs), 'verse')} of the "
            f"RigVeda (counted in the padapāṭha, every form of the word), first in {_listed(refs)} [RV {refs[0]}].")
    return F.FactAnswer(kind="list", text=text, refs=refs[:F.REFS_LIMIT], subject_hymns=[])


# "how many times a day", "how often per week": a regimen asked, not a count of the text
_REGIMEN = re.compile(r"\b(?:times?|often)\s+(?:a|an|per|each|every|in\s+a|to\s+the)\s+(?:day|night|week|month|morning|evening)\b")


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    q = _q(question)
    if _ATTRIBUTED.search(q):
        return _seer_count(question, index)
    if searcher is None or getattr(searcher, "padapatha", None) is None or _REGIMEN.search(q):
        return None
    pp = searcher.padapatha
    if not _MENTION.search(q):
        return _word_places(question, pp)
    after = re.search(r"\b(?:word|term|name)\s+[\"'“‘]?([^\s\"'”’?]+)", question)
    words = ([after.group(1)] if after else []) + [w for w in re.findall(r"[^\W\d_]+", question)
                                                   if w.lower() not in _NOT_NAMES and len(w) >= 4]
    for word in words:
        stem, refs, whole = _forms(pp, word)
        if not refs:
            continue
        times = _occurrences(pp, refs, stem, whole)
        n = len(refs)
        text = (f"{F._plural(n, 'verse')} of the RigVeda {'names' if n == 1 else 'name'} {word[:1].upper() + word[1:]} "
                + (f"({times} occurrences, " if times != n else "(")
                + f"counted in the padapāṭha, every form of the word): {_listed(refs)} [RV {refs[0]}].")
        god = god_hymns(index, word)
        if god is not None and god.alone + god.joint_refs:
            text += (f" That counts mentions; the hymns addressed to {god.label} are another count: "
                     f"{len(god.alone) + len(god.joint_refs)}.")
        return F.FactAnswer(kind="list", text=text, refs=refs[:F.REFS_LIMIT], subject_hymns=[])
    return None
