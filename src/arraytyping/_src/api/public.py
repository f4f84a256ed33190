"""The runtime's public names, re-exported by ``arraytyping``; importing it loads the whole runtime, ``jax.numpy``
included, whose functions the ``Array``'s operators and methods call."""

from types import SimpleNamespace

from arraytyping._src import numpy as _numpy  # binds the Array's operators and methods to jax.numpy's functions
from arraytyping._src.core.array import Array
from arraytyping._src.interpreters.autodiff.differentiation import grad, jvp, linearize, value_and_grad, vjp
from arraytyping._src.xla.array_impl import (
    DeletedArrayError, Shard, devices, make_array_from_callback, make_array_from_single_device_arrays,
)
from arraytyping._src.xla.placement import device_put
from arraytyping._src.interpreters.autodiff.custom_derivatives import custom_jvp, custom_vjp
from arraytyping._src.interpreters.autodiff.checkpoint import checkpoint, remat
from arraytyping._src.interpreters.autodiff.remat_policies import checkpoint_policies
from arraytyping._src.core.trace import (
    ConcretizationTypeError, TracerArrayConversionError, TracerBoolConversionError, TracerIntegerConversionError,
    UnexpectedTracerError,
)
from arraytyping._src.xla.stages import clear_caches, disable_jit, jit
from arraytyping._src.api.environment import (
    copy_to_host_async, default_backend, device_count, device_get, effects_barrier, ensure_compile_time_eval,
    host_count, host_id, host_ids, live_arrays, local_device_count, local_devices, named_call, named_scope,
    print_environment_info, process_count, process_index, process_indices,
)
from arraytyping._src.api.custom_gradient import closure_convert, custom_gradient
from arraytyping._src.api.transpose import linear_transpose
from arraytyping._src.api.jacobian import hessian, jacfwd, jacobian, jacrev
from arraytyping._src.core.staging import make_jaxpr
from arraytyping._src.core.shape_dtype_struct import ShapeDtypeStruct
from arraytyping._src.api.shapes import block_until_ready, eval_shape, typeof
from arraytyping._src.typecheck.decorator import TypeCheckError, typecheck
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.api.refs import Ref, empty_ref, free_ref, freeze, new_ref
from arraytyping._src.api.fwd_and_bwd import fwd_and_bwd
from arraytyping._src.core.avals import MemorySpace
from arraytyping._src.core.index_slice import ds

memory = SimpleNamespace(Space=MemorySpace)
"""JAX's ``jax.memory``: ``memory.Space`` is the enum of memory spaces (``Device``, ``Host``, ``Any``)."""

__all__ = [
    "Array", "ConcretizationTypeError", "DeletedArrayError", "ShapeDtypeStruct", "TracerArrayConversionError",
    "TracerBoolConversionError", "TracerIntegerConversionError", "TypeCheckError", "UnexpectedTracerError",
    "checkpoint", "checkpoint_policies", "custom_jvp", "custom_vjp", "device_put", "devices", "eval_shape", "grad",
    "Shard", "make_array_from_callback", "make_array_from_single_device_arrays",
    "hessian", "jacfwd", "jacobian", "jacrev", "jit", "jvp", "linearize", "make_jaxpr", "remat", "typecheck",
    "value_and_grad", "vjp", "vmap", "block_until_ready", "typeof", "clear_caches", "default_backend",
    "device_count", "device_get", "disable_jit", "ensure_compile_time_eval", "linear_transpose", "live_arrays",
    "local_device_count", "local_devices", "named_call", "named_scope", "print_environment_info", "process_count",
    "process_index", "closure_convert", "copy_to_host_async", "custom_gradient", "effects_barrier", "host_count",
    "host_id", "host_ids", "process_indices",
    "value_and_grad", "vjp", "vmap", "block_until_ready", "typeof", "Ref", "freeze", "new_ref",
    "ds", "empty_ref", "free_ref", "fwd_and_bwd", "memory",
]

_ = _numpy
