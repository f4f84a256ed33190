"""Benchmark differentiation against JAX 0.10.2: a jitted ``value_and_grad`` training step of a 3-layer MLP with an
SGD update on a dict of parameters (``_jax_autodiff_worker.run_cases``, the same code on both sides).

* ``train_step_call``: a warm call of the jitted step, blocking on the loss          target <= 1.0x JAX
* ``train_step_first_call``: a fresh step's first call (trace + differentiate + compile) target <= 1.0x JAX
* ``make_jaxpr_grad``: ``make_jaxpr(grad(loss))`` of a fresh loss                     target <= 0.5x JAX

Method as ``bench_runtime.py``: each side in its own fresh process (JAX's with ``python -I`` in its venv), once per
repetition, alternating which goes first; reported are the medians over repetitions and the median of the
per-repetition ratios.

    python benchmarks/bench_autodiff.py [--quick] [--reps N] [--json FILE] [--check] [--jax-python PATH]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench_promotion import default_jax_python
from bench_runtime import _env, _fmt_t, _ratio

HERE = Path(__file__).resolve().parent
WORKER = HERE / "_jax_autodiff_worker.py"
CASES: tuple[tuple[str, str, float], ...] = (
    ("train_step_call", "jit(value_and_grad) step + SGD, call", 1.0),
    ("train_step_first_call", "first call (trace + grad + compile)", 1.0),
    ("make_jaxpr_grad", "make_jaxpr(grad(loss))", 0.5),
)


def run_side(side: str, request: dict[str, Any], jax_python: Path | None) -> dict[str, Any]:
    cmd = ([str(jax_python), "-I", str(WORKER)] if side == "jax"
           else [sys.executable, str(Path(__file__).resolve()), "--worker"])
    proc = subprocess.run(cmd, input=json.dumps(request), capture_output=True, text=True, env=_env(), timeout=900,
                          check=False)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or [f"exit code {proc.returncode}"]
        raise RuntimeError(f"{side} worker failed: {tail[0]}")
    response: dict[str, Any] = json.loads(proc.stdout)
    return response


def worker_main() -> int:
    """The arraytyping side (a fresh process, like JAX's)."""
    from _jax_autodiff_worker import Api, run_cases

    import arraytyping
    import arraytyping.numpy as anp

    request: dict[str, Any] = json.load(sys.stdin)
    api = Api(name="arraytyping", version=arraytyping.__version__, np=anp, jit=arraytyping.jit,
              value_and_grad=arraytyping.value_and_grad, grad=arraytyping.grad, make_jaxpr=arraytyping.make_jaxpr,
              tree_map=arraytyping.tree_util.tree_map)
    json.dump({"version": api.version, "results": run_cases(api, request)}, sys.stdout)
    return 0


def benchmark(ns: argparse.Namespace) -> dict[str, Any]:
    reps = ns.reps if ns.reps is not None else (2 if ns.quick else 5)
    request = {"target_time": 0.05 if ns.quick else 0.2, "repeat": 2 if ns.quick else 3,
               "compiles": 2 if ns.quick else 3, "batch": 128, "sizes": [32, 64, 64, 8]}
    jax_python = ns.jax_python or default_jax_python()
    if jax_python is None:
        raise SystemExit("no JAX python found (use --jax-python PATH or set ARRAYTYPING_JAX_PYTHON)")
    samples: dict[str, dict[str, dict[int, float]]] = {k: {"ours": {}, "jax": {}} for k, _, _ in CASES}
    versions: dict[str, str] = {}
    for rep in range(reps):
        t0 = time.perf_counter()
        for side in (["ours", "jax"] if rep % 2 == 0 else ["jax", "ours"]):
            resp = run_side(side, request, jax_python)
            versions[side] = resp["version"]
            for key, r in resp["results"].items():
                samples[key][side][rep] = float(r["per_call_s"])
        print(f"repetition {rep + 1}/{reps}: {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    cases = []
    for key, label, target in CASES:
        s = samples[key]
        ratio = _ratio(s["ours"], s["jax"])
        cases.append({"case": key, "label": label, "target": target, "ratio": ratio,
                      "median_s": {side: statistics.median(v.values()) for side, v in s.items()},
                      "samples_s": {side: [v.get(r) for r in range(reps)] for side, v in s.items()},
                      "status": "ok" if ratio is not None and ratio <= target else "MISS"})
    meta = {"python": sys.version.split()[0], "platform": platform.platform(), "versions": versions, "reps": reps,
            "request": request}
    return {"meta": meta, "cases": cases, "targets_met": all(c["status"] == "ok" for c in cases)}


def table(report: dict[str, Any]) -> str:
    rows = [["case", "ours", "JAX", "ours/JAX", "target", "status"]]
    for c in report["cases"]:
        rows.append([c["label"], _fmt_t(c["median_s"]["ours"]), _fmt_t(c["median_s"]["jax"]),
                     "-" if c["ratio"] is None else f"{c['ratio']:.2f}", f"<= {c['target']:g}x", c["status"]])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(r, widths))) for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="2 repetitions, shorter measurements")
    p.add_argument("--reps", type=int, help="repetitions (default 5, --quick 2)")
    p.add_argument("--jax-python", type=Path, default=None, help="python of a venv with jax (default .jaxref-venv)")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ns = p.parse_args(argv)
    if ns.worker:
        return worker_main()
    report = benchmark(ns)
    v = report["meta"]["versions"]
    print(f"arraytyping {v.get('ours')}, jax {v.get('jax')}; medians of {report['meta']['reps']} repetitions, each side "
          "in its own process; ratio = median of per-repetition ratios (noisy machine: ratios within ~10% of a target "
          "are within noise)")
    print(table(report))
    if ns.json is not None:
        ns.json.write_text(json.dumps(report, indent=2) + "\n")
    return 1 if ns.check and not report["targets_met"] else 0


if __name__ == "__main__":
    sys.exit(main())
