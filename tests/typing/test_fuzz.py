"""The static soundness fuzzer (``tools/static_fuzz.py``, code in ``tools/soundness/``).

Its parts are tested on their own: the normalisers of the checkers' type spellings, the classifier, the registry's
coverage of the public API, the generator against the runtime (every runtime failure is a dtype rejection, every shape
is the generator's). Then a fixed-seed sample of expressions runs through all five checkers (and the mypy plugin in
its other configurations): the plugin may give no wrong answer and no false error, the stub-only checkers none
that their documented limits (docs/reference/checker-limits.md) do not account for; and no checker a wrong shape or a false shape error. A failure prints the findings, grouped by pattern, each with a minimal
reproducer.
"""

from __future__ import annotations

import collections
import itertools
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from soundness import api, checkers, classify, driver, limits, modules, operands, report, shapes, shrink, slow  # noqa: E402
from soundness import universe as U  # noqa: E402
from soundness.expressions import Choice, Dim, Lit, Ref  # noqa: E402
from soundness.generate import Case, Outcome, Run  # noqa: E402
from soundness.operands import with_shape  # noqa: E402
from soundness.typestrings import normalise, shape_claims, show  # noqa: E402

SAMPLE = 50
"""Expressions of the default configuration checked by all five checkers. Sized for CI: this file takes about a
minute (75 CPU s on a 2-core machine), once mypy without the plugin is not given the expressions it is known to
explode on (:func:`soundness.slow.known_slow`; before that, 380 s, 270 of them spent isolating one such expression by
halving its module).
The full run, ``tools/static_fuzz.py --count 20000``, is where findings are counted."""
PLUGIN_SAMPLE = 30
"""Expressions of each other configuration, checked by the mypy plugin in that configuration."""

SHAPE_LIMITS: frozenset[str] = frozenset({"a Python scalar on the left of a comparison"})
"""The README limits (:data:`limits.LIMITS`' names) that can give a checker in :data:`LIMITED` a wrong shape: ``3 ==
x`` is typeshed's ``bool``, so ``y / (3 == x)`` has ``y``'s shape there, not the broadcast one (the README's row says
so). Any other wrong shape or false shape error fails."""
LIMITED: frozenset[str] = frozenset({"mypy", "pyright", "pyrefly", "ty"})
"""The checkers that read the stubs alone. Where their own limits make an exact answer impossible (a numpy array on
the left of an operator answers with numpy's stubs, constrained TypeVars, ty's ``np.dtype``...: the README's table,
``tools/soundness/limits.py``), they may answer wrongly; a wrong answer or false error that no limit accounts for
fails the test. The mypy plugin has no such excuse: it must be sound on every expression."""


