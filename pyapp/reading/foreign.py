"""Questions in German, French or Russian: search the translation in that language, decide by its evidence.

Griffith's English and the MiniLM vectors cannot read "Was sagt der Rigveda über die Morgenröte?", but
Geldner's German can: its BM25 index (``pyapp.search.translations``) finds the Uṣas hymns. So a question
in German searches Geldner, French Renou, Russian Elizarenkova; each hit is a stanza, mapped to its verse.

Whether such a question is about the RigVeda is decided from the same evidence, not from word lists:
its content words (``query_terms``: function words and words about the book itself removed) must occur
in the translation — a word the translator never wrote ("Fußball", "crêpes", "рецепт") is a word of
another subject. Names the app knows (Agni, Indra, Rigveda …, via the lexicon) tolerate one such word.

Renou translated about two thirds of the stanzas; where a version is partial, or its file could not be
fetched (the page fetches it lazily, and offline it may never have been loaded), the names the question
contains and the gods its nature words stand for (Morgenröte → Uṣas) are searched in Griffith and the
Sanskrit instead (``fallback_query``), and the answer says what happened.
"""
from __future__ import annotations

import os
import re
from typing import Any, Callable, Dict, List, Optional, Tuple

from pydantic import BaseModel, Field

from pyapp.search.translations import (
    LANGUAGES, TranslationHit, TranslationIndex, VersionMissing, _EXPANSIONS, detect_language, load_catalog,
    query_terms, term_key, version_path,
)
from pyapp.reading.collection import names_collection
from pyapp.reading.language import detect
from pyapp.search.translit import has_iast_diacritics

# The translation a question in each language searches (the catalogue's first version in that language).
VERSION_FOR = {"de": "geldner", "fr": "renou", "ru": "elizarenkova"}
LANGUAGE_NAMES = {"en": "English", "de": "German", "fr": "French", "ru": "Russian"}
# A stanza counts as evidence when it has this share of the question's terms (at least one).
MIN_SHARE = 0.5


def question_language(question: str) -> str:
    """"en", "de", "fr" or "ru" (``pyapp.reading.language.detect``); a language without a version counts
    as English here (Spanish, Hindi … are read into English by ``pyapp.reading.gloss``)."""
    language = detect(question).code
    return language if language in VERSION_FOR else "en"


def version_for(question: str) -> str:
    """The version a question needs ("" for English): what the page fetches before asking."""
    return VERSION_FOR.get(question_language(question), "")


class ForeignSearch(BaseModel):
    """What the translation search found for one question, and what it says about the question."""

    language: str  # "de"
    version: str  # "geldner"
    version_name: str  # "Geldner"
    loaded: bool = False  # False: the version's file was not there (not fetched, offline)
    error: str = ""  # why it could not be searched
    terms: List[str] = Field(default_factory=list)  # the question's index terms
    unknown: List[str] = Field(default_factory=list)  # terms the translation never uses
    names: List[str] = Field(default_factory=list)  # names of the hymns' world the question contains
    hits: List[TranslationHit] = Field(default_factory=list)
    shares: Dict[str, float] = Field(default_factory=dict)  # ref → share of the known terms the stanza uses
    evidenced: bool = False  # some stanza uses at least half of the question's (known) terms
    fallback_query: str = ""  # names and gods, for Griffith and the Sanskrit
    english: str = ""  # the question read into English word by word, when every word was read (pyapp.reading.gloss)
    reading: str = ""  # the same reading whatever it could not read (what the question asks for: pyapp.reading)
    partial: bool = False  # the version lacks many stanzas (Renou: 64 %): Griffith's English is searched first
    dictionary_note: str = ""  # which words a free dictionary read (pyapp.reading.bilingual), for the reader's note

    @property
    def language_name(self) -> str:
        return LANGUAGE_NAMES.get(self.language, self.language)

    @property
    def on_topic(self) -> bool:
        """Every content word is one the translator used (one unknown word is allowed beside a known
        name), and some stanza has at least half of them; without the file: a known name."""
        if not self.loaded or self.names:  # a question naming the RigVeda or a god is never refused
            return bool(self.names)
        if not self.terms:
            return bool(self.names)
        if len(self.unknown) > (1 if self.names else 0) or len(self.unknown) * 2 > len(self.terms):
            return False
        return self.evidenced or bool(self.names)

    @property
    def unread_subject(self) -> bool:
        """Nothing the question asks about could be read: every word of it is unknown to the translation and to
        the dictionary, and it names nothing of the hymns' world but the RigVeda itself. An answer then would be
        verses found for nothing (the same few for every such question), so the reader is told instead."""
        return (self.loaded and bool(self.terms) and not self.evidenced and not self.english
                and not self.fallback_query and all(t in self.unknown for t in self.terms))

    def unread_words(self, question: str) -> List[str]:
        """The question's own words behind its unknown terms ("Zölibat" for the term "zolibat"), as it wrote them."""
        from pyapp.search.translations import words as translation_words

        out: List[str] = []
        for raw in re.findall(r"[^\W\d_]+", question):
            keys = [term_key(w, self.language) for w in translation_words(raw)]
            if any(k and k in self.unknown for k in keys) and raw not in out:
                out.append(raw)
        return out

    @property
    def support(self) -> float:
        """How well the translation answers the question (0–1): the best stanza's share of the
        question's terms, less the share the translator never uses."""
        if not self.shares or not self.terms:
            return 0.0
        return max(self.shares.values()) * (1.0 - len(self.unknown) / len(self.terms))

    def reason(self) -> str:
        if not self.loaded:
            return (f"a {self.language_name} question; {self.version_name}'s translation is not loaded, "
                    + ("names of the hymns: " + ", ".join(self.names) if self.names else "no name of the hymns"))
        if self.unknown and not self.on_topic:
            return (f"a {self.language_name} question with words {self.version_name}'s translation never uses ("
                    + ", ".join(self.unknown[:3]) + ")")
        if not self.evidenced:
            return f"a {self.language_name} question about " + ", ".join(self.names)
        return (f"a {self.language_name} question; {len(self.hits)} stanza(s) of {self.version_name}'s translation "
                f"use its words")


