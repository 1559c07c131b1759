"""A rite's count or a cure asked for, in any language the readers write: "how many times should I recite it so that
…", "రోజు ఎన్నిసార్లు జపించాలి?", "كم مرة؟", "will my thyroid be cured if I chant it 108 times?", "berapa gelas … supaya
… sembuh?" (issue 19, set 34).

Why its own tables: the look-alike readers (``pyapp.reading.lookalike``) know a request for a working by its asker, its
chant and its purpose, in the languages their tables name; a reader writing Telugu, Punjabi, Arabic or Indonesian asks
it with none of those words the tables have, and the question was answered with verses about storms or the sun. Two
shapes are plain in every language, and neither asks what the hymns say:

- **a count of repetitions** ("how many times", "N times") beside a rite or a recitation (a mantra, a pāṭh, an
  abhiṣeka, a japa) — a regimen to follow, unless the question counts the text's own words ("how many times does the
  word mantra occur?");
- **a cure asked** ("will it be cured?", "so that my gout heals") beside a rite or a regimen — a treatment.

Data, not rules: each table is a list of words per language; a language gains a line.
"""
from __future__ import annotations

import re
from typing import Dict, Tuple

__all__ = ["REPEAT_ASKS", "RITE_WORDS", "CURE_WORDS", "repetition_asked", "cure_asked"]

# "how many times" asked, per language (folded to lower case); a number before the word for "times" counts too
REPEAT_ASKS: Dict[str, Tuple[str, ...]] = {
    "en": ("how many times", "how often", "how many rounds"),
    "hi": ("कितनी बार", "कितने बार", "कितनी दफा", "kitni baar", "kitni bar", "kitne baar"),
    "mr": ("किती वेळा", "किती वेळ", "किती वेळी"),
    "ne": ("कति पटक", "कति चोटि", "कति पल्ट"),
    "bn": ("কতবার", "কত বার"),
    "gu": ("કેટલી વાર", "કેટલી વખત"),
    "pa": ("ਕਿੰਨੀ ਵਾਰ", "ਕਿੰਨੀ ਵਾਰੀ", "ਕਿੰਨੇ ਵਾਰ"),
    "ta": ("எத்தனை முறை", "எத்தனை தடவை", "எத்தனை தடவைகள்"),
    "te": ("ఎన్నిసార్లు", "ఎన్ని సార్లు", "ఎన్నిమార్లు"),
    "kn": ("ಎಷ್ಟು ಬಾರಿ", "ಎಷ್ಟು ಸಲ", "ಎಷ್ಟು ಸಾರಿ"),
    "ml": ("എത്ര തവണ", "എത്ര പ്രാവശ്യം", "എത്ര പ്രാവശ്യ"),
    "ur": ("کتنی بار", "کتنی دفعہ"),
    "ar": ("كم مرة", "كم مره", "وكم مرة", "وكم مره", "كم عدد المرات"),
    "fa": ("چند بار",),
    "id": ("berapa kali", "berapa banyak kali"),
    "tr": ("kaç kez", "kaç kere", "kaç defa", "kaç sefer"),
    "es": ("cuántas veces", "cuantas veces"),
    "pt": ("quantas vezes",),
    "it": ("quante volte",),
    "fr": ("combien de fois",),
    "de": ("wie oft", "wie viele male", "wievielmal"),
    "nl": ("hoe vaak", "hoeveel keer", "hoeveel maal"),
    "sv": ("hur många gånger", "hur ofta"),
    "pl": ("ile razy",),
    "cs": ("kolikrát", "kolik krát"),
    "ru": ("сколько раз",),
    "uk": ("скільки разів", "скільки раз"),
    "vi": ("bao nhiêu lần", "mấy lần"),
    "ja": ("何回", "何度"),
    "zh": ("几次", "幾次", "多少次", "几遍", "幾遍", "多少遍"),
    "ko": ("몇 번", "몇번", "몇 회"),
}
# "N times": the word for times after a number
_TIMES_AFTER_NUMBER = (r"\d+\s*(?:times|x|baar|bar|बार|वेळा|पटक|বার|વાર|ਵਾਰ|முறை|தடவை|సార్లు|ಬಾರಿ|തവണ|مرة|مرات|kali|kez|"
                       r"kere|defa|veces|vezes|volte|fois|mal|keer|gånger|razy|krát|раз|разів|lần|回|次|遍|번)")
