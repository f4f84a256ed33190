"""The editor against real JAX: pyright's language server (as VS Code runs it) and four command-line checkers on
the same code, typed by arraytyping's stubs on one side and by JAX 0.10.2's own inline types on the other.

The corpus (``benchmarks/editor_corpus/``) is written against JAX (``import jax``, ``import jax.numpy as jnp``,
``from jax import lax, nn, random``); our side is the same text with those imports made ``arraytyping``'s, and
JAX's side has every ``Array[...]`` written ``Array`` (``jax.Array`` takes no type arguments). Both run, and print
the same numbers, on their runtimes (``tests/test_editor_corpus.py`` runs ours).

Measures (``--what``, comma-separated):
  * ``lsp``: one ``pyright-langserver --stdio`` per side and file, in basic mode (VS Code's default), pointed at
    the side's interpreter: first diagnostics after opening the file, hover on a variable, completion after
    ``x.`` typed on a new line in a ``@jit`` function (from the keystroke to the list), diagnostics after a
    one-character edit (twice: a constant, then a name in a function);
  * ``cli``: pyright, pyrefly, ty and mypy (ours with the plugin and without) on the whole corpus, cold;
  * ``profile``: per-construct costs in one warm language server per side: the file's text replaced by a small
    function of one construct (operands of unknown dtype, the MLP loop, nested calls, annotated dtypes...), time
    to its diagnostics.

Every measure runs both sides in each repetition, in an order that alternates between repetitions, and the
tables show each side's median and the median of the per-repetition ratios (ours / JAX's). The machine this was
written on has two shared cores: compare ratios from one run, never seconds across runs.

Targets (``--check``): diagnostics after an edit and completion <= 1.5x, first diagnostics <= 2x (each corpus
file), pyrefly and ty command lines <= 2x.

Usage: python benchmarks/bench_editor.py [--reps 5] [--what lsp,cli,profile] [--files loose,annotated]
           [--jax-python PATH] [--json F] [--check] [--show-hover]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_promotion import JAX_PYTHON_ENV, default_jax_python  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CORPUS = ROOT / "benchmarks" / "editor_corpus"
SIDES = ("ours", "jax")
WHAT = ("lsp", "cli", "profile")


# --- The corpus on each side -----------------------------------------------------------------------------------------


def strip_array_arguments(text: str) -> str:
    """``Array[float32, tuple[B, D]]`` -> ``Array``: JAX's ``Array`` takes no type arguments."""
    out: list[str] = []
    i = 0
    while (j := text.find("Array[", i)) >= 0:
        out.append(text[i:j + 5])
        k, depth = j + 5, 0
        while True:
            depth += {"[": 1, "]": -1}.get(text[k], 0)
            k += 1
            if depth == 0:
                break
        i = k
    out.append(text[i:])
    return "".join(out)


def for_side(text: str, side: str) -> str:
    """The corpus text as one side reads it."""
    if side == "jax":
        return strip_array_arguments(text)
    text = re.sub(r"^import jax$", "import arraytyping as jax", text, flags=re.M)
    text = re.sub(r"^import jax\.numpy as jnp$", "import arraytyping.numpy as jnp", text, flags=re.M)
    return re.sub(r"^from jax(\.numpy)? import", r"from arraytyping\1 import", text, flags=re.M)


@dataclass(frozen=True)
class Probe:
    """Where the language-server measures act in one corpus file (each a text on one line of it)."""

    hover: str  # hover at the start of this text
    complete_after: str  # `NAME.` typed on a new line after the line holding this text (in a `@jit` function)
    complete_name: str  # an array in scope there
    edit_constant: str  # the digit after this text is changed
    edit_name: str  # the first character of this text is changed (a name used in a function)


PROBES = {
    "loose": Probe(hover="outputs = jnp.dot(w, activations) + b", complete_after="acc = jnp.mean(jnp.argmax(logits",
                   complete_name="acc", edit_constant="STEP_SIZE = 0.0", edit_name="activations = relu(outputs)"),
    "annotated": Probe(hover="h = layer_norm(x, params.ln_gamma", complete_after="value, grads = jax.value_and_grad",
                       complete_name="x", edit_constant="STEP_SIZE = 0.0", edit_name="centered = x - mean"),
}


# --- A minimal LSP client ---------------------------------------------------------------------------------------------


