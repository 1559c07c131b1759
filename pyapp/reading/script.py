"""Which script a question is written in, and its words in Latin letters.

Why: a god's name is evidence in any script ("Индра", "अग्नि", "অগ্নি", "இந்திரன்"), but the lexicon
(``pyapp.lexicon``) is keyed by romanised spellings. The Brahmic scripts of India are laid out in Unicode
on Devanagari's plan (ISCII), so a letter of Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada or
Malayalam maps to the Devanagari letter at the same offset in its block — a mechanism, not a table of
names — and Devanagari goes to IAST with the app's own converter (``pyapp.search.translit``). Cyrillic is
romanised letter by letter (the scholarly Russian spellings of Sanskrit names: Ушас → ushas, Агни → agni).
Pure Python, no data beyond the tables below.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Dict, List

from pyapp.diacritics import strip_marks

from pyapp.reading import letters
from pyapp.search.translit import deva_to_iast

# Unicode blocks of the Brahmic scripts (128 code points each, Devanagari's plan)
BRAHMIC_BLOCKS: Dict[str, int] = {
    "devanagari": 0x0900, "bengali": 0x0980, "gurmukhi": 0x0A00, "gujarati": 0x0A80, "oriya": 0x0B00,
    "tamil": 0x0B80, "telugu": 0x0C00, "kannada": 0x0C80, "malayalam": 0x0D00,
}
# letters some scripts have and Devanagari writes otherwise (Tamil ṉ, ṟ, ḻ; short e/o of the south)
_DEVA_FIX = {"\u0929": "\u0928", "\u0931": "\u0930", "\u0934": "\u0933", "\u0946": "\u0947", "\u094a": "\u094b",
             "\u090e": "\u090f", "\u0912": "\u0913", "\u0935": "\u0935"}
# Gurmukhi's tippi and addak (a nasal, a doubled consonant) sit where Devanagari has other signs
_BEFORE_OFFSET = {"\u0a70": "\u0902", "\u0a71": ""}
# letters outside Devanagari's plan: Assamese ra and wa (ৰ ৱ), Odia wa (ୱ), Gurmukhi's nasal sign ਂ stays
_OUTSIDE_PLAN = {"\u09f0": "\u0930", "\u09f1": "\u0935", "\u0b71": "\u0935",
                 # Malayalam's chillu letters (a consonant with no vowel, ൻ ർ ൽ ൾ ൺ ൿ) and its dot reph ൎ: the
                 # block offset put them on unrelated Devanagari signs (പ്രാർത്ഥന read "prāॼtthana")
                 "\u0d7a": "\u0923\u094d", "\u0d7b": "\u0928\u094d", "\u0d7c": "\u0930\u094d",
                 "\u0d7d": "\u0932\u094d", "\u0d7e": "\u0933\u094d", "\u0d7f": "\u0915\u094d",
                 "\u0d4e": "\u0930\u094d"}
# Bengali and Assamese write va with the letter of ba; both read "b" in names (Bishnu) and "v" in Sanskrit.
_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i", "й": "y",
    "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f",
    "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya", "і": "i", "ї": "yi", "є": "ye", "ґ": "g",
    # the letters Central Asian, Mongolian, Belarusian and South Slavic Cyrillic add (Tajik Друҳю, Пуруҳо; Kazakh
    # Үндістан; Serbian Ђ, Macedonian Ѓ): without them a name written in those languages was never read as one
    "ҳ": "h", "ҷ": "j", "қ": "q", "ғ": "gh", "ӣ": "i", "ӯ": "u", "ә": "a", "ң": "ng", "ү": "u", "ұ": "u", "ө": "o",
    "һ": "h", "җ": "j", "ў": "u", "ђ": "dj", "ј": "y", "љ": "lj", "њ": "nj", "ћ": "c", "џ": "dzh", "ѓ": "gj",
    "ќ": "kj", "ѕ": "dz",
}
_SCRIPT_RANGES = [(0x0400, 0x04FF, "cyrillic"), (0x0370, 0x03FF, "greek"), (0x0600, 0x06FF, "arabic"),
                  (0x4E00, 0x9FFF, "han"), (0x3040, 0x30FF, "kana"), (0xAC00, 0xD7AF, "hangul"), (0x0E00, 0x0E7F, "thai"),
                  (0x3400, 0x4DBF, "han"), (0xF900, 0xFAFF, "han")] + letters.RANGES
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|[\u0900-\u0d7f" + letters.WORD_MARKS + r"])*|[\u0900-\u0d7f\u0e00-\u0e7f]+")


def script_of(ch: str) -> str:
    """The script of one character: "latin", "cyrillic", a Brahmic script's name, another, or ""."""
    code = ord(ch)
    for name, base in BRAHMIC_BLOCKS.items():
        if base <= code < base + 0x80:
            return name
    if 0x1CD0 <= code <= 0x1CFF or 0xA8E0 <= code <= 0xA8FF:
        return "devanagari"  # Vedic marks
    for low, high, name in _SCRIPT_RANGES:
        if low <= code <= high:
            return name
    if ch.isalpha():
        return "latin" if code < 0x0250 or 0x1E00 <= code <= 0x1EFF else "other"
    return ""


