"""Write JAX 0.10.2's ``jax.monitoring`` reports to ``tests/data/monitoring_reference.json``: the events JAX reports
while compiling a ``jit`` function (first call, second call, ``trace``/``lower``/``compile`` ahead of time,
``make_jaxpr``, an eager operation), kept to the reports that name the case's own function (JAX also reports the
small computations its own helpers compile, which differ), as ``(kind, event, metadata)``; and the listeners' API
(records of each kind, unregistering, clearing, errors by class), with x64 off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/monitoring_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy), so ``tests/runtime/test_monitoring.py`` runs the very same expressions on the runtime.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "monitoring_reference.json"

PRELUDE = '''
mon = at.monitoring
log = []

def on_event(event, **kw):
    log.append(("event", event, sorted(kw.items())))

def on_duration(event, secs, **kw):
    assert isinstance(secs, float) and secs >= 0
    log.append(("duration", event, sorted(kw.items())))

def on_span(event, start, end, **kw):
    assert end >= start
    log.append(("span", event, sorted(kw.items())))

def on_scalar(event, value, **kw):
    log.append(("scalar", event, sorted(kw.items())))

def listening(thunk, names):
    """The reports of the compilation steps naming one of ``names`` while ``thunk`` runs."""
    listeners = [(mon.register_event_listener, mon.unregister_event_listener, on_event),
                 (mon.register_event_duration_secs_listener, mon.unregister_event_duration_listener, on_duration),
                 (mon.register_event_time_span_listener, mon.unregister_event_time_span_listener, on_span),
                 (mon.register_scalar_listener, mon.unregister_scalar_listener, on_scalar)]
    log.clear()
    for register, _, f in listeners:
        register(f)
    try:
        thunk()
    finally:
        for _, unregister, f in listeners:
            unregister(f)
    return str([r for r in log if dict(r[2]).get("fun_name") in names])

def reports(thunk):
    """Every report while ``thunk`` runs (the cases that record their own)."""
    log.clear()
    fs = [on_event, on_duration, on_span, on_scalar]
    regs = [mon.register_event_listener, mon.register_event_duration_secs_listener,
            mon.register_event_time_span_listener, mon.register_scalar_listener]
    unregs = [mon.unregister_event_listener, mon.unregister_event_duration_listener,
              mon.unregister_event_time_span_listener, mon.unregister_scalar_listener]
    for r, f in zip(regs, fs):
        r(f)
    try:
        thunk()
    finally:
        for u, f in zip(unregs, fs):
            u(f)
    return str(list(log))

def square_plus_one(x):
    return x * x + 1

def cubed(x):
    return x * x * x

def halved(x):
    return x / 2

def summed(x, y):
    return (x + y).sum()

jitted = at.jit(square_plus_one)
x3 = jnp.ones(3)
'''
"""Inputs and helpers, evaluated in the namespace before the cases."""

CASES: dict[str, str] = {
    "jit_first_call": "listening(lambda: jitted(x3), {'square_plus_one', 'jit(square_plus_one)'})",
    "jit_second_call": "listening(lambda: jitted(x3), {'square_plus_one', 'jit(square_plus_one)'})",
    "jit_new_shape": "listening(lambda: jitted(jnp.ones(4)), {'square_plus_one', 'jit(square_plus_one)'})",
    "jit_two_arguments": "listening(lambda: at.jit(summed)(x3, 2.0), {'summed', 'jit(summed)'})",
    "aot_trace": "listening(lambda: at.jit(cubed).trace(x3), {'cubed', 'jit(cubed)'})",
    "aot_lower": "listening(lambda: at.jit(cubed).trace(x3).lower(), {'cubed', 'jit(cubed)'})",
    "aot_compile": ("listening((lambda lowered: lambda: lowered.compile())(at.jit(halved).lower(x3)), "
                    "{'halved', 'jit(halved)'})"),
    "make_jaxpr": "listening(lambda: at.make_jaxpr(cubed)(x3), {'cubed', 'jit(cubed)'})",
    "eager_operation": "listening(lambda: jnp.cos(jnp.ones((5, 7))), {'cos', 'jit(cos)'})",
    "record_event": "reports(lambda: mon.record_event('/app/e', step=3, name='a'))",
    "record_duration": "reports(lambda: mon.record_event_duration_secs('/app/d', 1.5, step=3))",
    "record_span": "reports(lambda: mon.record_event_time_span('/app/s', 1.0, 2.0, step=3))",
    "record_scalar": "reports(lambda: mon.record_scalar('/app/v', 0.25, step=3))",
    "unregistered_listener": "mon.unregister_event_listener(on_event)",
    "unregistered_duration_listener": "mon.unregister_event_duration_listener(on_duration)",
    "unregistered_span_listener": "mon.unregister_event_time_span_listener(on_span)",
    "unregistered_scalar_listener": "mon.unregister_scalar_listener(on_scalar)",
    "clear_event_listeners": ("(mon.register_event_listener(on_event), mon.register_event_duration_secs_listener("
                              "on_duration), mon.clear_event_listeners(), log.clear(), mon.record_event('/app/e'), "
                              "mon.record_event_duration_secs('/app/d', 1.0), str(log))[-1]"),
}
"""Name -> expression (evaluated after :data:`PRELUDE`), in order: the second call follows the first."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = cases.record) -> dict[str, Any]:
    """Every case in ``namespace`` (JAX's, or the runtime's): shared with the test, which passes the runtime's
    namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=False, record_leaf=record_leaf,
                           label="<monitoring>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp

    cases.write_per_x64(OUT, "tools/monitoring_reference.py", lambda: run({"at": jax, "jnp": jnp}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
