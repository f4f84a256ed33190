"""What the stubs talk about: dtype classes, operand specs, what a type checker accepts where, and ``op_rules``'
exact answers over every pair of operand specs in one configuration.

An *operand spec* is one kind of operand a binary operation can meet: a strongly typed array of a dtype
(``Array[float32]``), a weakly typed array (``Array[float]``), a Python scalar (``2.0``), or a numpy scalar or array
of a dtype (``np.float32(1)``, ``NDArray[np.float32]``; numpy values are strongly typed, as in JAX).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Literal, TypeAlias

from arraytyping import lattice, op_rules
from arraytyping.lattice import LatticeConfig

__all__ = ["ABSTRACT", "CONCRETE", "NUMPY_TYPES", "PY_SPECS", "REJECTIONS", "Spec", "WARR_SPECS", "WEAK",
           "abstract_ancestors", "accepts", "all_specs", "arrays_of", "canonical_cls", "cls_of", "exact_table",
           "inhabited", "members", "node_of", "static_of", "taker"]

ABSTRACT: Final[Mapping[str, tuple[str | None, str]]] = MappingProxyType({
    "generic": (None, "biufc"), "number": ("generic", "iufc"), "integer": ("number", "iu"),
    "signedinteger": ("integer", "i"), "unsignedinteger": ("integer", "u"), "inexact": ("number", "fc"),
    "floating": ("inexact", "f"), "complexfloating": ("inexact", "c"),
})
"""Each abstract scalar class: its base, and the dtype kinds it stands for."""
_BASE_OF_KIND: Final[Mapping[str, str]] = MappingProxyType({
    "b": "generic", "u": "unsignedinteger", "i": "signedinteger", "f": "floating", "c": "complexfloating"})
WEAK: Final[tuple[str, ...]] = lattice.WEAK_NAMES
"""The weak types, written as the Python classes ``int``, ``float``, ``complex`` in ``Array[...]``."""

NUMPY_TYPES: Final[Mapping[str, str]] = MappingProxyType({
    "bool": "np.bool_", "uint8": "np.uint8", "uint16": "np.uint16", "uint32": "np.uint32", "uint64": "np.uint64",
    "int8": "np.int8", "int16": "np.int16", "int32": "np.int32", "int64": "np.int64", "float16": "np.float16",
    "float32": "np.float32", "float64": "np.float64", "complex64": "np.complex64", "complex128": "np.complex128",
})
"""numpy's own scalar types of the lattice's dtypes (the ml_dtypes ones have no static numpy type)."""

REJECTIONS: Final = (lattice.TypePromotionError, op_rules.OperandTypeError, op_rules.OperandValueError,
                     op_rules.OperandOverflowError, op_rules.OperandNotImplementedError)


def cls_of(name: str) -> str:
    """The static class of a dtype name or weak node (``bool`` is ``bool_``)."""
    return "bool_" if name == lattice.BOOL else name


def node_of(cls: str) -> str:
    return lattice.BOOL if cls == "bool_" else cls


CONCRETE: Final[tuple[str, ...]] = tuple(cls_of(n) for n in lattice.DTYPE_NAMES)
"""The 32 concrete scalar classes, in the lattice's order."""


def abstract_ancestors(cls: str) -> tuple[str, ...]:
    """The abstract classes ``cls`` derives from (itself first if it is abstract), nearest first."""
    out: list[str] = []
    c: str | None = cls if cls in ABSTRACT else _BASE_OF_KIND[lattice.KIND[node_of(cls)]]
    while c is not None:
        out.append(c)
        c = ABSTRACT[c][0]
    return tuple(out)


def canonical_cls(cls: str, cfg: LatticeConfig) -> str:
    return cls_of(lattice.canonical_name(node_of(cls), cfg.x64))


@functools.cache
def inhabited(cfg: LatticeConfig) -> tuple[str, ...]:
    """The concrete classes an array can have at run time in ``cfg`` (with x64 off, no 64-bit dtype exists: an
    ``Array[float64]`` annotation has no value)."""
    return tuple(c for c in CONCRETE if canonical_cls(c, cfg) == c)


def members(abstract: str, cfg: LatticeConfig) -> tuple[str, ...]:
    """The inhabited concrete classes an abstract class stands for."""
    kinds = ABSTRACT[abstract][1]
    return tuple(c for c in inhabited(cfg) if lattice.KIND[node_of(c)] in kinds)


def static_of(name: str, weak: bool) -> str:
    """The static class of a result: a weak result is the Python class of its kind; a weak bool is ``bool_`` (its
    weak flag changes no later result, which a test checks)."""
    if weak and name != lattice.BOOL:
        return {"i": "int", "u": "int", "f": "float", "c": "complex"}[lattice.KIND[name]]
    return cls_of(name)


def arrays_of(classes: Sequence[str] = lattice.WEAK_NAMES) -> str:
    """The union of the arrays of ``classes`` (default the weak ones, ``Array[int] | Array[float] |
    Array[complex]``): the ``self`` or operand of the first overload of a function whose rule gives those arrays
    another class than their own, ``Array[Any]``, before a generic overload on ``Array[DTypeT]`` (bound to a dtype
    class, so that an array of a caller's type variable that may be one of them is ``Array[Any]`` too)."""
    return " | ".join(f"Array[{c}]" for c in classes)


SpecKind: TypeAlias = Literal["arr", "warr", "py", "np"]
_TOWER: Final[Mapping[str, int]] = MappingProxyType({"bool": 0, "int": 1, "float": 2, "complex": 3})


