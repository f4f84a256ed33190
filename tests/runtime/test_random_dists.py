"""``arraytyping.random``'s key utilities (``key_impl``, ``key_dtype``, ``clone``) and the parts of the distributions
the JAX reference (``tests/data/jax_random_dists_reference.json``, held bit for bit by ``test_conformance_ext.py``)
does not encode: JAX 0.10.2's answers written out."""

from __future__ import annotations

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
import arraytyping.random as random


def test_key_impl_names_threefry_for_typed_and_raw_keys() -> None:
    assert random.key_impl(random.key(0)) == "threefry2x32"
    assert random.key_impl(random.PRNGKey(0)) == "threefry2x32"
    assert random.key_impl(random.split(random.key(1), 3)) == "threefry2x32"
    with pytest.raises(TypeError):
        random.key_impl(np.zeros(3, np.uint32))


def test_key_dtype_is_the_typed_keys_dtype() -> None:
    assert random.key_dtype() == random.key(0).dtype
    assert random.key_dtype("threefry2x32") == random.key(0).dtype
    assert str(random.key_dtype()) == "key<fry>"
    with pytest.raises(ValueError):
        random.key_dtype("rbg")


def test_clone_is_the_identity_outside_key_reuse_checking() -> None:
    k = random.key(3)
    assert bool(random.clone(k) == k)
    raw = random.PRNGKey(3)
    assert np.array_equal(np.asarray(random.clone(raw)), np.asarray(raw))
    assert np.array_equal(np.asarray(random.normal(random.clone(k), (3,))), np.asarray(random.normal(k, (3,))))


def test_gamma_is_one_random_gamma_equation() -> None:
    """As in JAX, the gamma samplers stage one ``random_gamma`` equation (lowered, batched and differentiated as
    JAX's primitive is)."""
    text = str(at.make_jaxpr(lambda a: random.gamma(random.PRNGKey(0), a, (3,)))(1.5))
    assert "random_gamma[" in text and "log_space=False" in text
    text = str(at.make_jaxpr(lambda a: random.loggamma(random.PRNGKey(0), a, (3,)))(1.5))
    assert "log_space=True" in text


@pytest.mark.parametrize(("name", "args"), [("exponential", ()), ("gamma", (2.0,)), ("beta", (2.0, 3.0)),
                                            ("geometric", (0.4,)), ("poisson", (3.0,))])
def test_default_dtypes_follow_x64(name: str, args: tuple[float, ...]) -> None:
    fn = getattr(random, name)
    kind = "i" if name in ("geometric", "poisson") else "f"
    with at.enable_x64(False):
        assert fn(random.PRNGKey(0), *args, shape=(2,)).dtype == np.dtype(f"{kind}4")
    with at.enable_x64(True):
        assert fn(random.PRNGKey(0), *args, shape=(2,)).dtype == np.dtype(f"{kind}8")


def test_samples_lie_in_their_support() -> None:
    k = random.PRNGKey(7)
    assert float(anp.min(random.exponential(k, (200,)))) >= 0
    assert float(anp.min(random.pareto(k, 2.0, (200,)))) >= 1
    b = random.beta(k, 0.5, 0.5, (200,))
    assert 0 <= float(anp.min(b)) and float(anp.max(b)) <= 1
    d = random.dirichlet(k, anp.ones(4), (5,))
    assert np.allclose(np.asarray(d).sum(-1), 1, atol=1e-6)
    q = np.asarray(random.orthogonal(k, 4))
    assert np.allclose(q @ q.T, np.eye(4), atol=1e-5)
    assert float(anp.max(anp.linalg.norm(random.ball(k, 3, shape=(50,)), axis=-1))) <= 1
