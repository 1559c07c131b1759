"""Several questions typed as one ("सबसे प्राचीन वेद कौनसा है? इसमें कितने मण्डल है? किस सूक्त में …?").

Why: readers (students above all, copying a worksheet) put two or three questions in one message. Read as
one question, their words mix: one part's topic wins, or none does, and the other parts go unanswered.
Each part ends in its own question mark, in any script, so the message is split there and each part is
answered in turn as the next turn of a conversation (a later part's "it" / "इसमें" then means what the
earlier part was about). A part must have two words or more ("Why?" or "And 1.1.2?" is a follow-up of the
sentence before, not a question of its own), and at most ``MOST`` parts are answered.
"""
from __future__ import annotations

import re
from typing import List

from pyapp.reading.script import words_of

MOST = 4
_END = re.compile(r"(?<=[?？])\s+")
_WH = r"(?:who|whom|whose|what|which|how|where|when|to which|in which|of which|from which|to whom|by whom)"
# "Who composed the Nāsadīya and how many verses does it have?": two wh-questions joined by "and"; the second
# must itself ask (a wh-word then a verb), so "Who are Mitra and Varuṇa?" or "which gods and how …" stay one.
_ASKS = (r"(?:who\s+\w+|(?:what|which|how many|how much|in which|to which|of which)\s+"
         r"(?:metres?|meters?|verses?|hymns?|gods?|deity|deities|seers?|rishis?|goddess|book|mandala)\b|"
         rf"{_WH}\s+(?:\w+\s+){{0,3}}?(?:is|are|was|were|does|do|did|has|have|had|can)\b)")
_AND_WH = re.compile(rf"^(?P<first>{_WH}(?:\s+[^\s,]+){{2,}}?),?\s+and\s+(?P<second>{_ASKS}.{{3,}})$", re.IGNORECASE)


def questions(text: str) -> List[str]:
    """The questions a message asks, in order; one item (the message) when it asks one."""
    message = " ".join(str(text or "").split())
    parts = [p.strip() for p in _END.split(message) if p.strip()]
    if len(parts) == 1 and message.endswith(("?", "？")):
        joined = _AND_WH.match(message)
        if joined:
            parts = [joined.group("first").rstrip(" ,") + "?", joined.group("second")[:1].upper() + joined.group("second")[1:]]
    if len(parts) < 2 or len(parts) > MOST or not all(p.endswith(("?", "？")) for p in parts):
        return [message] if message else []
    if any(len([w for w in words_of(p) if len(w) >= 2]) < 2 for p in parts):
        return [message]
    from pyapp.reading import quoted_line

    found = quoted_line.read(message)
    if found is not None and all(_fragment(p) for p in parts if found.line not in p):
        return [message]  # "saw '…' on a post. source?? is it real?": one question about the line
    joined = _join_unplaced(_join_continuations(parts), message)
    return [message] if len(joined) == 1 else joined


def _join_unplaced(parts: List[str], message: str) -> List[str]:
    """A part too short to tell its language alone ("indra a eu peur un jour ?", read as English) joins the next
    part, when the whole message is plainly in another language: asked alone it was read word by word as English
    (or as a Sanskrit line) and answered off the point, and the message's question lost its subject."""
    from pyapp.reading.language import detect

    whole = detect(message)
    if whole.code in ("en", "sa") or whole.confidence < 0.6 or len(parts) < 2:
        return parts
    joined: List[str] = []
    carry = ""
    for part in parts:
        part = f"{carry} {part}".strip() if carry else part
        alone = detect(part)
        if alone.code == "en" and alone.confidence < 0.5 and part is not parts[-1]:
            carry = part
            continue
        carry = ""
        joined.append(part)
    if carry:
        joined.append(carry)
    return joined


def _join_continuations(parts: List[str]) -> List[str]:
    """Each later part that only continues the one before it joins it: a request for the place of what was just
    asked ("… de la aurora? ¿qué versos?", "… पितर कौन हैं? ऋग्वेद में कहाँ आते हैं?", "… ? quel vers ?"), an example
    of it ("… a word for beauty? like sundara?") or a list of options for it ("… hidden? in the plants, the
    water, the wood?"). Answered alone, such a part has no subject: it was answered as a question of its own
    with the last answer's verses, or refused, and the message's real question lost its own answer's opening."""
    joined: List[str] = [parts[0]]
    for part in parts[1:]:
        if (_fragment(part) and _asks_place(part)) or _EXAMPLE.match(part) or _options(part):
            joined[-1] = f"{joined[-1]} {part}"
        else:
            joined.append(part)
    return joined


# "like sundara?", "e.g. …", "por ejemplo …", "जैसे …": an example of what the part before asks about
_EXAMPLE = re.compile(r"^\s*(?:like|e\.\s?g\.?|such as|for (?:example|instance)|i mean|por ejemplo|par exemple|"
                      r"zum beispiel|z\.\s?b\.|ad esempio|per esempio|por exemplo|tipo|जैसे|यानी|например|то есть)\b", re.I)
