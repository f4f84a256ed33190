"""``jax.fwd_and_bwd``: a function's forward pass and its backward pass as two functions, so that a training loop
that cannot put both in one ``jit`` still compiles the backward pass once (``jax.vjp``'s function, returned as the
forward's residuals, passes through ``jit`` as a tree of arrays)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from arraytyping._src.api.jacobian import argnums_partial
from arraytyping._src.interpreters.autodiff.differentiation import check_callable, vjp
from arraytyping._src.xla.stages import jit

__all__ = ["fwd_and_bwd"]


def fwd_and_bwd(fun: Callable[..., Any], argnums: int | Sequence[int], has_aux: bool = False,
                jitted: bool = True) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The forward and backward passes of ``fun`` as two functions: ``fwd(*args)`` is ``jax.vjp`` of ``fun`` in
    the arguments at ``argnums`` (``(out, residuals)``, or ``(out, residuals, aux)`` with ``has_aux``), and
    ``bwd(residuals, cotangent)`` the cotangents of those arguments (one for an int ``argnums``, a tuple for a
    sequence). With ``jitted`` (the default) both are ``jit``-compiled, so ``bwd`` compiles once however often the
    forward pass runs outside it. As JAX's, keyword arguments to ``fwd`` are not passed to ``fun``.

    Args:
      fun: the function to differentiate.
      argnums: which positional arguments to differentiate in (negative ones count from the end).
      has_aux: whether ``fun`` returns ``(output, aux)``, ``aux`` not differentiated.
      jitted: whether to ``jit`` both functions.

    Returns:
      ``(fwd, bwd)``.

    Example::

        >>> x = W = ct = arraytyping.numpy.ones((4, 4))
        >>> fwd, bwd = arraytyping.fwd_and_bwd(lambda x, W: x @ W, argnums=(0, 1))
        >>> y, residuals = fwd(x, W)
        >>> ct_x, ct_W = bwd(residuals, ct)
        >>> ct_x.shape
        (4, 4)
    """
    check_callable(fun)
    nums: int | tuple[int, ...] = operator.index(argnums) if not isinstance(argnums, Sequence) \
        else tuple(operator.index(i) for i in argnums)

    def fwd(*args: Any, **kwargs: Any) -> Any:
        f_partial, dyn_args = argnums_partial(fun, nums, args, {})
        return vjp(f_partial, *dyn_args, has_aux=True) if has_aux else vjp(f_partial, *dyn_args)

    def bwd(f_vjp: Callable[[Any], Any], outgrad: Any) -> Any:
        g = f_vjp(outgrad)
        return g[0] if isinstance(nums, int) else g

    if jitted:
        return jit(fwd), jit(bwd)
    return fwd, bwd
