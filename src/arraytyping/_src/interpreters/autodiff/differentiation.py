"""The differentiation API (as JAX 0.10.2's): :func:`jvp`, :func:`linearize`, :func:`vjp`, :func:`grad` and
:func:`value_and_grad`, on pytrees of arrays, with JAX's checks and error classes. The machinery is in :mod:`arraytyping._src.interpreters.autodiff.ad`,
the rules in :mod:`arraytyping._src.interpreters.autodiff.primitives`.

``grad(f)`` keeps ``f``'s parameters and is typed to return the type of the differentiated argument (the gradient
is a pytree of the argument's structure and dtypes); ``value_and_grad(f)`` returns ``tuple[R, G]``. (A Python
``float`` argument's gradient is a weakly typed 0-d array; with ``argnums=0`` the checkers see it as ``Any``.)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeAlias, TypeVar, overload

import numpy as np
from typing_extensions import Concatenate, ParamSpec

from arraytyping._src.dtypes import registry
from arraytyping._src.interpreters.autodiff import ad
from arraytyping._src.interpreters.autodiff import primitives as _ad_rules
from arraytyping._src.interpreters.autodiff import elementwise as _ad_rules_elementwise
from arraytyping._src.interpreters.autodiff import structural as _ad_rules_structural
from arraytyping._src.interpreters.autodiff import scatter as _ad_rules_scatter
from arraytyping._src.interpreters.autodiff import windowed_reductions as _ad_rules_windowed
from arraytyping._src.interpreters.autodiff import convolution as _ad_rules_conv
from arraytyping._src.interpreters.autodiff import linalg as _ad_rules_linalg
from arraytyping._src.interpreters.autodiff import control_flow as _ad_rules_control_flow
from arraytyping._src.interpreters.autodiff import jit as _ad_rules_jit
from arraytyping._src.interpreters.autodiff import custom_derivatives as _ad_rules_custom
from arraytyping._src.interpreters.autodiff import callbacks as _ad_rules_callbacks
from arraytyping._src.interpreters.autodiff import ffi as _ad_rules_ffi
from arraytyping._src.interpreters.autodiff import checkpoint as _ad_rules_checkpoint
from arraytyping._src.interpreters.autodiff import sharding as _ad_rules_sharding
from arraytyping._src.interpreters.autodiff import parallel as _ad_rules_parallel
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.array import Array
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.core.avals import SEQUENCE_TYPES, ShapedArray
from arraytyping._src.lax.lax import const
from arraytyping._src.core.staging import ConstVal, abstractify

__all__ = ["grad", "value_and_grad", "jvp", "vjp", "linearize", "argnums_of", "check_callable", "check_input_dtype",
           "check_output_dtype"]

_GradT = TypeVar("_GradT")
_GradT2 = TypeVar("_GradT2")
_GradA = TypeVar("_GradA")
_GradR = TypeVar("_GradR")
_GradU = TypeVar("_GradU")
_GradP = ParamSpec("_GradP")

_HostFirst = (
    Callable[Concatenate[float, ...], Any]
    | Callable[Concatenate[list[float], ...], Any]
    | Callable[Concatenate[tuple[float, ...], ...], Any]
    | Callable[Concatenate[dict[Any, float], ...], Any]
    | Callable[Concatenate[tuple[float, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, float], ...], Any]
    | Callable[Concatenate[tuple[float, Any, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, float, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, Any, float], ...], Any]
    | Callable[Concatenate[np.ndarray[Any, Any], ...], Any]
    | Callable[Concatenate[list[np.ndarray[Any, Any]], ...], Any]
    | Callable[Concatenate[tuple[np.ndarray[Any, Any], ...], ...], Any]
    | Callable[Concatenate[dict[Any, np.ndarray[Any, Any]], ...], Any]
    | Callable[Concatenate[tuple[np.ndarray[Any, Any], Any], ...], Any]
    | Callable[Concatenate[tuple[Any, np.ndarray[Any, Any]], ...], Any]
    | Callable[Concatenate[tuple[np.ndarray[Any, Any], Any, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, np.ndarray[Any, Any], Any], ...], Any]
    | Callable[Concatenate[tuple[Any, Any, np.ndarray[Any, Any]], ...], Any]
    | Callable[Concatenate[np.float32, ...], Any]
    | Callable[Concatenate[list[np.float32], ...], Any]
    | Callable[Concatenate[tuple[np.float32, ...], ...], Any]
    | Callable[Concatenate[dict[Any, np.float32], ...], Any]
    | Callable[Concatenate[tuple[np.float32, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, np.float32], ...], Any]
    | Callable[Concatenate[tuple[np.float32, Any, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, np.float32, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, Any, np.float32], ...], Any]
    | Callable[Concatenate[np.float16, ...], Any]
    | Callable[Concatenate[list[np.float16], ...], Any]
    | Callable[Concatenate[tuple[np.float16, ...], ...], Any]
    | Callable[Concatenate[dict[Any, np.float16], ...], Any]
    | Callable[Concatenate[tuple[np.float16, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, np.float16], ...], Any]
    | Callable[Concatenate[tuple[np.float16, Any, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, np.float16, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, Any, np.float16], ...], Any]
    | Callable[Concatenate[np.complex64, ...], Any]
    | Callable[Concatenate[list[np.complex64], ...], Any]
    | Callable[Concatenate[tuple[np.complex64, ...], ...], Any]
    | Callable[Concatenate[dict[Any, np.complex64], ...], Any]
    | Callable[Concatenate[tuple[np.complex64, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, np.complex64], ...], Any]
    | Callable[Concatenate[tuple[np.complex64, Any, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, np.complex64, Any], ...], Any]
    | Callable[Concatenate[tuple[Any, Any, np.complex64], ...], Any])
"""A function whose first parameter takes a Python scalar (``float``, ``complex``), a numpy array or scalar, or one of
them in a list, a tuple or a dict: the gradient of such a leaf (and the value, which is computed from traced arrays)
is an ``Array``, not the parameter's type, so the overloads that return the parameter's type must not catch it. A
generic or unannotated parameter is caught here too (it accepts a float): ``Any`` is its honest answer, and an
overload that kept the parameters would bind them to ``float``. A leaf deeper in (a ``NamedTuple`` or dataclass field,
a nested container) is not caught here; the mypy plugin catches it (``arraytyping_mypy._autodiff``)."""
_HostSecond = (
    Callable[Concatenate[Any, float, ...], Any]
    | Callable[Concatenate[Any, list[float], ...], Any]
    | Callable[Concatenate[Any, tuple[float, ...], ...], Any]
    | Callable[Concatenate[Any, dict[Any, float], ...], Any]
    | Callable[Concatenate[Any, tuple[float, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, float], ...], Any]
    | Callable[Concatenate[Any, tuple[float, Any, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, float, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, Any, float], ...], Any]
    | Callable[Concatenate[Any, np.ndarray[Any, Any], ...], Any]
    | Callable[Concatenate[Any, list[np.ndarray[Any, Any]], ...], Any]
    | Callable[Concatenate[Any, tuple[np.ndarray[Any, Any], ...], ...], Any]
    | Callable[Concatenate[Any, dict[Any, np.ndarray[Any, Any]], ...], Any]
    | Callable[Concatenate[Any, tuple[np.ndarray[Any, Any], Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, np.ndarray[Any, Any]], ...], Any]
    | Callable[Concatenate[Any, tuple[np.ndarray[Any, Any], Any, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, np.ndarray[Any, Any], Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, Any, np.ndarray[Any, Any]], ...], Any]
    | Callable[Concatenate[Any, np.float32, ...], Any]
    | Callable[Concatenate[Any, list[np.float32], ...], Any]
    | Callable[Concatenate[Any, tuple[np.float32, ...], ...], Any]
    | Callable[Concatenate[Any, dict[Any, np.float32], ...], Any]
    | Callable[Concatenate[Any, tuple[np.float32, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, np.float32], ...], Any]
    | Callable[Concatenate[Any, tuple[np.float32, Any, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, np.float32, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, Any, np.float32], ...], Any]
    | Callable[Concatenate[Any, np.float16, ...], Any]
    | Callable[Concatenate[Any, list[np.float16], ...], Any]
    | Callable[Concatenate[Any, tuple[np.float16, ...], ...], Any]
    | Callable[Concatenate[Any, dict[Any, np.float16], ...], Any]
    | Callable[Concatenate[Any, tuple[np.float16, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, np.float16], ...], Any]
    | Callable[Concatenate[Any, tuple[np.float16, Any, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, np.float16, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, Any, np.float16], ...], Any]
    | Callable[Concatenate[Any, np.complex64, ...], Any]
    | Callable[Concatenate[Any, list[np.complex64], ...], Any]
    | Callable[Concatenate[Any, tuple[np.complex64, ...], ...], Any]
    | Callable[Concatenate[Any, dict[Any, np.complex64], ...], Any]
    | Callable[Concatenate[Any, tuple[np.complex64, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, np.complex64], ...], Any]
    | Callable[Concatenate[Any, tuple[np.complex64, Any, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, np.complex64, Any], ...], Any]
    | Callable[Concatenate[Any, tuple[Any, Any, np.complex64], ...], Any])



# ---------------------------------------------------------------------------------------------------------------
# Arguments


def _describe(f: Callable[..., Any]) -> str:
    return getattr(f, "__qualname__", None) or getattr(f, "__name__", None) or type(f).__name__


def check_callable(fun: object) -> None:
    if not callable(fun):
        raise TypeError(f"Expected a callable value, got {fun}")


def _aval(x: Any) -> ShapedArray:
    """The type of an argument leaf, with JAX's error for a value that is not an array."""
    if ad.is_float0_value(x):
        return ShapedArray(np.shape(x), ad.FLOAT0, False)
    try:
        return abstractify(x)
    except TypeError:
        raise TypeError(f"Argument '{x}' of type {type(x)} is not a valid arraytyping type.") from None


