"""The dtypes a configuration inhabits, the static classes that name them, and the dtype spellings the runtime takes.

Everything here is computed from :mod:`arraytyping.lattice` (names, kinds, canonicalization) or asked of the runtime
(which strings name a dtype), never written out by hand, so a new dtype or spelling is picked up by itself.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

import numpy as np

from arraytyping import lattice

CONFIGS: Final[Mapping[str, tuple[lattice.Mode, bool]]] = MappingProxyType({
    "default": ("standard", False), "x64": ("standard", True), "strict": ("strict", False),
    "strict_x64": ("strict", True),
})
"""The four configurations, named as the mypy plugin's test files name them: (promotion mode, x64)."""

WEAK_KINDS: Final[Mapping[str, str]] = MappingProxyType({"int": "i", "float": "f", "complex": "c"})
"""The weak types (Python classes) and their lattice kinds."""

ABSTRACT_KINDS: Final[Mapping[str, frozenset[str]]] = MappingProxyType({
    "generic": frozenset("buifc"), "number": frozenset("uifc"), "integer": frozenset("ui"),
    "signedinteger": frozenset("i"), "unsignedinteger": frozenset("u"), "inexact": frozenset("fc"),
    "floating": frozenset("f"), "complexfloating": frozenset("c"),
})
"""The abstract scalar classes of ``arraytyping`` and the kinds of the (strong) dtypes each contains."""

NUMPY_NATIVE: Final[tuple[str, ...]] = (
    "bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "float16", "float32", "float64",
    "complex64", "complex128",
)
"""Dtypes numpy itself has (``np.float32``, ``npt.NDArray[np.float32]``); the rest come from ml_dtypes."""

INVALID_SPELLINGS: Final[tuple[str, ...]] = (
    "float33", "int99", "Float32", "f32", "floot32", "bfloat", "float8", "uint3", "int128", "float128", "complex32",
    "longlong", "q", ">f4", "str", "object", "",
)
"""Candidate near-miss dtype strings; :func:`invalid_spellings` keeps those the runtime refuses."""


@dataclass(frozen=True)
class Config:
    """One configuration: its name, the lattice, and what arrays can hold in it."""

    name: str
    mode: lattice.Mode
    x64: bool

    @property
    def lattice(self) -> lattice.LatticeConfig:
        return lattice.LatticeConfig(self.mode, self.x64)

    @property
    def inhabited(self) -> tuple[str, ...]:
        """The dtypes an array can have: with x64 off, the 64-bit ones are canonicalized away."""
        return tuple(dict.fromkeys(lattice.canonical_name(n, self.x64) for n in lattice.DTYPE_NAMES))

    def weak_default(self, weak: str) -> str:
        """The dtype a weakly typed array of ``int``/``float``/``complex`` has."""
        return lattice.default_name(WEAK_KINDS[weak], self.x64)

    def canonical(self, name: str) -> str:
        return lattice.canonical_name(name, self.x64)


def config(name: str) -> Config:
    mode, x64 = CONFIGS[name]
    return Config(name, mode, x64)


def kind(name: str) -> str:
    """The lattice kind (``b``, ``u``, ``i``, ``f``, ``c``) of a dtype or weak type."""
    return lattice.KIND[name]


def in_abstract(abstract: str, name: str) -> bool:
    """Whether the abstract class contains the strong dtype ``name``."""
    return lattice.KIND[name] in ABSTRACT_KINDS[abstract]


def category(name: str) -> str:
    """A coarse class of dtypes that behave alike in promotion, for grouping findings: ``bool``, ``int``,
    ``int<8`` (1-, 2-, 4-bit), ``uint``, ``uint<8``, ``float``, ``float<16`` (4/6/8-bit), ``complex``."""
    k = lattice.KIND[name]
    if k == "b":
        return "bool"
    if k == "c":
        return "complex"
    if k == "f":
        return "float<16" if name in lattice.SMALL_FLOAT_NAMES else "float"
    small = name in lattice.INTN_NAMES
    return ("uint" if k == "u" else "int") + ("<8" if small else "")


def scalar_class(name: str) -> str:
    """The ``arraytyping`` scalar class of a dtype, as source: ``at.float32``, ``at.bool_``."""
    return "at.bool_" if name == "bool" else f"at.{name}"


def numpy_class(name: str) -> str:
    return "np.bool_" if name == "bool" else f"np.{name}"


@functools.cache
def _spelling_candidates() -> tuple[str, ...]:
    names: set[str] = {k for k in np.sctypeDict if isinstance(k, str)}
    names |= set(np.typecodes["All"]) | set(lattice.DTYPE_NAMES) | {"bool_", "float", "int", "complex", "bool"}
    names |= {p + c for p in "<=>|" for c in ("f4", "i4", "b1", "u1", "f2", "c8")}
    return tuple(sorted(names))


@functools.cache
def valid_spellings(x64: bool) -> Mapping[str, str]:
    """Every string the runtime accepts as a dtype, with the dtype it names in that x64 setting."""
    import arraytyping as at

    out: dict[str, str] = {}
    with at.enable_x64(x64), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numpy's deprecated aliases ('a')
        for s in _spelling_candidates():
            try:
                out[s] = str(at.canonicalize_dtype(s))
            except TypeError:
                continue
    return MappingProxyType(out)


@functools.cache
def invalid_spellings() -> tuple[str, ...]:
    """The near-miss strings of :data:`INVALID_SPELLINGS` that the runtime refuses (in both x64 settings)."""
    import arraytyping as at

    bad = []
    for s in INVALID_SPELLINGS:
        refused = 0
        for x64 in (False, True):
            with at.enable_x64(x64), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    at.canonicalize_dtype(s)
                except TypeError:
                    refused += 1
        if refused == 2:
            bad.append(s)
    return tuple(bad)
