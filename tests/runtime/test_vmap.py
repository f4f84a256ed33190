"""``vmap``: every primitive's batching rule against running the unbatched function per example (a seeded fuzzer
over in_axes/out_axes), composition with ``jit`` and nested ``vmap``, pytrees of axes, and errors."""

from __future__ import annotations

import importlib
import pkgutil
import zlib
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import ad_checkpoint
from arraytyping import lax as alax
from arraytyping import _src
from arraytyping._src.interpreters.batching import batching
from arraytyping._src.lax import elementwise as E
from arraytyping._src.lax import linalg as lapack
from arraytyping._src.lax import lax as L
from arraytyping._src.lax import prng
from arraytyping._src.random import random_gamma_p
from arraytyping._src.lax import slicing as SL
from arraytyping._src.lax import sorting as S
from arraytyping._src.lax import special as SF
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import Primitive
from arraytyping._src.lax.top_k import top_k
from arraytyping.experimental import io_callback
from arraytyping.experimental import checkify

F32, I32, U32, BOOL = np.dtype("float32"), np.dtype("int32"), np.dtype("uint32"), np.dtype(bool)
B = 3  # the batch size


@at.custom_vjp
def _sin_times(x: Any, y: Any) -> Any:
    return anp.sin(x) * y


_sin_times.defvjp(lambda x, y: (_sin_times(x, y), (anp.cos(x), anp.sin(x), y)),
                  lambda r, g: (r[0] * g * r[2], r[1] * g))

NOT_EXERCISED: dict[str, str] = {
    "sharding_constraint": ("lax.with_sharding_constraint: its sharding names a mesh of several devices, which the "
                            "per-example comparison on one device has not; its batching rule (the batch axis left "
                            "unconstrained) is held to JAX's values and shardings on 8 CPU devices by test_sharding's "
                            "with_sharding_constraint_grad_vmap (tools/sharding_reference.py)"),
    **{name: ("a collective over a named axis: the per-example comparison has no axis to name (run alone it raises "
              "JAX's NameError); its batching rule, called by every vmap it is bound under, is held to JAX's values "
              "and printed jaxprs by test_collectives (tools/collectives_reference.py)")
       for name in ("psum", "pmax", "pmin", "axis_index", "ppermute", "pbroadcast", "all_gather", "reduce_scatter",
                    "all_to_all")},
    "cholesky_update": "no batching rule (JAX's has none either: NOT_BATCHED)",
    "linear_call": "no batching rule (JAX's has none either: NOT_BATCHED)",
    "mulhi": ("XLA's CPU backend refuses mulhi on a transposed operand ('Unsupported elementwise operation', JAX "
              "0.10.2's too), which the per-example comparison's batch axes make; its batching rule (broadcasting) "
              "is held to JAX by test_lax_more's vmap cases"),
    "custom_lin": ("only in linear jaxprs, which are transposed: batching it is evaluating a linearized custom_vjp "
                   "function, JAX's forward-mode TypeError (its rule raises it)"),
    "rng_bit_generator": ("JAX's rule draws every example's bits from the first example's key (not per example, by "
                          "design): held to JAX's values by test_lax_more's rbg_vmap cases"),
    "rng_uniform": "no batching rule (JAX's has none either: NOT_BATCHED)",
}


