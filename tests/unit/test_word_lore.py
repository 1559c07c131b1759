"""Word lore — other words for a thing, a word's opposite or root, Griffith's old English words — is answered from
the word-lore table: the first sentence names the words asked for, each with a verse whose padapāṭha really holds
it, in the languages readers ask in; questions other readers answer (a word's meaning, a translation, a group, a
list of rivers) are left to them. Real index, no model."""
from __future__ import annotations

import re
from typing import Any, Dict

import pytest

from pyapp.reading import word_lore
from reader_turns import ask, cited


@pytest.fixture(scope="module")
def searcher(keyword_searcher: Any) -> Any:
    return keyword_searcher


def _forms() -> Dict[str, str]:
    """Every Sanskrit word of the table → its padapāṭha pattern."""
    topics, opposites, roots, _ = word_lore.table()
    out = {w.word: w.forms for t in topics for w in t.words}
    out.update({side.word: side.forms for p in opposites for side in (p.word, p.opposite)})
    out.update({r.word: r.forms for r in roots})
    return out


def _holds(searcher: Any, ref: str, forms: str) -> bool:
    return word_lore.padapatha_has(searcher.padapatha.line(ref) or "", re.compile(forms))


@pytest.mark.parametrize("question,opening,excluded", [
    ("list some rigvedic terms for the earth other than bhumi", "The RigVeda's words for the earth besides *bhūmi*", "bhūmi"),
    ("¿qué otras palabras usa el rigveda para la noche, además de rātrī?", "The RigVeda's words for night besides *rātrī*", "rātrī"),
    ("Welche Wörter für Gold kennt der Rigveda außer hiranya?", "The RigVeda's words for gold besides *hiraṇya*", "hiraṇya"),
    ("quels sont les synonymes de cheval dans le rig-véda ?", "The RigVeda's words for horse include *aśva*", ""),
    ("ऋग्वेद में नदी के लिए और कौन से शब्द आते हैं?", "The RigVeda's words for river", ""),
    ("sinonimi di 'forza' negli inni vedici, oltre a ojas?", "The RigVeda's words for strength or might besides *ojas*", "ojas"),
])
def test_other_words_open_the_answer_each_with_a_verse_that_uses_it(searcher: Any, question: str, opening: str,
                                                                     excluded: str) -> None:
    result = ask(searcher, question)
    first = result.answer.split(". ")[0]
    assert result.answer.startswith(opening), result.answer[:300]
    pairs = re.findall(r"\*([^*]+)\*, “[^”]*” \[RV (\d+\.\d+\.\d+)\]", first)
    assert len(pairs) >= 3, first
    forms = _forms()
    for word, ref in pairs:
        assert word != excluded, first
        assert _holds(searcher, ref, forms[word]), (word, ref)
    assert cited(result)


@pytest.mark.parametrize("question,asked,other", [
    ("in the hymns, what word is the opposite of satya?", "satya", "anṛta"),
    ("qual è il contrario di jyotis nel rigveda?", "jyotis", "tamas"),
    ("какой антоним у слова amrita в Ригведе?", "amṛta", "martya"),
    ("what's the opposite of anrita?", "anṛta", "ṛta"),
])
def test_the_opposite_is_named_first_with_a_verse(searcher: Any, question: str, asked: str, other: str) -> None:
    result = ask(searcher, question)
    assert result.answer.startswith(f"The opposite of *{asked}*"), result.answer[:300]
    found = re.search(r"is \*([^*]+)\*, “[^”]*” \[RV (\d+\.\d+\.\d+)\]", result.answer)
    assert found and found.group(1) == other, result.answer[:300]
    assert _holds(searcher, found.group(2), _forms()[other])


@pytest.mark.parametrize("question,word,root", [
    ("which root does the word soma come from?", "Soma", "su"),
    ("quelle est la racine du mot stoma ?", "Stoma", "stu"),
    ("Aus welcher Wurzel stammt mantra?", "Mantra", "man"),
    ("'हवि' शब्द की धातु क्या है?", "Havis", "hu"),
])
def test_the_root_is_named_first_with_a_verse_of_the_word(searcher: Any, question: str, word: str, root: str) -> None:
    result = ask(searcher, question)
    assert result.answer.startswith(f"*{word}* comes from the root *{root}*"), result.answer[:300]
    ref = re.search(r"\[RV (\d+\.\d+\.\d+)\]", result.answer).group(1)
    assert _holds(searcher, ref, _forms()[word.lower()])


@pytest.mark.parametrize("question,word,meaning", [
    ("in Griffith, what does 'thrall' mean?", "thrall", "a slave"),
    ("o que significa 'weal' na tradução de Griffith?", "weal", "welfare"),
    ("Griffith writes 'sire' a lot - what is a sire?", "sire", "father"),
])
def test_griffiths_old_word_is_explained_and_quoted(searcher: Any, question: str, word: str, meaning: str) -> None:
    result = ask(searcher, question)
    assert result.answer.startswith(f"In Griffith's translation, “{word}” means {meaning}"), result.answer[:300]
    ref = re.search(r"RV (\d+\.\d+\.\d+): “", result.answer).group(1)
    assert re.search(rf"\b{word}", searcher.index.by_ref(ref).translation, re.I)


@pytest.mark.parametrize("question", [
    "what does purandara mean?",
    "what is the sanskrit word for water?",
    "who are the Vasus?",
    "name the rivers of the rigveda",
    "what did Indra drink besides soma?",
    "what does the rigveda say about horses?",
    "what is the root cause of suffering according to the vedas?",
    "which verse of the hymn to the waters names the sea?",
    "is there a car in RV 1.35.4?",
    "what does the word yajna mean in 1.1.1?",
])
def test_questions_other_readers_answer_are_left_to_them(question: str) -> None:
    assert not word_lore.asks(question)


def test_every_word_of_the_table_is_used_in_its_cited_verses(searcher: Any) -> None:
    topics, opposites, roots, archaic = word_lore.table()
    assert len(topics) >= 15 and len(opposites) >= 12 and len(roots) >= 30 and len(archaic) >= 20
    words = [w for t in topics for w in t.words] + [s for p in opposites for s in (p.word, p.opposite)]
    for word in words:
        assert word.refs, word.word
        assert all(_holds(searcher, r, word.forms) for r in word.refs), word.word
    for pair in opposites:
        assert all(_holds(searcher, r, pair.word.forms) and _holds(searcher, r, pair.opposite.forms)
                   for r in pair.together), pair.word.word
    for row in roots:
        assert row.refs and all(_holds(searcher, r, row.forms) for r in row.refs), row.word
        assert all(_holds(searcher, r, row.root_forms) for r in row.root_refs), row.word
    translations = [v.translation or "" for v in searcher.index.verses]
    for row in archaic:
        assert any(re.search(row.pattern, t) for t in translations), row.word


def test_a_word_the_reader_asks_about_stays_in_and_only_the_known_one_is_left_out(searcher: Any) -> None:
    result = ask(searcher, "terms for night other than ratri, and is kshapa one of them?")
    first = result.answer.split(". ")[0]
    assert first.startswith("The RigVeda's words for night besides *rātrī* include"), first
    assert "*kṣapā*" in first, first
