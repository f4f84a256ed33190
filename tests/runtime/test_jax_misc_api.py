"""JAX's configuration options as context managers (``numpy_rank_promotion``, ``numpy_dtype_promotion``,
``allow_f16_reductions``, ``legacy_prng_key``, ``no_execution``, ``no_tracing``, ``softmax_custom_jvp``...) and the
smaller public names of issue 64, held to JAX 0.10.2 by ``tests/data/jax_misc_api_reference.json``
(``tools/jax_misc_api_reference.py`` runs the same expressions in JAX's venv): values, dtypes, weak flags, warnings,
and the error class where JAX refuses (and its message, for the messages :data:`SAME_MESSAGE` names), with x64 off
and on.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any, Final

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "jax_misc_api_reference.json").read_text())
TOOL = tool("jax_misc_api_reference")

DIFFERENCES: Final[dict[str, str]] = {
    "sequential_vmap_vmap_grad_outer": ("JAX cannot linearize the scan its sequential rule makes (a ValueError); "
                                        "the runtime differentiates the rule's lax.map, giving the gradient"),
}
"""Case -> why the runtime's answer differs from JAX's; each is checked to still differ, and checked otherwise."""

_BROADCAST_FIRST = "JAX's message lists the shapes of its internal broadcast (three, one repeated); ours the two operands'"
OTHER_MESSAGE: Final[dict[str, str]] = {
    "dtype_strict_f16_f32": "the runtime's own TypePromotionError message (naming the operation), as everywhere",
    "dtype_strict_int_float": "the runtime's own TypePromotionError message (naming the operation), as everywhere",
    "dtype_strict_jit": "the runtime's own TypePromotionError message (naming the operation), as everywhere",
    "mismatch_copysign_int32": _BROADCAST_FIRST,
    "mismatch_copysign_float32": _BROADCAST_FIRST,
    "mismatch_heaviside_int32": _BROADCAST_FIRST,
    "mismatch_heaviside_float32": _BROADCAST_FIRST,
    "device_put_bad_prefix": "JAX's mismatch details name its key path (device_put device); ours the runtime's pytree "
                             "error",
    "dtype_bad_value": "JAX's message names its private enum class (NumpyDtypePromotion); ours names the values",
    "no_execution_add": "JAX names its executable (jit(add)); the runtime's executables carry no name",
    "no_execution_jit": "JAX names its executable (jit(<lambda>)); the runtime's executables carry no name",
    "no_tracing_new_jit": "JAX names the function with its source position; the runtime with its name",
    "legacy_key_bad": "JAX's message names its private enum class (LegacyPrngKeyState); ours lists the values",
    "default_matmul_precision_bad": "the list of precisions is JAX's, in JAX's words, but cut short here",
}
"""Cases whose error has JAX's class but another message, and why; every other error case has JAX's message."""


def _ours(config: str) -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an option accepted but not enforced warns; its cases say what it does
        return cases_on_runtime("jax_misc_api_reference", config, {"at": at, "jnp": anp, "np": np})


def _same(jax: Any, ours: Any, message: bool) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours) if message else bool(jax[:2] == ours[:2])
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[0] == "STR" or b[0] == "STR":
            if a != b:
                return False
            continue
        if a[:2] != b[:2]:
            return False
        fa, fb = np.asarray(a[2], dtype=float), np.asarray(b[2], dtype=float)
        if fa.shape != fb.shape or not np.allclose(fa, fb, rtol=2e-3, atol=2e-4, equal_nan=True):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    if name in DIFFERENCES:
        assert not _same(want, got, False), f"{name} now matches JAX: drop it from DIFFERENCES"
        return
    assert _same(want, got, name not in OTHER_MESSAGE), f"{name} ({config}): JAX {str(want)[:400]}\nours {str(got)[:400]}"


def test_other_messages_are_errors_of_jax_class() -> None:
    for name in OTHER_MESSAGE:
        want = REF["results"]["x64_off"][name]
        assert want[0] == "ERR", name


def test_options_are_restored_after_a_block() -> None:
    x, y = anp.ones((2, 3)), anp.ones(3)
    with at.numpy_rank_promotion("raise"):
        with pytest.raises(ValueError, match="jax_numpy_rank_promotion='raise'"):
            _ = x + y
    assert (x + y).shape == (2, 3)
    assert at.numpy_rank_promotion.value == "allow"
    assert at.config.jax_numpy_rank_promotion == "allow"


def test_a_cached_jit_checks_rank_promotion_again() -> None:
    """The runtime's caches (and its inline fast paths) key on the option: a function traced under ``allow`` is
    traced again under ``raise``, which then refuses, as JAX's jit key does."""
    f = at.jit(lambda a, b: a + b)
    x, y = anp.ones((2, 3)), anp.ones(3)
    for _ in range(3):  # the hot path is taken from the second call on
        f(x, y)
        _ = x + y
    with at.numpy_rank_promotion("raise"):
        with pytest.raises(ValueError, match="for add on shapes"):
            f(x, y)
        with pytest.raises(ValueError, match="for add on shapes"):
            _ = x + y
    assert f(x, y).shape == (2, 3)


def test_global_update_raises_until_reset() -> None:
    x, y = anp.ones((2, 3)), anp.ones(3)
    _ = x * y
    at.config.update("jax_numpy_rank_promotion", "raise")
    try:
        with pytest.raises(ValueError):
            _ = x * y
    finally:
        at.config.update("jax_numpy_rank_promotion", "allow")
    assert (x * y).shape == (2, 3)


def test_unenforced_options_warn() -> None:
    with pytest.warns(UserWarning, match="not enforced"):
        with at.transfer_guard("disallow"):
            pass
    with pytest.warns(UserWarning, match="not enforced"):
        with at.checking_leaks():
            pass


def test_refused_options_say_why() -> None:
    with pytest.raises(NotImplementedError, match="partitionable"):
        with at.threefry_partitionable(False):
            pass
    with pytest.raises(NotImplementedError, match="threefry2x32"):
        with at.default_prng_impl("rbg"):
            pass


def test_differentiating_a_custom_vmap_function_is_refused_not_guessed() -> None:
    """JAX cannot reverse-differentiate a custom_vmap function either (a ValueError); the runtime says why."""
    from arraytyping.custom_batching import custom_vmap

    f = custom_vmap(lambda x: x * 2.0)
    f.def_vmap(lambda axis_size, in_batched, x: (x * 3.0, True))
    with pytest.raises(NotImplementedError, match="custom_vmap"):
        at.grad(f)(1.0)
    with pytest.raises(AttributeError, match="def_vmap"):
        custom_vmap(lambda x: x)(1.0)
