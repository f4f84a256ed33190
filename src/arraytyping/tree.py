"""Pytrees (as ``jax.tree``): the functions of :mod:`arraytyping.tree_util` under short names.

>>> map(lambda x: x * 2, {"a": 1, "b": [2, 3]})
{'a': 2, 'b': [4, 6]}
>>> leaves([1, (2, None)])
[1, 2]
"""

from __future__ import annotations

import dataclasses
from typing import Any

from arraytyping.tree_util import tree_all as all
from arraytyping.tree_util import tree_broadcast as broadcast
from arraytyping.tree_util import tree_flatten as flatten
from arraytyping.tree_util import tree_flatten_with_path as flatten_with_path
from arraytyping.tree_util import tree_leaves as leaves
from arraytyping.tree_util import tree_leaves_with_path as leaves_with_path
from arraytyping.tree_util import tree_map as map
from arraytyping.tree_util import tree_map_with_path as map_with_path
from arraytyping.tree_util import tree_reduce as reduce
from arraytyping.tree_util import tree_reduce_associative as reduce_associative
from arraytyping.tree_util import tree_structure as structure
from arraytyping.tree_util import tree_transpose as transpose
from arraytyping.tree_util import tree_unflatten as unflatten

__all__ = ["all", "broadcast", "flatten", "flatten_with_path", "leaves", "leaves_with_path", "map", "map_with_path",
           "reduce", "reduce_associative", "static", "structure", "transpose", "unflatten"]


def static(**kwargs: Any) -> Any:
    """A ``dataclasses.field`` (same arguments) marked static (``metadata={"static": True}``): auxiliary data of
    the dataclass when registered with :func:`arraytyping.tree_util.register_dataclass`."""
    extra: dict[str, Any] = kwargs.pop("metadata", None) or {}
    metadata = {"static": True, **extra}
    return dataclasses.field(metadata=metadata, **kwargs)
