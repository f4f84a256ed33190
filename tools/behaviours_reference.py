"""Write what JAX 0.10.2 prints and raises for small programs about its user-visible behaviours (issue 62, item 8)
to ``tests/data/behaviours_reference.json``: how tracers print under each transformation, ``jit``'s cache keyed by
the function, ``jit`` on methods, static indices out of bounds, error classes and messages, and host callbacks
(``jax.debug.print``/``callback``, ``jax.pure_callback``, ``jax.experimental.io_callback``).

Runs in JAX's own venv (see ``tools/jax_reference.py``, whose command line it shares)::

    python tools/behaviours_reference.py [--venv .jaxref-venv]

Each program is source text run with ``jax``, ``jnp``, ``np`` and ``partial`` bound (``tests/runtime/
test_behaviours.py`` runs the same text with ``jax`` = ``arraytyping``); the reference holds its standard output
(object addresses written ``0x?``) and the class and message of the exception it raises, if any.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "behaviours_reference.json"

SHOW = '''
def show(x):
    print(x)
    return x
'''

PROGRAMS: dict[str, str] = {
    # -- how tracers print ------------------------------------------------------------------------------------
    "tracer_jit_weak": SHOW + "jax.jit(show)(1.0)",
    "tracer_jit_int8": SHOW + "jax.jit(show)(jnp.ones((2, 3), jnp.int8))",
    "tracer_jit_bool": SHOW + "jax.jit(show)(True)",
    "tracer_jit_complex": SHOW + "jax.jit(show)(1j)\njax.jit(show)(jnp.ones(2, jnp.complex64))",
    "tracer_repr_format": SHOW + "jax.jit(lambda x: print(repr(x), f'{x}', str(x)))(jnp.float32(1))",
    "tracer_grad": SHOW + "jax.grad(lambda x: show(x) * 1.0)(1.0)",
    "tracer_grad_array": SHOW + "jax.grad(lambda x: show(x).sum())(jnp.arange(3.))",
    "tracer_vjp": SHOW + "jax.vjp(show, 1.0)",
    "tracer_linearize": SHOW + "jax.linearize(show, 1.0)",
    "tracer_jvp": SHOW + "jax.jvp(show, (1.0,), (1.0,))",
    "tracer_jvp_array": SHOW + "jax.jvp(show, (jnp.arange(3.),), (jnp.ones(3),))",
    "tracer_vmap": SHOW + "jax.vmap(show)(jnp.arange(3.))",
    "tracer_vmap_axis1": SHOW + "jax.vmap(show, in_axes=1)(jnp.ones((2, 3)))",
    "tracer_jacfwd": SHOW + "jax.jacfwd(show)(1.0)",
    "tracer_hessian": SHOW + "jax.hessian(lambda x: show(x) ** 2)(1.0)",
    "tracer_vmap_grad": SHOW + "jax.vmap(jax.grad(lambda x: show(x) ** 2))(jnp.arange(2.))",
    "tracer_grad_jit": SHOW + "jax.jit(jax.grad(lambda x: show(x) * 1.0))(2.0)",
    "tracer_jit_grad": SHOW + "jax.grad(jax.jit(lambda x: show(x) * 1.0))(2.0)",
    "tracer_scan": SHOW + "jax.lax.scan(lambda c, x: (show(c), x), 0., jnp.arange(2.))",
    "tracer_cond": SHOW + "jax.lax.cond(True, show, lambda x: show(x) + 1, 1.0)",
    "tracer_while": SHOW + "jax.lax.while_loop(lambda c: c < 1, lambda c: show(c) + 1, 0)",
    "tracer_make_jaxpr": SHOW + "jax.make_jaxpr(show)(1.0)",
    "tracer_aval": "jax.jit(lambda x: print(x.aval, x.aval.shape))(1.0)",
    # -- jit's cache, keyed by the function ---------------------------------------------------------------------
    "cache_by_function": '''
n = 0
g = 2.0
def f(x):
    global n
    n += 1
    return x * g
print(jax.jit(f)(1.0))
g = 3.0
print(jax.jit(f)(1.0), n)
print(jax.jit(f)(jnp.float32(1.0)), n)
print(jax.jit(f, static_argnums=())(1.0), n)
''',
    "cache_static": '''
n = 0
def f(x, k):
    global n
    n += 1
    return x * k
print(jax.jit(f, static_argnums=1)(1.0, 2), jax.jit(f, static_argnums=1)(1.0, 2), n)
print(jax.jit(f, static_argnames='k')(1.0, 2), n)
print(jax.jit(f, static_argnums=1)(1.0, k=2), n)
print(jax.jit(f, static_argnums=1)(1.0, 3), n)
''',
    "cache_new_lambdas": '''
n = [0]
for i in range(3):
    h = lambda x: (n.__setitem__(0, n[0] + 1), x)[1]
    jax.jit(h)(1.0)
print(n)
''',
    # -- jit on methods ---------------------------------------------------------------------------------------------
    "method_static_self": '''
class C:
    def __init__(self, k):
        self.k = k
    @partial(jax.jit, static_argnums=0)
    def g(self, x):
        return x * self.k
    def h(self, x):
        return x + self.k
c = C(3.0)
print(c.g(1.0), jax.jit(c.h)(1.0), C.g(c, 2.0))
c.k = 5.0
print(c.g(1.0))
''',
    "method_binds_self": '''
class C:
    @jax.jit
    def f(self, x):
        return x * 2
C().f(1.0)
''',
    "method_pytree_dict_aux": '''
class C:
    def __init__(self, x, mul):
        self.x = x
        self.mul = mul
    @jax.jit
    def calc(self, y):
        return self.x * y if self.mul else y
jax.tree_util.register_pytree_node(C, lambda c: ((c.x,), {"mul": c.mul}), lambda aux, ch: C(*ch, **aux))
c = C(2, True)
print(c.calc(3))
c.mul = False
print(c.calc(3))
print(C(jnp.array(2), True).calc(3))
''',
    # -- static indices out of bounds -----------------------------------------------------------------------------
    "oob_get": "x = jnp.arange(10)\nprint(x[11], x[-11], x[10], x[-10], x[100])",
    "oob_jit": "x = jnp.arange(10)\nprint(jax.jit(lambda x: x[11])(x), jax.jit(lambda x: x[-11])(x))",
    "oob_at_get": "x = jnp.arange(10)\nprint(x.at[11].get(), x.at[-11].get(), x.at[11].get(mode='fill', fill_value=-1))",
    "oob_at_updates": '''
x = jnp.arange(10)
print(x.at[11].set(5), x.at[-11].set(5), x.at[10].add(5), x.at[-11].add(1), x.at[11].mul(2), x.at[11].min(-1))
print(jax.jit(lambda x: x.at[11].set(3))(x))
''',
    "oob_2d": "y = jnp.arange(12).reshape(3, 4)\nprint(y[5, 7], y[5], y[1, -9], y[5, 1:3], y[11:20])",
    "oob_numpy_index": "x = jnp.arange(10)\nprint(x[np.int32(11)], x[np.array([11, -11, 3])])",
    "oob_empty": "jnp.zeros(0)[0]",
    # -- error classes and messages ---------------------------------------------------------------------------------
    "dot_mismatch": "jnp.dot(jnp.ones((2, 3)), jnp.ones((4, 5)))",
    "dot_vectors": "jnp.dot(jnp.ones(3), jnp.ones(4))",
    "matmul_mismatch": "jnp.ones((2, 3)) @ jnp.ones((4, 5))",
    "matmul_batch": "jnp.matmul(jnp.ones((2, 2, 3), jnp.int32), jnp.ones((3, 3, 4)))",
    "matmul_scalar": "jnp.matmul(2.0, jnp.ones(3))",
    "bool_many": "bool(jnp.arange(3))",
    "if_many": "if jnp.arange(3):\n    pass",
    "bool_empty": "bool(jnp.zeros(0))",
    "bool_one": "print(bool(jnp.ones(1)), bool(jnp.ones((1, 1))))",
    "int_1d": "int(jnp.ones(1))",
    "float_2d": "float(jnp.ones((2, 2)))",
    "index_1d": "import operator\noperator.index(jnp.ones(1, int))",
    "setitem": "x = jnp.arange(3)\nx[0] = 1",
    "setitem_jit": "def f(x):\n    x[0] = 1\n    return x\njax.jit(f)(jnp.arange(3))",
    "grad_complex": '''
print(repr(jax.grad(lambda x: (x * (1 + 1j)).real)(1.0)))
print(repr(jax.grad(lambda z: (z * z).real)(1 + 1j)))
print(repr(jax.grad(lambda z: jnp.abs(z) ** 2)(3 + 4j)))
print(repr(jax.grad(lambda z: z * z, holomorphic=True)(1 + 1j)))
print(repr(jax.grad(lambda z: (z * 2).imag)(1 + 1j)))
''',
    # -- the NaN/Inf checks (jax_debug_nans, jax_debug_infs) ---------------------------------------------------------
    "debug_nans_eager": '''
def err(f, *args):
    try:
        print(f(*args))
    except FloatingPointError as e:
        print("FloatingPointError:", e)
with jax.debug_nans(True):
    err(jnp.log, -1.0)
    err(jnp.sqrt, jnp.array([1.0, -1.0]))
    err(lambda x: x * 0.0, jnp.inf)
    err(jnp.log, 0.0)
    err(lambda x: jnp.log(x) + 1, jnp.ones(2))
    err(jnp.log, jnp.array([-1, 2]))
with jax.debug_infs(True):
    err(jnp.log, 0.0)
    err(jnp.log, -1.0)
err(jnp.log, -1.0)
''',
    "debug_nans_jit": '''
def err(f, *args):
    try:
        print(f(*args))
    except FloatingPointError as e:
        print("FloatingPointError:", e)
def f(x):
    w = 3 * jnp.square(x)
    return jnp.log(-w)
jax.config.update("jax_debug_nans", True)
try:
    err(jax.jit(f), 5.0)
    err(jax.jit(f), -0.0)
    err(jax.jit(lambda x: jnp.sin(x) * 2), jnp.inf)
    err(jax.grad(lambda x: jnp.sqrt(x)), -1.0)
    err(jax.vmap(jnp.log), jnp.array([1.0, -1.0]))
    with jax.debug_nans(False):
        err(jax.jit(f), 5.0)
finally:
    jax.config.update("jax_debug_nans", False)
err(jax.jit(f), 5.0)
''',
    "debug_breakpoint": '''
import io, sys
sys.stdin, stdin = io.StringIO("p y\\np z * 2\\nw\\nzz\\nu\\nd\\nc\\np x\\npp {'a': x}\\nc\\n"), sys.stdin
try:
    @jax.jit
    def f(x):
        y, z = jnp.sin(x), jnp.cos(x)
        jax.debug.breakpoint(num_frames=2)
        return y * z
    print(f(2.))
    def false_fn(x):
        jax.debug.breakpoint(num_frames=1)
    @jax.jit
    def g(x, y):
        z = x / y
        jax.lax.cond(jnp.isfinite(z).all(), lambda x: None, false_fn, z)
        return z
    print(g(2., 1.))
    print(g(2., 0.))
finally:
    sys.stdin = stdin
''',
    "broadcast_ranks_differ": '''
for a, b in [((100,), (100, 10)), ((3,), (2, 4)), ((2, 3), (4, 2, 2))]:
    for f in [jnp.multiply, lambda x, y: x * y, jax.jit(lambda x, y: x + y), jnp.maximum, jnp.arctan2]:
        try:
            f(jnp.ones(a), jnp.ones(b))
        except Exception as e:
            print(type(e).__name__, e)
''',
    # -- host callbacks -------------------------------------------------------------------------------------------
    "debug_print_eager": "jax.debug.print('x={} y={y}', jnp.arange(3), y=2.0)",
    "debug_print_jit": '''
@jax.jit
def f(x):
    print("trace", x)
    jax.debug.print("x -> {x}", x=x)
    y = jnp.sin(x)
    jax.debug.print("y -> {}", y)
    return y
print(f(2.))
print(f(3.))
''',
    "debug_print_vmap": '''
def f(x):
    jax.debug.print("x -> {}", x)
    return x * 2
print(jax.vmap(f)(jnp.arange(3.)))
print(jax.jit(jax.vmap(f))(jnp.arange(2.)))
''',
    "debug_print_grad": '''
def f(x):
    jax.debug.print("x -> {}", x)
    return x ** 2
print(jax.grad(f)(1.))
print(jax.jit(jax.grad(f))(2.))
''',
    "debug_print_loops": '''
def body(c, x):
    jax.debug.print("c={} x={}", c, x)
    return c + x, c
print(jax.jit(lambda xs: jax.lax.scan(body, 0., xs))(jnp.arange(3.)))
def wbody(c):
    jax.debug.print("c={}", c)
    return c + 1
print(jax.jit(lambda c: jax.lax.while_loop(lambda c: c < 3, wbody, c))(0))
def branch(x):
    jax.debug.print("branch {}", x)
    return x
print(jax.jit(lambda p, x: jax.lax.cond(p, branch, lambda x: x, x))(True, 1.5))
''',
    "debug_print_unused": '''
@jax.jit
def f(x):
    jax.debug.print("kept {}", x)
    return 1.0
print(f(4.0))
''',
    "debug_callback": '''
def log_value(x):
    print("log:", repr(x))
@jax.jit
def f(x):
    jax.debug.callback(log_value, x)
    return x
f(1.0)
jax.vmap(f)(jnp.arange(3.0))
jax.grad(f)(1.0)
jax.debug.callback(lambda a, b: print(a, b["k"]), jnp.arange(2), {"k": 3})
''',
    "shape_dtype_struct": '''
print(repr(jax.ShapeDtypeStruct.like(jnp.arange(3.))), repr(jax.ShapeDtypeStruct((2,), jnp.float32)))
print(repr(jax.ShapeDtypeStruct((), float, weak_type=True)), repr(jax.ShapeDtypeStruct.like(1.0)))
s = jax.ShapeDtypeStruct((2, 3), 'int8')
print(s.shape, s.dtype, s.ndim, s.size, s.weak_type, s == jax.ShapeDtypeStruct((2, 3), np.int8))
''',
    "pure_callback": '''
def f_host(x):
    return np.sin(x).astype(x.dtype)
def f(x):
    return jax.pure_callback(f_host, jax.ShapeDtypeStruct.like(x), x, vmap_method='sequential')
x = jnp.arange(5.0)
print(f(x), f(x).dtype)
print(jax.jit(f)(x))
print(jax.vmap(f)(x))
print(jax.lax.scan(lambda c, x: (c, f(x)), None, x)[1])
print(repr(jax.pure_callback(lambda: np.float64(1), jax.ShapeDtypeStruct((), jnp.float32))))
''',
    "pure_callback_vmap_methods": '''
def host(x, y):
    print("host", x.shape, y.shape)
    return (x + y).astype(np.float32)
def f(x, y, method):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.float32), x, y, vmap_method=method)
for method in ("expand_dims", "broadcast_all", "sequential"):
    print(method, jax.vmap(partial(f, method=method), in_axes=(0, None))(jnp.ones((3, 2)), jnp.arange(2.)))
''',
    "pure_callback_vmap_none": '''
jax.vmap(lambda x: jax.pure_callback(lambda x: x, jax.ShapeDtypeStruct((), jnp.float32), x))(jnp.ones(2))
''',
    "pure_callback_grad": '''
jax.grad(lambda x: jax.pure_callback(np.sin, jax.ShapeDtypeStruct((), jnp.float32), x))(1.0)
''',
    "pure_callback_unused": '''
def print_something():
    print('printing something')
    return np.int32(0)
@jax.jit
def f1():
    return jax.pure_callback(print_something, np.int32(0))
print(f1())
@jax.jit
def f2():
    jax.pure_callback(print_something, np.int32(0))
    return 1.0
print(f2())
''',
    "io_callback": '''
from jax.experimental import io_callback
rng = np.random.default_rng(0)
def host_random_like(x):
    print(f'generating {x.dtype}{list(x.shape)}')
    return rng.uniform(size=x.shape).astype(x.dtype)
@jax.jit
def numpy_random_like(x):
    return io_callback(host_random_like, x, x)
print(numpy_random_like(jnp.zeros(3)))
print(jax.vmap(numpy_random_like)(jnp.zeros(2)))
@jax.jit
def g(x):
    io_callback(lambda: print('hello'), None)
    return x
print(jax.grad(g)(1.0))
''',
    "io_callback_ordered_vmap": '''
from jax.experimental import io_callback
jax.vmap(lambda x: io_callback(lambda x: x, x, x, ordered=True))(jnp.zeros(2))
''',
    "io_callback_grad": '''
from jax.experimental import io_callback
jax.grad(lambda x: io_callback(lambda x: x, x, x))(1.0)
''',
}

_ADDRESS = re.compile(r"0x[0-9a-f]+")


def normalize(text: str) -> str:
    """Output with object addresses (which vary) written ``0x?``."""
    return _ADDRESS.sub("0x?", text)


def run(jax: Any, namespace: dict[str, Any], source: str) -> dict[str, Any]:
    """Run ``source`` with ``namespace``'s names: its standard output and the exception it raises."""
    out = io.StringIO()
    error: dict[str, str] | None = None
    with contextlib.redirect_stdout(out):
        try:
            exec(compile(source, "<program>", "exec"), dict(namespace))  # noqa: S102 - our own table
            barrier = getattr(jax, "effects_barrier", None)
            if barrier is not None:
                barrier()
        except Exception as e:  # noqa: BLE001 - recorded
            error = {"type": type(e).__name__, "message": normalize(str(e))}
    return {"stdout": normalize(out.getvalue()), "error": error}


def main_inside() -> None:
    import functools

    import jax
    import jax.numpy as jnp
    import jaxlib
    import numpy as np

    namespace = {"jax": jax, "jnp": jnp, "np": np, "partial": functools.partial}
    results = {name: {"source": src, **run(jax, namespace, src)} for name, src in PROGRAMS.items()}
    data = {
        "generator": "tools/behaviours_reference.py",
        "versions": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__},
        "programs": results,
    }
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
