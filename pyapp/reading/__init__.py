"""Reading a question: everything code learns from the reader's words before any search.

Why one package: the language the question is written in, the references and ranges it names,
the reader task it asks for (next verse, summary, word by word…), the entities and claims it
points back to, and whether it changes the subject are all decided from the text and the
conversation, and the orchestrator should consume one typed result instead of parsing text
itself. Modules here each read one thing; this package's entry point combines them.

Modules so far: ``language`` (which language and script), ``script`` (Brahmic scripts and Cyrillic in
Latin letters), ``names`` (gods, seers, hymns and the RigVeda named in any script), ``gloss`` (a question
read into English with its language's word file), ``lookalike`` (predictions, advice, opinions and other
scriptures that only borrow the hymns' words), ``collection`` (questions about the RigVeda itself — what it is,
which Veda is oldest — in any language), ``asked`` (what the question's form asks for, and whether an
answer delivers it: the evaluator's score), ``number_words`` (passages named in words: "the fourteenth
hymn of book four"), ``references`` / ``words`` (spans of the text, operations and reader tasks),
``conversation`` (claims, entities and the last verse of earlier turns, a change of subject),
``bare_name`` (a bare name or term), ``question`` (the question's form: who / which / how many / define /
compare…, and what it names), ``named`` (passages called by name: the named-passages table), ``kinship`` (family
ties of the gods), ``foreign`` (German, French and Russian questions searched in their translations), ``hinglish``
(Hindi typed in Latin letters), ``spelling`` (typing slips mended against the index's words),
``famous`` (a famous hymn asked for, and a name's famous passages), ``restate`` (a message's hidden question
before the frame: a blank, a word asked for, a claim, a long post's question), ``sanitize`` (the question as typed,
made safe to read), ``turn`` (``read_turn``: the conversation's state, then the reference task), and ``frame``:
the entry point, ``read_question(text, conversation) -> QuestionFrame``, which calls the others in the turn's
order and is the one reading the orchestrator consumes (the frame also carries the question with its typing slips mended
and a German, French or Russian question's translation search). The orchestrator parses no text itself:
``tests/unit/test_orchestrator_structure.py`` keeps it so.
"""
