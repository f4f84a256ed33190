"""``ArrayImpl``: an array held in a jaxlib PjRt buffer on a device of the backend's client."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.dtypes.promotion import operand_of
from arraytyping._src.core import array as _array
from arraytyping._src.core.array import Array
from arraytyping._src.core.avals import HOST_VALUE_TYPES, SEQUENCE_TYPES, ShapedArray
from arraytyping._src.xla import dlpack
from arraytyping._src.xla.backend import backend, backend_of_device, check_supported, get_backend
from arraytyping._src.xla.spmd import global_sharding
from arraytyping._src.xla.sharding import (
    Index, NamedSharding, PartitionSpec, Sharding, SingleDeviceSharding, as_sharding, index_shape, replica_ids,
)
from arraytyping._src.tree.pytree import flatten as tree_flatten, leaves as tree_leaves
from arraytyping._src.tree.pytree import unflatten as tree_unflatten

__all__ = ["ArrayImpl", "DeletedArrayError", "Shard", "ShardedArrayImpl", "as_device", "device_put", "devices",
           "from_dlpack_buffer", "from_numpy", "make_array_from_callback", "make_array_from_process_local_data",
           "make_array_from_single_device_arrays", "place"]


class DeletedArrayError(RuntimeError):
    """An array was used after ``delete()``."""


class ArrayImpl(Array):
    """A concrete array on a device. Created by :func:`arraytyping.device_put`, :mod:`arraytyping.numpy` and
    compiled computations; immutable."""

    __slots__ = ("buf", "aval", "_npy")

    buf: Any
    """The jaxlib device buffer (``jaxlib._jax.ArrayImpl``)."""
    _npy: np.ndarray[Any, Any] | None
    """The host copy, once made; unset until then (so creating an array sets two slots, not three)."""

    def __init__(self) -> None:
        raise TypeError("arrays are created with arraytyping.device_put or arraytyping.numpy.asarray, "
                        "not by calling ArrayImpl()")

    @classmethod
    def new(cls, buf: Any, aval: ShapedArray) -> ArrayImpl:
        self = object.__new__(cls)
        self.buf = buf
        self.aval = aval
        return self

    # Buffers ------------------------------------------------------------------------------------------------------

    def check_alive(self) -> None:
        if self.buf.is_deleted():
            raise DeletedArrayError(
                f"this array ({self.aval.str_short()}) was deleted with .delete() and can no longer be used")

    def block_until_ready(self) -> ArrayImpl:
        """Wait until the computation producing this array has finished; returns the array."""
        self.check_alive()
        self.buf.block_until_ready()
        return self

    def is_ready(self) -> bool:
        self.check_alive()
        return bool(self.buf.is_ready())

    def delete(self) -> None:
        """Free the device buffer now; any later use raises :class:`DeletedArrayError`."""
        self._npy = None
        self.buf.delete()

    def is_deleted(self) -> bool:
        return bool(self.buf.is_deleted())

    def devices(self) -> set[Any]:
        """The devices holding the array: a set of the one."""
        return {self.device}

    @property
    def is_fully_replicated(self) -> bool:
        """Whether every device holding the array holds all of it (true of an array on one device)."""
        return True

    @property
    def is_fully_addressable(self) -> bool:
        return True

    @property
    def addressable_shards(self) -> list[Shard]:
        """The blocks of the array, one :class:`Shard` per device (here the one: the whole array)."""
        self.check_alive()
        return [Shard(self.device, (slice(None),) * self.aval.ndim, 0, self)]

    @property
    def global_shards(self) -> list[Shard]:
        return self.addressable_shards

    def addressable_data(self, index: int) -> ArrayImpl:
        """The array held by the ``index``-th of :attr:`addressable_shards`."""
        return self.addressable_shards[index].data

    @property
    def sharding(self) -> SingleDeviceSharding:
        """How the array lies on devices: whole on :attr:`device`."""
        return SingleDeviceSharding(self.device)

    @property
    def device(self) -> Any:
        """The device holding the buffer (the default backend's first device unless placed by
        :func:`device_put`)."""
        sharding: Any = self.buf._sharding
        return sharding._device

    def to_device(self, device: Any, *, stream: int | Any | None = None) -> ArrayImpl:
        """This array on ``device`` (one of :func:`arraytyping.devices`, or a ``SingleDeviceSharding``), as
        :func:`arraytyping.device_put` puts it. ``stream`` is not implemented (JAX's ``NotImplementedError``).

        Example::

            y = x.to_device(arraytyping.devices()[0])
        """
        if stream is not None:
            raise NotImplementedError("stream argument of array.to_device()")
        return device_put(self, device)

    def __dlpack__(self, *, stream: int | Any | None = None, max_version: tuple[int, int] | None = None,
                   dl_device: tuple[int, int] | None = None, copy: bool | None = None) -> Any:
        """A DLPack capsule of this array's buffer, for another library's ``from_dlpack`` (``numpy.from_dlpack(x)``)
        as JAX 0.10.2's: ``dl_device`` (``(type, id)``, as :meth:`__dlpack_device__` gives) another device copies the
        array there (``copy=False`` refuses: ``ValueError``); ``copy=True`` always copies; a ``max_version`` below
        (0, 5) is a ``BufferError``. The capsule shares the buffer: the consumer must not write to it."""
        self.check_alive()
        dlpack.check_version(max_version)
        source = self.device
        target = dlpack.requested_device(dl_device)
        arr = self
        if target is not None and target != source:
            if copy is not None and not copy:
                raise dlpack.copy_refused(target, source)
            arr = device_put(self, target)
        elif copy:
            b = backend_of_device(source)
            arr = ArrayImpl.new(b.put_on(np.array(self._value()), self.aval, source), self.aval)
        return dlpack.export_buffer(arr.buf, arr.device, stream)

    def __dlpack_device__(self) -> tuple[dlpack.DLDeviceType, int]:
        """``(device type, device id)`` of this array in DLPack's terms: ``(DLDeviceType.kDLCPU, 0)`` on a CPU."""
        self.check_alive()
        return dlpack.dlpack_device(self.device)

    # Concrete values ----------------------------------------------------------------------------------------------

    def _value(self) -> np.ndarray[Any, Any]:
        npy: np.ndarray[Any, Any] | None = getattr(self, "_npy", None)
        if npy is None:
            self.check_alive()
            npy = backend().to_numpy(self.buf)
            if npy.shape != self.aval.shape:  # jaxlib reports rank-0 host transfers as shape (1,)
                npy = npy.reshape(self.aval.shape)
            npy.flags.writeable = False
            self._npy = npy
        return npy

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]:
        value = self._value()
        if copy is False and dtype is None:
            return value
        return np.array(value, dtype=dtype, copy=True)

    def tolist(self) -> Any:
        return self._value().tolist()

    def item(self) -> Any:
        return self._value().item()

    def _scalar(self, what: str) -> np.ndarray[Any, Any]:
        if self.aval.shape:  # JAX's words (int(), float() and complex() of a 1-element array too)
            raise TypeError(f"Only scalar arrays can be converted to Python scalars; got arr.ndim={self.aval.ndim}")
        return self._value()

    def __bool__(self) -> bool:
        size = self.aval.size
        if size == 0:
            raise ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an "
                             "array is not empty.")
        if size > 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or "
                             "a.all()")
        return bool(self._value())

    def __int__(self) -> int:
        return int(self._scalar("int()").reshape(()))

    def __float__(self) -> float:
        return float(self._scalar("float()").reshape(()))

    def __complex__(self) -> complex:
        return complex(self._scalar("complex()").reshape(()))

    def __index__(self) -> int:
        if registry.INFO[self.aval.name].kind not in "iu" or self.aval.shape:
            raise TypeError("Only integer scalar arrays can be converted to a scalar index.")
        return int(self._value())

    def __format__(self, spec: str) -> str:
        if not self.aval.shape:
            return format(self._value().item(), spec)
        return format(str(self), spec)

    def __str__(self) -> str:
        return str(self._value())

    def __repr__(self) -> str:
        if self.buf.is_deleted():
            return f"Array(<deleted>, dtype={self.aval.name})"
        prefix = "Array("
        body = np.array2string(self._value(), separator=", ", prefix=prefix)
        weak = ", weak_type=True" if self.aval.weak_type else ""
        return f"{prefix}{body}, dtype={self.aval.name}{weak})"

    def __reduce__(self) -> Any:
        return (_rebuild, (self._value(), self.aval.weak_type))


