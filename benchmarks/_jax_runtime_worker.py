"""One side of ``bench_runtime.py``: runtime measurements in a fresh process, for JAX or for arraytyping.

Run as a script it is the JAX side (in JAX's venv, ``python -I``): it reads a JSON request on stdin, measures with
``jax`` and prints a JSON response on stdout::

    {"target_time": 0.1, "repeat": 3, "compiles": 3, "memory_ops": 100000, "chain_ops": 1000, "compile_ops": 100}
    -> {"version": "0.10.2", "results": {"eager_add_small": {"per_call_s": ...}, ..., "memory": {...}}}

This file must never import ``arraytyping``; ``bench_runtime.py`` imports :func:`run_cases` and passes
arraytyping's API instead, so both sides are measured by exactly the same code (each in its own process).
Timing uses ``_jax_worker.measure`` (best of ``repeat`` calibrated ``timeit`` runs).
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # -I leaves the script's directory off sys.path
from _jax_worker import measure  # noqa: E402

__all__ = ["Api", "run_cases", "CASES"]

CASES = ("eager_add_small", "eager_mul_pyscalar_small", "eager_add_large", "jit_call_small", "make_jaxpr_chain",
         "compile_fresh", "memory", "eager_concatenate", "jit_concatenate", "eager_argmax", "jit_argmax",
         "eager_softmax", "jit_softmax", "eager_random_normal", "jit_random_normal", "eager_einsum", "jit_einsum")


@dataclass(frozen=True)
class Api:
    """What the measurements need from a JAX-like library."""

    name: str
    version: str
    asarray: Callable[[np.ndarray[Any, Any]], Any]
    jit: Callable[[Callable[..., Any]], Callable[..., Any]]
    make_jaxpr: Callable[[Callable[..., Any]], Callable[..., Any]]
    live_arrays: Callable[[], int]
    concatenate: Callable[..., Any]
    argmax: Callable[..., Any]
    softmax: Callable[..., Any] | None = None
    prng_key: Callable[[int], Any] | None = None
    normal: Callable[..., Any] | None = None
    einsum: Callable[..., Any] | None = None


def _rss_bytes() -> int:
    """Current resident set size (Linux ``/proc``; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _chain(n_ops: int, c: float = 1.0001) -> Callable[[Any], Any]:
    """A function of ``n_ops`` elementwise operations (alternating ``* c`` and ``+ 0.5``, weak Python scalars)."""
    def f(x: Any) -> Any:
        for _ in range(n_ops // 2):
            x = x * c
            x = x + 0.5
        return x
    return f


def run_cases(api: Api, request: dict[str, Any]) -> dict[str, Any]:
    target_time = float(request["target_time"])
    repeat = int(request["repeat"])
    only = set(request.get("cases") or CASES)
    results: dict[str, Any] = {}

    small = np.arange(6, dtype=np.float32).reshape(2, 3)
    x, y = api.asarray(small), api.asarray(small + 1)
    big = np.ones((1000, 1000), dtype=np.float32)
    X, Y = api.asarray(big), api.asarray(big * 2)

    def timed(key: str, fn: Callable[..., Any], args: list[Any], number: int | None = None) -> None:
        if key in only:
            results[key] = measure(fn, args, target_time=target_time, repeat=repeat, number=number)

    def add(a: Any, b: Any) -> Any:
        return a + b

    def mul2(a: Any) -> Any:
        return a * 2.0

    def add_block(a: Any, b: Any) -> Any:
        return (a + b).block_until_ready()

    def concat(a: Any, b: Any) -> Any:
        return api.concatenate([a, b])

    timed("eager_add_small", add, [x, y])
    timed("eager_mul_pyscalar_small", mul2, [x])
    timed("eager_add_large", add_block, [X, Y])
    jitted = api.jit(lambda a, b: a * b + a)
    jitted(x, y).block_until_ready()
    timed("jit_call_small", jitted, [x, y])
    # the jax.numpy surface: concatenate and argmax, called eagerly and inside a warmed-up jitted function
    timed("eager_concatenate", concat, [x, y])
    jit_concat = api.jit(concat)
    jit_concat(x, y).block_until_ready()
    timed("jit_concatenate", jit_concat, [x, y])
    timed("eager_argmax", api.argmax, [x])
    jit_argmax = api.jit(lambda a: api.argmax(a))
    jit_argmax(x).block_until_ready()
    timed("jit_argmax", jit_argmax, [x])

    if api.softmax is not None:
        softmax = api.softmax
        logits = api.asarray(np.random.default_rng(0).standard_normal((8, 128)).astype(np.float32))
        softmax(logits).block_until_ready()
        timed("eager_softmax", softmax, [logits])
        jitted_softmax = api.jit(softmax)
        jitted_softmax(logits).block_until_ready()
        timed("jit_softmax", jitted_softmax, [logits])
    if api.einsum is not None:
        # a batched matrix product spelled as einsum: (4, 8, 16) with (4, 16, 8)
        einsum = api.einsum
        rng = np.random.default_rng(1)
        p = api.asarray(rng.standard_normal((4, 8, 16)).astype(np.float32))
        q = api.asarray(rng.standard_normal((4, 16, 8)).astype(np.float32))

        def contract(a: Any, b: Any) -> Any:
            return einsum("bij,bjk->bik", a, b)

        contract(p, q).block_until_ready()
        timed("eager_einsum", contract, [p, q])
        jitted_contract = api.jit(contract)
        jitted_contract(p, q).block_until_ready()
        timed("jit_einsum", jitted_contract, [p, q])
    if api.normal is not None and api.prng_key is not None:
        normal = api.normal
        key = api.prng_key(0)

        def draw(k: Any) -> Any:
            return normal(k, (128,))

        draw(key).block_until_ready()
        timed("eager_random_normal", draw, [key])
        jitted_draw = api.jit(draw)
        jitted_draw(key).block_until_ready()
        timed("jit_random_normal", jitted_draw, [key])

    if "make_jaxpr_chain" in only:
        # A fresh function each time: JAX caches traces per function object.
        n_chain = int(request["chain_ops"])
        def trace_fresh(a: Any) -> Any:
            return api.make_jaxpr(_chain(n_chain))(a)
        results["make_jaxpr_chain"] = measure(trace_fresh, [x], target_time=target_time, repeat=repeat)

    if "compile_fresh" in only:
        # A fresh function (with its own constant, so no cache of any kind can hit) per compilation: trace, lower,
        # compile and run once.
        times = []
        for i in range(int(request["compiles"])):
            c = 1.0 + (time.perf_counter_ns() % 10**6 + i) * 1e-9
            f = api.jit(_chain(int(request["compile_ops"]), c))
            t0 = time.perf_counter()
            f(x).block_until_ready()
            times.append(time.perf_counter() - t0)
        results["compile_fresh"] = {"per_call_s": statistics.median(times), "number": len(times)}

    if "memory" in only:
        n = int(request["memory_ops"])
        (x + 1.0).block_until_ready()  # warm-up: compile caches and (ours) the cached scalar buffer of 1.0
        gc.collect()
        live0, rss0 = api.live_arrays(), _rss_bytes()
        t0 = time.perf_counter()
        out = x
        for _ in range(n):
            out = x + 1.0
        out.block_until_ready()
        elapsed = time.perf_counter() - t0
        del out
        gc.collect()
        results["memory"] = {"per_call_s": elapsed / n, "number": n, "live_arrays_growth": api.live_arrays() - live0,
                             "rss_growth_bytes": _rss_bytes() - rss0}
    return results


def main() -> int:
    request: dict[str, Any] = json.load(sys.stdin)
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    jax: Any = importlib.import_module("jax")
    jnp: Any = importlib.import_module("jax.numpy")
    if "arraytyping" in sys.modules:
        raise RuntimeError("the JAX worker must not import arraytyping")
    api = Api(name="jax", version=str(jax.__version__), asarray=jnp.asarray, jit=jax.jit, make_jaxpr=jax.make_jaxpr,
              live_arrays=lambda: len(jax.live_arrays()), concatenate=jnp.concatenate, argmax=jnp.argmax,
              softmax=jax.nn.softmax, prng_key=jax.random.PRNGKey, normal=jax.random.normal,
              einsum=jnp.einsum)
    json.dump({"version": api.version, "results": run_cases(api, request)}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
