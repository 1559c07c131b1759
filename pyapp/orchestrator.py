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
import math
import re
import time
import unicodedata
from typing import Any, Callable, Dict, List, Optional, Tuple

from pydantic import Field
from pydantic import validator as field_validator

from pyapp.agents import analyzer, classifier, critic, evaluator, generator, searcher, translator, validator
from pyapp.agents.budget import FAST_NOTE, LLMPlan, normalise_effort, plan_for
from pyapp.agents.history import parse_history
from pyapp.agents.llm import LLMContext, safe_token_sink
from pyapp.engines.base import Engine, EngineProfile, profile_of
from pyapp.engines.extractive import ExtractiveEngine
from pyapp.lexicon import Lexicon, lexicon_for
from pyapp.memory import Memory
from pyapp.schemas import SearchResult, StatusEvent, TurnResult, WireModel

MAX_QUESTION_CHARS = 2000
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

_CONTROL = re.compile(r"[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def sanitize_question(question: Any) -> Tuple[str, List[str]]:
    """Control/format characters stripped, whitespace collapsed, long input cut (with a note)."""
    text = question if isinstance(question, str) else ("" if question is None else str(question))
    text = unicodedata.normalize("NFC", text)
    text = _CONTROL.sub(" ", text)
    text = " ".join(text.split())
    notes: List[str] = []
    if len(text) > MAX_QUESTION_CHARS:
        cut = text[:MAX_QUESTION_CHARS].rsplit(" ", 1)[0] or text[:MAX_QUESTION_CHARS]
        notes.append(f"Your question was {len(text):,} characters long; only the first {len(cut):,} were used "
                     f"(limit {MAX_QUESTION_CHARS:,}).")
        text = cut
    return text, notes


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

            def fn(stem: str) -> float:
                term_id = field.ids.get(stem)
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
        updates = {"llm_calls": turn.calls, "engine": self.engine.name,
                   "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                   "notes": list(dict.fromkeys(result.notes + turn.notes))}
        return result.copy(update=updates)

    async def _run(self, question: str, raw_history: List[Any], turn: _Turn,
                   on_token: Optional[Callable[[str], None]]) -> TurnResult:
        settings = self.settings
        if not question:
            await turn.emit("classifier", "error", "empty question")
            return TurnResult(success=False, kind="error", question="", error=EMPTY, answer=EMPTY)
        history = parse_history(raw_history)

        # 1. classify (+ rewrite follow-ups) -----------------------------------------------
        await turn.emit("classifier", "running")
        lexicon = self.lexicon
        cls = await classifier.run(classifier.ClassifierInput(user_query=question, history=history),
                                   lexicon, turn.llm_for("classifier"), self.similarity(), self.idf())
        standalone = cls.rewritten_query or question
        message = cls.reason
        if cls.is_follow_up and standalone != question:
            message = f"follow-up rewritten: {standalone}"
        await turn.finish("classifier", cls, turn.by(cls, message))
        if not cls.is_about_rig_veda:
            if on_token:
                on_token(OFF_TOPIC)
            return TurnResult(kind="off_topic", question=question, standalone_question=standalone, answer=OFF_TOPIC)

        # memory: a repeated question is answered at once ----------------------------------
        examples: List[generator.Example] = []
        if self.memory is not None and settings.use_memory:
            await turn.emit("memory", "running", "looking for the same question")
            try:
                hit = await self.memory.repeat_of(standalone)
                similar = [] if hit else await self.memory.recall(standalone, limit=1)
            except Exception as exc:
                hit, similar = None, []
                await turn.emit("memory", "error", f"memory unavailable: {exc}"[:200])
            else:
                if hit is not None:
                    await turn.emit("memory", "done", "answered from memory")
                    if on_token:
                        on_token(hit.answer)
                    return TurnResult(kind="memory", question=question, standalone_question=standalone,
                                      answer=hit.answer, citations=hit.citations, verses=hit.verses,
                                      score=hit.score, notes=[f"Answered from memory: an earlier answer to the same "
                                                              f"question (score {hit.score:.2f})."])
                examples = [generator.Example(question=i.question, answer=i.answer) for i, _ in similar]
                await turn.emit("memory", "done", "similar earlier answer offered as an example" if examples
                                else "nothing similar remembered")

        # 2. search ↔ analyze ---------------------------------------------------------------
        relevant: Dict[str, SearchResult] = {}
        terms: List[str] = []
        term: Optional[str] = standalone
        rounds = 0
        search_type = "hybrid"
        for round_index in range(settings.max_rounds):
            if term is None or term.strip().lower() in {t.strip().lower() for t in terms}:
                break
            rounds += 1
            await turn.emit("searcher", "running", f"searching: {term}", round=rounds, search_term=term)
            found = await searcher.run(searcher.SearcherInput(user_query=standalone,
                                                              search_suggestion=None if round_index == 0 else term,
                                                              k=settings.results_per_search), self.searcher)
            terms.append(term)
            if not found.success:
                await turn.emit("searcher", "error", found.error or "search failed", round=rounds, search_term=term)
                if round_index == 0 and not found.search_results:
                    answer = INSUFFICIENT + (f". {found.error}" if found.error else "")
                    if on_token:
                        on_token(answer)
                    return TurnResult(kind="insufficient", question=question, standalone_question=standalone,
                                      answer=answer, search_terms=terms, rounds=rounds,
                                      error=found.error)
                break
            search_type = found.search_type
            await turn.emit("searcher", "done", found.method_reason or found.search_type, round=rounds,
                            search_term=found.search_term or term, result_count=len(found.search_results))
            await turn.emit("analyzer", "running", round=rounds)
            analysis = await analyzer.run(analyzer.AnalyzerInput(
                user_query=standalone, search_results=found.search_results, iteration_count=min(round_index, 4),
                previous_search_terms=terms, known_relevant=list(relevant), search_type=found.search_type,
                target=settings.target_verses), turn.llm_for("analyzer"), self.idf())
            for verse in analysis.relevant_verses:
                relevant.setdefault(verse.book_context, verse)
            suggestion = analysis.search_suggestion
            note = f"{len(relevant)} relevant verse(s)"
            if analysis.needs_more_search and suggestion and len(relevant) < settings.target_verses:
                note += f"; next search: {suggestion}"
            await turn.finish("analyzer", analysis, turn.by(analysis, note), round=rounds, relevant_count=len(relevant),
                              result_count=len(found.search_results))
            if found.search_type == "bookContext" and found.search_results:
                break  # a direct reference is sufficient by itself
            if len(relevant) >= settings.target_verses or not analysis.needs_more_search:
                break
            term = suggestion

        # 3. nothing relevant ------------------------------------------------------------------
        if not relevant:
            if on_token:
                on_token(INSUFFICIENT)
            return TurnResult(kind="insufficient", question=question, standalone_question=standalone,
                              answer=INSUFFICIENT, search_terms=terms, rounds=rounds)

        # 4. translate, generate ---------------------------------------------------------------
        await turn.emit("translator", "running")
        tr = await translator.run(translator.TranslatorInput(
            user_query=standalone, verses=list(relevant.values()), model_translation=settings.model_translation,
            max_verses=settings.answer_verses), turn.llm_for("translator"))
        verses = tr.translated_verses or list(relevant.values())[:settings.answer_verses]
        if settings.model_translation and turn.llm is not None and not turn.plan.uses_model("translator"):
            turn.notes.append("Model translations are skipped in fast mode; the reference translation is shown.")
        await turn.finish("translator", tr, turn.by(tr, f"{len(verses)} verse(s) selected"),
                          relevant_count=len(verses))

        hits = lexicon.analyse(standalone)
        gen_in = generator.GeneratorInput(
            user_query=standalone, translated_verses=verses, examples=examples[:1],
            is_reference=cls.is_reference and search_type == "bookContext",
            is_sanskrit=hits.looks_sanskrit, subject_names=lexicon.main_names(standalone),
            compact=turn.plan.compact)
        fast = turn.plan.mode == "fast"
        await turn.emit("generator", "running", "writing with the model (fast mode: compact prompt)"
                        if fast and turn.llm is not None else "")
        gen = await generator.run(gen_in, turn.llm_for("generator"), on_token)
        removed = list(gen.removed_citations)
        if fast:
            turn.notes.append(FAST_NOTE)
            turn.notes.extend(gen.notes)
        gen_message = self._citation_message(gen.citations, gen.removed_citations)
        if fast and gen.model_text_kept:
            gen_message = f"{gen_message} · by model, checked by code"
        else:
            gen_message = turn.by(gen, gen_message)
        await turn.finish("generator", gen, gen_message)
        answer, citations = gen.response, list(gen.citations)

        # 5. validate (→ regenerate once, strictly) -----------------------------------------
        verdict: Optional[str] = None
        if settings.validate_answers:
            await turn.emit("validator", "running")
            val = await validator.run(validator.ValidatorInput(user_query=standalone, verses=verses,
                                                               response=answer), turn.llm_for("validator"))
            verdict = val.verdict
            await turn.finish("validator", val, turn.by(val, self._verdict_message(val)))
            if val.verdict == "INVALID" and fast and gen.model_text_kept:
                # no second model call in fast mode: the verses-only answer composed by code instead
                fallback = await generator.run(gen_in.copy(update={"compact": False}), None, None)
                answer, citations = fallback.response, list(fallback.citations)
                check = await validator.run(validator.ValidatorInput(user_query=standalone, verses=verses,
                                                                     response=answer), None)
                verdict = check.verdict
                turn.notes.append("The model's answer did not pass the check against the verses; showing the "
                                  "answer composed from the verses instead.")
                if on_token:
                    on_token("\n\n" + answer)
            elif val.verdict == "INVALID" and not fast and gen.used_llm and turn.llm_for("generator") is not None:
                await turn.emit("generator", "running", "regenerating with a stricter, verses-only prompt")
                strict = await generator.run(gen_in.copy(update={"strict": True, "problems": val.unsupported_claims}),
                                             turn.llm_for("generator"), on_token)
                removed += [r for r in strict.removed_citations if r not in removed]
                await turn.finish("generator", strict, self._citation_message(strict.citations,
                                                                              strict.removed_citations))
                await turn.emit("validator", "running", "checking the regenerated answer")
                val2 = await validator.run(validator.ValidatorInput(user_query=standalone, verses=verses,
                                                                    response=strict.response), turn.llm_for("validator"))
                await turn.finish("validator", val2, turn.by(val2, self._verdict_message(val2)))
                if val2.verdict == "VALID":
                    answer, citations, verdict = strict.response, list(strict.citations), "VALID"
                else:
                    fallback = await generator.run(gen_in, None, None)
                    answer, citations, verdict = fallback.response, list(fallback.citations), "VALID"
                    turn.notes.append("The model's answer could not be validated twice; showing the extractive "
                                      "answer composed from the verses instead.")
                    if on_token:
                        on_token("\n\n" + answer)
            elif val.verdict == "INVALID":
                turn.notes.append("The validator flagged parts of this answer: " + "; ".join(val.unsupported_claims[:3]))
        else:
            await turn.emit("validator", "skipped", "validation switched off")

        # 6. deep mode: critique → improve → evaluate ----------------------------------------
        score: Optional[float] = None
        if settings.deep_mode and settings.deep_rounds > 0:
            answer, citations, score, more_removed = await self._deep(standalone, verses, answer, citations, turn)
            removed += [r for r in more_removed if r not in removed]
        if score is None:
            await turn.emit("evaluator", "running")
            ev = await evaluator.run(evaluator.EvaluatorInput(user_query=standalone, verses=verses, response=answer))
            score = ev.score
            await turn.finish("evaluator", ev, f"score {ev.score:.2f}")

        # 7. remember good answers ---------------------------------------------------------------
        if self.memory is not None and settings.use_memory:
            await turn.emit("memory", "running", "saving")
            try:
                stored = verdict != "INVALID" and await self.memory.remember(
                    standalone, answer, verses, citations, score, self.engine.name)
                await turn.emit("memory", "done", "answer remembered" if stored else "not remembered (score ≤ 0.6)")
            except Exception as exc:
                await turn.emit("memory", "error", f"could not save: {exc}"[:200])

        return TurnResult(kind="answer", question=question, standalone_question=standalone, answer=answer,
                          citations=citations, removed_citations=removed, verses=verses, validation=verdict,
                          score=score, search_terms=terms, rounds=rounds)

    async def _deep(self, query: str, verses: List[SearchResult], answer: str, citations: List[str],
                    turn: _Turn) -> Tuple[str, List[str], float, List[str]]:
        removed: List[str] = []
        await turn.emit("evaluator", "running", "scoring the answer")
        ev = await evaluator.run(evaluator.EvaluatorInput(user_query=query, verses=verses, response=answer),
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
                                                               response=imp.improved_response),
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
    def _verdict_message(val: Any) -> str:
        if val.verdict == "VALID":
            return "VALID"
        return "INVALID: " + "; ".join(val.unsupported_claims[:3])
