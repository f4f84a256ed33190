"""Run the five type checkers the project holds itself to on one file, and read their diagnostics per line.

The checkers: ``mypy`` (the stubs alone), ``mypy-plugin`` (with ``arraytyping_mypy``, in a configuration of its
``x64``/``promotion``), ``pyright``, ``pyrefly`` and ``ty``. Each sees the package as a wheel lays it out: the
source root ``src/`` holds ``arraytyping`` (its stubs inline) and the plugin side by side.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "src"
BIN = Path(sys.executable).parent
CHECKERS = ("mypy", "mypy-plugin", "pyright", "pyrefly", "ty")
NO_PLUGIN = ("mypy", "pyright", "pyrefly", "ty")
"""The checkers that read the stubs alone."""


@dataclass
class Diagnostics:
    """One checker's verdict on a file: error messages and revealed types, by line (1-based); several files': by
    ``(file name, line)`` in ``by_file``."""

    checker: str
    errors: dict[int, list[str]] = field(default_factory=dict[int, list[str]])
    revealed: dict[int, list[str]] = field(default_factory=dict[int, list[str]])
    by_file: dict[str, Diagnostics] = field(default_factory=dict[str, "Diagnostics"])
    raw: str = ""

    def _of(self, file: str) -> Diagnostics:
        if file not in self.by_file:
            self.by_file[file] = Diagnostics(self.checker)
        return self.by_file[file]

    def error(self, line: int, message: str, file: str = "") -> None:
        self.errors.setdefault(line, []).append(message)
        self._of(Path(file).name).errors.setdefault(line, []).append(message)

    def reveal(self, line: int, text: str, file: str = "") -> None:
        text = without_default_shape(text)
        self.revealed.setdefault(line, []).append(text)
        self._of(Path(file).name).revealed.setdefault(line, []).append(text)


_DEFAULT_SHAPE = re.compile(r", (?:tuple\[(?:builtins\.)?(?:int|Any), \.\.\.\]|AnyShape)\]")


_ANY_SHAPE = re.compile(r", tuple\[(?:[^\[\]]|\[(?:[^\[\]]|\[[^\[\]]*\])*\])*\]\]")


def without_shapes(text: str) -> str:
    """``text`` with every ``Array``'s shape left out (``Array[float32, tuple[Literal[3]]]`` -> ``Array[float32]``):
    for the dtype tables, whose expectations name no shape."""
    return _ANY_SHAPE.sub("]", text)


_ASSERT_TYPE = (re.compile(r'Expression is of type "(.*)", not "(.*)"  \[assert-type\]$'),  # mypy
                re.compile(r'"assert_type" mismatch: expected "(.*)" but received "(.*)"'),  # pyright
                re.compile(r"Type `(.*)` does not match asserted type `(.*)` \[type-assertion-failure\]$"))  # ty


def only_shapes_differ(errors: list[str]) -> bool:
    """Whether a line's only error is an ``assert_type`` whose types differ in shape alone: for the dtype cases
    (``assert_type(anp.positive(2), Array[int])``, where the plugin also knows the shape, ``()``, and pyright and
    ty that of ``anp.zeros((3,))``); shapes are held by ``test_shape_*``."""
    m = next((m for pattern in _ASSERT_TYPE if (m := pattern.search(errors[0]))), None) if len(errors) == 1 else None
    return m is not None and without_shapes(m.group(1)) == without_shapes(m.group(2))


_SHAPE_DIMS = re.compile(r"tuple\[(.*)\]\]$")


def revealed_shape(text: str) -> tuple[str, ...] | None:
    """The dimensions of a revealed ``Array[..., tuple[...]]``; ``None`` for any shape (the default)."""
    text = text.replace("arraytyping.", "").replace("builtins.", "")
    if "tuple[Any, ...]" in text or "tuple[int, ...]" in text or not text.endswith("]]"):
        return None
    m = _SHAPE_DIMS.search(text)
    if m is None:
        return None
    inner = m.group(1)
    if inner == "()":
        return ()
    return tuple(re.sub(r"^Literal\[(\d+)\]$", r"\1", d.strip()).split("`")[0].split("@")[0]
                 for d in inner.split(","))  # mypy: N`1, pyright: N@f


def without_default_shape(text: str) -> str:
    """A revealed type with ``Array``'s default shape left out, as the user wrote it: ``Array[float32]`` for
    mypy's ``Array[float32, tuple[int, ...]]`` (pyright and ty: ``tuple[Any, ...]``, pyright's signatures the alias
    ``AnyShape``; pyrefly leaves it out)."""
    return _DEFAULT_SHAPE.sub("]", text)


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MYPYPATH", "PYTHONPATH")}
    env["PYTHONPATH"] = str(SITE)
    return env


def _tool(name: str) -> str:
    path = BIN / name
    return str(path) if path.exists() else shutil.which(name) or name


def run(checker: str, target: Path | list[Path], work: Path, *, plugin: tuple[bool, str] = (False, "standard"),
        strict: bool = False, timeout: int = 1500, stubs: Path | None = None) -> Diagnostics:
    """``checker`` on ``target`` (one file or several; copies are checked in ``work``, a folder of their own);
    ``plugin`` is the mypy plugin's ``(x64, promotion)``; ``strict`` turns on each checker's strict mode; ``stubs``
    is a folder the checker searches before the installed package, configured as the README tells a user to point
    it at the output of ``arraytyping stubs -o DIR``."""
    if checker not in CHECKERS:
        raise ValueError(f"unknown checker {checker!r}; known: {', '.join(CHECKERS)}")
    work.mkdir(parents=True, exist_ok=True)
    names = []
    for t in target if isinstance(target, list) else [target]:
        shutil.copyfile(t, work / t.name)
        names.append(t.name)
    return {"mypy": _mypy, "mypy-plugin": _mypy, "pyright": _pyright, "pyrefly": _pyrefly, "ty": _ty}[checker](
        checker, names, work, plugin, strict, timeout, stubs)


def _mypy(checker: str, names: list[str], work: Path, plugin: tuple[bool, str], strict: bool,
          timeout: int, stubs: Path | None) -> Diagnostics:
    cfg = work / "mypy.ini"
    text = f"[mypy]\ncache_dir = {work / '.mypy_cache'}\n" + ("strict = True\n" if strict else "")
    if stubs is not None:
        text += f"mypy_path = {stubs}\n"
    if checker == "mypy-plugin":
        x64, mode = plugin
        text += f"plugins = arraytyping_mypy\n[arraytyping-mypy]\nx64 = {str(x64).lower()}\npromotion = {mode}\n"
    cfg.write_text(text)
    proc = subprocess.run([_tool("mypy"), "--config-file", str(cfg), "--no-error-summary", "--hide-error-context",
                           *names], capture_output=True, text=True, env=_env(), cwd=work, timeout=timeout)
    out = proc.stdout + proc.stderr
    if "INTERNAL ERROR" in out or proc.returncode not in (0, 1):
        raise RuntimeError(f"{checker} failed (exit {proc.returncode}):\n{out[-3000:]}")
    d = Diagnostics(checker, raw=out)
    for line in proc.stdout.splitlines():
        if m := re.match(r"([^:]+\.py):(\d+): error: (.*)", line):
            d.error(int(m.group(2)), m.group(3), m.group(1))
        elif m := re.match(r'([^:]+\.py):(\d+): note: Revealed type is "(.*)"', line):
            d.reveal(int(m.group(2)), m.group(3), m.group(1))
    return d


def _pyright(checker: str, names: list[str], work: Path, plugin: tuple[bool, str], strict: bool,
             timeout: int, stubs: Path | None) -> Diagnostics:
    settings: dict[str, object] = {"typeCheckingMode": "strict" if strict else "basic", "reportUnusedExpression": False,
                                   "reportUnnecessaryComparison": False, "pythonVersion": "3.11"}
    if stubs is not None:
        settings["stubPath"] = str(stubs)
    if strict:
        settings["reportUnnecessaryTypeIgnoreComment"] = "error"
    (work / "pyrightconfig.json").write_text(json.dumps(settings))
    proc = subprocess.run([_tool("pyright"), "--pythonpath", sys.executable, "--outputjson", *names],
                          capture_output=True, text=True, env=_env(), cwd=work, timeout=timeout)
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise RuntimeError(f"pyright failed (exit {proc.returncode}):\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    d = Diagnostics(checker, raw=proc.stdout)
    for diag in data["generalDiagnostics"]:
        line = diag["range"]["start"]["line"] + 1
        if diag["severity"] == "error":
            d.error(line, diag["message"], diag["file"])
        elif m := re.match(r'Type of ".*" is "(.*)"$', diag["message"], re.S):
            d.reveal(line, m.group(1), diag["file"])
    return d


def _pyrefly(checker: str, names: list[str], work: Path, plugin: tuple[bool, str], strict: bool,
             timeout: int, stubs: Path | None) -> Diagnostics:
    search = [str(p) for p in (stubs, SITE) if p is not None]
    (work / "pyrefly.toml").write_text(
        f'project-includes = {json.dumps(names)}\nsearch-path = {json.dumps(search)}\n'
        f'python-interpreter-path = "{sys.executable}"\npython-version = "3.11"\n')
    proc = subprocess.run([_tool("pyrefly"), "check", "--output-format", "json"], capture_output=True, text=True,
                          env=_env(), cwd=work, timeout=timeout)
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise RuntimeError(f"pyrefly failed (exit {proc.returncode}):\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    d = Diagnostics(checker, raw=proc.stdout)
    for e in data["errors"]:
        if e["name"] == "reveal-type":
            d.reveal(e["line"], e["description"].removeprefix("revealed type: "), e["path"])
        elif e["severity"] == "error":
            d.error(e["line"], f"{e['description']} [{e['name']}]", e["path"])
    return d


def _ty(checker: str, names: list[str], work: Path, plugin: tuple[bool, str], strict: bool,
        timeout: int, stubs: Path | None) -> Diagnostics:
    search = [arg for p in (stubs, SITE) if p is not None for arg in ("--extra-search-path", str(p))]
    proc = subprocess.run([_tool("ty"), "check", "--python", sys.prefix, *search,
                           "--python-version", "3.11", "--output-format", "concise", "--color", "never",
                           *names], capture_output=True, text=True, env=_env(), cwd=work, timeout=timeout)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"ty failed (exit {proc.returncode}):\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    d = Diagnostics(checker, raw=proc.stdout)
    for line in proc.stdout.splitlines():
        if m := re.match(r"([^:]+\.py):(\d+):\d+: info\[revealed-type\] Revealed type: `(.*)`$", line):
            d.reveal(int(m.group(2)), m.group(3), m.group(1))
        elif m := re.match(r"([^:]+\.py):(\d+):\d+: error\[([\w-]+)\] (.*)", line):
            d.error(int(m.group(2)), f"{m.group(4)} [{m.group(3)}]", m.group(1))
    return d