class Server:
    """``pyright-langserver --stdio`` in ``root``, analysing with ``python``'s packages, in basic mode."""

    def __init__(self, root: Path, python: str) -> None:
        self.root = root
        self.settings = {"python": {"pythonPath": python, "analysis": {"typeCheckingMode": "basic",
                                                                     "diagnosticMode": "openFilesOnly"}},
                         "python.analysis": {"typeCheckingMode": "basic", "diagnosticMode": "openFilesOnly",
                                             "autoImportCompletions": True},
                         "pyright": {}}
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
        self.proc = subprocess.Popen([str(BIN / "pyright-langserver"), "--stdio"], cwd=root, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.q: queue.Queue[tuple[float, Any]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 0
        self.versions: dict[str, int] = {}
        rid = self.request("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(),
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            "capabilities": {"textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]},
                                              "completion": {"completionItem": {"documentationFormat": ["markdown"]}},
                                              "publishDiagnostics": {"versionSupport": True}},
                             "workspace": {"configuration": True, "workspaceFolders": True}}})
        self.wait(lambda m: m.get("id") == rid)
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": self.settings})

    def _read(self) -> None:
        f = self.proc.stdout
        assert f is not None
        while True:
            length = None
            while (line := f.readline().strip()):
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            if length is None:
                self.q.put((time.perf_counter(), None))
                return
            self.q.put((time.perf_counter(), json.loads(f.read(length))))

    def _send(self, msg: Any) -> None:
        body = json.dumps(msg).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method: str, params: Any) -> int:
        self.next_id += 1
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method: str, params: Any) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, pred: Callable[[Any], bool], timeout: float = 900) -> tuple[float, Any]:
        end = time.perf_counter() + timeout
        while True:
            t, msg = self.q.get(timeout=max(0.01, end - time.perf_counter()))
            if msg is None:
                raise RuntimeError("pyright-langserver exited")
            if "method" in msg and "id" in msg:  # a request from the server
                result = None
                if msg["method"] == "workspace/configuration":
                    result = [self.settings.get(it.get("section"), {}) for it in msg["params"]["items"]]
                self._send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
                continue
            if pred(msg):
                return t, msg

    def open(self, path: Path, text: str) -> tuple[float, list[Any]]:
        """Open ``path`` with ``text``; seconds to its diagnostics, and them."""
        uri = path.as_uri()
        self.versions[uri] = 1
        t0 = time.perf_counter()
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                              "text": text}})
        return self._diagnostics(uri, 1, t0)

    def _diagnostics(self, uri: str, version: int, t0: float) -> tuple[float, list[Any]]:
        t, msg = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                           and m["params"]["uri"] == uri and m["params"].get("version") == version)
        return t - t0, msg["params"]["diagnostics"]

    def change(self, uri: str, text: str, rng: Any = None) -> int:
        self.versions[uri] += 1
        change = {"text": text} if rng is None else {"range": rng, "text": text}
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": self.versions[uri]},
                                               "contentChanges": [change]})
        return self.versions[uri]

    def edit(self, uri: str, text: str, rng: Any = None) -> tuple[float, list[Any]]:
        """Change the document; seconds to fresh diagnostics, and them."""
        t0 = time.perf_counter()
        return self._diagnostics(uri, self.change(uri, text, rng), t0)

    def hover(self, uri: str, line: int, col: int) -> tuple[float, str]:
        t0 = time.perf_counter()
        rid = self.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line,
                                                                                             "character": col}})
        t, msg = self.wait(lambda m: m.get("id") == rid)
        contents = (msg.get("result") or {}).get("contents")
        return t - t0, contents.get("value", "") if isinstance(contents, dict) else str(contents)

    def complete(self, uri: str, line: int, col: int, t0: float) -> tuple[float, list[Any]]:
        rid = self.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                       "position": {"line": line, "character": col},
                                                       "context": {"triggerKind": 2, "triggerCharacter": "."}})
        t, msg = self.wait(lambda m: m.get("id") == rid)
        result = msg.get("result") or []
        return t - t0, result["items"] if isinstance(result, dict) else result

    def close(self) -> None:
        try:
            rid = self.request("shutdown", None)
            self.wait(lambda m: m.get("id") == rid, timeout=20)
            self.notify("exit", None)
            self.proc.wait(timeout=10)
        except Exception:
            pass
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


def _find(lines: list[str], needle: str) -> tuple[int, int]:
    for i, line in enumerate(lines):
        if needle in line:
            return i, line.index(needle)
    raise KeyError(needle)


