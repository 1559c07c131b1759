"""What a question asks, read by code before any search: its form, and what it names.

Why a separate reading step: the answer's shape and the first search both depend on what the
reader asked, not only on which verses match its words. "What does the Nāsadīya hymn say about
the beginning?" names a passage (it must come first, whatever else the question says); "What
does ṛta mean?" names a Sanskrit term (searched as Sanskrit, with its inflected forms and
Griffith's renderings); "How does Indra differ from Agni?" has two sides, each searched on its
own; "Who composed it?" has no subject of its own and is the only kind of question that is
rewritten from the conversation. Everything here is cheap, deterministic and explainable.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, List, Optional

from pyapp.agents.text import fold
from pyapp.lexicon import Lexicon, LexiconHits, norm
from pyapp.reading.named import NamedMatch, find_named
from pyapp.search.refs import parse_reference

FORMS = ("compare", "define", "who", "which", "how_many", "list", "quote", "reference", "open")

_COMPARE_CUE = re.compile(
    r"\b(compare[sd]?|comparison|compared|differ(s|ent|ence|ences)?|distinguish(es)?|contrast(s|ed)?|versus|vs\.?"
    r"|similarit(y|ies)|alike|relationship between|relation between|in common|share|shared|both|same|apart"
    r"|stronger|greater|older|more|better|weaker)\b", re.I)
_EITHER = re.compile(r"\b(which|who|whom)\b.*\bor\b|\bor\b.*\b(which|who|whom)\b", re.I)
_DEFINE = re.compile(
    r"\b(what (does|do|did) (the )?(word|term|sanskrit( word)?)?\s*\S+\s+mean|meaning of|what is meant by|define|"
    r"definition of|the (word|term|concept|notion|idea) (of )?|translate the word|what is the sanskrit)\b", re.I)
_HOW_MANY = re.compile(r"\bhow (many|much|often)\b|\bnumber of\b|\bcount\b", re.I)
_LIST = re.compile(r"\b(list|name (the|all|some)|enumerate|which (are the )?(hymns|verses))\b", re.I)
_WHO = re.compile(r"^\s*(who|whom)\b|\bwho (is|are|was|were)\b", re.I)
_WHICH = re.compile(r"^\s*(which|what) (hymn|verse|god|goddess|deity|poet|seer|sukta|stanza)s?\b", re.I)

# Pronouns that stand for something said before ("him", "it"); "there" and "one" are not among
# them ("Is there a hymn about dice?" has a subject of its own).
REFERRING = {"he", "she", "it", "they", "him", "her", "them", "his", "its", "their", "hers", "theirs",
             "this", "that", "these", "those", "same", "former", "latter"}
_ELLIPSIS = re.compile(
    r"^\s*(and|also|but|so|then)?\s*(what|how) about\b|^\s*(and|also|but)\b|^\s*(tell me )?more\b|"
    r"^\s*(why|how so|really|go on|continue|elaborate|explain( that| this)?( further| more)?|say more|"
    r"anything else|what else|who else|where else|which others?|any others?|examples?)\s*[?.!]*\s*$", re.I)
# Words of the question itself, never its subject ("Which hymns praise him?" has no topic noun).
FRAME_WORDS = set("""
hymn hymns verse verses stanza stanzas sukta suktas mandala mandalas book books rigveda veda rv poem poems
praise praises praised compose composed composer wrote write written author authors seer seers poet poets
rishi rishis sage sages deity deities god gods goddess addressed address dedicated meter metre metres meters
mention mentions mentioned say says said tell describe described explain mean means meaning call called
name named names story stories speak speaks spoken talk talks sing sings sung about other else more example
examples many much number first last which what who whom how why where when does did do is are was were
have has had there here any some all the a an of to in on for with by from and or as at also too
word words term terms thing things part parts line lines kind kinds sort way ways attribute attributed
role roles importance important significance significant nature character purpose function symbolism
relationship relation idea ideas concept concepts quality qualities depicted portrayed famous known main
story stories myth myths legend legends origin mean meant compare compared differ different difference
share shared common both same similar between versus like tell give list show apart stronger weaker
greater better older
rigvedic rigved vedic vedas
""".split())


@dataclass
class QuestionFrame:
    """The reading of one (standalone) question."""

    text: str
    form: str = "open"
    named: List[NamedMatch] = field(default_factory=list)
    terms: List[Any] = field(default_factory=list)  # pyapp.search.terms.TermHit
    names: List[str] = field(default_factory=list)  # gods, seers, places the lexicon knows
    sides: List[str] = field(default_factory=list)  # what a comparison compares (two at most)
    is_reference: bool = False
    looks_sanskrit: bool = False
    topic_words: List[str] = field(default_factory=list)  # nouns of its own ("dice", "frogs")
    referring: bool = False  # uses "him", "it", "they" …
    quote: str = ""  # the quotation part of "devīṃ vācam ajanayanta – what does this line mean?"
    ellipsis: bool = False  # "And Varuna?", "Tell me more", "Why?"

    @property
    def quotation(self) -> str:
        """The Sanskrit the question quotes (all of it, unless an English question follows)."""
        return self.quote or self.text

    @property
    def asks_famous(self) -> bool:
        """It asks for a famous (best-known, celebrated …) hymn or verse (``pyapp.reading.famous``)."""
        from pyapp.reading.famous import asks_famous

        return asks_famous(self.text)

    @property
    def has_subject(self) -> bool:
        """A subject of its own: a name, a named passage, a term, a reference, a quotation or a
        topic noun. Only a question without one is rewritten from the conversation."""
        if self.referring or self.ellipsis:
            # "What does he do with the thunderbolt?": the pronoun still needs the conversation,
            # unless the question also names someone ("Is Indra his brother?")
            return bool(self.names or self.named or self.is_reference or self.looks_sanskrit)
        return bool(self.names or self.named or self.terms or self.is_reference or self.looks_sanskrit
                    or self.topic_words)

    @property
    def named_hymns(self) -> List[str]:
        from pyapp.reading.named import passage_refs

        out: List[str] = []
        for match in self.named:
            for ref in passage_refs(match.passage):
                hymn = ".".join(ref.split(".")[:2])
                if hymn not in out:
                    out.append(hymn)
        return out


_DEMONSTRATIVE = {"this", "that", "these", "those"}
_WHOLE_POINTER = re.compile(r"\bthe\s+(?:full|whole|entire|complete|same|rest of the)\s+(?:verse|mantra|stanza|hymn|sukta|line|"
                            r"rc|rk|richa|shloka|sloka)\b(?!\s+(?:of|in|from|about|to|on|where|which|that)\b)")
_IDIOMS = {("these", "days"), ("this", "year"), ("this", "week"), ("that", "is"), ("this", "time"),
           ("these", "times"), ("this", "morning"), ("this", "evening"), ("this", "weekend")}


def _idiom(words: List[str], i: int) -> bool:
    """"these days", "that is": not a pointer back into the conversation."""
    word = words[i].strip("'")
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if word == "that" and i > 0 and words[i - 1] in ("so", "such", "now", "than"):
        return True
    return word in _DEMONSTRATIVE and (word, nxt) in _IDIOMS


def topic_words(text: str, hits: LexiconHits, known: Optional[Any] = None) -> List[str]:
    """Content words that could be a subject: not question framing, not pronouns; when ``known``
    (word → bool) is given, only words the translation actually uses."""
    out: List[str] = []
    for word in re.findall(r"[a-z]+", fold(text)):
        if len(word) < 3 or word in FRAME_WORDS or word in REFERRING:
            continue
        if known is not None and not known(word):
            continue
        if word not in out:
            out.append(word)
    return out


def _compare_sides(text: str, frame: QuestionFrame, lexicon: Lexicon) -> List[str]:
    if not _COMPARE_CUE.search(text) and not re.search(r"\b(and|or|with|from)\b", text, re.I):
        return []
    sides = [m.passage.names[0] for m in frame.named] + frame.names
    unique: List[str] = []
    for side in sides:
        if norm(side) not in {norm(u) for u in unique}:
            unique.append(side)
    if len(unique) >= 2 and (_COMPARE_CUE.search(text) or _EITHER.search(text)):
        return unique[:2]
    return []


_QUOTE_SPLIT = re.compile(r"\s+[-–—]+\s+|\s*[:?]\s+")


# the frame of an Indian exam's "explain with context" task, in Hindi, Marathi or Sanskrit ("निम्नलिखित मंत्र की
# संदर्भ सहित व्याख्या करें: …", "… । इस मंत्र का प्रसंग और अर्थ स्पष्ट कीजिए"): the task, never part of the line
_EXAM_FRAME = re.compile(r"सप्रसंग|सप्रसङ्ग|संदर्भ|सन्दर्भ|व्याख्या|निम्नलिखित|कीजिए|कीजिये|करें|करिए|लिखिए|लिखिये|"
                         r"बताइए|बताइये|स्पष्ट|स्पष्टीकरण|कुरुत|इस\s+म(?:ं|न्)त्र|या\s+मंत्रा")
# words of a question about a passage, never of the line it quotes ("गायत्री मंत्र का अर्थ …" names the verse)
_NOT_A_LINE = re.compile(r"म(?:ं|न्)त्र|सूक्त|ऋग्वेद|ऋचा|[0-9०-९]")


def exam_line(text: str) -> str:
    """The quoted line of an exam's "explain with context" task ("<line> । इस मंत्र का प्रसंग और अर्थ स्पष्ट कीजिए",
    "निम्नलिखित मंत्र की व्याख्या करें: <line>"), or "". Such a question is a quotation with a task, not a Hindi
    sentence: read word by word into English, its Sanskrit line was garbled ("Vasreva … not mother …")."""
    if not _EXAM_FRAME.search(text or ""):
        return ""
    parts = _QUOTE_SPLIT.split(text)
    if len(parts) < 2:
        parts = re.split(r"\s*[।॥|]\s*", text)
    lines = [p.strip(" '\"“”‘’") for p in parts if len(p.split()) >= 2 and not _EXAM_FRAME.search(p)
             and re.search(r"[\u0900-\u097f]", p)]
    if not lines:  # "<line> की सप्रसंग व्याख्या लिखिए", "<line> इति मन्त्रस्य …", "<line> या मंत्राचे …": cut at the link
        cut = _EXAM_LINK.search(text)
        head = text[:cut.start()].strip(" '\"“”‘’") if cut else ""
        if len(head.split()) >= 2 and not _EXAM_FRAME.search(head):
            lines = [head]
    if len(lines) != 1 or len(lines[0].split()) < 3 or _NOT_A_LINE.search(lines[0]):
        return ""
    return lines[0]


# the word that links the quoted line to the task after it: Hindi की/का/के, Sanskrit इति, Marathi या
_EXAM_LINK = re.compile(r"\s+(?:की|का|के|इति|या)\s+(?:(?:इस\s+)?म(?:ं|न्)त्र(?:स्य|ाचे|ाची|ाचा)?\s+)?"
                        r"(?=\S*(?:सप्रसं|सप्रस|संदर्भ|सन्दर्भ|व्याख्या|स्पष्ट|प्रसंग|अर्थ))")


def quoted_part(text: str, is_sanskrit: Any) -> str:
    """A Sanskrit quotation followed (or preceded) by an English question, or by an exam's task in Hindi,
    Marathi or Sanskrit ("… । इस मंत्र का प्रसंग और अर्थ स्पष्ट कीजिए"): the quotation."""
    line = exam_line(text)
    if line and is_sanskrit(line):
        return line
    from pyapp.reading.quoted_line import spans

    from pyapp.reading.language import detect

    for span in spans(text) if parse_reference(text) is None else []:  # "'agne naya supatha' is this rig veda?":
        # the marks say where the line ends (a verse number the question names is read first: "… says 'x y z'; what
        # does 10.117.8 really say?"); a line another language's words mark as that language's is not Sanskrit, though
        # a few of its words are Sanskrit forms too ("los dioses no han dado …")
        if len(span.split()) >= 2 and detect(span).code == "en" and is_sanskrit(span):
            return span.strip()
    parts = _QUOTE_SPLIT.split(text)
    for part in parts:
        part = part.strip(" '\"“”‘’")
        if len(part.split()) >= 2 and part != text and is_sanskrit(part) and not _TERMS_COMPARED.search(part) \
                and not _EXAM_FRAME.search(part):
            return part
    return ""


# "ṛta vs satya", "sat and asat": two terms set side by side, not a line of a hymn
_TERMS_COMPARED = re.compile(r"^\S+\s+(?:vs\.?|versus|and|or|compared to)\s+\S+$", re.I)


_HYMN_WORDS_FOLDED = frozenset({"sukta", "suktam", "suktas", "sukto", "mantra", "mantras", "rc", "rik", "rca"})


def read_question(text: str, lexicon: Lexicon, terms: Any = None, known: Optional[Any] = None,
                  looks_sanskrit: Optional[bool] = None, is_sanskrit: Any = None) -> QuestionFrame:
    """Read ``text``: ``terms`` is a ``TermLexicon`` (or None), ``known(word)`` says whether the
    translation uses a word, ``looks_sanskrit`` overrides the lexicon's guess (the text index
    knows every word form of the corpus and decides better)."""
    hits = lexicon.analyse(text)
    frame = QuestionFrame(text=text)
    frame.named = find_named(text)
    frame.is_reference = parse_reference(text) is not None
    frame.looks_sanskrit = hits.looks_sanskrit if looks_sanskrit is None else looks_sanskrit
    if is_sanskrit is not None:
        frame.quote = quoted_part(text, is_sanskrit)
        frame.looks_sanskrit = frame.looks_sanskrit or bool(frame.quote)
    frame.names = lexicon.main_names(text)
    if terms is not None and not frame.looks_sanskrit:
        try:
            found = list(terms.find_terms(text, names=True))
        except Exception:
            found = []
        known_names = {norm(n) for n in frame.names}
        # a word form of the hymns outside the lexicon that is a known name is that name ("Vishvamitra")
        frame.terms = [hit for hit in found if not hit.name and not (hit.from_corpus and norm(hit.matched) in known_names)]
        # a god named in a transliteration scheme the name list does not read ("nirRti", "uSas")
        frame.names += [hit.display for hit in found if hit.name and norm(hit.display) not in known_names]
    words = re.findall(r"[a-z']+", fold(text))
    frame.referring = any(w.strip("'") in REFERRING and not _idiom(words, i) for i, w in enumerate(words))
    # "what does the full verse mean?", "the whole mantra please": the verse or hymn the last answer showed
    frame.referring = frame.referring or bool(_WHOLE_POINTER.search(fold(text)))
    frame.ellipsis = bool(_ELLIPSIS.search(text)) and len(words) <= 6
    frame.topic_words = topic_words(text, hits, known)
    # names the lexicon took from a named passage ("Purusha" in "Purusha Sukta") are the passage
    named_words = {norm(w) for m in frame.named for w in m.matched.split()}
    frame.names = [n for n in frame.names if norm(n) not in named_words]
    # and its words are not terms to define ("Puruṣa sūkta" is a hymn, not the words puruṣa and sūkta)
    frame.terms = [t for t in frame.terms if norm(getattr(t, "matched", "") or "") not in named_words
                   and fold(getattr(t, "matched", "") or "") not in _HYMN_WORDS_FOLDED]
    frame.sides = _compare_sides(text, frame, lexicon)
    frame.form = _form(text, frame)
    name_keys = {norm(n) for n in frame.names}
    term_keys = {norm(getattr(t, k, "") or "") for t in frame.terms for k in ("display", "key")}
    if frame.form in ("who", "compare"):
        # a god's name is a name, not a term to define ("Who is Vāyu?" is not "what does vāyu mean?")
        frame.terms = [t for t in frame.terms if not {norm(getattr(t, k, "") or "") for k in ("display", "key")}
                       & name_keys]
    else:  # and a term is a term, though some verse makes it a deity ("yajña", "soma")
        frame.names = [n for n in frame.names if norm(n) not in term_keys]
    return frame


def _form(text: str, frame: QuestionFrame) -> str:
    if frame.looks_sanskrit and not frame.named:
        return "quote"
    if frame.is_reference and not _HOW_MANY.search(text) and not _WHO.search(text):
        return "reference"
    if frame.sides:
        return "compare"
    if frame.terms and (_DEFINE.search(text) or re.match(r"^\s*what (is|are)\b", text, re.I)) and not frame.named:
        return "define"
    if _HOW_MANY.search(text):
        return "how_many"
    if _LIST.search(text):
        return "list"
    if _WHO.search(text):
        return "who"
    if _WHICH.search(text):
        return "which"
    return "open"
