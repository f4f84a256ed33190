"""The error classes of traced code (as ``jax.errors``): what ``int()``, ``bool()`` or ``np.asarray`` of a traced
value, a leaked tracer, a boolean index under a trace or an ill-typed jaxpr raise. Each is the class JAX 0.10.2
raises, with JAX's bases (``ConcretizationTypeError`` and the tracer conversion errors are type errors,
``NonConcreteBooleanIndexError`` an ``IndexError``). ``JaxRuntimeError`` is jaxlib's: what a computation that fails
on the device raises (jaxlib is imported when it is first asked for, so it is not in ``__all__``).

::

    try:
        arraytyping.jit(lambda x: int(x))(1.0)
    except arraytyping.errors.TracerIntegerConversionError as e:
        ...
"""

from arraytyping._src.core.jaxpr import JaxprTypeError
from arraytyping._src.core.trace import (
    ConcretizationTypeError, InconclusiveDimensionOperation, JAXIndexError, JAXTypeError, KeyReuseError,
    TracerArrayConversionError, TracerBoolConversionError, TracerIntegerConversionError, UnexpectedTracerError,
)
from arraytyping._src.numpy.indexing import NonConcreteBooleanIndexError

__all__ = ["ConcretizationTypeError", "InconclusiveDimensionOperation", "JAXIndexError", "JAXTypeError",
           "JaxprTypeError", "KeyReuseError", "NonConcreteBooleanIndexError", "TracerArrayConversionError",
           "TracerBoolConversionError", "TracerIntegerConversionError", "UnexpectedTracerError"]


def __getattr__(name: str) -> type[RuntimeError]:
    """``JaxRuntimeError``, jaxlib's class, on first use (``import arraytyping`` does not load jaxlib)."""
    if name == "JaxRuntimeError":
        import importlib

        cls: type[RuntimeError] = importlib.import_module("jaxlib._jax").JaxRuntimeError
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
