"""What a message asks, before the frame is read: a blank to fill, a word asked for, a claim to check,
the question inside a long post. Each reads as a plainer question, with a note saying how it was read.

Why one step before the frame: the frame reads names, references and the conversation from the question's
words, and these messages hide their question — "The Ṛbhus are the _____ of the gods." asks who the Ṛbhus
are; "Is it true that Varuṇa forged Indra's thunderbolt?" asks who forged it; a forum post's question is one
sentence among many. Each reader is its own module (``blank``, ``sanskrit_for``, ``claim``, ``forum``); this
one applies them in the turn's order, each to what the one before left.
"""
from __future__ import annotations

from typing import Any, Callable, List

from pydantic import BaseModel, Field

import re

from pyapp.reading import blank, claim, forum, later_claim, register, sanskrit_for, sanskrit_question, word_in_verse


class Restated(BaseModel):
    """The question as the rest of the turn reads it, and the notes saying how it was read (in order)."""

    question: str
    notes: List[str] = Field(default_factory=list)
    retold: str = ""  # a later text's claim that points to a verse ("which verse is he talking about?"): its words
    told_as: List[str] = Field(default_factory=list)  # how the answer should be told: "simple", "brief", "detailed"


def restate(question: str, has_names: Callable[[str], bool], terms: Any, follows_up: bool = False) -> Restated:
    """``question`` with a blank filled, a word asked for, a claim and a long post read as their questions;
    ``has_names(text)`` says whether a text names a god or a seer (the lexicon's names), ``terms`` is the
    term lexicon; ``follows_up`` says the message has earlier turns (a later claim is read only in a first one)."""
    out = Restated(question=question)
    told = register.read(out.question)
    if told is not None:  # "… in simple words": how to tell it, not what is asked
        out.question, out.told_as = told.question, told.names
        out.notes.append(f"Read as: “{told.question}” (asked {' and '.join(told.labels)}; without a language model "
                         f"the answer quotes the hymns' translation as it is)")
    quiz = blank.read_blank(out.question, has_names)
    if quiz is not None:  # "The Ṛbhus are the _____ of the gods.": what its subject is
        out.question = quiz
        out.notes.append(f"Read as: “{quiz}”")
    elif blank.BLANK.search(out.question) and blank.homework(out.question) != " ".join(out.question.split()):
        # a worksheet's blank whose question the words around it do not give ("Completa: …", "रिक्त स्थान भरिए:
        # …"): its sentence without the framing is what the search and the language readers read
        out.question = blank.homework(out.question)
    sanskrit = sanskrit_question.read(out.question)
    if sanskrit is not None:  # "नासदीयसूक्तस्य ऋषिः कः?": its Sanskrit question words read into English
        out.question = sanskrit
        out.notes.append(f"Read as Sanskrit: “{sanskrit}”")
    # "which word of RV 1.1.1 means 'priest'?" is one verse's word (``word_in_verse``), not the lexicon's
    asked = None if word_in_verse.names_verse(out.question) else sanskrit_for.words_for(out.question, terms)
    if asked is not None:  # "What word does the Rigveda use for immortality?": what its Sanskrit stem means
        out.question = asked.question
        out.notes.append(asked.note)
    claimed = claim.claim_of(out.question)
    who = claim.who_question(claimed) if claimed else ""
    if who:  # "Is it true that Varuṇa forged Indra's thunderbolt?": who did it, by the verses
        out.question = who
        out.notes.append(f"Read the claim “{claimed}” as asking: “{who}”")
    core = forum.standalone_core(out.question) or (forum.question_core(out.question)
                                                     if forum.stray_reference(out.question) else None)
    if core:  # a long post: its question sentences ("…not to start at 1.1 … Which hymn is that?")
        out.question = core
        out.notes.append(f"Read the question in your message as: “{core}”")
    later = later_claim.read(out.question) if not follows_up else None
    if later is not None:  # "The Purāṇas say …. Does the Rigveda say …?": the claim, not who makes it
        out.retold = later.claim if later.points_back and re.search(r"\bverses?\b", later.ask, re.I) else ""
        if later.question != out.question:
            out.question = later.question
            out.notes.append(f"Read the claim “{later.claim}” apart from who makes it; asked: “{later.question}”")
    return out


__all__ = ["Restated", "restate"]
