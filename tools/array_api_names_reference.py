"""Write JAX 0.10.2's answers for the Array API standard's names of issue 65 to
``tests/data/jax_array_api_names_reference.json``: ``jax.numpy.__array_namespace_info__()`` and its answers,
``__array_api_version__``, ``device=`` on the creation functions (the device the result is on, its dtype and weak
flag), ``reshape``'s ``order=``/``copy=``, ``Array.__array_namespace__``, ``to_device``, ``__dlpack__`` and
``__dlpack_device__``, and ``jnp.from_dlpack`` of numpy's and JAX's own arrays; and the errors (class and first
line of the message) of a bad device, api_version, DLPack version, copy or order.

Each case is a Python expression over a vocabulary both sides evaluate: ``jnp`` (JAX's ``jax.numpy`` here,
``arraytyping.numpy`` in the tests), ``np``, ``D`` (the CPU devices: four of them, ``JAX_NUM_CPU_DEVICES=4``
here, ``ARRAYTYPING_NUM_CPU_DEVICES=4`` in the tests), ``info`` (the namespace's ``__array_namespace_info__()``),
``A(dtype, shape, seed)`` (an array of seeded values, :func:`host`) and ``H(dtype, shape, seed)`` (the same values
as a numpy array). An answer is encoded by :func:`encode`: arrays as their dtype, weak flag, shape, bytes and
device (its id), numpy arrays as dtype, shape and bytes, dicts of dtypes by name, device lists by id (``None``
kept), the namespace module as ``"namespace"``, a DLPack capsule as ``"capsule"``, an enum by its value. Two
configurations: x64 off and on (standard promotion). The cases are listed here (no JAX needed: the tests import
this module, build the same inputs and run the same encoder on arraytyping).

Runs in its own venv with jax (see tools/jax_reference.py, whose venv handling it shares)::

    python tools/array_api_names_reference.py [--venv .jaxref-venv]
"""
from __future__ import annotations

import enum
import json
import os
import sys
import types
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_array_api_names_reference.json"
CONFIGS = {"standard-x32": False, "standard-x64": True}
NUM_DEVICES = 4
"""CPU devices on both sides, for placement (``device=D[2]``)."""


def host(dtype: str, shape: tuple[int, ...], seed: int) -> Any:
    """Seeded values of ``dtype`` and ``shape`` as a numpy array: normals (times 2) for floats (with an imaginary
    part for complex), integers in [-5, 5] ([0, 10] unsigned), random bools."""
    import numpy as np

    rng = np.random.default_rng(seed)
    dt = np.dtype(dtype)
    if dt == np.dtype(bool):
        return rng.random(shape) < 0.5
    if dt.kind == "c":
        return (rng.normal(size=shape) * 2 + 1j * rng.normal(size=shape)).astype(dt)
    if dt.kind == "f":
        return (rng.normal(size=shape) * 2).astype(dt)
    if dt.kind == "u":
        return rng.integers(0, 11, size=shape).astype(dt)
    return rng.integers(-5, 6, size=shape).astype(dt)


# ---------------------------------------------------------------------------------------------------------------
# Cases

KINDS = ("bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating", "numeric")
F = "A('float32', (2, 3), 0)"
"""A strong float32 operand."""
W = "jnp.asarray(2.5)"
"""A weakly typed operand."""


def _info_cases() -> Iterator[str]:
    yield "jnp.__array_api_version__"
    yield "info.capabilities()"
    yield "info.default_device()"
    yield "info.devices()"
    yield "info.default_dtypes()"
    yield "info.default_dtypes(device=D[1])"
    yield "info.default_dtypes(device=None)"
    yield "info.dtypes()"
    yield "info.dtypes(device=D[0])"
    for kind in KINDS:
        yield f"info.dtypes(kind={kind!r})"
    yield "info.dtypes(kind=('bool', 'real floating'))"
    yield "info.dtypes(kind=('signed integer', 'complex floating', 'unsigned integer'))"
    yield "info.dtypes(kind='floating')"


