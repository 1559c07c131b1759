"""How a deity or a metre is shown: display tables (spellings, not corpus text) and cleaners.

"pavamāna soma" → "Soma Pavamāna", "mitrāvaruṇau" → "Mitra and Varuṇa", "triṣṭup" → "Triṣṭubh
(trishtubh, 4 × 11 syllables)". Why apart from :mod:`pyapp.factbook.names`: these are the gods' and
metres' own tables (data), and :func:`_metre_key` is also the key a metre is matched on.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from pyapp.factbook.names import _capitalise, _key, _strip_notes, _unsandhi, _word, ascii_name

_DEITY_NAMES = {
    "pavamāna soma": "Soma Pavamāna", "pavamāna": "Soma Pavamāna", "marutaḥ": "the Maruts",
    "marut": "the Maruts", "aśvinau": "the Aśvins", "aśvin": "the Aśvins", "viśve devāḥ": "the All-gods (Viśvedevas)",
    "viśvedevāḥ": "the All-gods (Viśvedevas)", "viśve devā": "the All-gods (Viśvedevas)",
    "viśvedevā": "the All-gods (Viśvedevas)", "ādityāḥ": "the Ādityas", "ādityā": "the Ādityas",
    "ṛbhavaḥ": "the Ṛbhus", "ṛbhava": "the Ṛbhus", "mitrāvaruṇau": "Mitra and Varuṇa",
    "indrāvaruṇau": "Indra and Varuṇa", "indrāgnī": "Indra and Agni", "indravāyū": "Indra and Vāyu",
    "dyāvāpṛthivī": "Heaven and Earth (Dyāvāpṛthivī)", "āpaḥ": "the Waters (Āpaḥ)", "āpa": "the Waters (Āpaḥ)",
    "devāḥ": "the gods", "devā": "the gods", "grāvāṇaḥ": "the soma-pressing stones (Grāvāṇaḥ)",
    "grāvāṇa": "the soma-pressing stones (Grāvāṇaḥ)", "maṇḍūkāḥ": "the Frogs (Maṇḍūkāḥ)",
    "maṇḍūkā": "the Frogs (Maṇḍūkāḥ)", "nadyaḥ": "the Rivers (Nadyaḥ)", "nadya": "the Rivers (Nadyaḥ)",
    "pitaraḥ": "the Fathers (Pitaraḥ)", "pitara": "the Fathers (Pitaraḥ)", "gāvaḥ": "the Cows (Gāvaḥ)",
    "gāva": "the Cows (Gāvaḥ)", "akṣāḥ": "the Dice (Akṣāḥ)", "akṣā": "the Dice (Akṣāḥ)",
    "oṣadhayaḥ": "the Plants (Oṣadhayaḥ)", "oṣadhaya": "the Plants (Oṣadhayaḥ)", "vaiśvānara agni": "Agni Vaiśvānara",
    "vaiśvānara": "Agni Vaiśvānara", "rakṣohāgni": "Agni the demon-slayer", "rakṣohā agni": "Agni the demon-slayer",
    "uṣasaḥ": "Uṣas", "uṣasa": "Uṣas", "keśinaḥ": "the Keśins", "keśina": "the Keśins", "bhāvavṛttam": "the origin of things (bhāvavṛtta)",
}

# canonical metre key → (display, syllables note); keys from :func:`_metre_key`
_METRES = {
    "gayatr": ("Gāyatrī", "3 × 8 syllables"), "trstu": ("Triṣṭubh", "4 × 11 syllables"),
    "jagat": ("Jagatī", "4 × 12 syllables"), "anustu": ("Anuṣṭubh", "4 × 8 syllables"),
    "usni": ("Uṣṇih", "8 + 8 + 12 syllables"), "brhat": ("Bṛhatī", "8 + 8 + 12 + 8 syllables"),
    "pankt": ("Paṅkti", "5 × 8 syllables"), "pamkt": ("Paṅkti", "5 × 8 syllables"),
    "vira": ("Virāj", ""), "pragata": ("Pragātha", "a strophe of Bṛhatī and Satobṛhatī or Kakubh"),
    "satobrhat": ("Satobṛhatī", ""), "kaku": ("Kakubh", ""), "atyast": ("Atyaṣṭi", ""),
    "sakvar": ("Śakvarī", ""), "atijagat": ("Atijagatī", ""), "mahapankt": ("Mahāpaṅkti", ""),
    "mahapamkt": ("Mahāpaṅkti", ""), "dvipada vira": ("Dvipadā Virāj", ""), "dvipada trstu": ("Dvipadā Triṣṭubh", ""),
}


@lru_cache(maxsize=4096)
def _metre_key(text: str) -> str:
    """"triṣṭup" / "trishtubh" / "Tristup" → "trstu"; "uṣṇik"/"ushnih" → "usni"; "virāṭ"/"viraj" → "vira"."""
    words = []
    for word in _key(text).split():
        word = re.sub(r"(?:bh|b|p)$", "", word) if re.search(r"(?:stu|kaku)(?:bh|b|p)$", word) else word
        word = re.sub(r"(?:k|h)$", "", word) if word.startswith("usni") else word
        word = re.sub(r"(?:t|j|d)$", "", word) if word.startswith("vira") else word
        word = re.sub(r"h$", "", word)
        word = {"anustap": "anustu", "jagatih": "jagat", "jagati": "jagat"}.get(word, word)
        words.append(word)
    return " ".join(words)


@lru_cache(maxsize=4096)
def _metre_clean(raw: Optional[str]) -> str:
    """The metre name of a verse without notes: "pragāthaḥ= ( viṣamā bṛhatī, … )" → "pragāthaḥ"."""
    if not raw:
        return ""
    value = raw.split("|")[-1] if "|" in raw else raw
    value = _strip_notes(value).replace("=", " ").replace("–", " ").replace("[", " ")
    value = value.split(",")[0]
    return " ".join(value.split())


def metre_display(raw_or_clean: str) -> str:
    """"triṣṭup" → "Triṣṭubh (trishtubh, 4 × 11 syllables)"."""
    clean = _metre_clean(raw_or_clean)
    key = _metre_key(clean)
    if key in _METRES:
        name, note = _METRES[key]
    else:
        name, note = _capitalise(" ".join(_word(w) for w in clean.split())), ""
    plain = ascii_name(name).lower()
    extra = ", ".join(x for x in (plain if plain != name.lower() else "", note) if x)
    return f"{name} ({extra})" if extra else name


@lru_cache(maxsize=4096)
def _deity_display(raw: Optional[str]) -> str:
    if not raw:
        return ""
    value = _unsandhi(_strip_notes(raw))
    alternatives = bool(re.search(r"\bvā\b", value))
    value = re.sub(r"\s+vā\b|\b\S+sya\b", " ", value).strip(" ,")  # "or"; "ādyardharcasya" (of the first half)
    value = re.sub(r"\s*,\s*(?:,\s*)+", ", ", value).strip(" ,")
    simple = " ".join(value.split())
    for candidate in (simple, " ".join(_word(w) for w in simple.split())):
        if candidate in _DEITY_NAMES:
            return _DEITY_NAMES[candidate]
    if "," in simple:  # "agniḥ, jātavedā agnirvā": "Agni or Agni Jātavedas"
        return (" or " if alternatives else " and ").join(_deity_display(p) for p in simple.split(",") if p.strip())
    words = simple.split()
    if alternatives and len(words) >= 2 and not (len(words) == 2 and re.match(r"ā|ai|au", words[1])):
        # "āpaḥ gāvo vā": "the Waters (Āpaḥ) or the Cows (Gāvaḥ)" (not a patronymic: "kumāra āgneyo vā")
        return f"{_deity_display(words[0])} or {_deity_display(' '.join(words[1:]))}"
    return _capitalise(" ".join(_word(w) for w in simple.split()))