_PY_SCALARS: frozenset[type] = frozenset({bool, int, float, complex})


def _primal(x: Any) -> Any:
    """A primal argument leaf: arrays and Python scalars as they are (as JAX, which keeps a Python scalar a weakly
    typed scalar), numpy values as arrays."""
    _aval(x)
    if isinstance(x, Array) or type(x) in _PY_SCALARS:
        return x
    return device_put(x)


def _tangent(x: Any) -> Any:
    if ad.is_float0_value(x):
        return ad.Zero(ShapedArray(np.shape(x), ad.FLOAT0, False))
    return _primal(x)


def _carrier_tangents(primals: Any, tangents: Any, linearized: bool = False) -> list[Any] | None:
    """The flat tangents when ``primals`` hold typed key arrays (``None`` when they hold none, or the structures
    differ): the ``float0`` tangent of a key (of the key's shape, as JAX takes it) becomes a ``float0`` array of the
    key data's shape, the leaf the transformation differentiates. JAX's errors for a key's tangent of another dtype
    or shape."""
    is_leaf = tree.user_is_leaf(None)
    if is_leaf is None:
        return None
    ps, p_tree = tree.flatten(primals, is_leaf)
    ts, t_tree = tree.flatten(tangents, is_leaf)
    if p_tree != t_tree or not any(tree.is_carrier(x) for x in (*ps, *ts)):
        return None
    flat: list[Any] = []
    for p, t in zip(ps, ts):
        if not (tree.is_carrier(p) or tree.is_carrier(t)):
            flat.append(t)
            continue
        if not (tree.is_carrier(p) and ad.is_float0_value(t)):
            expected = _dtype_str(ad.FLOAT0) if tree.is_carrier(p) else _carrier_dtype_str(p)
            raise TypeError("primal and tangent arguments to arraytyping.jvp do not match; dtypes must be equal, or "
                            "in case of int/bool primal dtype the tangent dtype must be float0. Got primal dtype "
                            f"{_carrier_dtype_str(p)} and so expected tangent dtype {expected}, but got tangent "
                            f"dtype {_carrier_dtype_str(t)} instead.")
        if tuple(p.shape) != np.shape(t):
            if linearized:
                got, want = ShapedArray(np.shape(t), ad.FLOAT0, False), ShapedArray(tuple(p.shape), ad.FLOAT0, False)
                raise ValueError("linearized function called on tangent values inconsistent with the original "
                                 f"primal values: got tangent aval {ad.aval_str(got)} for primal aval "
                                 f"{p.dtype}{list(p.shape)} but expected {ad.aval_str(want)}.")
            raise ValueError("jvp called with different primal and tangent shapes;Got primal shape "
                             f"{tuple(p.shape)} and tangent shape as {np.shape(t)}")
        flat.extend(np.zeros(np.shape(data), ad.FLOAT0) for data in tree.leaves(p))
    return flat


