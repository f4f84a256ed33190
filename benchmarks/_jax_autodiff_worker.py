"""One side of ``bench_autodiff.py``: a training step measured in a fresh process, for JAX or for arraytyping.

Run as a script it is the JAX side (in JAX's venv, ``python -I``): it reads a JSON request on stdin, measures with
``jax`` and prints a JSON response on stdout::

    {"target_time": 0.2, "repeat": 3, "compiles": 3, "batch": 128, "sizes": [32, 64, 64, 8]}
    -> {"version": "0.10.2", "results": {"train_step_call": {"per_call_s": ...}, ...}}

The step is a jitted ``value_and_grad`` of a 3-layer MLP's mean squared error and an SGD update of its parameters
(a dict of float32 arrays, a pytree). Cases: ``train_step_call`` (a warm call, blocking on the loss),
``train_step_first_call`` (a fresh function each time: trace, differentiate, lower, compile and run once) and
``make_jaxpr_grad`` (``make_jaxpr(grad(loss))`` of a fresh function each time).

This file must never import ``arraytyping``; ``bench_autodiff.py`` imports :func:`run_cases` and passes arraytyping's
API instead, so both sides are measured by exactly the same code (each in its own process).
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

CASES = ("train_step_call", "train_step_first_call", "make_jaxpr_grad")


@dataclass(frozen=True)
class Api:
    """What the measurements need from a JAX-like library."""

    name: str
    version: str
    np: Any  # the jax.numpy-like module (asarray, tanh, mean)
    jit: Callable[..., Any]
    value_and_grad: Callable[..., Any]
    grad: Callable[..., Any]
    make_jaxpr: Callable[..., Any]
    tree_map: Callable[..., Any]


def make_loss(api: Api, scale: float = 1.0) -> Callable[..., Any]:
    """The mean squared error of a 3-layer tanh MLP (``scale`` makes a fresh function with its own constant)."""
    jnp = api.np

    def loss(params: dict[str, Any], x: Any, y: Any) -> Any:
        h = jnp.tanh(x @ params["w1"] + params["b1"])
        h = jnp.tanh(h @ params["w2"] + params["b2"])
        out = h @ params["w3"] + params["b3"]
        err = out * scale - y
        return jnp.mean(err * err)
    return loss


def make_step(api: Api, scale: float = 1.0, lr: float = 0.05) -> Callable[..., Any]:
    loss = make_loss(api, scale)

    def step(params: dict[str, Any], x: Any, y: Any) -> tuple[Any, dict[str, Any]]:
        value, grads = api.value_and_grad(loss)(params, x, y)
        return value, api.tree_map(lambda p, g: p - lr * g, params, grads)
    return api.jit(step)


def init(api: Api, sizes: list[int], batch: int) -> tuple[dict[str, Any], Any, Any]:
    rng = np.random.default_rng(0)
    params: dict[str, Any] = {}
    for i, (m, n) in enumerate(zip(sizes[:-1], sizes[1:]), start=1):
        params[f"w{i}"] = api.np.asarray(rng.normal(0, 1 / np.sqrt(m), (m, n)).astype(np.float32))
        params[f"b{i}"] = api.np.asarray(np.zeros(n, np.float32))
    x = api.np.asarray(rng.normal(size=(batch, sizes[0])).astype(np.float32))
    y = api.np.asarray(rng.normal(size=(batch, sizes[-1])).astype(np.float32))
    return params, x, y


def _unique(i: int) -> float:
    """A constant no cache of any kind has seen (a fresh function must be traced and compiled)."""
    return 1.0 + (time.perf_counter_ns() % 10**6 + i) * 1e-9


def run_cases(api: Api, request: dict[str, Any]) -> dict[str, Any]:
    target_time = float(request["target_time"])
    repeat = int(request["repeat"])
    only = set(request.get("cases") or CASES)
    params, x, y = init(api, list(request["sizes"]), int(request["batch"]))
    results: dict[str, Any] = {}

    step = make_step(api)
    value, new = step(params, x, y)
    value.block_until_ready()
    assert np.isfinite(float(value)) and set(new) == set(params)

    def call(p: Any, a: Any, b: Any) -> Any:
        return step(p, a, b)[0].block_until_ready()

    if "train_step_call" in only:
        results["train_step_call"] = measure(call, [params, x, y], target_time=target_time, repeat=repeat)

    if "train_step_first_call" in only:
        times = []
        for i in range(int(request["compiles"])):
            fresh = make_step(api, _unique(i))
            t0 = time.perf_counter()
            fresh(params, x, y)[0].block_until_ready()
            times.append(time.perf_counter() - t0)
        results["train_step_first_call"] = {"per_call_s": statistics.median(times), "number": len(times)}

    if "make_jaxpr_grad" in only:
        counter = [0]

        def trace_fresh(p: Any, a: Any, b: Any) -> Any:
            counter[0] += 1
            return api.make_jaxpr(api.grad(make_loss(api, _unique(counter[0]))))(p, a, b)
        results["make_jaxpr_grad"] = measure(trace_fresh, [params, x, y], target_time=target_time, repeat=repeat)
    return results


def main() -> int:
    request: dict[str, Any] = json.load(sys.stdin)
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    jax: Any = importlib.import_module("jax")
    jnp: Any = importlib.import_module("jax.numpy")
    if "arraytyping" in sys.modules:
        raise RuntimeError("the JAX worker must not import arraytyping")
    api = Api(name="jax", version=str(jax.__version__), np=jnp, jit=jax.jit, value_and_grad=jax.value_and_grad,
              grad=jax.grad, make_jaxpr=jax.make_jaxpr, tree_map=jax.tree_util.tree_map)
    json.dump({"version": api.version, "results": run_cases(api, request)}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
