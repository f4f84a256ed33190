"""The creation functions' shapes in the stubs (``anp.zeros((3, 4))`` is an
``Array[float32, tuple[Literal[3], Literal[4]]]``), for pyright and ty.

A function whose ``shape: ShapeLike`` parameter is its result's shape (``zeros``, ``ones``, ``full``, ``empty``)
gets, before its overloads, the same overloads twice more under ``if not MYPY:``: with the parameter a tuple of
ints (bound to :data:`TUPLE_VAR`, the result's shape; a ``tuple[int, ...]`` stays any rank) and with it an int
(:data:`SIZE_VAR`, a vector of that size). A shape the checker cannot see as either (a list, numpy integers) falls
through to the original overloads: any shape. Each variant keeps the original overloads' order and dtypes, so a
shape never changes which dtype a call gets.

Why the branch: mypy fixes an unannotated variable's type at its first assignment, so ``acc = anp.zeros((3,))``
then ``acc = acc + x`` (``x`` of an unknown shape) would be an error in mypy without the plugin (which computes
these shapes itself). mypy and pyrefly read ``MYPY`` as true and skip the branch; pyright and ty read its overloads,
then the original ones after it."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["DECLARATIONS", "SIZE_VAR", "TUPLE_VAR", "with_shapes"]

TUPLE_VAR: Final = "ShapeTupleT"
SIZE_VAR: Final = "SizeT"
DECLARATIONS: Final = (f'{TUPLE_VAR} = TypeVar("{TUPLE_VAR}", bound=tuple[int, ...])',
                       f'{SIZE_VAR} = TypeVar("{SIZE_VAR}", bound=int)')
"""The type variables of a shape tuple and of a size (the numpy stub declares them)."""

_RESULT: Final = re.compile(r"-> Array\[([^\[\],]+)\]:")


def _units(lines: list[str]) -> list[list[str]]:
    """``lines`` cut into overloads: ``@overload``, its ``def`` line and, where the ``def`` ends with ``:``, its
    indented docstring and ``...``."""
    units: list[list[str]] = []
    for line in lines:
        if line == "@overload" or (line.startswith("def ") and not (units and units[-1] == ["@overload"])):
            units.append([line])
        elif units:
            units[-1].append(line)
    return units


def _variant(unit: list[str], annotation: str, shape: str, doc: bool) -> list[str] | None:
    """``unit`` with ``shape: ShapeLike`` annotated ``annotation`` and its ``Array[D]`` result of shape ``shape``
    (without its docstring unless ``doc``); None for an overload that has no such parameter or another result (a
    tuple of arrays)."""
    i = next((k for k, line in enumerate(unit) if line.startswith("def ")), None)
    if i is None:
        return None
    documented = not unit[i].endswith(" ...")
    line = unit[i] if not documented else unit[i] + " ..."
    if not re.search(r"\bshape: ShapeLike[,)]", line) or not _RESULT.search(line):
        return None
    line = line.replace("shape: ShapeLike", f"shape: {annotation}", 1)
    line = _RESULT.sub(lambda m: f"-> Array[{m.group(1)}, {shape}]:", line)
    if not (documented and doc):
        return [*unit[:i], line]
    return [*unit[:i], line.removesuffix(" ..."), *unit[i + 1:]]


def with_shapes(lines: list[str]) -> list[str]:
    """``lines`` (one function's overloads) preceded by their shape-computing variants under ``if not MYPY:``
    (none where no overload takes ``shape: ShapeLike`` and returns one array)."""
    units = _units(lines)
    shaped: list[str] = []
    for annotation, shape in ((TUPLE_VAR, TUPLE_VAR), (SIZE_VAR, f"tuple[{SIZE_VAR}]")):
        for unit in units:
            variant = _variant(unit, annotation, shape, doc=annotation == TUPLE_VAR)
            if variant is not None:
                shaped += variant
    if not shaped:
        return lines
    return ["if not MYPY:", *(f"    {line}" if line else line for line in shaped), *lines]
