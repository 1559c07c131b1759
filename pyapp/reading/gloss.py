"""A question in another language read into English, word by word, so the English search can answer it.

Why word by word: what the app needs from a question is its names (gods, seers, hymns, the RigVeda
itself), its topic words (dawn, death, horse, sacrifice…) and its form (who / what / how many). A compact
hand-written bilingual table per language (``corpus_build/lexicons/<code>.json``: question words, function
words and 200–400 theme words, our own data, no verse text) carries those, and for German, French and
Russian a pivot table learned at build time from the aligned translations adds the translators' words
(``corpus_build/languages.py``); both ship as ``languages/<code>.json``, a file the page fetches the first
time a question in that language arrives (without it only the names are read, and the answer says so); names are found in any script
(``pyapp.reading.names``), Spanish, Italian, Portuguese and French words the table lacks are tried as
cognates ("purificación" → "purification", "generosità" → "generosity") against the words Griffith's
English uses, and inflected forms meet the table by their Snowball stems ("sacrificios" ~ "sacrificio").
Languages that put the verb last (Hindi, Marathi, Bengali, Gujarati, Tamil, Telugu, Kannada) are
rearranged into English order: the question word and the verb first, then the nouns, a postposition
before its noun ("ऋग्वेद में" → "in Rigveda"), "X का Y" → "Y of X".

What a word the table does not know becomes: kept as typed (a Latin-letter word) or in IAST (Indic
scripts, where it may be a Sanskrit term such as यज्ञ → yajña), and listed in ``unknown``; the English
classifier then weighs it as it weighs any word the hymns never use. The reading is shown to the reader
("Read as Spanish: …"), so a wrong word is visible.
"""
from __future__ import annotations

import os
import re
import unicodedata
from typing import Any, Callable, Dict, List, Optional, Tuple

from pydantic import BaseModel, Field

from pyapp.lexicon import Lexicon, norm
from pyapp.reading.adjective_order import NOUN_FIRST, adjective_first
from pyapp.reading.names import name_of
from pyapp.reading.script import BRAHMIC_BLOCKS, main_script, romanise, script_of, to_devanagari
from pyapp.reading.language import detect as _detect_language

try:  # pure Python; vendored as a wheel for Pyodide
    import snowballstemmer
except ImportError:  # pragma: no cover - exact and folded matching only
    snowballstemmer = None

GLOSSED = ("es", "it", "pt", "fr", "de", "ru", "hi", "mr", "bn", "gu", "ta", "te", "kn", "ml",
           # read from the concept lexicon (corpus_build/lexicons/concepts.json), some with a derived Hindi table
           "ne", "pa", "or", "as", "pl", "cs", "tr", "nl", "sv", "id", "vi", "ro", "sw", "ja", "zh", "ko", "ar", "fa",
           "ur", "el", "th", "he", "uk", "hu", "fi", "tl", "ms", "ka", "hy", "am")
# languages written without spaces between words: a run of letters is cut into the table's words
_UNSPACED = {"han", "kana", "thai", "hangul", "myanmar", "lao", "khmer"}
# languages whose Latin-letter spellings of names differ from English (Jamunę, Rygwedzie, Pushans)
_LOOSE_NAMES = {"pl", "cs", "tr", "nl", "sv", "id", "vi", "ro", "sw", "hu", "fi", "tl", "ms"}  # not es/it/pt: their cognates come first
STEMMERS = {"es": "spanish", "it": "italian", "pt": "portuguese", "fr": "french", "de": "german", "ru": "russian",
            "hi": "hindi", "mr": "hindi", "ta": "tamil", "ne": "nepali", "nl": "dutch", "sv": "swedish",
            "tr": "turkish", "ro": "romanian", "id": "indonesian", "ar": "arabic", "el": "greek", "pl": "polish",
            "cs": "czech", "fa": "persian", "hu": "hungarian", "fi": "finnish", "ms": "indonesian"}
_QUESTION = {"what", "who", "whom", "which", "how", "why", "where", "when", "how many", "how much"}
_COPULA = {"is", "are", "was", "were", "is there"}
_POST = {"in", "on", "from", "of", "to", "about", "for", "with", "by"}
# a verse or hymn reference ("4.25.1", "10.129") is one token, kept as typed: read as digits and
# full stops, a Hindi "ऋग्वेद 4.25.1 के ऋषि कौन हैं?" lost its verse and was answered by topic search
_REF = re.compile(r"\d{1,2}(?:\.\d{1,3}){1,2}(?!\.?\d)")
_TOKEN = re.compile(r"\d{1,2}(?:\.\d{1,3}){1,2}(?!\.?\d)|[^\W\d_](?:[^\W\d_]|[\u0900-\u0963\u0966-\u0d7f\u0e00-\u0e7f\u200c\u200d\u0591-\u05c7\u064b-\u065f\u0670"
                    r"\u0e80-\u0eff\u1000-\u103f\u1050-\u109f\u1780-\u17d3\u0d80-\u0dff])*"  # Lao, Myanmar, Khmer, Sinhala
                    r"|[\u0900-\u0963\u0966-\u0d7f\u0e00-\u0e7f]+|[?!.\u0964\u0965\uff1f\u3002\u061f\u104b\u2013\u2014]")
# a quotation in quote marks (its marks are taken out with it)
_QUOTED = re.compile(r"['‘\"“]([^'’\"”]{3,}?)['’\"”]")
# the Indic full stops (danda, double danda) end a sentence as "." does
# a dash between a statement and its question ("… अग्नि ठीक कर देते हैं — यह कहाँ लिखा है?") ends the statement: each
# part is put in English order by itself, or the question's words moved into the middle of the statement's
ENDS = {"\u2013": ".", "\u2014": ".", "\u0964": ".", "\u0965": ".", "\uff1f": "?", "\u3002": ".", "\u061f": "?", "\u104b": "?"}
# verbs and participles that stand after the question word in English ("what is said …", "which gods are described …")
_VERBS = {"said", "written", "composed", "say", "tell", "explain", "described", "mentioned", "called", "made", "given",
          "list", "show", "describe", "rescued", "killed", "praised", "born", "wrote"}
