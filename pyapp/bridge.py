"""The page's door into Python: ``boot``, ``warm_up``, ``ask``, ``lookup``, ``reader_catalog``,
``reader_hymn``, ``stop`` (and ``probe_engine``, a one-call diagnostic of the active JS engine).
Benchmarks are not here: the in-page search benchmark is ``pyapp.bench.inpage``.

Why this module exists: it is the ONLY part of ``pyapp`` that touches ``js`` / ``pyodide``, so the
rest of the package runs unchanged in CPython tests. The page calls these functions through
``web/python/worker.py`` in PyScript's worker (or directly, with ``?python=page``); every
value crossing the boundary is a JSON string (or a JS callback), which keeps proxy lifetimes
trivial: the only Python object handed to JavaScript is the chunk callback of ``BridgeEngine``,
created with ``create_proxy`` and destroyed when the call ends.

Imported in CPython (no ``js`` module) everything except the JS-backed engine and memory store still
works, which is how ``boot`` / ``lookup`` / ``ask`` with the extractive engine can be tried locally.
"""
from __future__ import annotations

import asyncio
import gc
import json
import re
import time
from typing import Any, AsyncIterator, Callable, Dict, List, Optional, Tuple

from pyapp.engines.base import ChatRequest, Engine, EngineError
from pyapp.engines.extractive import ExtractiveEngine
from pyapp.schemas import StatusEvent, TurnResult

try:  # only inside Pyodide
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import JsException, create_proxy  # type: ignore[import-not-found]
except ImportError:  # CPython: the JS-backed pieces report that they need a browser
    js = None
    JsException = None  # type: ignore[assignment,misc]
    create_proxy = None  # type: ignore[assignment]


def one_line(exc: BaseException) -> str:
    """A user-facing sentence for an exception: its first line, without the class name."""
    text = str(exc).strip().split("\n")[0] if str(exc).strip() else type(exc).__name__
    return text[:300]


# ---- JS-backed engine ------------------------------------------------------------------------

_DONE = object()


class BridgeEngine(Engine):
    """Forwards a ChatRequest to ``globalThis.rvsEngines.complete`` (WebLLM / wllama / endpoint).

    Chunks arrive through a JS callback while the promise is pending; they are queued and yielded
    as they come, so the answer streams into the page. JS rejections become ``EngineError`` with
    the engine's own one-line message (``.code`` is kept on the exception as ``code``).
    """

    is_llm = True

    def __init__(self, name: str = "llm") -> None:
        self.name = name

    async def complete(self, request: ChatRequest) -> AsyncIterator[str]:
        if js is None:
            raise EngineError("language models run only in the browser")
        queue: asyncio.Queue = asyncio.Queue()
        # JSON calls (stream=False) take only the engine's final, cleaned-up text
        on_chunk = create_proxy(lambda text: queue.put_nowait(str(text)) if request.stream else None)

        async def run() -> None:
            try:
                full = await js.rvsEngines.complete(request.to_wire_json(), on_chunk)
                queue.put_nowait((_DONE, str(full)))
            except JsException as exc:  # a rejected promise: the Error object, proxied
                queue.put_nowait((_DONE, _engine_error(exc)))
            except Exception as exc:  # conversion problems and the like
                queue.put_nowait((_DONE, EngineError(one_line(exc))))

        task = asyncio.ensure_future(run())
        streamed: List[str] = []
        try:
            while True:
                item = await queue.get()
                if isinstance(item, tuple) and item and item[0] is _DONE:
                    final = item[1]
                    if isinstance(final, BaseException):
                        raise final
                    # a non-streaming engine only resolves: hand over whatever was not streamed
                    already = "".join(streamed)
                    rest = final[len(already):] if final.startswith(already) else ("" if already else final)
                    if rest:
                        yield rest
                    return
                streamed.append(item)
                yield item
        finally:
            if not task.done():
                task.cancel()
            on_chunk.destroy()


def _engine_error(exc: Any) -> EngineError:
    message = getattr(exc, "message", None) or str(exc)
    code = getattr(exc, "code", None)
    error = EngineError(str(message).split("\n")[0])
    error.code = str(code) if code else None  # type: ignore[attr-defined]
    return error


# ---- IndexedDB-backed memory ----------------------------------------------------------------

