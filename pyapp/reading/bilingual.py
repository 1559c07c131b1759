"""A word of another language that no hand lexicon, concept row, name or cognate read, looked up in a free
bilingual dictionary (``bilingual/<code>.json``, built by ``corpus_build.bilingual`` from FreeDict).

Why: the hand-made lexicons and the concept table are curated but small (a few hundred words a language), and
every blind set's questions failed on the everyday words nobody had put there ("Gift", "piège", "शिकार",
"netos"). A dictionary knows them. It is consulted last, after every curated source (``pyapp.reading.gloss``
calls it only for a word that is still unread), never for a word the curated tables read as a function word,
and its English is restricted at build time to words the index knows. The word is met under light inflection:

- the folded word, then its Snowball key (the table carries the keys of its headwords, so nothing is stemmed
  in bulk in the browser);
- per language family, endings taken off (Romance plurals, Slavic case endings, Hindi's oblique and plural
  -ों/-ओं/-े/-ियों, Swahili's noun-class prefixes and the agent ending -aji);
- German, Dutch and the Scandinavian languages: a compound split where both halves are entries (with the
  linking -s-, -es-, -n-, -en- taken off the first): "Zaubersprüche" → "magic" + "saying".

The table is fetched with the language's word list when the first question in that language arrives (never on
an English reader's visit); without it (not built, not fetched, offline) the reader reads as before.

Languages of India with no dictionary of their own (Bengali, Tamil, Malayalam, Telugu, Kannada, Gujarati, Marathi,
Nepali, Punjabi, Odia, Assamese, Maithili) are read through the Hindi table (``indic_lookup``): many of their content
words are Sanskrit loans Hindi shares (নরবলি, ಕವಚ, ప్రాచీన), met once the language's own case endings and
particles are off (a table of endings per language, ``pyapp/data/indic_endings.json``) and the script is folded to
Devanagari; vowel length is not compared (Marathi कबुतर, Hindi कबूतर), and for Tamil, whose script writes k, g, kh
and gh with one letter, neither is voicing or aspiration.
"""
from __future__ import annotations

import json
import os
import unicodedata
from typing import Dict, List, Optional, Tuple

BILINGUAL_DIR = "bilingual"
# the languages a table may exist for (corpus_build.bilingual.DICTIONARIES)
LANGUAGES = ("de", "fr", "it", "es", "pt", "nl", "sv", "da", "pl", "cs", "sk", "hr", "sr", "hu", "fi", "tr",
             "el", "sw", "hi", "ru", "sl", "lt", "af", "la", "is", "cy", "ga", "eo",
             "ja", "zh")  # Japanese: FreeDict's JMdict; Chinese: CC-CEDICT
