"""Shared test setup: the lattice is checked to be a lattice before any test runs."""

from __future__ import annotations

import itertools
from typing import Any

from arraytyping import lattice


def _check_is_lattice() -> None:
    for cfg in lattice.ALL_CONFIGS:
        ub = lattice.upper_bounds(cfg)
        for a, b in itertools.product(lattice.NODES, repeat=2):
            common = ub[a] & ub[b]
            least = [c for c in common if common <= ub[c]]
            if common and len(least) != 1:
                raise AssertionError(f"{cfg}: {a} and {b} have common upper bounds but no unique least one: "
                                     f"{sorted(least)}")
            if not common and lattice.join_pair(a, b, cfg) is not None:
                raise AssertionError(f"{cfg}: {a} and {b} have no common upper bound yet a join")


_check_is_lattice()


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Run ``pyright --verifytypes`` first. In full runs (never alone) it reported 93-96% with numpy's classes
    unknown, after thousands of runtime tests had grown this process (jaxlib executables): pyright's type cache is
    emptied under heap pressure. Early, the machine's memory is free."""
    first = [i for i in items if i.name == "test_pyright_verifytypes_is_complete"]
    items[:] = first + [i for i in items if i not in first]