# Normalisers ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    # mypy
    ("arraytyping.Array[arraytyping.float32]", "Array[float32]"),
    ("arraytyping.Array[builtins.float]", "Array[float]"),
    ("arraytyping.Array[arraytyping.bool_]", "Array[bool]"),
    ("arraytyping.Array[T_floating]", "Array[T_floating]"),
    ("arraytyping.Array[T`-1]", "Array[T]"),
    ("arraytyping.Array[arraytyping.floating | float]", "Array[float] | Array[floating]"),
    ("Union[arraytyping.Array[arraytyping.int8], arraytyping.Array[arraytyping.float16]]",
     "Array[float16] | Array[int8]"),
    ("numpy.dtype[numpy.floating[numpy._typing._nbit_base._32Bit]]", "dtype[float32]"),
    ("numpy.dtype[numpy.complexfloating[numpy._typing._nbit_base._64Bit, numpy._typing._nbit_base._64Bit]]",
     "dtype[complex128]"),
    ("numpy.dtype[numpy.signedinteger[Any]]", "dtype[signedinteger]"),
    ("numpy.dtype[numpy.bool[builtins.bool]]", "dtype[bool]"),
    ("Any", "Any"),
    ("builtins.bool", "bool"),
    # pyright
    ("Array[float32]", "Array[float32]"),
    ("Array[T@case_0_1]", "Array[T]"),
    ("Array[Unknown]", "Array[Any]"),
    ("Unknown", "Any"),
    ("FloatArray", "Array[float] | Array[floating]"),
    ("NDArray", "Array[Any]"),
    ("Array[float32*] | Array[float16*]", "Array[float16] | Array[float32]"),
    ("dtype[Any]", "dtype[Any]"),
    ("ndarray[tuple[Any, ...], dtype[float32]]", "ndarray[tuple[Any, ...], dtype[float32]]"),
    ("Never", "Never"),
    # pyrefly
    ("Array[float | floating]", "Array[float] | Array[floating]"),
    ("Array[float32 | float8_e4m3fn]", "Array[float32] | Array[float8_e4m3fn]"),
    ("dtype", "dtype[Any]"),
    ("Array[@_]", "Array[@_]"),  # an unsolved type variable: kept as text (never matches a dtype)
    # ty
    ("Array[C_f32_f16@case_1_2]", "Array[C_f32_f16]"),
    ("Array[Any | T_number@case_1_20]", "Array[Any] | Array[T_number]"),
    ("Array[Unknown | float32]", "Array[Any] | Array[float32]"),
    # with a shape (the dtype judgement reads the dtype alone)
    ("arraytyping.Array[arraytyping.float32, tuple[builtins.int, ...]]", "Array[float32]"),
    ("Array[float32, tuple[Any, ...]]", "Array[float32]"),
    ("Array[T@case_0_1, tuple[Literal[2], Literal[3]]]", "Array[T]"),
    ("Array[float32, tuple[()]] | Array[int8, tuple[()]]", "Array[float32] | Array[int8]"),
])
def test_normalise(text: str, expected: str) -> None:
    assert show(normalise(text)) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("arraytyping.Array[arraytyping.float32, tuple[Literal[2], Literal[3]]]", ["(2, 3)"]),  # mypy
    ("arraytyping.Array[arraytyping.float32, tuple[builtins.int, ...]]", ["any shape"]),  # mypy, stubs alone
    ("Array[float32, tuple[Any, ...]]", ["any shape"]),  # pyright, ty, the plugin
    ("Array[float32]", ["any shape"]),  # pyrefly leaves the default out
    ("Array[float32, tuple[()]]", ["()"]),
    ("Array[float32, tuple[Literal[3]]]", ["(3,)"]),
    ("Array[float32, tuple[int, N`-1]]", ["(?, ?)"]),  # int and a type variable: gradual dimensions
    ("Array[float32, tuple[Literal[2], N@f]]", ["(2, ?)"]),
    ("Array[float32, tuple[*tuple[int, ...], Literal[3]]]", ["any shape"]),
    ("Array[float32, tuple[Literal[2]]] | Array[int8, tuple[Literal[3]]]", ["(2,)", "(3,)"]),
    ("Any", ["any shape"]), ("Unknown", ["any shape"]), ("FloatArray", ["any shape"]),
    ("Array[float32, list[int]]", ["list[int]"]),  # not a shape: never matches one
    ("dtype[float32]", None), ("builtins.bool", None), ("ndarray[tuple[Any, ...], dtype[float32]]", None),
])
def test_shape_claims(text: str, expected: list[str] | None) -> None:
    claims = shape_claims(text)
    assert (None if claims is None else [str(c) for c in claims]) == expected


def test_operands_are_declared_with_their_shape() -> None:
    assert with_shape("at.Array[at.float32]", (2, 3)) == "at.Array[at.float32, tuple[Literal[2], Literal[3]]]"
    assert with_shape("at.Array[at.float32] | None", ()) == "at.Array[at.float32, tuple[()]] | None"
    assert with_shape("Union[at.Array[at.int8], at.Array[at.float16 | at.bool_]]", (3,)) == (
        "Union[at.Array[at.int8, tuple[Literal[3]]], at.Array[at.float16 | at.bool_, tuple[Literal[3]]]]")
    assert with_shape("att.FloatArray", (3,)) == "att.FloatArray"  # aliases and bare Array take no shape


def test_normalise_subclasses() -> None:
    assert show(normalise("Sub_int8", {"Sub_int8": "Array[int8]"})) == "Array[int8]"


# Classifier ----------------------------------------------------------------------------------------------------

def _case(outcomes: list[tuple[dict[str, Choice], Outcome]], dims: Sequence[Dim] = (),
          typevar: str | None = None) -> Case:
    c = Case("t", "default", [], {d.key: d for d in dims}, typevar, Lit("x", "test", (), "array"), {}, {})
    c.runs = [Run(tuple(a.items()), o) for a, o in outcomes]
    return c


def _verdict(case: Case, reveal: str | None, errors: Sequence[str] = (), config: str = "default") -> str:
    verdict: classify.Verdict = classify.classify(case, U.config(config), None if reveal is None else normalise(reveal),
                                                  errors)
    return verdict.outcome


F32, F16, I8 = Outcome("float32"), Outcome("float16"), Outcome("int8")
WEAK_F32 = Outcome("float32", weak=True)
REJECT = Outcome(error="TypePromotionError")


@pytest.mark.parametrize(("reveal", "expected"), [
    ("Array[float32]", "exact"), ("Array[float]", "wrong"), ("Array[floating]", "gradual"), ("Array[Any]", "gradual"),
    ("Any", "gradual"), ("Array[float16]", "wrong"), ("Array[float32] | Array[int8]", "gradual"),
    ("Array[inexact]", "gradual"), ("Array[integer]", "wrong"), ("bool", "wrong"), ("Never", "wrong"),
    ("ndarray[tuple[Any, ...], dtype[float32]]", "wrong"), ("Array[T]", "wrong"), ("dtype[float32]", "wrong"),
])
def test_strong_result(reveal: str, expected: str) -> None:
    assert _verdict(_case([({}, F32)]), reveal) == expected


