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
                                            ((2, 2, 3), 1.0))
"""Result shapes of whole expressions, with weights."""
SHAPE_ROLES = frozenset({"array", "arraylike", "tensor", "scalar", "cond"})
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


def broadcast_to(target: Shape | None, slots: Slots, rng: random.Random) -> ShapePlan | None:
    assert target is not None
    return ShapePlan({_one(slots): compatible(target, rng)}, {"shape": shape_text(target, rng)})


RULES: dict[str, Rule] = {
    "elementwise": elementwise, "same": same, "any_shape": any_shape, "reduce_axis": reduce_axis,
    "reduce_axis_keepdims": reduce_axis_keepdims, "reduce_axes": reduce_axes, "reduce_all": reduce_all,
    "reduce_all_keepdims": reduce_all_keepdims, "transpose": transpose, "transpose_perm": transpose_perm,
    "reshape": reshape, "reshape_varargs": reshape_varargs, "reshape_flat": reshape_flat, "index_int": index_int,
    "index_none": index_none, "index_slice": index_slice, "index_column": index_column, "matmul": matmul, "dot": dot,
    "create": create, "create_1d": create_1d, "broadcast_to": broadcast_to,
}
"""Every shape rule by the name the registry uses."""
