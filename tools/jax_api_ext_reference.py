"""Write JAX 0.10.2's answers for ``jax.random``, ``jax.nn``, ``jax.lax``, ``jax.numpy.fft``, the ``methods``
section (``compress``, ``choose``, ``Array.view``) and the ``layout`` section (``fliplr``, ``flipud``,
``permute_dims``, ``matrix_transpose``, ``rollaxis``, ``concat``, ``unstack``, ``hsplit``, ``vsplit``, ``dsplit``,
``dstack``) (the last two with their errors' first message line) to
``tests/data/jax_<section>_reference.json``.

Each case is a Python expression over a small vocabulary that both sides can evaluate: ``random``, ``nn``, ``lax``,
``jnp``, ``linalg``, ``fft`` (JAX's modules here, arraytyping's in the tests), ``np``, ``jit``, ``grad``, ``vmap``,
and ``A(dtype, shape, seed)``
(an array of seeded values, :func:`host`). JAX's answer is recorded as the result's dtype, weak flag, shape and
bytes (exact: random bits are compared bit for bit, the others with a tolerance), a typed key as its key data, or
the class of the error it raises. The cases are listed here (no JAX needed: the tests import this module to check
the data holds exactly them and to build the same inputs).

Runs in its own venv with jax (see tools/jax_reference.py, whose venv handling it shares)::

    python tools/jax_api_ext_reference.py [--venv .jaxref-venv]     # JAXREF_ONLY=random,nn: some sections only
"""
from __future__ import annotations

import ast
import itertools
import json
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

DATA = ref.ROOT / "tests" / "data"
SECTIONS = ("random", "random_dists", "nn", "lax", "fft", "methods", "layout", "vectorize")
"""(``jax.numpy.linalg`` and the contractions have their own generator, ``tools/jax_linalg_reference.py``, which
writes ``jax_linalg_reference.json``.)"""
X32_X64 = ("standard-x32", "standard-x64")
ALL_CONFIGS = ("standard-x32", "standard-x64", "strict-x32", "strict-x64")


def out_path(section: str) -> Path:
    return DATA / f"jax_{section}_reference.json"


# ---------------------------------------------------------------------------------------------------------------
# Inputs (shared with the tests: numpy only)


def host(dtype: str, shape: tuple[int, ...], seed: int) -> Any:
    """Seeded input values of ``dtype`` and ``shape``: normals (times 2) for floats, with an imaginary part for
    complex, integers in [-5, 5] (unsigned: [0, 10]), random bools."""
    import ml_dtypes
    import numpy as np

    rng = np.random.default_rng(seed)
    sctype = getattr(ml_dtypes, dtype) if hasattr(ml_dtypes, dtype) else np.dtype(dtype).type
    dt = np.dtype(sctype)
    if dt == np.dtype(bool):
        return rng.random(shape) < 0.5
    if dt.kind == "c":
        return (rng.standard_normal(shape) * 2 + 1j * rng.standard_normal(shape) * 2).astype(dt)
    if dt.kind == "u":
        return rng.integers(0, 11, shape).astype(dt)
    if dt.kind == "i":
        return rng.integers(-5, 6, shape).astype(dt)
    return (rng.standard_normal(shape) * 2).astype(dt)


# ---------------------------------------------------------------------------------------------------------------
# Cases: (configuration key, expression)

SEEDS = (0, 1, 2, 3, 7, 42, 123, 1000, 2**31 - 1, 2**32 - 1, -1, -(2**31), 2**40 + 5, 2**63 - 1)
SHAPES = ((), (1,), (3,), (2, 3), (4, 5))
FLOAT_DTYPES = ("float32", "float16", "bfloat16", "float64", "float8_e4m3fn", "float8_e5m2")
INT_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


def _random_cases() -> Iterator[str]:
    seeds = SEEDS
    few = (0, 42, 2**31 - 1)
    for s in seeds:
        yield f"random.PRNGKey({s})"
        yield f"random.key({s})"
    for s in ("np.int8(-3)", "np.uint8(200)", "np.int16(-300)", "np.uint32(4000000000)", "np.int64(-5)",
              "np.uint64(2**64 - 1)", "jnp.asarray(7)", "jnp.asarray(np.uint16(9))", "1.5", "True", "[1, 2]",
              "np.array([1, 2])", "2**64", "np.float32(3)", "jnp.asarray(2.0)"):
        yield f"random.PRNGKey({s})"
    for s in few:
        yield f"random.key_data(random.key({s}))"
        for num in ("2", "3", "1", "(2, 2)", "(3, 1)"):
            yield f"random.split(random.PRNGKey({s}), {num})"
            yield f"random.split(random.key({s}), {num})"
        for d in ("0", "1", "7", "2**31", "-1", "np.uint32(123)", "np.int8(-2)", "jnp.asarray(5)", "1.5", "[1, 2]"):
            yield f"random.fold_in(random.PRNGKey({s}), {d})"
        yield f"random.fold_in(random.key({s}), 3)"
        yield f"random.split(random.split(random.PRNGKey({s}))[1])"
        yield f"random.fold_in(random.split(random.PRNGKey({s}), 4)[3], 9)"
    for bad in ("random.split(random.split(random.PRNGKey(0)))", "random.split(np.zeros(3, np.uint32))",
                "random.split(np.zeros(2, np.int32))", "random.split(0)", "random.split([0, 0])",
                "random.normal(random.split(random.key(0)), (2,))", "random.key(random.key(0))",
                "random.PRNGKey(np.array([1, 2]))", "random.uniform(np.zeros((2,), np.float32))",
                "random.fold_in(random.PRNGKey(0), np.array([1, 2]))"):
        yield bad
    for s in seeds:
        for shape in SHAPES:
            yield f"random.uniform(random.PRNGKey({s}), {shape})"
            yield f"random.normal(random.PRNGKey({s}), {shape})"
            yield f"random.bits(random.PRNGKey({s}), {shape})"
        yield f"random.randint(random.PRNGKey({s}), (5,), 0, 10)"
        yield f"random.bernoulli(random.PRNGKey({s}), 0.3, (6,))"
        yield f"random.truncated_normal(random.PRNGKey({s}), -1.0, 2.0, (5,))"
    for s in few:
        for shape in ((100,), (16, 17), (2, 3, 4)):
            yield f"random.uniform(random.PRNGKey({s}), {shape})"
            yield f"random.normal(random.key({s}), {shape})"
            yield f"random.randint(random.PRNGKey({s}), {shape}, -100, 100)"
        for dtype in FLOAT_DTYPES + ("complex64", "complex128", "int32", "uint8", "bool", "float4_e2m1fn",
                                    "float8_e4m3b11fnuz", "float8_e3m4", "float", "int", "complex"):
            d = dtype if dtype in ("float", "int", "complex") else repr(dtype)
            for shape in ((), (3,), (2, 5)):
                yield f"random.uniform(random.PRNGKey({s}), {shape}, {d})"
                yield f"random.normal(random.PRNGKey({s}), {shape}, {d})"
                yield f"random.truncated_normal(random.PRNGKey({s}), -2.0, 1.5, {shape}, {d})"
            yield f"random.uniform(random.PRNGKey({s}), (4,), {d}, -3.0, 5.0)"
        for dtype in INT_DTYPES + ("int4", "uint4", "bool", "float32", "int", "uint2"):
            d = dtype if dtype == "int" else repr(dtype)
            yield f"random.randint(random.PRNGKey({s}), (6,), 0, 5, {d})"
            yield f"random.randint(random.PRNGKey({s}), (6,), -3, 120, {d})"
            yield f"random.bits(random.PRNGKey({s}), (4,), {d})"
        for lo, hi in (("0", "256"), ("-10", "300"), ("5", "5"), ("7", "3"), ("-2**31", "2**31 - 1"), ("0", "1"),
                       ("A('int32', (3,), 1)", "10"), ("0", "A('int32', (2, 3), 2) + 6"), ("0.5", "4.7"),
                       ("jnp.asarray(-4)", "jnp.asarray(np.int8(100))")):
            for dtype in ("'int8'", "'uint8'", "'int32'", "'uint32'", "'int16'", "'int64'", "'uint64'"):
                yield f"random.randint(random.PRNGKey({s}), (2, 3), {lo}, {hi}, {dtype})"
        for p in ("0.5", "0.0", "1.0", "A('float32', (4,), 3) * 0.2 + 0.5", "jnp.asarray(np.float16(0.3))",
                  "A('float64', (2, 3), 4) * 0.1 + 0.5", "np.float32(0.7)", "jnp.asarray(np.array(0.25, "
                  "'bfloat16'))"):
            yield f"random.bernoulli(random.PRNGKey({s}), {p})"
            yield f"random.bernoulli(random.PRNGKey({s}), {p}, mode='high')"
            yield f"random.bernoulli(random.key({s}), {p}, (5, 4))"
        for bad in ("1", "np.int32(1)", "True", "jnp.asarray(1)"):
            yield f"random.bernoulli(random.PRNGKey({s}), {bad})"
        yield f"random.bernoulli(random.PRNGKey({s}), 0.5, mode='medium')"
        for lo, hi in (("-1.0", "1.0"), ("0.0", "3.0"), ("A('float32', (3,), 5)", "5.0"),
                       ("-5.0", "A('float32', (2, 3), 6) + 10"), ("2.0", "2.5"), ("-np.inf", "0.0"),
                       ("1", "2")):
            yield f"random.truncated_normal(random.PRNGKey({s}), {lo}, {hi})"
            yield f"random.truncated_normal(random.PRNGKey({s}), {lo}, {hi}, (2, 3), 'float16')"
        for shape in ((), (4,), (3, 2)):
            for mode in ("None", "'low'", "'high'"):
                for d in ("None", "'float32'", "'float16'", "'bfloat16'", "'float64'"):
                    yield f"random.gumbel(random.PRNGKey({s}), {shape}, {d}, {mode})"
        for logits in ("A('float32', (5,), 7)", "A('float32', (3, 4), 8)", "A('float16', (2, 6), 9)",
                       "jnp.log(jnp.asarray([0.1, 0.2, 0.7]))", "A('float64', (4,), 10)"):
            yield f"random.categorical(random.PRNGKey({s}), {logits})"
            yield f"random.categorical(random.PRNGKey({s}), {logits}, axis=0)"
            yield f"random.categorical(random.PRNGKey({s}), {logits}, shape=(7,) + {logits}.shape[:-1])"
            yield f"random.categorical(random.PRNGKey({s}), {logits}, mode='high')"
            yield f"random.categorical(random.PRNGKey({s}), {logits}, shape=(2,) + {logits}.shape[:-1], " \
                  f"replace=False)"
        for x in ("5", "10", "1", "A('float32', (6,), 11)", "A('int32', (4, 3), 12)", "jnp.arange(20)",
                  "np.int32(7)"):
            yield f"random.permutation(random.PRNGKey({s}), {x})"
        yield f"random.permutation(random.PRNGKey({s}), A('int32', (4, 3), 12), axis=1)"
        yield f"random.permutation(random.PRNGKey({s}), A('int32', (4, 3), 12), independent=True)"
        yield f"random.permutation(random.PRNGKey({s}), A('int32', (4, 3), 12), axis=1, independent=True)"
        yield f"random.permutation(random.PRNGKey({s}), 1.5)"
        # Counts of rank 0 (arange of the default integer; permutation takes integers alone) and weak arrays
        for x in ("jnp.int8(5)", "np.uint8(3)", "jnp.asarray(4)", "jnp.full((3,), 2.0)", "jnp.full((3,), 2)",
                  "jnp.asarray([True, False, True])", "jnp.asarray(True)", "jnp.float32(3)", "True"):
            yield f"random.permutation(random.PRNGKey({s}), {x})"
        for a in ("5", "A('float32', (6,), 13)", "A('int32', (5, 2), 14)"):
            for shape in ("()", "(3,)", "(2, 2)"):
                yield f"random.choice(random.PRNGKey({s}), {a}, {shape})"
                yield f"random.choice(random.PRNGKey({s}), {a}, {shape}, replace=False)"
            yield f"random.choice(random.PRNGKey({s}), {a}, (4,), p=jnp.asarray([0.1, 0.2, 0.3, 0.15, 0.25]) " \
                  f"if jnp.asarray({a}).shape[:1] in ((), (5,)) else None)"
        yield f"random.choice(random.PRNGKey({s}), 5, (3,), replace=False, p=jnp.asarray([0.1, 0.2, 0.3, 0.15, 0.25]))"
        yield f"random.choice(random.PRNGKey({s}), 6, (4,), p=A('float32', (6,), 15) ** 2)"
        yield f"random.choice(random.PRNGKey({s}), A('int32', (3, 4), 16), (2,), axis=1)"
        yield f"random.choice(random.PRNGKey({s}), 3, (5,), replace=False)"
        yield f"random.choice(random.PRNGKey({s}), 0, (2,))"
        yield f"random.choice(random.PRNGKey({s}), 4, 3)"
        # Counts of rank 0 of every kind (int() of a real one, complex refused), weak arrays, and no draws (zeros of
        # the operand's dtype, strong)
        for a in ("3.7", "True", "np.int16(3)", "jnp.float32(3.5)", "jnp.int8(4)", "jnp.full((3,), 2.0)",
                  "jnp.asarray([True, False])", "3+0j", "jnp.complex64(3)"):
            for shape in ("()", "(2,)", "(0,)"):
                yield f"random.choice(random.PRNGKey({s}), {a}, {shape})"


