"""The rest of a question whose verse reference names no verse: what the reader wanted found.

Why: readers check the numbers that books, pamphlets and posts print beside a quotation ("a book cites
Rg. VIII-101-35 for 'kill not the sinless cow'", "my teacher gave 1.1.15 for the praise of fire — what is
the right verse?"). Such a number is often wrong (hymn 8.101 has 16 verses), and the reference search
stopped there: "Verse 8.101.35 does not exist", and nothing found. The rest of the question — the quoted
words, what the verse is said to say — is what a careful reader would search for next, and the turn then
says which number was wrong (``Orchestrator._missing_reference``) beside the verse it found.

The rest counts only when it still says something: at least two content words once the reference, the
words of asking and the words about books and numbers are gone, so "what is RV 1.1.15?" still gets the
plain "does not exist".
"""
from __future__ import annotations

import re

from pyapp.reading.ref_notation import canonical

# a dotted reference as ``ref_notation.canonical`` writes every notation, with the RigVeda word before it
_REFERENCE = re.compile(r"(?<![\w.])(?:(?:r\.?\s?v|r\.?g\.?\s?v|ri?g\.?|ṛg\.?|ri?g\s?-?veda|rgveda|ṛgveda)\.?\s*)?"
                        r"\d{1,2}\.\d{1,3}(?:\.\d{1,2})?(?:\s*[-–]\s*\d{1,2})?(?![\w])", re.I)
_WORD = re.compile(r"[^\W\d_]{4,}")
# words of asking, of references and of where a number was read: none of them says what the verse says
_NOT_CONTENT = set("""what which where when whom whose does this that these those there their they them then than
with from into about have having been were will would could should shall must also just only
right correct wrong real true false exact exactly number numbers verse verses hymn hymns mandala mandalas sukta
reference references cite cites cited citing citation quote quotes quoted quoting source sources says said saying
tell tells give gives gave show find found check meaning mean means book books page pages text texts rigveda veda
vedas please someone somebody people article blog post posts site website video teacher friend pamphlet author
claims claim claimed written write wrote print printed prints whats cant dont isnt""".split())
# short words that carry nothing for the search once the question's frame is gone ("not" stays: "kill not the cow")
_SMALL = set("a an the of in on at to for is are was be it its i my me we you he she his her and or but so if as by".split())


def rest_of(question: str) -> str:
    """What to search for in ``question`` once its verse references are gone: the quoted words when it quotes
    (at least three), else its content words; "" when what is left says nothing to search for."""
    from pyapp.reading.references import quoted_translation

    rest = _REFERENCE.sub(" ", canonical(question or ""))
    quoted = quoted_translation(rest)
    if quoted:
        return quoted
    content = [w for w in re.findall(r"[^\W\d_]+", rest.lower()) if w not in _NOT_CONTENT and w not in _SMALL]
    return " ".join(content) if len([w for w in content if _WORD.fullmatch(w)]) >= 2 else ""


__all__ = ["rest_of"]
