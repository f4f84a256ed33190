"""The checker limits docs/reference/checker-limits.md documents, recognised in a failure's group (the coarse shape of
its minimal reproducer, :func:`report.coarse_key`), so that the report can say how many wrong answers and false
errors each limit accounts for and how many nothing documents. A limit is a fact about a checker, never an excuse:
the counts stay in the main table, and this split only says where they come from."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

STUB_CHECKERS: Final = frozenset({"mypy", "pyright", "pyrefly", "ty"})


def _args(key: str) -> list[str]:
    """The coarse operand kinds of a group key: ``arithmetic operator (NDArray[np.dtype], Array[dtype])``."""
    m = re.match(r"[^(]*\((.*)\)(\s+\[returned\])?$", key)
    return [a.strip() for a in m.group(1).split(", ")] if m else []


_BINARY = r"(?:\+|-|\*|/|//|%|\*\*|@|<|<=|>|>=|==|!=|&|\||\^)"


def _has(pattern: str | None, regex: str) -> bool:
    """Whether the failure's reproducer pattern (``{NDArray[np.<int>]} + {Array[<uint>]}``) matches: a limit met
    inside a nested expression, whose group key names only the outer operation."""
    return pattern is not None and re.search(regex, pattern) is not None


def _numpy_left(key: str, checker: str, pattern: str | None) -> bool:
    if checker not in STUB_CHECKERS:
        return False
    args = _args(key)
    if " operator (" in key and args and (
            args[0].startswith("NDArray") or ("comparison" in key and args[0] == "numpy scalar")):
        return True
    # a numpy array on the left of any operator, or a numpy scalar on the left of a comparison, nested
    # (the numpy operand itself, not a parenthesized operation it is the right operand of: ``(x % np_a) - y``)
    return (_has(pattern, r"\{NDArray\[[^}]*\} " + _BINARY + " ")
            or _has(pattern, r"\{np\.[^}]*\(\.\.\.\)\} (?:==|!=|<|<=|>|>=) "))


def _scalar_left_comparison(key: str, checker: str, pattern: str | None) -> bool:
    """``3 == x`` in the four stub-only checkers (typeshed's ``int.__eq__``); any comparison (``3 < x``) in ty."""
    if checker not in STUB_CHECKERS:
        return False
    ops = r"(?:==|!=|<|<=|>|>=)" if checker == "ty" else r"(?:==|!=)"
    args = _args(key)
    if key.startswith("comparison operator (") and args and args[0].startswith("py"):
        return checker == "ty" or pattern is None or " == " in pattern or " != " in pattern
    # nested (``(3 == x)[0]``); ``3 < x`` is answered right but by ty
    return _has(pattern, r"\{(?:py:\w+|bool|int|float|complex)\} " + ops + " ")  # a literal or a parameter


def _constrained(key: str, checker: str, pattern: str | None) -> bool:
    """Also nested: the pattern names a constrained variable (``Array[C_half]``)."""
    return checker in ("pyright", "pyrefly", "ty") and ("T constrained" in key or _has(pattern, r"Array\[C_"))


def _unbounded(key: str, checker: str, pattern: str | None) -> bool:
    """Also nested: the pattern has an operand ``Array[T]``."""
    return checker in STUB_CHECKERS and (bool(re.search(r"Array\[T\][,)]", key)) or _has(pattern, r"\{Array\[T\]\}"))


def _union_of_arrays(key: str, checker: str, pattern: str | None) -> bool:
    """``x: Array[a] | Array[b]`` (or ``Optional``-free unions of arrays), also nested."""
    return checker in STUB_CHECKERS and ("Array|Array" in key or _has(pattern, r"\]\|Array\["))


def _union_argument(key: str, checker: str, pattern: str | None) -> bool:
    """``Array[a | b]``, also nested: the pattern has a ``|`` inside one ``Array[...]``."""
    return checker in STUB_CHECKERS and ("Array[a|b]" in key or _has(pattern, r"Array\[[^\][]*\|"))


def _builtin_protocols(key: str, checker: str, pattern: str | None) -> bool:
    """``abs(x)`` and ``divmod(x, y)``, answered through typeshed's ``SupportsAbs``/``SupportsDivMod``."""
    return checker in ("pyrefly", "ty") and _has(pattern, r"\b(?:abs|divmod)\(")


def _ty_promoted_parameter(key: str, checker: str, pattern: str | None) -> bool:
    """A parameter annotated ``float``/``complex``, which ty reads as the typing spec's ``int | float | complex``;
    also nested (the pattern has such a parameter, ``{float}``: a literal is ``{py:float}``)."""
    return checker == "ty" and (bool(re.search(r"py (?:float|complex) param", key))
                                or _has(pattern, r"\{(?:float|complex)\}"))


def _ty_narrowed(key: str, checker: str, pattern: str | None) -> bool:
    """``x: Array[...] | float`` narrowed by ``isinstance(x, Array)``: ty keeps ``int & Array[Unknown]``."""
    return checker == "ty" and ("narrowed" in key or _has(pattern, r"(?:int|float|complex) narrowed\}"))


def _ty_np_dtype(key: str, checker: str, pattern: str | None) -> bool:
    """Also nested: the pattern calls ``np.dtype(...)``."""
    return checker == "ty" and ("np.dtype" in key or _has(pattern, r"np\.dtype\("))


def _numpy_python_subclass(key: str, checker: str, pattern: str | None) -> bool:
    """``np.float64``/``np.complex128`` operands, which numpy declares subclasses of ``float``/``complex``: a
    checker takes the answer of an overload naming the Python scalar where that is the first that matches (also nested:
    mypy alone infers ``anp.arccos(anp.float_power(x_bool, f64))`` under ``arccos``'s weak-float overload)."""
    return checker in STUB_CHECKERS and _has(pattern, r"\{np\.(?:float64|complex128)(?: scalar|\(\.\.\.\))\}")


LIMITS: Final[tuple[tuple[str, Callable[[str, str, str | None], bool]], ...]] = (
    ("a numpy value on the left of an operator", _numpy_left),
    ("a Python scalar on the left of a comparison", _scalar_left_comparison),
    ("a constrained TypeVar", _constrained),
    ("an unbounded TypeVar", _unbounded),
    ("a union inside Array[...]", _union_argument),
    ("a union of arrays", _union_of_arrays),
    ("abs() and divmod() in pyrefly and ty", _builtin_protocols),
    ("a float or complex parameter in ty", _ty_promoted_parameter),
    ("isinstance narrowing of a union with a scalar in ty", _ty_narrowed),
    ("np.dtype(...) in ty", _ty_np_dtype),
    ("np.float64 and np.complex128 operands", _numpy_python_subclass),
)
"""The limits table's rows (docs/reference/checker-limits.md), in the order a failure is tested against them (the first that matches names it)."""


def limit_of(key: str, checker: str, pattern: str | None = None) -> str | None:
    """The README row that accounts for one failure of ``checker`` in group ``key`` whose minimal reproducer has
    this ``pattern`` (:func:`report.pattern`; None: the group key alone decides), or None: the first row that
    matches."""
    return next((name for name, matches in LIMITS if matches(key, checker, pattern)), None)
