"""RigVeda vocabulary for the deterministic classifier and follow-up rewriting.

Why a lexicon and not only embeddings: names of gods, Sanskrit terms and hymn names are the
strongest evidence that a question is about the RigVeda, and they are cheap and exact. The
list is built at load time from the index (hymn addressees, the Anukramaṇī deity field, the
Sanskrit word forms of every verse) plus a small curated list of spellings readers use
(Griffith's "Asvins", modern "Ashvins", hymn nicknames such as "Nasadiya").
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Set

from pyapp.agents.text import ENGLISH_STOP, fold
from pyapp.reading import task_words

# --- curated lists (spellings, not corpus text) -------------------------------------------
CURATED_NAMES = """
indra agni soma varuna mitra aryaman bhaga amsa daksa maruts marut rudra rudras vishnu visnu
ashvins asvins ashvin asvin nasatyas ushas usas savitar savitri surya suryaa pushan pusan vayu
vata parjanya brihaspati brahmanaspati sarasvati aditi adityas ribhus ribhu vritra vrtra vala
panis pani sarama purusha purusa prajapati hiranyagarbha vishvakarman visvakarman vac vak ratri
aranyani urvasi urvashi pururavas tvashtar tvastar tvashtri trita dadhikra dadhikravan manyu
matarishvan matarisvan vena vasishtha vasistha vishvamitra visvamitra angiras angirases bhrigu
bhrigus atri kanva gritsamada vamadeva bharadvaja dirghatamas agastya lopamudra sudas bharatas
trtsus tritsus dasa dasas dasyu dasyus yama yami vivasvat vivasvant saranyu apam napat
jatavedas vaisvanara vaishvanara tanunapat narasamsa narashamsa ila bharati mahi indrani
sinivali raka prithivi dyaus dyaush rodasi apah kesin keshin muni munis nahusha manu
ahi ahirbudhnya ajaekapad aja ekapad rakshas raksas yatudhana gandharva gandharvas apsaras apsarases
svarbhanu etasa dadhyanc dadhyank bhujyu kutsa kakshivan ghosha vishpala vrsakapi vrishakapi
upstutas puramdhi pusa trasadasyu divodasa sambara shambara namuci namuchi susna shushna
arbuda pipru vyamsa nirriti nirrti yaksma asunit asuniti sraddha shraddha daksina dakshina
""".split()

HYMN_NAMES = [
    "nasadiya", "nasadiya sukta", "purusha sukta", "purusa sukta", "hiranyagarbha sukta",
    "creation hymn", "hymn of creation", "gayatri mantra", "savitri mantra", "gayatri",
    "frog hymn", "frogs hymn", "gambler's hymn", "gamblers hymn", "hymn of the gambler",
    "devi sukta", "vak sukta", "vac sukta", "nadistuti", "nadi stuti", "aghamarshana",
    "dana stuti", "danastuti", "apri hymn", "apri hymns", "funeral hymn", "wedding hymn",
    "hymn to night", "hymn to dawn", "ratri sukta", "shraddha sukta", "manyu sukta",
    "mandukya", "manduka", "purusasukta", "nasadiyasukta",
]

RIGVEDA_WORDS = [
    "rigveda", "rig veda", "rig-veda", "rigvedic", "rig vedic", "rgveda", "rg veda", "rk veda", "veda", "vedic", "vedas",
    "mandala", "mandalas", "sukta", "suktas", "samhita", "rishi", "rishis", "rsi", "rsis",
    "anukramani", "griffith", "rv",
]

SANSKRIT_TERMS = """
rta rita rtam dharman dhaman yajna yajnas hotar hotr hotri brahman brahmana asura asuras deva
devas devi mantra mantras agnihotra ashvamedha asvamedha purohita vajra amrita amrta svadha
svaha tapas maya arya aryan aryans pitaras pitris pitri rakshasa tristubh trishtubh gayatri jagati
anustubh anushtubh pavamana ghrita ghee barhis vedi soma-pressing pressing-stones udgatar
adhvaryu brahmanas kavi kavis rishi chandas sadas vac dyavaprithivi dyavaprthivi ritam satya
sutra sukta yajamana havis dakshina mandalas stotra shastra uktha ukthas saman
""".split()

# Other scriptures: a question about them is not about the RigVeda unless it names it too.
OTHER_SCRIPTURES = [
    "quran", "koran", "qur'an", "bible", "biblical", "gospel", "gospels", "torah", "talmud",
    "new testament", "old testament", "book of genesis", "genesis", "psalms", "bhagavad",
    "gita", "upanishad", "upanishads", "upanisad", "mahabharata", "ramayana", "purana",
    "puranas", "tripitaka", "pali canon", "dhammapada", "guru granth", "granth sahib",
    "avesta", "zend", "tao te ching", "analects", "book of mormon", "hadith", "samaveda",
    "sama veda", "yajurveda", "yajur veda", "atharvaveda", "atharva veda", "manusmriti",
    "manu smriti", "sutras of patanjali", "yoga sutras", "kabbalah", "sutta", "suttas",
    "jesus", "muhammad", "prophet muhammad", "buddha", "allah", "krishna",
    "surah", "surahs", "ayat", "ayah", "corinthians", "leviticus", "deuteronomy", "sermon on the mount",
    # the Vedic auxiliary sciences, texts of their own (not the RigVeda's content)
    "upaveda", "upavedas", "vedanga", "vedangas", "ayurveda", "dhanurveda", "gandharvaveda", "limbs of the vedas",
    "angas of the vedas", "limbs of the veda", "angas of the veda", "limbs of vedas", "angas of vedas",
]
# The later texts' own people, places, weapons and titles, which the hymns never name (checked against the
# corpus by tests/unit/test_later_story.py): a question about them that does not ask about the hymns ("How did
# Rāma's vānara army build the bridge to Laṅkā?") is about the epics or Purāṇas, whichever word it shares with the
# hymns. Names the hymns also use (Rāma, Sītā, Arjuna, Bharata, Karṇa "ear", Bhīma "terrible", Droṇa "trough") are
# not here: they are answered from the hymns (``named_passages.json`` says what the hymns mean by them).
LATER_STORY = [
    # the Rāmāyaṇa
    "lanka", "ravana", "ravan", "hanuman", "hanumana", "hanumat", "vanara", "vanaras", "vanar", "sugriva", "vali",
    "bali vadh", "jatayu", "vibhishana", "kumbhakarna", "lakshmana", "lakshman", "laxman", "ayodhya", "kaikeyi",
    "kausalya", "ram setu", "rama setu", "ramsetu", "pushpaka", "ashoka vatika", "shurpanakha", "meghnad", "indrajit",
    # the Mahābhārata
    "kurukshetra", "pandava", "pandavas", "kaurava", "kauravas", "draupadi", "bhishma", "duryodhana", "yudhishthira",
    "yudhisthira", "dhritarashtra", "gandhari", "kunti", "pandu", "ashwatthama", "ashvatthama", "abhimanyu", "shakuni",
    "shikhandi", "ekalavya", "dronacharya", "hastinapura", "hastinapur", "indraprastha", "dwaraka",
    "dwarka", "dvaraka", "brahmastra", "brahmastras", "pashupatastra", "sudarshana chakra", "sudarshan chakra",
    "gandiva", "astras", "divyastra", "divyastras",
    # the Purāṇas and later devotion
    "ganesha", "ganesh", "ganapati bappa", "parvati", "kartikeya", "murugan", "ayyappa", "balarama", "radha krishna",
    "radha rani", "gopis", "gopi", "vrindavan", "vrindavana", "mathura", "kamsa", "kansa", "prahlada", "prahlad",
    "narasimha", "hiranyakashipu", "dashavatara", "dasavatara", "kalki", "samudra manthan", "churning of the ocean",
    "kamadhenu", "airavata", "kailash", "kailasa", "vaikuntha", "shivling", "shivalinga", "tirupati", "jagannath",
    # later works, not scriptures of another religion but not the RigVeda either
    "krishi parashara", "krishi-parashara", "krishiparashara", "arthashastra", "kamasutra", "natyashastra", "panchatantra",
    "jataka", "jatakas", "harivamsa", "raghuvamsa", "meghaduta", "shakuntala", "ramcharitmanas", "hanuman chalisa",
    "vishnu sahasranama", "lalita sahasranama", "devi mahatmya", "durga saptashati", "tirukkural", "garuda purana",
]
_BIBLE_REFERENCE = re.compile(r"\b(?:psalms?|proverbs|isaiah|matthew|mark|luke|john|romans|genesis|exodus) \d{1,3}\b")
# Texts (as opposed to other traditions' gods): a question about one of them is about that text,
# whichever Vedic gods it names ("In the Katha Upanishad, what does Yama grant?").
OTHER_TEXTS = list(OTHER_SCRIPTURES)
OTHER_SCRIPTURES = OTHER_TEXTS + [
    # other traditions and mythologies
    "greek", "greeks", "norse", "egyptian", "egyptians", "christian", "christianity", "islam", "islamic",
    "muslim", "muslims", "jewish", "judaism", "buddhism", "buddhist", "buddhists", "jain", "jainism",
    "sikh", "sikhism", "zoroastrian", "zoroastrianism", "shinto", "taoism", "taoist", "confucius",
    "confucian", "zeus", "odin", "thor", "apollo", "osiris", "church", "mosque", "synagogue",
]

# Thematic English words of the hymns: weak evidence on their own.
THEMATIC = set("""
god gods goddess goddesses deity deities divine poet poets seer seers sage sages priest priests
sacrifice sacrifices sacrificial sacrificer ritual rituals rite rites oblation oblations offering
offerings praise praises prayer prayers dawn dawns fire fires sun night heaven heavens earth sky
waters water rivers river cow cows cattle horse horses steed steeds chariot chariots dice gambler
gamblers gambling demon demons dragon serpent storm storms rain thunder thunderbolt lightning
wind winds creation cosmos universe cosmic origin immortality immortal immortals death dead
ancestors fathers funeral cremation wedding marriage bride healing healer plants herbs speech
wisdom truth order sin sins forgive forgiveness generosity liberality liberal gifts gift hunger
hungry food frogs forest battle battles enemies victory wealth sacred drink intoxicating pressed
pressing eagle twins twin kine bull bulls darkness light celestial heavenly singer singers
hymn hymns verse verses stanza stanzas sing sung invoke invoked invocation worship worshippers
""".split())

TASK_PATTERNS = [re.compile(p) for p in (
    r"\bwrite (me )?(a|an|some|the|my)\b", r"\bcompose (me )?(a|an)\b", r"\bhow (do|can|should|would) (i|we|you)\b",
    r"\bhow to\b", r"\b(do|should|can|could|must) i (need|use|make|cook|fry|boil|bake|fix|turn|set|install|take)\b",
    r"\brecipes?\b", r"\bbak(e|ing)\b", r"\bcook(ing)?\b", r"\bcapital (city )?of\b",
    r"\bweather\b", r"\bwhat time (is|does|do|will|should)\b", r"\b(tomorrow|tonight|timings?|opening hours)\b", r"\bstocks?\b", r"\bprices?\b", r"\b(fifa|world cup|football|soccer|basketball|nba|nfl|cricket|olympics|tennis)\b",
    r"\b(python|javascript|typescript|java|rust|golang|c\+\+|sql|html|css|programming|coding|code|decorators?|compiler|api|regex|docker|linux|kubernetes)\b",
    r"\b(president|prime minister|election|senator|parliament)\b", r"\b(bitcoin|crypto|ethereum)\b",
    r"\b(movie|film|netflix|tv show|celebrity|album)\b", r"\b(calculate|equation|derivative|integral|algebra)\b",
    r"\b(iphone|android|laptop|smartphone|wifi|email)\b", r"\b(diet|weight loss|workout|vitamin)\b",
    r"\b(won|win|winner) (the )?(world|cup|match|game|election|championship|prize|lottery|award|oscar|nobel|league|title|race)\b",
    r"\b(buy|buying|purchase|cheapest|discount|brand|shop|shopping|store)\b", r"\bhow much (does|do|is|are|would|will)\b.*\bcost\b",
    r"\bcost(s)? (these days|today|now)\b", r"\b(19|20)\d\d\b", r"\b(translate|convert) (this|the following)\b",
    r"\b(joke|jokes|riddle me)\b", r"\bwho (won(?!'t)|invented|discovered)\b", r"\b(population|gdp|currency)\b",
)]

# Common English words that happen to be capitalised in hymn addressees ("Food and drink").
_ENGLISH_COMMON = ENGLISH_STOP | THEMATIC | set("""
food drink wrath speech storm bird sun night earth waters rivers cows horse frogs dead muni
hymn praise song dialogue fragment thanksgiving faith lullaby which final other others diverse
against cycle blessing king unison wisdom simplified race two boy wagon singer woman lament
prayer absolution emaciation rivals love witch ill omen birth son burial rite foetus venomous
animals consecration field charm unfruitful land gambler healing plants generous charity
sacrificer wife spirit bringing back origin things pressing stones sacrificial post priest carts
ancestors gods killer demons giver goods oblations present praise
""".split())

_IAST_MARKS = set("āīūṛṝḷṃṁḥśṣṇṭḍṅñ")
_DEVANAGARI = re.compile(r"[\u0900-\u097F]")
_NON_ALPHA = re.compile(r"[^a-z' ]+")


def norm(text: str) -> str:
    """Spelling-insensitive key: folded, 'sh'→'s', vocalic 'ri'→'r' ("Bṛhaspati" = "Brihaspati")."""
    value = fold(text).replace("’", "").replace("'", "")
    value = _NON_ALPHA.sub(" ", value)
    value = value.replace("sh", "s")
    value = re.sub(r"ri(?=[^aeiou\s']|$|\s)", "r", value)
    return " ".join(value.split())


_COMMON_NORM: Set[str] = set()


def _variants(name: str) -> Set[str]:
    key = norm(name)
    out = {key}
    if key.endswith("s") and len(key) > 4:
        out.add(key[:-1])
    return {v for v in out if len(v) >= 3}


def _strip_case(iast: str) -> str:
    """'indraḥ' → 'indra', 'marutaḥ' stays recognisable; only the visarga/anusvāra are dropped."""
    value = iast.strip().rstrip("ḥṃ")
    return value


@dataclass
class LexiconHits:
    names: List[str] = field(default_factory=list)
    rigveda: List[str] = field(default_factory=list)
    hymn_names: List[str] = field(default_factory=list)
    sanskrit_terms: List[str] = field(default_factory=list)
    thematic: List[str] = field(default_factory=list)
    other_scriptures: List[str] = field(default_factory=list)
    later_story: List[str] = field(default_factory=list)  # LATER_STORY words the question names
    tasks: List[str] = field(default_factory=list)
    devanagari: bool = False
    iast_words: int = 0
    sanskrit_words: int = 0
    word_count: int = 0

    @property
    def strong(self) -> int:
        return len(self.names) + len(self.rigveda) + len(self.hymn_names) + len(self.sanskrit_terms)

    @property
    def looks_sanskrit(self) -> bool:
        if self.devanagari:
            return True
        if self.word_count == 0:
            return False
        sanskritish = max(self.iast_words, self.sanskrit_words)
        return sanskritish >= 2 and sanskritish >= 0.6 * self.word_count


class Lexicon:
    """Names/terms keyed by ``norm``; ``display`` maps a key back to a readable name."""

    def __init__(self, names: Iterable[str] = (), sanskrit_vocab: Iterable[str] = ()) -> None:
        self.display: Dict[str, str] = {}
        self.names: Set[str] = set()
        for name in CURATED_NAMES:
            self.add_name(name)
        for name in names:  # corpus-derived: short forms are too ambiguous
            self.add_name(name, min_len=4)
        vocab = [w for w in sanskrit_vocab if len(w) >= 3]
        self.sanskrit_vocab: Set[str] = set(norm(" ".join(vocab)).split())  # one pass, not 35k
        self.sanskrit_vocab -= set(norm(" ".join(_ENGLISH_COMMON)).split())
        self.rigveda = {norm(w) for w in RIGVEDA_WORDS}
        self.hymn_names = {norm(w) for w in HYMN_NAMES}
        self.terms = {norm(w) for w in SANSKRIT_TERMS}
        self.scriptures = {norm(w) for w in OTHER_SCRIPTURES}
        self.later_story = {norm(w) for w in LATER_STORY}
        # persons, not texts (normalised like the rest: "krishna" is kept as "krsna")
        self.texts = {norm(w) for w in OTHER_TEXTS} - {norm(w) for w in ("jesus", "muhammad", "prophet muhammad",
                                                                         "buddha", "allah", "krishna")}
        self.thematic = {norm(w) for w in THEMATIC}
        # verses naming each key in their deity or addressee field: how often the index speaks of a name, so a
        # misspelling near two names is read as the commoner (``pyapp.reading.name_match``)
        self.name_counts: Dict[str, int] = {}

    def add_name(self, name: str, min_len: int = 3) -> None:
        for key in _variants(name):
            if len(key) < min_len or key in self.display or key in _COMMON_NORM:
                continue
            self.names.add(key)
            self.display[key] = name[:1].upper() + name[1:] if name.islower() else name

    @classmethod
    def from_verses(cls, verses: Sequence[object]) -> "Lexicon":
        """Build from the index rows (``Verse``: addressee, deity, roman)."""
        names: Set[str] = set()
        vocab: Set[str] = set()
        seen_addressees: Set[str] = set()
        seen_deities: Set[str] = set()
        per_field: Dict[str, int] = {}  # a deity or addressee field → verses that carry it
        for verse in verses:
            addressee = getattr(verse, "addressee", None) or ""
            deity = getattr(verse, "deity", None) or ""
            for value in (addressee, deity):
                if value:
                    per_field[value] = per_field.get(value, 0) + 1
            if addressee and addressee not in seen_addressees:
                seen_addressees.add(addressee)
                for token in re.findall(r"[A-Z][a-zA-Z]+", addressee):
                    if token.lower() not in _ENGLISH_COMMON and len(token) >= 3:
                        names.add(token)
            if deity and deity not in seen_deities:
                seen_deities.add(deity)
                if "(" not in deity and len(deity) < 24:
                    for part in re.split(r"[,\s]+", deity):
                        part = _strip_case(part)
                        if len(part) >= 4 and part not in ("devatā", "vā", "ca"):
                            names.add(part)
            roman = getattr(verse, "roman", None) or ""
            vocab.update(roman.split())
        # fold once over the joined distinct forms (NFKD per verse is seconds in Pyodide)
        folded = fold(" ".join(vocab))
        words = {t.strip("|.,;'’") for t in folded.split()}
        lexicon = cls(names=names, sanskrit_vocab=(w for w in words if w.isalpha()))
        counts: Dict[str, int] = {}
        for value, verses_with in per_field.items():
            for key in set(norm(" ".join(_strip_case(part) for part in re.split(r"[,\s]+", value))).split()):
                if key in lexicon.names:
                    counts[key] = counts.get(key, 0) + verses_with
        lexicon.name_counts = counts
        return lexicon

    def _phrases(self, text_norm: str, phrases: Set[str]) -> List[str]:
        padded = f" {text_norm} "
        return [p for p in phrases if f" {p} " in padded]

    def analyse(self, text: str) -> LexiconHits:
        hits = LexiconHits()
        hits.devanagari = bool(_DEVANAGARI.search(text))
        raw_words = re.findall(r"[^\W\d_]+", text)
        hits.word_count = len(raw_words)
        hits.iast_words = sum(1 for w in raw_words if _IAST_MARKS & set(w.lower()))
        text_norm = norm(re.sub(r"['’]s\b", "", text))  # "the Atharvaveda's hymn"
        tokens = text_norm.split()
        hits.other_scriptures = self._phrases(text_norm, self.scriptures)
        hits.later_story = self._phrases(text_norm, self.later_story)
        if _BIBLE_REFERENCE.search(fold(text)):  # "Psalm 23", "John 3" (Griffith's "psalm" alone is his word)
            hits.other_scriptures.append("psalms")
        masked = text_norm
        for phrase in hits.other_scriptures:  # "atharva veda" must not count as "veda"
            masked = f" {masked} ".replace(f" {phrase} ", " ").strip()
        hits.rigveda = self._phrases(masked, self.rigveda)
        hits.hymn_names = self._phrases(text_norm, self.hymn_names)
        tokens_masked = masked.split()
        for token in tokens_masked:
            candidates = [token, token[:-2] if token.endswith("'s") else token]
            if token.endswith("s") and len(token) > 4:
                candidates.append(token[:-1])
            if any(c in self.names for c in candidates):
                hits.names.append(token)
            elif token in self.terms:
                hits.sanskrit_terms.append(token)
            elif token in self.thematic:
                hits.thematic.append(token)
        for i in range(len(tokens) - 1):  # two-word names ("apam napat")
            pair = f"{tokens[i]} {tokens[i + 1]}"
            if pair in self.names:
                hits.names.append(pair)
        hits.sanskrit_words = sum(
            1 for t in tokens if len(t) >= 3 and t in self.sanskrit_vocab and t not in ENGLISH_STOP)
        folded = fold(task_words.unquoted(text))  # a quoted line is the hymns' words, not the reader's request
        hits.tasks = [p.pattern for p in TASK_PATTERNS if p.search(folded)]
        return hits

    def main_names(self, text: str) -> List[str]:
        """Readable names mentioned in ``text`` (for rewriting follow-ups), in order."""
        out: List[str] = []
        tokens = norm(re.sub(r"['’]s\b", "", text)).split()  # "Dīrghatamas's hymn" names Dīrghatamas
        for token in tokens:
            for cand in (token, token[:-1] if token.endswith("s") else token):
                if cand in self.names:
                    name = self.display.get(cand, cand.title())
                    if name not in out:
                        out.append(name)
                    break
        return out


_CACHE: Dict[int, tuple] = {}


def lexicon_for(index: Optional[object]) -> Lexicon:
    """One lexicon per loaded index (built once; ~10k verses take well under a second). The
    cache holds the index too, so its id cannot be reused by another object."""
    if index is None:
        return _CACHE.setdefault(0, (None, Lexicon()))[1]
    key = id(index)
    if key not in _CACHE or _CACHE[key][0] is not index:
        _CACHE[key] = (index, Lexicon.from_verses(getattr(index, "verses", []) or []))
    return _CACHE[key][1]


_COMMON_NORM.update(norm(" ".join(_ENGLISH_COMMON)).split())
