"""Programs over JAX's everyday API run twice: by tools/jax_api_cases_reference.py under JAX 0.10.2 (recording each
outcome in tests/data/jax_api_cases.json) and by tests/runtime/test_api_cases.py under arraytyping, which must give
the recorded outcome: pytrees (``jax.tree``, ``jax.tree_util``), the submodules ``import jax`` binds, abstract
values, configuration options. Each case takes the ``jax`` module (``jax`` or ``arraytyping``) and returns text:
reprs of results, or ``error:Class`` (the built-in class an error is, with the message where arraytyping words it as
JAX does). The abstract values are ``ShapeDtypeStruct``, ``eval_shape``, ``typeof`` and ``block_until_ready``. Only
names both packages have are used; functions in outcomes are built-ins, whose reprs carry no address."""

from __future__ import annotations

import collections
import dataclasses
import functools
import operator
from collections.abc import Callable
from typing import Any, NamedTuple


class Point(NamedTuple):
    x: Any
    y: Any


def _err(fn: Callable[[], Any], message: bool = True) -> str:
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - the class (and message) is the outcome
        builtin = next(c for c in type(e).__mro__ if c.__module__ == "builtins")  # a subclass counts as its base
        return f"error:{builtin.__name__}" + (f": {e}" if message else "")
    return f"no error: {out!r}"


def _registered(jax: Any) -> dict[str, Any]:
    """A tree holding every kind of node: built-ins, a named tuple, the collections' mappings, and classes
    registered each way (fresh classes per call: registration is once per class)."""
    tu = jax.tree_util

    class Box:
        def __init__(self, a: Any, b: Any) -> None:
            self.a, self.b = a, b

    tu.register_pytree_node(Box, lambda c: ((c.a, c.b), "meta"), lambda aux, ch: Box(*ch))

    class Keyed:
        def __init__(self, u: Any, v: Any) -> None:
            self.u, self.v = u, v

    tu.register_pytree_with_keys(Keyed, lambda c: (((tu.GetAttrKey("u"), c.u), (tu.DictKey("vee"), c.v)), None),
                                 lambda aux, ch: Keyed(*ch))

    @tu.register_pytree_node_class
    class Cls:
        def __init__(self, x: Any) -> None:
            self.x = x

        def tree_flatten(self) -> tuple[tuple[Any, ...], Any]:
            return (self.x,), ("aux", 1)

        @classmethod
        def tree_unflatten(cls, aux: Any, children: Any) -> Cls:
            return cls(*children)

    @tu.register_pytree_with_keys_class
    class KeyedCls:
        def __init__(self, x: Any, y: Any) -> None:
            self.x, self.y = x, y

        def tree_flatten_with_keys(self) -> tuple[Any, Any]:
            return ((tu.GetAttrKey("x"), self.x), (tu.GetAttrKey("y"), self.y)), None

        @classmethod
        def tree_unflatten(cls, aux: Any, children: Any) -> KeyedCls:
            return cls(*children)

    @tu.register_static
    class Tag(str):
        pass

    @tu.register_dataclass
    @dataclasses.dataclass
    class Layer:
        w: Any
        b: Any
        act: str = jax.tree.static(default="tanh")

    return {"list": [1, (2, None)], "point": Point(3, 4), "box": Box(5, [6]), "keyed": Keyed(7, 8),
            "cls": Cls(9), "kcls": KeyedCls(10, 11), "tag": Tag("t"), "layer": Layer(12, 13),
            "od": collections.OrderedDict(z=14, y=15), "dd": collections.defaultdict(list, q=16), "none": None,
            "partial": jax.tree_util.Partial(max, 17, default=18)}


def paths(jax: Any) -> str:
    tu = jax.tree_util
    pairs, treedef = tu.tree_flatten_with_path(_registered(jax))
    lines = [f"{p!r} {tu.keystr(p)} {tu.keystr(p, simple=True, separator='/')} {x!r}" for p, x in pairs]
    return "\n".join([*lines, repr(treedef)])


def structure(jax: Any) -> str:
    leaves, treedef = jax.tree.flatten(_registered(jax))
    rebuilt = jax.tree.unflatten(treedef, [x * 2 if isinstance(x, int) else x for x in leaves])
    return "\n".join([repr(leaves), repr(treedef), repr(jax.tree.leaves(rebuilt)), str(treedef.num_leaves),
                      str(treedef.num_nodes), repr(jax.tree.structure(rebuilt) == treedef)])


