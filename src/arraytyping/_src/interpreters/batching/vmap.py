"""``vmap``: vectorizing a function over an axis of its arguments (JAX 0.10.2's API, checks and messages)."""

from __future__ import annotations

import collections
import contextlib
import difflib
import functools
import inspect
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import numpy as np

from arraytyping._src.interpreters.batching import primitives as _batching_rules  # registers the rules
from arraytyping._src.interpreters.batching import elementwise as _batching_rules_elementwise
from arraytyping._src.interpreters.batching import indexing as _batching_rules_indexing
from arraytyping._src.interpreters.batching import shape as _batching_rules_shape
from arraytyping._src.interpreters.batching import signal as _batching_rules_signal
from arraytyping._src.interpreters.batching import sorting as _batching_rules_sorting
from arraytyping._src.interpreters.batching import control_flow as _batching_rules_control_flow
from arraytyping._src.interpreters.batching import linalg as _batching_rules_linalg
from arraytyping._src.interpreters.batching import jit as _batching_rules_jit
from arraytyping._src.interpreters.batching import custom_derivatives as _batching_rules_custom
from arraytyping._src.interpreters.batching import callbacks as _batching_rules_callbacks
from arraytyping._src.interpreters.batching import ffi as _batching_rules_ffi
from arraytyping._src.interpreters.batching import checkpoint as _batching_rules_checkpoint
from arraytyping._src.interpreters.batching import sharding as _batching_rules_sharding
from arraytyping._src.interpreters.batching import parallel as _batching_rules_parallel
from arraytyping._src.tree import pytree as tree
from arraytyping._src.core.array import Array
from arraytyping._src.xla.array_impl import device_put
from arraytyping._src.core.avals import HOST_VALUE_TYPES
from arraytyping._src.interpreters.batching.batching import (
    AxisData, BatchTrace, BatchTracer, SpecMatchError, canonicalize_axis, matchaxis,
)
from arraytyping._src.core.trace import extend_axis_env, new_main
from arraytyping._src.core import refs
from arraytyping._src.core.refs import Ref
from arraytyping._src.core.staging import abstractify
from arraytyping._src.tree.paths import children, is_node, keystr

__all__ = ["vmap"]

_P = ParamSpec("_P")
_R = TypeVar("_R")

AxisSpec = int | None
"""Where an argument or output is mapped: an axis (negative counts from the end) or ``None`` (not mapped)."""


class PytreeLeaf:
    """Stands for a leaf of the arguments when an axis specification does not fit them (as in JAX's messages)."""

    def __repr__(self) -> str:
        return "pytree leaf"


def _is_axis_leaf(x: object) -> bool:
    return not is_node(x)


def _tree_leaves(spec: Any) -> list[Any]:
    """JAX's ``tree_leaves`` of an axis specification (``None`` is an empty tree)."""
    leaves, _ = tree.flatten(spec)
    return leaves


def _prefix_errors(name: str, path: list[Any], prefix: Any, full: Any) -> list[str]:
    """Why ``prefix`` is not a tree prefix of ``full`` (JAX's ``prefix_errors`` messages)."""
    if _is_axis_leaf(prefix):
        return []
    where = f"    {name}{keystr(path)}\n"
    if type(prefix) is not type(full):
        return ["pytree structure error: different types at key path\n" + where +
                f"At that key path, the prefix pytree {name} has a subtree of type\n    {type(prefix)}\n"
                f"but at the same key path the full pytree has a subtree of different type\n    {type(full)}."]
    pk, fk = children(prefix), children(full)
    node: object = prefix
    kind: type[Any] = type(node)
    if issubclass(kind, (list, tuple)):
        if len(pk) != len(fk):
            ty = kind.__name__
            return [f"pytree structure error: different lengths of {ty} at key path\n" + where +
                    f"At that key path, the prefix pytree {name} has a subtree of type {ty} of length {len(pk)}, "
                    f"but the full pytree has a subtree of the same type but of length {len(fk)}."]
    else:
        pkeys, fkeys = [k for k, _ in pk], [k for k, _ in fk]
        if len(pk) != len(fk):
            diff = set(pkeys).symmetric_difference(fkeys)
            return ["pytree structure error: different numbers of pytree children at key path\n" + where +
                    f"At that key path, the prefix pytree {name} has a subtree of type\n    {type(prefix)}\n"
                    f"with {len(pk)} child keys\n    {' '.join(map(str, pkeys))}\n"
                    f"but at the same key path the full pytree has a subtree of the same type but with "
                    f"{len(fk)} child keys\n    {' '.join(map(str, fkeys))}\n"
                    f"so the symmetric difference on key sets is\n    {' '.join(map(str, diff))}"]
        if pkeys != fkeys:
            pm, fm = str(tuple(pkeys)), str(tuple(fkeys))
            mdiff = textwrap.indent("\n".join(difflib.ndiff(pm.splitlines(), fm.splitlines())), prefix="    ")
            return ["pytree structure error: different pytree metadata at key path\n" + where +
                    f"At that key path, the prefix pytree {name} has a subtree of type\n    {type(prefix)}\n"
                    f"with metadata\n    {pm}\n"
                    f"but at the same key path the full pytree has a subtree of the same type but with metadata\n"
                    f"    {fm}\nso the diff in the metadata at these pytree nodes is\n{mdiff}"]
    return [e for (k, p), (_, f) in zip(pk, fk) for e in _prefix_errors(name, [*path, k], p, f)]


