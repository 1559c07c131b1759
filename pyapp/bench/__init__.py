"""Speed benchmarks (``python -m pyapp.bench search --json``); speed goals live here, not in timed tests."""
