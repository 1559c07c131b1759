"""A line quoted from memory beside the god the question names is looked for among that god's verses too
(``pyapp.agents.quoted_line.locate(gods=…)``). Our own wording of the line, not a set's question."""
from pyapp.agents import quoted_line


def test_the_named_gods_verses_are_weighed_for_a_remembered_line(searcher, lexicon) -> None:
    index = searcher.index
    found = quoted_line.locate("may none of them be lost", "en", index, searcher, lexicon, gods=["Pūṣan"])
    assert found is not None
    verse = index.by_ref(found.ref)
    assert "pū" in (verse.deity or "") or "Pusan" in (getattr(verse, "hymn_addressee", "") or "")


def test_without_a_god_the_line_alone_decides(searcher, lexicon) -> None:
    index = searcher.index
    found = quoted_line.locate("darkness was hidden by darkness", "en", index, searcher, lexicon, gods=[])
    assert found is not None and found.ref.startswith("10.129")
