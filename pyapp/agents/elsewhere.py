"""The verses outside a hymn whose Sanskrit has a word (``pyapp.reading.elsewhere``): "is the pippala in
another hymn too?" is answered yes with those verses, or no, said plainly, with the hymn's own."""
from __future__ import annotations

import re
from typing import Any, List, Tuple

from pyapp.diacritics import strip_vedic_accents
from pyapp.reading.elsewhere import word_key
from pyapp.reading.words import fold

SHOWN = 6


def answer(word: str, hymn: str, index: Any) -> Tuple[str, List[str]]:
    key = word_key(word)
    pattern = re.compile(rf"\b{re.escape(key)}[a-z]{{0,5}}\b")
    inside: List[str] = []
    outside: List[str] = []
    for verse in getattr(index, "verses", None) or []:
        if pattern.search(fold(strip_vedic_accents(verse.roman or ""))):
            (inside if f"{verse.mandala}.{verse.hymn}" == hymn else outside).append(verse.ref)
    if not outside:
        own = ", ".join(f"[RV {r}]" for r in inside[:3])
        return (f"No: outside RV {hymn}, the word {word} does not occur in the RigVeda; in RV {hymn} it is in "
                f"{len(inside)} verse{'s' if len(inside) != 1 else ''} {own}.".replace("  ", " "), inside[:3])
    hymns = sorted({r.rsplit(".", 1)[0] for r in outside}, key=lambda r: tuple(int(x) for x in r.split(".")))
    shown = outside[:SHOWN]
    lines = [f"Yes: outside RV {hymn}, the word {word} occurs in {len(outside)} verse{'s' if len(outside) != 1 else ''} "
             f"of {len(hymns)} other hymn{'s' if len(hymns) != 1 else ''}: " + ", ".join(f"RV {r}" for r in shown)
             + (" …" if len(outside) > SHOWN else "") + f" [RV {shown[0]}]."]
    for ref in shown:
        verse = index.by_ref(ref)
        lines.append(f"- RV {ref}: “{(verse.translation or '')[:240]}”")
    lines.append(f"(Verses whose Sanskrit has a form of {word}, found by code in the saṃhitā.)")
    return "\n".join(lines), shown
