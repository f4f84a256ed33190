"""``jax.debug.visualize_sharding``, ``visualize_array_sharding`` and ``inspect_array_sharding``: which device holds
which block of an array, drawn in the terminal as JAX 0.10.2 draws it (a table of boxes, one per block, each
labelled with the devices holding it, sized by the block's share of the array), and a sharding handed to a
callback."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from arraytyping._src.core.trace import Tracer
from arraytyping._src.tree import pytree as tree
from arraytyping._src.xla.array_impl import ArrayImpl
from arraytyping._src.xla.sharding import Sharding

__all__ = ["inspect_array_sharding", "visualize_array_sharding", "visualize_sharding"]


def _chunk(size: int, s: slice) -> int:
    if s.start is None and s.stop is None:
        return 0
    start = 0 if s.start is None else s.start
    stop = size if s.stop is None else s.stop
    return start // (stop - start)


def _cells(shape: tuple[int, ...], sharding: Sharding, scale: float, min_width: int, max_width: int
           ) -> list[list[tuple[str, int, int, int, int, int]]]:
    """Each row's cells: (label, content width, left, right, top, bottom padding), JAX's arithmetic."""
    base_height = int(10 * scale)
    aspect = (shape[1] if len(shape) == 2 else 1) / shape[0]
    base_width = int(base_height * aspect)
    kind = str(next(iter(sharding.device_set)).platform).upper()
    devices: dict[tuple[int, int], set[int]] = {}
    heights: dict[tuple[int, int], float | None] = {}
    widths: dict[tuple[int, int], float] = {}
    for device, index in sharding.devices_indices_map(shape).items():
        if len(shape) == 2:
            vert, horiz = index
            key = (_chunk(shape[0], vert), _chunk(shape[1], horiz))
            v = (vert.stop - vert.start) if vert.stop is not None else shape[0]
            h = (horiz.stop - horiz.start) if horiz.stop is not None else shape[1]
            heights[key], widths[key] = v / shape[0], h / shape[1]
        else:
            (horiz,) = index
            key = (0, _chunk(shape[0], horiz))
            h = (horiz.stop - horiz.start) if horiz.stop is not None else shape[0]
            heights[key], widths[key] = None, h / shape[0]
        devices.setdefault(key, set()).add(int(device.id))
    rows = max(k[0] for k in devices) + 1
    cols = max(k[1] for k in devices) + 1
    out: list[list[tuple[str, int, int, int, int, int]]] = []
    for i in range(rows):
        row: list[tuple[str, int, int, int, int, int]] = []
        for j in range(cols):
            label = f"{kind} " + ",".join(str(d) for d in sorted(devices[i, j]))
            width = min(max(int(widths[i, j] * base_width * 2.5), min_width), max_width)
            frac = heights[i, j]
            height = 1 if frac is None else int(frac * base_height)
            left, extra = divmod(width - len(label) - 2, 2)
            top, vextra = divmod(height - 2, 2)
            right, bottom = left + extra, top + vextra
            left, right, top, bottom = max(left, 0), max(right, 0), max(top, 0), max(bottom, 0)
            row.append((label, left + len(label) + right, left, right, top, bottom))
        out.append(row)
    return out


def visualize_sharding(shape: Sequence[int], sharding: Sharding, *, use_color: bool = True, scale: float = 1.0,
                       min_width: int = 9, max_width: int = 80, color_map: Any = None) -> None:
    """Print which device holds which block of an array of ``shape`` (1 or 2 dimensions) laid out by ``sharding``,
    as JAX's ``jax.debug.visualize_sharding`` draws it without colour: a table of boxes, one per block, each
    labelled with the devices holding it (``CPU 0,1``) and sized by the block's share of the array (``scale``,
    ``min_width`` and ``max_width`` as JAX's). ``use_color`` and ``color_map`` are accepted; the drawing is JAX's
    colourless one (what it prints where the terminal has no colours).

    Example::

        arraytyping.debug.visualize_sharding((8, 4), NamedSharding(mesh, P("x", "y")))
    """
    shape = tuple(int(n) for n in shape)
    if len(shape) > 2 or len(shape) < 1:
        raise ValueError("`visualize_sharding` only works for shapes with 1 and 2 dimensions.")
    rows = _cells(shape, sharding, scale, min_width, max_width)
    ncols = len(rows[0])
    col_width = [max(r[j][1] for r in rows) for j in range(ncols)]
    if sum(col_width) + ncols + 1 > max_width:
        raise NotImplementedError(f"visualize_sharding: the drawing is {sum(col_width) + ncols + 1} columns wide, "
                                  f"more than max_width={max_width}; JAX's drawing then narrows the boxes and wraps "
                                  "their labels, which this does not do (pass a larger max_width or a smaller scale)")
    lines: list[str] = ["┌" + "┬".join("─" * w for w in col_width) + "┐"]
    for n, row in enumerate(rows):
        height = max(1 + c[4] + c[5] for c in row)
        for k in range(height):
            parts: list[str] = []
            for (label, _, left, right, top, _bottom), w in zip(row, col_width):
                if k != top:
                    parts.append(" " * w)
                    continue
                inner = w - left - right
                before = (inner - len(label)) // 2 if inner > len(label) else 0
                parts.append((" " * (left + before) + label).ljust(w)[:w] if inner >= len(label) else label[:w])
            lines.append("│" + "│".join(parts) + "│")
        if n != len(rows) - 1:
            lines.append("├" + "┼".join("─" * w for w in col_width) + "┤")
    lines.append("└" + "┴".join("─" * w for w in col_width) + "┘")
    sys.stdout.write("\n".join(lines) + "\n")


def visualize_array_sharding(arr: Any, *, use_color: bool = True, scale: float = 1.0, min_width: int = 9,
                             max_width: int = 80, color_map: Any = None) -> None:
    """Print which device holds which block of ``arr`` (an array of 1 or 2 dimensions), as
    :func:`visualize_sharding` draws its sharding (JAX's ``jax.debug.visualize_array_sharding``).

    Example::

        x = arraytyping.device_put(np.zeros((8, 4)), NamedSharding(mesh, P("x", "y")))
        arraytyping.debug.visualize_array_sharding(x)
    """
    if isinstance(arr, Tracer) or not isinstance(arr, ArrayImpl):
        raise TypeError(f"visualize_array_sharding takes an array (outside traced code); got {type(arr).__name__}")
    visualize_sharding(arr.aval.shape, arr.sharding, use_color=use_color, scale=scale, min_width=min_width,
                       max_width=max_width, color_map=color_map)


def inspect_array_sharding(value: Any, *, callback: Callable[[Sharding], None]) -> None:
    """Call ``callback`` with the sharding of each array of ``value`` (a pytree of arrays), at once (JAX's
    ``jax.debug.inspect_array_sharding`` outside ``jit``). Inside traced code the sharding is the compiler's,
    which this does not report: ``NotImplementedError``.

    Example::

        arraytyping.debug.inspect_array_sharding(x, callback=print)
    """
    leaves = tree.leaves(value)
    for leaf in leaves:
        if isinstance(leaf, Tracer):
            raise NotImplementedError("inspect_array_sharding inside jit or a transformation: the sharding the "
                                      "compiler chooses is not reported; call it on a concrete array")
    for leaf in leaves:
        if isinstance(leaf, ArrayImpl):
            callback(leaf.sharding)
