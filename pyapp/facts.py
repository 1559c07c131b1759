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

The Anukramaṇī fields are IAST in the nominative with sandhi ("maitrāvaruṇirvasiṣṭhaḥ",
"bhaumo'triḥ", "gāthino viśvāmitraḥ") and some carry notes in parentheses. Names are matched on a
spelling-insensitive key (:func:`pyapp.lexicon.norm`, plus c/ch and doubled letters folded), after a
light sandhi split, so "Vishvamitra", "Viśvāmitra" and "Visvamitra" all find "gāthino viśvāmitraḥ".
The split also parts a name from the patronymic that sandhi glued to it ("bṛhaspatirāṃgirasaḥ" is
shown as "Bṛhaspati Āṃgirasa", "agnistāpasaḥ" as "Agni Tāpasa") and reads "vā" as "or" only where
it is a word of its own ("mātariśvā" is a name).
A person and his family are told apart by vṛddhi (Viśvāmitra / Vaiśvāmitra, Atri / Ātreya,
Vasiṣṭha / Vāsiṣṭha): the family is reported separately, after the person.

The per-index tables cost one pass over the verses; each distinct field value is cleaned once and
the matching keys are folded in one batch (60–80 ms cold in CPython for 10.5k verses on a 2-core
machine, ~30 ms with warm module caches). They are cached per index object, like
:func:`pyapp.lexicon.lexicon_for`; display strings are cleaned only for the hymns an answer names.
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import groupby
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple, Union

from pyapp.agents.text import fold
from pyapp.lexicon import norm
from pyapp.schemas import WireModel
from pyapp.search.refs import ParsedReference, parse_reference, resolve

__all__ = ["FactAnswer", "detect_fact", "answer_fact", "facts_for", "display_name", "hymns_addressed_to"]

LIST_LIMIT = 12  # hymn refs named in a list answer
REFS_LIMIT = 10  # evidence cards


class FactAnswer(WireModel):
    """A fact stated by code. ``text``: 1–3 sentences, the first states the fact; verses are cited
    as [RV M.H.V] and hymns named as RV M.H. ``refs``: verse refs "M.H.V" for evidence cards (≤ 10).
    ``subject_hymns``: hymn refs "M.H" the fact is about, for a follow-up ("who composed it?")."""

    kind: str  # seer | deity | metre | verse_count | hymn_count | list | first_last | family_books | extreme | not_found
    text: str
    refs: List[str]
    subject_hymns: List[str] = []


# --- names: cleaning, display, matching keys -------------------------------------------------

_PAREN = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}")
_OPEN_PAREN = re.compile(r"[(\[{].*$")
_NUMBERS = re.compile(r"\b\d+(?:\s*[-–]\s*\d+)?\b|\d+")
_CONSONANTS = "kgcjṭḍtdpbnmyvlśṣshṅñṇ"
# visarga sandhi before a voiced sound: "maitrāvaruṇirvasiṣṭhaḥ" = "maitrāvaruṇiḥ vasiṣṭhaḥ"
_R_SANDHI = re.compile(rf"(?<=[^\W\d_]{{3}}[iu])r(?=[{_CONSONANTS}])")
_FINAL_O = re.compile(r"o\b")  # "vāmadevo gautamaḥ" = "vāmadevaḥ gautamaḥ"
# names with an inner "ir"/"ur" before a consonant that is not visarga sandhi (Tapurmūrdhan, Havirdhāna)
_R_KEEP = ("tapurmūrdh", "havirdhān")
_KEPT_R = "\ue000"  # stands for the "r" of a kept name while the sandhi is undone
# "vā" (or) glued to a word that ends in a voiced stop: "vasukṛdvā", "ahomugvā" (not "mātariśvā", "devaśravā")
_GLUED_VA = re.compile(r"(?<=[^\W\d_]{2}[dgbḍ])(?=vā\b)")
# second names (patronymics, family and clan names) that sandhi glues to the name before them:
# "bṛhaspatirāṃgirasaḥ" = "bṛhaspatiḥ āṅgirasaḥ", "agnistāpasaḥ" = "agniḥ tāpasaḥ", "svastyātreyaḥ" =
# "svasti ātreyaḥ", "budhagaviṣṭhirāvātreyau" = "budhagaviṣṭhirau ātreyau"
_GLUED_NAMES = ("āṅgiras", "āṃgiras", "ātrey", "āgney", "āpsav", "ārbhav", "āsaṅg", "tāpas", "tārkṣy", "tvāṣṭr",
                "tvaṣṭ", "traivṛṣṇ", "tryaruṇ", "cākṣuṣ", "cyavan", "naudhas", "śāktya", "kāṇv", "prājāpaty",
                "brahmajāy", "indr", "auśīnar", "apsaras", "tray")
_GLUED = re.compile(rf"(?<![^\W\d_])(?P<head>[^\W\d_]{{2,}}?)(?P<tail>(?:{'|'.join(_GLUED_NAMES)})[^\W\d_]{{0,3}})(?![^\W\d_])")
_VOICED = "gjḍdbnmyvlrh"


def _split_glued(match: "re.Match[str]") -> str:
    """"avasyurātreyaḥ" → "avasyu ātreyaḥ": the sandhi at the join undone, or the word unchanged."""
    head, tail = match.group("head"), match.group("tail")
    if head == "vā":  # "viṣṇurvāprājāpatyaḥ" = "viṣṇuḥ vā prājāpatyaḥ"
        return f"vā {tail}"
    if len(head) < 3 or tail.startswith("indr") and not head.endswith("ān"):  # "muṣkavānindraḥ", "marutvānindraḥ" only
        return match.group(0)
    first = tail[0]
    vowel = first in _VOWELS
    if head.endswith("ḥ"):  # "gaurivītiḥśāktyaḥ", "medhātithiḥkāṇvaḥ"
        head = head[:-1]
    elif re.search(r"[iuīū]r$", head) and (vowel or first in _VOICED):  # "bindurāṅgirasaḥ", "ekadyūrnaudhasaḥ"
        head = head[:-1]
    elif head.endswith("s") and first == "t" or head.endswith("ś") and first == "c":  # "agnistāpasaḥ"
        head = head[:-1]
    elif vowel and head.endswith("d"):  # "śrutavidātreyaḥ" = "śrutavit ātreyaḥ"
        head = head[:-1] + "t"
    elif vowel and head.endswith("y") and head[-2:-1] not in _VOWELS:  # "svastyātreyaḥ"
        head = head[:-1] + "i"
    elif vowel and head.endswith("āv"):  # dual: "purumedhāvāṅgirasau"
        head = head[:-2] + "au"
    elif vowel and head.endswith("ān") and tail.startswith("indr"):
        pass
    elif first == "ā" and head[-1] not in _VOWELS and head[-1] not in "ḥṃ":  # "viśvavārātreyī": -ā + ā-
        head += "ā" if tail.endswith(("ī", "ā")) else "a"
    else:
        return match.group(0)
    return f"{head} {tail}"
_ASCII = str.maketrans({"ś": "sh", "ṣ": "sh", "Ś": "Sh", "Ṣ": "Sh", "ṛ": "ri", "Ṛ": "Ri", "ṝ": "ri",
                        "ḷ": "l", "ṅ": "n", "ñ": "n", "ṇ": "n", "ṃ": "m", "ṁ": "m", "ḥ": "h", "ṭ": "t",
                        "ḍ": "d", "Ṭ": "T", "Ḍ": "D"})
# nominatives whose stem is the better-known name (s- and n-stems)
_STEMS = {"madhucchandā": "madhucchandas", "dīrghatamā": "dīrghatamas", "nodhā": "nodhas",
          "uśanā": "uśanas", "ṛjiśvā": "ṛjiśvan", "pūṣā": "pūṣan", "savitā": "savitṛ",
          "triśirā": "triśiras", "devaśravā": "devaśravas", "satyaśravā": "satyaśravas",
          "upamaśravā": "upamaśravas", "mātariśvā": "mātariśvan", "ūrdhvagrāvā": "ūrdhvagrāvan",
          "śrutarvā": "śrutarvan", "atharvā": "atharvan", "tapurmūrdhā": "tapurmūrdhan", "jātavedā": "jātavedas",
          "viśvamanā": "viśvamanas",
          "uṣāḥ": "uṣas", "uṣā": "uṣas", "vāk": "vāc", "virāṭ": "virāj"}
_LOWER_WORDS = {"or", "and", "both", "of", "the", "alternatively", "a", "female", "seer"}


def _strip_notes(raw: str) -> str:
    """Drop parenthesised/bracketed notes and verse numbers ("(1-25) maitrāvaruṇirvasiṣṭhaḥ"); a
    field that is nothing but a note ("{ saṃgrāmāśiṣaḥ }") keeps its words."""
    value = raw
    for _ in range(3):
        value = _PAREN.sub(" ", value)
    value = _OPEN_PAREN.sub(" ", value).replace(")", " ").replace("]", " ").replace("}", " ")
    value = _NUMBERS.sub(" ", value)
    if not re.search(r"[^\W\d_]", value):
        value = _NUMBERS.sub(" ", re.sub(r"[()\[\]{}]", " ", raw))
    return value


def _unsandhi(value: str) -> str:
    """Undo the sandhi that glues names together, so words can be matched (and shown) one by one."""
    value = value.replace("’", "'").replace("o'", "aḥ a").replace("e'", "e a").replace("'", " a")
    for stem in _R_KEEP:
        value = value.replace(stem, stem.replace("r", _KEPT_R))
    value = _R_SANDHI.sub(" ", value).replace(_KEPT_R, "r")  # "jamadagnirvā" → "jamadagni vā"
    value = _GLUED_VA.sub(" ", value)  # "vasukṛdvā" → "vasukṛd vā"
    value = re.sub(r"(?<![^\W\d_])v(?=(?:āṅgiras|āṃgiras|ātrey|āgney)[^\W\d_]*)", "vā ", value)  # "vā āṅgirasaḥ"
    value = _GLUED.sub(_split_glued, value)
    return _FINAL_O.sub("aḥ", value)


def _word(word: str) -> str:
    """Nominative to display stem: drop the visarga, use the known stem ("madhucchandā")."""
    word = _STEMS.get(word, word)
    if word.endswith("ḥ"):
        word = word[:-1]
    return _STEMS.get(word, word)


def _capitalise(text: str) -> str:
    return " ".join(w if w in _LOWER_WORDS else w[:1].upper() + w[1:] for w in text.split())


def ascii_name(text: str) -> str:
    """"Madhucchandas Vaiśvāmitra" → "Madhuchchhandas Vaishvamitra" (the spelling readers type)."""
    value = text
    if not value.isascii():  # IAST c is "ch"; an English word ("the cows") keeps its c
        value = value.replace("cch", "chchh").replace("Cch", "Chchh")
        value = re.sub(r"c(?!h)", "ch", value)
        value = re.sub(r"C(?!h)", "Ch", value)
    decomposed = unicodedata.normalize("NFKD", value.translate(_ASCII))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def display_name(iast: str) -> str:
    """"Madhucchandas Vaiśvāmitra (Madhuchchhandas Vaishvamitra)": IAST plus ASCII when they differ."""
    plain = ascii_name(iast)
    return iast if plain == iast else f"{iast} ({plain})"


def _names_of_part(words: List[str], first: bool) -> Tuple[List[str], bool]:
    """The names in one comma-separated part of an attribution and whether the part ends in "ca"
    (and). "vā" (or) follows the word it offers as an alternative: "kāśyapo'sito devalo vā" =
    "Kāśyapa Asita or Devala"; after a comma, "vāsiṣṭho vā dyumnīkaḥ" is one alternative name."""
    words = [x for w in words for x in ((w[:-3] + "ḥ", "ca") if w.endswith("śca") and len(w) > 6 else (w,))]
    joined = bool(words) and words[-1] == "ca"
    if joined:
        words = words[:-1]
    marks = [i for i, w in enumerate(words) if w == "vā"]
    if not first and marks == [1] and len(words) > 2:
        words = [w for w in words if w != "vā"]
        marks = []
    if marks == [len(words) - 1] and len(words) == 5:  # "mathito yāmāyanaḥ bhṛgurvāruṇirvā"
        return [" ".join(_word(w) for w in words[:2]), " ".join(_word(w) for w in words[2:4])], joined
    names: List[str] = []
    chunk: List[str] = []
    for i, word in enumerate(words):
        if word == "vā":
            if chunk:
                names.append(" ".join(chunk))
            chunk = []
            continue
        if word == "ca":  # "devaśravā devavātaśca bhāratau": "Devaśravas and Devavāta Bhāratau"
            if len(chunk) >= 2:
                chunk.insert(len(chunk) - 1, "and")
            continue
        word = _word(word.strip("-"))
        if word == "ubhau":
            word = "both"
        if word:
            chunk.append(word)
    if chunk:
        names.append(" ".join(chunk))
    if joined and first and names and len(names[-1].split()) >= 2 and " and " not in names[-1]:
        head, _, last = names[-1].rpartition(" ")  # "bandhuḥ subandhuḥ … viprabandhuśca"
        names[-1] = f"{head} and {last}"
        joined = False
    return names, joined


