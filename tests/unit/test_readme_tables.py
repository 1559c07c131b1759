"""The README's generated tables equal what the code generates today: the corpus record format
(from the pydantic models, ``python -m corpus_build.record_doc``) and where each vendored file comes
from (``python -m corpus_build.vendor --sources-table``). To update them, paste that output over the
block between the markers."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus_build import record_doc, vendor

README = Path(__file__).resolve().parents[2] / "README.md"


def _block(text: str, begin: str, end: str) -> str:
    match = re.search(re.escape(begin) + r".*?" + re.escape(end), text, flags=re.S)
    if match is None:
        pytest.fail(f"README.md has no {begin} … {end} block; paste the generated one")
    return match.group(0)


@pytest.mark.parametrize("name, begin, end, generated", [
    ("python -m corpus_build.record_doc", record_doc.BEGIN, record_doc.END, record_doc.readme_block),
    ("python -m corpus_build.vendor --sources-table", vendor.SOURCES_BEGIN, vendor.SOURCES_END, vendor.sources_block),
], ids=["corpus-record-format", "vendor-sources"])
def test_readme_table_is_the_generated_one(name, begin, end, generated) -> None:
    assert _block(README.read_text(encoding="utf-8"), begin, end) == generated(), \
        f"the README table is stale: paste the output of `{name}`"


def test_record_table_lists_every_field_with_a_meaning() -> None:
    from corpus_build.corpus import CorpusRecord, HymnRecord

    table = record_doc.record_tables()
    for model in (CorpusRecord, HymnRecord):
        for name, field in model.__fields__.items():
            assert field.field_info.description, f"{model.__name__}.{name} has no description"
            assert f"| `{name}` |" in table
    assert "| `mandala` | integer 1–10, required |" in table
    assert "| `translation` | string or null |" in table
    assert "| `valakhilya` | boolean, default `false` |" in table
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert all(line.count(" | ") == 2 for line in rows)  # pipes inside a cell are escaped
