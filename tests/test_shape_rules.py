"""``arraytyping.shape_rules`` against numpy (the oracle here only; JAX agrees with numpy on these shapes, and where
it does not, as for int indices out of bounds, which JAX clamps, the tests follow JAX), over every small case.

Symbolic cases are checked by substitution: a symbol (a ``str``) and every unknown (``None``, each one its own
unknown) take every size in ``SIZES``; wherever numpy succeeds, the rule's result with the symbols substituted is
numpy's shape, dimension by dimension, except where the rule says ``None``; where the rule raises
:class:`ShapeError`, numpy refuses for every substitution. On literal shapes the rules are exact: the very shape
numpy gives, or both refuse.
"""

from __future__ import annotations

import itertools
import warnings
import json
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from arraytyping import op_rules, shape_rules
from arraytyping.shape_rules import ARRAY_INDEX, Dim, Shape, ShapeError, ShapeIndexError

SIZES = (0, 1, 2, 3, 4)
REFUSED = "refused"
NUMPY_ERRORS = (ValueError, IndexError, TypeError)


def shapes(dims: Sequence[Dim], max_rank: int = 3) -> list[Shape]:
    return [s for r in range(max_rank + 1) for s in itertools.product(dims, repeat=r)]


class Case:
    """One call: the rule's answer on shapes that may hold symbols and unknowns, checked against numpy's for every
    substitution of them."""

    def __init__(self, shapes_in: Sequence[Shape | None], extra: Sequence[Dim] = ()) -> None:
        self.fresh = 0
        self.named = [None if s is None else self._name(s) for s in shapes_in]
        self.extra = self._name(tuple(extra))
        names = sorted({d for s in [*self.named, self.extra] if s is not None for d in s if isinstance(d, str)})
        self.names = names

    def _name(self, s: Shape) -> Shape:
        out: list[Dim] = []
        for d in s:
            if d is None:
                out.append(f"?{self.fresh}")
                self.fresh += 1
            else:
                out.append(d)
        return tuple(out)

    def envs(self) -> Iterator[dict[str, int]]:
        sizes = SIZES if len(self.names) <= 2 else (0, 1, 2, 3)
        for values in itertools.product(sizes, repeat=len(self.names)):
            yield dict(zip(self.names, values))


def sub(shape: Shape, env: dict[str, int]) -> tuple[int, ...]:
    return tuple(env[d] if isinstance(d, str) else d for d in shape)  # type: ignore[misc]


def outcome(rule: Callable[[], Shape | None]) -> Shape | None | ShapeError:
    try:
        return rule()
    except ShapeError as e:
        return e


def numpy_outcome(fn: Callable[[], Any]) -> tuple[int, ...] | str:
    try:
        return tuple(np.shape(fn()))
    except NUMPY_ERRORS:
        return REFUSED


def check(case: Case, rule: Callable[[], Shape | None],
          oracle: Callable[[list[tuple[int, ...] | None], tuple[int, ...]], Any]) -> Shape | None | ShapeError:
    """``rule``'s answer agrees with ``oracle`` (numpy, on the concrete shapes and extra dimensions) for every
    substitution; exact where nothing is symbolic."""
    got = outcome(rule)
    literal = not case.names and all(s is not None for s in case.named)
    for env in case.envs():
        concrete = [None if s is None else sub(s, env) for s in case.named]
        expected = numpy_outcome(lambda: oracle(concrete, sub(case.extra, env)))
        if isinstance(got, ShapeError):
            assert expected == REFUSED, (case.named, case.extra, env, got, expected)
            continue
        if literal:
            assert got == expected or (got is None and expected == REFUSED), (case.named, case.extra, got, expected)
            continue
        if expected == REFUSED or got is None:
            continue
        assert isinstance(expected, tuple)
        assert len(got) == len(expected), (case.named, case.extra, env, got, expected)
        for g, e in zip(got, expected):
            assert g is None or (env[g] if isinstance(g, str) else g) == e, (case.named, case.extra, env, got,
                                                                              expected)
    return got


def z(s: tuple[int, ...] | None) -> np.ndarray[Any, Any]:
    assert s is not None
    return np.zeros(s, dtype=np.int8)


def jax_axis(s: tuple[int, ...] | None, axis: int | tuple[int, ...] | None) -> None:
    """JAX refuses an axis of a 0-d array (``sum(x, 0)``, ``squeeze(x, -1)``), which numpy accepts."""
    if s == () and axis is not None and axis != ():
        raise ValueError(f"axis {axis} is out of bounds for array of dimension 0")


