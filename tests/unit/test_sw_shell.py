"""Offline, the page runs from the service worker's cache: every page module must be in its lists
(web/sw.js SHELL / ENGINES), or a new module imports fine online and breaks the app offline."""
from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def _cached() -> set:
    sw = (WEB / "sw.js").read_text(encoding="utf-8")
    lists = re.findall(r"const (?:SHELL|ENGINES) = \[(.*?)\];", sw, flags=re.S)
    return {name for block in lists for name in re.findall(r'"([^"]+)"', block)}


def test_every_page_module_is_cached_for_offline_use() -> None:
    cached = _cached()
    modules = [p.relative_to(WEB).as_posix() for folder in ("ui", "engines")
               for p in sorted((WEB / folder).glob("*.js"))]
    assert modules and "ui/chat.js" in cached
    missing = [m for m in modules if m not in cached]
    assert missing == [], f"add to web/sw.js SHELL or ENGINES: {missing}"
