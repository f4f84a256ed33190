"""The creation functions' shapes, generated: ``zeros``, ``ones``, ``full`` and ``empty`` of every shape of rank 0-3
over the dimensions {1, 2, 3, N} (``N`` a type variable bound to ``int``, passed as a parameter ``n: N``), written as
a tuple (and a rank-1 shape as an int), and ``zeros_like``, ``ones_like``, ``full_like`` and ``empty_like`` of an
array of that shape, in every checker.

Each answer must be the dtype JAX gives and the shape numpy gives (a dimension ``int`` where the checker widened a
literal: pyright's int form), or any shape where the README's limits say so: mypy without the plugin and pyrefly give
the shape-taking functions any shape (mypy fixes a variable's type at its first assignment; the stubs keep those
overloads behind ``if not MYPY:``, which pyrefly reads as mypy does). Never another shape, never an error.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import checkers  # beside this file (pytest puts its folder on the path)
from test_shape_broadcasting import SHAPES, param_name, shape_annotation

FROM_SHAPE = (("anp.zeros({s})", "float32"), ("anp.ones({s}, dtype=anp.int8)", "int8"),
              ("anp.full({s}, 2.0)", "float"), ("anp.empty({s}, 'float16')", "float16"),
              ("anp.full({s}, 3, anp.bfloat16)", "bfloat16"))
"""The shape-taking forms and the dtype of each (``full(s, 2.0)`` is a weak float, as in JAX)."""
LIKE = (("anp.zeros_like({x})", "float32"), ("anp.ones_like({x})", "float32"), ("anp.full_like({x}, 1)", "float32"),
        ("anp.empty_like({x})", "float32"))
"""The ``*_like`` forms of a float32 prototype: its dtype and shape."""
ANY_SHAPE_FROM_SHAPE = frozenset({"mypy", "pyrefly"})
"""The checkers that give the shape-taking forms any shape (the dtype stays exact)."""


def _spelled(s: tuple[str, ...]) -> str:
    dims = ["n" if d == "N" else d for d in s]
    return f"({dims[0]},)" if len(dims) == 1 else f"({', '.join(dims)})"


def _source() -> tuple[str, dict[int, tuple[str, str, tuple[str, ...], str]]]:
    """The module and, per reveal line, (form, dtype, expected shape, kind: ``"tuple"`` or ``"int"``, how the shape
    is written, or ``"like"``)."""
    lines = ["from typing import Literal, TypeVar, reveal_type", "", "import arraytyping.numpy as anp",
             "from arraytyping import Array, float32", "", 'N = TypeVar("N", bound=int)', "", "",
             "def f(n: N, " + ", ".join(f"{param_name(s)}: {shape_annotation(s)}" for s in SHAPES) + ") -> None:"]
    expected: dict[int, tuple[str, str, tuple[str, ...], str]] = {}

    def reveal(form: str, dtype: str, shape: tuple[str, ...], kind: str) -> None:
        lines.append(f"    reveal_type({form})")
        expected[len(lines)] = (form, dtype, shape, kind)

    for s in SHAPES:
        for form, dtype in FROM_SHAPE:
            reveal(form.format(s=_spelled(s)), dtype, s, "tuple")
            if len(s) == 1:  # an int shape
                reveal(form.format(s=_spelled(s)[1:-2]), dtype, s, "int")
        for form, dtype in LIKE:
            reveal(form.format(x=param_name(s)), dtype, s, "like")
    return "\n".join(lines) + "\n", expected


def test_the_oracle_is_numpys() -> None:
    for s in SHAPES:
        sizes = tuple(4 if d == "N" else int(d) for d in s)
        assert np.zeros(sizes).shape == np.full(sizes, 2.0).shape == np.zeros_like(np.empty(sizes)).shape == sizes
        if len(s) == 1:
            assert np.zeros(sizes[0]).shape == sizes


@pytest.mark.parametrize("checker", checkers.CHECKERS)
def test_creation_shapes(checker: str, tmp_path: Path) -> None:
    text, expected = _source()
    path = tmp_path / "shapes_creation.py"
    path.write_text(text)
    d = checkers.run(checker, path, tmp_path / "run", plugin=(False, "standard"))
    wrong: list[str] = []
    gradual = widened = 0
    for line, (form, dtype, shape, kind) in expected.items():
        if d.errors.get(line):
            wrong.append(f"{form}: error {d.errors[line]}")
            continue
        text_ = checkers.without_shapes(d.revealed[line][0].replace("arraytyping.", "").replace("builtins.", ""))
        if text_ != f"Array[{dtype}]":
            wrong.append(f"{form}: dtype {text_}, JAX gives {dtype}")
            continue
        got = checkers.revealed_shape(d.revealed[line][0])
        if got is None and checker in ANY_SHAPE_FROM_SHAPE and kind != "like":
            gradual += 1
        elif got == shape:
            pass
        elif checker == "pyright" and kind == "int" and got == ("int",):
            widened += 1
        else:
            wrong.append(f"{form}: shape {d.revealed[line][0]}, numpy gives {shape}")
    assert not wrong, f"{len(wrong)} of {len(expected)}:\n" + "\n".join(wrong[:40])
    ranks_1 = sum(len(s) == 1 for s in SHAPES)
    assert len(expected) == len(SHAPES) * (len(FROM_SHAPE) + len(LIKE)) + ranks_1 * len(FROM_SHAPE) == 785
    from_shape = len(expected) - len(SHAPES) * len(LIKE)
    assert gradual == (from_shape if checker in ANY_SHAPE_FROM_SHAPE else 0)
    assert widened == (sum(len(s) == 1 and s != ("N",) for s in SHAPES) * len(FROM_SHAPE) if checker == "pyright"
                       else 0)  # pyright: (3,) as an int is tuple[int]; n as an int is tuple[N]
