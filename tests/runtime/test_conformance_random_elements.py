"""``arraytyping.op_rules.random_elements_result`` (what the stubs and the plugin answer for ``random.permutation``
and ``random.choice``) against JAX 0.10.2 and the runtime.

* Every ``permutation``/``choice`` case of ``tests/data/jax_random_reference.json`` (written by
  ``tools/jax_api_ext_reference.py``), in every configuration it holds: the rule, given the operand's dtype, weak
  flag and rank and the number of draws, gives JAX's dtype and weak flag, or JAX's error class.
* Every dtype the CPU holds, strong and weak, every Python scalar, ranks 0 and 1, no draws and some: the rule gives the runtime's
  answer; with the rank or the draws unknown it gives the answer every possibility shares, or None.
"""

from __future__ import annotations

import ast
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
import arraytyping.random as random
from arraytyping import lattice, op_rules
from arraytyping._src.xla.backend import UNSUPPORTED_DTYPES

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from api_ext_reference import configured, load, mismatch, namespace  # noqa: E402

_FUNCTIONS = ("permutation", "choice")
_PY = {bool: ("bool", False), int: ("int", True), float: ("float", True), complex: ("complex", True)}


def _operand(value: Any) -> tuple[tuple[str, bool], int]:
    """The ``(dtype name, weak)`` and rank of an operand as the rule takes it."""
    if type(value) in _PY:
        return _PY[type(value)], 0
    arr = anp.asarray(value)
    return (str(arr.dtype), bool(arr.weak_type)), arr.ndim


def _call(expr: str) -> tuple[str, ast.Call] | None:
    call = ast.parse(expr, mode="eval").body
    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in _FUNCTIONS
            and not call.keywords):
        return call.func.attr, call
    return None


@pytest.mark.parametrize("config", sorted(load("random")))
def test_random_elements_rule_is_jaxs(config: str) -> None:
    names = namespace()
    wrong: list[str] = []
    seen: set[tuple[str, int, bool]] = set()
    with configured(config):
        cfg = at.config.lattice_config
        for expr, want in load("random")[config].items():
            found = _call(expr)
            if found is None:
                continue
            fn, call = found
            operand, rank = _operand(eval(compile(ast.Expression(call.args[1]), "<case>", "eval"), names))  # noqa: S307
            shape = eval(compile(ast.Expression(call.args[2]), "<case>", "eval"), names) if len(call.args) > 2 else ()
            if not isinstance(shape, tuple):
                continue  # a shape that is not a sequence: JAX's TypeError for the call, whatever the dtypes
            draws = math.prod(shape)
            try:
                name, weak = op_rules.random_elements_result(fn, operand, rank, draws, cfg) or ("?", False)
                got: dict[str, object] = {"dtype": name, "weak": weak}
            except TypeError as e:
                got = {"error": type(e).__name__, "classes": [c.__name__ for c in type(e).__mro__]}
            if "error" in want and want["error"] != "TypeError":
                continue  # a value JAX refuses (a count of 0), which no dtype rule sees
            seen.add((fn, rank, "error" in want))
            why = mismatch({k: v for k, v in want.items() if k in ("dtype", "weak", "error")}, got)
            if why:
                wrong.append(f"{expr}: {why}")
    assert {(fn, r, False) for fn in _FUNCTIONS for r in (0, 1)} | {("permutation", 0, True)} <= seen
    assert not wrong, "\n".join(wrong)


def _runtime(fn: str, operand: tuple[str, bool], rank: int, draws: int) -> tuple[str, bool] | str:
    """The runtime's ``(dtype, weak)``, or the class of its error, for a concrete operand of that kind."""
    name, weak = operand
    if name in lattice.WEAK_NAMES:  # a Python scalar, or a weak array of its default dtype
        value: Any = {"int": 3, "float": 3.5, "complex": 3 + 0j}[name]
        if rank:
            value = anp.full((3,), value)
    else:
        value = anp.asarray(np.full((3,) if rank else (), 1, dtype=np.dtype(name)))  # 1: held by every dtype
    key = random.key(0)
    try:
        out = random.permutation(key, value) if fn == "permutation" else random.choice(key, value, (draws,))
    except TypeError as e:
        return type(e).__name__
    except Exception as e:  # noqa: BLE001 - XLA's CPU compiler refuses to sort 2-bit integers (in JAX too)
        if type(e).__name__ != "JaxRuntimeError" or name not in ("int2", "uint2"):
            raise
        return "XLA"
    return str(out.dtype), bool(out.weak_type)


@pytest.mark.parametrize("x64", [False, True])
def test_random_elements_rule_is_the_runtimes(x64: bool) -> None:
    wrong: list[str] = []
    with at.enable_x64(x64):
        cfg = at.config.lattice_config
        held = [n for n in lattice.DTYPE_NAMES if lattice.canonical_name(n, x64) == n and n not in UNSUPPORTED_DTYPES]
        operands = [*((n, False) for n in held), *((n, True) for n in lattice.WEAK_NAMES)]
        for fn in _FUNCTIONS:
            for operand in operands:
                answers: dict[tuple[int, int], tuple[str, bool] | str] = {}
                compiled = True
                for rank in (0, 1):
                    for draws in ((0, 2) if fn == "choice" else (2,)):
                        want = _runtime(fn, operand, rank, draws)
                        if want == "XLA":
                            compiled = False
                            continue
                        answers[rank, draws] = want
                        try:
                            got: tuple[str, bool] | str | None = op_rules.random_elements_result(
                                fn, operand, rank, draws, cfg)
                        except TypeError as e:
                            got = type(e).__name__
                        if got != want:
                            wrong.append(f"{fn} {operand} rank {rank} draws {draws}: rule {got}, runtime {want}")
                if not compiled:
                    continue
                # Unknown rank and draws: the one answer the runs that succeed share, else None
                possible = {a for a in answers.values() if not isinstance(a, str)}
                expected = possible.pop() if len(possible) == 1 else None
                try:
                    unknown = op_rules.random_elements_result(fn, operand, None, None, cfg)
                except TypeError:
                    unknown = None if possible else expected
                if unknown != expected:
                    wrong.append(f"{fn} {operand} rank and draws unknown: rule {unknown}, runtime {answers}")
    assert not wrong, "\n".join(wrong[:40])
