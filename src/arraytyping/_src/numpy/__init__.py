"""The runtime's ``jax.numpy``: numpy's API with JAX's promotion semantics, on the runtime's arrays and tracers.

One module per family of functions, sharing ``_promotion``'s operand, promotion and jitting helpers, and layered in
itself: each imports only the families before it here (``tests/test_layers.py`` holds the order):
``_promotion``, ``unary`` (with JAX's internal ``_where``), ``conversion`` (``asarray``, ``astype``, ``full``...),
``binary``, ``reductions``, ``shape``, ``joining``, ``indexing``, ``ordering``, ``selection``, ``creation``, then
the rest (``quantiles``, ``setops``, ``binning``, ``differences``, ``editing``, ``index_arrays``, ``windows``,
``contractions``, ``einsum``, ``vectorize``, ``linalg``, ``fft``, ``object_queries``, ``array_api``). Where a lower
family's function uses a higher one's, it goes through the array's operators and methods (``x - y``, ``x.all()``),
as JAX's code does. Every function is a jitted body over the primitives: called on concrete arrays it runs one
compiled executable (cached per signature); called under a trace it is inlined into the jaxpr.
``arraytyping.numpy`` re-exports the public names; :class:`~arraytyping._src.core.array.Array`'s operators and
methods call them through this package.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from arraytyping._src.dtypes.scalar_types import register_constructor
from arraytyping._src.dtypes.promotion import promote_types, result_type
from arraytyping._src.core.array import bind_numpy_functions
from arraytyping._src.numpy._promotion import binary_result
from arraytyping._src.numpy.array_api import (
    __array_api_version__, __array_namespace_info__, acos, acosh, asin, asinh, atan, atan2, atanh, bitwise_invert,
    degrees, from_dlpack, radians,
)
from arraytyping._src.numpy.binary import (
    add, allclose, arctan2, array_equal, array_equiv, bitwise_and, bitwise_left_shift, bitwise_or,
    bitwise_count, bitwise_right_shift, bitwise_xor, copysign, divide, divmod, equal, float_power, floor_divide, fmax, fmin, fmod,
    gcd, greater, greater_equal, heaviside, hypot, isclose, lcm, ldexp, left_shift, less, less_equal, logaddexp,
    logaddexp2, logical_and, logical_or, logical_xor, maximum, minimum, mod, multiply, nextafter, not_equal, power,
    remainder, right_shift, subtract, true_divide,
)
from arraytyping._src.numpy.contractions import (
    convolve, corrcoef, correlate, cov, cross, dot, inner, kron, matmul, matvec, outer, polyadd, polyder, polydiv,
    polyint, polymul, polysub, polyval, tensordot, vdot, vecdot, vecmat,
)
from arraytyping._src.numpy.einsum import einsum, einsum_path
from arraytyping._src.numpy.creation import (
    arange, copy, diag, diagflat, empty, empty_like, eye, frombuffer, fromfile, fromfunction, fromiter, fromstring,
    geomspace, load, identity, linspace, logspace, meshgrid, tri, vander, view,
)
from arraytyping._src.numpy.conversion import array, asarray, astype, full, full_like, ones, ones_like, zeros, zeros_like
from arraytyping._src.numpy.indexing import IndexUpdateHelper, getitem, take, take_along_axis
from arraytyping._src.numpy.ordering import (
    argpartition, argsort, argwhere, flatnonzero, lexsort, nonzero, partition, searchsorted, sort, sort_complex, unique,
)
from arraytyping._src.numpy.selection import (
    choose, clip, compress, diagonal, extract, select, trace, tril, triu, where,
)
from arraytyping._src.numpy.reductions import (
    all, amax, amin, any, argmax, argmin, average, count_nonzero, cumprod, cumsum, cumulative_prod, cumulative_sum,
    max, mean, min, nanargmax, nanargmin, nancumprod, nancumsum, nanmax, nanmean, nanmin, nanprod, nanstd,
    nansum, nanvar, prod, ptp, std, sum, var,
)
from arraytyping._src.numpy.differences import diff, ediff1d, gradient, trapezoid, unwrap
from arraytyping._src.numpy.binning import (
    bincount, digitize, histogram, histogram2d, histogram_bin_edges, histogramdd, interp,
)
from arraytyping._src.numpy.setops import (
    intersect1d, isin, setdiff1d, setxor1d, union1d, unique_all, unique_counts, unique_inverse, unique_values,
)
from arraytyping._src.numpy.quantiles import (
    median, nanmedian, nanpercentile, nanquantile, percentile, quantile,
)
from arraytyping._src.numpy.joining import (
    append, array_split, block, column_stack, concat, concatenate, dsplit, dstack, hsplit, hstack, pad, split, stack,
    unstack, vsplit, vstack,
)
from arraytyping._src.numpy.index_arrays import (
    c_, diag_indices, diag_indices_from, fill_diagonal, indices, ix_, mask_indices, mgrid, ogrid, place, put,
    put_along_axis, r_, tril_indices, tril_indices_from, triu_indices, triu_indices_from,
    ravel_multi_index, unravel_index,
)
from arraytyping._src.numpy.object_queries import iscomplexobj, isrealobj, isscalar
from arraytyping._src.numpy.shape import (
    atleast_1d, atleast_2d, atleast_3d, broadcast_arrays, broadcast_shapes, broadcast_to, expand_dims, flip, fliplr,
    flipud, matrix_transpose, moveaxis, ndim, permute_dims, ravel, repeat, reshape, roll, rollaxis, rot90, shape,
    size, squeeze, swapaxes, tile, transpose,
)
from arraytyping._src.numpy.vectorize import apply_along_axis, apply_over_axes, frompyfunc, piecewise, ufunc, vectorize
from arraytyping._src.numpy.editing import delete, insert, packbits, resize, trim_zeros, unpackbits
from arraytyping._src.numpy.windows import bartlett, blackman, hamming, hanning, kaiser
from arraytyping._src.numpy.linalg import poly, polyfit, roots
from arraytyping._src.numpy.unary import (
    abs, absolute, angle, arccos, arccosh, arcsin, arcsinh, arctan, arctanh, around, bitwise_not, cbrt, ceil, conj,
    conjugate, cos, cosh, deg2rad, exp, exp2, expm1, fabs, floor, frexp, i0, imag, invert, iscomplex, isfinite, isinf, isnan,
    isneginf, isposinf, isreal, log, log10, log1p, log2, logical_not, modf, nan_to_num, negative, positive, rad2deg,
    real, reciprocal, rint, round, sign, signbit, sin, sinc, sinh, spacing, sqrt, square, tan, tanh, trunc,
)

__all__ = [
    "__array_api_version__", "__array_namespace_info__", "abs", "absolute", "acos", "acosh", "add", "all", "allclose",
    "amax", "amin", "angle", "any", "append", "apply_along_axis", "apply_over_axes", "arange", "arccos", "arccosh",
    "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "argmax", "argmin", "argpartition", "argsort", "argwhere",
    "around", "array", "array_equal", "array_equiv", "array_split", "asarray", "asin", "asinh", "astype", "atan",
    "atan2", "atanh", "atleast_1d", "atleast_2d", "atleast_3d", "average", "bartlett", "binary_result", "bincount",
    "bitwise_and", "bitwise_count", "bitwise_invert", "bitwise_left_shift", "bitwise_not", "bitwise_or",
    "bitwise_right_shift", "bitwise_xor", "blackman", "block", "broadcast_arrays", "broadcast_shapes", "broadcast_to",
    "c_", "cbrt", "ceil", "choose", "clip", "column_stack", "compress", "concat", "concatenate", "conj", "conjugate",
    "convolve", "copy", "copysign", "corrcoef", "correlate", "cos", "cosh", "count_nonzero", "cov", "cross",
    "cumprod", "cumsum", "cumulative_prod", "cumulative_sum", "deg2rad", "degrees", "delete", "diag", "diag_indices",
    "diag_indices_from", "diagflat", "diagonal", "diff", "digitize", "divide", "divmod", "dot", "dsplit", "dstack",
    "ediff1d", "einsum", "einsum_path", "empty", "empty_like", "equal", "exp", "exp2", "expand_dims", "expm1", "extract", "eye",
    "fabs", "fill_diagonal", "flatnonzero", "flip", "fliplr", "flipud", "float_power", "frompyfunc", "floor", "floor_divide",
    "fmax", "fmin", "fmod", "frexp", "from_dlpack", "frombuffer", "fromfile", "fromfunction", "fromiter",
    "fromstring", "full", "full_like", "gcd", "geomspace", "getitem", "gradient", "greater", "greater_equal",
    "hamming", "hanning", "heaviside", "histogram", "histogram2d", "histogram_bin_edges", "histogramdd", "hsplit",
    "hstack", "hypot", "i0", "identity", "imag", "indices", "inner", "insert", "interp", "intersect1d", "invert",
    "isclose", "iscomplex", "iscomplexobj", "isfinite", "isin", "isinf", "isnan", "isneginf", "isposinf", "isreal",
    "isrealobj", "isscalar", "ix_", "kaiser", "kron", "lcm", "ldexp", "left_shift", "less", "less_equal", "lexsort",
    "linspace", "load", "log", "log10", "log1p", "log2", "logaddexp", "logaddexp2", "logical_and", "logical_not",
    "logical_or", "logical_xor", "logspace", "mask_indices", "matmul", "matrix_transpose", "matvec", "max", "maximum",
    "mean", "median", "meshgrid", "mgrid", "min", "minimum", "mod", "modf", "moveaxis", "multiply", "nan_to_num",
    "nanargmax", "nanargmin", "nancumprod", "nancumsum", "nanmax", "nanmean", "nanmedian", "nanmin", "nanpercentile",
    "nanprod", "nanquantile", "nanstd", "nansum", "nanvar", "ndim", "negative", "nextafter", "nonzero", "not_equal",
    "ogrid", "ones", "ones_like", "outer", "packbits", "pad", "partition", "percentile", "permute_dims", "piecewise",
    "place", "poly", "polyadd", "polyder", "polydiv", "polyfit", "polyint", "polymul", "polysub", "polyval",
    "positive", "power", "prod", "promote_types", "ptp", "put", "put_along_axis", "quantile", "r_", "rad2deg",
    "radians", "ravel", "ravel_multi_index", "real", "reciprocal", "remainder", "repeat", "reshape", "resize",
    "result_type", "right_shift", "rint", "roll", "rollaxis", "roots", "rot90", "round", "searchsorted", "select",
    "setdiff1d", "setxor1d", "shape", "sign", "signbit", "sin", "sinc", "sinh", "size", "sort", "sort_complex",
    "spacing", "split", "sqrt", "square", "squeeze", "stack", "std", "subtract", "sum", "swapaxes", "take",
    "take_along_axis", "tan", "tanh", "tensordot", "tile", "trace", "transpose", "trapezoid", "tri", "tril",
    "tril_indices", "tril_indices_from", "trim_zeros", "triu", "triu_indices", "triu_indices_from", "true_divide",
    "trunc", "union1d", "ufunc", "unique", "unique_all", "unique_counts", "unique_inverse", "unique_values", "unpackbits",
    "unravel_index", "unstack", "unwrap", "vander", "var", "vdot", "vecdot", "vecmat", "vectorize", "view", "vsplit",
    "vstack", "where", "zeros", "zeros_like",
]

_ = IndexUpdateHelper  # Array.at builds it through this package
bind_numpy_functions(sys.modules[__name__])


def _construct(value: object, dtype: np.dtype[Any]) -> Any:
    return asarray(value, dtype=dtype)


register_constructor(_construct)  # arraytyping.float32(1.5) builds an Array
