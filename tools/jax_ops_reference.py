"""Write JAX 0.10.2's result dtypes and weak flags of each operator family to ``tests/data/jax_ops_reference.json``.

Promotion is the same lattice for every binary operation, but operations then adjust the joined dtype: true
division makes integers inexact (through a table that leaves 1- and 2-bit integers alone), bitwise operations reject
floats, shifts turn bool into int32, comparisons give bool. This file records what JAX does for every operand pair of
each family, so the runtime, the stubs and the mypy plugin are all held to JAX rather than to our reading of it.

Runs in its own venv with jax (see tools/jax_reference.py, whose operand encoding it shares)::

    python tools/jax_ops_reference.py        # creates/uses .jaxref-venv, then re-runs itself there
"""
from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder; the operand encoding and venv handling live there)

OUT = ref.ROOT / "tests" / "data" / "jax_ops_reference.json"
OPS = ("add", "subtract", "multiply", "true_divide", "floor_divide", "remainder", "power", "maximum",
       "bitwise_and", "left_shift", "less", "equal", "matmul", "dot")
"""Each operator family's representative ``jax.numpy`` function."""


def operands() -> tuple[list[str], list[str]]:
    """Left operands (arrays, strong and weak) and right operands (the same plus Python scalars)."""
    left = [f"arr:{d}" for d in ref.DTYPES] + [f"warr:{d}" for d in ref.WEAK_ARRAY_DTYPES]
    return left, left + [f"py:{k}" for k in ref.PY_VALUES]


def keys() -> list[str]:
    left, right = operands()
    out = [f"{a}|{b}" for a, b in itertools.product(left, right)]
    out += [f"{b}|{a}" for a in left for b in right if b.startswith("py:")]
    return out


def main_inside() -> None:
    import warnings

    import jax
    import jax.numpy as jnp
    import numpy as np

    def build(spec: str) -> Any:
        kind, _, name = spec.partition(":")
        if kind == "py":
            return ref.PY_VALUES[name]
        return jax.ShapeDtypeStruct((2,), np.dtype(ref.sctype(name)), weak_type=(kind == "warr"))

    def result(fn: Any, key: str) -> str:
        specs = key.split("|")
        built = [build(s) for s in specs]
        arrays = [b for s, b in zip(specs, built) if not s.startswith("py:")]

        def f(*xs: Any) -> Any:
            it = iter(xs)
            return fn(*[next(it) if not s.startswith("py:") else b for s, b in zip(specs, built)])

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                out = jax.eval_shape(f, *arrays)
            except Exception as e:  # noqa: BLE001 - recorded by class
                return f"error:{type(e).__name__}"
        return np.dtype(out.dtype).name + ("*" if out.weak_type else "")

    all_keys = keys()
    ops: dict[str, Any] = {}
    for op in OPS:
        fn = getattr(jnp, op)
        ops[op] = {}
        for key in ref.each_config(jax):
            print(op, key, file=sys.stderr)
            ops[op][key] = {k: result(fn, k) for k in all_keys}
    data = {"generator": "tools/jax_ops_reference.py", "versions": {"jax": jax.__version__}, "ops": ops}
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