class Shard:
    """One device's block of an array (JAX's ``jax.Shard``): ``device``, ``index`` (a slice per dimension of the
    global array), ``replica_id`` (which copy, where blocks are replicated) and ``data`` (the block, an array on
    ``device``).

    Example::

        for shard in x.addressable_shards:
            print(shard.device, shard.index, shard.data.shape)
    """

    __slots__ = ("device", "index", "replica_id", "data")

    def __init__(self, device: Any, index: Index, replica_id: int, data: ArrayImpl) -> None:
        self.device = device
        self.index = index
        self.replica_id = replica_id
        self.data = data

    def __repr__(self) -> str:
        return f"Shard(device={self.device!r}, index={self.index}, replica_id={self.replica_id}, data={self.data})"


class ShardedArrayImpl(ArrayImpl):
    """An array split over several devices by a :class:`NamedSharding`: a block on each device (its
    :attr:`addressable_shards`), held together as one jaxlib array over the mesh's devices, which a computation
    over those devices takes as it is (``jit`` and eager operations run on XLA's SPMD partitioner). Reading its
    value gathers the blocks to the host."""

    __slots__ = ("_sharding", "_shards", "_global")

    _sharding: NamedSharding
    _shards: list[Shard]
    _global: Any
    """The jaxlib array over the mesh's devices (one buffer per device, in the mesh's order)."""

    @classmethod
    def assemble(cls, aval: ShapedArray, sharding: NamedSharding, blocks: dict[Any, ArrayImpl],
                 value: np.ndarray[Any, Any] | None = None) -> ShardedArrayImpl:
        """The array of ``aval`` split as ``sharding`` says over ``blocks`` (each device's block, already on it);
        ``value``: its global value, when the host has it already."""
        self = object.__new__(cls)
        self.aval = aval
        self._sharding = sharding
        indices = sharding.devices_indices_map(aval.shape)
        replicas = replica_ids(indices)
        self._shards = [Shard(d, indices[d], replicas[d], blocks[d]) for d in indices]
        self._global = backend().xc.ArrayImpl(aval, global_sharding(sharding, aval.ndim),
                                              [blocks[d].buf for d in indices], committed=True, _skip_checks=True)
        if value is not None:
            npy = np.array(value, copy=True)
            npy.flags.writeable = False
            self._npy = npy
        return self

    @property
    def buf(self) -> Any:
        """A gathered copy of the array on the default device (made once), for what computes on one device."""
        try:
            got: Any = _BUF_SLOT.__get__(self, ArrayImpl)
            return got
        except AttributeError:
            pass
        gathered = backend().put(_contiguous(self._value()), self.aval)
        _BUF_SLOT.__set__(self, gathered)
        return gathered

    @property
    def global_array(self) -> Any:
        """The jaxlib array over the mesh's devices that computations over them take."""
        self.check_alive()
        return self._global

    def check_alive(self) -> None:
        if self._global.is_deleted():
            raise DeletedArrayError(
                f"this array ({self.aval.str_short()}) was deleted with .delete() and can no longer be used")

    def block_until_ready(self) -> ShardedArrayImpl:
        self.check_alive()
        self._global.block_until_ready()
        return self

    def is_ready(self) -> bool:
        self.check_alive()
        return bool(self._global.is_ready())

    def is_deleted(self) -> bool:
        return bool(self._global.is_deleted())

    def _value(self) -> np.ndarray[Any, Any]:
        npy: np.ndarray[Any, Any] | None = getattr(self, "_npy", None)
        if npy is None:
            self.check_alive()
            value: np.ndarray[Any, Any] = np.empty(self.aval.shape, dtype=self.aval.dtype)
            for shard in self._shards:
                if shard.replica_id == 0:
                    value[shard.index] = np.asarray(shard.data)
            value.flags.writeable = False
            self._npy = value
            npy = value
        return npy

    def devices(self) -> set[Any]:
        """The devices holding a block of the array."""
        return self._sharding.device_set

    @property
    def sharding(self) -> NamedSharding:  # type: ignore[override]
        """How the array lies on devices: its :class:`NamedSharding`."""
        return self._sharding

    @property
    def device(self) -> Any:
        if self._sharding.num_devices == 1:
            return self._shards[0].device
        raise ValueError("Length of devices is greater than 1. Please use `.devices()`.")

    @property
    def is_fully_replicated(self) -> bool:
        return self._sharding.is_fully_replicated

    @property
    def addressable_shards(self) -> list[Shard]:
        """The blocks of the array, one :class:`Shard` per device, in the mesh's device order."""
        self.check_alive()
        return list(self._shards)

    def delete(self) -> None:
        self._npy = None
        if not self._global.is_deleted():
            self._global.delete()
        for shard in self._shards:
            if not shard.data.is_deleted():
                shard.data.delete()
        try:
            gathered: Any = _BUF_SLOT.__get__(self, ArrayImpl)
        except AttributeError:
            return
        gathered.delete()

    def to_device(self, device: Any, *, stream: int | Any | None = None) -> ArrayImpl:
        if stream is not None:
            raise NotImplementedError("stream argument of array.to_device()")
        return device_put(self, device)

    def __dlpack__(self, *, stream: int | Any | None = None, max_version: tuple[int, int] | None = None,
                   dl_device: tuple[int, int] | None = None, copy: bool | None = None) -> Any:
        """A DLPack capsule of the gathered array (a copy on the default device)."""
        return device_put(np.asarray(self), backend().device).__dlpack__(
            stream=stream, max_version=max_version, dl_device=dl_device, copy=copy)

    def __dlpack_device__(self) -> tuple[dlpack.DLDeviceType, int]:
        return dlpack.dlpack_device(backend().device)


