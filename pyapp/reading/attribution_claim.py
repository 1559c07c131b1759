"""A yes/no claim about one hymn's or verse's attribution: "Is 10.34 a hymn to Indra?", "Was RV 3.62 composed
by Vasiṣṭha?", "Did Viśvāmitra compose 3.33?", "Is the Nāsadīya Sūkta by Dīrghatamas?", "Is the Gāyatrī mantra in
triṣṭubh?", "Is RV 1.32 in the first maṇḍala?", "A website says 10.129 was written by Viśvāmitra. True?".

Why a reader of its own: the fact readers answer "who composed RV X?", but a claim put as a question was read as
something else — a search for the claimed god's verses ("Two corrections: RV 10.34 does not name Indra; the verses
… are in RV 8.27"), the first verse of a hymn ("in the *first* maṇḍala"), or the named passage's overview, which
never says whether the reader's teacher or website was right. Here the claimed values are read from the question —
a seer after "by / composed / written" or before "compose", a god after "to / addressed / dedicated / about /
praising", a metre's name, "in the Nth maṇḍala" — and each is checked against the Anukramaṇī's values for that hymn
or verse, the answer opening with "Yes —", "Partly —" or "No —" and then the index's own attribution.

Nothing here names a hymn, a god or a seer: the passages come from the question's reference or the named-passages
table, the values from the index (``pyapp.factbook``).
"""
from __future__ import annotations

import re
from typing import Any, List, Optional, Sequence, Tuple

from pyapp.factbook.answer import FactAnswer
from pyapp.factbook.deities import _ALL_GODS, _deity_keys_in, _hit
from pyapp.factbook.display import _METRES, _metre_key
from pyapp.factbook.hymns import _deity_sentence, _metre_sentence, _seer_sentence, _value_at
from pyapp.factbook.names import _key, display_name
from pyapp.factbook.table import Facts, HymnFacts, _addressee_names, _deity_key_table, _main, _words_of, facts_for
from pyapp.factbook.patterns import _q
from pyapp.factbook.targets import _DOTTED, _Target, _check, _reference

__all__ = ["answer", "hymn_named"]

ALL_GODS_KEY = "visvedeva"  # "the All-gods": the Anukramaṇī's viśvedevāḥ, the index heading "the gods"

# a yes/no question, or a statement the reader asks us to check ("…, true?", "is it true that …")
_YES_NO = re.compile(r"^\W*(?:(?:and|so|but|then|also)\s+)?(?:is|are|was|were|does|do|did|has|have|had)(?:n['’]?t)?\b", re.I)
_CHECK = re.compile(r"\b(?:true|correct|right|accurate|so)\s*\??\s*$|\bis (?:it|this|that) (?:true|correct|right)\b|"
                    r"\b(?:am i|is (?:he|she|they)|are they) (?:right|correct|wrong)\b", re.I)
_CHOICE = re.compile(r"\bor\b[^?]*\?\s*$", re.I)  # "Indra or Vāmadeva?": the choices reader's
# the reference as typed, taken out before the claimed values are read ("3.62" is no maṇḍala claim)
_REF_TEXT = re.compile(r"\b(?:rv|rig\s*veda|rigveda|ṛgveda|rgveda)?\s*\d{1,2}\s*[.:/,]\s*\d{1,3}(?:\s*[.:/,]\s*\d{1,2})?\b",
                       re.I)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)
_SEER_CUE = {"by", "composed", "compose", "composes", "written", "write", "wrote", "writes", "authored", "author",
             "composer", "seer", "rishi", "rsi", "ṛṣi", "poet", "sage", "attributed", "ascribed", "credited", "made",
             "sung", "seen", "revealed", "heard", "created", "create"}
_DEITY_CUE = {"to", "addressed", "dedicated", "devoted", "praise", "praises", "praising", "about", "invokes", "invoking",
              "glorifies", "glorifying", "honours", "honors", "deity", "god", "goddess", "for", "addresses"}
