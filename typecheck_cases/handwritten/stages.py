"""jit's ahead-of-time stages keep the function's result type: ``jit(f).lower(...).compile()(...)`` is what
``f(...)`` is; the stages' own attributes are as ``jax.stages`` has them. The top-level helpers about devices and
tracing are typed by their signatures.

Checked by pyright, mypy (with and without the plugin), pyrefly and ty.
"""

from __future__ import annotations

from typing import Any

from typing_extensions import assert_type

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import Array, float32, stages


def loss(w: Array[float32], x: Array[float32]) -> Array[float32]:
    return anp.tanh(x @ w).sum()


def ahead_of_time(w: Array[float32], x: Array[float32]) -> Array[float32]:
    jitted = at.jit(loss)
    traced = jitted.trace(w, x)
    assert_type(traced, stages.Traced[Array[float32]])
    assert_type(traced.fun_name, str)
    lowered = jitted.lower(at.ShapeDtypeStruct((3,), anp.float32), x)
    assert_type(lowered, stages.Lowered[Array[float32]])
    assert_type(lowered.as_text(), str)
    compiled = lowered.compile()
    assert_type(compiled, stages.Compiled[Array[float32]])
    assert_type(compiled.as_text(), str | None)
    assert_type(compiled.donate_argnums, tuple[int, ...])
    out = compiled(w, x)
    assert_type(out, Array[float32])
    assert_type(traced.lower().compile()(w, x), Array[float32])
    return out


def static_arguments(x: Array[float32]) -> Array[float32]:
    def scale(x: Array[float32], n: int) -> Array[float32]:
        return x * n

    compiled = at.jit(scale, static_argnums=1).lower(x, 2).compile()
    return compiled(x)  # the static argument is not passed again


def environment(x: Array[float32]) -> int:
    assert_type(at.device_count(), int)
    assert_type(at.local_devices(), list[Any])
    assert_type(at.default_backend(), str)
    assert_type(at.process_index(), int)
    with at.disable_jit():
        at.jit(loss)(x, x)
    with at.named_scope("layer"), at.ensure_compile_time_eval():
        y = x + 1
    named = at.named_call(loss, name="l")
    assert_type(named(x, x), Array[float32])
    def double(v: Array[float32]) -> Array[float32]:
        return 2.0 * v

    transposed = at.linear_transpose(double, x)
    transposed(x)
    host = at.device_get(y)
    _ = host
    return at.device_count() + at.process_count()


def errors_are_jax_classes() -> None:
    def to_int(v: Array[float32]) -> int:
        return int(v)

    try:
        at.jit(to_int)(anp.float32(1.0))
    except at.errors.ConcretizationTypeError as e:
        assert_type(e, at.errors.ConcretizationTypeError)
    except at.errors.TracerIntegerConversionError:
        pass
