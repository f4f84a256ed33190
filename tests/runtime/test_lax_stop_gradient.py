"""``arraytyping.lax.stop_gradient`` as JAX 0.10.2's (checked in its venv when written): any pytree, every order of
differentiation, host values returned as they are outside a trace, and a leaf that is no value refused."""

from __future__ import annotations

import pytest

import arraytyping as at
import arraytyping.numpy as anp


def test_stop_gradient_takes_pytrees_and_refuses_what_is_no_value() -> None:
    from arraytyping import lax

    x = anp.array([1.0, 2.0])
    assert lax.stop_gradient((1.0, None, True)) == (1.0, None, True)  # host values come back as they are
    assert float(at.grad(lambda v: (v * lax.stop_gradient({"a": v})["a"]).sum())(x)[0]) == 1.0
    assert float(at.grad(at.grad(lambda v: v ** 2 * lax.stop_gradient(v)))(3.0)) == 6.0
    with pytest.raises(TypeError, match="stop_gradient: str"):  # JAX: not a valid JAX type
        lax.stop_gradient("a")
    with pytest.raises(TypeError, match="stop_gradient: str"):
        at.jit(lambda v: lax.stop_gradient((v, "a")))(x)
