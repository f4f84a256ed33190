"""``op_rules``' answers for operations on one array, as rules over static classes (see :mod:`.unary`).

A static class is a concrete scalar class (an array of that dtype, strongly typed) or ``int``/``float``/``complex``
(a weakly typed array of the kind's default dtype).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from typing import Final

from arraytyping import lattice, op_rules
from arraytyping._src.stubgen import specs
from arraytyping._src.stubgen.unary import Rule
from arraytyping.lattice import LatticeConfig

__all__ = ["CLIP_BOUNDS", "fft_rule", "int_as_float", "integer_pow_rule", "lax_rule", "linalg_field_rule", "linalg_rule",
           "linalg_tuple_rule", "nn_rule", "not_own_classes", "operand", "reduce_window_rule", "reduction_rule",
           "scipy_rule", "shape_rule", "top_k_rule", "tuple_fields", "unary_rule",
           "unravel_index_rule"]


def operand(cls: str, cfg: LatticeConfig) -> tuple[str, bool]:
    """``(canonical dtype name, weak)`` of a static class."""
    if cls in specs.WEAK:
        return lattice.default_name(lattice.KIND[cls], cfg.x64), True
    return lattice.canonical_name(specs.node_of(cls), cfg.x64), False


def _by(answer: Callable[[tuple[str, bool]], tuple[str, bool] | None], cfg: LatticeConfig) -> Rule:
    """The rule that answers a static class by ``answer`` of its ``(dtype, weak)``: refused where it raises,
    gradual (``Any``) where it answers None."""
    def rule(cls: str) -> str | None:
        try:
            out = answer(operand(cls, cfg))
        except specs.REJECTIONS:
            return None
        return "Any" if out is None else specs.static_of(*out)
    return rule


def unary_rule(fn: str, cfg: LatticeConfig, **given: int) -> Rule:
    """``jax.numpy.<fn>`` by :func:`arraytyping.op_rules.unary_static_result`: ``Any`` where the operand's rank
    decides (``deg2rad`` of a weak array), or ``round``'s ``decimals`` unless ``given``."""
    return _by(lambda o: op_rules.unary_static_result(fn, o, cfg, given=given), cfg)


def pair_rule(fn: str, cfg: LatticeConfig) -> Rule:
    """``jax.numpy.<fn>`` of one operand and two array results of one dtype (op_rules' ``PAIRS``: ``modf``) by
    :func:`arraytyping.op_rules.pair_result`; ``ValueError`` where the two results' classes differ (the stubs
    declare a pair of one class)."""
    def both(o: tuple[str, bool]) -> tuple[str, bool]:
        first, second = op_rules.pair_result(fn, [o], cfg)
        if specs.static_of(*first) != specs.static_of(*second):
            raise ValueError(f"{fn} of {o}: results {first} and {second} differ; the stubs declare one class")
        return first
    return _by(both, cfg)


def ediff1d_rule(cfg: LatticeConfig, ends: bool) -> Rule:
    """``jax.numpy.ediff1d(ary)`` by :func:`arraytyping.op_rules.ediff1d_result`, with or without ``to_end`` or
    ``to_begin`` (``ends``: strong)."""
    return _by(lambda o: op_rules.ediff1d_result(o, cfg, ends=ends), cfg)


def lax_rule(fn: str, cfg: LatticeConfig) -> Rule:
    """``jax.lax.<fn>`` of one operand by :func:`arraytyping.op_rules.lax_unary_result`: the operand's own type, or
    refused."""
    return _by(lambda o: op_rules.lax_unary_result(fn, o, cfg), cfg)


def scipy_rule(fn: str, cfg: LatticeConfig) -> Rule:
    """``jax.scipy.<fn>`` of one operand (``special.erf``, ``norm.logpdf`` with ``loc`` and ``scale`` Python ints) by
    :func:`arraytyping.op_rules.scipy_static_result`: gradual (``Any``) where the rank decides, or refused."""
    return _by(lambda o: op_rules.scipy_static_result(fn, o, cfg), cfg)


def integer_pow_rule(cfg: LatticeConfig, y: int = 0) -> Rule:
    """``jax.lax.integer_pow(x, y)`` by :func:`arraytyping.op_rules.integer_pow_result`. The stubs cannot see ``y``
    and take it as non-negative: every number keeps its type (a negative ``y`` refuses integers at run time; the
    plugin sees a literal one)."""
    return _by(lambda o: op_rules.integer_pow_result(o, y, cfg), cfg)


