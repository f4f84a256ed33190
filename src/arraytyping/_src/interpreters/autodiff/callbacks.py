"""The JVP rules of the host callbacks of :mod:`arraytyping._src.lax.callbacks`, as JAX 0.10.2's: a debug callback
sees the primal values only (it runs once, in the forward pass); ``pure_callback`` and ``io_callback`` cannot be
differentiated (JAX's ``ValueError``s; ``custom_jvp`` gives a pure callback a derivative). ``dce_sink`` is linear
(JAX's ``deflinear``: its transpose is nothing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arraytyping._src.lax import callbacks as C
from arraytyping._src.interpreters.autodiff import ad

__all__: list[str] = []


def _debug_jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[list[Any], list[Any]]:
    C.debug_callback_p.bind(*primals, **params)
    return [], []


def _pure_jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[list[Any], list[Any]]:
    raise ValueError("Pure callbacks do not support JVP. Please use `jax.custom_jvp` to use callbacks while taking "
                     "gradients.")


def _io_jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[list[Any], list[Any]]:
    raise ValueError("IO callbacks do not support JVP.")


ad.jvp_rules[C.debug_callback_p] = _debug_jvp
ad.jvp_rules[C.pure_callback_p] = _pure_jvp
ad.jvp_rules[C.io_callback_p] = _io_jvp


def _dce_sink_jvp(primals: Sequence[Any], tangents: Sequence[Any], **params: Any) -> tuple[list[Any], list[Any]]:
    """JAX's ``deflinear``: a sink on the primal and one on a nonzero tangent (transposed to nothing)."""
    C.dce_sink_p.bind(*primals, **params)
    if not all(type(t) is ad.Zero for t in tangents):
        C.dce_sink_p.bind(*[ad.instantiate_zeros(t) for t in tangents], **params)
    return [], []


def _dce_sink_transpose(cts: Any, x: Any, **params: Any) -> list[Any]:
    return [ad.Zero(x.aval) if type(x) is ad.UndefinedPrimal else None]


ad.jvp_rules[C.dce_sink_p] = _dce_sink_jvp
ad.transpose_rules[C.dce_sink_p] = _dce_sink_transpose
