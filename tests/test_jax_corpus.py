"""JAX's own programs, run unchanged but for their imports (issue 62).

The corpus (``tests/data/jax_corpus/``: 27 tutorials of JAX's ``docs/`` and 4 programs of its ``examples/``, at the
0.10.2 tag) runs unit by unit in a fresh process under arraytyping, cell after cell in one namespace, with only its
imports rewritten (``import jax`` -> ``import arraytyping as jax``...), and each cell is held to what JAX 0.10.2 printed
(``tests/data/jax_corpus_reference.json``, ``tools/jax_corpus_reference.py``): its exception's class, its stdout and the
repr of its last expression, numbers within float32 tolerance.

Most units stop early today, so ``tests/data/jax_corpus/expectations.json`` lists each cell as ``pass`` or
``known_fail: <cause>``: a ``pass`` cell must match JAX, and a ``known_fail`` cell must still fail (a fix shows here as
a cell that now passes; ``python tools/jax_corpus_status.py --write`` updates the list). The last test prints the
summary: cells matching JAX, units that run to the end, and the causes that block the most cells.

The default run leaves out the units the manifest marks ``"ci": false`` (the longest training program);
``ARRAYTYPING_FULL_CORPUS=1`` runs every unit.

The first tests are the harness's own: the import rewriting, the notebook parser, the comparison, the attribution of a
failure to an earlier cell, and the expectations' strictness, each on cases that must fail as well as pass.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from corpus import cells, classify, compare, manifest, rewrite, static, status  # noqa: E402

MANIFEST = manifest.load()
FULL = os.environ.get("ARRAYTYPING_FULL_CORPUS") == "1"
UNITS = [u for u in MANIFEST.units if FULL or u.ci]
RESULTS: dict[str, list[classify.CellResult]] = {}
SUMMARY_KEY = "arraytyping/jax_corpus_summary"
"""Where the summary and the checkers' counts are left (a dict of texts) for ``tests/conftest.py`` to print at the end
of the run."""


def remember(config: pytest.Config, part: str, text: str) -> None:
    print(text)
    cache: Any = getattr(config, "cache", None)  # None under -p no:cacheprovider
    if cache is not None:
        cache.set(SUMMARY_KEY, {**(cache.get(SUMMARY_KEY, None) or {}), part: text})


# --- the harness -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("source, expected", [
    ("import jax\n", "import arraytyping as jax\n"),
    ("import jax.numpy as jnp\n", "import arraytyping.numpy as jnp\n"),
    ("import jax, jax.numpy as jnp\n", "import arraytyping as jax, arraytyping.numpy as jnp\n"),
    ("import jax.numpy\n", "import arraytyping.numpy, arraytyping as jax\n"),
    ("from jax import grad, jit\n", "from arraytyping import grad, jit\n"),
    ("from jax.scipy.special import logsumexp\n", "from arraytyping.scipy.special import logsumexp\n"),
    ("from jax import numpy as jnp\n", "from arraytyping import numpy as jnp\n"),
    ("def f():\n  from jax import (\n    lax,\n    random)\n", "def f():\n  from arraytyping import (\n    lax,\n    random)\n"),
    ("import jaxlib, numpy as np\nfrom jaxtyping import Array\n", "import jaxlib, numpy as np\nfrom jaxtyping import Array\n"),
    ("x = 'import jax'  # import jax\njax.numpy.sin(1)\n", "x = 'import jax'  # import jax\njax.numpy.sin(1)\n"),
    ("import jax.scipy.stats.norm as norm; y = 1\n", "import arraytyping.scipy.stats.norm as norm; y = 1\n"),
    ("def f(:\n  import jax\n", "def f(:\n  import jax\n"),  # does not parse: unchanged, fails alike
])
def test_rewrite_imports(source: str, expected: str) -> None:
    assert rewrite.rewrite_imports(source) == expected


def test_myst_cells_and_magics() -> None:
    text = ("# T\n\n```{code-cell} ipython3\n:id: a\n:tags: [raises-exception]\n\nx = 1\n```\n\ntext\n\n"
            "```{code-cell}\n---\ntags: [skip-execution]\n---\nf(2.)\n```\n```python\nnot a cell\n```\n"
            "```{code-cell}\n%xmode minimal\n%timeit -n10 -r3 f(x).block_until_ready()\n!pip install foo\n```\n")
    parsed = cells.parse_myst(text)
    assert [(line, tags) for line, tags, _ in parsed] == [(7, ("raises-exception",)), (16, ("skip-execution",)),
                                                         (22, ())]
    assert parsed[0][2] == "x = 1\n"
    assert cells.python_of_ipython(parsed[2][2]) == "\nf(x).block_until_ready()\n\n"
    with pytest.raises(ValueError, match="no rule for the IPython magic"):
        cells.python_of_ipython("%prun f(x)\n")


def test_every_unit_parses_with_its_rewrites() -> None:
    total = 0
    for unit in MANIFEST.units:
        cs = cells.load(unit)
        assert cs, unit.name
        total += sum(not c.skipped for c in cs)
    assert total >= 500  # issue 62's corpus: some 520 cells


@pytest.mark.parametrize("ours, theirs, same", [
    ("Array([1., 2.], dtype=float32)", "Array([1.0000001, 2.], dtype=float32)", True),
    ("[ 0.5 -1. ]", "[ 0.5       -1.        ]", True),
    ("Array([1., 2.], dtype=float32)", "Array([1.1, 2.], dtype=float32)", False),
    ("Array([1, 2], dtype=int32)", "Array([1., 2.], dtype=float32)", False),
    ("Array(2., dtype=float32, weak_type=True)", "Array(2., dtype=float32)", False),
    ("Array([1, 2], dtype=int32)", "Array([1., 2.], dtype=int32)", False),  # an integer is no float
    ("nan 1e-07", "nan 0.", True),  # atol
    ("Array([1.+0.5423026j], dtype=complex64)", "Array([1.+0.542303j], dtype=complex64)", True),
    ("<function f at 0x7f33f18fd260>", "<function f at 0x7fab0efb0ed0>", True),
    ("Traced<f32[]>with<JaxprTrace>", "JitTracer(~float32[])", False),
    ("x = 1", "x = 1 y", False),
])
def test_text_comparison(ours: str, theirs: str, same: bool) -> None:
    assert (compare.text_difference(ours, theirs, rtol=1e-5, atol=1e-6) is None) == same


def test_cell_comparison() -> None:
    jax_raises = {"stdout": "a\n", "display": None, "error": {"type": "TypeError", "message": "JAX's words"}}
    assert compare.cell_difference({"stdout": "a\n", "display": None,
                                    "error": {"type": "TypeError", "message": "ours"}}, jax_raises,
                                   rtol=1e-5, atol=1e-6) is None  # an exception is held by its class
    assert compare.cell_difference({"stdout": "a\n", "display": None,
                                    "error": {"type": "ValueError", "message": ""}}, jax_raises,
                                   rtol=1e-5, atol=1e-6) == "raises ValueError (JAX TypeError)"
    assert compare.cell_difference({"stdout": "a\n", "display": None, "error": None}, jax_raises,
                                   rtol=1e-5, atol=1e-6) == "no error (JAX raises TypeError)"
    assert compare.cell_difference({"stdout": "Epoch 0 in 0.52 sec\n"}, {"stdout": "Epoch 0 in 3.10 sec\n"},
                                   rtol=1e-5, atol=1e-6, volatile=(r"in \d+\.\d+ sec",)) is None


def _unit(*codes: str) -> tuple[manifest.Unit, list[cells.Cell]]:
    unit = manifest.Unit(name="t", source="t.md", kind="notebook")
    return unit, [cells.Cell(index=i, line=10 * i + 1, tags=(), source=c, code=c) for i, c in enumerate(codes)]


def test_failures_are_attributed() -> None:
    unit, cs = _unit("import jax\nfrom jax.tree_util import tree_map\ndef f(x):\n  return x\n",
                     "y = f(1)\nprint(y)\n",
                     "def g():\n  return y + 1\nprint(g())\n",
                     "print(1.5)\n",
                     "jnp.arange(10)[11]\n")
    jax = [{"index": i, "stdout": out, "display": None, "error": None}
           for i, out in enumerate(["", "1\n", "2\n", "1.5\n", ""])]
    jax[4]["display"] = "Array(9, dtype=int32)"
    ours = [{"index": 0, "stdout": "", "display": None, "error": {
                "type": "ImportError", "cell_line": 2,
                "message": "cannot import name 'tree_map' from 'arraytyping.tree_util' (/x/tree_util.py)"}},
            {"index": 1, "stdout": "", "display": None, "error": {
                "type": "NameError", "cell_line": 1, "message": "name 'f' is not defined"}},
            {"index": 2, "stdout": "", "display": None, "error": {
                "type": "NameError", "cell_line": 2, "message": "name 'y' is not defined"}},
            {"index": 3, "stdout": "1.5000001\n", "display": None, "error": None},
            {"index": 4, "stdout": "", "display": None, "error": {
                "type": "IndexError", "cell_line": 1, "message": "index 11 out of bounds for axis 0 with size 10"}}]
    results = classify.evaluate(unit, cs, jax, ours)
    assert [r.status for r in results] == [
        "missing jax.tree_util.tree_map", "depends on cell 0", "depends on cell 1", "pass",
        "a static out-of-bounds index raises IndexError (JAX clamps it)"]
    assert results[0].line == 2  # the line that raised, in the source file
    assert classify.root_cause(results, results[2]).index == 0
    causes = classify.ranking({"t": results}, {"t": "t.md"})
    assert (causes[0].cause, causes[0].cells, causes[0].direct) == ("missing jax.tree_util.tree_map", 3, 1)


def test_error_causes() -> None:
    assert classify.error_cause({"type": "AttributeError", "message": "module 'arraytyping' has no attribute "
                                 "'lax'"}) == "not loaded by import jax: jax.lax"  # arraytyping.lax exists
    assert classify.error_cause({"type": "AttributeError", "message": "module 'arraytyping' has no attribute "
                                 "'no_such_thing'"}) == "missing jax.no_such_thing"
    assert classify.error_cause({"type": "ModuleNotFoundError", "message": "No module named 'arraytyping.scipy'"}) \
        == "missing jax.scipy"
    assert classify.error_cause({"type": "AttributeError", "message": "'ArrayImpl' object has no attribute "
                                 "'devices'"}) == "missing Array.devices"
    assert classify.error_cause({"type": "AttributeError", "message": "'NoneType' object has no attribute 'add'"}) \
        == "raises AttributeError: 'NoneType' object has no attribute 'add'"  # a bug on the way, no missing name


def test_expectations_are_strict() -> None:
    unit = manifest.Unit(name="t", source="t.md", kind="notebook")
    results = [classify.CellResult("t", 0, 1, "pass", True), classify.CellResult("t", 1, 5, "missing jax.x", False),
               classify.CellResult("t", 2, 9, "pass", True)]
    assert status.verdict(unit, results, {"t": {"0": "pass", "1": "known_fail: missing jax.x",
                                               "2": "pass"}}).ok
    v = status.verdict(unit, results, {"t": {"0": "pass", "1": "pass", "2": "known_fail: differs"}})
    assert len(v.regressions) == 1 and "cell 1" in v.regressions[0]
    assert len(v.fixed) == 1 and "cell 2" in v.fixed[0] and "--write" in v.message()
    assert len(status.verdict(unit, results, {"t": {"0": "pass", "1": "known_fail: x"}}).unlisted) == 1


def test_reference_and_expectations_are_current() -> None:
    """JAX's record was made from the corpus as it is (no cell's code changed since), and the expectations list
    every run cell of every unit."""
    ref = status.reference()
    assert ref["versions"]["jax"] == MANIFEST.jax_version
    stale = [s for u in MANIFEST.units for s in status.stale_cells(u, ref)]
    assert not stale, "JAX's record is stale (run python tools/jax_corpus_reference.py): " + ", ".join(stale)
    expected = status.expectations()
    for unit in MANIFEST.units:
        run = {str(c.index) for c in cells.load(unit) if not c.skipped}
        assert set(expected.get(unit.name, {})) == run, unit.name
        assert all(v == "pass" or v.startswith("known_fail: ") for v in expected[unit.name].values())


# --- the corpus ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("unit", UNITS, ids=[u.name for u in UNITS])
def test_unit(unit: manifest.Unit, tmp_path: Path) -> None:
    """Each ``pass`` cell matches JAX; each ``known_fail`` cell still fails."""
    results = status.run_unit(unit, sys.executable, tmp_path, status.reference())
    RESULTS[unit.name] = results
    v = status.verdict(unit, results, status.expectations())
    assert v.ok, v.message()


def test_summary(request: pytest.FixtureRequest) -> None:
    """The counts, printed (and shown at the end of the run), and held to the expectations' own."""
    if not RESULTS:
        pytest.skip("no corpus unit ran in this session")
    kinds = {u.name: u.kind for u in MANIFEST.units}
    sources = {u.name: u.source for u in MANIFEST.units}
    text = classify.summary_text(RESULTS, kinds)
    top = classify.ranking_lines(classify.ranking(RESULTS, sources), 12)
    report = text + ("" if FULL else " (ARRAYTYPING_FULL_CORPUS=1 runs the units left out)") + \
        "\nmost blocking causes (cells blocked, those meeting it directly, units, units stopped):\n" + "\n".join(top)
    remember(request.config, "0 runtime", report)
    expected = status.expectations()
    listed_pass = sum(v == "pass" for name in RESULTS for v in expected[name].values())
    assert classify.summary(RESULTS)["cells_matching"] == listed_pass