_ROMANCE = {"es", "pt", "it", "fr"}
_SLAVIC = {"pl", "cs", "sk", "hr", "sr", "ru"}
_COMPOUNDING = {"de", "nl", "sv", "da"}
# Hindi's Snowball stem strips the vowel that tells words apart (जारी "ongoing" is no जार "lover"): its own endings only
_UNSTEMMED = {"hi"}
# (ending, replacement), longest first; folded as the word is before they are compared (Polish -ów is -ow)
_ENDINGS: Dict[str, List[tuple]] = {
    "es": [("ces", "z"), ("es", ""), ("s", ""), ("as", "o"), ("a", "o")],
    "pt": [("oes", "ao"), ("aes", "ao"), ("ns", "m"), ("es", ""), ("s", ""), ("as", "o"), ("a", "o")],
    "it": [("chi", "co"), ("ghi", "go"), ("i", "o"), ("i", "e"), ("e", "a"), ("e", "o")],
    "fr": [("aux", "al"), ("x", ""), ("s", ""), ("es", ""), ("e", "")],
    "de": [("innen", ""), ("in", ""), ("en", ""), ("n", ""), ("e", ""), ("er", ""), ("es", ""), ("s", "")],
    "nl": [("en", ""), ("s", ""), ("eren", "")],
    "sv": [("arna", ""), ("erna", ""), ("orna", ""), ("ar", ""), ("er", ""), ("or", ""), ("en", ""), ("et", "")],
    "da": [("erne", ""), ("ene", ""), ("er", ""), ("en", ""), ("et", ""), ("e", "")],
    "pl": [("ami", ""), ("ach", ""), ("owie", ""), ("ów", ""), ("om", ""), ("ie", ""), ("y", ""), ("i", ""),
           ("a", ""), ("e", ""), ("u", ""), ("ę", ""), ("ą", "")],
    "cs": [("ami", ""), ("ech", ""), ("ové", ""), ("ů", ""), ("y", ""), ("i", ""), ("a", ""), ("e", ""), ("u", "")],
    "sk": [("ami", ""), ("och", ""), ("ov", ""), ("y", ""), ("i", ""), ("a", ""), ("e", ""), ("u", "")],
    "hr": [("ima", ""), ("ama", ""), ("ovi", ""), ("evi", ""), ("i", ""), ("a", ""), ("e", ""), ("u", ""), ("om", "")],
    "sr": [("ima", ""), ("ama", ""), ("ovi", ""), ("i", ""), ("a", ""), ("e", ""), ("u", ""), ("om", "")],
    "ru": [("ами", ""), ("ями", ""), ("ах", ""), ("ов", ""), ("ей", ""), ("ы", ""), ("и", ""), ("а", ""), ("у", ""),
           ("е", ""), ("ом", "")],
    "hi": [("ियों", "ी"), ("ियों", "िया"), ("ियाँ", "ी"), ("ाओं", "ा"), ("ओं", ""), ("ों", ""), ("ों", "ा"),
           ("ें", ""), ("ें", "ा"), ("े", "ा"), ("े", ""), ("िया", "ी"), ("ी", "ा"), ("ए", "")],
    "sw": [("aji", "a")],
}
_NOMINATIVE: Dict[str, tuple] = {"pl": ("a", "o", "e"), "cs": ("a", "o", "e"), "sk": ("a", "o", "e"),
                                  "hr": ("a", "o", "e"), "sr": ("a", "o", "e"), "ru": ("а", "о", "ь")}
_NOMINATIVE.update({code: () for code in _ENDINGS if code not in _NOMINATIVE})
_SWAHILI_PREFIXES = ("wa", "mw", "m", "u", "ku", "ki", "vi", "ma", "mi", "ji", "n")

_TABLES: Dict[str, Optional[Dict[str, str]]] = {}
_FORMS: Dict[str, Dict[str, str]] = {}  # path → {inflected form: headword ("" = an auxiliary's form)}
_SOURCES: Dict[str, str] = {}  # language → the dictionary its table was built from ("FreeDict deu-eng", "CC-CEDICT")
INDIC_DATA = "data/indic_endings.json"


def table_file(language: str) -> str:
    """The index file a language's dictionary table is in ("bilingual/es.json")."""
    return f"{BILINGUAL_DIR}/{language}.json"


def _path(language: str, index_dir: Optional[str]) -> str:
    return os.path.abspath(os.path.join(index_dir or "", table_file(language)))


def load(language: str, index_dir: Optional[str]) -> Optional[Dict[str, str]]:
    """The language's table (folded word → "english words"), read once; None while the file is absent (no
    miss is remembered: the page may write it before the next question)."""
    if not index_dir or language not in LANGUAGES:
        return None
    path = _path(language, index_dir)
    if path not in _TABLES or _TABLES[path] is None:
        try:
            with open(path, "rb") as handle:
                data = json.loads(handle.read().decode("utf-8"))
            _TABLES[path] = {str(k): str(v) for k, v in (data.get("words") or {}).items()}
            _FORMS[path] = {str(k): str(v) for k, v in (data.get("forms") or {}).items()}
            _SOURCES[language] = str(data.get("dictionary") or "FreeDict")
        except (OSError, ValueError, AttributeError):
            return None
    return _TABLES[path]


