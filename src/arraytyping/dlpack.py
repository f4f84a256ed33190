"""DLPack interchange (as ``jax.dlpack``): :func:`from_dlpack` takes another library's array in without a copy where
it can, :func:`is_supported_dtype` says which dtypes can cross. An array's own ``__dlpack__`` hands it out."""

from __future__ import annotations

from typing import Any

from arraytyping._src.core.annotations import AnyArray
from arraytyping._src.numpy.array_api import from_dlpack as _from_dlpack
from arraytyping._src.xla.dlpack import is_supported_dtype

__all__ = ["from_dlpack", "is_supported_dtype"]


def from_dlpack(external_array: Any, device: Any = None, copy: bool | None = None) -> AnyArray:
    """An array of ``external_array`` (any object with ``__dlpack__`` and ``__dlpack_device__``: a numpy array, a
    PyTorch tensor, an arraytyping array...), sharing its memory unless ``copy=True`` or a ``device`` other than its
    own is asked for (``copy=False`` then refuses with a ``ValueError``); its dtype canonicalized as JAX's (a
    float64 array gives float32 with x64 off).

    Args:
      external_array: the array to take in.
      device: the device to put the result on (its own by default).
      copy: ``True`` to always copy, ``False`` never to (an error if a copy is needed), ``None`` to copy only when
        needed.

    Example::

        >>> import numpy as np
        >>> arraytyping.dlpack.from_dlpack(np.arange(3, dtype=np.int32))
        Array([0, 1, 2], dtype=int32)
    """
    out: AnyArray = _from_dlpack(external_array, device=device, copy=copy)
    return out
