"""The fact answers behind :mod:`pyapp.facts`, one module per kind of thing answered.

Why a package: the answers (counts, lists, extremes, one hymn's seer, the family books…) grew to 2,100
lines in one module; here each module answers one kind and imports only the modules above it in
this order (a graph that flows one way): ``answer``, ``names``, ``display``, ``table``,
``patterns``, ``about``, ``detect``, ``targets``, ``wording``, ``words``, ``deities``, ``family``,
``totals``, ``extremes``, ``hymns``, ``ranking``, ``profile``, ``lists``, ``order``, ``position``, ``query``. Import from
:mod:`pyapp.facts`, the public face (it routes a question with :func:`pyapp.facts.answer_fact`).
"""