# verbs that take no "is" ("किसने बचाया": "who rescued"), as against participles ("बनाया जाता था": "is made")
_ACTIVE = {"rescued", "killed", "saved", "defeated", "freed", "wrote", "composed"}
# titles written after a name ("अत्रि ऋषि": the seer Atri), read as the name alone
_TITLES = {"seer", "sage", "god", "goddess", "king", "priest", "poet"}
# common nouns for the divine that are also read as names (देवता → Devā): the common noun is meant
_GENERIC = {"god", "gods", "goddess", "goddesses", "deity", "deities"}
# Romance and French endings that English writes otherwise (purificación → purification)
_COGNATES: Dict[str, List[Tuple[str, str]]] = {
    "es": [("ciones", "tions"), ("ción", "tion"), ("siones", "sions"), ("sión", "sion"), ("dades", "ties"),
           ("dad", "ty"), ("osos", "ous"), ("osas", "ous"), ("oso", "ous"), ("osa", "ous"), ("ismo", "ism"),
           ("ista", "ist"), ("mente", "ly"), ("ico", "ic"), ("ica", "ic"), ("ía", "y"), ("ario", "ary"),
           ("aria", "ary"), ("ivo", "ive"), ("iva", "ive"), ("ura", "ure"), ("ente", "ent"), ("ante", "ant"),
           # past participles (sacrificado → sacrificed, invadido → invaded)
           ("ados", "ed"), ("adas", "ed"), ("ado", "ed"), ("ada", "ed"), ("idos", "ed"), ("ido", "ed"),
           ("es", ""), ("s", ""), ("o", ""), ("a", ""), ("e", "")],
    "pt": [("ções", "tions"), ("ção", "tion"), ("sões", "sions"), ("são", "sion"), ("dades", "ties"), ("dade", "ty"),
           ("osos", "ous"), ("oso", "ous"), ("osa", "ous"), ("ismo", "ism"), ("ista", "ist"), ("mente", "ly"),
           ("ico", "ic"), ("ica", "ic"), ("ia", "y"), ("ário", "ary"), ("ivo", "ive"), ("iva", "ive"),
           ("ura", "ure"), ("ente", "ent"), ("ante", "ant"),
           ("ados", "ed"), ("adas", "ed"), ("ado", "ed"), ("ada", "ed"), ("idos", "ed"), ("ido", "ed"),
           ("es", ""), ("s", ""), ("o", ""), ("a", ""), ("e", "")],
    "it": [("zioni", "tions"), ("zione", "tion"), ("sioni", "sions"), ("sione", "sion"), ("tà", "ty"),
           ("osi", "ous"), ("oso", "ous"), ("osa", "ous"), ("ismo", "ism"), ("ista", "ist"), ("mente", "ly"),
           ("ici", "ic"), ("ico", "ic"), ("ica", "ic"), ("ia", "y"), ("ario", "ary"), ("ivo", "ive"),
           ("iva", "ive"), ("ura", "ure"), ("ente", "ent"), ("ante", "ant"),
           ("ati", "ed"), ("ate", "ed"), ("ato", "ed"), ("ata", "ed"), ("iti", "ed"), ("ito", "ed"),
           ("i", ""), ("e", ""), ("o", ""), ("a", "")],
    "fr": [("ité", "ity"), ("ités", "ities"), ("euse", "ous"), ("eux", "ous"), ("ique", "ic"), ("isme", "ism"),
           ("iste", "ist"), ("ie", "y"), ("aire", "ary"), ("ive", "ive"), ("if", "ive"), ("s", ""), ("e", "")],
}


# scripts whose unknown words are shown romanised (``pyapp.reading.script.romanise``)
_ROMANISED = {"cyrillic", "kana", "greek", "hebrew", "arabic", "thai", "georgian", "armenian", "ethiopic"}

LANGUAGES_DIR = "languages"


class LanguageLexicon(BaseModel):
    """One language's word file (``languages/<code>.json``, written by ``corpus_build.languages``)."""

    format: int = 1
    language: str
    name: str
    word_order: str = "svo"
    source: str = ""
    words: Dict[str, str]  # hand-written: word or phrase → English ("" = dropped)
    yes_no: List[str] = Field(default_factory=list)  # a sentence-initial particle asking yes or no (Hindi क्या)
    # the same written last, before the question mark (Marathi "… आहे का?", Bengali "… আছে কি?"): there the
    # particle asks yes or no, where the same word elsewhere is "why" (Marathi का) or "what" (Bengali কি)
    yes_no_end: List[str] = Field(default_factory=list)
    learned: Dict[str, List[str]] = Field(default_factory=dict)  # Snowball key → English words (pivot)
    learned_from: str = ""
    suffixes: List[str] = Field(default_factory=list)  # case endings and particles glued to a word (ko 에서, ne मा)
    prefixes: List[str] = Field(default_factory=list)  # the same written before it (Arabic ال, و)


class Gloss(BaseModel):
    """The question as the app read it into English, and how much of it was read."""

    language: str
    language_name: str
    english: str
    known: List[str] = Field(default_factory=list)  # words the table, a name or a cognate read
    unknown: List[str] = Field(default_factory=list)  # words left as typed
    names: List[str] = Field(default_factory=list)  # names of the hymns' world found ("Indra", "Rigveda")
    loaded: bool = True  # False: the language's word file was not there (not fetched yet, offline)
    note: str = ""  # what the reader is told instead of "Read as …" (a language read only in part: any_language)
    # words no curated table read that a free bilingual dictionary did (``pyapp.reading.bilingual``): (word, English)
    dictionary: List[Tuple[str, str]] = Field(default_factory=list)

    @property
    def coverage(self) -> float:
        total = len(self.known) + len(self.unknown)
        return len(self.known) / total if total else 0.0


_TABLES: Dict[str, Optional[LanguageLexicon]] = {}
_FOLDED: Dict[str, Dict[str, str]] = {}
_STEMMED: Dict[str, Dict[str, str]] = {}


def _fold(word: str) -> str:
    """Accents off; every Brahmic script as Devanagari (viramas and nuktas off), so a Punjabi, Odia or
    Bengali word meets the Hindi spelling of the same Sanskrit word (ਦੇਵਤਾ, ଦେବତା ~ देवता)."""
    # Bengali, Assamese and Odia write va with the letter of ba (ଦେବତା): b and v are one letter here
    deva = to_devanagari(word).replace("\u092c", "\u0935")
    return "".join(c for c in unicodedata.normalize("NFD", deva) if not unicodedata.combining(c))


def language_file(language: str) -> str:
    """The index file a language's questions need ("languages/es.json")."""
    return f"{LANGUAGES_DIR}/{language}.json"


def load_table(language: str, index_dir: Optional[str]) -> Optional[LanguageLexicon]:
    """The language's word file from the index folder, read once (None while it is absent: no miss is
    remembered, so a file the page writes later is found on the next question)."""
    if not index_dir:
        return None
    path = os.path.join(index_dir, language_file(language))
    key = os.path.abspath(path)
    if key not in _TABLES:
        try:
            with open(path, "rb") as handle:
                table = LanguageLexicon.parse_raw(handle.read())
        except (OSError, ValueError):
            return None
        _TABLES[key] = table
        for cache in (_FOLDED, _STEMMED, _KEYS):
            for stale in [k for k in cache if k.split("|")[0] == language]:
                cache.pop(stale, None)
    return _TABLES[key]


_STEMMER_CACHE: Dict[str, Any] = {}


def _stem(word: str, language: str) -> str:
    name = STEMMERS.get(language)
    if snowballstemmer is None or name is None:
        return word
    stemmer = _STEMMER_CACHE.get(name)
    if stemmer is None:  # made once a language: making one costs more than stemming a word
        try:
            stemmer = _STEMMER_CACHE[name] = snowballstemmer.stemmer(name)
        except (KeyError, ValueError):  # an older snowballstemmer without this language
            return word
    return stemmer.stemWord(word)


