"""The foreign function interface as users call it (JAX 0.10.2's ``jax.ffi``): register a compiled function with
XLA (:func:`register_ffi_target`, with :func:`pycapsule` for a ``ctypes`` function pointer) and call it on arrays
(:func:`ffi_call`), eagerly or staged, under ``vmap`` as its ``vmap_method`` says; the primitive and its lowering
are :mod:`arraytyping._src.lax.ffi`'s."""

from __future__ import annotations

import ctypes
import importlib
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypedDict, overload

import numpy as np
from typing_extensions import NotRequired

from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.shape_dtype_struct import ShapeDtypeStruct, aval_of
from arraytyping._src.lax.ffi import (
    Frozen, LayoutOptions, build_ffi_lowering_function, ffi_call_p, ffi_lowering, layout_for_lowering,
)
from arraytyping._src.xla.array_impl import device_put

__all__ = ["ShapeAndDtype", "TypeRegistration", "build_ffi_lowering_function", "ffi_call", "ffi_lowering", "include_dir",
           "pycapsule", "register_ffi_target", "register_ffi_target_as_batch_partitionable", "register_ffi_type",
           "register_ffi_type_id"]

_PLATFORMS = {"cpu": "Host", "host": "Host", "gpu": "CUDA", "cuda": "CUDA", "rocm": "ROCM"}
_VMAP_METHODS = ["sequential", "sequential_unrolled", "expand_dims", "broadcast_all", "legacy_vectorized", None]


def _xla() -> Any:
    return importlib.import_module("jaxlib._jax")


def _platform(platform: str) -> str:
    return _PLATFORMS.get(platform.lower(), platform)


def register_ffi_target(name: str, fn: Any, platform: str = "cpu", api_version: int = 1, **kwargs: Any) -> None:
    """Register the foreign function ``fn`` with XLA as the custom call target ``name`` (JAX's
    ``jax.ffi.register_ffi_target``).

    Args:
        name: the target's name, as :func:`ffi_call` names it.
        fn: a ``PyCapsule`` holding the handler's function pointer (:func:`pycapsule` makes one from ``ctypes``),
            or a dict of them by FFI stage (``"execute"``, ``"prepare"``...).
        platform: ``"cpu"`` (default), or a GPU platform (``"cuda"``, ``"rocm"``).
        api_version: 1 (default) for the typed FFI, 0 for the older custom-call API.
        kwargs: passed on to jaxlib's registration (``traits``).

    Example::

        lib = ctypes.cdll.LoadLibrary("./librms_norm.so")
        arraytyping.ffi.register_ffi_target("rms_norm", arraytyping.ffi.pycapsule(lib.RmsNorm))
    """
    _xla().register_custom_call_target(name, fn, _platform(platform), api_version, **kwargs)


class TypeRegistration(TypedDict):
    """A custom FFI type (JAX's ``jax.ffi.TypeRegistration``): ``type_id``, a ``PyCapsule`` holding a pointer to
    the ``XLA_FFI_TypeId``; ``type_info``, optionally one holding its ``XLA_FFI_TypeInfo``."""

    type_id: Any
    type_info: NotRequired[Any]


def register_ffi_type(name: str, type_registration: TypeRegistration, platform: str = "cpu") -> None:
    """Register a custom type for FFI targets under ``name`` (unique in the process), as JAX's
    ``jax.ffi.register_ffi_type``: ``type_registration`` holds the type's id (and, optionally, its info).

    Example::

        arraytyping.ffi.register_ffi_type("state", {"type_id": lib.state_type_id()})
    """
    if _platform(platform) != "Host":
        raise ValueError(f"register_ffi_type: no FFI type registry for platform {platform!r} in this process "
                         "(only 'cpu')")
    _xla().register_custom_type(name, type_registration["type_id"])


def register_ffi_type_id(name: str, obj: Any, platform: str = "cpu") -> None:
    """Removed from jaxlib, as in JAX 0.10.2: always raises ``ValueError`` (use :func:`register_ffi_type`).

    Example::

        arraytyping.ffi.register_ffi_type("state", {"type_id": obj})   # instead
    """
    raise ValueError("register_ffi_type_id is not supported after jaxlib version 381.")


def register_ffi_target_as_batch_partitionable(name: str) -> None:
    """Declare the FFI target ``name`` batch partitionable: sharded along its leading (batch) dimensions, the same
    call runs on each shard (JAX's ``jax.ffi.register_ffi_target_as_batch_partitionable``).

    Example::

        arraytyping.ffi.register_ffi_target_as_batch_partitionable("rms_norm")
    """
    _xla().register_custom_call_as_batch_partitionable(name)


