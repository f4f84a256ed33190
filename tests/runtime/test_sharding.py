"""Sharded arrays (``arraytyping.sharding``: ``Mesh``, ``make_mesh``, ``PartitionSpec``/``P``, ``NamedSharding``,
``SingleDeviceSharding``, ``set_mesh``; ``device_put`` of a sharding, ``Array.sharding``, ``.addressable_shards``,
``make_array_from_callback``, ``make_array_from_single_device_arrays``) held to JAX 0.10.2 on 8 CPU devices, program
by program: ``tools/sharding_reference.py`` (run in JAX's venv with ``jax_num_cpu_devices=8``) ran every program of
its ``PROGRAMS`` table and committed what each printed and raised to ``tests/data/sharding_reference.json``; here
the same source runs with ``jax`` = ``arraytyping`` in a process of its own with ``ARRAYTYPING_NUM_CPU_DEVICES=8``
(the device count is fixed when the backend starts) and must print exactly the same and raise the same class with
the same message."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arraytyping._src.xla.backend import NUM_CPU_DEVICES_ENV
from reference_tools import tool

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads((ROOT / "tests" / "data" / "sharding_reference.json").read_text())
REF = DATA["programs"]
TOOL = tool("sharding_reference")

MESSAGE_DIFFERS: dict[str, str] = {}
"""Programs whose exception has JAX's class but (said why) not its words."""

_SCRIPT = r'''
import functools, json, sys
import numpy as np
import arraytyping as jax, arraytyping.numpy as jnp
sys.path.insert(0, sys.argv[1])
import behaviours_reference as behaviours
import sharding_reference as ref
namespace = {"jax": jax, "jnp": jnp, "np": np, "partial": functools.partial}
out = {}
for name, src in ref.PROGRAMS.items():
    out[name] = behaviours.run(jax, namespace, ref.PRELUDE + src)
    jax.sharding.set_mesh(None)
print(json.dumps({"devices": len(jax.devices()), "programs": out}))
'''


@functools.cache
def _runs() -> dict[str, Any]:
    env = dict(os.environ)
    env[NUM_CPU_DEVICES_ENV] = str(DATA["num_devices"])
    proc = subprocess.run([sys.executable, "-c", _SCRIPT, str(ROOT / "tools")], capture_output=True, text=True,
                          env=env, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["devices"] == DATA["num_devices"]
    return result["programs"]


@pytest.mark.parametrize("name", sorted(REF))
def test_program_matches_jax(name: str) -> None:
    expected = REF[name]
    assert TOOL.PROGRAMS[name] == expected["source"], "the reference is stale: run tools/sharding_reference.py"
    got = _runs()[name]
    assert got["stdout"] == expected["stdout"]
    if expected["error"] is None:
        assert got["error"] is None, got["error"]
    else:
        assert got["error"] is not None, f"no error (JAX raises {expected['error']['type']})"
        assert got["error"]["type"] == expected["error"]["type"]
        if name not in MESSAGE_DIFFERS:
            assert got["error"]["message"] == expected["error"]["message"]


# In this process (one CPU device unless the environment says otherwise): what needs no second device.

def test_one_device_mesh_holds_the_whole_array_and_gathers_it() -> None:
    import pickle

    import numpy as np

    import arraytyping as at

    mesh = at.make_mesh((1,), ("x",))
    x = at.device_put(np.arange(6, dtype=np.float32).reshape(3, 2), at.NamedSharding(mesh, at.P("x")))
    assert isinstance(x.sharding, at.NamedSharding) and x.sharding.spec == at.P("x")
    assert x.is_fully_replicated and x.device == at.devices()[0]
    [shard] = x.addressable_shards
    assert shard.index == (slice(0, 3), slice(None)) and shard.replica_id == 0
    assert np.asarray(shard.data).tolist() == [[0, 1], [2, 3], [4, 5]]
    assert (x * 2).tolist() == [[0, 2], [4, 6], [8, 10]]
    y = pickle.loads(pickle.dumps(x))  # as JAX's: the value, on the default device (devices do not pickle)
    assert y.sharding == at.sharding.SingleDeviceSharding(at.devices()[0])
    assert np.asarray(y).tolist() == np.asarray(x).tolist()
    x.delete()
    with pytest.raises(at.DeletedArrayError):
        x.addressable_shards


def test_more_mesh_devices_than_there_are_is_jax_s_error() -> None:
    import arraytyping as at

    n = len(at.devices())
    with pytest.raises(ValueError, match=f"Number of devices {n} must be >= the product of mesh_shape"):
        at.make_mesh((n + 1,), ("x",))


def test_blocks_of_the_wrong_shape_are_refused() -> None:
    import numpy as np

    import arraytyping as at

    s = at.NamedSharding(at.make_mesh((1,), ("x",)), at.P("x"))
    with pytest.raises(ValueError, match=r"Expected shard shape \(4,\)"):
        at.make_array_from_single_device_arrays((4,), s, [at.device_put(np.zeros(3, np.float32))])


def test_a_bare_spec_without_a_mesh_is_refused() -> None:
    import arraytyping as at

    with pytest.raises(ValueError, match="Please set a mesh via `jax.set_mesh`"):
        at.device_put(1.0, at.P())


def test_inspect_array_sharding_under_jit_says_it_cannot_report() -> None:
    import numpy as np

    import arraytyping as at

    seen: list[object] = []
    at.debug.inspect_array_sharding(at.numpy.ones(2), callback=seen.append)
    assert seen == [at.sharding.SingleDeviceSharding(at.devices()[0])]
    with pytest.raises(NotImplementedError, match="inside jit"):
        at.jit(lambda a: at.debug.inspect_array_sharding(a, callback=seen.append))(np.ones(2))
