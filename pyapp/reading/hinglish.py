"""Questions typed in Hindi with Latin letters ("Rigved mein Agni ka zikr hai kya?"), read word by
word as English so the rest of the pipeline can find their names and topic.

Why: many readers of the RigVeda ask this way, and their words look like romanised Sanskrit to
every Sanskrit test ("ka", "ko", "hi" are Sanskrit words too), so such a question was treated as a
quotation and answered "No verse has these exact words". A gloss of the few dozen function and
question words is enough: what such a question asks about is the names it contains (Agni, Rudra,
Shiv), which stay as typed. A question counts as Hinglish only with at least two of these words,
one of them a word Sanskrit verse never has (``hai``, ``kya``, ``mein``, ``kaun``…), so a real
quotation ("ko addhā veda ka iha pravocat") is never glossed.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

# Hindi → English, "" = dropped (honorifics and emphasis)
GLOSS = {
    "hai": "is", "hain": "are", "tha": "was", "thi": "was", "the": "were", "kya": "what", "kaun": "who",
    "kaunsa": "which", "kaunsi": "which", "konsa": "which", "konsi": "which", "kaise": "how", "kyun": "why",
    "kyon": "why", "kyu": "why", "kab": "when", "kahan": "where", "kaha": "where", "kitne": "how many",
    "kitna": "how much", "kisne": "who", "mein": "in", "me": "in", "ka": "of", "ki": "of", "ke": "of", "ko": "",
    "se": "from", "aur": "and", "ya": "or", "nahi": "not", "nahin": "not", "bhi": "also", "ji": "", "hi": "",
    "zikr": "mention", "jikr": "mention", "baare": "about", "bare": "about", "likha": "written", "batao": "tell",
    "bataiye": "tell", "bataye": "tell", "samjhao": "explain", "matlab": "meaning", "arth": "meaning",
    "devta": "god", "devtaon": "gods", "devata": "god", "bhagwan": "god", "bhagvan": "god", "rachna": "composition",
    "rachi": "composed", "shlok": "verse", "richa": "verse", "rigved": "Rigveda", "shiv": "Shiva",
    "humein": "us", "hame": "us", "hota": "is", "hoti": "is", "hote": "are", "wala": "", "wali": "", "wale": "",
    "rgved": "Rigveda", "rigveda": "Rigveda", "rgveda": "Rigveda", "varnit": "described", "ullekh": "mention",
    "pramukh": "main", "mukhya": "main", "nadi": "river", "nadiyon": "rivers", "devi": "goddess", "rishi": "seer",
    "mantra": "mantra", "sukt": "hymn", "sukta": "hymn", "pratham": "first", "prachin": "ancient", "purana": "old",
    "kis": "which", "kin": "which", "kuch": "something", "kuchh": "something", "koi": "any",
    "mera": "my", "meri": "my", "mere": "my", "mujhe": "me", "hamara": "our", "hamari": "our", "hamare": "our",
    "humara": "our", "humari": "our", "humare": "our", "tera": "your", "teri": "your", "tere": "your",
    "unka": "their", "unki": "their", "unke": "their", "uski": "its", "uske": "its", "iski": "its", "iske": "its",
    "jisse": "so that", "taaki": "so that", "kyunki": "because", "kyonki": "because", "lekin": "but", "sirf": "only",
    "bahut": "very", "chahiye": "should", "sakta": "can", "sakti": "can", "sakte": "can", "raha": "", "rahi": "",
    "rahe": "", "jata": "", "jati": "", "jate": "", "gaya": "", "gayi": "", "gaye": "", "kitni": "how many",
    "kaunse": "which", "konse": "which", "yeh": "this", "agar": "if", "jab": "when", "sab": "all", "sabse": "most", "pehla": "first", "pehli": "first", "uska": "its", "iska": "its", "aakhri": "last",
    # pronouns a follow-up points back with ("isko kisne likha?": who wrote it?)
    "isko": "it", "ise": "it", "isey": "it", "usko": "it", "inko": "them", "unko": "them", "inka": "their",
    "inki": "their", "inke": "their", "isme": "in it", "ismein": "in it", "usme": "in it", "usmein": "in it",
    "samarpit": "dedicated", "kisko": "whom", "kiska": "whose", "kiski": "whose", "kiske": "whose", "ye": "this", "banaya": "made",
}
# phrases read as one ("kaun kaun se": which)
PHRASES = {
    "kaun kaun se": "which", "kaun kaun si": "which", "kaun kaun": "which", "kaun sa": "which", "kaun si": "which",
    "kaun se": "which", "kon sa": "which", "kon si": "which", "kon se": "which", "ke bare mein": "about",
    "ke baare mein": "about", "ke bare me": "about", "ke baare me": "about", "ke liye": "for", "kis ko": "whom",
    "kise kehte hain": "what is", "kise kahte hain": "what is", "kise kehte hai": "what is", "kya kehte hain": "what is called",
    "kisne likha": "who wrote", "kisne likhi": "who wrote", "kisne likhe": "who wrote", "kisne racha": "who composed",
    "kisne rachi": "who composed", "kisne rache": "who composed", "kisne banaya": "who made", "kisne mara": "who killed",
    "kisne bachaya": "who rescued", "paar lagaya": "rescued", "paar lagaye": "rescued", "sabse zyada": "most", "sabse jyada": "most", "sabse adhik": "most", "sabse purana": "oldest", "sabse prachin": "oldest",
}
# content words readers write in Latin letters (wheels, fingers, the blind and the lame, grief, dance …): read only
# inside a question already taken for Hinglish, never counted towards taking it for one (Sanskrit has "rath",
# "jal", "das" too); Sanskrit words the hymns use as typed (yajna, soma, rta) are left as they are
CONTENT = {
    "pahiye": "wheels", "pahiya": "wheel", "ungli": "finger", "ungliyon": "fingers", "ungliyan": "fingers",
    "andha": "blind", "andhe": "blind", "langda": "lame", "langde": "lame", "paida": "born", "janm": "birth",
    "janam": "birth", "lautne": "return", "lautna": "return", "nachne": "dance", "nachna": "dance", "hasne": "laugh",
    "hasna": "laugh", "shok": "grief", "jeevan": "life", "jivan": "life", "maut": "death", "mrityu": "death",
    "rath": "chariot", "ghoda": "horse", "ghode": "horses", "gaay": "cow", "gai": "cow", "gaayon": "cows", "aag": "fire",
    "paani": "water", "pani": "water", "chand": "moon", "chandrama": "moon", "raat": "night", "subah": "morning",
    "suraj": "sun", "aasman": "sky", "aakash": "sky", "akash": "sky", "dharti": "earth", "barish": "rain",
    "yudh": "war", "yuddh": "war", "dushman": "enemy", "shatru": "enemy", "dost": "friend", "shaadi": "marriage",
    "vivah": "marriage", "patni": "wife", "pati": "husband", "beta": "son", "beti": "daughter", "maa": "mother",
    "mata": "mother", "pita": "father", "bhai": "brother", "behen": "sister", "saanp": "snake", "sanp": "snake",
    "pahad": "mountain", "parvat": "mountain", "samudra": "sea", "samundar": "sea", "ped": "tree", "jungle": "forest",
    "jadu": "magic", "dawa": "medicine", "ilaj": "healing", "bimari": "disease", "rog": "disease", "sona": "gold",
    "daan": "gift", "khana": "food", "bhojan": "food", "bhookh": "hunger", "bhookha": "hungry", "bhookhe": "hungry",
    "garib": "poor", "pyaar": "love", "prem": "love", "dar": "fear", "gussa": "anger", "khushi": "joy", "dukh": "sorrow",
    "kasam": "oath", "shapath": "oath", "shraap": "curse", "shaap": "curse", "srishti": "creation", "duniya": "world",
    "dasa": "", "bachche": "children", "bacche": "children", "aurat": "woman", "stri": "woman", "aadmi": "man",
    "juaari": "gambler", "jua": "gambling", "paase": "dice", "mendhak": "frogs", "pakshi": "bird", "chidiya": "bird",
    # everyday words of readers' questions (sin and forgiveness, worship, the body, animals, nature, feelings, kinship,
    # work, time): a word left unread was searched as typed and named in "No verse speaks directly of maafi"
    "maafi": "forgiveness", "maaf": "forgive", "kshama": "forgiveness", "galti": "mistake", "galtiyan": "mistakes",
    "bhool": "mistake", "anjane": "unknowingly", "anjaane": "unknowingly", "paap": "sin", "paapi": "sinner",
    "dosh": "fault", "saza": "punishment", "sazaa": "punishment", "dand": "punishment", "nyay": "justice",
    "puja": "worship", "pooja": "worship", "prarthana": "prayer", "stuti": "praise", "tareef": "praise",
    "aarti": "worship", "havan": "fire offering", "bali": "sacrifice", "chadhava": "offering", "bhent": "offering",
    "swarg": "heaven", "svarg": "heaven", "narak": "hell", "aatma": "soul", "atma": "soul", "punarjanm": "rebirth",
    "mukti": "liberation", "bhakti": "devotion", "dhyan": "meditation", "gyan": "knowledge", "gyaan": "knowledge",
    "vidya": "knowledge", "buddhi": "intelligence", "sach": "truth", "sachchai": "truth", "jhooth": "lie",
    "jhoot": "lie", "chori": "theft", "chor": "thief", "sharab": "liquor", "nasha": "intoxication", "dhan": "wealth",
    "paisa": "money", "daulat": "wealth", "garibi": "poverty", "raja": "king", "rani": "queen", "praja": "people",
    "gaon": "village", "ghar": "house", "khet": "field", "kheti": "farming", "hal": "plough", "anaj": "grain",
    "jau": "barley", "doodh": "milk", "dudh": "milk", "makkhan": "butter", "shahad": "honey", "shehad": "honey",
    "madhumakhi": "bee", "makhi": "fly", "kutta": "dog", "kutte": "dogs", "billi": "cat", "sher": "lion",
    "bhediya": "wolf", "machli": "fish", "hathi": "elephant", "haathi": "elephant", "oont": "camel",
    "bandar": "monkey", "gadha": "donkey", "bail": "bull", "saand": "bull", "bakri": "goat", "bhed": "sheep",
    "batakh": "duck", "hans": "swan", "mor": "peacock", "baaz": "hawk", "hawa": "wind", "toofan": "storm",
    "toofaan": "storm", "bijli": "lightning", "badal": "cloud", "baadal": "cloud", "jheel": "lake", "kuan": "well",
    "kuaan": "well", "mitti": "soil", "patthar": "stone", "loha": "iron", "chandi": "silver", "tamba": "copper",
    "kapda": "cloth", "kapde": "clothes", "rang": "colour", "laal": "red", "kaala": "black", "safed": "white",
    "peela": "yellow", "dil": "heart", "hriday": "heart", "aankh": "eye", "aankhen": "eyes", "kaan": "ear",
    "haath": "hand", "baal": "hair", "daant": "teeth", "khoon": "blood", "sharir": "body", "umar": "age",
    "budhapa": "old age", "jawani": "youth", "bachcha": "child", "aurten": "women", "purush": "man", "log": "people",
    "insaan": "human", "manushya": "human", "janwar": "animal", "pashu": "animal", "phool": "flower", "phal": "fruit",
    "beej": "seed", "ghaas": "grass", "lakdi": "wood", "raasta": "road", "sadak": "road", "yatra": "journey",
    "samay": "time", "din": "day", "saal": "year", "mahina": "month", "ritu": "season", "garmi": "summer",
    "sardi": "winter", "thand": "cold", "dhoop": "sunlight", "roshni": "light", "prakash": "light",
    "andhera": "darkness", "andhkar": "darkness", "tara": "star", "tare": "stars", "sitare": "stars",
    "taare": "stars", "shakti": "power", "taakat": "strength", "veer": "hero", "yoddha": "warrior",
    "hathiyar": "weapon", "teer": "arrow", "dhanush": "bow", "talwar": "sword", "jeet": "victory", "haar": "defeat",
    "shanti": "peace", "krodh": "anger", "darr": "fear", "sukh": "happiness", "aashirwad": "blessing",
    "vardaan": "boon", "vachan": "promise", "sundar": "beautiful", "sundarta": "beauty", "khoobsurat": "beautiful",
    "chamatkar": "miracle", "chamatkaar": "miracle", "chhupa": "hidden", "chupa": "hidden", "chhupi": "hidden",
    "chhupaya": "hid", "khazana": "treasure", "shabd": "word", "shabdon": "words", "geet": "song", "gaana": "song",
    "neend": "sleep", "sapna": "dream", "sapne": "dreams", "purvaj": "ancestors", "poorvaj": "ancestors",
    "dada": "grandfather", "nana": "grandfather", "dadi": "grandmother", "chacha": "uncle", "mama": "uncle",
    "dushmani": "enmity", "dosti": "friendship", "mehmaan": "guest", "atithi": "guest", "naukar": "servant",
    "gulam": "slave", "vyapar": "trade", "vyapari": "merchant", "kaam": "work", "mehnat": "hard work",
    "aalas": "sloth", "bimaar": "sick", "dard": "pain", "zeher": "poison", "zehar": "poison", "jo": "",
    "hui": "", "hua": "", "huye": "",
    # the asker and the request (pronouns, purpose, how often, the verbs of reciting), and the nouns of readers'
    # wishes: a reading that left them as typed searched "padhu taaki" and named them as topics
    "main": "I", "hum": "we", "baar": "times", "bar": "times", "roz": "daily", "rozana": "daily", "har": "every",
    "padhu": "recite", "padhun": "recite", "padhe": "recite", "padhein": "recite", "padhna": "recite",
    "padhne": "recite", "padhta": "recite", "padhti": "recite", "japu": "chant", "japna": "chant", "japne": "chant",
    "jap": "chant", "jaap": "chant", "bolu": "say", "bolna": "speak", "bolne": "speak", "bole": "said", "bola": "said",
    "boli": "said", "bolta": "speaks", "bolti": "speaks", "karu": "do", "karna": "do", "karne": "do", "karo": "do",
    "kare": "do", "karen": "do", "hona": "be", "jaye": "", "jaaye": "", "seekh": "learn", "seekhna": "learn",
    "tez": "fast", "lamba": "tall", "lambi": "tall", "ladka": "boy", "ladki": "girl", "garbh": "womb",
    "padosi": "neighbour", "naukri": "job", "pariksha": "exam", "kahani": "story", "katha": "story",
    "nashak": "destroying", "raksha": "protection", "bachao": "save", "bachana": "save", "wapas": "back",
    "vapas": "back", "khoya": "lost", "khoyi": "lost", "khoye": "lost", "pandit": "priest", "tota": "parrot",
    "jaisa": "like", "jaise": "like", "tarah": "way", "bada": "big", "badi": "big", "bade": "big", "chhota": "small",
    "achha": "good", "accha": "good", "achhi": "good", "acchi": "good", "fasal": "crop", "ho": "", "sahi": "right", "galat": "wrong", "vo": "that", "wo": "that", "woh": "that",
    "lag": "", "lage": "", "chal": "", "chale": "go", "jeetna": "win", "jeetu": "win", "jeetne": "win",
    "sacchi": "true", "jhooti": "false", "logon": "people", "pedon": "trees", "jalna": "burn", "jalta": "burns",
    "jala": "burnt", "jalaya": "burnt", "bujhana": "put out", "vardan": "boon",
}
_ASKING = {"kaun", "kaunsa", "kaunsi", "konsa", "konsi", "kaise", "kyun", "kyon", "kyu", "kab", "kahan", "kaha", "kitne",
           "kitna", "kisne", "kis", "kin"}
# words no Sanskrit verse has: one of them must be there
MARKERS = frozenset("hai hain kya kaun kaise kyun kyon kyu kitne kisne mein zikr jikr baare batao bataiye "
                    "bataye samjhao matlab likha nahi nahin devta bhagwan humein kaunsa konsa pehla pehli uska iska".split())
_WORD = re.compile(r"[A-Za-z]+")


def gloss(question: str) -> Optional[str]:
    """The question read word by word as English, or None when it is not Hinglish."""
    words = [w.lower() for w in _WORD.findall(question)]
    known = [w for w in words if w in GLOSS]
    if len(set(known)) < 2 or not set(words) & MARKERS:
        return None

    return _english_order(question)


def _english_order(question: str) -> str:
    """The words glossed (two- and three-word phrases first: "kaun kaun se" → "which") and put in English
    order by the same verb-final reordering as the Hindi in Devanagari (``pyapp.reading.gloss``): "Rigved
    mein varnit devta kaun kaun se hain?" → "Which god are described in Rigveda?"."""
    from pyapp.reading.gloss import tag_of, reorder

    tokens = re.findall(r"[A-Za-z]+|[?!.]|[^\sA-Za-z?!.]+", question)
    lowered = [t.lower() for t in tokens]
    parts: List[Tuple[str, str]] = []
    words = [t for t in lowered if t.isalpha()]
    # "kya" first or last, with no other question word: a yes-or-no question ("… hai kya?": "Is there …?")
    yes_no = bool(words) and "kya" in (words[0], words[-1]) and not (set(words) & _ASKING) and words.count("kya") == 1
    if yes_no:
        parts.append(("YN", ""))
    i = 0
    while i < len(tokens):
        for size in (3, 2, 1):
            phrase = " ".join(lowered[i:i + size])
            if size > 1 and phrase in PHRASES:
                english, width = PHRASES[phrase], size
                break
        else:
            english, width = GLOSS.get(lowered[i], CONTENT.get(lowered[i])), 1
        typed = tokens[i]
        i += width
        if not typed[:1].isalpha() and width == 1:
            continue
        if yes_no and typed.lower() == "kya" and width == 1:
            continue
        if english is None:
            parts.append(("N", typed))
        elif english:
            head, _, rest = english.partition(" ")
            if rest and tag_of(head) == "Q" and head not in ("how",):  # "kisne likha": who + wrote
                parts += [("Q", head), (tag_of(rest), rest)]
            else:
                parts.append((tag_of(english), english))
    read = " ".join(w for w in reorder(parts) if w)
    ending = "?" if "?" in question or yes_no or any(t in ("Q", "QN") for t, _ in parts) else ""
    return (read[:1].upper() + read[1:] + ending) if read else " ".join(question.split())
