"""What the RigVeda says about a theme or an idea, asked in any of the app's languages: "does the rigveda say the
hymns were revealed or made by the poets?", "¿qué dice el Rigveda sobre las deudas?", "verses on friendship",
"prayers for long life", "ऋग्वेद में अतिथि सत्कार".

Why a table: a theme is an idea, not a word of the verses. Searched by its words, "forgiving mistakes in the
ritual" found verses that share "ritual" and opened with them, or said no verse speaks of it, while the hymns
have verses every scholar cites for it (Agni mends what we ignorant men neglect, RV 10.2.4). Which verses answer a
theme is a reader's judgement, so it is data: ``pyapp/data/themes.json`` gives per theme the word stems readers
use for it (English, which the app's reading of a foreign question yields, and the stems of the other languages
and scripts as typed, for when that reading misses), one sentence that answers the question, and the key verses,
each read in the translation before it was listed (the tests check that every one is in the index).

The answer opens with the sentence and its verses cited, then quotes them in order. Questions that name a hymn or
a verse number, ask who someone is, ask what a word means or counts, or name a passage the named-passages table
frames are left to their own readers.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any, Dict, List, Optional, Tuple

from pydantic import BaseModel

from pyapp.agents.text import fold
from pyapp.data_tables import rows
from pyapp.facts import FactAnswer

__all__ = ["Theme", "themes", "theme_in", "asks", "answer"]

DATA_PATH = "data/themes.json"
LONG_POST_WORDS = 45  # a long post that names a theme on the way asks something else
CITED = 4  # verses cited after the opening sentence (the answer quotes the first three)


class Theme(BaseModel):
    """One theme of the table: its trigger stems per language, the sentence that answers it, its key verses."""

    id: str
    label: str
    gist: str
    refs: List[str]
    triggers: Dict[str, List[str]]
    sources: List[str] = []
    # a theme asked in a form the other readers own ("which god is the most powerful?": a superlative, a "which god"),
    # taken when the question holds it plainly (a trigger of several words, or two triggers)
    any_form: bool = False


@lru_cache(maxsize=1)
def themes() -> Tuple[Theme, ...]:
    """The table's themes; () when it cannot be read (the question then goes on to the other readers)."""
    return rows(DATA_PATH, "themes", Theme)


def _norm(text: str) -> str:
    """Folded (accents and combining marks gone, lower case: "Rigvéda" ~ "rigveda") and spaced once; the triggers
    are folded the same way, so a Devanagari stem keeps matching when its virama is dropped."""
    return " ".join(fold(unicodedata.normalize("NFC", text)).replace("’", "'").split())


def _part(raw: str) -> str:
    """One trigger part as a pattern: words in a row, the first a word's start ("forgiv" finds "forgiveness"); a
    part typed with a trailing space is a whole word ("re " is Italian's king, not every word starting "re"); a
    stem in a script whose vowel signs are not word letters (Devanagari) is found anywhere."""
    stem = _norm(raw)
    body = r"\W+".join(re.escape(w) for w in stem.split())
    if raw.endswith(" "):
        body += r"(?!\w)"
    return body if not re.search(r"[a-zа-яё]", stem) else r"(?<!\w)" + body


_LITTLE = {"the", "a", "an", "of", "la", "le", "el", "los", "las", "les", "der", "die", "das", "de", "du", "des", "il", "lo"}
_WORDS: Dict[Tuple[str, ...], int] = {}  # per trigger (its parts' patterns): how many words it names, "the" not counted


@lru_cache(maxsize=1)
def _patterns() -> Tuple[Tuple[Theme, Tuple[Tuple[Tuple["re.Pattern[str]", ...], int], ...]], ...]:
    """Per theme, per trigger: its parts ("a & b": every part somewhere in the question) and its weight (letters)."""
    out = []
    for theme in themes():
        triggers = {}  # one entry per pattern: a stem shared by two languages ("perdon") counts once
        for stems in theme.triggers.values():
            for trigger in stems:
                parts = tuple(_part(p.lstrip()) for p in trigger.split("&") if p.strip())
                if parts and parts not in triggers:
                    triggers[parts] = (tuple(re.compile(p) for p in parts), len(trigger.replace("&", "").strip()))
                    _WORDS[parts] = len([w for w in _norm(trigger.replace("&", " ")).split() if w not in _LITTLE])
        out.append((theme, tuple(triggers.values())))
    return tuple(out)


def theme_in(question: str) -> Optional[Theme]:
    """The theme whose triggers the question holds most of (a trigger in what the question asks about — after its
    last "say about", "sobre", "über" — counts three times: "… it's wrecking his marriage. Does the Rig Veda say
    anything about gambling?" asks about gambling; ties go to the trigger named first there), or None."""
    found = _best(question)
    return found[0] if found else None