def jax_index(s: tuple[int, ...], items: tuple[Any, ...]) -> tuple[Any, ...]:
    """``items`` with each int clamped into its axis, as JAX treats a static int index out of bounds (an axis of
    size 0 has no index: JAX's ``IndexError``); unchanged where numpy refuses the tuple anyway."""
    consumed = sum(1 for it in items if isinstance(it, (int, slice)))
    if consumed > len(s) or items.count(...) > 1:
        return items
    out: list[Any] = []
    k = 0
    for it in items:
        if it is ...:
            k += len(s) - consumed
        elif isinstance(it, int):
            if s[k] == 0:
                raise IndexError("index is out of bounds for axis with size 0")
            it = builtins_min(builtins_max(it, -s[k]), s[k] - 1)
        if isinstance(it, (int, slice)):
            k += 1
        out.append(it)
    return tuple(out)


builtins_min, builtins_max = min, max


# ---------------------------------------------------------------------------------------------------------------
# Broadcasting


LITERAL = shapes((0, 1, 2, 3))
SYMBOLIC = shapes((1, 2, 3, "n"))


def test_the_case_spaces_are_the_documented_sizes() -> None:
    assert len(LITERAL) == len(SYMBOLIC) == 85


def test_broadcast_literal_pairs_are_numpy() -> None:
    for a, b in itertools.product(LITERAL, repeat=2):
        expected = numpy_outcome(lambda: np.empty(np.broadcast_shapes(a, b)))
        got = outcome(lambda: shape_rules.broadcast_shapes(a, b))
        if expected == REFUSED:
            assert isinstance(got, ShapeError), (a, b, got)
        else:
            assert got == expected, (a, b, got, expected)


def test_broadcast_symbolic_pairs() -> None:
    exact = 0
    for a, b in itertools.product(SYMBOLIC, repeat=2):
        got = check(Case([a, b]), lambda: shape_rules.broadcast_shapes(a, b),
                    lambda s, _: np.empty(np.broadcast_shapes(*s)))  # type: ignore[arg-type]
        exact += isinstance(got, tuple) and None not in got
    # one symbol never loses precision: a dimension is unknown only where two different unknowns meet
    assert exact == sum(1 for a, b in itertools.product(SYMBOLIC, repeat=2)
                        if isinstance(outcome(lambda: shape_rules.broadcast_shapes(a, b)), tuple))


def test_broadcast_two_symbols_unknowns_and_triples() -> None:
    dims: list[Dim] = [1, 3, "n", "m", None]
    small = shapes(dims, 2)
    for a, b in itertools.product(small, repeat=2):
        check(Case([a, b]), lambda: shape_rules.broadcast_shapes(a, b),
              lambda s, _: np.empty(np.broadcast_shapes(*s)))  # type: ignore[arg-type]
    tri = shapes((1, 2, "n"), 2)
    for a, b, c in itertools.product(tri, repeat=3):
        check(Case([a, b, c]), lambda: shape_rules.broadcast_shapes(a, b, c),
              lambda s, _: np.empty(np.broadcast_shapes(*s)))  # type: ignore[arg-type]


def test_broadcast_examples_and_message() -> None:
    bs = shape_rules.broadcast_shapes
    assert bs(("n",), (1,)) == ("n",)
    assert bs(("n",), (3,)) == (3,)
    assert bs(("n",), ("n",)) == ("n",)
    assert bs(("n",), ("m",)) == (None,)
    assert bs((None,), (3,)) == (3,)
    assert bs((None,), ("n",)) == (None,)
    assert bs((None,), (1,)) == (None,)
    assert bs((2, 3), None) is None
    assert bs() == ()
    with pytest.raises(ShapeError) as info:
        bs((3, 4), (5,))
    assert str(info.value) == "cannot broadcast (3, 4) with (5,): axis -1 has 4 and 5"
    assert info.value.shapes == ((3, 4), (5,)) and info.value.axis == -1
    with pytest.raises(ShapeError, match="axis -3 has 2 and 3"):
        bs((2, "n", 1), ("m", 3, 1, 1))
    assert isinstance(info.value, ValueError)


# ---------------------------------------------------------------------------------------------------------------
# Reductions


AXES: list[int | tuple[int, ...] | None] = [None, *range(-4, 4), *itertools.product(range(-4, 4), repeat=2), ()]


def test_reduce_against_numpy() -> None:
    for s in shapes((2, 3, "n")):
        for axis in AXES:
            for keepdims in (False, True):
                check(Case([s]), lambda: shape_rules.reduce_shape(s, axis, keepdims),
                      lambda c, _: (jax_axis(c[0], axis), np.sum(z(c[0]), axis=axis, keepdims=keepdims))[1])


