"""One side of ``bench_transforms.py``: ``vmap`` and ``scan`` measurements in a fresh process, for JAX or for
arraytyping.

Run as a script it is the JAX side (in JAX's venv, ``python -I``): it reads a JSON request on stdin, measures with
``jax`` and prints a JSON response on stdout::

    {"target_time": 0.1, "repeat": 3, "compiles": 3, "batch": 128, "scan_steps": 1000}
    -> {"version": "0.10.2", "results": {"vmap_loss_call": {"per_call_s": ...}, ...}}

This file must never import ``arraytyping``; ``bench_transforms.py`` imports :func:`run_cases` and passes
arraytyping's API instead, so both sides run exactly the same code (each in its own process).
"""

from __future__ import annotations

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

CASES = ("vmap_loss_call", "vmap_loss_first", "scan_jit_call", "scan_jit_first", "scan_eager_call")


@dataclass(frozen=True)
class Api:
    """What the measurements need from a JAX-like library."""

    name: str
    version: str
    np: Any  # the numpy-like module
    asarray: Callable[[np.ndarray[Any, Any]], Any]
    jit: Callable[[Callable[..., Any]], Callable[..., Any]]
    vmap: Callable[..., Callable[..., Any]]
    scan: Callable[..., Any]


def _params(rng: np.random.Generator) -> list[np.ndarray[Any, Any]]:
    """A small MLP: 16 inputs, 32 hidden units, 10 outputs."""
    return [(rng.normal(size=(16, 32)) * 0.25).astype(np.float32), np.zeros(32, np.float32),
            (rng.normal(size=(32, 10)) * 0.25).astype(np.float32), np.zeros(10, np.float32)]


def run_cases(api: Api, request: dict[str, Any]) -> dict[str, Any]:
    target_time = float(request["target_time"])
    repeat = int(request["repeat"])
    batch = int(request["batch"])
    steps = int(request["scan_steps"])
    only = set(request.get("cases") or CASES)
    xnp = api.np
    rng = np.random.default_rng(0)
    params = [api.asarray(p) for p in _params(rng)]
    xs = api.asarray(rng.normal(size=(batch, 16)).astype(np.float32))
    ys = api.asarray(np.eye(10, dtype=np.float32)[rng.integers(0, 10, batch)])
    results: dict[str, Any] = {}

    def make_loss(scale: float = 1.0) -> Callable[..., Any]:
        def loss(w1: Any, b1: Any, w2: Any, b2: Any, x: Any, y: Any) -> Any:
            """The loss of one example (``x``: 16 features, ``y``: a one-hot label of 10 classes)."""
            h = xnp.tanh(x @ w1 + b1)
            out = h @ w2 + b2
            return xnp.mean((out - y) ** 2) * scale
        return loss

    def batched(loss: Callable[..., Any]) -> Callable[..., Any]:
        return api.jit(api.vmap(loss, in_axes=(None, None, None, None, 0, 0)))

    def block(f: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            return f(*args).block_until_ready()
        return run

    if "vmap_loss_call" in only:
        f = batched(make_loss())
        results["vmap_loss_call"] = measure(block(f), [*params, xs, ys], target_time=target_time, repeat=repeat)

    def firsts(make: Callable[[float], Callable[..., Any]], args: list[Any]) -> dict[str, Any]:
        """First calls (trace, lower, compile, run) of fresh functions, each with its own constant."""
        times = []
        for i in range(int(request["compiles"])):
            c = 1.0 + (time.perf_counter_ns() % 10**6 + i) * 1e-9
            f = make(c)
            t0 = time.perf_counter()
            f(*args).block_until_ready()
            times.append(time.perf_counter() - t0)
        return {"per_call_s": statistics.median(times), "number": len(times)}

    if "vmap_loss_first" in only:
        results["vmap_loss_first"] = firsts(lambda c: batched(make_loss(c)), [*params, xs, ys])

    c0 = api.asarray(np.zeros(8, np.float32))
    seq = api.asarray((rng.normal(size=(steps, 8)) * 0.1).astype(np.float32))

    def make_step(c: float = 0.9) -> Callable[..., Any]:
        def step(carry: Any, x: Any) -> Any:
            new = xnp.tanh(carry * c + x)
            return new, new.sum()
        return step

    def scanned(step: Callable[..., Any]) -> Callable[..., Any]:
        def run(c: Any, s: Any) -> Any:
            final, ys_ = api.scan(step, c, s)
            return final + ys_.sum()
        return run

    if "scan_jit_call" in only:
        results["scan_jit_call"] = measure(block(api.jit(scanned(make_step()))), [c0, seq], target_time=target_time,
                                           repeat=repeat)
    if "scan_jit_first" in only:
        results["scan_jit_first"] = firsts(lambda c: api.jit(scanned(make_step(c))), [c0, seq])
    if "scan_eager_call" in only:
        step = make_step()  # one function object: JAX reuses its trace, we retrace it on every call
        results["scan_eager_call"] = measure(block(scanned(step)), [c0, seq], target_time=target_time, repeat=repeat)
    return results


def main() -> int:
    request: dict[str, Any] = json.load(sys.stdin)
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    jax: Any = importlib.import_module("jax")
    jnp: Any = importlib.import_module("jax.numpy")
    if "arraytyping" in sys.modules:
        raise RuntimeError("the JAX worker must not import arraytyping")
    api = Api(name="jax", version=str(jax.__version__), np=jnp, asarray=jnp.asarray, jit=jax.jit, vmap=jax.vmap,
              scan=jax.lax.scan)
    json.dump({"version": api.version, "results": run_cases(api, request)}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