def keys(jax: Any) -> str:
    tu = jax.tree_util
    ks = [tu.SequenceKey(0), tu.DictKey("a"), tu.DictKey(1), tu.GetAttrKey("w"), tu.FlattenedIndexKey(2)]
    out = [f"{k!r} {k}" for k in ks]
    out.append(repr([tu.SequenceKey(0) == tu.SequenceKey(0), tu.DictKey(1) == tu.DictKey(1.0),
                     tu.GetAttrKey("a") == tu.DictKey("a"), tu.SequenceKey(0) == 0,
                     hash(tu.DictKey("a")) == hash(tu.DictKey("a")), tu.SequenceKey(3).idx, tu.DictKey("k").key,
                     tu.GetAttrKey("n").name, tu.FlattenedIndexKey(4).key]))
    out.append(tu.keystr((tu.SequenceKey(0), "x", 3)) + "|" + tu.keystr(()))
    out.append(_err(lambda: setattr(tu.SequenceKey(1), "idx", 2), message=False))
    out.append(_err(lambda: tu.SequenceKey("a"), message=False))
    out.append(_err(lambda: tu.GetAttrKey(1), message=False))
    return "\n".join(out)


def is_leaf(jax: Any) -> str:
    tu = jax.tree_util
    tree = [1, (2, 3), {"a": (4,)}]
    return "\n".join(repr(x) for x in [
        tu.tree_flatten_with_path(tree, is_leaf=lambda x: isinstance(x, tuple)),
        tu.tree_leaves_with_path(tree, is_leaf=lambda p, x: len(p) == 1, is_leaf_takes_path=True),
        jax.tree.leaves(tree, is_leaf=lambda x: isinstance(x, tuple)),
        jax.tree.structure(tree, is_leaf=lambda x: isinstance(x, dict)),
        jax.tree.map(lambda x: x, tree, is_leaf=lambda x: isinstance(x, tuple)),
        jax.tree.map_with_path(lambda p, x: tu.keystr(p), tree, is_leaf=lambda x: isinstance(x, tuple)),
    ])


def mapping(jax: Any) -> str:
    tu = jax.tree_util
    return "\n".join(repr(x) for x in [
        jax.tree.map(lambda x: x * 10, [None, 1, {"b": 2, "a": (3,)}]),
        jax.tree.map(lambda a, b: (a, b), [1, None], [2, None]),
        jax.tree.map(lambda a, b: (a, b), (1, 2), ((3, 4), [5])),
        jax.tree.map(operator.add, {"a": 1, "b": 2}, {"b": 20, "a": 10}),
        jax.tree.map_with_path(lambda p, x, y: (tu.keystr(p), x + y), {"k": [1, 2]}, {"k": [10, 20]}),
        tu.tree_map_with_path(lambda p, x: len(p), Point(1, [2, 3])),
        jax.tree.leaves([None, 1, [None]]),
        jax.tree.reduce(operator.add, [1, (2, 3)]),
        jax.tree.reduce(operator.add, [], 10),
        jax.tree.reduce(operator.add, [[1], [2]], is_leaf=lambda x: isinstance(x, list) and len(x) == 1),
        jax.tree.reduce_associative(operator.add, [1, 2, 3, 4, 5]),
        jax.tree.reduce_associative(operator.add, [], identity=0),
        jax.tree.reduce_associative(lambda a, b: f"({a}+{b})", ["a", "b", "c", "d", "e"]),
        jax.tree.all([1, True, (2,)]), jax.tree.all([1, 0]), jax.tree.all([]), jax.tree.all({"a": None}),
        jax.tree.all([0, 1], is_leaf=lambda x: isinstance(x, list)),
    ])


