"""Answers to reference tasks (``pyapp.reading.references``), composed by code from the index.

Why code and not the model: every sentence here states what the index holds — which verse follows
which, who the Anukramaṇī names as seer, the padapāṭha's words, the Sanskrit of a translated line —
so it is exact, instant and the same with or without a model loaded. The answer says so ("composed
by code"), its first sentence names the target, and the verses it cites are the cards shown.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, List, Optional, Sequence, Tuple

from pyapp.agents.text import clip
from pyapp.agents import word_links
from pyapp.reading.references import (HYMN, HYMN_RANGE_CAP, MANDALA, RANGE_CAP, VERSE, HymnTable, ReferenceTask,
                                      Span, as_span)
from pyapp.reading.words import fold

KEY_VERSES = 3
QUOTE_CHARS = 260
NOT_FOUND = "not found"  # the task found nothing: the usual search may still (a Sanskrit quotation, say)
BY_CODE = "(Composed by code from the index; no model wrote this answer.)"
_ATTR_WORD = {"seer": "composed", "deity": "addressed", "metre": "metre"}


@dataclass
class TaskAnswer:
    """The answer text and the verses it cites (shown as cards), in order."""

    text: str
    refs: List[str] = field(default_factory=list)
    error: str = ""
    mentioned: List[str] = field(default_factory=list)  # verses named in passing ("after RV 1.1.5"), not shown
    approximate: bool = False  # the line was found only loosely ("the closest match found"), not word for word


def _ref(point: Sequence[int]) -> str:
    return ".".join(map(str, point))


def _quote(index: Any, ref: str, chars: int = QUOTE_CHARS) -> str:
    verse = index.by_ref(ref)
    return f"“{clip(verse.translation or '', chars)}”" if verse is not None and verse.translation else ""


def _hymn_facts(index: Any) -> Any:
    from pyapp import facts

    return facts.facts_for(index)


def _main(runs: Sequence[Tuple[int, int, str]]) -> str:
    counts: Counter = Counter()
    for start, end, value in runs:
        if value:
            counts[value] += end - start + 1
    return counts.most_common(1)[0][0] if counts else ""


def _runs(hymn: Any, attribute: str) -> List[Tuple[int, int, str]]:
    return list({"seer": hymn.rishi_runs, "deity": hymn.deity_runs, "metre": hymn.metre_runs}[attribute])


def _value(hymn: Any, attribute: str, verse: Optional[int] = None) -> str:
    """The hymn's (or one verse's) seer / deity / metre as the index cleans it for display."""
    runs = _runs(hymn, attribute)
    if verse is not None:
        for start, end, value in runs:
            if start <= verse <= end and value:
                return _shown(value, attribute)
    return _shown(_main(runs), attribute)


def _shown(value: str, attribute: str) -> str:
    if attribute != "metre" or not value:
        return value
    from pyapp.reader import metre_name

    return metre_name(value) or value


def _hymn_line(index: Any, facts: Any, m: int, h: int) -> str:
    hymn = facts.by_ref.get(f"{m}.{h}")
    if hymn is None:
        return f"RV {m}.{h}"
    deity, seer, metre = _value(hymn, "deity"), _value(hymn, "seer"), _value(hymn, "metre")
    bits = [f"to {deity}" if deity else "", f"by {seer}" if seer else "", f"in {metre}" if metre else ""]
    return f"RV {m}.{h} ({hymn.verses} verses): " + ", ".join(b for b in bits if b)


# -- show: the target of an operation, or a range ----------------------------------------------------
def _mentioned(span: Optional[Span]) -> List[str]:
    return [span.ref] if span is not None and span.level == VERSE and not span.is_range else []


_OP_WORDS = {"next": "after", "previous": "before"}


def show(task: ReferenceTask, index: Any, table: HymnTable) -> TaskAnswer:
    if task.span is None:
        refs = [_ref(table.edge(task.source, VERSE, False))] if task.source is not None else []
        return TaskAnswer(task.error or "That passage is not in the RigVeda.", refs, mentioned=_mentioned(task.source))
    span, source = task.span, task.source
    if task.operation in _OP_WORDS and source is not None:
        what = {VERSE: "verse", HYMN: "hymn", MANDALA: "maṇḍala"}[span.level]
        lead = f"The {what} {_OP_WORDS[task.operation]} {source.label()} is {span.label()}"
    elif task.operation in ("first", "last") and source is not None:
        what = {VERSE: "verse", HYMN: "hymn", MANDALA: "maṇḍala"}[span.level]
        lead = f"The {task.operation} {what} of {source.label()} is {span.label()}"
    else:
        lead = ""
    if span.level == VERSE and not span.is_range:
        ref = span.ref
        verse = index.by_ref(ref)
        where = ""
        if verse is not None:
            facts = _hymn_facts(index).by_ref.get(f"{verse.mandala}.{verse.hymn}")
            if facts is not None:
                where = f" (verse {verse.verse} of {facts.verses} in a hymn to {_value(facts, 'deity', verse.verse)} by {_value(facts, 'seer', verse.verse)})"
        return TaskAnswer(f"{lead}{where}: {_quote(index, ref)} [RV {ref}]", [ref], mentioned=_mentioned(source))
    if span.level == HYMN and not span.is_range:
        facts = _hymn_facts(index)
        line = _hymn_line(index, facts, *span.start)
        verses, total = table.verse_points(span, RANGE_CAP)
        text = f"{lead} {line[len(span.label()) + 1:].strip()}." if lead else f"{line}."
        refs = [_ref(p) for p in verses]
        text += f" Its first verse: {_quote(index, refs[0])} [RV {refs[0]}]"
        if total > len(refs):
            text += f"\n\nThe first {len(refs)} of its {total} verses are shown below."
        return TaskAnswer(text, refs)
    if span.level == MANDALA:
        hymns, total = table.hymn_points(span, HYMN_RANGE_CAP)
        head = f"{lead}: maṇḍala {span.start[0]} has {total} hymns." if lead else \
            f"Maṇḍala {span.start[0]} has {total} hymns."
        return _hymn_list(index, table, head, hymns, total)
    if span.level == HYMN:  # a range of hymns
        hymns, total = table.hymn_points(span, HYMN_RANGE_CAP)
        head = f"{span.label()} is {total} hymns:"
        return _hymn_list(index, table, head, hymns, total)
    verses, total = table.verse_points(span, RANGE_CAP)
    refs = [_ref(p) for p in verses]
    lines = [f"{lead or span.label()} is {total} verse{'s' if total != 1 else ''}"
             + (f"; the first {len(refs)} are shown (ask for a shorter range to see the rest):" if total > len(refs)
                else ":")]
    lines += [f"- {_quote(index, r, 200)} [RV {r}]" for r in refs]
    return TaskAnswer("\n".join(lines), refs)


def _hymn_list(index: Any, table: HymnTable, head: str, hymns: List[Tuple[int, int]], total: int) -> TaskAnswer:
    facts = _hymn_facts(index)
    lines = [head]
    for m, h in hymns:
        lines.append(f"- {_hymn_line(index, facts, m, h)} [RV {m}.{h}.1]")
    if total > len(hymns):
        lines.append(f"(The first {len(hymns)} of {total} hymns are listed; ask for a shorter range to see the rest.)")
    refs = [f"{m}.{h}.1" for m, h in hymns[:RANGE_CAP]]
    return TaskAnswer("\n".join(lines), refs)


# -- facts over a range: grouped runs ----------------------------------------------------------------
def facts_over(task: ReferenceTask, index: Any, table: HymnTable) -> TaskAnswer:
    span, attribute = task.span or task.source, task.attribute or "seer"
    facts = _hymn_facts(index)
    units: List[Tuple[Tuple[int, ...], str]] = []
    if span.level == VERSE:
        points, total = table.verse_points(span, 400)
        for m, h, v in points:
            hymn = facts.by_ref.get(f"{m}.{h}")
            units.append(((m, h, v), _value(hymn, attribute, v) if hymn else ""))
    else:
        points, total = table.hymn_points(span, 400)
        for m, h in points:
            hymn = facts.by_ref.get(f"{m}.{h}")
            units.append(((m, h), _value(hymn, attribute) if hymn else ""))
    groups: List[Tuple[str, Tuple[int, ...], Tuple[int, ...]]] = []
    for point, value in units:
        if groups and groups[-1][0] == value:
            groups[-1] = (value, groups[-1][1], point)
        else:
            groups.append((value, point, point))
    what = "verses" if span.level == VERSE else "hymns"
    sentences, refs = [], []
    for value, first, last in groups[:12]:
        stretch = Span(span.level if span.level != MANDALA else HYMN, first, last if last != first else None).label()
        cite = _ref(first if len(first) == 3 else first + (1,))
        refs.append(cite)
        if attribute == "seer":
            sentences.append(f"{value or 'An unnamed seer'} composed {stretch} [RV {cite}]")
        elif attribute == "deity":
            sentences.append(f"{stretch} {'is' if first == last else 'are'} addressed to "
                             f"{value or 'an unnamed deity'} [RV {cite}]")
        else:
            sentences.append(f"{stretch}: {value or 'metre not recorded'} [RV {cite}]")
    kind = {"seer": "seers", "deity": "addressees", "metre": "metres"}[attribute]
    distinct = len({g[0] for g in groups})
    lead = (f"All {total} {what} of {span.label()} have one {kind[:-1] if kind != 'addressees' else 'addressee'}, "
            f"according to the Anukramaṇī: " if distinct == 1 else
            f"The {kind} of {span.label()} ({total} {what}), according to the Anukramaṇī: ")
    if total == 1:  # one verse or hymn, named in the conversation ("who is it addressed to?")
        text = f"According to the Anukramaṇī, {sentences[0]}."
    elif distinct == 1:
        text = lead + sentences[0] + "."
    else:
        text = lead + "\n" + "\n".join(f"- {s}." for s in sentences)
        if len(groups) > 12:
            text += f"\n(and {len(groups) - 12} more stretches)"
    if total > 400:
        text += f"\n(Only the first 400 {what} were read.)"
    return TaskAnswer(text, refs[:RANGE_CAP])


# -- the facts of a verse named by its first words --------------------------------------------------
_ATTR_NAME = {"seer": "seer", "deity": "deity", "metre": "metre"}


def verse_facts(task: ReferenceTask, index: Any) -> TaskAnswer:
    """"Who composed the verse beginning '…'?": the verse found by its opening words, and its seer,
    deity and metre from the Anukramaṇī, the asked ones first."""
    span = task.span
    ref = span.ref
    verse = index.by_ref(ref)
    hymn = _hymn_facts(index).by_ref.get(f"{span.start[0]}.{span.start[1]}")
    if verse is None or hymn is None:
        return TaskAnswer(f"RV {ref} is not in the index.", [], error="not found")
    asked = [a for a in (task.attribute or "").split(",") if a in _ATTR_NAME]
    order = asked + [a for a in ("seer", "deity", "metre") if a not in asked]
    values = {a: _value(hymn, a, span.start[2]) for a in order}
    words = {"seer": "composed by {}", "deity": "addressed to {}", "metre": "in the {} metre"}
    said = [words[a].format(values[a]) for a in order if values[a]]
    opening = " ".join((verse.roman or "").split()[:5])
    first = ", ".join(said[:len(asked) or 1])
    rest = ", ".join(said[len(asked) or 1:])
    # the answer first (who / to whom / which metre), then which verse the quoted words were read as
    text = (f"RV {ref} ({opening} …) is {first}" + (f"; it is {rest}" if rest else "")
            + f", according to the Anukramaṇī [RV {ref}]. It is the verse beginning “{clip(task.quote, 80)}”: "
            f"{_quote(index, ref)}\n(Found by its opening words; composed by code from the index.)")
    return TaskAnswer(text, [ref])


# -- summary ------------------------------------------------------------------------------------------
_WORD = re.compile(r"[a-z]{4,}")
_COMMON = frozenset("""that this with from they their thee thou thine have hath unto upon which what when where
whom will shall like these those them than then there were been into also come came give gave thy our ours
your yours more most such""".split())


def central_verse(index: Any, refs: Sequence[str], skip: Sequence[str]) -> Optional[str]:
    """The verse whose translation shares the most words with the rest of the hymn (its words'
    document frequency inside the hymn, summed): the stated rule for "the most central verse"."""
    words = {r: set(w for w in _WORD.findall(fold(getattr(index.by_ref(r), "translation", "") or ""))
                    if w not in _COMMON) for r in refs}
    df: Counter = Counter(w for ws in words.values() for w in ws)
    best, best_score = None, -1.0
    for ref in refs:
        if ref in skip:
            continue
        score = sum(df[w] - 1 for w in words[ref]) / (1 + len(words[ref]) ** 0.5)
        if score > best_score:
            best, best_score = ref, score
    return best


def summarize(task: ReferenceTask, index: Any, table: HymnTable) -> TaskAnswer:
    span = task.span or task.source
    if span.level == VERSE and not span.is_range:
        span = as_span(span.start[:2])
    facts = _hymn_facts(index)
    if span.level == HYMN and not span.is_range:
        m, h = span.start
        hymn = facts.by_ref.get(f"{m}.{h}")
        verses, total = table.verse_points(span, 2000)
        refs = [_ref(p) for p in verses]
        meta = index.hymns_meta(m, h) or {}
        subject = meta.get("addressee") or (_value(hymn, "deity") if hymn else "")
        seer = _value(hymn, "seer") if hymn else ""
        deity = _value(hymn, "deity") if hymn else ""
        metre = _value(hymn, "metre") if hymn else ""
        key = [refs[0]]
        centre = central_verse(index, refs, [refs[0], refs[-1]]) if len(refs) > 2 else None
        if centre:
            key.append(centre)
        if refs[-1] not in key:
            key.append(refs[-1])
        key = sorted(key, key=lambda r: int(r.rsplit(".", 1)[1]))
        lines = [f"RV {m}.{h} is a hymn of {total} verses addressed to {subject or 'an unnamed deity'}"
                 + (f" (deity in the Anukramaṇī: {deity})" if deity and fold(deity) not in fold(subject)
                    and fold(subject) not in fold(deity) else "")
                 + (f", by the seer {seer}" if seer else "") + (f", mostly in the {metre} metre" if metre else "") + "."]
        lines.append("Its key verses, in order (chosen by code: the first, the last, and the verse sharing the most "
                     "words with the rest of the hymn):")
        lines += [f"- {_quote(index, r)} [RV {r}]" for r in key]
        lines.append(BY_CODE)
        return TaskAnswer("\n".join(lines), key)
    hymns, total = table.hymn_points(span, 2000)
    seers: Counter = Counter()
    gods: Counter = Counter()
    verses = 0
    for m, h in hymns:
        hymn = facts.by_ref.get(f"{m}.{h}")
        if hymn is None:
            continue
        verses += hymn.verses
        seers[_value(hymn, "seer")] += 1
        gods[_value(hymn, "deity")] += 1

    def top(counter: Counter) -> str:
        return ", ".join(f"{name} ({n})" for name, n in counter.most_common(4) if name)

    label = span.label()
    lines = [f"{label[0].upper()}{label[1:]} holds {total} hymns ({verses} verses). Most hymns are addressed to "
             f"{top(gods)}; the seers named most often are {top(seers)} (hymn counts, from the Anukramaṇī)."]
    first, last = hymns[0], hymns[-1]
    refs = [f"{first[0]}.{first[1]}.1", _ref(table.edge(as_span(last), VERSE, True))]
    lines.append(f"It opens with {_quote(index, refs[0])} [RV {refs[0]}] and closes with {_quote(index, refs[1])} "
                 f"[RV {refs[1]}]")
    lines.append(BY_CODE)
    return TaskAnswer("\n".join(lines), refs)


# -- word by word ------------------------------------------------------------------------------------
def word_by_word(task: ReferenceTask, index: Any, table: HymnTable, padapatha: Any, terms: Any,
                 searcher: Any = None) -> TaskAnswer:
    """Each padapāṭha word with what can honestly be said of it: the curated term gloss, the gloss of a
    pronoun or particle, and the word of this verse's translation that renders it (``word_links``)."""
    span = task.span or task.source
    verses, total = table.verse_points(span, 3)
    refs = [_ref(p) for p in verses]
    text_index = getattr(searcher, "text_index", None)
    lines: List[str] = []
    linked = False
    for ref in refs:
        line = padapatha.line(ref) if padapatha is not None else None
        verse = index.by_ref(ref)
        if not line:
            lines.append(f"The padapāṭha of RV {ref} is not in the index; its text: {getattr(verse, 'roman', '')} [RV {ref}]")
            continue
        lines.append(f"The padapāṭha (word-by-word text) of RV {ref}, each word with its meaning where it can "
                     f"be told [RV {ref}]:")
        links = word_links.link_verse(line, getattr(verse, "translation", "") or "", text_index, terms)
        for link in links:
            parts = [p for p in (_gloss(link.word, terms), link.grammar) if p]
            if link.english:
                parts.append(f"Griffith here: “{link.english}”")
                linked = True
            lines.append(f"- {link.word}" + (f" — {'; '.join(parts)}" if parts else ""))
        if verse is not None and verse.translation:
            lines.append(f"Griffith: {_quote(index, ref, 400)}")
    if total > len(refs):
        lines.append(f"(The first {len(refs)} of {total} verses; ask for one verse to see another.)")
    if linked:
        lines.append("(“Griffith here” is the word of Griffith's translation of this verse that renders the "
                     "Sanskrit word, matched by code from how often the two occur together across the hymns: "
                     "a guide to the translation, not a dictionary.)")
    lines.append(BY_CODE)
    return TaskAnswer("\n".join(lines), refs)


