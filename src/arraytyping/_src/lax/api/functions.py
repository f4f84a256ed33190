"""``arraytyping.lax``'s functions: JAX 0.10.2's ``jax.lax`` names for the primitives users call directly, with its
signatures, argument handling and errors (each binds one primitive, whose rule checks dtypes and shapes as JAX's
does).

Unlike ``arraytyping.numpy``, nothing promotes here: operands of different dtypes are an error (``TypeError``),
Python scalars are weakly typed arrays of their kind's default dtype.
"""

from __future__ import annotations

import builtins
import operator
from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex, TypeAlias, cast

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.core.array import Array
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.dtypes.promotion import explicit_dtype_name, to_dtype
from arraytyping._src.lax import lax as _lax
from arraytyping._src.lax import primitives as P
from arraytyping._src.core.avals import ShapedArray, canonicalize_shape
from arraytyping._src.lax.convolution import (
    ConvDimensionNumbers, conv_dimension_numbers, conv_general_dilated_p,
)
from arraytyping._src.core.trace import Tracer, find_top_trace
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.lax.api.elementwise import add, check_operand, max, min
from arraytyping._src.lax.shape import pad_p
from arraytyping._src.lax.slicing import dynamic_slice_p, dynamic_update_slice_p
from arraytyping._src.lax.top_k import top_k_p
from arraytyping._src.core.staging import ConstVal, abstractify
from arraytyping._src.lax.windowed_reductions import MONOIDS, bind_reduce_window
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping.typing import DTypeLike

__all__ = ["ConvDimensionNumbers", "broadcast_in_dim", "conv_general_dilated", "convert_element_type",
           "dot_general", "dynamic_slice", "dynamic_update_slice", "iota", "pad", "padtype_pairs", "reduce_window",
           "top_k", "user_dtype"]

DotDimensionNumbers: TypeAlias = tuple[tuple[Sequence[int], Sequence[int]], tuple[Sequence[int], Sequence[int]]]
ConvGeneralDilatedDimensionNumbers: TypeAlias = tuple[str, str, str] | ConvDimensionNumbers | None
_PY_KINDS = {bool: "b", int: "i", float: "f", complex: "c"}


def user_dtype(dtype: Any) -> np.dtype[Any]:
    """JAX's ``check_and_canonicalize_user_dtype``: Python types give their kind's default dtype, other dtypes are
    canonicalized (64-bit ones truncate with x64 off, with a warning)."""
    if isinstance(dtype, type) and dtype in _PY_KINDS:
        return registry.INFO[lattice.default_name(_PY_KINDS[dtype], config.x64)].dtype
    return registry.INFO[explicit_dtype_name(to_dtype(dtype).name, config.x64, dtype)].dtype


# ---------------------------------------------------------------------------------------------------------------
# Conversion


def convert_element_type(operand: ArrayLike, new_dtype: DTypeLike) -> AnyArray:
    """``operand`` converted to ``new_dtype`` (canonicalized for x64), strongly typed. Complex to real discards
    the imaginary part (with numpy's ``ComplexWarning``, as JAX warns)."""
    check_operand("convert_element_type", operand)
    dtype = user_dtype(new_dtype)
    if type(operand) is int:  # a big Python int converts by value (numpy), not through int32
        value: Any = np.asarray(operand).astype(dtype)
        out: AnyArray = _lax.convert_element_type(_lax.const(value, ShapedArray((), dtype, False)), dtype, False)
        return _materialize(out)
    a = abstractify(operand)
    if type(operand) is complex and registry.INFO[ShapedArray((), dtype).name].kind != "c":
        raise TypeError(f"can't convert complex to {ShapedArray((), dtype).name}")  # numpy's, as JAX's
    if registry.INFO[a.name].kind == "c" and registry.INFO[ShapedArray((), dtype).name].kind != "c":
        import warnings  # noqa: PLC0415 - only for this warning

        warnings.warn("Casting complex values to real discards the imaginary part", np.exceptions.ComplexWarning,
                      stacklevel=2)
    return _materialize(_lax.convert_element_type(operand, dtype, False))


def _materialize(x: Any) -> AnyArray:
    """A constant (from a conversion of a host value) as an array of the current trace or on the device."""
    if isinstance(x, Array):
        return x
    trace = find_top_trace(())
    if trace is not None:
        traced: AnyArray = trace.pure(x)
        return traced
    out: AnyArray = device_put(np.asarray(x.val))
    return out


