"""The C fast path of promote_types gives exactly the Python path's answers, errors and config behaviour."""

from __future__ import annotations

import itertools
import threading

import numpy as np
import pytest

import arraytyping as at
from arraytyping import lattice
from arraytyping._src.dtypes import promotion
from arraytyping._src.dtypes import registry

speedups = promotion._speedups  # pyright: ignore[reportPrivateUsage]
pytestmark = pytest.mark.skipif(speedups is None, reason="the optional C extension was not built")

SPECS: list[object] = [info.dtype for info in registry.INFO.values()] + [int, float, complex] + [
    info.scalar_class for info in registry.INFO.values()] + ["float32", "bfloat16", "int4"]


def _outcome(fn: object, a: object, b: object) -> object:
    try:
        return fn(a, b)  # type: ignore[operator]
    except Exception as e:  # noqa: BLE001 - compared by class and message
        return (type(e), str(e))


def test_the_extension_is_built_and_used() -> None:
    assert speedups is not None, "build with a C compiler: pip install -e . compiles src/arraytyping/_src/_speedups.c"
    assert at.promote_types is speedups.promote_types


@pytest.mark.parametrize("cfg", lattice.ALL_CONFIGS, ids=str)
def test_same_answers_as_python_for_all_pairs(cfg: lattice.LatticeConfig) -> None:
    python = promotion._promote_types_py  # pyright: ignore[reportPrivateUsage]
    at.config.update("x64", cfg.x64)
    at.config.update("promotion", cfg.mode)
    try:
        for _ in range(2):  # the second round is served from the C cache
            for a, b in itertools.product(SPECS, repeat=2):
                assert _outcome(at.promote_types, a, b) == _outcome(python, a, b), (a, b)
    finally:
        at.config.update("x64", False)
        at.config.update("promotion", "standard")


def test_cache_follows_config_changes_and_context_managers() -> None:
    f64 = np.dtype("float64")
    assert at.promote_types("uint64", "int8") == f64  # not canonicalized, as JAX
    i8, i16 = np.dtype("int8"), np.dtype("int16")
    assert at.promote_types(i8, i16) == i16
    with at.dtype_promotion("strict"):
        with pytest.raises(at.TypePromotionError, match="strict"):
            at.promote_types(i8, i16)
    assert at.promote_types(i8, i16) == i16
    at.config.update("promotion", "strict")
    try:
        with pytest.raises(at.TypePromotionError):
            at.promote_types(i8, i16)
    finally:
        at.config.update("promotion", "standard")
    assert at.promote_types(i8, i16) == i16


def test_a_context_manager_in_another_thread_does_not_leak() -> None:
    i8, i16 = np.dtype("int8"), np.dtype("int16")
    inside = threading.Event()
    release = threading.Event()

    def strict_thread() -> None:
        with at.dtype_promotion("strict"):
            inside.set()
            release.wait(5)

    t = threading.Thread(target=strict_thread)
    t.start()
    inside.wait(5)
    try:
        assert at.promote_types(i8, i16) == i16  # this thread is still standard
    finally:
        release.set()
        t.join()


def test_unhashable_and_bad_inputs_raise_clear_errors() -> None:
    with pytest.raises(TypeError, match="not a dtype"):
        at.promote_types([1, 2], "int8")
    with pytest.raises(TypeError, match="exactly 2 arguments"):
        at.promote_types("int8")  # type: ignore[call-arg]


def test_many_distinct_inputs_stay_bounded() -> None:
    speedups.clear()
    names = ["".join(["int", str(8 * (1 + i % 2))]) for i in range(5000)]  # 5000 distinct string objects
    assert len({id(n) for n in names}) == 5000
    for n in names:
        assert at.promote_types(n, "float32") == np.float32
    size = speedups.cache_size()
    assert 0 < size <= 1024