def put_sharded(value: np.ndarray[Any, Any], aval: ShapedArray, sharding: NamedSharding) -> ShardedArrayImpl:
    """``value`` (a host array of ``aval``) split into blocks on the devices of ``sharding``; JAX's errors where
    the sharding cannot hold an array of its shape."""
    check_supported(aval)
    indices = sharding.devices_indices_map(aval.shape)
    blocks: dict[Any, ArrayImpl] = {}
    for device, index in indices.items():
        block = _contiguous(value[index])
        block_aval = ShapedArray(block.shape, aval.dtype, aval.weak_type)
        blocks[device] = ArrayImpl.new(backend_of_device(device).put_on(block, block_aval, device), block_aval)
    return ShardedArrayImpl.assemble(aval, sharding, blocks, value)


def make_array_from_callback(shape: tuple[int, ...], sharding: Sharding,
                             data_callback: Callable[[Index], Any], dtype: Any = None) -> ArrayImpl:
    """The array of global ``shape`` laid out as ``sharding`` says, each device's block made by
    ``data_callback(index)`` (``index``: a slice per dimension of the global array), as JAX's
    ``jax.make_array_from_callback``.

    Example::

        data = np.arange(32.).reshape(8, 4)
        x = arraytyping.make_array_from_callback(data.shape, sharding, lambda idx: data[idx])
    """
    shape = tuple(shape)
    if isinstance(sharding, SingleDeviceSharding):
        device = next(iter(sharding.device_set))
        return device_put(data_callback((slice(None),) * len(shape)), device)
    if not isinstance(sharding, NamedSharding):
        raise TypeError(f"sharding must be a NamedSharding or a SingleDeviceSharding, got {sharding!r}")
    indices = sharding.devices_indices_map(shape)
    blocks = {d: device_put(data_callback(index), d) for d, index in indices.items()}
    return _from_blocks(shape, sharding, blocks, dtype)


