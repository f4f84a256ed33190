"""Jacobians and Hessians: ``jacfwd`` (forward mode: a ``jvp`` per input basis vector, under ``vmap``), ``jacrev``
(reverse mode: a ``vjp`` per output basis vector, under ``vmap``), ``jacobian`` (``jacrev``'s name in JAX) and
``hessian`` (``jacfwd`` of ``jacrev``), as JAX 0.10.2 computes them: inputs and outputs may be pytrees (the result
nests the output's structure around the inputs'), a leaf's block has the output leaf's shape followed by the input
leaf's, in the output leaf's dtype and weak flag (``jacfwd``) or the input leaf's (``jacrev``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from typing_extensions import ParamSpec

from arraytyping._src.dtypes import registry
from arraytyping._src.numpy.creation import eye
from arraytyping._src.numpy.joining import split
from arraytyping._src.numpy.shape import reshape
from arraytyping._src.dtypes.promotion import public_result_type
from arraytyping._src.lax import lax
from arraytyping._src.tree import pytree as tree
from arraytyping._src.interpreters.autodiff.differentiation import argnums_of, check_callable, check_input_dtype, check_output_dtype, jvp, vjp
from arraytyping._src.core.staging import abstractify
from arraytyping._src.interpreters.batching.vmap import vmap

__all__ = ["argnums_partial", "hessian", "jacfwd", "jacobian", "jacrev"]

_JacP = ParamSpec("_JacP")


def argnums_partial(fun: Callable[..., Any], nums: int | tuple[int, ...], args: Sequence[Any], kwargs: dict[str, Any]
             ) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """``fun`` of the arguments at ``nums`` alone (the others fixed), and those arguments."""
    n = len(args)
    for i in (nums,) if isinstance(nums, int) else nums:  # negative ones count from the end, as in JAX
        if not -n <= i < n:
            raise ValueError("Positional argument indices, e.g. for `static_argnums`, must have value greater than "
                             f"or equal to -len(args) and less than len(args), but got value {i} for len(args) == "
                             f"{n}.")
    wanted = tuple(i % n for i in ((nums,) if isinstance(nums, int) else nums))

    def f_partial(*dyn: Any) -> Any:
        full = list(args)
        for i, d in zip(wanted, dyn):
            full[i] = d
        return fun(*full, **kwargs)
    return f_partial, tuple(args[i] for i in wanted)


def _std_basis(pytree: Any) -> Any:
    """The identity matrix over every element of ``pytree``'s leaves (in their common dtype), cut along axis 1 into
    ``pytree``'s structure: leaf ``i`` gets the rows of shape ``(n, *leaf_i.shape)``, in its own dtype."""
    leaves = tree.leaves(pytree)
    n = sum(int(np.prod(np.shape(leaf), dtype=int)) for leaf in leaves)
    basis = eye(n, dtype=public_result_type(*leaves))
    return _unravel(pytree, 1, None, basis)


def _unravel(pytree: Any, axis: int, example: Any, arr: Any) -> Any:
    """``arr`` cut along ``axis`` into ``pytree``'s structure (that axis becoming each leaf's shape), each part in
    ``example``'s dtype and weak flag (each leaf's own where ``example`` is ``None``; a complex part of a real one
    keeps its real part), as JAX's ``_unravel_array_into_pytree``."""
    leaves, treedef = tree.flatten(pytree)
    shape = tuple(arr.shape)
    sizes = [int(np.prod(np.shape(leaf), dtype=int)) for leaf in leaves]
    parts = split(arr, np.cumsum(sizes[:-1]).tolist(), axis) if len(leaves) > 1 else [arr]
    out = [_downcast(reshape(part, shape[:axis] + tuple(np.shape(leaf)) + shape[axis + 1:]),
                     leaf if example is None else example)
           for part, leaf in zip(parts, leaves)]
    return tree.unflatten(treedef, out)


def _downcast(x: Any, example: Any) -> Any:
    like = abstractify(example)
    if registry.INFO[abstractify(x).name].kind == "c" and registry.INFO[like.name].kind != "c":
        x = lax.real(x)
    return lax.convert_element_type(x, like.dtype, like.weak_type)


def _check_input_jacfwd(holomorphic: bool, x: Any) -> None:
    aval = abstractify(x)
    kind = registry.INFO[aval.name].kind
    if holomorphic:
        if kind != "c":
            raise TypeError(f"jacfwd with holomorphic=True requires inputs with complex dtype, but got {aval.name}.")
    elif kind != "f":
        raise TypeError("jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but "
                        f"got {aval.name}. For holomorphic differentiation, pass holomorphic=True. For "
                        "differentiation of non-holomorphic functions involving complex inputs or integer inputs, "
                        "use arraytyping.jvp directly.")


def _check_output_jacfwd(holomorphic: bool, x: Any) -> None:
    aval = abstractify(x)
    if holomorphic and registry.INFO[aval.name].kind != "c":
        raise TypeError(f"jacfwd with holomorphic=True requires outputs with complex dtype, but got {aval.name}.")


