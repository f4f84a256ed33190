"""Write JAX 0.10.2's result dtypes of ``sum``, ``prod`` and ``mean`` with and without ``dtype=`` to
``tests/data/jax_reductions_reference.json``.

Without ``dtype`` a sum of narrow integers accumulates in the default integer and a mean is inexact; with
``dtype`` the argument is canonicalized (x64 off: 64-bit dtypes truncate, Python types give the default dtype) and
is the result, strong. This records every array operand (strong and weak) against every ``dtype`` spelling JAX
takes (``None``, each dtype name, ``bool``/``int``/``float``/``complex``), in all four configurations.

Runs in its own venv with jax (see tools/jax_reference.py, whose operand encoding and venv handling it shares)::

    python tools/jax_reductions_reference.py [--venv .jaxref-venv]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_reductions_reference.json"
FUNCTIONS = ("sum", "prod", "mean")
PY_DTYPES = ("bool", "int", "float", "complex")


def operands() -> list[str]:
    return [f"arr:{d}" for d in ref.DTYPES] + [f"warr:{d}" for d in ref.WEAK_ARRAY_DTYPES]


def dtype_args() -> list[str]:
    """``none``, ``name:<dtype name>`` (the string) and ``py:<Python type>``."""
    return ["none", *(f"name:{d}" for d in ref.DTYPES), *(f"py:{p}" for p in PY_DTYPES)]


def keys() -> list[str]:
    return [f"{a}|{d}" for a in operands() for d in dtype_args()]


def main_inside() -> None:
    import warnings

    import jax
    import jax.numpy as jnp
    import numpy as np

    def result(fn: Any, key: str) -> str:
        spec, darg = key.split("|")
        kind, _, name = spec.partition(":")
        x = jax.ShapeDtypeStruct((2, 3), np.dtype(ref.sctype(name)), weak_type=(kind == "warr"))
        dk, _, dn = darg.partition(":")
        dtype: Any = None if dk == "none" else dn if dk == "name" else {"bool": bool, "int": int, "float": float,
                                                                          "complex": complex}[dn]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                out = jax.eval_shape(lambda a: fn(a, axis=0, dtype=dtype), x)
            except Exception as e:  # noqa: BLE001 - recorded by class
                return f"error:{type(e).__name__}"
        return np.dtype(out.dtype).name + ("*" if out.weak_type else "")

    data: dict[str, Any] = {}
    for name in FUNCTIONS:
        fn = getattr(jnp, name)
        data[name] = {}
        for key in ref.each_config(jax):
            print(name, key, file=sys.stderr)
            data[name][key] = {k: result(fn, k) for k in keys()}
    out = {"generator": "tools/jax_reductions_reference.py", "versions": {"jax": jax.__version__},
           "functions": data}
    OUT.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
