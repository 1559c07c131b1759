""""Who is the 'I' of this hymn?": its seer by the Anukramaṇī, first; a deity that bears the seer's name speaks of itself."""
from types import SimpleNamespace

from pyapp.reading.speaker import i_lead


def _verse(ref, rishi, deity):
    return SimpleNamespace(ref=ref, rishi=rishi, deity=deity)


class _Index:
    hymns = {"3.9": [_verse("3.9.1", "gāthino viśvāmitraḥ", "agniḥ"), _verse("3.9.2", "gāthino viśvāmitraḥ", "agniḥ")],
             "4.18": [_verse("4.18.1", "indraḥ", "indraḥ"), _verse("4.18.2", "vāmadevaḥ", "indraḥ")],
             "8.1": [_verse("8.1.1", "pragātha ghaura", "sūryaḥ"), _verse("8.1.2", "sūrya ātreya", "sūryaḥ")]}

    def by_ref(self, ref):
        return next((v for vs in self.hymns.values() for v in vs if v.ref == ref), None)

    def hymn(self, m, h):
        return self.hymns.get(f"{m}.{h}", [])


def test_the_i_is_the_seer_of_the_hymn_named():
    said = i_lead("In hymn 3.9 the poet says 'I kindle thee' - who is this 'I'?", [], _Index())
    assert said is not None and said[1] == "3.9.1" and "viśvāmitraḥ" in said[0] and "first person" in said[0]


def test_the_i_of_a_cited_verse_when_no_hymn_is_named():
    said = i_lead("who is the 'I' there?", ["3.9.2"], _Index())
    assert said is not None and said[1] == "3.9.2"


def test_several_seers_make_a_dialogue_and_no_single_i():
    assert i_lead("who is the 'I' in 4.18?", [], _Index()) is None


def test_only_the_first_person_is_asked():
    assert i_lead("who is Viśvāmitra in 3.9?", [], _Index()) is None
    assert i_lead("who is speaking in 3.9?", [], _Index()) is None  # dialogues' speakers are ``lead``'s