# ---------------------------------------------------------------------------------------------------------------
# Shapes and slices


def broadcast_in_dim(operand: ArrayLike, shape: Sequence[int], broadcast_dimensions: Sequence[int], *,
                     out_sharding: None = None) -> AnyArray:
    """``operand`` broadcast to ``shape``, its axis ``i`` becoming axis ``broadcast_dimensions[i]``."""
    check_operand("broadcast_in_dim", operand)
    dims = canonicalize_shape(shape)
    bdims = tuple(operator.index(d) for d in broadcast_dimensions)
    a = abstractify(operand)
    if a.ndim != len(bdims):
        raise TypeError(f"broadcast_in_dim broadcast_dimensions must have length equal to operand ndim; got "
                        f"broadcast_dimensions {bdims} for operand ndim {a.ndim}.")
    if len(dims) < a.ndim:
        raise TypeError(f"broadcast_in_dim target broadcast shape must have equal or higher rank to the operand "
                        f"shape; got operand ndim {a.ndim} and target broadcast ndim {len(dims)}.")
    if any(not 0 <= d < len(dims) for d in bdims):
        raise TypeError(f"broadcast_in_dim broadcast_dimensions must be a subset of output dimensions, got {bdims} "
                        f"for operand ndim {a.ndim} and shape {dims}.")
    if any(a.shape[i] != 1 and a.shape[i] != dims[d] for i, d in enumerate(bdims)):
        raise TypeError(f"broadcast_in_dim operand dimension sizes must either be 1, or be equal to their "
                        f"corresponding dimensions in the target broadcast shape; got operand of shape {a.shape}, "
                        f"target broadcast shape {dims}, broadcast_dimensions {bdims} ")
    if list(bdims) != sorted(set(bdims)):
        raise TypeError(f"broadcast_in_dim broadcast_dimensions must be strictly increasing; got "
                        f"broadcast_dimensions {bdims}")
    if a.ndim == len(dims) and not bdims and isinstance(operand, Array):
        return operand
    out: AnyArray = P.broadcast_in_dim_p.bind(operand, shape=dims, broadcast_dimensions=bdims, sharding=None)
    return out


def _require_attribute(operand: Any, attribute: str, read: bool = True) -> None:
    """JAX's ``AttributeError`` where it reads ``operand.<attribute>`` (``ndim``, ``shape``) and the operand is a
    Python scalar, which has none (a numpy scalar has both); nothing when JAX does not read it (``read``)."""
    obj: object = operand
    if read and isinstance(obj, (bool, int, float, complex)) and not isinstance(obj, np.generic):
        raise AttributeError(f"'{type(obj).__name__}' object has no attribute '{attribute}'")


def _start_indices(name: str, operand: Any, start_indices: Any, allow_negative_indices: bool | Sequence[bool]
                   ) -> list[Any]:
    """JAX's ``_dynamic_slice_indices``: one index per axis; negative ones count from the end (a static negative
    index is adjusted now, a traced one by a ``select``). It reads the operand's ``ndim``: a Python scalar's is
    JAX 0.10.2's ``AttributeError``."""
    _require_attribute(operand, "ndim")
    a = abstractify(operand)
    given: Any = start_indices
    obj: object = start_indices
    items: list[Any]
    if isinstance(obj, (Array, np.ndarray)):
        if np.ndim(given) != 1:
            raise ValueError(f"Slice indices must be a 1D sequence, got {np.shape(given)}")
        items = [given[i] for i in range(np.shape(given)[0])]
    else:
        items = list(given)
    if len(items) != a.ndim:
        raise ValueError(f"Length of slice indices must match number of operand dimensions ({len(items)} vs "
                         f"{a.shape})")
    allow = [allow_negative_indices] * len(items) if isinstance(allow_negative_indices, bool) \
        else list(allow_negative_indices)
    out: list[Any] = []
    for i, d, neg in zip(items, a.shape, allow):
        ia = abstractify(i)
        if registry.INFO[ia.name].kind == "u":
            out.append(i)
            continue
        static: object = i
        if isinstance(static, (int, np.integer)) and not isinstance(static, bool):
            value = operator.index(cast(SupportsIndex, static))  # a Python or numpy integer
            if value < 0 and not neg:
                raise ValueError(f"Index {value} is out of bounds for dimension {d} if allow_negative_indices=False")
            fixed = value + d if value < 0 else value
            out.append(np.asarray(fixed, dtype=ia.dtype))  # a strong constant of the index's dtype
            continue
        if neg and isinstance(i, Array):
            # JAX's ``select(i < 0, i + d, i)`` with the array's operators (jax.numpy's promotion: a weakly typed
            # index is compared as a weak value and made strong to add the strong size)
            out.append(_lax.select_n(i < 0, i, i + np.asarray(d, dtype=ia.dtype)))
        elif neg:  # a constant (jax.numpy's weakly typed int index): the same, its strong copy added
            size = _lax.const(d, ShapedArray((), ia.dtype, False))
            zero = _lax.const(0, ShapedArray((), ia.dtype, ia.weak_type))
            strong = _lax.const(i.val, ShapedArray((), ia.dtype, False)) if isinstance(i, ConstVal) else i
            out.append(_lax.select_n(_lax.lt(i, zero), i, _lax.add(strong, size)))
        else:
            out.append(i)
    return out


