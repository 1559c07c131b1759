"""Build step ``terms``: a Sanskrit ↔ English term lexicon derived from the aligned verses (``terms.json``).

What it writes (read by ``pyapp.search.terms.TermLexicon.load``)::

    {"format": 1, "english": [ASCII spellings that are also English words],
     "terms": [{"k": folded stem, "d": IAST, "g": gloss, "c": curated?, "n": name?, "v": verses,
                "a": [other folded spellings], "f": [folded forms, most frequent first],
                "r": [[Griffith's rendering, its English index stems, association], …]}, …]}

How, in three steps:

1. **Forms.** The folded word keys of ``roman_plain`` (exactly the ``sa`` BM25 vocabulary) are
   grouped into stem families by declension class: a key belongs to the family (base, class) when,
   after undoing the commonest word-final sandhi (``yajñair`` → ``yajñaiḥ``), it is the base plus
   one of that class's endings (a-stems: ``ṛt`` + ``-asya``/``-ena``/``-am``…; an-stems: ``brahm`` +
   ``-aṇā``/``-āṇi``…). The curated terms below name their families (and derivatives such as
   *ṛtāvan*) and claim their forms first; the remaining keys are grouped greedily, the family that
   covers the most verse occurrences first (lazy greedy set cover), keeping families with at least
   two forms and ``AUTO_MIN_VERSES`` verses.
2. **Renderings.** For every family, association with each English index stem of the translation
   (Griffith, tokenised as the ``en`` field is) and with each pair of adjacent content words
   ("holy Law"), counted over verses: Dice's coefficient ranks, Dunning's log-likelihood ratio G²
   (Dunning 1993, "Accurate methods for the statistics of surprise and coincidence") filters out
   chance, and — the "competitive linking" idea of Melamed (2000, "Models of translational
   equivalence among words") — an English word is kept for a family only if that family explains it
   at least half as well as the family that explains it best (so "Agni" is not a rendering of
   *yajña*, though the two meet in many verses).
3. **Spellings that are English.** Forms whose ASCII spelling Griffith uses as an ordinary
   lower-case English word ("man", "sat") are listed, so a question's plain "man" is not taken for
   Sanskrit (the run-time module has the modern words Griffith lacks).

The curated list holds only our own glosses and the stems' declension classes; every form and every
rendering comes from the corpus. Deterministic: same corpus → byte-identical file.
"""
from __future__ import annotations

import heapq
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from corpus_build.manifest import json_bytes, write_atomic
from pyapp.search.terms import FORMAT_VERSION, TERMS_FILE, _fold_typed, _pausa
from pyapp.search.text import english_doc_tokens, sanskrit_doc_tokens, stem
from pyapp.search.translit import fold_sanskrit

Progress = Callable[[str, int, int], None]
BUILD_VERSION = "1"

# ---- declension classes: lemma ending, endings after pausa (all folded) --------------------------
CLASSES: Dict[str, Tuple[str, Tuple[str, ...]]] = {
    "a": ("a", tuple("a am an asya ena aya at e ani ai ebhi ebhya esu anam au asa aso o ayai ayam asu "
                     "abhi abhya ayo ebhyo abhyo".split())),
    "i": ("i", tuple("i im in ina aye e ayo aya inam ibhi ibhya isu ya yai yam yo yau".split())),
    "u": ("u", tuple("u um un una ave o ava avo unam ubhi ubhya usu va ve vo".split())),
    "n": ("an", tuple("a an ana ane ani anam abhi abhya asu ano anau".split())),
    "s": ("as", tuple("a o asa ase asi aso amsi obhi obhya asam".split())),
    "r": ("ri", tuple("a aram ara aro arau ari u ri rin rinam ribhi risu re ro".split())),
    "in": ("in", tuple("i inam ina ine ini ino inau ibhi isu".split())),
    "is": ("is", tuple("i isa ise isi imsi irbhi isam iso".split())),
    "us": ("us", tuple("u usa use usi umsi urbhi usam uso".split())),
}
CLASS_ORDER = {name: rank for rank, name in enumerate(CLASSES)}
_MAX_ENDING = max(len(e) for _, ends in CLASSES.values() for e in ends)
# IAST of each class's lemma ending, for the display spelling of families found automatically
LEMMA_IAST = {"a": "a", "i": "i", "u": "u", "n": "an", "s": "as", "r": "ṛ", "in": "in", "is": "is", "us": "us"}

