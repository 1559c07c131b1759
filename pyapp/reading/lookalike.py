"""Questions that only look like RigVeda questions: predictions, personal advice, opinions, other scriptures.

Why its own reading: "Which Rigvedic mantra will make me rich?", "What does my rashi say?" and "Which Vedic
god should I worship for a job?" borrow the hymns' words, so every evidence test (names, themes, close
verses) says "RigVeda". But they ask the app to foretell, advise or choose for the reader, which no verse
can do; showing "the closest verses" to them would suggest the hymns promise it. The shape of the request
decides: a benefit for the asker ("make me rich", "for a job", "should I worship"), fortune-telling
("my rashi", "horoscope", "predict", "will I…") or a verdict asked of the app ("which religion is true",
"do you believe"). A question about what the hymns say ("What do the hymns ask of Agni for wealth?") has
none of these shapes and goes on as usual.

Another scripture's content is refused by the classifier (``pyapp.lexicon.OTHER_TEXTS``); where the
RigVeda has its own counterpart — a named passage (the Gāyatrī, the Puruṣa hymn) or a god the question
names (Yama) — ``counterpart`` says where it is, after the refusal.
The patterns read English: questions in other languages reach here read into English (``pyapp.reading.gloss``).
"""
from __future__ import annotations

import re
from typing import Callable, Dict, List, Optional, Tuple

from pydantic import BaseModel

from pyapp.lexicon import Lexicon, norm
from pyapp.reading import prophecy, regimen

# the asker's own self ("make me rich", "my rashi"); "us" and "our" are how the hymns themselves pray
# ("Which hymn asks Indra to make us rich?" asks what the hymns say)
_FIRST_PERSON = re.compile(r"\b(i|me|my|mine|myself)\b", re.I)
_GAIN = re.compile(
    r"\b(?:will|would|can|could|to|which|that)\s+(?:make|get|bring|give|help|let|grant)\s+(?:me|my)\b"
    r"|\bmake\s+me\s+(?:rich|wealthy|successful|famous|healthy|happy|lucky|powerful)\b"
    r"|\bshould\s+i\s+(?:worship|pray|chant|recite|say|offer|do|perform|wear|keep)\b"
    r"|\b(?:for|to get|to find|to pass|to win|to cure|to have)\s+(?:a\s+|an\s+|my\s+|the\s+|our\s+)?"
    r"(?:job|jobs|promotion|exams?|visa|husband|wife|girlfriend|boyfriend|lottery|business|money|success|"
    r"baby|son|daughter|salary|career|loan|court case|good marks|marriage proposal)\b",
    re.I)
_FORTUNE = re.compile(
    r"\b(?:rashi|rasi|horoscopes?|astrology|astrological|zodiac(?: sign)?|kundli|kundali|birth ?chart|"
    r"numerology|vastu|tarot|palmistry|star sign|lucky (?:number|colou?r|day|stone|date)|gemstones?|"
    r"muhurat|muhurta|auspicious (?:day|date|time)|predict(?:ion|ions)?|foretell|fortune[- ]?tell\w*|my fortune|"
    r"nakshatra|nakshatram|birth star|janma nakshatra)\b"
    r"|\bmy future\b|\bwhat will happen\b|\bwill i (?:get|be|have|find|pass|marry|become|win)\b",
    re.I)
# the same request in another word order (a question read word by word from Hindi, Spanish …): a goal of
# the asker's own beside a word of efficacy
_GOAL = re.compile(r"\b(?:job|jobs|rich|richer|money|exams?|promotion|lottery|career|visa|salary|loan|business)\b", re.I)
_EFFICACY = re.compile(r"\b(?:should|will make|would make|make|help|helps|worship|pray|chant|recite|grant|give|will give|bring|will bring)\b", re.I)
# a request for study material: a goal word beside it ("for an exam") is the reader's revision, not a wish
_STUDY = re.compile(r"\b(?:quiz\w*|flash ?cards?|revision|revise|mcqs?|multiple[- ]choice|practice questions|"
                    r"questions? (?:and|with) (?:the |their )?answers|study (?:notes|guide))\b", re.I)
# what to wear ("Which colour should I wear on Monday?"): a choice for the asker, which no verse makes
_WEAR = re.compile(r"\bcolou?rs?\b.{0,40}\b(?:wear|dress)\b|\b(?:wear|dress)\b.{0,40}\bcolou?rs?\b", re.I)
_OPINION = re.compile(
    r"\bdo you (?:think|believe|feel|personally)\b|\bin your (?:opinion|view)\b|\byour (?:opinion|personal view)\b"
    r"|\bwhich (?:religion|faith|god|scripture) is (?:true|truer|right|better|the best|the true one|real)\b"
    r"|\bis (?:hinduism|the rigveda|the rig veda|the veda|the vedas|religion) (?:true|real|superior|better|the best)\b"
    r"|\bshould i (?:believe|convert)\b",
    re.I)


def _word_pattern(word: str) -> str:
    """A whole word or phrase; in an Indian script only its start is bound (case endings and suffixes join the
    word: ತೂಕ ಇಳಿಸ-ಲು "to reduce weight")."""
    end = r"(?!\w)" if word[-1:].isascii() or not ("\u0900" <= word[-1] <= "\u0dff") else ""
    return r"(?<!\w)" + re.escape(word) + end


