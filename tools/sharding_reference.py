"""Write what JAX 0.10.2 prints and raises for small programs about sharded arrays on 8 CPU devices
(``jax.sharding``: meshes, partition specs, named and single-device shardings, the mesh in context;
``jax.device_put`` of a sharding, ``Array.sharding``, ``.addressable_shards``, ``.devices()``,
``.is_fully_replicated``, ``.addressable_data``; ``jax.make_array_from_callback``,
``jax.make_array_from_single_device_arrays``; gathering with ``np.asarray``; JAX's errors for a spec naming an axis
the mesh lacks or a mesh axis that does not divide a dimension) to ``tests/data/sharding_reference.json``.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares), with
``jax_num_cpu_devices`` set to 8 before first use, and ``rich`` importable there (JAX draws
``visualize_array_sharding`` with it; without it JAX raises instead: ``pip install --target DIR rich`` and
``PYTHONPATH=DIR``)::

    python tools/sharding_reference.py [--venv .jaxref-venv]

Each program is source text run after :data:`PRELUDE` with ``jax``, ``jnp`` and ``np`` bound
(``tests/runtime/test_sharding.py`` runs the same text with ``jax`` = ``arraytyping``, in a process with
``ARRAYTYPING_NUM_CPU_DEVICES=8``); ``show(x)`` prints an array's value, dtype, spec, and each shard's device id,
index and shape.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import behaviours_reference as behaviours  # noqa: E402  (same folder)
import jax_reference as ref  # noqa: E402

OUT = ref.ROOT / "tests" / "data" / "sharding_reference.json"
NUM_DEVICES = 8

PRELUDE = '''
Mesh, NamedSharding, P = jax.sharding.Mesh, jax.NamedSharding, jax.P
def show(x):
    s = x.sharding
    spec = s.spec if isinstance(s, jax.sharding.NamedSharding) else None
    print(np.asarray(x).tolist(), x.dtype, x.shape, spec, x.is_fully_replicated, sorted(d.id for d in x.devices()))
    for sh in x.addressable_shards:
        print(" ", sh.device.id, sh.index, sh.replica_id, sh.data.shape, np.asarray(sh.data).tolist())
'''

PROGRAMS: dict[str, str] = {
    "mesh_repr": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
print(repr(mesh), str(mesh), mesh.shape, mesh.axis_names, mesh.size, mesh.devices.shape, mesh.axis_types)
print(mesh.device_ids.tolist(), [d.id for d in mesh.devices.flat])
print(repr(mesh.abstract_mesh), mesh.abstract_mesh.shape, mesh.abstract_mesh.size)
print(repr(jax.make_mesh((8,), ('d',))), repr(jax.make_mesh((2, 2), ('a', 'b'))))
print(repr(jax.make_mesh((2, 2, 2), ('a', 'b', 'c'), axis_types=(jax.sharding.AxisType.Auto,) * 3)))
print(jax.sharding.AxisType.Explicit, repr(jax.sharding.AxisType.Explicit), list(jax.sharding.AxisType))
m = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ('a', 'b'))
print(repr(m), m == Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ('a', 'b')), m == mesh)
''',
    "mesh_errors": '''
for f in (lambda: Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ('a',)),
          lambda: jax.make_mesh((4, 4), ('x', 'y')),
          lambda: Mesh(np.array(jax.devices()[:2]), ('a',), axis_types=(jax.sharding.AxisType.Auto,) * 2)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
''',
    "partition_spec": '''
print(repr(P('x', None)), repr(P()), repr(P(('x', 'y'),)), repr(P('x')), repr(P(['x', 'y'], None)))
print(P('x') == P('x', None), P('x') == ('x',), P('x', 'y') == P('x', 'y'), len(P('x', None)), P('x', None)[1])
print(list(P('x', ('a', 'b'))), P('x') + P('y'), P('x') + (None,), P(('x',)) == P('x'), P('a', 'b').index('b'))
print(repr(P('x', unreduced={'y'})))
''',
    "named_sharding": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
s = NamedSharding(mesh, P('x', 'y'))
print(repr(s), s.spec, s.mesh.shape, s.num_devices, s.is_fully_replicated, s.shard_shape((8, 4)))
print(NamedSharding(mesh, P()).is_fully_replicated, NamedSharding(mesh, P(None, 'y')).shard_shape((8, 4)))
print(s == NamedSharding(mesh, P('x', 'y')), s == NamedSharding(mesh, P('x')), sorted(d.id for d in s.device_set))
print([(d.id, i) for d, i in NamedSharding(mesh, P(('x', 'y'))).devices_indices_map((16,)).items()])
print([(d.id, i) for d, i in NamedSharding(mesh, P('y')).devices_indices_map((4, 3)).items()])
''',
    "single_device_sharding": '''
print(repr(jax.sharding.SingleDeviceSharding(jax.devices()[0])))
print(repr(jax.sharding.make_single_device_sharding(jax.devices()[1])))
x = jnp.arange(4.)
print(repr(x.sharding), x.is_fully_replicated, [(sh.device.id, sh.index, sh.replica_id) for sh in x.addressable_shards])
y = jax.device_put(x, jax.devices()[3])
print(repr(y.sharding), sorted(d.id for d in y.devices()), repr(y.addressable_data(0)))
print(isinstance(x.sharding, jax.sharding.Sharding), isinstance(NamedSharding(jax.make_mesh((8,), ('d',)), P()),
      jax.sharding.Sharding))
''',
    "spec_axis_not_in_mesh": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
NamedSharding(mesh, P('z'))
''',
    "spec_duplicate_axis": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
NamedSharding(mesh, P('x', 'x'))
''',
    "put_not_divisible": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
jax.device_put(jnp.arange(6.), NamedSharding(mesh, P('x')))
''',
    "put_not_divisible_tuple": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
jax.device_put(jnp.zeros((12, 3)), NamedSharding(mesh, P(('x', 'y'), None)))
''',
    "put_spec_too_long": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
jax.device_put(jnp.arange(8.), NamedSharding(mesh, P('x', 'y')))
''',
    "put_2d": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
show(jax.device_put(jnp.arange(32.).reshape(8, 4), NamedSharding(mesh, P('x', 'y'))))
''',
    "put_rows_replicated": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
show(jax.device_put(np.arange(8, dtype=np.int32).reshape(4, 2), NamedSharding(mesh, P('x'))))
''',
    "put_cols": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
show(jax.device_put(jnp.arange(12).reshape(3, 4), NamedSharding(mesh, P(None, 'y'))))
''',
    "put_replicated": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
show(jax.device_put(jnp.arange(3.), NamedSharding(mesh, P())))
''',
    "put_tuple_axes": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
show(jax.device_put(jnp.arange(16.), NamedSharding(mesh, P(('x', 'y')))))
show(jax.device_put(jnp.arange(16.), NamedSharding(mesh, P(('y', 'x')))))
''',
    "put_1d_mesh": '''
mesh = jax.make_mesh((8,), ('d',))
show(jax.device_put(jnp.ones((8, 2), jnp.bfloat16), NamedSharding(mesh, P('d'))))
''',
    "put_python_scalar": '''
mesh = jax.make_mesh((8,), ('d',))
x = jax.device_put(2.5, NamedSharding(mesh, P()))
print(repr(x), x.sharding.spec, len(x.addressable_shards))
''',
    "put_resharded": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
a = jax.device_put(jnp.arange(8.), NamedSharding(mesh, P('x')))
b = jax.device_put(a, NamedSharding(mesh, P('y')))
show(b)
c = jax.device_put(a, jax.devices()[5])
print(repr(c.sharding), np.asarray(c).tolist())
print(jax.device_put(a, NamedSharding(mesh, P('x'))) is a)
''',
    "set_mesh": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
print(repr(jax.sharding.get_abstract_mesh()), repr(jax.sharding.get_mesh()))
with jax.set_mesh(mesh):
    print(repr(jax.sharding.get_abstract_mesh()), repr(jax.sharding.get_mesh()))
    show(jax.device_put(jnp.arange(8.), P('x')))
print(repr(jax.sharding.get_abstract_mesh()))
jax.sharding.set_mesh(mesh)
print(repr(jax.sharding.get_mesh()))
jax.set_mesh(None)
print(repr(jax.sharding.get_mesh()))
''',
    "put_spec_without_mesh": '''
jax.device_put(jnp.arange(4.), P())
''',
    "gather": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
x = jax.device_put(jnp.arange(32.).reshape(8, 4), NamedSharding(mesh, P('x', 'y')))
print(np.asarray(x).sum(), x.tolist()[3], np.asarray(x, dtype=np.int32)[2, 1], str(x)[:20])
print(repr(x))
''',
    "eager_values": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
x = jax.device_put(jnp.arange(32.).reshape(8, 4), NamedSharding(mesh, P('x', 'y')))
print((x + 1).tolist(), round(jnp.sin(x).sum().item(), 4), (x * x).sum(axis=0).tolist(), (2 * x).dtype)
''',
    "make_array_from_callback": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
data = np.arange(32, dtype=np.float32).reshape(8, 4)
show(jax.make_array_from_callback(data.shape, NamedSharding(mesh, P('x', None)), lambda idx: data[idx]))
show(jax.make_array_from_callback((4,), jax.sharding.SingleDeviceSharding(jax.devices()[2]),
                                  lambda idx: np.arange(4, dtype=np.int32)[idx]))
''',
    "make_array_from_single_device_arrays": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
s = NamedSharding(mesh, P('y'))
data = np.arange(8, dtype=np.int32).reshape(4, 2)
arrays = [jax.device_put(data[idx], d) for d, idx in s.addressable_devices_indices_map(data.shape).items()]
show(jax.make_array_from_single_device_arrays(data.shape, s, arrays))
''',
    "jit_propagates_shardings": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
x = jax.device_put(jnp.arange(32.).reshape(8, 4), NamedSharding(mesh, P('x', 'y')))
show(jax.jit(lambda a: a + 1)(x))
show(jax.jit(lambda a: a.sum(1))(x))
show(jax.jit(lambda a: a.T)(x))
show(jax.jit(lambda a, b: (a * b).sum(0))(x, 2.0))
''',
    "jit_explicit_mesh": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
x = jax.device_put(jnp.arange(32.).reshape(8, 4), NamedSharding(mesh, P('x', 'y')))
show(jax.jit(lambda a: a * 2)(x))
show(jax.jit(lambda a: a.T)(x))
''',
    "eager_ops_stay_sharded": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
x = jax.device_put(jnp.arange(16.).reshape(8, 2), NamedSharding(mesh, P('x')))
show(x + 1)
show(jnp.sin(x))
show(x * x)
''',
    "jit_in_out_shardings": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
f = jax.jit(lambda a: a * 2, in_shardings=NamedSharding(mesh, P('x')), out_shardings=NamedSharding(mesh, P(None, 'y')))
show(f(np.arange(16, dtype=np.float32).reshape(8, 2)))
g = jax.jit(lambda a, b: (a + b, a - b), in_shardings=(NamedSharding(mesh, P('y')), None),
            out_shardings=NamedSharding(mesh, P()))
for r in g(jnp.arange(4.), jnp.ones(4)):
    show(r)
''',
    "jit_out_shardings_only": '''
mesh = jax.make_mesh((8,), ('d',), axis_types=(jax.sharding.AxisType.Auto,))
f = jax.jit(lambda: jnp.arange(16.).reshape(8, 2), out_shardings=NamedSharding(mesh, P('d')))
show(f())
''',
    "jit_in_shardings_mismatch": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
x = jax.device_put(jnp.arange(8.), NamedSharding(mesh, P('x')))
jax.jit(lambda a: a, in_shardings=NamedSharding(mesh, P('y')))(x)
''',
    "jit_lowered_text": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
x = jax.device_put(jnp.arange(32.).reshape(8, 4), NamedSharding(mesh, P('x', 'y')))
text = jax.jit(lambda a: a.sum(0), out_shardings=NamedSharding(mesh, P('y'))).lower(x).as_text()
for line in text.splitlines():
    if 'mhlo.num_partitions' in line or 'sdy.mesh @mesh' in line:
        print(line.split(' {stablehlo.mesh')[0])
    if 'func.func public @main' in line:
        print(line[line.index('(%arg0'):])
''',
    "with_sharding_constraint_in_jit": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
s = NamedSharding(mesh, P('x'))
f = jax.jit(lambda a: jax.lax.with_sharding_constraint(a * 2, s) + 1)
show(f(jnp.ones((8, 2))))
text = jax.jit(lambda a: jax.lax.with_sharding_constraint(a * 2, s)).lower(jnp.ones((8, 2))).as_text()
import re
print([re.sub(r'%\\w+', '%', line.strip()) for line in text.splitlines() if 'sdy.sharding_constraint' in line])
print([line.strip() for line in text.splitlines() if 'num_partitions' in line])
''',
    "with_sharding_constraint_eager": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
show(jax.lax.with_sharding_constraint(jnp.arange(8.), NamedSharding(mesh, P('x'))))
a, b = jax.lax.with_sharding_constraint([jnp.arange(8.), jnp.ones((4, 2))], NamedSharding(mesh, P('y')))
show(b)
with jax.set_mesh(mesh):
    show(jax.lax.with_sharding_constraint(jnp.arange(4, dtype=jnp.int32), P(('x',))))
''',
    "with_sharding_constraint_grad_vmap": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
s = NamedSharding(mesh, P('x'))
show(jax.grad(lambda a: (jax.lax.with_sharding_constraint(a, s) ** 2).sum())(jnp.arange(8.)))
show(jax.vmap(lambda a: jax.lax.with_sharding_constraint(a * 3, s))(jnp.ones((3, 8))))
show(jax.jit(jax.vmap(lambda a: jax.lax.with_sharding_constraint(a, s), in_axes=1))(jnp.ones((8, 2))))
''',
    "with_sharding_constraint_indivisible": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
jax.lax.with_sharding_constraint(jnp.arange(6.), NamedSharding(mesh, P('x')))
''',
    "reshard": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
x = jax.device_put(jnp.arange(8.), NamedSharding(mesh, P('x')))
show(jax.reshard(x, NamedSharding(mesh, P('y'))))
show(jax.sharding.reshard(x, NamedSharding(mesh, P())))
show(jax.jit(lambda a: jax.reshard(a * 2, NamedSharding(mesh, P(('x', 'y')))))(x))
''',
    "reshard_auto_axis": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
try:
    jax.reshard(jnp.arange(8.), NamedSharding(mesh, P('x')))
except ValueError as e:
    print(str(e).split(' This error occurs')[0])
''',
    "visualize_array_sharding": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
for shape, spec in [((8, 4), P('x', 'y')), ((8, 4), P('x')), ((8, 8), P(None, 'x')), ((4, 16), P('y')),
                    ((16,), P(('x', 'y'))), ((16,), P()), ((8, 2), P(('x', 'y'))), ((4, 8), P(None, 'y')),
                    ((16,), P('x'))]:
    jax.debug.visualize_array_sharding(jax.device_put(jnp.zeros(shape), NamedSharding(mesh, spec)))
jax.debug.visualize_array_sharding(jnp.arange(16.))
jax.debug.visualize_array_sharding(jax.device_put(jnp.zeros((4, 4)), jax.devices()[3]))
m2 = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ('a', 'b'))
jax.debug.visualize_sharding((4, 4), NamedSharding(m2, P('a', 'b')))
jax.debug.visualize_sharding((4, 8), NamedSharding(m2, P('b')), scale=2.0)
jax.debug.visualize_sharding((40,), NamedSharding(m2, P(('a', 'b'))), min_width=4, max_width=40)
''',
    "visualize_sharding_3d": '''
mesh = jax.make_mesh((8,), ('d',))
jax.debug.visualize_sharding((8, 2, 2), NamedSharding(mesh, P('d')))
''',
    "inspect_array_sharding_eager": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
x = jax.device_put(jnp.arange(8.), NamedSharding(mesh, P('x')))
jax.debug.inspect_array_sharding({'a': x, 'b': jnp.ones(2)}, callback=lambda s: print(repr(s)))
''',
    "make_array_from_process_local_data": '''
mesh = jax.make_mesh((4, 2), ('x', 'y'))
show(jax.make_array_from_process_local_data(NamedSharding(mesh, P('x')), np.arange(16.).reshape(8, 2)))
a, b = jax.make_array_from_process_local_data(NamedSharding(mesh, P(None, 'y')),
                                              (np.ones((2, 4), np.int32), np.zeros((2, 4), np.int32)), (2, 4))
show(a)
with jax.set_mesh(mesh):
    show(jax.make_array_from_process_local_data(P(('x', 'y')), np.arange(8, dtype=np.int16)))
try:
    jax.make_array_from_process_local_data(NamedSharding(mesh, P('x')), np.zeros((8, 2)), (16, 2))
except ValueError as e:
    print(e)
''',
    "abstract_device": '''
d = jax.sharding.AbstractDevice('cpu', None, 'cpu')
print(repr(d), d.device_kind, d.num_cores, d.platform, d == jax.sharding.AbstractDevice('cpu', None, 'cpu'))
''',
    "shard_repr": '''
mesh = jax.make_mesh((2,), ('d',))
x = jax.device_put(jnp.arange(4), NamedSharding(mesh, P('d')))
print(x.addressable_shards[1])
print(isinstance(x.addressable_shards[0], jax.Shard))
''',
}


def main_inside() -> None:
    import functools
    import importlib.util

    import jax

    if importlib.util.find_spec("rich") is None:
        raise SystemExit("rich is not importable in JAX's venv: JAX would refuse to visualize shardings "
                         "(see this tool's docstring)")

    jax.config.update("jax_num_cpu_devices", NUM_DEVICES)
    import jax.numpy as jnp
    import jaxlib
    import numpy as np

    namespace = {"jax": jax, "jnp": jnp, "np": np, "partial": functools.partial}
    results = {}
    for name, src in PROGRAMS.items():
        results[name] = {"source": src, **behaviours.run(jax, namespace, PRELUDE + src)}
        jax.sharding.set_mesh(None)
    data = {
        "generator": "tools/sharding_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__},
        "num_devices": NUM_DEVICES,
        "programs": results,
    }
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