def _segment(token: str, language: str, table: LanguageLexicon,
             dictionary: Optional[Dict[str, str]] = None) -> List[str]:
    """A run of letters written without spaces (Chinese, Japanese, Thai, a Korean word with its particles)
    cut into the table's words, longest first from the left; where no word of the table starts, a word of the
    language's bilingual dictionary (``dictionary``: Chinese 宫殿, Japanese 瞑想, written with a kanji or
    katakana) is taken; letters no word covers stay together while they are katakana or Hangul (a foreign
    name: ヴリトラ, 인드라) and go one by one otherwise."""
    keys = _keys(language, table)
    longest = max((len(k) for k in keys), default=1)
    out: List[str] = []
    pending = ""
    i = 0
    while i < len(token):
        size = next((n for n in range(min(longest, len(token) - i), 0, -1) if token[i:i + n] in keys), 0)
        if not size and dictionary:
            size = next((n for n in range(min(_DICTIONARY_WORD, len(token) - i), 1, -1)
                         if dictionary.get(token[i:i + n]) and _dictionary_piece(token[i:i + n])
                         and _whole_katakana(token, i, i + n)), 0)
        if size:
            if pending:
                out.append(pending)
                pending = ""
            out.append(token[i:i + size])
            i += size
            continue
        ch = token[i]
        if pending and _grouped(ch) and _grouped(pending[-1]):
            pending += ch
        else:
            if pending:
                out.append(pending)
            pending = ch
        i += 1
    if pending:
        out.append(pending)
    return out


_DICTIONARY_WORD = 6  # the longest dictionary word a run of Chinese or Japanese is cut into


def _dictionary_piece(piece: str) -> bool:
    """Whether a piece of an unspaced language may be looked up in its dictionary: one with a Chinese character
    (漢字) or a katakana word of two letters or more (サイコロ); never kana particles and endings (ます, ください),
    whose dictionary glosses are grammar, not a topic; any other word of three letters or more."""
    if any(script_of(ch) == "han" for ch in piece):
        return True
    if main_script(piece) == "kana":
        return len(piece) >= 2 and all(0x30A1 <= ord(ch) <= 0x30FC for ch in piece)
    return len(piece) >= 3


def _katakana(ch: str) -> bool:
    return 0x30A1 <= ord(ch) <= 0x30FC and ch != "\u30fb"


def _whole_katakana(token: str, start: int, end: int) -> bool:
    """A dictionary word never cuts a katakana run (a foreign name: ウシャス is Uṣas, not ウシ "cattle" + ャス)."""
    return not ((start > 0 and _katakana(token[start - 1]) and _katakana(token[start]))
                or (end < len(token) and _katakana(token[end - 1]) and _katakana(token[end])))


def _grouped(ch: str) -> bool:
    """Letters a foreign name is spelt in: katakana (and its long mark), Hangul syllables, Thai (whose
    letters spell Sanskrit names: ริคเวท, อัคนี)."""
    return 0x30A1 <= ord(ch) <= 0x30FC and ch != "\u30fb" or script_of(ch) in ("hangul", "thai", "myanmar", "lao", "khmer")


_KEYS: Dict[str, set] = {}


def _cache_key(language: str, table: LanguageLexicon) -> str:
    """The caches' key: a table assembled for a language read in part (``any_language``: Slovak's cue words
    over Czech's file) is not the sibling's own table, though it is read with the sibling's stemmer."""
    return language if table.language == language else f"{language}|{table.language}"


def _keys(language: str, table: LanguageLexicon) -> set:
    keys = _KEYS.get(_cache_key(language, table))
    if keys is None:
        keys = _KEYS[_cache_key(language, table)] = {k for k in table.words if " " not in k} | set(table.suffixes) | set(table.prefixes)
    return keys


def _case_endings(language: str) -> List[Tuple[str, str]]:
    """A language of India's case endings, plural markers and question particles as (ending, what replaces it)
    (``pyapp/data/indic_endings.json``, shared with the dictionary lookup of ``pyapp.reading.bilingual``)."""
    from pyapp.reading import bilingual

    return bilingual.indic_endings().get(language, [])


def _ending_off(word: str, language: str, table: LanguageLexicon, lexicon: Lexicon) -> Optional[List[str]]:
    """A Dravidian or eastern Indic word whose ending its table does not list (Tamil மொழியில் "in the language",
    திருடர்களிடமிருந்து "from the thieves", Telugu పాముల "of snakes", Bengali ভাষায় "in the language"): the word
    under the language's endings (one, then a second: a case ending over the plural), as [word, "-ending"], when
    what is left is a word of the table or a name. Why: a hand table lists a noun once, in its plain form; an
    agglutinating language writes it with a case ending every time, so without this the noun was never read."""
    endings = _case_endings(language)
    if not endings or main_script(word) not in BRAHMIC_BLOCKS or name_of(word, lexicon) is not None:
        return None  # a name as it stands (தஸ்யுக்கள்: the Dasyus) is read whole, its own endings known to it
    layer = [(word, "")]
    for _ in range(2):
        nxt: List[Tuple[str, str]] = []
        for form, cut in layer:
            for ending, instead in endings:
                if not (form.endswith(ending) and len(form) - len(ending) >= 2):
                    continue
                core = form[: len(form) - len(ending)] + instead
                if len(core) < 3:
                    continue
                whole = ending + cut if not instead else ending
                if table.words.get(core) is not None or _lookup(core, language, table) is not None \
                        or name_of(core, lexicon) is not None:
                    return [core, "-" + whole]
                nxt.append((core, whole))
        layer = nxt
    return None


def _affixed(word: str, language: str, table: LanguageLexicon, lexicon: Lexicon) -> Optional[List[str]]:
    """A word with a case ending or particle glued to it (हिमालयको, ইন্দ্রের, 리그베다에서, Veda'da, والنار),
    as [prefix, stem, suffix] pieces (empty ones left out) when the stem is a word of the table or a name;
    else, for a language of India, with one of its case endings off (``_ending_off``)."""
    for suffix in sorted(table.suffixes, key=len, reverse=True) + [""]:
        if suffix and not (word.endswith(suffix) and len(word) - len(suffix) >= 2):
            continue
        stem = word[: len(word) - len(suffix)] if suffix else word
        for prefix in sorted(table.prefixes, key=len, reverse=True) + [""]:
            if prefix and not (stem.startswith(prefix) and len(stem) - len(prefix) >= 2):
                continue
            if not prefix and not suffix:
                continue
            core = stem[len(prefix):]
            if len(core) < 3 and main_script(core) not in _UNSPACED:
                continue
            if _lookup(core, language, table) is not None or name_of(core, lexicon) is not None:
                # the affixes marked "-" are read as case endings, never as words (Nepali को: "of", not "who")
                return [p for p in ("-" + prefix if prefix else "", core, "-" + suffix if suffix else "") if p]
    return _ending_off(word, language, table, lexicon)


def _lookup(phrase: str, language: str, table: LanguageLexicon) -> Optional[str]:
    found = table.words.get(phrase)
    if found is not None:
        return found
    folded = _FOLDED.get(_cache_key(language, table))
    if folded is None:
        folded = _FOLDED[_cache_key(language, table)] = {}
        for key, value in table.words.items():
            folded.setdefault(_fold(key), value)
    found = folded.get(_fold(phrase))
    if found is not None or " " in phrase:
        return found
    stemmed = _STEMMED.get(_cache_key(language, table))
    if stemmed is None:
        stemmed = _STEMMED[_cache_key(language, table)] = {}
        for key, value in table.words.items():
            if " " not in key and len(key) >= 4:
                stemmed.setdefault(_stem(key, language), value)
        for key, value in table.words.items():  # typed without its accents ("etudes" for études)
            if " " not in key and len(key) >= 4 and main_script(key) == "latin":
                stemmed.setdefault("~" + _stem(_fold(key), language), value)
    if len(phrase) < 4 or _participle(phrase, language):
        return None  # a past participle ("formato") is read by its ending, not as the noun its stem shares ("forma")
    found = stemmed.get(_stem(phrase, language))
    if found is None and main_script(phrase) == "latin":
        found = stemmed.get("~" + _stem(_fold(phrase), language))
    return found