DIST_SEEDS = (0, 42, 2**31 - 1)
DIST_SHAPES = ("()", "(3,)", "(2, 3)")
DIST_DTYPES = ("None", "'float32'", "'float16'", "'bfloat16'", "'float64'")
DIST_FIXED = ("exponential", "laplace", "logistic", "cauchy", "maxwell")
"""The samplers of a shape and a dtype alone."""
DIST_PARAMS = {"pareto": ("3.0",), "rayleigh": ("2.0",), "wald": ("1.5",), "lognormal": ("0.5",),
               "triangular": ("-1.0", "0.25", "2.0"), "weibull_min": ("1.5", "2.0"),
               "double_sided_maxwell": ("0.5", "2.0"), "gamma": ("2.5",), "loggamma": ("2.5",),
               "beta": ("2.0", "0.5"), "t": ("3.0",), "chisquare": ("4.0",), "f": ("3.0", "5.0")}
"""The samplers of parameters (a shape and a dtype after them), with scalar parameters."""
DIST_ARRAYS = {"pareto": ("A('float32', (3,), 1) ** 2 + 0.5",), "rayleigh": ("jnp.asarray([0.5, 1.0, 3.0])",),
               "wald": ("jnp.asarray([0.5, 1.0, 3.0])",), "lognormal": ("A('float32', (2, 3), 2)",),
               "triangular": ("jnp.zeros(3)", "jnp.asarray([0.1, 0.5, 0.9])", "jnp.ones(3)"),
               "gamma": ("jnp.asarray([0.3, 1.0, 4.5])",), "loggamma": ("jnp.asarray([0.01, 0.7, 9.0])",),
               "beta": ("jnp.asarray([0.2, 1.0, 3.0])", "jnp.asarray([[2.0], [0.5]])"),
               "t": ("jnp.asarray([1.0, 2.5, 30.0])",), "chisquare": ("jnp.asarray([1.0, 2.5, 30.0])",),
               "f": ("jnp.asarray([1.0, 2.5, 30.0])", "7.0")}
"""Array parameters (their shape is the result's)."""


def _shapes_and_dtypes() -> Iterator[tuple[str, str]]:
    """Each shape with the default dtype, and each dtype with the last shape."""
    for shape in DIST_SHAPES:
        yield shape, "None"
    for d in DIST_DTYPES[1:]:
        yield DIST_SHAPES[-1], d


def _random_dists_cases() -> Iterator[str]:
    """``jax.random``'s distributions beyond uniform, normal and the discrete basics: each over seeds, shapes and
    float dtypes (float64 with x64 on), with scalar and array parameters, typed keys, under ``jit`` and ``vmap``,
    ``grad`` through ``gamma``; and what JAX refuses (an integer dtype, a shape the parameters do not broadcast to,
    a complex parameter)."""
    for s in DIST_SEEDS:
        key = f"random.PRNGKey({s})"
        for name in DIST_FIXED:
            for shape, d in _shapes_and_dtypes():
                yield f"random.{name}({key}, {shape}, {d})"
        for name, params in DIST_PARAMS.items():
            ps = ", ".join(params)
            for shape, d in _shapes_and_dtypes():
                yield f"random.{name}({key}, {ps}, {shape}, {d})"
            yield f"random.{name}({key}, {', '.join(DIST_ARRAYS.get(name, params))})"
        for shape in DIST_SHAPES:
            yield f"random.rademacher({key}, {shape})"
            for d in ("'int8'", "'uint8'", "'float32'", "'float16'", "'int64'", "'bool'"):
                yield f"random.rademacher({key}, {shape}, {d})"
            for p in ("0.3", "0.9", "jnp.asarray([0.1, 0.5, 0.99])"):
                yield f"random.geometric({key}, {p}, {shape if p[0] != 'j' else '(2, 3)'})"
            yield f"random.geometric({key}, 0.3, {shape}, 'int8')"
            yield f"random.geometric({key}, 0.3, {shape}, 'int64')"
            yield f"random.geometric({key}, np.float16(0.3), {shape})"
        yield f"random.geometric({key}, jnp.asarray([0.1, 0.5, 0.99]))"
        yield f"random.exponential(random.key({s}), (2, 2))"
        yield f"random.gamma(random.key({s}), 0.5, (4,))"
        yield f"jit(lambda k: random.laplace(k, (3,)))({key})"
        yield f"vmap(lambda k: random.cauchy(k, (2,)))(random.split({key}, 3))"
        yield f"vmap(lambda k: random.gamma(k, 1.5, (2,)))(random.split({key}, 3))"
        yield f"vmap(lambda a: random.gamma({key}, a))(jnp.asarray([0.5, 1.0, 7.0]))"
        yield f"jit(lambda k, a: random.gamma(k, a, (2, 2)))({key}, 0.8)"
        yield f"grad(lambda a: random.gamma({key}, a))(2.5)"
        yield f"grad(lambda a: random.gamma({key}, a, (3,)).sum())(0.4)"
        yield f"grad(lambda a: random.loggamma({key}, a, (3,)).sum())(0.4)"
        yield f"grad(lambda a: random.gamma({key}, a).sum())(jnp.asarray([0.3, 1.0, 4.5]))"
        yield f"random.gamma({key}, jnp.asarray([0.3, 1.0, 4.5]), (2, 3))"
        yield f"random.gamma({key}, 1e-3, (4,))"
        yield f"random.loggamma({key}, 1e-3, (4,))"
    for s in DIST_SEEDS:
        key = f"random.PRNGKey({s})"
        for shape, d in _shapes_and_dtypes():
            yield f"random.generalized_normal({key}, 1.5, {shape}, {d})"
            yield f"random.ball({key}, 3, 2, {shape}, {d})"
        for shape in DIST_SHAPES:
            yield f"random.generalized_normal({key}, 0.5, {shape})"
            yield f"random.ball({key}, 2, 1.5, {shape})"
            for d in ("None", "'float64'", "'complex64'"):
                yield f"random.orthogonal({key}, 3, {shape}, {d})"
                yield f"random.orthogonal({key}, 2, {shape}, {d}, m=4)"
                yield f"random.orthogonal({key}, 4, {shape}, {d}, m=2)"
            for lam in ("3.0", "30.0", "0.0"):
                yield f"random.poisson({key}, {lam}, {shape})"
            for d in ("'int8'", "'int64'", "'uint8'", "'uint32'"):
                yield f"random.poisson({key}, 5.0, {shape}, {d})"
        yield f"random.poisson({key}, jnp.asarray([0.0, 1.0, 9.9, 10.0, 200.0, 1e4]))"
        yield f"random.poisson({key}, jnp.asarray([[0.5], [50.0]]), (2, 3))"
        yield f"random.poisson({key}, 4)"
        yield f"random.poisson({key}, np.float64(12.5), (3,))"
        cov = "jnp.asarray([[2.0, 0.5, 0.0], [0.5, 1.0, 0.3], [0.0, 0.3, 0.7]])"
        for method in ("'cholesky'", "'eigh'", "'svd'"):
            yield f"random.multivariate_normal({key}, jnp.zeros(3), {cov}, method={method})"
            yield f"random.multivariate_normal({key}, jnp.arange(3.0), {cov}, (4,), method={method})"
            yield f"random.multivariate_normal({key}, jnp.zeros((2, 3)), {cov}, None, 'float64', {method})"
            yield f"random.multivariate_normal({key}, A('float64', (3,), 3), {cov}, (2,), method={method})"
        yield f"random.multivariate_normal({key}, jnp.zeros(2), jnp.asarray([[1.0, 1.0], [1.0, 1.0]]), (3,), " \
              f"method='eigh')"
        yield f"random.multivariate_normal({key}, jnp.zeros(3), jnp.stack([{cov}, 2 * {cov}]))"
        yield f"random.multivariate_normal({key}, jnp.zeros(3, 'int32'), jnp.eye(3, dtype='int32'))"
        yield f"random.clone(random.key({s}))"
        yield f"random.clone({key})"
        for shape in DIST_SHAPES:
            yield f"random.binomial({key}, 10, 0.3, {shape})"
            yield f"random.binomial({key}, 100.0, 0.7, {shape})"
            yield f"random.multinomial({key}, 20, jnp.asarray([0.2, 0.3, 0.5]), shape={(*ast.literal_eval(shape), 3)})"
        for d in DIST_DTYPES[1:]:
            yield f"random.binomial({key}, 40.0, 0.45, (2, 3), {d})"
        yield f"random.binomial({key}, jnp.asarray([5.0, 50.0, 1000.0, np.inf, np.nan, -1.0, 0.0, 3.7, 20.0, 1e4]), " \
              f"jnp.asarray([0.1, 0.5, 0.9, 0.3, 0.3, 0.3, 0.5, np.nan, -0.2, 1.0]))"
        yield f"random.binomial({key}, jnp.asarray([[3.0], [300.0]]), jnp.asarray([0.05, 0.5, 0.95]))"
        yield f"random.binomial({key}, np.int32(12), np.float16(0.25), (4,))"
        yield f"random.binomial(random.key({s}), 7, 0.5, (3,))"
        yield f"jit(lambda k, n: random.binomial(k, n, 0.4, (3,)))({key}, 30.0)"
        yield f"vmap(lambda k: random.binomial(k, 30.0, 0.5, (2,)))(random.split({key}, 3))"
        yield f"vmap(lambda n: random.binomial({key}, n, 0.5))(jnp.asarray([3.0, 30.0, 300.0]))"
        yield f"random.multinomial({key}, jnp.asarray([20.0, 300.0]), jnp.asarray([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]))"
        yield f"random.multinomial({key}, 20, jnp.asarray([0.2, 0.3, 0.5]), shape=(4, 3), dtype='int32')"
        yield f"random.multinomial({key}, 50, jnp.asarray([0.2, 0.3, 0.5], 'float16'))"
        yield f"random.multinomial({key}, 15, jnp.asarray([0.0, 1.0, 0.0, 2.0]) / 3, unroll=2)"
        yield f"random.multinomial(random.key({s}), 9, jnp.asarray([0.5, 0.5]), dtype='float64')"
        yield f"jit(lambda k, p: random.multinomial(k, 10, p))({key}, jnp.asarray([0.25, 0.75]))"
    yield "random.multivariate_normal(random.PRNGKey(0), jnp.zeros(3), jnp.eye(3), method='qr')"
    yield "random.multivariate_normal(random.PRNGKey(0), 0.0, jnp.eye(3))"
    yield "random.multivariate_normal(random.PRNGKey(0), jnp.zeros(3), jnp.ones(3))"
    yield "random.multivariate_normal(random.PRNGKey(0), jnp.zeros(3), jnp.eye(2))"
    yield "random.multivariate_normal(random.PRNGKey(0), jnp.zeros(3), jnp.eye(3), (2,), 'int32')"
    yield "random.multivariate_normal(random.PRNGKey(0), jnp.zeros((2, 3)), jnp.eye(3), (3,))"
    yield "random.poisson(random.PRNGKey(0), 3.0, (2,), 'float32')"
    yield "random.poisson(random.PRNGKey(0), jnp.ones(3), (2,))"
    yield "random.orthogonal(random.PRNGKey(0), 3, (), 'int32')"
    yield "random.generalized_normal(random.PRNGKey(0), 2.0, (2,), 'int32')"
    yield "random.binomial(random.PRNGKey(0), 10, 0.5, (3,), 'int32')"
    yield "random.binomial(random.PRNGKey(0), jnp.ones(2), 0.5, (3,))"
    yield "random.binomial(random.PRNGKey(0), [10, 20], 0.5)"
    yield "random.binomial(random.split(random.PRNGKey(0)), 10, 0.5)"
    yield "random.multinomial(random.PRNGKey(0), 10, [0.5, 0.5])"
    yield "random.multinomial(random.PRNGKey(0), jnp.ones(3), jnp.asarray([0.5, 0.5]))"
    yield "random.ball(random.PRNGKey(0), 3, 2, (2,), 'int32')"
    for name in (*DIST_FIXED, "rademacher"):
        yield f"random.{name}(random.PRNGKey(0), (2,), 'int32')"
    for name, params in DIST_PARAMS.items():
        ps = ", ".join(params)
        yield f"random.{name}(random.PRNGKey(0), {ps}, (2,), 'int32')"
        yield f"random.{name}(random.PRNGKey(0), {', '.join(DIST_ARRAYS.get(name, params))}, (2,))"
        yield f"random.{name}(random.PRNGKey(0), {ps}, (2,), 'complex64')"
    yield "random.pareto(random.PRNGKey(0), 1.0 + 2j, (2,))"
    yield "random.rayleigh(random.PRNGKey(0), jnp.asarray(2.0, 'float64'), (2,), 'float32')"
    yield "random.rayleigh(random.PRNGKey(0), jnp.asarray(2.0, 'float16'), (2,), 'float32')"
    yield "random.weibull_min(random.PRNGKey(0), jnp.asarray(2.0, 'float64'), 2.0, (2,), 'float32')"
    yield "random.geometric(random.PRNGKey(0), 0.5, (2,), 'float32')"
    yield "random.geometric(random.PRNGKey(0), [0.5], (1,))"
    yield "random.exponential(random.PRNGKey(0), (2,), 'float8_e4m3fn')"


