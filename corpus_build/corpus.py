"""Load and validate the normalised RigVeda corpus (``rigveda.jsonl`` + optional ``hymns.jsonl``).

Why strict: every later artefact (doc ids, vectors, BM25 arrays) is indexed by row number, so a
silently dropped or duplicated verse would shift every id after it. A bad record therefore stops
the build with ``line N: field X: problem`` instead of being skipped.

The corpus is never copied into the repository; where it is read from is decided in one place,
``corpus_build.locate`` (``--corpus``, ``$RIGVEDA_CORPUS``, ``../shared/corpus``, ``.cache/corpus``).
"""
from __future__ import annotations

import hashlib
import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

from pydantic import BaseModel, Field, ValidationError, root_validator, validator

from corpus_build.groups import clean_groups, group_inputs
from corpus_build.manifest import json_bytes, write_atomic
from corpus_build.metre import clean_metre, metre_notes
from pyapp import verse_table  # the page's form of verses.json (write_tables)

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPUS_ENV = "RIGVEDA_CORPUS"
HYMNS_FILE = "hymns.jsonl"
BUILD_DEPENDS = ["corpus_build.manifest"]  # the tables step's output also depends on the JSON writer


class CorpusError(Exception):
    """A corpus problem, worded as one line a person can act on (``line N: field X: problem``)."""


class CorpusMissing(CorpusError):
    """The corpus file or URL does not exist (the CLI maps this to exit code 2)."""