class IndexedDbStore:
    """H4's ``MemoryStore`` protocol over ``globalThis.rvsStorage`` (web/storage.js), JSON strings only."""

    async def all(self) -> list:
        from pyapp.memory import MemoryItem

        items = []
        for obj in json.loads(str(await js.rvsStorage.memoryAll())):
            try:
                items.append(MemoryItem.parse_obj(obj))
            except Exception:  # an item from an older app version: skip it, keep the rest
                continue
        return items

    async def put(self, item: Any) -> None:
        await js.rvsStorage.memoryPut(item.to_wire_json())

    async def clear(self) -> None:
        await js.rvsStorage.memoryClear()


# ---- state loaded once by boot() --------------------------------------------------------------

class _State:
    def __init__(self) -> None:
        self.searcher: Any = None
        self.memory: Any = None
        self.current: Optional[asyncio.Future] = None
        self.timings: Dict[str, float] = {}
        self.vectors_pending = False  # meaning search's files still downloading (attach_vectors)
        self.preparing = False  # prepare_later started


_state = _State()
# Meaning search arrives after "ready" on a first visit (corpus_build/boot_order.py): the answers given
# before it is attached say so, once each, so a reader knows why a later answer may find more.
VECTORS_LOADING = "meaning search is still downloading"
VECTORS_PENDING_NOTE = ("Meaning search was still downloading, so this answer used keyword search only; "
                        "the next answers use both.")
# The padapāṭha's word index is prepared after "ready" too, in slices between questions (prepare_later):
# an answer that looked for it before it was whole says it went without.
PADAPATHA_PENDING_NOTE = ("The padapāṭha (the word-by-word text) was still being prepared, so this answer "
                          "was made without it; the next answers use it.")
PREPARE_PAUSE_S = 0.05  # how long the slices wait while a question runs


def deferred_missing(asset_dir: str) -> List[str]:
    """Index files the manifest marks "deferred" that are not in ``asset_dir`` yet (the page writes
    them there after "ready": web/python/loader.js downloadDeferred)."""
    import os

    try:
        with open(os.path.join(asset_dir, "manifest.json"), encoding="utf-8") as fh:
            files = json.load(fh).get("files", {})
    except (OSError, ValueError):
        return []
    return sorted(name for name, info in files.items()
                  if isinstance(info, dict) and info.get("deferred") and not info.get("lazy")
                  and not os.path.isfile(os.path.join(asset_dir, name)))


def _long_lived() -> None:
    """Tell the garbage collector that what exists now lives as long as the page (``gc.freeze``).

    Why: the collector's full passes walk every object it tracks, and after the runtime's snapshot that
    is every imported module's (pydantic, the agents, numpy): one full pass in the searcher's load was
    half of its CPU time in CPython (60 → 30 ms; more in Pyodide), and later ones fell in the first
    answers. The modules, the loaded index and the warm-up's tables are never freed anyway; frozen, they
    are never walked again. What a question makes is collected as before."""
    gc.freeze()


def boot(asset_dir: str) -> str:
    """Load index, text index, vectors and encoder once (H3's ``Searcher.load``); JSON status
    ``{success, verses, hymns, build, vectors, timings, cpuPrefix}`` or ``{success: false, error}``."""
    try:
        imports_start = time.perf_counter()
        from pyapp.agents.generator import compact_prefix
        from pyapp.memory import InMemoryStore, Memory
        from pyapp.orchestrator import Orchestrator  # noqa: F401  imported now so the first question is not slower
        from pyapp.search import Searcher

        start = time.perf_counter()
        _long_lived()  # the modules (from the runtime's snapshot) and numpy
        pending = bool(deferred_missing(asset_dir))
        # the padapāṭha is prepared after "ready", in slices (warm_up → prepare_later): not needed to answer
        searcher = Searcher.load(asset_dir, vectors=not pending, padapatha_later=True)
        if pending:
            searcher.vector_note = VECTORS_LOADING
        _state.vectors_pending = pending
        _state.timings = {"searcher_load": round((time.perf_counter() - start) * 1000, 1),
                          "imports": round((start - imports_start) * 1000, 1)}
        _state.searcher = searcher
        _long_lived()
        in_browser = js is not None and hasattr(js, "rvsStorage")
        _state.memory = Memory(IndexedDbStore() if in_browser else InMemoryStore())
        manifest = searcher.index.manifest
        return json.dumps({
            "success": True,
            "verses": len(searcher.index),
            "hymns": manifest.get("counts", {}).get("hymns"),
            "build": manifest.get("build_version"),
            "vectors": "loading" if pending else (searcher.vector_note or "loaded"),
            "timings": _state.timings,
            "cpuPrefix": compact_prefix(),  # read ahead by a CPU model once it loads (web/bridge.js setPrefix)
        }, ensure_ascii=False)
    except Exception as exc:
        return json.dumps({"success": False, "error": f"The search index could not be loaded: {one_line(exc)}"},
                          ensure_ascii=False)


