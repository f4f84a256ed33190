"""The Array API standard's conformance suite on ``arraytyping.numpy``, held to what JAX 0.10.2 passes (issue 65).

The suite is data-apis/array-api-tests, vendored whole in ``third_party/array-api-tests`` at the commit
``tools/array_api_tests_reference.py`` names (``third_party/README.md``). That tool ran it on JAX 0.10.2 and on
``arraytyping.numpy`` at the full setting (``--max-examples 20 --hypothesis-seed=0``, x64 on) and wrote
``tests/data/array_api_tests/``: ``jax_skips.txt`` (the tests JAX itself fails), ``known_failures.txt`` (the tests
JAX passes and arraytyping does not yet) and ``results.json`` (every outcome of both).

:func:`test_suite_on_arraytyping_numpy` runs the suite here, in its own process, at the same setting, with those
files as the skips and the strict expected failures, and then holds every test to its expected outcome: a test JAX
passes passes (or, if it is a known failure, fails: once it passes, remove it from ``known_failures.txt``), a test
JAX fails is skipped. It leaves out Hypothesis's shrinking of failures (``tests/array_api_plugin.py``), which changes
no outcome and was two thirds of the time: about 3 minutes of one core (85 seconds at ``--max-examples 2``). The
setting is the recorded one because outcomes depend on the examples drawn (at ``--max-examples 2``, ``test_astype``
never draws the ``copy=`` keyword arraytyping lacks, and passes), and so on Hypothesis's version: the test requires
the version the data was recorded with (pinned in the dev extra).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import Any

import pytest
from reference_tools import tool

aat = tool("array_api_tests_reference")

def results() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(aat.RESULTS.read_text())
    return data


def expected(nodeid: str, jax_outcome: str | None, skips: set[str], known: set[str]) -> tuple[str, ...]:
    """The outcomes a test of arraytyping's run may have."""
    if nodeid in skips:
        return ("skipped",)
    if nodeid in known:
        return ("xfailed", "uncollected")
    if jax_outcome == "passed":
        return ("passed",)
    if jax_outcome == "skipped":  # skipped by the suite itself (a test of a later version of the standard...)
        return ("passed", "skipped")
    return ()  # a test JAX's run did not have: rerun tools/array_api_tests_reference.py


def test_vendored_suite_is_whole_and_pinned() -> None:
    suite = aat.SUITE
    for path in ("LICENSE", "README.md", "conftest.py", "reporting.py", "requirements.txt", "pytest.ini",
                 "array_api_tests/test_linalg.py", "array-api/LICENSE", "array-api/src/array_api_stubs/__init__.py",
                 f"array-api/src/array_api_stubs/_{aat.API_VERSION.replace('.', '_')}/linalg.py",
                 f"array-api/spec/{aat.API_VERSION}/API_specification/index.rst"):
        assert (suite / path).is_file(), path
    readme = (suite.parent / "README.md").read_text()
    assert aat.SUITE_COMMIT in readme and aat.SPEC_COMMIT in readme
    data = results()
    assert data["suite_commit"] == aat.SUITE_COMMIT and data["api_version"] == aat.API_VERSION


def test_skip_list_is_exactly_what_jax_fails() -> None:
    data = results()
    jax = data["jax"]
    assert jax["max_examples"] == aat.FULL_EXAMPLES
    failing = sorted(k for k, v in jax["outcomes"].items() if v in aat.FAILED)
    assert aat.read_ids(aat.SKIPS) == failing
    assert sum(jax["counts"].values()) == len(jax["outcomes"])
    assert jax["counts"]["passed"] >= 1200  # the issue measured 1,290


