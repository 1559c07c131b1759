"""First mentions: "Where is Sarasvatī first mentioned?", "the first hymn to Viṣṇu", "the earliest verse
naming the Gaṅgā", "Which is the first verse that uses the word ṛta?" (issue 19, set 9).

Why a reader of its own: such a question names a god or a word, so it used to fall to the god's
overview or the word's gloss, whose first sentence does not say *where first*. The answer is a
position in the text, so it comes from the index in the text's order (maṇḍala.hymn.verse): the first
verse whose padapāṭha names the word (every form and compound member, as the mention counts of
:mod:`pyapp.reading.counting` match it), and — for a god — the first hymn the Anukramaṇī addresses to
it, which is another thing; the answer says which is which. "First in the text's order" is not
"oldest" (the family books 2–7 are generally held older than books 1 and 10): one clause says so.

The subject is the last word of the question that the padapāṭha names (after the question's own
words: "first", "mentioned", "hymn" …), so "Indra's vajra" asks for *vajra*, and an English gloss
beside the Sanskrit ("the ocean (samudra)") is skipped because the hymns do not contain it.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

from pyapp import facts as F
from pyapp.counts import god_hymns
from pyapp.factbook.hymns import _addressee_phrase
from pyapp.factbook.patterns import _q
from pyapp.reading.counting import _NOT_NAMES, _folded_lines, _stem
from pyapp.search.translit import fold_sanskrit

__all__ = ["answer", "asks_first", "first_mentions", "ORDER_NOTE"]

_POSITION = r"(?:mention\w*|appear\w*|show\w* up|turn\w* up|crop\w* up|featur\w*|introduc\w*|occur\w*|named?|names|naming|refer\w*|used|uses|using|attest\w*|spoken of|found|invoked)"
_UNIT = r"(?:hymns?|suktas?|verses?|mantras?|stanzas?|rcs?|richas?|places?|times?|one|references?|mentions?|appearances?|occurrences?)"
_ASKS = [
    re.compile(rf"\b(?:first|earliest|1st)\b[^?.]*?\b{_POSITION}\b"),  # "first mentioned", "earliest verse naming"
    re.compile(rf"\b{_POSITION}\s+(?:for\s+the\s+)?first\b"),  # "mentioned first", "named for the first time"
    re.compile(rf"\b(?:first|earliest|1st)\s+{_UNIT}\s+(?:to|addressed|dedicated|about|of|on|for|praising|in\s+praise)\b"),
]
# a position in a book ("the first hymn of maṇḍala 3", "first verse of the Rigveda") is the order reader's
_POSITIONAL = re.compile(r"\b(?:first|1st)\s+(?:hymns?|suktas?|verses?|mantras?)\s+of\s+(?:the\s+)?"
                         r"(?:(?:whole|entire)\s+)?(?:ri?g\s?-?veda|rgveda|book|mandala|hymn|sukta|\d)")
_HYMN_TO = re.compile(r"\b(?:hymns?|suktas?)\s+(?:addressed|dedicated|to\b|in\s+praise|praising)")
_OWN = set("""first earliest mentioned mention mentions appear appears appeared occur occurs occurred named names naming
where which what when does did is was are the hymn hymns verse verses sukta suktas mantra rigveda rig veda vedas
word term name place book mandala text used uses using whole entire ever time times referred refers reference found
about mentioned appearance occurrence earliest oldest first one that this there their them from with into
invoked attested spoken dedicated addressed praise praising god goddess river deity""".split()) | _NOT_NAMES

ORDER_NOTE = ("“First” here is the order of the text (maṇḍala, hymn, verse), not age: the family books 2–7 are "
              "generally held to be older than books 1 and 10.")
QUOTE_CHARS = 220


def asks_first(question: str) -> bool:
    """Whether the question asks where a name or word first occurs (not a position in a book)."""
    q = _q(question)
    return any(p.search(q) for p in _ASKS) and not _POSITIONAL.search(q) and not re.search(r"\d+\.\d+", q)


def _stems(word: str) -> Tuple[str, ...]:
    """The folded prefixes a padapāṭha word of ``word`` begins with ("rta" → also "rita", since ṛ
    folds to "ri"); none when the word is too short to be matched safely."""
    folded = fold_sanskrit(word).lower()
    stem = _stem(word)
    base = stem if len(stem) >= 4 else folded
    out = {base}
    if word.isascii() and re.search(r"[^s]s$", base) and len(base) >= 5:  # an English plural: "Maruts", "Vasus"
        out.add(base[:-1])
    if re.match(r"r[^aeiou]", base):  # "rta", "rbhu": the reader's ṛ without its vowel
        out.add("ri" + base[1:])
    if base.endswith("tr"):  # hotṛ: hotā, hotāram
        out.add(base[:-1] + "a")
    return tuple(s for s in out if len(s) >= 4)


_LINES: Dict[int, Tuple[Any, List[Tuple[str, List[str]]]]] = {}


def _lines(pp: Any) -> List[Tuple[str, List[str]]]:
    """(ref, folded words) of every verse in the text's order: each compound member (the mention
    counter's table, shared) and the whole compound ("dadhi-krām" → dadhi, kram, dadhikram), so a
    name the padapāṭha splits is found whole."""
    cached = _LINES.get(id(pp))
    if cached is None or cached[0] is not pp:
        rows = []
        for ref, words in _folded_lines(pp):
            line = pp.line(ref) or ""
            joined = [fold_sanskrit(tok.replace("-", "")) for tok in line.split() if "-" in tok]
            rows.append((ref, words + [w for w in joined if w]) if joined else (ref, words))
        cached = (pp, rows)
        _LINES[id(pp)] = cached
    return cached[1]


def first_mentions(searcher: Any, word: str, limit: int = 3) -> List[str]:
    """The first ``limit`` verses, in the text's order, whose padapāṭha names ``word``."""
    pp = getattr(searcher, "padapatha", None)
    stems = _stems(word)
    if pp is None or not stems:
        return []
    found: List[str] = []
    for ref, words in _lines(pp):  # the padapāṭha's refs run in the text's order
        if any(w.startswith(stems) for w in words):
            found.append(ref)
            if len(found) >= limit:
                break
    return found