def attach_vectors(asset_dir: str) -> str:
    """Add meaning search (encoder + verse vectors, downloaded after "ready") to the running
    searcher, and run it once so the next question does not pay for its first use. JSON
    ``{success, vectors, ms}``; a failure leaves keyword search as it was (``success: false``)."""
    try:
        _require_booted()
        start = time.perf_counter()
        note = _state.searcher.attach_vectors(asset_dir)
        _state.vectors_pending = False
        if not note:
            _state.searcher.search("hymn to the dawn", method="hybrid", k=5)
        return json.dumps({"success": not note, "vectors": note or "loaded",
                           "ms": round((time.perf_counter() - start) * 1000, 1)}, ensure_ascii=False)
    except Exception as exc:
        _state.vectors_pending = False
        return json.dumps({"success": False, "vectors": one_line(exc), "error": one_line(exc)}, ensure_ascii=False)


def vectors_pending() -> bool:
    """True between a boot without meaning search's files and their attach_vectors (or failure)."""
    return _state.vectors_pending


def attach_vectors_failed(reason: str) -> None:
    """Meaning search's files could not be downloaded: keyword search only, and answers stop
    promising it (the searcher's note says why)."""
    _state.vectors_pending = False
    if _state.searcher is not None and not _state.searcher.has_vectors:
        _state.searcher.vector_note = f"meaning search unavailable (download failed: {reason[:160]})"


def warm_up() -> str:
    """Build what the first question would otherwise build: the name lexicon (a pass over every
    verse), the keyword index's vocabulary and the term lexicon's lookups (left out of the load), the
    encoder's and BM25's first run, and the hymn table of the facts. The page calls it right after
    "ready", while the reader is still typing, so the first answer is as quick as the next ones. Then
    the padapāṭha is prepared in slices (``prepare_later``). JSON timings."""
    try:
        _require_booted()
        from pyapp.lexicon import lexicon_for

        start = time.perf_counter()
        lexicon_for(_state.searcher.index)
        lexicon_ms = (time.perf_counter() - start) * 1000
        _state.searcher.text_index.prepare()
        _state.searcher.terms.prepare()
        _state.searcher.search("hymn to the dawn", method="hybrid", k=5)
        from pyapp.factbook.table import facts_for

        facts_for(_state.searcher.index)  # the hymn table every who / which / how-many question reads
        _long_lived()
        total_ms = (time.perf_counter() - start) * 1000
        if js is not None:  # the page: in slices between questions
            if not _state.preparing:
                _state.preparing = True
                asyncio.ensure_future(prepare_later())
        else:  # CPython (tests, tools): at once
            for _ in _state.searcher.padapatha_steps():
                pass
        return json.dumps({"success": True, "lexicon_ms": round(lexicon_ms, 1), "total_ms": round(total_ms, 1)})
    except Exception as exc:
        return json.dumps({"success": False, "error": one_line(exc)})


async def prepare_later() -> None:
    """The padapāṭha's word index (~1 s of Pyodide), one slice of ~10–30 ms of CPython at a time, each
    after a turn of the event loop, and none while a question is being answered: a question never waits
    for it (session 26 prepared it in one piece after "ready", and the first answer waited 2 s)."""
    searcher = _state.searcher
    if searcher is None:
        return
    start = time.perf_counter()
    try:
        for _ in searcher.padapatha_steps():
            await asyncio.sleep(0)
            while _state.current is not None:
                await asyncio.sleep(PREPARE_PAUSE_S)
    finally:
        _state.preparing = False
    _state.timings["padapatha_ready"] = round((time.perf_counter() - start) * 1000, 1)


def version_for(question: str) -> str:
    """The translation a question needs before ``ask`` ("geldner" for German, "renou" for French,
    "elizarenkova" for Russian, "" for English): the page fetches it first (``rvsVersions.ensure``),
    so the lazy version files cost nothing until a reader chooses one or asks in its language."""
    try:
        from pyapp.reading.asked_version import read as asked_for
        from pyapp.reading.foreign import VERSION_FOR, version_for as needed

        asked = asked_for(str(question or ""))  # "Geldner's 10.129", "the French translation of …"
        if asked is not None and (asked.version or asked.language in VERSION_FOR):
            return asked.version or VERSION_FOR[asked.language]
        return needed(str(question or ""))
    except Exception:
        return ""