def test_reduce_errors_are_jax_messages() -> None:
    with pytest.raises(ShapeError, match=r"^axis 2 is out of bounds for array of dimension 2$"):
        shape_rules.reduce_shape((2, 3), 2)
    with pytest.raises(ShapeError, match=r"^duplicate value in 'axis': \(0, -2\)$"):
        shape_rules.reduce_shape((2, 3), (0, -2))
    assert shape_rules.reduce_shape(None, 5) is None
    assert shape_rules.reduce_shape(None) == ()  # a full reduction of any rank is 0-d
    assert shape_rules.reduce_shape(None, None, keepdims=True) is None  # keeps every (unknown) axis
    assert shape_rules.reduce_shape(("b", 3, "d"), -1, keepdims=True) == ("b", 3, 1)


def test_quantile_against_numpy() -> None:
    """``q``'s shape, then the reduction's: numpy's ``quantile`` (whose shapes JAX's follows) for ``q`` of rank 0
    and 1, every axis and ``keepdims``; a ``q`` of rank 2 refused, as JAX refuses it."""
    def oracle(a: tuple[int, ...] | None, q: tuple[int, ...], axis: int | tuple[int, ...] | None,
               keepdims: bool) -> Any:
        jax_axis(a, axis)
        if len(q) > 1:
            raise ValueError(f"q must be have rank <= 1, got shape {q}")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return np.quantile(z(a).astype(np.float32), np.full(q, 0.5), axis=axis, keepdims=keepdims)
    for s in shapes((2, 3, "n")):
        for q in ((), (1,), (2,), (2, 2)):
            for axis in [None, *range(-3, 3), (0, -1)]:
                for keepdims in (False, True):
                    check(Case([s]), lambda: shape_rules.quantile_shape(q, s, axis, keepdims),
                          lambda c, _: oracle(c[0], q, axis, keepdims))
    assert shape_rules.quantile_shape(None, (3,)) is None  # q of any rank
    assert shape_rules.quantile_shape((2,), None) == (2,)  # a full reduction of any rank


# ---------------------------------------------------------------------------------------------------------------
# Reshape


def jax_reshape(a: np.ndarray[Any, Any], new: tuple[int, ...]) -> np.ndarray[Any, Any]:
    """numpy takes any negative size as the one to infer; JAX only -1."""
    if any(d < -1 for d in new):
        raise TypeError(f"reshape new sizes must all be positive, got {new}")
    return a.reshape(new)


def test_reshape_literal_against_numpy() -> None:
    targets = shapes((-1, 1, 2, 3, 4, 6, 0, -2), 3)
    for s in shapes((1, 2, 3)):
        for t in targets:
            check(Case([s]), lambda: shape_rules.reshape(s, t), lambda c, _: jax_reshape(z(c[0]), t))


def test_reshape_symbolic_against_numpy() -> None:
    targets = shapes((-1, 1, 2, "n", 6), 3)
    for s in shapes((1, 2, 3, "n"), 2) + [(2, "n", 3), ("n", "n", 2), (None, 3, 1)]:
        for t in targets:
            case = Case([s], t)
            check(case, lambda: shape_rules.reshape(s, t), lambda c, e: jax_reshape(z(c[0]), e))


def test_reshape_infers_symbolic_sizes() -> None:
    r = shape_rules.reshape
    assert r(("b", 3, 4), ("b", -1)) == ("b", 12)
    assert r(("b", 3, 4), (-1, 4)) == (None, 4)  # 3b is not one dimension
    assert r(("b", 3, 4), (-1, 12)) == ("b", 12)
    assert r(("b", "t", 8), ("b", "t", 2, -1)) == ("b", "t", 2, 4)
    assert r(("b", 3), (2, -1)) == (2, None)  # runs for even b
    assert r(None, (3, -1)) == (3, None)
    assert r((3, "n"), (4, "n")) == (4, "n")  # runs for n = 0
    with pytest.raises(ShapeError, match="one unknown axis size"):
        r(None, (-1, -1))
    with pytest.raises(ShapeError, match=r"cannot reshape array of shape \(2, 3\) \(size 6\) into shape \(4,\)"):
        r((2, 3), (4,))


# ---------------------------------------------------------------------------------------------------------------
# Permutations and size-1 axes


PERM_SHAPES = [s for s in shapes((2, 3, "n")) if len(set(s)) == len(s)] + [("n", "n", 2), (None, 2, None)]


