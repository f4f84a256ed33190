"""Gradient checks (JAX's ``jax.test_util``): derivatives from automatic differentiation compared with central
finite differences in one random direction (numpy's ``RandomState(0)``, as JAX draws it), raising
``AssertionError`` on a mismatch. Tolerances are JAX's, per dtype, scaled by the number of elements compared."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import current
from arraytyping._src.dtypes.promotion import canonicalize_dtype
from arraytyping._src.interpreters.autodiff.differentiation import jvp, linearize, vjp
from arraytyping._src.tree import pytree as tree

__all__ = ["EPS", "check_close", "check_grads", "check_jvp", "check_vjp", "numerical_jvp"]

EPS: Final = 1e-4
"""The default finite-difference step."""

Tolerance: TypeAlias = "float | Mapping[Any, float] | None"
"""A tolerance for every dtype, one per dtype (the others keep their default), or the defaults."""


def _dt(x: Any) -> np.dtype[Any]:
    dt: np.dtype[Any] = np.dtype(x)
    return dt


def _named(name: str) -> np.dtype[Any]:
    return registry.INFO[name].dtype


_FLOAT0: Final = np.dtype([("float0", np.void, 0)])
_DEFAULT_TOLERANCE: Final[dict[np.dtype[Any], float]] = {
    _FLOAT0: 0, _dt(np.bool_): 0, **{_named(t): 0 for t in ("int8", "int16", "int32", "int64", "uint8", "uint16",
                                                         "uint32", "uint64", "int2", "int4", "uint2", "uint4")},
    _named("float4_e2m1fn"): 1e0, _named("float8_e3m4"): 1e-1, _named("float8_e4m3"): 1e-1,
    _named("float8_e8m0fnu"): 1e0, _named("float8_e4m3b11fnuz"): 1e-1, _named("float8_e4m3fn"): 1e-1,
    _named("float8_e4m3fnuz"): 1e-1, _named("float8_e5m2"): 1e-1, _named("float8_e5m2fnuz"): 1e-1,
    _named("bfloat16"): 1e-2, _dt(np.float16): 1e-3, _dt(np.float32): 1e-6, _dt(np.float64): 1e-15,
    _dt(np.complex64): 1e-6, _dt(np.complex128): 1e-15,
}
"""JAX's ``default_tolerance()``: for values."""

_GRADIENT_TOLERANCE: Final[dict[np.dtype[Any], float]] = {
    _named("float4_e2m1fn"): 1e0, _named("float8_e3m4"): 1e-1, _named("float8_e4m3"): 1e-1,
    _named("float8_e8m0fnu"): 1e0, _named("float8_e4m3b11fnuz"): 1e-1, _named("float8_e4m3fn"): 1e-1,
    _named("float8_e4m3fnuz"): 1e-1, _named("float8_e5m2"): 1e-1, _named("float8_e5m2fnuz"): 1e-1,
    _named("bfloat16"): 1e-1, _dt(np.float16): 1e-2, _dt(np.float32): 2e-3, _dt(np.float64): 1e-5,
    _dt(np.complex64): 1e-3, _dt(np.complex128): 1e-5,
}
"""JAX's ``default_gradient_tolerance``: for derivatives."""

_PY_SCALAR_DTYPES: Final[dict[type, np.dtype[Any]]] = {
    bool: _dt(np.bool_), int: _dt(np.int64), float: _dt(np.float64), complex: _dt(np.complex128),
}


def _dtype(x: Any) -> np.dtype[Any]:
    if hasattr(x, "dtype"):
        return _dt(x.dtype)
    obj: object = x
    dt = _PY_SCALAR_DTYPES.get(type(obj))
    return dt if dt is not None else np.asarray(x).dtype


def _canonical(dtype: np.dtype[Any]) -> np.dtype[Any]:
    return dtype if dtype == _FLOAT0 else canonicalize_dtype(dtype)


def _is_python_scalar(x: Any) -> bool:
    return not isinstance(x, np.generic) and isinstance(x, (bool, int, float, complex))


def _tolerance(dtype: np.dtype[Any], tol: Tolerance) -> float:
    if tol is None:
        tol = {}
    if not isinstance(tol, Mapping):
        return tol
    per = {np.dtype(k): v for k, v in tol.items()}
    dtype = _canonical(np.dtype(dtype))
    return per.get(dtype, _DEFAULT_TOLERANCE[dtype])


