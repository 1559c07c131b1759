"""Each agent's deterministic behaviour (what the extractive engine shows a reader)."""
from __future__ import annotations

import asyncio
import json

import pytest

from pyapp.agents import analyzer, classifier, critic, evaluator, generator, translator, validator
from pyapp.agents.history import HistoryTurn, parse_history
from pyapp.agents.llm import LLMContext
from pyapp.citations import check_citations, find_citations
from pyapp.engines import ScriptedEngine
from pyapp.lexicon import Lexicon

from test_orchestrator_support import FIRE, JUNK, verse

LEX = Lexicon()  # curated names only; the index adds the corpus's own


def _classify(question: str, history=None) -> classifier.ClassifierOutput:
    return classifier.classify_deterministic(
        classifier.ClassifierInput(user_query=question, history=history or []), LEX)


@pytest.mark.parametrize("question", [
    "What is the capital of France?",
    "How do Python decorators work?",
    "What does the Quran say about charity?",
    "What does the Bible teach about forgiveness?",
    "Give me a recipe for banana bread.",
    "Who won the last football world cup?",
    "Write me a limerick about a cat.",
    "What do the Upanishads say about the self?",
    "What changed in Python 3.12.1?",
    "",
])
def test_off_topic_questions_are_rejected(question: str) -> None:
    assert _classify(question).is_about_rig_veda is False


@pytest.mark.parametrize("question", [
    "What does the Nasadiya hymn say about creation?",
    "Who are the Maruts?",
    "Tell me about Ushas and the dawn",
    "What do the hymns say about the horse sacrifice?",
    "RV 10.129.3",
    "book 10 hymn 90",
    "अग्निमीळे पुरोहितं",
    "ṛtám bṛhát",
    "What is rta in the Rigveda?",
    "How did Indra slay Vritra?",
    "Compare Indra with Zeus",
])
def test_rigveda_questions_are_accepted(question: str) -> None:
    out = _classify(question)
    assert out.is_about_rig_veda is True, out.reason
    assert out.reason


def test_reference_is_flagged_and_confident() -> None:
    out = _classify("Show me RV 1.164.46")
    assert out.is_reference and out.confidence == 1.0


def test_follow_up_rewritten_from_the_previous_subject() -> None:
    history = [HistoryTurn(question="Who is Rudra?", answer="Rudra heals [RV 2.33.4].", citations=["2.33.4"])]
    out = _classify("Why do they ask him for remedies?", history)
    assert out.is_follow_up and out.is_about_rig_veda and "Rudra" in out.rewritten_query
    assert _classify("Tell me more", history).rewritten_query.endswith("about Rudra?")
    # a fresh question with its own subject is not a follow-up
    assert not _classify("Who is Varuna and what does he guard?", history).is_follow_up
    # and a follow-up that turns to another scripture is still off-topic
    assert not _classify("And what does the Bible say about it?", history).is_about_rig_veda


def test_history_accepts_turn_results_and_chat_messages() -> None:
    turns = parse_history([{"question": "Who is Agni?", "answer": "fire", "standaloneQuestion": "Who is Agni?"},
                           {"role": "user", "content": "Who is Soma?"}, {"role": "assistant", "content": "a drink"},
                           "garbage", {"role": "assistant", "content": "orphan"}])
    assert [t.question for t in turns] == ["Who is Agni?", "Who is Soma?"]


def test_classifier_asks_the_model_only_when_unsure_or_following_up() -> None:
    engine = ScriptedEngine([json.dumps({"isAboutRigVeda": True, "reason": "r", "rewrittenQuery": "q2"})])
    ctx = LLMContext(engine)
    sure = asyncio.run(classifier.run(classifier.ClassifierInput(user_query="Who are the Maruts?"), LEX, ctx))
    assert sure.is_about_rig_veda and not sure.used_llm and ctx.calls == 0
    unsure = asyncio.run(classifier.run(classifier.ClassifierInput(user_query="How is speech personified?"), LEX, ctx))
    assert unsure.used_llm and unsure.rewritten_query == "q2" and ctx.calls == 1


