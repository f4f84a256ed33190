"""Running a jitted function over several devices, as JAX 0.10.2's ``jit`` does when its arguments are sharded or
``in_shardings``/``out_shardings`` are given: the jaxpr is lowered with Shardy's annotations
(:mod:`~arraytyping._src.xla.spmd`), compiled for the mesh's devices with XLA's SPMD partitioner (``num_partitions``
the mesh's size, one replica, the mesh's devices as the device assignment), run on each argument's global array
(its blocks, one per device) and its results are built from each device's block with the shardings given, or
those the compiled executable reports."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import numpy as np

from arraytyping._src import monitoring
from arraytyping._src.core import jaxpr as jx
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla.array_impl import ArrayImpl, ShardedArrayImpl, put_sharded
from arraytyping._src.xla.backend import backend, check_supported
from arraytyping._src.xla.lowering import lower_module, mlir, module_name
from arraytyping._src.xla.sharding import AxisType, Mesh, NamedSharding, PartitionSpec, Sharding, as_sharding
from arraytyping._src.xla.spmd import hlo_sharding, sdy_mesh, sdy_sharding, spec_of

__all__ = ["ShardedCompiled", "arg_sharding", "compile_sharded", "prefix_shardings", "same_layout", "the_mesh"]


def prefix_shardings(given: Any, values: Any, what: str) -> list[NamedSharding | None]:
    """``given`` (``in_shardings``/``out_shardings``: a sharding, ``None`` or a pytree of them that is a prefix of
    ``values``) as one sharding (or ``None``: left to the partitioner) per leaf of ``values``."""
    out: list[NamedSharding | None] = []

    def one(s: Any, value: Any) -> None:
        sharding = None if s is None else as_sharding(s)
        if s is not None and sharding is None:
            raise TypeError(f"{what} leaves must be shardings (a NamedSharding, or a PartitionSpec with a mesh set) "
                            f"or None; got {s!r}")
        if sharding is not None and not isinstance(sharding, NamedSharding):
            sharding = None  # a single-device sharding: the computation's device is the default one
        out.extend([sharding] * len(tree.leaves(value)))

    def walk(s: Any, value: Any) -> None:
        if s is None or isinstance(s, Sharding) or isinstance(s, PartitionSpec):
            one(s, value)
            return
        if isinstance(s, (tuple, list)) and isinstance(value, (tuple, list)):
            s_items = cast("Sequence[Any]", s)
            v_items = cast("Sequence[Any]", value)
            if len(s_items) != len(v_items):
                raise ValueError(f"{what} is a {type(s_items).__name__} of length {len(s_items)}, but the values it "
                                 f"lays out are of length {len(v_items)}")
            for a, b in zip(s_items, v_items):
                walk(a, b)
            return
        if isinstance(s, dict) and isinstance(value, dict):
            s_map: dict[Any, Any] = {k: v for k, v in cast("Mapping[Any, Any]", s).items()}
            v_map: dict[Any, Any] = {k: v for k, v in cast("Mapping[Any, Any]", value).items()}
            for k in sorted(v_map):
                walk(s_map.get(k), v_map[k])
            return
        raise ValueError(f"{what} must be a sharding or a pytree of shardings that is a prefix of the values; got "
                         f"{s!r:.120}")

    walk(given, values)
    return out


def arg_sharding(x: Any) -> NamedSharding | None:
    """The sharding an argument brings to the computation: a sharded array's own; ``None`` for anything else (an
    array on one device or a host value is placed as the compiled computation wants it)."""
    return x.sharding if isinstance(x, ShardedArrayImpl) else None


def same_layout(a: NamedSharding, b: NamedSharding, ndim: int) -> bool:
    """Whether two shardings lay an array of rank ``ndim`` out alike (the same devices, the same blocks)."""
    return bool(list(a.mesh.devices.flat) == list(b.mesh.devices.flat)
                and hlo_sharding(a, ndim) == hlo_sharding(b, ndim))


def the_mesh(shardings: Sequence[NamedSharding | None], name: str) -> Mesh | None:
    """The one mesh of ``shardings`` (the computation runs on its devices); JAX's ``ValueError`` when two differ."""
    mesh: Mesh | None = None
    for s in shardings:
        if s is None:
            continue
        if mesh is None:
            mesh = s.mesh
        elif s.mesh != mesh and (s.mesh.devices.shape != mesh.devices.shape
                                  or list(s.mesh.devices.flat) != list(mesh.devices.flat)):
            raise ValueError(f"Received incompatible devices for jitted computation. Got {name} sharded over "
                             f"{mesh} with device ids {[d.id for d in mesh.devices.flat]} and over {s.mesh} with "
                             f"device ids {[d.id for d in s.mesh.devices.flat]}")
    return mesh


