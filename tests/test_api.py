"""The public dtype API: spellings, configuration, queries and errors."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

import arraytyping as at
from arraytyping import lattice
from arraytyping._src.dtypes import registry


def spellings(name: str) -> list[object]:
    info = registry.INFO[name]
    return [name, info.dtype, info.scalar_class, info.dtype.type]


def test_registry_has_every_jax_dtype_with_distinct_identity() -> None:
    assert len(registry.INFO) == 32
    assert len({i.dtype for i in registry.INFO.values()}) == 32
    # ml_dtypes' character codes collide; lookups must not rely on them.
    assert np.dtype(ml_dtypes.uint1).char == np.dtype(ml_dtypes.bfloat16).char
    assert at.dtypes.canonicalize_dtype(ml_dtypes.uint1) == np.dtype(ml_dtypes.uint1)
    assert at.dtypes.canonicalize_dtype("bfloat16") == np.dtype(ml_dtypes.bfloat16)
    for name, info in registry.INFO.items():
        assert info.dtype.name == name
        assert info.scalar_class.dtype is info.dtype
        assert registry.info_of_dtype(info.dtype) is info


@settings(max_examples=300, deadline=None)
@given(hst.lists(hst.sampled_from(lattice.DTYPE_NAMES), min_size=1, max_size=4), hst.data(),
       hst.sampled_from(lattice.ALL_CONFIGS))
def test_every_spelling_of_a_dtype_promotes_alike(names: list[str], data: hst.DataObject,
                                                  cfg: lattice.LatticeConfig) -> None:
    with at.enable_x64(cfg.x64), at.dtype_promotion(cfg.mode):
        expected = _result_or_error(names)
        args = [data.draw(hst.sampled_from(spellings(n))) for n in names]
        assert _result_or_error(args) == expected
        shuffled = data.draw(hst.permutations(args))
        assert _result_or_error(shuffled) == expected


def _result_or_error(args: list[object]) -> object:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return at.dtypes.result_type(*args, return_weak_type_flag=True)
        except at.TypePromotionError:
            return "error"


@settings(max_examples=200, deadline=None)
@given(hst.lists(hst.sampled_from(list(lattice.DTYPE_NAMES) + [2, 2.0, 2j, True]), min_size=1, max_size=5),
       hst.sampled_from(lattice.ALL_CONFIGS))
def test_result_type_matches_the_lattice_model(args: list[object], cfg: lattice.LatticeConfig) -> None:
    ops = [(a, False) if isinstance(a, str) else
           ({bool: ("bool", False), int: ("int", True), float: ("float", True), complex: ("complex", True)}
            [type(a)]) for a in args]
    with at.enable_x64(cfg.x64), at.dtype_promotion(cfg.mode):
        try:
            name, weak = lattice.result_node(ops, cfg)
        except lattice.TypePromotionError:
            with pytest.raises(at.TypePromotionError):
                _strict_result(args)
            return
        dt, w = _strict_result(args)
        assert w == weak
        if not weak:
            assert dt.name == name


def _strict_result(args: list[object]) -> tuple[np.dtype, bool]:  # type: ignore[type-arg]
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return at.dtypes.result_type(*args, return_weak_type_flag=True)


def test_headline_examples() -> None:
    assert at.result_type(np.float32, 2) == np.float32
    assert at.dtypes.result_type(np.zeros(2, np.float32), 2.0, return_weak_type_flag=True) == (
        np.dtype("float32"), False)
    assert at.dtypes.result_type(2, 2.0, return_weak_type_flag=True) == (np.dtype("float32"), True)
    with at.enable_x64():
        assert at.dtypes.result_type(np.uint64, np.int64, return_weak_type_flag=True) == (np.dtype("float64"), True)
    with pytest.warns(UserWarning):  # with x64 off both are truncated to 32 bits first, as in JAX
        assert at.dtypes.result_type(np.uint64, np.int64, return_weak_type_flag=True) == (np.dtype("int32"), False)
    assert at.promote_types("uint8", int) == np.uint8
    assert at.promote_types(at.bfloat16, at.float16) == np.float32
    with pytest.raises(at.TypePromotionError, match=r"float8_e4m3fn, float32.*astype\('float32'\)"):
        at.promote_types("float8_e4m3fn", "float32")
    assert issubclass(at.TypePromotionError, ValueError)


def test_weak_types_compare_by_identity_not_equality() -> None:
    assert np.dtype("float64") == float  # numpy says so ...
    assert at.promote_types(np.dtype("float64"), "float16") == np.float64  # ... but a dtype is strong
    assert at.promote_types(float, "float16") == np.float16  # and the class is weak


def test_config_update_and_context_managers() -> None:
    assert at.config.x64 is False and at.config.promotion == "standard"
    with at.enable_x64():
        assert at.result_type(2.0) == np.float64
        with at.enable_x64(False):
            assert at.result_type(2.0) == np.float32
    with at.dtype_promotion("strict"):
        with pytest.raises(at.TypePromotionError, match="strict.*standard promotion"):
            at.result_type(np.int8, np.int16)
    at.config.update("x64", True)
    try:
        assert at.result_type(2) == np.int64
    finally:
        at.config.update("x64", False)
    with pytest.raises(TypeError, match="x64 must be True or False"):
        at.config.update("x64", "yes")
    with pytest.raises(ValueError, match="'standard' or 'strict'"):
        at.config.update("promotion", "loose")
    with pytest.raises(AttributeError, match="Unrecognized config option: x65"):  # JAX's error
        at.config.update("x65", True)
    with pytest.raises(ValueError):
        with at.dtype_promotion("loose"):  # type: ignore[arg-type]
            pass


def test_context_managers_are_local_to_a_thread() -> None:
    seen: list[bool] = []
    ready = threading.Event()
    done = threading.Event()

    def other() -> None:
        ready.wait()
        seen.append(at.config.x64)
        done.set()

    t = threading.Thread(target=other)
    t.start()
    with at.enable_x64(True):
        ready.set()
        done.wait(5)
    t.join()
    assert seen == [False]


@pytest.mark.parametrize(("env", "expect"), [
    ({"ARRAYTYPING_ENABLE_X64": "1"}, "True standard"),
    ({"ARRAYTYPING_DTYPE_PROMOTION": "strict"}, "False strict"),
    ({}, "False standard"),
])
def test_environment_variables_set_defaults(env: dict[str, str], expect: str) -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ARRAYTYPING_")}
    out = subprocess.run([sys.executable, "-c", "import arraytyping as a; print(a.config.x64, a.config.promotion)"],
                         env={**clean, **env}, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == expect


def test_a_bare_import_runs_array_code() -> None:
    """``import arraytyping`` alone loads the whole runtime: an array's operators work with no other import (they
    are jax.numpy's functions, which a layout where nothing imported them left unbound)."""
    code = ("import arraytyping as at\n"
            "print(at.jit(lambda x: x + 1)(2), (at.device_put(1.5) * 2).dtype, at.float32(2) ** 2)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["3", "float32", "4.0"]


def test_bad_environment_variable_is_named() -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ARRAYTYPING_")}
    out = subprocess.run([sys.executable, "-c", "import arraytyping"], capture_output=True, text=True,
                         env={**clean, "ARRAYTYPING_ENABLE_X64": "maybe"})
    assert out.returncode != 0 and "ARRAYTYPING_ENABLE_X64='maybe'" in out.stderr


@pytest.mark.parametrize("bad", ["foo", object, np.dtype([("a", "i4")]), [1, 2], {"a": 1}, "U", np.dtype(">f4"),
                                 at.floating, np.floating])
def test_bad_dtypes_give_clear_errors(bad: object) -> None:
    for fn in (lambda: at.promote_types(bad, "int32"), lambda: at.dtypes.canonicalize_dtype(bad),
               lambda: at.result_type(bad)):
        with pytest.raises((TypeError, ValueError)) as info:
            fn()
        assert not isinstance(info.value, (KeyError, AttributeError))
        assert "not a dtype" in str(info.value)


def test_result_type_needs_an_argument_and_none_means_default_float() -> None:
    with pytest.raises(ValueError, match="at least one"):
        at.result_type()
    assert at.result_type(None) == np.float32
    with pytest.raises(TypeError, match="None is not a dtype"):
        at.promote_types(None, "int32")


def test_explicit_64_bit_dtypes_warn_when_x64_is_off() -> None:
    with pytest.warns(UserWarning, match="int64.*truncated to dtype int32.*ARRAYTYPING_ENABLE_X64"):
        assert at.result_type("int64") == np.int32
    with at.enable_x64():
        assert at.result_type("int64") == np.int64


def test_python_types_as_dtype_arguments_never_warn() -> None:
    """``dtype=int`` means the default integer: JAX's ``check_user_dtype_supported`` returns before its warning for
    ``bool``, ``int``, ``float`` and ``complex``, and so do we, in every function taking a ``dtype``."""
    import warnings

    import arraytyping.lax as lax
    import arraytyping.numpy as anp
    import arraytyping.random as random

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert anp.zeros(2, dtype=int).dtype == np.int32
        assert anp.asarray([1.0], dtype=float).dtype == np.float32
        assert anp.asarray([1j], dtype=complex).dtype == np.complex64
        assert anp.ones(2).astype(int).dtype == np.int32
        assert anp.ones(2).sum(dtype=int).dtype == np.int32
        assert anp.arange(3, dtype=float).dtype == np.float32
        assert random.normal(random.key(0), (2,), dtype=float).dtype == np.float32
        assert lax.convert_element_type(anp.ones(2), int).dtype == np.int32
    with pytest.warns(UserWarning, match="int64 .from 'int64'. is not available"):
        anp.zeros(2, dtype="int64")
    with pytest.warns(UserWarning, match=r"float64 \(from numpy.float64\) is not available"):
        anp.ones(2).astype(np.float64)


def test_issubdtype_and_isdtype_know_ml_dtypes() -> None:
    assert at.issubdtype("bfloat16", at.floating)
    assert at.issubdtype(at.float8_e4m3fn, np.floating)
    assert at.issubdtype(ml_dtypes.int4, np.signedinteger)
    assert at.issubdtype(at.uint2, at.unsignedinteger) and not at.issubdtype(at.uint2, at.signedinteger)
    assert not at.issubdtype(at.bool_, at.number)
    assert at.issubdtype(at.complex64, at.inexact) and not at.issubdtype(at.complex64, at.floating)
    assert at.issubdtype(at.float32, at.float32) and not at.issubdtype(at.float32, at.float64)
    assert issubclass(at.float32, at.floating)
    assert at.isdtype("float8_e5m2", "real floating")
    assert at.isdtype("int4", ("bool", "signed integer"))
    assert at.isdtype("uint1", "integral") and at.isdtype("int8", "numeric") and not at.isdtype("bool", "numeric")
    assert at.isdtype(np.float32, np.float32) and not at.isdtype(np.float32, "int32")
    with pytest.raises(ValueError, match="unrecognized kind 'reals'"):
        at.isdtype("float32", "reals")


def test_finfo_and_iinfo() -> None:
    assert at.finfo("bfloat16").bits == 16
    assert at.finfo(at.float8_e4m3fn).max == 448
    assert at.finfo("complex64").dtype == np.float32
    assert at.iinfo("int4").min == -8 and at.iinfo(at.uint2).max == 3
    with pytest.raises(ValueError, match="finfo needs a floating-point dtype, got int8"):
        at.finfo("int8")
    with pytest.raises(ValueError, match="iinfo needs an integer dtype, got float32"):
        at.iinfo("float32")


def test_scalar_classes() -> None:
    assert at.float32.dtype == np.float32 and at.bfloat16.dtype == np.dtype(ml_dtypes.bfloat16)
    assert repr(at.float32) == "arraytyping.float32"
    assert float(np.asarray(at.float32(1.5))) == 1.5
    with pytest.raises(TypeError, match="abstract scalar type"):
        at.floating(1.0)


def test_result_type_memo_keeps_warnings_and_weak_strong_distinctions() -> None:
    for _ in range(3):  # repeated calls are served from the memo, which must not swallow the warning
        with pytest.warns(UserWarning, match="truncated"):
            at.result_type("float64", 2)
    with at.enable_x64():
        for _ in range(2):
            assert at.dtypes.result_type(np.zeros(2, "float64"), return_weak_type_flag=True) == (
                np.dtype("float64"), False)
            assert at.dtypes.result_type(float, return_weak_type_flag=True) == (np.dtype("float64"), True)
            assert at.dtypes.result_type(np.dtype("float64"), "float16", return_weak_type_flag=True) == (
                np.dtype("float64"), False)
            assert at.dtypes.result_type(float, "float16", return_weak_type_flag=True) == (
                np.dtype("float16"), False)
    for _ in range(2):
        with pytest.raises(TypeError, match="not a dtype"):
            at.result_type("float32", "object")


def test_astype_takes_jaxs_copy_and_device() -> None:
    """``x.astype(dtype, copy=False, device=None)`` and ``jnp.astype(x, dtype, /, *, copy, device)``, as JAX 0.10.2's
    (there: ``Array([0, 1, 2], dtype=int8)`` on ``CpuDevice(id=0)``; a third positional argument is a TypeError)."""
    import arraytyping.numpy as anp

    x = anp.arange(3.0)
    device = at.devices()[0]
    y = x.astype("int8", copy=True, device=device)
    assert repr(y) == "Array([0, 1, 2], dtype=int8)" and at.device_put(y, device) is y  # already there
    assert repr(anp.astype(x, "float16", copy=False, device=None)) == "Array([0., 1., 2.], dtype=float16)"
    assert repr(at.jit(lambda v: v.astype("int8", device=device))(x)) == "Array([0, 1, 2], dtype=int8)"
    with pytest.raises(TypeError, match="takes 2 positional arguments but 3 were given"):
        anp.astype(x, "int32", False)  # type: ignore[call-overload]


def test_finfo_and_iinfo_of_arrays() -> None:
    """As JAX 0.10.2's (ml_dtypes'): an array, a tracer or a numpy scalar answers for its dtype; ``iinfo`` of a
    Python int is int64's (numpy reads the scalar's type), of another Python scalar a ``ValueError``."""
    import arraytyping.numpy as anp

    assert at.finfo(anp.ones(2, dtype="bfloat16")).dtype == at.finfo("bfloat16").dtype
    assert at.finfo(anp.ones(2, dtype="complex64")).dtype == np.float32
    assert at.finfo(np.float16(1.0)).bits == 16
    assert at.iinfo(anp.zeros(2, dtype="uint4")).max == 15
    assert at.iinfo(np.int8(3)).min == -128
    assert at.iinfo(2).max == 2**63 - 1
    eps = np.finfo(np.float32).eps
    assert float(at.jit(lambda x: x + at.finfo(x).eps)(anp.ones(1))[0]) == float(np.float32(1) + eps)
    with pytest.raises(ValueError, match="iinfo needs an integer dtype, got float32"):
        at.iinfo(anp.ones(2))
    with pytest.raises(ValueError, match="finfo needs a floating-point dtype, got int32"):
        at.finfo(anp.ones(2, dtype="int32"))
    with pytest.raises(ValueError, match="got a Python bool"):
        at.iinfo(True)
    with pytest.raises(TypeError):
        at.finfo(2.0)


def test_unique_results_are_jaxs_named_tuples() -> None:
    """``unique_all``/``unique_counts``/``unique_inverse`` return named tuples with JAX 0.10.2's field names (the
    values and counts are checked against JAX by ``test_conformance_numpy.py``); the inverse has the input's shape."""
    import arraytyping.numpy as anp

    x = anp.array([[3, 4, 1], [3, 1, 1]])
    r = anp.unique_all(x)
    assert r._fields == ("values", "indices", "inverse_indices", "counts")
    assert anp.unique_counts(x)._fields == ("values", "counts")
    assert anp.unique_inverse(x)._fields == ("values", "inverse_indices")
    assert r.values.tolist() == [1, 3, 4] and r.counts.tolist() == [3, 2, 1] and r.indices.tolist() == [2, 0, 1]
    assert r.inverse_indices.shape == (2, 3) and (r.values[r.inverse_indices] == x).all()
    assert anp.unique_values(x, size=5, fill_value=-1).tolist() == [1, 3, 4, -1, -1]
    with pytest.raises(TypeError):
        anp.unique_values([1, 2])  # type: ignore[arg-type]
