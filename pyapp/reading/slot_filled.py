"""The slot a question asks to have filled, read by its form, and whether an answer's opening fills it:
for the answer's confidence (``agents.confidence``).

Why: the answers the confidence scored highest while wrong were fluent fillers from the right verses —
the answer cites plausible verses, but its first sentence does not answer the slot that was asked
(a yes/no question answered with a passage's description, "what type of priest…" answered with a hymn
read as the title, "what is the name of…" answered with a list of the hymns that speak of it). The
slot is read from the question's *form* only (the question word and what follows it), never from a
particular question, and the filler from the answer's opening clause, after the app's own overview
wordings, the hymns' descriptions in parentheses and the references are taken out (they name where,
not what). Questions in other languages are read through their English reading (the turn's
"Read as …" note), so one set of English patterns serves them.

Slots: ``yes_no`` (is / does / did / was it… : a yes, a no, a "not"), ``number`` (how many / how much),
``verse`` (which verse / hymn / maṇḍala, where in the text: a reference), ``person`` (who / whom /
which god…: a name the question does not give), ``name`` (what is the name of, what is called, what
word, what type of, what animal, a blank to fill: a word the question does not give), ``meaning``
(what does X mean, the meaning or significance of X: a gloss), or ``""`` (any other form: nothing to check).
"""
from __future__ import annotations

import re
from typing import Optional, Sequence

_AUX = r"(?:is|are|was|were|do|does|did|can|could|has|have|had|should|will|would|may|must)"
# a question that asks for yes or no: "Did Indra…?", "Is it true that…", "Were A and B the same?", "… or not?"
_YES_NO = re.compile(rf"^\W*(?:(?:and|so|but|then)\s+)?{_AUX}\s+(?!(?:the\s+)?(?:name|names)\b)\w"
                     r"|\bis\s+it\s+(?:true|correct|right|false)\b|\bor\s+not\s*\??\s*$", re.I)
_NUMBER = re.compile(r"^\W*(?:(?:and|so|then)\s+)?how\s+(?:many|much|often)\b|\bthe\s+number\s+of\b", re.I)
_VERSE = re.compile(r"\b(?:which|what|in\s+which|in\s+what)\s+(?:(?!(?:is|are|was|were|does|do|did)\b)\w+\s+)?(?:verses?|hymns?|s[uū]ktas?|mantras?|"
                    r"ma[nṇ][dḍ]alas?|books?|stanzas?|ṛcs?|richas?)\b(?!\s+(?:is|are|was|were)\s+(?:it|this|that)\b)"
                    r"|\bwhere\s+(?:in\s+the\s+(?:rig\s*veda|rigveda|ṛgveda|hymns|text)|(?:is|are|was|were|does|do)\b"
                    r"[^?]{0,60}\b(?:mentioned|named|found|said|described|told|praised|spoken\s+of))", re.I)
# "Who is Agni?", "Who are the Maruts?", "Who were Mitra and Varuṇa?": who someone is, a description, not a filler
_IDENTITY = re.compile(r"^\W*who\s+(?:is|are|was|were)\s+(?:the\s+|a\s+|an\s+)?[\w'’-]+(?:\s+and\s+(?:the\s+)?[\w'’-]+)?"
                       r"(?:\s+in\s+the\s+[\w -]{1,20})?\s*\??\s*$", re.I)
_PERSON = re.compile(r"^\W*(?:(?:and|so|then)\s+)?(?:who|whom|whose)\b"
                     r"|^\W*(?:(?:and|so|then)\s+)?(?:which|what)\s+(?:\w+\s+)?(?:gods?|goddess(?:es)?|deit(?:y|ies)|"
                     r"seers?|sages?|poets?|ṛṣis?|rishis?|kings?|demons?|priests?|heroes|hero|tribes?|persons?)\b", re.I)
_NAME = re.compile(r"\bwhat\s+(?:is|are|was|were)\s+(?:the\s+)?names?\s+of\b|\bwhat\s+(?:is|are|was|were)\s+"
                   r"(?:called|known\s+as|thought\s+of\s+as|regarded\s+as|named)\b|\bwhat\s+(?:\w+\s+){0,2}(?:is|are|was|were)\s+"
                   r"(?:called|named|known\s+as)\b|\bwhat\s+(?:sanskrit\s+)?(?:word|term)\b|\b(?:what|which)\s+(?:type|kind|sort)"
                   r"\s+of\b|\b(?:what|which)\s+(?:animals?|birds?|creatures?|beasts?|weapons?|plants?|trees?|rivers?)\b"
                   r"|_{3,}", re.I)
