"""The expressions a checker is known to run past its CPU limit on (mypy without the plugin: the README's limits
table). ``tests/typing/test_fuzz.py``'s sample and ``tools/static_fuzz.py --skip-known-slow`` keep them from that
checker, and count them as skipped; the full run gives it every case."""

from __future__ import annotations

import re

from .classify import must_reject
from .generate import Case

SLOW_ON_REJECTIONS: frozenset[str] = frozenset({"mypy"})
"""Checkers whose failed overload resolution can run past the CPU limit on an expression the runtime rejects (mypy
without the plugin: the README's limits table, "a rejected function call, without the plugin ... can take minutes";
``test_static.MYPY_SLOW_REJECTIONS``). The sample keeps from them the expressions rejected in every run, and those
with an operand that is a union of arrays one of whose members is rejected: the checker must reject the call, and
mypy tries every member against every overload first (seed ``2026-11-28-s47m``: ``linalg.solve(x0, x1)`` with
``x1: Array[bfloat16] | Array[int2]``, and ``x0 // anp.remainder(x1, x2)`` with ``x2: Array[int8] | Array[float16]``,
each past the limit; some 7 expressions in 1,000). A union of arrays is the operand kind ``"union"``
(:func:`.operands.k_union`, either spelling)."""


SLOW_ON_UNION_DTYPES: frozenset[str] = frozenset({"mypy"})
"""Checkers that can run past the CPU limit on an operation with an operand whose dtype is a union inside the
brackets (``Array[uint32 | float8_e4m3b11fnuz]``: mypy without the plugin joins the members' ~90 promotion-protocol
bases; the README's limits table, rows "union inside the brackets" and "a join of two arrays' dtypes"): the operand
kind ``"union_param"`` (:func:`.operands.k_union_param`)."""


SLOW_ON_JOINS: frozenset[str] = frozenset({"mypy"})
"""Checkers that can run past the CPU limit on a join of arrays' dtypes (``anp.concatenate((x_bf16, x < y))``: mypy
without the plugin joins two dtype classes through their ~90 promotion-protocol bases; the README's limits table,
row "a join of two arrays' dtypes")."""
_JOIN = re.compile(r"anp\.(?:concatenate|concat|stack|vstack|hstack|dstack|column_stack|select)\(|"
                   r"anp\.\w+\(.*anp\.(?:dot|vdot|inner|outer|matmul|tensordot|kron)\(")
"""A joining call, or a product of two arrays passed to another overloaded call, as any of its arguments: mypy infers
the product again under each of the outer call's overloads (``anp.isnan(anp.dot(x_bool, x_f32))``: past 120 s of CPU,
where the product alone takes 4 s; seed "ci" after the quantile functions joined the registry,
``anp.where(m, anp.amax(x_i16, axis=(0, 1)), anp.matmul(x_i8, x_union))``). Any call before a product counts, nested or
not: a regular expression does not count parentheses, and the full run gives mypy every case anyway."""


SLOW_ON_COMPUTED_DTYPES: frozenset[str] = frozenset({"mypy"})
"""Checkers that can run past the CPU limit on a call given ``dtype=anp.result_type(...)`` (``np.dtype[Any]``, which
matches every ``dtype`` overload) whose operand is a nested call: mypy without the plugin infers the nested call again
under each overload, joining dtype classes each time (the README's limits table, row "a dtype computed by
``result_type``"; seed "ci", ``anp.sum(anp.where(x1 != x0, anp.logical_or(0.5, 0.5), linalg.det(x2)), axis=0,
dtype=anp.result_type(...))``: minutes)."""
_COMPUTED_DTYPE = re.compile(r"\(anp\.\w+\(.*dtype=anp\.result_type\(")


def known_slow(checker: str, case: Case) -> bool:
    """Whether ``case`` is one ``checker`` is known to run past its CPU limit on (:data:`SLOW_ON_REJECTIONS`,
    :data:`SLOW_ON_UNION_DTYPES`, :data:`SLOW_ON_JOINS`, :data:`SLOW_ON_COMPUTED_DTYPES`): the sample keeps it from
    that checker, whose search for the exploding expression (splitting the module down to it, each part given the
    CPU limit) costs minutes. ``tools/static_fuzz.py`` gives it every case unless run with ``--skip-known-slow``."""
    return ((checker in SLOW_ON_REJECTIONS and _rejected(case))
            or (checker in SLOW_ON_UNION_DTYPES and any(p.kind == "union_param" for p in case.params))
            or (checker in SLOW_ON_JOINS and _JOIN.search(case.source) is not None)
            or (checker in SLOW_ON_COMPUTED_DTYPES and _COMPUTED_DTYPE.search(case.source) is not None))


def _rejected(case: Case) -> bool:
    """Whether the runtime rejects ``case`` in every run, or ``case`` must be rejected and has a union-of-arrays
    operand (:data:`SLOW_ON_REJECTIONS`)."""
    runs = case.runs
    return bool(runs) and (all(r.outcome.error for r in runs)
                           or (any(p.kind == "union" for p in case.params) and must_reject(case)))
