"""The engine-aware LLM budget: a small CPU model gets one compact generator call per typical
question and code does the rest; GPU/remote engines keep the full ≤ 4-call flow; the reader's
"LLM effort" setting overrides; a useless small-model answer falls back to the extractive one."""
from __future__ import annotations

import json
from typing import List

import pytest

from pyapp.agents.budget import COMPACT_CHARS, COMPACT_MAX_TOKENS, COMPACT_VERSES, plan_for
from pyapp.agents.generator import DRAFT, compact_prefix
from pyapp.bridge import BridgeEngine
from pyapp.engines import EngineError, EngineProfile, ExtractiveEngine, ScriptedEngine, profile_of
from pyapp.orchestrator import Orchestrator, TurnSettings
from pyapp.schemas import SearchResponse

from test_orchestrator_support import FIRE, FakeSearcher, run_turn

Q = "Who is Agni the fire priest?"
ANALYZER_OK = json.dumps({"relevantRefs": ["1.1.1", "1.1.2", "1.1.5"], "needsMoreSearch": False,
                          "searchSuggestion": ""})
VALID = json.dumps({"verdict": "VALID", "unsupportedClaims": []})
GOOD = "Old and new seers alike praise Agni [RV 1.1.2]."


def _done(events, agent: str):
    return [e for e in events if e.agent == agent and e.phase in ("done", "degraded")][-1]


def _cpu(*generator_replies) -> ScriptedEngine:
    engine = ScriptedEngine(profile="cpu")
    for reply in generator_replies:
        engine.enqueue(reply, agent="generator")
    return engine


# --------------------------------------------------------------------------- plans and profiles


def test_plans_follow_the_engine_speed_and_the_readers_choice() -> None:
    cpu, gpu, remote = (EngineProfile(speed=s) for s in ("cpu", "gpu", "remote"))
    assert plan_for(cpu).mode == "fast" and plan_for(cpu).model_steps == {"generator"} and plan_for(cpu).compact
    assert plan_for(gpu).mode == "full" and "validator" in plan_for(gpu).model_steps
    assert plan_for(remote).mode == "full" and not plan_for(remote).compact
    assert plan_for(cpu, "full").mode == "full" and plan_for(gpu, "fast").mode == "fast"
    assert plan_for(gpu, "FAST ").mode == "fast" and plan_for(cpu, "turbo").mode == "fast"  # unknown → auto
    assert plan_for(gpu, "full", is_llm=False).mode == "none"


def test_engines_describe_themselves() -> None:
    assert profile_of(BridgeEngine("wllama")).speed == "cpu"  # the bridge names engines by their JS id
    assert profile_of(BridgeEngine("webllm")).speed == "gpu"
    assert profile_of(BridgeEngine("openai")).speed == "remote"
    assert profile_of(ExtractiveEngine()).speed == "none"
    assert profile_of(ScriptedEngine()).speed == "remote"
    assert profile_of(ScriptedEngine(profile="cpu")).speed == "cpu"
    own = EngineProfile(speed="gpu", context_window=2048)
    assert profile_of(ScriptedEngine(name="wllama", profile=own)) is own  # an engine's own profile wins


def test_llm_effort_arrives_from_the_ui_and_bad_values_mean_auto() -> None:
    assert TurnSettings.from_ui({"llmEffort": "full"})[0].llm_effort == "full"
    assert TurnSettings.from_ui({"llm_effort": "Fast"})[0].llm_effort == "fast"
    settings, notes = TurnSettings.from_ui({"llmEffort": "warp"})
    assert settings.llm_effort == "auto" and notes == []
    assert TurnSettings().llm_effort == "auto"


# --------------------------------------------------------------------------- call counts


def test_cpu_engine_makes_exactly_one_compact_generator_call() -> None:
    engine = _cpu(GOOD)
    result, events, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), engine), Q)
    assert result.kind == "answer" and result.llm_calls == 1 == engine.calls
    assert engine.agents_called() == ["generator"]
    request = engine.requests[0]
    assert request.max_tokens <= COMPACT_MAX_TOKENS and request.json_schema is None and request.stream
    prompt = request.messages[-1].content
    lines = [line for line in prompt.splitlines() if line.startswith("[RV ")]
    assert len(lines) == COMPACT_VERSES and all(len(line) <= COMPACT_CHARS + 20 for line in lines)
    assert Q in prompt and len(request.messages[0].content) < 300
    # every fast-mode prompt starts with the prefix the page hands a CPU model to read ahead
    prefix = compact_prefix()
    assert [m.role for m in request.messages] == [m["role"] for m in prefix]
    assert request.messages[0].content == prefix[0]["content"]
    assert prompt.startswith(prefix[1]["content"]) and len(prompt) > len(prefix[1]["content"]) + len(Q)
    # the status stream says which steps were code and which the model
    for agent in ("classifier", "analyzer", "translator", "validator"):
        assert "by code (fast mode)" in _done(events, agent).message, agent
    assert "by model" in _done(events, "generator").message
    assert any("Fast mode" in n for n in result.notes)