_MEANING = re.compile(r"\bwhat\s+(?:does|do|did)\b.{1,60}\bmean\b|\bmeaning\s+of\b|\bwhat\s+is\s+meant\s+by\b"
                      r"|\bsignifican(?:ce|t)\b|\bwhat\s+(?:is|are)\s+(?:a\s+|an\s+)?[\w'’-]+\s*\??\s*$", re.I)

# the openings the app writes when it found where a subject is spoken of, not what answers the question
# (``agents.compose`` and the term, deity and named-title steps): their words say nothing of the filler
_BOILERPLATE = re.compile(r"the\s+rigveda\s+speaks\s+(?:to\s+this|of\s+[^.:]{1,60}?)\s+most\s+directly\s+in|\bin\s+the\s+rigveda\b"
                          r"|is\s+a\s+sanskrit\s+word\s+of\s+the\s+hymns|hymns?\s+(?:is|are)\s+addressed\s+mainly\s+to|\b(?:is|are)\s+addressed\s+in\b"
                          r"|the\s+key\s+verses\s+say|the\s+title\s+[“\"][^”\"]*[”\"]\s+was\s+read\s+as|\bthe\s+closest\s+match\s+found\b"
                          r"|\bthe\s+hymn\s+whose\s+own\s+description\s+and\s+words\s+match\s+it\s+best\b"
                          r"|\b(?:no|none\s+of\s+the)\s+verses?\b[^.:]*|\bthe\s+closest\s+(?:the\s+rigveda\s+comes|verses)\b[^.:]*", re.I)
_WEAK = re.compile(r"^\W*(?:no\s+verse|none\s+of\s+the\s+verses|the\s+verses\s+found\s+do\s+not|sorry|not\s+enough)", re.I)
_REFS = re.compile(r"\[?\b(?:RV|ṚV)\s+\d{1,2}(?:\.\d{1,3}){1,2}(?:[–-]\d{1,3})?\]?|\b\d{1,2}\.\d{1,3}(?:\.\d{1,3})?\b")
_HAS_REF = re.compile(r"\b(?:RV|ṚV)\s+\d{1,2}\.\d{1,3}|\b(?:10|[1-9])\.\d{1,3}\b|\bma[nṇ][dḍ]ala\s+\d|\bbook\s+\d|"
                      r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(?:ma[nṇ][dḍ]ala|book)", re.I)
_YES_NO_WORDS = re.compile(r"\b(?:yes|no|not|never|nowhere|none|nothing|neither|nor|true|false|only|indeed|rather|"
                           r"both|same|different)\b|n't\b", re.I)
_NUMBER_WORDS = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                           r"forty|fifty|hundred|thousand|no|none|once|twice|thrice|single|dozen)\b", re.I)
_GLOSS = re.compile(r"\bmeans?\b|\bmeaning\b|\brefers?\s+to\b|\bdenotes?\b|\bstands?\s+for\b|\bsignif(?:y|ies)\b|"
                    r"[‘'“\"][^’'”\"]{2,40}[’'”\"]|\bis\s+(?:a|an|the)\b|\bare\s+(?:the)\b|\bwas\s+(?:a|an|the)\b|\bword\s+for\b", re.I)
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_NAMEISH = re.compile(r"^[A-ZĀĪŪṚṜḶṄÑṬḌṆŚṢḤṀ]|[āīūṛṝḷṅñṭḍṇśṣḥṃ]")
# words an opening uses around its filler, never a filler themselves
_FRAME = frozenset("""
the a an of in on to for by with and or from into as at is are was were be been being it its this that these those
there their his her him he she they them which who whom whose what where when how why here also so not no yes rv
hymn hymns verse verses rigveda veda vedas vedic speaks speak said says say key name named names called call word
words sanskrit god gods goddess deity deities one ones has have had do does did most mainly directly mentioned
read match best closest found many more some all each other both addressed seer seers poet according anukramaṇī
""".split())


