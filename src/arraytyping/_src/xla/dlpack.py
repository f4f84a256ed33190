"""DLPack, as JAX 0.10.2's ``jax._src.dlpack``: an array's buffer handed to another library as a DLPack capsule
(``Array.__dlpack__``, ``__dlpack_device__``) and a capsule of another library's array taken in as an array
(``from_dlpack``).

``ArrayImpl``'s methods and ``arraytyping.numpy.from_dlpack`` call it. jaxlib does the work
(``buffer_to_dlpack_managed_tensor``, ``dlpack_managed_tensor_to_buffer``); this module holds
JAX's checks and words around it: the DLPack versions and device types taken, the copies a device change needs.
"""

from __future__ import annotations

import enum
import math
from typing import Any

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.dtypes import registry
from arraytyping._src.xla.backend import Backend, backend_of_device, backends, get_backend

__all__ = ["SUPPORTED_DTYPES", "is_supported_dtype", "DLDeviceType", "DLPACK_VERSION", "MIN_DLPACK_VERSION", "check_version", "copy_refused", "dlpack_device",
           "export_buffer", "import_buffer", "requested_device"]

SUPPORTED_DTYPES: frozenset[np.dtype[Any]] = frozenset(np.dtype(d) for d in (
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32", "float64",
    "complex64", "complex128", "bool")) | frozenset({registry.INFO["bfloat16"].dtype})
"""The dtypes an array can cross DLPack in (JAX 0.10.2's ``jax._src.dlpack.SUPPORTED_DTYPES``)."""


def is_supported_dtype(dtype: Any) -> bool:
    """Whether arrays of ``dtype`` (a dtype, a scalar type or a dtype's name) can cross DLPack: the integers, the
    unsigned integers, float16, bfloat16, float32, float64, complex64, complex128 and bool (``jax.dlpack``'s).

    Example::

        arraytyping.dlpack.is_supported_dtype("bfloat16")  # True
        arraytyping.dlpack.is_supported_dtype("int4")      # False
    """
    if dtype is None:  # numpy would read it as float64
        raise TypeError(f"Expected a string or dtype-like object; got dtype={dtype}")
    return np.dtype(dtype) in SUPPORTED_DTYPES


DLPACK_VERSION = (0, 8)
MIN_DLPACK_VERSION = (0, 5)


class DLDeviceType(enum.IntEnum):
    """The DLPack device types JAX 0.10.2 knows (``jax.typing``'s ``DLDeviceType``)."""

    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLROCM = 10


_DL_DEVICE_TO_PLATFORM = {
    DLDeviceType.kDLCPU: "cpu",
    DLDeviceType.kDLCUDA: "cuda",
    DLDeviceType.kDLCUDAHost: "cuda",
    DLDeviceType.kDLROCM: "rocm",
}


def _jaxlib(b: Backend) -> Any:
    """jaxlib's ``_jax`` module (typed ``Any``: its stubs are partial)."""
    return b._jax  # pyright: ignore[reportPrivateUsage]


def dlpack_device(device: Any) -> tuple[DLDeviceType, int]:
    """``__dlpack_device__()`` of an array on ``device``: ``(DLDeviceType.kDLCPU, 0)`` on a CPU device; on a GPU,
    its kind and the device's local hardware id. ``BufferError`` on any other platform, as JAX."""
    platform = str(device.platform)
    if platform == "cpu":
        return DLDeviceType.kDLCPU, 0
    if platform in ("gpu", "cuda", "rocm"):
        version = str(device.client.platform_version)
        if "cuda" in version:
            kind = DLDeviceType.kDLCUDA
        elif "rocm" in version:
            kind = DLDeviceType.kDLROCM
        else:
            raise BufferError(f"Unknown GPU platform for __dlpack__: {version}")
        hardware_id = device.local_hardware_id
        if hardware_id is None:
            raise BufferError("Couldn't get local_hardware_id for __dlpack__")
        return kind, int(hardware_id)
    raise BufferError(f"__dlpack__ device only supported for CPU and GPU, got platform: {platform}")


def check_version(max_version: tuple[int, int] | None) -> None:
    """JAX's ``BufferError`` for a consumer that takes only DLPack versions below (0, 5)."""
    if max_version is not None and tuple(max_version) < MIN_DLPACK_VERSION:
        raise BufferError(f"JAX does not support any version below {MIN_DLPACK_VERSION} but version "
                          f"({max_version}) was requested.")


