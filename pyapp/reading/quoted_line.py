"""A line quoted from memory and asked for: "Where exactly does it say 'darkness was hidden by darkness'?",
"¿Dónde está la frase «la verdad es una…»?", "which verse says that the waters are our mothers?".

Why a reader of its own: a reader quotes a verse as they remember it (a paraphrase of Griffith, another
translator's words, a line in their own language) and asks where it is. Read as an ordinary question, the
quote's words were searched as topics ("No verse speaks directly of exactamente, frase and muchos") or a
topic table took over. This reader only says *that* a line is quoted and asked for, and which words are
the line: any pair of quotation marks of any language ('…' "…" “…” ‘…’ «…» „…“ 「…」 『…』), or the words after
"where does it say" / "which verse says". ``pyapp.agents.quoted_line`` then finds the verse.

A line is taken only when it is a clause (four words or more) and the question around it asks where it is
(where, which verse / hymn / maṇḍala, the exact reference, "is this in the Rigveda", "a verse saying"), in
English or another language; a question that already names a verse number is left to the reference readers,
and a romanised or Devanagari Sanskrit line to the incipit and quotation readers.
"""
from __future__ import annotations

import re
from typing import List, Optional

from pydantic import BaseModel

__all__ = ["QuotedLine", "read", "spans"]

MIN_WORDS = 4  # a quoted line is a clause; "soma pressing stones" is a topic in quotes, not a line

# opening mark → closing marks; a straight apostrophe opens only where no letter is before it (not "Agni's")
_PAIRS = [
    (r"(?<![^\W\d_])'", r"'(?![^\W\d_])"), ('"', '"'), ("“", "”|“"), ("‘", "’"), ("«", "»"), ("»", "«"),
    ("„", "“|”"), ("「", "」"), ("『", "』"), ("‹", "›"),
]
_QUOTED = [re.compile(f"(?:{o})\\s*([^\"“”«»„「」『』‹›]{{8,400}}?)\\s*(?:{c})") for o, c in _PAIRS]
# "where does it say that …", "which verse says …": the line follows the cue unquoted
_CLAUSE = re.compile(r"\b(?:where (?:in the rig ?veda |in the rigveda )?(?:does|do) (?:it|the (?:rig ?veda|hymns?|verse)) "
                     r"(?:say|says|state|mention)|which (?:verse|hymn|mantra|sukta|sūkta|stanza|line|rik|ṛc) "
                     r"(?:says|said|states|tells|goes))\s*(?:that\s+|,\s*)?(?P<line>[^?]{12,300})", re.I)
# the question asks where the line is (any of the languages readers write; lower-cased text)
_WHERE = re.compile(
    r"\b(?:which|what) (?:exact |exactly |particular |specific )?(?:verse|hymn|mandala|maṇḍala|sukta|sūkta|mantra|book|"
    r"stanza|line|rik|reference|chapter|part)|\bwhere\b|exact (?:reference|verse|location|source|hymn|place)|"
    r"\breference\b|\bsource\b|\bcitation\b|\bcite\b|\b(?:verse|hymn|mantra|sukta|sūkta|rik)s?\s*(?:no\.?|num(?:ber)?|#)?\s*\?+\s*$|"
    r"\bverse (?:no\b|num(?:ber)?\b|#)|is (?:this|that|it) (?:in |from |really |actually )?(?:the )?rig ?veda|"
    r"\bis this (?:rig ?veda|vedic|from)|\b(?:a|the) (?:verse|hymn|line|mantra|stanza) (?:saying|says|that says)|"
    r"\bmandala\b|\bsukta\b|\bdónde\b|\bcuál\b|\bqué (?:verso|himno|mandala)|\bonde\b|\bqual\b|"
    r"\bdove\b|\bquale\b|\boù\b|\bquel(?:le)? (?:vers|hymne|livre|mandala)|\bwo\b|\bwelche[srmn]? (?:vers|hymnus|"
    r"buch|lied|strophe)|\bгде\b|\bкакой (?:гимн|стих)|\bkde\b|\bgdzie\b|\bwaar\b|\bnerede\b|कहाँ|कहां|कौन सा|"
    r"कौनसा|কোথায়|எங்கே|ఎక్కడ|ಎಲ್ಲಿ|どこ|哪里|哪裡|어디", re.I)
# the question asks something else of the line (the verse after it, its Sanskrit, its seer, its meaning, who a
# riddle means, who speaks it, which hymns repeat it): the readers of those tasks answer them
_OTHER_TASK = re.compile(r"\b(?:after|before|next|previous|follows?|following|preced\w*|sanskrit|devanagari|original|"
                         r"mean|meaning|means|explain\w*|compos\w*|seer|rishi|ṛṣi|poet|author|metre|meter|deity|"
                         r"addressed|translat\w*|word by word|grammar|riddle|which (?:god|goddess|deity)|who is (?:this|he|she|it)|speak\w*|speaker|who says|who said|"
                         r"repeat\w*|refrain|ends? with|end of|begins?|starts?|opens?|which (?:verses|hymns|mantras))\b|"
                         r"^\W*what (?:is|are|was) (?:the |a |an )?['\"“‘«]", re.I)