def _norm(word: str) -> str:
    """A word reduced for comparison with the question's words ("Maruts" → "marut", "pressed" → "press")."""
    w = re.sub(r"['’]s$", "", word.lower())
    for end in ("ing", "ed", "es", "s"):
        if len(w) > len(end) + 3 and w.endswith(end):
            return w[: -len(end)]
    return w


_FRAME_KEYS = frozenset(_norm(w) for w in _FRAME)


def asked_slot(question: str) -> str:
    """The slot the question's form asks for: yes_no, number, verse, person, name, meaning, or ""."""
    q = " ".join((question or "").split())
    if not q:
        return ""
    if _NUMBER.search(q):
        return "number"
    if _VERSE.search(q):
        return "verse"
    if _NAME.search(q):
        return "name"
    if _PERSON.search(q) and not _IDENTITY.search(q):
        return "person"
    if _MEANING.search(q):
        return "meaning"
    if _YES_NO.search(q):
        return "yes_no"
    return ""


def opening(answer: str) -> str:
    """The answer's opening clause, without the app's overview wordings: up to its first quotation,
    bracketed citation, list or sentence end, after a named passage's title ("“Keśin” (RV 10.136): …",
    "The Puruṣa Sūkta (RV 10.90): …" open with what follows the colon)."""
    text = (answer or "").strip()
    head = text.split(":", 1)[0]
    if ":" in text[:160] and len(head) <= 100 and not re.search(r"[.!?]\s", head) \
            and (text[:1] in "“\"" or re.search(r"[(\[]RV\s+\d", head)):
        text = text.split(":", 1)[1].strip()  # a passage's title and reference, then what it says
    text = _BOILERPLATE.sub(" ", text)
    return re.split(r"[“\"\[]|(?<=[.!?:;])\s|\n|\s[-–—]\s", text.strip(), maxsplit=1)[0]


def _first_sentence(answer: str) -> str:
    return re.split(r"(?<=[.!?])\s|\n", (answer or "").strip(), maxsplit=1)[0]


def fresh_words(lead: str, question: str) -> list:
    """The opening's words the question does not contain, without the hymns' descriptions in parentheses,
    references and framing words: the candidate fillers."""
    text = re.sub(r"\([^)]*\)", " ", lead)
    text = _REFS.sub(" ", text)
    given = {_norm(w) for w in _WORD.findall(question or "")}
    out = []
    for word in _WORD.findall(text):
        key = _norm(word)
        if len(key) < 3 or key in _FRAME_KEYS or word.lower() in _FRAME or key in given or any(key[:5] == g[:5] for g in given if len(g) >= 5):
            continue
        out.append(word)
    return out


def slot_filled(question: str, answer: str, slot: Optional[str] = None) -> float:
    """1.0 when the answer's opening carries what the question's slot asks for (or the question asks
    for no slot), 0.0 when it carries none of it."""
    slot = asked_slot(question) if slot is None else slot
    if not slot:
        return 1.0
    if _WEAK.search(answer or ""):
        return 0.0  # "No verse speaks directly of …": whatever the slot, the opening says it is not filled
    lead = opening(answer)
    if slot == "yes_no":
        return 1.0 if _YES_NO_WORDS.search(lead) else 0.0
    if slot == "number":
        return 1.0 if _NUMBER_WORDS.search(_REFS.sub(" ", lead)) else 0.0
    if slot == "verse":  # the reference may stand in the citation that ends the opening sentence
        return 1.0 if _HAS_REF.search(_first_sentence(answer)) else 0.0
    fresh = fresh_words(lead, question)
    if slot == "person":
        return 1.0 if any(_NAMEISH.search(w) for w in fresh) else 0.0
    if slot == "meaning":
        return 1.0 if _GLOSS.search(lead) and fresh else 0.0
    return 1.0 if fresh else 0.0  # name: any word the question did not give


def english_reading(typed: str, question: str, notes: Sequence[str] = ()) -> str:
    """The question in English as the turn read it: the "Read as <language>: “…”" note when there is one
    (a question in another language answered by a path that keeps the typed text), else the question."""
    for note in notes or ():
        match = re.match(r"^Read as [A-Z][\w -]*: “(.+)”\s*$", note or "")
        if match:
            return match.group(1)
    return question or typed


__all__ = ["asked_slot", "english_reading", "fresh_words", "opening", "slot_filled"]
