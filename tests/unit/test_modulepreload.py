"""web/index.html names every module of the page's boot as a modulepreload (issue 21): a module the list
forgets is found only import by import, after the boot's big downloads have filled a phone's link."""
from __future__ import annotations

import re
from pathlib import Path
from typing import List

WEB = Path(__file__).resolve().parents[2] / "web"
IMPORT = re.compile(r'^\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"', re.M)


def static_graph(entry: str, seen: List[str]) -> List[str]:
    """The modules `entry` imports statically, transitively (paths relative to web/)."""
    if entry in seen:
        return seen
    seen.append(entry)
    for match in IMPORT.finditer((WEB / entry).read_text(encoding="utf-8")):
        target = (WEB / entry).parent / (match.group(1) or match.group(2))
        static_graph(target.resolve().relative_to(WEB.resolve()).as_posix(), seen)
    return seen


def test_every_boot_module_is_preloaded_and_every_preload_exists() -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    needed = static_graph("ui/boot.js", static_graph("app.js", []))
    assert "ui/pyworker.js" in needed and "python/loader.js" in needed
    missing = [m for m in needed if m != "app.js" and m not in preloaded]
    assert not missing, f"add to web/index.html: {missing}"
    assert all((WEB / m).is_file() for m in preloaded if not m.startswith("vendor/")), preloaded
    # the worker is started without PyScript (python/host.mjs): its core is imported only with ?python=pyscript,
    # so a preload would download and compile 137 kB on the page for nothing
    assert "vendor/pyscript/core.js" not in preloaded
