"""Word lore of the hymns: other words for a thing ("rigveda words for water besides apas?", "palabras para la
tierra además de pṛthivī", "welche Wörter für Himmel außer dyaus", "रात्रि के अलावा रात के लिए कौन से शब्द"), a word's
opposite ("the opposite of ṛta?"), a word's root ("what is the root of yajña?") and Griffith's archaic English
("what does 'meed' mean in Griffith?").

Why a table: these ask about words, not about what the verses say, so the search found verses sharing the reader's
words and opened "No verse speaks directly of …" (set 28's synonym kind scored 0.2). What the answer needs is
lexical knowledge — the Nighaṇṭu's lists of names (of earth, water, sky, night …), the dictionaries' roots, the
hymns' paired opposites, the plain sense of Griffith's old words — which is data (``pyapp/data/word_lore.json``,
written from public knowledge). Each Sanskrit word there has ``forms``, a pattern over the padapāṭha's words, and
``corpus_build/word_lore_refs.py`` kept only the words some verse uses, with verses found by script; here each
cited verse is checked again against the padapāṭha before it is shown, so an answer never cites a verse that does
not hold its word. Griffith's words are found in his translation when asked (one pass over the verses).

The question is read as typed in the languages readers use (their English reading lost "además de", "außer"):
the asking words and the names of the things are the table's, so a new language is a data change.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Dict, Iterable, List, Optional, Pattern, Sequence, Tuple

from pydantic import BaseModel

from pyapp import data_tables
from pyapp.agents.text import fold
from pyapp.facts import FactAnswer
from pyapp.search.translit import deva_to_iast, fold_sanskrit, has_devanagari

__all__ = ["Archaic", "LoreWord", "Opposite", "Root", "Topic", "answer", "asks", "padapatha_has", "table", "DATA_FILE"]

DATA_FILE = "data/word_lore.json"
SHOWN = 6  # words cited with a verse each; the rest are named
MAX_WORDS = 30  # a longer message asks more than a word's lore


class LoreWord(BaseModel):
    word: str
    forms: str
    gloss: str = ""
    also: List[str] = []
    refs: List[str] = []
    verses: int = 0


class Topic(BaseModel):
    id: str
    label: str
    names: List[str]
    by_word: bool = True  # a god's name ("agni") names the god, not the thing: only the thing's names find the topic
    words: List[LoreWord]


class Opposite(BaseModel):
    word: LoreWord
    opposite: LoreWord
    together: List[str] = []


class Root(BaseModel):
    word: str
    forms: str
    root: str
    sense: str
    also: List[str] = []
    root_forms: str = ""
    refs: List[str] = []
    root_refs: List[str] = []
    verses: int = 0


class Archaic(BaseModel):
    word: str
    meaning: str
    pattern: str
    needs_griffith: bool = False  # an everyday English word ("car", "steed"): taken only when Griffith is named or it is quoted
    sanskrit: str = ""
    verses: int = 0


@lru_cache(maxsize=1)
def table() -> Tuple[Tuple[Topic, ...], Tuple[Opposite, ...], Tuple[Root, ...], Tuple[Archaic, ...]]:
    """The four lists of the table; empty ones when it cannot be read."""
    return (data_tables.rows(DATA_FILE, "topics", Topic), data_tables.rows(DATA_FILE, "opposites", Opposite),
            data_tables.rows(DATA_FILE, "roots", Root), data_tables.rows(DATA_FILE, "archaic", Archaic))


def padapatha_has(line: str, pattern: Pattern[str]) -> bool:
    """Whether a padapāṭha line has a word (whole, members joined, or one member of a compound) the pattern matches
    whole: "puraḥ-hitam" is tried as "puraḥ-hitam", "puraḥhitam", "puraḥ" and "hitam"."""
    for token in (line or "").split():
        token = token.strip("|,.;")
        for candidate in {token, token.replace("-", "")} | set(token.split("-")):
            if candidate and pattern.fullmatch(candidate):
                return True
    return False


# ---- reading the question ------------------------------------------------------------------------------------

def _key(word: str) -> str:
    """A Sanskrit word as typed in any spelling or script, folded so the table's words meet it ("ṛta", "rta",
    "rita", "ऋत" → "rita"; "apas", "āpaḥ" → "apa"): a final -s/-ḥ/-m (the nominative as readers type it) is dropped."""
    key = fold_sanskrit(deva_to_iast(word) if has_devanagari(word) else word)
    return re.sub(r"(?:h|s|m)$", "", key) if len(key) > 3 else key


_TOKEN = re.compile(r"[\w\u0900-\u097f'’]+")


def _tokens(text: str) -> List[Tuple[int, str]]:
    """(position, key) of each word of the question (Latin or Devanagari; Cyrillic words keep their letters)."""
    return [(m.start(), _key(m.group(0).strip("'’"))) for m in _TOKEN.finditer(text)]


def _keys_of(word: str, also: Iterable[str]) -> List[str]:
    return list(dict.fromkeys(k for k in [_key(word)] + [_key(a) for a in also] if len(k) >= 2))


# the asking words, folded (lower case, Latin marks off)
_SYNONYM = re.compile(
    r"(?<!\w)(?:synonyms?|(?:other|different|another|more|sanskrit|vedic|rigvedic) (?:words?|terms?|names?)|words (?:for|used for|meaning)|"
    r"terms (?:for|used for)|names for|how many words|vocabulary (?:for|of)|"
    r"sinonimos?|sinonimi|synonymes?|synonyme|синоним\w*|पर्यायवाची|पर्याय|समानार्थी|"
    r"palabras|otra palabra|palavras|outra palavra|mots|autre mot|autres noms|otros nombres|outros nomes|altri nomi|"
    r"nombres para|noms pour|nomi per|nomes para|parole per|altre parole|altra parola|termini per|terminos para|"
    r"termes pour|termos para|worter|andere namen|namen fur|bezeichnungen|ausdrucke|"
    r"слова для|слов для|какие слова|другие слова|названия для|другие имена|другие названия|"
    # Hindi, Marathi: "which words", "other words/names"; a bare शब्द ("the word uṣas") asks about one word
    r"कौन से शब्द|कौन-कौन से शब्द|कौनसे शब्द|कौन कौन से शब्द|शब्दों|अन्य शब्द|दूसरे शब्द|और शब्द|कोणकोणते शब्द|कोणते शब्द|"
    r"इतर शब्द|अन्य नाम|दूसरे नाम|कौन से नाम|słowa na|inne słowa|slowa na|inne slowa|wyrazy)(?!\w)")
_OPPOSITE = re.compile(
    r"(?<!\w)(?:opposites?|antonyms?|contrary (?:of|to)|set against|contrario|contraria|opuesto|opuesta|contraire|oppose|"
    r"opposto|opposta|oposto|oposta|gegenteil|gegensatz|gegenwort|противоположн\w*|антоним\w*|विलोम|उल्टा|उलटा|"
    r"विपरीत|विरुद्धार्थी|przeciwienstwo|przeciwieństwo)(?!\w)")
_ROOT = re.compile(
    r"(?<!\w)(?:roots?(?! causes?\b)|etymology|etymologies|etymological|derived|derive[sd]?|derivation|dhatus?|raiz|racine|radice|wurzel|"
    r"verbalwurzel|etymologie|etimologia|herkunft|abgeleitet|корн\w*|этимолог\w*|धातु|धातू\w*|व्युत्पत्ति|मूल शब्द|rdzen|rdzeń)(?!\w)")
_MEANING = re.compile(
    r"(?<!\w)(?:mean|means|meant|meaning|what is|what's|whats|what are|who is|who are|who's|whos|a what|"
    r"significa|significado|quiere decir|que es|que son|signifie|veut dire|qu'est|qu est|vuol dire|cosa e|cos'e|"
    r"quer dizer|o que e|bedeutet|bedeutung|was ist|was sind|meint|значит|означает|что такое|кто такой|кто такие|"
    r"मतलब|अर्थ|क्या है|kya hai|matlab|kaun|znaczy)(?!\w)")
_GRIFFITH = re.compile(r"griffith|ग्रिफ़िथ|ग्रिफिथ|гриффит", re.I)
_QUOTED = re.compile(r"['‘\"“«„]([^'’\"”»“]{2,40}?)['’\"”»“]")
_VERSE_REF = re.compile(r"(?<![\d.])\d{1,2}\.\d{1,3}\.\d{1,3}(?![\d.])")
_HYMN_REF = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?![\d])")
# what the reader names as the word already known ("besides apas", "außer dyaus", "के अलावा")
_BESIDES = re.compile(r"(?<!\w)(?:besides|other than|apart from|except|aside from|beyond|ademas de|aparte de|fuera de|"
                      r"a part|outre|en dehors de|autre que|autres que|oltre a|oltre al|oltre|alem de|alem do|alem da|"
                      r"ausser|außer|neben|кроме|помимо|के अलावा|के सिवा|के सिवाय|व्यतिरिक्त|oprocz|oprócz)(?!\w)")
# a scope word after "for/of": the thing's name stands after it ("words for the earth", "palabras para tierra")
_FOR = r"(?:for|of|para|pour|fur|per|de|di|do|da|del|della|des|du|dla|для|на|na)\s+(?:(?:the|a|an|el|la|los|las|le|les|l'|il|lo|o|os|as|den|die|das|der|dem)\s+)?['\"“‘«„]?"


def _found(pattern: Pattern[str], question: str) -> Optional["re.Match[str]"]:
    """The asking words in the folded question, else in the question as typed, lower case: ``fold`` drops the
    Devanagari vowel signs and viramas the table's Hindi words are written with ("शब्द", "के अलावा")."""
    return pattern.search(" ".join(fold(question).split())) or pattern.search(question.lower())