_CarrierLayout: TypeAlias = "tuple[tree.TreeDef, list[tuple[tuple[int, ...] | None, int]]] | None"
"""Where a pytree holds typed key arrays: its structure with the keys as leaves, and for each of those leaves the
key's shape and how many data leaves it flattens to (``None`` and 1 for any other leaf); ``None`` without keys."""


def _carrier_layout(value: Any) -> _CarrierLayout:
    is_leaf = tree.user_is_leaf(None)
    if is_leaf is None:
        return None
    top, top_tree = tree.flatten(value, is_leaf)
    if not any(tree.is_carrier(x) for x in top):
        return None
    return top_tree, [((tuple(x.shape), len(tree.leaves(x))) if tree.is_carrier(x) else (None, 1)) for x in top]


def _with_carriers(layout: _CarrierLayout, treedef: tree.TreeDef, flat: Sequence[Any]) -> Any:
    """Tangents or cotangents ``flat`` (the data leaves of ``treedef``) as a pytree: a typed key array's is a
    ``float0`` array of the key's shape (the transformation computed one for the key's data), as JAX gives."""
    if layout is None:
        return tree.unflatten(treedef, list(flat))
    top_tree, entries = layout
    rest = iter(flat)
    fixed: list[Any] = []
    for shape, n in entries:
        leaves = [next(rest) for _ in range(n)]
        fixed.append(leaves[0] if shape is None else np.zeros(shape, ad.FLOAT0))
    return tree.unflatten(top_tree, fixed)


def _carrier_dtype_str(x: Any) -> str:
    """The dtype of a leaf as a message names it (a typed key array's ``key<fry>``)."""
    return str(x.dtype) if tree.is_carrier(x) else _dtype_str(_aval(x).dtype)


