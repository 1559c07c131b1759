"""Names of seers as the Anukramaṇī writes them, made readable and matchable.

The fields are IAST in the nominative with sandhi ("maitrāvaruṇirvasiṣṭhaḥ", "bhaumo'triḥ") and
notes in parentheses. Here: notes dropped, sandhi undone (a name parted from the patronymic glued to
it, "vā" read as "or" only where it is a word of its own), the display stem ("madhucchandā" →
"Madhucchandas"), the ASCII spelling readers type (:func:`ascii_name`, :func:`display_name`), the
spelling-insensitive matching key (:func:`_key`) and the vṛddhi stem that tells a person from his
family (Viśvāmitra / Vaiśvāmitra). Why apart: these are pure string functions over one name, used by
the per-index tables and by every answer, and they know nothing of questions or of the index.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import List, Optional, Sequence, Tuple

from pyapp.lexicon import norm

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


def persons_in(value: str, persons: Sequence[str]) -> bool:
    """True when a displayed attribution names one of the matched persons (IAST words compared, so
    the family name Vāsiṣṭha is not the person Vasiṣṭha)."""
    words = set(re.split(r"[\s,()-]+", value.lower()))
    return any(_word(p).lower() in words for p in persons)
