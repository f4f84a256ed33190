"""Run the Array API standard's conformance suite (data-apis/array-api-tests, vendored in
``third_party/array-api-tests`` at a pinned commit) on JAX 0.10.2 and on ``arraytyping.numpy``, and record what
each passes (issue 65).

The settings are JAX's own CI's (``.github/workflows/jax-array-api.yml`` at jax-v0.10.2: x64 on, the Hypothesis
deadline off) with the issue's example count and seed: ``--max-examples 20 --hypothesis-seed=0
--disable-deadline``, ``ARRAY_API_TESTS_VERSION=2024.12`` (the version ``jax.numpy`` declares; named, so that a
namespace that declares none is tested against the same one), a fresh Hypothesis example database each run (no
replay of an earlier run's failures), Python's ``random`` seeded before each test (``tests/array_api_plugin.py``:
``test_special_cases.py::test_unary`` draws its input through it, so that ``sign(-0 or +0)`` passed or failed by
chance, on JAX as on arraytyping) and ``--continue-on-collection-errors`` (a test module that cannot even be
imported, as ``test_inspection_functions.py`` without ``__array_namespace_info__``, fails its tests rather than the
run). JAX's CI skips the tests of its ``tests/array_api_skips.txt``; here JAX runs them all, and what it fails *is*
the skip list.

What it writes (``tests/data/array_api_tests/``):

* ``jax_skips.txt``: the tests JAX 0.10.2 fails (or errors on) at these settings, in the suite's ``--skips-file``
  format: every other test is one JAX passes or skips by itself;
* ``known_failures.txt`` (``--target arraytyping``): the tests JAX passes and ``arraytyping.numpy`` does not, by
  cause, in the suite's ``--xfails-file`` format; ``tests/test_array_api.py`` runs them as strict expected failures,
  so it must shrink as the causes are fixed (issue 65 is done when it is empty);
* ``results.json``: each test's outcome for each namespace, the counts, the settings, the versions of what decides
  the outcomes and how long each run took (its durations per test are printed: the ten longest).

Runs with the JAX venv's python for JAX (``$ARRAYTYPING_JAX_PYTHON`` or ``.jaxref-venv`` here or in the parent
folder; the suite's requirements are installed into it if missing) and with this python (the project's venv) for
arraytyping::

    python tools/array_api_tests_reference.py                       # both: JAX, then arraytyping (about 25 minutes on a busy 2-core machine)
    python tools/array_api_tests_reference.py --target jax          # only JAX: rewrites jax_skips.txt
    python tools/array_api_tests_reference.py --target arraytyping  # only ours: rewrites known_failures.txt
    python tools/array_api_tests_reference.py --max-examples 2 ...  # another example count (recorded as such)
"""
from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "third_party" / "array-api-tests"
DATA = ROOT / "tests" / "data" / "array_api_tests"
SKIPS = DATA / "jax_skips.txt"
KNOWN_FAILURES = DATA / "known_failures.txt"
RESULTS = DATA / "results.json"

SUITE_COMMIT = "55fcc60179efa2680ddd6cd926ddf17b83530e2b"
"""data-apis/array-api-tests, as vendored (``third_party/README.md``)."""
SPEC_COMMIT = "5f847a3858875c682ae901aa22b0413bf24be9da"
"""data-apis/array-api, the suite's ``array-api`` submodule at that commit (its stubs are vendored)."""
API_VERSION = "2024.12"
FULL_EXAMPLES = 20
SEED = 0
REQUIREMENTS = ("pytest>=8", "pytest-json-report>=1.5", "hypothesis>=6.151.0", "ndindex>=1.8")
"""The suite's requirements.txt (pytest, pytest-json-report, hypothesis>=6.151.0, ndindex>=1.8)."""

NAMESPACES: dict[str, dict[str, str]] = {
    "jax": {"ARRAY_API_TESTS_MODULE": "jax.numpy", "JAX_ENABLE_X64": "1"},
    "arraytyping": {"ARRAY_API_TESTS_MODULE": "arraytyping.numpy", "ARRAYTYPING_ENABLE_X64": "1"},
}
"""Each target's environment: the namespace under test, x64 on."""

PASSED = ("passed",)
FAILED = ("failed", "error", "uncollected")
"""Outcomes: ``uncollected`` is a test whose module failed to import (a collection error)."""


def suite_args(max_examples: int) -> list[str]:
    """The pytest arguments of a run (to run in :data:`SUITE`)."""
    return ["array_api_tests", "--max-examples", str(max_examples), f"--hypothesis-seed={SEED}",
            "--disable-deadline", "--continue-on-collection-errors", "-p", "no:cacheprovider", "-q",
            "-o", "xfail_strict=true"]


