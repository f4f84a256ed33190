"""``arraytyping.nn`` against JAX 0.10.2 (``tests/data/jax_nn_reference.json``, written by
``tools/jax_api_ext_reference.py``): every function's dtype, weak flag or error class over every dtype (strong and
weak arrays, Python scalars) in the four configurations, checked abstractly and against
``arraytyping.op_rules.nn_result``. The values on seeded inputs (shapes, axes, masks and special values, x64 off and
on) are compared with JAX's in ``test_conformance_ext.py``."""

from __future__ import annotations

import itertools

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from api_ext_reference import configured, load, mismatch  # noqa: E402

CONFIGS = ["standard-x32", "standard-x64", "strict-x32", "strict-x64"]


class _RuleOperand:
    """An abstract argument as the rules see it."""

    def __init__(self, dtype: str, shape: tuple[int, ...], weak: bool = False) -> None:
        self.operand = (dtype, weak)
        self.rank0 = not shape

    def __gt__(self, other: object) -> _RuleOperand:
        return self  # ``where=x > 0``: only its presence matters to the rules


def _as_operand(x: object) -> tuple[tuple[str, bool], bool]:
    if isinstance(x, _RuleOperand):
        return x.operand, x.rank0
    nodes = {bool: ("bool", False), int: ("int", True), float: ("float", True), complex: ("complex", True)}
    return nodes[type(x)], True


class _RuleNN:
    """``nn`` for the rule check: each function answers with :func:`arraytyping.op_rules.nn_result`."""

    def __getattr__(self, fn: str) -> object:
        from arraytyping import op_rules

        def call(x: object, *args: object, **kwargs: object) -> object:
            operand, rank0 = _as_operand(x)
            with configured(self.config):
                import arraytyping as at
                cfg = at.config.lattice_config
            if fn == "tanh":  # jax.nn.tanh is jax.numpy.tanh
                return op_rules.unary_result("tanh", operand, cfg, rank0=rank0)
            if fn == "hard_swish":
                return op_rules.nn_result("hard_silu", operand, cfg, rank0=rank0)
            if fn in op_rules.NN_PARAMS:
                param = kwargs.get(op_rules.NN_PARAMS[fn][0], args[0] if args else None)
                extra = {} if param is None else {"param": _as_operand(param)[0]}
                return op_rules.nn_result(fn, operand, cfg, rank0=rank0, **extra)  # type: ignore[arg-type]
            if fn == "one_hot":
                dtype = kwargs.get("dtype")
                name = None if dtype is None else dtype if isinstance(dtype, str) else \
                    {int: "int", float: "float", bool: "bool", complex: "complex"}[dtype]  # type: ignore[index]
                return op_rules.nn_one_hot_result(operand[0], name, cfg)
            options: dict[str, object] = {"rank0": rank0}
            if "approximate" in kwargs:
                options["approximate"] = kwargs["approximate"]
            if "where" in kwargs:
                options["where"] = True
            if "b" in kwargs:
                options["b"] = _as_operand(kwargs["b"])[0]
            if kwargs.get("return_sign"):
                options["return_sign"] = True
                return (op_rules.nn_result(fn, operand, cfg, **options),  # type: ignore[arg-type]
                        op_rules.nn_sign_result(operand, cfg, b=options.get("b")))  # type: ignore[arg-type]
            return op_rules.nn_result(fn, operand, cfg, **options)  # type: ignore[arg-type]
        return call

    config = "standard-x32"


def _rule_answer(expr: str, config: str) -> dict[str, object]:
    rules = _RuleNN()
    rules.config = config
    names = {"nn": rules, "S": _RuleOperand, "eval_shape": lambda f, *args: f(*args)}

    def encode(out: object) -> dict[str, object]:
        if isinstance(out, tuple) and isinstance(out[0], tuple):
            return {"tuple": [encode(o) for o in out]}
        name, weak = out  # type: ignore[misc]
        return {"dtype": name, "weak": weak}

    try:
        return encode(eval(expr, names))  # noqa: S307 - the reference's own case list
    except Exception as e:  # noqa: BLE001 - compared by class
        return {"error": type(e).__name__, "classes": [c.__name__ for c in type(e).__mro__]}