def _dtype_str(dtype: np.dtype[Any]) -> str:
    return str(dtype) if dtype == ad.FLOAT0 else ShapedArray((), dtype).name


def _instantiate(xs: Sequence[Any]) -> list[Any]:
    return [ad.materialize(ad.instantiate_zeros(x)) for x in xs]


def _flat_fun(fun: Callable[..., Any], in_tree: tree.TreeDef, has_aux: bool, out_trees: list[tree.TreeDef]
              ) -> ad.FlatFun:
    """``fun`` on flat arguments, returning flat outputs and the auxiliary output; the output tree goes to
    ``out_trees``."""
    def flat(*xs: Any) -> tuple[list[Any], Any]:
        out = fun(*tree.unflatten(in_tree, list(xs)))
        aux: Any = None
        if has_aux:
            if not isinstance(out, SEQUENCE_TYPES) or len(out) != 2:
                raise TypeError("expected function with aux output to return a two-element tuple, but got type "
                                f"{type(out)} with value {out!r}")
            out, aux = out
        leaves, out_tree = tree.flatten(out)
        out_trees.append(out_tree)
        return leaves, aux
    return flat


# ---------------------------------------------------------------------------------------------------------------
# Forward mode


@overload
def jvp(fun: Callable[..., _GradR], primals: Sequence[Any], tangents: Sequence[Any], has_aux: Literal[False] = False
        ) -> tuple[_GradR, Any]: ...
@overload
def jvp(fun: Callable[..., tuple[_GradR, _GradU]], primals: Sequence[Any], tangents: Sequence[Any], has_aux: Literal[True]
        ) -> tuple[_GradR, Any, _GradU]: ...
def jvp(fun: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any], has_aux: bool = False
        ) -> tuple[Any, ...]:
    """The forward-mode Jacobian-vector product: ``(fun(*primals), tangent of the output)`` for input
    ``tangents`` (a tuple or list of the primals' structure; tangents of integer and bool inputs are ``float0``
    zeros). With ``has_aux``, ``fun`` returns ``(output, aux)`` and ``aux`` is returned third."""
    check_callable(fun)
    if not isinstance(primals, (tuple, list)) or not isinstance(tangents, (tuple, list)):
        raise TypeError("primal and tangent arguments to arraytyping.jvp must be tuples or lists; found "
                        f"{type(primals).__name__} and {type(tangents).__name__}.")
    ps, in_tree = tree.flatten(primals)
    carried = _carrier_tangents(primals, tangents)
    ts, t_tree = (carried, in_tree) if carried is not None else tree.flatten(tangents)
    if in_tree != t_tree:
        raise TypeError("primal and tangent arguments to arraytyping.jvp must have the same tree structure; primals "
                        f"have tree structure {in_tree} whereas tangents have tree structure {t_tree}.")
    for p, t in zip(ps, ts):
        pa, ta = _aval(p), _aval(t)
        expected = ad.tangent_dtype(pa.dtype)
        if expected != ta.dtype:
            raise TypeError("primal and tangent arguments to arraytyping.jvp do not match; dtypes must be equal, or "
                            "in case of int/bool primal dtype the tangent dtype must be float0. Got primal dtype "
                            f"{_dtype_str(pa.dtype)} and so expected tangent dtype {_dtype_str(expected)}, but got "
                            f"tangent dtype {_dtype_str(ta.dtype)} instead.")
        if pa.shape != ta.shape:
            raise ValueError("jvp called with different primal and tangent shapes; Got primal shape "
                             f"{pa.shape} and tangent shape as {ta.shape}")
    out_trees: list[tree.TreeDef] = []
    flat = _flat_fun(fun, in_tree, has_aux, out_trees)
    outs, touts, aux = ad.jvp_flat(flat, [_primal(p) for p in ps], [_tangent(t) for t in ts],
                                   f"jvp({_describe(fun)})")
    out_tree = out_trees[0]
    primal_out = tree.unflatten(out_tree, outs)
    result = (primal_out, _with_carriers(_carrier_layout(primal_out), out_tree, _instantiate(touts)))
    return (*result, aux) if has_aux else result


