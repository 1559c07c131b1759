"""The turn: classify → (memory) → search ↔ analyze (≤ 5 rounds) → translate → generate →
validate (→ regenerate once) → (deep: critique → improve → evaluate) → score → remember.

Why plain Python control flow: the route a question takes is decided by code and by outputs
validated against schemas, never by model text, so no prompt injection can skip a step,
change a schema or cite an unseen verse. Every step reports a ``StatusEvent`` (running, then
done / error / skipped / degraded) for the UI badges, and the turn always ends with a
``TurnResult`` — an exception inside a step degrades that step, it never ends the turn.

LLM-call budget, chosen per turn from the engine's profile (``pyapp.agents.budget``):
- full (GPU / remote engines, or "LLM effort: full"), typical question: classifier 0
  (deterministic unless unsure or a follow-up: then 1), analyzer 1 (round one only), translator 0
  (1 if model translations are switched on), generator 1, validator 1 → 3, at most 4 with a
  rewrite. INVALID adds 2 (regenerate + revalidate); deep mode adds up to 1 + 3×3.
- fast (a small CPU model such as wllama, or "LLM effort: fast"): exactly 1 — the generator,
  with a compact prompt; every other step runs its deterministic code, and code checks the
  model's text sentence by sentence (``pyapp.agents.salvage``).
Each step's status message ends with "by model" or "by code" so the badges can show which it was.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
import math
import time
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from pydantic import Field
from pydantic import validator as field_validator

from pyapp import facts
from pyapp.diacritics import strip_marks
from pyapp.reading import (any_verse, described_hymn, dialogue, famous, foreign, foreign_refs, forum, kinship,
                           restate, speaker, story_beat)
from pyapp.reading import (absent_name, asked_kind, asked_version, beings, class_members, described_verse, typed_sanskrit, known_story, themes, word_lore, attribution_claim, statements, word_absent, word_meaning, blank, claim, epithets, gloss, later_use, lookalike, other_line, prophecy,
                           name_list, reading_plan, sanskrit_for, several, short_note, titled,
                           topic_words, wh_slot, why_followup)
from pyapp.agents import (analyzer, classifier, compose, critic, evaluator, evidence, generator, searcher, translator,
                          validator)
from pyapp.agents import confidence
from pyapp.agents.extract import extract
from pyapp.agents.budget import FAST_NOTE, LLMPlan, normalise_effort, plan_for
from pyapp.agents.history import HistoryTurn, parse_history
from pyapp.agents.llm import LLMContext, safe_token_sink
from pyapp.agents.text import capital_first, clip, content_stems, spelling_keys, stem
from pyapp.citations import check_citations
from pyapp.engines.base import Engine, EngineProfile, profile_of
from pyapp.engines.extractive import ExtractiveEngine
from pyapp.lexicon import Lexicon, lexicon_for, norm
from pyapp.memory import STORE_THRESHOLD, Memory
from pyapp.reading.named import passage_refs
from pyapp.reading.sanitize import MAX_QUESTION_CHARS, sanitize_question  # noqa: F401 (re-exported)
from pyapp.reading.references import missing_reference
from pyapp.reading import quoted_sanskrit, wrong_number
from pyapp.reading.language import detect as detect_language
from pyapp.reading.script import romanise
from pyapp.reading import verse_in_passage
from pyapp.reading import ranked_followup
from pyapp.reading import god_epithets
from pyapp.reading import counterfactual
from pyapp.reading import odd_one_out
from pyapp.reading import feeling, superlative
from pyapp.reading import analogy, described_name, quiz_form
from pyapp.reading import names as name_reading
from pyapp.reading.question import QuestionFrame, read_question
from pyapp.agents import reference_tasks
from pyapp.reading import frame as question_frame
from pyapp.reading.conversation import claims_of
from pyapp.schemas import AnswerClaim, SearchResult, StatusEvent, TurnResult, WireModel
from pyapp import cover_first
from pyapp.search import to_result
from pyapp.reading import spelling
from pyapp.reading import ref_notation, title_origin
from pyapp.reading.spelling import Speller

OFF_TOPIC = "Sorry, Not about the RigVeda"
INSUFFICIENT = "Sorry, Not enough information to answer the question"
EMPTY = "Please type a question about the RigVeda (for example: “Who are the Maruts?” or “RV 10.129.3”)."
IMPROVEMENT_MARGIN = 0.05


class TurnSettings(WireModel):
    """What the UI may switch per turn (camelCase on the wire: deepMode, useMemory, …)."""

    deep_mode: bool = False
    use_memory: bool = True
    model_translation: bool = False
    validate_answers: bool = True
    max_rounds: int = Field(5, ge=1, le=5)
    target_verses: int = Field(5, ge=1, le=10)
    results_per_search: int = Field(10, ge=1, le=30)
    answer_verses: int = Field(5, ge=1, le=5)
    deep_rounds: int = Field(3, ge=0, le=3)
    # "auto": fast on a CPU model, full elsewhere; "fast" / "full": the reader's choice
    llm_effort: str = "auto"

    @field_validator("llm_effort", pre=True, always=True)
    def _effort(cls, value: Any) -> str:
        return normalise_effort(value)

    @classmethod
    def from_ui(cls, raw: Dict[str, Any]) -> Tuple["TurnSettings", List[str]]:
        """Known keys (camelCase or snake_case) are validated; unknown ones are not fatal for a
        turn but are reported back as a note, so a typo is visible instead of silently ignored."""
        known = {}
        unknown: List[str] = []
        for key, value in (raw or {}).items():
            field = cls.__fields__.get(key) or next((f for f in cls.__fields__.values() if f.alias == key), None)
            if field is None:
                unknown.append(str(key))
            else:
                known[field.alias] = value
        notes = [f"Ignored unknown setting(s): {', '.join(sorted(unknown))}."] if unknown else []
        return cls.parse_obj(known), notes


StatusCallback = Callable[[StatusEvent], Any]
TokenCallback = Callable[[str], Any]

def _component(searcher_obj: Any, *names: str) -> Any:
    for name in names:
        value = getattr(searcher_obj, name, None)
        if value is not None:
            return value
    return None


class MemoEncoder:
    """The searcher's encoder, remembering recent texts: the classifier's similarity check and the
    first search encode the same question, and one MiniLM pass is the slowest step of a turn in
    the browser. Everything else is forwarded unchanged."""

    def __init__(self, inner: Any, size: int = 32) -> None:
        self._inner = inner
        self._size = size
        self._cache: Dict[str, Any] = {}

    def encode(self, texts: List[str]) -> Any:
        import numpy as np

        texts = list(texts)
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            vectors = self._inner.encode(missing)
            for text, vec in zip(missing, vectors):
                if len(self._cache) >= self._size:
                    self._cache.pop(next(iter(self._cache)))
                self._cache[text] = np.array(vec, copy=True)
        return np.stack([self._cache[t] for t in texts]) if texts else self._inner.encode(texts)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class _Turn:
    """Per-turn bookkeeping: the status stream, the LLM-call count, the notes."""

    def __init__(self, engine: Engine, on_status: Optional[StatusCallback], plan: Optional[LLMPlan] = None) -> None:
        self.llm: Optional[LLMContext] = LLMContext(engine) if engine.is_llm else None
        self.plan: LLMPlan = plan or plan_for(profile_of(engine), "auto", engine.is_llm)
        self.on_status = on_status
        self.notes: List[str] = []
        self.events: List[StatusEvent] = []
        self._started: Dict[str, float] = {}

    @property
    def calls(self) -> int:
        return self.llm.calls if self.llm else 0

    def llm_for(self, agent: str) -> Optional[LLMContext]:
        """The model for this step, or None when the budget gives the step to code."""
        return self.llm if self.llm is not None and self.plan.uses_model(agent) else None

    def by(self, output: Any, message: str = "") -> str:
        """``message`` + who did the step ("by model" / "by code (fast mode)"); no tag without a model."""
        if self.plan.mode == "none":
            return message
        tag = "by model" if getattr(output, "used_llm", False) else self.plan.code_label
        return f"{message} · {tag}" if message else tag

    async def emit(self, agent: str, phase: str, message: str = "", **fields: Any) -> None:
        duration = None
        if phase == "running":
            self._started[agent] = time.perf_counter()
        elif agent in self._started:
            duration = round((time.perf_counter() - self._started.pop(agent)) * 1000, 1)
        event = StatusEvent(agent=agent, phase=phase, message=message[:300], duration_ms=duration,
                            llm_calls=self.calls, **fields)
        self.events.append(event)
        if self.on_status is None:
            return
        try:
            result = self.on_status(event)
            if inspect.isawaitable(result):
                await result
        except Exception:
            pass  # a UI callback error must not end the turn

    async def finish(self, agent: str, output: Any, message: str = "", **fields: Any) -> None:
        """done / degraded / error from an agent output's flags; degradations become notes."""
        if getattr(output, "degraded", False):
            note = output.error or f"{agent}: degraded to the built-in method"
            self.notes.append(note)
            # a degraded step was done by code after all; the status says so first
            status = note if self.plan.mode == "none" else f"{self.plan.code_label}: {note}"
            await self.emit(agent, "degraded", status, **fields)
        elif not getattr(output, "success", True):
            await self.emit(agent, "error", output.error or f"{agent} failed", **fields)
        else:
            await self.emit(agent, "done", message, **fields)


# words of any question about the text, which make no verse its subject ("rig", "veda", "verse", "hymn" …)
_NOT_SUBJECT = ("rig", "rigveda", "rgveda", "veda", "vedas", "vedic", "hymn", "hymns", "verse", "verses", "mantra",
                "mantras", "sukta", "read", "say", "says", "tell", "really", "true", "people", "god", "gods")


@dataclass
class _State:
    """What one turn has found so far; each step reads and adds to it."""

    question: str
    history: List[HistoryTurn]
    turn: _Turn
    on_token: Optional[Callable[[str], None]]
    standalone: str = ""
    frame: Optional[QuestionFrame] = None
    reading: Optional[Any] = None  # the question read once, with the conversation (pyapp.reading.frame)
    cls: Optional[Any] = None
    refused: bool = False
    unsure: bool = False
    examples: List[Any] = field(default_factory=list)
    relevant: Dict[str, SearchResult] = field(default_factory=dict)
    first_found: List[SearchResult] = field(default_factory=list)  # the first search's verses, before the analyzer
    terms: List[str] = field(default_factory=list)
    rounds: int = 0
    search_type: str = "hybrid"
    search_error: Optional[str] = None
    similarity: Optional[float] = None
    support: float = 0.0  # how well the verses answer the question (0–1), see ``evidence``
    needs_evidence: bool = False  # the classifier's "an everyday request naming a god": support decides
    fact: Optional[Any] = None
    verses: List[SearchResult] = field(default_factory=list)
    gen_in: Optional[Any] = None
    gen: Optional[Any] = None
    answer: str = ""
    citations: List[str] = field(default_factory=list)
    removed: List[str] = field(default_factory=list)
    verdict: Optional[str] = None
    score: Optional[float] = None
    foreign: Optional[Any] = None  # a German/French/Russian question: its translation search (pyapp.reading.foreign)
    # a German/French/Russian question read whole into English: answered as English, its translation still quoted
    quoted_in: Optional[Any] = None
    composed_by: str = "code"  # who composed ``answer`` (TurnResult.composed_by), set where it is decided
    set_aside: Optional[str] = None  # why the model's text was set aside, when it was asked to write
    lookalike: Optional[Any] = None  # a prediction, advice or opinion request in the hymns' words (pyapp.reading)
    typed: str = ""  # the question as the reader typed it (``question`` may become its English reading)
    read_from: str = ""  # the language ``question`` was read into English from ("" when typed in English)
    found: Optional[Any] = None  # a direct question's answer drawn from the verses (agents.extract)
    covered: Optional[Tuple[str, str]] = None  # the verse put first for its cover of the question's words, its lead
    retold: str = ""  # a later claim that points to a verse ("which verse is he talking about?"): its words
    why: Optional[Any] = None  # a why-question after an answer, its pronoun named (pyapp.reading.why_followup)
    lead: str = ""  # a line the answer opens with, said before what the steps found (an analogy not completed)
    quiz: Optional[Any] = None  # a crossword or quiz clue: its form words out, its letter count (pyapp.reading.quiz_form)


