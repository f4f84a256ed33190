"""A matplotlib that draws nothing, for the corpus (both sides import it instead of the real one, which JAX's venv
lacks): every attribute is a stub, every call returns a stub, whose repr is fixed."""

from __future__ import annotations

from typing import Any


class Stub:
    """Any figure, axes, colormap or artist: calls, attributes and items are stubs; unpacks as two stubs
    (``fig, ax = plt.subplots(...)``)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Stub:
        return Stub()

    def __getattr__(self, name: str) -> Stub:
        if name.startswith("__"):
            raise AttributeError(name)
        return Stub()

    def __setattr__(self, name: str, value: Any) -> None:
        pass

    def __getitem__(self, key: Any) -> Stub:
        return Stub()

    def __iter__(self) -> Any:
        return iter((Stub(), Stub()))

    def __repr__(self) -> str:
        return "<matplotlib stub>"


class Colormap:
    """A colormap (``plt.cm.viridis``): ``N`` colours; called on indices, an ``(n, 4)`` float array of RGBA
    (grey levels here), as matplotlib's returns."""

    N = 256

    def __call__(self, x: Any, *args: Any, **kwargs: Any) -> Any:
        import numpy as np

        level = np.asarray(x, dtype=np.float64) / (self.N - 1)
        return np.stack([level, level, level, np.ones_like(level)], axis=-1)

    def __repr__(self) -> str:
        return "<matplotlib colormap stub>"


class _Colormaps:
    def __getattr__(self, name: str) -> Colormap:
        if name.startswith("__"):
            raise AttributeError(name)
        return Colormap()


cm = _Colormaps()


def __getattr__(name: str) -> Stub:
    if name.startswith("__"):
        raise AttributeError(name)
    return Stub()