class LinearizedFunction:
    """The function :func:`linearize` returns: output tangents for input tangents, at the linearization point."""

    __slots__ = ("_lin", "_in_tree", "_out_tree", "_primals", "_out_layout")

    def __init__(self, lin: ad.Linearized, in_tree: tree.TreeDef, out_tree: tree.TreeDef, primals: tuple[Any, ...],
                 out_layout: _CarrierLayout) -> None:
        self._lin = lin
        self._in_tree = in_tree
        self._out_tree = out_tree
        self._primals = primals
        """The primals, and where the output holds typed key arrays (whose tangents are ``float0`` arrays of the
        key's shape)."""
        self._out_layout = out_layout

    def __call__(self, *tangents: Any) -> Any:
        carried = _carrier_tangents(self._primals, tangents, linearized=True)
        ts, t_tree = (carried, self._in_tree) if carried is not None else tree.flatten(tangents)
        if t_tree != self._in_tree:
            raise TypeError(f"expected {self._in_tree}, got {t_tree}")
        for a, t in zip(self._lin.in_avals, ts):
            expected, got = ad.tangent_aval(a), _aval(t)
            if expected.shape != got.shape or expected.dtype != got.dtype:
                raise ValueError("linearized function called on tangent values inconsistent with the original "
                                 f"primal values: got tangent aval {ad.aval_str(got)} for primal aval "
                                 f"{ad.aval_str(a)} but expected {ad.aval_str(expected)}.")
        return _with_carriers(self._out_layout, self._out_tree,
                              _instantiate(self._lin.apply([_tangent(t) for t in ts])))


@overload
def linearize(fun: Callable[..., _GradR], *primals: Any, has_aux: Literal[False] = False
              ) -> tuple[_GradR, Callable[..., Any]]: ...
@overload
def linearize(fun: Callable[..., tuple[_GradR, _GradU]], *primals: Any, has_aux: Literal[True]
              ) -> tuple[_GradR, Callable[..., Any], _GradU]: ...
def linearize(fun: Callable[..., Any], *primals: Any, has_aux: bool = False) -> tuple[Any, ...]:
    """``(fun(*primals), f_jvp)``: ``f_jvp(*tangents)`` is the JVP at ``primals``, computed from the staged linear
    part of ``fun`` without re-running it. With ``has_aux``, the auxiliary output is returned third."""
    check_callable(fun)
    ps, in_tree = tree.flatten(primals)
    out_trees: list[tree.TreeDef] = []
    flat = _flat_fun(fun, in_tree, has_aux, out_trees)
    outs, lin, aux = ad.linearize_flat(flat, [_primal(p) for p in ps], f"linearize({_describe(fun)})")
    out_tree = out_trees[0]
    primal_out = tree.unflatten(out_tree, outs)
    result = (primal_out, LinearizedFunction(lin, in_tree, out_tree, primals, _carrier_layout(primal_out)))
    return (*result, aux) if has_aux else result


# ---------------------------------------------------------------------------------------------------------------
# Reverse mode


class _VJPMeta:
    """What a :class:`VJPFunction` keeps besides its residuals (compared by identity, as JAX's)."""

    __slots__ = ("lin", "in_tree", "out_tree", "spec", "name", "in_layout")

    def __init__(self, lin: ad.Linearized, in_tree: tree.TreeDef, out_tree: tree.TreeDef,
                 spec: list[tuple[bool, int]], name: str, in_layout: _CarrierLayout = None) -> None:
        self.lin = lin
        self.in_tree = in_tree
        self.out_tree = out_tree
        self.spec = spec
        self.name = name
        self.in_layout = in_layout
        """Where the primals hold typed key arrays, whose cotangents are ``float0`` arrays of the key's shape."""


class VJPFunction:
    """The function :func:`vjp` returns: input cotangents for an output cotangent. A pytree whose leaves are its
    residuals (the inputs it needs, then the values it computed), so ``jit`` can return it."""

    __slots__ = ("_meta", "_args_res", "_opaque")

    def __init__(self, meta: _VJPMeta, args_res: list[Any], opaque: list[Any]) -> None:
        self._meta = meta
        self._args_res = args_res
        self._opaque = opaque

    def __call__(self, ct: Any, *extra: Any) -> tuple[Any, ...]:
        meta = self._meta
        if extra:
            raise TypeError(f"The function returned by arraytyping.vjp applied to {meta.name} was called with "
                            f"{len(extra) + 1} arguments, but it takes a single argument: the cotangent of the "
                            "value the differentiated function returned (even if that value is a tuple or other "
                            "container).")
        cts, ct_tree = tree.flatten(ct)
        if ct_tree != meta.out_tree:
            raise ValueError(f"unexpected tree structure of the argument to the VJP function of {meta.name}: it must "
                             f"match the structure of the function's output, {meta.out_tree}, but got {ct_tree}")
        for c, a in zip(cts, meta.lin.out_avals):
            expected, got = ad.tangent_aval(a), _aval(c)
            if got.shape != expected.shape or (got.dtype != expected.dtype and got.dtype != ad.FLOAT0):
                raise ValueError("unexpected type (e.g. shape/dtype) for argument to VJP function: got "
                                 f"{ad.aval_str(got)}, but expected {ad.aval_str(expected)} because the "
                                 f"corresponding output of the differentiated function had type {a.str_short()}")
        lin = meta.lin
        consts = [self._args_res[i] if is_arg else self._opaque[i] for is_arg, i in meta.spec]
        lin = ad.Linearized(lin.jaxpr, consts, lin.in_nonzero, lin.out_nonzero, lin.in_avals, lin.out_avals)
        in_cts = lin.transpose([_cotangent(c) for c in cts])
        out: tuple[Any, ...] = _with_carriers(meta.in_layout, meta.in_tree, _instantiate(in_cts))
        return out

    def __repr__(self) -> str:
        return f"<VJP function of {self._meta.name}>"