# the past-participle endings of ``_COGNATES`` (sacrificado, formato): a word with one is not matched by stem
_PARTICIPLE = {code: tuple(_fold(ending) for ending, english in rows if english == "ed") for code, rows in _COGNATES.items()}


def _participle(word: str, language: str) -> bool:
    endings = _PARTICIPLE.get(language, ())
    folded = _fold(word)
    return bool(endings) and any(folded.endswith(e) and len(folded) - len(e) >= 3 for e in endings)


def _cognate(word: str, language: str, known_english: Optional[Callable[[str], bool]]) -> Optional[str]:
    if known_english is None or language not in _COGNATES or len(word) < 5:
        return None
    bare = _fold(word)
    for ending, english in _COGNATES[language]:
        ending = _fold(ending)
        if bare.endswith(ending) and len(bare) - len(ending) >= 3:
            candidate = bare[: len(bare) - len(ending)] + english
            if known_english(candidate):
                return candidate
    return bare if known_english(bare) else None


def tag_of(english: str) -> str:
    """The part an English gloss plays in reordering: PP a phrase ("in Rigveda"), Q a question word, V a
    copula, P a postposition, X a verb, N anything else."""
    return ("PP" if english.split(" ", 1)[0] in _POST and " " in english
            else "Q" if english in _QUESTION else "V" if english in _COPULA else "P" if english in _POST
            else "X" if english in _VERBS else "N")


def reorder(parts: List[Tuple[str, str]]) -> List[str]:
    """Verb-final parts ((tag, English), tags from ``tag_of``) in English order; shared with the reading of
    Hindi typed in Latin letters (``pyapp.reading.hinglish``)."""
    return _reorder(parts)


def _reorder(parts: List[Tuple[str, str]]) -> List[str]:
    """Verb-final order into English order (see the module docstring). ``parts``: (tag, English)."""
    joined: List[Tuple[str, str]] = []
    for tag, text in parts:
        if tag == "N" and text in _TITLES and joined and joined[-1][0] == "N" and joined[-1][1][:1].isupper():
            continue  # a title after a name ("अत्रि ऋषि", "इंद्र देव"): the name says it
        if tag == "N" and joined and joined[-1][0] in ("N", "QN") and not (text[:1].isupper() and joined[-1][1][:1].isupper()):
            # adjacent nouns are one phrase ("प्रमुख देवता": "main god"), unless both are names
            joined[-1] = (joined[-1][0], f"{joined[-1][1]} {text}")
        elif tag == "N" and joined and joined[-1] in (("Q", "which"), ("Q", "how many"), ("Q", "how much")):
            joined[-1] = ("QN", f"{joined[-1][1]} {text}")  # "किस नदी": "which river" (its case ending is dropped)
        elif tag == "P" and joined and joined[-1][0] == "QN":
            joined.append(("-", ""))  # "किस सूक्त में": the case ending closes "which hymn"
        else:
            joined.append((tag, text))
    merged: List[Tuple[str, str]] = []
    for tag, text in joined:
        if tag == "-":
            continue
        if tag == "P" and merged and merged[-1][0] in ("N", "NP"):
            # the postposition(s) after a noun: "Agni of" waits for its head; "in" makes a phrase
            prev_tag, prev = merged[-1]
            if text == "of":
                merged[-1] = ("OF", prev)
            else:
                merged[-1] = ("PP", f"{text} {prev}")
            continue
        if tag == "P" and merged and merged[-1][0] in ("PP", "OF"):
            prev_tag, prev = merged[-1]
            words = prev.split(" ", 1)
            noun = words[1] if prev_tag == "PP" and len(words) > 1 else prev
            merged[-1] = ("PP", f"{'about' if 'about' in (text, words[0]) else text} {noun}")
            continue
        if tag == "N" and merged and merged[-1][0] == "OF":
            merged[-1] = ("N", f"the {text} of {merged[-1][1]}")
            continue
        merged.append((tag, text))
    question = [t for tag, t in merged if tag in ("Q", "QN")]
    asked = [t for tag, t in merged if tag == "QN"][:1]
    copula = [t for tag, t in merged if tag == "V"][:1]
    verbs = [t for tag, t in merged if tag == "X"]
    nouns = [t for tag, t in merged if tag in ("N", "OF")]
    phrases = [t for tag, t in merged if tag == "PP"]
    out: List[str] = []
    if asked:  # "Which river is given most importance in Rigveda?"
        question.remove(asked[0])
        out = asked + (copula or ([] if set(verbs) & _ACTIVE else ["is"]))
    elif question and question[0] in ("how many", "how much", "which") and nouns:
        out = [question.pop(0), nouns.pop(0)] + (copula or ["are"])
    elif question:
        out = [question.pop(0)] + (copula or ([] if set(verbs) & _ACTIVE else ["is"]))
    else:  # a statement, or a yes-or-no question ("Is Sarama a cat in Rigveda?")
        out = copula or (["is"] if any(tag == "YN" for tag, _ in parts) else [])
    if out and out[0] in ("how", "where", "when", "why") and verbs and not set(verbs) & _ACTIVE:
        return out + nouns + verbs + phrases + question  # "How is Soma made in old times?"
    return out + verbs + nouns + phrases + question


def _learned(word: str, language: str, table: LanguageLexicon) -> Optional[str]:
    if not table.learned:
        return None
    from pyapp.search.translations import term_key

    found = table.learned.get(term_key(word.lower(), language))
    return found[0] if found else None


def _names_only(question: str, language: str, lexicon: Lexicon, language_name: str) -> Gloss:
    """Without the word file: the names the question contains, which the English search can use."""
    from pyapp.reading.names import find_names

    names = find_names(question, lexicon)
    english = " ".join(n.name for n in names.names)
    return Gloss(language=language, language_name=language_name or language, english=english,
                 names=[n.name for n in names.names], loaded=False)


