"""The Array API standard's names of issue 65 held to JAX 0.10.2 (``tests/data/jax_array_api_names_reference.json``,
written by ``tools/array_api_names_reference.py``): ``__array_namespace_info__()`` and its answers,
``__array_api_version__``, ``device=`` on the creation functions (the device, dtype, weak flag and values of the
result), ``reshape``'s ``order=``/``copy=``, ``Array.__array_namespace__``/``to_device``/``__dlpack__``/
``__dlpack_device__`` and ``from_dlpack`` of numpy's and our own arrays, and the errors of bad devices, versions,
copies and orders (JAX's class always; JAX's words where they are JAX's own, not a word of its internals).

The cases run in a process of their own with four CPU devices (``ARRAYTYPING_NUM_CPU_DEVICES=4``, as the tool runs
JAX with ``JAX_NUM_CPU_DEVICES=4``), once with x64 off and once on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from typing import Any

import numpy as np
import pytest
from reference_tools import TOOLS, tool

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping._src.xla.backend import NUM_CPU_DEVICES_ENV

names_tool = tool("array_api_names_reference")
DATA: dict[str, Any] = json.loads(names_tool.OUT.read_text())

_SCRIPT = textwrap.dedent(f"""
    import json, sys
    sys.path.insert(0, {str(TOOLS)!r})
    import array_api_names_reference as t
    import arraytyping as at
    import arraytyping.numpy as anp
    names = {{"jnp": anp, "D": at.devices(), "info": anp.__array_namespace_info__(),
             "A": lambda dtype, shape, seed: anp.asarray(t.host(dtype, tuple(shape), seed))}}
    print("RESULT" + json.dumps(t.evaluate(names, at.Array, anp, t.cases())))
""")

OUR_WORDS = ("device=", ".to_device('cpu')", ".to_device(1)")
"""Cases whose error JAX words from its internals (``'str' object has no attribute '_is_concrete'``, its
``device_put``'s list of what it takes): the class is JAX's, the words ours (naming the devices)."""


def _ours(x64: bool) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARRAYTYPING_")}
    env[NUM_CPU_DEVICES_ENV] = str(names_tool.NUM_DEVICES)
    env["ARRAYTYPING_PLATFORMS"] = "cpu"
    if x64:
        env["ARRAYTYPING_ENABLE_X64"] = "1"
    proc = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, env=env, timeout=600)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT")]
    assert proc.returncode == 0 and lines, proc.stderr[-3000:]
    result: dict[str, Any] = json.loads(lines[-1][len("RESULT"):])
    return result


def _same(expr: str, ours: Any, jax: Any) -> bool:
    if isinstance(jax, dict) and "error" in jax:
        if not (isinstance(ours, dict) and ours.get("error") == jax["error"]):
            return False
        return any(w in expr for w in OUR_WORDS) and ("'cpu'" in expr or "=1)" in expr or "(1)" in expr) or \
            ours["message"] == jax["message"]
    if isinstance(jax, dict) and "hex" in jax:  # an array (or a numpy one): all but the bytes exactly
        if not isinstance(ours, dict) or {k: v for k, v in ours.items() if k != "hex"} != \
                {k: v for k, v in jax.items() if k != "hex"}:
            return False
        dtype = np.dtype(jax.get("dtype", jax.get("numpy")))
        a, b = (np.frombuffer(bytes.fromhex(x["hex"]), dtype) for x in (ours, jax))
        return a.tobytes() == b.tobytes() if dtype.kind not in "fc" else bool(np.allclose(a, b, rtol=1e-6,
                                                                                             equal_nan=True))
    if isinstance(jax, dict) and "tuple" in jax:
        return isinstance(ours, dict) and len(ours.get("tuple", [])) == len(jax["tuple"]) and all(
            _same(expr, o, j) for o, j in zip(ours["tuple"], jax["tuple"]))
    return bool(ours == jax)


def test_the_data_holds_the_tools_cases() -> None:
    assert DATA["versions"]["jax"] == "0.10.2" and DATA["num_devices"] == names_tool.NUM_DEVICES
    for key in names_tool.CONFIGS:
        assert list(DATA["cases"][key]) == sorted(names_tool.cases())


@pytest.mark.parametrize("key", list(names_tool.CONFIGS))
def test_answers_are_jaxs(key: str) -> None:
    ours = _ours(names_tool.CONFIGS[key])
    jax = DATA["cases"][key]
    wrong = [f"{expr}\n    ours: {str(ours.get(expr))[:300]}\n    jax:  {str(jax[expr])[:300]}"
             for expr in names_tool.cases() if not _same(expr, ours.get(expr), jax[expr])]
    assert not wrong, f"{len(wrong)} of {len(jax)} differ:\n" + "\n".join(wrong[:40])


def test_placed_results_keep_their_values_and_come_back() -> None:
    # in this process (one device unless the run says otherwise): device=None and the one device place nothing
    d = at.devices()[0]
    x = anp.arange(6.0).reshape(2, 3)
    assert anp.zeros(3, device=d).device == d and anp.zeros(3, device=None).device == d
    assert anp.full((2,), 3.0, device=None).weak_type and not anp.full((2,), 3.0, device=d).weak_type
    assert anp.asarray(2.0, device=d).weak_type  # device_put keeps the weak flag; lax.full's placement does not
    assert x.to_device(d) is x
    assert np.array_equal(np.from_dlpack(x), np.asarray(x))
    assert np.array_equal(np.asarray(anp.from_dlpack(np.arange(4, dtype=np.int16))), np.arange(4))
    y = anp.from_dlpack(x, copy=True)
    assert y is not x and np.array_equal(np.asarray(y), np.asarray(x))
    assert x.__array_namespace__() is anp


def test_traced_arrays_refuse_the_concrete_methods() -> None:
    def f(x: at.Array) -> at.Array:
        with pytest.raises(at.ConcretizationTypeError, match="__dlpack__"):
            x.__dlpack__()
        with pytest.raises(at.ConcretizationTypeError, match="to_device"):
            x.to_device(at.devices()[0])
        assert x.__array_namespace__() is anp
        return anp.zeros(3, device=at.devices()[0]) + x  # placement under jit: the traced value as it is

    assert np.array_equal(np.asarray(at.jit(f)(anp.ones(3))), np.ones(3))