class Orchestrator:
    """``await Orchestrator(searcher, engine, memory, settings).run_turn(question, history, on_status, on_token)``."""

    def __init__(self, searcher: Any, engine: Optional[Engine] = None, memory: Optional[Memory] = None,
                 settings: Optional[Any] = None, lexicon: Optional[Lexicon] = None,
                 profile: Optional[EngineProfile] = None) -> None:
        self.searcher = searcher
        self.engine: Engine = engine or ExtractiveEngine()
        self.profile: EngineProfile = profile or profile_of(self.engine)
        if memory is not None and not isinstance(memory, Memory):
            memory = Memory(memory)  # a bare MemoryStore (e.g. the bridge's IndexedDB store)
        self.memory: Optional[Memory] = memory
        self.settings_notes: List[str] = []
        if settings is None:
            settings = TurnSettings()
        elif isinstance(settings, dict):
            settings, self.settings_notes = TurnSettings.from_ui(settings)
        self.settings: TurnSettings = settings
        self.plan: LLMPlan = plan_for(self.profile, settings.llm_effort, self.engine.is_llm)
        self._lexicon = lexicon
        self._hymn_text: Optional[str] = None  # the hymns compacted as other_line keys are (``_in_hymns``), made once
        encoder = getattr(searcher, "encoder", None)
        if encoder is not None and not isinstance(encoder, MemoEncoder):
            try:
                searcher.encoder = MemoEncoder(encoder)
            except Exception:
                pass  # a read-only searcher just encodes twice

    def warm_up(self) -> None:
        """Build the lexicon now (call at boot) instead of during the first question."""
        _ = self.lexicon

    # -- resources --------------------------------------------------------------------------
    @property
    def lexicon(self) -> Lexicon:
        if self._lexicon is None:
            self._lexicon = lexicon_for(_component(self.searcher, "index"))
        return self._lexicon

    def similarity(self) -> Optional[Callable[[str], Optional[float]]]:
        """Max cosine of the question to any verse, when the searcher has an encoder + vectors."""
        encoder = _component(self.searcher, "encoder")
        vectors = _component(self.searcher, "vector_index", "vectors", "vector")
        if encoder is None or vectors is None or not hasattr(vectors, "scores"):
            return None

        def sim(text: str) -> Optional[float]:
            vec = encoder.encode([text])[0]
            scores = vectors.scores(vec)
            return float(scores.max()) if len(scores) else None

        return sim

    def idf(self) -> Optional[Callable[[str], float]]:
        """English-stem IDF from the text index (BM25 statistics), for the analyzer's overlap."""
        if hasattr(self, "_idf"):
            return self._idf
        field = getattr(_component(self.searcher, "text_index"), "en", None)
        fn: Optional[Callable[[str], float]] = None
        if field is not None and hasattr(field, "ids") and hasattr(field, "df"):
            n_docs = float(getattr(field, "n_docs", 0) or 0)
            by_key = spelling_keys(field.ids)

            def fn(stem: str) -> float:
                # a reader's "Śuṣṇa" or "Vṛtra" is Griffith's "Ṣushṇa", "Vr̥itra": the same word, its rarity
                term_id = field.ids.get(stem, by_key.get(stem))
                if term_id is None or n_docs <= 0:
                    return 0.0
                df = field.df(term_id)
                return math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))

        self._idf = fn
        return fn

    # -- the turn ---------------------------------------------------------------------------
    async def run_turn(self, question: Any, history: Optional[List[Any]] = None,
                       on_status: Optional[StatusCallback] = None,
                       on_token: Optional[TokenCallback] = None) -> TurnResult:
        started = time.perf_counter()
        turn = _Turn(self.engine, on_status, self.plan)
        text, notes = sanitize_question(question)
        parts = several.questions(text)
        if len(parts) > 1 and lookalike.look_alike(text, typed=text) is not None and (
                detect_language(text).code != "en" or not any(lookalike.look_alike(p, typed=p) for p in parts)):
            # "which Hanumān mantra should I say? how many times?", "an owl hoots on my roof, a bad omen? what remedy?":
            # one request whose parts ask it only together, refused whole (a part that asks it alone is refused alone)
            parts = [text]
        if len(parts) > 1:  # "Which is the oldest Veda? How many maṇḍalas has it? …": each part in turn
            return await self._run_parts(text, parts, history or [], on_status, on_token)
        rows = self._worksheet_rows(text)
        if rows:  # "match the following: Agni, Varuṇa, Pūṣan, Yama …": each name in turn, a line each on top
            return await self._run_parts(text, rows, history or [], on_status, on_token, one_line_each=True)
        turn.notes.extend(self.settings_notes + notes)
        result: TurnResult
        try:
            result = await self._run(text, history or [], turn, safe_token_sink(on_token))
        except Exception as exc:  # the safety net: a bug in a step still ends the turn with a message
            result = TurnResult(success=False, kind="error", question=text or "",
                                error=f"Something went wrong while answering: {type(exc).__name__}: {exc}"[:300],
                                answer="Sorry, something went wrong while answering. Please try again.")
        if turn.llm is not None:
            for note in turn.llm.notes:
                if note not in turn.notes:
                    turn.notes.append(note)
        missing = self._missing_reference(text, result)
        if missing and not any(missing.split(":")[0] in note for note in turn.notes + result.notes):
            turn.notes.append(missing)
        updates = {"llm_calls": turn.calls, "engine": self.engine.name,
                   "answer": capital_first(result.answer),  # every path ends here: "soma means …" → "Soma …"
                   "claims": [AnswerClaim(text=c.text[:1000], refs=c.refs[:10])
                              for c in claims_of(result.answer)][:12],
                   "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                   "notes": list(dict.fromkeys(result.notes + turn.notes))}
        return result.copy(update=updates)

    def _missing_reference(self, text: str, result: TurnResult) -> str:
        """A reference in the question that names no verse, when the turn answered anyway (from the
        quoted words or a named passage): the reader must learn that the number was wrong."""
        if result.kind != "answer" or not result.verses:
            return ""
        found = missing_reference(text, _component(self.searcher, "index"))  # pyapp.reading.references
        return f"{found}; the answer was found from the rest of the question." if found else ""

    def _worksheet_rows(self, text: str) -> List[str]:
        """A worksheet task over a list of names or hymn numbers (``pyapp.reading.name_list``): one question
        per item, or [] (the message is answered whole). Names in another script are read into English first."""
        if not text or not name_list.is_worksheet(text):
            return []
        listed = name_list.listed_part(text)
        names = self.lexicon.main_names(listed)
        if len(names) < name_list.FEWEST and not listed.isascii():  # another script: the frame's names
            entities = getattr(self.read_frame(text, []), "entities", None) or []
            names = [e.name for e in entities if e.typed and e.typed in listed and not e.from_conversation]
        return name_list.rows(text, names)

    async def _run_parts(self, text: str, parts: List[str], history: List[Any],
                         on_status: Optional[StatusCallback], on_token: Optional[TokenCallback],
                         one_line_each: bool = False) -> TurnResult:
        """Several questions in one message (``pyapp.reading.several``): each answered as the next turn of the
        conversation, the answers one after another under their questions, the verses of all of them.
        ``one_line_each`` (a worksheet's list, ``pyapp.reading.name_list``): the items are not the reader's own
        questions, so the conversation does not carry from one to the next, and the answer opens with each
        item's first sentence, one line each, before the full answers."""
        started = time.perf_counter()
        results: List[TurnResult] = []
        running = list(history)
        for part in parts:
            result = await self.run_turn(part, list(running), on_status, on_token)
            results.append(result)
            if not one_line_each:
                running.append(result.to_wire())
        verses: Dict[str, SearchResult] = {}
        for result in results:
            for verse in result.verses:
                verses.setdefault(verse.book_context, verse)
        answered = [r for r in results if r.success and r.kind == "answer"]
        makers = {r.composed_by for r in results}
        scores = [r.score for r in answered if r.score is not None]
        notes = [f"This message lists {len(parts)} items; each is answered in turn." if one_line_each
                 else f"This message asks {len(parts)} questions; each is answered in turn."]
        opening = ""
        if one_line_each:
            opening = "\n".join(f"- {part.rstrip('?')}: {name_list.first_sentence(r.answer)}"
                                 for part, r in zip(parts, results)) + "\n\n"
        for result in results:
            notes += [n for n in result.notes if n not in notes]
        return TurnResult(
            success=any(r.success for r in results), kind="answer" if answered else results[0].kind,
            question=text, standalone_question=" ".join(r.standalone_question or r.question for r in results),
            answer=opening + "\n\n".join(f"{i}. {part}\n{r.answer}" for i, (part, r) in enumerate(zip(parts, results), 1)),
            citations=list(dict.fromkeys(c for r in results for c in r.citations)), verses=list(verses.values()),
            engine=self.engine.name, llm_calls=sum(r.llm_calls for r in results),
            score=min(scores) if scores else results[0].score, notes=notes,
            composed_by=makers.pop() if len(makers) == 1 else ("model+code" if makers & {"model", "model+code"}
                                                                else "code"),
            duration_ms=round((time.perf_counter() - started) * 1000, 1))

    async def _run(self, question: str, raw_history: List[Any], turn: _Turn,
                   on_token: Optional[Callable[[str], None]]) -> TurnResult:
        """The turn's steps, one named call each: read → route → search ⇄ analyse → compose → check → score.
        Reading is done by ``pyapp.reading`` (the frame); this method only decides which step comes next."""
        if not question:
            await turn.emit("classifier", "error", "empty question")
            return TurnResult(success=False, kind="error", question="", error=EMPTY, answer=EMPTY)
        s = _State(question=question, history=parse_history(raw_history), turn=turn, on_token=on_token, typed=question)
        if await self._answer_analogy(s):  # "Agastya : Lopāmudrā :: Indra : ?" (pyapp.reading.analogy), as typed
            await self._score(s)
            return self._answer(s)
        self._restate(s)  # read: a blank to fill, a word asked for, a claim to check, a long post's question
        s.reading = self.read_frame(s.question, s.history)  # read: the question and the conversation, once
        self._follow_conversation(s)  # a change of subject, "that weapon"
        if self._asks_for_a_working(s):  # route: a remedy or a fortune asked in any language, before the table readers
            return self._exit(s, "off_topic")
        if await self._answer_ranked_followup(s):  # "and who comes second?" after a ranking (pyapp.reading.ranked_followup)
            await self._score(s)
            return self._answer(s)
        if await self._answer_clue(s):  # "crossword: storm gods, sons of Rudra (6)" (pyapp.reading.described_name)
            await self._score(s)
            return self._answer(s)
        if await self._answer_odd_one_out(s):  # "odd one out: Indra, Agni, Gaṇeśa, Varuṇa" (pyapp.reading.odd_one_out)
            await self._score(s)
            return self._answer(s)
        if await self._other_line(s):  # route: a later text's famous line asked as the RigVeda's (pyapp.reading.other_line)
            return self._exit(s, "off_topic")
        if await self._answer_statements(s):  # route: "Consider the following statements: 1. … 2. …" (pyapp.reading.statements)
            await self._score(s)
            return self._answer(s)
        if await self._answer_attribution(s):  # route: "Is 10.34 a hymn to Indra?" (pyapp.reading.attribution_claim)
            await self._score(s)
            return self._answer(s)
        if await self._answer_class_members(s):  # "name two goddesses of the RigVeda" (pyapp.reading.class_members)
            await self._score(s)
            return self._answer(s)
        if await self._answer_beings(s):  # "who are the Vasus?", "what is an apsaras?" (pyapp.reading.beings)
            await self._score(s)
            return self._answer(s)
        if await self._answer_epithets(s):  # "what are the other names of Indra?" (pyapp.reading.god_epithets)
            await self._score(s)
            return self._answer(s)
        if await self._answer_known_story(s):  # "is the churning of the ocean in the RigVeda?" (pyapp.reading.known_story)
            await self._score(s)
            return self._answer(s)
        if await self._answer_word_lore(s):  # "words for water besides apas?", "opposite of ṛta" (pyapp.reading.word_lore)
            await self._score(s)
            return self._answer(s)
        if await self._answer_theme(s):  # "does the rigveda say the hymns were revealed?" (pyapp.reading.themes)
            await self._score(s)
            return self._answer(s)
        if await self._answer_feeling(s):  # "the saddest verse", "un verso triste", "the most famous verse"
            await self._score(s)
            return self._answer(s)
        if await self._answer_pair(s):  # route: two hymns named and compared (pyapp.agents.hymn_pair)
            await self._score(s)
            return self._answer(s)
        if await self._answer_quoted(s):  # route: "where does it say '…'?": the quoted line's verse (pyapp.agents.quoted_line)
            await self._score(s)
            return self._answer(s)
        if await self._answer_reference(s):  # route: next verse, a range, a summary, "which verse says so?" …
            self._quote_asked(s)
            await self._score(s)
            return self._answer(s)
        if await self._answer_word_absent(s):  # "is the word āryāvarta in the RigVeda?" (pyapp.reading.word_absent)
            await self._score(s)
            return self._answer(s)
        if await self._answer_verse_in_passage(s):  # "which verse of the Puruṣa Sūkta mentions the moon?"
            await self._score(s)
            return self._answer(s)
        if await self._answer_form(s):  # "the vocative of Agni", "does go always mean cow?" (pyapp.agents.forms)
            await self._score(s)
            return self._answer(s)
        if await self._answer_word_meaning(s):  # "what does purandara mean?" (pyapp.reading.word_meaning)
            await self._score(s)
            return self._answer(s)
        self._read_as(s)  # read: a bare name, the collection, another language, typing slips
        self._what_if(s)  # read: "what if Agni stopped carrying the offerings?" asks what the hymns say of it
        unread = s.reading.gloss if s.foreign is None else None
        if unread is not None and unread.note and not unread.english:  # a language read in part, nothing read
            return self._exit(s, "insufficient")  # its note says which words could not be read
        await self._route(s)  # route: about the RigVeda or not, and what it asks on its own
        if s.refused:
            return self._exit(s, "off_topic")
        remembered = await self._recall(s)
        if remembered is not None:
            return remembered
        if await self._answer_verse_in_followup(s):  # "which verse in it talks about his wife?" (after a hymn)
            await self._score(s)
            return self._answer(s)
        self._absent_part(s)  # "… at Vinaśana: is that in the RigVeda itself?": that the name is in no verse, first
        if await self._answer_typed_sanskrit(s):  # "the nymphs compared to water birds (ātayaḥ), which verse?"
            await self._score(s)
            return self._answer(s)
        if await self._answer_described_verse(s):  # "Vasiṣṭha and Varuṇa in a boat at sea — which verse?"
            await self._score(s)
            return self._answer(s)
        if not await self._answer_fact(s) and not await self._answer_described(s):  # a fact the index holds; a name
            await self._search(s)  # search ⇄ analyse
            if s.refused:
                return self._exit(s, "off_topic")
            if not s.relevant:
                self._closest_instead(s)
            if not s.relevant:
                return self._exit(s, "insufficient")
            await self._find_answer(s)  # analyse: a direct question's answer, from all the verses found
            await self._translate(s)
            await self._generate(s)  # compose
            await self._validate(s)  # check
            self._quote_version(s)
            self._speaker(s)  # a dialogue hymn's speaker, first
            self._blank_word(s)  # a worksheet's blank: the word that fills it, first
            self._vote_lead(s)  # "which god …?" unanswered by the verses' words: the addressee they agree on, first
        self._quote_asked(s)
        await self._score(s)
        await self._remember(s)
        return self._answer(s)

    async def _answer_ranked_followup(self, s: "_State") -> bool:
        """"And who comes second?" after an answer that ranked things by a count: the item at that place of the last
        answer's ranking, with its count and verse (``pyapp.reading.ranked_followup``)."""
        index = _component(self.searcher, "index")
        if index is None or not s.history:
            return False
        last = s.history[-1].answer
        text = next((t for t in (s.typed, s.reading.english) if t and ranked_followup.asks(t, last)), "")
        fact = ranked_followup.answer(text, last, index) if text else None
        if fact is None:
            return False
        await self._taken_by_code(s, s.question, "a place in the last answer's ranking",
                                  "a place in the last ranking · read back from the last answer by code", fact)
        return await self._deliver_fact(s, index, fact, s.question)

    def _asks_for_a_working(self, s: "_State") -> bool:
        """A remedy, a charm or a fortune asked for the reader, read from the words as typed in any language and
        from their English reading (``pyapp.reading.lookalike``). Read before the table readers, which answered
        "which Hanumān mantra removes fear?" with the hymns' verses of fear as if the hymns prescribed one."""
        if s.reading.language == "en" or s.history:
            return False  # English, and a follow-up, are read by the classifier with the conversation, after the readers
        found = lookalike.look_alike(s.reading.english or s.question, typed=s.typed)
        if found is None or found.kind not in ("advice", "fortune"):
            return False
        s.lookalike = found
        s.refused = True
        return True

    def _restate(self, s: "_State") -> None:
        """The message's hidden question, read before the frame (``pyapp.reading.restate``)."""
        s.question = ref_notation.canonical(s.question)  # "1/164/46", "RgV III 62 10", "१०।९०।१२" → "1.164.46"
        restated = restate.restate(s.question, lambda text: bool(self.lexicon.main_names(text)),
                                   _component(self.searcher, "terms"), bool(s.history))
        s.question = restated.question
        s.retold = restated.retold
        s.turn.notes.extend(restated.notes)
        s.quiz = quiz_form.read(s.question)
        if s.quiz is not None:  # "crossword clue: vedic king of the dead, 4 letters": the clue, its count kept
            s.question = s.quiz.clue
            if not s.question.isascii() and not self.lexicon.main_names(s.question):
                # "el dios védico del viento": a clue in another language names no name of the hymns, and the
                # language readers read a message as about the RigVeda by its names; the clue is about it
                s.question = f"{s.question} (Rigveda)"
            count = " or ".join(str(n) for n in s.quiz.letters)
            s.turn.notes.append(f"Read as a {'crossword or quiz ' if s.quiz.strong else ''}clue: “{s.quiz.clue}”"
                                + (f", a name of {count} letters" if count else ""))

    def _hymn_quote(self, text: str) -> str:
        """The phrase of the hymns' own words the question quotes or brackets (``pyapp.reading.quoted_sanskrit``)."""
        text_index = _component(self.searcher, "text_index")
        if text_index is None or not hasattr(text_index, "is_hymn_form"):
            return ""
        return quoted_sanskrit.hymn_quote(text, text_index.is_hymn_form)

    def _unread_are_hymn_words(self, question: str, found: Any) -> bool:
        """Every word a German, French or Russian reading left unread is a word of the hymns, typed plain ("das
        Wort rashtra"), or a term of the lexicon ("le rta", "svadha"): the reader names the text's own word, which
        no translator wrote, so the reading is whole for the English readers (the word stays as typed there). A
        word in brackets is the reader's gloss, not the subject."""
        text_index = _component(self.searcher, "text_index")
        index_dir = getattr(_component(self.searcher, "index"), "dir", None)
        if text_index is None or not hasattr(text_index, "is_hymn_form") or not index_dir:
            return False
        read = gloss.read(question, getattr(found, "language", ""), self.lexicon, index_dir=index_dir)
        unread = list(dict.fromkeys((read.unknown if read is not None else []) + found.unread_words(question)))
        # a bracketed word is the reader's gloss of a term asked in their own words ("les Pères (pitaras) …"): the
        # translation's search reads the question, and the word is no subject of its own
        bracketed = quoted_sanskrit.bracketed_words(question)
        if not unread or all(w.lower() in bracketed for w in unread):
            return False
        return all(len(w) >= 3 and w.isascii() and (text_index.is_hymn_form(w.lower()) or bool(self.read(w).terms))
                   for w in unread)

    def _read_as(self, s: "_State") -> None:
        """The question the rest of the turn answers, from the frame's fields: a bare name or term, the
        collection itself, the English reading of another language (or its translation's search), Hindi in
        Latin letters, typing slips mended; then a word asked for in the question so read."""
        turn = s.turn
        bare = s.reading.bare or None
        if bare is not None:  # "वरुण", "Varuṇa": who the god is ("ऋत": what it means), not a quotation
            s.question = bare
            turn.notes.append(f"Read as: “{s.question}”")
        about = s.reading.about_collection or None
        if about is not None and about != s.question:  # "Was ist der Rigveda?", "Which Veda came first?"
            s.question = about
            turn.notes.append(f"Read as: “{about}”")
        s.foreign = s.reading.foreign  # a German/French/Russian question: its translation's search
        # a German/French/Russian question read only in part is read through its English all the same when it names
        # a hymn ("was sagt das Nāsadīya Sūkta?", "Насадия сукта": a name of 6 letters or more — German "wenn" is
        # within a slip of "Vena") or quotes the hymns' own words (« ni vartadhvam », (dveṣo yuyota)), which the
        # translation never writes
        read_in_part = s.foreign is not None and not s.foreign.english and bool(s.foreign.reading)
        if read_in_part and (any(n.score >= 6 for n in self.read(romanise(s.question)).named)
                             or self._hymn_quote(s.question) or self._unread_are_hymn_words(s.question, s.foreign)):
            s.foreign = s.foreign.copy(update={"english": s.foreign.reading}) if hasattr(s.foreign, "copy") else s.foreign
        if s.foreign is not None and s.foreign.english and not foreign_refs.referenced(
                s.question, _component(self.searcher, "index")):
            # every word read into English ("Упоминается ли Египет в Ригведе?" → "Is Egypt mentioned in Rigveda?"):
            # the English readers answer it as they answer a Spanish question (an absent thing's "No", a seer's
            # hymns, a theme's verses), which the translation's word search cannot; its words are still quoted
            s.quoted_in, s.foreign = s.foreign, None
            s.read_from = s.quoted_in.language
            s.question = s.quoted_in.english
            turn.notes.append(f"Read as {s.quoted_in.language_name}: “{s.quoted_in.english}”")
            if s.quoted_in.dictionary_note:
                turn.notes.append(s.quoted_in.dictionary_note)
            if not s.quoted_in.loaded:
                found = s.quoted_in
                turn.notes.append(f"{found.version_name}'s {found.language_name} translation could not be loaded (it is "
                                  f"fetched the first time a {found.language_name} question needs it; this browser may "
                                  f"be offline); the question's English reading was searched in Griffith's English and "
                                  f"the Sanskrit.")
        read = s.reading.gloss if s.foreign is None else None
        if read is not None and not read.loaded:  # the word file not fetched (offline): the names alone
            turn.notes.append(f"Read as {read.language_name}, but its word list could not be loaded (it is fetched "
                              f"the first time a {read.language_name} question arrives; this browser may be offline)"
                              + (f"; searched for the names it contains: {read.english}." if read.english else "."))
            s.question = read.english or s.question
        elif read is not None:  # "¿Qué dice el Rigveda sobre la aurora?", "ऋग्वेद में अग्नि कौन है?"
            s.question = read.english
            s.read_from = read.language
            # a language read only in part says so, and which words it could not read (pyapp.reading.any_language)
            turn.notes.append(read.note or f"Read as {read.language_name}: “{read.english}”")
            if read.dictionary:  # say which words came from the free dictionary, not from the checked lexicons
                turn.notes.append(gloss.dictionary_note(read))
            named = s.reading.spelling  # words the word file could not read, read as misspelt names (इंद्दर: Indra)
            if named is not None:
                s.question = named.text
                turn.notes.append(named.note)
        elif s.foreign is None and s.quoted_in is None:  # (a German/French/Russian reading is English already)
            hindi = s.reading.hinglish or None
            if hindi is not None:  # "Rigved mein Shiv ka zikr hai kya?"
                s.question = hindi
                turn.notes.append(f"Read as Hindi in Latin letters: “{hindi}”")
            mended = s.reading.spelling  # "godess of speach", "in dra": typing slips and dictated names mended
            if mended is not None:
                s.question = mended.text
                turn.notes.append(mended.note)
            note = short_note.rewrite(s.question, self.lexicon)  # "Write short notes on Savitṛ (5 marks)"
            if note:
                s.question = note
                turn.notes.append(f"Read the exam prompt as: “{note}”")
        self._word_for(s)  # a question read from another language asks it only now

    def _what_if(self, s: "_State") -> None:
        """A "what if" question read as asking what the hymns say of the thing it supposes away
        (``pyapp.reading.counterfactual``), with a note saying the hymns tell no alternative history."""
        restated = counterfactual.restate(s.question, s.typed)
        if restated:
            s.question = restated
            s.turn.notes.append(counterfactual.NOTE)

    async def _route(self, s: "_State") -> None:
        """Classify; a refused long message is classified again on its question sentences alone."""
        await self._classify(s)
        core = forum.question_core(s.question) if s.refused else None
        if core:  # "I'm writing a novel … What do the hymns say about kindling Agni?": the question, not the story
            s.question = core
            s.turn.notes.append(f"Read the question in your message as: “{core}”")
            await self._classify(s)

    def _speaker(self, s: "_State") -> None:
        """"Who speaks first in it?" in a dialogue hymn: its speaker by the Anukramaṇī, first (``pyapp.reading.speaker``)."""
        said = speaker.lead(s.standalone or s.question, [v.book_context for v in s.verses],
                            _component(self.searcher, "index")) if s.verses else None
        if said is not None:
            s.answer = f"{said[0]}\n\n{s.answer}"
            if said[1] in [v.book_context for v in s.verses] and said[1] not in s.citations:
                s.citations = [said[1]] + list(s.citations)

    def _vote_lead(self, s: "_State") -> None:
        """A name question neither a table nor the extraction answered ("which god is called the lord of the
        dwelling?"): the addressee most of the verses found agree on, weighted by relevance, said first with how
        sure it is (``pyapp.reading.described_name.lead``); a split vote adds nothing."""
        question = s.standalone or s.question
        if (not s.verses or (s.found is not None and not s.found.weak) or s.foreign is not None
                or (s.frame is not None and (s.frame.named or s.frame.sides or s.frame.names))
                or not described_name.asks_name(question)):
            return
        said = described_name.lead(question, list(s.relevant.values()) or s.verses)
        if said is not None:
            s.answer = f"{said[0]}\n\n{s.answer}"
            if said[1] not in s.citations:
                s.citations = [said[1]] + list(s.citations)

    def _blank_word(self, s: "_State") -> None:
        """A worksheet's blank whose question was not read ("… the moon was born from Puruṣa's ____"): the word
        that fills it, from the answer's verses, first (``pyapp.reading.blank.lead``)."""
        if not s.verses:
            return
        said = blank.lead(s.typed, [(v.book_context, getattr(v, "translation", "") or "") for v in s.verses],
                          s.answer, lambda text: bool(self.lexicon.main_names(text)))
        if said is not None:
            s.answer = f"{said[0]}\n\n{s.answer}"
            if said[1] not in s.citations:
                s.citations = [said[1]] + list(s.citations)

    def _title_origin(self, s: "_State") -> None:
        """"Why is 1.164 called 'asya vāmasya'?": where the hymn's name comes from, first (``pyapp.reading.title_origin``);
        "who is the 'I' of 10.125?": its seer by the Anukramaṇī (``pyapp.reading.speaker``)."""
        cited = list(s.citations) or [v.book_context for v in s.verses]
        index = _component(self.searcher, "index")
        said = title_origin.lead(s.question, cited, index) or speaker.i_lead(s.question, cited, index)
        if said is not None and said[0] not in s.answer:
            s.answer = f"{said[0]}\n\n{s.answer}"
            if said[1] not in s.citations:
                s.citations = [said[1]] + list(s.citations)

    def read_frame(self, question: str, history: List[HistoryTurn]) -> Any:
        """The question read once per turn (``pyapp.reading.frame``), with the index-aware readers."""
        return question_frame.read_question(question, history, index=_component(self.searcher, "index"),
                                            lexicon=self.lexicon, terms=_component(self.searcher, "terms"),
                                            reader=self.read, english_reader=self._read_in_english,
                                            speller=self.speller(), foreign_search=self._foreign_search)

    def _word_for(self, s: "_State") -> None:
        """"What word does the Rigveda use for immortality?": read as asking what its Sanskrit stem means
        (``pyapp.reading.sanskrit_for``), with a note naming the stem and the other candidates."""
        word_for = sanskrit_for.words_for(s.question, _component(self.searcher, "terms"))
        if word_for is not None:
            s.question = word_for.question
            s.turn.notes.append(word_for.note)

    def _read_in_english(self, question: str) -> Optional[Any]:
        """A question in a language read word by word (``pyapp.reading.gloss``), or None."""
        idf = self.idf()
        known = (lambda word: idf(stem(word)) > 0) if idf is not None else None
        terms = _component(self.searcher, "terms")
        hymn_word = getattr(terms, "hymn_word", None)
        # an unread Indic word is kept when the hymns use it or it names a thing of the topic table (வீடுகள்
        # "houses", हल "plough"): dropping it would leave "how is it said in the Rigveda?"
        keep = (lambda word: bool(hymn_word(word)) or topic_words.names_thing(word)) if hymn_word else None
        # a word the hymns use in this very form (उग्र: ugra) is not looked up in a bilingual dictionary;
        # hymn_word's near readings and beginnings (पत्थर: "patthara") are too loose for that
        as_typed = (lambda word: strip_marks(word).lower() in (terms.hymn_forms(word) or ())) if terms is not None else None
        return gloss.read_unless_sanskrit(question, self.lexicon, known,
                                          getattr(_component(self.searcher, "index"), "dir", None),
                                          lambda text: self.read(text).looks_sanskrit, keep, as_typed)

    def speller(self) -> Optional[Speller]:
        """The typing-slip mender over the index's own words (``pyapp.reading.spelling``), or None without a text index."""
        if not hasattr(self, "_speller"):
            self._speller = spelling.searcher_speller(self.searcher, self.lexicon)
        return self._speller

    # -- 1. classify ----------------------------------------------------------------------------
    async def _classify(self, s: "_State") -> None:
        """Is it about the RigVeda, and what does it ask when read on its own? Refuse now only on
        hard signals (another scripture, an everyday task); otherwise the first search decides."""
        if s.foreign is not None:
            return await self._classify_foreign(s)
        turn = s.turn
        await turn.emit("classifier", "running")
        frame = (s.reading.form_of(s.question) if s.reading is not None else None) or self.read(s.question)
        if not frame.named:  # "in “The Frogs”": a title in quotes names the hymn it describes
            titled_hymn = titled.resolve(s.question, _component(self.searcher, "index"),
                                         _component(self.searcher, "terms"), self.idf())
            if titled_hymn is not None:
                frame.named = [titled_hymn]
                turn.notes.append(titled_hymn.passage.about)
        if not frame.named:  # "Where does Agastya argue with Indra?": the hymn its speakers name
            spoken = dialogue.resolve(s.question, _component(self.searcher, "index")) or described_hymn.resolve(
                s.question, _component(self.searcher, "index"), _component(self.searcher, "terms"), self.idf())
            if spoken is not None:  # … or its description: "Which hymn calls back the mind of a dying man?"
                frame.named = [spoken]
                turn.notes.append(spoken.passage.about)
        if not frame.named and any_verse.resolve(s.question) is not None:  # "explain one mantra for my assignment"
            one, note = any_verse.resolve(s.question)
            frame.named = [one]
            turn.notes.append(note)
        cls = await classifier.run(classifier.ClassifierInput(user_query=s.question, history=s.history,
                                                              read_from=s.read_from),
                                   self.lexicon, turn.llm_for("classifier"), self.similarity(), self.idf(),
                                   frame=frame, reader=self.read)
        s.cls = cls
        s.standalone = cls.rewritten_query or s.question
        s.frame = frame if s.standalone == s.question else self.read(s.standalone)
        message = cls.reason
        s.why = why_followup.read(s.question, s.history, self.lexicon) if s.history else None
        if s.why is not None:  # "Why did Indra send her?": her is the last turn's Saramā
            s.standalone, s.frame = s.why.question, self.read(s.why.question)
        if (cls.is_follow_up or s.why is not None) and s.standalone != s.question:
            message = f"follow-up, read as: {s.standalone}"
            turn.notes.append(f"Read as: “{s.standalone}”")
        s.lookalike = lookalike.look_alike(s.standalone, typed=s.typed)
        if s.lookalike is None and s.quiz is not None:  # "crossword: lucky gemstone for Jupiter (5)"
            s.lookalike = lookalike.clue_topic(s.quiz.clue)
        if s.lookalike is not None:  # "Which Rigvedic mantra will make me rich?": refused, no verses shown
            message = f"not about the RigVeda: {s.lookalike.reason}"
            cls = cls.copy(update={"is_about_rig_veda": False, "hard_refusal": True, "reason": message})
            s.cls = cls
        if cls.is_about_rig_veda and "beside another text" in (cls.reason or ""):  # "the Nāsadīya vs Genesis 1"
            turn.notes.append("This app holds only the RigVeda: it answers about the hymn the comparison names and "
                              "cannot quote or judge the other text.")
        await turn.finish("classifier", cls, turn.by(cls, message))
        s.refused = not cls.is_about_rig_veda and cls.hard_refusal
        s.unsure = not cls.is_about_rig_veda and not cls.hard_refusal
        s.needs_evidence = cls.needs_evidence

    # -- questions in German, French, Russian (pyapp.reading.foreign) ----------------------------------------
    def _foreign_search(self, question: str) -> Optional[Any]:
        """The translation search for a question in another language (``None`` for English, or when
        the searcher has no index folder to read the versions from)."""
        index = _component(self.searcher, "index")
        index_dir = getattr(index, "dir", None)
        if not index_dir:
            return None
        return foreign.search(question, index_dir, index.doc_id, self.lexicon,
                              k=max(self.settings.results_per_search, self.settings.target_verses))

    async def _classify_foreign(self, s: "_State") -> None:
        """Decided by the translation's evidence: the question's words are the translator's words (or
        it names a god); read as it stands (follow-ups are recognised in English only)."""
        turn, found = s.turn, s.foreign
        await turn.emit("classifier", "running")
        s.standalone = s.question
        s.frame = self.read(s.question)
        about = found.on_topic or not found.loaded  # without the file only the search can tell
        about = about or bool(foreign_refs.referenced(s.question, _component(self.searcher, "index")))  # "RV 1.32.1"
        # a word of the hymns typed with IAST's marks ("… des oiseaux (ātayaḥ) ?") is the text's own word
        about = about or (typed_sanskrit.asks(s.question) and bool(typed_sanskrit.typed_words(s.question, self.searcher)))
        s.lookalike = lookalike.look_alike(found.reading or "", typed=s.typed)
        # another scripture named ("l'enlèvement de Sītā dans le Rāmāyaṇa"): a name it shares with the hymns
        # (Sītā, the furrow of RV 4.57) does not make it a question about the RigVeda
        other = lookalike.another_scripture_only(" ".join(x for x in (s.question, found.english or "") if x),
                                                 self.lexicon)
        about = about and s.lookalike is None and not other
        s.cls = classifier.ClassifierOutput(is_about_rig_veda=about, reason=found.reason() if s.lookalike is None
                                            else f"not about the RigVeda: {s.lookalike.reason}",
                                            rewritten_query=s.question, confidence=0.8, hard_refusal=not about)
        await turn.finish("classifier", s.cls, turn.by(s.cls, found.reason()))
        turn.notes.append(f"Read as {found.language_name}" + (f": “{found.english}”" if found.english else "."))
        if found.dictionary_note and found.english:  # the reading shown used a free dictionary's words
            turn.notes.append(found.dictionary_note)
        s.refused = not about
        if not found.loaded:
            turn.notes.append(f"{found.version_name}'s {found.language_name} translation could not be loaded "
                              f"(it is fetched the first time a {found.language_name} question needs it; this "
                              f"browser may be offline). Searched Griffith's English and the Sanskrit instead"
                              + (f", for: {found.fallback_query}." if found.fallback_query else "."))

    async def _search_foreign(self, s: "_State") -> None:
        """The translation's stanzas, mapped to verses; the names the question contains (and the gods its
        nature words stand for) searched in Griffith and the Sanskrit where the translation found too
        little (a partial version, a word it lacks, or its file not loaded)."""
        turn, found, settings = s.turn, s.foreign, self.settings
        index = _component(self.searcher, "index")
        target = settings.target_verses
        named = foreign_refs.referenced(s.question, index)
        if named:  # "Vergleiche … Übersetzung von RV 1.32.1": the verse it names by number, in both translations
            s.relevant = {ref: to_result(index.by_ref(ref), 1.0) for ref in named}
            s.rounds, s.search_type, s.support = s.rounds + 1, "bookContext", 1.0
            s.terms.append(", ".join(f"RV {ref}" for ref in named))
            await turn.emit("searcher", "done", f"the verse the question names ({', '.join(named)})",
                            round=s.rounds, result_count=len(named))
            return
        if found.unread_subject:  # "Gibt es im Rigveda so etwas wie Zölibat?" with no word of it read
            unread = found.unread_words(s.question) or found.unknown
            s.search_error = (f"The question was read as {found.language_name}, but what it asks about ("
                              + ", ".join(f"“{w}”" for w in unread[:4]) + f") is in neither {found.version_name}'s "
                              f"{found.language_name} translation nor the app's {found.language_name} dictionary, so "
                              "no verse could be chosen for it (English works too)")
            await turn.emit("searcher", "done", f"no word of the {found.language_name} question was read",
                            round=s.rounds, result_count=0)
            return
        if found.english and (found.partial or not found.evidenced):
            # every word read into English and the translation lacks stanzas or evidence: Griffith's search
            # first, the translation fills
            s.rounds += 1
            await turn.emit("searcher", "running", f"searching Griffith's English: {found.english}",
                            round=s.rounds, search_term=clip(found.english, 80))
            english = self.searcher.search(found.english, method="auto", k=settings.results_per_search)
            for result in (english.results if english.success else [])[:max(1, target // 2)]:
                s.relevant.setdefault(result.book_context, result)
            s.terms.append(found.english)
            await turn.emit("searcher", "done", f"{len(s.relevant)} verse(s) for {found.english}", round=s.rounds,
                            result_count=len(english.results) if english.success else 0)
        s.rounds += 1
        if found.loaded:
            label = f"{found.version_name}'s {found.language_name} translation"
            await turn.emit("searcher", "running", f"searching {label}", round=s.rounds, search_term=clip(s.question, 80))
            hits = found.hits if found.evidenced or not found.fallback_query else []
            best = max((h.score for h in hits), default=1.0) or 1.0
            for hit in hits[:target]:
                if len(s.relevant) >= target:
                    break
                verse = index.by_ref(hit.ref)
                if verse is not None:
                    s.relevant.setdefault(hit.ref, to_result(verse, hit.score / best))
            s.terms.append(f"{found.version_name}: {s.question}")
            await turn.emit("searcher", "done", f"{len(s.relevant)} stanza(s) of {label}", round=s.rounds,
                            result_count=len(hits))
        if len(s.relevant) < target and found.english and not (found.partial or not found.evidenced):
            s.rounds += 1  # the translation first, Griffith's English search of the reading fills
            english = self.searcher.search(found.english, method="auto", k=settings.results_per_search)
            for result in english.results if english.success else []:
                if len(s.relevant) >= target:
                    break
                s.relevant.setdefault(result.book_context, result)
            s.terms.append(found.english)
        if len(s.relevant) < target and found.fallback_query:
            s.rounds += 1
            await turn.emit("searcher", "running", f"searching Griffith and the Sanskrit: {found.fallback_query}",
                            round=s.rounds, search_term=clip(found.fallback_query, 80))
            more = self.searcher.search(found.fallback_query, method="auto", k=settings.results_per_search)
            added = 0
            for result in more.results if more.success else []:
                if len(s.relevant) >= target:
                    break
                if result.book_context not in s.relevant:
                    s.relevant[result.book_context] = result
                    added += 1
            s.terms.append(found.fallback_query)
            await turn.emit("searcher", "done", f"{added} verse(s) for {found.fallback_query}", round=s.rounds,
                            result_count=len(more.results))
        if not s.relevant and not found.loaded:
            s.search_error = s.search_error or (f"{found.version_name}'s {found.language_name} translation is not "
                                                f"loaded and the question names no god or hymn to search for")
        s.search_type = "text"
        await turn.emit("analyzer", "done", f"{len(s.relevant)} verse(s), ranked by the translation's search "
                        "(the analyzer reads English)", round=s.rounds, relevant_count=len(s.relevant))
        s.support = found.support if found.evidenced else (0.6 if s.relevant and found.names else 0.3)

    def _quote_version(self, s: "_State") -> None:
        """The answer's verses in the translation the question's language searched, quoted beside their
        references, after a line saying which translation was searched (the answer itself is English)."""
        found = s.foreign or s.quoted_in
        if found is None:
            return
        if not found.loaded:
            lines = [f"({found.version_name}'s {found.language_name} translation could not be loaded, so it "
                     f"was not searched; the verses were found in Griffith's English and the Sanskrit.)"]
        else:
            try:
                version = foreign.translation_index(_component(self.searcher, "index").dir, found.version)
            except Exception:
                return
            lines = [f"Your question is in {found.language_name}, so {found.version_name}'s {found.language_name} "
                     f"translation was searched. {found.version_name}'s words:" if s.foreign is not None else
                     f"Your question is in {found.language_name}: {found.version_name}'s {found.language_name} "
                     f"translation of these verses:"]
            quoted = 0
            for verse in s.verses:
                text = version.text(verse.book_context)
                if text:
                    lines.append(f"RV {verse.book_context} ({found.version_name}): “{clip(text, 400)}”")
                    quoted += 1
            if not quoted:
                lines.append(f"({found.version_name}'s translation lacks these stanzas.)")
        block = "\n".join(lines)
        s.answer = f"{s.answer.rstrip()}\n\n{block}"
        if s.on_token:
            s.on_token(f"\n\n{block}")

    def _quote_asked(self, s: "_State") -> None:
        """The translation the reader asked for by language or translator ("the Hindi translation of RV 1.1",
        "Geldner's 10.129"): its words for the answer's verses, after a line naming it; a language the app
        has no translation in is said plainly, first, so Griffith's English is not taken for it."""
        asked = asked_version.read(s.typed or s.question)
        index = _component(self.searcher, "index")
        if asked is None or not s.verses or index is None or not getattr(index, "dir", None):
            return
        from pyapp.search.translations import load_catalog

        catalog = load_catalog(index.dir)
        info = None
        if catalog is not None:
            info = catalog.get(asked.version) if asked.version else next(iter(catalog.for_language(asked.language)), None)
        if info is None:
            if asked.language and asked.language != "en":
                note = (f"The app has no {asked_version.language_name(asked.language)} translation of the hymns; the "
                        f"verses below are in Griffith's English (1896), each with its Sanskrit.")
                s.answer = f"{note}\n\n{s.answer.lstrip()}"
            return
        shown = s.foreign or s.quoted_in
        if info.id == "griffith" or (shown is not None and shown.version == info.id):
            return  # already what the answer quotes
        try:
            version = foreign.translation_index(index.dir, info.id)
        except Exception:
            version = None
        if version is None:
            lines = [f"({info.name}'s {info.language_name} translation could not be loaded, so it is not quoted "
                     f"here; it can be chosen under Translations once it has downloaded.)"]
        else:
            quoted = [f"RV {v.book_context} ({info.name}): “{clip(version.text(v.book_context), 600)}”"
                      for v in s.verses if version.text(v.book_context)]
            lines = ([f"You asked for the {info.language_name} translation: {info.name}'s words ({info.author}):"]
                     + quoted if quoted else
                     [f"({info.name}'s {info.language_name} translation, the one the app has, does not include "
                      f"these stanzas; they are quoted above in Griffith's English.)"])
        block = "\n".join(lines)
        s.answer = f"{s.answer.rstrip()}\n\n{block}"
        if s.on_token:
            s.on_token(f"\n\n{block}")

    # -- memory ---------------------------------------------------------------------------------
    async def _recall(self, s: "_State") -> Optional[TurnResult]:
        """A repeat of an earlier, well-scored question is answered from memory at once."""
        if self.memory is None or not self.settings.use_memory or s.unsure:
            return None
        turn = s.turn
        await turn.emit("memory", "running", "looking for the same question")
        try:
            hit = await self.memory.repeat_of(s.standalone)
            similar = [] if hit else await self.memory.recall(s.standalone, limit=1)
        except Exception as exc:
            await turn.emit("memory", "error", f"memory unavailable: {exc}"[:200])
            return None
        if hit is None:
            s.examples = [generator.Example(question=i.question, answer=i.answer) for i, _ in similar]
            await turn.emit("memory", "done", "similar earlier answer offered as an example" if s.examples
                            else "nothing similar remembered")
            return None
        await turn.emit("memory", "done", "answered from memory")
        if s.on_token:
            s.on_token(hit.answer)
        return TurnResult(kind="memory", question=s.question, standalone_question=s.standalone,
                          answer=hit.answer, citations=hit.citations, verses=hit.verses, score=hit.score,
                          composed_by="memory",
                          notes=[f"Answered from memory: an earlier answer to the same question "
                                 f"(score {hit.score:.2f})."])

    # -- facts ----------------------------------------------------------------------------------
    async def _answer_fact(self, s: "_State") -> bool:
        """Seer, deity, metre, counts and lists come from the index, stated by code."""
        index = _component(self.searcher, "index")
        if index is None or s.frame is None:
            return False
        # "శ్రీ సూక్తం ఋగ్వేదంలో ఉందా?": a later use named in the reader's own script (read romanised) answers
        # before the question's English reading, which drops the name it does not know
        typed = s.typed or s.standalone
        other_script = any(ord(ch) > 0x36F for ch in typed)
        named_use = later_use.answer(typed, index, self.searcher) if other_script else None
        if named_use is None:  # "Ich will den Rigveda in einem Jahr lesen …": a reading plan
            named_use = reading_plan.answer_typed(typed, index)
        if named_use is None and s.foreign is not None and not s.foreign.english:
            return False
        if s.frame.form == "quote" and named_use is None and asked_kind.answer(s.standalone, index, self.searcher) is None:
            return False  # a quotation, unless a reader of asked_kind reads it ("… Hotṛ, Potṛ or Mahiṣī?")
        asked, frame = s.standalone, s.frame
        if s.foreign is not None and s.foreign.english:  # "Сколько гимнов в Ригведе?": its English reading asks the index
            asked = s.foreign.english
            frame = self.read(asked)
        tie = getattr(s.reading.turn, "fact", None) if s.reading is not None else None  # "what else did he compose?"
        tie = tie or named_use or epithets.answer(asked, index)  # "son of strength": an epithet's verses
        tie = tie or named_use or kinship.answer(asked)  # "who is her sister?": a family tie the hymns state
        tie = tie or story_beat.answer_after(asked, self._last_hymns(s), index)  # "which verse has the oath …?" after 7.104
        if tie is None and claim.claim_of(asked):  # "Is it true that the Rigveda has twelve books?": "No — …"
            tie = claim.count_check(claim.claim_of(asked), lambda text: facts.answer_fact(text, index))
        tie = tie or asked_kind.answer(asked, index, self.searcher)  # "which maṇḍala has the most hymns to Agni?" …
        if tie is None and facts.detect_fact(asked) is None:
            return False
        turn = s.turn
        await turn.emit("searcher", "running", "looking up the fact in the index", round=1)
        subject = frame.named_hymns or self._previous_hymns(s)
        verses = [r for m in frame.named for r in passage_refs(m.passage)]
        if verses and len(verses) <= 3 and all(r.count(".") == 2 and "-" not in r for r in verses):
            subject = verses  # "the Gāyatrī mantra": that verse's metre, not its hymn's
        fact = tie or facts.answer_fact(asked, index, subject or None)
        if fact is None:
            await turn.emit("searcher", "done", "not a fact the index holds; searching the verses", round=1)
            return False
        about_named = any(norm(m.passage.names[0]) in norm(fact.text) for m in frame.named)
        if frame.named and not about_named and fact is not getattr(s.reading.turn, "fact", None) and not set(frame.named_hymns) & set(
                fact.subject_hymns + [r.rsplit(".", 1)[0] for r in fact.refs]):
            # "…which god is supreme? people keep quoting 'ekam sat'": the passage it names answers, not a count
            await turn.emit("searcher", "done", "the question names a passage; searching it", round=1)
            return False
        if len(frame.named) == 1 and fact.kind != "kinship":  # "The Gāyatrī mantra, RV 3.62.10, is in …"
            passage = frame.named[0].passage
            for ref in passage_refs(passage)[:1]:
                if fact.text.startswith(f"RV {ref} "):
                    name = passage.names[0]  # "Indra's self-praise" takes no article: a possessive is its own
                    title = name if name.split()[0].endswith(("'s", "’s")) else f"The {name}"
                    fact = fact.copy(update={"text": f"{title}, RV {ref},{fact.text[len(ref) + 3:]}"})
        s.fact = fact
        s.rounds, s.search_type = 1, "bookContext"
        return await self._deliver_fact(s, index, fact, asked, evidence.fact_support(s.frame, fact.text))

    def _follow_conversation(self, s: "_State") -> None:
        """The conversation as the frame read it: a change of subject empties it, "that weapon" becomes a new
        question about the weapon the last answer named (``pyapp.reading.turn``)."""
        read = s.reading.turn
        if read.fresh:
            s.history = []
            s.turn.notes.append("New subject: the earlier turns are not used for this question.")
        if read.entity:  # "what is that weapon?": a new question about the thing named, read on its own
            s.history = []
        if read.question != s.question:
            if not read.fresh:
                s.turn.notes.append(f"Read as: “{read.question}”")
            s.question = read.question

    async def _padapatha_for(self, task: str, s: "_State") -> Any:
        """The padapāṭha for a reader task: a task that is nothing without it (word by word, a word's grammar)
        has it finished now if the page is still preparing it after "ready"; any other task takes it as it is."""
        if task not in reference_tasks.NEEDS_PADAPATHA:
            return _component(self.searcher, "padapatha")
        return await self._padapatha_ready(s)

    async def _padapatha_ready(self, s: "_State") -> Any:
        """The padapāṭha, finished now if the page is still preparing it after "ready", saying so in the status
        line (a word-by-word answer without it would say the word "is not in the index")."""
        if not getattr(self.searcher, "padapatha_pending", False):
            return _component(self.searcher, "padapatha")
        await s.turn.emit("searcher", "running", "preparing the padapāṭha (the word-by-word text), once")
        padapatha = self.searcher.padapatha_now()
        await s.turn.emit("searcher", "done", "the padapāṭha is ready")
        return padapatha

    async def _answer_reference(self, s: "_State") -> bool:
        """A reader task over references (the frame's span, operation and task: ``pyapp.reading``),
        answered from the index by code."""
        index = _component(self.searcher, "index")
        read = s.reading.turn
        if read.task is None or index is None:
            return False
        if read.task.task == "sanskrit_of_quote" and epithets.find(read.standalone or s.question) is not None:
            return False  # "the title 'knower of beings'": an epithet of the lexicon, not a line to find
        answer = reference_tasks.answer(read.task, index, self.searcher, await self._padapatha_for(read.task.task, s),
                                        _component(self.searcher, "terms"), read.standalone)
        answer = self._quote_in_english(read.task, s, index) or answer if (
            answer.error == reference_tasks.NOT_FOUND or answer.approximate) else answer
        if answer.error == reference_tasks.NOT_FOUND:
            return False  # e.g. a quoted Sanskrit line, not a translation: the usual search reads it
        if answer.approximate and read.task.task == "sanskrit_of_quote" and topic_words.theme_of(read.standalone or s.question):
            # "a verse that says the gods only help those who work hard": no line has those words, and the idea is one
            # the hymns name in their own words (toil, sleep, truth): its verses answer, not a line sharing two words
            return False
        turn = s.turn
        await turn.emit("classifier", "running")
        s.standalone = read.standalone or s.question
        if (s.history and getattr(s.reading, "follow_up", False) and answer.refs
                and not any(n.startswith("Read as") for n in turn.notes)):
            # "Who composed it?": the reader sees which passage "it" was taken to be
            turn.notes.append(f"Read as a follow-up about {', '.join('RV ' + r for r in answer.refs[:3])}")
        s.cls = classifier.ClassifierOutput(is_about_rig_veda=True, reason=read.reason, rewritten_query=s.standalone,
                                            confidence=1.0)
        await turn.emit("classifier", "done", f"{read.reason}" + ("" if turn.plan.mode == "none" else " · by code"))
        await turn.emit("searcher", "running", "reading the passage in the index", round=1)
        s.rounds, s.search_type, s.fact = 1, "bookContext", read.task  # s.fact: no deep-mode rewrite of code's answer
        s.verses = [to_result(v, 1.0) for v in (index.by_ref(r) for r in answer.refs) if v is not None]
        await turn.emit("searcher", "done", f"{len(s.verses)} verse(s) from the index", round=1,
                        result_count=len(s.verses))
        shown = [v.book_context for v in s.verses]
        check = check_citations(answer.text, shown + answer.mentioned)
        s.answer, s.citations = check.text, [r for r in check.cited if r in shown]
        if s.on_token:
            s.on_token(s.answer)
        await turn.emit("generator", "done", f"composed by code from the index · {len(s.citations)} citation(s)")
        s.verdict, s.support = "VALID", 1.0 if s.verses else 0.3
        await turn.emit("validator", "done", "checked against the index")
        return True

    def _quote_in_english(self, task: Any, s: "_State", index: Any) -> Optional[Any]:
        """A line quoted in the reader's own language ("las 'cien fortalezas de piedra'") that no shipped translation
        has: the reader's retelling of Griffith's line, looked up again as its English reading. Kept only when that
        finds the line itself (not a closest match), so a translation's own wording found approximately stays."""
        language = getattr(s.reading, "language", "") or ""
        index_dir = getattr(index, "dir", None)
        if task.task != "sanskrit_of_quote" or not task.quote or language in ("", "en", "sa") or not index_dir:
            return None
        try:
            read = gloss.read(task.quote, language, self.lexicon, index_dir=index_dir)
        except Exception:  # a damaged word table costs only this second look
            return None
        english = (read.english if read is not None and not read.unknown else "").strip(" ?.!")
        if not english or english.lower() == task.quote.lower():
            return None
        from dataclasses import replace

        found = reference_tasks.answer(replace(task, quote=english), index, self.searcher,
                                       _component(self.searcher, "padapatha"), _component(self.searcher, "terms"),
                                       s.reading.turn.standalone)
        return found if found.error != reference_tasks.NOT_FOUND and not found.approximate else None

    async def _answer_by_reader(self, s: "_State", asks: Callable[[str], bool], reader: Callable[..., Any],
                                reason: str, status: str, text: Optional[str] = None) -> bool:
        """A step whose reader states a ``facts.Fact`` from the index: ``asks(text)`` says cheaply whether the
        question is its kind, ``reader(text, index, searcher)`` answers or returns None (the next steps go on).
        ``text``: the question as read so far (default: the frame's standalone reading)."""
        index = _component(self.searcher, "index")
        text = text or s.reading.turn.standalone or s.question
        if index is None or not asks(text):
            return False
        fact = reader(text, index, self.searcher)
        if fact is None:
            return False
        await self._taken_by_code(s, text, reason, status, fact)
        return await self._deliver_fact(s, index, fact, text)

    def _term_name(self, term: str) -> str:
        """An analogy's term as the app writes its name when it is one name in another script ("যমী" → Yamī),
        else as typed (a name in Latin letters, "book 7", "10.129", "the two four-eyed dogs")."""
        if term.isascii():
            return term
        found = name_reading.find_names(term, self.lexicon).names
        return found[0].name if len(found) == 1 else term

    async def _answer_analogy(self, s: "_State") -> bool:
        """"A : B :: C : ?", "A is to B as C is to ___": the relation of A and B applied to C, the name first
        (``pyapp.reading.analogy``); with no relation found, the turn answers about C and says so first."""
        found = analogy.parse(s.question)
        index = _component(self.searcher, "index")
        if found is None or index is None:
            return False
        found = analogy.Analogy(a=self._term_name(found.a), b=self._term_name(found.b), c=self._term_name(found.c),
                                d=found.d)
        fact = analogy.answer(found, index)
        if fact is None:
            s.lead = analogy.about_c_note(found)
            s.question = analogy.about_c(found)
            s.turn.notes.append(f"Read as: “{s.question}”")
            return False
        text = s.question
        s.reading = self.read_frame(text, s.history)
        await self._taken_by_code(s, text, "an analogy", "an analogy · its relation from the tables, by code", fact)
        return await self._deliver_fact(s, index, fact, text)

    async def _answer_clue(self, s: "_State") -> bool:
        """A crossword or quiz clue: the name it describes, of the letter count it gives, first — from the tables of
        descriptions, else by the vote of the verses found for it (``pyapp.reading.described_name``)."""
        if s.quiz is None or lookalike.clue_topic(s.quiz.clue) is not None:
            return False  # a clue about astrology is refused by the classifier's step, not answered with a god
        letters = list(s.quiz.letters)
        return await self._answer_by_reader(
            s, lambda text: True, lambda text, index, searcher: described_name.answer(
                text, index, searcher, letters, clue=True),
            "a crossword or quiz clue", "a name by its description · from the tables and the index by code",
            text=s.quiz.clue)

    async def _answer_described(self, s: "_State") -> bool:
        """"Who is the serpent slayer?", "which god knows all the paths?": the name a description fits, first, when
        no fact reader took the question (``pyapp.reading.described_name``); the open search answers otherwise.
        A clue no table describes well is answered here by the vote of the verses found for it, unless the
        classifier doubted it is about the RigVeda ("lucky gemstone for Jupiter": the search decides that)."""
        if s.foreign is not None and not s.foreign.english:
            return False
        quiz = s.quiz
        if quiz is None and s.frame is not None and s.frame.named:
            return False  # "who composed the Gāyatrī mantra?": a named passage's question, not a name's description
        letters = list(quiz.letters) if quiz is not None else []
        return await self._answer_by_reader(
            s, (lambda text: True) if quiz is not None else described_name.asks_name,
            lambda text, index, searcher: described_name.answer(text, index, searcher, letters, clue=quiz is not None,
                                                                may_vote=quiz is not None and not s.unsure),
            "a name asked by its description", "a name by its description · from the tables by code",
            text=s.standalone or s.question)

    def _absent_part(self, s: "_State") -> None:
        """A question that asks whether the hymns have something and names, beside their own names, one they never
        use: the answer opens by saying so (``absent_name.absent_lead``), then the verses on the rest."""
        if s.lead:
            return
        texts = [s.foreign.english or s.foreign.reading] if s.foreign is not None else [s.standalone, s.question]
        for text in dict.fromkeys(t for t in texts if t):  # the restated question, then as typed
            try:
                s.lead = absent_name.absent_lead(text, _component(self.searcher, "index"), self.searcher)
            except Exception:  # a reader's bug costs only this opening
                s.lead = ""
            if s.lead:
                return

    async def _answer_typed_sanskrit(self, s: "_State") -> bool:
        """A rare word of the hymns typed with IAST's marks inside the question: the verse that has it and the rest of
        what the question names, then the word's other verses (``pyapp.reading.typed_sanskrit``)."""
        if s.frame is not None and s.frame.named:
            return False  # a named passage's question is that passage's
        text = (s.foreign.english or s.foreign.reading) if s.foreign is not None else (s.standalone or s.question)
        typed = s.typed  # the reader's own keys: a reading's transliteration ("sūkta" of સૂક્ત) is no word they typed
        if not text or not typed or not typed_sanskrit.asks(typed):
            return False
        return await self._answer_by_reader(
            s, lambda _text: True,
            lambda question, index, searcher: typed_sanskrit.answer(question, index, searcher, typed=typed),
            "a word of the hymns typed in the question", "the verses with the word the question typed · by code",
            text=text)

    async def _answer_described_verse(self, s: "_State") -> bool:
        """A verse asked for by several things it says, found by all of them at once, before the readers that each
        know one of them (``pyapp.reading.described_verse``); a question many verses fit goes on to them."""
        if s.frame is not None and s.frame.named:
            return False  # a named passage's question ("which verse of the Puruṣa Sūkta …") is that passage's
        text = (s.foreign.english or s.foreign.reading) if s.foreign is not None else (s.standalone or s.question)
        return await self._answer_by_reader(s, described_verse.asks, described_verse.answer,
                                            "a verse asked for by what it says",
                                            "the verse with the most of the question's words · by code", text=text)

    async def _answer_word_absent(self, s: "_State") -> bool:
        """A word the question asks about as a word, which no verse uses in any form ("is the word āryāvarta in the
        RigVeda?"): "No —" (``pyapp.reading.word_absent``). Read before the word-form step, which took the nearest
        word it knew ("Veda" of "Rig Veda") for the one asked, and before the topic check, which refused it."""
        return await self._answer_by_reader(s, lambda text: word_absent.asked_word(text) is not None,
                                            word_absent.answer, "whether a word occurs in the RigVeda",
                                            "a word's presence · checked against the index by code")

    async def _answer_feeling(self, s: "_State") -> bool:
        """A verse asked for by its feeling ("the saddest verse", "ऋग्वेद का सबसे डरावना मंत्र",
        ``pyapp.reading.feeling``) or by a superlative the index counts or the tradition judges ("the most repeated
        line", "the oldest hymn", ``pyapp.reading.superlative``). Read before the quotation and reference steps,
        which took "le vers le plus joyeux" for a line to find, and before the search, which took the feeling word
        for a content word. The question's English reading, when it is in another language, ranks the verses."""
        reading = s.reading
        english = ""
        for found in (getattr(reading, "foreign", None), getattr(reading, "gloss", None)):
            if found is not None and getattr(found, "english", None):
                english = found.english
                break

        def asks(text: str) -> bool:
            return feeling.asks(text) or bool(english and feeling.asks(english)) or superlative.read(text) is not None

        def reader(text: str, index: Any, searcher: Any) -> Any:
            return feeling.answer(text, index, searcher, english) or superlative.answer(text, index, searcher)

        typed = s.typed or ""  # "ऋग्वेद का सबसे दुखद मंत्र" was read as Sanskrit by then: the words as typed first
        return await self._answer_by_reader(s, asks, reader, "a verse asked for by its feeling or a superlative",
                                            "verses chosen by code from the feelings and superlatives tables",
                                            typed if typed and asks(typed) else None)

    async def _answer_verse_in_passage(self, s: "_State") -> bool:
        """The verse of a named hymn that speaks of something ("which verse in it talks about his wife?" after the
        gambler's hymn): that verse first (``pyapp.reading.verse_in_passage``). Read before the named-passage search,
        whose overview of the hymn did not say which verse."""
        return await self._answer_by_reader(s, verse_in_passage.asks, verse_in_passage.answer,
                                            "a verse of a named hymn", "the hymn's verses · read by code")

    async def _answer_odd_one_out(self, s: "_State") -> bool:
        """A quiz's "odd one out" whose key is the one item the RigVeda does not have (``pyapp.reading.odd_one_out``).
        Read before the other-scripture checks, which took a later god among the items for the whole question's subject."""
        return await self._answer_by_reader(
            s, odd_one_out.asks, lambda text, index, searcher: odd_one_out.answer(text, index, searcher, self.lexicon),
            "an odd-one-out quiz", "which listed item the RigVeda has · checked against the index by code")

    async def _answer_read_and_typed(self, s: "_State", asks: Callable[[str], bool], reader: Callable[..., Any],
                                     reason: str, status: str) -> bool:
        """``_answer_by_reader`` on the question as read, then on it as typed when that differs: a table's name in
        another language or script (समुद्र मंथन, "déesses") is in the typed words, not in their English reading."""
        if await self._answer_by_reader(s, asks, reader, reason, status):
            return True
        if s.question != (s.reading.turn.standalone or s.question):
            return await self._answer_by_reader(s, asks, reader, reason, status, s.question)
        return False

    async def _answer_class_members(self, s: "_State") -> bool:
        """Examples of a class of things the hymns name ("give three examples of demons Indra killed"), from the
        classes table with a verse each (``pyapp.reading.class_members``). Read before the readers of single words,
        which answered for "examples" or "rivers" as a word of the verses."""
        return await self._answer_read_and_typed(s, class_members.asks, class_members.answer, "examples of a class",
                                                 "members of a class · from the classes table, each with its verse, by code")

    async def _answer_beings(self, s: "_State") -> bool:
        """A company of beings the hymns name as a group (the Vasus, the Apsarases, the All-gods …): what it is,
        from the beings table, with verses (``pyapp.reading.beings``). Read before the readers of gods and words,
        which quoted verses holding the name and never said what the group is."""
        return await self._answer_read_and_typed(s, beings.asks, beings.answer, "a group of beings",
                                                 "a group of beings · from the beings table, with its verses, by code")

    async def _answer_epithets(self, s: "_State") -> bool:
        """A god's other names, from the epithets table with the verses counted in the hymns
        (``pyapp.reading.god_epithets``); a question in another language is read in its English reading ("gli altri
        nomi di Indra"), which holds the table's words."""
        reason, status = "a god's other names", "a god's epithets · from the epithets table, counted in the hymns by code"
        if s.reading.english and await self._answer_by_reader(s, god_epithets.asks, god_epithets.answer, reason, status,
                                                              s.reading.english):
            return True
        return await self._answer_read_and_typed(s, god_epithets.asks, god_epithets.answer, reason, status)

    async def _answer_known_story(self, s: "_State") -> bool:
        """A story readers know from the epics and Purāṇas, asked about as the RigVeda's: the verdict (yes, partly,
        no) with the verses and where the rest is told (``pyapp.reading.known_story``). Read before the later-text
        checks, which refused a question naming a later figure, and before the readers of single words, which
        answered for "churning" or "flood" alone."""
        return await self._answer_read_and_typed(
            s, known_story.asks, known_story.answer, "a well-known story",
            "whether the hymns tell a known story · from the stories table, checked by code")

    async def _answer_theme(self, s: "_State") -> bool:
        """What the hymns say about a theme or an idea (debts, hospitality, whether the hymns were revealed), asked in
        any of the app's languages: the table's answering sentence, cited, then its key verses
        (``pyapp.reading.themes``). Read before the readers of single words, which opened with verses sharing a
        word of the question ("ritual", "poets") or said no verse speaks of it."""
        return await self._answer_read_and_typed(
            s, themes.asks, themes.answer, "a theme of the hymns",
            "what the hymns say about a theme · from the themes table, verses checked by code")

    async def _answer_word_lore(self, s: "_State") -> bool:
        """Word lore: other words for a thing, a word's opposite or root, Griffith's archaic English, from the
        word-lore table with verses that use each word (``pyapp.reading.word_lore``). Read before the readers of
        single words and the search, which answered "No verse speaks directly of …" or quoted verses sharing the
        reader's words, and never named the words asked for. The words as typed first: the restatement of "terms for
        the earth other than bhumi" as "What does the word pṛthivī mean?" lost what was asked."""
        status = "words, opposites, roots and Griffith's old words · from the word-lore table, checked against the index by code"
        typed = s.typed or ""
        if typed and typed != s.question and word_lore.asks(typed):
            return await self._answer_by_reader(s, word_lore.asks, word_lore.answer, "word lore", status, typed)
        return await self._answer_read_and_typed(s, word_lore.asks, word_lore.answer, "word lore", status)

    async def _answer_verse_in_followup(self, s: "_State") -> bool:
        """The same, for a follow-up that names the hymn only as "it" / "that hymn": read once the classifier has
        rewritten it ("which verse in the Akṣa Sūkta talks about his wife?")."""
        if not s.standalone or s.standalone == s.question:
            return False
        return await self._answer_by_reader(s, verse_in_passage.asks, verse_in_passage.answer,
                                            "a verse of a named hymn", "the hymn's verses · read by code", s.standalone)

    async def _answer_word_meaning(self, s: "_State") -> bool:
        """A word of the hymns no glossary explains, asked for its meaning ("what does purandara mean?"): its
        padapāṭha members and their senses, Griffith's renderings and the gods it is given to
        (``pyapp.reading.word_meaning``). Read before the topic check, which took such a word for unknown English."""
        index = _component(self.searcher, "index")
        text = s.reading.turn.standalone or s.question
        if index is None or word_meaning.asked_word(text) is None:
            return False
        await self._padapatha_ready(s)
        fact = word_meaning.answer(text, index, self.searcher)
        if fact is None:
            return False
        await self._taken_by_code(s, text, "the meaning of a word of the hymns", "a word's meaning · read from the "
                                  "padapāṭha by code", fact)
        return await self._deliver_fact(s, index, fact, text)

    async def _deliver_fact(self, s: "_State", index: Any, fact: Any, asked: str, support: float = 1.0) -> bool:
        """A fact code stated from the index, with its verses quoted below it (``compose.fact_answer``), shared by
        every step that answers with a ``facts.Fact``. ``support``: how much of what the question names the fact
        names (``evidence.fact_support``); a reader that checked the question's own claim passes 1.0."""
        turn = s.turn
        s.verses = [to_result(v, 1.0) for v in (index.by_ref(r) for r in fact.refs) if v is not None]
        await turn.emit("searcher", "done", f"answered from the index ({fact.kind})", round=1,
                        result_count=len(s.verses))
        await turn.emit("generator", "running")
        s.answer, s.composed_by = compose.fact_answer(fact, s.verses, asked), "index"
        check = check_citations(s.answer, [v.book_context for v in s.verses])
        s.answer, s.citations = check.text, list(check.cited)
        if s.on_token:
            s.on_token(s.answer)
        await turn.emit("generator", "done", f"the fact stated by code · {len(s.citations)} citation(s)")
        s.verdict, s.support = "VALID", support
        await turn.emit("validator", "done", "checked against the index" if s.support >= evidence.WEAK else
                        "the index fact does not name everything the question names (weak evidence)")
        return True

    async def _answer_statements(self, s: "_State") -> bool:
        """An exam's numbered statements asked which are correct: each checked by the claim readers and the verdict
        first (``pyapp.reading.statements``). Read before the attribution step, which took the first statement for
        the whole question."""
        return await self._answer_by_reader(s, lambda text: len(statements.statements_of(text)) >= 2,
                                            statements.answer, "numbered statements to check",
                                            "statements · each checked against the index by code")

    async def _answer_attribution(self, s: "_State") -> bool:
        """A claimed seer, god, metre or maṇḍala of one hymn or verse ("Is 10.34 a hymn to Indra?", "Was the
        Nāsadīya composed by Dīrghatamas?"), checked against the index's attribution and answered Yes / Partly / No
        (``pyapp.reading.attribution_claim``). Read before the reference tasks, which took "in the *first*
        maṇḍala" for a first verse, and before the search, which looked for the claimed god's own verses."""
        index = _component(self.searcher, "index")
        text = s.reading.turn.standalone or s.question
        if index is None:
            return False
        last: List[str] = []
        if s.history:  # "Was it composed by Vasiṣṭha?" after a turn about one hymn: the hymn it named, or cited alone
            past = s.history[-1]
            named = attribution_claim.hymn_named(past.subject, index)
            cited = list(dict.fromkeys(".".join(c.split(".")[:2]) for c in past.citations))
            last = [named] if named else cited[:1] if len(cited) == 1 else []
        fact = attribution_claim.answer(text, index, self.searcher, last)
        if fact is None:
            return False
        await self._taken_by_code(s, text, "a claimed attribution of a passage", "a claimed attribution · checked "
                                  "against the index by code", fact)
        return await self._deliver_fact(s, index, fact, text)

    async def _answer_pair(self, s: "_State") -> bool:
        """Two hymns named and asked to be compared (``pyapp.reading.hymn_pair``): one sentence per hymn, where
        they stand, and each one's verses closest to the question, composed by code. A question in a language
        the app reads only by its names and numbers comes here through its reading (``pyapp.reading.names_numbers``)."""
        from pyapp.agents import hymn_pair as pair_agent
        from pyapp.reading import hymn_pair

        index = _component(self.searcher, "index")
        if index is None or s.history:
            return False
        read = s.reading.gloss if s.reading.foreign is None else None
        texts = [s.question] + ([read.english] if read is not None and read.english else [])
        pair, text = None, ""
        for text in texts:
            pair = hymn_pair.read(text)
            if pair is not None:
                break
        found = pair_agent.compare(pair, text, index) if pair is not None else None
        if found is None:
            return False
        if text != s.question and read is not None:
            s.turn.notes.append(read.note or f"Read as {read.language_name}: “{read.english}”")
        await self._taken_by_code(s, text, "two hymns compared", "two hymns compared · by code", pair)
        return await self._deliver_composed(s, index, found[0], found[1])

    def _in_hymns(self, compact: str) -> bool:
        """Whether the hymns' text holds these letters (words folded as Sanskrit, spaces dropped: ``other_line``'s
        keys): the verses' romanised text compacted once per orchestrator."""
        if self._hymn_text is None:
            index = _component(self.searcher, "index")
            verses = getattr(index, "verses", None) or []
            self._hymn_text = "\n".join(other_line.compact(v.roman or "") for v in verses)
        return bool(compact) and compact in self._hymn_text

    async def _other_line(self, s: "_State") -> bool:
        """A famous line of a later text (an Upaniṣad, the Gītā, a Smṛti) asked as the RigVeda's: refused as not
        the RigVeda's, then its real source and the hymns' own counterpart (``pyapp.reading.other_line``). Read
        before the quoted-line locator, which would offer the nearest verse as its source."""
        in_hymns = self._in_hymns
        found = other_line.find(s.typed or s.question, in_hymns) or other_line.find(s.question, in_hymns)
        if found is None:
            return False
        reason = f"a line of {found.source}, not of the RigVeda"
        s.lookalike = lookalike.LookAlike(kind="other_line", reason=reason, instead=found.sentence())
        s.refused = True
        await s.turn.emit("classifier", "done", f"not about the RigVeda: {reason}")
        return True

    async def _answer_quoted(self, s: "_State") -> bool:
        """A line quoted from memory and asked for ("where exactly does it say '…'?", «…» in any language): the
        verse whose wording in any shipped translation is closest, named first, or the closest hedged, by code
        (``pyapp.reading.quoted_line`` reads the line, ``pyapp.agents.quoted_line`` finds it). An English line
        the named passages or the later uses already name is left to them (their answers say more)."""
        from pyapp.agents import quoted_line as locator
        from pyapp.reading.named import find_named

        index = _component(self.searcher, "index")
        asked = s.reading.quoted_line if index is not None else None
        if asked is None:
            return False
        language = asked.language
        if language == "en" and (later_use.match(s.question) is not None or find_named(asked.line)):
            return False
        if typed_sanskrit.points_at_verses(asked.line, self.searcher):
            return False  # "which verse says Agni has iron teeth (ayodaṃṣṭra)?": the typed word's verses answer
        try:
            # the gods the question names outside the line ("Pūṣan … 'let none be lost'"): their verses get a vote
            outside = s.question.replace(asked.line, " ")
            gods = [n for n in self.read(romanise(outside)).names if n.lower() not in ("rigveda", "rig veda", "veda")]
            found = locator.locate(asked.line, language, index, self.searcher, self.lexicon, self.idf(), gods=gods)
        except Exception as exc:  # a bug here must not end the turn: the usual steps answer instead
            s.turn.notes.append(f"The quoted line could not be looked up ({type(exc).__name__}).")
            return False
        text, refs = locator.compose(found, asked.line, index)
        if not refs and (not asked.alone or s.history):
            # "Where does Agastya argue with Indra, who says '…'?": no line found, the question's own words lead
            # (and in a conversation, "his laws" leans on the turn before)
            return False
        await self._taken_by_code(s, s.question, "a quoted line asked for", "a quoted line asked for · by code",
                                  found or asked)
        done = await self._deliver_composed(s, index, text, refs)
        if found is None or not found.strong:
            s.support = 0.6 if refs else 0.2  # the closest line, not the line itself: said so in the answer
        return done

    async def _answer_form(self, s: "_State") -> bool:
        """A form of the hymns' language or one word's senses, shown in the verses by code."""
        from pyapp.agents import forms, paraphrase
        from pyapp.reading import riddle

        index = _component(self.searcher, "index")
        found = None
        for text in dict.fromkeys([s.typed or s.question, s.question]) if index is not None else []:
            found = found or forms.answer(text, index, _component(self.searcher, "terms"))
        found = found if found is not None and found.success else None
        retold = s.retold or riddle.retelling(s.question) if found is None and index is not None else None
        if retold:  # a riddle retold, or the verse a claim points to: found by its words
            found = paraphrase.answer(retold, index, getattr(self.searcher, "text_index", None))
        if found is None or not found.success or not found.refs:
            return False
        await self._taken_by_code(s, s.question, "about the RigVeda: the hymns' language",
                                  "a form or a word's senses, shown in the verses · by code", found)
        return await self._deliver_composed(s, index, found.text, found.refs)

    async def _taken_by_code(self, s: "_State", standalone: str, reason: str, status: str, fact: Any) -> None:
        """A turn a step answers by code from the index: classified as about the RigVeda for that reason, said
        in the status line, and marked as a fact (``s.fact``: deep mode does not rewrite code's answer)."""
        s.standalone = standalone
        s.cls = classifier.ClassifierOutput(is_about_rig_veda=True, reason=reason, rewritten_query=standalone,
                                            confidence=1.0)
        await s.turn.emit("classifier", "done", status)
        s.rounds, s.search_type, s.fact = 1, "bookContext", fact

    async def _deliver_composed(self, s: "_State", index: Any, text: str, refs: List[str]) -> bool:
        """An answer code composed from the index: its verses shown, its citations checked, streamed whole, and
        labelled as composed by code (shared by the hymn-pair and language-form steps)."""
        turn = s.turn
        s.verses = [to_result(v, 1.0) for v in (index.by_ref(r) for r in refs) if v is not None]
        await turn.emit("searcher", "done", f"{len(s.verses)} verse(s) from the index", round=1,
                        result_count=len(s.verses))
        check = check_citations(text, [v.book_context for v in s.verses])
        s.answer, s.citations = check.text, list(check.cited)
        if s.on_token:
            s.on_token(s.answer)
        await turn.emit("generator", "done", f"composed by code from the index · {len(s.citations)} citation(s)")
        s.verdict, s.support = "VALID", 1.0
        await turn.emit("validator", "done", "checked against the index")
        return True

    def _topics(self, text: str) -> List[str]:
        """The names and terms a question asks about (for "what does hymn 1.2 ask of Vāyu?")."""
        frame = self.read(text)
        return list(frame.names) + [t.display for t in frame.terms]

    def _last_hymns(self, s: "_State") -> List[str]:
        """The hymn the last turn's question named ("what is hymn 7.104 about?"), follow-up or not: a verse
        described by its content is looked for there first (``story_beat.answer_after``). A hymn only cited
        by the last answer ("Who is Viṣṇu?" → RV 1.156) is not the conversation's hymn."""
        for past in reversed(s.history[-1:]):
            return self.read(past.subject).named_hymns[:1]
        return []

    def _previous_hymns(self, s: "_State") -> List[str]:
        """The hymns the conversation was about, for "Who composed it?"."""
        if not s.cls or not s.cls.is_follow_up:
            return []
        for past in reversed(s.history):
            frame = self.read(past.subject)
            if frame.named_hymns:
                return frame.named_hymns
            hymns = list(dict.fromkeys(".".join(c.split(".")[:2]) for c in past.citations))
            if hymns:
                return hymns[:1]
        return []

    # -- 2. search ⇄ analyze ----------------------------------------------------------------------
    async def _search(self, s: "_State") -> None:
        """A named passage comes first; a comparison searches each side; otherwise search ⇄ analyze
        for at most ``max_rounds`` rounds. An unsure question is refused only after the first search,
        with its evidence at hand."""
        frame = s.frame
        if s.foreign is not None:
            await self._search_foreign(s)
            return
        if s.why is not None:  # the last answer's hymns state the reason: their verses come first
            index = _component(self.searcher, "index")
            for ref in why_followup.verses(s.why, index) if index is not None else []:
                verse = index.by_ref(ref)
                if verse is not None:
                    s.relevant.setdefault(ref, to_result(verse, 1.0))
        if frame is not None and not frame.named and (frame.names or frame.terms) and frame.asks_famous:
            famous.name_passages(frame, _component(self.searcher, "index"))  # "Dīrghatamas's best-known hymn"
        named_sides = frame is not None and frame.sides and len(frame.named) >= len(frame.sides)
        if frame is not None and frame.named and (not frame.sides or named_sides) and _component(self.searcher, "index") is not None:
            await self._search_named(s)
        elif frame is not None and frame.sides:  # "Manyu and Śraddhā": each side its own search
            await self._search_sides(s)
        elif frame is not None and frame.terms:
            await self._one_round(s, s.standalone, first=True, forms=evidence.term_forms(frame.terms))
        if not s.relevant or not (frame and (frame.named or frame.sides or frame.terms)):
            await self._search_rounds(s)
        self._cover(s)
        s.support = evidence.support(s.frame, list(s.relevant.values()), self.idf(), s.similarity)
        if s.unsure and not evidence.on_topic(s.frame, list(s.relevant.values()), self.idf(), s.similarity):
            s.refused = True
        elif s.needs_evidence and s.support < evidence.WEAK:
            s.refused = True  # an everyday request that only names a god or a ritual word

    CLOSEST = 5  # verses the first search found, shown hedged when the analyzer kept none

    def _closest_instead(self, s: "_State") -> None:
        """A question about the RigVeda whose searches the analyzer judged to hold no verse that answers it ("were
        there cities …? all I read is Indra smashing forts"): the first search's verses, hedged as the closest the
        hymns come, instead of "Not enough information" — a dead end for a question that plainly names the hymns'
        subject. Not for an unsure question (its evidence decided), a translation's search, or a search that failed."""
        if s.unsure or s.foreign is not None or s.search_error or not s.first_found:
            return
        asked = set(content_stems(s.standalone or s.question, _NOT_SUBJECT))
        # only verses that share a word of the question's own subject: a search that found nothing like it shows nothing
        sharing = [v for v in s.first_found
                   if asked & set(content_stems(" ".join(x for x in (v.translation, v.iast) if x), _NOT_SUBJECT))]
        for verse in sharing[:self.CLOSEST]:
            s.relevant.setdefault(verse.book_context, verse.copy(update={"relevance": min(verse.relevance, 0.3)}))
        if s.relevant:
            s.turn.notes.append("No verse was judged to answer the question; the closest verses the search found are shown.")

    def _cover(self, s: "_State") -> None:
        """The verse with the question's Sanskrit words together first (``cover_first.put_first``)."""
        cover_first.put_first(s, _component(self.searcher, "index"), _component(self.searcher, "text_index"),
                              _component(self.searcher, "padapatha"))

    async def _find_answer(self, s: "_State") -> None:
        """A direct question (who / whose / how many / what animal / how / why): one more search for its
        constraint words, then the slot's filler extracted from all the verses found (``agents.extract``);
        the verses that state it go first, and their support lifts the answer's when it is strong."""
        frame = s.frame
        if frame is None or s.foreign is not None or frame.named or frame.sides or frame.is_reference:
            return
        slot = wh_slot.read_slot(s.standalone, frame.names)
        if slot is None:
            return
        query = " ".join(slot.words + list(frame.names))
        s.rounds += 1
        await s.turn.emit("searcher", "running", f"searching for the answer: {clip(query, 80)}", round=s.rounds,
                          search_term=clip(query, 80))
        found = self.searcher.search(query, method="auto", k=30)
        pool = dict(s.relevant)
        for verse in found.results if found.success else []:  # verses of the question's names only
            if all(evidence.mentions(verse, name, in_text=True) for name in frame.names):
                pool.setdefault(verse.book_context, verse)
        got = extract(s.standalone, frame, list(pool.values()), self.lexicon)
        await s.turn.emit("searcher", "done", f"answer found: {got.answer}, in {len(got.supporting)} verse(s)"
                          if got is not None and not got.weak else "no verse found states the answer clearly",
                          round=s.rounds, search_term=clip(query, 80),
                          result_count=len(found.results) if found.success else 0)
        s.found = got
        if got is None or got.weak:
            return
        first = [got.verse.book_context] + [r for r in got.supporting if r != got.verse.book_context][:1]
        # the verses that state the answer are the answer's first verses (the translator ranks by importance)
        stating = {r: pool[r].copy(update={"importance": "high", "relevance": 1.0}) for r in first}
        s.relevant = {**stating, **{r: v for r, v in s.relevant.items() if r not in stating}}
        s.support = max(s.support, got.strength)

    async def _search_named(self, s: "_State") -> None:
        turn, frame = s.turn, s.frame
        index = _component(self.searcher, "index")
        names = ", ".join(m.passage.names[0] for m in frame.named)
        s.rounds += 1
        await turn.emit("searcher", "running", f"named passage: {names}", round=s.rounds, search_term=names)
        share = max(2, self.settings.target_verses // max(1, len(frame.named)))
        picked: List[SearchResult] = []
        for match in frame.named:
            # the passage's own description joins the question: "which verse mentions a solar eclipse?"
            # shares no word with Griffith, but "Svarbhānu darkened the sun" does
            about = getattr(match.passage, "about", "") or ""
            picked += evidence.rank_within(self.searcher, index, passage_refs(match.passage), s.standalone, share,
                                           about=about)
        for verse in picked:
            s.relevant.setdefault(verse.book_context, verse)
        s.search_type = "bookContext"
        s.terms.append(names)
        await turn.emit("searcher", "done", f"the passage the question names ({names})", round=s.rounds,
                        result_count=len(picked))
        await turn.emit("analyzer", "done", f"{len(s.relevant)} verse(s) of the named passage", round=s.rounds,
                        relevant_count=len(s.relevant))

    async def _search_sides(self, s: "_State") -> None:
        """Each side of a comparison gets its own search, so neither drowns the other."""
        per_side = max(2, self.settings.target_verses // 2 + 1)
        index = _component(self.searcher, "index")
        for side in s.frame.sides:
            found = await self._one_round(s, side, first=True, keep=per_side, must_mention=side)
            if found is None:
                return
            if index is not None and not any(evidence.mentions(v, side, in_text=True) for v in s.relevant.values()):
                # the side's name is not Griffith's word ("Śraddhā" is "Faith"): its own hymns
                for verse in evidence.rank_within(self.searcher, index, self._hymns_of(side), side, per_side):
                    s.relevant.setdefault(verse.book_context, verse)

    def _hymns_of(self, name: str) -> List[str]:
        """Hymn refs addressed mainly to ``name`` (the facts of the index), at most three."""
        from pyapp import facts

        try:
            fact = facts.answer_fact(f"Which hymns are addressed to {name}?", _component(self.searcher, "index"))
        except Exception:
            return []
        if fact is None or fact.kind != "list":
            return []
        return (fact.subject_hymns or list(dict.fromkeys(".".join(r.split(".")[:2]) for r in fact.refs)))[:3]

    async def _search_rounds(self, s: "_State") -> None:
        term: Optional[str] = s.standalone
        for round_index in range(self.settings.max_rounds - s.rounds):
            if term is None or term.strip().lower() in {t.strip().lower() for t in s.terms}:
                break
            analysis = await self._one_round(s, term, first=round_index == 0 and not s.terms)
            if analysis is None or s.search_type == "bookContext" and s.relevant:
                break  # a failed search, or a direct reference: sufficient by itself
            if len(s.relevant) >= self.settings.target_verses or not analysis.needs_more_search:
                break
            term = analysis.search_suggestion

    async def _one_round(self, s: "_State", term: str, first: bool, keep: Optional[int] = None,
                         must_mention: Optional[str] = None,
                         forms: Optional[Set[str]] = None) -> Optional[analyzer.AnalyzerOutput]:
        """One search and its analysis; ``None`` when the search failed. ``must_mention``: a side
        of a comparison keeps only its own verses; ``forms``: a Sanskrit term's verses (those that
        use one of its forms) are relevant first."""
        turn, settings = s.turn, self.settings
        s.rounds += 1
        await turn.emit("searcher", "running", f"searching: {clip(term, 80)}", round=s.rounds,
                        search_term=clip(term, 80))
        quoting = s.frame is not None and bool(s.frame.quote)
        query = (s.frame.quote if quoting else s.standalone) if first and not must_mention else term
        found = await searcher.run(searcher.SearcherInput(user_query=query, search_suggestion=None if first else term,
                                                          k=settings.results_per_search), self.searcher)
        s.terms.append(term)
        rest = wrong_number.rest_of(query) if first and not found.success and "does not exist" in (found.error or "") else ""
        if rest:  # "a book cites 8.101.35 for 'kill not the sinless cow'": no such verse, so the words are searched
            await turn.emit("searcher", "error", f"{found.error}; searching the rest of the question", round=s.rounds,
                            search_term=clip(term, 80))
            found = await searcher.run(searcher.SearcherInput(user_query=rest, search_suggestion=None,
                                                              k=settings.results_per_search), self.searcher)
        if not found.success:
            await turn.emit("searcher", "error", found.error or "search failed", round=s.rounds,
                            search_term=clip(term, 80))
            s.search_error = s.search_error or found.error
            return None
        s.search_type = found.search_type
        if found.notice and found.notice not in turn.notes:
            turn.notes.append(found.notice)
        results = found.search_results
        if must_mention:
            results = evidence.mentioning(results, must_mention) or results
        if not s.first_found and results:
            s.first_found = list(results)
        if s.similarity is None and results:
            s.similarity = self._top_similarity(s.standalone)
        await turn.emit("searcher", "done", found.method_reason or found.search_type, round=s.rounds,
                        search_term=clip(found.search_term or term, 80), result_count=len(results))
        await turn.emit("analyzer", "running", round=s.rounds)
        analysis = await analyzer.run(analyzer.AnalyzerInput(
            user_query=must_mention or (s.frame.quote if quoting else s.standalone),
            search_results=results, iteration_count=min(s.rounds - 1, 4),
            previous_search_terms=s.terms, known_relevant=list(s.relevant), search_type=found.search_type,
            target=settings.target_verses), turn.llm_for("analyzer"), self.idf())
        kept = analysis.relevant_verses
        rare = evidence.rare_names(s.frame, self.idf()) if not must_mention else []
        if rare:  # "the enemy called Śuṣṇa (the 'scorcher')": the verses with the rare name are on topic
            kept = kept + [v for v in results if v not in kept and all(evidence.names_in_verse(v, n) for n in rare)]
        if must_mention:
            kept = evidence.mentioning(kept, must_mention) or evidence.mentioning(results, must_mention)
        if forms:
            using = evidence.using_forms(results, forms)
            typed = evidence.typed_forms(s.frame.terms) if s.frame is not None else set()
            # a word of the hymns the reader typed (its own spelling: "ishukrit") whose verses the question's
            # other words drowned ("arrow-maker" finds archers): its verses, searched for alone
            spelled = [t for t in (s.frame.terms if s.frame is not None else []) if t.from_corpus]
            if not typed and len(spelled) == 1:  # one word of the hymns in the reader's own spelling is the anchor
                typed = set(spelled[0].sa_terms)  # (several are alternatives, "ashvattha (peepal)": the search ranks them)
            if typed and not evidence.using_forms(using, typed):
                using = self._verses_using(typed, settings.results_per_search) + using
            # the verses that use the Sanskrit word the reader typed ("gruel (karambha)") are the answer's first
            using = [v.copy(update={"importance": "high", "relevance": max(v.relevance, 0.9)})
                     if typed and evidence.using_forms([v], typed) else v for v in using]
            kept = using + [v for v in kept if v.book_context not in {u.book_context for u in using}]
        for verse in kept[:keep] if keep else kept:
            s.relevant.setdefault(verse.book_context, verse)
        note = f"{len(s.relevant)} relevant verse(s)"
        if analysis.needs_more_search and analysis.search_suggestion and len(s.relevant) < settings.target_verses:
            note += f"; next search: {analysis.search_suggestion}"
        await turn.finish("analyzer", analysis, turn.by(analysis, note), round=s.rounds,
                          relevant_count=len(s.relevant), result_count=len(results))
        return analysis

    def _verses_using(self, forms: Set[str], k: int) -> List[SearchResult]:
        """The verses whose Sanskrit uses one of ``forms``, searched for those forms alone ("arrow-maker
        (iṣukṛt)": the English words find archers, the Sanskrit word the one verse that has it)."""
        try:
            found = self.searcher.search(" ".join(sorted(forms)[:8]), method="auto", k=k)
        except Exception:
            return []
        return evidence.using_forms(found.results, forms) if found.success else []

    def _top_similarity(self, text: str) -> Optional[float]:
        sim = self.similarity()
        try:
            return sim(text) if sim is not None else None
        except Exception:
            return None

    # -- 3. translate ---------------------------------------------------------------------------
    async def _translate(self, s: "_State") -> None:
        turn, settings = s.turn, self.settings
        await turn.emit("translator", "running")
        candidates = list(s.relevant.values())
        if s.frame is not None and s.frame.sides:
            candidates = evidence.balance_sides(candidates, s.frame.sides, settings.answer_verses)
        tr = await translator.run(translator.TranslatorInput(
            user_query=s.standalone, verses=candidates, model_translation=settings.model_translation,
            max_verses=settings.answer_verses), turn.llm_for("translator"))
        s.verses = tr.translated_verses or candidates[:settings.answer_verses]
        if settings.model_translation and turn.llm is not None and not turn.plan.uses_model("translator"):
            turn.notes.append("Model translations are skipped in fast mode; the reference translation is shown.")
        message = f"{len(s.verses)} verse(s) chosen for the answer"
        await turn.finish("translator", tr, turn.by(tr, message),
                          relevant_count=len(s.verses))

    # -- 4. generate ----------------------------------------------------------------------------
    def _generator_input(self, s: "_State") -> generator.GeneratorInput:
        frame = s.frame
        return generator.GeneratorInput(
            user_query=s.standalone, translated_verses=s.verses, examples=s.examples[:1],
            is_reference=bool(frame and frame.is_reference) and s.search_type == "bookContext" and not frame.named,
            is_sanskrit=bool(frame and frame.form == "quote") and s.foreign is None,
            subject_names=list(frame.names) if frame else self.lexicon.main_names(s.standalone),
            compact=s.turn.plan.compact,
            # a German/French/Russian question is not read by the English reader: the generator's own opener
            lead="" if s.foreign is not None else self._lead(s),
            weak=s.support < evidence.WEAK)

    def _lead(self, s: "_State") -> str:
        """The answer's opening (``cover_first.opening``)."""
        return cover_first.opening(s, self.lexicon, _component(self.searcher, "index"), _component(self.searcher, "terms"))

    async def _generate(self, s: "_State") -> None:
        turn = s.turn
        s.gen_in = self._generator_input(s)
        fast = turn.plan.mode == "fast"
        await turn.emit("generator", "running", "writing with the model (fast mode: compact prompt)"
                        if fast and turn.llm is not None else "")
        gen = await generator.run(s.gen_in, turn.llm_for("generator"), s.on_token)
        s.gen = gen
        s.removed = list(gen.removed_citations)
        if fast:
            turn.notes.append(FAST_NOTE)
            turn.notes.extend(gen.notes)
        message = self._citation_message(gen.citations, gen.removed_citations)
        message = f"{message} · by model, checked by code" if fast and gen.model_text_kept else turn.by(gen, message)
        await turn.finish("generator", gen, message)
        s.answer, s.citations = gen.response, list(gen.citations)
        if gen.used_llm and not gen.degraded:
            s.composed_by = "model+code" if gen.model_text_kept else "model"
        s.set_aside = gen.set_aside_reason

    # -- 5. validate (→ regenerate once, strictly) ------------------------------------------------
    async def _validate(self, s: "_State") -> None:
        turn = s.turn
        if not self.settings.validate_answers:
            await turn.emit("validator", "skipped", "validation switched off")
            return
        await turn.emit("validator", "running")
        val = await self._check(s, s.answer, turn.llm_for("validator"))
        s.verdict = val.verdict
        await turn.finish("validator", val, turn.by(val, self._verdict_message(val, s)))
        if val.verdict != "INVALID":
            return
        fast, gen = turn.plan.mode == "fast", s.gen
        if fast and gen.model_text_kept:
            # no second model call in fast mode: the verses-only answer composed by code instead
            await self._fall_back(s, s.gen_in.copy(update={"compact": False}),
                                  "The model's answer did not pass the check against the verses; showing the "
                                  "answer composed from the verses instead.",
                                  "the check found claims the verses do not support")
        elif not fast and gen.used_llm and turn.llm_for("generator") is not None:
            await self._regenerate(s, val.unsupported_claims)
        else:
            turn.notes.append("The validator flagged parts of this answer: " + "; ".join(val.unsupported_claims[:3]))

    async def _check(self, s: "_State", answer: str, llm: Optional[LLMContext]) -> Any:
        curated = [m.passage.about for m in (getattr(s.frame, "named", None) or []) if getattr(m, "passage", None)]
        return await validator.run(validator.ValidatorInput(user_query=s.standalone, verses=s.verses,
                                                            response=answer, curated=curated), llm)

    async def _regenerate(self, s: "_State", problems: List[str]) -> None:
        turn = s.turn
        await turn.emit("generator", "running", "regenerating with a stricter, verses-only prompt")
        strict = await generator.run(s.gen_in.copy(update={"strict": True, "problems": problems}),
                                     turn.llm_for("generator"), s.on_token)
        s.removed += [r for r in strict.removed_citations if r not in s.removed]
        await turn.finish("generator", strict, self._citation_message(strict.citations, strict.removed_citations))
        await turn.emit("validator", "running", "checking the regenerated answer")
        val2 = await self._check(s, strict.response, turn.llm_for("validator"))
        await turn.finish("validator", val2, turn.by(val2, self._verdict_message(val2, s)))
        if val2.verdict == "VALID":
            s.answer, s.citations, s.verdict = strict.response, list(strict.citations), "VALID"
            s.composed_by = "model" if strict.used_llm and not strict.degraded else "code"
            s.set_aside = strict.set_aside_reason
        else:
            await self._fall_back(s, s.gen_in, "The model's answer could not be validated twice; showing the "
                                               "extractive answer composed from the verses instead.",
                                  "the check found claims the verses do not support, twice")

    async def _fall_back(self, s: "_State", gen_in: generator.GeneratorInput, note: str, why: str) -> None:
        fallback = await generator.run(gen_in, None, None)
        s.answer, s.citations = fallback.response, list(fallback.citations)
        s.composed_by, s.set_aside = "code", why
        s.verdict = (await self._check(s, s.answer, None)).verdict
        s.turn.notes.append(note)
        if s.on_token:
            s.on_token("\n\n" + s.answer)

    # -- 6. score: deep mode (critique → improve → evaluate) or one evaluation --------------------
    async def _score(self, s: "_State") -> None:
        turn = s.turn
        if self.settings.deep_mode and self.settings.deep_rounds > 0 and s.fact is None:
            before = s.answer
            s.answer, s.citations, s.score, removed = await self._deep(s.standalone, s.verses, s.answer,
                                                                       s.citations, turn, s.support)
            if s.answer != before and turn.llm_for("critic") is not None and s.composed_by == "code":
                s.composed_by = "model+code"  # the model's improvement of code's answer was kept
            s.removed += [r for r in removed if r not in s.removed]
            if turn.llm_for("evaluator") is None:  # a model's grades stand; code's score is calibrated
                s.score = self._calibrate(s, s.score or 0.0)
            return
        await turn.emit("evaluator", "running")
        ev = await evaluator.run(evaluator.EvaluatorInput(user_query=s.standalone, verses=s.verses,
                                                          response=s.answer, support=s.support))
        s.score = self._calibrate(s, ev.score)  # the evidence the turn has, weighed (agents.confidence)
        await turn.finish("evaluator", ev, f"confidence {s.score:.2f}" + (" (weak evidence)" if s.support < evidence.WEAK
                                                                          else ""))

    def _calibrate(self, s: "_State", quality: float, kind: str = "answer") -> float:
        """The turn's confidence from its evidence features and the fitted weights; its evidence is kept
        on ``last_evidence`` for the calibration script (``pyapp.eval.calibrate``)."""
        try:
            self.last_evidence = confidence.evidence_of(s, quality, self.lexicon, kind)
            return confidence.score(confidence.features_from(self.last_evidence, self.lexicon, self.idf()))
        except Exception:  # a bug in a feature must not end the turn: the evaluator's score stands
            return quality

    # -- 7. remember good answers -----------------------------------------------------------------
    async def _remember(self, s: "_State") -> None:
        if self.memory is None or not self.settings.use_memory:
            return
        turn = s.turn
        await turn.emit("memory", "running", "saving")
        try:
            stored = s.verdict != "INVALID" and await self.memory.remember(
                s.standalone, s.answer, s.verses, s.citations, s.score or 0.0, self.engine.name)
            await turn.emit("memory", "done", "answer remembered" if stored
                            else f"not remembered (score below {STORE_THRESHOLD})")
        except Exception as exc:
            await turn.emit("memory", "error", f"could not save: {exc}"[:200])

    # -- endings ----------------------------------------------------------------------------------
    def _exit(self, s: "_State", kind: str) -> TurnResult:
        """The seed's two exits, verbatim first, then one line on what to ask instead."""
        if kind == "off_topic":
            answer = f"{OFF_TOPIC}. {self._ask_instead(s)}"
        else:
            answer = INSUFFICIENT + (f". {s.search_error}" if s.search_error else "")
            answer += f". {compose.insufficient_hint(s.frame)}"
        if s.on_token:
            s.on_token(answer)
        return TurnResult(kind=kind, question=s.question, standalone_question=s.standalone, answer=answer,
                          search_terms=s.terms, rounds=s.rounds, error=s.search_error if kind != "off_topic" else None,
                          score=self._calibrate(s, 0.0, kind))

    def _ask_instead(self, s: "_State") -> str:
        """After the refusal: what the reader can ask instead; for another scripture's passage that has a
        counterpart in the RigVeda, where that is (``pyapp.reading.lookalike``)."""
        if s.lookalike is not None:
            return s.lookalike.instead
        question = (s.foreign.reading if s.foreign is not None else "") or s.standalone or s.question
        pointer = lookalike.pointer(question, self.lexicon, lambda text: self.read(text).named)
        return f"{pointer} {compose.off_topic_hint(question)}".strip()

    def _answer(self, s: "_State") -> TurnResult:
        self._title_origin(s)
        if s.lead and not s.answer.startswith(s.lead):
            s.answer = f"{s.lead}\n\n{s.answer}"

        if s.standalone and prophecy.asks(s.standalone):  # "is Kalki foretold in the RigVeda?": the "No" first
            s.answer = prophecy.lead(s.answer)
        return TurnResult(kind="answer", question=s.question, standalone_question=s.standalone, answer=s.answer,
                          citations=s.citations, removed_citations=s.removed, verses=s.verses,
                          validation=s.verdict, score=s.score, search_terms=s.terms, rounds=s.rounds,
                          composed_by=s.composed_by, set_aside_reason=s.set_aside)

    def read(self, text: str) -> QuestionFrame:
        """The question read by code (see ``pyapp.reading.question``), with the index's knowledge of words."""
        text_index = _component(self.searcher, "text_index")
        known = None
        looks_sanskrit: Optional[bool] = None
        idf = self.idf()
        if idf is not None:
            def known(word: str) -> bool:
                return idf(stem(word)) > 0
        if text_index is not None and hasattr(text_index, "detect_language"):
            try:
                looks_sanskrit = text_index.detect_language(text)[0] == "sanskrit"
            except Exception:
                looks_sanskrit = None
        def is_sanskrit(part: str) -> bool:  # a quoted Hindi or Marathi phrase ('हमें डर न हो') is no Sanskrit line
            return (text_index is not None and text_index.detect_language(part)[0] == "sanskrit"
                    and detect_language(part).code not in ("hi", "mr", "ne"))

        return read_question(text, self.lexicon, _component(self.searcher, "terms"), known, looks_sanskrit,
                             is_sanskrit if text_index is not None and hasattr(text_index, "detect_language") else None)

    async def _deep(self, query: str, verses: List[SearchResult], answer: str, citations: List[str],
                    turn: _Turn, support: Optional[float] = None) -> Tuple[str, List[str], float, List[str]]:
        removed: List[str] = []
        await turn.emit("evaluator", "running", "scoring the answer")
        ev = await evaluator.run(evaluator.EvaluatorInput(user_query=query, verses=verses, response=answer, support=support),
                                 turn.llm_for("evaluator"))
        score = ev.score
        await turn.finish("evaluator", ev, f"score {score:.2f}")
        for round_no in range(1, self.settings.deep_rounds + 1):
            await turn.emit("critic", "running", f"critique round {round_no}", round=round_no)
            inp = critic.CriticInput(user_query=query, verses=verses, response=answer)
            crit = await critic.critique(inp, turn.llm_for("critic"))
            await turn.finish("critic", crit, crit.critique, round=round_no)
            if not crit.issues and not crit.used_llm:
                break
            await turn.emit("critic", "running", f"improving (round {round_no})", round=round_no)
            imp = await critic.improve(inp.copy(update={"critique": crit.critique, "issues": crit.issues}),
                                       turn.llm_for("critic"))
            await turn.finish("critic", imp, self._citation_message(imp.citations, imp.removed_citations), round=round_no)
            if not imp.success or not imp.improved_response.strip() or imp.improved_response.strip() == answer.strip():
                break
            await turn.emit("evaluator", "running", f"scoring the improvement (round {round_no})", round=round_no)
            ev2 = await evaluator.run(evaluator.EvaluatorInput(user_query=query, verses=verses,
                                                               response=imp.improved_response, support=support),
                                      turn.llm_for("evaluator"))
            keep = ev2.score >= score + IMPROVEMENT_MARGIN
            await turn.finish("evaluator", ev2, f"score {ev2.score:.2f} vs {score:.2f}: "
                              + ("improvement kept" if keep else "improvement dropped"), round=round_no)
            if not keep:
                break
            answer, citations, score = imp.improved_response, list(imp.citations), ev2.score
            removed += [r for r in imp.removed_citations if r not in removed]
        return answer, citations, score, removed

    @staticmethod
    def _citation_message(cited: List[str], removed: List[str]) -> str:
        msg = f"{len(cited)} citation(s)"
        if removed:
            msg += "; removed citation(s) of verses not provided: " + ", ".join(f"RV {r}" for r in removed)
        return msg

    @staticmethod
    def _verdict_message(val: Any, s: Optional[_State] = None) -> str:
        if val.verdict == "VALID":
            if s is not None and s.support < evidence.WEAK:
                return "quotations check out, but the verses barely touch the question (weak evidence)"
            return "VALID"
        return "INVALID: " + "; ".join(val.unsupported_claims[:3])
