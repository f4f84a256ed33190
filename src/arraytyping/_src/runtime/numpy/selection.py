"""Selection: ``where``, ``select``, ``clip``, ``diagonal``, ``trace``, ``triu``, ``tril``, as JAX 0.10.2's
``jax.numpy``. ``where``, ``select`` and ``clip`` promote their value operands together; ``trace`` sums (``op_rules``
``REDUCTION``: ``sum``); the others keep the dtype."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src import registry
from arraytyping._src.config import config
from arraytyping._src.runtime import lax
from arraytyping._src.runtime.array import Array
from arraytyping._src.runtime.avals import ShapedArray
from arraytyping._src.runtime.numpy._promotion import (
    BOOL, ArrayLike, array_fn, as_dtype, broadcast_to_shape, common_dtype, finish, jitted, kind_of, operand,
    promote_args, scalar_type, shape_of, to_bool,
)
from arraytyping._src.runtime.numpy.shape import canonicalize_axis
from arraytyping._src.runtime.operand_checks import numpy_broadcast



def where_promoted(condition: Any, x: Any, y: Any) -> Any:
    """JAX's internal ``_where``: ``x`` where ``condition`` holds, else ``y``, the two promoted together and all
    broadcast (operands may be constants as well as arrays)."""
    shape = numpy_broadcast(shape_of(condition), shape_of(x), shape_of(y))
    c = to_bool(condition if isinstance(condition, Array) else as_dtype(condition, *scalar_type(condition)))
    dtype, weak = common_dtype(x, y)
    x, y = as_dtype(x, dtype, weak), as_dtype(y, dtype, weak)
    c, x, y = (broadcast_to_shape(v, shape) for v in (c, x, y))
    return lax.select_n(c, y, x)


_where_jit = jitted(where_promoted, "where")


def where(condition: ArrayLike, x: ArrayLike | None = None, y: ArrayLike | None = None, /, *,
          size: int | None = None, fill_value: Any = None) -> Any:
    """Elements of ``x`` where ``condition`` holds, else of ``y`` (both promoted together, all broadcast); with
    ``condition`` alone, ``nonzero`` of it (``size``/``fill_value`` as there)."""
    if x is None and y is None:
        from arraytyping._src.runtime.numpy.ordering import nonzero  # noqa: PLC0415 - ordering imports this
        return nonzero(condition, size=size, fill_value=fill_value)
    if size is not None or fill_value is not None:
        raise ValueError("size and fill_value arguments cannot be used in three-term where function.")
    if x is None or y is None:
        raise ValueError(f"Either both or neither of the x and y arguments should be provided to "
                         f"arraytyping.numpy.where, got {x} and {y}.")
    return _where_jit(condition, x, y)


def _broadcast_all(*args: Any) -> list[Any]:
    shape = numpy_broadcast(*(shape_of(a) for a in args))
    return [a if shape_of(a) == shape else
            lax.broadcast_in_dim(a, shape, tuple(range(len(shape) - len(shape_of(a)), len(shape)))) for a in args]


def _select_body(*args: Any, n: int) -> Any:
    """JAX's ``select``: the index of the first true condition (``argmax`` over the stacked conditions, with
    ``False`` broadcast in first for the default, promoted together as ``stack`` does and then cast to bool), then ``select_n`` over the default and the choices promoted
    together."""
    from arraytyping._src.runtime import sorting as S  # noqa: PLC0415
    choices, default = args[n:2 * n], args[2 * n]
    conds = [promote_args(c)[0] for c in args[:n]]
    values = [default, *choices]
    dtype, weak = common_dtype(*values)
    values = [lax.convert_element_type(v, dtype, weak) if isinstance(v, Array) else as_dtype(v, dtype, weak)
              for v in values]
    false = lax.const(False, ShapedArray((), BOOL, False))
    cdtype, cweak = common_dtype(false, *conds)  # stack promotes the conditions (and False) together first
    conds = [lax.convert_element_type(c, cdtype, cweak) for c in (false, *conds)]
    stacked = lax.stack(_broadcast_all(*conds), 0)
    stacked = lax.convert_element_type(stacked, BOOL, False)
    idx = S.argmax_p.bind(stacked, axes=(0,), index_dtype=registry.INFO["int32"].dtype)
    return lax.select_n(*_broadcast_all(idx, *values))


_select = array_fn(_select_body, "select")


def select(condlist: Any, choicelist: Any, default: ArrayLike = 0) -> Array:
    """Per element, the value of the first choice whose condition holds, else ``default``."""
    if len(condlist) != len(choicelist):
        raise ValueError(f"condlist must have length equal to choicelist ({len(condlist)} vs {len(choicelist)})")
    if len(condlist) == 0:
        raise ValueError("condlist must be non-empty")
    return _select(*condlist, *choicelist, default, n=len(condlist))


def _clip_body(arr: Any, lo: Any = None, hi: Any = None) -> Any:
    """JAX's ``clip``: complex operands refused, then ``maximum(min, arr)`` and ``minimum(max, ...)``, which promote
    the bounds with ``arr`` (``op_rules.SHAPE``: ``promote_real``; the rule gives the result, checked here)."""
    from arraytyping._src.runtime.numpy.binary import maximum, minimum  # noqa: PLC0415 - binary imports this
    named = [(what, v) for what, v in (("arr", arr), ("min", lo), ("max", hi)) if v is not None]
    try:
        dtype, weak = op_rules.shape_result("clip", [operand(v) for _, v in named], config.lattice_config)
    except op_rules.OperandValueError:
        bad = ", ".join(f"{what} ({operand(v)[0]})" for what, v in named if kind_of(v) == "c")
        raise ValueError(f"clip received a complex value: {bad}. Complex values have no ordering and cannot be "
                         "clipped. Please convert to a real value or array by taking the real or imaginary "
                         "components via arraytyping.numpy.real/imag respectively.") from None
    except lattice.TypePromotionError as e:
        raise lattice.TypePromotionError(f"clip: {e}", e.nodes, e.config) from None
    if lo is not None:
        arr = maximum(lo, arr)
    if hi is not None:
        arr = minimum(hi, arr)
    return finish("clip", promote_args(arr)[0], registry.INFO[dtype].dtype, weak)


_clip = array_fn(_clip_body, "clip")


def clip(arr: ArrayLike | None = None, /, min: ArrayLike | None = None, max: ArrayLike | None = None) -> Array:
    """``arr`` limited to ``[min, max]`` (``maximum(min, arr)`` then ``minimum(max, ...)``, promoting as they do)."""
    if arr is None:
        raise ValueError("No input was provided to the clip function.")
    return _clip(arr, min, max)


def _moveaxes_last(a: Any, axis1: int, axis2: int) -> Any:
    n = len(shape_of(a))
    src = (canonicalize_axis(axis1, n), canonicalize_axis(axis2, n))
    perm = [i for i in range(n) if i not in src]
    for d, s in sorted(zip((n - 2, n - 1), src)):
        perm.insert(d, s)
    return lax.transpose(a, perm)


def _diagonal_body(a: Any, *, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Any:
    """JAX's ``diagonal``: its ``_default_diag`` (the axes moved last, then ``a[..., i, j]`` with ``i``, ``j``
    aranges along the diagonal: a gather), except for a square 2-d matrix at offset 0 (not bool), where JAX stages a
    ``platform_dependent`` choice between it and a mask-and-sum for Mosaic (``sum(eye * a, axis=0)``): the gather
    runs, and the result takes the mask-and-sum's type (strong: a weakly typed matrix's diagonal is not)."""
    from arraytyping._src.runtime.control_flow import platform_dependent  # noqa: PLC0415 - control flow imports numpy
    from arraytyping._src.runtime.numpy.creation import eye_mask  # noqa: PLC0415 - creation imports this module
    a = promote_args(a)[0]
    s = shape_of(a)
    if len(s) < 2:
        raise ValueError("diagonal requires an array of at least two dimensions.")

    def default_diag(a: Any) -> Any:
        return _default_diag(a, offset, axis1, axis2)

    if len(s) != 2 or s[0] != s[1] or offset != 0 or lax.aval_of(a).dtype == np.bool_:
        return default_diag(a)
    eye = lax.convert_element_type(eye_mask(s[0], s[0], 0), lax.aval_of(a).dtype, False)

    def mosaic_diag(a: Any) -> Any:
        return lax.reduce("sum", lax.mul(eye, a), (0,))
    return platform_dependent(a, default=default_diag, mosaic=mosaic_diag)


def _default_diag(a: Any, offset: int, axis1: int, axis2: int) -> Any:
    from arraytyping._src.runtime.numpy.indexing import getitem  # noqa: PLC0415 - indexing imports this module
    s = shape_of(a)
    n1, n2 = s[canonicalize_axis(axis1, len(s))], s[canonicalize_axis(axis2, len(s))]
    a = _moveaxes_last(a, axis1, axis2)
    size = max(0, min(n1 + min(offset, 0), n2 - max(offset, 0)))
    idx = registry.INFO[lattice.default_name("i", config.x64)].dtype  # arange: the default integer dtype
    i = lax.iota(idx, (size,), 0)
    j = lax.add(lax.iota(idx, (size,), 0), lax.const(abs(offset), ShapedArray((), idx, False))) if offset else \
        lax.iota(idx, (size,), 0)
    return getitem(a, (..., i, j) if offset >= 0 else (..., j, i))


_diagonal = array_fn(_diagonal_body, "diagonal")


def diagonal(a: ArrayLike, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
    """The diagonal at ``offset`` of the planes of ``axis1`` and ``axis2`` (as the last axis of the result)."""
    return _diagonal(a, offset=operator.index(offset), axis1=operator.index(axis1),
                     axis2=operator.index(axis2))


def tri_mask(n: int, m: int, k: int) -> Any:
    """JAX's ``lax._tri``: ``i + k >= j`` on broadcast iotas (of the default integer dtype), a bool array of shape
    ``(n, m)``."""
    idx = registry.INFO[lattice.default_name("i", config.x64)].dtype
    i = lax.add(lax.iota(idx, (n, m), 0), lax.const(k, ShapedArray((), idx, False)))
    return lax.ge(i, lax.iota(idx, (n, m), 1))


def _trace_body(a: Any, *, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None) -> Any:
    from arraytyping._src.runtime.numpy.creation import eye_mask  # noqa: PLC0415
    from arraytyping._src.runtime.numpy.reductions import sum_body  # noqa: PLC0415
    a = promote_args(a)[0]
    s = shape_of(a)
    if canonicalize_axis(axis1, len(s)) == canonicalize_axis(axis2, len(s)):
        raise ValueError(f"axis1 and axis2 can not be same. axis1={axis1} and axis2={axis2}")
    n1, n2 = s[canonicalize_axis(axis1, len(s))], s[canonicalize_axis(axis2, len(s))]
    a = _moveaxes_last(a, axis1, axis2)
    av = lax.aval_of(a)
    masked = where_promoted(eye_mask(n1, n2, offset), a, lax.full(av.shape, 0, av.dtype, av.weak_type))
    return sum_body(masked, axis=(len(s) - 2, len(s) - 1), dtype=dtype, name="trace")


_trace = array_fn(_trace_body, "trace")


def trace(a: ArrayLike, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None, out: None = None
          ) -> Array:
    """The sum along the diagonal at ``offset`` of the planes of ``axis1`` and ``axis2``."""
    from arraytyping._src.runtime.numpy.reductions import reduction_dtype  # noqa: PLC0415
    return _trace(a, offset=operator.index(offset), axis1=operator.index(axis1),
                  axis2=operator.index(axis2), dtype=reduction_dtype(dtype, out, "trace"))


def _tri_select_body(m: Any, *, k: int, upper: bool) -> Any:
    m = promote_args(m)[0]
    s = shape_of(m)
    if len(s) < 2:
        raise ValueError(f"Argument to arraytyping.numpy.{'triu' if upper else 'tril'} must be at least 2D")
    n, w = s[-2:]
    mask = tri_mask(n, w, k - 1 if upper else k)
    if len(s) > 2:
        mask = lax.broadcast_in_dim(mask, s, (len(s) - 2, len(s) - 1))
    av = lax.aval_of(m)
    zeros = lax.full(av.shape, 0, av.dtype, av.weak_type)
    # JAX: triu is select(mask, zeros, m), tril select(mask, m, zeros); select_n takes the false case first
    return lax.select_n(mask, m, zeros) if upper else lax.select_n(mask, zeros, m)


_tri_select = array_fn(_tri_select_body, "triu")


def triu(m: ArrayLike, k: int = 0) -> Array:
    """``m`` with the elements below the ``k``-th diagonal zeroed (on the last two axes)."""
    return _tri_select(m, k=operator.index(k), upper=True)


def tril(m: ArrayLike, k: int = 0) -> Array:
    """``m`` with the elements above the ``k``-th diagonal zeroed (on the last two axes)."""
    return _tri_select(m, k=operator.index(k), upper=False)

