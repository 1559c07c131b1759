"""Reference parsing: every accepted form, what is not a reference, and messages for ones that do not exist."""
from __future__ import annotations

from typing import List, Optional

import pytest

from pyapp.schemas import Verse
from pyapp.search.refs import ParsedReference, parse_reference, resolve

HYMNS = {1: 191, 2: 43, 3: 62, 4: 58, 5: 87, 6: 75, 7: 104, 8: 103, 9: 114, 10: 191}
VERSES = {(10, 129): 7, (3, 62): 18, (1, 164): 52, (10, 191): 4, (7, 104): 25}


class FakeIndex:
    """The RigVeda's real shape (hymns per mandala, a few verse counts), without loading assets."""

    mandala_count = 10

    def hymn_count(self, mandala: int) -> int:
        return HYMNS.get(mandala, 0)

    def verse_count(self, mandala: int, hymn: int) -> int:
        if not 1 <= hymn <= self.hymn_count(mandala):
            return 0
        return VERSES.get((mandala, hymn), 5)

    def hymn(self, mandala: int, hymn: int) -> List[Verse]:
        return [Verse.construct(ref=f"{mandala}.{hymn}.{v}", mandala=mandala, hymn=hymn, verse=v)
                for v in range(1, self.verse_count(mandala, hymn) + 1)]


def ref_of(text: str) -> Optional[str]:
    parsed = parse_reference(text)
    return None if parsed is None else parsed.ref


@pytest.mark.parametrize("text,expected", [
    ("10.129.1", "10.129.1"),
    ("RV 10.129", "10.129"),
    ("rv10.129", "10.129"),
    ("R.V. 3.62.10", "3.62.10"),
    ("Rigveda 1.164.46", "1.164.46"),
    ("Rig Veda 1.164.46", "1.164.46"),
    ("Rig-Veda 2.12.1", "2.12.1"),
    ("ṛgveda 10.191.2", "10.191.2"),
    ("Ṛgveda 10.191", "10.191"),
    ("mandala 3 hymn 62 verse 10", "3.62.10"),
    ("Mandala 3, hymn 62, verse 10", "3.62.10"),
    ("maṇḍala 3 sūkta 62 ṛc 10", "3.62.10"),
    ("book 10 hymn 90", "10.90"),
    ("hymn 90 of book 10", "10.90"),
    ("verse 2 of hymn 12 in mandala 2", "2.12.2"),
    ("Show me RV 10.129.3", "10.129.3"),
    ("Translate Rigveda 1.164.46", "1.164.46"),
    ("RV 3.62.10", "3.62.10"),
    ("X.129.1", "10.129.1"),
    ("rv x.129", "10.129"),
    ("IV.58.1", "4.58.1"),
    ("10:129:1", "10.129.1"),
    ("१०.१२९.१", "10.129.1"),
    ("10.129.2-4", "10.129.2-4"),
    ("10.129.4–2", "10.129.2-4"),
    ("What does 10.129.3 say about the waters?", "10.129.3"),
    ("10.129", "10.129"),
    ("show me 7.103", "7.103"),
    ("mandala 9", "9"),
    ("show me book 10", "10"),
    ("What is the first hymn of the RigVeda about?", "1.1"),
    ("the last hymn of the Rig Veda", "10.last"),
    ("first hymn of mandala 9", "9.1"),
    ("opening hymn of the third mandala", "3.1"),
    ("0.1.1", "0.1.1"),
    ("11.1.1", "11.1.1"),
])
def test_accepted_forms(text: str, expected: str) -> None:
    assert ref_of(text) == expected


@pytest.mark.parametrize("text", [
    "abc", "", "   ", "python 3.5", "version 3.11", "1.2.3.4", "Who are the Maruts in mandala 5?",
    "What happened in 2018?", "x.129.1", "verse 10", "hymn 62", "the first thing", "10.5 percent of the hymns",
    "What are the themes of the tenth mandala?",
])
def test_not_references(text: str) -> None:
    assert parse_reference(text) is None


def test_resolve_verse_hymn_range_and_mandala() -> None:
    index = FakeIndex()
    assert [v.ref for v in resolve(parse_reference("RV 10.129.3"), index)] == ["10.129.3"]
    hymn = resolve(parse_reference("10.129"), index)
    assert [v.ref for v in hymn] == [f"10.129.{n}" for n in range(1, 8)]  # whole hymn, in order
    assert [v.ref for v in resolve(parse_reference("10.129.2-4"), index)] == ["10.129.2", "10.129.3", "10.129.4"]
    assert resolve(parse_reference("the last hymn of the RigVeda"), index)[0].ref == "10.191.1"
    assert [v.ref for v in resolve(parse_reference("last verse of the rigveda"), index)] == ["10.191.4"]
    assert resolve(parse_reference("the last hymn of book 7"), index)[-1].ref == "7.104.25"
    assert resolve(parse_reference("mandala 9"), index)[0].ref == "9.1.1"


@pytest.mark.parametrize("text,message", [
    ("11.1.1", "Mandala 11 does not exist: the RigVeda has mandalas 1–10"),
    ("0.1.1", "Mandala 0 does not exist: the RigVeda has mandalas 1–10"),
    ("RV 1.999.1", "Hymn 1.999 does not exist: mandala 1 has hymns 1–191"),
    ("1.0.1", "Hymn 1.0 does not exist: mandala 1 has hymns 1–191"),
    ("book 2 hymn 44", "Hymn 2.44 does not exist: mandala 2 has hymns 1–43"),
    ("10.129.9", "Verse 10.129.9 does not exist: hymn 10.129 has verses 1–7"),
    ("10.129.0", "Verse 10.129.0 does not exist: hymn 10.129 has verses 1–7"),
    ("10.129.5-12", "Verse 10.129.12 does not exist: hymn 10.129 has verses 1–7"),
    ("mandala 12", "Mandala 12 does not exist: the RigVeda has mandalas 1–10"),
    ("99999999999999999999999.1.1", "Mandala 99999999999999999999999 does not exist: the RigVeda has mandalas 1–10"),
    ("3." + "9" * 40 + ".1", "Hymn 3." + "9" * 40 + " does not exist: mandala 3 has hymns 1–62"),
])
def test_missing_references_name_the_valid_range(text: str, message: str) -> None:
    parsed = parse_reference(text)
    assert isinstance(parsed, ParsedReference)
    assert resolve(parsed, FakeIndex()) == message


def test_reference_keeps_the_matched_text() -> None:
    parsed = parse_reference("Please translate Rigveda 1.164.46 for me")
    assert parsed is not None and parsed.level == "verse"
    assert parsed.text.lower().startswith("rigveda") and parsed.text.endswith("1.164.46")
