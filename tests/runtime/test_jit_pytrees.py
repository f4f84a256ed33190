"""``jit`` over pytrees (named tuples, registered dataclasses, dicts, ``None``) and its static arguments, which are
static whether passed by position or by keyword, as in JAX 0.10.2 (errors with JAX's classes and messages)."""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping._src.xla.dispatch import JitFunction


class Params(NamedTuple):
    w: Any
    b: Any


@at.tree_util.register_dataclass
@dataclasses.dataclass
class Layer:
    w: Any
    scale: float = dataclasses.field(metadata=dict(static=True), default=2.0)


def test_named_tuple_in_and_out() -> None:
    f = at.jit(lambda p, x: Params(p.w * x + p.b, p.b))
    out = f(Params(anp.ones(2), anp.zeros(2)), 3.0)
    assert isinstance(out, Params)
    assert np.asarray(out.w).tolist() == [3.0, 3.0] and out.b.dtype == np.float32


def test_dataclass_meta_fields_are_static() -> None:
    calls = []

    def apply(layer: Layer) -> Any:
        calls.append(layer.scale)
        return Layer(layer.w * layer.scale, layer.scale)

    f = at.jit(apply)
    assert np.asarray(f(Layer(anp.ones(2), 3.0)).w).tolist() == [3.0, 3.0]
    f(Layer(anp.zeros(2), 3.0))
    assert np.asarray(f(Layer(anp.ones(2), 5.0)).w).tolist() == [5.0, 5.0]
    assert calls == [3.0, 5.0]  # traced once per meta value


def test_dicts_lists_and_none() -> None:
    f = at.jit(lambda d: {"sum": d["a"] + d["b"][0], "none": None, "list": [d["b"][1]]})
    out = f({"a": anp.ones(2), "b": [anp.ones(2), np.int8(3)]})
    assert out["none"] is None and np.asarray(out["sum"]).tolist() == [2.0, 2.0]
    assert out["list"][0].dtype == np.int8


def power(x: Any, n: int) -> Any:
    return x ** n


@pytest.mark.parametrize("kw", [{"static_argnums": 1}, {"static_argnames": "n"},
                                {"static_argnums": (1,), "static_argnames": ("n",)}])
def test_static_argument_by_position_and_by_keyword(kw: dict[str, Any]) -> None:
    f = at.jit(power, **kw)
    x = anp.asarray([1.0, 2.0])
    assert np.asarray(f(x, 3)).tolist() == [1.0, 8.0]
    assert np.asarray(f(x, n=3)).tolist() == [1.0, 8.0]
    assert np.asarray(f(x, 2)).tolist() == [1.0, 4.0]
    assert isinstance(f, JitFunction)
    assert f.cache_size() == 3  # n=3 by position and by keyword are two call shapes of one static value


def test_negative_static_argnums_count_from_the_last_positional_argument() -> None:
    """As in JAX: ``-1`` is the last argument passed by position (with ``n`` by keyword, that is ``x``)."""
    f = at.jit(power, static_argnums=-1)
    assert np.asarray(f(anp.asarray([2.0]), 3)).tolist() == [8.0]
    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        f(anp.asarray([2.0]), n=3)


def test_static_arguments_decorator_form_and_varargs() -> None:
    @at.jit(static_argnums=(1,))
    def rep(x: Any, k: int) -> Any:
        return x * k
    assert float(rep(2.0, 4)) == 8.0
    g = at.jit(lambda *a: a[0] * a[1], static_argnums=1)
    assert float(g(2.0, 3)) == 6.0


def test_static_argument_errors() -> None:
    with pytest.raises(ValueError, match=r"Jitted function has static_argnums=\(3,\), but only accepts 2 positional "
                                         "arguments."):
        at.jit(power, static_argnums=3)
    with pytest.raises(ValueError, match=r"Jitted function has invalid argnames \{'zz'\} in static_argnames. "
                                         "Function does not take these args."):
        at.jit(power, static_argnames="zz")
    with pytest.raises(ValueError, match="Non-hashable static arguments are not supported. An error occurred while "
                                         "trying to hash an object of type <class 'list'>, \\[3\\]."):
        at.jit(power, static_argnums=1)(1.0, [3])
    with pytest.raises(TypeError, match="not an array"):
        at.jit(power)(1.0, "a")


def test_static_args_do_not_take_the_cached_fast_path() -> None:
    f = at.jit(power, static_argnums=1)
    x = anp.ones(2)
    f(x, 2)
    assert f._last is None  # pyright: ignore[reportPrivateUsage]  # the inline cache is for arrays-only calls
    assert np.asarray(f(x, 3)).tolist() == [1.0, 1.0]


def test_pytree_hit_path_matches_the_general_path() -> None:
    """Repeated calls on pytrees take the recorded-structure path; any change of structure, leaf type or
    configuration falls back to the general path, with the same results."""
    def f(p: Any, x: Any) -> Any:
        return {"y": p["w"] * x + p["b"], "n": Params(x, p["b"])}

    jf = at.jit(f)
    p = {"w": anp.ones(3), "b": anp.zeros(3)}
    x = anp.asarray([1.0, 2.0, 3.0])
    for _ in range(3):  # the second and third calls take the hit path
        out = jf(p, x)
        assert np.asarray(out["y"]).tolist() == [1.0, 2.0, 3.0] and isinstance(out["n"], Params)
    assert jf._last_tree is not None  # pyright: ignore[reportPrivateUsage]
    variants: list[tuple[Any, Any]] = [
        ({"w": anp.ones(3), "b": anp.ones(3)}, x),                                # same structure, new values
        ({"w": anp.ones(3, dtype=anp.float16), "b": anp.zeros(3, dtype=anp.float16)}, x),  # another dtype
        ({"w": anp.ones(3), "b": anp.zeros(3), "c": anp.ones(1)}, x),            # another key set
        ({"w": 2.0, "b": anp.zeros(3)}, x),                                     # a Python scalar leaf
        ({"w": anp.ones(3), "b": anp.zeros(3)}, np.ones(3, dtype=np.float32)),  # a numpy leaf
    ]
    for pv, xv in variants:
        got = jf(pv, xv)
        want = f(pv, xv)
        assert np.asarray(got["y"]).tolist() == np.asarray(want["y"]).tolist()
        assert got["y"].dtype == want["y"].dtype and got["y"].weak_type == want["y"].weak_type
    p64 = {"w": anp.ones(3, dtype=anp.float32), "b": anp.asarray(np.zeros(3, np.float32))}
    jf(p64, x)
    with at.enable_x64(True):  # another configuration: the weak 2.0 of a traced function would now be float64
        out = at.jit(lambda p, x: p["w"] * x * 2.0)
        out(p64, x)
        assert out(p64, x).dtype == np.float32
        assert jf(p64, x)["y"].dtype == np.float32


def test_pytree_hit_path_explains_a_deleted_argument() -> None:
    jf = at.jit(lambda p: p["a"] * 2.0)
    jf({"a": anp.ones(2)})
    arg = {"a": anp.ones(2)}
    jf(arg)
    arg["a"].delete()
    with pytest.raises(at.DeletedArrayError):
        jf(arg)


def test_jit_of_jit_keeps_its_own_state() -> None:
    inner = at.jit(lambda x: x * 2.0)
    outer = at.jit(inner)
    assert float(outer(1.5)) == 3.0
    assert outer.cache_size() == 1 and inner.cache_size() == 0  # inlined when traced: the inner never compiled
