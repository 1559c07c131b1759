"""Named passages: the names readers type find the passage they mean, and nothing else.

What a user sees: "Purusha Sukta", "purusasukta", "the Purusha hymn" and "पुरुष सूक्त" all bring up
10.90; "night", "What is Soma?" and "Who is Manyu?" bring up no named passage (ordinary search
answers those). The data file is checked against the corpus: every ref exists, and the best-known
entries point at hymns whose addressee fits the name.
"""
from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Dict, List

import pytest
from pydantic import ValidationError

from corpus_build.corpus import default_corpus_location
from pyapp.reading.named import (
    NamedMatch, NamedPassage, build_table, find_named, get_named, named_passages, passage_refs,
)
from pyapp.search.translit import fold_sanskrit

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(default_corpus_location())
HYMNS = CORPUS.with_name("hymns.jsonl")


def ids(question: str) -> List[str]:
    return [m.passage.id for m in find_named(question)]


# --- what users type -----------------------------------------------------------------------------

@pytest.mark.parametrize("question, expected", [
    # one hymn, every way of writing its name
    ("What does the Nasadiya Sukta say?", "nasadiya"),
    ("Nāsadīya sūktam", "nasadiya"),
    ("nasadiy sukta", "nasadiya"),
    ("NASADIYA", "nasadiya"),
    ("Explain the Hymn of Creation", "nasadiya"),
    ("नासदीय सूक्त", "nasadiya"),
    ("Purusha Sukta", "purusha"),
    ("purusasukta", "purusha"),
    ("Puruṣa-sūktam", "purusha"),
    ("the Purusha hymn", "purusha"),
    ("the sukta of Purusha", "purusha"),
    ("Purush sukta", "purusha"),
    ("In the Purusha hymn, what is said about the Shudras?", "purusha"),
    ("पुरुष सूक्त", "purusha"),
    ("Hiranyagarbha", "hiranyagarbha"),
    ("Hiranya garbha sukta", "hiranyagarbha"),
    ("Who is the unknown god?", "hiranyagarbha"),
    ("Gayatri mantra", "gayatri"),
    ("gāyatrī mantram", "gayatri"),
    ("the Savitri mantra", "gayatri"),
    ("gayatrimantra", "gayatri"),
    ("tat savitur varenyam", "gayatri"),
    ("the gambler's lament", "aksha"),
    ("gamblers lament", "aksha"),
    ("Aksha sukta", "aksha"),
    ("hymn of the gambler", "aksha"),
    ("frog hymn", "manduka"),
    ("the hymn to the frogs", "manduka"),
    ("Manduka sukta", "manduka"),
    ("Devi Sukta", "vak"),
    ("Vak suktam", "vak"),
    ("hymn to speech", "vak"),
    ("Nadistuti", "nadistuti"),
    ("nadi stuti sukta", "nadistuti"),
    ("hymn in praise of the rivers", "nadistuti"),
    ("Aghamarshana", "aghamarshana"),
    ("aghamarṣaṇa sūkta", "aghamarshana"),
    ("Samjnana sukta", "samjnana"),
    ("sanjnana", "samjnana"),
    ("saṃ gacchadhvaṃ saṃ vadadhvam", "samjnana"),
    ("sangachhadhvam", "samjnana"),
    ("the last hymn of the Rig Veda", "samjnana"),
    ("Shraddha sukta", "shraddha"),
    ("Śraddhā sūkta", "shraddha"),
    ("hymn to faith", "shraddha"),
    ("Tell me about Vena", "vena"),
    ("Jnana sukta", "jnana"),
    ("Keshin", "keshin"),
    ("Keśī sūkta", "keshin"),
    ("the long-haired sage", "keshin"),
    ("Apri hymns", "apri"),
    ("Āprī sūktas", "apri"),
    ("Pitr sukta", "pitri"),
    ("pitru sukta", "pitri"),
    ("funeral hymns", "funeral"),
    ("wedding hymn", "vivaha"),
    ("Vivaha sukta", "vivaha"),
    ("Surya's wedding", "vivaha"),
    ("Suryas wedding hymn", "vivaha"),
    ("Ratri sukta", "ratri"),
    ("Raatri suktam", "ratri"),
    ("hymn to night", "ratri"),
    ("the Night hymn", "ratri"),
    ("Aranyani", "aranyani"),
    ("hymn to the forest", "aranyani"),
    ("Manyu sukta", "manyu"),
    ("hymn to wrath", "manyu"),
    ("Dakshina sukta", "dakshina"),
    ("Annastuti", "annastuti"),
    ("Yama and Yami", "yama_yami"),
    ("Yama–Yamī saṃvāda", "yama_yami"),
    ("the dialogue of Yama and Yami", "yama_yami"),
    ("Pururavas and Urvashi", "pururavas_urvashi"),
    ("Sarama and the Panis", "sarama_panis"),
    ("Indra and Vritra", "indra_vritra"),
    ("Vṛtra hymn", "indra_vritra"),
    ("Indra's deeds", "indra_vritra"),
    ("yo jata eva", "sa_janasa_indra"),
    ("agnim ile purohitam", "agnim_ile"),
    ("What is the first hymn of the RigVeda about?", "agnim_ile"),
    ("Mahamrityunjaya mantra", "mahamrityunjaya"),
    ("mahāmṛtyuñjaya", "mahamrityunjaya"),
    ("tryambakam yajamahe", "mahamrityunjaya"),
    ("Bhadra sukta", "bhadra"),
    ("Asya vamasya", "asya_vamasya"),
    ("the riddle hymn", "asya_vamasya"),
    ("the two birds", "two_birds"),
    ("dva suparna", "two_birds"),
    ("ekam sat vipra bahudha vadanti", "ekam_sat"),
    ("Vishnu's three strides", "vishnu_strides"),
    ("idam vishnur vi chakrame", "vishnu_strides"),
    ("tad vishnoh paramam padam", "tad_vishnoh"),
    ("horse sacrifice hymns", "ashvamedha"),
    ("Ashvamedha", "ashvamedha"),
    ("Oshadhi sukta", "oshadhi"),
    ("Rakshoghna sukta", "rakshoghna"),
    ("Surya sukta", "surya"),
    ("hymn to the sun", "surya"),
    ("hymn to dawn", "ushas"),
    ("Ushas sukta", "ushas"),
    ("Vishwakarma", "vishvakarman"),
    ("Prithvi sukta", "prithivi"),
    ("Dyavaprithivi", "dyavaprithivi"),
    ("Parjanya sukta", "parjanya"),
    ("Vata sukta", "vata"),
    ("Lopamudra", "agastya_lopamudra"),
    ("Vrishakapi", "vrishakapi"),
    ("Apam Napat hymn", "apam_napat"),
    ("Krishi sukta", "kshetrapati"),
    ("danastutis", "danastuti"),
    ("dana stuti", "danastuti"),
    ("Sapatnibadhana", "sapatnibadhana"),
    ("Battle of the Ten Kings", "dasharajna"),
    ("Dasarajna", "dasharajna"),
    ("Ribhu hymns", "ribhu"),
    ("Soma Pavamana", "pavamana"),
    ("What do the Soma hymns say?", "pavamana"),
    ("Dadhikra hymns", "dadhikra"),
    ("Sarasvati sukta", "sarasvati"),
    ("Rudra sukta", "rudra"),
    ("Marut hymns", "maruts"),
    ("Varuna's penitential hymns", "varuna_penitential"),
    ("Vasishtha's Varuna hymns", "varuna_penitential"),
    ("Varuna sukta", "varuna_sukta"),
    ("Mitra sukta", "mitra"),
    ("Mitra-Varuna hymns", "mitra_varuna"),
    ("hymn to Savitar", "savitr"),
    ("Savitri sukta", "savitr"),
    ("we have drunk soma", "apama_somam"),
    ("Ghrita sukta", "ghrita"),
    ("catvari shringa", "catvari_shringa"),
    ("Vala myth", "vala"),
    ("apo hi stha", "apo_hi_stha"),
    ("madhu vata ritayate", "madhu_vata"),
    ("ganapati mantra", "ganapati"),
    ("Trita in the well", "trita_well"),
    ("Valakhilya hymns", "valakhilya"),
    ("Laba sukta", "laba"),
    ("Patanga sukta", "patanga"),
    ("Sarparajni", "sarparajni"),
])
def test_a_name_however_it_is_typed_finds_its_passage(question: str, expected: str) -> None:
    found = ids(question)
    assert found and found[0] == expected, f"{question!r} → {found}"