def _cotangent(c: Any) -> Any:
    if ad.is_float0_value(c):
        return ad.Zero(ShapedArray(np.shape(c), ad.FLOAT0, False))
    return c if isinstance(c, (Array, ConstVal)) else _primal(c)


def _vjp_flatten(f: VJPFunction) -> tuple[list[Any], _VJPMeta]:
    return [f._args_res, f._opaque], f._meta  # pyright: ignore[reportPrivateUsage]


def _vjp_unflatten(meta: _VJPMeta, children: Sequence[Any]) -> VJPFunction:
    args_res, opaque = children
    return VJPFunction(meta, list(args_res), list(opaque))


tree.register_pytree_node(VJPFunction, _vjp_flatten, _vjp_unflatten)


def _vjp(fun: Callable[..., Any], primals: Sequence[Any], has_aux: bool, name: str
         ) -> tuple[Any, VJPFunction, Any]:
    ps, in_tree = tree.flatten(tuple(primals))
    ps = [_primal(p) for p in ps]
    out_trees: list[tree.TreeDef] = []
    flat = _flat_fun(fun, in_tree, has_aux, out_trees)
    outs, lin, aux = ad.linearize_flat(flat, ps, f"vjp({name})")
    # Residuals that are inputs are kept as inputs (JAX's ``args_res``), the others in order (``opaque``).
    index = {id(p): i for i, p in enumerate(ps)}
    spec: list[tuple[bool, int]] = []
    used: set[int] = set()
    opaque: list[Any] = []
    for c in lin.consts:
        i = index.get(id(c))
        if i is not None:
            spec.append((True, i))
            used.add(i)
        else:
            spec.append((False, len(opaque)))
            opaque.append(c)
    args_res = [p if i in used else None for i, p in enumerate(ps)]
    meta = _VJPMeta(lin, in_tree, out_trees[0], spec, name, _carrier_layout(tuple(primals)))
    return tree.unflatten(out_trees[0], outs), VJPFunction(meta, args_res, opaque), aux


@overload
def vjp(fun: Callable[..., _GradR], *primals: Any, has_aux: Literal[False] = False
        ) -> tuple[_GradR, Callable[[Any], tuple[Any, ...]]]: ...
@overload
def vjp(fun: Callable[..., tuple[_GradR, _GradU]], *primals: Any, has_aux: Literal[True]
        ) -> tuple[_GradR, Callable[[Any], tuple[Any, ...]], _GradU]: ...
def vjp(fun: Callable[..., Any], *primals: Any, has_aux: bool = False) -> tuple[Any, ...]:
    """The reverse-mode vector-Jacobian product: ``(fun(*primals), f_vjp)``, where ``f_vjp(ct)`` gives the
    cotangents of ``primals`` (a tuple, one per primal, each of its primal's structure, dtype and weak flag;
    ``float0`` zeros for integer and bool inputs) for a cotangent ``ct`` of the output. With ``has_aux``, ``fun``
    returns ``(output, aux)`` and ``aux`` is returned third."""
    check_callable(fun)
    out, f_vjp, aux = _vjp(fun, primals, has_aux, _describe(fun))
    return (out, f_vjp, aux) if has_aux else (out, f_vjp)


def argnums_of(argnums: Any) -> int | tuple[int, ...]:
    """``argnums`` checked: an int, or a tuple of the ints of a sequence."""
    if isinstance(argnums, int):
        return argnums
    if isinstance(argnums, SEQUENCE_TYPES) and all(isinstance(i, int) for i in argnums):
        return tuple(argnums)
    raise TypeError(f"argnums must be an int or a tuple of ints, got {argnums!r}")


def check_input_dtype(name: str, holomorphic: bool, allow_int: bool, x: Any) -> None:
    """JAX's check of a differentiated input leaf (a typed key array is one leaf here, as in JAX)."""
    if tree.is_carrier(x):
        dtype_name, kind = str(x.dtype), "V"
    else:
        aval = _aval(x)
        dtype_name = _dtype_str(aval.dtype)
        kind = registry.INFO[aval.name].kind if aval.dtype != ad.FLOAT0 else "V"
    if holomorphic and kind != "c":
        raise TypeError(f"{name} with holomorphic=True requires inputs with complex dtype, but got {dtype_name}.")
    if kind in "biuV" and not allow_int:
        raise TypeError(f"{name} requires real- or complex-valued inputs (input dtype that is a sub-dtype of "
                        f"np.inexact), but got {dtype_name}. If you want to use Boolean- or "
                        "integer-valued inputs, use vjp or set allow_int to True.")