def test_gpu_and_remote_engines_keep_the_full_flow() -> None:
    for speed in ("gpu", "remote"):
        engine = ScriptedEngine(profile=speed)
        engine.enqueue(ANALYZER_OK, agent="analyzer").enqueue(GOOD, agent="generator").enqueue(VALID, agent="validator")
        result, events, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), engine), Q)
        assert engine.agents_called() == ["analyzer", "generator", "validator"] and result.llm_calls == 3
        assert result.answer == GOOD and "by model" in _done(events, "validator").message
        assert not any("Fast mode" in n for n in result.notes)


def test_the_reader_can_ask_for_the_full_flow_on_a_cpu_model_and_fast_on_a_gpu() -> None:
    engine = ScriptedEngine(profile="cpu")
    engine.enqueue(ANALYZER_OK, agent="analyzer").enqueue(GOOD, agent="generator").enqueue(VALID, agent="validator")
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), engine, settings={"llmEffort": "full"}), Q)
    assert result.llm_calls == 3
    engine = ScriptedEngine(profile="gpu").enqueue(GOOD, agent="generator")
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), engine, settings={"llmEffort": "fast"}), Q)
    assert result.llm_calls == 1 and engine.agents_called() == ["generator"]


def test_fast_mode_stays_at_one_call_for_follow_ups_deep_mode_and_model_translations() -> None:
    history = [{"question": "Who is Agni?", "answer": "Agni is the fire [RV 1.1.1].", "kind": "answer",
                "citations": ["1.1.1"]}]
    searcher = FakeSearcher(default=lambda q: SearchResponse(results=FIRE, search_term=q))
    engine = _cpu(GOOD)
    orch = Orchestrator(searcher, engine, settings={"deepMode": True, "modelTranslation": True})
    result, events, _ = run_turn(orch, "What does he give to the worshipper?", history)
    assert result.kind == "answer" and engine.agents_called() == ["generator"] and result.llm_calls == 1
    assert "Agni" in searcher.calls[0]  # rewritten by code
    assert ("critic", "running") in [(e.agent, e.phase) for e in events]  # deep mode ran, as code
    assert any("fast mode" in n for n in result.notes)  # model translations skipped, and said so


# --------------------------------------------------------------------------- small-model output


def _assert_extractive_fallback(result, events) -> None:
    assert result.kind == "answer" and result.llm_calls == 1
    assert "“" in result.answer and result.citations  # verse quotes composed by code
    assert set(result.citations) <= {v.book_context for v in result.verses}
    assert result.validation == "VALID"
    note = [n for n in result.notes if "not usable" in n]
    assert note, result.notes
    gen = _done(events, "generator")
    assert gen.phase == "degraded" and "by code" in gen.message


@pytest.mark.parametrize("reply, reason", [
    ("", "nothing"),
    ("Agni Agni Agni the the the fire fire fire " * 12, "repeated"),
    ("अग्निः पुरोहितः यज्ञस्य देवः ऋत्विजः होता रत्नधातमः [RV 1.1.1]. अग्निः पूर्वेभिः ऋषिभिः ईड्यः [RV 1.1.2].",
     "English"),
    ("Agni rules the moon and the tides of the sea [RV 9.9.9].", "given"),
    ("The ocean is made of milk and honey for the kings of old.", "checks"),
])
def test_a_useless_small_model_answer_falls_back_to_the_extractive_answer(reply: str, reason: str) -> None:
    result, events, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu(reply)), Q)
    _assert_extractive_fallback(result, events)
    assert "9.9.9" not in result.answer and "milk" not in result.answer and "अग्निः" not in result.answer
    assert any(reason in n for n in result.notes), result.notes


def test_a_failing_small_model_falls_back_too() -> None:
    result, events, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu(EngineError("The model crashed"))), Q)
    _assert_extractive_fallback(result, events)
    assert any("model crashed" in n for n in result.notes)


def test_the_sentences_that_pass_are_kept_and_the_verse_text_is_added_by_code() -> None:
    reply = ("Answer: Old and new seers alike praise Agni [RV 1.1.2]. Agni rules the moon [RV 9.9.9]. "
             "Old and new seers alike praise Agni [RV 1.1.2]. Agni lives in the Ganga river with the kings "
             "of Delhi. He is the priest who brings the gods to")
    result, events, tokens = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu(reply)), Q)
    assert result.llm_calls == 1 and result.kind == "answer"
    first = result.answer.split("\n")[0]
    assert first == GOOD  # the kept sentence opens the answer, once
    assert "moon" not in result.answer and "Ganga" not in result.answer and "brings the gods to" not in result.answer
    assert result.removed_citations == ["9.9.9"]
    # below it, code quotes the verses from the index, each cited
    assert "The key verses" in result.answer and result.answer.count("“") >= 3
    assert {"1.1.1", "1.1.2"} <= set(result.citations)
    assert any("dropped" in n and "repeated" in n for n in result.notes), result.notes
    assert result.validation == "VALID"
    gen = _done(events, "generator")
    assert gen.phase == "done" and "by model, checked by code" in gen.message and "RV 9.9.9" in gen.message
    # the raw reply reaches the reader only as a marked draft; the checked answer replaces it
    assert [t for t in tokens if not t.startswith(DRAFT)] == [result.answer]


