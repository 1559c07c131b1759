"""Build step 'versions': the padapāṭha and the parallel translations, from VedaWeb's pinned files.

    python -m corpus_build                       # runs this step with the others
    python -m corpus_build.versions --table      # the README's language table, from the built index

Inputs: the files pinned under ``versions`` in ``corpus_build/upstream.lock.json`` (padapatha.csv,
Geldner, Grassmann, Renou, Elizarenkova, Oldenberg, Müller, Macdonell) and ``vedaweb_corpus.tei``
(pinned with the corpus), fetched and sha256-checked exactly like the corpus' own files
(``corpus_build.upstream``). Where from: ``corpus_build.locate`` (``--upstream`` / ``$RIGVEDA_UPSTREAM``,
``shared/upstream`` beside the checkout, ``.cache/upstream``), else the public raw-file host; files from a URL are kept in
``.cache/upstream/`` (checked again on every use). A corpus record's own ``padapatha`` /
``translations`` win over the files for that stanza.

Outputs (under the index folder):
  padapatha.json        {"format": 1, "hymns": {"1.1": ["agnim īḷe puraḥ-hitam …", …]}} — loaded at start-up
                        (shown on every card, searched); words separated by spaces, compound members
                        by "-", IAST (VedaWeb's r̥ l̥ ṁ written ṛ ḷ ṃ like the corpus); null = no padapāṭha
  versions.json         the catalogue: every version's language, coverage, licence and credit line (from
                        the TEI header), Griffith (in verses.json) first as the default — loaded at start-up
  versions/<id>.json    one per translation: {"format", "id", "language", "hymns": {"1.1": [text|null, …]},
                        "stems": {word: search key}} — *lazy*: listed in manifest.json with "lazy": true,
                        fetched by the page only when the reader chooses it (or a question needs it)
A stanza a version lacks is null (a hymn it lacks has no key). Elizarenkova's pāda lines are joined
with " / " (Renou's own half-verse mark); Müller's and Oldenberg's footnote numbers are dropped.

Why the upstream files stay unreachable-tolerant: the app works without any of this (no padapāṭha
line, Griffith only), so an offline build without ``shared/upstream`` warns and skips the step
instead of failing; a file that does not match its pinned hash still stops the build.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from corpus_build import locate
from corpus_build.corpus import CorpusError, CorpusMissing, CorpusRecord
from corpus_build.manifest import StepUnavailable, json_bytes, sha256_bytes, write_atomic
from corpus_build.normalize import decode, iso_to_iast
from corpus_build.upstream import (
    Upstream, UpstreamError, UpstreamLock, Wanted, is_url, load_lock, verify,
)
from pyapp.search.padapatha import FORMAT_VERSION as PADAPATHA_FORMAT, PADAPATHA_FILE
from pyapp.search.translations import (
    CATALOG_FILE, DEFAULT_VERSION, FORMAT_VERSION as VERSION_FORMAT, VERSIONS_DIR, stem_table,
)

UPSTREAM_CACHE = locate.UPSTREAM_CACHE  # verified copies of files fetched from a URL
TEI_FILE = "vedaweb_tei"
LANGUAGE_NAMES = {"en": "English", "de": "German", "fr": "French", "ru": "Russian"}
# the pinned files are part of this step's input (manifest.module_source_hash reads BUILD_VERSION)
BUILD_VERSION = load_lock().versions_digest()


@dataclass(frozen=True)
class Version:
    id: str  # the lock's file name and the file name under versions/
    language: str
    padas: bool = False  # the file has a line per pāda (id<TAB>pāda<TAB>text)
    footnotes: bool = False  # footnote numbers stand in the text ("1 I magnify 2 Agni")


# The picker's order: the default, then by language (German, French, Russian, English), most complete first.
TRANSLATIONS: List[Version] = [
    Version("geldner", "de"), Version("grassmann", "de"), Version("renou", "fr"),
    Version("elizarenkova", "ru", padas=True),
    Version("oldenberg", "en", footnotes=True), Version("mueller", "en", footnotes=True), Version("macdonell", "en"),
]


# ---------------------------------------------------------------------------------------------
# Reading the files


def stanza_ref(sid: str) -> str:
    """VedaWeb's ``01.001.01`` → ``1.1.1``."""
    m, h, v = (int(part) for part in sid.strip().split("."))
    return f"{m}.{h}.{v}"


