"""Accent questions: "where does the udātta fall in *agni*?", "which syllables of agnimīḷe purohitam are
accented?", "इन्द्र शब्द पर उदात्त स्वर कहाँ है?" (issue 19: kinds real readers ask on forums and in
Vedic-recitation classes, which no set of ours asked).

Why a reader of its own: the hymns' pitch accent is in the text we ship — the saṃhitā in IAST marks
the udātta with an acute (agní) and the independent svarita with a grave — but a question about it
used to fall to a topic search ("No verse speaks directly of accented …"). The answer is read off
the accented text itself, never from a rule about Sanskrit accent:

- a *word* ("agni", "hotā", "इन्द्र"): every form in the text that begins with it, grouped by the
  syllable that carries the acute; the commonest placement is stated first, with its count and a
  verse, then the others (a vocative at the head of a sentence, unaccented forms);
- a *line* ("agnimile purohitam", "tat savitur varenyam"): the verse it begins (or, failing that,
  contains), word by word, each with its accented syllable or "unaccented".

One sentence says how the Devanagari of the cards marks the same accent (the udātta itself unmarked,
the anudātta stroke below the syllable before it, the svarita stroke above the one after it), since
readers who ask about *svaras* usually look at those marks.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pyapp import facts as F
from pyapp.factbook.patterns import _q
from pyapp.search.translit import deva_to_iast, fold_sanskrit, has_devanagari

__all__ = ["answer", "asks_accent", "syllables", "accented_syllable", "DEVANAGARI_NOTE"]

_ASKS = re.compile(r"\b(?:accent\w*|udatt?a|anudatt?a|svarit(?:a|am)|swarit(?:a|am)|svaras?|swaras?)\b|"
                   r"\bwhich\s+syllables?\b|\b(?:stress|tone|pitch)\s+(?:pattern|mark)")
# "stressed", "tone", "pitch" alone are everyday words ("I'm stressed before exams"): only beside a syllable
_ASKS_NEAR_SYLLABLE = re.compile(r"\b(?:stress(?:ed|es)?|tones?|toned|tonic|pitch(?:ed)?)\b[^?.]{0,40}\bsyllables?\b|"
                                 r"\bsyllables?\b[^?.]{0,40}\b(?:stress(?:ed|es)?|tones?|toned|tonic|pitch(?:ed)?)\b")
_ASKS_DEVA = re.compile("उदात्त|अनुदात्त|स्वरित|स्वर")
_ACUTE, _GRAVE = "\u0301", "\u0300"
_VOWELS = set("aeiou")
_VOCALIC = {"ṛ", "ṝ", "ḷ", "ḹ"}
_WORD_EDGE = re.compile(r"^[^\w\u0300-\u036f]+|[^\w\u0300-\u036f]+$")
# the question's own words: never the subject, however Sanskrit-looking ("are" is a Vedic word too)
_OWN = set("""accent accents accented accentuation accentuated udatta udata anudatta anudata svarita swarita svaritam
svara svaras swara swaras pitch tone tones toned tonic stress stressed syllable syllables which where what how
does did do is are was were the a an in on of for to and or word words verse verses hymn hymns mantra mantras
line rigveda rig veda vedas rgveda rik sukta fall falls carry carries carried mark marks marked marking placed
place put first second third last high low raised lowered on it its this that these those be with by from
sanskrit vedic text please tell me show explain say pronounce pronounced pronunciation chant chanted chanting
recite recited recitation correct correctly right why when who whom shabd shabda par kahan hai mein ka ki ke
letter letters sound sounds written write writing online texts book books mandala there here have has had
answer question know syllabe sabda sabd mem kaham kya kaun kis kisa kahan""".split())
DEVANAGARI_NOTE = ("In the Devanagari of the verse cards the udātta itself is left unmarked: the syllable before it "
                   "carries the anudātta stroke below (॒) and the syllable after it the svarita stroke above (॑).")
_ORDINAL = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
_TABLES: Dict[int, "_Table"] = {}


def asks_accent(question: str) -> bool:
    """Whether the question asks about the pitch accent (udātta, svarita, svaras, which syllable)."""
    folded = _q(question)
    return bool(_ASKS.search(folded) or _ASKS_NEAR_SYLLABLE.search(folded) or _ASKS_DEVA.search(question))


def _base(ch: str) -> str:
    return unicodedata.normalize("NFD", ch)[:1].lower()


def _short(ch: str, letter: str) -> bool:
    """``ch`` is ``letter`` itself, accented or not, but not long (ā, ī, ū)."""
    decomposed = unicodedata.normalize("NFD", ch)
    return decomposed[:1] == letter and "\u0304" not in decomposed


def _is_vowel(ch: str) -> bool:
    base = unicodedata.normalize("NFD", ch)
    return ch in _VOCALIC or base[:1].lower() in _VOWELS or (base[:1] in "rl" and ("\u0323" in base or "\u0325" in base))


def syllables(word: str) -> List[str]:
    """The word's syllables, each ending in its vowel (and the vowel's marks); final consonants join the last.
    ``agním`` → ``["a", "gním"]``, ``ratnadhā́tamam`` → ``["ra", "tna", "dhā́", "ta", "mam"]``."""
    text = unicodedata.normalize("NFC", word)
    out: List[str] = []
    current = ""
    i = 0
    while i < len(text):
        ch = text[i]
        current += ch
        i += 1
        if _is_vowel(ch):
            while i < len(text) and unicodedata.combining(text[i]):
                current += text[i]
                i += 1
            if _short(ch, "a") and i < len(text) and (_short(text[i], "i") or _short(text[i], "u")):
                # ai / au (either letter may carry the accent): one syllable
                current += text[i]
                i += 1
                while i < len(text) and unicodedata.combining(text[i]):
                    current += text[i]
                    i += 1
            out.append(current)
            current = ""
    if current:
        if out:
            out[-1] += current
        else:
            out.append(current)
    return out


def _mark(syllable: str) -> str:
    decomposed = unicodedata.normalize("NFD", syllable)
    return "udatta" if _ACUTE in decomposed else ("svarita" if _GRAVE in decomposed else "")


def accented_syllable(word: str) -> Tuple[int, str]:
    """(1-based index of the syllable with the acute, "udatta"), else of the one with the grave ("svarita",
    an independent svarita), or (0, "") for an unaccented word. The acute wins: a form such as ``àgním``
    (a grave carried over by sandhi) still has its udātta on *-gní-*."""
    marks = [_mark(syl) for syl in syllables(word)]
    for wanted in ("udatta", "svarita"):
        if wanted in marks:
            return marks.index(wanted) + 1, wanted
    return 0, ""


def _clean(token: str) -> str:
    return unicodedata.normalize("NFC", _WORD_EDGE.sub("", token))


class _Table:
    """Folded word → Counter of its accented spellings, and the first verses of each; plus each verse's
    folded words joined (to find a quoted line)."""

    def __init__(self, index: Any) -> None:
        self.forms: Dict[str, Counter] = defaultdict(Counter)
        self.where: Dict[str, List[str]] = defaultdict(list)
        self.lines: List[Tuple[str, str, List[str]]] = []  # (ref, joined folded words, accented words)
        for verse in getattr(index, "verses", []) or []:
            roman = getattr(verse, "roman", "") or ""
            words = [_clean(t) for t in roman.replace("|", " ").split()]
            words = [w for w in words if w]
            keys = [fold_sanskrit(w) for w in words]
            for word, key in zip(words, keys):
                if key:
                    self.forms[key][word] += 1
                    if len(self.where[word]) < 3:
                        self.where[word].append(verse.ref)
            self.lines.append((verse.ref, "".join(keys), words))

    def forms_of(self, stem: str) -> Counter:
        found: Counter = Counter()
        for key, forms in self.forms.items():
            if key == stem or (len(stem) >= 3 and key.startswith(stem) and len(key) - len(stem) <= 3):
                found.update(forms)
        return found

    def line(self, phrase: str) -> Optional[Tuple[str, List[str]]]:
        starts = [(ref, words) for ref, joined, words in self.lines if joined.startswith(phrase)]
        if starts:
            return starts[0]
        inside = [(ref, words) for ref, joined, words in self.lines if phrase in joined]
        return inside[0] if inside else None


def _table(index: Any) -> _Table:
    key = id(index)
    if key not in _TABLES:
        _TABLES.clear()
        _TABLES[key] = _Table(index)
    return _TABLES[key]


def _candidates(question: str) -> List[str]:
    """The question's words that may be Sanskrit, folded, in order (Devanagari read as IAST)."""
    text = deva_to_iast(question) if has_devanagari(question) else question
    text = re.sub(r"[\"“”‘’'`*_]", " ", text)
    out = []
    for token in re.split(r"[\s,;:?!()\[\]/.|]+", text):
        plain = _q(token)
        key = fold_sanskrit(token)
        if key and plain not in _OWN and len(key) >= 2 and not plain.isdigit():
            out.append(key)
    return out


