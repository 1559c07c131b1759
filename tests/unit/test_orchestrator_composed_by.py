"""Who composed the answer shown: ``TurnResult.composed_by`` and ``set_aside_reason`` are set by the
orchestrator where it falls back, so the page's label (web/ui/chat.js) tells what happened — never
"answered by the model" when code composed the answer after the model's text failed the checks."""
from __future__ import annotations

import json

import pytest

from pyapp.engines import EngineError, ScriptedEngine
from pyapp.orchestrator import Orchestrator

from test_orchestrator_support import FIRE, FakeSearcher, run_turn

Q = "Who is Agni the fire priest?"
GOOD = "Old and new seers alike praise Agni [RV 1.1.2]."
ANALYZER_OK = json.dumps({"relevantRefs": ["1.1.1", "1.1.2", "1.1.5"], "needsMoreSearch": False,
                          "searchSuggestion": ""})
VALID = json.dumps({"verdict": "VALID", "unsupportedClaims": []})
INVALID = json.dumps({"verdict": "INVALID", "unsupportedClaims": ["Agni rules the moon"]})


def _cpu(reply) -> ScriptedEngine:
    return ScriptedEngine(profile="cpu").enqueue(reply, agent="generator")


def test_no_model_means_code_composed_it_and_nothing_was_set_aside() -> None:
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE})), Q)
    assert result.composed_by == "code" and result.set_aside_reason is None
    wire = json.loads(result.json(by_alias=True))
    assert wire["composedBy"] == "code" and wire["setAsideReason"] is None  # what the page reads


def test_a_small_models_kept_sentences_are_labelled_model_plus_code() -> None:
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu(GOOD)), Q)
    assert result.answer.startswith(GOOD)
    assert result.composed_by == "model+code" and result.set_aside_reason is None


@pytest.mark.parametrize("reply, why", [
    ("The ocean is made of milk and honey for the kings of old.", "no sentence passed the checks"),
    ("Agni rules the moon and the tides of the sea [RV 9.9.9].", "cited only verses it was not given"),
    ("", "wrote nothing"),
    (EngineError("The model crashed"), "the model failed"),
])
def test_a_small_models_unusable_text_is_set_aside_with_the_reason(reply, why: str) -> None:
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu(reply)), Q)
    assert result.engine == "scripted" and result.llm_calls == 1  # a model was chosen and asked
    assert result.composed_by == "code"
    assert why in (result.set_aside_reason or ""), result.set_aside_reason


def test_fast_mode_answer_rejected_by_the_validator_says_code_composed_it(validator_rejects_once: None) -> None:
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), _cpu(GOOD)), Q)
    assert GOOD not in result.answer
    assert result.composed_by == "code"
    assert "claims the verses do not support" in (result.set_aside_reason or "")


def test_a_full_mode_model_answer_that_passes_is_the_models() -> None:
    engine = ScriptedEngine(profile="gpu")
    engine.enqueue(ANALYZER_OK, agent="analyzer").enqueue(GOOD, agent="generator").enqueue(VALID, agent="validator")
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), engine), Q)
    assert result.answer == GOOD and result.composed_by == "model" and result.set_aside_reason is None


def test_a_full_mode_answer_invalid_twice_is_replaced_and_says_why() -> None:
    engine = ScriptedEngine(profile="gpu")
    engine.enqueue(ANALYZER_OK, agent="analyzer")
    engine.enqueue("Agni rules the moon [RV 1.1.1].", agent="generator").enqueue(INVALID, agent="validator")
    engine.enqueue("Agni rules the moon again [RV 1.1.1].", agent="generator").enqueue(INVALID, agent="validator")
    result, _, _ = run_turn(Orchestrator(FakeSearcher({Q: FIRE}), engine), Q)
    assert "moon" not in result.answer
    assert result.composed_by == "code"
    assert "twice" in (result.set_aside_reason or "") and "do not support" in result.set_aside_reason
