"""Write JAX 0.10.2's outcomes of ``jax.test_util.check_grads`` (and ``check_jvp``/``check_vjp``) to
``tests/data/gradient_checks_reference.json``: whether each check passes, or the class of its error and the lines of
its message that name what failed (``JVP tangent``, ``VJP cotangent projection``, ...), with x64 off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/gradient_checks_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module, ``tu``:
its ``test_util``; ``jnp``: its numpy), so ``tests/runtime/test_gradient_checks.py`` runs the very same expressions.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import case_reference as cases  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "gradient_checks_reference.json"

PRELUDE = '''
def f(x):
    return jnp.sin(x) * x ** 2

def loss(W, b):
    return jnp.sum(jnp.tanh(jnp.dot(X, W) + b) ** 2)

X = np.linspace(-1.0, 1.0, 12, dtype=np.float32).reshape(4, 3)
W0 = np.array([0.5, -0.25, 1.0], np.float32)

@at.custom_jvp
def bad_jvp(x):
    return jnp.sin(x)

bad_jvp.defjvp(lambda p, t: (bad_jvp(p[0]), 2.0 * t[0]))

@at.custom_vjp
def bad_vjp(x):
    return jnp.sin(x)

bad_vjp.defvjp(lambda x: (bad_vjp(x), x), lambda x, g: (3.0 * g,))

@at.custom_vjp
def good_vjp(x):
    return jnp.sin(x)

good_vjp.defvjp(lambda x: (good_vjp(x), jnp.cos(x)), lambda c, g: (c * g,))
'''

CASES: dict[str, str] = {
    "scalar_order2": "tu.check_grads(f, (np.float32(1.5),), order=2)",
    "python_scalar": "tu.check_grads(f, (1.5,), order=1)",
    "vector_rev": "tu.check_grads(f, (jnp.arange(3.0),), order=1, modes=['rev'])",
    "loss_order2": "tu.check_grads(loss, (W0, 0.1), order=2)",
    "lin_mode": "tu.check_grads(f, (np.float32(0.7),), order=2, modes=['lin'])",
    "float64": "tu.check_grads(f, (np.float64(0.3),), order=1)",
    "bad_jvp_fwd": "tu.check_grads(bad_jvp, (1.0,), order=1, modes=['fwd'])",
    "bad_jvp_rev": "tu.check_grads(bad_jvp, (1.0,), order=1, modes=['rev'])",
    "bad_jvp_tolerant": "tu.check_grads(bad_jvp, (1.0,), 1, atol=10, rtol=10)",
    "bad_vjp_rev": "tu.check_grads(bad_vjp, (1.0,), order=1, modes=['rev'])",
    "good_vjp_rev": "tu.check_grads(good_vjp, (np.float32(0.4),), order=1, modes=['rev'])",
    "vjp_fwd": "tu.check_grads(good_vjp, (np.float32(0.4),), order=1, modes=['fwd'])",
    "check_jvp": "tu.check_jvp(f, functools.partial(at.jvp, f), (np.float32(2.0),))",
    "check_vjp": "tu.check_vjp(f, functools.partial(at.vjp, f), (np.float32(2.0),))",
    "tuple_args": "tu.check_grads(lambda a: a[0] * a[1], ((np.float32(2.0), np.float32(3.0)),), order=2)",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def run(namespace: dict[str, Any]) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude): ``["ok"]``, or ``["ERR", class name, the lines of
    the message naming the check]``. Shared with the test, which passes the runtime's namespace."""
    import functools
    env = dict(namespace)
    env["functools"] = functools
    exec(PRELUDE, env)  # noqa: S102 - the generator's own fixed text
    out: dict[str, Any] = {}
    for name, source in CASES.items():
        try:
            eval(source, env)  # noqa: S307 - fixed text above
            out[name] = ["ok"]
        except Exception as e:  # noqa: BLE001 - recorded
            lines = [ln for ln in str(e).splitlines() if ln.startswith(("JVP", "VJP", "LIN", "Not equal"))]
            out[name] = ["ERR", type(e).__name__, lines]
    return out


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import jax.test_util as tu
    import numpy as np

    cases.write_per_x64(OUT, "tools/gradient_checks_reference.py",
                        lambda: run({"at": jax, "tu": tu, "jnp": jnp, "np": np}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
