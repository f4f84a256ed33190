"""Run-time checks as values (as ``jax.experimental.checkify``): :func:`check` asserts a predicate of run-time
values, :func:`checkify` returns the failures of a function's checks, and of the automatic checks it adds (NaNs,
divisions by zero, out-of-bounds indices), as an :class:`Error` beside its outputs, under ``jit``, ``vmap`` and
``grad``."""

from arraytyping._src.api.checkify import (
    Error, ErrorCategory, JaxRuntimeError, all_checks, automatic_checks, check, check_error, checkify, debug_check,
    div_checks, float_checks, index_checks, init_error, nan_checks, user_checks,
)

__all__ = [
    "Error", "ErrorCategory", "JaxRuntimeError", "all_checks", "automatic_checks", "check", "check_error", "checkify",
    "debug_check", "div_checks", "float_checks", "index_checks", "init_error", "nan_checks", "user_checks",
]