def test_transpose_against_numpy() -> None:
    perms: list[tuple[int, ...] | None] = [None, *(p for r in range(5) for p in itertools.product(range(-3, 4),
                                                                                                    repeat=r)
                                                   if r < 4 or len(set(p)) == 4)]
    for s in PERM_SHAPES:
        for p in perms:
            check(Case([s]), lambda: shape_rules.transpose(s, p), lambda c, _: np.transpose(z(c[0]), p))
    assert shape_rules.transpose(None, (1, 0)) == (None, None)
    assert shape_rules.transpose(None) is None
    with pytest.raises(ShapeError, match="permutation"):
        shape_rules.transpose(None, (0, -2))
    assert shape_rules.transpose(("a", "b", "c")) == ("c", "b", "a")  # .T reverses every axis, as JAX's does


def jax_moveaxis(a: np.ndarray[Any, Any], src: int | tuple[int, ...], dst: int | tuple[int, ...]
                 ) -> np.ndarray[Any, Any]:
    """JAX's ``_moveaxis``: each source inserted at its destination, in order of destination, then a transpose (a
    permutation whenever the sources are distinct); numpy refuses a repeated destination, JAX does not."""
    s = (src,) if isinstance(src, int) else src
    d = (dst,) if isinstance(dst, int) else dst
    if len(s) != len(d):
        return np.moveaxis(a, src, dst)
    s = tuple(np.lib.array_utils.normalize_axis_tuple(s, a.ndim, allow_duplicate=True))
    d = tuple(np.lib.array_utils.normalize_axis_tuple(d, a.ndim, allow_duplicate=True))
    if len(set(s)) != len(s):
        raise TypeError("transpose permutation isn't a permutation of operand dimensions")
    perm = [i for i in range(a.ndim) if i not in s]
    for di, si in sorted(zip(d, s)):
        perm.insert(di, si)
    return np.transpose(a, perm)


def test_swapaxes_and_moveaxis_against_numpy() -> None:
    axes = range(-4, 4)
    for s in PERM_SHAPES:
        for i, j in itertools.product(axes, repeat=2):
            check(Case([s]), lambda: shape_rules.swapaxes(s, i, j), lambda c, _: np.swapaxes(z(c[0]), i, j))
        movers: list[int | tuple[int, ...]] = [*axes, *itertools.product(range(-3, 3), repeat=2), (0,)]
        for src, dst in itertools.product(movers, repeat=2):
            check(Case([s]), lambda: shape_rules.moveaxis(s, src, dst), lambda c, _: jax_moveaxis(z(c[0]), src, dst))
    assert shape_rules.moveaxis((2, 3), (-2, -1), (-2, -2)) == (3, 2)  # JAX 0.10.2's answer (numpy refuses)


def test_expand_dims_and_squeeze_against_numpy() -> None:
    axes: list[int | tuple[int, ...]] = [*range(-5, 5), *itertools.product(range(-4, 4), repeat=2)]
    for s in shapes((1, 2, "n")):
        for axis in axes:
            check(Case([s]), lambda: shape_rules.expand_dims(s, axis),
                  lambda c, _: np.expand_dims(z(c[0]), axis))
            check(Case([s]), lambda: shape_rules.squeeze(s, axis),
                  lambda c, _: (jax_axis(c[0], axis), np.squeeze(z(c[0]), axis))[1])
        check(Case([s]), lambda: shape_rules.squeeze(s), lambda c, _: np.squeeze(z(c[0])))
    assert shape_rules.squeeze(("n", 1)) is None  # n may be 1: the rank is unknown
    assert shape_rules.squeeze(("n", 1), 1) == ("n",)
    assert shape_rules.squeeze(("n", 1), 0) == (1,)  # runs only when n is 1
    with pytest.raises(ShapeError, match="size not equal to one"):
        shape_rules.squeeze((2, 1), 0)


def test_atleast_against_numpy() -> None:
    fns = {1: np.atleast_1d, 2: np.atleast_2d, 3: np.atleast_3d}
    for s in shapes((1, 2, "n"), 4):
        for n, fn in fns.items():
            check(Case([s]), lambda: shape_rules.atleast(s, n), lambda c, _: fn(z(c[0])))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------------------
# Products


def test_matmul_and_dot_literal_against_numpy() -> None:
    for a, b in itertools.product(shapes((1, 2, 3)), repeat=2):
        check(Case([a, b]), lambda: shape_rules.matmul(a, b), lambda c, _: np.matmul(z(c[0]), z(c[1])))
        check(Case([a, b]), lambda: shape_rules.dot(a, b), lambda c, _: np.dot(z(c[0]), z(c[1])))


