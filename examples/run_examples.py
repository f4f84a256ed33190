"""The main job on bundled examples: what the lattice says about a few promotions, in the CLI's own words, a
jitted function over mixed dtypes with its jaxpr, a small model trained with ``jit(value_and_grad(loss))``, and what
mypy (with the plugin) and pyright infer on typed code.

Run from the repository root after installing the package: ``python examples/run_examples.py``. Pictures and tables
are written to ``out/`` (ignored by git).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from arraytyping.cli import main

import mixed_precision  # the runtime: a jitted function over mixed dtypes and its jaxpr
import train_mlp  # differentiation: a small MLP trained with jit(value_and_grad(loss)) on a pytree of parameters
import typecheck_examples  # the type checkers on examples/typed_step.py

OUT = Path("out")

EXAMPLES: list[list[str]] = [
    ["promote", "float32", "2"],                 # x_f32 + 2 stays float32
    ["promote", "--x64", "uint64", "int64"],     # u64 + i64 turns into a weak float
    ["promote", "bfloat16", "float16"],          # bf16 + f16 meet at float32
    ["promote", "float8_e4m3fn", "float32"],     # float8 cannot meet float32 without a cast
    ["promote", "--mode", "strict", "int8", "int16"],
    ["promote", "--x64", "uint32", "int8"],
    ["promote", "uint32", "int8"],
    ["explain", "--x64", "uint64", "int8"],
    ["explain", "int4", "int8"],
    ["promote", "bool", "2", "2.0"],             # all-weak Python scalars stay weak
]


def run(argv: list[str]) -> int:
    print(f"$ arraytyping {shlex.join(argv)}", flush=True)
    code = main(argv)
    print(flush=True)
    return code


def _main() -> int:
    OUT.mkdir(exist_ok=True)
    failures = 0
    for argv in EXAMPLES:
        code = run(argv)
        expected_error = "float8_e4m3fn" in argv or argv[:3] == ["promote", "--mode", "strict"] or "int4" in argv
        failures += int((code != 0) != expected_error)
    for fmt in ("svg", "dot"):
        failures += int(run(["lattice", "--format", fmt, "-o", str(OUT / f"lattice.{fmt}")]) != 0)
    failures += int(run(["table", "--format", "html", "-o", str(OUT / "table.html")]) != 0)
    failures += int(run(["table", "--short", "--format", "markdown", "-o", str(OUT / "table.md")]) != 0)
    print("$ python examples/mixed_precision.py", flush=True)
    mixed_precision.main()
    print(flush=True)
    print("$ python examples/train_mlp.py", flush=True)
    losses = train_mlp.main()
    failures += int(not losses[-1] < losses[0] / 10)
    print(flush=True)
    failures += typecheck_examples.main()
    print(f"examples done; outputs in {OUT}/; {failures} unexpected results")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(_main())
