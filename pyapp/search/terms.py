"""Sanskrit ↔ English term lexicon: a Sanskrit word inside an English question, searched as Sanskrit.

"What does the word ṛta mean?" should find the verses that say *ṛtasya*, *ṛtena*, *ṛtam*,
*ṛtāvan* … and the verses where Griffith wrote "Law", "holy Law" or "Order". The build
(``corpus_build/terms.py``) derives, from the aligned verses, each frequent Sanskrit stem's
inflected forms (the folded keys of the ``sa`` BM25 field) and Griffith's renderings of it (word
association over verse pairs); a curated list adds the display spelling and a short gloss in our
own words. This module reads that ``terms.json`` and answers three questions:

* :meth:`TermLexicon.find_terms`: which Sanskrit terms does a question contain, however typed —
  IAST (``ṛta``), Harvard-Kyoto (``Rta``, ``yajJa``), ITRANS (``R^ita``, ``yaj~na``), Velthuis
  (``.rta``), plain ASCII (``rta``, ``rita``, ``yagna``), Devanagari (``ऋत``), inflected
  (``ṛtasya``) — without mistaking English words ("is", "man", "sat") for Sanskrit;
* :meth:`TermLexicon.english_to_sanskrit`: which Sanskrit terms Griffith renders with an English
  word ("truth" → *satya*);
* :func:`term_query_scores`: per-verse BM25 of a question's terms — the best of the term's forms
  in the Sanskrit field plus its renderings in the English field — for adding to a query's scores.

A missing or unreadable ``terms.json`` gives an empty lexicon (no hits), never an error: the
app answers without it.
"""
from __future__ import annotations

import json
import os
import re
from typing import Callable, Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
from pydantic import BaseModel

from pyapp.search.translit import fold_sanskrit, has_devanagari, sanskrit_words

TERMS_FILE = "terms.json"
FORMAT_VERSION = 1

#: how much the English field (Griffith's renderings) counts next to the Sanskrit forms
EN_WEIGHT = 0.6
#: folded keys shorter than this are never looked up ("go", "ni", …)
MIN_KEY = 3

# English words (and a few English names) that fold to a Sanskrit word form of the lexicon; the
# build adds the ones Griffith himself writes in lower case ("english" in terms.json). Typed with
# diacritics, in Devanagari, quoted or after "the word", such a word still counts as Sanskrit.
COMMON_ENGLISH = frozenset("""
a am an as at be by do go he if in is it me my no of on or so to up us we
ada ado aha aga ala ama ana and ani ara are area aria arid aura ava avid
bad bag ban bar bat bay bed bee bet bin bit bud bus but can cap car cat data date day deal dean den
dine dive doe dog done dot due dune dupe duty ear eat edit ego else end era eta eve evil fan far fat
gala game gate gave gene gin had ham has hat hem hen her him hit hot hum ice idea ides ill ina ink
ion ire its jam jar kin kit lad lama lane lava law lay led let lid lit mad made main mama man mane
mania manna many map mar mass mat mate mead meat men met mid mine mini mod moan mob mud nab nag name
nap nave near net new nine nit not now nun nut oar ode odd one opera ora oral ore pad pan papa par
pat pave pay pen pet pie pin pit pod pot pure put rag rain ran rap rat raw rave ray red
rib rid rim riot rite road rob rod rode rot rub rude rum run sad saga sage sane sari sat saw say
sea see set sin sip sit soda sod son sun tab tan tap tar tea ten than that the them then tin tip
toe ton top tot tug tuna urn use van vat vet via vie vine visa vita was yam yes yet zen
aye ave pave sure tame tone tune vane vote mute mole pole sole role rule mile pile tile file
star starr wide tree trees usa adam sarah anne jane aware harris waste manor rico rica rican indoor
indo indus sara wise kane pipe shade shady evan eva stan aka tate wanna savanna savannah iso agnes dana
para spa axe axes rna gamma hare assure mayo cara dane assam rai ware satan russo paso bravo patty
patti nana isis drone vase marta giro madam tata ito shaman taxa azure stu witty adi dade sava daze ata
visas rana kara tri sato asha
""".split())

