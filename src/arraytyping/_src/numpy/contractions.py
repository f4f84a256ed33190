"""Products and tensor contractions: ``matmul`` (``@``), ``dot``, ``vdot``, ``inner``, ``outer``, ``tensordot``,
``kron`` and ``cross``, with JAX 0.10.2's dtype rules (``binary_result``'s ``dot`` and
:data:`arraytyping.op_rules.CONTRACTION`); and the sliding products of one-dimensional arrays, ``convolve`` and
``correlate``, as JAX 0.10.2 computes them (``_conv`` in ``jax/_src/numpy/lax_numpy.py``): the operands promoted to
an inexact dtype (``promote_dtypes_inexact``; with ``preferred_element_type``, ``promote_dtypes`` and that
accumulation dtype), the shorter one slid over the longer (flipped for a convolution, conjugated for a correlation)
by ``lax.conv_general_dilated``, padded for the ``mode``: ``'full'``, ``'same'`` (the first operand's length) or
``'valid'``."""

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from arraytyping import lattice, op_rules
from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import refuse_sequences
from arraytyping._src.core.staging import ConstVal
from arraytyping._src.lax import lax
from arraytyping._src.lax.api.functions import conv_general_dilated
from arraytyping._src.numpy._promotion import (
    ArrayLike, arraylike, as_dtype, binary_result, broadcast_to_shape, common_dtype, jitted, operand, promote_args,
    canonical_dtype, kind_of, promote_args_inexact, shape_of, to_inexact_dtype, traced_const,
)
from arraytyping._src.core.trace import ConcretizationTypeError, concrete_value
from arraytyping._src.lax.operand_checks import numpy_broadcast
from arraytyping._src.numpy.binary import maximum, multiply, subtract, true_divide
from arraytyping._src.numpy.conversion import asarray, astype, default_dtype, full, zeros
from arraytyping._src.numpy.creation import arange, diag
from arraytyping._src.numpy.reductions import average
from arraytyping._src.numpy.selection import clip
from arraytyping._src.numpy.shape import atleast_2d, squeeze
from arraytyping._src.numpy.editing import trim_zeros
from arraytyping._src.numpy.joining import concatenate
from arraytyping._src.numpy.shape import canonicalize_axis, moveaxis
from arraytyping._src.numpy.unary import abs, conj, imag, real, sqrt
from arraytyping._src.numpy.vectorize import vectorize
from arraytyping.typing import DTypeLike


def contraction_result(fn: str, *args: Any) -> tuple[np.dtype[Any], bool]:
    """The dtype and weak flag of product ``fn`` of ``args`` (:func:`arraytyping.op_rules.contraction_result`),
    its errors naming the operand dtypes."""
    operands = tuple(operand(a) for a in args)
    try:
        name, weak = op_rules.contraction_result(fn, operands, config.lattice_config)
    except lattice.TypePromotionError as e:
        raise lattice.TypePromotionError(f"{fn}: {e}", e.nodes, e.config) from None
    except (op_rules.OperandTypeError, op_rules.OperandValueError) as e:
        raise type(e)(f"{e} (operands: {', '.join(n + (' (weak)' if w else '') for n, w in operands)})") from None
    return registry.INFO[name].dtype, weak


def _type_str(x: Any) -> str:
    """``float32[2,3]``: an operand's type as JAX's messages print it."""
    return f"{operand(x)[0]}[{','.join(map(str, shape_of(x)))}]"


def _matmul_body(a: Any, b: Any) -> Any:
    """JAX's ``matmul``: vectors contract directly (no reshapes), batch dimensions of size 1 are squeezed, one
    ``dot_general`` then a transpose into numpy's output order. Unlike JAX, operands are first converted to their
    common dtype (our ``dot_general`` takes one dtype). The dtype is JAX's matmul rule (``op_rules``)."""
    for i, x in enumerate((a, b)):  # first, as in JAX (a Python scalar arrives here as a 0-d tracer)
        if not shape_of(x):
            raise ValueError(f"matmul input operand {i} must have ndim at least 1, but it has ndim 0")
    types = f"{_type_str(a)} and {_type_str(b)}"
    dtype, weak = binary_result("matmul", a, b)
    a, b = as_dtype(a, dtype, weak), as_dtype(b, dtype, weak)
    sa, sb = shape_of(a), shape_of(b)
    a_is_mat, b_is_mat = len(sa) > 1, len(sb) > 1
    if sa[-1] != (sb[-2] if b_is_mat else sb[0]):
        raise TypeError(f"dot_general requires contracting dimensions to have the same shape, got "
                        f"{(sa[-1],)} and {((sb[-2] if b_is_mat else sb[0]),)}.")
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
            raise ValueError(f"Incompatible types for matmul arguments: {types}")
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
    refuse_sequences("matmul", a, b)
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
    refuse_sequences("dot", a, b)
    return _dot(a, b)