class CorpusRecord(BaseModel):
    """One stanza exactly as ``rigveda.jsonl`` carries it; unknown fields are an error (a renamed
    field upstream must not turn into silent ``None`` values in the index)."""

    # The descriptions are the README's record table (``python -m corpus_build.record_doc``).
    ref: str = Field(..., description="`\"M.H.V\"`, must equal `mandala.hymn.verse`; unique")
    mandala: int = Field(..., ge=1, le=10, description="book, 1–10")
    hymn: int = Field(..., ge=1, description="hymn within the book, from 1")
    verse: int = Field(..., ge=1, description="verse within the hymn; each hymn's verses run 1..n without gaps")
    sanskrit: str = Field(..., description="Devanagari with Vedic accents, shown on the cards")
    sanskrit_plain: str = Field(..., description="the same without accent marks (Sanskrit search)")
    roman: str = Field(..., description="IAST with accents, `|` / `||` at half-verse / verse end; shown on the cards")
    roman_plain: str = Field(..., description="the same without accents (Sanskrit search, quotations, term lexicon)")
    translation: Optional[str] = Field(None, description="English translation (Griffith in the shipped corpus); "
                                                         "searched, embedded and quoted. null = untranslated")
    translation_note: Optional[str] = Field(None, description="translator's note on the verse (not shown)")
    translator: Optional[str] = Field(None, description="who made `translation` (not shown)")
    deity: Optional[str] = Field(None, description="Anukramaṇī deity (IAST), shown as \"Deity\"")
    deity_devanagari: Optional[str] = Field(None, description="the same in Devanagari (not shown)")
    rishi: Optional[str] = Field(None, description="Anukramaṇī seer (IAST), shown as \"Seer\" and used for "
                                                   "\"who composed…\" answers")
    rishi_devanagari: Optional[str] = Field(None, description="the same in Devanagari (not shown)")
    meter: Optional[str] = Field(None, description="Anukramaṇī metre (IAST); notes around the name are cleaned "
                                                   "off at build time and kept in `hymns.json`")
    meter_devanagari: Optional[str] = Field(None, description="the same in Devanagari (not shown)")
    hymn_addressee: Optional[str] = Field(None, description="whom the hymn addresses, in English: shown as \"Hymn to\", "
                                                            "searched and embedded with each verse")
    hymn_group: Optional[str] = Field(None, description="the group of hymns it belongs to (not shown)")
    # Word by word and other languages (issue 14; corpus_build/versions.py). The shipped corpus has
    # neither: the build takes them from VedaWeb's pinned files. A record's own value wins.
    padapatha: Optional[str] = Field(None, description="the padapāṭha in IAST: words separated by spaces, compound "
                                                       "members by `-` (`puraḥ-hitam`); shown under the text and "
                                                       "searched. null = from VedaWeb's `padapatha.csv` at build time")
    translations: Optional[Dict[str, str]] = Field(None, description="other translations by version id (`geldner`, "
                                                                     "`grassmann`, `renou`, `elizarenkova`, `oldenberg`, "
                                                                     "`mueller`, `macdonell`); a version that lacks the "
                                                                     "stanza has no key. null = from VedaWeb's files at "
                                                                     "build time")

    class Config:
        extra = "forbid"
        anystr_strip_whitespace = False

    @validator("mandala", "hymn", "verse", pre=True)
    def _strict_int(cls, value: object) -> object:
        # pydantic v1 would coerce "3" or 3.0; a string number means the source changed shape.
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"must be an integer, got {value!r}")
        return value

    @validator("sanskrit", "sanskrit_plain", "roman", "roman_plain")
    def _non_empty(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value

    @validator("padapatha")
    def _padapatha_words(cls, value: Optional[str]) -> Optional[str]:
        if value is not None and not value.strip():
            raise ValueError("must not be empty (null when there is none)")
        return value

    @validator("translations")
    def _translation_texts(cls, value: Optional[Dict[str, str]]) -> Optional[Dict[str, str]]:
        for version, text in (value or {}).items():
            if not version.strip() or not text.strip():
                raise ValueError(f"version {version!r}: an empty id or text (leave the stanza out instead)")
        return value

    @root_validator(skip_on_failure=True)
    def _ref_matches(cls, values: Dict[str, object]) -> Dict[str, object]:
        expected = f"{values['mandala']}.{values['hymn']}.{values['verse']}"
        if values["ref"] != expected:
            raise ValueError(f"ref {values['ref']!r} does not match mandala.hymn.verse {expected!r}")
        return values

    @property
    def key(self) -> Tuple[int, int, int]:
        """Canonical sort key; row order (= doc id) in every index file."""
        return (self.mandala, self.hymn, self.verse)


class HymnRecord(BaseModel):
    """The fields of ``hymns.jsonl`` the app uses; the rest of that file is provenance, ignored."""

    hymn_ref: str = Field(..., description="`\"M.H\"`, must equal `mandala.hymn`; unique")
    mandala: int = Field(..., ge=1, le=10, description="book, 1–10")
    hymn: int = Field(..., ge=1, description="hymn within the book")
    verses: int = Field(..., ge=1, description="number of verses; must match the verses in `rigveda.jsonl`")
    addressee: Optional[str] = Field(None, description="whom the hymn addresses, in English")
    group: Optional[str] = Field(None, description="the group of hymns it belongs to")
    valakhilya: bool = Field(False, description="one of the eleven Vālakhilya hymns (8.49–8.59)")

    class Config:
        extra = "ignore"

    @root_validator(skip_on_failure=True)
    def _ref_matches(cls, values: Dict[str, object]) -> Dict[str, object]:
        expected = f"{values['mandala']}.{values['hymn']}"
        if values["hymn_ref"] != expected:
            raise ValueError(f"hymn_ref {values['hymn_ref']!r} does not match mandala.hymn {expected!r}")
        return values


@dataclass
class Corpus:
    """Validated records in canonical order, plus what the manifest needs to identify the input."""

    records: List[CorpusRecord]
    hymns: List[HymnRecord]
    source: str  # file name or URL, never a machine-specific absolute path (keeps builds reproducible)
    sha256: str  # of rigveda.jsonl bytes + hymns.jsonl bytes (if present)
    per_mandala: Dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        per = " ".join(f"M{m}:{n}" for m, n in self.per_mandala.items())
        return f"{len(self.records)} verses, {len(self.hymns)} hymns ({per})"


def default_corpus_location() -> str:
    """The corpus ``corpus_build.locate`` finds (``$RIGVEDA_CORPUS``, ``shared/corpus`` beside the
    checkout or one of its parents, ``.cache/corpus``), else where the team's copy would be."""
    from corpus_build.locate import corpus_location  # late: locate reads the upstream cache stamp

    return corpus_location()


def _is_url(location: str) -> bool:
    return location.startswith(("http://", "https://"))


def _read_bytes(location: str, *, optional: bool = False) -> Optional[bytes]:
    """Read a local file or an http(s) URL; ``None`` for a missing optional input."""
    if _is_url(location):
        try:
            with urllib.request.urlopen(location, timeout=60) as response:  # noqa: S310 (http(s) only)
                return response.read()
        except urllib.error.HTTPError as exc:
            if optional and exc.code == 404:
                return None
            raise CorpusMissing(f"corpus not available at {location}: HTTP {exc.code}") from None
        except (urllib.error.URLError, OSError) as exc:
            if optional:
                return None
            reason = getattr(exc, "reason", exc)
            raise CorpusMissing(f"corpus not reachable at {location}: {reason}") from None
    path = Path(location)
    if not path.is_file():
        if optional:
            return None
        raise CorpusMissing(
            f"corpus not found: {path} (pass --corpus PATH_OR_URL or set ${CORPUS_ENV})"
        )
    return path.read_bytes()


def _sibling(location: str, name: str) -> str:
    if _is_url(location):
        return location.rsplit("/", 1)[0] + "/" + name
    return str(Path(location).with_name(name))


def _first_error(exc: ValidationError) -> str:
    """``field X: problem`` for the first pydantic error (one line, no traceback)."""
    err = exc.errors()[0]
    loc = ".".join(str(part) for part in err["loc"]) or "record"
    if err["type"] == "value_error.extra":
        return f"field {loc}: unknown field"
    if err["type"] == "value_error.missing":
        return f"field {loc}: missing"
    return f"field {loc}: {err['msg']}"


def _parse_lines(data: bytes, name: str) -> List[Tuple[int, dict]]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusError(f"{name}: not UTF-8 ({exc.reason} at byte {exc.start})") from None
    rows: List[Tuple[int, dict]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CorpusError(f"{name} line {number}: invalid JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise CorpusError(f"{name} line {number}: expected a JSON object")
        rows.append((number, obj))
    return rows


def parse_records(data: bytes, name: str = "rigveda.jsonl") -> List[CorpusRecord]:
    """Validate every line; the first bad one raises ``CorpusError`` naming line and field."""
    records: List[CorpusRecord] = []
    seen: Dict[str, int] = {}
    for number, obj in _parse_lines(data, name):
        try:
            record = CorpusRecord(**obj)
        except ValidationError as exc:
            raise CorpusError(f"{name} line {number}: {_first_error(exc)}") from None
        except TypeError as exc:  # non-string keys cannot happen in JSON, but keep the message clean
            raise CorpusError(f"{name} line {number}: {exc}") from None
        if record.ref in seen:
            raise CorpusError(
                f"{name} line {number}: field ref: duplicate {record.ref!r} (first on line {seen[record.ref]})"
            )
        seen[record.ref] = number
        records.append(record)
    if not records:
        raise CorpusError(f"{name}: no records")
    records.sort(key=lambda r: r.key)
    return records


def parse_hymns(data: bytes, name: str = HYMNS_FILE) -> List[HymnRecord]:
    hymns: List[HymnRecord] = []
    seen: Dict[str, int] = {}
    for number, obj in _parse_lines(data, name):
        try:
            hymn = HymnRecord(**obj)
        except ValidationError as exc:
            raise CorpusError(f"{name} line {number}: {_first_error(exc)}") from None
        if hymn.hymn_ref in seen:
            raise CorpusError(f"{name} line {number}: field hymn_ref: duplicate {hymn.hymn_ref!r}")
        seen[hymn.hymn_ref] = number
        hymns.append(hymn)
    hymns.sort(key=lambda h: (h.mandala, h.hymn))
    return hymns


def derive_hymns(records: List[CorpusRecord]) -> List[HymnRecord]:
    """Hymn table from the verses alone (used when ``hymns.jsonl`` is absent)."""
    table: Dict[Tuple[int, int], HymnRecord] = {}
    for record in records:
        key = (record.mandala, record.hymn)
        if key not in table:
            table[key] = HymnRecord(
                hymn_ref=f"{record.mandala}.{record.hymn}", mandala=record.mandala, hymn=record.hymn,
                verses=1, addressee=record.hymn_addressee, group=record.hymn_group,
            )
        else:
            table[key].verses += 1
    return [table[key] for key in sorted(table)]


def with_clean_groups(hymns: List[HymnRecord], records: List[CorpusRecord]) -> List[HymnRecord]:
    """The hymn table with each group label cleaned and kept only where it holds (``corpus_build.groups``)."""
    labels = clean_groups(group_inputs(hymns, records))
    return [h.copy(update={"group": label or None}) for h, label in zip(hymns, labels)]


def check_consistency(records: List[CorpusRecord], hymns: List[HymnRecord]) -> None:
    """The hymn table must list exactly the hymns the verses have, with the same verse counts."""
    derived = {(h.mandala, h.hymn): h.verses for h in derive_hymns(records)}
    given = {(h.mandala, h.hymn): h.verses for h in hymns}
    for (m, h), count in derived.items():
        if (m, h) not in given:
            raise CorpusError(f"{HYMNS_FILE}: hymn {m}.{h} has verses in the corpus but no hymn entry")
        if given[(m, h)] != count:
            raise CorpusError(
                f"{HYMNS_FILE}: hymn {m}.{h} lists {given[(m, h)]} verses, the corpus has {count}"
            )
    for key in given:
        if key not in derived:
            raise CorpusError(f"{HYMNS_FILE}: hymn {key[0]}.{key[1]} has no verses in the corpus")


def check_numbering(records: List[CorpusRecord]) -> None:
    """Within each hymn the verses must run 1..n (a gap means a lost record upstream)."""
    expected = 1
    previous: Optional[Tuple[int, int]] = None
    for record in records:
        hymn_key = (record.mandala, record.hymn)
        if hymn_key != previous:
            expected, previous = 1, hymn_key
        if record.verse != expected:
            raise CorpusError(f"verse {record.ref}: expected verse {expected} of hymn {record.mandala}.{record.hymn}")
        expected += 1


def load_corpus_full(location: Optional[str] = None) -> Corpus:
    """Read, validate and order the corpus; also the hymn table and the input fingerprint."""
    location = location or default_corpus_location()
    data = _read_bytes(location)
    assert data is not None
    name = location.rsplit("/", 1)[-1] if _is_url(location) else Path(location).name
    records = parse_records(data, name)
    check_numbering(records)
    digest = hashlib.sha256(data)
    hymn_bytes = _read_bytes(_sibling(location, HYMNS_FILE), optional=True)
    if hymn_bytes is not None:
        hymns = parse_hymns(hymn_bytes)
        check_consistency(records, hymns)
        digest.update(b"\0" + hymn_bytes)
    else:
        hymns = derive_hymns(records)
    hymns = with_clean_groups(hymns, records)
    per_mandala: Dict[str, int] = {}
    for record in records:
        per_mandala[str(record.mandala)] = per_mandala.get(str(record.mandala), 0) + 1
    return Corpus(
        records=records, hymns=hymns, source=location if _is_url(location) else name,
        sha256=digest.hexdigest(), per_mandala=per_mandala,
    )


def load_corpus(path_or_url: Optional[str] = None) -> List[CorpusRecord]:
    """The validated records in canonical (mandala, hymn, verse) order; row number = doc id."""
    return load_corpus_full(path_or_url).records


# ---------------------------------------------------------------------------------------------
# Display tables shipped to the browser (verses.json, hymns.json); formats fixed by CONTRACT.md.

VERSES_FIELDS = ["ref", "mandala", "hymn", "verse", "sanskrit", "roman", "translation",
                 "deity", "rishi", "meter", "addressee"]
# meter_notes: the raw metre fields the build cleaned, [[first verse, last verse, raw text], …] or null
HYMNS_FIELDS = ["hymn_ref", "mandala", "hymn", "verses", "addressee", "group", "meter_notes"]


def verses_table(records: List[CorpusRecord]) -> dict:
    """Column names once + one list per verse: about half the size of a list of objects. ``meter``
    is the cleaned metre name (``corpus_build.metre``); the raw field is in hymns.json."""
    rows = [
        [r.ref, r.mandala, r.hymn, r.verse, r.sanskrit, r.roman, r.translation,
         r.deity, r.rishi, clean_metre(r.meter), r.hymn_addressee]
        for r in records
    ]
    return {"fields": list(VERSES_FIELDS), "rows": rows}


def hymns_table(hymns: List[HymnRecord], records: Optional[List[CorpusRecord]] = None) -> dict:
    """One row per hymn; ``meter_notes`` keeps the raw metre text of the verses whose field was cleaned."""
    raw: Dict[Tuple[int, int], List[Tuple[int, Optional[str]]]] = {}
    for r in records or []:
        raw.setdefault((r.mandala, r.hymn), []).append((r.verse, r.meter))
    rows = [[h.hymn_ref, h.mandala, h.hymn, h.verses, h.addressee, h.group,
             metre_notes(raw.get((h.mandala, h.hymn), []))] for h in hymns]
    return {"fields": list(HYMNS_FIELDS), "rows": rows}


def write_tables(corpus: Corpus, out_dir: Path, progress: Callable[[str, int, int], None]) -> Dict[str, str]:
    """Build step 'tables': verses.json + hymns.json; row i of verses.json is doc id i. Also
    ``verses.bin``, the same rows in columns (``pyapp.verse_table``): the page reads that one, without
    parsing 7 MB of JSON at every start; ``verses.json`` stays the readable form for tools and tests."""
    table = verses_table(corpus.records)
    written = {
        "verses.json": write_atomic(out_dir / "verses.json", json_bytes(table)),
        verse_table.FILE_NAME: write_atomic(out_dir / verse_table.FILE_NAME, verse_table.encode(table["rows"], table["fields"])),
        "hymns.json": write_atomic(out_dir / "hymns.json", json_bytes(hymns_table(corpus.hymns, corpus.records))),
    }
    progress("tables", len(corpus.records), len(corpus.records))
    return written
