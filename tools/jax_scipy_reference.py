"""Write JAX 0.10.2's answers for ``jax.scipy`` (``special``, ``stats.norm``, ``signal``'s convolutions) and
``jax.numpy``'s ``convolve``/``correlate`` to ``tests/data/jax_scipy_reference.json``.

Each case is an expression, as in ``tools/jax_api_ext_reference.py`` (whose inputs ``A(dtype, shape, seed)`` and
encoding it shares), over ``special``, ``norm``, ``signal`` (JAX's modules here, arraytyping's in the tests),
``jnp``, ``np``, ``jit``, ``grad`` and ``vmap``: the result's dtype, weak flag, shape and bytes, or the class of the
error raised (with its message's first line). The result types range over operands of every kind (strong and weak
arrays, numpy and Python scalars) with x64 off and on; the values over seeded inputs and the functions' edges.

Runs in its own venv with jax (see tools/jax_reference.py)::

    python tools/jax_scipy_reference.py [--venv .jaxref-venv]
"""
from __future__ import annotations

import itertools
import json
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_api_ext_reference as ext  # noqa: E402  (same folder)
import jax_reference as ref  # noqa: E402

OUT = ref.ROOT / "tests" / "data" / "jax_scipy_reference.json"
CONFIGS = ("standard-x32", "standard-x64")

SPECIAL_UNARY = ("erf", "erfc", "erfinv", "gammaln", "digamma", "expit", "logit", "ndtr", "ndtri", "log_ndtr")
"""``jax.scipy.special``'s functions of one operand."""
NORM = ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf", "ppf", "isf")
"""``jax.scipy.stats.norm``'s functions."""
OPERANDS = (*(f"A({d!r}, (3,), 0)" for d in ("bool", "int8", "int32", "uint8", "float16", "bfloat16", "float32",
                                             "float64", "complex64")),
            "jnp.asarray(0.25)", "jnp.asarray(3)", "np.float64(0.5)", "np.int32(1)", "0.25", "1", "True", "0.5j")
"""Operands of every kind: strong arrays, weak ones (``jnp.asarray`` of a Python scalar), numpy and Python
scalars."""
PROBS = "jnp.array([0.0, 1e-30, 1e-8, 0.02, 0.1353, 0.5, 0.8647, 0.99, 1.0, -0.5, 1.5, np.nan], np.float32)"
"""Probabilities, with ``ndtri``'s branch points and out-of-range values."""
EDGES = ("jnp.array([-40.0, -20.0, -8.0, -5.0, -1.0, -1e-3, 0.0, 1e-3, 0.5, 1.0, 5.0, 8.0, 40.0, np.inf, -np.inf, "
         "np.nan], np.float32)")
"""Values across the functions' branches (``log_ndtr``'s asymptotic series below -20, its ``-ndtr(-x)`` above 8)."""


def _special_cases() -> Iterator[str]:
    for fn in SPECIAL_UNARY:
        for x in OPERANDS:
            yield f"special.{fn}({x})"
        for seed in (0, 1):
            yield f"special.{fn}(A('float32', (2, 3), {seed}))"
            yield f"special.{fn}(A('float64', (4,), {seed}))"
        yield f"special.{fn}({PROBS})"
        yield f"special.{fn}({EDGES})"
        yield f"jit(special.{fn})(A('float32', (5,), 3))"
        yield f"vmap(special.{fn})(A('float32', (2, 3), 4))"
        if fn not in ("ndtri", "logit"):
            yield f"vmap(grad(special.{fn}))(A('float32', (6,), 5))"
    yield "vmap(grad(special.ndtri))(jnp.array([0.01, 0.2, 0.5, 0.9], np.float32))"
    yield "vmap(grad(special.logit))(jnp.array([0.01, 0.2, 0.5, 0.9], np.float32))"
    yield "special.log_ndtr(A('float32', (3,), 0), series_order=0)"
    yield "special.log_ndtr(A('float32', (3,), 0), series_order=31)"
    yield "special.log_ndtr(A('float32', (3,), 0), series_order=-1)"
    yield f"special.log_ndtr({EDGES}, series_order=5)"
    for fn in ("xlogy", "xlog1py"):
        for x, y in itertools.product(("A('float32', (3,), 0)", "A('int32', (3,), 1)", "0.5", "jnp.asarray(2.0)",
                                       "A('float16', (3,), 2)", "A('complex64', (3,), 3)", "2"),
                                      ("A('float32', (3,), 4)", "A('int8', (1,), 5)", "1.5", "A('bfloat16', (3,), 6)")):
            yield f"special.{fn}({x}, {y})"
        yield f"special.{fn}(jnp.array([0.0, 0.0, 0.0, 1.0, 2.0]), jnp.array([0.0, -1.0, np.nan, 0.5, 3.0]))"
        yield f"special.{fn}(A('float32', (2, 1), 7), jnp.abs(A('float32', (3,), 8)))"
        yield f"grad(special.{fn}, argnums=(0, 1))(2.0, 3.0)"
        yield f"grad(special.{fn}, argnums=(0, 1))(0.0, 3.0)"
    for expr in ("A('float32', (2, 3), 0)", "A('int32', (2, 3), 1)", "A('float16', (4,), 2)", "2.0", "3",
                 "A('complex64', (3,), 3)"):
        yield f"special.logsumexp({expr})"
        yield f"special.softmax({expr})"
        yield f"special.log_softmax({expr})"
    a = "A('float32', (3, 4), 9)"
    yield f"special.logsumexp({a}, axis=1, keepdims=True)"
    yield f"special.logsumexp({a}, axis=0, b=A('float32', (3, 4), 10))"
    yield f"special.logsumexp({a}, axis=1, return_sign=True)"
    yield f"special.logsumexp({a}, where={a} > 0)"
    yield f"special.softmax({a}, axis=0)"
    yield f"special.log_softmax({a}, axis=(0, 1))"
    yield f"grad(lambda x: special.logsumexp(x, axis=1).sum())({a})"


