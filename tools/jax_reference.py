"""Write JAX 0.10.2's answers on dtype promotion to ``tests/data/jax_reference.json``.

This script is the *only* place that imports ``jax``. It runs in its own virtual environment (never the
project's: jaxlib would pick up ``jax`` and both patch the same C++ classes)::

    python tools/jax_reference.py --venv .jaxref-venv      # creates the venv if needed, then re-runs itself in it

Operands are encoded as short strings so the test-suite can rebuild them without JAX:

    ``dtype:NAME``   ``np.dtype(NAME)``            ``str:NAME``   the string ``NAME``
    ``sctype:NAME``  the scalar type class          ``pytype:int`` the Python class ``int`` (weak)
    ``py:int``       the value ``2`` (``py:float`` = 2.0, ``py:complex`` = 2j, ``py:bool`` = True)
    ``np0:NAME``     a numpy scalar of dtype NAME   ``nparr:NAME`` a numpy array ``(2,)`` of dtype NAME
    ``arr:NAME``     a JAX array ``(2,)`` of dtype NAME, strong; ``warr:NAME`` the same, weakly typed
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "jax_reference.json"
PINS = ["jax==0.10.2", "jaxlib==0.10.2"]

DTYPES = [
    "bool", "uint1", "uint2", "uint4", "uint8", "uint16", "uint32", "uint64",
    "int1", "int2", "int4", "int8", "int16", "int32", "int64",
    "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e8m0fnu",
    "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz",
    "bfloat16", "float16", "float32", "float64", "complex64", "complex128",
]
WEAK = ["int", "float", "complex"]
PY_VALUES: dict[str, Any] = {"int": 2, "float": 2.0, "complex": 2j, "bool": True}
CONFIGS = [("standard", False), ("standard", True), ("strict", False), ("strict", True)]


TRIPLE_DTYPES = ("bool", "uint8", "uint64", "int8", "int32", "int64", "bfloat16", "float16", "float32", "float8_e5m2",
                 "int4", "complex64")
WEAK_ARRAY_DTYPES = ("bool", "int32", "int64", "float32", "float64", "complex64", "complex128", "bfloat16", "float16",
                     "int8", "uint8")


def operand_lists() -> dict[str, list[str]]:
    """The operand specs of each section (no JAX needed: the tests use this to check the data is complete)."""
    pairs_nodes = [f"dtype:{d}" for d in DTYPES] + [f"pytype:{w}" for w in WEAK]
    rt_operands = pairs_nodes + [f"py:{k}" for k in PY_VALUES]
    add_left = [f"arr:{d}" for d in DTYPES] + [f"warr:{d}" for d in WEAK_ARRAY_DTYPES]
    add_right = (add_left + [f"py:{k}" for k in PY_VALUES] + [f"np0:{d}" for d in DTYPES]
                 + [f"nparr:{d}" for d in DTYPES])
    # Weak arrays are not in "single": JAX's result_type reads the weak flag from a tracer's aval, which abstract
    # ShapeDtypeStructs lack; jnp_add covers weak arrays through real tracing.
    single = (rt_operands + [f"str:{d}" for d in DTYPES] + [f"sctype:{d}" for d in DTYPES]
              + [f"np0:{d}" for d in DTYPES] + [f"nparr:{d}" for d in DTYPES])
    triples = [f"dtype:{d}" for d in TRIPLE_DTYPES] + ["py:int", "py:float", "py:complex"]
    return {"pairs": pairs_nodes, "result_type": rt_operands, "add_left": add_left, "add_right": add_right,
            "single": single, "triples": triples}


def section_keys() -> dict[str, list[str]]:
    """Every key each section of the reference must hold."""
    ops = operand_lists()
    pair = lambda xs: [f"{a}|{b}" for a, b in itertools.product(xs, repeat=2)]  # noqa: E731
    add = [f"{a}|{b}" for a in ops["add_left"] for b in ops["add_right"]]
    add += [f"{b}|{a}" for a in ops["add_left"] for b in ops["add_right"] if not b.startswith(("arr:", "warr:"))]
    return {
        "promote_types": pair(ops["pairs"]),
        "result_type": pair(ops["result_type"]),
        "result_type_public": pair(ops["result_type"]),
        "result_type_single": list(ops["single"]),
        "result_type_triples": ["|".join(t) for t in itertools.product(ops["triples"], repeat=3)],
        "canonicalize_dtype": list(DTYPES),
        "jnp_add": add,
    }


def ensure_venv(venv: Path, script: str = __file__) -> None:
    """Create ``venv`` with jax (once), then re-run ``script`` inside it with ``--inside``."""
    py = venv / "bin" / "python"
    if not py.exists():
        subprocess.check_call([sys.executable, "-m", "venv", str(venv)])
        subprocess.check_call([str(py), "-m", "pip", "install", "-q", *PINS])
    os.execv(str(py), [str(py), script, "--inside"])


def cli(doc: str | None, script: str, inside: Callable[[], None]) -> None:
    """The command line the reference tools share: ``--venv`` (created once, with jax pinned), then the tool re-runs
    itself inside it with ``--inside``, which runs ``inside``."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--venv", type=Path, default=ROOT / ".jaxref-venv", help="virtual env with jax==0.10.2")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    ns = parser.parse_args()
    if ns.inside:
        inside()
    else:
        ensure_venv(ns.venv.resolve(), script)


