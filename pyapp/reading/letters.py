"""Six more scripts in Latin letters: Hebrew, Arabic (and Persian, Urdu), Thai, Georgian, Armenian, Ethiopic
(and, through ``pyapp.reading.abugidas``, Myanmar, Lao, Khmer and Sinhala).

Why: a god's or the RigVeda's name is evidence in any script (אגני, آگنی, อัคนี, აგნი, Ագնի, አግኒ), and the
names lexicon is keyed by romanised spellings. These romanisations are not scholarly transliterations: they
exist to put a name into a Latin key that ``pyapp.reading.names`` then compares with the lexicon loosely
(voicing and vowels aside). Hebrew and Arabic write few vowels, so their keys are compared by consonant
skeleton; Thai is Brahmic at heart (its letters were made for Pali and Sanskrit: ค g, ท d, ภ bh), so its
Sanskrit values are used, with the vowels written before their consonant (เ แ โ ไ ใ) put after it. Georgian
and Armenian are alphabets, letter for letter; Ethiopic is a syllabary whose code points run in rows of
eight (consonant × vowel order), so one small table of row consonants reads every syllable.
Pure Python, tables only.
"""
from __future__ import annotations

from typing import List

from pyapp.diacritics import strip_marks
from pyapp.reading import abugidas

# --- Hebrew: vowel letters (א ו י ה) read as vowels where a name needs them ---
_HEBREW = {"א": "a", "ב": "b", "ג": "g", "ד": "d", "ה": "h", "ו": "u", "ז": "z", "ח": "kh", "ט": "t", "י": "i",
           "כ": "k", "ך": "k", "ל": "l", "מ": "m", "ם": "m", "נ": "n", "ן": "n", "ס": "s", "ע": "", "פ": "p",
           "ף": "f", "צ": "ts", "ץ": "ts", "ק": "k", "ר": "r", "ש": "sh", "ת": "t"}
# one-letter prefixes glued to a Hebrew word (ב in, ה the, ו and, ל to, מ from, ש that, כ as)
HEBREW_PREFIXES = "בהולמשכ"


def hebrew_to_latin(text: str) -> str:
    """Hebrew in Latin letters: points dropped; וו is v, a lone ו a vowel (u); א before a vowel letter is
    silent (אינדרה indra); a final ה is the vowel a (ריגוודה rigvda)."""
    bare = strip_marks(text)
    bare = bare.replace("וו", "V").replace("׳", "").replace("'", "")
    out: List[str] = []
    for i, ch in enumerate(bare):
        nxt = bare[i + 1] if i + 1 < len(bare) else ""
        end = not nxt or not ("\u05d0" <= nxt <= "\u05ea" or nxt == "V")
        if ch == "V":
            out.append("v")
        elif ch == "א":
            out.append("" if nxt and nxt in "יו" else "a")
        elif ch == "ה" and end and i > 0:
            out.append("a")
        elif ch == "ו" and i == 0:
            out.append("v")
        else:
            out.append(_HEBREW.get(ch, ch))
    return "".join(out)


# --- Arabic script (Arabic, Persian, Urdu) ---
_ARABIC = {"ا": "a", "آ": "a", "أ": "a", "إ": "i", "ب": "b", "پ": "p", "ت": "t", "ث": "s", "ج": "j", "چ": "ch",
           "ح": "h", "خ": "kh", "د": "d", "ذ": "z", "ر": "r", "ز": "z", "ژ": "zh", "س": "s", "ش": "sh", "ص": "s",
           "ض": "z", "ط": "t", "ظ": "z", "ع": "", "غ": "gh", "ف": "f", "ق": "k", "ک": "k", "ك": "k", "گ": "g",
           "ل": "l", "م": "m", "ن": "n", "و": "u", "ه": "h", "ہ": "h", "ھ": "h", "ی": "i", "ي": "i", "ى": "a",
           "ة": "a", "ء": "", "ئ": "i", "ؤ": "u", "ے": "e", "ٹ": "t", "ڈ": "d", "ڑ": "r", "ں": "n",
           "\u200c": "", "ـ": "",
           # Sindhi's and Pashto's own letters (ڪ k, ٻ b, ڏ d …; ټ t, ګ g, ښ sh …)
           "ڪ": "k", "ٻ": "b", "ڄ": "j", "ڃ": "ny", "ڇ": "ch", "ڊ": "d", "ڌ": "dh", "ڍ": "d", "ڏ": "d", "ڙ": "r",
           "ڦ": "ph", "ڳ": "g", "ڱ": "ng", "ٺ": "th", "ٽ": "t", "ٿ": "th", "ڻ": "n", "ټ": "t", "ډ": "d", "ړ": "r",
           "ښ": "sh", "ږ": "zh", "ګ": "g", "ڼ": "n", "ې": "e", "ۍ": "i"}