def lsp_session(work: Path, python: str, name: str) -> dict[str, Any]:
    """One editor session on ``name``.py: every language-server measure, in seconds, and what was shown."""
    path = work / f"{name}.py"
    text = path.read_text()
    lines = text.split("\n")
    probe = PROBES[name]
    server = Server(work, python)
    try:
        out: dict[str, Any] = {}
        out["first_diag"], diags = server.open(path, text)
        out["errors"] = [f"{d['range']['start']['line'] + 1}: {d['message'].splitlines()[0]}" for d in diags
                         if d.get("severity") == 1]
        uri = path.as_uri()
        ln, col = _find(lines, probe.hover)
        out["hover"], out["hover_text"] = server.hover(uri, ln, col)
        # completion: `x.` typed on a new line after the probe's line, then removed
        cl, _ = _find(lines, probe.complete_after)
        indent = re.match(r"\s*", lines[cl]).group(0)  # type: ignore[union-attr]
        pos = {"line": cl + 1, "character": 0}
        t0 = time.perf_counter()
        typed = f"{indent}{probe.complete_name}."
        server.change(uri, typed + "\n", {"start": pos, "end": pos})
        out["completion"], items = server.complete(uri, cl + 1, len(typed), t0)
        out["completion_items"] = len(items)
        out["completion_labels"] = sorted(i["label"] for i in items)
        server.edit(uri, "", {"start": pos, "end": {"line": cl + 2, "character": 0}})
        # a one-character edit of a constant, then of a name in a function body
        el, ec = _find(lines, probe.edit_constant)
        ec += len(probe.edit_constant)
        out["edit_diag"], _ = server.edit(uri, "6", {"start": {"line": el, "character": ec},
                                                      "end": {"line": el, "character": ec + 1}})
        nl, nc = _find(lines, probe.edit_name)
        out["edit2_diag"], _ = server.edit(uri, "q", {"start": {"line": nl, "character": nc},
                                                       "end": {"line": nl, "character": nc + 1}})
        return out
    finally:
        server.close()


# --- Per-construct profiles -------------------------------------------------------------------------------------------

PROFILE_HEAD = """\
import jax
import jax.numpy as jnp
from jax import Array, nn, random
from jax.numpy import float32, bfloat16, int32
"""

CONSTRUCTS: dict[str, str] = {
    "empty": "",
    "unannotated operands": """
def f(a, b, c):
    d = a * b + c
    e = (d - a) / (b + 1.0)
    return jnp.sum(e ** 2) + jnp.mean(d)
""",
    "jax.Array operands": """
def f(a: jax.Array, b: jax.Array, c: jax.Array) -> jax.Array:
    d = a * b + c
    e = (d - a) / (b + 1.0)
    g = jnp.maximum(e, 0.0) * 2 - 1
    return jnp.sum(g ** 2) + jnp.mean(d)
""",
    "jax.Array functions": """
def f(a: jax.Array, b: jax.Array) -> jax.Array:
    c = jnp.dot(a, b)
    d = jnp.exp(c)
    e = jnp.where(d > 1, d, c)
    g = jnp.tanh(e)
    return jnp.concatenate([g, c])
""",
    "annotated dtypes": """
def f(a: Array[float32], b: Array[bfloat16], i: Array[int32]) -> Array[float32]:
    d = a * b + a
    e = (d - a) / (b + 1.0)
    g = jnp.maximum(e, 0.0) * 2 - 1
    return jnp.sum(g ** 2) + jnp.mean(d) + i
""",
    "MLP loop (unannotated)": """
def predict(params, image):
    activations = image
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = jnp.maximum(0, outputs)
    final_w, final_b = params[-1]
    return jnp.dot(final_w, activations) + final_b
""",
    "MLP loop (jax.Array)": """
def predict(params: list[tuple[jax.Array, jax.Array]], image: jax.Array) -> jax.Array:
    activations = image
    for w, b in params[:-1]:
        activations = nn.relu(jnp.dot(w, activations) + b)
    final_w, final_b = params[-1]
    return jnp.dot(final_w, activations) + final_b
""",
    "nested calls": """
def f(x: jax.Array, d: jax.Array) -> jax.Array:
    return jnp.minimum(jnp.maximum(x + d, 0.0), 1.0) * jnp.exp(jnp.tanh(x) - jnp.log1p(jnp.abs(d)))
""",
    "creation and random": """
def f(key: jax.Array) -> jax.Array:
    k1, k2 = random.split(key)
    w = random.normal(k1, (3, 4))
    b = jnp.zeros((4,))
    return jnp.ones((2, 3)) @ w + b + random.uniform(k2, (4,))
""",
    "long file (jax.Array)": "\n".join(
        f"""
def f{i}(a: jax.Array, b: jax.Array) -> jax.Array:
    c = a * b + {i}.0
    d = jnp.dot(c, b) - a / 2
    return jnp.where(d > 0, d, 0.0).sum()
""" for i in range(40)),
}


