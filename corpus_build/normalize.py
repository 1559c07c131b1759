"""Turn the published upstream files into the corpus: ``rigveda.jsonl`` (one record per stanza) and
``hymns.jsonl`` (one per hymn), exactly the files the team's ``shared/corpus`` holds.

Inputs (fetched and hash-checked by ``corpus_build.upstream``; names as in ``upstream.lock.json``):
  VedaWebProject/vedaweb-data  locations (rv_locations.tsv: the canonical 10,552 stanza ids), eichler
                               (Devanagari with accents), aufrecht (roman), griffith (English),
                               addressees (per hymn, English + German)
  bhavykhatri/DharmicData      mandala_1 … mandala_10: only the anukramaṇī header in front of each
                               hymn's first verse (rishi । devatā । chandas, with verse-range notes)

Why a pure function of bytes: the output is pinned by sha256 in ``upstream.lock.json``, so the same
inputs must give the same bytes on every machine (no clock, no paths, no environment). The rules
follow ``shared/corpus/normalize.py`` and its field notes (``shared/corpus/SOURCES.md``); that
script's statistics and alignment checks, which only feed ``stats.json``, are left out here.

Transliteration is our own small Devanagari→IAST table (accents dropped), and Aufrecht's ISO-15919
letters r̥ l̥ ṁ become IAST ṛ ḷ ṃ with the udātta/svarita accents kept.
"""
from __future__ import annotations

import difflib
import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Dict, Iterable, List, Mapping, Optional, Tuple

HymnKey = Tuple[int, int]
MANDALAS = range(1, 11)
INPUTS = ("locations", "eichler", "aufrecht", "griffith", "addressees",
          *(f"mandala_{m}" for m in MANDALAS))
TRANSLATOR = "Ralph T. H. Griffith, The Hymns of the Rigveda (2nd ed. 1896)"


class NormalizeError(Exception):
    """An input has a shape the rules do not expect (one line)."""


# ---------------------------------------------------------------------------------------------
# Transliteration

DEV_VOWELS = {"अ": "a", "आ": "ā", "इ": "i", "ई": "ī", "उ": "u", "ऊ": "ū", "ऋ": "ṛ", "ॠ": "ṝ",
              "ऌ": "ḷ", "ॡ": "ḹ", "ए": "e", "ऐ": "ai", "ओ": "o", "औ": "au"}
DEV_MATRAS = {"ा": "ā", "ि": "i", "ी": "ī", "ु": "u", "ू": "ū", "ृ": "ṛ", "ॄ": "ṝ", "ॢ": "ḷ",
              "ॣ": "ḹ", "े": "e", "ै": "ai", "ो": "o", "ौ": "au"}
DEV_CONSONANTS = {"क": "k", "ख": "kh", "ग": "g", "घ": "gh", "ङ": "ṅ", "च": "c", "छ": "ch", "ज": "j",
                  "झ": "jh", "ञ": "ñ", "ट": "ṭ", "ठ": "ṭh", "ड": "ḍ", "ढ": "ḍh", "ण": "ṇ", "त": "t",
                  "थ": "th", "द": "d", "ध": "dh", "न": "n", "प": "p", "फ": "ph", "ब": "b", "भ": "bh",
                  "म": "m", "य": "y", "र": "r", "ल": "l", "व": "v", "श": "ś", "ष": "ṣ", "स": "s",
                  "ह": "h", "ळ": "ḷ"}
DEV_SIGNS = {"ं": "ṃ", "ः": "ḥ", "ँ": "m̐", "ऽ": "'", "।": "|", "॥": "||", "ॐ": "oṃ"}
DEV_DIGITS = {chr(0x0966 + i): str(i) for i in range(10)}
VIRAMA, NUKTA = "्", "़"
VEDIC_MARKS = re.compile("[\u0951\u0952\u0953\u0954\u1CD0-\u1CFF\uA8E0-\uA8F1]")
UDATTA_ANUDATTA = re.compile("[\u0951\u0952]")  # the accents eichler.csv writes; the first marks a verse


def strip_dev_accents(text: str) -> str:
    return VEDIC_MARKS.sub("", text)