def _strip(enc: dict[str, object]) -> dict[str, object]:
    if "tuple" in enc:
        return {"tuple": [_strip(e) for e in enc["tuple"]]}  # type: ignore[attr-defined]
    return {k: v for k, v in enc.items() if k in ("dtype", "weak", "error")}


# The rules answer for dtypes only: where JAX fails on a shape (the axis of a 0-d Python scalar), they say nothing.
_SHAPE_ERRORS = ("nn.softmax(", "nn.log_softmax(", "nn.standardize(", "nn.glu(")


@pytest.mark.parametrize("config", CONFIGS)
def test_op_rules_nn_result_over_every_dtype(config: str) -> None:
    """op_rules.nn_result (what the stubs and the plugin will use) gives JAX's dtype, weak flag or error class for
    every abstract case."""
    table = load("nn")[config]
    wrong: list[str] = []
    n = 0
    for expr, want in table.items():
        if not expr.startswith("eval_shape") or ("lambda:" in expr and expr.split("lambda: ")[1].startswith(
                _SHAPE_ERRORS)):
            continue
        n += 1
        got = _rule_answer(expr, config)
        why = mismatch(_strip(want), got)
        if why:
            wrong.append(f"{expr}: {why}")
    assert n > 600
    assert not wrong, f"{len(wrong)} of {n} differ:\n" + "\n".join(wrong[:40])


@pytest.mark.parametrize("x64", [False, True])
def test_nn_static_result_is_the_answer_at_every_rank(x64: bool) -> None:
    """op_rules.nn_static_result (the stubs' and the plugin's answer for an operand of unknown rank, the function's
    other arguments left out or dtype-neutral) is nn_result's answer where every rank and every setting of those
    arguments agree, None where they do not, and raises only where all raise."""
    from arraytyping import lattice, op_rules
    from arraytyping.lattice import LatticeConfig

    cfg = LatticeConfig(x64=x64)
    gradual = []
    for fn in op_rules.NN_STATIC:
        for name in lattice.NODES:
            for weak in (False, True):
                if name in lattice.WEAK_NAMES and not weak:
                    continue
                answers: list[Any] = []
                for rank0 in (False, True):
                    for approximate, where, stable in itertools.product((True, False), repeat=3):
                        try:
                            answers.append(op_rules.nn_result(fn, (name, weak), cfg, rank0=rank0,
                                                              approximate=approximate, where=where, stable=stable))
                        except (TypeError, ValueError, OverflowError, NotImplementedError) as e:
                            answers.append(type(e))
                try:
                    got: Any = op_rules.nn_static_result(fn, (name, weak), cfg)
                except (TypeError, ValueError, OverflowError, NotImplementedError) as e:
                    got = type(e)
                if all(isinstance(a, type) for a in answers):  # refused whatever the settings: an error
                    assert isinstance(got, type) and got in answers, (fn, name, weak)
                elif all(a == answers[0] for a in answers):
                    assert got == answers[0], (fn, name, weak)
                else:
                    assert got is None, (fn, name, weak)
                    gradual.append((fn, name))
    # the activations are gradual only where the rank decides (softplus of a weak complex array: weak at rank 0);
    # the others where a setting decides too, never for the floating dtypes but the narrow ones
    assert {n for fn, n in gradual if fn in ("relu", "sigmoid", "silu", "softplus")} <= {"complex", "complex64",
                                                                                        "complex128"}
    assert not {(fn, n) for fn, n in gradual if n in ("bfloat16", "float16", "float32", "float64")}
    with pytest.raises(ValueError, match="not a jax.nn function typed by its operand alone"):
        op_rules.nn_static_result("one_hot", ("float32", False))