# Fortune-telling asks in the reader's own words, per language (folded to lower case): a question with one of
# these asks the app to foretell or pick a lucky day, colour or moment, which no verse does. Data, not rules:
# a language gains a line. Words that are also the hymns' own (nakṣatra: a star) are not here.
FORTUNE_WORDS: Dict[str, Tuple[str, ...]] = {
    "en": ("horoscope", "kundli", "kundali", "muhurat", "muhurta", "auspicious day", "auspicious date",
           "auspicious time", "auspicious moment", "lucky colour", "lucky color", "lucky day", "lucky number",
           "rahu kaal", "shani dosh", "mangal dosh", "manglik"),
    "es": ("horóscopo", "horoscopo", "para tener suerte", "día propicio", "dia propicio", "día de suerte",
           "color de la suerte", "traer suerte", "carta astral"),
    "it": ("oroscopo", "portare fortuna", "porta fortuna", "giorno propizio", "giorno fortunato", "colore fortunato"),
    "pt": ("horóscopo", "dar sorte", "dia de sorte", "dia propício", "cor da sorte", "mapa astral"),
    "fr": ("horoscope", "porter chance", "porte-bonheur", "jour propice", "jour de chance", "couleur porte-bonheur",
           "thème astral"),
    "de": ("horoskop", "glück bringen", "glückstag", "glücksfarbe", "glückszahl", "günstiger tag"),
    "ru": ("гороскоп", "на удачу", "счастливый день", "благоприятный день", "счастливый цвет"),
    "hi": ("कुंडली", "कुण्डली", "राशिफल", "शुभ मुहूर्त", "शुभ दिन", "शुभ रंग", "भाग्यशाली", "मांगलिक", "शनि दोष",
           "मंगल दोष", "राहु काल", "शुभ समय"),
    "mr": ("कुंडली", "राशीभविष्य", "शुभ मुहूर्त", "शुभ दिवस"),
    "bn": ("রাশিফল", "কোষ্ঠী", "শুভ দিন", "শুভ মুহূর্ত", "শুভ সময়", "ভাগ্যবান রং"),
    "gu": ("કુંડળી", "રાશિફળ", "શુભ મુહૂર્ત", "શુભ દિવસ", "શુભ રંગ"),
    "ta": ("ராசிபலன்", "ஜாதகம்", "நல்ல நேரம்", "முகூர்த்தம்"),
    "te": ("జాతకం", "రాశిఫలం", "ముహూర్తం", "శుభ దినం"),
    "kn": ("ಜಾತಕ", "ರಾಶಿಫಲ", "ಮುಹೂರ್ತ", "ಶುಭ ದಿನ", "ಜ್ಯೋತಿಷ", "ಹಸ್ತರೇಖೆ"),
    # palm-reading, astrology by name, and a date foretold (when will my marriage be), in more languages
    "en-palm": ("palm reading", "read my palm", "palm lines", "jyotish", "my astrologer", "astrologer says"),
    "hi-Latn": ("jyotish ke anusar", "haath ki rekha", "hast rekha", "shaadi kab hogi", "shadi kab hogi", "naukri kab lagegi"),
    "hi-more": ("ज्योतिष के अनुसार", "हस्तरेखा", "हाथ की रेखा", "शादी कब होगी", "विवाह कब होगा", "नौकरी कब लगेगी", "भविष्य बताइए",
                "भविष्य बताओ"),
    "mr-more": ("ज्योतिषानुसार", "हस्तरेषा", "लग्न कधी होईल"),
    "bn-more": ("জ্যোতিষ", "হাতের রেখা", "ভাগ্যে কী আছে", "বিয়ে কবে"),
    "ta-more": ("ஜோதிட", "கைரேகை", "ராசி பலன்", "கல்யாணம் எப்போ", "திருமணம் எப்போது"),
    "te-more": ("జ్యోతిష", "చేతి రేఖ", "పెళ్లి ఎప్పుడు"),
    "gu-more": ("જ્યોતિષ", "હસ્તરેખા", "લગ્ન ક્યારે"),
    "pl": ("horoskop", "przyniesie szczęście", "szczęśliwy dzień", "wróżb"),
    "nl": ("horoscoop", "geluk brengen", "geluksdag", "gelukskleur"),
    "es-more": ("quiromancia", "leer la mano", "cuándo me caso", "cuando me caso"),
    "pt-more": ("quiromancia", "ler a mão", "quando vou casar"),
    "it-more": ("malocchio", "chiromanzia", "leggere la mano", "quando mi sposo"),
    "fr-more": ("chiromancie", "lire les lignes de la main", "quand vais-je me marier"),
    "de-more": ("handlesen", "wann werde ich heiraten"),
    "ru-more": ("хиромант", "по руке", "когда я выйду замуж", "когда я женюсь"),
    # one's own chart or sign, and "according to astrology", in more languages and scripts
    "ne": ("ज्योतिष अनुसार", "ज्योतिषअनुसार", "ज्योतिषका अनुसार", "ज्योतिषीले", "चिना", "कुण्डली हेर"),
    "pa": ("ਕੁੰਡਲੀ", "ਰਾਸ਼ੀਫਲ", "ਜੋਤਿਸ਼ ਅਨੁਸਾਰ", "ਜੋਤਸ਼ੀ"),
    "ml": ("ജാതകം", "ജ്യോതിഷ പ്രകാരം"),
    "ar": ("خريطتي الفلكية", "الخريطة الفلكية", "برجي", "طالعي", "الأبراج", "حسب علم التنجيم", "المنجم"),
    "tr": ("burcum", "yıldız haritam", "doğum haritam", "astrolojiye göre"),
    "id": ("ramalan bintang", "zodiak saya", "horoskop", "menurut astrologi", "menurut primbon"),
    "sv": ("horoskop", "enligt astrologin"), "cs": ("horoskop", "podle astrologie"), "uk": ("гороскоп", "за астрологією"),
    "vi": ("tử vi", "theo chiêm tinh"), "zh": ("星座运势", "算命", "我的星座", "占星"), "ja": ("星占い", "占い", "ホロスコープ"),
    "ko": ("별자리 운세", "사주", "운세", "점성술에 따르면"),
}
_FORTUNE_TYPED = re.compile("|".join(_word_pattern(w) for words in FORTUNE_WORDS.values() for w in words), re.I)