def script_counts(text: str) -> Dict[str, int]:
    """How many letters of each script the text has (marks count with their letters)."""
    counts: Dict[str, int] = {}
    for ch in text:
        name = script_of(ch)
        if name and (ch.isalpha() or unicodedata.category(ch).startswith("M")):
            counts[name] = counts.get(name, 0) + 1
    return counts


def main_script(text: str) -> str:
    """The script most of the text's letters are in ("latin" for an empty or digit-only text)."""
    counts = script_counts(text)
    return max(counts.items(), key=lambda item: item[1])[0] if counts else "latin"


def to_devanagari(text: str) -> str:
    """Any Brahmic script → Devanagari by block offset; other characters unchanged."""
    out: List[str] = []
    for ch in text:
        ch = _BEFORE_OFFSET.get(ch, ch)
        if not ch:
            continue
        if ch in _OUTSIDE_PLAN:
            out.append(_OUTSIDE_PLAN[ch])
            continue
        code = ord(ch)
        for name, base in BRAHMIC_BLOCKS.items():
            if name != "devanagari" and base <= code < base + 0x80:
                ch = chr(0x0900 + code - base)
                break
        out.append(_DEVA_FIX.get(ch, ch))
    return "".join(out)


def _anusvara(iast: str) -> str:
    """Hindi and the modern scripts write a nasal before a consonant as anusvāra (इंद्र): read it as the
    nasal of that consonant's class, as Sanskrit spells it (indra, śaṅkara → n/m)."""
    return re.sub(r"ṃ(?=[pbm])", "m", re.sub(r"ṃ(?=[kgcjṭḍtdn])", "n", iast))


def brahmic_to_iast(text: str) -> str:
    """A word or text in any Brahmic script in IAST (via Devanagari)."""
    return _anusvara(deva_to_iast(to_devanagari(text)))


def cyrillic_to_latin(text: str) -> str:
    """Russian (and Ukrainian) letters romanised one by one, case kept on the first letter."""
    out: List[str] = []
    for ch in text:
        latin = _CYRILLIC.get(ch.lower())
        if latin is None:
            out.append(ch)
        else:
            out.append(latin.capitalize() if ch.isupper() and latin else latin)
    return "".join(out)


# Japanese kana → romaji (Hepburn), katakana and hiragana alike: how Japanese writes foreign names
# (ヴリトラ vṛtra, アグニ agni); small kana and the long mark are read with the letter before them
_KANA_ROWS = {
    "": "アイウエオ", "k": "カキクケコ", "g": "ガギグゲゴ", "s": "サシスセソ", "z": "ザジズゼゾ", "t": "タチツテト",
    "d": "ダヂヅデド", "n": "ナニヌネノ", "h": "ハヒフヘホ", "b": "バビブベボ", "p": "パピプペポ", "m": "マミムメモ",
    "y": "ヤ ユ ヨ", "r": "ラリルレロ", "w": "ワヰ ヱヲ", "v": "ヴァヴィヴヴェヴォ",
}
_KANA: Dict[str, str] = {}
for _consonant, _row in _KANA_ROWS.items():
    if _consonant == "v":
        _KANA.update({"ヴァ": "va", "ヴィ": "vi", "ヴ": "vu", "ヴェ": "ve", "ヴォ": "vo"})
        continue
    for _vowel, _kana in zip("aiueo", _row):
        if _kana != " ":
            _KANA[_kana] = _consonant + _vowel
_KANA.update({"シ": "shi", "チ": "chi", "ツ": "tsu", "フ": "fu", "ジ": "ji", "ヂ": "ji", "ヅ": "zu", "ン": "n",
              "ャ": "ya", "ュ": "yu", "ョ": "yo", "ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o", "ッ": "",
              "ー": "", "ヮ": "wa"})


