"""``matplotlib.pyplot`` that draws nothing (see the package)."""

from __future__ import annotations

from matplotlib import Stub, cm

__all__ = ["cm"]


def __getattr__(name: str) -> Stub:
    if name.startswith("__"):
        raise AttributeError(name)
    return Stub()
