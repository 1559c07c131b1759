"""A verse asked for by its feeling: "the saddest verse in the Rigveda", "a scary hymn", "a verse asking
forgiveness", "un verso triste del Rigveda", "ऋग्वेद का सबसे डरावना मंत्र", "a joyful verse to read at a wedding".

Why a reader of its own: the open search takes the feeling word for a content word ("no verse speaks directly of
saddest") and cites whatever verse happens to use it. What such a reader wants is a verse that *voices* the
feeling, and the hymns' own words for a feeling are few and scattered (Griffith's "woe", "forlorn", the Sanskrit
āgas, bhī-), so ``pyapp/data/feelings.json`` holds, for each feeling, the words readers use for it (any language),
the evidence a verse carries of it, and the well-known passages that voice it with one line of why.

What makes a question such a request (:func:`read`): a feeling word qualifies a passage word ("a sad verse",
"verse of gratitude", "सबसे डरावना मंत्र"), or is a superlative ("the saddest", "the most boastful"). A feeling
said of a god ("why is Varuṇa angry?", "a verse where Indra is angry") is a question about the hymns' content:
the question opens with "why"/"how", or a name stands between the feeling and the passage word, and the reader
leaves it to the search. The answer (:func:`answer`) opens with the verse and one line of why, then two or three
more; the question's other content words ("about a gambler", "light coming back after dark") rank first the
verses that speak of them, and an occasion the question names ("at a wedding": ``occasions.json``) chooses
among that occasion's lines.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp import data_tables
from pyapp.facts import FactAnswer

__all__ = ["Feeling", "Reading", "feelings", "read", "asks", "answer", "tokens"]

DATA_PATH = "data/feelings.json"
OTHERS = 3  # verses named after the first
WINDOW = 5  # tokens between a feeling word and a passage word for a looser reading
_LETTERS = re.compile(r"[a-z0-9\u00c0-\u024f\u1e00-\u1eff\u0400-\u04ff\u0900-\u0963\u0966-\u0dff]+")
_SUPERLATIVE_ENDINGS = ("est", "ste", "sten", "issimo", "issima")  # saddest, traurigste, tristissimo
_STOP = frozenset("""
what which where when who whom whose why how does did do is are was were the a an and or of in on for to from with
about any anything there their they them this that these those rigveda rig veda vedic rgveda rigved mention tell
please give show find want need know like really someone somebody something poet poets read reading recite
some one ones entire whole book text collection ever most more very just find looking look share quote kind sort
where that's it's i'm im me my we our you your i am feel feeling felt when would could should can will me
coming come comes back after before again over under then still even only also whats what's
del della dello dei di da il la le les un una uno une des du de el los las en et y e o que qui ist der die das
ein eine im vom von zum zur und sobre pieno piena plein pleine voll voller sur par per con com do da mais
""".split())


def _fold(text: str) -> str:
    """Lower case with Latin diacritics dropped ("más" → "mas", "fröhlich" → "frohlich"); the vowel signs and
    viramas of Indic scripts are kept (``agents.text.fold`` drops the virama, which splits मन्त्र)."""
    out: List[str] = []
    for ch in unicodedata.normalize("NFD", text or ""):
        if unicodedata.category(ch) == "Mn" and out and ord(out[-1]) < 0x250:
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out)).lower()


def tokens(text: str) -> List[str]:
    """The question's words, folded (apostrophes split "gambler's" into "gambler", "s")."""
    return _LETTERS.findall(_fold(text))


