"""Run-time checks as users write them: ``checkify`` keeps the checked function's parameters and returns
``(Error, result)``; the error's queries are typed; ``check`` takes a predicate, a message and formatting arrays; the
error categories combine as sets.

Checked by every checker (tests/typing/test_handwritten.py).
"""

from __future__ import annotations

from typing_extensions import assert_type

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, float32
from arraytyping.experimental import checkify


def safe_log(x: Array[float32]) -> Array[float32]:
    checkify.check(anp.all(x > 0), "log of {}", x)
    return anp.log(x)


def pair(x: Array[float32], scale: float) -> tuple[Array[float32], int]:
    checkify.debug_check(anp.all(x > scale), "too small")
    return x, 3


def use(x: Array[float32]) -> None:
    err, out = checkify.checkify(safe_log)(x)
    assert_type(err, checkify.Error)
    assert_type(out, Array[float32])
    assert_type(err.get(), "str | None")
    err.throw()
    checkify.check_error(err)
    e2, (y, n) = checkify.checkify(pair, errors=checkify.all_checks)(x, 2.0)
    assert_type(e2, checkify.Error)
    assert_type(y, Array[float32])
    assert_type(n, int)
    errors = checkify.float_checks | checkify.index_checks
    assert_type(errors, frozenset[checkify.ErrorCategory])
    e3, _ = at.jit(checkify.checkify(safe_log, errors=errors))(x)
    assert_type(e3.get(), "str | None")
    assert_type(checkify.init_error, checkify.Error)
    try:
        err.throw()
    except checkify.JaxRuntimeError as exc:
        assert_type(str(exc), str)