@pytest.mark.parametrize("question", [
    # common words and gods' names alone are not titles
    "night", "Ratri", "What is Soma?", "Soma", "Agni", "Who is Agni?", "hymn to Agni", "Agni sukta",
    "Who is Manyu?", "manyu", "Shraddha", "faith", "Dawn", "Who is Surya?", "Earth", "heaven and earth",
    "wind", "Vata", "Parjanya", "Rudra", "Maruts", "Sarasvati", "Dadhikra", "Sudas", "Ribhus", "Sarama",
    "Who is Urvashi?", "Patanga", "Gāyatrī", "What is the gayatri meter?", "Which verses are in gayatri?",
    "Who is Ganapati?", "dakshina", "creation", "frogs", "the gambler", "two", "Indra",
    # topics, positions and references are for other parts of the search
    "Which hymns are about creation?", "Is there a hymn about the frogs?", "hymns on death",
    "first hymn of mandala 7", "RV 3.62.10", "10.129", "How did Indra kill Vritra?",
    "Which hymn to Agni talks about night?", "Which hymns go to Indra?", "", "   ",
])
def test_near_misses_find_no_named_passage(question: str) -> None:
    assert find_named(question) == []


def test_every_name_in_the_data_finds_its_own_passage_alone_and_in_a_sentence() -> None:
    for passage in named_passages():
        for name in passage.names:
            assert ids(name) == [passage.id], f"{name!r} → {ids(name)}"
            in_sentence = ids(f"What does the {name} say about the gods?")
            assert in_sentence[:1] == [passage.id], f"{name!r} in a sentence → {in_sentence}"