class ShardedCompiled:
    """A jaxpr compiled over a mesh's devices: the executable, each parameter's and result's sharding, the result
    types and tree."""

    __slots__ = ("exe", "mesh", "in_shardings", "out_shardings", "out_avals", "out_tree", "host_outs", "in_avals")

    def __init__(self, exe: Any, mesh: Mesh, in_shardings: list[NamedSharding], out_shardings: list[NamedSharding],
                 in_avals: list[ShapedArray], out_avals: list[ShapedArray], out_tree: tree.TreeDef,
                 host_outs: tuple[tuple[int, Any], ...]) -> None:
        self.exe = exe
        self.mesh = mesh
        self.in_shardings = in_shardings
        self.out_shardings = out_shardings
        self.in_avals = in_avals
        self.out_avals = out_avals
        self.out_tree = out_tree
        self.host_outs = host_outs

    def run(self, leaves: Sequence[Any]) -> Any:
        """Run on the argument leaves (arrays, numpy values, Python scalars): each is placed as its parameter's
        sharding says (a sharded array already laid out so is taken as it is)."""
        args = [self._global(x, s, a) for x, s, a in zip(leaves, self.in_shardings, self.in_avals)]
        results = self.exe.execute_sharded(args).disassemble_into_single_device_arrays()
        devices = list(self.mesh.devices.flat)
        outs: list[Any] = []
        for blocks, aval, s in zip(results, self.out_avals, self.out_shardings):
            block_aval = ShapedArray(s.shard_shape(aval.shape), aval.dtype, aval.weak_type)
            outs.append(ShardedArrayImpl.assemble(
                aval, s, {d: ArrayImpl.new(b, block_aval) for d, b in zip(devices, blocks)}))
        for i, value in self.host_outs:
            outs.insert(i, value)
        return tree.unflatten(self.out_tree, outs)

    @staticmethod
    def _global(x: Any, sharding: NamedSharding, aval: ShapedArray) -> Any:
        if isinstance(x, ShardedArrayImpl) and (x.sharding == sharding or _trimmed(x.sharding) == _trimmed(sharding)):
            return x.global_array
        if isinstance(x, ArrayImpl):
            x.check_alive()
        value = np.asarray(x, dtype=aval.dtype)
        return put_sharded(value, aval, sharding).global_array


