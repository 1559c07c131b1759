"""``verses.bin``: the verse table in columns, read at boot without parsing JSON (issue 21, warm reload).

Why: on a reload the searcher's load was the longest stage of the Python worker, and most of it was
``verses.json`` — 7.4 MB of JSON turned into 116,000 Python strings, each row type-checked, then a
``Verse`` per row — all before "ready", although an answer shows a dozen verses. Here the same table
is a few columns:

* ``ref``: every reference "M.H.V", one ASCII line each (one ``split``);
* ``mandala``, ``hymn``, ``verse``: ``uint16`` arrays;
* ``sanskrit``, ``roman``, ``translation``: every verse's text in one UTF-8 blob per column, one NUL
  after each, and each verse's length in bytes (``uint16``; ``0xFFFF`` for a missing value). A verse's
  text is decoded from its slice of the blob when its ``Verse`` is first made, never at boot; a pass
  over every verse decodes a whole column at once and splits it at the NULs;
* ``deity``, ``rishi``, ``meter``, ``addressee``: a few hundred distinct values each (in the header)
  and a ``uint16`` code per verse (0 for a missing value).

So a load is one file read and some ``numpy`` sums; the checks a row-by-row load made (ranges, the
reference agreeing with its numbers, required text present, codes in range, lengths adding up to each
blob) are made on whole arrays, or once by the build (the references). A ``Verse`` is made when
something first asks for it (:class:`VerseList`), and kept.

Layout: ``MAGIC``, the header's length (``uint32``, little-endian), the header (UTF-8 JSON: format,
fields, row count, the category values, and each section's dtype, offset and size), then the
sections, each at a multiple of 8 bytes. ``corpus_build.corpus`` writes it beside ``verses.json``
(which stays the readable form, for tools and tests: the page never fetches it). Brotli makes it
smaller on the wire than ``verses.json`` (1.43 against 1.57 MB: columns of alike text compress better
than rows).
"""
from __future__ import annotations

import json
import struct
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union, overload

MAGIC = b"RVVT"
FORMAT_VERSION = 1
FILE_NAME = "verses.bin"
FIELDS = ["ref", "mandala", "hymn", "verse", "sanskrit", "roman", "translation",
          "deity", "rishi", "meter", "addressee"]
NUMBERS = ("mandala", "hymn", "verse")
TEXTS = ("sanskrit", "roman", "translation")
REQUIRED_TEXTS = ("sanskrit", "roman")
CATEGORIES = ("deity", "rishi", "meter", "addressee")
MISSING_LENGTH = 0xFFFF
_ALIGN = 8


class VerseTableError(ValueError):
    """The file is not a verse table of this format, or its columns disagree; one line for the user."""


# ---- writing (corpus_build) ------------------------------------------------------------------------

