"""JAX 0.10.2's public API, name by name (``tests/data/jax_api_inventory.json``, written by
``tools/jax_api_inventory.py``): each recorded name is present in arraytyping as a user imports it
(``import arraytyping.scipy.special``), deliberately omitted (``api_omissions.toml``, with a reason) or listed as not
yet done (``api_not_yet.txt``), and never two of these. The coverage by module is printed at the end of the run
(``pytest_terminal_summary`` in ``conftest.py``), and ``docs/api_coverage.md`` is checked to be what the data says."""

from __future__ import annotations

import collections
from collections.abc import Callable

import pytest
from reference_tools import tool

cov = tool("api_coverage")
inv_tool = tool("jax_api_inventory")


@pytest.fixture(scope="module")
def present() -> set[str]:
    names: set[str] = cov.present_names()
    return names


def test_inventory_is_jax_0_10_2_module_by_module() -> None:
    data = cov.inventory()
    assert data["jax_version"] == "0.10.2"
    modules = cov.recorded()
    assert data["total"] == sum(len(names) for names in modules.values()) == len(cov.qualified_names())
    # every module the generator is told to record is there (the walked ones with what is below them)
    for module in inv_tool.MODULES:
        assert module in modules, module
    assert {"jax.scipy.special", "jax.scipy.stats.norm", "jax.scipy.linalg", "jax.scipy.signal"} <= modules.keys()
    assert all(m == "jax" or m.startswith("jax.") for m in modules)
    for module, names in modules.items():
        assert list(names) == sorted(names), module
        for name, entry in names.items():
            assert not name.startswith("_") and "." not in name, (module, name)
            assert entry["kind"] in inv_tool.KINDS, (module, name, entry)
            if entry["kind"] in ("function", "class", "exception"):
                assert "signature" in entry, (module, name)
    # a few names of every kind, as JAX 0.10.2 has them
    kinds = {(m, n): e["kind"] for m, names in modules.items() for n, e in names.items()}
    assert kinds["jax.numpy", "add"] == "function" and kinds["jax.lax", "add_p"] == "primitive"
    assert kinds["jax.numpy", "float32"] == "dtype" and kinds["jax", "float0"] == "dtype"
    assert kinds["jax.numpy", "pi"] == "constant" and kinds["jax", "enable_x64"] == "config"
    assert kinds["jax.errors", "ConcretizationTypeError"] == "exception" and kinds["jax", "Array"] == "class"
    assert kinds["jax.typing", "ArrayLike"] == "type alias"
    assert modules["jax.numpy"]["zeros"]["signature"].startswith("(shape")
    # what a module imports from the standard library for itself is not API
    assert "Any" not in modules["jax.example_libraries.optimizers"]
    assert "partial" not in modules["jax.example_libraries.optimizers"]


def test_every_recorded_name_is_present_omitted_or_not_yet(present: set[str]) -> None:
    listed = {o.name for o in cov.omissions()} | set(cov.not_yet())
    unaccounted = [q for q in cov.qualified_names() if q not in present and q not in listed]
    assert not unaccounted, (
        f"{len(unaccounted)} of JAX 0.10.2's public names are neither in arraytyping nor listed: build them, or add "
        f"them to tests/data/api_not_yet.txt (python tools/api_coverage.py --write-not-yet), or, only if they cannot "
        f"mean anything in arraytyping, to tests/data/api_omissions.toml with the reason: {unaccounted[:40]}")


def test_names_listed_as_not_yet_are_absent(present: set[str]) -> None:
    landed = [q for q in cov.not_yet() if q in present]
    assert not landed, (f"arraytyping now has {landed[:40]}: remove them from tests/data/api_not_yet.txt "
                        "(python tools/api_coverage.py --write-not-yet) and rewrite docs/api_coverage.md "
                        "(python tools/api_coverage.py --write-docs)")


def test_names_listed_as_omitted_are_absent(present: set[str]) -> None:
    there = [o.name for o in cov.omissions() if o.name in present]
    assert not there, (f"arraytyping has {there}, listed as deliberately omitted: remove them from "
                       "tests/data/api_omissions.toml and rewrite docs/api_coverage.md")


def test_lists_name_recorded_names_once_each() -> None:
    recorded = set(cov.qualified_names())
    omitted = [o.name for o in cov.omissions()]
    later = cov.not_yet()
    for listing, names in (("api_omissions.toml", omitted), ("api_not_yet.txt", later)):
        duplicates = [n for n, count in collections.Counter(names).items() if count > 1]
        assert not duplicates, f"{listing} names these twice: {duplicates}"
        stale = [n for n in names if n not in recorded]
        assert not stale, f"{listing} names what JAX 0.10.2 does not have (or the inventory does not record): {stale}"
    both = set(omitted) & set(later)
    assert not both, f"listed both as omitted and as not yet: {sorted(both)}"
    for omission in cov.omissions():
        assert len(omission.reason) >= 40, f"{omission.name}: an omission needs its reason, in a sentence or more"
    unexplained = [n for n, reason in cov.not_yet_reasons().items() if len(reason) < 20]
    assert not unexplained, f"api_not_yet.txt: say after each name why it is not there yet ('name  # reason'): {unexplained}"


def test_presence_is_the_import_a_user_writes(present: set[str]) -> None:
    assert cov.arraytyping_module("jax.scipy.stats.norm") == "arraytyping.scipy.stats.norm"
    assert inv_tool.arraytyping_module("jax") == "arraytyping"
    assert cov.import_arraytyping("jax.no_such_module") is None
    assert {"jax.numpy.add", "jax.numpy.linalg.svd", "jax.jit", "jax.lax.scan", "jax.dtypes.result_type"} <= present
    assert cov.split_name("jax.scipy.stats.norm.pdf") == ("jax.scipy.stats.norm", "pdf")


def test_docs_page_is_up_to_date(present: set[str], record_property: Callable[[str, object], None]) -> None:
    rows = cov.coverage(present)
    total = cov.totals(rows)
    assert total.recorded == total.present + total.omitted + total.not_yet
    # the table the run prints at its end (conftest.py's pytest_terminal_summary)
    record_property("terminal_summary",
                    f"JAX 0.10.2's public API in arraytyping (docs/api_coverage.md)\n{cov.coverage_table(rows)}")
    expected = cov.render_doc(rows)
    assert cov.DOC.exists() and cov.DOC.read_text() == expected, (
        "docs/api_coverage.md is out of date: python tools/api_coverage.py --write-docs")
