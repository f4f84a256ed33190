"""Computations over several devices on XLA's SPMD partitioner, as JAX 0.10.2 runs them: a jitted function whose
arguments (or ``in_shardings``/``out_shardings``) are :class:`NamedSharding`\\ s is lowered with Shardy's sharding
annotations (``sdy.mesh``, ``sdy.sharding`` on the main function's arguments and results,
``mhlo.num_partitions``), compiled for the mesh's devices with the SPMD partitioner, run on each device's block,
and its results are built from each device's block with the shardings the compiled executable reports.

This module holds the arithmetic: a sharding as XLA's ``HloSharding`` (the tiles of the global arrays jaxlib
holds), an ``HloSharding`` back as a :class:`PartitionSpec` of a mesh (JAX's reading of the executable's output
shardings), and the Shardy attributes' text.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from arraytyping._src.core import jaxpr as jx
from arraytyping._src.xla.backend import backend
from arraytyping._src.xla.sharding import UNCONSTRAINED, Mesh, NamedSharding, PartitionSpec
from arraytyping._src.xla.sharding import axes_of as _axes_of

__all__ = ["MESH_OF", "NeedsMesh", "global_sharding", "hlo_sharding", "jaxpr_mesh", "sdy_mesh", "sdy_sharding",
           "spec_of"]

MESH_OF: dict[Any, Callable[[dict[str, Any]], Mesh]] = {}
"""Primitives whose equations put the computation on a mesh's devices (a sharding constraint): each one's mesh from
its parameters. The primitives' modules register theirs."""


class NeedsMesh(Exception):
    """A computation holds an equation that puts it on a mesh's devices: it is compiled over them."""


def jaxpr_mesh(jaxpr: Any) -> Mesh | None:
    """The mesh an equation of ``jaxpr`` (or of a jaxpr in an equation's parameters) puts the computation on."""
    for eqn in jaxpr.eqns:
        rule = MESH_OF.get(eqn.primitive)
        if rule is not None:
            return rule(eqn.params)
        for value in eqn.params.values():
            subs: list[Any] = list(cast("Sequence[Any]", value)) if isinstance(value, (list, tuple)) else [value]
            for sub in subs:
                inner = sub.jaxpr if isinstance(sub, jx.ClosedJaxpr) else sub if isinstance(sub, jx.Jaxpr) else None
                found = None if inner is None else jaxpr_mesh(inner)
                if found is not None:
                    return found
    return None


def _block_coords(sharding: NamedSharding, ndim: int) -> tuple[list[int], dict[Any, tuple[int, ...]]]:
    """The number of blocks along each dimension, and each device's block (its coordinate along each dimension,
    then its replica number among the devices holding that block)."""
    mesh = sharding.mesh
    sizes = mesh.shape
    parts = sharding._partitions(ndim)  # pyright: ignore[reportPrivateUsage]
    seen: dict[tuple[int, ...], int] = {}
    out: dict[Any, tuple[int, ...]] = {}
    for pos in np.ndindex(*mesh.devices.shape):
        coord = dict(zip(mesh.axis_names, pos))
        block: list[int] = []
        for dim in range(ndim):
            axes = _axes_of(sharding.spec[dim]) if dim < len(sharding.spec) else ()
            b = 0
            for name in axes:
                b = b * sizes[name] + coord[name]
            block.append(b)
        key = tuple(block)
        replica = seen.get(key, 0)
        seen[key] = replica + 1
        out[mesh.devices[pos]] = (*key, replica)
    return parts, out


def hlo_sharding(sharding: NamedSharding, ndim: int) -> Any:
    """``sharding`` of an array of rank ``ndim`` as XLA's ``HloSharding`` over the mesh's devices in order."""
    xc = backend().xc
    parts, coords = _block_coords(sharding, ndim)
    if math.prod(parts) == 1:
        return xc.HloSharding.replicate()
    replicas = sharding.mesh.size // math.prod(parts)
    dims = [*parts, replicas] if replicas > 1 else list(parts)
    grid = np.zeros(dims, dtype=np.int64)
    for logical, device in enumerate(sharding.mesh.devices.flat):
        c = coords[device]
        grid[c if replicas > 1 else c[:-1]] = logical
    op = xc.OpSharding()
    op.type = xc.OpSharding.Type.OTHER
    op.tile_assignment_dimensions = dims
    op.tile_assignment_devices = [int(d) for d in grid.flat]
    op.replicate_on_last_tile_dim = replicas > 1
    return xc.HloSharding.from_proto(op)


_GLOBAL_CLASS: list[Any] = []