def read(question: str, language: str, lexicon: Lexicon,
         known_english: Optional[Callable[[str], bool]] = None,
         language_name: str = "", index_dir: Optional[str] = None, table: Optional[LanguageLexicon] = None,
         drop_unknown: bool = False, hymn_word: Optional[Callable[[str], bool]] = None,
         dictionary_language: Optional[str] = None,
         hymns_use: Optional[Callable[[str], bool]] = None) -> Optional[Gloss]:
    """The question read into English; without the language's word file only its names (``loaded`` False).
    Several questions in one ("…है? …है? …है?") are read one sentence at a time, so one question's words
    never move into another's. ``table`` reads with a table assembled by the caller (``pyapp.reading.any_language``),
    ``drop_unknown`` leaves the words no table, name or cognate read out of the English (listed in ``unknown``);
    ``hymn_word(romanised)`` (the hymns use a word that begins so) keeps an unread Indic word only when it may be
    a Sanskrit word of the hymns. A word every curated source left unread is looked up in the language's free
    bilingual dictionary when its table is there (``pyapp.reading.bilingual``; ``dictionary_language`` when the
    table is a sibling's: Slovak read with Czech's words, Slovak's dictionary), unless it is an Indic word the
    hymns use as typed (``hymns_use``: Hindi उग्र stays *ugra*, not the dictionary's "fierce")."""
    table = table or load_table(language, index_dir)
    if table is None:
        return _names_only(question, language, lexicon, language_name)
    if hymn_word is not None and not drop_unknown:
        # unread Indic words are left out only when there are a handful of them that the hymns do not use (a
        # dialect's question); one unread word is more likely a name or a compound (পুরুষসূক্ত, গঙ্গা), kept
        plain = read(question, language, lexicon, known_english, language_name, index_dir, table,
                     dictionary_language=dictionary_language, hymns_use=hymns_use)
        strays = [w for w in (plain.unknown if plain is not None else [])
                  if main_script(w) in BRAHMIC_BLOCKS and not hymn_word(romanise(w))]
        if len(strays) < 3:
            return plain
    text = _ascii_digits(unicodedata.normalize("NFC", str(question or "")))
    # (a quoted phrase of the reader's own language — Hindi 'हमें डर न हो', "may we not fear" — is read with the rest)
    quoted = [q for q in _QUOTED.findall(text) if len(q.split()) >= 2 and main_script(q) in BRAHMIC_BLOCKS
              and _detect_language(q).code not in ("hi", "mr", "ne")]
    for line in quoted:  # "'सं पूषन् विदुषा नय' — इस मंत्र के ऋषि कौन हैं?": a quoted line is Sanskrit, kept whole
        text = text.replace(line, " ")
    # a Sanskrit line quoted in Latin letters ("completa el mantra: 'nāsad āsīn no sad āsīt …'"): kept whole too, or
    # the language's words inside it are read ("no" → "not") and the line is no longer the verse's
    roman_lines = [q for q in _QUOTED.findall(text) if _roman_sanskrit(q, hymn_word)]
    for line in roman_lines:
        text = text.replace(line, " ")
    # one Indic word in quote marks ("'शांती' हा शब्द …", "'ऋत' शब्द का अर्थ"): the word asked about as a word,
    # kept as typed (in IAST), never read as its meaning ("peace" would lose the Sanskrit word asked for)
    as_typed = {q.strip() for q in _QUOTED.findall(text)
                if len(q.split()) == 1 and main_script(q) in BRAHMIC_BLOCKS}
    text = text.replace("’", "'").replace("'", " ")
    text = _hymn_titles(text, language, table, lexicon)
    tokens = [ENDS.get(t, t) for t in _TOKEN.findall(text)]
    if table.suffixes or table.prefixes or _case_endings(language) or any(main_script(t) in _UNSPACED for t in tokens):
        dictionary = _unspaced_dictionary(dictionary_language or language, index_dir, tokens)
        tokens = [piece for t in tokens for piece in _pieces(t, language, table, lexicon, dictionary)]
    gloss = Gloss(language=language, language_name=language_name or table.name, english="")
    gloss.known += quoted
    sentences: List[List[str]] = [[]]
    for token in tokens:
        sentences[-1].append(token)
        if token in "?!.":
            sentences.append([])
    looked_up = _dictionary_for(dictionary_language or language, index_dir)
    read_out = [_sentence(words, language, table, lexicon, known_english, gloss, drop_unknown, hymn_word, looked_up,
                          hymns_use, as_typed)
                for words in sentences if words]
    gloss.known += roman_lines
    gloss.english = " ".join([f"“{romanise(line)}” —" for line in quoted] + [f"“{line.strip(' .…')}” —" for line in roman_lines]
                             + [r for r in read_out if r])
    gloss.names = list(dict.fromkeys(gloss.names))
    gloss.english = hymns_in_mandala(gloss.english, gloss.names)
    gloss.english = _with_references(gloss.english, text)
    return gloss


_IAST_MARKS = re.compile(r"[āīūṛṝḷṃṁḥśṣṇṭḍñṅĀĪŪṚŚṢṆṬḌ]")


def _roman_sanskrit(span: str, hymn_word: Optional[Callable[[str], bool]]) -> bool:
    """A quoted span in Latin letters that is a Sanskrit line: two words or more, with IAST's marks, or (plain
    letters) most of its words beginnings of the hymns' words."""
    words = re.findall(r"[^\W\d_]+", span)
    if len(words) < 2 or main_script(span) in BRAHMIC_BLOCKS:
        return False
    if _IAST_MARKS.search(span):
        return True
    if hymn_word is None or len(words) < 3:
        return False
    return sum(1 for w in words if len(w) >= 2 and hymn_word(w.lower())) >= 0.8 * len(words)


# a hymn's title in an Indian script: "X-sūkta" glued (पुरुषसूक्त, ಪುರುಷಸೂಕ್ತದ, புருஷசூக்தம்) or after its name (ನಾಸದೀಯ ಸೂಕ್ತದ)
_SUKTA = re.compile(r"^(.*?)([sc]ūkt|[sc]ukt)", re.I)
# the word after a title's first word: a hymn (सूक्त) or a mantra (మంత్రం, மந்திரம், মন্ত্রের: "the Gāyatrī mantra")
_MANTRA = re.compile(r"^mant(?:h)?i?r", re.I)


def _names_passage(title: str) -> bool:
    """A mantra's title is taken only when the named-passages table knows it ("gāyatrī mantra")."""
    from pyapp.reading.named import find_named

    try:
        return bool(find_named(title))
    except Exception:
        return False


def _title_word(latin: str) -> str:
    """"sūkta" or "mantra" when ``latin`` (a romanised word, any case ending) is that word, else ""."""
    if _SUKTA.match(latin) and not _SUKTA.match(latin).group(1):
        return "sūkta"
    return "mantra" if _MANTRA.match(latin) else ""
_INDIC_WORD = re.compile(r"[\u0900-\u0d7f]+")


def _hymn_titles(text: str, language: str, table: LanguageLexicon, lexicon: Lexicon) -> str:
    """Hymn titles written in an Indian script, put in the Latin letters the named-passage readers know ("puruṣa
    sūkta", "nāsadīya sūkta"), their case ending dropped. Why: a title is one compound with an ending in these
    languages (Kannada ಪುರುಷಸೂಕ್ತದ "of the Puruṣa sūkta", Bengali অপ্সূক্তে "in the water hymn"), a word no table
    has; read letter by letter it stayed one unknown Sanskrit-looking word, and a title's first word read alone
    became a stem look-alike (ನಾಸದೀಯ → "nasad"). A word the table or the names read before "sūkta" (अग्नि सूक्त,
    विवाह सूक्त) is left to them."""
    words = list(_INDIC_WORD.finditer(text))
    if not words:
        return text
    out: List[str] = []
    last = 0
    skip = -1
    for n, match in enumerate(words):
        if n <= skip:
            continue
        word = match.group(0)
        latin = romanise(word)
        glued = _SUKTA.match(latin)
        following = romanise(words[n + 1].group(0)) if n + 1 < len(words) else ""
        title = _title_word(following)
        replacement = None
        if glued and len(norm(glued.group(1))) >= 3 and table.words.get(word) is None:
            replacement = f"{glued.group(1)} sūkta"
        elif title and not glued \
                and len(norm(latin)) >= 4 and text[match.end():words[n + 1].start()].strip() == "" \
                and _lookup(word, language, table) is None and name_of(word, lexicon) is None \
                and (title == "sūkta" or _names_passage(f"{latin} {title}")):  # "चौथा मंत्र" is "the fourth mantra"
            replacement = f"{latin} {title}"
            skip = n + 1
        if replacement is None:
            continue
        end = words[skip].end() if skip == n + 1 else match.end()
        out.append(text[last:match.start()])
        out.append(replacement)
        last = end
    out.append(text[last:])
    return "".join(out)