NN_ACTIVATIONS = ("nn.relu6({})", "nn.elu({})", "nn.leaky_relu({})", "nn.hard_tanh({})", "nn.log_sigmoid({})",
                  "nn.soft_sign({})", "nn.selu({})", "nn.celu({})", "nn.hard_sigmoid({})", "nn.hard_silu({})",
                  "nn.hard_swish({})", "nn.mish({})", "nn.squareplus({})", "nn.sparse_plus({})",
                  "nn.sparse_sigmoid({})", "nn.log1mexp({})", "nn.identity({})", "nn.tanh({})",
                  "nn.elu({}, 0.5)", "nn.celu({}, 2)", "nn.leaky_relu({}, 0.2)", "nn.leaky_relu({}, 2)",
                  "nn.squareplus({}, 2.0)", "nn.glu({}, axis=0)")
"""The activations of one operand beyond the first ones, with their parameters left out and passed (Python
scalars: the parameters' dtypes are held by the array cases of ``_nn_param_cases``)."""
NN_FUNCTIONS = ("nn.relu({})", "nn.gelu({})", "nn.gelu({}, approximate=False)", "nn.silu({})", "nn.sigmoid({})",
                "nn.softplus({})", "nn.softmax({})", "nn.log_softmax({})", "nn.logsumexp({})",
                "nn.standardize({})", *NN_ACTIVATIONS, "nn.one_hot({}, 3)")
WEAK_SCALARS = ("2", "2.0", "2j", "True")


def _abstract_operands() -> Iterator[str]:
    """Every operand of the abstract (dtype-only) cases: each dtype strong, the weak ones weak, Python scalars."""
    for d in ref.DTYPES:
        yield f"S({d!r}, (2, 3))"
    for d in ref.WEAK_ARRAY_DTYPES:
        yield f"S({d!r}, (2, 3), True)"


def _nn_abstract_cases() -> Iterator[str]:
    for fn in NN_FUNCTIONS:
        for x in _abstract_operands():
            yield f"eval_shape(lambda x: {fn.format('x')}, {x})"
        for v in WEAK_SCALARS:
            yield f"eval_shape(lambda: {fn.format(v)})"
    for d in [*ref.DTYPES, "int", "float", "bool", "complex"]:
        dt = d if d in ("int", "float", "bool", "complex") else repr(d)
        yield f"eval_shape(lambda x: nn.one_hot(x, 4, dtype={dt}), S('int32', (3,)))"
    for x in _abstract_operands():
        for fn, param in (("elu", "alpha"), ("celu", "alpha"), ("leaky_relu", "negative_slope"), ("squareplus", "b")):
            yield f"eval_shape(lambda x, p: nn.{fn}(x, {param}=p), S('float32', (2, 3)), {x})"
            yield f"eval_shape(lambda x, p: nn.{fn}(x, {param}=p), S('int32', (2, 3)), {x})"
        yield f"eval_shape(lambda x, b: nn.logsumexp(x, b=b), S('float32', (2, 3)), {x})"
        yield f"eval_shape(lambda x: nn.logsumexp(x, axis=1, return_sign=True), {x})"
        yield f"eval_shape(lambda x: nn.softmax(x, where=x > 0), {x})"


def _nn_value_cases() -> Iterator[str]:
    dtypes = ("float32", "float16", "bfloat16", "float64", "int32", "complex64")
    for d in dtypes:
        for shape, seed in (((5,), 1), ((3, 4), 2), ((2, 3, 4), 3)):
            x = f"A({d!r}, {shape}, {seed})"
            for fn in NN_FUNCTIONS:
                yield fn.format(x)
            if len(shape) > 1:
                for axis in ("0", "(0, 1)", "None"):
                    yield f"nn.softmax({x}, axis={axis})"
                    yield f"nn.log_softmax({x}, axis={axis})"
                    yield f"nn.logsumexp({x}, axis={axis})"
                    yield f"nn.standardize({x}, axis={axis})"
                yield f"nn.logsumexp({x}, axis=1, keepdims=True)"
                yield f"nn.standardize({x}, axis=0, algorithm='stable')"
                yield f"nn.one_hot({x}, 5, axis=0)"
            yield f"nn.softmax({x}, where={x} > 0)"
            yield f"nn.log_softmax({x}, where={x} > 0)"
            yield f"nn.logsumexp({x}, b={x} * 0.5)"
            yield f"nn.logsumexp({x}, b=jnp.abs({x}), return_sign=True)"
            yield f"nn.logsumexp({x}, where={x} > -1)"
            yield f"nn.standardize({x}, mean=0.5, variance=2.0)"
            yield f"nn.standardize({x}, where={x} > -1)"
    for x in ("jnp.asarray([0.0, -np.inf, np.inf, np.nan])", "jnp.asarray([-1e30, 1e30, 0.0])",
              "jnp.asarray([-np.inf, -np.inf])", "jnp.asarray([100.0, -100.0, 20.0, -20.0])"):
        for fn in NN_FUNCTIONS[:-1]:
            yield fn.format(x)
    for bad in ("nn.relu([1, 2])", "nn.softmax([1.0, 2.0])", "nn.one_hot(A('int32', (3,), 0), 3, axis=5)",
                "nn.standardize(A('float32', (3,), 0), algorithm='slow')", "nn.logsumexp(A('float32', (3,), 0), "
                "axis=3)", "nn.one_hot(jnp.asarray([0.0, 1.5, 2.0]), 3)", "nn.one_hot(jnp.asarray([-1, 0, 3]), 3)"):
        yield bad


LAX_ELEMENTWISE = ("neg", "sign", "square", "floor", "ceil", "round", "cbrt", "exp", "exp2", "expm1", "log", "log1p",
                   "sqrt", "logistic", "sin", "cos", "tan", "tanh", "asin", "acos", "atan", "sinh", "cosh", "asinh",
                   "acosh", "atanh", "bitwise_not", "erfc")
"""The elementwise ``jax.lax`` functions of one operand that keep its type, beyond the special functions."""
LAX_BINARY = ("sub", "div", "rem", "atan2", "nextafter", "bitwise_and", "bitwise_or", "bitwise_xor", "shift_left",
              "shift_right_logical", "shift_right_arithmetic")
"""The elementwise ``jax.lax`` functions of two operands of one dtype, beyond ``add``, ``mul``, ``max``, ``min``."""
LAX_UNARY = ("lax.rsqrt({})", "lax.erf({})", "lax.erf_inv({})", "lax.lgamma({})", "lax.digamma({})",
             "lax.integer_pow({}, 3)", "lax.integer_pow({}, -2)", "lax.integer_pow({}, 0)",
             *(f"lax.{fn}({{}})" for fn in LAX_ELEMENTWISE), "lax.round({}, lax.RoundingMethod.TO_NEAREST_EVEN)",
             "lax.stop_gradient({})")
