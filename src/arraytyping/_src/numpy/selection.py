"""Selection: ``where``, ``select``, ``clip``, ``diagonal``, ``trace``, ``triu``, ``tril``, ``compress``, ``choose``,
as JAX 0.10.2's ``jax.numpy``. ``where``, ``select`` and ``clip`` promote their value operands together; ``trace``
sums (``op_rules`` ``REDUCTION``: ``sum``); ``choose`` stacks its choices (``op_rules.choose_result``); the others
keep the dtype (``compress`` with ``size=`` strong: ``op_rules.compress_result``)."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import check_arraylike, refuse_sequences
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.trace import ConcretizationTypeError, Tracer
from arraytyping._src.lax import lax
from arraytyping._src.lax import sorting as S
from arraytyping._src.lax.control_flow import platform_dependent
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.numpy._promotion import (
    BOOL, ArrayLike, array_fn, as_dtype, common_dtype, finish, kind_of, operand, promote_args, shape_of,
)
from arraytyping._src.numpy.binary import greater_equal, less, logical_or, maximum, minimum, remainder
from arraytyping._src.numpy.conversion import asarray, astype
from arraytyping._src.numpy.indexing import getitem, take_along_axis
from arraytyping._src.numpy.joining import stack
from arraytyping._src.numpy.ordering import argsort, nonzero
from arraytyping._src.numpy.reductions import any as any_
from arraytyping._src.numpy.reductions import reduction_dtype, sum_body
from arraytyping._src.numpy.shape import broadcast_arrays, canonicalize_axis, expand_dims, moveaxis, ravel
from arraytyping._src.numpy.unary import where_call


def where(condition: ArrayLike, x: ArrayLike | None = None, y: ArrayLike | None = None, /, *,
          size: int | None = None, fill_value: Any = None) -> Any:
    """Elements of ``x`` where ``condition`` holds, else of ``y`` (both promoted together, all broadcast); with
    ``condition`` alone, ``nonzero`` of it (``size``/``fill_value`` as there)."""
    if x is None and y is None:
        return nonzero(condition, size=size, fill_value=fill_value)
    if size is not None or fill_value is not None:
        raise ValueError("size and fill_value arguments cannot be used in three-term where function.")
    if x is None or y is None:
        raise ValueError(f"Either both or neither of the x and y arguments should be provided to "
                         f"arraytyping.numpy.where, got {x} and {y}.")
    refuse_sequences("where", condition, x, y)
    return where_call(condition, x, y)


def _broadcast_all(*args: Any) -> list[Any]:
    shape = numpy_broadcast(*(shape_of(a) for a in args))
    return [a if shape_of(a) == shape else
            lax.broadcast_in_dim(a, shape, tuple(range(len(shape) - len(shape_of(a)), len(shape)))) for a in args]


def _select_body(*args: Any, n: int) -> Any:
    """JAX's ``select``: the index of the first true condition (``argmax`` over the stacked conditions, with
    ``False`` broadcast in first for the default, promoted together as ``stack`` does and then cast to bool), then ``select_n`` over the default and the choices promoted
    together."""
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


_clip = array_fn(_clip_body, "clip", call_name="clip")


def clip(arr: ArrayLike | None = None, /, min: ArrayLike | None = None, max: ArrayLike | None = None) -> Array:
    """``arr`` limited to ``[min, max]`` (``maximum(min, arr)`` then ``minimum(max, ...)``, promoting as they do)."""
    if arr is None:
        raise ValueError("No input was provided to the clip function.")
    refuse_sequences("clip", arr)
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
    a = promote_args(a)[0]
    s = shape_of(a)
    if len(s) < 2:
        raise ValueError("diagonal requires an array of at least two dimensions.")

    def default_diag(a: Any) -> Any:
        return _default_diag(a, offset, axis1, axis2)

    if len(s) != 2 or s[0] != s[1] or offset != 0 or lax.aval_of(a).dtype == np.bool_:
        return default_diag(a)
    eye = lax.convert_element_type(lax.eye_mask(s[0], s[0], 0), lax.aval_of(a).dtype, False)

    def mosaic_diag(a: Any) -> Any:
        return lax.reduce("sum", lax.mul(eye, a), (0,))
    return platform_dependent(a, default=default_diag, mosaic=mosaic_diag)


def _default_diag(a: Any, offset: int, axis1: int, axis2: int) -> Any:
    s = shape_of(a)
    n1, n2 = s[canonicalize_axis(axis1, len(s))], s[canonicalize_axis(axis2, len(s))]
    a = _moveaxes_last(a, axis1, axis2)
    size = max(0, min(n1 + min(offset, 0), n2 - max(offset, 0)))
    idx = registry.INFO[lattice.default_name("i", config.x64)].dtype  # arange: the default integer dtype
    i = lax.iota(idx, (size,), 0)
    j = lax.add(lax.iota(idx, (size,), 0), lax.const(abs(offset), ShapedArray((), idx, False))) if offset else \
        lax.iota(idx, (size,), 0)
    return getitem(a, (..., i, j) if offset >= 0 else (..., j, i))


_diagonal = array_fn(_diagonal_body, "diagonal", call_name="diagonal")


def diagonal(a: ArrayLike, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
    """The diagonal at ``offset`` of the planes of ``axis1`` and ``axis2`` (as the last axis of the result)."""
    refuse_sequences("diagonal", a)
    return _diagonal(a, offset=operator.index(offset), axis1=operator.index(axis1),
                     axis2=operator.index(axis2))


def _trace_body(a: Any, *, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None) -> Any:
    a = promote_args(a)[0]
    s = shape_of(a)
    if canonicalize_axis(axis1, len(s)) == canonicalize_axis(axis2, len(s)):
        raise ValueError(f"axis1 and axis2 can not be same. axis1={axis1} and axis2={axis2}")
    n1, n2 = s[canonicalize_axis(axis1, len(s))], s[canonicalize_axis(axis2, len(s))]
    a = _moveaxes_last(a, axis1, axis2)
    av = lax.aval_of(a)
    masked = where_call(lax.eye_mask(n1, n2, offset), a, lax.full(av.shape, 0, av.dtype, av.weak_type))
    return sum_body(masked, axis=(len(s) - 2, len(s) - 1), dtype=dtype, name="trace")


_trace = array_fn(_trace_body, "trace", call_name="trace")


def trace(a: ArrayLike, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None, out: None = None
          ) -> Array:
    """The sum along the diagonal at ``offset`` of the planes of ``axis1`` and ``axis2``."""
    refuse_sequences("trace", a)
    return _trace(a, offset=operator.index(offset), axis1=operator.index(axis1),
                  axis2=operator.index(axis2), dtype=reduction_dtype(dtype, out, "trace"))


def _tri_select_body(m: Any, *, k: int, upper: bool) -> Any:
    m = promote_args(m)[0]
    s = shape_of(m)
    if len(s) < 2:
        raise ValueError(f"Argument to arraytyping.numpy.{'triu' if upper else 'tril'} must be at least 2D")
    n, w = s[-2:]
    mask = lax.tri_mask(n, w, k - 1 if upper else k)
    if len(s) > 2:
        mask = lax.broadcast_in_dim(mask, s, (len(s) - 2, len(s) - 1))
    av = lax.aval_of(m)
    zeros = lax.full(av.shape, 0, av.dtype, av.weak_type)
    # JAX: triu is select(mask, zeros, m), tril select(mask, m, zeros); select_n takes the false case first
    return lax.select_n(mask, m, zeros) if upper else lax.select_n(mask, zeros, m)


_triu = array_fn(_tri_select_body, "triu", call_name="triu")
_tril = array_fn(_tri_select_body, "tril", call_name="tril")


def triu(m: ArrayLike, k: int = 0) -> Array:
    """``m`` with the elements below the ``k``-th diagonal zeroed (on the last two axes)."""
    refuse_sequences("triu", m)
    return _triu(m, k=operator.index(k), upper=True)


def tril(m: ArrayLike, k: int = 0) -> Array:
    """``m`` with the elements above the ``k``-th diagonal zeroed (on the last two axes)."""
    refuse_sequences("tril", m)
    return _tril(m, k=operator.index(k), upper=False)


def _ensure_arraylike(fn: str, *args: Any) -> list[Any]:
    """JAX's ``ensure_arraylike``: :func:`check_arraylike`, then every operand an array (``asarray``: a Python
    scalar a weak one)."""
    check_arraylike(fn, *args)
    return [x if isinstance(x, Array) else asarray(x) for x in args]


def compress(condition: ArrayLike, a: ArrayLike, axis: int | None = None, *, size: int | None = None,
             fill_value: ArrayLike = 0, out: None = None) -> Array:
    """The slices of ``a`` along ``axis`` (of the flattened ``a`` when ``None``) where the 1-d ``condition`` (cast to
    bool) is true: ``a``'s dtype and weak flag (``op_rules.compress_result``). Without ``size`` the condition must be
    concrete (JAX's ``TracerBoolConversionError`` under ``jit``) and its true entries past the axis' length refused;
    with ``size``, the first ``size`` selected slices, padded with ``fill_value`` (converted to ``a``'s dtype, a
    strong array: the result is strong), which traces."""
    condition_arr, arr, fill = _ensure_arraylike("compress", condition, a, fill_value)
    operand_a = operand(arr)
    condition_arr = astype(condition_arr, BOOL)
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.compress is not supported.")
    if condition_arr.ndim != 1:
        raise ValueError("condition must be a 1D array")
    if axis is None:
        axis = 0
        arr = ravel(arr)
    else:
        arr = moveaxis(arr, axis, 0)
    n = arr.shape[0]
    condition_arr, extra = condition_arr[:n], condition_arr[n:]
    arr = arr[:condition_arr.shape[0]]
    if size is None:
        if any_(extra):
            raise ValueError("condition contains entries that are out of bounds")
        result = arr[condition_arr]
    elif not 0 <= size <= arr.shape[0]:
        raise ValueError("size must be positive and not greater than the size of the array axis;"
                         f" got {size=} for a.shape[axis]={arr.shape[0]}")
    else:
        mask = expand_dims(condition_arr, tuple(range(1, arr.ndim)))
        arr = where(mask, arr, astype(fill, lax.aval_of(arr).dtype))
        result = arr[argsort(condition_arr, stable=True, descending=True)][:size]
    name, weak = op_rules.compress_result(operand_a, config.lattice_config, sized=size is not None)
    return finish("compress", moveaxis(result, 0, axis), registry.INFO[name].dtype, weak)  # type: ignore[no-any-return]


_CHOOSE_MODES: tuple[str, ...] = ("raise", "wrap", "clip")


def choose(a: ArrayLike, choices: Any, out: None = None, mode: str = "raise") -> Array:
    """Per element of the integer array ``a``, the element of ``choices[a]`` (``a`` and the choices broadcast
    together): the choices' join, canonicalized and strong (they are stacked as ``array(choices)``;
    ``op_rules.choose_result``). ``mode``: ``'raise'`` (out-of-range indices are JAX's ``ValueError``; ``a`` must be
    concrete: under ``jit`` JAX's ``ConcretizationTypeError``), ``'wrap'`` (modulo) or ``'clip'``."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.choose is not supported.")
    arr, *items = _ensure_arraylike("choose", a, *choices)
    if kind_of(arr) not in ("i", "u"):
        raise ValueError("`a` array must be integer typed")
    n = len(items)
    if mode == "raise":
        if isinstance(arr, Tracer):
            raise ConcretizationTypeError(
                "Abstract tracer value encountered where concrete value is expected: traced array with shape "
                f"{lax.aval_of(arr).name}[{','.join(map(str, arr.shape))}]\nThe error occurred because jnp.choose "
                "was jit-compiled with mode='raise'. Use mode='wrap' or mode='clip' instead.")
        if any_(logical_or(less(arr, 0), greater_equal(arr, n))):
            raise ValueError("invalid entry in choice array")
    elif mode == "wrap":
        if n == 0:
            raise IndexError(f"Too many indices: array is 1-dimensional, but {arr.ndim + 1} were indexed")
        arr = remainder(arr, n)
    elif mode == "clip":
        arr = clip(arr, 0, n - 1)
    else:
        raise ValueError(f"mode={mode!r} not understood. Must be 'raise', 'wrap', or 'clip'")
    if n == 0:
        raise IndexError(f"Too many indices: array is 1-dimensional, but {arr.ndim + 1} were indexed")
    try:
        arr, *items = broadcast_arrays(arr, *items)
    except ValueError:
        shapes = [tuple(shape_of(x)) for x in (arr, *items)]
        raise ValueError(f"Incompatible shapes for broadcasting: shapes={shapes}") from None
    name, _ = op_rules.choose_result(operand(arr), [operand(c) for c in items], config.lattice_config)
    dtype = registry.INFO[name].dtype
    stacked = stack([astype(c, dtype) for c in items])
    result = take_along_axis(stacked, expand_dims(arr, 0), axis=0)[0]
    return finish("choose", result, dtype, False)  # type: ignore[no-any-return]


def extract(condition: ArrayLike, arr: ArrayLike, *, size: int | None = None, fill_value: ArrayLike = 0) -> Array:
    """The elements of the flattened ``arr`` where the flattened ``condition`` is true (``compress`` of both
    flattened); under ``jit`` give ``size`` (the result is cut or padded with ``fill_value``).

    Example: ``extract(jnp.array([True, False, True]), jnp.array([1, 2, 3]))`` is ``[1, 3]``.
    """
    check_arraylike("extreact", condition, arr, fill_value)  # JAX's spelling of the name
    return compress(ravel(condition), ravel(arr), size=size, fill_value=fill_value)