def kana_to_latin(text: str) -> str:
    """Kana (either syllabary) in Latin letters; a small kana softens the syllable before it (ティ ti,
    シャ sha, ファ fa); the long mark and the small tsu (a doubled consonant) are dropped, as Sanskrit
    names never need them. Other characters unchanged."""
    kata = "".join(chr(ord(c) + 0x60) if 0x3041 <= ord(c) <= 0x3096 else c for c in text)
    out: List[str] = []
    i = 0
    while i < len(kata):
        pair = kata[i:i + 2]
        if len(pair) == 2 and pair in _KANA:
            out.append(_KANA[pair])
            i += 2
            continue
        ch = kata[i]
        latin = _KANA.get(ch)
        if latin is None:
            out.append(ch)
        elif ch in "ャュョ" and out and len(out[-1]) >= 2 and out[-1].endswith("i"):
            out[-1] = out[-1][:-1] + ("" if out[-1][-2] in "hj" else "y") + latin[-1]  # キャ kya, シャ sha
        elif ch in "ァィゥェォ" and out and len(out[-1]) >= 2:
            out[-1] = out[-1][:-1] + latin  # ティ ti, ファ fa, ドゥ du
        else:
            out.append(latin)
        i += 1
    return "".join(out)


# Korean Hangul → Latin letters: a syllable block is computed into its lead consonant, vowel and final
# consonant (Unicode lays the 11,172 blocks out as 0xAC00 + (lead·21 + vowel)·28 + final), so every word of
# Hangul is read without a table of words. Korean writes a foreign name's consonant clusters with the vowel ㅡ
# (인드라 in-deu-ra: Indra, 브리트라: Vṛtra) and v with ㅂ (바루나: Varuṇa); ``pyapp.reading.names`` tries
# the word without them. The vowels are spelt as Sanskrit names would have them (ㅓ o, ㅐ e), not by the
# Revised Romanization (eo, ae), since the words read so are names and Sanskrit loans (아트만: ātman).
_HANGUL_LEAD = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"]
_HANGUL_VOWEL = ["a", "e", "ya", "ye", "o", "e", "yo", "ye", "o", "wa", "we", "oe", "yo", "u", "wo", "we", "wi",
                 "yu", "eu", "ui", "i"]
_HANGUL_FINAL = ["", "k", "k", "ks", "n", "nj", "nh", "t", "l", "lk", "lm", "lb", "ls", "lt", "lp", "lh", "m", "p",
                 "ps", "t", "t", "ng", "t", "t", "k", "t", "p", "t"]


def hangul_to_latin(text: str) -> str:
    """Hangul syllables in Latin letters (see above); other characters unchanged. A final ㅅ before a vowel
    is read s (마루트 ma-ru-teu stays marut after ㅡ is dropped), ㄹ between vowels r."""
    out: List[str] = []
    for ch in text:
        code = ord(ch) - 0xAC00
        if not 0 <= code < 11172:
            out.append(ch)
            continue
        lead, vowel, final = code // 588, (code % 588) // 28, code % 28
        out.append(_HANGUL_LEAD[lead] + _HANGUL_VOWEL[vowel] + _HANGUL_FINAL[final])
    return "".join(out)


# Greek letters → Latin (how Greek writes foreign names: Ίντρα, Βαρούνα); ου is u, ντ d, μπ b, γκ g
_GREEK = {"α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i", "κ": "k",
          "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "ς": "s", "τ": "t",
          "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o"}


def greek_to_latin(text: str) -> str:
    """Greek letters in Latin letters (accents dropped, ου u, ντ d, μπ b, γκ g)."""
    bare = strip_marks(text.lower())
    for pair, latin in (("ου", "u"), ("ντ", "nd"), ("μπ", "b"), ("γκ", "g")):
        bare = bare.replace(pair, latin)
    return "".join(_GREEK.get(c, c) for c in bare)


def romanise(text: str) -> str:
    """The text with every word of a non-Latin script it can read in Latin letters (IAST for the Brahmic
    scripts; Hebrew, Arabic, Thai, Georgian, Armenian and Ethiopic by ``pyapp.reading.letters``)."""
    def swap(match: "re.Match[str]") -> str:
        word = match.group(0)
        script = main_script(word)
        if script in BRAHMIC_BLOCKS:
            return brahmic_to_iast(word)
        if script == "cyrillic":
            return cyrillic_to_latin(word)
        if script == "kana":
            return kana_to_latin(word)
        if script == "greek":
            return greek_to_latin(word)
        if script == "hangul":
            return hangul_to_latin(word)
        return letters.to_latin(word, script)

    return _WORD.sub(swap, text)


def words_of(text: str) -> List[str]:
    """Word tokens of any script (Brahmic words keep their vowel signs and viramas)."""
    return _WORD.findall(unicodedata.normalize("NFC", text))


__all__ = ["BRAHMIC_BLOCKS", "brahmic_to_iast", "cyrillic_to_latin", "greek_to_latin", "hangul_to_latin", "kana_to_latin", "main_script", "romanise", "script_counts",
           "script_of", "to_devanagari", "words_of"]