def ensure_array(x: Any, fn: str) -> Any:
    """JAX's ``ensure_arraylike``: an array (a Python scalar becomes a weakly typed one); lists are refused."""
    return promote_args(arraylike(x, fn))[0]


def _contract(fn: str, a: Any, b: Any, contracting: tuple[tuple[int, ...], tuple[int, ...]]) -> Any:
    """``dot_general`` of ``a`` and ``b`` over ``contracting`` (no batch dimensions) with JAX's ``dot`` rule:
    ``result_type`` of the operands as ``preferred_element_type``, then the weak flag."""
    dtype, weak = contraction_result(fn, a, b)
    return lax.convert_element_type(lax.dot_general(a, b, (contracting, ((), ())), dtype), dtype, weak)


def _vdot_body(a: Any, b: Any) -> Any:
    a, b = ensure_array(a, "vdot"), ensure_array(b, "vdot")
    if lax.aval_of(a).name.startswith("complex"):
        a = lax.conj(a)
    a = lax.reshape(a, (math.prod(shape_of(a)),))
    b = lax.reshape(b, (math.prod(shape_of(b)),))
    return _contract("vdot", a, b, ((0,), (0,)))


_vdot = jitted(_vdot_body, "vdot")


def vdot(a: ArrayLike, b: ArrayLike) -> Array:
    """The dot product of ``a`` and ``b`` flattened, ``a`` conjugated when complex (JAX's ``dot`` dtype rule).
    JAX's ``precision``/``preferred_element_type`` are not supported."""
    refuse_sequences("vdot", a, b)
    out: Array = _vdot(a, b)
    return out


def vecdot(a: ArrayLike, b: ArrayLike, *, axis: int = -1) -> Array:
    """The conjugate dot product of ``a`` and ``b`` along ``axis`` (sizes must match), the other dimensions
    broadcast: JAX's ``vectorize`` of ``vdot`` with signature ``(n),(n)->()`` (``vdot``'s dtype rule). JAX's
    ``precision``/``preferred_element_type`` are not supported; its operands are positional-only ``x1``, ``x2``."""
    a, b = ensure_array(a, "jnp.vecdot"), ensure_array(b, "jnp.vecdot")
    if shape_of(a)[axis] != shape_of(b)[axis]:
        raise ValueError(f"axes must match; got shapes {shape_of(a)} and {shape_of(b)} with axis={axis}")
    a, b = moveaxis(a, axis, -1), moveaxis(b, axis, -1)
    out: Array = vectorize(vdot, signature="(n),(n)->()")(a, b)
    return out


def _matvec_body(x1: Any, x2: Any) -> Any:
    return vectorize(matmul, signature="(n,m),(m)->(n)")(x1, x2)


def _vecmat_body(x1: Any, x2: Any) -> Any:
    return vectorize(matmul, signature="(n),(n,m)->(m)")(conj(x1), x2)


_matvec = jitted(_matvec_body, "matvec", arrays=2)
_vecmat = jitted(_vecmat_body, "matvec", arrays=2)  # JAX's vecmat checks its operands under matvec's name


def matvec(a: ArrayLike, b: ArrayLike) -> Array:
    """The batched matrix-vector product of ``a`` (``[..., n, m]``) and ``b`` (``[..., m]``): JAX's jitted
    ``vectorize`` of ``matmul`` with signature ``(n,m),(m)->(n)`` (``matmul``'s dtype rule)."""
    out: Array = _matvec(a, b)
    return out


def vecmat(a: ArrayLike, b: ArrayLike) -> Array:
    """The batched conjugate vector-matrix product of ``a`` (``[..., n]``) and ``b`` (``[..., n, m]``): JAX's
    jitted ``vectorize`` of ``matmul`` of ``conj(a)`` with signature ``(n),(n,m)->(m)``."""
    out: Array = _vecmat(a, b)
    return out