def errors(jax: Any) -> str:
    tu = jax.tree_util

    class Twice(str):
        pass
    return "\n".join([
        _err(lambda: jax.tree.map(lambda a, b: a, [1, 2], [1]), message=False),
        _err(lambda: jax.tree.map(lambda a, b: a, [1, None], [2, 3]), message=False),
        _err(lambda: jax.tree.map(lambda a, b: a, {"a": 1}, {"b": 1}), message=False),
        _err(lambda: jax.tree.map(lambda a, b: a, (1, 2), [1, 2]), message=False),
        _err(lambda: jax.tree.map_with_path(lambda p, a, b: a, [1, 2], [1]), message=False),
        _err(lambda: jax.tree.unflatten(jax.tree.structure([1, 2]), [1])),
        _err(lambda: jax.tree.unflatten(jax.tree.structure([1, 2]), [1, 2, 3])),
        _err(lambda: jax.tree.transpose(jax.tree.structure([0, 0]), jax.tree.structure((0, 0, 0)),
                                        [(1, 2), (3, 4)])),
        _err(lambda: jax.tree.reduce_associative(operator.add, [])),
        _err(lambda: jax.tree.reduce(operator.add, []), message=False),
        _err(lambda: jax.tree.broadcast([1, 2], [3]), message=False),
        _err(lambda: jax.tree.broadcast({"a": 1}, {"b": 2}), message=False),
        _err(lambda: tu.flatten_one_level(1)),
        _err(lambda: tu.flatten_one_level("text")),
        _err(lambda: tu.register_pytree_node(list, lambda x: (x, None), lambda a, c: c), message=False),
        _err(lambda: tu.register_static(Twice) and tu.register_static(Twice), message=False),
    ])


def transpose_broadcast(jax: Any) -> str:
    tu = jax.tree_util
    outer, inner = jax.tree.structure([0, 0]), jax.tree.structure((0, 0))
    return "\n".join(repr(x) for x in [
        jax.tree.transpose(outer, inner, [(1, 2), (3, 4)]),
        jax.tree.transpose(outer, None, [(1, 2), (3, 4)]),
        tu.tree_transpose(jax.tree.structure({"a": 0, "b": 0}), jax.tree.structure([0, 0, 0]),
                          {"a": [1, 2, 3], "b": [4, 5, 6]}),
        outer.compose(inner), outer.children(), jax.tree.structure({"a": (1, 2), "b": None}).children(),
        jax.tree.broadcast([1, 2], [[3, 4], (5,)]),
        jax.tree.broadcast(1, {"a": 2, "b": [3, None]}),
        jax.tree.broadcast({"a": 1, "b": 2}, {"a": [0, 0], "b": Point(0, 0)}),
        jax.tree.broadcast([1, (2, 3)], [[4, 5], (6, {"x": 7})], is_leaf=lambda x: isinstance(x, tuple)),
    ])


def treedefs(jax: Any) -> str:
    tu = jax.tree_util

    class Unregistered:
        pass
    return "\n".join(repr(x) for x in [
        tu.treedef_children(jax.tree.structure([(1, 2), 3, {"a": 4}])),
        [tu.treedef_is_leaf(jax.tree.structure(t)) for t in (None, 1, [1], (), [None])],
        tu.treedef_tuple([jax.tree.structure(1), jax.tree.structure([1, None])]),
        tu.treedef_tuple([]),
        tu.treedef_tuple([jax.tree.structure(1), jax.tree.structure(2)]) == jax.tree.structure((1, 2)),
        [tu.all_leaves(x) for x in ([1, 2], [[1]], [None], [1, None], [], [()], ["s", 2.0])],
        tu.all_leaves([1, (2,)], is_leaf=lambda x: isinstance(x, tuple)),
        [tu.is_tree_node(t) for t in (list, tuple, dict, type(None), int, Point, str, collections.OrderedDict,
                                      Unregistered)],
    ])


def one_level(jax: Any) -> str:
    tu = jax.tree_util
    trees = [(1, 2), [1, 2], {"b": 1, "a": 2}, None, Point(1, 2), collections.OrderedDict(b=1, a=2),
             collections.defaultdict(list, b=1), tu.Partial(max, 1)]
    out = [repr((list(c), m)) for c, m in map(tu.flatten_one_level, trees)]
    # (named tuples left out: JAX 0.10.2 keys both fields of Point(1, 2) GetAttrKey('x'), a bug not copied)
    out += [repr((list(c), m)) for c, m in map(tu.flatten_one_level_with_keys,
                                               [t for t in trees if not isinstance(t, Point)])]
    return "\n".join(out)


