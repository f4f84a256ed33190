"""JAX 0.10.2's ``jax.example_libraries.optimizers``: examples of how to write optimizers with JAX.

An optimizer is a triple of functions ``(init_fun, update_fun, get_params)``: ``init_fun(params)`` gives the
optimizer's state (an :class:`OptimizerState`, a pytree), ``update_fun(step, grads, opt_state)`` the next state,
``get_params(opt_state)`` the parameters. The :func:`optimizer` decorator turns a triple defined for one array into
one over any pytree of arrays. A step size is a number or a *schedule*, a function of the step number."""

from __future__ import annotations

import builtins
import functools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple, TypeAlias, TypeVar

from arraytyping._src import numpy as jnp
from arraytyping._src.tree import pytree as tree

__all__ = [
    "InitFn", "JoinPoint", "Optimizer", "OptimizerState", "Params", "ParamsFn", "Schedule", "State", "Step",
    "UpdateFn", "Updates", "adagrad", "adam", "adamax", "clip_grads", "constant", "exponential_decay",
    "inverse_time_decay", "l2_norm", "make_schedule", "momentum", "nesterov", "optimizer", "pack_optimizer_state",
    "piecewise_constant", "polynomial_decay", "rmsprop", "rmsprop_momentum", "sgd", "sm3", "unpack_optimizer_state",
    "Array", "safe_map", "safe_zip", "unzip2",
]

class OptimizerState(NamedTuple):
    """The state of an :func:`optimizer`-made optimizer: the flat per-leaf states, the parameters' tree structure
    and each leaf state's own structure (a pytree whose only children are the packed states)."""
    packed_state: Any
    tree_def: Any
    subtree_defs: Any


tree.register_pytree_node(OptimizerState, lambda xs: ((xs.packed_state,), (xs.tree_def, xs.subtree_defs)),
                          lambda data, xs: OptimizerState(xs[0], data[0], data[1]))

Params: TypeAlias = Any
State: TypeAlias = Any
Updates: TypeAlias = Params
Step: TypeAlias = int
InitFn: TypeAlias = Callable[[Params], OptimizerState]
UpdateFn: TypeAlias = Callable[[Step, Updates, OptimizerState], OptimizerState]
ParamsFn: TypeAlias = Callable[[OptimizerState], Params]
Schedule: TypeAlias = Callable[[Step], Any]


class Optimizer(NamedTuple):
    """An optimizer's ``(init_fn, update_fn, params_fn)`` triple."""
    init_fn: InitFn
    update_fn: UpdateFn
    params_fn: ParamsFn


_Triple: TypeAlias = tuple[Callable[[Any], Any], Callable[[Any, Any, Any], Any], Callable[[Any], Any]]


