"""Offline evaluation: ``python -m pyapp.eval retrieval|classify|answer --set FILE [--json]``.

``retrieval`` (this package) scores the searcher; ``classify`` and ``answer`` live in
``pyapp.eval.pipeline`` (the agents' side) and are imported only when asked for.
"""
