"""``broadcast_arrays`` and ``meshgrid`` in every checker: each item keeps its own operand's dtype (op_rules' ``same``
rules), so the list is ``list[Array[K]]`` where every operand is of one class ``K`` and ``list[Array[Any]]``
otherwise. pyright and ty read the stubs' constrained overloads (:mod:`arraytyping._src.stubgen.each`) and give
``K`` for every class the rules keep; mypy alone and pyrefly read the one signature behind ``if not MYPY:``'s else
(``Any``); the plugin gives ``K`` (a type variable's too). Any other class is a wrong answer, any error a false one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import checkers  # beside this file (pytest puts its folder on the path)
from arraytyping import lattice, op_rules
from arraytyping._src.stubgen import each, specs

CFG = lattice.LatticeConfig()
KEPT = each.kept_classes(CFG)
EXACT = frozenset({"pyright", "ty"})
"""The stub-only checkers that answer a list of one kept class with that class (mypy alone and pyrefly: ``Any``)."""
GRADUAL = frozenset({"list[Array[Any]]", "list[Array[Unknown]]", "list[Any]"})


def _params() -> list[tuple[str, str]]:
    """A parameter per static class the rules keep, and the few other operands the cases use."""
    return [*((f"x_{c}", f"Array[{c}]") for c in KEPT), *((f"x_{c}", f"Array[{c}]") for c in sorted(each.PROMOTED)),
            ("a", "Array[Any]"), ("f", "Array[F]"),
            ("u", "Array[float32] | Array[int8]")]


def _source() -> tuple[str, dict[int, tuple[str, str | None, str | None]]]:
    """The module and, per reveal line, (expression, the class pyright and ty give, the class the plugin gives),
    a class None for ``Any``."""
    params = ", ".join(f"{n}: {t}" for n, t in _params())
    classes = ", ".join(c for c in KEPT if c not in lattice.WEAK_NAMES)
    lines = ["from typing import Any, TypeVar, reveal_type", "", "import arraytyping.numpy as anp",
             f"from arraytyping import Array, floating, {classes}", "",
             'F = TypeVar("F", bound=floating)', "", "", f"def f({params}) -> None:"]
    expected: dict[int, tuple[str, str | None, str | None]] = {}

    def reveal(expr: str, stubs: str | None, plugin: str | None) -> None:
        lines.append(f"    reveal_type({expr})")
        expected[len(lines)] = (expr, stubs, plugin)

    for c in KEPT:
        x = f"x_{c}"
        reveal(f"anp.broadcast_arrays({x})", c, c)
        reveal(f"anp.broadcast_arrays({x}, {x})", c, c)
        reveal(f"anp.broadcast_arrays({x}, {x}, {x})", c, c)
        reveal(f"anp.meshgrid({x}, {x}, indexing='ij')", c, c)
        reveal(f"anp.broadcast_arrays({x}, a)", None, None)
        reveal(f"anp.broadcast_arrays(a, {x})", None, None)
        reveal(f"anp.meshgrid({x}, {x}, a)", None, None)
        reveal(f"anp.broadcast_arrays({x}, {x}, {x}, {x})", None, c)  # past the constrained overloads' arity
    for c, d in [*zip(KEPT, KEPT[1:]), ("int", "float"), ("int", "complex"), ("float", "complex")]:
        reveal(f"anp.broadcast_arrays(x_{c}, x_{d})", None, None)
        reveal(f"anp.meshgrid(x_{d}, x_{c})", None, None)
    for c in sorted(each.PROMOTED):
        reveal(f"anp.broadcast_arrays(x_{c}, x_{c})", None, c)
    reveal("anp.broadcast_arrays(f, f)", None, "F")
    reveal("anp.broadcast_arrays(u, u)", None, "float32 | int8")  # the plugin answers per member: one class each
    reveal("anp.broadcast_arrays(x_float32, 1.0)", None, None)
    return "\n".join(lines) + "\n", expected


def test_the_kept_classes_are_the_rules() -> None:
    """The weak int and every concrete class of the configuration (x64 off: not the 64-bit ones, which the rules
    take to their 32-bit classes) is kept, each by both rules; the weak float and complex are not constraints (an
    ``Array[int]`` is an ``Array[float]`` to every checker), and the test below holds their lists gradual."""
    assert set(KEPT) == {"int", *specs.inhabited(CFG)}, KEPT
    for c in KEPT:
        node, weak = specs.node_of(c), c in lattice.WEAK_NAMES
        assert specs.static_of(*op_rules.shape_result("broadcast_arrays", [(node, weak)], CFG)) == c
        assert specs.static_of(*op_rules.creation_result("meshgrid", [(node, weak)], CFG)) == c


@pytest.mark.parametrize("checker", checkers.CHECKERS)
def test_each_item_keeps_its_class(checker: str, tmp_path: Path) -> None:
    text, expected = _source()
    path = tmp_path / "each.py"
    path.write_text(text)
    d = checkers.run(checker, path, tmp_path / "run")
    wrong: list[str] = []
    for line, (expr, stubs, plugin) in expected.items():
        if d.errors.get(line):
            wrong.append(f"{expr}: error {d.errors[line]}")
            continue
        got = checkers.without_shapes(d.revealed[line][0].replace("arraytyping.", "").replace("builtins.", ""))
        cls = plugin if checker == "mypy-plugin" else stubs if checker in EXACT else None
        if cls is not None and got != f"list[Array[{cls}]]" or cls is None and got not in GRADUAL:
            wrong.append(f"{expr}: {got}, expected list[Array[{cls or 'Any'}]]")
    assert not wrong, f"{len(wrong)} of {len(expected)}:\n" + "\n".join(wrong[:40])
