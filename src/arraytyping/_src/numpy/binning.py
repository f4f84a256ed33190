"""Binning and counting: ``digitize`` and ``bincount``, as JAX 0.10.2's ``jax.numpy`` computes them
(``jax/_src/numpy/lax_numpy.py``).

``digitize`` is ``searchsorted`` of the values in the bins (reversed bins searched from the end): int32, its two
operands promoted together first (``op_rules``' ``int32`` family). ``bincount`` adds ones (or the weights) into
``zeros(length)`` at the clipped values with a scatter-add that drops what falls past ``length``: the default
integer, or the weights' dtype (``op_rules.bincount_result``); without a static ``length`` its size is read from the
values, which must then be concrete.
"""

from __future__ import annotations

import operator
from typing import Any, cast

import numpy as np

from arraytyping import op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.trace import ConcretizationTypeError, concrete_value
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import ArrayLike, array_fn, operand, shape_of
from arraytyping._src.numpy.conversion import asarray, zeros, zeros_like
from arraytyping._src.numpy.indexing import getitem, scatter_update
from arraytyping._src.numpy.ordering import searchsorted
from arraytyping._src.numpy.selection import clip, where

__all__ = ["bincount", "digitize"]


def _digitize_body(x: Any, bins: Any, *, right: bool = False, method: str | None = None) -> Any:
    """JAX's ``digitize``: where the last bin is at least the first, ``searchsorted(bins, x)``; otherwise the bins
    reversed, counted from the end."""
    shape = shape_of(bins)
    if len(shape) != 1:
        raise ValueError(f"digitize: bins must be a 1-dimensional array; got bins={bins}")
    if shape[0] == 0:
        return zeros_like(x, dtype=registry.INFO["int32"].dtype)
    side = "right" if not right else "left"
    how = "scan" if method is None else method  # searchsorted's default
    increasing = getitem(bins, -1) >= getitem(bins, 0)
    return where(increasing, searchsorted(bins, x, side=side, method=how),
                 shape[0] - searchsorted(lax.rev(bins, (0,)), x, side=side, method=how))


_digitize = array_fn(_digitize_body, "digitize", call_name="digitize")


def digitize(x: ArrayLike, bins: ArrayLike, right: bool = False, *, method: str | None = None) -> Array:
    """The index of the bin each element of ``x`` falls in (int32): ``bins`` is 1-d and increasing or decreasing;
    with ``right``, an interval holds its right edge instead of its left one."""
    refuse_sequences("digitize", x, bins)
    return _digitize(asarray(x), asarray(bins), right=bool(right), method=method)


def _short(x: Any) -> str:
    """JAX's ``typeof(x).str_short(True, True)`` of an unsharded array: ``f32[3]({})``."""
    return f"{lax.aval_of(x).str_short()}({{}})"


def bincount(x: ArrayLike, weights: ArrayLike | None = None, minlength: int = 0, *,
             length: int | None = None) -> Array:
    """How often each value ``0, 1, ..., length - 1`` occurs in the 1-d integer array ``x`` (negative values count
    as 0, values past ``length`` are dropped), or the sum of the ``weights`` at those positions; ``length`` defaults
    to ``max(minlength, x.max() + 1)``, which needs a concrete ``x``."""
    refuse_sequences("bincount", x)
    x = asarray(x)
    name, weak = operand(x)
    counts_name = op_rules.bincount_result((name, weak), None, config.lattice_config)[0]  # refuses non-integers
    if name == "bool":
        x = lax.convert_element_type(x, registry.INFO["int32"].dtype, False)
    if len(shape_of(x)) != 1:
        raise ValueError("only 1-dimensional input supported.")
    minlength = operator.index(minlength)
    if length is None:
        known = concrete_value(x)
        if known is None:
            aval = lax.aval_of(x)
            raise ConcretizationTypeError(
                f"Abstract tracer value encountered where concrete value is expected: traced array with shape "
                f"{aval.dtype.name}{list(aval.shape)}\nThe error occurred because of argument 'x' of jnp.bincount. "
                f"To avoid this error, pass a static `length` argument.")
        host = np.asarray(known)
        length = max(minlength, host.size and int(max(0, host.max())) + 1)
    else:
        length = operator.index(length)
    if weights is None:
        out_name = counts_name
        w: Any = np.array(1, dtype=registry.INFO[out_name].dtype)
    else:
        if isinstance(cast(object, weights), (list, tuple)):
            raise TypeError(f"Argument '{weights}' of type '{type(weights)}' is not a valid JAX type")
        w = asarray(weights)
        if shape_of(x) != shape_of(w):
            raise ValueError(f"type of weights must match type of x. Got typeof(x)={_short(x)} and "
                             f"typeof(weights)={_short(w)}")
        out_name = op_rules.bincount_result((name, weak), operand(w), config.lattice_config)[0]
    counts = zeros(length, registry.INFO[out_name].dtype)
    return scatter_update(counts, clip(x, 0), w, "add", mode="drop")
