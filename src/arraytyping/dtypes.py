"""``arraytyping.dtypes``: dtype utilities, mirroring ``jax.dtypes``."""

from typing import Any

import numpy as np

from arraytyping._src.dtypes.queries import (
    extended, finfo, iinfo, isdtype, issubdtype, itemsize_bits, prng_key, scalar_type_of,
)
from arraytyping._src.dtypes.promotion import canonicalize_dtype, promote_types, result_type
from arraytyping._src.dtypes.scalar_types import (
    bfloat16, bool_, complex64, complex128, complexfloating, float4_e2m1fn, float6_e2m3fn, float6_e3m2fn,
    float8_e3m4, float8_e4m3, float8_e4m3b11fnuz, float8_e4m3fn, float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz,
    float8_e8m0fnu, float16, float32, float64, floating, generic, inexact, int1, int2, int4, int8, int16, int32,
    int64, integer, number, signedinteger, uint1, uint2, uint4, uint8, uint16, uint32, uint64, unsignedinteger,
)
from arraytyping.lattice import TypePromotionError

__all__ = [
    "TypePromotionError", "bfloat16", "bool_", "canonicalize_dtype", "complex64", "complex128", "complexfloating",
    "finfo", "float0", "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz",
    "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float16", "float32",
    "float64", "floating", "generic", "iinfo", "inexact", "int1", "int2", "int4", "int8", "int16", "int32", "int64",
    "integer", "isdtype", "issubdtype", "number", "promote_types", "result_type", "signedinteger", "uint1", "uint2",
    "uint4", "uint8", "uint16", "uint32", "uint64", "unsignedinteger", "extended", "itemsize_bits", "prng_key",
    "scalar_type_of",
]

float0: np.dtype[Any] = np.dtype([("float0", np.void, 0)])
"""The dtype of tangents and cotangents of integer and bool values (``jax.dtypes.float0``): arrays of it hold no
values (``jvp`` takes them for integer inputs, ``vjp`` and ``grad(..., allow_int=True)`` give them)."""