def _data(rng: np.random.Generator, shape: tuple[int, ...], dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    if dtype == BOOL:
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        return rng.integers(1, 6, shape).astype(dtype)
    return rng.uniform(0.5, 2.0, shape).astype(dtype)


# name -> (function of arrays, operand types). Each function binds one primitive (or a few, for the control flow
# rules); together they cover every primitive of the runtime.
CASES: dict[str, tuple[Callable[..., Any], list[tuple[tuple[int, ...], np.dtype[Any]]]]] = {
    "add": (L.add, [((2, 3), F32), ((2, 3), F32)]),
    "add_scalar_operand": (L.add, [((2, 3), F32), ((), F32)]),
    "add_size1": (L.add, [((2, 1), F32), ((1, 3), F32)]),
    "add_any": (L.add_any, [((2, 3), F32), ((2, 3), F32)]),
    "sub": (L.sub, [((4,), I32), ((4,), I32)]),
    "mul": (L.mul, [((2, 3), F32), ((2, 3), F32)]),
    "div": (L.div, [((2, 3), F32), ((2, 3), F32)]),
    "rem": (L.rem, [((3,), I32), ((3,), I32)]),
    "pow": (L.pow, [((3,), F32), ((3,), F32)]),
    "pow_int_exponent": (L.pow, [((3,), F32), ((3,), I32)]),
    "max": (L.max, [((2, 2), F32), ((2, 2), F32)]),
    "min": (L.min, [((2, 2), I32), ((2, 2), I32)]),
    "and": (L.bitwise_and, [((3,), I32), ((3,), I32)]),
    "or": (L.bitwise_or, [((3,), BOOL), ((3,), BOOL)]),
    "xor": (L.bitwise_xor, [((3,), I32), ((3,), I32)]),
    "shift_left": (L.shift_left, [((3,), I32), ((3,), I32)]),
    "shift_right_logical": (L.shift_right_logical, [((3,), I32), ((3,), I32)]),
    "shift_right_arithmetic": (L.shift_right_arithmetic, [((3,), I32), ((3,), I32)]),
    "eq": (L.eq, [((2, 3), I32), ((2, 3), I32)]),
    "ne": (L.ne, [((2, 3), F32), ((2, 3), F32)]),
    "lt": (L.lt, [((2, 3), F32), ((2, 3), F32)]),
    "le": (L.le, [((3,), I32), ((3,), I32)]),
    "gt": (L.gt, [((3,), F32), ((), F32)]),
    "ge": (L.ge, [((3,), I32), ((3,), I32)]),
    "neg": (L.neg, [((2, 3), F32)]),
    "sign": (L.sign, [((2, 3), F32)]),
    "not": (L.bitwise_not, [((3,), BOOL)]),
    "exp": (L.exp, [((2, 3), F32)]),
    "log": (L.log, [((2, 3), F32)]),
    "sqrt": (L.sqrt, [((2, 3), F32)]),
    "sin": (L.sin, [((2, 3), F32)]),
    "cos": (L.cos, [((2, 3), F32)]),
    "tanh": (L.tanh, [((2, 3), F32)]),
    "floor": (L.floor, [((2, 3), F32)]),
    "round": (L.round, [((2, 3), F32)]),
    "abs": (L.abs, [((2, 3), I32)]),
    "real_imag": (lambda x: (L.real(L.convert_element_type(x, np.dtype("complex64"))),
                             L.imag(L.convert_element_type(x, np.dtype("complex64")))), [((3,), F32)]),
    "integer_pow": (lambda x: L.integer_pow(x, 3), [((2, 3), F32)]),
    **{name: (getattr(L, name), [((2, 3), F32)]) for name in (
        "ceil", "exp2", "expm1", "log1p", "tan", "atan", "sinh", "cosh", "asinh", "cbrt", "square", "is_finite")},
    "asin_acos_atanh": (lambda x: (L.asin(L.mul(x, L.full((), 0.4, F32))), L.acos(L.mul(x, L.full((), 0.4, F32))),
                                   L.atanh(L.mul(x, L.full((), 0.4, F32)))), [((2, 3), F32)]),
    "acosh": (lambda x: L.acosh(L.add(x, L.full((), 1.0, F32))), [((2, 3), F32)]),
    "conj": (lambda x: L.conj(L.convert_element_type(x, np.dtype("complex64"))), [((3,), F32)]),
    "bitcast_convert_type": (lambda x: L.bitcast_convert_type(x, I32), [((2, 3), F32)]),
    **{name: (getattr(L, name), [((2, 3), F32), ((2, 3), F32)]) for name in (
        "atan2", "nextafter", "polygamma", "complex", "eq_to", "lt_to", "le_to")},
    "convert_element_type": (lambda x: L.convert_element_type(x, I32), [((2, 3), F32)]),
    "stop_gradient": (L.stop_gradient, [((2, 3), F32)]),
    "select_n_bool": (L.select_n, [((2, 3), BOOL), ((2, 3), F32), ((2, 3), F32)]),
    "select_n_scalar_which": (L.select_n, [((), BOOL), ((2, 3), F32), ((2, 3), F32)]),
    "select_n_int": (lambda w, a, b, c: L.select_n(L.rem(w, L.full((), 3, I32)), a, b, c),
                     [((4,), I32), ((4,), F32), ((4,), F32), ((4,), F32)]),
    "clamp": (L.clamp, [((3,), F32), ((3,), F32), ((3,), F32)]),
    "clamp_scalar_bounds": (L.clamp, [((), I32), ((2, 3), I32), ((), I32)]),
    "broadcast_in_dim": (lambda x: L.broadcast_in_dim(x, (2, 4, 3), (0, 2)), [((2, 3), F32)]),
    "broadcast_in_dim_scalar": (lambda x: L.broadcast_in_dim(x, (2, 2), ()), [((), F32)]),
    "reshape": (lambda x: L.reshape(x, (3, 2)), [((2, 3), F32)]),
    "transpose": (lambda x: L.transpose(x, (2, 0, 1)), [((2, 3, 4), F32)]),
    "squeeze": (lambda x: L.squeeze(x, (1,)), [((2, 1, 3), F32)]),
    "slice": (lambda x: L.slice(x, (0, 1), (2, 3)), [((2, 3), F32)]),
    "slice_strided": (lambda x: L.slice(x, (1,), (6,), (2,)), [((6,), I32)]),
    "rev": (lambda x: L.rev(x, (1,)), [((2, 3), F32)]),
    "reduce_sum": (lambda x: L.reduce("sum", x, (1,)), [((2, 3), F32)]),
    "reduce_prod": (lambda x: L.reduce("prod", x, (0,)), [((2, 3), I32)]),
    "reduce_max": (lambda x: L.reduce("max", x, (0, 1)), [((2, 3), F32)]),
    "reduce_min": (lambda x: L.reduce("min", x, (1,)), [((2, 3), I32)]),
    "reduce_or": (lambda x: L.reduce("or", x, (0,)), [((2, 3), BOOL)]),
    "reduce_and": (lambda x: L.reduce("and", x, (1,)), [((2, 3), BOOL)]),
    "dot_general_matmul": (lambda a, b: L.dot_general(a, b, (((1,), (0,)), ((), ())), F32),
                           [((2, 3), F32), ((3, 4), F32)]),
    "dot_general_batch": (lambda a, b: L.dot_general(a, b, (((2,), (1,)), ((0,), (0,))), F32),
                          [((2, 3, 4), F32), ((2, 4, 5), F32)]),
    "dot_general_vec": (lambda a, b: L.dot_general(a, b, (((0,), (0,)), ((), ())), I32), [((3,), I32), ((3,), I32)]),
    "iota_plus": (lambda x: L.add(x, L.iota(F32, (3,), 0)), [((3,), F32)]),
    "empty_plus": (lambda x: L.add(x, alax.empty((3,), F32)), [((3,), F32)]),
    "cond": (lambda p, x: alax.cond(p, lambda x: L.sin(x), lambda x: L.neg(x), x), [((), BOOL), ((2,), F32)]),
    "jit": (lambda x: at.jit(lambda y: L.sin(L.transpose(y, (1, 0))))(x), [((2, 3), F32)]),
    "custom_jvp_call": (lambda x, y: anp.logaddexp(x, y), [((2, 3), F32), ((3,), F32)]),
    "custom_vjp_call": (lambda x, y: _sin_times(x, y), [((2, 3), F32), ((3,), F32)]),
    "custom_vjp_grad": (lambda x, y: at.grad(lambda v: _sin_times(v, y).sum())(x), [((3,), F32), ((3,), F32)]),
    "remat2": (lambda x: at.checkpoint(lambda v: L.sin(L.mul(v, v)))(x), [((2, 3), F32)]),
    # the gradient of a checkpoint saving a dot: remat2 differentiated, reduce_precision on the saved residual
    "remat2_grad": (lambda w, x: at.grad(lambda w: at.checkpoint(
        lambda w: anp.sin(w @ x).sum(), policy=at.checkpoint_policies.dots_saveable)(w))(w),
        [((2, 3), F32), ((3,), F32)]),
    "name": (lambda x: ad_checkpoint.checkpoint_name(L.sin(x), "a"), [((2, 3), F32)]),
    # the gradient of a cond: its residual slots hold empty2 placeholders in the branch without residuals
    "diagonal_square": (anp.diagonal, [((3, 3), F32)]),
    "cond_grad": (lambda x: at.grad(lambda v: alax.cond(v > 0, lambda y: L.sin(y), lambda y: L.neg(y), v))(x),
                  [((), F32)]),
    "switch": (lambda i, x: alax.switch(i, [L.sin, L.neg, L.exp], x), [((), I32), ((2,), F32)]),
    "while": (lambda n, x: alax.while_loop(lambda c: c[0] < n, lambda c: (c[0] + 1, c[1] * 1.5), (0, x))[1],
              [((), I32), ((2,), F32)]),
    "scan": (lambda c, xs: alax.scan(lambda c, x: (c * x + 1.0, c), c, xs), [((2,), F32), ((4, 2), F32)]),
    "fori": (lambda x: alax.fori_loop(0, 3, lambda i, c: c * 2.0 + i, x), [((2,), F32)]),
    # elementwise primitives outside primitives.py
    **{f.__name__: (f, [((2, 3), F32)]) for f in (SF.erf, SF.erfc, SF.lgamma, SF.digamma, E.rsqrt, E.logistic)},
    "erf_inv": (lambda x: SF.erf_inv(L.mul(x, L.full((), 0.4, F32))), [((2, 3), F32)]),
    "clz": (E.clz, [((2, 3), I32)]),
    "copy": (L.copy, [((2, 3), F32)]),
    # joining
    "concatenate": (lambda a, b, c: L.concatenate([a, b, c], 1), [((2, 3), F32), ((2, 1), F32), ((2, 2), F32)]),
    "stack": (lambda a, b: L.stack([a, b], 1), [((2, 3), I32), ((2, 3), I32)]),
    "split": (lambda x: tuple(L.split(x, (1, 0, 2), 1)), [((2, 3), F32)]),
    "unstack": (lambda x: tuple(L.unstack(x, 1)), [((2, 3), F32)]),
    "pad": (lambda x, v: L.pad(x, v, [(1, 2, 1), (0, -1, 0)]), [((2, 3), F32), ((), F32)]),
    "pad_int": (lambda x, v: L.pad(x, v, [(2, 0, 0)]), [((3,), I32), ((), I32)]),
    "tile": (lambda x: L.tile(x, (2, 3)), [((2, 3), F32)]),
    # order-based
    "sort": (lambda x: tuple(L.sort([x], 1)), [((2, 4), F32)]),
    "sort_two_operands": (lambda k, v: tuple(L.sort([k, v], 0, num_keys=1)), [((4, 2), I32), ((4, 2), F32)]),
    "argmax": (lambda x: S.argmax_p.bind(x, axes=(1,), index_dtype=I32), [((2, 4), F32)]),
    "argmin": (lambda x: S.argmin_p.bind(x, axes=(0,), index_dtype=I32), [((3, 2), I32)]),
    **{p.name: (lambda x, p=p: p.bind(x, axis=1, reverse=False), [((2, 4), F32)])
       for p in (S.cumsum_p, S.cumprod_p, S.cummax_p)},
    "cummin_reverse": (lambda x: S.cummin_p.bind(x, axis=0, reverse=True), [((4, 2), I32)]),
    "cumlogsumexp": (lambda x: alax.cumlogsumexp(x, axis=1, reverse=True), [((2, 4), F32)]),
    "top_k": (lambda x: top_k(x, 2, 1), [((2, 5), F32)]),
    # indexing
    "dynamic_slice": (lambda x, i, j: SL.dynamic_slice(x, (i, j), (2, 2)), [((3, 4), F32), ((), I32), ((), I32)]),
    "dynamic_update_slice": (lambda x, u, i: SL.dynamic_update_slice(x, u, (i, L.full((), 0, I32))),
                             [((3, 4), F32), ((2, 4), F32), ((), I32)]),
    "gather": (lambda x, i: x[i], [((6, 2), F32), ((2,), I32)]),
    "gather_fill": (lambda x, i: x.at[i].get(mode="fill"), [((4,), F32), ((3,), I32)]),
    "gather_take_along_axis": (lambda x, i: anp.take_along_axis(x, i, axis=1), [((2, 6), F32), ((2, 3), I32)]),
    "scatter": (lambda x, i, u: x.at[i].set(u), [((6, 2), F32), ((1,), I32), ((1, 2), F32)]),
    "scatter-add": (lambda x, i, u: x.at[i].add(u), [((6,), F32), ((3,), I32), ((3,), F32)]),
    "scatter-mul": (lambda x, i, u: x.at[i].multiply(u), [((6,), I32), ((3,), I32), ((3,), I32)]),
    "scatter-sub": (lambda x, i, u: alax.scatter_sub(x, L.reshape(i, (3, 1)), u, alax.ScatterDimensionNumbers(
        update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,))),
                    [((6,), F32), ((3,), I32), ((3,), F32)]),
    "scatter-min": (lambda x, i, u: x.at[i].min(u), [((6,), F32), ((3,), I32), ((3,), F32)]),
    "scatter-max": (lambda x, i, u: x.at[i].max(u, mode="clip"), [((6,), I32), ((3,), I32), ((3,), I32)]),
    # random
    "threefry2x32": (lambda a, b, x, y: tuple(prng.threefry2x32_p.bind(a, b, x, y)),
                     [((), U32), ((), U32), ((3,), U32), ((3,), U32)]),
    "prng_split": (lambda k: prng.split(k, (2, 3)), [((2,), U32)]),
    "random_gamma": (lambda k, a: random_gamma_p.bind(k, L.add(L.abs(a), L.full((), 0.5, F32)), log_space=False),
                     [((2,), U32), ((3,), F32)]),
    "prng_random_bits": (lambda k: prng.random_bits(k, 32, (5,)), [((2,), U32)]),
    # signal processing
    "fft": (lambda x: anp.fft.fft(x), [((2, 4), F32)]),
    "rfft": (lambda x: anp.fft.rfft(x), [((2, 4), F32)]),
    "reduce_window_sum": (lambda x: alax.reduce_window(x, 0.0, alax.add, (2, 1), (1, 1), "VALID"), [((3, 2), F32)]),
    "reduce_window_max": (lambda x: alax.reduce_window(x, -np.inf, alax.max, (2,), (2,), [(1, 0)]), [((5,), F32)]),
    "reduce_window_min": (lambda x: alax.reduce_window(x, np.inf, alax.min, (1, 2), None, "SAME"), [((2, 3), F32)]),
    "reduce_window": (lambda x: alax.reduce_window(x, 1.0, alax.mul, (2,), (1,)), [((4,), F32)]),
    "conv": (lambda x, w: alax.conv_general_dilated(x, w, (1,), "SAME"), [((2, 4, 5), F32), ((3, 4, 2), F32)]),
    "conv_feature_groups": (lambda x, w: alax.conv_general_dilated(x, w, (1,), "VALID", feature_group_count=2),
                            [((1, 4, 5), F32), ((4, 2, 2), F32)]),
    "conv_batch_groups": (lambda x, w: alax.conv_general_dilated(x, w, (2,), [(1, 0)], batch_group_count=2),
                          [((2, 3, 5), F32), ((4, 3, 2), F32)]),
    # linear algebra (its primitives batch with their batch axes in front); well-conditioned, sign-free results
    "cholesky": (lambda a: anp.linalg.cholesky(a @ a.T + 4.0 * anp.eye(3, dtype=F32)), [((3, 3), F32)]),
    "solve": (lambda a, b: anp.linalg.solve(a + 4.0 * anp.eye(3, dtype=F32), b), [((3, 3), F32), ((3,), F32)]),
    "qr": (lambda a: (lambda q, r: q @ r)(*anp.linalg.qr(a)), [((3, 2), F32)]),
    # qr's LAPACK steps (its lowering binds them; they are primitives of their own too)
    "geqrf": (lambda a: lapack.geqrf_p.bind(a)[0], [((3, 2), F32)]),
    "householder_product": (lambda a: lapack.householder_product_p.bind(*lapack.geqrf_p.bind(a)), [((3, 2), F32)]),
    "lu_pivots_to_permutation": (lambda p: lapack.lu_pivots_to_permutation_p.bind(p, permutation_size=4),
                                 [((3,), I32)]),
    "symmetric_product": (lambda a, c: lapack.symmetric_product_p.bind(a, c, alpha=2.0, beta=0.5),
                          [((3, 2), F32), ((3, 3), F32)]),
    "hessenberg": (lambda a: lapack.hessenberg_p.bind(a)[0], [((3, 3), F32)]),
    "tridiagonal": (lambda a: lapack.tridiagonal_p.bind(a + a.T, lower=True)[1], [((3, 3), F32)]),
    "schur": (lambda a: lapack.schur_p.bind(a, compute_schur_vectors=True, sort_eig_vals=False,
                                            select_callable=None)[0], [((3, 3), F32)]),
    "ormqr": (lambda a, c: lapack.ormqr_p.bind(*lapack.geqrf_p.bind(a), c, left=True, transpose=False),
              [((3, 2), F32), ((3, 2), F32)]),
    "tridiagonal_solve": (lambda d, b: lapack.tridiagonal_solve_p.bind(d, d + 4.0, d, b, perturb_singular=False),
                          [((3,), F32), ((3, 2), F32)]),
    "eigvalsh": (lambda a: anp.linalg.eigh(a + a.T)[0], [((3, 3), F32)]),
    "svdvals": (lambda a: anp.linalg.svd(a, compute_uv=False), [((3, 2), F32)]),
    "eigvals": (lambda a: anp.linalg.eigvals(a + a.T + 4.0 * anp.eye(3, dtype=F32)), [((3, 3), F32)]),
}

