"""The parallel translations (Geldner, Grassmann, Renou, Elizarenkova, Oldenberg, Müller, Macdonell):
load one version's file and search it with BM25; guess a question's language.

Each version is its own index file, ``versions/<id>.json`` (written by ``corpus_build/versions.py``),
fetched by the page only when the reader chooses that version (or a question needs it), then written
into Pyodide's file system beside the other index files. ``versions.json`` (always loaded, a few kB)
lists every version with its language, coverage, licence and credit.

Search is Okapi BM25 (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and
Beyond", 2009) with k1 = 1.2, b = 0.75 and the non-negative idf ``ln(1 + (N - df + 0.5) / (df + 0.5))``
over the stanzas the version has. Words are Snowball-stemmed in the version's language (German,
French, Russian or English; ``snowballstemmer``, pure Python) and then folded: diacritics off,
ṛ/r̥ → ri, ś/ṣ → sh, ß → ss (so "Uṣas", "Ushas" and "uṣas" meet; Russian keeps its letters, ё → е).
Stemming 20,000 distinct words would take seconds in Pyodide, so the build ships each version's
``{word: key}`` table (only where the key differs from the word) and a question's few words are
stemmed here. The postings are built on the first search and kept (0.5 s of CPU in CPython, 1–1.5 s in
Pyodide on a loaded 2-core machine; ``prepare()`` does it ahead, e.g. right after the file arrives).

    index = TranslationIndex.load(index_dir, "geldner", doc_id=rigveda_index.doc_id)
    index.search("Was sagt der Rigveda über die Morgenröte?", k=10)   # → [TranslationHit, …]
    detect_language("Что говорит Ригведа о Сома?")                   # → "ru"

Pure Python; the same code runs in CPython and Pyodide (it never touches the browser).
"""
from __future__ import annotations

import json
import math
import os
import re
import unicodedata
from collections import Counter
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from pydantic import BaseModel

from pyapp.search.translit import has_iast_diacritics

FORMAT_VERSION = 1
CATALOG_FILE = "versions.json"
VERSIONS_DIR = "versions"
DEFAULT_VERSION = "griffith"  # in verses.json itself, never a separate file
LANGUAGES = ("en", "de", "fr", "ru")
STEMMERS = {"en": "english", "de": "german", "fr": "french", "ru": "russian"}
K1 = 1.2
B = 0.75
HYMN_BOOST = 1.0

try:  # pure Python; vendored as a wheel for Pyodide
    import snowballstemmer
except ImportError:  # pragma: no cover - unstemmed matching rather than a failed import
    snowballstemmer = None


class VersionMissing(FileNotFoundError):
    """The version's file is not in the index folder (not built, or not fetched by the page yet)."""


# ---------------------------------------------------------------------------------------------
# Words

