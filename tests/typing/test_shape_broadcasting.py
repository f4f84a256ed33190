"""Static broadcasting, generated: every pair of shapes of rank 0-3 over the dimensions {1, 2, 3, N} (``N`` a type
variable bound to ``int``), for ``a + b`` and ``anp.where(m, a, b)``.

The oracle is numpy, not the rules the plugin computes with: ``numpy.broadcast_shapes`` with ``N`` replaced by 1, 2,
3 and 4. A pair refused for every value must be a ``[shape-mismatch]`` error; otherwise each dimension of the
result is the literal every successful value gives, or ``N`` where the result is ``N`` itself, or unknown. mypy with
the plugin must give exactly that shape, or ``int`` for a dimension (gradual, counted); it must never give another
shape, and never refuse a pair that runs for some value. The stub-only checkers, which do not compute broadcasting,
must give the operand-independent default (any shape: gradual) or the oracle's shape, never another, and no error.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

import checkers  # beside this file (pytest puts its folder on the path)

DIMS = ("1", "2", "3", "N")
SHAPES = [s for r in range(4) for s in itertools.product(DIMS, repeat=r)]
PAIRS = [(a, b) for a in SHAPES for b in SHAPES]
STUB_SAMPLE_EVERY = 11
"""The stub-only checkers see one pair in eleven of ``a + b`` (their answer does not depend on the shapes)."""
SCALAR_SHAPES = [s for i, s in enumerate(SHAPES) if len(s) < 3 or i % 4 == 0]
"""The operands of the one-array forms below: every shape of rank 0-2 and one in four of rank 3 (37 of 85; the
stubs keep a shape through a type variable, whatever its dimensions)."""
GRADUAL_PAIRS = 0
"""Answers with an unknown dimension: two different symbols cannot occur here, so every answer is exact."""


def numpy_results(a: tuple[str, ...], b: tuple[str, ...]) -> dict[int, tuple[int, ...]]:
    """numpy's broadcast shape of ``a`` and ``b`` for each value of ``N`` (1, 2, 3, 4) it accepts."""
    results: dict[int, tuple[int, ...]] = {}
    for n in (1, 2, 3, 4):
        def sub(s: tuple[str, ...]) -> tuple[int, ...]:
            return tuple(n if d == "N" else int(d) for d in s)
        try:
            results[n] = tuple(np.broadcast_shapes(sub(a), sub(b)))
        except ValueError:
            pass
    return results


def agrees(got: tuple[str, ...], results: dict[int, tuple[int, ...]]) -> bool:
    """Whether a revealed shape (dimensions ``"3"``, ``"N"``, ``"int"``: unknown) is numpy's for every value of ``N``
    numpy accepts."""
    for n, shape in results.items():
        if len(got) != len(shape):
            return False
        for g, v in zip(got, shape):
            if g != "int" and (n if g == "N" else int(g)) != v:
                return False
    return True


Reveal = tuple[str, tuple[str, ...], tuple[str, ...]]
"""A revealed line of :func:`source`: the operation (``"+"`` or ``"where"``) and its operands' shapes."""


def param_name(s: tuple[str, ...]) -> str:
    """The parameter declared with shape ``s`` in the generated modules (here and in ``test_shape_creation``)."""
    return "s_" + "_".join(s) if s else "s0"


def shape_annotation(s: tuple[str, ...]) -> str:
    """``s`` as a float32 array's annotation (``N``: the type variable bound to ``int``)."""
    dims = ", ".join("N" if d == "N" else f"Literal[{d}]" for d in s)
    return f"Array[float32, tuple[{dims or '()'}]]"


def source(pairs: list[tuple[tuple[str, ...], tuple[str, ...]]], where: bool) -> tuple[str, dict[int, Reveal]]:
    """A module revealing ``a + b`` (and ``where``) for ``pairs``; the line of each reveal -> (op, a, b)."""
    lines = ["from typing import Literal, TypeVar, reveal_type", "", "import arraytyping.numpy as anp",
             "from arraytyping import Array, bool_, float32", "", 'N = TypeVar("N", bound=int)', "", "",
             "def f(m: Array[bool_, tuple[()]], "
             + ", ".join(f"{param_name(s)}: {shape_annotation(s)}" for s in SHAPES) + ") -> None:"]
    where_of: dict[int, Reveal] = {}
    for a, b in pairs:
        lines.append(f"    reveal_type({param_name(a)} + {param_name(b)})")
        where_of[len(lines)] = ("+", a, b)
        if where:
            lines.append(f"    reveal_type(anp.where(m, {param_name(a)}, {param_name(b)}))")
            where_of[len(lines)] = ("where", a, b)
    return "\n".join(lines) + "\n", where_of