# Remedies asked "according to the Vedas": a treatment for an ailment, an astrological remedy (a planet to calm, a
# weekday's gift, a gemstone, vastu), a step-by-step exercise routine. Each kind is a table of its subject words and
# the request shapes that ask the app to prescribe: both must be present, so "Which hymns ask Rudra for healing
# remedies?", "Is Saturn named in the hymns?", "What does yoga (yoking) mean in RV 1.5.3?" and "Which verse praises
# the cows of dawn?" go on as usual. Data, not rules: a word or a language's line is added here.
REMEDY_SUBJECTS: Dict[str, Tuple[str, ...]] = {
    "health": ("back pain", "backache", "lower back", "neck pain", "knee pain", "joint pain", "headache", "headaches",
               "migraine", "diabetes", "sugar level", "blood pressure", "hypertension", "thyroid", "cholesterol",
               "arthritis", "sciatica", "insomnia", "sleeplessness", "obesity", "weight loss", "lose weight",
               "hair fall", "hair loss", "acne", "pcos", "pcod", "asthma", "acidity", "constipation", "covid",
               "cancer", "anxiety", "depression", "stress relief", "my illness", "my disease", "my sickness",
               "chemo", "chemotherapy", "कैंसर", "कॅन्सर", "केमो", "ক্যান্সার", "புற்றுநோய்", "క్యాన్సర్", "ಕ್ಯಾನ್ಸರ್",
               "કેન્સર", "ക്യാൻസർ",
               "my fever", "my pain", "infertility", "eyesight", "कमर दर्द", "सिरदर्द", "मधुमेह", "बीमारी",
               "वजन कम", "वज़न कम", "वजन कमी", "ওজন কমা", "బరువు తగ్గ", "ತೂಕ ಇಳಿಸ", "எடை குறை", "વજન ઘટાડ",
               # creams and a fair skin (a cosmetic, asked as the Vedas' prescription)
               "cream", "creams", "crema", "creme", "crème", "ointment", "fair skin", "skin whitening", "clear skin",
               "glowing skin", "pelle chiara", "peau claire", "piel clara", "pele clara", "helle haut"),
    "planet": ("shani", "shanidev", "shani dev", "saturn", "rahu", "ketu", "mangal dosh", "mangal dosha", "manglik",
               "navagraha", "navgraha", "nava graha", "grahas", "graha dosh", "graha dosha", "sade sati",
               "sadesati", "mahadasha", "dasha", "planet", "planets", "planetary", "शनि", "राहु", "केतु", "ग्रह",
               "saturno", "planeta"),
    "day": ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "somvar", "mangalvar",
            "budhvar", "guruvar", "shukravar", "shanivar", "ravivar", "सोमवार", "मंगलवार", "शनिवार", "रविवार",
            "गुरुवार", "बुधवार", "शुक्रवार", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo",
            "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "lunedì", "martedì",
            "mercoledì", "giovedì", "venerdì", "sabato", "domenica", "lundi", "mardi", "mercredi", "jeudi", "vendredi",
            "samedi", "dimanche", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag",
            "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag", "poniedziałek", "wtorek",
            "środa", "środę", "czwartek", "piątek", "sobota", "sobotę", "niedziela", "niedzielę", "понедельник",
            "вторник", "среду", "четверг", "пятницу", "субботу", "воскресенье"),
    "gem": ("gemstone", "gemstones", "gem stone", "ruby", "emerald", "sapphire", "neelam", "pukhraj", "panna",
            "manik", "rudraksha", "crystal", "रत्न"),
    "vastu": ("vastu", "vaastu", "feng shui", "house facing", "main door", "वास्तु"),
    "exercise": ("asana", "asanas", "aasana", "yoga pose", "yoga poses", "yoga posture", "workout", "exercise routine",
                 "exercises", "stretches", "stretching", "आसन"),
    # an astrological "fault" (doṣa) to be removed: the ancestors' (pitṛ), the serpent's (kāla-sarpa), a planet's; and
    # the fault of a rite done wrong, to be pacified (śānti), in the scripts readers write it in
    "dosha": ("pitru dosh", "pitru dosha", "pitra dosh", "pitra dosha", "pitr dosh", "kaal sarp", "kaalsarp", "kalsarp",
              "kaal sarp dosh", "grah dosh", "पितृ दोष", "पितृदोष", "पितर दोष", "कालसर्प", "काल सर्प", "ग्रह दोष", "दोष निवारण",
              "দোষ", "পিতৃদোষ", "పితృ దోషం", "పితృదోషం", "దోషం", "ದೋಷ", "ಪಿತೃ ದೋಷ", "தோஷம்", "பித்ரு தோஷம்",
              "દોષ", "પિતૃ દોષ", "दोष लागतो", "दोष लगता", "दोष लगेगा"),
    # a hidden treasure to be found by chanting
    # a folk charm (ṭoṭkā) or a spell to bind someone (vaśīkaraṇa), asked for by name: a working, whatever its aim
    "charm": ("totka", "totke", "totkay", "टोटका", "टोटके", "টোটকা", "vashikaran", "vasikaran", "वशीकरण", "বশীকরণ",
              "வசியம்", "వశీకరణ", "ವಶೀಕರಣ"),
    # a rite of a later god asked for the reader (a mantra of Hanumān to chant, how many times, on which day)
    "later_god": ("hanuman", "hanumaan", "हनुमान", "ஹனுமான்", "அனுமன்", "హనుమాన్", "హనుమంతు", "ಹನುಮಾನ್", "ಹನುಮಂತ",
                  "હનુમાન", "হনুমান", "sai baba", "साईं बाबा", "santoshi", "संतोषी", "bajrang", "बजरंग"),
    # a bad omen to be averted (an owl on the roof, a cat crossing the road), asked as the Vedas' remedy
    "omen": ("bad omen", "ill omen", "evil omen", "apshagun", "apshakun", "apashakun", "अपशकुन", "अपशगुन", "অশুভ",
             "সংকেত", "சகுனம்", "சகுனமா", "శకునం", "ಶಕುನ", "અપશુકન", "શુકન", "ശകുനം", "mauvais présage",
             "mal presagio", "mau presságio", "cattivo presagio", "böses omen"),
    "treasure": ("hidden treasure", "buried treasure", "treasure", "गुप्त धन", "गड़ा धन", "खजाना", "ख़ज़ाना", "গুপ্তধন",
                 "గుప్త నిధి", "నిధి", "ನಿಧಿ", "புதையல்", "ખજાનો", "tesoro escondido", "trésor caché", "tesouro escondido"),
}
# the shapes of a prescription asked for the reader: an act to do for a result, or the steps of one
REMEDY_ASKS: Tuple[str, ...] = (
    "should i", "should we", "can i", "do i", "must i", "times a day", "times per day", "volte al giorno",
    "fois par jour", "veces al día", "veces al dia", "vezes por dia", "vezes ao dia", "mal am tag", "раз в день", "give me the steps", "the steps", "step by step",
    "step-by-step", "steps for", "steps to", "how to do", "how do i", "how should", "routine", "best", "which is good",
    "donate", "donation", "daan", "to calm", "to pacify", "to please", "pacify", "appease", "to remove", "to reduce",
    "to cure", "to treat", "to get rid", "cure my", "treat my", "for my", "remedy", "remedies", "upay", "upaya",
    "totka", "tips", "to wear", "fast on", "keep a fast", "दान", "उपाय", "क्या करें", "कैसे करें", "पहनें",
    # the remedy (parihāra) itself asked for, in the Indian scripts
    "parihar", "pariharam", "parihara", "परिहार", "பரிகாரம்", "పరిహారం", "ಪರಿಹಾರ", "પરિહાર", "প্রতিকার", "പരിഹാരം",
    "என்ன செய்யணும்", "என்ன செய்ய வேண்டும்",
    # the same asks in the Indian scripts: a gift to give, a chant to do, what one should do or drink, how to pacify
    "जप", "जाप", "करना चाहिए", "करें", "शांति", "शांती", "कशी करावी", "करावी", "करावे", "दान करावे",
    "দান", "জপ", "করব", "করতে হবে", "దానం", "చేయాలి", "జపం", "ದಾನ", "ಮಾಡಬೇಕು", "ಕುಡಿಯಬೇಕು", "ಜಪ",
    "தானம்", "செய்ய வேண்டும்", "ஜபம்", "દાન", "કરવું", "જાપ",
    # what the reader must or should do, and how many times, in more languages and scripts
    "சொல்லணும்", "சொல்ல வேண்டும்", "எத்தனை தடவை", "எத்தனை முறை", "ఎన్ని సార్లు", "చదవాలి", "ಎಷ್ಟು ಬಾರಿ", "কতবার",
    "कितनी बार", "kitni baar", "kitni bar", "how many times should", "batao", "bataiye", "बताओ", "बताइए",
    "debo", "tengo que", "devo", "tenho que", "dovrei", "dois-je", "je dois", "faut-il", "muss ich", "soll ich",
    "sollte ich", "moet ik", "zou ik", "powinienem", "powinnam", "muszę", "zrobię", "nie zrobię", "мне нужно",
    "должен ли я", "мне делать",
)
_REMEDY_SUBJECT = {kind: re.compile("|".join(_word_pattern(w) for w in words), re.I)
                   for kind, words in REMEDY_SUBJECTS.items()}