# --- the type checkers on the same code ---------------------------------------------------------------------------


@pytest.mark.parametrize("checker", static.CHECKERS)
def test_checkers_ratchet(checker: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """pyright and mypy with the plugin on the rewritten corpus add no more errors (where JAX's own types give none on
    the same line: recorded by ``tools/jax_corpus_static.py --write``) and no more missing names than recorded."""
    recorded = json.loads(manifest.STATIC_REPORT.read_text())["checkers"][checker]
    maps = static.build(list(MANIFEST.units), tmp_path, ours=True)
    assert static.digest(tmp_path) == recorded["corpus_digest"], \
        "the corpus changed since JAX's errors were recorded: run python tools/jax_corpus_static.py --write"
    ours = static.check(checker, tmp_path, sys.executable, jax_side=False)
    added = static.added_errors(ours, {(f, n, k) for f, n, k in recorded["jax_keys"]}, maps,
                                static.lines_of(tmp_path))
    now = static.summarize(added, recorded["jax_errors"], len(ours))
    remember(request.config, f"1 {checker}",
             f"{checker} on the same code: {now['added']} errors where JAX's own types give none (recorded "
             f"{recorded['added']}), {now['missing_names']} of them missing names, "
             f"{now['distinct_missing_names']} distinct (recorded {recorded['missing_names']})")
    old = {(e["where"], e["kind"], e["message"]) for e in recorded["errors"]}
    new = [f"{e['where']}: [{e['kind']}] {e['message']}" for e in now["errors"]
           if (e["where"], e["kind"], e["message"]) not in old]
    assert now["added"] <= recorded["added"] and now["missing_names"] <= recorded["missing_names"], \
        f"{checker} reports more errors on JAX's programs than recorded; new ones:\n  " + "\n  ".join(new)