# Function words: never index terms of a question (a version's own text keeps them, for BM25's lengths).
STOPWORDS: Dict[str, frozenset] = {
    "en": frozenset("""
a about above after again against all am an and any are as at be because been before being below between both
but by can could did do does doing down during each few for from further had has have having he her here hers
herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on
once only or other our ours ourselves out over own same she should so some such than that the their theirs them
themselves then there these they this those through to too under until up very was we were what when where which
while who whom why will with would you your yours yourself yourselves thee thou thy thine ye hath hast doth dost
art shalt wilt canst unto o oh yea shall may might let
""".split()),
    "de": frozenset("""
aber alle allem allen aller alles als also am an ans auch auf aus bei beim bin bis bist da damit dann das dass
daß dein deine dem den denn der des dessen dich die dies diese diesem diesen dieser dieses dir doch dort du durch
ein eine einem einen einer eines er es etwas euch euer eure für gegen gibt hat hatte hier ihm ihn ihnen ihr ihre
ihrem ihren ihrer im in ins ist ja jede jedem jeden jeder jedes jener kann kein keine man mein meine mich mir mit
nach nicht nichts noch nun nur ob oder ohne sehr sein seine seinem seinen seiner seines sich sie sind so solche
soll sollen über um und uns unser unsere unter vom von vor war waren warum was weil welche welchem welchen welcher
welches wem wen wenn wer werden wie wieso wir wird wo woher wohin worüber zu zum zur zwischen
""".split()),
    "fr": frozenset("""
a à afin ai aie au aux avec avoir c ce ceci cela celle celles celui ces cet cette ceux chez comme comment d dans de
des donc dont du elle elles en est et été être eu eux il ils j je l la le les leur leurs lui m ma mais me même mes
moi mon n ne ni nos notre nous on ont ou où par pas peu pour pourquoi qu quand que quel quelle quelles quels qui
quoi s sa sans se ses si son sont sous suis sur t ta te tes toi ton tous tout toute toutes tu un une vos votre
vous y
""".split()),
    "ru": frozenset("""
а без более бы был была были было быть в вам вас весь во вот все всё всего всех вы где да даже для до его ее её
если есть еще ещё же за здесь и из или им их к как какая какие каким какой каких когда кого кто ли либо меня мне
мы на над не него нее неё нет ни них но ну о об однако он она они оно от очень по под при про с со так также там
те тем то того тоже той только том тот ты у уже хотя чего чей чем что чтобы чье чьи эта эти это этот я
""".split()),
}
# Words of a question about the book rather than of its topic (asked "what does the RigVeda say about …").
QUESTION_WORDS: Dict[str, frozenset] = {
    "en": frozenset("rigveda rig veda vedas vedic rv hymn hymns verse verses stanza stanzas say says said tell "
                    "describe explain mean meaning means show find please know".split()),
    "de": frozenset("rigveda rig veda veden vedisch vedische vedischen rv hymne hymnen lied lieder vers verse strophe "
                    "strophen sagt sagen gesagt steht stehen erzählt erzählen beschreibt bedeutet bedeutung "
                    "erkläre erklären zeige zeigen finde finden bitte weißt wissen "
                    # the frame of a claim the reader met elsewhere ("Ich habe gelesen …", "wie manche Webseiten
                    # behaupten"): words of where the claim was read, never of what it says
                    "gelesen lese las habe hab gehört webseite webseiten website websites seite seiten internet "
                    "artikel blog buch behaupten behauptet behauptung wirklich genau tatsächlich".split()),
    "fr": frozenset("rigveda rig véda védas veda vedas védique védiques rv hymne hymnes vers strophe strophes dit "
                    "disent dire parle parlent raconte décrit décrire signifie sens explique expliquer montre "
                    "montrer trouve trouver sais savoir "
                    "lu lire entendu site sites internet article blog livre affirme affirment affirmation prétend "
                    "prétendent vraiment exactement réellement agit".split()),
    "ru": frozenset("ригведа ригведе ригведы ригведу ригведой веда веды ведах ведийский гимн гимны гимнах гимне "
                    "стих стихи строфа строфы говорит говорится сказано рассказывает описывает означает значит "
                    "объясни покажи найди пожалуйста "
                    "читал читала прочитал прочитала слышал слышала сайт сайте сайтах статье статья интернете блоге "
                    "книге утверждают утверждает утверждение правда действительно именно точно".split()),
}

