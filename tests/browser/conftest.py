"""One booted app shared by the browser tests that only ask questions and read the page.

Why: a fresh context boots the app cold — the runtime, the index, Python from its snapshot, the
27 MB of meaning search attached after ready, and the service worker caching everything for offline
use in the background. That boot, repeated by every test, was most of the browser suite's time.
Tests that need their own start (the boot itself, offline, upgrades, storage, privacy, a scripted
model, routes or init scripts, another viewport from the first paint) keep the fresh ``page``
fixture of tests/conftest.py.

What a test on the shared page can rely on, as on a fresh one (``SharedApp.reset`` before each):
the app is ready with meaning search attached, at ``/`` with no hash, in a new conversation; no
conversation and no remembered answer is stored (the memory would replay an earlier test's answer
to the same question); the settings and localStorage are those of the first boot (when a test
changed them, the storage is wiped and the page booted again); the default viewport; an empty
question box; the light colour scheme. ``rvs_console_errors`` and ``rvs_foreign_requests`` start empty, and the teardown
checks that no request left the origin during the test. What is not reset: window globals a test
installs with ``page.evaluate`` and its ``page.on`` handlers (recorders and traps that only watch).
"""
from __future__ import annotations

from typing import Iterator, List

import pytest

from helpers import BOOT_TIMEOUT_MS, boot, wait_idle, wait_meaning
from pyapp.bench.chromium import guard_context

DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's default, as a fresh context has

# The stored state a test could leave behind for the next: the settings store (without the pointer to the
# last conversation, which every question moves) and the page's localStorage / sessionStorage.
STORED_STATE = """async () => {
  const got = (req) => new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
  const db = await got(indexedDB.open("rigveda-scholar"));
  let settings = [];
  try {
    if (db.objectStoreNames.contains("settings")) {
      const store = db.transaction("settings", "readonly").objectStore("settings");
      const [keys, values] = await Promise.all([got(store.getAllKeys()), got(store.getAll())]);
      settings = keys.map((k, i) => [String(k), values[i]]).filter(([k]) => k !== "lastConversation");
    }
  } finally {
    db.close();
  }
  return JSON.stringify({ settings, local: { ...localStorage }, session: { ...sessionStorage } });
}"""

WIPE_STORAGE = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  await new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase("rigveda-scholar");
    req.onsuccess = resolve; req.onerror = () => reject(req.error); req.onblocked = resolve;
  });
}"""

PAGE_STATE = """() => ({
  ready: !!document.querySelector('[data-testid=ready]'),
  error: !!document.querySelector('[data-testid=error]'),
  busy: !!document.querySelector('[data-testid=ask]')?.disabled,
})"""


class SharedApp:
    """The booted page and how to bring it back to a fresh start between tests."""

    def __init__(self, browser, url: str) -> None:
        self.url = url
        self.context = browser.new_context(service_workers="allow")
        self.foreign = guard_context(self.context, url)
        self.page = self.context.new_page()
        self.page.rvs_foreign_requests = self.foreign
        self.page.rvs_console_errors = []
        self.page.on("pageerror", lambda exc: self.page.rvs_console_errors.append(str(exc)))
        self.page.set_default_timeout(120_000)
        self.boots: List[str] = []  # why the page was booted, in order (printed at the end)
        self._boot("first boot")
        assert self.page.rvs_console_errors == [], self.page.rvs_console_errors
        assert self.foreign == [], f"requests left the page's origin during the boot: {self.foreign[:5]}"
        self.baseline = self._stored()

    def _boot(self, why: str) -> None:
        boot(self.page, self.url)
        wait_meaning(self.page)
        wait_idle(self.page)  # a question queued by the last test's navigation has finished
        self.boots.append(why)

    def _stored(self) -> str:
        return self.page.evaluate(STORED_STATE)

    def _reboot(self, why: str, wipe: bool) -> None:
        """Load the page again (from the service worker's cache: a warm boot); with ``wipe``, on an
        empty storage, as the first boot had."""
        if wipe:
            self.page.goto(self.url + "/manifest.webmanifest")  # same origin, no app holding the database
            self.page.evaluate(WIPE_STORAGE)
        self._boot(why)
        if wipe:
            self.baseline = self._stored()

    def reset(self, test: str):
        """The page as a test expects to find it (see the module docstring); returns it."""
        page = self.page
        page.set_viewport_size(DEFAULT_VIEWPORT)
        page.emulate_media(color_scheme="light")  # a fresh context's default
        state = None
        if page.url.split("#", 1)[0] == self.url + "/":  # still the app's page (a test may have reloaded it)
            page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=BOOT_TIMEOUT_MS)
            state = page.evaluate(PAGE_STATE)
        if state is None or not state["ready"]:  # an error line beside "ready" is a message; "New chat" clears it
            self._reboot(f"before {test}: the last test left {page.url} ({state})", wipe=False)
        else:
            if state["busy"]:
                page.get_by_test_id("stop").click()
            wait_idle(page)
            wait_meaning(page)
            if page.evaluate("location.hash"):  # the reader: close it the way the address does
                page.evaluate("location.hash = ''")
                page.wait_for_function("() => !document.body.classList.contains('reading')")
        page.evaluate("history.replaceState(null, '', location.pathname)")  # no bare '#' left behind
        if self._stored() != self.baseline:
            self._reboot(f"before {test}: the last test changed the stored settings", wipe=True)
        page.evaluate("async () => { await rvsStorage.clearConversations(); await rvsStorage.memoryClear(); }")
        page.get_by_test_id("new-chat").click()
        page.wait_for_function("() => !!document.querySelector('[data-testid=history] .empty')"
                               " && !document.querySelector('#conversation .turn')")
        page.get_by_test_id("query").fill("")
        page.evaluate("() => { window.scrollTo(0, 0); document.activeElement?.blur?.(); }")
        page.rvs_console_errors = []
        self.foreign.clear()
        return page


@pytest.fixture(scope="session")
def shared_app(browser, served_url: str) -> Iterator[SharedApp]:
    app = SharedApp(browser, served_url)
    yield app
    print(f"\nshared page: booted {len(app.boots)} times: " + "; ".join(app.boots))
    app.context.close()


@pytest.fixture()
def shared_page(shared_app: SharedApp, request: pytest.FixtureRequest):
    """The shared booted app at a fresh start (instead of ``page`` + ``boot(page, served_url)``)."""
    page = shared_app.reset(request.node.name)
    yield page
    assert shared_app.foreign == [], f"requests left the page's origin: {shared_app.foreign[:5]}"