@pytest.mark.parametrize(("reveal", "expected"), [
    ("Array[float]", "exact"), ("Array[float32]", "wrong"), ("Array[floating]", "wrong"),
    ("Array[floating | float]", "gradual"), ("FloatArray", "gradual"), ("Array[int]", "wrong"),
    ("Array[complex]", "wrong"), ("Array[Any]", "gradual"),
])
def test_weak_result(reveal: str, expected: str) -> None:
    assert _verdict(_case([({}, WEAK_F32)]), reveal) == expected


def test_an_alias_with_folded_weak_members_is_gradual() -> None:
    weak_int = _case([({}, Outcome("int32", weak=True))])
    assert _verdict(weak_int, "Array[number | complex]") == "gradual"  # ty's NumberArray
    assert _verdict(weak_int, "Array[complex]") == "wrong"
    assert _verdict(_case([({}, Outcome("complex64", weak=True))]), "Array[number | float]") == "wrong"


def test_failures_are_split_by_the_readme_limit_that_accounts_for_them() -> None:
    key = "arithmetic operator (NDArray[np.dtype], Array[dtype])"
    assert limits.limit_of(key, "pyright") == "a numpy value on the left of an operator"
    assert limits.limit_of(key, "mypy-plugin") is None  # the plugin answers exactly there
    assert limits.limit_of("comparison operator (py:int, Array[dtype])", "ty") == (
        "a Python scalar on the left of a comparison")
    assert limits.limit_of("comparison operator (py:int, Array[dtype])", "pyright", "{py:int} == {Array[<int>]}") == (
        "a Python scalar on the left of a comparison")
    assert limits.limit_of("comparison operator (py:int, Array[dtype])", "pyright", "{py:int} < {Array[<int>]}") is None
    assert limits.limit_of("arithmetic operator (Array[dtype], Array[T constrained])   [returned]", "pyrefly") == (
        "a constrained TypeVar")
    assert limits.limit_of("arithmetic operator (Array[dtype], Array[T constrained])", "mypy") is None
    nested = "arithmetic operator ((arithmetic function), Array[dtype])"
    assert limits.limit_of(nested, "pyrefly", "anp.minimum({np.<uint>(...)}, {Array[C_half]}) - {Array[<int>]}") == (
        "a constrained TypeVar")
    assert limits.limit_of(nested, "pyrefly", "anp.minimum({py:int}, {Array[<int>]}) - {Array[<int>]}") is None
    assert limits.limit_of("astype method (Array[dtype], np.dtype)", "ty") == "np.dtype(...) in ty"
    assert limits.limit_of("astype method (Array[dtype], np.dtype)", "pyright") is None
    assert limits.limit_of("arithmetic operator (Array[dtype], FloatArray)", "pyright") is None
    assert limits.limit_of("arithmetic operator (Array[dtype], Array[T])", "ty") == "an unbounded TypeVar"
    assert limits.limit_of("arithmetic operator (Array[dtype], Array[T bound])", "ty") is None
    # nested: the failure's reproducer pattern meets the limit inside the expression
    assert limits.limit_of("dtype property ((comparison operator))", "pyrefly", "({py:int} == {Array[<float>]}).dtype") == (
        "a Python scalar on the left of a comparison")
    assert limits.limit_of("dtype property ((comparison operator))", "pyrefly", "({py:int} < {Array[<float>]}).dtype") is None
    # the one limit that also gives wrong shapes (seed 3002: ``x22 | (3 == x1)`` has ``x22``'s shape in pyrefly and ty)
    assert limits.limit_of("bitwise operator (Array[dtype], (comparison operator))", "pyrefly",
                           "{Array[<int>]} | ({py:int} == {Array[<int>]})") in SHAPE_LIMITS
    assert SHAPE_LIMITS <= {name for name, _ in limits.LIMITS}
    # nested: pyright's ``3 == x`` (typeshed), not ``3 < x`` (ty's own)
    assert limits.limit_of("shape method ((comparison operator))", "pyright", "({py:int} == {Array[<bool>]})[0]") == (
        "a Python scalar on the left of a comparison")
    assert limits.limit_of("shape method ((comparison operator))", "pyright", "({py:int} < {Array[<int>]})[0]") is None
    assert limits.limit_of("shape method ((comparison operator))", "ty", "({py:int} < {Array[<int>]})[0]") == (
        "a Python scalar on the left of a comparison")
    assert limits.limit_of("unary operator ((comparison operator))", "ty", "+({NDArray[np.<uint>]} >= {Array[<float>]})") == (
        "a numpy value on the left of an operator")
    assert limits.limit_of("unary operator ((comparison operator))", "ty", "+({Array[<float>]} >= {NDArray[np.<uint>]})") is None
    assert limits.limit_of("reduction method ((arithmetic operator))", "ty", "({Array[<float<16>|<uint>]} * {py:float}).prod()") == (
        "a union inside Array[...]")
    assert limits.limit_of("arithmetic operator (Array|Array, Array|Array)", "pyrefly") == "a union of arrays"
    assert limits.limit_of("arithmetic operator (Array|Array, Array|Array)", "mypy-plugin") is None
    assert limits.limit_of("arithmetic operator (Array[dtype], (unary operator))", "ty", "{Array[<float>]} + abs({Array[Any]})") == (
        "abs() and divmod() in pyrefly and ty")
    assert limits.limit_of("arithmetic operator (Array[dtype], (unary operator))", "pyright", "{Array[<float>]} + abs({Array[Any]})") is None
    assert limits.limit_of("arithmetic operator (py complex param, Array[dtype])   [returned]", "ty") == (
        "a float or complex parameter in ty")
    assert limits.limit_of("arithmetic operator (py complex param, Array[dtype])   [returned]", "pyrefly") is None
    assert limits.limit_of("comparison operator ((logical function), (shape method))", "pyright",
                           "anp.logical_and({Array[T]}, {Array[T]}) >= {Array[T]}.reshape(())") == "an unbounded TypeVar"
    # a group holding reproducers of two limits (seed 2702): each failure is attributed to its own row
    mixed = ["({Array[C_i32_f32]}.sum() / {py:float}) / {Array[<int>]}",
             "({Array[<float<16>|<uint>]} % {NDArray[np.<uint>]}) - {Array[<int>]}"]
    key = "arithmetic operator ((arithmetic operator), Array[dtype])"
    assert [limits.limit_of(key, "pyrefly", p) for p in mixed] == ["a constrained TypeVar", "a union inside Array[...]"]
    assert limits.limit_of(key, "pyrefly", "({Array[<int>]} % {py:float}) - {Array[<int>]}") is None
    assert limits.limit_of(key, "mypy-plugin", mixed[0]) is None
    # seed 2026-11-28-s48m1: mypy alone inferred the inner call in the context of each outer overload, and failed in
    # a union's; the stubs now give it a type variable there, and no row excuses it
    key = "unary function ((arithmetic function))"
    assert limits.limit_of(key, "mypy", "anp.signbit(anp.true_divide({Array[<float>]}, {Array[<int>]}))") is None
    # seed 2026-11-28-s48m3: ``anp.atanh(abs(x))`` with ``x: Array[T_floating]`` was ``Array[float32]`` in mypy alone;
    # no ``__abs__`` overload an abstract class meets answers ``Array[Any]`` now, and no row excuses it
    for checker in ("mypy", "pyright"):
        assert limits.limit_of(key, checker, "anp.atanh(abs({Array[T_floating]}))") is None
    assert limits.limit_of(key, "mypy", "anp.atanh(abs({FloatArray}))") is None
    assert limits.limit_of(key, "ty", "anp.atanh(abs({FloatArray}))") == "abs() and divmod() in pyrefly and ty"
    # seed 2026-11-28-s48m6: np.float64 is a float to the checkers, here under arccos's weak-float overload
    assert limits.limit_of(key, "mypy", "anp.arccos(anp.float_power({Sub(Array[<bool>])}, {np.float64 scalar}))") == (
        "np.float64 and np.complex128 operands")
    assert limits.limit_of(key, "mypy", "anp.arccos(anp.float_power({Sub(Array[<bool>])}, {np.<float> scalar}))") is None
    assert operands.numpy_scalar_label("float64") == "np.float64"
    assert operands.numpy_scalar_label("float32") == "np.<float>"


