"""The first sentence of a no-LLM answer, shaped by what the question asked.

Why: a reader who asks "Who composed the Puruṣa sūkta?" wants a name, "How is Varuṇa different
from Indra?" a comparison, "What does ṛta mean?" a definition; a list of quotations under one
template answers none of them. Code can state each of these from the index and the verses it
found; the quotations that follow are the evidence. Every sentence here either states an index
fact or quotes a cited verse, so the validator can check it like any other.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence

from pyapp.agents.evidence import WEAK, mentions
from pyapp.agents.generator import NOTE_LINE, _title, best_excerpt, hymn_phrase
from pyapp.agents.extract import agrees, extract, nothing_states
from pyapp.agents.statement import kind_of, stated_clause, unstated
from pyapp.agents.text import clip, content_stems, fold
from pyapp.lexicon import norm
from pyapp.reading import verse_claim
from pyapp.schemas import SearchResult

ASK_INSTEAD = ("Ask about the RigVeda's hymns, gods, seers, rituals or Sanskrit words, for example "
               "“Who is Agni?”, “What does ṛta mean?”, “Explain the Nāsadīya sūkta” or “RV 10.129”.")
TRY_INSTEAD = ("Try naming a god, a seer or a hymn (“the hymn to the dawn”, “Puruṣa sūkta”), a Sanskrit word "
               "(“ṛta”, “soma”) or a reference such as RV 10.129.")


def off_topic_hint(question: str) -> str:
    return ASK_INSTEAD


def insufficient_hint(frame: Any) -> str:
    return TRY_INSTEAD


def _join(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _refs_text(refs: Sequence[str]) -> str:
    hymns = list(dict.fromkeys(refs))
    if len(hymns) > 3 and all(r.count(".") == 1 for r in hymns):
        return f"RV {hymns[0]}–{hymns[-1].split('.', 1)[1]}" if len({r.split('.')[0] for r in hymns}) == 1 \
            else _join([f"RV {r}" for r in hymns])
    return _join([f"RV {r}" for r in hymns])


def _excerpt(verse: SearchResult, query: str, limit: int = 110) -> str:
    return best_excerpt(verse.translation or "", content_stems(query), limit).strip()


# words that join a question's parts, not things it asks about (a dictionary reads Spanish "además" as "moreover"):
# never named in "No verse speaks directly of …"
_DISCOURSE = frozenset("""moreover besides furthermore however therefore thus hence nevertheless nonetheless otherwise
also else instead indeed anyway meanwhile whereas although though unless apart addition additionally likewise
similarly namely rather anywhere somewhere anything something itself actually really exactly
mantra mantras sukta suktas richa richas shloka shlokas sloka slokas stanza stanzas solicit solicits""".split())
# (the words a question names its unit by — "which mantra …" — are no topic a verse could fail to speak of)


def _missing(frame: Any, verses: Sequence[SearchResult], unread: Sequence[str] = ()) -> List[str]:
    """The question's own words that none of the verses has, in its English or its Sanskrit; never a word of
    another language the app could not read (``unread``): that is no subject the reader can recognise."""
    from pyapp.agents.evidence import _rest_words

    text = fold(" ".join(v.translation or "" for v in verses))
    # A question's Sanskrit word (Hindi "बाण" read as bāṇa) is in the verse's saṃhitā, not Griffith's English:
    # a word a cited verse carries in its Sanskrit is not missing (else "No verse speaks of bāṇa" beside bāṇāḥ).
    sanskrit = fold(" ".join(getattr(v, "iast", "") or "" for v in verses))
    skip = {fold(w).lower() for w in unread}
    return [w for w in _rest_words(frame) if len(w) > 3 and w[:5] not in text and w.lower() not in _DISCOURSE
            and not re.search(r"\b" + re.escape(fold(w)[:4]), sanskrit) and w.lower() not in skip]


def _topic(frame: Any, verses: Sequence[SearchResult] = (), unread: Sequence[str] = ()) -> str:
    """What the question asks about that the verses lack, else its main subject."""
    if frame is None:
        return "this"
    missing = _missing(frame, verses, unread)
    if missing:
        return _join(missing[:3])
    if frame.terms:
        return _join([getattr(t, "display", "") or getattr(t, "key", "") for t in frame.terms[:2]])
    if frame.names:
        return _join(frame.names[:2])
    skip = {fold(w).lower() for w in unread}
    words = [w for w in frame.topic_words if len(w) > 3 and w.lower() not in skip][:3]
    return _join(words) if words else "this"


def _verse_asked(text: str, verses: Sequence[Any]) -> Any:
    """The one verse a "Does RV x.y.z say …?" question names, among those shown (others may be shown beside
    it as context); None when the question names none of them, or several."""
    if len(verses) == 1:
        return verses[0]
    named = [v for v in verses if re.search(r"(?<![\d.])" + re.escape(str(v.book_context)) + r"(?![\d.]*\d)", text)]
    return named[0] if len(named) == 1 else None


@dataclass(frozen=True)
class Lead:
    """An opening and what it does for the reader, so a caller decides on the kind, not on our own wording.

    Why: the orchestrator puts another opening first (the verse that has the question's words together,
    ``search.cover``) only where this one answers nothing; telling that from the sentence's first words
    broke each time a new hedge was worded. ``states``: the text states an answer (a fact of the index, a
    filler or a clause of the verses, a definition, a named passage, where a quotation is found); False when
    it only hedges ("no verse says it") or is empty. ``gloss``: the part of a hedging ``text`` that answers
    what the question's term is ("Varuṇa: guardian of order. "), which stays in front of another opening."""

    text: str = ""
    states: bool = False
    gloss: str = ""