_MARKUP = re.compile(r"<[^>]*>(?:\([^)]*\))?")  # one row starts "<b>(r̥V_10,92)"
_NOTE = re.compile(r"\[[^\]]*\]")  # "[svar iti]", "[?]": editors' notes, not words
_GLUED_ITI = re.compile(r"(?<=\s)iti(?=[^\s|])")  # "sukrato itisu-krato": the repeated compound after iti
# "dadhāteiti", "antariti", "vājinīvasūitivājinī-vasū": iti glued to the pragṛhya word before it
_ITI_GLUED = re.compile(r"(?:(?<=[eoīū])|(?<=[aāiīuūeo]r))iti(?=\s|\||$|[^\W\d_])")
_ABSENT = {"N/A"}  # what the files write for a stanza they lack (Geldner writes dots)


def present(text: str) -> bool:
    """A stanza's text is there: not "N/A", and not only dots ("..........")."""
    return text.strip() not in _ABSENT and re.search(r"[^\W\d_]", text) is not None


def clean_padapatha(text: str) -> str:
    """One stanza's padapāṭha as words separated by single spaces (compound members keep their "-");
    the ``iti`` that marks a pragṛhya word is its own word, as the padapāṭha means it."""
    text = _NOTE.sub(" ", _MARKUP.sub(" ", text))
    text = _GLUED_ITI.sub("iti ", text)
    text = _ITI_GLUED.sub(" iti ", iso_to_iast(text))
    return " ".join(text.replace("|", " ").split())


def read_padapatha(data: bytes) -> Dict[str, str]:
    table: Dict[str, str] = {}
    for line in decode(data, "padapatha").splitlines():
        if line.strip():
            sid, body = line.split("\t", 1)
            words = clean_padapatha(body) if present(body) else ""
            if words:
                table[stanza_ref(sid)] = words
    return table


def drop_footnotes(text: str) -> str:
    """"1 I magnify 2 Agni, … worship 1 thou" → "I magnify Agni, … worship thou": a number of one or
    two digits standing alone after a word (or at the start) and before a space or punctuation."""
    text = re.sub(r"^\d{1,2}\s+(?=\D)", "", text)
    text = re.sub(r"(?<=[^\d\s])\s?\d{1,2}(?=[\s,.;:!?)\]'’\"”—-]|$)", "", text)
    return re.sub(r"\s{2,}", " ", text).strip()


def read_translation(data: bytes, version: Version) -> Dict[str, str]:
    """{ref: text} for the stanzas the file has (whitespace collapsed; pāda lines joined by " / ")."""
    parts: Dict[str, List[str]] = {}
    for line in decode(data, version.id).splitlines():
        if not line.strip():
            continue
        cells = line.split("\t")
        body = cells[2] if version.padas and len(cells) >= 3 else "\t".join(cells[1:])
        body = " ".join(body.split())
        if version.footnotes:
            body = drop_footnotes(body)
        if present(body):
            parts.setdefault(stanza_ref(cells[0]), []).append(body)
    return {ref: " / ".join(lines) for ref, lines in parts.items()}


# ---------------------------------------------------------------------------------------------
# Credits from the TEI header

TEI = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
_TITLES = re.compile(r"^(?:(?:Prof|Dr|PD)\.\s*)+")


def _text(element: Optional[ET.Element]) -> str:
    """An element's own text and its children's, minus affiliations, whitespace collapsed."""
    if element is None:
        return ""
    pieces = [element.text or ""]
    for child in element:
        if child.tag != f"{TEI}affiliation":
            pieces.append(_text(child))
        pieces.append(child.tail or "")
    return " ".join("".join(pieces).split())


def _person(element: ET.Element) -> str:
    return _TITLES.sub("", _text(element)).strip()


@dataclass
class Credit:
    """What VedaWeb's TEI header says about one file."""

    author: str
    title: str
    source: str  # "Harvard University Press, Cambridge, Massaschusets, 2003; Harvard Oriental Series 63"
    digital: str  # "extracted and modified by Daniel Kölligan, …; compiled by …"
    publisher: str  # the digital edition's publisher
    dates: str
    licence: str  # "CC BY-NC-SA 4.0"
    licence_url: str

    @property
    def name(self) -> str:
        return self.author.split()[-1] if self.author else self.title

    def line(self) -> str:
        """The credit line the footer and the README show."""
        work = f"{self.author}, {self.title}" if self.author else self.title
        if self.source:
            work += f" ({self.source})"
        digital = f"Digital text: {self.digital}; " if self.digital else "Digital text: "
        edition = ", ".join(part for part in (self.publisher, self.dates) if part)
        return f"{work}. {digital}VedaWeb, {edition}. {self.licence}."


