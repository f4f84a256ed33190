"""Overloads keyed on a dtype argument (``astype``, ``dtype=`` of creation functions and reductions).

A dtype argument names one dtype, which the result takes canonicalized for the configuration (with x64 off,
``float64`` is ``float32``; a Python type is its kind's default dtype), strongly typed. It may be a scalar class
(``anp.float32``), a Python type, a numpy type or ``np.dtype``, an array's own ``x.dtype`` (``DType[T]``, so that
``y.astype(x.dtype)`` is ``Array[T]``), or a string from the closed set of spellings JAX takes
(:data:`arraytyping.lattice.DTYPE_SPELLINGS`): any other string is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from arraytyping import lattice
from arraytyping._src.stubgen import specs
from arraytyping.lattice import LatticeConfig

__all__ = ["DtypeSpec", "dtype_specs", "spelling_literal"]


@dataclass(frozen=True)
class DtypeSpec:
    """One overload's dtype annotation and the dtype it names: a dtype name, a weak node (``int``: its kind's
    default), or None for a type variable's or an unknown dtype (the result annotation is then ``result``)."""

    annotation: str
    node: str | None
    result: str

    def canonical(self, cfg: LatticeConfig) -> str:
        """The result's static class in ``cfg``."""
        if self.node is None:
            return self.result
        name = lattice.default_name(lattice.KIND[self.node], True) if self.node in lattice.WEAK_NAMES else self.node
        return specs.cls_of(lattice.canonical_name(name, cfg.x64))


def spelling_literal(names: list[str]) -> str:
    return "Literal[" + ", ".join(repr(s) for s in names) + "]"


def dtype_specs(cfg: LatticeConfig, result: Callable[[str], str] = lambda r: r) -> list[tuple[str, str]]:
    """``(dtype annotation, result dtype annotation)`` of every dtype argument overload, in order: the ``Any``
    catchers first, then non-canonical classes before ``type[_S]`` (which would otherwise take them), and a
    gradual ``DTypeLike`` last. ``result`` maps the static class (for rules that refuse one, e.g. ``mean`` in bool,
    it may return ``""`` to leave the spec out)."""
    out: list[DtypeSpec] = [DtypeSpec("type[Never] | np.dtype[Never] | DType[Never]", None, "Any")]
    for node in lattice.DTYPE_NAMES:
        cls = specs.cls_of(node)
        if specs.canonical_cls(cls, cfg) != cls:
            out.append(DtypeSpec(f"type[{cls}] | DType[{cls}]", node, ""))
    out.append(DtypeSpec("type[_S] | DType[_S]", None, "_S"))
    out.append(DtypeSpec("type[bool] | DType[bool]", lattice.BOOL, ""))
    for weak in lattice.WEAK_NAMES:
        out.append(DtypeSpec(f"type[{weak}] | DType[{weak}]", weak, ""))
    for node, np_type in specs.NUMPY_TYPES.items():
        out.append(DtypeSpec(f"type[{np_type}] | np.dtype[{np_type}]", node, ""))
    by_dtype: dict[str, list[str]] = {}
    for spelling, node in lattice.DTYPE_SPELLINGS.items():
        by_dtype.setdefault(node, []).append(spelling)
    for node in lattice.DTYPE_NAMES:
        if node in by_dtype:
            out.append(DtypeSpec(spelling_literal(by_dtype[node]), node, ""))
    out.append(DtypeSpec("DTypeLike", None, "Any"))
    pairs = [(d.annotation, result(d.canonical(cfg))) for d in out]
    return _merged([(a, r) for a, r in pairs if r])


_PYTHON_TYPES: Final = frozenset(f"type[{t}]" for t in ("bool", "int", "float", "complex"))


def _merged(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """One overload per result: every way of naming the dtypes that give it (classes, numpy types, spellings) in
    one annotation, where its first member stood. Fewer overloads keep hovers and signature help short (pyright
    lists them all). The gradual catchers (``Any``), the generic ``_S`` and the Python types stay as they are:
    ``bool`` is an ``int``, so ``type[int]`` must not move before ``type[bool]``. No merged member overlaps an
    overload it moves before (dtype classes, numpy types and string literals are disjoint; numpy's ``float64``
    subclasses ``float``, whose result it shares)."""
    out: list[list[str]] = []
    where: dict[str, int] = {}
    for annotation, r in pairs:
        if r in ("Any", "_S") or annotation.split(" | ")[0] in _PYTHON_TYPES:
            out.append([annotation, r])
        elif r in where:
            out[where[r]][0] += f" | {annotation}"
        else:
            where[r] = len(out)
            out.append([annotation, r])
    return [(a, r) for a, r in out]
