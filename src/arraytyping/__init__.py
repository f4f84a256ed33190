"""arraytyping: one dtype system for array code that holds at run time, in pyright and in mypy.

The promotion lattice (:mod:`arraytyping.lattice`) is the single source of truth; this package applies it to
dtypes, Python scalars, numpy values and its own arrays (:class:`Array`, on XLA devices through jaxlib, and tracers
that stage functions into jaxprs for :func:`jit`) with JAX 0.10.2's semantics. :mod:`arraytyping.numpy` is the
``jax.numpy``-style API.
"""

from typing import Any

from arraytyping import debug, dtypes, experimental, lattice, op_rules, tree_util
from arraytyping._src.dtypes.config import config, debug_infs, debug_nans, dtype_promotion, enable_x64
from arraytyping._src.dtypes.config import (
    allow_f16_reductions, array_garbage_collection_guard, check_tracer_leaks, checking_leaks, debug_key_reuse,
    default_device, default_matmul_precision, default_prng_impl, enable_checks, enable_custom_prng,
    explain_cache_misses, legacy_prng_key, log_compiles, make_user_context, no_execution, no_tracing,
    numpy_dtype_promotion, numpy_rank_promotion, softmax_custom_jvp, thread_guard, threefry_partitionable,
    transfer_guard, transfer_guard_device_to_device, transfer_guard_device_to_host,
    transfer_guard_host_to_device,
)
from arraytyping._src.dtypes.queries import finfo, iinfo, isdtype, issubdtype
from arraytyping._src.dtypes.promotion import canonicalize_dtype, promote_types
from arraytyping._src.dtypes.promotion import public_result_type as result_type
from arraytyping._src.api.public import (
    Array, ConcretizationTypeError, DeletedArrayError, ShapeDtypeStruct, TracerArrayConversionError,
    TracerBoolConversionError, TracerIntegerConversionError, TypeCheckError, UnexpectedTracerError, block_until_ready,
    checkpoint, checkpoint_policies, custom_jvp, custom_vjp, device_put, devices, eval_shape, grad, hessian, jacfwd,
    jacobian, jacrev, jit, jvp, linearize, make_jaxpr, remat, typecheck, typeof, value_and_grad, vjp, vmap,
    clear_caches, default_backend, device_count, device_get, disable_jit, ensure_compile_time_eval, linear_transpose,
    live_arrays, local_device_count, local_devices, named_call, named_scope, print_environment_info, process_count,
    process_index, closure_convert, copy_to_host_async, custom_gradient, effects_barrier, host_count, host_id,
    host_ids, process_indices,
    Ref, empty_ref, free_ref, freeze, new_ref, Shard, ds, fwd_and_bwd, memory, make_array_from_callback, make_array_from_single_device_arrays,
)
from arraytyping._src.xla.backend import device_class as _device_class
from arraytyping._src.xla.sharding import NamedSharding, make_mesh, set_mesh
from arraytyping._src.lax.api.sharding import reshard
from arraytyping._src.xla.array_impl import make_array_from_process_local_data
from arraytyping._src.xla.sharding import PartitionSpec as P
from arraytyping.dtypes import float0
from arraytyping._src.dtypes.scalar_types import (
    bfloat16, bool_, complex64, complex128, complexfloating, float4_e2m1fn, float6_e2m3fn, float6_e3m2fn,
    float8_e3m4, float8_e4m3, float8_e4m3b11fnuz, float8_e4m3fn, float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz,
    float8_e8m0fnu, float16, float32, float64, floating, generic, inexact, int1, int2, int4, int8, int16, int32,
    int64, integer, number, signedinteger, uint1, uint2, uint4, uint8, uint16, uint32, uint64, unsignedinteger,
)
from arraytyping.lattice import TypePromotionError
from arraytyping._src.api.callbacks import pure_callback
from arraytyping import custom_derivatives
from arraytyping import custom_batching
from arraytyping import errors, stages

