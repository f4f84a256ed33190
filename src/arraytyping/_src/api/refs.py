"""Mutable array references as users call them (``jax.new_ref``, ``jax.freeze``, ``jax.Ref`` and ``jax.ref``):
the machinery is :mod:`arraytyping._src.core.refs`; here values are made arrays with ``jax.numpy``'s ``asarray``."""

from __future__ import annotations

from typing import Any

from arraytyping._src.core import refs as _core
from arraytyping._src.core.refs import AbstractRef, Ref
from arraytyping._src.numpy.conversion import asarray

__all__ = ["AbstractRef", "Ref", "new_ref", "empty_ref", "free_ref", "freeze", "get", "swap", "set", "addupdate"]

_core.asarray = asarray


def new_ref(init_val: Any) -> Ref:
    """A new mutable array reference holding ``init_val`` (an array, a numpy value or a Python scalar, weakly typed
    as an array of it is).

    Args:
      init_val: the reference's initial value.

    Returns:
      A :class:`Ref`: read it with ``ref[idx]``, write it with ``ref[idx] = x`` or ``ref[idx] += x``, inside and
      outside ``jit``.

    Example::

        >>> x_ref = arraytyping.new_ref(arraytyping.numpy.zeros(3))
        >>> x_ref[1] += 1.
        >>> x_ref
        Ref([0., 1., 0.], dtype=float32)
    """
    return _core.new_ref(init_val)


def empty_ref(ty: Any, memory_space: Any = None) -> Ref:
    """A new mutable array reference for a value of type ``ty`` whose contents are not set: write it before
    reading it. Only in traced code (under ``jit``, in a ``lax.scan`` body...): eagerly it is JAX's
    ``NotImplementedError``.

    Args:
      ty: the type of the value: ``typeof(x)`` or a ``ShapeDtypeStruct``.
      memory_space: where the value lives (``None``: device memory).

    Returns:
      A :class:`Ref`.

    Example::

        >>> @arraytyping.jit
        ... def double(x):
        ...     r = arraytyping.empty_ref(arraytyping.typeof(x))
        ...     r[...] = 2 * x
        ...     return arraytyping.freeze(r)
        >>> double(arraytyping.numpy.ones(2))
        Array([2., 2.], dtype=float32)
    """
    return _core.empty_ref(ty, memory_space)


def free_ref(ref: Ref) -> tuple[()]:
    """Invalidate ``ref`` in traced code: reading or writing it afterwards is an error. Eagerly (and for a value that
    is not a reference) it does nothing, as JAX's.

    Args:
      ref: a mutable array reference.

    Returns:
      ``()``.

    Example::

        >>> arraytyping.free_ref(arraytyping.new_ref(1.))
        ()
    """
    return _core.free_ref(ref)


def freeze(ref: Ref) -> Any:
    """Invalidate ``ref`` (reading or writing it afterwards is an error) and return its final value.

    Args:
      ref: a mutable array reference.

    Returns:
      The reference's value, an ``Array``.

    Example::

        >>> r = arraytyping.new_ref(2.)
        >>> arraytyping.freeze(r)
        Array(2., dtype=float32, weak_type=True)
    """
    return _core.freeze(ref)


def get(ref: Ref, idx: Any = ...) -> Any:
    """``ref[idx]``: the value of ``ref`` at the NumPy-style index ``idx``.

    Example::

        >>> arraytyping.ref.get(arraytyping.new_ref(arraytyping.numpy.arange(3.)), 1)
        Array(1., dtype=float32)
    """
    return ref[idx]


def swap(ref: Ref, idx: Any, value: Any) -> Any:
    """Write ``value`` into ``ref`` at the NumPy-style index ``idx`` and return what was there.

    Example::

        >>> r = arraytyping.new_ref(arraytyping.numpy.arange(3.))
        >>> arraytyping.ref.swap(r, 1, 7.)
        Array(1., dtype=float32)
        >>> r
        Ref([0., 7., 2.], dtype=float32)
    """
    return _core.swap(ref, idx, value)


def set(ref: Ref, idx: Any, value: Any) -> None:  # noqa: A001 - JAX's name
    """``ref[idx] = value``.

    Example::

        >>> r = arraytyping.new_ref(arraytyping.numpy.zeros(2))
        >>> arraytyping.ref.set(r, 0, 5.)
        >>> r
        Ref([5., 0.], dtype=float32)
    """
    _core.swap(ref, idx, value)


def addupdate(ref: Ref, idx: Any, value: Any) -> None:
    """``ref[idx] += value``, in place.

    Example::

        >>> r = arraytyping.new_ref(arraytyping.numpy.zeros(2))
        >>> arraytyping.ref.addupdate(r, ..., arraytyping.numpy.ones(2))
        >>> r
        Ref([1., 1.], dtype=float32)
    """
    ref.addupdate(value, idx)