_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|[\u0300-\u036f]|['’](?=[^\W\d_]))*")
_ELISION = re.compile(r"^(?:[lmtsdnjc]|qu|jusqu|lorsqu|puisqu)['’]", re.IGNORECASE)
_STEMMER_CACHE: Dict[str, object] = {}


def words(text: str) -> List[str]:
    """Lower-case word tokens (letters with their combining marks; French elisions split off)."""
    found = _WORD.findall(unicodedata.normalize("NFC", text).lower())
    if "'" not in text and "’" not in text:
        return found
    out: List[str] = []
    for word in found:
        if "'" in word or "’" in word:
            elided = _ELISION.match(word)
            if elided:
                word = word[elided.end():]
            word = word.replace("’", "'").strip("'")
            if not word:
                continue
        out.append(word)
    return out


def _stemmer(language: str) -> Optional[object]:
    if snowballstemmer is None or language not in STEMMERS:
        return None
    stemmer = _STEMMER_CACHE.get(language)
    if stemmer is None:
        stemmer = _STEMMER_CACHE[language] = snowballstemmer.stemmer(STEMMERS[language])
    return stemmer


def fold(word: str, language: str) -> str:
    """A stem's search key: Latin-script words lose their diacritics (ṛ/r̥ → ri, ś/ṣ → sh, ß → ss);
    Russian keeps its letters (ё → е)."""
    if language == "ru":
        return word.replace("ё", "е")
    text = unicodedata.normalize("NFD", word.replace("ß", "ss"))
    out: List[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if ch == "r" and nxt in ("\u0323", "\u0325"):
            out.append("ri")
            i += 2
            if i < n and text[i] == "i":  # r̥i (Griffith's and Müller's way of writing ṛ)
                i += 1
            continue
        if ch == "s" and nxt in ("\u0323", "\u0301"):
            out.append("sh")
            i += 2
            continue
        if not unicodedata.combining(ch) and ch != "'":
            out.append(ch)
        i += 1
    return "".join(out)


def term_key(word: str, language: str) -> str:
    """The index term of one lower-case word: Snowball stem in the version's language, then folded."""
    stemmer = _stemmer(language)
    stem = stemmer.stemWord(word) if stemmer is not None else word  # type: ignore[attr-defined]
    return fold(stem, language)


def stem_table(texts: Iterable[str], language: str) -> Dict[str, str]:
    """For the build: ``{word: key}`` for every word of a version whose key is not the word itself."""
    table: Dict[str, str] = {}
    seen = set()
    for text in texts:
        for word in words(text):
            if word in seen:
                continue
            seen.add(word)
            key = term_key(word, language)
            if key != word:
                table[word] = key
    return dict(sorted(table.items()))


def query_terms(question: str, language: str) -> List[str]:
    """The index terms of a question: its words minus function words and book words, stemmed, folded."""
    stop = STOPWORDS.get(language, frozenset()) | QUESTION_WORDS.get(language, frozenset())
    terms: List[str] = []
    for word in words(question):
        if word in stop or len(word) < 2:
            continue
        key = term_key(word, language)
        if key and key not in terms:
            terms.append(key)
    return terms


# Nature words whose god the translators call by name ("die Morgenröte" is "Uṣas" in Geldner's Uṣas hymns):
# a question's word also searches the name, at EXPANSION_WEIGHT. Written as words; keyed like the index.
EXPANSION_WEIGHT = 0.7
_EXPANSIONS: Dict[str, Dict[Tuple[str, ...], Tuple[str, ...]]] = {
    "de": {("morgenröte", "morgenrot", "morgenröthe", "dämmerung", "frühlicht"): ("uṣas", "morgenröthe", "morgenröte"),
           ("sonne", "sonnengott"): ("sūrya", "savitr̥"), ("feuer",): ("agni",), ("nacht",): ("rātrī",),
           ("wind",): ("vāyu", "vāta"), ("regen", "gewitter", "regengott"): ("parjanya",), ("himmel",): ("dyaus",),
           ("erde",): ("pr̥thivī",), ("wasser", "gewässer"): ("āpas", "gewässer"), ("rede", "sprache"): ("vāc",)},
    "fr": {("aurore", "aube"): ("aurore", "uṣas"), ("soleil",): ("sūrya", "savitr̥"), ("feu",): ("agni",),
           ("nuit",): ("rātrī",), ("vent",): ("vāyu", "vāta"), ("pluie", "orage"): ("parjanya",), ("ciel",): ("dyaus",),
           ("terre",): ("pr̥thivī",), ("eau", "eaux"): ("eaux", "āpas"), ("parole",): ("vāc",)},
    "ru": {("заря", "зари", "рассвет"): ("ушас",), ("солнце",): ("сурья", "савитар"), ("огонь",): ("агни",),
           ("ночь",): ("ратри",), ("ветер",): ("ваю", "вата"), ("дождь", "гроза"): ("парджанья",),
           ("небо",): ("дьяус",), ("земля",): ("притхиви",), ("воды", "вода"): ("воды",), ("речь",): ("вач",)},
    "en": {("dawn", "daybreak"): ("uṣas", "ushas"), ("sun",): ("sūrya", "savitar"), ("fire",): ("agni",),
           ("night",): ("rātrī", "ratri"), ("wind",): ("vāyu", "vāta"), ("rain", "thunderstorm"): ("parjanya",),
           ("sky", "heaven"): ("dyaus",), ("earth",): ("pṛthivī", "prithivi"), ("waters",): ("āpas", "waters"),
           ("speech",): ("vāc", "vak")},
}
_EXPANSION_KEYS: Dict[str, Dict[str, List[str]]] = {}


def _expansions(language: str) -> Dict[str, List[str]]:
    table = _EXPANSION_KEYS.get(language)
    if table is None:
        table = _EXPANSION_KEYS[language] = {}
        for sources, targets in _EXPANSIONS.get(language, {}).items():
            keys = [term_key(word, language) for word in targets]
            for word in sources:
                table[term_key(word, language)] = keys
    return table


def weighted_terms(question: str, language: str) -> List[Tuple[str, float]]:
    """``query_terms`` with weight 1, then each term's nature-god names at ``EXPANSION_WEIGHT``."""
    terms = query_terms(question, language)
    weighted = {term: 1.0 for term in terms}
    table = _expansions(language)
    for term in terms:
        for extra in table.get(term, ()):
            weighted.setdefault(extra, EXPANSION_WEIGHT)
    return list(weighted.items())


# ---------------------------------------------------------------------------------------------
# Which language is a question in?

_MARKERS: Dict[str, frozenset] = {
    "en": frozenset("the is are were what who whom which how why does do did about of and to in on with "
                    "hymn hymns gods god say says tell where when there this that from".split()),
    "de": frozenset("der die das den dem des und ist sind war was wer wie wo warum welche welcher welches welchen "
                    "über sagt sagen gibt ein eine einen einem nicht mit von zu zum zur im auf für götter gott "
                    "hymne hymnen lied lieder wird werden auch oder es ich sich".split()),
    "fr": frozenset("le la les du des un une est sont que qui quoi quel quelle quels quelles comment pourquoi où "
                    "dit disent sur dans avec pour pas au aux ce cette ces dieu dieux hymne hymnes et il elle ils "
                    "en parle je".split()),
}
_DE_LETTERS = re.compile("[äöüß]")
_FR_LETTERS = re.compile("[éèêëàâçœùûîïô]")
_FR_ELISION = re.compile(r"\b(?:l|d|qu|j|n|s|c)['’][^\W\d_]", re.IGNORECASE)
_CYRILLIC = re.compile("[\u0400-\u04ff]")
_LATIN = re.compile("[A-Za-z\u00c0-\u024f\u1e00-\u1eff]")


def detect_language(question: str) -> str:
    """``"en"``, ``"de"``, ``"fr"`` or ``"ru"``: the language a question is written in.

    Cyrillic letters outnumbering Latin ones → Russian. Otherwise function words are counted
    (German, French, English lists above) plus letters only German (ä ö ü ß) or French (é è à ç …,
    elisions like l'aube) write; those letters do not count in text with IAST diacritics (Vedic
    accents write é, á). German or French wins with two signs more than English has, or with one
    sign when English has none. Anything else, including a bare name or a Sanskrit quotation, is
    English, the app's own language.
    """
    text = str(question or "")
    cyrillic, latin = len(_CYRILLIC.findall(text)), len(_LATIN.findall(text))
    if cyrillic >= 2 and cyrillic > latin:
        return "ru"
    tokens = words(text)
    score = {lang: sum(1 for w in tokens if w in markers) for lang, markers in _MARKERS.items()}
    if not has_iast_diacritics(text):
        lowered = text.lower()
        score["de"] += min(2, len(_DE_LETTERS.findall(lowered)))
        score["fr"] += min(2, len(_FR_LETTERS.findall(lowered)))
    score["fr"] += min(2, len(_FR_ELISION.findall(text)))
    best = max(("de", "fr"), key=lambda lang: (score[lang], lang == "de"))
    other = "fr" if best == "de" else "de"
    if score[best] > score[other] and (score[best] >= score["en"] + 2 or (score[best] >= 1 and score["en"] == 0)):
        return best
    return "en"


# ---------------------------------------------------------------------------------------------
# The catalogue (versions.json)


class VersionInfo(BaseModel):
    """One translation as ``versions.json`` lists it (the page's picker and footer read the same)."""

    id: str  # "geldner"
    name: str  # "Geldner"
    language: str  # "de"
    language_name: str  # "German"
    author: str  # as VedaWeb's TEI header names the translator
    title: str
    stanzas: int  # how many stanzas this version has
    coverage: float  # percent of the corpus' stanzas, 2 decimals
    licence: str  # "CC BY-NC-SA 4.0"
    licence_url: str = ""
    credit: str  # the credit line, from vedaweb_corpus.tei
    file: Optional[str] = None  # "versions/geldner.json"; None for the default (in verses.json)
    default: bool = False


class Catalog(BaseModel):
    format: int
    default: str
    versions: List[VersionInfo]
    padapatha: Optional[dict] = None  # {file, stanzas, coverage, licence, licence_url, credit}

    def get(self, version_id: str) -> Optional[VersionInfo]:
        return next((v for v in self.versions if v.id == version_id), None)

    def for_language(self, language: str) -> List[VersionInfo]:
        """The versions in a language, in the catalogue's order of preference (Geldner before Grassmann;
        the default, Griffith, leads English)."""
        return [v for v in self.versions if v.language == language]


def load_catalog(index_dir: str) -> Optional[Catalog]:
    """``versions.json`` of an index folder, or ``None`` when the build had no versions."""
    path = os.path.join(index_dir, CATALOG_FILE)
    try:
        with open(path, "rb") as handle:
            return Catalog.parse_raw(handle.read())
    except FileNotFoundError:
        return None


def version_path(index_dir: str, version_id: str) -> str:
    return os.path.join(index_dir, VERSIONS_DIR, f"{version_id}.json")


def has_version(index_dir: str, version_id: str) -> bool:
    """True once the version's file is in the folder (in the page: after it was fetched)."""
    return os.path.isfile(version_path(index_dir, version_id))


# ---------------------------------------------------------------------------------------------
# One version's index


class TranslationHit(BaseModel):
    ref: str  # "1.113.1"
    doc_id: Optional[int]  # row in verses.json (None when the index was loaded without a doc_id mapping)
    score: float
    text: str  # the stanza in this version, as published
    version: str  # "geldner"


class TranslationIndex:
    """The stanzas of one version and a BM25 index over them (built on the first search)."""

    def __init__(self, data: dict, doc_id: Optional[Callable[[str], Optional[int]]] = None) -> None:
        if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION or not isinstance(data.get("hymns"), dict):
            raise ValueError("not a translation file of this app's format; rebuild the index")
        self.id: str = str(data["id"])
        self.language: str = str(data["language"])
        self._stems: Dict[str, str] = dict(data.get("stems") or {})
        self._doc_id = doc_id
        self._texts: Dict[str, str] = {}
        for hymn, verses in data["hymns"].items():
            for number, text in enumerate(verses, 1):
                if text:
                    self._texts[f"{hymn}.{number}"] = text
        self.refs: List[str] = sorted(self._texts, key=lambda r: tuple(int(p) for p in r.split(".")))
        self._postings: Optional[Dict[str, List[Tuple[int, int]]]] = None
        self._lengths: List[int] = []
        self._avg = 1.0
        self._sizes: Optional[Dict[str, int]] = None

    @classmethod
    def load(cls, index_dir: str, version_id: str,
             doc_id: Optional[Callable[[str], Optional[int]]] = None) -> "TranslationIndex":
        """Read ``versions/<id>.json``; ``VersionMissing`` if it is not there (not fetched yet)."""
        path = version_path(index_dir, version_id)
        try:
            with open(path, "rb") as handle:
                data = json.loads(handle.read().decode("utf-8"))
        except FileNotFoundError:
            raise VersionMissing(f"translation {version_id!r} is not loaded ({path} missing)") from None
        return cls(data, doc_id)

    def __len__(self) -> int:
        return len(self.refs)

    def prepare(self) -> "TranslationIndex":
        """Build the BM25 postings now (the first search does it otherwise; see the module docstring)."""
        if self._postings is None:
            self._build()
        return self

    def text(self, ref: str) -> Optional[str]:
        """The stanza "M.H.V" in this version; ``None`` where the version lacks it."""
        return self._texts.get(ref)

    def _build(self) -> None:
        postings: Dict[str, List[Tuple[int, int]]] = {}
        lengths: List[int] = []
        key = self._stems.get
        for position, ref in enumerate(self.refs):
            tokens = words(self._texts[ref])
            lengths.append(len(tokens))
            for term, tf in Counter([key(word, word) for word in tokens]).items():
                posting = postings.get(term)
                if posting is None:
                    postings[term] = [(position, tf)]
                else:
                    posting.append((position, tf))
        self._postings = postings
        self._lengths = lengths
        self._avg = (sum(lengths) / len(lengths)) if lengths else 1.0

    def scores(self, terms: Sequence[object]) -> Dict[int, float]:
        """BM25 score of every stanza (position in ``refs``) that has one of the index ``terms``
        (keys, or ``(key, weight)`` pairs as ``weighted_terms`` gives them)."""
        if self._postings is None:
            self._build()
        assert self._postings is not None
        n = len(self.refs)
        out: Dict[int, float] = {}
        weights: Dict[str, float] = {}
        for term in terms:
            key, weight = term if isinstance(term, tuple) else (term, 1.0)
            weights.setdefault(str(key), float(weight))
        for term, weight in weights.items():
            posting = self._postings.get(term)
            if not posting:
                continue
            df = len(posting)
            idf = weight * math.log(1.0 + (n - df + 0.5) / (df + 0.5))
            for position, tf in posting:
                norm = K1 * (1.0 - B + B * self._lengths[position] / self._avg)
                out[position] = out.get(position, 0.0) + idf * tf * (K1 + 1.0) / (tf + norm)
        return out

    def search(self, question: str, k: int = 10, hymn_boost: float = HYMN_BOOST) -> List[TranslationHit]:
        """The ``k`` best stanzas of this version for a question in its language (best first).

        A stanza's BM25 score is raised by ``hymn_boost`` × the share of its hymn's stanzas that match
        too, so a hymn about the subject (the Uṣas hymns for "Morgenröte") outranks a stray mention."""
        scores = self.scores(weighted_terms(question, self.language))
        if hymn_boost and scores:
            hymn_of = [ref.rsplit(".", 1)[0] for ref in self.refs]
            matched: Dict[str, int] = {}
            for position in scores:
                matched[hymn_of[position]] = matched.get(hymn_of[position], 0) + 1
            sizes = self._hymn_sizes()
            scores = {position: score * (1.0 + hymn_boost * matched[hymn_of[position]] / sizes[hymn_of[position]])
                      for position, score in scores.items()}
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:max(0, k)]
        hits: List[TranslationHit] = []
        for position, score in ranked:
            ref = self.refs[position]
            hits.append(TranslationHit(ref=ref, doc_id=self._doc_id(ref) if self._doc_id else None,
                                       score=round(score, 6), text=self._texts[ref], version=self.id))
        return hits

    def _hymn_sizes(self) -> Dict[str, int]:
        if self._sizes is None:
            sizes: Dict[str, int] = {}
            for ref in self.refs:
                hymn = ref.rsplit(".", 1)[0]
                sizes[hymn] = sizes.get(hymn, 0) + 1
            self._sizes = sizes
        return self._sizes