def test_known_failures_are_exactly_what_jax_passes_and_arraytyping_fails() -> None:
    data = results()
    jax: dict[str, str] = data["jax"]["outcomes"]
    ours: dict[str, str] = data["arraytyping"]["outcomes"]
    assert data["arraytyping"]["max_examples"] == aat.FULL_EXAMPLES
    known = aat.read_ids(aat.KNOWN_FAILURES)
    assert len(known) == len(set(known)) == data["arraytyping"]["known_failures"]
    assert set(known) == {k for k, v in jax.items() if v == "passed" and ours.get(k) != "passed"}
    # the causes the file groups them by are the recorded ones
    assert sum(data["arraytyping"]["causes"].values()) == len(known)


def test_causes_are_read_from_the_failures() -> None:
    assert aat.cause_of("array_api_tests/test_fft.py::test_fftn", "") == "fft extension"
    assert aat.cause_of("array_api_tests/test_signatures.py::test_func_signature[zeros]",
                        "TypeError: zeros() got an unexpected keyword argument 'device'") == "device= / copy= keywords"
    assert aat.cause_of("array_api_tests/test_data_type_functions.py::test_iinfo[int8]",
                        "TypeError: Passing an array as a dtype argument is no longer supported") == \
        "finfo / iinfo of an array"
    assert aat.cause_of("array_api_tests/test_linalg.py::test_cross", "") == "linalg extension"
    assert aat.cause_of("array_api_tests/test_x.py::test_y", "AssertionError: out=1") == "other"


def test_suite_on_arraytyping_numpy(record_property: Callable[[str, object], None]) -> None:
    examples = aat.FULL_EXAMPLES
    data = results()
    import hypothesis

    assert data["arraytyping"]["versions"]["hypothesis"] == hypothesis.__version__, (
        "the outcomes were recorded with another Hypothesis, which draws other examples: install the pinned one, or "
        "rerun tools/array_api_tests_reference.py")
    jax: dict[str, str] = data["jax"]["outcomes"]
    skips = set(aat.read_ids(aat.SKIPS))
    known = aat.read_ids(aat.KNOWN_FAILURES)
    run = aat.run_suite(sys.executable, "arraytyping", examples, skips=aat.SKIPS, xfails=known, shrink=False)
    outcomes = aat.with_uncollected(run["outcomes"], run["collection_errors"], jax)
    # every test JAX's run had ran here too (or is in a module that cannot be imported yet)
    missing = sorted(set(jax) - set(outcomes))
    assert not missing, f"{len(missing)} tests did not run: {missing[:20]}\n{run['tail']}"
    wrong: list[str] = []
    for nodeid, outcome in sorted(outcomes.items()):
        allowed = expected(nodeid, jax.get(nodeid), skips, set(known))
        if outcome not in allowed:
            why = run["messages"].get(nodeid, "")
            if outcome in ("xpassed", "passed") and nodeid in known:
                why = "it passes now: remove it from tests/data/array_api_tests/known_failures.txt"
            elif not allowed:
                why = "not in JAX's run: rerun tools/array_api_tests_reference.py"
            wrong.append(f"{nodeid}: {outcome}, expected {' or '.join(allowed) or '?'} ({why})")
    c = aat.counts(outcomes)
    summary = (f"array-api-tests on arraytyping.numpy (--max-examples {examples}, tests/test_array_api.py)\n"
               f"arraytyping.numpy: {c.get('passed', 0)} passed, {c.get('xfailed', 0) + c.get('uncollected', 0)} "
               f"known failures (tests/data/array_api_tests/known_failures.txt), {c.get('skipped', 0)} skipped "
               f"(JAX fails {len(skips)} of them) in {run['seconds']:.0f} s\n"
               f"JAX 0.10.2 at --max-examples {data['jax']['max_examples']}: {data['jax']['counts']['passed']} passed; "
               f"arraytyping.numpy: {data['arraytyping']['counts'].get('passed', 0)} passed")
    record_property("terminal_summary", summary)
    assert not wrong, f"{len(wrong)} tests of array-api-tests did not do as expected:\n" + "\n".join(wrong[:60])
    assert not re.search(r"\binternal error\b", run["tail"], re.I), run["tail"]
