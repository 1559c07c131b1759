"""A Sanskrit word the reader typed inside a question, used as the hymns' own word: "in which verse are the nymphs
compared to water birds (ātayaḥ)?", "Indra fights Kuyava in a gaviṣṭi together with Kutsa — which stanza?",
"which verses call the Aśvins healers (bhiṣaj)?".

Why its own step: a reader who types a word with IAST's marks (ā, ṛ, ṣ, ṃ, ḥ …) has given the strongest evidence a
question can hold — the very word of the verse. The search read it as letters among English words (ātayaḥ became
"ata", "thence"), a question in another language was refused as off-topic because its other words were read in part,
and the verses that have the word were ranked below those that have the English around it. Here the word is looked up
in the padapāṭha (sandhi undone, every form and compound member: ``pyapp.reading.counting.mentions``); a compound the
padapāṭha splits (ayodaṃṣṭra: ayaḥ-daṃṣṭra) is found by its members in one verse. Among the verses that have it, the
one that also has the other names the question gives (Kuyava, Kutsa, the Aśvins), then most of its other words (in
Griffith's English, by BM25), answers; the rest of the word's verses are listed after it.

Only a rare word answers this way (at most ``MAX_ANCHOR`` verses): a word in hundreds of verses (ṛta, Vṛtra) is a
topic, which the other readers and the open search answer.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from pydantic import BaseModel

from pyapp.factbook.answer import REFS_LIMIT, FactAnswer
from pyapp.search.translit import fold_sanskrit, has_iast_diacritics

__all__ = ["TypedWord", "typed_words", "answer", "asks"]

MAX_ANCHOR = 60  # a typed word in more verses than this is a topic, not a pointer to a verse
MIN_KEY = 4  # folded letters a typed word needs (ā, ṛc: too short to tell apart)
SHOWN_AFTER = 5  # the word's other verses, listed after the answer
QUOTE_CHARS = 300

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
# asks what the word means, how it is formed or said: the word readers answer that, not a verse
_MEANING = re.compile(r"\b(?:mean(?:s|ing|t)?|translat\w*|etymolog\w*|root|roots|derive[sd]?|derivation|grammar|"
                      r"declin\w*|declension|conjugat\w*|pronounc\w*|spell\w*|synonyms?|opposite)\b", re.I)
_WHICH = re.compile(r"\b(?:which|where|what)\b", re.I)
_YES_NO = re.compile(r"^\W*(?:(?:and|so|but)\s+)?(?:is|are|was|were|does|do|did|has|have|can)\b", re.I)


class TypedWord(BaseModel):
    """One word typed with IAST's marks, and the verses whose padapāṭha has it."""

    typed: str
    refs: List[str]
    marked: bool = True  # typed with IAST's marks (not only beside such a word)


def _members(word: str, searcher: Any) -> List[str]:
    """The verses that have every member of a compound the padapāṭha writes apart (ayodaṃṣṭra: ayaḥ-daṃṣṭra): the
    folded word split into the hymns' word forms, each member of four letters or more looked up; [] when it does not
    split so."""
    from pyapp.reading.counting import mentions

    text_index = getattr(searcher, "text_index", None)
    key = fold_sanskrit(word).lower()
    parts = text_index.segment(key, 3) if text_index is not None and len(key) >= 6 else None
    if not parts or len(parts) < 2:
        return []
    long_parts = [p for p in parts if len(p) >= MIN_KEY]
    if not long_parts:
        return []
    found: Optional[Set[str]] = None
    for part in long_parts:
        refs = set(mentions(searcher, part))
        found = refs if found is None else found & refs
        if not found:
            return []
    return sorted(found or (), key=_ref_key)