PAIR_OPERANDS = ("S('bool', (2, 3))", "S('int8', (2, 3))", "S('int32', (2, 3))", "S('uint8', (2, 3))",
                 "S('int64', (2, 3))", "S('float16', (2, 3))", "S('bfloat16', (2, 3))", "S('float32', (2, 3))",
                 "S('float64', (2, 3))", "S('complex64', (2, 3))", "S('float32', (2, 3), True)",
                 "S('int32', (2, 3), True)", "2.0", "2", "S('float8_e4m3fn', (2, 3))", "S('int4', (2, 3))")


def _lax_abstract_cases() -> Iterator[str]:
    for fn in LAX_UNARY + ("lax.top_k({}, 2)", "lax.convert_element_type({}, 'float32')",
                           "lax.convert_element_type({}, 'int8')", "lax.convert_element_type({}, float)",
                           "lax.convert_element_type({}, 'bfloat16')", "lax.convert_element_type({}, 'float64')"):
        for x in _abstract_operands():
            yield f"eval_shape(lambda x: {fn.format('x')}, {x})"
        for v in WEAK_SCALARS:
            yield f"eval_shape(lambda: {fn.format(v)})"
    for d in [*ref.DTYPES, "int", "float", "bool", "complex"]:
        dt = d if d in ("int", "float", "bool", "complex") else repr(d)
        yield f"eval_shape(lambda: lax.iota({dt}, 4))"
    for a, b in itertools.product(PAIR_OPERANDS, repeat=2):
        for fn in ("lax.add({}, {})", "lax.mul({}, {})", "lax.max({}, {})", "lax.min({}, {})",
                   "lax.dot_general({}, {}, (((1,), (1,)), ((), ())))", "lax.clamp({0}, {1}, {1})",
                   "lax.select(True, {}, {})", *(f"lax.{fn}({{}}, {{}})" for fn in LAX_BINARY)):
            yield _abstract_call(fn, a, b)
    for a in PAIR_OPERANDS[:12]:
        for pref in ("None", "'float32'", "'int32'", "'int8'", "'float64'", "'complex64'", "'int16'", "'uint32'",
                     "float"):
            yield f"eval_shape(lambda x: lax.dot_general(x, x, (((1,), (1,)), ((), ())), " \
                  f"preferred_element_type={pref}), {a})"
            yield f"eval_shape(lambda x: lax.conv_general_dilated(x[None, None], x[None, None], (1, 1), 'SAME', " \
                  f"preferred_element_type={pref}), {a})"
        yield f"eval_shape(lambda x: lax.reduce_window(x, 0, lax.add, (2, 2), (1, 1), 'VALID'), {a})"
        yield f"eval_shape(lambda x: lax.reduce_window(x, -np.inf, lax.max, (1, 2), (1, 1), 'SAME'), {a})"
        yield f"eval_shape(lambda x: lax.pad(x, 0, [(1, 1, 0), (0, 2, 1)]), {a})"
        yield f"eval_shape(lambda x: lax.pad(x, 0.0, [(1, 1, 0), (0, 2, 1)]), {a})"
        yield f"eval_shape(lambda x: lax.dynamic_slice(x, (0, 1), (1, 2)), {a})"
        yield f"eval_shape(lambda x: lax.dynamic_update_slice(x, x[:1], (1, 0)), {a})"
        yield f"eval_shape(lambda x: lax.broadcast_in_dim(x, (4, 2, 3), (1, 2)), {a})"


def _abstract_call(fn: str, *operands: str) -> str:
    """``eval_shape`` of ``fn`` (a format string) on operands: abstract ones (``S(...)``) become the lambda's
    arguments, Python scalars stay literals."""
    params = [f"x{i}" for i, o in enumerate(operands) if o.startswith("S(")]
    names = iter(params)
    body = fn.format(*(next(names) if o.startswith("S(") else o for o in operands))
    args = "".join(f", {o}" for o in operands if o.startswith("S("))
    return f"eval_shape(lambda {', '.join(params)}: {body}{args})"


def _lax_value_cases() -> Iterator[str]:
    for d in ("float32", "float16", "bfloat16", "float64"):
        x = f"A({d!r}, (3, 4), 1)"
        for fn in LAX_UNARY:
            name = fn.split("(")[0].removeprefix("lax.")
            yield fn.format(f"jnp.abs({x}) + 0.5" if "rsqrt" in fn or "gamma" in fn else
                            f"jnp.abs({x}) + 1.5" if name in ("log", "log1p", "sqrt", "acosh") else
                            f"jnp.tanh({x})" if name in ("erf_inv", "asin", "acos", "atanh") else x)
        yield f"lax.clamp(np.array(-1, {d!r}), {x}, np.array(1.5, {d!r}))"
        yield f"lax.select({x} > 0, {x}, lax.neg({x}))"
        yield f"lax.select(False, {x}, {x} * 2)"
        for fn in ("sub", "div", "rem", "atan2", "nextafter"):
            yield f"lax.{fn}({x}, A({d!r}, (3, 4), 7))"
        yield f"lax.top_k({x}, 3)"
        yield f"lax.top_k({x}, 2, axis=0)"
        yield f"lax.convert_element_type({x}, 'int32')"
        yield f"lax.dot_general({x}, A({d!r}, (4, 5), 2), (((1,), (0,)), ((), ())))"
        yield f"lax.dot_general(A({d!r}, (2, 3, 4), 3), A({d!r}, (2, 4, 5), 4), (((2,), (1,)), ((0,), (0,))))"
        for lhs, rhs, strides, pad, extra in (
                ("(1, 2, 6, 7)", "(3, 2, 3, 3)", "(1, 1)", "'SAME'", ""),
                ("(2, 3, 8, 8)", "(4, 3, 2, 3)", "(2, 1)", "'VALID'", ""),
                ("(1, 4, 5, 5)", "(4, 2, 3, 3)", "(1, 1)", "((1, 0), (2, 1))", ", feature_group_count=2"),
                ("(1, 2, 7, 6)", "(2, 2, 3, 2)", "(1, 2)", "'SAME'", ", rhs_dilation=(2, 1)"),
                ("(1, 2, 4, 4)", "(1, 2, 3, 3)", "(1, 1)", "((2, 2), (2, 2))", ", lhs_dilation=(2, 2)"),
                ("(4, 2, 5)", "(3, 2, 2)", "(1,)", "'SAME_LOWER'", ""),
                ("(1, 6, 6, 2)", "(3, 3, 2, 4)", "(1, 1)", "'SAME'", ", dimension_numbers=('NHWC', 'HWIO', 'NHWC')"),
                ("(4, 2, 5, 5)", "(4, 1, 2, 2)", "(1, 1)", "'VALID'", ", batch_group_count=2")):
            yield f"lax.conv_general_dilated(A({d!r}, {lhs}, 5), A({d!r}, {rhs}, 6), {strides}, {pad}{extra})"
        for comp, init in (("lax.add", "0.0"), ("lax.max", "-np.inf"), ("lax.min", "np.inf"),
                           ("lambda a, b: a * b", "1.0"), ("lax.add", "1.0")):
            for window, strides, pad in (("(2, 2)", "(1, 1)", "'VALID'"), ("(3, 2)", "(2, 1)", "'SAME'"),
                                         ("(2, 3)", "(1, 2)", "((1, 0), (0, 2))")):
                yield f"lax.reduce_window({x}, np.array({init}, {d!r}), {comp}, {window}, {strides}, {pad})"
        yield f"lax.reduce_window({x}, np.array(0, {d!r}), lax.add, (2, 2), (1, 1), 'VALID', (2, 1), (1, 2))"
    for d in ("int32", "uint8", "int8", "bool"):
        x = f"A({d!r}, (3, 4), 2)"
        yield f"lax.pad({x}, np.array(1, {d!r}), [(1, -1, 1), (2, 0, 0)])"
        yield f"lax.dynamic_slice({x}, (1, 1), (2, 3))"
        yield f"lax.dynamic_slice({x}, (5, -1), (2, 2))"
        yield f"lax.dynamic_slice({x}, (jnp.asarray(-2), jnp.asarray(3)), (1, 2))"
        yield f"lax.dynamic_slice({x}, jnp.asarray([1, -3]), (2, 2))"
        yield f"lax.dynamic_slice({x}, (np.uint8(1), np.uint8(250)), (2, 2))"
        yield f"lax.dynamic_update_slice({x}, {x}[:2, :2], (2, -1))"
        yield f"lax.top_k({x}, 2)" if d != "bool" else f"lax.iota('int16', 5)"
        yield f"lax.reduce_window({x}, np.array(0, {d!r}), lax.max, (2, 2), (1, 1), 'SAME')"
        yield f"lax.broadcast_in_dim({x}, (2, 3, 4), (1, 2))"
        yield f"lax.broadcast_in_dim({x}[:1], (3, 3, 4), (0, 2))"
        yield f"lax.dot_general({x}, {x}, (((1,), (1,)), ((), ())))"
    for d in ("complex64",):
        x = f"A({d!r}, (3, 4), 7)"
        yield f"lax.rsqrt({x})"
        yield f"lax.conv_general_dilated(A({d!r}, (1, 2, 5, 5), 5), A({d!r}, (3, 2, 2, 2), 6), (1, 1), 'SAME')"
        yield f"lax.dot_general({x}, {x}, (((1,), (1,)), ((), ())))"
        yield f"lax.reduce_window({x}, np.array(0, {d!r}), lax.add, (2, 2), (1, 1), 'VALID')"
    for bad in ("lax.dynamic_slice(A('float32', (3,), 0), (1, 2), (1,))",
                "lax.dynamic_slice(A('float32', (3,), 0), (-1,), (1,), allow_negative_indices=False)",
                "lax.dynamic_slice(A('float32', (3, 3), 0), (jnp.asarray(1), np.int8(1)), (1, 1))",
                "lax.dynamic_slice(A('float32', (3,), 0), (0,), (4,))",
                "lax.dynamic_slice(A('float32', (3,), 0), (0.5,), (1,))",
                "lax.dynamic_slice(0.5, (), ())", "lax.dynamic_update_slice(2, 1, ())",
                "lax.reduce_window(2, 0, lax.add, (), (), 'VALID')",
                "lax.reduce_window((2.0, 1.0), (0.0, 0.0), lambda a, b: (a[0] + b[0], a[1] + b[1]), (), (), 'SAME')",
                "lax.dynamic_update_slice(A('float32', (3,), 0), A('float16', (1,), 0), (0,))",
                "lax.dynamic_update_slice(A('float32', (3,), 0), A('float32', (4,), 0), (0,))",
                "lax.pad(A('float32', (3,), 0), np.float16(0), [(1, 1, 0)])",
                "lax.pad(A('float32', (3,), 0), jnp.zeros(2), [(1, 1, 0)])",
                "lax.pad(A('float32', (3,), 0), 0.0, [(1, 1, 0), (0, 0, 0)])",
                "lax.pad(A('float32', (3,), 0), 0.0, [(1, 1, -1)])",
                "lax.pad(A('float32', (3,), 0), 0.0, [(-3, -1, 0)])",
                "lax.broadcast_in_dim(A('float32', (3,), 0), (3, 4), (1,))",
                "lax.broadcast_in_dim(A('float32', (3,), 0), (3,), (0, 1))",
                "lax.top_k(A('float32', (3,), 0), 4)", "lax.top_k(A('float32', (3,), 0), -1)",
                "lax.top_k(A('complex64', (3,), 0), 1)", "lax.top_k(jnp.asarray(1.0), 1)",
                "lax.top_k(A('float32', (3, 2), 0), 1, axis=2)",
                "lax.iota('float32', -1)", "lax.iota('bool', 3)",
                "lax.integer_pow(A('int32', (3,), 0), -1)", "lax.integer_pow(A('bool', (3,), 0), 2)",
                "lax.clamp(A('float32', (2,), 0), A('float32', (3,), 0), 1.0)",
                "lax.clamp(0, A('float32', (3,), 0), 1.0)",
                "lax.dot_general(A('float32', (2, 3), 0), A('float32', (4, 5), 0), (((1,), (0,)), ((), ())))",
                "lax.dot_general(A('float32', (2, 3), 0), A('float32', (3, 5), 0), (((2,), (0,)), ((), ())))",
                "lax.dot_general(A('int8', (2, 3), 0), A('uint8', (3, 5), 0), (((1,), (0,)), ((), ())))",
                "lax.dot_general(A('int32', (2, 3), 0), A('int32', (3, 5), 0), (((1,), (0,)), ((), ())), "
                "preferred_element_type='int8')",
                "lax.conv_general_dilated(A('float32', (1, 2, 5), 0), A('float32', (3, 3, 2), 0), (1,), 'SAME')",
                "lax.conv_general_dilated(A('float32', (1, 2, 5), 0), A('float32', (3, 2, 2), 0), (1, 1), 'SAME')",
                "lax.conv_general_dilated(A('float32', (1, 2, 5), 0), A('float32', (3, 2, 2), 0), (1,), 'FULL')",
                "lax.conv_general_dilated(A('float32', (1, 2, 5), 0), A('float16', (3, 2, 2), 0), (1,), 'SAME')",
                "lax.conv_general_dilated(A('float32', (1, 2, 5), 0), A('float32', (3, 2, 2), 0), (1,), 'SAME', "
                "lhs_dilation=(2,))",
                "lax.conv_general_dilated(A('float32', (1, 2, 5), 0), A('float32', (3, 2, 2), 0), (1,), 'SAME', "
                "dimension_numbers=('NCH', 'OIW', 'NCH'))",
                "lax.conv_general_dilated(A('float32', (1, 2, 5), 0), A('float32', (3, 2, 2), 0), (1,), 'SAME', "
                "feature_group_count=2)",
                "lax.reduce_window(A('float32', (3,), 0), 0.0, lax.add, (2, 2), (1,), 'VALID')",
                "lax.reduce_window(A('float32', (3,), 0), 0, lax.add, (2,), (1,), 'VALID')",
                "lax.reduce_window(A('bool', (3,), 0), False, lax.add, (2,), (1,), 'VALID')",
                "lax.reduce_window(A('float32', (3,), 0), 0.0, lax.add, (0,), (1,), 'VALID')",
                "lax.reduce_window(A('float32', (3,), 0), jnp.zeros(2), lambda a, b: a + b, (2,), (1,), 'VALID')",
                "lax.convert_element_type(A('complex64', (2,), 0), 'float32')",
                "lax.convert_element_type(2**40, 'int32')", "lax.convert_element_type(2**40, 'float32')",
                "lax.convert_element_type(1.5, 'int8')", "lax.convert_element_type([1, 2], 'int8')",
                "lax.rsqrt(A('int32', (2,), 0))", "lax.erf(A('complex64', (2,), 0))",
                "lax.add(A('float32', (2,), 0), A('float32', (3,), 0))",
                "lax.add(A('float32', (2, 1), 0), A('float32', (1, 3), 0))"):
        yield bad
    for d in ("int8", "int32", "uint8", "uint32"):
        x, y = f"A({d!r}, (3, 4), 1)", f"A({d!r}, (3, 4), 7)"
        for fn in ("sub", "div", "rem", "bitwise_and", "bitwise_or", "bitwise_xor"):
            yield f"lax.{fn}({x}, {y})"
        for fn in ("shift_left", "shift_right_logical", "shift_right_arithmetic"):
            yield f"lax.{fn}({x}, np.asarray([[0, 1, 3, 7]], {d!r}).repeat(3, 0))"


