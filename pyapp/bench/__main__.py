"""Dispatch ``python -m pyapp.bench SUBCOMMAND ...`` (currently: ``search``)."""
from __future__ import annotations

import sys
from typing import List, Optional

USAGE = "usage: python -m pyapp.bench search [--set FILE] [--index DIR] [--repeat N] [--json]"


def main(argv: Optional[List[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    if args[0] == "search":
        from pyapp.bench.search import main as search_main

        return search_main(args[1:])
    print(f"error: unknown benchmark {args[0]!r}\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