def _plain(question: str) -> bool:
    """The question holds its theme plainly: two of the theme's triggers, or one trigger of two words or more
    ("if I were you", "hundred autumns"; "the Fathers" is one word)."""
    found = _best(question)
    if not found:
        return False
    if len(found[1]) >= 2:
        return True
    return any(_WORDS.get(tuple(p.pattern for p in parts), 1) >= 2 for parts, _ in found[1])


def _best(question: str) -> Optional[Tuple[Theme, List[Tuple[Tuple["re.Pattern[str]", ...], int]]]]:
    """The best theme and the triggers of it the question holds."""
    text = _norm(question)
    cues = list(_CUE.finditer(text))
    topic = text[cues[-1].start():] if cues else ""
    best: Optional[Tuple[Tuple[int, int, int, int], Theme, List[Any]]] = None
    for order, (theme, triggers) in enumerate(_patterns()):
        hits = [(parts, weight) for parts, weight in triggers if all(p.search(text) for p in parts)]
        if not hits:
            continue
        at: Dict[int, Tuple[Tuple["re.Pattern[str]", ...], int]] = {}
        for parts, weight in hits:  # two languages' stems of one word ("generos", "generosit") are one hit
            start = parts[0].search(text).start()
            if start not in at or weight > at[start][1]:
                at[start] = (parts, weight)
        hits = list(at.values())
        in_topic = [parts for parts, _ in hits if topic and all(p.search(topic) for p in parts)]
        score = len(hits) + 2 * len(in_topic)
        first = min((p.search(topic).start() for parts in in_topic for p in parts), default=len(topic))
        key = (score, -first, sum(w for _, w in hits), -order)
        if best is None or key > best[0]:
            best = (key, theme, hits)
    return (best[1], best[2]) if best else None


# the text or its verses must be what is asked about: "verses on friendship", "¿qué dice el Rigveda …?"
_ASKS_TEXT = re.compile(
    r"\b(?:verses?|hymns?|prayers?|mantras?|suktas?|richas?|passages?|stanzas?|versos?|versiculos?|himnos?|"
    r"orac\w*|hinos?|hymnes?|vers|versets?|prieres?|inni|preghier\w*|versi|strophe\w*|hymnen?|gebet\w*|"
    r"стих\w*|гимн\w*|молитв\w*|мантр\w*|veda|vedas|vedic|vedique|vedisch\w*|ведическ\w*|ved|sukt\w*)\b|"
    r"सूक्त|मंत्र|मन्त्र|ऋचा|श्लोक|वेद|प्रार्थना")
# what makes it a question about a theme: "what does it say about …", "is there a verse about …", "verses on …",
# "prayers for / against …", "does the RigVeda say that …", and the same asked in the other languages
_CUE = re.compile(
    r"\b(?:say|says|said|saying|teach\w*|tell|tells|speak\w*|talk\w*|think\w*|mention\w*|view\w*|ideas?|attitudes?|"
    r"portray\w*|depict\w*|treat\w*|regard\w*)\b(?:\s+\S+){0,3}?\s+(?:about|on|of|regarding|concerning|towards?|that)\b|"
    r"\b(?:does|do|did|is|are|was|were) (?:the )?(?:rig\s?veda|rgveda|vedas?|hymns?|poets?|seers?|rishis?|gods?)\b|"
    r"\b(?:is|are) there (?:a |an |any )?(?:verses?|hymns?|prayers?|mantras?|suktas?|mention|references?|passages?|idea|concept|notion)\b|"
    r"\b(?:is|are) there (?:a |an |any )?\w+(?: \w+)? in (?:the )?(?:rig\s?veda|rgveda|vedas?|hymns?)\b|"
    r"\b(?:verses?|hymns?|prayers?|mantras?|suktas?|passages?|charms?|spells?|lines?) (?:about|on|for|against|of|regarding|concerning|to (?:bless|ask|pray))\b|"
    r"\bwhat (?:is|was) the (?:rig\s?veda'?s?|vedic|hymns'?) (?:view|idea|attitude|teaching|position)|"
    r"\b(?:que|qu'est-ce que|o que|cosa|che cosa) (?:\S+ ){0,3}?(?:dicen?|dizem|diz|dit|disent|dicono)\b|\b(?:dicen?|dizem|diz|dit|disent|dicono) (?:que|algo|sobre|de)\b|"
    r"\b(?:habla|fala|parle|parla)\w* (?:\S+ )?(?:de|del|dos|das|do|da|des|du|di|della|dei|delle|sobre)\b|\bsobre\b|\bacerca\b|"
    r"\b(?:versos?|himnos?|oracion\w*|plegarias?|hinos?|orac\w*|preces?|versets?|hymnes?|prieres?|versi|inni|preghiere|"
    r"verse|hymnen|gebete?) (?:de|sobre|para|contra|sur|pour|contre|su|sul|sulla|per|uber|zu|fur|gegen)\b|"
    r"\bhay (?:algun|un|una|versos?|himnos?)\b|\bha (?:algum|um|uma|versos?|hinos?)\b|\by a-t-il\b|\bc'e\b|\bci sono\b|"
    r"\bau sujet\b|\briguardo\b|\bwas sagt\b|\bsagt (?:der|die|das)\b|\buber\b|\bgibt es\b|"
    r"что (?:\S+ )?говорит|говорит\w*|(?:^|\s)(?:о|об|про)\s|есть ли|"
    r"^\W*क्या\s|के बारे में|क्या कह|वर्णन|उल्लेख|ke ba+re|kya ka?he?h?(?:a|ta|ti)|\bvarnan\b|\bullekh\b|"
    r"मंत्र|सूक्त|प्रार्थना|\bmantra\b|\bsukta?\b")