@lru_cache(maxsize=4096)
def _attribution(raw: Optional[str]) -> str:
    """A readable attribution from an Anukramaṇī field, IAST capitalised, "vā" read as "or", "ca"
    as "and"."""
    if not raw:
        return ""
    value = raw.split("|")[-1] if raw.count("|") >= 2 else raw
    value = _unsandhi(_strip_notes(value))
    female = bool(re.search(r"\bṛṣikā", value))
    value = re.sub(r"\bṛṣi(?:kāḥ|kā|ḥ)(?!\w)", " ", value)
    parts = [p.split() for p in value.replace("=", " ").replace("–", " ").split(",")]
    parts = [p for p in parts if p]
    alternatives = any("vā" in p for p in parts)
    names: List[str] = []
    joins: List[str] = []
    for number, words in enumerate(parts):
        found, joined = _names_of_part(words, number == 0)
        for i, name in enumerate(found):
            names.append(name)
            joins.append(" and " if joined and i == 0 else (" or " if alternatives else ", "))
    if not names:
        return ""
    if alternatives and len(names) == 1 and len(parts) == 1 and len(parts[0]) >= 4:
        words = names[0].split()  # "kāśyapo'sito devalo vā": "Kāśyapa Asita or Devala"
        names = [" ".join(words[:-1]), words[-1]]
        joins = ["", " or "]
    text = names[0] + "".join(join + name for join, name in zip(joins[1:], names[1:]))
    text = _capitalise(text)
    if alternatives and len(names) == 1:
        text = "alternatively " + text
    if female:
        text += " (a female seer)"
    return text


@lru_cache(maxsize=20000)
def _key(text: str) -> str:
    """Spelling-insensitive matching key: ``norm`` plus c/ch/chh and doubled letters folded."""
    value = norm(text).replace("chchh", "c").replace("chh", "c").replace("ch", "c")
    return re.sub(r"(\w)\1", r"\1", value)


_VOWELS = "aāiīuūṛṝḷeo"
_VRDDHI = {"a": "ā", "i": "ai", "u": "au", "ṛ": "ār", "ī": "ai", "ū": "au"}


def _vrddhi_stem(word: str) -> str:
    """The patronymic prefix of a name: Viśvāmitra → "vaiśvāmitr", Atri → "ātr", Vasiṣṭha → "vāsiṣṭh"."""
    for i, ch in enumerate(word):
        if ch in _VOWELS:
            if word[i:i + 2] in ("ai", "au") or ch in "āeo":
                grown = word  # already long: no separate family form to tell apart
            else:
                grown = word[:i] + _VRDDHI.get(ch, ch) + word[i + 1:]
            return grown[:-1] if len(grown) > 3 else grown
    return word


# --- deities and metres: display tables (spellings, not corpus text) -----------------------------

_DEITY_NAMES = {
    "pavamāna soma": "Soma Pavamāna", "pavamāna": "Soma Pavamāna", "marutaḥ": "the Maruts",
    "marut": "the Maruts", "aśvinau": "the Aśvins", "aśvin": "the Aśvins", "viśve devāḥ": "the All-gods (Viśvedevas)",
    "viśvedevāḥ": "the All-gods (Viśvedevas)", "viśve devā": "the All-gods (Viśvedevas)",
    "viśvedevā": "the All-gods (Viśvedevas)", "ādityāḥ": "the Ādityas", "ādityā": "the Ādityas",
    "ṛbhavaḥ": "the Ṛbhus", "ṛbhava": "the Ṛbhus", "mitrāvaruṇau": "Mitra and Varuṇa",
    "indrāvaruṇau": "Indra and Varuṇa", "indrāgnī": "Indra and Agni", "indravāyū": "Indra and Vāyu",
    "dyāvāpṛthivī": "Heaven and Earth (Dyāvāpṛthivī)", "āpaḥ": "the Waters (Āpaḥ)", "āpa": "the Waters (Āpaḥ)",
    "devāḥ": "the gods", "devā": "the gods", "grāvāṇaḥ": "the soma-pressing stones (Grāvāṇaḥ)",
    "grāvāṇa": "the soma-pressing stones (Grāvāṇaḥ)", "maṇḍūkāḥ": "the Frogs (Maṇḍūkāḥ)",
    "maṇḍūkā": "the Frogs (Maṇḍūkāḥ)", "nadyaḥ": "the Rivers (Nadyaḥ)", "nadya": "the Rivers (Nadyaḥ)",
    "pitaraḥ": "the Fathers (Pitaraḥ)", "pitara": "the Fathers (Pitaraḥ)", "gāvaḥ": "the Cows (Gāvaḥ)",
    "gāva": "the Cows (Gāvaḥ)", "akṣāḥ": "the Dice (Akṣāḥ)", "akṣā": "the Dice (Akṣāḥ)",
    "oṣadhayaḥ": "the Plants (Oṣadhayaḥ)", "oṣadhaya": "the Plants (Oṣadhayaḥ)", "vaiśvānara agni": "Agni Vaiśvānara",
    "vaiśvānara": "Agni Vaiśvānara", "rakṣohāgni": "Agni the demon-slayer", "rakṣohā agni": "Agni the demon-slayer",
    "uṣasaḥ": "Uṣas", "uṣasa": "Uṣas", "keśinaḥ": "the Keśins", "keśina": "the Keśins", "bhāvavṛttam": "the origin of things (bhāvavṛtta)",
}

# canonical metre key → (display, syllables note); keys from :func:`_metre_key`
_METRES = {
    "gayatr": ("Gāyatrī", "3 × 8 syllables"), "trstu": ("Triṣṭubh", "4 × 11 syllables"),
    "jagat": ("Jagatī", "4 × 12 syllables"), "anustu": ("Anuṣṭubh", "4 × 8 syllables"),
    "usni": ("Uṣṇih", "8 + 8 + 12 syllables"), "brhat": ("Bṛhatī", "8 + 8 + 12 + 8 syllables"),
    "pankt": ("Paṅkti", "5 × 8 syllables"), "pamkt": ("Paṅkti", "5 × 8 syllables"),
    "vira": ("Virāj", ""), "pragata": ("Pragātha", "a strophe of Bṛhatī and Satobṛhatī or Kakubh"),
    "satobrhat": ("Satobṛhatī", ""), "kaku": ("Kakubh", ""), "atyast": ("Atyaṣṭi", ""),
    "sakvar": ("Śakvarī", ""), "atijagat": ("Atijagatī", ""), "mahapankt": ("Mahāpaṅkti", ""),
    "mahapamkt": ("Mahāpaṅkti", ""), "dvipada vira": ("Dvipadā Virāj", ""), "dvipada trstu": ("Dvipadā Triṣṭubh", ""),
}


@lru_cache(maxsize=4096)
def _metre_key(text: str) -> str:
    """"triṣṭup" / "trishtubh" / "Tristup" → "trstu"; "uṣṇik"/"ushnih" → "usni"; "virāṭ"/"viraj" → "vira"."""
    words = []
    for word in _key(text).split():
        word = re.sub(r"(?:bh|b|p)$", "", word) if re.search(r"(?:stu|kaku)(?:bh|b|p)$", word) else word
        word = re.sub(r"(?:k|h)$", "", word) if word.startswith("usni") else word
        word = re.sub(r"(?:t|j|d)$", "", word) if word.startswith("vira") else word
        word = re.sub(r"h$", "", word)
        word = {"anustap": "anustu", "jagatih": "jagat", "jagati": "jagat"}.get(word, word)
        words.append(word)
    return " ".join(words)


@lru_cache(maxsize=4096)
def _metre_clean(raw: Optional[str]) -> str:
    """The metre name of a verse without notes: "pragāthaḥ= ( viṣamā bṛhatī, … )" → "pragāthaḥ"."""
    if not raw:
        return ""
    value = raw.split("|")[-1] if "|" in raw else raw
    value = _strip_notes(value).replace("=", " ").replace("–", " ").replace("[", " ")
    value = value.split(",")[0]
    return " ".join(value.split())


def metre_display(raw_or_clean: str) -> str:
    """"triṣṭup" → "Triṣṭubh (trishtubh, 4 × 11 syllables)"."""
    clean = _metre_clean(raw_or_clean)
    key = _metre_key(clean)
    if key in _METRES:
        name, note = _METRES[key]
    else:
        name, note = _capitalise(" ".join(_word(w) for w in clean.split())), ""
    plain = ascii_name(name).lower()
    extra = ", ".join(x for x in (plain if plain != name.lower() else "", note) if x)
    return f"{name} ({extra})" if extra else name


@lru_cache(maxsize=4096)
def _deity_display(raw: Optional[str]) -> str:
    if not raw:
        return ""
    value = _unsandhi(_strip_notes(raw))
    alternatives = bool(re.search(r"\bvā\b", value))
    value = re.sub(r"\s+vā\b|\b\S+sya\b", " ", value).strip(" ,")  # "or"; "ādyardharcasya" (of the first half)
    value = re.sub(r"\s*,\s*(?:,\s*)+", ", ", value).strip(" ,")
    simple = " ".join(value.split())
    for candidate in (simple, " ".join(_word(w) for w in simple.split())):
        if candidate in _DEITY_NAMES:
            return _DEITY_NAMES[candidate]
    if "," in simple:  # "agniḥ, jātavedā agnirvā": "Agni or Agni Jātavedas"
        return (" or " if alternatives else " and ").join(_deity_display(p) for p in simple.split(",") if p.strip())
    words = simple.split()
    if alternatives and len(words) >= 2 and not (len(words) == 2 and re.match(r"ā|ai|au", words[1])):
        # "āpaḥ gāvo vā": "the Waters (Āpaḥ) or the Cows (Gāvaḥ)" (not a patronymic: "kumāra āgneyo vā")
        return f"{_deity_display(words[0])} or {_deity_display(' '.join(words[1:]))}"
    return _capitalise(" ".join(_word(w) for w in simple.split()))


# --- per-index tables ---------------------------------------------------------------------------

Run = Tuple[int, int, str]  # first verse, last verse, value


@dataclass
class HymnFacts:
    """What the index says about one hymn: runs of raw Anukramaṇī values and matching keys."""

    mandala: int
    hymn: int
    verses: int
    addressee: str
    group: str
    raw_rishi: List[Run]  # runs of the verses' raw Anukramaṇī fields
    raw_deity: List[Run]
    raw_metre: List[Run]
    rishi_words: Set[str]  # IAST words of every verse's attribution (notes included)
    deity_keys: Set[str]  # matching keys of every verse's deity and of the addressee
    main_deity_keys: Set[str]  # keys of the addressee's first name and of the main deity
    metre_keys: Counter = field(default_factory=Counter)  # metre key → verses
    joint: Tuple[str, ...] = ()  # keys of the two gods a hymn to a pair addresses jointly ("mitra", "varuna")

    @property
    def ref(self) -> str:
        return f"{self.mandala}.{self.hymn}"

    # display runs, cleaned on demand (only the hymns an answer names pay for it)
    @property
    def rishi_runs(self) -> List[Run]:
        return _merge([(s, e, _attribution(r)) for s, e, r in self.raw_rishi])

    @property
    def deity_runs(self) -> List[Run]:
        return _merge([(s, e, _deity_display(r)) for s, e, r in self.raw_deity])

    @property
    def metre_runs(self) -> List[Run]:
        return _merge([(s, e, _metre_clean(r)) for s, e, r in self.raw_metre])


def _main(runs: Sequence[Run]) -> str:
    """The value that covers most verses ('' when none is known)."""
    counts: Counter = Counter()
    for start, end, value in runs:
        if value:
            counts[value] += end - start + 1
    return counts.most_common(1)[0][0] if counts else ""


@lru_cache(maxsize=4096)
def _words_of(raw: str, glued: bool = True) -> Tuple[str, ...]:
    value = _unsandhi(_NUMBERS.sub(" ", raw.replace("(", " ").replace(")", " ").replace("[", " ").replace("]", " ")))
    words = [w.rstrip("ḥ") for w in re.split(r"[\s,;=|\-–]+", value) if len(w) >= 2 and w not in ("vā", "ca")]
    # vowel sandhi glues a name to a patronymic: "avasyurātreyaḥ", "svastyātreyaḥ" (+ "ātreya")
    if not glued:
        return tuple(words)
    more = [w[m.end():] for w in words for m in re.finditer(r"(?<=\w{3})[ry](?=ā)", w) if len(w) - m.end() >= 5]
    return tuple(words + more)


_ADDRESSEE_FILLER = frozenset(_key(w) for w in ("the", "of", "to", "a", "hymn", "all"))


@lru_cache(maxsize=4096)
def _addressee_names(addressee: str) -> Tuple[str, ...]:
    """"Vayu, Indra and Vayu, Mitra and Varuna" → ["vayu", "indra", "vayu", "mitra", "varuna"] (keys)."""
    parts = re.split(r",|\band\b|\bor\b|\bwith\b|\(|\)", addressee)
    out = []
    for part in parts:
        words = [w for w in _key(part).split() if w not in _ADDRESSEE_FILLER]
        if words:
            out.append(" ".join(words))
    return tuple(out)


def _joint_pair(addressee: str, names: Sequence[str], main_keys: Iterable[str]) -> Tuple[str, ...]:
    """The two gods a hymn addresses as a pair: its heading starts with the pair ("Mitra-Varuna, the
    Adityas and Surya"), or its main Anukramaṇī deity is their dual compound ("mitrāvaruṇau",
    "indrāgnī", "indra-vāyū") and its heading names both ("Mitra and Varuna"); ``()`` for a hymn to
    one god or to several in turn ("Agni, Savitri and Varuna", deity "varuṇaḥ")."""
    first = re.split(r",|\band\b|\bor\b", addressee)[0]
    if re.fullmatch(r"\s*[A-Z]\w+-[A-Z]\w+\s*", first) and names and len(names[0].split()) == 2:
        return tuple(names[0].split())
    firsts = list(dict.fromkeys(n.split()[0] for n in names if n and len(n.split()[0]) >= 3))
    for key in main_keys:
        for a in firsts:
            for b in firsts:
                if a != b and re.fullmatch(rf"{re.escape(a[:-1])}\w?-?{re.escape(b[:-1])}\w{{0,3}}", key.replace(" ", "")):
                    return (a, b)
    return ()