def make_array_from_process_local_data(sharding: Any, local_data: Any, global_shape: Any = None) -> Any:
    """The arrays of ``local_data`` (a numpy array, or a pytree of them) laid out as ``sharding`` says (a sharding,
    a ``PartitionSpec`` with a mesh set, or a pytree prefix of them), as JAX's
    ``jax.make_array_from_process_local_data`` in one process: each process's data is the whole array, so
    ``global_shape`` (a shape, or a pytree of them) must be ``None`` or the data's own shape (JAX's ``ValueError``).

    Example::

        x = arraytyping.make_array_from_process_local_data(NamedSharding(mesh, P("x")), np.arange(8.0))
    """
    leaves, treedef = tree_flatten(local_data)
    shardings = _broadcast_prefix(sharding, local_data, lambda s: isinstance(s, (Sharding, PartitionSpec)))
    shapes = _broadcast_prefix(global_shape, local_data, lambda s: s is None or isinstance(s, tuple))
    out: list[ArrayImpl] = []
    for data, target, shape in zip(leaves, shardings, shapes):
        local = np.asarray(data)
        if shape is not None and tuple(shape) != local.shape:
            raise ValueError("When calling `make_array_from_process_local_data` on a single process, global_shape "
                             "should be None or equal to local_data.shape.Got global_shape="
                             f"{shape} and local_data.shape={local.shape}.")
        placed = as_sharding(target)
        if placed is None:
            raise TypeError(f"make_array_from_process_local_data takes shardings (or PartitionSpecs with a mesh set); "
                            f"got {target!r:.120}")
        out.append(make_array_from_callback(local.shape, placed, _block_of(local)))
    return tree_unflatten(treedef, out)


