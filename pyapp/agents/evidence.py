"""How well the verses found answer the question: one 0–1 number, computed by code.

Why: grounding (are the quotations in the verses?) says nothing about whether the verses are the
right ones. A list of well-quoted verses about the gāyatrī metre is a perfectly grounded, useless
answer to "What does the Gāyatrī mantra ask for?". This number is what the reader needs to know,
and it drives three things: an unsure question is refused only when the first search finds no
support for it; an answer on weak evidence says so first ("No verse speaks directly of …"); and
the evaluator's score (and so memory) rests on it.

The signals, strongest first: the verses belong to the passage the question names; they contain
the quotation; they mention the names, terms or both sides the question asks about; and, for an
open question, the share of its words (weighted by rarity, with words the translation never uses
counting against) that the best verse contains, or its meaning similarity.
"""
from __future__ import annotations

import re
from typing import Any, Callable, List, Optional, Sequence, Set

from pyapp.agents.text import content_stems, fold, spelling_key
from pyapp.lexicon import norm
from pyapp.schemas import SearchResult

WEAK = 0.5  # below this, the answer leads with "No verse speaks directly of …"
UNKNOWN_WEIGHT = 8.0  # a word Griffith never uses weighs like a very rare one (and is never matched)
REST_UNKNOWN_WEIGHT = 3.0  # beside a name, an unknown word may be filler ("actually"), so it weighs less

Idf = Callable[[str], float]


def _about(verse: SearchResult) -> str:
    return norm(" ".join(x for x in (verse.deity, verse.addressee, verse.title) if x))


def mentions(verse: SearchResult, name: str, in_text: bool = False) -> bool:
    """The verse is addressed to ``name`` (or, with ``in_text``, names it in its translation).
    Doubled letters count once on both sides: Griffith's "Nirr̥iti", the corpus's "Śradhā" for Śraddhā."""
    key = norm(name)
    key = key[:-1] if key.endswith("s") and len(key) > 4 else key
    single = _DOUBLED.sub(r"\1", key)
    patterns = [re.compile(rf"\b{re.escape(k[:5] if len(k) > 5 else k)}") for k in dict.fromkeys((key, single))]
    about = _about(verse)
    if any(p.search(about) or p.search(_DOUBLED.sub(r"\1", about)) for p in patterns):
        return True
    if not in_text:
        return False
    text = norm(verse.translation or "")
    return any(p.search(text) or p.search(_DOUBLED.sub(r"\1", text)) for p in patterns)


_DOUBLED = re.compile(r"([a-z])\1")

RARE_NAME = 4.0  # a name this rare in the translation (in at most ~2% of the verses) picks its verses itself


def names_in_verse(verse: SearchResult, name: str) -> bool:
    """The verse is addressed to ``name``, names it in its translation, or has it in its Sanskrit: Griffith
    glosses some names or spells them his way, but the saṃhitā always has the word (śuṣṇam, cumurim)."""
    if mentions(verse, name, in_text=True):
        return True
    key = norm(name)
    key = key[:-1] if key.endswith("s") and len(key) > 4 else key
    if len(key) < 3:
        return False
    pattern = re.compile(rf"\b{re.escape(key[:5] if len(key) > 5 else key)}")
    return bool(pattern.search(norm(verse.iast or "")))


def rare_names(frame: Any, idf: Optional[Idf]) -> List[str]:
    """The question's names that few verses carry (Śuṣṇa, Pipru, Saramā), not the great gods: a verse
    with one of them is about what was asked even when the question's other words are not Griffith's."""
    if frame is None or idf is None:
        return []
    out = []
    for name in getattr(frame, "names", None) or []:
        stems = content_stems(name)
        weight = max((max(float(idf(s)), float(idf(spelling_key(s)))) for s in stems), default=0.0)
        if weight >= RARE_NAME:
            out.append(name)
    return out