class _Cue:
    """A cue of the table: one or more words, each either whole or a beginning ('*')."""

    def __init__(self, cue: str) -> None:
        self.text = cue
        parts: List[Tuple[str, bool]] = []
        for piece in cue.split():
            found = tokens(piece.rstrip("*"))
            parts += [(t, False) for t in found[:-1]] + ([(found[-1], piece.endswith("*"))] if found else [])
        self.parts: Tuple[Tuple[str, bool], ...] = tuple(parts)

    def at(self, words: Sequence[str]) -> List[int]:
        """Where the cue starts among ``words``."""
        n = len(self.parts)
        found = []
        for i in range(len(words) - n + 1):
            if all(words[i + k].startswith(stem) if prefix else words[i + k] == stem
                   for k, (stem, prefix) in enumerate(self.parts)):
                found.append(i)
        return found

    @property
    def size(self) -> int:
        return len(self.parts)


@dataclass(frozen=True)
class Passage:
    refs: Tuple[str, ...]
    why: str


class Feeling:
    """One feeling of the table: its cues, its evidence patterns and its passages."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        self.id: str = raw["id"]
        self.label: str = raw["label"]
        self.adjective: str = raw.get("adjective", raw["id"])
        self.ranked_by: str = raw.get("ranked_by", "feeling")  # "the hymns rank none of their verses by beauty"
        self.cues: List[_Cue] = [_Cue(c) for c in raw["cues"] if tokens(c.replace("*", ""))]
        self.griffith = re.compile(raw["griffith"]) if raw.get("griffith") else None
        self.sanskrit = re.compile(raw["sanskrit"]) if raw.get("sanskrit") else None
        self.passages: List[Passage] = [Passage(tuple(p["refs"]), p["why"]) for p in raw.get("passages", ())]

    def evidence(self, translation: str, plain: str) -> int:
        """How many of the feeling's own words a verse uses (Griffith's English and the Sanskrit)."""
        hits = len(self.griffith.findall(translation.lower())) if self.griffith else 0
        return hits + (len(self.sanskrit.findall(plain)) if self.sanskrit else 0)


@lru_cache(maxsize=1)
def _table() -> Dict[str, Any]:
    return data_tables.table(DATA_PATH, {}) or {}


@lru_cache(maxsize=1)
def feelings() -> Tuple[Feeling, ...]:
    return tuple(Feeling(e) for e in _table().get("entries", ()))


@lru_cache(maxsize=1)
def _words(key: str) -> Tuple[Tuple[str, ...], ...]:
    """A word list of the table as token tuples ("is it true" → ("is", "it", "true"))."""
    return tuple(t for t in (tuple(tokens(w)) for w in _table().get(key, ())) if t)


def _starts(words: Sequence[str], phrase: Tuple[str, ...], i: int) -> bool:
    return tuple(words[i:i + len(phrase)]) == phrase


def _positions(words: Sequence[str], key: str) -> List[int]:
    return [i for i in range(len(words)) if any(_starts(words, p, i) for p in _words(key))]


@lru_cache(maxsize=1)
def _names() -> Optional["re.Pattern[str]"]:
    """The gods' and seers' names (curated lexicon), folded: a name between the feeling and the passage word
    makes the feeling the god's ("a hymn where Varuṇa is angry")."""
    try:
        from pyapp.lexicon import CURATED_NAMES
    except Exception:  # the lexicon's table missing: no name is read
        return None
    names = sorted({_fold(n) for n in CURATED_NAMES if len(n) > 2}, key=len, reverse=True)
    return re.compile(r"^(?:" + "|".join(re.escape(n) for n in names) + r")(?:s|a|ah|as)?$") if names else None


def _is_name(word: str) -> bool:
    pattern = _names()
    return bool(pattern and len(word) > 2 and pattern.match(unicodedata.normalize("NFKD", word)
                                                            .encode("ascii", "ignore").decode() or word))


@dataclass(frozen=True)
class Reading:
    """A request for a verse of ``feeling``: ``superlative`` when it asks for the most (saddest …) one."""

    feeling: Feeling
    superlative: bool
    strong: bool
    cue_words: Tuple[int, ...]


def _other_scripture(q: str) -> bool:
    try:
        from pyapp.lexicon import OTHER_SCRIPTURES
    except Exception:
        return False
    folded = " " + " ".join(tokens(q)) + " "
    return any(f" {' '.join(tokens(name))} " in folded for name in OTHER_SCRIPTURES)


