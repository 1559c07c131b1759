"""Names of the hymns' world in any script: gods, seers, hymns and the RigVeda itself.

Why: a name is the strongest evidence that a question is about the RigVeda, whatever language it is asked
in. "Индра", "अग्नि", "অগ্নি", "இந்திரன்", "ऋग्वेद", "Ригведа" are romanised (``pyapp.reading.script``) and
then looked up in the lexicon built from the index (``pyapp.lexicon``), so every name the index knows is
known in every script without a table of names per language. A language inflects names (Индры, Ригведе,
ঋগ্বেদে, Telugu ఇంద్రుడు, Tamil இந்திரன்): the word is also tried without its last one or two letters
(and with the stem vowel -a back). Tamil writes no voiced or aspirated stops and splits clusters with a
vowel, so a Tamil word is also compared by its consonants alone ("intiran" ~ "indra"), only for names of
three consonants or more that begin alike. Hebrew, Arabic-script and Thai words are read into Latin keys
by ``pyapp.reading.letters`` and compared the same way, by consonant skeleton (אגני, ריגוודה, آگنی,
ริคเวท), with their glued prefixes (ב, ال, พระ) tried off; Georgian, Armenian and Ethiopic are alphabets
read letter for letter. A key of another script that still meets no name is allowed one edit against the
names that begin with its letter and are as long (six letters or more; not for the abjads), so a spelling one letter off
(a Thai silent letter, a Hebrew vowel letter) still finds its god.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from pydantic import BaseModel, Field

from pyapp.lexicon import Lexicon, norm
from pyapp.reading import any_script, letters
from pyapp.reading.script import (BRAHMIC_BLOCKS, brahmic_to_iast, cyrillic_to_latin, greek_to_latin, hangul_to_latin,
                                  kana_to_latin,
                                  main_script, words_of)

_LOOSE = str.maketrans({"g": "k", "d": "t", "b": "p", "j": "c", "v": "v", "w": "v", "z": "s"})
_SKELETON: Dict[int, Dict[str, str]] = {}
# words of the RigVeda's own name that say "the RigVeda" (a bare "veda" may be any of the four)
_RIGVEDA_KEYS = {"rigveda", "rig veda", "rgveda", "rg veda", "rk veda", "rigvedic", "rgvedic", "rigveda samhita"}


class FoundName(BaseModel):
    """One name found in the question: as typed, as the app writes it, and what it is."""

    typed: str  # "Индры"
    name: str  # "Indra" (display spelling) or "Rigveda"
    key: str  # the lexicon key ("indra")
    kind: str = "name"  # "name" | "rigveda" | "term" (a word of the verses' Sanskrit, loose reading only)


class NameReading(BaseModel):
    names: List[FoundName] = Field(default_factory=list)

    @property
    def rigveda(self) -> bool:
        return any(n.kind == "rigveda" for n in self.names)

    @property
    def gods(self) -> List[str]:
        return list(dict.fromkeys(n.name for n in self.names if n.kind == "name"))


def _loose(key: str) -> str:
    key = re.sub(r"(?<=[kgcjtdpb])h", "", key)
    return key.translate(_LOOSE)


def _consonants(key: str) -> str:
    return re.sub(r"[aeiou\s]", "", _loose(key))


def _skeletons(lexicon: Lexicon) -> Dict[str, str]:
    table = _SKELETON.get(id(lexicon))
    if table is None:
        table = {}
        for key in sorted(lexicon.names):
            if len(key) >= 4:
                table.setdefault(_loose(key), key)
                bones = _consonants(key)
                if len(bones) >= 3:  # Tamil: by consonants and first letter
                    table.setdefault("#" + _loose(key)[:1] + bones, key)
        _SKELETON.clear()  # one lexicon at a time (the index's)
        _SKELETON[id(lexicon)] = table
    return table


# Tamil case endings (accusative -ai with its doubled consonant, dative -ukku, locative -il, -in, -āl)
# and the same with -um "and, too" (இந்திரனுக்கும் intiran-ukkum, விஷ்ணுவுக்கும் viṣṇu-v-ukkum), -iṭam "to", -uṭaṉ "with";
# tried in this order, the longer first
_TAMIL_ENDINGS = ("kkaḷukku", "kaḷukku", "kkaḷiṉ", "kaḷiṉ", "kkaḷin", "kaḷin", "kkaḷai", "kaḷai", "kkaḷā", "kaḷā",
                  "kkaḷ", "kaḷ", "ukkum", "aiyum", "uṭaṉum", "ōṭum", "iṭam", "iṉum", "inum", "aip", "aik", "ait", "aic", "ai", "ukku", "ukk",
                  "ku", "il", "in", "āl", "al", "ōṭu", "uṭaṉ", "utan", "um")
# the plural -kaḷ (-kkaḷ after a short vowel) with its case endings and the question's -ā (தஸ்யுக்கள் tasyu-kkaḷ,
# திராவிடர்களா tirāviṭar-kaḷ-ā) stand first: a name's own -n comes off after them
# Tamil splits a Sanskrit cluster with a vowel after a doubled stop (ருத்திரன் ruttiran: Rudra, அக்கினி akkini: Agni,
# மித்திரன் mittiran: Mitra): the same word without them
_TAMIL_CLUSTER = re.compile(r"([bcdfghjklmnpqrstvwxyz])\1[iu](?=[bcdfghjklmnpqrstvwxyz])")
# Telugu, Kannada and Malayalam case endings the same way (ఇంద్రునికి indru-niki, విష్ణువుకు viṣṇu-v-uku,
# ಇಂದ್ರನಿಗೆ indra-nige, ವಿಷ್ಣುವಿನ viṣṇu-v-ina, ഇന്ദ്രന്റെ indra-nṟe): the name is what is left, a glide v/y after its
# last vowel dropped
_DRAVIDIAN_ENDINGS = {
    "telugu": ("uniki", "udiki", "unitō", "uniko", "uḍiki", "uku", "iki", "ki", "ku", "ni", "tō", "to", "lō", "lo", "yokka"),
    "kannada": ("anige", "nige", "inalli", "alli", "annu", "inda", "ige", "ina", "na", "ge", "u"),
    "malayalam": ("nṟe", "nte", "ṉṟe", "inṟe", "inte", "inu", "ine", "ōṭ", "il", "e"),
}
# scripts that write va with the letter of ba (Bengali, Assamese, Odia in everyday spelling)
_BA_FOR_VA = {"bengali", "oriya"}
_CONSONANT = "bcdfghjklmnpqrstvwxyz"


def _schwa_dropped(key: str) -> List[str]:
    """The word without one inherent a between consonants: modern Indian spelling writes no virama where
    Sanskrit has a cluster (Punjabi ਇੰਦਰ indara, ਰਿਗਵੇਦ rigaveda, Hindi-style इंदर), so indra, rigveda."""
    out = []
    for i in range(1, len(key) - 2):
        if key[i] == "a" and key[i - 1] in _CONSONANT and key[i + 1] in _CONSONANT:
            out.append(key[:i] + key[i + 1:])
    return out


def _kana_variants(latin: str) -> List[str]:
    """Japanese writes every consonant with a vowel (アグニ aguni, ヴリトラ vuritora, ミトラ mitora): the
    same word without the u after a consonant, or the o after t and d, that stands before another
    consonant or at the end (agni, vritra, mitra)."""
    no_o = re.sub(r"(?<=[td])o(?=[bcdfghjklmnpqrstvwz]|$)", "", latin)
    no_u = re.sub(r"(?<=[bcdfghjklmnpqrstvwz])u(?=[bcdfghjklmnpqrstvwz]|$)", "", no_o)
    return list(dict.fromkeys([no_o, no_u, latin]))  # ルドラ rudora → rudra (its u is a vowel)


def _hangul_variants(latin: str) -> List[str]:
    """A Hangul word in Latin letters (``hangul_to_latin``) as Sanskrit spells it: Korean writes a consonant
    cluster with the vowel ㅡ (인드라 indeura: indra, 브리트라 beuriteura: vritra), ś and ṣ with a y-vowel
    (비슈누 bisyunu: visnu, 푸샨 pusyan: pusan), ṛ as 리 ri (프리티비 peuritibi: prthivi), y after a vowel
    with 이 (디야우스 diyaus: dyaus) and v as ㅂ b (바루나: varuna). Every combination of those readings,
    the plainest first."""
    forms = [re.sub(r"(?<=[bcdfghjklmnprstvz])eu", "", latin.lower())]
    rules = [(r"sy(?=u[bcdfghjklmnprstvz])u", "s"), (r"sy", "s"), (r"(?<=[bcdfghjklmnprstvz])iy(?=a)", "y"),
             (r"(?<=[bcdfghjkmnpstvz])ri(?=[bcdfghjklmnprstvz]|$)", "r"), (r"b", "v")]
    for pattern, instead in rules:
        forms += [re.sub(pattern, instead, form) for form in forms]
    return list(dict.fromkeys(forms))[:32]


def _cyrillic_variants(latin: str) -> List[str]:
    """A Cyrillic word in Latin letters as Sanskrit spells it: Russian and its neighbours write an aspirate
    as a stop and х (тх, дх, бх: "tkh" → th), h as х too (Брихаспати), ś as ш ("sh" → s), and Belarusian writes ы
    where Russian writes и (Рыгведа)."""
    latin = latin.lower()
    aspirated = re.sub(r"(?<=[tdbpgkcj])kh", "h", latin)
    breathed = aspirated.replace("kh", "h")  # х for Sanskrit h as well (Брихаспати, Брахма: bṛhaspati, brahmā)
    out = [latin, aspirated, aspirated.replace("sh", "s"),
           re.sub(r"(?<=[bcdfghjklmnpqrstvwxz])y", "i", aspirated), breathed, breathed.replace("sh", "s")]
    return list(dict.fromkeys(out))


# how other Latin-letter languages write Sanskrit sounds with two letters: Polish and Czech cz / sz (c, ś ṣ), Dutch
# oe (u) and sj / tj (ś, c), Polish ch and Dutch ch (kh, h); tried after j → y and w → v
_LATIN_DIGRAPHS = [(r"cz", "c"), (r"sz", "s"), (r"oe", "u"), (r"sj", "s"), (r"tj", "c"), (r"(?<=[kgtdpb])ch", "h"),
                   (r"(?<![kgtdpbs])ch", "h")]


def _latin_variants(word: str) -> List[str]:
    """A name as another Latin-letter language spells it (Polish Jamunę, Rygwedzie; Dutch/Swedish j for
    y; w for v) and inflects it: folded, j → y, w → v, y → i, and the stem without one to three final
    letters (with the stem vowel -a back)."""
    key = norm(word)
    if " " in key or len(key) < 4:
        return []
    spelled = {key, key.replace("j", "y"), key.replace("w", "v"), key.replace("j", "y").replace("w", "v")}
    for pattern, instead in _LATIN_DIGRAPHS:  # Polish Czjawana (Cyavana), Dutch Soerja, Varoena (Sūrya, Varuṇa)
        spelled |= {re.sub(pattern, instead, v) for v in list(spelled) if re.search(pattern, v)}
    spelled |= {v.replace("y", "i") for v in list(spelled) if not v.startswith("y")}
    out: List[str] = []
    for form in sorted(spelled):
        out.append(form)
        for cut in (1, 2, 3):
            stem = form[:-cut]
            if len(stem) >= 4:
                out += [stem, stem + "a"]
    return list(dict.fromkeys(out))


def _unglided(stem: str) -> str:
    """A stem cut before a vowel ending keeps the glide Dravidian spelling puts after a vowel (viṣṇuv-ukku,
    śiviy-ai): without it, the name."""
    return stem[:-1] if len(stem) >= 5 and stem[-1] in "vy" and stem[-2] in "aeiou" else stem


def _dravidian_stems(key: str, script: str) -> List[str]:
    """Telugu, Kannada, Malayalam: the name under a case ending, each ending that leaves 4+ letters tried, the
    longest first (ಇಂದ್ರನಿಗೆ: indr-anige finds nothing, indra-nige finds Indra before a cut letter makes it Indrāṇī)."""
    out: List[str] = []
    for ending in _DRAVIDIAN_ENDINGS.get(script, ()):
        cut = norm(ending)
        if key.endswith(cut) and len(key) - len(cut) >= 4:
            stem = _unglided(key[: len(key) - len(cut)])
            out += [stem, re.sub(r"(?<=[aeiou])[dn]u$", "", stem)]
    return list(dict.fromkeys(out))


def _candidates(latin: str, inflected: bool, tamil: bool = False, bengali: bool = False,
                script: str = "") -> List[str]:
    key = norm(latin)
    out = [key] + _dravidian_stems(key, script)
    if tamil:  # Tamil: a name ends in -n or -m (intiran, cōman) and writes s with the letter of c
        bare = re.sub(r"(?<=[aeiou])[nm]$", "", key)
        out = [bare, key]
        # a case ending first (இந்திரனைப் intiran-aip, இந்திரனுக்கு intiran-ukku), then the name's -n
        for ending in _TAMIL_ENDINGS:
            if key.endswith(norm(ending)) and len(key) - len(norm(ending)) >= 4:
                stem = _unglided(key[: len(key) - len(norm(ending))])
                out = [re.sub(r"(?<=[aeiou])[nm]$", "", stem), stem] + out
                break
        out = [v for c in out for v in dict.fromkeys([c, _TAMIL_CLUSTER.sub(r"\1", c)])]
        # a seer named with the honorific -ar (விசுவாமித்திரர் vicuvāmittirar, வசிட்டர் vaciṭṭar): the name is before it
        out += [c[:-1] for c in out if c.endswith("ar") and len(c) >= 6]
        if key.startswith("c"):
            out = ["s" + c[1:] for c in out] + out
        # Tamil writes g, d, b with the letters of k, t, p and ś, s with that of c (காயத்ரி kāyatri: gāyatrī,
        # வசிட்டர் vaciṭṭar: vasiṣṭha, where ṭṭ stands for ṣṭ): those readings after the word as written
        out += [v for c in out for v in (re.sub(r"^k", "g", c), re.sub(r"^t", "d", c), re.sub(r"^p", "b", c),
                                         c.replace("c", "s"), c.replace("c", "s").replace("tt", "st"),
                                         re.sub(r"(?<=[bcdfghjklmnpstvy])iru", "r", c))  # பிருஷ்னி piruṣṉi: pṛśni
                if v != c]
    if " " in key or not key:
        return [key] if key else []
    if key.endswith("a") is False:
        out.append(key + "a")
    if inflected:
        for cut in (1, 2, 3):
            stem = key[:-cut]
            if len(stem) >= 4:
                out += [stem, stem + "a"]
    if tamil and inflected:  # a case ending cut off leaves the name's own -n (ருத்ரனைப் rutranaip → rutran)
        out = [d for c in out for d in (re.sub(r"(?<=[aeiou])[nm]$", "", c), c)]  # the bare stem first
    if inflected:  # a Brahmic word: the inherent a modern spelling keeps (rigaveda → rigveda), next to its source
        out = [d for c in out for d in [c] + _schwa_dropped(c)]
    if bengali and "b" in key:  # Bengali writes va with ba
        out += [c.replace("b", "v") for c in list(out)]
    return list(dict.fromkeys(c for i, c in enumerate(out) if len(c) >= 4 or (i == 0 and len(c) >= 3)))


_RIGVEDA_BONES = {"#" + _loose(k)[:1] + _consonants(k) for k in _RIGVEDA_KEYS}


def _one_edit(a: str, b: str) -> bool:
    """True when a and b differ by at most one letter inserted, dropped or changed."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i:] == b[i + 1:] or (len(a) == len(b) and a[i + 1:] == b[i + 1:])