@dataclass(frozen=True, slots=True)
class Spec:
    """One kind of operand: ``arr`` (strong array of a dtype), ``warr`` (weak array: ``int``, ``float``,
    ``complex``), ``py`` (Python scalar: ``bool``, ``int``, ``float``, ``complex``) or ``np`` (numpy scalar of a
    dtype; its annotation also takes numpy arrays of that dtype, which every operation but ``power`` and
    ``matmul`` treats alike: see :func:`numpy_scalar_sensitive`)."""

    kind: SpecKind
    name: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.name}"

    @property
    def operand(self) -> tuple[str, bool]:
        """``(dtype or weak node name, weak)``, as ``op_rules`` takes it."""
        if self.kind in ("py", "warr"):
            return self.name, self.name != "bool"
        return self.name, False

    @property
    def python_scalar(self) -> bool:
        return self.kind == "py"

    @property
    def annotation(self) -> str:
        if self.kind == "arr":
            return f"Array[{cls_of(self.name)}]"
        if self.kind == "warr":
            return f"Array[{self.name}]"
        if self.kind == "py":
            return self.name
        np_type = NUMPY_TYPES[self.name]
        return f"{np_type} | np.ndarray[Any, np.dtype[{np_type}]]"


WARR_SPECS: Final[tuple[Spec, ...]] = tuple(Spec("warr", w) for w in WEAK)
PY_SPECS: Final[tuple[Spec, ...]] = tuple(Spec("py", p) for p in _TOWER)
_ARR_SPECS: Final[tuple[Spec, ...]] = tuple(Spec("arr", n) for n in lattice.DTYPE_NAMES)
_NP_SPECS: Final[tuple[Spec, ...]] = tuple(Spec("np", n) for n in NUMPY_TYPES)


def all_specs() -> tuple[Spec, ...]:
    return _ARR_SPECS + WARR_SPECS + PY_SPECS + _NP_SPECS


def accepts(param: Spec, arg: Spec) -> bool:
    """Whether a checker takes an argument of spec ``arg`` for a parameter annotated with ``param``'s annotation:
    the same spec, or narrower on Python's numeric tower (``bool`` < ``int`` < ``float`` < ``complex``, also inside
    the covariant ``Array``); numpy's ``float64`` and ``complex128`` subclass Python's ``float`` and ``complex``."""
    kind = param.kind  # the fields compared directly: the stub generator asks this millions of times
    if kind != arg.kind:
        return kind == "py" and arg.kind == "np" and (arg.name, param.name) in _NUMPY_IN_PYTHON
    if param.name == arg.name:
        return True
    return kind in ("py", "warr") and _TOWER[arg.name] <= _TOWER[param.name]


_NUMPY_IN_PYTHON: Final = frozenset({("float64", "float"), ("float64", "complex"), ("complex128", "complex")})
"""``(numpy scalar, Python scalar)``: the numpy classes numpy declares subclasses of Python's."""


def taker(params: Sequence[Spec]) -> Callable[[Spec], bool]:
    """Whether a checker takes an argument for a parameter annotated with the union of ``params``
    (:func:`accepts`), remembered per argument: the generators simulate the same overloads millions of times."""
    memo: dict[Spec, bool] = {}

    def takes(arg: Spec) -> bool:
        known = memo.get(arg)
        if known is None:
            known = memo[arg] = any(accepts(p, arg) for p in params)
        return known
    return takes


Table: TypeAlias = Mapping[tuple[Spec, Spec], "str | None"]


@functools.cache
def numpy_scalar_sensitive(op: str, cfg: LatticeConfig) -> bool:
    """Whether ``op`` answers differently for a numpy scalar and a numpy array of the same dtype (``power``: a
    numpy integer scalar is a concrete exponent; ``matmul``: a scalar is 0-d). The stubs then declare numpy
    scalars alone in the typed overloads, and take numpy arrays gradually. A product (``op_rules.CONTRACTION``)
    takes a numpy scalar as the 0-d array it is: never."""
    if op in op_rules.CONTRACTION:
        return False
    for a in all_specs():
        for b in _NP_SPECS:
            for x, y in ((a, b), (b, a)):
                answers: set[tuple[str, bool] | None] = set()
                for flags in ([x.kind == "np", y.kind == "np"], [False, False]):
                    try:
                        answers.add(op_rules.binary_result(op, [x.operand, y.operand], cfg,
                                                           python_scalars=[x.python_scalar, y.python_scalar],
                                                           numpy_scalars=flags))
                    except REJECTIONS:
                        answers.add(None)
                if len(answers) > 1:
                    return True
    return False


@functools.cache
def exact_table(op: str, cfg: LatticeConfig) -> Table:
    """``op_rules``' answer for every pair of operand specs: the result's static class, or None where it raises.
    ``op`` is a binary operation or function, or a product of two operands (``op_rules.CONTRACTION``: ``vdot``,
    ``outer``, ``einsum``...; its answer for any shapes, ``"Any"`` where their shapes decide)."""
    out: dict[tuple[Spec, Spec], str | None] = {}
    for a in all_specs():
        for b in all_specs():
            try:
                if op in op_rules.CONTRACTION:
                    product = op_rules.contraction_static_result(op, [a.operand, b.operand], cfg)
                    if product is None:
                        out[a, b] = "Any"
                        continue
                    name, weak = product
                else:
                    name, weak = op_rules.binary_result(op, [a.operand, b.operand], cfg,
                                                        python_scalars=[a.python_scalar, b.python_scalar],
                                                        numpy_scalars=[a.kind == "np", b.kind == "np"])
            except REJECTIONS:
                out[a, b] = None
            else:
                out[a, b] = static_of(name, weak)
    return MappingProxyType(out)
