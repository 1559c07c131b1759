"""Four more Brahmic scripts in Latin letters: Myanmar (Burmese), Lao, Khmer and Sinhala.

Why: a god's or the RigVeda's name is evidence in any script (ရိဂ်ဝေဒ, ຣິກເວດ, ព្រះឥន្ទ្រ, අග්නි), and these
scripts descend from the same Brahmi letters as Devanagari, so their consonants carry Sanskrit values
(Myanmar ဘ bh, Lao ພ bh, Khmer ធ dh, Sinhala ශ ś). Unlike the scripts of India they are not laid out on
Devanagari's plan in Unicode, so each has a small table here instead of a block offset
(``pyapp.reading.script``). One reader serves all four: a consonant keeps the inherent vowel a unless a
vowel sign follows or a sign kills it (Myanmar asat ် and virama ္, Khmer coeng ្, Sinhala al-lakuna ්, Lao
cancel ໌); Lao writes some vowels before their consonant, as Thai does, and they are put after it.
The keys are for comparing names loosely (``pyapp.reading.names``), not scholarly transliteration.
Pure Python, tables only.
"""
from __future__ import annotations

from typing import Dict, List, Sequence, Tuple


def _table(letters: str, values: Sequence[str]) -> Dict[str, str]:
    keys = letters.split()
    assert len(keys) == len(values), (len(keys), len(values))
    return dict(zip(keys, values))


# --- Myanmar ---
_MY_CONSONANTS = _table("က ခ ဂ ဃ င စ ဆ ဇ ဈ ဉ ည ဋ ဌ ဍ ဎ ဏ တ ထ ဒ ဓ န ပ ဖ ဗ ဘ မ ယ ရ လ ဝ သ ဟ ဠ ဿ",
                        "k kh g gh ṅ c ch j jh ñ ñ ṭ ṭh ḍ ḍh ṇ t th d dh n p ph b bh m y r l v s h ḷ s".split())
# (ဿ, the doubled sa of Pali spelling, is read as one s: သရဿဝတီ sarasavatī, one letter from sarasvatī)
_MY_INDEPENDENT = _table("အ ဣ ဤ ဥ ဦ ဧ ဩ ဪ", "a i ī u ū e o au".split())
_MY_SIGNS = {"ော": "o", "ေါ": "o", "ို": "o", "ါ": "ā", "ာ": "ā", "ိ": "i", "ီ": "ī", "ု": "u", "ူ": "ū", "ေ": "e",
             "ဲ": "ai", "ံ": "ṃ"}
_MY_MEDIALS = {"ျ": "y", "ြ": "r", "ွ": "v", "ှ": "h"}
_MY_KILL = "\u103a\u1039"  # asat, virama
_MY_SILENT = "\u1037\u1038"  # tone marks

# --- Lao (Sanskrit values, as Thai: ຄ g, ທ d, ພ bh) ---
_LO_CONSONANTS = _table("ກ ຂ ຄ ງ ຈ ສ ຊ ຍ ດ ຕ ຖ ທ ນ ບ ປ ຜ ຝ ພ ຟ ມ ຢ ຣ ລ ວ ຫ ອ ຮ",
                        "k kh g ṅ c s j ñ d t th d n b p ph f bh f m y r l v h  h".split(" "))
_LO_SIGNS = {"ະ": "a", "ັ": "a", "າ": "ā", "ຳ": "am", "ິ": "i", "ີ": "ī", "ຶ": "u", "ື": "u", "ຸ": "u", "ູ": "ū",
             "ົ": "o", "ຽ": "ia", "ໍ": "o", "ຼ": "l"}
_LO_BEFORE = {"ເ": "e", "ແ": "e", "ໂ": "o", "ໄ": "ai", "ໃ": "ai"}
_LO_SILENT = "\u0ec8\u0ec9\u0eca\u0ecb\u0ec6"  # tone marks, repetition
_LO_KILL = "\u0ecc"  # cancellation mark: the letter before it is not sounded

