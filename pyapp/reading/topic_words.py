"""Things of the hymns' world asked about in English: food and drink (milk, barley, curds, cakes,
surā, meat), materials and crafts (metal, ships, ploughing, weaving, assemblies), ethics words
(deceit, the gods' anger), time (months, the soma pressings, growing old), the body (the belly,
heart disease) and the poet's craft (a hymn fashioned like a chariot, a "new hymn", kindling the
fire): "Does the Rigveda mention barley?", "What cakes were offered?", "Who eats gruel?".

Why a table: Griffith's English for these things varies ("barley-brew", "corn", "meal") and a word
search finds verses sharing a frequent word ("drink", "offered") instead of the verses that name
the thing. The hymns' own Sanskrit word is stable, so ``pyapp/data/topic_words.json`` maps the
readers' English words (and the Sanskrit word itself) to patterns over the verse's plain IAST,
and the answer cites verses whose Sanskrit names the thing. A question naming no cue, naming a
verse number, or asking what a word means falls through to the usual readers.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, TypeVar

from pyapp import data_tables
from pyapp.diacritics import strip_vedic_accents
from pyapp.facts import FactAnswer
from pyapp.factbook.patterns import _q

__all__ = ["CueEntry", "Topic", "topics", "match", "theme_of", "names_thing", "verses_for", "answer", "cue_pattern", "pattern_rank", "per_hymn", "best_entry"]

DATA_PATH = "data/topic_words.json"
LIMIT = 5  # verses cited
PER_HYMN = 2  # so one long hymn does not fill the answer

_SKIP = re.compile(r"\bhow many (?:verses|hymns|times|suktas|mantras)\b|\b\d+\s*[.:]\s*\d+\b|\bwhat (?:does|is) (?:the )?(?:word |term )?\S+ mean\b|"
                   r"\bmeaning of (?:the )?(?:word|term)\b|\bsanskrit (?:word|term|name) for\b|\btranslat\w*\b|"
                   r"\boriginal\b|^who (?:is|was|are|were)\b|^which god\b|"
                   r"\bcompare (?:the )?\w+ (?:and|with)\b|\bdifference between\b|\bvs\.?\b|\bversus\b|"
                   # what the thing is likened to is a simile's question ("what is the lightning compared to?")
                   r"\b(?:compared|likened|likens)\b|\bsimiles?\b|\bmetaphors?\b|"
                   r"\b(?:hymn|one) (?:where|in which)\b|\b(?:what's|what is|which is) the (?:verse|hymn) (?:about|with)\b|"
                   r"\bhymn,? [\"“]|"
                   r"\brecipes?\b|\bhow (?:do|can|should|to) (?:i |we )?(?:make|cook|prepare|bake|brew)\b|"
                   # a who-question wants a doer (the direct answers), a count or amount wants a number, and a
                   # reader's own task ("do I need …") is an everyday request, refused unless a verse answers it
                   r"^(?:who|whom|whose)\b|\bhow (?:many|much)\b|\b(?:do|should|can|must) (?:i|we)\b|\bi need\b")
# "the verse that says …": a thing named so is a quotation to find ("the verse that says the cows went to the pen"),
# but an idea named so is the idea's verse ("a verse that says the gods only help those who work hard": the
# hymns' own words for toil find it, the search for Griffith's words finds a verse that shares two of them)
_SAYS = re.compile(r"\bverse (?:says|is this|that says)\b|\bverse (?:which|where) (?:says|it says)\b")
_QUOTED = re.compile(r"[\"“”]\s*\S+(?:\s+\S+){2,}\s*[\"“”]"  # a quotation: the quote readers find its verse
                     r"|(?:(?<=\s)|^)['‘]\S[^'’]*?\s\S+\s[^'’]*?\S['’](?![a-z])")  # 'I am the banner, I am the head'
# the thing named as an image ("creation as a cosmic dance", "like a ship"): the simile readers answer it
_AS_IMAGE = r"\b(?:as|like) (?:an? |the )?(?:[a-z-]+ )?$"
_LATIN_TEXT = re.compile(r"\b(?:est|et|cui|quae|qui|quod|nos|vos|sunt|non|enim|ego|tu|cum|atque|sed|ut)\b")
_PAREN = re.compile(r"\(([^)]*)\)")
_STOP = set("""what which where when who whom whose why how does did do is are was were the a an and or of in on
for to from with about any anything there their they them this that these those verse verses hymn hymns rigveda
rig veda vedic rgveda mention mentioned mentions say says said tell tells people poets poet gods god word words
speak speaks like also some have has had been being into than then very more most much many would could should
please explain want know find point give show does their its it's i'm my me we our you your ever""".split())


T = TypeVar("T")


def cue_pattern(cue: str) -> "re.Pattern[str]":
    """A table's cue found as a whole word of the folded question ("ship" not inside "worship",
    "milk" not inside "milk-white"). Shared with :mod:`pyapp.reading.mandala_theme`'s table."""
    return re.compile(r"(?<![\w-])" + re.escape(cue) + r"(?![\w-])")