def requested_device(dl_device: tuple[int, int] | None) -> Any:
    """The device a ``__dlpack__(dl_device=(type, id))`` asks for (None for none): ``BufferError`` for a device
    type JAX does not know, JAX's ``RuntimeError`` for a platform with no backend here."""
    if not dl_device or not dl_device[0]:
        return None
    dl_type, hardware_id = dl_device
    try:
        platform = _DL_DEVICE_TO_PLATFORM[DLDeviceType(int(dl_type))]
    except (KeyError, ValueError):
        raise BufferError("The device specification passed to to_dlpack contains an unsupported device type "
                          f"(DLDeviceType: {dl_type})") from None
    try:
        b = get_backend(platform)
    except Exception:  # noqa: BLE001 - JAX's words for a platform it has no backend of
        raise RuntimeError(f"Unknown backend {platform}. Available backends are {list(backends())}") from None
    return b.client.device_from_local_hardware_id(hardware_id)


def copy_refused(device: Any, source: Any) -> ValueError:
    """JAX's error for a device change asked for with ``copy=False``."""
    return ValueError(f"Specified device={device!r} which requires a copy since the source device is {source!r}, "
                      "however copy=False. Set copy=True or copy=None to perform the requested operation.")


def export_buffer(buf: Any, device: Any, stream: int | Any | None) -> Any:
    """A DLPack capsule of ``buf`` (on ``device``): jaxlib's ``buffer_to_dlpack_managed_tensor``."""
    return _jaxlib(backend_of_device(device)).buffer_to_dlpack_managed_tensor(buf, stream=stream)


def import_buffer(external: Any, device: Any, copy: bool | None) -> tuple[Any, ShapedArray, Any]:
    """``(buffer, its type, its device)`` of another library's array ``external`` (with ``__dlpack__`` and
    ``__dlpack_device__``), in its own dtype, on the device it comes from: jaxlib's
    ``dlpack_managed_tensor_to_buffer`` (which copies when ``copy`` is true). JAX 0.10.2's errors: ``TypeError``
    for an object without the two methods or on an unknown device type, ``ValueError`` when ``device`` is another
    device and ``copy=False``."""
    if not hasattr(external, "__dlpack__") or not hasattr(external, "__dlpack_device__"):
        raise TypeError("The array passed to from_dlpack must have __dlpack__ and __dlpack_device__ methods.")
    dl_type, device_id = external.__dlpack_device__()
    try:
        kind = DLDeviceType(int(dl_type))
        platform = _DL_DEVICE_TO_PLATFORM[kind]
    except (KeyError, ValueError):
        raise TypeError("Array passed to from_dlpack is on unsupported device type "
                        f"(DLDeviceType: {dl_type}, array: {external}") from None
    source_backend = get_backend(platform)
    source = source_backend.client.device_from_local_hardware_id(device_id)
    if device is not None and device != source and copy is not None and not copy:
        raise copy_refused(device, source)
    stream: Any = None
    if kind != DLDeviceType.kDLCUDAHost and platform != "cpu":
        stream = source.get_stream_for_external_ready_events()
    capsule = external.__dlpack__(stream=stream)
    jax_module = _jaxlib(source_backend)
    try:
        buf: Any = jax_module.dlpack_managed_tensor_to_buffer(capsule, source, stream, copy, int(kind))
    except jax_module.JaxRuntimeError as e:
        message = str(e)
        if "is not aligned to" not in message:
            raise
        raise ValueError("Specified input which requires a copy since the source data buffer "
                         f"{message[message.index('is not aligned to'):]} However copy=False. Set copy=True or "
                         "copy=None to perform the requested operation.") from None
    # jaxlib gives the buffer no type here (it would build one with jax.core): its shape and dtype are read from a
    # host view of it (no copy on the CPU), and it is rewrapped with that type and the backend's sharding
    # (a producer may hand a rank-0 array over as a buffer of shape (1,): its own shape, where it has one of the
    # same size, is the array's)
    host: np.ndarray[Any, Any] = buf._single_device_array_to_np_array_did_copy()[0]
    shape = tuple(host.shape)
    declared: Any = getattr(external, "shape", None)
    if isinstance(declared, tuple):
        dims = tuple(d for d in declared if isinstance(d, int))  # pyright: ignore[reportUnknownVariableType]
        if len(dims) == len(declared) and math.prod(dims) == host.size:  # pyright: ignore[reportUnknownArgumentType]
            shape = tuple(int(d) for d in dims)  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
    aval = ShapedArray(shape, host.dtype, False)
    return buf._rewrap_with_aval_and_sharding(aval, source_backend.sharding_of(source)), aval, source
