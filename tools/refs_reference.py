"""Write what JAX 0.10.2 prints and raises for small programs about mutable array references (``jax.new_ref``,
``jax.Ref``, ``jax.freeze``, ``jax.ref``: indexed reads and writes, references passed to and closed over by ``jit``
and ``lax.scan``, under ``vmap`` and ``grad``, and JAX's errors where it refuses them) to
``tests/data/refs_reference.json``.

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/refs_reference.py [--venv .jaxref-venv]

Each program is source text run with ``jax``, ``jnp``, ``np`` and ``partial`` bound (``tests/runtime/test_refs.py``
runs the same text with ``jax`` = ``arraytyping``), as ``tools/behaviours_reference.py`` runs its programs.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import behaviours_reference as behaviours  # noqa: E402  (same folder)
import jax_reference as ref  # noqa: E402

OUT = ref.ROOT / "tests" / "data" / "refs_reference.json"

PROGRAMS: dict[str, str] = {
    "repr": '''
print(jax.new_ref(jnp.zeros(3)), jax.new_ref(0.), jax.new_ref(3), jax.new_ref(jnp.float32(2)))
r = jax.new_ref(jnp.arange(6.).reshape(2, 3))
print(r.shape, r.dtype, r.ndim, r.size, len(r), isinstance(r, jax.Ref), isinstance(r, jax.Array))
''',
    "read": '''
r = jax.new_ref(jnp.arange(12.).reshape(3, 4))
print(repr(r[...]), repr(r[0]), repr(r[1, 2]), repr(r[:, 1]), repr(r[jnp.array([0, 2]), jnp.array([1, 3])]))
''',
    "write": '''
x_ref = jax.new_ref(jnp.arange(12.).reshape(3, 4))
row = x_ref[0]
x_ref[1] = row
val = x_ref[1, 2]
x_ref[2, 3] = val
col = x_ref[:, 1]
x_ref[0, :3] = col
vals = x_ref[jnp.array([0, 0, 1]), jnp.array([1, 2, 3])]
x_ref[jnp.array([1, 2, 1]), jnp.array([0, 0, 1])] = vals
print(x_ref)
x_ref[1] += 1.
x_ref[...] = x_ref[...] * 2
print(x_ref)
''',
    "write_casts": '''
r = jax.new_ref(jnp.zeros(3, jnp.int32))
r[0] = 2
r[1] = jnp.int8(5)
r[...] += jnp.ones(3, jnp.int32)
print(r)
f = jax.new_ref(0.)
print(f)
f[...] = 5.
print(f)
''',
    "write_wrong_dtype": '''
r = jax.new_ref(jnp.zeros(3, jnp.int32))
r[0] = 2.7
''',
    "write_wrong_shape": '''
r = jax.new_ref(jnp.zeros(3))
r[...] = jnp.ones(4)
''',
    "ref_module": '''
z = jax.new_ref(jnp.arange(3.))
print(jax.ref.get(z, 1), jax.ref.swap(z, 1, 7.), z)
jax.ref.set(z, 0, 5.)
print(z)
jax.ref.addupdate(z, ..., jnp.ones(3))
print(z)
''',
    "freeze": '''
r = jax.new_ref(jnp.arange(3.))
r[0] = 4.
print(repr(jax.freeze(r)))
''',
    "math_on_ref": '''
r = jax.new_ref(1.0)
r + 1
''',
    "jit_closed_over": '''
x_ref = jax.new_ref(jnp.zeros(3))
@jax.jit
def f():
    x_ref[1] += 1.
f()
f()
print(x_ref)
''',
    "jit_passed": '''
@jax.jit
def sin_inplace(x_ref):
    x_ref[...] = jnp.sin(x_ref[...])
x_ref = jax.new_ref(jnp.arange(3.))
sin_inplace(x_ref)
sin_inplace(x_ref)
print(x_ref)
@jax.jit
def impure1(x_ref, y_ref):
    x_ref[...] = y_ref[...]
a, b = jax.new_ref(jnp.zeros(2)), jax.new_ref(jnp.ones(2))
impure1(a, b)
print(a, b)
@jax.jit
def both(x, refs):
    refs[0][...] += x
    refs[1][0] = x
    return x * 2
print(both(3., [a, b]), a, b)
''',
    "jit_internal": '''
@jax.jit
def pure1(x):
    ref = jax.new_ref(x)
    ref[...] = ref[...] + ref[...]
    return ref[...]
print(pure1(3.), jax.grad(pure1)(3.0), jax.vmap(pure1)(jnp.arange(3.)))
''',
    "grad_internal": '''
def g(x):
    x_ref = jax.new_ref(0.)
    x_ref[...] = jnp.sin(x)
    return x_ref[...]
print(jax.grad(g)(1.0))
''',
    "jit_returns_ref": '''
x_ref = jax.new_ref(0.)
@jax.jit
def err1(x_ref):
    x_ref[...] = 5.
    return x_ref
err1(x_ref)
''',
    "jit_same_ref_twice": '''
x_ref = jax.new_ref(0.)
@jax.jit
def err2(x_ref, y_ref):
    ...
err2(x_ref, x_ref)
''',
    "jit_passed_and_closed": '''
x_ref = jax.new_ref(0.)
@jax.jit
def err3(y_ref):
    y_ref[...] = x_ref[...]
err3(x_ref)
''',
    "jit_freeze_passed": '''
x_ref = jax.new_ref(1.)
@jax.jit
def err4(x_ref):
    jax.freeze(x_ref)
err4(x_ref)
print(x_ref)
''',
    "vmap_ref_args": '''
def dist(x, y, out_ref):
    assert x.ndim == y.ndim == 1
    assert out_ref.ndim == 0
    out_ref[...] = jnp.sum((x - y) ** 2)
vecs = jnp.arange(12.).reshape(3, 4)
out_ref = jax.new_ref(jnp.zeros((3, 3)))
jax.vmap(jax.vmap(dist, (0, None, 0)), (None, 0, 0))(vecs, vecs, out_ref)
print(out_ref)
r = jax.new_ref(jnp.zeros((3, 2)))
jax.vmap(lambda x, r: r.__setitem__(..., x * 2))(jnp.arange(6.).reshape(3, 2), r)
print(r)
''',
    "vmap_closed_over": '''
x_ref = jax.new_ref(0.)
def err5(x):
    x_ref[...] = x
jax.vmap(err5)(jnp.arange(3.))
''',
    "grad_plumbing": '''
def foo(x, some_plumbing_ref):
    y = x + x
    some_plumbing_ref[...] += jax.lax.stop_gradient(y)
    return y
pr = jax.new_ref(0.)
print(jax.grad(foo)(1., pr), pr)
''',
    "grad_differentiated_write": '''
def err6(x, some_plumbing_ref):
    y = x + x
    some_plumbing_ref[...] += y
    return y
jax.grad(err6)(1., jax.new_ref(0.))
''',
    "custom_vjp_ref": '''
@jax.custom_vjp
def stash_grads(grads_ref, x):
    return x
def stash_grads_fwd(grads_ref, x):
    return x, grads_ref
def stash_grads_bwd(grads_ref, g):
    grads_ref[...] = g
    return None, g
stash_grads.defvjp(stash_grads_fwd, stash_grads_bwd)
def f(x, grads_ref):
    x = jnp.sin(x)
    x = stash_grads(grads_ref, x)
    return x
grads_ref = jax.new_ref(0.)
print(f(1., grads_ref), grads_ref)
''',
    "scan_closed_over": '''
r = jax.new_ref(0)
xs = jnp.arange(10)
def body(_, x):
    r[...] += x
    return None, x * 2
print(jax.lax.scan(body, None, xs)[1], r)
s = jax.new_ref(jnp.zeros(2))
@jax.jit
def g(xs):
    def step(c, x):
        s[0] += x
        return c + x, None
    return jax.lax.scan(step, 0., xs)[0]
print(g(jnp.arange(4.)), g(jnp.arange(4.)), s)
''',
    "pytree_of_refs": '''
refs = {"a": jax.new_ref(jnp.zeros(2)), "b": [jax.new_ref(1), jax.new_ref(2.)]}
print(jax.tree.leaves(refs))
@jax.jit
def bump(refs, k):
    refs["a"][...] += k
    refs["b"][0][...] += 1
    refs["b"][1][...] *= k
bump(refs, 3.)
print(refs)
''',
    "nested_jit": '''
r = jax.new_ref(jnp.zeros(2))
@jax.jit
def inner(x):
    r[...] += x
@jax.jit
def outer(x):
    inner(x)
    inner(x * 2)
    return r[0]
print(outer(jnp.ones(2)), r)
''',
    "empty_ref_jit": '''
def f(x):
    r = jax.empty_ref(jax.typeof(x))
    r[...] = x * 2
    r[0] += 1.
    out = r[...]
    jax.free_ref(r)
    return out
print(jax.jit(f)(jnp.arange(3.)), jax.jit(jax.grad(lambda x: f(x).sum()))(jnp.ones(3)))
print(jax.lax.scan(lambda c, x: (c + f(x), None), jnp.zeros(3), jnp.ones((2, 3)))[0])
print(jax.jit(lambda x: jax.freeze((lambda r: (r.__setitem__(..., x), r)[1])(
    jax.empty_ref(jax.ShapeDtypeStruct((2,), jnp.int32)))))(jnp.arange(2)))
''',
    "empty_ref_eager": '''
jax.empty_ref(jax.typeof(jnp.ones(3)))
''',
    "empty_ref_under_vmap": '''
jax.vmap(lambda x: jax.empty_ref(jax.typeof(x)))(jnp.ones((2, 3)))
''',
    "empty_ref_bad_type": '''
jax.jit(lambda x: jax.empty_ref("a"))(1.)
''',
    "free_ref_eager": '''
r = jax.new_ref(jnp.arange(3.))
print(jax.free_ref(r), r, jax.free_ref(1.0), jax.ref.free_ref(r))
''',
    "free_then_read_in_jit": '''
jax.jit(lambda x: (lambda r: (jax.free_ref(r), r[...])[1])(jax.new_ref(x)))(1.)
''',
    "abstract_ref": '''
t = jax.typeof(jax.new_ref(jnp.ones((2, 3))))
print(t, repr(t), isinstance(t, jax.ref.AbstractRef), t.shape, t.dtype, t.inner_aval, t.memory_space)
print(jax.ref.AbstractRef(jax.typeof(jnp.ones(2))) == jax.typeof(jax.new_ref(jnp.ones(2))))
print(jax.ref.AbstractRef(jax.typeof(jnp.ones(2))) == jax.typeof(jax.new_ref(jnp.ones(3))))
print(jax.jit(lambda x: (print(jax.typeof(jax.new_ref(x))), x)[1])(1.))
''',
}


def main_inside() -> None:
    import functools

    import jax
    import jax.numpy as jnp
    import jaxlib
    import numpy as np

    namespace = {"jax": jax, "jnp": jnp, "np": np, "partial": functools.partial}
    results = {name: {"source": src, **behaviours.run(jax, namespace, src)} for name, src in PROGRAMS.items()}
    data = {
        "generator": "tools/refs_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__},
        "programs": results,
    }
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
