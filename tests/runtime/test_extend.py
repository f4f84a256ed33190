"""``arraytyping.extend.core`` and the jaxpr attributes JAX's interpreters read (``Jaxpr.invars``/``outvars``,
``JaxprEqn.invars``/``outvars``, ``ClosedJaxpr.literals``), JAX's reprs of variables and literals, ``jax._src.util``'s
``safe_map``/``safe_zip``, and ``arraytyping.lax``'s primitives named as JAX 0.10.2 names them (the names recorded
in ``tests/data/jax_corpus_reference.json``'s interpreter notebook are held by ``tests/test_jax_corpus.py``)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import arraytyping as at
import arraytyping.lax as lax
import arraytyping.numpy as jnp
from arraytyping._src.util import safe_map, safe_zip
from arraytyping.extend import core
from arraytyping.extend.core import primitives


def _eval(jaxpr: core.Jaxpr, consts: list[object], *args: object) -> list[object]:
    env: dict[object, object] = {}

    def read(v: object) -> object:
        return v.val if type(v) is core.Literal else env[v]  # type: ignore[attr-defined]

    env.update(zip(jaxpr.invars, args))
    env.update(zip(jaxpr.constvars, consts))
    for eqn in jaxpr.eqns:
        out = eqn.primitive.bind(*map(read, eqn.invars), **eqn.params)
        env.update(zip(eqn.outvars, out if eqn.primitive.multiple_results else [out]))
    return [read(v) for v in jaxpr.outvars]


def test_an_interpreter_reading_jaxs_attribute_names_evaluates_a_jaxpr() -> None:
    def f(x: object) -> object:
        return jnp.exp(jnp.tanh(x)) * 2 + jnp.sum(x)

    closed = at.make_jaxpr(f)(jnp.ones(3))
    assert closed.literals is closed.consts
    assert [e.primitive for e in closed.jaxpr.eqns][:2] == [lax.tanh_p, lax.exp_p]
    x = jnp.asarray([0.5, -1.0, 2.0])
    (got,) = _eval(closed.jaxpr, closed.literals, x)
    np.testing.assert_allclose(np.asarray(got), np.asarray(f(x)), rtol=1e-6)
    (again,) = core.jaxpr_as_fun(closed)(x)
    np.testing.assert_allclose(np.asarray(again), np.asarray(got), rtol=0)


def test_variables_and_literals_print_as_jaxs() -> None:
    closed = at.make_jaxpr(lambda x: x + 1)(5)
    (eqn,) = closed.jaxpr.eqns
    assert re.fullmatch(r"Var\(id=\d+\):int32\[\]", repr(eqn.invars[0]))
    assert repr(eqn.invars[1]) == "Literal(TypedInt(1, dtype=int32))"
    assert eqn.outvars == closed.jaxpr.outvars
    ones = at.make_jaxpr(lambda: jnp.ones(5))()
    assert repr(ones.jaxpr.eqns[0].invars[0]) == "Literal(1.0)"


def test_check_jaxpr_refuses_an_ill_typed_jaxpr() -> None:
    closed = at.make_jaxpr(lambda x: jnp.sin(x))(1.0)
    core.check_jaxpr(closed.jaxpr)
    eqn = closed.jaxpr.eqns[0]
    eqn.outvars[0].aval = eqn.outvars[0].aval.update(shape=(2,))  # the primitive gives f32[], not f32[2]
    with pytest.raises(core.JaxprTypeError):
        core.check_jaxpr(closed.jaxpr)


def test_primitives_are_jaxs_names() -> None:
    for name in primitives.__all__:
        prim = getattr(primitives, name)
        assert isinstance(prim, core.Primitive)
        if hasattr(lax, name):
            assert getattr(lax, name) is prim
    assert lax.exp_p.name == "exp" and lax.scatter_add_p.name == "scatter-add" and lax.while_p.name == "while"
    assert lax.sort_p.multiple_results and not lax.add_p.multiple_results


def test_safe_map_and_safe_zip_refuse_lengths_that_differ_as_jaxs() -> None:
    assert safe_map(lambda a, b: a + b, [1, 2], [10, 20]) == [11, 22]
    assert safe_zip([1, 2], "ab") == [(1, "a"), (2, "b")]
    with pytest.raises(ValueError, match="argument 2 is longer than argument 1"):
        safe_map(lambda a, b: a, [1], [1, 2])
    with pytest.raises(ValueError, match="argument 1 has length 2 but argument 0 has length 1"):
        safe_zip([1], [1, 2])
    with pytest.raises(TypeError):
        safe_zip()
