"""Shape rules: given the shape a node must have, the shapes its operands get (and the axis/shape text it renders).

Generation is top-down, so every operand is broadcast-compatible (or contraction-compatible, or reshape-compatible)
by construction; a rule returns ``None`` when it cannot produce the target shape and the generator picks another
entry. Each rule is named in the registry (:mod:`.api`); ``ShapePlan.extras`` fills the template's ``{axis}``,
``{shape}``, ``{dims}``, ``{perm}`` and ``{n}``. The shapes issue extends these rules to symbolic dimensions.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .expressions import Shape

POOL: tuple[Shape, ...] = ((), (3,), (2,), (2, 3), (3, 2), (1, 3), (2, 1), (2, 2, 3))
"""Shapes for operands whose shape does not follow from the result's (reductions, ``result_type``...)."""
TARGETS: tuple[tuple[Shape, float], ...] = (((), 2.0), ((3,), 3.0), ((2, 3), 4.0), ((2, 1), 1.0), ((1, 3), 1.0),
                                            ((2, 2, 3), 1.0), ((3, 3), 0.5))
"""Result shapes of whole expressions, with weights."""
SHAPE_ROLES = frozenset({"array", "arraylike", "jaxlike", "tensor", "scalar", "cond"})
"""Slot roles that carry a shape (a ``dtype`` slot does not)."""


@dataclass
class ShapePlan:
    shapes: dict[str, Shape] = field(default_factory=dict)
    extras: dict[str, str] = field(default_factory=dict)


Slots = Sequence[tuple[str, str]]
Rule = Callable[[Shape | None, Slots, random.Random], ShapePlan | None]


def target_shape(rng: random.Random) -> Shape:
    shape: Shape = rng.choices([s for s, _ in TARGETS], [w for _, w in TARGETS])[0]
    return shape


def compatible(target: Shape, rng: random.Random) -> Shape:
    """A shape that broadcasts to ``target`` (a suffix, some dimensions 1)."""
    r = rng.random()
    if r < 0.4 or not target:
        return target
    if r < 0.65:
        return ()
    n = rng.randint(1, len(target))
    return tuple(1 if rng.random() < 0.3 else d for d in target[-n:])


def shape_text(shape: Shape, rng: random.Random) -> str:
    if len(shape) == 1 and rng.random() < 0.5:
        return str(shape[0])
    if len(shape) == 1:
        return f"({shape[0]},)"
    return "(" + ", ".join(map(str, shape)) + ")"


def _shaped(slots: Slots) -> list[tuple[str, str]]:
    return [(s, r) for s, r in slots if r in SHAPE_ROLES]


def _all(slots: Slots, shape: Shape) -> ShapePlan | None:
    shaped = _shaped(slots)
    if shape and any(r == "scalar" for _, r in shaped):
        return None
    return ShapePlan({s: shape for s, _ in shaped})


