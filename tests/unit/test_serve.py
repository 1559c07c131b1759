"""``serve.py`` as a user runs it (a subprocess): headers, MIME types, exit codes and messages."""
from __future__ import annotations

import hashlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

import pytest

REPO = Path(__file__).resolve().parents[2]
SERVE = [sys.executable, str(REPO / "serve.py")]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def web_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("web")
    files = {
        "index.html": b"<!doctype html><title>t</title>",
        "app.js": b"export {};",
        "sw.js": b"self.addEventListener('install', () => {});",
        "assets/index/manifest.json": b"{}",
        "assets/index/vectors/v.npy": b"\x93NUMPY",
        "assets/pyapp.zip": b"PK",
        "vendor/pyodide/pyodide.asm.wasm": b"\0asm\1\0\0\0",
        "vendor/pyodide/pyodide.mjs": b"export {};",
        "vendor/models/m.gguf": bytes(range(256)) * 4,
        "vendor/fonts/f.woff2": b"wOF2",
        "vendor/wllama/LICENSE": b"MIT",
        ".secret": b"no",
    }
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def start(args: List[str], env: Dict[str, str] | None = None) -> Tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([*SERVE, "--no-build", "--port", str(port), *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc, url
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"serve.py did not start: {proc.communicate()[1]}")


def stop(proc: subprocess.Popen) -> Tuple[str, str]:
    proc.terminate()
    out, err = proc.communicate(timeout=10)
    return out, err


@pytest.fixture(scope="module")
def server(web_root: Path) -> Iterator[str]:
    proc, url = start(["--web-root", str(web_root)])
    yield url
    stop(proc)


def fetch(url: str, headers: Dict[str, str] | None = None) -> Tuple[int, Dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read()


@pytest.mark.parametrize("path, mime", [
    ("/vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
    ("/vendor/pyodide/pyodide.mjs", "text/javascript"),
    ("/app.js", "text/javascript"),
    ("/", "text/html"),
    ("/assets/index/manifest.json", "application/json"),
    ("/assets/index/vectors/v.npy", "application/octet-stream"),
    ("/assets/pyapp.zip", "application/zip"),
    ("/vendor/models/m.gguf", "application/octet-stream"),
    ("/vendor/fonts/f.woff2", "font/woff2"),
])
def test_mime_types(server: str, path: str, mime: str) -> None:
    status, headers, _ = fetch(server + path)
    assert status == 200
    assert headers["content-type"].split(";")[0] == mime
    assert headers["x-content-type-options"] == "nosniff"


def test_csp_and_cache_policy(server: str) -> None:
    _, page, _ = fetch(server + "/")
    csp = page["content-security-policy"]
    assert "default-src 'self'" in csp and "script-src 'self' 'wasm-unsafe-eval'" in csp
    assert "'unsafe-eval'" not in csp.replace("'wasm-unsafe-eval'", "")
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert page["cache-control"] == "no-cache"
    assert fetch(server + "/sw.js")[1]["cache-control"] == "no-cache"
    assert fetch(server + "/assets/index/manifest.json")[1]["cache-control"] == "no-cache"
    assert "max-age" in fetch(server + "/vendor/pyodide/pyodide.asm.wasm")[1]["cache-control"]
    # cross-origin isolated by default (wllama's threads), the same two values web/sw.js adds
    assert page["cross-origin-opener-policy"] == "same-origin"
    assert page["cross-origin-embedder-policy"] == "credentialless"
    assert fetch(server + "/vendor/pyodide/pyodide.mjs")[1]["cross-origin-embedder-policy"] == "credentialless"


def test_a_url_naming_its_bytes_is_kept_for_good_and_another_builds_is_not(server: str) -> None:
    sha = hashlib.sha256(b"PK").hexdigest()
    assert "immutable" in fetch(server + f"/assets/pyapp.zip?v={sha[:16]}")[1]["cache-control"]
    assert fetch(server + "/assets/pyapp.zip?v=0123456789abcdef")[1]["cache-control"] == "no-cache"
    assert fetch(server + "/assets/pyapp.zip")[1]["cache-control"] == "no-cache"
    status, headers, _ = fetch(server + f"/assets/pyapp.zip?v={sha[:16]}", {"If-None-Match": fetch(server + "/assets/pyapp.zip")[1]["etag"]})
    assert status == 304 and "immutable" in headers["cache-control"]


def test_revalidation_range_and_hidden_files(server: str) -> None:
    _, headers, _ = fetch(server + "/app.js")
    status, _, body = fetch(server + "/app.js", {"If-None-Match": headers["etag"]})
    assert status == 304 and body == b""
    status, headers, body = fetch(server + "/vendor/models/m.gguf", {"Range": "bytes=10-19"})
    assert status == 206 and body == bytes(range(10, 20))
    assert headers["content-range"] == "bytes 10-19/1024"
    assert fetch(server + "/vendor/models/m.gguf", {"Range": "bytes=5000-"})[0] == 416
    assert fetch(server + "/.secret")[0] == 404
    assert fetch(server + "/vendor/")[0] == 404  # no directory listings
    assert fetch(server + "/../serve.py")[0] == 404


def test_no_isolate_flag_leaves_coop_coep_out(web_root: Path) -> None:
    proc, url = start(["--web-root", str(web_root), "--no-isolate"])
    try:
        _, headers, _ = fetch(url + "/")
        assert "cross-origin-opener-policy" not in headers and "cross-origin-embedder-policy" not in headers
        assert "content-security-policy" in headers
    finally:
        stop(proc)
    proc, url = start(["--web-root", str(web_root), "--isolate"])  # the old flag still works (now the default)
    try:
        assert fetch(url + "/")[1]["cross-origin-embedder-policy"] == "credentialless"
    finally:
        stop(proc)


def test_service_worker_sends_the_same_isolation_headers_as_serve() -> None:
    """web/sw.js adds COOP/COEP itself (hosts that cannot send headers); both must name the same values."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("rvs_serve", REPO / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)  # type: ignore[union-attr]
    sw = (REPO / "web" / "sw.js").read_text(encoding="utf-8")
    for name, value in serve.ISOLATION_HEADERS.items():
        assert f'"{name}": "{value}"' in sw, name


def test_prints_url_and_logs_quietly(web_root: Path) -> None:
    proc, url = start(["--web-root", str(web_root)])
    try:
        fetch(url + "/app.js")
        fetch(url + "/missing.js")
    finally:
        out, err = stop(proc)
    assert url + "/" in out
    assert "GET /missing.js -> 404" in err and "/app.js" not in err


def test_port_in_use_exit_3(web_root: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        result = subprocess.run([*SERVE, "--no-build", "--port", str(port), "--web-root", str(web_root)],
                                cwd=REPO, capture_output=True, text=True, timeout=30)
    assert result.returncode == 3
    assert f"port {port}" in result.stderr and "already in use" in result.stderr
    assert result.stderr.strip().count("\n") == 0 and "Traceback" not in result.stderr


def test_missing_corpus_exit_2(tmp_path: Path) -> None:
    env = {**os.environ, "RIGVEDA_CORPUS": str(tmp_path / "no-such-corpus.jsonl")}
    result = subprocess.run([*SERVE, "--port", str(free_port()), "--web-root", str(tmp_path / "web")],
                            cwd=REPO, capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 2
    assert "corpus not found" in result.stderr and "no-such-corpus.jsonl" in result.stderr
    assert result.stderr.strip().count("\n") == 0 and "Traceback" not in result.stderr


def _checkout_alone(root: Path) -> Path:
    """This checkout's code (no git, no built files) at ``root``, with no shared/ beside it or its parents."""
    import shutil

    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    root.mkdir(parents=True)
    shutil.copy2(REPO / "serve.py", root / "serve.py")
    for package in ("corpus_build", "pyapp"):
        shutil.copytree(REPO / package, root / package, ignore=ignore)
    assert not any((folder / "shared").exists() for folder in root.parents)
    return root


def test_no_corpus_anywhere_exit_2_names_only_options_that_work(tmp_path: Path) -> None:
    """Nothing to find and no mirror reachable: one error line, and every option and variable it suggests
    is one serve.py and python -m corpus_build accept (each --option parses with a value)."""
    from corpus_build.locate import CORPUS_ENV, UPSTREAM_ENV
    import re

    checkout = _checkout_alone(tmp_path / "nowhere" / "checkout")
    env = {k: v for k, v in os.environ.items() if k not in (CORPUS_ENV, "RVS_STEP_CACHE")}
    env[UPSTREAM_ENV] = str(tmp_path / "no-such-mirror")
    result = subprocess.run([sys.executable, str(checkout / "serve.py"), "--build-only",
                             "--web-root", str(tmp_path / "web")],
                            cwd=checkout, capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 2, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in result.stderr
    assert "no corpus found" in errors[0] and "no-such-mirror" in errors[0]
    options = re.findall(r"(--[a-z][a-z-]*) [A-Z_]+", result.stderr)
    assert {"--corpus", "--upstream"} <= set(options)
    parser = _serve_module().build_parser()
    help_text = subprocess.run([sys.executable, "-m", "corpus_build", "--help"], cwd=checkout, env=env,
                               capture_output=True, text=True, timeout=60).stdout
    for option in set(options):
        parser.parse_args([option, "somewhere"])  # SystemExit (a failed test) if serve.py did not know it
        assert option in help_text, option
    variables = set(re.findall(r"\$([A-Z_]+)", errors[0]))
    assert variables == {CORPUS_ENV, UPSTREAM_ENV}  # the two corpus_build.locate reads


@pytest.mark.parametrize("option", ["--corpus", "--upstream"])
def test_corpus_and_upstream_options_reach_the_build(tmp_path: Path, option: str) -> None:
    missing = tmp_path / "missing-here"
    result = subprocess.run([*SERVE, "--build-only", option, str(missing), "--web-root", str(tmp_path / "web")],
                            cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and str(missing) in errors[0], result.stderr


def test_build_only_and_no_build_exclude_each_other(tmp_path: Path) -> None:
    result = subprocess.run([*SERVE, "--build-only", "--no-build", "--web-root", str(tmp_path)],
                            cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "exclude each other" in result.stderr


# --------------------------------------------------------------------------- CSP follows the reader's engine


def _csp_directives(csp: str) -> Dict[str, List[str]]:
    out: Dict[str, List[str]] = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            assert words[0] not in out, f"directive {words[0]} twice in {csp!r}"
            out[words[0]] = words[1:]
    return out


def _serve_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("rvs_serve", REPO / "serve.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


WEBLLM_COOKIE = "rvs_connect=" + "%20".join([
    "https%3A%2F%2Fhuggingface.co", "https%3A%2F%2F*.huggingface.co", "https%3A%2F%2F*.hf.co",
    "https%3A%2F%2Fraw.githubusercontent.com"])


def test_csp_without_a_chosen_engine_allows_only_this_site(server: str) -> None:
    _, headers, _ = fetch(server + "/")
    csp = _csp_directives(headers["content-security-policy"])
    assert csp["connect-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert csp["worker-src"] == ["'self'", "blob:"]
    assert "cookie" in headers["vary"].lower()
    assert "vary" not in fetch(server + "/vendor/pyodide/pyodide.asm.wasm")[1]  # long-cached files stay URL-keyed
    # every file carries the policy (workers take theirs from their own script's response)
    assert "connect-src 'self';" in fetch(server + "/app.js")[1]["content-security-policy"]


def test_csp_adds_the_chosen_engines_origins_from_the_cookie(server: str) -> None:
    _, headers, _ = fetch(server + "/", {"Cookie": "theme=dark; " + WEBLLM_COOKIE})
    connect = _csp_directives(headers["content-security-policy"])["connect-src"]
    assert connect == ["'self'", "https://huggingface.co", "https://*.huggingface.co", "https://*.hf.co",
                       "https://raw.githubusercontent.com"]
    _, headers, _ = fetch(server + "/workers/x.js", {"Cookie": "rvs_connect=http%3A%2F%2Flocalhost%3A11434"})
    assert _csp_directives(headers["content-security-policy"])["connect-src"] == ["'self'", "http://localhost:11434"]
    # a 304 carries the current policy too (the browser updates its cached headers from it)
    _, first, _ = fetch(server + "/")
    status, headers, _ = fetch(server + "/", {"If-None-Match": first["etag"], "Cookie": "rvs_connect=https%3A%2F%2Fa.example"})
    assert status == 304
    assert _csp_directives(headers["content-security-policy"])["connect-src"] == ["'self'", "https://a.example"]


MALICIOUS = [
    "rvs_connect=*",
    "rvs_connect=https%3A%2F%2F*",
    "rvs_connect=https%3A%2F%2F*.com",
    "rvs_connect=https%3A%2F%2Fa.example%3B%20script-src%20'unsafe-inline'",
    'rvs_connect="https://a.example script-src *"',
    "rvs_connect='unsafe-inline'",
    "rvs_connect=data%3A",
    "rvs_connect=javascript%3Aalert(1)",
    "rvs_connect=https%3A%2F%2Fa.example%2Fpath",
    "rvs_connect=https%3A%2F%2Fa.example%3A99999",
    "rvs_connect=https%3A%2F%2Fuser%40a.example",
    "rvs_connect=ftp%3A%2F%2Fa.example",
    "rvs_connect=https%3A%2F%2Fa.example%0d%0aSet-Cookie%3A%20x%3D1",
    "rvs_connect=https%3A%2F%2Fa.example%2C%20https%3A%2F%2Fb.example",
    "rvs_connect=" + "%20".join(f"https%3A%2F%2Fh{i}.example" for i in range(9)),  # too many
    "rvs_connect=https%3A%2F%2F" + "a" * 1100 + ".example",  # too long
    "rvs_connect=https%3A%2F%2Fa.example; rvs_connect=https%3A%2F%2Fb.example",  # ambiguous
    "rvs_connect=%E0%A4%85",  # not ASCII
    "rvs_connect=%",
]


@pytest.mark.parametrize("cookie", MALICIOUS)
def test_csp_ignores_a_malformed_or_malicious_cookie(server: str, cookie: str) -> None:
    status, headers, _ = fetch(server + "/", {"Cookie": cookie})
    assert status == 200
    csp = headers["content-security-policy"]
    directives = _csp_directives(csp)  # also: no directive injected twice
    assert directives["connect-src"] == ["'self'"], csp
    assert directives["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert "unsafe-inline" not in csp and "set-cookie" not in headers


def test_connect_origins_accepts_exactly_the_documented_shapes() -> None:
    serve = _serve_module()
    ok = ["https://huggingface.co", "https://*.hf.co", "http://localhost:11434", "http://127.0.0.1:8080",
          "http://[::1]:11434", "https://my-box.lan:8443", "http://gpu-server"]
    assert serve.connect_origins("rvs_connect=" + "%20".join(ok)) == ok
    assert serve.connect_origins(None) == [] and serve.connect_origins("") == []
    for cookie in MALICIOUS:
        assert serve.connect_origins(cookie) == [], cookie
    csp = serve.content_security_policy("rvs_connect=http%3A%2F%2Flocalhost%3A11434")
    assert "connect-src 'self' http://localhost:11434;" in csp
    assert "http://127.0.0.1:*" not in serve.CSP  # loopback is not open by default


def test_engine_harness_may_reach_loopback(server: str) -> None:
    _, headers, _ = fetch(server + "/engine-harness.html")
    connect = _csp_directives(headers["content-security-policy"])["connect-src"]
    assert connect == ["'self'", "http://127.0.0.1:*", "http://localhost:*"]