def test_matmul_and_dot_symbolic_against_numpy() -> None:
    for a, b in itertools.product(shapes((1, 2, "n")), repeat=2):
        check(Case([a, b]), lambda: shape_rules.matmul(a, b), lambda c, _: np.matmul(z(c[0]), z(c[1])))
        check(Case([a, b]), lambda: shape_rules.dot(a, b), lambda c, _: np.dot(z(c[0]), z(c[1])))


def test_matmul_examples() -> None:
    assert shape_rules.matmul(("b", "t", "d"), ("d", "e")) == ("b", "t", "e")
    assert shape_rules.matmul(("b", 1, 3, 4), ("h", 4, 5)) == ("b", "h", 3, 5)
    assert shape_rules.matmul((3,), (3,)) == ()
    assert shape_rules.matmul(None, (3, 4)) is None
    with pytest.raises(ShapeError, match=r"contracting dimensions to have the same shape, got \(1,\) and \(3,\)"):
        shape_rules.matmul((3, 1), (3, 4))  # contracted dimensions never broadcast
    with pytest.raises(ShapeError, match="ndim at least 1"):
        shape_rules.matmul((), None)


# ---------------------------------------------------------------------------------------------------------------
# Joining


def test_concatenate_and_stack_against_numpy() -> None:
    small = shapes((1, 2, "n"), 2)
    lists: list[tuple[Shape, ...]] = [(s,) for s in small] + list(itertools.product(small, repeat=2)) \
        + list(itertools.product(shapes((2, "n"), 2), repeat=3))
    for ss in lists:
        for axis in (None, -3, -2, -1, 0, 1, 2):
            check(Case(ss), lambda: shape_rules.concatenate(ss, axis),
                  lambda c, _: np.concatenate([z(x) for x in c], axis=axis))
            if axis is not None:
                check(Case(ss), lambda: shape_rules.stack(ss, axis),
                      lambda c, _: np.stack([z(x) for x in c], axis=axis))


def test_vstack_hstack_column_stack_against_numpy() -> None:
    """Every single operand and pair of operands up to rank 3 (sizes 1, 2 and a symbol), and triples up to rank 2:
    JAX's functions are numpy's rules (atleast_1d/2d, columns, then concatenate)."""
    small = shapes((1, 2, "n"), 3)
    lists: list[tuple[Shape, ...]] = [(s,) for s in small] + list(itertools.product(small, repeat=2)) \
        + list(itertools.product(shapes((2, "n"), 2), repeat=3))
    for fn in ("vstack", "hstack", "column_stack"):
        rule = getattr(shape_rules, fn)
        for ss in lists:
            check(Case(ss), lambda: rule(ss), lambda c, _: getattr(np, fn)([z(x) for x in c]))
    assert shape_rules.column_stack([(), ("n",), ("n", 2)]) == (1, 4)  # refused unless n == 1
    assert shape_rules.hstack([None, (3,)]) == (None,)
    assert shape_rules.vstack([(3,), ("n",)]) == (2, 3)
    with pytest.raises(ShapeError, match="at least one array"):
        shape_rules.hstack([])


def test_joining_examples() -> None:
    assert shape_rules.concatenate([("n", 3), (2, 3)]) == (None, 3)
    assert shape_rules.concatenate([("n", 3), (0, 3)]) == ("n", 3)
    assert shape_rules.concatenate([("n", 3), ("n", None)], axis=1) == ("n", None)
    assert shape_rules.concatenate([(2, "d"), None]) == (None, "d")
    assert shape_rules.concatenate([(2, 3), ()], axis=None) == (7,)
    assert shape_rules.stack([("n", 3), (None, 3), (2, None)], axis=-1) == (2, 3, 3)
    for fn in (shape_rules.concatenate, shape_rules.stack):
        with pytest.raises(ShapeError, match="Need at least one array"):
            fn([])


# ---------------------------------------------------------------------------------------------------------------
# Indexing


ITEMS: list[Any] = [0, -1, 2, None, ..., slice(None), slice(1, None), slice(None, None, -1), slice(0, 2),
                    slice(None, None, 2), slice(-2, None), slice(5, 1, -1), slice(0, None)]


def test_index_against_numpy() -> None:
    tuples = [t for r in range(4) for t in itertools.product(ITEMS, repeat=r)]
    for s in shapes((0, 1, 3, "n"), 2) + [(3, 1, 3), ("n", 3, None)]:
        for t in tuples:
            check(Case([s]), lambda: shape_rules.index(s, t), lambda c, _: z(c[0])[jax_index(c[0], t)])