def elementwise(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    shaped = _shaped(slots)
    free = [s for s, r in shaped if r != "scalar"]
    if target and not free:
        return None
    full = rng.choice(free) if free else None
    plan = ShapePlan()
    for s, r in shaped:
        if r == "scalar" or (s != full and rng.random() < 0.3):  # a 0-d operand, often a Python scalar
            plan.shapes[s] = ()
        else:
            plan.shapes[s] = target if s == full else compatible(target, rng)
    return plan


def same(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    return _all(slots, target)


def any_shape(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    return ShapePlan({s: () if r == "scalar" else rng.choice(POOL) for s, r in _shaped(slots)})


def _one(slots: Slots) -> str:
    (s, _), = _shaped(slots)
    return s


def reduce_axis(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if len(target) >= 3:
        return None
    a = rng.randint(0, len(target))
    src = target[:a] + (rng.choice((2, 3)),) + target[a:]
    axis = a - len(src) if rng.random() < 0.3 else a
    return ShapePlan({_one(slots): src}, {"axis": str(axis)})


def reduce_axis_keepdims(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    ones = [i for i, d in enumerate(target) if d == 1]
    if not ones:
        return None
    a = rng.choice(ones)
    src = target[:a] + (rng.choice((2, 3)),) + target[a + 1:]
    return ShapePlan({_one(slots): src}, {"axis": str(a)})


def reduce_axes(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """Two axes at once (``axis=(0, 2)``)."""
    assert target is not None
    if len(target) >= 2:
        return None
    src = list(target)
    positions = sorted(rng.sample(range(len(target) + 2), 2))
    for p in positions:  # inserted in increasing order, each lands at its own position
        src.insert(p, rng.choice((2, 3)))
    return ShapePlan({_one(slots): tuple(src)}, {"axis": f"({positions[0]}, {positions[1]})"})


def reduce_all(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    if target != ():
        return None
    return ShapePlan({_one(slots): rng.choice(POOL)})


def reduce_all_keepdims(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if not target or any(d != 1 for d in target):
        return None
    return ShapePlan({_one(slots): tuple(rng.choice((2, 3)) for _ in target)})


def transpose(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    return ShapePlan({_one(slots): target[::-1]})


def transpose_perm(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if len(target) < 2:
        return None
    perm = list(range(len(target)))
    rng.shuffle(perm)
    src = [0] * len(target)
    for i, p in enumerate(perm):
        src[p] = target[i]
    return ShapePlan({_one(slots): tuple(src)}, {"perm": "(" + ", ".join(map(str, perm)) + ")"})


def _same_size(target: Shape, rng: random.Random) -> Shape:
    n = math.prod(target)
    options = [target, target[::-1], (n,), (1,) + target]
    if n == 6:
        options += [(2, 3), (3, 2), (6,)]
    return rng.choice(options)


def reshape(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    dims = list(map(str, target))
    if dims and rng.random() < 0.3:
        dims[rng.randrange(len(dims))] = "-1"
    text = "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"
    return ShapePlan({_one(slots): _same_size(target, rng)}, {"shape": text, "dims": ", ".join(dims)})


def reshape_varargs(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if len(target) < 2:
        return None
    return reshape(target, slots, rng)


def reshape_flat(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if len(target) != 1:
        return None
    n = target[0]
    options = [(n,), (1, n), (n, 1)] + ([(2, 3), (3, 2)] if n == 6 else [])
    return ShapePlan({_one(slots): rng.choice(options)})


def index_int(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if len(target) >= 3:
        return None
    return ShapePlan({_one(slots): (2,) + target})


def index_none(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if not target or target[0] != 1:
        return None
    return ShapePlan({_one(slots): target[1:]})


def index_slice(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if not target:
        return None
    return ShapePlan({_one(slots): (target[0] + 1,) + target[1:]})


def index_column(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if not target or len(target) >= 3:
        return None
    return ShapePlan({_one(slots): (target[0], 2) + target[1:]})


def matmul(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if len(target) > 3:  # the operands would be of rank 4: beyond the shapes the cases use
        return None
    (a, _), (b, _) = _shaped(slots)
    k = rng.choice((2, 3))
    if target == ():
        pair: tuple[Shape, Shape] = ((k,), (k,))
    elif len(target) == 1:
        n = target[0]
        pair = rng.choice((((n, k), (k,)), ((k,), (k, n))))
    elif len(target) == 2:
        pair = ((target[0], k), (k, target[1]))
    else:
        bt, n, m = target
        pair = rng.choice((((bt, n, k), (k, m)), ((bt, n, k), (bt, k, m))))
    return ShapePlan({a: pair[0], b: pair[1]})


def dot(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if len(target) > 2:
        return None
    return matmul(target, slots, rng)


def create(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    plan = _all(slots, ())  # only scalar (fill value) slots
    assert plan is not None
    plan.extras["shape"] = shape_text(target, rng)
    return plan


def create_1d(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    if len(target) != 1:
        return None
    plan = _all(slots, ())
    assert plan is not None
    plan.extras["n"] = str(target[0])
    return plan


def rfftfreq(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``rfftfreq(n)``: ``n // 2 + 1`` frequencies, so an odd ``n`` of ``2 * m - 1`` gives ``m``."""
    assert target is not None
    if len(target) != 1 or target[0] < 1:
        return None
    plan = _all(slots, ())
    assert plan is not None
    plan.extras["n"] = str(2 * target[0] - 1)
    return plan


def broadcast_to(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    return ShapePlan({_one(slots): compatible(target, rng)}, {"shape": shape_text(target, rng)})


def _min_rank(k: int) -> Rule:
    """Every operand of the target's shape, whose rank is at least ``k`` (``sort``: an axis; ``tril``: a matrix)."""
    def rule(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
        assert target is not None
        return _all(slots, target) if len(target) >= k else None
    return rule


def swap_ends(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``swapaxes(a, 0, -1)``."""
    assert target is not None
    if len(target) < 2:
        return None
    return ShapePlan({_one(slots): (target[-1],) + target[1:-1] + (target[0],)})


def swap_last(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``x.mT``: the last two axes exchanged."""
    assert target is not None
    if len(target) < 2:
        return None
    return ShapePlan({_one(slots): target[:-2] + (target[-1], target[-2])})


def move_first_last(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``moveaxis(a, 0, -1)``: the first axis becomes the last."""
    assert target is not None
    if len(target) < 2:
        return None
    return ShapePlan({_one(slots): (target[-1],) + target[:-1]})


def rot90(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``rot90(a)``: the first two axes swap."""
    assert target is not None
    if len(target) < 2:
        return None
    return ShapePlan({_one(slots): (target[1], target[0]) + target[2:]})


def squeeze_axis(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``squeeze(a, axis)``: the operand has a 1 more, at ``axis``."""
    assert target is not None
    if len(target) >= 3:
        return None
    a = rng.randint(0, len(target))
    return ShapePlan({_one(slots): target[:a] + (1,) + target[a:]}, {"axis": str(a)})


def expand_axis(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``expand_dims(a, axis)``: the target has a 1 at ``axis`` that the operand lacks."""
    assert target is not None
    ones = [i for i, d in enumerate(target) if d == 1]
    if not ones:
        return None
    a = rng.choice(ones)
    return ShapePlan({_one(slots): target[:a] + target[a + 1:]}, {"axis": str(a)})


def _pair(slots: Slots) -> tuple[str, str]:
    (a, _), (b, _) = _shaped(slots)
    return a, b


def stack_first(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``stack([a, b])`` (and ``vstack`` of 1-d arrays): a new first axis of 2."""
    assert target is not None
    if not target or target[0] != 2:
        return None
    a, b = _pair(slots)
    return ShapePlan({a: target[1:], b: target[1:]})


def _concat(k: int, most: int = 3) -> Rule:
    """``concatenate([a, b])`` along the first axis, the target's rank from ``k`` to ``most`` (``hstack`` joins
    along the first axis only in 1-d)."""
    def rule(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
        assert target is not None
        if not k <= len(target) <= most or target[0] < 2:
            return None
        p = rng.randint(1, target[0] - 1)
        a, b = _pair(slots)
        return ShapePlan({a: (p,) + target[1:], b: (target[0] - p,) + target[1:]})
    return rule


def dstack(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``dstack([a, b])`` of arrays of rank 3: joined along the third axis."""
    assert target is not None
    if len(target) != 3 or target[2] < 2:
        return None
    p = rng.randint(1, target[2] - 1)
    a, b = _pair(slots)
    return ShapePlan({a: target[:2] + (p,), b: target[:2] + (target[2] - p,)})


def unstack_first(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``unstack(a)[0]``: the operand has a first axis more."""
    assert target is not None
    if len(target) >= 3:
        return None
    return ShapePlan({_one(slots): (2,) + target})


def move_last_first(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``rollaxis(a, -1)``: the last axis becomes the first."""
    assert target is not None
    if len(target) < 2:
        return None
    return ShapePlan({_one(slots): target[1:] + target[:1]})


def diff_last(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``diff(a)``: the last axis one longer than the target's."""
    assert target is not None
    if not target:
        return None
    return ShapePlan({_one(slots): target[:-1] + (target[-1] + 1,)})


def argwhere_rows(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``argwhere(a, size=n)``: ``(n, a.ndim)``."""
    assert target is not None
    if len(target) != 2 or not 1 <= target[1] <= 3:
        return None
    return ShapePlan({_one(slots): ((3,), (2, 3), (2, 2, 3))[target[1] - 1]}, {"n": str(target[0])})


def column_stack(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``column_stack([a, b])`` of 1-d arrays: ``(n, 2)``."""
    assert target is not None
    if len(target) != 2 or target[1] != 2:
        return None
    a, b = _pair(slots)
    return ShapePlan({a: target[:1], b: target[:1]})


def meshgrid(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``meshgrid(a, b)[0]`` of 1-d arrays: ``(len(b), len(a))``."""
    assert target is not None
    if len(target) != 2:
        return None
    a, b = _pair(slots)
    return ShapePlan({a: target[1:], b: target[:1]})


def pad1(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``pad(a, 1)``: every axis 2 longer."""
    assert target is not None
    if not target or any(d < 3 for d in target):
        return None
    return ShapePlan({_one(slots): tuple(d - 2 for d in target)})


def diagonal(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``diagonal(a)`` (and ``diag``) of a matrix: as long as its shorter side."""
    assert target is not None
    if len(target) != 1:
        return None
    n = target[0]
    return ShapePlan({_one(slots): rng.choice(((n, n), (n, n + 1), (n + 1, n)))})


def trace(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``trace(a)`` of a matrix: rank 0."""
    if target != ():
        return None
    return ShapePlan({_one(slots): rng.choice(((2, 3), (3, 2), (2, 2), (1, 3)))})


def pair_scalar(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``allclose(a, b)``, ``array_equal(a, b)``: operands of one shape, a 0-d result."""
    if target != ():
        return None
    return _all(slots, rng.choice(POOL))


def sized_1d(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``nonzero(a, size=n)[0]``, ``unique(a, size=n)``: ``(n,)`` from an operand of rank at least 1."""
    assert target is not None
    if len(target) != 1:
        return None
    return ShapePlan({_one(slots): rng.choice([p for p in POOL if p])}, {"n": str(target[0])})


def compressed(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``compress(ones(n, bool_), a)`` (the flattened ``a``, with or without ``size=n``): ``(n,)`` from an operand
    of at least ``n`` elements (JAX refuses a longer condition)."""
    assert target is not None
    if len(target) != 1:
        return None
    fits = [p for p in POOL if math.prod(p) >= target[0]]
    if not fits:
        return None
    return ShapePlan({_one(slots): rng.choice(fits)}, {"n": str(target[0])})


def one_hot(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``nn.one_hot(a, n)``: the operand's shape with a last axis of ``n`` classes."""
    assert target is not None
    if not target:
        return None
    return ShapePlan({_one(slots): target[:-1]}, {"n": str(target[-1])})


def choice_1d(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``random.choice(key, a, (n,))`` of a 1-d ``a`` (with replacement): ``(n,)``."""
    assert target is not None
    if len(target) != 1:
        return None
    return ShapePlan({_one(slots): (rng.choice((1, 2, 3)),)}, {"n": str(target[0])})


def searchsorted(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``searchsorted(a, v)``: ``a`` 1-d, the result ``v``'s shape."""
    assert target is not None
    a, v = _pair(slots)
    return ShapePlan({a: (rng.choice((2, 3)),), v: target})


def digitize(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``digitize(x, bins)``: ``bins`` 1-d, the result ``x``'s shape."""
    assert target is not None
    x, bins = _pair(slots)
    return ShapePlan({x: target, bins: (rng.choice((2, 3)),)})


def isin(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``isin(element, test_elements)``: the element's shape, the test elements of any shape."""
    assert target is not None
    element, test = _pair(slots)
    return ShapePlan({element: target, test: rng.choice(POOL)})


def bincount(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``bincount(x, length=n)`` (with ``weights`` of ``x``'s shape): ``x`` 1-d, the result ``(n,)``."""
    assert target is not None
    if len(target) != 1:
        return None
    shape = (rng.choice((1, 2, 3)),)
    return ShapePlan({s: shape for s, _ in _shaped(slots)}, {"n": str(target[0])})


def vdot(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``vdot(a, b)``: operands of one size (flattened), a 0-d result."""
    if target != ():
        return None
    a, b = _pair(slots)
    shape = rng.choice(((3,), (2, 3), (1, 3)))
    return ShapePlan({a: shape, b: shape})


def inner(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``inner(a, b)``: the last axes contracted, the result ``a.shape[:-1] + b.shape[:-1]``."""
    assert target is not None
    if len(target) > 2:
        return None
    a, b = _pair(slots)
    k = rng.choice((2, 3))
    split = rng.randint(0, len(target))
    return ShapePlan({a: target[:split] + (k,), b: target[split:] + (k,)})


def outer(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``outer(a, b)`` of 1-d arrays: ``(len(a), len(b))``."""
    assert target is not None
    if len(target) != 2:
        return None
    a, b = _pair(slots)
    return ShapePlan({a: target[:1], b: target[1:]})


def matrix_product(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``einsum('ij,jk->ik', a, b)``: matrices only."""
    assert target is not None
    if len(target) != 2:
        return None
    return matmul(target, slots, rng)


def kron(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``kron(a, b)`` with ``b`` of size 1 (0-d, or all axes 1): ``a``'s shape."""
    assert target is not None
    a, b = _pair(slots)
    return ShapePlan({a: target, b: rng.choice(((), (1,) * len(target)))})


def cross(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``cross(a, b)``: 3-vectors give 3-vectors, 2-vectors their scalar z component (over the leading axes)."""
    assert target is not None
    a, b = _pair(slots)
    if target and target[-1] == 3:
        return ShapePlan({a: target, b: target})
    if len(target) <= 1:
        return ShapePlan({a: target + (2,), b: target + (2,)})
    return None


def create_2d(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``eye(n, m)``, ``tri(n, m)``."""
    assert target is not None
    if len(target) != 2:
        return None
    return ShapePlan({}, {"n": str(target[0]), "m": str(target[1])})


def rfft(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``fft.rfft(a)``: the last axis ``n`` becomes ``n // 2 + 1``."""
    assert target is not None
    if not target:
        return None
    n = 2 * (target[-1] - 1) + rng.randint(0, 1)
    if n < 1:
        return None
    return _all(slots, target[:-1] + (n,))


def irfft(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``fft.irfft(a, n=n)``: the last axis becomes ``n`` (the operand's, ``m``, is cut or padded to ``n // 2 + 1``;
    ``m`` is that length or the one an even ``n`` would give without ``n=``)."""
    assert target is not None
    if not target:
        return None
    n = target[-1]
    m = n // 2 + 1 if rng.random() < 0.5 else rng.choice((2, 3))
    plan = _all(slots, target[:-1] + (m,))
    if plan is not None:
        plan.extras["n"] = str(n)
    return plan


def rfft_rank2(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``fft.rfft2(a)``: :func:`rfft`'s plan, of a matrix or more."""
    assert target is not None
    return rfft(target, slots, rng) if len(target) >= 2 else None


def irfft_rank2(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``fft.irfft2(a, s=(..., n))``: :func:`irfft`'s plan, of a matrix or more."""
    assert target is not None
    return irfft(target, slots, rng) if len(target) >= 2 else None


def square(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``linalg.inv(a)``, ``linalg.cholesky(a)``: square matrices (over any leading axes), the operand's shape."""
    assert target is not None
    if len(target) < 2 or target[-1] != target[-2]:
        return None
    return _all(slots, target)


def det(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``linalg.det(a)``: the last two axes (a square matrix: 2x2 and 3x3 by cofactors, 4x4 by LU) dropped."""
    assert target is not None
    if len(target) > 1:
        return None
    k = rng.choice((2, 3, 4))
    return _all(slots, target + (k, k))


def solve(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``linalg.solve(a, b)``: ``a`` square; ``b`` a vector (``[m]``, the target) or matrices (``[..., m, k]``,
    the target, with ``a`` of its leading axes)."""
    assert target is not None
    (a, _), (b, _) = _shaped(slots)
    if not target:
        return None
    m = target[-1] if len(target) == 1 else target[-2]
    return ShapePlan({a: (*target[:-2], m, m), b: target})


def eigvals(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    """``linalg.eigh(a).eigenvalues``, ``linalg.svd(a).S``: square matrices, their last axis dropped."""
    assert target is not None
    if not target:
        return None
    return _all(slots, target + target[-1:])


RULES: dict[str, Rule] = {
    "eigvals": eigvals, "solve": solve, "elementwise": elementwise, "same": same, "any_shape": any_shape, "reduce_axis": reduce_axis,
    "reduce_axis_keepdims": reduce_axis_keepdims, "reduce_axes": reduce_axes, "reduce_all": reduce_all,
    "reduce_all_keepdims": reduce_all_keepdims, "transpose": transpose, "transpose_perm": transpose_perm,
    "reshape": reshape, "reshape_varargs": reshape_varargs, "reshape_flat": reshape_flat, "index_int": index_int,
    "index_none": index_none, "index_slice": index_slice, "index_column": index_column, "matmul": matmul, "dot": dot,
    "create": create, "create_1d": create_1d, "rfftfreq": rfftfreq, "broadcast_to": broadcast_to,
    "same_rank1": _min_rank(1), "same_rank2": _min_rank(2), "same_rank3": _min_rank(3), "swap_ends": swap_ends, "swap_last": swap_last,
    "move_first_last": move_first_last, "rot90": rot90, "squeeze_axis": squeeze_axis, "expand_axis": expand_axis,
    "stack_first": stack_first, "concat_first": _concat(1), "concat_first2": _concat(2), "concat_1d": _concat(1, 1),
    "column_stack": column_stack, "dstack": dstack, "diff_last": diff_last, "argwhere_rows": argwhere_rows, "unstack_first": unstack_first,
    "move_last_first": move_last_first, "meshgrid": meshgrid, "pad1": pad1, "diagonal": diagonal, "trace": trace,
    "pair_scalar": pair_scalar, "sized_1d": sized_1d, "compressed": compressed,
    "searchsorted": searchsorted, "create_2d": create_2d, "digitize": digitize, "isin": isin,
    "bincount": bincount,
    "vdot": vdot, "inner": inner, "outer": outer, "matrix_product": matrix_product, "kron": kron, "cross": cross,
    "rfft": rfft, "irfft": irfft, "rfft_rank2": rfft_rank2, "irfft_rank2": irfft_rank2, "square": square, "det": det, "one_hot": one_hot, "choice_1d": choice_1d,
}
"""Every shape rule by the name the registry uses."""
