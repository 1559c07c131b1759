"""The verse a reader paraphrases: content-word overlap with every verse's translation.

Readers rarely quote Griffith: they retell a verse in their own words ("a newborn child eats its two
mothers", "many days of dawn before the sun rose"). The text index's BM25 over the English field
already scores every verse in one numpy pass; here each content word of the paraphrase is one query
group together with its near-synonyms in Griffith's diction (``pyapp/data/paraphrase_words.json``:
"eat" may be "devours", "mothers" "parents"), and the best verses are reranked by how many of the
paraphrase's words they match (a retelling keeps most of the verse's content, a verse that merely
repeats one frequent word does not). Pure numpy over arrays already loaded.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Dict, List, Tuple

import numpy as np

from pyapp import data_tables
from pyapp.search.text import ENGLISH_STOPWORDS, english_words, stem

DATA_PATH = "data/paraphrase_words.json"
POOL = 60
#: words of a question's frame, never content ("riddle", "verse", "rigveda" …)
FRAME = frozenset("""riddle riddles verse verses hymn hymns rigveda rig veda vedic poet poem answer answers asks ask tell
say says said give show which who what where whom whose is this that these those one also really actually please
mean means line lines talk talking speaks speak""".split())


@lru_cache(maxsize=1)
def _groups() -> Dict[str, List[str]]:
    rows = data_tables.table(DATA_PATH, {}).get("groups", [])
    out: Dict[str, List[str]] = {}
    for row in rows:
        stems = [stem(w.lower()) for w in row]
        for s in stems:
            out.setdefault(s, [])
            out[s] = list(dict.fromkeys(out[s] + stems))
    return out


def content_stems(text: str) -> List[str]:
    """The paraphrase's content words, stemmed, in order, without repeats."""
    words = [w for w, _ in english_words(text) if w not in ENGLISH_STOPWORDS and w not in FRAME and len(w) > 2]
    return list(dict.fromkeys(stem(w) for w in words))


def find(text: str, text_index: Any, limit: int = 5, synonym: float = 1.0,
         min_words: int = 2) -> List[Tuple[int, float, float]]:
    """(verse position, share of the paraphrase's words matched, BM25 score), best first. A word the verse has only
    as a near-synonym counts ``synonym`` of one it has as asked (``pyapp.reading.described_verse`` counts it less:
    the year "born" of the ocean is not a season that "entered the floods"); fewer than ``min_words`` content words
    (or words the index knows) find nothing."""
    field = getattr(text_index, "en", None)
    stems = content_stems(text)
    if field is None or len(stems) < min_words:
        return []
    synonyms = _groups()
    exact: List[List[int]] = [[field.ids[s]] if s in field.ids else [] for s in stems]
    near: List[List[int]] = [[field.ids[t] for t in dict.fromkeys(synonyms.get(s, [])) if t != s and t in field.ids]
                             for s in stems]
    groups = [e + n for e, n in zip(exact, near) if e or n]
    if len(groups) < min_words:
        return []
    scores = field.score_groups(groups)
    top = np.argsort(-scores)[:POOL]
    matched = np.zeros(len(top), dtype=np.float64)
    for exact_ids, near_ids in zip(exact, near):
        has = np.zeros(field.n_docs, dtype=np.float64)
        for t in near_ids:
            has[field.row(t)[0]] = synonym
        for t in exact_ids:
            has[field.row(t)[0]] = 1.0
        matched += has[top]
    share = matched / len(stems)
    order = sorted(range(len(top)), key=lambda i: (-share[i], -scores[top[i]]))
    return [(int(top[i]), float(share[i]), float(scores[top[i]])) for i in order[:limit] if scores[top[i]] > 0]


#: a retelling is taken to be a verse when it keeps this share of its content words (and at least 3)
MIN_SHARE = 0.6
MIN_WORDS = 3


def answer(text: str, index: Any, text_index: Any) -> Any:
    """The verse a retelling or a claim points to, composed by code; ``None`` when no verse keeps
    enough of its words (then the usual search answers)."""
    from pyapp.agents.forms import BY_CODE, FormAnswer
    from pyapp.agents.text import clip
    from pyapp.facts import display_name

    try:
        stems = content_stems(text)
        hits = find(text, text_index, 4)
        if not hits or len(stems) < MIN_WORDS and hits[0][1] < 1.0 or hits[0][1] < MIN_SHARE:
            return None
        best = hits[0][1]
        verses = [index.verses[p] for p, share, _ in hits if share >= best - 0.15 and share >= MIN_SHARE][:3]
        first = verses[0]
        seer = f", by the seer {display_name(first.rishi)}" if first.rishi else ""
        god = f" The Anukramaṇī names its god: {first.deity}." if first.deity else ""
        lead = "The verse is" if best >= 0.9 else "The verse closest to these words is"
        lines = [f"{lead} RV {first.ref}, in a hymn to {first.addressee or first.deity or 'the gods'}{seer}: "
                 f"“{clip(first.translation or '', 400)}”.{god}"]
        for verse in verses[1:]:
            lines.append(f"Close to it as well: RV {verse.ref} (to {verse.deity or verse.addressee}): "
                         f"“{clip(verse.translation or '', 220)}”")
        lines.append(f"Found by the words the question shares with the verse's translation ({int(round(best * 100))}% "
                     f"of them). {BY_CODE}")
        return FormAnswer(text="\n\n".join(lines), refs=[v.ref for v in verses])
    except Exception as exc:  # success: false, never raises
        return FormAnswer(text="", success=False, error=f"{type(exc).__name__}: {exc}")
