"""Shardings (JAX 0.10.2's ``jax.sharding``): how an array lies on devices. ``SingleDeviceSharding`` (whole on one
device), ``NamedSharding`` (split over a :class:`Mesh` of devices by a :class:`PartitionSpec`), the mesh in context
(``set_mesh``), and the arithmetic of which device holds which block (``devices_indices_map``)."""

from __future__ import annotations

import dataclasses
import enum
import math
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from types import TracebackType
from typing import Any, Final, TypeAlias, cast

import numpy as np

from arraytyping._src.xla.backend import backend

__all__ = ["AbstractDevice", "AbstractMesh", "AxisType", "DuplicateSpecError", "IndivisibleError", "axes_of", "Mesh", "NamedSharding", "PartitionSpec", "Sharding",
           "SingleDeviceSharding", "get_abstract_mesh", "get_mesh", "make_mesh", "make_single_device_sharding",
           "set_mesh"]

Index: TypeAlias = tuple[slice, ...]
"""Which block of the global array a device holds: a slice per dimension."""


class Sharding:
    """How an array lies on devices (JAX's ``jax.sharding.Sharding``): the base of :class:`SingleDeviceSharding`
    and :class:`NamedSharding`."""

    __slots__ = ()

    @property
    def device_set(self) -> set[Any]:
        """The devices holding a part of the array."""
        return set(self._device_assignment)

    @property
    def _device_assignment(self) -> tuple[Any, ...]:
        raise NotImplementedError

    @property
    def addressable_devices(self) -> set[Any]:
        """The devices of this process holding a part of the array (all of them, in one process)."""
        return self.device_set

    @property
    def num_devices(self) -> int:
        return len(self.device_set)

    @property
    def is_fully_addressable(self) -> bool:
        return True

    @property
    def is_fully_replicated(self) -> bool:
        raise NotImplementedError

    @property
    def memory_kind(self) -> str | None:
        return "device"

    def devices_indices_map(self, global_shape: Sequence[int]) -> dict[Any, Index]:
        """The block of an array of ``global_shape`` each device holds."""
        raise NotImplementedError

    def addressable_devices_indices_map(self, global_shape: Sequence[int]) -> dict[Any, Index]:
        return self.devices_indices_map(global_shape)

    def shard_shape(self, global_shape: Sequence[int]) -> tuple[int, ...]:
        """The shape of the block on each device."""
        raise NotImplementedError


class SingleDeviceSharding(Sharding):
    """An array placed whole on one device (printed ``SingleDeviceSharding(device=CpuDevice(id=0),
    memory_kind=device)``).

    Example::

        s = arraytyping.sharding.SingleDeviceSharding(arraytyping.devices()[0])
        x = arraytyping.device_put(1.0, s)
    """

    __slots__ = ("_device", "_memory_kind")

    def __init__(self, device: Any, *, memory_kind: str | None = None) -> None:
        self._device = device
        self._memory_kind = "device" if memory_kind is None else memory_kind

    @property
    def _device_assignment(self) -> tuple[Any, ...]:
        return (self._device,)

    @property
    def device_set(self) -> set[Any]:
        """The devices holding a part of the array: the one."""
        return {self._device}

    @property
    def addressable_devices(self) -> set[Any]:
        return {self._device}

    @property
    def memory_kind(self) -> str | None:
        return self._memory_kind

    @property
    def num_devices(self) -> int:
        return 1

    @property
    def is_fully_replicated(self) -> bool:
        return True

    def devices_indices_map(self, global_shape: Sequence[int]) -> dict[Any, Index]:
        return {self._device: (slice(None),) * len(global_shape)}

    def shard_shape(self, global_shape: Sequence[int]) -> tuple[int, ...]:
        """The shape of the part on each device: the whole."""
        return tuple(global_shape)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SingleDeviceSharding) and other._device == self._device
                and other._memory_kind == self._memory_kind)

    def __hash__(self) -> int:
        return hash((SingleDeviceSharding, self._device, self._memory_kind))

    def __repr__(self) -> str:
        return f"SingleDeviceSharding(device={self._device!r}, memory_kind={self._memory_kind})"


def make_single_device_sharding(device: Any) -> SingleDeviceSharding:
    """The :class:`SingleDeviceSharding` of ``device``.

    Example::

        s = arraytyping.sharding.make_single_device_sharding(arraytyping.devices()[0])
    """
    return SingleDeviceSharding(device)


