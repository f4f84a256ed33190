"""One checker's answer on one case, against the runtime's: exact, gradual, wrong, false error, missed rejection,
correct rejection (or no answer: the checker revealed nothing and reported nothing, which a generated case never
allows; or timed out: the checker ran past its CPU limit on the expression alone, see ``driver.check_split``).

A case runs once per choice of its dims (the values ``Array[Any]``, a union, a type variable... may take). Against
those runs:

* an error is a *correct rejection* when the runtime must reject: some choice of the non-gradual dims (unions,
  aliases, type variables: what the checker knows) makes every choice of the gradual dims (``Any``-like operands)
  reject. Otherwise it is a *false error*: code the runtime runs, for a gradual operand as soon as any value runs;
* no error where the runtime must reject is a *missed rejection*, unless the revealed type is already wrong for the
  runs that succeed (then *wrong*, which matters more);
* otherwise the revealed type is matched against every successful run: *exact* when each run's dtype and weak flag
  is named exactly (``Array[float32]`` = strong float32, ``Array[float]`` = weak default float, ``Array[bool_]`` =
  bool weak or not, ``Array[T]`` = the run's instantiation of T) and nothing else is named; *gradual* when each run
  is named exactly or contained (``Any``/``Unknown``, an abstract class containing the strong dtype, a union with a
  member that matches, an alias whose weak members a checker folded: ``Array[number | complex]`` for a weak int);
  *wrong* when some run is neither (another dtype, a weak result as an abstract class, a strong one as a weak type,
  a type variable the run does not bind it to, a type that is not an array).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from . import universe as U
from .expressions import Shape
from .generate import Case, Outcome, Run
from .typestrings import Member, ShapeClaim, Static

OUTCOMES = ("exact", "gradual", "wrong", "false error", "missed rejection", "correct rejection", "timed out",
            "no answer")


@dataclass(frozen=True)
class Verdict:
    outcome: str
    why: str = ""


def binding_matches(choice_dtype: str | None, choice_weak: bool, out: Outcome) -> bool:
    if out.dtype == "bool" and choice_dtype == "bool":
        return True
    return (choice_dtype, choice_weak) == (out.dtype, out.weak)


def match(member: Member, run: Run, case: Case, cfg: U.Config) -> str:
    """How ``member`` names ``run``'s result: ``exact``, ``contains`` or ``no``."""
    out = run.outcome
    if member.tag == "any":
        return "contains"
    if member.tag != out.what:  # an array for a dtype result or the reverse; never, other
        return "no"
    atom = member.atom
    assert atom is not None and out.dtype is not None
    weak = out.weak and out.dtype != "bool"
    if atom.tag == "any":
        return "contains"
    if atom.tag == "dtype":
        return "exact" if atom.name == out.dtype and not weak else "no"
    if atom.tag == "pybool":
        return "exact" if out.dtype == "bool" else "no"
    if atom.tag == "weak":  # a dtype object carries no weak flag: DType[float] is the weak float's dtype
        return "exact" if (weak or out.what == "dtype") and cfg.weak_default(atom.name) == out.dtype else "no"
    if atom.tag == "abstract":
        return "contains" if not weak and U.in_abstract(atom.name, out.dtype) else "no"
    if atom.tag == "tv" and case.typevar == atom.name:
        b = run.binding(atom.name)
        if b is not None and out.what == "dtype":  # a dtype object has no weak flag: DType[T] with T = int is int32
            return "exact" if b.dtype == out.dtype else "no"
        return "exact" if b is not None and binding_matches(b.dtype, b.weak, out) else "no"
    return "no"


_TOWER: Final = ("int", "float", "complex")
"""Python's numeric tower, as checkers read annotations: ``complex`` takes ``float`` and ``int``."""


def _folded_alias(static: Static, run: Run, cfg: U.Config) -> bool:
    """Whether the answer is one of the package's aliases with its weak members folded on the numeric tower (ty
    shows ``NumberArray``, ``Array[int | float | complex | number]``, as ``Array[number | complex]``): an abstract
    member and a weak one above the run's weak result. Gradual, as the alias itself is; a lone ``Array[complex]``
    for a weak float stays wrong."""
    out = run.outcome
    if not out.weak or out.dtype is None or out.dtype == "bool":
        return False
    atoms = [m.atom for m in static if m.atom is not None]
    if not any(a.tag == "abstract" for a in atoms):
        return False
    kind = next((w for w in _TOWER if cfg.weak_default(w) == out.dtype), None)
    return kind is not None and any(a.tag == "weak" and a.name in _TOWER and _TOWER.index(a.name) > _TOWER.index(kind)
                                    for a in atoms)


