"""Quiz blanks: "The Ṛbhus are the _____ of the gods.", "Varuṇa and Mitra are keepers of the _____.",
"_____ is the messenger of the gods."

Why a rewrite: a blank is a question about what its subject is, set as a test. Searched as it stands,
the blank is noise and the words around it ("keepers", "portrayed") pull in verses that share them.
Read as "Who are the Ṛbhus?" (or, with the blank first, "Who is the messenger of the gods?"), it goes
down the path that answers what a being is: a gloss, a family tie or a named hymn in the first
sentence, which is what fills the blank, with the verses that say it.
"""
from __future__ import annotations

import re
from typing import Optional

BLANK = re.compile(r"_{2,}|…{2,}|\.{4,}|\(\s*blank\s*\)|\[\s*blank\s*\]", re.I)
_VERB = r"(?:is|are|was|were)"
# "<subject> is/are [called|known as|…] [the] ____ …": the subject is what is asked about
_AFTER = re.compile(rf"^(?P<subject>.+?)\s+(?P<verb>{_VERB})\b(?P<rest>.*)$", re.I)
# "____ is/are …": the rest is what is asked about
_BEFORE = re.compile(rf"^\s*(?:the\s+)?(?:{BLANK.pattern})\s+(?P<verb>{_VERB})\s+(?P<rest>.+?)\s*[.?!]*$", re.I)
_ASKING = re.compile(r"^(?:what|who|whom|which|whose|how|where|when|why)\b", re.I)
_WHO_WORDS = re.compile(r"\b(god|gods|goddess|goddesses|daughter|son|sons|mother|father|wife|husband|sister|brother|"
                        r"family|families|sages?|seers?|poets?|priests?|king|kings|people|twins?|bride|friend)\b", re.I)


def _who_or_what(subject: str, is_name: Optional[callable] = None) -> str:
    if _WHO_WORDS.search(subject) or (is_name is not None and is_name(subject)) or subject[:1].isupper():
        return "Who"
    return "What"


def read_blank(question: str, is_name: Optional[callable] = None) -> Optional[str]:
    """The question a quiz blank stands for ("Who are the Ṛbhus?"), or None without a blank.
    ``is_name(text)`` says whether a phrase names a god or person (then "Who", else "What")."""
    text = " ".join(question.split())
    if not BLANK.search(text):
        return None
    before = _BEFORE.match(text)
    if before is not None:
        rest = BLANK.sub("", before.group("rest")).strip(" ,.;:")
        return f"Who {before.group('verb').lower()} {rest}?" if rest else None
    found = _AFTER.match(text)
    if found is None or not BLANK.search(found.group("rest")):
        return None
    subject = found.group("subject").strip(" ,")
    if BLANK.search(subject) or not subject or _ASKING.match(subject):
        return None  # "What is ___?" is a question already, not a statement with a gap
    if re.search(rf"\b(?:and|or|with|nor)\s+(?:the\s+)?(?:{BLANK.pattern})", found.group("rest"), re.I):
        return None  # "… of Sūrya and _____": the gap is a partner the rest names, not what the subject is
    if not (_WHO_WORDS.search(subject) or (is_name is not None and is_name(subject))):
        return None  # a subject the lexicon does not know ("Vivavsan"): the search reads the whole sentence
    head = _who_or_what(subject, is_name)
    if subject.split()[0].lower() in ("the", "a", "an"):
        subject = subject[0].lower() + subject[1:]
    return f"{head} {found.group('verb').lower()} {subject}?"


__all__ = ["BLANK", "read_blank"]