# ---------------------------------------------------------------------------------------------------------------
# Meshes


class AxisType(enum.Enum):
    """How a mesh axis is sharded (JAX's ``jax.sharding.AxisType``): ``Auto`` (the compiler decides), ``Explicit``
    (the sharding is part of the array's type; :func:`make_mesh`'s default), ``Manual`` (inside ``shard_map``)."""

    Auto = enum.auto()
    Explicit = enum.auto()
    Manual = enum.auto()

    def __repr__(self) -> str:
        return self.name


def _axis_types(names: tuple[str, ...], types: Any, who: str) -> tuple[AxisType, ...]:
    given: object = (AxisType.Auto,) * len(names) if types is None else types
    out = cast("tuple[object, ...]", given) if isinstance(given, tuple) else (given,)
    if not all(isinstance(a, AxisType) for a in out):
        kinds = [type(a).__name__ for a in out]
        raise TypeError(f"axis_types passed to {who} must be of type `jax.sharding.AxisType`. Got {out} of type "
                        f"({', '.join(kinds)})")
    if len(names) != len(out):
        raise ValueError(f"Number of axis names should match the number of axis_types. Got axis_names={names} and "
                         f"axis_types={out}")
    return tuple(a for a in out if isinstance(a, AxisType))


@dataclasses.dataclass(frozen=True, slots=True)
class AbstractDevice:
    """A kind of device without the device (JAX's ``jax.sharding.AbstractDevice``): its ``device_kind``,
    ``num_cores`` and ``platform``.

    Example::

        d = arraytyping.sharding.AbstractDevice("cpu", None, "cpu")
    """

    device_kind: str
    num_cores: int | None
    platform: str

    def __repr__(self) -> str:
        return f"AbstractDevice(device_kind={self.device_kind}, num_cores={self.num_cores}, platform={self.platform})"


class AbstractMesh:
    """A mesh's axis names, sizes and types without its devices (JAX's ``jax.sharding.AbstractMesh``): what
    :func:`get_abstract_mesh` gives and a traced function sees.

    Example::

        m = arraytyping.sharding.AbstractMesh((4, 2), ("x", "y"))
        m.shape  # {'x': 4, 'y': 2}
    """

    __slots__ = ("axis_sizes", "axis_names", "axis_types", "_platform")

    axis_sizes: tuple[int, ...]
    axis_names: tuple[str, ...]
    axis_types: tuple[AxisType, ...]

    def __init__(self, axis_sizes: tuple[int, ...], axis_names: tuple[str, ...],
                 axis_types: AxisType | tuple[AxisType, ...] | None = None, *, _platform: str | None = None) -> None:
        self.axis_sizes = tuple(axis_sizes)
        self.axis_names = tuple(axis_names)
        self.axis_types = _axis_types(self.axis_names, axis_types, "AbstractMesh")
        self._platform = _platform

    @property
    def shape(self) -> OrderedDict[str, int]:
        """Each axis name's size, in order."""
        return OrderedDict(zip(self.axis_names, self.axis_sizes))

    @property
    def shape_tuple(self) -> tuple[tuple[str, int], ...]:
        return tuple(zip(self.axis_names, self.axis_sizes))

    @property
    def size(self) -> int:
        return math.prod(self.axis_sizes)

    @property
    def empty(self) -> bool:
        return not self.axis_names

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, AbstractMesh) and other.axis_sizes == self.axis_sizes
                and other.axis_names == self.axis_names and other.axis_types == self.axis_types
                and other._platform == self._platform)

    def __hash__(self) -> int:
        return hash((self.axis_sizes, self.axis_names, self.axis_types, self._platform))

    def __repr__(self) -> str:
        body = ", ".join(f"'{n}': {v}" for n, v in self.shape_tuple) if self.shape_tuple else "()"
        device = (f", device_kind={self._platform}, num_cores=None, platform={self._platform}"
                  if self._platform is not None else "")
        return f"AbstractMesh({body}, axis_types={self.axis_types}{device})"


