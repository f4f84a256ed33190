"""The plugin's error codes and messages.

``dtype-promotion`` reports what JAX refuses: a pair of dtypes with no promotion path, a dtype an operation does not
take, a dtype string that names no dtype. It is a sub-code of the code mypy gives the same mistake from the stubs
alone, so that one comment silences it with and without the plugin (``# type: ignore[dtype-promotion]`` silences it
with the plugin only):

=====================================================  ==================
the mistake                                            silence with
=====================================================  ==================
an operator (``x + y``)                                ``[operator]``
a function (``anp.add(x, y)``, ``anp.where``, ...)     ``[arg-type]``
a unary operator on its self (``-x`` of bool)          ``[misc]``
a dtype string that names no dtype (``astype("f33")``) ``[call-overload]``
=====================================================  ==================

``shape-mismatch`` reports shapes that no sizes of their symbols could make work (``(3, 4) + (5,)``, a reduction's
axis out of range), with both shapes and the axis; it is a sub-code of ``operator`` for an operator and of
``arg-type`` for a function or method, so ``# type: ignore[operator]`` silences it as it would a dtype mistake.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Final

from mypy import errorcodes as codes
from mypy.errorcodes import ErrorCode
from mypy.plugin import FunctionContext, MethodContext

from arraytyping_mypy._rules import L, OR

__all__ = ["DTYPE_PROMOTION", "DTYPE_PROMOTION_ARG", "DTYPE_PROMOTION_CALL", "DTYPE_PROMOTION_SELF", "SHAPE_MISMATCH",
           "SHAPE_MISMATCH_ARG", "nearest_spellings", "reject"]

_DESCRIPTION: Final = "What JAX 0.10.2 refuses for these dtypes (arraytyping)"
DTYPE_PROMOTION: Final = ErrorCode("dtype-promotion", _DESCRIPTION, "arraytyping", sub_code_of=codes.OPERATOR)
DTYPE_PROMOTION_ARG: Final = ErrorCode("dtype-promotion", _DESCRIPTION, "arraytyping", sub_code_of=codes.ARG_TYPE)
DTYPE_PROMOTION_SELF: Final = ErrorCode("dtype-promotion", _DESCRIPTION, "arraytyping", sub_code_of=codes.MISC)
DTYPE_PROMOTION_CALL: Final = ErrorCode("dtype-promotion", _DESCRIPTION, "arraytyping",
                                        sub_code_of=codes.CALL_OVERLOAD)
_SHAPES: Final = "Shapes no sizes could make work in JAX 0.10.2 (arraytyping)"
SHAPE_MISMATCH: Final = ErrorCode("shape-mismatch", _SHAPES, "arraytyping", sub_code_of=codes.OPERATOR)
SHAPE_MISMATCH_ARG: Final = ErrorCode("shape-mismatch", _SHAPES, "arraytyping", sub_code_of=codes.ARG_TYPE)


def reject(ctx: MethodContext | FunctionContext, err: Exception, a: str, b: str | None, what: str,
           code: ErrorCode) -> None:
    """Report op_rules' refusal ``err`` of the operands described ``a`` (and ``b``) in ``what``."""
    on = f"{a} and {b}" if b is not None else a
    if isinstance(err, L.TypePromotionError):
        msg = f"{err} (in {what} on {on})"
    elif isinstance(err, OR.OperandTypeError):
        msg = f"{what} is not defined for {on}: {err}"
    else:
        msg = f"{what} fails in JAX 0.10.2 for {on}: {err}"
    ctx.api.fail(msg, ctx.context, code=code)


def nearest_spellings(text: str, spellings: Iterable[str], n: int = 3) -> list[str]:
    """The valid dtype spellings closest to ``text`` (for a message)."""
    pool = list(spellings)
    out = difflib.get_close_matches(text, pool, n=n, cutoff=0.5)
    if not out:
        out = difflib.get_close_matches(text.lower(), [s.lower() for s in pool], n=n, cutoff=0.3)
    return out
