"""Annotation aliases of the public functions defined under ``_src`` that have no stub of their own (``random``,
``nn``, ``lax``, ``numpy.fft``): the runtime ``Array`` here, ``Any`` in the generated ``annotations.pyi`` that a
checker of the installed package reads (gradual: its sources hand runtime arrays around, which the stubs' generic
``Array`` is not)."""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np

from arraytyping._src.core.array import Array

__all__ = ["AnyArray", "ArrayLike"]

AnyArray: TypeAlias = Array
"""An array of any dtype: the runtime class in the source (what ``mypy --strict`` on the sources checks); ``Any`` in the
generated ``annotations.pyi``, which a checker of the installed package reads (gradual, never wrong)."""
ArrayLike: TypeAlias = "AnyArray | np.ndarray[Any, Any] | np.bool_ | np.number[Any] | bool | int | float | complex"
"""Anything the functions convert to an array implicitly (as :data:`arraytyping.typing.ArrayLike`)."""
