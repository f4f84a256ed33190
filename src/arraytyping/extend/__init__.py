"""``arraytyping.extend``: JAX 0.10.2's ``jax.extend``, access to the machinery under the API for programs that
extend it: :mod:`arraytyping.extend.core` (jaxprs, their variables and equations, primitives).

As JAX's, this module offers no compatibility guarantee across releases.

Example::

    from arraytyping.extend import core
    closed = arraytyping.make_jaxpr(lambda x: x + 1)(1.0)
    [eqn.primitive for eqn in closed.jaxpr.eqns]   # [add]
"""

from arraytyping.extend import core

__all__ = ["core"]