# --- Khmer ---
_KM_CONSONANTS = _table("ក ខ គ ឃ ង ច ឆ ជ ឈ ញ ដ ឋ ឌ ឍ ណ ត ថ ទ ធ ន ប ផ ព ភ ម យ រ ល វ ឝ ឞ ស ហ ឡ អ",
                        "k kh g gh ṅ c ch j jh ñ ḍ ṭh ḍ ḍh ṇ t th d dh n b ph bh bh m y r l v ś ṣ s h ḷ ".split(" "))
_KM_INDEPENDENT = _table("ឥ ឦ ឧ ឩ ឪ ឫ ឬ ឭ ឮ ឯ ឰ ឱ ឳ", "i ī u ū au ṛ ṝ ḷ ḹ e ai o au".split())
_KM_SIGNS = {"ា": "ā", "ិ": "i", "ី": "ī", "ឹ": "u", "ឺ": "u", "ុ": "u", "ូ": "ū", "ួ": "ua", "ើ": "ae", "ឿ": "ua",
             "ៀ": "ia", "េ": "e", "ែ": "ae", "ៃ": "ai", "ោ": "o", "ៅ": "au", "ំ": "ṃ", "ះ": "ḥ"}
_KM_KILL = "\u17d2\u17cd"  # coeng (the next consonant is written under this one), the silencer
_KM_SILENT = "\u17c9\u17ca\u17cb\u17cc\u17ce\u17cf\u17d0\u17c8"

# --- Sinhala ---
_SI_CONSONANTS = _table("ක ඛ ග ඝ ඞ ඟ ච ඡ ජ ඣ ඤ ඥ ඦ ට ඨ ඩ ඪ ණ ඬ ත ථ ද ධ න ඳ ප ඵ බ භ ම ඹ ය ර ල ව ශ ෂ ස හ ළ ෆ",
                        "k kh g gh ṅ ṅg c ch j jh ñ jñ ñj ṭ ṭh ḍ ḍh ṇ ṇḍ t th d dh n nd p ph b bh m mb y r l v ś ṣ s h "
                        "ḷ f".split())
_SI_INDEPENDENT = _table("අ ආ ඇ ඈ ඉ ඊ උ ඌ ඍ ඎ ඏ ඐ එ ඒ ඓ ඔ ඕ ඖ", "a ā a ā i ī u ū ṛ ṝ ḷ ḹ e e ai o o au".split())
_SI_SIGNS = {"ො": "o", "ෝ": "o", "ෞ": "au", "ා": "ā", "ැ": "a", "ෑ": "ā", "ි": "i", "ී": "ī", "ු": "u", "ූ": "ū",
             "ෘ": "ṛ", "ෲ": "ṝ", "ෙ": "e", "ේ": "e", "ෛ": "ai", "ං": "ṃ", "ඃ": "ḥ"}
_SI_KILL = "\u0dca"  # al-lakuna (virama)


