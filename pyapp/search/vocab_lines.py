"""``text/vocab.txt``: the keyword index's vocabulary as lines, read at boot without parsing JSON (issue 21).

Why: ``text/vocab.json`` (835 kB: 7,285 English stems, 54,764 Sanskrit keys and 2,564 name groups) was
the largest JSON the page parsed before "ready" once ``verses.bin`` replaced ``verses.json``. Its
contents are three sorted word lists and a small map, so lines say the same thing: a load is one
``decode`` and one ``split`` (the lists come out as slices, no string is unescaped one by one), and
brotli makes it smaller than the JSON on the wire (no quotes and commas between the words).

Layout (UTF-8, ``\\n`` between lines, none at the end):

* line 1: a JSON header ``{"format": 1, "en": E, "sa": S, "names": N}`` (the counts);
* the next E lines: the English field's terms, in the index's (sorted) order;
* the next S lines: the Sanskrit field's terms, likewise;
* the next N lines: one name group each, ``key\\tterm\\tterm…`` (the folding key, then its English terms).

A term can hold no tab or newline (both fields' tokens are letters: ``pyapp.search.text``); ``encode``
refuses one that does rather than write a file that reads back differently. ``text/vocab.json`` stays
in the index for tools and older pages; the manifest marks it ``lazy`` (``corpus_build.boot_order``).
"""
from __future__ import annotations

import json
from typing import Dict, List, Sequence

FORMAT_VERSION = 1
FILE_NAME = "vocab.txt"


class VocabLinesError(ValueError):
    """Not a vocabulary file of this format, or its counts disagree with its lines; one line for the user."""


def encode(vocab: Dict[str, object]) -> bytes:
    """``vocab.json``'s dict (``{"en": [...], "sa": [...], "names": {key: [...]}}``) as ``vocab.txt``."""
    en: List[str] = list(vocab["en"])  # type: ignore[call-overload]
    sa: List[str] = list(vocab["sa"])  # type: ignore[call-overload]
    names: Dict[str, List[str]] = dict(vocab["names"])  # type: ignore[call-overload]
    lines = [json.dumps({"format": FORMAT_VERSION, "en": len(en), "sa": len(sa), "names": len(names)},
                        sort_keys=True, separators=(",", ":"))]
    for word in [*en, *sa, *names, *(t for terms in names.values() for t in terms)]:
        if not word or "\n" in word or "\t" in word:
            raise VocabLinesError(f"term {word!r} cannot be a line of {FILE_NAME}")
    lines += en
    lines += sa
    lines += ["\t".join([key, *terms]) for key, terms in names.items()]
    return "\n".join(lines).encode("utf-8")


def decode(data: bytes, later: Sequence[str] = ()) -> Dict[str, object]:
    """The same dict ``vocab.json`` holds; ``VocabLinesError`` for a file that is not one.

    ``later``: fields (``"sa"``) handed back as a function that makes their list when first called, so
    the boot makes none of their strings (the Sanskrit field's 54,764 are most of the file); its line
    count is still checked now (``str.count`` makes no string)."""
    try:
        text = data.decode("utf-8")
        head = json.loads(text[:text.index("\n")] if "\n" in text else text)
        n_en, n_sa, n_names = int(head["en"]), int(head["sa"]), int(head["names"])
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        raise VocabLinesError(f"{FILE_NAME} has no readable header; rebuild the index") from None
    if head.get("format") != FORMAT_VERSION:
        raise VocabLinesError(f"{FILE_NAME} format {head.get('format')!r}, expected {FORMAT_VERSION}; rebuild the index")
    if text.count("\n") != n_en + n_sa + n_names:
        raise VocabLinesError(f"{FILE_NAME} has {text.count(chr(10))} lines after its header, the header says "
                              f"{n_en + n_sa + n_names}; stale or truncated download")
    # header, the English terms, then the rest in one piece: the Sanskrit terms and the names
    parts = text.split("\n", 1 + n_en) if n_sa + n_names else text.split("\n")
    en = parts[1:1 + n_en]
    rest = parts[1 + n_en] if n_sa + n_names else ""
    if not n_names:
        sa_text, name_lines = rest, []
    elif not n_sa:
        sa_text, name_lines = "", rest.split("\n")
    else:
        sa_text, *name_lines = rest.rsplit("\n", n_names)
    names: Dict[str, List[str]] = {}
    for line in name_lines:
        key, *terms = line.split("\t")
        names[key] = terms

    def sa() -> List[str]:
        return sa_text.split("\n") if n_sa else []

    return {"en": en, "sa": sa if "sa" in later else sa(), "names": names}
