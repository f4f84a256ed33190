"""JAX's everyday API as JAX 0.10.2 has it, held to its recorded outcomes: each program of api_cases.py (key paths and
``keystr``, ``PyTreeDef`` reprs, ``jax.tree``'s functions, ``Partial``, registration each way, the error classes;
``ShapeDtypeStruct``, ``typeof``; configuration options) gives under arraytyping the text JAX gave
(tests/data/jax_api_cases.json, from tools/jax_api_cases_reference.py); and ``import arraytyping`` alone binds the
submodules that ``import jax`` binds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import arraytyping

from api_cases import CASES

REFERENCE = json.loads((Path(__file__).resolve().parent.parent / "data" / "jax_api_cases.json").read_text())


def test_every_case_is_recorded() -> None:
    assert sorted(REFERENCE["cases"]) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_as_jax(name: str) -> None:
    assert CASES[name](arraytyping) == REFERENCE["cases"][name]


def test_import_binds_submodules() -> None:
    """In a fresh interpreter (no other test's imports): ``import arraytyping as jax`` reaches ``jax.random``,
    ``jax.lax``, ``jax.nn``, ``jax.tree`` without importing them."""
    program = ("import arraytyping as jax\n"
               "print(jax.random.key_data(jax.random.key(0)).tolist(),"
               " int(jax.lax.fori_loop(0, 4, lambda i, x: x + i, 0)), float(jax.nn.relu(-2.0)),"
               " jax.tree.leaves({'a': [1, 2]}), jax.numpy.arange(2).tolist(), jax.tree_util.keystr((1,)),"
               " jax.dtypes.canonicalize_dtype('float64').name, hasattr(jax.typing, 'ArrayLike'))\n")
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True).stdout
    assert out.split() == "[0, 0] 6 0.0 [1, 2] [0, 1] 1 float32 True".split()


@pytest.mark.parametrize("name,value,default", [("jax_disable_jit", True, False),
                                                ("jax_check_tracer_leaks", True, False),
                                                ("jax_transfer_guard", "disallow", None)])
def test_unenforced_options_warn(name: str, value: object, default: object) -> None:
    """Options JAX acts on and arraytyping does not are stored, with a warning that they change nothing."""
    with pytest.warns(UserWarning, match=f"{name}=.* not enforced by arraytyping"):
        arraytyping.config.update(name, value)
    try:
        assert getattr(arraytyping.config, name) == value
    finally:
        arraytyping.config.update(name, default)


def test_other_prng_implementations_are_refused() -> None:
    """Another random-number implementation would give other numbers than JAX's: refused, not ignored."""
    with pytest.raises(NotImplementedError, match="threefry2x32 only"):
        arraytyping.config.update("jax_default_prng_impl", "rbg")
    assert arraytyping.config.jax_default_prng_impl == "threefry2x32"
