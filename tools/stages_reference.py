"""Write JAX 0.10.2's ahead-of-time stages of jitted functions (``jit(f).trace``, ``.lower``, ``.compile``: what
each holds and prints, and the errors of a compiled call with other arguments) to
``tests/data/stages_reference.json``.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/stages_reference.py [--venv .jaxref-venv]

:func:`record` does the recording for a namespace (``jit``, ``np``, ``ShapeDtypeStruct``, ``tree_leaves``,
``asarray``): JAX's here, arraytyping's in ``tests/runtime/test_stages.py``, which compares the two. Functions are
source strings over ``np`` (``jax.numpy`` / ``arraytyping.numpy``) and the helpers in ``HELPERS``; arguments are specs
as in ``tools/transform_reference.py`` (``float32[3]``, ``py:2.0``), or ``sds:float32[3]`` for a
``ShapeDtypeStruct`` (lowered without data; the compiled function is then called with an array of that type).
What JAX's compiler prints (the optimized HLO, its cost estimates) is not recorded, only the module's name.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)
import transform_reference as tref  # noqa: E402  (same folder: the argument specs)

OUT = ref.ROOT / "tests" / "data" / "stages_reference.json"

HELPERS = '''
def f(x, y):
    return np.sin(x) * y + 1.0

def h(p, *, scale):
    return {"s": p["a"] * scale, "t": (p["b"],)}

def scale(x, n):
    return x * n

def two(a):
    return a, a + 1

def ident(a):
    return a

def dot(w, x):
    return np.tanh(x @ w).sum()
'''

# name -> (function source, jit's keyword arguments, positional argument specs, keyword argument specs,
#          other calls of the compiled function: (positional specs, keyword specs) each, recorded as errors)
CASES: dict[str, tuple[str, dict[str, Any], list[Any], dict[str, Any], list[tuple[list[Any], dict[str, Any]]]]] = {
    "f": ("f", {}, ["float32[3]", "float32[]"], {}, [
        (["float32[4]", "float32[]"], {}), (["int32[3]", "float32[]"], {}), (["float32[3]"], {}),
        (["float32[2]", "int32[]"], {}), (["float32[3]", "float32[]", "float32[]"], {})]),
    "f_structs": ("f", {}, ["sds:float32[3]", "sds:float32[3]"], {}, [(["float32[3]", "float32[]"], {})]),
    "f_scalar": ("f", {}, ["float32[2]", "py:2.0"], {}, [(["float32[2]", "py:2"], {})]),
    "pytree_kwargs": ("h", {}, [{"a": "float32[3]", "b": "py:1"}], {"scale": "py:2.0"}, [
        ([{"a": "float32[3]", "b": "py:1.0"}], {"scale": "py:2.0"}),
        ([{"a": "float32[2]", "b": "py:1"}], {"scale": "py:2.0"}),
        ([{"a": "float32[3]"}], {"scale": "py:2.0"}),
        ([{"a": "float32[3]", "b": "py:1"}], {})]),
    "static_argnums": ("scale", {"static_argnums": 1}, ["float32[3]", "py:2.0"], {}, [
        (["float32[3]", "py:2.0"], {})]),
    "static_argnames": ("scale", {"static_argnames": "n"}, ["float32[3]"], {"n": "py:3"}, [(["float32[3]"], {})]),
    "tuple_out": ("two", {}, ["py:1"], {}, [(["float32[]"], {})]),
    "identity_weak": ("ident", {}, ["py:1.0"], {}, []),
    "lambda": ("lambda x: x * 2.0", {}, ["float32[2,2]"], {}, [(["float32[2]"], {})]),
    "matmul": ("dot", {}, ["float32[3,2]", "float32[4,3]"], {}, [(["float32[3,2]", "float32[4,2]"], {})]),
    "int_bool": ("lambda a, b: np.where(b, a, -a)", {}, ["int32[3]", "bool[3]"], {}, [
        (["int32[3]", "int32[3]"], {})]),
}


def record(ns: dict[str, Any], np_dtype: Any) -> dict[str, Any]:
    """Every case's stages as plain data, with the namespace ``ns``; ``np_dtype(name)`` is the numpy dtype of a
    dtype name."""
    import numpy as np

    namespace = dict(ns)
    exec(HELPERS, namespace)  # noqa: S102 - our own helpers
    jit, sds = ns["jit"], ns["ShapeDtypeStruct"]

    def arg(spec: Any, abstract: bool) -> Any:
        def leaf(s: str) -> Any:
            if s.startswith("sds:"):
                dt, shape, weak = tref.parse(s[4:])
                if abstract:
                    return sds(shape, np_dtype(dt), weak_type=weak)
                s = s[4:]
            dt = tref.parse(s)[0]
            return ns["asarray"](tref.concrete(s, np_dtype(dt)))
        return tref.build(spec, leaf)

    def args_of(specs: list[Any], kwspecs: dict[str, Any], abstract: bool) -> tuple[list[Any], dict[str, Any]]:
        return [arg(s, abstract) for s in specs], {k: arg(v, abstract) for k, v in kwspecs.items()}

    def error(e: BaseException) -> dict[str, str]:
        return {"class": type(e).__name__, "message": str(e)}

    out: dict[str, Any] = {}
    for name, (src, jit_kwargs, specs, kwspecs, bad_calls) in CASES.items():
        fn = jit(eval(src, namespace), **jit_kwargs)  # noqa: S307 - our own table
        args, kwargs = args_of(specs, kwspecs, abstract=True)
        traced = fn.trace(*args, **kwargs)
        lowered = fn.lower(*args, **kwargs)
        compiled = lowered.compile()
        text = lowered.as_text()
        cost = lowered.cost_analysis() or {}
        memory = compiled.memory_analysis()
        cargs, ckwargs = args_of(specs, kwspecs, abstract=False)
        again = fn(*cargs, **ckwargs)
        static_nums = jit_kwargs.get("static_argnums", ())
        static_nums = (static_nums,) if isinstance(static_nums, int) else static_nums
        static_names = jit_kwargs.get("static_argnames", ())
        static_names = (static_names,) if isinstance(static_names, str) else static_names
        cargs = [a for i, a in enumerate(cargs) if i not in static_nums]  # a compiled call takes no static ones
        ckwargs = {k: v for k, v in ckwargs.items() if k not in static_names}
        result = compiled(*cargs, **ckwargs)
        errors = []
        for bad_specs, bad_kw in bad_calls:
            bargs, bkw = args_of(bad_specs, bad_kw, abstract=False)
            try:
                compiled(*bargs, **bkw)
                errors.append(None)
            except Exception as e:  # noqa: BLE001 - recorded
                errors.append(error(e))
        out[name] = {
            "traced": {"fun_name": traced.fun_name, "jaxpr": str(traced.jaxpr), "out_info": repr(traced.out_info),
                       "in_tree": repr(traced.in_tree), "out_tree": repr(traced.out_tree),
                       "args_info": repr(traced.args_info), "in_avals": repr(traced.in_avals),
                       "out_avals": repr(traced.out_avals), "donate_argnums": list(traced.donate_argnums)},
            "lowered": {"module": text.splitlines()[0], "main": text.splitlines()[1].strip(),
                        "out_info": repr(lowered.out_info), "in_tree": repr(lowered.in_tree),
                        "out_tree": repr(lowered.out_tree), "args_info": repr(lowered.args_info),
                        "ir_text_equal": str(lowered.compiler_ir(dialect="stablehlo")) == text,
                        "cost": {k: cost[k] for k in ("flops", "transcendentals") if k in cost}},
            "compiled": {"hlo_module": (compiled.as_text() or "").split(",")[0],
                         "in_tree": repr(compiled.in_tree), "out_tree": repr(compiled.out_tree),
                         "args_info": repr(compiled.args_info),
                         "out_info": [[list(s.shape), str(s.dtype)] for s in ns["tree_leaves"](compiled.out_info)],
                         "argument_size_in_bytes": memory.argument_size_in_bytes,
                         "output_size_in_bytes": memory.output_size_in_bytes,
                         "result": [{"dtype": str(x.dtype), "weak_type": bool(getattr(x, "weak_type", False)),
                                     "shape": list(np.shape(x)),
                                     "values": np.asarray(x).astype(np.float64).ravel().tolist()}
                                    for x in ns["tree_leaves"](result)],
                         "same_as_call": all(bool((np.asarray(a) == np.asarray(b)).all())
                                             for a, b in zip(ns["tree_leaves"](result), ns["tree_leaves"](again))),
                         "errors": errors},
        }
    return out


def main_inside() -> None:
    import jax
    import jax.numpy as jnp
    import jaxlib
    import numpy as np

    jax.config.update("jax_numpy_dtype_promotion", "standard")
    jax.config.update("jax_enable_x64", False)
    ns = {"np": jnp, "jit": jax.jit, "ShapeDtypeStruct": jax.ShapeDtypeStruct,
          "tree_leaves": jax.tree_util.tree_leaves, "asarray": jnp.asarray}
    data = {
        "generator": "tools/stages_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__},
        "helpers": HELPERS,
        "cases": record(ns, lambda name: np.dtype(ref.sctype(name))),
    }
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
