"""Ahead-of-time compilation (as ``jax.stages``): what :func:`arraytyping.jit`'s ``trace`` and ``lower`` return.

``jit(f).trace(*args)`` is a :class:`Traced` (the jaxpr), its ``lower()`` a :class:`Lowered` (the StableHLO
module), whose ``compile()`` is a :class:`Compiled` (the executable, called with arguments of the types it was
compiled for); :class:`ArgInfo` describes one argument. Arguments may be ``ShapeDtypeStruct`` (types without
data).
"""

from arraytyping._src.xla.stages import ArgInfo, Compiled, CompilerOptions, Lowered, Traced, Wrapped

__all__ = ["ArgInfo", "Compiled", "CompilerOptions", "Lowered", "Traced", "Wrapped"]

for _cls in (ArgInfo, Compiled, Lowered, Traced, Wrapped):
    _cls.__module__ = __name__
del _cls
