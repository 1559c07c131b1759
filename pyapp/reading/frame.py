"""The question read once: ``read_question(text, conversation) -> QuestionFrame``.

Why one entry point: the reading of a question was spread over the orchestrator's branches (a bare
name, a question about the collection itself, the English reading of another language, Hindi in
Latin letters, the conversation's state, a reference task, a look-alike request), each called at its
own place and each re-reading the text. ``read_question`` calls the package's readers in the turn's
order — the conversation first (a change of subject empties it, "that weapon" becomes the weapon),
then what the rest of the question is — and returns one typed frame: what users would see read.
The orchestrator calls it once per turn and dispatches on the frame.

Nothing here re-implements a reader: each field comes from the module that reads that thing
(``turn``/``conversation``/``references``, ``bare_name``, ``collection``, ``language``/``gloss``,
``hinglish``, ``names``, ``question``, ``lookalike``). The index, the lexicon and the term lexicon are
optional: without them the frame says less (no reference tasks, no names), it never raises.
"""
from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence

from pydantic import BaseModel, Field

from pyapp.diacritics import strip_marks
from pyapp.lexicon import norm
from pyapp.reading import collection, hinglish, lookalike, quoted_line
from pyapp.reading.bare_name import bare_question
from pyapp.reading.foreign import ForeignSearch
from pyapp.reading.language import detect
from pyapp.reading.references import HymnTable, span_of
from pyapp.reading.spelling import Mended, Speller, mend_question

TopicFinder = Callable[[str], List[str]]
Reader = Callable[[str], Any]  # text → pyapp.reading.question.QuestionFrame (the question's form and names)
EnglishReader = Callable[[str], Any]  # text → pyapp.reading.gloss.Gloss, or None for English
ForeignSearcher = Callable[[str], Optional[Any]]  # text → pyapp.reading.foreign.ForeignSearch, or None for English


class Entity(BaseModel):
    """A thing the question names or points at."""

    name: str  # as the app writes it: "Indra", "ṛta", "Nāsadīya Sūkta"
    kind: str  # "god" | "seer" | "name" (a name the index does not place) | "term" | "passage" | "rigveda" | "thing"
    typed: str = ""  # as the reader typed it, when it differs ("Индры", "अग्नि")
    refs: List[str] = Field(default_factory=list)  # a passage's verses or hymns
    from_conversation: bool = False  # "that weapon": the thing the last answer named


class ReferredClaim(BaseModel):
    """A statement of the last answer that the question refers to, and the verses behind it."""

    text: str
    refs: List[str] = Field(default_factory=list)