def _merge(runs: Sequence[Run]) -> List[Run]:
    """Join neighbouring runs whose cleaned values became equal."""
    out: List[Run] = []
    for start, end, value in runs:
        if out and out[-1][2] == value:
            out[-1] = (out[-1][0], end, value)
        else:
            out.append((start, end, value))
    return out


def _covered(runs: Sequence[Run], value: str) -> int:
    return sum(e - s + 1 for s, e, v in runs if v == value)


_SEP = " xqx "  # survives ``norm`` and ``_key`` unchanged


def _keys(texts: Sequence[str]) -> List[str]:
    """``_key`` of many strings in one pass (one NFKD and one regex run instead of hundreds)."""
    if not texts:
        return []
    batch = _key(_SEP.join(texts)) if len(texts) > 1 else _key(texts[0])
    parts = [p.strip() for p in batch.split("xqx")]
    return parts if len(parts) == len(texts) else [_key(t) for t in texts]


def _deity_words(raw: str) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    """(words of a deity field + the field run together, the same for a field naming one deity)."""
    if not raw:
        return (), ()
    every = _words_of(raw, False) + (raw.replace(" ", ""),)
    clean = _unsandhi(_strip_notes(raw))
    if not clean.strip() or re.search(r",|\bca\b|\bvā\b|\w+sya\b", clean):
        return every, ()
    return every, _words_of(clean, False) + (clean.replace(" ", ""),)


def _deity_key_table(raws: Iterable[str]) -> Dict[str, Tuple[FrozenSet[str], FrozenSet[str]]]:
    """raw deity field → (keys of every deity it names, keys when it names a single deity)."""
    raws = sorted(set(raws))
    words = [_deity_words(raw) for raw in raws]
    flat = [w for every, single in words for w in every + single]
    keys = iter(_keys(flat))
    table = {}
    for raw, (every, single) in zip(raws, words):
        table[raw] = (frozenset(next(keys) for _ in every), frozenset(next(keys) for _ in single))
    return table


def _field_runs(values: List[Optional[str]]) -> List[Run]:
    """Runs of equal raw values (most hymns have one run per field: a C-speed ``count`` finds it)."""
    if values.count(values[0]) == len(values):
        return [(1, len(values), values[0] or "")]
    runs: List[Run] = []
    start = 1
    for value, group in groupby(values):
        size = sum(1 for _ in group)
        runs.append((start, start + size - 1, value or ""))
        start += size
    return runs


def _hymn_runs(verses: Sequence[object]) -> Tuple[List[Run], List[Run], List[Run]]:
    """Runs of equal raw (rishi, deity, meter) values of one hymn's verses."""
    return (_field_runs([v.rishi for v in verses]), _field_runs([v.deity for v in verses]),
            _field_runs([v.meter for v in verses]))


class Facts:
    """Per-hymn attributions and matching vocabularies of one index."""

    def __init__(self, index: object) -> None:
        self.index = index
        self.hymns: List[HymnFacts] = []
        self.by_ref: Dict[str, HymnFacts] = {}
        self.rishi_vocab: Dict[str, Set[str]] = {}  # IAST word → hymn refs
        self.rishi_verses: Counter = Counter()  # IAST word → verses
        self.word_keys: Dict[str, str] = {}  # IAST word → matching key
        self.deity_vocab: Set[str] = set()
        self.metre_vocab: Set[str] = set()
        self.valakhilya: List[str] = []
        self.total_verses = len(getattr(index, "verses", []) or [])
        self._by_key: Optional[List[Tuple[str, str]]] = None
        self._words: Optional[List[str]] = None
        self._build()

    def _build(self) -> None:
        """One pass over the verses; the cleaners are cached per distinct field value."""
        index = self.index
        deity_table = _deity_key_table(v.deity or "" for v in index.verses)
        for mandala in range(1, index.mandala_count + 1):
            for number in range(1, index.hymn_count(mandala) + 1):
                verses = index.hymn(mandala, number)
                if not verses:
                    continue
                meta = index.hymns_meta(mandala, number) or {}
                addressee = (meta.get("addressee") or verses[0].addressee or "").strip()
                rishi_raw, deity_raw, metre_raw = _hymn_runs(verses)
                words: Set[str] = set()
                for _, _, raw in rishi_raw:
                    words.update(_words_of(raw))
                names = _addressee_names(addressee)
                deity_keys = set(names)
                for _, _, raw in deity_raw:
                    deity_keys |= deity_table[raw][0]
                metre_keys: Counter = Counter()
                for start, end, raw in metre_raw:
                    key = _metre_key(_metre_clean(raw))
                    if key:
                        metre_keys[key] += end - start + 1
                main_keys = set(names[:1]) | {n.split()[0] for n in names[:1]}
                main_deity = deity_raw[0][2] if len(deity_raw) == 1 else _main(deity_raw)
                joint: Tuple[str, ...] = ()
                if main_deity and _covered(deity_raw, main_deity) * 2 >= len(verses):
                    main_keys |= deity_table[main_deity][1]
                    joint = _joint_pair(addressee, names, deity_table[main_deity][1])
                else:
                    joint = _joint_pair(addressee, names, ())
                if joint:  # Mitra–Varuṇa's hymns are not Mitra's alone: the pair is their addressee
                    main_keys -= set(joint) | {names[0], names[0].split()[0]}
                    deity_keys |= set(joint)  # "Mitra-Varuna, …" addresses Varuṇa as much as Mitra
                group = str(meta.get("group") or "")
                facts = HymnFacts(
                    mandala=mandala, hymn=number, verses=len(verses), addressee=addressee, group=group,
                    raw_rishi=rishi_raw, raw_deity=deity_raw, raw_metre=metre_raw, rishi_words=words,
                    deity_keys=deity_keys, main_deity_keys=main_keys, metre_keys=metre_keys, joint=joint,
                )
                self.hymns.append(facts)
                self.by_ref[facts.ref] = facts
                ref = facts.ref
                for word in words:
                    self.rishi_vocab.setdefault(word, set()).add(ref)
                for start, end, raw in rishi_raw:
                    for word in _words_of(raw):
                        self.rishi_verses[word] += end - start + 1
                self.deity_vocab |= deity_keys
                self.metre_vocab.update(metre_keys)
                if "valakhilya" in group.lower().replace("ā", "a"):
                    self.valakhilya.append(ref)
        words = sorted(self.rishi_vocab)
        self.word_keys = dict(zip(words, _keys(words)))

    # -- lookups -----------------------------------------------------------------------------
    def hymn(self, ref: str) -> Optional[HymnFacts]:
        return self.by_ref.get(ref)

    def mandala_hymns(self, mandala: int) -> List[HymnFacts]:
        return [h for h in self.hymns if h.mandala == mandala]

    def _keys_from(self, prefix: str) -> List[Tuple[str, str]]:
        """(key, word) of the attribution words whose key starts with ``prefix`` (a sorted-list range:
        the reader's catalogue asks this for every seer)."""
        if self._by_key is None:
            self._by_key = sorted((k, w) for w, k in self.word_keys.items())
        start = bisect_left(self._by_key, (prefix, ""))
        end = bisect_left(self._by_key, (prefix + "\uffff", ""), start)
        return self._by_key[start:end]

    def _words_from(self, prefix: str) -> List[str]:
        """The attribution words (IAST) that start with ``prefix``."""
        if self._words is None:
            self._words = sorted(self.rishi_vocab)
        start = bisect_left(self._words, prefix)
        return self._words[start:bisect_left(self._words, prefix + "\uffff", start)]

    def seer_words(self, query_key: str) -> Tuple[List[str], List[str]]:
        """(person words, family words) of the attribution vocabulary that a name key matches."""
        if len(query_key) < 3:
            return [], []
        keys = {query_key}
        if query_key.endswith("s") and len(query_key) > 4:
            keys.add(query_key[:-1])
        if query_key.endswith("as") and len(query_key) > 5:
            keys.add(query_key[:-2])
        # a name, or a name with its case ending: "soma" is not "Somāhuti"
        matched = sorted({w for q in keys for k, w in self._keys_from(q) if len(k) - len(q) <= 3})
        if not matched:
            return [], []
        family: Set[str] = set()
        for person in matched:
            stem = _vrddhi_stem(person)
            if stem and not person.startswith(stem):
                family.update(w for w in self._words_from(stem) if w != person)
        persons = [w for w in matched if w not in family] or matched
        family -= set(persons)
        return sorted(persons, key=lambda w: -self.rishi_verses[w]), sorted(family)


_CACHE: Dict[int, Tuple[object, Facts]] = {}


def facts_for(index: object) -> Facts:
    """One ``Facts`` per loaded index (the cache holds the index, so its id is not reused)."""
    key = id(index)
    if key not in _CACHE or _CACHE[key][0] is not index:
        _CACHE[key] = (index, Facts(index))
    return _CACHE[key][1]


# --- detection ----------------------------------------------------------------------------------

def _q(question: str) -> str:
    """Folded, ASCII-ish, single-spaced: "Who composed the sūkta?" → "who composed the sukta?"."""
    value = fold(question).replace("’", "'")
    return " ".join(value.split())


_HYMN = r"(?:hymns?|suktas?|songs?)"
_VERSE = r"(?:verses?|stanzas?|rcs?|rks?|riks?|richas?|mantras?)"
_MANDALA = r"(?:mandalas?|mandal|books?)"
_SEER_WORDS = (r"(?:compos\w*|wrote|writ\w*|author\w*|seers?|ris?his?|rsis?|poets?|sages?|"
               r"reveal\w*|attribut\w*|ascribed|credited|cognized|cognised|heard by)")
_METRE_WORDS = r"(?:metres?|meters?|metrical|chandas|prosody)"
_METRE_NAMES = (r"(?:gayatri|tri?s?h?tu[bp]h?|jagati|anus?h?tu[bp]h?|us?h?ni[kh]|bri?hati|pam?n?kti|panki|vira[jt]|"
                r"pragatha|kaku[bp]h?|satobri?hati|atyas?h?ti|s?h?akvari|atijagati|dvipada)")
_DEITY_WORDS = r"(?:deity|deities|gods?|goddess(?:es)?|devatas?|divinity|divinities|addressee)"

_RE_FAMILY = re.compile(rf"\bfamily (?:{_MANDALA}|collections?)\b|\b(?:which|what) famil(?:y|ies)\b|"
                        rf"\bfamilies of (?:seers|poets|rsis|risis)\b|\bseer famil(?:y|ies)\b|"
                        rf"\b{_MANDALA}\b[^?.]*\bfamily\b|\bfamily\b[^?.]*\b{_MANDALA}\b|"
                        rf"\b(?:which|what) {_MANDALA}\b[^?.]*\b(?:mostly|mainly|largely|chiefly|mostly the work of)\b")
_HYMNS = r"(?:hymns|suktas)"
_TOPIC_VERBS = re.compile(r"\b(?:about|say|says|said|describe\w*|mention\w*|talk\w*|speak\w*|tell|explain\w*|mean\w*|"
                          r"teach\w*|portray\w*|depict\w*|concern\w*|deal\w*|discuss\w*|praise (?:the|his|her))\b")
_RE_LIST_STRONG = re.compile(
    rf"\b(?:is there|are there|which is|what is) (?:an? |the |any )?{_HYMN} (?:to|addressed to|dedicated to|devoted to|"
    rf"in praise of)\b|"
    rf"\b{_HYMNS} (?:composed by|written by|authored by|attributed to|ascribed to|addressed to|dedicated to|devoted to|"
    rf"by the (?:seer|rsi|risi|poet|sage)|in (?:the )?{_METRE_NAMES})\b|"
    rf"\b(?:which|what) (?:hymn|sukta) (?:is|was) (?:addressed|dedicated|devoted) to\b|"
    rf"\b(?:which|what) {_MANDALA}\b[^?.]*\b(?:{_SEER_WORDS}|did|addressed|dedicated|devoted)\b|"
    rf"\bmost (?:hymns|verses)\b|"
    rf"\b(?:which|what) (?:poets?|seers?|rsis?|risis?|sages?|authors?|composers?)\b[^?.]*\b{_HYMNS}\b|"
    rf"\bwho (?:composed|wrote|authored) (?:the )?{_HYMNS} (?:to|for|addressed|dedicated|of (?:the )?[a-z]+ (?:metre|meter))\b"
)
_RE_LIST = re.compile(
    rf"\b(?:which|what|list|name|show me|show|give me|enumerate|find)\s+(?:are\s+|were\s+)?(?:the\s+|all\s+(?:the\s+)?)?"
    rf"{_HYMNS}\b|\bhow many {_HYMNS}\b[^?.]*\b(?:{_SEER_WORDS}|did|does|by|addressed|dedicated|devoted|praising|praise|"
    rf"invok\w*|to|of|{_METRE_NAMES}|{_METRE_WORDS})\b|^(?:the |all )?{_HYMNS} (?:of|by|to|for|in)\b"
)
_RE_HYMN_COUNT = re.compile(rf"\bhow many (?:{_HYMN}|{_MANDALA})\b|\bnumber of (?:{_HYMN}|{_MANDALA})\b|\bcount of {_HYMN}\b")
_RE_VERSE_COUNT = re.compile(rf"\bhow many {_VERSE}\b|\bnumber of {_VERSE}\b|\bhow long is\b|\bcount of {_VERSE}\b|"
                             rf"\bhow many (?:lines|richas)\b")