def _licence(element: ET.Element) -> Tuple[str, str]:
    node = element.find(f".//{TEI}licence")
    url = node.get("target", "") if node is not None else ""
    cc = re.search(r"creativecommons\.org/licenses/([a-z-]+)/([0-9.]+)", url)
    return (f"CC {cc.group(1).upper()} {cc.group(2)}" if cc else (url or "not stated")), url


def _source(desc: Optional[ET.Element]) -> Tuple[str, str, List[str]]:
    """(author, "publisher, place, date; series volume", extra responsibilities) of a sourceDesc."""
    if desc is None:
        return "", "", []
    names = [node.find(f"{TEI}persName") for node in desc.iter(f"{TEI}author")]
    author = next((_person(name) for name in names if name is not None), "")
    pub = desc.find(f".//{TEI}imprint")
    if pub is None:
        pub = desc.find(f".//{TEI}publicationStmt")
    bits: List[str] = []
    if pub is not None:
        for tag in ("publisher", "pubPlace", "date"):
            value = _text(pub.find(f"{TEI}{tag}"))
            if value and "GRETIL" not in value:
                bits.append(value)
        if any("GRETIL" in _text(node) for node in pub.iter(f"{TEI}publisher")):
            bits.insert(0, "GRETIL, SUB Göttingen")
    series = desc.find(f".//{TEI}seriesStmt")
    source = ", ".join(bits)
    if series is not None:
        volume = _text(series.find(f"{TEI}biblScope"))
        source += f"; {_text(series.find(f'{TEI}title'))}{' ' + volume if volume else ''}"
    extra = []
    for resp in desc.iter(f"{TEI}respStmt"):
        what = _text(resp.find(f"{TEI}resp"))
        who = [_person(n) for n in resp if n.tag in (f"{TEI}persName", f"{TEI}name")]
        if what and who and what.lower() in ("compiled by", "data entry"):
            extra.append(f"{what[0].lower() + what[1:]}{'' if what.endswith('by') else ':'} {', '.join(who)}")
    return author, source, extra


def tei_credits(tei: str) -> Dict[str, Credit]:
    """{file id (xml:id of its biblFull): Credit} for every file the TEI header describes."""
    root = ET.fromstring(tei.encode("utf-8"))
    credits: Dict[str, Credit] = {}
    for bibl in root.iter(f"{TEI}biblFull"):
        xml_id = bibl.get(XML_ID)
        desc = bibl.find(f"{TEI}fileDesc")
        if not xml_id or desc is None:
            continue
        stmt = desc.find(f"{TEI}titleStmt")
        titles = stmt.findall(f"{TEI}title") if stmt is not None else []
        main = next((t for t in titles if t.get("type") in (None, "main")), titles[0] if titles else None)
        digital = []
        for resp in (stmt.findall(f"{TEI}respStmt") if stmt is not None else []):
            what = _text(resp.find(f"{TEI}resp"))
            who = [_person(p) for p in resp.findall(f"{TEI}persName")]
            if what and who:
                digital.append(f"{what[0].lower() + what[1:]} {', '.join(who)}")
        own_author = stmt.find(f"{TEI}author/{TEI}persName") if stmt is not None else None
        author, source, extra = _source(desc.find(f"{TEI}sourceDesc"))
        publication = desc.find(f"{TEI}publicationStmt")
        publisher = _text(publication.find(f"{TEI}publisher")) if publication is not None else ""
        publisher = re.sub(r"\s+(CCeH)$", r" (\1)", publisher)
        dates = ", ".join(_text(d) for d in publication.findall(f"{TEI}date")) if publication is not None else ""
        licence, url = _licence(publication if publication is not None else bibl)
        credits[xml_id] = Credit(
            author=_person(own_author) if own_author is not None else author, title=_text(main), source=source,
            digital="; ".join(digital + extra), publisher=publisher, dates=dates, licence=licence, licence_url=url)
    return credits


# ---------------------------------------------------------------------------------------------
# Fetching (pinned + checked, like the corpus)


