"""A question in a language the app has no word file for: read what can be read, say what could not.

Why: every new set of readers brings languages nobody listed (Icelandic, Zulu, Lao, Kazakh …). Read as
English, their words became topic words ("No verse speaks directly of borinn, egar and hann"); read as
another script's language, they were refused. What can be read in any language is enough for many questions:

- the names of the hymns' world in any script (``pyapp.reading.names``: Indra, Sarasvatī, the RigVeda),
  references and numbers, Sanskrit words (the padapāṭha vocabulary), and words English shares
  (``known_english``: "reinkarnacija" is no English word, but read through a sibling's cognate rules it can be);
- the question's shape: its question word (who, what, which, how many …) and whether it asks for a hymn, a
  verse or a god, from one small table of cue words in ~55 languages (``pyapp/data/question_words.json``,
  hand-written, with its source note: not checked against a dictionary, so a wrong cue word costs one
  misread question word, never a topic);
- for a language with a close sibling that has a word file (Slovak → Czech, Norwegian → Swedish, Catalan →
  Spanish, Bulgarian → Russian), the sibling's words too.

Everything else is left out of the reading, never searched as a topic word, and listed in a note the reader
sees ("Read as Icelandic (a guess); words I could not read: …"). The reading itself is made by
``pyapp.reading.gloss.read`` with a word table assembled here, so word order, names and cognates are read as
for any language with a file.

Which questions come here: a script that names its language but has no file (Myanmar, Lao, Khmer, Sinhala,
Kazakh or Macedonian Cyrillic, Sindhi: ``pyapp.reading.language.detect``), and a Latin-letter question that
``detect`` took for English whose words are mostly not English, nor names, nor Sanskrit, and whose question or
function words one of the table's languages has.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any, Callable, Dict, List, Optional, Tuple

from pydantic import BaseModel, Field

from pyapp import data_tables

DATA_PATH = "data/question_words.json"
# English words that are also a cue word somewhere ("who", "is", "in", "a"): never evidence of another language
_ENGLISH_WORDS = frozenset(
    "a an the is are was were be been of in on at to for from by with and or not no yes it its this that these "
    "those what who whom which how why where when does do did say says said tell me about any many much can "
    "could would should will you your my i we our us they them their there here as if so than then hymn hymns "
    "verse verses god gods goddess rigveda veda rig mandala".split())
_LATIN_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# shares of a Latin-letter question that make it "not English": most of its words unread as English
MIN_UNREAD_SHARE = 0.5
MIN_UNREAD_WORDS = 3
# a language of no table: stricter, since only its names and numbers will be read
UNKNOWN_MIN_SHARE = 0.5
UNKNOWN_MIN_UNREAD = 4
_ARABIC_SPELLING = str.maketrans({"ڪ": "ک", "ي": "ی", "ك": "ک"})
# a reference in digits of any script once read as ASCII (10.129, 1.3, 3.62.10)
_REFERENCE = re.compile(r"(?<![\d.])\d{1,2}\.\d{1,3}(?:\.\d{1,3})?(?![.\d]*\d)")


class CueWords(BaseModel):
    """One language's row of the table."""

    code: str
    name: str
    script: str
    sibling: str = ""
    order: str = "svo"
    words: Dict[str, str] = Field(default_factory=dict)  # form (lower case, spaces) → English ("" dropped)


@lru_cache(maxsize=1)
def table() -> Dict[str, CueWords]:
    """The table (``pyapp/data/question_words.json``), read once; {} when it cannot be read."""
    raw = data_tables.table(DATA_PATH, {})
    english: Dict[str, str] = raw.get("english", {})
    out: Dict[str, CueWords] = {}
    for code, row in raw.get("languages", {}).items():
        words: Dict[str, str] = {}
        for slot, gloss in english.items():
            for form in str(row.get(slot, "")).split():
                key = unicodedata.normalize("NFC", form.replace("_", " ").lower())
                words.setdefault(key, gloss)  # the first slot wins ("hvaða": which before what)
        out[code] = CueWords(code=code, name=row.get("name", code), script=row.get("script", "latin"),
                             sibling=row.get("sibling", ""), order=row.get("order", "svo"), words=words)
    return out