NOT_BATCHED: dict[str, str] = {
    "iota": "takes no operands, so it is never bound to batched values (iota_plus covers it inside a batch)",
    "iota_2x32_shape": "takes no operands, so it is never bound to batched values (prng_split covers it)",
    "empty": "takes no operands, so it is never bound to batched values (empty_plus covers it inside a batch)",
    "empty2": "takes no operands (a cond's placeholder for another branch's residual, staged by grad)",
    "platform_index": "takes no operands (the index of a platform_dependent cond: diagonal_square covers it)",
    "cholesky_update": "JAX's has no batching rule either (one matrix only): tools/jax_scipy_linalg_reference.py's "
                       "lax_cholesky_update_vmap holds the error to JAX's",
    "rng_uniform": "JAX's has no batching rule either: test_lax_more's rng_uniform_vmap holds the error to JAX's",
    "linear_call": ("JAX's has no batching rule either: test_custom_vjp's linear_call_vmap holds the error to "
                    "JAX's"),
}


def _host_sin(x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    return np.sin(x).astype(x.dtype)


def _pure_callback(method: str) -> Callable[..., Any]:
    return lambda x: at.pure_callback(_host_sin, at.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method=method)


@at.custom_batching.custom_vmap
def _custom_sin(x: Any) -> Any:
    return L.sin(x)


@_custom_sin.def_vmap
def _custom_sin_rule(axis_size: int, in_batched: list[bool], x: Any) -> tuple[Any, bool]:
    return L.sin(x), in_batched[0]


def _potrf(x: Any) -> Any:
    s = L.add(L.dot_general(x, x, (((0,), (0,)), ((), ())), None), L.full((2, 2), 3.0, F32))
    call = at.ffi.ffi_call("lapack_spotrf_ffi", (at.ShapeDtypeStruct((2, 2), F32), at.ShapeDtypeStruct((), I32)),
                           input_layouts=[(1, 0)], output_layouts=[(1, 0), ()], vmap_method="sequential")
    return tuple(call(s, uplo=np.uint8(ord("L"))))


CASES.update({
    # special functions, bits and barriers added with issue 64
    **{n: (getattr(alax, n), [((2, 3), F32)]) for n in ("bessel_i0e", "bessel_i1e")},
    **{n: (getattr(alax, n), [((2, 3), F32), ((2, 3), F32)]) for n in ("igamma", "igammac", "igamma_grad_a", "zeta")},
    "betainc": (alax.betainc, [((3,), F32), ((3,), F32), ((3,), F32)]),
    "population_count": (alax.population_count, [((2, 3), I32)]),
    "reduce_xor": (lambda x: alax.reduce_xor(x, (1,)), [((2, 3), I32)]),
    "optimization_barrier": (lambda x, y: alax.optimization_barrier((x, y)), [((2, 3), F32), ((3,), I32)]),
    "approx_top_k": (lambda x: alax.approx_max_k(x, 2), [((2, 3), F32)]),
    "dce_sink": (lambda x: (alax.dce_sink(x * 2), x + 1)[1], [((2, 3), F32)]),
    "reduce": (lambda x, y: alax.reduce((x, y), (np.float32(0), np.int32(1)),
                                        lambda p, q: (p[0] + q[0] * q[0], p[1] * q[1]), (1,)),
               [((2, 3), F32), ((2, 3), I32)]),
    "custom_vmap": (_custom_sin, [((2, 3), F32)]),
    "ffi_call": (_potrf, [((2, 2), F32)]),
    "debug_callback": (lambda x: (at.debug.callback(lambda v: None, x), x + 1.0)[1], [((2, 3), F32)]),
    "pure_callback_sequential": (_pure_callback("sequential"), [((2, 3), F32)]),
    "pure_callback_expand_dims": (_pure_callback("expand_dims"), [((2, 3), F32)]),
    "pure_callback_broadcast_all": (_pure_callback("broadcast_all"), [((2, 3), F32)]),
    "check": (lambda x: (checkify.debug_check(anp.all(x > 0), "positive {}", x), x + 1.0)[1], [((2, 3), F32)]),
    "io_callback": (lambda x: io_callback(_host_sin, at.ShapeDtypeStruct(x.shape, x.dtype), x), [((2, 3), F32)]),
})


def _all_primitives() -> dict[str, Primitive]:
    """Every primitive of the runtime (each module under arraytyping._src walked, so a new one cannot go unnoticed)."""
    found: dict[str, Primitive] = {}
    for info in pkgutil.walk_packages(_src.__path__, "arraytyping._src."):
        for v in vars(importlib.import_module(info.name)).values():
            if isinstance(v, Primitive):
                found[v.name] = v
    return found


def test_every_primitive_has_a_batching_rule() -> None:
    missing = [name for name, p in _all_primitives().items()
               if p not in batching.RULES and p not in batching.COLLECTIVE_RULES and name not in NOT_BATCHED]
    assert not missing
    assert set(NOT_BATCHED) <= set(_all_primitives())


def test_every_primitive_is_exercised() -> None:
    seen: set[str] = set()
    for fn, types in CASES.values():
        closed = at.make_jaxpr(fn)(*[ShapedArray(s, d) for s, d in types])

        def walk(j: Any) -> None:
            for e in j.eqns:
                seen.add(e.primitive.name)
                for v in e.params.values():
                    for s in (v if isinstance(v, tuple) else (v,)):
                        if hasattr(s, "jaxpr"):
                            walk(s.jaxpr)
        walk(closed.jaxpr)
    expected = set(_all_primitives()) - set(NOT_EXERCISED)
    assert expected <= seen, expected - seen


def test_a_linearized_custom_vjp_function_is_not_batched() -> None:
    lin = at.linearize(_sin_times, anp.ones(3), anp.ones(3))[1]
    with pytest.raises(TypeError, match="can't apply forward-mode autodiff"):
        at.vmap(lin)(anp.ones((2, 3)), anp.ones((2, 3)))


def _per_example(fn: Callable[..., Any], args: list[np.ndarray[Any, Any]], in_axes: list[int | None],
                 out_axis: int, weak: list[bool] | None = None) -> list[np.ndarray[Any, Any]]:
    """Run ``fn`` on each example (eagerly) and stack the results along ``out_axis`` (their weak flags, the same
    for every example, into ``weak``)."""
    results = []
    for i in range(B):
        ex = [anp.asarray(a if d is None else np.take(a, i, axis=d)) for a, d in zip(args, in_axes)]
        out = fn(*ex)
        outs = out if isinstance(out, tuple) else (out,)
        results.append([np.asarray(o) for o in outs])
        if weak is not None:
            weak[:] = [bool(getattr(o, "weak_type", False)) for o in outs]
    return [np.stack([r[k] for r in results], axis=out_axis) for k in range(len(results[0]))]


def _compare(got: Any, want: np.ndarray[Any, Any], what: str) -> None:
    g = np.asarray(got)
    assert g.shape == want.shape and g.dtype == want.dtype, (what, g.shape, want.shape, g.dtype, want.dtype)
    if g.dtype.kind in "fc":
        np.testing.assert_allclose(g, want, rtol=1e-6, atol=1e-6, err_msg=what)
    else:
        np.testing.assert_array_equal(g, want, err_msg=what)


@pytest.mark.parametrize("name", sorted(CASES))
def test_batching_rule_matches_per_example_evaluation(name: str) -> None:
    """Random in_axes (each operand mapped along some axis or not at all) and out_axes, eagerly and under jit."""
    fn, types = CASES[name]
    rng = np.random.default_rng(zlib.crc32(name.encode()))  # a seed per case, the same in every run
    for trial in range(4):
        in_axes: list[int | None] = []
        args = []
        for shape, dtype in types:
            d = None if (trial > 0 and rng.random() < 0.3) else int(rng.integers(-len(shape) - 1, len(shape) + 1))
            in_axes.append(d)
            base = _data(rng, shape, dtype)
            if d is not None:
                nd = len(shape) + 1
                base = np.stack([_data(rng, shape, dtype) for _ in range(B)], axis=d % nd)
            args.append(base)
        if all(d is None for d in in_axes):
            in_axes[0] = 0
            args[0] = np.stack([_data(rng, types[0][0], types[0][1]) for _ in range(B)])
        out_axis = int(rng.choice([0, -1]))
        weak: list[bool] = []
        want = _per_example(fn, args, in_axes, out_axis, weak)
        vf = at.vmap(fn, in_axes=tuple(in_axes), out_axes=out_axis)
        for run in (vf, at.jit(vf)):
            got = run(*[anp.asarray(a) for a in args])
            got_list = list(got) if isinstance(got, tuple) else [got]
            assert len(got_list) == len(want)
            for k, (g, w, wk) in enumerate(zip(got_list, want, weak)):
                what = f"{name} trial {trial} in_axes={in_axes} out_axes={out_axis} output {k}"
                _compare(g, w, what)
                assert g.weak_type == wk, what


def test_vmap_keeps_dtypes_and_weak_flags() -> None:
    x = anp.ones((3, 2), dtype="bfloat16")
    assert at.vmap(lambda v: v * 2)(x).dtype == np.dtype(x.dtype)
    out = at.vmap(lambda v: 2.0, axis_size=None)(x)  # an unbatched Python scalar output is broadcast, weakly typed
    assert out.shape == (3,) and out.weak_type
    assert at.vmap(lambda v: v + 1)(anp.asarray([1.0, 2.0])).weak_type is False


def test_composition_jit_and_nested_vmap() -> None:
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=(4, 3)).astype(np.float32), rng.normal(size=(5, 3)).astype(np.float32)

    def dot(x: Any, y: Any) -> Any:
        return (x * y).sum()

    want = a @ b.T
    outer = at.vmap(at.vmap(dot, in_axes=(None, 0)), in_axes=(0, None))
    np.testing.assert_allclose(np.asarray(outer(anp.asarray(a), anp.asarray(b))), want, rtol=1e-5)
    np.testing.assert_allclose(np.asarray(at.jit(outer)(anp.asarray(a), anp.asarray(b))), want, rtol=1e-5)
    inner_jit = at.vmap(at.vmap(at.jit(dot), in_axes=(None, 0)), in_axes=(0, None))
    np.testing.assert_allclose(np.asarray(inner_jit(anp.asarray(a), anp.asarray(b))), want, rtol=1e-5)
    # the batch axis of the outer vmap moves to the front of the output; out_axes=1 of the inner keeps its place
    moved = at.vmap(at.vmap(dot, in_axes=(None, 0), out_axes=0), in_axes=(0, None), out_axes=1)
    np.testing.assert_allclose(np.asarray(moved(anp.asarray(a), anp.asarray(b))), want.T, rtol=1e-5)