def language_file(question: str) -> str:
    """JSON ``{"file": "languages/es.json", "language": "Spanish", "dictionary": "bilingual/es.json"}`` for a
    question in another language (``"null"`` for English): the page fetches that word file first, once, saying
    its size (``rvsVersions.ensureFile``), and the language's free dictionary table (``pyapp.reading.bilingual``)
    when the build made one (the manifest says; a build without FreeDict installed has none, and the page
    skips it)."""
    try:
        from pyapp.reading import bilingual
        from pyapp.reading.gloss import needed_file
        from pyapp.reading.language import detect

        file = needed_file(str(question or ""))
        language = detect(str(question or ""))
        code, name = language.code, language.name
        if not file and language.code == "en" and _state.searcher is not None:
            code, name = _read_in_part(str(question or ""))  # Danish, Slovak … told by their cue words
        table_language = bilingual.dictionary_language(code)  # its own, or Hindi's for Bengali, Tamil …
        if not file and table_language is None:
            return "null"
        out = {"file": file, "language": name}
        if table_language is not None:
            out["dictionary"] = bilingual.table_file(table_language)
        return json.dumps(out)
    except Exception:
        return "null"


def _read_in_part(question: str) -> Tuple[str, str]:
    """(code, name) of a language read in part that ``detect`` took for English (``pyapp.reading.any_language``:
    its cue words, and most of its words not English), ("en", "English") otherwise: such a question is read
    with its free dictionary when the build has one, so the page fetches that table first."""
    from pyapp.agents.text import stem
    from pyapp.orchestrator import Orchestrator
    from pyapp.reading import any_language

    orchestrator = Orchestrator(_state.searcher, None, None, {"useMemory": False})
    idf = orchestrator.idf()
    known = (lambda word: idf(stem(word)) > 0) if idf is not None else None
    code = any_language.unread_language(question, orchestrator.lexicon, known)
    return (code, any_language.table()[code].name) if code else ("en", "English")


def _require_booted() -> None:
    if _state.searcher is None:
        raise RuntimeError("the app is still loading; try again in a moment")


# ---- direct verse / hymn references --------------------------------------------------------------

_BARE_REF = re.compile(
    r"^\s*(?:(?:RV|Rv|rv|ṚV|ṛv|Rigveda|RigVeda|Rig Veda|Ṛgveda)\.?\s*)?"
    r"\d{1,3}\s*[.:]\s*\d{1,4}(?:\s*[.:]\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?)?\s*[.?!]?\s*$"
)


def is_bare_reference(text: str) -> bool:
    """True when the whole input is just a reference ("10.129.1", "RV 3.62.10", "10.129", "1.1.1-3"):
    the page then shows those verses directly instead of running the agents."""
    return bool(_BARE_REF.match(text or ""))


def lookup(text: str) -> str:
    """JSON ``{matched, success, error, results, hymn, note}``; ``matched`` false = not a bare reference.

    The verses and the "does not exist" messages come from H3's reference lookup (bookContext),
    the same path the agents use, so the page and the answers never disagree on a reference.
    """
    text = str(text)
    if not is_bare_reference(text):
        return json.dumps({"matched": False, "success": False, "error": None, "results": []})
    try:
        _require_booted()
        from pyapp.search import MAX_K

        response = _state.searcher.search(text, method="bookContext", k=MAX_K)
        if not response.success:
            return json.dumps({"matched": True, "success": False, "error": response.error, "results": []},
                              ensure_ascii=False)
        refs = [r.book_context for r in response.results]
        mandala, hymn = refs[0].split(".")[:2] if refs else ("", "")
        meta = _state.searcher.index.hymns_meta(int(mandala), int(hymn)) if refs else None
        return json.dumps({
            "matched": True, "success": True, "error": None, "hymn": f"{mandala}.{hymn}",
            "note": (meta or {}).get("addressee") if len(refs) > 1 else None,
            "results": [r.to_wire() for r in response.results],
        }, ensure_ascii=False)
    except Exception as exc:
        return json.dumps({"matched": True, "success": False, "error": one_line(exc), "results": []},
                          ensure_ascii=False)


# ---- the hymn reader (web/ui/reader.js; the data is pyapp/reader.py) ------------------------------

def reader_catalog() -> str:
    """JSON catalogue of every hymn for the reader's lists and filters (``pyapp.reader.catalog``),
    or ``{success: false, error}``. Made once, on the reader's first list or filter."""
    try:
        _require_booted()
        from pyapp.reader import catalog_json

        return catalog_json(_state.searcher.index)
    except Exception as exc:
        return json.dumps({"success": False, "error": one_line(exc)}, ensure_ascii=False)