_FILLER = {"the", "a", "an", "of", "hymn", "hymns", "sukta", "sūkta", "suktam", "verse", "mantra", "richa", "rik",
           "rc", "ṛc", "prayer", "song", "ode", "god", "goddess", "deity", "seer", "rishi", "sage", "poet", "great",
           "lord", "sri", "shri", "maharishi", "maharshi", "rv", "rigveda", "rig", "veda"}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
             "eight": 8, "nine": 9, "ten": 10}
_MANDALA = re.compile(r"\b(?:in|from|of|part of|belongs? to|found in)\s+(?:the\s+)?(?:(?P<ord>first|second|third|fourth|"
                      r"fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th)?)\s+(?:mandala|maṇḍala|book)|"
                      r"(?:mandala|maṇḍala|book)\s+(?P<num>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten))\b",
                      re.I)
_PRONOUN = re.compile(r"\b(?:it|this|that|(?:this|that|the) (?:hymn|sukta|sūkta|one))\b", re.I)
_METRE_CUE = re.compile(r"\b(?:metre|meter|chandas|chhandas|chanda|chhanda|in)\b", re.I)


def _asks_to_check(question: str) -> bool:
    return bool(_YES_NO.search(question) or _CHECK.search(question)) and not _CHOICE.search(question)


def _target(question: str, index: Any, facts: Facts, subject_hymns: Sequence[str] = ()
            ) -> Optional[Tuple[HymnFacts, Optional[int], str]]:
    """(the hymn, the verse or None, the question with the passage's own words taken out). A dotted reference
    first ("is 2.33 part of the fifth book?" is hymn 2.33, not hymn 2 of book 5), then the reference parser, a
    named passage, and "it" / "this hymn" after a turn about one hymn."""
    from pyapp.reading.named import find_named, passage_refs

    named = find_named(question)
    if len(_DOTTED.findall(_q(question))) > 1:
        return None  # "the difference between 1.32 and 2.12": two passages compared, not one claimed
    dotted = _DOTTED.search(_q(question))
    ref: Any = (_Target(int(dotted.group(1)), int(dotted.group(2)), int(dotted.group(3)) if dotted.group(3) else None)
                if dotted else _reference(question))
    if ref is None and not named and subject_hymns and _PRONOUN.search(question):
        hymn = facts.hymn(subject_hymns[0])
        return (hymn, None, _PRONOUN.sub(" ", question)) if hymn is not None else None
    if ref is not None:
        found = _check(ref, index)
        if isinstance(found, str):
            return None
        if named and not any(r == f"{found.mandala}.{found.hymn}" or r.startswith(f"{found.mandala}.{found.hymn}.")
                             for m in named for r in passage_refs(m.passage)):
            return None  # "the Gāyatrī mantra 1.62.10 …": a wrong reference beside a name, the double-error reader's
        hymn = facts.hymn(f"{found.mandala}.{found.hymn}")
        return (hymn, found.verse, _REF_TEXT.sub(" ", question)) if hymn is not None else None
    if len(named) != 1:
        return None
    refs = passage_refs(named[0].passage)
    hymns = {".".join(r.split(".")[:2]) for r in refs}
    if len(hymns) != 1:
        return None
    hymn = facts.hymn(hymns.pop())
    verse = int(refs[0].split(".")[2]) if len(refs) == 1 and refs[0].count(".") == 2 else None
    rest = question.replace(named[0].text, " ")
    return (hymn, verse, rest) if hymn is not None else None


def _words(text: str) -> List[str]:
    return [w.lower().replace("’", "'") for w in _WORD.findall(text)]


def _capitalised(text: str) -> set:
    """The words typed with a capital letter, lower-cased (a name, unless it opens the question)."""
    found = _WORD.findall(text)
    return {w.lower() for i, w in enumerate(found) if i > 0 and w[:1].isupper()}


