"""The language a question is written in: script first, then small tables of function words.

Why cheap and deterministic: the app must know before any search whether to read the question as it
stands (English, Sanskrit), search a translation in its language (German → Geldner, French → Renou,
Russian → Elizarenkova) or read it into English word by word (Spanish, Italian, Portuguese, Hindi…).
A script settles most of it: Cyrillic is Russian, Bengali script Bengali, Tamil script Tamil. Devanagari
is Hindi, Marathi or a Sanskrit quotation, told apart by words the other two never write (है, क्या,
में / आहे, काय). Latin letters are weighed by function words, each worth 1 / (how many of the tables
have it), so "que" (French, Spanish, Portuguese) counts little and "qué", "gli", "não", "über" a lot;
letters only one language writes (ñ ¿, ã õ, ß) add to it. A bare name or a Sanskrit line is English,
the app's own language, and goes the English way.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Dict, FrozenSet, List, Optional

from pydantic import BaseModel

from pyapp.reading.script import BRAHMIC_BLOCKS, script_counts, words_of
from pyapp.search.translit import has_iast_diacritics

NAMES: Dict[str, str] = {
    "en": "English", "de": "German", "fr": "French", "ru": "Russian", "es": "Spanish", "it": "Italian",
    "pt": "Portuguese", "hi": "Hindi", "hi-Latn": "Hindi (in Latin letters)", "mr": "Marathi", "bn": "Bengali",
    "gu": "Gujarati", "ta": "Tamil", "te": "Telugu", "kn": "Kannada", "pa": "Punjabi", "or": "Odia",
    "ml": "Malayalam", "sa": "Sanskrit", "other": "another language",
    "ne": "Nepali", "as": "Assamese", "pl": "Polish", "cs": "Czech", "tr": "Turkish", "nl": "Dutch", "sv": "Swedish",
    "id": "Indonesian", "vi": "Vietnamese", "ro": "Romanian", "sw": "Swahili", "ja": "Japanese", "zh": "Chinese",
    "ko": "Korean", "ar": "Arabic", "fa": "Persian", "ur": "Urdu", "el": "Greek", "th": "Thai",
    "he": "Hebrew", "ka": "Georgian", "hy": "Armenian", "am": "Amharic", "uk": "Ukrainian", "hu": "Hungarian",
    "fi": "Finnish", "tl": "Tagalog", "ms": "Malay",
    # read in part (pyapp.reading.any_language): told by their script or letters, no word file of their own
    "my": "Burmese", "lo": "Lao", "km": "Khmer", "si": "Sinhala", "kk": "Kazakh", "mk": "Macedonian",
    "bg": "Bulgarian", "be": "Belarusian", "mn": "Mongolian", "ky": "Kyrgyz", "tg": "Tajik", "tt": "Tatar",
    "sr_cyrl": "Serbian", "sd": "Sindhi", "ps": "Pashto", "ug": "Uyghur", "ckb": "Kurdish (Sorani)",
}
# the language each script means by itself (Devanagari is decided by words)
SCRIPT_LANGUAGE = {"bengali": "bn", "gujarati": "gu", "tamil": "ta", "telugu": "te", "kannada": "kn",
                   "gurmukhi": "pa", "oriya": "or", "malayalam": "ml", "cyrillic": "ru", "hangul": "ko", "greek": "el",
                   "thai": "th", "kana": "ja", "han": "zh", "hebrew": "he", "georgian": "ka", "armenian": "hy",
                   "ethiopic": "am", "myanmar": "my", "lao": "lo", "khmer": "km", "sinhala": "si"}


def _table(text: str) -> FrozenSet[str]:
    return frozenset(text.split())


# Function and question words (what a question about anything is made of), not topic words.
FUNCTION_WORDS: Dict[str, FrozenSet[str]] = {
    "en": _table("the is are was were what who whom which how why does do did about of and to in on with say says "
                 "tell where when there this that from me please any many much can could would should will you "
                 "your my an be been has have had it its they them their explain describe give list name"),
    "de": _table("der die das den dem des und ist sind war was wer wie wo warum welche welcher welches welchen über "
                 "sagt sagen gibt ein eine einen einem nicht mit von zu zum zur im auf für wird werden auch oder es "
                 "ich sich steht erzählt"),
    "fr": _table("le la les du des un une est sont que qui quoi quel quelle quels quelles comment pourquoi où dit "
                 "disent sur dans avec pour pas au aux ce cette ces et il elle ils en parle je qu d l"),
    "es": _table("el la los las del que qué y en es son un una por para con sobre cómo cuál cuáles quién quiénes "
                 "dónde cuándo dice dicen se lo su sus hay al está están este esta estos estas según también muy "
                 "de habla hablan cuenta cuántos cuántas"),
    "it": _table("il lo la gli le di del della dei degli delle che e è sono un una uno per con su sul sulla sui "
                 "nel nella chi cosa come quale quali dove quando perché dice dicono si non ci anche parla quanti "
                 "quante dal dalla ha hanno ho l"),
    "pt": _table("o a os as de do da dos das que e é são um uma por para com sobre no na nos nas quem como qual "
                 "quais onde quando porque porquê diz dizem se não ao também fala falam quantos quantas pelo pela"),
    # languages read from the concept lexicon (question words, copulas, prepositions; never a Sanskrit word)
    "pl": _table("jak jaki jaka jakie jaką co czy gdzie kto który która które dlaczego ile się jest są we w na do "
                 "przez oraz także jakiej czym kim mówi mówią o nie dla też lub albo oznacza znaczy pasuje"),
    "cs": _table("jak jaký jaká jaké co kdo kde proč kolik je jsou se ve který která které také čím"),
    "tr": _table("ne neyle neyi nedir kim kimdir hangi nasıl neden nerede kaç bir ve ile mi mı mu mü midir mıdır "
                 "için hakkında var vardır"),
    "nl": _table("wat wie welke hoe waarom waar wanneer hoeveel het een de en van is zijn wordt worden met "
                 "niet ook hetzelfde als genoemd hij zij betekent zegt vertelt welk deze dit aan naar uit "
                 "waarin waarom bij er echt zelf zoals minder noemt noemen staat staan verzen vers komt"),
    "sv": _table("vad vem vilka vilken hur varför var när och en ett det den som är på om med av inte också"),
    "id": _table("apa siapa siapakah mana bagaimana mengapa kenapa dimana kapan berapa dan dalam di dari untuk "
                 "dengan adalah ini itu apakah tentang yang jelaskan sebutkan singkat"),
    "vi": _table("gì ai nào thế sao đâu bao nhiêu và của trong là có không những các được về"),
    "ro": _table("ce cine care cum unde când câți câte și în este sunt al ale despre cu din pe la"),
    "sw": _table("nini nani gani vipi wapi lini ngapi katika kuhusu kwa je kuna unasema inasema ninaweza"),
    "hu": _table("mi mit mik miről miért mikor hol hogyan hány hányan mennyi ki kik kit kinek melyik melyek "
                 "a az egy és van vannak volt nem szól mond mondja szerint ez ezt azt vagy meg csak hogy jelent"),
    "fi": _table("mikä mitä mitkä missä mistä mihin milloin miksi miten kuinka kuka ketkä keitä kenen monta "
                 "montako paljonko onko ovat on oli ja tai ei se ne tämä tuo kertoo sanoo mukaan jossa joka myös tekee "
                 "tekevät"),
    "tl": _table("ano sino alin paano bakit saan kailan ilan ang ng mga sa ay si kay ni tungkol nang ba po "
                 "ito iyan iyon may mayroon"),
    "ms": _table("apakah siapakah bagaimanakah mengapakah berapakah manakah ialah adalah yang dan dalam "
                 "mengenai tentang boleh kerana daripada sahaja tuliskan huraikan terangkan ringkas"),
}
_LETTERS = {"pl": re.compile("[ąęłńźż]"), "tr": re.compile("[ğış]"), "cs": re.compile("[ěřů]"),
            "ro": re.compile("[șțăâ]"), "sv": re.compile("å"),
            "vi": re.compile("[ơưđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]"),
            "es": re.compile("[ñ¿¡]"), "hu": re.compile("[őű]"), "pt": re.compile("[ãõ]|ç[ãõao]"), "de": re.compile("[äöüß]"),
            "it": re.compile(r"\b(?:è|perché|più|però)\b|[ìò]\b"), "fr": re.compile("[èêëàâçœùûîïô]|\\b[ldjnsc]['’]")}
_NEVER_SANSKRIT = {"pl", "cs", "tr", "hu"}
_WEIGHT: Dict[str, float] = {}
for _words in FUNCTION_WORDS.values():
    for _word in _words:
        _WEIGHT[_word] = 1.0 / sum(_word in table for table in FUNCTION_WORDS.values())

# Devanagari: words Hindi / Marathi questions use and Sanskrit verse never has
HINDI_MARKERS = _table("है हैं था थे थी क्या कौन कौनसा कौनसी कैसे क्यों कहाँ कहां कब में बारे किसने कितने कितनी "
                       "बताइए बताओ बताएं बताये बताइये गया गई गए हुआ होता होती वाला वाली वाले और की का के से लिए "
                       "किया कहा मतलब अर्थ भगवान देवता लिखिए लिखिये लिखें लिखो लिखकर भावार्थ पहला पहली दीजिए "
                       # pronouns and the negation of everyday Hindi ('हमें डर न हो'), none of them a Sanskrit word
                       "हम हमें हमारा हमारी हमारे मुझे मेरा मेरी मेरे मैं मैंने आपका आपकी आपके तुम तुम्हारा तुम्हें यह नहीं होगा होगी")
# Nepali: its own copulas and question words (छ, हो, कुन, कति), never Hindi's or Sanskrit's
NEPALI_MARKERS = _table("छ छन् छैन थियो थिए हुन् हुन्छ कुन कति किन कसरी कसले कहिले भनिन्छ भनिएको गरेको बारेमा "
                        "हरू हरु पनि")
MARATHI_MARKERS = _table("आहे आहेत होता होती काय कोण कोणता कोणती कोणते कोणत्या कोणाचा कोणाची कोणाला कुठे कोठे "
                         "कुठल्या किती कसा कशी कसे कशाला का मध्ये बद्दल विषयी सांगा सांग सांगितले असे आणि नाही "
                         "च्या ची चा चे ला ने")
# Marathi glues its postpositions to the word (मुलीसाठी "for a girl", ऋग्वेदातील "in the RigVeda", पुरूरव्याला "to
# Purūravas", नदीचे "of a river", सोडून "having left"): two such words make a question Marathi, not a Sanskrit line
# (one alone may be a Sanskrit form: वाचे, न्यून)
_MARATHI_ENDINGS = ("साठी", "ातील", "ीतील", "मधील", "ाला", "ीला", "ूला", "ांना", "ाचे", "ीचे", "ीची",
                    "ीचा", "ाच्या", "ीच्या", "ून", "ायचे", "ायला")
# Hindi's plural oblique (देवताओं, मंत्रों, ऋषियों) and its -वाला words: no Sanskrit word ends so
_HINDI_ENDINGS = ("ों", "ओं", "ियाँ", "ियां", "वाला", "वाली", "वाले")
# Nepali verbs end in -छ, -छन्, -छौं (आउँछ, बस्छन्) and its plurals in -हरू: words no Hindi or Sanskrit ends so
_NEPALI_ENDINGS = ("छ", "छन्", "छौं", "छिन्", "हरू", "हरु", "हरूको", "हरूमा", "हरूले")
# Ukrainian: its own letters (і ї є ґ, which Russian never writes) or words Russian spells otherwise
UKRAINIAN_MARKERS = _table("що чи який яка які яке скільки чому хто де коли як")
# words that are also Sanskrit (का, को, से …): they count only beside a marker Sanskrit never has
_SANSKRIT_TOO = _table("का की के को से और का कि")


class LanguageReading(BaseModel):
    """What language a question is in, how sure code is, and in which script it was typed."""

    code: str  # "es", "hi", "hi-Latn", "en", "sa"
    name: str  # "Spanish"
    confidence: float  # 0–1
    script: str  # "latin", "devanagari", "cyrillic", "tamil" …

    @property
    def is_english(self) -> bool:
        return self.code in ("en", "sa")


def _devanagari(tokens: List[str]) -> LanguageReading:
    # Nepali glues its postpositions to the word (ऋग्वेदमा, हिमालयको): a -मा word counts with its markers
    marked = [t for t in tokens if t in NEPALI_MARKERS or (len(t) > 2 and t.endswith(_NEPALI_ENDINGS)
                                                          and not t.endswith("च्छ"))]  # Sanskrit गच्छ, इच्छ
    nepali = marked + [t for t in tokens if t not in marked and len(t) > 3 and t.endswith("मा") and not t.endswith("महिमा")]
    if marked and len(nepali) >= 2:
        return LanguageReading(code="ne", name=NAMES["ne"], confidence=min(1.0, 0.5 + 0.15 * len(nepali)),
                               script="devanagari")
    hindi = [t for t in tokens if t in HINDI_MARKERS]
    marathi = [t for t in tokens if t in MARATHI_MARKERS]
    strong_hi = [t for t in hindi if t not in _SANSKRIT_TOO]
    strong_mr = [t for t in marathi if t not in _SANSKRIT_TOO and t not in HINDI_MARKERS]
    if strong_mr and len(marathi) > len(hindi):
        return LanguageReading(code="mr", name=NAMES["mr"], confidence=min(1.0, 0.5 + 0.2 * len(marathi)),
                               script="devanagari")
    if strong_hi:
        return LanguageReading(code="hi", name=NAMES["hi"], confidence=min(1.0, 0.5 + 0.15 * len(hindi)),
                               script="devanagari")
    if strong_mr:
        return LanguageReading(code="mr", name=NAMES["mr"], confidence=0.6, script="devanagari")
    endings_mr = {t for t in tokens if len(t) > 3 and t.endswith(_MARATHI_ENDINGS)}
    endings_hi = {t for t in tokens if len(t) > 2 and t.endswith(_HINDI_ENDINGS)}
    if len(endings_mr) >= 2 and len(endings_mr) > len(endings_hi):
        return LanguageReading(code="mr", name=NAMES["mr"], confidence=0.6, script="devanagari")
    if len(endings_hi) >= 2 or (endings_hi and hindi):
        return LanguageReading(code="hi", name=NAMES["hi"], confidence=0.6, script="devanagari")
    # Konkani, Maithili, Bhojpuri: the cue-word table's words (``pyapp.reading.any_language``), two or more
    from pyapp.reading.any_language import guess, name_of

    cue = guess(" ".join(tokens), "devanagari")
    if cue is not None and cue[2] >= 2 and cue[1] >= 1.5:
        return LanguageReading(code=cue[0], name=name_of(cue[0]), confidence=0.6, script="devanagari")
    # no word of a modern language: a Sanskrit quotation, or a bare name ("अग्नि")
    return LanguageReading(code="sa", name=NAMES["sa"], confidence=0.6, script="devanagari")


def _latin(text: str, tokens: List[str]) -> LanguageReading:
    score = {code: sum(_WEIGHT.get(t, 0.0) for t in tokens if t in table) for code, table in FUNCTION_WORDS.items()}
    # single plain letters ("a", "o", "e") are Sanskrit too (ā no bhadrāḥ…): they weigh, but make no language
    hits = {code: len({t for t in tokens if t in table and not (len(t) == 1 and t.isascii())})
            for code, table in FUNCTION_WORDS.items()}  # distinct words ("al-Kursi … Al-Baqarah" is one)
    letters = dict.fromkeys(FUNCTION_WORDS, 0)
    lowered = text.lower()
    for code, pattern in _LETTERS.items():
        # Vedic accents write é, á, è: no language's letters then, except letters no transliteration of
        # Sanskrit writes (Polish ę ł ż, Czech ř ů, Turkish ğ ı, Hungarian ő ű), which count beside ś
        if code in _NEVER_SANSKRIT or not has_iast_diacritics(text):
            letters[code] = min(2, len(pattern.findall(lowered)))
            score[code] += letters[code]
    from pyapp.reading import hinglish  # Hindi typed in Latin letters: its own reading (function words + markers)
    if hinglish.gloss(text) is not None:
        return LanguageReading(code="hi-Latn", name=NAMES["hi-Latn"], confidence=0.7, script="latin")
    longest = {code: max((len(t) for t in tokens if t in table), default=0) for code, table in FUNCTION_WORDS.items()}
    # a tie goes to English, then to the language with the longer word ("kimdir" over "da")
    ranked = sorted(score.items(), key=lambda item: (-item[1], item[0] != "en", -longest[item[0]]))
    (best, top), (_, second) = ranked[0], ranked[1]
    # one shared little word is no language ("ā no bhadrāḥ kratavo", a Sanskrit line): two words, or a letter
    # one question word of one language only, of four letters or more, and no English ("Vilka djur drar…")
    lone = hits[best] == 1 and score["en"] == 0 and "?" in text and any(
        len(t) >= 5 and _WEIGHT.get(t) == 1.0 for t in tokens if t in FUNCTION_WORDS[best])
    if best == "en" or top < 1.0 or (hits[best] < 2 and not letters[best] and not lone):
        confidence = min(1.0, 0.5 + 0.1 * score["en"]) if best == "en" else 0.4
        return LanguageReading(code="en", name=NAMES["en"], confidence=round(confidence, 2), script="latin")
    cue = _cue_language(text, best, sum(_WEIGHT.get(t, 0.0) for t in set(tokens) if t in FUNCTION_WORDS[best]))
    if cue is not None:  # Albanian "Çfarë … në … kur" is no French for its ç: a language read in part
        from pyapp.reading.any_language import name_of

        return LanguageReading(code=cue, name=name_of(cue), confidence=0.6, script="latin")
    confidence = min(1.0, 0.4 + 0.2 * (top - second))
    return LanguageReading(code=best, name=NAMES[best], confidence=round(confidence, 2), script="latin")


def _cue_language(text: str, best: str, top: float) -> Optional[str]:
    """A language of the cue-word table (``pyapp.reading.any_language``) that the question's words show more
    strongly than the function words show ``best``: two of its own words or more, none of them ``best``'s,
    weighing more than ``best``'s distinct words (``top``). Only languages without a word file of their own come here."""
    from pyapp.reading.any_language import guess

    own = FUNCTION_WORDS.get(best, frozenset())
    kept = " ".join(w for w in re.findall(r"\S+", text) if w.lower().strip("?!.,;:¿¡\"'()") not in own)
    found = guess(kept)
    if found is None or found[0] in FUNCTION_WORDS or found[0] in NAMES:
        return None
    code, score, distinct = found
    return code if distinct >= 2 and score >= 1.5 and score > top else None