def pattern_rank(patterns: Sequence["re.Pattern[str]"], line: str) -> Optional[int]:
    """Which of an entry's Sanskrit patterns a verse's plain IAST matches first (0 = the word itself,
    later = its compounds and kin), or None when it names none: how the verses are ranked."""
    return next((i for i, p in enumerate(patterns) if p.search(line)), None)


def per_hymn(refs: Iterable[str], limit: int, most: int = PER_HYMN) -> List[str]:
    """The refs in their given order, at most ``most`` from one hymn and ``limit`` in all, so one
    long hymn does not fill the answer."""
    out: List[str] = []
    per: Dict[str, int] = {}
    for ref in refs:
        hymn = ref.rsplit(".", 1)[0]
        if per.get(hymn, 0) >= most:
            continue
        per[hymn] = per.get(hymn, 0) + 1
        out.append(ref)
        if len(out) >= limit:
            break
    return out


def best_entry(entries: Iterable[T], score: Callable[[T], Any]) -> Optional[T]:
    """The table entry with the highest score (a number or a tuple), the earlier one on a tie; None
    when no entry scores (0 or None). The readers of cue tables (topics, themes, situations) pick so."""
    best: Optional[Tuple[Any, T]] = None
    for entry in entries:
        value = score(entry)
        if value and (best is None or value > best[0]):
            best = (value, entry)
    return best[1] if best else None


class CueEntry:
    """An entry of a cue table (this module's things, :mod:`pyapp.reading.mandala_theme`'s themes): its
    cue words, the Sanskrit patterns over plain IAST (first = the word itself) and the god it belongs to."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        self.id: str = raw["id"]
        self.label: str = raw["label"]
        self.sanskrit: str = raw["sanskrit"]
        self.cues = [cue_pattern(c) for c in raw["cues"]]
        self.patterns = [re.compile(p) for p in raw["patterns"]]
        self.deity: str = raw.get("deity", "")


class Topic(CueEntry):
    """One entry of the table: the cue words, the Sanskrit patterns (first = the word itself), and
    Griffith's English for the thing (a verse whose translation names it ranks higher)."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        super().__init__(raw)
        self.english = re.compile(r"\b(?:" + raw["english"] + r")", re.I)
        # "unless": words that mean a homograph is asked ("vana" the forest, not vāṇa the lute)
        self.unless = re.compile(r"\b(?:" + raw["unless"] + r")\b") if raw.get("unless") else None
        # an idea rather than a thing (doubt, immortality, the third heaven): the answer opens with what the
        # plainest verse says of it, since a count of words ("occur in 26 verses") does not say what the hymns think
        self.theme: bool = bool(raw.get("theme"))
        # "english_first": the Sanskrit word is ambiguous (dāsa is the foe far more often than the servant), so a
        # verse Griffith renders with the entry's English ("slave") ranks before one that only has the word
        self.english_first: bool = bool(raw.get("english_first"))

    def first_cue(self, q: str) -> Optional[Tuple[int, int]]:
        """(number of cues found, position of the last one) in the folded question, or None."""
        found = [m.start() for c in self.cues for m in c.finditer(q)]
        return (len(found), max(found)) if found else None


