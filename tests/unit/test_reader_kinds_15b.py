"""Set 15's remaining kinds as mechanisms (fix15b): a question in a language the app does not read, answered
from its names and numbers (``pyapp.reading.names_numbers``); two hymns compared (``pyapp.reading.hymn_pair``,
``pyapp.agents.hymn_pair``); an epithet or office named in English (``pyapp.reading.epithets``, a lexicon that
is data); a joint hymn whose dual the deity field writes with an anusvāra. Asked in our own wordings, in
languages no question set uses (Tswana, Lingala, Wolof), about other hymns and gods than the sets'; every
expected hymn is computed from the index, never copied."""
from __future__ import annotations

import re

from pyapp import facts as F
from pyapp.counts import god_hymns
from pyapp.reading import epithets, hymn_pair, joint_deity, names_numbers
from pyapp.reading.named import find_named
from pyapp.search import Searcher

from tests.unit.reader_turns import ask, cited


def _hymns(refs) -> set:
    return {".".join(r.split(".")[:2]) for r in refs}


# -- 1. a language the app does not read: its names and numbers ------------------------------------------
def test_the_evidence_composes_only_clear_questions() -> None:
    assert names_numbers.compose(["Rigveda"], ["3.59", "7.61"], []) == "Compare RV 3.59 and RV 7.61."
    assert names_numbers.compose(["Mitra", "Varuna"], [], []) == "Is there a hymn to Mitra and Varuna together?"
    assert names_numbers.compose(["Agni"], [], [7, 16]) == "List the Agni hymns with 16 verses in maṇḍala 7."
    assert names_numbers.compose(["Agni"], [], [3, 7]) == ""  # which is the book? not clear: left as read
    assert names_numbers.compose(["Agni", "Indra", "Soma"], [], []) == ""


def test_a_particle_glued_to_a_name_is_taken_off(lexicon) -> None:
    assert names_numbers.word_parts("leMitra") == ["leMitra", "Mitra"]
    assert "Varuna" in " ".join(names_numbers.latin_names("Mitra-ng leVaruna", lexicon))


def test_a_joint_hymn_asked_in_tswana(searcher: Searcher) -> None:
    result = ask(searcher, "A go na le pina ya Rigveda e e opelelwang Agni le Soma mmogo? E kae?")
    pair = {h for h, vs in joint_deity._pair_verses(searcher.index, ("agni", "soma")).items()
            if len(vs) * 2 >= len(searcher.index.hymn(*(int(x) for x in h.split("."))))}
    assert pair and _hymns(cited(result)) & pair
    assert any("does not read" in n for n in result.notes)


def test_a_hymn_by_its_verse_count_asked_in_wolof(searcher: Searcher) -> None:
    facts = F.facts_for(searcher.index)
    agni = set(god_hymns(searcher.index, "Agni").alone)
    wanted = sorted(h.ref for h in facts.hymns if h.ref in agni and h.ref.startswith("5.") and h.verses == 12)
    assert wanted, "the index has an Agni hymn of 12 verses in maṇḍala 5"
    result = ask(searcher, "Ban woy ci téere 5 bu Rigveda la ñu jagleel Agni te am 12 aaya?")
    assert _hymns(cited(result)) & set(wanted)


# -- 2. two hymns compared ---------------------------------------------------------------------------------
def test_the_pair_is_read_from_references_and_names() -> None:
    assert hymn_pair.read("In what ways do 10.127 and 10.168 differ from each other?") == ("10.127", "10.168")
    night = [m.passage for m in find_named("the hymn to Night")][0]
    assert hymn_pair.read("Contrast the hymn to Night with 1.113, please.") == (
        ".".join(night.refs[0].split(".")[:2]), "1.113")
    assert hymn_pair.read("What does 10.127 say about the stars?") is None  # no word of comparison
    assert hymn_pair.read("Compare 10.127 with itself, RV 10.127.2") is None  # one hymn


def test_a_comparison_opens_with_one_sentence_per_hymn_and_cites_both(searcher: Searcher) -> None:
    result = ask(searcher, "In spirit, how do 3.59 and 7.61 differ? Set them side by side.")
    assert result.answer.startswith("RV 3.59 (")
    assert "\nRV 7.61 (" in result.answer.split("\n\n")[0]
    assert {"3.59", "7.61"} <= _hymns(cited(result))
    assert "no model wrote this answer" in result.answer


def test_two_hymns_compared_in_lingala(searcher: Searcher) -> None:
    result = ask(searcher, "Ndenge nini nzembo 10.127 na nzembo 10.168 ya Rigveda ekokani?")
    assert {"10.127", "10.168"} <= _hymns(cited(result))
    assert "RV 10.168 comes 41 hymns after RV 10.127" in result.answer


# -- 3. epithets and offices named in English ----------------------------------------------------------------
def test_every_row_of_the_lexicon_finds_its_verses(searcher: Searcher) -> None:
    for row in epithets.entries():
        found = epithets.verses_with(searcher.index, row["pattern"])
        assert found, row["id"]


def test_an_epithet_named_in_english_cites_the_verses_of_its_sanskrit(searcher: Searcher) -> None:
    result = ask(searcher, "Which verses give Agni the title 'knower of beings', and why?")
    assert result.answer.startswith("The RigVeda uses jātavedas")
    refs = [r for r in cited(result)]
    assert refs and all(re.search(r"jataveda", epithets._plain(searcher.index.by_ref(r).roman)) for r in refs[:3])


def test_a_sanskrit_office_alone_is_read_only_when_asked_where() -> None:
    assert epithets.find("Where do the hymns name the adhvaryu?")["id"] == "adhvaryu"
    assert epithets.find("adhvaryu") is None


# -- 4. joint hymns past the anusvāra; "a hymn to X and Y" is no passage of X --------------------------------
def test_the_anusvara_is_read_as_the_nasal_it_stands_for() -> None:
    assert joint_deity._fold("iṃdrāvaruṇā") == "indravaruna"
    assert joint_deity._fold("saṃvatsara") == "samvatsara"


def test_a_hymn_to_two_gods_is_not_the_first_gods_passage() -> None:
    assert not find_named("Was any hymn to Soma and Pushan sung as one?")
    assert find_named("a hymn to Soma")


def test_verses_named_or_a_god_beside_other_words_are_left_as_read() -> None:
    assert names_numbers.compose(["Rigveda"], ["2.33.4", "7.46.3"], []) == ""  # two verses: their wording
    assert names_numbers.compose(["Indra", "Vala"], [], [], joint=False) == ""
