"""The corpus record format as Markdown tables, generated from the pydantic models that validate it.

    python -m corpus_build.record_doc          # prints the README's "Corpus record format" tables

Why generated: the README documents the format for anyone who builds another corpus (another
translation, say); a table written by hand would drift from ``CorpusRecord`` / ``HymnRecord``.
``tests/unit/test_record_doc.py`` checks that the README carries exactly this output, between the
markers ``<!-- corpus-record-table -->`` and ``<!-- /corpus-record-table -->``.
"""
from __future__ import annotations

import sys
from typing import List, Type

from pydantic import BaseModel
from pydantic.fields import SHAPE_DICT, SHAPE_MAPPING, ModelField

from corpus_build.corpus import CorpusRecord, HymnRecord

BEGIN = "<!-- corpus-record-table -->"
END = "<!-- /corpus-record-table -->"

def field_type_name(kind: type) -> str:
    return "boolean" if issubclass(kind, bool) else "integer" if issubclass(kind, int) else (
        "string" if issubclass(kind, str) else kind.__name__)


def field_type(field: ModelField) -> str:
    """``integer 1–10, required``, ``string or null``, ``boolean, default `false```."""
    kind = field.type_
    if field.shape in (SHAPE_DICT, SHAPE_MAPPING):  # Dict[str, str]: the value type names it
        base = f"object of {field_type_name(kind)}s"
    elif issubclass(kind, bool):
        base = "boolean"
    elif issubclass(kind, int):
        base = "integer"
    elif issubclass(kind, str):
        base = "string"
    else:
        base = kind.__name__
    ge, le = field.field_info.ge, field.field_info.le
    if ge is not None and le is not None:
        base += f" {ge}–{le}"
    elif ge is not None:
        base += f" ≥ {ge}"
    if field.required:
        return f"{base}, required"
    if field.allow_none:
        return f"{base} or null"
    default = str(field.default).lower() if isinstance(field.default, bool) else field.default
    return f"{base}, default `{default}`"


def model_table(model: Type[BaseModel]) -> str:
    """One Markdown table: field | type | meaning, in the model's field order."""
    lines = ["| field | type | meaning |", "|---|---|---|"]
    for name, field in model.__fields__.items():
        meaning = (field.field_info.description or "").replace("|", "\\|")  # GFM: a pipe in a cell is escaped
        lines.append(f"| `{name}` | {field_type(field)} | {meaning} |")
    return "\n".join(lines)


def record_tables() -> str:
    """The README block (without the markers): ``rigveda.jsonl`` records, then ``hymns.jsonl`` rows."""
    parts: List[str] = [
        "`rigveda.jsonl`: one JSON object per line and verse (`CorpusRecord`; an unknown field is an error):",
        "",
        model_table(CorpusRecord),
        "",
        "`hymns.jsonl` beside it (optional; without it the hymn table is derived from the verses; other "
        "fields are ignored) — one object per hymn (`HymnRecord`):",
        "",
        model_table(HymnRecord),
    ]
    return "\n".join(parts)


def readme_block() -> str:
    """The tables with their markers, exactly as the README must carry them."""
    return f"{BEGIN}\n{record_tables()}\n{END}"


def main() -> int:
    sys.stdout.write(readme_block() + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