def _gloss(word: str, terms: Any) -> str:
    if terms is None:
        return ""
    for part in [word.replace("-", "")] + ([p for p in word.split("-") if p] if "-" in word else []):
        try:
            hit = terms.get(part)
        except Exception:
            hit = None
        if hit is not None and hit.gloss and not hit.from_corpus:
            return f"{hit.display}: {clip(hit.gloss, 90)}" if part != word else clip(hit.gloss, 90)
    return ""


# -- a compound split as the padapāṭha splits it, found by the word --------------------------------
_TOKEN = re.compile(r"[^\s\"“”‘’«»'—–,;:!?()|/]+")


def compound(task: ReferenceTask, padapatha: Any) -> TaskAnswer:
    """"How is the compound viśvacarṣaṇi split in the pada text?": the verses whose padapāṭha has
    that word written in members (``viśva-carṣaṇiḥ``), the split shown and the first verses cited.
    No such word: ``NOT_FOUND``, and the usual search reads the question."""
    from pyapp.search.translit import deva_to_iast, fold_sanskrit, has_devanagari

    if padapatha is None:
        return TaskAnswer("", [], error=NOT_FOUND)
    best: Tuple[int, str, str, List[str]] = (0, "", "", [])
    for token in _TOKEN.findall(task.quote or ""):
        word = token.strip(".")
        key = fold_sanskrit(deva_to_iast(word) if has_devanagari(word) else word)
        if len(key) < 4:
            continue
        try:
            refs = padapatha.lookup_refs(word)[:400]
        except Exception:
            continue
        splits: Counter = Counter()
        where: dict = {}
        for ref in refs:
            for pada in padapatha.words(ref):
                if "-" not in pada:
                    continue
                other = fold_sanskrit(pada.replace("-", ""))
                # the form asked, or its case forms ("jātavedas" → jāta-vedaḥ, jāta-vedasam): counted less
                near = len(key) >= 6 and abs(len(other) - len(key)) <= 2 and (
                    other.startswith(key[:-1]) or key.startswith(other))
                if other == key or near:
                    splits[pada] += 10 if other == key else 1
                    where.setdefault(pada, []).append(ref)
        if splits:
            form, count = splits.most_common(1)[0]
            if count > best[0]:
                best = (count, word, form, where[form])
    count, word, form, refs = best
    if not count:
        return TaskAnswer("", [], error=NOT_FOUND)
    members = " + ".join(p for p in form.split("-") if p)
    shown = refs[:3]
    text = (f"The padapāṭha writes {word} as {form} (members: {members}), in {len(refs)} verse"
            f"{'s' if len(refs) != 1 else ''}, first in {_and([f'RV {r}' for r in shown])}:")
    lines = [text] + [f"- {padapatha.line(r)} [RV {r}]" for r in shown]
    lines.append(BY_CODE)
    return TaskAnswer("\n".join(lines), shown)