@pytest.fixture(scope="module")
def plugin_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[checkers.Diagnostics, dict[int, Reveal]]:
    work = tmp_path_factory.mktemp("shapes_plugin")
    text, where_of = source(PAIRS, where=True)
    path = work / "shapes_broadcast.py"
    path.write_text(text)
    return checkers.run("mypy-plugin", path, work / "run", plugin=(False, "standard")), where_of


def test_oracle_sanity() -> None:
    assert numpy_results(("2",), ("3",)) == {}
    assert agrees(("3",), numpy_results(("N",), ("3",)))
    assert not agrees(("N",), numpy_results(("N",), ("3",)))
    assert agrees(("N",), numpy_results(("N",), ("1",))) and not agrees(("1",), numpy_results(("N",), ("1",)))
    assert agrees(("3", "2"), numpy_results(("N", "2"), ("3", "1")))
    assert agrees(("N", "2", "3"), numpy_results(("N", "N", "N"), ("2", "3")))  # runs only for N = 1
    assert agrees(("int",), numpy_results(("N",), ("2",))) and not agrees(("int", "int"), {1: (2,)})


def test_plugin_broadcasting_is_numpys(plugin_run: tuple[checkers.Diagnostics, dict[int, Reveal]]) -> None:
    d, where_of = plugin_run
    exact = gradual = 0
    wrong: list[str] = []
    for line, (op, a, b) in where_of.items():
        results = numpy_results(a, b)
        errors = [e for e in d.errors.get(line, []) if "shape-mismatch" in e]
        others = [e for e in d.errors.get(line, []) if "shape-mismatch" not in e]
        if others:
            wrong.append(f"{op} {a} {b}: unexpected error {others}")
            continue
        if not results:
            if not errors:
                wrong.append(f"{op} {a} {b}: runs for no N, but no shape-mismatch error")
            else:
                exact += 1
            continue
        if errors:
            wrong.append(f"{op} {a} {b}: runs for some N, but refused: {errors}")
            continue
        got = checkers.revealed_shape(d.revealed[line][0])
        if got is None or "int" in got:
            gradual += got is None or agrees(got, results)
            if got is not None and not agrees(got, results):
                wrong.append(f"{op} {a} {b}: revealed {got}, numpy gives {results}")
        elif agrees(got, results):
            exact += 1
        else:
            wrong.append(f"{op} {a} {b}: revealed {got}, numpy gives {results}")
    assert not wrong, f"{len(wrong)} wrong of {len(where_of)}:\n" + "\n".join(wrong[:40])
    assert exact + gradual == len(where_of) == 2 * len(PAIRS) == 14450
    assert gradual <= GRADUAL_PAIRS, f"{gradual} gradual answers (was {GRADUAL_PAIRS})"


@pytest.mark.parametrize("checker", checkers.NO_PLUGIN)
def test_stubs_broadcasting_is_numpys_or_gradual(checker: str, tmp_path: Path) -> None:
    pairs = PAIRS[::STUB_SAMPLE_EVERY]
    text, where_of = source(pairs, where=False)
    path = tmp_path / "shapes_broadcast.py"
    path.write_text(text)
    d = checkers.run(checker, path, tmp_path / "run")
    wrong: list[str] = []
    for line, (op, a, b) in where_of.items():
        if d.errors.get(line):
            wrong.append(f"{op} {a} {b}: error {d.errors[line]}")
            continue
        got = checkers.revealed_shape(d.revealed[line][0])
        results = numpy_results(a, b)
        if got is not None and not agrees(got, results):
            wrong.append(f"{op} {a} {b}: revealed {got}, numpy gives {results}")
    assert not wrong, f"{len(wrong)} wrong of {len(where_of)}:\n" + "\n".join(wrong[:40])


SCALAR_FORMS = ("{x} + 2", "2.0 * {x}", "{x} < 1", "{x} ** 2", "True & ({x} > 0)", "1j - {x}", "{x} // 3",
                "-{x}", "abs({x})", "{x}.astype(int8)")
