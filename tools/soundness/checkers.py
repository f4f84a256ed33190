"""The five checkers: how each is run on generated modules and how its output is read.

Every checker sees the package as an installed wheel lays it out (:func:`site`: the source root ``src/`` holds
``arraytyping``, its stubs inline, and ``arraytyping_mypy`` side by side, as ``tests/typing/checkers.py`` has it):
mypy and pyright through ``PYTHONPATH`` (pyright asks the interpreter for its path), pyrefly through
``search-path`` in a ``pyrefly.toml``, ty through ``--extra-search-path``. Each run checks a list of module files and
returns, per file, per line, the revealed type and the errors.

Names: ``mypy-plugin`` (mypy with ``plugins = arraytyping_mypy`` in the run's configuration), ``mypy`` (the stubs
only), ``pyright``, ``pyrefly``, ``ty``. The stub-only checkers encode the default configuration, so they are run in
that one only.
"""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from . import universe as U

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
NAMES = ("mypy-plugin", "mypy", "pyright", "pyrefly", "ty")
STUB_ONLY = ("mypy", "pyright", "pyrefly", "ty")


class CheckerFailed(RuntimeError):
    """A checker crashed or printed something this module cannot read."""


class CheckerTimeout(CheckerFailed):
    """A checker ran past its CPU limit on a module (some expressions make a checker's overload resolution
    explode); the driver splits the module and isolates the expression."""


PER_CASE_CPU: Final = {"mypy-plugin": 0.25, "mypy": 0.5, "pyright": 1.0, "pyrefly": 0.25, "ty": 0.5}
"""CPU seconds per expression a checker may spend, a few times what it takes on ordinary ones on a loaded machine
(ty has the widest spread: 5 to 45 s on modules of 200)."""


def cpu_limit(cases: int, checker: str) -> int:
    """The CPU seconds ``checker`` may spend on a module of ``cases`` expressions: past it, the module is split.
    Isolating one exploding expression costs about twice the limit of the first module, so modules are small
    (``--chunk``, 200) and the limit is per checker."""
    return int(30 + PER_CASE_CPU.get(checker, 1.0) * cases)


@dataclass
class LineReport:
    reveal: str | None = None
    errors: list[str] = field(default_factory=list)


FileReport = dict[int, LineReport]


PACKAGES = ("arraytyping", "arraytyping_mypy")


def package_dir(name: str) -> Path:
    """Where the checkout holds a package (``src/``)."""
    path = ROOT / "src" / name
    if not path.is_dir():
        raise FileNotFoundError(f"{name} is not in the checkout's src/")
    return path


def site(root: Path) -> Path:
    """A directory laid out as site-packages is after installing the wheel: the checkout's ``src/``, which holds the
    package (its ``.pyi`` stubs inline) and the plugin. ``root`` (the run's work directory) is not needed since the
    stubs moved into the package; it stays in the signature for the callers."""
    for name in PACKAGES:
        package_dir(name)
    return ROOT / "src"


def _line(reports: dict[str, FileReport], path: str, line: int) -> LineReport:
    return reports.setdefault(Path(path).name, {}).setdefault(line, LineReport())


CPU_SECONDS: dict[str, float] = {}
"""CPU time (user + system, the checker's processes and their children) per checker name, summed over runs: on a
shared machine a fairer measure than wall time."""
_cpu_lock = threading.Lock()
_limit = threading.local()
"""``seconds``: the CPU limit of the checker runs this thread starts (see :meth:`Checker.check`)."""


def _run(argv: Sequence[str], cwd: Path, env: dict[str, str] | None = None,
         name: str = "") -> subprocess.CompletedProcess[str]:
    limit: int | None = getattr(_limit, "seconds", None)

    def set_limit() -> None:  # in the child, before exec: inherited by the checker's own children (node)
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))

    proc = subprocess.Popen(list(argv), cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})}, preexec_fn=set_limit)
    streams: dict[str, str] = {}

    def read(key: str, stream: Any) -> None:
        streams[key] = stream.read()

    readers = [threading.Thread(target=read, args=(k, s)) for k, s in (("out", proc.stdout), ("err", proc.stderr))]
    for t in readers:
        t.start()
    _, status, usage = os.wait4(proc.pid, 0)
    for t in readers:
        t.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    used = usage.ru_utime + usage.ru_stime
    with _cpu_lock:
        CPU_SECONDS[name] = CPU_SECONDS.get(name, 0.0) + used
    if limit is not None and (used >= limit - 1 or proc.returncode in (-signal.SIGXCPU, -signal.SIGKILL)):
        raise CheckerTimeout(f"{name}: past its CPU limit of {limit} s")
    return subprocess.CompletedProcess(list(argv), proc.returncode, streams["out"], streams["err"])