def pycapsule(funcptr: Any) -> Any:
    """A ``ctypes`` function pointer wrapped in an opaque ``PyCapsule``, as :func:`register_ffi_target` takes it
    (JAX's ``jax.ffi.pycapsule``).

    Example::

        capsule = arraytyping.ffi.pycapsule(ctypes.cdll.LoadLibrary("./libfoo.so").Foo)
    """
    destructor = ctypes.CFUNCTYPE(None, ctypes.py_object)
    builder = ctypes.pythonapi.PyCapsule_New
    builder.restype = ctypes.py_object
    builder.argtypes = (ctypes.c_void_p, ctypes.c_char_p, destructor)
    return builder(funcptr, None, destructor(0))


def include_dir() -> str:
    """The folder of the C++ headers bundled with jaxlib (``xla/ffi/api/ffi.h``...), to compile FFI handlers
    against (JAX's ``jax.ffi.include_dir``).

    Example::

        flags = ["-I", arraytyping.ffi.include_dir()]
    """
    jaxlib = importlib.import_module("jaxlib")
    folder = os.path.dirname(os.path.abspath(jaxlib.__file__)) if jaxlib.__file__ else list(jaxlib.__path__)[0]
    return os.path.join(folder, "include")


def _result_aval(index: int, result: Any) -> ShapedArray:
    if not hasattr(result, "shape") or not hasattr(result, "dtype"):
        raise ValueError(f"All elements of result_shape_dtypes must have 'shape' and 'dtype' attributes. Got "
                         f"{result} at position {index}.")
    return aval_of(ShapeDtypeStruct(result.shape, result.dtype)).update(dtype=np.dtype(result.dtype))


def _minor_to_major(aval: ShapedArray, layout: LayoutOptions) -> tuple[int, ...]:
    """A layout given major-to-minor (``ffi_call``'s) in the custom call's minor-to-major order."""
    return layout_for_lowering(aval, None if layout is None else tuple(layout)[::-1])