def mentioning(results: Sequence[SearchResult], name: str) -> List[SearchResult]:
    """Results addressed to ``name`` first, then those naming it, in their order."""
    first = [r for r in results if mentions(r, name)]
    second = [r for r in results if r not in first and mentions(r, name, in_text=True)]
    return first + second


def term_forms(hits: Sequence[Any]) -> Set[str]:
    """The folded Sanskrit forms of the terms a question names (ṛta → ṛtasya, ṛtena, ṛtam …)."""
    return {f for hit in hits for f in getattr(hit, "sa_terms", [])}


def typed_forms(hits: Sequence[Any]) -> Set[str]:
    """The forms of the terms the reader typed as Sanskrit ("gruel (karambha)"): the word matched is one of
    the term's own forms, not an English word or a near spelling read as it ("pitu" is not pitṛ)."""
    out: Set[str] = set()
    for hit in hits:
        forms = set(getattr(hit, "sa_terms", []) or [])
        if fold(getattr(hit, "matched", "") or "") in forms | {fold(getattr(hit, "key", "") or "")}:
            out |= forms
    return out


def using_forms(verses: Sequence[SearchResult], forms: Set[str]) -> List[SearchResult]:
    """The verses whose Sanskrit uses one of ``forms``, in their order."""
    from pyapp.search.translit import sanskrit_words

    return [v for v in verses if forms & set(sanskrit_words(v.iast or ""))]


def balance_sides(verses: Sequence[SearchResult], sides: Sequence[str], limit: int) -> List[SearchResult]:
    """Alternate the verses of each side of a comparison, so each side is in the answer."""
    pools = [[v for v in verses if mentions(v, side, in_text=True)] for side in sides]
    out: List[SearchResult] = []
    while len(out) < limit and any(pools):
        for pool in pools:
            while pool and pool[0] in out:
                pool.pop(0)
            if pool and len(out) < limit:
                out.append(pool.pop(0))
    for v in verses:
        if len(out) >= limit:
            break
        if v not in out:
            out.append(v)
    return out


def lexical(query: str, verses: Sequence[SearchResult], idf: Optional[Idf]) -> float:
    """Best verse's share of the question's rarity-weighted words (unknown words count against)."""
    return _lexical(query, verses, idf)[0]


def _lexical(query: str, verses: Sequence[SearchResult], idf: Optional[Idf],
             unknown: float = UNKNOWN_WEIGHT) -> "tuple[float, int]":
    stems = list(dict.fromkeys(content_stems(query)))
    if not stems or not verses:
        return 0.0, 0
    weights = {}
    for s in stems:
        w = max(float(idf(s)), float(idf(spelling_key(s)))) if idf is not None else 1.0
        weights[spelling_key(s)] = w if w > 0 else unknown
    total = sum(weights.values())
    best = (0.0, 0)
    for verse in verses:
        have: Set[str] = {spelling_key(s) for s in content_stems(
            " ".join(x for x in (verse.translation, verse.addressee, verse.deity) if x))}
        matched = [s for s in weights if s in have]
        best = max(best, (sum(weights[s] for s in matched) / total, len(matched)))
    return best


def on_topic(frame: Any, verses: Sequence[SearchResult], idf: Optional[Idf], similarity: Optional[float]) -> bool:
    """After the first search, is an unsure question about the RigVeda after all? Yes when a verse
    is close in meaning, or shares most of its rare words (at least two of them): "the riddle of
    two birds on the same tree" is; "How do neural networks learn?" is not."""
    if semantic(similarity) * known_share(frame.text if frame is not None else "", idf) >= 0.5:
        return True
    if frame is not None and (frame.named or frame.terms or frame.looks_sanskrit):
        return True
    text = frame.text if frame is not None else ""
    share, matched = _lexical(text, verses, idf)
    asks_for_passage = frame is not None and frame.form == "which"
    # "Is there any mention of the ocean?": one topic word, and verses that use it, is enough
    needed = 2 if len(set(content_stems(text))) >= 2 else 1
    return share >= (0.34 if asks_for_passage else 0.5) and matched >= needed