def _abugida(text: str, consonants: Dict[str, str], independent: Dict[str, str], signs: Dict[str, str],
             kill: str, silent: str = "", medials: Dict[str, str] = None, before: Dict[str, str] = None,
             cancel: str = "", inherent: str = "a") -> str:
    """The shared reader (see the module docstring): each consonant with the vowel its signs give, the
    inherent a where none does and no sign kills it."""
    medials = medials or {}
    before = before or {}
    out: List[str] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in silent:
            i += 1
            continue
        pre = ""
        if ch in before and i + 1 < n and text[i + 1] in consonants:
            pre, i = before[ch], i + 1
            ch = text[i]
        if ch in consonants:
            if cancel and i + 1 < n and text[i + 1] == cancel:  # not sounded (Lao ໌)
                i += 2
                continue
            out.append(consonants[ch])
            i += 1
            while i < n and text[i] in medials:
                out.append(medials[text[i]])
                i += 1
            while i < n and text[i] in silent:
                i += 1
            vowel, killed = "", False
            while i < n:
                pair = text[i:i + 2]
                if len(pair) == 2 and pair in signs:
                    vowel += signs[pair]
                    i += 2
                elif text[i] in signs:
                    vowel += signs[text[i]]
                    i += 1
                elif text[i] in kill:
                    killed = True
                    i += 1
                elif text[i] in silent:
                    i += 1
                else:
                    break
            if pre:
                out.append(pre + vowel.replace("a", "", 1) if vowel.startswith("a") else pre + vowel)
            elif vowel:
                # a nasal or visarga sign alone follows the inherent vowel (ံ: -aṃ)
                out.append(("a" + vowel) if vowel[:1] in "ṃḥ" else vowel)
            elif not killed:
                out.append(inherent)
            continue
        if ch in independent:
            out.append(independent[ch])
        elif ch in signs:
            out.append(signs[ch])
        elif ch in before:
            out.append(before[ch])
        elif ch not in kill:
            out.append(ch)
        i += 1
    return "".join(out)


def myanmar_to_latin(text: str) -> str:
    """Myanmar letters in Latin letters (ရိဂ်ဝေဒ rigveda, သရဿဝတီ sarassavatī)."""
    return _abugida(text, _MY_CONSONANTS, _MY_INDEPENDENT, _MY_SIGNS, _MY_KILL, _MY_SILENT, _MY_MEDIALS)


def lao_to_latin(text: str) -> str:
    """Lao letters in Latin letters (ຣິກເວດ rikved → Rigveda by skeleton; ອັກນີ aknī). Lao writes the vowel of
    every open syllable, so a bare consonant closes its syllable: no inherent a, as in Thai."""
    return _abugida(text, _LO_CONSONANTS, {}, _LO_SIGNS, "", _LO_SILENT, before=_LO_BEFORE, cancel=_LO_KILL,
                    inherent="")


def khmer_to_latin(text: str) -> str:
    """Khmer letters in Latin letters (ឥន្ទ្រ indra, អគ្និ agni)."""
    return _abugida(text, _KM_CONSONANTS, _KM_INDEPENDENT, _KM_SIGNS, _KM_KILL, _KM_SILENT)


def sinhala_to_latin(text: str) -> str:
    """Sinhala letters in Latin letters (අග්නි agni, ඉන්ද්‍ර indra); the joiner in ්‍ර is dropped."""
    return _abugida(text.replace("\u200d", ""), _SI_CONSONANTS, _SI_INDEPENDENT, _SI_SIGNS, _SI_KILL)


TO_LATIN = {"myanmar": myanmar_to_latin, "lao": lao_to_latin, "khmer": khmer_to_latin, "sinhala": sinhala_to_latin}
RANGES: List[Tuple[int, int, str]] = [(0x1000, 0x109F, "myanmar"), (0x0E80, 0x0EFF, "lao"), (0x1780, 0x17FF, "khmer"),
                                      (0x19E0, 0x19FF, "khmer"), (0x0D80, 0x0DFF, "sinhala")]
# the marks (vowel signs, viramas, tone marks) that continue a word in these scripts
WORD_MARKS = "\u1000-\u109f\u0e80-\u0eff\u1780-\u17ff\u0d80-\u0dff\u200d"  # ZWJ: Sinhala ්‍ර
# titles written before a god's name (Lao ພະ, Khmer ព្រះ "phra", as Thai พระ)
HONORIFICS = {"lao": ["ພະ", "ພຣະ"], "khmer": ["ព្រះ"], "myanmar": [], "sinhala": []}
# scripts whose keys are compared by consonant skeleton (Lao, like Thai, writes vowels loosely)
SKELETAL = {"lao"}

__all__ = ["HONORIFICS", "RANGES", "SKELETAL", "TO_LATIN", "WORD_MARKS", "khmer_to_latin", "lao_to_latin",
           "myanmar_to_latin", "sinhala_to_latin"]