def _hashable(kwargs: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    out: list[tuple[str, Any]] = []
    for k, v in sorted(kwargs.items()):
        if isinstance(v, (np.ndarray, dict)):
            out.append((k, Frozen(v)))
            continue
        try:
            hash(v)
        except TypeError as e:
            raise TypeError(f"Non-hashable keyword argument to ffi_call {k}: {v}") from e
        out.append((k, v))
    return tuple(out)


class ShapeAndDtype(Protocol):
    """What ``ffi_call`` takes for a result: anything with a ``shape`` and a ``dtype`` (``ShapeDtypeStruct``, an
    array)."""

    @property
    def shape(self) -> Any: ...
    @property
    def dtype(self) -> Any: ...


@overload
def ffi_call(target_name: str, result_shape_dtypes: Sequence[ShapeAndDtype], *, has_side_effect: bool = ...,
             vmap_method: str | None = ..., input_layouts: Sequence[LayoutOptions] | None = ...,
             output_layouts: LayoutOptions | Sequence[LayoutOptions] = ...,
             input_output_aliases: dict[int, int] | None = ..., custom_call_api_version: int = ...,
             legacy_backend_config: str | None = ...) -> Callable[..., Sequence[Array]]: ...
@overload
def ffi_call(target_name: str, result_shape_dtypes: ShapeAndDtype, *, has_side_effect: bool = ...,
             vmap_method: str | None = ..., input_layouts: Sequence[LayoutOptions] | None = ...,
             output_layouts: LayoutOptions | Sequence[LayoutOptions] = ...,
             input_output_aliases: dict[int, int] | None = ..., custom_call_api_version: int = ...,
             legacy_backend_config: str | None = ...) -> Callable[..., Array]: ...
def ffi_call(target_name: str, result_shape_dtypes: Any, *, has_side_effect: bool = False,
             vmap_method: str | None = None, input_layouts: Sequence[LayoutOptions] | None = None,
             output_layouts: LayoutOptions | Sequence[LayoutOptions] = None,
             input_output_aliases: dict[int, int] | None = None, custom_call_api_version: int = 4,
             legacy_backend_config: str | None = None) -> Callable[..., Any]:
    """A function that calls the FFI target ``target_name`` (registered with :func:`register_ffi_target`, or one of
    jaxlib's own) on its positional arguments, its keyword arguments passed to the handler as named attributes
    (JAX's ``jax.ffi.ffi_call``). It runs eagerly or staged (``jit``), has no derivative, and under ``vmap``
    follows ``vmap_method`` (``"sequential"``, ``"expand_dims"``, ``"broadcast_all"``...; ``None`` cannot be
    batched).

    Args:
        target_name: the registered target.
        result_shape_dtypes: one object with ``shape`` and ``dtype`` (``ShapeDtypeStruct``), or a sequence of them:
            the call then returns a sequence (a tuple for a tuple).
        has_side_effect: whether the call is kept even when its results are unused.
        vmap_method: how ``vmap`` calls it.
        input_layouts, output_layouts: per operand (result), ``None`` for row-major or the dimensions
            major-to-minor (``(1, 0)`` is a column-major matrix).
        input_output_aliases: ``{input index: output index}``, outputs written in their input's buffer.
        custom_call_api_version: 4 (the typed FFI, default), or older for legacy targets.
        legacy_backend_config: the opaque configuration string of a legacy target (version below 4).

    Example (LAPACK's Cholesky kernel, which jaxlib registers; column-major, lower triangle)::

        x = arraytyping.numpy.array([[4.0, 2.0], [2.0, 3.0]])
        call = arraytyping.ffi.ffi_call(
            "lapack_spotrf_ffi", (arraytyping.ShapeDtypeStruct((2, 2), "float32"),
                                  arraytyping.ShapeDtypeStruct((), "int32")),
            input_layouts=[(1, 0)], output_layouts=[(1, 0), ()], input_output_aliases={0: 0})
        factor, info = call(x, uplo=numpy.uint8(ord("L")))   # factor[1, 0] == 1.0, info == 0
    """
    if vmap_method not in _VMAP_METHODS:
        raise ValueError(f"vmap_method must be on of the allowed methods {_VMAP_METHODS}, but got: {vmap_method}")
    multiple = isinstance(result_shape_dtypes, Sequence)
    results: list[Any] = list(result_shape_dtypes) if multiple else [result_shape_dtypes]  # pyright: ignore[reportUnknownArgumentType]
    result_avals = tuple(_result_aval(i, r) for i, r in enumerate(results))
    out_layouts: Sequence[LayoutOptions] | None = output_layouts if multiple else (output_layouts,)  # type: ignore[assignment]
    if custom_call_api_version >= 4 and legacy_backend_config is not None:
        raise ValueError("The use of the legacy_backend_config parameter requires custom_call_api_version < 4; got "
                         f"{custom_call_api_version}.")

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        operands = [a if isinstance(a, Array) else device_put(a) for a in args]
        in_avals = [ShapedArray(a.shape, a.dtype) for a in operands]
        if input_layouts is None:
            static_in = tuple(layout_for_lowering(a) for a in in_avals)
        else:
            if len(input_layouts) != len(in_avals):
                raise ValueError(f"The number of input arguments ({len(in_avals)}) must equal the number of input "
                                 f"layouts ({len(input_layouts)}).")
            static_in = tuple(_minor_to_major(a, l) for a, l in zip(in_avals, input_layouts))
        if out_layouts is None:
            static_out = tuple(layout_for_lowering(a) for a in result_avals)
        else:
            if len(out_layouts) != len(result_avals):
                raise ValueError(f"The number of outputs ({len(result_avals)}) must equal the number of output "
                                 f"layouts ({len(out_layouts)}).")
            static_out = tuple(_minor_to_major(a, l) for a, l in zip(result_avals, out_layouts))
        aliases: list[tuple[int, int]] = []
        for i, o in sorted((input_output_aliases or {}).items()):
            i, o = int(i), int(o)
            if i >= len(args):
                raise ValueError(f"input_output_aliases contains the mapping '{i}:{o}' with input index {i} outside "
                                 f"the range [0, {len(args)}).")
            if o >= len(result_avals):
                raise ValueError(f"input_output_aliases contains the mapping '{i}:{o}' with output index {o} "
                                 f"outside the range [0, {len(result_avals)}).")
            a, r = in_avals[i], result_avals[o]
            if a.shape != r.shape or a.dtype != r.dtype:
                raise ValueError(f"input_output_aliases contains the mapping '{i}:{o}' referring to an input with "
                                 f"abstract value {a} and an output with a different abstract value "
                                 f"{r}.")
            if static_in[i] != static_out[o]:
                raise ValueError(f"input_output_aliases contains the mapping '{i}:{o}' referring to an input with "
                                 f"layout {static_in[i]} and an output with a different layout {static_out[o]}.")
            aliases.append((i, o))
        outs = ffi_call_p.bind(*operands, result_avals=result_avals, vmap_method=vmap_method,
                               target_name=target_name, has_side_effect=has_side_effect, input_layouts=static_in,
                               output_layouts=static_out, input_output_aliases=tuple(aliases),
                               custom_call_api_version=custom_call_api_version,
                               legacy_backend_config=legacy_backend_config, attributes=_hashable(kwargs))
        if not multiple:
            return outs[0]
        return tuple(outs) if isinstance(result_shape_dtypes, tuple) else list(outs)

    return wrapped