def test_a_group_attributes_each_failure_to_its_own_limit() -> None:
    """One group can hold one checker's failure of one README limit beside another checker's of another (seed
    ``2026-11-28-s46r``: a constrained variable in a one-operand function in pyright, ``abs()`` in ty); each is
    counted under its own row, and a pattern no row covers is ``other`` even beside covered ones."""
    constrained = "anp.deg2rad(+{Array[C_i32_f32]}.sum(axis=0, keepdims=True))"
    absolute = "anp.sin(abs({Array[<float>]}))"
    g = report.Group("wrong", "elementwise function ((unary operator))")
    g.per_checker = {"pyright": collections.Counter({constrained: 1}),
                     "ty": collections.Counter({constrained: 2, absolute: 1, "anp.sin({Array[<float>]})": 1})}
    assert g.limits() == {"pyright": {"a constrained TypeVar": 1},
                          "ty": {"a constrained TypeVar": 2, "abs() and divmod() in pyrefly and ty": 1, "other": 1}}


def test_weak_result_follows_x64() -> None:
    weak_f64 = _case([({}, Outcome("float64", weak=True))])
    assert _verdict(weak_f64, "Array[float]", config="x64") == "exact"
    assert _verdict(weak_f64, "Array[float64]", config="x64") == "wrong"
    assert _verdict(_case([({}, WEAK_F32)]), "Array[float]", config="x64") == "wrong"


