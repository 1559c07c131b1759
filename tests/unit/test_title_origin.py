"""Why a hymn bears its name: its opening words, its seer or its deity, read from the index."""
from types import SimpleNamespace

from pyapp.reading.title_origin import lead
from pyapp.reading.references import HymnTable, read_task


def _verse(ref, roman, rishi, deity):
    return SimpleNamespace(ref=ref, roman=roman, rishi=rishi, deity=deity, addressee="")


class _Index:
    hymns = {
        "3.3": [_verse("3.3.1", "vaiśvānarā́ya pṛthupā́jase vípo", "gāthino viśvāmitraḥ", "vaiśvānaraḥ"),
                _verse("3.3.2", "antár dūtó ródasī", "gāthino viśvāmitraḥ", "vaiśvānaraḥ")],
        "5.40": [_verse("5.40.1", "ā́ yāhy ádribhiḥ sutám", "bhaumo'triḥ", "indraḥ"),
                 _verse("5.40.5", "yát tvā sūrya svàrbhānus", "bhaumo'triḥ", "sūryaḥ")],
    }

    def by_ref(self, ref):
        return next((v for vs in self.hymns.values() for v in vs if v.ref == ref), None)

    def hymn(self, m, h):
        return self.hymns.get(f"{m}.{h}", [])


def test_a_name_from_the_opening_words():
    said = lead("Why is 3.3 called the 'Vaishvanaraya prthupajase' hymn?", [], _Index())
    assert said is not None and said[1] == "3.3.1"
    assert "opening words" in said[0] and "vaiśvānarāya" in said[0]


def test_a_name_from_the_seer_with_an_avagraha():
    said = lead("why is hymn 5.40 named after Atri?", [], _Index())
    assert said is not None and "seer" in said[0] and said[1] == "5.40.1"


def test_a_name_from_a_later_verse_s_deity():
    said = lead("Why is 5.40 known as the Surya hymn?", [], _Index())
    assert said is not None and "deity" in said[0] and said[1] == "5.40.5"


def test_nothing_is_said_when_the_name_matches_nothing_or_no_hymn_is_asked():
    assert lead("Why is 5.40 called the eclipse hymn?", [], _Index()) is None
    assert lead("Why is Agni called the messenger?", ["3.3.2"], _Index()) is None  # no hymn asked about
    assert lead("What does 5.40 say about Atri?", [], _Index()) is None  # not a why-called question


def test_named_after_is_not_the_next_hymn():
    table = HymnTable(SimpleNamespace(hymn_count=lambda m: 191, verse_count=lambda m, h: 3))
    for question in ("why is 10.190 named after its seer?", "Is 10.190 called after Aghamarṣaṇa?"):
        task = read_task(question, table)
        assert task is None or task.operation != "next", question
    assert read_task("the hymn after 10.190", table).operation == "next"