@dataclass(frozen=True)
class Checker:
    name: str
    config: str = "default"

    @property
    def label(self) -> str:
        return self.name if self.name != "mypy-plugin" or self.config == "default" else f"{self.name}[{self.config}]"

    def check(self, files: Sequence[Path], site_dir: Path, cache: Path,
              cpu_seconds: int | None = None) -> dict[str, FileReport]:
        """Run on ``files`` (all in one directory); per file name, per line, what the checker said. Past
        ``cpu_seconds`` of CPU, :class:`CheckerTimeout`."""
        run: Callable[[Sequence[Path], Path, Path], dict[str, FileReport]] = getattr(
            self, "_" + self.name.replace("-", "_"))
        _limit.seconds = cpu_seconds
        try:
            return run(files, site_dir, cache)
        finally:
            _limit.seconds = None

    def _mypy_plugin(self, files: Sequence[Path], site_dir: Path, cache: Path) -> dict[str, FileReport]:
        return self._mypy_run(files, site_dir, cache, plugin=True)

    def _mypy(self, files: Sequence[Path], site_dir: Path, cache: Path) -> dict[str, FileReport]:
        return self._mypy_run(files, site_dir, cache, plugin=False)

    def _mypy_run(self, files: Sequence[Path], site_dir: Path, cache: Path, plugin: bool) -> dict[str, FileReport]:
        work = files[0].parent
        ini = cache.with_suffix(".ini")
        text = f"[mypy]\ncache_dir = {cache}\n"
        if plugin:
            mode, x64 = U.CONFIGS[self.config]
            text += f"plugins = arraytyping_mypy\n[arraytyping-mypy]\nx64 = {str(x64).lower()}\npromotion = {mode}\n"
        ini.write_text(text)
        proc = _run([str(BIN / "mypy"), "--config-file", str(ini), "--no-error-summary", "--hide-error-context",
                     "--no-pretty", "--show-error-codes", *[f.name for f in files]], work,
                    {"PYTHONPATH": str(site_dir)}, self.label)
        if "INTERNAL ERROR" in proc.stdout + proc.stderr or proc.returncode not in (0, 1):
            raise CheckerFailed(f"{self.label}: exit {proc.returncode}\n{proc.stderr[-3000:]}{proc.stdout[-3000:]}")
        reports: dict[str, FileReport] = {}
        for ln in proc.stdout.splitlines():
            m = re.match(r"(.+?):(\d+): (error|note): (.*)", ln)
            if not m:
                continue
            rep = _line(reports, m.group(1), int(m.group(2)))
            if m.group(3) == "error":
                rep.errors.append(m.group(4))
            else:
                r = re.fullmatch(r'Revealed type is "(.*)"', m.group(4))
                if r:  # one note per constraint of a constrained type variable: their union
                    rep.reveal = r.group(1) if rep.reveal is None else f"{rep.reveal} | {r.group(1)}"
        return reports

    def _pyright(self, files: Sequence[Path], site_dir: Path, cache: Path) -> dict[str, FileReport]:
        work = files[0].parent
        (work / "pyrightconfig.json").write_text(json.dumps(
            {"typeCheckingMode": "basic", "reportUnusedExpression": False, "pythonVersion": "3.11"}))
        proc = _run([str(BIN / "pyright"), "--pythonpath", sys.executable, "--outputjson",
                     *[f.name for f in files]], work, {"PYTHONPATH": str(site_dir)}, self.label)
        try:
            data = json.loads(proc.stdout)
        except json.JSONDecodeError as e:
            raise CheckerFailed(f"pyright: {proc.stdout[-2000:]}{proc.stderr[-2000:]}") from e
        reports: dict[str, FileReport] = {}
        for d in data["generalDiagnostics"]:
            rep = _line(reports, d["file"], d["range"]["start"]["line"] + 1)
            if d["severity"] == "error":
                rep.errors.append(d["message"].split("\n")[0] + f" ({d.get('rule', '')})")
            elif d["severity"] == "information" and d["message"].startswith("Type of "):
                rep.reveal = d["message"].rsplit('" is "', 1)[1][:-1]
        return reports

    def _pyrefly(self, files: Sequence[Path], site_dir: Path, cache: Path) -> dict[str, FileReport]:
        work = files[0].parent
        toml = cache.with_suffix(".pyrefly.toml")
        toml.write_text(f"search-path = [{json.dumps(str(site_dir))}]\n"
                        f"python-interpreter-path = {json.dumps(sys.executable)}\n")
        proc = _run([str(BIN / "pyrefly"), "check", "-c", str(toml), "--output-format", "json",
                     *[f.name for f in files]], work, None, self.label)
        try:
            data = json.loads(proc.stdout)
        except json.JSONDecodeError as e:
            raise CheckerFailed(f"pyrefly: {proc.stdout[-2000:]}{proc.stderr[-2000:]}") from e
        reports: dict[str, FileReport] = {}
        for d in data["errors"]:
            rep = _line(reports, d["path"], d["line"])
            if d["name"] == "reveal-type":
                rep.reveal = d["description"].removeprefix("revealed type: ")
            elif d["severity"] == "error":
                rep.errors.append(f"{d['concise_description']} [{d['name']}]")
        return reports

    def _ty(self, files: Sequence[Path], site_dir: Path, cache: Path) -> dict[str, FileReport]:
        work = files[0].parent
        proc = _run([str(BIN / "ty"), "check", "--python", sys.prefix, "--extra-search-path", str(site_dir),
                     "--output-format", "concise", "--color", "never", *[f.name for f in files]], work, None,
                    self.label)
        if proc.returncode not in (0, 1):
            raise CheckerFailed(f"ty: exit {proc.returncode}\n{proc.stderr[-3000:]}{proc.stdout[-2000:]}")
        reports: dict[str, FileReport] = {}
        for ln in proc.stdout.splitlines():
            m = re.match(r"(.+?):(\d+):\d+: (\w+)\[([\w-]+)\] (.*)", ln)
            if not m:
                continue
            rep = _line(reports, m.group(1), int(m.group(2)))
            if m.group(4) == "revealed-type":
                rep.reveal = m.group(5).removeprefix("Revealed type: ").strip("`")
            elif m.group(3) == "error":
                rep.errors.append(f"{m.group(5)} [{m.group(4)}]")
        return reports


def checkers(names: Sequence[str], config: str) -> list[Checker]:
    """The checkers to run in a configuration: the stub-only ones in the default configuration only."""
    out = []
    for n in names:
        if n not in NAMES:
            raise ValueError(f"unknown checker {n!r}; choose from {', '.join(NAMES)}")
        if n in STUB_ONLY and config != "default":
            continue
        out.append(Checker(n, config))
    return out