@pytest.mark.parametrize("weak", [False, True])
def test_bool_weak_or_not(weak: bool) -> None:
    case = _case([({}, Outcome("bool", weak=weak))])
    assert _verdict(case, "Array[bool_]") == "exact"
    assert _verdict(case, "Array[bool]") == "exact"
    assert _verdict(case, "Array[int]") == "wrong"


def _generic(results: list[tuple[str, Outcome]], tv: str = "T_floating") -> Case:
    choices = tuple(Choice(n, "array", n) for n, _ in results)
    dim = Dim(tv, choices, typevar=tv)
    return _case([({tv: c}, o) for c, (_, o) in zip(choices, results)], [dim], tv)


def test_type_variable() -> None:
    same = _generic([("float32", F32), ("float16", F16)])
    assert _verdict(same, "Array[T_floating]") == "exact"
    assert _verdict(same, "Array[T_floating@case_1]") == "exact"
    assert _verdict(same, "Array[float32]") == "wrong"
    assert _verdict(same, "Array[float32] | Array[float16]") == "exact"
    assert _verdict(same, "Array[floating]") == "gradual"
    assert _verdict(same, "Array[T_integer]") == "wrong"  # not the case's type variable
    promoted = _generic([("float32", F32), ("float16", F32)])
    assert _verdict(promoted, "Array[T_floating]") == "wrong"
    assert _verdict(promoted, "Array[float32]") == "exact"


def test_errors_and_rejections() -> None:
    runs = _case([({}, F32)])
    assert _verdict(runs, "Array[float32]", ["error"]) == "false error"
    rejects = _case([({}, REJECT)])
    assert _verdict(rejects, "Any", ["error"]) == "correct rejection"
    assert _verdict(rejects, "Array[float32]") == "missed rejection"
    assert _verdict(rejects, None) == "missed rejection"
    assert _verdict(runs, None) == "no answer"


def test_a_value_the_abstract_arguments_cannot_give_is_value_dependent() -> None:
    """``random.choice(key, a)`` of a 0-d array reads the count's value, which an abstract (traced) argument does
    not have: the case is left to other values (``ValueDependent``), not classified as a rejection; a 1-d array
    runs."""
    from soundness import oracle
    from soundness.expressions import Call, Param

    entry = api.Entry("random.choice", "random.choice(random.key(0), {a})", (("a", "array"),), "same")
    f32 = Choice("float32", "array", "float32")
    for shape in ((), (3,)):
        x = Param("x", "at.Array[at.float32]", "array", "x", shape)
        case = Case("t", "default", [x], {"x": Dim("x", (f32,))}, None,
                    Call(entry, {"a": Ref(x, shape, "array")}, {}, (), "array"), {}, {})
        if shape:
            assert [r.outcome.dtype for r in oracle.evaluate(case, U.config("default"))] == ["float32"]
        else:
            with pytest.raises(oracle.ValueDependent):
                oracle.evaluate(case, U.config("default"))


def _two_valued(gradual: bool) -> Case:
    a, b = Choice("float32", "array", "float32"), Choice("float8", "array", "float8_e4m3fn")
    return _case([({"x": a}, F32), ({"x": b}, REJECT)], [Dim("x", (a, b), gradual)])


def test_a_gradual_operand_that_runs_for_some_value_gets_no_error() -> None:
    case = _two_valued(gradual=True)
    assert _verdict(case, "Array[Any]", ["error"]) == "false error"
    assert _verdict(case, "Array[Any]") == "gradual"
    assert _verdict(case, "Array[float32]") == "exact"


def test_a_union_operand_that_fails_for_some_member_must_be_rejected() -> None:
    case = _two_valued(gradual=False)
    assert _verdict(case, "Array[Any]", ["error"]) == "correct rejection"
    assert _verdict(case, "Array[Any]") == "missed rejection"
    assert _verdict(case, "Array[int8]") == "wrong"  # wrong for the member that runs: reported as such


def _shape_verdict(case: Case, reveal: str | None, errors: Sequence[str] = ()) -> str:
    return classify.shape_verdict(case, None if reveal is None else shape_claims(reveal), errors).outcome


@pytest.mark.parametrize(("reveal", "expected"), [
    ("Array[float32, tuple[Literal[2], Literal[3]]]", "exact"), ("Array[float32, tuple[Any, ...]]", "gradual"),
    ("Array[float32]", "gradual"), ("Any", "gradual"), ("Array[float32, tuple[int, int]]", "gradual"),
    ("Array[float32, tuple[Literal[2], N@f]]", "gradual"),
    ("Array[float32, tuple[Literal[3], Literal[2]]]", "wrong"), ("Array[float32, tuple[Literal[6]]]", "wrong"),
    ("Array[float32, tuple[int]]", "wrong"), ("Array[float32, tuple[()]]", "wrong"),
    ("Array[float32, tuple[Literal[2], Literal[3]]] | Array[int8, tuple[Literal[3]]]", "wrong"),
    ("Array[float32, tuple[Literal[2], Literal[3]]] | Array[int8, tuple[Any, ...]]", "gradual"),
    ("Array[float32, list[int]]", "wrong"), ("dtype[float32]", "not judged"), (None, "not judged"),
])
def test_shape_verdicts(reveal: str | None, expected: str) -> None:
    assert _shape_verdict(_case([({}, Outcome("float32", shape=(2, 3)))]), reveal) == expected