def _creation_cases() -> Iterator[str]:
    for device in ("D[1]", "D[3]", "None", "D[0]"):
        yield f"jnp.zeros(3, device={device})"
        yield f"jnp.ones((2, 2), 'int8', device={device})"
        yield f"jnp.empty((0, 2), device={device})"
        yield f"jnp.full((2,), 3.0, device={device})"
        yield f"jnp.full((2, 3), 7, 'uint8', device={device})"
        yield f"jnp.full((2, 3), A('float32', (3,), 1), device={device})"
        yield f"jnp.full_like({F}, 2, device={device})"
        yield f"jnp.full_like({W}, 3, device={device})"
        yield f"jnp.full_like({F}, 1.5, 'float16', (4,), device={device})"
        yield f"jnp.zeros_like({W}, device={device})"
        yield f"jnp.ones_like({F}, device={device})"
        yield f"jnp.ones_like(H('int16', (3,), 2), device={device})"
        yield f"jnp.empty_like({F}, 'int32', device={device})"
        yield f"jnp.arange(5, device={device})"
        yield f"jnp.arange(1.0, 4.0, 0.5, device={device})"
        yield f"jnp.linspace(0, 1, 5, device={device})"
        yield f"jnp.linspace(0.0, 2.0, 4, endpoint=False, retstep=True, device={device})"
        yield f"jnp.eye(3, device={device})"
        yield f"jnp.eye(2, 3, 1, 'int32', device={device})"
        yield f"jnp.asarray([1, 2], device={device})"
        yield f"jnp.asarray(3.0, device={device})"
        yield f"jnp.asarray({F}, device={device})"
        yield f"jnp.asarray(H('float64', (2,), 3), 'float32', device={device})"
        yield f"jnp.array([1.5, 2.0], device={device})"
        yield f"jnp.astype({F}, 'int8', device={device})"
        yield f"jnp.astype({W}, 'float32', device={device})"
    for bad in ("'cpu'", "1"):  # JAX's classes differ: lax.full's AttributeError, device_put's ValueError...
        for call in ("jnp.zeros(3, device={})", "jnp.ones(3, device={})", "jnp.empty(3, device={})",
                     "jnp.full(3, 1.0, device={})", "jnp.full((2, 3), A('float32', (3,), 1), device={})",
                     "jnp.zeros_like(" + F + ", device={})", "jnp.ones_like(" + F + ", device={})",
                     "jnp.empty_like(" + F + ", device={})", "jnp.full_like(" + F + ", 1, device={})",
                     "jnp.arange(3, device={})", "jnp.linspace(0, 1, 3, device={})", "jnp.eye(2, device={})",
                     "jnp.asarray([1.0], device={})", "jnp.asarray(" + F + ", device={})",
                     "jnp.array([1.0], device={})", "jnp.astype(" + F + ", 'int8', device={})",
                     F + ".to_device({})", "jnp.from_dlpack(" + F + ", device={})"):
            yield call.format(bad)


def _reshape_cases() -> Iterator[str]:
    for shape in ("(3, 2)", "-1", "(1, 6)", "(6, -1)"):
        for order in ("'C'", "'F'"):
            yield f"jnp.reshape(A('int32', (2, 3), 4), {shape}, order={order})"
    yield f"jnp.reshape({F}, (3, 2), copy=True)"
    yield f"jnp.reshape({F}, (3, 2), copy=False)"
    yield f"jnp.reshape({F}, (3, 2), 'F', copy=None)"
    yield f"jnp.reshape({W}, (1, 1), order='F')"
    yield f"jnp.reshape({F}, (3, 2), order='A')"
    yield f"jnp.reshape({F}, (3, 2), order='X')"
    yield "jnp.reshape(H('float64', (2, 3), 5), (3, 2), order='F')"
    yield "jnp.reshape(H('int8', (4,), 6), (2, 2), copy=True)"


def _method_cases() -> Iterator[str]:
    yield f"{F}.to_device(D[2])"
    yield f"{W}.to_device(D[1])"
    yield f"{F}.to_device(D[0])"
    yield f"{F}.to_device(D[1], stream=1)"
    yield f"{F}.to_device('cpu')"
    yield f"{F}.__array_namespace__()"
    yield f"{F}.__array_namespace__(api_version='2024.12')"
    yield f"{F}.__array_namespace__(api_version='2023.12')"
    yield f"{F}.__array_namespace__(api_version=None)"
    yield f"{F}.__dlpack_device__()"
    yield f"{F}.to_device(D[3]).__dlpack_device__()"
    yield f"{F}.__dlpack__()"
    yield f"{F}.__dlpack__(max_version=(1, 0), copy=True)"
    yield f"{F}.__dlpack__(max_version=(0, 4))"
    yield f"{F}.__dlpack__(dl_device=(1, 0))"
    yield f"{F}.__dlpack__(dl_device=(1, 0), copy=False)"
    yield f"{F}.__dlpack__(dl_device=(2, 0))"
    yield f"{F}.__dlpack__(dl_device=(4, 0))"
    yield f"{F}.to_device(D[1]).__dlpack__(dl_device=(1, 0), copy=False)"
    for dtype in ("float32", "int8", "uint32", "bool", "complex64", "float16"):
        yield f"np.from_dlpack(A({dtype!r}, (2, 2), 7))"
    yield f"np.from_dlpack({W})"