_OPTION_SPLIT = re.compile(r"\s*(?:,|/|\bor\b|\bo\b|\bou\b|\boder\b|\bodos\b|\bया\b|\bили\b)\s*", re.I)
_QUESTION_WORD = re.compile(r"^\s*¿?(?:who|what|which|how|why|where|when|is|are|does|do|did|can|qu[eé]|qui[eé]n|cu[aá]l|c[oó]mo|"
                            r"por ?qu[eé]|d[oó]nde|quel|quelle|qui|pourquoi|comment|o[uù]|chi|cosa|come|perch[eé]|dove|qual|"
                            r"quem|onde|wer|was|wie|warum|wo|welche[rsnm]?|кто|что|как|почему|где|क्या|कौन|कैसे|क्यों|कहाँ)\b",
                            re.I)


def _options(part: str) -> bool:
    """"nas plantas, na água, na madeira?": three or more short choices and no question of their own."""
    pieces = [p for p in _OPTION_SPLIT.split(part.rstrip("?？ ")) if p.strip()]
    return (len(pieces) >= 3 and all(len(words_of(p)) <= 3 for p in pieces)
            and not _QUESTION_WORD.match(part))


# words of a part that only asks for the place of what the part before asks or quotes, or doubts it ("source??",
# "is it real?", "which verse no?", "¿qué versos?", "quel vers ?", "in quale verso?", "Gibt es einen Vers dazu?",
# "ऋग्वेद में कहाँ आता है?", "в каком гимне?"), in the languages the app reads
_FRAGMENT_WORDS = set("""source sources verse verses number exact exactly real really true correct right which where what
this that it is are was does do the a an no num reference ref mantra sukta hymn hymns line from in of please pls say says
said tell tells rigveda rig veda rgveda rigved there any one
que qué cuál cual cuáles cuales dónde donde en el la los las verso versos versículo versículos himno himnos dice dicen
lo hay algún alguno un una de del fuente cita
quel quelle quels quelles où ou dans le les vers verset versets hymne hymnes dit il elle est ce qui
quale quali dove il lo versi inno inni si trova
qual quais onde em no na os hino hinos diz fala
welcher welche welches wo im der die das vers verse hymnen lied steht gibt es einen eine dazu dafür quelle
ऋग्वेद ऋग्वेद में कहाँ कहां आता आते आती है हैं किस किसी वेद मंत्र मन्त्र सूक्त श्लोक कौन सा से मिलता मिलते लिखा ये यह वह
где каком какой какие стих стихе гимн гимне ригведа ригведе это сказано
де про це цей ця якому якій який вірш вірші віршах віршi гімн гімні рігведа рігведі сказано йдеться
gdzie jest to tym którym której który wers wersie wersy hymn hymnie rygweda rygwedzie mowa
waar staat het dat dit welk welke vers verzen hymne lied rigveda
var står det den vilken vilket vers hymn hymnen
nerede hangi dize dizede ilahi ilahide rigveda bu geçiyor
mana dimana ayat bait himne itu ini ada
kde je to který která verš verši hymnus hymnu
कुठे कुठल्या कोणत्या मंत्रात सूक्तात ऋग्वेदात कुन कहाँ ऋग्वेदमा মন্ত্র কোথায় কোন ঋগ্বেদে ক્યાં કયા મંત્ર ઋગ્વેદમાં
எங்கே எந்த மந்திரம் ரிக்வேதத்தில் ఎక్కడ ఏ మంత్రం ఋగ్వేదంలో ಎಲ್ಲಿ ಯಾವ ಮಂತ್ರ ಋಗ್ವೇದದಲ್ಲಿ എവിടെ ഏത് മന്ത്രം ഋഗ്വേദത്തിൽ
ਕਿੱਥੇ ਕਿਹੜਾ ਮੰਤਰ ਰਿਗਵੇਦ ਵਿੱਚ""".split())


# what makes a fragment ask for the place (or the truth) of what came before; a bare "which one?" / "कौन-सा?" is left a
# question of its own, answered from the last answer ("is there a hymn to Parjanya? which one?": the hymns are named)
_PLACE_WORDS = set("""verse verses hymn hymns mantra sukta source sources reference ref number where line citation real true
correct right versos verso versículo versículos himno himnos fuente cita vers verset versets hymne hymnes où quale dove
versi inno inni onde hino hinos wo hymnen lied quelle कहाँ कहां मंत्र मन्त्र सूक्त श्लोक वेद लिखा где стих стихе гимн гимне
сказано де вірш вірші віршах гімн гімні gdzie wers wersie hymnie waar vers verzen var nerede dize dizede ilahi mana ayat
bait himne kde verš verši कुठे मंत्रात सूक्तात কোথায় মন্ত্র ક્યાં મંત્ર எங்கே மந்திரம் ఎక్కడ మంత్రం ಎಲ್ಲಿ ಮಂತ್ರ എവിടെ മന്ത്രം ਕਿੱਥੇ ਮੰਤਰ""".split())


def _asks_place(part: str) -> bool:
    return any(w in _PLACE_WORDS for w in words_of(part.lower()))


def _fragment(part: str) -> bool:
    return not [w for w in words_of(part.lower()) if len(w) >= 3 and w not in _FRAGMENT_WORDS]


__all__ = ["MOST", "questions"]