def default_location() -> str:
    """Where the upstream files are (``corpus_build.locate``: --upstream, which ``python -m corpus_build``
    passes on as $RIGVEDA_UPSTREAM; $RIGVEDA_UPSTREAM; shared/upstream beside the checkout;
    .cache/upstream), else the raw-file host."""
    return locate.upstream_location()


def fetch_pinned(wanted: Sequence[Wanted], location: str, cache: Path = UPSTREAM_CACHE,
                 progress: Optional[Callable[[str, int, int], None]] = None) -> Dict[str, bytes]:
    """{name: bytes} of the pinned files, each checked against its sha256. From a URL, verified copies
    are kept in ``cache`` and used (after checking them again) by later builds."""
    upstream: Optional[Upstream] = None
    files: Dict[str, bytes] = {}
    total = sum(item.pin.bytes for item in wanted)
    done = 0
    if is_url(location):
        missing = [i for i in wanted if not (cache / i.repo / i.commit / i.pin.path).is_file()]
        if missing:
            size = sum(i.pin.bytes for i in missing) / 1e6
            print(f"fetching {len(missing)} upstream files ({size:.2f} MB: the padapāṭha and the translations) "
                  f"from {location}; kept in {cache}", file=sys.stderr, flush=True)
    for item in wanted:
        kept = cache / item.repo / item.commit / item.pin.path
        data: Optional[bytes] = None
        if is_url(location) and kept.is_file():
            data = kept.read_bytes()
            if sha256_bytes(data) != item.pin.sha256:
                data = None
        if data is None:
            upstream = upstream or Upstream(location)
            data = verify(item, upstream.get(item, lambda n: None))
            if is_url(location):
                write_atomic(kept, data)
        files[item.name] = data
        done += len(data)
        if progress:
            progress("versions: upstream files", done, total)
    return files


# ---------------------------------------------------------------------------------------------
# The step


def _by_hymn(records: Sequence[CorpusRecord], texts: Dict[str, str]) -> Dict[str, List[Optional[str]]]:
    """{"M.H": [text or None per verse]} for the hymns with at least one text."""
    hymns: Dict[str, List[Optional[str]]] = {}
    for record in records:
        hymns.setdefault(f"{record.mandala}.{record.hymn}", []).append(texts.get(record.ref))
    return {hymn: verses for hymn, verses in hymns.items() if any(verses)}


def _coverage(count: int, total: int) -> float:
    return round(100.0 * count / total, 2) if total else 0.0


def build_versions(records: List[CorpusRecord], out_dir: Path, progress: Callable[[str, int, int], None],
                   *, location: Optional[str] = None, lock: Optional[UpstreamLock] = None) -> Dict[str, str]:
    """Write padapatha.json, versions.json and versions/<id>.json; {relative path: sha256}."""
    lock = lock or load_lock()
    location = location or default_location()
    wanted = [lock.named(TEI_FILE)] + lock.version_files()
    try:
        files = fetch_pinned(wanted, location, progress=progress)
    except CorpusMissing as exc:  # UpstreamUnreachable: the app works without versions
        raise StepUnavailable(f"the padapāṭha and translations are left out: {exc}") from None
    except UpstreamError as exc:
        raise CorpusError(str(exc)) from None
    credits = tei_credits(decode(files[TEI_FILE], TEI_FILE))
    refs = {record.ref for record in records}
    total = len(records)
    written: Dict[str, str] = {}

    # padapāṭha: the file, then the records' own
    pada = {ref: text for ref, text in read_padapatha(files["padapatha"]).items() if ref in refs}
    pada.update({r.ref: " ".join(r.padapatha.split()) for r in records if r.padapatha})
    written[PADAPATHA_FILE] = write_atomic(out_dir / PADAPATHA_FILE, json_bytes(
        {"format": PADAPATHA_FORMAT, "hymns": _by_hymn(records, pada)}))

    known = {v.id for v in TRANSLATIONS}
    for record in records:
        unknown = sorted(set(record.translations or {}) - known)
        if unknown:
            raise CorpusError(f"verse {record.ref}: field translations: unknown version {unknown[0]!r} "
                              f"(known: {', '.join(sorted(known))})")

    griffith = credits.get(DEFAULT_VERSION)
    english = sum(1 for r in records if r.translation)
    catalog_versions = [_entry(DEFAULT_VERSION, "en", griffith, english, total, None, default=True)]
    for number, version in enumerate(TRANSLATIONS, 1):
        texts = {ref: text for ref, text in read_translation(files[version.id], version).items() if ref in refs}
        texts.update({r.ref: " ".join(r.translations[version.id].split())
                      for r in records if r.translations and version.id in r.translations})
        rel = f"{VERSIONS_DIR}/{version.id}.json"
        hymns = _by_hymn(records, texts)
        data = {"format": VERSION_FORMAT, "id": version.id, "language": version.language, "hymns": hymns,
                "stems": stem_table((t for verses in hymns.values() for t in verses if t), version.language)}
        written[rel] = write_atomic(out_dir / rel, json_bytes(data))
        catalog_versions.append(_entry(version.id, version.language, credits.get(version.id), len(texts), total, rel))
        progress("versions", number, len(TRANSLATIONS))

    pada_credit = credits.get("padapatha")
    catalog = {
        "format": VERSION_FORMAT, "default": DEFAULT_VERSION, "versions": catalog_versions,
        "padapatha": {"file": PADAPATHA_FILE, "stanzas": len(pada), "coverage": _coverage(len(pada), total),
                      "licence": pada_credit.licence if pada_credit else "not stated",
                      "licence_url": pada_credit.licence_url if pada_credit else "",
                      "credit": pada_credit.line() if pada_credit else "VedaWeb, padapatha.csv"},
    }
    written[CATALOG_FILE] = write_atomic(out_dir / CATALOG_FILE, json_bytes(catalog))
    return written


