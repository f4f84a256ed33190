"""Typed key arrays (``random.key``) cross the transformations as JAX's do: as ``jit`` and ``vmap`` arguments and
results, loop carries and scanned values, ``cond`` operands, beside differentiated arguments; they stay leaves of the
users' pytrees.

Eager typed-key sampling is held bit for bit to JAX 0.10.2 by the API reference (``tests/data/
jax_random_reference.json``), so each transformed run is compared with the same computation done eagerly, key by
key; a few results are also compared with the bits JAX 0.10.2 gives (printed by it for these tests).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import arraytyping as at
import arraytyping.numpy as anp
from arraytyping import lax, random
from arraytyping.tree_util import tree_flatten, tree_leaves, tree_map, tree_structure

KEY = random.key(0)
KEYS = random.split(KEY, 4)


def _data(k: Any) -> np.ndarray[Any, Any]:
    assert isinstance(k, random.PRNGKeyArray)
    return np.asarray(random.key_data(k))


def _same_keys(a: Any, b: Any) -> None:
    assert isinstance(a, random.PRNGKeyArray) and isinstance(b, random.PRNGKeyArray)
    assert a.shape == b.shape
    np.testing.assert_array_equal(_data(a), _data(b))


def _normal(k: Any) -> Any:
    return random.normal(k, (3,))


def test_jit_takes_and_returns_keys() -> None:
    np.testing.assert_array_equal(np.asarray(at.jit(_normal)(KEY)), np.asarray(_normal(KEY)))
    # the bits JAX 0.10.2 gives for jit(lambda k: random.normal(k, (3,)))(random.key(0))
    np.testing.assert_array_equal(np.asarray(at.jit(_normal)(KEY)),
                                  np.array([1.6226422, 2.0252647, -0.43359444], np.float32))
    split = at.jit(random.split)
    for _ in range(2):  # the first call compiles, the second takes the cached path
        out = split(KEY)
        _same_keys(out, random.split(KEY))
        assert out.shape == (2,) and str(out.dtype) == "key<fry>"
    _same_keys(at.jit(lambda k: k)(KEY), KEY)


def test_jit_keys_in_pytrees_and_with_static_arguments() -> None:
    out = at.jit(lambda d: random.randint(d["k"], (2,), 0, 10) + d["x"])({"k": KEY, "x": 1})
    np.testing.assert_array_equal(np.asarray(out), np.asarray(random.randint(KEY, (2,), 0, 10) + 1))
    out = at.jit(lambda k, n: random.normal(k, (n,)), static_argnums=1)(KEY, 2)
    np.testing.assert_array_equal(np.asarray(out), np.asarray(random.normal(KEY, (2,))))
    eq = at.jit(lambda a, b: a == b)(KEYS, KEYS)
    assert np.asarray(eq).tolist() == [True] * 4
    _same_keys(at.jit(lambda a, i: a[i])(KEYS, 2), KEYS[2])


def test_nested_jit_and_key_data() -> None:
    _same_keys(at.jit(lambda k: at.jit(random.split)(k)[1])(KEY), random.split(KEY)[1])
    _same_keys(at.jit(random.wrap_key_data)(random.key_data(KEY)), KEY)
    _same_keys(at.jit(random.fold_in)(KEY, 3), random.fold_in(KEY, 3))


def test_make_jaxpr_and_eval_shape_of_keys() -> None:
    closed = at.make_jaxpr(_normal)(KEY)
    assert [a.shape for a in closed.out_avals] == [(3,)]
    shape = at.eval_shape(random.split, KEY)
    assert isinstance(shape, random.PRNGKeyArray)
    assert shape.shape == (2,) and repr(shape) == "ShapedArray(key<fry>[2])"


@pytest.mark.parametrize("in_axes", [0, -1])
def test_vmap_over_keys(in_axes: int) -> None:
    out = at.vmap(lambda k: random.normal(k, ()), in_axes=in_axes)(KEYS)
    np.testing.assert_array_equal(np.asarray(out), np.array([np.asarray(random.normal(k, ())) for k in KEYS]))
    # JAX 0.10.2's bits
    np.testing.assert_array_equal(np.asarray(out), np.array([1.0040143, -2.4424558, 1.2956359, -0.6219436],
                                                            np.float32))


@pytest.mark.parametrize("out_axes", [0, 1, -1])
def test_vmap_returns_keys(out_axes: int) -> None:
    out = at.vmap(random.split, out_axes=out_axes)(KEYS)
    expected = np.stack([_data(random.split(k)) for k in KEYS])  # (4, 2, 2): batch, split, key data
    if out_axes != 0:
        expected = expected.swapaxes(0, 1)  # -1 is the key array's last axis, not its data's
    assert out.shape == expected.shape[:-1]
    np.testing.assert_array_equal(_data(out), expected)


def test_vmap_keys_with_other_transformations() -> None:
    grid = random.split(KEY, (2, 3))
    out = at.vmap(at.vmap(lambda k: random.bits(k, ())), in_axes=1)(grid)
    want = [[np.asarray(random.bits(grid[i, j], ())) for i in range(2)] for j in range(3)]
    np.testing.assert_array_equal(np.asarray(out), np.array(want))
    out = at.vmap(lambda x, k: x + random.normal(k, ()), in_axes=(0, None))(anp.arange(3.0), KEY)
    np.testing.assert_allclose(np.asarray(out), np.arange(3.0) + float(random.normal(KEY, ())), rtol=1e-6)
    out = at.vmap(at.jit(lambda k: random.uniform(k, (2,))))(KEYS)
    np.testing.assert_array_equal(np.asarray(out), np.stack([np.asarray(random.uniform(k, (2,))) for k in KEYS]))
    grads = at.jit(at.vmap(at.grad(lambda x, k: x * random.normal(k, ())), in_axes=(None, 0)))(2.0, KEYS)
    np.testing.assert_array_equal(np.asarray(grads), np.array([np.asarray(random.normal(k, ())) for k in KEYS]))
    folded = at.vmap(random.fold_in, in_axes=(None, 0))(KEY, anp.arange(3))
    for i in range(3):
        _same_keys(folded[i], random.fold_in(KEY, i))


def _loop_body(i: Any, carry: Any) -> Any:
    key, x = carry
    key, sub = random.split(key)
    return key, x + random.uniform(sub, ())


def _eager_loop(n: int) -> tuple[Any, float]:
    key, x = KEY, 0.0
    for i in range(n):
        key, x = _loop_body(i, (key, x))
    return key, float(x)


@pytest.mark.parametrize("jitted", [False, True])
def test_loops_carry_keys(jitted: bool) -> None:
    def run(k: Any) -> Any:
        return lax.fori_loop(0, 3, _loop_body, (k, 0.0))

    key, x = (at.jit(run) if jitted else run)(KEY)
    want_key, want_x = _eager_loop(3)
    _same_keys(key, want_key)
    assert float(x) == pytest.approx(want_x, rel=1e-6)
    key, n = lax.while_loop(lambda c: c[1] < 3, lambda c: (random.split(c[0])[0], c[1] + 1), (KEY, 0))
    _same_keys(key, random.split(random.split(random.split(KEY)[0])[0])[0])
    assert int(n) == 3


def test_scan_over_and_with_keys() -> None:
    total, bits = lax.scan(lambda c, k: (c + random.normal(k, ()), random.bits(k, ())), 0.0, KEYS)
    assert float(total) == pytest.approx(sum(float(random.normal(k, ())) for k in KEYS), rel=1e-6)
    np.testing.assert_array_equal(np.asarray(bits), np.array([np.asarray(random.bits(k, ())) for k in KEYS]))
    key, draws = lax.scan(lambda k, _: (random.split(k)[0], random.normal(k, ())), KEY, None, length=3)
    k, want = KEY, []
    for _ in range(3):
        want.append(np.asarray(random.normal(k, ())))
        k = random.split(k)[0]
    _same_keys(key, k)
    np.testing.assert_array_equal(np.asarray(draws), np.array(want))


def test_cond_and_switch_with_keys() -> None:
    out = lax.cond(True, lambda k: random.normal(k, ()), lambda k: 0.0 * random.normal(k, ()), KEY)
    assert float(out) == float(random.normal(KEY, ()))
    _same_keys(lax.cond(False, lambda k: k, lambda k: random.split(k)[1], KEY), random.split(KEY)[1])
    _same_keys(lax.switch(1, [lambda k: k, lambda k: random.split(k)[0]], KEY), random.split(KEY)[0])
    preds = anp.array([True, False, True, False])
    out = at.vmap(lambda k, p: lax.cond(p, lambda q: random.normal(q, ()), lambda q: 0.0, k))(KEYS, preds)
    want = [float(random.normal(k, ())) if p else 0.0 for k, p in zip(KEYS, [True, False, True, False])]
    np.testing.assert_array_equal(np.asarray(out), np.array(want, np.float32))


def test_differentiation_beside_keys() -> None:
    out = at.jit(at.grad(lambda w, k: (w * random.bernoulli(k, 0.5, (3,))).sum()))(anp.ones(3), KEY)
    np.testing.assert_array_equal(np.asarray(out), np.asarray(random.bernoulli(KEY, 0.5, (3,))).astype(np.float32))
    hess = at.hessian(lambda x, k: (x ** 2 * random.normal(k, ())).sum())(anp.ones(2), KEY)
    np.testing.assert_allclose(np.asarray(hess), 2 * float(random.normal(KEY, ())) * np.eye(2), rtol=1e-6)
    value, vjp_fn = at.vjp(lambda x, k: x * random.normal(k, ()), 1.0, KEY)
    assert float(value) == float(random.normal(KEY, ()))
    del vjp_fn


def test_differentiating_a_key_is_refused_as_jax_refuses_it() -> None:
    with pytest.raises(TypeError, match=r"but got key<fry>\. If you want to use Boolean- or integer-valued inputs"):
        at.grad(lambda k: 1.0)(KEY)
    g = at.grad(lambda x, k: x * random.normal(k, ()), argnums=(0, 1), allow_int=True)(1.0, KEY)
    assert float(g[0]) == float(random.normal(KEY, ()))
    assert isinstance(g[1], np.ndarray) and g[1].shape == () and g[1].dtype == at.dtypes.float0
    with pytest.raises(TypeError, match=r"Got primal dtype key<fry> and so expected tangent dtype .*float0.*but got "
                                        r"tangent dtype key<fry> instead"):
        at.jvp(lambda k: random.normal(k, ()), (KEY,), (KEY,))



F0 = np.zeros((), at.dtypes.float0)


def _is_float0(x: Any, shape: tuple[int, ...]) -> bool:
    return isinstance(x, np.ndarray) and x.dtype == at.dtypes.float0 and x.shape == shape


def _scaled_normal(k: Any, x: Any) -> Any:
    return random.normal(k, (3,)) * x


# JAX 0.10.2: jax.jvp(lambda k, x: jax.random.normal(k, (3,)) * x, (jax.random.key(0), 2.0), (float0[], 1.0))
JVP_NORMAL = ([3.24528431892395, 4.050529479980469, -0.8671888709068298],
              [1.622642159461975, 2.0252647399902344, -0.4335944354534149])


def test_a_key_is_a_jvp_primal_with_a_float0_tangent() -> None:
    out, tangent = at.jvp(_scaled_normal, (KEY, 2.0), (F0, 1.0))
    np.testing.assert_array_equal(np.asarray(out), np.array(JVP_NORMAL[0], np.float32))
    np.testing.assert_array_equal(np.asarray(tangent), np.array(JVP_NORMAL[1], np.float32))
    jitted = at.jit(lambda k, x: at.jvp(_scaled_normal, (k, x), (np.zeros((), at.dtypes.float0), 1.0)))(KEY, 2.0)
    np.testing.assert_array_equal(np.asarray(jitted[1]), np.array(JVP_NORMAL[1], np.float32))
    batched = at.vmap(lambda k: at.jvp(_scaled_normal, (k, 2.0), (F0, 1.0))[1])(KEYS)
    assert batched.shape == (4, 3)
    np.testing.assert_array_equal(np.asarray(batched[1]), np.asarray(random.normal(KEYS[1], (3,))))


def test_key_outputs_get_float0_tangents_of_the_keys_shape() -> None:
    keys, tangent = at.jvp(lambda k: random.split(k), (KEY,), (F0,))
    _same_keys(keys, random.split(KEY))
    assert _is_float0(tangent, (2,))
    out, tangents = at.jvp(lambda d: (d["k"], d["x"] * 2), ({"k": KEYS, "x": 1.0},),
                           ({"k": np.zeros((4,), at.dtypes.float0), "x": 1.0},))
    _same_keys(out[0], KEYS)
    assert _is_float0(tangents[0], (4,)) and float(tangents[1]) == 2.0
    _, data_tangent = at.jvp(random.key_data, (KEY,), (F0,))
    assert _is_float0(data_tangent, (2,))
    _, f_jvp = at.linearize(lambda k: random.split(k, 3), KEY)
    assert _is_float0(f_jvp(F0), (3,))
    _, f_jvp = at.linearize(_scaled_normal, KEY, 2.0)
    np.testing.assert_array_equal(np.asarray(f_jvp(F0, 1.0)), np.array(JVP_NORMAL[1], np.float32))


def test_a_keys_cotangent_is_float0_of_the_keys_shape() -> None:
    _, f_vjp = at.vjp(_scaled_normal, KEY, 2.0)
    ct_key, ct_x = f_vjp(anp.ones(3))
    assert _is_float0(ct_key, ())
    assert float(ct_x) == pytest.approx(sum(JVP_NORMAL[1]), rel=1e-6)


def test_a_keys_tangent_of_another_shape_is_refused_as_jax_refuses_it() -> None:
    with pytest.raises(ValueError, match=r"different primal and tangent shapes;Got primal shape \(4,\) and tangent "
                                         r"shape as \(2,\)"):
        at.jvp(lambda k: k, (KEYS,), (np.zeros((2,), at.dtypes.float0),))
    _, f_jvp = at.linearize(_scaled_normal, KEY, 2.0)
    with pytest.raises(ValueError, match=r"got tangent aval float0\[2\] for primal aval key<fry>\[\] but expected "
                                         r"float0\[\]"):
        f_jvp(np.zeros((2,), at.dtypes.float0), 1.0)


def test_keys_are_leaves_of_the_users_trees() -> None:
    leaves, treedef = tree_flatten({"a": KEY, "b": 1.0})
    assert len(leaves) == 2 and leaves[0] is KEY
    assert str(tree_structure((KEY, 1.0))) == "PyTreeDef((*, *))"
    assert tree_leaves([KEYS]) == [KEYS]
    mapped = tree_map(lambda x: x, {"a": KEY, "b": 1.0})
    assert mapped["a"] is KEY
    assert tree_leaves(KEY, is_leaf=lambda x: False) == [KEY]


@pytest.mark.parametrize("batch_size", [None, 2])
def test_lax_map_over_keys(batch_size: int | None) -> None:
    keys = random.split(KEY, 5)
    out = lax.map(lambda k: random.normal(k, ()), keys, batch_size=batch_size)
    np.testing.assert_array_equal(np.asarray(out), np.array([np.asarray(random.normal(k, ())) for k in keys]))
    split = lax.map(random.split, keys, batch_size=batch_size)
    assert split.shape == (5, 2)
    for i in range(5):
        _same_keys(split[i], random.split(keys[i]))