def _subject(question: str, searcher: Any) -> Optional[Tuple[str, List[str]]]:
    """(the word asked about, its first verses): the last word the padapāṭha names."""
    words = [w for w in re.findall(r"[^\W\d_]+", question) if len(w) >= 3 and _q(w) not in _OWN]
    for word in reversed(words):
        refs = first_mentions(searcher, word)
        if refs:
            return word, refs
    return None


def _quote(index: Any, ref: str) -> str:
    verse = index.by_ref(ref)
    text = (getattr(verse, "translation", None) or getattr(verse, "roman", "") or "").strip()
    if len(text) > QUOTE_CHARS:
        text = text[:QUOTE_CHARS].rsplit(" ", 1)[0] + " …"
    return f": “{text}”" if text else ""


def _hymn_phrase(index: Any, ref: str) -> str:
    """"a hymn to Indra"; for a verse of a hymn to several gods, whom its own verses address
    ("verses 16–21 of a hymn to several gods, to Viṣṇu")."""
    hymn = F.facts_for(index).hymn(ref.rsplit(".", 1)[0] if ref.count(".") == 2 else ref)
    if hymn is None:
        return ""
    runs = [r for r in hymn.deity_runs if r[2]]
    if ref.count(".") == 2 and len(runs) > 1:
        n = int(ref.rsplit(".", 1)[1])
        for start, end, value in runs:
            if start <= n <= end:
                span = f"verse {start}" if start == end else f"verses {start}–{end}"
                named = F.display_name(value) if len(value) <= 30 else "several gods together"
                return f"a hymn to several gods, its {span} to {named}"
    if len(runs) > 3:
        return "a hymn to several gods"
    return f"a hymn to {_addressee_phrase(hymn)[0]}"


def _own_verse(index: Any, hymn: str, word: str) -> str:
    """The hymn's first verse whose Anukramaṇī deity is the god (else its first verse)."""
    keys = F._deity_keys_in(F.facts_for(index), word)
    verses = [v for v in (index.by_ref(f"{hymn}.{n}") for n in range(1, 60)) if v is not None]
    own = next((v.ref for v in verses if keys and any(k in F._key(v.deity or "") for k in keys)), "")
    return own or (verses[0].ref if verses else f"{hymn}.1")


def answer(question: str, index: Any, searcher: Any = None) -> Optional["F.FactAnswer"]:
    """The first mention (and, for a god, the first hymn addressed to it), or ``None``."""
    if searcher is None or not asks_first(question):
        return None
    found = _subject(question, searcher)
    if found is None:
        return None
    word, mentions = found
    god = god_hymns(index, word)
    name = god.label if god is not None else (word[:1].upper() + word[1:])
    mainly = F._sort_refs((god.alone + god.joint_refs) if god is not None else [])
    anyhow = F._sort_refs((god.alone + god.joint_refs + god.part) if god is not None else [])
    first = mentions[0]
    first_hymn = mainly[0] if mainly else (anyhow[0] if anyhow else "")
    own = _own_verse(index, first_hymn, word) if first_hymn else ""
    quote_first = f"RV {first}{_quote(index, first)} [RV {first}] ({_hymn_phrase(index, first)})"
    later = [r for r in mentions[1:] if r != first]
    if first_hymn and _HYMN_TO.search(_q(question)):  # "the first hymn to Viṣṇu": the addressed hymn leads
        text = f"The first hymn addressed to {name}, in the text's order, is RV {first_hymn}, {_hymn_phrase(index, first_hymn)} [RV {own}]."
        if first.rsplit(".", 1)[0] != first_hymn:
            text += f" {name} is named before that hymn, first in {quote_first}."
        refs = [own, first] + later
    else:
        text = f"The first verse of the RigVeda, in the text's order, that names {name} is {quote_first}."
        if first_hymn:
            same = first_hymn == first.rsplit(".", 1)[0]
            text += (f" That hymn is also the first addressed to {name} (the Anukramaṇī's deity field) [RV {own}]." if same
                     else f" The first hymn addressed {'mainly ' if mainly else ''}to {name} (the Anukramaṇī's deity "
                          f"field, not a mention) is RV {first_hymn} [RV {own}].")
        if later:
            text += f" The next mentions: {', '.join(f'RV {r}' for r in later)}."
        refs = [first] + later + [own]
    text += " " + ORDER_NOTE
    refs = list(dict.fromkeys(r for r in refs if r))[:F.REFS_LIMIT]
    subject = list(dict.fromkeys(r.rsplit(".", 1)[0] for r in refs))
    return F.FactAnswer(kind="list", text=text, refs=refs, subject_hymns=subject)