def _stating(text: str) -> Lead:
    return Lead(text, states=bool(text))


def lead(frame: Any, verses: Sequence[SearchResult], support: float, lexicon: Any = None, index: Any = None,
         terms: Any = None, extracted: Any = None) -> str:
    """The opening sentence(s) for this question and these verses ("" = the generator's own opener):
    the text of :func:`opening`."""
    return opening(frame, verses, support, lexicon, index, terms, extracted).text


def opening(frame: Any, verses: Sequence[SearchResult], support: float, lexicon: Any = None, index: Any = None,
            terms: Any = None, extracted: Any = None, unread: Sequence[str] = ()) -> Lead:
    """The opening for this question and these verses, typed (:class:`Lead`; empty = the generator's own opener).
    ``terms``: the term lexicon, whose hand-checked glosses say who a god is ("Indra: warrior king…");
    ``extracted``: the answer ``agents.extract`` already drew from all the verses found (weighed on more
    verses than the few shown, so its strength is the one to trust)."""
    if frame is None or not verses:
        return Lead()
    if frame.looks_sanskrit:
        # a quotation says where its words are; a Sanskrit passage name ("Aghamarṣaṇa sūkta") is
        # not a quotation of anything, and its passage speaks for it
        quoted = _quote_lead(frame, verses)
        if not frame.named:
            return _stating(quoted)
        if quoted.startswith("These words are found"):
            return _stating(quoted.rstrip(":") + ". " + _named_lead(frame, verses))
        return _stating(_named_lead(frame, verses))
    if frame.named and not (frame.sides and len(frame.named) < len(frame.sides)):
        return _stating(_named_lead(frame, verses))
    if frame.form == "reference":  # "Does RV 10.149.1 say …?": what the verse has of the claim's words
        asked = _verse_asked(frame.text, verses)
        return _stating(verse_claim.lead(frame.text, asked) if asked is not None else "")
    nearest = verse_claim.nearest_lead(frame.text, list(verses))
    if nearest:  # "Which verse says …?": the verse that has most of the statement's words, named first
        return _stating(nearest)
    if support < WEAK:
        stated = _stated_anyway(frame, verses, lexicon)
        if stated:  # the search scored the verses low, but one of them carries the question's action and subject
            return _stating(stated)
        absent = _absent_lead(frame, terms)
        if absent:  # "Is salt mentioned in the Rigveda?": a plain No, then the nearest verses said to be only that
            return _stating(absent)
        known = _known_first(frame, verses, terms)
        return Lead(known + _weak_lead(frame, verses, restate=not known, unread=unread), states=False, gloss=known)
    if frame.sides:
        return _stating(_compare_lead(frame, verses, index, terms))
    found = extracted if extracted is not None else extract(frame.text, frame, verses, lexicon)
    if found is not None and not found.weak:  # "Whose chariot do goats draw?": the filler, then its clause
        return _stating(found.sentence({v.book_context for v in verses}))
    honest = nothing_states(frame.text, frame)  # a who / whose / how-many question no verse answers
    stated, states = stated_clause(frame, verses, lexicon)
    if stated and honest and kind_of(frame.text) == "who_did" and not agrees(found, stated):
        return Lead(honest)  # the doer the best clause names is not one the verses support
    if honest and not stated and not honest.startswith("None of the verses found says in so many words who "):
        return Lead(honest)
    if stated:  # "Who killed Vṛtra?", "How is soma pressed?": the answer in the verses' words first
        return Lead(stated, states=states)  # or that none of them states it (``unstated``)
    if frame.terms:
        deity = _deity_lead(frame, index)
        if deity:
            return _stating(deity)
        kind = kind_of(frame.text)
        if kind in ("how", "why", "who_did"):  # a definition does not say how, why or who: say so first
            defined = _define_lead(frame, verses)
            return _stating(f"{unstated(frame.text, kind, '.')} {defined[:1].upper() + defined[1:]}")
        return _stating(_define_lead(frame, verses))
    if frame.form == "who" and frame.names and index is not None and not _asks_more(frame):
        return _stating(_who_lead(frame.names[0], index, _gloss_of(frame, frame.names[0], terms)))
    return Lead()


