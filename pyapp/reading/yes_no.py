"""Yes/no questions: "Did Indra kill Vṛtra with the vajra?", "Is Dawn called the sister of Night?",
"Was it Varuṇa who killed Vṛtra?", "Are there hymns composed by women?".

Why a reader of its own: the search answered such questions with the verses nearest in meaning but
never said yes or no, and a false premise ("Varuṇa killed Vṛtra") was answered with Indra's verses
and no correction. Here the answer is decided from the evidence and said first:

* the claim's key words (names, nouns, the verb with its usual renderings: kill = slay, slew, smote)
  are looked up in the text index — the English translation, the Sanskrit and the names — and the
  verses where *all* of them occur together are the evidence: any → "Yes — …", with the verse;
* when the question names who did something ("Was it X who …", "Did X …") and the deed's verses
  belong overwhelmingly to another god's hymns, the answer is "No — it is Y …", with Y's verse;
* "Is/Are there …" about a theme of the practices table (:mod:`pyapp.reading.practice`) is answered
  "Yes — " with that theme's passages.

Nothing found together → ``None``: the usual search answers, without a yes or no it cannot back.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, Dict, List, Optional, Set, Tuple

from pyapp import facts as F
from pyapp.agents.text import ENGLISH_STOP, stem
from pyapp.counts import god_hymns
from pyapp.factbook.patterns import _q
from pyapp.reading import practice
from pyapp.search.translit import fold_english_token, fold_sanskrit

__all__ = ["answer", "is_yes_no"]

_ASKS = re.compile(r"^\s*(?:is|are|was|were|does|did|do|has|have|had|can|could)\b(?!\s+(?:you|i|we)\b)", re.I)
_EXISTS = re.compile(r"^\s*(?:is|are) there\b", re.I)
_WHO_CLAIM = re.compile(r"^\s*(?:was|is) it ([^\W\d_]+)(?: and [^\W\d_]+)? (?:who|that)\b|^\s*(?:did|does|has) ([^\W\d_]+)\b", re.I)
# the usual English renderings of a verb the hymns use (Griffith's "smote", "slew"): one term, many words
_SAME: Dict[str, Tuple[str, ...]] = {
    "kill": ("kill", "slay", "slew", "slain", "smite", "smote", "smitten", "struck", "strike", "destroy", "slewest", "slayest",
             "smotest", "killedst"),
    "vajra": ("vajra", "thunder", "thunderbolt", "bolt"),
    "messenger": ("messenger", "envoy", "herald", "dūta"),
    "create": ("create", "made", "make", "form", "fashion", "generat", "produc", "beget", "begot"),
    "sacrifice": ("sacrific", "offer", "oblat"),
    "drink": ("drink", "drank", "juic", "draught", "quaff"),
    "horse": ("horse", "steed", "courser", "charger", "stallion"),
    "priest": ("priest", "hotar", "hotṛ"),
    "father": ("father", "sire", "begetter"),  # Griffith's "thy sire thou … slewest"
}
_NOT_TERMS = ENGLISH_STOP | set("""rigveda rig veda rgveda hymn hymns verse verses called call mention mentioned mentions
say says said there both also really ever true whether any some name named refer referred describe described speak
speaks spoken appear appears found exist exists talk talks about rishi seer text texts""".split())


_THE_WORD = re.compile(r"\b(?:the\s+)?(?:word|term)\s+(?=[\"'“‘]?[^\W\d_])", re.I)


# a negated claim ("… where people say Indra doesn't exist?"): co-occurrence finds the words, never the "not", so a
# "Yes — N verses speak of people and Indra together" would answer the opposite of what is asked
_NEGATED = re.compile(r"\b(?:not|never|no longer|nobody|no one|doesn['’]?t|don['’]?t|didn['’]?t|isn['’]?t|aren['’]?t|"
                      r"wasn['’]?t|weren['’]?t|hasn['’]?t|haven['’]?t|can['’]?t|cannot|won['’]?t|without)\b", re.I)
_IDENTITY = re.compile(r"\b(?:same as|the same|identical|equal to|equivalent|another name|other name|also known)\b", re.I)


def is_yes_no(question: str) -> bool:
    """A yes/no question this reader can decide by co-occurrence: not a choice ("X or Y?") and not
    an identity ("is Rudra the same as Śiva?": two names in one verse do not make one god)."""
    return bool(_ASKS.search(question)) and not re.search(r"\bor\b[^?]*\?\s*$", question) \
        and not _IDENTITY.search(question) and not _NEGATED.search(question.split(None, 1)[-1])


def _term_key(word: str) -> str:
    w = word.lower()
    for key, forms in _SAME.items():
        if any(w.startswith(f) or stem(w) == stem(f) for f in forms):
            return key
    return w


class _Lookup:
    """Term → the docs (positions in ``index.verses``) whose translation, Sanskrit or names have it."""

    def __init__(self, searcher: Any) -> None:
        self.ti = getattr(searcher, "text_index", None)

    def docs(self, term: str) -> Set[int]:
        out: Set[int] = set()
        if self.ti is None:
            return out
        forms = _SAME.get(term, (term,))
        for form in forms:
            for name, key in (("en", stem(fold_english_token(form))), ("sa", fold_sanskrit(form))):
                field = getattr(self.ti, name, None)
                tid = None if field is None else field.ids.get(key)
                if tid is not None:
                    out |= {int(d) for d in field.row(tid)[0]}
        return out


def _terms(question: str) -> List[str]:
    words = re.findall(r"[^\W\d_]+", question)[1:]  # the auxiliary verb is not a term
    out: List[str] = []
    for w in words:
        key = _term_key(w)
        if len(key) >= 3 and key not in _NOT_TERMS and stem(key) not in _NOT_TERMS and key not in out:
            out.append(key)
    return out


def _deity_of(verse: Any) -> str:
    words = re.findall(r"[^\W\d_]+", getattr(verse, "deity", "") or "")
    return fold_sanskrit(words[0]) if words else ""


def _shown(index: Any, term: str) -> str:
    """A god's name as the index shows it ("Vṛtra" stays a word of the text): "soma" → "Soma"."""
    god = god_hymns(index, term)
    if god is not None and fold_sanskrit(god.label).lower().startswith(term[:4]):
        return god.label
    return term


