"""Synthetic stand-ins for datasets the corpus would download, of the same shapes and dtypes, seeded."""

from __future__ import annotations

import numpy as np


def face(gray: bool = False) -> np.ndarray:
    """``scipy.datasets.face()``'s shape and dtype (a 768 x 1024 RGB uint8 image; downloaded by pooch there)."""
    rng = np.random.RandomState(0)
    shape = (768, 1024) if gray else (768, 1024, 3)
    return rng.randint(0, 256, size=shape).astype(np.uint8)