def _block_of(local: np.ndarray[Any, Any]) -> Callable[[Index], Any]:
    def block(index: Index) -> Any:
        return local[index]
    return block


def _broadcast_prefix(prefix: Any, full: Any, is_leaf: Callable[[Any], bool]) -> list[Any]:
    """``prefix`` (a pytree prefix of ``full`` whose leaves satisfy ``is_leaf``) repeated for each leaf of
    ``full``."""
    if is_leaf(prefix):
        return [prefix] * len(tree_leaves(full))
    if isinstance(prefix, (list, tuple)) and isinstance(full, (list, tuple)):
        children = cast("Sequence[Any]", prefix)
        full_children = cast("Sequence[Any]", full)
        if len(children) == len(full_children):
            return [x for p, f in zip(children, full_children) for x in _broadcast_prefix(p, f, is_leaf)]
    if isinstance(prefix, dict) and isinstance(full, dict):
        given = cast("Mapping[Any, Any]", prefix)
        items = cast("Mapping[Any, Any]", full)
        if set(given) == set(items):
            return [x for k in sorted(items) for x in _broadcast_prefix(given[k], items[k], is_leaf)]
    raise ValueError(f"{prefix!r:.120} is not a pytree prefix of the local data")


def make_array_from_single_device_arrays(shape: tuple[int, ...], sharding: Sharding, arrays: Sequence[Any], *,
                                         dtype: Any = None) -> ArrayImpl:
    """The array of global ``shape`` laid out as ``sharding`` says from ``arrays``: one array per device of the
    sharding, each on its device and of the shape of that device's block (JAX's
    ``jax.make_array_from_single_device_arrays``).

    Example::

        blocks = [arraytyping.device_put(data[idx], d) for d, idx in sharding.devices_indices_map(data.shape).items()]
        x = arraytyping.make_array_from_single_device_arrays(data.shape, sharding, blocks)
    """
    shape = tuple(shape)
    if isinstance(sharding, SingleDeviceSharding):
        if len(arrays) != 1:
            raise ValueError(f"a SingleDeviceSharding takes one array, got {len(arrays)}")
        return device_put(arrays[0], next(iter(sharding.device_set)))
    if not isinstance(sharding, NamedSharding):
        raise TypeError(f"sharding must be a NamedSharding or a SingleDeviceSharding, got {sharding!r}")
    indices = sharding.devices_indices_map(shape)
    blocks: dict[Any, ArrayImpl] = {}
    for a in arrays:
        if not isinstance(a, ArrayImpl) or isinstance(a, ShardedArrayImpl):
            raise TypeError(f"make_array_from_single_device_arrays takes arrays on one device each, got {a!r:.80}")
        blocks[a.device] = a
    missing = [d for d in indices if d not in blocks]
    if missing or len(blocks) != len(indices):
        raise ValueError(f"The number of arrays ({len(arrays)}) must equal the number of devices of the sharding "
                         f"({len(indices)}), one array on each device; no array is on {missing}")
    return _from_blocks(shape, sharding, blocks, dtype)


