"""One cell's outcome against JAX's.

A cell matches when it raises what JAX raises (the exception's class name; messages may differ) and prints what JAX
prints, in its stdout and in the repr of its last expression. Text is compared as a skeleton and a list of numbers:

- numbers (``-1.5``, ``2.``, ``3e-05``, ``nan``, ``inf``, an imaginary part ``0.5j``; not the digits inside a name
  such as ``float32``) must be as many, of the same kind (integer, float, imaginary), and each within
  ``atol + rtol * |JAX's|`` (``nan`` matches ``nan``);
- the rest must be equal once runs of whitespace are one space and spaces beside brackets and commas are gone
  (numpy pads columns to the widest number: ``[ 0.5 -1. ]``), memory addresses (``0x7f...``) are masked, and so is
  text the unit's ``volatile`` patterns match (timings).

So ``Array([1., 2.], dtype=float32)`` matches ``Array([1.0000001, 2.], dtype=float32)`` but neither
``Array([1, 2], dtype=int32)`` nor ``Array([1., 2.], dtype=float32, weak_type=True)``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

NUMBER = re.compile(r"(?<![\w.])[-+]?(?:(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?j?|nanj?|infj?)(?![\w])")
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
_SPACE = re.compile(r"\s+")
_AROUND = re.compile(r" ?([\[\](){},:]) ?")


@dataclass(frozen=True)
class Parsed:
    skeleton: str
    numbers: tuple[str, ...]


def parse(text: str, volatile: tuple[str, ...] = ()) -> Parsed:
    for pattern in volatile:
        text = re.sub(pattern, "<volatile>", text)
    text = ADDRESS.sub("0x?", text)
    numbers = tuple(NUMBER.findall(text))
    skeleton = NUMBER.sub("#", text)
    skeleton = _SPACE.sub(" ", skeleton).strip()
    skeleton = _AROUND.sub(r"\1", skeleton)
    return Parsed(skeleton, numbers)


def _kind(s: str) -> str:
    if s.endswith("j"):
        return "imaginary"
    return "int" if re.fullmatch(r"[-+]?\d+", s) else "float"


def numbers_close(ours: str, theirs: str, rtol: float, atol: float) -> bool:
    if _kind(ours) != _kind(theirs):
        return False
    a, b = float(ours.removesuffix("j")), float(theirs.removesuffix("j"))
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= atol + rtol * abs(b)


def text_difference(ours: str | None, theirs: str | None, *, rtol: float, atol: float,
                    volatile: tuple[str, ...] = ()) -> str | None:
    """``None`` when ``ours`` matches ``theirs`` (JAX's); else a short description of the first difference."""
    if ours is None or theirs is None:
        if ours is theirs:
            return None
        return "nothing shown (JAX shows one)" if ours is None else "shows a value (JAX shows none)"
    a, b = parse(ours, volatile), parse(theirs, volatile)
    if a.skeleton != b.skeleton:
        i = next((k for k, (x, y) in enumerate(zip(a.skeleton, b.skeleton)) if x != y),
                 min(len(a.skeleton), len(b.skeleton)))
        lo = max(0, i - 25)
        return f"text differs: {a.skeleton[lo:i + 35]!r}, JAX {b.skeleton[lo:i + 35]!r}"
    for x, y in zip(a.numbers, b.numbers):
        if not numbers_close(x, y, rtol, atol):
            return f"number differs: {x}, JAX {y}"
    return None


def cell_difference(ours: dict[str, Any], theirs: dict[str, Any], *, rtol: float, atol: float,
                    volatile: tuple[str, ...] = ()) -> str | None:
    """``None`` when the cell matches JAX's record; else what differs first (error, then stdout, then display)."""
    oe, te = ours.get("error"), theirs.get("error")
    if oe is not None and te is None:
        return f"raises {oe['type']}"
    if oe is None and te is not None:
        return f"no error (JAX raises {te['type']})"
    if oe is not None and te is not None and oe["type"] != te["type"]:
        return f"raises {oe['type']} (JAX {te['type']})"
    kw: dict[str, Any] = {"rtol": rtol, "atol": atol, "volatile": volatile}
    if d := text_difference(ours.get("stdout", ""), theirs.get("stdout", ""), **kw):
        return f"stdout: {d}"
    if d := text_difference(ours.get("display"), theirs.get("display"), **kw):
        return f"display: {d}"
    return None