class QuestionFrame(BaseModel):
    """Everything code read from the question and the conversation before any search."""

    text: str  # as typed (sanitised)
    question: str  # the question to answer: a change-of-subject phrase cut off, "that weapon" named
    read_as: str = ""  # the question the rest of the turn answers, when reading changed it (a bare name, the collection)
    language: str = "en"  # "en", "es", "hi", "hi-Latn", "sa", "ru" …
    language_name: str = "English"
    script: str = "latin"
    english: str = ""  # the English reading of a question in another language ("" when English or not read)
    english_loaded: bool = True  # False: the language's word file was not there (only names were read)
    intent: str = "open"  # the reader task (show, summarize, word_by_word, facts, content, sanskrit_of_quote,
    # support), else "off_topic", "about_rigveda", or the question's form (who, which, how_many, define, compare…)
    form: str = "open"  # the question's form (pyapp.reading.question)
    task: str = ""  # the reference task, "" when none
    operation: str = ""  # next / previous / first / last / range
    unit: str = ""  # verse / hymn / mandala
    references: List[str] = Field(default_factory=list)  # what the question (or the conversation) names: "RV 1.1.5"
    target: str = ""  # the passage the task acts on after the operation: "RV 1.1.6"
    ranges: List[str] = Field(default_factory=list)  # "RV 10.129.3–5", "RV 1.1–1.11"
    reference_error: str = ""  # the operation fell off the text: the reason said to the reader
    quote: str = ""  # a quoted translation line whose Sanskrit is asked for
    entities: List[Entity] = Field(default_factory=list)
    claims: List[ReferredClaim] = Field(default_factory=list)  # the last answer's claims it refers to
    follow_up: bool = False  # it points back at the conversation (a pronoun, "that weapon", "the verse after that")
    topic_switch: bool = False  # the reader changed the subject: earlier turns are not used
    off_topic: bool = False  # a look-alike request or another scripture's content
    off_topic_kind: str = ""  # "advice" | "fortune" | "opinion" | "other_scripture"
    off_topic_reason: str = ""
    instead: str = ""  # what can be asked instead
    # the readers' own results, for the orchestrator to dispatch on (not part of the frame's wire form)
    turn: Optional[Any] = Field(None, exclude=True)  # pyapp.reading.turn.TurnReading
    form_reading: Optional[Any] = Field(None, exclude=True)  # pyapp.reading.question.QuestionFrame of english_question
    gloss: Optional[Any] = Field(None, exclude=True)  # pyapp.reading.gloss.Gloss
    hinglish: str = ""  # Hindi typed in Latin letters, read word by word as English
    bare: str = ""  # the question a bare name or term asks ("Who is Varuṇa?")
    about_collection: str = ""  # the question about the RigVeda itself ("What is the RigVeda?")
    spelling: Optional[Mended] = None  # the question with its typing slips mended ("godess of speach")
    foreign: Optional[ForeignSearch] = Field(None, exclude=True)  # a German/French/Russian question's translation search
    quoted_line: Optional[Any] = None  # pyapp.reading.quoted_line.QuotedLine: a line quoted and asked where it is

    class Config:
        arbitrary_types_allowed = True

    def form_of(self, text: str) -> Optional[Any]:
        """The form reading of ``text`` when the frame read that very text (the caller need not read it again)."""
        return self.form_reading if self.form_reading is not None and text == self.english_question else None

    @property
    def gods(self) -> List[str]:
        return [e.name for e in self.entities if e.kind == "god"]

    @property
    def seers(self) -> List[str]:
        return [e.name for e in self.entities if e.kind == "seer"]

    @property
    def terms(self) -> List[str]:
        return [e.name for e in self.entities if e.kind == "term"]

    @property
    def english_question(self) -> str:
        """The question in English as the search reads it (before any typing slip is mended)."""
        return self.english or self.hinglish or self.read_as or self.question


def _history(conversation: Sequence[Any]) -> List[Any]:
    """``HistoryTurn``s from whatever the caller holds (turn dicts, chat messages or HistoryTurns)."""
    from pyapp.agents.history import HistoryTurn, parse_history

    items = list(conversation or [])
    if all(isinstance(item, HistoryTurn) for item in items):
        return items
    try:
        return parse_history(items)
    except Exception:
        return []


def _once(reader: Optional[Reader]) -> Optional[Reader]:
    """``reader`` remembering its last text: the reference reader's topics and the frame's form read the same
    question (its English reading) once."""
    if reader is None:
        return None
    last: List[Any] = []

    def read(text: str) -> Any:
        if not last or last[0] != text:
            last[:] = [text, reader(text)]
        return last[1]

    return read


def _default_reader(lexicon: Any, terms: Any) -> Optional[Reader]:
    if lexicon is None:
        return None
    from pyapp.reading.question import read_question as read_form

    return lambda text: read_form(text, lexicon, terms)


def _default_english(lexicon: Any, index: Any) -> Optional[EnglishReader]:
    if lexicon is None:
        return None
    from pyapp.reading import gloss

    index_dir = getattr(index, "dir", None)
    return lambda text: gloss.read_question(text, lexicon, None, index_dir)


