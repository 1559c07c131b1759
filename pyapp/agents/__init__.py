"""One module per agent: its input/output models, its prompt and its deterministic fallback.

Every agent's ``run`` returns its output model and never raises; the LLM is optional
(``LLMContext`` is None with the extractive engine) and every LLM step can degrade to the
fallback. The orchestrator (``pyapp.orchestrator``) wires them together.
"""
