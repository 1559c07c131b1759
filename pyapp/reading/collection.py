"""Questions about the collection itself, in any language: "what is the RigVeda?", "which Veda is oldest?".

Why: such questions have no topic word for the verse search ("Was ist der Rigveda?", "Ригведа что это за
книга", "ऋग वेद क्या है?"), so searching answers them with stray verses, and a translation search finds no
evidence and refuses them. Their answer is the collection's make-up (``pyapp.factbook.about``). The rule
is a mechanism: the question names the RigVeda (any spelling or script) and every other word is a word
of asking ("what", "is", "about", "book" …, a small multilingual table below), or it asks which Veda is
the oldest. ``names_collection`` also tells the foreign-language path that the question names the RigVeda.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Optional

from pyapp.diacritics import strip_latin_marks

WHAT_IS = "What is the RigVeda?"
OLDEST_VEDA = "Which is the oldest Veda?"

# The RigVeda's own name: Latin (accents folded: "rig-véda", "Rig Veda", "rgved"), Cyrillic, Devanagari, Bengali.
_LATIN_NAME = re.compile(r"\b(?:r[iı]g|rg|rik|rug)\s*-?\s*ved(?:a|e|am|as|y|u|oj|y)?s?\b")
_OTHER_NAME = re.compile(r"ригвед\w*|р[иі]г\s*-?\s*вед\w*|ऋग्\s*वेद\w*|ऋग\s*वेद\w*|ऋगवेद\w*|रिग\s*वेद\w*|रिगवेद\w*|"
                         r"ऋग्वेद\w*|ঋগ্বেদ\w*|ঋগ\s*বেদ\w*|ঋগবেদ\w*")
# Words that only ask ("what is it", "tell me about", "this book"), by language; data, not a rule per question.
_ASKING = frozenset("""
what whats s which is are was were the a an about tell me us explain describe introduce this it these that
kind sort of book books text texts scripture scriptures sacred holy writing writings written composed theme themes
subject subjects topic topics content contents message in on all please overview summary rigvedic really
was ist der die das ein eine uber ueber erzahl erzahle erzahlen mir buch heilige schrift schriften worum geht es
im welches wovon handelt vom von
qu est ce que quoi dis parle parlez moi le la les l un une sont ces ecrits sacres livre texte parle de du c
que es el los las sobre libro sagrado sagrados
o e os as um uma
что это за такое книга книге текст расскажи расскажите о чём чем в во написано про рассказывается такой
क्या है हैं बताइए बताओ ग्रंथ ग्रन्थ पुस्तक किसे कहते के बारे में यह
কী কি হল বই গ্রন্থ
""".split())
_ASKS = frozenset("what whats which tell explain describe introduce was worum wovon qu quoi que что чём чем क्या কী কি "
                  "theme subject topic content contents erzahl erzahle erzahlen dis parle parlez расскажи расскажите "
                  "बताइए बताओ".split())
_OLDEST = re.compile(r"\b(?:oldest|earliest|most ancient|first|alteste|altester|altesten|plus ancien)\b.{0,40}"
                     r"\bvedas?\b|\bvedas?\b.{0,40}\b(?:oldest|earliest|most ancient|first|alteste|altester|plus ancien)\b")
_SPLIT = re.compile(r"[\s.,;:!?¿¡'\"’‘“”«»()\[\]\-–—/।|]+")


def _fold(text: str) -> str:
    """Lower case, Latin accents dropped (Indic vowel signs are kept: they are combining marks too)."""
    return strip_latin_marks(unicodedata.normalize("NFKC", text.lower()))  # NFKC then NFD is NFKD


def _without_name(text: str) -> str:
    return _OTHER_NAME.sub(" ", _LATIN_NAME.sub(" ", text))


def names_collection(question: str) -> bool:
    """Does the question name the RigVeda itself, in any spelling or script? (``reading.text_named``; the
    patterns above only take the name out of a question whose other words are read.)"""
    from pyapp.reading.text_named import names_rigveda

    return names_rigveda(question or "")


def asked_about_collection(question: str) -> Optional[str]:
    """The English question about the collection this one asks (``WHAT_IS``, ``OLDEST_VEDA``), or None."""
    folded = _fold(question or "")
    rest = _without_name(folded)
    if _OLDEST.search(rest):
        return OLDEST_VEDA
    if rest == folded or not names_collection(question):  # the RigVeda is not named
        return None
    words = [w for w in _SPLIT.split(rest) if w]
    if words and all(w in _ASKING for w in words) and any(w in _ASKS for w in words):
        return WHAT_IS
    return None


__all__ = ["OLDEST_VEDA", "WHAT_IS", "asked_about_collection", "names_collection"]