def known_share(query: str, idf: Optional[Idf]) -> float:
    """Share of the question's content words the translation uses at all. Meaning similarity is
    trusted only that far: MiniLM finds "tigers" close to the hymns' animals, but no verse
    speaks of tigers."""
    stems = list(dict.fromkeys(content_stems(query)))
    if not stems or idf is None:
        return 1.0
    return sum(1 for s in stems if idf(s) > 0 or idf(spelling_key(s)) > 0) / len(stems)


def semantic(similarity: Optional[float]) -> float:
    """MiniLM cosine to the nearest verse, mapped to 0–1 (0.30 → 0, 0.62 → 1)."""
    if similarity is None:
        return 0.0
    return max(0.0, min(1.0, (similarity - 0.30) / 0.32))


def quote_coverage(query: str, verse: SearchResult) -> float:
    """Share of the quotation (letters, spaces and sandhi ignored) found verbatim in the verse."""
    from pyapp.search.quote import coverage

    return coverage(query, verse.iast or "")


def support(frame: Any, verses: Sequence[SearchResult], idf: Optional[Idf],
            similarity: Optional[float] = None) -> float:
    """0–1: do these verses answer this question? (see the module docstring)."""
    verses = list(verses)
    if not verses:
        return 0.0
    if frame is None:
        return max(lexical("", verses, idf), semantic(similarity))
    if frame.named:
        from pyapp.reading.named import passage_refs

        hymns = {".".join(r.split(".")[:2]) for m in frame.named for r in passage_refs(m.passage)}
        refs = {r for m in frame.named for r in passage_refs(m.passage)}
        inside = [v for v in verses if v.book_context in refs or ".".join(v.book_context.split(".")[:2]) in hymns]
        rest = _rest_words(frame)
        if inside and len(hymns) > 3 and rest:
            # a broad passage ("the Soma hymns", 114 of them): which of its verses answer is still open
            return round(max(0.5, _lexical(" ".join(rest), inside, idf, unknown=REST_UNKNOWN_WEIGHT)[0]), 4)
        if inside:
            return 1.0
    if frame.form == "quote":
        return max(quote_coverage(frame.quotation, v) for v in verses)
    if frame.is_reference:
        return 1.0
    signals: List[float] = []
    if frame.sides:
        signals.append(sum(any(mentions(v, s, in_text=True) for v in verses) for s in frame.sides) / len(frame.sides))
    if frame.names:
        named = [n for n in frame.names if any(mentions(v, n, in_text=True) for v in verses)]
        signals.append(0.5 + 0.5 * len(named) / len(frame.names) if named else 0.0)
    if frame.terms:
        having = using_forms(verses, term_forms(frame.terms))
        renderings = [r for hit in frame.terms for r in getattr(hit, "renderings", [])[:3]]
        rendered = [v for v in verses if any(fold(r) in fold(v.translation or "") for r in renderings)]
        signals.append(min(1.0, 0.55 + 0.45 * len(set(map(id, having + rendered))) / len(verses))
                       if having or rendered else 0.2)
    open_signal = max(lexical(frame.text, verses, idf), semantic(similarity) * known_share(frame.text, idf))
    rest = _rest_words(frame)
    if signals and rest and not frame.sides:  # "Agni and tigers?": Agni is there, tigers are not
        rest_signal = _lexical(" ".join(rest), verses, idf, unknown=REST_UNKNOWN_WEIGHT)[0]
        if frame.form == "who" and frame.names and min(signals) >= 1.0:
            # "Who is Nirṛti? Is she a goddess of destruction?": the rest asks about the one named,
            # whose verses are there; whether they say so is for the reader to see
            rest_signal = max(rest_signal, WEAK)
        signals.append(rest_signal)
    if signals:  # what the question names must be in the verses, however well the words match
        return round(min(signals) if min(signals) < WEAK else max(min(signals), open_signal), 4)
    return round(open_signal, 4)