@lru_cache(maxsize=1)
def _weights() -> Dict[str, float]:
    """A word's weight as evidence of a language: 1 / (how many languages of the table have it)."""
    counts: Dict[str, int] = {}
    for row in table().values():
        for word in row.words:
            if " " not in word:
                counts[word] = counts.get(word, 0) + 1
    return {w: 1.0 / n for w, n in counts.items()}


def name_of(code: str) -> str:
    row = table().get(code)
    return row.name if row is not None else code


def guess(text: str, script: str = "latin") -> Optional[Tuple[str, float, int]]:
    """The table's language whose cue words the text uses most (code, score, distinct words), among the
    languages written in ``script``; None when no word of any is there. English words never count."""
    from pyapp.reading.script import words_of

    tokens = [t.lower() for t in words_of(text.replace("’", "'"))]
    tokens += [f"{a}'" for a in re.findall(r"(\w+)'", text.lower())]  # an elided word (x', ç', amin')
    joined = " " + " ".join(tokens) + " "
    weights = _weights()
    best: Optional[Tuple[str, float, int]] = None
    for code, row in table().items():
        if row.script != script:
            continue
        hits = {t for t in tokens if t in row.words and t not in _ENGLISH_WORDS and len(t) > 1}
        hits |= {w for w in row.words if " " in w and f" {w} " in joined}
        if not hits:
            continue
        score = sum(weights.get(h, 1.0) for h in hits)
        if best is None or score > best[1]:
            best = (code, round(score, 2), len(hits))
    return best


def word_table(code: str, index_dir: Optional[str]) -> Any:
    """A ``pyapp.reading.gloss.LanguageLexicon`` for ``code``: its cue words, over its sibling's word file
    when that is there (the cue words win: they are this language's own)."""
    from pyapp.reading.gloss import LanguageLexicon, load_table

    row = table().get(code)
    if row is None:
        return None
    sibling = load_table(row.sibling, index_dir) if row.sibling else None
    words = dict(sibling.words) if sibling is not None else {}
    words.update(row.words)
    return LanguageLexicon(language=code, name=row.name, word_order="sov" if row.order == "sov" else "svo",
                           source="pyapp/data/question_words.json" + (f" + {row.sibling}" if sibling else ""),
                           words=words, learned=sibling.learned if sibling is not None else {},
                           yes_no=sibling.yes_no if sibling is not None else [])


# international endings: the word's ending in many languages → English's ("kreacija", "creación" → creation)
_ENDINGS = (("tsiya", "tion"), ("tsiia", "tion"), ("tsija", "tion"), ("cija", "tion"), ("cion", "tion"),
            ("zione", "tion"), ("cao", "tion"), ("sion", "sion"), ("tion", "tion"), ("cja", "tion"), ("zija", "sion"),
            ("ismus", "ism"), ("izam", "ism"), ("izm", "ism"), ("ika", "ic"), ("ik", "ic"), ("ija", "y"), ("iya", "y"),
            ("ia", "y"), ("ie", "y"), ("us", "us"), ("um", "um"), ("or", "or"), ("i", ""), ("e", ""), ("a", ""),
            ("o", ""), ("et", ""), ("u", ""), ("y", ""), ("", ""))
_LETTERS_TO_ENGLISH = (("k", "c"), ("z", "s"), ("j", "y"), ("f", "ph"), ("v", "w"))