class Mesh:
    """An n-dimensional array of devices with a name for each axis (JAX's ``jax.sharding.Mesh``): what a
    :class:`NamedSharding` splits arrays over. :func:`make_mesh` builds one from the devices.

    Parameters: ``devices`` (a numpy array, or a nested sequence, of devices), ``axis_names`` (one per dimension of
    ``devices``), ``axis_types`` (one :class:`AxisType` per axis; ``Auto`` for each when omitted).

    Example::

        import numpy as np
        mesh = arraytyping.sharding.Mesh(np.array(arraytyping.devices()[:2]), ("x",))
    """

    __slots__ = ("devices", "axis_names", "axis_types")

    devices: np.ndarray[Any, Any]
    axis_names: tuple[str, ...]
    axis_types: tuple[AxisType, ...]

    def __init__(self, devices: np.ndarray[Any, Any] | Sequence[Any], axis_names: str | Sequence[str],
                 axis_types: AxisType | tuple[AxisType, ...] | None = None) -> None:
        arr = devices if isinstance(devices, np.ndarray) else np.array(devices, dtype=object)
        names = (axis_names,) if isinstance(axis_names, str) else tuple(axis_names)
        if any(n is None for n in cast("tuple[str | None, ...]", names)):
            raise ValueError(f"Mesh axis names cannot be None. Got: {names}")
        if arr.ndim != len(names):
            raise ValueError("Mesh requires the ndim of its first argument (`devices`) to equal the length of its "
                             f"second argument (`axis_names`), but got devices.ndim == {arr.ndim} and "
                             f"len(axis_names) == {len(names)}.")
        self.devices = arr
        self.axis_names = names
        self.axis_types = _axis_types(names, axis_types, "Mesh")

    @property
    def shape(self) -> OrderedDict[str, int]:
        """Each axis name's size, in order."""
        return OrderedDict(zip(self.axis_names, self.devices.shape))

    @property
    def axis_sizes(self) -> tuple[int, ...]:
        return tuple(self.devices.shape)

    @property
    def shape_tuple(self) -> tuple[tuple[str, int], ...]:
        return tuple(zip(self.axis_names, self.devices.shape))

    @property
    def size(self) -> int:
        return 0 if self.empty else int(self.devices.size)

    @property
    def empty(self) -> bool:
        return not self.axis_names

    @property
    def device_ids(self) -> np.ndarray[Any, Any]:
        """The ids of :attr:`devices`, in the mesh's shape."""
        ids: list[int] = [int(d.id) for d in self.devices.flat]
        return np.array(ids, dtype=int).reshape(self.devices.shape)

    @property
    def local_devices(self) -> list[Any]:
        return list(self.devices.flat)

    @property
    def abstract_mesh(self) -> AbstractMesh:
        """This mesh without its devices."""
        platform = None if self.empty else str(self.devices.flat[0].platform)
        return AbstractMesh(self.axis_sizes, self.axis_names, self.axis_types, _platform=platform)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Mesh) and other.axis_names == self.axis_names
                and other.axis_types == self.axis_types and other.devices.shape == self.devices.shape
                and list(other.devices.flat) == list(self.devices.flat))

    def __hash__(self) -> int:
        return hash((self.axis_names, self.axis_types, self.devices.shape, tuple(self.devices.flat)))

    def __str__(self) -> str:
        if self.empty:
            return "Mesh()"
        body = ", ".join(f"'{k}': {v}" for k, v in self.shape.items())
        return f"Mesh({body}, axis_types={self.axis_types})"

    def __repr__(self) -> str:
        if self.empty:
            return "Mesh(axis_sizes=(), axis_names=())"
        return (f"Mesh(axis_sizes={self.axis_sizes}, axis_names={self.axis_names!r}, "
                f"axis_types={self.axis_types})")


def make_mesh(axis_shapes: Sequence[int], axis_names: Sequence[str], axis_types: tuple[AxisType, ...] | None = None,
              *, devices: Sequence[Any] | None = None) -> Mesh:
    """A :class:`Mesh` of the first ``prod(axis_shapes)`` devices (of ``devices``, or of the default backend) in
    the shape ``axis_shapes``, its axes named ``axis_names``; each axis ``Explicit`` unless ``axis_types`` says.

    Example::

        mesh = arraytyping.make_mesh((4, 2), ("x", "y"))  # with 8 devices
    """
    devs = list(backend().devices) if devices is None else list(devices)
    try:
        shape = tuple(int(s) for s in axis_shapes)
    except (TypeError, ValueError):
        raise ValueError(f"`axis_shapes` passed to `make_mesh` should be a sequence of ints. Got {axis_shapes}"
                         ) from None
    size = math.prod(shape)
    if size > len(devs):
        raise ValueError(f"Number of devices {len(devs)} must be >= the product of mesh_shape {shape}")
    grid = np.empty(len(devs[:size]), dtype=object)
    for i, d in enumerate(devs[:size]):
        grid[i] = d
    if axis_types is None:
        axis_types = (AxisType.Explicit,) * len(shape)
    return Mesh(grid.reshape(shape), tuple(axis_names), axis_types=axis_types)


