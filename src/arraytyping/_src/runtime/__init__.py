"""The runtime: arrays on XLA devices, tracing to jaxprs, lowering to StableHLO and compiling with jaxlib.

Importing it registers the scalar constructor (``arraytyping.float32(1.5)`` builds an ``Array``). jaxlib itself is
imported on first use (the first array, compilation or ``devices()`` call).
"""

from typing import Any

import numpy as np

from arraytyping._src import scalar_construction
from arraytyping._src.runtime import numpy as _numpy


def _construct(value: object, dtype: np.dtype[Any]) -> Any:
    return _numpy.asarray(value, dtype=dtype)


scalar_construction.register_constructor(_construct)