_PRESENCE_FILLER = set("""anywhere ever really actually least ancient mentioned mention mentions named name found
exist exists rigveda rigvedic veda vedas vedic hymns hymn verse verses text texts times period people word words""".split())


def _absent_lead(frame: Any, terms: Any) -> str:
    """A yes/no question whether the hymns name a thing ("Is the tiger mentioned anywhere in the Rigveda?", "salt
    in rigveda?") that Griffith's whole translation never uses, nor any Sanskrit word, name or passage the question
    carries, nor any table of things the app reads (``named_things``, ``topic_words``, ``later_terms``): a plain
    "No —" that says where it looked, instead of "No verse speaks directly of …; the closest …", which left the
    reader to guess. An English word Griffith uses is never called absent here (the search answers it)."""
    from pyapp.agents.evidence import _rest_words
    from pyapp.reading import absent_name, later_terms, named_things, topic_words

    text = getattr(frame, "text", "") or ""
    english = getattr(terms, "griffith_uses", None)
    if english is None or english("") is None or frame.terms or frame.names or frame.named or not absent_name.asks_presence(text):
        return ""
    asked = fold(text.split("?")[0])  # "Is sugarcane mentioned …? people say sugar …": the question, not the aside
    words = list(dict.fromkeys(w for w in _rest_words(frame) if len(w) > 2 and w.lower() not in _PRESENCE_FILLER
                               and re.search(r"\b" + re.escape(fold(w)) + r"\b", asked)))
    if not words or len(words) > 2:
        return ""
    for word in words:
        low = word.lower()
        if any(english(form) for form in {low, low.rstrip("s"), low + "s", low + "es"}) or topic_words.names_thing(low):
            return ""
    if named_things.things_in(text) or later_terms.term_in(text):
        return ""
    thing = " or ".join(f"“{w.lower()}”" for w in words)
    return (f"No — no verse of the RigVeda mentions {thing}: {'the word is not' if len(words) == 1 else 'neither word is'} "
            f"in Griffith's translation, and the "
            f"question has no Sanskrit word that the hymns use. The verses nearest in meaning, which do not name it:")