# ---------------------------------------------------------------------------------------------------------------
# Partition specs


class _Unconstrained:
    def __repr__(self) -> str:
        return "UNCONSTRAINED"


UNCONSTRAINED: Final = _Unconstrained()


def _canonical_partition(p: Any) -> Any:
    entry: object = tuple(cast("list[object]", p)) if isinstance(p, list) else p
    if isinstance(entry, tuple):
        items: tuple[object, ...] = cast("tuple[object, ...]", entry)
        return items[0] if len(items) == 1 else items
    return entry


class PartitionSpec:
    """How each dimension of an array is split over a mesh's axes (JAX's ``jax.P``): one entry per dimension,
    ``None`` (not split), an axis name, or a tuple of axis names (split over their product); dimensions past the
    last entry are not split.

    Example::

        from arraytyping.sharding import PartitionSpec as P
        spec = P("x", None)   # rows over the mesh axis "x"
    """

    __slots__ = ("_partitions", "unreduced", "reduced")

    _partitions: tuple[Any, ...]
    unreduced: frozenset[str]
    reduced: frozenset[str]

    def __init__(self, *partitions: str | tuple[str, ...] | None | Any,
                 unreduced: frozenset[str] | set[str] = frozenset(),
                 reduced: frozenset[str] | set[str] = frozenset()) -> None:
        for name, value in (("unreduced", unreduced), ("reduced", reduced)):
            if not isinstance(value, (set, frozenset)):  # pyright: ignore[reportUnnecessaryIsInstance]
                raise TypeError(f"{name} argument of PartitionSpec should of type `frozenset` or `set`. Got type "
                                f"{value}")
        object.__setattr__(self, "_partitions", tuple(_canonical_partition(p) for p in partitions))
        object.__setattr__(self, "unreduced", frozenset(unreduced))
        object.__setattr__(self, "reduced", frozenset(reduced))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    @property
    def partitions(self) -> tuple[Any, ...]:
        return self._partitions

    def __getitem__(self, i: int) -> Any:
        return self._partitions[i]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._partitions)

    def __len__(self) -> int:
        return len(self._partitions)

    def __add__(self, other: PartitionSpec | tuple[Any, ...]) -> PartitionSpec:
        if isinstance(other, PartitionSpec):
            return PartitionSpec(*self._partitions, *other._partitions, unreduced={*self.unreduced, *other.unreduced},
                                 reduced={*self.reduced, *other.reduced})
        if isinstance(other, tuple):  # pyright: ignore[reportUnnecessaryIsInstance]
            return PartitionSpec(*self._partitions, *other)
        return NotImplemented

    def __radd__(self, other: tuple[Any, ...]) -> PartitionSpec:
        return PartitionSpec(*other, *self._partitions)

    def index(self, value: Any) -> int:
        return self._partitions.index(_canonical_partition(value))

    def count(self, value: Any) -> int:
        return self._partitions.count(_canonical_partition(value))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, PartitionSpec) and other._partitions == self._partitions
                and other.unreduced == self.unreduced and other.reduced == self.reduced)

    def __hash__(self) -> int:
        return hash((self._partitions, self.unreduced, self.reduced))

    def __repr__(self) -> str:
        body = repr(self._partitions)[1:-1]
        if not self.unreduced and not self.reduced:
            return f"P({body})"
        parts = [f"unreduced={set(self.unreduced)!r}"] if self.unreduced else []
        parts += [f"reduced={set(self.reduced)!r}"] if self.reduced else []
        body = "" if not body else f"{body} " if body.endswith(",") else f"{body}, "
        return f"P({body}{', '.join(parts)})"

    def __reduce__(self) -> Any:
        return (_rebuild_spec, (self._partitions, self.unreduced, self.reduced))


def _rebuild_spec(partitions: tuple[Any, ...], unreduced: frozenset[str], reduced: frozenset[str]) -> PartitionSpec:
    return PartitionSpec(*partitions, unreduced=unreduced, reduced=reduced)




class IndivisibleError(ValueError):
    """A sharding's mesh axes do not divide a dimension of the array it lays out (JAX's ``IndivisibleError``)."""