def _tensordot_body(a: Any, b: Any, *, axes: int | tuple[Any, ...]) -> Any:
    a, b = ensure_array(a, "tensordot"), ensure_array(b, "tensordot")
    common_dtype(a, b)  # result_type's errors first, as JAX (dot_general's checks come after the axes')
    na, nb = len(shape_of(a)), len(shape_of(b))
    contracting: tuple[tuple[int, ...], tuple[int, ...]]
    if type(axes) is int:
        if axes > builtins.min(na, nb):
            raise TypeError(f"Number of tensordot axes (axes {axes}) exceeds input ranks ({shape_of(a)} and "
                            f"{shape_of(b)})")
        contracting = tuple(range(na - axes, na)), tuple(range(axes))
    elif isinstance(axes, tuple) and len(axes) == 2:  # lists are tuples here (static arguments)
        ax1, ax2 = axes
        if isinstance(ax1, int) and isinstance(ax2, int):
            contracting = (canonicalize_axis(ax1, na),), (canonicalize_axis(ax2, nb),)
        elif isinstance(ax1, tuple) and isinstance(ax2, tuple):
            l1, l2 = cast(tuple[int, ...], ax1), cast(tuple[int, ...], ax2)
            if len(l1) != len(l2):
                raise TypeError(f"tensordot requires axes lists to have equal length, got {l1} and {l2}.")
            contracting = (tuple(canonicalize_axis(i, na) for i in l1), tuple(canonicalize_axis(i, nb) for i in l2))
        else:
            raise TypeError(f"tensordot requires both axes lists to be either ints, tuples or lists, got {ax1} "
                            f"and {ax2}")
    else:
        raise TypeError("tensordot axes argument must be an int, a pair of ints, or a pair of lists/tuples of "
                        "ints.")
    return _contract("tensordot", a, b, contracting)


_tensordot = jitted(_tensordot_body, "tensordot")


def _static_axes(axes: Any) -> Any:
    """``axes`` as a hashable static argument (lists become tuples; ``int`` stays ``int`` as JAX tests it)."""
    if isinstance(axes, (list, tuple)):
        return tuple(_static_axes(a) for a in cast(Sequence[Any], axes))
    return axes


def tensordot(a: ArrayLike, b: ArrayLike, axes: int | Sequence[int] | Sequence[Sequence[int]] = 2) -> Array:
    """The sum of products of ``a`` and ``b`` over ``axes``: the last ``axes`` of ``a`` with the first of ``b``, or
    the pair of axis lists given. JAX's ``precision``/``preferred_element_type`` are not supported."""
    refuse_sequences("tensordot", a, b)
    out: Array = _tensordot(a, b, axes=_static_axes(axes))
    return out


def _inner_body(a: Any, b: Any) -> Any:
    a, b = ensure_array(a, "inner"), ensure_array(b, "inner")
    if not shape_of(a) or not shape_of(b):
        return multiply(a, b)
    return _tensordot_body(a, b, axes=(-1, -1))


_inner = jitted(_inner_body, "inner")


def inner(a: ArrayLike, b: ArrayLike) -> Array:
    """The sum of products over the last axes of ``a`` and ``b`` (their product when one is a scalar)."""
    refuse_sequences("inner", a, b)
    out: Array = _inner(a, b)
    return out


def _outer_body(a: Any, b: Any) -> Any:
    contraction_result("outer", a, b)
    a, b = promote_args(a, b)
    a = lax.reshape(a, (math.prod(shape_of(a)), 1))
    b = lax.reshape(b, (1, math.prod(shape_of(b))))
    return multiply(a, b)


_outer = jitted(_outer_body, "outer")


def outer(a: ArrayLike, b: ArrayLike, out: None = None) -> Array:
    """The outer product of ``a`` and ``b`` flattened, in their promoted dtype."""
    refuse_sequences("outer", a, b)
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.outer is not supported.")
    result: Array = _outer(a, b)
    return result


def _kron_body(a: Any, b: Any) -> Any:
    dtype, weak = contraction_result("kron", a, b)
    a, b = as_dtype(ensure_array(a, "kron"), dtype, weak), as_dtype(ensure_array(b, "kron"), dtype, weak)
    na, nb = len(shape_of(a)), len(shape_of(b))
    if na < nb:
        a = lax.expand_dims(a, tuple(range(nb - na)))
    elif nb < na:
        b = lax.expand_dims(b, tuple(range(na - nb)))
    sa, sb = shape_of(a), shape_of(b)
    a = lax.expand_dims(a, tuple(range(1, 2 * len(sa), 2)))
    b = lax.expand_dims(b, tuple(range(0, 2 * len(sb), 2)))
    out = multiply(a, b)
    return lax.reshape(out, tuple(x * y for x, y in zip(sa, sb)))