LAX_COMPARISONS = ("eq", "ne", "lt", "le", "gt", "ge")
"""``jax.lax``'s comparisons (bool results of operands of one dtype)."""


def _lax_operation_cases() -> Iterator[str]:
    """The functions over existing primitives added for issue 64: comparisons and the other elementwise ones, shapes,
    creation, reductions, cumulative ones and ``sort``; values on seeded inputs, the dtypes each refuses, and the
    errors of bad arguments."""
    for a, b in itertools.product(PAIR_OPERANDS[:13], repeat=2):
        for fn in (*(f"lax.{c}({{}}, {{}})" for c in LAX_COMPARISONS), "lax.pow({}, {})"):
            yield _abstract_call(fn, a, b)
    for x in _abstract_operands():
        for fn in ("lax.abs({})", "lax.real({})", "lax.imag({})", "lax.conj({})", "lax.is_finite({})",
                   "lax.reciprocal({})", "lax.clz({})", "lax.reduce_sum({}, (0,))", "lax.reduce_prod({}, ())",
                   "lax.reduce_max({}, ())", "lax.reduce_min({}, ())", "lax.reduce_and({}, ())",
                   "lax.reduce_or({}, ())", "lax.cumsum({})", "lax.cumprod({})", "lax.cummax({})", "lax.cummin({})",
                   "lax.sort({})", "lax.full_like({}, 2)", "lax.full_like({}, 2.5, 'int8')"):
            yield f"eval_shape(lambda x: {fn.format('x')}, {x})"
    for d in ("float32", "int32", "uint8", "bool", "float16", "complex64"):
        x, y = f"A({d!r}, (3, 4), 1)", f"A({d!r}, (3, 4), 7)"
        for c in LAX_COMPARISONS:
            yield f"lax.{c}({x}, {y})"
        for fn in ("abs", "is_finite", "real", "imag", "conj", "clz", "reciprocal"):
            yield f"lax.{fn}({x})"
        yield f"lax.select_n({x} > {y}, {x}, {y})"
        yield f"lax.select_n(np.asarray([[0, 1, 2, 1]] * 3, 'int32'), {x}, {y}, {x})"
        yield f"lax.reshape({x}, (4, 3))"
        yield f"lax.reshape({x}, (2, 6), (1, 0))"
        yield f"lax.reshape({x}, (12,), (0, 1))"
        yield f"lax.transpose({x}, (1, 0))"
        yield f"lax.rev({x}, (0, 1))"
        yield f"lax.squeeze({x}[:1], (0,))"
        yield f"lax.expand_dims({x}, (0, -1))"
        yield f"lax.slice({x}, (1, 0), (3, 4), (1, 2))"
        yield f"lax.slice({x}, (0, 1), (2, 3))"
        yield f"lax.concatenate([{x}, {y}], 1)"
        yield f"lax.concatenate(({x},), 0)"
        yield f"lax.collapse({x}, 0)"
        yield f"lax.collapse(A({d!r}, (2, 3, 4), 3), 1, 3)"
        yield f"lax.full_like({x}, 1)"
        yield f"lax.full_like({x}, 3, shape=(2,))"
        yield f"lax.full_like({x}, 1, 'float32')"
        for fn in ("reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_and", "reduce_or"):
            yield f"lax.{fn}({x}, (1,))"
            yield f"lax.{fn}({x}, (0, 1))"
        for fn in ("argmax", "argmin"):
            yield f"lax.{fn}({x}, 1, 'int32')"
            yield f"lax.{fn}({x}, 0, 'int8')"
        for fn in ("cumsum", "cumprod", "cummax", "cummin"):
            yield f"lax.{fn}({x})"
            yield f"lax.{fn}({x}, axis=1, reverse=True)"
        yield f"lax.sort({x})"
        yield f"lax.sort({x}, dimension=0)"
        yield f"lax.sort(({x}, {y}), num_keys=1)"
        yield f"lax.sort(({x}, {y}), dimension=0, num_keys=2)"
    for d in ("float32", "float16", "bfloat16", "float64", "complex64"):
        x, y = f"A({d!r}, (3, 4), 1)", f"A({d!r}, (3, 4), 7)"
        yield f"lax.pow(jnp.abs({x}), {y})"
        yield f"lax.pow({x}, np.asarray([[0, 1, 2, 3]] * 3, 'int32'))"
    for d in ("int32", "float32", "int8", "uint32", "float16", "bool", "int", "float"):
        dt = d if d in ("int", "float") else repr(d)
        yield f"lax.full((2, 3), 1.5, {dt})"
        yield f"lax.full(3, 2, {dt})"
        yield f"lax.broadcasted_iota({dt}, (2, 3), 1)"
        yield f"lax.broadcasted_iota({dt}, (4,), 0)"
    for v in ("1.5", "2", "True", "1j", "np.float16(2)", "np.asarray(3, 'int8')", "jnp.asarray(2.0)"):
        yield f"lax.full((2,), {v})"
        yield f"lax.full((), {v})"
    for bad in ("lax.eq(A('float32', (3,), 0), A('int32', (3,), 0))",
                "lax.lt(A('complex64', (3,), 0), A('complex64', (3,), 0))",
                "lax.pow(A('int32', (3,), 0), A('int32', (3,), 0))",
                "lax.abs(A('uint8', (3,), 0))", "lax.is_finite(A('int32', (3,), 0))",
                "lax.real(A('float32', (3,), 0))", "lax.clz(A('float32', (3,), 0))",
                "lax.select_n(A('bool', (3,), 0))", "lax.select_n(A('float32', (3,), 0), A('float32', (3,), 0))",
                "lax.select_n(A('bool', (3,), 0), A('float32', (3,), 0), A('int32', (3,), 0))",
                "lax.reshape(A('float32', (2, 3), 0), (4, 2))", "lax.reshape(A('float32', (2, 3), 0), (3, 2), (0,))",
                "lax.transpose(A('float32', (2, 3), 0), (0,))", "lax.transpose(A('float32', (2, 3), 0), (0, 0))",
                "lax.rev(A('float32', (2, 3), 0), (2,))", "lax.squeeze(A('float32', (2, 3), 0), (0,))",
                "lax.squeeze(A('float32', (1, 3), 0), (2,))", "lax.expand_dims(A('float32', (2,), 0), (3,))",
                "lax.expand_dims(A('float32', (2,), 0), (0, 0))",
                "lax.slice(A('float32', (4,), 0), (3,), (1,))",
                "lax.concatenate([], 0)", "lax.concatenate([A('float32', (2,), 0), A('int32', (2,), 0)], 0)",
                "lax.concatenate([A('float32', (2,), 0), A('float32', (2, 1), 0)], 0)",
                "lax.concatenate([A('float32', (2,), 0), A('float32', (2,), 0)], 1)",
                "lax.full((2,), A('float32', (2,), 0))", "lax.full((-1,), 1.0)", "lax.full((2,), 1.0, 'bool')",
                "lax.broadcasted_iota('int32', (2, 3), 2)", "lax.broadcasted_iota('bool', (2,), 0)",
                "lax.reduce_sum(A('bool', (3,), 0), (0,))", "lax.reduce_sum(A('float32', (3,), 0), (1,))",
                "lax.reduce_and(A('float32', (3,), 0), (0,))", "lax.reduce_max(A('float32', (3,), 0), (0, 0))",
                "lax.argmax(A('float32', (3,), 0), 1, 'int32')", "lax.argmax(A('float32', (3,), 0), 0, 'float32')",
                "lax.argmin(A('complex64', (3,), 0), 0, 'int32')",
                "lax.cumsum(A('bool', (3,), 0))", "lax.cumsum(A('float32', (3,), 0), axis=1)",
                "lax.sort(A('float32', (3,), 0), num_keys=2)", "lax.sort([])",
                "lax.sort((A('float32', (3,), 0), A('float32', (3,), 0)), num_keys=3)",
                "lax.sort(A('float32', (3,), 0), dimension=1)",
                "lax.sort((A('float32', (3,), 0), A('float32', (4,), 0)))"):
        yield bad