def each_config(jax: Any) -> Iterator[str]:
    """Set JAX to each of the four configurations in turn (inside the jax venv), yielding its key
    (``standard-x32``...)."""
    for mode, x64 in CONFIGS:
        jax.config.update("jax_numpy_dtype_promotion", mode)
        jax.config.update("jax_enable_x64", x64)
        yield f"{mode}-{'x64' if x64 else 'x32'}"


def sctype(name: str) -> Any:
    """The numpy scalar type of a dtype name, ml_dtypes' where numpy has none (inside the jax venv)."""
    import ml_dtypes
    import numpy as np

    return np.dtype(getattr(ml_dtypes, name)).type if hasattr(ml_dtypes, name) else np.dtype(name).type


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import jaxlib
    import ml_dtypes
    import numpy as np
    from jax._src import dtypes as jdt

    def sctype(name: str) -> Any:
        return np.dtype(getattr(ml_dtypes, name)).type if hasattr(ml_dtypes, name) else np.dtype(name).type

    def build(spec: str) -> Any:
        kind, _, name = spec.partition(":")
        if kind == "dtype":
            return np.dtype(sctype(name))
        if kind == "str":
            return name
        if kind == "sctype":
            return sctype(name)
        if kind == "pytype":
            return {"int": int, "float": float, "complex": complex}[name]
        if kind == "py":
            return PY_VALUES[name]
        if kind == "np0":
            return sctype(name)(1)
        if kind == "nparr":
            return np.zeros((2,), dtype=sctype(name))
        if kind in ("arr", "warr"):
            return jax.ShapeDtypeStruct((2,), np.dtype(sctype(name)), weak_type=(kind == "warr"))
        raise ValueError(spec)

    messages: dict[str, str] = {}

    def call(fn: Any, key: str | None = None) -> str:
        """One answer as a short string: ``float32``, ``float32*`` (weak), ``int32 warn`` (a UserWarning was
        raised), or ``error:ClassName`` (its message kept in ``messages`` under ``key``)."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                out = fn()
            except Exception as e:  # noqa: BLE001 - we record the class
                if key is not None:
                    messages[key] = str(e)
                return f"error:{type(e).__name__}"
        if isinstance(out, tuple):
            res = np.dtype(out[0]).name + ("*" if out[1] else "")
        else:
            res = np.dtype(out).name
        if any(issubclass(w.category, UserWarning) for w in caught):
            res += " warn"
        return res

    def add_result(xs: str, ys: str) -> dict[str, Any]:
        """dtype and weak flag of ``jnp.add(x, y)``; arrays are abstract so no dtype needs a backend."""
        arr_args = [s for s in (xs, ys) if s.split(":")[0] in ("arr", "warr")]
        def f(*arrs: Any) -> Any:
            it = iter(arrs)
            ops = [next(it) if s.split(":")[0] in ("arr", "warr") else build(s) for s in (xs, ys)]
            return jnp.add(*ops)
        def run() -> Any:
            out = jax.eval_shape(f, *[build(s) for s in arr_args])
            return (out.dtype, out.weak_type)
        return call(run)

    ops = operand_lists()
    pairs_nodes, rt_operands, add_left, add_right, single, triple_ops = (
        ops["pairs"], ops["result_type"], ops["add_left"], ops["add_right"], ops["single"], ops["triples"])

    invalid: list[tuple[str, list[Any]]] = [
        ("promote_types", ["str:foo", "dtype:int32"]),
        ("promote_types", ["dtype:int32", "str:foo"]),
        ("promote_types", ["OBJECT", "dtype:int32"]),
        ("promote_types", ["STRUCTURED", "dtype:int32"]),
        ("promote_types", ["dtype:int32", "LIST"]),
        ("promote_types", ["str:object", "dtype:int32"]),
        ("promote_types", ["str:U", "dtype:int32"]),
        ("result_type", []),
        ("result_type", ["str:foo"]),
        ("result_type", ["OBJECT"]),
        ("result_type", ["STRUCTURED"]),
        ("result_type", ["LIST"]),
        ("result_type", ["NONE"]),
        ("result_type", ["NONE", "dtype:int32"]),
        ("result_type", ["str:object"]),
        ("result_type", ["str:U"]),
        ("canonicalize_dtype", ["str:foo"]),
        ("canonicalize_dtype", ["LIST"]),
    ]
    special = {"OBJECT": object, "STRUCTURED": np.dtype([("a", "i4"), ("b", "f4")]), "LIST": [1, 2],
               "NONE": None}

    def build_any(spec: str) -> Any:
        return special[spec] if spec in special else build(spec)

    configs: dict[str, Any] = {}
    for mode, x64 in CONFIGS:
        jax.config.update("jax_numpy_dtype_promotion", mode)
        jax.config.update("jax_enable_x64", x64)
        key = f"{mode}-{'x64' if x64 else 'x32'}"
        print("config", key, file=sys.stderr)
        cfg: dict[str, Any] = {}
        cfg["promote_types"] = {
            f"{a}|{b}": call(lambda a=a, b=b: jnp.promote_types(build(a), build(b)), f"{key}/{a}|{b}")
            for a, b in itertools.product(pairs_nodes, repeat=2)
        }
        cfg["result_type"] = {
            f"{a}|{b}": call(lambda a=a, b=b: jdt.result_type(build(a), build(b), return_weak_type_flag=True))
            for a, b in itertools.product(rt_operands, repeat=2)
        }
        cfg["result_type_public"] = {
            f"{a}|{b}": call(lambda a=a, b=b: jnp.result_type(build(a), build(b)))
            for a, b in itertools.product(rt_operands, repeat=2)
        }
        cfg["result_type_single"] = {
            s: call(lambda s=s: jdt.result_type(build(s), return_weak_type_flag=True)) for s in single
        }
        cfg["result_type_triples"] = {
            "|".join(t): call(lambda t=t: jdt.result_type(*map(build, t), return_weak_type_flag=True))
            for t in itertools.product(triple_ops, repeat=3)
        }
        cfg["canonicalize_dtype"] = {d: call(lambda d=d: jdt.canonicalize_dtype(build(f"dtype:{d}")))
                                     for d in DTYPES}
        cfg["jnp_add"] = {f"{a}|{b}": add_result(a, b) for a in add_left for b in add_right}
        cfg["jnp_add"].update({f"{b}|{a}": add_result(b, a) for a in add_left for b in add_right
                               if not b.startswith(("arr:", "warr:"))})
        cfg["invalid"] = [
            {"call": fn, "args": args,
             "result": call(key=f"{key}/{fn}({','.join(args)})", fn=lambda fn=fn, args=args: (
                 jnp.promote_types(*map(build_any, args)) if fn == "promote_types"
                 else jdt.canonicalize_dtype(*map(build_any, args)) if fn == "canonicalize_dtype"
                 else jdt.result_type(*map(build_any, args), return_weak_type_flag=True)))}
            for fn, args in invalid
        ]
        configs[key] = cfg

    data = {
        "generator": "tools/jax_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__,
                     "ml_dtypes": ml_dtypes.__version__},
        "dtypes": DTYPES,
        "weak_types": WEAK,
        "configs": configs,
        "messages": messages,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    cli(__doc__, __file__, main_inside)
