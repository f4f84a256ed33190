"""Write which strings JAX 0.10.2 takes as a dtype, and the dtype each names, to
``tests/data/jax_dtype_spellings.json``.

The candidates are every string numpy knows a dtype by (``np.sctypeDict``'s names, the type characters, the sized
codes such as ``f4``, each with the byte-order marks), ml_dtypes' names, and misspellings that must be refused. For
each, the record holds ``np.dtype(s).name`` inside JAX's venv (or the error class), and what JAX makes of it as an
explicitly requested dtype: ``jnp.zeros((), dtype=s)``'s dtype with x64 on (no truncation), evaluated abstractly
(``jax.eval_shape``: the CPU cannot hold float6, which is no reason to refuse its name), or the error class.
``arraytyping.lattice.DTYPE_SPELLINGS`` must be exactly the accepted ones (a test checks), so that the static
``Literal`` of dtype strings, the mypy plugin and the runtime accept what JAX accepts and nothing else.

Runs in its own venv with jax (see tools/jax_reference.py, whose venv handling it shares)::

    python tools/jax_dtype_spellings_reference.py [--venv .jaxref-venv]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_dtype_spellings.json"
# Python type names (numpy takes them), and misspellings and non-numeric dtypes that must be refused.
EXTRA_CANDIDATES = ("float33", "Float32", "float", "int", "complex", "bool", "f3", "i3", "u3", "c4", "int99", "float 32",
                "", " float32", "float32 ", "FLOAT32", "bfloat", "fp32", "f32", "i32", "str", "object", "U", "S", "O",
                "V", "M8", "m8", "datetime64", "timedelta64", "float128", "complex256", "longdouble", "clongdouble",
                "g", "G", "void", "bytes", "bytes_", "str_", "a", "float8", "float8_e4m3", "int1", "uint1")


def candidates() -> list[str]:
    """Every string to try (inside the jax venv: it asks numpy and ml_dtypes)."""
    import ml_dtypes
    import numpy as np

    names = {k for k in np.sctypeDict if isinstance(k, str)}
    chars = set(np.typecodes["All"])
    sized = {f"{kind}{size}" for kind in "biufc" for size in (1, 2, 4, 8, 16)}
    ordered = {f"{order}{code}" for order in "<>=|" for code in chars | sized}
    ml = {name for name in dir(ml_dtypes) if not name.startswith("_") and isinstance(getattr(ml_dtypes, name), type)
          and issubclass(getattr(ml_dtypes, name), np.generic)}
    return sorted(names | chars | sized | ordered | ml | set(EXTRA_CANDIDATES))


def main_inside() -> None:
    import warnings

    import jax
    import jax.numpy as jnp
    import numpy as np

    jax.config.update("jax_enable_x64", True)
    out: dict[str, dict[str, str]] = {}
    for s in candidates():
        try:
            numpy_name = np.dtype(s).name
        except Exception as e:  # noqa: BLE001 - the class is the answer
            numpy_name = f"error:{type(e).__name__}"
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                jax_name = str(jax.eval_shape(lambda: jnp.zeros((), dtype=s)).dtype)
        except Exception as e:  # noqa: BLE001
            jax_name = f"error:{type(e).__name__}"
        out[s] = {"numpy": numpy_name, "jax": jax_name}
    OUT.write_text(json.dumps({"generator": "tools/jax_dtype_spellings_reference.py", "jax": jax.__version__,
                               "spellings": out}, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({sum(not v['jax'].startswith('error') for v in out.values())} of {len(out)} accepted)")


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
