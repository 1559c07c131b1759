"""Whether the cited verses are about what the question names and says (``pyapp.agents.cited_match``), for
the answer's confidence: a fluent answer that quotes verses about another name must read as such."""
from __future__ import annotations

from pyapp.agents import cited_match
from pyapp.schemas import SearchResult


def _verse(ref: str, translation: str, deity: str, iast: str = "") -> SearchResult:
    return SearchResult(title=f"RV {ref}", content="", relevance=1.0, source="test", book_context=ref,
                        translation=translation, deity=deity, addressee=deity, iast=iast or None)


DAWN = _verse("1.92.1", "These Dawns have raised their banner; in the eastern half of the mid-air they spread abroad "
              "their shining light.", "Uṣas", "etā u tyā uṣasaḥ ketum akrata")
NIGHT = _verse("10.127.2", "The Goddess with her light hath filled the wide expanse, the vales and heights; her "
               "brightness drives away the gloom.", "Rātri", "orv aprā amartyā nivato devy udvataḥ jyotiṣā bādhate tamaḥ")


def test_a_name_is_found_in_the_cited_verses_however_the_reader_spells_it() -> None:
    assert cited_match.names_in_verses(["Ushas"], [DAWN]) == 1.0
    assert cited_match.names_in_verses(["Ratri"], [NIGHT]) == 1.0


def test_a_name_the_cited_verses_never_name_reads_as_missing() -> None:
    assert cited_match.names_in_verses(["Ushas", "Sarama"], [DAWN]) == 0.5
    assert cited_match.names_in_verses(["Sarama"], [NIGHT]) == 0.0


def test_no_name_asked_or_nothing_cited_is_neither_for_nor_against() -> None:
    assert cited_match.names_in_verses([], [DAWN]) == 1.0
    assert cited_match.names_in_verses(["Ushas"], []) == 1.0


def test_a_table_answer_that_opens_on_something_else_and_verses_missing_the_names_score_lower() -> None:
    from pyapp.agents.confidence import ConfidenceFeatures, score

    base = dict(path="fact", quality=0.9, support=1.0, asked_in_verses=0.2)
    on_topic = ConfidenceFeatures(**base, asked_in_lead=1.0)
    off_lead = ConfidenceFeatures(**base, asked_in_lead=0.0)
    assert off_lead.vector()["typed_off_lead"] == 1.0 and on_topic.vector()["typed_off_lead"] == 0.0
    assert ConfidenceFeatures(path="retrieval", asked_in_lead=0.0).vector()["typed_off_lead"] == 0.0
    assert score(off_lead) < score(on_topic)
    assert score(ConfidenceFeatures(**base, names_in_verses=0.0)) < score(ConfidenceFeatures(**base, names_in_verses=1.0))
