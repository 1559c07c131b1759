"""Saved data that this version cannot read — damaged records, an older record format, a database
from another app version — is detected and reset with a notice, never a crash; the history can be
exported to a JSON file and imported back (a bad file gives one clear line); going offline shows
a notice and the app keeps answering."""
from __future__ import annotations

import json

import pytest

from helpers import assert_only_own_origin, boot, error_text, shot, submit
from trust_helpers import TRAP, trap_findings

pytestmark = pytest.mark.browser

# Junk written straight into the app's IndexedDB (as a bug, an old version or a hand edit could).
WRITE_JUNK = """
async () => {
  const db = await new Promise((ok, fail) => { const r = indexedDB.open("rigveda-scholar"); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
  const tx = db.transaction(["conversations", "settings", "memory"], "readwrite");
  const c = tx.objectStore("conversations");
  c.put({ id: "junk-turns", title: "junk", turns: "not a list" });
  c.put({ id: "old-format", title: "saved by an old version", messages: [{ role: "user", content: "hi" }] });
  c.put({ id: "bad-verse", title: "bad verse", turns: [{ question: "q", kind: "answer", result: { answer: "a", verses: [{ bookContext: 42 }] } }] });
  c.put({ id: "bad-kind", title: "bad kind", turns: [{ question: "q", kind: "<script>", result: {} }] });
  const s = tx.objectStore("settings");
  s.put("not an object", "settings");
  s.put(12345, "lastConversation");
  s.put("banana", "schemaVersion");
  tx.objectStore("memory").put({ id: "m-junk", storedAt: "yesterday", item: 7 });
  await new Promise((ok, fail) => { tx.oncomplete = ok; tx.onerror = () => fail(tx.error); });
  db.close();
  return true;
}
"""

COUNT_ROWS = """
async () => {
  const db = await new Promise((ok) => { const r = indexedDB.open("rigveda-scholar"); r.onsuccess = () => ok(r.result); });
  const count = (name) => new Promise((ok) => { const q = db.transaction(name).objectStore(name).getAllKeys(); q.onsuccess = () => ok(q.result); });
  const out = { conversations: await count("conversations"), memory: await count("memory"), settings: await count("settings"), version: db.version };
  db.close();
  return out;
}
"""

# A database laid out by some other version: higher IndexedDB version, stores this app cannot use.
FOREIGN_DB = """
async () => {
  await new Promise((ok) => { const r = indexedDB.deleteDatabase("rigveda-scholar"); r.onsuccess = r.onerror = r.onblocked = () => ok(); });
  const db = await new Promise((ok, fail) => {
    const r = indexedDB.open("rigveda-scholar", 99);
    r.onupgradeneeded = () => { r.result.createObjectStore("conversations"); r.result.createObjectStore("chats", { keyPath: "uuid" }); };
    r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error);
  });
  const tx = db.transaction("conversations", "readwrite");
  tx.objectStore("conversations").put({ anything: true }, "k");
  await new Promise((ok) => { tx.oncomplete = ok; });
  db.close();
  return db.version;
}
"""


def _reload(page) -> None:
    page.reload()
    page.wait_for_selector("[data-testid=ready], [data-testid=error]", timeout=180_000)
    assert page.query_selector("[data-testid=ready]") is not None, error_text(page)


def test_damaged_and_old_records_are_reset_with_a_notice(page, served_url: str) -> None:
    boot(page, served_url)
    submit(page, "RV 1.1.1")
    assert page.locator("[data-testid=storage-notice]").count() == 0
    assert page.evaluate(WRITE_JUNK)

    _reload(page)
    notice = page.get_by_test_id("storage-notice")
    notice.wait_for()
    text = notice.text_content() or ""
    assert "4 saved conversations" in text and "remembered answer" in text and "reset" in text, text
    shot(page, "trust-storage-notice")
    rows = page.evaluate(COUNT_ROWS)
    assert sorted(rows["conversations"]) and not {"junk-turns", "old-format", "bad-verse", "bad-kind"} & set(rows["conversations"])
    assert "m-junk" not in rows["memory"]
    history = page.get_by_test_id("history").text_content() or ""
    assert "RV 1.1.1" in history and "old version" not in history and "junk" not in history
    # the app is fine: it answers and saves
    submit(page, "Who is praised as the priest of the sacrifice?")
    assert error_text(page) == "" and (page.get_by_test_id("answer").text_content() or "").strip()
    notice.get_by_role("button", name="Dismiss this notice").click()
    assert page.locator("[data-testid=storage-notice]").count() == 0

    _reload(page)  # once repaired, no notice again
    page.wait_for_timeout(500)
    assert page.locator("[data-testid=storage-notice]").count() == 0
    assert page.rvs_console_errors == []