def type_verdict(static: Static, runs: Sequence[Run], case: Case, cfg: U.Config) -> Verdict:
    hit: set[Member] = set()
    contained = False
    for run in runs:
        kinds = {m: match(m, run, case, cfg) for m in static}
        exact = [m for m, k in kinds.items() if k == "exact"]
        if exact:
            hit |= set(exact)
        elif "contains" in kinds.values() or _folded_alias(static, run, cfg):
            contained = True
        else:
            return Verdict("wrong", f"nothing in the answer names {run.outcome}"
                           + (f" ({_choices(run)})" if len(runs) > 1 else ""))
    if contained or hit != set(static):
        return Verdict("gradual")
    return Verdict("exact")


def _choices(run: Run) -> str:
    return ", ".join(f"{k}={c.label}" for k, c in run.assignment)


def must_reject(case: Case) -> bool:
    """Some choice of the non-gradual dims makes every choice of the gradual dims reject."""
    gradual = {k for k, d in case.dims.items() if d.gradual}
    by_fixed: dict[tuple[object, ...], bool] = {}
    for run in case.runs:
        key = tuple((k, c) for k, c in run.assignment if k not in gradual)
        by_fixed[key] = by_fixed.get(key, True) and run.outcome.rejected
    return any(by_fixed.values())


def classify(case: Case, cfg: U.Config, reveal: Static | None, errors: Sequence[str]) -> Verdict:
    rejecting = must_reject(case)
    if errors:
        return Verdict("correct rejection") if rejecting else Verdict("false error", errors[0])
    ok = [r for r in case.runs if not r.outcome.rejected]
    if not ok:
        return Verdict("missed rejection")
    if reveal is None:
        return Verdict("no answer")
    v = type_verdict(reveal, ok, case, cfg)
    if v.outcome != "wrong" and rejecting:
        return Verdict("missed rejection")
    return v



# Shapes --------------------------------------------------------------------------------------------------------

SHAPE_OUTCOMES = ("exact", "gradual", "wrong", "false error", "not judged")
"""A checker's answer on the result's shape. *not judged*: no run of the runtime gives an array (it rejects every
run, or the result is a dtype), or the answer names no array (its dtype verdict says what it is)."""


def shape_error(errors: Sequence[str]) -> str | None:
    """The first error that is a shape error by its code (the plugin's ``[shape-mismatch]``). A stub checker's
    error is attributed to shapes when it goes away with the operands' shapes left out (``driver.attribute``)."""
    return next((e for e in errors if "shape-mismatch" in e), None)


def _claim_verdict(claim: ShapeClaim, shape: Shape) -> str:
    if claim.text:
        return "wrong"
    if claim.dims is None:
        return "gradual"
    if len(claim.dims) != len(shape) or any(isinstance(d, int) and d != s for d, s in zip(claim.dims, shape)):
        return "wrong"
    return "exact" if claim.dims == shape else "gradual"


def shape_verdict(case: Case, claims: Sequence[ShapeClaim] | None, errors: Sequence[str]) -> Verdict:
    """Against the runtime's result shape (the same in every run that succeeds: the generator's): *exact* when
    every array member of the answer names it; *gradual* when each names it or less (any shape, a dimension
    ``int``/``Any``/a type variable); *wrong* when some member names another rank or size (or a shape that cannot
    be read); *false error* for a shape error where the runtime runs. Every generated case's shapes fit (the
    generator builds them to; a shape error of the runtime is a ``GeneratorBug``), so no shape error is ever right
    here."""
    ok = [r for r in case.runs if not r.outcome.rejected]
    if not ok or ok[0].outcome.what != "array":
        return Verdict("not judged")
    err = shape_error(errors)
    if err is not None:
        return Verdict("false error", err)
    if claims is None:
        return Verdict("not judged")
    shape = ok[0].outcome.shape
    assert shape is not None
    kinds = [_claim_verdict(c, shape) for c in claims]
    if "wrong" in kinds:
        bad = next(c for c, k in zip(claims, kinds) if k == "wrong")
        return Verdict("wrong", f"the answer names shape {bad}, the runtime's is {shape}")
    return Verdict("exact") if all(k == "exact" for k in kinds) else Verdict("gradual")