_REFERENCE = re.compile(r"(?<![\d.])(?:10|[1-9])\.\d{1,3}(?!\d)")
_SAYS = frozenset("says say said mentions mention speaks speak talks talk tells tell describes describe refers "
                  "contains names calls".split())
_PERSONAL = frozenset("my me him her them someone somebody our us his their your you".split())


def _points_back(words: Sequence[str]) -> bool:
    """The question points at the passage the conversation is on ("which verse there …", "in it", "that hymn")."""
    for i, w in enumerate(words):
        if w == "there" and (i == 0 or words[i - 1] not in ("is", "are", "was", "were", "s")):
            return True
        if w in ("in", "of") and i + 1 < len(words) and words[i + 1] == "it":
            return True
        if w in ("that", "this", "same") and any((x,) in _words("request_words") for x in words[i + 1:i + 4]):
            return True  # "is that a love poem?", "this hymn"

    return False


def _said_of_someone(words: Sequence[str], at: int, end: int) -> bool:
    """The feeling is someone's ("Viśvāmitra's curse", "the wrath of Indra") or a use on someone ("a mantra to
    curse my ex"): not a verse's mood."""
    before = words[max(0, at - 2):at]
    if any(_is_name(w) for w in before) or any(
            words[i] == "s" and _is_name(words[i - 1]) for i in range(max(1, at - 4), at)):
        return True  # "Viśvāmitra's curse", "Dīrghatamas's most moving hymn"
    if end + 2 < len(words) + 1 and words[end + 1:end + 2] == ["of"] and any(_is_name(w) for w in words[end + 2:end + 4]):
        return True
    return bool(before and before[-1] == "to" and any(w in _PERSONAL for w in words[end + 1:end + 3]))


_QUOTED = re.compile(r"(?:(?<=\s)|^)['‘][^'’]{2,}['’](?=[\s.,;:?!)-]|$)|\"[^\"]{2,}\"|“[^”]{2,}”|«[^»]{2,}»|»[^«]{2,}«|„[^“”]{2,}[“”]")
_SENTENCE = re.compile(r"[.?!;:।॥|—–]+|\s-\s")
_ENGLISH_REQUEST = frozenset("""verse verses hymn hymns line lines stanza stanzas passage passages poem poems prayer
prayers song songs chant chants quote quotes sukta suktas suktam richa rik mantra mantras""".split())
_LINKS = frozenset("""of for about with full filled expressing asking begging ask to a an the on in from de del di della
pieno piena plein pleine sobre voller uber von en lleno llena cheio dal du des do da im aus dem der rigveda rig veda
rigved rgveda""".split())
_YES_NO = frozenset("is are was were does do did has have can could will would should hay existe".split())
_WH = frozenset("what which whats who where when".split())
_WH_NEXT = frozenset("is s was one".split())
_VETO = frozenset("""plan write compose translate translation summary summarize summarise list count many number
explain meaning mean story""".split())
_THIRD_PERSON = frozenset("his her their its".split())


def _asks_passage(word: str) -> bool:
    """The word after "which"/"what" asks for a passage ("which verse", "what is the saddest", "which rigveda
    mantra"), not a god, a plant or a people ("which god …")."""
    return (word in _WH_NEXT or word in _LINKS or (word,) in _words("request_words") or (word,) in _words("superlatives")
            or word in ("of", "single", "one"))


def _sentence_words(question: str) -> Tuple[List[str], List[int]]:
    """The question's words without what it quotes ("the shanti mantra 'śaṃ no mitraḥ'": the quoted Sanskrit's
    "sad" is not sadness), each with the number of its sentence."""
    words: List[str] = []
    sentence: List[int] = []
    for n, part in enumerate(_SENTENCE.split(_QUOTED.sub(" ", question or ""))):
        found = tokens(part)
        words += found
        sentence += [n] * len(found)
    return words, sentence