# Sanskrit function words (pronouns, particles, preverbs), folded: never a family of their own.
FUNCTION_WORDS = frozenset("""
tva tvam tve tvaya tvat tvad tvan asme asmai asma asman asmakam asmabhyam yusme yusma yusman yuvam yuvor
yuva vayam aham mama mahyam me te no vo nas vas ima imam ime imani eta etam ete etad etat ena enam enan
ya yam yasya yasi yatha yatra yada yad yat tada tad tat taya tam tena tasya tasmai kada kim ka ko iva uta
pra pari abhi adhi upa upo anu prati ava apa adha atha asi asti asya aya ayam esa esam sva svam svaya
vi ni sam na nu ca ha hi id it ad sa so sah ye yo api ati adhas sada sadam purva purvya
tava tavas asmi asmin asmat vayam vaya yuyam yusmakam mayi mahya imau iyam idam anena abhis
""".split())


@dataclass(frozen=True)
class Curated:
    """A term we explain ourselves: IAST, gloss, the families that hold its forms, other spellings.

    ``stems``: space-separated ``base:class`` (a declension family), ``prefix*`` (every key that
    starts so: a derivative or compound), ``+form`` (one key) and ``-form`` (a key to leave out,
    e.g. a homonym); all folded (``fold_sanskrit``). ``aliases``: spellings readers type.
    """

    display: str
    gloss: str
    stems: str
    aliases: str = ""
    name: bool = False