def test_index_follows_jax() -> None:
    ix = shape_rules.index
    assert ix((3,), (5,)) == ()  # JAX clamps a static int index out of bounds (numpy refuses)
    assert ix((2, 3), (0, -7)) == ()
    assert ix((2, 3), (ARRAY_INDEX,)) is None
    assert ix((2, 3), (True,)) is None
    assert ix(None, (0,)) is None
    assert ix(("n", 4), (slice(None, None, -1), slice(1, 3))) == ("n", 2)
    assert ix(("n", 4), (slice(1, None),)) == (None, 4)
    assert ix(("b", "t", "d"), (..., None, 0)) == ("b", "t", 1)
    with pytest.raises(ShapeIndexError, match="Too many indices: array is 2-dimensional, but 3 were indexed"):
        ix((2, 3), (0, 0, 0))
    with pytest.raises(IndexError, match="single ellipsis"):
        ix((2, 3), (..., 0, ...))
    with pytest.raises(ShapeError, match="slice step cannot be zero"):
        ix((2, 3), (slice(None, None, 0),))
    assert repr(ARRAY_INDEX) == "ARRAY_INDEX"


def test_creation_shape() -> None:
    for arg in (3, 0, (3, 4), [2, 1, 5], (), ("n", 3)):
        expected = (arg,) if isinstance(arg, (int, str)) else tuple(arg)
        assert shape_rules.creation_shape(arg) == expected
        if not any(isinstance(d, str) for d in expected):
            assert shape_rules.creation_shape(arg) == np.zeros(arg).shape  # type: ignore[arg-type]
    with pytest.raises(ShapeError, match="nonnegative"):
        shape_rules.creation_shape((-1, 3))


def test_spaced_shape_is_numpys_and_the_runtimes() -> None:
    import arraytyping.numpy as anp

    shapes: list[tuple[int, ...]] = [(), (1,), (3,), (2, 1), (2, 3), (1, 3)]
    n = 0
    for start in shapes:
        for stop in shapes:
            try:
                np.broadcast_shapes(start, stop)
            except ValueError:
                with pytest.raises(ShapeError, match="cannot broadcast"):
                    shape_rules.spaced_shape(start, stop, 4)
                continue
            for axis in range(-4, 4):
                a, b = np.zeros(start), np.ones(stop)
                try:
                    expected = np.linspace(a, b, 4, axis=axis).shape
                except Exception:  # noqa: BLE001 - numpy's axis error
                    with pytest.raises(ShapeError, match="out of bounds"):
                        shape_rules.spaced_shape(start, stop, 4, axis)
                    continue
                assert shape_rules.spaced_shape(start, stop, 4, axis) == expected, (start, stop, axis)
                if n % 7 == 0:  # the runtime on a sample: JAX's rule, which numpy's agrees with
                    assert anp.logspace(anp.asarray(a), anp.asarray(b), 4, axis=axis).shape == expected
                n += 1
    assert n > 100
    assert shape_rules.spaced_shape(("b", 1), (3,), "n", -1) == ("b", 3, "n")
    assert shape_rules.spaced_shape(None, (), 5) is None
    with pytest.raises(ShapeError, match="must be non-negative"):
        shape_rules.spaced_shape((), (), -1)


def test_matrix_shape_is_numpys() -> None:
    for n in range(4):
        assert shape_rules.matrix_shape(n, n) == np.eye(n).shape == np.identity(n).shape == np.tri(n).shape
        for m in range(4):
            assert shape_rules.matrix_shape(n, m) == np.eye(n, m).shape == np.tri(n, m).shape
    assert shape_rules.matrix_shape("n", None) == ("n", None)
    assert shape_rules.matrix_shape(3, "m") == (3, "m")
    for n, m in ((-1, None), (2, -1)):
        with pytest.raises(ShapeError, match="negative dimensions"):
            shape_rules.matrix_shape(n, m)


def test_window_shape_is_numpys() -> None:
    for fn in ("bartlett", "blackman", "hamming", "hanning"):
        for m in range(4):
            assert shape_rules.window_shape(m) == getattr(np, fn)(m).shape
    assert shape_rules.window_shape("m") == ("m",)
    assert shape_rules.window_shape(None) == (None,)
    with pytest.raises(ShapeError, match="nonnegative"):
        shape_rules.window_shape(-1)


# ---------------------------------------------------------------------------------------------------------------
# Families