def _shown(word: str) -> str:
    return "·".join(syllables(word))


def _word_note(word: str) -> str:
    n, mark = accented_syllable(word)
    if not n:
        return f"{word} (unaccented)"
    syl = syllables(word)[n - 1]
    return f"{word} ({'udātta' if mark == 'udatta' else 'independent svarita'} on -{syl}-)"


def _line_answer(ref: str, words: List[str]) -> F.FactAnswer:
    notes = [_word_note(w) for w in words]
    text = (f"In RV {ref} the accent falls word by word on: {'; '.join(notes)} [RV {ref}]. "
            "The acute (´) marks the udātta, the raised pitch; a grave (`) an independent svarita; a word "
            f"without a mark is unaccented. {DEVANAGARI_NOTE}")
    return F.FactAnswer(kind="list", text=text, refs=[ref], subject_hymns=[ref.rsplit(".", 1)[0]])


def _word_answer(stem: str, forms: Counter, table: _Table) -> Optional[F.FactAnswer]:
    stem_syllables = max(1, sum(1 for ch in stem if ch in "aeiou"))
    groups: Dict[int, Counter] = defaultdict(Counter)
    for form, count in forms.items():
        groups[accented_syllable(form)[0]][form] += count
    total = sum(forms.values())
    order = sorted(groups, key=lambda n: -sum(groups[n].values()))
    if not order:
        return None

    def place(n: int) -> str:
        if n == 0:
            return "unaccented (no mark)"
        where = _ORDINAL[n - 1] if n <= len(_ORDINAL) else f"{n}th"
        return f"on the {where} syllable" + (" (the ending)" if n > stem_syllables else "")

    def examples(n: int, k: int = 3) -> Tuple[str, List[str]]:
        shown, refs = [], []
        for form, _ in groups[n].most_common(k):
            ref = table.where[form][0]
            shown.append(f"{form} [RV {ref}]")
            refs.append(ref)
        return ", ".join(shown), refs

    main = order[0]
    count = sum(groups[main].values())
    first_examples, refs = examples(main)
    top = groups[main].most_common(1)[0][0]
    sentences = [f"In the RigVeda's accented text, *{stem}* is accented {place(main)} in {count} of its {total} "
                 f"occurrences: {first_examples} (syllables: {_shown(top)})."]
    others = []
    for n in order[1:3]:
        shown, more = examples(n, 2)
        others.append(f"{place(n)} in {sum(groups[n].values())} ({shown})")
        refs += more
    if others:
        sentences.append("Other forms: " + "; ".join(others) + ".")
    sentences.append("The acute (´) marks the udātta, the raised pitch; forms of the same word can differ "
                     "(a vocative at the head of a sentence, or a verb in a main clause, is accented differently "
                     "or not at all). " + DEVANAGARI_NOTE)
    refs = list(dict.fromkeys(refs))[:F.REFS_LIMIT]
    return F.FactAnswer(kind="list", text=" ".join(sentences), refs=refs,
                        subject_hymns=list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs)))


def answer(question: str, index: Any, searcher: Any = None) -> Optional[F.FactAnswer]:
    """The accent of the word or line the question names, read off the accented text, or ``None``."""
    if index is None or not asks_accent(question):
        return None
    words = _candidates(question)
    if not words:
        return None
    table = _table(index)
    # a line: two or more of the question's words in a row that a verse begins with (or contains)
    for start in range(len(words)):
        for end in range(len(words), start + 1, -1):
            phrase = "".join(words[start:end])
            if len(phrase) >= 10:
                found = table.line(phrase)
                if found is not None:
                    return _line_answer(*found)
    # a word: the longest of the question's words that the text has forms of
    known = [(w, table.forms_of(w)) for w in words if len(w) >= 3]
    if not any(forms for _, forms in known):  # "savitr" typed for savitṛ, whose stem is never a word of the text
        known = [(w[:-1], table.forms_of(w[:-1])) for w in words if len(w) >= 5]
    known = [(w, forms) for w, forms in known if forms]
    if not known:
        return None
    stem, forms = max(known, key=lambda item: (len(item[0]), sum(item[1].values())))
    return _word_answer(stem, forms, table)
