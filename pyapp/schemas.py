"""Wire models shared by the index, the searcher, the agents, the orchestrator and the UI.

Why pydantic v1 (1.10.x): it is the last pure-Python pydantic, so the very same models
validate in CPython tests and inside Pyodide (pydantic v2 needs a compiled core that has
no wasm build for Pyodide 0.27).

The design fixes the JSON field names in camelCase ("bookContext", "isFiltered"); Python
code uses snake_case and every model serialises with ``to_wire()`` (aliases on).
"""
from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional

from pydantic import BaseModel, Field, validator

SearchType = Literal["vector", "text", "hybrid", "bookContext"]
Importance = Literal["high", "medium", "low"]


def to_camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


class WireModel(BaseModel):
    """Strict base: unknown fields are an error (a typo must not become a silent default)."""

    class Config:
        extra = "forbid"
        alias_generator = to_camel
        allow_population_by_field_name = True
        validate_assignment = True

    def to_wire(self) -> Dict[str, Any]:
        return self.dict(by_alias=True)

    def to_wire_json(self) -> str:
        return self.json(by_alias=True, ensure_ascii=False)


class Verse(WireModel):
    """One stanza of the RigVeda as shipped in the static index (display fields only)."""

    ref: str  # "M.H.V"
    mandala: int = Field(..., ge=1, le=10)
    hymn: int = Field(..., ge=1)
    verse: int = Field(..., ge=1)
    sanskrit: str  # Devanagari with Vedic accents
    roman: str  # IAST with accents (Aufrecht)
    translation: Optional[str] = None  # Griffith 1896, public domain wording
    deity: Optional[str] = None
    rishi: Optional[str] = None
    meter: Optional[str] = None
    addressee: Optional[str] = None  # hymn addressee (VedaWeb / Geldner heading)


class SearchResult(WireModel):
    """A retrieved verse, exactly the design's SearchResult plus the fields the verse card needs."""

    title: str
    content: str  # Sanskrit (Devanagari)
    relevance: float = Field(..., ge=0.0, le=1.0)
    source: str
    book_context: str  # "M.H.V"
    translation: Optional[str] = None
    importance: Optional[Importance] = None
    is_filtered: Optional[bool] = None
    # extras for the UI
    iast: Optional[str] = None
    deity: Optional[str] = None
    rishi: Optional[str] = None
    meter: Optional[str] = None
    addressee: Optional[str] = None
    model_translation: Optional[str] = None

    @validator("book_context")
    def _ref_shape(cls, value: str) -> str:
        parts = value.split(".")
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise ValueError(f"bookContext must be 'M.H.V', got {value!r}")
        return value


class SearchResponse(WireModel):
    """What one search call returns; ``success: false`` + ``error`` instead of raising."""

    success: bool = True
    error: Optional[str] = None
    results: List[SearchResult] = Field(default_factory=list)
    search_type: SearchType = "hybrid"
    search_term: str = ""
    method_reason: str = ""  # why `auto` chose this method, shown in the status badge
    notice: str = ""  # something the reader must be told with the answer (a reference that does not exist)


class AgentOutput(WireModel):
    """Every agent's output carries these two fields; an agent never raises to the orchestrator."""

    success: bool = True
    error: Optional[str] = None


AgentName = Literal[
    "classifier", "searcher", "analyzer", "translator", "generator",
    "validator", "critic", "evaluator", "memory",
]
Phase = Literal["running", "done", "error", "skipped", "degraded"]


class StatusEvent(WireModel):
    """One step of a turn, streamed to the UI badges as it happens."""

    agent: AgentName
    phase: Phase
    message: str = ""
    round: Optional[int] = None
    relevant_count: Optional[int] = None
    result_count: Optional[int] = None
    search_term: Optional[str] = None
    duration_ms: Optional[float] = None
    llm_calls: int = 0


TurnKind = Literal["answer", "off_topic", "insufficient", "memory", "error"]


class AnswerClaim(WireModel):
    """One statement of an answer and the verses it cites: kept in the history so "which verse says
    so?" can cite the verse behind the last answer's claim (``pyapp.reading.conversation``)."""

    text: str
    refs: List[str] = Field(default_factory=list)


class TurnResult(WireModel):
    """The final state of one question, rendered by the UI and stored in history."""

    success: bool = True
    error: Optional[str] = None
    kind: TurnKind = "answer"
    question: str
    standalone_question: str = ""
    answer: str = ""  # markdown-ish plain text with [RV M.H.V] citations; rendered as text, never HTML
    citations: List[str] = Field(default_factory=list)  # refs actually cited and provided
    removed_citations: List[str] = Field(default_factory=list)  # cited by the model but not provided
    verses: List[SearchResult] = Field(default_factory=list)
    engine: str = "extractive"
    llm_calls: int = 0
    validation: Optional[Literal["VALID", "INVALID"]] = None
    score: Optional[float] = None
    search_terms: List[str] = Field(default_factory=list)
    rounds: int = 0
    duration_ms: float = 0.0
    notes: List[str] = Field(default_factory=list)  # degradations and repairs, shown to the reader
    # Who composed the answer shown, set where the orchestrator decides (never guessed by the page):
    # "model" (the model's text, citations checked by code), "model+code" (the model's sentences that
    # passed code's checks, above verses quoted by code), "code" (composed by code from the verses),
    # "index" (a fact stated by code from the index), "memory" (an earlier answer repeated).
    composed_by: Literal["model", "model+code", "code", "index", "memory"] = "code"
    # the model was asked to write this answer but its text was set aside: why, in plain words
    set_aside_reason: Optional[str] = None
    claims: List[AnswerClaim] = Field(default_factory=list)  # the answer's statements with their cited verses