ARABIC_PREFIXES = ("ال", "وال", "بال", "لل", "و", "ب", "ل")


def arabic_to_latin(text: str) -> str:
    """Arabic letters in Latin letters: short-vowel marks dropped; ا before ی/و is silent (ایندرا indra);
    a word-initial و is v (ودا vda); a final ه is the vowel a."""
    bare = "".join(c for c in text if not ("\u064b" <= c <= "\u065f" or c == "\u0670"))
    out: List[str] = []
    for i, ch in enumerate(bare):
        nxt = bare[i + 1] if i + 1 < len(bare) else ""
        prev = bare[i - 1] if i else ""
        if ch in "اأ" and nxt and nxt in "یيو":
            out.append("")
        elif ch == "و" and (i == 0 or prev == "\u200c" or (prev and prev in "اآ" and nxt and nxt in "اآ")):
            out.append("v")
        elif ch in "هہ" and i > 0 and not nxt:
            out.append("a")
        else:
            out.append(_ARABIC.get(ch, ch))
    return "".join(out)


# --- Thai: the Sanskrit values of its letters ---
_THAI_CONSONANTS = {"ก": "k", "ข": "kh", "ฃ": "kh", "ค": "g", "ฅ": "kh", "ฆ": "gh", "ง": "ng", "จ": "c", "ฉ": "ch",
                    "ช": "j", "ซ": "s", "ฌ": "jh", "ญ": "ñ", "ฎ": "d", "ฏ": "t", "ฐ": "th", "ฑ": "d", "ฒ": "dh",
                    "ณ": "n", "ด": "d", "ต": "t", "ถ": "th", "ท": "d", "ธ": "dh", "น": "n", "บ": "b", "ป": "p",
                    "ผ": "ph", "ฝ": "f", "พ": "bh", "ฟ": "f", "ภ": "bh", "ม": "m", "ย": "y", "ร": "r", "ล": "l",
                    "ว": "v", "ศ": "ś", "ษ": "ṣ", "ส": "s", "ห": "h", "ฬ": "l", "อ": "", "ฮ": "h", "ฤ": "ṛ",
                    "ฦ": "l"}
_THAI_VOWELS = {"ะ": "a", "ั": "a", "า": "a", "ำ": "am", "ิ": "i", "ี": "i", "ึ": "u", "ื": "u", "ุ": "u", "ู": "u",
                "ๅ": "", "็": "", "่": "", "้": "", "๊": "", "๋": "", "ฺ": "", "ํ": "m", "ๆ": ""}
_THAI_BEFORE = {"เ": "e", "แ": "e", "โ": "o", "ไ": "ai", "ใ": "ai"}  # written before the consonant they follow
THAI_HONORIFIC = "พระ"  # "phra", the title written before a god's name (พระอินทร์)


def thai_to_latin(text: str) -> str:
    """Thai in Latin letters (Sanskrit values: ค g, ท d, พ bh); a vowel written before its consonant comes
    after it; a letter under the silencer ์ is dropped (อินทร์ int); tone marks dropped."""
    chars = list(text)
    out: List[str] = []
    i = 0
    while i < len(chars):
        ch = chars[i]
        if ch in _THAI_BEFORE and i + 1 < len(chars) and chars[i + 1] in _THAI_CONSONANTS:
            out += [_THAI_CONSONANTS[chars[i + 1]], _THAI_BEFORE[ch]]
            i += 2
            continue
        if i + 1 < len(chars) and chars[i + 1] == "\u0e4c":  # thanthakhat: this letter is not sounded
            i += 2
            continue
        if ch in _THAI_CONSONANTS:
            out.append(_THAI_CONSONANTS[ch])
        elif ch in _THAI_BEFORE:
            out.append(_THAI_BEFORE[ch])
        elif ch in _THAI_VOWELS:
            out.append(_THAI_VOWELS[ch])
        else:
            out.append(ch)
        i += 1
    return "".join(out)


# --- Georgian (Mkhedruli) ---
_GEORGIAN = dict(zip("აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ",
                     ["a", "b", "g", "d", "e", "v", "z", "t", "i", "k", "l", "m", "n", "o", "p", "zh", "r", "s",
                      "t", "u", "p", "k", "gh", "q", "sh", "ch", "ts", "dz", "ts", "ch", "kh", "j", "h"]))