def test_every_op_rules_name_has_one_shape_family() -> None:
    names = {*op_rules.FAMILY, *op_rules.FUNCTION_FAMILY, *op_rules.UNARY, *op_rules.REDUCTION, *op_rules.SHAPE,
             *op_rules.CREATION, *op_rules.CONTRACTION, *op_rules.WINDOWS}
    assert set(shape_rules.SHAPE_FAMILY) == names
    assert all(shape_rules.SHAPE_FAMILY[n] == "window" for n in op_rules.WINDOWS)
    assert {shape_rules.SHAPE_FAMILY[n] for n in op_rules.FAMILY} == {"broadcast", "matmul", "dot"}
    assert all(shape_rules.SHAPE_FAMILY[n] == "keep" for n in op_rules.UNARY)
    assert shape_rules.SHAPE_FAMILY["where"] == "broadcast"
    assert shape_rules.SHAPE_FAMILY["sum"] == "reduce"
    assert shape_rules.SHAPE_FAMILY["getitem"] == "index"


def test_binary_families_broadcast_in_numpy() -> None:
    """Every name the table calls ``broadcast`` broadcasts its operands in numpy (the functions numpy has)."""
    for name, family in shape_rules.SHAPE_FAMILY.items():
        fn = getattr(np, name, None)
        if family != "broadcast" or fn is None or name in ("broadcast_arrays", "where", "clip"):
            continue
        a, b = np.ones((2, 1, 3), dtype=np.int32), np.ones((4, 1), dtype=np.int32)
        assert np.shape(fn(a, b)) == shape_rules.broadcast_shapes(a.shape, b.shape), name


