"""Elementwise unary functions (``negative``, ``abs``, ``exp``, ``invert``...), as JAX 0.10.2's ``jax.numpy``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arraytyping._src.runtime import lax
from arraytyping._src.runtime.dispatch import JitFunction
from arraytyping._src.runtime.numpy._promotion import (
    jitted, kind_of, operand, promote_args, promote_args_inexact, to_bool,
)


def _unary(name: str, body: Callable[[Any], Any]) -> JitFunction:
    body.__name__ = name
    return jitted(body, name)


def _negative(x: Any) -> Any:
    x = promote_args(x)[0]
    if kind_of(x) == "b":
        raise TypeError("negative does not accept bool operands; use logical_not")
    return lax.neg(x)


def _positive(x: Any) -> Any:
    return promote_args(x)[0]


def _abs(x: Any) -> Any:
    x = promote_args(x)[0]
    if kind_of(x) in "bu":
        return x
    return lax.abs(x)


def _sign(x: Any) -> Any:
    x = promote_args(x)[0]
    if kind_of(x) == "b":
        raise TypeError("sign does not accept bool operands")
    return lax.sign(x)


def _inexact_unary(name: str, op: Callable[[Any], Any]) -> JitFunction:
    def body(x: Any) -> Any:
        return op(promote_args_inexact(x)[0])
    return _unary(name, body)


def _invert(x: Any) -> Any:
    x = promote_args(x)[0]
    if kind_of(x) not in "biu":
        raise TypeError(f"invert/bitwise_not accepts bool and integer operands, got {operand(x)[0]}")
    return lax.bitwise_not(x)


def _logical_not(x: Any) -> Any:
    return lax.bitwise_not(to_bool(promote_args(x)[0]))


negative = _unary("negative", _negative)
positive = _unary("positive", _positive)
abs = _unary("abs", _abs)
absolute = abs
sign = _unary("sign", _sign)
exp = _inexact_unary("exp", lax.exp)
log = _inexact_unary("log", lax.log)
sqrt = _inexact_unary("sqrt", lax.sqrt)
sin = _inexact_unary("sin", lax.sin)
cos = _inexact_unary("cos", lax.cos)
tanh = _inexact_unary("tanh", lax.tanh)
invert = _unary("invert", _invert)
bitwise_not = invert
logical_not = _unary("logical_not", _logical_not)