def _weak_lead(frame: Any, verses: Sequence[SearchResult], restate: bool = True, unread: Sequence[str] = ()) -> str:
    """The plain "no verse says it" of weak verses. It names the question's words the verses lack when
    they are things ("No verse speaks directly of tigers"); when they are the question's doing
    ("personified", "break", "linked": a word list that reads as broken English and says nothing) it
    says back the question whole (``restate``: not after a gloss that has answered part of it)."""
    topic = _topic(frame, verses, unread)
    asked = " ".join((getattr(frame, "text", "") or "").split()).rstrip(" ?!.")
    # nothing the question names is missing from the verses (its subject is in them): saying "No verse speaks of
    # pṛthivī" beside verses naming Pṛthivī is false, so the question is said back whole instead
    nothing_missing = frame is not None and verses and not _missing(frame, verses, unread)
    if unread and topic == "this":  # only unread words were left to name: nothing is named
        nothing_missing = True
    # a reading with words left as typed is not said back ("Why the bird have fear when Agni last …")
    restate = restate and not any(fold(w).lower() in fold(asked).lower() for w in unread)
    if restate and asked and asked_as_question(asked) and (nothing_missing or any(
            _verb_like(w) for w in re.split(r",\s*|\s+and\s+", topic))):
        return (f"No verse found says in so many words what the question asks (“{asked[:1].upper() + asked[1:]}?”); "
                f"the closest the RigVeda comes are these verses, which may not answer it:")
    if nothing_missing:
        return ("No verse found says in so many words what the question asks; the closest the RigVeda comes are "
                "these verses, which may not answer it:")
    return (f"No verse speaks directly of {topic}; the closest the RigVeda comes are these "
            f"verses, which may not answer the question:")


_BLANK = re.compile(r"_{3,}")
_YES_NO_Q = re.compile(r"^\W*(?:(?:and|so|but)\s+)?(?:is|are|was|were|do|does|did|can|could|has|have|had)\b", re.I)
_VERB_END = re.compile(r"(?:ed|ing|ise|ize|ify|ified|ated)$")
_QUESTION = re.compile(r"^\W*(?:(?:and|so|but|then)\s+)?(?:who|whom|whose|what|which|how|why|where|when|is|are|was|were|"
                       r"do|does|did|can|could|has|have|had)\b", re.I)


def asked_as_question(text: str) -> bool:
    """The message is a question by its first word (a wh-word or an auxiliary), not a task or a blank."""
    return bool(_QUESTION.match(text or ""))


def _verb_like(word: str) -> bool:
    """A word that names a doing rather than a thing: a verb of the action table or a verb's ending."""
    from pyapp.agents.statement import _groups
    from pyapp.agents.text import stem

    word = word.strip().lower()
    return bool(word) and (stem(word) in _groups().by_stem or bool(_VERB_END.search(word)))


def _known_first(frame: Any, verses: Sequence[SearchResult], terms: Any = None) -> str:
    """What the lexicon's hand-checked gloss says of the question's term, before the "no verse says it" of
    weak verses, for a question that asks what the term is or does ("What is brahman, the sacred
    formulation?", "What is Rudra the embodiment of?"): the gloss answers that much. Never for a how / why /
    who-did / what-do question, whose answer a definition is not ("How is soma pressed?")."""
    text = getattr(frame, "text", "") or ""
    if kind_of(text) or _BLANK.search(text) or _YES_NO_Q.match(text):
        return ""  # a blank asks for the word that fills it ("Surya and ___"), "was it …?" for yes or no: no gloss is either
    asked = [(getattr(t, "display", "") or getattr(t, "key", ""), getattr(t, "gloss", "") or "", bool(getattr(t, "name", None)))
             for t in list(getattr(frame, "terms", []) or [])[:3]]
    asked += [(name, _gloss_of(frame, name, terms) or "", True) for name in list(getattr(frame, "names", []) or [])[:1]]
    for display, gloss, is_name in asked:
        gloss = _identity(display, gloss)
        if not display or not gloss or not _is_subject(text, display, is_name):
            continue  # "the significance of aachaman before yajña" is not asking what yajña is
        if not any(mentions(v, display, in_text=True) or _in_sanskrit(v, display) for v in verses):
            continue  # the verses found are not the term's: its gloss would answer another question
        display = display[:1].upper() + display[1:]
        if is_name or _GODLY.search(gloss):
            return f"{display}: {gloss}. "
        return f"{display} means {gloss}. "
    return ""