_RE_FIRST_LAST = re.compile(rf"\b(?:first|last|final|opening|closing|concluding|1st)\s+(?:{_HYMN}|{_VERSE})\b")
_RE_METRE = re.compile(rf"\b{_METRE_WORDS}\b")
_RE_SEER = re.compile(
    rf"\b(?:who|whom)\b[^?]*\b{_SEER_WORDS}\b|\b{_SEER_WORDS} (?:of|for|behind)\b|\bby whom\b|"
    rf"\bwhose (?:hymn|composition|poem|sukta)\b|\bwho (?:is|was) (?:its|the) (?:seer|author|composer|poet|rsi|risi)\b|"
    rf"\b(?:which|what) (?:seers?|rs?is?h?is?|poets?|sages?|authors?|composers?)\b"
)
_RE_DEITY = re.compile(
    rf"\b(?:addressed|dedicated|devoted|directed|offered) to\b|\bto whom\b|\baddressee\b|"
    rf"\b(?:which|what) (?:god|gods|deity|deities|goddess|goddesses|devata|divinity)\b"
    rf"(?=[^?]*\b(?:{_HYMN}|{_VERSE}|{_MANDALA}|rv|it|this|that|\d+)\b)|"
    rf"\b{_DEITY_WORDS} (?:of|in|for) (?:the |this |that )?(?:(?:first|last|final|opening|closing) )?"
    rf"(?:{_HYMN}|{_VERSE}|rv|rigveda|it\b|\d|{_MANDALA})|"
    rf"\bwho (?:is|are) (?:it|this|the hymn|the sukta) (?:to|about|for)\b|"
    rf"\bwho (?:is|are) (?:praised|invoked|addressed|celebrated)\b|"
    rf"^(?:and )?(?:who|what|which) (?:is|was|are|were) (?:the|its|their) (?:deity|deities|gods?|goddess|devata|addressee)\W*$"
)


# "Who is the poet Vāmadeva?" asks about a person (a concept question), not for an attribution
_RE_SEER_PERSON = re.compile(r"^who (?:is|was|were) (?:the )?(?:seers?|poets?|rs?is?h?is?|sages?|rsis?) "
                             r"(?!(?:of|for|behind|who|that|which|it|this|in)\b)[a-z' -]+\W*$")


_SUPERLATIVES = {"longest": "max", "biggest": "max", "largest": "max", "lengthiest": "max",
                 "shortest": "min", "smallest": "min", "briefest": "min", "tiniest": "min"}
_MOST = {"most": "max", "maximum": "max", "highest": "max", "fewest": "min", "least": "min", "minimum": "min",
         "lowest": "min"}
_COMPARE = {"only": "eq", "just": "eq", "exactly": "eq", "precisely": "eq", "more than": "gt", "over": "gt",
            "at least": "ge", "fewer than": "lt", "less than": "lt", "under": "lt", "at most": "le",
            "no more than": "le"}
_HOW_MANY = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
             "a single": 1, "single": 1}
_RE_SUPERLATIVE = re.compile(rf"\b({'|'.join(_SUPERLATIVES)})\b")
_RE_MOST = re.compile(rf"\b({'|'.join(_MOST)})\s+(?:number of\s+)?({_VERSE}|{_HYMN})\b")
_RE_HOW_MANY_VERSES = re.compile(
    rf"\b(?:with|of|having|has|have|contains?|containing|that (?:has|have)|consisting of)\s+"
    rf"(?:({'|'.join(sorted(_COMPARE, key=len, reverse=True))})\s+)?"
    rf"({'|'.join(sorted(_HOW_MANY, key=len, reverse=True))}|\d{{1,3}})\s+{_VERSE}\b|"
    rf"\b({'|'.join(sorted(_HOW_MANY, key=len, reverse=True))}|\d{{1,3}})[- ](?:verse|stanza|rc|rk)d?\s+{_HYMN}\b")


# "Why is the longest hymn addressed to Soma?", "What does the shortest hymn say?": about the hymn, not its length
_RE_NOT_EXTREME = re.compile(r"^(?:why|how (?!many|long)|explain|describe)\b|\b(?:about|say|says|said|describe\w*|"
                             r"mention\w*|talk\w*|speak\w*|explain\w*|mean\w*|teach\w*|depict\w*|portray\w*)\b")


@dataclass
class _Extreme:
    mode: str  # max | min | eq | gt | ge | lt | le
    unit: str  # hymn | mandala
    number: int = 0  # for a comparison
    by: str = "verses"  # what maṇḍalas are ranked by


def _extreme_request(question: str) -> Optional[_Extreme]:
    """"the longest hymn" (max), "the shortest hymn in maṇḍala 10" (min), "a hymn with only one
    verse" (eq 1), "hymns of more than 40 verses" (gt 40), "Which maṇḍala has the most hymns?"."""
    q = _q(question)
    has_hymn = re.search(rf"\b{_HYMN}\b", q)
    has_book = re.search(rf"\b{_MANDALA}\b", q)
    if not (has_hymn or has_book) or _RE_NOT_EXTREME.search(q):
        return None
    unit = "hymn" if has_hymn and not re.search(rf"\b(?:which|what) {_MANDALA}\b", q) else "mandala"
    sup = _RE_SUPERLATIVE.search(q)
    if sup:
        return _Extreme(_SUPERLATIVES[sup.group(1)], unit)
    most = _RE_MOST.search(q)
    if most and (unit == "mandala" or re.search(rf"\b(?:which|what) {_HYMN}\b|\b{_HYMN} (?:with|has|having)\b", q)):
        by = "hymns" if re.fullmatch(_HYMN, most.group(2)) else "verses"
        if unit == "hymn" and by == "hymns":
            return None
        return _Extreme(_MOST[most.group(1)], unit, by=by)
    count = _RE_HOW_MANY_VERSES.search(q)
    if count and has_hymn:
        word = count.group(2) or count.group(3)
        number = int(word) if word.isdigit() else _HOW_MANY[word]
        return _Extreme(_COMPARE.get(count.group(1) or "", "eq"), "hymn", number)
    return None


# Questions that are facts in other words: "Which god is invoked most often?" is "Which god has the most
# hymns?"; "the oldest hymns" are the family books (the hymns carry no dates; the usual scholarly view);
# "What is the RigVeda?" is its make-up, with one sentence of what it is.
_MOST_INVOKED = re.compile(
    r"\b(?:invoked|praised|worshipped|worshiped|addressed|celebrated|mentioned|prayed to|important|popular|prominent|"
    r"frequent)\s+(?:the\s+)?most(?:\s+(?:often|frequently))?\b|\bmost\s+(?:often|frequently|commonly)\s+"
    r"(?:invoked|praised|worshipped|worshiped|addressed|mentioned)\b|\bmost\s+(?:important|popular|prominent|"
    r"invoked|praised|frequent)\s+(?:god|gods|deity|deities|goddess)\b")
# only when the oldest hymns are what is asked: "What is the oldest hymn?", "Which are the oldest books?"
# (not "What does asura mean in the oldest hymns?")
_OLDEST = re.compile(r"^\W*(?:which|what)(?:'s|\s+(?:is|are|was|were))\s+(?:the\s+)?(?:oldest|earliest|most ancient)\s+"
                     r"(?:hymns?|books?|parts?|layers?|mandalas?|maṇḍalas?|sections?|portions?|core)\b|"
                     r"^\W*(?:which|what)\s+(?:hymns?|books?|parts?|mandalas?|maṇḍalas?)\s+(?:is|are|was|were)\s+"
                     r"(?:the\s+)?(?:oldest|earliest)\b")
_WHAT_IS_RV = re.compile(r"^\W*(?:what\s+is|what's|whats|tell\s+me\s+about|explain|describe)\s+(?:the\s+)?"
                         r"(?:rig\s*-?\s*veda|rgveda|ṛgveda|rigved)\W*$", re.I)
OLDEST_NOTE = ("The hymns carry no dates; the usual scholarly view takes the family books, maṇḍalas 2–7, as the "
               "oldest core, with maṇḍalas 1, 8 and 9 gathered around them and maṇḍala 10 as the latest layer.")
RV_NOTE = ("The RigVeda is the oldest collection of Vedic Sanskrit hymns, composed and handed down orally "
           "(usually dated to the second half of the second millennium BCE) and arranged in ten books (maṇḍalas).")


def _reworded(question: str) -> Tuple[str, str]:
    """(the question a fact rule reads, a sentence to open the answer with or "")."""
    if _WHAT_IS_RV.search(question):
        return "How many hymns are there in the RigVeda?", RV_NOTE
    q = _q(question)
    if _MOST_INVOKED.search(q):
        return ("Which god has the most hymns?" if not re.search(r"\bmost verses\b", q) else question), ""
    if _OLDEST.search(q):
        return "Which are the family books?", OLDEST_NOTE
    return question, ""


def detect_fact(question: str) -> Optional[str]:
    """The kind of fact asked for ("seer", "deity", "metre", "verse_count", "hymn_count", "list",
    "first_last", "family_books", "extreme"), or ``None``. Regexes only: it does not look at the
    index, so a detected kind may still get no answer (e.g. "Who composed it?" with no hymn to refer
    to). "extreme": the longest/shortest hymn or maṇḍala, hymns of a given number of verses; "Who
    composed the longest hymn?" is a seer question about that hymn."""
    if not question or not question.strip():
        return None
    question = _reworded(question)[0]
    q = _q(question)
    if _extreme_request(question) and not (
            _RE_SEER.search(q) or _RE_METRE.search(q) or _RE_FIRST_LAST.search(q) or
            re.search(r"\bto whom\b|\b(?:which|what) (?:god|gods|deity|deities|goddess)\b|\bdeity\b|\baddressee\b", q)):
        return "extreme"
    if _RE_FAMILY.search(q):
        return "family_books"
    if (_RE_FIRST_LAST.search(q) and not (_RE_SEER.search(q) or _RE_METRE.search(q) or _RE_DEITY.search(q))
            and not re.search(r"\bhow many\b", q)):
        return "first_last"
    if _RE_VERSE_COUNT.search(q) and not re.search(rf"\bhow many {_HYMN}\b", q):
        return "verse_count"
    if _RE_LIST_STRONG.search(q) or (_RE_LIST.search(q) and not _TOPIC_VERBS.search(q)):
        if _RE_HYMN_COUNT.search(q) and not _has_filter_words(q):
            return "hymn_count"
        return "list"
    if _RE_HYMN_COUNT.search(q):
        return "hymn_count"
    if _RE_METRE.search(q):
        return "metre"
    if _RE_SEER.search(q):
        if _RE_SEER_PERSON.search(q) and not re.search(r"\d|\b(?:compos|wrote|writ)", q):
            return None
        return "seer"
    if _RE_DEITY.search(q):
        return "deity"
    return None


def _has_filter_words(q: str) -> bool:
    return bool(re.search(rf"\b(?:{_SEER_WORDS}|by|addressed|dedicated|devoted|praising|praise|invok\w*|{_METRE_NAMES}|"
                          rf"{_METRE_WORDS}|did)\b|\bhymns? to\b", q))


# --- what the question is about -------------------------------------------------------------------

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
             "eighth": 8, "ninth": 9, "tenth": 10}
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}
_DOTTED = re.compile(r"(?<![\w.])(?:(?:rv|r\.\s?v\.?|ri?g\s?-?veda|rgveda)\s*)?(\d{1,3})\s*[.:]\s*(\d{1,4})"
                     r"(?:\s*[.:]\s*(\d{1,4}))?(?![\w]|[.:]\d)")
_MANDALA_RE = re.compile(
    rf"\b{_MANDALA}\s*(?:no\.?\s*|number\s*)?(\d{{1,3}}|{'|'.join(_NUMBER_WORDS)}|x|ix|viii|vii|vi|iv|v|iii|ii|i)\b|"
    rf"\b({'|'.join(_ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))\s+{_MANDALA}\b"
)
_WHOLE_RV = re.compile(r"\b(?:ri?g\s?-?veda|rgveda|rv|samhita)\b|\bin (?:total|all)\b|\baltogether\b")


@dataclass
class _Target:
    mandala: Optional[int] = None  # None: the whole RigVeda
    hymn: Optional[int] = None
    verse: Optional[int] = None

    @property
    def hymn_ref(self) -> str:
        return f"{self.mandala}.{self.hymn}"


def _mandala_number(token: str) -> Optional[int]:
    token = token.lower()
    if token.isdigit():
        return int(token)
    for table in (_NUMBER_WORDS, _ROMAN, _ORDINALS):
        if token in table:
            return table[token]
    match = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", token)
    return int(match.group(1)) if match else None


def _mandala_of(question: str) -> Optional[int]:
    """The maṇḍala the question names: by number ("maṇḍala 3", "the third book", "book IX") or as
    the book of a family ("Gṛtsamada's maṇḍala", "the book of the Vasiṣṭhas", "the Soma maṇḍala")."""
    q = _q(question)
    match = _MANDALA_RE.search(q)
    if match:
        raw = match.group(1) or match.group(2)
        if not (raw in _ROMAN and not re.search(rf"\b{_MANDALA}\s*{raw}\b", question, re.IGNORECASE)):
            return _mandala_number(raw)
    owned = _book_of(question)
    return owned[0] if owned else None