_REMEDY_ASK = re.compile("|".join(_word_pattern(w) for w in REMEDY_ASKS), re.I)
# the days alone are common in questions; with an act of worship or a gift they are an astrological remedy
_DAY_ACT = re.compile(r"(?<!\w)(?:donate|donation|daan|fast|feed|offer|give|दान|vrat|व्रत|puja|pooja|पूजा|worship|aanbidden|"
                      r"anbeten|adorar|adorer|venerare|pregare|rezar|prier|beten|bidden|czcić|modlić)(?!\w)", re.I)


# a cure asked for someone of the asker's own ("cure my son's autism", "heal my mother's knees"): a treatment,
# whatever the illness is called (the subject list cannot name them all)
_PERSONAL_CURE = re.compile(r"\b(?:cure|cures|heal|heals|treat|treats)\b.{0,30}?\b(?:my|our)\s+(?:own\s+)?"
                            r"(?:son|daughter|child|children|kid|kids|baby|mother|mom|mum|father|dad|wife|husband|brother|"
                            r"sister|grandmother|grandfather|grandma|grandpa|friend|family|uncle|aunt)s?(?:'s|’s)?\b", re.I)
# a mantra asked to do something for the asker ("a mantra to stop my neighbour spying on me", "a verse that will get me
# a visa"): a working asked of the hymns, not what they say
_MANTRA_FOR = re.compile(r"\b(?:mantras?|hymns?|suktas?|chants?|verses?|richas?|slokas?|shlokas?)\s+(?:to|for|that (?:will|can)|"
                         r"which (?:will|can))\s+(?:stop|get|win|make|remove|protect|bring|attract|destroy|keep|find|pass|"
                         r"punish|control|defeat|silence|block|cure|heal)\b", re.I)