def read_question(text: str, conversation: Sequence[Any] = (), *, index: Any = None, lexicon: Any = None,
                  terms: Any = None, topics: Optional[TopicFinder] = None, reader: Optional[Reader] = None,
                  english_reader: Optional[EnglishReader] = None, speller: Optional[Speller] = None,
                  foreign_search: Optional[ForeignSearcher] = None) -> QuestionFrame:
    """Read ``text`` with the ``conversation`` (earlier turns, oldest first).

    ``index`` (the verse index) lets the reference tasks be read and names be told apart as gods or
    seers; ``lexicon`` and ``terms`` (the term lexicon) find names, terms and the English reading;
    ``topics``, ``reader`` and ``english_reader`` are the caller's own readers where it knows more
    (the orchestrator passes its index-aware ones), else the package's defaults are used; ``speller``
    (``pyapp.reading.spelling``) mends the typing slips of a question not read from another language;
    ``foreign_search`` (``pyapp.reading.foreign.search`` over the caller's index) searches a German, French or
    Russian question in its translation."""
    from pyapp.reading.turn import read_turn

    text = " ".join(str(text or "").split())
    history = _history(conversation)
    reader = _once(reader or _default_reader(lexicon, terms))
    english_reader = english_reader or _default_english(lexicon, index)
    if topics is None and reader is not None:
        def topics(question: str) -> List[str]:
            form = reader(question)
            return list(form.names) + [t.display for t in form.terms]
    turn = read_turn(text, history, index, topics)
    frame = QuestionFrame(text=text, question=turn.question, turn=turn, topic_switch=turn.fresh)
    _conversation(frame, turn)
    _reference(frame, turn, index)
    frame.quoted_line = quoted_line.read(text)  # "where does it say '…'?" (any quotation marks, any language)
    if frame.quoted_line is not None and reader is not None and _sanskrit_quote(reader(text), frame.quoted_line.line):
        frame.quoted_line = None  # "'yo jagara tam richah' — which sukta?": Sanskrit typed plain, the incipit readers'
    _read_rest(frame, lexicon, terms, english_reader)
    if foreign_search is not None:  # the question the rest of the turn answers, in its own language's translation
        frame.foreign = foreign_search(frame.read_as or frame.question)
    _follow_up_in_english(frame, history, index, topics)
    _spelling(frame, speller, reader, lexicon)
    form = _form(frame, reader)
    _entities(frame, form, lexicon, index)
    _off_topic(frame, lexicon)
    if frame.task:
        frame.intent = frame.task
    elif frame.off_topic:
        frame.intent = "off_topic"
    elif frame.about_collection:
        frame.intent = "about_rigveda"
    else:
        frame.intent = frame.form
    if form is not None and (getattr(form, "referring", False) or getattr(form, "ellipsis", False)) and history \
            and not frame.topic_switch and not getattr(form, "has_subject", True):
        frame.follow_up = True  # "what does he carry?": the conversation says who
    return frame


def _english_reading(frame: QuestionFrame) -> str:
    """The question's English reading, however it was read: word by word, Hindi in Latin letters, or a German,
    French or Russian question's reading (whole, else with the words it could not read left as typed)."""
    found = frame.foreign
    return (frame.english or frame.hinglish
            or (getattr(found, "english", "") or getattr(found, "reading", "") if found is not None else "") or "")


def _follow_up_in_english(frame: QuestionFrame, history: Sequence[Any], index: Any,
                          topics: Optional[TopicFinder]) -> None:
    """A follow-up typed in another language ("y quién lo compuso?", "isko kisne likha?", "а кто его автор?"),
    read again through its English reading when the typed words gave nothing to do with the conversation.

    Why: the conversation's readers (the verse last cited as "it", the seer last named as "he") read English;
    the typed words were read into English only later, so "who composed it?" was answered in English and its
    Spanish twin was searched as a new question, or refused. Only a reading that takes its passage or its fact
    from the conversation is kept: a question that stands alone is left to the usual readers."""
    from pyapp.reading.turn import read_turn

    turn = frame.turn
    if not history or turn is None or turn.task is not None or turn.fact is not None or turn.entity or turn.fresh:
        return
    if frame.language in ("en", "sa", ""):
        return
    english = _english_reading(frame)
    if not english or english == frame.question:
        return
    again = read_turn(english, history, index, topics)
    task = again.task
    if again.fact is None and (task is None or not (task.from_context or task.task == "support")):
        return
    frame.turn = again
    _conversation(frame, again)
    _reference(frame, again, index)
    frame.follow_up = True


def _conversation(frame: QuestionFrame, turn: Any) -> None:
    """The claims and the thing the question points back at."""
    task = turn.task
    if task is not None and task.task == "support":
        frame.claims = [ReferredClaim(text=task.claim, refs=list(task.refs))]
        frame.follow_up = True
    if turn.entity:
        frame.follow_up = True
        frame.entities.append(Entity(name=turn.entity, kind="thing", from_conversation=True))
        for claim in turn.state.claims:
            if norm(turn.entity) in norm(claim.text):
                frame.claims.append(ReferredClaim(text=claim.text, refs=list(claim.refs)))