# words a question opens with before its subject: what is asked of it, not the subject ("Write a short note
# on the concept of ṛta", "Who are the Asuras …")
_BEFORE_SUBJECT = frozenset("""what who whom is are was were the a an of on about in write short brief note notes
concept idea explain describe tell me us please kindly give meaning significance""".split())
_IDENTITY_Q = re.compile(r"^\W*(?:what|who)\s+(?:is|are|was|were)\s+(?:the\s+)?(?P<name>[^\s,?]+)", re.I)


def _is_subject(question: str, display: str, is_name: bool) -> bool:
    """The term is what the question asks about: its first word after the asking ("What is Rudra the
    embodiment of?", "Write a short note on ṛta"); a god's name only in "what / who is <name> …", since
    a name stands in many questions about something else ("what are Vasiṣṭha's sins toward Varuṇa?")."""
    key = fold(display)[:4]
    if not key:
        return False
    if is_name:
        match = _IDENTITY_Q.match(question or "")
        return bool(match) and fold(match.group("name")).startswith(key)
    words = [w for w in re.findall(r"[a-z]+", fold(question or "")) if w not in _BEFORE_SUBJECT]
    return bool(words) and words[0].startswith(key)


def _in_sanskrit(verse: SearchResult, word: str) -> bool:
    """A word of the verse's Sanskrit starts with the term ("ṛta" in "ṛtásya"), accents and length aside."""
    key = fold(word)[:5]
    return bool(key) and re.search(rf"\b{re.escape(key)}", fold(verse.iast or "")) is not None


def _stated_anyway(frame: Any, verses: Sequence[SearchResult], lexicon: Any) -> str:
    """A how / why / what-do question whose verses scored weak as a whole, but one of whose clauses carries
    the question's own verb (the action table's) with its subject or object: that clause, quoted and cited,
    is the answer's first sentence; a list of the question's words "no verse speaks of" would hide it."""
    if kind_of(frame.text) not in ("how", "why", "what_do"):
        return ""
    stated, states = stated_clause(frame, verses, lexicon, strict=True)
    return stated if states else ""


def _asks_more(frame: Any) -> bool:
    """"Who is her sister?", "Is she a goddess of destruction?": more than who the god is, so the
    god's hymn count is not the answer; the verses found for those words are."""
    from pyapp.agents.evidence import _rest_words

    # the words that only say who is meant ("Ushas, the dawn goddess") are part of the name
    known = set(_WHO_WORDS)
    for term in frame.terms:
        known |= set(re.findall(r"[a-z]+", fold(" ".join([term.gloss or "", *term.renderings[:4]]))))
    return bool([w for w in _rest_words(frame) if w not in known and w.rstrip("s") not in known])


_WHO_WORDS = frozenset("god goddess deity deities gods goddesses role rigveda veda vedic hymns tell describe "
                       "explain mean means important".split())
_GODLY = re.compile(r"\b(gods?|goddess|deity|deified)\b", re.I)


def _deity_lead(frame: Any, index: Any) -> str:
    """"Who is Uṣas?", "Tell me about Ushas, the dawn goddess": a term that is also a god is
    answered as a god (the hymns addressed to it), not defined as a word."""
    if index is None or frame.form not in ("who", "open") or _asks_more(frame):
        return ""
    for term in frame.terms[:1]:
        if frame.form == "who" or term.name or _GODLY.search(term.gloss or ""):
            return _who_lead(term.display, index, term.gloss)
    return ""