def _arabic(text: str, letters: int) -> LanguageReading:
    """Arabic script: Uyghur by the letters only it writes (ۋ ې ڭ ۈ), Sindhi by the letters only it writes (ڪ ٻ ڄ ڃ ڇ ڊ ڌ ڍ ڏ ڙ ڦ ڳ ڱ ٺ ٽ ٿ), Pashto by its own
    (ټ ډ ړ ښ ږ ګ ڼ ۍ), Urdu by the letters only it writes (ٹ ڈ ڑ ں ے ھ), Persian by پ چ ژ گ and its ی/ک
    without them, Arabic otherwise (ة ال)."""
    if len(re.findall("[\u06aa\u067b\u0684\u0683\u0687\u068a\u068c\u068d\u068f\u0699\u06a6\u06b3\u06b1"
                      "\u067a\u067d\u067f]", text)) >= 2:
        return LanguageReading(code="sd", name=NAMES["sd"], confidence=0.8, script="arabic")
    if len(re.findall("[\u06cb\u06d0\u06ad\u06c8]", text)) >= 2:  # Uyghur's own letters ۋ ې ڭ ۈ
        return LanguageReading(code="ug", name=NAMES["ug"], confidence=0.8, script="arabic")
    if len(re.findall("[\u067c\u0689\u0693\u069a\u0696\u06ab\u06bc\u06cd]", text)) >= 2:
        return LanguageReading(code="ps", name=NAMES["ps"], confidence=0.8, script="arabic")
    if re.search("[\u0679\u0688\u0691\u06ba\u06d2\u06be]", text):
        code = "ur"
    elif re.search("[\u067e\u0686\u0698\u06af\u06cc\u06a9]", text) and not re.search("\u0629", text):
        code = "fa"
    else:
        code = "ar"
    return LanguageReading(code=code, name=NAMES[code], confidence=0.8 if letters >= 2 else 0.5, script="arabic")


