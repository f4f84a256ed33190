"""``SingleDeviceSharding`` (JAX 0.10.2's ``jax.sharding.SingleDeviceSharding``): how an array lies on devices,
here always whole on one device: ``Array.sharding``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["SingleDeviceSharding"]


class SingleDeviceSharding:
    """An array placed whole on one device (printed ``SingleDeviceSharding(device=CpuDevice(id=0),
    memory_kind=device)``)."""

    __slots__ = ("_device", "_memory_kind")

    def __init__(self, device: Any, *, memory_kind: str | None = None) -> None:
        self._device = device
        self._memory_kind = "device" if memory_kind is None else memory_kind

    @property
    def device_set(self) -> set[Any]:
        """The devices holding a part of the array: the one."""
        return {self._device}

    @property
    def addressable_devices(self) -> set[Any]:
        return {self._device}

    @property
    def memory_kind(self) -> str:
        return self._memory_kind

    @property
    def num_devices(self) -> int:
        return 1

    @property
    def is_fully_replicated(self) -> bool:
        return True

    @property
    def is_fully_addressable(self) -> bool:
        return True

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
