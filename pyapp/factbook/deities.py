"""Which god a question names, and the hymns addressed to it.

Gods are matched by the index's IAST deity names and by the English hymn headings, plus a few English
names readers use ("the dawn", "the pressing stones"); the most specific name wins over a name that is
only the first part of a compound ("soma-pressing"). Why apart: lists, extremes, rankings and named
hymns all resolve a god the same way; the one table of a god's hymns is :func:`pyapp.counts.addressed`.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Dict, Iterable, List, Sequence, Set, Tuple

from pyapp.factbook.names import _key
from pyapp.factbook.patterns import _q
from pyapp.factbook.table import Facts, _addressee_names, _main
from pyapp.factbook.words import _QUESTION_STOP

_ALL_GODS = re.compile(r"\ball[\s-]+(?:the\s+)?gods\b|\bvi[sś]h?ve\s*-?\s*devas?\b|\bvisvedevas?\b")


# English names readers use for the gods and powers of the hymns → names in the index's deity and
# addressee vocabulary (the first one the index knows is used), and the gloss shown with the answer
_DEITY_ALIASES: Dict[str, Tuple[Tuple[str, ...], str]] = {
    "dawn": (("usas",), "the Dawn"), "dawns": (("usas",), "the Dawn"), "goddess of dawn": (("usas",), "the Dawn"),
    "pressing stones": (("pressing stones", "grāvāṇa"), ""), "soma stones": (("pressing stones", "grāvāṇa"), ""),
    "pressing stone": (("pressing stones", "grāvāṇa"), ""), "stones": (("pressing stones", "grāvāṇa"), ""),
    "frog": (("frogs", "maṇḍūka"), ""), "frogs": (("frogs", "maṇḍūka"), ""),
    "water": (("waters", "āpa"), ""), "waters": (("waters", "āpa"), ""),
    "night": (("night", "rātri"), "the Night"), "sun": (("surya",), "the Sun"), "sun god": (("surya",), "the Sun"),
    "wind": (("vayu", "vata"), "the Wind"), "fire": (("agni",), "Fire"), "fire god": (("agni",), "Fire"),
    "speech": (("vac",), "Speech"), "plants": (("oṣadhaya",), "the Plants"),
    "healing plants": (("oṣadhaya",), "the Plants"), "herbs": (("oṣadhaya",), "the Plants"),
    "river": (("rivers", "nadya"), ""), "rivers": (("rivers", "nadya"), ""),
    "fathers": (("ancestors", "pitara"), ""), "forefathers": (("ancestors", "pitara"), ""),
    "ancestors": (("ancestors", "pitara"), ""),
    "cow": (("cows", "gāva"), ""), "cattle": (("cows", "gāva"), ""), "horse": (("aśva",), "the Horse"),
    "forest": (("araṇyānī",), "the Forest"), "forest goddess": (("araṇyānī",), "the Forest"),
    "anger": (("manyu",), "Wrath"), "death": (("mṛtyu",), "Death"), "dice": (("akṣa",), "the Dice"),
    "storm gods": (("maruts",), ""), "twin horsemen": (("asvins",), ""), "rain god": (("parjanya",), "the Rain god"),
    "lord of the field": (("kṣetrapati",), "the Lord of the Field"),
    "lord of the dwelling": (("vāstoṣpati",), "the Lord of the Dwelling"),
    "lord of the house": (("vāstoṣpati",), "the Lord of the Dwelling"),
    "lord of prayer": (("brahmaṇaspati",), "the Lord of Prayer"), "all maker": (("viśvakarman",), "the All-Maker"),
    "moon": (("candramā",), "the Moon"), "unknown god": (("ka",), "the unknown god"),
}
_ALIAS_KEYS = {_key(name): (tuple(_key(t) for t in targets), gloss)
               for name, (targets, gloss) in _DEITY_ALIASES.items()}
_PHRASE_FILLER = frozenset({"the", "of", "to", "a", "an"})


@dataclass
class _Mention:
    key: str  # a key of the deity vocabulary
    words: int  # words of the question it spans
    start: int  # first word
    modifier: bool  # the first part of a compound ("soma" in "soma-pressing stones")
    gloss: str = ""
    also: Tuple[str, ...] = ()  # other keys of the same god ("waters" → "āpa")


def _question_tokens(question: str, vocab: Set[str]) -> List[Tuple[str, bool, bool, int]]:
    """(key, is a compound modifier, capitalised, word number) for each word of the question, fillers
    dropped; the parts of a hyphenated word share its number."""
    out: List[Tuple[str, bool, bool, int]] = []
    for i, match in enumerate(re.finditer(r"[^\W\d_]+(?:['’][^\W\d_]+)?(?:-[^\W\d_]+)*['’]?", question)):
        word = re.sub(r"['’]s?$", "", match.group())  # "Indra's" → "Indra"
        parts = [_key(p) for p in word.split("-")]
        parts = [p.replace(" ", "") for p in parts if p]
        for j, part in enumerate(parts):
            if part in _PHRASE_FILLER:
                continue
            # "soma-pressing": a modifier; "Mitra-Varuna", "Indra-Agni": two names
            modifier = j < len(parts) - 1 and parts[j + 1] not in vocab
            out.append((part, modifier, i > 0 and word[:1].isupper(), i))
    return out


def _deity_mentions(facts: Facts, question: str) -> List[_Mention]:
    """The deity names in a question, most specific first: an English or multi-word name the index
    knows ("the pressing stones", "the dawn"), then single names, capitalised first; a name that is
    only the first part of a compound ("soma-pressing") comes last."""
    vocab = facts.deity_vocab
    tokens = _question_tokens(question, vocab)
    found: List[_Mention] = []
    taken: Set[int] = set()
    for size in (3, 2, 1):
        for start in range(len(tokens) - size + 1):
            span = set(range(start, start + size))
            if span & taken:
                continue
            phrase = " ".join(t[0] for t in tokens[start:start + size])
            modifier = tokens[start + size - 1][1]
            target, gloss = "", ""
            also: Tuple[str, ...] = ()
            if phrase in _ALIAS_KEYS:
                targets, gloss = _ALIAS_KEYS[phrase]
                known = tuple(t for t in targets if t in vocab or any(_hit(t, [k]) for k in vocab))
                target, also = (known[0], known[1:]) if known else ("", ())
            elif size > 1 and phrase in vocab and tokens[start][0] not in _QUESTION_STOP and (
                    not all(w in vocab for w in phrase.split())  # "pressing stones", "apam napat"
                    or len({t[3] for t in tokens[start:start + size]}) == size):  # "Agni Vaiśvānara", not "Mitra-Varuṇa"
                target = phrase
            if target:
                found.append(_Mention(target, size, start, modifier, gloss, also))
                taken |= span
    singles = [(i, t) for i, t in enumerate(tokens) if i not in taken and len(t[0]) >= 3 and t[0] not in _QUESTION_STOP]
    singles.sort(key=lambda pair: (not pair[1][2], pair[0]))  # capitalised names first, then in order
    for i, (word, modifier, _, _) in singles:
        for candidate in (word, word[:-1] if word.endswith("s") and len(word) > 4 else word):
            if candidate in vocab or (len(candidate) >= 4 and any(k.startswith(candidate) for k in vocab)):
                if all(m.key != candidate for m in found):
                    found.append(_Mention(candidate, 1, i, modifier))
                break
    found.sort(key=lambda m: (m.modifier, -m.words))  # stable: the order above within each group
    return found


def _deity_keys_in(facts: Facts, question: str) -> List[str]:
    """Deity keys named in the question: one, or two joined by "and" ("Mitra and Varuna")."""
    mentions = _deity_mentions(facts, question)
    keys = [m.key for m in mentions if not m.modifier] or [m.key for m in mentions]
    if len(keys) >= 2 and re.search(r"\band\b|&|[a-z]-[a-z]", _q(question)) and \
            all(m.words == 1 for m in mentions[:2]):
        return keys[:2]
    return keys[:1]


def _deity_gloss(facts: Facts, question: str) -> Tuple[str, Tuple[str, ...]]:
    """The English name the reader used for the deity ("the Dawn") if the index spells it otherwise,
    and the other keys of that name ("the waters": the addressee heading and the deity "āpaḥ")."""
    mentions = _deity_mentions(facts, question)
    return (mentions[0].gloss, mentions[0].also) if mentions and not mentions[0].modifier else ("", ())


def _hit(key: str, pool: Iterable[str]) -> bool:
    """``key`` names one of the keys in ``pool`` (a case ending or plural may follow, not another word)."""
    return any(k == key or (k.startswith(key) and len(key) >= 4 and (len(k) - len(key) <= 2 or k[len(key)] == " "))
               for k in pool)


def _deity_match(facts: Facts, question: str) -> Tuple[str, List[str], List[str]]:
    """(name shown, hymns mainly to it, hymns that address it in part or jointly)."""
    if _ALL_GODS.search(_q(question)):
        label = "the All-gods (Viśvedevas)"
        main = [h.ref for h in facts.hymns if _addressee_names(h.addressee)[:1] == ("gods",)
                or {"visve", "visvedeva"} & h.main_deity_keys or "visvedevah" in h.main_deity_keys]
        part = [h.ref for h in facts.hymns if h.ref not in main and ({"visvedevah", "visvedeva"} & h.deity_keys)]
        return label, main, part
    keys = _deity_keys_in(facts, question)
    if not keys:
        return "", [], []
    if len(keys) == 1:
        from pyapp.counts import addressed  # the one table of a god's hymns

        key = keys[0]
        spellings = spellings_of(key)
        gloss, also = _deity_gloss(facts, question)
        spellings |= set(also)  # "the waters": the heading "the waters" and the deity "āpaḥ"
        main, part = addressed(facts, spellings)
        labels = [_pretty_key(k, facts, main or part, part if main else (), fallback=False, heading=bool(also))
                  for k in sorted(spellings, key=lambda k: k != key)]
        label = next((x for x in labels if x), key.title())
        if gloss and _key(gloss.replace("the ", "")) not in _key(label):
            label = f"{label} ({gloss})"  # "Uṣas (the Dawn)"
        return label, main, part
    first, second = keys
    main, part = [], []
    # Anukramaṇī dual compounds: "mitrāvaruṇau", "indrāgnī"
    pair_patterns = [rf"{a[:-1]}\w?{b[:-1]}\w{{0,3}}" for a, b in ((first, second), (second, first))]
    for h in facts.hymns:
        firsts = {n.split()[0] for n in _addressee_names(h.addressee)}
        compound = any(re.fullmatch(pattern, k) for k in h.main_deity_keys for pattern in pair_patterns)
        if firsts == {first, second} or compound:
            main.append(h.ref)
        elif _hit(first, h.deity_keys) and _hit(second, h.deity_keys):
            part.append(h.ref)
    labels = []
    for key in keys:
        single = [h.ref for h in facts.hymns if _hit(key, h.main_deity_keys)][:40]
        labels.append(_pretty_key(key, facts, single))
    return " and ".join(labels), main, part


def spellings_of(key: str) -> Set[str]:
    """A deity key and its other spelling: a final k/c is one sound spelt two ways, "Vāk"
    (nominative) and "Vāc" (stem)."""
    return {key} | ({key[:-1] + {"k": "c", "c": "k"}[key[-1]]} if key[-1:] in ("k", "c") else set())


def _sort_key(ref: str) -> Tuple[int, ...]:
    return tuple(int(p) for p in ref.split("."))


def _pretty_key(key: str, facts: Facts, refs: Sequence[str], more: Sequence[str] = (), fallback: bool = True,
                heading: bool = False) -> str:
    """A display form for a matched deity key: the Anukramaṇī name in IAST ("Varuṇa", "the Aśvins")
    when a hymn's deity is exactly that god, or the deity of most of the hymns matched by an English
    heading ("the pressing stones": "the soma-pressing stones (Grāvāṇaḥ)"), else the addressee
    spelling ("Usas")."""
    for ref in list(refs[:40]) + list(more[:40]):
        hymn = facts.hymn(ref)
        for _, _, value in hymn.deity_runs if hymn else []:
            bare = re.sub(r"^the ", "", _key(value.split(" (")[0]))
            if bare == key or (bare.startswith(key) and len(bare) - len(key) <= 1):
                return value
    for ref in refs[:40]:  # "grāvāṇaḥ" in "the soma-pressing stones (Grāvāṇaḥ)"
        hymn = facts.hymn(ref)
        for _, _, value in hymn.deity_runs if hymn else []:
            note = re.search(r"\(([^()]+)\)$", value)
            inner = _key(note.group(1)) if note else ""
            if len(key) >= 4 and inner.startswith(key) and len(inner) - len(key) <= 2:
                return value
    mains = Counter(_main(h.deity_runs) for h in (facts.hymn(r) for r in refs[:40]) if h)
    mains.pop("", None)
    if mains and (" " in key or heading):  # an English heading: name the god of those hymns
        value, count = mains.most_common(1)[0]
        if count * 2 > min(len(refs), 40) and "," not in value and " and " not in value:
            return value
    for ref in refs:
        hymn = facts.hymn(ref)
        for name in re.split(r",|\band\b|\bor\b", hymn.addressee if hymn else ""):
            name = name.strip()
            if _key(name).replace("the ", "").split()[:1] == [key] or _key(name).replace("the ", "") == key:
                return name.split()[0] if name.split()[0] != "the" else name
    return key.title() if fallback else ""