def test_analyzer_keeps_relevant_verses_and_filters_the_rest() -> None:
    out = analyzer.analyze_deterministic(analyzer.AnalyzerInput(
        user_query="Who is Agni the fire priest?", search_results=FIRE + JUNK))
    kept = {v.book_context for v in out.relevant_verses}
    assert kept <= {v.book_context for v in FIRE} and len(kept) >= 5
    assert all(v.is_filtered for v in out.filtered_verses) and {"4.4.4", "4.4.5"} <= {
        v.book_context for v in out.filtered_verses}
    assert all(v.importance in ("high", "medium", "low") for v in out.relevant_verses)
    assert out.needs_more_search is False


def test_analyzer_suggests_a_sanskrit_term_from_the_best_verses_never_a_searched_one() -> None:
    inp = analyzer.AnalyzerInput(user_query="Who is Agni the fire priest?", search_results=FIRE[:2],
                                 previous_search_terms=["Who is Agni the fire priest?"])
    first = analyzer.analyze_deterministic(inp)
    assert first.needs_more_search and first.search_suggestion
    words = " ".join(analyzer._strip_accents(v.iast) for v in FIRE[:2])
    assert first.search_suggestion in words
    second = analyzer.analyze_deterministic(inp.copy(update={
        "previous_search_terms": inp.previous_search_terms + [first.search_suggestion]}))
    assert second.search_suggestion and second.search_suggestion != first.search_suggestion
    last = analyzer.analyze_deterministic(inp.copy(update={"iteration_count": 4}))
    assert last.needs_more_search is False


def test_analyzer_treats_a_quoted_sanskrit_line_as_found() -> None:
    out = analyzer.analyze_deterministic(analyzer.AnalyzerInput(
        user_query="agnim ile purohitam yajnasya devam", search_results=FIRE))
    assert [v.book_context for v in out.relevant_verses] == ["1.1.1"] and not out.needs_more_search


def test_analyzer_llm_picks_are_checked_against_the_candidates() -> None:
    reply = json.dumps({"relevantRefs": ["1.1.2", "9.9.9", "RV 1.1.4"], "needsMoreSearch": True,
                        "searchSuggestion": "not-in-verses"})
    ctx = LLMContext(ScriptedEngine([reply]))
    out = asyncio.run(analyzer.run(analyzer.AnalyzerInput(user_query="Agni fire", search_results=FIRE[:4] + JUNK,
                                                          previous_search_terms=["Agni fire"]), ctx))
    refs = [v.book_context for v in out.relevant_verses]
    assert "9.9.9" not in refs and refs[:2] == ["1.1.2", "1.1.4"]
    assert out.search_suggestion != "not-in-verses"


def test_translator_selects_at_most_five_and_keeps_the_reference_translation() -> None:
    out = translator.run_deterministic(translator.TranslatorInput(user_query="q", verses=FIRE + JUNK))
    assert len(out.translated_verses) == 5
    assert all(v.translation for v in out.translated_verses)
    reply = json.dumps({"translations": [{"ref": "1.1.1", "translation": "I worship Agni."}]})
    res = asyncio.run(translator.run(translator.TranslatorInput(user_query="q", verses=FIRE[:2], model_translation=True),
                                     LLMContext(ScriptedEngine([reply]))))
    first = res.translated_verses[0]
    assert first.model_translation == "I worship Agni." and first.translation == FIRE[0].translation
    assert res.translated_verses[1].model_translation is None
    # without the setting no call is made
    ctx = LLMContext(ScriptedEngine())
    asyncio.run(translator.run(translator.TranslatorInput(user_query="q", verses=FIRE), ctx))
    assert ctx.calls == 0


