"""The one engine interface every agent talks to (OpenAI chat-completions shape).

Why one async-generator method: streaming and non-streaming callers share one path (the
generator streams tokens to the UI; JSON agents just join the chunks and parse), the same way
simonw/llm's ``execute()`` yields chunks. The browser engines (WebLLM, wllama, an OpenAI
endpoint) live behind ``pyapp.bridge.BridgeEngine``; CPython tests use ``ScriptedEngine``.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, AsyncIterator, Callable, Dict, List, Literal, Optional

from pydantic import Field

from pyapp.schemas import WireModel


class ChatMessage(WireModel):
    role: Literal["system", "user", "assistant"]
    content: str


class ChatRequest(WireModel):
    """One LLM call. ``json_schema`` set = the reply must be one JSON object of that schema
    (WebLLM passes it as response_format json_object+schema, wllama turns it into a grammar)."""

    agent: str
    messages: List[ChatMessage]
    json_schema: Optional[Dict[str, Any]] = None
    stream: bool = False
    max_tokens: int = Field(512, ge=1)
    temperature: float = Field(0.2, ge=0.0, le=2.0)


class EngineError(Exception):
    """An engine could not produce a reply; the message is one human-readable line."""


class Engine(ABC):
    """``complete`` is an async generator of text chunks; it raises ``EngineError`` on failure."""

    name: str = "engine"
    is_llm: bool = True

    @abstractmethod
    def complete(self, request: ChatRequest) -> AsyncIterator[str]:
        """Yield the reply as text chunks (one chunk is fine when not streaming)."""


async def collect(engine: Engine, request: ChatRequest,
                  on_chunk: Optional[Callable[[str], None]] = None) -> str:
    """Run one call to completion, forwarding chunks to ``on_chunk`` (the UI stream)."""
    parts: List[str] = []
    async for chunk in engine.complete(request):
        if not isinstance(chunk, str):
            chunk = str(chunk)
        parts.append(chunk)
        if on_chunk is not None:
            on_chunk(chunk)
    return "".join(parts)