def _from_blocks(shape: tuple[int, ...], sharding: NamedSharding, blocks: dict[Any, ArrayImpl],
                 dtype: Any) -> ShardedArrayImpl:
    indices = sharding.devices_indices_map(shape)
    first = next(iter(blocks.values()))
    aval0 = first.aval
    target = aval0.dtype if dtype is None else np.dtype(dtype)
    value: np.ndarray[Any, Any] = np.empty(shape, dtype=target)
    for device, index in indices.items():
        block = blocks[device]
        want = index_shape(index, shape)
        if block.aval.shape != want:
            raise ValueError(f"Expected shard shape {want} doesn't match the single device array shape "
                             f"{block.aval.shape}. Shape of Array is {aval0.str_short()} with sharding {sharding!r}")
        value[index] = np.asarray(block)
    aval = ShapedArray(shape, target, aval0.weak_type)
    if target != aval0.dtype:
        return put_sharded(value, aval, sharding)
    return ShardedArrayImpl.assemble(aval, sharding, blocks, value)


_BUF_SLOT: Any = ArrayImpl.__dict__["buf"]
"""The slot holding an array's one-device buffer (a sharded array's gathered copy, once made)."""

_array._EXACT_OPERANDS.add(ArrayImpl)  # pyright: ignore[reportPrivateUsage]  # operators: the common operand first

def _rebuild(value: np.ndarray[Any, Any], weak: bool) -> ArrayImpl:
    return from_numpy(value, ShapedArray(value.shape, value.dtype, weak))


def from_numpy(value: np.ndarray[Any, Any], aval: ShapedArray) -> ArrayImpl:
    """An array of ``aval`` from a host array already of that dtype and shape."""
    check_supported(aval)
    return ArrayImpl.new(backend().put(_contiguous(value), aval), aval)


