"""Shared test setup: the lattice is checked to be a lattice before any test runs."""

from __future__ import annotations

import itertools

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