CURATED: Tuple[Curated, ...] = (
    Curated("ṛta", "cosmic order, truth; what is right and fitting", "rit:a ritav:n ritavar:i ritavridh*",
            "rta rtam ritam"),
    Curated("anṛta", "untruth, falsehood, disorder", "anrit:a", "anrta"),
    Curated("satya", "truth; true, real, actual", "saty:a"),
    Curated("yajña", "sacrifice, worship, the ritual offering", "yajn:a yajniy:a", "yagna yagya yajnya yadnya"),
    Curated("tapas", "heat; ascetic fervour, creative ardour", "tap:s", "tapah tapasya"),
    Curated("amṛta", "immortal; immortality; the drink of immortality", "amrit:a amritatv:a", "amrta amrit"),
    Curated("dharman", "support, foundation; established ordinance, law", "dharm:n", "dharma"),
    Curated("brahman", "sacred formulation, prayer and its power; one who speaks it", "brahm:n", "brahma"),
    Curated("hotṛ", "the invoking priest who calls the gods and pours the offering", "hot:r",
            "hotar hota hotri hotr"),
    Curated("dūta", "messenger, envoy between gods and men (often Agni)", "dut:a duty:a", "duta"),
    Curated("vrata", "ordained course, commandment, rule of conduct; vow", "vrat:a"),
    Curated("soma", "the pressed ritual drink, the plant it comes from, and its god", "som:a"),
    Curated("agni", "fire, and Fire as god, priest and messenger", "agn:i", "agnih"),
    Curated("deva", "god, divine one; heavenly", "dev:a devatat:a devatat:i", "devas devah"),
    Curated("devī", "goddess", "dev:i", "devi"),
    Curated("asura", "lord of hidden power (Varuṇa, Mitra…); later: demon", "asur:a asury:a"),
    Curated("māyā", "wondrous creative power, cunning art, illusion", "may:a mayin:in -mayi", "maya"),
    Curated("svadhā", "inherent power, self-determined nature; the oblation to the Fathers", "svadh:a"),
    Curated("svāhā", "the call with which an offering is poured (hail!)", "+svaha", "swaha"),
    Curated("vāc", "speech, voice, the sacred word; Speech as goddess", "vac:s +vak +vacam +vaci", "vak vach"),
    Curated("manas", "mind, thought, heart's intent", "man:s", "manah"),
    Curated("kratu", "resolve, will, mental power; skill", "krat:u"),
    Curated("kavi", "seer-poet, inspired sage", "kav:i"),
    Curated("ṛṣi", "seer, inspired poet who 'saw' the hymns", "ris:i", "rishi rsi"),
    Curated("vipra", "inspired (trembling) singer, sage", "vipr:a"),
    Curated("mantra", "inspired formula, a thought set in words", "mantr:a"),
    Curated("stoma", "song of praise", "stom:a"),
    Curated("uktha", "recited praise, hymn", "ukth:a"),
    Curated("dhī", "visionary thought, insight, poetic inspiration",
            "+dhiyam +dhiya +dhiyo +dhiye +dhibhi +dhibhir +dhinam +dhiyas", "dhi"),
    Curated("havis", "oblation, the offering poured into the fire", "hav:is havy:a", "havih havya"),
    Curated("barhis", "the sacred grass strewn as the gods' seat", "barh:is", "barhih"),
    Curated("ghṛta", "clarified butter (ghee) poured on the fire", "ghrit:a", "ghrta ghee"),
    Curated("vajra", "thunderbolt, Indra's weapon", "vajr:a"),
    Curated("vṛtra", "the Obstructer, serpent-demon who holds back the waters", "vritr:a", "vrtra", True),
    Curated("ahi", "serpent, dragon", "ah:i"),
    Curated("aśva", "horse, steed", "asv:a", "ashva"),
    Curated("ratha", "chariot, car", "rath:a"),
    Curated("uṣas", "dawn, and Dawn as goddess", "us:s", "ushas usha"),
    Curated("sūrya", "the sun, and the Sun as god", "sury:a"),
    Curated("vāyu", "wind, and the Wind as god", "vay:u"),
    Curated("pṛthivī", "the earth, the broad one", "prithiv:i", "prthivi prithvi"),
    Curated("dyaus", "heaven, sky; Father Heaven",
            "+dyau +dyaus +dyam +divas +divo +divi +dyava +dyavi +dyubhi +dyubhir", "dyauh div"),
    Curated("āpaḥ", "the waters", "+apo +apam +apsu +adbhi +adbhir", "apah apas"),
    Curated("rayi", "wealth, riches", "ray:i"),
    Curated("vāja", "vigour, strength; the prize it wins, booty", "vaj:a"),
    Curated("śravas", "fame, glory (what is heard of one)", "srav:s", "shravas"),
    Curated("vīra", "hero; heroic sons", "vir:a"),
    Curated("pitṛ", "father; the Fathers (ancestors)", "pit:r", "pitar pitri pitara"),
    Curated("mātṛ", "mother", "mat:r", "matar matri"),
    Curated("kṣatra", "ruling power, dominion", "ksatr:a", "kshatra"),
    Curated("sat", "the existent, being; the real", "+sat +sato"),
    Curated("asat", "the non-existent, non-being", "+asat +asad +asato"),
    Curated("puruṣa", "man, person; the cosmic Person (RV 10.90)", "purus:a", "purusha"),
    Curated("hiraṇyagarbha", "the golden germ, first-born source of creation (RV 10.121)", "hiranyagarbh*",
            "hiranyagarbha"),
    Curated("pavamāna", "'self-purifying': Soma flowing through the filter", "pavaman:a"),
    Curated("indu", "drop; the Soma drop", "ind:u"),
    Curated("vṛṣan", "bull; virile, mighty one", "vris:n", "vrishan vrsan"),
    Curated("maghavan", "bountiful one, generous lord (mostly Indra)", "maghav:n"),
    Curated("dasyu", "hostile outsider, enemy of the Aryas; demon", "dasy:u"),
    Curated("ārya", "Arya: the hymns' own people; noble, faithful", "ary:a", "aryan"),
    Curated("śraddhā", "faith, trust", "sradh:a", "shraddha"),
    Curated("ātman", "breath; self, one's own being", "atm:n", "atma"),
    Curated("purohita", "the priest 'placed in front', the chief priest", "purohit:a"),
    Curated("adhvara", "the sacrificial rite", "adhvar:a"),
    Curated("ṛtvij", "priest who sacrifices at the right season", "+ritvijam +ritvija +ritvijo +ritvig +ritvik",
            "rtvij"),
    Curated("agnihotra", "the daily fire oblation of later ritual; the RigVeda speaks of the hotrā (oblation)",
            "hotr:a"),
    Curated("vasu", "good, bright; wealth; the Vasus (a group of gods)", "vas:u"),
    Curated("āyus", "life, lifetime, vital force", "ay:us", "ayu"),
    Curated("jyotis", "light", "jyot:is", "jyoti jyotih"),
    Curated("rājan", "king", "raj:n", "raja"),
    Curated("namas", "homage, reverence, bowing down", "nam:s -nama", "namah namo"),
    Curated("ojas", "strength, might", "oj:s"),
    Curated("dakṣiṇā", "the sacrificial gift to the priests; generosity", "daksin:a", "dakshina"),
    Curated("loka", "open space, room; world", "lok:a"),
    Curated("madhu", "honey, sweetness; the sweet drink", "madh:u"),
    Curated("mada", "exhilaration, intoxication (of Soma)", "mad:a"),
    Curated("sumati", "favour, benevolence (of a god)", "sumat:i"),
    Curated("kāma", "desire, wish", "kam:a", "kama"),
    Curated("hiraṇya", "gold", "hirany:a", "hiranya"),
    Curated("sindhu", "river; the Indus", "sindh:u"),
    Curated("gāyatrī", "the Gāyatrī metre; a verse in it", "gayatr:i gayatr:a", "gayatri"),
    Curated("indra", "Indra, warrior king of the gods", "indr:a", "", True),
    Curated("varuṇa", "Varuṇa, guardian of order and of oaths", "varun:a", "", True),
    Curated("mitra", "Mitra, god of alliance; as a noun: friend", "mitr:a", "", True),
    Curated("rudra", "Rudra, fierce god of storm and healing", "rudr:a", "", True),
    Curated("viṣṇu", "Viṣṇu, the wide-striding god", "visn:u", "vishnu", True),
    Curated("aditi", "Aditi, boundlessness; mother of the Ādityas", "adit:i", "", True),
    Curated("savitṛ", "Savitṛ, the Impeller, a sun god", "savit:r", "savitar savitri", True),
    Curated("yama", "Yama, the first mortal, king of the dead", "yam:a", "", True),
)