def test_extractive_answer_opens_with_the_hymn_quotes_and_cites_each_verse() -> None:
    verses = [verse("10.34.1", "The dice delight me. I am a gambler undone.", addressee="hymn of the gambler"),
              verse("10.34.2", "My wife holds me no more; the dice took everything.", addressee="hymn of the gambler"),
              verse("1.1.1", FIRE[0].translation)]
    text = generator.compose_extractive(generator.GeneratorInput(
        user_query="What does the gambler lament?", translated_verses=verses))
    lines = text.splitlines()
    assert "RV 10.34" in lines[0] and "the hymn of the gambler" in lines[0]
    assert find_citations(text) == ["10.34.1", "10.34.2", "1.1.1"]
    assert "“The dice delight me. I am a gambler undone.”" in text
    assert text.index("10.34.2") < text.index("[RV 1.1.1]")  # grouped by hymn


def test_extractive_excerpt_prefers_the_question_words_in_long_verses() -> None:
    long = ("The mountains stood still and the sky was wide. " * 4 +
            "Then the frogs lifted up their voices like priests at the sacrifice. " + "Rain fell on the fields. " * 4)
    excerpt = generator.best_excerpt(long, ["frog"], 120)
    assert "frogs" in excerpt and len(excerpt) <= 125 and excerpt.startswith("…")


def test_citations_are_normalised_and_unprovided_ones_removed() -> None:
    check = check_citations("A [RV 1.1.1]. B (RV 1.1.2, 7.7.7). C [1.1.3; RV 8.8.8]. D RV 1.1.1 and RV 6.6.6.",
                            ["1.1.1", "1.1.2", "1.1.3"])
    assert check.cited == ["1.1.1", "1.1.2", "1.1.3"] and check.removed == ["7.7.7", "8.8.8", "6.6.6"]
    assert "7.7.7" not in check.text and "[RV 1.1.2]" in check.text and "[RV 1.1.3]" in check.text


def test_validator_flags_answers_without_citations_or_with_unsupported_claims() -> None:
    ok = validator.validate_deterministic(validator.ValidatorInput(
        user_query="Who is Agni?", verses=FIRE[:2], response="Agni is praised as the fire priest [RV 1.1.1]."))
    assert ok.verdict == "VALID"
    none = validator.validate_deterministic(validator.ValidatorInput(
        user_query="Who is Agni?", verses=FIRE[:2], response="Agni is a god."))
    assert none.verdict == "INVALID"
    bad = validator.validate_deterministic(validator.ValidatorInput(
        user_query="Who is Agni?", verses=FIRE[:2],
        response="Agni invented the wheel and sails to distant islands each winter [RV 1.1.1]."))
    assert bad.verdict == "INVALID" and bad.unsupported_claims


def test_evaluator_weights_and_prefers_grounded_clear_answers() -> None:
    assert evaluator.combine(1, 1, 1) == 1.0 and evaluator.combine(1, 0, 0) == 0.5
    good = evaluator.evaluate_deterministic(evaluator.EvaluatorInput(
        user_query="Who is Agni?", verses=FIRE[:2],
        response=generator.compose_extractive(generator.GeneratorInput(user_query="Who is Agni?",
                                                                       translated_verses=FIRE[:2]))))
    bad = evaluator.evaluate_deterministic(evaluator.EvaluatorInput(
        user_query="Who is Agni?", verses=FIRE[:2], response="Agni sails to distant islands."))
    assert good.score > 0.6 > bad.score


def test_critic_lists_problems_and_the_improvement_fixes_them() -> None:
    inp = critic.CriticInput(user_query="Who is Agni?", verses=FIRE[:3],
                             response="Agni is the fire priest [RV 1.1.1]. Agni invented the wheel on islands.")
    crit = critic.critique_deterministic(inp)
    assert any("Not supported" in i for i in crit.issues) and any("RV 1.1.2" in i for i in crit.issues)
    imp = critic.improve_deterministic(inp)
    assert "wheel" not in imp.improved_response and set(imp.citations) == {"1.1.1", "1.1.2", "1.1.3"}


