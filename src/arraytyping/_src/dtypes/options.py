"""JAX 0.10.2's configuration options other than x64 and the promotion mode (which :mod:`.config` holds): their
names, defaults and the values each takes, so that ``config.update("jax_debug_nans", True)`` and
``config.jax_log_compiles`` work as in JAX and a misspelt name fails as JAX fails it.

Most are about JAX's machinery (compilation caches, logging, tracebacks, devices): arraytyping stores them and
they change nothing here. Those that change what a program does in JAX and that arraytyping does not implement
(:data:`UNENFORCED`: ``jax_disable_jit``, the tracer-leak checker, the key-reuse checker, the transfer guards) are stored too, and setting one to a value other than its default warns that it is not enforced. The
random-number implementation is refused unless it is threefry2x32, the only one arraytyping has: another would
give other numbers.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any, Final

__all__ = ["DEFAULTS", "UNENFORCED", "check", "unrecognized"]


def _bool(name: str, value: object) -> bool:
    return bool(value)  # JAX keeps any value's truth: update("jax_debug_nans", "yes") is True


def _enum(*choices: str, optional: bool = False) -> Callable[[str, object], object]:
    def check(name: str, value: object) -> object:
        if (optional and value is None) or value in choices:
            return value
        none = "None or " if optional else ""
        raise ValueError(f"new enum value must be {none}in {list(choices)}, got {value} of type {type(value)}.")
    return check


def _str(name: str, value: object) -> object:
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"new string config value must be None or of type str, got {value} of type {type(value)}.")


def _float(name: str, value: object) -> object:
    if value is None or isinstance(value, (float, int)):
        return value
    raise ValueError(f"new float config value must be None or of type float, got {value} of type {type(value)}")


def _any(name: str, value: object) -> object:
    return value


def _prng(name: str, value: object) -> object:
    _enum("threefry2x32", "threefry4x32", "rbg", "unsafe_rbg", "philox2x32", "philox4x32")(name, value)
    if value != "threefry2x32":
        raise NotImplementedError(f"jax_default_prng_impl={value!r}: arraytyping implements threefry2x32 only (its "
                                  "random numbers would not be JAX's)")
    return value


def _partitionable(name: str, value: object) -> bool:
    if not value:
        raise NotImplementedError("jax_threefry_partitionable=False: arraytyping implements the partitionable "
                                  "threefry only (other random bits would not be JAX's)")
    return True


_PRECISIONS: Final = ("default", "high", "highest", "bfloat16", "tensorfloat32", "float32", "ANY_F8_ANY_F8_F32",
                      "ANY_F8_ANY_F8_F32_FAST_ACCUM", "ANY_F8_ANY_F8_ANY", "ANY_F8_ANY_F8_ANY_FAST_ACCUM",
                      "F16_F16_F16", "F16_F16_F32", "BF16_BF16_BF16", "BF16_BF16_F32", "BF16_BF16_F32_X3",
                      "BF16_BF16_F32_X6", "BF16_BF16_F32_X9", "TF32_TF32_F32", "TF32_TF32_F32_X3", "F32_F32_F32",
                      "F64_F64_F64")

_OPTIONS: Final[dict[str, tuple[object, Callable[[str, object], object]]]] = {
    "jax_debug_nans": (False, _bool),
    "jax_debug_infs": (False, _bool),
    "jax_disable_jit": (False, _bool),
    "jax_check_tracer_leaks": (False, _bool),
    "jax_numpy_rank_promotion": ("allow", _enum("allow", "warn", "raise")),
    "jax_explain_cache_misses": (False, _bool),
    "jax_log_compiles": (False, _bool),
    "jax_enable_checks": (False, _bool),
    "jax_debug_key_reuse": (False, _bool),
    "jax_threefry_partitionable": (True, _partitionable),
    "jax_softmax_custom_jvp": (False, _bool),
    "jax_enable_compilation_cache": (True, _bool),
    "jax_raise_persistent_cache_errors": (False, _bool),
    "jax_default_matmul_precision": (None, _enum(*_PRECISIONS, optional=True)),
    "jax_traceback_filtering": ("auto", _enum("off", "tracebackhide", "remove_frames", "quiet_remove_frames",
                                              "auto")),
    "jax_transfer_guard": (None, _enum("allow", "log", "disallow", "log_explicit", "disallow_explicit",
                                       optional=True)),
    "jax_default_prng_impl": ("threefry2x32", _prng),
    "jax_platforms": (None, _str),
    "jax_compilation_cache_dir": (None, _str),
    "jax_persistent_cache_min_compile_time_secs": (1.0, _float),
    "jax_default_device": (None, _any),
    "jax_allow_f16_reductions": (True, _bool),
    "jax_array_garbage_collection_guard": (None, _enum("allow", "log", "fatal", optional=True)),
    "jax_enable_custom_prng": (False, _bool),
    "jax_legacy_prng_key": ("allow", _enum("allow", "warn", "error")),
    "jax_no_execution": (False, _bool),
    "jax_no_tracing": (False, _bool),
    "jax_thread_guard": (False, _bool),
    "jax_transfer_guard_host_to_device": (None, _enum("allow", "log", "disallow", "log_explicit",
                                                      "disallow_explicit", optional=True)),
    "jax_transfer_guard_device_to_host": (None, _enum("allow", "log", "disallow", "log_explicit",
                                                      "disallow_explicit", optional=True)),
    "jax_transfer_guard_device_to_device": (None, _enum("allow", "log", "disallow", "log_explicit",
                                                        "disallow_explicit", optional=True)),
}

DEFAULTS: Final[dict[str, object]] = {name: default for name, (default, _) in _OPTIONS.items()}
"""Each option's value in a fresh JAX 0.10.2."""

UNENFORCED: Final = frozenset({"jax_disable_jit", "jax_check_tracer_leaks", "jax_debug_key_reuse",
                               "jax_transfer_guard", "jax_transfer_guard_host_to_device",
                               "jax_transfer_guard_device_to_host", "jax_transfer_guard_device_to_device"})
"""Options JAX acts on and arraytyping does not: accepted, stored, and a warning when set off their default."""


def unrecognized(name: str) -> AttributeError:
    """JAX's error for an option it does not have."""
    return AttributeError(f"Unrecognized config option: {name}")


def check(name: str, value: object) -> Any:
    """The value option ``name`` stores for ``value`` (JAX's error class and message when JAX refuses it)."""
    entry = _OPTIONS.get(name)
    if entry is None:
        raise unrecognized(name)
    default, validate = entry
    out = validate(name, value)
    if name in UNENFORCED and out != default and out != "allow":
        warnings.warn(f"{name}={out!r} is accepted but not enforced by arraytyping: it behaves as {default!r}",
                      UserWarning, stacklevel=3)
    return out
