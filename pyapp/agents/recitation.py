"""A verse written out in the reciters' orders (krama, jaṭā, ghana), built from its padapāṭha words by rule.

Why code: each order is a fixed permutation of the pada words, so it can be written exactly, with no model and
no stored recitation text. The rules (for words a b c d …):

- krama: overlapping pairs — ab, bc, cd …;
- jaṭā: each pair forward, back, forward — ab ba ab, bc cb bc …;
- ghana: each triple as ab ba abc cba abc, the last pair as ab ba ab.

The words are shown in their pada form (compounds split with a hyphen, no sandhi between them); reciters join
them by sandhi and, in the schools, restart at each half-verse and repeat the last word with "iti". The answer
says so, so that nobody takes the pada form for the chanted sound.
"""
from __future__ import annotations

from typing import Any, List, Sequence, Tuple

BY_CODE = "(Composed by code from the index's padapāṭha; no model wrote this answer.)"
NAMES = {"pada": "pada pāṭha (word by word)", "krama": "krama pāṭha (overlapping pairs: ab bc cd …)",
         "jata": "jaṭā pāṭha (each pair forward, back, forward: ab ba ab, bc cb bc …)",
         "ghana": "ghana pāṭha (ab ba abc cba abc, then bc cb bcd dcb bcd …)"}
SHORT = {"pada": "pada pāṭha", "krama": "krama pāṭha", "jata": "jaṭā pāṭha", "ghana": "ghana pāṭha"}


def krama(words: Sequence[str]) -> List[str]:
    return [f"{a} {b}" for a, b in zip(words, words[1:])]


def jata(words: Sequence[str]) -> List[str]:
    return [f"{a} {b} {b} {a} {a} {b}" for a, b in zip(words, words[1:])]


def ghana(words: Sequence[str]) -> List[str]:
    out = [f"{a} {b} {b} {a} {a} {b} {c} {c} {b} {a} {a} {b} {c}" for a, b, c in zip(words, words[1:], words[2:])]
    if len(words) >= 2:
        a, b = words[-2], words[-1]
        out.append(f"{a} {b} {b} {a} {a} {b}")
    return out


def order(mode: str, words: Sequence[str]) -> List[str]:
    """The groups of one recitation order ("pada": the words themselves)."""
    if mode == "krama":
        return krama(words)
    if mode == "jata":
        return jata(words)
    if mode == "ghana":
        return ghana(words)
    return list(words)


def answer(ref: str, modes: Sequence[str], words: Sequence[str], roman: str = "", translation: str = "",
           limit: int = 8) -> Tuple[str, List[str]]:
    """(answer text, [ref]); the first sentence gives the first asked order, written out."""
    if len(words) < 2:
        return "", []
    modes = [m for m in modes if m in NAMES] or ["krama"]
    main = next((m for m in modes if m != "pada"), modes[0])
    lines: List[str] = []
    first = order(main, words)
    shown = first if main == "pada" else first[:limit]
    lines.append(f"The {SHORT[main]} of RV {ref} begins: {' | '.join(shown)}"
                 + (" | …" if len(first) > len(shown) else "") + f" [RV {ref}]")
    lines.append(f"It is built from the verse's padapāṭha: {' | '.join(words)}.")
    for mode in modes:
        groups = order(mode, words)
        lines.append(f"- {NAMES[mode]}: " + " | ".join(groups))
    if roman:
        lines.append(f"The continuous text (saṃhitā pāṭha): {roman}")
    if translation:
        lines.append(f"Griffith: “{translation}”")
    lines.append("The words are in their pada form (compounds split by a hyphen, no sandhi between them); "
                 "reciters join each group by sandhi, restart at each half-verse, and close a half-verse by "
                 "repeating its last word with “iti”.")
    lines.append(BY_CODE)
    return "\n".join(lines), [ref]