def fft_rule(fn: str, cfg: LatticeConfig) -> Rule:
    """``jax.numpy.fft.<fn>`` by :func:`arraytyping.op_rules.fft_result`: a complex (or, for ``irfft``, real)
    strong dtype, or refused (``rfft`` of a complex or half-precision operand)."""
    return _by(lambda o: op_rules.fft_result(fn, o, cfg), cfg)


def linalg_rule(fn: str, cfg: LatticeConfig) -> Rule:
    """``jax.numpy.linalg.<fn>`` of one array result by :func:`arraytyping.op_rules.linalg_static_result`: the
    strong inexact dtype, gradual (``Any``) for a weak operand and where the path decides, or refused."""
    return _by(lambda o: op_rules.linalg_static_result(fn, o, cfg), cfg)


def linalg_tuple_rule(fn: str, cfg: LatticeConfig) -> Rule:
    """``jax.numpy.linalg.<fn>`` of a named tuple result by :func:`arraytyping.op_rules.linalg_tuple_result`, as one
    static class when every field has it (so that a type variable is kept, as for one result), else the fields'
    classes joined by ``/`` (``float32/complex64`` for ``eigh`` of ``complex64``; see :func:`tuple_fields`)."""
    def rule(cls: str) -> str | None:
        try:
            out = op_rules.linalg_tuple_result(fn, operand(cls, cfg), cfg)
        except specs.REJECTIONS:
            return None
        if out is None:
            return "Any"
        fields = [specs.static_of(*o) for o in out]
        return fields[0] if len(set(fields)) == 1 else "/".join(fields)
    return rule


def reduce_window_rule(cfg: LatticeConfig) -> Rule:
    """``jax.lax.reduce_window`` of one array by :func:`arraytyping.op_rules.lax_reduce_window_result`: its own
    strong dtype, ``Any`` for a weak one."""
    return _by(lambda o: op_rules.lax_reduce_window_result(o, cfg), cfg)


def top_k_rule(cfg: LatticeConfig) -> Rule:
    """``jax.lax.top_k`` by :func:`arraytyping.op_rules.lax_top_k_static_result`: the values' and the indices' classes
    joined by ``/`` (``float32/int32``; one class where they agree, ``int32`` for an ``int32`` operand, so that a
    type variable of it is kept), or refused (complex)."""
    def rule(cls: str) -> str | None:
        try:
            values, indices = op_rules.lax_top_k_static_result(operand(cls, cfg), cfg)
        except specs.REJECTIONS:
            return None
        fields = ["Any" if f is None else specs.static_of(*f) for f in (values, indices)]
        return fields[0] if fields[0] == fields[1] else "/".join(fields)
    return rule


def tuple_fields(result: str, n: int) -> list[str]:
    """The ``n`` fields' dtype annotations of a :func:`linalg_tuple_rule` answer (a type variable, ``Any`` or a class
    is every field's)."""
    return result.split("/") if "/" in result else [result] * n


def linalg_field_rule(fn: str, field: int, cfg: LatticeConfig) -> Rule:
    """The ``field``-th array of :func:`linalg_tuple_rule`'s answer, for a call that returns it alone
    (``qr(a, mode='r')``, ``svd(a, compute_uv=False)``)."""
    def rule(cls: str) -> str | None:
        try:
            out = op_rules.linalg_tuple_result(fn, operand(cls, cfg), cfg)
        except specs.REJECTIONS:
            return None
        return "Any" if out is None else specs.static_of(*out[field])
    return rule


def nn_rule(fn: str, cfg: LatticeConfig) -> Rule:
    """``jax.nn.<fn>`` of one operand by :func:`arraytyping.op_rules.nn_static_result`: gradual (``Any``) where the
    operand's rank decides."""
    return _by(lambda o: op_rules.nn_static_result(fn, o, cfg), cfg)


def int_as_float(rule: Rule) -> Rule:
    """``rule`` as the stubs can state it: pyrefly and ty take an ``int`` (and so a ``bool``) where a ``float`` is
    expected, even inside ``Array[...]``, so a weak ``int`` that ``rule`` refuses while it takes ``float`` is
    gradual (``Any``) in every checker rather than refused in some and answered ``float`` in others."""
    def stated(cls: str) -> str | None:
        r = rule(cls)
        if r is None and cls == "int" and rule("float") is not None:
            return "Any"
        return r
    return stated