def _sanskrit_quote(form: Any, line: str) -> bool:
    """Whether the question reader took ``line`` for Sanskrit: its ``quote`` (read with the text index, which knows
    every word form of the hymns, so a romanised line typed without diacritics counts) is that line or inside it.
    ``quoted_line`` alone sees Sanskrit only in an Indic script or with diacritics, and sent such a line to the
    translations' matcher, which found no English line like it."""
    def plain(text: str) -> str:
        return " ".join(strip_marks(text).lower().replace("'", " ").split()).strip(" .,;:?!")

    quote, line = plain(getattr(form, "quote", "") or ""), plain(line)
    return bool(quote) and bool(line) and (quote in line or line in quote)


def _reference(frame: QuestionFrame, turn: Any, index: Any) -> None:
    """The references, ranges and operation of a reference task, else the plain reference the question names."""
    task = turn.task
    table = HymnTable(index) if index is not None else None
    if task is not None and task.task != "support":
        frame.task, frame.operation, frame.unit = task.task, task.operation, task.unit
        frame.quote, frame.reference_error = task.quote, task.error
        frame.follow_up = frame.follow_up or task.from_context
        for span in (task.source, task.span):
            if span is None:
                continue
            label = span.label()
            if span.is_range:
                if label not in frame.ranges:
                    frame.ranges.append(label)
            elif label not in frame.references and span is task.source:
                frame.references.append(label)
        if task.span is not None and task.span != task.source:
            frame.target = task.span.label()
        return
    if task is not None:  # "which verse says so?": the claim's verses
        frame.task = task.task
        return
    span = span_of(frame.question)
    if span is not None and (table is None or (table.exists(span.start) and (span.end is None or table.exists(span.end)))):
        (frame.ranges if span.is_range else frame.references).append(span.label())


def _read_rest(frame: QuestionFrame, lexicon: Any, terms: Any, english_reader: Optional[EnglishReader]) -> None:
    """What the question is, once the conversation is read: a bare name, the collection, its language
    and English reading (in the orchestrator's order: each reads what the one before left)."""
    question = frame.question
    if lexicon is not None:
        try:
            frame.bare = bare_question(question, lexicon, terms) or ""
        except Exception:
            frame.bare = ""
    question = frame.bare or question
    frame.about_collection = collection.asked_about_collection(question) or ""
    if frame.about_collection and frame.about_collection != question:
        question = frame.about_collection
    frame.read_as = question if question != frame.question else ""
    language = detect(frame.question)
    frame.language, frame.language_name, frame.script = language.code, language.name, language.script
    from pyapp.reading.question import exam_line

    if english_reader is not None and not exam_line(question):  # an exam's line and task: a quotation, not Hindi
        try:
            frame.gloss = english_reader(question)
        except Exception:
            frame.gloss = None
    if frame.gloss is not None:
        frame.english, frame.english_loaded = frame.gloss.english or "", bool(frame.gloss.loaded)
        frame.language, frame.language_name = frame.gloss.language, frame.gloss.language_name
    else:
        frame.hinglish = hinglish.gloss(question) or ""


def _spelling(frame: QuestionFrame, speller: Optional[Speller], reader: Optional[Reader], lexicon: Any = None) -> None:
    """Typing slips of a question read as it stands or from Hindi in Latin letters (not one read from another
    language word by word), mended; never inside Sanskrit, which the form reader tells."""
    if reader is None:
        return
    if frame.gloss is not None:
        frame.spelling = _gloss_names(frame, speller, lexicon)
        return
    try:
        frame.spelling = mend_question(frame.english_question, speller, lambda text: reader(text).looks_sanskrit, lexicon)
    except Exception:
        frame.spelling = None


def _gloss_names(frame: QuestionFrame, speller: Optional[Speller], lexicon: Any) -> Optional[Mended]:
    """The words a language's word file could not read (kept in the English reading as typed, or romanised:
    इंद्दर "inddara", "Vrunaa") read as the names they misspell (``pyapp.reading.name_match``), or None. A word
    English, Griffith or the hymns know stays as it is (``Speller.ordinary``)."""
    if speller is None or lexicon is None or not frame.english:
        return None
    import re

    from pyapp.reading.name_match import NameMatcher
    from pyapp.reading.script import romanise

    try:
        matcher = NameMatcher.of(lexicon)
        text, changes = frame.english, []
        for typed in dict.fromkeys(frame.gloss.unknown):
            shown = romanise(typed) if not typed.isascii() else typed
            if not shown.isalpha() or speller.ordinary(shown.lower(), hymn=typed.isascii()):
                continue
            found = matcher.match(shown)
            pattern = re.compile(rf"(?<![^\W\d_]){re.escape(shown)}(?![^\W\d_])")
            if found is None or not pattern.search(text):
                continue
            text = pattern.sub(found.name, text)
            changes.append((typed, found.name))
    except Exception:
        return None
    return Mended(text=text, changes=changes) if changes else None


