"""Write JAX 0.10.2's jaxprs of a set of small functions to ``tests/data/jaxpr_reference.json``.

Like ``tools/jax_reference.py`` this is a place that imports ``jax``, and it runs in JAX's own virtual environment
(never the project's)::

    python tools/jaxpr_reference.py --venv .jaxref-venv      # creates the venv if needed, then re-runs itself in it

Each function is a *source string* over a neutral namespace: ``np`` is ``jax.numpy`` here and ``arraytyping.numpy``
in ``tests/runtime/test_jaxpr_conformance.py``, which evaluates the same strings (``ds`` is ``jax.ds`` /
``arraytyping.ds``). Arguments are abstract, written
``DTYPE[SHAPE]`` with a trailing ``*`` for a weakly typed one (``float32*[]``). For every function and every
configuration (promotion mode x x64) the reference holds JAX's printed jaxpr and its equations with nested ``jit``
calls inlined: primitive name, shown parameters, input atoms (variables by type, literals by value and type) and
output types, each type as ``f32[2,3]`` plus ``*`` when weakly typed. A configuration where JAX raises records the
exception class and message instead.

No ``jax`` is needed to read the function table (``FUNCTIONS``): the test imports it from here.
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "jaxpr_reference.json"
CONFIGS = [("standard", False), ("standard", True), ("strict", False), ("strict", True)]

# name -> (source, argument specs). Keep names stable: the test refers to them.
FUNCTIONS: dict[str, tuple[str, list[str]]] = {
    # mixed dtypes
    "add_f32_i8": ("lambda x, y: x + y", ["float32[2,3]", "int8[2,3]"]),
    "add_bf16_f16": ("lambda x, y: x + y", ["bfloat16[3]", "float16[3]"]),
    "add_u8_i8": ("lambda x, y: x + y", ["uint8[3]", "int8[3]"]),
    "add_u64_i64": ("lambda x, y: x + y", ["uint64[3]", "int64[3]"]),
    "mul_i32_c64": ("lambda x, y: x * y", ["int32[3]", "complex64[3]"]),
    # Python scalars (weak)
    "mul_py_int": ("lambda x: x * 2", ["float32[2,3]"]),
    "add_py_float_to_i8": ("lambda x: x + 2.0", ["int8[2,3]"]),
    "add_py_int_i8": ("lambda x: x + 100", ["int8[4]"]),
    "rsub_py_int": ("lambda x: 3 - x", ["int32[3]"]),
    "add_py_complex": ("lambda x: x + 1j", ["float32[3]"]),
    "weak_arg_times_int": ("lambda x: x * 2", ["float32*[]"]),
    "weak_arg_plus_array": ("lambda x, y: x + y", ["float32*[]", "bfloat16[3]"]),
    "weak_only": ("lambda: 2.0 * 3", []),
    "chain_weak": ("lambda x: (x * 2 + 1.0) / 4", ["int16[3]"]),
    # comparisons
    "lt_py_int": ("lambda x: x < 2", ["float32[2,3]"]),
    "eq_i8_f32": ("lambda x, y: x == y", ["int8[3]", "float32[3]"]),
    "ge_i32_py_float": ("lambda x: x >= 1.5", ["int32[3]"]),
    # division
    "truediv_ints": ("lambda x, y: x / y", ["int32[3]", "int32[3]"]),
    "pow_int": ("lambda x: x ** 2", ["float32[3]"]),
    # reductions
    "sum_i8": ("lambda x: np.sum(x)", ["int8[2,3]"]),
    "sum_axis_f32": ("lambda x: np.sum(x, axis=1)", ["float32[2,3]"]),
    "sum_bool": ("lambda x: np.sum(x)", ["bool[4]"]),
    "mean_i32": ("lambda x: np.mean(x)", ["int32[2,3]"]),
    "mean_f32_axis": ("lambda x: np.mean(x, axis=0)", ["float32[4,3]"]),
    "mean_f16": ("lambda x: np.mean(x)", ["float16[4]"]),
    "sum_f16_keepdims": ("lambda x: np.sum(x, axis=0, keepdims=True)", ["bfloat16[2,3]"]),
    "prod_u8": ("lambda x: np.prod(x)", ["uint8[3]"]),
    "any_f32": ("lambda x: np.any(x)", ["float32[3]"]),
    "mean_bool": ("lambda x: np.mean(x)", ["bool[4]"]),
    "max_u8": ("lambda x: np.max(x)", ["uint8[5]"]),
    "max_axis_f32": ("lambda x: x.max(axis=0)", ["float32[2,3]"]),
    "min_keepdims": ("lambda x: np.min(x, axis=1, keepdims=True)", ["int32[2,3]"]),
    # broadcasting
    "bcast_add": ("lambda x, y: x + y", ["float32[3,1]", "float32[4]"]),
    "bcast_mixed": ("lambda x, y: x * y", ["int32[3,1]", "float32[1,4]"]),
    # where
    "where_mixed": ("lambda x, y: np.where(x > 0, x, y)", ["float32[2,3]", "int8[2,3]"]),
    "where_py_scalar": ("lambda c, x: np.where(c, x, 0.0)", ["bool[3]", "int32[3]"]),
    # astype
    "astype_i16": ("lambda x: x.astype(np.int16)", ["float32[2,3]"]),
    "astype_bool": ("lambda x: x.astype(np.bool_)", ["float32[3]"]),
    "astype_f64": ("lambda x: x.astype(np.float64)", ["int32[3]"]),
    "astype_weak_to_same": ("lambda x: x.astype(np.float32)", ["float32*[3]"]),
    # matmul
    "matmul_f32": ("lambda x, y: x @ y", ["float32[2,3]", "float32[3,4]"]),
    "matvec_f32": ("lambda x, y: x @ y", ["float32[2,3]", "float32[3]"]),
    "vecmat_i32": ("lambda x, y: x @ y", ["int32[3]", "int32[3,2]"]),
    "matmul_batched": ("lambda x, y: x @ y", ["float32[5,1,2,3]", "float32[4,3,2]"]),
    "matmul_f32_i8": ("lambda x, y: x @ y", ["float32[2,3]", "int8[3,4]"]),
    # indexing
    "index_int": ("lambda x: x[1]", ["float32[2,3]"]),
    "index_int_slice": ("lambda x: x[0, 1:]", ["float32[2,3]"]),
    "index_reverse": ("lambda x: x[::-1]", ["int32[4]"]),
    "weak_compare_then_where": ("lambda x: np.where(x > 1, x, 2)", ["float32*[3]"]),
    "exp_int": ("lambda x: np.exp(x)", ["int16[3]"]),
    "index_newaxis": ("lambda x: x[:, None]", ["float32[3]"]),
    # floor division: JAX's float expansion (CPython's float_divmod), integers, and complex (an error)
    "floordiv_f32": ("lambda x, y: x // y", ["float32[3]", "float32[3]"]),
    "floordiv_bf16_py_float": ("lambda x: x // 2.0", ["bfloat16[3]"]),
    "rfloordiv_py_float_f32": ("lambda x: 2.0 // x", ["float32[3]"]),
    "floordiv_i32_f16": ("lambda x, y: np.floor_divide(x, y)", ["int32[3]", "float16[3]"]),
    "floordiv_f32_scalar_divisor": ("lambda x, y: x // y", ["float32[2,3]", "float32[]"]),
    "floordiv_bcast_f64": ("lambda x, y: x // y", ["float64[3,1]", "float64[4]"]),
    "floordiv_weak_f32": ("lambda x, y: x // y", ["float32*[3]", "float32*[3]"]),
    "floordiv_i32": ("lambda x, y: x // y", ["int32[3]", "int32[3]"]),
    "floordiv_u8": ("lambda x, y: x // y", ["uint8[3]", "uint8[3]"]),
    "floordiv_c64": ("lambda x, y: x // y", ["complex64[3]", "complex64[3]"]),
    "floordiv_f32_c64": ("lambda x, y: np.floor_divide(x, y)", ["float32[3]", "complex64[3]"]),
    # the jax.numpy surface: elementwise
    "exp2_f32": ("lambda x: np.exp2(x)", ["float32[3,4]"]),
    "expm1_i32": ("lambda x: np.expm1(x)", ["int32[3]"]),
    "log2_f32": ("lambda x: np.log2(x)", ["float32[3]"]),
    "log10_c64": ("lambda x: np.log10(x)", ["complex64[3]"]),
    "arcsinh_bf16": ("lambda x: np.arcsinh(x)", ["bfloat16[3]"]),
    "square_i8": ("lambda x: np.square(x)", ["int8[3]"]),
    "reciprocal_i32": ("lambda x: np.reciprocal(x)", ["int32[3]"]),
    "deg2rad_f32": ("lambda x: np.deg2rad(x)", ["float32[3]"]),
    "deg2rad_weak0": ("lambda x: np.deg2rad(x)", ["float32*[]"]),
    # the array API's and numpy's other names: the function they name, after promote_args under their own name
    "acos_f32": ("lambda x: np.acos(x)", ["float32[3]"]),
    "acosh_i32": ("lambda x: np.acosh(x)", ["int32[3]"]),
    "asin_asinh_bf16": ("lambda x: (np.asin(x), np.asinh(x))", ["bfloat16[3]"]),
    "atan_atanh_weak": ("lambda x: (np.atan(x), np.atanh(x))", ["float32*[3]"]),
    "atan2_i8_f16": ("lambda x, y: np.atan2(x, y)", ["int8[3]", "float16[3]"]),
    "atan2_c64": ("lambda x, y: np.atan2(x, y)", ["complex64[3]", "float32[3]"]),
    "bitwise_invert_u8": ("lambda x: np.bitwise_invert(x)", ["uint8[3]"]),
    "bitwise_invert_f32": ("lambda x: np.bitwise_invert(x)", ["float32[3]"]),
    "degrees_radians_i16": ("lambda x: (np.degrees(x), np.radians(x))", ["int16[3]"]),
    "round_f32": ("lambda x: np.round(x)", ["float32[3]"]),
    "rint_c64": ("lambda x: np.rint(x)", ["complex64[3]"]),
    "isnan_weak": ("lambda x: np.isnan(x)", ["float32*[3]"]),
    "isfinite_c64": ("lambda x: np.isfinite(x)", ["complex64[3]"]),
    "signbit_bf16": ("lambda x: np.signbit(x)", ["bfloat16[3]"]),
    "isposinf_f32": ("lambda x: np.isposinf(x)", ["float32[3]"]),
    "isneginf_i8": ("lambda x: np.isneginf(x)", ["int8[2,3]"]),
    "isreal_c64": ("lambda x: np.isreal(x)", ["complex64[3]"]),
    "iscomplex_weak": ("lambda x: np.iscomplex(x)", ["float32*[]"]),
    "spacing_f32": ("lambda x: np.spacing(x)", ["float32[3]"]),
    "spacing_f16": ("lambda x: np.spacing(x)", ["float16[3]"]),
    "spacing_i32": ("lambda x: np.spacing(x)", ["int32[2,3]"]),
    "modf_f32": ("lambda x: np.modf(x)", ["float32[3]"]),
    "array_equiv_bcast": ("lambda x, y: np.array_equiv(x, y)", ["float32[2,3]", "int8[3]"]),
    "append_flat": ("lambda x, y: np.append(x, y)", ["float32[2,3]", "float32*[]"]),
    "ediff1d_2d": ("lambda x: np.ediff1d(x)", ["int8[2,3]"]),
    "ediff1d_ends": ("lambda x: np.ediff1d(x, to_end=1.5, to_begin=0)", ["float32*[4]"]),
    "append_axis0": ("lambda x, y: np.append(x, y, axis=0)", ["bfloat16[2,3]", "int8[1,3]"]),
    "tril_indices_3": ("lambda: np.tril_indices(3)", []),
    "triu_indices_k": ("lambda: np.triu_indices(3, 1, 4)", []),
    "diag_indices_3": ("lambda: np.diag_indices(3)", []),
    "indices_2x3": ("lambda: np.indices((2, 3))", []),
    "indices_1d": ("lambda: np.indices((4,), dtype=np.int8)", []),
    "indices_sparse": ("lambda: np.indices((2, 3), sparse=True)", []),
    "tril_indices_from_x": ("lambda x: np.tril_indices_from(x, -1)", ["float32[3,4]"]),
    "modf_i8_weak": ("lambda x: np.modf(x)", ["int32*[2,3]"]),
    "divmod_f32": ("lambda x, y: np.divmod(x, y)", ["float32[3]", "float32[]"]),
    "divmod_i32_u8": ("lambda x, y: np.divmod(x, y)", ["int32[2,3]", "uint8[3]"]),
    "divmod_bf16_bool": ("lambda x, y: np.divmod(x, y)", ["bfloat16[3]", "bool[3]"]),
    "angle_c64": ("lambda x: np.angle(x)", ["complex64[3]"]),
    "imag_f32": ("lambda x: np.imag(x)", ["float32[2,3]"]),
    "arctan2_f32_i32": ("lambda x, y: np.arctan2(x, y)", ["float32[3]", "int32[3]"]),
    "nextafter_bf16": ("lambda x, y: np.nextafter(x, y)", ["bfloat16[3]", "bfloat16[3]"]),
    "float_power_i8": ("lambda x, y: np.float_power(x, y)", ["int8[3]", "int8[3]"]),
    # reductions
    "argmax_axis0": ("lambda x: np.argmax(x, axis=0)", ["float32[3,4]"]),
    "argmin_flat": ("lambda x: np.argmin(x)", ["int8[3,4]"]),
    "cumsum_axis1": ("lambda x: np.cumsum(x, axis=1)", ["float32[3,4]"]),
    "cumprod_bool": ("lambda x: np.cumprod(x)", ["bool[4]"]),
    "count_nonzero_f32": ("lambda x: np.count_nonzero(x, axis=0)", ["float32[3,4]"]),
    "max_initial": ("lambda x: np.max(x, axis=1, initial=2.0)", ["float32[3,4]"]),
    "nanmean_axis0": ("lambda x: np.nanmean(x, axis=0)", ["float32[3,4]"]),
    "nanmean_int": ("lambda x: np.nanmean(x)", ["int8[3,4]"]),
    "nanprod_axis0": ("lambda x: np.nanprod(x, axis=0)", ["float32[3,4]"]),
    "nanprod_bool": ("lambda x: np.nanprod(x)", ["bool[3,4]"]),
    "nanargmax_axis0": ("lambda x: np.nanargmax(x, axis=0)", ["float32[3,4]"]),
    "nanargmin_int": ("lambda x: np.nanargmin(x)", ["int8[3,4]"]),
    "nanargmax_keepdims": ("lambda x: np.nanargmax(x, axis=1, keepdims=True)", ["bfloat16[3,4]"]),
    "nancumsum_axis1": ("lambda x: np.nancumsum(x, axis=1)", ["float32[3,4]"]),
    "nancumprod_int": ("lambda x: np.nancumprod(x)", ["int8[3,4]"]),
    "nanvar_axis0": ("lambda x: np.nanvar(x, axis=0)", ["float32[3,4]"]),
    "nanvar_ddof": ("lambda x: np.nanvar(x, ddof=1)", ["float16[3,4]"]),
    "nanvar_complex": ("lambda x: np.nanvar(x, axis=1, keepdims=True)", ["complex64[3,4]"]),
    "nanstd_int": ("lambda x: np.nanstd(x)", ["int8[3,4]"]),
    "cumulative_sum_initial": ("lambda x: np.cumulative_sum(x, axis=1, include_initial=True)", ["int8[3,4]"]),
    "cumulative_sum_1d": ("lambda x: np.cumulative_sum(x)", ["float32*[4]"]),
    "cumulative_prod_axis": ("lambda x: np.cumulative_prod(x, axis=0)", ["bool[3,4]"]),
    "cumulative_prod_initial": ("lambda x: np.cumulative_prod(x, axis=-1, include_initial=True, dtype=np.float32)",
                                ["int32[3,4]"]),
    # shape, joining
    "concatenate_f32_i32": ("lambda x, y: np.concatenate([x, y])", ["float32[3,4]", "int32[2,4]"]),
    "concatenate_axis1": ("lambda x, y: np.concatenate([x, y], axis=1)", ["float32[3,2]", "float32[3,4]"]),
    "array_of_traced": ("lambda x: np.array([x, 2 * x])", ["float32[3]"]),
    "asarray_of_traced_mixed": ("lambda x, h: np.asarray([x, h, x])", ["float32[3]", "float16[3]"]),
    "asarray_of_traced_nested": ("lambda x: np.asarray([[x[0], 2.0], [1, x[1]]])", ["float32[3]"]),
    "asarray_of_traced_dtype": ("lambda x: np.asarray((x, x), dtype=np.float16)", ["float32[3]"]),
    "asarray_of_traced_wide": ("lambda x: np.asarray([x[i] for i in range(3)] * 7)", ["float32[3]"]),
    "asarray_of_traced_weak": ("lambda x: np.asarray([x, 1.0])", ["float32*[]"]),
    "stack_f16": ("lambda x, y: np.stack([x, y], axis=-1)", ["float16[3]", "float16[3]"]),
    "vstack_1d_2d": ("lambda x, y: np.vstack([x, y])", ["float32[4]", "float32[2,4]"]),
    "split_axis1": ("lambda x: np.split(x, 2, axis=1)", ["float32[3,4]"]),
    "tile_2_1": ("lambda x: np.tile(x, (2, 1))", ["int32[3,4]"]),
    "repeat_axis0": ("lambda x: np.repeat(x, 2, axis=0)", ["float32[3,4]"]),
    "roll_flat": ("lambda x: np.roll(x, 1)", ["float32[3,4]"]),
    "flip_all": ("lambda x: np.flip(x)", ["float32[3,4]"]),
    "rot90_f32": ("lambda x: np.rot90(x)", ["float32[3,4]"]),
    "fliplr_f32": ("lambda x: np.fliplr(x)", ["float32[2,3,4]"]),
    "diff_f32": ("lambda x: np.diff(x)", ["float32[2,3,4]"]),
    "diff_n2_prepend": ("lambda x: np.diff(x, n=2, prepend=0.0)", ["float32[5]"]),
    "diff_bool_axis0": ("lambda x: np.diff(x, axis=0)", ["bool[3,4]"]),
    "diff_append_array": ("lambda x, y: np.diff(x, append=y)", ["int8[3,4]", "float16[3,1]"]),
    "diff_n0": ("lambda x: np.diff(x, n=0, prepend=1)", ["float32*[3]"]),
    "argwhere_size": ("lambda x: np.argwhere(x, size=3)", ["float32[2,3]"]),
    "argwhere_fill": ("lambda x: np.argwhere(x > 0, size=4, fill_value=-1)", ["int8[4]"]),
    "flatnonzero_size": ("lambda x: np.flatnonzero(x, size=2)", ["bool[2,3]"]),
    "flipud_weak": ("lambda x: np.flipud(x)", ["float32*[3]"]),
    "permute_dims_f32": ("lambda x: np.permute_dims(x, (2, 0, 1))", ["float32[2,3,4]"]),
    "permute_dims_identity": ("lambda x: np.permute_dims(x, (0, 1))", ["int8[3,4]"]),
    "matrix_transpose_i8": ("lambda x: np.matrix_transpose(x)", ["int8[2,3,4]"]),
    "rollaxis_f32": ("lambda x: np.rollaxis(x, 2)", ["float32[2,3,4]"]),
    "rollaxis_start": ("lambda x: np.rollaxis(x, 0, 3)", ["bfloat16[2,3,4]"]),
    "concat_axis1": ("lambda x, y: np.concat([x, y], axis=1)", ["float32[3,2]", "int32[3,4]"]),
    "concat_flat": ("lambda x, y: np.concat((x, y), axis=None)", ["float32[3,2]", "float32*[4]"]),
    "unstack_axis1": ("lambda x: np.unstack(x, axis=1)", ["float32[2,3,4]"]),
    "unstack_weak": ("lambda x: np.unstack(x)", ["float32*[2,3]"]),
    "hsplit_f32": ("lambda x: np.hsplit(x, 3)", ["float32[2,3,4]"]),
    "hsplit_1d": ("lambda x: np.hsplit(x, [1, 3])", ["int32[4]"]),
    "vsplit_f32": ("lambda x: np.vsplit(x, 2)", ["float32[4,3]"]),
    "dsplit_f32": ("lambda x: np.dsplit(x, [1])", ["float32[2,3,4]"]),
    "dstack_1d": ("lambda x, y: np.dstack([x, y])", ["float32[5]", "float32[5]"]),
    "dstack_mixed": ("lambda x, y: np.dstack((x, y))", ["float32[2,3]", "int8[2,3,1]"]),
    "dstack_array": ("lambda x: np.dstack(x)", ["float16[2,3]"]),
    "concatenate_array": ("lambda x: np.concatenate(x, axis=1)", ["float16[2,3,4]"]),
    "concatenate_array_flat": ("lambda x: np.concatenate(x, axis=None, dtype=np.int8)", ["float32[2,3]"]),
    "stack_array": ("lambda x: np.stack(x, axis=-1)", ["int32[2,3]"]),
    "moveaxis_f32": ("lambda x: np.moveaxis(x, 0, -1)", ["float32[2,3,4]"]),
    "expand_dims_f32": ("lambda x: np.expand_dims(x, (0, 2))", ["float32[3,4]"]),
    "squeeze_f32": ("lambda x: np.squeeze(x)", ["float32[1,3,1]"]),
    "ravel_f32": ("lambda x: np.ravel(x)", ["float32[3,4]"]),
    "meshgrid_xy": ("lambda x, y: np.meshgrid(x, y)", ["float32[3]", "int32[2]"]),
    "broadcast_arrays_f32_i32": ("lambda x, y: np.broadcast_arrays(x, y)", ["float32[3,1]", "int32[4]"]),
    # indexing, selection, sorting
    "take_f32": ("lambda x: np.take(x, np.array([0, 2, 1]))", ["float32[3,4]"]),
    "getitem_int_array": ("lambda x: x[np.array([0, 2])]", ["float32[3,4]"]),
    "getitem_arrays_2d": ("lambda x: x[np.array([0, 2]), np.array([1, 3])]", ["float32[3,4]"]),
    "at_set_f32": ("lambda x: x.at[0].set(2)", ["float32[3,4]"]),
    "at_add_column": ("lambda x: x.at[:, 1].add(2)", ["float32[3,4]"]),
    # scalar indices known at run time: one dynamic_slice (JAX's indexing strategy), and ``ds`` (``jax.ds``)
    "getitem_traced_weak": ("lambda x, i: x[i]", ["float32[10]", "int64*[]"]),
    "getitem_traced_strong": ("lambda x, i: x[i]", ["float32[10]", "int32[]"]),
    "getitem_traced_int8": ("lambda x, i: x[i]", ["float32[10]", "int8[]"]),
    "getitem_traced_uint8": ("lambda x, i: x[i]", ["float32[4,5]", "uint8[]"]),
    "getitem_two_traced": ("lambda x, i, j: x[i, j]", ["float32[4,5]", "int64*[]", "int64*[]"]),
    "getitem_traced_and_int": ("lambda x, i: x[i, 2]", ["float32[4,5]", "int32[]"]),
    "getitem_traced_reversed": ("lambda x, i: x[i, ::-1]", ["float32[4,5]", "int64*[]"]),
    "getitem_traced_newaxis": ("lambda x, i: x[None, i, 1:3]", ["float32[4,5]", "int64*[]"]),
    "getitem_traced_ellipsis": ("lambda x, i: x[..., i]", ["float32[2,4,5]", "int32[]"]),
    "getitem_out_of_bounds": ("lambda x: x[20]", ["float32[5]"]),
    "getitem_out_of_bounds_2d": ("lambda x: x[7]", ["float32[4,5]"]),
    "getitem_traced_fill": ("lambda x, i: x.at[i].get(mode='fill', fill_value=0)", ["float32[10]", "int64*[]"]),
    "getitem_traced_clip": ("lambda x, i: x.at[i].get(mode='clip')", ["float32[10]", "int64*[]"]),
    "getitem_traced_step2": ("lambda x, i: x[i, ::2]", ["float32[4,5]", "int64*[]"]),
    "at_set_traced": ("lambda x, i: x.at[i].set(1.0)", ["float32[10]", "int64*[]"]),
    "ds_static": ("lambda x: x[ds(4, 2)]", ["float32[10]"]),
    "ds_static_negative": ("lambda x: x[ds(-2, 2)]", ["float32[5]"]),
    "ds_traced": ("lambda x, i: x[ds(i, 3)]", ["float32[10]", "int64*[]"]),
    "ds_traced_strong": ("lambda x, i: x[ds(i, 3)]", ["float32[10]", "int32[]"]),
    "ds_stride": ("lambda x, i: x[ds(i, 3, 2)]", ["float32[10]", "int64*[]"]),
    "ds_two_axes": ("lambda x, i: x[ds(1, 2), ds(i, 3)]", ["float32[4,5]", "int64*[]"]),
    "ds_ellipsis": ("lambda x, i: x[..., ds(i, 2)]", ["float32[4,5]", "int64*[]"]),
    "ds_with_array": ("lambda x, i: x[ds(i, 2), np.array([0, 1])]", ["float32[4,5]", "int64*[]"]),
    "ds_at_set": ("lambda x, i: x.at[ds(i, 2)].set(1.0)", ["float32[10]", "int64*[]"]),
    "ds_at_add_stride": ("lambda x, i: x.at[ds(i, 2, 3)].add(1.0)", ["float32[10]", "int64*[]"]),
    "ds_full": ("lambda x: x[ds(0, 10)]", ["float32[10]"]),
    "diagonal_f32": ("lambda x: np.diagonal(x)", ["float32[3,4]"]),
    "diagonal_square_f32": ("lambda x: np.diagonal(x)", ["float32[3,3]"]),
    "diagonal_square_weak": ("lambda x: np.diagonal(x)", ["float32*[3,3]"]),
    "diagonal_square_bool": ("lambda x: np.diagonal(x)", ["bool[2,2]"]),
    "diag_square_weak_int": ("lambda x: np.diag(x)", ["int32*[2,2]"]),
    "triu_f32": ("lambda x: np.triu(x)", ["float32[3,4]"]),
    "tril_k1": ("lambda x: np.tril(x, k=1)", ["int32[3,4]"]),
    "sort_f32": ("lambda x: np.sort(x)", ["float32[3,4]"]),
    "argsort_f32": ("lambda x: np.argsort(x)", ["float32[3,4]"]),
    "trace_f32": ("lambda x: np.trace(x)", ["float32[3,4]"]),
    # creation
    "full_weak": ("lambda: np.full((2,), 3.0)", []),
    "eye_3": ("lambda: np.eye(3)", []),
    "tri_3": ("lambda: np.tri(3)", []),
    "identity_i32": ("lambda: np.identity(2, dtype=np.int32)", []),
    "copy_f32": ("lambda x: np.copy(x)", ["float32[3]"]),
    "empty_like_weak": ("lambda x: np.empty_like(x)", ["float32*[3]"]),
}

# Values of functions on concrete edge cases, computed by JAX (CPU) and compared value by value (bit patterns of
# floats, so -0.0 and nan count): name -> (source, dtype, x64). Each function takes the cross product of
# EDGE_DIVIDENDS and EDGE_DIVISORS as two flat arrays of ``dtype``.
EDGE_DIVIDENDS: list[float] = [7.0, -7.0, 6.0, -6.0, 0.0, -0.0, 0.5, -0.5, 1.0, 3.0, 1e30, -1e30, 5e-39,
                               float("inf"), float("-inf"), float("nan")]
EDGE_DIVISORS: list[float] = [2.0, -2.0, 3.0, -3.0, 0.25, 0.0, -0.0, 1e-30, float("inf"), float("-inf"),
                              float("nan")]
VALUES: dict[str, tuple[str, str, bool]] = {
    "floor_divide_f32": ("lambda x, y: np.floor_divide(x, y)", "float32", False),
    "floor_divide_f16": ("lambda x, y: x // y", "float16", False),
    "floor_divide_bf16": ("lambda x, y: x // y", "bfloat16", False),
    "floor_divide_f64": ("lambda x, y: x // y", "float64", True),
}


def parse_spec(spec: str) -> tuple[str, tuple[int, ...], bool]:
    """``"float32*[2,3]"`` -> ``("float32", (2, 3), True)``."""
    head, _, dims = spec.partition("[")
    weak = head.endswith("*")
    shape = tuple(int(d) for d in dims.rstrip("]").split(",") if d)
    return head.rstrip("*"), shape, weak


def main_inside() -> None:
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax
    import jax.numpy as jnp
    import jaxlib
    import ml_dtypes
    import numpy as np
    from jax.extend import core as jcore

    def np_dtype(name: str) -> Any:
        return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)

    def aval_str(aval: Any) -> str:
        return aval.str_short(short_dtypes=True) + ("*" if aval.weak_type else "")

    def atom_str(x: Any) -> str:
        if isinstance(x, jcore.Literal):
            return f"{np.asarray(x.val).item()!r}:{aval_str(x.aval)}"
        return aval_str(x.aval)

    def flat_eqns(jaxpr: Any, nested: str | None = None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for eqn in jaxpr.eqns:
            inner = eqn.params.get("jaxpr")
            if eqn.primitive.name in ("jit", "pjit", "closed_call") and inner is not None:
                inner_jaxpr = getattr(inner, "jaxpr", inner)
                out += flat_eqns(inner_jaxpr, str(eqn.params.get("name", eqn.primitive.name)))
                continue
            out.append({
                "prim": eqn.primitive.name,
                "params": {k: str(v) for k, v in sorted(eqn.params.items())},
                "in": [atom_str(x) for x in eqn.invars],
                "out": [aval_str(v.aval) for v in eqn.outvars],
                **({"nested_in": nested} if nested else {}),
            })
        return out

    configs: dict[str, Any] = {}
    for mode, x64 in CONFIGS:
        jax.config.update("jax_numpy_dtype_promotion", mode)
        jax.config.update("jax_enable_x64", x64)
        key = f"{mode}-{'x64' if x64 else 'x32'}"
        print("config", key, file=sys.stderr)
        cfg: dict[str, Any] = {}
        for name, (src, specs) in FUNCTIONS.items():
            fn = eval(src, {"np": jnp, "ds": jax.ds})  # noqa: S307 - our own table
            args = []
            for spec in specs:
                dt, shape, weak = parse_spec(spec)
                args.append(jax.ShapeDtypeStruct(shape, np_dtype(dt), weak_type=weak))
            try:
                closed = jax.make_jaxpr(fn)(*args)
            except Exception as e:  # noqa: BLE001 - recorded
                cfg[name] = {"error": type(e).__name__, "message": str(e)}
                continue
            cfg[name] = {
                "text": closed.pretty_print(use_color=False),
                "in_avals": [aval_str(a) for a in closed.in_avals],
                "out_avals": [aval_str(a) for a in closed.out_avals],
                "outs": [atom_str(x) for x in closed.jaxpr.outvars],
                "eqns": flat_eqns(closed.jaxpr),
                "nested": any(e.primitive.name in ("jit", "pjit", "closed_call") for e in closed.jaxpr.eqns),
            }
        configs[key] = cfg

    values: dict[str, Any] = {}
    for name, (src, dtype, x64) in VALUES.items():
        jax.config.update("jax_numpy_dtype_promotion", "standard")
        jax.config.update("jax_enable_x64", x64)
        fn = eval(src, {"np": jnp})  # noqa: S307 - our own table
        xs = [a for a in EDGE_DIVIDENDS for _ in EDGE_DIVISORS]
        ys = [b for _ in EDGE_DIVIDENDS for b in EDGE_DIVISORS]
        dt = np_dtype(dtype)
        with np.errstate(over="ignore"):  # 1e30 is inf in float16, as intended
            x, y = np.array(xs, dt), np.array(ys, dt)
        out = np.asarray(fn(jnp.asarray(x), jnp.asarray(y)))
        values[name] = {"dtype": out.dtype.name, "out": [float(v).hex() for v in out.astype(np.float64)]}

    data = {
        "generator": "tools/jaxpr_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__,
                     "ml_dtypes": ml_dtypes.__version__},
        "functions": {name: {"source": src, "args": specs} for name, (src, specs) in FUNCTIONS.items()},
        "configs": configs,
        "values": {"dividends": [float(v).hex() for v in EDGE_DIVIDENDS],
                   "divisors": [float(v).hex() for v in EDGE_DIVISORS],
                   "functions": {name: {"source": src, "dtype": dt, "x64": x64}
                                 for name, (src, dt, x64) in VALUES.items()},
                   "results": values},
    }
    _keep_committed_error_messages(data)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


def _order_free(message: str) -> str:
    """``message`` with the items of each parenthesized list sorted: JAX builds some error messages from sets, so
    ``('float16', 'bfloat16')`` and ``('bfloat16', 'float16')`` are the same message from two runs."""
    return re.sub(r"\(([^()]*)\)", lambda m: "(" + ", ".join(sorted(m.group(1).split(", "))) + ")", message)


def _keep_committed_error_messages(data: dict[str, Any]) -> None:
    """Where the committed reference already records an error that differs from this run's only in the order of
    such a list, keep the committed text, so regenerating changes only what really changed."""
    if not OUT.exists():
        return
    committed = json.loads(OUT.read_text()).get("configs", {})
    for key, cfg in data["configs"].items():
        for name, new in cfg.items():
            old = committed.get(key, {}).get(name)
            if (isinstance(old, dict) and "error" in old and "error" in new and old["error"] == new["error"]
                    and _order_free(old["message"]) == _order_free(new["message"])):
                cfg[name] = old


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import jax_reference  # the shared command line and venv setup (same folder)

    jax_reference.cli(__doc__, __file__, main_inside)
