"""Derivatives against JAX 0.10.2: ``tools/ad_reference.py`` (run in JAX's venv) recorded, in the four
configurations, the gradients of every primitive over the dtypes it takes, the jaxprs of ``grad``/``jvp``/``vjp``
(and their compositions with ``jit``) of a set of functions, and what the API refuses; here the same tables run on
arraytyping and are compared.

* Primitive gradients: the types (dtype, weak flag, shape) of every output, cotangent and tangent, from abstract
  tracing, in every configuration (the cases of ``PRIMITIVES_EXTENDED`` in one configuration each, rotating, unless
  ``ARRAYTYPING_FULL_CONFORMANCE=1``); the values (within the dtype's tolerance) and types (``float0`` ones included,
  which a jaxpr cannot return) from a compiled run, and a sample from eager runs. CI runs the values of every case
  and dtype in one configuration (rotating through the four; of the extended cases, the first dtype and a third of
  the others); ``ARRAYTYPING_FULL_CONFORMANCE=1`` runs all of them in all four.
* Jaxprs: equation by equation (primitive, input atoms with literal values, output types with weak flags, shown
  parameters) and the printed text exactly (nested ``jit`` calls, the user's and ``jax.numpy``'s, included), except
  for the expansion differences the forward jaxprs already have (``EXPANSION_DIFFERENCES``, each checked to still differ).
* API: the error class JAX raises (ours is the same class or a subclass), or the result's types.
* Primitives without rules (``WITHOUT_RULES``): differentiating them raises JAX's ``NotImplementedError``.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import ml_dtypes
import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import lattice
from arraytyping._src.dtypes.config import dtype_promotion, enable_x64
from arraytyping import lax as public_lax
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.core.shape_dtype_struct import aval_of
from arraytyping._src.lax import lax
from arraytyping._src.lax import special
from arraytyping._src.lax import elementwise as E
from arraytyping._src.lax import gather_scatter as G
from arraytyping._src.lax import linalg as lapack
from arraytyping._src.lax import windowed_reductions as W
from arraytyping._src.interpreters.autodiff.linalg import symmetrize as _symmetrize
from arraytyping._src.interpreters.autodiff.linalg import tril
from arraytyping._src.lax.fft import FftType, fft_p
from arraytyping._src.lax import sorting as S
from arraytyping._src.tree import pytree as tree_mod
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import make_jaxpr
from jaxpr_equations import aval_str, atom_str, equation_mismatch, eqns, is_subsequence
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_ad_reference.json").read_text())
TOOL = tool("ad_reference")

CONFIGS = sorted(REF["configs"])
FULL = os.environ.get("ARRAYTYPING_FULL_CONFORMANCE") == "1"
ERRORS: dict[str, type[Exception]] = {"TypeError": TypeError, "ValueError": ValueError,
                                      "TypePromotionError": lattice.TypePromotionError,
                                      "NotImplementedError": NotImplementedError}

EXPANSION_DIFFERENCES: dict[tuple[str, str], tuple[str, str]] = {
    ("multi_output", "vjp_fwd"): ("same_equations", "the scalar 2.0 of x * 2.0 is a residual of JAX's vjp function "
                                  "(staged as an argument of jnp.multiply's jit); ours is a literal of the linear "
                                  "jaxpr. The same equations; the VJP function has one leaf less"),
}
"""Where our jaxpr differs from JAX's by design, and how: ``jax_has_more`` /
``ours_has_more`` (one equation list, primitives and output types, is a subsequence of the other),
``same_primitives`` (the same primitives and output types, inputs may differ between literals and variables),
``same_equations`` (only the outputs differ)."""


def _np_dtype(name: str) -> np.dtype[Any]:
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


def _config(key: str) -> tuple[str, bool]:
    return key.split("-")[0], key.endswith("x64")


class OurLax:
    """The neutral ``L`` namespace of ``tools/ad_reference.py`` over our ``lax``."""

    def __getattr__(self, name: str) -> Any:
        return getattr(lax, name) if hasattr(lax, name) else getattr(public_lax, name)

    @staticmethod
    def convert(x: Any, name: str) -> Any:
        return lax.convert_element_type(x, _np_dtype(lattice.canonical_name(name, at.config.x64)), False)

    @staticmethod
    def reduce_sum(x: Any, axes: Any) -> Any:
        return lax.reduce("sum", x, axes)

    @staticmethod
    def reduce_prod(x: Any, axes: Any) -> Any:
        return lax.reduce("prod", x, axes)

    @staticmethod
    def reduce_max(x: Any, axes: Any) -> Any:
        return lax.reduce("max", x, axes)

    @staticmethod
    def reduce_min(x: Any, axes: Any) -> Any:
        return lax.reduce("min", x, axes)

    @staticmethod
    def reduce_or(x: Any, axes: Any) -> Any:
        return lax.reduce("or", x, axes)

    @staticmethod
    def reduce_and(x: Any, axes: Any) -> Any:
        return lax.reduce("and", x, axes)

    @staticmethod
    def dot_general(x: Any, y: Any, dn: Any) -> Any:
        return lax.dot_general(x, y, dn, lax.aval_of(x).dtype)

    @staticmethod
    def iota_like(x: Any) -> Any:
        a = lax.aval_of(x)
        return lax.iota(a.dtype, a.shape, 1)

    rsqrt = staticmethod(E.rsqrt)
    logistic = staticmethod(lambda x: E.logistic_p.bind(x, accuracy=None))
    erf = staticmethod(special.erf)
    erfc = staticmethod(special.erfc)
    erf_inv = staticmethod(special.erf_inv)
    lgamma = staticmethod(special.lgamma)
    dynamic_slice = staticmethod(public_lax.dynamic_slice)
    dynamic_update_slice = staticmethod(public_lax.dynamic_update_slice)
    top_k = staticmethod(public_lax.top_k)
    GDN = G.GatherDimensionNumbers
    SDN = G.ScatterDimensionNumbers

    @staticmethod
    def bitcast(x: Any, name: str) -> Any:
        return lax.bitcast_convert_type(x, _np_dtype(name))

    @staticmethod
    def index(i: int) -> Any:
        return np.int32(i)

    @staticmethod
    def indices(rows: list[list[int]]) -> Any:
        return device_put(np.asarray(rows, dtype=np.int32))

    @staticmethod
    def gather(x: Any, idx: Any, dn: Any, sizes: Any) -> Any:
        return G.gather(x, idx, dn, sizes, mode=None)  # JAX's lax.gather's default mode

    @staticmethod
    def scatter_add(x: Any, idx: Any, u: Any, dn: Any) -> Any:
        return G.scatter(G.scatter_add_p, x, idx, u, dn)

    @staticmethod
    def sort(x: Any, dimension: int) -> Any:
        return lax.sort([x], dimension)[0]

    @staticmethod
    def argmax(x: Any, axis: int) -> Any:
        return S.argmax_p.bind(x, axes=(axis,), index_dtype=np.dtype("int32"))

    @staticmethod
    def argmin(x: Any, axis: int) -> Any:
        return S.argmin_p.bind(x, axes=(axis,), index_dtype=np.dtype("int32"))

    @staticmethod
    def cumsum(x: Any, axis: int, reverse: bool = False) -> Any:
        return S.cumsum_p.bind(x, axis=axis, reverse=reverse)

    @staticmethod
    def cumprod(x: Any, axis: int, reverse: bool = False) -> Any:
        return S.cumprod_p.bind(x, axis=axis, reverse=reverse)

    @staticmethod
    def cummax(x: Any, axis: int, reverse: bool = False) -> Any:
        return S.cummax_p.bind(x, axis=axis, reverse=reverse)

    @staticmethod
    def cummin(x: Any, axis: int, reverse: bool = False) -> Any:
        return S.cummin_p.bind(x, axis=axis, reverse=reverse)

    @staticmethod
    def scatter(x: Any, idx: Any, u: Any, dn: Any, unique: bool = False) -> Any:
        return G.scatter(G.scatter_p, x, idx, u, dn, unique_indices=unique)

    @staticmethod
    def scatter_mul(x: Any, idx: Any, u: Any, dn: Any, unique: bool = False) -> Any:
        return G.scatter(G.scatter_mul_p, x, idx, u, dn, unique_indices=unique)

    @staticmethod
    def scatter_min(x: Any, idx: Any, u: Any, dn: Any) -> Any:
        return G.scatter(G.scatter_min_p, x, idx, u, dn)

    @staticmethod
    def scatter_max(x: Any, idx: Any, u: Any, dn: Any) -> Any:
        return G.scatter(G.scatter_max_p, x, idx, u, dn)

    @staticmethod
    def _window(prim: Any, x: Any, window: Any, strides: Any, padding: Any, base: Any, dilation: Any) -> Any:
        return prim.bind(x, window_dimensions=window, window_strides=strides, padding=padding, base_dilation=base,
                         window_dilation=dilation)

    @staticmethod
    def reduce_window_sum(x: Any, *window: Any) -> Any:
        return OurLax._window(W.reduce_window_sum_p, x, *window)

    @staticmethod
    def reduce_window_max(x: Any, *window: Any) -> Any:
        return OurLax._window(W.reduce_window_max_p, x, *window)

    @staticmethod
    def reduce_window_min(x: Any, *window: Any) -> Any:
        return OurLax._window(W.reduce_window_min_p, x, *window)

    @staticmethod
    def reduce_window(x: Any, op: str, window: Any) -> Any:
        assert op == "mul"
        one = np.ones((), lax.aval_of(x).dtype)
        return public_lax.reduce_window(x, one, lax.mul, window, (1,) * len(window), "VALID")

    @staticmethod
    def fft(x: Any, fft_type: str, lengths: Any) -> Any:
        x = lax.convert_element_type(x, lax.aval_of(x).dtype, False)  # JAX's lax.fft converts its operand
        return fft_p.bind(x, fft_type=FftType[fft_type], fft_lengths=tuple(lengths))

    @staticmethod
    def triangular_solve(a: Any, b: Any, left_side: bool, lower: bool, transpose_a: bool) -> Any:
        return lapack.triangular_solve_p.bind(a, b, left_side=left_side, lower=lower, transpose_a=transpose_a,
                                              conjugate_a=False, unit_diagonal=False)

    @staticmethod
    def cholesky(x: Any) -> Any:
        return tril(lapack.cholesky_p.bind(x))  # JAX's lax.linalg.cholesky

    @staticmethod
    def lu(x: Any) -> Any:
        return lapack.lu_p.bind(x)[0]

    @staticmethod
    def eigh_values(x: Any) -> Any:
        return lapack.eigh_p.bind(_symmetrize(x), lower=True, sort_eigenvalues=True, subset_by_index=None, algorithm=None)[1]  # JAX's lax.linalg.eigh symmetrizes its input

    @staticmethod
    def eigh_vectors(x: Any) -> Any:
        v = lapack.eigh_p.bind(_symmetrize(x), lower=True, sort_eigenvalues=True, subset_by_index=None, algorithm=None)[0]
        return lax.mul(v, lax.conj(v) if lax.aval_of(v).dtype.kind == "c" else v)

    @staticmethod
    def qr_q(x: Any) -> Any:
        q = lapack.qr_p.bind(x, full_matrices=False, pivoting=False, use_magma=None)[0]
        return lax.mul(q, lax.conj(q) if lax.aval_of(q).dtype.kind == "c" else q)

    @staticmethod
    def qr_r(x: Any) -> Any:
        r = lapack.qr_p.bind(x, full_matrices=False, pivoting=False, use_magma=None)[1]
        return lax.mul(r, lax.conj(r) if lax.aval_of(r).dtype.kind == "c" else r)

    @staticmethod
    def svd_values(x: Any) -> Any:
        return lapack.svd_p.bind(x, full_matrices=False, compute_uv=False, subset_by_index=None, algorithm=None)[0]

    @staticmethod
    def svd_u(x: Any) -> Any:
        u = lapack.svd_p.bind(x, full_matrices=False, compute_uv=True, subset_by_index=None, algorithm=None)[1]
        return lax.mul(u, lax.conj(u) if lax.aval_of(u).dtype.kind == "c" else u)

    @staticmethod
    def svd_vt(x: Any) -> Any:
        vt = lapack.svd_p.bind(x, full_matrices=False, compute_uv=True, subset_by_index=None, algorithm=None)[2]
        return lax.mul(vt, lax.conj(vt) if lax.aval_of(vt).dtype.kind == "c" else vt)


L = OurLax()


# ---------------------------------------------------------------------------------------------------------------
# Primitive gradients


def _make_arg(shape: tuple[int, ...], dtype: str, values: list[Any]) -> Any:
    name = dtype.rstrip("*")
    host = np.asarray(values).astype(_np_dtype(name)).reshape(shape)
    arr = device_put(host)
    return lax.convert_element_type(arr, arr.aval.dtype, True) if dtype.endswith("*") else arr


def _filled(template: list[float], a: ShapedArray, imag: float) -> Any:
    """A tangent or cotangent of type ``a`` (``float0`` zeros for integer and bool values)."""
    if ad.tangent_dtype(a.dtype) == ad.FLOAT0:
        return np.zeros(a.shape, ad.FLOAT0)
    vals: list[Any] = TOOL.fill(template, int(np.prod(a.shape)))
    if a.dtype.kind == "c":
        vals = [complex(v, imag * v) for v in vals]
    host = np.asarray(vals).astype(a.dtype).reshape(a.shape)
    arr = device_put(host)
    return lax.convert_element_type(arr, a.dtype, True) if a.weak_type else arr


def _case_fn(name: str) -> tuple[Callable[..., Any], list[str]]:
    src, specs, _ = TOOL.PRIMITIVES[name]
    return eval(src, {"L": L}), specs


def _args(name: str, dtype: str) -> list[Any]:
    _, specs = _case_fn(name)
    return [_make_arg(*TOOL.arg_values(s, dtype)) for s in specs]


def _run_case(name: str, dtype: str, args: list[Any]) -> tuple[Any, Any, Any]:
    """``(output, vjp cotangents, jvp tangent)`` of one case, on arguments ``args``."""
    fn, _ = _case_fn(name)
    out = fn(*args)  # vjp's primal output can have another weak flag (reduce_prod's, in JAX as here)
    _, f_vjp = at.vjp(fn, *args)
    cts = f_vjp(_filled(TOOL.COTANGENT, lax.aval_of(out), 0.5))
    _, t_out = at.jvp(fn, tuple(args), tuple(_filled(TOOL.TANGENT, lax.aval_of(a), -1.0) for a in args))
    return out, list(cts), t_out


def _type(x: Any) -> str:
    if ad.is_float0_value(x):
        return f"float0[{','.join(map(str, np.shape(x)))}]"
    return aval_str(x if isinstance(x, ShapedArray) else lax.aval_of(x))


def _prim_keys(staged: bool = False) -> list[tuple[str, str]]:
    """Every (case, dtype) of the reference; ``staged``: those whose types a staged computation shares with JAX's
    eager run, which the reference records (all but :data:`EAGER_TYPED`)."""
    return [(name, dt) for name, (_, _, dtypes) in TOOL.PRIMITIVES.items() for dt in dtypes
            if not (staged and (name, dt) in EAGER_TYPED)]


_ADD_ANY_WEAK: Final = ("the weakly typed operand's cotangent sums a weak and a strong contribution with add_any, "
                        "which JAX runs eagerly as lax.add (strong) and stages with its first operand's type (weak); "
                        "ours the same (test_ad.py)")
EAGER_TYPED: Final[dict[tuple[str, str], str]] = {
    ("scatter_max", "float32*"): _ADD_ANY_WEAK, ("scatter_min", "float32*"): _ADD_ANY_WEAK}
"""The cases whose types JAX gives differently eagerly and staged (the reference holds its eager run): held to the
reference by the eager value test alone, which runs them always."""
_WEAK_F32_UNDER_X64: Final = ("JAX writes this rule with jnp operations, which take a weakly typed float32 (only "
                               "reachable with x64 on through lax.convert_element_type(..., weak_type=True)) to "
                               "float64 where it meets a Python scalar or x64's default dtypes, and refuse some mixes "
                               "(qr: TypeError); ours, written with lax operations, keeps float32")
X64_WEAK_F32_DIFFERENCES: Final[dict[tuple[str, str], str]] = {
    **{(name, config): _WEAK_F32_UNDER_X64 for name in ("svd_values", "svd_values_tall", "qr_q", "qr_r")
       for config in ("standard-x64", "strict-x64")},
    ("eigh_values", "strict-x64"): _WEAK_F32_UNDER_X64, ("eigh_vectors", "strict-x64"): _WEAK_F32_UNDER_X64}
"""(case, configuration) whose ``float32*`` operand (a weakly typed float32; with x64 on, not the default weak
float) JAX differentiates into other types; with x64 off they agree, types and values. The type test checks each
still differs."""


def _known_x64_difference(config_key: str, name: str, dtype: str) -> bool:
    return dtype == "float32*" and (name, config_key) in X64_WEAK_F32_DIFFERENCES


def test_reference_covers_the_tables() -> None:
    assert REF["primitives"] == {n: {"source": s, "args": a, "dtypes": d} for n, (s, a, d) in TOOL.PRIMITIVES.items()}
    assert REF["functions"] == {n: {"source": s, "args": a, "transforms": list(t)}
                                for n, (s, a, t) in TOOL.FUNCTIONS.items()}
    assert REF["api_cases"] == TOOL.API_CASES
    assert {"standard-x32", "standard-x64", "strict-x32", "strict-x64"} <= set(CONFIGS)


def _all_primitives() -> dict[str, Any]:
    """Every primitive the runtime defines (module-level ``Primitive`` objects of its modules), by name."""
    import importlib
    import pkgutil

    from arraytyping import _src
    from arraytyping._src.core.trace import Primitive
    found: dict[str, Any] = {}
    for info in pkgutil.walk_packages(_src.__path__, "arraytyping._src."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, Primitive):
                found[value.name] = value
    return found


WITHOUT_RULES: dict[str, str] = {
    "nextafter": "JAX has no rule either",
    "zeta": "JAX has no rule either (lax.zeta; jax.scipy.special.zeta has its own custom derivative)",
    "igamma_grad_a": "JAX has no rule either (igamma's derivative in a, not differentiable itself)",
    "pmax": "JAX has no rule either (lax.pmax, an all-reduce max over a named axis)",
    "pmin": "JAX has no rule either (lax.pmin, an all-reduce min over a named axis)",
    "geqrf": "not yet (JAX differentiates qr as a whole, not its LAPACK steps)",
    "householder_product": "not yet (JAX differentiates qr as a whole, not its LAPACK steps)",
    **{name: "JAX has no rule either" for name in ("symmetric_product", "cholesky_update", "hessenberg", "tridiagonal",
                                                   "schur", "ormqr")},
    "rng_uniform": "JAX has no rule either (lax.rng_uniform, XLA's stateful generator)",
}
"""The primitives differentiating which raises JAX's ``NotImplementedError`` (integer-only primitives, whose
tangents are always symbolic zeros, never reach a rule and are not listed)."""

ONLY_TRANSPOSED: dict[str, str] = {
    "custom_lin": "custom_vjp's linearized call: only ever transposed, never differentiated (as in JAX)",
}
"""Primitives that only appear in linearized jaxprs: a transpose rule and no JVP rule, and nothing to raise."""

INTEGER_ONLY = {"lu_pivots_to_permutation", "iota", "axis_index", "threefry2x32", "iota_2x32_shape", "clz",
                "population_count", "mulhi", "reduce_xor", "empty2", "platform_index", "empty", "rng_bit_generator"}
"""Primitives without floating-point operands (their tangents are symbolic zeros: no rule is ever looked up), or
without operands (``axis_index``, a named axis's int32 position; ``empty``, lax.empty's unspecified values; ``empty2``, a ``cond``'s placeholder for another branch's residual; ``platform_index``, a
``platform_dependent`` cond's index)."""


TESTED_ELSEWHERE: dict[str, str] = {
    "eig": "jnp.linalg.eig/eigvals: test_linalg_derivatives differentiates the eigenvalues against the closed form "
           "d tr(A^2) = 2 A^T (grad, jit of grad, grad of jit, vmap of grad; float32 and float64) and checks that the "
           "eigenvectors' derivatives raise JAX's NotImplementedError",
    "jit": "a jitted function called under a trace: test_jit_call_conformance differentiates it (grad, "
           "value_and_grad, jvp, vjp, second order) against JAX's printed jaxprs and values",
    "custom_jvp_call": "a custom_jvp function (the user's, nn.relu, logaddexp): test_jit_call_conformance "
                       "differentiates it against JAX's printed jaxprs and values, test_custom_jvp its API",
    "linear_call": ("custom_derivatives.linear_call: test_custom_vjp's linear_call cases differentiate it (grad, "
                    "jvp, vjp, linear_transpose up to three times, under jit; its residuals' derivative and vmap "
                    "refused as JAX refuses them) against tools/custom_vjp_reference.py"),
    "custom_linear_solve": "lax.custom_linear_solve, linalg.solve/inv and slogdet's derivatives: test_linear_solve "
                           "differentiates them (grad, jvp, hessian, vmap of grad) against JAX's values, dtypes and "
                           "weak flags (tools/linear_solve_reference.py)",
    "unstack": "jnp.unstack and the transpose of stack: the FUNCTIONS cases stack_sum, unstack_sum and unstack_pieces "
               "differentiate it (grad, jvp, vjp) against JAX's printed jaxprs",
    "custom_vjp_call": "a custom_vjp function: test_custom_vjp differentiates it (grad, vjp, jit, vmap, scan, "
                       "checkpoint) against JAX's values and printed jaxprs (tools/custom_vjp_reference.py)",
    "remat2": "checkpoint/remat: test_checkpoint differentiates it under every policy against JAX's values and printed "
              "jaxprs (tools/checkpoint_reference.py)",
    "name": "ad_checkpoint.checkpoint_name: test_checkpoint, as remat2",
    "reduce_precision": "the saved residuals of a checkpoint: test_checkpoint, as remat2",
    "sharding_constraint": ("lax.with_sharding_constraint: test_sharding differentiates it (grad, its tangent and "
                            "cotangent constrained alike) and maps it against JAX's values and shardings on 8 CPU "
                            "devices (tools/sharding_reference.py)"),
    "optimization_barrier": "lax.optimization_barrier: test_lax_more differentiates it (grad of one operand and of a "
                            "pair, whose JVP and transpose put barriers on tangents and cotangents) and maps it against "
                            "JAX's values (tools/jax_lax_more_reference.py); its printed jaxprs are JAX's",
    "approx_top_k": "lax.approx_max_k/approx_min_k: test_lax_more differentiates it (grad over each axis, jvp) against "
                    "JAX's values (tools/jax_lax_more_reference.py)",
    "dce_sink": "lax.dce_sink: test_lax_more differentiates through it (grad, and the printed jaxprs of grad and jvp, "
                "JAX's) (tools/jax_lax_more_reference.py)",
    "reduce": "lax.reduce (a computation it does not recognize): test_lax_more differentiates it (grad over each axis, "
              "jvp, through JAX's tree of halvings) against JAX's values (tools/jax_lax_more_reference.py)",
    "debug_callback": "jax.debug.print/callback: test_behaviours differentiates it (the callback sees primals) against "
                      "JAX's output (tools/behaviours_reference.py)",
    "check": ("checkify.check: test_checkify differentiates it (grad of a checked function checks the primals, "
              "checkify of grad, grad through checkify) against JAX's messages and values "
              "(tools/checkify_reference.py)"),
    "pure_callback": "jax.pure_callback: test_behaviours (its JVP raises JAX's error)",
    "io_callback": "jax.experimental.io_callback: test_behaviours (its JVP raises JAX's error)",
    "ffi_call": "jax.ffi.ffi_call: test_ffi (its JVP and grad raise JAX's error, tools/ffi_reference.py)",
    "custom_vmap_call": "jax.custom_batching.custom_vmap: test_jax_misc_api differentiates vmap of it (its rule's "
                        "derivative) against JAX's values, and checks that differentiating it directly is refused "
                        "(JAX cannot either)",
    **{name: ("lax's special functions: test_special differentiates them (grad and jvp, under jit and vmap) against "
              "JAX's values, dtypes and weak flags (tools/jax_special_reference.py)")
       for name in ("igamma", "igammac", "regularized_incomplete_beta", "bessel_i0e", "bessel_i1e")},
    "psum": "lax.psum/pmean over a named axis: test_collectives differentiates it (grad of vmap, vmap of grad, jvp, "
            "vjp, make_jaxpr's axis_env) against JAX's values and printed jaxprs (tools/collectives_reference.py)",
    **{name: (f"lax.{api} over a named axis: test_collectives differentiates it (grad of vmap and vmap of grad, whose "
              "transpose is the inverse collective) against JAX's values (tools/collectives_reference.py)")
       for name, api in (("ppermute", "ppermute/pshuffle"), ("all_gather", "all_gather"),
                         ("reduce_scatter", "psum_scatter"), ("all_to_all", "all_to_all/pswapaxes"))},
    "pbroadcast": ("lax.pbroadcast: linear (JAX's JVP and transpose: a psum kept at the source); JAX runs it only in "
                   "a shard_map, under vmap its batching raises (test_collectives holds that error)"),
    "cumlogsumexp": "lax.cumlogsumexp: test_lax_more differentiates it (grad along an axis and reversed; JAX's JVP, "
                    "an associative scan of logaddexp) against JAX's values (tools/jax_lax_more_reference.py)",
    "scatter-sub": "lax.scatter_sub: test_lax_more differentiates it (grad in the operand and the updates, jvp) against "
                   "JAX's values (tools/jax_lax_more_reference.py)",
    "tridiagonal_solve": "lax.linalg.tridiagonal_solve: tools/jax_scipy_linalg_reference.py's "
                         "lax_tridiagonal_solve_grad (grad in all four operands, through the JVP and the transpose) "
                         "and lax_tridiagonal_solve_jvp hold it to JAX's values (test_scipy_linalg)",
    "random_gamma": "random.gamma, loggamma and beta: test_conformance_ext's random_dists family differentiates them "
                    "(grad in a scalar and an array shape parameter, under vmap too) against JAX's values bit for "
                    "bit (tools/jax_api_ext_reference.py)",
}


def test_every_primitive_has_its_rules() -> None:
    """A JVP rule for every primitive but those listed in ``WITHOUT_RULES`` (and the integer-only ones); a
    transpose rule for every linear one; every primitive with rules is differentiated by some reference case."""
    prims = _all_primitives()
    missing_jvp = {n for n, p in prims.items() if p not in ad.jvp_rules} - INTEGER_ONLY
    assert missing_jvp == set(WITHOUT_RULES) | set(ONLY_TRANSPOSED)
    linear = {"add", "sub", "mul", "div", "neg", "convert_element_type", "select_n", "broadcast_in_dim", "reshape",
              "custom_linear_solve",
              "transpose", "squeeze", "slice", "rev", "reduce_sum", "dot_general", "add_any", "pad", "complex",
              "conj", "real", "imag", "copy", "concatenate", "split", "stack", "unstack", "tile", "dynamic_slice",
              "dynamic_update_slice", "gather", "scatter-add", "cumsum", "scatter", "scatter-mul", "reduce_window_sum",
              "conv_general_dilated", "fft", "triangular_solve"}
    assert linear <= {p.name for p in ad.transpose_rules}
    sources = " ".join(s for s, _, _ in TOOL.PRIMITIVES.values())
    untested = [n for n in prims if n not in INTEGER_ONLY and n not in WITHOUT_RULES and n not in ONLY_TRANSPOSED
                and n not in TESTED_ELSEWHERE
                and f"L.{_LAX_NAME.get(n, n)}(" not in sources]
    assert not untested


def _without_rule_case(name: str) -> Callable[[Any], Any]:
    """A function of a float32[4] ``x`` whose derivative needs ``name``'s rule."""
    from arraytyping import lax as alax
    from arraytyping._src.numpy import fft as anp_fft
    from arraytyping._src.lax import linalg as lapack
    from arraytyping._src.lax.windowed_reductions import MONOIDS

    def spd(x: Any) -> Any:  # a symmetric positive definite 4x4 matrix of x
        return x[:, None] * x[None, :] + anp.eye(4, dtype=anp.float32) * 10.0
    idx = np.asarray([[1], [3]], dtype=np.int32)
    dn = G.ScatterDimensionNumbers((), (0,), (0,))
    window = {"window_dimensions": (2,), "window_strides": (1,), "padding": ((0, 0),), "base_dilation": (1,),
              "window_dilation": (1,)}
    cases: dict[str, Callable[[Any], Any]] = {
        "pmax": at.vmap(lambda v: alax.pmax(v, "i"), axis_name="i"),
        "pmin": at.vmap(lambda v: alax.pmin(v, "i"), axis_name="i"),
        "nextafter": lambda x: lax.nextafter(x, x + 1.0),
        "rng_uniform": lambda x: alax.rng_uniform(x[0], x[1], (3,)),
        "zeta": lambda x: special.zeta(x + 1.0, x),
        "igamma_grad_a": lambda x: special.igamma_grad_a(x, x),
        "scatter": lambda x: G.scatter(G.scatter_p, x, idx, x[:2], dn),
        "scatter-mul": lambda x: G.scatter(G.scatter_mul_p, x, idx, x[:2], dn),
        "scatter-min": lambda x: G.scatter(G.scatter_min_p, x, idx, x[:2], dn),
        "scatter-max": lambda x: G.scatter(G.scatter_max_p, x, idx, x[:2], dn),
        "reduce_window_sum": lambda x: MONOIDS["add"].bind(x, **window),
        "reduce_window_max": lambda x: MONOIDS["max"].bind(x, **window),
        "reduce_window_min": lambda x: MONOIDS["min"].bind(x, **window),
        "reduce_window": lambda x: alax.reduce_window(x, 1.0, lambda a, b: a * b, (2,), (1,), "VALID"),
        "conv_general_dilated": lambda x: alax.conv_general_dilated(
            x.reshape(1, 1, 4), x[:2].reshape(1, 1, 2), (1,), "VALID"),
        "fft": lambda x: anp.real(anp_fft.fft(x)),
        "cond": lambda x: alax.cond(True, anp.sin, anp.cos, x),
        "while": lambda x: alax.while_loop(lambda c: c[0] < 2, lambda c: (c[0] + 1, c[1] * 2.0), (0, x))[1],
        "scan": lambda x: alax.scan(lambda c, e: (c * e, c), 1.0, x)[1],
        "cholesky": lambda x: lapack.cholesky_p.bind(spd(x)),
        "lu": lambda x: lapack.lu_p.bind(spd(x))[0],
        "geqrf": lambda x: lapack.geqrf_p.bind(spd(x))[0],
        "householder_product": lambda x: lapack.householder_product_p.bind(spd(x), x),
        "eigh": lambda x: lapack.eigh_p.bind(spd(x), lower=True, sort_eigenvalues=True, subset_by_index=None, algorithm=None)[0],
        "svd": lambda x: lapack.svd_p.bind(spd(x), full_matrices=False, compute_uv=False, subset_by_index=None,
                                           algorithm=None)[0],
        "symmetric_product": lambda x: lapack.symmetric_product_p.bind(spd(x), spd(x), alpha=1.0, beta=1.0),
        "cholesky_update": lambda x: lapack.cholesky_update_p.bind(spd(x), x),
        "hessenberg": lambda x: lapack.hessenberg_p.bind(spd(x))[0],
        "tridiagonal": lambda x: lapack.tridiagonal_p.bind(spd(x), lower=True)[1],
        "schur": lambda x: lapack.schur_p.bind(spd(x), compute_schur_vectors=True, sort_eig_vals=False,
                                               select_callable=None)[0],
        "ormqr": lambda x: lapack.ormqr_p.bind(spd(x), x, spd(x), left=True, transpose=False),
        "triangular_solve": lambda x: lapack.triangular_solve_p.bind(
            spd(x), x.reshape(4, 1), left_side=True, lower=True, transpose_a=False, conjugate_a=False,
            unit_diagonal=False),
    }
    return cases[name]


@pytest.mark.parametrize("name", sorted(WITHOUT_RULES))
def test_primitives_without_rules_raise_jax_error(name: str) -> None:
    """Differentiating a primitive without rules raises JAX's ``NotImplementedError`` naming it (forward and
    reverse mode), never a wrong derivative."""
    fn = _without_rule_case(name)
    x = device_put(np.asarray([0.5, 1.5, 2.0, 3.0], np.float32))
    out = fn(x)  # the primitive itself runs
    assert name in str(make_jaxpr(fn)(x))
    message = f"Differentiation rule for '{name}' not implemented"
    with pytest.raises(NotImplementedError, match=message):
        at.jvp(fn, (x,), (x,))
    with pytest.raises(NotImplementedError, match=message):
        at.vjp(fn, x)
    assert np.shape(out) == lax.aval_of(out).shape


_LAX_NAME = {"and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor", "not": "bitwise_not",
             "convert_element_type": "convert", "scatter-add": "scatter_add", "bitcast_convert_type": "bitcast",
             "while": "while_loop", "scatter-mul": "scatter_mul", "scatter-min": "scatter_min",
             "scatter-max": "scatter_max", "eigh": "eigh_values", "svd": "svd_values", "qr": "qr_q"}


@pytest.mark.parametrize("config_key", CONFIGS)
def test_primitive_gradient_types(config_key: str) -> None:
    """Output, cotangent and tangent types of every case, traced abstractly (no compilation)."""
    mode, x64 = _config(config_key)
    failures: list[str] = []
    keys = _prim_keys(staged=True)
    if not FULL:  # the extended cases in one configuration each (rotating), the core ones in all
        keys = [(n, d) for i, (n, d) in enumerate(keys)
                if n not in TOOL.PRIMITIVES_EXTENDED or i % len(CONFIGS) == CONFIGS.index(config_key)]
    keys += [k for k in EAGER_TYPED if "error" in json.dumps(REF["configs"][config_key]["primitives"][k[0]][k[1]])]
    with dtype_promotion(mode), enable_x64(x64):
        for name, dtype in keys:
            ref = REF["configs"][config_key]["primitives"][name][dtype]
            got = _abstract_types(name, dtype)
            want = _expected_types(ref)
            if _known_x64_difference(config_key, name, dtype):
                if got == want:
                    failures.append(f"{name}[{dtype}]: now as JAX's, {got}: remove it from X64_WEAK_F32_DIFFERENCES")
            elif got != want:
                failures.append(f"{name}[{dtype}]: ours {got}, JAX {want}")
    assert not failures, "\n".join(failures[:40])


def _arg_aval(spec: str, dtype: str) -> ShapedArray:
    shape, dt, _ = TOOL.arg_values(spec, dtype)
    return ShapedArray(shape, _np_dtype(lattice.canonical_name(dt.rstrip("*"), at.config.x64)), dt.endswith("*"))


def _abstract_types(name: str, dtype: str) -> Any:
    """The types of the output, cotangents and tangent of a case, from tracing ``vjp`` and ``jvp`` on abstract
    arguments (no compilation); ``float0`` values are left out (a jaxpr cannot return them)."""
    fn, specs = _case_fn(name)
    avals = [_arg_aval(s, dtype) for s in specs]
    try:
        out = aval_of(at.eval_shape(fn, *avals))
    except Exception as e:  # noqa: BLE001 - compared by class
        return {"error": _error_name(e)}
    n = len(avals)

    def dual(a: ShapedArray) -> Any:
        t = ad.tangent_aval(a)
        return np.zeros(a.shape, ad.FLOAT0) if ad.is_float0(t) else t

    duals = [dual(a) for a in [*avals, out]]
    traced_duals = [d for d in duals if isinstance(d, ShapedArray)]

    def traced(*xs: Any) -> list[Any]:
        it = iter(xs[n:])
        ts = [next(it) if isinstance(d, ShapedArray) else d for d in duals]
        _, f_vjp = at.vjp(fn, *xs[:n])
        cts = f_vjp(ts[n])
        _, t_out = at.jvp(fn, tuple(xs[:n]), tuple(ts[:n]))
        return [v for v in (*cts, t_out) if not ad.is_float0_value(v)]

    try:
        closed = make_jaxpr(traced)(*avals, *traced_duals)
    except Exception as e:  # noqa: BLE001 - compared by class
        return {"error": _error_name(e)}
    # The output's type is the function's (vjp's primal output can differ: reduce_prod's JVP computes the product
    # again, and JAX's loses the weak flag, as ours does)
    return {"traced": [_type(out), *[aval_str(a) for a in closed.out_avals]]}


def _error_name(e: Exception) -> str:
    for name, cls in ERRORS.items():
        if type(e) is cls:
            return name
    return type(e).__name__


def _expected_types(ref: dict[str, Any]) -> Any:
    if "error" in ref:
        return {"error": ref["error"]}
    if "error" in ref["vjp"] or "error" in ref["jvp"]:
        return {"error": (ref["vjp"] if "error" in ref["vjp"] else ref["jvp"])["error"]}
    # make_jaxpr cannot return float0 leaves (numpy arrays): the value tests check those
    types = [*[c["type"] for c in ref["vjp"]], ref["jvp"]["type"]]
    return {"traced": [ref["out"]["type"], *[t for t in types if not t.startswith("float0")]]}


_TOLERANCE = {"f16": 2e-3, "bf16": 1.6e-2, "f32": 2e-6, "f64": 1e-12, "c64": 2e-6, "c128": 1e-12}


def _close(got: Any, want: dict[str, Any]) -> bool:
    if want["values"] is None:
        return _type(got) == want["type"]
    host = np.asarray(got)
    if host.dtype.kind == "c":
        vals = np.asarray([complex(r, i) for r, i in want["values"]])
    else:
        vals = np.asarray(want["values"], dtype=np.float64 if host.dtype != np.bool_ else np.bool_)
    flat = host.astype(vals.dtype).ravel()
    if host.dtype == np.bool_ or host.dtype.kind in "iu":
        return bool(np.array_equal(flat, vals))
    tol = _TOLERANCE.get(want["type"].split("[")[0], 1e-6)
    return bool(np.allclose(flat, vals, rtol=tol, atol=tol, equal_nan=True))


def _value_keys() -> list[tuple[str, str, str]]:
    """(configuration, case, dtype) whose values run: all with the full run, else one configuration per case and
    dtype (rotating through the four), and of the extended cases' dtypes the first and every third."""
    keys = _prim_keys(staged=True)
    if FULL:
        every = [(c, n, d) for c in CONFIGS for n, d in keys]
    else:
        every = [(CONFIGS[i % len(CONFIGS)], n, d) for i, (n, d) in enumerate(keys)
                 if n not in TOOL.PRIMITIVES_EXTENDED or i % 3 == 0 or d == TOOL.PRIMITIVES_EXTENDED[n][2][0]]
    return [(c, n, d) for c, n, d in every if not _known_x64_difference(c, n, d)]


def _value_failures(config_key: str, cases: list[tuple[str, str]], jitted: bool) -> list[str]:
    mode, x64 = _config(config_key)
    failures: list[str] = []
    with dtype_promotion(mode), enable_x64(x64):
        runnable = []
        for name, dtype in cases:
            ref = REF["configs"][config_key]["primitives"][name][dtype]
            if "error" in ref or "error" in ref["vjp"] or "error" in ref["jvp"]:
                continue
            runnable.append((name, dtype, ref))
        if not runnable:
            return failures
        all_args = [_args(n, d) for n, d, _ in runnable]

        def batch(arg_lists: list[list[Any]]) -> list[Any]:
            return [_run_case(n, d, a) for (n, d, _), a in zip(runnable, arg_lists)]

        results = at.jit(batch)(all_args) if jitted else batch(all_args)
        for (name, dtype, ref), (out, cts, t_out) in zip(runnable, results):
            checks = [(out, ref["out"]), *zip(cts, ref["vjp"]), (t_out, ref["jvp"])]
            for what, (got, want) in zip(["out"] + [f"ct{i}" for i in range(len(cts))] + ["tangent"], checks):
                if _type(got) != want["type"] or not _close(got, want):
                    failures.append(f"{config_key} {name}[{dtype}] {what}: ours {_type(got)} "
                                    f"{np.asarray(got).ravel().tolist()}, JAX {want['type']} {want['values']}")
    return failures


@pytest.mark.parametrize("config_key", CONFIGS)
def test_primitive_gradient_values_compiled(config_key: str) -> None:
    """Values of output, cotangents and tangents, in jitted batches of cases."""
    cases = [(n, d) for c, n, d in _value_keys() if c == config_key]
    failures: list[str] = []
    for i in range(0, len(cases), 24):
        failures += _value_failures(config_key, cases[i:i + 24], jitted=True)
    assert not failures, "\n".join(failures[:30])


def test_primitive_gradient_values_eager() -> None:
    """A sample run eagerly (every primitive's rules on concrete arrays, one compilation per operation)."""
    stride = 1 if FULL else 9
    cases = [*_prim_keys(staged=True)[::stride], *EAGER_TYPED]
    failures = _value_failures("standard-x32", cases, jitted=False)
    assert not failures, "\n".join(failures[:30])


# ---------------------------------------------------------------------------------------------------------------
# Jaxprs


def _abstract(spec: str, x64: bool) -> ShapedArray:
    dt, shape, weak = TOOL.parse_spec(spec)
    return ShapedArray(shape, _np_dtype(lattice.canonical_name(dt, x64)), weak)


def _transformed(transform: str, fn: Callable[..., Any], n: int) -> Callable[..., Any]:
    argnums: Any = tuple(range(n)) if n > 1 else 0
    if transform == "grad":
        return at.grad(fn, argnums=argnums)
    if transform == "grad_argnums":
        return at.grad(fn, argnums=1)
    if transform == "value_and_grad":
        return at.value_and_grad(fn, argnums=argnums)
    if transform == "grad_grad":
        return at.grad(at.grad(fn))
    if transform == "jit_grad":
        return at.jit(at.grad(fn, argnums=argnums))
    if transform == "grad_jit":
        return at.grad(at.jit(fn), argnums=argnums)
    if transform == "jvp":
        return lambda *a: at.jvp(fn, a[:n], a[n:])
    if transform == "linearize":
        return lambda *a: at.linearize(fn, *a[:n])[1](*a[n:])
    if transform == "vjp_fwd":
        return lambda *a: at.vjp(fn, *a)
    if transform == "vjp":
        def vjp_fn(*a: Any) -> Any:
            out, f_vjp = at.vjp(fn, *a[:n])
            return f_vjp(tree_mod.unflatten(tree_mod.structure(out), list(a[n:])))
        return vjp_fn
    raise ValueError(transform)


def _jaxpr_keys() -> list[tuple[str, str]]:
    return [(name, t) for name, (_, _, transforms) in TOOL.FUNCTIONS.items() for t in transforms]


@pytest.mark.parametrize("name,transform", _jaxpr_keys())
@pytest.mark.parametrize("config_key", CONFIGS)
def test_jaxpr_matches_jax(config_key: str, name: str, transform: str) -> None:
    ref = REF["configs"][config_key]["jaxprs"][name][transform]
    src, specs, _ = TOOL.FUNCTIONS[name]
    mode, x64 = _config(config_key)
    fn = eval(src, {"np": anp, "lax": public_lax})
    with dtype_promotion(mode), enable_x64(x64):
        if "error" in ref:  # the transformation refused, or the function raised (a promotion strict mode refuses)
            with pytest.raises(ERRORS[ref["error"]]):
                avals = [_abstract(s, x64) for s in specs]
                if transform in ("jvp", "linearize"):
                    avals += avals
                elif transform == "vjp":
                    avals += tree_mod.leaves(at.eval_shape(fn, *avals))
                make_jaxpr(_transformed(transform, fn, len(specs)))(*avals)
            return
        closed = make_jaxpr(_transformed(transform, fn, len(specs)))(*[_abstract(s, x64) for s in ref["args"]])
    assert [aval_str(a) for a in closed.in_avals] == ref["in_avals"]
    ours = eqns(closed)
    mismatch = equation_mismatch(ours, ref["eqns"])
    difference = EXPANSION_DIFFERENCES.get((name, transform))
    if difference is not None and difference[0] != "same_equations":
        assert mismatch is not None, f"{name} {transform} now matches: drop the exception"
        a = [(e["prim"], e["out"]) for e in ours]
        b = [(e["prim"], e["out"]) for e in ref["eqns"]]
        assert {"jax_has_more": lambda: is_subsequence(a, b), "ours_has_more": lambda: is_subsequence(b, a),
                "same_primitives": lambda: a == b}[difference[0]](), f"ours:\n{closed}\nJAX:\n{ref['text']}"
        return
    assert mismatch is None, f"{mismatch}\nours:\n{closed}\nJAX:\n{ref['text']}"
    if difference is not None:
        assert [atom_str(x) for x in closed.jaxpr.outs] != ref["outs"], f"{name} {transform} now matches"
        return
    assert [aval_str(a) for a in closed.out_avals] == ref["out_avals"]
    assert [atom_str(x) for x in closed.jaxpr.outs] == ref["outs"]
    assert str(closed) == ref["text"]


# ---------------------------------------------------------------------------------------------------------------
# The API's refusals and results


def _leaf_type(x: Any) -> str:
    if ad.is_float0_value(x):
        return f"float0[{','.join(map(str, np.shape(x)))}]"
    if type(x) in (bool, int, float, complex):
        return f"python:{type(x).__name__}"
    return aval_str(lax.aval_of(x))


@pytest.mark.parametrize("name", sorted(TOOL.API_CASES))
@pytest.mark.parametrize("config_key", CONFIGS)
def test_api_matches_jax(config_key: str, name: str) -> None:
    ref = REF["configs"][config_key]["api"][name]
    mode, x64 = _config(config_key)
    env = {"ad": at, "np": anp, "lax": public_lax, "FLOAT0_SCALAR": np.zeros((), ad.FLOAT0)}
    with dtype_promotion(mode), enable_x64(x64):
        if "error" in ref:
            with pytest.raises(ERRORS[ref["error"]]):
                eval(TOOL.API_CASES[name], env)
            return
        out = eval(TOOL.API_CASES[name], env)
        if ref["result"] == "callable":
            assert callable(out)
            return
        leaves, treedef = tree_mod.flatten(out)
        assert [_leaf_type(x) for x in leaves] == ref["result"]
        assert str(treedef) == ref["tree"]
        for x, want in zip(leaves, ref["values"]):
            if isinstance(want, list):
                got = np.asarray(x).ravel()
                expected = [complex(*v) if isinstance(v, list) else v for v in want]
                assert np.allclose(got, np.asarray(expected, dtype=got.dtype), rtol=1e-6)
            elif want is not None:
                assert x == want


_ = functools