# The public submodules, bound as ``import jax`` binds its own: ``jax.random.key(0)`` needs no further import.
# (Last: after the names they may reach. The ``as`` re-exports them without adding them to ``__all__``, whose star
# import would shadow the standard library's ``random`` and ``typing``.)
from arraytyping import lax as lax, nn as nn, numpy as numpy, random as random, scipy as scipy, tree as tree
from arraytyping import typing as typing
from arraytyping import ref as ref
from arraytyping import ffi as ffi, monitoring as monitoring, profiler as profiler
from arraytyping import sharding as sharding
from arraytyping import image as image, ops as ops
from arraytyping import dlpack as dlpack

__version__ = "0.1.0"

__all__ = [
    "Array", "ConcretizationTypeError", "DeletedArrayError", "ShapeDtypeStruct", "TracerArrayConversionError",
    "TracerBoolConversionError", "TracerIntegerConversionError", "TypeCheckError", "UnexpectedTracerError",
    "checkpoint", "checkpoint_policies", "custom_jvp", "custom_vjp", "device_put", "devices", "eval_shape", "grad",
    "NamedSharding", "P", "Shard", "make_array_from_callback", "make_array_from_process_local_data",
    "make_array_from_single_device_arrays", "make_mesh",
    "set_mesh", "reshard", "hessian", "jacfwd", "jacobian", "jacrev", "jit", "jvp", "linearize", "make_jaxpr", "remat", "typecheck",
    "value_and_grad", "vjp", "vmap", "block_until_ready", "typeof", "debug", "experimental", "pure_callback",
    "TypePromotionError", "bfloat16", "errors", "stages", "bool_", "canonicalize_dtype", "complex64", "custom_derivatives", "custom_batching", "complex128",
    "complexfloating", "config", "dtype_promotion", "dtypes", "enable_x64", "finfo", "float4_e2m1fn", "float6_e2m3fn",
    "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
    "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float16", "float32", "float64", "floating", "generic", "iinfo",
    "inexact", "int1", "int2", "int4", "int8", "int16", "int32", "int64", "integer", "isdtype", "issubdtype", "lattice",
    "number", "op_rules", "promote_types", "result_type", "signedinteger", "tree_util", "uint1", "uint2", "uint4",
    "uint8", "uint16", "uint32", "uint64", "unsignedinteger", "clear_caches", "default_backend", "device_count",
    "device_get", "disable_jit", "ensure_compile_time_eval", "float0", "linear_transpose", "live_arrays",
    "local_device_count", "local_devices", "named_call", "named_scope", "print_environment_info", "process_count",
    "process_index", "closure_convert", "copy_to_host_async", "custom_gradient", "effects_barrier", "host_count",
    "host_id", "host_ids", "process_indices",
    "uint8", "uint16", "uint32", "uint64", "unsignedinteger", "Ref", "freeze", "new_ref",
    "debug_infs", "debug_nans",
    "allow_f16_reductions", "array_garbage_collection_guard", "check_tracer_leaks", "checking_leaks",
    "debug_key_reuse", "default_device", "default_matmul_precision", "default_prng_impl",
    "enable_checks", "enable_custom_prng", "explain_cache_misses", "legacy_prng_key",
    "log_compiles", "make_user_context", "no_execution", "no_tracing",
    "numpy_dtype_promotion", "numpy_rank_promotion", "softmax_custom_jvp", "thread_guard",
    "threefry_partitionable", "transfer_guard", "transfer_guard_device_to_device", "transfer_guard_device_to_host",
    "transfer_guard_host_to_device", "Device", "ds", "empty_ref", "free_ref", "fwd_and_bwd", "memory",
]

Device: type[Any]
"""jaxlib's device class (``jax.Device``), given by :func:`__getattr__` on first use."""


def __getattr__(name: str) -> object:
    """``Device``, jaxlib's device class (``jaxlib._jax.Device``, as ``jax.Device``), loaded with jaxlib on first
    use: ``import arraytyping`` does not load jaxlib."""
    if name == "Device":
        return _device_class()
    raise AttributeError(f"module 'arraytyping' has no attribute {name!r}")