@lru_cache(maxsize=1)
def topics() -> Tuple[Topic, ...]:
    return tuple(Topic(e) for e in data_tables.table(DATA_PATH, {}).get("entries", ()))


@lru_cache(maxsize=2048)
def names_thing(word: str) -> bool:
    """``word`` (one word, any spelling, romanised from an Indic script: Tamil வீடுகள் → vīṭukaḷ, Hindi हल →
    hala) is a cue of this table. Why: a reading that drops the words its language file lacks would drop
    exactly the thing asked about ("houses", "the plough") and keep only "how is it said in the Rigveda";
    the table's own words in each language keep it, so the question reaches the thing's verses."""
    q = _q(word).strip()
    return bool(q) and " " not in q and any(c.fullmatch(q) for t in topics() for c in t.cues)


def _shadowed(q: str) -> set:
    """The entries whose every cue found lies inside a longer cue of another entry: a phrase is read before its
    words ("bow down", "bend the knee" are worship, so "bow" of the bows and arrows is not what is asked)."""
    spans = [(t.id, m.start(), m.end()) for t in topics() for c in t.cues for m in c.finditer(q)]
    inside = {(tid, a, b) for tid, a, b in spans
              if any(oid != tid and oa <= a and b <= ob and (ob - oa) > (b - a) for oid, oa, ob in spans)}
    ids = {tid for tid, _, _ in spans}
    return {tid for tid in ids if all((tid, a, b) in inside for t2, a, b in spans if t2 == tid)}


def match(question: str) -> Optional[Topic]:
    """The topic the question names (most cues, then the one named last: "what did they drink
    besides soma? Is milk offered?" asks about milk), or None when it names none or is another
    kind of question (a count, a verse number, what a word means, who someone is, a quotation, a
    comparison, a recipe), or names another Sanskrit word in brackets."""
    q = _q(question)
    if _SKIP.search(q) or _QUOTED.search(question):
        return None
    shadowed = _shadowed(q)
    says = bool(_SAYS.search(q))
    topic = best_entry((t for t in topics() if (t.unless is None or not t.unless.search(q)) and t.id not in shadowed
                        and (t.theme or not says)),
                       lambda t: t.first_cue(q))
    if topic is None:
        return None
    found = [m.start() for c in topic.cues for m in c.finditer(q)]
    if found and all(re.search(_AS_IMAGE, q[max(0, at - 40):at]) for at in found):
        return None
    named = [w for inside in _PAREN.findall(q) for w in re.findall(r"[a-z]{3,}", inside)]
    named += re.findall(r"\bthe (?:word|term) ([a-z]{3,})", q)  # "the word vidatha: is it an assembly?"
    if named and not any(topic.first_cue(w) for w in named):
        return None  # "… kindled with the fire-drill (arani)?": the word in brackets is what is asked about
    return topic


def theme_of(question: str) -> Optional[Topic]:
    """The idea (an entry marked ``theme``: toil, sleep, truthful speech …) the question names, or None. Why: a
    paraphrase ("the verse that says the gods only help those who work hard") is no line to look up word for word;
    when the quotation reader finds only a loose match, the idea's own verses answer instead."""
    topic = match(question)
    return topic if topic is not None and topic.theme else None


def _plain(roman: str) -> str:
    """Accented IAST → plain IAST, lower case (the udātta/svarita marks go; ś keeps its accent)."""
    return strip_vedic_accents(roman).lower()


_PLAIN: Dict[int, Tuple[Any, List[str]]] = {}


def _plain_lines(index: Any) -> List[str]:
    cached = _PLAIN.get(id(index))
    if cached is None or cached[0] is not index:
        cached = (index, [_plain(v.roman) for v in index.verses])
        _PLAIN[id(index)] = cached
    return cached[1]


SANSKRIT_TYPED = 4  # weight of a verse that has a Sanskrit form the question typed (a name in the deity counts 2)
_FOLDED: Dict[int, Tuple[Any, List[str]]] = {}