# ---- thresholds ------------------------------------------------------------------------------
AUTO_MIN_VERSES = 12  # a family found automatically must occur in this many verses
MIN_JOINT = 3  # verses where a family and a rendering meet
MIN_G2 = 10.83  # log-likelihood ratio, p < 0.001 for one degree of freedom
MIN_DICE = 0.04
COMPETE = 0.5  # keep a rendering if this family explains it ≥ half as well as its best family
MAX_RENDERINGS = 6
MAX_PHRASES = 2  # adjacent word pairs that contain a kept rendering ("holy Law"), plus no name
PHRASE_SHARE = 0.1  # … and are at least this share as associated as the best rendering
MAX_FORMS = 48
ENGLISH_SHARE = 0.3  # a spelling is English if ≥ this share of Griffith's uses are lower case

# English stems that co-occur with everything the hymns ask for ("give us", "bring", "among"):
# never a rendering on their own or inside a phrase (stems, as the en field holds them).
LIGHT_WORDS = frozenset(stem(w) for w in """
us among best one come bring give gave grant send made make set far long though like even ever yet also accept
indeed well may thee thou forth hither away let lo behold good great mighty strong hath doth every
""".split())

# Never inside a two-word rendering: words that only point or bind ("whose Friend", "wait upon",
# "none else", "men must"), as Griffith spells them, lower case.
PHRASE_FUNCTION_WORDS = frozenset("""
whose who whom whomever which what that this these those none others other else must mine thine upon unto
thereby therefore beyond abroad aloud around onward forward away hither thither ever never not nor also
mayst shalt wilt canst dost doth hath art two
""".split())
# A word Griffith writes after a subject or a modal ("they flowed", "may live", "let not … fail") at
# least this share of its uses, and at least VERB_MIN_USES times, is a verb: a two-word rendering
# with a verb is a clause cut out of a line ("fortune fail", "Pavamâna flowed"), not a name for a thing.
VERB_CUES = frozenset("we ye they thou i he she may might shall will would let not who which dost doth hath "
                      "didst did canst can must mayst".split())
VERB_SHARE = 0.1
VERB_MIN_USES = 8

_SEGMENT = re.compile(r"[.,;:!?()\[\]{}\"“”‘’—–-]+|\s['’]|['’]\s")
_WORD = re.compile(r"[^\W\d_][\w\u0300-\u036f'’]*")


