"""``arraytyping.numpy``: a ``jax.numpy``-style module on arraytyping's runtime.

Binary operations promote through arraytyping's lattice exactly as JAX does (Python ``int``/``float``/``complex``
are weak, ``bool`` is not; all-weak results stay weak), honour strict promotion and x64, and broadcast like numpy.
"""

import sys

from arraytyping._src.dtypes.promotion import promote_types, result_type
from arraytyping._src.core.array import Array as ndarray
from arraytyping._src.core.array import bind_namespace
from arraytyping._src.numpy import (
    __array_api_version__, __array_namespace_info__, bitwise_count, i0, insert, kaiser, poly, polyfit, roots,
    apply_along_axis, apply_over_axes, argpartition, block, c_,
    diagflat, extract, fill_diagonal, frexp, from_dlpack, frombuffer, fromfile, fromfunction, fromiter, fromstring,
    gradient, histogram, histogram2d, histogram_bin_edges, histogramdd, intersect1d, ix_, ldexp, lexsort, load,
    mask_indices, mgrid, ogrid, packbits, partition, piecewise, place, put, put_along_axis, r_, setdiff1d, setxor1d,
    sort_complex, union1d, unpackbits, unwrap, vander,
)
from arraytyping._src.numpy import (
    abs, absolute, acos, acosh, add, all, allclose, amax, amin, angle, any, append, arange, arccos, arccosh, arcsin,
    arcsinh, arctan, arctan2, arctanh, argmax, argmin, argsort, argwhere, around, array, array_equal, array_equiv,
    array_split, asarray, asin, asinh, astype, atan, atan2, atanh, atleast_1d, atleast_2d, atleast_3d, average,
    bartlett, bincount, bitwise_and, bitwise_invert, bitwise_left_shift, bitwise_not, bitwise_or, bitwise_right_shift,
    bitwise_xor, blackman, broadcast_arrays, broadcast_shapes, broadcast_to, cbrt, ceil, choose, clip, column_stack,
    compress, concat, concatenate, conj, conjugate, convolve, copy, copysign, corrcoef, correlate, cos, cosh,
    count_nonzero, cov, cross, cumprod, cumsum, cumulative_prod, cumulative_sum, deg2rad, degrees, delete, diag,
    diag_indices, diag_indices_from, diagonal, diff, digitize, divide, divmod, dot, dsplit, dstack, ediff1d, einsum, einsum_path,
    empty, empty_like, equal, exp, exp2, expand_dims, expm1, eye, fabs, flatnonzero, flip, fliplr, flipud, float_power, frompyfunc,
    floor, floor_divide, fmax, fmin, fmod, full, full_like, gcd, geomspace, greater, greater_equal, hamming, hanning,
    heaviside, hsplit, hstack, hypot, identity, imag, indices, inner, interp, invert, isclose, iscomplex, iscomplexobj,
    isfinite, isin, isinf, isnan, isneginf, isposinf, isreal, isrealobj, isscalar, kron, lcm, left_shift, less,
    less_equal, linspace, log, log10, log1p, log2, logaddexp, logaddexp2, logical_and, logical_not, logical_or,
    logical_xor, logspace, matmul, matrix_transpose, matvec, max, maximum, mean, median, meshgrid, min, minimum, mod,
    modf, moveaxis, multiply, nan_to_num, nanargmax, nanargmin, nancumprod, nancumsum, nanmax, nanmean, nanmedian,
    nanmin, nanpercentile, nanprod, nanquantile, nanstd, nansum, nanvar, ndim, negative, nextafter, nonzero, not_equal,
    ones, ones_like, outer, pad, percentile, permute_dims, polyadd, polyder, polydiv, polyint, polymul, polysub,
    polyval, positive, power, prod, ptp, quantile, rad2deg, radians, ravel, ravel_multi_index, real, reciprocal,
    remainder, repeat, reshape, resize, right_shift, rint, roll, rollaxis, rot90, round, searchsorted, select, shape,
    sign, signbit, sin, sinc, sinh, size, sort, spacing, split, sqrt, square, squeeze, stack, std, subtract, sum,
    swapaxes, take, take_along_axis, tan, tanh, tensordot, tile, trace, transpose, trapezoid, tri, tril, tril_indices,
    tril_indices_from, trim_zeros, triu, triu_indices, triu_indices_from, true_divide, trunc, unique, unique_all,
    ufunc, unique_counts, unique_inverse, unique_values, unravel_index, unstack, var, vdot, vecdot, vecmat, vectorize, vsplit,
    vstack, where, zeros, zeros_like,
)
from arraytyping._src.dtypes.scalar_types import (
    bfloat16, bool_, complex64, complex128, complexfloating, float4_e2m1fn, float6_e2m3fn, float6_e3m2fn,
    float8_e3m4, float8_e4m3, float8_e4m3b11fnuz, float8_e4m3fn, float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz,
    float8_e8m0fnu, float16, float32, float64, floating, generic, inexact, int1, int2, int4, int8, int16, int32,
    int64, integer, number, signedinteger, uint1, uint2, uint4, uint8, uint16, uint32, uint64, unsignedinteger,
)

