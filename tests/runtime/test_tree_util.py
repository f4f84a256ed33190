"""Pytrees (``arraytyping.tree_util``) as JAX 0.10.2 has them: node types, leaf order, ``PyTreeDef`` printing and
equality, registration, ``tree_map`` over several trees, and the errors (expected values as JAX 0.10.2 gives
them)."""

from __future__ import annotations

import collections
import dataclasses
from typing import Any, NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arraytyping import tree_util as tu


class Point(NamedTuple):
    x: Any
    y: Any


@tu.register_dataclass
@dataclasses.dataclass
class Layer:
    w: Any
    b: Any
    act: str = dataclasses.field(metadata=dict(static=True), default="tanh")


class Box:
    def __init__(self, a: Any, b: Any) -> None:
        self.a, self.b = a, b


tu.register_pytree_node(Box, lambda c: ((c.a, c.b), "meta"), lambda aux, ch: Box(*ch))


@pytest.mark.parametrize("tree,leaves,text,num_nodes", [
    (1, [1], "PyTreeDef(*)", 1),
    ((1, 2), [1, 2], "PyTreeDef((*, *))", 3),
    ((1,), [1], "PyTreeDef((*,))", 2),
    ([1, None], [1], "PyTreeDef([*, None])", 3),
    ({"b": 1, "a": (2, 3)}, [2, 3, 1], "PyTreeDef({'a': (*, *), 'b': *})", 5),
    (Point(1, 2), [1, 2], "PyTreeDef(CustomNode(namedtuple[Point], [*, *]))", 3),
    (Layer(1, 2), [1, 2], "PyTreeDef(CustomNode(Layer[('tanh',)], [*, *]))", 3),
    (Box(1, [2]), [1, 2], "PyTreeDef(CustomNode(Box[meta], [*, [*]]))", 4),
    (None, [], "PyTreeDef(None)", 1),
    ((), [], "PyTreeDef(())", 1),
    ([], [], "PyTreeDef([])", 1),
    ({}, [], "PyTreeDef({})", 1),
    (collections.OrderedDict(b=1, a=2), [1, 2], "PyTreeDef(CustomNode(OrderedDict[('b', 'a')], [*, *]))", 3),
    (collections.defaultdict(list, b=1, a=2), [2, 1],
     "PyTreeDef(CustomNode(defaultdict[(<class 'list'>, ('a', 'b'))], [*, *]))", 3),
])
def test_flatten_like_jax(tree: Any, leaves: list[Any], text: str, num_nodes: int) -> None:
    got, treedef = tu.tree_flatten(tree)
    assert got == leaves
    assert repr(treedef) == str(treedef) == text
    assert treedef.num_leaves == len(leaves) and treedef.num_nodes == num_nodes
    rebuilt = tu.tree_unflatten(treedef, got)
    assert type(rebuilt) is type(tree)
    assert tu.tree_structure(rebuilt) == treedef and tu.tree_leaves(rebuilt) == leaves


def test_structure_equality_and_hash() -> None:
    assert tu.tree_structure(Point(1, 2)) == tu.tree_structure(Point(3, 4))
    assert tu.tree_structure((1, 2)) != tu.tree_structure(Point(3, 4))  # a named tuple is not a tuple
    assert tu.tree_structure(Layer(1, 2, "relu")) != tu.tree_structure(Layer(1, 2))  # meta fields are structure
    assert hash(tu.tree_structure({"a": [1, 2]})) == hash(tu.tree_structure({"a": [3, 4]}))
    assert tu.tree_structure([1, 2]) != tu.tree_structure([1, (2,)])


def test_unregistered_subclasses_are_leaves() -> None:
    class MyList(list[Any]):
        pass
    assert tu.tree_leaves([MyList([1, 2])]) == [MyList([1, 2])]


def test_tree_map_several_trees_and_is_leaf() -> None:
    assert tu.tree_map(lambda a, b: a + b, {"a": 1, "b": 2}, {"a": 10, "b": 20}) == {"a": 11, "b": 22}
    assert tu.tree_map(lambda a, b: (a, b), (1, 2), ((3, 4), 5)) == ((1, (3, 4)), (2, 5))  # a prefix tree
    assert tu.tree_leaves([1, (2, None)], is_leaf=lambda x: isinstance(x, tuple)) == [1, (2, None)]
    assert tu.tree_map(lambda p: p * 2, Layer(1, 2, "relu")) == Layer(2, 4, "relu")
    assert tu.tree_reduce(lambda a, b: a + b, [1, (2, 3)]) == 6
    assert tu.tree_reduce(lambda a, b: a + b, [], 10) == 10


@pytest.mark.parametrize("first,second", [({"a": 1, "b": 2}, {"a": 10, "c": 20}), ((1, 2), [1, 2]),
                                          ((1, 2), (1, 2, 3)), ((1, 2), 3)])
def test_tree_map_structure_errors_are_value_errors(first: Any, second: Any) -> None:
    with pytest.raises(ValueError, match="pytree structure error"):
        tu.tree_map(lambda a, b: a, first, second)


def test_errors() -> None:
    with pytest.raises(ValueError, match="Too few leaves for PyTreeDef; expected 2, got 1"):
        tu.tree_unflatten(tu.tree_structure((1, 2)), [1])
    with pytest.raises(ValueError, match=r"Too many leaves for PyTreeDef; expected 2\.$"):
        tu.tree_unflatten(tu.tree_structure((1, 2)), [1, 2, 3])
    with pytest.raises(ValueError, match="Comparator raised exception while sorting pytree dictionary keys."):
        tu.tree_flatten({1: "a", "b": 2})
    with pytest.raises(ValueError, match="Duplicate custom dataclass PyTreeDef type registration"):
        tu.register_dataclass(Layer)
    with pytest.raises(ValueError, match="Duplicate custom PyTreeDef type registration"):
        tu.register_pytree_node(Box, lambda c: ((), None), lambda aux, ch: Box(1, 2))

    @dataclasses.dataclass
    class Half:
        a: float
        b: int
    with pytest.raises(ValueError, match=r"Missing fields: \{'b'\}"):
        tu.register_dataclass(Half, data_fields=["a"], meta_fields=[])
    with pytest.raises(TypeError, match="must both be specified"):
        tu.register_dataclass(Half, data_fields=["a"])
    with pytest.raises(TypeError, match="required when nodetype is not a dataclass"):
        tu.register_dataclass(Box)
    tu.register_dataclass(Half, data_fields=["a"], meta_fields=["b"])
    leaves, treedef = tu.tree_flatten(Half(1.0, 2))
    assert leaves == [1.0] and str(treedef) == "PyTreeDef(CustomNode(Half[(2,)], [*]))"


_leaf = st.integers() | st.text(max_size=3)
_trees = st.recursive(_leaf | st.none(), lambda kids: st.lists(kids, max_size=3) | st.tuples(kids, kids)
                      | st.dictionaries(st.text(max_size=2), kids, max_size=3)
                      | st.builds(Point, kids, kids), max_leaves=12)


@given(_trees)
def test_flatten_unflatten_round_trip(tree: Any) -> None:
    leaves, treedef = tu.tree_flatten(tree)
    assert tu.tree_unflatten(treedef, leaves) == tree
    assert tu.tree_structure(tu.tree_map(lambda x: x, tree)) == treedef
    assert treedef.num_leaves == len(leaves)