# A chant prescribed for the asker's own end, in whatever words the end is named (a field that keeps catching fire,
# a son, a bike race, a court case, a parrot that will not talk, a child's height, an election): the subject tables
# above cannot list every wish, but the request has one shape in every wording. A chant word, the asker (English "I",
# "my", "should we"; Hindi and Hinglish pronouns and first-person verbs: padhu, japu, jeet jau), and either a purpose
# clause (so that, taaki, jisse) or a regimen (how many times, for 40 days, daily) with a verb that prescribes. "Which
# verse do Brahmins recite daily?" has no asker; "Which hymn asks that we win cattle?" has no chant for the asker.
_CHANT_WORD = re.compile(r"(?<!\w)(?:mantras?|mantram|hymns?|suktas?|suktam|verses?|richas?|shlokas?|slokas?|stotras?|"
                         r"chants?|prayers?|jaap|japa|मंत्र|मन्त्र|सूक्त|श्लोक|स्तोत्र|जाप|"
                         # the same in the languages of Europe and Turkish ("jaką mantrę", "hangi mantrayı", "мантру")
                         r"mantrę|mantrą|mantry|mantrayı|mantrayi|mantraları|мантр[аыуе]?|мантрой|rigveda-mantra)(?!\w)", re.I)
_ASKER = re.compile(r"(?<!\w)(?:i|me|my|mine|myself|should (?:we|our)|"
                    r"mera|meri|mere|mujhe|mujhko|maine|humko|hame|hamein|hamara|hamari|hamare|humara|humari|"
                    r"humare|मेरा|मेरी|मेरे|मुझे|मैं|हम|हमें|हमारा|हमारी|हमारे|"
                    r"padhu|padhun|padhoon|japu|japun|japoon|bolu|bolun|karu|karun|karoon|jau|jaun|jaaun|jeetu|"
                    r"पढ़ूं|पढ़ूँ|पढूं|जपूं|जपूँ|बोलूं|करूं|करूँ|जाऊं|जाऊँ|"
                    # the asker in Spanish, Portuguese, Italian, French, German, Dutch, Polish, Russian, Turkish
                    r"yo|mi|mis|tengo|eu|meu|minha|meus|minhas|io|mio|mia|miei|je|j|mon|mes|moi|ich|mein|meine|"
                    r"meinen|meinem|mir|mich|ik|mijn|mij|ja|mój|moja|moje|mnie|buduję|я|мой|моя|моё|мои|мне|меня|"
                    r"ben|benim|aku|saya|\w+(?:malıyım|meliyim|malıyız|meliyiz))(?!\w)", re.I)
# ("so I've been reading …", "so my grandmother used to chant …": a sentence's "so" is no purpose; "so we win" is)
_PURPOSE = re.compile(r"(?<!\w)(?:so that|(?<=\w )so (?:i|we) (?!(?:was|were|had|used|did|have been|am|are|'|’)\b)[a-z]+|"
                      r"in order to|taaki|taki|jisse|jis se|jisase|"
                      r"ताकि|जिससे|जिस से|"
                      # "which mantra do I chant to neutralize it", "a mantra that cures …" (the chant is the cure)
                      r"(?:chant|recite|say|read|sing|use|do|japa?)\s+(?:\w+\s+){0,2}to\s+"
                      r"(?!(?:my|me|the|a|an|him|her|them|us|it|god|gods|agni|indra)\b)[a-z]{3,}|"
                      r"(?:mantras?|chants?|hymns?|suktas?|verses?)\s+(?:that|which)\s+(?:cures?|heals?|removes?|"
                      r"neutrali[sz]es?|protects?|destroys?|stops?|brings?|gets?|wins?|fixes|solves?)|"
                      r"removes? it|cures? it|"
                      r"(?:mantras?|chants?|hymns?|suktas?|verses?)\s+(?:that\s+|which\s+)?(?:protects?|saves?|keeps?)\s+"
                      r"(?:me|my|us|our)|"
                      # purpose clauses in other languages ("para no equivocarme", "zodat ik", "żeby nie", "чтобы")
                      r"para que|para no|pra que|pra eu|para eu|per non|affinché|pour que|pour ne pas|afin de|afin que|"
                      r"damit|sodass|so dass|zodat|żeby|aby|чтобы|için|agar|supaya|biar)(?!\w)", re.I)
_REGIMEN = re.compile(r"(?<!\w)(?:how many times|how often|kitni (?:baar|bar|der)|kitne din|कितनी बार|कितने दिन|"
                      r"\d+\s*(?:din|days?|baar|bar|times|दिन|बार)|roz|rozana|daily|every day|har din|रोज़?|रोजाना|"
                      r"every (?:morning|evening|night)|each (?:morning|evening|night|day)|kis din|किस दिन|"
                      # the rite's steps asked for ("need the exact procedure", "vidhi batao")
                      r"(?:exact |full |whole |step by step )?(?:procedure|vidhi|method|ritual steps)|विधि|"
                      r"cada (?:día|dia|mañana|manhã)|todos los días|todos os dias|ogni giorno|ogni mattina|"
                      r"chaque (?:jour|matin)|tous les jours|jeden (?:tag|morgen)|täglich|elke dag|'s ochtends|"
                      r"codziennie|каждый день|каждое утро|her gün|her sabah|kaç kere|kaç kez|setiap hari|"
                      r"cuántas veces|cuantas veces|quantas vezes|quante volte|combien de fois|wie oft|hoe vaak|"
                      r"ile razy|сколько раз)(?!\w)", re.I)
_PRESCRIBING = re.compile(r"(?<!\w)(?:should|must|padhu|padhun|japu|japun|bolu|bolun|karu|karun|jau|padhe|padhein|"
                          r"padhna|japna|bolna chahiye|chahiye|चाहिए|पढ़ें|पढ़े|जपें|batao|bataiye|बताओ|बताइए|"
                          r"give me|tell me|need|i'?ll chant|i will chant|shall i|do i|can i|"
                          r"debo|tengo que|recito|rezo|devo|tenho que|dois-je|je dois|faut-il|soll ich|muss ich|"
                          r"sollte ich|moet ik|zou ik|powinienem|powinnam|muszę|mam czytać|нужно|надо|должен|должна|"
                          r"harus|sebaiknya|\w+(?:malıyım|meliyim|malıyız|meliyiz))(?!\w)", re.I)