def _cite_list(refs: List[str], limit: int = 4) -> str:
    return ", ".join(f"RV {r}" for r in refs[:limit]) + (" …" if len(refs) > limit else "")


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    if not is_yes_no(question) or searcher is None:
        return None
    if _EXISTS.search(question) and not practice.names_a_passage(question):  # its framing says yes or no
        entry = practice.match_theme(question)
        if entry is not None:
            found = practice.answer_entry(entry, index)
            if found is not None:
                text = f"Yes — {entry.about} " + " ".join(f"[RV {r}]" for r in found.refs[:4]) + "."
                return found.copy(update={"text": text})
    # "is the word love in the rigveda?" asks about one word, not about "word" and "love" together
    terms = _terms(_THE_WORD.sub(" ", question))
    if len(terms) < 2:
        return None
    look = _Lookup(searcher)
    sets = [look.docs(t) for t in terms]
    if any(not s for s in sets):
        return None  # a word the text never uses: no evidence either way here
    verses = index.verses
    together = sorted(set.intersection(*sets))
    who = _WHO_CLAIM.search(question)
    subject = _term_key(next(g for g in who.groups() if g)) if who else ""
    if subject in terms and god_hymns(index, subject) is not None and len(terms) >= 3:
        deed = sorted(set.intersection(*[s for t, s in zip(terms, sets) if t != subject]))
        tally = Counter(_deity_of(verses[d]) for d in deed)
        tally.pop("", None)
        if tally:
            top, top_n = tally.most_common(1)[0]
            mine = sum(n for k, n in tally.items() if k.startswith(fold_sanskrit(subject)[:4]))
            if not top.startswith(fold_sanskrit(subject)[:4]) and top_n >= 3 and mine * 4 < top_n:
                god = god_hymns(index, top)
                name = god.label if god is not None else top.capitalize()
                refs = [verses[d].ref for d in deed if _deity_of(verses[d]) == top]
                text = (f"No — the hymns tell this of {name}, not of {subject.capitalize()}: {len(refs)} verses of "
                        f"{name}'s hymns speak of it, for example {_cite_list(refs)} [RV {refs[0]}].")
                return F.FactAnswer(kind="list", text=text, refs=refs[:F.REFS_LIMIT], subject_hymns=[])
    if not together:
        return None
    if not subject and god_hymns(index, terms[0]) is not None:  # "Is Soma both a god and a drink?"
        subject = terms[0]
    if subject:  # the subject's own hymns first
        key = fold_sanskrit(subject)[:4]
        together.sort(key=lambda d: not _deity_of(verses[d]).startswith(key))
    refs = [verses[d].ref for d in together]
    shown = [_shown(index, t) for t in terms]
    text = (f"Yes — {F._plural(len(refs), 'verse')} of the RigVeda {'speaks' if len(refs) == 1 else 'speak'} of "
            f"{', '.join(shown[:-1])} and {shown[-1]} together, for example {_cite_list(refs)} [RV {refs[0]}].")
    return F.FactAnswer(kind="list", text=text, refs=refs[:F.REFS_LIMIT], subject_hymns=[])
