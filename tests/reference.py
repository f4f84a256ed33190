"""Reading ``tests/data/jax_reference.json`` (written by ``tools/jax_reference.py`` from JAX 0.10.2) without JAX."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

from arraytyping import lattice

DATA = Path(__file__).parent / "data" / "jax_reference.json"
CONFIG_KEYS = {"standard-x32": lattice.LatticeConfig("standard", False),
               "standard-x64": lattice.LatticeConfig("standard", True),
               "strict-x32": lattice.LatticeConfig("strict", False),
               "strict-x64": lattice.LatticeConfig("strict", True)}
PY_VALUES: dict[str, Any] = {"int": 2, "float": 2.0, "complex": 2j, "bool": True}
SPECIAL: dict[str, Any] = {"OBJECT": object, "STRUCTURED": np.dtype([("a", "i4"), ("b", "f4")]), "LIST": [1, 2],
                           "NONE": None}


@functools.cache
def load() -> dict[str, Any]:
    return json.loads(DATA.read_text())  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Expected:
    """One reference answer: a dtype name with weak flag and warning, or an error class name."""

    dtype: str | None
    weak: bool
    warned: bool
    error: str | None

    @classmethod
    def parse(cls, s: str) -> Expected:
        if s.startswith("error:"):
            return cls(None, False, False, s[len("error:"):])
        warned = s.endswith(" warn")
        s = s.removesuffix(" warn")
        return cls(s.rstrip("*"), s.endswith("*"), warned, None)


def sctype(name: str) -> Any:
    return getattr(ml_dtypes, name) if hasattr(ml_dtypes, name) else np.dtype(name).type


def build(spec: str) -> Any:
    """The Python object an operand spec stands for (see tools/jax_reference.py)."""
    if spec in SPECIAL:
        return SPECIAL[spec]
    kind, _, name = spec.partition(":")
    if kind == "dtype":
        return np.dtype(sctype(name))
    if kind == "str":
        return name
    if kind == "sctype":
        return sctype(name)
    if kind == "pytype":
        return {"int": int, "float": float, "complex": complex}[name]
    if kind == "py":
        return PY_VALUES[name]
    if kind == "np0":
        return sctype(name)(1)
    if kind == "nparr":
        return np.zeros((2,), dtype=sctype(name))
    raise ValueError(f"no builder for {spec!r}")