# questions other readers answer better: a verse number or hymn named by number, who someone is, what a word means,
# counts, firsts, comparisons, a word asked for, one verse's whereabouts ("which verse mentions the Kīkaṭas' cows?")
_OTHER = re.compile(
    r"\b\d+\s*[.:,/]\s*\d+\b|\b(?:hymn|sukta|mandala|book|verse|mantra)\s+(?:no\.?\s*)?\d+|\b\d+(?:st|nd|rd|th)\s+(?:mandala|book|hymn)|"
    r"^\W*(?:who|whom|whose|when)\b|\bwho (?:is|was|are|were)\b|\bwhich (?:god|gods|goddess|deity|deities|seer|rishi|poet|mandala|book)\b|"
    r"\b(?:this|that|the same) (?:verse|hymn|mantra|sukta)\b|"
    r"\bmandal\w*|\bbook (?:one|two|three|four|five|six|seven|eight|nine|ten)\b|\bcalled\b|\bsummar\w*|"
    r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|next|previous) (?:verse|hymn|stanza|line|mantra)\b|"
    r"\b(?:cards?|captions?|tattoos?|greetings?|birthday|invitations?|instagram|whatsapp|photo|poster|banner|t-?shirt)\b|"
    r"\b\w{2,}asya\b|\buse the (?:word|term)\b|\bscien\w*|\bcycle\b|\bmodern\b|\bphysics\b|\bevaporat\w*|"
    r"\b(?:shortest|longest|oldest|earliest|latest|best|worst|saddest|happiest|most|least|favou?rite|famous)\b|"
    r"\b(?:what|which) words?\b|\bwords? (?:does|do|is|are) (?:the )?(?:rig\s?veda|hymns?) use|"
    r"\b(?:should i|can i|will (?:my|i)|suggest|recommend|predict\w*|dosage|remedy|lottery|horoscope|astrolog\w*)\b|"

    r"\bmean(?:s|ing)?\b|\btranslat\w*|\betymolog\w*|\broot of\b|\bverse number\b|\bsource\b|"
    r"\bwhat (?:colou?r|animals?|weapons?|kind|type|sort)\b|"
    r"\b(?:sanskrit|vedic)? ?(?:word|words|term|terms|name|names) (?:for|of)\b|\bhow many\b|\bhow often\b|\bfirst (?:mention|time|verse|hymn)\b|"
    r"\bcompar\w*|\bdiffer\w*|\bvs\.?\b|\bversus\b|\bolder\b|\bdate\b|\bwhat year\b|\bmetre\b|\bmeter\b|"
    r"\bopposite\b|\bsynonym\w*|\bantonym\w*|\binsult\w*|\brhym\w*|\bquiz\b|\bcrossword\b|\bpoem\b|\bwrite (?:me )?(?:a|an)\b|\bcompose (?:me )?(?:a|an)\b")