def _name_pattern(names: Sequence[str]) -> str:
    return "(?:" + "|".join(re.escape(fold(n)) for n in sorted(set(names), key=len, reverse=True) if n.strip()) + ")"


@lru_cache(maxsize=1)
def _topic_patterns() -> Tuple[Tuple[Topic, Pattern[str], Pattern[str]], ...]:
    out = []
    for topic in table()[0]:
        names = _name_pattern(topic.names)
        out.append((topic, re.compile(r"(?<!\w)" + names + r"(?!\w)"),
                    re.compile(r"(?<!\w)" + _FOR + names + r"(?!\w)|(?<!\w)" + names + r"['\"”’»]?\s*(?:के|की|साठी|का)(?!\w)")))
    return tuple(out)


def _topic_of(text: str, question: str) -> Optional[Topic]:
    """The thing whose words are asked: its name after "for"/"para"/"für" (or before "के लिए") first, then any of
    its names, then (for a thing that is no god's name) one of its Sanskrit words ("synonyms of pṛthivī")."""
    for strong in (True, False):
        best: Optional[Tuple[int, Topic]] = None
        for topic, plain, after_for in _topic_patterns():
            found = (after_for if strong else plain).search(text)
            if found and (best is None or found.start() < best[0]):
                best = (found.start(), topic)
        if best:
            return best[1]
    keys = {k for _, k in _tokens(question)}
    for topic in table()[0]:
        if topic.by_word and any(k in keys for w in topic.words for k in _keys_of(w.word, w.also)):
            return topic
    return None


