"""Write JAX 0.10.2's results for ``jax.debug.log`` and the debug effects to ``tests/data/debug_log_reference.json``:
the records it logs (level, the caller's file and line, the message with the run-time values: eagerly, under
``jit``, ``vmap`` and ``grad``, the two-call form, messages without fields), the errors of mismatched arguments
(class and message), and how ``DebugEffect`` and ``OrderedDebugEffect`` print, with x64 off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/debug_log_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy; ``LOGGER``: the name of its debug logger), so ``tests/runtime/test_debug_log.py`` runs the very
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

OUT = ref.ROOT / "tests" / "data" / "debug_log_reference.json"

PRELUDE = '''
import logging

class Keep(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.seen = []
    def emit(self, record):
        self.seen.append(f"{record.levelname} {record.filename}:{record.lineno} {record.getMessage()}")

def logged(fn, *a):
    keep = Keep()
    logger = logging.getLogger(LOGGER)
    logger.addHandler(keep)
    try:
        fn(*a)
        at.effects_barrier()
    finally:
        logger.removeHandler(keep)
    return keep.seen

def fails(fn, *a):
    try:
        fn(*a)
    except Exception as e:
        return (type(e).__name__, str(e))
    return "no error"

def kw(x):
    at.debug.log("x = {x}", x=x)
    return x

def pos(x, y):
    at.debug.log("{} and {}", x, y)
    return x * y

def square(x):
    at.debug.log("x is {}", x)
    return x * x

f32 = jnp.float32
v3 = jnp.array([1.5, -2.0, 3.25], dtype=jnp.float32)
'''

CASES: dict[str, str] = {
    "eager_kwargs": "logged(kw, v3)",
    "eager_scalar": "logged(kw, f32(2.5))",
    "eager_int": "logged(kw, jnp.arange(4))",
    "eager_positional": "logged(pos, f32(2.0), jnp.int32(3))",
    "jit": "logged(at.jit(kw), v3)",
    "jit_weak": "logged(at.jit(kw), 2.0)",
    "jit_positional": "logged(at.jit(pos), 1.0, v3)",
    "vmap": "logged(at.vmap(kw), v3)",
    "grad": "logged(at.grad(square), f32(3.0))",
    "static_string_arg": "logged(lambda x: at.debug.log('{} {}', x, 'units'), f32(4.0))",
    "two_call_form": "logged(lambda x: at.debug.log(ordered=True)('two {}', x), f32(1.25))",
    "no_fields": "logged(lambda x: at.debug.log('values', x, 2 * x, skip_format_check=True), f32(1.0))",
    "literal_only": "logged(lambda: at.debug.log('just text'))",
    "format_spec": "logged(lambda x: at.debug.log('{:.2f}', x), f32(3.14159))",
    "err_unused_positional": "fails(at.debug.log, 'no field', f32(1.0))",
    "err_unused_keyword": "fails(lambda: at.debug.log('x', y=f32(1.0)))",
    "err_two_call_args": "fails(lambda: at.debug.log(None, f32(1.0)))",
    "err_missing_field": "fails(lambda: at.debug.log('{a}'))",
    "effects_str": "(str(at.debug.DebugEffect()), str(at.debug.OrderedDebugEffect()))",
    "effects_classes": "(at.debug.DebugEffect.__name__, at.debug.OrderedDebugEffect.__name__, "
                       "issubclass(at.debug.OrderedDebugEffect, at.debug.DebugEffect), "
                       "isinstance(at.debug.DebugEffect(), at.debug.OrderedDebugEffect))",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=True, record_leaf=record_leaf, label="<debug_log>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/debug_log_reference.py",
                        lambda: run({"at": jax, "jnp": jnp, "np": np, "LOGGER": "jax._src.debugging"}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