# an end that is the reading itself ("so that I understand Agni", "to learn it by heart"): study, not a working
_STUDY_END = re.compile(r"(?<!\w)(?:understand\w*|learn\w*|study\w*|memori[sz]\w*|by heart|pronounc\w*|meaning|"
                        r"samajh\w*|seekhn?a\w*|yaad|समझ\w*|सीख\w*|याद|aprend\w*|entend\w*|comprend\w*|"
                        r"apprend\w*|lern\w*|versteh\w*|impar\w*|capir\w*|leren|begrijp\w*|uczyć|zrozumie\w*|"
                        r"выучить|учить|понять|öğren\w*|anla\w*|belajar|memahami)(?!\w)", re.I)

# the same request where words are not spaced (Chinese, Japanese, Korean): "我…要念什么咒语保平安？"
_CJK_CHANT = re.compile(r"咒语|咒語|真言|マントラ|만트라")
_CJK_ASKER = re.compile(r"我|私|僕|俺|내가|제가|나는|저는|저의|나의")
_CJK_END = re.compile(r"保平安|为了|為了|以便|ように|ために|위해|하려면|되도록|要念|该念|唱えれば|唱えるべき|해야")


# the same four parts in the Indian scripts, whose words take endings (मंत्राचा, மந்திரத்தை): a chant word as a stem;
# the asker, a purpose or condition ("so that", "if I say it, then …"), a regimen and a prescribing verb as whole words
# (Gujarati, Marathi, Bengali, Tamil, Telugu, Kannada, Malayalam; Hindi and Hinglish are in the tables above)
_INDIC_CHANT = re.compile(r"મંત્ર|મન્ત્ર|પાઠ|मंत्र|मन्त्र|पाठ|পাঠ|মন্ত্র|மந்திர|మంత్ర|ಮಂತ್ರ|മന്ത്ര|(?<!\w)paath(?!\w)",
                          re.I)


def _words(*words: str) -> "re.Pattern[str]":
    return re.compile(r"(?:^|(?<=[\s,.?!।;:\"'(]))(?:" + "|".join(words) + r")(?=$|[\s,.?!।;:\"')])")


_INDIC_ASKER = _words("મારી", "મારો", "મારા", "મારું", "મને", "હું", "અમારી", "અમારો", "माझ्या", "माझा", "माझी", "माझे",
                      "मला", "मी", "आमच्या", "আমার", "আমি", "আমাকে", "আমাদের", "என்", "எனக்கு", "நான்", "என்னுடைய",
                      "எங்கள்", "நா", "నా", "నాకు", "నేను", "మా", "ನನ್ನ", "ನನಗೆ", "ನಾನು", "ನಮ್ಮ", "എന്റെ", "എനിക്ക്",
                      "ഞാൻ", "ഞങ്ങളുടെ")
_INDIC_PURPOSE = _words("જેથી", "તો", "જેણે", "जेणेकरून", "तर", "म्हणजे", "যাতে", "তাহলে", "তবে", "ஆனால்",
                        "சொன்னால்", "படித்தால்", "செய்தால்", "ஜபித்தால்", "చదివితే", "చేస్తే", "జపిస్తే", "అయితే",
                        "ಹೇಳಿದರೆ", "ಓದಿದರೆ", "ಮಾಡಿದರೆ", "ചൊല്ലിയാൽ", "ജപിച്ചാൽ", "വായിച്ചാൽ")
_INDIC_REGIMEN = re.compile(r"રોજ|દરરોજ|\d+\s*(?:વાર|दिवस|वेळा|বার|দিন|முறை|தடவை|நாள்|సార్లు|రోజులు|ಬಾರಿ|ದಿನ|തവണ|ദിവസം)|"
                            r"रोज|दररोज|প্রতিদিন|தினமும்|ప్రతిరోజు|ಪ್ರತಿದಿನ|ദിവസവും")
_INDIC_PRESCRIBING = _words("બોલું", "કરું", "વાંચું", "બોલવો", "म्हणू", "म्हणावा", "म्हणावे", "करू", "वाचू", "পড়ব",
                            "বলব", "করব", "சொல்லணும்", "சொல்ல", "படிக்கணும்", "செய்யணும்", "చదవాలి", "చెప్పాలి",
                            "ಹೇಳಬೇಕು", "ಓದಬೇಕು", "ചൊല്ലണം", "ജപിക്കണം")


def chant_for_asker(text: str) -> bool:
    """A chant asked for the asker's own end: a chant word, the asker, and a purpose clause or a regimen with a
    prescribing verb (``_CHANT_WORD`` … ``_PRESCRIBING`` above, and their Indian-script tables); not when the end is
    to learn or understand it."""
    folded = " ".join(str(text or "").split())
    if _CJK_CHANT.search(folded) and _CJK_ASKER.search(folded) and _CJK_END.search(folded):
        return True
    chant = _CHANT_WORD.search(folded) or _INDIC_CHANT.search(folded)
    if not (chant and (_ASKER.search(folded) or _INDIC_ASKER.search(folded))) or _STUDY_END.search(folded):
        return False
    purpose = _PURPOSE.search(folded) or _INDIC_PURPOSE.search(folded) or _INFINITIVE_END.search(folded)
    regimen = _REGIMEN.search(folded) or _INDIC_REGIMEN.search(folded)
    return bool(purpose or (regimen and (_PRESCRIBING.search(folded) or _INDIC_PRESCRIBING.search(folded))))


# a Romance purpose clause with its infinitive ("pour réussir mon concours", "para aprobar", "per superare", "pra passar")
_INFINITIVE_END = re.compile(r"(?<!\w)(?:pour|para|pra|per)\s+(?!(?:le|la|les|un|une|des|el|los|las|o|os|a|as|il|lo|gli|"
                             r"i|un|una|que|qué|che)\b)[^\W\d_]{3,}(?:er|ir|re|ar|are|ere|ire|or)\b", re.I)


