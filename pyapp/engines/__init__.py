"""Engines: one async ``complete(ChatRequest)`` interface (see ``base``)."""
from pyapp.engines.base import (ChatMessage, ChatRequest, Engine, EngineError, EngineProfile, collect,
                                profile_of)
from pyapp.engines.extractive import ExtractiveEngine
from pyapp.engines.json_repair import JSONRepairError, extract_json, parse_reply, schema_for
from pyapp.engines.scripted import ScriptedEngine

__all__ = [
    "ChatMessage", "ChatRequest", "Engine", "EngineError", "EngineProfile", "profile_of", "collect", "ExtractiveEngine",
    "ScriptedEngine", "JSONRepairError", "extract_json", "parse_reply", "schema_for",
]