def _kind(question: str) -> Optional[str]:
    """"synonyms" | "opposite" | "root" | "archaic", or None: the asking words, and what they ask about in the table."""
    text = " ".join(fold(question).split())
    if not text or len(text.split()) > MAX_WORDS or _VERSE_REF.search(text):
        return None
    if _found(_OPPOSITE, question) and _opposite_of(question) is not None:
        return "opposite"
    if _found(_ROOT, question) and _root_of(question) is not None:
        return "root"
    if _archaic_of(question) is not None:
        return "archaic"
    if _found(_SYNONYM, question) and _topic_of(text, question) is not None and _asks_many(question):
        return "synonyms"
    return None


_ONE_WORD = re.compile(r"(?<!\w)(?:the|a|an) (?:sanskrit |vedic |rigvedic |rig vedic |rig-vedic |rgvedic )?(?:word|term|name) for(?!\w)|"
                       r"(?<!\w)(?:la|una) palabra (?:para|de)(?!\w)|(?<!\w)(?:le|un) mot pour(?!\w)|"
                       r"(?<!\w)das wort fur(?!\w)")


def _asks_many(question: str) -> bool:
    """Words, not the one word: "the Sanskrit word for water" asks a translation (other readers answer it), unless
    the question also says "other"/"besides"."""
    text = " ".join(fold(question).split())
    return not _ONE_WORD.search(text) or bool(_found(_BESIDES, question)) or "other" in text


def _opposite_of(question: str) -> Optional[Tuple[Opposite, bool]]:
    """(the pair, whether the question names its second word): the table's word nearest after the asking word."""
    cue = _OPPOSITE.search(question.lower())
    start = cue.start() if cue else 0
    tokens = _tokens(question)
    best: Optional[Tuple[int, Opposite, bool]] = None
    for pair in table()[1]:
        for flipped, side in ((False, pair.word), (True, pair.opposite)):
            keys = set(_keys_of(side.word, side.also))
            for position, key in tokens:
                if key in keys:
                    rank = position - start if position >= start else 10_000 + position
                    if best is None or rank < best[0]:
                        best = (rank, pair, flipped)
    return (best[1], best[2]) if best else None


