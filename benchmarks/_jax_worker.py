"""JAX side of ``bench_promotion.py``: times ``jnp.promote_types`` / ``jnp.result_type`` in JAX's own venv.

Reads a JSON request on stdin and prints a JSON response on stdout::

    {"x64": false, "promotion": "standard", "target_time": 0.05, "repeat": 3,
     "cases": [{"key": "...", "op": "promote_types", "args": [["dtype", "float32"], ["dtype", "int8"]],
                "number": null}]}
    -> {"jax_version": "0.10.2", "results": {"...": {"per_call_s": 3.1e-06, "number": 20000, "result": "float32"}}}

This file must never import ``arraytyping`` (JAX lives in a separate venv; jaxlib and jax patch the same C++
classes). It only needs numpy and ml_dtypes at import time, so ``bench_promotion.py`` imports its argument decoding
and timing helpers too: both sides are measured by exactly the same code.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import timeit
from collections.abc import Callable, Sequence
from typing import Any, TypedDict

import ml_dtypes
import numpy as np

__all__ = ["Measurement", "decode_arg", "measure", "np_dtype"]

# An encoded argument: ("dtype", NAME) np.dtype, ("str", NAME) the string, ("nparr", NAME) a numpy array of
# shape (3,), ("py", VALUE) a Python scalar.
EncodedArg = Sequence[Any]


class Measurement(TypedDict):
    per_call_s: float
    number: int


def np_dtype(name: str) -> np.dtype[Any]:
    """``np.dtype(name)``, including ml_dtypes' types (bfloat16, float8_*, int4, ...)."""
    try:
        return np.dtype(name)
    except TypeError:
        dt: np.dtype[Any] = np.dtype(getattr(ml_dtypes, name))
        return dt


def decode_arg(arg: EncodedArg) -> object:
    tag, value = arg
    if tag == "dtype":
        return np_dtype(str(value))
    if tag == "str":
        return str(value)
    if tag == "nparr":
        return np.ones(3, dtype=np_dtype(str(value)))
    if tag == "py":
        if not isinstance(value, (bool, int, float)):
            raise ValueError(f"unsupported Python scalar {value!r}")
        return value
    raise ValueError(f"unknown argument tag {tag!r}")


def _calibrate(timer: timeit.Timer, target_time: float) -> int:
    """Loop count such that one ``timer.timeit(number)`` takes about ``target_time`` (like ``Timer.autorange``)."""
    number = 1
    while True:
        elapsed = timer.timeit(number)
        if elapsed >= target_time / 10 or number >= 10**8:
            return max(1, round(number * target_time / max(elapsed, 1e-9)))
        number *= 10


def measure(
    fn: Callable[..., object], args: Sequence[object], *, target_time: float, repeat: int, number: int | None = None
) -> Measurement:
    """Per-call time of ``fn(*args)``: the best of ``repeat`` timeit runs of ``number`` calls each.

    ``fn`` and the arguments are bound as locals of the timing loop, so the overhead is one local call. ``fn`` is
    called once before timing (to fill caches and fail early)."""
    fn(*args)
    names = [f"_a{i}" for i in range(len(args))]
    setup = "; ".join(["_f = _g_f"] + [f"{n} = _g{n}" for n in names])
    env: dict[str, object] = {"_g_f": fn, **{f"_g{n}": a for n, a in zip(names, args)}}
    timer = timeit.Timer(f"_f({', '.join(names)})", setup=setup, globals=env)
    n = number if number is not None else _calibrate(timer, target_time)
    best = min(timer.repeat(repeat=repeat, number=n))
    return {"per_call_s": best / n, "number": n}


def main() -> int:
    request: dict[str, Any] = json.load(sys.stdin)
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    jax: Any = importlib.import_module("jax")
    jnp: Any = importlib.import_module("jax.numpy")
    if "arraytyping" in sys.modules:
        raise RuntimeError("the JAX worker must not import arraytyping")
    jax.config.update("jax_enable_x64", bool(request["x64"]))
    jax.config.update("jax_numpy_dtype_promotion", str(request["promotion"]))
    ops: dict[str, Callable[..., object]] = {"promote_types": jnp.promote_types, "result_type": jnp.result_type}
    results: dict[str, object] = {}
    for case in request["cases"]:
        args = [decode_arg(a) for a in case["args"]]
        fn = ops[case["op"]]
        try:
            m = measure(fn, args, target_time=float(request["target_time"]), repeat=int(request["repeat"]),
                        number=case.get("number"))
        except Exception as e:  # report, keep measuring the other cases
            results[case["key"]] = {"error": f"{type(e).__name__}: {e}"}
            continue
        results[case["key"]] = {**m, "result": str(fn(*args))}
    json.dump({"jax_version": str(jax.__version__), "results": results}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