def test_pytrees_of_axes() -> None:
    x, y = anp.asarray(np.arange(6.0, dtype=np.float32).reshape(3, 2)), anp.asarray(np.ones(2, np.float32))

    def f(d: Any, pair: Any) -> Any:
        return {"s": d["a"] + d["b"], "t": [pair[0] * 2, pair[1]]}

    out = at.vmap(f, in_axes=({"a": 0, "b": None}, [1, None]), out_axes={"s": 1, "t": [0, None]})(
        {"a": x, "b": y}, [x.T, y])
    np.testing.assert_array_equal(np.asarray(out["s"]), (np.asarray(x) + 1).T)
    np.testing.assert_array_equal(np.asarray(out["t"][0]), np.asarray(x) * 2)
    np.testing.assert_array_equal(np.asarray(out["t"][1]), np.asarray(y))
    assert at.vmap(lambda a, n: a if n is None else n, in_axes=(0, None))(x, None).shape == (3, 2)


@pytest.mark.parametrize("call, error, text", [
    (lambda: at.vmap(lambda a: a)("s"), TypeError, "is not a valid JAX type"),
    (lambda: at.vmap(lambda a: "s")(anp.ones(3)), TypeError, "Output from batched function 's'"),
    (lambda: at.vmap(lambda a: a, in_axes="a"), TypeError, "vmap in_axes must be an int, None, or a tuple"),
    (lambda: at.vmap(lambda a: a, in_axes=(1.0,)), TypeError, "(nested) container with those types as leaves"),
    (lambda: at.vmap(lambda a: a, out_axes=1.0), TypeError, "vmap out_axes must be"),
    (lambda: at.vmap(lambda: 1.0)(), ValueError, "must be passed at least one argument"),
    (lambda: at.vmap(lambda a: a, axis_size=2)(anp.ones(3)), ValueError, "the `axis_size` argument was 2"),
    (lambda: at.vmap(lambda a: a, in_axes=((0, 0),))(anp.ones(3)), ValueError, "different types at key path"),
    (lambda: at.vmap(lambda a: a, in_axes=({"q": 0},))({"k": anp.ones(3)}), ValueError, "pytree metadata"),
    (lambda: at.vmap(lambda *a: a[0] + a[1])(anp.ones(3), anp.ones(4)), ValueError, "axis 0 of args[1]"),
    (lambda: at.vmap(lambda a, k: a + k)(anp.ones(3), k=anp.ones(4)), ValueError, "axis 0 of kwargs['k']"),
    (lambda: at.vmap(lambda a: (a, a), out_axes=(0, None))(anp.ones((2, 3))), ValueError,
     "at vmap out_axes[1], got axis spec None but output was batched on axis 0"),
])
def test_errors_as_jax(call: Callable[[], Any], error: type[Exception], text: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert text in str(info.value)


def test_vmap_of_control_flow_per_example() -> None:
    rng = np.random.default_rng(1)
    n = np.array([0, 2, 5], np.int32)
    x = rng.normal(size=(3, 2)).astype(np.float32)

    def f(k: Any, v: Any) -> Any:
        c = alax.while_loop(lambda c: c[0] < k, lambda c: (c[0] + 1, c[1] * 2.0 + 1.0), (0, v))
        s = alax.scan(lambda acc, e: (acc + e, acc * e), c[1], anp.ones((3, 2)))
        return alax.cond(k > 1, lambda t: t[0] - 1.0, lambda t: t[1].sum(axis=0), s)

    want = _per_example(f, [n, x], [0, 0], 0)[0]
    for run in (at.vmap(f), at.jit(at.vmap(f))):
        _compare(run(anp.asarray(n), anp.asarray(x)), want, "control flow")


class _Validating:
    """A pytree node whose constructor converts its argument (the custom-pytrees tutorial's ``MyTree``): vmap must
    not rebuild it from placeholders, as JAX 0.10.2 does not."""

    def __init__(self, a: Any) -> None:
        self.a = anp.asarray(a)


at.tree_util.register_pytree_node(_Validating, lambda t: ((t.a,), None), lambda _, c: _Validating(*c))


def test_vmap_never_rebuilds_a_node_from_placeholders() -> None:
    tree = _Validating(anp.arange(6.0).reshape(2, 3))
    out = at.vmap(lambda t: t)(tree)
    assert isinstance(out, _Validating) and out.a.shape == (2, 3)
    np.testing.assert_array_equal(np.asarray(at.vmap(lambda t: _Validating(t.a * 2), out_axes=1)(tree).a),
                                  np.arange(6.0).reshape(2, 3).T * 2)
    with pytest.raises(ValueError, match="vmap in_axes specification must be a tree prefix"):
        at.vmap(lambda t: t, in_axes=([0],))(tree)  # the prefix does not fit: the message still names the leaf