pow = power

from arraytyping._src.dtypes.queries import finfo, iinfo, isdtype, issubdtype  # as jax.numpy's (jax.dtypes')
from numpy import can_cast, dtype  # jax.numpy's are numpy's own
from numpy import character, flexible, iterable, object_  # numpy's own in jax.numpy too
from numpy import array_repr, array_str, index_exp, s_, save, savez
from numpy import get_printoptions, printoptions, set_printoptions  # numpy's own, as jax.numpy's wrappers return
from numpy.exceptions import ComplexWarning

single, double, csingle, cdouble = float32, float64, complex64, complex128  # numpy's aliases, as jax.numpy has them
float_, int_, uint, complex_ = float64, int64, uint64, complex128
bool = bool_  # noqa: A001 - jax.numpy's name for its bool scalar type: jnp.bool is jnp.bool_

from numpy import e, euler_gamma, inf, nan, pi  # Python floats, as jax.numpy's (weakly typed in operations)

newaxis = None

from arraytyping.numpy import fft as fft  # as jax.numpy: jnp.fft.fft works after importing jax.numpy alone
from arraytyping.numpy import linalg as linalg

__all__ = [
    "ComplexWarning", "__array_api_version__", "__array_namespace_info__", "abs", "absolute", "acos", "acosh", "add",
    "all", "allclose", "amax", "amin", "angle", "any", "append", "apply_along_axis", "apply_over_axes", "arange",
    "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "argmax", "argmin", "argpartition",
    "argsort", "argwhere", "around", "array", "array_equal", "array_equiv", "array_repr", "array_split", "array_str",
    "asarray", "asin", "asinh", "astype", "atan", "atan2", "atanh", "atleast_1d", "atleast_2d", "atleast_3d",
    "average", "bartlett", "bfloat16", "bincount", "bitwise_and", "bitwise_count", "bitwise_invert",
    "bitwise_left_shift", "bitwise_not", "bitwise_or", "bitwise_right_shift", "bitwise_xor", "blackman", "block",
    "bool", "bool_", "broadcast_arrays", "broadcast_shapes", "broadcast_to", "c_", "can_cast", "cbrt", "cdouble", "ceil",
    "character", "choose", "clip", "column_stack", "complex128", "complex64", "complex_", "complexfloating",
    "compress", "concat", "concatenate", "conj", "conjugate", "convolve", "copy", "copysign", "corrcoef", "correlate",
    "cos", "cosh", "count_nonzero", "cov", "cross", "csingle", "cumprod", "cumsum", "cumulative_prod",
    "cumulative_sum", "deg2rad", "degrees", "delete", "diag", "diag_indices", "diag_indices_from", "diagflat",
    "diagonal", "diff", "digitize", "divide", "divmod", "dot", "double", "dsplit", "dstack", "dtype", "e", "ediff1d",
    "einsum", "einsum_path", "empty", "empty_like", "equal", "euler_gamma", "exp", "exp2", "expand_dims", "expm1", "extract", "eye",
    "fabs", "fill_diagonal", "finfo", "flatnonzero", "flexible", "flip", "fliplr", "flipud", "float16", "float32",
    "float4_e2m1fn", "float64", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz",
    "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float_", "float_power", "frompyfunc",
    "floating", "floor", "floor_divide", "fmax", "fmin", "fmod", "frexp", "from_dlpack", "frombuffer", "fromfile",
    "fromfunction", "fromiter", "fromstring", "full", "full_like", "gcd", "generic", "geomspace", "get_printoptions",
    "gradient", "greater", "greater_equal", "hamming", "hanning", "heaviside", "histogram", "histogram2d",
    "histogram_bin_edges", "histogramdd", "hsplit", "hstack", "hypot", "i0", "identity", "iinfo", "imag", "index_exp",
    "indices", "inexact", "inf", "inner", "insert", "int1", "int16", "int2", "int32", "int4", "int64", "int8", "int_",
    "integer", "interp", "intersect1d", "invert", "isclose", "iscomplex", "iscomplexobj", "isdtype", "isfinite",
    "isin", "isinf", "isnan", "isneginf", "isposinf", "isreal", "isrealobj", "isscalar", "issubdtype", "iterable",
    "ix_", "kaiser", "kron", "lcm", "ldexp", "left_shift", "less", "less_equal", "lexsort", "linspace", "load", "log",
    "log10", "log1p", "log2", "logaddexp", "logaddexp2", "logical_and", "logical_not", "logical_or", "logical_xor",
    "logspace", "mask_indices", "matmul", "matrix_transpose", "matvec", "max", "maximum", "mean", "median",
    "meshgrid", "mgrid", "min", "minimum", "mod", "modf", "moveaxis", "multiply", "nan", "nan_to_num", "nanargmax",
    "nanargmin", "nancumprod", "nancumsum", "nanmax", "nanmean", "nanmedian", "nanmin", "nanpercentile", "nanprod",
    "nanquantile", "nanstd", "nansum", "nanvar", "ndarray", "ndim", "negative", "newaxis", "nextafter", "nonzero",
    "not_equal", "number", "object_", "ogrid", "ones", "ones_like", "outer", "packbits", "pad", "partition",
    "percentile", "permute_dims", "pi", "piecewise", "place", "poly", "polyadd", "polyder", "polydiv", "polyfit",
    "polyint", "polymul", "polysub", "polyval", "positive", "pow", "power", "printoptions", "prod", "promote_types",
    "ptp", "put", "put_along_axis", "quantile", "r_", "rad2deg", "radians", "ravel", "ravel_multi_index", "real",
    "reciprocal", "remainder", "repeat", "reshape", "resize", "result_type", "right_shift", "rint", "roll",
    "rollaxis", "roots", "rot90", "round", "s_", "save", "savez", "searchsorted", "select", "set_printoptions",
    "setdiff1d", "setxor1d", "shape", "sign", "signbit", "signedinteger", "sin", "sinc", "single", "sinh", "size",
    "sort", "sort_complex", "spacing", "split", "sqrt", "square", "squeeze", "stack", "std", "subtract", "sum",
    "swapaxes", "take", "take_along_axis", "tan", "tanh", "tensordot", "tile", "trace", "transpose", "trapezoid",
    "tri", "tril", "tril_indices", "tril_indices_from", "trim_zeros", "triu", "triu_indices", "triu_indices_from",
    "true_divide", "trunc", "uint", "uint1", "uint16", "uint2", "uint32", "uint4", "uint64", "uint8", "union1d",
    "ufunc", "unique", "unique_all", "unique_counts", "unique_inverse", "unique_values", "unpackbits", "unravel_index",
    "unsignedinteger", "unstack", "unwrap", "vander", "var", "vdot", "vecdot", "vecmat", "vectorize", "vsplit",
    "vstack", "where", "zeros", "zeros_like",
]

bind_namespace(sys.modules[__name__])  # what Array.__array_namespace__() returns
