"""``op_rules.unary_result`` (what the stubs and the mypy plugin answer for one-operand functions) is the runtime's
answer, for every function of its table, every dtype (strong and weakly typed) and every configuration: the dtype
and weak flag by abstract evaluation, or the same refusal."""

from __future__ import annotations

import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import lattice, op_rules
from arraytyping._src.core.avals import ShapedArray

OPERANDS = [(n, False) for n in lattice.DTYPE_NAMES] + [(n, True) for n in lattice.WEAK_NAMES] + [("bool", True)]
"""Every dtype, the weak nodes, and a weak bool array (what comparing two weakly typed operands gives)."""


_ERRORS = (TypeError, ValueError, OverflowError, NotImplementedError)
"""The classes a refusal is compared by (op_rules' errors subclass them, as JAX's errors are them)."""


def _error_class(e: Exception) -> type[Exception]:
    return next(c for c in _ERRORS if isinstance(e, c))


@pytest.mark.parametrize("cfg", lattice.ALL_CONFIGS, ids=str)
@pytest.mark.parametrize("fn", list(op_rules.UNARY))
def test_unary_result_is_the_runtime(fn: str, cfg: lattice.LatticeConfig) -> None:
    """Every dtype, strong and weakly typed, at rank 0 and rank 1: the rule's answer (its ``rank0`` flag set as the
    operand's) is the runtime's, or both refuse with the same error class."""
    mismatches = []
    with at.enable_x64(cfg.x64), at.dtype_promotion(cfg.mode):
        for name, weak in OPERANDS:
            dtype = lattice.default_name(lattice.KIND[name], cfg.x64) if name in lattice.WEAK_NAMES else name
            for shape in ((), (2,)):
                aval = ShapedArray(shape, at.dtypes.canonicalize_dtype(dtype), weak)
                try:
                    expected: object = op_rules.unary_result(fn, (dtype, weak), cfg, rank0=not shape)
                except _ERRORS as e:
                    expected = _error_class(e)
                try:
                    out = at.eval_shape(getattr(anp, fn), aval)
                    got: object = (str(out.dtype), bool(out.weak_type))
                except _ERRORS as e:
                    got = _error_class(e)
                if got != expected:
                    mismatches.append((name, weak, shape, expected, got))
    assert not mismatches, mismatches
