"""``jax.numpy``'s other names of its elementwise functions (``op_rules.UNARY_ALIASES``, ``BINARY_ALIASES``): JAX
0.10.2 defines each as the function it names after ``promote_args`` under its own name. Their jaxprs are held to
JAX's by ``tests/data/jaxpr_reference.json`` (``acos_f32``, ``atan2_i8_f16``... in four configurations); here, on
every dtype strong and weak and every Python scalar, each gives its function's type or its function's error class,
and an operand that is no array is refused under the alias's own name, as JAX words it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import lattice, op_rules
from arraytyping._src.core.avals import ShapedArray
from arraytyping._src.xla.backend import UNSUPPORTED_DTYPES
from arraytyping._src.dtypes import registry

ALIASES = {**op_rules.UNARY_ALIASES, **op_rules.BINARY_ALIASES}
_ARITY = {**dict.fromkeys(op_rules.UNARY_ALIASES, 1), **dict.fromkeys(op_rules.BINARY_ALIASES, 2)}


def _operands() -> list[Any]:
    out: list[Any] = [True, 2, 2.5, 1 + 2j]
    for name in lattice.NODES:
        if name in lattice.WEAK_NAMES or name in UNSUPPORTED_DTYPES:
            continue
        dtype = registry.INFO[name].dtype
        out.append(ShapedArray((3,), dtype, False))
        if registry.INFO[name].kind in "iufc" and name in ("int32", "float32", "complex64"):
            out.append(ShapedArray((3,), dtype, True))
    return out


def _answer(fn: Any, *args: Any) -> Any:
    try:
        out = at.eval_shape(fn, *args)
    except Exception as e:  # noqa: BLE001 - compared by class
        return type(e)
    return (out.dtype, out.weak_type)


def test_every_alias_names_a_function_and_is_exported() -> None:
    for alias, name in op_rules.UNARY_ALIASES.items():
        assert name in op_rules.UNARY
    for alias, name in op_rules.BINARY_ALIASES.items():
        assert name in (*op_rules.BINARY_OPS, *op_rules.BINARY_FUNCTIONS)
    for alias in ALIASES:
        assert alias in anp.__all__ and callable(getattr(anp, alias))


@pytest.mark.parametrize("x64", [False, True])
@pytest.mark.parametrize("alias", sorted(ALIASES))
def test_alias_answers_as_its_function(alias: str, x64: bool) -> None:
    mine, theirs = getattr(anp, alias), getattr(anp, ALIASES[alias])
    operands = _operands()
    with at.enable_x64(x64):
        if _ARITY[alias] == 1:
            cases = [(x,) for x in operands]
        else:
            cases = [(x, y) for x in operands for y in operands[::3]]
        for args in cases:
            assert _answer(mine, *args) == _answer(theirs, *args), (alias, args)


_OWN_CHECK = [a for a in sorted(ALIASES) if a not in ("around", "pow", "bitwise_left_shift", "bitwise_right_shift",
                                                       "degrees", "radians")]
"""The aliases JAX checks under their own name (the others call their function first, which checks under its name;
``bitwise_left_shift``, the same object as ``left_shift`` here, is JAX's one exception)."""


@pytest.mark.parametrize("alias", _OWN_CHECK)
def test_a_list_is_refused_under_the_aliass_name(alias: str) -> None:
    args = [[1.0, 2.0]] * _ARITY[alias]
    with pytest.raises(TypeError, match=f"^{alias} requires ndarray or scalar arguments, got <class 'list'> at "
                                        "position 0"):
        getattr(anp, alias)(*args)


def test_values_are_the_functions() -> None:
    x = anp.linspace(-0.9, 0.9, 7)
    for alias, name in ALIASES.items():
        if alias in ("bitwise_invert", "bitwise_left_shift", "bitwise_right_shift"):
            a = anp.arange(7, dtype=anp.int8)
            args = (a,) if _ARITY[alias] == 1 else (a, a % 3)
        else:
            args = (x + 2.0,) if alias == "acosh" else (x,) if _ARITY[alias] == 1 else (x, x[::-1])
        np.testing.assert_array_equal(np.asarray(getattr(anp, alias)(*args)), np.asarray(getattr(anp, name)(*args)))


SCALAR_ALIASES = {"single": "float32", "double": "float64", "csingle": "complex64", "cdouble": "complex128",
                  "float_": "float64", "int_": "int64", "uint": "uint64", "complex_": "complex128"}
"""``jax.numpy``'s numpy names of scalar classes, as JAX 0.10.2 binds them (``jnp.double is jnp.float64``...)."""


@pytest.mark.parametrize(("alias", "cls"), sorted(SCALAR_ALIASES.items()))
def test_scalar_aliases_are_their_classes(alias: str, cls: str) -> None:
    assert getattr(anp, alias) is getattr(anp, cls)
    for x64 in (False, True):
        with at.enable_x64(x64):
            out = getattr(anp, alias)(3)
            assert (out.dtype.name, out.weak_type) == (lattice.canonical_name(cls, x64), False)
            assert anp.zeros(2, dtype=getattr(anp, alias)).dtype == anp.zeros(2, dtype=cls).dtype


def test_numpys_own_objects_are_jax_numpys() -> None:
    """The names ``jax.numpy`` takes from numpy as they are (``jnp.s_ is np.s_``): index expressions, ``iterable``,
    the abstract ``character``/``flexible`` classes and ``object_``, ``ComplexWarning``, ``array_repr``/``array_str``
    and ``save``/``savez``, which read an array through ``__array__``."""
    import io

    for name in ("s_", "index_exp", "iterable", "character", "flexible", "object_", "array_repr", "array_str",
                 "save", "savez"):
        assert getattr(anp, name) is getattr(np, name), name
    assert anp.ComplexWarning is np.exceptions.ComplexWarning
    x = anp.arange(6.0)
    assert anp.array_equal(x[anp.s_[1:4]], x[1:4]) and x[anp.index_exp[::2]].shape == (3,)
    # JAX 0.10.2 gives the same text: numpy names the class, ArrayImpl on both sides
    assert anp.array_repr(x[:2]) == "ArrayImpl([0., 1.], dtype=float32)" and anp.array_str(x[:2]) == "[0. 1.]"
    buffer = io.BytesIO()
    anp.save(buffer, x)
    buffer.seek(0)
    assert np.load(buffer).tolist() == x.tolist()


def test_dtype_queries_are_jax_numpys() -> None:
    """``jnp.finfo``/``iinfo``/``isdtype``/``issubdtype`` are ``jax.dtypes``'; ``jnp.can_cast`` and ``jnp.dtype`` are
    numpy's own."""
    import ml_dtypes

    from arraytyping import dtypes

    assert (anp.finfo, anp.iinfo, anp.isdtype, anp.issubdtype) == (dtypes.finfo, dtypes.iinfo, dtypes.isdtype,
                                                                   dtypes.issubdtype)
    assert anp.can_cast is np.can_cast and anp.dtype is np.dtype
    assert anp.finfo(anp.bfloat16).eps == ml_dtypes.finfo(ml_dtypes.bfloat16).eps
    assert anp.iinfo("int4").max == 7
    assert anp.issubdtype(anp.bfloat16, anp.floating) and anp.isdtype(anp.float8_e4m3fn, "real floating")