def dynamic_slice(operand: ArrayLike, start_indices: Sequence[ArrayLike] | AnyArray, slice_sizes: Sequence[int], *,
                  allow_negative_indices: bool | Sequence[bool] = True) -> AnyArray:
    """The ``slice_sizes`` block of ``operand`` starting at ``start_indices`` (traced values allowed; a start is
    clamped so the block stays inside the array)."""
    check_operand("dynamic_slice", operand)
    indices = _start_indices("dynamic_slice", operand, start_indices, allow_negative_indices)
    out: AnyArray = dynamic_slice_p.bind(operand, *indices, slice_sizes=canonicalize_shape(slice_sizes))
    return out


def dynamic_update_slice(operand: ArrayLike, update: ArrayLike, start_indices: Sequence[ArrayLike] | AnyArray, *,
                         allow_negative_indices: bool | Sequence[bool] = True) -> AnyArray:
    """``operand`` with the block at ``start_indices`` replaced by ``update`` (clamped to stay inside)."""
    check_operand("dynamic_update_slice", operand, update)
    indices = _start_indices("dynamic_update_slice", operand, start_indices, allow_negative_indices)
    out: AnyArray = dynamic_update_slice_p.bind(operand, update, *indices)
    return out


def pad(operand: ArrayLike, padding_value: ArrayLike, padding_config: Sequence[tuple[int, int, int]]) -> AnyArray:
    """``operand`` padded with ``padding_value``: ``(low, high, interior)`` per axis; negative low/high remove
    elements."""
    check_operand("pad", operand, padding_value)
    config_ = tuple((operator.index(lo), operator.index(hi), operator.index(i)) for lo, hi, i in padding_config)
    a, v = abstractify(operand), abstractify(padding_value)
    if v.ndim != 0:  # JAX's shape rule runs before its dtype rule
        raise ValueError(f"padding_value must be a scalar; got np.shape(padding_value)={v.shape}")
    if len(config_) != a.ndim:
        raise ValueError(f"length of padding_config must equal the number of axes of operand, got padding_config "
                         f"{config_} for operand shape {a.shape}")
    if any(i < 0 for _, _, i in config_):
        raise ValueError(f"interior padding in padding_config must be nonnegative, got padding_config {config_}")
    shape = tuple(lo + hi + (0 if d == 0 else d + (d - 1) * i) for (lo, hi, i), d in zip(config_, a.shape))
    if any(d < 0 for d in shape):
        raise ValueError(f"Dimension size after padding is not at least 0, got result shape {shape}, for "
                         f"padding_config {config_} and operand shape {a.shape}")
    if a.dtype != v.dtype:
        raise TypeError(f"pad operand and padding_value must be same dtype: got {a.name} and {v.name}.")
    out: AnyArray = pad_p.bind(operand, padding_value, padding_config=config_)
    return out


def iota(dtype: DTypeLike, size: int) -> AnyArray:
    """``[0, 1, ..., size - 1]`` in a numeric ``dtype``."""
    dt = user_dtype(dtype)
    (n,) = canonicalize_shape((size,))
    op_rules.lax_dtype_result("iota", ShapedArray((), dt).name)  # refuses bool
    out: AnyArray = P.iota_p.bind(dtype=dt, shape=(n,), dimension=0, sharding=None)
    return out