# --- Armenian (capitals are the small letters 0x30 lower) ---
_ARMENIAN = dict(zip("աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ",
                     ["a", "b", "g", "d", "e", "z", "e", "y", "t", "zh", "i", "l", "kh", "ts", "k", "h", "dz", "gh",
                      "ch", "m", "y", "n", "sh", "o", "ch", "p", "j", "r", "s", "v", "t", "r", "ts", "v", "p", "k",
                      "o", "f"]))


def georgian_to_latin(text: str) -> str:
    return "".join(_GEORGIAN.get(c, c) for c in text)


def armenian_to_latin(text: str) -> str:
    """Armenian letter for letter; ու is u."""
    lower = "".join(chr(ord(c) + 0x30) if 0x0531 <= ord(c) <= 0x0556 else c for c in text)
    return "".join(_ARMENIAN.get(c, c) for c in lower.replace("ու", "u"))


# --- Ethiopic: rows of eight (consonant × vowel order) from U+1200 ---
_ETHIOPIC_ROWS = {0x1200: "h", 0x1208: "l", 0x1210: "h", 0x1218: "m", 0x1220: "s", 0x1228: "r", 0x1230: "s",
                  0x1238: "sh", 0x1240: "q", 0x1260: "b", 0x1268: "v", 0x1270: "t", 0x1278: "ch", 0x1280: "h",
                  0x1290: "n", 0x1298: "ny", 0x12A0: "", 0x12A8: "k", 0x12B8: "kh", 0x12C8: "w", 0x12D0: "",
                  0x12D8: "z", 0x12E0: "zh", 0x12E8: "y", 0x12F0: "d", 0x12F8: "d", 0x1300: "j", 0x1308: "g",
                  0x1318: "ng", 0x1320: "t", 0x1328: "ch", 0x1330: "p", 0x1338: "ts", 0x1340: "ts", 0x1348: "f",
                  0x1350: "p"}
_ETHIOPIC_ORDERS = ["a", "u", "i", "a", "e", "", "o", "wa"]


def ethiopic_to_latin(text: str) -> str:
    """Each Ethiopic syllable as its row's consonant and its order's vowel (ሪ ri, ግ g, ቬ ve, ዳ da)."""
    out: List[str] = []
    for ch in text:
        code = ord(ch)
        if 0x1200 <= code <= 0x137F:
            row, order = code - (code - 0x1200) % 8, (code - 0x1200) % 8
            consonant = _ETHIOPIC_ROWS.get(row)
            out.append("" if consonant is None else consonant + _ETHIOPIC_ORDERS[order])
        else:
            out.append(ch)
    return "".join(out)


TO_LATIN = {"hebrew": hebrew_to_latin, "arabic": arabic_to_latin, "thai": thai_to_latin,
            "georgian": georgian_to_latin, "armenian": armenian_to_latin, "ethiopic": ethiopic_to_latin,
            **abugidas.TO_LATIN}  # Myanmar, Lao, Khmer, Sinhala
# scripts whose keys are compared by consonant skeleton: they write few vowels, or not where Sanskrit has them
SKELETAL = {"hebrew", "arabic", "thai"} | abugidas.SKELETAL
# the ranges script.py reads these scripts in (letters and their marks)
RANGES = [(0x0590, 0x05FF, "hebrew"), (0x10A0, 0x10FF, "georgian"), (0x0530, 0x058F, "armenian"),
          (0x1200, 0x139F, "ethiopic")] + abugidas.RANGES
# marks that continue a word in these scripts (Hebrew points, Arabic harakat, Thai vowel and tone signs, ZWNJ)
WORD_MARKS = "\u0591-\u05c7\u064b-\u065f\u0670\u0e00-\u0e7f\u200c" + abugidas.WORD_MARKS


def to_latin(word: str, script: str) -> str:
    """The word in Latin letters when its script is one of these six, else unchanged."""
    convert = TO_LATIN.get(script)
    return convert(word) if convert is not None else word


def prefixes_of(script: str) -> List[str]:
    """Prefixes a word of this script may carry (Hebrew ב ה ו ל…, Arabic ال و ب), longest first."""
    if script == "hebrew":
        return list(HEBREW_PREFIXES)
    if script == "arabic":
        return list(ARABIC_PREFIXES)
    if script == "thai":
        return [THAI_HONORIFIC]
    return list(abugidas.HONORIFICS.get(script, []))


__all__ = ["RANGES", "SKELETAL", "TO_LATIN", "WORD_MARKS", "prefixes_of", "to_latin"]