def _contiguous(value: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """``value`` C-contiguous, of its own shape (``np.ascontiguousarray`` makes a 0-d array 1-d, and the buffer
    made of it would be of shape (1,): a DLPack consumer sees that shape)."""
    out = np.ascontiguousarray(value)
    return out if out.ndim == value.ndim else out.reshape(value.shape)


def device_put(x: Any, device: Any = None) -> ArrayImpl:
    """Copy ``x`` (a numpy array or scalar, a Python scalar, a nested list, or an array) to ``device`` (one of
    :func:`devices`, of any backend), or to the default device.

    Python scalars become weakly typed arrays (``bool`` does not); numpy values keep their dtype, canonicalized for
    the x64 setting (float64 -> float32 when x64 is off). An array already on ``device`` (or, without ``device``,
    any array) is returned as it is; an array on another device is copied. A ``SingleDeviceSharding`` stands
    for its device; a ``NamedSharding`` (or, with a mesh set, a ``PartitionSpec``) splits the value into a block
    on each of its devices (JAX's ``ValueError`` when a mesh axis does not divide a dimension)."""
    sharding = as_sharding(device)
    if isinstance(sharding, NamedSharding):
        if isinstance(x, ShardedArrayImpl) and x.sharding == sharding:
            x.check_alive()
            return x
        if isinstance(x, ArrayImpl):
            x.check_alive()
            return put_sharded(np.asarray(x), x.aval, sharding)
        return put_sharded(*_host_value(x), sharding)
    if device is not None:
        return _put_on_device(x, as_device(device))
    if isinstance(x, ArrayImpl):
        x.check_alive()
        return x
    return from_numpy(*_host_value(x))


def _host_value(x: Any) -> tuple[np.ndarray[Any, Any], ShapedArray]:
    """A value to put on a device as a host array of its dtype, and its type."""
    if isinstance(x, Array):
        raise TypeError(f"cannot device_put a traced value {x!r}; device_put concrete values outside traced code")
    if isinstance(x, HOST_VALUE_TYPES):
        name, weak = operand_of(x, config.x64)
        dtype = registry.INFO[name].dtype
        return _host_array(x, dtype), ShapedArray(np.shape(x), dtype, weak)
    if isinstance(x, SEQUENCE_TYPES):
        arr: np.ndarray[Any, Any] = np.asarray(x)
        if arr.dtype == object:
            raise TypeError(f"cannot convert the nested sequence {x!r:.80} to an array")
        return _host_value(arr)
    raise TypeError(f"cannot put {type(x).__qualname__} {x!r:.80} on a device; expected an array, a numpy value, "
                    "a Python scalar or a nested list")


def _put_on_device(x: Any, device: Any) -> ArrayImpl:
    b = backend_of_device(device)
    if isinstance(x, ArrayImpl):
        x.check_alive()
        if not isinstance(x, ShardedArrayImpl) and x.device == device:
            return x
        value, aval = np.asarray(x), x.aval  # across clients, through the host
    else:
        value, aval = _host_value(x)
    check_supported(aval)
    return ArrayImpl.new(b.put_on(_contiguous(value), aval, device), aval)


def _host_array(x: Any, dtype: np.dtype[Any]) -> np.ndarray[Any, Any]:
    if type(x) is int:
        check_python_int(x, dtype)
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(x).astype(dtype, copy=False)


def check_python_int(x: int, dtype: np.dtype[Any] | None = None) -> None:
    """A Python int must fit the default integer dtype (int32, or int64 with x64), as in JAX; it is then converted
    (wrapping) to the dtype of the operation."""
    name = "int64" if config.x64 else "int32"
    info = np.iinfo(name)
    if not info.min <= x <= info.max:
        raise OverflowError(f"Python int {x} is too large to convert to {name} (the dtype of Python ints with x64 "
                            f"{'on' if config.x64 else 'off'}); use a numpy scalar of the dtype you want, or "
                            f"{'' if config.x64 else 'enable x64 or '}reduce the value")


def devices(backend: str | None = None) -> list[Any]:
    """The devices of the default backend, or of ``backend`` (a platform: ``"cpu"``, ``"cuda"``, ``"gpu"``).

    The default is a PJRT plugin's platform (a GPU) when one is installed and initializes, else the CPU;
    ``ARRAYTYPING_PLATFORMS`` chooses explicitly (see the README's "Devices and backends")."""
    return list(get_backend(backend).devices)



def as_device(device: Any, error: type[Exception] = ValueError) -> Any:
    """``device`` as a device of a backend: itself, or the device of a ``SingleDeviceSharding``; ``error`` (JAX's
    class where it refuses the value) naming it otherwise."""
    if isinstance(device, SingleDeviceSharding):
        device = next(iter(device.device_set))
    try:
        backend_of_device(device)
    except ValueError as e:
        raise error(f"device must be None, one of arraytyping.devices() or a SingleDeviceSharding; {e}") from None
    return device


def place(x: Any, device: Any, error: type[Exception] = ValueError) -> Any:
    """``x``, a creation function's result, on ``device`` when one is given (its ``device=``), as JAX places it; a
    traced result (under ``jit``) as it is. A value that is no device is refused with ``error``, the class JAX's
    function raises (``AttributeError`` where it hands the value to ``lax.full``, ``ValueError`` where to
    ``device_put``)."""
    if device is None:
        return x
    target = as_device(device, error)
    return device_put(x, target) if isinstance(x, ArrayImpl) else x


def from_dlpack_buffer(external: Any, device: Any, copy: bool | None) -> ArrayImpl:
    """The array of another library's ``external`` (with ``__dlpack__`` and ``__dlpack_device__``) in its own dtype
    (not canonicalized), on ``device`` if given (copying; ``copy=False`` refuses), else on the device it comes from:
    JAX 0.10.2's ``from_dlpack`` before its canonicalization of the dtype."""
    target = None if device is None else as_device(device)
    buf, aval, source = dlpack.import_buffer(external, target, copy)
    out = ArrayImpl.new(buf, aval)
    return device_put(out, target) if target is not None and target != source else out