def _same_person(word: str, person: str) -> bool:
    """A name typed in lower case must spell the seer's name, a case ending aside ("dirghatamas" ~
    "dīrghatamā"): "by many names" is not Manyu."""
    a, b = _key(word).rstrip("sh"), _key(person).rstrip("sh")
    return a == b or a.rstrip("a") == b.rstrip("a")


def _cue_before(words: Sequence[str], i: int, cues: set, reach: int = 4) -> bool:
    return any(w in cues for w in words[max(0, i - reach):i])


_SEER_AFTER = {"compose", "composed", "write", "wrote", "author", "sing", "sang", "see", "saw", "make", "create",
               "reveal", "seer", "rishi", "rsi", "ṛṣi", "composer", "poet", "sage"}
_DEITY_AFTER = {"deity", "god", "goddess", "addressee", "devata", "devatā"}


def _claimed_seer(words: List[str], facts: Facts, capitals: set) -> Optional[Tuple[str, List[str], List[str]]]:
    """(the name as typed, its person words, its family words) after a seer cue ("composed by X", "the seer of 7.86
    X"), or before one ("did X compose", "X the seer of")."""
    for i, word in enumerate(words):
        if word in _FILLER or word in _SEER_CUE or word in _DEITY_CUE or len(word) < 3:
            continue
        before = _cue_before(words, i, _SEER_CUE - {"made", "created", "create"})
        if not (before or set(words[i + 1:i + 4]) & _SEER_AFTER):
            continue
        persons, family = facts.seer_words(_key(word))
        if word not in capitals:
            persons = [p for p in persons if _same_person(word, p)]
            family = [f for f in family if _same_person(word, f)]
        if persons or family:
            return word, persons, family
    return None


_BARE_CUES = {"to", "for"}  # "to mount the pyre" is no god: only "a hymn to", "addressed to", "sung for" …
_BEFORE_BARE = {"hymn", "hymns", "sukta", "sūkta", "suktam", "verse", "mantra", "prayer", "ode", "song", "addressed",
                "dedicated", "devoted", "sung", "offered", "composed", "written", "the", "is", "was", "are", "were"}


def _bare_cue_before(words: Sequence[str], i: int) -> bool:
    """"a hymn to (the) X", "addressed to X": a bare "to"/"for" counts after a hymn word or a dedication verb."""
    for j in range(max(0, i - 2), i):
        if words[j] in _BARE_CUES and j > 0 and words[j - 1] in _BEFORE_BARE - {"the"}:
            return all(w == "the" for w in words[j + 1:i])
    return False


def _claimed_god(words: List[str], facts: Facts) -> Optional[Tuple[str, str]]:
    """(the name as typed, its deity key) after a deity cue ("a hymn to Indra", "dedicated to the Maruts", "to the
    All-gods") or before one ("Indra the deity of")."""
    for i, word in enumerate(words):
        if word in _FILLER or word in _DEITY_CUE or word in _SEER_CUE or len(word) < 3:
            continue
        if not (_cue_before(words, i, _DEITY_CUE - _BARE_CUES, reach=3) or _bare_cue_before(words, i)
                or set(words[i + 1:i + 3]) & _DEITY_AFTER):
            continue
        phrase = " ".join(w[:1].upper() + w[1:] for w in words[i:i + 3])
        if _ALL_GODS.search(phrase.lower()):
            return word, ALL_GODS_KEY
        keys = _deity_keys_in(facts, "About " + phrase)
        if keys:
            return word, keys[0]
    return None


def _claimed_metre(text: str, words: List[str]) -> Optional[Tuple[str, str]]:
    if not _METRE_CUE.search(text):
        return None
    for word in words:
        key = _metre_key(word)
        if key in _METRES and len(word) >= 5:
            return word, key
    return None


_POSITION = re.compile(r"\b(?:end|ends|ending|last|final|beginning|begins|start|starts|middle|near|penultimate|opening|"
                       r"closing|second[- ]to[- ]last|first hymn|first sukta)\b", re.I)


