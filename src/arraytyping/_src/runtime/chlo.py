"""The CHLO dialect of ``jaxlib.mlir`` (registered with the lowering's MLIR context on first use): JAX 0.10.2 lowers
``erf``, ``erf_inv``, ``lgamma``, ``digamma``, ``nextafter`` and ``top_k`` to CHLO operations, which XLA expands
when it compiles; lowering them the same way gives the same values."""

from __future__ import annotations

import importlib
import threading
from typing import Any

from arraytyping._src.runtime.lowering import mlir

__all__ = ["chlo"]

_module: Any = None
_lock = threading.Lock()


def chlo() -> Any:
    """``jaxlib.mlir.dialects.chlo``, registered with the lowering's context (typed ``Any``: its stubs are partial)."""
    global _module
    if _module is None:
        with _lock:
            if _module is None:
                mod: Any = importlib.import_module("jaxlib.mlir.dialects.chlo")
                m = mlir()
                with m.lock:
                    mod.register_dialect(m.ctx)
                _module = mod
    return _module