def _assert_allclose(a: np.ndarray[Any, Any], b: np.ndarray[Any, Any], atol: float, rtol: float,
                     err_msg: str) -> None:
    if a.dtype == b.dtype == _FLOAT0:
        np.testing.assert_array_equal(a, b, err_msg=err_msg)
        return

    def upcast(x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        if x.dtype.kind == "V" or x.dtype.name.startswith(("bfloat", "float4", "float6", "float8")):
            return x.astype(np.float32)
        if x.dtype.name in ("int2", "int4", "uint2", "uint4"):
            return x.astype(np.int8 if x.dtype.name.startswith("int") else np.uint8)
        return x

    kw: dict[str, float] = {}
    if atol:
        kw["atol"] = atol
    if rtol:
        kw["rtol"] = rtol
    with np.errstate(invalid="ignore"):
        assert_allclose: Callable[..., None] = np.testing.assert_allclose
        assert_allclose(upcast(a), upcast(b), **kw, err_msg=err_msg)


def _assert_close(a: Any, b: Any, atol: Tolerance, rtol: Tolerance, err_msg: str) -> None:
    x, y = np.asarray(a), np.asarray(b)
    assert x.shape == y.shape
    at = max(_tolerance(x.dtype, atol), _tolerance(y.dtype, atol))
    rt = max(_tolerance(x.dtype, rtol), _tolerance(y.dtype, rtol))
    _assert_allclose(x, y, atol=at * x.size, rtol=rt * y.size, err_msg=err_msg)


def check_close(xs: Any, ys: Any, atol: Tolerance = None, rtol: Tolerance = None, err_msg: str = "") -> None:
    """Assert that the trees ``xs`` and ``ys`` are close leaf by leaf (JAX's tolerances by dtype)."""
    def close(x: Any, y: Any) -> None:
        _assert_close(x, y, atol, rtol, err_msg)
    tree.tree_map(close, xs, ys)


def _check_dtypes_match(xs: Any, ys: Any) -> None:
    def same(x: Any, y: Any) -> None:
        if current().x64:
            assert _dtype(x) == _dtype(y)
        else:
            assert _canonical(_dtype(x)) == _canonical(_dtype(y))
    tree.tree_map(same, xs, ys)


def _inner_prod(xs: Any, ys: Any) -> Any:
    def contract(x: Any, y: Any) -> Any:
        return np.real(np.dot(np.conj(x).reshape(-1), np.asarray(y).reshape(-1)))
    return functools.reduce(np.add, tree.leaves(tree.tree_map(contract, xs, ys)))


def _preserving(f: Callable[..., Any]) -> Callable[..., Any]:
    def wrapped(*args: Any) -> Any:
        result = np.array(f(*args), dtype=_dtype(args[0]))
        return result.item() if all(_is_python_scalar(a) for a in args) else result
    return wrapped


_add = _preserving(operator.add)
_sub = _preserving(operator.sub)
_conj = _preserving(np.conj)


def _safe_sub(x: Any, y: Any) -> Any:
    """``x - y`` with ``inf - inf == 0``."""
    dtype = _dtype(x)
    with np.errstate(invalid="ignore"):
        return np.where(np.equal(x, y), np.array(0, dtype), np.subtract(x, y, dtype=dtype))


def _scalar_mul(xs: Any, a: float) -> Any:
    def mul(x: Any) -> Any:
        dtype = _dtype(x)
        result = np.multiply(x, np.array(a, dtype=dtype), dtype=dtype)
        return result.item() if _is_python_scalar(x) else result
    return tree.tree_map(mul, xs)


def _rand_like(rng: np.random.RandomState, x: Any) -> Any:
    shape = np.shape(x)
    dtype = _dtype(x)
    result = np.asarray(rng.randn(*shape), dtype=dtype)
    if dtype.kind == "c":
        result = result + dtype.type(1.0j) * np.asarray(rng.randn(*shape), dtype=dtype)
    return result.item() if _is_python_scalar(x) else result


def numerical_jvp(f: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any], eps: float = EPS) -> Any:
    """The central finite difference of ``f`` at ``primals`` in the direction ``tangents``."""
    delta = _scalar_mul(tangents, eps)
    f_pos = f(*tree.tree_map(_add, primals, delta))
    f_neg = f(*tree.tree_map(_sub, primals, delta))
    return _scalar_mul(tree.tree_map(_safe_sub, f_pos, f_neg), 0.5 / eps)


def _merge(tol: Tolerance, default: dict[np.dtype[Any], float]) -> Tolerance:
    if tol is None:
        return default
    if not isinstance(tol, Mapping):
        return tol
    out = dict(default)
    out.update({np.dtype(k): v for k, v in tol.items()})
    return out


def _suffixed(err_msg: str, what: str) -> str:
    return f"{err_msg} {what}" if err_msg else what