def _unzip2(pairs: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """JAX's ``unzip2``: two tuples (hashable, as the state's tree structure must be under ``jit``)."""
    firsts: list[Any] = []
    seconds: list[Any] = []
    for a, b in pairs:
        firsts.append(a)
        seconds.append(b)
    return tuple(firsts), tuple(seconds)


def optimizer(opt_maker: Callable[..., _Triple]) -> Callable[..., Optimizer]:
    """Decorator to make an optimizer defined for arrays generalize to containers: the triple it returns takes and
    gives pytrees of parameters (with the same structure), each leaf optimized by ``opt_maker``'s functions."""
    @functools.wraps(opt_maker)
    def tree_opt_maker(*args: Any, **kwargs: Any) -> Optimizer:
        init, update, get_params = opt_maker(*args, **kwargs)

        @functools.wraps(init)
        def tree_init(x0_tree: Any) -> Any:
            x0_flat, treedef = tree.flatten(x0_tree)
            initial_states = [init(x0) for x0 in x0_flat]
            states_flat, subtrees = _unzip2(map(tree.flatten, initial_states))
            return OptimizerState(states_flat, treedef, subtrees)

        @functools.wraps(update)
        def tree_update(i: Any, grad_tree: Any, opt_state: Any) -> Any:
            states_flat, treedef, subtrees = opt_state
            grad_flat, tree2 = tree.flatten(grad_tree)
            if tree2 != treedef:
                raise TypeError(f"optimizer update function was passed a gradient tree that did not match the "
                                f"parameter tree structure with which it was initialized: parameter tree {treedef} "
                                f"and grad tree {tree2}.")
            states = [tree.unflatten(s, f) for s, f in zip(subtrees, states_flat, strict=True)]
            new_states = [update(i, g, s) for g, s in zip(grad_flat, states, strict=True)]
            new_states_flat, subtrees2 = _unzip2(map(tree.flatten, new_states))
            for subtree, subtree2 in zip(subtrees, subtrees2, strict=True):
                if subtree2 != subtree:
                    raise TypeError(f"optimizer update function produced an output structure that did not match "
                                    f"its input structure: input {subtree} and output {subtree2}.")
            return OptimizerState(new_states_flat, treedef, subtrees)

        @functools.wraps(get_params)
        def tree_get_params(opt_state: Any) -> Any:
            states_flat, treedef, subtrees = opt_state
            states = [tree.unflatten(s, f) for s, f in zip(subtrees, states_flat, strict=True)]
            return tree.unflatten(treedef, [get_params(s) for s in states])

        return Optimizer(tree_init, tree_update, tree_get_params)
    return tree_opt_maker


def _first(state: Any) -> Any:
    return state[0]


@optimizer
def sgd(step_size: float | Schedule) -> _Triple:
    """Construct optimizer triple for stochastic gradient descent."""
    schedule = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0

    def update(i: Any, g: Any, x: Any) -> Any:
        return x - schedule(i) * g

    def get_params(x: Any) -> Any:
        return x
    return init, update, get_params


@optimizer
def momentum(step_size: float | Schedule, mass: float) -> _Triple:
    """Construct optimizer triple for SGD with momentum."""
    schedule = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, velocity = state
        velocity = mass * velocity + g
        return x - schedule(i) * velocity, velocity
    return init, update, _first


@optimizer
def nesterov(step_size: float | Schedule, mass: float) -> _Triple:
    """Construct optimizer triple for SGD with Nesterov momentum."""
    schedule = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, velocity = state
        velocity = mass * velocity + g
        return x - schedule(i) * (mass * velocity + g), velocity
    return init, update, _first


@optimizer
def adagrad(step_size: float | Schedule, momentum: float = 0.9) -> _Triple:
    """Construct optimizer triple for Adagrad (with momentum)."""
    schedule = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0), jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, g_sq, m = state
        g_sq += jnp.square(g)
        g_sq_inv_sqrt = jnp.where(g_sq > 0, 1. / jnp.sqrt(g_sq), 0.0)
        m = (1. - momentum) * (g * g_sq_inv_sqrt) + momentum * m
        return x - schedule(i) * m, g_sq, m
    return init, update, _first


@optimizer
def rmsprop(step_size: float | Schedule, gamma: float = 0.9, eps: float = 1e-8) -> _Triple:
    """Construct optimizer triple for RMSProp."""
    schedule = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, avg_sq_grad = state
        avg_sq_grad = avg_sq_grad * gamma + jnp.square(g) * (1. - gamma)
        return x - schedule(i) * g / jnp.sqrt(avg_sq_grad + eps), avg_sq_grad
    return init, update, _first


@optimizer
def rmsprop_momentum(step_size: float | Schedule, gamma: float = 0.9, eps: float = 1e-8,
                     momentum: float = 0.9) -> _Triple:
    """Construct optimizer triple for RMSProp with momentum."""
    schedule = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0), jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, avg_sq_grad, mom = state
        avg_sq_grad = avg_sq_grad * gamma + jnp.square(g) * (1. - gamma)
        mom = momentum * mom + schedule(i) * g / jnp.sqrt(avg_sq_grad + eps)
        return x - mom, avg_sq_grad, mom
    return init, update, _first


@optimizer
def adam(step_size: float | Schedule, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> _Triple:
    """Construct optimizer triple for Adam."""
    schedule = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0), jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, m, v = state
        m = (1 - b1) * g + b1 * m  # First  moment estimate.
        v = (1 - b2) * jnp.square(g) + b2 * v  # Second moment estimate.
        mhat = m / (1 - jnp.asarray(b1, m.dtype) ** (i + 1))  # Bias correction.
        vhat = v / (1 - jnp.asarray(b2, m.dtype) ** (i + 1))
        return x - schedule(i) * mhat / (jnp.sqrt(vhat) + eps), m, v
    return init, update, _first