def loaded(language: str, index_dir: Optional[str]) -> bool:
    """Whether the table was read in this process (for tests: an English question never loads one)."""
    return bool(index_dir) and os.path.abspath(os.path.join(index_dir, table_file(language))) in _TABLES


def _fold(word: str) -> str:
    from pyapp.reading.gloss import _fold as fold

    return fold(unicodedata.normalize("NFC", word.lower()))


def _find(word: str, language: str, words: Dict[str, str], stemmed: bool = True) -> Optional[str]:
    """The word as it stands, or (``stemmed``) by its Snowball key."""
    from pyapp.reading.gloss import _stem

    if len(word) < 2 and not "\u3400" <= word <= "\u9fff":  # a Chinese character is a word on its own (雷)
        return None
    found = words.get(word)
    if found is None and stemmed and len(word) >= 4:
        found = words.get(_fold(_stem(word, language)))
    return found


def _inflected(word: str, language: str, words: Dict[str, str], stemmed: bool = True) -> Optional[str]:
    for ending, instead in _ENDINGS.get(language, []):
        ending, instead = _fold(ending), _fold(instead)
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            stem = word[: len(word) - len(ending)]
            # a Slavic case ending off, the nominative's vowel on (mrówkach → mrówka, волках → волк)
            tried_forms = [stem + instead] + ([stem + v for v in _NOMINATIVE[language]] if not instead else [])
            if language == "ru" and not instead:
                tried_forms += _fleeting(stem)
            for tried in tried_forms:
                found = _find(tried, language, words, stemmed)
                if found is not None:
                    return found
    return None


_RU_VOWELS = set("аеёиоуыэюяй")


def _fleeting(stem: str) -> List[str]:
    """A Russian noun's nominative with its fleeting vowel back (львы → лев, отцы → отец, сны → сон): the
    vowel the other cases drop between the stem's last two consonants, where ь or nothing stands."""
    if len(stem) < 2 or stem[-1] in _RU_VOWELS:
        return []
    if stem[-2] == "ь":
        return [stem[:-2] + "е" + stem[-1]]
    if stem[-2] in _RU_VOWELS:
        return []
    return [stem[:-1] + "е" + stem[-1], stem[:-1] + "о" + stem[-1]]


def _swahili(word: str, words: Dict[str, str]) -> Optional[str]:
    """A noun-class prefix off (wawindaji, uwindaji), then the agent or abstract ending read as its verb."""
    for prefix in _SWAHILI_PREFIXES:
        if word.startswith(prefix) and len(word) - len(prefix) >= 3:
            core = word[len(prefix):]
            for candidate in (core, "ku" + core, "m" + core, "mw" + core):
                found = words.get(candidate) or _inflected(candidate, "sw", words)
                if found is not None:
                    return found
    return None


def _compound(word: str, language: str, words: Dict[str, str]) -> Optional[str]:
    """A compound whose two halves are entries, read as both (the head last, as English writes it)."""
    for cut in range(len(word) - 4, 2, -1):
        head = _find(word[cut:], language, words) or _inflected(word[cut:], language, words)
        if head is None:
            continue
        first = word[:cut]
        for link in ("", "s", "es", "n", "en", "e"):
            if link and not (first.endswith(link) and len(first) - len(link) >= 3):
                continue
            modifier = _find(first[: len(first) - len(link)] if link else first, language, words)
            if modifier is not None:
                return f"{modifier.split(' ')[0]} {head.split(' ')[0]}"
    return None


_STOP: Dict[str, frozenset] = {}
# Hindi's auxiliaries and light verbs, in their common forms: they say tense and voice, not a topic (a dictionary
# reads मिलता "is found" as "afoot"); the hand lexicon reads some, the rest are never looked up
_HINDI_FUNCTION = frozenset("""
है हैं था थी थे हो होता होती होते होगा होगी होंगे हुआ हुई हुए होना मिलता मिलती मिलते मिला मिली मिले मिलना
जाता जाती जाते जाना गया गई गए गयी जा रहा रही रहे करता करती करते करना किया किये किए की कर सकता सकती सकते
चाहिए लगता लगती लगते लगा दिया दी दिए देता देती देते लिया ली लिए लेता लेती लेते कहते कहा कहता कहती बताया बताते
बताइए बताएं बताओ वाला वाली वाले यानी अर्थात् भी ही तो तक साथ बारे बाद पहले यह वह ये वे इस उस इन उन
""".split())