def dev_to_iast(text: str) -> str:
    """Devanagari → IAST without accents (inherent ``a`` unless virāma or a vowel sign follows)."""
    text = strip_dev_accents(text).replace(NUKTA, "")
    out: List[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in DEV_CONSONANTS:
            out.append(DEV_CONSONANTS[ch])
            nxt = text[i + 1] if i + 1 < len(text) else ""
            if nxt == VIRAMA:
                i += 2
                continue
            if nxt in DEV_MATRAS:
                out.append(DEV_MATRAS[nxt])
                i += 2
                continue
            out.append("a")
        elif ch != VIRAMA:
            out.append(DEV_VOWELS.get(ch) or DEV_MATRAS.get(ch) or DEV_SIGNS.get(ch) or DEV_DIGITS.get(ch) or ch)
        i += 1
    return unicodedata.normalize("NFC", "".join(out))


def dev_int(digits: str) -> int:
    return int("".join(DEV_DIGITS.get(c, c) for c in digits))


def iso_to_iast(text: str) -> str:
    """Aufrecht's ISO-15919-like letters (r̥ l̥ ṁ) → IAST (ṛ ḷ ṃ), accents kept; accent marks standing
    alone after a space are dropped, and so is the ``.`` 48 rows put before a hiatus (`` .ìndra``)."""
    t = unicodedata.normalize("NFD", text)
    t = t.replace("r\u0325", "r\u0323").replace("l\u0325", "l\u0323").replace("R\u0325", "R\u0323")
    t = t.replace("m\u0307", "m\u0323").replace("M\u0307", "M\u0323")
    t = re.sub(r"(^|\s)[\u0300\u0301]+", r"\1", t)
    t = re.sub(r"\s\.(?=\S)", " ", t)
    t = re.sub(r"  +", " ", t)
    return unicodedata.normalize("NFC", t)


def strip_roman_accents(text: str) -> str:
    """Drop the udātta/svarita marks (combining acute/grave), keeping the acute that belongs to ś/Ś."""
    out: List[str] = []
    base = ""
    for ch in unicodedata.normalize("NFD", text):
        if ch in "\u0301\u0300":
            if ch == "\u0301" and base in ("s", "S"):
                out.append(ch)
            continue
        if not unicodedata.combining(ch):
            base = ch
        out.append(ch)
    return re.sub(r"  +", " ", unicodedata.normalize("NFC", "".join(out)))


# ---------------------------------------------------------------------------------------------
# VedaWeb tables (stanza ids ``MM.HHH.VV``)


def decode(data: bytes, name: str) -> str:
    """UTF-8 with universal newlines (eichler.csv and aufrecht.csv end some lines with CR LF)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NormalizeError(f"{name}: not UTF-8 ({exc.reason} at byte {exc.start})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_locations(text: str) -> List[str]:
    """The canonical stanza ids in canonical order (first column, after the header row)."""
    return [line.split("\t")[0] for line in text.splitlines()[1:] if line.strip()]


def read_stanza_lines(text: str) -> Dict[str, List[str]]:
    """``id<TAB>line label<TAB>text`` → {id: [text of each half-verse line, in file order]}."""
    table: Dict[str, List[str]] = {}
    for raw in text.splitlines():
        if not raw.strip():
            continue
        parts = raw.split("\t")
        body = next((p for p in parts[2:] if p.strip()), "").strip()  # one row has stray extra tabs
        table.setdefault(parts[0].strip(), []).append(body)
    return table


def read_griffith(text: str) -> Dict[str, str]:
    table: Dict[str, str] = {}
    for raw in text.splitlines():
        if raw.strip():
            sid, body = raw.split("\t", 1)
            table[sid.strip()] = re.sub(r"\s+", " ", body).strip()
    return table


def hymn_sizes(stanza_ids: Iterable[str]) -> Dict[HymnKey, int]:
    """{(mandala, hymn): number of stanzas}, in the order the hymns first appear."""
    sizes: Dict[HymnKey, int] = {}
    for sid in stanza_ids:
        m, h, v = (int(x) for x in sid.split("."))
        sizes[(m, h)] = max(sizes.get((m, h), 0), v)
    return sizes


# ---------------------------------------------------------------------------------------------
# Anukramaṇī headers (DharmicData): '<count> rishi। devatā। chandas।' before each hymn's first verse

NUM = "[0-9\u0966-\u096F]+"
NUMSPEC_RE = re.compile(rf"({NUM})(?:\s*[-–]\s*({NUM}))?")
METER_WORDS = ["गायत्री", "त्रिष्टुप्", "जगती", "अनुष्टुप्", "अनुष्टप्", "पङ्क्ति", "पंक्ति", "बृहती", "उष्णिक्",
               "उष्णिह", "विराट्", "विराड्", "अत्यष्टि", "अष्टि", "प्रगाथ", "शक्वरी", "द्विपदा", "एकपदा",
               "ककुप्", "ककुभ्", "धृति", "अतिजगती", "महापङ्क्ति", "महापंक्ति", "निचृत्"]
# digits inside parentheses are notes, not verse numbers: they are masked while tokenising
_MASK = str.maketrans({chr(0x0966 + i): chr(0xE000 + i) for i in range(10)}
                      | {str(i): chr(0xE010 + i) for i in range(10)})
_UNMASK = str.maketrans({v: chr(k) for k, v in _MASK.items()})


def extract_header(text: str) -> str:
    """The header line(s) before the first accented verse. Where several are present (a stale one in
    front of 1.191, a bare '1-12' in front of 8.65) the text from the last line that starts with a
    plain verse count ('१६ अगस्त्यो …') is kept."""
    m = UDATTA_ANUDATTA.search(text)
    prefix = text[: m.start()] if m else text
    cut = max(prefix.rfind("।"), prefix.rfind("॥"), prefix.rfind("\n"), prefix.rfind("|"))
    lines = [line.strip() for line in (prefix[: cut + 1] if cut >= 0 else "").split("\n") if line.strip()]
    start = 0
    for i, line in enumerate(lines[1:], 1):
        if re.match(rf"^\(?{NUM}\)?\s+[^\s0-9\u0966-\u096F\-–,]", line) and line.count("।") >= 2:
            start = i
    return re.sub(r"\s+", " ", " ".join(lines[start:])).strip()


def dev_key(text: str) -> str:
    """Letters only, accents and avagraha dropped, nasal + consonant as anusvāra: for matching texts."""
    text = strip_dev_accents(text)
    text = re.sub(r"[ङञणनम]्(?=[\u0915-\u0939])", "ं", text)
    return re.sub(r"[^\u0900-\u0963]", "", text).replace("ऽ", "")


def first_verse_key(text: str) -> str:
    m = UDATTA_ANUDATTA.search(text)
    if not m:
        return ""
    cut = max(text.rfind("।", 0, m.start()), text.rfind("॥", 0, m.start()), text.rfind("\n", 0, m.start()))
    return dev_key(text[cut + 1: cut + 200])[:25]


def clean_dev(text: str) -> str:
    text = re.sub(r"(?<=[\u0900-\u097F])\s*:", "ः", text)  # ASCII colon used for visarga
    text = re.sub(r"(?<=[\u0900-\u097F])s(?=[\u0900-\u097F])", "ऽ", text)  # ASCII s used for avagraha
    text = re.sub(r"\s+", " ", text)
    return text.strip(" ,;।|॥-–=")


def split_header(header: str) -> Tuple[Dict[str, str], bool]:
    """'<count> rishi। devatā। chandas।' → ({rishi, devata, chandas}, cleanly split)."""
    body = header.replace("॥", "।").replace("|", "।")
    # leading verse count: '९ ', '(९) ', '(१-३२) ', '((१४) ', '१-१० ' (a range covering the hymn)
    body = re.sub(rf"^[\(\s]*{NUM}(?:\s*[-–]\s*{NUM})?[\s\)]*(?=[^\s,;0-9\u0966-\u096F\-–])", "",
                  body.strip(), count=1)
    parts = [p for p in (part.strip() for part in body.split("।")) if p.strip(" ,;")]
    fields = {"rishi": "", "devata": "", "chandas": ""}
    if len(parts) >= 3:
        fields.update(rishi=parts[0], devata=parts[1], chandas=" । ".join(parts[2:]))
        return fields, True
    if len(parts) == 2:
        a, b = parts
        meter_at = min([b.find(w) for w in METER_WORDS if w in b] or [-1])
        if meter_at == 0 or re.match(rf"^{NUM}", b):  # b is the meter: a = rishi + devatā
            words = a.split()
            fields.update(rishi=" ".join(words[:-1]), devata=words[-1] if words else "", chandas=b)
        elif meter_at > 0:  # b = devatā + meter
            fields.update(rishi=a, devata=b[:meter_at], chandas=b[meter_at:])
        else:
            fields.update(rishi=a, devata=b)
    elif len(parts) == 1:
        fields["rishi"] = parts[0]
    return fields, False


def _tokens(spec: str) -> List[Tuple[str, object]]:
    """('num', [verses]) for '१२' / '४-६', ('txt', str) for the text between them."""
    tokens: List[Tuple[str, object]] = []
    pos = 0
    for m in NUMSPEC_RE.finditer(spec):
        if m.start() > pos:
            tokens.append(("txt", spec[pos:m.start()]))
        a = dev_int(m.group(1))
        b = dev_int(m.group(2)) if m.group(2) else a
        tokens.append(("num", list(range(a, b + 1)) if 0 < a <= b <= a + 200 else [a]))
        pos = m.end()
    if pos < len(spec):
        tokens.append(("txt", spec[pos:]))
    return tokens


def per_verse(spec: str, n: int) -> Tuple[List[str], bool]:
    """Resolve a field like 'त्रिष्टुप्, १२, १५ जगती, ४२ प्रस्तारपंक्तिः' into one value per verse
    1..n: unnumbered text is the default, numbers claim the text that follows them."""
    spec = spec.strip()
    if not spec:
        return [""] * n, False
    spec = re.sub(r"\([^()]*\)", lambda mm: mm.group(0).translate(_MASK), spec)
    default: Optional[str] = None
    assigned: Dict[int, str] = {}
    pending: List[int] = []
    qualifier: Dict[int, str] = {}
    last_group: List[int] = []
    for kind, value in _tokens(spec):
        if kind == "num":
            pending.extend(value)  # type: ignore[arg-type]
            continue
        text = clean_dev(str(value).translate(_UNMASK))
        if not text:
            continue
        if re.fullmatch(r"[\(\[].*[\)\]]", text) and pending:  # '(उत्तरार्धस्य)' qualifies the pending verses
            for v in pending:
                qualifier[v] = text
            continue
        if pending:
            for v in pending:
                t = (qualifier.pop(v) + " " + text) if v in qualifier else text
                if v in assigned and (t.endswith("वा") or "र्धस्य" in t or "र्धस्य" in assigned[v]):
                    assigned[v] = assigned[v] + ", " + t
                else:
                    assigned[v] = t
            last_group, pending = pending, []
        elif last_group:  # unnumbered continuation of the previous numbered item
            for v in last_group:
                assigned[v] = assigned[v] + ", " + text
        elif default is None:
            default = text
        else:
            default = default + ", " + text
    clean = not pending  # numbers with no name after them
    values: List[str] = []
    for v in range(1, n + 1):
        if v in assigned:
            values.append(assigned[v])
        elif default is not None:
            values.append(default)
        else:
            values.append(clean_dev(spec.translate(_UNMASK)))
            clean = False
    if any(v > n for v in assigned):
        clean = False
    return values, clean


@dataclass
class Header:
    """One hymn's anukramaṇī header and what it says per verse."""

    text: str
    stated_count: Optional[int]
    fields: Dict[str, str]
    per_verse: Dict[str, List[str]]  # rishi / devata / chandas → one value per verse
    clean: bool


def match_headers(mandala_files: Mapping[int, list], eichler: Mapping[str, List[str]]) -> Dict[HymnKey, str]:
    """{canonical hymn: header text}. Hymns are matched by content, comparing each DharmicData hymn's
    first verse with Eichler's: DharmicData labels the text of 8.66 "67" and has none for the real 8.67."""
    first_eichler: Dict[HymnKey, str] = {}
    for sid, lines in eichler.items():
        m, h, v = (int(x) for x in sid.split("."))
        if v == 1:
            first_eichler[(m, h)] = dev_key(" ".join(lines))[:25]
    headers: Dict[HymnKey, str] = {}
    for mandala in MANDALAS:
        for entry in mandala_files[mandala]:
            key = (int(entry["mandala"]), int(entry["sukta"]))
            first = first_verse_key(entry["text"])
            if difflib.SequenceMatcher(None, first, first_eichler.get(key, "")).ratio() < 0.7:
                ratio, best = max(((difflib.SequenceMatcher(None, first, k).ratio(), hk)
                                   for hk, k in first_eichler.items() if hk[0] == mandala), default=(0, None))
                if ratio < 0.85 or best in headers:
                    continue  # the first verse matches no hymn: the header is not used
                key = best
            headers[key] = extract_header(entry["text"])
    return headers


def parse_header(text: str, n: int) -> Header:
    count = re.match(rf"^[\(\s]*({NUM})(?:\s*[-–]\s*({NUM}))?", text)
    fields, split_clean = split_header(text)
    resolved: Dict[str, List[str]] = {}
    clean = split_clean
    for name in ("rishi", "devata", "chandas"):
        resolved[name], ok = per_verse(fields[name], n)
        clean = clean and ok
    return Header(text=text, stated_count=dev_int(count.group(2) or count.group(1)) if count else None,
                  fields=fields, per_verse=resolved, clean=clean)


# ---------------------------------------------------------------------------------------------
# Records


@dataclass
class Corpus:
    verses: List[dict]  # rigveda.jsonl, canonical order
    hymns: List[dict]  # hymns.jsonl, canonical order


def verse_record(sid: str, eichler: Mapping[str, List[str]], aufrecht: Mapping[str, List[str]],
                 griffith: Mapping[str, str], header: Optional[Header], addressee: Optional[list]) -> dict:
    m, h, v = (int(x) for x in sid.split("."))
    rec: dict = {"ref": f"{m}.{h}.{v}", "mandala": m, "hymn": h, "verse": v}
    if eichler.get(sid):
        rec["sanskrit"] = " । ".join(t for t in eichler[sid] if t) + " ॥"
        rec["sanskrit_plain"] = strip_dev_accents(rec["sanskrit"])
    if aufrecht.get(sid):
        rec["roman"] = " | ".join(iso_to_iast(t) for t in aufrecht[sid] if t) + " ||"
        rec["roman_plain"] = strip_roman_accents(rec["roman"])
    english = griffith.get(sid)
    if english and english.startswith("[Griffith:"):  # 10.86.16-17, left untranslated by Griffith
        rec.update(translation=None, translation_note=english.strip("[]"), translator=TRANSLATOR)
    elif english:
        rec.update(translation=english, translator=TRANSLATOR)
    if header is not None:
        for field, source in (("deity", "devata"), ("rishi", "rishi"), ("meter", "chandas")):
            value = header.per_verse[source][v - 1]
            if value:
                rec[field] = dev_to_iast(value)
                rec[field + "_devanagari"] = value
    if addressee:
        rec["hymn_addressee"] = addressee[0][1].strip()
        if len(addressee) > 1:
            rec["hymn_group"] = re.sub(r"\s+", " ", addressee[1][1]).strip()
    return rec


def hymn_record(key: HymnKey, n: int, header: Optional[Header], addressee: Optional[list]) -> dict:
    m, h = key
    rec: dict = {"hymn_ref": f"{m}.{h}", "mandala": m, "hymn": h, "verses": n,
                 "valakhilya": m == 8 and 49 <= h <= 59}
    if addressee:
        rec["addressee"] = addressee[0][1].strip()
        rec["addressee_de"] = addressee[0][0].strip()
        if len(addressee) > 1:
            rec["group"] = re.sub(r"\s+", " ", addressee[1][1]).strip()
    if header is not None:
        rec.update(
            anukramani_header_devanagari=header.text,
            anukramani_header_iast=dev_to_iast(header.text),
            rishi_field=clean_dev(header.fields["rishi"]),
            devata_field=clean_dev(header.fields["devata"]),
            chandas_field=clean_dev(header.fields["chandas"]),
            attribution_parse_clean=header.clean,
            anukramani_stated_verse_count=header.stated_count,
        )
    return rec


def normalize(inputs: Mapping[str, bytes]) -> Corpus:
    """All records from the raw upstream files (keys: ``INPUTS``)."""
    missing = [name for name in INPUTS if name not in inputs]
    if missing:
        raise NormalizeError(f"missing upstream input(s): {', '.join(missing)}")
    text = {name: decode(inputs[name], name) for name in INPUTS}
    try:
        stanza_ids = read_locations(text["locations"])
        eichler = read_stanza_lines(text["eichler"])
        aufrecht = read_stanza_lines(text["aufrecht"])
        griffith = read_griffith(text["griffith"])
        addressees = json.loads(text["addressees"])
        mandala_files = {m: json.loads(text[f"mandala_{m}"]) for m in MANDALAS}
        sizes = hymn_sizes(stanza_ids)
        raw_headers = match_headers(mandala_files, eichler)
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise NormalizeError(f"upstream files have an unexpected shape: {type(exc).__name__}: {exc}") from None
    headers = {key: parse_header(raw_headers[key], n) for key, n in sizes.items() if key in raw_headers}
    verses = []
    for sid in stanza_ids:
        m, h, _ = (int(x) for x in sid.split("."))
        verses.append(verse_record(sid, eichler, aufrecht, griffith, headers.get((m, h)),
                                   addressees.get(f"{m:02d}.{h:03d}")))
    hymns = [hymn_record(key, n, headers.get(key), addressees.get(f"{key[0]:02d}.{key[1]:03d}"))
             for key, n in sizes.items()]
    return Corpus(verses=verses, hymns=hymns)


def jsonl_bytes(rows: Iterable[dict]) -> bytes:
    """One JSON object per line, keys in record order, UTF-8 unescaped (the corpus files' format)."""
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows).encode("utf-8")
