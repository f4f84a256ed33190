"""The overloads of one binary operation, as an ``Array`` operator (forward or reflected) or an
``arraytyping.numpy`` function, and what a type checker answers with them.

Every overload is built with the answer it gives each pair of concrete operand specs (``sim``), so that the
generator knows what the stubs say without running a checker: :func:`simulate` picks the first overload that
matches, as every checker does. Overloads, in order:

1. ``Any`` first: an ``Array[Any]`` (or ``Any``, or an ``NDArray[Any]``) operand is assignable to ``Array[Never]``
   (``np.dtype[Never]``...) and a concrete one is not, so a leading ``Array[Never]`` overload answers ``Array[Any]``
   for them, where a checker would otherwise take the first overload the ``Any`` fits;
2. numpy operands that a Python scalar annotation takes (``np.float64`` subclasses ``float``, ``np.complex128``
   ``complex``), before every overload that names a Python scalar type;
3. the common cases: a strong array with a weak operand, strong with strong (see :mod:`.families`);
4. generic code: the abstract classes that keep their dtype (``Array[T] op Array[T]`` is ``Array[T]``, through the
   receiver's own type argument, so a checker never solves a type variable to a union of two dtypes); then weak
   with weak, and the other numpy operands (no earlier overload takes them);
5. gradual fallbacks (``Array[Any]``), each accepting only what no inhabited operand refuses, so that a refused
   concrete pair never reaches one and a type variable's instantiation could never be refused either; an abstract
   operand's fallback also takes the weak arrays that nothing refuses with the other operand, for the package's
   aliases (``FloatArray`` is ``Array[float | floating]``, see :func:`_abstract_gradual`).

The order of 2-4 is also a matter of speed: a checker tries overloads in order and re-evaluates a call's arguments
for each one it tries (pyright infers a nested call again with each overload's parameter type as context), so
``anp.minimum(anp.maximum(x + d, 0.0), 1.0)`` costs the product of the failed attempts at each level; the common
cases come early. :func:`simulate` checks that the order changes no answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from arraytyping import lattice
from arraytyping._src.stubgen import marker_sets, specs
from arraytyping._src.stubgen.families import NP_ORDER, WEAK_ORDER, Family, Model, Side
from arraytyping._src.stubgen.specs import Spec

__all__ = ["ANY_NUMPY", "KeepVars", "Ov", "function_overloads", "method_overloads", "simulate", "top_level"]

Sim = Callable[[Spec, Spec], "str | None"]
"""The answer an overload gives a pair of concrete operand specs, or None where it does not match them."""


def _never(a: Spec, b: Spec) -> str | None:
    return None


@dataclass(frozen=True)
class Ov:
    """One overload: the annotations of the left and right operands (``None``: an unannotated ``self``), the
    result's dtype annotation, and its answers."""

    left: str | None
    right: str
    result: str
    sim: Sim = _never


ANY_NUMPY: Final = "np.ndarray[Any, np.dtype[Never]] | np.number[Never]"
"""The numpy operands whose dtype is ``Any`` (``NDArray[Any]``, ``np.floating[Any]``), caught before the typed
numpy overloads (which they would all match)."""
_OPERAND: Final = "Array[Any] | _PyScalar | _NumpyOperand"
_WEAK_ARRAYS: Final = "Array[int] | Array[float] | Array[complex]"
_ARR: Final = tuple(s for s in specs.all_specs() if s.kind == "arr")
_NP: Final = tuple(s for s in specs.all_specs() if s.kind == "np")


def _concrete(s: Spec) -> str | None:
    return specs.cls_of(s.name) if s.kind == "arr" else None


