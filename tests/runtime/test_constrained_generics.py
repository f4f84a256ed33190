"""The runtime side of typecheck_cases/handwritten/constrained_generics.py: each helper, run on arrays of each of its
type variable's constraints, returns arrays of that dtype (strong), so the ``-> Array[C]`` every checker accepts
there is JAX's answer."""

from __future__ import annotations

import importlib.util
import typing
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import arraytyping.numpy as anp

HELPERS = Path(__file__).resolve().parents[2] / "typecheck_cases" / "handwritten" / "constrained_generics.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("constrained_generics", HELPERS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MODULE = _load()
FUNCTIONS = [f for name, f in vars(MODULE).items()
             if callable(f) and getattr(f, "__module__", None) == MODULE.__name__ and not name.startswith("_")]


def _constraints(f: Any) -> list[str]:
    """The constraints of the one type variable ``f``'s parameters use, as dtype names."""
    hints = typing.get_type_hints(f, vars(MODULE))
    tvars = {a for h in hints.values() for a in typing.get_args(h) if isinstance(a, typing.TypeVar)}
    (tv,) = tvars
    return [c.__name__ for c in tv.__constraints__]


def _operand(dtype: str, salt: int) -> Any:
    values = np.array([[1, 2, 3], [3, 1, 2]]) + salt
    if dtype == "bool_":
        return anp.asarray(values % 2 == 0)
    return anp.asarray(values.astype(np.dtype(anp.dtype(dtype.rstrip("_")))))


def test_every_helper_is_checked() -> None:
    assert {f.__name__ for f in FUNCTIONS} >= {"floor_quotient", "remainder", "difference", "power", "masks",
                                                 "shifts", "as_functions", "mask_function"}


@pytest.mark.parametrize("f", FUNCTIONS, ids=lambda f: f.__name__)
def test_keeps_each_constraint(f: Any) -> None:
    n = len(typing.get_type_hints(f, vars(MODULE))) - 1  # parameters, less the return
    for dtype in _constraints(f):
        out = f(*(_operand(dtype, i) for i in range(n)))
        want = np.dtype(anp.dtype(dtype.rstrip("_"))).name
        for r in out if isinstance(out, tuple) else (out,):
            assert (r.dtype.name, r.weak_type) == (want, False), (f.__name__, dtype)