# the books that belong to one family of seers (and maṇḍala 9 to Soma), as readers name them: the
# founder, the family name, the clan
_BOOK_OWNERS: Dict[int, Tuple[str, ...]] = {
    2: ("gṛtsamada", "gārtsamada", "śaunaka"), 3: ("viśvāmitra", "vaiśvāmitra", "kuśika", "kauśika", "gāthina"),
    4: ("vāmadeva", "gautama"), 5: ("atri", "ātreya"), 6: ("bharadvāja", "bārhaspatya"),
    7: ("vasiṣṭha", "vāsiṣṭha"), 9: ("soma", "pavamāna"),
}
_BOOK_OF = (re.compile(rf"\b([a-z]+)(?:'s|s'|')? (?:own |family |family's |clan's )?{_MANDALA}\b"),
            re.compile(rf"\b{_MANDALA} (?:of|by) (?:the )?(?:family of |house of |clan of )?([a-z]+)\b"))


def _book_owner_words(question: str) -> List[str]:
    """The words that name whose book is meant: "Gṛtsamada's maṇḍala" → ["grtsamada"] (keys)."""
    q = _q(question).replace("’", "'")
    return [_key(m.group(1)) for pattern in _BOOK_OF for m in pattern.finditer(q)]


def _book_of(question: str) -> Optional[Tuple[int, str]]:
    """(maṇḍala, "the family book of Gṛtsamada (Gritsamada)") for "Gṛtsamada's maṇḍala", or None."""
    for key in _book_owner_words(question):
        for mandala, names in _BOOK_OWNERS.items():
            for name in names:
                known = _key(name)
                if key in (known, known + "s") or (len(key) >= 5 and key.rstrip("s") == known.rstrip("s")):
                    if mandala == 9:
                        return mandala, "the book of Soma Pavamāna"
                    founder = FAMILY_BOOKS[mandala]
                    return mandala, f"the family book of {display_name(founder[:1].upper() + founder[1:])}"
    return None


def _reference(question: str) -> Optional[Union[_Target, ParsedReference]]:
    """A hymn or verse named in the question: refs' parser first, then a bare "M.H(.V)"."""
    parsed = parse_reference(question)
    if parsed is not None and parsed.hymn is not None:
        return parsed
    match = _DOTTED.search(_q(question))
    if match:
        return _Target(int(match.group(1)), int(match.group(2)), int(match.group(3)) if match.group(3) else None)
    return None


def _check(target: Union[_Target, ParsedReference], index: object) -> Union[_Target, str]:
    """A target that exists in the index, or the one-line message of ``refs.resolve``."""
    if isinstance(target, _Target):
        parsed = ParsedReference(mandala=target.mandala or 0, hymn=target.hymn, verse=target.verse)
    else:
        parsed = target
    found = resolve(parsed, index)
    if isinstance(found, str):
        return found
    first = found[0]
    verse = first.verse if parsed.verse is not None else None
    return _Target(first.mandala, first.hymn, verse)


def _subject_targets(subject_hymns: Optional[Sequence[str]], facts: Facts) -> List[_Target]:
    out = []
    for ref in subject_hymns or []:
        parts = str(ref).strip().split(".")
        if len(parts) in (2, 3) and all(p.isdigit() for p in parts):
            target = _Target(int(parts[0]), int(parts[1]), int(parts[2]) if len(parts) == 3 else None)
            if facts.hymn(target.hymn_ref):
                out.append(target)
    return out


def _named_hymn(question: str, facts: Facts) -> List[_Target]:
    """"the Vena hymn" / "the Purusha sukta": the single hymn whose whole addressee is that name;
    "the hymn to the frogs" / "the hymn to the pressing stones": the hymns (up to 3) mainly to it."""
    q = _q(question)
    matches = list(re.finditer(rf"\b{_HYMN} (?:to|of|addressed to|dedicated to|devoted to) (?:the )?([a-z' -]{{3,30}})", q))
    matches += list(re.finditer(rf"\b(?:the\s+)?([a-z' -]{{3,40}}?)\s+{_HYMN}\b", q))
    for match in matches:
        name = (match.group(1) or "").strip()
        name = re.sub(r"^(?:of|is|in|the|which|what|meter|metre|does|did)\s+", "", name)
        key = _key(name.split()[-1] if name.split() else "")
        if len(key) >= 3:
            hits = [h for h in facts.hymns if len(_addressee_names(h.addressee)) == 1
                    and _addressee_names(h.addressee)[0] in (key, key + "s")]  # "the frog hymn" ~ "the frogs"
            if len(hits) == 1:
                return [_Target(hits[0].mandala, hits[0].hymn, None)]
        _, main, _ = _deity_match(facts, name)
        if 0 < len(main) <= 3:
            return [_Target(*map(int, ref.split(".")), None) for ref in main]
    return []


def _targets(question: str, index: object, facts: Facts, subject_hymns: Optional[Sequence[str]]
             ) -> Union[List[_Target], str]:
    """Hymns/verses a hymn-level question is about: its own reference first, then the caller's."""
    ref = _reference(question)
    if ref is not None:
        checked = _check(ref, index)
        return checked if isinstance(checked, str) else [checked]
    extreme = _extreme_request(question)
    if extreme is not None and extreme.unit == "hymn" and extreme.mode in ("max", "min"):
        found = _extreme_hymns(question, facts, extreme)  # "Who composed the longest hymn?"
        if found is not None:
            return [_Target(h.mandala, h.hymn, None) for h in found[0][:3]]
    subjects = _subject_targets(subject_hymns, facts)
    if subjects:
        return subjects[:3]
    return _named_hymn(question, facts)


# --- formatting helpers ---------------------------------------------------------------------------

def _span(start: int, end: int) -> str:
    return str(start) if start == end else f"{start}–{end}"


def _cite(mandala: int, hymn: int, verse: int = 1) -> str:
    return f"[RV {mandala}.{hymn}.{verse}]"


def _n(number: int) -> str:
    return f"{number:,}"


def _plural(number: int, word: str, plural: Optional[str] = None) -> str:
    return f"{_n(number)} {word if number == 1 else (plural or word + 's')}"


def _count(number: int, singular: str, plural: str, start: bool = False) -> str:
    """"one hymn addresses" / "3 hymns address" ("One …" at the start of a sentence)."""
    text = f"one {singular}" if number == 1 else f"{_n(number)} {plural}"
    return text[:1].upper() + text[1:] if start else text