def _folded_lines(index: Any) -> List[str]:
    """Each verse's Sanskrit folded to plain letters, as the question's words are (``_q``), with a space before."""
    cached = _FOLDED.get(id(index))
    if cached is None or cached[0] is not index:
        cached = (index, [" " + _q(line) for line in _plain_lines(index)])
        _FOLDED[id(index)] = cached
    return cached[1]


def _typed_forms(words: Sequence[str]) -> List[str]:
    """The question's words as they may stand in the folded Sanskrit: "kasha" is kaśā ("sh" for ś and ṣ)."""
    forms = {w for w in words if len(w) >= 5}
    forms |= {w.replace("sh", "s") for w in forms if "sh" in w}
    # its stem: a final vowel is often changed by sandhi or case ("madhumati" stands as madhumaty, madhumatīm)
    return sorted({f[:-1] if len(f) >= 6 and f[-1] in "aeiou" else f for f in forms})


def typed_sanskrit(question: str, topic: Topic, index: Any) -> List[Tuple[str, int]]:
    """(form, verses) for each word of the question that stands as typed in some verse's Sanskrit (and is not an
    English word of the translations): "madhujihva" → [("madhujihva", 3)]."""
    lines = _folded_lines(index)
    found = []
    for form in _typed_forms(_context(question, topic)):
        if _english_word(index, form):
            continue
        n = sum(1 for line in lines if f" {form}" in line)
        if n:
            found.append((form, n))
    return found


def _english_word(index: Any, word: str) -> bool:
    probe = re.compile(rf"\b{re.escape(word)}\b")
    return any(probe.search((v.translation or "").lower()) for v in index.verses[:3000])


def _context(question: str, topic: Topic) -> List[str]:
    """The question's other content words ("Indra", "soma", "offered"), to rank the verses."""
    q = _q(question)
    for cue in topic.cues:
        q = cue.sub(" ", q)
    return sorted({w for w in re.findall(r"[a-z]{4,}", q) if w not in _STOP})


def also_named(topic: Topic, question: str) -> List[Topic]:
    """The table's other things the question names ("won't give food to his friend": the friend and the food
    given): a verse naming them too answers better."""
    q = _q(question)
    return [t for t in topics() if t is not topic and t.first_cue(q) and (t.unless is None or not t.unless.search(q))]


def verses_for(topic: Topic, question: str, index: Any) -> Tuple[int, List[str]]:
    """(how many verses name the thing, the refs to cite): verses matching the word itself first,
    then those sharing the question's other words (a god named in the deity counts double), then
    those of a hymn that names it often, then those whose English names it too; at most
    :data:`PER_HYMN` per hymn."""
    words = _context(question, topic)
    others = [t.patterns for t in also_named(topic, question)]
    want_deity = topic.deity
    scored = []
    density: Dict[str, int] = {}  # verses naming the thing per hymn: "which hymn praises ghee?" is the densest
    for doc, line in enumerate(_plain_lines(index)):
        if topic.patterns[0].search(line):
            hymn = index.verses[doc].ref.rsplit(".", 1)[0]
            density[hymn] = density.get(hymn, 0) + 1
    folded_lines = _folded_lines(index)
    typed_forms = _typed_forms(words)
    for doc, line in enumerate(_plain_lines(index)):
        rank = pattern_rank(topic.patterns, line)
        if rank is None:
            continue
        verse = index.verses[doc]
        text = (verse.translation or "").lower()
        deity = _q(verse.deity or "")
        overlap = sum(1 for w in words if w in text) + sum(2 for w in words if w[:5] in deity)
        overlap += sum(2 for pats in others if any(p.search(line) for p in pats))  # names the other thing asked too
        # a Sanskrit word typed in the question ("madhujihva", "kaśā madhumatī"): the verses that have that very form
        folded = folded_lines[doc]
        overlap += sum(SANSKRIT_TYPED for w in typed_forms if f" {w}" in folded)
        if want_deity and want_deity in deity:
            overlap += 2
        dense = min(density.get(verse.ref.rsplit(".", 1)[0], 0), 4)  # 4+ in one hymn: a hymn about it
        named = len(topic.patterns[0].findall(line))  # a verse naming the thing thrice is about it
        english = 0 if topic.english.search(text) else 1
        both = 1 if any(p.search(line) for pats in others for p in pats) else 0
        # Griffith left a few verses in Latin (1.179.4, 10.86.16 …): a reader cannot read them as the answer's quotation
        latin = 1 if len(_LATIN_TEXT.findall(text)) >= 3 else 0
        # an idea asked with a thing ("the ploughshare … working for your bread"): the verse naming both comes first
        scored.append((latin, english if topic.english_first else 0, -both if topic.theme else 0, rank, -overlap, -dense,
                       -named, english, doc, verse.ref))
    total = sum(1 for s in scored if s[3] == 0) or len(scored)
    return total, per_hymn((s[-1] for s in sorted(scored)), LIMIT)