def top_k(operand: ArrayLike, k: int, *, axis: int = -1) -> tuple[AnyArray, AnyArray]:
    """The ``k`` largest values along ``axis`` and their int32 indices (stable: equal values by index)."""
    check_operand("top_k", operand)
    k = operator.index(k)
    if k < 0:
        raise ValueError(f"k argument to top_k must be nonnegative, got {k}")
    ndim = abstractify(operand).ndim
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    values, indices = top_k_p.bind(operand, k=k, axis=axis % ndim if ndim else axis)
    return values, indices


# ---------------------------------------------------------------------------------------------------------------
# Contractions


def dot_general(lhs: ArrayLike, rhs: ArrayLike, dimension_numbers: DotDimensionNumbers, precision: None = None,
                preferred_element_type: DTypeLike | None = None, *, out_sharding: None = None) -> AnyArray:
    """The general dot product: ``((lhs_contracting, rhs_contracting), (lhs_batch, rhs_batch))`` axes; the result
    has the batch axes, then ``lhs``'s free axes, then ``rhs``'s. Operands of two dtypes compute in the
    higher-ranked one (XLA's rule; see :func:`arraytyping.op_rules.dot_general_result`)."""
    check_operand("dot_general", lhs, rhs)
    (lc, rc), (lb, rb) = dimension_numbers
    dn = ((tuple(map(operator.index, lc)), tuple(map(operator.index, rc))),
          (tuple(map(operator.index, lb)), tuple(map(operator.index, rb))))
    pref = None if preferred_element_type is None else user_dtype(preferred_element_type)
    out: AnyArray = P.dot_general_p.bind(lhs, rhs, dimension_numbers=dn, precision=precision,
                                      preferred_element_type=pref, out_sharding=None)
    return out