def reader_hymn(ref: str) -> str:
    """JSON of one whole hymn ("M.H" or "M.H.V") for the reader (``pyapp.reader.hymn``)."""
    try:
        _require_booted()
        from pyapp.reader import hymn_json

        return hymn_json(_state.searcher.index, str(ref))
    except Exception as exc:
        return json.dumps({"success": False, "error": one_line(exc)}, ensure_ascii=False)


# ---- questions ----------------------------------------------------------------------------------

def _engine_for(settings: Dict[str, Any]) -> Engine:
    engine_id = str(settings.get("engine") or "extractive")
    if engine_id == "extractive" or js is None:
        return ExtractiveEngine()
    return BridgeEngine(engine_id)


def _turn_settings(settings: Dict[str, Any]) -> Any:
    """The page's settings → H4's TurnSettings (only what the page lets the reader switch)."""
    from pyapp.orchestrator import TurnSettings

    values: Dict[str, Any] = {"deep_mode": bool(settings.get("deepMode", False))}
    effort = settings.get("llmEffort")
    if effort is not None and "llm_effort" in TurnSettings.__fields__:  # "auto" | "fast" | "full"
        values["llm_effort"] = str(effort)
    return TurnSettings(**values)


async def ask(question: str, history_json: str, settings_json: str,
              on_status: Callable[[str], Any], on_token: Callable[[str], Any]) -> str:
    """Answer one question; returns TurnResult JSON. Status events and answer tokens stream out
    through the two JS callbacks (as JSON / text). Never raises: failures become ``success: false``."""
    question = str(question)
    engine_name = "extractive"
    try:
        _require_booted()
        from pyapp.orchestrator import Orchestrator

        history = json.loads(str(history_json or "[]"))
        settings = json.loads(str(settings_json or "{}"))
        engine = _engine_for(settings)
        engine_name = engine.name
        orchestrator = Orchestrator(_state.searcher, engine, _state.memory, _turn_settings(settings))

        async def status(event: StatusEvent) -> None:
            on_status(event.to_wire_json())
            # yield once: on the page's thread (?python=page) so the badge can be painted, in the
            # worker so a Stop message can be read between two agents
            await asyncio.sleep(0)

        pending = _state.vectors_pending
        _state.searcher.skipped_parts.clear()
        task = asyncio.ensure_future(orchestrator.run_turn(question, history, status, on_token))
        _state.current = task
        try:
            result = await task
            if pending and result.success:
                result = result.copy(update={"notes": [*result.notes, VECTORS_PENDING_NOTE]})
            if "padapatha" in _state.searcher.skipped_parts and result.success:
                result = result.copy(update={"notes": [*result.notes, PADAPATHA_PENDING_NOTE]})
        except asyncio.CancelledError:
            result = TurnResult(success=False, kind="error", question=question, error="Stopped.", engine=engine_name)
        finally:
            _state.current = None
        return result.to_wire_json()
    except Exception as exc:
        return TurnResult(success=False, kind="error", question=question, error=one_line(exc),
                          engine=engine_name).to_wire_json()


async def probe_engine(prompt: str = "Say hello in five words.", max_tokens: int = 16) -> str:
    """One small call through the active JS engine (diagnostics and the benchmark):
    JSON ``{success, ms, first_chunk_ms, chunks, text}`` or ``{success: false, error, code}``."""
    from pyapp.engines.base import ChatMessage

    engine_id = str(js.rvsEngines.active().id) if js is not None else "extractive"
    request = ChatRequest(agent="probe", messages=[ChatMessage(role="user", content=prompt)],
                          stream=True, max_tokens=max_tokens)
    start = time.perf_counter()
    first: Optional[float] = None
    chunks: List[str] = []
    try:
        async for chunk in BridgeEngine(engine_id).complete(request):
            if first is None:
                first = (time.perf_counter() - start) * 1000
            chunks.append(chunk)
    except EngineError as exc:
        return json.dumps({"success": False, "error": str(exc), "code": getattr(exc, "code", None)})
    return json.dumps({"success": True, "engine": engine_id, "ms": round((time.perf_counter() - start) * 1000),
                       "first_chunk_ms": None if first is None else round(first), "chunks": len(chunks),
                       "text": "".join(chunks)}, ensure_ascii=False)


def stop() -> None:
    """Stop the running turn (the page's Stop button) and any generation in the engines."""
    task = _state.current
    if task is not None and not task.done():
        task.cancel()
    if js is not None and hasattr(js, "rvsEngines"):
        js.rvsEngines.abort()
