"""Whether a name in a verse's clause is the doer of the clause's action, or what the action was done to.

Why: "Who made Indra's thunderbolt?" was answered "Vṛtra made Indra's thunderbolt" from "Indra …
clave into pieces Vṛtra's head with hundred-knotted thunderbolt": every name in a clause that
carries the question's words was taken as a candidate doer, though Vṛtra there is the one struck.
Griffith's word order often misleads (he inverts: "his bolt of thunder Tvaṣṭar fashioned"), but the
Sanskrit does not: a name in the nominative (vṛ́traḥ, índro) is a subject, in the accusative or
genitive only (vṛtrám, vṛ́trasya) it is not. So the verse's own Sanskrit (its IAST line, which
every search result carries) decides where it can — the endings of a-stems, the commonest names,
are read; other stems are left to the English — and the English decides the rest: a possessive
("Vṛtra's head") is not a doer, nor a name standing after the verb without "by" before it
("smote … Vṛtra"). The answer is a weight, not a veto: a demoted name can still win when many
verses give it and nothing else is offered.
"""
from __future__ import annotations

import re
from typing import AbstractSet, List, Optional, Sequence

from pyapp.agents.text import fold

DEMOTED = 0.35  # the share of a candidate the clause makes the patient, the owner or the object

_VOWELS = re.compile(r"[aeiou]")
# a-stem endings after the stem's consonants (folded IAST, accents dropped): the agent's, and the others'
_A_AGENT = frozenset({"ah", "o", "as", "ar", "ah", "a"})  # nominative (sg. -aḥ, -o by sandhi; pl. -āḥ)
_A_OTHER = frozenset({"am", "an", "asya", "aya", "at", "ebhyah", "anam", "am"})  # acc., gen., dat., abl.


def _skeleton(word: str) -> str:
    """Consonants only, aspirates dropped ("Vritra", "vṛtram" → "vrtr…"; "Tvashtar" → "tvstr")."""
    folded = re.sub(r"[^a-z]", "", fold(word))
    folded = re.sub(r"(?<=[kgcjtdpbs])h", "", folded)
    return _VOWELS.sub("", folded.replace("ri", "r"))


def sanskrit_case(name: str, iast: str) -> Optional[str]:
    """"agent" when the verse's Sanskrit has the (a-stem) name in the nominative, "other" when only in
    the accusative, genitive, dative or ablative, None when it cannot tell (another stem, a compound,
    the name absent, or in the instrumental of a passive's agent)."""
    base = re.sub(r"[^a-z]", "", fold(name.split()[0] if name else ""))
    if not base.endswith("a") or len(base) < 3 or not iast:
        return None
    stem = _skeleton(base)
    if len(stem) < 2:
        return None
    seen = set()
    for word in re.findall(r"[a-z]+", fold(iast)):
        if not word or word[0] != base[0]:
            continue
        # the shortest prefix of the word whose consonants are the stem's: the ending follows it
        for cut in range(2, len(word) + 1):
            if _skeleton(word[:cut]) == stem and (cut == len(word) or word[cut] in "aeiou"):
                ending = word[cut:]
                if ending in _A_AGENT:
                    seen.add("agent")
                elif ending in _A_OTHER:
                    seen.add("other")
                break
    if "agent" in seen:
        return "agent"
    return "other" if "other" in seen else None


def english_role(clause: str, name: str, verbs: AbstractSet[str]) -> Optional[str]:
    """"owner" for "Vṛtra's …", "epithet" for "Vṛtra-slaying", "object" for a name after the clause's
    verb with no "by" before it, None when the English makes it a doer or cannot tell. ``verbs`` are the
    stems of the action."""
    from pyapp.agents.statement import _stems_of

    tokens: List[str] = re.findall(r"[a-z]+(?:['’]s\b)?", fold(clause))
    head = re.sub(r"[^a-z]", "", fold(name.split()[0] if name else ""))[:5]
    if not head:
        return None
    at = next((i for i, t in enumerate(tokens) if t.startswith(head)), None)
    if at is None:
        return None
    if re.search(r"['’]s$", tokens[at]):
        return "owner"
    if re.search(rf"\b{head}\w*-\s?[a-z]", fold(clause)):
        return "epithet"  # "Vṛtra-slaying", "Soma-drinker": a name inside an epithet acts in nothing
    verb = next((i for i, t in enumerate(tokens) if _stems_of(t) & verbs), None)
    if verb is not None and verb < at and (at == 0 or tokens[at - 1] != "by"):
        return "object"
    return None


def doer_share(clause: str, name: str, iast: str, verbs: AbstractSet[str]) -> float:
    """1.0 for a name the clause makes the doer (or cannot tell), ``DEMOTED`` for one it makes the
    patient or owner: the Sanskrit's case when it speaks, else Griffith's English."""
    case = sanskrit_case(name, iast)
    if case == "agent":
        return 1.0
    if case == "other":
        return DEMOTED
    return DEMOTED if english_role(clause, name, verbs) else 1.0


def verb_stems(groups: Sequence[AbstractSet[str]]) -> AbstractSet[str]:
    """The stems of the question's words that name actions (the verb table's groups), not its nouns."""
    from pyapp.agents.statement import _groups

    table = _groups().by_stem
    return frozenset(s for group in groups if any(s in table for s in group) for s in group)


# a state or a passive before the asked-for action's participle ("lying hidden", "was slain", "lay concealed")
_STATE_BEFORE = frozenset("lying lay lies lie was were is are been being be art wast remained remains stood".split())


def undergone_only(clause: str, verbs: AbstractSet[str]) -> bool:
    """The clause carries the asked-for action (``verbs``: its stems) only as the participle of a state or a
    passive ("the Sun lying hidden", "the cows were hidden"), with no "by" naming who did it: it says what was
    done to something, so none of its names is who did it ("Indra found the Sun lying hidden" is not "Indra hid
    the Sun")."""
    from pyapp.agents.statement import _stems_of, _words

    if not verbs:
        return False
    words = _words(clause)
    for i, word in enumerate(words):
        if not (_stems_of(word) & verbs):
            continue
        if not re.search(r"(?:en|ed|wn|ne)$", word):
            return False  # an active form ("hid", "hideth"): the clause's subject did it
        return any(w in _STATE_BEFORE for w in words[max(0, i - 2):i]) and "by" not in words[i + 1:i + 4]
    return False