def _root_of(question: str) -> Optional[Root]:
    tokens = _tokens(_QUOTED.sub(lambda m: " " + m.group(1) + " ", question))
    cue = _ROOT.search(question.lower())
    start = cue.start() if cue else 0
    best: Optional[Tuple[int, Root]] = None
    for row in table()[2]:
        keys = set(_keys_of(row.word, row.also))
        for position, key in tokens:
            if key in keys:
                rank = abs(position - start)
                if best is None or rank < best[0]:
                    best = (rank, row)
    return best[1] if best else None


@lru_cache(maxsize=1)
def _archaic_patterns() -> Tuple[Tuple[Archaic, Pattern[str]], ...]:
    return tuple((row, re.compile(row.pattern, re.I)) for row in table()[3])


def _archaic_of(question: str) -> Optional[Archaic]:
    """Griffith's old word the question asks the sense of: named with a meaning question, and — for a word still
    in everyday use ("car", "steed") — quoted or with Griffith named."""
    text = " ".join(fold(question).split())
    if not _MEANING.search(text):
        return None
    quoted = " ".join(_QUOTED.findall(question))
    griffith = bool(_GRIFFITH.search(question))
    for row, pattern in _archaic_patterns():
        if pattern.search(quoted) or (pattern.search(question) and (griffith or not row.needs_griffith)):
            return row
    return None


def asks(question: str) -> bool:
    """Cheap: does the question ask for other words for a thing, a word's opposite or root, or a word of Griffith's?"""
    return bool(question) and _kind(question) is not None


# ---- the answer ----------------------------------------------------------------------------------------------

def _verse_holds(ref: str, forms: str, index: Any, searcher: Any) -> bool:
    """The verse is in the index and (when the padapāṭha is loaded) has the word: checked by code, every time."""
    if index.by_ref(ref) is None:
        return False
    padapatha = getattr(searcher, "padapatha", None)
    line = padapatha.line(ref) if padapatha is not None else None
    return line is None or padapatha_has(line, re.compile(forms))


def _checked(refs: Sequence[str], forms: str, index: Any, searcher: Any) -> List[str]:
    return [r for r in refs if _verse_holds(r, forms, index, searcher)]


def _besides(question: str, words: Sequence[LoreWord]) -> List[LoreWord]:
    """The words the reader already knows: those named within a few words after "besides"/"außer"/"के अलावा" (or,
    in Hindi, just before it). A word named elsewhere ("is there udaka in it?", the thing's own name in another
    script) is asked about, so it stays in the answer."""
    out: List[LoreWord] = []
    for text in dict.fromkeys([question.lower(), " ".join(fold(question).split())]):  # "além de", "के अलावा"
        spans: List[Tuple[int, int]] = []
        for found in _BESIDES.finditer(text):
            stop = re.search(r"[,;?!.(]|(?<!\w)(?:is|are|and|or|like|y|und|et|e|और)(?!\w)", text[found.end():])
            spans.append((found.end(), found.end() + min(40, stop.start() if stop else 40)))
            if not found.group(0).isascii():
                spans.append((max(0, found.start() - 30), found.start()))
        tokens = _tokens(text)
        for word in words:
            keys = set(_keys_of(word.word, word.also))
            if word not in out and any(key in keys and any(a <= position < b for a, b in spans)
                                       for position, key in tokens):
                out.append(word)
    return out


def _synonyms(question: str, index: Any, searcher: Any) -> Optional[FactAnswer]:
    text = " ".join(fold(question).split())
    topic = _topic_of(text, question)
    if topic is None:
        return None
    named = _besides(question, topic.words)
    rest = [w for w in topic.words if w not in named]
    shown: List[Tuple[LoreWord, str]] = []
    for word in rest:
        refs = _checked(word.refs, word.forms, index, searcher)
        if refs:
            shown.append((word, refs[0]))
    if not shown:
        return None
    head = shown[:SHOWN]
    but = f" besides *{'*, *'.join(w.word for w in named)}*" if named else ""
    body = (f"The RigVeda's words for {topic.label}{but} include "
            + ", ".join(f"*{w.word}*, “{w.gloss}” [RV {ref}]" for w, ref in head) + ".")
    others = [w.word for w, _ in shown[SHOWN:]]
    if others:
        body += f" Others: {', '.join('*' + o + '*' for o in others)}."
    body += (f" (The Nighaṇṭu, the oldest Vedic word-list, gathers such names; each word here is used in the "
             f"verse cited.)")
    refs = list(dict.fromkeys(ref for _, ref in head))
    return FactAnswer(kind="list", text=body, refs=refs[:10],
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))