# -- content inside a span ----------------------------------------------------------------------------
def _known_as(m: int, h: int) -> str:
    """" Known as the Vṛtra hymn: …" for a hymn the named-passages table describes as a whole: what a reader
    about to read it needs first (its story or subject), before the verses."""
    from pyapp.reading.named import named_passages

    for passage in named_passages():
        if list(passage.refs) == [f"{m}.{h}"] and getattr(passage, "about", ""):
            return f" Known as “{passage.names[0]}”: {passage.about}"
    return ""


def content(task: ReferenceTask, index: Any, table: HymnTable, searcher: Any, question: str) -> TaskAnswer:
    from pyapp.agents import evidence
    from pyapp.search import to_result

    span = task.span or task.source
    if span.level == HYMN:  # "which verse of 1.32 says the waters flow over Vṛtra?": that verse (pyapp.reading.story_beat)
        from pyapp.reading import story_beat

        beat = story_beat.answer(question, index)
        if beat is not None and beat.subject_hymns == [f"{span.start[0]}.{span.start[1]}"]:
            return TaskAnswer(beat.text, beat.refs)
    points, _ = table.verse_points(span, 400)
    refs = [_ref(p) for p in points]
    results = [to_result(index.by_ref(r), 1.0) for r in refs if index.by_ref(r) is not None]
    if not task.topics:  # "what is the poet asking for in 7.55?": the hymn's verses closest to the question
        ranked = evidence.rank_within(searcher, index, refs, question, 4)
        chosen = sorted([r.book_context for r in ranked][:4] or refs[:4], key=lambda r: [int(p) for p in r.split(".")])
        facts = _hymn_facts(index)
        line = _hymn_line(index, facts, *span.start[:2]) if span.level == HYMN else span.label()
        known = _known_as(*span.start[:2]) if span.level == HYMN else ""
        lines = [f"{line}.{known} The verses of {span.label()} that speak most to the question, in order:"]
        lines += [f"- {_quote(index, r)} [RV {r}]" for r in chosen]
        lines.append("(Verses chosen by code from inside the passage; no model wrote this answer.)")
        return TaskAnswer("\n".join(lines), chosen)
    topic = task.topics[0]
    topic = topic[:1].upper() + topic[1:]
    naming = [r for r in results if _names(r, topic)]
    told = _told_of(question, topic)
    if naming and told and 2 * len(naming) >= len(results) > 1:
        # "in RV 1.165 is there a verse where Indra complains the Maruts left him alone?": most of the hymn names
        # Indra, so naming him tells no verse apart; what the question says of him does
        best = _by_question(searcher, question, naming)[:3]
        chosen = [r.book_context for r in best]
        lead = (f"In {span.label()}, the verse that speaks most to the question is RV {chosen[0]}"
                + (f"; then {_and([f'RV {r}' for r in chosen[1:]])}" if len(chosen) > 1 else "") + ":")
        lines = [lead] + [f"- {_quote(index, r)} [RV {r}]" for r in chosen]
        return TaskAnswer("\n".join(lines), chosen)
    if naming:
        chosen = [r.book_context for r in naming][:5]
        numbers = [r.split(".")[-1] for r in chosen]
        more = len(naming) - len(chosen)
        lead = (f"In {span.label()}, {topic} is named in verse{'s' if len(naming) > 1 else ''} "
                f"{_and(numbers)}{f' (and {more} more)' if more > 0 else ''}; "
                f"{'these verses say' if len(chosen) > 1 else 'it says'}:")
    else:
        ranked = evidence.rank_within(searcher, index, refs, question, 3)
        if span.level == HYMN:  # a wrong hymn and a wrong god: where the deed really is (pyapp.agents.misplaced)
            from pyapp.agents import misplaced

            moved = misplaced.elsewhere(question, topic, span.ref, index, searcher, ranked)
            if moved is not None:
                return TaskAnswer(moved[0], moved[1])
        chosen = [r.book_context for r in ranked][:3] or refs[:3]
        lead = (f"{span.label()} does not name {topic}; the verses of {span.label()} closest to the question "
                f"are:")
    lines = [lead] + [f"- {_quote(index, r)} [RV {r}]" for r in chosen]
    return TaskAnswer("\n".join(lines), chosen)


