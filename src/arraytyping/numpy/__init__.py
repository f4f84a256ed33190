"""``arraytyping.numpy``: a ``jax.numpy``-style module on arraytyping's runtime.

Binary operations promote through arraytyping's lattice exactly as JAX does (Python ``int``/``float``/``complex``
are weak, ``bool`` is not; all-weak results stay weak), honour strict promotion and x64, and broadcast like numpy.
"""

from arraytyping._src.promotion import promote_types, result_type
from arraytyping._src.runtime.array import Array as ndarray
from arraytyping._src.runtime.numpy import (
    abs, absolute, add, all, any, arange, array, asarray, astype, bitwise_and, bitwise_left_shift, bitwise_not,
    bitwise_or, bitwise_right_shift, bitwise_xor, broadcast_to, cos, divide, dot, equal, exp, floor_divide, full,
    full_like, greater, greater_equal, invert, left_shift, less, less_equal, linspace, log, logical_and,
    logical_not, logical_or, logical_xor, matmul, max, maximum, mean, min, minimum, mod, multiply, ndim, negative,
    not_equal, ones, ones_like, positive, power, prod, remainder, reshape, right_shift, shape, sign, sin, size,
    sqrt, subtract, sum, tanh, transpose, true_divide, where, zeros, zeros_like,
)
from arraytyping._src.scalar_types import (
    bfloat16, bool_, complex64, complex128, complexfloating, float4_e2m1fn, float6_e2m3fn, float6_e3m2fn,
    float8_e3m4, float8_e4m3, float8_e4m3b11fnuz, float8_e4m3fn, float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz,
    float8_e8m0fnu, float16, float32, float64, floating, generic, inexact, int1, int2, int4, int8, int16, int32,
    int64, integer, number, signedinteger, uint1, uint2, uint4, uint8, uint16, uint32, uint64, unsignedinteger,
)

amax = max
amin = min
pow = power

__all__ = [
    "abs", "absolute", "add", "all", "amax", "amin", "any", "arange", "array", "asarray", "astype", "bfloat16",
    "bitwise_and", "bitwise_left_shift", "bitwise_not", "bitwise_or",
    "bitwise_right_shift", "bitwise_xor", "bool_", "broadcast_to", "complex64", "complex128",
    "complexfloating", "cos", "divide", "dot", "equal", "exp", "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn",
    "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2",
    "float8_e5m2fnuz", "float8_e8m0fnu", "float16", "float32", "float64", "floating", "floor_divide", "full",
    "full_like", "generic", "greater", "greater_equal", "inexact", "int1", "int2", "int4", "int8", "int16", "int32",
    "int64", "integer", "invert", "left_shift", "less", "less_equal", "linspace", "log", "logical_and", "logical_not",
    "logical_or", "logical_xor", "matmul", "max", "maximum", "mean", "min", "minimum", "mod", "multiply", "ndarray",
    "ndim", "negative", "not_equal", "number", "ones", "ones_like", "positive", "pow", "power", "prod",
    "promote_types", "remainder", "reshape", "result_type", "right_shift", "shape", "sign", "signedinteger", "sin", "size", "sqrt",
    "subtract", "sum", "tanh", "transpose", "true_divide", "uint1", "uint2", "uint4", "uint8", "uint16", "uint32",
    "uint64", "unsignedinteger", "where", "zeros", "zeros_like",
]