def test_database_from_another_version_is_rebuilt_with_a_notice(page, served_url: str) -> None:
    boot(page, served_url)
    assert page.evaluate(FOREIGN_DB) == 99
    _reload(page)
    notice = page.get_by_test_id("storage-notice")
    notice.wait_for()
    assert "reset" in (notice.text_content() or "")
    submit(page, "RV 1.1.1")
    assert page.locator("[data-testid=verse-card][data-ref='1.1.1']").count() == 1
    page.wait_for_function("() => document.querySelectorAll('.history-item').length === 1")
    rows = page.evaluate(COUNT_ROWS)
    assert len(rows["conversations"]) == 1 and rows["version"] == 2
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)


def _import(page, path) -> None:
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("history-import").click()
    chooser.value.set_files(str(path))


def test_history_export_and_import(page, served_url: str, tmp_path) -> None:
    boot(page, served_url)
    page.evaluate(TRAP)
    submit(page, "RV 1.1.1")
    submit(page, "Who is praised as the priest of the sacrifice?")
    with page.expect_download() as download:
        page.get_by_test_id("history-export").click()
    exported = tmp_path / "export.json"
    download.value.save_as(exported)
    assert download.value.suggested_filename.startswith("rigveda-scholar-history-")
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["kind"] == "rigveda-scholar-history" and data["schema"] == 2
    assert len(data["conversations"]) == 1 and len(data["conversations"][0]["turns"]) == 2

    # clear everything, then bring it back from the file
    page.locator("#clear-history").click()
    page.get_by_test_id("clear-history-confirm").click()
    page.wait_for_selector("#history .empty")
    _import(page, exported)
    page.get_by_test_id("import-notice").wait_for()
    assert "Imported 1 conversation" in (page.get_by_test_id("import-notice").text_content() or "")
    page.locator(".history-item").first.click()
    page.wait_for_function("() => document.querySelectorAll('#conversation .turn').length === 2")
    assert page.locator("[data-testid=verse-card][data-ref='1.1.1']").count() >= 1

    # bad files: one clear line each, the history is unchanged
    cases = {
        "not-json.json": ("this is not json {", "not valid JSON"),
        "other.json": (json.dumps({"hello": "world"}), "not a RigVeda Scholar history export"),
        "empty.json": ("", "empty"),
        "broken.json": (json.dumps({"kind": "rigveda-scholar-history", "schema": 2,
                                    "conversations": [{"id": 5, "turns": "x"}]}), "could be read"),
        "newer.json": (json.dumps({"kind": "rigveda-scholar-history", "schema": 99, "conversations": []}), "newer version"),
    }
    for name, (body, expected) in cases.items():
        path = tmp_path / name
        path.write_text(body, encoding="utf-8")
        _import(page, path)
        page.wait_for_selector("[data-testid=error]")
        message = error_text(page)
        assert message.startswith("Import failed:") and expected in message and "\n" not in message, (name, message)
    assert page.locator(".history-item").count() == 1
    shot(page, "trust-import-error")

    # an export with markup in it (hand-made or from a compromised copy) imports as plain text
    evil = {"kind": "rigveda-scholar-history", "schema": 2, "conversations": [{
        "id": "c-evil", "title": "<img src=x onerror=alert('title')>", "createdAt": 1, "updatedAt": 2,
        "turns": [{"question": "<script>alert('q')</script>", "kind": "answer", "result": {
            "success": True, "kind": "answer", "answer": "<svg onload=alert('a')> [RV 1.1.1]", "citations": ["1.1.1"],
            "verses": [{"bookContext": "1.1.1", "content": "<iframe srcdoc=x>", "translation": "<img src=x onerror=alert('t')>"}],
        }}]}]}
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(evil), encoding="utf-8")
    _import(page, path)
    page.wait_for_function("() => document.querySelectorAll('.history-item').length === 2")
    page.locator(".history-item", has_text="<img src=x").click()
    page.wait_for_function("() => (document.querySelector('[data-testid=answer]')?.textContent || '').includes('<svg onload')")
    found = trap_findings(page)
    assert found["xss"] == [] and found["csp"] == [], found
    assert page.rvs_console_errors == []
    assert_only_own_origin(page)


def test_going_offline_shows_a_notice_and_keeps_working(page, context, served_url: str) -> None:
    boot(page, served_url)
    assert page.locator("[data-testid=offline-notice]").count() == 0
    context.set_offline(True)
    try:
        page.get_by_test_id("offline-notice").wait_for()
        assert "offline" in (page.get_by_test_id("offline-notice").text_content() or "").lower()
        shot(page, "trust-offline-notice")
        submit(page, "RV 1.1.1")
        assert page.locator("[data-testid=verse-card][data-ref='1.1.1']").count() == 1
        submit(page, "Who is praised as the priest of the sacrifice?")
        assert error_text(page) == ""
    finally:
        context.set_offline(False)
    page.wait_for_selector("[data-testid=offline-notice]", state="detached")
    assert page.rvs_console_errors == []