class DuplicateSpecError(Exception):
    """A partition spec maps one mesh axis to two dimensions (JAX's ``DuplicateSpecError``)."""


def _axes_of(entry: Any) -> tuple[str, ...]:
    if entry is None or entry is UNCONSTRAINED:
        return ()
    names: tuple[str, ...] = cast("tuple[str, ...]", entry) if isinstance(entry, tuple) else (entry,)
    return names


def axes_of(entry: Any) -> tuple[str, ...]:
    """The mesh axes a partition spec's entry names (none for ``None`` and ``UNCONSTRAINED``)."""
    return _axes_of(entry)


class NamedSharding(Sharding):
    """An array split over a :class:`Mesh` as a :class:`PartitionSpec` says (JAX's ``jax.NamedSharding``): each
    dimension's entry names the mesh axes it is split over; the blocks of the other axes are replicated.

    Example::

        mesh = arraytyping.make_mesh((4, 2), ("x", "y"))
        s = arraytyping.NamedSharding(mesh, arraytyping.P("x", "y"))
        y = arraytyping.device_put(arraytyping.numpy.zeros((8, 4)), s)  # a (2, 2) block on each device
    """

    __slots__ = ("mesh", "spec", "_memory_kind")

    mesh: Mesh
    spec: PartitionSpec
    _memory_kind: str | None

    def __init__(self, mesh: Mesh, spec: PartitionSpec, *, memory_kind: str | None = None) -> None:
        if not isinstance(mesh, (Mesh, AbstractMesh)):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise TypeError("mesh should be of type `Mesh` or `AbstractMesh`. Got type: "
                            f"{type(mesh)}")
        if not isinstance(spec, PartitionSpec):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise TypeError("spec should be of type PartitionSpec. Got type: "
                            f"{type(spec)}")
        self.mesh = mesh
        self.spec = spec
        self._memory_kind = "device" if memory_kind is None else memory_kind
        seen: set[str] = set()
        for entry in spec:
            for name in _axes_of(entry):
                if name not in mesh.axis_names:
                    raise ValueError(f"Resource axis: {name} of {spec!r} is not found in mesh: "
                                     f"{mesh.axis_names}.")
                if name in seen:
                    raise DuplicateSpecError(
                        "A single NamedSharding spec specification can map every mesh axis to at most one "
                        f"positional dimension, but {spec!r} has duplicate entries for `{name}`")
                seen.add(name)

    @property
    def _device_assignment(self) -> tuple[Any, ...]:
        return tuple(self.mesh.devices.flat)

    @property
    def memory_kind(self) -> str | None:
        return self._memory_kind

    @property
    def num_devices(self) -> int:
        return self.mesh.size

    @property
    def is_fully_replicated(self) -> bool:
        sizes = self.mesh.shape
        return all(sizes[n] == 1 for entry in self.spec for n in _axes_of(entry))

    def _partitions(self, ndim: int) -> list[int]:
        sizes = self.mesh.shape
        out = [math.prod(sizes[n] for n in _axes_of(entry)) for entry in self.spec]
        return out + [1] * (ndim - len(out))

    def _check_shape(self, global_shape: Sequence[int]) -> None:
        """JAX's errors for an array of ``global_shape`` this sharding cannot hold: a spec longer than its rank
        (``AssertionError``, as JAX's), a dimension the mesh axes do not divide (``ValueError`` naming both)."""
        shape = tuple(global_shape)
        if len(self.spec) > len(shape):
            raise AssertionError((len(shape), self.spec))
        for dim, (size, parts) in enumerate(zip(shape, self._partitions(len(shape)))):
            if size % parts:
                entry = self.spec[dim]
                axes = _axes_of(entry)
                abstract = NamedSharding.__new__(NamedSharding)
                object.__setattr__(abstract, "mesh", self.mesh.abstract_mesh)
                object.__setattr__(abstract, "spec", self.spec)
                object.__setattr__(abstract, "_memory_kind", None)
                raise ValueError(f"Sharding spec {axes!r} implies that array axis {dim} is partitioned {parts} "
                                 f"times, but does not evenly divide the dimension size {size}. Got shape: {shape} "
                                 f"and sharding {abstract!r}")

    def shard_shape(self, global_shape: Sequence[int]) -> tuple[int, ...]:
        self._check_shape(global_shape)
        return tuple(s // p for s, p in zip(global_shape, self._partitions(len(global_shape))))

    def devices_indices_map(self, global_shape: Sequence[int]) -> dict[Any, Index]:
        self._check_shape(global_shape)
        shape = tuple(global_shape)
        mesh = self.mesh
        names = mesh.axis_names
        sizes = mesh.shape
        out: dict[Any, Index] = {}
        for pos in np.ndindex(*mesh.devices.shape):
            coord = dict(zip(names, pos))
            index: list[slice] = []
            for dim, size in enumerate(shape):
                axes = _axes_of(self.spec[dim]) if dim < len(self.spec) else ()
                if not axes:
                    index.append(slice(None))
                    continue
                block, k = 0, 1
                for name in axes:
                    block, k = block * sizes[name] + coord[name], k * sizes[name]
                step = size // k
                index.append(slice(block * step, (block + 1) * step))
            out[mesh.devices[pos]] = tuple(index)
        return out

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, NamedSharding) and other.mesh == self.mesh and other.spec == self.spec
                and other._memory_kind == self._memory_kind)

    def __hash__(self) -> int:
        return hash((self.mesh, self.spec, self._memory_kind))

    def __repr__(self) -> str:
        mesh = self.mesh if isinstance(self.mesh, AbstractMesh) else str(self.mesh)
        kind = "" if self._memory_kind is None else f", memory_kind={self._memory_kind}"
        return f"NamedSharding(mesh={mesh}, spec={self.spec!r}{kind})"