def _join(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _named(text: str) -> str:
    """A display name with its ASCII spelling once ("Viśvāmitra (Vishvamitra)"); a note in
    parentheses and an "alternatively" stay where they are."""
    if not text:
        return text
    prefix = "alternatively " if text.startswith("alternatively ") else ""
    base, sep, note = text[len(prefix):].partition(" (")
    if "(" in base or (note and not note.endswith(")")):
        return text
    plain = ascii_name(base)
    if sep and plain != base:  # "Uṣas (the Dawn)" → "Uṣas (Ushas, the Dawn)"
        return f"{prefix}{base} ({plain}, {note}"
    return prefix + display_name(base) + (f" ({note}" if sep else "")


def _differences(runs: Sequence[Run], main: str, limit: int = 4) -> str:
    """"verses 16–18: alternatively Jamadagni" for the runs whose value is not the main one."""
    other = [(s, e, v) for s, e, v in runs if v != main]
    if not other:
        return ""
    parts = [f"{'verse' if s == e else 'verses'} {_span(s, e)}: {v or 'not given'}" for s, e, v in other[:limit]]
    more = f"; {len(other) - limit} more passages differ" if len(other) > limit else ""
    return "; ".join(parts) + more


def _mandala_phrase(refs: Sequence[str], mandalas: int = 10) -> str:
    """"all in maṇḍala 3" / "mostly in maṇḍala 7 (104), also in 9 and 10" / "in every maṇḍala but 9"."""
    counts = Counter(int(r.split(".")[0]) for r in refs)
    if not counts:
        return ""
    if len(refs) == 1:
        return f"in maṇḍala {next(iter(counts))}"
    if len(counts) == 1:
        return f"all in maṇḍala {next(iter(counts))}"
    top, top_n = counts.most_common(1)[0]
    if top_n * 2 > len(refs):
        rest = _join([str(m) for m in sorted(counts) if m != top])
        return f"mostly in maṇḍala {top} ({_n(top_n)}), also in {rest}"
    missing = [m for m in range(1, mandalas + 1) if m not in counts]
    if not missing:
        return "in every maṇḍala"
    if len(missing) <= 2:
        return f"in every maṇḍala except {_join([str(m) for m in missing])}"
    return f"in maṇḍalas {_join([str(m) for m in sorted(counts)])}"


def _hymn_list(refs: Sequence[str], limit: int = LIST_LIMIT) -> str:
    shown = ", ".join(f"RV {r}" for r in refs[:limit])
    return shown + (f" and {_n(len(refs) - limit)} more" if len(refs) > limit else "")


def _first_verses(refs: Sequence[str], limit: int = REFS_LIMIT) -> List[str]:
    return [f"{r}.1" for r in refs[:limit]]


def _sort_refs(refs: Iterable[str]) -> List[str]:
    return sorted(set(refs), key=lambda r: tuple(int(p) for p in r.split(".")))


# --- answers: one hymn or verse --------------------------------------------------------------------

def _value_at(runs: Sequence[Run], verse: int) -> str:
    for start, end, value in runs:
        if start <= verse <= end:
            return value
    return ""


def _seer_sentence(hymn: HymnFacts, verse: Optional[int]) -> Tuple[str, List[str]]:
    m, h = hymn.mandala, hymn.hymn
    runs = hymn.rishi_runs
    if verse is not None:
        who = _value_at(runs, verse)
        if not who:
            return f"The index gives no seer for RV {m}.{h}.{verse} {_cite(m, h, verse)}.", [f"{m}.{h}.{verse}"]
        alt = who.startswith("alternatively ")
        name = _named(who[len("alternatively "):] if alt else who)
        text = f"RV {m}.{h}.{verse} is {'alternatively ' if alt else ''}attributed to the seer {name} {_cite(m, h, verse)}."
        main = _main(runs)
        if main and main != who:
            text += f" The hymn RV {m}.{h} as a whole is attributed to {main}."
        return text, [f"{m}.{h}.{verse}"]
    main = _main(runs)
    if not main:
        return f"The index gives no seer for RV {m}.{h} {_cite(m, h)}.", [f"{m}.{h}.1"]
    if _covered(runs, main) * 2 < hymn.verses:  # e.g. RV 9.67: seven seers, three verses each
        parts = [f"{v} ({'verse' if s == e else 'verses'} {_span(s, e)})" for s, e, v in runs[:6] if v]
        listed = (", ".join(parts) + f", and {len(runs) - 6} more") if len(runs) > 6 else _join(parts)
        text = f"RV {m}.{h} is attributed to several seers: {listed} {_cite(m, h)}."
        return text, [f"{m}.{h}.{s}" for s, _, v in runs if v][:REFS_LIMIT]
    text = f"RV {m}.{h} was composed by the seer {_named(main)}, according to the Anukramaṇī {_cite(m, h)}."
    refs = [f"{m}.{h}.1"]
    diff = _differences(runs, main)
    if diff:
        text += f" Some verses are ascribed differently ({diff})."
        refs += [f"{m}.{h}.{s}" for s, _, v in runs if v != main and s != 1][:3]
    return text, refs


def _bare(name: str) -> str:
    return _key(re.sub(r"^the ", "", name.split(" (")[0].strip(), flags=re.IGNORECASE))


def _same_name(a: str, b: str) -> bool:
    """"Agni Vaisvanara" ~ "Agni Vaiśvānara", "Soma" ~ "Soma Pavamāna", "Asvins" ~ "the Aśvins"."""
    x, y = _bare(a), _bare(b)
    return bool(x and y) and (x in y or y in x or x.rstrip("s") == y.rstrip("s"))


def _addressee_phrase(hymn: HymnFacts) -> Tuple[str, str]:
    """(whom the hymn addresses, the index heading when it says something else) — the Anukramaṇī
    deity per verse in IAST, the VedaWeb/Geldner heading ("diverse gods", "which god") as a note."""
    addressee = hymn.addressee if hymn.addressee and hymn.addressee != "?" else ""
    runs = [r for r in hymn.deity_runs if r[2]]
    if len(runs) > 1:
        parts = [f"{v} ({'verse' if s == e else 'verses'} {_span(s, e)})" for s, e, v in runs[:6]]
        more = f", and {len(runs) - 6} more in later verses" if len(runs) > 6 else ""
        phrase = (", ".join(parts) + more) if more else _join(parts)
        note = addressee if addressee[:1].islower() else ""
        return phrase, note
    if runs:
        deity = runs[0][2]
        note = addressee if addressee and not _same_name(addressee, deity) else ""
        return _named(deity), note
    return _named(addressee), ""


def _deity_sentence(hymn: HymnFacts, verse: Optional[int]) -> Tuple[str, List[str]]:
    m, h = hymn.mandala, hymn.hymn
    if verse is not None:
        deity = _value_at(hymn.deity_runs, verse)
        if not deity:
            return f"The index gives no deity for RV {m}.{h}.{verse} {_cite(m, h, verse)}.", [f"{m}.{h}.{verse}"]
        text = f"RV {m}.{h}.{verse} is addressed to {_named(deity)} {_cite(m, h, verse)}."
        if hymn.addressee and not _same_name(hymn.addressee, deity):
            text += f" The hymn RV {m}.{h} as a whole is headed “{hymn.addressee}”."
        return text, [f"{m}.{h}.{verse}"]
    phrase, note = _addressee_phrase(hymn)
    if not phrase:
        return f"The index gives no deity for RV {m}.{h} {_cite(m, h)}.", [f"{m}.{h}.1"]
    refs = [f"{m}.{h}.{s}" for s, _, v in hymn.deity_runs if v][:REFS_LIMIT]
    text = f"RV {m}.{h} is addressed to {phrase} {_cite(m, h)}."
    if note:
        text += f" The index heads it “{note}”."
    return text, refs or [f"{m}.{h}.1"]


def _metre_sentence(hymn: HymnFacts, verse: Optional[int]) -> Tuple[str, List[str]]:
    m, h = hymn.mandala, hymn.hymn
    if verse is not None:
        metre = _value_at(hymn.metre_runs, verse)
        if not metre:
            return f"The index gives no metre for RV {m}.{h}.{verse} {_cite(m, h, verse)}.", [f"{m}.{h}.{verse}"]
        return f"RV {m}.{h}.{verse} is in the {metre_display(metre)} metre {_cite(m, h, verse)}.", [f"{m}.{h}.{verse}"]
    main = _main(hymn.metre_runs)
    if not main:
        return f"The index gives no metre for RV {m}.{h} {_cite(m, h)}.", [f"{m}.{h}.1"]
    text = f"RV {m}.{h} is in the {metre_display(main)} metre {_cite(m, h)}."
    refs = [f"{m}.{h}.1"]
    other = [(s, e, v) for s, e, v in hymn.metre_runs if v != main]
    if other:
        shown = "; ".join(f"{'verse' if s == e else 'verses'} {_span(s, e)} {metre_display(v).split(' (')[0] if v else 'not given'}"
                          for s, e, v in other[:4])
        more = f"; {len(other) - 4} more passages differ" if len(other) > 4 else ""
        text = (f"RV {m}.{h} is mostly in the {metre_display(main)} metre {_cite(m, h)}; "
                f"other metres: {shown}{more}.")
        refs += [f"{m}.{h}.{s}" for s, _, _ in other[:3] if s != 1]
    return text, refs


def _verse_count_sentence(hymn: HymnFacts, verse: Optional[int]) -> Tuple[str, List[str]]:
    m, h, n = hymn.mandala, hymn.hymn, hymn.verses
    if n == 1:
        return f"RV {m}.{h} has 1 verse {_cite(m, h)}.", [f"{m}.{h}.1"]
    return (f"RV {m}.{h} has {n} verses, from {_cite(m, h)} to {_cite(m, h, n)}.", [f"{m}.{h}.1", f"{m}.{h}.{n}"])


_HYMN_SENTENCES = {"seer": _seer_sentence, "deity": _deity_sentence, "metre": _metre_sentence,
                   "verse_count": _verse_count_sentence}


def _about_hymns(kind: str, targets: Sequence[_Target], facts: Facts) -> Optional[FactAnswer]:
    texts, refs, hymns = [], [], []
    for target in targets[:3]:
        hymn = facts.hymn(target.hymn_ref)
        if hymn is None:
            continue
        text, cited = _HYMN_SENTENCES[kind](hymn, target.verse)
        texts.append(text)
        refs += [r for r in cited if r not in refs]
        hymns.append(hymn.ref)
    if not texts:
        return None
    text = " ".join(texts) if len(texts) > 1 else texts[0]
    return FactAnswer(kind=kind, text=text, refs=refs[:REFS_LIMIT], subject_hymns=hymns)


# --- answers: counts over maṇḍalas and the whole RigVeda -----------------------------------------

def _mandala_totals(facts: Facts, mandala: int) -> Tuple[int, int]:
    hymns = facts.mandala_hymns(mandala)
    return len(hymns), sum(h.verses for h in hymns)


def _count_answer(kind: str, question: str, facts: Facts) -> Optional[FactAnswer]:
    mandala = _mandala_of(question)
    index = facts.index
    if mandala is not None:
        count = index.hymn_count(mandala)
        if count == 0:
            return FactAnswer(kind="not_found", text=f"Maṇḍala {mandala} does not exist: the RigVeda has maṇḍalas "
                              f"1–{index.mandala_count}.", refs=[])
        hymns, verses = _mandala_totals(facts, mandala)
        refs = [f"{mandala}.1.1", f"{mandala}.{hymns}.1"]
        owned = _book_of(question) if not _MANDALA_RE.search(_q(question)) else None
        book = f"Maṇḍala {mandala}, {owned[1]}," if owned else f"Maṇḍala {mandala}"
        if kind == "verse_count":
            text = (f"{book} has {_n(verses)} verses in {_n(hymns)} hymns, "
                    f"from {_cite(mandala, 1)} to {_cite(mandala, hymns, facts.hymn(f'{mandala}.{hymns}').verses)}.")
            refs[1] = f"{mandala}.{hymns}.{facts.hymn(f'{mandala}.{hymns}').verses}"
        else:
            text = f"{book} has {_n(hymns)} hymns, RV {mandala}.1 to RV {mandala}.{hymns}, with {_n(verses)} verses."
            vala = [r for r in facts.valakhilya if r.startswith(f"{mandala}.")]
            if vala:
                text += (f" The count includes the {len(vala)} Vālakhilya (Valakhilya) hymns, "
                         f"RV {vala[0]} to RV {vala[-1]}.")
        if owned and mandala in FAMILY_BOOKS:
            founder = FAMILY_BOOKS[mandala]
            hits, total = _family_share(facts, mandala, founder)
            text += (f" The Anukramaṇī names {founder[:1].upper() + founder[1:]} and his family as "
                     f"seers of {_n(hits)} of its {_n(total)} verses.")
        return FactAnswer(kind=kind, text=text, refs=refs)
    q = _q(question)
    hymns = len(facts.hymns)
    verses = facts.total_verses
    last = facts.hymns[-1]
    refs = ["1.1.1", f"{last.ref}.{last.verses}"]
    mandalas = index.mandala_count
    if kind == "verse_count":
        text = f"The RigVeda has {_n(verses)} verses in {_n(hymns)} hymns and {mandalas} maṇḍalas."
        if facts.valakhilya:
            extra = sum(facts.hymn(ref).verses for ref in facts.valakhilya if facts.hymn(ref) is not None)
            text += (f" This includes the {_n(extra)} verses of the {len(facts.valakhilya)} Vālakhilya hymns "
                     f"(RV {facts.valakhilya[0]}–RV {facts.valakhilya[-1]}); without them there are {_n(verses - extra)}.")
    elif re.search(rf"\bhow many {_MANDALA}\b|\bnumber of {_MANDALA}\b", q):
        text = f"The RigVeda has {mandalas} maṇḍalas (books), with {_n(hymns)} hymns and {_n(verses)} verses."
    else:
        text = f"The RigVeda has {_n(hymns)} hymns in {mandalas} maṇḍalas, with {_n(verses)} verses."
        if facts.valakhilya:
            text += (f" This includes the {len(facts.valakhilya)} Vālakhilya hymns (RV {facts.valakhilya[0]}–"
                     f"RV {facts.valakhilya[-1]}); without them there are {_n(hymns - len(facts.valakhilya))}.")
    per = ", ".join(f"{m}: {index.hymn_count(m)}" for m in range(1, mandalas + 1))
    text += f" Hymns per maṇḍala — {per}."
    return FactAnswer(kind=kind, text=text, refs=refs)


# --- answers: the longest and shortest hymns and maṇḍalas ------------------------------------------

_EXTREME_WORDS = frozenset(_key(w) for w in """
longest shortest biggest largest smallest lengthiest greatest briefest tiniest most fewest least maximum minimum
highest lowest only just exactly precisely more than over under fewer less at single one two three four five six
seven eight nine ten eleven twelve twenty thirty forty fifty is there are any exist exists which what hymn hymns
sukta suktas verse verses stanza stanzas mandala mandalas book books number with having contains containing
""".split())
_EXTREME_TEXT = {"max": "longest", "min": "shortest"}


def _compare(mode: str, value: int, number: int) -> bool:
    return {"eq": value == number, "gt": value > number, "ge": value >= number, "lt": value < number,
            "le": value <= number}.get(mode, False)


def _extreme_hymns(question: str, facts: Facts, req: "_Extreme"
                   ) -> Optional[Tuple[List[HymnFacts], List[HymnFacts], str]]:
    """(the hymns asked for, the hymns they were chosen from, where: " addressed mainly to Agni in
    maṇḍala 3"), or None when the question names a god or seer the index does not know."""
    mandala = _mandala_of(question)
    owned = _book_of(question) if not _MANDALA_RE.search(_q(question)) else None
    pool = facts.hymns if mandala is None else facts.mandala_hymns(mandala)
    clean = _drop_words(question, _EXTREME_WORDS | set(_book_owner_words(question) if owned else []))
    clean = re.sub(r"\d+", " ", clean)
    q = _q(question)
    where = ""
    seer_cue = re.search(rf"\b{_SEER_WORDS}\b|\bby\b", q)
    deity_cue = re.search(r"\b(?:to|addressed|dedicated|devoted|prais\w*|invok\w*|gods?|deity|goddess)\b", q)

    def by_deity() -> Optional[Tuple[List[str], str]]:
        label, main, _ = _deity_match(facts, clean)
        return (main, f" addressed mainly to {_named(label)}") if label and main else None

    def by_seer() -> Optional[Tuple[List[str], str]]:
        for word in _candidate_words(clean):
            persons, _ = facts.seer_words(word)
            if persons:
                name = _word(persons[0])
                refs = _sort_refs(r for w in persons for r in facts.rishi_vocab[w])
                mostly = [r for r in refs if 2 * sum(e - s + 1 for s, e, v in facts.hymn(r).rishi_runs
                                                     if persons_in(v, persons)) >= facts.hymn(r).verses]
                return mostly or refs, f" attributed to {display_name(name[:1].upper() + name[1:])}"
        return None

    order = (by_seer, by_deity) if seer_cue and not deity_cue else (by_deity, by_seer)
    subject = order[0]() or order[1]()
    if subject:
        wanted = set(subject[0])
        pool = [h for h in pool if h.ref in wanted]
        where = subject[1]
    elif _name_words(clean):
        return None  # "the longest hymn to Zeus": not the longest hymn of all instead
    if mandala is not None:
        where += f" in maṇḍala {mandala}" + (f", {owned[1]}," if owned else "")
    if not pool:
        return [], pool, where
    if req.mode in ("max", "min"):
        best = (max if req.mode == "max" else min)(h.verses for h in pool)
        return [h for h in pool if h.verses == best], pool, where
    return [h for h in pool if _compare(req.mode, h.verses, req.number)], pool, where


def _refs_cited(hymns: Sequence[HymnFacts], limit: int = REFS_LIMIT) -> str:
    return " ".join(_cite(h.mandala, h.hymn) for h in hymns[:limit])


def _extreme_answer(question: str, facts: Facts) -> Optional[FactAnswer]:
    req = _extreme_request(question)
    if req is None:
        return None
    if req.unit == "mandala":
        return _extreme_mandala(facts, req)
    found = _extreme_hymns(question, facts, req)
    if found is None:
        return None
    hymns, pool, where = found
    where = where or " in the RigVeda"
    refs = [f"{h.ref}.1" for h in hymns[:REFS_LIMIT]]
    listed = _hymn_list([h.ref for h in hymns], limit=REFS_LIMIT)
    subject = [h.ref for h in hymns[:LIST_LIMIT]]
    if not pool:
        return FactAnswer(kind="extreme", text=f"No hymn{where} is in the index.", refs=[])
    if req.mode in ("max", "min"):
        word, n = _EXTREME_TEXT[req.mode], hymns[0].verses
        if len(hymns) == 1:
            text = f"The {word} hymn{where} is RV {hymns[0].ref}, with {_plural(n, 'verse')} {_refs_cited(hymns)}."
        else:
            text = (f"The {word} hymns{where} have {_plural(n, 'verse')} each; there are {len(hymns)}: {listed} "
                    f"{_refs_cited(hymns)}.")
        rest = sorted((h for h in pool if h.verses != n), key=lambda h: (-h.verses if req.mode == "max" else h.verses))
        if rest and len(hymns) < 5:
            nxt = rest[:5 - len(hymns)]
            text += " Next come " + _join([f"RV {h.ref} ({_plural(h.verses, 'verse')})" for h in nxt]) + "."
        if len(pool) > 1 and where != " in the RigVeda":
            text += f" That is among {_n(len(pool))} hymns{where.rstrip(',')}."
        return FactAnswer(kind="extreme", text=text, refs=refs, subject_hymns=subject)
    condition = {"eq": "only one verse" if req.number == 1 else f"exactly {req.number} verses",
                 "gt": f"more than {_plural(req.number, 'verse')}", "ge": f"at least {_plural(req.number, 'verse')}",
                 "lt": f"fewer than {_plural(req.number, 'verse')}", "le": f"at most {_plural(req.number, 'verse')}"}[req.mode]
    asked_yes_no = re.match(r"^(?:is|are|does|do|was|were) (?:there )?(?:an?y? )?", _q(question)) is not None
    if hymns:
        verb = "has" if len(hymns) == 1 else "have"
        lead = "Yes: " if asked_yes_no else ""
        count = _count(len(hymns), "hymn", "hymns", start=not asked_yes_no)
        if len(hymns) == 1:
            text = f"{lead}{count}{where} {verb} {condition}, RV {hymns[0].ref} {_refs_cited(hymns)}."
        else:
            text = f"{lead}{count}{where} {verb} {condition}: {listed} {_refs_cited(hymns)}."
        return FactAnswer(kind="extreme", text=text, refs=refs, subject_hymns=subject)
    shortest = min(h.verses for h in pool)
    longest = max(h.verses for h in pool)
    closest = ([h for h in pool if h.verses == shortest], "shortest") if req.number <= shortest else \
        ([h for h in pool if h.verses == longest], "longest") if req.number >= longest else ([], "")
    text = f"{'No: ' if asked_yes_no else ''}no hymn{where} has {condition}."
    text = text[:1].upper() + text[1:]
    if closest[0]:
        near = closest[0]
        text += (f" The {closest[1]} {'has' if len(near) == 1 else 'have'} {_plural(near[0].verses, 'verse')}"
                 f"{'' if len(near) == 1 else ' each'}: {_hymn_list([h.ref for h in near], limit=REFS_LIMIT)} "
                 f"{_refs_cited(near)}.")
    return FactAnswer(kind="extreme", text=text, refs=[f"{h.ref}.1" for h in closest[0][:REFS_LIMIT]],
                      subject_hymns=[h.ref for h in closest[0][:LIST_LIMIT]])


def _extreme_mandala(facts: Facts, req: "_Extreme") -> Optional[FactAnswer]:
    """"Which is the longest maṇḍala?" — ranked by verses (or by hymns when asked), with the other count."""
    rows = [(m, *_mandala_totals(facts, m)) for m in range(1, facts.index.mandala_count + 1)]
    rows = [r for r in rows if r[1]]
    if not rows or req.mode not in ("max", "min"):
        return None
    pick = max if req.mode == "max" else min
    col = 1 if req.by == "hymns" else 2
    best = pick(r[col] for r in rows)
    top = [r for r in rows if r[col] == best]
    other = "verses" if req.by == "hymns" else "hymns"
    word = ("most" if req.mode == "max" else "fewest") if req.by == "hymns" else _EXTREME_TEXT[req.mode]
    cites = " ".join(_cite(r[0], 1) for r in top)
    if req.by == "hymns":
        names = _join([f"maṇḍala {r[0]}" for r in top])
        each = " each" if len(top) > 1 else ""
        text = (f"{names[:1].upper() + names[1:]} {'has' if len(top) == 1 else 'have'} the {word} hymns, "
                f"{_n(best)}{each} " + "(" + "; ".join(f"maṇḍala {r[0]}: {_n(r[2])} verses" for r in top) + f") {cites}.")
    else:
        text = (f"By verses, the {word} maṇḍala is " + _join([f"maṇḍala {r[0]}, with {_n(r[2])} verses in "
                                                               f"{_n(r[1])} hymns" for r in top]) + f" {cites}.")
    col2 = 2 if col == 1 else 1
    best2 = pick(r[col2] for r in rows)
    top2 = [r[0] for r in rows if r[col2] == best2]
    if set(top2) != {r[0] for r in top}:
        text += (f" By {other}, it is maṇḍala{'s' if len(top2) > 1 else ''} {_join([str(m) for m in top2])} "
                 f"({_n(best2)} {other}{' each' if len(top2) > 1 else ''}).")
    per = ", ".join(f"{r[0]}: {_n(r[1])} hymns / {_n(r[2])} verses" for r in rows)
    text += f" Per maṇḍala — {per}."
    return FactAnswer(kind="extreme", text=text, refs=[f"{r[0]}.1.1" for r in top])


# --- answers: lists (by seer, to a deity, in a metre, of a maṇḍala) -------------------------------

_QUESTION_STOP = set(_key("""
which what who whom whose list name names show give tell me all any how many much number count hymns hymn
suktas sukta verses verse stanzas compose composed composes composer composers wrote write written writes
author authored authors seer seers rishi rishis rsi rsis poet poets sage sages attributed ascribed credited
revealed addressed dedicated devoted praising praise praised invoke invoked invoking to by of in the a an
and or is are was were does did do has have had there their his her its god gods deity deities goddess
metre meter metres meters rigveda rig veda rv mandala mandalas book books please find from for about with
family families count total altogether also only most main mainly exclusively whole entire
there here that this these those each every alone jointly together some several other others
""").split())


def _candidate_words(question: str) -> List[str]:
    """Words that may be a name: capitalised words first (names), stopwords dropped."""
    words = re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", question)
    out: List[str] = []
    capitalised = [w for i, w in enumerate(words) if w[:1].isupper() and i > 0]
    for word in capitalised + words:
        key = _key(word)
        for part in key.split():
            if len(part) >= 3 and part not in _QUESTION_STOP and part not in out:
                out.append(part)
    return out


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


def _seer_list(facts: Facts, question: str, mandala: Optional[int] = None) -> Optional[FactAnswer]:
    from pyapp.counts import seer_hymns  # the one computation of a seer's hymns

    seer = seer_hymns(facts.index, question, mandala)
    if seer is None:
        return None
    persons, family = seer.persons, seer.family_words
    person_refs, family_refs, name, partial = seer.refs, seer.family, seer.name, seer.partial
    if not person_refs:
        return FactAnswer(kind="list", text=f"No hymn of maṇḍala {mandala} is attributed to {display_name(name)}.", refs=[])
    if len(person_refs) == 1:
        ref = person_refs[0]
        text = (f"{display_name(name)} is named as the seer of one hymn, RV {ref}"
                f"{' (for some of its verses)' if partial else ''} {_cite(*map(int, ref.split('.')))}.")
    else:
        text = (f"{display_name(name)} is named as the seer of {_plural(len(person_refs), 'hymn')}, "
                f"{_mandala_phrase(person_refs)}: {_hymn_list(person_refs)}.")
        if partial:
            text = text[:-1] + f" (in {_n(len(partial))} of them only for some verses)."
    if family_refs:
        fam = _word(family[0])
        fam = fam[:1].upper() + fam[1:]
        examples = Counter(_main(facts.hymn(r).rishi_runs) for r in family_refs)
        fitting = [e for e, _ in examples.most_common() if e and _key(fam) in _key(e)]
        example = next((e for e in fitting if " or " not in e and "alternatively" not in e), "")
        like = f", e.g. {_named(example)}" if example and example != fam else ""
        text += (f" Seers bearing the family name {display_name(fam)}{like}, are credited with "
                 f"{_count(len(family_refs), 'more hymn', 'more hymns')}, {_mandala_phrase(family_refs)}.")
    refs = _first_verses(person_refs)
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=person_refs[:LIST_LIMIT])


