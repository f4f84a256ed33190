"""Reading the reference data of ``tools/jax_api_ext_reference.py`` (``tests/data/jax_<section>_reference.json``)
and running its cases on arraytyping: each case is an expression evaluated with arraytyping's modules bound to the
names JAX's had, and its result compared with JAX's: dtype, weak flag, shape and bytes (exactly, or within a
tolerance), a typed key's data, or the class of the error raised.

The suite runs a deterministic sample of the cases (about one in ``SAMPLE[section]``: most cases compile their own
executable, so the full set takes minutes); ``ARRAYTYPING_FULL_CONFORMANCE=1`` runs them all.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import os
import warnings
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

import arraytyping as at
from arraytyping import lattice
import arraytyping.numpy as anp
from arraytyping._src.core.avals import ShapedArray

ROOT = Path(__file__).resolve().parents[1]
FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE", "") not in ("", "0")
SAMPLE = {"random": 16, "random_dists": 4, "nn": 12, "lax": 16, "fft": 12, "methods": 2, "layout": 2, "vectorize": 1}


@functools.cache
def generator() -> Any:
    spec = importlib.util.spec_from_file_location("jax_api_ext_reference",
                                                  ROOT / "tools" / "jax_api_ext_reference.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


@functools.cache
def load(section: str) -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = json.loads(generator().out_path(section).read_text())["cases"]
    return data


def sampled(section: str) -> list[tuple[str, str]]:
    """The ``(config, expression)`` cases the suite runs: all with ``ARRAYTYPING_FULL_CONFORMANCE``, else a fixed
    sample (by a checksum of the expression, so every configuration samples the same expressions)."""
    cases = [(c, e) for c, table in load(section).items() for e in table]
    if FULL:
        return cases
    return [(c, e) for c, e in cases if zlib.crc32(e.encode()) % SAMPLE[section] == 0]


@contextlib.contextmanager
def configured(key: str) -> Iterator[None]:
    mode, bits = key.split("-")
    with at.enable_x64(bits == "x64"), at.dtype_promotion(mode):
        yield


def namespace() -> dict[str, Any]:
    import arraytyping.random as random

    names: dict[str, Any] = {"random": random, "jnp": anp, "np": np}
    for name in ("nn", "lax"):
        with contextlib.suppress(ImportError):
            names[name] = importlib.import_module(f"arraytyping.{name}")
    for name in ("linalg", "fft"):
        with contextlib.suppress(ImportError):
            names[name] = importlib.import_module(f"arraytyping.numpy.{name}")
    host = generator().host
    names["A"] = lambda dtype, shape, seed: anp.asarray(host(dtype, tuple(shape), seed))
    names["S"] = abstract
    names["eval_shape"] = at.eval_shape
    names.update(jit=at.jit, grad=at.grad, vmap=at.vmap)
    return names


def abstract(dtype: str, shape: tuple[int, ...], weak: bool = False) -> ShapedArray:
    """``S(...)``: an abstract argument, canonicalized for x64 (as JAX's ``eval_shape`` canonicalizes a
    ``ShapeDtypeStruct``)."""
    name = lattice.canonical_name(dtype, at.config.x64)
    return ShapedArray(tuple(shape), np.dtype(sctype(name)), weak)


def run(expr: str) -> Any:
    """Our answer to a case, encoded as the reference encodes JAX's."""
    import arraytyping.random as random

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            out = eval(expr, namespace())  # noqa: S307 - the reference's own case list
        except Exception as e:  # noqa: BLE001 - compared by class
            return {"error": type(e).__name__, "message": str(e), "classes": [c.__name__ for c in type(e).__mro__]}
    return encode(out, random.PRNGKeyArray)


def encode(out: Any, key_type: type) -> Any:
    if isinstance(out, (tuple, list)):
        return {"tuple": [encode(o, key_type) for o in out]}
    if isinstance(out, key_type):
        import arraytyping.random as random

        return {"key": np.asarray(random.key_data(out)).tobytes().hex(), "shape": list(out.shape)}
    if isinstance(out, ShapedArray):
        return {"dtype": out.name, "weak": out.weak_type, "shape": list(out.shape)}
    if isinstance(out, at.ShapeDtypeStruct):  # eval_shape's answer, as JAX's
        return {"dtype": np.dtype(out.dtype).name, "weak": out.weak_type, "shape": list(out.shape)}
    if isinstance(out, at.Array):
        return {"dtype": out.aval.name, "weak": out.weak_type, "shape": list(out.shape),
                "hex": np.asarray(out).tobytes().hex()}
    raise TypeError(f"cannot encode {type(out)}")


def sctype(name: str) -> Any:
    return getattr(ml_dtypes, name) if hasattr(ml_dtypes, name) else np.dtype(name).type


def _values(enc: dict[str, Any]) -> np.ndarray[Any, Any]:
    return np.frombuffer(bytes.fromhex(enc["hex"]), dtype=sctype(enc["dtype"])).reshape(enc["shape"])


MESSAGE_CLASSES = frozenset({"ValueError", "NotImplementedError", "IndexError", "ConcretizationTypeError"})
"""The error classes whose recorded message (first line) arraytyping words as JAX does, where the reference records
messages (the ``methods`` section); a ``TypeError`` names a dtype spelling or a promotion in arraytyping's words."""


def mismatch(want: Any, got: Any, rtol: float | None = None, atol: float = 0.0) -> str | None:
    """Why ``got`` differs from ``want`` (None when it matches): exactly when ``rtol`` is None, else values within
    ``rtol``/``atol`` (dtype, weak flag and shape always exactly); an error by its class, and by its message's first
    line where the reference has one and the class is one of :data:`MESSAGE_CLASSES`."""
    if "error" in want or "error" in got:
        if want.get("error") not in got.get("classes", [got.get("error")]):
            return f"JAX {want.get('error') or 'returns'}, ours {got.get('error') or 'returns'} " \
                   f"{got.get('message', '')[:200]}"
        if "message" in want and want["error"] in MESSAGE_CLASSES and \
                got.get("message", "").split("\n")[0] != want["message"]:
            return f"JAX's message {want['message']!r}, ours {got.get('message', '')!r}"
        return None
    if "tuple" in want:
        if "tuple" not in got or len(got["tuple"]) != len(want["tuple"]):
            return f"JAX returns {len(want['tuple'])} results, ours {got}"
        for i, (w, g) in enumerate(zip(want["tuple"], got["tuple"])):
            why = mismatch(w, g, rtol, atol)
            if why:
                return f"result {i}: {why}"
        return None
    if "key" in want:
        return None if want == got else f"JAX key {want}, ours {got}"
    for field in ("dtype", "weak", "shape"):
        if field in want and want[field] != got.get(field):
            return f"{field}: JAX {want[field]}, ours {got.get(field)}"
    if "hex" not in want:
        return None
    if rtol is None:
        return None if want["hex"] == got["hex"] else "values differ in their bits"
    w, g = _values(want).astype(np.complex128 if want["dtype"].startswith("complex") else np.float64), \
        _values(got).astype(np.complex128 if want["dtype"].startswith("complex") else np.float64)
    if not np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True):
        return f"values differ beyond rtol={rtol}: JAX {w.ravel()[:6]}, ours {g.ravel()[:6]}"
    return None