# words about the asking, not about the subject ("I heard it's only a later idea", "asks")
_DISCOURSE = frozenset("""heard hear read told think thought idea ideas supposedly apparently actually really
random question questions asks ask asked people someone says said claim claims later earlier exactly
something anything everything nothing somebody anybody everybody anyone everyone theres thats whats dont doesnt
isnt wasnt arent cant wont didnt lol lmao pls plz please thanks thank stuff guys bro okay yeah hey hello
""".split())  # the second line: chat filler and contractions typed without apostrophes ("theres a verse where …")


def _rest_words(frame: Any) -> List[str]:
    """The question's own words beyond its names and terms and its question framing."""
    from pyapp.reading.question import FRAME_WORDS, REFERRING

    skip = {norm(n) for n in frame.names} | {norm(getattr(t, k, "") or "") for t in frame.terms
                                             for k in ("display", "key", "matched")}
    skip |= {norm(s) for s in frame.sides}
    from pyapp.agents.text import ENGLISH_STOP

    return [w for w in re.findall(r"[a-z]+", fold(frame.text))
            if len(w) >= 3 and w not in FRAME_WORDS and w not in REFERRING and w not in ENGLISH_STOP
            and w not in _DISCOURSE and norm(w) not in skip
            and not any(norm(w) in k.split() for k in skip)]


def fact_support(frame: Any, text: str) -> float:
    """A fact from the index is certain, but only an answer to the question if it speaks of what
    the question names ("How many hymns is Parjanya given?" answered with the RigVeda's total is
    not)."""
    if frame is None:
        return 1.0
    wanted = list(frame.names) + [getattr(t, "display", "") or "" for t in frame.terms]
    if not wanted:
        return 1.0
    folded = norm(text)
    found = [w for w in wanted if norm(w) and norm(w)[:5] in folded]
    return 1.0 if len(found) == len(wanted) else 0.4


def _shares_a_word(searcher: Any, query: str, docs: Sequence[int]) -> bool:
    """Whether keyword search finds any of the question's words in these verses."""
    try:
        text = searcher.text_scores(query)
    except Exception:
        return True
    return any(float(text[d]) > 0 for d in docs)


def rank_within(searcher: Any, index: Any, refs: Sequence[str], query: str, limit: int,
                about: str = "") -> List[SearchResult]:
    """The verses of a named passage, those that match the question best first (a single named
    verse is returned as it is). Falls back to the passage's order without a scoring searcher.
    ``about``: the passage's own description, which ranks its verses when none of them shares a
    word with the question ("which verse mentions a solar eclipse?" against Griffith's 5.40)."""
    from pyapp.search import to_result

    docs = index.doc_ids_of(refs)
    if not docs:
        return []
    scores = None
    try:
        scores = searcher.fused_scores(query)[0]
    except Exception:
        try:
            scores = searcher.text_scores(query)
        except Exception:
            scores = None
    if about and scores is not None and not _shares_a_word(searcher, query, docs):
        try:
            scores = searcher.fused_scores(f"{query} {about}")[0]
        except Exception:
            pass
    order = list(docs)
    if scores is not None and len(docs) > limit:
        ranked = sorted(docs, key=lambda d: (-float(scores[d]), d))
        order = ranked[:limit]
        if docs[0] not in order:  # the opening verse names what the hymn is about
            order = [docs[0]] + order[:limit - 1]
    picked = sorted(order[:limit])
    best = max((float(scores[d]) for d in picked), default=0.0) if scores is not None else 0.0
    out = []
    for d in picked:
        relevance = float(scores[d]) / best if scores is not None and best > 0 else 1.0
        out.append(to_result(index.verses[d], max(0.5, relevance)).copy(update={"importance": "high",
                                                                                  "is_filtered": False}))
    return out
