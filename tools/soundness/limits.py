"""The checker limits the README's table documents, recognised in a failure's group (the coarse shape of its minimal
reproducer, :func:`report.coarse_key`), so that the report can say how many wrong answers and false errors each
limit accounts for and how many nothing documents. A limit is a fact about a checker, never an excuse: the counts
stay in the main table, and this split only says where they come from."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Final

STUB_CHECKERS: Final = frozenset({"mypy", "pyright", "pyrefly", "ty"})


def _args(key: str) -> list[str]:
    """The coarse operand kinds of a group key: ``arithmetic operator (NDArray[np.dtype], Array[dtype])``."""
    m = re.match(r"[^(]*\((.*)\)(\s+\[returned\])?$", key)
    return [a.strip() for a in m.group(1).split(", ")] if m else []


_BINARY = r"(?:\+|-|\*|/|//|%|\*\*|@|<|<=|>|>=|==|!=|&|\||\^)"


def _every(patterns: Collection[str], regex: str) -> bool:
    """Whether every reproducer pattern of a group (``{NDArray[np.<int>]} + {Array[<uint>]}``) matches: a limit
    met inside a nested expression, whose group key names only the outer operation."""
    return bool(patterns) and all(re.search(regex, p) for p in patterns)


def _numpy_left(key: str, checker: str, patterns: Collection[str]) -> bool:
    if checker not in STUB_CHECKERS:
        return False
    args = _args(key)
    if " operator (" in key and args and (
            args[0].startswith("NDArray") or ("comparison" in key and args[0] == "numpy scalar")):
        return True
    # a numpy array on the left of any operator, or a numpy scalar on the left of a comparison, nested
    # (the numpy operand itself, not a parenthesized operation it is the right operand of: ``(x % np_a) - y``)
    return (_every(patterns, r"\{NDArray\[[^}]*\} " + _BINARY + " ")
            or _every(patterns, r"\{np\.<[^}]*\(\.\.\.\)\} (?:==|!=|<|<=|>|>=) "))


def _scalar_left_comparison(key: str, checker: str, patterns: Collection[str]) -> bool:
    """``3 == x`` in the four stub-only checkers (typeshed's ``int.__eq__``); any comparison (``3 < x``) in ty."""
    if checker not in STUB_CHECKERS:
        return False
    ops = r"(?:==|!=|<|<=|>|>=)" if checker == "ty" else r"(?:==|!=)"
    args = _args(key)
    if key.startswith("comparison operator (") and args and args[0].startswith("py"):
        return checker == "ty" or all(" == " in p or " != " in p for p in patterns)
    scalar = r"\{(?:py:\w+|bool|int|float|complex)\} "  # a literal or a parameter
    if checker == "ty":
        return _every(patterns, scalar + ops + " ")
    # nested (``(3 == x)[0]``): a group's patterns are every checker's; ``3 < x`` is answered right but by ty
    return _every(patterns, scalar + r"(?:==|!=|<|<=|>|>=) ") and any(re.search(scalar + ops + " ", p)
                                                                   for p in patterns)


def _constrained(key: str, checker: str, patterns: Collection[str]) -> bool:
    """Also nested: every pattern of the group names a constrained variable (``Array[C_half]``)."""
    return checker in ("pyright", "pyrefly", "ty") and (
        "T constrained" in key or bool(patterns) and all("Array[C_" in p for p in patterns))


def _unbounded(key: str, checker: str, patterns: Collection[str]) -> bool:
    """Also nested: every pattern of the group has an operand ``Array[T]``."""
    return checker in STUB_CHECKERS and (bool(re.search(r"Array\[T\][,)]", key)) or _every(patterns, r"\{Array\[T\]\}"))


def _union_of_arrays(key: str, checker: str, patterns: Collection[str]) -> bool:
    """``x: Array[a] | Array[b]`` (or ``Optional``-free unions of arrays), also nested."""
    return checker in STUB_CHECKERS and ("Array|Array" in key or _every(patterns, r"\]\|Array\["))


def _union_argument(key: str, checker: str, patterns: Collection[str]) -> bool:
    """``Array[a | b]``, also nested: every pattern has a ``|`` inside one ``Array[...]``."""
    return checker in STUB_CHECKERS and ("Array[a|b]" in key or _every(patterns, r"Array\[[^\][]*\|"))


def _builtin_protocols(key: str, checker: str, patterns: Collection[str]) -> bool:
    """``abs(x)`` and ``divmod(x, y)``, answered through typeshed's ``SupportsAbs``/``SupportsDivMod``."""
    return checker in ("pyrefly", "ty") and _every(patterns, r"\b(?:abs|divmod)\(")


def _ty_promoted_parameter(key: str, checker: str, patterns: Collection[str]) -> bool:
    """A parameter annotated ``float``/``complex``, which ty reads as the typing spec's ``int | float | complex``;
    also nested (every pattern of the group has such a parameter, ``{float}``: a literal is ``{py:float}``)."""
    return checker == "ty" and (bool(re.search(r"py (?:float|complex) param", key))
                                or _every(patterns, r"\{(?:float|complex)\}"))


def _ty_narrowed(key: str, checker: str, patterns: Collection[str]) -> bool:
    """``x: Array[...] | float`` narrowed by ``isinstance(x, Array)``: ty keeps ``int & Array[Unknown]``."""
    return checker == "ty" and ("narrowed" in key or _every(patterns, r"(?:int|float|complex) narrowed\}"))


def _ty_np_dtype(key: str, checker: str, patterns: Collection[str]) -> bool:
    """Also nested: every pattern of the group calls ``np.dtype(...)``."""
    return checker == "ty" and ("np.dtype" in key or bool(patterns) and all("np.dtype(" in p for p in patterns))


LIMITS: Final[tuple[tuple[str, Callable[[str, str, Collection[str]], bool]], ...]] = (
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
)
"""The README's rows, in the order a group is tested against them (the first that matches names it)."""


def limit_of(key: str, checker: str, patterns: Collection[str] = ()) -> str | None:
    """The README row that accounts for a failure of ``checker`` in group ``key`` whose reproducers have these
    ``patterns`` (:func:`report.by_limit` passes one failure's), or None: the first row that matches every
    pattern."""
    return next((name for name, matches in LIMITS if matches(key, checker, patterns)), None)
