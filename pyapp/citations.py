"""Citations in answers: ``[RV M.H.V]``, normalised, checked against the verses provided.

Why code and not the prompt: a model may cite a verse it was never shown (or invent one).
Every citation form we recognise is rewritten to ``[RV M.H.V]``; citations of verses that were
not provided are removed from the text and reported, so the reader only ever sees verse
references the UI can back with the index's own text.
"""
from __future__ import annotations

import re
from typing import Iterable, List, Set, Tuple

from pydantic import Field

from pyapp.schemas import WireModel

_REF = r"\d{1,2}\s*\.\s*\d{1,3}\s*\.\s*\d{1,3}"
# "[RV 1.2.3]", "[RV 1.2.3, 4.5.6]", "[RV 1.2.3; RV 4.5.6]", "(RV 1.2.3)", "[1.2.3]", "RV 1.2.3"
_GROUP = re.compile(
    r"[\[(]\s*(?:(?:RV|Rv|rv|Ṛgveda|Rigveda|RigVeda)\.?\s*)?(" + _REF + r"(?:\s*[,;&]\s*(?:and\s+)?(?:RV\.?\s*)?" + _REF
    + r")*)\s*[\])]"
    # in prose, no space inside the reference: "… RV 8.41. 9 more hymns …" ends a list, it is not RV 8.41.9
    r"|(?<![\w.])(?:RV|Rigveda|RigVeda)\.?\s+(" + _REF.replace(r"\s*", "") + r")(?![\d.]*\d)"
)
_ONE = re.compile(_REF)


class CitationCheck(WireModel):
    text: str
    cited: List[str] = Field(default_factory=list)  # provided refs cited, first-use order
    removed: List[str] = Field(default_factory=list)  # refs cited but not provided


def _norm_ref(raw: str) -> str:
    return ".".join(str(int(p)) for p in re.split(r"\s*\.\s*", raw.strip()))


def find_citations(text: str) -> List[str]:
    """Every verse reference cited in ``text`` (normalised "M.H.V"), in order, with repeats."""
    out: List[str] = []
    for match in _GROUP.finditer(text):
        body = match.group(1) or match.group(2) or ""
        out.extend(_norm_ref(r) for r in _ONE.findall(body))
    return out


def check_citations(text: str, provided: Iterable[str]) -> CitationCheck:
    """Rewrite citations to ``[RV M.H.V]`` and drop those whose verse was not provided."""
    allowed: Set[str] = set(provided)
    cited: List[str] = []
    removed: List[str] = []

    def repl(match: "re.Match[str]") -> str:
        if match.group(2):  # a bare "RV 1.2.3" in prose: kept as written when provided
            ref = _norm_ref(match.group(2))
            if ref in allowed:
                if ref not in cited:
                    cited.append(ref)
                return match.group(0)
            if ref not in removed:
                removed.append(ref)
            return ""
        body = match.group(1) or ""
        keep: List[str] = []
        for raw in _ONE.findall(body):
            ref = _norm_ref(raw)
            if ref in allowed:
                if ref not in keep:
                    keep.append(ref)
                if ref not in cited:
                    cited.append(ref)
            elif ref not in removed:
                removed.append(ref)
        return " ".join(f"[RV {r}]" for r in keep)

    new_text = _GROUP.sub(repl, text)
    new_text = re.sub(r"[ \t]+([.,;:!?])", r"\1", new_text)
    new_text = re.sub(r"[ \t]{2,}", " ", new_text)
    new_text = "\n".join(line.rstrip() for line in new_text.split("\n"))
    return CitationCheck(text=new_text.strip(), cited=cited, removed=removed)


def hymn_of(ref: str) -> str:
    return ref.rsplit(".", 1)[0]


def sort_key(ref: str) -> Tuple[int, ...]:
    try:
        return tuple(int(p) for p in ref.split("."))
    except ValueError:
        return (999,)
