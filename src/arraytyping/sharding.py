"""Shardings (as ``jax.sharding``): how arrays lie on several devices. A :class:`Mesh` names the axes of a grid of
devices (:func:`make_mesh`), a :class:`PartitionSpec` says which mesh axes each dimension is split over, and a
:class:`NamedSharding` pairs them; ``arraytyping.device_put(x, sharding)`` splits an array into a block on each
device (``x.addressable_shards``), and :func:`set_mesh` sets the mesh a bare ``PartitionSpec`` refers to.

Example::

    mesh = arraytyping.make_mesh((4, 2), ("x", "y"))          # 8 devices (ARRAYTYPING_NUM_CPU_DEVICES=8)
    y = arraytyping.device_put(x, NamedSharding(mesh, PartitionSpec("x", "y")))
"""

from arraytyping._src.xla.sharding import (
    AbstractDevice, AbstractMesh, AxisType, Mesh, NamedSharding, PartitionSpec, Sharding, SingleDeviceSharding, get_abstract_mesh,
    get_mesh, make_mesh, make_single_device_sharding, set_mesh,
)
from arraytyping._src.lax.api.sharding import reshard

__all__ = ["AbstractDevice", "AbstractMesh", "AxisType", "Mesh", "NamedSharding", "PartitionSpec", "Sharding",
           "SingleDeviceSharding", "get_abstract_mesh", "get_mesh", "make_mesh", "make_single_device_sharding",
           "reshard", "set_mesh"]