def _entry(version_id: str, language: str, credit: Optional[Credit], count: int, total: int, file: Optional[str],
           default: bool = False) -> dict:
    credit = credit or Credit(author=version_id.title(), title="", source="", digital="", publisher="", dates="",
                              licence="not stated", licence_url="")
    line = credit.line()
    if version_id == DEFAULT_VERSION:  # what the corpus and the footer have always said about Griffith
        line = f"{line} Griffith's translation itself is in the public domain."
    return {"id": version_id, "name": credit.name, "language": language, "language_name": LANGUAGE_NAMES[language],
            "author": credit.author, "title": credit.title, "stanzas": count, "coverage": _coverage(count, total),
            "licence": credit.licence, "licence_url": credit.licence_url, "credit": line, "file": file,
            "default": default}


# ---------------------------------------------------------------------------------------------
# The README's language table


def language_table(catalog: dict, sizes: Optional[Dict[str, int]] = None) -> str:
    """Markdown: one row per version (and the padapāṭha) with coverage, licence and credit."""
    sizes = sizes or {}
    lines = ["| version | language | stanzas (coverage) | loaded | licence | credit (from `vedaweb_corpus.tei`) |",
             "|---|---|---|---|---|---|"]
    pada = catalog.get("padapatha")
    if pada:
        size = f", {sizes[pada['file']] / 1e6:.1f} MB" if pada["file"] in sizes else ""
        lines.append(f"| Padapāṭha (word by word) | Sanskrit (IAST) | {pada['stanzas']:,} ({pada['coverage']:.2f} %) "
                     f"| at start-up{size} | {pada['licence']} | {pada['credit']} |")
    for v in catalog["versions"]:
        if v["default"]:
            loaded = "at start-up (in `verses.json`), the default"
        else:
            size = f" ({sizes[v['file']] / 1e6:.1f} MB)" if v["file"] in sizes else ""
            loaded = f"when chosen{size}"
        credit = v["credit"].replace("|", "\\|")
        lines.append(f"| {v['name']} | {v['language_name']} | {v['stanzas']:,} ({v['coverage']:.2f} %) | {loaded} "
                     f"| {v['licence']} | {credit} |")
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus_build.versions", description=__doc__.splitlines()[0])
    parser.add_argument("--table", action="store_true", help="print the README's language table")
    parser.add_argument("--index", type=Path, default=locate.REPO_ROOT / "web" / "assets" / "index",
                        help="the built index folder (default web/assets/index)")
    args = parser.parse_args(argv)
    path = args.index / CATALOG_FILE
    if not path.is_file():
        print(f"error: {path} not found: build the index first (python -m corpus_build)", file=sys.stderr)
        return 2
    catalog = json.loads(path.read_text(encoding="utf-8"))
    sizes = {p.relative_to(args.index).as_posix(): p.stat().st_size for p in args.index.rglob("*.json")}
    print(language_table(catalog, sizes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
