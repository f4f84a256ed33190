"""Shared test setup: the lattice is checked to be a lattice before any test runs."""

from __future__ import annotations

import itertools

import pytest

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


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print what tests handed over with ``record_property("terminal_summary", text)`` (the API coverage by module,
    the array-api-tests counts) after the run's summary: user properties travel from pytest-xdist's workers with the
    reports, so this shows with ``-n 2`` as without, and only when those tests ran."""
    seen: set[str] = set()
    for reports in terminalreporter.stats.values():
        for report in reports:
            for key, text in getattr(report, "user_properties", ()):
                if key == "terminal_summary" and text not in seen:
                    seen.add(text)
                    terminalreporter.write_sep("=", str(text).partition("\n")[0])
                    terminalreporter.write_line(str(text).partition("\n")[2])
