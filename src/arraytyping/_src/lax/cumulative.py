"""The ``cumlogsumexp`` primitive: the running ``log(sum(exp(x)))`` along an axis, with JAX 0.10.2's type rule (a
number operand, its type kept) and its lowering (a ``reduce_window`` of ``logaddexp`` over the whole axis, padded
before it, after it when ``reverse``, with ``-inf``: JAX lowers its function of that name, which refuses integer
operands only there, with its ``ValueError``)."""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.core.staging import trace_to_jaxpr
from arraytyping._src.core.trace import Primitive
from arraytyping._src.lax import lax
from arraytyping._src.lax.operand_checks import kind
from arraytyping._src.lax.windowed_reductions import bind_reduce_window
from arraytyping._src.xla import lowering

__all__ = ["cumlogsumexp_p", "logaddexp"]


def _rule(x: ShapedArray, *, axis: int, reverse: bool) -> list[ShapedArray]:
    if kind(x) not in "iufc":
        raise TypeError(f"cumlogsumexp does not accept dtype {x.name}. Accepted dtypes are subtypes of number.")
    if axis < 0:
        raise ValueError("XLA operations do not allow negative axes")
    if axis >= x.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of shape {x.shape}")
    return [x]


cumlogsumexp_p: Final[Primitive] = Primitive("cumlogsumexp", _rule)


def _c(x: Any, value: Any) -> Any:
    return lax.full((), value, lax.aval_of(x).dtype)


def logaddexp(x1: Any, x2: Any) -> Any:
    """JAX's ``lax.other.logaddexp`` of two operands of one floating or complex dtype: ``log(exp(x1) + exp(x2))``
    without overflow."""
    aval = lax.aval_of(x1)
    amax = lax.max(x1, x2)
    if kind(aval) == "f":
        delta = lax.sub(x1, x2)
        return lax.select_n(lax.ne(delta, delta), lax.add(amax, lax.log1p(lax.exp(lax.neg(lax.abs(delta))))),
                            lax.add(x1, x2))
    if kind(aval) == "c":
        delta = lax.sub(lax.add(x1, x2), lax.mul(amax, _c(amax, 2)))
        out = lax.add(amax, lax.log1p(lax.exp(delta)))
        imag = lax.imag(out)
        a, two_a = _c(imag, np.pi), _c(imag, 2 * np.pi)
        rem = lax.rem(lax.add(imag, a), two_a)
        rem = lax.select_n(lax.lt(rem, _c(imag, 0)), rem, lax.add(rem, two_a))
        return lax.complex(lax.real(out), lax.sub(rem, a))
    raise ValueError(f"logaddexp requires floating-point or complex inputs; got {aval.name}")


def _cumulative(x: Any, *, axis: int, reverse: bool) -> Any:
    """JAX's ``cumred_reduce_window_impl`` of ``logaddexp``."""
    aval = lax.aval_of(x)
    n = aval.shape[axis]
    if n == 0:
        return x
    if kind(aval) in "iu":  # JAX's -inf initial value in an integer dtype
        raise OverflowError("cannot convert float infinity to integer")
    padding = [(0, 0)] * aval.ndim
    padding[axis] = (0, n - 1) if reverse else (n - 1, 0)
    window = tuple(n if d == axis else 1 for d in range(aval.ndim))
    ones = (1,) * aval.ndim
    out, = bind_reduce_window([x], [_c(x, -np.inf)], logaddexp, True, window_dimensions=window,
                              window_strides=ones, padding=tuple(padding), base_dilation=ones, window_dilation=ones)
    return out


def _lower(ctx: lowering.LoweringContext, x: Any, *, axis: int, reverse: bool) -> list[Any]:
    def body(y: Any) -> list[Any]:
        return [_cumulative(y, axis=axis, reverse=reverse)]

    closed, _ = trace_to_jaxpr(body, ctx.avals_in, "cumlogsumexp")
    return lowering.closed_jaxpr_subcomp(ctx.m, closed, [x])


lowering.RULES[cumlogsumexp_p] = _lower
