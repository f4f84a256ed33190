"""The rules the plugin answers with: ``arraytyping/lattice.py`` and ``op_rules.py`` of the installed package, loaded
from their files (standard library only: no numpy, no XLA), applied to *dtype sets* in one configuration.

A dtype set is what one operand may be at run time: one static class (``float32``, or ``int``/``float``/
``complex`` for a weakly typed array, ``py:int`` for a Python scalar...), the members of a union, the inhabited
members of an abstract class, or the instantiations of a type variable (then it carries the variable, so that an
answer that is always the instantiation itself is the variable).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Final

__all__ = ["ABSTRACT", "L", "OR", "REJECTIONS", "SR", "Answer", "DtypeSet", "Member", "Rules", "describe", "load_rules",
           "static_of"]


def _package_dir() -> Path:
    spec = importlib.util.find_spec("arraytyping")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("arraytyping_mypy needs the arraytyping package installed")
    for loc in spec.submodule_search_locations:
        if (Path(loc) / "op_rules.py").exists():
            return Path(loc)
    raise ImportError("arraytyping/lattice.py and op_rules.py not found")


def load_rules() -> tuple[ModuleType, ModuleType]:
    """``arraytyping/lattice.py`` and ``arraytyping/op_rules.py`` of the installed package, executed on their own
    by the package's own ``_src/dtypes/rules_by_path.py``."""
    lattice, op_rules = _loader().load_rules(_package_dir(), "_arraytyping_mypy")
    return lattice, op_rules


def load_shape_rules() -> ModuleType:
    """``arraytyping/shape_rules.py`` of the installed package, loaded as :func:`load_rules` loads the others."""
    return _loader().load_shape_rules(_package_dir(), "_arraytyping_mypy")  # type: ignore[no-any-return]


def _loader() -> ModuleType:
    """The installed package's ``_src/dtypes/rules_by_path.py``, executed on its own (the runtime is never imported)."""
    src = _package_dir()
    spec = importlib.util.spec_from_file_location("_arraytyping_mypy_rules_by_path", src / "_src" / "dtypes" / "rules_by_path.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"{src / '_src' / 'dtypes' / 'rules_by_path.py'} not found")
    loader = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loader)
    return loader


L, OR = load_rules()
SR: Final = load_shape_rules()
REJECTIONS: Final[tuple[type[Exception], ...]] = (L.TypePromotionError, OR.OperandTypeError, OR.OperandValueError,
                                                  OR.OperandOverflowError, OR.OperandNotImplementedError)
ABSTRACT: Final[dict[str, str]] = {
    "generic": "biufc", "number": "iufc", "integer": "iu", "signedinteger": "i", "unsignedinteger": "u",
    "inexact": "fc", "floating": "f", "complexfloating": "c"}
"""The abstract scalar classes and the dtype kinds each stands for."""

Member = tuple[str, bool, bool, bool]
"""One operand: ``(dtype or weak node name, weak, is a Python scalar value, is a numpy scalar value)``."""


def static_of(name: str, weak: bool) -> str:
    """The static class of a result (``float32``; ``float`` for a weak float; ``bool_``)."""
    if weak and name != "bool":
        return {"i": "int", "u": "int", "f": "float", "c": "complex"}[L.KIND[name]]
    return "bool_" if name == "bool" else name


@dataclass(frozen=True)
class DtypeSet:
    """The dtypes one operand may have: ``members``; ``var``, the type variable whose instantiations they are (its
    name), if any; ``abstract``, the abstract class they are the members of, if any."""

    members: tuple[Member, ...]
    var: str | None = None
    abstract: str | None = None

    @property
    def single(self) -> Member | None:
        return self.members[0] if len(self.members) == 1 and self.var is None and self.abstract is None else None


Answer = tuple[str, object]
"""``("class", "float32")``, ``("var", "T")`` (the variable's own instantiation), ``("union", (..classes..))``,
``("abstract", "floating")``, ``("any", None)``, ``("error", exception)`` (one concrete dtype per operand, refused),
or ``("refused", exception)`` (a union, abstract class or type variable whose every dtype is refused: an error
where the caller reports it, else gradual)."""