def near_word(word: str, words: Any, known_english: Optional[Callable[[str], bool]]) -> Optional[str]:
    """A word the table does not have, read as a close sibling's word (one letter apart, the only such word:
    Belarusian зямля ~ Ukrainian земля, earth) or as an international word English shares ("kreacija",
    "реинкарнация" → creation, reincarnation, when the index's English has it); None otherwise. Only words of
    five letters or more: shorter ones are one letter from too many."""
    from pyapp.reading.names import _one_edit
    from pyapp.reading.script import romanise

    low = unicodedata.normalize("NFC", word.lower())
    if len(low) < 4:
        return None
    if len(low) >= 5:
        found = {english for key, english in words.words.items()
                 if english and " " not in key and len(key) >= 4 and key[:1] == low[:1] and _one_edit(low, key)}
        if len(found) == 1:
            return found.pop()
    shared = _same_stem(low, words.words)
    if shared:
        return shared
    if len(low) < 5:
        return None
    if known_english is None:
        return None
    latin = "".join(c for c in unicodedata.normalize("NFD", romanise(low)) if not unicodedata.combining(c))
    if not latin.isascii() or len(latin) < 6:
        return None
    latin = latin.replace("kh", "h").replace("ts", "c")
    for ending, english in _ENDINGS:
        if not latin.endswith(ending) or len(latin) - len(ending) < (3 if len(ending) >= 3 else 5):
            continue
        stem = latin[: len(latin) - len(ending)]
        every = stem
        for a, b in _LETTERS_TO_ENGLISH[:2]:  # k → c and z → s together ("muzik" → music)
            every = every.replace(a, b)
        for spelled in dict.fromkeys([stem, every] + [stem.replace(a, b) for a, b in _LETTERS_TO_ENGLISH if a in stem]):
            candidate = spelled + english
            if len(candidate) >= 6 and known_english(candidate):
                return candidate
    return None


def _same_stem(low: str, words: Dict[str, str]) -> Optional[str]:
    """The one English word of the sibling's words that share ``low``'s stem, its endings aside: a common
    beginning of four letters or more that leaves at most two letters of either word (Belarusian неба ~
    Ukrainian небо, sky; першым ~ перший, first). Sibling languages differ most in their endings, which the
    one-letter rule above misses when the words are short or the ending is two letters long."""
    found = set()
    for key, english in words.items():
        if not english or " " in key or len(key) < 4 or key[:1] != low[:1]:
            continue
        common = 0
        for a, b in zip(low, key):
            if a != b:
                break
            common += 1
        if common >= 4 and len(low) - common <= 2 and len(key) - common <= 2:
            found.add(english)
            if len(found) > 1:
                return None
    return found.pop() if found else None


def file_needed(code: str) -> str:
    """The sibling's word file a language of the table reads with ("" without one)."""
    from pyapp.reading.gloss import language_file

    row = table().get(code)
    return language_file(row.sibling) if row is not None and row.sibling else ""


def _unread_latin(question: str, lexicon: Any, known_english: Callable[[str], bool]) -> Tuple[int, int]:
    """(words English, the names and the Sanskrit vocabulary do not read, words in all)."""
    from pyapp.reading.language import FUNCTION_WORDS
    from pyapp.reading.names import name_of as found_name

    words = [w for w in _LATIN_WORD.findall(unicodedata.normalize("NFC", question)) if len(w) > 1]
    unread = 0
    for word in words:
        low = word.lower()
        if low in FUNCTION_WORDS["en"] or low in _ENGLISH_WORDS:
            continue
        if low.isascii() and known_english(low):
            continue
        if found_name(word, lexicon) is not None:
            continue
        unread += 1
    return unread, len(words)


def unread_language(question: str, lexicon: Any, known_english: Optional[Callable[[str], bool]]) -> Optional[str]:
    """For a Latin-letter question ``detect`` read as English: the table language it is in, when most of its
    words are not English (``known_english``, the index's English words) and that language's cue words are
    there; None for English (a misspelt or Sanskrit-laden English question stays English)."""
    if known_english is None or lexicon is None:
        return None
    found = guess(question)
    if found is None or (found[2] < 2 and not _lone_question_word(question, found[0])):
        return None
    from pyapp.reading.language import FUNCTION_WORDS

    cue = table()[found[0]].words
    english = {w.lower() for w in _LATIN_WORD.findall(question)
               if len(w) > 1 and w.lower() in FUNCTION_WORDS["en"] and w.lower() not in cue}
    if len(english) >= 2:  # "How do … translators render …": English with words the hymns never use
        return None
    unread, total = _unread_latin(question, lexicon, known_english)
    if unread < MIN_UNREAD_WORDS or unread < MIN_UNREAD_SHARE * total:
        return None
    return found[0]


