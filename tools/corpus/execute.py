"""Run one corpus unit in this (fresh) process, cell after cell in one namespace, as a notebook would; write one JSON
line per cell: what it printed, the repr of its last expression where a notebook would show it, or the exception it
raised.

    python tools/corpus/execute.py UNIT --side jax  --out FILE    # under JAX (run with JAX's venv's python)
    python tools/corpus/execute.py UNIT --side ours --out FILE    # under arraytyping: imports rewritten first

The same code runs on both sides (the manifest's rewrites, then on ``ours`` the import rewriting alone), with the
``shims/`` folder first on ``sys.path`` (synthetic datasets, a matplotlib that draws nothing), ``random`` and
``numpy.random`` seeded with 0 once the library is imported (JAX's import draws from numpy's global generator), and
stdout captured per cell. A cell tagged ``skip-execution`` is not run. A cell
that raises is recorded and the next cell runs, as a notebook run with errors allowed would.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import io
import json
import os
import signal
import sys
import time
import tokenize
import traceback
from contextlib import redirect_stdout
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

_TOOLS = str(Path(__file__).resolve().parents[1])


class CellTimeout(BaseException):
    """A cell ran past ``--cell-timeout`` seconds (a ``BaseException``, so the cell's own ``except Exception``
    does not swallow it)."""


def ends_with_semicolon(code: str) -> bool:
    """IPython shows no result for a cell whose last token is ``;``."""
    last = None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            if tok.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.COMMENT, tokenize.ENDMARKER,
                                tokenize.INDENT, tokenize.DEDENT):
                last = tok
    except (tokenize.TokenError, SyntaxError):
        return False
    return last is not None and last.type == tokenize.OP and last.string == ";"


def _barrier() -> None:
    """Wait for callbacks still printing (``jax.debug.print`` runs on the runtime's threads)."""
    for name in ("jax", "arraytyping"):
        fn = getattr(sys.modules.get(name), "effects_barrier", None)
        if callable(fn):
            try:
                fn()
            except Exception:  # noqa: BLE001 - a failed barrier is no cell outcome
                pass


def _error(e: BaseException, filename: str) -> dict[str, Any]:
    frames = traceback.extract_tb(e.__traceback__)
    cell_lines = [f.lineno for f in frames if f.filename == filename]
    tb = "".join(traceback.format_exception(type(e), e, e.__traceback__))
    return {"type": type(e).__name__, "module": type(e).__module__,
            "bases": [c.__name__ for c in type(e).__mro__[1:] if c not in (object, BaseException)],
            "message": str(e)[:4000], "cell_line": cell_lines[-1] if cell_lines else None,
            "traceback": tb[-6000:]}


def run_cell(code: str, filename: str, ns: dict[str, Any], timeout: float) -> dict[str, Any]:
    """Run ``code`` in ``ns``; its stdout, the repr of a trailing expression (not ``None``, no trailing ``;``), or
    the error."""
    out: dict[str, Any] = {"stdout": "", "display": None, "error": None}
    buf = io.StringIO()
    start = time.perf_counter()

    def on_alarm(signum: int, frame: FrameType | None) -> None:
        raise CellTimeout(f"cell ran past {timeout:g} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        with redirect_stdout(buf):
            try:
                tree = ast.parse(code, filename)
                last: ast.expr | None = None
                if tree.body and isinstance(tree.body[-1], ast.Expr) and not ends_with_semicolon(code):
                    last = tree.body.pop().value  # type: ignore[attr-defined]
                exec(compile(tree, filename, "exec"), ns)
                if last is not None:
                    value = eval(compile(ast.Expression(last), filename, "eval"), ns)
                    if value is not None:
                        out["display"] = repr(value)
                _barrier()
            except (Exception, SystemExit, CellTimeout) as e:  # noqa: BLE001 - the outcome to record
                _barrier()
                out["error"] = _error(e, filename)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    out["stdout"] = buf.getvalue()
    out["seconds"] = round(time.perf_counter() - start, 3)
    return out


def run_unit(name: str, side: str, sink: TextIO, timeout: float) -> None:
    sys.path.insert(0, _TOOLS)
    from corpus import cells as cells_mod
    from corpus import manifest, rewrite
    sys.path.remove(_TOOLS)

    unit = manifest.load().unit(name)
    cells = cells_mod.load(unit)
    sys.path.insert(0, str(manifest.SHIMS))
    import importlib
    import random
    importlib.import_module("jax" if side == "jax" else "arraytyping")  # JAX's import draws from numpy's RNG
    random.seed(0)
    try:
        import numpy as np
        np.random.seed(0)
    except ImportError:
        pass
    ns: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins}
    if unit.kind == "program":
        ns["__file__"] = str(unit.path)
    for cell in cells:
        record: dict[str, Any] = {"index": cell.index, "line": cell.line, "digest": cell.digest}
        if cell.skipped:
            record["skipped"] = True
        else:
            code = rewrite.rewrite_imports(cell.code) if side == "ours" else cell.code
            record.update(run_cell(code, f"<{unit.name}#{cell.index}>", ns, timeout))
        sink.write(json.dumps(record) + "\n")
        sink.flush()
        os.fsync(sink.fileno())


def spawn(python: str | Path, unit: str, side: str, workdir: Path, *, unit_timeout: float,
          cell_timeout: float) -> list[dict[str, Any]]:
    """Run ``unit`` with ``python`` in a fresh process (working in ``workdir``) and read its cells' records; when
    the process dies or runs past ``unit_timeout`` seconds, a last record ``{"stopped": why}`` says so."""
    import subprocess

    out = workdir / f"{unit}.{side}.jsonl"
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "JAX_ENABLE_X64", "JAX_NUMPY_DTYPE_PROMOTION", "ARRAYTYPING_ENABLE_X64",
                        "ARRAYTYPING_DTYPE_PROMOTION", "XLA_FLAGS", "JAX_NUM_CPU_DEVICES",
                        "ARRAYTYPING_NUM_CPU_DEVICES")}
    env.update(JAX_PLATFORMS="cpu", PYTHONHASHSEED="0")
    sys.path.insert(0, _TOOLS)
    from corpus import manifest
    sys.path.remove(_TOOLS)
    devices = manifest.load().unit(unit).devices
    env.update(JAX_NUM_CPU_DEVICES=str(devices), ARRAYTYPING_NUM_CPU_DEVICES=str(devices))
    if os.sep in str(python):
        python = Path(python).absolute()  # the process works in workdir (not resolved: a venv's python is a link)
    cmd = [str(python), str(Path(__file__).resolve()), unit, "--side", side, "--out", str(out),
           "--cell-timeout", str(cell_timeout)]
    stopped = None
    try:
        proc = subprocess.run(cmd, cwd=workdir, env=env, capture_output=True, text=True, timeout=unit_timeout)
        if proc.returncode != 0:
            stopped = f"the process exited with status {proc.returncode}: {proc.stderr.strip()[-300:]}"
    except subprocess.TimeoutExpired:
        stopped = f"the unit ran past {unit_timeout:g} s"
    records = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    if stopped is not None:
        records.append({"stopped": stopped})
    return records


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("unit", help="a unit's name in tests/data/jax_corpus/manifest.json")
    p.add_argument("--side", choices=("jax", "ours"), required=True)
    p.add_argument("--out", type=Path, required=True, help="JSON lines, one per cell, written as cells finish")
    p.add_argument("--cell-timeout", type=float, default=600.0, help="seconds one cell may run (default 600)")
    ns = p.parse_args()
    here = Path(__file__).resolve().parent  # the corpus's imports must not see this folder's modules
    sys.path[:] = [p for p in sys.path if not p or Path(p).resolve() != here]
    with open(ns.out, "w") as sink:
        run_unit(ns.unit, ns.side, sink, ns.cell_timeout)


if __name__ == "__main__":
    main()
