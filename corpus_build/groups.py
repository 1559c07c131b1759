"""Hymn groups (Geldner's section headings, from VedaWeb's ``addressees.json``): clean labels, only where they hold.

Why: the upstream file gives every hymn the heading of the last section that began at or before
it, so wherever a heading is missing upstream the previous one runs on past its section's end:
maṇḍala 9 opens with maṇḍala 8's last heading ("19. group: Tirasci and other poets"), 1.24–1.35
(Śunaḥśepa, Hiraṇyastūpa) carry "2. group: hymns of Medhatithi", and every hymn from 10.83 to
10.191 — the Nāsadīya 10.129 among them — carries "25. group: hymns of Manyu". Shown as is, the
reader said "Group: 25. group: hymns of Manyu" for the hymn of creation.

The rules, applied to the hymn table at load time (``corpus.load_corpus_full``), so every
table built from it (``hymns.json``) has them:

1. The label loses its numbering: "25. group: hymns of Manyu" → "hymns of Manyu" (the number is
   the section's place, and the reader already says "Group").
2. A heading that runs over a maṇḍala boundary (the previous maṇḍala's last label) is dropped.
3. A run whose end nothing confirms — the next heading's number skips one (1.12 "2. group" is
   followed by 1.36 "5. group") or the run is its maṇḍala's last — and whose heading names seers
   ("hymns of Manyu", "the Vasukra hymns") or gods ("hymns to Varuna") ends at its last hymn the
   heading fits (by the Anukramaṇī seer, or the addressee and deity); the hymns after it get no
   group (their heading is missing upstream). A heading that says it covers more ("and others",
   "appendix", "various") or that no hymn of its run fits ("Valakhilya-hymns") is kept as given.
"""
from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

_NUMBERING = re.compile(r"^\s*\d+\s*\.\s*(?:group|gruppe)\s*:\s*", re.IGNORECASE)
# words of a heading that name no one
_NOT_NAMES = frozenset("""
hymns hymn of to the and other others sons son various etc descendant single poets poet two group groups
appendix divine pairs gods god all metres metre valakhilya
""".split())


# a heading that covers more than the names it gives
_OPEN_ENDED = re.compile(r"(?i)\b(?:others?|etc|appendix|various|single)\b")


def clean_label(label: Optional[str]) -> str:
    """"25. group: hymns of Manyu" → "hymns of Manyu"; spaces tidied; "" for nothing."""
    value = _NUMBERING.sub("", re.sub(r"\s+", " ", label or "")).strip()
    return value


def _fold(text: str) -> str:
    value = unicodedata.normalize("NFKD", text.lower().replace("ś", "s").replace("ṣ", "s"))
    value = "".join(ch for ch in value if not unicodedata.combining(ch))
    value = value.replace("sh", "s").replace("ch", "c").replace("ri", "r").replace("'", " ")
    return re.sub(r"([a-z])\1", r"\1", re.sub(r"[^a-z]+", " ", value)).strip()


def heading_names(label: str) -> Tuple[str, List[str]]:
    """("seer" | "god" | "", the folded names a heading gives): "hymns of Manyu" → ("seer", ["manyu"])."""
    value = clean_label(label)
    kind = "god" if re.match(r"(?i)(?:the )?hymns? to\b", value) else "seer" if re.search(r"(?i)\bhymns?\b", value) \
        or re.search(r"(?i)\bpoets?\b|\bsons\b", value) else ""
    value = re.sub(r"(?i)\bto (?:the )?\w+$", "", value) if re.match(r"(?i)hymns of \w+ to ", value) else value
    names = [w for w in _fold(value).split() if w not in _NOT_NAMES and len(w) >= 3]
    return kind, names


def _fits(names: Sequence[str], text: str) -> bool:
    """A heading name is one of the words of ``text`` (sandhi endings aside: the first letters agree)."""
    words = _fold(text).split()
    return any(w.startswith(n[:max(3, min(len(n) - 1, 5))]) or SequenceMatcher(None, n, w[:len(n) + 1]).ratio() >= 0.75
               or (len(n) >= 6 and n[:-1] in w)  # glued by sandhi: "…viprabandhurgaupāyanāḥ"
               for n in names for w in words)


def clean_groups(hymns: Sequence[Tuple[int, Optional[str], str, str]]) -> List[str]:
    """The group of each hymn: ``hymns`` = (maṇḍala, upstream label, seer text, addressee + deity
    text), in canonical order; returns the cleaned labels ("" where none holds)."""
    labels = [clean_label(label) for _, label, _, _ in hymns]
    # 2. carried over a maṇḍala boundary
    last_of: Dict[int, str] = {}
    for (mandala, _, _, _), label in zip(hymns, labels):
        last_of[mandala] = label
    for i, (mandala, _, _, _) in enumerate(hymns):
        if i and hymns[i - 1][0] != mandala and labels[i] and labels[i] == last_of.get(hymns[i - 1][0]):
            carried = labels[i]
            j = i
            while j < len(hymns) and hymns[j][0] == mandala and labels[j] == carried:
                labels[j] = ""
                j += 1
    # 3. a run whose end nothing confirms (the next heading's number skips, or it is the maṇḍala's
    #    last) ends at its last hymn that fits the names it gives
    numbers = [_number(label) for _, label, _, _ in hymns]
    start = 0
    while start < len(hymns):
        end = start
        while end + 1 < len(hymns) and hymns[end + 1][0] == hymns[start][0] and labels[end + 1] == labels[start]:
            end += 1
        last_of_book = end + 1 >= len(hymns) or hymns[end + 1][0] != hymns[start][0]
        skips = not last_of_book and None not in (numbers[start], numbers[end + 1]) and \
            numbers[end + 1] > numbers[start] + 1
        kind, names = heading_names(labels[start]) if labels[start] else ("", [])
        if (last_of_book or skips) and kind and names and not _OPEN_ENDED.search(labels[start]):
            fits = [i for i in range(start, end + 1) if _fits(names, hymns[i][2 if kind == "seer" else 3])]
            if fits:
                for i in range(fits[-1] + 1, end + 1):
                    labels[i] = ""
        start = end + 1
    return labels


def _number(label: Optional[str]) -> Optional[int]:
    found = re.match(r"\s*(\d+)\s*\.", label or "")
    return int(found.group(1)) if found else None


def group_inputs(hymns: Iterable[object], records: Iterable[object]) -> List[Tuple[int, Optional[str], str, str]]:
    """(maṇḍala, label, seer text, addressee + deity text) per hymn, from the hymn table and the verses."""
    seers: Dict[Tuple[int, int], List[str]] = {}
    deities: Dict[Tuple[int, int], List[str]] = {}
    for r in records:
        key = (r.mandala, r.hymn)
        seers.setdefault(key, []).append(r.rishi or "")
        deities.setdefault(key, []).append(r.deity or "")
    out = []
    for h in hymns:
        key = (h.mandala, h.hymn)
        out.append((h.mandala, h.group, " ".join(dict.fromkeys(seers.get(key, []))),
                    " ".join([h.addressee or ""] + list(dict.fromkeys(deities.get(key, []))))))
    return out