def encode(rows: Sequence[Sequence[Any]], fields: Sequence[str] = FIELDS) -> bytes:
    """``verses.json``'s rows (``[ref, mandala, hymn, verse, sanskrit, roman, translation, deity, rishi,
    meter, addressee]``) as a ``verses.bin``. Raises ``VerseTableError`` for a row it cannot hold."""
    import numpy as np

    if list(fields) != FIELDS:
        raise VerseTableError(f"fields {list(fields)!r}, expected {FIELDS!r}")
    column = {name: i for i, name in enumerate(FIELDS)}
    sections: List[Tuple[str, bytes, str]] = []
    for name in NUMBERS:
        values = np.asarray([row[column[name]] for row in rows], dtype=np.int64)
        if values.size and (values.min() < 1 or values.max() >= MISSING_LENGTH):
            raise VerseTableError(f"{name} out of range")
        sections.append((name, values.astype("<u2").tobytes(), "<u2"))
    for number, row in enumerate(rows):
        if row[0] != f"{row[1]}.{row[2]}.{row[3]}":
            raise VerseTableError(f"row {number}: ref {row[0]!r} is not mandala.hymn.verse")
    sections.append(("ref.text", "\n".join(row[0] for row in rows).encode("ascii"), "|u1"))
    for name in TEXTS:
        texts = [None if row[column[name]] is None else row[column[name]].encode("utf-8") for row in rows]
        lengths = [MISSING_LENGTH if t is None else len(t) for t in texts]
        if any(n >= MISSING_LENGTH or b"\0" in t for t, n in zip(texts, lengths) if t is not None):
            raise VerseTableError(f"a {name} text is too long for this format, or holds a NUL")
        sections.append((f"{name}.len", np.asarray(lengths, dtype="<u2").tobytes(), "<u2"))
        sections.append((f"{name}.text", b"\0".join(b"" if t is None else t for t in texts), "|u1"))
    values: Dict[str, List[str]] = {}
    for name in CATEGORIES:
        seen: Dict[str, int] = {}
        codes = []
        for row in rows:
            value = row[column[name]]
            codes.append(0 if value is None else seen.setdefault(value, len(seen) + 1))
        if len(seen) >= MISSING_LENGTH:
            raise VerseTableError(f"too many distinct {name} values for this format")
        values[name] = list(seen)
        sections.append((f"{name}.code", np.asarray(codes, dtype="<u2").tobytes(), "<u2"))
    layout: Dict[str, Dict[str, Any]] = {}
    offset = 0
    for name, data, dtype in sections:
        layout[name] = {"dtype": dtype, "offset": offset, "bytes": len(data)}
        offset += _padded(len(data))
    header = json.dumps({"format": FORMAT_VERSION, "fields": FIELDS, "rows": len(rows), "values": values,
                         "sections": layout}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    head = MAGIC + struct.pack("<I", len(header)) + header
    head += b"\0" * (_padded(len(head)) - len(head))
    body = b"".join(data + b"\0" * (_padded(len(data)) - len(data)) for _, data, _ in sections)
    return head + body


def _padded(size: int) -> int:
    return (size + _ALIGN - 1) // _ALIGN * _ALIGN


# ---- reading (the page's boot) -----------------------------------------------------------------------

class VerseColumns:
    """The columns as loaded: references as a list, the rest as arrays; a verse's values on demand."""

    def __init__(self, data: bytes, rows: int, refs: List[str], numbers: Dict[str, Any],
                 texts: Dict[str, Tuple[int, List[int], List[bool]]],
                 categories: Dict[str, Tuple[List[Optional[str]], Any]]) -> None:
        self.rows = rows
        self.refs = refs
        self.numbers = numbers  # name → uint16 array
        self._data = data
        self._texts = texts  # name → (blob's start in data, offsets into it, missing flags)
        self._categories = categories  # name → ([None, values…], codes array)
        self._lists: Optional[Dict[str, List[int]]] = None

    @classmethod
    def from_bytes(cls, data: bytes, expected_rows: Optional[int] = None) -> "VerseColumns":
        """Read and cross-check a ``verses.bin``; ``VerseTableError`` says what is wrong."""
        import numpy as np

        if len(data) < 8 or data[:4] != MAGIC:
            raise VerseTableError("not a verse table (verses.bin); rebuild the index")
        (size,) = struct.unpack_from("<I", data, 4)
        try:
            header = json.loads(data[8:8 + size].decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            raise VerseTableError("verses.bin: unreadable header; rebuild the index") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT_VERSION or header.get("fields") != FIELDS:
            raise VerseTableError(f"verses.bin: format {header.get('format') if isinstance(header, dict) else '?'!r}, "
                                  f"expected {FORMAT_VERSION} with fields {FIELDS}; rebuild the index")
        rows = header.get("rows")
        if not isinstance(rows, int) or (expected_rows is not None and rows != expected_rows):
            raise VerseTableError(f"verses.bin has {rows} rows, the manifest says {expected_rows}; rebuild the index")
        start = _padded(8 + size)
        layout = header.get("sections") or {}

        def place(name: str) -> Tuple[int, int, Any]:
            info = layout.get(name)
            if not isinstance(info, dict):
                raise VerseTableError(f"verses.bin: no {name} column; rebuild the index")
            begin, length, dtype = start + int(info["offset"]), int(info["bytes"]), np.dtype(info["dtype"])
            if begin + length > len(data):
                raise VerseTableError(f"verses.bin: {name} runs past the end of the file (truncated download?)")
            if dtype.itemsize > 1 and length != rows * dtype.itemsize:
                raise VerseTableError(f"verses.bin: {name} has {length} bytes for {rows} rows; rebuild the index")
            return begin, length, dtype

        def array(name: str) -> Any:
            begin, length, dtype = place(name)
            return np.frombuffer(data, dtype=dtype, count=length // dtype.itemsize, offset=begin)

        begin, length, _ = place("ref.text")
        refs = data[begin:begin + length].decode("ascii", errors="replace").split("\n") if rows else []
        if len(refs) != rows:
            raise VerseTableError(f"verses.bin: {len(refs)} references for {rows} rows; rebuild the index")
        numbers = {name: array(name) for name in NUMBERS}
        for name, values in numbers.items():
            if rows and int(values.min()) < 1:
                raise VerseTableError(f"verses.bin: a {name} number below 1; rebuild the index")
        if rows and int(numbers["mandala"].max()) > 10:
            raise VerseTableError("verses.bin: a mandala above 10; rebuild the index")
        texts: Dict[str, Tuple[int, List[int], List[bool]]] = {}
        for name in TEXTS:
            lengths = array(f"{name}.len")
            missing = lengths == MISSING_LENGTH
            if name in REQUIRED_TEXTS and (missing.any() or not lengths.all()):
                raise VerseTableError(f"verses.bin: a verse without its {name} text; rebuild the index")
            begin, length, _ = place(f"{name}.text")
            # each text is followed by a NUL (the last one by the end): row i is [offsets[i], offsets[i + 1] - 1)
            ends = np.cumsum(np.where(missing, 0, lengths) + 1, dtype=np.int64) + begin
            if (int(ends[-1]) - 1 if rows else begin) != begin + length:
                raise VerseTableError(f"verses.bin: the {name} lengths do not add up to its text; rebuild the index")
            texts[name] = (length, [begin, *ends.tolist()], missing.tolist())
        categories: Dict[str, Tuple[List[Optional[str]], Any]] = {}
        values = header.get("values") or {}
        for name in CATEGORIES:
            table = values.get(name)
            if not isinstance(table, list) or not set(map(type, table)) <= {str}:
                raise VerseTableError(f"verses.bin: no {name} values; rebuild the index")
            codes = array(f"{name}.code")
            if rows and int(codes.max()) > len(table):
                raise VerseTableError(f"verses.bin: a {name} code outside its values; rebuild the index")
            categories[name] = ([None, *table], codes)
        return cls(data, rows, refs, numbers, texts, categories)

    def hymn_runs(self) -> Tuple[List[int], List[Tuple[int, int]]]:
        """The rows where a new (mandala, hymn) begins, and that (mandala, hymn) (the table is in
        canonical order: a hymn's verses are one run)."""
        import numpy as np

        if not self.rows:
            return [], []
        mandala, hymn = self.numbers["mandala"], self.numbers["hymn"]
        key = mandala.astype(np.int64) * 1000 + hymn
        starts = np.concatenate(([0], np.flatnonzero(key[1:] != key[:-1]) + 1))
        return starts.tolist(), list(zip(mandala[starts].tolist(), hymn[starts].tolist()))

    def _as_lists(self) -> Dict[str, List[int]]:
        """Numbers and codes as Python lists, made on the first verse asked for (not at boot)."""
        if self._lists is None:
            lists = {name: values.tolist() for name, values in self.numbers.items()}
            lists.update({name: codes.tolist() for name, (_, codes) in self._categories.items()})
            self._lists = lists
        return self._lists

    def text(self, name: str, row: int) -> Optional[str]:
        _, offsets, missing = self._texts[name]
        if missing[row]:
            return None
        return self._data[offsets[row]:offsets[row + 1] - 1].decode("utf-8", errors="replace")

    def column(self, name: str) -> List[Optional[str]]:
        """Every verse's text of one column: one decode and one split (a full pass, ``VerseList.__iter__``)."""
        length, offsets, missing = self._texts[name]
        texts: List[Optional[str]] = self._data[offsets[0]:offsets[0] + length].decode("utf-8", errors="replace").split("\0")
        if len(texts) != self.rows:  # a NUL inside a text that the build let through: verse by verse instead
            return [self.text(name, row) for row in range(self.rows)]
        if True in missing:
            for row, gone in enumerate(missing):
                if gone:
                    texts[row] = None
        return texts

    def all_values(self) -> Iterator[Tuple[Any, ...]]:
        """Every verse's fields in ``FIELDS`` order, column by column (for a pass over all of them)."""
        lists = self._as_lists()
        cats = {name: [table[code] for code in lists[name]] for name, (table, _) in self._categories.items()}
        return zip(self.refs, lists["mandala"], lists["hymn"], lists["verse"], self.column("sanskrit"),
                   self.column("roman"), self.column("translation"), cats["deity"], cats["rishi"], cats["meter"],
                   cats["addressee"])

    def values(self, row: int) -> Dict[str, Any]:
        """One verse's fields, as ``dict(zip(FIELDS, verses.json's row))`` would give them."""
        lists = self._as_lists()
        cats = self._categories
        return {"ref": self.refs[row], "mandala": lists["mandala"][row], "hymn": lists["hymn"][row],
                "verse": lists["verse"][row], "sanskrit": self.text("sanskrit", row), "roman": self.text("roman", row),
                "translation": self.text("translation", row), "deity": cats["deity"][0][lists["deity"][row]],
                "rishi": cats["rishi"][0][lists["rishi"][row]], "meter": cats["meter"][0][lists["meter"][row]],
                "addressee": cats["addressee"][0][lists["addressee"][row]]}


class VerseList(Sequence):
    """``index.verses`` over the columns: a ``Verse`` is made on first access and kept, so the boot
    makes none and an answer makes the dozen it shows. Indexing, slicing, ``len`` and iteration
    behave as on a list (a slice is a list); the first full pass makes them all."""

    def __init__(self, columns: VerseColumns, make: Any) -> None:
        self._columns = columns
        self._make = make  # values dict → Verse (pyapp.index._make_verse)
        self._made: List[Any] = [None] * columns.rows
        self._all = False

    def __len__(self) -> int:
        return self._columns.rows

    def _one(self, row: int) -> Any:
        verse = self._made[row]
        if verse is None:
            verse = self._made[row] = self._make(self._columns.values(row))
        return verse

    @overload
    def __getitem__(self, item: int) -> Any: ...

    @overload
    def __getitem__(self, item: slice) -> List[Any]: ...

    def __getitem__(self, item: Union[int, slice]) -> Any:
        if isinstance(item, slice):
            return [self._one(row) for row in range(*item.indices(self._columns.rows))]
        row = item.__index__()
        if row < 0:
            row += self._columns.rows
        if not 0 <= row < self._columns.rows:
            raise IndexError("verse index out of range")
        return self._one(row)

    def __iter__(self) -> Iterator[Any]:
        if not self._all:
            make, made = self._make, self._made
            for row, values in enumerate(self._columns.all_values()):
                if made[row] is None:
                    made[row] = make(dict(zip(FIELDS, values)))
            self._all = True
        return iter(self._made)

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, (list, VerseList)) else NotImplemented

    __hash__ = None  # type: ignore[assignment]  (a list is not hashable either)