# Bulgarian words Russian never writes (it has no letters of its own): "is there", "what", "where", "this" …
BULGARIAN_MARKERS = _table("какво къде има кои които който това защо колко кога във са е")
_BULGARIAN_STRONG = _table("какво къде има кои които който това защо колко във")


def _other_cyrillic(text: str, tokens: List[str]) -> str:
    """A Cyrillic language other than Russian and Ukrainian, by the letters only it writes (Kazakh ә ғ қ ң ұ һ,
    Tajik ӣ ӯ ҳ ҷ, Belarusian ў, Macedonian ќ ѓ ѕ, Serbian ђ ћ, both ј љ њ џ, Mongolian and Kyrgyz ө ү) or,
    for Bulgarian, by its words; "" for Russian or Ukrainian."""
    low = text.lower()
    if re.search("[ӣӯҳҷ]", low):
        return "tg"
    if re.search("[әғқңұһ]", low) and re.search("[ғқұ]", low):
        return "kk"
    if re.search("[әһҗ]", low):
        return "tt"
    if "ў" in low or ("і" in low and "ы" in low):
        return "be"
    if re.search("[ќѓѕ]", low):
        return "mk"
    if re.search("[ђћ]", low):
        return "sr_cyrl"
    if re.search("[јљњџ]", low):
        return "mk" if re.search(r"\b(што|кој|која|кое|кои|во|го)\b", low) else "sr_cyrl"
    if re.search("[өү]", low):
        return "ky" if re.search(r"\b(эмне|кайсы|канча|кайда|жана)\b", low) else "mn"
    bulgarian = [t for t in tokens if t in BULGARIAN_MARKERS]
    if len(bulgarian) >= 2 and any(t in _BULGARIAN_STRONG for t in bulgarian):
        return "bg"
    return ""