def _other_content(words: Sequence[str], used: Sequence[int]) -> List[str]:
    """The question's content words beyond the feeling, the passage and the frame (English and other scripts)."""
    skip = set(_STOP) | {w for p in _words("request_words") for w in p} | {w for p in _words("superlatives") for w in p}
    skip |= {w for p in _words("stop_words") for w in p}
    skip |= {c.parts[0][0] for f in feelings() for c in f.cues if c.size == 1}
    return [w for i, w in enumerate(words) if i not in used and w not in skip and len(w) > 2
            and not w.startswith(("rigved", "rgved", "ऋग्वेद"))]


def read(question: str) -> Optional[Reading]:
    """The feeling a question asks a verse of, or ``None`` (no feeling word, no passage asked for, or a
    question about content: a god's or a person's feeling, what a verse says, a named or earlier passage)."""
    words, sentence = _sentence_words(question)
    if not words or len(words) > 40:
        return None
    if any(_starts(words, opener, 0) for opener in _words("content_openers")):
        return None  # "why is Varuṇa angry?", "how does the gambler's hymn show grief?"
    if words[0] in _WH and (not any(w in _WH_NEXT or (w,) in _words("request_words") or (w,) in _words("superlatives")
                                    for w in words[1:4]) or not _asks_passage(words[1])):
        return None  # "what are people afraid of …", "which god is prayed to for forgiveness?": content
    yes_no = words[0] in _YES_NO or words[0] == "क्या" or _starts(words, ("y", "a", "t", "il"), 0) or \
        _starts(words, ("gibt", "es"), 0)
    if yes_no and not (len(words) > 1 and words[1] == "there") and words[0] not in ("hay", "existe", "क्या", "y", "gibt"):
        return None  # "is the frog hymn a satire?": a claim about a hymn
    if _VETO & set(words) or _THIRD_PERSON & set(words):
        return None  # "a reading plan for the philosophical hymns", "his most famous hymn"
    if _other_scripture(question) and not any(w.startswith(("rigved", "rgved", "ऋग्वेद")) for w in words):
        return None
    if _REFERENCE.search(question) or _points_back(words):
        return None  # "the curse verses at the end of 3.53", "which verse there says …": that passage's content
    requests = _positions(words, "request_words")
    supers = _positions(words, "superlatives")
    best: Optional[Tuple[Tuple[int, int, int], Reading]] = None
    for feeling in feelings():
        for cue in feeling.cues:
            for at in cue.at(words):
                end = at + cue.size - 1
                if _said_of_someone(words, at, end):
                    continue
                superlative = any(0 < at - s <= 2 and sentence[s] == sentence[at] for s in supers) or any(
                    len(words[at + k]) > 5 and words[at + k].endswith(_SUPERLATIVE_ENDINGS) for k in range(cue.size))
                strong, near = superlative, False
                for r in requests:
                    if sentence[r] != sentence[at]:
                        near = near or abs(r - at) <= WINDOW
                        continue
                    gap = list(range(end + 1, r) if r > end else range(r + 1, at))
                    if any(words[g] in _SAYS for g in gap):
                        continue  # "which verse says the curses fly back": what a verse says, the search's
                    named = any(_is_name(words[g]) for g in gap)
                    if named:
                        continue
                    if r > end:  # "a sad verse", "the most heartbreaking hymn", "सबसे डरावना मंत्र"
                        strong = strong or len(gap) <= 1
                    elif not gap:  # "un verso triste", "something sad" (not "which verse curses …")
                        strong = strong or words[r] not in _ENGLISH_REQUEST
                    elif len(gap) <= 4 and all(words[g] in _LINKS for g in gap):  # "a prayer for forgiveness"
                        strong = True
                    near = near or len(gap) <= WINDOW
                if not (strong or near) or not requests and not superlative:
                    continue
                rank = (1 if strong else 0, 1 if superlative else 0, sum(len(p[0]) for p in cue.parts))
                if best is None or rank > best[0]:
                    best = (rank, Reading(feeling, superlative, strong, tuple(range(at, end + 1))))
    if best is None:
        return None
    reading = best[1]
    if yes_no and not reading.strong:
        return None
    if not reading.strong and (any(_is_name(w) for w in words) or _other_content(
            words, list(reading.cue_words) + requests + supers)):
        return None  # "which hymn is about an ominous pigeon", "which verse curses whoever steals": content
    return reading