def _form(frame: QuestionFrame, reader: Optional[Reader]) -> Optional[Any]:
    """The question's form and what it names, read on its English reading."""
    if reader is None:
        return None
    try:
        form = reader(frame.english_question)
    except Exception:
        return None
    frame.form, frame.form_reading = getattr(form, "form", "open") or "open", form
    return form


def _kind_of(name: str, index: Any) -> str:
    """"god" or "seer" by what the index's attributions say more often: the hymns addressed to the name
    (as their main deity) against the hymns the name composed (Indra composed a few hymns; Viśvāmitra is
    addressed in a few verses); "name" when neither says."""
    if index is None:
        return "name"
    try:
        from pyapp.factbook.names import _key
        from pyapp.factbook.table import facts_for

        table = facts_for(index)
        key = _key(name)
        persons = table.seer_words(key)[0]
        composed = len(set().union(*(table.rishi_vocab.get(p, set()) for p in persons))) if persons else 0
        addressed = sum(1 for hymn in table.hymns if key in hymn.main_deity_keys)
        if not addressed and key in table.deity_vocab:
            addressed = 1  # addressed in some verse, never as a hymn's main deity
        if not composed and not addressed:
            return "name"
        return "seer" if composed > addressed else "god"
    except Exception:
        return "name"


def _entities(frame: QuestionFrame, form: Optional[Any], lexicon: Any, index: Any) -> None:
    """Gods, seers, terms and passages: names in any script as typed, then what the English reading names."""
    seen = {norm(e.name) for e in frame.entities}

    def add(name: str, kind: str, typed: str = "", refs: Sequence[str] = ()) -> None:
        key = norm(name)
        if not key or key in seen:
            return
        seen.add(key)
        frame.entities.append(Entity(name=name, kind=kind, typed=typed if typed != name else "", refs=list(refs)))

    if form is not None:
        from pyapp.reading.named import passage_refs

        for match in getattr(form, "named", []):
            add(match.passage.names[0], "passage", match.matched, passage_refs(match.passage))
    if lexicon is not None:
        from pyapp.reading.names import find_names

        try:
            found = find_names(frame.question, lexicon).names
        except Exception:
            found = []
        for name in found:
            add("RigVeda" if name.kind == "rigveda" else name.name,
                "rigveda" if name.kind == "rigveda" else _kind_of(name.name, index), name.typed)
    if form is not None:
        for name in getattr(form, "names", []):
            add(name, _kind_of(name, index))
        for term in getattr(form, "terms", []):
            add(getattr(term, "display", "") or str(term), "term", getattr(term, "matched", "") or "")


def _off_topic(frame: QuestionFrame, lexicon: Any) -> None:
    """A prediction, advice or opinion request in the hymns' words, or another scripture's content."""
    found = lookalike.look_alike(frame.english_question)
    if found is not None:
        frame.off_topic, frame.off_topic_kind = True, found.kind
        frame.off_topic_reason, frame.instead = found.reason, found.instead
        return
    if lexicon is None:
        return
    hits = lexicon.analyse(" ".join(t for t in (frame.question, frame.english) if t))
    other_text = any(w in getattr(lexicon, "texts", ()) for w in hits.other_scriptures)
    compares = bool(hits.names or hits.hymn_names) and not other_text  # "Are the Aśvins the Greek Dioscuri?"
    # "Ghoṣā's cure by the Aśvins - true or just Purāṇa?": whether the hymns tell it, the later text its foil
    compares = compares or (bool(hits.names or hits.hymn_names) and lookalike.against_later_text(frame.question))
    if hits.other_scriptures and not hits.rigveda and not compares:
        frame.off_topic, frame.off_topic_kind = True, "other_scripture"
        frame.off_topic_reason = f"asks about another scripture ({', '.join(hits.other_scriptures[:2])})"
        frame.instead = lookalike.counterpart(frame.english_question, lexicon)


__all__ = ["Entity", "QuestionFrame", "ReferredClaim", "read_question"]