def _ascii_digits(text: str) -> str:
    """A reference's digits in any script (४.२५.१, ৪.২৫.১) as ASCII, so it reads the same in every script;
    other numbers are left as typed (their own words read them)."""
    def ascii_ref(match: "re.Match[str]") -> str:
        return "".join(str(unicodedata.digit(ch, 0)) if ch.isdigit() else ch for ch in match.group(0))

    return re.sub(r"(?<!\d)\d{1,2}(?:\.\d{1,3}){1,2}(?!\.?\d)", ascii_ref, text)

_DOTTED_REF = re.compile(r"(?<![\d.])(?:10|[1-9])\.\d{1,3}(?:\.\d{1,2})?(?![\d]|\.\d)")


def _with_references(english: str, original: str) -> str:
    """``english`` with the dotted references of the original it lost ("traduki la verson 10.191.4 …"):
    the word tables read words, not numbers, and a reference is the same in every language."""
    lost = [r for r in dict.fromkeys(_DOTTED_REF.findall(original)) if r not in english]
    return f"{english} (RV {', RV '.join(lost)})".strip() if lost else english


_ORDINAL = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth"


def hymns_in_mandala(english: str, names: List[str]) -> str:
    """A count or list of one god's hymns in one maṇḍala (or a count in the whole text), in the English the
    count and list readers know ("How many hymns to Agni are in the fifth mandala?"). Why: read word by word, such a question
    comes out with the god as a modifier and the maṇḍala anywhere ("How many Agni hymn is Rigveda fifth
    mandala?", "Which hymn are about sixth mandala Ushas?"), whichever language put them where; its
    parts (the question word, one god, an ordinal maṇḍala, a hymn word) are all the frame needs."""
    asked = re.match(r"\s*(how many|which|what)\b", english, re.I)
    scope = re.search(rf"\b({_ORDINAL})\s+mandala\b", english, re.I)
    gods = [n for n in names if n != "Rigveda"]
    if asked is None or len(gods) != 1 or not re.search(r"\bhymns?\b", english, re.I):
        return english
    if re.search(r"\bsūkta\b", english):  # a hymn named by its title ("Purusha sūkta"): that hymn, not a god's hymns
        return english
    if len(re.findall(r"[?.!]", english.strip()[:-1])) > 0:
        return english  # several sentences: one of them may ask something else
    if scope is None:  # "how many hymns … Indra …": the god's count in the whole text; "which" stays as read
        if asked.group(1).lower() != "how many":
            return english
        return f"How many hymns are addressed to {gods[0]}?"
    return f"{asked.group(1).capitalize()} hymns to {gods[0]} are in the {scope.group(1).lower()} mandala?"


def _unspaced_dictionary(language: str, index_dir: Optional[str], tokens: List[str]) -> Optional[Dict[str, str]]:
    """The bilingual table a run of Chinese or Japanese is also cut by (``_segment``), when it is there."""
    if not any(main_script(t) in ("han", "kana") for t in tokens):
        return None
    from pyapp.reading import bilingual

    return bilingual.load(language, index_dir) if language in bilingual.LANGUAGES else None


def _pieces(token: str, language: str, table: LanguageLexicon, lexicon: Lexicon,
            dictionary: Optional[Dict[str, str]] = None) -> List[str]:
    """One token as the words it is made of (see ``_segment`` and ``_affixed``); a word the table or the
    names know as it stands is kept whole."""
    if len(token) < 2 or token in "?!." or table.words.get(token.lower()) is not None:
        return [token]
    if main_script(token) in _UNSPACED:
        return _segment(token, language, table, dictionary)
    if main_script(token) == "latin" and len(token) >= 4 and name_of(token, lexicon) is not None:
        return [token]  # a name as it stands ("Indra"), not a stem with an ending ("Indr" + Hungarian -a)
    return _affixed(token.lower() if main_script(token) == "latin" else token, language, table, lexicon) or [token]


# IAST's own letters: a word written with them is Sanskrit, whatever language the sentence is in
_IAST_MARKS = re.compile(r"[āīūṛṝḷṃṁḥṅñṭḍṇśṣĀĪŪṚṜḶṂṀḤṄÑṬḌṆŚṢ]")


def dictionary_note(found: Gloss) -> str:
    """The reader's note on the words read through a free bilingual dictionary (not checked by us)."""
    from pyapp.reading import bilingual

    pairs = ", ".join(f"{word} → {english}" for word, english in found.dictionary[:8])
    through = "" if bilingual.dictionary_language(found.language) in (found.language, None) else " Hindi"
    return (f"Some {found.language_name} words were read through a free{through} dictionary "
            f"({bilingual.source(found.language)}), not the app's own word list: {pairs}.")


def _dictionary_for(language: str, index_dir: Optional[str]) -> Optional[Callable[[str, str, str], Optional[str]]]:
    """``(word, word before, word after) → English`` through the language's bilingual dictionary table, or None
    when it is not there; nothing for half of a phrase the dictionary has as one word of another meaning."""
    from pyapp.reading import bilingual

    table_language = bilingual.dictionary_language(language)
    if table_language is None or bilingual.load(table_language, index_dir) is None:
        return None
    if table_language != language:  # a language of India read through the Hindi table, its endings off
        return lambda word, before, after: bilingual.indic_lookup(word, language, index_dir)

    def looked_up(word: str, before: str, after: str) -> Optional[str]:
        if bilingual.in_phrase(before, word, after, language, index_dir):
            return None
        return bilingual.lookup(word, language, index_dir)

    return looked_up


def _number(word: str, language: str) -> Optional[int]:
    """A cardinal of two or more written as a word of the language's number table (``pyapp.reading.number_words``);
    "one" is left to the word table, where it is often an article."""
    from pyapp.reading import number_words

    value = number_words.cardinal(word, language)
    return value if value is not None and value >= 2 else None


def _ordinal(word: str, language: str) -> str:
    """An ordinal word of the number tables as English writes it ("तीसरा" → "third"), or ""."""
    from pyapp import data_tables
    from pyapp.reading import number_words

    value = number_words.ordinal(word, language)
    if value is None:
        return ""
    ordinals = (data_tables.table("data/number_words.json", {}).get("en") or {}).get("ordinals") or {}
    found = [w for w, v in ordinals.items() if int(v) == value and " " not in w and w.isalpha()]
    return min(found, key=len) if found else ""