def test_shape_errors() -> None:
    runs = _case([({}, Outcome("float32", shape=(3,)))])
    shaped = "Array[float32, tuple[Literal[3]]]"
    assert _shape_verdict(runs, shaped, ['Unsupported operand types [shape-mismatch]']) == "false error"
    assert _shape_verdict(runs, shaped, ['Unsupported operand types [operator]']) == "exact"  # a dtype error
    assert _shape_verdict(_case([({}, REJECT)]), "Any", ["error [shape-mismatch]"]) == "not judged"
    assert _shape_verdict(_case([({}, Outcome("float32", what="dtype"))]), "dtype[float32]") == "not judged"


def test_dtype_results() -> None:
    case = _case([({}, Outcome("float32", what="dtype"))])
    assert _verdict(case, "dtype[float32]") == "exact"
    assert _verdict(case, "numpy.dtype[numpy.floating[numpy._typing._nbit_base._32Bit]]") == "exact"
    assert _verdict(case, "dtype") == "gradual"
    assert _verdict(case, "dtype[float16]") == "wrong"
    assert _verdict(case, "Array[float32]") == "wrong"
    # an array's .dtype is arraytyping.typing.DType[T]; a weak array's dtype (no weak flag of its own) is DType[float]
    assert _verdict(case, "arraytyping.typing.DType[arraytyping.float32]") == "exact"
    assert _verdict(case, "DType[float]") == "exact"
    assert _verdict(case, "DType[int]") == "wrong"


# Registry, generator, oracle -----------------------------------------------------------------------------------

def test_registry_covers_the_public_api() -> None:
    assert api.uncovered() == [], "add entries to tools/soundness/api.py (or a reason to NOT_FUZZED)"


def test_shape_planners_take_every_target() -> None:
    """Each registry entry's shape rule, asked for an operand plan of any result shape of rank 0-4 (a reshape of a
    rank-3 target asks for a rank-4 operand: matmul once unpacked it into three dimensions and stopped a 20,000-case
    run), gives a plan or None, never an exception."""
    targets = [s for rank in range(5) for s in itertools.product((1, 2, 3, 6), repeat=rank)]
    failures = []
    for e in api.ENTRIES:
        if e.result != "array":
            continue
        for target, seed in itertools.product(targets, range(2)):
            try:
                shapes.RULES[e.shape](target, e.slots, random.Random(seed))
            except Exception as ex:  # noqa: BLE001 - any exception is the failure reported
                failures.append(f"{e.name} ({e.shape}) for {target}: {ex!r}")
    assert failures == []


@pytest.mark.parametrize("config", list(U.CONFIGS))
def test_generator_is_sound_against_the_runtime(config: str) -> None:
    """Every runtime failure of generated code is a dtype rejection and every shape the generator's (else
    ``GeneratorBug`` is raised); the same seed gives the same cases; every module compiles."""
    chunk = driver.generate_chunk("unit", config, 0, 150, eager=0.1)
    again = driver.generate_chunk("unit", config, 0, 150, eager=0.0)
    assert [c.source for c in chunk.cases] == [c.source for c in again.cases]
    assert all(c.runs for c in chunk.cases)
    assert sum(all(r.outcome.rejected for r in c.runs) for c in chunk.cases) < len(chunk.cases) / 2
    assert {c.typevar is not None for c in chunk.cases} == {True, False}
    text, where, _ = modules.render(chunk.cases)
    compile(text, "chunk.py", "exec")
    lines = text.splitlines()
    assert all("reveal_type(" in lines[w.expr - 1] for w in where.values())


def test_shrinking_candidates_name_each_parameter_once() -> None:
    """Two rounds of shrinking: no two parameters of a candidate share a name (a second round once named the
    parameter standing for an inner call as the first round had named another, and the signature kept the first:
    ``subtract(x22, x22)`` with ``x22: Array[float16]``, whose runtime answer was for ``abs`` of a complex64)."""
    cfg = U.config("default")
    chunk = driver.generate_chunk("unit", "default", 0, 150, eager=0.0)
    seen = 0
    for case in chunk.cases:
        for first in shrink.candidates(case, cfg, "s0_"):
            for second in [first, *shrink.candidates(first, cfg, "s1_")]:
                params = {(n.param.name, n.param.annotation) for n in second.expr.walk() if isinstance(n, Ref)}
                assert len(params) == len({name for name, _ in params}), second.source
                seen += second is not first
    assert seen > 100