def profile(work: Path, python: str, side: str, names: Sequence[str]) -> dict[str, float]:
    """Seconds to diagnostics for each construct, the probe file's text replaced by it in one warm server."""
    server = Server(work, python)
    try:
        path = work / "probe.py"
        head = for_side(PROFILE_HEAD, side)
        server.open(path, head)
        out: dict[str, float] = {}
        for name in names:
            out[name], diags = server.edit(path.as_uri(), head + for_side(CONSTRUCTS[name], side))
            errors = [d["message"].splitlines()[0] for d in diags if d.get("severity") == 1]
            if errors:
                print(f"  note: {side}, {name}: {errors[:3]}", file=sys.stderr)
            server.edit(path.as_uri(), head)
        return out
    finally:
        server.close()


# --- Command lines ----------------------------------------------------------------------------------------------------

CLI = ("pyright", "pyrefly", "ty", "mypy", "mypy+plugin")


def cli_command(checker: str, side: str, python: str, files: list[str], cache: Path) -> list[str] | None:
    venv = str(Path(python).parent.parent)
    if checker == "pyright":
        return [str(BIN / "pyright"), "--pythonpath", python, *files]
    if checker == "pyrefly":
        return [str(BIN / "pyrefly"), "check", "--preset", "default", "--python-interpreter-path", python, *files]
    if checker == "ty":
        return [str(BIN / "ty"), "check", "--python", venv, *files]
    if checker.startswith("mypy"):
        plugin = checker == "mypy+plugin" and side == "ours"
        if checker == "mypy+plugin" and side == "jax":
            return None  # JAX has no plugin: mypy+plugin is compared with JAX's plain mypy
        cfg = cache.with_suffix(".ini")
        cfg.write_text("[mypy]\n" + ("plugins = arraytyping_mypy\n" if plugin else ""))
        return [str(BIN / "mypy"), "--config-file", str(cfg), "--python-executable", python, "--cache-dir",
                str(cache), *files]
    raise ValueError(checker)


def timed(cmd: list[str], cwd: Path) -> tuple[float, float, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), (proc.stdout + proc.stderr)[-3000:]


def error_summary(checker: str, output: str) -> str:
    for pattern in (r"(\d+) errors?", r"Found (\d+) errors?", r"Found (\d+) diagnostics?"):
        if m := re.search(pattern, output):
            return m.group(0)
    return "0 errors" if "Success" in output or "All checks passed" in output or " 0 errors" in output else "?"


# --- Running and reporting --------------------------------------------------------------------------------------------


def setup(tmp: Path, files: Sequence[str]) -> dict[str, Path]:
    work = {}
    for side in SIDES:
        d = tmp / side
        d.mkdir()
        for name in files:
            (d / f"{name}.py").write_text(for_side((CORPUS / f"{name}.py").read_text(), side))
        (d / "pyrightconfig.json").write_text('{"typeCheckingMode": "basic"}\n')
        work[side] = d
    return work


def summarize(samples: dict[str, dict[str, list[float]]]) -> list[tuple[str, float, float, float]]:
    """(measure, our median, JAX's median, median of per-repetition ratios)."""
    rows = []
    for key, by_side in samples.items():
        ours, theirs = by_side.get("ours", []), by_side.get("jax", [])
        if not ours or not theirs:
            continue
        ratio = statistics.median(a / b for a, b in zip(ours, theirs) if b > 0)
        rows.append((key, statistics.median(ours), statistics.median(theirs), ratio))
    return rows