FFT_FUNCTIONS = ("fft.fft({})", "fft.ifft({})", "fft.rfft({})", "fft.irfft({})", "fft.fft2({})")
FFT_MORE_1D = ("hfft", "ihfft")
FFT_MORE_2D = ("ifft2", "rfft2", "irfft2")
FFT_ND = ("fftn", "ifftn", "rfftn", "irfftn")
FFT_SHIFTS = ("fftshift", "ifftshift")
FFT_MORE = (*FFT_MORE_1D, *FFT_MORE_2D, *FFT_ND, *FFT_SHIFTS, "rfftfreq")
"""The ``jax.numpy.fft`` functions added after the first five transforms and ``fftfreq`` (their cases below: fewer
dtypes, every case run by ``tests/runtime/test_fft_more.py``)."""


def _fft_abstract_cases() -> Iterator[str]:
    for fn in FFT_FUNCTIONS:
        for x in _abstract_operands():
            yield f"eval_shape(lambda x: {fn.format('x')}, {x})"
    for d in ("None", "'float32'", "'float64'", "'float16'", "'bfloat16'", "'int32'", "'complex64'", "float"):
        yield f"eval_shape(lambda: fft.fftfreq(8, dtype={d}))"
    for name in (*FFT_MORE_1D, *FFT_MORE_2D, *FFT_ND, *FFT_SHIFTS):
        for x in _abstract_operands():
            yield f"eval_shape(lambda x: fft.{name}(x), {x})"
    for d in ("None", "'float32'", "'float64'", "'float16'", "'bfloat16'", "'int32'", "'complex64'", "float"):
        yield f"eval_shape(lambda: fft.rfftfreq(8, dtype={d}))"


def _fft_more_value_cases() -> Iterator[str]:
    """Values of the functions of :data:`FFT_MORE` on seeded inputs, with norms, axes and lengths, and their
    errors."""
    dtypes = ("float32", "float64", "complex64", "int32")
    for d in dtypes:
        for shape, seed in (((8,), 1), ((3, 5), 2)):
            x = f"A({d!r}, {shape}, {seed})"
            for name in FFT_MORE_1D:
                for extra in ("", ", norm='ortho'", ", norm='forward'", ", axis=0", ", n=5", ", n=12"):
                    yield f"fft.{name}({x}{extra})"
        for shape, seed in (((3, 5), 2), ((2, 4, 6), 3)):
            x = f"A({d!r}, {shape}, {seed})"
            for name in FFT_MORE_2D:
                for extra in ("", ", norm='ortho'", ", norm='forward'", ", s=(2, 3)", ", s=(4, 7)",
                              ", axes=(0, 1)" if len(shape) == 2 else ", axes=(2, 0)"):
                    yield f"fft.{name}({x}{extra})"
        for shape, seed in (((8,), 1), ((3, 5), 2), ((2, 4, 6), 3), ((2, 3, 2, 3, 2), 4), ((2, 2, 3, 2), 5)):
            x = f"A({d!r}, {shape}, {seed})"
            for name in FFT_ND:
                for extra in ("", ", norm='ortho'", ", norm='forward'", ", s=(5,)", ", axes=(0,)",
                              ", s=(4, 3), axes=(-1, 0)" if len(shape) > 1 else ", s=(12,), axes=(-1,)"):
                    yield f"fft.{name}({x}{extra})"
    for d in ("float32", "int32", "bool", "complex64", "bfloat16"):
        for shape, seed in (((5,), 1), ((4, 5), 2), ((2, 3, 4), 3)):
            x = f"A({d!r}, {shape}, {seed})"
            for name in FFT_SHIFTS:
                for extra in ("", ", axes=0", ", axes=-1", ", axes=(0,)" if len(shape) == 1 else ", axes=(1, 0)"):
                    yield f"fft.{name}({x}{extra})"
    for name in FFT_SHIFTS:
        yield f"fft.{name}([1.0, 2.0, 3.0])"
        yield f"fft.{name}(2.0)"
        yield f"fft.{name}(jnp.asarray(2.0))"
    for n, dd in (("8", "1.0"), ("9", "0.1"), ("1", "2.0"), ("10", "jnp.asarray(0.5)")):
        for d in ("None", "'float32'", "'float64'", "'float16'", "'int32'", "'complex64'"):
            yield f"fft.rfftfreq({n}, {dd}, dtype={d})"
    for bad in ("fft.hfft(A('float32', (4,), 0), axis=(0, 1))", "fft.ihfft(A('float32', (4,), 0), axis=(0, 1))",
                "fft.ihfft(A('complex64', (4,), 0))", "fft.hfft(A('float32', (4,), 0), n=0)",
                "fft.hfft(A('float32', (4,), 0), norm='sideways')", "fft.hfft([1.0, 2.0])",
                "fft.ihfft([1.0, 2.0])", "fft.hfft(jnp.asarray(2.0))", "fft.ihfft(jnp.asarray(2.0))",
                "fft.hfft(A('float32', (4,), 0), axis=2)", "fft.ihfft(A('float32', (4,), 0), axis=2)",
                "fft.ifft2(A('float32', (4,), 0))", "fft.rfft2(A('float32', (4, 4), 0), axes=(0,))",
                "fft.irfft2(A('float32', (4, 4), 0), axes=(1, 1))", "fft.rfft2(A('complex64', (4, 4), 0))",
                "fft.fftn(A('float32', (4, 4), 0), s=(2, 3), axes=(0,))", "fft.ifftn(A('float32', (4, 4), 0), s=(0,))",
                "fft.rfftn(A('complex64', (4, 4), 0))", "fft.irfftn(A('float32', (4, 4), 0), axes=(0, 0))",
                "fft.fftn(A('float32', (4, 4), 0), norm='sideways')", "fft.fftn([1.0, 2.0])",
                "fft.fftn(A('float32', (4, 4), 0), axes=(2,))", "fft.fftn(jnp.asarray(2.0))",
                "fft.rfftn(jnp.asarray(2.0))", "fft.irfftn(A('complex64', (4, 1), 0))",
                "fft.fftshift(A('float32', (4,), 0), axes=1)", "fft.ifftshift(A('float32', (4,), 0), axes=(0, 1))",
                "fft.rfftfreq([4])", "fft.rfftfreq(4, [1.0])", "fft.rfftfreq(4, dtype='bool')"):
        yield bad
    # over no axes rfftn and irfftn only convert (a real rfftn of float16 stays float16; irfftn gives complex)
    for none in ("fft.rfftn(np.float16(2))", "fft.rfftn(2)", "fft.rfftn(True)", "fft.irfftn(2.0)",
                 "fft.rfftn(A('bfloat16', (2, 3), 1), axes=())", "fft.irfftn(A('float16', (2, 3), 1), axes=())",
                 "fft.rfftn(A('complex64', (2, 3), 1), axes=())", "fft.rfftn(A('float16', (2, 3), 1))",
                 "fft.fftn(A('int8', (2, 3), 1), axes=(), norm='ortho')"):
        yield none


def _fft_value_cases() -> Iterator[str]:
    for d in ("float32", "float64", "complex64", "complex128", "int32", "float16", "bool"):
        for shape, seed in (((8,), 1), ((3, 5), 2), ((2, 4, 6), 3)):
            x = f"A({d!r}, {shape}, {seed})"
            for fn in FFT_FUNCTIONS:
                if fn == "fft.fft2({})" and len(shape) < 2:
                    continue
                yield fn.format(x)
                for extra in ("norm='ortho'", "norm='forward'", "axis=0", "n=5", "n=12"):
                    if fn == "fft.fft2({})":
                        extra = {"axis=0": "axes=(0, 1)" if len(shape) == 2 else "axes=(0, 2)", "n=5": "s=(2, 3)",
                                 "n=12": "s=(4, 7)"}.get(extra, extra)
                    yield fn.format(f"{x}, {extra}")
    for n, dd in (("8", "1.0"), ("9", "0.1"), ("1", "2.0"), ("10", "jnp.asarray(0.5)")):
        for d in ("None", "'float32'", "'float64'", "'float16'", "'int32'", "'complex64'"):
            yield f"fft.fftfreq({n}, {dd}, dtype={d})"
    for bad in ("fft.fft(A('float32', (4,), 0), axis=(0, 1))", "fft.fft2(A('float32', (4,), 0))",
                "fft.fft2(A('float32', (4, 4), 0), axes=(0,))", "fft.fft(A('float32', (4,), 0), n=0)",
                "fft.fft(A('float32', (4,), 0), norm='sideways')", "fft.fftfreq([4])", "fft.fft([1.0, 2.0])",
                "fft.fft2(A('float32', (4, 4), 0), axes=(0, 0))", "fft.fft(jnp.asarray(2.0))",
                "fft.fft(A('float32', (4,), 0), axis=2)"):
        yield bad


METHOD_DTYPES = ("float32", "int8", "bool", "bfloat16")
"""The operand dtypes of the ``methods`` section's value cases (weak operands are ``jnp.full(..., 2.0)``)."""
VIEW_TARGETS = ("None", "'int32'", "'int8'", "'uint8'", "'bool'", "'float16'", "'bfloat16'", "'complex64'",
                "'float32'", "'int64'", "'float64'", "'uint4'", "int", "float")
MESSAGES = ("methods", "layout", "vectorize")
"""The sections whose errors are recorded with their message (the tests compare them where arraytyping words them
as JAX does)."""