"""Operations of one array with Python scalars and of one array alone: the result has the array's shape in every
checker, stubs included (they say so with a shape type variable, which no second operand can widen)."""


FULL_REDUCTIONS = ("{x}.sum()", "{x}.mean()", "{x}.max()", "{x}.prod(axis=None)", "anp.min({x})",
                   "anp.any({x} > 0)", "anp.mean({x}, keepdims=False)")
"""Full reductions (``axis=None``, no ``keepdims``): 0-d in every checker, whatever the operand's shape."""

TRANSPOSES = ("{x}.T", "({x} + 1).T.T")
"""``x.T``: the shape reversed in every checker (the stubs' ``T`` is a descriptor overloaded on ranks 1-3); a 0-d
array's ``x.T`` has any shape in the stubs (their first overload takes every unknown shape, ``tuple[()]`` with it)."""

FFTS = (("fft.fft({x})", 1), ("fft.ifft({x}, axis=0)", 1), ("fft.fft2({x})", 2))
"""The complex transforms without ``n`` (``s``), of an operand of at least the rank given: the operand's shape in
every checker (the stubs' first overloads take ``n: None``)."""

GRADUAL_SCALAR_FORMS = {("pyrefly", "abs({x})")}
"""pyrefly answers ``abs(x)`` (typeshed's ``SupportsAbs[T]``) with ``Array[Any, Unknown]`` when ``x``'s shape holds a
type variable: gradual, allowed (45 of its 850 answers); every other answer of every checker is exact."""


@pytest.mark.parametrize("checker", checkers.CHECKERS)
def test_scalar_operands_keep_the_shape(checker: str, tmp_path: Path) -> None:
    lines = ["from typing import Literal, TypeVar, reveal_type", "",
             "import arraytyping.numpy as anp", "from arraytyping import Array, float32, int8",
             "from arraytyping.numpy import fft", "",
             'N = TypeVar("N", bound=int)', "", "",
             "def f(" + ", ".join(f"{param_name(s)}: {shape_annotation(s)}" for s in SCALAR_SHAPES) + ") -> None:"]
    shape_of: dict[int, tuple[str, tuple[str, ...]]] = {}
    for s in SCALAR_SHAPES:
        for form in SCALAR_FORMS:
            lines.append(f"    reveal_type({form.format(x=param_name(s))})")
            shape_of[len(lines)] = (form, s)
        for form in FULL_REDUCTIONS:
            lines.append(f"    reveal_type({form.format(x=param_name(s))})")
            shape_of[len(lines)] = (form, ())
        for form in TRANSPOSES:
            lines.append(f"    reveal_type({form.format(x=param_name(s))})")
            shape_of[len(lines)] = (form, s[::-1] if form == "{x}.T" else s)
        for form, rank in FFTS:
            if len(s) >= rank:
                lines.append(f"    reveal_type({form.format(x=param_name(s))})")
                shape_of[len(lines)] = (form, s)
    path = tmp_path / "shapes_scalars.py"
    path.write_text("\n".join(lines) + "\n")
    d = checkers.run(checker, path, tmp_path / "run", plugin=(False, "standard"))
    wrong: list[str] = []
    gradual = 0
    for line, (form, s) in shape_of.items():
        got = None if d.errors.get(line) else checkers.revealed_shape(d.revealed[line][0])
        if got is None and not d.errors.get(line) and (checker, form) in GRADUAL_SCALAR_FORMS and "N" in s:
            gradual += 1
        elif got is None and not d.errors.get(line) and form in TRANSPOSES and s == () and checker != "mypy-plugin":
            pass
        elif got != s:
            wrong.append(f"{form} {s}: {d.errors.get(line) or d.revealed[line]}")
    assert not wrong, f"{len(wrong)} of {len(shape_of)} not exact:\n" + "\n".join(wrong[:40])
    ffts = sum(1 for s in SCALAR_SHAPES for _, rank in FFTS if len(s) >= rank)
    assert len(SCALAR_SHAPES) == 37 and {len(s) for s in SCALAR_SHAPES} == {0, 1, 2, 3}
    assert len(shape_of) == 37 * (len(SCALAR_FORMS) + len(FULL_REDUCTIONS) + len(TRANSPOSES)) + ffts
    assert gradual <= sum("N" in s for s in SCALAR_SHAPES)
