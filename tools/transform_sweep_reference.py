"""Write JAX 0.10.2's results for every public function of ``arraytyping.numpy`` (its ``linalg`` and ``fft`` too) and
``arraytyping.nn``, called on float32 arrays eagerly and under ``jit``, ``grad``, ``jit(grad)``, ``jvp``, ``vmap``
and ``grad`` of a weakly typed scale, to ``tests/data/transform_sweep_reference.json``.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/transform_sweep_reference.py [--venv .jaxref-venv]
    JAXREF_ONLY=fft.fftn,unique_all python tools/transform_sweep_reference.py   # these functions only, merged in

Each function is tried with four argument lists (``ARGS``: a vector, two vectors, a matrix, two matrices), whether
or not it takes them: what JAX refuses is recorded as its error class, and the runtime must refuse it too.
``grad`` differentiates the sum of the real part of the first output. Results are recorded as dtype, weak flag and
values (rounded to 6 significant digits); a result that is no array, by its type's name.
``tests/runtime/test_transform_sweep.py`` runs the same calls on the runtime and compares them.
"""
from __future__ import annotations

import ast
import json
import os
import sys
from collections.abc import Collection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "transform_sweep_reference.json"
PACKAGE = ref.ROOT / "src" / "arraytyping"

ARGS: dict[str, list[list[list[float]] | list[float]]] = {
    "1": [[0.0, 0.5, -1.5, 2.0]],
    "2": [[0.0, 0.5, -1.5, 2.0], [1.0, 0.0, 2.5, -0.5]],
    "m": [[[2.0, 0.5, 0.0], [0.5, 3.0, 1.0], [0.0, 1.0, 4.0]]],
    "mm": [[[2.0, 0.5, 0.0], [0.5, 3.0, 1.0], [0.0, 1.0, 4.0]], [[2.0, 0.5, 0.0], [0.5, 3.0, 1.0], [0.0, 1.0, 4.0]]],
}
"""Argument lists (float32 arrays). ``mm``'s two matrices are equal, so binary functions meet ties
(``logaddexp``, ``maximum``)."""

TRANSFORMS = ("eager", "jit", "grad", "jit_grad", "jvp", "vmap", "grad_weak")


