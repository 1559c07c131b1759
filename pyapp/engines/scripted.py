"""A test double engine: canned replies queued per call, every request recorded.

Modelled on simonw/llm's MockModel (``enqueue([...chunks])``). A reply may be a string, a list
of chunks (to exercise streaming), an ``Exception`` (raised as the call's failure) or a
callable ``(ChatRequest) -> reply`` (for replies that depend on the prompt). Replies queued
for a named agent are used first; otherwise the shared queue; otherwise ``default``.
"""
from __future__ import annotations

from collections import deque
from typing import AsyncIterator, Callable, Deque, Dict, List, Optional, Union

from pyapp.engines.base import ChatRequest, Engine, EngineError, EngineProfile

Reply = Union[str, List[str], BaseException, Callable[[ChatRequest], object]]


class ScriptedEngine(Engine):
    is_llm = True

    def __init__(self, replies: Optional[List[Reply]] = None, *, default: Optional[Reply] = None,
                 name: str = "scripted", profile: Union[EngineProfile, str, None] = None) -> None:
        self.name = name
        # a speed class ("cpu", "gpu", "remote") is enough for tests of the LLM budget
        self.profile = EngineProfile(speed=profile) if isinstance(profile, str) else profile
        self.queue: Deque[Reply] = deque(replies or [])
        self.per_agent: Dict[str, Deque[Reply]] = {}
        self.default = default
        self.requests: List[ChatRequest] = []

    def enqueue(self, reply: Reply, agent: Optional[str] = None) -> "ScriptedEngine":
        if agent is None:
            self.queue.append(reply)
        else:
            self.per_agent.setdefault(agent, deque()).append(reply)
        return self

    @property
    def calls(self) -> int:
        return len(self.requests)

    def agents_called(self) -> List[str]:
        return [r.agent for r in self.requests]

    def _next(self, request: ChatRequest) -> Reply:
        own = self.per_agent.get(request.agent)
        if own:
            return own.popleft()
        if self.queue:
            return self.queue.popleft()
        if self.default is not None:
            return self.default
        raise EngineError(f"scripted engine has no reply queued for {request.agent}")

    async def complete(self, request: ChatRequest) -> AsyncIterator[str]:
        self.requests.append(request)
        reply = self._next(request)
        while callable(reply) and not isinstance(reply, BaseException):
            reply = reply(request)
        if isinstance(reply, BaseException):
            raise reply
        chunks = reply if isinstance(reply, list) else [str(reply)]
        for chunk in chunks:
            yield chunk
