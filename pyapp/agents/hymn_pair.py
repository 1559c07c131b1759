"""Two hymns compared (``pyapp.reading.hymn_pair``), composed by code from the index.

Why code: a comparison a student can check starts from what each hymn is — its subject, its god, its seer,
its length, where it stands — and then lets each speak in its own verses. The index holds all of it, so one
sentence per hymn opens the answer (both hymns, in the order the question named them), a line says how far
apart they stand, and each hymn's verses closest to the question's own words follow (its opening verse when
no word of the question is in it). The answer says that code composed it and that the comparing is left to
the reader: no model judged the two.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence, Set, Tuple

from pyapp.agents.text import clip, stem
from pyapp.reading.words import fold

VERSES_EACH = 3
QUOTE_CHARS = 200
# words of the question that say "compare", not what to compare
_ASK_WORDS = frozenset("""compare compared comparing comparison contrast contrasting differ differs different difference
differences between both two hymn hymns passage passages sukta suktas verse verses rigveda what how which does do
the and with from about their they them same similar common alike versus show tell please right also each other""".split())
_WORD = re.compile(r"[^\W\d_]{4,}")


def _question_stems(question: str) -> Set[str]:
    return {stem(fold(w)) for w in _WORD.findall(question) if fold(w) not in _ASK_WORDS}


def _best_verses(index: Any, hymn: str, total: int, wanted: Set[str]) -> List[str]:
    """The hymn's verses holding most of the question's words (ties: the earlier verse); its first verses
    when none holds any."""
    scored: List[Tuple[int, int, str]] = []
    for v in range(1, total + 1):
        ref = f"{hymn}.{v}"
        verse = index.by_ref(ref)
        if verse is None or not verse.translation:
            continue
        words = {stem(fold(w)) for w in _WORD.findall(verse.translation)}
        scored.append((-len(wanted & words), v, ref))
    scored.sort()
    picked = [ref for score, _, ref in scored[:VERSES_EACH] if score < 0]
    if not picked:
        picked = [ref for _, _, ref in sorted(scored, key=lambda x: x[1])[:VERSES_EACH - 1]]
    return sorted(picked, key=lambda r: int(r.rsplit(".", 1)[1]))


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _apart(index: Any, a: str, b: str) -> str:
    """Where the two stand: "RV 10.129 comes 8 hymns after RV 10.121 in maṇḍala 10" or their two books."""
    (ma, ha), (mb, hb) = (tuple(int(x) for x in r.split(".")) for r in (a, b))
    if ma != mb:
        return f"They stand in different maṇḍalas ({ma} and {mb})."
    gap = abs(hb - ha)
    later, earlier = (b, a) if hb > ha else (a, b)
    total = index.hymn_count(ma) if hasattr(index, "hymn_count") else 0
    of = f" of its {total}" if total else ""
    return (f"RV {later} comes {gap} hymn{'s' if gap != 1 else ''} after RV {earlier} in maṇḍala {ma} "
            f"(hymns {min(ha, hb)} and {max(ha, hb)}{of}).")


def compare(pair: Sequence[str], question: str, index: Any) -> Optional[Tuple[str, List[str]]]:
    """(answer text, cited verses) for the two hymns, or None when either is not in the index."""
    from pyapp.agents.reference_tasks import _hymn_facts, _hymn_line, _known_as

    facts = _hymn_facts(index)
    wanted = _question_stems(question)
    heads: List[str] = []
    sections: List[str] = []
    cited: List[str] = []
    for hymn in pair:
        hymn_facts = facts.by_ref.get(hymn)
        if hymn_facts is None:
            return None
        m, h = (int(x) for x in hymn.split("."))
        known = _known_as(m, h).strip()
        head = _hymn_line(index, facts, m, h) + "."
        if known:
            head += " " + clip(known, 240)
        heads.append(head)
        refs = _best_verses(index, hymn, hymn_facts.verses, wanted)
        cited += refs
        lines = [f"In RV {hymn}:"] + [f"- “{clip(index.by_ref(r).translation, QUOTE_CHARS)}” [RV {r}]" for r in refs]
        sections.append("\n".join(lines))
    if not cited:
        return None
    text = "\n".join(heads) + "\n" + _apart(index, *pair) + "\n\n" + "\n\n".join(sections)
    text += ("\n\nSet side by side above; the comparing is left to you. (Composed by code from the index; no model "
             "wrote this answer.)")
    return text, cited


__all__ = ["compare"]
