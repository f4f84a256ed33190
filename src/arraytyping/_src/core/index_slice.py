"""``jax.ds``: a slice given by its start and size (``Slice``), whose start may be a traced value, so that
``x[ds(i, 3)]`` slices at a run-time ``i`` where ``x[i:i + 3]`` would need ``i`` known when tracing (JAX 0.10.2's
``jax._src.indexing``). Indexing an array or a reference with it reads ``dynamic_slice`` (or a gather for a
stride other than 1)."""

from __future__ import annotations

import dataclasses
import operator
from typing import Any, cast

from arraytyping._src.core.trace import Tracer, concrete_value
from arraytyping._src.tree.pytree import register_pytree_node

__all__ = ["Slice", "ds", "dslice"]


def _is_dim(x: Any) -> bool:
    """Whether ``x`` is a static size or index: an integer, or an integer array known when tracing (JAX's
    ``is_constant_dim``), not a traced value."""
    if isinstance(x, Tracer) and concrete_value(x) is None:
        return False
    try:
        operator.index(x)
    except Exception:  # noqa: BLE001 - anything that is not an integer
        return False
    return True


@dataclasses.dataclass(slots=True)
class Slice:
    """``size`` elements from ``start`` (an int or a scalar integer array, traced or not), every ``stride``-th."""

    start: Any
    size: Any
    stride: int = 1

    def __post_init__(self) -> None:
        if self.stride < 0:
            raise ValueError("`stride` must be >= 0.")

    @property
    def is_dynamic_start(self) -> bool:
        """Whether the start is an array (known only when the computation runs)."""
        return not _is_dim(self.start)

    @property
    def is_dynamic_size(self) -> bool:
        """Whether the size is an array."""
        return not _is_dim(self.size)

    @classmethod
    def from_slice(cls, slc: slice, size: int) -> Slice:
        """The :class:`Slice` of the builtin slice ``slc`` on an axis of ``size`` (a positive step only)."""
        start, stop, step = slc.indices(size)
        if step < 1:
            raise ValueError(f"slice must have a step >= 1 (found: {step})")
        return cls(start, len(range(start, stop, step)), step)


def _flatten(s: Slice) -> tuple[tuple[Any, Any], tuple[Any, Any, int]]:
    """A static start or size is the node's data, a dynamic one its child (JAX's ``Slice.tree_flatten``)."""
    return ((s.start if s.is_dynamic_start else None, s.size if s.is_dynamic_size else None),
            (None if s.is_dynamic_start else s.start, None if s.is_dynamic_size else s.size, s.stride))


def _unflatten(aux: tuple[Any, Any, int], children: Any) -> Slice:
    start, size = children
    return Slice(aux[0] if start is None else start, aux[1] if size is None else size, aux[2])


register_pytree_node(Slice, _flatten, _unflatten)


def ds(start: Any, size: Any = None, stride: int | None = None) -> slice | Slice:
    """A slice by start and size, as the builtin ``slice`` reads: ``ds(None)`` is ``:``, ``ds(j)`` is ``:j``,
    ``ds(i, n)`` is ``i:i+n`` and ``ds(i, n, k)`` is ``i:i+n:k``; ``i`` may be a traced scalar (``n`` and ``k`` are
    static), which ``x[i:i + n]`` does not allow.

    Args:
      start: the first index (an int or a scalar integer array), or the size when ``size`` is not given.
      size: the number of elements.
      stride: the step between them (a static int, 1 by default).

    Returns:
      A :class:`Slice` (``slice(None)`` for ``ds(None)``).

    Example::

        >>> x = arraytyping.numpy.arange(10)
        >>> arraytyping.jit(lambda x, i: x[arraytyping.ds(i, 2)])(x, 4)
        Array([4, 5], dtype=int32)
    """
    if start is None:
        return slice(None)
    if stride is None:
        stride = 1
    given = cast(object, stride)  # tested unnarrowed: a caller may pass an array
    if not isinstance(given, int):
        raise ValueError("Non-static stride in `dslice`")
    if size is None:
        start, size = 0, start
    return Slice(start, size, stride)


dslice = ds
