"""Tensor contractions: ``matmul`` (``@``) and ``dot``, with JAX 0.10.2's ``dot_general`` dtype rule."""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from arraytyping._src.runtime import lax
from arraytyping._src.runtime.numpy._promotion import as_dtype, binary_result, jitted, shape_of
from arraytyping._src.runtime.numpy.binary import multiply


def _matmul_body(a: Any, b: Any) -> Any:
    """JAX's ``matmul``: vectors contract directly (no reshapes), batch dimensions of size 1 are squeezed, one
    ``dot_general`` then a transpose into numpy's output order. Unlike JAX, operands are first converted to their
    common dtype (our ``dot_general`` takes one dtype). The dtype is JAX's matmul rule (``op_rules``)."""
    if not shape_of(a) or not shape_of(b):  # first, as in JAX (a Python scalar arrives here as a 0-d tracer)
        raise ValueError("matmul: operands must be at least 1-dimensional (use multiply for scalars)")
    dtype, weak = binary_result("matmul", a, b)
    a, b = as_dtype(a, dtype, weak), as_dtype(b, dtype, weak)
    sa, sb = shape_of(a), shape_of(b)
    a_is_mat, b_is_mat = len(sa) > 1, len(sb) > 1
    if sa[-1] != (sb[-2] if b_is_mat else sb[0]):
        raise ValueError(f"matmul: contracting dimensions differ: {sa} @ {sb}")
    a_bd: tuple[int | None, ...] = sa[:-2] if a_is_mat else ()
    b_bd: tuple[int | None, ...] = sb[:-2] if b_is_mat else ()
    nb = builtins.max(len(a_bd), len(b_bd))
    a_bd = (None,) * (nb - len(a_bd)) + a_bd
    b_bd = (None,) * (nb - len(b_bd)) + b_bd
    a_squeeze: list[int] = []
    b_squeeze: list[int] = []
    both_squeeze: list[int] = []
    a_batch: list[int] = []
    b_batch: list[int] = []
    idx_batch: list[int] = []
    idx_a: list[int] = []
    idx_b: list[int] = []
    for i, (da, db) in enumerate(zip(a_bd, b_bd)):
        if da is None:
            idx_b.append(i)
        elif db is None:
            idx_a.append(i)
        elif da == 1 and db == 1:
            a_squeeze.append(len(idx_batch) + len(idx_a) + len(a_squeeze))
            b_squeeze.append(len(idx_batch) + len(idx_b) + len(b_squeeze))
            both_squeeze.append(i)
        elif da == 1:
            idx_b.append(i)
            a_squeeze.append(len(idx_batch) + len(idx_a) + len(a_squeeze))
        elif db == 1:
            idx_a.append(i)
            b_squeeze.append(len(idx_batch) + len(idx_b) + len(b_squeeze))
        elif da == db:
            a_batch.append(len(idx_batch) + len(idx_a))
            b_batch.append(len(idx_batch) + len(idx_b))
            idx_batch.append(i)
        else:
            raise ValueError(f"matmul: batch dimensions do not broadcast: {sa} @ {sb}")
    if a_is_mat:
        idx_a.append(nb)
    if b_is_mat:
        idx_b.append(nb + a_is_mat)
    perm = tuple(int(p) for p in np.argsort(np.array(idx_batch + idx_a + idx_b, dtype=np.int64)))
    a, b = lax.squeeze(a, a_squeeze), lax.squeeze(b, b_squeeze)
    nda, ndb = len(shape_of(a)), len(shape_of(b))
    dn = (((nda - 1,), (ndb - 1 - b_is_mat,)), (tuple(a_batch), tuple(b_batch)))
    out = lax.transpose(lax.dot_general(a, b, dn, dtype), perm)
    if both_squeeze:
        s = shape_of(out)
        out_shape = list(s)
        for d in both_squeeze:
            out_shape.insert(d, 1)
        out = lax.broadcast_in_dim(out, tuple(out_shape), tuple(i for i in range(len(out_shape))
                                                                 if i not in both_squeeze))
    return lax.convert_element_type(out, dtype, weak)


_matmul = jitted(_matmul_body, "matmul")


def matmul(a: Any, b: Any) -> Any:
    """The matrix product of ``a`` and ``b`` (``@``), with JAX's ``matmul`` dtype rule. JAX's keyword-only
    ``precision``/``preferred_element_type``/``out_sharding`` are not supported."""
    return _matmul(a, b)


def _dot_body(a: Any, b: Any) -> Any:
    dtype, weak = binary_result("dot", a, b)  # JAX's dot rule: also for a scalar operand, unlike multiply's
    if not shape_of(a) or not shape_of(b):
        return lax.convert_element_type(multiply(a, b), dtype, weak)
    if len(shape_of(b)) > 2:
        raise NotImplementedError("dot with an operand of rank > 2; use matmul or einsum-style reshapes")
    return _matmul_body(a, b)


_dot = jitted(_dot_body, "dot")


def dot(a: Any, b: Any) -> Any:
    """The dot product of ``a`` and ``b`` (a product for scalars), with ``multiply``'s dtype rule. JAX's
    keyword-only ``precision``/``preferred_element_type``/``out_sharding`` are not supported."""
    return _dot(a, b)
