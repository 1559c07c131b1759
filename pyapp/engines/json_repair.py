"""Turn a model's JSON-ish reply into a validated pydantic object, repairing only what is safe.

Safe repairs (the meaning cannot change): markdown code fences, prose before/after the object,
trailing commas, Python literals (True/False/None) and single-quoted strings. A truncated
object is NOT closed by guesswork: that would silently drop list items or cut a sentence, so it
is reported as an error and the caller retries once with the error, then degrades.
"""
from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Optional, Tuple, Type, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)

_FENCE = re.compile(r"```[a-zA-Z0-9_-]*\s*\n?(.*?)```", re.DOTALL)


class JSONRepairError(ValueError):
    """The reply could not be turned into the expected object; message is one line."""


def _first_balanced(text: str) -> Tuple[Optional[str], bool]:
    """The first complete top-level {...} in ``text`` (string-aware) and whether one was opened."""
    start = text.find("{")
    if start < 0:
        return None, False
    depth = 0
    in_str: Optional[str] = None
    escape = False
    for i in range(start, len(text)):
        ch = text[i]
        if in_str:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == in_str:
                in_str = None
            continue
        if ch in "\"'":
            # a single quote inside a bare word (e.g. it's) is not a string opener
            if ch == "'" and i > 0 and text[i - 1].isalnum():
                continue
            in_str = ch
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return text[start:i + 1], True
    return None, True


def _outside_strings(text: str, fn) -> str:
    """Apply ``fn`` to the stretches of ``text`` that are outside double-quoted strings."""
    out: List[str] = []
    buf: List[str] = []
    in_str = False
    escape = False
    for ch in text:
        if in_str:
            out.append(ch)
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            out.append(fn("".join(buf)))
            buf = []
            out.append(ch)
            in_str = True
        else:
            buf.append(ch)
    out.append(fn("".join(buf)))
    return "".join(out)


def _single_to_double(text: str) -> str:
    """Rewrite 'single-quoted' JSON strings as "double-quoted" ones."""
    out: List[str] = []
    i = 0
    in_double = False
    while i < len(text):
        ch = text[i]
        if in_double:
            out.append(ch)
            if ch == "\\" and i + 1 < len(text):
                out.append(text[i + 1])
                i += 2
                continue
            if ch == '"':
                in_double = False
            i += 1
            continue
        if ch == '"':
            in_double = True
            out.append(ch)
            i += 1
            continue
        if ch == "'" and not (i > 0 and text[i - 1].isalnum()):
            j = i + 1
            chars: List[str] = []
            while j < len(text):
                c = text[j]
                if c == "\\" and j + 1 < len(text):
                    chars.append(text[j + 1])
                    j += 2
                    continue
                if c == "'" and not (j + 1 < len(text) and text[j + 1].isalnum()):
                    break
                chars.append(c)
                j += 1
            out.append(json.dumps("".join(chars), ensure_ascii=False))
            i = j + 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _fix_bare(segment: str) -> str:
    segment = re.sub(r",\s*([}\]])", r"\1", segment)
    segment = re.sub(r"\bTrue\b", "true", segment)
    segment = re.sub(r"\bFalse\b", "false", segment)
    segment = re.sub(r"\bNone\b", "null", segment)
    return segment


def extract_json(text: str) -> Tuple[Dict[str, Any], bool]:
    """Parse the reply's JSON object; returns (object, repaired?). Raises JSONRepairError."""
    if not isinstance(text, str) or not text.strip():
        raise JSONRepairError("the reply was empty")
    stripped = text.strip()
    try:
        value = json.loads(stripped)
        if isinstance(value, dict):
            return value, False
        raise JSONRepairError(f"expected a JSON object, got {type(value).__name__}")
    except json.JSONDecodeError:
        pass
    candidate = stripped
    fence = _FENCE.search(candidate)
    if fence:
        candidate = fence.group(1).strip()
    elif candidate.startswith("```"):
        candidate = candidate.lstrip("`").split("\n", 1)[-1]
    block, opened = _first_balanced(candidate)
    if block is None:
        if opened:
            raise JSONRepairError("the JSON object was cut off before it ended")
        raise JSONRepairError("the reply contained no JSON object")
    attempts = [block, _outside_strings(block, _fix_bare)]
    attempts.append(_outside_strings(_single_to_double(block), _fix_bare))
    last_error = ""
    for attempt in attempts:
        try:
            value = json.loads(attempt)
        except json.JSONDecodeError as exc:
            last_error = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
            continue
        if isinstance(value, dict):
            return value, True
    raise JSONRepairError(f"the reply was not valid JSON ({last_error})")


def _validation_summary(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:4]:
        loc = ".".join(str(p) for p in err.get("loc", ()))
        parts.append(f"{loc}: {err.get('msg')}")
    return "; ".join(parts)


def parse_reply(text: str, model: Type[M]) -> Tuple[M, bool]:
    """The reply as ``model`` (aliases or field names accepted) and whether it needed repair."""
    data, repaired = extract_json(text)
    try:
        return model.parse_obj(data), repaired
    except ValidationError as exc:
        raise JSONRepairError(f"the JSON did not match the schema ({_validation_summary(exc)})") from None


def _inline(node: Any, definitions: Dict[str, Any]) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/definitions/"):
            target = definitions.get(ref.rsplit("/", 1)[-1], {})
            return _inline(dict(target), definitions)
        out = {}
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):  # field names are data, keep all
                out[key] = {name: _inline(sub, definitions) for name, sub in value.items()}
            elif key not in ("title", "definitions", "description", "default"):
                out[key] = _inline(value, definitions)
        if out.get("type") == "object" and "properties" in out:
            out["additionalProperties"] = False
            out["required"] = list(out["properties"])  # constrained decoders then emit every key
        return out
    if isinstance(node, list):
        return [_inline(v, definitions) for v in node]
    return node


def schema_for(model: Type[BaseModel]) -> Dict[str, Any]:
    """A self-contained JSON schema (camelCase keys, nested models inlined, no extra properties)
    for the engine's constrained decoding: grammar builders handle plain schemas best."""
    schema = model.schema(by_alias=True)
    definitions = schema.get("definitions", {})
    flat = _inline(schema, definitions)
    flat.pop("description", None)
    flat["additionalProperties"] = False
    return flat