class KeepVars:
    """The type variables of the functions' keep overloads, one per bound (a union of dtype classes or of abstract
    classes' markers); collected while overloads are built, declared once in the stub."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def var(self, bound: str) -> str:
        """The variable of ``bound``, named for the classes it admits (``FloatingDType``, ``InexactDType2``): the
        name a hover and an error message show (``def sqrt(x: Array[InexactDType@sqrt]) -> ...``)."""
        if bound not in self.names:
            base = keep_var_name(bound)
            taken = set(self.names.values())
            name, n = base, 1
            while name in taken:
                n += 1
                name = f"{base}{n}"
            self.names[bound] = name
        return self.names[bound]

    def declarations(self) -> list[str]:
        return [f'{v} = TypeVar("{v}", bound={bound})' for bound, v in self.names.items()]


_KIND_WORD: Final = {"b": "Bool", "i": "SignedInteger", "u": "UnsignedInteger", "f": "Floating",
                     "c": "ComplexFloating"}
_WEAK_KIND: Final = {"int": "i", "float": "f", "complex": "c"}
_COVERS: Final = (("biufc", "Any"), ("iufc", "Number"), ("iu", "Integer"), ("fc", "Inexact"))


def keep_var_name(bound: str) -> str:
    """A readable name for a type variable bounded by ``bound`` (a marker protocol ``_IsInexact_Floating...``, or a
    union of dtype classes): the kinds of dtype it admits, in JAX's abstract class names, widest first and
    ``Or``-joined, then ``DType`` (``InexactDType``, ``BoolOrIntegerDType``). A union narrower than its kinds
    (``float16 | float32``) is named for them (``FloatingDType``); the bound itself says which."""
    kinds: set[str] = set()
    if bound.startswith("_Is"):
        for word in bound[3:].split("_"):
            kinds.update(specs.ABSTRACT[word.lower()][1])
    else:
        for item in (t.strip() for t in bound.split("|")):
            if item in _WEAK_KIND:
                kinds.add(_WEAK_KIND[item])
            elif item in specs.CONCRETE:
                kinds.add(lattice.KIND[specs.node_of(item)])
    words: list[tuple[int, str]] = []  # (the position of its first kind in "biufc", the word)
    for group, word in _COVERS:
        if set(group) <= kinds:
            words.append(("biufc".index(group[0]), word))
            kinds -= set(group)
    words += [("biufc".index(k), _KIND_WORD[k]) for k in kinds]
    return "Or".join(w for _, w in sorted(words)) + "DType" if words else "SomeDType"


def markers(classes: Iterable[str]) -> str:
    """The marker protocol of a set of abstract classes (:mod:`.marker_sets`): ``_IsInexact_Floating``."""
    return marker_sets.name(classes)


def _group(items: Sequence[Spec], key: Callable[[Spec], object]) -> list[tuple[list[Spec], object]]:
    """Adjacent items with the same key, grouped (order kept)."""
    out: list[tuple[list[Spec], object]] = []
    for it in items:
        k = key(it)
        if out and out[-1][1] == k:
            out[-1][0].append(it)
        else:
            out.append(([it], k))
    return out


def _ann(group: Iterable[Spec]) -> str:
    return " | ".join(s.annotation for s in group)


def _weak_weak(fam: Family, lefts: Sequence[Spec], rights: Sequence[Spec]) -> list[tuple[Spec, Spec, str]]:
    """The explicit weak-with-weak overloads, pruned: one goes when the first-match answers of the others are the
    same on every pair of weak specs."""
    cands = [(a, b, r) for a in lefts for b in rights if (r := fam.result(a, b)) is not None]

    def answers(ovs: list[tuple[Spec, Spec, str]]) -> dict[tuple[Spec, Spec], str | None]:
        return {(a, b): next((r for pa, pb, r in ovs if specs.accepts(pa, a) and specs.accepts(pb, b)), None)
                for a in lefts for b in rights}

    want = answers(cands)
    for ov in reversed(list(cands)):
        trial = [c for c in cands if c is not ov]
        if answers(trial) == want:
            cands = trial
    return cands


def _fixed(pa: Sequence[Spec], pb: Sequence[Spec], result: str) -> Sim:
    """An overload on explicit specs: it takes what a checker takes for one of them (see :func:`specs.accepts`)."""
    takes_a, takes_b = specs.taker(pa), specs.taker(pb)

    def sim(a: Spec, b: Spec) -> str | None:
        return result if takes_a(a) and takes_b(b) else None
    return sim


def _same_array(a: Spec, b: Spec) -> str | None:
    """``(self, other: Array[DTypeT_co])``: the right operand an array of the receiver's dtype (or narrower on the
    numeric tower, for weak arrays)."""
    return "Any" if a.kind in ("arr", "warr") and b.kind == a.kind and specs.accepts(a, b) else None


def _same_array_where_accepted(fam: Family) -> tuple[str, Sim] | None:
    """The classes an operation that refuses some dtype with itself (``//`` of complex arrays, ``^`` of float ones)
    takes with themselves, joined as one union (``int32 | float32 | ...``), and what an overload taking exactly an
    array of them with another of its dtype answers (``Any``); ``None`` when there are none. Such an operation has no
    :func:`_same_array` catch-all, so without this an array of a constrained type variable with itself (``x // x``
    for ``x: Array[C]``, ``C = TypeVar("C", int32, float32)``), which pyright, pyrefly and ty match as one type,
    neither a concrete class nor an abstract one, would be an error. A spec counts only if every spec it admits
    (``float`` admits ``int``) is taken with itself. Methods take it as ``(self: Array[<union>], other:
    Array[DTypeT_co])``, functions as ``(x1: _Same[_K], x2: _Same[_K])`` with ``_K`` bound to the union."""
    arrays = _ARR + specs.WARR_SPECS
    ok = [s for s in arrays
          if all(fam.table.get((t, t)) is not None for t in arrays if specs.accepts(s, t))]
    if not ok:
        return None
    takes = specs.taker(ok)

    def sim(a: Spec, b: Spec) -> str | None:
        return _same_array(a, b) if takes(a) else None
    return " | ".join(specs.cls_of(s.name) if s.kind == "arr" else s.name for s in ok), sim


def _slot(fam: Family, k: int, weak: Sequence[Spec], side: Side) -> Sim:
    """A strong array (the other side) with a weak operand of ``weak`` on ``side``, answered by slot ``k``."""
    def sim(a: Spec, b: Spec) -> str | None:
        strong, w = (b, a) if side == "L" else (a, b)
        c = _concrete(strong)
        if c is None or not any(specs.accepts(p, w) for p in weak):
            return None
        return fam.slots[k][specs.CONCRETE.index(c)]
    return sim


def _weak_array_with_strong(fam: Family, w: Spec, side: Side) -> Sim:
    """A weak array ``w`` on ``side`` with a strong array, answered by the strong class's slot of ``w``."""
    k = fam.slot_of[w, side]

    def sim(a: Spec, b: Spec) -> str | None:
        weak, strong = (a, b) if side == "L" else (b, a)
        c = _concrete(strong)
        if c is None or not specs.accepts(w, weak):
            return None
        return fam.slots[k][specs.CONCRETE.index(c)]
    return sim


def _strong_up(fam: Family) -> Sim:
    def sim(a: Spec, b: Spec) -> str | None:
        ca, cb = _concrete(a), _concrete(b)
        return ca if ca is not None and cb is not None and ca in fam.up[cb] else None
    return sim


def _strong_rule(fam: Family, i: int) -> Sim:
    def sim(a: Spec, b: Spec) -> str | None:
        ca, cb = _concrete(a), _concrete(b)
        if ca is None or cb is None or i >= len(fam.rules[cb]):
            return None
        r, lefts = fam.rules[cb][i]
        return r if ca in lefts else None
    return sim


def _protos(fam: Family, side: Side, kinds: Sequence[Spec] = WEAK_ORDER) -> list[tuple[int, list[Spec]]]:
    """The slots of ``side`` for operand ``kinds`` in overload order, adjacent specs with one slot together, empty
    slots left out."""
    out: list[tuple[int, list[Spec]]] = []
    for group, k in _group(kinds, lambda w: fam.slot_of[w, side]):
        assert isinstance(k, int)
        if any(v is not None for v in fam.slots[k]):
            out.append((k, group))
    return out


def _keep_groups(fam: Family, side: Side) -> list[tuple[list[Spec], tuple[str, ...]]]:
    """Weak operand kinds with the abstract classes that keep their dtype with them, adjacent kinds with the same
    classes together."""
    out: list[tuple[list[Spec], tuple[str, ...]]] = []
    for group, classes in _group(WEAK_ORDER, lambda w: fam.keep_classes(w, side)):
        assert isinstance(classes, tuple)
        if classes:
            out.append((group, classes))  # pyright: ignore[reportUnknownArgumentType]
    return out


def _unrefused(fam: Family, side: Side) -> list[Spec]:
    """The weak operand kinds that no inhabited array refuses on ``side``."""
    return [w for w in WEAK_ORDER if not fam.refuses_any(w, side)]



def _abstract_gradual(ovs: Sequence[Ov], side: Side, others: Sequence[Spec], others_ann: str) -> list[
        tuple[str, str, Sim]]:
    """Gradual overloads for an abstract array (``Array[floating]``, a type variable's bound) with an operand of
    ``others`` on ``side``: (the abstract operand's annotation, the other's, the answers), answering ``Any``.

    The package's aliases mix an abstract class with a weak one (``FloatArray`` is ``Array[float | floating]``), so
    the abstract operand's annotation also takes the weak arrays that no earlier overload leaves unanswered: the
    first overload takes every operand of ``others`` with the weak arrays that all of them meet; then one per
    weak array that some operand refuses (``Array[float]`` with ``Array[int4]``), taking only the operands that
    none of the weak arrays its annotation takes (``Array[float]`` takes ``Array[int]``) refuses, and abstract
    arrays. No answer for a pair of concrete operands changes."""
    def answered(v: Spec, o: Spec) -> bool:
        return simulate(ovs, *((v, o) if side == "R" else (o, v))) is not None

    def taken(p: Spec, pool: Sequence[Spec]) -> list[Spec]:
        return [x for x in pool if specs.accepts(p, x)]

    def oriented(mine: Sequence[Spec], theirs: Sequence[Spec]) -> Sim:
        return _fixed(mine, theirs, "Any") if side == "R" else _fixed(theirs, mine, "Any")

    everything = specs.all_specs()
    full = [w for w in specs.WARR_SPECS if all(answered(v, o) for v in taken(w, everything) for o in others)]
    out = [(_array_of(["_Abstract", *(w.name for w in full)]), others_ann, oriented(full, others))]
    for w in specs.WARR_SPECS:
        if w in full:
            continue
        mine = taken(w, everything)
        partners = [o for o in others if all(answered(v, x) for v in mine for x in taken(o, everything))]
        if partners:
            out.append((_array_of(["_Abstract", w.name]), _annotation_of(partners), oriented([w], partners)))
    return out


def _array_of(dtypes: Sequence[str]) -> str:
    return f"Array[{' | '.join(dtypes)}]"


def _annotation_of(group: Sequence[Spec]) -> str:
    """One annotation that takes abstract arrays and exactly the specs of ``group`` (closed under what an annotation
    takes): its arrays as one ``Array[...]`` of a union, then its Python scalars and numpy values."""
    arrays = [specs.cls_of(s.name) if s.kind == "arr" else s.name for s in group if s.kind in ("arr", "warr")]
    out = [_array_of(["_Abstract", *arrays])]
    for kind, every, alias in (("py", specs.PY_SPECS, "_PyScalar"), ("np", _NP, "_NumpyOperand")):
        mine = [s for s in group if s.kind == kind]
        out += [alias] if len(mine) == len(every) else [s.annotation for s in mine]
    return " | ".join(out)


def method_overloads(m: Model, op: str, *, reflected: bool = False) -> list[Ov]:
    """The overloads of ``op`` as an ``Array`` operator: ``self`` is the left operand, or the right one when
    ``reflected`` (the left one is then a Python scalar or a numpy value, whose own operator gave up).

    With shapes, an abstract array keeps its dtype with a Python scalar (``Array[F, ShapeT] * 2.0`` is ``Array[F,
    ShapeT]``) but not with a weak array (``Array[F] * anp.asarray(2.0)`` is ``Array[Any]``, from the gradual
    overloads): where the overload would be split in two (:func:`.emit_array.method_lines`), its array half would be
    one more overload whose ``self`` is a marker protocol, which pyright binds on every use of the operator, whatever
    its operands (about a twentieth of its time on the operators corpus: ``benchmarks/README.md``)."""
    fam, fixed = m.family_of[op]
    arrays_only = op in m.arrays_only
    out = [Ov("Array[Never]", "object", "Any"), Ov(None, f"Array[Never] | {ANY_NUMPY}", "Any")]
    side: Side = "L" if reflected else "R"
    late: list[Ov] = []  # numpy operands that no Python scalar annotation takes: after the common overloads
    for k, group in _protos(fam, side, NP_ORDER):
        (out if _is_python_subclass(group) else late).append(
            Ov(f"Array[_{fam.cap}W{k}[R]]", _ann(group), "R", _slot(fam, k, group, side)))
    if reflected:
        out.append(Ov(_WEAK_ARRAYS, "_NumpyOperand", "Any", _fixed(_NP, specs.WARR_SPECS, "Any")))
        if not arrays_only:
            for a, b, r in _weak_weak(fam, specs.PY_SPECS, specs.WARR_SPECS):
                out.append(Ov(b.annotation, a.annotation, r, _fixed([a], [b], r)))
            for py in specs.PY_SPECS:
                k = fam.slot_of[py, "L"]
                if any(v is not None for v in fam.slots[k]):
                    out.append(Ov(f"Array[_{fam.cap}W{k}[R]]", py.annotation, "R", _slot(fam, k, [py], "L")))
            if _keep_groups(fam, "L"):
                out.append(Ov("Array[_Abstract]", _NUMPY_PYTHON_SUBCLASSES, "Any"))
            for group, classes in _keep_groups(fam, "L"):
                py_group = [w for w in group if w.kind == "py"]
                if py_group:
                    out.append(Ov(f"Array[{markers(classes)}]", _ann(py_group), "DTypeT_co"))
        out += late
        out += [Ov(mine, theirs, "Any", sim) for mine, theirs, sim in
                _abstract_gradual(out, "L", specs.PY_SPECS + _NP, "_PyScalar | _NumpyOperand")]
        if not arrays_only:
            py_ok = [w for w in _unrefused(fam, "L") if w.kind == "py"]
            if py_ok:
                out.append(Ov(None, _ann(py_ok), "Any", _fixed(py_ok, _ARR + specs.WARR_SPECS, "Any")))
        return _numpy_arrays_gradual(m, op, _finish(out, fixed, arrays_only, reflected=True), function=False)
    weak_arrays = [w for w in WEAK_ORDER if w.kind == "warr"]
    # a weak array with a numpy value: gradual, and before the weak overloads, which would take np.float64 as a
    # (weak) Python float
    out.append(Ov(_WEAK_ARRAYS, "_NumpyOperand", "Any", _fixed(weak_arrays, _NP, "Any")))
    for a, b, r in _weak_weak(fam, weak_arrays, WEAK_ORDER):
        out.append(Ov(a.annotation, b.annotation, r, _fixed([a], [b], r)))
    for w in weak_arrays:
        k = fam.slot_of[w, "L"]
        if any(v is not None for v in fam.slots[k]):
            out.append(Ov(w.annotation, f"Array[_{fam.cap}W{k}[R]]", "R", _weak_array_with_strong(fam, w, "L")))
    for k, group in _protos(fam, "R"):
        out.append(Ov(f"Array[_{fam.cap}W{k}[R]]", _ann(group), "R", _slot(fam, k, group, "R")))
    out += late
    out.append(Ov(None, f"Array[_{fam.cap}Up[DTypeT_co]]", "DTypeT_co", _strong_up(fam)))
    for i in range(fam.n_rules):
        out.append(Ov(None, f"Array[_{fam.cap}R{i}[DTypeT_co, R]]", "R", _strong_rule(fam, i)))
    keep = fam.keep_classes(None)
    if keep:
        out.append(Ov(f"Array[{markers(keep)}]", "Array[DTypeT_co]", "DTypeT_co"))
    if _keep_groups(fam, "R"):
        out.append(Ov("Array[_Abstract]", _NUMPY_PYTHON_SUBCLASSES, "Any"))
    for group, classes in _keep_groups(fam, "R"):
        split = m.shapes and not arrays_only and any(w.kind == "py" for w in group)
        out.append(Ov(f"Array[{markers(classes)}]", _ann([w for w in group if w.kind != "warr"] if split else group),
                      "DTypeT_co"))
    arrays = _ARR + specs.WARR_SPECS
    out += ([Ov(mine, theirs, "Any", sim) for mine, theirs, sim in
             _abstract_gradual(out, "R", specs.all_specs(), _OPERAND)]
            + [Ov(None if theirs == "Array[Any]" else theirs, mine, "Any", sim) for mine, theirs, sim in
               _abstract_gradual(out, "L", arrays, "Array[Any]")])
    if not fam.refuses_any(None):
        out.append(Ov(None, "Array[DTypeT_co]", "Any", _same_array))
    elif same := _same_array_where_accepted(fam):
        union, same_sim = same
        out.append(Ov(f"Array[{union}]", "Array[DTypeT_co]", "Any", same_sim))
    unrefused = _unrefused(fam, "R")
    if unrefused:
        out.append(Ov(None, _ann(unrefused), "Any", _fixed(_ARR + specs.WARR_SPECS, unrefused, "Any")))
    return _numpy_arrays_gradual(m, op, _finish(out, fixed, arrays_only), function=False)


_SLOT_RESULT: Final = re.compile(r"(_\w+W\d+)\[R\]")


def _with_gradual_twin(ov: Ov) -> list[Ov]:
    """A function's overload of a strong array with a weak operand or a numpy value, answered by the array's slot
    (``x1: Array[_AddW1[R]], x2: int | Array[int]``), and after it the same operands answering ``Array[Any]``,
    which a call never reaches unless the checker has taken the slot's ``R`` from elsewhere: mypy infers a call in
    an argument of another overloaded call with that overload's parameter as context first (``Array[float]``, for a
    weak float), solves ``R`` to it, and so refused this overload for ``anp.remainder(x_i32, 2)`` and took the
    weak float's, which a Python int meets too (an ``int`` is a ``float`` to a type checker): ``x_u8 +
    anp.remainder(x_i32, 2)`` was ``Array[float]``. The twin makes such a call ``Array[Any]`` there; a call
    outside any context (and in pyright, pyrefly and ty) still takes the slot."""
    twin = Ov(None if ov.left is None else _SLOT_RESULT.sub(r"\1[Any]", ov.left), _SLOT_RESULT.sub(r"\1[Any]", ov.right),
              "Any")
    assert twin.left != ov.left or twin.right != ov.right, ov
    return [ov, twin]


def function_overloads(m: Model, op: str, keep_vars: KeepVars) -> list[Ov]:
    """The overloads of ``op`` as an ``arraytyping.numpy`` function of two operands ``(x1, x2)``."""
    fam, fixed = m.family_of[op]
    arrays_only = op in m.arrays_only
    out = [Ov(f"Array[Never] | {ANY_NUMPY}", "object", "Any"), Ov("object", f"Array[Never] | {ANY_NUMPY}", "Any")]
    numpy_overloads = {side: [(k, group, _is_python_subclass(group)) for k, group in _protos(fam, side, NP_ORDER)]
                       for side in ("L", "R")}
    late: list[Ov] = []
    for k, group, early in numpy_overloads["R"]:
        (out if early else late).extend(_with_gradual_twin(Ov(f"Array[_{fam.cap}W{k}[R]]", _ann(group), "R",
                                                              _slot(fam, k, group, "R"))))
    for k, group, early in numpy_overloads["L"]:
        (out if early else late).extend(_with_gradual_twin(Ov(_ann(group), f"Array[_{fam.cap}W{k}[R]]", "R",
                                                              _slot(fam, k, group, "L"))))
    out += [Ov(f"{_WEAK_ARRAYS} | _NumpyOperand | _PyScalar", "_NumpyOperand", "Any",
               _fixed([*specs.WARR_SPECS, *_NP, *specs.PY_SPECS], _NP, "Any")),
            Ov("_NumpyOperand", f"{_WEAK_ARRAYS} | _PyScalar", "Any",
               _fixed(_NP, [*specs.WARR_SPECS, *specs.PY_SPECS], "Any"))]
    for k, group in _protos(fam, "R"):
        out += _with_gradual_twin(Ov(f"Array[_{fam.cap}W{k}[R]]", _ann(group), "R", _slot(fam, k, group, "R")))
    for k, group in _protos(fam, "L"):
        out += _with_gradual_twin(Ov(_ann(group), f"Array[_{fam.cap}W{k}[R]]", "R", _slot(fam, k, group, "L")))
    out.append(Ov("Array[T]", f"Array[_{fam.cap}Up[T]]", "T", _strong_up(fam)))
    for i in range(fam.n_rules):
        out.append(Ov("Array[T]", f"Array[_{fam.cap}R{i}[T, R]]", "R", _strong_rule(fam, i)))
    keep = fam.keep_classes(None)
    if keep:
        v = keep_vars.var(markers(keep))
        out.append(Ov(f"_Same[{v}]", f"_Same[{v}]", v))
    if _keep_groups(fam, "R") or _keep_groups(fam, "L"):
        out += [Ov("Array[_Abstract]", _NUMPY_PYTHON_SUBCLASSES, "Any"),
                Ov(_NUMPY_PYTHON_SUBCLASSES, "Array[_Abstract]", "Any")]
    for group, classes in _keep_groups(fam, "R"):
        v = keep_vars.var(markers(classes))
        out.append(Ov(f"Array[{v}]", _ann(group), v))
    for group, classes in _keep_groups(fam, "L"):
        v = keep_vars.var(markers(classes))
        out.append(Ov(_ann(group), f"Array[{v}]", v))
    for a, b, r in _weak_weak(fam, WEAK_ORDER, WEAK_ORDER):
        out.append(Ov(a.annotation, b.annotation, r, _fixed([a], [b], r)))
    out += late
    out += ([Ov(mine, theirs, "Any", sim) for mine, theirs, sim in
             _abstract_gradual(out, "R", specs.all_specs(), _OPERAND)]
            + [Ov(theirs, mine, "Any", sim) for mine, theirs, sim in
               _abstract_gradual(out, "L", specs.all_specs(), _OPERAND)])
    if not fam.refuses_any(None):
        out.append(Ov("_Same[T]", "_Same[T]", "Any", lambda a, b: "Any" if a == b and a.kind in ("arr", "warr")
                      else None))
    elif same := _same_array_where_accepted(fam):
        union, same_sim = same
        v = keep_vars.var(union)

        def same_dtype(a: Spec, b: Spec) -> str | None:
            return same_sim(a, b) if a == b else None
        out.append(Ov(f"_Same[{v}]", f"_Same[{v}]", "Any", same_dtype))
    right_ok, left_ok = _unrefused(fam, "R"), _unrefused(fam, "L")
    arrays = _ARR + specs.WARR_SPECS
    if right_ok:
        out.append(Ov("Array[Any]", _ann(right_ok), "Any", _fixed(arrays, right_ok, "Any")))
    if left_ok:
        out.append(Ov(_ann(left_ok), "Array[Any]", "Any", _fixed(left_ok, arrays, "Any")))
    return _numpy_arrays_gradual(m, op, _finish(out, fixed, arrays_only), function=True)


_NUMPY_PYTHON_SUBCLASSES: Final = "np.float64 | np.complex128"
"""The numpy scalars a Python scalar annotation takes: an abstract array with one gets ``Any`` before the overloads
that keep an abstract dtype with a weak Python scalar (``Array[T] * 2.0`` is ``Array[T]``; ``Array[T] *
np.float64(2)`` depends on ``T``: a strong float64 promotes a bfloat16 to float32)."""
_PYTHON_SUBCLASSES: Final = frozenset({"float64", "complex128"})
"""numpy scalar classes that subclass a Python scalar type (``np.float64`` is a ``float``)."""


def _is_python_subclass(group: Iterable[Spec]) -> bool:
    """Whether a group of numpy specs holds one that a Python scalar annotation takes: its overload must come before
    every overload that names a Python scalar type; the others may come after the common ones."""
    return any(s.kind == "np" and s.name in _PYTHON_SUBCLASSES for s in group)


_PY_PARTS: Final = frozenset(s.annotation for s in specs.PY_SPECS) | {"_PyScalar"}


def _finish(ovs: list[Ov], fixed: str | None, arrays_only: bool, *, reflected: bool = False) -> list[Ov]:
    """Fix the result (comparisons answer ``bool_``) and, for an operation that takes no Python scalar, take the
    Python scalar types out of every annotation (an overload left with none goes). A reflected operator's
    annotations are (self, other), its simulation's operands (other, self)."""
    out: list[Ov] = []
    for ov in ovs:
        left, right, result, sim = ov.left, ov.right, ov.result, ov.sim
        if fixed is not None:  # a comparison gives bool whatever its operands, when it gives anything
            result = fixed
            sim = _fixed_result(ov.sim, fixed)
        if arrays_only:
            stripped = [_strip_python(x) for x in (left, right)]
            if stripped[0] == "" or stripped[1] == "":
                continue
            left, right = stripped[0], stripped[1] or right
            np_self, np_other = _names_numpy(left or ""), _names_numpy(right)
            sim = _no_python(sim, numpy_left=np_other if reflected else np_self,
                             numpy_right=np_self if reflected else np_other)
        out.append(Ov(left, right, result, sim))
    return out


_NP_ARRAY_PART: Final = re.compile(r" \| np\.ndarray\[Any, np\.dtype\[np\.\w+\]\]")


def _numpy_arrays_gradual(m: Model, op: str, ovs: list[Ov], *, function: bool) -> list[Ov]:
    """For an operation that answers differently for a numpy scalar and a numpy array of its dtype (``power``,
    ``matmul``): the typed overloads take numpy scalars alone (what the specs simulate), and numpy arrays go to
    a gradual overload just after the ``Never`` catchers."""
    if not specs.numpy_scalar_sensitive(op, m.cfg):
        return ovs
    out = [Ov(None if o.left is None else _NP_ARRAY_PART.sub("", o.left), _NP_ARRAY_PART.sub("", o.right), o.result,
              o.sim) for o in ovs]
    catch = ([Ov("np.ndarray[Any, Any]", "object", "Any"), Ov("object", "np.ndarray[Any, Any]", "Any")] if function
             else [Ov(None, "np.ndarray[Any, Any]", "Any")])
    return out[:2] + catch + out[2:]


def _names_numpy(ann: str) -> bool:
    """Whether an annotation takes numpy values (by name or through the ``_NumpyOperand`` alias)."""
    return "np." in ann or "_NumpyOperand" in ann


def _strip_python(ann: str | None) -> str | None:
    if ann is None:
        return None
    parts = [p for p in top_level(ann) if p not in _PY_PARTS]
    return " | ".join(parts)


def top_level(ann: str) -> list[str]:
    """The members of a union annotation, not splitting inside brackets (``Array[_Abstract | int] | float``)."""
    parts: list[str] = []
    depth = start = 0
    for i, ch in enumerate(ann):
        depth += (ch == "[") - (ch == "]")
        if depth == 0 and ann.startswith(" | ", i):
            parts.append(ann[start:i])
            start = i + 3
    return [*parts, ann[start:]]


def _fixed_result(sim: Sim, fixed: str) -> Sim:
    def out(a: Spec, b: Spec) -> str | None:
        return fixed if sim(a, b) is not None else None
    return out


def _no_python(sim: Sim, *, numpy_left: bool, numpy_right: bool) -> Sim:
    """``sim`` with the Python scalar types gone from the annotations: no Python scalar matches, and a numpy value
    (``np.float64`` subclasses ``float``) only a side that still names numpy types."""
    def out(a: Spec, b: Spec) -> str | None:
        if a.python_scalar or b.python_scalar or (a.kind == "np" and not numpy_left) or (
                b.kind == "np" and not numpy_right):
            return None
        return sim(a, b)
    return out


def simulate(ovs: Sequence[Ov], a: Spec, b: Spec) -> str | None:
    """What a checker answers for left spec ``a`` and right spec ``b`` with these overloads (the first match): a
    static class, ``"Any"`` (a gradual fallback), or None (no overload matches: an error)."""
    for ov in ovs:
        r = ov.sim(a, b)
        if r is not None:
            return r
    return None


def static_answer(m: Model, op: str, a: Spec, b: Spec, *, function: bool) -> str | None:
    """What the stubs answer for ``op`` on the concrete operand specs ``a``, ``b``: as an operator (a Python scalar
    or numpy value on the left goes to the right operand's reflected operator) or as a function."""
    form = "function" if function else "reflected" if a.kind in ("py", "np") else "method"
    key = (op, form)
    cache = m.overload_cache
    if key not in cache:
        cache[key] = (function_overloads(m, op, KeepVars()) if function
                      else method_overloads(m, op, reflected=form == "reflected"))
    return simulate(cache[key], a, b)