def test_a_grounded_sentence_without_citation_is_cited_by_code() -> None:
    reply = "Through Agni a man gains wealth and heroes every day."
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu(reply)), Q)
    assert result.answer.split("\n")[0] == "Through Agni a man gains wealth and heroes every day [RV 1.1.3]."
    assert any("Citations added by code" in n and "RV 1.1.3" in n for n in result.notes)


def test_status_messages_name_no_model_for_the_no_llm_engine() -> None:
    result, events, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE})), Q)
    assert result.llm_calls == 0 and not any("by model" in e.message or "fast mode" in e.message for e in events)


def _calls_for(profile: str, questions: List[str]) -> List[int]:
    counts = []
    for q in questions:
        engine = ScriptedEngine(profile=profile, default=lambda r: {
            "analyzer": ANALYZER_OK, "validator": VALID,
            "classifier": json.dumps({"isAboutRigVeda": True, "reason": "ok", "rewrittenQuery": q}),
        }.get(r.agent, GOOD))
        searcher = FakeSearcher(default=lambda s: SearchResponse(results=FIRE, search_term=s))
        result, _, _ = run_turn(Orchestrator(searcher, engine), q)
        counts.append(result.llm_calls)
    return counts


def test_typical_questions_cost_one_call_on_cpu_and_at_most_four_elsewhere() -> None:
    questions = [Q, "What does Agni give to the worshipper?", "How is the fire priest praised by seers?"]
    assert _calls_for("cpu", questions) == [1, 1, 1]
    assert all(2 <= n <= 4 for n in _calls_for("gpu", questions))


def test_fast_mode_never_regenerates_an_invalid_answer_with_the_model(validator_rejects_once: None) -> None:
    engine = _cpu(GOOD)
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), engine), Q)
    assert engine.calls == 1 and result.llm_calls == 1
    assert GOOD not in result.answer and "“" in result.answer and result.validation == "VALID"
    assert any("did not pass the check" in n for n in result.notes)


# --------------------------------------------------------------------------- the visible draft


def _page(tokens: List[str]):
    """What web/ui/chat.js shows from a token stream: (draft text or None, answer text). A chunk
    starting with DRAFT adds to the draft; any other chunk ends the draft and is answer text."""
    draft, answer = None, ""
    for token in tokens:
        if token.startswith(DRAFT):
            draft = (draft or "") + token[len(DRAFT):]
        else:
            draft, answer = None, answer + token
    return draft, answer


def test_fast_mode_streams_the_model_text_as_a_draft_then_the_checked_answer_replaces_it() -> None:
    chunks = ["Old and new seers", " alike praise Agni [RV 1.1.2].", " Agni rules the moon [RV 9.9.9]."]
    result, _, tokens = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu(chunks)), Q)
    assert tokens[0] == DRAFT  # the draft box opens before the model's first token
    drafts = [t for t in tokens if t.startswith(DRAFT)]
    assert [t[len(DRAFT):] for t in drafts[1:]] == chunks  # every chunk, in order, as it came
    assert tokens.index(drafts[-1]) < tokens.index(result.answer)  # the draft ends before the answer
    assert _page(tokens[:len(drafts)]) == ("".join(chunks), "")  # while the model writes: the draft only
    assert _page(tokens) == (None, result.answer)  # after the checks: the checked answer, no draft
    assert "moon" not in result.answer and result.answer.startswith(GOOD)
    assert any("1 sentence dropped" in n for n in result.notes), result.notes  # what was dropped


def test_a_useless_draft_is_replaced_by_the_extractive_answer_with_a_note() -> None:
    reply = "The ocean is made of milk and honey for the kings of old."
    result, _, tokens = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu([reply])), Q)
    assert _page(tokens[:2]) == (reply, "")
    assert _page(tokens) == (None, result.answer) and "milk" not in result.answer
    assert any("not usable" in n for n in result.notes), result.notes


def test_a_failing_model_closes_the_empty_draft() -> None:
    result, _, tokens = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu(EngineError("crashed"))), Q)
    assert tokens == [DRAFT, result.answer] and _page(tokens) == (None, result.answer)


def test_no_draft_outside_fast_mode() -> None:
    engine = ScriptedEngine(profile="gpu")
    engine.enqueue(ANALYZER_OK, agent="analyzer").enqueue([GOOD[:10], GOOD[10:]], agent="generator")
    engine.enqueue(VALID, agent="validator")
    _, _, tokens = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), engine), Q)
    assert tokens and not any(t.startswith(DRAFT) for t in tokens)
    _, _, tokens = run_turn(Orchestrator(FakeSearcher({Q: FIRE})), Q)  # no LLM at all
    assert tokens and not any(t.startswith(DRAFT) for t in tokens)