def _stopwords(language: str) -> frozenset:
    """The language's function and question words (``pyapp.search.translations.STOPWORDS`` and
    ``QUESTION_WORDS``, German, French and Russian; Hindi's auxiliaries above), folded. Elsewhere the hand lexicon and the concept rows
    read a language's function words before the dictionary is asked, and the dictionary's English holds no
    function word (``corpus_build.bilingual``)."""
    found = _STOP.get(language)
    if found is None:
        from pyapp.search.translations import QUESTION_WORDS, STOPWORDS

        found = _STOP[language] = frozenset(_fold(w) for w in STOPWORDS.get(language, frozenset())
                                            | QUESTION_WORDS.get(language, frozenset())
                                            | (_HINDI_FUNCTION if language == "hi" else frozenset()))
    return found


def in_phrase(before: str, word: str, after: str, language: str, index_dir: Optional[str]) -> bool:
    """Whether ``word`` is half of a two-word phrase the dictionary has but the index's English cannot say
    (Hindi "हवाई जहाज़", an aeroplane): its words are then not read one by one ("air", "ship")."""
    words = load(language, index_dir)
    if not words:
        return False
    folded = _fold(word)
    return any(words.get(f"{a} {b}") == "" for a, b in ((_fold(before), folded), (folded, _fold(after))) if a and b)


def table_lookup(folded: str, language: str, words: Dict[str, str]) -> Optional[str]:
    """The English ``words`` (a language's table) give for a folded word under every form the reader tries
    (as typed, its own endings off, its Snowball key, a Swahili prefix off, a compound's halves); None when none
    is an entry. The build asks it too: an inflected form it already meets needs no ``forms`` entry."""
    # the word's own endings first (Hindi शिकारियों is शिकारी "hunter"; its Snowball stem शिकार is "prey")
    found = _find(folded, language, words, False) or _inflected(folded, language, words, False)
    if language not in _UNSTEMMED:
        found = found or _find(folded, language, words) or _inflected(folded, language, words)
    if found is None and language == "sw":
        found = _swahili(folded, words)
    if found is None and language in _COMPOUNDING and len(folded) >= 7:
        return _compound(folded, language, words)
    return found.split(" ")[0] if found else None


def lookup(word: str, language: str, index_dir: Optional[str]) -> Optional[str]:
    """The English a dictionary gives for one word (its first sense's word; a compound's two), or None when
    there is no table or no entry under any form tried; "" for a form of an auxiliary ("hanno", "avuto": tense,
    not topic), which the reader drops. An inflected form the table's own lookup misses is met through its
    headword (``forms``, written by ``corpus_build.lemma_forms``: "litigano" → "litigare" → "quarrel")."""
    words = load(language, index_dir)
    if not words or not word:
        return None
    folded = _fold(word)
    if folded in _stopwords(language):
        return None  # a function word the curated tables left unread stays unread
    found = table_lookup(folded, language, words)
    if found is None:
        headword = _FORMS.get(_path(language, index_dir), {}).get(folded)
        if headword == "":
            return ""
        if headword:
            found = table_lookup(headword, language, words)
    return found


def source(language: str) -> str:
    """The name of the dictionary a language's table came from, for the reader's note ("FreeDict deu-eng")."""
    return _SOURCES.get(dictionary_language(language) or language, "FreeDict")


_INDIC: Dict[str, List[Tuple[str, str]]] = {}


