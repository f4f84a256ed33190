"""``arraytyping.ffi`` held to JAX 0.10.2 by ``tests/data/ffi_reference.json`` (``tools/ffi_reference.py`` runs the
same expressions in JAX's venv): ``ffi_call`` of jaxlib's LAPACK kernels eagerly, under ``jit`` and under ``vmap``
with each ``vmap_method``, its printed jaxpr and lowered ``custom_call``, and JAX's errors (class and message), with
x64 off and on; then what the reference cannot show (a target registered from a ``ctypes`` pointer, attributes of
every kind, dead-code elimination)."""

from __future__ import annotations

import ctypes
import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.ffi
import arraytyping.numpy as anp
from arraytyping._src.interpreters.autodiff.ad import dce_jaxpr
from arraytyping._src.lax.ffi import ir_attribute
from arraytyping._src.xla import lowering
from reference_tools import cases_on_runtime, tool

ROOT = Path(__file__).resolve().parents[2]
REF = json.loads((ROOT / "tests" / "data" / "ffi_reference.json").read_text())
TOOL = tool("ffi_reference")


def _ours(config: str) -> dict[str, Any]:
    return cases_on_runtime("ffi_reference", config, {"at": at, "jnp": anp, "np": np, "os": os})


def _same(jax: Any, ours: Any) -> bool:
    if jax[0] == "ERR" or ours[0] == "ERR":
        return bool(jax == ours)
    if len(jax) != len(ours):
        return False
    for a, b in zip(jax, ours):
        if a[0] == "STR" or b[0] == "STR":
            if a != b:
                return False
            continue
        if a[:2] != b[:2] or not np.allclose(np.asarray(a[2], dtype=float), np.asarray(b[2], dtype=float),
                                             rtol=1e-5, atol=1e-6):
            return False
    return True


def test_reference_covers_every_case() -> None:
    for config in TOOL.CONFIGS:
        assert sorted(REF["results"][config]) == sorted(TOOL.CASES), "a case was added: rerun the generator"


@pytest.mark.parametrize("config", ["x64_off", "x64_on"])
@pytest.mark.parametrize("name", sorted(TOOL.CASES))
def test_case_matches_jax(config: str, name: str) -> None:
    want, got = REF["results"][config][name], _ours(config)[name]
    assert _same(want, got), f"{name} ({config}): JAX {str(want)[:400]}\nours {str(got)[:400]}"


def test_a_target_registered_from_a_ctypes_pointer_is_called() -> None:
    """A handler that is not jaxlib's: the typed-FFI kernel of LAPACK's ``spotrf`` taken as a raw function pointer
    from jaxlib's registrations, wrapped by ``pycapsule`` and registered under a name of our own."""
    lapack: Any = __import__("jaxlib.cpu._lapack", fromlist=["registrations"])
    lapack.initialize()
    capsule = lapack.registrations()["lapack_spotrf_ffi"]
    name = ctypes.pythonapi.PyCapsule_GetName
    name.restype, name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    pointer = get(capsule, name(capsule))
    at.ffi.register_ffi_target("arraytyping_test_potrf", at.ffi.pycapsule(pointer), platform="cpu")
    s = np.array([[4.0, 2.0], [2.0, 3.0]], np.float32)
    call = at.ffi.ffi_call("arraytyping_test_potrf", (at.ShapeDtypeStruct((2, 2), anp.float32),
                                                      at.ShapeDtypeStruct((), anp.int32)),
                           input_layouts=[(1, 0)], output_layouts=[(1, 0), ()], input_output_aliases={0: 0})
    factor, info = call(s, uplo=np.uint8(ord("L")))
    np.testing.assert_allclose(np.tril(np.asarray(factor)), np.linalg.cholesky(s), rtol=1e-6)
    assert int(info) == 0


def test_an_unused_call_is_removed_unless_it_has_a_side_effect() -> None:
    """Dead-code elimination (as ``grad``'s partial evaluation runs it) drops an unused call, but keeps one
    declared ``has_side_effect``, as JAX's."""
    def kept(effect: bool) -> list[str]:
        call = at.ffi.ffi_call("lapack_spotrf_ffi", (at.ShapeDtypeStruct((2, 2), anp.float32),
                                                     at.ShapeDtypeStruct((), anp.int32)), has_side_effect=effect)
        closed = at.make_jaxpr(lambda s: (call(s, uplo=np.uint8(ord("L"))), s * 2)[1])(np.eye(2, dtype=np.float32))
        jaxpr, _ = dce_jaxpr(closed.jaxpr, closed.consts)
        return [e.primitive.name for e in jaxpr.eqns]

    assert kept(False) == ["mul"]
    assert kept(True) == ["ffi_call", "mul"]


def test_attributes_of_every_kind_become_typed_mlir_attributes() -> None:
    m = lowering.mlir()
    with m.ctx, m.ir.Location.unknown():
        got = {k: str(ir_attribute(v)) for k, v in {
            "i": 3, "f": 0.5, "b": True, "u8": np.uint8(7), "f32": np.float32(1.5), "s": "name",
            "arr": np.arange(3, dtype=np.int32), "d": {"a": np.int16(1)}, "seq": (1, 2), "dt": np.dtype("float32"),
        }.items()}
    assert got == {"i": "3 : i64", "f": "5.000000e-01 : f64", "b": "true", "u8": "7 : ui8",
                   "f32": "1.500000e+00 : f32", "s": '"name"', "arr": "dense<[0, 1, 2]> : tensor<3xi32>",
                   "d": "{a = 1 : i16}", "seq": "[1, 2]", "dt": "f32"}
    with pytest.raises(TypeError, match="No attribute handler"):
        with m.ctx, m.ir.Location.unknown():
            ir_attribute(object())


def test_include_dir_holds_the_ffi_headers() -> None:
    assert (Path(at.ffi.include_dir()) / "xla" / "ffi" / "api" / "ffi.h").is_file()