def _global_class() -> Any:
    """jaxlib's ``GSPMDSharding`` with the Python methods jaxlib calls on the sharding of an array over devices."""
    if not _GLOBAL_CLASS:
        base: Any = backend().xc.GSPMDSharding

        class _Global(base):  # type: ignore[misc]
            def _to_xla_hlo_sharding(self, num_dimensions: int) -> Any:
                return self._hlo_sharding

            @property
            def _device_assignment(self) -> tuple[Any, ...]:
                return tuple(self._devices)

            @property
            def device_set(self) -> set[Any]:
                return set(self._devices)

            @property
            def num_devices(self) -> int:
                return len(self._devices)

            @property
            def memory_kind(self) -> Any:
                return self._memory_kind

            @property
            def is_fully_replicated(self) -> bool:
                return bool(self._hlo_sharding.is_replicated())

            @property
            def is_fully_addressable(self) -> bool:
                return True

        _GLOBAL_CLASS.append(_Global)
    return _GLOBAL_CLASS[0]


def global_sharding(sharding: NamedSharding, ndim: int) -> Any:
    """The jaxlib sharding of the global array (one buffer per device of the mesh, in the mesh's order) that a
    computation over the mesh's devices takes and gives."""
    return _global_class()(list(sharding.mesh.devices.flat), hlo_sharding(sharding, ndim))


def spec_of(hlo: Any, mesh: Mesh, ndim: int) -> PartitionSpec | None:
    """The :class:`PartitionSpec` over ``mesh`` of an array of rank ``ndim`` that XLA laid out as ``hlo`` (an
    ``HloSharding`` or ``OpSharding`` whose device numbers are positions in the mesh's devices), as JAX reads a
    compiled computation's output shardings: each dimension's mesh axes, trailing unsplit dimensions dropped;
    ``None`` when no spec over the mesh's axes gives that layout."""
    xc = backend().xc
    if isinstance(hlo, xc.OpSharding):
        hlo = xc.HloSharding.from_proto(hlo)
    if hlo.is_replicated() or (hlo.is_maximal() and mesh.size == 1):
        return PartitionSpec()
    if not hlo.is_tiled():
        return None
    dims = [int(d) for d in hlo.tile_assignment_dimensions()]
    grid = np.array([int(d) for d in hlo.tile_assignment_devices()]).reshape(dims)
    tile_of: dict[int, tuple[int, ...]] = {}
    for pos in np.ndindex(*dims):
        tile_of[int(grid[pos])] = tuple(pos[:ndim])
    wanted = dims[:ndim]
    sizes = mesh.shape
    names = [n for n in mesh.axis_names if sizes[n] > 1]
    flat = list(mesh.devices.flat)
    for entries in _candidates(wanted, names, dict(sizes)):
        spec = PartitionSpec(*(None if not e else e[0] if len(e) == 1 else e for e in entries))
        while len(spec) and spec[len(spec) - 1] is None:
            spec = PartitionSpec(*list(spec)[:-1])
        _, coords = _block_coords(NamedSharding(mesh, spec), ndim)
        if all(coords[d][:ndim] == tile_of.get(i) for i, d in enumerate(flat)):
            return spec
    return None


def _candidates(wanted: list[int], names: list[str], sizes: dict[str, int]) -> Any:
    """Each way to give every dimension an ordered tuple of distinct mesh axes whose sizes multiply to its number
    of tiles."""
    def per_dim(i: int, free: tuple[str, ...]) -> Any:
        if i == len(wanted):
            yield []
            return
        for k in range(len(free) + 1):
            for combo in itertools.permutations(free, k):
                if math.prod(sizes[n] for n in combo) == wanted[i]:
                    rest = tuple(n for n in free if n not in combo)
                    for tail in per_dim(i + 1, rest):
                        yield [combo, *tail]
    return per_dim(0, tuple(names))


def sdy_mesh(mesh: Mesh) -> str:
    """Shardy's attribute of ``mesh``: ``#sdy.mesh<["x"=4, "y"=2]>`` (with ``device_ids`` when its devices are not
    in id order)."""
    axes = ", ".join(f'"{n}"={s}' for n, s in mesh.shape.items())
    ids = [int(d.id) for d in mesh.devices.flat]
    order = "" if ids == sorted(ids) and ids == list(range(ids[0], ids[0] + len(ids))) else \
        f", device_ids=[{', '.join(map(str, ids))}]"
    return f"#sdy.mesh<[{axes}]{order}>"


def sdy_sharding(spec: PartitionSpec, ndim: int, mesh_name: str = "mesh") -> str:
    """Shardy's attribute of an array of rank ``ndim`` laid out by ``spec``:
    ``#sdy.sharding<@mesh, [{"x"}, {}]>``."""
    dims: list[str] = []
    for dim in range(ndim):
        if dim < len(spec) and spec[dim] is UNCONSTRAINED:
            dims.append("{?}")
            continue
        axes: Sequence[str] = _axes_of(spec[dim]) if dim < len(spec) else ()
        dims.append("{" + ", ".join(f'"{n}"' for n in axes) + "}")
    return f"#sdy.sharding<@{mesh_name}, [{', '.join(dims)}]>"