def _public(module: str) -> list[str]:
    """The names in ``__all__`` of a module of the package (read from its source: this venv has JAX, not the
    package)."""
    tree = ast.parse((PACKAGE / module).read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return [str(ast.literal_eval(e)) for e in node.value.elts]  # type: ignore[attr-defined]
    raise AssertionError(f"no __all__ in {module}")


def names() -> list[str]:
    """The functions swept: ``numpy``'s public names that are not types, modules, constants, numpy's own helpers
    (index expressions, text and files of arrays: no array result) or ``vectorize`` (a function of a function:
    ``jax_vectorize_reference.json`` holds it; ``apply_along_axis``/``apply_over_axes``, ``jax_numpy_more_reference.json``), ``nn``'s functions (not its ``initializers`` module: ``example_libraries_reference.json`` holds it), and
    ``linalg.``/``fft.``-prefixed ones."""
    skip = {"ndarray", "dtype", "iinfo", "finfo", "promote_types", "result_type", "issubdtype", "isdtype",
            "can_cast", "linalg", "fft", "e", "euler_gamma", "inf", "nan", "newaxis", "pi", "vectorize",
            "s_", "index_exp", "iterable", "character", "flexible", "object_", "array_repr", "array_str", "save",
            "savez",
            # the Array API standard's version string and inspection object, and from_dlpack (a buffer handed
            # over by another library, no function of arrays to transform): jax_array_api_names_reference.json
            "__array_api_version__", "__array_namespace_info__", "from_dlpack",
            # functions of a function (applied along or over axes; ufunc and frompyfunc make one a ufunc), and
            # einsum_path (a contraction path, no array): jax_numpy_more_reference.json holds them
            "apply_along_axis", "apply_over_axes", "ufunc", "frompyfunc", "einsum_path",
            # jnp.bool is jnp.bool_, a scalar type (as the scalar types, left out; jax_numpy_more_reference.json)
            "bool"}
    np_names = [n for n in _public("numpy/__init__.py") if n not in skip and not n[0].isupper()]
    return ([n for n in np_names if n not in _scalar_names()] + [f"nn.{n}" for n in _public("nn/__init__.py") if n != "initializers"]
            + [f"linalg.{n}" for n in _public("numpy/linalg.py") if n[0].islower()]
            + [f"fft.{n}" for n in _public("numpy/fft.py")])


def _scalar_names() -> set[str]:
    tree = ast.parse((PACKAGE / "numpy" / "__init__.py").read_text())
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "arraytyping._src.dtypes.scalar_types":
            out.update(a.asname or a.name for a in node.names)
    return out


def sweep(namespace: dict[str, Any], np: Any, record: Any, only: Collection[str] | None = None
          ) -> dict[str, dict[str, Any]]:
    """Every function of :func:`names` (those in ``only`` where given) on every argument list under every
    transformation: ``record(result)`` or ``["ERR", class name]``. Shared with the test, which passes the runtime's
    namespace."""
    grad, jvp, vmap, jit = namespace["grad"], namespace["jvp"], namespace["vmap"], namespace["jit"]
    xnp = namespace["np"]
    out: dict[str, dict[str, Any]] = {}
    for full in names():
        if only is not None and full not in only:
            continue
        obj: Any = namespace["nn"] if full.startswith("nn.") else xnp
        for part in full.removeprefix("nn.").split("."):
            obj = getattr(obj, part, None)
        if obj is None:
            out[full] = {"missing": True}
            continue
        f = obj
        res: dict[str, Any] = {}
        for arity, raw in ARGS.items():
            args = tuple(np.asarray(a, np.float32) for a in raw)

            def total(*a: Any, f: Any = f) -> Any:
                r = f(*a)
                if isinstance(r, (tuple, list)):
                    r = r[0]
                return xnp.sum(xnp.real(r))

            runs = {
                "eager": lambda: f(*args),
                "jit": lambda: jit(f)(*args),
                "grad": lambda: grad(total)(*args),
                "jit_grad": lambda: jit(grad(total))(*args),
                "jvp": lambda: jvp(total, args, tuple(np.ones_like(a) for a in args))[1],
                "vmap": lambda: vmap(f)(*[np.stack([a, a * 2]) for a in args]),
                "grad_weak": lambda: grad(lambda s: total(*[a * s for a in args]))(1.0),
            }
            for tname in TRANSFORMS:
                try:
                    r = runs[tname]()
                    if isinstance(r, (tuple, list)):
                        r = r[0]
                    res[f"{arity}/{tname}"] = record(r)
                except Exception as e:  # noqa: BLE001 - recorded
                    res[f"{arity}/{tname}"] = ["ERR", type(e).__name__]
        out[full] = res
    return out


def round_values(values: Any) -> Any:
    if isinstance(values, list):
        return [round_values(v) for v in values]
    if isinstance(values, complex):
        return [float(f"{values.real:.6g}"), float(f"{values.imag:.6g}")]
    if isinstance(values, float):
        return float(f"{values:.6g}")
    return values


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import jaxlib
    import numpy as np

    def record(r: Any) -> Any:
        if not hasattr(r, "dtype") or not hasattr(r, "shape"):
            return ["OBJ", type(r).__name__]
        if r.dtype == jax.dtypes.float0:
            return ["float0", False, list(r.shape)]
        return [str(r.dtype), bool(getattr(r, "weak_type", False)), round_values(np.asarray(r).tolist())]

    jax.config.update("jax_numpy_dtype_promotion", "standard")
    jax.config.update("jax_enable_x64", False)
    namespace = {"np": jnp, "nn": jax.nn, "grad": jax.grad, "jvp": jax.jvp, "vmap": jax.vmap, "jit": jax.jit}
    only = os.environ["JAXREF_ONLY"].split(",") if os.environ.get("JAXREF_ONLY") else None
    results = json.loads(OUT.read_text())["results"] if only is not None else {}
    results.update(sweep(namespace, np, record, only))
    data = {
        "generator": "tools/transform_sweep_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__},
        "args": ARGS,
        "results": results,
    }
    OUT.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