def detect(question: str) -> LanguageReading:
    """The question's language (see the module docstring); English when nothing says otherwise."""
    text = unicodedata.normalize("NFC", str(question or ""))
    counts = script_counts(text)
    if not counts:
        return LanguageReading(code="en", name=NAMES["en"], confidence=0.3, script="latin")
    script = max(counts.items(), key=lambda item: item[1])[0]
    tokens = [t.lower() for t in words_of(text)]
    if script == "devanagari":
        return _devanagari(tokens)
    if script in ("han", "kana") and counts.get("kana", 0) >= 1:
        script = "kana"  # Japanese writes kana beside its Chinese characters; Chinese never does
    if script == "bengali" and re.search("[\u09f0\u09f1]", text):
        return LanguageReading(code="as", name=NAMES["as"], confidence=0.9, script=script)  # Assamese ৰ ৱ
    if script == "arabic":
        return _arabic(text, counts[script])
    if script == "cyrillic" and counts[script] >= 2 and _other_cyrillic(text, tokens):
        code = _other_cyrillic(text, tokens)
        return LanguageReading(code=code, name=NAMES[code], confidence=0.8, script=script)
    if script == "cyrillic" and counts[script] >= 2 and (
            re.search("[іїєґІЇЄҐ]", text) or set(tokens) & UKRAINIAN_MARKERS):
        return LanguageReading(code="uk", name=NAMES["uk"], confidence=0.9, script=script)
    if script in SCRIPT_LANGUAGE and counts[script] >= 2:
        code = SCRIPT_LANGUAGE[script]
        return LanguageReading(code=code, name=NAMES[code], confidence=0.9, script=script)
    if script == "latin":
        return _latin(text, tokens)
    return LanguageReading(code="other", name=NAMES["other"], confidence=0.5, script=script)


__all__ = ["FUNCTION_WORDS", "LanguageReading", "NAMES", "SCRIPT_LANGUAGE", "detect", "BRAHMIC_BLOCKS"]
