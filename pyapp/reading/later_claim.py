"""A later text's or teacher's claim, checked against the RigVeda: the frame taken off.

"The Purāṇas say Indra killed Vṛtra with the foam of the sea. Does the Rigveda say anything about
foam?", "Tilak argued … because the Rigveda speaks of many days of dawn before the sun rose. Which
verse is he talking about?", "In later Hinduism Yama is the fearsome judge … Who is Yama in the
Rigveda itself?": the first sentence attributes a claim (to a book, a teacher, a magazine, "later
Hinduism", "I read that …"), the last asks what the hymns themselves say. Searched as typed, the
frame's words (Purāṇas, Tilak, magazine, Hinduism) pull the search away, or make the question look
like one about another scripture. Read here: the claim (what it says, without who says it) and the
question; when the question is self-contained ("Who is Yama in the Rigveda?") it is asked alone,
when it only points back ("Is that in the Rigveda?", "Which verse is he talking about?") the claim
is asked about instead.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from pydantic import BaseModel

_SAYER = (r"(?:says?|said|claims?|claimed|argues?|argued|taught|teaches|writes?|wrote|holds?|held|believes?|believed|"
          r"states?|stated|tells?|told|maintains?|maintained|asserts?|asserted|insists?|insisted|proves?|suggests?|"
          r"makes?|made|explains?|explained|describes?|described|treats?|treated|interprets?)"
          r"(?:\s+(?:me|us|him|her|them))?")
#: later texts and traditions a claim is attributed to ("In the Purāṇas, …", "In later Hinduism …")
_LATER = (r"(?:later|classical|modern|popular|post-?vedic|puranic|purāṇic|epic|medieval|today's)\b[\w'’ -]{0,30}?|"
          r"the\s+(?:puranas|purāṇas|epics?|mahabharata|mahābhārata|ramayana|rāmāyaṇa|upanishads|upaniṣads|brahmanas|"
          r"brāhmaṇas|gita|bhagavad\s*gita|smritis|smṛtis|tantras|vedanta|vedānta|nirukta|puranic\s+stories)")
_FRAMES = [
    re.compile(r"^\s*(?:i|we)\s+(?:have\s+)?(?:read|heard|was told|learned|learnt|saw)\s+(?:somewhere\s+|online\s+)?"
               r"(?:that\s+|about\s+|of\s+)?(?P<claim>.+)$", re.I),
    re.compile(r"^\s*(?:it is|it's)\s+(?:often\s+|commonly\s+|widely\s+)?(?:said|claimed|believed|taught)\s+(?:that\s+)?"
               r"(?P<claim>.+)$", re.I),
    re.compile(rf"^\s*(?:according to\s+(?P<who>[\w'’ .-]{{2,60}}?)\s*,|in\s+(?P<later>{_LATER}))\s*,?\s+"
               rf"(?P<claim>[A-Za-z].+)$", re.I),
    # "instagram post: the rigveda says …", "YouTube video - …": a source named before a colon or a dash
    re.compile(r"^\s*(?P<who>(?:[\w'’.-]+\s+){0,4}?(?:post|video|blog|tweet|reel|meme|thread|comment|article|site|website|"
               r"book|forum|youtube|instagram|twitter|facebook|whatsapp|reddit|quora|podcast|lecture|speech))\s*[:–—-]\s+"
               r"(?P<claim>.+)$", re.I),
    # not a passive ("Sikatā is said to be a seer …": who is said to be it is the claim's own subject)
    re.compile(rf"^\s*(?P<who>(?:[\w'’.-]+\s+){{0,6}}?[\w'’.-]+)(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)(?<!\bbeen)(?<!\bbe)"
               rf"\s+{_SAYER}\s+(?:that\s+)?(?P<claim>.+)$", re.I),
]
_RV = r"(?:the\s+)?(?:rig\s?-?veda|rgveda|ṛgveda|r̥gveda|hymns|vedas?)"
_ASK_POINTS_BACK = re.compile(r"^\s*(?:is|was|does|did)\s+(?:that|this|it|so)\b|\b(?:say|said|teach|claim)\s+(?:that|this|so)\s*\?|\b(?:he|she|they)\s+(?:is\s+|are\s+)?"
                              r"(?:talking|speaking|referring|thinking)\b|\bth(?:at|is)\s+(?:claim|idea|story|verse|mantra|line|phrase|expression|word|words|passage)\b"
                              r"|\bthis\s+(?:claim|idea|story)\b", re.I)
# a third person in the question that can only be someone the claim named
_PRONOUN = re.compile(r"\b(?:he|she|they|him|her|his|hers|them|their|theirs)\b", re.I)
_NAME = re.compile(r"(?<!^)(?<![.?!]\s)\b[A-Z][a-zāīūṛṣṇṭḍśñṅ]{2,}")
_NOT_A_CLAIM = re.compile(r"^\s*(?:what|which|who|how|why|where|when|does|do|is|are|can|did)\b", re.I)


_EMPTY = frozenset("""is was are does did do that this it so he she they him her them true false right correct wrong real
really actually story claim idea the a an in of rigveda rig veda rgveda hymns hymn verse verses mantra line say says said
which where what who how there any anything at all or about talking speaking referring thinking
number no num source sources citation cite reference ref exact exactly please pls plz lol haha fake legit
mantras sukta sukta's suktas stanza rik richa chapter and""".split())
# what asks for the claim's place in the text: "which verse?", "source??", "verse no?", "citation please",
# "where exactly?", "what's the reference" (issue 19: people check what they read online by asking for its source)
_SOURCE_ASK = re.compile(r"\b(?:which|what)(?:'s|\s+is)?\s+(?:the\s+)?(?:verse|mantra|hymn|s[uū]kta|stanza|ri[kc]h?a?|reference|"
                         r"source|citation|number)\b|\b(?:verse|mantra|hymn|s[uū]kta)\s*(?:no|num|number|#)\b|\bsources?\b|"
                         r"\bcitations?\b|\bcite\b|\breference\b|\bwhere\b", re.I)
