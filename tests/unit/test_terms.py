"""The Sanskrit ↔ English term lexicon: build (``corpus_build/terms.py``) and run time (``pyapp/search/terms.py``).

The build test uses a tiny invented corpus (no corpus text); the others read the built index
(``terms.json`` + the BM25 fields) through the shared ``index_dir`` fixture.
"""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import List, Tuple

import numpy as np
import pytest

from corpus_build.terms import CLASSES, Curated, build_terms, derive_lexicon
from pyapp.search.terms import TERMS_FILE, TermLexicon, term_query_scores
from pyapp.search.text import TextIndex
from pyapp.search.translit import sanskrit_words


@pytest.fixture(scope="module")
def lexicon(index_dir: Path) -> TermLexicon:
    lex = TermLexicon.load(str(index_dir))
    assert len(lex) > 80, "terms.json missing or empty: the `terms` build step did not run"
    return lex


@pytest.fixture(scope="module")
def text_index(index_dir: Path) -> TextIndex:
    return TextIndex.load(str(index_dir))


def only_key(lexicon: TermLexicon, question: str) -> str:
    hits = lexicon.find_terms(question)
    assert len(hits) == 1, (question, [h.key for h in hits])
    return hits[0].key


# ---- recognising a term, however it is typed ----------------------------------------------------

@pytest.mark.parametrize("question", [
    "What does the word ṛta mean?",  # IAST
    "what is rta",  # plain ASCII
    "what is rita in the hymns?",  # "Indian English" ASCII
    "What is Rta?",  # Harvard-Kyoto
    "Explain R^ita",  # ITRANS
    "what does .rta mean",  # Velthuis
    "ऋत का अर्थ",  # Devanagari (अर्थ is another word; ṛta comes first)
    "Who follows ṛtasya?",  # an inflected form
    "the meaning of r̥ta",  # Griffith's ring below
])
def test_rta_spellings_share_one_key(lexicon: TermLexicon, question: str) -> None:
    assert lexicon.find_terms(question)[0].key == "rita"


@pytest.mark.parametrize("question", ["yajña", "what is yajna", "a yagna", "yajJa (HK)", "ITRANS yaj~na", "यज्ञ"])
def test_yajna_spellings(lexicon: TermLexicon, question: str) -> None:
    assert lexicon.find_terms(question)[0].key == "yajna"


def test_rta_has_inflected_forms_in_the_index_and_griffith_renderings(lexicon: TermLexicon, text_index: TextIndex) -> None:
    hit = lexicon.find_terms("What does the word ṛta mean?")[0]
    assert hit.display == "ṛta" and hit.curated and "order" in hit.gloss
    forms = set(hit.sa_terms)
    assert len(forms & {"ritasya", "ritam", "ritena", "ritaya", "rite", "ritava"}) >= 4, hit.sa_terms
    assert all(form in text_index.sa.ids for form in hit.sa_terms)  # index terms, not guesses
    renderings = [r.lower() for r in hit.renderings]
    assert "law" in renderings or "order" in renderings, hit.renderings
    assert hit.en_terms and all(t in text_index.en.ids for t in hit.en_terms)
    assert hit.en_weights[0] == 1.0 and len(hit.en_weights) == len(hit.en_terms)


def test_renderings_come_from_the_data(lexicon: TermLexicon) -> None:
    def renderings(question: str) -> List[str]:
        return [r.lower() for r in lexicon.find_terms(question)[0].renderings]

    assert "sacrifice" in renderings("yajna")
    assert "truth" in renderings("satya")
    assert "fervour" in renderings("tapas")
    assert "immortal" in renderings("amṛta")
    assert {"envoy", "messenger"} <= set(renderings("dūta"))
    assert "priest" in renderings("hotṛ")
    assert "prayer" in renderings("brahman")
    assert set(renderings("dharman")) & {"ordinance", "statutes", "decree"}