def _identity(name: str, gloss: Optional[str]) -> str:
    """Who the god is, from the term lexicon's hand-checked gloss, without the name the gloss may
    start with ("Viṣṇu, the wide-striding god" → "the wide-striding god"); "" without a gloss."""
    text = (gloss or "").strip().rstrip(".")
    head, _, tail = text.partition(",")
    if tail and (fold(head) == fold(name) or norm(head) == norm(name)):
        text = tail.strip()
    return text


def _gloss_of(frame: Any, name: str, terms: Any = None) -> Optional[str]:
    """The hand-checked gloss of a god's name: from the question's own terms, else the lexicon."""
    for term in getattr(frame, "terms", []):
        if fold(term.display) == fold(name) or norm(term.display) == norm(name):
            return term.gloss
    if terms is not None and hasattr(terms, "get"):
        try:
            hit = terms.get(name)
        except Exception:
            hit = None
        if hit is not None and hit.gloss and norm(hit.display) == norm(name):
            return hit.gloss
    return None


def _who_lead(name: str, index: Any, gloss: Optional[str] = None) -> str:
    """"Who is Vāmadeva?": what the index knows of the name, as a seer and as an addressee (the
    larger role first), then the verses found. With a god's ``gloss``, who the god is comes first
    ("Indra: warrior king of the gods."): a reader asking "Who is Agni?" wants that before counts."""
    from pyapp import facts

    sentences = []
    for question in (f"Which hymns did {name} compose?", f"Which hymns are addressed to {name}?"):
        try:
            fact = facts.answer_fact(question, index)
        except Exception:
            fact = None
        if fact is not None and fact.kind == "list":
            first = re.split(r"(?<=[.:])\s", fact.text.strip(), maxsplit=1)[0].rstrip(":.")
            count = re.search(r"\b(\d[\d,]*) hymns\b", first)
            if any(text.startswith(first) for _, text in sentences):
                continue  # a name that is no seer's: the seer question fell back to the same list
            if "addressed mainly to" in first:  # the god's list (also where a seer question fell back to it)
                first += _shared(index, name)
            sentences.append((int(count.group(1).replace(",", "")) if count else 0, first))
    if not sentences:
        return ""
    sentences.sort(key=lambda pair: -pair[0])
    identity = _identity(name, gloss)
    opening = f"{name[:1].upper() + name[1:]}: {identity}. " if identity else ""
    return opening + " ".join(f"{text}." for _, text in sentences) + " Key verses:"


def _shared(index: Any, name: str) -> str:
    """", and 24 more shared with Mitra (Mitra–Varuṇa)": the hymns a god is addressed in as one of a
    pair (``pyapp.counts``), so the count of hymns to it alone is not read as all its hymns."""
    try:
        from pyapp.counts import god_hymns

        god = god_hymns(index, name)
    except Exception:
        return ""
    if god is None or not god.alone or not god.joint:
        return ""
    parts = [f"{len(refs)} more shared with {partner} ({pair})" for partner, pair, refs in god.joint[:3]]
    rest = sum(len(refs) for _, _, refs in god.joint[3:])
    if rest:
        parts.append(f"{rest} more shared with other partners")
    return ", and " + ", ".join(parts)


def _named_lead(frame: Any, verses: Sequence[SearchResult]) -> str:
    from pyapp.reading.named import passage_refs

    parts = []
    for match in frame.named[:2]:
        passage = match.passage
        refs = passage_refs(passage)
        name = passage.names[0]
        about = passage.about.strip()
        if name.lower().startswith("the "):
            title = name
        elif re.search(r"(sūkta|sukta|hymns?|mantra|stuti|dialogue|sūktas)$", name, re.I):
            title = f"The {name}"
        else:  # a line or nickname: "Agnim īḷe" is what readers call RV 1.1
            title = f"“{name}”"
        parts.append(f"{title} ({_refs_text(refs)}): {about}")
    if len(verses) == 1:
        return " ".join(parts) + " The verse:"
    return " ".join(parts) + (" Its key verses:" if len(frame.named) == 1 else " Key verses:")


