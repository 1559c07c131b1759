"""Dispatch ``python -m pyapp.eval SUBCOMMAND ...``: retrieval here, classify/answer in ``pipeline``,
answers (reader questions, multi-turn, the browser scorer's checks) in ``answers``."""
from __future__ import annotations

import importlib
import sys
from typing import List, Optional

USAGE = "usage: python -m pyapp.eval {retrieval,classify,answer,answers} --set FILE [options] [--json]"


def main(argv: Optional[List[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    command, rest = args[0], args[1:]
    if command == "retrieval":
        from pyapp.eval.retrieval import main as retrieval_main

        return retrieval_main(rest)
    if command == "answers":
        from pyapp.eval.answers import main as answers_main

        return answers_main(rest)
    if command in ("classify", "answer"):
        try:
            pipeline = importlib.import_module("pyapp.eval.pipeline")
        except ModuleNotFoundError as exc:
            if exc.name != "pyapp.eval.pipeline":
                raise
            print(f"error: '{command}' evaluation needs pyapp/eval/pipeline.py, which is not installed yet",
                  file=sys.stderr)
            return 2
        func = getattr(pipeline, f"main_{command}", None)
        if func is None:
            print(f"error: pyapp.eval.pipeline has no main_{command}(argv)", file=sys.stderr)
            return 2
        return int(func(rest) or 0)
    print(f"error: unknown evaluation {command!r}\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