def targets_for(key: str) -> float | None:
    if key.startswith("lsp "):
        if key.endswith(": first diagnostics"):
            return 2.0
        if key.endswith((": diagnostics after an edit", ": diagnostics after a second edit", ": completion")):
            return 1.5
    if key in ("cli pyrefly (wall)", "cli ty (wall)"):
        return 2.0
    return None


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--reps", type=int, default=5, help="interleaved repetitions (medians are reported)")
    p.add_argument("--what", default="lsp,cli,profile", help=f"comma-separated, from {', '.join(WHAT)}")
    p.add_argument("--files", default=",".join(PROBES), help="corpus files (stems) for the lsp and cli measures")
    p.add_argument("--checkers", default=",".join(CLI), help=f"command-line checkers, from {', '.join(CLI)}")
    p.add_argument("--constructs", default=",".join(CONSTRUCTS), help="profile constructs (comma-separated)")
    p.add_argument("--jax-python", default=None, help=f"python of a venv with jax (default ${JAX_PYTHON_ENV} or "
                   ".jaxref-venv in the repo root or its parent)")
    p.add_argument("--json", type=Path, help="also write every sample and the table as JSON")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    p.add_argument("--show-hover", action="store_true", help="print each side's hover text and completion size")
    args = p.parse_args(argv)
    what = [w for w in args.what.split(",") if w]
    files = [f for f in args.files.split(",") if f]
    checkers = [c for c in args.checkers.split(",") if c]
    constructs = [c for c in args.constructs.split(",") if c]
    for name, given, known in (("measure", what, WHAT), ("file", files, PROBES), ("checker", checkers, CLI),
                               ("construct", constructs, CONSTRUCTS)):
        if bad := [g for g in given if g not in known]:
            p.error(f"unknown {name} {', '.join(bad)}; choose from {', '.join(known)}")
    jax_python = args.jax_python or default_jax_python()
    if not jax_python or not Path(jax_python).exists():
        p.error(f"no python with jax found: pass --jax-python or set {JAX_PYTHON_ENV}")
    pythons = {"ours": sys.executable, "jax": str(jax_python)}
    samples: dict[str, dict[str, list[float]]] = {}
    shown: dict[str, Any] = {}

    def add(key: str, side: str, value: float) -> None:
        samples.setdefault(key, {}).setdefault(side, []).append(value)

    tmp = Path(tempfile.mkdtemp(prefix="bench_editor_"))
    try:
        work = setup(tmp, files)
        for rep in range(args.reps):
            order = SIDES if rep % 2 == 0 else SIDES[::-1]
            print(f"repetition {rep + 1}/{args.reps}", file=sys.stderr)
            if "lsp" in what:
                for name in files:
                    for side in order:
                        r = lsp_session(work[side], pythons[side], name)
                        for measure, key in (("first_diag", "first diagnostics"), ("edit_diag",
                                             "diagnostics after an edit"), ("edit2_diag",
                                             "diagnostics after a second edit"), ("completion", "completion"),
                                             ("hover", "hover")):
                            add(f"lsp {name}: {key}", side, r[measure])
                        shown[f"{name} [{side}]"] = {k: r[k] for k in ("hover_text", "completion_items",
                                                                       "completion_labels", "errors")}
            if "cli" in what:
                for checker in checkers:
                    for side in order:
                        cache = tmp / f"mypy_cache_{side}_{rep}_{checker}"
                        cmd = cli_command(checker, side, pythons[side], [f"{f}.py" for f in files], cache)
                        if cmd is None:
                            continue
                        wall, cpu, output = timed(cmd, work[side])
                        shutil.rmtree(cache, ignore_errors=True)
                        label = checker if checker != "mypy+plugin" else "mypy+plugin (JAX: mypy)"
                        add(f"cli {label} (wall)", side, wall)
                        add(f"cli {label} (cpu)", side, cpu)
                        shown[f"cli {checker} [{side}]"] = error_summary(checker, output)
                        if checker == "mypy":  # JAX's side of mypy+plugin is plain mypy
                            add("cli mypy+plugin (JAX: mypy) (wall)", "jax", wall) if side == "jax" else None
                            add("cli mypy+plugin (JAX: mypy) (cpu)", "jax", cpu) if side == "jax" else None
            if "profile" in what:
                for side in order:
                    for name, seconds in profile(work[side], pythons[side], side, constructs).items():
                        add(f"profile: {name}", side, seconds)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    rows = summarize(samples)
    print(f"{args.reps} interleaved repetitions; seconds, medians; ratio: median of per-repetition ours / JAX")
    print(f"{'measure':58s} {'ours':>8s} {'JAX':>8s} {'ratio':>7s}  target")
    missed = []
    for key, ours, theirs, ratio in rows:
        target = targets_for(key)
        mark = ""
        if target is not None:
            mark = f"<= {target} " + ("ok" if ratio <= target else "MISSED")
            if ratio > target:
                missed.append(key)
        print(f"{key:58s} {ours:8.2f} {theirs:8.2f} {ratio:6.2f}x  {mark}")
    for key, value in shown.items():
        if key.startswith("cli "):
            print(f"{key}: {value}")
        else:
            if value["errors"]:
                print(f"{key}: errors {value['errors']}")
            if args.show_hover:
                print(f"{key}: completion {value['completion_items']} items; hover:\n{value['hover_text']}\n")
    if args.json:
        args.json.write_text(json.dumps({"reps": args.reps, "samples": samples, "table": rows, "shown": shown,
                                         "missed": missed}, indent=1))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