def partial(jax: Any) -> str:
    tu = jax.tree_util
    p = tu.Partial(max, 1, key=abs)
    leaves, treedef = jax.tree.flatten(p)
    rebuilt = jax.tree.unflatten(treedef, [-5, abs])
    nested = tu.Partial(functools.partial(max, 3), 4)
    return "\n".join(repr(x) for x in [
        p, leaves, treedef, p(-3), rebuilt(-3), isinstance(p, functools.partial), p.func, p.args,
        jax.tree.structure(tu.Partial(max)), nested(2), jax.tree.leaves(nested), nested.args,
        tu.Partial(max, 1) == tu.Partial(max, 1),
    ])


def transformed(jax: Any) -> str:
    """Pytrees through jit: a Partial's arguments are traced, a static-registered value is auxiliary data."""
    tu = jax.tree_util
    jnp = jax.numpy

    @tu.register_static
    class Mode(str):
        pass

    def call(f: Any, x: Any) -> Any:
        return f(x)

    def pick(x: Any, mode: Any) -> Any:
        return x + 1 if mode == "add" else x - 1

    return "\n".join(repr(x) for x in [
        jax.jit(call)(tu.Partial(jnp.add, 1), 2),
        jax.jit(call)(tu.Partial(jnp.multiply, jnp.float32(2)), jnp.arange(3)),
        jax.jit(pick)(jnp.int32(5), Mode("add")),
        jax.jit(pick)(jnp.int32(5), Mode("sub")),
        jax.grad(lambda p: jax.tree.reduce(operator.add, jax.tree.map(jnp.sum, p)))({"a": jnp.ones(2)}),
    ])


def submodules(jax: Any) -> str:
    """``import jax`` alone binds these submodules."""
    names = ("numpy", "random", "lax", "nn", "tree_util", "tree", "dtypes", "typing")
    return repr([n for n in names if hasattr(jax, n)])


def shape_dtype_struct(jax: Any) -> str:
    jnp = jax.numpy
    s = jax.ShapeDtypeStruct((2, 3), jnp.float32)
    return "\n".join(repr(x) for x in [
        s, s.shape, s.dtype, s.sharding, s.weak_type, s.ndim, s.size, len(s),
        s == jax.ShapeDtypeStruct((2, 3), "float32"), hash(s) == hash(jax.ShapeDtypeStruct([2, 3], "float32")),
        s == jax.ShapeDtypeStruct((2, 3), jnp.float32, weak_type=True),
        jax.ShapeDtypeStruct((), jnp.int32, weak_type=True), jax.ShapeDtypeStruct([2], float),
        jax.ShapeDtypeStruct((2,), jnp.bfloat16), jax.ShapeDtypeStruct((), bool), s.update(shape=(4,)),
        jax.eval_shape(lambda x: x * 2, s),
        jax.eval_shape(lambda x: x, jax.ShapeDtypeStruct((2,), jnp.float64)),
        jax.eval_shape(lambda: (1.0, jnp.int8(1))),
        jax.eval_shape(lambda d: {"n": d["a"].sum(), "m": d["b"] @ d["a"]},
                       {"a": jax.ShapeDtypeStruct((3,), jnp.float32), "b": jnp.ones((2, 3), jnp.int8)}),
        jax.jit(lambda x: x + 1)(jnp.zeros(2)).shape,
        jax.ShapeDtypeStruct.like(jnp.ones(3)), jax.ShapeDtypeStruct.like(1.0),
        jax.ShapeDtypeStruct.like(jnp.ones(2, jnp.int8)), jax.ShapeDtypeStruct.like(s),
        jax.ShapeDtypeStruct.like(jax.ShapeDtypeStruct((2,), jnp.float64)),
        jax.jit(lambda x: jax.ShapeDtypeStruct.like(x).shape)(jnp.ones(4)),
        _err(lambda: jax.ShapeDtypeStruct.like("a"), message=False),
        _err(lambda: jax.ShapeDtypeStruct((2,), None)),
        _err(lambda: setattr(s, "shape", (3,))),
        _err(lambda: len(jax.ShapeDtypeStruct((), jnp.float32))),
        _err(lambda: jax.ShapeDtypeStruct(3, jnp.float32), message=False),
        _err(lambda: jax.ShapeDtypeStruct((2,), "foo"), message=False),
    ])