def _methods_cases() -> Iterator[str]:
    """``jnp.compress``/``x.compress``, ``jnp.choose``/``x.choose`` and ``x.view``: strong, weak, int8, bool and
    bfloat16 operands, eagerly and under ``jit``, and the calls JAX refuses."""
    cond, cond4 = "np.array([True, False, True])", "np.array([False, True, True, False])"
    idx = "jnp.asarray(np.array([0, 1, 2, 1]))"
    for d in METHOD_DTYPES:
        x = f"A({d!r}, (3, 4), 0)"
        yield f"jnp.compress({cond}, {x}, axis=0)"
        yield f"jnp.compress({cond}, {x})"
        yield f"{x}.compress({cond4}, axis=1)"
        yield f"{x}.compress({cond}, axis=0, size=3, fill_value=1)"
        yield f"{x}.compress({cond4}, axis=-1, size=1)"
        yield f"jit(lambda c, a: a.compress(c, axis=0, size=2, fill_value=-1))({cond}, {x})"
        yield f"jit(lambda c, a: a.compress(c, axis=0))({cond}, {x})"
        yield f"jnp.choose({idx}, {x})"
        yield f"{idx}.choose({x})"
        yield f"jnp.choose(jnp.asarray(np.array([0, 4, -1, 2])), {x}, mode='wrap')"
        yield f"jnp.choose(jnp.asarray(np.array([0, 4, -1, 2], np.int8)), {x}, mode='clip')"
        yield f"jit(lambda i, c: i.choose(c, mode='clip'))({idx}, {x})"
        yield f"jit(lambda i, c: i.choose(c))({idx}, {x})"
        for t in VIEW_TARGETS:
            yield f"A({d!r}, (2, 8), 1).view({t})"
        yield f"jit(lambda a: a.view('uint8'))(A({d!r}, (2, 4), 2))"
        yield f"jit(lambda a: a.view('float32'))(A({d!r}, (2, 8), 2))"
    w = "jnp.full((3, 4), 2.0)"
    yield f"jnp.compress({cond}, {w}, axis=0)"
    yield f"{w}.compress({cond4}, axis=1)"
    yield f"{w}.compress({cond}, axis=0, size=2)"
    yield f"jit(lambda a: a.compress({cond}, size=2))({w})"
    yield f"jnp.compress(np.array([True]), 3.0)"
    yield f"jnp.compress(A('int8', (3,), 3), A('float32', (3,), 0))"
    yield f"jnp.compress(A('float32', (3,), 3), A('float32', (3, 2), 0), axis=0)"
    yield f"jnp.compress(np.array([1, 0, 1, 0, 0]), A('float32', (3,), 0))"
    yield f"jnp.compress(A('int8', (4,), 0), A('int8', (4,), 1), size=4, fill_value=1000)"
    yield f"jnp.compress(np.array([True, False]), A('float32', (2, 2), 0), axis=1, size=2, fill_value=2.5)"
    for bad in (f"jnp.compress(np.array([1, 0, 1, 1]), A('float32', (3,), 0))",
                f"jnp.compress(np.ones((2, 2), bool), A('float32', (3,), 0))", f"jnp.compress(True, {w})",
                f"jnp.compress([True, False], {w})", f"jnp.compress({cond}, [1, 2, 3])",
                f"jnp.compress({cond}, {w}, out={w})", f"jnp.compress({cond}, {w}, axis=0, size=4)",
                f"jnp.compress({cond}, {w}, axis=0, size=-1)", f"jnp.compress({cond}, {w}, axis=2)",
                f"jnp.compress({cond}, {w}, size=2, fill_value=[1, 2])"):
        yield bad
    for choices in ("[1, 2.5, 3]", "[1, 2, 3]", "(A('int8', (4,), 0), 2, A('float16', (4,), 1))",
                    "(A('int8', (4,), 0), 2.5, 3)", "(A('int8', (4,), 0), 2, 3)", "[True, False, True]",
                    "[A('bool', (4,), 0), 2, 3]", "[jnp.asarray(1.0), jnp.asarray(2.0), 3.0]", w,
                    "[A('uint32', (4,), 0), A('int32', (4,), 1), 0]", "[1j, A('float16', (4,), 1), 0]",
                    "[np.float64(1), np.int8(2), np.int8(3)]", "np.ones((3, 4), np.int64)",
                    "[A('bfloat16', (4,), 0), 2.0, 1]"):
        yield f"jnp.choose({idx}, {choices})"
    yield "jnp.choose(jnp.asarray(np.array([[0], [1]])), [jnp.arange(3), jnp.arange(3) * 10])"
    yield "jnp.choose(1, A('float32', (3, 4), 0))"
    yield "jnp.choose(jnp.asarray(1), A('float32', (3,), 0))"
    yield "jnp.choose(jnp.asarray(np.array([0, 1], np.uint8)), A('float32', (3, 2), 0))"
    yield "jit(lambda i: jnp.choose(i, [A('float32', (4,), 0), 2.0, 1], mode='wrap'))(jnp.asarray(np.array([5, -1, 0, 1])))"
    for bad in (f"jnp.choose(jnp.asarray(np.array([0, 3])), {w}[:, :2])",
                f"jnp.choose(jnp.asarray(np.array([0, -1])), {w}[:, :2])", f"jnp.choose({idx}, {w}, mode='foo')",
                f"jnp.choose(jnp.asarray(np.array([0.0, 1.0])), {w}[:2, :2])",
                f"jnp.choose(jnp.asarray(np.array([True, False])), {w}[:2, :2])", f"jnp.choose(1.0, {w})",
                f"jnp.choose({idx}, {w}, out={w})", f"jit(lambda i, c: jnp.choose(i, c))({idx}, {w})",
                "jnp.choose(jnp.asarray(np.array([0, 1])), [jnp.arange(3), jnp.arange(3)])",
                "jnp.choose(jnp.asarray(np.array([0, 1])), [])", "jnp.choose([0, 1], A('float32', (3, 2), 0))",
                f"jnp.choose({idx}, [[1, 2, 3, 4], [5, 6, 7, 8]])", f"jnp.choose({idx}, jnp.asarray(3.0))"):
        yield bad
    for t in ("None", "'float32'", "'int32'", "'int8'", "'complex64'", "'bool'", "float", "int"):
        yield f"jnp.full((4,), 2.0).view({t})"
        yield f"jit(lambda a: a.view({t}))(jnp.full((4,), 2.0))"
    for src in ("complex64", "float16", "uint8", "int32", "uint4", "complex128", "int16"):
        for t in ("'float32'", "'int8'", "'complex64'", "'bool'", "'uint4'", "'float16'", "'complex128'"):
            yield f"A({src!r}, (2, 8), 3).view({t})"
        yield f"jit(lambda a: a.view('int16'))(A({src!r}, (4,), 3))"
    yield "A('float32', (), 0).view('int32')"
    yield "jnp.asarray(1.0).view('int32')"
    yield "jnp.asarray(1.0).view()"
    yield "jnp.asarray(3).view('uint32')"
    yield "grad(lambda x: x.view('float32').sum())(A('float32', (4,), 0))"
    yield "grad(lambda x: x.view('int32').astype('float32').sum())(A('float32', (4,), 0))"
    yield "grad(lambda x: x.view('float32').sum())(A('float16', (4,), 0))"
    yield "vmap(lambda x: x.view('int8'))(A('float32', (2, 3), 0))"
    yield "vmap(lambda x: x.view('int16'), in_axes=1)(A('int8', (4, 3), 0))"
    yield "vmap(lambda x: x.view('complex64'))(A('float32', (3, 4), 0))"
    for bad in ("A('float32', (4,), 0).view('int32', type=np.ndarray)", "A('float32', (4,), 0).view('foo')",
                "A('float32', (4,), 0).view(object)", "A('int8', (3,), 0).view('int16')",
                "A('float32', (), 0).view('int16')", "A('float16', (3,), 0).view('float32')",
                "A('float32', (3,), 0).view('complex64')", "A('float32', (4,), 0).view('float6_e2m3fn')",
                "jit(lambda a: a.view('int16'))(A('int8', (3,), 0))"):
        yield bad


LAYOUT_OPERANDS = ("A('float32', {}, 0)", "A('int8', {}, 1)", "A('bool', {}, 2)", "A('bfloat16', {}, 3)",
                   "jnp.full({}, 2.0)", "jnp.full({}, 3)")
"""The ``layout`` section's operands (a format of the shape): strong float32, int8, bool, bfloat16, and weakly typed
float and int arrays."""


def _layout_cases() -> Iterator[str]:
    """``fliplr``, ``flipud``, ``permute_dims``, ``matrix_transpose``, ``rollaxis``, ``concat``, ``unstack``,
    ``hsplit``, ``vsplit``, ``dsplit``, ``dstack`` (and ``concatenate``/``stack`` of one array): every operand of
    :data:`LAYOUT_OPERANDS` and each pair for the joining ones, eagerly, under ``jit``, ``grad`` and ``vmap``, and
    what JAX refuses."""
    for op in LAYOUT_OPERANDS:
        x3, x2, x1 = op.format("(2, 3, 4)"), op.format("(4, 3)"), op.format("(4,)")
        yield f"jnp.fliplr({x3})"
        yield f"jnp.flipud({x1})"
        yield f"jnp.permute_dims({x3}, (2, 0, 1))"
        yield f"jnp.permute_dims({x2}, (-1, 0))"
        yield f"jnp.matrix_transpose({x3})"
        yield f"jnp.rollaxis({x3}, 2)"
        yield f"jnp.rollaxis({x3}, 0, 3)"
        yield f"jnp.rollaxis({x3}, -1, -3)"
        yield f"jnp.concat([{x3}, {x3}], axis=1)"
        yield f"jnp.concat(({x2}, {x2}), axis=None)"
        yield f"jnp.concat([{x2}])"
        yield f"jnp.unstack({x3}, axis=1)"
        yield f"jnp.unstack({x2})"
        yield f"jnp.hsplit({x3}, 3)"
        yield f"jnp.hsplit({x1}, [1, 3])"
        yield f"jnp.vsplit({x2}, 2)"
        yield f"jnp.dsplit({x3}, [1])"
        yield f"jnp.dstack([{x1}, {x1}])"
        yield f"jnp.dstack({x2})"
        yield f"jnp.dstack([{x2}, {x2}], dtype='float16')"
        yield f"jnp.concatenate({x3}, axis=1)"
        yield f"jnp.stack({x2}, axis=-1)"
        yield f"jit(lambda a: (jnp.fliplr(a), jnp.matrix_transpose(a), jnp.rollaxis(a, 1)))({x3})"
        yield f"jit(lambda a: jnp.unstack(a, axis=-1))({x2})"
        yield f"jit(lambda a: jnp.dstack([a, a]))({x1})"
        yield f"jit(lambda a: jnp.hsplit(a, 2))({x3})"
        yield f"vmap(lambda a: jnp.unstack(a))({x3})"
        yield f"vmap(jnp.fliplr, in_axes=2)({x3})"
        yield f"vmap(lambda a: jnp.dstack([a, a]), in_axes=1)({x2})"
        yield f"vmap(lambda a: jnp.permute_dims(a, (1, 0)))({x3})"
        for other in LAYOUT_OPERANDS:
            y2 = other.format("(4, 3)")
            yield f"jnp.concat([{x2}, {y2}], axis=-1)"
            yield f"jnp.dstack(({x2}, {y2}))"
    f3 = "A('float32', (2, 3, 4), 0)"
    yield f"grad(lambda a: jnp.unstack(a, axis=1)[0].sum())({f3})"
    yield f"grad(lambda a: (jnp.dstack([a, 2 * a]) ** 2).sum())(A('float32', (4,), 0))"
    yield f"grad(lambda a: (jnp.fliplr(a) * jnp.arange(4.0)).sum())({f3})"
    yield f"grad(lambda a: sum(jnp.hsplit(a, 3)).sum())({f3})"
    yield f"grad(lambda a: jnp.stack(a, axis=1)[0].sum())({f3})"
    yield "jnp.dstack([1.0, 2.0])"
    yield "jnp.dstack([1, 2.5, True])"
    yield "jnp.dstack((A('float32', (2,), 0), 3))"
    yield "jnp.concat([A('float32', (2,), 0), A('float32', (3,), 1)])"
    yield "jnp.unstack(A('float32', (0, 3), 0))"
    yield "jnp.hsplit(A('float32', (4, 6), 0), [2, 5])"
    yield "jnp.vsplit(A('float32', (4,), 0), 2)"
    yield "jnp.dstack(np.ones((2, 3), np.int16))"
    yield "jnp.fliplr(np.ones((2, 3), np.float64))"
    yield "jnp.permute_dims(2.0, ())"
    yield "jnp.matrix_transpose(np.ones((2, 1, 3), np.int32))"
    for bad in ("jnp.permute_dims(A('float32', (2, 3), 0), (0, 0))", "jnp.permute_dims(A('float32', (2, 3), 0), (0,))",
                "jnp.permute_dims(A('float32', (2, 3), 0), (0, 2))", "jnp.matrix_transpose(A('float32', (3,), 0))",
                "jnp.rollaxis(A('float32', (2, 3), 0), 2)", "jnp.rollaxis(A('float32', (2, 3), 0), 0, 3)",
                "jnp.fliplr(A('float32', (3,), 0))", "jnp.flipud(3.0)", "jnp.dsplit(A('float32', (2, 3), 0), 2)",
                "jnp.hsplit(3.0, 1)", "jnp.unstack(3.0)", "jnp.unstack(A('float32', (2, 3), 0), axis=2)",
                "jnp.hsplit(A('float32', (2, 3), 0), 2)", "jnp.vsplit(A('float32', (3, 2), 0), 0)",
                "jnp.concat([1.0, 2.0])", "jnp.concat([A('float32', (2,), 0), A('float32', (2, 1), 1)])",
                "jnp.concat([])", "jnp.dstack([])", "jnp.fliplr([[1, 2]])", "jnp.concat([[1, 2], [3]])",
                "jnp.unstack([1, 2])", "jnp.dstack([[1, 2], [3, 4]])", "jnp.hsplit([1, 2], 2)",
                "jnp.permute_dims([[1, 2]], (1, 0))", "jnp.concatenate(A('float32', (3,), 0))",
                "jnp.concatenate(A('float32', (0, 3), 0))", "jnp.stack(A('float32', (0, 3), 0))",
                "jnp.concatenate(A('float32', (2, 3), 0), axis=1)"):
        yield bad