# Words that announce a Sanskrit word ("the word man", "the term sat", "Sanskrit satya").
_INTRO = frozenset("word words term terms sanskrit vedic called named concept notion".split())
_COORDINATION = frozenset("and or nor vs versus".split())
_QUOTES_OPEN = "\"'“‘«`*_"
# A romanized Sanskrit word never ends in a consonant + "y" ("jammy", "holy", "sky"): such a
# plain word is English even when Griffith never used it, however close its folding is to a term.
_ENGLISH_SHAPE = re.compile(r"[^aeiouy]y$")
_CHUNK = re.compile(r"[^\s,;:!?()\[\]{}/]+")
_TRAIL = re.compile(r"(?:['’]s)?[.,;:!?\"'”’»`*_)\]]*$")
_ASCII_MARKS = re.compile(r"[.~^\"]")
# endings tried, longest first, when an inflected form was not seen in the corpus (marked input only)
_FALLBACK_ENDINGS = sorted(set("""
asya ena aya at e ani ais ai ebhis ebhi ebhyas ebhya esu anam am an o as ah au asah asas aso
im in ina aye es ayah ayas ayo inam ibhis ibhi isu um un una ave os avah avas avo unam ubhis ubhi usu
aram ara aras aro ur us ribhis ribhi risu re rinam rin
ane anah anas ano abhis abhi asu asa ase asi amsi obhis obhi
""".split()), key=lambda e: (-len(e), e))
_LEMMA_ENDINGS = ("a", "i", "u", "ri", "an", "as", "in", "is", "us", "")


class TermHit(BaseModel):
    """One Sanskrit term of the lexicon, as found in a question (or for an English word)."""

    key: str  # folded stem, the term's id ("rita")
    display: str  # IAST ("ṛta")
    gloss: str = ""  # our short English explanation ("" for terms the build found by itself)
    renderings: List[str] = []  # Griffith's English words/phrases for it, best first ("Law", "holy Law", …)
    sa_terms: List[str] = []  # folded Sanskrit index terms (its inflected forms), most frequent first
    en_terms: List[str] = []  # English index terms (stems) of the renderings, best first
    en_weights: List[float] = []  # association of each ``en_terms`` entry, the best = 1.0
    matched: str = ""  # the question's text that was recognised ("" for english_to_sanskrit)
    curated: bool = False  # display and gloss were checked by hand
    name: bool = False  # a name (god, person, river) rather than a concept
    score: float = 0.0  # association with the English word (english_to_sanskrit), else 1.0
    from_corpus: bool = False  # not in the lexicon: a word form the hymns use (``attach_corpus``)
    #: for a ``from_corpus`` word: Griffith's words most often beside it in the verses that use it, counted
    #: when asked (``TextIndex.associated_english``), best first; not a gloss, and said so where shown
    learned: List[str] = []
    #: for a ``from_corpus`` word: the verb form its ending clearly shows ("the first person plural middle
    #: optative"), read by code from the grammar's tables; "" when no reading stands out
    ending: str = ""

    class Config:
        extra = "forbid"


class _Word:
    """One word of a question while it is read."""

    __slots__ = ("raw", "key", "number", "english", "lower")

    def __init__(self, raw: str, key: str, number: Optional[int]) -> None:
        self.raw = raw
        self.key = key
        self.number = number  # index of the term it names
        self.english = False  # a plain English word (not looked up)
        self.lower = raw.lower()


class _Term:
    """One entry of terms.json, unpacked (plain attributes: loading builds ~1k of them). The lists are
    the JSON's own (strings as the build wrote them: converting 12,000 of them one by one was most of the
    lexicon's load in Pyodide), and the English renderings are unpacked when first read."""

    __slots__ = ("key", "display", "gloss", "forms", "_renderings", "_raw_renderings", "curated", "name",
                 "aliases", "verses")

    def __init__(self, row: Dict[str, Any]) -> None:
        self.key: str = str(row["k"])
        self.display: str = str(row.get("d") or row["k"])
        self.gloss: str = str(row.get("g") or "")
        self.forms: List[str] = _strings(row.get("f"))
        self._raw_renderings: Any = row.get("r") or []
        self._renderings: Optional[List[Tuple[str, str, float]]] = None
        self.curated: bool = bool(row.get("c"))
        self.name: bool = bool(row.get("n"))
        self.aliases: List[str] = _strings(row.get("a"))
        self.verses: int = int(row.get("v") or 0)

    @property
    def renderings(self) -> List[Tuple[str, str, float]]:
        """[(surface, "stem stem", association)], best first as the build wrote them."""
        if self._renderings is None:
            self._renderings = [(str(r[0]), str(r[1]), float(r[2])) for r in self._raw_renderings
                                if isinstance(r, list) and len(r) == 3]
        return self._renderings

    def hit(self, matched: str = "", score: float = 1.0) -> TermHit:
        en_terms: List[str] = []
        en_weights: List[float] = []
        top = max((r[2] for r in self.renderings), default=0.0)
        for _, stems, assoc in self.renderings:
            for stem_ in stems.split():
                if stem_ not in en_terms:
                    en_terms.append(stem_)
                    en_weights.append(round(assoc / top, 4) if top > 0 else 0.0)
        return TermHit(
            key=self.key, display=self.display, gloss=self.gloss,
            renderings=[r[0] for r in self.renderings], sa_terms=list(self.forms),
            en_terms=en_terms, en_weights=en_weights, matched=matched,
            curated=self.curated, name=self.name, score=score,
        )


