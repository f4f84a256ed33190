"""The mypy plugin's shapes beyond broadcasting, generated: every shape of rank 0-3 over the dimensions {1, 2, 3}
through reductions, ``.T``, ``transpose``, ``reshape``, indexing, ``expand_dims``, ``squeeze``, ``swapaxes``,
``fliplr``/``flipud``, ``permute_dims``, ``matrix_transpose``, ``rollaxis``, ``moveaxis``, ``concat``, ``dstack`` and
``matmul``. The oracle is numpy on zeros of that shape (a refusal: a ``[shape-mismatch]`` error is expected); the
plugin must give numpy's shape exactly, or an error exactly where numpy refuses (JAX 0.10.2 where it differs:
``JAX_REFUSES``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import checkers  # beside this file (pytest puts its folder on the path)

SHAPES = [s for r in range(4) for s in itertools.product((1, 2, 3), repeat=r)]
EXPRESSIONS: list[tuple[str, Callable[[Any], Any]]] = [
    ("x.T", lambda a: a.T),
    ("x.transpose()", lambda a: a.transpose()),
    ("x.sum()", lambda a: a.sum()),
    ("x.sum(axis=0)", lambda a: a.sum(axis=0)),
    ("x.max(axis=-1, keepdims=True)", lambda a: a.max(axis=-1, keepdims=True)),
    ("anp.mean(x, axis=(0, -1))", lambda a: a.mean(axis=(0, -1))),
    ("x.reshape(-1)", lambda a: a.reshape(-1)),
    ("x.reshape(2, -1)", lambda a: a.reshape(2, -1)),
    ("anp.reshape(x, (3, 2))", lambda a: a.reshape((3, 2))),
    ("x[0]", lambda a: a[0]),
    ("x[None]", lambda a: a[None]),
    ("x[..., None, 1:]", lambda a: a[..., None, 1:]),
    ("x[:, ::2]", lambda a: a[:, ::2]),
    ("anp.expand_dims(x, 1)", lambda a: np.expand_dims(a, 1)),
    ("anp.squeeze(x)", lambda a: np.squeeze(a)),
    ("anp.swapaxes(x, 0, -1)", lambda a: np.swapaxes(a, 0, -1)),
    ("anp.fliplr(x)", lambda a: np.fliplr(a)),
    ("anp.flipud(x)", lambda a: np.flipud(a)),
    ("anp.permute_dims(x, (1, 0))", lambda a: np.permute_dims(a, (1, 0))),
    ("anp.matrix_transpose(x)", lambda a: np.matrix_transpose(a)),
    ("anp.rollaxis(x, -1)", lambda a: np.rollaxis(a, -1)),
    ("anp.rollaxis(x, 0, 2)", lambda a: np.rollaxis(a, 0, 2)),
    ("anp.moveaxis(x, 0, -1)", lambda a: np.moveaxis(a, 0, -1)),
    ("anp.concat([x, x], axis=-1)", lambda a: np.concat([a, a], axis=-1)),
    ("anp.dstack([x, x])", lambda a: np.dstack([a, a])),
    ("x @ x.T", lambda a: a @ a.T),
    ("anp.zeros_like(x) + x[None]", lambda a: np.zeros_like(a) + a[None]),
    ("fft.fft(x)", lambda a: np.fft.fft(a)),
    ("fft.ifft(x, n=5)", lambda a: np.fft.ifft(a, n=5)),
    ("fft.rfft(x, axis=0)", lambda a: np.fft.rfft(a, axis=0)),
    ("fft.irfft(x)", lambda a: np.fft.irfft(a)),
    ("fft.irfft(x, 4, 0)", lambda a: np.fft.irfft(a, 4, 0)),
    ("fft.fft2(x, s=(2, 3))", lambda a: np.fft.fft2(a, s=(2, 3))),
    ("fft.fftn(x)", lambda a: np.fft.fftn(a)),
    ("fft.ifftn(x, s=(4,), axes=(0,))", lambda a: np.fft.ifftn(a, s=(4,), axes=(0,))),
    ("fft.rfft2(x)", lambda a: np.fft.rfft2(a)),
    ("fft.irfft2(x, s=(2, 5))", lambda a: np.fft.irfft2(a, s=(2, 5))),
    ("fft.hfft(x)", lambda a: np.fft.hfft(a)),
    ("fft.ihfft(x, n=5)", lambda a: np.fft.ihfft(a, n=5)),
]


JAX_REFUSES = {("x.sum(axis=0)", ()), ("x.max(axis=-1, keepdims=True)", ())}

UNKNOWN_LENGTH = {(f, s) for f in ("fft.irfft(x)", "fft.hfft(x)") for s in SHAPES if s and s[-1] == 1}
"""``irfft`` (and ``hfft``) of a length-1 axis asks for 0 points (``2 * (1 - 1)``), which numpy refuses; the rule leaves that axis
unknown (``Any``: an unknown size is gradual), with no error."""
"""numpy reduces a 0-d array over axis 0 or -1; JAX 0.10.2 raises ``ValueError: axis 0 is out of bounds for array of
dimension 0`` (checked in the JAX venv; ``tests/data/jax_shape_reference.json`` holds the same)."""


def _annotation(s: tuple[int, ...]) -> str:
    return f"Array[float32, tuple[{', '.join(f'Literal[{d}]' for d in s) or '()'}]]"


def _numpy(fn: Callable[[Any], Any], shape: tuple[int, ...]) -> tuple[int, ...] | None:
    try:
        return tuple(np.shape(fn(np.zeros(shape, np.float32))))
    except (ValueError, IndexError, TypeError):
        return None


_SHAPE = re.compile(r"tuple\[(.*)\]\]$")


def _revealed(text: str) -> tuple[int, ...] | str:
    m = _SHAPE.search(text)
    if m is None or "..." in m.group(1):
        return text
    inner = m.group(1)
    if inner == "()":
        return ()
    dims = [d.strip() for d in inner.split(",")]
    if not all(re.fullmatch(r"Literal\[\d+\]", d) for d in dims):
        return text
    return tuple(int(d[8:-1]) for d in dims)


def test_plugin_shapes_are_numpys(tmp_path: Path) -> None:
    lines = ["from typing import Literal", "", "import arraytyping.numpy as anp", "from arraytyping import Array, float32",
             "from arraytyping.numpy import fft", ""]
    cases: dict[int, tuple[str, tuple[int, ...], tuple[int, ...] | None]] = {}
    for i, shape in enumerate(SHAPES):
        lines += ["", f"def f{i}(x: {_annotation(shape)}) -> None:"]
        for expr, fn in EXPRESSIONS:
            lines.append(f"    reveal_type({expr})")
            cases[len(lines)] = (expr, shape, None if (expr, shape) in JAX_REFUSES else _numpy(fn, shape))
    path = tmp_path / "shape_methods.py"
    path.write_text("\n".join(lines) + "\n")
    d = checkers.run("mypy-plugin", path, tmp_path / "run", plugin=(False, "standard"))
    wrong: list[str] = []
    for line, (expr, shape, expected) in cases.items():
        errors = d.errors.get(line, [])
        if (expr, shape) in UNKNOWN_LENGTH:
            if errors or "tuple[" not in d.revealed[line][0] or not d.revealed[line][0].endswith("Any]]"):
                wrong.append(f"{expr} on {shape}: the plugin gives {errors or d.revealed[line]}, not an unknown length")
            continue
        if expected is None:
            if not any("shape-mismatch" in e for e in errors):
                wrong.append(f"{expr} on {shape}: numpy refuses, the plugin gives {d.revealed.get(line)}")
            continue
        if errors:
            wrong.append(f"{expr} on {shape}: numpy gives {expected}, the plugin refuses: {errors}")
            continue
        got = _revealed(d.revealed[line][0])
        if got != expected:
            wrong.append(f"{expr} on {shape}: numpy gives {expected}, the plugin {got}")
    assert not wrong, f"{len(wrong)} of {len(cases)}:\n" + "\n".join(wrong[:60])
    assert len(cases) == len(SHAPES) * len(EXPRESSIONS) == 1560
