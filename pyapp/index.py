"""Load the verse tables of the static index (``verses.json``, ``hymns.json``, ``manifest.json``).

The browser JS writes the asset files into Pyodide's file system, so this module only reads plain
files with ``json`` and builds ``Verse`` models; the same code runs in CPython and in Pyodide.

Why verses are not built with ``Verse(**row)``: validating 10.5k rows with pydantic costs ~750 ms
in Pyodide on a 2-core machine (measured with ``python -m pyapp.index --bench DIR`` in the page),
and the rows were already validated by ``corpus_build`` (``CorpusRecord``). What can actually go
wrong at load time — a truncated or stale download, another build's manifest, a changed column
layout — is caught by checking the manifest (file size, row counts, field list) and each row's
shape and types with plain type checks, which fails just as loudly. The models are then made
without validation: the same thing ``Verse.construct`` does, minus its per-field default handling
(all fields are present in every row), which halves the remaining cost. If ``Verse`` ever gains a
field that the table does not carry, ``_make_verse`` falls back to ``Verse.construct``.
"""
from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from pyapp import verse_table
from pyapp.schemas import Verse

VERSES_FIELDS = ["ref", "mandala", "hymn", "verse", "sanskrit", "roman", "translation",
                 "deity", "rishi", "meter", "addressee"]
# meter_notes: [[first verse, last verse, raw Anukramaṇī metre text], …] for the verses whose ``meter``
# the build cleaned (corpus_build.metre), or None
HYMNS_FIELDS = ["hymn_ref", "mandala", "hymn", "verses", "addressee", "group", "meter_notes"]
_INT_COLUMNS = (1, 2, 3)
_REQUIRED_STR = (0, 4, 5)
_OPTIONAL_STR = (6, 7, 8, 9, 10)


_VERSE_FIELD_SET = frozenset(VERSES_FIELDS)
_FAST = set(Verse.__fields__) == set(VERSES_FIELDS)


def _make_verse(values: Dict[str, Any]) -> Verse:
    """An unvalidated ``Verse`` (see module docstring): equivalent to ``Verse.construct(**values)``."""
    if not _FAST:
        return Verse.construct(**values)
    verse = Verse.__new__(Verse)
    object.__setattr__(verse, "__dict__", values)
    object.__setattr__(verse, "__fields_set__", set(_VERSE_FIELD_SET))
    return verse


class IndexLoadError(Exception):
    """The index files are missing or inconsistent; the message is one line for the user."""


def _read_json(directory: str, name: str) -> Any:
    path = os.path.join(directory, name)
    try:
        with open(path, "rb") as handle:
            return json.loads(handle.read().decode("utf-8"))
    except FileNotFoundError:
        raise IndexLoadError(f"index file missing: {path} (build it with `python -m corpus_build`)") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise IndexLoadError(f"index file {path} is not valid JSON: {exc}") from None


def _check_table(table: Any, name: str, fields: List[str]) -> List[list]:
    if not isinstance(table, dict) or table.get("fields") != fields or not isinstance(table.get("rows"), list):
        got = table.get("fields") if isinstance(table, dict) else type(table).__name__
        raise IndexLoadError(f"{name}: unexpected layout (fields {got!r}, expected {fields!r}); rebuild the index")
    return table["rows"]


def _check_verse_row(row: Any, number: int) -> None:
    """Plain-Python shape check, equivalent to what Verse validation would reject for built data."""
    ok = isinstance(row, list) and len(row) == len(VERSES_FIELDS)
    if ok:
        for i in _INT_COLUMNS:
            value = row[i]
            if type(value) is not int or value < 1:
                ok = False
        for i in _REQUIRED_STR:
            if type(row[i]) is not str or not row[i]:
                ok = False
        for i in _OPTIONAL_STR:
            if row[i] is not None and type(row[i]) is not str:
                ok = False
        if ok and not 1 <= row[1] <= 10:
            ok = False
        if ok and row[0] != f"{row[1]}.{row[2]}.{row[3]}":
            ok = False
    if not ok:
        raise IndexLoadError(f"verses.json row {number}: malformed row {str(row)[:80]!r}; rebuild the index")


