"""Kinds of questions answered from the index before the usual fact reading: maṇḍala comparisons,
hymns under two constraints, practices and modern topics, yes/no claims, multiple choice, counts of
mentions, first mentions, numbers in the myths, places, animals and
implements named in English, likenesses to other traditions' gods, the pitch accent of a word or line, a reading
plan (issue 19).

Why one router: each reader lives in its own module (one thing read per module); the orchestrator
asks this router once, so its hook stays one line and a new kind is added here, not there. Each
reader returns a :class:`pyapp.facts.FactAnswer` (its first sentence states the answer) or ``None``;
the first that answers wins, in the order of :data:`READERS` (the most specific readings first:
a multiple-choice question often also reads as a count or a comparison).
"""
from __future__ import annotations

from typing import Any, Callable, List, Optional

from pyapp.factbook import query as hymn_table
from pyapp.facts import FactAnswer
from pyapp.reading import (seer_presence, about_text, accent, attribution_claim, addressee_shift, caption, choices, constraints, counting, epithets, first_mention, first_role, god_attribute, god_of, god_regions, joint_deity,
                           absent_name, gotra, known_story, later_terms, opening_word, story_elements, word_used,
                           later_use,
                           mandala_compare, mandala_god, mandala_theme, myth_numbers, named_things, parallels, poet_signature,
                           practice, reading_plan, story_beat,
                           refrain, situation, topic_words, woman_seer, yes_no, occasion_use)

__all__ = ["answer", "READERS"]

Reader = Callable[[str, Any, Any], Optional[FactAnswer]]  # (question, index, searcher)

READERS: List[Reader] = [gotra.answer, attribution_claim.answer, opening_word.answer, epithets.answer, choices.answer, god_regions.answer, god_attribute.answer, god_of.answer, first_role.answer, known_story.answer, story_elements.answer, reading_plan.answer, poet_signature.answer, story_beat.answer, addressee_shift.answer, about_text.answer, accent.answer, refrain.answer, woman_seer.answer,
                         caption.answer, later_use.answer,
                         mandala_god.answer, mandala_theme.answer, joint_deity.answer, hymn_table.answer, word_used.answer, later_terms.answer,
                         first_mention.answer, myth_numbers.answer, counting.answer, named_things.answer, parallels.answer,
                         mandala_compare.answer, constraints.answer, practice.answer, situation.answer, topic_words.answer,
                         absent_name.answer, yes_no.answer, occasion_use.answer, seer_presence.answer]


def answer(question: str, index: Any, searcher: Any = None) -> Optional[FactAnswer]:
    """The first reader's answer, or ``None``; a reader that fails is skipped (never raises)."""
    if index is None or not question:
        return None
    missing = _absent_asked(question, index, searcher)
    for reader in READERS:
        try:
            found = reader(question, index, searcher)
        except Exception:  # a reader's bug must not cost the reader the usual answer
            found = None
        if found is not None and missing and reader is not absent_name.answer and not _names_any(found.text, missing):
            continue  # an answer about another word of the question (the god of medicine, the sea), not the name asked
        if found is not None:
            return found
    return None


def _absent_asked(question: str, index: Any, searcher: Any) -> List[str]:
    """For a yes/no about a name no vocabulary knows ("Dhanvantari, god of medicine — is he in the RigVeda?"): the
    name(s), so that a reader answering one of the question's other words (the god of medicine, the sea) as if it were
    the subject gives way, and one about the name (a later god's table, with the nearest figure) or the absent-name
    reader answers; [] otherwise."""
    try:
        if searcher is None or not absent_name.asks_presence(question):
            return []
        missing = absent_name.absent_words(question, index, searcher)
    except Exception:  # a reader's bug: the usual order
        return []
    asked = question.split("?")[0].lower()  # the name is what the yes/no asks about, not an aside after it ("is there
    return [w for w in missing if w in asked]  # dancing in the rig veda? like bharatanatyam roots …" asks of dancing)


def _names_any(text: str, words: List[str]) -> bool:
    from pyapp.diacritics import strip_marks

    plain = strip_marks(text).lower().replace("sh", "s")  # Garuḍa ~ garuda, Śramaṇa ~ shramana
    return any(w.replace("sh", "s") in plain for w in words)