def _english_number(value: int) -> str:
    """The number as English writes it in the hymns' translations ("seven rivers", "thirty-three gods"), from the
    English number table; digits when it has no single word for it."""
    from pyapp import data_tables

    cardinals = (data_tables.table("data/number_words.json", {}).get("en") or {}).get("cardinals") or {}
    def word(n: int) -> str:
        found = [w for w, v in cardinals.items() if int(v) == n and " " not in w]
        return min(found, key=len) if found else ""

    if word(value):
        return word(value)
    if 20 < value < 100 and word(value - value % 10) and word(value % 10):  # "thirty-three", as Griffith writes it
        return f"{word(value - value % 10)}-{word(value % 10)}"
    return str(value)


def _sentence(tokens: List[str], language: str, table: LanguageLexicon, lexicon: Lexicon,
              known_english: Optional[Callable[[str], bool]], gloss: Gloss, drop_unknown: bool = False,
              hymn_word: Optional[Callable[[str], bool]] = None,
              looked_up: Optional[Callable[[str, str, str], Optional[str]]] = None,
              hymns_use: Optional[Callable[[str], bool]] = None, as_typed: frozenset = frozenset()) -> str:
    """One sentence read into English (its words added to ``gloss``'s known / unknown / names). ``looked_up``:
    the dictionary, asked only for a content word every curated source left unread; ``as_typed``: words quoted
    alone, kept as the Sanskrit word they are (romanised)."""
    parts: List[Tuple[str, str]] = []  # (tag, English): Q question word, V copula, P postposition, N other
    words = [t for t in tokens if t not in "?!."]
    if words and words[0].lower() in table.yes_no and tokens[-1:] == ["?"] and len(words) > 1:
        # "क्या ऋग्वेद में सरमा एक बिल्ली है?": a sentence-initial question particle asks yes or no ("Is …?")
        gloss.known.append(words[0])
        tokens = tokens[tokens.index(words[0]) + 1:]
        parts.append(("YN", ""))
    elif len(words) > 1 and words[-1].lower() in table.yes_no_end and tokens[-1:] == ["?"]:
        gloss.known.append(words[-1])
        last = len(tokens) - 1 - tokens[::-1].index(words[-1])
        tokens = tokens[:last] + tokens[last + 1:]
        parts.append(("YN", ""))
    ending = ""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.startswith("-") and len(token) > 1:  # a case ending cut from its word: a postposition or nothing
            affix = table.words.get(token[1:], "")
            if affix in _POST:
                parts.append(("P", affix))
            gloss.known.append(token[1:])
            i += 1
            continue
        if token in "?!.":
            ending = ending or token
            i += 1
            continue
        if token in as_typed:
            gloss.known.append(token)
            parts.append(("N", romanise(token)))
            i += 1
            continue
        if _REF.fullmatch(token):  # a reference stays a reference, after the text it names ("Atharva Veda 6.8.3")
            gloss.known.append(token)
            parts.append(("N", token))
            i += 1
            continue
        english: Optional[str] = None
        width = 1
        for size in (4, 3, 2, 1):  # four: French "y a-t-il" (y, a, t, il)
            if i + size > len(tokens) or any(t in "?!." or _REF.fullmatch(t) for t in tokens[i:i + size]):
                continue
            phrase = " ".join(t.lower() for t in tokens[i:i + size])
            english = _lookup(phrase, language, table)
            if english is None and size == 2:  # a name in two words ("Rig Veda")
                named = name_of(phrase, lexicon)
                english = named.name if named is not None else None
            if english is not None and size == 1 and table.words.get(phrase) is None and main_script(phrase) == "latin":
                named = name_of(tokens[i], lexicon)  # a stem match gives way to a name ("Varuna" is no "var-")
                english = named.name if named is not None else english
            if english is not None:
                width = size
                break
        typed = " ".join(tokens[i:i + width])
        i += width
        if english is not None and width == 1 and english and main_script(typed) in BRAHMIC_BLOCKS \
                and english not in _QUESTION | _COPULA | _POST | _GENERIC and " " not in english:
            # an Indic word that is also a god's name (मित्र: friend, and Mitra; रात्रि: night, and Rātrī):
            # in questions about the hymns the name is meant
            # (the word itself, not a look-alike: Marathi शंभर "hundred" is no Śambara)
            found = name_of(typed, lexicon)
            spelled = norm(romanise(typed))
            if found is not None and spelled.startswith(norm(found.key).rstrip("a")):  # ఉషస్సు: Uṣas
                english = found.name
        if english is not None:
            # a name the table spells in a script the romaniser cannot read (因陀罗 → Indra): the English name
            name = (name_of(typed, lexicon) or name_of(english, lexicon)) if english and english[:1].isupper() else None
            gloss.known.append(typed)
            if name is not None:
                gloss.names.append(name.name)
            head, _, rest = english.partition(" ")
            if english and head in _QUESTION and rest.split(" ")[0] in _COPULA:  # "किसे कहते हैं": "what is"
                parts.append(("Q", head))
                parts += [("V" if w in _COPULA else "X", w) for w in rest.split(" ")]
                continue
            parts.append((tag_of(english), english) if english else ("-", ""))  # a dropped word parts two nouns
            continue
        number = _number(typed, language) if width == 1 else None
        if number is not None:  # "तीस योजने": 30 yojanas (the table has no number words; a name's look-alike never wins)
            gloss.known.append(typed)
            parts.append(("N", _english_number(number)))
            continue
        rank = _ordinal(typed, language) if width == 1 else None
        if rank:  # "तीसरा मंत्र": the third verse
            gloss.known.append(typed)
            parts.append(("N", rank))
            continue
        found = name_of(typed, lexicon, loose=language in _LOOSE_NAMES or script_of(typed[:1]) in BRAHMIC_BLOCKS
                        or script_of(typed[:1]) == "hangul" or _katakana(typed[:1])  # 아트만, アートマン: ātman
                        or (drop_unknown and script_of(typed[:1]) in ("latin", "cyrillic")))
        if found is not None and drop_unknown and found.kind == "term" and script_of(typed[:1]) == "latin" \
                and norm(typed) != norm(found.key):
            found = None  # a language read in part: only a Sanskrit word as typed ("karma"), not an inflected look-alike
        if found is not None:
            gloss.known.append(typed)
            if found.kind != "term":
                gloss.names.append(found.name)
            parts.append(("N", found.name))
            continue
        if script_of(typed[:1]) == "latin" and len(typed) >= 5 and lexicon.analyse(typed).hymn_names:
            gloss.known.append(typed)  # a hymn's name ("Nadistuti-Hymnus"): the named-passages reader knows it
            parts.append(("N", typed))
            continue
        script = main_script(typed)
        learned = _learned(typed, language, table) if width == 1 else None
        if learned:
            gloss.known.append(typed)
            parts.append(("N", learned))
            continue
        sanskrit_loan = (hymns_use is not None and script in BRAHMIC_BLOCKS and not drop_unknown
                         and hymns_use(romanise(typed)))
        if script == "kana" and all(_katakana(ch) for ch in typed) and not drop_unknown:
            # a katakana word that spells a word of the hymns (ナマス: namas) is that word, not the dictionary's
            sanskrit_loan = hymns_use is not None and hymns_use(romanise(typed))
        if looked_up is not None and width == 1 and _dictionary_piece(typed) and not _IAST_MARKS.search(typed) \
                and typed not in table.suffixes and typed not in table.prefixes and not sanskrit_loan:
            # (an Indic word the hymns themselves use — Hindi उग्र, मूर्धा — stays their Sanskrit word below:
            # the dictionary's "fierce" would lose the verse that says it)
            # the curated tables, the names and the learned pivot come first; a dictionary's entry before a
            # cognate guessed by endings (Portuguese barba is a beard, not a barb); the dictionary's
            # English is restricted to words the index knows and holds no function words
            before = tokens[i - 2] if i >= 2 else ""  # (i is past the word already)
            english_word = looked_up(typed, before, tokens[i] if i < len(tokens) else "")
            if english_word == "":  # a form of an auxiliary ("hanno", "avuto"): tense, not topic
                gloss.known.append(typed)
                continue
            if english_word:
                gloss.known.append(typed)
                gloss.dictionary.append((typed, english_word))
                parts.append((tag_of(english_word), english_word))
                continue
        cognate = _cognate(typed.lower(), language, known_english) if script == "latin" else None
        if cognate:
            gloss.known.append(typed)
            parts.append(("N", cognate))
            continue
        if len(typed) <= 2 and script == "latin":
            continue  # a stray article or elided letter the table lacks
        if typed in table.suffixes or typed in table.prefixes:
            continue  # a particle cut from its word that the table glosses as nothing
        if drop_unknown and width == 1 and hymn_word is not None and len(typed) >= 3 and (
                (typed[:1].isupper() and words and typed != words[0]) or _IAST_MARKS.search(typed)) \
                and hymn_word(romanise(typed)):
            # a language read in part: a capitalised word inside the sentence, or one written with IAST's marks
            # ("aśvattha"), that the hymns use is their word (Tajik Яду, Пуру, Друҳю: the tribes Yadu, Pūru,
            # Druhyu), read in Latin letters as Sanskrit
            gloss.known.append(typed)
            parts.append(("N", romanise(typed)))
            continue
        if drop_unknown and width == 1:  # a language read in part: a sibling's word, an international word
            from pyapp.reading.any_language import near_word

            near = near_word(typed, table, known_english)
            if near:
                gloss.known.append(typed)
                parts.append((tag_of(near), near))
                continue
        gloss.unknown.append(typed)
        if drop_unknown:  # never a topic word
            continue
        if all(0x3041 <= ord(ch) <= 0x309F for ch in typed):
            # hiragana no table read is Japanese grammar (a verb's ending ました, ください, a particle): its
            # syllables in the English ("ma shi ta") only added words the hymns never use
            continue
        if hymn_word is not None and script in BRAHMIC_BLOCKS and not hymn_word(romanise(typed)):
            # an Indic word neither the table nor the hymns know (a dialect's बा, एगो, a loan such as डाक्टर):
            # kept in IAST, a handful of them made the question look like a Sanskrit line to be found verbatim
            continue
        parts.append(("N", romanise(typed) if script in BRAHMIC_BLOCKS or script in _ROMANISED
                      else typed))
    if table.word_order != "sov":  # "Кто Ушас?" (Russian writes no "is"): "Who is Ushas?"
        parts = [p for i, p in enumerate(parts)
                 for p in ([p, ("V", "is")] if p == ("Q", "who") and i + 1 < len(parts) and parts[i + 1][0] == "N"
                           else [p])]
    words = _reorder(parts) if table.word_order == "sov" else [t for _, t in parts]
    english_text = re.sub(r"\b(how many|how much) of\b", r"\1", " ".join(w for w in words if w))  # combien d'…
    if language in NOUN_FIRST:  # "le dieu le plus important": "the most important god"
        english_text = adjective_first(english_text)
    english_text = english_text[:1].upper() + english_text[1:]
    if not english_text.strip():
        return ""
    return english_text + (ending or ("?" if any(t in ("Q", "YN") for t, _ in parts) else ""))