def persons_in(value: str, persons: Sequence[str]) -> bool:
    """True when a displayed attribution names one of the matched persons (IAST words compared, so
    the family name Vāsiṣṭha is not the person Vasiṣṭha)."""
    words = set(re.split(r"[\s,()-]+", value.lower()))
    return any(_word(p).lower() in words for p in persons)


def _within(refs: Sequence[str], mandala: Optional[int]) -> List[str]:
    return list(refs) if mandala is None else [r for r in refs if r.split(".")[0] == str(mandala)]


def _deity_list(facts: Facts, question: str, verses: bool = False, seers: bool = False,
                mandala: Optional[int] = None) -> Optional[FactAnswer]:
    label, main, part = _deity_match(facts, question)
    if not label or not (main or part):
        return None
    main, part = _within(main, mandala), _within(part, mandala)
    if not (main or part):
        return FactAnswer(kind="list", text=f"No hymn of maṇḍala {mandala} is addressed to {_named(label)}.", refs=[])
    refs = main or part
    if verses:
        keys = [_key(re.sub(r"^the ", "", x.split(" (")[0])) for x in label.split(" and ")]
        count = sum(e - s + 1 for r in refs + part for s, e, v in facts.hymn(r).deity_runs
                    if all(k in _key(v) for k in keys)) if main else 0
        count = count or sum(e - s + 1 for r in part for s, e, v in facts.hymn(r).deity_runs if keys[0] in _key(v))
        text = (f"{_n(count)} verses are addressed to {_named(label)} according to the Anukramaṇī, in "
                f"{_plural(len(set(main) | set(part)), 'hymn')} {_cite(*map(int, refs[0].split('.')))}.")
        return FactAnswer(kind="verse_count", text=text, refs=_first_verses(refs))
    if seers:
        counts = Counter(_main(facts.hymn(r).rishi_runs) for r in refs)
        counts.pop("", None)
        top = counts.most_common(4)
        text = (f"The {_plural(len(refs), 'hymn')} addressed {'mainly ' if main else 'in part '}to {_named(label)} are "
                f"attributed to {_plural(len(counts), 'seer')}, most often "
                + _join([f"{_named(name)} ({_plural(n, 'hymn')})" for name, n in top])
                + f": {_hymn_list(refs)}.")
        return FactAnswer(kind="list", text=text, refs=_first_verses(refs), subject_hymns=refs[:LIST_LIMIT])
    more = _shared_sentences(facts, question, mandala, label, part)
    if len(main) == 1:
        m, h = map(int, main[0].split("."))
        text = f"RV {main[0]} is the hymn addressed mainly to {_named(label)} {_cite(m, h)}." + more
    elif main:
        text = (f"{_plural(len(main), 'hymn is', 'hymns are')} addressed mainly to {_named(label)}, "
                f"{_mandala_phrase(main)}: {_hymn_list(main)}." + more)
    else:  # no pronoun: whether the name is a god, a goddess or a group is not in the index
        verses = _deity_verses(facts, label, part)
        where = (f", RV {part[0]} {_cite(*map(int, verses[0].split('.')))}" if len(part) == 1 else
                 f", {_mandala_phrase(part)}: {_hymn_list(part)}")
        text = (f"{_count(len(part), 'hymn addresses', 'hymns address', start=True)} {_named(label)} in some verses "
                f"or jointly with other gods{where}; no hymn is addressed mainly to {label}.")
        return FactAnswer(kind="list", text=text, refs=verses[:REFS_LIMIT], subject_hymns=part[:LIST_LIMIT])
    return FactAnswer(kind="list", text=text, refs=_first_verses(refs), subject_hymns=refs[:LIST_LIMIT])


def _shared_sentences(facts: Facts, question: str, mandala: Optional[int], label: str, part: Sequence[str]) -> str:
    """After the hymns to a god alone: those it shares with one partner, named as the pair
    ("23 more are addressed to Mitra and Varuṇa together (Mitra–Varuṇa): …"), then the rest."""
    from pyapp.counts import god_hymns

    god = god_hymns(facts.index, question, mandala)
    joint = god.joint if god is not None and set(god.joint_refs) <= set(part) else []
    rest = [r for r in part if r not in {ref for _, _, refs in joint for ref in refs}]
    out = ""
    for partner, pair, refs in joint:
        out += (f" {_count(len(refs), 'more is', 'more are', start=True)} addressed to {label} and {partner} "
                f"together ({pair}): {_hymn_list(refs, 6)}.")
    if rest:
        out += (f" {_count(len(rest), 'more hymn addresses', 'more hymns address', start=True)} {label} in some "
                f"verses or jointly with other gods.")
    return out


def _deity_verses(facts: Facts, label: str, refs: Sequence[str]) -> List[str]:
    """The first verse of each hymn whose Anukramaṇī deity names ``label`` (else verse 1)."""
    keys = [_key(re.sub(r"^the ", "", x.split(" (")[0])) for x in label.split(" and ")]
    out = []
    for ref in refs:
        hymn = facts.hymn(ref)
        start = next((s for s, _, v in (hymn.deity_runs if hymn else []) if all(k in _key(v) for k in keys)), 1)
        out.append(f"{ref}.{start}")
    return out


def _ranking(facts: Facts, question: str, what: str = "") -> Optional[FactAnswer]:
    """"Which seer composed the most hymns?" / "Which god has the most hymns?" (by main attribution);
    ``what="seers"`` forces the seers' ranking ("Who were the seers of the RigVeda?")."""
    q = _q(question)
    if not what and not re.search(r"\bmost (?:hymns|verses)\b", q):
        return None
    by_verse = "most verses" in q
    counts: Counter = Counter()
    first: Dict[str, str] = {}
    if what == "seers" or (re.search(rf"\b{_SEER_WORDS}\b|\bwho\b", q)
                           and not re.search(rf"\b{_DEITY_WORDS}\b|\baddressed\b", q)):
        what = "seers"
        for h in facts.hymns:
            for s, e, v in (h.rishi_runs if by_verse else [(1, 1, _main(h.rishi_runs))]):
                if v:
                    counts[v] += e - s + 1
                    first.setdefault(v, h.ref)
    else:
        what = "addressees"
        firsts: Counter = Counter(n[0].split()[0] for n in (_addressee_names(h.addressee) for h in facts.hymns)
                                  if n and n[0] not in ("gods", "diverse gods", "?"))
        for key, _ in firsts.most_common(8):  # recount like the lists do ("hymns addressed mainly to X")
            main = [h for h in facts.hymns if _hit(key, h.main_deity_keys)]
            if main:
                name = _pretty_key(key, facts, [h.ref for h in main])
                counts[name] = sum(h.verses for h in main) if by_verse else len(main)
                first[name] = main[0].ref
    if not counts:
        return None
    unit = "verse" if by_verse else "hymn"
    top = counts.most_common(5)
    if what == "seers":
        text = (f"The Anukramaṇī (the traditional index) names the seer of every hymn: {_n(len(counts))} different "
                f"attributions for {_n(len(facts.hymns))} hymns; the most frequent are "
                + _join([f"{_named(name)} ({_plural(n, unit)}, e.g. RV {first[name]})" for name, n in top]) + ".")
        refs = [f"{first[name]}.1" for name, _ in top]
        return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[first[name] for name, _ in top])
    text = (f"By the index's {'Anukramaṇī attributions' if what == 'seers' else 'hymn addressees'}, the {what} with the most "
            f"{unit}s are " + _join([f"{_named(name)} ({_plural(n, unit)}, e.g. RV {first[name]})" for name, n in top]) + ".")
    refs = [f"{first[name]}.1" for name, _ in top]
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=[first[name] for name, _ in top])