def indic_endings() -> Dict[str, List[Tuple[str, str]]]:
    """{language: [(ending, replacement)], longest first} from ``pyapp/data/indic_endings.json`` (read once)."""
    if not _INDIC:
        from pyapp import data_tables

        raw = data_tables.table(INDIC_DATA, {})
        for code, pairs in (raw.get("languages") or {}).items():
            _INDIC[code] = sorted(((str(e), str(r)) for e, r in pairs), key=lambda p: -len(p[0]))
        _INDIC.setdefault("", [])  # read once even when empty
    return {k: v for k, v in _INDIC.items() if k}


def dictionary_language(language: str) -> Optional[str]:
    """The dictionary table a language's questions are read with: its own, Hindi's for a language of India
    that has none (``indic_lookup``), or None."""
    if language in LANGUAGES:
        return language
    return "hi" if language in indic_endings() else None


# letters compared loosely: long vowels as short, nasal marks off; for Tamil one letter per place of articulation
_LONG = str.maketrans({"\u0940": "\u093f", "\u0942": "\u0941", "\u0908": "\u0907", "\u090a": "\u0909",
                       "\u0902": None, "\u0901": None, "\u0903": None})
_TAMIL_CLASS = str.maketrans({c: k for k, group in (("\u0915", "\u0915\u0916\u0917\u0918\u0939"),
                                                   ("\u091a", "\u091a\u091b\u091c\u091d\u0936\u0937\u0938"),
                                                   ("\u091f", "\u091f\u0920\u0921\u0922"),
                                                   ("\u0924", "\u0924\u0925\u0926\u0927"),
                                                   ("\u092a", "\u092a\u092b\u092c\u092d\u0935"),
                                                   ("\u0928", "\u0928\u0923"))
                              for c in group})
_LOOSE: Dict[Tuple[int, bool], Dict[str, str]] = {}


def _loose_key(folded: str, tamil: bool) -> str:
    key = folded.translate(_LONG)
    return key.translate(_TAMIL_CLASS) if tamil else key


def _loose_table(words: Dict[str, str], tamil: bool) -> Dict[str, str]:
    """The Hindi table keyed loosely (made once per table in the process; about 9,000 keys)."""
    cache_key = (id(words), tamil)
    table = _LOOSE.get(cache_key)
    if table is None:
        table = _LOOSE[cache_key] = {}
        for key, english in sorted(words.items(), key=lambda item: len(item[0])):
            if english and " " not in key:
                table.setdefault(_loose_key(key, tamil), english)
    return table


def indic_lookup(word: str, language: str, index_dir: Optional[str]) -> Optional[str]:
    """The English of a word of a language of India that has no dictionary of its own, read through the Hindi
    table: as typed, then with each of the language's endings off (``pyapp/data/indic_endings.json``), folded
    to Devanagari; exactly first, then loosely (``_loose_key``). None when nothing matches."""
    words = load("hi", index_dir)
    if not words or not word:
        return None
    endings = indic_endings().get(language, [])

    def stripped(form: str) -> List[str]:
        return [form[: len(form) - len(ending)] + instead for ending, instead in endings
                if form.endswith(ending) and len(form) - len(ending) >= 2]

    once = stripped(word)
    # two layers at most: a case ending, then a stem's own ending (Tamil வேதத்தில் → வேதம் → வேத)
    candidates = [word] + once + [twice for form in once for twice in stripped(form)]
    candidates = [c for c in dict.fromkeys(candidates) if len(_fold(c)) >= 3]
    for candidate in candidates:
        found = lookup(candidate, "hi", index_dir)
        if found:
            return found
    tamil = language == "ta"
    loose = _loose_table(words, tamil)
    stop = _stopwords("hi")
    for candidate in candidates:
        folded = _fold(candidate)
        key = _loose_key(folded, tamil)
        if folded in stop or len(key) < (5 if tamil else 3):  # Tamil's loose keys of four letters meet too much
            continue
        found = loose.get(key)
        if found:
            return found.split(" ")[0]
    return None


__all__ = ["BILINGUAL_DIR", "LANGUAGES", "dictionary_language", "in_phrase", "indic_endings", "indic_lookup", "load",
           "loaded", "lookup", "source", "table_file"]