def _near(candidates: List[str], lexicon: Lexicon) -> Optional[Tuple[str, str]]:
    """A name one edit from a candidate (loose keys, same first letter, six letters or more)."""
    for cand in candidates:
        loose = _loose(cand)
        if len(loose) < 6:
            continue
        for key in sorted(lexicon.names):
            other = _loose(key)
            if len(other) >= 6 and other[:1] == loose[:1] and _one_edit(loose, other):
                return key, "name"
    return None


def _lookup(candidates: List[str], lexicon: Lexicon) -> Optional[Tuple[str, str]]:
    for cand in candidates:
        if cand in _RIGVEDA_KEYS or cand.replace(" ", "") in _RIGVEDA_KEYS:
            return cand, "rigveda"
    for cand in candidates:
        if cand in lexicon.names:
            return cand, "name"
    return None


def name_of(word: str, lexicon: Lexicon, loose: bool = False) -> Optional[FoundName]:
    """The name one word of any script stands for, or None (Latin words: only exact lexicon keys, unless
    ``loose``: a question read as another Latin-letter language, whose spellings ``_latin_variants`` tries)."""
    script = main_script(word)
    if script in BRAHMIC_BLOCKS:
        latin, inflected = brahmic_to_iast(word), True
    elif script == "cyrillic":
        latin, inflected = cyrillic_to_latin(word), True
    elif script == "greek":
        latin, inflected = greek_to_latin(word), True
    elif script in letters.TO_LATIN:
        latin, inflected = letters.to_latin(word, script), True
    else:
        latin, inflected = word, False
    if script == "kana":
        candidates = [c for v in _kana_variants(kana_to_latin(word)) for c in _candidates(v, False)]
    elif script == "hangul":
        candidates = [c for v in _hangul_variants(hangul_to_latin(word)) for c in _candidates(v, False)]
    elif script == "cyrillic":  # Пртхиви, Пртхушравас: тх is th, шр śr; Рыгведы: ы after a consonant is i
        candidates = [c for v in _cyrillic_variants(latin) for c in _candidates(v, True)]
    elif script == "greek":  # ντ is nd or, in a foreign name, d (Ρούντρα)
        candidates = [c for v in dict.fromkeys([latin, latin.replace("nd", "d")]) for c in _candidates(v, True)]
    elif loose and script == "latin":
        candidates = _latin_variants(word)
    elif script in letters.TO_LATIN:  # also without a glued prefix (בריגוודה, الأغني, พระอัคนี)
        bare = [word[len(p):] for p in letters.prefixes_of(script) if word.startswith(p) and len(word) - len(p) >= 2]
        # Thai: also with the letters under the silencer sounded, as Sanskrit has them (อินทร์ ind, indr)
        spelled = [v for w in [word] + bare for v in dict.fromkeys([w, w.replace("\u0e4c", "")])]
        # the abjads' keys are skeletons already: no ending is cut from them (بنویسید is no Paṇi)
        inflects = script not in ("hebrew", "arabic")
        candidates = [c for w in spelled for c in _candidates(letters.to_latin(w, script), inflects)]
        if script == "arabic":  # و is u or v (رگ ويد: rg vid, the RigVeda)
            candidates += [c.replace("u", "v") for c in candidates if "u" in c]
    else:
        candidates = _candidates(latin, inflected, script == "tamil", script in _BA_FOR_VA, script)
    found = _lookup(candidates, lexicon)
    if found is None and loose and script in BRAHMIC_BLOCKS:  # ਪਰੁਸ਼ਨੀ parusanī, বৃত্রহন brtrahana
        candidates = candidates + [c.replace("b", "v") for c in candidates if "b" in c]
    if found is None and loose and (script in ("latin", "cyrillic", "hangul", "kana") or script in BRAHMIC_BLOCKS):  # Jamunę: yamunā
        # as typed, else with an ending the verses give the stem (ਪਰੁਸ਼ਨੀ parusni → parusnim)
        # (the stem in -a first: Jamunę → yamuna, the word a dictionary cites, not the vocative yamune)
        ordered = sorted(candidates, key=lambda c: not c.endswith("a")) if script == "latin" else candidates
        term = next((c + end for c in ordered for end in ("", "m", "h", "s")
                     if len(c) >= 5 and c + end in lexicon.sanskrit_vocab), None)
        if term is not None:
            return FoundName(typed=word, name=term, key=term, kind="term")
    skeletal = script in ("tamil", "kana") or script in letters.SKELETAL
    if found is None and skeletal and any("#" + _loose(c)[:1] + _consonants(c) in _RIGVEDA_BONES for c in candidates):
        found = ("rigveda", "rigveda")
    if found is None and (script in BRAHMIC_BLOCKS or script in ("kana", "hangul") or script in letters.TO_LATIN):
        table = _skeletons(lexicon)
        for cand in candidates:
            key = table.get(_loose(cand))
            if key is None and skeletal and len(_consonants(cand)) >= 3:
                key = table.get("#" + _loose(cand)[:1] + _consonants(cand))
            if key is not None:
                found = (key, "name")
                break
    if found is None and script in letters.TO_LATIN and script not in ("hebrew", "arabic"):  # abjads: too loose
        found = _near(candidates[:1], lexicon)
    if found is None and script != "latin" and len(word.split()) == 1 and any_script.is_rigveda_key(any_script.to_latin(word)):
        found = ("rigveda", "rigveda")  # the name in letters no table reads (Uyghur رىگۋېدا, Tibetan, Thaana)
    if found is None:
        return None
    key, kind = found
    name = "Rigveda" if kind == "rigveda" else lexicon.display.get(key, key.title())
    return FoundName(typed=word, name=name, key=key, kind=kind)


def find_names(text: str, lexicon: Lexicon) -> NameReading:
    """Every name of the hymns' world in the text, in order (a name once)."""
    found: List[FoundName] = []
    seen = set()
    for word in words_of(text):
        hit = name_of(word, lexicon)
        if hit is not None and hit.key not in seen:
            seen.add(hit.key)
            found.append(hit)
    return NameReading(names=found)


__all__ = ["FoundName", "NameReading", "find_names", "name_of"]