def test_the_most_specific_match_comes_first_and_nothing_overlaps_or_repeats() -> None:
    # "Varuṇa hymns" is inside "Vasiṣṭha's Varuṇa hymns": only the longer, penitential group
    assert ids("Vasishtha's Varuna hymns") == ["varuna_penitential"]
    # "Savitri" + a hymn word is the Savitṛ hymns; + a verse word the Gāyatrī
    assert ids("hymn to Savitri") == ["savitr"] and ids("Savitri mantra") == ["gayatri"]
    # two passages in one question: both, longest name first
    assert ids("Compare the Nasadiya and the Hiranyagarbha hymn") == ["hiranyagarbha", "nasadiya"]
    # one passage named twice: once
    assert ids("Nasadiya: is the Nasadiya sukta sceptical?") == ["nasadiya"]
    # the hymn word belongs to the match
    match = find_named("What does the hymn to the frogs say?")[0]
    assert match.text == "hymn to the frogs" and match.matched in match.passage.names


def test_a_match_reports_the_data_name_the_words_and_a_score() -> None:
    match = find_named("Tell me about purusasukta please")[0]
    assert isinstance(match, NamedMatch)
    assert match.matched == "Puruṣa Sūkta" and match.text == "purusasukta" and match.score > 0
    assert match.to_wire()["passage"]["id"] == "purusha"
    assert find_named("the Purusha")[0].matched == "Puruṣa"


# --- refs ----------------------------------------------------------------------------------------

