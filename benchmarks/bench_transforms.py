"""Benchmark ``vmap`` and ``scan`` against JAX 0.10.2.

Cases (both sides run the same code, ``_jax_transforms_worker.run_cases``):

* ``vmap_loss_call``: a warmed-up ``jit(vmap(loss))`` of a per-example MLP loss over a batch of 128  target <= 1.0x
* ``vmap_loss_first``: its first call (trace + compile + run) for a fresh function                    reported
* ``scan_jit_call``: a warmed-up jitted ``scan`` of 1,000 steps                                        reported
* ``scan_jit_first``: its first call for a fresh function                                             reported
* ``scan_eager_call``: the same scan called eagerly (no ``jit``) with the same step function          reported

Method as ``bench_runtime.py``: each side in its own fresh process (ours with this interpreter, JAX's with ``python
-I`` in its venv), once per repetition, alternating which goes first; medians over repetitions and the median of
the per-repetition ratios.

    python benchmarks/bench_transforms.py [--quick] [--reps N] [--json FILE] [--check] [--jax-python PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench_promotion import JAX_PYTHON_ENV, default_jax_python
from bench_runtime import _env, _fmt_t, _ratio

HERE = Path(__file__).resolve().parent
WORKER = HERE / "_jax_transforms_worker.py"


@dataclass(frozen=True)
class Case:
    key: str
    label: str
    max_ratio: float | None


CASES: tuple[Case, ...] = (
    Case("vmap_loss_call", "jit(vmap(MLP loss)), batch 128, per call", 1.0),
    Case("vmap_loss_first", "jit(vmap(MLP loss)), first call", None),
    Case("scan_jit_call", "jit(scan), 1,000 steps, per call", None),
    Case("scan_jit_first", "jit(scan), 1,000 steps, first call", None),
    Case("scan_eager_call", "scan (eager), 1,000 steps, per call", None),
)


def run_side(side: str, request: dict[str, Any], jax_python: Path | None) -> dict[str, Any]:
    if side == "jax":
        assert jax_python is not None
        cmd = [str(jax_python), "-I", str(WORKER)]
    else:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker"]
    proc = subprocess.run(cmd, input=json.dumps(request), capture_output=True, text=True, env=_env(), timeout=900,
                          check=False)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or [f"exit code {proc.returncode}"]
        raise RuntimeError(f"{side} worker failed: {tail[0]}")
    response: dict[str, Any] = json.loads(proc.stdout)
    return response


def worker_main() -> int:
    """The arraytyping side (a fresh process, like JAX's)."""
    from _jax_transforms_worker import Api, run_cases

    import arraytyping
    import arraytyping.numpy as anp
    from arraytyping import lax

    request: dict[str, Any] = json.load(sys.stdin)
    api = Api(name="arraytyping", version=arraytyping.__version__, np=anp, asarray=anp.asarray,
              jit=arraytyping.jit, vmap=arraytyping.vmap, scan=lax.scan)
    json.dump({"version": api.version, "results": run_cases(api, request)}, sys.stdout)
    return 0


def benchmark(ns: argparse.Namespace) -> dict[str, Any]:
    quick = ns.quick
    reps = ns.reps if ns.reps is not None else (2 if quick else 5)
    request = {"target_time": 0.05 if quick else 0.1, "repeat": 2 if quick else 3, "compiles": 2 if quick else 3,
               "batch": 128, "scan_steps": 1000}
    jax_python: Path | None = None if ns.no_jax else (ns.jax_python or default_jax_python())
    notes: list[str] = []
    if jax_python is None and not ns.no_jax:
        notes.append(f"JAX side skipped: no JAX python found (use --jax-python PATH or set {JAX_PYTHON_ENV})")
    samples: dict[str, dict[str, dict[int, float]]] = {c.key: {"ours": {}, "jax": {}} for c in CASES}
    versions: dict[str, str] = {}
    for rep in range(reps):
        t0 = time.perf_counter()
        for side in (["ours", "jax"] if rep % 2 == 0 else ["jax", "ours"]):
            if side == "jax" and jax_python is None:
                continue
            resp = run_side(side, request, jax_python)
            versions[side] = resp["version"]
            for key, r in resp["results"].items():
                samples[key][side][rep] = float(r["per_call_s"])
        print(f"repetition {rep + 1}/{reps}: {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    cases = []
    for c in CASES:
        s = samples[c.key]
        ratio = _ratio(s["ours"], s["jax"])
        status = "" if c.max_ratio is None or ratio is None else ("ok" if ratio <= c.max_ratio else "MISS")
        cases.append({"case": c.key, "label": c.label, "ratio": ratio, "target": c.max_ratio, "status": status,
                      "median_s": {k: statistics.median(v.values()) if v else None for k, v in s.items()},
                      "samples_s": {k: [v.get(r) for r in range(reps)] for k, v in s.items()}})
    meta = {"python": sys.version.split()[0], "platform": platform.platform(), "cpu_count": os.cpu_count(),
            "versions": versions, "reps": reps, "request": request}
    return {"meta": meta, "cases": cases, "notes": notes,
            "targets_met": not any(c["status"] == "MISS" for c in cases)}


def table(report: dict[str, Any]) -> str:
    header = ["case", "ours", "JAX", "ours/JAX", "target", "status"]
    rows = [header] + [[c["label"], _fmt_t(c["median_s"]["ours"]), _fmt_t(c["median_s"]["jax"]),
                        "-" if c["ratio"] is None else f"{c['ratio']:.2f}",
                        "" if c["target"] is None else f"<= {c['target']:g}x", c["status"]] for c in report["cases"]]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(r, widths))) for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="2 repetitions, shorter measurements")
    p.add_argument("--reps", type=int, help="repetitions (default 5, --quick 2)")
    p.add_argument("--jax-python", type=Path, default=None,
                   help=f"python of a venv with jax (default ${JAX_PYTHON_ENV} or .jaxref-venv)")
    p.add_argument("--no-jax", action="store_true", help="skip the JAX side")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ns = p.parse_args(argv)
    if ns.worker:
        return worker_main()
    report = benchmark(ns)
    v = report["meta"]["versions"]
    print(f"arraytyping {v.get('ours')}, jax {v.get('jax', '(skipped)')}; medians of {report['meta']['reps']} "
          f"repetitions, each side in its own process; ratio = median of per-repetition ratios (shared, noisy "
          f"machine: ratios within ~10% of a target are within noise)")
    print(table(report))
    for note in report["notes"]:
        print(f"note: {note}")
    if ns.json is not None:
        ns.json.write_text(json.dumps(report, indent=2) + "\n")
    if ns.check and not report["targets_met"]:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