_GODS: Dict[int, Tuple[Any, frozenset]] = {}
GOD_MIN_VERSES = 20  # a deity field word this common names a god (Rudra has 100 verses); rarer ones are ordinary words


def _god_words(index: Any) -> frozenset:
    """The first five letters of the words of the verses' deity fields (Sanskrit nominatives: "rudraḥ" → "rudra",
    "marutaḥ" → "marut") that head at least :data:`GOD_MIN_VERSES` verses: a question word that begins so names a
    god whose verses the answer must include ("madhyaṃdina" is no god though one rare field begins so)."""
    cached = _GODS.get(id(index))
    if cached is None or cached[0] is not index:
        counts: Dict[str, int] = {}
        for v in index.verses:
            for w in set(re.findall(r"[a-z]{5,}", _q(v.deity or ""))):
                counts[w[:5]] = counts.get(w[:5], 0) + 1
        cached = (index, frozenset(w for w, n in counts.items() if n >= GOD_MIN_VERSES))
        _GODS[id(index)] = cached
    return cached[1]


def misses_named_god(topic: Topic, question: str, index: Any, refs: Sequence[str]) -> bool:
    """The question names a god ("Does Rudra carry a bow?") and none of the cited verses is addressed to that god:
    the table answers the thing in general, so it steps aside for the readers that keep the god."""
    gods = [w[:5] for w in _context(question, topic) if len(w) >= 5 and w[:5] in _god_words(index)]
    if not gods:
        return False
    by_ref = {v.ref: _q(v.deity or "") for v in index.verses}
    return not any(g in by_ref.get(r, "") for r in refs for g in gods)


_CAPITAL = re.compile(r"(?<=[\w,;:'’\"“”)] )([A-ZĀĪŪṚṢŚṆṬḌ][^\W\d_]{2,})")
_NOT_PERSON = re.compile(r"^(?:rig|rg|ṛg|veda|vedic|hymn|god|gods|sanskrit|hindu|indian|aryan|english|griffith)", re.I)


def misses_named_person(question: str, index: Any, refs: Sequence[str]) -> bool:
    """An idea asked of a named person ("the generosity of Āsaṅga", "Trasadasyu's gifts") whose name none of the
    cited verses carries: the idea's general verses do not answer it, so the readers that keep the name do."""
    gods = _god_words(index)  # a god named is misses_named_god's to weigh (by the verses' deity, not their words)
    names = [m.group(1) for m in _CAPITAL.finditer(question or "")
             if not _NOT_PERSON.match(m.group(1)) and _q(m.group(1))[:5] not in gods]
    if not names:
        return False
    texts = [_q(getattr(index.by_ref(r), "translation", "") or "") for r in refs]
    return not any(_q(n)[:4] in t for n in names for t in texts)


QUALIFIER_MAX_VERSES = 100  # a word in more verses than this is too common to say what the question narrows to
QUALIFIER_MIN_BOTH = 2  # verses with the word and the thing together: one is a chance meeting ("drunk" and "voice")
# a word whose verses nearly all name the thing too is another word for it ("labours" for toil), not a narrowing
SYNONYM_SHARE = 0.6