def _claimed_mandala(text: str) -> Optional[int]:
    """The maṇḍala a passage is claimed to stand in ("in the first maṇḍala"); a question about where in its book
    it stands ("near the end of the seventh maṇḍala", "the final hymn of book 2") is the position reader's."""
    match = _MANDALA.search(text)
    if match is None or _POSITION.search(text[:match.start()] + " " + text[match.end():]):
        return None
    raw = (match.group("ord") or match.group("num") or "").lower()
    digits = re.sub(r"\D", "", raw)
    number = int(digits) if digits else _ORDINALS.get(raw, 0)
    return number if 1 <= number <= 10 else None


def _shown(word: str) -> str:
    return word[:1].upper() + word[1:]


def _check_seer(hymn: HymnFacts, verse: Optional[int], claim: Tuple[str, List[str], List[str]]) -> Tuple[str, str]:
    """("yes" | "partly" | "no", the opening's clause)."""
    typed, persons, family = claim
    shown = _shown(display_name(persons[0]).split(" (")[0]) if persons else _shown(typed)
    if verse is not None:
        value = _value_at(hymn.rishi_runs, verse) or ""
        words = set(_words_of(value)) | {w.lower() for w in re.findall(r"[^\W\d_]+", value)}
    else:
        words = hymn.rishi_words
    keyed = {_key(w) for w in words}
    if any(p in words or _key(p) in keyed for p in persons):
        return "yes", f"is attributed to {shown}"
    if any(f in words or _key(f) in keyed for f in family):
        return "partly", f"is attributed to a seer of {shown}'s family, not to {shown} himself"
    return "no", f"is not attributed to {shown}"


def _spellings(key: str) -> Tuple[str, ...]:
    """A god's key and its nominative's: the Anukramaṇī writes "savitā", "tvaṣṭā", readers "Savitr", "Tvashtr"."""
    if key.endswith("r") and len(key) > 3:
        return key, key[:-1] + "a"
    return (key,)


def _check_god(hymn: HymnFacts, verse: Optional[int], claim: Tuple[str, str]) -> Tuple[str, str]:
    typed, key = claim
    shown = _shown(typed)
    if verse is not None:
        value = _value_at(hymn.raw_deity, verse) or ""
        keys = set(_deity_key_table([value])[value][0]) if value else set()
        hit = any(_hit(k, keys) for k in _spellings(key))
        return ("yes", f"is addressed to {shown}") if hit else ("no", f"is not addressed to {shown}")
    if key == ALL_GODS_KEY:
        shown = "the All-gods (Viśvedevas)"
        if {"visve", "visvedeva", "visvedevah"} & hymn.main_deity_keys or _addressee_names(hymn.addressee)[:1] == ("gods",):
            return "yes", f"is addressed to {shown}"
        if {"visvedevah", "visvedeva"} & hymn.deity_keys:
            return "partly", f"is addressed to {shown} only in some of its verses"
        return "no", f"is not addressed to {shown}"
    if any(_hit(k, hymn.main_deity_keys) for k in _spellings(key)):
        return "yes", f"is addressed to {shown}"
    if any(_hit(k, hymn.deity_keys) for k in _spellings(key)):
        return "partly", f"is addressed to {shown} only in some of its verses"
    return "no", f"is not addressed to {shown}"


def _check_metre(hymn: HymnFacts, verse: Optional[int], claim: Tuple[str, str]) -> Tuple[str, str]:
    typed, key = claim
    shown = _METRES[key][0]
    if verse is not None:
        value = _value_at(hymn.metre_runs, verse) or ""
        same = _metre_key(value.split(" (")[0]) == key if value else False
        return ("yes", f"is in the {shown} metre") if same else ("no", f"is not in the {shown} metre")
    main = _main(hymn.metre_runs)
    if main and _metre_key(main.split(" (")[0]) == key:
        return "yes", f"is in the {shown} metre"
    if hymn.metre_keys.get(key):
        return "partly", f"is in the {shown} metre only in some of its verses"
    return "no", f"is not in the {shown} metre"