def asks(question: str) -> bool:
    return read(question) is not None


def _context(words: Sequence[str], reading: Reading) -> List[str]:
    """The question's other content words ("gambler", "light", "dark"), as beginnings to match Griffith's words."""
    cue_words = {c.parts[0][0] for f in feelings() for c in f.cues if c.size == 1}  # "sad", not "light" of a phrase
    skip = set(_STOP) | cue_words | {w for p in _words("request_words") for w in p} | \
        {w for p in _words("superlatives") for w in p}
    out = []
    for i, w in enumerate(words):
        if i in reading.cue_words or w in skip or len(w) < 3 or not w.isascii() or w.isdigit():
            continue
        stem = w[:5] if len(w) > 6 else w.rstrip("s") if len(w) > 4 else w
        if stem not in out and stem not in skip:
            out.append(stem)
    return out


def _hits(context: Sequence[str], verse: Any) -> int:
    text = " ".join(x for x in (verse.translation, verse.deity, verse.addressee, verse.rishi) if x)
    found = set(_LETTERS.findall(_fold(text)))
    return sum(1 for stem in context if any(w.startswith(stem) for w in found))


def _snippet(verse: Any, pattern: Optional["re.Pattern[str]"]) -> str:
    """The clause of Griffith's verse that carries the feeling (or its opening), quoted."""
    text = " ".join((verse.translation or "").split())
    clauses = [c.strip() for c in re.split(r"(?<=[.;:!?])\s+", text) if c.strip()]
    if not clauses:
        return ""
    chosen = next((c for c in clauses if pattern and pattern.search(c.lower())), clauses[0])
    if len(chosen) > 160:
        chosen = chosen[:157].rsplit(" ", 1)[0] + " …"
    return f"“{chosen.rstrip('.;:')}”"


@dataclass
class _Pick:
    ref: str
    why: str
    score: Tuple[int, ...]


def _plain(index: Any) -> List[str]:
    from pyapp.reading.topic_words import _plain_lines

    return _plain_lines(index)


def _picks(reading: Reading, question: str, english: str, index: Any) -> List[_Pick]:
    """The verses that voice the feeling, best first: the table's passages (those speaking of the question's
    other words first), then verses whose own words carry the feeling and the question's words."""
    feeling = reading.feeling
    words = tokens(question) + tokens(english)
    context = _context(words, reading)
    picks: Dict[str, _Pick] = {}
    for order, passage in enumerate(feeling.passages):
        verses = [v for v in (index.by_ref(r) for r in passage.refs) if v is not None]
        if not verses:
            continue
        hits = max(_hits(context, v) for v in verses)
        picks[verses[0].ref] = _Pick(verses[0].ref, passage.why, (hits, 1, -order))
    if context and not any(p.score[0] for p in picks.values()):
        lines = _plain(index)
        found: List[Tuple[Tuple[int, ...], str]] = []
        for doc, verse in enumerate(index.verses):
            ev = feeling.evidence(verse.translation or "", lines[doc])
            if not ev:
                continue
            hits = _hits(context, verse)
            if hits:
                found.append(((hits, 0, ev, -doc), verse.ref))
        for score, ref in sorted(found, reverse=True)[:OTHERS + 1]:
            verse = index.by_ref(ref)
            picks[ref] = _Pick(ref, f"{_snippet(verse, feeling.griffith)}", score)
    return sorted(picks.values(), key=lambda p: p.score, reverse=True)