def test_english_to_sanskrit(lexicon: TermLexicon) -> None:
    assert lexicon.english_to_sanskrit("truth")[0].key == "satya"
    assert lexicon.english_to_sanskrit("Sacrifice")[0].key == "yajna"
    assert lexicon.english_to_sanskrit("law")[0].key == "rita"
    assert lexicon.english_to_sanskrit("the")[:1] == [] and lexicon.english_to_sanskrit("") == []


@pytest.mark.parametrize("question", [
    "What is the role of fire in the sacrifice?",
    "Is man mortal according to the hymns?",
    "Who sat on the sacred grass?",
    "What did the seers say about the mind?",
    "Is there data about the names of rivers?",
    "How are horses and water described?",
    "Which star is the brightest, and is the sun wise?",
    "Who is Indra?",  # a name: the text index's name handling covers it
])
def test_plain_english_has_no_terms(lexicon: TermLexicon, question: str) -> None:
    assert lexicon.find_terms(question) == []


def test_english_lookalikes_count_when_marked(lexicon: TermLexicon) -> None:
    assert only_key(lexicon, "Explain the Sanskrit word sat") == "sat"
    assert only_key(lexicon, "What does 'sat' mean?") == "sat"
    assert [h.key for h in lexicon.find_terms("What is the difference between sat and asat?")] == ["sat", "asat"]
    assert lexicon.find_terms("Who is Indra?", names=True)[0].key == "indra"


def test_several_terms_in_order_once_each(lexicon: TermLexicon) -> None:
    hits = lexicon.find_terms("How do rita and satya relate, and is ṛtasya the same ṛta?")
    assert [h.key for h in hits] == ["rita", "satya"]
    assert hits[0].matched == "rita"


# ---- scoring ------------------------------------------------------------------------------------

def test_term_query_scores_rank_verses_with_the_term(lexicon: TermLexicon, text_index: TextIndex, index_dir: Path) -> None:
    from pyapp.index import RigvedaIndex

    verses = RigvedaIndex.load(str(index_dir)).verses
    hits = lexicon.find_terms("What does the word ṛta mean?")
    scores = term_query_scores(text_index, hits)
    assert scores.shape == (text_index.n_docs,) and scores.dtype == np.float64
    assert (scores >= 0).all() and 100 < int((scores > 0).sum()) < text_index.n_docs
    forms = set(hits[0].sa_terms)
    for doc in np.argsort(-scores, kind="stable")[:10]:
        assert forms & set(sanskrit_words(verses[int(doc)].roman)), verses[int(doc)].ref
    assert not term_query_scores(text_index, []).any()


# ---- loading --------------------------------------------------------------------------------------

def test_missing_or_broken_file_gives_an_empty_lexicon(tmp_path: Path) -> None:
    empty = TermLexicon.load(str(tmp_path))
    assert len(empty) == 0 and empty.find_terms("What is ṛta?") == [] and empty.english_to_sanskrit("truth") == []
    (tmp_path / TERMS_FILE).write_text("{not json", encoding="utf-8")
    assert len(TermLexicon.load(str(tmp_path))) == 0
    (tmp_path / TERMS_FILE).write_text(json.dumps({"format": 999, "terms": [{"k": "rita"}]}), encoding="utf-8")
    assert len(TermLexicon.load(str(tmp_path))) == 0
    assert len(TermLexicon.empty()) == 0


def test_terms_json_is_in_the_manifest(index_dir: Path) -> None:
    manifest = json.loads((index_dir / "manifest.json").read_text(encoding="utf-8"))
    entry = manifest["files"][TERMS_FILE]
    assert entry["step"] == "terms" and entry["bytes"] == (index_dir / TERMS_FILE).stat().st_size
    assert entry["bytes"] < 400_000  # the index grows by a few hundred KB at most


# ---- the build, on an invented corpus ------------------------------------------------------------