_kron = jitted(_kron_body, "kron", call_name="kron")


def kron(a: ArrayLike, b: ArrayLike) -> Array:
    """The Kronecker product of ``a`` and ``b`` (the lower rank padded with leading axes), in their promoted
    dtype; bool is refused, as by JAX's ``lax.mul``."""
    refuse_sequences("kron", a, b)
    out: Array = _kron(a, b)
    return out


def _cross_body(a: Any, b: Any, *, axisa: int, axisb: int, axisc: int) -> Any:
    # a numpy operand is a host constant under the trace: made a tracer, as the indexing below needs
    a, b = ensure_array(a, "cross"), ensure_array(b, "cross")
    a, b = (traced_const(v.val, v.aval, a, b) if isinstance(v, ConstVal) else v for v in (a, b))
    a = _moveaxis_body(a, axisa)
    b = _moveaxis_body(b, axisb)
    da, db = shape_of(a)[-1], shape_of(b)[-1]
    if da not in (2, 3) or db not in (2, 3):
        raise ValueError("Dimension must be either 2 or 3 for cross product")
    contraction_result("cross", a, b)
    if da == 2 and db == 2:
        return subtract(multiply(a[..., 0], b[..., 1]), multiply(a[..., 1], b[..., 0]))
    a0, a1, b0, b1 = a[..., 0], a[..., 1], b[..., 0], b[..., 1]
    a2 = a[..., 2] if da == 3 else lax.full(shape_of(a0), 0, lax.aval_of(a0).dtype, lax.aval_of(a0).weak_type)
    b2 = b[..., 2] if db == 3 else lax.full(shape_of(b0), 0, lax.aval_of(b0).dtype, lax.aval_of(b0).weak_type)
    parts = [subtract(multiply(a1, b2), multiply(a2, b1)), subtract(multiply(a2, b0), multiply(a0, b2)),
             subtract(multiply(a0, b1), multiply(a1, b0))]
    dtype, _ = common_dtype(*parts)
    c = lax.concatenate([lax.expand_dims(as_dtype(p, dtype, False), (0,)) for p in parts], 0)  # jnp.array: strong
    n = len(shape_of(c))
    dest = canonicalize_axis(axisc, n)
    perm = list(range(1, n))
    perm.insert(dest, 0)
    return lax.transpose(c, tuple(perm))


def _moveaxis_body(a: Any, source: int) -> Any:
    n = len(shape_of(a))
    if n == 0:
        raise ValueError(f"axis {source} is out of bounds for array of dimension 0")
    s = canonicalize_axis(source, n)
    return lax.transpose(a, tuple([i for i in range(n) if i != s] + [s]))


_cross = jitted(_cross_body, "cross")


def cross(a: ArrayLike, b: ArrayLike, axisa: int = -1, axisb: int = -1, axisc: int = -1, axis: int | None = None
          ) -> Array:
    """The cross product of 2- or 3-vectors along ``axisa``/``axisb`` (``axis`` sets all three), put along
    ``axisc``; two 2-vectors give the scalar z component."""
    if axis is not None:
        axisa = axisb = axisc = axis
    out: Array = _cross(a, b, axisa=operator.index(axisa), axisb=operator.index(axisb),
                        axisc=operator.index(axisc))
    return out