def _norm_cases() -> Iterator[str]:
    for fn in NORM:
        for x in OPERANDS:
            yield f"norm.{fn}({x})"
        for loc, scale in (("0.5", "2.0"), ("A('float32', (3,), 1)", "A('float32', (2, 1), 2) ** 2"),
                           ("jnp.asarray(1)", "jnp.asarray(3.0)"), ("A('float64', (3,), 3)", "1"),
                           ("A('float16', (3,), 4)", "A('float16', (3,), 5)"), ("0.0", "-1.0"), ("0.0", "0.0")):
            arg = PROBS if fn in ("ppf", "isf") else EDGES
            yield f"norm.{fn}({arg}, {loc}, {scale})" if "(3,)" not in loc + scale else \
                f"norm.{fn}(A('float32', (3,), 6), {loc}, {scale})"
        yield f"norm.{fn}({EDGES})" if fn not in ("ppf", "isf") else f"norm.{fn}({PROBS})"
        yield f"norm.{fn}(A('float32', (2, 3), 7), loc=1.0, scale=3.0)"
        yield f"vmap(norm.{fn})(A('float32', (4,), 8), A('float32', (4,), 9), jnp.exp(A('float32', (4,), 10)))"
        yield f"jit(norm.{fn})(A('float32', (3,), 11))"
        if fn not in ("ppf", "isf"):
            yield f"grad(norm.{fn}, argnums=(0, 1, 2))(0.3, 0.1, 2.0)"
        else:
            yield f"grad(norm.{fn}, argnums=(0, 1, 2))(0.3, 0.1, 2.0)"
    yield "norm.logpdf(A('float32', (2, 3), 0), A('float32', (4, 1, 1), 1), 1.0)"