def reduction_rule(fn: str, cfg: LatticeConfig) -> Rule:
    """``sum``/``prod``/``mean`` without ``dtype=``, by :func:`arraytyping.op_rules.reduction_result`; ``max``/
    ``min`` keep the dtype and drop the weak flag (JAX converts the operand, strongly, before reducing);
    ``any``/``all`` give bool."""
    def rule(cls: str) -> str | None:
        name, weak = operand(cls, cfg)
        if fn in ("max", "min"):
            return specs.static_of(name, False)
        if fn in ("any", "all"):
            return "bool_"
        try:
            out, out_weak = op_rules.reduction_result(fn, (name, weak), None, cfg)
        except specs.REJECTIONS:
            return None
        return specs.static_of(out, out_weak)
    return rule


def bincount_rule(cfg: LatticeConfig) -> Rule:
    """``bincount`` without ``weights=``, by :func:`arraytyping.op_rules.bincount_result`: the default integer of
    an integer or bool ``x`` (None, the rule's refusal, for the others)."""
    def rule(cls: str) -> str | None:
        try:
            return specs.static_of(*op_rules.bincount_result(operand(cls, cfg), None, cfg))
        except specs.REJECTIONS:
            return None
    return rule


def unravel_index_rule(cfg: LatticeConfig) -> Rule:
    """Each array of ``unravel_index(indices, shape)`` of Python sizes, by
    :func:`arraytyping.op_rules.unravel_index_result`: the class every axis and every pattern of sizes
    (``op_rules.UNRAVEL_INDEX_SIZES``: ints and bools look alike in the stubs) gives, or ``Any`` where they differ
    (a bool ``indices``: weak with int sizes, strong with a bool one)."""
    def rule(cls: str) -> str | None:
        try:
            answers = {specs.static_of(*r) for sizes in op_rules.UNRAVEL_INDEX_SIZES
                       for r in op_rules.unravel_index_result(operand(cls, cfg), sizes, cfg)}
        except specs.REJECTIONS:
            return None
        return answers.pop() if len(answers) == 1 else "Any"
    return rule


@functools.cache
def not_own_classes(fn: str) -> tuple[str, ...]:
    """The static classes of the operands to which ``fn`` (``diag``, or a function of op_rules' ``SHAPE`` family
    ``same``) gives another class than their own (canonicalized) in some configuration and some case of its rule
    (``diag`` of a vector or a matrix; of op_rules' ``SQUARE_MATRIX_FUNCTIONS``, a square matrix or not)."""
    square_cases = (False, True) if fn in op_rules.SQUARE_MATRIX_FUNCTIONS else (False,)
    out: set[str] = set()
    for mode in ("standard", "strict"):
        for x64 in (False, True):
            cfg = LatticeConfig(mode, x64)
            for node in lattice.KIND:
                for weak in ((True,) if node in lattice.WEAK_NAMES else (False, True)):
                    own = specs.static_of(*(node, weak) if node in lattice.WEAK_NAMES else
                                          (lattice.canonical_name(node, x64), weak))
                    for square in square_cases:
                        got = [op_rules.creation_result(fn, [(node, weak)], cfg, vector=vector, square_matrix=square)
                               for vector in (True, False)] if fn == "diag" else \
                            [op_rules.shape_result(fn, [(node, weak)], cfg, square_matrix=square)]
                        if any(specs.static_of(*g) != own for g in got):
                            out.add(own)
    return tuple(c for c in ("int", "float", "complex", *specs.CONCRETE) if c in out)


def shape_rule(fn: str, cfg: LatticeConfig, *bounds: Sequence[tuple[str, bool] | None]) -> Rule:
    """op_rules' ``shape_result`` of ``fn`` on one array and, for each of ``bounds``, any of its operands
    (``None``: the argument left out): the one answer of all of them, ``Any`` where they differ."""
    def rule(cls: str) -> str | None:
        answers: set[str] = set()
        for given in itertools.product(*bounds):
            try:
                answers.add(specs.static_of(*op_rules.shape_result(
                    fn, [operand(cls, cfg), *(b for b in given if b is not None)], cfg)))
            except specs.REJECTIONS:
                return None
        return answers.pop() if len(answers) == 1 else "Any"
    return rule


CLIP_BOUNDS: Final = (("None", (None,)), ("int | None", (None, (lattice.BOOL, False), ("int", True))),
                      ("float | None", (None, (lattice.BOOL, False), ("int", True), ("float", True))))
"""``clip``'s typed bounds: each annotation and the operands it admits (a ``bool`` is an ``int``, which is a
``float``, to every checker)."""