def _strings(values: Any) -> List[str]:
    """A JSON list of strings as it is: the build (corpus_build.terms) writes only strings, and the file
    is checked by its hash on the way (a list of anything else fails the first lookup, not the load)."""
    return values if type(values) is list else []


def _stems(key: str) -> List[str]:
    """Shorter keys a reader's form of a hymn word may stand for, tried when the form itself is not in the
    hymns: an English plural ("kikatas" → kikata), then the stem without its final vowel, which the case
    endings replace (kīkaṭa → kīkaṭ-eṣu, gandhārī → gandhār-īṇām). Never shorter than five letters."""
    out: List[str] = []
    base = key[:-1] if key.endswith("s") and len(key) > 6 else key
    if base != key:
        out.append(base)
    if base[-1:] in "aiu" and len(base) > 5:
        out.append(base[:-1])
    return out


class TermLexicon:
    """The loaded ``terms.json``: lookups from any spelling of a term, and from English words."""

    def __init__(self, terms: Sequence[_Term] = (), english: Sequence[str] = ()) -> None:
        self.terms: List[_Term] = list(terms)
        self.english = frozenset(english) | COMMON_ENGLISH
        # spelling → term number, made on first use (``_tables``): ~12,000 keys, a tenth of the
        # searcher's load when made there; the page's warm-up makes them after "ready" (``prepare``)
        self._maps: Optional[Tuple[Dict[str, int], Dict[str, int]]] = None
        self._reverse: Optional[Dict[str, List[Tuple[int, float]]]] = None
        # the Sanskrit field's own word forms (``attach_corpus``): a word the lexicon lacks
        # ("aghnyā", "nirṛti") is still searched as Sanskrit when the hymns use it
        self._corpus_forms: Optional[Callable[[str], List[str]]] = None
        self._corpus_english: Optional[Callable[[str], bool]] = None
        self._corpus_learned: Optional[Callable[[str, List[str]], Tuple[List[str], str]]] = None

    def _tables(self) -> Tuple[Dict[str, int], Dict[str, int]]:
        """(every spelling → term, lemma and alias → term); curated terms come first and win ties."""
        if self._maps is None:
            lookup: Dict[str, int] = {}
            lemmas: Dict[str, int] = {}
            for number, term in enumerate(self.terms):
                for key in [term.key, *term.aliases]:
                    lemmas.setdefault(key, number)
                    lookup.setdefault(key, number)
            for number, term in enumerate(self.terms):
                for form in term.forms:
                    lookup.setdefault(form, number)
            self._maps = (lookup, lemmas)
        return self._maps

    @property
    def _lookup(self) -> Dict[str, int]:
        return self._tables()[0]

    @property
    def _lemmas(self) -> Dict[str, int]:
        return self._tables()[1]

    def prepare(self) -> "TermLexicon":
        """Make the lookups now (the page's warm-up, after "ready"), not in the first question."""
        self._tables()
        return self

    def attach_corpus(self, forms: Callable[[str], List[str]],
                      english: Optional[Callable[[str], bool]] = None,
                      learned: Optional[Callable[[str, List[str]], Tuple[List[str], str]]] = None) -> "TermLexicon":
        """``forms(key)``: the corpus's Sanskrit word forms of a folded key (itself and the key
        under short endings), ``[]`` when the hymns never use it. ``english(word)``: the word is one
        of Griffith's English words, so typed in plain letters it is English ("tastes", "thinks"
        also fold to Sanskrit forms; "Tastes is a Sanskrit word" was said of a quoted line)."""
        self._corpus_forms = forms
        self._corpus_english = english
        self._corpus_learned = learned  # ``learned(key, forms)``: TermHit.learned and TermHit.ending
        return self

    def griffith_uses(self, word: str) -> Optional[bool]:
        """Whether Griffith's translation uses this English word; ``None`` before a corpus is attached (so a
        caller can tell "never used" from "cannot say", and call nothing absent on a bare lexicon)."""
        return None if self._corpus_english is None else bool(self._corpus_english(word))

    def hymn_forms(self, word: str) -> List[str]:
        """The hymns' Sanskrit word forms that begin with ``word`` folded (4+ letters; ``attach_corpus``):
        "kusha" starts *kuśarāso*, so it is a word of the hymns typed plainly, not a slip for "usha"."""
        key = _fold_typed(word)
        if self._corpus_forms is None or len(key) < MIN_KEY + 1:
            return []
        return self._corpus_forms(key)

    def hymn_word(self, word: str) -> bool:
        """``word`` (any spelling, IAST too) may be a word of the hymns: a lexicon term or name, a form the
        hymns use, or the beginning of one (``hymn_forms``)."""
        key = _fold_typed(word)
        if len(key) < MIN_KEY:
            return False
        if self._resolve(key, True) is not None or self.hymn_forms(word):
            return True
        return self._corpus_forms is not None and key in self._corpus_forms(key)

    # ---- loading -----------------------------------------------------------------------------
    @classmethod
    def empty(cls) -> "TermLexicon":
        return cls()

    @classmethod
    def load(cls, directory: str) -> "TermLexicon":
        """``<directory>/terms.json``; missing, unreadable or of another format → an empty lexicon."""
        try:
            with open(os.path.join(directory, TERMS_FILE), "rb") as handle:
                data = json.loads(handle.read().decode("utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION:
                return cls()
            terms = [_Term(row) for row in data.get("terms") or [] if isinstance(row, dict) and row.get("k")]
            return cls(terms, [str(w) for w in data.get("english") or []])
        except (OSError, ValueError, TypeError, KeyError, IndexError, UnicodeDecodeError):
            return cls()

    def __len__(self) -> int:
        return len(self.terms)

    def get(self, key: str) -> Optional[TermHit]:
        """The term whose folded stem (or any form or spelling) is ``key``, however typed."""
        number = self._resolve(_fold_typed(key), True)
        return None if number is None else self.terms[number].hit(key)

    # ---- Sanskrit in a question ----------------------------------------------------------------
    def find_terms(self, question: str, names: bool = False) -> List[TermHit]:
        """The Sanskrit terms a question contains, in order, one hit per term.

        A plain ASCII word counts only if it is not an English word (``is``, ``man``, ``sat``,
        ``the``…), unless it is quoted ("'sat'", *sat*), announced ("the word sat", "Sanskrit
        man") or joined by "and"/"or"/"vs" to a recognised term ("sat and asat"); words with IAST
        diacritics, transliteration marks (``.rta``, ``R^ita``, ``yajJa``) or in Devanagari always
        count. Names of gods and people are left out unless ``names``.
        """
        if not self.terms or not question:
            return []
        words = self._read_words(question)
        for position, word in enumerate(words):  # "sat and asat": an English-looking term beside a term
            if word.number is None and word.english and word.key in self._lemmas:
                for step in (-2, 2):
                    other = position + step
                    if (0 <= other < len(words) and words[other].number is not None
                            and words[position + step // 2].lower in _COORDINATION):
                        word.number = self._lemmas[word.key]
        hits: List[TermHit] = []
        seen: set = set()
        for word in words:
            if word.number is None:
                corpus = self._corpus_word(word)
                if corpus is not None and corpus.key not in seen and not any(  # "Gandhara / Gandharis": one word
                        h.from_corpus and h.sa_terms == corpus.sa_terms for h in hits):
                    seen.add(corpus.key)
                    hits.append(corpus)
                continue
            term = self.terms[word.number]
            if (term.name and not names) or term.key in seen:
                continue
            seen.add(term.key)
            hits.append(term.hit(word.raw))
        return hits

    def _corpus_word(self, word: "_Word") -> Optional[TermHit]:
        """A Sanskrit word outside the lexicon that the hymns use: a hit with the corpus's forms of
        it and no gloss. Plain ASCII needs 5+ letters and must not be English ("sample", "banana")."""
        if self._corpus_forms is None or word.english or len(word.key) < MIN_KEY + 1:
            return None
        plain = word.raw.isascii() and not _is_transliteration(word.raw)
        if plain and (len(word.key) < 5 or _ENGLISH_SHAPE.search(word.lower)):
            return None
        if plain and word.raw[:1].islower() and self._corpus_english is not None and self._corpus_english(word.lower):
            return None  # a capital keeps a name Griffith also writes ("Parushni") Sanskrit
        key = word.key
        forms = self._corpus_forms(key)
        for stem in _stems(key) if not forms else ():
            # an ending after a stem cut at its vowel starts with a vowel or bh (gandhār-īṇām, not gandhar-va)
            forms = [f for f in self._corpus_forms(stem)
                     if stem.endswith(("a", "i", "u")) or f[len(stem):][:1] in ("", "a", "e", "i", "o", "u", "b")]
            if forms:
                key = stem
                break
        if not forms:
            return None
        display = word.raw if not plain else word.raw.lower()
        learned, ending = self._corpus_learned(key, forms) if self._corpus_learned is not None else ([], "")
        return TermHit(key=key, display=display, sa_terms=forms, matched=word.raw, from_corpus=True, learned=learned,
                       ending=ending)

    def _read_words(self, question: str) -> List["_Word"]:
        """Every word of the question with its folding key and the term it names, if any."""
        words: List[_Word] = []
        previous = ""
        for match in _CHUNK.finditer(question):
            chunk = match.group(0)
            quoted = chunk[:1] in _QUOTES_OPEN
            body = _TRAIL.sub("", chunk.lstrip(_QUOTES_OPEN)) or chunk
            announced = previous in _INTRO
            previous = re.sub(r"[^a-z]", "", body.lower())
            if has_devanagari(body):
                for key in sanskrit_words(body):
                    words.append(_Word(body, key, self._resolve(key, True)))
                continue
            for raw in re.split(r"[-–—]+", body):
                if not any(ch.isalpha() for ch in raw):
                    continue
                key = _fold_typed(raw)
                marked = quoted or announced or not raw.isascii() or _is_transliteration(raw)
                word = _Word(raw, key, None)
                if not marked and (self._is_english(raw, key) or _ENGLISH_SHAPE.search(raw.lower())):
                    word.english = True
                else:
                    word.number = self._resolve(key, marked)
                words.append(word)
        return words

    def _is_english(self, raw: str, key: str) -> bool:
        word = raw.lower()
        return word in self.english or key in self.english or _is_stopword(word)

    def _resolve(self, key: str, marked: bool) -> Optional[int]:
        """The term a folded key names: a known spelling or form; for marked words also the form
        before sandhi and, failing that, a known stem under an unseen ending."""
        if len(key) < MIN_KEY:
            return None
        number = self._lookup.get(key)
        if number is None and marked:  # plain English words end in -s and -r too ("names", "water")
            number = self._lookup.get(_pausa(key))
            if number is None:
                number = self._strip_endings(key)
        return number

    def _strip_endings(self, key: str) -> Optional[int]:
        """An unseen inflected form: a known ending off, a stem ending on (``ṛtebhyas`` → ``ṛta``)."""
        for ending in _FALLBACK_ENDINGS:
            if not key.endswith(ending) or len(key) - len(ending) < 2:
                continue
            base = key[: len(key) - len(ending)]
            for lemma_end in _LEMMA_ENDINGS:
                number = self._lemmas.get(base + lemma_end)
                if number is not None:
                    return number
        return None

    # ---- English → Sanskrit ------------------------------------------------------------------
    def english_to_sanskrit(self, word: str, limit: int = 5) -> List[TermHit]:
        """Terms Griffith renders with this English word or phrase, best association first."""
        from pyapp.search.text import english_doc_tokens

        stems = english_doc_tokens(word)
        if not stems or not self.terms:
            return []
        reverse = self._reverse_index()
        wanted = " ".join(stems)
        scored: Dict[int, float] = {}
        for number, assoc in reverse.get(wanted, ()):
            scored[number] = max(scored.get(number, 0.0), assoc)
        if not scored and len(stems) > 1:  # a phrase no term is rendered with: its words one by one
            for stem_ in stems:
                for number, assoc in reverse.get(stem_, ()):
                    scored[number] = max(scored.get(number, 0.0), assoc / len(stems))
        order = sorted(scored.items(), key=lambda item: (-item[1], self.terms[item[0]].key))
        return [self.terms[n].hit("", round(s, 4)) for n, s in order[:limit]]

    def _reverse_index(self) -> Dict[str, List[Tuple[int, float]]]:
        """rendering stems ("law", "holi law") → [(term, association)]; built on first use."""
        if self._reverse is None:
            reverse: Dict[str, List[Tuple[int, float]]] = {}
            for number, term in enumerate(self.terms):
                for _, stems, assoc in term.renderings:
                    reverse.setdefault(stems, []).append((number, assoc))
            self._reverse = reverse
        return self._reverse


# ---- scoring ---------------------------------------------------------------------------------

def term_query_scores(text_index: Any, hits: Sequence[TermHit]) -> np.ndarray:
    """Per-verse score of a question's terms, 0 where nothing matched.

    For each hit: the best BM25 weight among its forms in the Sanskrit field (a verse saying both
    *ṛtasya* and *ṛtena* is not counted twice) plus ``EN_WEIGHT`` × the best association-weighted
    BM25 weight among its renderings in the English field; summed over the hits.
    """
    total = np.zeros(int(text_index.n_docs), dtype=np.float64)
    for hit in hits:
        total += _best_rows(text_index.sa, [(t, 1.0) for t in hit.sa_terms])
        pairs = list(zip(hit.en_terms, hit.en_weights or [1.0] * len(hit.en_terms)))
        if pairs:
            total += EN_WEIGHT * _best_rows(text_index.en, pairs)
    return total


def _best_rows(field: Any, weighted: Sequence[Tuple[str, float]]) -> np.ndarray:
    best = np.zeros(int(field.n_docs), dtype=np.float64)
    for term, weight in weighted:
        term_id = field.ids.get(term)
        if term_id is None or weight <= 0:
            continue
        docs, weights = field.row(term_id)
        docs = docs.astype(np.intp)
        best[docs] = np.maximum(best[docs], weight * weights.astype(np.float64))
    return best


# ---- spelling -------------------------------------------------------------------------------

def _is_transliteration(raw: str) -> bool:
    """ASCII written in a transliteration scheme: Velthuis/ITRANS marks (``.rta``, ``R^ita``,
    ``yaj~na``, ``"sa``) or Harvard-Kyoto/ITRANS capitals inside a word (``yajJa``, ``amRta``)."""
    if not raw.isascii():
        return False
    if _ASCII_MARKS.search(raw.rstrip(".")):
        return True
    return any(ch.isupper() for ch in raw[1:]) and not raw.isupper()


def _fold_typed(raw: str) -> str:
    """The folding key of a word as a reader types it, transliteration schemes included."""
    if has_devanagari(raw):
        keys = sanskrit_words(raw)
        return keys[0] if keys else ""
    if raw.isascii():
        text = raw.replace("~n", "n").replace("~N", "n").replace('"n', "n").replace('"s', "s")
        text = text.replace("GY", "jn").replace("JN", "n")
        if len(text) > 1:  # Harvard-Kyoto ñ (J) and ṅ (G) inside a word
            text = text[0] + text[1:].replace("J", "n").replace("G", "n")
        if len(text) > 1:  # Harvard-Kyoto / ITRANS vocalic r inside a word: "nirRti", "R^ita" → ṛ
            text = text[0] + re.sub(r"R\^?i|RRi|R", "ṛ", text[1:])
        text = text.replace("z", "s").replace("x", "ks")
        return fold_sanskrit(text)
    return fold_sanskrit(raw)


def _pausa(key: str) -> str:
    """A word's form before a pause, undoing the commonest word-final sandhi of the text
    (``yajñair`` → ``yajñaiḥ``, ``agnis`` → ``agniḥ``, ``brahmāṇy`` → ``brahmāṇi``)."""
    if len(key) > 3:
        last, before = key[-1], key[-2]
        if last in "rs" and before in "aeiou":
            return key[:-1]
        if last == "v":
            return key[:-1] + "u"
        if last == "y":
            return key[:-1] + "i"
        if last == "d":
            return key[:-1] + "t"
    return key


def _is_stopword(word: str) -> bool:
    from pyapp.search.text import QUERY_STOPWORDS

    return word in QUERY_STOPWORDS