def _told_of(question: str, topic: str) -> bool:
    """The question says something of its topic (three content words or more besides the topic's name: "complains",
    "left alone", "dragon"), not only names it ("what does 1.2 say about Vāyu?")."""
    from pyapp.agents import paraphrase
    from pyapp.reading.described_verse import _content

    key = re.sub(r"[^a-z]", "", fold(topic))[:5]
    stems = [s for s in paraphrase.content_stems(_content(question)) if not (key and s.startswith(key))
             and not re.fullmatch(r"\d+|rv|verses?|hymns?|which|one|name\w*|say\w*|speak\w*", s)]
    return len(stems) >= 3


def _by_question(searcher: Any, question: str, verses: List[Any]) -> List[Any]:
    """``verses`` ordered by how well each fits the question (the search's fused score), then by their order."""
    try:
        scores = searcher.fused_scores(question)[0]
    except Exception:
        return list(verses)
    index = getattr(searcher, "index", None)

    def score(verse: Any) -> float:
        doc = index.doc_id(verse.book_context) if index is not None else None
        return float(scores[doc]) if doc is not None else 0.0

    return sorted(verses, key=lambda v: -score(v))


def _names(verse: Any, name: str) -> bool:
    """The verse's translation, its own deity or its hymn's addressee names ``name`` (its first five letters, folded:
    Griffith's "Vâyu" and the Anukramaṇī's "vāyuḥ" are both Vayu)."""
    key = re.sub(r"[^a-z]", "", fold(name))[:5]
    # (the hymn's addressee too: 10.125's deity field is ātmā, its addressee Vāc, "Vac (speech)")
    text = re.sub(r"[^a-z ]", "", fold(f"{verse.translation or ''} {getattr(verse, 'deity', '') or ''} "
                                       f"{getattr(verse, 'addressee', '') or ''}"))
    if not key:
        return False
    # a short name's last consonant as sandhi writes it in a compound (Vāc in the deity "vāg-āmbhṛṇī")
    keys = {key} | ({key[:-1] + end for end in _FINAL_SANDHI.get(key[-1], ())} if len(key) <= 4 else set())
    return any(re.search(rf"\b{re.escape(k)}", text) for k in keys)


