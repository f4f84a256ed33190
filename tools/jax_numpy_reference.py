"""Write JAX 0.10.2's answers for the ``jax.numpy`` functions of ``arraytyping.numpy`` to
``tests/data/jax_numpy_reference.json``: result dtypes, weak flags and shapes over every operand dtype (or the
error class where JAX refuses), in the four configurations, and values on seeded random inputs.

Each case is a *source string* over a neutral namespace (``np`` is ``jax.numpy`` here and ``arraytyping.numpy`` in
``tests/runtime/test_conformance_numpy.py``, which evaluates the same strings) and a list of argument slots:

* ``x`` (optionally with a shape, ``x[5]``; default ``[3,4]``): an operand that varies over every strong array
  dtype, the weakly typed arrays of ``jax_reference.WEAK_ARRAY_DTYPES`` and the Python scalars (``py:int``...);
  when it is the only operand, also over weakly typed arrays of rank 0 (``warr0:float32``);
* ``w``: a second operand, over a smaller set (:data:`SMALL_OPERANDS`), paired with every ``x``;
* ``d``: a ``dtype=`` argument that varies over ``None``, every dtype name and the Python types.

Results are ``float32*[3,4]`` (dtype, ``*`` when weakly typed, shape), several outputs joined by ``,``, or
``error:ClassName``; per case and configuration they are a list aligned with :func:`keys` (importable without JAX,
as the tests do). Values: for each case of ``VALUES``, seeded inputs of a few dtypes and JAX's outputs (computed on
the CPU), in standard promotion with x64 off unless the dtype is 64-bit.

Runs in its own venv with jax (see tools/jax_reference.py, whose helpers it shares)::

    python tools/jax_numpy_reference.py [--venv .jaxref-venv]
    JAXREF_ONLY=sort,argsort python tools/jax_numpy_reference.py     # regenerate only these cases
    JAXREF_RESUME=1 python tools/jax_numpy_reference.py              # complete an interrupted run
    JAXREF_PART=values JAXREF_OUT=/tmp/v.json python tools/...       # only the values (or dtypes), elsewhere
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = Path(os.environ.get("JAXREF_OUT", ref.ROOT / "tests" / "data" / "jax_numpy_reference.json"))

OPERANDS: list[str] = ([f"arr:{d}" for d in ref.DTYPES] + [f"warr:{d}" for d in ref.WEAK_ARRAY_DTYPES]
                       + [f"py:{k}" for k in ("bool", "int", "float", "complex")])
"""What ``x`` and ``y`` range over."""
SMALL_OPERANDS: list[str] = ([f"arr:{d}" for d in ("bool", "uint8", "uint32", "uint64", "int4", "int8", "int16",
                                                     "int32", "int64", "float8_e4m3fn", "bfloat16", "float16",
                                                     "float32", "float64", "complex64", "complex128")]
                              + [f"warr:{d}" for d in ("bool", "int32", "float32", "bfloat16", "complex64")]
                              + [f"py:{k}" for k in ("bool", "int", "float", "complex")])
"""What ``w`` ranges over: the second operand of binary functions. Their rules are the lattice's join (which
``jax_reference.json`` covers for every pair) followed by an adjustment of the joined dtype, and ``x`` over every
dtype with ``w`` over these still meets every joined dtype, strong and weak."""
RANK0_OPERANDS: list[str] = [f"warr0:{d}" for d in ref.WEAK_ARRAY_DTYPES]
"""Weakly typed arrays of rank 0, which ``x`` also ranges over when it is the only operand and not of rank 0 itself
(several functions give a weakly typed result for a rank-0 weak operand and a strong one otherwise)."""
DTYPE_ARGS: list[str] = ["none", *(f"name:{d}" for d in ref.DTYPES), *(f"py:{p}" for p in ("bool", "int", "float",
                                                                                               "complex"))]
"""What ``d`` ranges over: ``None``, a dtype name (the string), a Python type."""
PY_VALUES: dict[str, Any] = {"bool": True, "int": 2, "float": 2.0, "complex": 2j}

_E = "lambda x: "
_XY = "lambda x, y: "

CASES: dict[str, tuple[str, list[str]]] = {
    # --- creation --------------------------------------------------------------------------------------------
    "empty": ("lambda: np.empty((2, 3))", []),
    "empty_dtype": ("lambda d: np.empty((2, 3), dtype=d)", ["d"]),
    "empty_like": (_E + "np.empty_like(x)", ["x"]),
    "empty_like_dtype": ("lambda d: np.empty_like(np.zeros((2,), 'int8'), dtype=d)", ["d"]),
    "zeros": ("lambda: np.zeros((2, 3))", []),
    "zeros_dtype": ("lambda d: np.zeros((2, 3), dtype=d)", ["d"]),
    "ones": ("lambda: np.ones(3)", []),
    "zeros_like": (_E + "np.zeros_like(x)", ["x"]),
    "ones_like": (_E + "np.ones_like(x)", ["x"]),
    "ones_like_dtype": ("lambda d: np.ones_like(np.zeros((2,), 'int8'), dtype=d)", ["d"]),
    "full": (_E + "np.full((2,), x)", ["x[]"]),
    "full_dtype": ("lambda d: np.full((2,), 3, dtype=d)", ["d"]),
    "full_like": (_E + "np.full_like(x, 3.0)", ["x"]),
    "full_like_int": (_E + "np.full_like(x, 3)", ["x"]),
    "full_like_value": (_E + "np.full_like(np.zeros((2,), 'int8'), x)", ["x[]"]),
    "full_like_dtype": ("lambda d: np.full_like(np.zeros((2,), 'int8'), 2, dtype=d)", ["d"]),
    "eye": ("lambda: np.eye(3)", []),
    "eye_rect": ("lambda: np.eye(3, 4, k=1)", []),
    "eye_dtype": ("lambda d: np.eye(2, dtype=d)", ["d"]),
    "identity": ("lambda: np.identity(3)", []),
    "identity_dtype": ("lambda d: np.identity(2, dtype=d)", ["d"]),
    "tri": ("lambda: np.tri(3)", []),
    "tri_rect": ("lambda: np.tri(3, 4, k=-1)", []),
    "tri_dtype": ("lambda d: np.tri(2, dtype=d)", ["d"]),
    "diag_vector": (_E + "np.diag(x)", ["x[3]"]),
    "diag_matrix": (_E + "np.diag(x, k=1)", ["x"]),
    "meshgrid": (_XY + "np.meshgrid(x, y)", ["x[3]", "w[2]"]),
    "meshgrid_ij": (_E + "np.meshgrid(x, x, indexing='ij')", ["x[3]"]),
    "logspace": ("lambda: np.logspace(0, 2, 5)", []),
    "logspace_int": ("lambda: np.logspace(0, 2, 3, base=2)", []),
    "logspace_dtype": ("lambda d: np.logspace(0, 2, 3, dtype=d)", ["d"]),
    "copy": (_E + "np.copy(x)", ["x"]),
    # the window functions: M points of the default float dtype (ones for M <= 1; int(M) of a float; a negative
    # size refused)
    **{fn: (f"lambda: np.{fn}(7)", []) for fn in ("bartlett", "blackman", "hamming", "hanning")},
    "bartlett_even": ("lambda: np.bartlett(6)", []),
    "hanning_one": ("lambda: np.hanning(1)", []),
    "hamming_empty": ("lambda: np.hamming(0)", []),
    "blackman_float_size": ("lambda: np.blackman(4.7)", []),
    "hanning_negative": ("lambda: np.hanning(-1)", []),
    "arange": ("lambda: np.arange(5)", []),
    "arange_float": ("lambda: np.arange(0.0, 2.0, 0.5)", []),
    "arange_dtype": ("lambda d: np.arange(4, dtype=d)", ["d"]),
    "linspace": ("lambda: np.linspace(0, 1, 5)", []),
    "linspace_dtype": ("lambda d: np.linspace(0, 4, 5, dtype=d)", ["d"]),
    "asarray_py": (_E + "np.asarray(x)", ["x[]"]),
    # Python values converted to a requested dtype: numpy's np.array(value, dtype) (out-of-bounds integers and
    # complex-to-real refused)
    **{f"asarray_py_{tag}_dtype": (f"lambda d: np.asarray({value}, dtype=d)", ["d"]) for tag, value in (
        ("int", "300"), ("negative", "-1"), ("big", "2**40"), ("float", "300.0"), ("complex", "2j"),
        ("list", "[1.0, 2j]"), ("nested", "[[1, 300]]"))},
    "array_py_int_dtype": ("lambda d: np.array(-3, dtype=d)", ["d"]),
    # --- unary -----------------------------------------------------------------------------------------------
    **{name: (_E + f"np.{name}(x)", ["x"]) for name in (
        "exp", "log", "sqrt", "sin", "cos", "tanh", "abs", "absolute", "negative", "positive", "sign", "invert",
        "bitwise_not", "logical_not",
        "exp2", "expm1", "log2", "log10", "log1p", "cbrt", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
        "arcsinh", "arccosh", "arctanh", "deg2rad", "rad2deg", "sinc", "square", "reciprocal", "floor", "ceil",
        "trunc", "rint", "round", "conj", "conjugate", "real", "imag", "angle", "isnan", "isinf", "isfinite",
        "signbit", "nan_to_num", "fabs", "isposinf", "isneginf", "isreal", "iscomplex", "spacing")},
    "round_decimals": (_E + "np.round(x, 2)", ["x"]),
    "round_negative_decimals": (_E + "np.round(x, -1)", ["x"]),
    "angle_deg": (_E + "np.angle(x, deg=True)", ["x"]),
    "nan_to_num_values": (_E + "np.nan_to_num(x, nan=1.0, posinf=2.0, neginf=-2.0)", ["x"]),
    "modf": (_E + "np.modf(x)", ["x"]),
    "array_equiv": (_XY + "np.array_equiv(x, y)", ["x", "w"]),
    "append": (_XY + "np.append(x, y)", ["x", "w"]),
    "ediff1d": (_E + "np.ediff1d(x)", ["x"]),
    "ediff1d_ends": (_E + "np.ediff1d(x, to_end=1.5, to_begin=0)", ["x"]),
    "append_axis": (_XY + "np.append(x, y, axis=0)", ["x[2,3]", "w[1,3]"]),
    "indices": ("lambda: np.indices((2, 3))", []),
    "indices_sparse": ("lambda: np.indices((2, 3), sparse=True)", []),
    "indices_dtype": ("lambda d: np.indices((2, 3), dtype=d)", ["d"]),
    "tril_indices": ("lambda: np.tril_indices(4, -1)", []),
    "triu_indices": ("lambda: np.triu_indices(3, 1, 5)", []),
    "diag_indices": ("lambda: np.diag_indices(3, 3)", []),
    "tril_indices_from": (_E + "np.tril_indices_from(x, 1)", ["x"]),
    "triu_indices_from": (_E + "np.triu_indices_from(x)", ["x"]),
    "diag_indices_from": (_E + "np.diag_indices_from(x)", ["x[3,3]"]),
    "divmod": (_XY + "np.divmod(x, y)", ["x", "w"]),
    "unravel_index": (_E + "np.unravel_index(x, (3, 4))", ["x"]),
    "unravel_index_bool_size": (_E + "np.unravel_index(x, (4, True))", ["x"]),
    "unravel_index_one_size": (_E + "np.unravel_index(x, 5)", ["x"]),
    "ravel_multi_index": (_XY + "np.ravel_multi_index((x, y), (7, 8), mode='clip')", ["x", "w"]),
    "ravel_multi_index_wrap_dtype": (_E + "np.ravel_multi_index((x, x), (3, 4), mode='wrap', dtype='int16')",
                                     ["x"]),
    "ravel_multi_index_small": (_E + "np.ravel_multi_index((x,), (9,), mode='clip')", ["x"]),
    # --- binary ----------------------------------------------------------------------------------------------
    **{name: (_XY + f"np.{name}(x, y)", ["x", "w"]) for name in (
        "arctan2", "hypot", "logaddexp", "logaddexp2", "copysign", "nextafter", "fmod", "fmax", "fmin",
        "heaviside", "float_power", "gcd", "lcm", "isclose", "allclose", "array_equal")},
    "array_equal_shapes": (_XY + "np.array_equal(x, y)", ["x[3]", "w[2]"]),
    "array_equal_nan": (_XY + "np.array_equal(x, y, equal_nan=True)", ["x", "w"]),
    "isclose_nan": (_XY + "np.isclose(x, y, rtol=1e-3, atol=0.5, equal_nan=True)", ["x", "w"]),
    # --- reductions ------------------------------------------------------------------------------------------
    **{name: (_E + f"np.{name}(x, axis=0)", ["x"]) for name in (
        "sum", "prod", "max", "min", "mean", "any", "all",
        "var", "std", "median", "average", "argmax", "argmin", "cumsum", "cumprod", "nansum", "nanmean", "nanmax",
        "nanmin", "ptp", "count_nonzero", "amax", "amin")},
    **{f"{name}_all": (_E + f"np.{name}(x)", ["x"]) for name in (
        "var", "median", "argmax", "cumsum", "count_nonzero", "ptp", "nanargmax", "nancumsum", "nanvar")},
    **{f"{name}_dtype": (f"lambda d: np.{name}(np.zeros((3, 4), 'int8'), axis=0, dtype=d)", ["d"]) for name in (
        "cumsum", "cumprod", "nansum", "nanmean", "var", "std", "nanprod", "nanvar", "nanstd", "nancumsum",
        "nancumprod", "cumulative_sum", "cumulative_prod")},
    **{name: (_E + f"np.{name}(x, axis=0)", ["x"]) for name in (
        "nanprod", "nanvar", "nanstd", "nanargmax", "nanargmin", "nancumsum", "nancumprod", "cumulative_sum",
        "cumulative_prod")},
    "cumulative_sum_initial": (_E + "np.cumulative_sum(x, axis=1, include_initial=True)", ["x"]),
    "diff": (_E + "np.diff(x)", ["x"]),
    "diff_axis0_n2": (_E + "np.diff(x, n=2, axis=0)", ["x"]),
    "diff_prepend": (_XY + "np.diff(x, prepend=y)", ["x", "w[3,1]"]),
    "diff_append_scalar": (_XY + "np.diff(x, append=y)", ["x", "w[]"]),
    "diff_n0_prepend": (_XY + "np.diff(x, n=0, prepend=y)", ["x", "w[3,1]"]),
    "argwhere": (_E + "np.argwhere(x, size=3)", ["x"]),
    "flatnonzero": (_E + "np.flatnonzero(x, size=5)", ["x"]),
    "cumulative_prod_initial": (_E + "np.cumulative_prod(x, axis=-1, include_initial=True)", ["x"]),
    "nanvar_ddof": (_E + "np.nanvar(x, axis=1, ddof=1, keepdims=True)", ["x"]),
    **{f"{name}_keepdims": (_E + f"np.{name}(x, axis=1, keepdims=True)", ["x"]) for name in (
        "var", "argmax", "median", "nanmax", "count_nonzero")},
    "var_ddof": (_E + "np.var(x, axis=0, ddof=1)", ["x"]),
    "std_correction": (_E + "np.std(x, correction=1)", ["x"]),
    "average_weights": (_XY + "np.average(x, axis=0, weights=y)", ["x", "w"]),
    # quantiles: q over every second operand (its errors), the methods, weights, vector q, several axes
    "quantile": (_XY + "np.quantile(x, y, axis=0)", ["x", "w[]"]),
    "nanquantile": (_XY + "np.nanquantile(x, y, axis=1)", ["x", "w[]"]),
    "percentile": (_XY + "np.percentile(x, y)", ["x", "w[]"]),
    "nanpercentile": (_XY + "np.nanpercentile(x, y, axis=0, keepdims=True)", ["x", "w[]"]),
    "quantile_weights": (_XY + "np.quantile(x, 0.5, axis=1, method='inverted_cdf', weights=y)", ["x", "w[4]"]),
    "nanmedian": (_E + "np.nanmedian(x, axis=0)", ["x"]),
    "nanmedian_all": (_E + "np.nanmedian(x)", ["x"]),
    "nanmedian_keepdims": (_E + "np.nanmedian(x, axis=1, keepdims=True)", ["x"]),
    "quantile_vector": (_E + "np.quantile(x, np.array([0.0, 0.3, 0.5, 0.99, 1.0]), axis=1)", ["x"]),
    "nanquantile_vector_keepdims": (_E + "np.nanquantile(x, np.array([0.1, 0.9]), keepdims=True)", ["x"]),
    "quantile_axes": (_E + "np.quantile(x, 0.3, axis=(2, 0), keepdims=True)", ["x[2,3,4]"]),
    "nanpercentile_axes": (_E + "np.nanpercentile(x, np.array([10, 60]), axis=(0, 2))", ["x[2,3,4]"]),
    **{f"quantile_{m}": (_E + f"np.quantile(x, np.array([0.2, 0.5, 0.7]), axis=1, method='{m}')", ["x"])
       for m in ("lower", "higher", "nearest", "midpoint", "inverted_cdf")},
    **{f"nanquantile_{m}": (_E + f"np.nanquantile(x, 0.4, axis=0, method='{m}', keepdims=True)", ["x"])
       for m in ("lower", "higher", "nearest", "midpoint", "inverted_cdf")},
    "nanpercentile_weights": (
        _E + "np.nanpercentile(x, 40, axis=1, method='inverted_cdf', weights=np.array([1.0, 0.0, 2.0, 3.0]))",
        ["x"]),
    "average_returned": (_E + "np.average(x, axis=1, returned=True)", ["x"]),
    **{f"{name}_where": (_E + f"np.{name}(x, axis=0, where=np.array([True, False, True, True]))", ["x"]) for name in (
        "sum", "prod", "mean", "any", "all", "var", "nansum", "nanmean")},
    **{f"{name}_where_initial": (
        _E + f"np.{name}(x, axis=0, where=np.array([True, False, True, True]), initial=1)", ["x"]) for name in (
        "max", "min", "nanmax", "nanmin")},
    **{f"{name}_initial": (_E + f"np.{name}(x, axis=1, initial=2)", ["x"]) for name in (
        "sum", "prod", "max", "min", "nansum")},
    "max_where_no_initial": (_E + "np.max(x, where=np.array([True, False, True, True]))", ["x"]),
    # --- shape -----------------------------------------------------------------------------------------------
    "ravel": (_E + "np.ravel(x)", ["x"]),
    "swapaxes": (_E + "np.swapaxes(x, 0, 1)", ["x"]),
    "moveaxis": (_E + "np.moveaxis(x, 0, -1)", ["x[2,3,4]"]),
    "expand_dims": (_E + "np.expand_dims(x, (0, 2))", ["x"]),
    "squeeze": (_E + "np.squeeze(x)", ["x[1,3,1]"]),
    "squeeze_axis": (_E + "np.squeeze(x, axis=0)", ["x[1,3,1]"]),
    "broadcast_arrays": (_XY + "np.broadcast_arrays(x, y)", ["x[3,1]", "w[4]"]),
    "concatenate": (_XY + "np.concatenate([x, y])", ["x", "w"]),
    "concatenate_axis": (_XY + "np.concatenate((x, y), axis=1)", ["x[3,2]", "w[3,4]"]),
    "concatenate_none": (_XY + "np.concatenate([x, y], axis=None)", ["x[3,2]", "w[4]"]),
    "concatenate_dtype": ("lambda d: np.concatenate([np.zeros(2, 'int8'), np.ones(2, 'float16')], dtype=d)", ["d"]),
    "stack": (_XY + "np.stack([x, y])", ["x", "w"]),
    "stack_axis": (_XY + "np.stack((x, y), axis=-1)", ["x", "w"]),
    "vstack": (_XY + "np.vstack([x, y])", ["x[4]", "w[2,4]"]),
    "hstack": (_XY + "np.hstack([x, y])", ["x[3]", "w[2]"]),
    "column_stack": (_XY + "np.column_stack([x, y])", ["x[3]", "w[3,2]"]),
    "split": (_E + "np.split(x, 2, axis=1)", ["x"]),
    "split_indices": (_E + "np.split(x, [1, 2])", ["x"]),
    "array_split": (_E + "np.array_split(x, 3, axis=1)", ["x"]),
    "tile": (_E + "np.tile(x, (2, 1))", ["x"]),
    "resize": (_E + "np.resize(x, (4, 2))", ["x"]),
    "resize_empty": (_E + "np.resize(x, (0, 3))", ["x"]),
    "delete": (_E + "np.delete(x, 1)", ["x"]),
    "delete_slice": (_E + "np.delete(x, slice(0, 2), axis=1)", ["x"]),
    "delete_indices": (_E + "np.delete(x, np.array([0, 2, 0]), axis=1)", ["x"]),
    "delete_unique": (_E + "np.delete(x, np.array([2, -3]), axis=1, assume_unique_indices=True)", ["x"]),
    "delete_mask": (_E + "np.delete(x, np.array([True, False, True]), axis=0)", ["x"]),
    "repeat": (_E + "np.repeat(x, 2, axis=0)", ["x"]),
    "repeat_flat": (_E + "np.repeat(x, 2)", ["x"]),
    "repeat_array": (_E + "np.repeat(x, np.array([1, 0, 2]), axis=0, total_repeat_length=3)", ["x"]),
    "flip": (_E + "np.flip(x)", ["x"]),
    "flip_axis": (_E + "np.flip(x, axis=1)", ["x"]),
    "roll": (_E + "np.roll(x, 1)", ["x"]),
    "roll_axis": (_E + "np.roll(x, (1, -2), axis=(0, 1))", ["x"]),
    "rot90": (_E + "np.rot90(x)", ["x"]),
    "rot90_k": (_E + "np.rot90(x, k=3, axes=(1, 0))", ["x"]),
    "pad": (_E + "np.pad(x, 1)", ["x"]),
    "pad_widths": (_E + "np.pad(x, ((1, 0), (2, 1)), constant_values=2)", ["x"]),
    "pad_edge": (_E + "np.pad(x, 2, mode='edge')", ["x"]),
    "pad_reflect": (_E + "np.pad(x, 1, mode='reflect')", ["x"]),
    "pad_wrap": (_E + "np.pad(x, ((0, 2), (1, 1)), mode='wrap')", ["x"]),
    "atleast_1d": (_E + "np.atleast_1d(x)", ["x[]"]),
    "atleast_2d": (_E + "np.atleast_2d(x)", ["x[3]"]),
    "atleast_3d": (_E + "np.atleast_3d(x)", ["x[3]"]),
    "atleast_3d_2d": (_E + "np.atleast_3d(x)", ["x"]),
    # --- indexing and selection ------------------------------------------------------------------------------
    "take": (_E + "np.take(x, np.array([0, 2, 1]))", ["x"]),
    "take_axis": (_E + "np.take(x, np.array([[0, 3], [1, 1]]), axis=1)", ["x"]),
    "take_index_dtype": ("lambda x: np.take(np.arange(5.0), x)", ["x[2]"]),
    "take_along_axis": (_E + "np.take_along_axis(x, np.array([[0, 1, 2, 0]]), axis=0)", ["x"]),
    "select": (_XY + "np.select([np.array([True, False, True, False]), np.array([False, True, True, False])], "
               "[x, y], 0)", ["x", "w"]),
    "select_default": (_XY + "np.select([np.array([True, False, True, False])], [x], y)", ["x", "w[]"]),
    "clip": (_E + "np.clip(x, 1, 3)", ["x"]),
    "clip_float": (_E + "np.clip(x, 0.5)", ["x"]),
    "clip_array": (_XY + "np.clip(x, max=y)", ["x", "w"]),
    "diagonal": (_E + "np.diagonal(x)", ["x"]),
    "diagonal_offset": (_E + "np.diagonal(x, offset=-1, axis1=1, axis2=0)", ["x"]),
    "trace": (_E + "np.trace(x)", ["x"]),
    "trace_dtype": ("lambda d: np.trace(np.ones((3, 3), 'int8'), dtype=d)", ["d"]),
    "triu": (_E + "np.triu(x)", ["x"]),
    "tril": (_E + "np.tril(x, k=1)", ["x"]),
    "searchsorted": (_XY + "np.searchsorted(x, y)", ["x[5]", "w"]),
    "searchsorted_right": (_E + "np.searchsorted(np.arange(5.0), x, side='right')", ["x"]),
    "digitize": (_XY + "np.digitize(x, y)", ["x", "w[3]"]),
    "digitize_right": (_E + "np.digitize(x, np.array([-1.0, 0.0, 2.5]), right=True)", ["x"]),
    "digitize_decreasing": (_E + "np.digitize(x, np.array([3, 1, 0, -2]))", ["x"]),
    "digitize_empty": (_E + "np.digitize(x, np.zeros((0,), 'float8_e4m3fn'))", ["x"]),
    "bincount": (_E + "np.bincount(x, length=6)", ["x[7]"]),
    "bincount_weights": (_E + "np.bincount(np.array([0, 1, 1, 3, 4]), x, length=5)", ["x[5]"]),
    "bincount_minlength": (_E + "np.bincount(x, minlength=9)", ["x[6]"]),
    "isin": (_XY + "np.isin(x, y)", ["x", "w[3]"]),
    "isin_invert": (_E + "np.isin(x, np.array([0, 1, 2]), invert=True)", ["x"]),
    "isin_binary_search": (_E + "np.isin(x, np.array([2, -1, 0, 5]), method='binary_search')", ["x"]),
    "isin_sort": (_E + "np.isin(x, np.array([2, -1, 0, 5]), method='sort')", ["x"]),
    "isin_sort_unique": (_E + "np.isin(x, np.array([1, 0]), invert=True, method='sort', assume_unique=True)",
                         ["x[4]"]),
    "sort": (_E + "np.sort(x)", ["x"]),
    "sort_axis": (_E + "np.sort(x, axis=0, descending=True)", ["x"]),
    "sort_none": (_E + "np.sort(x, axis=None)", ["x"]),
    "argsort": (_E + "np.argsort(x)", ["x"]),
    "argsort_axis": (_E + "np.argsort(x, axis=0, descending=True)", ["x"]),
    "unique": (_E + "np.unique(x, size=5)", ["x"]),
    "unique_fill": (_E + "np.unique(x, size=14, fill_value=0)", ["x"]),
    "unique_all": (_E + "np.unique(x, return_index=True, return_inverse=True, return_counts=True, size=6)", ["x"]),
    "finfo_of_array": (_E + "np.array([float(np.finfo(x).eps), float(np.finfo(x).max), float(np.finfo(x).tiny), "
                       "np.finfo(x).bits])", ["x"]),
    "iinfo_of_array": (_E + "np.array([float(np.iinfo(x).min), float(np.iinfo(x).max), np.iinfo(x).bits])", ["x"]),
    "unique_all_api": (_E + "np.unique_all(x, size=6)", ["x"]),
    "unique_counts_api": (_E + "np.unique_counts(x, size=14, fill_value=0)", ["x"]),
    "unique_inverse_api": (_E + "np.unique_inverse(x, size=5)", ["x"]),
    "unique_values_api": (_E + "np.unique_values(x, size=14, fill_value=0)", ["x"]),
    "nonzero": (_E + "np.nonzero(x, size=4)", ["x"]),
    "nonzero_fill": (_E + "np.nonzero(x, size=13, fill_value=-1)", ["x"]),
    "getitem_int_array": (_E + "x[np.array([0, 2])]", ["x"]),
    "getitem_int_array_2d": (_E + "x[np.array([0, 2]), np.array([1, 3])]", ["x"]),
    "getitem_mixed": (_E + "x[1:, np.array([0, 0, 3])]", ["x"]),
    "getitem_list": (_E + "x[[0, 1], :2]", ["x"]),
    "getitem_index_dtype": ("lambda x: np.arange(5.0)[x]", ["x[2]"]),
    "getitem_bool_mask": (_E + "x[x > 1]", ["x"]),
    "getitem_bool_static": (_E + "x[np.array([True, False, True])]", ["x"]),
    "at_set": (_E + "x.at[0].set(2)", ["x"]),
    "at_set_value": (_E + "np.zeros((3, 4), 'int8').at[1, 2].set(x)", ["x[]"]),
    "at_set_array": (_XY + "x.at[np.array([0, 2])].set(y)", ["x", "w[4]"]),
    "at_add": (_E + "x.at[:, 1].add(2)", ["x"]),
    "at_add_value": (_E + "np.zeros((3, 4), 'float16').at[1].add(x)", ["x[]"]),
    "at_multiply": (_E + "x.at[np.array([0, 0])].multiply(3)", ["x"]),
    "at_min": (_E + "x.at[2].min(1)", ["x"]),
    "at_max": (_E + "x.at[1:, ::2].max(1)", ["x"]),
    "at_get": (_E + "x.at[np.array([2, 5])].get(mode='fill', fill_value=7)", ["x"]),
}


def parse_slot(slot: str) -> tuple[str, tuple[int, ...]]:
    """``"x[5]"`` -> ``("x", (5,))``; ``"x"`` -> ``("x", (3, 4))``; ``"d"`` -> ``("d", ())``."""
    name, _, dims = slot.partition("[")
    if not dims:
        return name, ((3, 4) if name in ("x", "y", "w") else ())
    return name, tuple(int(d) for d in dims.rstrip("]").split(",") if d)


def keys(case: str, cases: dict[str, tuple[str, list[str]]] | None = None,
         binary_operands: tuple[list[str], list[str]] | None = None) -> list[str]:
    """The operand combinations of ``case`` (of ``cases``, by default :data:`CASES`) in the reference's order (each
    ``|``-joined, in slot order). ``binary_operands``: what ``x`` and ``w`` range over when both are present
    (by default every operand and :data:`SMALL_OPERANDS`)."""
    parsed = [parse_slot(s) for s in (CASES if cases is None else cases)[case][1]]
    single = [p for p in parsed if p[0] != "d"]
    values = {"d": DTYPE_ARGS, "w": SMALL_OPERANDS}
    if binary_operands is not None and {"x", "w"} <= {p[0] for p in parsed}:
        values = {"d": DTYPE_ARGS, "x": binary_operands[0], "w": binary_operands[1]}
    rank0 = RANK0_OPERANDS if len(single) == 1 and single[0][1] != () else []
    combos: list[list[str]] = [[]]
    for s, _ in parsed:
        combos = [c + [v] for c in combos for v in values.get(s, OPERANDS + rank0)]
    return ["|".join(c) for c in combos]


# Values: case -> the dtypes its ``x`` (and ``y``) take. Inputs are seeded per case and dtype (see make_input).
_FLOATS = ["float32", "bfloat16", "int32", "bool"]
_ALL = ["float32", "int32", "uint8", "bool", "complex64", "bfloat16", "float16"]
VALUES: dict[str, list[str]] = {
    **{name: ["float32", "int32", "complex64", "bfloat16", "float64"] for name in (
        "exp", "log", "sqrt", "sin", "cos", "tanh", "exp2", "expm1", "log2", "log10", "log1p", "tan", "arcsin",
        "arccos", "arctan", "sinh", "cosh", "arcsinh", "arccosh", "arctanh", "reciprocal", "sinc", "square",
        "angle")},
    **{name: ["float32", "int32", "bfloat16", "float16", "float64", "uint8"] for name in (
        "cbrt", "deg2rad", "rad2deg", "floor", "ceil", "trunc", "rint", "round", "round_decimals",
        "round_negative_decimals", "signbit", "fabs")},
    **{name: _ALL for name in (
        "abs", "negative", "sign", "conj", "real", "imag", "isnan", "isinf", "isfinite", "nan_to_num",
        "nan_to_num_values", "invert", "logical_not", "copy", "positive")},
    **{name: [*_ALL, "float64", "int8"] for name in (
        "isposinf", "isneginf", "isreal", "iscomplex", "spacing", "modf")},
    "divmod": ["float32", "int32", "bfloat16", "float64", "uint8", "bool", "int8"],
    **{name: ["float32", "int32", "bfloat16", "float64", "uint8", "bool", "int8", "complex64"] for name in (
        "array_equiv", "append", "append_axis", "ediff1d", "ediff1d_ends")},
    **{name: ["float32", "int32", "bfloat16", "float64", "uint8", "bool"] for name in (
        "arctan2", "hypot", "logaddexp", "logaddexp2", "copysign", "nextafter", "fmod", "fmax", "fmin",
        "heaviside", "float_power", "isclose", "allclose", "array_equal", "array_equal_nan", "isclose_nan")},
    **{name: ["int32", "uint8", "int8", "int64"] for name in ("gcd", "lcm")},
    **{name: _ALL for name in (
        "nanprod", "nanvar", "nanstd", "nanargmax", "nanargmin", "nancumsum", "nancumprod", "cumulative_sum",
        "cumulative_prod", "nanargmax_all", "nancumsum_all", "nanvar_all", "cumulative_sum_initial",
        "cumulative_prod_initial", "nanvar_ddof", "diff", "diff_axis0_n2", "argwhere", "flatnonzero")},
    **{name: ["float32", "int32", "bfloat16", "float64", "uint8", "bool", "int8", "complex64"] for name in (
        "diff_prepend", "diff_append_scalar", "diff_n0_prepend")},
    **{name: _ALL for name in (
        "var", "std", "median", "average", "argmax", "argmin", "cumsum", "cumprod", "nansum", "nanmean", "nanmax",
        "nanmin", "ptp", "count_nonzero", "amax", "amin", "var_all", "median_all", "argmax_all", "cumsum_all",
        "count_nonzero_all", "ptp_all", "var_keepdims", "argmax_keepdims", "median_keepdims", "nanmax_keepdims",
        "var_ddof", "std_correction", "average_weights", "average_returned",
        "quantile_weights", "nanmedian", "nanmedian_all", "nanmedian_keepdims", "quantile_vector",
        "nanquantile_vector_keepdims", "quantile_axes", "nanpercentile_axes", "quantile_lower", "quantile_higher",
        "quantile_nearest", "quantile_midpoint", "quantile_inverted_cdf", "nanquantile_lower", "nanquantile_higher",
        "nanquantile_nearest", "nanquantile_midpoint", "nanquantile_inverted_cdf", "nanpercentile_weights",
        "sum_where", "prod_where", "mean_where", "any_where", "all_where", "var_where", "nansum_where",
        "nanmean_where", "max_where_initial", "min_where_initial", "nanmax_where_initial", "nanmin_where_initial",
        "sum_initial", "prod_initial", "max_initial", "min_initial", "nansum_initial")},
    **{name: ["float32", "int32", "bool", "complex64"] for name in (
        "ravel", "swapaxes", "moveaxis", "expand_dims", "squeeze", "broadcast_arrays", "concatenate",
        "concatenate_axis", "concatenate_none", "stack", "stack_axis", "vstack", "hstack", "column_stack", "split",
        "split_indices", "array_split", "tile", "repeat", "repeat_flat", "repeat_array", "flip", "flip_axis", "roll",
        "roll_axis", "rot90", "rot90_k", "pad", "pad_widths", "pad_edge", "pad_reflect", "pad_wrap", "atleast_1d",
        "atleast_2d", "atleast_3d", "atleast_3d_2d", "diag_vector", "diag_matrix", "meshgrid", "meshgrid_ij",
        "resize", "resize_empty", "delete", "delete_slice", "delete_indices", "delete_unique", "delete_mask")},
    **{name: _ALL for name in (
        "take", "take_axis", "take_along_axis", "select", "select_default", "clip", "clip_float", "clip_array",
        "diagonal", "diagonal_offset", "trace", "triu", "tril", "searchsorted", "searchsorted_right", "sort",
        "sort_axis", "sort_none", "argsort", "argsort_axis", "unique", "unique_fill", "unique_all", "unique_all_api",
        "unique_counts_api", "unique_inverse_api", "unique_values_api", "finfo_of_array", "iinfo_of_array", "nonzero",
        "nonzero_fill", "getitem_int_array", "getitem_int_array_2d", "getitem_mixed", "getitem_list",
        "getitem_bool_mask", "getitem_bool_static", "at_set", "at_set_array", "at_add", "at_multiply", "at_min",
        "at_max", "at_get")},
    **{name: ["int32", "int8", "uint8", "int64"] for name in ("take_index_dtype", "getitem_index_dtype")},
    **{name: _ALL for name in (
        "digitize", "digitize_right", "digitize_decreasing", "digitize_empty", "bincount_weights", "isin",
        "isin_invert", "isin_binary_search", "isin_sort", "isin_sort_unique")},
    **{name: ["int32", "int8", "uint8", "int64", "bool"] for name in ("bincount", "bincount_minlength")},
    **{name: ["int32", "int8", "uint8", "int64", "uint32", "bool", "float32", "bfloat16"] for name in (
        "unravel_index", "unravel_index_bool_size", "unravel_index_one_size", "ravel_multi_index",
        "ravel_multi_index_wrap_dtype", "ravel_multi_index_small")},
    **{name: [] for name in (
        "empty", "zeros", "ones", "eye", "eye_rect", "identity", "tri", "tri_rect", "logspace", "logspace_int",
        "arange", "arange_float", "linspace", "bartlett", "blackman", "hamming", "hanning", "bartlett_even",
        "hanning_one", "hamming_empty", "blackman_float_size")},
}


def value_config(dtype: str) -> str:
    """The configuration a value case runs in: x64 for 64-bit dtypes, else the default."""
    return "standard-x64" if dtype.endswith("64") and dtype != "complex64" else "standard-x32"


def make_input(case: str, slot: str, dtype: str, shape: tuple[int, ...]) -> Any:
    """Seeded inputs (numpy, ``ml_dtypes`` for the small floats): normal floats with -0.0, nan and +-inf mixed in,
    small integers with repeats (so sorts, uniques and modular arithmetic meet ties and zeros), random bools."""
    import zlib

    import numpy as np

    rng = np.random.default_rng(zlib.crc32(f"{case}|{slot}|{dtype}".encode()))
    size = int(np.prod(shape))
    np_dtype = np.dtype(ref.sctype(dtype))
    if dtype == "bool":
        flat = rng.integers(0, 2, size).astype(bool)
    elif np_dtype.kind in "iu":
        lo = 0 if np_dtype.kind == "u" else -6
        flat = rng.integers(lo, 7, size).astype(np_dtype)
    else:
        re = rng.normal(0.0, 2.0, size)
        if np_dtype.kind == "c":
            flat = (re + 1j * rng.normal(0.0, 2.0, size)).astype(np_dtype)
        else:
            special = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0]
            for i, v in zip(rng.choice(size, min(size // 3, len(special)), replace=False), special):
                re[i] = v
            flat = re.astype(np_dtype)
    return flat.reshape(shape)


def encode(a: Any) -> dict[str, Any]:
    """A numpy array as JSON: dtype, shape and values (complex as ``[re, im]``; nan and infinities as
    JSON's extensions)."""
    import numpy as np

    a = np.asarray(a)
    if a.dtype.kind == "c":
        vals: Any = [[float(v.real), float(v.imag)] for v in a.ravel()]
    elif a.dtype.kind in "biu":
        vals = [int(v) for v in a.ravel()]
    else:
        vals = [float(v) for v in a.astype(np.float64).ravel()]
    return {"dtype": a.dtype.name, "shape": list(a.shape), "values": vals}


def main_inside(table: Any = None) -> None:
    """Write the reference of ``table`` (a module with ``CASES``, ``VALUES``, ``OUT``, ``GENERATOR``,
    ``make_input``, ``value_config`` and ``BINARY_OPERANDS`` (see :func:`keys`) as this one's; by default this module: ``tools/jax_linalg_reference.py``
    passes its own)."""
    import os
    import types
    import warnings

    t: Any = table if table is not None else types.SimpleNamespace(
        CASES=CASES, VALUES=VALUES, OUT=OUT, GENERATOR="tools/jax_numpy_reference.py", make_input=make_input,
        value_config=value_config, BINARY_OPERANDS=None)

    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax
    import jax.numpy as jnp
    import numpy as np

    def build(spec: str, shape: tuple[int, ...]) -> Any:
        kind, _, name = spec.partition(":")
        if kind == "py":
            return PY_VALUES[name]
        return jax.ShapeDtypeStruct(() if kind == "warr0" else shape, np.dtype(ref.sctype(name)),
                                    weak_type=kind in ("warr", "warr0"))

    def dtype_arg(spec: str) -> Any:
        kind, _, name = spec.partition(":")
        if kind == "none":
            return None
        if kind == "name":
            return name
        return {"bool": bool, "int": int, "float": float, "complex": complex}[name]

    def result(src: str, slots: list[str], key: str) -> str:
        fn = eval(src, {"np": jnp})  # noqa: S307 - our own table
        specs = key.split("|") if key else []
        args: list[Any] = []
        arrays: list[Any] = []
        for slot, spec in zip(slots, specs):
            name, shape = parse_slot(slot)
            if name == "d":
                args.append(("const", dtype_arg(spec)))
            else:
                v = build(spec, shape)
                if spec.startswith("py:"):
                    args.append(("const", v))
                else:
                    args.append(("arg", None))
                    arrays.append(v)

        def f(*xs: Any) -> Any:
            it = iter(xs)
            return fn(*[next(it) if k == "arg" else v for k, v in args])

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                out = jax.eval_shape(f, *arrays)
            except Exception as e:  # noqa: BLE001 - recorded by class
                return f"error:{type(e).__name__}"
        return ",".join(np.dtype(o.dtype).name + ("*" if o.weak_type else "") + f"[{','.join(map(str, o.shape))}]"
                        for o in jax.tree.leaves(out))

    only = set(os.environ["JAXREF_ONLY"].split(",")) if os.environ.get("JAXREF_ONLY") else None
    resume = os.environ.get("JAXREF_RESUME") == "1"
    old: dict[str, Any] = json.loads(t.OUT.read_text()) if (only or resume) and t.OUT.exists() else \
        {"dtypes": {}, "values": {}}
    dtypes_out: dict[str, Any] = old["dtypes"]
    part = os.environ.get("JAXREF_PART", "all")
    for case, (src, slots) in t.CASES.items():
        if (only is not None and case not in only) or (resume and case in dtypes_out) or part == "values":
            continue
        per_config: dict[str, Any] = {}
        for cfg in ref.each_config(jax):
            print(case, cfg, file=sys.stderr)
            answers = [result(src, slots, k) for k in keys(case, t.CASES, t.BINARY_OPERANDS)]
            # A configuration that answers as an earlier one did is stored as that one's name.
            same = next((c for c, v in per_config.items() if v == answers), None)
            per_config[cfg] = same if same is not None else answers
        dtypes_out[case] = per_config
        _write(t, jax, dtypes_out, old["values"])

    values_out: dict[str, Any] = old["values"]
    for case, dts in t.VALUES.items():
        if (only is not None and case not in only) or part == "dtypes":
            continue
        if resume and any(k.startswith(f"{case}|") for k in values_out):
            continue
        src, slots = t.CASES[case]
        fn = eval(src, {"np": jnp})  # noqa: S307 - our own table
        for dt in dts or ["none"]:
            cfg = t.value_config(dt)
            jax.config.update("jax_numpy_dtype_promotion", "standard")
            jax.config.update("jax_enable_x64", cfg.endswith("x64"))
            inputs = [t.make_input(case, s, dt, parse_slot(s)[1]) for s in slots]
            entry: dict[str, Any] = {"config": cfg, "inputs": [encode(a) for a in inputs]}
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    out = fn(*[jnp.asarray(a) for a in inputs])
                    entry["outputs"] = [dict(encode(o), weak=bool(o.weak_type)) for o in jax.tree.leaves(out)]
                except Exception as e:  # noqa: BLE001 - recorded by class
                    entry["error"] = type(e).__name__
            values_out[f"{case}|{dt}"] = entry
    _write(t, jax, dtypes_out, values_out)
    print(f"wrote {t.OUT}", file=sys.stderr)


def _write(t: Any, jax: Any, dtypes_out: dict[str, Any], values_out: dict[str, Any]) -> None:
    """Write what is known so far (the file is rewritten after every case, so an interrupted run keeps its
    work: rerun with ``JAXREF_ONLY`` or ``JAXREF_RESUME=1``)."""
    data = {"generator": t.GENERATOR, "versions": {"jax": jax.__version__},
            "dtypes": dtypes_out, "values": values_out}
    t.OUT.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