# a source request or a doubt tacked on after a comma or a dash ("…, source?", "… - real? which verse")
_TACKED = re.compile(r"\s*[,;:–—-]\s*(?=(?:(?:real|true|legit|fake|really)\s*\?+\s*)?(?:which|what|where|source|citation|"
                     r"reference|verse\s+(?:no|num|number))\b[^,;]*$)", re.I)
_NAMED_VERSE = re.compile(r"\b(?:10|[1-9])\s*[./:-]\s*\d{1,3}(?:\s*[./:-]\s*\d{1,2})?\b(?!\s*(?:billion|million|lakh|crore|thousand|%))",
                          re.I)
# a quotation mark that opens a quote (not an apostrophe: "today's")
_OPENS_QUOTE = re.compile(r"(?:^|[\s(:])[\"“‘']")
_NOT_A_BREAK = re.compile(r"(?:\b(?:e\.g|i\.e|vs|cf|no|st|dr|mr|mrs|ms|rv|ṛv)|\b[a-z])\.$", re.I)


def _names_something(ask: str) -> bool:
    """"Who is Yama in the Rigveda?" names what it asks about; "Is that right?" only points back."""
    return any(w not in _EMPTY and len(w) > 2 for w in re.findall(r"[a-zāīūṛṣṇṭḍśñṅ]+", ask.lower()))


class LaterClaim(BaseModel):
    """The claim without its attribution, the reader's question, and the question to ask instead."""

    claim: str
    ask: str
    question: str
    points_back: bool = False


def _sentences(text: str):
    """The message's sentences, lower-case starts included ("… lol. real? which verse"), but not after an
    abbreviation or an initial ("e.g. the", "RV 1. …"); a source request tacked on after a comma is one too."""
    text = _TACKED.sub(". ", text.strip(), count=1)
    out: List[str] = []
    for piece in re.split(r"(?<=[.?!])\s+(?=[^\W\d_]|[\"“‘'¿])", text):
        if out and _NOT_A_BREAK.search(out[-1]):
            out[-1] = f"{out[-1]} {piece}"
        elif piece.strip():
            out.append(piece.strip())
    return out


def _split_ask(parts: List[str]) -> Tuple[str, str]:
    """(head, ask): the ask is the last sentence, with the short content-free ones before it that only doubt or
    ask for a source ("real?", "source??", "verse no?"): they belong to the ask, not to the claim."""
    cut = len(parts) - 1
    while cut > 1 and not _names_something(parts[cut - 1]) and len(parts[cut - 1].split()) <= 4:
        cut -= 1
    return " ".join(parts[:cut]), " ".join(parts[cut:])


def _content(claim: str) -> str:
    """What the claim says, without its hedges: "in one place it is Sarasvatī, not Indra, who kills
    Vṛtra" → "Sarasvatī kills Vṛtra" (the contrasted name is not the claim's content)."""
    claim = re.sub(r"^(?:in one place|somewhere|once|in one hymn|in one verse|at one point)\s*,?\s*", "", claim, flags=re.I)
    claim = re.sub(r",\s*(?:and\s+)?not\s+(?:the\s+)?[\w'’-]+\s*,", "", claim, flags=re.I)
    claim = re.sub(r"^it (?:is|was) ([\w'’ -]+?) who\s+", r"\1 ", claim, flags=re.I)
    return claim.strip()