# a rite or a recitation, per language (an Indian script's word is matched by its start: endings join it)
RITE_WORDS: Dict[str, Tuple[str, ...]] = {
    "latin": ("mantra", "mantras", "mantram", "chant", "chants", "chanting", "recite", "recitation", "japa", "jaap",
              "paath", "stotra", "stotram", "sukta", "suktam", "hymn", "hymns", "havan", "homa", "yagya", "yajna",
              "abhishek", "abhishekam", "rudrabhishek", "puja", "pooja", "aarti", "hridayam"),
    "deva": ("मंत्र", "मन्त्र", "पाठ", "जाप", "जप", "स्तोत्र", "सूक्त", "हवन", "होम", "यज्ञ", "अभिषेक", "रुद्राभिषेक",
             "पूजा", "आरती", "हृदय"),
    "indic": ("મંત્ર", "પાઠ", "જાપ", "હવન", "અભિષેક", "মন্ত্র", "পাঠ", "জপ", "হোম", "অভিষেক", "ਮੰਤਰ", "ਪਾਠ", "ਜਾਪ",
              "ਹਵਨ", "மந்திர", "ஜபம்", "ஜபி", "பாராயண", "ஹோம", "அபிஷேக", "మంత్ర", "జప", "జపి", "పారాయణ", "హోమ",
              "అభిషేక", "ಮಂತ್ರ", "ಜಪ", "ಪಾರಾಯಣ", "ಹೋಮ", "ಅಭಿಷೇಕ", "മന്ത്ര", "ജപ", "പാരായണ", "ഹോമ", "അഭിഷേക"),
    "other": ("مانترا", "المانترا", "منترا", "تعويذة", "ترتيل", "ترديد", "أكرر", "أكررها", "mantrayı", "mantrę", "mantrą",
              "мантр", "молитв", "マントラ", "真言", "唱え", "咒语", "咒語", "念诵", "念誦", "만트라", "주문", "câu thần chú",
              "thần chú", "tụng"),
}
# a cure, a healing or a medicine stopped, per language
CURE_WORDS: Dict[str, Tuple[str, ...]] = {
    "en": ("be cured", "get cured", "cure my", "cure it", "heal my", "be healed", "get well", "stop my medicine",
           "stop the medicine", "stop my pills", "stop the pills", "stop my tablets"),
    "hi": ("ठीक हो", "ठीक होग", "ठीक होज", "ठीक हो जाएग", "दवा छोड़", "दवाई छोड़", "गोली छोड़", "theek ho", "thik ho",
           "dawai chhod", "dawa chhod"),
    "mr": ("बरा हो", "बरे हो", "औषध बंद"), "ne": ("निको हु", "ठिक हु", "औषधि छोड"),
    "bn": ("সেরে যা", "ভালো হয়ে", "ওষুধ বন্ধ"), "gu": ("મટી જ", "સારું થઈ", "દવા બંધ"),
    "pa": ("ਠੀਕ ਹੋ", "ਦਵਾਈ ਛੱਡ"), "ta": ("குணமாகு", "குணமடை", "சரியாகு", "மாத்திரையை நிறுத்த", "மருந்தை நிறுத்த"),
    "te": ("నయమవు", "తగ్గిపో", "మందులు ఆప"), "kn": ("ಗುಣವಾಗ", "ವಾಸಿಯಾಗ", "ಮಾತ್ರೆ ನಿಲ್ಲಿಸ"),
    "ml": ("സുഖപ്പെടു", "ഭേദമാകു", "മരുന്ന് നിർത്ത"),
    "ar": ("يشفى", "أشفى", "الشفاء", "يشفيني", "أتوقف عن الدواء"), "id": ("sembuh", "menyembuhkan", "berhenti minum obat"),
    "tr": ("iyileş", "ilacı bırak"), "es": ("curarme", "se cure", "se curará", "sanar", "dejar las pastillas"),
    "pt": ("curar minha", "curar meu", "ficar curad", "parar o remédio"), "it": ("guarire", "guarisce", "smettere le pillole"),
    "fr": ("guérir", "guérira", "arrêter mes médicaments"), "de": ("heilen", "geheilt", "heilt", "tabletten absetzen"),
    "nl": ("genezen", "geneest"), "pl": ("wyleczy", "wyleczyć", "wyzdrowie"), "ru": ("вылеч", "излеч", "исцел"),
    "uk": ("вилікув", "одужа"), "vi": ("khỏi bệnh", "chữa khỏi"), "ja": ("治る", "治り", "治す"), "zh": ("治好", "治愈", "痊愈"),
    "ko": ("낫", "치료되"),
}
# the text's own words counted ("how many times does the word mantra occur in the RigVeda?"): a count of the text
_OCCURRENCE = re.compile(r"(?<!\w)(?:occur\w*|appear\w*|mention\w*|used|named|found|repeated in|word|words|term|"
                         r"आया|आता|आते|आई|उल्लेख|शब्द|aparece\w*|mencion\w*|palabra|apparaî\w*|apparai\w*|mot|"
                         r"vorkomm\w*|kommt|erwähnt|wort|appar\w*|menzion\w*|parola|встреча\w*|упомина\w*|слово|"
                         # the word for "word" and "occurs" in the Indian scripts (a stem: endings join it)
                         r"சொல்|வருகிற|పదం|వస్తుంది|ಪದ|ಬರುತ್ತದೆ|വാക്ക്|വരുന്നു|শব্দ|এসেছে|শબ્દ|આવે છે|येतो|आलेला)",
                         re.I)


