"""Quiz blanks: "The Ṛbhus are the _____ of the gods.", "Varuṇa and Mitra are keepers of the _____.",
"_____ is the messenger of the gods.", and in homework form: "Q4. … is _______ (1 mark)", "Fill in the blank: …",
"Blank: Yama's two dogs are ______-eyed.", "… was made for him by _______".

Why a rewrite: a blank is a question about what its subject is, set as a test. Searched as it stands,
the blank is noise and the words around it ("keepers", "portrayed") pull in verses that share them.
Read as "Who are the Ṛbhus?" (or, with the blank first, "Who is the messenger of the gods?"), it goes
down the path that answers what a being is: a gloss, a family tie or a named hymn in the first
sentence, which is what fills the blank, with the verses that say it.

Homework framing ("Fill in the blank:", "Q4.", "(1 mark)", "Complete the sentence:", "Completa:", "रिक्त स्थान
भरिए:") is taken off first (``HOMEWORK_PREFIXES``, per language: data); what stands around the blank then
says which question it is: "by ____" after a passive verb asks who did it ("Who made Indra's thunderbolt?"),
"____-eyed" asks how many ("How many eyes do Yama's two dogs have?"), and a described subject ("The first word
of the Rigveda is ____") asks what it is.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

BLANK = re.compile(r"_{2,}|…{2,}|\.{4,}|\(\s*blank\s*\)|\[\s*blank\s*\]", re.I)

# How a worksheet introduces a blank, per language (folded to lower case; a language gains a line). Taken off
# before the sentence is read, so "Fill in the blank: The X is ____" reads as its sentence.
HOMEWORK_PREFIXES: Dict[str, Tuple[str, ...]] = {
    "en": ("fill in the blanks", "fill in the blank", "fill in the gaps", "fill in the gap", "fill the blanks",
           "fill the blank", "fill in", "fill up", "fill-up", "blanks", "blank", "complete the sentence",
           "complete the statement", "complete the line", "complete the verse", "complete", "supply the missing word",
           "missing word"),
    "es": ("completa la frase", "completa la oración", "completa", "completar", "rellena el espacio", "rellena"),
    "fr": ("complétez la phrase", "complétez", "complète", "completez", "remplissez le blanc", "remplissez"),
    "de": ("ergänzen sie", "ergänze", "lückentext", "fülle die lücke"),
    "it": ("completa la frase", "completa", "riempi lo spazio"),
    "pt": ("complete a frase", "complete", "preencha a lacuna", "preencha"),
    "hi": ("रिक्त स्थान भरिए", "रिक्त स्थान भरें", "रिक्त स्थान की पूर्ति कीजिए", "रिक्त स्थानों की पूर्ति कीजिए",
           "खाली जगह भरिए", "खाली स्थान भरो"),
}
_PREFIX = re.compile(r"^\s*(?:(?:q(?:uestion)?\s*\.?\s*\d+|\d+)\s*[.):\-–]\s*)?(?:(?:"
                     + "|".join(re.escape(p) for words in HOMEWORK_PREFIXES.values()
                                for p in sorted(words, key=len, reverse=True))
                     + r")\s*(?:[:\-–—.]\s*|\s+(?=\S)))?", re.I)
_MARKS = re.compile(r"\s*[(\[]\s*\d+(?:\.\d+)?\s*(?:marks?|pts?|points?|अंक)\s*[)\]]\s*[.?!]?\s*$", re.I)
# "____-eyed": a count of a body part asked by the adjective it makes
_COUNTED = re.compile(rf"(?:{BLANK.pattern})\s*-\s*(?P<part>eyed|headed|armed|footed|legged|horned|wheeled|tongued|"
                      r"winged|faced|jawed|tusked|spoked)\b", re.I)
_PART_NOUN = {"eyed": "eyes", "headed": "heads", "armed": "arms", "footed": "feet", "legged": "legs",
              "horned": "horns", "wheeled": "wheels", "tongued": "tongues", "winged": "wings", "faced": "faces",
              "jawed": "jaws", "tusked": "tusks", "spoked": "spokes"}
# "<subject> was <done> [for him] by ____": who did it, the participle read back as the past tense
_PASSIVE = re.compile(rf"^(?P<subject>.+?)\s+(?:is|are|was|were)\s+(?P<done>\w+(?:ed|en|de|ght|lt|nt|wn|un|ne)|made|"
                      rf"slain|sent|found|born|held|led|won|struck|stolen)\b(?P<middle>[^_…]*?)\s+by\s+(?:the\s+)?"
                      rf"(?:god\s+)?(?:{BLANK.pattern})\W*$", re.I)
_PAST = {"slain": "slew", "stolen": "stole", "given": "gave", "taken": "took", "driven": "drove", "written": "wrote",
         "born": "bore", "struck": "struck", "drunk": "drank", "eaten": "ate", "seen": "saw", "known": "knew",
         "thrown": "threw", "begotten": "begot", "sung": "sang", "spoken": "spoke", "chosen": "chose", "shown": "showed",
         "hidden": "hid", "broken": "broke", "ridden": "rode", "bitten": "bit", "woven": "wove", "sown": "sowed"}
_VERB = r"(?:is|are|was|were)"
# "<subject> is/are [called|known as|…] [the] ____ …": the subject is what is asked about
_AFTER = re.compile(rf"^(?P<subject>.+?)\s+(?P<verb>{_VERB})\b(?P<rest>.*)$", re.I)
# "____ is/are …": the rest is what is asked about
_BEFORE = re.compile(rf"^\s*(?:the\s+)?(?:{BLANK.pattern})\s+(?P<verb>{_VERB})\s+(?P<rest>.+?)\s*[.?!]*$", re.I)
_ASKING = re.compile(r"^(?:what|who|whom|which|whose|how|where|when|why)\b", re.I)
_WHO_WORDS = re.compile(r"\b(god|gods|goddess|goddesses|daughter|son|sons|mother|father|wife|husband|sister|brother|"
                        r"family|families|sages?|seers?|poets?|priests?|king|kings|people|twins?|bride|friend|"
                        r"messengers?|dogs?|bitch|hounds?|demons?|serpents?|dragon|eagle|falcon)\b", re.I)


def _who_or_what(subject: str, is_name: Optional[callable] = None) -> str:
    if _WHO_WORDS.search(subject) or (is_name is not None and is_name(subject)) or subject[:1].isupper():
        return "Who"
    return "What"


def homework(question: str) -> str:
    """``question`` without a worksheet's framing ("Q4.", "Fill in the blank:", "(1 mark)"), when it has a blank;
    else ``question`` as it is."""
    text = " ".join(str(question or "").split())
    if not BLANK.search(text):
        return text
    text = _MARKS.sub("", text)
    bare = _PREFIX.sub("", text, count=1).strip()
    return bare[:1].upper() + bare[1:] if bare and BLANK.search(bare) else text


def _described(subject: str) -> bool:
    """"The first word of the Rigveda", "Yama's two dogs": a phrase that describes what is asked (an article
    or a possessive and a few words), not a bare unknown name ("Xyzzan")."""
    words = subject.split()
    return len(words) >= 3 and bool(re.match(r"^(?:the|a|an|this|that)\b|^\w+['’]s\b", subject, re.I))


def _shaped(text: str, is_name: Optional[callable]) -> Optional[str]:
    """The questions the words around a blank ask: how many (``____-eyed``), who did it (``… by ____``)."""
    counted = _COUNTED.search(text)
    if counted is not None:
        found = re.match(r"^(?P<subject>.+?)\s+(?P<verb>is|are|was|were)\b", text[:counted.start()].strip(), re.I)
        if found is not None:
            subject = found.group("subject").strip(" ,")
            if subject.split()[0].lower() in ("the", "a", "an"):
                subject = subject[0].lower() + subject[1:]
            aux = "do" if found.group("verb").lower() in ("are", "were") else "does"
            return f"How many {_PART_NOUN[counted.group('part').lower()]} {aux} {subject} have?"
    passive = _PASSIVE.match(text)
    if passive is not None and not BLANK.search(passive.group("subject")):
        done = passive.group("done").lower()
        if done in ("born",):
            return None
        subject = passive.group("subject").strip(" ,")
        if subject.split()[0].lower() in ("the", "a", "an"):
            subject = subject[0].lower() + subject[1:]
        middle = passive.group("middle").strip(" ,")
        return f"Who {_PAST.get(done, done)} {subject}{' ' + middle if middle else ''}?"
    return None


def read_blank(question: str, is_name: Optional[callable] = None) -> Optional[str]:
    """The question a quiz blank stands for ("Who are the Ṛbhus?"), or None without a blank.
    ``is_name(text)`` says whether a phrase names a god or person (then "Who", else "What")."""
    text = homework(question)
    if not BLANK.search(text):
        return None
    shaped = _shaped(text, is_name)
    if shaped is not None:
        return shaped
    before = _BEFORE.match(text)
    if before is not None:
        rest = BLANK.sub("", before.group("rest")).strip(" ,.;:")
        return f"Who {before.group('verb').lower()} {rest}?" if rest else None
    found = _AFTER.match(text)
    if found is None or not BLANK.search(found.group("rest")):
        return None
    subject = found.group("subject").strip(" ,")
    if re.match(r"^(?:in|on|at|according to|as per|per|by|from|after|before|during|for|when|where)\b", subject, re.I):
        if "," not in subject:
            return None  # "In the Puruṣa hymn the moon was born from …": a setting run into the subject
        subject = subject.rsplit(",", 1)[1].strip()  # "In “The Deeds of the Aśvins”, Pedu is …": Pedu
    if re.search(rf"\b(?:from|of|out of|into|in|with|on|to)\s+(?:\S+\s+){{0,2}}(?:{BLANK.pattern})",
                 found.group("rest"), re.I) and re.match(r"^\s*(?:\w+(?:ed|en|n|t)|born|made)\b", found.group("rest")):
        return None  # "… was born from Puruṣa's ____": a source or a part asked, which the search reads from the sentence
    if BLANK.search(subject) or not subject or _ASKING.match(subject):
        return None  # "What is ___?" is a question already, not a statement with a gap
    if re.search(rf"\b(?:and|or|with|nor)\s+(?:the\s+)?(?:{BLANK.pattern})", found.group("rest"), re.I):
        return None  # "… of Sūrya and _____": the gap is a partner the rest names, not what the subject is
    # a described subject asks what it is only when the blank is all that follows ("… is [called] ____"):
    # "… is rigveda 10.____" asks a number, which the search reads from the whole sentence
    described = _described(subject) and bool(re.match(
        rf"^\s*(?:called|named|known as)?\s*(?:the|a|an)?\s*(?:{BLANK.pattern})\W*$", found.group("rest"), re.I))
    if not (_WHO_WORDS.search(subject) or (is_name is not None and is_name(subject)) or described):
        return None  # a subject the lexicon does not know ("Vivavsan"): the search reads the whole sentence
    head = _who_or_what(subject, is_name) if not described or _WHO_WORDS.search(subject) else "What"
    if subject.split()[0].lower() in ("the", "a", "an"):
        subject = subject[0].lower() + subject[1:]
    return f"{head} {found.group('verb').lower()} {subject}?"


_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*", re.U)
_STOP = {"the", "a", "an", "and", "or", "of", "to", "in", "on", "is", "are", "was", "were", "be", "by", "with", "as",
         "that", "this", "his", "her", "its", "their", "our", "thy", "thine", "my", "he", "she", "it", "they", "we",
         "ye", "thou", "who", "which", "from", "for", "at", "all", "not", "no", "so", "yea", "o"}
_OWNERS = {"his", "her", "its", "their", "thy", "thine", "the"}


def _fits(asked: str, said: str) -> bool:
    """One word of the sentence before the blank against one of a verse: the same word, or a possessive
    ("Puruṣa's") against the verse's pronoun for it ("his")."""
    if asked == said:
        return True
    return bool(re.search(r"['’]s$", asked)) and (said in _OWNERS or said == asked)