def _check_scalar(x: Any) -> None:
    try:
        aval = abstractify(x)
    except TypeError:
        raise TypeError(f"Gradient only defined for scalar-output functions. Output was {x}.") from None
    if aval.shape != ():
        raise TypeError(f"Gradient only defined for scalar-output functions. Output had shape: {aval.shape}.")


def check_output_dtype(name: str, holomorphic: bool, x: Any) -> None:
    aval = abstractify(x)
    kind = registry.INFO[aval.name].kind
    if holomorphic:
        if kind != "c":
            raise TypeError(f"{name} with holomorphic=True requires outputs with complex dtype, but got "
                            f"{aval.name}.")
    elif kind == "c":
        raise TypeError(f"{name} requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but "
                        f"got {aval.name}. For holomorphic differentiation, pass holomorphic=True. For "
                        "differentiation of non-holomorphic functions involving complex outputs, use "
                        "arraytyping.vjp directly.")
    elif kind != "f":
        raise TypeError(f"{name} requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but "
                        f"got {aval.name}. For differentiation of functions with integer outputs, use "
                        "arraytyping.vjp directly.")


def _value_and_grad(fun: Callable[..., Any], argnums: int | Sequence[int], has_aux: bool, holomorphic: bool,
                    allow_int: bool, name: str) -> Callable[..., tuple[Any, Any]]:
    check_callable(fun)
    nums = argnums_of(argnums)

    @functools.wraps(fun, updated=())
    def value_and_grad_f(*args: Any, **kwargs: Any) -> tuple[Any, Any]:
        wanted = (nums,) if isinstance(nums, int) else nums
        max_argnum = max(wanted) if wanted else -1
        if max_argnum >= len(args):
            raise TypeError(f"differentiating with respect to argnums={argnums!r} requires at least "
                            f"{max_argnum + 1} positional arguments to be passed by the caller, but got only "
                            f"{len(args)} positional arguments.")
        dyn_args = tuple(args[i] for i in wanted)
        for leaf in tree.leaves(dyn_args, tree.user_is_leaf(None)):
            check_input_dtype(name, holomorphic, allow_int, leaf)

        def f_partial(*dyn: Any) -> Any:
            full = list(args)
            for i, d in zip(wanted, dyn):
                full[i] = d
            return fun(*full, **kwargs)

        ans, f_vjp, aux = _vjp(f_partial, dyn_args, has_aux, _describe(fun))
        _check_scalar(ans)
        check_output_dtype(name, holomorphic, ans)
        a = abstractify(ans)
        g = f_vjp(const(1, ShapedArray((), a.dtype, a.weak_type)))
        g = g[0] if isinstance(nums, int) else g
        return ((ans, aux) if has_aux else ans), g

    return value_and_grad_f


@overload
def value_and_grad(fun: _HostFirst, argnums: Literal[0] = 0, has_aux: bool = False, holomorphic: bool = False,
                   allow_int: bool = False) -> Callable[..., tuple[Any, Any]]: ...
@overload
def value_and_grad(fun: _HostSecond, argnums: Literal[1], has_aux: bool = False, holomorphic: bool = False,
                   allow_int: bool = False) -> Callable[..., tuple[Any, Any]]: ...
@overload
def value_and_grad(fun: _HostFirst | _HostSecond, argnums: tuple[Literal[0], Literal[1]], has_aux: bool = False,
                   holomorphic: bool = False, allow_int: bool = False) -> Callable[..., tuple[Any, Any]]: ...
@overload
def value_and_grad(fun: Callable[Concatenate[_GradT, _GradP], _GradR], argnums: Literal[0] = 0, has_aux: Literal[False] = False,
                   holomorphic: bool = False, allow_int: Literal[False] = False
                   ) -> Callable[Concatenate[_GradT, _GradP], tuple[_GradR, _GradT]]: ...
@overload
def value_and_grad(fun: Callable[Concatenate[_GradT, _GradP], tuple[_GradR, _GradU]], argnums: Literal[0] = 0, *,
                   has_aux: Literal[True], holomorphic: bool = False, allow_int: Literal[False] = False
                   ) -> Callable[Concatenate[_GradT, _GradP], tuple[tuple[_GradR, _GradU], _GradT]]: ...
@overload
def value_and_grad(  # type: ignore[overload-overlap]
        fun: Callable[Concatenate[_GradA, _GradT, _GradP], _GradR], argnums: Literal[1], has_aux: Literal[False] = False,
                   holomorphic: bool = False, allow_int: Literal[False] = False
                   ) -> Callable[Concatenate[_GradA, _GradT, _GradP], tuple[_GradR, _GradT]]: ...
