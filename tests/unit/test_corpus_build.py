"""Corpus validation, the index build CLI (determinism, skipping unchanged steps) and pyapp.zip.

Uses a small synthetic corpus written into tmp dirs (never the real corpus text), built with the
heavy embedding steps left out (``--skip vectors,encoder``); the BM25 step runs if it exists.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import zipfile
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Dict, List

import pytest

from corpus_build.app_bundle import bundle_bytes
from corpus_build.corpus import CorpusError, CorpusMissing, load_corpus, load_corpus_full

REPO = Path(__file__).resolve().parents[2]
WORDS = ["agni", "indra", "soma", "ushas", "varuna", "mitra", "vayu", "savitr", "rudra", "maruts"]


def make_record(m: int, h: int, v: int) -> Dict[str, object]:
    w1, w2 = WORDS[(m + h + v) % len(WORDS)], WORDS[(m * h + v) % len(WORDS)]
    return {
        "ref": f"{m}.{h}.{v}", "mandala": m, "hymn": h, "verse": v,
        "sanskrit": f"अग्निम् {m}{h}{v} ॥", "sanskrit_plain": f"अग्निम् {m}{h}{v} ॥",
        "roman": f"{w1} {w2} ||", "roman_plain": f"{w1} {w2} ||",
        "translation": f"Praise to {w1.title()} and {w2.title()}, verse {v}.",
        "translator": "test", "deity": w1, "deity_devanagari": "अग्निः", "rishi": "r", "rishi_devanagari": "ऋ",
        "meter": "gāyatrī", "meter_devanagari": "गायत्री", "hymn_addressee": w1.title(), "hymn_group": "g",
    }


SHAPE = {(1, 1): 3, (1, 2): 2, (2, 1): 4, (10, 1): 2}


def synthetic_records() -> List[Dict[str, object]]:
    return [make_record(m, h, v) for (m, h), n in SHAPE.items() for v in range(1, n + 1)]


def write_corpus(directory: Path, records: List[Dict[str, object]], hymns: bool = True) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "rigveda.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    if hymns:
        counts: Dict[tuple, int] = {}
        for r in records:
            counts[(r["mandala"], r["hymn"])] = counts.get((r["mandala"], r["hymn"]), 0) + 1
        lines = [json.dumps({"hymn_ref": f"{m}.{h}", "mandala": m, "hymn": h, "verses": n, "valakhilya": False,
                             "addressee": "A", "group": "g", "extra_provenance": "ignored"})
                 for (m, h), n in sorted(counts.items())]
        (directory / "hymns.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture()
def corpus_path(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "corpus", synthetic_records())


def run_build(*args: str, env: Dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "corpus_build", *args], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, **(env or {})})


# --------------------------------------------------------------------------------------------- corpus


def test_load_corpus_orders_and_counts(tmp_path: Path) -> None:
    records = synthetic_records()
    path = write_corpus(tmp_path, list(reversed(records)))
    corpus = load_corpus_full(str(path))
    assert [r.ref for r in corpus.records] == [r["ref"] for r in records]  # canonical order restored
    assert corpus.per_mandala == {"1": 5, "2": 4, "10": 2}
    assert [h.hymn_ref for h in corpus.hymns] == ["1.1", "1.2", "2.1", "10.1"]
    assert len(load_corpus(str(path))) == len(records)


@pytest.mark.parametrize(
    "mutate, field, words",
    [
        (lambda r: r.update(mandala=11), "mandala", "less than or equal to 10"),
        (lambda r: r.update(mandala="1"), "mandala", "integer"),
        (lambda r: r.pop("roman"), "roman", "missing"),
        (lambda r: r.update(sanskrit="  "), "sanskrit", "empty"),
        (lambda r: r.update(ref="1.1.9"), "__root__", "does not match"),
        (lambda r: r.update(surprise="x"), "surprise", "unknown field"),
    ],
)
def test_bad_record_names_line_and_field(tmp_path: Path, mutate, field: str, words: str) -> None:
    records = synthetic_records()
    mutate(records[2])  # third line
    path = write_corpus(tmp_path, records, hymns=False)
    with pytest.raises(CorpusError) as info:
        load_corpus(str(path))
    message = str(info.value)
    assert "line 3" in message and f"field {field}" in message and words in message
    assert "\n" not in message


def test_invalid_json_and_duplicates_are_errors(tmp_path: Path) -> None:
    path = write_corpus(tmp_path, synthetic_records(), hymns=False)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:4] + ["{not json"] + lines[4:]) + "\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="line 5: invalid JSON"):
        load_corpus(str(path))
    path.write_text("\n".join(lines + [lines[1]]) + "\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"line 12: field ref: duplicate '1.1.2' \(first on line 2\)"):
        load_corpus(str(path))


def test_gap_in_verses_and_hymn_table_mismatch(tmp_path: Path) -> None:
    records = [r for r in synthetic_records() if r["ref"] != "2.1.2"]
    with pytest.raises(CorpusError, match="2.1.3: expected verse 2"):
        load_corpus(str(write_corpus(tmp_path / "a", records, hymns=False)))
    path = write_corpus(tmp_path / "b", synthetic_records())
    hymns = path.with_name("hymns.jsonl")
    hymns.write_text(hymns.read_text().replace('"verses": 4', '"verses": 5'))
    with pytest.raises(CorpusError, match="hymn 2.1 lists 5 verses, the corpus has 4"):
        load_corpus(str(path))


def test_missing_corpus_is_a_distinct_error(tmp_path: Path) -> None:
    with pytest.raises(CorpusMissing, match="corpus not found"):
        load_corpus(str(tmp_path / "nope.jsonl"))


def test_corpus_from_url(tmp_path: Path) -> None:
    path = write_corpus(tmp_path, synthetic_records())
    handler = partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None  # type: ignore[assignment]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/{path.name}"
        corpus = load_corpus_full(url)
        assert len(corpus.records) == len(synthetic_records())
        assert corpus.source == url
        assert corpus.sha256 == load_corpus_full(str(path)).sha256  # hymns.jsonl fetched next to it
        with pytest.raises(CorpusMissing, match="HTTP 404"):
            load_corpus(url.replace("rigveda", "missing"))
    finally:
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------------------------- CLI


def tree_bytes(root: Path) -> Dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_cli_missing_corpus_exit_2(tmp_path: Path) -> None:
    result = run_build("--corpus", str(tmp_path / "absent.jsonl"), "--out", str(tmp_path / "idx"), "--no-app-zip")
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "corpus not found" in result.stderr
    assert not (tmp_path / "idx" / "manifest.json").exists()


def test_cli_bad_corpus_exit_1_with_line(tmp_path: Path) -> None:
    records = synthetic_records()
    records[4]["verse"] = 0
    path = write_corpus(tmp_path, records, hymns=False)
    result = run_build("--corpus", str(path), "--out", str(tmp_path / "idx"), "--no-app-zip")
    assert result.returncode == 1
    assert "line 5: field verse" in result.stderr and "Traceback" not in result.stderr


def test_build_is_deterministic_and_manifest_is_complete(tmp_path: Path, corpus_path: Path) -> None:
    out_a, out_b = tmp_path / "a" / "index", tmp_path / "b" / "index"
    for out in (out_a, out_b):
        result = run_build("--corpus", str(corpus_path), "--out", str(out), "--skip", "vectors,encoder,bilingual")
        assert result.returncode == 0, result.stderr
        assert (out.parent / "pyapp.zip").is_file()  # built next to the index by default
    files_a, files_b = tree_bytes(out_a), tree_bytes(out_b)
    assert files_a == files_b  # byte-identical, manifest included

    manifest = json.loads(files_a["manifest.json"])
    assert manifest["counts"]["verses"] == len(synthetic_records())
    assert manifest["counts"]["per_mandala"] == {"1": 5, "2": 4, "10": 2}
    assert manifest["skipped"] == ["bilingual", "encoder", "vectors"]
    assert manifest["corpus"]["source"] == "rigveda.jsonl"  # no machine-specific path
    listed = set(manifest["files"])
    on_disk = {name for name in files_a if not name.startswith(".") and name != "manifest.json"}
    assert listed == on_disk
    import hashlib

    for name, entry in manifest["files"].items():
        assert hashlib.sha256(files_a[name]).hexdigest() == entry["sha256"]
        assert len(files_a[name]) == entry["bytes"]
    verses = json.loads(files_a["verses.json"])
    assert verses["fields"][:4] == ["ref", "mandala", "hymn", "verse"]
    assert [row[0] for row in verses["rows"]] == [r["ref"] for r in synthetic_records()]


def test_step_cache_reuses_the_same_inputs_in_another_checkout_and_nothing_else(tmp_path: Path,
                                                                                  corpus_path: Path) -> None:
    """$RVS_STEP_CACHE: a second index directory with the same inputs copies the steps (byte-identical files);
    a changed corpus, or a damaged cache entry, builds again."""
    cache = {"RVS_STEP_CACHE": str(tmp_path / "steps")}
    common = ["--corpus", str(corpus_path), "--skip", "vectors,encoder,bilingual", "--no-app-zip"]
    first = run_build(*common, "--out", str(tmp_path / "a"), env=cache)
    assert first.returncode == 0 and "step tables: building" in first.stderr
    second = run_build(*common, "--out", str(tmp_path / "b"), env=cache)
    assert second.returncode == 0, second.stderr
    assert "step tables: the same inputs were built before; copied" in second.stderr
    assert "building" not in second.stderr
    files_a, files_b = ({p.relative_to(tmp_path / d).as_posix(): p.read_bytes() for p in (tmp_path / d).rglob("*")
                         if p.is_file() and not p.name.startswith(".")} for d in ("a", "b"))
    assert files_a == files_b  # manifest.json included

    entry = next((tmp_path / "steps").glob("tables-*"))
    (entry / "verses.json").write_bytes(b"{}")  # a damaged entry is never used
    third = run_build(*common, "--out", str(tmp_path / "c"), env=cache)
    assert third.returncode == 0 and "step tables: building" in third.stderr
    assert (entry / "verses.json").read_bytes() == files_a["verses.json"]  # stored afresh
    records = synthetic_records()
    records[0]["translation"] = "A changed translation."
    write_corpus(corpus_path.parent, records)
    changed = run_build(*common, "--out", str(tmp_path / "d"), env=cache)
    assert "step tables: building" in changed.stderr and "step text: building" in changed.stderr


def test_unchanged_steps_are_skipped_and_changes_rebuild(tmp_path: Path, corpus_path: Path) -> None:
    out = tmp_path / "index"
    args = ["--corpus", str(corpus_path), "--out", str(out), "--skip", "vectors,encoder,bilingual", "--no-app-zip"]
    assert run_build(*args).returncode == 0
    verses = out / "verses.json"
    before = verses.stat().st_mtime_ns

    again = run_build(*args)
    assert again.returncode == 0 and "step tables: up to date" in again.stderr
    assert verses.stat().st_mtime_ns == before

    verses.write_bytes(verses.read_bytes()[:-10])  # damaged output -> rebuilt even though inputs match
    repaired = run_build(*args)
    assert "step tables: building" in repaired.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["files"]["verses.json"]["bytes"] == verses.stat().st_size

    records = synthetic_records()
    records[0]["translation"] = "A changed translation."
    write_corpus(corpus_path.parent, records)
    changed = run_build(*args)
    assert "step tables: building" in changed.stderr
    assert "A changed translation." in verses.read_text(encoding="utf-8")

    forced = run_build(*args, "--force")
    assert "step tables: building" in forced.stderr


def test_skip_env_and_unknown_step(tmp_path: Path, corpus_path: Path) -> None:
    out = tmp_path / "index"
    result = run_build("--corpus", str(corpus_path), "--out", str(out), "--no-app-zip",
                       env={"RVS_BUILD_SKIP": "vectors,encoder,text,bilingual"})
    assert result.returncode == 0
    assert json.loads((out / "manifest.json").read_text())["skipped"] == ["bilingual", "encoder", "text", "vectors"]
    bad = run_build("--corpus", str(corpus_path), "--out", str(out), "--skip", "vectorz")
    assert bad.returncode != 0 and "unknown step(s) vectorz" in bad.stderr


# --------------------------------------------------------------------------------------------- app bundle


def test_app_bundle_is_deterministic_and_importable(tmp_path: Path) -> None:
    data_a, count = bundle_bytes()
    data_b, _ = bundle_bytes()
    assert data_a == data_b and count > 1
    zip_path = tmp_path / "pyapp.zip"
    zip_path.write_bytes(data_a)
    with zipfile.ZipFile(zip_path) as archive:
        names = archive.namelist()
        assert "pyapp/__init__.py" in names and "pyapp/index.py" in names
        assert names == sorted(names)
        # sources, plus the package's own data files (named passages), nothing else
        assert not any("__pycache__" in n or not (n.endswith(".py") or n.startswith("pyapp/data/")) for n in names)
        assert "pyapp/data/named_passages.json" in names
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        archive.extractall(tmp_path / "site")
    probe = subprocess.run([sys.executable, "-c", "import pyapp.index, sys; print(pyapp.index.__file__)"],
                           cwd=tmp_path / "site", capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": str(tmp_path / "site")})
    assert probe.returncode == 0, probe.stderr
    assert str(tmp_path / "site") in probe.stdout


def test_app_bundle_cli_skips_unchanged(tmp_path: Path) -> None:
    out = tmp_path / "pyapp.zip"
    first = subprocess.run([sys.executable, "-m", "corpus_build.app_bundle", "--out", str(out)], cwd=REPO,
                           capture_output=True, text=True)
    second = subprocess.run([sys.executable, "-m", "corpus_build.app_bundle", "--out", str(out)], cwd=REPO,
                            capture_output=True, text=True)
    assert "written" in first.stdout and "unchanged" in second.stdout


def test_concurrent_builds_of_one_directory_serialise(tmp_path: Path, corpus_path: Path) -> None:
    out = tmp_path / "index"
    cmd = [sys.executable, "-m", "corpus_build", "--corpus", str(corpus_path), "--out", str(out),
           "--skip", "vectors,encoder,bilingual", "--no-app-zip"]
    procs = [subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    results = [(p.wait(timeout=300), p.stderr.read() if p.stderr else "") for p in procs]
    assert all(code == 0 for code, _ in results), results
    # exactly one of them built the tables; the other waited and found them up to date
    assert sum("step tables: building" in err for _, err in results) == 1
    assert sum("step tables: up to date" in err for _, err in results) == 1
    assert json.loads((out / "manifest.json").read_text())["counts"]["verses"] == len(synthetic_records())


def test_step_code_hash_covers_imported_project_modules() -> None:
    from corpus_build.manifest import module_closure

    # tables step: corpus.py writes JSON through manifest.py, cleans metres with metre.py and hymn groups
    # with groups.py, and writes verses.bin with pyapp/verse_table.py, so a change there must rebuild the tables
    assert module_closure("corpus_build.corpus") == ["corpus_build.corpus", "corpus_build.groups",
                                                     "corpus_build.manifest", "corpus_build.metre",
                                                     "pyapp.verse_table"]
    for step_module in ("corpus_build.text_index", "corpus_build.vectors", "corpus_build.encoder_export"):
        try:
            closure = module_closure(step_module)
        except ModuleNotFoundError:
            continue  # that helper's step does not exist yet
        assert step_module in closure and all(m.split(".")[0] in ("pyapp", "corpus_build") for m in closure)


def test_up_to_date_build_leaves_manifest_untouched(tmp_path: Path, corpus_path: Path) -> None:
    out = tmp_path / "index"
    args = ["--corpus", str(corpus_path), "--out", str(out), "--skip", "vectors,encoder,text,bilingual", "--no-app-zip"]
    assert run_build(*args).returncode == 0
    manifest = out / "manifest.json"
    before = (manifest.stat().st_mtime_ns, manifest.read_bytes())
    assert run_build(*args).returncode == 0
    assert (manifest.stat().st_mtime_ns, manifest.read_bytes()) == before