def _strip_rv(claim: str) -> str:
    """"the Rigveda speaks of many days of dawn" → "many days of dawn"."""
    claim = re.sub(rf"^.*?\bbecause\s+(?={_RV}\b)", "", claim, flags=re.I)
    claim = re.sub(rf"^{_RV}\s+(?:itself\s+)?(?:speaks? of|mentions?|says?|tells? of|describes?|proves?|(?:teaches?|states?|claims?|holds?|declares?|shows?)(?=\s+that\b))\s+(?:that\s+)?",
                   "", claim, flags=re.I)
    return claim.strip(" .")


def read(text: str) -> Optional[LaterClaim]:
    """The later claim of a two-part question, or ``None`` when the question attributes no claim."""
    parts = _sentences(text)
    if len(parts) < 2:
        return None
    head, ask = _split_ask(parts)
    if not (ask.rstrip().endswith("?") or (_SOURCE_ASK.search(ask) and not _names_something(ask))):
        return None  # a statement after the claim, not a question about it
    if _NOT_A_CLAIM.match(head) or head.rstrip().endswith("?"):
        return None
    claim = None
    for frame in _FRAMES:
        m = frame.match(head)
        if m:
            claim = m.group("claim")
            break
    if not claim or re.match(r"\s*(?:about|over|whether|if)\b", claim, re.I):
        return None  # "Scholars argue about the meaning of 'vidatha' - …": a topic they discuss, not a claim to check
    if _OPENS_QUOTE.search(head[:m.start("claim")]):
        return None  # "my cousin posted 'the rigveda says a man who …'": the claim is a quoted line, its reader finds its place
    if re.match(r"\s*[\"“‘']", claim):
        return None  # "Griffith says 'May we attain …', Monier-Williams says …": translations compared, not a claim
    claim = re.sub(r"\s*\b(?:lol|lmao|haha|smh|imo|tbh)\b\s*$", "", _content(_strip_rv(claim)), flags=re.I).strip(" .!")
    if re.search(rf"\bbecause\s+{_RV}\b", head, re.I):
        claim = _strip_rv(re.split(r"\bbecause\s+", head, flags=re.I)[-1])
    points_back = bool(_ASK_POINTS_BACK.search(ask)) or not _names_something(ask)
    if points_back and _NAMED_VERSE.search(head):
        return None  # "a letter says RV 10/87/16 means …. Is that really what it says?": the verse is named, its readers check it
    question = re.sub(r"\s*\b(?:itself|themselves|actually|really|literally)\b", "", ask).strip()
    question = re.sub(r"\bthat (first|last|opening|closing) (verse|mantra|hymn)\b", r"the \1 \2 of the Rigveda", question,
                      flags=re.I)
    if points_back and not _names_something(ask) and (re.search(r"\bwhich\s+(?:hymn|verse)\b|\bwhere\b", ask, re.I)
                                                       or _SOURCE_ASK.search(ask)):
        unit = 'hymn' if re.search(r'hymn', ask, re.I) else 'verse'
        claim = re.sub(rf"\s+in\s+{_RV}\s*$", "", claim, flags=re.I)
        said = re.match(rf"{_RV}\s+(?P<verb>[a-z]+s)\s+(?P<rest>.+)$", claim, re.I)
        # "the rigveda compares the dawn to a dancer": which verse compares it, in the claim's own verb
        question = (f"Which {unit} of the Rigveda {said.group('verb').lower()} {said.group('rest')}?" if said else
                    f"Which {unit} of the Rigveda tells that {claim}?")
    elif points_back and not re.search(r"\bthe (?:first|last|opening|closing) (?:verse|mantra|hymn)\b", question, re.I):
        question = f"Which verse of the Rigveda speaks of {claim}?" if re.search(
            r"\bwhich\b|\bwhere\b", ask, re.I) else (f"Is it true that {claim}?" if re.match(rf"{_RV}\b", claim, re.I)
                                                         else f"Does the Rigveda say that {claim}?")
    elif not points_back and _PRONOUN.search(ask) and not _NAME.search(ask):
        # "I read the Ashvins gave eyes (RV 1.116.16). Who got his sight back?": "his" is someone of the claim,
        # so the question alone names nobody (it was refused as off-topic); it is asked with the claim
        question = f"{claim} — {question}"
    return LaterClaim(claim=claim, ask=ask, question=question, points_back=points_back)