_INDEXES: Dict[Tuple[str, str], TranslationIndex] = {}


def translation_index(index_dir: str, version: str,
                      doc_id: Optional[Callable[[str], Optional[int]]] = None) -> TranslationIndex:
    """The version's index, loaded once per file (``VersionMissing`` while the file is absent: no miss
    is remembered, so a file the page writes later is found on the next question)."""
    key = (os.path.abspath(index_dir), version)
    found = _INDEXES.get(key)
    if found is None:
        found = _INDEXES[key] = TranslationIndex.load(index_dir, version, doc_id)
    return found


PARTIAL_BELOW = 90.0  # percent of the stanzas


def _version_info(index_dir: str, version: str) -> Tuple[str, bool]:
    """The version's display name, and whether it lacks many stanzas."""
    try:
        catalog = load_catalog(index_dir)
    except Exception:  # a damaged catalogue only costs the display name
        catalog = None
    info = catalog.get(version) if catalog is not None else None
    if info is None:
        return version.capitalize(), False
    return info.name, info.coverage < PARTIAL_BELOW


def _version_name(index_dir: str, version: str) -> str:
    return _version_info(index_dir, version)[0]


def _gods(question: str, language: str, lexicon: Any = None) -> List[str]:
    """The gods a question's nature words stand for, as the English search can use them (Morgenröte →
    uṣas): the expansion targets written in IAST or known to the lexicon as names."""
    terms = set(query_terms(question, language))
    gods: List[str] = []
    for sources, targets in _EXPANSIONS.get(language, {}).items():
        if not terms & {term_key(word, language) for word in sources}:
            continue
        for target in targets:
            named = lexicon is not None and bool(lexicon.analyse(target).names)
            if (has_iast_diacritics(target) or named) and target not in gods:
                gods.append(target)
    return gods


def _english(question: str, language: str, lexicon: Any, terms: List[str], index_dir: str) -> Tuple[str, str, str]:
    """The question read into English, and the same only when the hand-written lexicon read every word of
    it and it has a topic: Griffith's English then searches it too, which finds what a partial translation
    (Renou) lacks. Third: the note on words a free dictionary read ("" when none did)."""
    if lexicon is None:
        return "", "", ""
    from pyapp.reading.gloss import dictionary_note, read  # the reading package imports this module's neighbours

    try:
        reading = read(question, language, lexicon, index_dir=index_dir)
    except Exception:  # a damaged table costs only this extra search
        return "", "", ""
    if reading is None or not reading.loaded:
        return "", "", ""
    note = dictionary_note(reading) if reading.dictionary else ""
    return reading.english, (reading.english if terms and not reading.unknown else ""), note


