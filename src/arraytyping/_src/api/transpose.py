"""``linear_transpose`` (JAX 0.10.2's ``jax.linear_transpose``): the transpose of a linear function, computed by
transposing its jaxpr (the backward pass of reverse mode without a forward pass)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from arraytyping._src.core.avals import ShapedArray, typematch
from arraytyping._src.core.staging import abstractify, trace_to_jaxpr
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.tree import pytree as tree
from arraytyping._src.tree.partial import Partial

__all__ = ["linear_transpose"]


def _all_inexact(dtypes: list[np.dtype[Any]]) -> bool:
    return all(np.issubdtype(d, np.inexact) for d in dtypes)


def _all_integer(dtypes: list[np.dtype[Any]]) -> bool:
    return all(np.issubdtype(d, np.integer) for d in dtypes)


def linear_transpose(fun: Callable[..., Any], *primals: Any, reduce_axes: tuple[Any, ...] = ()) -> Callable[..., Any]:
    """The transpose of ``fun``, which must be linear in its arguments: ``linear_transpose(fun, *primals)(ct)``
    maps a cotangent ``ct`` of ``fun``'s output (its structure, shapes and dtypes) to the tuple of cotangents of
    its arguments (the structure, shapes and dtypes of ``primals``, which only give types: their values are not
    used). Functions must map floating or complex values to floating or complex ones, or integers to integers; an
    operation that is not linear has no transpose rule (``NotImplementedError``).

    ::

        f_t = linear_transpose(lambda x, y: 2.0 * x - y, 1.0, 1.0)
        f_t(1.0)   # (Array(2., dtype=float32), Array(-1., dtype=float32))
    """
    if reduce_axes:
        raise NotImplementedError("reduce_axes argument to transpose is deprecated")
    primals_flat, in_tree = tree.flatten(primals)
    in_avals = [abstractify(x) for x in primals_flat]
    in_dtypes = [a.dtype for a in in_avals]

    def flat_fun(*xs: Any) -> Any:
        return fun(*tree.unflatten(in_tree, list(xs)))

    closed, out_tree = trace_to_jaxpr(flat_fun, in_avals, "linear_transpose")
    out_avals = list(closed.out_avals)
    out_dtypes = [a.dtype for a in out_avals]
    if not (_all_inexact(in_dtypes + out_dtypes) or _all_integer(in_dtypes + out_dtypes)):
        raise TypeError("linear_transpose only supports [float or complex] -> [float or complex], and integer -> "
                        f"integer functions, but got {in_dtypes} -> {out_dtypes}.")

    def transposed_fun(consts: list[Any], out_cotangent: Any) -> Any:
        out_cts, out_tree2 = tree.flatten(out_cotangent)
        if out_tree != out_tree2:
            raise TypeError(f"cotangent tree does not match function output, expected {out_tree} but got "
                            f"{out_tree2}")
        if not all(typematch(a, _aval_of(c)) for a, c in zip(out_avals, out_cts)):
            raise TypeError(f"cotangent type does not match function output, expected {tuple(out_avals)} but got "
                            f"{out_cts}")
        in_cts = ad.backward_pass(closed.jaxpr, consts, out_cts)
        return tree.unflatten(in_tree, [ad.instantiate_zeros(c) for c in in_cts])

    return Partial(transposed_fun, list(closed.consts))


def _aval_of(x: Any) -> ShapedArray:
    try:
        return abstractify(x)
    except TypeError:
        return ShapedArray((-1,), np.dtype("float32"))  # matches nothing: the caller's message shows the value