def unknown_latin(question: str, lexicon: Any, known_english: Optional[Callable[[str], bool]]) -> Optional[Any]:
    """A Latin-letter question in no language the app knows (most of its words neither English, nor names, nor
    Sanskrit; hardly an English little word): a ``Gloss`` of the question its references, numbers and names ask
    (``pyapp.reading.names_numbers``), or None (it goes on as English, as before)."""
    from pyapp.reading import names_numbers
    from pyapp.reading.gloss import Gloss
    from pyapp.reading.language import FUNCTION_WORDS

    if known_english is None or lexicon is None:
        return None
    english_words = {w.lower() for w in _LATIN_WORD.findall(question)
                     if len(w) > 1 and (w.lower() in FUNCTION_WORDS["en"] or w.lower() in _ENGLISH_WORDS)}
    if len(english_words) >= 2:
        return None
    unread, total = _unread_latin(question, lexicon, known_english)
    if unread < UNKNOWN_MIN_UNREAD or unread < UNKNOWN_MIN_SHARE * total:
        return None
    found = names_numbers.read_latin(question, lexicon)
    if found is None:
        return None
    english, names = found
    return Gloss(language="other", language_name="a language the app does not read", english=english,
                 known=names, unknown=[], names=names, note=names_numbers.note(english))


def _lone_question_word(question: str, code: str) -> bool:
    """One cue word is enough only when it is a question word of three letters or more that no other language
    of the table has ("Hvernig …", Basque "Zer …"); a lone little word ("ve", "da") is any language's."""
    from pyapp.reading.script import words_of

    row, weights = table()[code], _weights()
    return any(len(t) >= 3 and row.words.get(t.lower()) not in (None, "") and weights.get(t.lower()) == 1.0
               for t in words_of(question))


def note_for(name: str, guessed: bool, unknown: List[str], english: str) -> str:
    """The reader's note: the language (guessed or told by its script), the words left unread."""
    said = f"Read as {name}" + (" (a guess from its question words)" if guessed else "")
    said += f", a language the app reads only in part: “{english}”" if english else \
        ", a language the app reads only in part; no name, reference or topic in it could be read, so nothing was searched"
    if unknown:
        shown = ", ".join(unknown[:8]) + (" …" if len(unknown) > 8 else "")
        said += f". Words I could not read (left out of the search): {shown}"
    return said + "."


def read(question: str, code: str, lexicon: Any, known_english: Optional[Callable[[str], bool]],
         index_dir: Optional[str], guessed: bool = False,
         hymn_word: Optional[Callable[[str], bool]] = None) -> Optional[Any]:
    """The question read with ``code``'s cue words (and its sibling's file): a ``Gloss`` whose English holds
    only what was read, with the note for the reader; None when the table has no such language."""
    from pyapp.reading.gloss import read as gloss_read

    words = word_table(code, index_dir)
    if words is None:
        return None
    row = table()[code]
    # the sibling's stemmer and cognate rules read this language's inflections best (Catalan with Spanish's)
    via = row.sibling if words.source.endswith(f"+ {row.sibling}") else code
    text = _digits(question)
    if row.script == "arabic":  # Sindhi's kaf and ye as Urdu and Persian write them, so the sibling's words meet it
        text = text.translate(_ARABIC_SPELLING)
    refs = [m.group(0) for m in _REFERENCE.finditer(text)]
    # a reference is read as it stands, and its dots never end a sentence ("Rigveda 10.43, shin …")
    found = gloss_read(_REFERENCE.sub(" ", text), via, lexicon, known_english, row.name, index_dir, table=words,
                       drop_unknown=True, hymn_word=hymn_word, dictionary_language=code)
    if found is None:
        return None
    found.language, found.language_name = code, row.name
    found.english = _composed(found.english, refs)
    found.note = note_for(row.name, guessed, found.unknown, found.english)
    return found


