"""Write JAX 0.10.2's result shapes (or error classes) of the shape rules' operations on every small literal case to
``tests/data/jax_shape_reference.json``, for ``tests/test_shape_rules.py`` to hold ``arraytyping.shape_rules`` to.

Each case runs through ``jax.eval_shape`` on ``float32`` operands: ``reduce`` (``sum`` with ``axis``/``keepdims``),
``reshape``, ``transpose``, ``swapaxes``, ``moveaxis``, ``expand_dims``, ``squeeze``, ``atleast`` (``atleast_1d``..
``atleast_3d``), ``matmul``, ``dot``, ``concatenate``, ``stack`` and ``index`` (``x[items]``). Arguments are
recorded as JSON: shapes as lists, an index's slices as ``{"slice": [start, stop, step]}`` and ``Ellipsis`` as
``"..."``; an outcome is a shape (a list) or ``"error:<class name>"``.

Runs in its own venv with jax (see tools/jax_reference.py, whose venv handling it shares)::

    python tools/jax_shape_reference.py [--venv .jaxref-venv]
"""
from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import jax_reference as ref  # noqa: E402  (same folder)

OUT = ref.ROOT / "tests" / "data" / "jax_shape_reference.json"


def shapes(dims: tuple[int, ...], max_rank: int) -> list[tuple[int, ...]]:
    return [s for r in range(max_rank + 1) for s in itertools.product(dims, repeat=r)]


def encode_item(it: Any) -> Any:
    if it is Ellipsis:
        return "..."
    if isinstance(it, slice):
        return {"slice": [it.start, it.stop, it.step]}
    return it


ITEMS: list[Any] = [0, -1, 2, 5, -5, None, ..., slice(None), slice(1, None), slice(None, None, -1), slice(0, 2),
                    slice(None, None, 2), slice(-2, None), slice(5, 1, -1)]


def cases() -> Iterator[tuple[str, list[Any]]]:
    """``(rule, arguments)`` for every small case: the first arguments are operand shapes (one list of shapes for
    ``concatenate``/``stack``), the rest static arguments."""
    axes: list[Any] = [None, *range(-4, 4), *map(list, itertools.product(range(-4, 4), repeat=2)), []]
    for s in shapes((2, 3), 3):
        for axis in axes:
            for keepdims in (False, True):
                yield "reduce", [s, axis, keepdims]
    for s in shapes((1, 2, 3), 3):
        for t in shapes((-1, 1, 2, 3, 4, 6, 0, -2), 2):
            yield "reshape", [s, t]
    for s in [(), (2,), (2, 3), (2, 3, 4)]:
        for p in [None, *(p for r in range(5) for p in itertools.product(range(-3, 4), repeat=r)
                          if r < 4 or len(set(p)) == 4)]:
            yield "transpose", [s, p]
        for i, j in itertools.product(range(-4, 4), repeat=2):
            yield "swapaxes", [s, i, j]
        movers: list[Any] = [*range(-4, 4), *map(list, itertools.product(range(-3, 3), repeat=2)), [0]]
        for a, b in itertools.product(movers, repeat=2):
            yield "moveaxis", [s, a, b]
    for s in shapes((1, 2), 3):
        for ax in [*range(-5, 5), *map(list, itertools.product(range(-4, 4), repeat=2))]:
            yield "expand_dims", [s, ax]
            yield "squeeze", [s, ax]
        yield "squeeze", [s, None]
        for n in (1, 2, 3):
            yield "atleast", [s, n]
    for a, b in itertools.product(shapes((1, 2, 3), 3), repeat=2):
        yield "matmul", [a, b]
        yield "dot", [a, b]
    small = shapes((1, 2), 2)
    for ss in [(s,) for s in small] + list(itertools.product(small, repeat=2)):
        for ax in (None, -3, -2, -1, 0, 1, 2):
            yield "concatenate", [list(ss), ax]
            if ax is not None:
                yield "stack", [list(ss), ax]
    for s in shapes((0, 1, 3), 2):
        for t in (t for r in range(3) for t in itertools.product(ITEMS, repeat=r)):
            yield "index", [s, [encode_item(it) for it in t]]


def main_inside() -> None:
    import warnings

    import jax
    import jax.numpy as jnp

    def decode_item(it: Any) -> Any:
        if it == "...":
            return Ellipsis
        if isinstance(it, dict):
            return slice(*it["slice"])
        return it

    def axis_arg(a: Any) -> Any:
        return tuple(a) if isinstance(a, list) else a

    def run(rule: str, args: list[Any]) -> Any:
        st = lambda s: jax.ShapeDtypeStruct(tuple(s), jnp.float32)  # noqa: E731
        fns: dict[str, Any] = {
            "reduce": lambda: jax.eval_shape(lambda x: jnp.sum(x, axis=axis_arg(args[1]), keepdims=args[2]),
                                             st(args[0])),
            "reshape": lambda: jax.eval_shape(lambda x: jnp.reshape(x, tuple(args[1])), st(args[0])),
            "transpose": lambda: jax.eval_shape(lambda x: jnp.transpose(x, axis_arg(args[1])), st(args[0])),
            "swapaxes": lambda: jax.eval_shape(lambda x: jnp.swapaxes(x, args[1], args[2]), st(args[0])),
            "moveaxis": lambda: jax.eval_shape(lambda x: jnp.moveaxis(x, axis_arg(args[1]), axis_arg(args[2])),
                                               st(args[0])),
            "expand_dims": lambda: jax.eval_shape(lambda x: jnp.expand_dims(x, axis_arg(args[1])), st(args[0])),
            "squeeze": lambda: jax.eval_shape(lambda x: jnp.squeeze(x, axis_arg(args[1])), st(args[0])),
            "atleast": lambda: jax.eval_shape({1: jnp.atleast_1d, 2: jnp.atleast_2d, 3: jnp.atleast_3d}[args[1]],
                                              st(args[0])),
            "matmul": lambda: jax.eval_shape(jnp.matmul, st(args[0]), st(args[1])),
            "dot": lambda: jax.eval_shape(jnp.dot, st(args[0]), st(args[1])),
            "concatenate": lambda: jax.eval_shape(lambda *xs: jnp.concatenate(xs, axis=args[1]),
                                                  *map(st, args[0])),
            "stack": lambda: jax.eval_shape(lambda *xs: jnp.stack(xs, axis=args[1]), *map(st, args[0])),
            "index": lambda: jax.eval_shape(lambda x: x[tuple(decode_item(i) for i in args[1])], st(args[0])),
        }
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                return list(fns[rule]().shape)
            except Exception as e:  # noqa: BLE001 - recorded by class
                return f"error:{type(e).__name__}"

    data: dict[str, list[Any]] = {}
    for rule, args in cases():
        if rule not in data:
            print(rule, file=sys.stderr)
        data.setdefault(rule, []).append([args, run(rule, args)])
    rules = ",\n".join(f" {json.dumps(rule)}: [\n" + ",\n".join("  " + json.dumps(c) for c in cs) + "\n ]"
                       for rule, cs in data.items())
    OUT.write_text(f'{{"generator": "tools/jax_shape_reference.py", "versions": {{"jax": "{jax.__version__}"}},\n'
                   f'"cases": {{\n{rules}\n}}}}\n')  # one case a line
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    ref.cli(__doc__, __file__, main_inside)
