"""Write JAX 0.10.2's results for ``jax.random.random_gamma_p`` bound directly to
``tests/data/random_primitives_reference.json``: its samples (bit for bit: values, dtypes, weak flags) on typed
keys of several seeds, one key or one per element, in value and log space, under ``jit`` and ``vmap``, with x64
off and on.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/random_primitives_reference.py [--venv .jaxref-venv]

The cases are source text evaluated in a namespace of the library under test (``at``: the top-level module;
``jnp``: its numpy; ``random``: its random module), so ``tests/runtime/test_random_primitives.py`` runs the very
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

OUT = ref.ROOT / "tests" / "data" / "random_primitives_reference.json"

PRELUDE = '''
a3 = jnp.asarray([0.3, 1.0, 4.5], dtype=jnp.float32)
small = jnp.asarray([0.01, 0.7, 9.0], dtype=jnp.float32)
g = random.random_gamma_p
'''

CASES: dict[str, str] = {
    **{f"gamma_seed{s}": f"g.bind(random.key({s}), a3, log_space=False)" for s in (0, 42, 2**31 - 1)},
    **{f"loggamma_seed{s}": f"g.bind(random.key({s}), small, log_space=True)" for s in (0, 42)},
    "per_element_keys": "g.bind(random.split(random.key(1), 3), a3, log_space=False)",
    "matrix": "g.bind(random.key(7), jnp.asarray([[0.5, 2.0], [3.0, 0.1]], dtype=jnp.float32), log_space=False)",
    "jit": "at.jit(lambda k, a: g.bind(k, a, log_space=False))(random.key(3), a3)",
    "vmap_keys": "at.vmap(lambda k: g.bind(k, a3, log_space=False))(random.split(random.key(5), 2))",
    "float64_operand": "g.bind(random.key(0), jnp.asarray([0.3, 2.5], dtype=jnp.float64), log_space=False)",
    "name": "g.name",
}
"""Name -> expression (evaluated after :data:`PRELUDE`)."""

CONFIGS: tuple[str, ...] = cases.X64_CONFIGS


def exact(r: Any) -> list[Any]:
    """An array leaf bit for bit: its dtype, weak flag and the hex of its bytes."""
    import numpy as np

    a = np.asarray(r)
    return [str(a.dtype), bool(getattr(r, "weak_type", False)), np.ascontiguousarray(a).tobytes().hex()]


def run(namespace: dict[str, Any], record_leaf: Callable[[Any], Any] = exact) -> dict[str, Any]:
    """Every case evaluated in ``namespace`` (after the prelude), as ``tools/case_reference.py`` records it. Shared
    with the test, which passes the runtime's namespace."""
    return cases.run_cases(namespace, PRELUDE, CASES, messages=True, record_leaf=record_leaf,
                           label="<random_primitives>")


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import numpy as np

    cases.write_per_x64(OUT, "tools/random_primitives_reference.py",
                        lambda: run({"at": jax, "jnp": jnp, "np": np, "random": jax.random}))


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