# words of a reading that say what kind of question it is, not what it is about
_SHAPE = re.compile(r"\b(?:how many|how much|who|whom|what|which|where|when|why|how|is|are|the|of|in|about|"
                    r"rigveda|hymns?|verses?|gods?|goddess(?:es)?)\b|[?!.,:;]", re.I)


def _composed(english: str, refs: List[str]) -> str:
    """The reading the rest of the turn answers: with a reference, "In RV 1.3, which verse … Sarasvatī?" (the
    collection's name adds nothing beside it); "" when nothing was read but the question's shape ("What
    Rigveda?"): no topic is made up from it, and the note says what could not be read."""
    if refs:
        core = re.sub(r"\s*\bRigveda\b", "", english).strip(" .,:")
        if _SHAPE.match(core):  # "which verse …", not a name ("Indra?")
            core = core[:1].lower() + core[1:]
        return f"In RV {', '.join(refs)}, {core}" if core else f"RV {', '.join(refs)}"
    return english if _SHAPE.sub(" ", english).strip() else ""


def _digits(text: str) -> str:
    """Digits of any script as ASCII (Myanmar ၁.၃, Devanagari १०.१२९ → 1.3, 10.129)."""
    return "".join(str(unicodedata.digit(c)) if c.isdigit() and not c.isascii() else c for c in text)


def read_unknown(question: str, lexicon: Any, known_english: Optional[Callable[[str], bool]],
                 index_dir: Optional[str], looks_sanskrit: Callable[[str], bool] = lambda _: False,
                 hymn_word: Optional[Callable[[str], bool]] = None) -> Optional[Any]:
    """A question ``detect`` read as English or as "another language": read here when it is in fact in a
    language of the table (see the module docstring); None otherwise (the question goes on as English).
    ``hymn_word(romanised)``: the hymns use the word, so a capitalised one is a name of theirs (``gloss.read``)."""
    from pyapp.reading.language import detect

    language = detect(question)
    if language.code == "en" and language.script == "latin":
        code = unread_language(question, lexicon, known_english)
        if looks_sanskrit(question):
            return None
        if code is None:  # no language of the table: its names and numbers, when they ask something clear
            return unknown_latin(question, lexicon, known_english)
        return by_evidence(read(question, code, lexicon, known_english, index_dir, guessed=True,
                                 hymn_word=hymn_word), question)
    if language.code in table():
        return by_evidence(read(question, language.code, lexicon, known_english, index_dir, hymn_word=hymn_word),
                            question)
    if language.code == "other":  # a script no reader has (Tibetan, Thaana): its names and numbers (any_script)
        from pyapp.reading import any_script

        return by_evidence(any_script.read(question, lexicon), question)
    return None


def by_evidence(found: Optional[Any], question: str, strict: bool = False) -> Optional[Any]:
    """A reading that read less than half the question's words, nothing but its names, or lost its numbers:
    when its names, references and numbers ask something clear (two hymns to compare, a god's hymn of so many
    verses: ``pyapp.reading.names_numbers``), that question is answered, and the note says it was read from the
    names and numbers alone. ``strict`` (a language with a word file): only a reading of under half its words."""
    from pyapp.reading import names_numbers

    if found is None:
        return found
    rest = found.english
    for name in found.names:
        rest = rest.replace(name, " ")
    only_names = not re.sub(r"[\W\d_]+", "", rest)  # "Rigveda Agni Soma?": nothing but the names was read
    # "13 … 8" read as words only: the numbers the question gave are lost from the reading
    lost_numbers = any(not re.search(rf"(?<!\d){n}(?!\d)", found.english) for n in names_numbers.numbers(question))
    if found.coverage >= 0.5 and (strict or (not only_names and not lost_numbers)):
        return found  # strict: a language read word by word (a file of its own) is left as read unless misread
    english = names_numbers.compose(found.names, names_numbers.references(question), names_numbers.numbers(question),
                                    joint=only_names)
    if english:
        found.english, found.note = english, names_numbers.note(english)
    return found


__all__ = ["CueWords", "DATA_PATH", "by_evidence", "file_needed", "guess", "name_of", "note_for", "read", "read_unknown",
           "table", "unread_language", "word_table"]