def compile_sharded(closed: jx.ClosedJaxpr, out_tree: tree.TreeDef, host_outs: tuple[tuple[int, Any], ...],
                    name: str, in_shardings: Sequence[NamedSharding | None],
                    out_shardings: Sequence[NamedSharding | None], mesh: Mesh) -> ShardedCompiled:
    """``closed`` lowered with the given shardings (``None``: left to the partitioner) and compiled over
    ``mesh``'s devices; the shardings the partitioner chose are read back from the executable."""
    for aval in [*closed.in_avals, *closed.out_avals]:
        check_supported(aval)
    b = backend()
    xc = b.xc
    in_avals, out_avals = list(closed.in_avals), list(closed.out_avals)
    for s, aval in [*zip(in_shardings, in_avals), *zip(out_shardings, out_avals)]:
        if s is not None:
            s.shard_shape(aval.shape)  # JAX's error for a sharding that does not divide the array
    m = mlir()
    with m.lock:
        with monitoring.log_elapsed_time("Finished jaxpr to MLIR module conversion {fun_name} in "
                                         "{elapsed_time:.9f} sec", name, monitoring.JAXPR_TO_MLIR_MODULE_EVENT):
            module = lower_module(
                closed, module_name(name.removeprefix("jit(").removesuffix(")")), [""] * len(out_avals),
                mesh=sdy_mesh(mesh), num_partitions=mesh.size,
                arg_shardings=[None if s is None else sdy_sharding(s.spec, a.ndim)
                               for s, a in zip(in_shardings, in_avals)],
                result_shardings=[None if s is None else sdy_sharding(s.spec, a.ndim)
                                  for s, a in zip(out_shardings, out_avals)])
        options: Any = xc.CompileOptions()
        options.num_replicas = 1
        options.num_partitions = mesh.size
        build = options.executable_build_options
        build.use_spmd_partitioning = True
        build.use_shardy_partitioner = True
        build.allow_spmd_sharding_propagation_to_parameters = [s is None for s in in_shardings] or [False]
        build.allow_spmd_sharding_propagation_to_output = [s is None for s in out_shardings] or [False]
        devices = tuple(mesh.devices.flat)
        options.device_assignment = xc.DeviceAssignment.create(np.array([[d.id for d in devices]]))  # 1 replica x N partitions
        with monitoring.log_elapsed_time("Finished XLA compilation of {fun_name} in {elapsed_time:.9f} sec", name,
                                         monitoring.BACKEND_COMPILE_EVENT):
            kwargs: dict[str, Any] = {"host_callbacks": list(m.host_callbacks)} if m.host_callbacks else {}
            exe = b.client.compile_and_load(module, executable_devices=xc.DeviceList(devices),
                                            compile_options=options, **kwargs)
    params: list[Any] = list(exe.get_parameter_shardings() or []) if in_avals else []
    results: list[Any] = list(exe.get_output_shardings() or []) if out_avals else []
    ins = [s if s is not None else _read_back(params, i, mesh, a, name, "input")
           for i, (s, a) in enumerate(zip(in_shardings, in_avals))]
    outs = [s if s is not None else _read_back(results, i, mesh, a, name, "output")
            for i, (s, a) in enumerate(zip(out_shardings, out_avals))]
    if mesh.axis_types and all(t is AxisType.Explicit for t in mesh.axis_types):
        # sharding in types: an Explicit mesh's results carry a spec entry for every dimension, as JAX's
        outs = [NamedSharding(s.mesh, PartitionSpec(*s.spec, *[None] * (a.ndim - len(s.spec)),
                                                    unreduced=s.spec.unreduced, reduced=s.spec.reduced),
                              memory_kind=s.memory_kind) for s, a in zip(outs, out_avals)]
    return ShardedCompiled(exe, mesh, ins, outs, in_avals, out_avals, out_tree, host_outs)


def _trimmed(s: NamedSharding) -> tuple[Any, ...]:
    """A sharding's mesh and spec without trailing unsplit dimensions (what lays an array out alike)."""
    entries = list(s.spec)
    while entries and entries[-1] is None:
        entries.pop()
    return (s.mesh, tuple(entries), s.spec.unreduced, s.spec.reduced, s.memory_kind)


def _read_back(shardings: list[Any], i: int, mesh: Mesh, aval: ShapedArray, name: str, what: str
               ) -> NamedSharding:
    """The ``i``-th sharding the compiled executable reports, as a :class:`NamedSharding` over ``mesh``."""
    if i >= len(shardings):
        return NamedSharding(mesh, PartitionSpec())
    spec = spec_of(shardings[i], mesh, aval.ndim)
    if spec is None:
        raise NotImplementedError(f"{name}: XLA laid out {what} {i} ({aval.str_short()}) as {shardings[i]}, which "
                                  f"no PartitionSpec over the mesh {mesh} describes")
    return NamedSharding(mesh, spec)