# languages that go their own way: English and Sanskrit as they are, German, French and Russian through
# their translations (``pyapp.reading.foreign``), Hindi in Latin letters through ``pyapp.reading.hinglish``
NOT_GLOSSED = ("en", "sa", "de", "fr", "ru", "hi-Latn", "other")


def read_question(question: str, lexicon: Lexicon, known_english: Optional[Callable[[str], bool]] = None,
                  index_dir: Optional[str] = None, hymn_word: Optional[Callable[[str], bool]] = None,
                  hymns_use: Optional[Callable[[str], bool]] = None) -> Optional[Gloss]:
    """The question read into English when it is in a language read word by word (Spanish, Italian,
    Portuguese, Hindi, Marathi, Bengali, Gujarati, Tamil, Telugu, Kannada); None otherwise."""
    from pyapp.reading.language import detect

    from pyapp.reading import any_language

    language = detect(question)
    if language.code in NOT_GLOSSED or language.code not in GLOSSED:
        # a language of the cue-word table (Lao, Kazakh, Icelandic …): what can be read (any_language)
        return any_language.read_unknown(question, lexicon, known_english, index_dir)
    found = read(question, language.code, lexicon, known_english, language.name, index_dir, hymn_word=hymn_word,
                 hymns_use=hymns_use)
    # a question taken for this language that the table hardly reads (Wolof taken for Italian): its names and numbers
    return any_language.by_evidence(found, question, strict=True)


def read_unless_sanskrit(question: str, lexicon: Lexicon, known_english: Optional[Callable[[str], bool]],
                         index_dir: Optional[str], looks_sanskrit: Callable[[str], bool],
                         hymn_word: Optional[Callable[[str], bool]] = None,
                         hymns_use: Optional[Callable[[str], bool]] = None) -> Optional[Gloss]:
    """``read_question``, except for a romanised Sanskrit line (no question mark, and the index reads it as
    Sanskrit: ``looks_sanskrit``) whose little words look like another language's."""
    from pyapp.reading import any_language

    if needed_file(question) == "":  # English, Sanskrit, Hindi in Latin letters, or a language read in part
        unless = looks_sanskrit if not re.search(r"[?¿]", question) else (lambda _: False)
        return any_language.read_unknown(question, lexicon, known_english, index_dir, unless, hymn_word)
    if main_script(question) == "latin" and not re.search(r"[?¿]", question) and looks_sanskrit(question):
        return None
    return read_question(question, lexicon, known_english, index_dir, hymn_word, hymns_use)


def needed_file(question: str) -> str:
    """The word file a question needs before it is asked ("languages/es.json"; "" for English, Sanskrit,
    Hindi in Latin letters or a language without one): the page fetches it first, once."""
    from pyapp.reading.language import detect

    from pyapp.reading import any_language

    code = detect(question).code
    if code not in GLOSSED and code not in NOT_GLOSSED:
        return any_language.file_needed(code)  # a language read in part: its sibling's file, if it has one
    return language_file(code) if code in GLOSSED else ""


__all__ = ["GLOSSED", "NOT_GLOSSED", "dictionary_note", "language_file", "needed_file", "read_question", "read_unless_sanskrit", "Gloss", "LanguageLexicon", "load_table", "read"]