def _metre_in_question(facts: Facts, question: str) -> str:
    for word in _candidate_words(question):
        key = _metre_key(word)
        if key in _METRES and key in facts.metre_vocab:
            return key
        if len(key) >= 4:
            for known in facts.metre_vocab:
                if known == key:
                    return known
    return ""


def _metre_list(facts: Facts, question: str, mandala: Optional[int] = None) -> Optional[FactAnswer]:
    key = _metre_in_question(facts, question)
    if not key:
        return None
    hymns = [h for h in facts.hymns if mandala is None or h.mandala == mandala]
    main = [h.ref for h in hymns if h.metre_keys and h.metre_keys.most_common(1)[0][0] == key]
    part = [h.ref for h in hymns if key in h.metre_keys and h.ref not in set(main)]
    verses = sum(h.metre_keys.get(key, 0) for h in hymns)
    name = metre_display(_METRES[key][0] if key in _METRES else key)
    text = (f"{_plural(len(main), 'hymn is', 'hymns are')} mainly in the {name} metre, {_mandala_phrase(main)}: "
            f"{_hymn_list(main)}.")
    text += f" Counting single verses, {_n(verses)} verses are in this metre"
    text += f" (also in {_count(len(part), 'more hymn', 'more hymns')})." if part else "."
    return FactAnswer(kind="list", text=text, refs=_first_verses(main), subject_hymns=main[:LIST_LIMIT])


def _mandala_list(facts: Facts, mandala: int) -> FactAnswer:
    hymns = facts.mandala_hymns(mandala)
    if not hymns:
        return FactAnswer(kind="not_found", text=f"Maṇḍala {mandala} does not exist: the RigVeda has maṇḍalas "
                          f"1–{facts.index.mandala_count}.", refs=[])
    refs = [h.ref for h in hymns]
    top = Counter(h.addressee for h in hymns if h.addressee).most_common(3)
    seers = Counter(_main(h.rishi_runs) for h in hymns if _main(h.rishi_runs)).most_common(2)
    text = f"Maṇḍala {mandala} has {_plural(len(hymns), 'hymn')}: {_hymn_list(refs)}."
    if top:
        text += " Most are addressed to " + _join([f"{a} ({n})" for a, n in top]) + "."
    if seers:
        text += " The most frequent seers are " + _join([f"{s} ({n})" for s, n in seers]) + "."
    return FactAnswer(kind="list", text=text, refs=_first_verses(refs), subject_hymns=refs[:LIST_LIMIT])


def _drop_words(question: str, keys: Iterable[str]) -> str:
    """The question without the words whose matching key is one of ``keys`` (possessive "'s" ignored)."""
    keys = set(keys)
    return re.sub(r"[^\W\d_]+(?:['’][^\W\d_]+)?['’]?",
                  lambda m: " " if _key(re.sub(r"['’]s?$", "", m.group())) in keys else m.group(), question)


def _list_answer(question: str, facts: Facts) -> Optional[FactAnswer]:
    ranking = _ranking(facts, question)
    if ranking:
        return ranking
    mandala = _mandala_of(question)
    if _book_of(question) is not None:  # "hymns in Viśvāmitra's maṇḍala": the book, not the seer
        question = _drop_words(question, _book_owner_words(question))
    q = _q(question)
    verses = bool(_RE_VERSE_COUNT.search(q)) and not re.search(rf"\b{_HYMN}\b", q)
    if _RE_METRE.search(q) or re.search(rf"\b{_METRE_NAMES}\b", q):
        answer = _metre_list(facts, question, mandala)
        if answer:
            return answer
    seer_cue = re.search(rf"\b{_SEER_WORDS}\b|\bby\b|\bdid\b", q)
    deity_cue = re.search(r"\b(?:to|addressed|dedicated|devoted|prais\w*|invok\w*|god|gods|deity|deities|goddess)\b", q)
    asks_seers = re.search(r"\b(?:which|what) (?:poets?|seers?|rs?is?|ris?his?|sages?|authors?|composers?)\b|"
                           r"\bwho (?:composed|wrote|authored)\b", q)
    if asks_seers and deity_cue:
        answer = _deity_list(facts, question, seers=True, mandala=mandala)
        if answer:
            return answer
    if seer_cue and not deity_cue:
        answer = _seer_list(facts, question, mandala) or _deity_list(facts, question, verses, mandala=mandala)
    elif deity_cue:
        answer = _deity_list(facts, question, verses, mandala=mandala) or _seer_list(facts, question, mandala)
    else:  # "hymns of Lopāmudrā": a seer, unless the name is some hymn's main deity
        label, main, _ = _deity_match(facts, question)
        answer = (_deity_list(facts, question, verses, mandala=mandala) if main else None) or \
            _seer_list(facts, question, mandala) or _deity_list(facts, question, verses, mandala=mandala)
    if answer:
        return answer
    if mandala is not None:
        return _mandala_list(facts, mandala)
    return None


# --- answers: family books, first/last ------------------------------------------------------------

FAMILY_BOOKS = {2: "gṛtsamada", 3: "viśvāmitra", 4: "vāmadeva", 5: "atri", 6: "bharadvāja", 7: "vasiṣṭha"}


def _family_share(facts: Facts, mandala: int, person: str) -> Tuple[int, int]:
    persons, family = facts.seer_words(_key(person))
    names = set(persons) | set(family)
    if person == "vāmadeva":  # Vāmadeva Gautama: the Gautamas are his family
        names |= {w for w in facts.rishi_vocab if _key(w).startswith("gautam")}
    index = facts.index
    total = hits = 0
    for hymn in facts.mandala_hymns(mandala):
        for verse in index.hymn(mandala, hymn.hymn):
            total += 1
            raw = verse.rishi or ""
            if names & set(_words_of(raw)):
                hits += 1
    return hits, total


def _family_answer(question: str, facts: Facts) -> FactAnswer:
    mandala = _mandala_of(question)
    if mandala is None:  # "Which is the family book of Vasishtha?"
        words = _candidate_words(question)
        for number, person in FAMILY_BOOKS.items():
            if any(len(w) >= 4 and _key(person).startswith(w[:5]) for w in words):
                mandala = number
                break
    if mandala in FAMILY_BOOKS:
        person = FAMILY_BOOKS[mandala]
        hits, total = _family_share(facts, mandala, person)
        name = display_name(person[:1].upper() + person[1:])
        text = (f"Maṇḍala {mandala} is the family book of {name} and his descendants: the Anukramaṇī names them "
                f"as seers of {_n(hits)} of its {_n(total)} verses {_cite(mandala, 1)}. The family books are maṇḍalas 2–7.")
        return FactAnswer(kind="family_books", text=text, refs=[f"{mandala}.1.1"])
    parts = []
    for number, person in FAMILY_BOOKS.items():
        hits, total = _family_share(facts, number, person)
        share = round(100 * hits / total) if total else 0
        parts.append(f"{number} {display_name(person[:1].upper() + person[1:])}: {share}%")
    text = ("The family books are maṇḍalas 2–7, each composed mostly by one family of seers "
            f"{_cite(2, 1)} {_cite(7, 1)}. Share of each book's verses that the Anukramaṇī ascribes to the "
            "family: " + "; ".join(parts) + ".")
    return FactAnswer(kind="family_books", text=text, refs=[f"{m}.1.1" for m in FAMILY_BOOKS])


def _first_last_answer(question: str, facts: Facts) -> Optional[FactAnswer]:
    parsed = parse_reference(question)
    if parsed is None:
        q = _q(question)
        match = re.search(rf"\b(first|opening|1st|last|final|closing|concluding)\s+({_HYMN}|{_VERSE})\b", q)
        if not match:
            return None
        last = match.group(1) in ("last", "final", "closing", "concluding")
        mandala = _mandala_of(question)
        if mandala is None:
            if not _WHOLE_RV.search(q):
                return None
            mandala = 10 if last else 1
        is_hymn = re.fullmatch(_HYMN, match.group(2)) is not None
        parsed = ParsedReference(mandala=mandala, hymn=1, hymn_from_end=last,
                                 verse=None if is_hymn else 1, verse_from_end=last and not is_hymn)
    found = resolve(parsed, facts.index)
    if isinstance(found, str):
        return FactAnswer(kind="not_found", text=found + ".", refs=[])
    first = found[0]
    hymn = facts.hymn(f"{first.mandala}.{first.hymn}")
    if hymn is None:
        return None
    which = "last" if parsed.hymn_from_end else "first"
    whole = _WHOLE_RV.search(_q(question)) and not _mandala_of(question)
    scope = "the RigVeda" if whole else f"maṇḍala {hymn.mandala}"
    if parsed.verse is not None:
        v = found[0].verse
        text = f"The {which} verse of {scope} is RV {hymn.ref}.{v} {_cite(hymn.mandala, hymn.hymn, v)}."
        return FactAnswer(kind="first_last", text=text, refs=[f"{hymn.ref}.{v}"], subject_hymns=[hymn.ref])
    seer = _main(hymn.rishi_runs)
    text = f"The {which} hymn of {scope} is RV {hymn.ref}, addressed to {_addressee_phrase(hymn)[0]} {_cite(hymn.mandala, hymn.hymn)}."
    if seer:
        text += f" Its seer is {_named(seer)}; it has {_plural(hymn.verses, 'verse')}."
    return FactAnswer(kind="first_last", text=text, refs=[f"{hymn.ref}.1"], subject_hymns=[hymn.ref])


def _mandala_profile(kind: str, facts: Facts, mandala: int) -> FactAnswer:
    """Who composed / whom it addresses / which metres: a summary of one maṇḍala."""
    hymns = facts.mandala_hymns(mandala)
    if not hymns:
        return FactAnswer(kind="not_found", text=f"Maṇḍala {mandala} does not exist: the RigVeda has maṇḍalas "
                          f"1–{facts.index.mandala_count}.", refs=[])
    cite = _cite(mandala, 1)
    if kind == "deity":
        counts = Counter(h.addressee for h in hymns if h.addressee and h.addressee != "?")
        top = counts.most_common(4)
        text = (f"Of the {_n(len(hymns))} hymns of maṇḍala {mandala}, most are addressed to "
                + _join([f"{a} ({_n(n)})" for a, n in top]) + f" {cite}.")
        return FactAnswer(kind=kind, text=text, refs=[f"{mandala}.1.1"])
    if kind == "metre":
        counts = Counter()
        for h in hymns:
            for s, e, v in h.metre_runs:
                if v:
                    counts[metre_display(v).split(" (")[0]] += e - s + 1
        total = sum(h.verses for h in hymns)
        top = counts.most_common(3)
        text = (f"Maṇḍala {mandala} is mostly in " + _join([f"{name} ({_n(n)} of its {_n(total)} verses)" if i == 0
                                                         else f"{name} ({_n(n)})" for i, (name, n) in enumerate(top)])
                + f" {cite}.")
        return FactAnswer(kind=kind, text=text, refs=[f"{mandala}.1.1"])
    seers = Counter(_main(h.rishi_runs) for h in hymns if _main(h.rishi_runs))
    top = seers.most_common(3)
    if len(seers) == 1:
        text = f"All {_n(len(hymns))} hymns of maṇḍala {mandala} are attributed to {_named(top[0][0])} {cite}."
    else:
        text = (f"The {_n(len(hymns))} hymns of maṇḍala {mandala} are attributed to {_n(len(seers))} seers, most often "
                + _join([f"{_named(s)} ({_plural(n, 'hymn')})" for s, n in top]) + f" {cite}.")
    if mandala in FAMILY_BOOKS:
        text += " It is one of the family books (maṇḍalas 2–7)."
    return FactAnswer(kind="seer", text=text, refs=[f"{mandala}.1.1"])


# --- entry point ----------------------------------------------------------------------------------

_RV_SEERS = re.compile(r"\b(?:seers|poets|rsis|risis|authors|composers|sages)\b[^?.]*\b(?:ri?g\s?-?veda|rgveda)\b|"
                       r"\b(?:wrote|composed|authored|written|composed)\b (?:the )?(?:hymns of the )?(?:ri?g\s?-?veda|rgveda)\b")


_GENERIC_WORDS = frozenset(_key(w) for w in """
samhita collection text texts scripture scriptures corpus vedic veda vedas sanskrit anukramani index english
griffith jamison brereton geldner hindu hinduism india indian i get gets got receive receives received given give
gives contain contains containing have has own owns exist exists altogether overall total whole entire
""".split())


def _name_words(question: str) -> List[str]:
    """Words of the question that look like a name (capitalised inside the sentence, written with
    diacritics, or the subject of "does X get/have"), other than question and generic words."""
    out: List[str] = []
    words = list(re.finditer(r"[^\W\d_]+(?:['’][^\W\d_]+)?", question))
    subject = {m.group(1) for m in re.finditer(
        r"\b(?:does|did|is|was|has) ([a-z]+) (?:get|got|have|has|receive|received|given|own|compose|composed|write|wrote)\b",
        _q(question))}
    for i, match in enumerate(words):
        word = re.sub(r"['’]s?$", "", match.group())
        key = _key(word)
        if not key or key in _QUESTION_STOP or key in _GENERIC_WORDS or len(key) < 3:
            continue
        if (i > 0 and word[:1].isupper()) or not word.isascii() or fold(word) in subject:
            out.append(key)
    return out


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