def remedy_asked(text: str) -> str:
    """The kind of remedy a question asks to be prescribed ("health", "planet", "day", "gem", "vastu",
    "exercise"), or "": a subject word of ``REMEDY_SUBJECTS`` beside a request shape of ``REMEDY_ASKS``, or a cure
    asked for one of the asker's own (``_PERSONAL_CURE``)."""
    folded = " ".join(str(text or "").split())
    if _PERSONAL_CURE.search(folded):
        return "health"
    if not _REMEDY_ASK.search(folded):
        return ""
    for kind, pattern in _REMEDY_SUBJECT.items():
        if pattern.search(folded) and (kind != "day" or _DAY_ACT.search(folded)):
            return kind
    return ""


class LookAlike(BaseModel):
    """Why the question is not about the RigVeda though it uses its words, and what to ask instead."""

    kind: str  # "advice" | "fortune" | "opinion" | "other_line" (pyapp.reading.other_line)
    reason: str
    instead: str  # one sentence: what can be asked instead


_INSTEAD = {
    "advice": ("The hymns do not advise or promise results for a reader's wishes. You can ask what they say "
               "about a theme, for example “What do the hymns ask of the gods for wealth?” or “Who is Pūṣan?”."),
    "fortune": ("The RigVeda does not tell fortunes or read horoscopes. You can ask what its hymns say, for example "
                "“What do the hymns say about the stars?” or “Who is Sūrya?”."),
    "remedy": ("The RigVeda's hymns prescribe no treatments, astrological remedies or exercise routines, and this app "
               "does not give them. You can ask what the hymns say, for example “Which hymns pray for healing?” or "
               "“What does yoga (yoking) mean in the hymns?”."),
    "opinion": ("This app reports what the RigVeda's hymns say, not opinions or verdicts. You can ask, for example, "
                "“What do the hymns say about truth (ṛta)?”."),
}


_REMEDY_REASON = {"health": "a treatment", "planet": "for a planet", "day": "a weekday's rite", "gem": "a gemstone",
                  "vastu": "vastu", "exercise": "an exercise routine", "dosha": "for an astrological fault (doṣa)",
                  "treasure": "a chant to find treasure", "charm": "a folk charm or spell",
                  "later_god": "a later god's rite", "omen": "to avert an omen"}


# a planet's place in a birth chart ("Shani in the 7th house"): astrology, whoever it is asked for
_CHART_HOUSE = re.compile(r"\b(?:in|into|of|from)\s+(?:the\s+|my\s+|his\s+|her\s+)?(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|"
                          r"fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)\s+(?:house|bhava|bhav)\b", re.I)
# a prescription asked for: a dosage, or a remedy, cure or mantra someone is told to suggest or prescribe
_PRESCRIBE = re.compile(r"\b(?:dosages?|milligrams?|\d+\s?mg)\b|\b(?:doses?)\b.{0,40}\b(?:take|drink|eat|should|give)\b"
                        r"|^\W*(?:please\s+|pls\s+|kindly\s+)?(?:suggest|recommend|prescribe)\b.{0,80}\b(?:remed\w*|cure|treatment|"
                        r"medicines?|herbs?|mantras?|therap\w*|tonics?|potions?|pills?|tablets?|supplements?)\b", re.I)


def look_alike(question: str, typed: str = "") -> Optional[LookAlike]:
    """A prediction, personal-advice or opinion request (in English, or ``typed`` in the reader's own language
    with a word of ``FORTUNE_WORDS``), or None."""
    text = " ".join(str(question or "").split())
    if _FORTUNE_TYPED.search(text) or (typed and _FORTUNE_TYPED.search(" ".join(typed.split()))):
        return LookAlike(kind="fortune", reason="asks for a prediction, a horoscope or a lucky day",
                         instead=_INSTEAD["fortune"])
    if _FORTUNE.search(text) and (_FIRST_PERSON.search(text) or re.search(r"\bpredict|\bforetell|\bfortune[- ]?tell", text, re.I)) \
            and not prophecy.asks(text):  # "does the RigVeda predict the Buddha?" asks of the text: answered "No — …"
        return LookAlike(kind="fortune", reason="asks for a prediction or a horoscope", instead=_INSTEAD["fortune"])
    if _CHART_HOUSE.search(text):
        return LookAlike(kind="fortune", reason="asks about a planet's house in a birth chart", instead=_INSTEAD["fortune"])
    if _PRESCRIBE.search(text):
        return LookAlike(kind="advice", reason="asks for a remedy or a dosage to be prescribed", instead=_INSTEAD["remedy"])
    remedy = remedy_asked(text) or (remedy_asked(typed) if typed else "")
    if remedy:
        return LookAlike(kind="advice", reason=f"asks for a remedy ({_REMEDY_REASON[remedy]}) according to the Vedas",
                         instead=_INSTEAD["remedy"])
    if any(regimen.repetition_asked(t) for t in (text, typed) if t):  # "ਪਾਠ ਕਿੰਨੀ ਵਾਰ ਕਰਾਂ?", "كم مرة؟"
        return LookAlike(kind="advice", reason="asks how many times to do a rite or a recitation", instead=_INSTEAD["advice"])
    if any(regimen.cure_asked(t) for t in (text, typed) if t):  # "… 108 முறை ஜபித்தால் … குணமாகுமா?"
        return LookAlike(kind="advice", reason="asks for a cure from a rite or a regimen", instead=_INSTEAD["remedy"])
    if chant_for_asker(text) or (typed and chant_for_asker(typed)):
        return LookAlike(kind="advice", reason="asks for a chant to work a result for the asker", instead=_INSTEAD["advice"])
    if _MANTRA_FOR.search(text) and _FIRST_PERSON.search(text):
        return LookAlike(kind="advice", reason="asks for a mantra to work a result for the asker", instead=_INSTEAD["advice"])
    if _WEAR.search(text) and (_FIRST_PERSON.search(text) or re.search(r"\bshould\b", text, re.I)):
        return LookAlike(kind="advice", reason="asks what to wear or do for luck", instead=_INSTEAD["advice"])
    studying = _STUDY.search(text)  # "give me quiz questions … for an exam revision": study, not a wish
    if _FIRST_PERSON.search(text) and not studying and (_GAIN.search(text) or (_GOAL.search(text) and _EFFICACY.search(text))):
        return LookAlike(kind="advice", reason="asks for personal advice or a promised result",
                         instead=_INSTEAD["advice"])
    if _OPINION.search(text):
        return LookAlike(kind="opinion", reason="asks for an opinion or a verdict", instead=_INSTEAD["opinion"])
    return None