class RigvedaIndex:
    """All verses in canonical order (list position = doc id) plus lookups by reference and hymn."""

    mandala_count = 10

    def __init__(self, directory: str, manifest: Dict[str, Any], verses: Sequence[Verse], hymn_rows: List[list],
                 columns: Optional[verse_table.VerseColumns] = None) -> None:
        """``columns``: the table ``verses`` makes its ``Verse`` objects from on demand
        (``verse_table.VerseList``): the lookups below are made from its columns, making none."""
        self.dir = directory
        self.manifest = manifest
        self.verses = verses
        n = len(verses)
        if columns is not None:
            refs = columns.refs
            starts, run_keys = columns.hymn_runs()
        else:
            refs = [v.ref for v in verses]
            keys = [(v.mandala, v.hymn) for v in verses]
            starts = [i for i in range(n) if i == 0 or keys[i] != keys[i - 1]]
            run_keys = [keys[i] for i in starts]
        self._doc_ids: Dict[str, int] = dict(zip(refs, range(n)))
        #: the doc id where each hymn begins, in order (the verses are in canonical order: hymns are runs)
        self.hymn_starts: List[int] = starts
        self._hymn_span: Dict[Tuple[int, int], Tuple[int, int]] = dict(
            zip(run_keys, zip(starts, [*starts[1:], n])))
        self._hymn_meta: Dict[Tuple[int, int], Dict[str, Any]] = {}
        self._hymn_counts: Dict[int, int] = {}
        for row in hymn_rows:
            meta = dict(zip(HYMNS_FIELDS, row))
            self._hymn_meta[(meta["mandala"], meta["hymn"])] = meta
            self._hymn_counts[meta["mandala"]] = self._hymn_counts.get(meta["mandala"], 0) + 1

    @classmethod
    def load(cls, directory: str) -> "RigvedaIndex":
        """Read and cross-check the tables; raises ``IndexLoadError`` with a one-line reason. The verses
        come from ``verses.bin`` (columns, no JSON: ``pyapp.verse_table``) when the build made one (the
        page has only that one), else from ``verses.json``."""
        manifest = _read_json(directory, "manifest.json")
        if not isinstance(manifest, dict) or "counts" not in manifest or "files" not in manifest:
            raise IndexLoadError(f"{os.path.join(directory, 'manifest.json')}: not an index manifest")
        # the columns when the build made them and they are here; verses.json where only it was copied
        binary = manifest["files"].get(verse_table.FILE_NAME) is not None and (
            os.path.exists(os.path.join(directory, verse_table.FILE_NAME))
            or not os.path.exists(os.path.join(directory, "verses.json")))
        names = (verse_table.FILE_NAME if binary else "verses.json", "hymns.json")
        for name in names:
            entry = manifest["files"].get(name)
            path = os.path.join(directory, name)
            if entry is None:
                raise IndexLoadError(f"manifest.json does not list {name}; rebuild the index")
            if os.path.exists(path) and os.path.getsize(path) != entry.get("bytes"):
                raise IndexLoadError(
                    f"{name} has {os.path.getsize(path)} bytes, manifest says {entry.get('bytes')}: stale or truncated download"
                )
        hymn_rows = _check_table(_read_json(directory, "hymns.json"), "hymns.json", HYMNS_FIELDS)
        counts = manifest["counts"]
        if len(hymn_rows) != counts.get("hymns"):
            raise IndexLoadError(f"index has {len(hymn_rows)} hymns, manifest says {counts.get('hymns')}; rebuild the index")
        if binary:
            return cls._from_columns(directory, manifest, hymn_rows)
        rows = _check_table(_read_json(directory, "verses.json"), "verses.json", VERSES_FIELDS)
        if len(rows) != counts.get("verses"):
            raise IndexLoadError(f"index has {len(rows)} verses, manifest says {counts.get('verses')}; rebuild the index")
        fields = VERSES_FIELDS
        verses: List[Verse] = []
        append = verses.append
        for number, row in enumerate(rows):
            _check_verse_row(row, number)
            append(_make_verse(dict(zip(fields, row))))
        return cls(directory, manifest, verses, hymn_rows)

    @classmethod
    def _from_columns(cls, directory: str, manifest: Dict[str, Any], hymn_rows: List[list]) -> "RigvedaIndex":
        path = os.path.join(directory, verse_table.FILE_NAME)
        try:
            with open(path, "rb") as handle:
                columns = verse_table.VerseColumns.from_bytes(handle.read(), manifest["counts"].get("verses"))
        except FileNotFoundError:
            raise IndexLoadError(f"index file missing: {path} (build it with `python -m corpus_build`)") from None
        except verse_table.VerseTableError as exc:
            raise IndexLoadError(str(exc)) from None
        verses = verse_table.VerseList(columns, _make_verse)
        return cls(directory, manifest, verses, hymn_rows, columns)

    def __len__(self) -> int:
        return len(self.verses)

    def doc_id(self, ref: str) -> Optional[int]:
        """Row number of "M.H.V" in every index array, or ``None`` if there is no such verse."""
        return self._doc_ids.get(ref.strip())

    def by_ref(self, ref: str) -> Optional[Verse]:
        doc_id = self.doc_id(ref)
        return None if doc_id is None else self.verses[doc_id]

    def hymn(self, mandala: int, hymn: int) -> List[Verse]:
        """All verses of one hymn in order ([] if it does not exist)."""
        span = self._hymn_span.get((mandala, hymn))
        return [] if span is None else self.verses[span[0]:span[1]]

    def doc_ids_of(self, refs: Iterable[str]) -> List[int]:
        """Row numbers of verses ("M.H.V") and whole hymns ("M.H", every verse in order), in the order
        the refs are given; refs that name nothing here are left out. One reading of a named passage's
        refs, so that the answers that rank a passage's verses and those that look beyond it agree on
        which verses it holds."""
        docs: List[int] = []
        for ref in refs:
            parts = ref.strip().split(".")
            if len(parts) == 3:
                doc = self.doc_id(ref)
                if doc is not None:
                    docs.append(doc)
            elif len(parts) == 2 and all(p.isdigit() for p in parts):
                span = self._hymn_span.get((int(parts[0]), int(parts[1])))
                if span is not None:
                    docs.extend(range(*span))
        return docs

    def verses_of(self, refs: Iterable[str]) -> List[Verse]:
        """The verses :meth:`doc_ids_of` finds, as verses."""
        return [self.verses[doc] for doc in self.doc_ids_of(refs)]

    def hymn_count(self, mandala: int) -> int:
        """Hymns in a mandala (0 outside 1..10), for error messages that name the valid range."""
        return self._hymn_counts.get(mandala, 0)

    def verse_count(self, mandala: int, hymn: int) -> int:
        span = self._hymn_span.get((mandala, hymn))
        return 0 if span is None else span[1] - span[0]

    def hymns_meta(self, mandala: int, hymn: int) -> Optional[Dict[str, Any]]:
        """``{"hymn_ref","mandala","hymn","verses","addressee","group","meter_notes"}`` of a hymn, or ``None``."""
        meta = self._hymn_meta.get((mandala, hymn))
        return None if meta is None else dict(meta)


def _bench(directory: str, repeat: int = 3) -> Dict[str, Any]:
    """Compare ways of building the verse models (run in CPython or in the page's Pyodide); best of N."""
    import time

    def best(func) -> float:
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            func()
            times.append(time.perf_counter() - t0)
        return round(min(times) * 1000, 1)

    rows = _read_json(directory, "verses.json")["rows"]
    as_dicts = lambda: [dict(zip(VERSES_FIELDS, row)) for row in rows]  # noqa: E731
    result = {
        "verses": len(rows),
        "load_ms": best(lambda: RigvedaIndex.load(directory)),
        "json_ms": best(lambda: _read_json(directory, "verses.json")),
        "row_checks_ms": best(lambda: [_check_verse_row(row, i) for i, row in enumerate(rows)]),
        "fast_models_ms": best(lambda: [_make_verse(d) for d in as_dicts()]),
        "construct_models_ms": best(lambda: [Verse.construct(**d) for d in as_dicts()]),
        "validated_models_ms": best(lambda: [Verse(**d) for d in as_dicts()]),
    }
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    import sys

    _bench(sys.argv[2] if len(sys.argv) > 2 else "web/assets/index")