def test_module_imports_only_the_standard_library() -> None:
    """Every module that importing ``shape_rules`` loads (without the package's ``__init__``, which imports numpy)
    is the standard library's or one of the three pure rule modules."""
    src = Path(__file__).resolve().parent.parent / "src" / "arraytyping"
    code = ("import sys, types; before = set(sys.modules); pkg = types.ModuleType('arraytyping'); "
            f"pkg.__path__ = [{str(src)!r}]; sys.modules['arraytyping'] = pkg; import arraytyping.shape_rules; "
            "new = set(sys.modules) - before - {'arraytyping'}; "
            "bad = sorted(m for m in new if m.split('.')[0] not in sys.stdlib_module_names and m not in "
            "{'arraytyping.lattice', 'arraytyping.op_rules', 'arraytyping.shape_rules'}); print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "[]", (out.stdout, out.stderr)


# ---------------------------------------------------------------------------------------------------------------
# JAX's own answers (tools/jax_shape_reference.py): every literal case exactly


REFERENCE = Path(__file__).resolve().parent / "data" / "jax_shape_reference.json"


def _item(it: Any) -> Any:
    if it == "...":
        return Ellipsis
    return slice(*it["slice"]) if isinstance(it, dict) else it


def _axis(a: Any) -> Any:
    return tuple(a) if isinstance(a, list) else a


RULE_CALLS: dict[str, Callable[[list[Any]], Shape | None]] = {
    "reduce": lambda a: shape_rules.reduce_shape(tuple(a[0]), _axis(a[1]), a[2]),
    "reshape": lambda a: shape_rules.reshape(tuple(a[0]), tuple(a[1])),
    "transpose": lambda a: shape_rules.transpose(tuple(a[0]), _axis(a[1])),
    "swapaxes": lambda a: shape_rules.swapaxes(tuple(a[0]), a[1], a[2]),
    "moveaxis": lambda a: shape_rules.moveaxis(tuple(a[0]), _axis(a[1]), _axis(a[2])),
    "expand_dims": lambda a: shape_rules.expand_dims(tuple(a[0]), _axis(a[1])),
    "squeeze": lambda a: shape_rules.squeeze(tuple(a[0]), _axis(a[1])),
    "atleast": lambda a: shape_rules.atleast(tuple(a[0]), a[1]),
    "matmul": lambda a: shape_rules.matmul(tuple(a[0]), tuple(a[1])),
    "dot": lambda a: shape_rules.dot(tuple(a[0]), tuple(a[1])),
    "concatenate": lambda a: shape_rules.concatenate([tuple(s) for s in a[0]], a[1]),
    "stack": lambda a: shape_rules.stack([tuple(s) for s in a[0]], a[1]),
    "index": lambda a: shape_rules.index(tuple(a[0]), tuple(_item(i) for i in a[1])),
}


def test_every_literal_case_is_jax() -> None:
    """The rules give JAX 0.10.2's shape on every recorded case, and refuse exactly where JAX raises."""
    data = json.loads(REFERENCE.read_text())
    assert data["versions"]["jax"] == "0.10.2" and set(data["cases"]) == set(RULE_CALLS)
    for rule, cases in data["cases"].items():
        for args, want in cases:
            got = outcome(lambda: RULE_CALLS[rule](args))
            if isinstance(want, str):
                assert want.startswith("error:") and isinstance(got, ShapeError), (rule, args, want, got)
            else:
                assert got == tuple(want), (rule, args, want, got)


def test_fft_shape_is_numpys() -> None:
    """``fft_shape`` against numpy's transforms (whose shapes JAX's ``jnp.fft`` follows) on every shape of rank 0-3
    over {1, 2, 3}, every axis in range and one past it, and ``n`` of None and 1-5: numpy's shape, or a
    ``ShapeError`` where numpy raises; where the rule's length would be 0 (``irfft`` of a length-1 axis, which numpy
    refuses) the axis is unknown."""
    transforms = {"fft": np.fft.fft, "ifft": np.fft.ifft, "rfft": np.fft.rfft, "irfft": np.fft.irfft}
    checked = 0
    for rank in range(4):
        for shape in itertools.product((1, 2, 3), repeat=rank):
            for fn, transform in transforms.items():
                for axis in range(-rank - 1, rank + 1):
                    for n in (None, 1, 2, 3, 4, 5):
                        got = outcome(lambda: shape_rules.fft_shape(fn, shape, (n,), (axis,)))
                        want = numpy_outcome(lambda: transform(np.zeros(shape), n=n, axis=axis))
                        checked += 1
                        if want == REFUSED and isinstance(got, tuple) and None in got:
                            assert fn == "irfft" and n is None and shape[axis] == 1, (fn, shape, axis, n, got)
                        elif want == REFUSED:
                            assert isinstance(got, ShapeError), (fn, shape, axis, n, got, want)
                        else:
                            assert got == want, (fn, shape, axis, n, got, want)
    assert checked == 4 * 6 * sum(3 ** r * (2 * r + 2) for r in range(4))
    assert shape_rules.fft_shape("fft2", (2, 3, 4), (None, 5), (-2, -1)) == (2, 3, 5)
    assert shape_rules.fft_shape("rfft2", (2, 3, 4), (None, None), (-2, -1)) == (2, 3, 3)
    assert shape_rules.fft_shape("irfftn", (2, 3, 4), None, None) == (2, 3, 6)
    assert shape_rules.fft_shape("rfft", ("b", 8)) == ("b", 5)
    assert shape_rules.fft_shape("rfft", (8, "n")) == (8, None)
    assert shape_rules.fft_shape("fft", None) is None
    with pytest.raises(ValueError, match="unknown fft transform 'dct'"):
        shape_rules.fft_shape("dct", (3,))


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # numpy 2 on s without axes: the same shapes
def test_multi_axis_fft_shape_is_numpys() -> None:
    """``fft_shape`` of the two-axis and n-axis transforms against numpy's on shapes of rank 1-3 over {2, 3}, with
    ``s`` and ``axes`` left out, given alone or together: the real transforms halve (or double) only the last
    transformed axis, and ``axes=None`` is the last ``len(s)`` axes, or all."""
    transforms = {"fftn": np.fft.fftn, "ifftn": np.fft.ifftn, "rfftn": np.fft.rfftn, "irfftn": np.fft.irfftn,
                  "fft2": np.fft.fft2, "ifft2": np.fft.ifft2, "rfft2": np.fft.rfft2, "irfft2": np.fft.irfft2}
    checked = 0
    for rank in range(1, 4):
        for shape in itertools.product((2, 3), repeat=rank):
            for fn, transform in transforms.items():
                two = fn.endswith("2")
                if two and rank < 2:
                    continue
                choices: list[tuple[tuple[int, ...] | None, tuple[int, ...] | None]] = [
                    (None, None) if not two else (None, (-2, -1)), ((4, 5) if two else (5,), None),
                    ((3, 4) if two else (4,), (0, -1) if two else (0,))]
                if not two:
                    choices.append((None, tuple(range(rank))[::-1]))
                for s, axes in choices:
                    kwargs = {"s": s, "axes": axes} if not two or axes is not None else {"s": s}
                    got = shape_rules.fft_shape(fn, shape, s, axes if axes is not None or not two else (-2, -1))
                    want = transform(np.zeros(shape), **kwargs).shape
                    assert got == want, (fn, shape, s, axes, got, want)
                    checked += 1
    assert checked > 150