# ---- tokenising (the same tokenisers as the BM25 fields) ---------------------------------------

@dataclass
class Verse:
    sa: Set[str]  # folded Sanskrit keys (the ``sa`` field's terms)
    en: Set[str]  # English index stems (the ``en`` field's terms)
    pairs: Set[str]  # stems of adjacent English content words, "holi law"
    repeat: bool = False  # the same Sanskrit verse came before (a refrain verse): not counted again


@dataclass
class Corpus:
    """The verses as sets of terms, and how the text spells each term (for display)."""

    verses: List[Verse] = field(default_factory=list)
    en_surface: Dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    sa_surface: Dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    lower: Counter = field(default_factory=Counter)  # Griffith's lower-case uses of an ASCII word
    total: Counter = field(default_factory=Counter)  # … and all its uses
    uses: Counter = field(default_factory=Counter)  # lower-cased words, every use
    after_cue: Counter = field(default_factory=Counter)  # … uses right after one of VERB_CUES

    def verbal(self, word: str) -> bool:
        """Griffith uses ``word`` as a verb (see ``VERB_SHARE``)."""
        word = word.lower()
        return self.uses[word] >= VERB_MIN_USES and self.after_cue[word] >= VERB_SHARE * self.uses[word]


def english_pairs(text: str) -> List[Tuple[str, str]]:
    """(stem pair, surface) of adjacent content words within a clause: ("holi law", "holy Law")."""
    out: List[Tuple[str, str]] = []
    for clause in _SEGMENT.split(text):
        words = _WORD.findall(clause)
        for left, right in zip(words, words[1:]):
            lt, rt = english_doc_tokens(left), english_doc_tokens(right)
            if len(lt) == 1 and len(rt) == 1:
                out.append((f"{lt[0]} {rt[0]}", f"{left} {right}"))
    return out


def read_corpus(pairs: Iterable[Tuple[str, str]]) -> Corpus:
    corpus = Corpus()
    seen: Set[str] = set()
    for roman_plain, translation in pairs:
        translation = translation or ""
        for word in roman_plain.split():
            for part in word.split("-"):
                part = part.strip("|/.,;'’\"")
                key = fold_sanskrit(part)
                if key:
                    corpus.sa_surface[key][part] += 1
        for raw in _WORD.findall(translation):
            for token in english_doc_tokens(raw):
                corpus.en_surface[token][raw] += 1
            plain = raw.strip("'’")
            if plain.isascii() and plain.isalpha():
                corpus.total[plain.lower()] += 1
                if plain[:1].islower():
                    corpus.lower[plain] += 1
        for clause in _SEGMENT.split(translation):
            words = [w.lower() for w in _WORD.findall(clause)]
            for before, word in zip([""] + words, words):
                corpus.uses[word] += 1
                if before in VERB_CUES:
                    corpus.after_cue[word] += 1
        en_pairs = english_pairs(translation)
        for key, text in en_pairs:
            corpus.en_surface[key][text] += 1
        text = " ".join(roman_plain.split())
        corpus.verses.append(Verse(set(sanskrit_doc_tokens(roman_plain)), set(english_doc_tokens(translation)),
                                   {key for key, _ in en_pairs}, repeat=text in seen))
        seen.add(text)
    return corpus


# ---- families --------------------------------------------------------------------------------

@dataclass
class Family:
    key: str  # folded lemma ("rita")
    display: str
    forms: List[str]
    gloss: str = ""
    aliases: List[str] = field(default_factory=list)
    curated: bool = False
    name: bool = False
    verses: Set[int] = field(default_factory=set)
    renderings: List[Tuple[str, str, float]] = field(default_factory=list)


def family_members(vocab: Iterable[str], base: str, cls: str) -> List[str]:
    endings = set(CLASSES[cls][1])
    return sorted(w for w in vocab if w.startswith(base) and _pausa(w)[len(base):] in endings
                  and _pausa(w).startswith(base))


def curated_forms(spec: Curated, vocab: Set[str], by_prefix: Dict[str, List[str]]) -> List[str]:
    forms: Set[str] = set()
    drop: Set[str] = set()
    for item in spec.stems.split():
        if item.startswith("+"):
            if item[1:] in vocab:
                forms.add(item[1:])
        elif item.startswith("-"):
            drop.add(item[1:])
        elif item.endswith("*"):
            prefix = item[:-1]
            forms.update(w for w in by_prefix.get(prefix[:3], ()) if w.startswith(prefix))
        else:
            base, cls = item.split(":")
            forms.update(family_members(by_prefix.get(base[:3], ()) if len(base) >= 3 else vocab, base, cls))
    return sorted(forms - drop)


