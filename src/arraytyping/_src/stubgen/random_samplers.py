"""The ``arraytyping.random`` samplers declared by their dtype rule (``op_rules.random_result``): a sampler with a
``dtype`` argument gives that dtype, canonicalized (``normal(key, (3,))`` is ``Array[float32]``, ``dtype=bfloat16``
``Array[bfloat16]``), refuses what JAX refuses (``uniform(key, dtype=int32)``), and one without gives its fixed
dtype (``bernoulli``: ``bool_``, ``categorical``: the default integer)."""

from __future__ import annotations

import ast

from arraytyping import lattice, op_rules
from arraytyping._src.stubgen import dtype_given, specs
from arraytyping._src.stubgen.binary import KeepVars
from arraytyping.lattice import LatticeConfig

__all__ = ["sampler_overloads", "typed_sampler"]


def typed_sampler(name: str) -> bool:
    """Whether :func:`sampler_overloads` declares ``name``."""
    return name in op_rules.RANDOM_DTYPES or op_rules.RANDOM_RESULTS.get(name) in ("bool", "int")


def sampler_overloads(fn: ast.FunctionDef, cfg: LatticeConfig, keep: KeepVars, doc: str | None) -> list[str]:
    """The overloads of the sampler ``fn`` (its runtime definition), ``doc`` on the first (see
    :mod:`.dtype_given`)."""
    name = fn.name
    if name not in op_rules.RANDOM_DTYPES:
        fixed = op_rules.RANDOM_RESULTS[name]
        node = "bool" if fixed == "bool" else lattice.default_name("i", cfg.x64)
        return dtype_given.with_doc(dtype_given.declare(fn, None, specs.cls_of(node)), doc)
    return dtype_given.overloads(fn, cfg, keep, doc, lambda node: op_rules.random_result(name, node, cfg)[0])
