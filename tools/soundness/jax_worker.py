"""Evaluate fuzzer cases with JAX itself (run by ``jax_check`` inside the venv that has ``jax==0.10.2``; this file
imports only the standard library, numpy and jax, never arraytyping).

Reads a JSON list of runs on stdin: ``{"key", "source", "mode", "x64", "params": [{"name", "form", "dtype", "weak",
"shape", "value"}]}``; writes a JSON list of outcomes: ``{"key", "dtype", "weak", "shape", "what"}`` or
``{"key", "error", "message"}``. The generated source names ``anp`` (here ``jax.numpy``), ``at`` (a namespace with
the dtype classes, ``promote_types``, ``result_type`` and ``Array``) and ``np``.
"""

from __future__ import annotations

import json
import sys
import types
import warnings
from typing import Any


def main() -> None:
    import jax  # type: ignore[import-not-found]  # in the JAX venv only
    import jax.numpy as jnp  # type: ignore[import-not-found]
    import numpy as np

    items = json.load(sys.stdin)
    at = types.SimpleNamespace(promote_types=jnp.promote_types, result_type=jnp.result_type, Array=jax.Array,
                               dtypes=jax.dtypes)
    for cls_name in dir(jnp):  # the scalar classes: at.float32 is jnp.float32
        if isinstance(getattr(jnp, cls_name, None), type):
            setattr(at, cls_name, getattr(jnp, cls_name))
    out = []
    for item in items:
        jax.config.update("jax_enable_x64", item["x64"])
        env: dict[str, Any] = {"anp": jnp, "at": at, "nn": jax.nn, "random": jax.random, "fft": jnp.fft, "linalg": jnp.linalg, "lax": jax.lax, "np": np, "jnp": jnp}
        args, names = [], []
        try:
            for p in item["params"]:
                form, dt = p["form"], p.get("dtype")
                if form == "array":
                    names.append(p["name"])
                    args.append(jax.ShapeDtypeStruct(tuple(p["shape"]), jnp.dtype(dt), weak_type=p["weak"]))
                elif form == "ndarray":
                    env[p["name"]] = np.ones(tuple(p["shape"]), dtype=jnp.dtype(dt))
                elif form == "npscalar":
                    env[p["name"]] = jnp.dtype(dt).type(True if dt == "bool" else 2)
                elif form == "dtype":
                    env[p["name"]] = jnp.dtype(dt)
                elif form == "py":
                    env[p["name"]] = complex(*p["value"]) if isinstance(p["value"], list) else p["value"]
                else:
                    env[p["name"]] = p["value"]
        except Exception as e:  # noqa: BLE001 - a dtype this JAX cannot make: not comparable
            out.append({"key": item["key"], "error": "unavailable", "message": f"{type(e).__name__}: {e}"})
            continue
        code = compile(item["source"], "<case>", "eval")
        captured: list[Any] = []

        def f(*vals: Any) -> Any:
            captured.append(eval(code, {**env, **dict(zip(names, vals))}))
            return ()

        try:
            with jax.numpy_dtype_promotion(item["mode"]), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                jax.eval_shape(f, *args)
            r = captured[0]
            if isinstance(r, np.dtype):
                out.append({"key": item["key"], "dtype": str(r), "weak": False, "shape": None, "what": "dtype"})
            elif hasattr(r, "aval") or isinstance(r, jax.ShapeDtypeStruct) or hasattr(r, "weak_type"):
                aval = getattr(r, "aval", r)
                out.append({"key": item["key"], "dtype": str(aval.dtype), "weak": bool(aval.weak_type),
                            "shape": list(aval.shape), "what": "array"})
            else:
                out.append({"key": item["key"], "error": "unexpected result", "message": repr(type(r))})
        except Exception as e:  # noqa: BLE001 - reported to the caller
            out.append({"key": item["key"], "error": type(e).__name__, "message": str(e)[:300]})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