def padtype_pairs(in_shape: Sequence[int], window: Sequence[int], strides: Sequence[int], padding: str
                     ) -> tuple[tuple[int, int], ...]:
    """JAX's ``padtype_to_pads``: ``VALID``, ``SAME`` or ``SAME_LOWER`` as explicit ``(low, high)`` pairs."""
    kind_ = padding.upper()
    if kind_ not in ("VALID", "SAME", "SAME_LOWER"):
        raise RuntimeError(f"Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got {padding}.")
    if kind_ == "VALID":
        return tuple((0, 0) for _ in in_shape)
    pads: list[tuple[int, int]] = []
    for d, w, s in zip(in_shape, window, strides):
        out = -(-d // s)
        size = builtins.max((out - 1) * s + w - d, 0)
        pads.append((size // 2, size - size // 2) if kind_ == "SAME" else (size - size // 2, size // 2))
    return tuple(pads)


def conv_general_dilated(lhs: ArrayLike, rhs: ArrayLike, window_strides: Sequence[int],
                         padding: str | Sequence[tuple[int, int]], lhs_dilation: Sequence[int] | None = None,
                         rhs_dilation: Sequence[int] | None = None,
                         dimension_numbers: ConvGeneralDilatedDimensionNumbers = None, feature_group_count: int = 1,
                         batch_group_count: int = 1, precision: None = None,
                         preferred_element_type: DTypeLike | None = None, out_sharding: None = None) -> AnyArray:
    """The general dilated convolution (XLA's): strided, padded (explicitly or ``'SAME'``/``'VALID'``), with
    input (``lhs_dilation``) and kernel (``rhs_dilation``) dilation, feature and batch groups, and the layouts of
    ``dimension_numbers`` (e.g. ``('NCHW', 'OIHW', 'NCHW')``; the default is that one)."""
    check_operand("conv_general_dilated", lhs, rhs)
    la, ra = abstractify(lhs), abstractify(rhs)
    dnums = conv_dimension_numbers(la.shape, ra.shape, dimension_numbers)
    lhs_dil = (1,) * (la.ndim - 2) if lhs_dilation is None else tuple(map(operator.index, lhs_dilation))
    if lhs_dilation is not None and isinstance(padding, str) and any(d != 1 for d in lhs_dil):
        raise ValueError("String padding is not implemented for transposed convolution using this op. Please either "
                         "exactly specify the required padding or use conv_transpose.")
    rhs_dil = (1,) * (ra.ndim - 2) if rhs_dilation is None else tuple(map(operator.index, rhs_dilation))
    strides = tuple(map(operator.index, window_strides))
    if isinstance(padding, str):
        rhs_spatial = [ra.shape[i] for i in dnums.rhs_spec[2:]]
        window = [0 if k == 0 else 1 + r * (k - 1) for k, r in zip(rhs_spatial, rhs_dil)]
        pads = padtype_pairs([la.shape[i] for i in dnums.lhs_spec[2:]], window, strides, padding)
    else:
        try:
            pads = tuple((operator.index(lo), operator.index(hi)) for lo, hi in padding)
        except (ValueError, TypeError) as e:
            raise ValueError(f"padding argument to conv_general_dilated should be a string or a sequence of (low, "
                             f"high) pairs, got {padding}") from e
    pref = None if preferred_element_type is None else user_dtype(preferred_element_type)
    out: AnyArray = conv_general_dilated_p.bind(
        lhs, rhs, window_strides=strides, padding=pads, lhs_dilation=lhs_dil, rhs_dilation=rhs_dil,
        dimension_numbers=dnums, feature_group_count=operator.index(feature_group_count),
        batch_group_count=operator.index(batch_group_count), precision=precision, preferred_element_type=pref,
        out_sharding=None)
    return out


# ---------------------------------------------------------------------------------------------------------------
# reduce_window


_MONOID_FUNCTIONS: dict[Callable[..., Any], str] = {add: "add", max: "max", min: "min"}


def _monoid_init_matches(name: str, init: Any) -> bool:
    """Whether a concrete scalar ``init`` is the identity of the monoid (JAX's ``_get_monoid_window_reducer``)."""
    if isinstance(init, Tracer) or np.ndim(init) != 0:
        return False
    a = abstractify(init)
    value = np.asarray(init).item() if not isinstance(init, (bool, int, float, complex)) else init
    if name == "add":
        return bool(value == 0)
    kind_ = registry.INFO[a.name].kind
    if kind_ == "b":
        return bool(value == (name == "min"))
    if kind_ in "iu":
        import ml_dtypes  # noqa: PLC0415 - iinfo of every integer width

        info: Any = ml_dtypes.iinfo(a.dtype)  # type: ignore[no-untyped-call]
        return bool(value == (info.min if name == "max" else info.max))
    return bool(value == (-np.inf if name == "max" else np.inf))


def reduce_window(operand: Any, init_value: Any, computation: Callable[..., Any], window_dimensions: Sequence[int],
                  window_strides: Sequence[int] | None = None, padding: str | Sequence[tuple[int, int]] = "VALID",
                  base_dilation: Sequence[int] | None = None, window_dilation: Sequence[int] | None = None) -> Any:
    """Reduces each window of ``operand`` with ``computation`` from ``init_value`` (several operands as a tuple,
    with a tuple of initial values). ``arraytyping.lax.add``/``max``/``min`` with their identity as the initial
    value are the ``reduce_window_sum``/``max``/``min`` primitives; any other computation is traced over scalars."""
    given: Any = operand
    given_init: Any = init_value
    obj: object = operand
    obj_init: object = init_value
    single = not isinstance(obj, (tuple, list))
    single_init = not isinstance(obj_init, (tuple, list))
    operands: list[Any] = [given] if single else list(given)
    inits: list[Any] = [given_init] if single_init else list(given_init)
    if single != single_init or len(operands) != len(inits):
        raise ValueError("Operands must have the same tree structure as init_values")
    if not operands:
        raise ValueError("reduce_window must have at least one operand.")
    _require_attribute(operands[0], "shape", isinstance(padding, str))  # JAX reads it for a padding type
    window = tuple(map(operator.index, window_dimensions))
    wdil = None if window_dilation is None else tuple(map(operator.index, window_dilation))
    strides = (1,) * len(window) if window_strides is None else tuple(map(operator.index, window_strides))
    if isinstance(padding, str):
        dilated = window if wdil is None else tuple(0 if w == 0 else 1 + d * (w - 1) for w, d in zip(window, wdil))
        pads = padtype_pairs(abstractify(operands[0]).shape, dilated, strides, padding)
    else:
        pads = tuple((operator.index(lo), operator.index(hi)) for lo, hi in padding)
    bdil = (1,) * len(window) if base_dilation is None else tuple(map(operator.index, base_dilation))
    wdil = (1,) * len(window) if wdil is None else wdil
    params: dict[str, Any] = {"window_dimensions": window, "window_strides": strides, "padding": pads,
                              "base_dilation": bdil, "window_dilation": wdil}
    monoid = _MONOID_FUNCTIONS.get(computation)
    if monoid is not None and single and _monoid_init_matches(monoid, inits[0]):
        out: AnyArray = MONOIDS[monoid].bind(operand, **params)
        return out
    outs = bind_reduce_window(operands, inits, computation, single, **params)
    return outs[0] if single else tuple(outs)
