"""Write JAX 0.10.2's derivatives to ``tests/data/jax_ad_reference.json``: gradients of every primitive, jaxprs of
``grad``/``jvp``/``vjp`` of a set of functions, and what the differentiation API refuses.

Like ``tools/jax_reference.py`` this imports ``jax`` and runs in JAX's own virtual environment::

    python tools/ad_reference.py --venv .jaxref-venv      # creates the venv if needed, then re-runs itself in it

Three tables, importable without JAX (``tests/runtime/test_ad_conformance.py`` reads them from here):

* ``PRIMITIVES``: one function per primitive (and a few variants: rank-0 operands, ties, strides...), written over a
  neutral namespace ``L`` of ``lax``-level operations (:class:`JaxLax` here, an adapter over our ``lax`` in the test),
  run on every dtype the primitive takes. Per configuration the reference holds the output's type, ``vjp``'s
  cotangents for a fixed output cotangent and ``jvp``'s output tangent for fixed input tangents (dtype, weak flag,
  shape and values), or the error JAX raised.
* ``FUNCTIONS``: ``arraytyping.numpy`` functions (source over ``np``, as ``tools/jaxpr_reference.py``) under the
  transformations of ``TRANSFORMS``; the reference holds each printed jaxpr and its equations (nested ``jit`` calls
  inlined), as ``tools/jaxpr_reference.py`` records them.
* ``API_CASES``: calls of the API (source over ``ad``, the transformations, and ``np``): the result's types, or the
  error class and message.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "jax_ad_reference.json"
ONLY_PRIMITIVES = "JAXREF_ONLY_PRIMITIVES"
"""``JAXREF_ONLY_PRIMITIVES=name,name`` regenerates only those :data:`PRIMITIVES` cases and keeps the rest of the file:
a full regeneration moves LAPACK's values in their last digits and some messages (it takes about 26 minutes).
``JAXREF_ONLY_FUNCTIONS=name,name`` does the same for :data:`FUNCTIONS` cases (their jaxprs under each transform)."""
ONLY_FUNCTIONS = "JAXREF_ONLY_FUNCTIONS"

# ---------------------------------------------------------------------------------------------------------------
# Primitive gradients

FLOAT = ["float16", "bfloat16", "float32", "float32*", "float64", "complex64", "complex128"]
REAL_FLOAT = ["float16", "bfloat16", "float32", "float32*", "float64"]
INTS = ["int8", "int32", "uint8"]
NUM = INTS + FLOAT
ANY = ["bool"] + NUM
BITS = ["bool", "int8", "int32", "uint8"]
COMPLEX = ["complex64", "complex128"]
LINALG = ["float32", "float32*", "float64", "complex64", "complex128"]
"""Dtype families; ``float32*`` is a weakly typed float32 (float64 with x64)."""

# Argument specs: ``SHAPE:VALUES`` with VALUES one of ``a`` (signed), ``b`` (signed, ties with ``a``), ``p``
# (positive), ``u`` (in (-1, 1)), ``g`` (greater than 1), ``w`` (a bool selector), ``n`` (int32 exponents), ``i``
# (int32 selector in 0..2); the dtype is the case's, except for ``w``, ``n`` and ``i``.
PRIMITIVES: dict[str, tuple[str, list[str], list[str]]] = {
    "add": ("lambda x, y: L.add(x, y)", ["2,3:a", "2,3:b"], NUM),
    "add_scalar": ("lambda x, y: L.add(x, y)", ["2,3:a", ":p"], FLOAT),
    "sub": ("lambda x, y: L.sub(x, y)", ["2,3:a", "2,3:b"], NUM),
    "sub_scalar": ("lambda x, y: L.sub(x, y)", [":p", "2,3:a"], FLOAT),
    "mul": ("lambda x, y: L.mul(x, y)", ["2,3:a", "2,3:b"], NUM),
    "mul_scalar": ("lambda x, y: L.mul(x, y)", ["2,3:a", ":p"], FLOAT),
    "div": ("lambda x, y: L.div(x, y)", ["2,3:a", "2,3:p"], NUM),
    "div_scalar": ("lambda x, y: L.div(x, y)", [":p", "2,3:p"], FLOAT),
    "rem": ("lambda x, y: L.rem(x, y)", ["2,3:a", "2,3:p"], INTS + REAL_FLOAT),
    "pow": ("lambda x, y: L.pow(x, y)", ["2,3:p", "2,3:a"], FLOAT),
    "pow_int": ("lambda x, n: L.pow(x, n)", ["2,3:p", "2,3:n"], FLOAT),
    "max": ("lambda x, y: L.max(x, y)", ["2,3:a", "2,3:b"], ANY),
    "min": ("lambda x, y: L.min(x, y)", ["2,3:a", "2,3:b"], ANY),
    "neg": ("lambda x: L.neg(x)", ["2,3:a"], NUM),
    "sign": ("lambda x: L.sign(x)", ["2,3:a"], NUM),
    "floor": ("lambda x: L.floor(x)", ["2,3:a"], REAL_FLOAT),
    "round": ("lambda x: L.round(x)", ["2,3:a"], REAL_FLOAT),
    "exp": ("lambda x: L.exp(x)", ["2,3:a"], FLOAT),
    "log": ("lambda x: L.log(x)", ["2,3:p"], FLOAT),
    "sqrt": ("lambda x: L.sqrt(x)", ["2,3:p"], FLOAT),
    "sin": ("lambda x: L.sin(x)", ["2,3:a"], FLOAT),
    "cos": ("lambda x: L.cos(x)", ["2,3:a"], FLOAT),
    "tanh": ("lambda x: L.tanh(x)", ["2,3:a"], FLOAT),
    "abs": ("lambda x: L.abs(x)", ["2,3:a"], ["int8", "int32"] + FLOAT),
    "real": ("lambda x: L.real(x)", ["2,3:a"], COMPLEX),
    "imag": ("lambda x: L.imag(x)", ["2,3:a"], COMPLEX),
    "complex": ("lambda x, y: L.complex(x, y)", ["2,3:a", "2,3:b"], ["float32", "float64"]),
    "conj": ("lambda x: L.conj(x)", ["2,3:a"], ["float32", "float64"] + COMPLEX),
    "integer_pow_0": ("lambda x: L.integer_pow(x, 0)", ["2,3:a"], NUM),
    "integer_pow_1": ("lambda x: L.integer_pow(x, 1)", ["2,3:a"], NUM),
    "integer_pow_2": ("lambda x: L.integer_pow(x, 2)", ["2,3:a"], NUM),
    "integer_pow_3": ("lambda x: L.integer_pow(x, 3)", ["2,3:a"], NUM),
    "integer_pow_neg": ("lambda x: L.integer_pow(x, -2)", ["2,3:p"], FLOAT),
    "convert_to_f32": ("lambda x: L.convert(x, 'float32')", ["2,3:a"], ANY),
    "convert_to_i32": ("lambda x: L.convert(x, 'int32')", ["2,3:a"], ["bool"] + INTS + REAL_FLOAT),
    "convert_to_bf16": ("lambda x: L.convert(x, 'bfloat16')", ["2,3:a"], ["int8"] + REAL_FLOAT),
    "convert_to_c64": ("lambda x: L.convert(x, 'complex64')", ["2,3:a"], ["int32"] + FLOAT),
    "select_n": ("lambda p, x, y: L.select_n(p, x, y)", ["2,3:w", "2,3:a", "2,3:b"], ANY),
    "select_n_int": ("lambda i, x, y, z: L.select_n(i, x, y, z)", ["2,3:i", "2,3:a", "2,3:b", "2,3:p"],
                     ["int32"] + FLOAT),
    "select_n_scalar": ("lambda p, x, y: L.select_n(p, x, y)", [":w", "2,3:a", "2,3:b"], FLOAT),
    "broadcast_in_dim": ("lambda x: L.broadcast_in_dim(x, (4, 2, 3), (1, 2))", ["2,3:a"], ANY),
    "broadcast_in_dim_unit": ("lambda x: L.broadcast_in_dim(x, (2, 3, 4), (0, 1, 2))", ["2,1,4:a"], FLOAT),
    "broadcast_in_dim_scalar": ("lambda x: L.broadcast_in_dim(x, (2, 3), ())", [":a"], FLOAT),
    "reshape": ("lambda x: L.reshape(x, (3, 2))", ["2,3:a"], ANY),
    "reshape_dimensions": ("lambda x: L.reshape(x, (3, 2), (1, 0))", ["2,3:a"], FLOAT),
    "transpose": ("lambda x: L.transpose(x, (1, 0))", ["2,3:a"], ANY),
    "squeeze": ("lambda x: L.squeeze(x, (1,))", ["2,1,3:a"], ANY),
    "slice": ("lambda x: L.slice(x, (0, 1), (2, 3), None)", ["2,3:a"], ANY),
    "slice_strided": ("lambda x: L.slice(x, (0, 0), (2, 3), (1, 2))", ["2,3:a"], FLOAT),
    "rev": ("lambda x: L.rev(x, (1,))", ["2,3:a"], ANY),
    "pad": ("lambda x, v: L.pad(x, v, ((1, 0, 0), (0, 2, 1)))", ["2,3:a", ":p"], FLOAT),
    "pad_negative": ("lambda x, v: L.pad(x, v, ((-1, 1, 0), (0, 0, 0)))", ["2,3:a", ":p"], FLOAT),
    "reduce_sum": ("lambda x: L.reduce_sum(x, (1,))", ["2,3:a"], NUM),
    "reduce_sum_all": ("lambda x: L.reduce_sum(x, (0, 1))", ["2,3:a"], FLOAT),
    "reduce_prod": ("lambda x: L.reduce_prod(x, (1,))", ["2,3:a"], NUM),
    "reduce_prod_all": ("lambda x: L.reduce_prod(x, (0, 1))", ["2,3:a"], FLOAT),
    "reduce_max": ("lambda x: L.reduce_max(x, (1,))", ["2,3:b"], ANY),
    "reduce_min": ("lambda x: L.reduce_min(x, (0,))", ["2,3:b"], ANY),
    "reduce_or": ("lambda x: L.reduce_or(x, (1,))", ["2,3:a"], BITS),
    "reduce_and": ("lambda x: L.reduce_and(x, (1,))", ["2,3:a"], BITS),
    "dot_general": ("lambda x, y: L.dot_general(x, y, (((1,), (0,)), ((), ())))", ["2,3:a", "3,4:b"], NUM),
    "dot_general_batch": ("lambda x, y: L.dot_general(x, y, (((2,), (1,)), ((0,), (0,))))",
                          ["2,2,3:a", "2,3,4:b"], FLOAT),
    "dot_general_transposed": ("lambda x, y: L.dot_general(x, y, (((0,), (1,)), ((), ())))", ["3,2:a", "4,3:b"],
                               FLOAT),
    "eq": ("lambda x, y: L.eq(x, y)", ["2,3:a", "2,3:b"], ANY),
    "ne": ("lambda x, y: L.ne(x, y)", ["2,3:a", "2,3:b"], ANY),
    "lt": ("lambda x, y: L.lt(x, y)", ["2,3:a", "2,3:b"], ["bool"] + INTS + REAL_FLOAT),
    "le": ("lambda x, y: L.le(x, y)", ["2,3:a", "2,3:b"], ["bool"] + INTS + REAL_FLOAT),
    "gt": ("lambda x, y: L.gt(x, y)", ["2,3:a", "2,3:b"], ["bool"] + INTS + REAL_FLOAT),
    "ge": ("lambda x, y: L.ge(x, y)", ["2,3:a", "2,3:b"], ["bool"] + INTS + REAL_FLOAT),
    "and": ("lambda x, y: L.bitwise_and(x, y)", ["2,3:a", "2,3:b"], BITS),
    "or": ("lambda x, y: L.bitwise_or(x, y)", ["2,3:a", "2,3:b"], BITS),
    "xor": ("lambda x, y: L.bitwise_xor(x, y)", ["2,3:a", "2,3:b"], BITS),
    "not": ("lambda x: L.bitwise_not(x)", ["2,3:a"], BITS),
    "shift_left": ("lambda x, y: L.shift_left(x, y)", ["2,3:a", "2,3:p"], INTS),
    "shift_right_logical": ("lambda x, y: L.shift_right_logical(x, y)", ["2,3:a", "2,3:p"], INTS),
    "shift_right_arithmetic": ("lambda x, y: L.shift_right_arithmetic(x, y)", ["2,3:a", "2,3:p"], INTS),
    "add_any": ("lambda x, y: L.add_any(x, y)", ["2,3:a", "2,3:b"], FLOAT),
    "iota_mul": ("lambda x: L.mul(x, L.iota_like(x))", ["2,3:a"], NUM),
    "chain": ("lambda x, y: L.reduce_sum(L.mul(L.sin(x), L.exp(L.mul(x, y))), (0,))", ["2,3:a", "2,3:b"], FLOAT),
    # The primitives of the jax.numpy, lax and special-function surface (``PRIMITIVES_EXTENDED`` below)
}

PRIMITIVES_EXTENDED: dict[str, tuple[str, list[str], list[str]]] = {
    "ceil": ("lambda x: L.ceil(x)", ["2,3:a"], REAL_FLOAT),
    "is_finite": ("lambda x: L.is_finite(x)", ["2,3:a"], REAL_FLOAT),
    "exp2": ("lambda x: L.exp2(x)", ["2,3:a"], REAL_FLOAT),
    "expm1": ("lambda x: L.expm1(x)", ["2,3:a"], FLOAT),
    "log1p": ("lambda x: L.log1p(x)", ["2,3:p"], FLOAT),
    "tan": ("lambda x: L.tan(x)", ["2,3:u"], FLOAT),
    "asin": ("lambda x: L.asin(x)", ["2,3:u"], REAL_FLOAT),
    "acos": ("lambda x: L.acos(x)", ["2,3:u"], REAL_FLOAT),
    "atan": ("lambda x: L.atan(x)", ["2,3:a"], REAL_FLOAT),
    "sinh": ("lambda x: L.sinh(x)", ["2,3:a"], FLOAT),
    "cosh": ("lambda x: L.cosh(x)", ["2,3:a"], FLOAT),
    "asinh": ("lambda x: L.asinh(x)", ["2,3:a"], REAL_FLOAT),
    "acosh": ("lambda x: L.acosh(x)", ["2,3:g"], REAL_FLOAT),
    "atanh": ("lambda x: L.atanh(x)", ["2,3:u"], REAL_FLOAT),
    "atan2": ("lambda x, y: L.atan2(x, y)", ["2,3:a", "2,3:b"], REAL_FLOAT),
    "cbrt": ("lambda x: L.cbrt(x)", ["2,3:a"], REAL_FLOAT),
    "square": ("lambda x: L.square(x)", ["2,3:a"], NUM),
    "rsqrt": ("lambda x: L.rsqrt(x)", ["2,3:p"], FLOAT),
    "logistic": ("lambda x: L.logistic(x)", ["2,3:a"], REAL_FLOAT),
    "erf": ("lambda x: L.erf(x)", ["2,3:u"], REAL_FLOAT),
    "erfc": ("lambda x: L.erfc(x)", ["2,3:u"], REAL_FLOAT),
    "erf_inv": ("lambda x: L.erf_inv(x)", ["2,3:u"], REAL_FLOAT),
    "lgamma": ("lambda x: L.lgamma(x)", ["2,3:p"], REAL_FLOAT),
    "digamma": ("lambda x: L.digamma(x)", ["2,3:p"], REAL_FLOAT),
    "polygamma": ("lambda x: L.polygamma(L.iota_like(x), x)", ["2,3:p"], REAL_FLOAT),
    "nextafter": ("lambda x, y: L.nextafter(x, y)", ["2,3:a", "2,3:b"], ["float32", "float64"]),
    "eq_to": ("lambda x, y: L.eq_to(x, y)", ["2,3:a", "2,3:b"], ["int32", "float32"]),
    "lt_to": ("lambda x, y: L.lt_to(x, y)", ["2,3:a", "2,3:b"], ["int32", "float32"]),
    "le_to": ("lambda x, y: L.le_to(x, y)", ["2,3:a", "2,3:b"], ["int32", "float32"]),
    "bitcast_convert_type": ("lambda x: L.mul(L.convert(L.bitcast(x, 'int32'), 'float32'), x)", ["2,3:a"],
                             ["float32"]),
    "clamp": ("lambda lo, x, hi: L.clamp(lo, x, hi)", ["2,3:b", "2,3:a", "2,3:p"], INTS + REAL_FLOAT),
    "stop_gradient": ("lambda x: L.mul(L.stop_gradient(x), x)", ["2,3:a"], FLOAT),
    "copy": ("lambda x: L.copy(x)", ["2,3:a"], FLOAT),
    "concatenate": ("lambda x, y: L.concatenate([x, y], 1)", ["2,3:a", "2,3:b"], NUM),
    "stack": ("lambda x, y: L.stack([x, y], 1)", ["2,3:a", "2,3:b"], FLOAT),
    "split": ("lambda x: L.mul(L.split(x, (1, 1, 1), 1)[2], L.split(x, (2, 1), 1)[1])", ["2,3:a"], FLOAT),
    "tile": ("lambda x: L.tile(x, (2, 1))", ["2,3:a"], FLOAT),
    "dynamic_slice": ("lambda x: L.dynamic_slice(x, (L.index(1), L.index(1)), (1, 2))", ["2,3:a"], FLOAT),
    "dynamic_update_slice": ("lambda x, u: L.dynamic_update_slice(x, u, (L.index(0), L.index(1)))",
                             ["2,3:a", "2,2:b"], FLOAT),
    "gather": ("lambda x: L.gather(x, L.indices([[1], [0], [1]]), L.GDN((1,), (0,), (0,)), (1, 3))", ["2,3:a"],
               FLOAT),
    "scatter_add": ("lambda x, u: L.scatter_add(x, L.indices([[1], [1]]), u, L.SDN((1,), (0,), (0,)))",
                    ["2,3:a", "2,3:b"], FLOAT),
    "sort": ("lambda x: L.sort(x, 1)", ["2,3:b"], INTS + REAL_FLOAT),
    "sort_axis0": ("lambda x: L.sort(x, 0)", ["2,3:a"], REAL_FLOAT),
    "top_k": ("lambda x: L.top_k(x, 2)[0]", ["2,3:a"], REAL_FLOAT),
    "argmax": ("lambda x: L.mul(L.convert(L.argmax(x, 1), 'float32'), L.reduce_sum(x, (1,)))", ["2,3:b"],
               ["float32"]),
    "argmin": ("lambda x: L.mul(L.convert(L.argmin(x, 0), 'float32'), L.reduce_sum(x, (0,)))", ["2,3:b"],
               ["float32"]),
    "cumsum": ("lambda x: L.cumsum(x, 1)", ["2,3:a"], NUM),
    "cumsum_reverse": ("lambda x: L.cumsum(x, 0, True)", ["2,3:a"], FLOAT),
    "cumprod": ("lambda x: L.cumprod(x, 1)", ["2,3:a"], FLOAT),
    "cumprod_reverse": ("lambda x: L.cumprod(x, 0, True)", ["3,2:a"], REAL_FLOAT),
    "cummax": ("lambda x: L.cummax(x, 1)", ["2,3:b"], INTS + REAL_FLOAT),
    "cummin": ("lambda x: L.cummin(x, 0, True)", ["3,2:b"], REAL_FLOAT),
    # Scatters: duplicate indices (JAX's general rule for scatter; ties with the operand for min/max), unique ones
    "scatter": ("lambda x, u: L.scatter(x, L.indices([[1], [1]]), u, L.SDN((1,), (0,), (0,)))",
                ["2,3:a", "2,3:b"], FLOAT),
    "scatter_unique": ("lambda x, u: L.scatter(x, L.indices([[1], [0]]), u, L.SDN((1,), (0,), (0,)), True)",
                       ["2,3:a", "2,3:b"], FLOAT),
    "scatter_window": ("lambda x, u: L.scatter(x, L.indices([[0, 1], [0, 1], [1, 0]]), u, L.SDN((1,), (0,), (0, 1)))",
                       ["2,3:a", "3,2:b"], REAL_FLOAT),
    "scatter_mul": ("lambda x, u: L.scatter_mul(x, L.indices([[1], [0]]), u, L.SDN((1,), (0,), (0,)), True)",
                    ["2,3:a", "2,3:b"], FLOAT),
    "scatter_mul_duplicates": ("lambda x, u: L.scatter_mul(x, L.indices([[1], [1]]), u, L.SDN((1,), (0,), (0,)))",
                               ["2,3:a", "2,3:b"], ["float32"]),
    # (weakly typed too: JAX sums the operand's two cotangent contributions eagerly as lax.add, strong)
    "scatter_max": ("lambda x, u: L.scatter_max(x, L.indices([[1], [1]]), u, L.SDN((1,), (0,), (0,)))",
                    ["2,3:a", "2,3:b"], ["float16", "bfloat16", "float32", "float32*", "float64"]),
    "scatter_min": ("lambda x, u: L.scatter_min(x, L.indices([[0], [1], [0]]), u, L.SDN((1,), (0,), (0,)))",
                    ["2,3:a", "3,3:b"], ["float16", "bfloat16", "float32", "float32*", "float64"]),
    # Windowed reductions: padding, strides, dilations; max/min with ties in a window
    "reduce_window_sum": ("lambda x: L.reduce_window_sum(x, (2, 2), (1, 1), ((1, 0), (0, 1)), (1, 1), (1, 1))",
                          ["2,3:a"], ["int32"] + FLOAT),
    "reduce_window_sum_dilated": ("lambda x: L.reduce_window_sum(x, (2, 2), (2, 1), ((0, 1), (1, 0)), (1, 2), "
                                  "(2, 1))", ["3,4:a"], REAL_FLOAT),
    "reduce_window_max": ("lambda x: L.reduce_window_max(x, (2, 2), (1, 1), ((1, 0), (0, 1)), (1, 1), (1, 1))",
                          ["2,3:b"], ["int32"] + REAL_FLOAT),
    "reduce_window_max_strided": ("lambda x: L.reduce_window_max(x, (2, 3), (2, 1), ((1, 1), (0, 2)), (1, 2), "
                                  "(1, 1))", ["3,4:b"], REAL_FLOAT),
    "reduce_window_min": ("lambda x: L.reduce_window_min(x, (1, 2), (1, 2), ((0, 0), (1, 1)), (1, 1), (1, 1))",
                          ["2,3:b"], REAL_FLOAT),
    "reduce_window": ("lambda x: L.reduce_window(x, 'mul', (2, 2))", ["2,3:a"], ["float32"]),
    # Convolutions: padding, strides, dilations, feature and batch groups, layouts
    "conv_general_dilated": ("lambda x, k: L.conv_general_dilated(x, k, (1, 1), ((1, 0), (0, 1)), (1, 1), (1, 1), "
                             "('NCHW', 'OIHW', 'NCHW'))", ["1,2,3,3:a", "2,2,2,2:b"], REAL_FLOAT),
    "conv_strided_grouped": ("lambda x, k: L.conv_general_dilated(x, k, (2, 1), ((1, 1), (0, 0)), (1, 2), (2, 1), "
                             "('NHWC', 'HWIO', 'NHWC'), 2)", ["1,4,3,2:a", "2,2,1,2:b"], ["float32", "float64"]),
    "conv_batch_group": ("lambda x, k: L.conv_general_dilated(x, k, (1,), ((0, 1),), (1,), (1,), ('NCH', 'OIH', "
                         "'NCH'), 1, 2)", ["2,2,3:a", "2,2,2:b"], ["float32", "float32*", "float64"]),
    # FFTs: complex, real-to-complex and back (even and odd lengths)
    "fft": ("lambda x: L.fft(x, 'FFT', (3,))", ["2,3:a"], COMPLEX),
    "ifft_2d": ("lambda x: L.fft(x, 'IFFT', (2, 3))", ["2,3:a"], COMPLEX),
    "rfft": ("lambda x: L.fft(x, 'RFFT', (4,))", ["3,4:a"], ["float32", "float32*", "float64"]),
    "rfft_odd": ("lambda x: L.fft(x, 'RFFT', (2, 3))", ["2,3:a"], ["float32", "float64"]),
    "irfft": ("lambda x: L.fft(x, 'IRFFT', (4,))", ["2,3:a"], COMPLEX),
    "irfft_odd": ("lambda x: L.fft(x, 'IRFFT', (5,))", ["2,3:a"], COMPLEX),
    # Linear algebra
    "triangular_solve": ("lambda a, b: L.triangular_solve(a, b, True, True, False)", ["3,3:p", "3,2:a"], LINALG),
    "triangular_solve_right": ("lambda a, b: L.triangular_solve(a, b, False, False, True)", ["3,3:p", "2,3:a"],
                               LINALG),
    "cholesky": ("lambda x: L.cholesky(L.dot_general(x, x, (((1,), (1,)), ((), ()))))", ["2,3:p"],
                 ["float32", "float32*", "float64"]),
    "cholesky_complex": ("lambda x: L.cholesky(L.dot_general(x, L.conj(x), (((1,), (1,)), ((), ()))))", ["2,3:p"],
                         COMPLEX),
    # lu's packed factors (the 2x2 matrix pivots), of a square, a wide and a tall matrix
    "lu": ("lambda x: L.lu(x)", ["2,2:a"], LINALG),
    "lu_wide": ("lambda x: L.lu(x)", ["2,3:a"], LINALG),
    "lu_tall": ("lambda x: L.lu(x)", ["3,2:a"], LINALG),
    # eigh of a Gram matrix: the eigenvalues, and the eigenvectors times their conjugates (free of LAPACK's signs)
    "eigh_values": ("lambda x: L.eigh_values(L.dot_general(x, x, (((1,), (1,)), ((), ()))))", ["2,3:p"],
                    ["float32", "float32*", "float64"]),
    "eigh_vectors": ("lambda x: L.eigh_vectors(L.dot_general(x, x, (((1,), (1,)), ((), ()))))", ["2,3:p"],
                     ["float32", "float32*", "float64"]),
    "eigh_values_complex": ("lambda x: L.eigh_values(L.dot_general(x, L.conj(x), (((1,), (1,)), ((), ()))))",
                            ["2,3:p"], COMPLEX),
    "eigh_vectors_complex": ("lambda x: L.eigh_vectors(L.dot_general(x, L.conj(x), (((1,), (1,)), ((), ()))))",
                             ["2,3:p"], COMPLEX),
    # svd: the singular values of a wide and a tall matrix; the reduced singular vectors times their conjugates
    "svd_values": ("lambda x: L.svd_values(x)", ["2,3:a"], LINALG),
    "svd_values_tall": ("lambda x: L.svd_values(x)", ["3,2:a"], LINALG),
    "svd_u": ("lambda x: L.svd_u(x)", ["3,2:a"], LINALG),
    "svd_vt": ("lambda x: L.svd_vt(x)", ["2,3:a"], LINALG),
    # qr (differentiated as a whole): Q and R of a tall matrix, times their conjugates
    "qr_q": ("lambda x: L.qr_q(x)", ["3,2:a"], LINALG),
    "qr_r": ("lambda x: L.qr_r(x)", ["3,2:a"], LINALG),
}
"""Cases of the primitives beyond the core ones: run and checked as :data:`PRIMITIVES` (the test samples them in CI
unless ``ARRAYTYPING_FULL_CONFORMANCE=1``)."""
PRIMITIVES.update(PRIMITIVES_EXTENDED)

# Control flow: cond and switch (residuals of one branch only, constants captured by a branch), scan (constants,
# carry and xs all differentiated, both directions), fori_loop with a static trip count (a scan), while_loop (forward
# mode only: its vjp is JAX's ValueError)
_SCAN_BODY = "lambda c, x: (L.add(L.sin(L.mul(c, w)), x), L.mul(c, x))"
PRIMITIVES_CONTROL_FLOW: dict[str, tuple[str, list[str], list[str]]] = {
    "cond_true": ("lambda x, y: L.cond(True, lambda a, b: L.mul(L.sin(a), b), lambda a, b: L.add(a, b), x, y)",
                  ["2,3:a", "2,3:b"], FLOAT),
    "cond_false": ("lambda x, y: L.cond(False, lambda a, b: L.mul(L.sin(a), b), lambda a, b: L.add(a, b), x, y)",
                   ["2,3:a", "2,3:b"], FLOAT),
    "cond_closure": ("lambda x, y: L.cond(False, lambda a: L.mul(a, y), lambda a: L.mul(L.exp(a), y), x)",
                     ["2,3:u", "2,3:b"], FLOAT),
    "switch": ("lambda x, y: L.switch(2, [lambda a, b: a, lambda a, b: L.mul(a, b), "
               "lambda a, b: L.mul(L.cos(a), L.sin(b))], x, y)", ["2,3:a", "2,3:b"], FLOAT),
    "scan": (f"lambda w, c, xs: (lambda r: L.add(r[0], L.reduce_sum(r[1], (0,))))(L.scan({_SCAN_BODY}, c, xs))",
             ["2,3:u", "2,3:b", "4,2,3:u"], FLOAT),
    "scan_reverse": ("lambda w, c, xs: (lambda r: L.add(r[0], L.reduce_sum(r[1], (0,))))("
                     f"L.scan({_SCAN_BODY}, c, xs, reverse=True))", ["2,3:u", "2,3:b", "4,2,3:u"], FLOAT),
    "fori_loop": ("lambda x, y: L.fori_loop(0, 3, lambda i, c: L.add(L.mul(L.sin(c), y), x), x)",
                  ["2,3:u", "2,3:u"], FLOAT),
    "while_loop": ("lambda x: L.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, L.mul(L.sin(c[1]), c[1])), "
                   "(0, x))[1]", ["2,3:a"], FLOAT),
}
PRIMITIVES.update(PRIMITIVES_CONTROL_FLOW)

VALUES: dict[str, list[float]] = {
    "a": [0.5, -1.25, 2.0, 1.5, -0.75, 3.0],
    "b": [1.5, -1.25, 0.25, 1.5, 2.5, -2.0],
    "p": [0.75, 1.5, 2.25, 1.25, 3.0, 0.5],
    "u": [0.5, -0.25, 0.75, 0.125, -0.625, 0.375],
    "g": [1.5, 2.25, 1.25, 3.0, 1.75, 2.5],
}
"""Values of the argument kinds (repeated to fill a shape); complex arguments add ``0.5j`` times the reversed
values. ``a`` and ``b`` tie in two places (``max``/``min``/``reduce_max`` split the derivative there)."""
COTANGENT: list[float] = [1.0, -2.0, 0.5, 3.0, -1.5, 0.25]
"""The output cotangent of ``vjp`` (repeated to fill the output's shape)."""
TANGENT: list[float] = [0.3, -1.1, 0.7, 2.0, -0.4, 1.3]
"""The input tangents of ``jvp``."""


def arg_values(spec: str, dtype: str) -> tuple[tuple[int, ...], str, list[Any]]:
    """``(shape, dtype name, flat values)`` of an argument spec for a case dtype (``float32*`` is returned as is)."""
    shape_s, kind = spec.split(":")
    shape = tuple(int(d) for d in shape_s.split(",") if d)
    size = 1
    for d in shape:
        size *= d
    if kind == "w":
        return shape, "bool", [bool(i % 2 == 0) for i in range(size)]
    if kind == "n":
        return shape, "int32", [(i % 4) - 1 for i in range(size)]
    if kind == "i":
        return shape, "int32", [i % 3 for i in range(size)]
    base = (VALUES[kind] * (size // 6 + 1))[:size]
    name = dtype.rstrip("*")
    if name == "bool":
        return shape, dtype, [v > 1.0 for v in base]
    if name.startswith(("int", "uint")):
        return shape, dtype, [int(abs(v) * 2) if name.startswith("uint") else int(v * 2) for v in base]
    if name.startswith("complex"):
        return shape, dtype, [complex(v, 0.5 * w) for v, w in zip(base, reversed(base))]
    return shape, dtype, base


def fill(values: list[float], size: int) -> list[float]:
    return (values * (size // len(values) + 1))[:size]


# ---------------------------------------------------------------------------------------------------------------
# Jaxprs of transformed functions

TRANSFORMS = ("grad", "grad_argnums", "value_and_grad", "jvp", "vjp", "vjp_fwd", "linearize", "grad_grad",
              "jit_grad", "grad_jit")
"""``grad``: ``grad(f, argnums=all positional)`` (0 for one argument); ``grad_argnums``: ``argnums=1``; ``jvp``:
``jvp(f, primals, tangents)`` with the tangents as arguments; ``vjp``: the forward and backward pass, the output
cotangent an argument; ``vjp_fwd``: ``vjp(f, *primals)`` itself (its function's leaves are the residuals);
``linearize``: ``linearize(f, *primals)[1](*tangents)``; ``grad_grad``: ``grad(grad(f))``; ``jit_grad`` and
``grad_jit``: ``jit`` outside and inside ``grad``."""

ALL = ("grad", "value_and_grad", "jvp", "vjp", "vjp_fwd", "linearize", "jit_grad", "grad_jit")

FUNCTIONS: dict[str, tuple[str, list[str], tuple[str, ...]]] = {
    "sin_mul": ("lambda x: np.sin(x) * x", ["float32[]"], ALL + ("grad_grad",)),
    "tanh_sq_sum": ("lambda x: np.sum(np.tanh(x) ** 2)", ["float32[3]"], ALL),
    "mlp_loss": ("lambda w, b, x: np.mean(np.tanh(x @ w + b) ** 2)", ["float32[3,4]", "float32[4]", "float32[5,3]"],
                 ALL + ("grad_argnums",)),
    "relu_sum": ("lambda x: np.sum(np.maximum(x, 0.0))", ["float32[4]"], ("grad", "jvp", "vjp")),
    "where_sum": ("lambda x: np.sum(np.where(x > 0, x * 2.0, -x))", ["float32[4]"], ("grad", "jvp", "vjp")),
    "log_exp": ("lambda x: np.sum(np.log(np.exp(x) + 1.0))", ["float32[3]"], ("grad", "jvp", "vjp")),
    "sqrt_div": ("lambda x, y: np.sum(np.sqrt(x) / y)", ["float32[3]", "float32[3]"], ("grad", "jvp", "vjp")),
    "pow_float": ("lambda x, y: np.sum(x ** y)", ["float32[3]", "float32[3]"], ("grad", "jvp")),
    "pow_int_const": ("lambda x: np.sum(x ** 3 + x ** -1)", ["float32[3]"], ("grad", "jvp")),
    "bf16_f16_mixed": ("lambda x, y: np.sum((x * y).astype(np.float32))", ["bfloat16[3]", "float16[3]"],
                       ("grad", "jvp", "vjp")),
    "weak_scalar": ("lambda x: x * 2.0 + 1.0", ["float32*[]"], ("grad", "jvp", "vjp", "grad_grad")),
    "weak_times_strong": ("lambda x, y: np.sum(x * y)", ["float32*[]", "float32[3]"], ("grad", "jvp")),
    "max_reduce": ("lambda x: np.max(x)", ["float32[2,3]"], ("grad", "jvp", "vjp")),
    "min_axis": ("lambda x: np.sum(np.min(x, axis=1))", ["float32[2,3]"], ("grad",)),
    "mean_axis_sq": ("lambda x: np.sum(np.mean(x, axis=0) ** 2)", ["float32[4,3]"], ("grad", "jvp")),
    "matvec": ("lambda a, v: np.sum(a @ v)", ["float32[2,3]", "float32[3]"], ("grad", "jvp", "vjp")),
    "matmul_batched": ("lambda a, b: np.sum(a @ b)", ["float32[2,2,3]", "float32[2,3,4]"], ("grad",)),
    "diagonal_square": ("lambda x: np.sum(np.diagonal(x) ** 2)", ["float32[3,3]"], ("grad", "jvp", "vjp", "grad_jit")),
    "diagonal_square_weak": ("lambda x: np.diagonal(x) * 2.0", ["float32*[2,2]"], ("jvp", "vjp")),
    "index_slice": ("lambda x: np.sum(x[1:, ::2] * 3.0)", ["float32[3,4]"], ("grad", "jvp", "vjp")),
    "index_int": ("lambda x: x[1, 2] * x[0, 0]", ["float32[2,3]"], ("grad",)),
    "index_reverse": ("lambda x: np.sum(x[::-1] * np.arange(4.0))", ["float32[4]"], ("grad",)),
    "stack_sum": ("lambda x: np.sum(np.stack([x, x * 2], 1))", ["float32[3]"], ("grad", "jvp", "vjp")),
    "unstack_sum": ("lambda x: np.sum(sum(np.unstack(x, axis=1)))", ["float32[2,3,4]"], ("grad", "jvp", "vjp")),
    "unstack_pieces": ("lambda x: np.unstack(x * x)", ["float32[2,3]"], ("jvp", "vjp")),
    "dstack_concat": ("lambda x, y: np.sum(np.dstack([x, y]) * np.concat([x, y], axis=None).sum())",
                      ["float32[2,3]", "float32[2,3]"], ("grad", "vjp")),
    "reshape_transpose": ("lambda x: np.sum(np.transpose(x.reshape(3, 2)) ** 3)", ["float32[2,3]"],
                          ("grad", "jvp")),
    "abs_sign": ("lambda x: np.sum(np.abs(x) * np.sign(x))", ["float32[3]"], ("grad", "jvp")),
    "prod": ("lambda x: np.prod(x)", ["float32[5]"], ("grad", "jvp")),
    "prod_axis": ("lambda x: np.sum(np.prod(x, axis=1))", ["float32[2,3]"], ("grad",)),
    "cos_f16_sum": ("lambda x: np.sum(np.cos(x))", ["float16[3]"], ("grad", "jvp")),
    "astype_chain": ("lambda x: np.sum(x.astype(np.float16).astype(np.float32) * x)", ["float32[3]"],
                     ("grad", "jvp")),
    "broadcast_add": ("lambda x, y: np.sum((x + y) ** 2)", ["float32[3,1]", "float32[4]"], ("grad", "jvp", "vjp")),
    "sub_neg_div": ("lambda x, y: np.sum((x - y) / (-y + 2.0))", ["float32[3]", "float32[3]"], ("grad", "vjp")),
    "complex_abs": ("lambda z: np.sum(np.abs(z))", ["complex64[3]"], ("grad", "jvp", "vjp")),
    "minimum_pair": ("lambda x, y: np.sum(np.minimum(x, y))", ["float32[3]", "float32[3]"], ("grad",)),
    "remainder": ("lambda x, y: np.sum(np.remainder(x, y))", ["float32[3]", "float32[3]"], ("grad", "jvp")),
    "f64_exp": ("lambda x: np.sum(np.exp(x))", ["float64[3]"], ("grad", "jvp", "vjp")),
    "int_operand": ("lambda x, n: np.sum(x * n)", ["float32[3]", "int32[3]"], ("grad", "vjp_fwd")),
    "multi_output": ("lambda x: (np.sin(x), x * 2.0)", ["float32[3]"], ("jvp", "vjp", "vjp_fwd")),
    "tuple_input": ("lambda x, y: np.sum(x * np.cos(y)) + np.sum(y)", ["float32[2]", "float32[2]"],
                    ("grad", "value_and_grad", "jit_grad")),
    "sin_sin": ("lambda x: np.sin(np.sin(x))", ["float32[]"], ("grad_grad", "jvp")),
    "square_sum_grad_grad": ("lambda x: x * x * x", ["float32[]"], ("grad_grad",)),
    # control flow (``lax``): residuals joined across branches, hoisted and forwarded in scans
    "cond_branches": ("lambda x: np.sum(lax.cond(x[0] > 0, lambda v: np.sin(v) * 2.0, lambda v: v * 3.0, x))",
                      ["float32[3]"], ("grad", "jvp", "vjp", "linearize", "jit_grad")),
    "switch_branches": ("lambda x: np.sum(lax.switch(1, [lambda v: v, lambda v: np.exp(v), lambda v: v * v], x))",
                        ["float32[2]"], ("grad", "jvp")),
    "scan_closure": ("lambda w, x: np.sum(lax.scan(lambda c, a: (np.sin(c * w) + a, c * a), x, "
                     "np.ones((4, 3), np.float32))[1])", ["float32[]", "float32[3]"], ("grad", "jvp", "vjp")),
    "fori_static": ("lambda x: lax.fori_loop(0, 3, lambda i, c: np.sin(c) * x, x)", ["float32[]"],
                    ("grad", "jvp", "grad_grad")),
    "while_forward": ("lambda x: lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, x)", ["float32[]"],
                      ("jvp", "linearize")),
}

# ---------------------------------------------------------------------------------------------------------------
# What the API refuses (or gives): sources over ``ad`` (jvp, vjp, grad, value_and_grad, linearize) and ``np``.

API_CASES: dict[str, str] = {
    "grad_while_loop": "ad.grad(lambda x: lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, x))(1.5)",
    "jvp_while_loop": "ad.jvp(lambda x: lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, x), (1.5,), (1.0,))",
    "grad_cond_pytree": "ad.grad(lambda p: lax.cond(p['a'] > 0, lambda q: np.sum(q['a'] * q['b']), "
                        "lambda q: np.sum(q['b']), p))({'a': 2.0, 'b': np.ones(2, np.float32)})",
    "grad_scan_of_cond": "ad.grad(lambda w, c: np.sum(lax.scan(lambda c, a: (lax.cond(a > 0.5, "
                         "lambda v: np.sin(v) * w, lambda v: v * a + w, c), c * a), c, "
                         "np.asarray([0.1, 0.9, 0.4], np.float32))[1]), "
                         "argnums=(0, 1))(np.float32(0.8), np.asarray([0.3, -0.7], np.float32))",
    "jit_grad_scan": "ad.jit(ad.grad(lambda w: lax.scan(lambda c, a: (np.sin(c * w) + a, None), w, "
                     "np.asarray([0.1, 0.9], np.float32))[0]))(np.float32(0.8))",
    "grad_jit_scan": "ad.grad(ad.jit(lambda w: lax.scan(lambda c, a: (np.sin(c * w) + a, None), w, "
                     "np.asarray([0.1, 0.9], np.float32))[0]))(np.float32(0.8))",
    "grad_grad_fori_loop": "ad.grad(ad.grad(lambda v: lax.fori_loop(0, 4, lambda i, c: np.sin(c) * v, v)))(0.4)",
    "vmap_grad_scan": "ad.vmap(ad.grad(lambda w: lax.scan(lambda c, a: (c * np.cos(w * a), c), w, "
                      "np.asarray([1.0, 2.0], np.float32))[0]))(np.asarray([0.5, -0.25], np.float32))",
    "grad_vmap_cond": "ad.grad(lambda w: np.sum(ad.vmap(lambda p, x: lax.cond(p, lambda v: v * w, lambda v: np.exp(v), "
                      "x))(np.asarray([True, False]), np.asarray([0.5, 1.5], np.float32))))(np.float32(2.0))",
    "grad_switch_traced_index": "ad.grad(lambda x, k: np.sum(lax.switch(k, [lambda v: v, lambda v: np.exp(v), "
                                "lambda v: v * v * 3.0], x)))(np.asarray([0.3, -0.7], np.float32), 5)",
    "grad_scan_int_carry": "ad.grad(lambda x: np.sum(lax.scan(lambda c, a: ((c[0] + 1, c[1] * np.cos(c[1]) + c[0]), "
                           "c[1] * c[0]), (0, x), None, length=3)[1]))(np.asarray([0.3, -0.7], np.float32))",
    "jvp_scan_int_carry": "ad.jvp(lambda x: lax.scan(lambda c, a: ((c[0] + 1, c[1] * np.cos(c[1]) + c[0]), c[1]), "
                          "(0, x), None, length=3), (np.asarray([0.3, -0.7], np.float32),), "
                          "(np.ones(2, np.float32),))",
    "grad_scan_weak_carry_promoted": "ad.grad(lambda v: lax.scan(lambda c, a: (c * np.sin(a), None), v, "
                                     "np.asarray([1.0, 2.0]))[0])(1.5)",
    "vjp_scan_ys_reverse": "ad.vjp(lambda v: lax.scan(lambda c, a: (c * a, c + a), v, np.stack([v, v * 2.0]), "
                           "reverse=True)[1], np.asarray([0.3, -0.7], np.float32))[1](np.ones((2, 2), np.float32))",
    "linearize_cond": "ad.linearize(lambda v: lax.cond(True, lambda a: np.sin(a), lambda a: a, v), "
                      "np.asarray([0.3, -0.7], np.float32))[1](np.asarray([1.0, 2.0], np.float32))",
    "grad_scan_pytree_carry": "ad.grad(lambda x: lax.scan(lambda c, a: ((c[0] * a, c[1] + c[0]), c[0]), (x, x), "
                              "np.arange(3.0))[0][1])(1.5)",
    "grad_python_int": "ad.grad(lambda x: x * 2.0)(1)",
    "grad_int_array": "ad.grad(lambda x: np.sum(x * 2.0))(np.arange(3))",
    "grad_bool": "ad.grad(lambda x: np.sum(x * 2.0))(True)",
    "grad_int8_array": "ad.grad(lambda x: np.sum(x * 2.0))(np.ones(3, dtype=np.int8))",
    "grad_nonscalar_output": "ad.grad(lambda x: x)(np.ones(3))",
    "grad_int_output": "ad.grad(lambda x: x.astype(np.int32))(1.0)",
    "grad_complex_output": "ad.grad(lambda x: x * 1j)(1.0)",
    "grad_none_output": "ad.grad(lambda x: None)(1.0)",
    "grad_tuple_output": "ad.grad(lambda x: (x, x))(1.0)",
    "grad_argnums_out_of_range": "ad.grad(lambda x: x, argnums=1)(1.0)",
    "grad_has_aux_not_pair": "ad.grad(lambda x: x, has_aux=True)(1.0)",
    "grad_string_argument": "ad.grad(lambda x: 2.0)('a')",
    "grad_holomorphic_real_input": "ad.grad(lambda x: x, holomorphic=True)(1.0)",
    "grad_allow_int": "ad.grad(lambda x, y: x * y, argnums=(0, 1), allow_int=True)(2, 3.0)",
    "grad_python_float": "ad.grad(lambda x: x * 2.0)(1.0)",
    "grad_strong_f32": "ad.grad(lambda x: x * 2.0)(np.float32(1.0))",
    "grad_f64_input": "ad.grad(lambda x: np.sum(x * 2))(np.ones(2, dtype=np.float64))",
    "grad_bf16": "ad.grad(lambda x: np.sum(x * 2.0).astype(np.float32))(np.ones(2, dtype=np.bfloat16))",
    "grad_complex_input": "ad.grad(lambda z: np.sum(np.abs(z)))(np.ones(2, dtype=np.complex64))",
    "grad_has_aux": "ad.grad(lambda x: (x * 2.0, x + 1), has_aux=True)(1.0)",
    "grad_pytree": "ad.grad(lambda p: p['w'] * p['b'][0])({'w': 2.0, 'b': [3.0, np.ones(2)]})",
    "value_and_grad_argnums": "ad.value_and_grad(lambda x, y: x * y, argnums=(1,))(2.0, np.float32(3.0))",
    "jvp_not_tuples": "ad.jvp(lambda x: x, 1.0, 1.0)",
    "jvp_tree_mismatch": "ad.jvp(lambda x: x, (1.0,), ([1.0],))",
    "jvp_shape_mismatch": "ad.jvp(lambda x: x, (np.ones(2),), (np.ones(3),))",
    "jvp_dtype_mismatch": "ad.jvp(lambda x: x, (np.ones(2),), (np.ones(2, dtype=np.float16),))",
    "jvp_int_with_int_tangent": "ad.jvp(lambda x: x * 2, (np.int32(1),), (np.int32(1),))",
    "jvp_weak": "ad.jvp(lambda x: x * 2, (1.0,), (1.0,))",
    "jvp_int_to_float": "ad.jvp(lambda x, y: x * y, (np.int32(3), 2.0), (FLOAT0_SCALAR, 1.0))",
    "jvp_has_aux": "ad.jvp(lambda x: (np.sin(x), x), (1.0,), (1.0,), has_aux=True)",
    "vjp_int_input": "ad.vjp(lambda x: x * 2.0, np.int32(1))[1](1.0)",
    "vjp_int_and_float": "ad.vjp(lambda x, y: x * y, np.int32(2), 2.0)[1](1.0)",
    "vjp_int_output": "ad.vjp(lambda x: x.astype(np.int32), 1.5)[1](FLOAT0_SCALAR)",
    "vjp_wrong_ct_shape": "ad.vjp(lambda x: x * 2.0, 1.0)[1](np.ones(2))",
    "vjp_wrong_ct_dtype": "ad.vjp(lambda x: x * 2.0, 1.0)[1](np.ones((), dtype=np.float16))",
    "vjp_wrong_ct_tree": "ad.vjp(lambda x: (x, x), 1.0)[1](1.0)",
    "vjp_extra_argument": "ad.vjp(lambda x: x, 1.0)[1](1.0, 2.0)",
    "vjp_multiple_primals": "ad.vjp(lambda x, y: x * np.sin(y), 2.0, np.ones(2))[1](np.ones(2))",
    "vjp_has_aux": "ad.vjp(lambda x: (x * 3.0, [x]), 1.0, has_aux=True)[1](1.0)",
    "linearize_apply": "ad.linearize(lambda x: np.sin(x) * x, 1.0)[1](2.0)",
    "linearize_wrong_tangent": "ad.linearize(lambda x: x * 2.0, np.ones(2))[1](np.ones(3))",
    "grad_of_grad": "ad.grad(ad.grad(lambda x: x ** 3))(2.0)",
    "grad_concrete_bool": "ad.grad(lambda x: x if x > 0 else -x)(-1.5)",
    "grad_not_callable": "ad.grad(3)",
}


def parse_spec(spec: str) -> tuple[str, tuple[int, ...], bool]:
    """``"float32*[2,3]"`` -> ``("float32", (2, 3), True)``."""
    head, _, dims = spec.partition("[")
    weak = head.endswith("*")
    shape = tuple(int(d) for d in dims.rstrip("]").split(",") if d)
    return head.rstrip("*"), shape, weak


# ---------------------------------------------------------------------------------------------------------------
# Inside JAX's venv


def main_inside() -> None:
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax
    import jax.numpy as jnp
    import jaxlib
    import ml_dtypes
    import numpy as np
    from jax import lax
    from jax._src.ad_util import add_jaxvals
    from jax._src.lax import lax as LL
    from jax._src.lax import windowed_reductions as WR
    from jax.lax import linalg as lax_linalg
    from jax._src.lax.lax import _convert_element_type
    from jax.extend import core as jcore

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import jax_reference  # the shared configuration loop (same folder)

    float0 = jax.dtypes.float0

    def np_dtype(name: str) -> Any:
        return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)

    class JaxLax:
        """The neutral ``L`` namespace over ``jax.lax``."""

        def __getattr__(self, name: str) -> Any:
            return getattr(lax, name)

        @staticmethod
        def convert(x: Any, name: str) -> Any:
            return lax.convert_element_type(x, np_dtype(name))

        @staticmethod
        def slice(x: Any, start: Any, limit: Any, strides: Any) -> Any:
            return lax.slice(x, start, limit, strides)

        @staticmethod
        def add_any(x: Any, y: Any) -> Any:
            return add_jaxvals(x, y)

        @staticmethod
        def iota_like(x: Any) -> Any:
            return lax.broadcasted_iota(x.dtype, x.shape, 1)

        @staticmethod
        def eq_to(x: Any, y: Any) -> Any:
            return LL.eq_to_p.bind(x, y)

        @staticmethod
        def lt_to(x: Any, y: Any) -> Any:
            return LL.lt_to_p.bind(x, y)

        @staticmethod
        def le_to(x: Any, y: Any) -> Any:
            return LL.le_to_p.bind(x, y)

        @staticmethod
        def copy(x: Any) -> Any:
            return LL.copy_p.bind(x)

        @staticmethod
        def bitcast(x: Any, name: str) -> Any:
            return lax.bitcast_convert_type(x, np_dtype(name))

        @staticmethod
        def index(i: int) -> Any:
            return np.int32(i)

        @staticmethod
        def indices(rows: list[list[int]]) -> Any:
            return np.asarray(rows, dtype=np.int32)

        GDN = lax.GatherDimensionNumbers
        SDN = lax.ScatterDimensionNumbers

        @staticmethod
        def sort(x: Any, dimension: int) -> Any:
            return lax.sort(x, dimension=dimension)

        @staticmethod
        def argmax(x: Any, axis: int) -> Any:
            return lax.argmax(x, axis, np.int32)

        @staticmethod
        def argmin(x: Any, axis: int) -> Any:
            return lax.argmin(x, axis, np.int32)

        @staticmethod
        def scatter(x: Any, idx: Any, u: Any, dn: Any, unique: bool = False) -> Any:
            return lax.scatter(x, idx, u, dn, unique_indices=unique)

        @staticmethod
        def scatter_mul(x: Any, idx: Any, u: Any, dn: Any, unique: bool = False) -> Any:
            return lax.scatter_mul(x, idx, u, dn, unique_indices=unique)

        @staticmethod
        def scatter_min(x: Any, idx: Any, u: Any, dn: Any) -> Any:
            return lax.scatter_min(x, idx, u, dn)

        @staticmethod
        def scatter_max(x: Any, idx: Any, u: Any, dn: Any) -> Any:
            return lax.scatter_max(x, idx, u, dn)

        @staticmethod
        def reduce_window_sum(x: Any, *window: Any) -> Any:
            return WR._reduce_window_sum(x, *window)

        @staticmethod
        def reduce_window_max(x: Any, *window: Any) -> Any:
            return WR._reduce_window_max(x, *window)

        @staticmethod
        def reduce_window_min(x: Any, *window: Any) -> Any:
            return WR._reduce_window_min(x, *window)

        @staticmethod
        def reduce_window(x: Any, op: str, window: Any) -> Any:
            """A reducer no monoid matches: the generic primitive."""
            assert op == "mul"
            return lax.reduce_window(x, np.ones((), x.dtype), lax.mul, window, (1,) * len(window), "VALID")

        @staticmethod
        def fft(x: Any, fft_type: str, lengths: Any) -> Any:
            return lax.fft(x, getattr(lax.FftType, fft_type), lengths)

        @staticmethod
        def triangular_solve(a: Any, b: Any, left_side: bool, lower: bool, transpose_a: bool) -> Any:
            return lax_linalg.triangular_solve(a, b, left_side=left_side, lower=lower, transpose_a=transpose_a)

        @staticmethod
        def cholesky(x: Any) -> Any:
            return lax_linalg.cholesky(x, symmetrize_input=False)

        @staticmethod
        def lu(x: Any) -> Any:
            return lax_linalg.lu(x)[0]

        @staticmethod
        def eigh_values(x: Any) -> Any:
            return lax_linalg.eigh(x)[1]

        @staticmethod
        def eigh_vectors(x: Any) -> Any:
            v = lax_linalg.eigh(x)[0]
            return lax.mul(v, lax.conj(v)) if jnp.iscomplexobj(v) else lax.mul(v, v)

        @staticmethod
        def qr_q(x: Any) -> Any:
            q = lax_linalg.qr(x, full_matrices=False)[0]
            return lax.mul(q, lax.conj(q)) if jnp.iscomplexobj(q) else lax.mul(q, q)

        @staticmethod
        def qr_r(x: Any) -> Any:
            r = lax_linalg.qr(x, full_matrices=False)[1]
            return lax.mul(r, lax.conj(r)) if jnp.iscomplexobj(r) else lax.mul(r, r)

        @staticmethod
        def svd_values(x: Any) -> Any:
            return lax_linalg.svd(x, full_matrices=False, compute_uv=False)

        @staticmethod
        def svd_u(x: Any) -> Any:
            u = lax_linalg.svd(x, full_matrices=False, compute_uv=True)[0]
            return lax.mul(u, lax.conj(u)) if jnp.iscomplexobj(u) else lax.mul(u, u)

        @staticmethod
        def svd_vt(x: Any) -> Any:
            vt = lax_linalg.svd(x, full_matrices=False, compute_uv=True)[2]
            return lax.mul(vt, lax.conj(vt)) if jnp.iscomplexobj(vt) else lax.mul(vt, vt)

    L = JaxLax()

    def make_arg(shape: tuple[int, ...], dtype: str, values: list[Any]) -> Any:
        name = dtype.rstrip("*")
        host = np.asarray(values).astype(np_dtype(name)).reshape(shape)
        arr = jnp.asarray(host)
        return _convert_element_type(arr, weak_type=True) if dtype.endswith("*") else arr

    def aval_str(aval: Any) -> str:
        if aval.dtype == float0:
            return f"float0[{','.join(map(str, aval.shape))}]"
        return aval.str_short(short_dtypes=True) + ("*" if aval.weak_type else "")

    def value_record(x: Any) -> dict[str, Any]:
        if isinstance(x, np.ndarray) and x.dtype == float0:
            return {"type": f"float0[{','.join(map(str, x.shape))}]", "values": None}
        a = jax.typeof(x)
        host = np.asarray(x)
        if np.iscomplexobj(host):
            vals: Any = [[float(v.real), float(v.imag)] for v in host.astype(np.complex128).ravel()]
        elif host.dtype == np.bool_:
            vals = [bool(v) for v in host.ravel()]
        else:
            vals = [float(v) for v in host.astype(np.float64).ravel()]
        return {"type": aval_str(a), "values": vals}

    def tangent_for(x: Any) -> Any:
        a = jax.typeof(x)
        if a.dtype == np.bool_ or jnp.issubdtype(a.dtype, np.integer):
            return np.zeros(a.shape, float0)
        n = int(np.prod(a.shape))
        vals = fill(TANGENT, n)
        if jnp.issubdtype(a.dtype, np.complexfloating):
            vals = [complex(v, -v) for v in vals]
        t = jnp.asarray(np.asarray(vals).astype(a.dtype).reshape(a.shape))
        return _convert_element_type(t, weak_type=True) if a.weak_type else t

    def _cotangent(y: Any) -> Any:
        a = jax.typeof(y)
        if a.dtype == np.bool_ or jnp.issubdtype(a.dtype, np.integer):
            return np.zeros(a.shape, float0)
        n = int(np.prod(a.shape))
        vals = fill(COTANGENT, n)
        if jnp.issubdtype(a.dtype, np.complexfloating):
            vals = [complex(v, 0.5 * v) for v in vals]
        c = jnp.asarray(np.asarray(vals).astype(a.dtype).reshape(a.shape))
        return _convert_element_type(c, weak_type=True) if a.weak_type else c

    def primitive_case(src: str, specs: list[str], dtype: str) -> dict[str, Any]:
        fn = eval(src, {"L": L})  # noqa: S307 - our own table
        args = [make_arg(*arg_values(s, dtype)) for s in specs]
        try:
            out = fn(*args)
        except Exception as e:  # noqa: BLE001 - recorded
            return {"error": type(e).__name__, "message": str(e)}
        rec: dict[str, Any] = {"out": value_record(out)}
        try:
            _, f_vjp = jax.vjp(fn, *args)
            rec["vjp"] = [value_record(c) for c in f_vjp(_cotangent(out))]
        except Exception as e:  # noqa: BLE001 - recorded
            rec["vjp"] = {"error": type(e).__name__, "message": str(e)}
        try:
            _, t_out = jax.jvp(fn, tuple(args), tuple(tangent_for(a) for a in args))
            rec["jvp"] = value_record(t_out)
        except Exception as e:  # noqa: BLE001 - recorded
            rec["jvp"] = {"error": type(e).__name__, "message": str(e)}
        return rec

    def atom_str(x: Any) -> str:
        if isinstance(x, jcore.Literal):
            return f"{np.asarray(x.val).item()!r}:{aval_str(x.aval)}"
        return aval_str(x.aval)

    def flat_eqns(jaxpr: Any, nested: str | None = None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for eqn in jaxpr.eqns:
            inner = eqn.params.get("jaxpr")
            if eqn.primitive.name in ("jit", "pjit", "closed_call") and inner is not None:
                out += flat_eqns(getattr(inner, "jaxpr", inner), str(eqn.params.get("name", eqn.primitive.name)))
                continue
            out.append({
                "prim": eqn.primitive.name,
                "params": {k: str(v) for k, v in sorted(eqn.params.items())},
                "in": [atom_str(x) for x in eqn.invars],
                "out": [aval_str(v.aval) for v in eqn.outvars],
                **({"nested_in": nested} if nested else {}),
            })
        return out

    def abstract(spec: str) -> Any:
        dt, shape, weak = parse_spec(spec)
        return jax.ShapeDtypeStruct(shape, np_dtype(dt), weak_type=weak)

    def spec_of(a: Any) -> str:
        return f"{np.dtype(a.dtype).name}{'*' if a.weak_type else ''}[{','.join(map(str, a.shape))}]"

    def transformed(transform: str, fn: Any, specs: list[str]) -> tuple[Any, list[str]]:
        """The function to trace and its argument specs."""
        n = len(specs)
        argnums: Any = tuple(range(n)) if n > 1 else 0
        if transform == "grad":
            return jax.grad(fn, argnums=argnums), specs
        if transform == "grad_argnums":
            return jax.grad(fn, argnums=1), specs
        if transform == "value_and_grad":
            return jax.value_and_grad(fn, argnums=argnums), specs
        if transform == "grad_grad":
            return jax.grad(jax.grad(fn)), specs
        if transform == "jit_grad":
            return jax.jit(jax.grad(fn, argnums=argnums)), specs
        if transform == "grad_jit":
            return jax.grad(jax.jit(fn), argnums=argnums), specs
        tangent_specs = [spec_of(jax.ShapeDtypeStruct(abstract(s).shape, abstract(s).dtype,
                                                      weak_type=abstract(s).weak_type)) for s in specs]
        if transform == "jvp":
            return (lambda *a: jax.jvp(fn, a[:n], a[n:])), specs + tangent_specs
        if transform == "linearize":
            return (lambda *a: jax.linearize(fn, *a[:n])[1](*a[n:])), specs + tangent_specs
        if transform == "vjp_fwd":
            return (lambda *a: jax.vjp(fn, *a)), specs
        if transform == "vjp":
            out = jax.eval_shape(fn, *[abstract(s) for s in specs])
            leaves, tree = jax.tree_util.tree_flatten(out)
            ct_specs = [spec_of(o) for o in leaves]

            def vjp_fn(*a: Any) -> Any:
                _, f_vjp = jax.vjp(fn, *a[:n])
                return f_vjp(jax.tree_util.tree_unflatten(tree, list(a[n:])))
            return vjp_fn, specs + ct_specs
        raise ValueError(transform)

    def jaxpr_case(name: str, transform: str) -> dict[str, Any]:
        src, specs, _ = FUNCTIONS[name]
        fn = eval(src, {"np": jnp, "lax": lax})  # noqa: S307 - our own table
        try:
            f, all_specs = transformed(transform, fn, specs)
            closed = jax.make_jaxpr(f)(*[abstract(s) for s in all_specs])
        except Exception as e:  # noqa: BLE001 - recorded
            return {"error": type(e).__name__, "message": str(e)}
        return {
            "args": all_specs,
            "text": closed.pretty_print(use_color=False),
            "in_avals": [aval_str(a) for a in closed.in_avals],
            "out_avals": [aval_str(a) for a in closed.out_avals],
            "outs": [atom_str(x) for x in closed.jaxpr.outvars],
            "eqns": flat_eqns(closed.jaxpr),
            "nested": any(e.primitive.name in ("jit", "pjit", "closed_call") for e in closed.jaxpr.eqns),
        }

    class Api:
        jvp = staticmethod(jax.jvp)
        vjp = staticmethod(jax.vjp)
        jit = staticmethod(jax.jit)
        vmap = staticmethod(jax.vmap)
        grad = staticmethod(jax.grad)
        value_and_grad = staticmethod(jax.value_and_grad)
        linearize = staticmethod(jax.linearize)

    def leaf_type(x: Any) -> str:
        if isinstance(x, np.ndarray) and x.dtype == float0:
            return f"float0[{','.join(map(str, x.shape))}]"
        if isinstance(x, (bool, int, float, complex)) and not isinstance(x, np.generic):
            return f"python:{type(x).__name__}"
        return aval_str(jax.typeof(x))

    def api_case(src: str) -> dict[str, Any]:
        try:
            out = eval(src, {"ad": Api, "np": jnp, "lax": lax, "FLOAT0_SCALAR": np.zeros((), float0)})  # noqa: S307
        except Exception as e:  # noqa: BLE001 - recorded
            return {"error": type(e).__name__, "message": str(e)}
        leaves, tree = jax.tree_util.tree_flatten(out)
        if callable(out):
            return {"result": "callable"}
        return {"result": [leaf_type(x) for x in leaves], "tree": str(tree),
                "values": [value_record(x)["values"] if not isinstance(x, (bool, int, float)) else x
                           for x in leaves]}

    def primitive_cases(name: str) -> dict[str, Any]:
        src, specs, dtypes = PRIMITIVES[name]
        return {dt: primitive_case(src, specs, dt) for dt in dtypes}

    only = [n for n in os.environ.get(ONLY_PRIMITIVES, "").split(",") if n]
    only_functions = [n for n in os.environ.get(ONLY_FUNCTIONS, "").split(",") if n]
    for variable, names, table in ((ONLY_PRIMITIVES, only, PRIMITIVES), (ONLY_FUNCTIONS, only_functions, FUNCTIONS)):
        unknown = sorted(set(names) - set(table))
        if unknown:
            raise SystemExit(f"{variable}: no case named {', '.join(unknown)}")
    if only or only_functions:  # those entries regenerated, the rest of the file kept (see ONLY_PRIMITIVES)
        kept = json.loads(OUT.read_text())
    configs: dict[str, Any] = {}
    for key in jax_reference.each_config(jax):
        print("config", key, file=sys.stderr)
        if only or only_functions:
            configs[key] = kept["configs"][key]
            configs[key]["primitives"].update({name: primitive_cases(name) for name in only})
            configs[key]["jaxprs"].update({name: {t: jaxpr_case(name, t) for t in FUNCTIONS[name][2]}
                                           for name in only_functions})
            continue
        prims = {name: primitive_cases(name) for name in PRIMITIVES}
        jaxprs = {name: {t: jaxpr_case(name, t) for t in transforms}
                  for name, (_, _, transforms) in FUNCTIONS.items()}
        api = {name: api_case(src) for name, src in API_CASES.items()}
        configs[key] = {"primitives": prims, "jaxprs": jaxprs, "api": api}

    data = {
        "generator": "tools/ad_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__,
                     "ml_dtypes": ml_dtypes.__version__},
        "primitives": {n: {"source": s, "args": a, "dtypes": d} for n, (s, a, d) in PRIMITIVES.items()},
        "functions": {n: {"source": s, "args": a, "transforms": list(t)} for n, (s, a, t) in FUNCTIONS.items()},
        "api_cases": API_CASES,
        "configs": configs,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=None, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import jax_reference  # the shared command line and venv setup (same folder)

    jax_reference.cli(__doc__, __file__, main_inside)