def misses_qualifier(topic: Topic, question: str, index: Any, refs: Sequence[str]) -> bool:
    """The question narrows the thing ("a *barren* cow that gives milk") with a word none of the cited verses has,
    while other verses have it with the thing itself in their English: the table's verses answer the thing in
    general, not what was asked, so it steps aside for the search (which finds them). Unless the cited verses
    have a rarer word of the question ("ploughing" for honest toil): then they are about what was asked, and a
    commoner word they lack ("field") is not what the question turns on."""
    cited = " ".join(_q(getattr(index.by_ref(r), "translation", "") or "") for r in refs)
    rarest_present = None
    missing = []
    for word in _context(question, topic):
        if len(word) < 5:
            continue
        pattern = re.compile(rf"\b{re.escape(word)}")
        having = [v for v in index.verses if pattern.search(_q(v.translation or ""))]
        if not having:
            continue
        if word in cited:
            rarest_present = min(len(having), rarest_present or len(having))
            continue
        both = sum(1 for v in having if topic.english.search((v.translation or "").lower()))
        if len(having) <= QUALIFIER_MAX_VERSES and QUALIFIER_MIN_BOTH <= both < SYNONYM_SHARE * len(having):
            missing.append(len(having))
    return bool(missing) and (rarest_present is None or min(missing) < rarest_present)


SAID_MAX = 220  # characters of the verse quoted in the opening


def said_in(topic: Topic, index: Any, ref: str) -> str:
    """The sentence of the verse's translation that says the theme (the first one with the entry's English
    words, and the next when both are short), or its first sentence; "" when the verse has no translation."""
    verse = index.by_ref(ref) if hasattr(index, "by_ref") else None
    text = " ".join((getattr(verse, "translation", "") or "").split())
    if not text:
        return ""
    parts = [p.strip() for p in re.findall(r"[^.?!;]+[.?!;]*", text) if p.strip()]
    at = next((i for i, p in enumerate(parts) if topic.english.search(p)), 0)
    said = parts[at]
    if at + 1 < len(parts) and len(said) + len(parts[at + 1]) < SAID_MAX // 2 + 60:
        said += " " + parts[at + 1]
    said = said.rstrip(";,: ")
    if len(said) > SAID_MAX:
        said = said[:SAID_MAX].rsplit(" ", 1)[0] + " …"
    return said


def _cites(refs: Sequence[str]) -> str:
    return ", ".join(f"[RV {r}]" for r in refs)


def _doc_of(index: Any, ref: str) -> int:
    verse = index.by_ref(ref)
    return index.verses.index(verse) if verse is not None else 0


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The verses whose Sanskrit names the thing asked about, the first sentence saying how many."""
    topic = match(question)
    if topic is None or not getattr(index, "verses", None):
        return None
    total, refs = verses_for(topic, question, index)
    if not refs or misses_named_god(topic, question, index, refs) or (topic.theme and misses_named_person(question, index, refs)):
        return None
    if misses_qualifier(topic, question, index, refs):
        return None
    many = f"{total} verses" if total != 1 else "one verse"
    said = said_in(topic, index, refs[0]) if topic.theme else ""
    if said:
        short = topic.label.split(" (")[0]
        text = (f"The plainest verse on {short} is RV {refs[0]}: “{said}” [RV {refs[0]}]. The hymns' words for it "
                f"(Sanskrit {topic.sanskrit}) occur in {many}" + (f"; see also {_cites(refs[1:])}." if refs[1:] else "."))
    else:
        text = (f"The hymns' words for {topic.label} (Sanskrit {topic.sanskrit}, in any form or compound) occur "
                f"in {many}; those closest to the question: {_cites(refs)}.")
    typed = [(form, n) for form, n in typed_sanskrit(question, topic, index)
             if f" {form}" in _folded_lines(index)[_doc_of(index, refs[0])]]
    if typed and not said:  # the form the reader typed, found: said first, with where it stands
        asked = {form: w for w in _context(question, topic) for form in _typed_forms([w])}
        forms = " and ".join(dict.fromkeys(asked.get(form, form) for form, _ in typed))
        text = f"The verses with the Sanskrit {forms} asked about: {_cites(refs[:3])}. " + text
    hymns = sorted({r.rsplit(".", 1)[0] for r in refs}, key=lambda r: tuple(int(x) for x in r.split(".")))
    return FactAnswer(kind="list", text=text, refs=refs, subject_hymns=hymns)
