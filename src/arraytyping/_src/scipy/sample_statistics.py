"""``jax.scipy.stats``' functions of samples as JAX 0.10.2 computes them (``jax/_src/scipy/stats/_core.py``):
``mode``, ``rankdata`` and ``sem``."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from arraytyping import lattice
from arraytyping._src import numpy as jnp
from arraytyping._src.core.annotations import AnyArray, ArrayLike
from arraytyping._src.core.arraylike import check_arraylike
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.lax.api.indexing import sort_key_val
from arraytyping._src.lax.control_flow.conditionals import cond
from arraytyping._src.interpreters.batching.vmap import vmap
from arraytyping._src.numpy._promotion import jitted, shape_of
from arraytyping._src.scipy.fft import canonicalize_axis
from arraytyping._src.scipy.stats._util import promoted

__all__ = ["ModeResult", "mode", "rankdata", "sem"]


def _default_float() -> np.dtype[Any]:
    dtype: np.dtype[Any] = registry.INFO[lattice.default_name("f", config.x64)].dtype
    return dtype


def _nan_policy(name: str, nan_policy: str) -> None:
    if nan_policy not in ["propagate", "omit", "raise"]:
        raise ValueError(f"Illegal nan_policy value {nan_policy!r}; expected one of {{'propagate', 'omit', 'raise'}}")
    if nan_policy == "omit":
        raise NotImplementedError(f"Logic for `nan_policy` of {nan_policy} is not implemented")
    if nan_policy == "raise":
        raise NotImplementedError(f"In order to best JIT compile `{name}`, we cannot know whether `x` contains nans. "
                                  f"Please check if nans exist in `x` outside of the `{name}` function.")


def _invert_permutation(i: Any) -> Any:
    return jnp.empty_like(i).at[i].set(jnp.arange(shape_of(i)[0], dtype=np.dtype(i.dtype)))


def rankdata(a: ArrayLike, method: str = "average", *, axis: int | None = None,
             nan_policy: str = "propagate") -> AnyArray:
    """The ranks of the samples (from 1), ties given by ``method``: ``'average'`` (default), ``'min'``, ``'max'``,
    ``'dense'`` or ``'ordinal'``; of the default float dtype, all NaN where a sample is NaN; over the flattened
    array, or along ``axis``.

    Args:
        a: the samples.
        method: how ties are ranked.
        axis: rank along this axis (``None``: the flattened array).
        nan_policy: ``'propagate'`` alone (the others raise, as in JAX).

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import stats
        >>> stats.rankdata(jnp.array([10, 30, 20, 20]))
        Array([1. , 4. , 2.5, 2.5], dtype=float32)
    """
    check_arraylike("rankdata", a)
    _nan_policy("rankdata", nan_policy)
    if method not in ("average", "min", "max", "dense", "ordinal"):
        raise ValueError(f"unknown method '{method}'")
    if axis is not None:
        along: AnyArray = jnp.apply_along_axis(rankdata, axis, a, method)
        return along
    arr = jnp.ravel(a)
    out_dtype = _default_float()

    def ranks(v: Any) -> Any:
        size = shape_of(v)[0]
        sorted_v, sorter = sort_key_val(v, jnp.arange(size))
        inv = _invert_permutation(sorter)
        if method == "ordinal":
            return (inv + 1).astype(out_dtype)
        obs = jnp.concatenate([jnp.array([True]), sorted_v[1:] != sorted_v[:-1]])
        dense = obs.cumsum()[inv]
        if method == "dense":
            return dense.astype(out_dtype)
        count = jnp.nonzero(obs, size=size + 1, fill_value=size)[0].astype(out_dtype)
        if method == "max":
            return count[dense]
        if method == "min":
            return count[dense - 1] + 1
        return .5 * (count[dense] + count[dense - 1] + 1)

    def all_nan(v: Any) -> Any:
        return jnp.full_like(v, np.nan, out_dtype)

    out: AnyArray = cond(jnp.any(jnp.isnan(arr)), all_nan, ranks, arr)
    return out


def sem(a: ArrayLike, axis: int | None = 0, ddof: int = 1, nan_policy: str = "propagate", *,
        keepdims: bool = False) -> AnyArray:
    """The standard error of the mean along ``axis`` (all with ``None``): ``std(a, ddof=ddof) / sqrt(n)``; with
    ``nan_policy='omit'``, of the non-NaN samples.

    Args:
        a: the samples.
        axis: the axis reduced (``None``: all).
        ddof: the delta degrees of freedom of the standard deviation.
        nan_policy: ``'propagate'`` or ``'omit'`` (others: ``ValueError``).
        keepdims: keep the reduced axis with length 1.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import stats
        >>> stats.sem(jnp.array([1.0, 2.0, 3.0]))
        Array(0.57735026, dtype=float32)
    """
    (b,) = promoted("sem", a)
    if nan_policy == "propagate":
        size = math.prod(shape_of(b)) if axis is None else shape_of(b)[axis]
        out: AnyArray = b.std(axis, ddof=ddof, keepdims=keepdims) / jnp.sqrt(size).astype(np.dtype(b.dtype))
        return out
    if nan_policy == "omit":
        count = (~jnp.isnan(b)).sum(axis, keepdims=keepdims)
        omitted: AnyArray = (jnp.nanstd(b, axis, ddof=ddof, keepdims=keepdims)
                             / jnp.sqrt(count).astype(np.dtype(b.dtype)))
        return omitted
    raise ValueError(f"{nan_policy} is not supported")


class ModeResult(NamedTuple):
    """What :func:`mode` returns: the modal values and how often each occurs."""

    mode: AnyArray
    """The most common value along the axis (the smallest of those tied)."""
    count: AnyArray  # type: ignore[assignment]  # a field named as tuple's count method, as JAX's and SciPy's
    """How many times it occurs."""


def mode(a: ArrayLike, axis: int | None = 0, nan_policy: str = "propagate", keepdims: bool = False) -> ModeResult:
    """The most common value along ``axis`` (the flattened array with ``None``) and its count, as JAX's
    ``jax.scipy.stats.mode``: the smallest value among those tied, ``a``'s dtype and an integer count (an empty
    axis gives NaN and a count of 0, both of the default float dtype).

    Args:
        a: the samples (a scalar is taken as one sample).
        axis: the axis reduced (``None``: all).
        nan_policy: ``'propagate'`` alone (``'omit'`` and ``'raise'`` raise ``NotImplementedError``, as in JAX).
        keepdims: keep the reduced axis with length 1.

    Example:
        >>> from arraytyping import numpy as jnp
        >>> from arraytyping.scipy import stats
        >>> stats.mode(jnp.array([2, 4, 1, 1, 3, 4, 4, 2, 3]))
        ModeResult(mode=Array(4, dtype=int32), count=Array(3, dtype=int32))
    """
    check_arraylike("mode", a)
    _nan_policy("mode", nan_policy)
    result: ModeResult = _mode(a, axis=axis, keepdims=keepdims)
    return result


def _mode_body(a: Any, *, axis: int | None, keepdims: bool) -> ModeResult:
    x = jnp.atleast_1d(a)
    shape = shape_of(x)
    if axis is not None:
        axis = canonicalize_axis(axis, len(shape))
    if keepdims:
        out_shape = tuple(1 for _ in shape) if axis is None else tuple(1 if i == axis else s
                                                                        for i, s in enumerate(shape))
    else:
        out_shape = () if axis is None else tuple(s for i, s in enumerate(shape) if i != axis)
    if axis is None:
        axis = 0
        x = jnp.ravel(x)

    def one(v: Any) -> tuple[Any, Any]:
        size = shape_of(v)[0]
        if size == 0:
            return jnp.array(np.nan, dtype=_default_float()), jnp.array(0, dtype=_default_float())
        vals, counts = jnp.unique(v, return_counts=True, size=size)
        return vals[jnp.argmax(counts)], counts.max()

    x = jnp.moveaxis(x, axis, 0)
    moved = shape_of(x)
    x = x.reshape(moved[0], math.prod(moved[1:]))
    vals, counts = vmap(one, in_axes=1)(x)
    return ModeResult(vals.reshape(out_shape), counts.reshape(out_shape))


_mode = jitted(_mode_body, "mode", call_name="mode")