_FOR = re.compile(r"\b(?:for|at|during|on)\s+(?:(?:a|an|the|my|our|your|his|her|their|this|next|\w+['’]s)\s+){0,2}$")


def _for_occasion(occasion: Any, text: str) -> bool:
    """The occasion is what the verse is *for* ("to read at a wedding", "for my sister's wedding"), not what it
    speaks of ("a sad verse about a river")."""
    from pyapp.factbook.patterns import _q

    q = _q(text)
    return any(_FOR.search(q[:m.start()]) for _, pattern in occasion.cues for m in pattern.finditer(q))


def _occasion_picks(reading: Reading, question: str, english: str, index: Any) -> Tuple[Optional[Any], List[_Pick]]:
    """An occasion the question names ("to read at a wedding"): its lines (``caption.lines_for``), those that
    carry the feeling first."""
    from pyapp.reading import caption

    text = " ".join(x for x in (english, question) if x)
    occasion = caption.occasion_of(text)
    if occasion is None or not _for_occasion(occasion, text):
        return None, []
    refs = caption.lines_for(occasion, index)
    if not refs:
        return occasion, []
    lines = _plain(index)
    scored = []
    for order, ref in enumerate(refs):
        doc = index.doc_id(ref)
        verse = index.by_ref(ref)
        if doc is None or verse is None:
            continue
        deity = _fold(verse.deity or "")
        by_god = 1 if any(_fold(d) in deity for d in occasion.deities) else 0
        scored.append(((by_god, reading.feeling.evidence(verse.translation or "", lines[doc]), -order), ref))
    picks: List[_Pick] = []
    for score, ref in sorted(scored, reverse=True):
        if not score[0] and any(p.ref.rsplit(".", 1)[0] == ref.rsplit(".", 1)[0] for p in picks):
            continue  # one line a hymn, beyond the occasion's own god's: a choice
        picks.append(_Pick(ref, _snippet(index.by_ref(ref), reading.feeling.griffith), score))
        if len(picks) > OTHERS:
            break
    return occasion, picks


def answer(question: str, index: Any, searcher: Any = None, english: str = "") -> Optional[FactAnswer]:
    """"Among the verses that voice grief most strongly is RV 10.34.10 — the gambler's lament: …", then two or
    three more; ``None`` when the question is not such a request (``english``: its English reading, if any)."""
    reading = read(question) or (read(english) if english else None)
    if reading is None or index is None or not getattr(index, "verses", None):
        return None
    occasion, picks = _occasion_picks(reading, question, english, index)
    if not picks:
        occasion, picks = None, _picks(reading, question, english, index)
    if not picks:
        return None
    lead, others = picks[0], []
    for p in picks[1:]:
        if len(others) < OTHERS and (occasion is not None or all(
                p.ref.rsplit(".", 1)[0] != o.ref.rsplit(".", 1)[0] for o in [lead] + others)):
            others.append(p)
    feeling = reading.feeling
    if occasion is not None:
        first = (f"A {feeling.adjective} line for {occasion.label}: RV {lead.ref}, {lead.why} [RV {lead.ref}].")
    elif reading.superlative:
        first = (f"The hymns rank none of their verses by {feeling.ranked_by}; among those that voice {feeling.label} most "
                 f"plainly is RV {lead.ref} — {lead.why} [RV {lead.ref}].")
    else:
        first = f"A verse of {feeling.label}: RV {lead.ref} — {lead.why} [RV {lead.ref}]."
    text = first
    if others:
        text += " Others: " + "; ".join(f"RV {o.ref} — {o.why} [RV {o.ref}]" for o in others) + "."
    refs = [lead.ref] + [o.ref for o in others]
    return FactAnswer(kind="list", text=text, refs=refs[:10], subject_hymns=[lead.ref.rsplit(".", 1)[0]])
