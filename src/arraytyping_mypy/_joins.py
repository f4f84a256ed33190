"""Fast joins of dtype classes: the stubs' weak-slot protocols read as invariant.

Each concrete dtype class of the stubs derives from some ninety promotion protocols ``_<F>W<k>[R]``, one per weak or
numpy operand slot of a family, whose ``R`` is the class's answer there (a dtype class); mypy's filter of
self-typed overloads sees a protocol only as a nominal base, so the bases must be there. ``R`` is covariant in the
stubs. mypy joins two classes (``[x_bool, x_f32]``, ``a if c else b``, a union dtype argument) through every base of
each, and joins two instances of one covariant protocol by joining their arguments: two more dtype classes, through
all their bases again. That recursion, unmemoized, took mypy minutes for one list of two arrays, and as long for a
rejected call (the failed overload search joins the candidates).

With the plugin, :func:`invariant_slots` makes ``R`` invariant when mypy analyzes each slot protocol: a join of two
different slot answers is then ``object`` at once, and ``[x_bool, x_f32]`` is ``list[Array[generic]]`` in the time
of any expression. The slot protocols' other use, solving ``R`` from ``Array[_<F>W<k>[R]]`` for a dtype class that
derives from ``_<F>W<k>[answer]``, gives the same ``R`` either way. Without the plugin the stubs stay covariant: mypy
alone infers a call nested in another overloaded call with the outer parameter as context
(``anp.minimum(anp.maximum(x, 0.0), 1.0)``), which an invariant ``R`` turns into a false error; with the plugin,
those calls are the plugin's (their signatures permissive, their answers its hooks').
"""

from __future__ import annotations

import re
from typing import Final

from mypy.nodes import INVARIANT
from mypy.plugin import ClassDefContext
from mypy.types import TypeVarType

__all__ = ["SLOT_PROTOCOL", "invariant_slots"]

SLOT_PROTOCOL: Final = re.compile(r"arraytyping\._[A-Z][a-z]+W\d+")
"""Full names of the stubs' weak-slot protocols (``arraytyping._AddW0`` ...; see ``stubgen.families``)."""


def invariant_slots(ctx: ClassDefContext) -> None:
    """Make the slot protocol's type variable invariant (called by mypy after each analysis of its bases)."""
    defn = ctx.cls
    variables = []
    for tv in defn.type_vars:
        if isinstance(tv, TypeVarType) and tv.variance != INVARIANT:
            tv = tv.copy_modified()
            tv.variance = INVARIANT
        variables.append(tv)
    defn.type_vars = variables
