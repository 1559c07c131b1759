"""Two verses' Sanskrit set side by side: what they share, where they differ, or that they are one verse.

Why the padapāṭha: it writes each word apart (no sandhi joining word ends), so two verses that
share a phrase share the same padapāṭha words even when the saṃhitā's sounds differ at the joins.
The words are compared as sequences (``difflib``: the longest common runs first), folded so that
accents do not count as differences. The first sentence says the finding: the same verse word for
word (a repeated verse), or how many words they share and each place they differ; both verses are
cited and shown, with their translations, so the reader can see it.
"""
from __future__ import annotations

import difflib
from typing import Any, List, Sequence, Tuple

from pyapp.agents.text import clip
from pyapp.search.translit import fold_sanskrit

MAX_DIFFERENCES = 4
BY_CODE = "(Composed by code from the index; no model wrote this answer.)"


def _words(ref: str, index: Any, padapatha: Any) -> List[str]:
    line = padapatha.line(ref) if padapatha is not None else None
    if line:
        return line.split()
    verse = index.by_ref(ref)
    return (getattr(verse, "roman", "") or "").split()


def _run(words: Sequence[str]) -> str:
    return " ".join(words)


def compare(refs: Sequence[str], index: Any, padapatha: Any) -> Tuple[str, List[str]]:
    """The answer text and the two cited verses (see the module docstring)."""
    a, b = refs[0], refs[1]
    va, vb = index.by_ref(a), index.by_ref(b)
    if va is None or vb is None:
        return "", []
    wa, wb = _words(a, index, padapatha), _words(b, index, padapatha)
    fa, fb = [fold_sanskrit(w) for w in wa], [fold_sanskrit(w) for w in wb]
    matcher = difflib.SequenceMatcher(a=fa, b=fb, autojunk=False)
    shared = sum(block.size for block in matcher.get_matching_blocks())
    lines: List[str] = []
    if fa == fb:
        lines.append(f"RV {a} and RV {b} are the same verse, word for word: the verse is repeated in the two "
                     f"hymns [RV {a}] [RV {b}].")
        if (va.translation or "") != (vb.translation or ""):
            lines.append("Griffith translated the two places separately, so his English may differ.")
    else:
        differences: List[str] = []
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                continue
            left, right = _run(wa[i1:i2]), _run(wb[j1:j2])
            if op == "replace":
                differences.append(f"RV {a} has “{left}” where RV {b} has “{right}”")
            elif op == "delete":
                differences.append(f"only RV {a} has “{left}”")
            else:
                differences.append(f"only RV {b} has “{right}”")
        common = [_run(wa[m.a:m.a + m.size]) for m in matcher.get_matching_blocks() if m.size >= 2]
        inside = [(x, y) for x, y in ((a, b), (b, a)) if shared == len(fa if x == a else fb)]
        if inside and differences:
            x, y = inside[0]
            lines.append(f"Every word of RV {x} is also in RV {y}, in the same order; RV {y} adds to it: "
                         f"{'; '.join(differences[:MAX_DIFFERENCES])} [RV {a}] [RV {b}].")
        elif shared == 0:
            lines.append(f"RV {a} and RV {b} share no words in the padapāṭha: they are different verses "
                         f"[RV {a}] [RV {b}].")
        else:
            lines.append(f"RV {a} and RV {b} share {shared} of their {len(wa)} and {len(wb)} words"
                         + (f" (“{'”, “'.join(common[:3])}”)" if common else "")
                         + f"; they differ where {'; '.join(differences[:MAX_DIFFERENCES])} [RV {a}] [RV {b}].")
            if len(differences) > MAX_DIFFERENCES:
                lines.append(f"({len(differences) - MAX_DIFFERENCES} more differences; the two texts are below.)")
    for ref, verse, words in ((a, va, wa), (b, vb, wb)):
        lines.append(f"RV {ref}: {getattr(verse, 'roman', '')}")
        lines.append(f"  padapāṭha: {_run(words)}")
        if verse.translation:
            lines.append(f"  Griffith: “{clip(verse.translation, 300)}”")
    lines.append("(Compared by code, word by word in the padapāṭha, accents aside.)")
    lines.append(BY_CODE)
    return "\n".join(lines), [a, b]


__all__ = ["compare"]