def auto_families(df: Counter, claimed: Set[str]) -> List[Tuple[str, str, List[str]]]:
    """(base, class, forms) for the keys no curated term claimed: lazy greedy cover, biggest first."""
    candidates: Dict[Tuple[str, str], List[str]] = defaultdict(list)
    by_ending: Dict[str, List[str]] = defaultdict(list)
    for cls, (_, endings) in CLASSES.items():
        for ending in endings:
            by_ending[ending].append(cls)
    for word in df:
        if word in claimed:
            continue
        p = _pausa(word)
        for cut in range(1, min(_MAX_ENDING, len(p) - 2) + 1):
            for cls in by_ending.get(p[-cut:], ()):
                candidates[(p[:-cut], cls)].append(word)
    heap: List[Tuple[int, int, str, str]] = []
    for (base, cls), words in candidates.items():
        lemma = base + CLASSES[cls][0]
        if len(words) < 2 or len(lemma) < 3 or lemma in FUNCTION_WORDS:
            continue
        if all(len(_pausa(w)) - len(base) <= 1 for w in words):
            continue  # only one-letter endings: no evidence of a declension
        heap.append((-sum(df[w] for w in words), CLASS_ORDER[cls], base, cls))
    heapq.heapify(heap)
    owner: Set[str] = set()
    out: List[Tuple[str, str, List[str]]] = []
    while heap:
        neg, rank, base, cls = heapq.heappop(heap)
        free = [w for w in candidates[(base, cls)] if w not in owner]
        score = sum(df[w] for w in free)
        if score != -neg:  # stale: others took some of its words; re-queue with what is left
            if len(free) >= 2 and score > 0:
                heapq.heappush(heap, (-score, rank, base, cls))
            continue
        if len(free) < 2 or all(len(_pausa(w)) - len(base) <= 1 for w in free):
            continue
        owner.update(free)
        out.append((base, cls, sorted(free)))
    return out


def display_for(base: str, cls: str, forms: Sequence[str], sa_surface: Dict[str, Counter], df: Counter) -> str:
    """IAST of an automatically found stem: the base as the text spells it, plus the class's ending."""
    for form in sorted(forms, key=lambda f: (-df[f], f)):
        spelled = sa_surface.get(form)
        if not spelled:
            continue
        text = spelled.most_common(1)[0][0].lstrip("'’")
        best = ""
        for cut in range(1, len(text) + 1):
            if fold_sanskrit(text[:cut]) == base:
                best = text[:cut]
        if best:
            return best + LEMMA_IAST[cls]
    return base + CLASSES[cls][0]


# ---- association ------------------------------------------------------------------------------

def _g2(a: int, n_f: int, n_e: int, n: int) -> float:
    """Dunning's log-likelihood ratio of a 2×2 contingency table."""
    cells = ((a, n_f, n_e), (n_f - a, n_f, n - n_e), (n_e - a, n - n_f, n_e), (n - n_f - n_e + a, n - n_f, n - n_e))
    total = 0.0
    for observed, row, col in cells:
        if observed > 0:
            total += observed * math.log(observed * n / (row * col))
    return 2.0 * total


def associations(families: Sequence[Family], verses: Sequence[Verse], phrases: bool) -> List[Dict[str, Tuple[int, float, float]]]:
    """For each family: English stem (or stem pair) → (joint verses, Dice, G²), over-represented only.
    A verse repeated word for word (a refrain verse: 2.11.21 = 2.15.10 = … "let not fortune fail
    us") counts once, so its words are not taken for renderings of every word in it."""
    n = sum(1 for verse in verses if not verse.repeat)
    df_en: Counter = Counter()
    for verse in verses:
        if not verse.repeat:
            df_en.update(verse.pairs if phrases else verse.en)
    out: List[Dict[str, Tuple[int, float, float]]] = []
    for family in families:
        joint: Counter = Counter()
        docs = [doc for doc in family.verses if not verses[doc].repeat]
        for doc in docs:
            joint.update(verses[doc].pairs if phrases else verses[doc].en)
        n_f = len(docs)
        table: Dict[str, Tuple[int, float, float]] = {}
        for term, a in joint.items():
            n_e = df_en[term]
            if a < MIN_JOINT or a * n <= n_f * n_e:
                continue
            table[term] = (a, 2.0 * a / (n_f + n_e), _g2(a, n_f, n_e, n))
        out.append(table)
    return out


