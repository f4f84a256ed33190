"""Write JAX 0.10.2's results for ``jax.experimental.checkify`` to ``tests/data/checkify_reference.json``: the
messages of the errors a checkified function returns (``err.get()``: user checks with formatted run-time values,
NaNs by primitive, divisions by zero, out-of-bounds gathers, dynamic slices and scatters; batched errors under
``vmap``), the outputs beside them (values, dtypes, weak flags), under ``jit``, ``vmap`` and ``grad``; the errors
``check`` raises outside ``checkify`` (class and message: eagerly, under ``vmap``, staged by ``jit``) and those of bad
arguments, with x64 off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/checkify_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy; ``lax``; ``ck``: its checkify module), so ``tests/runtime/test_checkify.py`` runs the very
same expressions on the runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "checkify_reference.json"

PRELUDE = '''
def pos(x):
    ck.check(x > 0, "{x} needs to be positive!", x=x)
    return 1 / x

def two(x):
    ck.check(x > 0, "first {}", x)
    ck.check(x > -10, "second {a} {b}", a=x, b=2 * x)
    return x * 2

def dbg(x):
    ck.debug_check(x != 0, "cannot be zero!")
    return x + 1

def msg(c):
    err, out = c
    return (err.get(), out)

def fails(fn, *a):
    try:
        fn(*a)
    except Exception as e:
        return (type(e).__name__, str(e))
    return "no error"

f32 = jnp.float32
v4 = jnp.array([1.0, -2.0, 3.0, -4.0], dtype=jnp.float32)
i3 = jnp.arange(3)
m23 = jnp.arange(6.0).reshape(2, 3)
'''

CASES: dict[str, str] = {
    # user checks
    "check_eager_fail": "msg(ck.checkify(pos)(f32(-3.0)))",
    "check_eager_pass": "msg(ck.checkify(pos)(f32(3.0)))",
    "check_jit_fail": "msg(at.jit(ck.checkify(pos))(-3.0))",
    "check_jit_pass": "msg(at.jit(ck.checkify(pos))(2.0))",
    "check_int_operand": "msg(at.jit(ck.checkify(pos))(-3))",
    "check_str_error": "str(at.jit(ck.checkify(pos))(-3.0)[0])",
    "check_str_no_error": "str(at.jit(ck.checkify(pos))(3.0)[0])",
    "check_first_wins": "msg(at.jit(ck.checkify(two))(-20.0))",
    "check_second": "msg(ck.checkify(two)(jnp.array(-20.0)))",
    "check_vmap_of_checkify": "msg(at.vmap(ck.checkify(pos))(v4))",
    "check_checkify_of_vmap": "msg(ck.checkify(at.vmap(pos))(v4))",
    "check_vmap_no_error": "msg(at.vmap(ck.checkify(pos))(jnp.abs(v4)))",
    "check_checkify_of_jit": "msg(ck.checkify(at.jit(pos))(f32(-3.0)))",
    "check_grad_through": "at.grad(lambda x: ck.checkify(pos)(x)[1])(f32(2.0))",
    "check_checkify_of_grad": "msg(ck.checkify(at.grad(pos))(f32(-2.0)))",
    "check_value_and_grad_aux": "at.value_and_grad(lambda x: (lambda e, o: (o, e.get()))(*ck.checkify(pos)(x)), has_aux=True)(f32(4.0))",
    "check_nan_only_drops_user": "msg(ck.checkify(pos, errors=ck.nan_checks)(f32(-3.0)))",
    "check_all_checks": "msg(ck.checkify(pos, errors=ck.all_checks)(f32(-3.0)))",
    "check_python_bool_pred": "msg(ck.checkify(lambda x: ck.check(False, 'always') or x)(f32(1.0)))",
    "debug_check_eager_noop": "dbg(f32(0.0))",
    "debug_check_jit_noop": "at.jit(dbg)(0.0)",
    "debug_check_checkify": "msg(ck.checkify(dbg)(f32(0.0)))",
    "debug_check_checkify_jit": "msg(at.jit(ck.checkify(dbg))(0.0))",
    "raise_eager": "fails(pos, f32(-1.0))",
    "raise_eager_pass": "pos(f32(4.0))",
    "raise_vmap": "fails(at.vmap(pos), v4)",
    "raise_jit_unfunctionalized": "fails(at.jit(pos), -1.0)",
    "raise_grad": "fails(at.grad(pos), f32(-1.0))",
    "throw": "fails(lambda: at.jit(ck.checkify(pos))(-5.0)[0].throw())",
    "throw_no_error": "at.jit(ck.checkify(pos))(5.0)[0].throw()",
    "throw_batched": "fails(lambda: at.vmap(ck.checkify(pos))(v4)[0].throw())",
    "check_error_raises": "fails(ck.check_error, at.jit(ck.checkify(pos))(-5.0)[0])",
    "check_error_rechecked": "msg(ck.checkify(lambda x: ck.check_error(at.jit(ck.checkify(pos))(x)[0]) or x)(f32(-5.0)))",
    "init_error": "(ck.init_error.get(), str(ck.init_error))",
    "runtime_error_class": "(issubclass(ck.JaxRuntimeError, ValueError), issubclass(ck.JaxRuntimeError, Exception))",
    "categories": "(sorted(c.__name__ for c in ck.all_checks), sorted(c.__name__ for c in ck.automatic_checks), "
                  "sorted(c.__name__ for c in ck.float_checks), [c.__name__ for c in ck.user_checks], "
                  "[c.__name__ for c in ck.nan_checks], [c.__name__ for c in ck.div_checks], "
                  "[c.__name__ for c in ck.index_checks])",
    "err_pred_not_scalar": "fails(ck.check, jnp.array([True, False]), 'm')",
    "err_pred_not_bool": "fails(ck.check, jnp.array(1.0), 'm')",
    "err_pred_numpy_bool": "fails(ck.check, np.bool_(True), 'm')",
    "err_debug_pred_not_scalar": "fails(ck.debug_check, jnp.array([True]), 'm')",
    "err_fmt_arg": "fails(ck.check, jnp.array(True), 'm {}', 3)",
    "err_check_error_type": "fails(ck.check_error, 3)",
    # NaN checks
    "nan_sin": "msg(ck.checkify(lambda x: jnp.sin(x) + x, errors=ck.float_checks)(jnp.inf))",
    "nan_log": "msg(ck.checkify(jnp.log, errors=ck.nan_checks)(f32(-1.0)))",
    "nan_log_ok": "msg(ck.checkify(jnp.log, errors=ck.nan_checks)(f32(2.0)))",
    "nan_jit": "msg(at.jit(ck.checkify(lambda x: jnp.sqrt(x) * 2, errors=ck.nan_checks))(-1.0))",
    "nan_inner_jit": "msg(ck.checkify(at.jit(lambda x: jnp.sqrt(x) * 2), errors=ck.nan_checks)(f32(-1.0)))",
    "nan_propagated_add": "msg(ck.checkify(lambda x: x + 1.0, errors=ck.nan_checks)(f32(np.nan)))",
    "nan_sub_inf": "msg(ck.checkify(lambda x: x - x, errors=ck.nan_checks)(jnp.array([1.0, np.inf])))",
    "nan_mul_zero_inf": "msg(ck.checkify(lambda x, y: x * y, errors=ck.nan_checks)(f32(0.0), f32(np.inf)))",
    "nan_div_zero_zero": "msg(ck.checkify(lambda x, y: x / y, errors=ck.nan_checks)(f32(0.0), f32(0.0)))",
    "nan_dot": "msg(ck.checkify(lambda a: a @ a.T, errors=ck.nan_checks)(jnp.array([[np.inf, -np.inf]])))",
    "nan_sum": "msg(ck.checkify(jnp.sum, errors=ck.nan_checks)(jnp.array([np.inf, -np.inf])))",
    "nan_pow": "msg(ck.checkify(lambda x: x ** 0.5, errors=ck.nan_checks)(f32(-2.0)))",
    "nan_int_ops": "msg(ck.checkify(lambda x: x * 2 + 1, errors=ck.nan_checks)(i3))",
    "nan_vmap": "msg(at.vmap(ck.checkify(jnp.log, errors=ck.nan_checks))(jnp.array([1.0, -1.0, 2.0, -3.0])))",
    "nan_grad": "at.grad(lambda x: ck.checkify(jnp.sin, errors=ck.nan_checks)(x)[1])(f32(0.5))",
    "nan_checkify_of_grad": "msg(ck.checkify(at.grad(jnp.sqrt), errors=ck.nan_checks)(f32(-1.0)))",
    "nan_first_of_two": "msg(ck.checkify(lambda x: jnp.log(jnp.sin(x)), errors=ck.nan_checks)(f32(np.inf)))",
    "nan_complex": "msg(ck.checkify(jnp.sqrt, errors=ck.nan_checks)(jnp.array(np.nan + 1j, jnp.complex64)))",
    # division checks
    "div_int": "msg(ck.checkify(lambda x, y: x // y, errors=ck.div_checks)(jnp.array(3), jnp.array(0)))",
    "div_int_ok": "msg(ck.checkify(lambda x, y: x // y, errors=ck.div_checks)(jnp.array(7), jnp.array(2)))",
    "div_lax_int": "msg(ck.checkify(lax.div, errors=ck.div_checks)(jnp.array([4, 5]), jnp.array([2, 0])))",
    "div_float": "msg(ck.checkify(lambda x, y: x / y, errors=ck.div_checks)(f32(1.0), f32(0.0)))",
    "div_float_ok": "msg(ck.checkify(lambda x, y: x / y, errors=ck.float_checks)(f32(1.0), f32(4.0)))",
    "div_jit": "msg(at.jit(ck.checkify(lambda x, y: x // y, errors=ck.div_checks))(3, 0))",
    "div_vmap": "msg(at.vmap(ck.checkify(lambda x, y: x // y, errors=ck.div_checks))(jnp.array([1, 2, 3]), jnp.array([1, 0, 0])))",
    "div_rem": "msg(ck.checkify(lambda x, y: x % y, errors=ck.div_checks)(jnp.array(3), jnp.array(0)))",
    "div_before_nan": "msg(ck.checkify(lambda x, y: x / y, errors=ck.float_checks)(f32(0.0), f32(0.0)))",
    # index checks
    "index_traced": "msg(ck.checkify(lambda x, i: x[i], errors=ck.index_checks)(i3, jnp.array(5)))",
    "index_traced_negative": "msg(ck.checkify(lambda x, i: x[i], errors=ck.index_checks)(i3, jnp.array(-5)))",
    "index_traced_ok_negative": "msg(ck.checkify(lambda x, i: x[i], errors=ck.index_checks)(i3, jnp.array(-1)))",
    "index_jit": "msg(at.jit(ck.checkify(lambda x, i: x[i], errors=ck.index_checks))(i3, 7))",
    "index_2d": "msg(ck.checkify(lambda x, i, j: x[i, j], errors=ck.index_checks)(m23, jnp.array(1), jnp.array(4)))",
    "index_array": "msg(ck.checkify(lambda x, i: x[i], errors=ck.index_checks)(i3, jnp.array([0, 2, 9, 1])))",
    "index_take": "msg(ck.checkify(lambda x, i: jnp.take(x, i, mode='fill'), errors=ck.index_checks)(i3, jnp.array([4])))",
    "index_dynamic_slice": "msg(ck.checkify(lambda x, i: lax.dynamic_slice(x, (i,), (2,)), errors=ck.index_checks)(i3, jnp.array(2)))",
    "index_dynamic_slice_ok": "msg(ck.checkify(lambda x, i: lax.dynamic_slice(x, (i,), (2,)), errors=ck.index_checks)(i3, jnp.array(1)))",
    "index_dynamic_update_slice": "msg(ck.checkify(lambda x, i: lax.dynamic_update_slice(x, jnp.ones(2, x.dtype), (i,)), errors=ck.index_checks)(i3, jnp.array(-1)))",
    "index_scatter_set": "msg(ck.checkify(lambda x, i: x.at[i].set(9), errors=ck.index_checks)(i3, jnp.array(3)))",
    "index_scatter_add": "msg(ck.checkify(lambda x, i: x.at[i].add(1.0), errors=ck.index_checks)(m23, jnp.array([0, 5])))",
    "index_vmap": "msg(at.vmap(ck.checkify(lambda i: i3[i], errors=ck.index_checks))(jnp.array([0, 3, -4, 2])))",
    "automatic_none": "msg(ck.checkify(lambda x, i: jnp.log(x[i]) // 1, errors=ck.automatic_checks)(m23, jnp.array(1)))",
    "automatic_first": "msg(ck.checkify(lambda x, i: jnp.log(x[i] - 3.0), errors=ck.automatic_checks)(m23, jnp.array(4)))",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=True, record_leaf=record_leaf, label="<checkify>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax
    from jax.experimental import checkify

    cases.write_per_x64(OUT, "tools/checkify_reference.py",
                        lambda: run({"at": jax, "jnp": jnp, "np": np, "lax": lax, "ck": checkify}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