class Rules:
    """``op_rules`` in one configuration, memoized (a module asks the same few questions many times)."""

    def __init__(self, x64: bool, mode: str) -> None:
        self.x64 = x64
        self.cfg = L.LatticeConfig(mode, x64)
        self._binary: dict[tuple[str, Member, Member], str | Exception] = {}

    def canonical(self, name: str) -> str:
        return str(L.canonical_name(name, self.x64))

    def dtype_of(self, m: Member) -> str:
        """The dtype an operand has at run time (a weak node: its kind's default), canonicalized."""
        name = m[0]
        if name in L.WEAK_NAMES:
            name = L.default_name(L.KIND[name], True)
        return self.canonical(name)

    def inhabited(self) -> tuple[str, ...]:
        """The dtypes an array can have at run time (with x64 off, no 64-bit one)."""
        return tuple(n for n in L.DTYPE_NAMES if self.canonical(n) == n)

    def members_of_kinds(self, kinds: str) -> tuple[Member, ...]:
        return tuple((n, False, False, False) for n in self.inhabited() if L.KIND[n] in kinds)

    def binary(self, op: str, a: Member, b: Member) -> str | Exception:
        """The static class of ``op(a, b)``, or the exception op_rules raises."""
        key = (op, a, b)
        hit = self._binary.get(key)
        if hit is None:
            try:
                out = [OR.binary_result(op, [a[:2], b[:2]], self.cfg, python_scalars=[a[2], b[2]],
                                        numpy_scalars=[a[3], b[3]], rank0=rank0) for rank0 in (False, True)]
                # hypot, logaddexp2, heaviside (and logaddexp of complex) keep a weak flag at rank 0 alone, which
                # the plugin does not see: unknown where the rank would decide
                hit = static_of(*out[0]) if out[0] == out[1] else "Any"
            except REJECTIONS as e:
                hit = e
            self._binary[key] = hit
        return hit

    def combine(self, left: DtypeSet, right: DtypeSet, fn: Callable[[Member, Member], str | Exception]) -> Answer:
        """The answer for every pair of members: the pairs of one variable's instantiations are its diagonal."""
        if left.var is not None and left.var == right.var:
            pairs = [(m, m) for m in left.members]
        else:
            pairs = [(a, b) for a in left.members for b in right.members]
        results = [(fn(a, b), a, b) for a, b in pairs]
        return self.summarize(results, left, right)

    def summarize(self, results: Sequence[tuple[str | Exception, Member, Member]], left: DtypeSet,
                  right: DtypeSet | None) -> Answer:
        """One answer for many: an error when every operand is one concrete dtype (a union, abstract class or
        type variable is judged by the dtypes with which the operation runs: ``refused`` where it runs with none);
        the variable when every instantiation
        gives itself back; one class; the union of the results of unions of concrete dtypes; ``Any`` where each
        instantiation may give itself back (:meth:`_may_be_the_variable`); the smallest abstract class holding every
        result of an abstract or generic operand; else ``Any``."""
        concrete = left.single is not None and (right is None or right.single is not None)
        errors = [r for r, _, _ in results if isinstance(r, Exception)]
        if errors and concrete:
            return ("error", errors[0])
        results = [r for r in results if not isinstance(r[0], Exception)]  # what runs, of a generic operation
        if not results:  # nothing runs: refused for every dtype the operands may have (a caller may report it)
            return ("refused", errors[0]) if errors else ("any", None)
        classes = [str(r) for r, _, _ in results]
        for ds, side in ((left, 0), (right, 1)):
            if ds is not None and ds.var is not None and all(
                    c == static_of(*(pair[side][:2])) for c, pair in zip(classes, ((a, b) for _, a, b in results))):
                return ("var", ds.var)
        distinct = list(dict.fromkeys(classes))
        if len(distinct) == 1:
            return ("class", distinct[0])
        if "Any" in distinct:  # some member's answer is gradual (a rule's None): so is the whole
            return ("any", None)
        generic = any(ds is not None and (ds.var is not None or ds.abstract is not None) for ds in (left, right))
        if not generic:
            return ("union", tuple(distinct))
        if self._may_be_the_variable(results, left, right):
            return ("any", None)
        return self.smallest_abstract(distinct)

    @staticmethod
    def _may_be_the_variable(results: Sequence[tuple[str | Exception, Member, Member]], left: DtypeSet,
                             right: DtypeSet | None) -> bool:
        """Whether each instantiation of an operand's type variable may give itself back, with some of the other
        operand's dtypes: ``x * abs(y)`` for ``x, y: Array[F]`` (``abs(y)`` is read as ``Array[floating]``, so the
        plugin no longer knows it is ``F``'s real part) is ``F`` at run time, and an abstract class there would make
        ``return x * abs(y)`` from a function returning ``Array[F]`` a false error; ``Any`` is the honest answer.
        Where some instantiation never gives itself back (``i.sum()`` for ``I`` bound to ``integer``: ``int8``
        gives ``int32``), the result is not the variable and the abstract class stands."""
        for ds, side in ((left, 0), (right, 1)):
            if ds is None or ds.var is None:
                continue
            own: dict[str, bool] = {}
            for c, a, b in results:
                m = static_of(*((a, b)[side][:2]))
                own[m] = own.get(m, False) or str(c) == m
            if own and all(own.values()):
                return True
        return False

    def smallest_abstract(self, classes: Sequence[str]) -> Answer:
        """The smallest abstract class holding every class of ``classes`` (none may be weak), else ``Any``."""
        if any(c in L.WEAK_NAMES or c == "Any" for c in classes):
            return ("any", None)
        kinds = {L.KIND["bool" if c == "bool_" else c] for c in classes}
        fits = [(len(k), a) for a, k in ABSTRACT.items() if kinds <= set(k)]
        return ("abstract", min(fits)[1]) if fits else ("any", None)

    def _static(self, answer: Callable[[], tuple[str, bool] | None]) -> str | Exception:
        """The static class of ``answer()``'s ``(dtype, weak)`` (``Any`` where it answers None), or the rejection
        it raised."""
        try:
            out = answer()
        except REJECTIONS as e:
            return e
        return "Any" if out is None else static_of(*out)

    def unary(self, fn: str, m: Member, **given: int) -> str | Exception:
        """The static class of ``fn(m)`` for a one-operand function of op_rules' ``UNARY`` table: a Python scalar
        has rank 0; of an array, ``Any`` where its rank would decide (op_rules' ``unary_static_result``: ``deg2rad``
        of a weak array is weak at rank 0 alone). ``given``: ``round``'s ``decimals``, ``angle``'s ``deg``, where
        known; every value of theirs is asked otherwise."""
        if m[2]:
            return self._static(lambda: OR.unary_static_result(fn, m[:2], self.cfg, rank0=True, given=given))
        operand = (self.dtype_of(m), True) if m[0] in L.WEAK_NAMES else m[:2]
        return self._static(lambda: OR.unary_static_result(fn, operand, self.cfg, given=given))

    def same_dtype(self, fn: str, m: Member) -> str:
        """The static class of ``fn(m)`` for a function of op_rules' ``SHAPE`` family ``same``: ``m``'s own class
        (canonicalized: a numpy ``int64`` value gives ``int32`` with x64 off);
        ``Any`` where whether ``m`` is a square matrix would decide (``diagonal`` of a weak array: strong of a
        square matrix, op_rules' ``square_diagonal``), as the plugin does not see shapes there; so a type variable
        that admits weak dtypes (an unbounded ``T``) gives ``Any`` too, where the stubs' ``Array[_T]`` keeps it,
        wrong for a weak square matrix."""
        if m[0] not in L.KIND:
            return static_of(*m[:2])
        plain = OR.shape_result(fn, [m[:2]], self.cfg)  # canonical: np.int64(2) gives int32 with x64 off
        if fn in OR.SQUARE_MATRIX_FUNCTIONS and \
                OR.shape_result(fn, [m[:2]], self.cfg, square_matrix=True) != plain:
            return "Any"
        return static_of(*plain)

    def compress(self, m: Member, sized: bool) -> str | Exception:
        """The static class of ``jax.numpy.compress(condition, m, size=...)`` (``sized``: a ``size`` given)."""
        return self._static(lambda: OR.compress_result(m[:2], self.cfg, sized=sized))

    def lax(self, fn: str, m: Member) -> str | Exception:
        """The static class of ``jax.lax.<fn>(m)`` for a function of op_rules' ``LAX_UNARY_KINDS``."""
        return self._static(lambda: OR.lax_unary_result(fn, m[:2], self.cfg))

    def lax_same(self, fn: str, a: Member, b: Member) -> str | Exception:
        """The static class of ``jax.lax.<fn>(a, b)`` for a function of op_rules' ``LAX_SAME_KINDS`` (``clamp``:
        two of its operands at a time), or the exception op_rules raises."""
        return self._static(lambda: OR.lax_same_result(fn, [a[:2], b[:2]], self.cfg))

    def lax_dot_general(self, a: Member, b: Member) -> str | Exception:
        """The static class of ``jax.lax.dot_general(a, b, ...)`` without ``preferred_element_type``, or the
        exception op_rules raises."""
        return self._static(lambda: OR.lax_dot_general_result(a[:2], b[:2], self.cfg))

    def lax_reduce_window(self, fn: str, m: Member) -> str | Exception:
        """The static class of ``jax.lax.reduce_window(m, ...)`` (``Any`` for a weak ``m``)."""
        return self._static(lambda: OR.lax_reduce_window_result(m[:2], self.cfg))

    def pair(self, fn: str, m: Member) -> str | Exception:
        """The static class of both arrays of ``jax.numpy.<fn>(m)`` for a one-operand function of op_rules'
        ``PAIRS`` (``modf``); ``Any`` where the two would differ."""
        operand = (self.dtype_of(m), True) if m[0] in L.WEAK_NAMES else m[:2]

        def both() -> tuple[str, bool] | None:
            first, second = OR.pair_result(fn, [operand], self.cfg)
            return first if static_of(*first) == static_of(*second) else None
        return self._static(both)

    def unravel_index(self, m: Member, sizes: Sequence[tuple[str, bool]] | None) -> str | Exception:
        """The static class of every array of ``jax.numpy.unravel_index(m, shape)``, ``shape`` Python sizes given
        as their operands (``("int", True)``, ``("bool", False)``), or None where their number and kinds are
        unknown: then the class every pattern of ``op_rules.UNRAVEL_INDEX_SIZES`` gives, ``Any`` where they differ."""
        operand = (self.dtype_of(m), True) if m[0] in L.WEAK_NAMES else m[:2]
        patterns = [sizes] if sizes is not None else OR.UNRAVEL_INDEX_SIZES

        def every() -> tuple[str, bool] | None:
            answers = {r for p in patterns for r in OR.unravel_index_result(operand, p, self.cfg)}
            classes = {static_of(*r) for r in answers}
            return answers.pop() if len(classes) == 1 else None
        return self._static(every)

    def ediff1d(self, m: Member, ends: bool) -> str | Exception:
        """The static class of ``jax.numpy.ediff1d(m)``, with ``to_end``/``to_begin`` (``ends``) or without."""
        operand = (self.dtype_of(m), True) if m[0] in L.WEAK_NAMES else m[:2]
        return self._static(lambda: OR.ediff1d_result(operand, self.cfg, ends=ends))

    def unique(self, m: Member, filled: bool) -> str | Exception:
        """The static class of ``jax.numpy.unique(m, size=...)``'s one array (``filled``: with a ``fill_value``)."""
        return self._static(lambda: OR.shape_result("unique", [m[:2], *([("int", True)] if filled else [])],
                                                    self.cfg))

    def bincount(self, x: Member, weights: Member | None) -> str | Exception:
        """The static class of ``jax.numpy.bincount(x, weights)`` (``weights`` None: left out)."""
        return self._static(lambda: OR.bincount_result(x[:2], None if weights is None else weights[:2], self.cfg))

    def lax_top_k(self, field: int, m: Member) -> str | Exception:
        """The static class of the ``field``-th array (values, indices) of ``jax.lax.top_k(m, k)`` (the indices of a
        bool array, which may be weakly typed, ``Any``)."""
        return self._static(lambda: OR.lax_top_k_static_result(m[:2], self.cfg)[field])

    def integer_pow(self, y: int, m: Member) -> str | Exception:
        """The static class of ``jax.lax.integer_pow(m, y)``."""
        return self._static(lambda: OR.integer_pow_result(m[:2], y, self.cfg))

    def fft(self, fn: str, m: Member) -> str | Exception:
        """The static class of ``jax.numpy.fft.<fn>(m)`` for a function of op_rules' ``FFT_FUNCTIONS``."""
        return self._static(lambda: OR.fft_result(fn, m[:2], self.cfg))

    def linalg(self, fn: str, m: Member) -> str | Exception:
        """The static class of ``jax.numpy.linalg.<fn>(m)`` for a function of op_rules' ``LINALG_STATIC``
        (``Any`` for a weak operand and where the path decides)."""
        return self._static(lambda: OR.linalg_static_result(fn, m[:2], self.cfg))

    def linalg_solve(self, a: Member, b: Member) -> str | Exception:
        """The static class of ``jax.numpy.linalg.solve(a, b)``, or the exception op_rules raises."""
        return self._static(lambda: OR.linalg_solve_result(a[:2], b[:2], self.cfg, python_scalars=[a[2], b[2]],
                                                           numpy_scalars=[a[3], b[3]]))

    def contraction(self, fn: str, *ms: Member) -> str | Exception:
        """The static class of product ``fn`` (op_rules' ``CONTRACTION``: ``vdot``, ``outer``, ``einsum``...) of
        ``ms`` whatever their shapes (``Any`` where they decide: ``cross`` of a weak join), or the exception op_rules
        raises."""
        return self._static(lambda: OR.contraction_static_result(fn, [m[:2] for m in ms], self.cfg))

    def shape(self, fn: str, *ms: Member) -> str | Exception:
        """The static class of shape, joining or selection function ``fn`` (op_rules' ``SHAPE``: ``concatenate``,
        ``clip``...) of ``ms``, or the exception op_rules raises."""
        return self._static(lambda: OR.shape_result(fn, [m[:2] for m in ms], self.cfg))

    def choose(self, index: Member, m: Member) -> str | Exception:
        """The static class of ``choose`` by the integer ``index`` among choices all of ``m`` (op_rules'
        ``choose_result``), or the exception op_rules raises."""
        return self._static(lambda: OR.choose_result(index[:2], [m[:2]], self.cfg))

    def creation(self, fn: str, *ms: Member) -> str | Exception:
        """The static class of creation function ``fn`` (op_rules' ``CREATION``: ``meshgrid``...) of ``ms``
        without ``dtype=``, or the exception op_rules raises."""
        return self._static(lambda: OR.creation_result(fn, [m[:2] for m in ms], self.cfg))

    def elements(self, fn: str, m: Member, rank: int | None, draws: int | None) -> str | Exception:
        """The static class of ``jax.random.<fn>(key, m)`` for ``fn`` ``permutation`` or ``choice`` (op_rules'
        ``random_elements_result``): a Python or numpy scalar has rank 0; an array ``rank`` (None: unknown), and
        ``draws`` samples (None: unknown). The ``TypeError`` JAX raises for a count it refuses is returned."""
        rank = 0 if m[2] or m[3] else rank
        try:
            return self._static(lambda: OR.random_elements_result(fn, m[:2], rank, draws, self.cfg))
        except TypeError as e:
            return e

    def linalg_field(self, fn: str, field: int, m: Member) -> str | Exception:
        """The static class of the ``field``-th array of ``jax.numpy.linalg.<fn>(m)`` for a function of op_rules'
        ``LINALG_TUPLES`` (``Any`` where the matrix size decides)."""
        def answer() -> tuple[str, bool] | None:
            out = OR.linalg_tuple_result(fn, m[:2], self.cfg)
            return None if out is None else out[field]
        return self._static(answer)

    def nn(self, fn: str, m: Member) -> str | Exception:
        """The static class of ``jax.nn.<fn>(m)`` for a function of op_rules' ``NN_STATIC`` (``Any`` where the
        operand's rank decides)."""
        name, weak, py, _ = m
        if not py and name in L.WEAK_NAMES:  # a weak array, of any rank (a weak node alone is a Python scalar)
            name = L.default_name(L.KIND[name], self.cfg.x64)
        return self._static(lambda: OR.nn_static_result(fn, (name, weak), self.cfg))

    def reduction(self, fn: str, m: Member | None, dtype: str | None) -> str | Exception:
        try:
            name, weak = OR.reduction_result(fn, None if m is None else m[:2], dtype, self.cfg)
        except REJECTIONS as e:
            return e
        return static_of(name, weak)


def describe(m: Member) -> str:
    name, weak, py, np_scalar = m
    if py:
        return f"Python {name}"
    if np_scalar:
        return f"numpy {name}"
    if name in L.WEAK_NAMES:
        return f"weak {name}"
    return f"{name} (weak)" if weak else name
