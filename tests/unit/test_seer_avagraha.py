"""A seer's name joined to his family's by sandhi ("sauryo'bhitapāḥ") is read as both words (seer_followup)."""
from __future__ import annotations

from pyapp.search import Searcher
from reader_turns import ask


def test_the_seer_after_an_avagraha_is_named_not_only_his_family(searcher: Searcher) -> None:
    from pyapp import facts as F

    heading = F.facts_for(searcher.index).hymn("10.37").raw_rishi[0][2]
    assert "'" in heading  # the Anukramaṇī's "sauryo'bhitapāḥ": Abhitapas of the Saurya family
    result = ask(searcher, "Show me RV 10.37.1", "who is the seer of that hymn?")
    first = result.answer.split("\n")[0]
    assert "Abhitap" in first, first