# the words of a "where is it?" question itself: any other word of the question outside the line is its own subject
_CUE_WORDS = frozenset("""
where whereabouts exactly exact which what whats where's is it this that the a an in of from and or rig veda vedas rigveda
rigved rv mandala mandalas maṇḍala sukta suktas sūkta hymn hymns verse verses stanza line lines number numbers reference
references say says said does do did quote quoted quotes quoting give me please pls plz can could you tell find i my to
read saying mantra book source cite citation really actually in there here located location place where come comes are
was be ok okay want need know for our us exactly? sure even everyone
""".split())
MAX_REST = 5  # words of the question's own beyond the cue: more, and the quote is a detail of a described hymn
_REFERENCE = re.compile(r"\b\d{1,2}\s*[.:/]\s*\d{1,3}|\b(?:hymn|mandala|maṇḍala|book|sukta|sūkta|verse)\s+\d", re.I)
_INDIC = re.compile("[\u0900-\u0dff]")  # Devanagari to Sinhala: a line in them is a mantra
_FUNCTION = frozenset("""about with for not but all his her its who whom how why when then than they them their was were has have
had will would shall should may might let can one any some into onto upon over under been being very just also only""".split())
_IAST = re.compile("[āīūṛṝḷṃṁḥṅñṭḍṇśṣ]")
_LETTERS = re.compile(r"[^\W\d_]+")
_UNSPACED = re.compile("[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")  # kana, Han, Hangul, Thai


# an attribution inside the quotation marks ("'the rigveda says riches roll …'", "'the vedas teach that …'"): not
# words of the line, which no verse has
_SAYS = re.compile(r"^\s*(?:the\s+)?(?:rig\s?veda|rg\s?veda|ṛgveda|vedas?|hymns?|scriptures?|it)\s+"
                   r"(?:says?|said|teach(?:es)?|tells?|states?|declares?)\s*(?:that\s+|:\s*|,\s*)?", re.I)


def _words(line: str) -> int:
    """How many words a line has; a script written without spaces counts one word per two letters."""
    unspaced = len(_UNSPACED.findall(line))
    return len(_LETTERS.findall(_UNSPACED.sub(" ", line))) + unspaced // 2


class QuotedLine(BaseModel):
    """The line the reader quotes and the question around it."""

    line: str
    rest: str  # the question without the line (its cue words)
    language: str = "en"  # the question's language (``pyapp.reading.language``): the line's, and its translation's
    alone: bool = False  # the question asks nothing but where the line is (no words of its own beyond the cue)


def spans(text: str) -> List[str]:
    """Every quoted span of ``text`` in reading order (any language's quotation marks)."""
    found = []
    for pattern in _QUOTED:
        for match in pattern.finditer(text or ""):
            found.append((match.start(1), match.group(1).strip(" ,.;:!?…-—")))
    seen, out = set(), []
    for _, span in sorted(found):
        if span and span not in seen:
            seen.add(span)
            out.append(span)
    return out


def _sanskrit(line: str) -> bool:
    """A Sanskrit line (in an Indic script, or romanised with its diacritics): the incipit and quotation readers'
    task."""
    if _INDIC.search(line):
        return True
    words = _LETTERS.findall(line.lower())
    return bool(words) and sum(1 for w in words if _IAST.search(w)) * 2 >= len(words)


def read(text: str) -> Optional[QuotedLine]:
    """The line a question quotes and asks the place of, with the question's language, or None (see the module
    docstring)."""
    found = _read(text)
    if found is None:
        return None
    from pyapp.reading.language import detect

    found.language = detect(text).code
    rest = [w for w in _LETTERS.findall(found.rest.lower())]
    if found.language == "en":
        own = [w for w in rest if len(w) > 2 and w not in _CUE_WORDS and w not in _FUNCTION]
        if len(own) > MAX_REST:
            return None  # "Which hymn describes … and tells the horse '…'?": the description leads
        found.alone = not own
    elif len(rest) > 3 * MAX_REST:
        return None
    return found


def _read(text: str) -> Optional[QuotedLine]:
    text = (text or "").strip()
    if not text or _REFERENCE.search(text):
        return None
    candidates = [s for s in spans(text) if _words(s) >= MIN_WORDS and not _sanskrit(s)]
    if not candidates:
        clause = _CLAUSE.search(text)
        if clause is None:
            return None
        line = clause.group("line").strip(" ,.;:!?…-—'\"")
        if _words(line) < MIN_WORDS or _sanskrit(line) or _OTHER_TASK.search(text[:clause.start("line")]):
            return None
        return QuotedLine(line=line, rest=text[:clause.start("line")])
    line = max(candidates, key=_words)
    rest = text.replace(line, " ")
    if not _WHERE.search(rest.lower()) or _OTHER_TASK.search(rest):
        return None
    said = _SAYS.match(line)
    if said and _words(line[said.end():]) >= MIN_WORDS:  # "'the rigveda says riches roll …'": the claim is the line
        rest, line = rest + " " + said.group(0), line[said.end():]
    return QuotedLine(line=line, rest=rest)