@optimizer
def adamax(step_size: float | Schedule, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> _Triple:
    """Construct optimizer triple for AdaMax (a variant of Adam based on infinity norm)."""
    schedule = make_schedule(step_size)

    def init(x0: Any) -> Any:
        return x0, jnp.zeros_like(x0), jnp.zeros_like(x0)

    def update(i: Any, g: Any, state: Any) -> Any:
        x, m, u = state
        m = (1 - b1) * g + b1 * m  # First  moment estimate.
        u = jnp.maximum(b2 * u, jnp.abs(g))  # Update exponentially weighted infinity norm.
        return x - (schedule(i) / (1 - jnp.asarray(b1, m.dtype) ** (i + 1))) * m / (u + eps), m, u
    return init, update, _first


def _splice(seq: Any, i: int, x: list[Any]) -> list[Any]:
    lst = list(seq)
    lst[i:i + 1] = x
    return lst


def _broadcast_into(ndim: int, x: Any, axis: int) -> Any:
    idx = _splice([None] * ndim, axis, [slice(None)])
    return x[tuple(idx)]


@optimizer
def sm3(step_size: float | Schedule, momentum: float = 0.9) -> _Triple:
    """Construct optimizer triple for SM3 (memory-efficient adaptive optimization)."""
    schedule = make_schedule(step_size)

    def init(x0: Any) -> Any:
        x_shape = x0.shape
        x0 = jnp.atleast_1d(x0)
        vs = [jnp.zeros(sz, dtype=x0.dtype) for sz in x0.shape]
        return x0, jnp.zeros_like(x0), vs, x_shape

    def update(i: Any, g: Any, state: Any) -> Any:
        x, m, vs, x_shape = state
        vs = [_broadcast_into(g.ndim, v, k) for k, v in enumerate(vs)]
        accum = functools.reduce(jnp.minimum, vs) + jnp.square(g)
        accum_inv_sqrt = jnp.where(accum > 0, 1. / jnp.sqrt(accum), 0)
        m = (1. - momentum) * (g * accum_inv_sqrt) + momentum * m
        x = x - schedule(i) * m
        vs = [accum.max(_splice(range(x.ndim), j, [])) for j in range(x.ndim)]
        return x, m, vs, x_shape

    def get_params(state: Any) -> Any:
        x, _, _, x_shape = state
        return x.reshape(x_shape)
    return init, update, get_params


# Learning rate schedules

def constant(step_size: Any) -> Schedule:
    """The schedule of one step size."""
    def schedule(i: Any) -> Any:
        return step_size
    return schedule


def exponential_decay(step_size: Any, decay_steps: Any, decay_rate: Any) -> Schedule:
    """``step_size * decay_rate ** (i / decay_steps)``."""
    def schedule(i: Any) -> Any:
        return step_size * decay_rate ** (i / decay_steps)
    return schedule


def inverse_time_decay(step_size: Any, decay_steps: Any, decay_rate: Any, staircase: bool = False) -> Schedule:
    """``step_size / (1 + decay_rate * i / decay_steps)`` (the quotient floored with ``staircase``)."""
    if staircase:
        def schedule(i: Any) -> Any:
            return step_size / (1 + decay_rate * jnp.floor(i / decay_steps))
    else:
        def schedule(i: Any) -> Any:
            return step_size / (1 + decay_rate * i / decay_steps)
    return schedule


def polynomial_decay(step_size: Any, decay_steps: Any, final_step_size: Any, power: float = 1.0) -> Schedule:
    """From ``step_size`` to ``final_step_size`` over ``decay_steps`` steps, as ``(1 - i / decay_steps) ** power``."""
    def schedule(step_num: Any) -> Any:
        step_num = jnp.minimum(step_num, decay_steps)
        step_mult = (1 - step_num / decay_steps) ** power
        return step_mult * (step_size - final_step_size) + final_step_size
    return schedule


def piecewise_constant(boundaries: Any, values: Any) -> Schedule:
    """``values[k]`` for a step number above ``k`` of the ``boundaries`` (one fewer than the values)."""
    boundaries = jnp.array(boundaries)
    values = jnp.array(values)
    if not boundaries.ndim == values.ndim == 1:
        raise ValueError("boundaries and values must be sequences")
    if not boundaries.shape[0] == values.shape[0] - 1:
        raise ValueError("boundaries length must be one shorter than values length")

    def schedule(i: Any) -> Any:
        return values[jnp.sum(i > boundaries)]
    return schedule


def make_schedule(scalar_or_schedule: float | Schedule) -> Schedule:
    """A schedule as it is, a number as its :func:`constant` schedule (anything else is a ``TypeError``)."""
    if callable(scalar_or_schedule):
        return scalar_or_schedule
    if jnp.ndim(scalar_or_schedule) == 0:
        return constant(scalar_or_schedule)
    raise TypeError(type(scalar_or_schedule))


# Utilities

def l2_norm(tree_: Any) -> Any:
    """Compute the l2 norm of a pytree of arrays. Useful for weight decay."""
    leaves, _ = tree.flatten(tree_)
    return jnp.sqrt(sum(jnp.vdot(x, x) for x in leaves))


def clip_grads(grad_tree: Any, max_norm: Any) -> Any:
    """Clip gradients stored as a pytree of arrays to maximum norm ``max_norm``."""
    norm = l2_norm(grad_tree)

    def normalize(g: Any) -> Any:
        return jnp.where(norm < max_norm, g, g * (max_norm / norm))
    return tree.tree_map(normalize, grad_tree)


# Serialization utilities

class JoinPoint:
    """Marks the boundary between two joined (nested) pytrees."""

    def __init__(self, subtree: Any) -> None:
        self.subtree = subtree

    # Since pytrees are containers of numpy arrays, look iterable.
    def __iter__(self) -> Iterator[Any]:
        yield self.subtree


def unpack_optimizer_state(opt_state: Any) -> Any:
    """Converts an OptimizerState to a marked pytree (its leaves' states as :class:`JoinPoint` leaves), for
    serialization."""
    states_flat, tree_def, subtree_defs = opt_state
    subtrees = [tree.unflatten(d, f) for d, f in zip(subtree_defs, states_flat, strict=True)]
    return tree.unflatten(tree_def, [JoinPoint(s) for s in subtrees])


def pack_optimizer_state(marked_pytree: Any) -> Any:
    """Converts a marked pytree (from :func:`unpack_optimizer_state`) to an OptimizerState."""
    sentinels, tree_def = tree.flatten(marked_pytree)
    if not all(isinstance(s, JoinPoint) for s in sentinels):
        raise AssertionError("pack_optimizer_state: every leaf of the marked pytree must be a JoinPoint")
    states_flat, subtree_defs = _unzip2(map(tree.flatten, [s.subtree for s in sentinels]))
    return OptimizerState(states_flat, tree_def, subtree_defs)


# ---------------------------------------------------------------------------------------------------------------
# The helpers JAX's module exports with it

Array: TypeAlias = Any
"""The type JAX's module names its arrays by (``typing.Any`` there)."""

_T = TypeVar("_T")
_T1 = TypeVar("_T1")
_T2 = TypeVar("_T2")


def safe_map(f: Callable[..., _T], *args: Iterable[Any]) -> list[_T]:
    """``list(map(f, *args))``, refusing iterables of different lengths with a ``ValueError`` (JAX's
    ``safe_map``, which the module also exports as ``map``).

    Example::

        >>> from arraytyping.example_libraries.optimizers import safe_map
        >>> safe_map(lambda a, b: a + b, [1, 2], [3, 4])
        [4, 6]
    """
    if not args:
        raise TypeError("safe_map requires at least 2 arguments")
    lists = [list(a) for a in args]
    n = len(lists[0])
    for i, xs in enumerate(lists[1:], 2):
        if len(xs) != n:
            raise ValueError(f"safe_map() argument {i} is {'shorter' if len(xs) < n else 'longer'} than argument 1")
    return [f(*xs) for xs in builtins.zip(*lists)]


def safe_zip(*args: Iterable[Any]) -> list[tuple[Any, ...]]:
    """``list(zip(*args))``, refusing iterables of different lengths with a ``ValueError`` (JAX's ``safe_zip``,
    which the module also exports as ``zip``).

    Example::

        >>> from arraytyping.example_libraries.optimizers import safe_zip
        >>> safe_zip([1, 2], [3, 4])
        [(1, 3), (2, 4)]
    """
    if not args:
        raise TypeError("safe_zip requires at least 1 argument")
    lists = [list(a) for a in args]
    lengths = tuple(len(xs) for xs in lists)
    for i, n in enumerate(lengths):
        if n != lengths[0]:
            raise ValueError(f"safe_zip() argument {i} has length {n} but argument 0 has length {lengths[0]}. "
                             f"All lengths: {lengths}")
    return list(builtins.zip(*lists))


def unzip2(xys: Iterable[tuple[_T1, _T2]]) -> tuple[tuple[_T1, ...], tuple[_T2, ...]]:
    """Unzip a sequence of pairs into two tuples (JAX's ``unzip2``).

    Example::

        >>> from arraytyping.example_libraries.optimizers import unzip2
        >>> unzip2([(1, 2), (3, 4)])
        ((1, 3), (2, 4))
    """
    xs: list[_T1] = []
    ys: list[_T2] = []
    for x, y in xys:
        xs.append(x)
        ys.append(y)
    return tuple(xs), tuple(ys)