def check_jvp(f: Callable[..., Any], f_jvp: Callable[..., Any], args: Sequence[Any], atol: Tolerance = None,
              rtol: Tolerance = None, eps: float = EPS, err_msg: str = "") -> None:
    """Check a JVP from automatic differentiation (``f_jvp(primals, tangents)``, usually ``partial(jvp, f)``)
    against finite differences, in one random direction. Raises ``AssertionError`` if they differ."""
    atol = _merge(atol, _GRADIENT_TOLERANCE)
    rtol = _merge(rtol, _GRADIENT_TOLERANCE)
    rng = np.random.RandomState(0)
    tangent = tree.tree_map(functools.partial(_rand_like, rng), args)
    v_out, t_out = f_jvp(args, tangent)
    _check_dtypes_match(v_out, t_out)
    v_expected = f(*args)
    _check_dtypes_match(v_out, v_expected)
    t_expected = numerical_jvp(f, args, tangent, eps=eps)
    check_close(v_out, v_expected, atol=atol, rtol=rtol, err_msg=_suffixed(err_msg, "primal"))
    check_close(t_out, t_expected, atol=atol, rtol=rtol, err_msg=_suffixed(err_msg, "tangent"))


def check_vjp(f: Callable[..., Any], f_vjp: Callable[..., Any], args: Sequence[Any], atol: Tolerance = None,
              rtol: Tolerance = None, eps: float = EPS, err_msg: str = "") -> None:
    """Check a VJP from automatic differentiation (``f_vjp(*args)``, usually ``partial(vjp, f)``) against finite
    differences: the cotangent's projection on one random direction. Raises ``AssertionError`` if they differ."""
    atol = _merge(atol, _GRADIENT_TOLERANCE)
    rtol = _merge(rtol, _GRADIENT_TOLERANCE)
    rand = functools.partial(_rand_like, np.random.RandomState(0))
    v_out, vjp_fun = f_vjp(*args)
    v_expected = f(*args)
    check_close(v_out, v_expected, atol=atol, rtol=rtol, err_msg=_suffixed(err_msg, "primal"))
    tangent = tree.tree_map(rand, args)
    tangent_out = numerical_jvp(f, args, tangent, eps=eps)
    cotangent = tree.tree_map(rand, v_out)
    cotangent_out = tree.tree_map(_conj, vjp_fun(tree.tree_map(_conj, cotangent)))
    ip = _inner_prod(tangent, cotangent_out)
    ip_expected = _inner_prod(tangent_out, cotangent)
    check_close(ip, ip_expected, atol=atol, rtol=rtol, err_msg=_suffixed(err_msg, "cotangent projection"))


def check_grads(f: Callable[..., Any], args: Sequence[Any], order: int, modes: Sequence[str] = ("fwd", "rev"),
                atol: Tolerance = None, rtol: Tolerance = None, eps: float | None = None) -> None:
    """Check the derivatives of ``f`` at ``args`` from automatic differentiation against finite differences, up to
    ``order``, in forward mode (``"fwd"``), reverse mode (``"rev"``) and through ``linearize`` (``"lin"``), each in
    one random direction (JAX's ``jax.test_util.check_grads``). Raises ``AssertionError`` if they differ."""
    args = tuple(args)
    step = eps or EPS

    def check(fun: Callable[..., Any], xs: Sequence[Any], n: int, err_msg: str = "") -> None:
        if "fwd" in modes:
            msg = f"JVP of {err_msg}" if err_msg else "JVP"
            check_jvp(fun, functools.partial(jvp, fun), xs, atol, rtol, step, msg)
            if n > 1:
                check(functools.partial(jvp, fun), (xs, xs), n - 1, msg)
        if "rev" in modes:
            msg = f"VJP of {err_msg}" if err_msg else "VJP"
            check_vjp(fun, functools.partial(vjp, fun), xs, atol, rtol, step, msg)
            if n > 1:
                def fun_vjp(*a: Any) -> Any:
                    out, pullback = vjp(fun, *a)
                    return pullback(out)
                check(fun_vjp, xs, n - 1, msg)
        if "lin" in modes:
            msg = f"LIN of {err_msg}" if err_msg else "LIN"
            check_jvp(fun, functools.partial(_jvp_from_lin, fun), xs, atol, rtol, step, msg)
            if n > 1:
                check(functools.partial(_jvp_from_lin, fun), (xs, xs), n - 1, msg)

    check(f, args, order)


def _jvp_from_lin(f: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    primal_out, f_lin = linearize(f, *primals)
    return primal_out, f_lin(*tangents)
