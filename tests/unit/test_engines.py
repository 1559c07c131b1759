"""Engines: the scripted double, the extractive engine, JSON repair and schemas for constrained decoding."""
from __future__ import annotations

import asyncio
import json

import pytest

from pyapp.agents.analyzer import AnalyzerReply
from pyapp.agents.classifier import ClassifierReply
from pyapp.agents.llm import LLMContext
from pyapp.agents.translator import TranslatorReply
from pyapp.engines import (ChatMessage, ChatRequest, EngineError, ExtractiveEngine, JSONRepairError,
                           ScriptedEngine, collect, extract_json, parse_reply, schema_for)


def _req(agent: str = "classifier") -> ChatRequest:
    return ChatRequest(agent=agent, messages=[ChatMessage(role="user", content="hi")])


def test_scripted_engine_streams_chunks_and_records_requests() -> None:
    engine = ScriptedEngine([["Hel", "lo"]])
    seen = []
    text = asyncio.run(collect(engine, _req("generator"), seen.append))
    assert text == "Hello" and seen == ["Hel", "lo"]
    assert engine.calls == 1 and engine.requests[0].agent == "generator"


def test_scripted_engine_per_agent_queue_exceptions_callables_and_exhaustion() -> None:
    engine = ScriptedEngine(["shared"]).enqueue("mine", agent="validator").enqueue(EngineError("boom"))
    assert asyncio.run(collect(engine, _req("validator"))) == "mine"
    assert asyncio.run(collect(engine, _req("critic"))) == "shared"
    with pytest.raises(EngineError, match="boom"):
        asyncio.run(collect(engine, _req("critic")))
    with pytest.raises(EngineError, match="no reply queued"):
        asyncio.run(collect(engine, _req("critic")))
    echo = ScriptedEngine(default=lambda r: r.agent.upper())
    assert asyncio.run(collect(echo, _req("analyzer"))) == "ANALYZER"


def test_extractive_engine_is_not_an_llm_and_refuses_calls() -> None:
    engine = ExtractiveEngine()
    assert engine.is_llm is False and engine.name == "extractive"
    with pytest.raises(EngineError):
        asyncio.run(collect(engine, _req()))


@pytest.mark.parametrize("text, expected, repaired", [
    ('{"a": 1}', {"a": 1}, False),
    ('```json\n{"a": [1, 2,],}\n```', {"a": [1, 2]}, True),
    ('Sure! Here it is: {"a": "b"} Hope this helps.', {"a": "b"}, True),
    ("{'a': 'it's fine', 'b': True, 'c': None}", {"a": "it's fine", "b": True, "c": None}, True),
    ('{"a": "x } y"} trailing', {"a": "x } y"}, True),
])
def test_extract_json_repairs_safe_damage(text: str, expected: dict, repaired: bool) -> None:
    assert extract_json(text) == (expected, repaired)


@pytest.mark.parametrize("text, message", [
    ('{"a": "cut off', "cut off"),
    ("no json here", "no JSON object"),
    ("", "empty"),
    ("[1, 2]", "expected a JSON object"),
])
def test_extract_json_refuses_unsafe_guesses(text: str, message: str) -> None:
    with pytest.raises(JSONRepairError, match=message):
        extract_json(text)


def test_parse_reply_validates_types_and_accepts_camel_case() -> None:
    reply, _ = parse_reply('{"isAboutRigVeda": true, "reason": "x", "rewrittenQuery": "q", "extra": 1}',
                           ClassifierReply)
    assert reply.is_about_rig_veda is True and reply.rewritten_query == "q"
    with pytest.raises(JSONRepairError, match="schema"):
        parse_reply('{"isAboutRigVeda": {"nested": 1}}', ClassifierReply)


def test_schema_for_is_flat_camel_case_and_closed() -> None:
    schema = schema_for(TranslatorReply)
    text = json.dumps(schema)
    assert "$ref" not in text and "definitions" not in text and "title" not in text
    assert schema["additionalProperties"] is False
    item = schema["properties"]["translations"]["items"]
    assert item["required"] == ["ref", "translation"] and item["additionalProperties"] is False
    assert set(schema_for(AnalyzerReply)["properties"]) == {"relevantRefs", "needsMoreSearch", "searchSuggestion"}


def test_ask_json_repairs_then_retries_once_with_the_error_then_degrades() -> None:
    good = '{"isAboutRigVeda": false, "reason": "r", "rewrittenQuery": "q"}'
    # repaired on the first call: one call
    ctx = LLMContext(ScriptedEngine(["```json\n" + good + "\n```"]))
    out = asyncio.run(ctx.ask_json("classifier", "sys", "user", ClassifierReply))
    assert out.reply is not None and out.repaired and ctx.calls == 1
    # broken, then fixed on the retry, which carries the parse error
    engine = ScriptedEngine(['{"isAboutRigVeda": fal', good])
    ctx = LLMContext(engine)
    out = asyncio.run(ctx.ask_json("classifier", "sys", "user", ClassifierReply))
    assert out.reply is not None and out.retried and ctx.calls == 2
    assert "could not be used" in engine.requests[1].messages[-1].content
    assert engine.requests[0].json_schema == schema_for(ClassifierReply)
    # broken twice: degrade, no third call
    ctx = LLMContext(ScriptedEngine(["nope", '{"isAboutRigVeda": "maybe?"}', good]))
    out = asyncio.run(ctx.ask_json("classifier", "sys", "user", ClassifierReply))
    assert out.reply is None and "not valid JSON twice" in out.degraded and ctx.calls == 2
    # an engine failure degrades at once (no retry)
    ctx = LLMContext(ScriptedEngine([EngineError("no-webgpu: WebGPU is not available")]))
    out = asyncio.run(ctx.ask_json("classifier", "sys", "user", ClassifierReply))
    assert out.reply is None and "WebGPU" in out.degraded and ctx.calls == 1
