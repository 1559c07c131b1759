"""Quiz's "odd one out": "odd one out: Indra, Agni, Gaṇeśa, Varuṇa", "which doesn't belong — Sindhu, Sarasvatī,
Narmadā, Vipāś?", "trova l'intruso …", "इनमें से कौन अलग है …".

Why: the form names three to six things and asks which one is not like the others. The open search read the names as
topics and answered with verses about them, or a later name among them (Gaṇeśa, Rāvaṇa) made the whole question
look like another scripture's and it was refused. The commonest key in such quizzes about the RigVeda is that one item
is not in it at all: a later god, river, poet or metre among the hymns' own. That is a fact of the text, checked here
for every item (a word of the saṃhitā in any form, a name or term the lexicon knows, a word of Griffith's English);
when exactly one item is absent and the rest are present, it is the answer, said first. Any other case (all present,
the key is a subtler grouping) is left to the other readers.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional

from pyapp.factbook.answer import FactAnswer
from pyapp.reading.name_list import listed_part

__all__ = ["asks", "answer"]

# the quiz's words, in the languages readers use (lower case; a whole phrase)
_ASKS = re.compile(r"odd (?:one|man|word|item|name) out|odd-one-out|(?:does ?n[o']?t|doesnt|does not) (?:belong|fit)|"
                   r"not (?:like|of) the others|intruso|l'intrus\b|intrus\b|passt nicht|nicht dazu|nie pasuje|"
                   r"niet thuis|past niet|não pertence|no pertenece|non c'entra|кто лишний|что лишнее|лишн|"
                   r"कौन अलग|अलग कौन|विषम|বেমানান|வேறுபட்ட|భిన్నమైన|ભિન્ન|ಭಿನ್ನ|वेगळा", re.I)
_ITEM_SPLIT = re.compile(r"\s*(?:[,，、،/]|\bor\b|\band\b|\bo\b|\bou\b|\bund\b|\boder\b|\bи\b|\bили\b|और|या)\s*", re.I)
_WORD = re.compile(r"[^\W\d_]+")
MOST = 6


def asks(text: str) -> bool:
    return bool(_ASKS.search(text or ""))


def _items(text: str) -> List[str]:
    listed = re.sub(r"\([^)]*\)|\?", " ", listed_part(text) or "")
    items = [i.strip(" .!?'\"“”‘’") for i in _ITEM_SPLIT.split(listed)]
    items = [i for i in items if i and 1 <= len(_WORD.findall(i)) <= 2]
    # the first item may carry the quiz's own words before it ("which is the odd one out - sindhu"): keep its last word
    if items and _ASKS.search(items[0]) is not None:
        items[0] = _WORD.findall(items[0])[-1]
    return items


def _present(item: str, index: Any, searcher: Any, lexicon: Any) -> bool:
    from pyapp.reading.word_absent import in_samhita

    from pyapp.reading import later_terms

    later = later_terms.term_in(item)
    if later is not None and later.get("absent"):
        return False  # a later name the data knows the hymns lack (Hanumān, Gaṇeśa), whatever the lexicon spells
    terms = getattr(searcher, "terms", None)
    if terms is not None and (terms.get(item) is not None or terms.hymn_word(item)):
        return True
    if lexicon is not None and lexicon.main_names(item):
        return True
    uses = getattr(terms, "griffith_uses", None) if terms is not None else None
    if uses is not None and uses(item.lower()):
        return True
    words = _WORD.findall(item)
    if len(words) != 1 or not re.fullmatch(r"[a-zA-ZāīūṛṝḷēōṃḥṅñṭḍṇśṣĀĪŪṚŚṢṬḌṆ'-]+", words[0]):
        return True  # another script or two words: not judged here
    return in_samhita(words[0], index)


def answer(text: str, index: Any, searcher: Any = None, lexicon: Any = None) -> Optional[FactAnswer]:
    """The one listed item the RigVeda does not have, said first; None when that is not the key."""
    items = _items(text)
    if not 3 <= len(items) <= MOST or not getattr(index, "verses", None):
        return None
    absent = [i for i in items if not _present(i, index, searcher, lexicon)]
    if len(absent) != 1:
        return None
    odd = absent[0]
    others = [i for i in items if i != odd]
    shown = odd[:1].upper() + odd[1:]
    rest = ", ".join(o[:1].upper() + o[1:] for o in others[:-1]) + f" and {others[-1][:1].upper() + others[-1][1:]}"
    lead = (f"{shown} is the odd one out: it is not in the RigVeda — no verse uses the word in any form, nor does Griffith's "
            f"translation — while {rest} are all named in the hymns. {shown} belongs to a later text or tradition.")
    return FactAnswer(kind="list", text=lead, refs=[])