def fill(sentence: str, verses: List[Tuple[str, str]]) -> Optional[Tuple[str, str]]:
    """(the word, the verse ref) that fills an English sentence's blank, read from ``verses`` ((ref, translation),
    best first): the word that follows, in a verse, the two or more words that stand before the blank
    ("… born from Puruṣa's ____" in "… gendered from his mind" → "mind"); None when no verse lines up so."""
    text = homework(sentence)
    gap = BLANK.search(text)
    if gap is None:
        return None
    before = [w.lower() for w in _TOKEN.findall(text[:gap.start()])][-3:]
    if len(before) < 2:
        return None
    best: Optional[Tuple[int, str, str]] = None
    for ref, translation in verses:
        words = [w.lower() for w in _TOKEN.findall(translation or "")]
        for i in range(1, len(words)):
            matched = 0
            while matched < len(before) and i - 1 - matched >= 0 \
                    and _fits(before[-1 - matched], words[i - 1 - matched]):
                matched += 1
            word = words[i]
            if matched >= 2 and word not in _STOP and len(word) > 2 and (best is None or matched > best[0]):
                best = (matched, word, ref)
    return (best[1], best[2]) if best else None


def lead(typed: str, verses: List[Tuple[str, str]], answer: str,
         is_name: Optional[callable] = None) -> Optional[Tuple[str, str]]:
    """(the sentence that states the word filling the blank of ``typed``, its verse ref) to put before ``answer``,
    or None: when there is no blank, when the blank was read as its question (``read_blank``: its answer is the
    filling, and a verse that merely shares "keepers of the …" would name a word the quiz does not mean), when no
    verse lines up (``fill``), or when the answer's first line already has the word."""
    if not BLANK.search(typed or "") or read_blank(typed, is_name) is not None:
        return None
    found = fill(typed, verses)
    if found is None or re.search(rf"\b{re.escape(found[0])}\b", (answer or "").split("\n", 1)[0], re.I):
        return None
    word, ref = found
    return f"The word that fills the blank is “{word}”, as RV {ref} has it [RV {ref}].", ref


__all__ = ["BLANK", "HOMEWORK_PREFIXES", "fill", "homework", "lead", "read_blank"]