def typeof(jax: Any) -> str:
    import numpy as np
    jnp = jax.numpy
    seen: list[str] = []

    def traced(x: Any) -> Any:
        seen.append(str(jax.typeof(x)))
        return x

    jax.jit(traced)(jnp.ones(3))
    jax.jit(traced)(2.0)
    return "\n".join(repr(x) for x in [
        jax.typeof(jnp.ones(3)), jax.typeof(1.0), jax.typeof(2), jax.typeof(True), jax.typeof(jnp.int32(1)),
        jax.typeof(jnp.ones((2, 3), jnp.bfloat16)), jax.typeof(np.float64(1)), jax.typeof(np.ones(2, np.int64)),
        jax.typeof(jax.random.key(0)), jax.typeof(jax.ShapeDtypeStruct((2,), jnp.float64)),
        jax.typeof(jax.ShapeDtypeStruct((2,), jnp.float32, weak_type=True)),
        str(jax.typeof(1.0)), str(jax.typeof(jnp.ones((2, 2)))), seen,
        _err(lambda: jax.typeof("a"), message=False), _err(lambda: jax.typeof(None), message=False),
        _err(lambda: jax.typeof([1.0]), message=False),
    ])


def block_until_ready(jax: Any) -> str:
    jnp = jax.numpy
    x = jnp.arange(3)
    tree = {"a": x, "b": [1, "text", None]}
    return "\n".join(repr(v) for v in [
        jax.block_until_ready(tree), jax.block_until_ready(tree) is tree, jax.block_until_ready(3),
        jax.block_until_ready(None), x.block_until_ready() is x,
        x.devices(), x.sharding, x.sharding.device_set, x.sharding.memory_kind, x.sharding.is_fully_replicated,
        x.sharding.num_devices, x.sharding.shard_shape((3,)), x.sharding == jax.jit(lambda y: y * 2)(x).sharding,
        jnp.ones((2, 2)).sharding,
    ])


def config(jax: Any) -> str:
    """JAX's option names: read, set (x64 takes effect), refused as JAX refuses them. Leaves the defaults."""
    import warnings
    c = jax.config
    jnp = jax.numpy
    out: list[Any] = [c.jax_enable_x64, c.jax_numpy_dtype_promotion == "standard", c.jax_numpy_rank_promotion,
                      c.jax_default_matmul_precision, c.jax_debug_nans, c.jax_debug_infs, c.jax_disable_jit,
                      c.jax_log_compiles, c.jax_explain_cache_misses, c.jax_default_prng_impl,
                      c.jax_threefry_partitionable, c.jax_platforms]
    c.update("jax_enable_x64", True)
    try:
        out += [c.jax_enable_x64, jnp.ones(2).dtype, jnp.array(1).dtype, (jnp.arange(3) * 2.0).dtype]
    finally:
        c.update("jax_enable_x64", False)
    out += [c.jax_enable_x64, jnp.ones(2).dtype, jnp.array(1).dtype]
    for name, value, default in [("jax_explain_cache_misses", True, False), ("jax_log_compiles", 1, False),
                                 ("jax_default_matmul_precision", "highest", None),
                                 ("jax_numpy_dtype_promotion", "strict", "standard"),
                                 ("jax_debug_nans", True, False)]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # arraytyping warns about the options it does not enforce
            c.update(name, value)
        out.append(getattr(c, name) == value)
        c.update(name, default)
    out += [_err(lambda: c.update("jax_foo", True)), _err(lambda: c.update("foo", 1)),
            _err(lambda: c.jax_foo),
            _err(lambda: c.update("jax_numpy_rank_promotion", "bad")),
            _err(lambda: c.update("jax_default_matmul_precision", "bad"), message=False),
            _err(lambda: c.update("jax_numpy_dtype_promotion", "bad"), message=False),
            _err(lambda: c.update("jax_platforms", 3)),
            _err(lambda: c.update("jax_traceback_filtering", "bad"))]
    return "\n".join(repr(x) for x in out)


CASES: dict[str, Callable[[Any], str]] = {f.__name__: f for f in (
    paths, structure, keys, is_leaf, mapping, errors, transpose_broadcast, treedefs, one_level, partial,
    transformed, submodules, shape_dtype_struct, typeof, block_until_ready, config)}
