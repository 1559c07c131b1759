"""Any script Unicode has, in Latin letters, read from the letters' own Unicode names; and the two things that
say a question is about the RigVeda in every script: the RigVeda's name and a hymn's number.

Why: readers write in scripts nobody listed (Tibetan, Thaana, Mongolian, Uyghur's Arabic letters, Chuvash and
Bashkir Cyrillic …). A question that names the RigVeda (རིག་ཝེ་ད, ރިގްވެދަ, رىگۋېدا) or gives a hymn number
("(10.85)") is about it, however little else of it can be read; without a reader for its script it was refused
as off-topic. Unicode names every letter on one plan — "TIBETAN LETTER RA", "THAANA LETTER GAAFU", "TIBETAN
VOWEL SIGN I", "THAANA IBIFILI", "THAANA SUKUN", "ARABIC LETTER VE" — so the Latin value of a letter of any
script is the consonants its name begins with (RA → r, GAAFU → g, DHAALU → dh), or its vowel (ALEF → a, E → e);
a vowel sign replaces the consonant's inherent a, a killer (virama, sukun, halanta, asat) removes it. This is no
scholarly transliteration: it puts a word into a Latin key that is compared loosely (vowels and voicing aside)
with the RigVeda's name. The scripts the app reads with its own tables (Brahmic, Cyrillic, Greek, Hebrew,
Arabic, Thai …: ``pyapp.reading.script.romanise``) are read with them first; this is the fallback for a letter
no table has (Chuvash ӑ ҫ, Bashkir ҙ һ, Uyghur ۋ ې ڭ, and whole scripts: Tibetan, Thaana, Mongolian …). Pure Python (``unicodedata`` only).
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any, List, Optional, Tuple

from pyapp.reading.script import romanise

_VOWELS = "AEIOU"
# words of a letter's name that say which form of the letter it is, not which letter
_FORM_WORDS = {"SMALL", "CAPITAL", "FINAL", "INITIAL", "MEDIAL", "ISOLATED", "LONG", "SHORT", "SUBJOINED",
               "FIXED-FORM", "REVERSED", "INVERTED", "TURNED", "VEDIC", "ARCHAIC", "ALTERNATE", "HIGH", "LOW", "BARRED", "STRAIGHT"}
# marks that remove the inherent vowel of the consonant before them
_KILLERS = ("VIRAMA", "SUKUN", "HALANTA", "HALANT", "KILLER", "ASAT", "COENG", "PAMUDPOD", "SIGN HASANTA")
# a few letters whose name is two words of one sound (Arabic's alef maksura is the vowel i, teh marbuta an a)
_TWO_WORD = {"ALEF MAKSURA": ("", "i"), "TEH MARBUTA": ("", "a"), "SCHWA": ("", "a"), "SHHA": ("h", "")}
# the RigVeda's name in a Latin key: r, g/k, v/w/b, d/t with at most two vowels between (rigveda, rgveda, rikvet,
# ragvedanang: an ending glued on is allowed, the name must begin the word)
_RIGVEDA = re.compile(r"^(?:r|ri|ry)[aeiouy]{0,2}(?:g|k|gh|kh)[aeiouy]{0,2}(?:v|w|b|bh|u)[aeiouy]{1,2}(?:d|t|dh|th)")
# a hymn or verse reference, in any digits: "(10.85)", "RV 1.32.10", "5.40"
_REFERENCE = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,3})(?:\.(\d{1,3}))?(?![.\d]*\d)")


def _vowel_of(word: str) -> str:
    """A vowel sign's or vowel letter's value: its name's first vowel ("AA" → a, "IBIFILI" → i, "AE" → a);
    "VOCALIC R" is r."""
    if "VOCALIC" in word:
        return "r"
    first = next((c for c in word if c in _VOWELS), "a")
    return first.lower()


def letter(ch: str) -> Tuple[str, str, str]:
    """One character of any script read from its Unicode name: (kind, consonants, vowel). kind is "letter"
    (consonants + its vowel: inherent when the name is consonants + A), "vowel" (a vowel sign: replaces the
    letter's vowel), "kill" (a virama: removes it), "sub" (a subjoined consonant: the letter's vowel goes),
    "digit", "sep" (a space or punctuation), "syllable_sep" (Tibetan's tsheg: inside a word) or "" (ignored)."""
    category = unicodedata.category(ch)
    name = unicodedata.name(ch, "")
    if category == "Nd":
        return "digit", str(unicodedata.digit(ch, 0)), ""
    if "INTERSYLLABIC" in name or "SYLLABLE BOUNDARY" in name:
        return "syllable_sep", "", ""
    if category.startswith(("Z", "P", "S", "C")):
        return "sep", "", ""
    if category.startswith("M"):
        if any(k in name for k in _KILLERS):
            return "kill", "", ""
        if "VOWEL SIGN" in name:
            return "vowel", "", _vowel_of(name.split("VOWEL SIGN", 1)[1].strip())
        if name.endswith("FILI"):  # Thaana's vowel marks (ABAFILI a, IBIFILI i, UBUFILI u …)
            return "vowel", "", _vowel_of(name.split()[-1])
        if "ANUSVARA" in name:
            return "vowel", "", "am"
        if "SUBJOINED LETTER" in name:
            consonants, _ = _letter_value(name.split("SUBJOINED LETTER", 1)[1])
            return "sub", consonants, "a"
        return "", "", ""
    if not category.startswith("L"):
        return "", "", ""
    for marker in (" LETTER ", " SYLLABLE ", " SYLLABICS "):
        if marker in name:
            consonants, vowel = _letter_value(name.split(marker, 1)[1])
            return "letter", consonants, vowel
    return "", "", ""


def _letter_value(rest: str) -> Tuple[str, str]:
    """(consonants, vowel) of a letter from the words of its name after "LETTER": "RA" → (r, a), "GAAFU" → (g, ""),
    "ALEF" → ("", a), "-A" → ("", a), "YEH WITH HAMZA ABOVE" → ("", "") (a carrier of a vowel)."""
    rest = rest.strip()
    if " WITH HAMZA" in rest:
        return "", ""
    rest = rest.split(" WITH ", 1)[0]
    words = [w.strip("-") for w in rest.split() if w.strip("-") and w not in _FORM_WORDS]
    if not words:
        return "", ""
    two = " ".join(words[:2])
    if two in _TWO_WORD:
        return _TWO_WORD[two]
    word = words[0] if words[0].isalpha() else next((w for w in words if w.isalpha()), "")
    if not word:
        return "", ""
    cut = next((i for i, c in enumerate(word) if c in _VOWELS), len(word))
    consonants, after = word[:cut].lower(), word[cut:]
    if len(word) == 2 and not consonants and after[1] not in _VOWELS:  # an alphabet's ES, EN, EL, ER: the consonant
        return after[1].lower(), ""
    if not consonants:  # a vowel letter: its first vowel (E → e, AE → a, OE → o)
        return "", _vowel_of(after)
    if after and set(after) <= set(_VOWELS):  # a syllable: RA, KHA, RAA (Thaana), NI (Cherokee), EE
        return consonants, _vowel_of(after)
    return consonants, ""  # a letter named consonant + more (GAAFU, DHAALU, REH, NOON): the consonant alone


def to_latin_words(text: str) -> List[List[str]]:
    """The text's words in Latin keys, each as its syllables (one piece for a script that marks no syllables)."""
    words: List[List[str]] = []
    syllables: List[str] = []
    out: List[str] = []
    pending = ""

    def close_syllable() -> None:
        nonlocal pending, out
        if out or pending:
            syllables.append("".join(out) + pending)
        out, pending = [], ""

    def close_word() -> None:
        nonlocal syllables
        close_syllable()
        if syllables:
            words.append(syllables)
        syllables = []

    for ch in unicodedata.normalize("NFC", romanise(text)):
        if not ch.isascii() and unicodedata.name(ch, "").startswith("LATIN"):  # ā, ṛ, ş: the bare letter
            ch = unicodedata.normalize("NFD", ch)[0]
        if ch.isascii():
            if ch.isalnum():
                out.append(pending + ch.lower() if pending else ch.lower())
                pending = ""
            else:
                close_word()
            continue
        kind, consonants, vowel = letter(ch)
        if kind in ("sep",):
            close_word()
        elif kind == "syllable_sep":
            close_syllable()
        elif kind == "digit":
            out.append(pending + consonants)
            pending = ""
        elif kind == "letter":
            if not consonants and pending == "a":  # a vowel letter after a syllable's inherent a (Mongolian RA I)
                pending = vowel
                continue
            out.append(pending + consonants)
            pending = vowel
        elif kind == "vowel":
            pending = vowel
        elif kind == "kill":
            pending = ""
        elif kind == "sub":
            out.append(consonants)
            pending = vowel
    close_word()
    return words


def to_latin(text: str) -> str:
    """The text in Latin keys, words joined by spaces, syllables run together."""
    return " ".join("".join(word) for word in to_latin_words(text))


def is_rigveda_key(key: str) -> bool:
    """Does this Latin key begin with the RigVeda's name (rigveda, rgved-, ragvedanang, rigwedai)?"""
    return bool(_RIGVEDA.match(key.lower().replace("'", "").replace("-", "")))


def names_rigveda(text: str) -> bool:
    """Does the text name the RigVeda in any script? Its words, and for a script that marks syllables
    (Tibetan), every run of syllables, are compared with the name's key."""
    words = to_latin_words(text)
    for i, word in enumerate(words):
        for start in range(len(word)):
            if is_rigveda_key("".join(word[start:start + 4])):
                return True
        following = words[i + 1] if i + 1 < len(words) else []
        if len(word) == 1 and len(word[0]) <= 3 and following and is_rigveda_key(word[0] + following[0]):
            return True  # "rig veda", "rg-veda": the name in two words
    return False


def references(text: str) -> List[str]:
    """Hymn and verse references in the text ("10.85", "1.32.10"), in any digits, maṇḍala 1–10 only."""
    digits = "".join(str(unicodedata.digit(c)) if c.isdigit() and not c.isascii() else c for c in text)
    return [m.group(0) for m in _REFERENCE.finditer(digits) if 1 <= int(m.group(1)) <= 10 and int(m.group(2)) >= 1]


def vouches(text: str) -> Optional[str]:
    """Why the text is about the RigVeda whatever its language: "names the RigVeda", "gives RV 10.85", or None."""
    refs = references(text)
    if refs:
        return f"gives RV {refs[0]}"
    if names_rigveda(text):
        return "names the RigVeda"
    return None




def script_name(text: str) -> str:
    """The name Unicode gives the script of the text's first letter outside ASCII ("Tibetan", "Thaana")."""
    for ch in text:
        if not ch.isascii() and unicodedata.category(ch).startswith("L"):
            return unicodedata.name(ch, "other").split()[0].title()
    return "Latin"


def read(question: str, lexicon: Any) -> Optional[Any]:
    """A question in a script no reader of the app has (``pyapp.reading.language.detect`` says "other"): what
    can be read of it, as a ``Gloss`` — its references, the RigVeda's name and the names the lexicon has, in
    Latin keys — with a note that says so; None when it is not in such a script."""
    from pyapp.reading import any_language, names
    from pyapp.reading.gloss import Gloss

    words = to_latin_words(question)
    refs = references(question)
    found: List[str] = []
    unknown: List[str] = []
    for word in words:
        key = "".join(word)
        if key.isdigit() or any(key in r.split(".") for r in refs):
            continue
        hit = names.name_of(key, lexicon, loose=True) if len(key) >= 3 else None
        if hit is None and not key.endswith("a") and len(key) >= 4:  # a stem in -a with its ending off
            hit = names.name_of(key + "a", lexicon, loose=True)
        if is_rigveda_key(key):
            found.append("Rigveda")
        elif hit is not None and hit.kind == "name":
            found.append(hit.name)
        else:
            unknown.append(key)
    found = list(dict.fromkeys(found))
    english = any_language._composed(" ".join(found), refs)
    language = f"{script_name(question)} letters"
    gloss = Gloss(language="other", language_name=language, english=english, known=found, unknown=unknown,
                  names=found)
    gloss.note = any_language.note_for(language, False, unknown, english)
    return gloss


__all__ = ["is_rigveda_key", "letter", "names_rigveda", "read", "references", "script_name", "to_latin", "to_latin_words",
           "vouches"]
