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

Speed = Literal["none", "cpu", "gpu", "remote"]


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


class EngineProfile(WireModel):
    """What one LLM call costs on this engine, so the orchestrator can size its budget.

    Why: the same multi-agent flow that takes seconds on a GPU or a server takes many minutes on
    a 135M model running single-threaded in WebAssembly (prompt ≈ 9 tokens/s, generation ≈ 7
    tokens/s on 2 cores). ``speed`` is a class, not a number, because the numbers vary with the
    machine; ``context_window`` is in tokens.
    """

    speed: Speed = "remote"
    context_window: int = Field(4096, ge=256)


# Engine name → profile, for engines that do not carry one (the bridge names its JS-backed
# engine after the JS engine id: "wllama", "webllm", "openai").
DEFAULT_PROFILES: Dict[str, EngineProfile] = {
    "extractive": EngineProfile(speed="none", context_window=256),
    "wllama": EngineProfile(speed="cpu", context_window=4096),  # web/engines/wllama.js loads n_ctx 4096
    "webllm": EngineProfile(speed="gpu", context_window=4096),
    "openai": EngineProfile(speed="remote", context_window=8192),
}


class Engine(ABC):
    """``complete`` is an async generator of text chunks; it raises ``EngineError`` on failure.

    ``profile`` may be set per instance (or class); when it is None, ``profile_of`` derives it
    from ``name`` and ``is_llm``."""

    name: str = "engine"
    is_llm: bool = True
    profile: Optional[EngineProfile] = None

    @abstractmethod
    def complete(self, request: ChatRequest) -> AsyncIterator[str]:
        """Yield the reply as text chunks (one chunk is fine when not streaming)."""


def profile_of(engine: Engine) -> EngineProfile:
    """The engine's own profile, else the default for its name; a non-LLM engine is "none"."""
    if not engine.is_llm:
        return DEFAULT_PROFILES["extractive"]
    own = getattr(engine, "profile", None)
    if isinstance(own, EngineProfile):
        return own
    return DEFAULT_PROFILES.get(str(getattr(engine, "name", "")).split(":", 1)[0], EngineProfile())


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
