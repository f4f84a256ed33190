"""Shared test setup: the lattice is checked to be a lattice before any test runs; the JAX corpus's counts are printed
at the end of a run that ran tests/test_jax_corpus.py."""

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


_CORPUS_SUMMARY = "arraytyping/jax_corpus_summary"  # test_jax_corpus.SUMMARY_KEY


def pytest_sessionstart(session: pytest.Session) -> None:
    """Forget the previous run's corpus summary (in the controller only: workers start after it)."""
    cache = getattr(session.config, "cache", None)  # None under -p no:cacheprovider
    if not hasattr(session.config, "workerinput") and cache is not None:
        cache.set(_CORPUS_SUMMARY, None)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int,
                            config: pytest.Config) -> None:
    """After the run's summary, print what tests handed over: ``record_property("terminal_summary", text)`` (the API
    coverage by module, the array-api-tests counts; user properties travel from pytest-xdist's workers with the
    reports) and the JAX corpus's counts (issue 62), which its test_summary leaves in the cache. Each shows with
    ``-n 2`` as without, and only when its tests ran."""
    if hasattr(config, "workerinput"):
        return
    seen: set[str] = set()
    for reports in terminalreporter.stats.values():
        for report in reports:
            for key, text in getattr(report, "user_properties", ()):
                if key == "terminal_summary" and text not in seen:
                    seen.add(text)
                    terminalreporter.write_sep("=", str(text).partition("\n")[0])
                    terminalreporter.write_line(str(text).partition("\n")[2])
    cache = getattr(config, "cache", None)
    parts = cache.get(_CORPUS_SUMMARY, None) if cache is not None else None
    if isinstance(parts, dict) and parts:
        terminalreporter.write_sep("-", "JAX's own programs under arraytyping (tests/test_jax_corpus.py)")
        for key in sorted(parts):
            terminalreporter.write_line(str(parts[key]))