def _broadcast_prefix(prefix: Any, full: Any, out: list[Any]) -> bool:
    """Append each leaf of ``full`` its axis from ``prefix``; ``False`` if ``prefix`` is not a tree prefix."""
    if _is_axis_leaf(prefix):
        out.extend(_leaf_axes(prefix, full))
        return True
    if type(prefix) is not type(full):
        return False
    pk, fk = children(prefix), children(full)
    if [k for k, _ in pk] != [k for k, _ in fk]:
        return False
    return all(_broadcast_prefix(p, f, out) for (_, p), (_, f) in zip(pk, fk))


def _leaf_axes(axis: Any, full: Any) -> list[Any]:
    """``axis`` for each leaf of ``full``; for the key data of a typed key array, a negative axis counts from before
    the data's last axis (the key's own last axis, as JAX counts it)."""
    carrier = tree.user_is_leaf(None)
    if carrier is None or type(axis) is not int or axis >= 0:
        return [axis] * len(tree.flatten(full)[0])
    return [axis - 1 if tree.is_carrier(x) else axis for x in tree.leaves(full, carrier)]


def flatten_axes(name: str, treedef: tree.TreeDef, axis_tree: Any, *, kws: bool = False, value: Any = None
                 ) -> list[Any]:
    """The axis of each leaf of ``value``, a tree of type ``treedef``, from ``axis_tree``, a tree prefix of it (JAX's
    ``flatten_axes``). Without ``value``, the tree is rebuilt from placeholders; with it, no user class is rebuilt
    unless the prefix does not fit (for the error's message): a class whose constructor checks its arguments maps
    as in JAX."""
    axes: list[Any] = []
    if value is not None:
        if _broadcast_prefix(axis_tree, value, axes):
            return axes
        try:  # the message names the leaves as JAX does, where the user's classes take placeholders
            full = tree.unflatten(treedef, [PytreeLeaf() for _ in range(treedef.num_leaves)])
        except Exception:  # noqa: BLE001 - a constructor that refuses them: the message shows the values
            full = value
    else:
        full = tree.unflatten(treedef, [PytreeLeaf() for _ in range(treedef.num_leaves)])
        if _broadcast_prefix(axis_tree, full, axes):
            return axes
    if kws:  # the keyword arguments are mapped along 0 by construction: the fault is in the positional ones
        full, axis_tree = full[0], axis_tree[0]
    errors = _prefix_errors(name, [], axis_tree, full)
    details = "\n  ".join(errors)
    raise ValueError(f"{name} specification must be a tree prefix of the corresponding value; "
                     f"\n  Mismatch details ({len(errors)} found):\n  {details}")


