"""Names for the command-line tool: display labels for lattice nodes and parsing of operands.

Display labels come in two schemes, both computed from the node names:

* long: the dtype name itself, and ``int*``, ``float*``, ``complex*`` for the weak types;
* short: JAX-style abbreviations with widths in *bits* (``b1``, ``u8``, ``i16``, ``bf16``, ``f32``, ``c64``,
  ``f8_e4m3fn``...) and ``i*``, ``f*``, ``c*`` for the weak types. (JAX's 2022 docs counted bytes, ``i2`` for int16;
  with int1/int2/int4 in the lattice only bits are unambiguous.)

Operands are given by dtype name (``float32``) or its short name as the tables and jaxprs print it (``f32``; widths
in bits, so ``i8`` is int8, where numpy's ``"i8"`` is int64), weak type (``int``, ``float``, ``complex``, or
``i*``, ``f*``, ``c*``) or Python literal (``2``, ``2.0``, ``2j``, ``True``).
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass
from typing import Final

from arraytyping import lattice

__all__ = ["WEAK_MARK", "Operand", "OperandError", "label", "long_label", "parse_operand", "short_label",
           "short_names"]

WEAK_MARK: Final = "*"
"""Appended to a weak type's label: ``float*`` / ``f*`` is a weakly typed float (a Python scalar)."""

_PREFIXES: Final[tuple[tuple[str, str], ...]] = (
    ("bfloat", "bf"), ("complex", "c"), ("float", "f"), ("uint", "u"), ("int", "i"),
)
_LITERAL_NODES: Final[dict[type, str]] = {bool: lattice.BOOL, int: "int", float: "float", complex: "complex"}


def short_label(node: str) -> str:
    """JAX-style abbreviation of a node, widths in bits: ``uint8`` -> ``u8``, ``bfloat16`` -> ``bf16``, weak
    ``float`` -> ``f*``."""
    if node == lattice.BOOL:
        return "b1"
    if lattice.is_weak_node(node):
        return lattice.KIND[node] + WEAK_MARK
    for long, short in _PREFIXES:
        if node.startswith(long) and node in lattice.KIND:
            return short + node[len(long):]
    raise lattice.LatticeError(f"{node!r} is not a node of the promotion lattice")


def long_label(node: str) -> str:
    """The node's name, with ``*`` after a weak type: ``float32``, ``float*``."""
    if node not in lattice.KIND:
        raise lattice.LatticeError(f"{node!r} is not a node of the promotion lattice")
    return node + WEAK_MARK if lattice.is_weak_node(node) else node


def label(node: str, short: bool = False) -> str:
    """The display label of a node in the chosen scheme."""
    return short_label(node) if short else long_label(node)


def short_names() -> dict[str, str]:
    """Each node's short label -> the node (``f32`` -> ``float32``, ``f*`` -> ``float``), and ``bool`` as jaxprs
    print it."""
    return {short_label(n): n for n in lattice.NODES}


class OperandError(ValueError):
    """A command-line operand that names no dtype, weak type or Python scalar. ``paragraphs`` says what was wrong
    and what to write instead, for the command line to wrap to the terminal."""

    def __init__(self, paragraphs: list[str]) -> None:
        super().__init__(" ".join(paragraphs))
        self.paragraphs = paragraphs


@dataclass(frozen=True, slots=True)
class Operand:
    """One operand of ``promote`` / ``explain``.

    ``node`` is the lattice node it stands for (a dtype name, or ``int``/``float``/``complex`` for weak types, or
    ``bool``); ``value`` is what to hand to ``arraytyping.dtypes.result_type``: the dtype name, the Python class
    ``int``/``float``/``complex``, or the Python scalar that was written.
    """

    text: str
    node: str
    value: object

    @property
    def weak(self) -> bool:
        return lattice.is_weak_node(self.node)


def _advice() -> list[str]:
    return [
        "Write a dtype's name or its short name as tables and jaxprs print it (float32 or f32, bfloat16 or bf16, "
        "uint8 or u8, float8_e4m3fn or f8_e4m3fn; widths in bits), a weak type (int, float, complex) or a Python "
        "scalar (2, 2.0, 2j, True). `arraytyping table --short` shows every short name.",
        f"The dtypes: {', '.join(lattice.DTYPE_NAMES)}.",
    ]


def parse_operand(text: str) -> Operand:
    """Parse a dtype name or short name, a weak type name or a Python scalar literal; raises
    :class:`OperandError` otherwise."""
    s = text.strip()
    s = short_names().get(s, s)
    if s in lattice.DTYPE_NAMES:
        return Operand(text, s, s)
    if s in lattice.WEAK_NAMES:
        weak_class: dict[str, type] = {"int": int, "float": float, "complex": complex}
        return Operand(text, s, weak_class[s])
    try:
        value: object = ast.literal_eval(s)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        value = None
    node = _LITERAL_NODES.get(type(value))
    if node is not None:
        return Operand(text, node, value)
    close = difflib.get_close_matches(s, [*lattice.NODES, *short_names()], n=3)
    hint = [f"Did you mean {' or '.join(close)}?"] if close else []
    raise OperandError([f"unknown dtype {text!r}", *hint, *_advice()])
