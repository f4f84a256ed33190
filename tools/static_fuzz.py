"""The static soundness fuzzer: random well-typed expressions over every operand kind and the public API, checked by
five type checkers and evaluated by the runtime; each checker's answer is classified (exact, gradual, wrong, false
error, missed rejection, correct rejection), its shape too (exact, gradual, wrong, false error: half the array
operands declare their literal shape), and every wrong answer and false error gets a minimal reproducer, grouped by
pattern.

    python tools/static_fuzz.py --count 20000 --jobs 2 --json out/fuzz.json
    python tools/static_fuzz.py --config x64,strict,strict_x64 --checkers mypy-plugin

``--config`` runs the runtime and the mypy plugin in that configuration (``default``, ``x64``, ``strict``,
``strict_x64``, or ``all``); the stub-only checkers (``mypy``, ``pyright``, ``pyrefly``, ``ty``) encode the default
configuration and run in it only. The exit status is 1 when some checker gave a wrong answer or a false error, of a
dtype or of a shape.
The code lives in ``tools/soundness/`` (its ``__init__`` says what each module holds and how to extend it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from soundness import checkers, driver, report, shrink, slow  # noqa: E402
from soundness.universe import CONFIGS  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--seed", default="0", help="the run's seed (any string); the same seed gives the same cases")
    p.add_argument("--count", type=int, default=2000, help="expressions per configuration (default 2000)")
    p.add_argument("--checkers", default=",".join(checkers.NAMES),
                   help=f"comma-separated, from {', '.join(checkers.NAMES)} (default: all)")
    p.add_argument("--config", default="default", help=f"comma-separated, from {', '.join(CONFIGS)}, or all")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="processes at a time (default: the cores)")
    p.add_argument("--chunk", type=int, default=200, help="cases per generated module (default 200)")
    p.add_argument("--shrink-rounds", type=int, default=2, help="rounds of reproducer shrinking (default 2; 0: none)")
    p.add_argument("--eager", type=float, default=0.02,
                   help="share of cases also evaluated eagerly on concrete arrays, compared with the abstract answer")
    p.add_argument("--jax-venv", type=Path, default=None,
                   help="a venv with jax==0.10.2 (default: .jaxref-venv, made by tools/jax_reference.py); every "
                   "reproducer and a sample of the cases are evaluated by JAX too, and differences from the runtime "
                   "reported. Skipped when the venv does not exist")
    p.add_argument("--jax-sample", type=float, default=0.03, help="share of the cases checked against JAX")
    p.add_argument("--work-dir", type=Path, help="where the generated modules go (default: a temporary directory)")
    p.add_argument("--json", type=Path, help="also write everything as JSON to this file")
    p.add_argument("--max-patterns", type=int, default=80, help="patterns shown per run in the text report")
    p.add_argument("--skip-known-slow", action="store_true",
                   help="keep from mypy without the plugin the expressions it is known to take minutes on (the "
                   "README's limits table; tools/soundness/slow.py), as the CI sample does; counted as skipped")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    args = p.parse_args(argv)

    configs = list(CONFIGS) if args.config == "all" else args.config.split(",")
    names = args.checkers.split(",")
    def progress(line: str) -> None:
        if not args.quiet:
            print(f"[{time.strftime('%H:%M:%S')}] {line}", file=sys.stderr, flush=True)

    out_json = []
    failed = False
    for config in configs:
        work = args.work_dir / config if args.work_dir else None
        results = driver.run(args.seed, args.count, config, names, args.jobs, args.chunk, work, args.eager, progress,
                             skip=slow.known_slow if args.skip_known_slow else None)
        if args.shrink_rounds:
            t = time.perf_counter()
            shrink.shrink(results, checkers.checkers(names, config), work or Path(results.work), args.jobs,
                          args.shrink_rounds)
            results.timings["shrinking"] = time.perf_counter() - t
        if args.jax_sample >= 0:
            t = time.perf_counter()
            if report.cross_check(results, args.jax_venv, args.jax_sample, args.seed, args.jobs):
                results.timings["JAX cross-check"] = time.perf_counter() - t
            else:
                progress("no JAX venv: the runtime's answers are not cross-checked against JAX")
        print(report.render(results, args.seed, args.count, args.max_patterns), flush=True)
        out_json.append(report.to_json(results, args.seed, args.count))
        failed |= any(c["wrong"] or c["false error"] for c in results.counts().values())
        failed |= any(c["wrong"] or c["false error"] for c in results.shape_counts().values())
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out_json, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