def hymn_places(question: str) -> List[str]:
    """The rivers, mountains and seas of the hymns the question names by their Sanskrit names, in any Latin
    spelling (Vipāś, Śutudrī, Yamunā; ``pyapp.data.named_things``): as much evidence that a question is about
    the hymns as a god's name. A modern name alone (Beas, Jumna) is not: rivers are still asked about today."""
    from pyapp.factbook.patterns import _q as folded_question
    from pyapp.reading.named_things import things_in

    folded = " " + re.sub(r"[^a-z0-9\- ]", " ", folded_question(question)) + " "
    out: List[str] = []
    for thing in things_in(question):
        if thing.kind not in ("river", "mountain", "sea"):
            continue
        spoken = [n for n in thing.names if f" {n} " in folded]
        if any(n[:4] == stem[:4] for n in spoken for stem in thing.stems + thing.exact):
            out.append(re.sub(r"^the\s+", "", thing.label.split(" (")[0]).strip())  # "the Vipāś (the Beas)": Vipāś
    return out


def search(question: str, index_dir: str, doc_id: Optional[Callable[[str], Optional[int]]] = None,
           lexicon: Any = None, k: int = 10) -> Optional[ForeignSearch]:
    """The translation search for a German, French or Russian question; ``None`` for English."""
    language = question_language(question)
    if language == "en":
        return None
    version = VERSION_FOR[language]
    hits_lex = lexicon.analyse(question) if lexicon is not None else None
    names = list(dict.fromkeys((hits_lex.names + hits_lex.hymn_names) if hits_lex is not None else []))
    if lexicon is not None:  # names in any script (Индра, Ригведа): pyapp.reading.names
        from pyapp.reading.names import find_names

        known = {n.lower() for n in names}
        names += [n.name for n in find_names(question, lexicon).names if n.name.lower() not in known]
    names += [n for n in hymn_places(question) if n not in names]  # "die Flüsse Vipāś und Śutudrī"
    if names_collection(question) and not any(n.lower().replace(" ", "") == "rigveda" for n in names):
        names.append("Rigveda")  # "rig-véda", "Rig Veda": the name split or accented (pyapp.reading.collection)
    name, partial = _version_info(index_dir, version)
    found = ForeignSearch(language=language, version=version, version_name=name, partial=partial,
                          terms=query_terms(question, language), names=names)
    # the RigVeda's own name says the question is about the hymns, not what it asks of them: searched, it finds
    # "Jātavedas" (a Veda inside a name), so it is evidence for the topic and never a search term
    subjects = [n for n in names if not names_collection(n)]
    found.fallback_query = " ".join(dict.fromkeys(subjects + _gods(question, language, lexicon)))
    found.reading, found.english, found.dictionary_note = _english(question, language, lexicon, found.terms, index_dir)
    if not os.path.isfile(version_path(index_dir, version)):
        found.error = f"{found.version_name}'s {found.language_name} translation is not loaded"
        return found
    try:
        index = translation_index(index_dir, version, doc_id)
    except (VersionMissing, ValueError, OSError) as exc:
        found.error = f"{found.version_name}'s translation could not be read: {exc}"[:200]
        return found
    found.loaded = True
    index.prepare()
    stanzas = {t: set(index.scores([t])) for t in found.terms}  # term → positions of the stanzas using it
    found.unknown = [t for t in found.terms if not stanzas[t]]
    known = [t for t in found.terms if stanzas[t]]
    need = max(1, int(len(known) * MIN_SHARE + 0.999)) if known else 1
    hits = index.search(question, k=k * 3)
    positions = {ref: i for i, ref in enumerate(index.refs)} if hits else {}
    used = {h.ref: sum(positions[h.ref] in stanzas[t] for t in known) for h in hits}
    strong = [h for h in hits if used[h.ref] >= need]
    found.evidenced = bool(strong)
    found.hits = (strong or hits)[:k]  # without a stanza using half the words: the best ones, as weak evidence
    found.shares = {h.ref: used[h.ref] / len(known) for h in found.hits} if known else {}
    return found


__all__ = ["ForeignSearch", "LANGUAGES", "VERSION_FOR", "question_language", "search", "translation_index",
           "version_for"]