def _pattern(words: Tuple[str, ...]) -> str:
    """Each word whole, but a word of an Indian or Arabic script bound only at its start (its endings join it)."""
    out = []
    for word in words:
        last = word[-1]
        open_end = ("\u0900" <= last <= "\u0dff") or ("\u0600" <= last <= "\u06ff") or not last.isascii()
        out.append(r"(?<!\w)" + re.escape(word) + ("" if open_end else r"(?!\w)"))
    return "|".join(out)


_REPEAT = re.compile(_pattern(tuple(w for ws in REPEAT_ASKS.values() for w in ws)) + "|" + _TIMES_AFTER_NUMBER, re.I)
_REPEAT_ASKED = re.compile(_pattern(tuple(w for ws in REPEAT_ASKS.values() for w in ws)), re.I)
# CJK words are not spaced: matched anywhere
_CJK = ("マントラ", "真言", "唱え", "咒语", "咒語", "念诵", "念誦", "만트라", "주문")
_RITE = re.compile(_pattern(tuple(w for ws in RITE_WORDS.values() for w in ws if w not in _CJK)) + "|"
                   + "|".join(re.escape(w) for w in _CJK), re.I)
_CURE = re.compile(_pattern(tuple(w for ws in CURE_WORDS.values() for w in ws)) + "|治る|治り|治好|治愈|痊愈", re.I)
# a regimen without a count: every day, every morning (the look-alike tables have more)
_DAILY = re.compile(r"(?<!\w)(?:daily|every (?:day|morning|night)|each (?:day|morning)|roz|rozana|रोज|रोज़|दररोज|दिनहुँ|প্রতিদিন|"
                    r"દરરોજ|ਰੋਜ਼|ਹਰ ਰੋਜ਼|தினமும்|ప్రతిరోజు|రోజూ|ಪ್ರತಿದಿನ|ദിവസവും|يوميا|كل يوم|كل صباح|tiap (?:hari|pagi|malam)|"
                    r"setiap (?:hari|pagi|malam)|her gün|her sabah|cada día|cada dia|todos los días|todos os dias|ogni giorno|"
                    r"chaque jour|tous les jours|jeden tag|täglich|elke dag|varje dag|codziennie|каждый день|щодня|"
                    r"mỗi ngày|hằng ngày|毎日|每天|매일)(?!\w)", re.I)


# the asker in the Latin-letter languages: there "how often … the hymns" also asks about the text ("how often is Agni
# praised in the hymns?"), so a count asked in Latin letters is a regimen only for the asker
_LATIN_ASKER = re.compile(r"(?<!\w)(?:i|me|my|we|our|should|must|shall|saya|aku|kami|harus|ben|benim|yo|mi|debo|eu|devo|"
                          r"io|je|dois|ich|soll|muss|ik|moet|jag|ska|ja|mam|muszę|tôi|mình|nên|"
                          r"\w+(?:malıyım|meliyim|malıyız|meliyiz))(?!\w)", re.I)
_LATIN_REPEAT = re.compile(_pattern(tuple(w for ws in REPEAT_ASKS.values() for w in ws
                                          if all(ord(c) < 0x250 or 0x1E00 <= ord(c) <= 0x1EFF for c in w))), re.I)


def repetition_asked(text: str) -> bool:
    """A rite or a recitation asked with how many times to do it ("ਪਾਠ ਰੋਜ਼ ਕਿੰਨੀ ਵਾਰ ਕਰਾਂ?", "كم مرة؟"), not the text's
    own words counted; a number of times ("108 முறை") asks only beside a cure or an everyday regimen; in Latin letters
    only for the asker."""
    folded = " ".join(str(text or "").split()).lower()
    if not _RITE.search(folded) or _OCCURRENCE.search(folded):
        return False
    asked = _REPEAT_ASKED.search(folded)
    if asked and _LATIN_REPEAT.fullmatch(asked.group(0)) and not _LATIN_ASKER.search(folded):
        asked = None
    if asked:
        return True
    return bool(_REPEAT.search(folded) and (_CURE.search(folded) or _DAILY.search(folded)))


def cure_asked(text: str) -> bool:
    """A cure asked of a rite or a regimen ("will my thyroid be cured if I chant it?", "tiap pagi … supaya … sembuh")."""
    folded = " ".join(str(text or "").split()).lower()
    return bool(_CURE.search(folded) and (_RITE.search(folded) or _DAILY.search(folded) or _REPEAT.search(folded)))