def test_cases_are_evaluated_per_choice() -> None:
    """``Array[Any]`` is evaluated for every dtype the configuration inhabits and the weak types."""
    cfg = U.config("default")
    chunk = driver.generate_chunk("per-choice", "default", 0, 200, eager=0.0)
    any_cases = [c for c in chunk.cases if any(p.kind == "any" for p in c.params)]
    assert any_cases
    for c in any_cases:
        dim = next(c.dims[p.dim] for p in c.params if p.kind == "any")
        assert len(dim.choices) == len(cfg.inhabited) + 3 and dim.gradual


# The sample through the checkers ----------------------------------------------------------------------------------

def _run(tmp: Path, config: str, names: list[str], count: int) -> driver.Results:
    jobs = max(2, os.cpu_count() or 2)
    results = driver.run("ci", count, config, names, jobs=jobs, chunk_size=max(200, count // jobs + 1),
                         work=tmp / config, skip=slow.known_slow)
    assert all(results.skipped.get(name, 0) <= count // 2 for name in names), results.skipped
    # reproducers (and the patterns a README limit is recognized by) for any wrong answer or false error
    if any(c["wrong"] or c["false error"] for c in results.counts().values()):
        shrink.shrink(results, checkers.checkers(names, config), tmp / config, jobs, rounds=1, limit=400)
    return results


@pytest.fixture(scope="module")
def default_run(tmp_path_factory: pytest.TempPathFactory) -> driver.Results:
    return _run(tmp_path_factory.mktemp("fuzz"), "default", list(checkers.NAMES), SAMPLE)


def _findings(results: driver.Results, checker: str) -> str:
    mine = [g for g in report.groups(results) if checker in g.checkers]
    sub = driver.Results(results.config, results.checkers, results.cases, results.answers)
    sub.reproducers, sub.extra_cases, sub.extra_answers = (results.reproducers, results.extra_cases,
                                                           results.extra_answers)
    return "\n".join(report._render_groups(sub, mine[:25]))


def _assert_shapes(results: driver.Results, checker: str) -> None:
    """No wrong shape (every revealed shape is the runtime's, or unknown) and no false shape error (no
    ``[shape-mismatch]`` on code that runs, no error that goes away without the operands' shapes) but those a
    limit of :data:`SHAPE_LIMITS` accounts for in a checker of :data:`LIMITED`; the mypy plugin gives some exact
    shapes (it reads the operands declared with their shapes)."""
    counts = results.shape_counts()[checker]
    if checker.startswith("mypy-plugin"):
        assert counts["exact"] > 0, counts
    if not (counts["wrong"] or counts["false error"]):
        return
    if checker in LIMITED and set(report.by_limit(results, shapes=True)[checker]) <= SHAPE_LIMITS:
        return
    shown = driver.Results(results.config, results.checkers, results.cases, results.answers)
    shown.reproducers, shown.extra_cases, shown.extra_answers = (results.reproducers, results.extra_cases,
                                                                 results.extra_answers)
    mine = [g for g in report.groups(results, shapes=True) if checker in g.checkers]
    raise AssertionError(f"{checker} shapes: {counts}\n{report.table(results, shapes=True)}\n"
                         + "\n".join(report._render_groups(shown, mine[:25])))


def _assert_sound(results: driver.Results, checker: str) -> None:
    """The harness worked (no stray errors, an answer for every case, some exact ones), and the checker gave no
    wrong answer, no false error and stayed within its CPU limit on every expression (those
    :func:`soundness.slow.known_slow` holds for are not given to it); for a checker in :data:`LIMITED`, no wrong answer
    or false error but those its README limits account for. Shapes: :func:`_assert_shapes`."""
    assert not results.stray, results.stray[:10]
    _assert_shapes(results, checker)
    counts = results.counts()[checker]
    assert counts["no answer"] == 0
    assert counts["exact"] > 0
    timeouts = counts["timed out"]
    bad = {k: counts[k] for k in ("wrong", "false error") if counts[k]} | ({"timed out": timeouts} if timeouts else {})
    if checker in LIMITED and not timeouts:
        unexplained = report.by_limit(results)[checker].get("other", 0)
        assert not unexplained, (f"{checker}: {unexplained} wrong answers or false errors outside its README limits "
                                 f"({counts}):\n{report.limits_table(results)}\n{_findings(results, checker)}")
        return
    assert not bad, f"{checker}: {counts}\n{report.table(results)}\n{_findings(results, checker)}"


@pytest.mark.parametrize("checker", checkers.NAMES)
def test_checker_is_sound(default_run: driver.Results, checker: str) -> None:
    _assert_sound(default_run, checker)


@pytest.mark.parametrize("config", [c for c in U.CONFIGS if c != "default"])
def test_plugin_is_sound_in_every_configuration(tmp_path: Path, config: str) -> None:
    results = _run(tmp_path, config, ["mypy-plugin"], PLUGIN_SAMPLE)
    _assert_sound(results, f"mypy-plugin[{config}]")


def test_a_union_of_arrays_with_a_rejected_member_is_known_slow_for_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    """mypy alone can run past its CPU limit on a call it must reject because one member of a union-of-arrays operand
    is refused (seed ``2026-11-28-s47m``: ``linalg.solve(x0, x1)``, ``x1: Array[bfloat16] | Array[int2]``), so
    :func:`slow.known_slow` names those for it, and only those among the calls refused for some choices but not all:
    a type variable whose instantiations are partly refused stays in (mypy answers it quickly), and no other checker
    is kept from any of them."""
    partly = [c for i in range(3) for c in driver.generate_chunk("slow-unions", "default", i, 200, 0.0).cases
              if classify.must_reject(c) and not all(r.outcome.rejected for r in c.runs)]
    unions = {c.id for c in partly if any(p.kind == "union" for p in c.params)}
    typevars = {c.id for c in partly if c.id not in unions and any("Array[T" in p.annotation for p in c.params)}
    named = {c.id for c in partly if slow.known_slow("mypy", c)}
    monkeypatch.setattr(slow, "SLOW_ON_REJECTIONS", frozenset())
    otherwise = {c.id for c in partly if slow.known_slow("mypy", c)}  # a join, a union dtype, a computed dtype
    assert unions and typevars - otherwise, "the seed should give both kinds of case"
    assert named == unions | otherwise
    monkeypatch.undo()
    assert not any(slow.known_slow(name, c) for c in partly for name in ("mypy-plugin", "pyright", "pyrefly", "ty"))


def test_an_exploding_expression_is_isolated_at_little_cost(tmp_path: Path) -> None:
    """A module past the CPU limit is split until the expression that makes the checker explode is alone: it is
    ``timed out`` and every other case answered; the modules that time out on the way cost their whole limit, and
    splitting eight ways keeps them few (a module of 100: some 180 s, where halving spent some 300 s)."""
    cases = driver.generate_chunk("isolate", "default", 0, 100, 0.0).cases
    bomb = cases[37].id
    spent: list[int] = []

    class Exploding(checkers.Checker):
        def check(self, files: Sequence[Path], site_dir: Path, cache: Path,
                  cpu_seconds: int | None = None) -> dict[str, checkers.FileReport]:
            if f"def case_{bomb}(" in files[0].read_text():
                assert cpu_seconds is not None
                spent.append(cpu_seconds)
                raise checkers.CheckerTimeout(f"mypy: past its CPU limit of {cpu_seconds} s")
            return {}

    results = driver.Results("default", ["mypy"])
    driver.check_split(results, Exploding("mypy"), cases, tmp_path / "chunk.py", tmp_path, tmp_path / "cache")
    assert results.answers[bomb]["mypy"].verdict.outcome == "timed out"
    assert all(results.answers[c.id]["mypy"].verdict.outcome != "timed out" for c in cases if c.id != bomb)
    assert len(spent) <= 4 and sum(spent) < 200, spent


def test_skip_known_slow_reaches_the_checkers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``tools/static_fuzz.py --skip-known-slow`` keeps from a checker exactly the cases :func:`slow.known_slow` names
    for it and counts them as skipped (its report and JSON); without the flag it answers every case. pyrefly, fast,
    stands in for mypy: it is made one of the checkers slow on rejections, union dtypes and joins for the test."""
    import json

    import static_fuzz
    for kind in ("SLOW_ON_REJECTIONS", "SLOW_ON_UNION_DTYPES", "SLOW_ON_JOINS"):
        monkeypatch.setattr(slow, kind, frozenset({"pyrefly"}))
    count = 40
    cases = driver.generate_chunk("skip", "default", 0, count, 0.0).cases
    slow_ids = {c.id for c in cases if slow.known_slow("pyrefly", c)}
    assert 0 < len(slow_ids) < count, "the seed should give both kinds of case"
    runs = {}
    for name, flag in (("on", ["--skip-known-slow"]), ("off", [])):
        static_fuzz.main(["--seed", "skip", "--count", str(count), "--checkers", "pyrefly", "--jobs", "1",
                          "--shrink-rounds", "0", "--jax-sample", "-1", "--eager", "0", "-q", *flag,
                          "--work-dir", str(tmp_path / name), "--json", str(tmp_path / f"{name}.json")])
        (runs[name],) = json.loads((tmp_path / f"{name}.json").read_text())
    on, off = runs["on"], runs["off"]
    assert on["skipped"] == {"pyrefly": len(slow_ids)}
    assert not any(off["skipped"].values())
    assert sum(on["counts"]["pyrefly"].values()) == count - len(slow_ids)
    assert sum(off["counts"]["pyrefly"].values()) == count
