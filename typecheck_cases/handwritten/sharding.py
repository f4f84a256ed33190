"""Sharded arrays keep their type: ``device_put`` of a ``NamedSharding`` and ``jit`` of a sharded array give the
argument's dtype and global shape; the shardings, meshes and shards are typed as ``jax.sharding`` has them.

Checked by pyright, mypy (with and without the plugin), pyrefly and ty.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, TypeVar

from typing_extensions import assert_type

import arraytyping as at
from arraytyping import Array, float32, int32
from arraytyping.sharding import AbstractMesh, AxisType, Mesh, NamedSharding, PartitionSpec, Sharding

B = TypeVar("B", bound=int)
D = TypeVar("D", bound=int)


def scale(x: Array[float32, tuple[B, D]]) -> Array[float32, tuple[B, D]]:
    return x * 2.0


def split_rows(x: Array[float32, tuple[B, D]]) -> Array[float32, tuple[B, D]]:
    mesh = at.make_mesh((4, 2), ("x", "y"))
    assert_type(mesh, Mesh)
    assert_type(mesh.shape, OrderedDict[str, int])
    assert_type(mesh.axis_types, tuple[AxisType, ...])
    assert_type(mesh.abstract_mesh, AbstractMesh)
    sharding = at.NamedSharding(mesh, at.P("x", None))
    assert_type(sharding, NamedSharding)
    assert_type(sharding.spec, PartitionSpec)
    assert_type(sharding.shard_shape((8, 4)), tuple[int, ...])
    y = at.device_put(x, sharding)
    assert_type(y, Array[float32, tuple[B, D]])
    assert_type(y.sharding, Sharding)
    assert_type(y.is_fully_replicated, bool)
    shard = y.addressable_shards[0]
    assert_type(shard, at.Shard)
    assert_type(shard.index, tuple[slice, ...])
    assert_type(shard.replica_id, int)
    assert_type(y.addressable_data(0), Array[float32])
    with at.set_mesh(mesh):
        z = at.jit(scale)(y)
    assert_type(z, Array[float32, tuple[B, D]])
    return z


def from_blocks(blocks: list[Array[int32]], sharding: NamedSharding) -> Array[int32]:
    out = at.make_array_from_single_device_arrays((8, 2), sharding, blocks)
    assert_type(out, Array[int32])
    made = at.make_array_from_callback((8, 2), sharding, lambda index: index)
    assert_type(made, Array[Any])
    return out