_FINAL_SANDHI = {"c": ("k", "g"), "k": ("g", "c"), "t": ("d",), "d": ("t",), "j": ("k", "g", "t", "d"), "s": ("r", "h")}


def _and(items: Sequence[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# -- the Sanskrit of a quoted translation ------------------------------------------------------------
_STOP = frozenset("""the and are our you your his her its who what that this with from for was were thou thee thy
unto not but all him them they their have has had der die das und ist ein eine les des une est qui que dans pour
которые это как что или""".split())


def _coverage(quote: str, text: str) -> float:
    """The share of the quote's content words the translation uses (function words do not count)."""
    want = [w for w in re.findall(r"[^\W\d_]+", fold(quote)) if len(w) > 2 and w not in _STOP]
    have = set(re.findall(r"[^\W\d_]+", fold(text)))
    return sum(1 for w in want if w in have) / max(1, len(want))


def _ordered(quote: str, text: str) -> float:
    """The share of the quote's word pairs the translation has in the same order: the line itself, not another
    verse that happens to use the same words ("praise", "give", "cows" are in hundreds of verses)."""
    words = re.findall(r"[^\W\d_]+", fold(quote))
    flat = " " + " ".join(re.findall(r"[^\W\d_]+", fold(text))) + " "
    pairs = [f" {a} {b} " for a, b in zip(words, words[1:])]
    return sum(1 for p in pairs if p in flat) / max(1, len(pairs))


def _match(quote: str, text: str) -> float:
    """Content-word coverage, plus a little for the quote's word pairs in the same order."""
    return _coverage(quote, text) + 0.25 * _ordered(quote, text)


def sanskrit_of_quote(task: ReferenceTask, index: Any, searcher: Any,
                      versions: Callable[[], Iterable[Tuple[str, Any]]], table: Optional[HymnTable] = None) -> TaskAnswer:
    """The verse whose translation (Griffith's first, then each shipped version) holds the quoted
    words best; its Sanskrit, cited. ``versions`` yields (name, TranslationIndex) lazily."""
    quote = task.quote
    opening = _sanskrit_opening(quote, index)
    if opening is not None:  # "shanno mitra sham varuna": the verse's own words, romanised, not a translation's
        verse = index.by_ref(opening)
        if task.operation in ("next", "previous") and table is not None:
            return _beside_quote(task, index, table, opening, "the Sanskrit", "")
        english = clip(verse.translation or "", 320)
        text = (f"“{clip(quote, 160)}” is the Sanskrit opening of RV {opening}: {verse.sanskrit} ({verse.roman}) [RV {opening}]"
                + (f"\n\nIn Griffith's words: “{english}”" if english else ""))
        return TaskAnswer(text, [opening])
    best: Tuple[float, str, str] = (0.0, "", "")
    try:
        found = searcher.search(quote, method="text", k=25)
        for result in (found.results if found.success else []):
            score = _match(quote, result.translation or "")
            if score > best[0]:
                best = (score, result.book_context, "Griffith")
    except Exception:
        pass
    if best[0] < 1.0:
        for name, version in versions():
            try:
                hits = version.search(quote, k=3)
            except Exception:
                continue
            for hit in hits:
                score = _match(quote, version.text(hit.ref) or "")
                if score > best[0]:
                    best = (score, hit.ref, name)
            if best[0] >= 1.0:
                break
    score, ref, name = best
    if not ref or score < 0.5:
        return TaskAnswer(f"No shipped translation has a verse with the words “{clip(quote, 120)}” closely enough "
                          f"to name its Sanskrit; try quoting more of the line.", [], error=NOT_FOUND)
    verse = index.by_ref(ref)
    wording = _version_text(ref, name, index, versions)
    # named as the line only when its words are there in their order too: three common words anywhere in a verse
    # ("I praise you, you give me cows") are not that verse's line
    exact = score >= 0.8 and _ordered(quote, wording or "") >= 0.5
    sure = "" if exact else " (the closest match found)"
    if task.operation in ("next", "previous") and table is not None:
        return _beside_quote(task, index, table, ref, name, sure)
    if exact:
        text = f"“{clip(quote, 160)}” is {name}'s rendering of RV {ref}. Its Sanskrit: {verse.sanskrit} ({verse.roman}) [RV {ref}]"
    else:
        text = (f"No shipped translation has exactly the words “{clip(quote, 160)}”; the closest match found is RV {ref}, "
                f"in {name}'s words: “{clip(wording, 320)}”. Its Sanskrit: {verse.sanskrit} ({verse.roman}) [RV {ref}]")
    return TaskAnswer(text, [ref], approximate=not exact)


def _sanskrit_opening(quote: str, index: Any) -> Optional[str]:
    """The verse whose Sanskrit opening the quote is, typed in any romanisation (``pyapp.reading.incipit``), when
    the words matched are nearly the whole quote; else None (a translation's line goes to the versions)."""
    from pyapp.reading.incipit import find_incipit, key

    try:
        found = find_incipit(quote, index)
    except Exception:
        return None
    if found is None or len(key(found[2])) < 0.8 * len(key(quote)) or index.by_ref(found[0]) is None:
        return None
    return found[0]


def _version_text(ref: str, name: str, index: Any, versions: Callable[[], Iterable[Tuple[str, Any]]]) -> str:
    """The matched translation's own words for the verse (Griffith's from the index, another's from its file)."""
    if name == "Griffith":
        verse = index.by_ref(ref)
        return (verse.translation or "") if verse is not None else ""
    for other, version in versions():
        if other == name:
            try:
                return version.text(ref) or ""
            except Exception:
                return ""
    return ""


def _beside_quote(task: ReferenceTask, index: Any, table: HymnTable, ref: str, name: str, sure: str) -> TaskAnswer:
    """The verse after (or before) the one a quoted line comes from, named first, with both cited."""
    point = tuple(int(p) for p in ref.split("."))
    forward = task.operation == "next"
    target = table.step(point, forward)
    where = "after" if forward else "before"
    if target is None:
        edge = "last" if forward else "first"
        return TaskAnswer(f"“{clip(task.quote, 160)}” is {name}'s rendering of RV {ref}{sure}, the {edge} verse of "
                          f"the RigVeda: no verse comes {where} it [RV {ref}]", [ref])
    other = _ref(target)
    lines = [f"The verse {where} “{clip(task.quote, 120)}” (RV {ref}{sure}) is RV {other}: {_quote(index, other, 400)} "
             f"[RV {other}]",
             f"Its Sanskrit: {index.by_ref(other).sanskrit} [RV {other}]",
             f"The line you quoted, for comparison: {_quote(index, ref, 300)} [RV {ref}]",
             BY_CODE]
    return TaskAnswer("\n".join(lines), [other, ref])


# -- "which verse says so?" ---------------------------------------------------------------------------
def support(task: ReferenceTask, index: Any) -> TaskAnswer:
    refs = [r for r in task.refs if index.by_ref(r) is not None][:3]
    if not refs:
        return TaskAnswer("The last answer cited no verse for that statement.", [], error="no verse")
    claim = re.sub(r"\s*\[[^\]]*\]", "", task.claim).strip()
    claim = clip(re.split(r"(?<=[.!?])\s+(?=[A-Z])", claim)[0], 200)  # its first sentence
    first = refs[0]
    claim = claim.rstrip(":;, ")
    # "behind", not "says": a fact from the Anukramaṇī cites the verse it is about, which does not say it
    lines = [f"The verse behind the last answer's statement “{claim}” is RV {first}:" if len(refs) == 1 else
             f"The verses behind the last answer's statement “{claim}” are {_and([f'RV {r}' for r in refs])}:"]
    lines += [f"- {_quote(index, r, 400)} [RV {r}]" for r in refs]
    return TaskAnswer("\n".join(lines), refs)


#: tasks that cannot be answered without the padapāṭha: the orchestrator has it finished first if the page is
#: still preparing it (``Searcher.padapatha_now``) rather than answer "not in the index"
NEEDS_PADAPATHA = frozenset({"compound", "compare_wording", "word_in_verse", "word_grammar", "recitation",
                             "word_by_word"})


def answer(task: ReferenceTask, index: Any, searcher: Any, padapatha: Any = None, terms: Any = None,
           question: str = "") -> TaskAnswer:
    """Dispatch on the task; never raises (a failure becomes the reason, said to the reader)."""
    table = HymnTable(index)
    try:
        if task.task == "support":
            return support(task, index)
        if task.task == "verse_facts":
            return verse_facts(task, index)
        if task.task == "compound":
            return compound(task, padapatha)
        if task.task == "elsewhere" and task.topics and task.refs:
            from pyapp.agents import elsewhere

            return TaskAnswer(*elsewhere.answer(task.topics[0], task.refs[0], index))
        if task.task == "simile" and (task.topics or task.claim):
            from pyapp.agents import simile

            found = (simile.compare(task.topics[0], task.quote or question, index, searcher) if task.topics
                     else simile.compared_to(task.claim, index))  # "what is compared to a falcon?"
            return TaskAnswer(*found) if found else TaskAnswer("", [], error=NOT_FOUND)
        if task.task == "compare_wording" and len(task.refs) == 2:
            from pyapp.agents import compare_wording

            text, refs = compare_wording.compare(task.refs, index, padapatha)
            return TaskAnswer(text, refs) if text else TaskAnswer("", [], error=NOT_FOUND)
        if task.task == "word_in_verse" and task.span is not None:
            from pyapp.agents import word_in_verse

            text, refs = word_in_verse.answer(task.span.ref, task.topics, index, padapatha, terms,
                                              getattr(searcher, "text_index", None), task.quote)
            return TaskAnswer(text, refs) if text else TaskAnswer("", [], error=NOT_FOUND)
        if task.task == "word_grammar" and task.span is not None:
            from pyapp.agents import word_grammar
            from pyapp.reading.word_grammar import cue_spans

            text, refs = word_grammar.answer(task.span.ref, task.quote, index, padapatha, cue_spans(task.quote))
            return TaskAnswer(text, refs) if text else TaskAnswer("", [], error=NOT_FOUND)
        if task.task == "recitation" and task.span is not None:
            from pyapp.agents import recitation

            ref = task.span.ref
            words = padapatha.words(ref) if padapatha is not None else []
            verse = index.by_ref(ref)
            text, refs = recitation.answer(ref, task.attribute.split(","), words, getattr(verse, "roman", "") or "",
                                           getattr(verse, "translation", "") or "")
            return TaskAnswer(text, refs) if text else TaskAnswer("", [], error=NOT_FOUND)
        if task.task == "sanskrit_of_quote":
            return sanskrit_of_quote(task, index, searcher, lambda: _versions(index, task.quote), table)
        if task.span is None:
            return show(task, index, table)
        if task.task == "summarize":
            return summarize(task, index, table)
        if task.task == "word_by_word":
            return word_by_word(task, index, table, padapatha, terms, searcher)
        if task.task == "facts":
            return facts_over(task, index, table)
        if task.task == "content":
            return content(task, index, table, searcher, question)
        return show(task, index, table)
    except Exception as exc:  # a bug here must not end the turn; the reader sees why
        return TaskAnswer(f"Sorry, that passage could not be read from the index ({type(exc).__name__}).", [],
                          error=str(exc)[:200])


def _versions(index: Any, quote: str = "") -> Iterator[Tuple[str, Any]]:
    """The shipped translations other than Griffith, those in the quote's language first, each loaded
    only when the one before it did not hold the quoted words."""
    from pyapp.reading import foreign
    from pyapp.search.translations import detect_language, load_catalog

    directory = getattr(index, "dir", None)
    catalog = load_catalog(directory) if directory else None
    if catalog is None:
        return
    language = detect_language(quote) if quote else "en"
    listed = sorted((v for v in catalog.versions if v.id != "griffith"),
                    key=lambda v: (v.language != language, v.language != "en", v.id))
    for version in listed:
        try:
            loaded = foreign.translation_index(directory, version.id, index.doc_id)
        except Exception:
            continue  # not shipped to this browser yet, or unreadable: the next one
        yield version.name, loaded