def english_surface(term: str, surface: Dict[str, Counter]) -> str:
    """Griffith's commonest spelling of a stem (or stem pair), lower case unless he capitalises it."""
    seen = surface.get(term)
    if not seen:
        return term
    if " " in term:  # a phrase: its commonest spelling, the first word cased as that word alone
        text = sorted(seen.items(), key=lambda item: (-item[1], item[0]))[0][0]
        first = english_surface(term.split()[0], surface)
        return (text[:1].lower() if first[:1].islower() else text[:1].upper()) + text[1:]
    lowered: Counter = Counter()
    for text, count in seen.items():
        lowered[text.lower()] += count
    word = sorted(lowered.items(), key=lambda item: (-item[1], item[0]))[0][0]
    capital = sum(c for t, c in seen.items() if t.lower() == word and t[:1].isupper())
    if capital >= 0.8 * lowered[word]:  # Griffith capitalises it (a name, "Law", "Gods")
        return word[:1].upper() + word[1:]
    return word


def plain_phrase(text: str, corpus: Optional["Corpus"]) -> bool:
    """A two-word rendering names a thing ("holy Law", "sacrificial meed"): no function word and no
    verb ("fortune fail", "waters flow" are clauses cut out of a line)."""
    words = [w.lower() for w in text.split()]
    if any(w in PHRASE_FUNCTION_WORDS or w.endswith("eth") or w.endswith("est") and len(w) > 5 and w not in _EST_NOUNS
           for w in words):
        return False
    return corpus is None or not any(corpus.verbal(w) for w in words)


_EST_NOUNS = frozenset("highest loftiest newest nearest best guest forest interest harvest contest".split())


def choose_renderings(families: List[Family], verses: Sequence[Verse], surface: Dict[str, Counter],
                      corpus: Optional[Corpus] = None) -> None:
    single = associations(families, verses, phrases=False)
    double = associations(families, verses, phrases=True)
    best_dice: Dict[str, float] = defaultdict(float)
    for table in single:
        for term, (_, dice, g2) in table.items():
            if g2 >= MIN_G2:
                best_dice[term] = max(best_dice[term], dice)
    for family, table, pairs in zip(families, single, double):
        kept = sorted(
            ((dice, term) for term, (a, dice, g2) in table.items()
             if g2 >= MIN_G2 and dice >= MIN_DICE and dice >= COMPETE * best_dice[term]
             and term not in LIGHT_WORDS),
            key=lambda x: (-x[0], x[1]),
        )[:MAX_RENDERINGS]
        words = {term for _, term in kept}
        top = kept[0][0] if kept else 0.0
        phrases = sorted(
            ((dice, term) for term, (a, dice, g2) in pairs.items()
             if g2 >= MIN_G2 and set(term.split()) & words and dice >= PHRASE_SHARE * top
             and not set(term.split()) & LIGHT_WORDS
             and not any(english_surface(w, surface)[:1].isupper() for w in set(term.split()) - words)
             and plain_phrase(english_surface(term, surface), corpus)),
            key=lambda x: (-x[0], x[1]),
        )[:MAX_PHRASES]
        chosen = kept + phrases
        chosen.sort(key=lambda x: (-x[0], x[1]))
        family.renderings = [(english_surface(term, surface), term, round(dice, 4)) for dice, term in chosen]


# ---- English spellings ------------------------------------------------------------------------

def english_spellings(families: Sequence[Family], lower: Counter, total: Counter) -> List[str]:
    """Lookup keys that Griffith also writes as ordinary lower-case English words."""
    keys: Set[str] = set()
    for family in families:
        keys.update([family.key, *family.aliases, *family.forms])
    out = []
    for word, count in total.items():
        if word in keys and lower[word] >= 2 and lower[word] >= ENGLISH_SHARE * count:
            out.append(word)
    return sorted(out)