def jacfwd(fun: Callable[_JacP, Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
           holomorphic: bool = False) -> Callable[_JacP, Any]:
    """The Jacobian of ``fun`` with respect to the positional argument(s) ``argnums``, column by column in forward
    mode (a ``jvp`` per element of the inputs, vectorized). For an output of shape ``O`` and an input of shape
    ``I`` the Jacobian has shape ``O + I``, in the output's dtype; pytrees of inputs and outputs give a pytree of
    blocks (the output's structure around the inputs'). With ``has_aux``, ``fun`` returns ``(output, aux)`` and
    ``(jacobian, aux)`` is returned. Inputs must be real floating (complex with ``holomorphic``)."""
    check_callable(fun)
    nums = argnums_of(argnums)

    @functools.wraps(fun, updated=())
    def jacfun(*args: Any, **kwargs: Any) -> Any:
        f_partial, dyn_args = argnums_partial(fun, nums, args, kwargs)
        for leaf in tree.leaves(dyn_args):
            _check_input_jacfwd(holomorphic, leaf)

        def pushfwd(basis: Any) -> Any:
            return jvp(f_partial, dyn_args, basis, has_aux=True) if has_aux else jvp(f_partial, dyn_args, basis)
        out_axes = (None, -1, None) if has_aux else (None, -1)
        y, jac, *aux = vmap(pushfwd, out_axes=out_axes)(_std_basis(dyn_args))
        for leaf in tree.leaves(y):
            _check_output_jacfwd(holomorphic, leaf)
        example = dyn_args[0] if isinstance(nums, int) else dyn_args

        def unravel(y_leaf: Any, j: Any) -> Any:
            return _unravel(example, -1 % len(j.shape), y_leaf, j)
        jac_tree = tree.tree_map(unravel, y, jac)
        return (jac_tree, *aux) if has_aux else jac_tree
    return jacfun


def jacrev(fun: Callable[_JacP, Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
           holomorphic: bool = False, allow_int: bool = False) -> Callable[_JacP, Any]:
    """The Jacobian of ``fun`` with respect to the positional argument(s) ``argnums``, row by row in reverse mode
    (a ``vjp`` per element of the output, vectorized). For an output of shape ``O`` and an input of shape ``I`` the
    Jacobian has shape ``O + I``, in the input's dtype; pytrees give a pytree of blocks (the output's structure
    around the inputs'). With ``has_aux``, ``fun`` returns ``(output, aux)`` and ``(jacobian, aux)`` is returned.
    Outputs must be real floating (complex with ``holomorphic``)."""
    check_callable(fun)
    nums = argnums_of(argnums)

    @functools.wraps(fun, updated=())
    def jacfun(*args: Any, **kwargs: Any) -> Any:
        f_partial, dyn_args = argnums_partial(fun, nums, args, kwargs)
        for leaf in tree.leaves(dyn_args):
            check_input_dtype("jacrev", holomorphic, allow_int, leaf)
        y, pullback, *aux = vjp(f_partial, *dyn_args, has_aux=True) if has_aux else vjp(f_partial, *dyn_args)
        for leaf in tree.leaves(y):
            check_output_dtype("jacrev", holomorphic, leaf)
        jac = vmap(pullback)(_std_basis(y))
        jac = jac[0] if isinstance(nums, int) else jac
        example = dyn_args[0] if isinstance(nums, int) else dyn_args
        in_leaves, in_tree = tree.flatten(example)
        y_tree = tree.structure(y)
        blocks = [tree.leaves(_unravel(y, 0, leaf, j)) for leaf, j in zip(in_leaves, tree.leaves(jac))]
        jac_tree = tree.unflatten(y_tree, [tree.unflatten(in_tree, [b[k] for b in blocks])
                                           for k in range(y_tree.num_leaves)])
        return (jac_tree, *aux) if has_aux else jac_tree
    return jacfun


def jacobian(fun: Callable[_JacP, Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
             holomorphic: bool = False, allow_int: bool = False) -> Callable[_JacP, Any]:
    """:func:`jacrev` (JAX's ``jax.jacobian``)."""
    return jacrev(fun, argnums, has_aux, holomorphic, allow_int)


def hessian(fun: Callable[_JacP, Any], argnums: int | Sequence[int] = 0, has_aux: bool = False,
            holomorphic: bool = False) -> Callable[_JacP, Any]:
    """The Hessian of ``fun`` with respect to ``argnums``: ``jacfwd(jacrev(fun))``. For a scalar output and an
    input of shape ``I`` it has shape ``I + I``; pytrees give nested blocks (output, then input, then input)."""
    return jacfwd(jacrev(fun, argnums, has_aux=has_aux, holomorphic=holomorphic), argnums, has_aux=has_aux,
                  holomorphic=holomorphic)
