"""A pytest plugin for the runs of array-api-tests (``third_party/array-api-tests``) that
``tools/array_api_tests_reference.py`` and ``tests/test_array_api.py`` make (``-p array_api_plugin``, with
``tests/`` on ``PYTHONPATH``).

* Python's global ``random`` is seeded (0) before each test. ``--hypothesis-seed`` seeds what ``@given`` draws, but
  ``test_special_cases.py::test_unary`` draws its input with ``strategy.example()``, which shuffles the examples it
  generated with the global ``random``: unseeded, ``sign(-0 or +0) -> 0`` got ``-0.0`` in some runs and ``+0.0`` in
  others, on JAX as on arraytyping, and passed or failed by chance.
* With ``ARRAY_API_NO_SHRINK=1``, the suite's Hypothesis profile leaves out the shrink and explain phases. They run
  only once a test has failed, to find the smallest failing input and explain it: the outcome is the same without
  them. In the test suite every failure is an expected one (``known_failures.txt``), and shrinking them was most of
  the run's time (a missing ``linalg.matrix_power`` alone took three minutes to shrink at ``--max-examples 20``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

import pytest
from hypothesis import Phase, settings

PROFILE = "array-api-tests"  # registered and loaded by the suite's conftest.py in its pytest_configure
NO_SHRINK_ENV = "ARRAY_API_NO_SHRINK"
SEED = 0


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get(NO_SHRINK_ENV) == "1":
        base = settings.get_profile(PROFILE)
        phases = tuple(p for p in base.phases if p not in (Phase.shrink, Phase.explain))
        settings.register_profile(f"{PROFILE}-no-shrink", parent=base, phases=phases)
        settings.load_profile(f"{PROFILE}-no-shrink")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    random.seed(SEED)
    return (yield)
