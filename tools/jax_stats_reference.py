"""Write JAX 0.10.2's results for the ``jax.scipy.stats`` distributions (every module but ``norm``, which
``tools/jax_scipy_reference.py`` covers) to ``tests/data/jax_stats_reference.json``: values on seeded inputs, their
dtypes, weak flags and shapes, in two configurations (x64 off and on), gradients, and the error class where JAX
refuses.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/jax_stats_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``st``: its ``scipy.stats``; ``at``:
the top-level module with ``grad``; ``jnp``: its numpy), so ``tests/runtime/test_scipy_stats.py`` runs the very same
expressions on the runtime. Each function of :data:`SIGNATURES` is called with float32 arrays (some of rank 2
against rank 1 parameters: broadcasting), float64 arrays (float32 with x64 off), Python scalars (weak results),
integer arrays, a float32 array against Python parameters, its leading argument alone where the rest have defaults,
points outside the support (NaN, infinities, out-of-range probabilities), differentiated (``grad`` of the sum in
every float argument), and given a list or a string (JAX's ``TypeError``). Values are kept at full precision: the
runtime computes with the same operations in the same order, so its values are held bitwise-close.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_stats_reference.json"

PRELUDE = '''
rng = np.random.default_rng(0)
X = np.array([-1.5, -0.2, 0.3, 1.0, 2.5], np.float32)
X2 = np.stack([X, X[::-1] * 1.5]).astype(np.float32)
POS = rng.uniform(0.5, 3.0, 5).astype(np.float32)
PROB = rng.uniform(0.1, 0.9, 5).astype(np.float32)
Q = np.array([0.0, 0.1, 0.5, 0.9, 1.0], np.float32)
K = np.array([0.0, 1.0, 2.0, 3.0, 7.0], np.float32)
N = np.array([5.0, 5.0, 10.0, 3.0, 8.0], np.float32)
LOC = np.array([0.0, 0.1, -0.2, 0.3, 0.0], np.float32)
BAD_X = np.array([np.nan, np.inf, -np.inf, -7.0, 1e6], np.float32)
BAD_Q = np.array([np.nan, -0.1, 1.2, 0.0, 1.0], np.float32)
BAD_P = np.array([np.nan, -0.1, 1.2, 0.0, 1.0], np.float32)
BAD_POS = np.array([np.nan, -1.0, 0.0, np.inf, 2.0], np.float32)
ALPHA = np.array([1.0, 2.5, 3.0], np.float32)
SIMPLEX = rng.dirichlet([1.0, 2.0, 3.0], 4).T.astype(np.float32)
COUNTS = np.array([[1, 2, 1], [0, 4, 0]], np.int32)
PVEC = np.array([0.2, 0.5, 0.3], np.float32)
MVX = rng.standard_normal((4, 3)).astype(np.float32)
MEAN = np.array([0.1, -0.2, 0.3], np.float32)
_M = rng.standard_normal((3, 3))
COV = (_M @ _M.T + np.eye(3)).astype(np.float32)
TIES = np.array([3, 1, 4, 1, 5, 9, 2, 6], np.int32)
MU = np.array([0.0, 0.5, 3.0, 9.5, 10.0, 42.0, 99.0, 150.0], np.float32)
'''

SIGNATURES: dict[str, dict[str, tuple[str, ...]]] = {
    "bernoulli": {"logpmf": ("k", "p", "loc"), "pmf": ("k", "p", "loc"), "cdf": ("k", "p"), "ppf": ("q", "p")},
    "beta": {f: ("y", "a", "b", "loc", "scale") for f in ("cdf", "logcdf", "logpdf", "logsf", "pdf", "sf")},
    "betabinom": {f: ("k", "n", "a", "b", "loc") for f in ("logpmf", "pmf")},
    "binom": {"logpmf": ("k", "n", "p", "loc"), "pmf": ("k", "n", "p", "loc")},
    **{d: {f: ("q" if f in ("ppf", "isf") else "x", "loc", "scale") for f in fs} for d, fs in {
        "cauchy": ("cdf", "isf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"),
        "expon": ("cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"),
        "gumbel_l": ("cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"),
        "gumbel_r": ("cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf"),
        "laplace": ("cdf", "logpdf", "pdf"),
        "logistic": ("cdf", "isf", "logpdf", "pdf", "ppf", "sf"),
        "uniform": ("cdf", "logpdf", "pdf", "ppf")}.items()},
    "truncnorm": {f: ("x", "lo", "hi", "loc", "scale") for f in ("cdf", "logcdf", "logpdf", "logsf", "pdf", "sf")},
    "chi2": {f: ("x", "df", "loc", "scale") for f in ("cdf", "logcdf", "logpdf", "logsf", "pdf", "sf")},
    "gamma": {f: ("x", "a", "loc", "scale") for f in ("cdf", "logcdf", "logpdf", "logsf", "pdf", "sf")},
    "gennorm": {f: ("x", "beta") for f in ("cdf", "logpdf", "pdf")},
    "geom": {f: ("k", "p", "loc") for f in ("logpmf", "pmf")},
    "nbinom": {f: ("k", "n", "p", "loc") for f in ("logpmf", "pmf")},
    "pareto": {f: ("q" if f == "ppf" else "x", "b", "loc", "scale")
               for f in ("cdf", "logcdf", "logpdf", "logsf", "pdf", "ppf", "sf")},
    "poisson": {f: ("k", "mu", "loc") for f in ("cdf", "logpmf", "pmf")},
    "t": {f: ("x", "df", "loc", "scale") for f in ("logpdf", "pdf")},
    "vonmises": {f: ("x", "kappa") for f in ("logpdf", "pdf")},
    "wrapcauchy": {f: ("x", "c") for f in ("logpdf", "pdf")},
}
"""Module -> function -> the kinds of its parameters (their names in JAX's signature but for ``q``, a probability,
``n``, a count, ``y``, a value in [0, 1] (``beta``'s ``x``), and ``truncnorm``'s ``a`` and ``b``, ``lo`` and ``hi``): what :data:`ARRAYS` and :data:`SCALARS`
give each."""

_POSITIVE = ("scale", "df", "a", "b", "beta", "mu", "kappa")
ARRAYS: dict[str, str] = {"y": "Q", "lo": "(-POS)", "hi": "POS[::-1]", "x": "X", "q": "Q", "k": "K", "n": "N", "p": "PROB",
                          "c": "PROB", "loc": "LOC", **{kind: "POS" for kind in _POSITIVE}}
"""Parameter kind -> its seeded float32 array (of :data:`PRELUDE`)."""

SCALARS: dict[str, str] = {"y": "0.3", "lo": "-1.0", "hi": "2.0", "x": "0.7", "q": "0.3", "k": "2.0", "n": "6.0", "p": "0.35",
                           "c": "0.35", "loc": "0.25", **{kind: "1.75" for kind in _POSITIVE}}
BAD: dict[str, str] = {"y": "BAD_X", "lo": "BAD_X", "hi": "BAD_X[::-1]", "x": "BAD_X", "k": "BAD_X", "q": "BAD_Q", "p": "BAD_P",
                       "c": "BAD_P", "n": "BAD_POS", "loc": "LOC", **{kind: "BAD_POS" for kind in _POSITIVE}}
INTS: dict[str, str] = {"x": "np.array([-2, 0, 1, 3, 5], np.int32)", "k": "np.array([0, 1, 2, 3, 7], np.int32)",
                        "n": "np.array([5, 5, 10, 3, 8], np.int32)", "loc": "np.int32(0)",
                        **{kind: "np.array([1, 2, 3, 1, 2], np.int32)" for kind in _POSITIVE}}
INT_SCALARS: dict[str, str] = {"lo": "-1", "hi": "2", "x": "1", "k": "2", "n": "6", "loc": "0",
                               **{kind: "2" for kind in _POSITIVE}}
"""Integer operands (arrays, Python ints) where a parameter kind has whole values (``q``, ``p`` and ``c`` stay
float)."""


def _call(module: str, fn: str, args: list[str]) -> str:
    return f"st.{module}.{fn}({', '.join(args)})"


def _cases() -> dict[str, str]:
    out: dict[str, str] = {}
    for module, functions in SIGNATURES.items():
        for fn, kinds in functions.items():
            name = f"{module}.{fn}"
            arrays = [ARRAYS[k] for k in kinds]
            out[f"{name}:f32"] = _call(module, fn, arrays)
            out[f"{name}:f64"] = _call(module, fn, [f"{a}.astype(np.float64)" for a in arrays])
            out[f"{name}:weak"] = _call(module, fn, [SCALARS[k] for k in kinds])
            out[f"{name}:mixed"] = _call(module, fn, [arrays[0], *(SCALARS[k] for k in kinds[1:])])
            out[f"{name}:rank2"] = _call(module, fn, [f"{arrays[0]}[None] * np.ones((2, 1), np.float32)",
                                                      *arrays[1:]])
            out[f"{name}:ints"] = _call(module, fn, [INTS.get(k, ARRAYS[k]) for k in kinds])
            out[f"{name}:int_scalars"] = _call(module, fn, [INT_SCALARS.get(k, SCALARS[k]) for k in kinds])
            out[f"{name}:bad"] = _call(module, fn, [BAD[k] for k in kinds])
            out[f"{name}:bad_params"] = _call(module, fn, [arrays[0], *(BAD[k] for k in kinds[1:])])
            required = [k for k in kinds if k not in ("loc", "scale")]
            if len(required) < len(kinds):
                out[f"{name}:defaults"] = _call(module, fn, [ARRAYS[k] for k in required])
            out[f"{name}:grad"] = (f"at.grad(lambda *a: {_call(module, fn, ['*a'])}.sum(), "
                                   f"argnums={tuple(range(len(kinds)))})({', '.join(arrays)})")
            out[f"{name}:list"] = _call(module, fn, ["[0.5, 1.0]", *arrays[1:]])
            out[f"{name}:str"] = _call(module, fn, [*arrays[:-1], "'a'"])
    return out


EXTRA: dict[str, str] = {
    **{f"dirichlet.{fn}:{kind}": f"st.dirichlet.{fn}({args})" for fn in ("logpdf", "pdf") for kind, args in {
        "f32": "SIMPLEX, ALPHA", "rank1": "SIMPLEX[:, 0], ALPHA", "fewer": "SIMPLEX[:2], ALPHA",
        "f64": "SIMPLEX.astype(np.float64), ALPHA.astype(np.float64)", "off_simplex": "SIMPLEX * 2, ALPHA",
        "int_alpha": "SIMPLEX, np.array([1, 2, 3], np.int32)", "alpha_rank2": "SIMPLEX, ALPHA[None]",
        "bad_length": "SIMPLEX[:1], ALPHA", "scalar_x": "0.5, ALPHA", "list": "[0.2, 0.3, 0.5], ALPHA"}.items()},
    "dirichlet.logpdf:grad": "at.grad(lambda x, a: st.dirichlet.logpdf(x, a).sum(), argnums=(0, 1))(SIMPLEX, ALPHA)",
    **{f"multinomial.{fn}:{kind}": f"st.multinomial.{fn}({args})" for fn in ("logpmf", "pmf") for kind, args in {
        "f32": "COUNTS[0], 4, PVEC", "rank2": "COUNTS, 4, PVEC", "n_array": "COUNTS[0], np.int32(4), PVEC",
        "wrong_n": "COUNTS[0], 5, PVEC", "f64": "COUNTS[0], 4, PVEC.astype(np.float64)",
        "weak_p": "COUNTS[0], 4, 0.25", "int64": "COUNTS[0].astype(np.int64), 4, PVEC",
        "bool_x": "np.array([True, False, True]), 2, PVEC",
        "float_x": "COUNTS[0].astype(np.float32), 4, PVEC", "float_n": "COUNTS[0], 4.0, PVEC",
        "list_x": "[1, 2, 1], 4, PVEC", "str_p": "COUNTS[0], 4, 'a'"}.items()},
    "multinomial.logpmf:grad": "at.grad(lambda p: st.multinomial.logpmf(COUNTS[0], 4, p))(PVEC)",
    **{f"multivariate_normal.{fn}:{kind}": f"st.multivariate_normal.{fn}({args})" for fn in ("logpdf", "pdf")
       for kind, args in {
        "f32": "MVX, MEAN, COV", "rank1": "MVX[0], MEAN, COV", "scalar_cov": "MVX, MEAN, 2.0",
        "scalar_mean": "X, 0.5, 2.0", "f64": "MVX.astype(np.float64), MEAN, COV",
        "int_x": "np.array([[1, 0, 2]], np.int32), MEAN, COV", "weak": "0.3, 0.1, 1.5",
        "batch_cov": "MVX[:2], MEAN, np.stack([COV, 2 * COV])", "bad_shape": "MVX, MEAN, COV[:2, :2]",
        "list": "[0.1, 0.2, 0.3], MEAN, COV", "str": "MVX, MEAN, 'a'"}.items()},
    "multivariate_normal.logpdf:singular": "st.multivariate_normal.logpdf(MVX, MEAN, COV, allow_singular=True)",
    "multivariate_normal.logpdf:grad": ("at.grad(lambda x, m, c: st.multivariate_normal.logpdf(x, m, c).sum(), "
                                        "argnums=(0, 1, 2))(MVX, MEAN, COV)"),
    **{f"poisson.entropy:{kind}": f"st.poisson.entropy({args})" for kind, args in {
        "f32": "MU", "scalar": "5.0", "int": "np.array([1, 10, 100], np.int32)", "loc": "MU, LOC[:, None]",
        "f64": "MU.astype(np.float64)", "rank2": "MU.reshape(2, 4)", "int_scalar": "3",
        "list": "[1.0, 2.0]", "str": "'a'"}.items()},
    **{f"sem:{kind}": f"st.sem({args})" for kind, args in {
        "f32": "X2", "axis1": "X2, axis=1", "all": "X2, axis=None", "ddof": "X2, ddof=0, keepdims=True",
        "int": "COUNTS", "f64": "X2.astype(np.float64)", "omit": "BAD_X[None], axis=1, nan_policy='omit'",
        "propagate_nan": "BAD_X", "bad_policy": "X2, nan_policy='raise'", "weak": "jnp.asarray([1.0, 2.0, 4.0])",
        "list": "[1.0, 2.0, 4.0]", "str": "'a'"}.items()},
    "sem:grad": "at.grad(lambda x: st.sem(x).sum())(X2)",
    **{f"rankdata:{kind}": f"st.rankdata({args})" for kind, args in {
        **{method: f"TIES, '{method}'" for method in ("average", "min", "max", "dense", "ordinal")},
        "default": "TIES", "axis": "TIES.reshape(2, 4), axis=1", "axis_min": "TIES.reshape(2, 4), 'min', axis=0",
        "float": "X2", "nan": "BAD_X", "f64": "X2.astype(np.float64)", "bool": "np.array([True, False, True])",
        "bad_method": "TIES, 'mean'", "omit": "TIES, nan_policy='omit'", "bad_policy": "TIES, nan_policy='x'",
        "scalar": "3.0", "list": "[3, 1, 2]", "str": "'a'"}.items()},
    **{f"mode:{kind}": f"st.mode({args})" for kind, args in {
        "f32": "X2.round()", "int": "TIES", "axis1": "TIES.reshape(2, 4), axis=1",
        "axis_none": "TIES.reshape(2, 4), None", "keepdims": "TIES.reshape(2, 4), 1, keepdims=True",
        "keepdims_none": "TIES.reshape(2, 4), None, keepdims=True", "neg_axis": "TIES.reshape(2, 4), -1",
        "nan": "BAD_X", "f64": "X2.astype(np.float64).round()", "bool": "np.array([True, False, True])",
        "empty": "np.zeros((0, 3), np.float32)", "empty_int": "np.zeros((3, 0), np.int32), 1",
        "scalar": "3.0", "weak": "jnp.asarray([1.0, 2.0, 2.0])", "rank3": "COUNTS.reshape(1, -1, 1), 1",
        "bad_axis": "TIES, 1", "omit": "TIES, nan_policy='omit'", "raise": "TIES, nan_policy='raise'",
        "bad_policy": "TIES, nan_policy='x'", "list": "[3, 1, 2]", "str": "'a'"}.items()},
    "mode:jit": "at.jit(st.mode, static_argnames='axis')(TIES.reshape(2, 4), axis=1)",
    "mode:vmap": "at.vmap(st.mode)(TIES.reshape(2, 4))",
    "mode:fields": "(lambda r: (r.mode, r.count, type(r).__name__, r._fields))(st.mode(TIES))",
}
"""The distributions of vectors, by hand: ``dirichlet`` (the simplex along the first axis) and ``multinomial``
(integer counts along the last)."""

CASES: dict[str, str] = {**_cases(), **EXTRA}
"""Name (``module.function:kind``) -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def record(r: Any) -> list[Any]:
    """An array leaf: its dtype, weak flag, shape and values at full precision (NaN and infinities as strings)."""
    a = np.asarray(r)

    def value(v: Any) -> Any:
        return v if isinstance(v, (bool, int)) or np.isfinite(v) else str(v)

    flat = [value(v) for v in a.ravel().tolist()]
    return [str(a.dtype), bool(getattr(r, "weak_type", False)), list(a.shape), flat]


SAMPLED_PREFIXES: tuple[str, ...] = ("multivariate_normal.", "poisson.entropy", "sem", "rankdata", "mode")
"""The cases (by name prefix) the test runs a fixed sample of in CI (all with ``ARRAYTYPING_FULL_CONFORMANCE=1``)."""


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = record,
        names: Collection[str] | None = None) -> dict[str, Any]:
    """Every case (or those of ``names``) evaluated in ``namespace`` (after the prelude), as
    ``tools/case_reference.py`` records it. Shared with the test, which passes the runtime's namespace."""
    chosen = CASES if names is None else {name: CASES[name] for name in names}
    return cases.run_cases(namespace, PRELUDE, chosen, messages=False, record_leaf=record_leaf, label="<stats>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import jax.scipy.stats as st

    cases.write_per_x64(OUT, "tools/jax_stats_reference.py",
                        lambda: run({"at": jax, "jnp": jnp, "np": np, "st": st}))
    json.loads(OUT.read_text())  # written as JSON can read it back


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