def _vectorize_cases() -> Iterator[str]:
    """``jnp.vectorize``: elementwise and with gufunc signatures (core dimensions, several outputs), broadcasting
    leading dimensions (and size-1 ones restored), ``excluded`` positions and keywords, ``None`` arguments, under
    ``jit``, ``grad`` and ``vmap``, and what JAX refuses (with its messages)."""
    f34, f4, f234 = "A('float32', (3, 4), 0)", "A('float32', (4,), 1)", "A('float32', (2, 3, 4), 2)"
    dot = "jnp.vectorize(jnp.dot, signature='(n),(n)->()')"
    mm = "jnp.vectorize(jnp.matmul, signature='(m,n),(n,k)->(m,k)')"
    yield f"{dot}({f34}, {f4})"
    yield f"{dot}({f234}, {f34})"
    yield f"{dot}(A('float32', (2, 1, 4), 3), A('float32', (1, 3, 4), 4))"
    yield f"{mm}({f234}, A('float32', (4, 2), 5))"
    yield f"{mm}(A('float32', (1, 3, 4), 6), A('float32', (5, 4, 2), 7))"
    yield f"jnp.vectorize(lambda a, b: a * b + 1)(A('float32', (2, 1), 8), A('int8', (3,), 9))"
    yield f"jnp.vectorize(lambda a: a.sum(), signature='(n)->()')({f234})"
    yield f"jnp.vectorize(lambda a: jnp.stack([a.min(), a.max()]), signature='(n)->(k)')({f234})"
    yield f"jnp.vectorize(lambda a: (a.min(), a.max()), signature='(n)->(),()')(A('float32', (2, 5), 10))"
    yield f"jnp.vectorize(lambda a, p: a ** p, excluded={{1}})({f34}, 2)"
    yield f"jnp.vectorize(lambda a, p=1: a * p, excluded={{'p'}})({f34}, p=3)"
    yield f"jnp.vectorize(lambda a, p=1: a * p)({f34}, p=3)"
    yield f"jnp.vectorize(lambda a, b: a if b is None else a + b)({f34}, None)"
    yield f"jnp.vectorize(lambda a: a + 1)(2.0)"
    yield f"jnp.vectorize(lambda a: a + 1)(np.ones((2, 3), np.int16))"
    yield f"jnp.vectorize(lambda a: a * 2, signature='()->()')(A('float32', (1, 3, 1), 11))"
    yield f"jit({dot})({f234}, {f4})"
    yield f"jit(lambda a, b: {mm}(a, b))({f234}, A('float32', (4, 2), 5))"
    yield f"grad(lambda a: {dot}(a, a).sum())({f34})"
    yield f"grad(lambda a: jnp.vectorize(jnp.sin)(a).sum())({f4})"
    yield f"vmap({dot})({f234}, {f234})"
    yield f"vmap(lambda a: jnp.vectorize(lambda x: x * 2.0)(a), in_axes=1)({f34})"
    for bad in (f"jnp.vectorize(jnp.dot, signature='n->()')({f4}, {f4})",
                f"jnp.vectorize(jnp.dot, signature='(n),(n)->()')({f4}, A('float32', (3,), 1))",
                f"jnp.vectorize(jnp.dot, signature='(n),(n)->()')({f4})",
                f"jnp.vectorize(jnp.dot, signature='(n,m),(m)->()')({f4}, {f4})",
                f"jnp.vectorize(lambda a: a, signature='(n)->()')({f4})",
                f"jnp.vectorize(lambda a: a, signature='(n)->(n),(n)')({f4})",
                f"jnp.vectorize(lambda a: (a, a), signature='(n)->(n)')({f4})",
                f"jnp.vectorize(lambda a, b: a, signature='(n),()->(n)')({f4}, None)",
                f"jnp.vectorize(lambda a, b: a + b)(None, {f4})",
                f"jnp.vectorize(lambda a, b: a + b)({f34}, A('float32', (2, 4), 1))",
                f"jnp.vectorize(lambda a: a, excluded={{-1}})({f4})",
                f"jnp.vectorize(lambda a: a, excluded={{1.5}})({f4})"):
        yield bad


def cases(section: str) -> list[tuple[str, str]]:
    """Every ``(configuration key, expression)`` of a section, in a fixed order."""
    if section == "random":
        exprs = list(dict.fromkeys(_random_cases()))
        return [(c, e) for c in X32_X64 for e in exprs]
    if section == "random_dists":
        exprs = list(dict.fromkeys(_random_dists_cases()))
        return [(c, e) for c in X32_X64 for e in exprs]
    if section == "nn":
        abstract = list(dict.fromkeys(_nn_abstract_cases()))
        values = list(dict.fromkeys(_nn_value_cases()))
        return [(c, e) for c in ALL_CONFIGS for e in abstract] + [(c, e) for c in X32_X64 for e in values]
    if section == "lax":
        abstract = list(dict.fromkeys(_lax_abstract_cases()))
        values = list(dict.fromkeys([*_lax_value_cases(), *_lax_operation_cases()]))
        return [(c, e) for c in X32_X64 for e in abstract + values]
    if section == "layout":
        exprs = list(dict.fromkeys(_layout_cases()))
        return [(c, e) for c in ALL_CONFIGS for e in exprs]
    if section == "vectorize":
        exprs = list(dict.fromkeys(_vectorize_cases()))
        return [(c, e) for c in X32_X64 for e in exprs]
    if section == "methods":
        exprs = list(dict.fromkeys(_methods_cases()))
        return [(c, e) for c in ALL_CONFIGS for e in exprs]
    if section == "fft":
        abstract = list(dict.fromkeys(_fft_abstract_cases()))
        values = list(dict.fromkeys([*_fft_value_cases(), *_fft_more_value_cases()]))
        return [(c, e) for c in ALL_CONFIGS for e in abstract] + [(c, e) for c in X32_X64 for e in values]
    raise ValueError(section)


# ---------------------------------------------------------------------------------------------------------------
# Recording (inside the jax venv)


def encode(out: Any) -> Any:
    """A JSON form of a result: arrays as ``{dtype, weak, shape, hex}``, typed keys as ``{key, shape}``, tuples and
    lists as ``{tuple: [...]}``."""
    import jax
    import numpy as np

    if isinstance(out, (tuple, list)):
        return {"tuple": [encode(o) for o in out]}
    if isinstance(out, jax.Array) and jax.dtypes.issubdtype(out.dtype, jax.dtypes.prng_key):
        return {"key": np.asarray(jax.random.key_data(out)).tobytes().hex(), "shape": list(out.shape)}
    if isinstance(out, jax.ShapeDtypeStruct):
        return {"dtype": np.dtype(out.dtype).name, "weak": bool(out.weak_type), "shape": list(out.shape)}
    if isinstance(out, jax.Array):
        host_value = np.asarray(out)
        return {"dtype": np.dtype(out.dtype).name, "weak": bool(out.weak_type), "shape": list(out.shape),
                "hex": host_value.tobytes().hex()}
    raise TypeError(f"cannot encode {type(out)}")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    jax.config.update("jax_platforms", "cpu")
    names: dict[str, Any] = {"random": jax.random, "nn": jax.nn, "lax": jax.lax, "jnp": jnp,
                             "linalg": jnp.linalg, "fft": jnp.fft, "np": np, "jit": jax.jit, "grad": jax.grad,
                             "vmap": jax.vmap}

    def run(expr: str, messages: bool = False) -> Any:
        names["A"] = lambda dtype, shape, seed: jnp.asarray(host(dtype, tuple(shape), seed))
        names["S"] = lambda dtype, shape, weak=False: jax.ShapeDtypeStruct(
            shape, np.dtype(ref.sctype(dtype)), weak_type=weak)
        names["eval_shape"] = jax.eval_shape
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                out = eval(expr, dict(names))  # noqa: S307 - our own case list
                return encode(out)
            except Exception as e:  # noqa: BLE001 - recorded by class
                if messages:
                    return {"error": type(e).__name__, "message": str(e).split("\n")[0]}
                return {"error": type(e).__name__}

    by_config = {k: (mode, x64) for k, (mode, x64) in zip(ALL_CONFIGS, [("standard", False), ("standard", True),
                                                                     ("strict", False), ("strict", True)])}
    only = os.environ.get("JAXREF_ONLY", ",".join(SECTIONS)).split(",")
    for section in only:
        results: dict[str, dict[str, Any]] = {}
        all_cases = cases(section)
        for config_key, group in itertools.groupby(all_cases, key=lambda c: c[0]):
            mode, x64 = by_config[config_key]
            jax.config.update("jax_numpy_dtype_promotion", mode)
            jax.config.update("jax_enable_x64", x64)
            print(section, config_key, file=sys.stderr)
            results.setdefault(config_key, {}).update({expr: run(expr, section in MESSAGES)
                                                      for _, expr in group})
        out = {"generator": "tools/jax_api_ext_reference.py", "versions": {"jax": jax.__version__},
               "cases": results}
        out_path(section).write_text(json.dumps(out, indent=0, sort_keys=True) + "\n")
        print(f"wrote {out_path(section)} ({len(all_cases)} cases)", file=sys.stderr)


_: Callable[..., Any] = host

if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