@overload
def value_and_grad(  # type: ignore[overload-overlap]
        fun: Callable[Concatenate[_GradT, _GradT2, _GradP], _GradR], argnums: tuple[Literal[0], Literal[1]],
                   has_aux: Literal[False] = False, holomorphic: bool = False, allow_int: Literal[False] = False
                   ) -> Callable[Concatenate[_GradT, _GradT2, _GradP], tuple[_GradR, tuple[_GradT, _GradT2]]]: ...
@overload
def value_and_grad(fun: Callable[_GradP, Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
                   holomorphic: bool = False, allow_int: bool = False) -> Callable[_GradP, tuple[Any, Any]]: ...
def value_and_grad(fun: Callable[..., Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
                   holomorphic: bool = False, allow_int: bool = False) -> Callable[..., tuple[Any, Any]]:
    """``value_and_grad(fun)(*args)`` is ``(fun(*args), grad(fun)(*args))``, computed together (one forward
    pass). With ``has_aux``: ``((value, aux), gradient)``."""
    return _value_and_grad(fun, argnums, has_aux, holomorphic, allow_int, "value_and_grad")


@overload
def grad(fun: _HostFirst, argnums: Literal[0] = 0, has_aux: bool = False, holomorphic: bool = False,
         allow_int: bool = False) -> Callable[..., Any]: ...
@overload
def grad(fun: _HostSecond, argnums: Literal[1], has_aux: bool = False, holomorphic: bool = False,
         allow_int: bool = False) -> Callable[..., Any]: ...
@overload
def grad(fun: _HostFirst | _HostSecond, argnums: tuple[Literal[0], Literal[1]], has_aux: bool = False,
         holomorphic: bool = False, allow_int: bool = False) -> Callable[..., Any]: ...
@overload
def grad(fun: Callable[Concatenate[_GradT, _GradP], Any], argnums: Literal[0] = 0, has_aux: Literal[False] = False,
         holomorphic: bool = False, allow_int: Literal[False] = False) -> Callable[Concatenate[_GradT, _GradP], _GradT]: ...
@overload
def grad(fun: Callable[Concatenate[_GradT, _GradP], tuple[Any, _GradU]], argnums: Literal[0] = 0, *, has_aux: Literal[True],
         holomorphic: bool = False, allow_int: Literal[False] = False) -> Callable[Concatenate[_GradT, _GradP], tuple[_GradT, _GradU]]: ...
@overload
def grad(  # type: ignore[overload-overlap]
        fun: Callable[Concatenate[_GradA, _GradT, _GradP], Any], argnums: Literal[1], has_aux: Literal[False] = False,
         holomorphic: bool = False, allow_int: Literal[False] = False) -> Callable[Concatenate[_GradA, _GradT, _GradP], _GradT]: ...
@overload
def grad(  # type: ignore[overload-overlap]
        fun: Callable[Concatenate[_GradT, _GradT2, _GradP], Any], argnums: tuple[Literal[0], Literal[1]],
         has_aux: Literal[False] = False, holomorphic: bool = False, allow_int: Literal[False] = False
         ) -> Callable[Concatenate[_GradT, _GradT2, _GradP], tuple[_GradT, _GradT2]]: ...
@overload
def grad(fun: Callable[_GradP, Any], argnums: int | Sequence[int] = 0, has_aux: bool = False, holomorphic: bool = False,
         allow_int: bool = False) -> Callable[_GradP, Any]: ...
def grad(fun: Callable[..., Any], argnums: int | Sequence[int] = 0, has_aux: bool = False, holomorphic: bool = False,
         allow_int: bool = False) -> Callable[..., Any]:
    """The gradient of a scalar-valued ``fun`` with respect to its positional argument ``argnums`` (an int: the
    gradient has that argument's structure, dtypes and weak flags; a tuple: a tuple of them). Arguments must be
    floating or complex (integer and bool ones are refused with a ``TypeError``; ``allow_int`` gives them ``float0``
    gradients); the output must be a real scalar. With ``has_aux``, ``fun`` returns ``(value, aux)`` and the result
    is ``(gradient, aux)``."""
    value_and_grad_f = _value_and_grad(fun, argnums, has_aux, holomorphic, allow_int, "grad")

    @functools.wraps(fun, updated=())
    def grad_f(*args: Any, **kwargs: Any) -> Any:
        value, g = value_and_grad_f(*args, **kwargs)
        return (g, value[1]) if has_aux else g

    return grad_f


_ = (_ad_rules_callbacks, _ad_rules_ffi, _ad_rules, _ad_rules_elementwise, _ad_rules_structural, _ad_rules_scatter, _ad_rules_windowed, _ad_rules_conv,
     _ad_rules_linalg, _ad_rules_control_flow, _ad_rules_jit,
     _ad_rules_custom, _ad_rules_checkpoint, _ad_rules_sharding, _ad_rules_parallel)  # the rules register themselves