def tiny_corpus() -> List[Tuple[str, str]]:
    """Invented Sanskrit-looking words aligned with English ones: kalpa ~ rule, vana ~ forest."""
    pairs: List[Tuple[str, str]] = []
    kalpa = ["kalpam", "kalpasya", "kalpena", "kalpe", "kalpaih"]
    vana = ["vanam", "vanasya", "vanena", "vane", "vanani"]
    filler = ["pusti", "jiva", "tvisi", "bhuma"]
    times = ["dawn", "noon", "night"]
    for i in range(12):
        verb = ["keeps", "follows", "honours", "teaches"][i % 4]
        animals = ["Birds sing", "Deer run", "Wolves hide", "Bees hum"][i % 4]
        pairs.append((f"{kalpa[i % 5]} {filler[i % 4]} ||", f"He {verb} the rule at {times[i % 3]}."))
        pairs.append((f"{vana[i % 5]} {filler[(i + 1) % 4]} ||", f"{animals} in the forest at {times[(i + 1) % 3]}."))
    for i in range(16):
        pairs.append((f"{filler[i % 4]} {filler[(i + 2) % 4]} ||", f"Rivers flow to the sea at {times[i % 3]}."))
    return pairs


def test_derive_lexicon_on_a_tiny_corpus(tmp_path: Path) -> None:
    curated = (Curated("kalpa", "rule, ordinance (our words)", "kalp:a", "kalpah"),)
    lexicon = derive_lexicon(tiny_corpus(), curated=curated, auto_min_verses=5)
    assert lexicon == derive_lexicon(tiny_corpus(), curated=curated, auto_min_verses=5)  # deterministic
    rows = {row["k"]: row for row in lexicon["terms"]}
    kalpa = rows["kalpa"]
    assert kalpa["c"] == 1 and kalpa["d"] == "kalpa" and kalpa["g"].startswith("rule")
    assert set(kalpa["f"]) == {"kalpam", "kalpasya", "kalpena", "kalpe", "kalpai"}  # "kalpaiḥ" folds to kalpai
    assert kalpa["r"][0][:2] == ["rule", "rule"] and kalpa["v"] == 12
    vana = rows["vana"]  # found without being listed: an a-stem family and its rendering
    assert "c" not in vana and vana["r"][0][0] == "forest" and len(vana["f"]) == 5
    assert all(r[0] not in ("dawn", "night", "rivers") for r in kalpa["r"] + vana["r"])  # everywhere: no rendering

    (tmp_path / TERMS_FILE).write_bytes(json.dumps(lexicon).encode("utf-8"))
    loaded = TermLexicon.load(str(tmp_path))
    assert only_key(loaded, "What is kalpasya?") == "kalpa"
    assert only_key(loaded, "the word kalpebhyas") == "kalpa"  # an unseen ending, marked input
    assert [h.key for h in loaded.english_to_sanskrit("forests")] == ["vana"]


def test_build_terms_writes_terms_json(tmp_path: Path) -> None:
    records = [SimpleNamespace(roman_plain=sa, translation=en) for sa, en in tiny_corpus()]
    written = build_terms(records, tmp_path, lambda label, done, total: None)
    assert list(written) == [TERMS_FILE]
    import hashlib

    data = (tmp_path / TERMS_FILE).read_bytes()
    assert hashlib.sha256(data).hexdigest() == written[TERMS_FILE]
    assert json.loads(data)["format"] == 1
    assert build_terms(records, tmp_path, lambda *a: None) == written  # same input, same bytes


def test_declension_classes_are_consistent() -> None:
    for name, (lemma, endings) in CLASSES.items():
        assert len(set(endings)) == len(endings), name
        assert all(e.isalpha() and e.islower() for e in endings), name


# ---- renderings that are not artefacts (issue 20) -------------------------------------------------