def hymn_named(text: str, index: Any) -> Optional[str]:
    """The one hymn a question names by reference or by a passage's name ("What is RV 2.33 about?" → "2.33"): what
    "it" means in the next turn's claim."""
    found = _target(text, index, facts_for(index)) if text else None
    return found[0].ref if found is not None else None


def answer(question: str, index: Any, searcher: Any = None, subject_hymns: Sequence[str] = ()) -> Optional[FactAnswer]:
    """"Yes — …" / "Partly — …" / "No — …" for a claimed seer, god, metre or maṇḍala of one passage, else None;
    ``subject_hymns``: the hymn the last turn was about, for "was it composed by …?"."""
    if not question or not _asks_to_check(question):
        return None
    facts = facts_for(index)
    found = _target(question, index, facts, subject_hymns)
    if found is None:
        return None
    hymn, verse, rest = found
    words = _words(rest)
    seer, god, metre = _claimed_seer(words, facts, _capitalised(rest)), _claimed_god(words, facts), _claimed_metre(rest, words)
    if god is not None and seer is not None and god[0] == seer[0]:
        seer = None  # "a hymn to Indra": one name, one claim (the god's cue reads it)
    mandala = _claimed_mandala(rest)
    verdicts: List[Tuple[str, str]] = []
    sentences: List[str] = []
    refs: List[str] = []
    for claim, check, sentence in ((seer, _check_seer, _seer_sentence), (god, _check_god, _deity_sentence),
                                   (metre, _check_metre, _metre_sentence)):
        if claim is None:
            continue
        verdicts.append(check(hymn, verse, claim))  # type: ignore[operator]
        text, cited = sentence(hymn, verse)
        sentences.append(text)
        refs += cited
    m, h = hymn.mandala, hymn.hymn
    where = f"RV {m}.{h}" + (f".{verse}" if verse is not None else "")
    if mandala is not None:
        verdicts.append(("yes", f"is in maṇḍala {m}") if mandala == m else
                        ("no", f"is in maṇḍala {m}, not maṇḍala {mandala}"))
        count = index.hymn_count(m) if hasattr(index, "hymn_count") else 0
        place = {1: ", its first", count: ", its last", count - 1: ", the second to last"}.get(h, "") if count else ""
        of = f"{count} in maṇḍala {m}{place}" if count else f"maṇḍala {m}"
        sentences.append(f"RV {m}.{h} is hymn {h} of {of} [RV {m}.{h}.{verse or 1}].")
        refs.append(f"{m}.{h}.{verse or 1}")
    if not verdicts:
        return None
    marks = {v for v, _ in verdicts}
    lead = "No" if "no" in marks else ("Partly" if "partly" in marks else "Yes")
    clauses = " and ".join(c for _, c in verdicts)
    sentences = list(dict.fromkeys(sentences))
    if len(verdicts) == 1 and lead == "Yes":  # the index's sentence says it: "Yes — RV 1.1 is addressed to Agni"
        text = f"Yes — {sentences[0]}" + "".join(" " + t for t in sentences[1:])
    elif len(verdicts) == 1:  # "No — RV 2.12 is not addressed to Agni: it is addressed to Indra [RV 2.12.1]."
        first = sentences[0]
        body = "it " + first[len(where) + 1:] if first.startswith(where + " ") else first
        text = f"{lead} — {where} {clauses}: {body}" + "".join(" " + t for t in sentences[1:])
    else:
        text = f"{lead} — {where} {clauses}. " + " ".join(sentences)
    return FactAnswer(kind="attribution", text=text, refs=list(dict.fromkeys(refs))[:10], subject_hymns=[f"{m}.{h}"])