def _joined(words: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _ref_key(ref: str) -> Tuple[int, ...]:
    return tuple(int(x) for x in ref.split(".") if x.isdigit())


def _samhita_refs(word: str, searcher: Any) -> List[str]:
    """The verses whose saṃhitā text has the typed form, or the form with an ending of up to three letters: a compound
    the padapāṭha writes apart with its sandhi undone (gaviṣṭiṣu: go-iṣṭiṣu, trayastriṃśatam: trayaḥ-triṃśatam)."""
    text_index = getattr(searcher, "text_index", None)
    index = getattr(searcher, "index", None)
    key = fold_sanskrit(word).lower()
    if text_index is None or index is None or len(key) < 6:
        return []
    if len(key) >= 6 and key[-1] in "aiueo":
        key = key[:-1]  # the final vowel changes in sandhi: ayodaṃṣṭra is ayodaṃṣṭro before a voiced sound
    docs: Set[int] = set()
    for form in text_index.sanskrit_forms(key, extra=3):
        docs.update(int(d) for d in text_index.sa.row(text_index.sa.ids[form])[0])
    return [index.verses[d].ref for d in sorted(docs)]


def _verses_of(word: str, searcher: Any) -> List[str]:
    """Every verse that has the typed word: in the padapāṭha (any form), in the saṃhitā as typed, or as a compound's
    members in one verse. A final -s may be English's plural on a Sanskrit name (Ṛbhus, Ādityas: Sanskrit writes -ḥ),
    so the word without it counts too."""
    from pyapp.reading.counting import mentions

    refs = set(mentions(searcher, word)) | set(_samhita_refs(word, searcher))
    if word.endswith("s") and len(word) > MIN_KEY:
        refs |= set(mentions(searcher, word[:-1]))
    if not refs:
        refs = set(_members(word, searcher))
    return sorted(refs, key=_ref_key)


# the words a question uses to name the text and its parts, not what a verse says (folded)
_FRAME_WORDS = frozenset("""sukta suktam suktas mantra mantras mantram mandala mandalas rsi risi rishi rsis risis devata
devatas chandas veda vedas rgveda rigveda rcas rica ricas sloka slokas anuvaka astaka adhyaya varga samhita padapatha
pada padas""".split())
# a parenthesis or quotation: a word typed with marks makes its unmarked neighbours Sanskrit too ("padam gabhīram")
_GROUP = re.compile(r"\(([^()]{1,80})\)|[\"“«‘']([^\"”»’']{1,80})[\"”»’']")


_RECENT: Dict[Tuple[str, int], Tuple[Any, List[TypedWord]]] = {}
RECENT_LIMIT = 16


def typed_words(text: str, searcher: Any) -> List[TypedWord]:
    """The question's words typed with IAST's marks that the hymns have, with their verses, in the question's order
    (each word once); an unmarked word beside a marked one inside the same parenthesis or quotation counts too.

    Kept for the last few questions: one turn asks it up to three times (the topic check of another language, the
    quoted-line reader giving way, the answer), and each lookup reads every verse's padapāṭha (~0.4 s)."""
    key = (text or "", id(searcher))
    kept = _RECENT.get(key)
    if kept is not None and kept[0] is searcher:
        return [w.copy() for w in kept[1]]
    found = _typed_words(text, searcher)
    if len(_RECENT) >= RECENT_LIMIT:
        _RECENT.clear()
    _RECENT[key] = (searcher, [w.copy() for w in found])
    return found


def _typed_words(text: str, searcher: Any) -> List[TypedWord]:
    if getattr(searcher, "padapatha", None) is None:
        return []
    text = text or ""
    beside: Set[str] = set()
    for group in _GROUP.finditer(text):
        inner = group.group(1) or group.group(2) or ""
        if has_iast_diacritics(inner):
            beside.update(w for w in _WORD.findall(inner) if not has_iast_diacritics(w))
    out: List[TypedWord] = []
    seen: Set[str] = set(_FRAME_WORDS)
    for word in _WORD.findall(text):
        key = fold_sanskrit(word).lower()
        if not (has_iast_diacritics(word) or word in beside) or len(key) < MIN_KEY or key in seen:
            continue
        seen.add(key)
        refs = _verses_of(word, searcher)
        if refs:
            out.append(TypedWord(typed=word, refs=refs, marked=has_iast_diacritics(word)))
    return out


def points_at_verses(text: str, searcher: Any) -> bool:
    """A line in the reader's own words that holds a rare word of the hymns ("Agni has iron teeth (ayodaṃṣṭra)"),
    not a Sanskrit line quoted whole ("agnim īḷe purohitam"), which the quoted-line reader finds verbatim."""
    if not asks(text):
        return False
    every = _WORD.findall(text)
    marked = [w for w in every if has_iast_diacritics(w) or any(ord(c) > 127 for c in w)]  # accents too: "tát"
    if 2 * len(marked) >= len(every):
        return False
    return any(len(w.refs) <= MAX_ANCHOR for w in typed_words(text, searcher))


def asks(text: str) -> bool:
    """Cheap test: the question has a word typed with IAST's marks, and does not ask what a word means."""
    return bool(text) and has_iast_diacritics(text) and not _MEANING.search(text)


def _names(text: str, index: Any, searcher: Any, typed: Sequence[TypedWord]) -> List[TypedWord]:
    """The other names the question gives (Kuyava, Kutsa, the Aśvins), with their verses: a word the lexicon has as
    a name, or a capitalised word inside a sentence that is no English word ("Kuyava"; German nouns, capitalised too,
    are in no verse's padapāṭha)."""
    from pyapp.lexicon import lexicon_for, norm

    names = lexicon_for(index).names
    text_index = getattr(searcher, "text_index", None)
    typed_keys = {fold_sanskrit(t.typed).lower() for t in typed}
    out: List[TypedWord] = []
    seen: Set[str] = set()
    for match in _WORD.finditer(text or ""):
        word = match.group(0)
        key = fold_sanskrit(word).lower()
        if len(key) < MIN_KEY or key in typed_keys or key in seen:
            continue
        seen.add(key)
        inside = bool(re.search(r"[^\W\d_][^.?!]*$", (text or "")[:match.start()]))
        capital = word[:1].isupper() and inside and not (text_index is not None and text_index.is_griffith_english(word.lower()))
        lexicon_name = norm(word) in names or norm(word.rstrip("s")) in names
        if not (lexicon_name or capital):
            continue
        refs = _verses_of(word, searcher) or (_verses_of(word[:-1], searcher) if word.endswith("s") else [])
        if refs:
            out.append(TypedWord(typed=word, refs=refs, marked=has_iast_diacritics(word)))
    return out


GOD_HYMNS = 3  # a name that is the addressee of this many hymns is a god of the hymns
_ADDRESSED: Dict[Tuple[int, str], int] = {}


def _addressed_hymns(word: str, index: Any) -> int:
    """How many hymns the Anukramaṇī addresses (in their first verse's deity field) to the typed name."""
    from pyapp.diacritics import strip_marks

    key = strip_marks(word).lower().rstrip("s")[:5]
    cache = (id(index), key)
    if cache not in _ADDRESSED:
        _ADDRESSED[cache] = 0 if len(key) < 4 else sum(
            1 for v in getattr(index, "verses", ()) if str(v.ref).endswith(".1")
            and key in strip_marks(f"{v.deity} {v.addressee or ''}").lower())
    return _ADDRESSED[cache]


def _english_scores(english: str, searcher: Any, typed: Sequence[TypedWord] = ()) -> Dict[int, float]:
    """BM25 of the question's English content words over Griffith's verses, by verse position (only those > 0). The
    typed word itself is left out: every verse ranked has it, and Griffith's English names it in only some of them."""
    from pyapp.agents import paraphrase
    from pyapp.search.text import stem

    text_index = getattr(searcher, "text_index", None)
    if text_index is None or not english:
        return {}
    own = {stem(fold_sanskrit(w.typed).lower()) for w in typed} | {fold_sanskrit(w.typed).lower() for w in typed}
    stems = [s for s in paraphrase.content_stems(english) if s not in own and fold_sanskrit(s) not in own]
    if not stems:
        return {}
    scores = text_index.field_scores("en", stems)
    return {int(i): float(scores[i]) for i in scores.nonzero()[0]}


def _best(anchor: TypedWord, others: Sequence[TypedWord], english: Dict[int, float], index: Any
          ) -> Tuple[List[str], List[str]]:
    """(the anchor's verses best first, the other names the first of them also has). A name counts in a verse whose
    padapāṭha has it or which is addressed to it (10.87.2 calls Agni iron-toothed without naming him): the more of
    the names, the rarer first, then Griffith's words of the question, then the text's order."""
    from pyapp.diacritics import strip_marks

    sets = [(o.typed, set(o.refs), strip_marks(o.typed).lower().rstrip("s"), 1.0 / max(1, len(o.refs)) ** 0.5)
            for o in others]

    def addressed(ref: str, key: str) -> bool:
        verse = index.by_ref(ref)
        return verse is not None and len(key) >= 3 and key in strip_marks(f"{verse.deity} {verse.addressee or ''}").lower()

    def has(ref: str, refs: Set[str], key: str) -> bool:
        return ref in refs or addressed(ref, key)

    def rank(ref: str) -> Tuple[float, float, Tuple[int, ...]]:
        hits = sum(weight for _, refs, key, weight in sets if has(ref, refs, key))
        doc = index.doc_id(ref)
        return -hits, -(english.get(doc, 0.0) if doc is not None else 0.0), _ref_key(ref)

    ordered = sorted(anchor.refs, key=rank)
    first = ordered[0]
    return ordered, [typed for typed, refs, key, _ in sets if has(first, refs, key)]


# what the question asks of the word: a place ("which verse", "where", "in which hymn"), or whether it is used or said
# ("is Agni called …", "does … appear"); "was Bheda a historical king?" asks about a person, not where a word is
_ASKS_PLACE = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?(?:verses?|hymns?|mantras?|suktas?|sūktas?|stanzas?|richas?|"
                         r"lines?|passages?|places?|books?|mandalas?)\b|\bwhere\b|\bin\s+which\b|\bis\s+there\s+(?:a|any)\s+"
                         r"(?:verse|hymn|mantra|line|passage)\b|\b(?:called|named|calls?|names?|mention\w*|appear\w*|"
                         r"occur\w*|used?|uses|found|said|says?|speaks?\s+of|quote[sd]?)\b", re.I)


def _quoted_line(typed: str) -> bool:
    """A Sanskrit line quoted whole ('duro aśvasya dura indra gor asi'): three words or more inside quotation marks
    or brackets with a marked word among them, which the quoted-line reader finds verbatim."""
    for group in _GROUP.finditer(typed or ""):
        inner = group.group(1) or group.group(2) or ""
        if has_iast_diacritics(inner) and len(_WORD.findall(inner)) >= 3:
            return True
    return False


def answer(text: str, index: Any, searcher: Any = None, typed: Optional[str] = None) -> Optional[FactAnswer]:
    """The verse with the typed word that best fits the rest of the question, and the word's other verses; None
    when no typed word is rare enough to point at verses. ``text``: the question in English (a reading of another
    language's); ``typed``: the question as typed, where the marked words are (default ``text``)."""
    from pyapp.agents.generator import _title, hymn_phrase
    from pyapp.agents.text import clip

    typed = typed or text
    if index is None or searcher is None or not asks(typed) or _MEANING.search(text or "") or _quoted_line(typed):
        return None
    in_brackets = any(has_iast_diacritics(g.group(1) or g.group(2) or "") for g in _GROUP.finditer(typed))
    if not (_ASKS_PLACE.search(text or "") or _ASKS_PLACE.search(typed) or in_brackets):
        return None  # a question about a person or a thing the word names, not where the word is
    words = typed_words(typed, searcher)
    anchors = sorted((w for w in words if len(w.refs) <= MAX_ANCHOR), key=lambda w: len(w.refs))
    if not anchors:
        return None
    anchor = anchors[0]
    others = [w for w in words if w is not anchor] + _names(typed, index, searcher, words)
    if typed != text:
        others += [w for w in _names(text, index, searcher, words) if w.typed not in {o.typed for o in others}]
    ordered, also_named = _best(anchor, others, _english_scores(text, searcher, [anchor]), index)
    if not also_named and _addressed_hymns(anchor.typed, index) >= GOD_HYMNS:
        return None  # a god's own name (Pūṣan) is the question's topic, not a pointer to a verse, unless a second name
        # of the question meets it in one verse (Tvaṣṭṛ whetting Brahmaṇaspati's axe)
    best = index.by_ref(ordered[0])
    if best is None:
        return None
    count = len(anchor.refs)
    in_count = "one verse" if count == 1 else f"{count} verses"
    seer = f", by the seer {_title(best.rishi)}" if getattr(best, "rishi", "") else ""
    quote = clip(" ".join((best.translation or "").split()), QUOTE_CHARS)
    where = f"RV {best.ref}, in {hymn_phrase(best.addressee or best.deity)}{seer}"
    asked = typed or text or ""  # as typed: a reading may have turned "in which stanza …?" into "is there …?"
    yes = "Yes: t" if _YES_NO.search(asked) and not _WHICH.search(asked) and (also_named or not others) else "T"
    if count == 1:
        lead = f"{yes}he word {anchor.typed} is in one verse of the RigVeda, {where}: “{quote}” [RV {best.ref}]."
    else:
        which = (f"the one that also speaks of {_joined(also_named[:3])}" if also_named
                 else "the one closest to the rest of the question")
        lead = (f"{yes}he word {anchor.typed} is in {in_count} of the RigVeda (every form of it); "
                f"{which} is {where}: “{quote}” [RV {best.ref}].")
    rest = ordered[1:1 + SHOWN_AFTER]
    if rest:
        lead += f" It is also in {', '.join(f'RV {r}' for r in rest)}" + (" …" if count > 1 + SHOWN_AFTER else "") + "."
    hymn = best.ref.rsplit(".", 1)[0]
    return FactAnswer(kind="list", text=lead, refs=ordered[:REFS_LIMIT], subject_hymns=[hymn])
