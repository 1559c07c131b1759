"""The 'versions' build step (``corpus_build/versions.py``): the padapāṭha and the parallel translations
from VedaWeb's pinned files, their credits from the TEI header, lazy files in the manifest.

The readers and cleaners run on short strings written here; the build runs on the small invented
corpus of ``test_corpus_build.py`` against the local upstream copy (``$RIGVEDA_UPSTREAM`` as a path,
or ``shared/upstream`` beside the checkout; skipped without one). Outputs go to tmp dirs.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from corpus_build import versions as V
from corpus_build.boot_order import BINARY_FORMS
from corpus_build.manifest import sha256_file
from corpus_build.record_doc import readme_block
from corpus_build import locate
from corpus_build.upstream import Wanted, load_lock

REPO = Path(__file__).resolve().parents[2]
LOCK = load_lock()
SHAPE = {(1, 1): 3, (1, 2): 2, (2, 1): 4, (10, 1): 2}  # real hymn numbers, invented text


def synthetic_records() -> List[dict]:
    return [{"ref": f"{m}.{h}.{v}", "mandala": m, "hymn": h, "verse": v, "sanskrit": "अग्निम् ॥",
             "sanskrit_plain": "अग्निम् ॥", "roman": "agnim ||", "roman_plain": "agnim ||",
             "translation": f"Praise, verse {v}.", "translator": "test"}
            for (m, h), n in SHAPE.items() for v in range(1, n + 1)]


def write_corpus(directory: Path, records: List[dict], hymns: bool = True) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "rigveda.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    if hymns:
        rows = [json.dumps({"hymn_ref": f"{m}.{h}", "mandala": m, "hymn": h, "verses": n}) for (m, h), n in SHAPE.items()]
        (directory / "hymns.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _local_upstream() -> Optional[Path]:
    """The upstream copy corpus_build.locate finds, when it is a local directory (these tests link into it)."""
    found = locate.find_upstream()
    if found is None or locate.is_url(found.location) or not Path(found.location).is_dir():
        return None
    return Path(found.location)


def _pinned(item: Wanted) -> Path:
    """A pinned file in the local copy, in either mirror layout (with or without the commit level)."""
    assert UPSTREAM is not None
    with_commit = UPSTREAM / item.repo / item.commit / item.pin.path
    return with_commit if with_commit.is_file() else UPSTREAM / item.repo / item.pin.path


UPSTREAM = _local_upstream()
needs_upstream = pytest.mark.skipif(UPSTREAM is None, reason="no local upstream copy found ($RIGVEDA_UPSTREAM as a "
                                                             "path, ../shared/upstream or .cache/upstream)")


def run_build(*args: str, env: Optional[Dict[str, str]] = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "corpus_build", *args], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, **(env or {})})


# --------------------------------------------------------------------------- the lock


def test_versions_are_pinned_apart_from_the_corpus() -> None:
    names = {item.name for item in LOCK.version_files()}
    assert names == {"padapatha", "geldner", "grassmann", "renou", "elizarenkova", "oldenberg", "mueller", "macdonell"}
    assert not names & {item.name for item in LOCK.files()}  # the corpus fetch is unchanged
    assert {v.id for v in V.TRANSLATIONS} | {"padapatha"} == names
    assert LOCK.named("vedaweb_tei").pin.path == "rigveda/TEI/vedaweb_corpus.tei"
    # the pinned files are part of the step's input hash
    assert V.BUILD_VERSION == LOCK.versions_digest()


@needs_upstream
def test_pinned_hashes_are_the_published_files() -> None:
    assert UPSTREAM is not None
    for item in LOCK.version_files():
        path = UPSTREAM / item.repo / item.pin.path
        if not path.is_file():
            path = UPSTREAM / item.repo / item.commit / item.pin.path
        assert sha256_file(path) == item.pin.sha256, item.label
        assert path.stat().st_size == item.pin.bytes


# --------------------------------------------------------------------------- reading the files


def test_padapatha_is_cleaned_into_words() -> None:
    clean = V.clean_padapatha
    assert clean("agnim | īl̥e | puraḥ-hitam | r̥tvijam | ratna-dhātamam") == "agnim īḷe puraḥ-hitam ṛtvijam ratna-dhātamam"
    # iti after a pragṛhya word is its own word, also where the file glued it on
    assert clean("śatakrato itiśata-krato | ut") == "śatakrato iti śata-krato ut"
    assert clean("dakṣam | dadhāteiti | apasam") == "dakṣam dadhāte iti apasam"
    assert clean("vājinīvasūitivājinī-vasū | ā") == "vājinīvasū iti vājinī-vasū ā"
    assert clean("punariti | aditiḥ") == "punar iti aditiḥ"  # aditiḥ keeps its -iti-
    # editors' notes and stray markup go
    assert clean("apaḥ | [svar iti] svaḥ | pari-bhūḥ") == "apaḥ svaḥ pari-bhūḥ"
    assert clean("<b>(r̥V_10,92)yajñasya | vaḥ") == "yajñasya vaḥ"
    assert clean("dive--dive | ṁ") == "dive--dive ṃ"


def test_translations_read_with_absent_stanzas_left_out() -> None:
    plain = V.Version("x", "de")
    data = ("01.001.01\tAgni  berufe ich.\n01.001.02\tN/A\n01.001.03\t..........\n"
            "01.002.01\tZweite\tZeile\n").encode()
    assert V.read_translation(data, plain) == {"1.1.1": "Agni berufe ich.", "1.2.1": "Zweite Zeile"}
    padas = V.Version("y", "ru", padas=True)
    data = "01.001.01\t1\tАгни призываю я\n01.001.01\t2\tБога жертвы\n01.001.02\t1\tДа\n".encode()
    assert V.read_translation(data, padas) == {"1.1.1": "Агни призываю я / Бога жертвы", "1.1.2": "Да"}


@pytest.mark.parametrize("raw, clean", [
    ("1 I magnify 2 Agni, the Purohita.", "I magnify Agni, the Purohita."),
    ("the bright ones 1 had done service 2 to thee.", "the bright ones had done service to thee."),
    ("O wonderful lord 2, rich in cows 1; worship 1 thou", "O wonderful lord, rich in cows; worship thou"),
    ("the god Dyaus)4, Agni", "the god Dyaus), Agni"),
    ("three autumns and ten", "three autumns and ten"),
])
def test_footnote_numbers_dropped(raw: str, clean: str) -> None:
    assert V.drop_footnotes(raw) == clean


# --------------------------------------------------------------------------- credits


@needs_upstream
def test_credits_come_from_the_tei_header() -> None:
    assert UPSTREAM is not None
    tei = _pinned(LOCK.named("vedaweb_tei")).read_text(encoding="utf-8")
    credits = V.tei_credits(tei)
    for version in V.TRANSLATIONS:
        credit = credits[version.id]
        assert credit.licence == "CC BY-NC-SA 4.0" and "creativecommons.org" in credit.licence_url
        assert credit.line().endswith("CC BY-NC-SA 4.0.") and "VedaWeb" in credit.line()
    assert credits["geldner"].author == "Karl Friedrich Geldner" and credits["geldner"].name == "Geldner"
    assert "Harvard Oriental Series" in credits["geldner"].line()
    assert credits["mueller"].name == "Müller"
    assert credits["elizarenkova"].name == "Elizarenkova" and "compiled by Mārcis Gasūns" in credits["elizarenkova"].line()
    assert "Prof." not in credits["renou"].line() and "Daniel Kölligan" in credits["renou"].line()
    pada = credits["padapatha"].line()
    assert "Padapāṭha" in pada and "Dieter Gunkel" in pada and "GRETIL" in pada


# --------------------------------------------------------------------------- the step


def _records_with_own_fields() -> List[dict]:
    records = synthetic_records()
    records[0]["padapatha"] = "eigene  wörter-hier"
    records[1]["translations"] = {"geldner": "Ein eigener Text."}
    return records


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if UPSTREAM is None:
        pytest.skip("no local upstream copy")
    root = tmp_path_factory.mktemp("versions")
    corpus = write_corpus(root / "corpus", _records_with_own_fields())
    out = root / "index"
    result = run_build("--corpus", str(corpus), "--out", str(out), "--skip", "vectors,encoder,text,terms,bilingual",
                       "--no-app-zip", env={"RIGVEDA_UPSTREAM": str(UPSTREAM)})
    assert result.returncode == 0, result.stderr
    assert "step versions: done" in result.stderr
    return out


def test_build_writes_padapatha_catalog_and_lazy_versions(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    assert "versions" not in manifest["skipped"]
    lazy = {name for name, entry in manifest["files"].items() if entry.get("lazy")}
    assert {n for n in lazy if n.startswith("versions/")} == {f"versions/{v.id}.json" for v in V.TRANSLATIONS}
    # word lists are lazy too, and the JSON files the page reads in another form (verses.json → verses.bin,
    # warm27; text/vocab.json → text/vocab.txt, warm28): the JSON stays for tools
    binary_forms = {name for name, form in BINARY_FORMS.items() if form in manifest["files"]}
    assert lazy <= {n for n in manifest["files"] if n.startswith(("versions/", "languages/"))} | binary_forms
    assert not manifest["files"]["padapatha.json"].get("lazy") and not manifest["files"]["versions.json"].get("lazy")

    pada = json.loads((built / "padapatha.json").read_text(encoding="utf-8"))
    assert pada["format"] == 1
    assert pada["hymns"]["1.1"][0] == "eigene wörter-hier"  # the record's own value wins
    assert pada["hymns"]["1.1"][1].startswith("agniḥ pūrvebhiḥ ṛṣi-bhiḥ")  # from VedaWeb, IAST
    assert set(pada["hymns"]) == {"1.1", "1.2", "2.1", "10.1"}  # only the corpus' stanzas

    geldner = json.loads((built / "versions" / "geldner.json").read_text(encoding="utf-8"))
    assert geldner["id"] == "geldner" and geldner["language"] == "de"
    assert geldner["hymns"]["1.1"][0].startswith("Agni berufe ich")
    assert geldner["hymns"]["1.1"][1] == "Ein eigener Text."
    assert geldner["stems"]["berufe"] == "beruf"
    renou = json.loads((built / "versions" / "renou.json").read_text(encoding="utf-8"))
    assert "2.1" in renou["hymns"]
    mueller = json.loads((built / "versions" / "mueller.json").read_text(encoding="utf-8"))
    assert "1.1" not in mueller["hymns"] and mueller["hymns"]["1.2"][0].startswith("Come hither, O Vâyu")

    catalog = json.loads((built / "versions.json").read_text(encoding="utf-8"))
    ids = [v["id"] for v in catalog["versions"]]
    assert ids == ["griffith"] + [v.id for v in V.TRANSLATIONS]
    griffith = catalog["versions"][0]
    assert griffith["default"] and griffith["file"] is None and griffith["stanzas"] == 11
    assert "public domain" in griffith["credit"]
    by_id = {v["id"]: v for v in catalog["versions"]}
    assert by_id["geldner"]["stanzas"] == 11 and by_id["geldner"]["coverage"] == 100.0
    assert by_id["mueller"]["stanzas"] == 2 and by_id["mueller"]["file"] == "versions/mueller.json"
    assert catalog["padapatha"]["stanzas"] == 11 and "Padapāṭha" in catalog["padapatha"]["credit"]


def test_language_table_lists_every_version(built: Path) -> None:
    catalog = json.loads((built / "versions.json").read_text(encoding="utf-8"))
    table = V.language_table(catalog, {"versions/geldner.json": 2_300_000})
    lines = table.splitlines()
    assert len(lines) == 2 + 1 + 1 + len(V.TRANSLATIONS)
    assert "| Geldner | German | 11 (100.00 %) | when chosen (2.3 MB) | CC BY-NC-SA 4.0 |" in table
    assert "| Griffith | English |" in table and "the default" in table


def test_build_is_deterministic_and_skips_when_unchanged(built: Path, tmp_path: Path) -> None:
    corpus = built.parent / "corpus" / "rigveda.jsonl"
    before = {p.name: p.read_bytes() for p in (built / "versions").iterdir()}
    result = run_build("--corpus", str(corpus), "--out", str(built), "--skip", "vectors,encoder,text,terms,bilingual",
                       "--no-app-zip", env={"RIGVEDA_UPSTREAM": str(UPSTREAM)})
    assert result.returncode == 0 and "step versions: up to date" in result.stderr
    other = tmp_path / "index"
    result = run_build("--corpus", str(corpus), "--out", str(other), "--skip", "vectors,encoder,text,terms,bilingual",
                       "--no-app-zip", env={"RIGVEDA_UPSTREAM": str(UPSTREAM)})
    assert result.returncode == 0, result.stderr
    assert {p.name: p.read_bytes() for p in (other / "versions").iterdir()} == before
    assert (other / "manifest.json").read_bytes() == (built / "manifest.json").read_bytes()


def test_unreachable_upstream_skips_the_step(tmp_path: Path) -> None:
    corpus = write_corpus(tmp_path / "corpus", synthetic_records())
    out = tmp_path / "index"
    result = run_build("--corpus", str(corpus), "--out", str(out), "--skip", "vectors,encoder,text,terms,bilingual",
                       "--no-app-zip", env={"RIGVEDA_UPSTREAM": str(tmp_path / "nowhere")})
    assert result.returncode == 0, result.stderr
    assert "warning: step versions: the padapāṭha and translations are left out" in result.stderr
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["skipped"] == ["bilingual", "encoder", "terms", "text", "vectors", "versions"]
    assert not (out / "padapatha.json").exists()


@needs_upstream
def test_a_changed_file_stops_the_build(tmp_path: Path) -> None:
    assert UPSTREAM is not None
    mirror = tmp_path / "mirror"
    for item in [LOCK.named("vedaweb_tei")] + LOCK.version_files():
        target = mirror / item.repo / item.pin.path
        target.parent.mkdir(parents=True, exist_ok=True)
        source = _pinned(item)
        if item.name == "renou":
            target.write_bytes(source.read_bytes()[:1000])  # truncated
        else:
            target.symlink_to(source)
    corpus = write_corpus(tmp_path / "corpus", synthetic_records())
    result = run_build("--corpus", str(corpus), "--out", str(tmp_path / "index"), "--skip",
                       "vectors,encoder,text,terms", "--no-app-zip", env={"RIGVEDA_UPSTREAM": str(mirror)})
    assert result.returncode == 1
    assert "rigveda/translations/fra/renou.csv" in result.stderr and "does not match its pinned hash" in result.stderr
    assert "truncated" in result.stderr and "Traceback" not in result.stderr


def test_unknown_version_in_a_record_is_an_error(tmp_path: Path) -> None:
    if UPSTREAM is None:
        pytest.skip("no local upstream copy")
    records = synthetic_records()
    records[3]["translations"] = {"klingon": "Qapla'"}
    corpus = write_corpus(tmp_path / "corpus", records)
    result = run_build("--corpus", str(corpus), "--out", str(tmp_path / "index"), "--skip",
                       "vectors,encoder,text,terms", "--no-app-zip", env={"RIGVEDA_UPSTREAM": str(UPSTREAM)})
    assert result.returncode == 1
    assert "verse 1.2.1: field translations: unknown version 'klingon'" in result.stderr


def test_record_fields_validated_and_documented(tmp_path: Path) -> None:
    from corpus_build.corpus import CorpusError, load_corpus

    records = synthetic_records()
    records[2]["padapatha"] = "  "
    path = write_corpus(tmp_path, records, hymns=False)
    with pytest.raises(CorpusError, match="line 3: field padapatha"):
        load_corpus(str(path))
    records = synthetic_records()
    records[2]["translations"] = {"geldner": ""}
    path = write_corpus(tmp_path, records, hymns=False)
    with pytest.raises(CorpusError, match="line 3: field translations"):
        load_corpus(str(path))
    block = readme_block()
    assert "| `padapatha` | string or null |" in block and "| `translations` | object of strings or null |" in block


@needs_upstream
def test_fetch_over_http_keeps_checked_copies(tmp_path: Path) -> None:
    """From a URL the files are checked, kept in the cache, and read from there next time."""
    import threading
    from functools import partial
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    wanted = [LOCK.named("vedaweb_tei"), LOCK.named("macdonell")]
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(UPSTREAM)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        files = V.fetch_pinned(wanted, url, cache=tmp_path / "cache")
    finally:
        server.shutdown()
        server.server_close()
    assert set(files) == {"vedaweb_tei", "macdonell"}
    kept = tmp_path / "cache" / wanted[1].repo / wanted[1].commit / wanted[1].pin.path
    assert sha256_file(kept) == wanted[1].pin.sha256
    again = V.fetch_pinned(wanted, url, cache=tmp_path / "cache")  # the server is gone: from the cache
    assert again == files