def _conv_body(x: Any, y: Any, *, mode: str, op: str, preferred_element_type: DTypeLike | None) -> Any:
    if len(shape_of(x)) != 1 or len(shape_of(y)) != 1:
        raise ValueError(f"{op}() only support 1-dimensional inputs.")
    x, y = promote_args_inexact(x, y) if preferred_element_type is None else promote_args(x, y)
    if shape_of(x)[0] == 0 or shape_of(y)[0] == 0:
        raise ValueError(f"{op}: inputs cannot be empty, got shapes {shape_of(x)} and {shape_of(y)}.")
    reverse = False
    if op == "correlate":
        y = conj(y)
        if shape_of(x)[0] < shape_of(y)[0]:
            x, y = y, x
            reverse = True
    else:
        if shape_of(x)[0] < shape_of(y)[0]:
            x, y = y, x
        y = lax.rev(y, (0,))
    n = shape_of(y)[0]
    if mode == "valid":
        padding = [(0, 0)]
    elif mode == "same":
        padding = [(n // 2, n - n // 2 - 1)]
    elif mode == "full":
        padding = [(n - 1, n - 1)]
    else:
        raise ValueError("mode must be one of ['full', 'same', 'valid']")
    result = conv_general_dilated(lax.reshape(x, (1, 1, shape_of(x)[0])), lax.reshape(y, (1, 1, n)), (1,), padding,
                                  preferred_element_type=preferred_element_type)
    out = lax.reshape(result, (shape_of(result)[2],))
    return lax.rev(out, (0,)) if reverse else out


def _convolve_body(x: Any, y: Any, *, mode: str, preferred_element_type: DTypeLike | None) -> Any:
    return _conv_body(x, y, mode=mode, op="convolve", preferred_element_type=preferred_element_type)


def _correlate_body(x: Any, y: Any, *, mode: str, preferred_element_type: DTypeLike | None) -> Any:
    return _conv_body(x, y, mode=mode, op="correlate", preferred_element_type=preferred_element_type)


_convolve = jitted(_convolve_body, "convolve", call_name="convolve", arrays=2)
_correlate = jitted(_correlate_body, "correlate", call_name="correlate", arrays=2)


def convolve(a: ArrayLike, v: ArrayLike, mode: str = "full", *, precision: None = None,
             preferred_element_type: DTypeLike | None = None) -> Array:
    """The discrete convolution of two one-dimensional arrays: ``c[k] = sum_j a[k - j] v[j]``, over the ``'full'``
    overlap (by default), the first operand's length (``'same'``) or where they overlap entirely (``'valid'``).
    ``precision`` other than None is not supported."""
    out: Array = _convolve(arraylike(a, "convolve"), arraylike(v, "convolve"), mode=mode,
                              preferred_element_type=preferred_element_type)
    return out


def correlate(a: ArrayLike, v: ArrayLike, mode: str = "valid", *, precision: None = None,
              preferred_element_type: DTypeLike | None = None) -> Array:
    """The cross-correlation of two one-dimensional arrays: ``c[k] = sum_j a[k + j] conj(v[j])``, where they
    overlap entirely (``'valid'``, by default), over the ``'full'`` overlap or the first operand's length
    (``'same'``). ``precision`` other than None is not supported."""
    out: Array = _correlate(arraylike(a, "correlate"), arraylike(v, "correlate"), mode=mode,
                               preferred_element_type=preferred_element_type)
    return out


# Polynomials (JAX 0.10.2's jax/_src/numpy/polynomial.py): coefficient arrays, highest power first.


def _dtypes_only(*args: Any, inexact: bool = False) -> list[Any]:
    """JAX's ``promote_dtypes`` (``promote_dtypes_inexact`` with ``inexact``): the common dtype and weak flag,
    without rank promotion."""
    dtype, weak = common_dtype(*args)
    return [as_dtype(a, to_inexact_dtype(dtype) if inexact else dtype, weak) for a in args]


def _polyval_body(p: Any, x: Any, *, unroll: int) -> Any:
    p_arr, x_arr = _dtypes_only(p, x)
    shape = tuple(numpy_broadcast(shape_of(p_arr)[1:], shape_of(x_arr)))
    y = zeros(shape, dtype=lax.aval_of(x_arr).dtype)  # strong, as JAX's lax.full_like with a dtype
    for i in range(shape_of(p_arr)[0] if shape_of(p_arr) else 0):
        y = y * x_arr + p_arr[i]
    return y


_polyval = jitted(_polyval_body, "polyval", arrays=2)


def polyval(p: ArrayLike, x: ArrayLike, *, unroll: int = 16) -> Array:
    """The polynomial with coefficients ``p`` (highest power first) evaluated at ``x`` by Horner's rule,
    in ``p`` and ``x``'s promoted dtype.

    Args:
        p: the coefficients, along the first axis (further axes broadcast with ``x``).
        x: the points.
        unroll: accepted as JAX's loop unrolling (the result does not depend on it).

    Example: ``polyval(jnp.array([1.0, 2.0, 3.0]), 2.0)`` is ``1*4 + 2*2 + 3 = 11.0``.
    """
    operator.index(unroll)
    out: Array = _polyval(p, x, unroll=unroll)
    return out


def _polyadd_body(a1: Any, a2: Any) -> Any:
    a1_arr, a2_arr = _dtypes_only(a1, a2)
    n1, n2 = shape_of(a1_arr)[0], shape_of(a2_arr)[0]
    if n2 <= n1:
        return a1_arr.at[-n2:].add(a2_arr)
    return a2_arr.at[-n1:].add(a1_arr)


def _polysub_body(a1: Any, a2: Any) -> Any:
    return _polyadd_body(a1, lax.neg(_dtypes_only(a1, a2)[1]))  # (a host constant too: no unary minus)


_polyadd = jitted(_polyadd_body, "polyadd", arrays=2)
_polysub = jitted(_polysub_body, "polysub", arrays=2)


def polyadd(a1: ArrayLike, a2: ArrayLike) -> Array:
    """The sum of two polynomials (coefficient arrays, highest power first; the shorter aligned to the end).

    Example: ``polyadd(jnp.array([1, 2]), jnp.array([3, 4, 5]))`` is ``[3, 5, 7]``.
    """
    out: Array = _polyadd(a1, a2)
    return out


def polysub(a1: ArrayLike, a2: ArrayLike) -> Array:
    """The difference ``a1 - a2`` of two polynomials (coefficient arrays, highest power first).

    Example: ``polysub(jnp.array([3, 4, 5]), jnp.array([1, 2]))`` is ``[3, 3, 3]``.
    """
    out: Array = _polysub(a1, a2)
    return out


def _polyint_body(p: Any, k: Any, *, m: int) -> Any:
    p_arr, k_arr = _dtypes_only(p, k, inexact=True)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if not shape_of(k_arr):
        k_arr = lax.reshape(k_arr, (1,))
    if shape_of(k_arr) == (1,):
        k_arr = broadcast_to_shape(lax.reshape(k_arr, ()), (m,))
    if shape_of(k_arr) != (m,):
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or m.")
    if m == 0:
        return p_arr
    dtype = lax.aval_of(p_arr).dtype
    grid = (lax.reshape(arange(shape_of(p_arr)[0] + m, dtype=dtype), (1, shape_of(p_arr)[0] + m))
            - lax.reshape(arange(m, dtype=dtype), (m, 1)))
    coeff = maximum(1, grid).prod(0)[::-1]
    return true_divide(concatenate((p_arr, k_arr)), coeff)


_polyint = jitted(_polyint_body, "polyint")


def polyint(p: ArrayLike, m: int = 1, k: int | ArrayLike | None = None) -> Array:
    """The ``m``-th integral of polynomial ``p`` (highest power first), with integration constants ``k`` (a scalar,
    or one per integration); in an inexact dtype.

    Example: ``polyint(jnp.array([3.0, 2.0, 1.0]))`` is ``[1.0, 1.0, 1.0, 0.0]``.
    """
    m = operator.index(m)
    out: Array = _polyint(arraylike(p, "polyint"), arraylike(0 if k is None else k, "polyint"), m=m)
    return out


def _polyder_body(p: Any, *, m: int) -> Any:
    (p_arr,) = _dtypes_only(p, inexact=True)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    if m == 0:
        return p_arr
    dtype = lax.aval_of(p_arr).dtype
    n = shape_of(p_arr)[0]
    coeff = (lax.reshape(arange(m, n, dtype=dtype), (1, builtins.max(n - m, 0)))
             - lax.reshape(arange(m, dtype=dtype), (m, 1))).prod(0)
    return p_arr[:-m] * coeff[::-1]


_polyder = jitted(_polyder_body, "polyder", arrays=1)


def polyder(p: ArrayLike, m: int = 1) -> Array:
    """The ``m``-th derivative of polynomial ``p`` (highest power first), in an inexact dtype.

    Example: ``polyder(jnp.array([1.0, 2.0, 3.0]))`` is ``[2.0, 2.0]``.
    """
    out: Array = _polyder(p, m=operator.index(m))
    return out


def polymul(a1: ArrayLike, a2: ArrayLike, *, trim_leading_zeros: bool = False) -> Array:
    """The product of two polynomials (coefficient arrays, highest power first): their full convolution, in an
    inexact dtype. ``trim_leading_zeros`` drops leading zeros first (not under ``jit``).

    Example: ``polymul(jnp.array([1.0, 1.0]), jnp.array([1.0, -1.0]))`` is ``[1.0, 0.0, -1.0]``.
    """
    refuse_sequences("polymul", a1, a2)
    a1_arr, a2_arr = _dtypes_only(asarray(arraylike(a1, "polymul")), asarray(arraylike(a2, "polymul")),
                                  inexact=True)
    if trim_leading_zeros and (shape_of(a1_arr)[0] > 1 or shape_of(a2_arr)[0] > 1):
        a1_arr, a2_arr = _trim_front(a1_arr), _trim_front(a2_arr)
    if shape_of(a1_arr)[0] == 0:
        a1_arr = zeros(1, dtype=lax.aval_of(a2_arr).dtype)
    if shape_of(a2_arr)[0] == 0:
        a2_arr = zeros(1, dtype=lax.aval_of(a1_arr).dtype)
    return convolve(a1_arr, a2_arr, mode="full")


def _trim_front(a: Any) -> Any:
    """``a`` without its leading zeros (JAX's ``trim_zeros(a, 'f')``: not under a trace)."""
    return trim_zeros(a, "f")


def polydiv(u: ArrayLike, v: ArrayLike, *, trim_leading_zeros: bool = False) -> tuple[Array, Array]:
    """The quotient and remainder of dividing polynomial ``u`` by ``v`` (highest power first), in an inexact dtype.
    ``trim_leading_zeros`` drops the remainder's leading (near-)zeros (not under ``jit``).

    Example: ``polydiv(jnp.array([1.0, 0.0, -1.0]), jnp.array([1.0, 1.0]))`` is ``([1.0, -1.0], [0.0, 0.0, 0.0])``.
    """
    refuse_sequences("polydiv", u, v)
    u_arr, v_arr = _dtypes_only(asarray(arraylike(u, "polydiv")), asarray(arraylike(v, "polydiv")), inexact=True)
    m = shape_of(u_arr)[0] - 1
    n = shape_of(v_arr)[0] - 1
    scale = 1.0 / v_arr[0]
    q: Any = zeros(builtins.max(m - n + 1, 1), dtype=lax.aval_of(u_arr).dtype)
    for k in range(0, m - n + 1):
        d = scale * u_arr[k]
        q = q.at[k].set(d)
        u_arr = u_arr.at[k:k + n + 1].add(-d * v_arr)
    if trim_leading_zeros:
        eps = float(np.finfo(lax.aval_of(u_arr).dtype).eps)
        known = concrete_value(u_arr)
        if known is None:
            raise ConcretizationTypeError("Abstract tracer value encountered where concrete value is expected: "
                                          "Error arose in the `filt` argument of trim_zeros_tol()")
        host = np.abs(np.asarray(known))
        big = np.flatnonzero(host >= np.sqrt(eps))
        u_arr = u_arr[int(big[0]) if big.size else host.shape[0]:]
    return q, u_arr


# Covariance and correlation (JAX 0.10.2's lax_numpy.cov and corrcoef).


def _inexact_request(name: str, dtype: Any) -> np.dtype[Any] | None:
    if dtype is None:
        return None
    dt = canonical_dtype(dtype)
    if registry.INFO[registry.info_of_dtype(dt).name].kind not in "fc":  # type: ignore[union-attr]
        raise ValueError(f"{name}: dtype must be a subclass of float or complex; got dtype={dtype!r}")
    return dt


def _cov_body(m: Any, y: Any, fweights: Any, aweights: Any, *, rowvar: bool, bias: bool, ddof: int | None,
              dtype: np.dtype[Any] | None) -> Any:
    if y is not None:
        m, y = promote_args_inexact(m, y)
        if len(shape_of(y)) > 2:
            raise ValueError("y has more than 2 dimensions")
    else:
        (m,) = promote_args_inexact(m)
    if len(shape_of(m)) > 2:
        raise ValueError("m has more than 2 dimensions")
    x = atleast_2d(m)
    if not rowvar and len(shape_of(m)) != 1:
        x = x.T
    if shape_of(x)[0] == 0:
        return zeros((0, 0), dtype=default_dtype("zeros"))
    if y is not None:
        y_arr = atleast_2d(y)
        if not rowvar and shape_of(y_arr)[0] != 1:
            y_arr = y_arr.T
        x = concatenate((x, y_arr), axis=0)
    if shape_of(x)[1] == 0:
        cov_shape = () if shape_of(x)[0] == 1 else (shape_of(x)[0], shape_of(x)[0])
        return full(cov_shape, np.nan, dtype=lax.aval_of(x).dtype)
    if ddof is None:
        ddof = 1 if not bias else 0
    w: Any = None
    if fweights is not None:
        if len(shape_of(fweights)) > 1:
            raise RuntimeError("cannot handle multidimensional fweights")
        if shape_of(fweights)[0] != shape_of(x)[1]:
            raise RuntimeError("incompatible numbers of samples and fweights")
        if kind_of(fweights) not in "iu":
            raise TypeError("fweights must be integer.")
        w = abs(fweights)
    if aweights is not None:
        if len(shape_of(aweights)) > 1:
            raise RuntimeError("cannot handle multidimensional aweights")
        if shape_of(aweights)[0] != shape_of(x)[1]:
            raise RuntimeError("incompatible numbers of samples and aweights")
        aweights = abs(aweights)
        w = aweights if w is None else w * aweights
    if dtype is not None:
        x = astype(x, dtype)
        w = astype(w, dtype) if w is not None else w
    avg, w_sum = average(x, axis=1, weights=w, returned=True)
    w_sum = w_sum[0]
    f: Any
    if w is None:
        f = shape_of(x)[1] - ddof
    elif ddof == 0:
        f = w_sum
    elif aweights is None:
        f = w_sum - ddof
    else:
        f = w_sum - ddof * (w * aweights).sum() / w_sum
    x = x - avg[:, None]
    x_t = x.T if w is None else (x * w).T
    return squeeze(true_divide(dot(x, conj(x_t)), f))


_cov = jitted(_cov_body, "cov", arrays=1)


def cov(m: ArrayLike, y: ArrayLike | None = None, rowvar: bool = True, bias: bool = False, ddof: int | None = None,
        fweights: ArrayLike | None = None, aweights: ArrayLike | None = None,
        dtype: DTypeLike | None = None) -> Array:
    """The covariance matrix of the variables in the rows of ``m`` (columns when ``rowvar=False``), with those of
    ``y`` appended; observations weighted by ``fweights`` (integer counts) and ``aweights``. In an inexact dtype.

    Args:
        m: the variables (1-d: one variable), 2-d at most.
        y: more variables, joined to ``m``'s.
        rowvar: whether each row is a variable (the default) or each column.
        bias: normalise by ``N`` rather than ``N - 1``.
        ddof: the delta degrees of freedom, overriding ``bias``.
        fweights: integer frequency weights of the observations.
        aweights: observation weights.
        dtype: the computation's inexact dtype.

    Example: ``cov(jnp.array([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]))`` is ``[[1.0, -1.0], [-1.0, 1.0]]``.
    """
    refuse_sequences("cov", m, *(v for v in (y, fweights, aweights) if v is not None))
    out: Array = _cov(m, y, fweights, aweights, rowvar=bool(rowvar), bias=bool(bias),
                      ddof=None if ddof is None else operator.index(ddof), dtype=_inexact_request("cov", dtype))
    return out


def _corrcoef_body(x: Any, y: Any, *, rowvar: bool, dtype: np.dtype[Any] | None) -> Any:
    c = _cov_body(x, y, None, None, rowvar=rowvar, bias=False, ddof=None, dtype=dtype)
    if not shape_of(c):
        return true_divide(c, c)
    d = diag(c)
    stddev = astype(sqrt(real(d)), lax.aval_of(c).dtype)
    c = c / stddev[:, None] / stddev[None, :]
    real_part = clip(real(c), -1, 1)
    if kind_of(c) == "c":
        return lax.complex(real_part, clip(imag(c), -1, 1))
    return real_part


_corrcoef = jitted(_corrcoef_body, "corrcoef", arrays=1)


def corrcoef(x: ArrayLike, y: ArrayLike | None = None, rowvar: bool = True, dtype: DTypeLike | None = None) -> Array:
    """The Pearson correlation coefficients of the variables in the rows of ``x`` (columns when ``rowvar=False``),
    with those of ``y`` appended: ``cov`` normalised by the standard deviations, clipped to ``[-1, 1]``.

    Example: ``corrcoef(jnp.array([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]))`` is ``[[1.0, -1.0], [-1.0, 1.0]]``.
    """
    refuse_sequences("corrcoef", x, *(() if y is None else (y,)))
    out: Array = _corrcoef(x, y, rowvar=bool(rowvar), dtype=_inexact_request("corrcoef", dtype))
    return out