# a mantra to recite or chant for a rite is the practices table's question (``pyapp.reading.practice``)
_RECITED = re.compile(r"\b(?:recit\w*|chant\w*|sung|sing|singing|perform\w*|japa|108 times)\b")
# one verse asked for — "where is it?", "which verse says …?", a line quoted: taken only when the question holds the
# theme plainly (two of its triggers, or one of several words: "if I were you", "se eu fosse"), for then the theme's
# verses are the ones asked for; else a quotation or a verse about something else is left to its readers
_LOCATE = re.compile(
    r"\bwhich (?:(?:rig\s?veda|rgveda|vedic) )?(?:hymns?|verses?|mantras?|suktas?|stanzas?|lines?|richas?)\b"
    r"(?! (?:speak|talk|deal)\w* (?:about|of|on|with)\b| are about\b)|"
    r"\bwhere\b|\bdonde\b|\bonde\b|\bdove\b|\bwo\b|где|कहाँ|कहां|\bkaha[nm]\b|"
    r"\b(?:qual|quale|cual|quel|quelle|welche[rs]?|какой|какие|в каком) (?:verso|versos|versiculo|verset|vers|verse|versi|"
    r"hino|himno|inno|hymne|гимн\w*|стих\w*)\b|कौन सा|कौनसा|\bkaun sa\b")
_QUOTED = re.compile(r"[\"“”«»„][^\"“”«»„]{12,}[\"“”«»]|(?:^|\s)'[^']{12,}'")


def _asked(question: str) -> bool:
    """A theme question: it names the text or its verses, asks what they say of something (:data:`_CUE`), and asks
    none of what :data:`_OTHER` leaves to other readers."""
    text = _norm(question)
    if len(question.split()) > LONG_POST_WORDS or "#" in question:
        return False
    if _OTHER.search(text) or not (_CUE.search(text) or _LOCATE.search(text)):
        return False
    if (_QUOTED.search(question) or _LOCATE.search(text)) and not _plain(question):
        return False
    from pyapp.reading.text_named import text_named

    if not (_ASKS_TEXT.search(text) or text_named(question).any):
        return False
    return not _RECITED.search(text)  # "which mantra is chanted for …": the practices table's question


@lru_cache(maxsize=1)
def _gods() -> Tuple[Tuple[str, "re.Pattern[str]"], ...]:
    """Per god of the table: its stem in the index's deity field and a pattern of the names readers give it."""
    from pyapp.data_tables import table

    out = []
    for stem, names in (table(DATA_PATH, {}).get("gods") or {}).items():
        alternatives = "|".join(re.escape(_norm(n)) for n in names if n.strip())
        if alternatives:
            out.append((_norm(stem), re.compile(r"(?<!\w)(?:" + alternatives + r")(?:'?s)?(?!\w)")))
    return tuple(out)


def _about_another_god(question: str, refs: List[str], index: Any) -> bool:
    """The question names a god none of the theme's verses is addressed to: it asks about that god ("does the
    RigVeda say Agni loved the flesh of cows?"), not about the theme."""
    text = _norm(question)
    named = [stem for stem, pattern in _gods() if pattern.search(text)]
    if not named:
        return False
    deities = " ".join(_norm(getattr(index.by_ref(r), "deity", "") or "") for r in refs)
    return not any(stem in deities for stem in named)


def _names_a_passage(question: str) -> bool:
    """A passage of the named-passages table (the Nāsadīya, "ekam sat", the afterlife) keeps its own framing."""
    from pyapp.reading.named import find_named

    try:
        return bool(find_named(question))
    except Exception:  # an unreadable table leaves the theme reading in charge
        return False


_NAMED_REF = re.compile(r"\b(\d+\.\d+\.\d+)\b(?![–-]\d)")


def _refs_named(text: str) -> List[str]:
    """The verses the sentence already names one by one ("RV 1.130.6, 5.2.11"), which the citation check turns into
    citations: not cited twice. A range ("RV 10.2.4–5") is not a citation, so its verses are cited after it."""
    return _NAMED_REF.findall(text)


def asks(question: str) -> bool:
    """Cheap: does the question name a theme of the table and ask what the text says of it?"""
    if not question:
        return False
    theme = theme_in(question)
    if theme is None:
        return False
    if theme.any_form and _plain(question) and len(question.split()) <= LONG_POST_WORDS \
            and not _RECITED.search(_norm(question)) and not any(p.search(_norm(question)) for _, p in _gods()):
        return True  # (a question naming a god asks about that god: "was Varuṇa greater than Indra?")
    return _asked(question)


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The theme's answering sentence with its verses cited, the verses quoted below; None for other questions."""
    if index is None or not asks(question) or _names_a_passage(question):
        return None
    theme = theme_in(question)
    if theme is None:
        return None
    refs: List[str] = [r for r in dict.fromkeys(theme.refs) if index.by_ref(r) is not None]
    if not refs or _about_another_god(question, refs, index):
        return None
    named = _refs_named(theme.gist)
    cites = " ".join(f"[RV {r}]" for r in refs[:CITED] if r not in named)
    text = f"{theme.gist.rstrip()} {cites}".strip()
    return FactAnswer(kind="list", text=text, refs=refs[:10],
                      subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))