def _leaf_paths(x: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Each leaf with its key path."""
    if is_node(x):
        return [p for k, c in children(x) for p in _leaf_paths(c, (*path, k))]
    if x is None:
        return []
    return [(path, x)]


def _type_str(x: Any) -> str:
    try:
        a = abstractify(x)
    except TypeError:
        return "unknown"
    return f"{a.name}[{','.join(map(str, a.shape))}]"


def _mapped_axis_size(fn: Callable[..., Any], in_tree: tree.TreeDef, vals: list[Any], dims: list[Any],
                      axis_size: int | None) -> int:
    """The size of the mapped axis, checked against every mapped argument (JAX's ``_mapped_axis_size``)."""
    if not vals:
        if axis_size is not None:
            return axis_size
        args, kwargs = tree.unflatten(in_tree, vals)
        raise ValueError("vmap wrapped function must be passed at least one argument containing an array or "
                         f"axis_size must be specified, got empty *args={args} and **kwargs={kwargs}")

    def size_of(x: Any, axis: int) -> int | None:
        shape: tuple[int, ...] = np.shape(x) if not isinstance(x, (Array, Ref)) else x.shape
        try:
            return shape[axis]
        except IndexError:
            if not _is_array_like(x):
                return None  # reported when the argument is mapped
            min_rank = axis + 1 if axis >= 0 else -axis
            raise ValueError(f"vmap was requested to map its argument along axis {axis}, which implies that its "
                             f"rank should be at least {min_rank}, but is only {len(shape)} (its shape is {shape})"
                             ) from None

    all_sizes = [None if d is None else size_of(x, d) for x, d in zip(vals, dims)]
    sizes = [s for s in all_sizes if s is not None]
    if axis_size is not None:
        sizes.append(axis_size)
    distinct = list(dict.fromkeys(sizes))
    if len(distinct) == 1:
        return distinct[0]
    if not distinct:
        raise ValueError("vmap must have at least one non-None value in in_axes or axis_size must be specified")
    args, kwargs = tree.unflatten(in_tree, vals)
    try:
        params: list[str] | None = list(inspect.signature(fn).bind(*args, **kwargs).signature.parameters)
    except (TypeError, ValueError):
        params = None

    def arg_name(path: tuple[Any, ...]) -> str:
        if params is None or path[0] >= len(params):
            return f"args{keystr(path)}"
        return f"argument {params[path[0]]}{keystr(path[1:])}"

    names = [f"{arg_name(p)} of type {_type_str(x)}" for p, x in _leaf_paths(tuple(args))]
    names += [f"kwargs{keystr(p)} of type {_type_str(x)}" for p, x in _leaf_paths(kwargs)]
    counts = collections.Counter(s for s in all_sizes if s is not None).most_common()
    msg = ["vmap got inconsistent sizes for array axes to be mapped:\n"]
    if axis_size is not None:
        msg.append(f"  * the `axis_size` argument was {axis_size};\n")
    for n, (sz, ct) in enumerate(counts):
        i = all_sizes.index(sz)
        if ct == 1:
            msg.append(f"  * one axis had size {sz}: axis {dims[i]} of {names[i]};\n")
        elif n == 0:
            msg.append(f"  * most axes ({ct} of them) had size {sz}, e.g. axis {dims[i]} of {names[i]};\n")
        else:
            msg.append(f"  * some axes ({ct} of them) had size {sz}, e.g. axis {dims[i]} of {names[i]};\n")
    raise ValueError("".join(msg)[:-2])


def _is_array_like(x: Any) -> bool:
    return isinstance(x, (Array, Ref, *HOST_VALUE_TYPES))


def _check_axes(in_axes: Any, out_axes: Any) -> Any:
    obj: object = in_axes
    if isinstance(obj, list):
        items: list[Any] = in_axes
        in_axes = tuple(items)  # a list of the arguments' axes is taken as a tuple, as in JAX
    if not (in_axes is None or type(in_axes) in (int, tuple)):
        raise TypeError("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional "
                        f"arguments passed to the function, but got {in_axes}.")
    if not all(type(a) is int for a in _tree_leaves(in_axes)):
        raise TypeError(f"vmap in_axes must be an int, None, or (nested) container with those types as leaves, "
                        f"but got {in_axes}.")
    if not all(type(a) is int for a in _tree_leaves(out_axes)):
        raise TypeError(f"vmap out_axes must be an int, None, or (nested) container with those types as leaves, "
                        f"but got {out_axes}.")
    return in_axes


def vmap(fun: Callable[_P, _R], in_axes: int | None | Sequence[Any] = 0, out_axes: Any = 0,
         axis_name: object = None, axis_size: int | None = None) -> Callable[_P, _R]:
    """Vectorize ``fun`` over an axis of its arguments: ``vmap(f)(xs)`` is ``f`` applied to each slice of ``xs``
    along axis 0, the results stacked along axis 0, computed by batched primitives rather than a loop.

    ``in_axes``: the mapped axis of each positional argument: an int (negative counts from the end), ``None``
    (not mapped: the argument is passed whole), or a tuple/list/dict tree of those matching the arguments as a
    tree prefix. Keyword arguments are always mapped along axis 0. ``out_axes``: where the mapped axis goes in
    each output (a tree prefix of the outputs; ``None`` for an output that does not depend on the mapped
    arguments). ``axis_size``: the size of the mapped axis, needed when no argument is mapped. ``axis_name``: a
    hashable name binding the mapped axis for the collectives of :mod:`arraytyping.lax` (``psum(x, 'i')`` sums
    over the batch, ``axis_index('i')`` is each element's position in it). Composes with ``jit``, nested
    ``vmap`` and the control-flow functions of :mod:`arraytyping.lax`.

    Typed (in the stubs) by dtype: batching keeps every dtype and tree while every shape gains the mapped axis, so
    ``vmap`` of a function of up to three ``Array`` parameters returning an ``Array`` is a function of the same
    dtypes at any shape, and any other function is ``Callable[..., Any]`` (its own signature would claim the
    unbatched shapes)."""
    if not callable(fun):
        raise TypeError(f"vmap requires a callable as its first argument, got {fun!r}")
    in_axes = _check_axes(in_axes, out_axes)
    name = getattr(fun, "__qualname__", None) or getattr(fun, "__name__", None) or type(fun).__name__

    @functools.wraps(fun)
    def vmapped(*args: Any, **kwargs: Any) -> Any:
        if isinstance(in_axes, tuple) and len(in_axes) != len(args):
            raise ValueError("vmap in_axes must be an int, None, or a tuple of entries corresponding to the "
                             "positional arguments passed to the function, but got "
                             f"len(in_axes)={len(in_axes)}, len(args)={len(args)}")
        leaves, in_tree = tree.flatten((args, kwargs))
        dims = flatten_axes("vmap in_axes", in_tree, (in_axes, 0), kws=True, value=(args, kwargs))
        for x, d in zip(leaves, dims):
            if d is not None and not _is_array_like(x):
                raise TypeError(f"Argument {x!r} of type {type(x)} is not a valid JAX type")
        size = _mapped_axis_size(fun, in_tree, leaves, dims, axis_size)
        with new_main(BatchTrace, AxisData(size, axis_name), f"vmap({name})", dynamic=False) as main, \
                (contextlib.nullcontext() if axis_name is None else extend_axis_env(axis_name, size, main)):
            trace = BatchTrace(main)
            batched = [x if d is None else _to_elt(trace, x, d) for x, d in zip(leaves, dims)]
            in_args, in_kwargs = tree.unflatten(in_tree, batched)
            call: Callable[..., Any] = fun
            out = call(*in_args, **in_kwargs)
            out_leaves, out_tree = tree.flatten(out)
            outs_info = [_out_info(trace, x) for x in out_leaves]
            # a mapped reference: its batched view's final value, written back (JAX's batched refs)
            ref_finals = [(x, _ref_final(trace, size, b)) for x, b in zip(leaves, batched)
                          if isinstance(x, Ref) and isinstance(b, Ref) and b is not x]
        for ref, value in ref_finals:
            refs.write(ref, value)
        out_dims = flatten_axes("vmap out_axes", out_tree, out_axes, value=out)
        results: list[Any] = []
        for i, ((val, src), dst) in enumerate(zip(outs_info, out_dims)):
            try:
                results.append(matchaxis(size, src, dst, val))
            except SpecMatchError:
                path = _leaf_paths(tree.unflatten(out_tree, [_AxisMark(d) for d in out_dims]))[i][0]
                raise ValueError(f"at vmap out_axes{keystr(path)}, got axis spec {dst} but output was batched on "
                                 f"axis {src}") from None
        return tree.unflatten(out_tree, results)

    typed: Callable[_P, _R] = vmapped
    return typed


class _AxisMark:
    __slots__ = ("axis",)

    def __init__(self, axis: Any) -> None:
        self.axis = axis


def _ref_final(trace: BatchTrace, size: int, view: Ref) -> Any:
    val, dim = trace.to_batch_info(refs.held(view))
    return matchaxis(size, dim, 0, val)


def _to_elt(trace: BatchTrace, x: Any, axis: int) -> BatchTracer | Ref:
    if isinstance(x, Ref):
        if canonicalize_axis(axis, x.ndim) != 0:
            raise NotImplementedError("vmap maps a mutable array reference along its axis 0 only (in_axes 0)")
        return Ref(BatchTracer(trace, refs.read(x), 0), trace.main.level)
    if not _is_array_like(x):
        raise TypeError(f"Argument {x!r} of type {type(x)} is not a valid JAX type")
    if not isinstance(x, Array):  # a numpy value: on the device once, rather than by every operation on it (and a
        x = device_put(x)        # function returning it as it is, a real array's conj, returns an Array, as JAX's)
    return BatchTracer(trace, x, canonicalize_axis(axis, len(x.shape)))


def _out_info(trace: BatchTrace, x: Any) -> tuple[Any, int | None]:
    if not isinstance(x, BatchTracer) and not _is_array_like(x):
        raise TypeError(f"Output from batched function {x!r} with type {type(x)} is not a valid JAX type")
    return trace.to_batch_info(x)


# imported for their side effect: registering the batching rules
_ = (_batching_rules, _batching_rules_elementwise, _batching_rules_indexing, _batching_rules_shape,
     _batching_rules_signal, _batching_rules_sorting, _batching_rules_control_flow,
     _batching_rules_linalg, _batching_rules_jit, _batching_rules_custom,
     _batching_rules_callbacks, _batching_rules_ffi, _batching_rules_checkpoint, _batching_rules_sharding,
     _batching_rules_parallel)