def suite_env(target: str, storage: Path) -> dict[str, str]:
    """The environment of a run on ``target`` (``jax`` or ``arraytyping``), the Hypothesis database in
    ``storage`` (fresh: no replay)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ARRAY_API_TESTS_", "JAX_", "ARRAYTYPING_", "HYPOTHESIS_", "PYTEST_"))}
    env.update(NAMESPACES[target])
    env["ARRAY_API_TESTS_VERSION"] = API_VERSION
    env["HYPOTHESIS_STORAGE_DIRECTORY"] = str(storage)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def read_ids(path: Path) -> list[str]:
    """The test ids of a skips or xfails file (the suite's format: one id a line; ``#`` lines are comments)."""
    if not path.exists():
        return []
    return [line.strip() for line in path.read_text().splitlines() if line.startswith("array_api_tests")]


def run_suite(python: str, target: str, max_examples: int, *, skips: Path | None = None,
              xfails: Iterable[str] = (), extra: Sequence[str] = (), shrink: bool = True) -> dict[str, Any]:
    """Run the vendored suite with ``python`` on ``target``; answer ``{"outcomes": {nodeid: outcome},
    "messages": {nodeid: first line of the failure}, "collection_errors": {module: message}, "seconds",
    "returncode"}``. A test of a module that failed to import is ``uncollected`` (the ids come from
    ``results.json``'s JAX run, which collects them all). Python's ``random`` is seeded before each test
    (``tests/array_api_plugin.py``); ``shrink=False`` leaves out Hypothesis's shrink and explain phases: the same
    outcomes, without the time spent shrinking failures."""
    with tempfile.TemporaryDirectory(prefix="array-api-tests-") as tmp:
        report = Path(tmp) / "report.json"
        # --rootdir, and file options as one token: pytest finds its rootdir from the arguments that name paths
        # before it knows the suite's own options, so a separate skips-file path (in tests/data) made the project
        # its rootdir, its node ids "third_party/array-api-tests/..." and the skip list match nothing
        args = [python, "-m", "pytest", *suite_args(max_examples), f"--rootdir={SUITE}", "--json-report",
                f"--json-report-file={report}", "--json-report-omit", "keywords", "streams", "log", "warnings",
                *extra]
        if skips is not None:
            args += [f"--skips-file={skips}"]
        ids = list(xfails)
        if ids:
            xfails_file = Path(tmp) / "xfails.txt"
            xfails_file.write_text("\n".join(ids) + "\n")
            args += [f"--xfails-file={xfails_file}"]
        env = suite_env(target, Path(tmp) / "hypothesis")
        args += ["-p", "array_api_plugin"]
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests"), *filter(None, [env.get("PYTHONPATH")])])
        if not shrink:
            env["ARRAY_API_NO_SHRINK"] = "1"
        start = time.monotonic()
        proc = subprocess.run(args, cwd=SUITE, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        seconds = time.monotonic() - start
        if not report.exists():
            raise RuntimeError(f"the suite wrote no report (exit {proc.returncode}):\n{proc.stdout[-5000:]}")
        data = json.loads(report.read_text())
    return {**parse_report(data), "seconds": round(seconds, 1), "returncode": proc.returncode,
            "tail": proc.stdout[-3000:]}


def first_line(text: str) -> str:
    """The line of a failure that says what went wrong (pytest's ``E   ...`` line, else the last line)."""
    lines = [line for line in text.splitlines() if line.strip()]
    errors = [line[1:].strip() for line in lines if line.startswith("E ")]
    return (errors[0] if errors else (lines[-1] if lines else ""))[:300]


def parse_report(data: Mapping[str, Any]) -> dict[str, Any]:
    """Outcomes, failure messages, durations (seconds) and collection errors out of a pytest-json-report report."""
    outcomes: dict[str, str] = {}
    messages: dict[str, str] = {}
    durations: dict[str, float] = {}
    for test in data.get("tests", []):
        nodeid = test["nodeid"]
        outcomes[nodeid] = test["outcome"]
        durations[nodeid] = round(sum(float((test.get(stage) or {}).get("duration", 0.0))
                                      for stage in ("setup", "call", "teardown")), 2)
        if test["outcome"] in ("failed", "error"):
            for stage in ("setup", "call", "teardown"):
                info = test.get(stage) or {}
                if info.get("outcome") == "failed":
                    messages[nodeid] = first_line(str(info.get("longrepr", "")))
                    break
    errors = {c["nodeid"]: first_line(str(c.get("longrepr", ""))) for c in data.get("collectors", [])
              if c.get("outcome") == "failed"}
    return {"outcomes": outcomes, "messages": messages, "durations": durations, "collection_errors": errors}


def with_uncollected(outcomes: Mapping[str, str], errors: Mapping[str, str],
                     all_ids: Iterable[str]) -> dict[str, str]:
    """``outcomes`` with every test of ``all_ids`` whose module failed to import marked ``uncollected``."""
    out = dict(outcomes)
    for nodeid in all_ids:
        module = nodeid.split("::", 1)[0]
        if nodeid not in out and module in errors:
            out[nodeid] = "uncollected"
    return out


def counts(outcomes: Mapping[str, str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for outcome in outcomes.values():
        out[outcome] = out.get(outcome, 0) + 1
    return dict(sorted(out.items()))


# ---------------------------------------------------------------------------------------------------------------
# What each failure is for: the causes of issue 65's table


CAUSES: tuple[tuple[str, str], ...] = (
    ("__array_namespace_info__ / __array_api_version__",
     r"__array_namespace_info__|__array_api_version__|test_inspection_functions\.py"),
    ("Array.__array_namespace__, __dlpack__, __dlpack_device__, to_device; from_dlpack",
     r"dlpack|__array_namespace__|to_device|test_dlpack\.py"),
    ("linalg extension", r"test_linalg\.py|\blinalg\b"),
    ("fft extension", r"test_fft\.py|\bfft\b"),
    ("unique_all / unique_counts / unique_inverse / unique_values", r"unique_(all|counts|inverse|values)"),
    ("device= / copy= keywords", r"unexpected keyword argument '(device|copy)'|\bdevice\b|\bcopy\b"),
    ("finfo / iinfo of an array", r"finfo|iinfo|as a dtype argument"),
)
"""Issue 65's causes, each with a pattern over ``test id + failure message`` (the first that matches wins)."""


def cause_of(nodeid: str, message: str) -> str:
    """The cause of a failure (one of :data:`CAUSES`' names, else ``other``)."""
    text = f"{nodeid} {message}"
    for name, pattern in CAUSES:
        if re.search(pattern, text):
            return name
    return "other"


# ---------------------------------------------------------------------------------------------------------------
# Files


def skips_text(jax: Mapping[str, Any], max_examples: int) -> str:
    """``jax_skips.txt``: the tests JAX fails, with the settings and counts in comments."""
    outcomes: Mapping[str, str] = jax["outcomes"]
    failing = sorted(k for k, v in outcomes.items() if v in FAILED)
    c = counts(outcomes)
    lines = [
        "# The array-api-tests tests JAX 0.10.2 itself fails (issue 65), written by tools/array_api_tests_reference.py",
        f"# (suite {SUITE_COMMIT[:7]}, ARRAY_API_TESTS_VERSION={API_VERSION}, x64 on, --max-examples {max_examples} "
        f"--hypothesis-seed={SEED} --disable-deadline): tests/test_array_api.py skips them for arraytyping.numpy.",
        f"# JAX: {c.get('passed', 0)} passed, {len(failing)} failed, {c.get('skipped', 0)} skipped by the suite "
        f"itself, of {len(outcomes)}.",
        "",
    ]
    for nodeid in failing:
        lines += [f"# {jax['messages'].get(nodeid, outcomes[nodeid])}", nodeid]
    return "\n".join(lines) + "\n"


def known_failures_text(failures: Mapping[str, str], ours: Mapping[str, str], max_examples: int) -> str:
    """``known_failures.txt``: ``{nodeid: message}`` of the tests JAX passes and arraytyping fails, by cause."""
    by_cause: dict[str, list[str]] = {}
    for nodeid in sorted(failures):
        by_cause.setdefault(cause_of(nodeid, failures[nodeid]), []).append(nodeid)
    c = counts(ours)
    lines = [
        "# The array-api-tests tests JAX 0.10.2 passes and arraytyping.numpy does not yet (issue 65: done when this is",
        "# empty), by cause; written by tools/array_api_tests_reference.py --target arraytyping at",
        f"# --max-examples {max_examples} --hypothesis-seed={SEED}. tests/test_array_api.py runs them as strict expected "
        "failures:",
        "# remove a test from here when it passes.",
        f"# arraytyping.numpy: {c.get('passed', 0)} passed; {len(failures)} fail of those JAX passes.",
    ]
    for cause in [name for name, _ in CAUSES] + ["other"]:
        ids = by_cause.get(cause, [])
        if ids:
            lines += ["", f"# {cause} ({len(ids)})", *ids]
    return "\n".join(lines) + "\n"


def cause_table(failures: Mapping[str, str]) -> dict[str, int]:
    table: dict[str, int] = {}
    for nodeid, message in failures.items():
        cause = cause_of(nodeid, message)
        table[cause] = table.get(cause, 0) + 1
    return table


# ---------------------------------------------------------------------------------------------------------------


def versions(python: str, target: str) -> dict[str, str]:
    """The versions of what decides a run's outcomes: the namespace's package, Hypothesis (which draws the
    examples), ndindex, pytest, numpy."""
    packages = ("jax" if target == "jax" else "arraytyping", "jaxlib", "hypothesis", "ndindex", "pytest", "numpy")
    code = ("import importlib.metadata as m, json; "
            f"print(json.dumps({{p: m.version(p) for p in {packages!r}}}))")
    out: dict[str, str] = json.loads(subprocess.check_output([python, "-c", code], text=True))
    return out


def jax_python_with_requirements(venv: Path | None) -> str:
    """The JAX venv's python (as ``tools/jax_api_inventory.py`` finds it), with the suite's requirements and the
    Hypothesis of the python running this."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import jax_api_inventory

    python = str(jax_api_inventory.jax_python(venv))
    probe = "import pytest_jsonreport, ndindex, hypothesis, pytest"
    if subprocess.run([python, "-c", probe], capture_output=True).returncode != 0:
        subprocess.check_call([python, "-m", "pip", "install", "-q", *REQUIREMENTS])
    # the same Hypothesis as this (the project's) venv: another version draws other examples
    ours = importlib.metadata.version("hypothesis")
    if versions(python, "jax")["hypothesis"] != ours:
        subprocess.check_call([python, "-m", "pip", "install", "-q", f"hypothesis=={ours}"])
    return python


def print_longest(durations: Mapping[str, float], n: int = 10) -> None:
    for nodeid, seconds in sorted(durations.items(), key=lambda kv: -kv[1])[:n]:
        print(f"  {seconds:7.1f} s  {nodeid}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", choices=("all", "jax", "arraytyping"), default="all")
    parser.add_argument("--max-examples", type=int, default=FULL_EXAMPLES)
    parser.add_argument("--venv", type=Path, default=None, help="virtual env with jax==0.10.2")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the JSON written (default: %(default)s)")
    ns = parser.parse_args()
    results: dict[str, Any] = json.loads(ns.results.read_text()) if ns.results.exists() else {}
    results.update({"suite_commit": SUITE_COMMIT, "spec_commit": SPEC_COMMIT, "api_version": API_VERSION,
                    "settings": " ".join(suite_args(ns.max_examples)[1:])})
    DATA.mkdir(parents=True, exist_ok=True)
    if ns.target in ("all", "jax"):
        python = jax_python_with_requirements(ns.venv)
        jax = run_suite(python, "jax", ns.max_examples)
        if jax["collection_errors"]:
            raise SystemExit(f"JAX's run could not import {jax['collection_errors']}")
        results["jax"] = {"max_examples": ns.max_examples, "versions": versions(python, "jax"), "seconds": jax["seconds"],
                          "counts": counts(jax["outcomes"]), "outcomes": dict(sorted(jax["outcomes"].items()))}
        SKIPS.write_text(skips_text(jax, ns.max_examples))
        print(f"JAX: {results['jax']['counts']} in {jax['seconds']} s; wrote {SKIPS.relative_to(ROOT)}")
        print_longest(jax["durations"])
    if ns.target in ("all", "arraytyping"):
        if "jax" not in results:
            raise SystemExit("run --target jax first: arraytyping's known failures are the tests JAX passes")
        jax_outcomes: dict[str, str] = results["jax"]["outcomes"]
        ours = run_suite(sys.executable, "arraytyping", ns.max_examples)
        outcomes = with_uncollected(ours["outcomes"], ours["collection_errors"], jax_outcomes)
        messages = dict(ours["messages"])
        for nodeid, outcome in outcomes.items():
            if outcome == "uncollected":
                messages[nodeid] = ours["collection_errors"][nodeid.split("::", 1)[0]]
        failures = {k: messages.get(k, v) for k, v in outcomes.items()
                    if jax_outcomes.get(k) in PASSED and v not in PASSED}
        failures.update({k: "not collected" for k, v in jax_outcomes.items() if v in PASSED and k not in outcomes})
        results["arraytyping"] = {"max_examples": ns.max_examples, "versions": versions(sys.executable, "arraytyping"),
                                  "seconds": ours["seconds"],
                                  "counts": counts(outcomes), "known_failures": len(failures),
                                  "causes": cause_table(failures), "outcomes": dict(sorted(outcomes.items()))}
        KNOWN_FAILURES.write_text(known_failures_text(failures, outcomes, ns.max_examples))
        print(f"arraytyping: {results['arraytyping']['counts']} in {ours['seconds']} s; {len(failures)} of the tests "
              f"JAX passes fail: {results['arraytyping']['causes']}; wrote {KNOWN_FAILURES.relative_to(ROOT)}")
        print_longest(ours["durations"])
    ns.results.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