def test_passage_refs_expands_hymn_ranges_and_keeps_verse_refs() -> None:
    assert passage_refs(get_named("funeral")) == ["10.14", "10.15", "10.16", "10.17", "10.18", "10.154"]
    assert passage_refs(get_named("pavamana"))[0] == "9.1" and passage_refs(get_named("pavamana"))[-1] == "9.114"
    assert len(passage_refs(get_named("pavamana"))) == 114
    assert passage_refs(get_named("gayatri")) == ["3.62.10"]
    assert passage_refs(get_named("nasadiya")) == ["10.129"]


def test_refs_must_be_hymns_verses_or_ranges_inside_one_mandala() -> None:
    good = dict(id="x_y", names=["X hymn"], refs=["1.1"], about="A gloss long enough to pass.")
    NamedPassage(**good)
    for bad_ref in ("10", "10.129.1-3", "1.191-2.1", "10.18-10.14", "RV 1.1"):
        with pytest.raises(ValidationError):
            NamedPassage(**{**good, "refs": [bad_ref]})
    with pytest.raises(ValidationError):
        NamedPassage(**good, extra="typo")  # extra fields are an error, not a silent default


# --- the data file -------------------------------------------------------------------------------

def test_the_data_file_has_enough_complete_entries_with_unique_ids() -> None:
    passages = named_passages()
    assert len(passages) >= 80
    assert len({p.id for p in passages}) == len(passages)
    for passage in passages:
        assert passage.names and all(name.strip() for name in passage.names), passage.id
        assert len(passage.about.split()) >= 8, f"{passage.id}: write a real gloss"
        assert passage.about.strip()[-1] in ".)", f"{passage.id}: the gloss should be a sentence"


def test_two_passages_cannot_claim_one_name() -> None:
    def passage(pid: str, name: str) -> NamedPassage:
        return NamedPassage(id=pid, names=[name], refs=["1.1"], about="A gloss long enough to pass.")

    with pytest.raises(ValueError, match="folds like a name"):
        build_table([passage("a", "Nāsadīya"), passage("b", "nasadiya sukta")])
    with pytest.raises(ValueError, match="duplicate id"):
        build_table([passage("a", "Nāsadīya"), passage("a", "Puruṣa")])
    build_table([passage("a", "Sāvitrī mantra"), passage("b", "Savitṛ sūkta")])  # verse vs hymn word: fine