def _quote_lead(frame: Any, verses: Sequence[SearchResult]) -> str:
    from pyapp.search.quote import EXACT, coverage

    best = max(verses, key=lambda v: coverage(frame.quotation, v.iast or ""))
    share = coverage(frame.quotation, best.iast or "")
    seer = f", by the seer {_title(best.rishi)}" if best.rishi else ""
    where = f"RV {best.book_context}, in {hymn_phrase(best.addressee)}{seer}"
    if share >= EXACT:
        return f"These words are found in {where}:"
    if share >= 0.6:
        return f"These words are close to {where} (not an exact match):"
    return f"No verse has these exact words; the closest is {where}:"


def _define_lead(frame: Any, verses: Sequence[SearchResult]) -> str:
    sentences: List[str] = []
    for hit in frame.terms[:2]:
        display = getattr(hit, "display", "") or getattr(hit, "key", "")
        gloss = (getattr(hit, "gloss", "") or "").strip().rstrip(".")
        renderings = [r for r in getattr(hit, "renderings", []) if r][:4]
        first = f"{display} means {gloss}" if gloss else f"{display} is a Sanskrit word of the hymns"
        learned = [r for r in getattr(hit, "learned", []) or [] if r][:3]
        if renderings:
            first += "; Griffith renders it as " + _join([f"“{r}”" for r in renderings])
        elif learned:  # counted over the verses that use it, not a gloss: said as what it is
            first += (" that the app's glossary does not explain; where it occurs, Griffith's translation most often "
                      "has " + _join([f"“{r}”" for r in learned]))
        ending = getattr(hit, "ending", "") or ""
        if ending and not gloss:
            first += f"; read from its ending by code, it is {ending}"
        sentences.append(first + ".")
    return " ".join(sentences) + " Key verses where it occurs:"


def _compare_lead(frame: Any, verses: Sequence[SearchResult], index: Any, terms: Any = None) -> str:
    sides = frame.sides[:2]
    parts: List[str] = []
    for side in sides:
        own = [v for v in verses if mentions(v, side)] or [v for v in verses if mentions(v, side, in_text=True)]
        count = _hymn_count(index, side)
        gloss = _identity(side, _gloss_of(frame, side, terms))
        counted = f" ({gloss}; {count})" if count and gloss else \
            f" ({gloss})" if gloss else f" ({count})" if count else ""
        if own:
            v = own[0]
            parts.append(f"{side}{counted} is praised in RV {v.book_context} as “{_excerpt(v, frame.text)}” "
                         f"[RV {v.book_context}]")
        else:
            parts.append(f"{side}{counted} has no verse among those found")
    return f"Comparing {_join(sides)}: " + "; ".join(parts) + ". The verses of each:"


def _hymn_count(index: Any, name: str) -> str:
    """"10 hymns to Varuṇa alone, 23 more shared with Mitra (Mitra–Varuṇa)" ('' for no known god):
    the count of :mod:`pyapp.counts`, the one the list answers and the reader use."""
    try:
        from pyapp.counts import count_phrase, god_hymns

        god = god_hymns(index, name)
        return count_phrase(god) if god is not None else ""
    except Exception:
        return ""


def fact_answer(fact: Any, verses: Sequence[SearchResult], question: str) -> str:
    """The fact first (as code stated it from the index), then its evidence, quoted."""
    lines = [fact.text.strip(), ""]
    for v in list(verses)[:3]:
        excerpt = _excerpt(v, question, 200)
        if excerpt:
            lines.append(f"- “{excerpt}” [RV {v.book_context}]")
    if len(lines) > 2:
        lines += ["", NOTE_LINE]
    return "\n".join(lines).strip()