# ---------------------------------------------------------------------------------------------------------------
# The mesh in context


class _MeshContext(threading.local):
    mesh: Mesh | None = None


_context: Final = _MeshContext()
_EMPTY_MESH: Final = Mesh(np.empty((), dtype=object), ())


def get_mesh() -> Mesh:
    """The mesh set by :func:`set_mesh` (an empty mesh when none is).

    Example::

        with arraytyping.set_mesh(mesh):
            assert arraytyping.sharding.get_mesh() == mesh
    """
    return _context.mesh if _context.mesh is not None else _EMPTY_MESH


def get_abstract_mesh() -> AbstractMesh:
    """The mesh set by :func:`set_mesh` without its devices (empty when none is)."""
    mesh = _context.mesh
    return AbstractMesh((), ()) if mesh is None else mesh.abstract_mesh


class set_mesh:  # noqa: N801 - JAX's name
    """Set ``mesh`` as the mesh in context for this thread: for good when called, for the block when used as a
    context manager (``with arraytyping.set_mesh(mesh): ...``). With a mesh set, a bare :class:`PartitionSpec`
    stands for its :class:`NamedSharding` (``device_put(x, P("x"))``).

    Example::

        with arraytyping.set_mesh(arraytyping.make_mesh((8,), ("x",))):
            y = arraytyping.device_put(x, arraytyping.P("x"))
    """

    __slots__ = ("_previous",)

    def __init__(self, mesh: Mesh | None) -> None:
        if mesh is not None and not isinstance(mesh, Mesh):  # pyright: ignore[reportUnnecessaryIsInstance]
            raise ValueError(f"Expected mesh of type `jax.sharding.Mesh`. Got {type(mesh)}")
        self._previous = _context.mesh
        _context.mesh = None if mesh is None or mesh.empty else mesh

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        _context.mesh = self._previous



def as_sharding(target: Any) -> Sharding | None:
    """``target`` as a :class:`Sharding` when it is one (or a :class:`PartitionSpec` with a mesh in context);
    ``None`` for anything else (a device, ``None``)."""
    if isinstance(target, Sharding):
        return target
    if isinstance(target, PartitionSpec):
        mesh = _context.mesh
        if mesh is None:
            raise ValueError("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
        return NamedSharding(mesh, target)
    return None


def index_shape(index: Index, global_shape: Sequence[int]) -> tuple[int, ...]:
    """The shape of the block ``index`` selects of an array of ``global_shape``."""
    return tuple(len(range(*s.indices(n))) for s, n in zip(index, global_shape))


def replica_ids(indices: Mapping[Any, Index]) -> dict[Any, int]:
    """Each device's replica number among the devices holding the same block, in device order."""
    seen: dict[tuple[tuple[Any, Any, Any], ...], int] = {}
    out: dict[Any, int] = {}
    for device, index in indices.items():
        key = tuple((s.start, s.stop, s.step) for s in index)
        out[device] = seen.get(key, 0)
        seen[key] = out[device] + 1
    return out