def test_the_data_loads_from_a_zip_like_the_page_imports_it(tmp_path: Path) -> None:
    archive = tmp_path / "pyapp.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in sorted((REPO / "pyapp").rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix == ".py" or path.name == "named_passages.json":
                out.write(path, path.relative_to(REPO).as_posix())
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]); import pyapp.reading.named as n; "
        "assert n.__file__.startswith(sys.argv[1]), n.__file__; "
        "print(n.find_named('Purusha Sukta')[0].passage.id)"
    )
    result = subprocess.run([sys.executable, "-c", script, str(archive)], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "purusha"


# --- against the corpus --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def corpus() -> Dict[str, Dict[str, str]]:
    """ref → {"fit": folded addressee/deity text} for every hymn and verse of the shared corpus."""
    if not CORPUS.is_file():
        pytest.skip(f"corpus not present at {CORPUS} (set $RIGVEDA_CORPUS to check refs against it)")
    refs: Dict[str, Dict[str, str]] = {}
    with CORPUS.open(encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            hymn = f"{record['mandala']}.{record['hymn']}"
            text = " ".join(filter(None, (record.get("deity"), record.get("hymn_addressee"))))
            refs[record["ref"]] = {"fit": text}
            refs.setdefault(hymn, {"fit": ""})
            refs[hymn]["fit"] += " " + text
    if HYMNS.is_file():
        with HYMNS.open(encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                refs.setdefault(record["hymn_ref"], {"fit": ""})["fit"] += " " + record.get("addressee", "")
    return {ref: {"fit": " ".join(fold_sanskrit(w) for w in v["fit"].split())} for ref, v in refs.items()}


def test_every_ref_in_the_data_exists_in_the_corpus(corpus: Dict[str, Dict[str, str]]) -> None:
    missing = [(p.id, ref) for p in named_passages() for ref in passage_refs(p) if ref not in corpus]
    assert not missing, f"refs not in the corpus: {missing}"


FITS = {  # passage id → a word the addressee or Anukramaṇī deity of each of its refs contains
    "nasadiya": "origin", "purusha": "purusa", "hiranyagarbha": "prajapati", "gayatri": "savita",
    "aksha": "gambler", "manduka": "frogs", "vak": "vac", "nadistuti": "rivers", "aghamarshana": "tapas",
    "samjnana": "unison", "shraddha": "faith", "vena": "vena", "jnana": "wisdom", "keshin": "muni",
    "apri": "apri", "pitri": "ancestors", "yama_sukta": "yama", "cremation": "cremation", "mrityu": "burial",
    "vivaha": "wedding", "ratri": "night", "aranyani": "aranyani", "manyu": "manyu", "dakshina": "daksina",
    "annastuti": "food", "yama_yami": "yami", "pururavas_urvashi": "urvasi", "sarama_panis": "sarama",
    "mahamrityunjaya": "rudra", "ashvamedha": "horse", "oshadhi": "plants", "surya": "surya",
    "ushas": "usas", "vishvakarman": "visvakarman", "prithivi": "earth", "dyavaprithivi": "heaven",
    "parjanya": "parjanya", "agastya_lopamudra": "lopamudra", "vrishakapi": "vrisakapi",
    "apam_napat": "napat", "vishvamitra_rivers": "rivers", "ribhu": "ribhus", "dadhikra": "dadhikra",
    "sarasvati": "sarasvati", "rudra": "rudra", "maruts": "maruts", "varuna_penitential": "varuna",
    "mitra": "mitra", "savitr": "savitri", "indra_maruts_agastya": "maruts", "ghrita": "ghee",
    "vishnu_sukta": "visnu", "two_birds": "visve", "apah": "waters", "pushan": "pusan", "gravan": "stones",
    "weapons": "weapons", "lullaby": "lullaby", "king": "king", "patanga": "patanga", "yakshma": "emaciation",
}


@pytest.mark.parametrize("passage_id, word", sorted(FITS.items()))
def test_well_known_entries_point_at_hymns_that_fit_their_name(
    corpus: Dict[str, Dict[str, str]], passage_id: str, word: str,
) -> None:
    passage = get_named(passage_id)
    assert passage is not None
    for ref in passage_refs(passage):
        fit = corpus[ref]["fit"]
        assert fold_sanskrit(word) in fit, f"{passage_id}: {ref} is addressed to {fit[:80]!r}"


@pytest.mark.parametrize("question, expected", [
    ("Tell me about Indra's battle against Vṛtra", "indra_vritra"),
    ("Vritra vs Indra, what happened?", "indra_vritra"),
    ("Summarise Purūravas's conversation with Urvaśī", "pururavas_urvashi"),
    ("the quarrel between the Paṇis and Saramā", "sarama_panis"),
])
def test_a_pair_told_as_a_story_finds_the_pair_s_passage(question: str, expected: str) -> None:
    assert [m.passage.id for m in find_named(question)][:1] == [expected]


@pytest.mark.parametrize("question", [
    "How did Indra slay Vṛtra?",  # a verb between them asks about the deed: the direct answer, not the hymn's gloss
    "Indra with the Maruts",  # not a pair the table names
    "Is Indra older than Vṛtra?",
])
def test_a_pair_linked_by_a_verb_or_by_nothing_the_table_names_is_no_passage(question: str) -> None:
    assert "indra_vritra" not in [m.passage.id for m in find_named(question)]
    assert len(find_named(question)) == 0
