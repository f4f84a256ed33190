"""Benchmark the runtime against JAX 0.10.2: eager dispatch, jit call overhead, tracing, compilation and memory.

Cases (both sides run the same code, ``_jax_runtime_worker.run_cases``):

* ``eager_add_small``: ``x + y`` on float32 (2, 3) arrays (dispatch only)           target <= 1.0x JAX
* ``eager_mul_pyscalar_small``: ``x * 2.0`` on a float32 (2, 3) array              target <= 1.0x JAX
* ``eager_add_large``: ``(x + y).block_until_ready()`` on float32 (1000, 1000)      target <= 1.0x JAX
* ``jit_call_small``: a warmed-up jitted ``a * b + a`` on (2, 3) arrays             target <= 1.0x JAX
* ``make_jaxpr_chain``: ``make_jaxpr`` of a 1,000-operation chain                   target <= 0.5x JAX
* ``compile_fresh``: first call of a freshly jitted 100-operation function          target <= 1.0x JAX
* ``memory``: 100,000 eager ops; must leave no live buffers behind and little RSS growth (time per op reported)
* ``eager_concatenate``/``jit_concatenate``: ``concatenate([x, y])`` of f32 (2, 3) arrays, eagerly and as a
  warmed-up jitted call                                                               target <= 1.0x JAX
* ``eager_argmax``/``jit_argmax``: ``argmax(x)`` of an f32 (2, 3) array, likewise     target <= 1.0x JAX
* ``eager_softmax``/``jit_softmax``: ``nn.softmax`` of a float32 (8, 128) array, eager and jitted  target <= 1.0x JAX
* ``eager_random_normal``/``jit_random_normal``: ``random.normal(key, (128,))``, eager and jitted   target <= 1.0x JAX
* ``eager_einsum``/``jit_einsum``: ``einsum("bij,bjk->bik")`` of float32 (4, 8, 16) and (4, 16, 8), eager and
  jitted                                                                                target <= 1.0x JAX

Method: each side runs in its own fresh process (ours with this interpreter, JAX's with ``python -I`` in its venv,
so neither can import the other), once per repetition, alternating which goes first, so drifting machine load hits
both. Reported: the median over repetitions of each side's time, and the median of the per-repetition ratios.

    python benchmarks/bench_runtime.py [--quick] [--reps N] [--json FILE] [--check] [--jax-python PATH] [--no-jax]
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench_promotion import JAX_PYTHON_ENV, default_jax_python

HERE = Path(__file__).resolve().parent
WORKER = HERE / "_jax_runtime_worker.py"
RSS_LIMIT_BYTES = 64 * 2**20


@dataclass(frozen=True)
class Case:
    key: str
    label: str
    max_ratio: float | None


CASES: tuple[Case, ...] = (
    Case("eager_add_small", "eager x + y, f32[2,3]", 1.0),
    Case("eager_mul_pyscalar_small", "eager x * 2.0, f32[2,3]", 1.0),
    Case("eager_add_large", "eager x + y, f32[1000,1000] (blocking)", 1.0),
    Case("jit_call_small", "jit call a * b + a, f32[2,3]", 1.0),
    Case("make_jaxpr_chain", "make_jaxpr, 1,000-op chain", 0.5),
    Case("compile_fresh", "first call (trace+compile), 100 ops", 1.0),
    Case("memory", "100,000 eager x + 1.0 (per op)", None),
    Case("eager_concatenate", "eager concatenate([x, y]), f32[2,3]", 1.0),
    Case("jit_concatenate", "jit call concatenate([a, b]), f32[2,3]", 1.0),
    Case("eager_argmax", "eager argmax(x), f32[2,3]", 1.0),
    Case("jit_argmax", "jit call argmax(a), f32[2,3]", 1.0),
    Case("eager_softmax", "eager nn.softmax, f32[8,128]", 1.0),
    Case("jit_softmax", "jit nn.softmax, f32[8,128]", 1.0),
    Case("eager_random_normal", "eager random.normal(key, (128,))", 1.0),
    Case("jit_random_normal", "jit random.normal(key, (128,))", 1.0),
    Case("eager_einsum", "eager einsum bij,bjk->bik, f32[4,8,16]", 1.0),
    Case("jit_einsum", "jit einsum bij,bjk->bik, f32[4,8,16]", 1.0),
)


def _env() -> dict[str, str]:
    return {**os.environ, "JAX_PLATFORMS": "cpu", "TF_CPP_MIN_LOG_LEVEL": os.environ.get("TF_CPP_MIN_LOG_LEVEL", "3")}


def run_side(side: str, request: dict[str, Any], jax_python: Path | None) -> dict[str, Any]:
    if side == "jax":
        assert jax_python is not None
        cmd = [str(jax_python), "-I", str(WORKER)]
    else:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker"]
    proc = subprocess.run(cmd, input=json.dumps(request), capture_output=True, text=True, env=_env(), timeout=600,
                          check=False)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or [f"exit code {proc.returncode}"]
        raise RuntimeError(f"{side} worker failed: {tail[0]}")
    response: dict[str, Any] = json.loads(proc.stdout)
    return response


def worker_main() -> int:
    """The arraytyping side (a fresh process, like JAX's)."""
    from _jax_runtime_worker import Api, run_cases

    import arraytyping
    import arraytyping.nn
    import arraytyping.numpy as anp
    import arraytyping.random
    from arraytyping._src.xla.backend import backend

    request: dict[str, Any] = json.load(sys.stdin)
    api = Api(name="arraytyping", version=arraytyping.__version__, asarray=anp.asarray, jit=arraytyping.jit,
              make_jaxpr=arraytyping.make_jaxpr, live_arrays=lambda: len(backend().live_buffers()),
              concatenate=anp.concatenate, argmax=anp.argmax, softmax=arraytyping.nn.softmax,
              prng_key=arraytyping.random.PRNGKey, normal=arraytyping.random.normal, einsum=anp.einsum)
    json.dump({"version": api.version, "results": run_cases(api, request)}, sys.stdout)
    return 0


def _ratio(ours: dict[int, float], theirs: dict[int, float]) -> float | None:
    pairs = [ours[r] / theirs[r] for r in ours if theirs.get(r, 0.0) > 0]
    return statistics.median(pairs) if pairs else None


def benchmark(ns: argparse.Namespace, log: Callable[[str], None]) -> dict[str, Any]:
    quick = ns.quick
    reps = ns.reps if ns.reps is not None else (2 if quick else 5)
    request = {"target_time": 0.03 if quick else 0.1, "repeat": 2 if quick else 3, "compiles": 2 if quick else 3,
               "memory_ops": 20_000 if quick else 100_000, "chain_ops": 1000, "compile_ops": 100}
    jax_python: Path | None = None if ns.no_jax else (ns.jax_python or default_jax_python())
    notes: list[str] = []
    if jax_python is None and not ns.no_jax:
        notes.append(f"JAX side skipped: no JAX python found (use --jax-python PATH or set {JAX_PYTHON_ENV})")
    samples: dict[str, dict[str, dict[int, float]]] = {c.key: {"ours": {}, "jax": {}} for c in CASES}
    memory: dict[str, list[dict[str, Any]]] = {"ours": [], "jax": []}
    versions: dict[str, str] = {}
    for rep in range(reps):
        sides = ["ours", "jax"] if rep % 2 == 0 else ["jax", "ours"]
        t0 = time.perf_counter()
        for side in sides:
            if side == "jax" and jax_python is None:
                continue
            try:
                resp = run_side(side, request, jax_python)
            except (RuntimeError, OSError, subprocess.TimeoutExpired, json.JSONDecodeError) as e:
                if side == "ours":
                    raise
                notes.append(f"JAX side skipped from repetition {rep + 1} on: {e}")
                jax_python = None
                continue
            versions[side] = resp["version"]
            for key, r in resp["results"].items():
                samples[key][side][rep] = float(r["per_call_s"])
                if key == "memory":
                    memory[side].append(r)
        log(f"repetition {rep + 1}/{reps}: {time.perf_counter() - t0:.1f} s")

    cases = []
    for c in CASES:
        s = samples[c.key]
        ours_med = statistics.median(s["ours"].values()) if s["ours"] else None
        jax_med = statistics.median(s["jax"].values()) if s["jax"] else None
        ratio = _ratio(s["ours"], s["jax"])
        status = ""
        if c.max_ratio is not None and ratio is not None:
            status = "ok" if ratio <= c.max_ratio else "MISS"
        entry: dict[str, Any] = {"case": c.key, "label": c.label, "median_s": {"ours": ours_med, "jax": jax_med},
                                 "samples_s": {k: [v.get(r) for r in range(reps)] for k, v in s.items()},
                                 "ratio": ratio, "target": c.max_ratio, "status": status}
        if c.key == "memory":
            live = max((m["live_arrays_growth"] for m in memory["ours"]), default=0)
            rss = max((m["rss_growth_bytes"] for m in memory["ours"]), default=0)
            entry["ours_live_arrays_growth"] = live
            entry["ours_rss_growth_bytes"] = rss
            entry["jax_live_arrays_growth"] = max((m["live_arrays_growth"] for m in memory["jax"]), default=None)
            entry["jax_rss_growth_bytes"] = max((m["rss_growth_bytes"] for m in memory["jax"]), default=None)
            entry["status"] = "ok" if live <= 0 and rss <= RSS_LIMIT_BYTES else "MISS"
        cases.append(entry)
    meta = {"python": sys.version.split()[0], "platform": platform.platform(), "cpu_count": os.cpu_count(),
            "versions": versions, "reps": reps, "request": request,
            "jax_python": str(jax_python) if jax_python else None}
    return {"meta": meta, "cases": cases, "notes": notes,
            "targets_met": not any(c["status"] == "MISS" for c in cases)}


def _fmt_t(t: float | None) -> str:
    if t is None:
        return "-"
    return f"{t * 1e3:.2f} ms" if t >= 1e-3 else f"{t * 1e6:.2f} us"


def table(report: dict[str, Any]) -> str:
    header = ["case", "ours", "JAX", "ours/JAX", "target", "status"]
    rows = [header]
    for c in report["cases"]:
        rows.append([c["label"], _fmt_t(c["median_s"]["ours"]), _fmt_t(c["median_s"]["jax"]),
                     "-" if c["ratio"] is None else f"{c['ratio']:.2f}",
                     "" if c["target"] is None else f"<= {c['target']:g}x", c["status"]])
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(r, widths)))
             for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    mem = next(c for c in report["cases"] if c["case"] == "memory")
    lines.append(f"memory: live buffers left behind ours {mem.get('ours_live_arrays_growth')}, "
                 f"JAX {mem.get('jax_live_arrays_growth')}; RSS growth ours "
                 f"{(mem.get('ours_rss_growth_bytes') or 0) / 2**20:.1f} MiB, JAX "
                 f"{(mem.get('jax_rss_growth_bytes') or 0) / 2**20:.1f} MiB (limit {RSS_LIMIT_BYTES / 2**20:.0f} MiB)")
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="2 repetitions, shorter measurements (~30 s)")
    p.add_argument("--reps", type=int, help="repetitions (default 5, --quick 2)")
    p.add_argument("--jax-python", type=Path, default=None,
                   help=f"python of a venv with jax (default ${JAX_PYTHON_ENV} or .jaxref-venv)")
    p.add_argument("--no-jax", action="store_true", help="skip the JAX side")
    p.add_argument("--json", type=Path, metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    ns = parse_args(argv)
    if ns.worker:
        return worker_main()
    report = benchmark(ns, log=lambda m: print(m, file=sys.stderr, flush=True))
    v = report["meta"]["versions"]
    print(f"arraytyping {v.get('ours')}, jax {v.get('jax', '(skipped)')}; medians of {report['meta']['reps']} "
          f"repetitions, each side in its own process; ratio = median of per-repetition ratios (noisy machine: "
          f"ratios within ~10% of a target are within noise)")
    print(table(report))
    for note in report["notes"]:
        print(f"note: {note}")
    if ns.json is not None:
        ns.json.write_text(json.dumps(report, indent=2) + "\n")
    if ns.check and not report["targets_met"]:
        missed = ", ".join(c["case"] for c in report["cases"] if c["status"] == "MISS")
        print(f"check: targets missed: {missed}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