def test_a_refrain_verse_counts_once() -> None:
    """A verse repeated word for word (a refrain) must not make its words renderings of every term in
    it: "kalpam" stands in 20 copies of one refrain verse next to "let not fortune fail us"."""
    refrain = ("kalpam dhag bhago ||", "Give to thy praisers: let not fortune fail us.")
    curated = (Curated("kalpa", "rule, ordinance (our words)", "kalp:a", "kalpah"),)
    lexicon = derive_lexicon(tiny_corpus() + [refrain] * 20, curated=curated, auto_min_verses=5)
    kalpa = {row["k"]: row for row in lexicon["terms"]}["kalpa"]
    shown = [r[0] for r in kalpa["r"]]
    assert shown[0] == "rule" and not {"fortune", "fail", "fortune fail", "praisers"} & set(shown), shown


@pytest.fixture(scope="module")
def griffith():
    """The corpus read as the build reads it (verses as term sets, Griffith's word uses)."""
    from corpus_build.corpus import CorpusError, load_corpus
    from corpus_build.terms import read_corpus

    try:
        records = load_corpus()
    except (CorpusError, OSError) as exc:
        pytest.skip(f"no corpus: {exc}")
    return read_corpus((r.roman_plain, r.translation or "") for r in records)


def test_every_two_word_rendering_names_a_thing(lexicon: TermLexicon, griffith) -> None:
    """Over all terms: no function word ("whose Friend", "wait upon") and no verb ("fortune fail",
    "Pavamâna flowed") inside a two-word rendering."""
    from corpus_build.terms import PHRASE_FUNCTION_WORDS

    bad = []
    for term in lexicon.terms:
        for text, _, _ in term.renderings:
            words = text.lower().split()
            if len(words) > 1 and (set(words) & PHRASE_FUNCTION_WORDS or any(griffith.verbal(w) for w in words)):
                bad.append((term.display, text))
    assert not bad, bad[:10]


def test_every_rendering_meets_its_term_in_three_different_verses(lexicon: TermLexicon, griffith) -> None:
    """A rendering is kept only where term and word meet in at least MIN_JOINT verses that are not
    copies of one another (so a refrain cannot make one)."""
    from corpus_build.terms import MIN_JOINT

    where: dict = {}
    for doc, verse in enumerate(griffith.verses):
        if not verse.repeat:
            for key in verse.sa:
                where.setdefault(key, []).append(doc)
    bad = []
    for term in lexicon.terms:
        docs = {d for form in term.forms for d in where.get(form, [])}
        for text, stems, _ in term.renderings:
            met = sum(1 for d in docs if (stems in griffith.verses[d].pairs if " " in stems else stems in griffith.verses[d].en))
            if met < MIN_JOINT:
                bad.append((term.display, text, met))
    assert not bad, bad[:10]


# ---- a hymn word the lexicon lacks, typed as an English plural or a bare stem ------------------------

_HYMN_FORMS = ("dhrajimatesu", "sarnavatinam", "kalmalena", "kalmalva")


def _forms(key: str) -> List[str]:
    return [f for f in _HYMN_FORMS if f.startswith(key) and len(f) - len(key) <= 4]


def test_english_plural_and_bare_stem_of_a_hymn_word(index_dir: Path) -> None:
    lex = TermLexicon.load(str(index_dir)).attach_corpus(_forms)
    hits = lex.find_terms("Which verse names the Dhrajimatas?")
    assert [h.sa_terms for h in hits] == [["dhrajimatesu"]]  # plural off, then the stem's final vowel
    assert hits[0].from_corpus and hits[0].matched == "Dhrajimatas"


def test_a_stem_cut_at_its_vowel_takes_only_endings_not_longer_words(index_dir: Path) -> None:
    lex = TermLexicon.load(str(index_dir)).attach_corpus(_forms)
    hits = lex.find_terms("were the Sarnavatis a people, or Sarnavati a place?")
    assert len(hits) == 1  # two spellings of one word make one term
    assert hits[0].sa_terms == ["sarnavatinam"]
    assert [h.sa_terms for h in lex.find_terms("who were the Kalmalis?")] == [["kalmalena"]]  # not kalmal-va
