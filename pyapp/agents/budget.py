"""The per-turn LLM budget: which steps may call the model, decided from the engine's profile.

Why: every agent already has a deterministic fallback, so the model is a choice per step, not a
requirement. A GPU or remote model can afford the full flow (classifier when unsure, analyzer,
generator, validator: ≤ 4 calls). A small CPU model (wllama, SmolLM2-135M, single-threaded
WebAssembly) cannot: one compact generation already takes about a minute on 2 cores. So in
"fast" mode the code classifies, selects verses and validates, and the model only writes the
answer text from a compact prompt (see ``generator.run_compact``) whose output code still
checks. The reader can override the automatic choice ("LLM effort": fast / full).
"""
from __future__ import annotations

from typing import FrozenSet, Literal

from pyapp.engines.base import EngineProfile
from pyapp.schemas import WireModel

Effort = Literal["auto", "fast", "full"]
Mode = Literal["none", "fast", "full"]

MODEL_STEPS_FULL: FrozenSet[str] = frozenset(
    {"classifier", "analyzer", "translator", "generator", "validator", "critic", "evaluator"})
MODEL_STEPS_FAST: FrozenSet[str] = frozenset({"generator"})

# The compact generator prompt (fast mode). A 135M model on a CPU (wllama) reads the prompt barely
# faster than it writes (measured on an idle 2-core machine: 15 prompt tokens/s on one thread, 27 on
# two; 2–7 when the machine is busy), so the reader waits for every prompt token before the draft's
# first word. The prompt is therefore the single best verse, cut to the clause that best matches the
# question (≤ 150 characters, ≈ 35 tokens), plus the question: about 55 new tokens per question, ≈ 2 s
# on two idle threads (two verses of 120 characters were ≈ 90 tokens and a first draft word after
# 4–6 s). The fixed instruction comes first, so llama.cpp reuses it from its cache. The checked answer
# still quotes every key verse (compose_extractive); the model only writes the sentence around them.
COMPACT_VERSES = 1
COMPACT_CHARS = 150
COMPACT_MAX_TOKENS = 120

FAST_NOTE = ("Fast mode (small CPU model): the model wrote only the answer text; finding, choosing and "
             "checking the verses was done by code.")


class LLMPlan(WireModel):
    """``mode`` none = no model at all; fast = model for the generator only, compact prompt;
    full = every step may use the model (the ≤ 4-call design)."""

    mode: Mode
    model_steps: FrozenSet[str] = frozenset()
    compact: bool = False
    reason: str = ""

    def uses_model(self, agent: str) -> bool:
        return agent in self.model_steps

    @property
    def code_label(self) -> str:
        """How a step that ran as code is labelled in its status message."""
        return "by code (fast mode)" if self.mode == "fast" else "by code"


def normalise_effort(value: object) -> str:
    """'Fast', ' full ' → 'fast', 'full'; anything unknown → 'auto' (a bad setting never ends a turn)."""
    text = str(value or "").strip().lower()
    return text if text in ("auto", "fast", "full") else "auto"


def plan_for(profile: EngineProfile, effort: str = "auto", is_llm: bool = True) -> LLMPlan:
    """The budget for one turn. ``auto`` means fast on a CPU engine and full elsewhere; an
    explicit ``fast``/``full`` from the reader wins (full on a CPU model is slow but allowed)."""
    if not is_llm or profile.speed == "none":
        return LLMPlan(mode="none", reason="no language model")
    effort = normalise_effort(effort)
    if effort == "fast" or (effort == "auto" and profile.speed == "cpu"):
        why = "chosen in settings" if effort == "fast" else "small CPU model"
        return LLMPlan(mode="fast", model_steps=MODEL_STEPS_FAST, compact=True, reason=why)
    why = "chosen in settings" if effort == "full" else f"{profile.speed} engine"
    return LLMPlan(mode="full", model_steps=MODEL_STEPS_FULL, compact=False, reason=why)
