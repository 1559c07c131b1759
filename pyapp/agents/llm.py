"""The agents' single doorway to an engine: counts calls, parses JSON, retries once, degrades.

Why centralised: the budget (≤ 4 LLM calls for a typical question) and the JSON policy
(repair what is safe → retry once with the parse error → fall back to the deterministic agent
and say so) must be identical for every agent, and the count must be exact for the status
badges and the eval.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable, Generic, List, Optional, Type, TypeVar

from pydantic import BaseModel

from pyapp.engines.base import ChatMessage, ChatRequest, Engine, EngineError, collect
from pyapp.engines.json_repair import JSONRepairError, parse_reply, schema_for
from pyapp.schemas import to_camel

R = TypeVar("R", bound=BaseModel)


class ReplyModel(BaseModel):
    """Base for what a model is asked to return: camelCase keys, unknown keys ignored (a chatty
    model's extra key is harmless), types strictly validated."""

    class Config:
        extra = "ignore"
        allow_population_by_field_name = True
        alias_generator = to_camel


@dataclass
class JsonOutcome(Generic[R]):
    reply: Optional[R]
    degraded: Optional[str] = None  # why the caller must fall back (None = reply is usable)
    repaired: bool = False
    retried: bool = False


@dataclass
class LLMContext:
    """Per-turn engine access; ``calls`` is the number of LLM calls made so far this turn."""

    engine: Engine
    calls: int = 0
    notes: List[str] = field(default_factory=list)

    async def ask_json(self, agent: str, system: str, user: str, reply_model: Type[R],
                       max_tokens: int = 384) -> JsonOutcome[R]:
        schema = schema_for(reply_model)
        system = (system.rstrip() + "\n\nReply with ONE JSON object only, no prose, matching this JSON schema:\n"
                  + json.dumps(schema, ensure_ascii=False))
        messages = [ChatMessage(role="system", content=system), ChatMessage(role="user", content=user)]
        text = ""
        for attempt in range(2):
            request = ChatRequest(agent=agent, messages=messages, json_schema=schema,
                                  stream=False, max_tokens=max_tokens, temperature=0.0 if attempt else 0.2)
            self.calls += 1
            try:
                text = await collect(self.engine, request)
            except EngineError as exc:
                return JsonOutcome(None, degraded=f"the model failed ({_one_line(exc)})", retried=attempt > 0)
            except Exception as exc:  # a broken engine must not end the turn
                return JsonOutcome(None, degraded=f"the model failed ({type(exc).__name__})", retried=attempt > 0)
            try:
                reply, repaired = parse_reply(text, reply_model)
                return JsonOutcome(reply, repaired=repaired, retried=attempt > 0)
            except JSONRepairError as exc:
                error = str(exc)
            messages = messages[:2] + [
                ChatMessage(role="assistant", content=text[:2000]),
                ChatMessage(role="user", content=f"That reply could not be used: {error}. "
                            "Answer again with only the JSON object."),
            ]
        return JsonOutcome(None, degraded=f"the model's reply was not valid JSON twice ({error})", retried=True)

    async def ask_text(self, agent: str, system: str, user: str,
                       on_token: Optional[Callable[[str], None]] = None,
                       max_tokens: int = 700) -> Optional[str]:
        """A streamed free-text call; returns None when the engine failed (caller degrades)."""
        request = ChatRequest(agent=agent, stream=True, max_tokens=max_tokens, messages=[
            ChatMessage(role="system", content=system), ChatMessage(role="user", content=user)])
        self.calls += 1
        try:
            return await collect(self.engine, request, on_token)
        except EngineError as exc:
            self.notes.append(f"{agent}: the model failed ({_one_line(exc)})")
            return None
        except Exception as exc:
            self.notes.append(f"{agent}: the model failed ({type(exc).__name__})")
            return None


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:200]


def safe_token_sink(on_token: Optional[Callable[[str], None]]) -> Optional[Callable[[str], None]]:
    """Wrap the UI callback so a UI error never ends the turn."""
    if on_token is None:
        return None

    def sink(chunk: str) -> None:
        try:
            on_token(chunk)
        except Exception:
            pass

    return sink