# ---- the step ----------------------------------------------------------------------------------

def derive_lexicon(pairs: Sequence[Tuple[str, str]], curated: Sequence[Curated] = CURATED,
                   auto_min_verses: int = AUTO_MIN_VERSES, progress: Optional[Progress] = None) -> Dict[str, object]:
    """The lexicon for (roman_plain, translation) verse pairs, as the JSON object ``terms.json`` holds."""
    say = progress or (lambda label, done, total: None)
    corpus = read_corpus(pairs)
    verses = corpus.verses
    say("read verses", 1, 4)
    df: Counter = Counter()
    where: Dict[str, List[int]] = defaultdict(list)
    for doc, verse in enumerate(verses):
        for key in verse.sa:
            df[key] += 1
            where[key].append(doc)
    vocab = set(df)
    by_prefix: Dict[str, List[str]] = defaultdict(list)
    for word in sorted(vocab):
        by_prefix[word[:3]].append(word)
    families: List[Family] = []
    claimed: Set[str] = set()
    for spec in curated:
        key = fold_sanskrit(spec.display)
        forms = [f for f in curated_forms(spec, vocab, by_prefix) if f not in claimed]
        claimed.update(forms)
        aliases = sorted({_fold_typed(a) for a in spec.aliases.split()} - {key, ""})
        families.append(Family(key=key, display=spec.display, forms=forms, gloss=spec.gloss, aliases=aliases,
                               curated=True, name=spec.name))
    taken_keys = {f.key for f in families}
    for base, cls, forms in auto_families(df, claimed):
        key = base + CLASSES[cls][0]
        commonest = sorted(forms, key=lambda f: (-df[f], f))[:2]
        if key in taken_keys or key in claimed or any(f in FUNCTION_WORDS for f in commonest):
            continue
        family = Family(key=key, display=display_for(base, cls, forms, corpus.sa_surface, df), forms=forms)
        family.verses = {doc for form in forms for doc in where[form]}
        if len(family.verses) >= auto_min_verses:
            taken_keys.add(key)
            families.append(family)
    for family in families:
        if family.curated:
            family.verses = {doc for form in family.forms for doc in where[form]}
        family.forms = sorted(family.forms, key=lambda f: (-df[f], f))
    say("families", 2, 4)
    choose_renderings(families, verses, corpus.en_surface, corpus)
    say("renderings", 3, 4)
    kept = [f for f in families if f.curated or f.renderings]
    for family in kept:
        if not family.curated:
            family.name = _looks_like_name(family)
    rows = []
    for family in kept:
        row: Dict[str, object] = {"k": family.key, "d": family.display, "f": family.forms[:MAX_FORMS],
                                  "r": [list(r) for r in family.renderings], "v": len(family.verses)}
        if family.gloss:
            row["g"] = family.gloss
        if family.aliases:
            row["a"] = family.aliases
        if family.curated:
            row["c"] = 1
        if family.name:
            row["n"] = 1
        rows.append(row)
    say("renderings", 4, 4)
    return {
        "format": FORMAT_VERSION,
        "about": "Sanskrit stems of roman_plain grouped by declension; Griffith renderings by verse "
                 "association (Dice, G2 >= 10.83, competitive linking); see corpus_build/terms.py",
        "terms": rows,
        "english": english_spellings(kept, corpus.lower, corpus.total),
    }


def _looks_like_name(family: Family) -> bool:
    """A family found automatically is a name when its best rendering is Griffith's capitalised
    spelling of the word itself ("Indra", "Brihaspati")."""
    if not family.renderings:
        return False
    surface, stems, _ = family.renderings[0]
    if not surface[:1].isupper() or " " in surface:
        return False
    spelled = fold_sanskrit(surface)
    return spelled[:3] == family.key[:3]


def build_terms(records: List[object], out_dir: Path, progress: Progress) -> Dict[str, str]:
    """Write ``terms.json`` under ``out_dir``; return {relative path: sha256}. Deterministic."""
    pairs = [(record.roman_plain, record.translation or "") for record in records]  # type: ignore[attr-defined]
    lexicon = derive_lexicon(pairs, progress=progress)
    return {TERMS_FILE: write_atomic(out_dir / TERMS_FILE, json_bytes(lexicon))}