def clue_topic(clue: str) -> Optional[LookAlike]:
    """A crossword or quiz clue whose subject is astrology or fortune ("lucky gemstone for Jupiter in Vedic
    astrology"): the clue asks for that tradition's answer, not the hymns', whoever it is for, so no first person
    is needed to refuse it (``pyapp.reading.quiz_form`` reads the clue)."""
    text = " ".join(str(clue or "").split())
    if _FORTUNE.search(text) or remedy_asked(text):
        return LookAlike(kind="fortune", reason="a clue about astrology or fortune, not about the hymns",
                         instead=_INSTEAD["fortune"])
    return None


def counterpart(question: str, lexicon: Lexicon, named: Optional[List[object]] = None) -> str:
    """For a question about another scripture: where the RigVeda has its own counterpart (a named passage
    the question names, else a god it names), one sentence; "" when it has none."""
    passages = list(named or [])
    if not passages:
        hits = lexicon.analyse(question)
        keys = [norm(h) for h in hits.hymn_names]
        if keys:
            from pyapp.reading.named import named_passages

            for passage in named_passages():
                if any(norm(name).startswith(key) for key in keys for name in passage.names):
                    passages.append(passage)
                    break
    if passages:
        passage = getattr(passages[0], "passage", passages[0])
        name = passage.names[0]
        refs = ", ".join(f"RV {r}" for r in passage.refs[:2])
        return (f"The RigVeda has its own {name} ({refs}); ask “What is the {name}?” to read it there.")
    names = lexicon.main_names(question)
    if names:
        return f"The RigVeda has its own hymns about {names[0]}; ask “Who is {names[0]} in the RigVeda?”."
    return ""


# "… true or just purana?", "vedic or only in the puranas?", "is that only a puranic story?": whether a story is in
# the hymns at all, asked against a later text; the later text is the foil, not the subject
_AGAINST_LATER = re.compile(
    r"\b(?:or|vs\.?|versus)\s+(?:is\s+(?:it|that|this)\s+)?(?:just|only|merely|simply|purely)?\s*"
    r"(?:an?\s+|in\s+(?:the\s+)?|from\s+(?:the\s+)?)?(?:later\s+)?(?:puran\w*|purāṇ\w*|epics?|mahabharata|ramayana)\b"
    r"|\b(?:only|just|merely)\s+(?:in|from)\s+(?:the\s+)?(?:later\s+)?(?:puran\w*|purāṇ\w*|epics?|mahabharata|ramayana)\b"
    r"|\b(?:only|just|merely)\s+an?\s+(?:later\s+)?(?:puranic|purāṇic|epic)\s+(?:story|legend|myth|tale)\b"
    # "… according to the hymns, not the purāṇas", "no los purāṇas", "nicht in den Epen", "पुराणों में नहीं": the
    # later text named only to be set aside
    r"|\b(?:not|rather than|instead of|as opposed to|unlike|no|pas|nicht|non|não|nao)\s+(?:as\s+)?(?:in|from|en|de|dans|"
    r"in den|aus den|nei|nos|nas|em)?\s*(?:the|los|las|les|des|die|den|i|gli|le|os|as)?\s*(?:later\s+)?"
    r"(?:puran\w*|purāṇ\w*|epics?|epen|mahabharata|mahābhārata|ramayana|rāmāyaṇa)\b"
    r"|(?:पुराण\w*|महाभारत|रामायण)\s*(?:में|से|के)?\s*(?:नहीं|नही)",
    re.I)


def against_later_text(text: str) -> bool:
    """"Ghoṣā was cured by the Aśvins - true or just Purāṇa?", "is that Vedic or only in the Purāṇas?": a story
    asked about the hymns against a later text, so the later text is the foil, not the subject."""
    return bool(_AGAINST_LATER.search(text or ""))


def another_scripture_only(text: str, lexicon: Lexicon) -> bool:
    """``text`` names another scripture and not the RigVeda ("l'enlèvement de Sītā dans le Rāmāyaṇa"): a
    name it shares with the hymns (Sītā, the furrow of RV 4.57) does not make it a question about them."""
    hits = lexicon.analyse(text)
    return bool(hits.other_scriptures) and not hits.rigveda


def pointer(question: str, lexicon: Lexicon, named_in: Callable[[str], Optional[List[object]]]) -> str:
    """After a refusal of a question that names another text the lexicon knows (the Gita, the Rāmāyaṇa …):
    the RigVeda's own counterpart (``counterpart``, with the passages ``named_in(question)`` names); "" else."""
    hits = lexicon.analyse(question)
    texts = [t for t in hits.other_scriptures if t in lexicon.texts] + hits.later_story
    return counterpart(question, lexicon, named_in(question)) if texts else ""


__all__ = ["LookAlike", "REMEDY_ASKS", "REMEDY_SUBJECTS", "against_later_text", "another_scripture_only", "clue_topic", "counterpart", "look_alike", "pointer", "remedy_asked"]