def test_analyzer_keeps_the_thresholds_when_the_model_picks_nothing() -> None:
    reply = json.dumps({"relevantRefs": [], "needsMoreSearch": False, "searchSuggestion": ""})
    out = asyncio.run(analyzer.run(analyzer.AnalyzerInput(user_query="Who is Agni the fire priest?",
                                                          search_results=FIRE), LLMContext(ScriptedEngine([reply]))))
    assert len(out.relevant_verses) >= 5 and out.degraded and "picked no listed verse" in out.error


# --- salvage: what code keeps of a small model's answer ------------------------------------------

from pyapp.agents.salvage import is_english, repeated_share, salvage  # noqa: E402

SMALL_Q = "Who is Agni the fire priest?"


def test_salvage_keeps_grounded_cited_sentences_and_says_why_the_rest_went() -> None:
    text = ("Old and new seers alike praise Agni [RV 1.1.2]. Agni lives in the Ganga with the kings of Delhi "
            "[RV 1.1.1]. Old and new seers alike praise Agni (RigV 1.1.2). The verse tells us this:\n"
            "Agni is described in RIG VIR 20 as a god. Through Agni a man gains wealth and heroes every")
    out = salvage(text, FIRE[:3], SMALL_Q)
    assert out.useless is None and out.text == "Old and new seers alike praise Agni [RV 1.1.2]."
    assert out.cited == ["1.1.2"]
    assert out.dropped == {"not supported by the verses": 1, "repeated": 1, "no statement of its own": 1,
                           "unclear reference": 1, "cut off": 1}
    assert "5 sentences dropped" in out.summary()


def test_salvage_rewrites_loose_references_and_removes_unprovided_ones() -> None:
    out = salvage("Old and new seers alike praise Agni (Verse 1.1.2). Wealth comes from the moon [RV 7.7.7].",
                  FIRE[:3], SMALL_Q)
    assert out.text == "Old and new seers alike praise Agni [RV 1.1.2]." and out.removed_citations == ["7.7.7"]
    # a true claim with a wrong citation: the citation goes, and code cites the verse that says it
    out = salvage("Agni gives wealth and heroes to a man [RV 4.4.4].", FIRE[:3], SMALL_Q)
    assert out.text == "Agni gives wealth and heroes to a man [RV 1.1.3]." and out.removed_citations == ["4.4.4"]


def test_salvage_drops_copies_of_the_verse_text() -> None:
    copy = FIRE[1].translation + " [RV 1.1.2]"
    out = salvage(copy, FIRE[:3], SMALL_Q)
    assert out.useless and out.dropped == {"copied from a verse": 1}


@pytest.mark.parametrize("text, reason", [
    ("   ", "wrote nothing"),
    ("the fire the fire the fire the fire the fire the fire the fire the fire the fire the fire.", "repeated"),
    ("Agni est le prêtre du sacrifice et le dieu du feu, dit le texte [RV 1.1.1].", "not in English"),
    ("The ocean is made of milk for the kings [RV 1.1.1].", "1 not supported by the verses"),
    ("अग्निः पुरोहितः यज्ञस्य देवः [RV 1.1.1].", "not in English"),
    ("Agni rules the tides of the moon [RV 4.4.4].", "not given: RV 4.4.4"),
])
def test_salvage_reports_useless_answers(text: str, reason: str) -> None:
    out = salvage(text, FIRE[:3], SMALL_Q)
    assert out.text == "" and out.useless and reason in out.useless, out


def test_language_and_repetition_checks() -> None:
    assert is_english("Agni is the priest of the sacrifice, praised by the seers.")
    assert is_english("Uṣas, the dawn, shines on the world.")  # IAST diacritics are Latin
    assert not is_english("उषा देवी प्रकाशं ददाति सर्वेभ्यः")
    assert not is_english("Agni est le prêtre du sacrifice et le dieu du feu.")
    assert repeated_share("the sons of the gods and " * 8) > 0.5
    assert repeated_share("Agni is the priest; the seers old and new praise him for wealth and heroes.") == 0.0