def _from_dlpack_cases() -> Iterator[str]:
    for dtype in ("float32", "float64", "int64", "int8", "uint16", "bool", "complex128", "float16"):
        yield f"jnp.from_dlpack(H({dtype!r}, (2, 3), 8))"
    yield "jnp.from_dlpack(H('float32', (), 9))"
    yield "jnp.from_dlpack(H('int32', (0, 4), 9))"
    yield "jnp.from_dlpack(H('float32', (3, 2), 10).T)"
    yield "jnp.from_dlpack(H('float32', (4, 2), 10)[:, 0])"
    yield f"jnp.from_dlpack({F})"
    yield f"jnp.from_dlpack({W})"
    yield "jnp.from_dlpack(A('int8', (3,), 11))"
    for kw in ("device=D[2]", "copy=True", "copy=False", "device=D[0], copy=False", "device=D[1], copy=False",
               "device=D[3], copy=True", "device=None, copy=None"):
        yield f"jnp.from_dlpack({F}, {kw})"
        if "copy=False" not in kw or "D[1]" in kw:  # (numpy's buffer is taken without a copy if it happens to be
            yield f"jnp.from_dlpack(H('float64', (3,), 12), {kw})"  # aligned as XLA wants: by chance)
    yield f"jnp.from_dlpack({F}.to_device(D[2]))"
    yield f"jnp.from_dlpack({F}.to_device(D[2]), device=D[0])"
    yield "jnp.from_dlpack([1, 2])"
    yield "jnp.from_dlpack(3.0)"


def cases() -> list[str]:
    """Every expression, in a fixed order (each configuration runs them all)."""
    return list(dict.fromkeys([*_info_cases(), *_creation_cases(), *_reshape_cases(), *_method_cases(),
                               *_from_dlpack_cases()]))


# ---------------------------------------------------------------------------------------------------------------
# Evaluating and encoding (both sides)


def encode(out: Any, array_type: type, namespace: types.ModuleType) -> Any:
    """A JSON form of an answer (:mod:`this module's docstring <array_api_names_reference>`)."""
    import numpy as np

    if isinstance(out, array_type):
        value = np.asarray(out)
        return {"dtype": np.dtype(out.dtype).name, "weak": bool(out.weak_type), "shape": list(out.shape),
                "hex": value.tobytes().hex(), "device": int(out.device.id)}
    if isinstance(out, np.ndarray):
        return {"numpy": np.dtype(out.dtype).name, "shape": list(out.shape), "hex": out.tobytes().hex()}
    if out is namespace:
        return "namespace"
    if isinstance(out, types.ModuleType):
        return {"module": out.__name__}
    if isinstance(out, enum.Enum):
        return {"enum": int(out.value)}
    if isinstance(out, (tuple, list)):
        return {"tuple": [encode(o, array_type, namespace) for o in out]}
    if isinstance(out, dict):
        return {"dict": {str(k): encode(v, array_type, namespace) for k, v in out.items()}}
    if isinstance(out, np.dtype):
        return {"np.dtype": out.name}
    if out is None or isinstance(out, (bool, int, str)):
        return out
    if type(out).__name__ == "PyCapsule":
        return "capsule"
    if hasattr(out, "id") and hasattr(out, "platform"):
        return {"device": int(out.id)}
    raise TypeError(f"cannot encode {type(out)}")


def evaluate(names: dict[str, Any], array_type: type, namespace: types.ModuleType,
             expressions: list[str]) -> dict[str, Any]:
    """Each expression's encoded answer, or its error's class and first message line."""
    import numpy as np

    results: dict[str, Any] = {}
    for expr in expressions:
        scope = {**names, "np": np, "H": lambda dtype, shape, seed: host(dtype, tuple(shape), seed)}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                out = eval(expr, scope)  # noqa: S307 - our own case list
                results[expr] = encode(out, array_type, namespace)
            except Exception as e:  # noqa: BLE001 - recorded by class
                results[expr] = {"error": type(e).__name__, "message": str(e).split("\n")[0]}
    return results


# ---------------------------------------------------------------------------------------------------------------
# Recording (inside the jax venv)


def main_inside() -> None:
    os.environ["JAX_NUM_CPU_DEVICES"] = str(NUM_DEVICES)
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_platforms", "cpu")
    jax.config.update("jax_num_cpu_devices", NUM_DEVICES)
    out: dict[str, Any] = {}
    for key, x64 in CONFIGS.items():
        jax.config.update("jax_enable_x64", x64)
        names = {"jnp": jnp, "D": jax.devices(), "info": jnp.__array_namespace_info__(),
                 "A": lambda dtype, shape, seed: jnp.asarray(host(dtype, tuple(shape), seed))}
        out[key] = evaluate(names, jax.Array, jnp, cases())
        print(key, len(out[key]), file=sys.stderr)
    data = {"generator": "tools/array_api_names_reference.py", "versions": {"jax": jax.__version__},
            "num_devices": NUM_DEVICES, "cases": out}
    OUT.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"wrote {OUT} ({len(cases())} cases per configuration)", file=sys.stderr)


_: Callable[..., Any] = host

if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