def _opposite(question: str, index: Any, searcher: Any) -> Optional[FactAnswer]:
    found = _opposite_of(question)
    if found is None:
        return None
    pair, flipped = found
    asked, other = (pair.opposite, pair.word) if flipped else (pair.word, pair.opposite)
    other_refs = _checked(other.refs, other.forms, index, searcher)
    asked_refs = _checked(asked.refs, asked.forms, index, searcher)
    together = [r for r in pair.together
                if _verse_holds(r, pair.word.forms, index, searcher) and _verse_holds(r, pair.opposite.forms, index, searcher)]
    if not other_refs and not together:
        return None
    first = (together or other_refs)[0]
    body = f"The opposite of *{asked.word}* (“{asked.gloss}”) is *{other.word}*, “{other.gloss}” [RV {first}]."
    if together:
        body += f" The two stand together in RV {together[0]}."
    more = [r for r in other_refs + asked_refs if r not in (first,) + tuple(together[:1])]
    if more:
        body += f" See also " + ", ".join(f"[RV {r}]" for r in more[:2]) + "."
    refs = list(dict.fromkeys([first] + together[:1] + more[:2]))
    return FactAnswer(kind="list", text=body, refs=refs[:10],
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))


def _root(question: str, index: Any, searcher: Any) -> Optional[FactAnswer]:
    row = _root_of(question)
    if row is None:
        return None
    refs = _checked(row.refs, row.forms, index, searcher)
    if not refs:
        return None
    body = f"*{row.word}* comes from the root *{row.root}*, “{row.sense}” [RV {refs[0]}]."
    verb = _checked(row.root_refs, row.root_forms, index, searcher) if row.root_forms else []
    if verb:
        body += f" The root's own verb forms are used too, e.g. RV {verb[0]}."
    body += f" The word is used in {row.verses} verse{'s' if row.verses != 1 else ''} of the RigVeda."
    shown = list(dict.fromkeys(refs[:2] + verb[:1]))
    return FactAnswer(kind="list", text=body, refs=shown,
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in shown)))


def _snippet(text: str, found: "re.Match[str]", width: int = 70) -> str:
    """Griffith's words around the found word, cut at word boundaries."""
    start, end = max(0, found.start() - width), min(len(text), found.end() + width)
    while 0 < start < found.start() and not text[start - 1].isspace():
        start += 1
    while found.end() < end < len(text) and not text[end].isspace():
        end -= 1
    cut = text[start:end].strip()
    return ("…" if start else "") + cut + ("…" if end < len(text) else "")


def _archaic(question: str, index: Any) -> Optional[FactAnswer]:
    row = _archaic_of(question)
    verses = getattr(index, "verses", None)
    if row is None or not verses:
        return None
    pattern = re.compile(row.pattern)
    hymns = {f"{m}.{h}" for m, h in _HYMN_REF.findall(question)}
    found = [(v.ref, pattern.search(v.translation or "")) for v in verses]
    found = [(ref, hit, v) for (ref, hit), v in zip(found, verses) if hit]
    if not found:
        return None
    found.sort(key=lambda item: 0 if item[0].rsplit(".", 1)[0] in hymns else 1)
    shown = found[:2]
    quotes = "; ".join(f"RV {ref}: “{_snippet(v.translation, hit)}”" for ref, hit, v in shown)
    word = row.word
    body = (f"In Griffith's translation, “{word}” means {row.meaning} ({quotes}).")
    if row.sanskrit:
        body += f" The Sanskrit behind it is usually *{row.sanskrit}*."
    body += f" He uses it in {len(found)} verse{'s' if len(found) != 1 else ''}."
    refs = [ref for ref, _, _ in shown]
    return FactAnswer(kind="list", text=body, refs=refs,
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The opening names the words asked for, each with a verse that uses it; None when the question is not word
    lore of the table (the next readers go on)."""
    if index is None or not question:
        return None
    kind = _kind(question)
    if kind == "opposite":
        return _opposite(question, index, searcher)
    if kind == "root":
        return _root(question, index, searcher)
    if kind == "archaic":
        return _archaic(question, index)
    if kind == "synonyms":
        return _synonyms(question, index, searcher)
    return None