def _convolution_cases() -> Iterator[str]:
    for fn in ("jnp.convolve", "jnp.correlate"):
        for x, y in (("A('float32', (7,), 0)", "A('float32', (3,), 1)"),
        ("A('float32', (3,), 2)", "A('float32', (6,), 3)"),
                     ("A('int32', (5,), 4)", "A('int8', (2,), 5)"),
                     ("A('complex64', (5,), 6)", "A('float32', (4,), 7)"),
                     ("A('float64', (4,), 8)", "A('bfloat16', (4,), 9)"),
                     ("A('bool', (4,), 10)", "A('bool', (2,), 11)"),
                     ("A('float16', (6,), 12)", "A('float16', (6,), 13)"),
                     ("A('complex64', (3,), 14)", "A('complex64', (5,), 15)"),
                     ("np.arange(5.0)", "[1.0, 2.0]"), ("A('float32', (2, 3), 16)", "A('float32', (3,), 17)"),
                     ("A('float32', (0,), 18)", "A('float32', (3,), 19)"), ("1.0", "A('float32', (3,), 20)")):
            for mode in ("'full'", "'same'", "'valid'"):
                yield f"{fn}({x}, {y}, mode={mode})"
        yield f"{fn}(A('float32', (5,), 21), A('float32', (3,), 22), mode='other')"
        yield f"{fn}(A('int32', (5,), 23), A('int32', (3,), 24), preferred_element_type=np.float32)"
        yield f"{fn}(A('int8', (5,), 25), A('int8', (3,), 26), preferred_element_type=np.int32)"
        yield f"{fn}(A('float32', (5,), 27), A('float32', (3,), 28))"
        yield f"jit({fn}, static_argnames='mode')(A('float32', (6,), 29), A('float32', (4,), 30), mode='same')"
        yield f"vmap({fn})(A('float32', (2, 6), 31), A('float32', (2, 3), 32))"
        yield f"grad(lambda x, y: {fn}(x, y, mode='same').sum(), argnums=(0, 1))(A('float32', (6,), 33), " \
              "A('float32', (3,), 34))"
    for fn in ("signal.convolve", "signal.correlate"):
        for x, y in (("A('float32', (7,), 0)", "A('float32', (3,), 1)"),
        ("A('float32', (6, 5), 2)", "A('float32', (3, 2), 3)"),
                     ("A('float32', (2, 3), 4)", "A('float32', (4, 5), 5)"),
                     ("A('int32', (5, 5), 6)", "A('int8', (2, 3), 7)"),
                     ("A('complex64', (4, 4, 3), 8)", "A('float32', (2, 3, 2), 9)"),
                     ("A('float32', (4, 2), 10)", "A('float32', (2, 4), 11)"),
                     ("A('float32', (4,), 12)", "A('float32', (2, 2), 13)"),
                     ("A('float64', (6,), 14)", "A('float16', (6,), 15)"),
                     ("A('float32', (5, 5), 16)", "A('float32', (4, 4), 17)"),
                     ("A('complex64', (3, 4), 18)", "A('complex64', (5, 6), 19)")):
            for mode in ("'full'", "'same'", "'valid'"):
                yield f"{fn}({x}, {y}, mode={mode})"
        yield f"{fn}(A('float32', (5,), 21), A('float32', (3,), 22), mode='other')"
        yield f"{fn}(A('float32', (5,), 21), A('float32', (3,), 22), method='direct')"
        yield f"{fn}(A('float32', (5,), 21), A('float32', (3,), 22), method='other')"
        yield f"grad(lambda x: {fn}(x, A('float32', (3, 2), 23), mode='same').sum())(A('float32', (5, 4), 24))"
    for fn in ("signal.convolve2d", "signal.correlate2d"):
        for x, y in (("A('float32', (6, 5), 2)", "A('float32', (3, 2), 3)"),
        ("A('float32', (2, 3), 4)", "A('float32', (4, 5), 5)"),
                     ("A('int32', (5, 5), 6)", "A('int8', (2, 3), 7)"),
                     ("A('float32', (4, 4), 8)", "A('float32', (4, 4), 9)"),
                     ("A('complex64', (3, 4), 18)", "A('complex64', (5, 6), 19)"),
                     ("A('complex64', (5, 6), 20)", "A('complex64', (2, 3), 21)"),
                     ("A('float32', (3, 3), 22)", "A('float32', (3, 5), 23)"),
                     ("A('float32', (4,), 12)", "A('float32', (2,), 13)")):
            for mode in ("'full'", "'same'", "'valid'"):
                yield f"{fn}({x}, {y}, mode={mode})"
        yield f"{fn}(A('float32', (4, 4), 24), A('float32', (2, 2), 25), boundary='wrap')"
        yield f"{fn}(A('float32', (4, 4), 24), A('float32', (2, 2), 25), fillvalue=1)"


def cases() -> list[tuple[str, str]]:
    """Every ``(configuration key, expression)``, in a fixed order."""
    exprs = list(dict.fromkeys([*_special_cases(), *_norm_cases(), *_convolution_cases()]))
    return [(c, e) for c in CONFIGS for e in exprs]


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import jax.scipy.special as special
    import jax.scipy.stats.norm as norm
    import numpy as np

    jax.config.update("jax_platforms", "cpu")
    names: dict[str, Any] = {"special": special, "norm": norm, "signal": jax.scipy.signal, "jnp": jnp, "np": np,
                             "jit": jax.jit, "grad": jax.grad, "vmap": jax.vmap,
                             "A": lambda dtype, shape, seed: jnp.asarray(ext.host(dtype, tuple(shape), seed))}

    def run(expr: str) -> Any:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                return ext.encode(eval(expr, dict(names)))  # noqa: S307 - our own case list
            except Exception as e:  # noqa: BLE001 - recorded by class
                return {"error": type(e).__name__, "message": str(e).split("\n")[0]}

    results: dict[str, dict[str, Any]] = {}
    for config_key, group in itertools.groupby(cases(), key=lambda c: c[0]):
        jax.config.update("jax_enable_x64", config_key.endswith("x64"))
        results[config_key] = {expr: run(expr) for _, expr in group}
    out = {"generator": "tools/jax_scipy_reference.py", "versions": {"jax": jax.__version__}, "cases": results}
    OUT.write_text(json.dumps(out, indent=0, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({sum(len(t) for t in results.values())} cases)", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
