"""Generate the exhaustive type-check cases in ``typecheck_cases/generated/`` from ``arraytyping.op_rules``.

* ``pairs_default.py``: for each operation family of ``op_rules`` (one representative operation each, see
  :data:`REPS`) and every pair of operands (the 32 scalar classes, the weak ``Array[int]``/``Array[float]``/
  ``Array[complex]`` and the Python scalars ``True``/``2``/``2.0``/``2j`` on either side, and numpy scalars of each
  numpy dtype against every array), the operator form and the ``arraytyping.numpy`` function form (a comparison
  operator with a numpy value is numpy's to type: its stubs take any object with ``__gt__``). An accepted pair
  is an ``assert_type(<expr>, Array[<expected>])`` line; a rejected pair is a bare expression line marked
  ``# rejected``. Every checker without the plugin runs over the file once; the test expects errors on exactly the
  rejected lines. Then every one-operand function the stubs type by its rule (``exp``, ``floor``, ``isnan``...)
  of every operand spec (:func:`unary_cases`). The expectations are what the stubs answer (``arraytyping._src.stubgen.binary.static_answer``),
  which is ``op_rules``' answer but for the differences listed in ``cases.json`` under ``static_differences``
  (a checker takes a Python ``bool`` where an ``int`` is expected, and an ``int`` where a ``float`` is).
* ``plugin_<config>.py``: the same pairs with ``op_rules``' exact answers in each configuration, for mypy with the
  plugin configured accordingly (the x64 and strict modules hold the operator form only: the function form runs
  through the same plugin code and is covered in the default configuration).
* ``cases.json``: the table as data: ``{config: [[family, op, left, right, exact], ...]}`` plus the stubs' static
  differences, used by the cross-check against JAX's reference and the runtime.

Usage: ``python tools/gen_typecheck_cases.py [--check]``.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

import arraytyping.lax as at_lax
from arraytyping import lattice, op_rules
from arraytyping._src.stubgen import each, lax_same, single_rules, specs
from arraytyping._src.stubgen.emit import reexports as emit_reexports
from arraytyping._src.stubgen.emit.numpy import PY_VALUE as PY_STATIC
from arraytyping._src.stubgen.emit.numpy import REDUCTIONS_BY_RULE, typed_unary
from arraytyping._src.stubgen.single_rules import CLIP_BOUNDS, shape_rule
from arraytyping._src.stubgen.joining import kept_classes, select_classes
from arraytyping._src.stubgen.binary import KeepVars, simulate, static_answer
from arraytyping._src.stubgen.corrected_functions import CORRECTED_AS, static_table
from arraytyping._src.stubgen.corrected_functions import overloads as corrected_overloads
from arraytyping._src.stubgen.families import FUNCTIONS_AS, Model
from arraytyping._src.stubgen.specs import Spec
from arraytyping._src.stubgen.unary import Rule

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "typecheck_cases" / "generated"

REPS: dict[str, tuple[str, str]] = {  # op_rules family -> (representative operation, operator)
    "bool_arith": ("add", "+"), "arith": ("subtract", "-"), "divide": ("true_divide", "/"),
    "numeric": ("floor_divide", "//"), "power": ("power", "**"), "bitwise": ("bitwise_and", "&"),
    "shift": ("left_shift", "<<"), "compare": ("less", "<"), "matmul": ("matmul", "@"),
}
assert set(REPS) == set(op_rules.FAMILY.values()) and all(op_rules.FAMILY[op] == f for f, (op, _) in REPS.items())
PY_LITERALS = {"bool": "True", "int": "2", "float": "2.0", "complex": "2j"}
CONFIGS = {"default": lattice.LatticeConfig("standard", False), "x64": lattice.LatticeConfig("standard", True),
           "strict": lattice.LatticeConfig("strict", False), "strict_x64": lattice.LatticeConfig("strict", True)}
ARRAYS = tuple(s for s in specs.all_specs() if s.kind in ("arr", "warr"))
LEFTS = tuple(s for s in specs.all_specs() if s.kind != "np") + tuple(s for s in specs.all_specs() if s.kind == "np")


def pairs() -> list[tuple[Spec, Spec]]:
    """Every (left, right) pair the cases hold: arrays and Python scalars with each other (not two Python
    scalars), and numpy values with arrays (numpy with numpy or Python scalars is left to the gradual overloads)."""
    out = []
    for a in LEFTS:
        for b in LEFTS:
            if a.python_scalar and b.python_scalar:
                continue
            if (a.kind == "np" or b.kind == "np") and not (a in ARRAYS or b in ARRAYS):
                continue
            out.append((a, b))
    return out


def var(spec: Spec) -> str:
    return f"a_{spec.kind}_{spec.name}"


def operand_expr(spec: Spec) -> str:
    if spec.kind == "py":
        return PY_LITERALS[spec.name]
    if spec.kind == "np":
        return f"np.{specs.NUMPY_TYPES[spec.name][3:]}(1)"
    return var(spec)


def rows(cfg: lattice.LatticeConfig) -> list[tuple[str, str, str, str, str | None]]:
    """(family, op, left spec, right spec, op_rules' static result or None) for every representative and pair."""
    return [(fam, op, str(a), str(b), specs.exact_table(op, cfg)[a, b]) for fam, (op, _) in REPS.items()
            for a, b in pairs()]


def static_differences(m: Model) -> list[tuple[str, str, str, str, str | None, str | None]]:
    """(form, op, left, right, op_rules, stubs) where the stubs' answer differs from op_rules (one configuration)."""
    out = []
    for fam, (op, _) in REPS.items():
        exact = specs.exact_table(op, m.cfg)
        for form in ("operator", "function"):
            for a, b in pairs():
                if form == "operator" and fam == "compare" and "np" in (a.kind, b.kind):
                    continue
                st = static_answer(m, op, a, b, function=form == "function")
                if st != exact[a, b]:
                    out.append((form, op, str(a), str(b), exact[a, b], st))
    return out


def _plugin_gradual(a: Spec, b: Spec) -> bool:
    """Pairs the plugin answers ``Any`` for although op_rules refuses them: none."""
    return False


def gen_module(cfg: lattice.LatticeConfig, *, static: bool, functions: bool = True) -> str:
    m = Model(cfg)
    lines = [
        f"# Generated by tools/gen_typecheck_cases.py from arraytyping/op_rules.py for {cfg}"
        f"{' (what the stubs answer)' if static else ''}. Do not edit.",
        "# Accepted pairs: assert_type; rejected pairs: a bare expression marked as rejected (the checker must",
        "# report an error on exactly those lines).",
        "# pyright: basic, reportUnusedExpression=false, reportUnnecessaryComparison=false, reportOperatorIssue=error",
        "# mypy: disable-error-code=\"unused-ignore\"",
        "from typing import Final, Any",
        "",
        "import numpy as np",
        "from typing_extensions import assert_type",
        "",
        "import arraytyping.lax as lax",
        "import arraytyping.nn as nn",
        "import arraytyping.numpy as anp",
        "import arraytyping.random as random",
        "from arraytyping.numpy import fft, linalg",
        "from arraytyping.numpy.linalg import EighResult, QRResult, SlogdetResult, SVDResult",
        "from arraytyping import Array, " + ", ".join(specs.CONCRETE),
        "",
    ]
    lines += [f"{var(s)}: {s.annotation}" for s in ARRAYS]
    lines.append("dims: tuple[int, ...]")
    by_left: dict[Spec, list[Spec]] = {}
    for a, b in pairs():
        by_left.setdefault(a, []).append(b)
    n = 0
    for fam, (op, sym) in REPS.items():
        exact = specs.exact_table(op, cfg)
        for a, rights in by_left.items():
            n += 1  # one small function per family and left operand: checkers are fast on those
            head = ["", "", f"def case_{n}_{fam}_{var(a)}() -> None:"]
            lines += head
            for b in rights:
                for kind in ("op", "fn") if functions else ("op",):
                    if kind == "op" and fam == "compare" and "np" in (a.kind, b.kind):
                        continue  # numpy's own comparisons take any object with __gt__: numpy's stubs answer
                    r = (static_answer(m, op, a, b, function=kind == "fn") if static else exact[a, b])
                    if not static and r is None and _plugin_gradual(a, b):
                        r = "Any"
                    ea, eb = operand_expr(a), operand_expr(b)
                    expr = f"{ea} {sym} {eb}" if kind == "op" else f"anp.{op}({ea}, {eb})"
                    tag = f"{kind} {op} {a} {b}"
                    if r is None:
                        lines.append(f"    {expr}  # rejected: {tag}")
                    else:
                        lines.append(f"    assert_type({expr}, Array[{r}])  # {tag}")
            if lines[-len(head):] == head:  # no case for this left operand (a numpy value in a comparison)
                del lines[-len(head):]
    if functions:
        lines += unary_cases(cfg, static=static)
    lines += random_cases(cfg)
    lines += lax_dtype_cases(cfg)
    lines += lax_same_cases(cfg, static=static)
    lines += solve_cases(cfg, static=static)
    if functions:
        lines += corrected_cases(cfg, static=static)
        lines += product_cases(cfg, static=static)
    lines += creation_cases(cfg)
    if functions:
        lines += keeping_cases(cfg, static)
        lines += joining_cases(cfg, static=static)
    lines += ["", "", "def case_fftfreq() -> None:",
              *_dtype_cases("fftfreq", "fft.fftfreq(8{})", lambda node: op_rules.fftfreq_result(node, cfg)),
              "", "", "def case_one_hot() -> None:",
              *_dtype_cases("one_hot", "nn.one_hot(a_arr_int8, 3{})",
                            lambda node: op_rules.nn_one_hot_result("int8", node, cfg)[0])]
    return "\n".join(lines) + "\n"


_SAMPLER_CALLS: Final = {"normal": "random.normal(k, (2,){})", "uniform": "random.uniform(k, (2,){})",
                         "truncated_normal": "random.truncated_normal(k, -1.0, 1.0, (2,){})",
                         "gumbel": "random.gumbel(k, (2,){})", "randint": "random.randint(k, (2,), 0, 5{})",
                         "bits": "random.bits(k, (2,){})", "bernoulli": "random.bernoulli(k, 0.5, (2,){})",
                         "categorical": "random.categorical(k, a_arr_float32{})",
                         "exponential": "random.exponential(k, (2,){})", "gamma": "random.gamma(k, 2.0, (2,){})",
                         "beta": "random.beta(k, 2.0, 3.0, (2,){})", "geometric": "random.geometric(k, 0.3, (2,){})",
                         "poisson": "random.poisson(k, 3.0, (2,){})", "rademacher": "random.rademacher(k, (2,){})"}


def random_cases(cfg: lattice.LatticeConfig) -> list[str]:
    """The samplers by ``op_rules.random_result``: without a dtype (the default of ``cfg``), and with every dtype
    class they take (canonicalized: ``dtype=float64`` is ``float32`` with x64 off). A dtype they refuse is left
    out: pyright and ty answer ``Array[Any]`` for it (the gradual ``DTypeLike`` overload), mypy refuses it. Raw
    keys and key data are ``uint32``."""
    lines = ["", "", "def case_random_samplers() -> None:", "    k = random.key(0)"]
    for fn, call in _SAMPLER_CALLS.items():
        if fn not in op_rules.RANDOM_DTYPES:
            fixed = op_rules.RANDOM_RESULTS[fn]
            r = specs.cls_of("bool" if fixed == "bool" else lattice.default_name("i", cfg.x64))
            lines.append(f"    assert_type({call.format('')}, Array[{r}])  # random {fn}")
            continue
        lines += _dtype_cases(f"random {fn}", call, functools.partial(_random_rule, fn, cfg))
    raw = "random.PRNGKey(0)"
    for call in (raw, "random.key_data(k)", f"random.key_data({raw})", f"random.split({raw})",
                 f"random.split({raw}, 3)", f"random.fold_in({raw}, 7)"):
        lines.append(f"    assert_type({call}, Array[uint32])  # random raw key")  # uint32 whatever the config
    return lines


def _random_rule(fn: str, cfg: lattice.LatticeConfig, node: str | None) -> str:
    """``op_rules``' dtype of the sampler ``fn`` given ``dtype=node``."""
    return op_rules.random_result(fn, node, cfg)[0]


def _creation_rule(fn: str, operands: list[tuple[str, bool]], cfg: lattice.LatticeConfig, node: str | None) -> str:
    """``op_rules``' dtype of the creation function ``fn`` of ``operands`` given ``dtype=node``."""
    return op_rules.creation_result(fn, operands, cfg, node)[0]


def _or_empty(rule: Callable[[str], str], node: str | None) -> str:
    """``rule`` of ``node``, the empty string for none."""
    return rule(node or "")


def _dtype_cases(tag: str, call: str, rule: Callable[[str | None], str], given: str | None = ", dtype={}"
                 ) -> list[str]:
    """The cases of ``call`` (``{}``: where ``given`` goes, ``, dtype=...``) without a dtype and with every dtype
    class ``rule`` takes (its answer; a dtype it refuses is left out, as in :func:`random_cases`). ``given`` None: the
    dtype is a required argument, ``{}`` itself, and there is no case without one."""
    lines = [] if given is None else [f"    assert_type({call.format('')}, Array[{specs.cls_of(rule(None))}])  # {tag}"]
    for node in lattice.DTYPE_NAMES:
        try:
            name = rule(node)
        except (TypeError, ValueError):
            continue
        cls = specs.cls_of(node)
        lines.append(f"    assert_type({call.format((given or '{}').format(cls))}, Array[{specs.cls_of(name)}])"
                     f"  # {tag} dtype={cls}")
    return lines


CREATION_CALLS: Final = {"empty": "anp.empty((2,){})", "eye": "anp.eye(2{})", "identity": "anp.identity(2{})",
                          "tri": "anp.tri(2, 3{})", "logspace": "anp.logspace(0, 1{})",
                          "empty_like": "anp.empty_like(a_arr_int8{})"}
"""The creation functions typed by ``op_rules.creation_result`` from their ``dtype`` argument, by a call (``{}``:
where ``, dtype=...`` goes); ``logspace`` of Python int bounds, ``empty_like`` of an int8 prototype."""


KEEPING_CALLS: Final = {"take": "anp.take({}, a_arr_int32)", "diag": "anp.diag({})",
                         "atleast_1d": "anp.atleast_1d({})", "split": "anp.split({}, 2)"}
"""Functions declared generic in their first argument's dtype (``emit_numpy._keeping``), by a call on it."""


def _elements(fn: str, a: Spec, cfg: lattice.LatticeConfig, static: bool) -> str | None:
    """``random.permutation(k, a)`` / ``random.choice(k, a, (2,))`` by ``op_rules.random_elements_result``: an
    array's rank is unknown, a scalar's 0; the plugin sees the two draws, the stubs see neither the draws nor a weak
    array's class (gradual); a count JAX refuses is the plugin's error (None), gradual in the stubs."""
    if static and a.kind == "warr":
        return "Any"
    operand = (a.name, a.kind in ("warr", "py") and a.name != lattice.BOOL)
    rank = 0 if a.kind in ("py", "np") else None
    try:
        got = op_rules.random_elements_result(fn, operand, rank, None if static or fn == "permutation" else 2, cfg)
    except TypeError:
        return "Any" if static else None
    return "Any" if got is None else specs.static_of(*got)


def keeping_cases(cfg: lattice.LatticeConfig, static: bool) -> list[str]:
    """The functions of :data:`KEEPING_CALLS` on every operand spec: an array keeps its class (``split``: each array
    of the list), weak arrays included but by ``diag`` (strong where a square matrix: gradual); a Python scalar or
    numpy value is gradual. ``argsort`` and ``nonzero`` of
    every spec: the default integer (``nonzero``: one array per axis); ``argsort``'s ``dtype=`` of every class it
    takes (``op_rules.shape_result``: a ``lax.iota`` of it). ``random.permutation``/``choice`` of every spec that
    has a value in ``cfg`` (:func:`_elements`)."""
    lines = ["", "", "def case_keeping_functions() -> None:", "    k = random.PRNGKey(0)"]
    index = specs.cls_of(op_rules.shape_result("argsort", [(lattice.BOOL, False)], cfg)[0])
    for a in specs.all_specs():
        own = specs.cls_of(a.name) if a.kind in ("arr", "warr") else "Any"
        for fn, call in KEEPING_CALLS.items():
            cls = own
            if fn in op_rules.SQUARE_MATRIX_FUNCTIONS and a.kind == "warr" and specs.static_of(*op_rules.creation_result(
                    fn, [(a.name, True)], cfg, vector=False, square_matrix=True)) != own:
                cls = "Any"  # the diagonal of a square weak matrix is strong, of another one weak: the stubs' Any
            r = f"list[Array[{cls}]]" if fn == "split" else f"Array[{cls}]"
            lines.append(f"    assert_type({call.format(operand_expr(a))}, {r})  # {fn} {a}")
        if a.kind != "arr" or lattice.canonical_name(a.name, cfg.x64) == a.name:  # else no array has that dtype
            for fn, call in (("permutation", f"random.permutation(k, {operand_expr(a)})"),
                             ("choice", f"random.choice(k, {operand_expr(a)}, (2,))")):
                elements = _elements(fn, a, cfg, static)
                lines.append(f"    {call}  # rejected: {fn} {a}" if elements is None
                             else f"    assert_type({call}, Array[{elements}])  # {fn} {a}")
        lines.append(f"    assert_type(anp.argsort({operand_expr(a)}), Array[{index}])  # argsort {a}")
        lines.append(f"    assert_type(anp.nonzero({operand_expr(a)}), tuple[Array[{index}], ...])  # nonzero {a}")
    lines += _dtype_cases("argsort", "anp.argsort(a_arr_float32{})",
                          lambda node: op_rules.shape_result("argsort", [("float32", False)], cfg, node)[0])
    return lines


def creation_cases(cfg: lattice.LatticeConfig) -> list[str]:
    """The creation functions of :data:`CREATION_CALLS` without a dtype (their default, or their operands') and
    with every dtype class they take (canonicalized; a refused one left out, as in :func:`random_cases`)."""
    operands = {"logspace": [("int", True), ("int", True)], "empty_like": [("int8", False)]}
    lines = ["", "", "def case_creation_by_dtype() -> None:"]
    for fn, call in CREATION_CALLS.items():
        lines += _dtype_cases(fn, call, functools.partial(_creation_rule, fn, operands.get(fn, []), cfg))
    return lines


def lax_dtype_cases(cfg: lattice.LatticeConfig) -> list[str]:
    """``lax.convert_element_type`` and ``lax.iota`` by ``op_rules.lax_dtype_result``: every dtype class they take
    (canonicalized), and the Python types (their kind's default)."""
    calls = {"convert_element_type": "lax.convert_element_type(a_arr_int8, {})", "iota": "lax.iota({}, 3)"}
    lines = ["", "", "def case_lax_dtype_given() -> None:"]
    for fn, call in calls.items():
        rule = functools.partial(op_rules.lax_dtype_result, fn, config=cfg)
        lines += _dtype_cases(f"lax {fn}", call, functools.partial(_or_empty, rule), given=None)
        for py in ("int", "float", "complex"):
            lines.append(f"    assert_type({call.format(py)}, Array[{specs.cls_of(rule(py))}])  # lax {fn} {py}")
    return lines


LAX_SAME_CASES: Final = {"add": "", "max": "", "dynamic_update_slice": ", ()", "dot_general": ", (((), ()), ((), ()))"}
"""The ``lax_same`` functions the cases hold, by their arguments after the two operands (``mul`` and ``min`` have
``add``'s and ``max``'s rule and overloads, ``pad`` and ``select`` ``max``'s (``select``'s after its predicate:
typecheck_cases/handwritten/lax_elementwise.py); ``dynamic_update_slice`` is never weak;
``dot_general`` takes two dtypes, typed by the stubs where they are one)."""


LAX_SHAPE_ARGUMENTS: Final = {"broadcast_in_dim": ", dims, ()", "dynamic_slice": ", (), dims"}
"""The arguments after the operand of the one-operand ``lax`` functions that take a shape: ``dims``, a
``tuple[int, ...]``, so that the plugin computes no shape (the cases hold dtypes)."""


def lax_same_cases(cfg: lattice.LatticeConfig, *, static: bool) -> list[str]:
    """``lax.add`` and ``lax.max`` of every pair of operand kinds but two non-arrays, and ``lax.clamp(b, x, b)`` of
    every such pair: the plugin gives ``op_rules.lax_same_result`` (a refusal an error); the stubs, what their first
    matching overload gives (the rule's answer where it takes the operands; where it refuses, a wider overload's or
    ``Any``: a refusal they miss)."""
    lines: list[str] = []
    for fn, after in LAX_SAME_CASES.items():
        ovs = lax_same.overloads(fn, cfg)
        for a in specs.all_specs():
            rights = [b for b in specs.all_specs() if a.kind in ("arr", "warr") or b.kind in ("arr", "warr")]
            if not rights:
                continue
            lines += ["", "", f"def case_lax_{fn}_{var(a)}() -> None:"]
            for b in rights:
                r = (lax_same.simulate(ovs, a, b) or "Any") if static else lax_same.rule(fn, a, b, cfg)
                expr, tag = f"lax.{fn}({operand_expr(a)}, {operand_expr(b)}{after})", f"lax {fn} {a} {b}"
                lines.append(f"    {expr}  # rejected: {tag}" if r is None else f"    assert_type({expr}, Array[{r}])  # {tag}")
    clamps = lax_same.clamp_overloads(cfg)  # clamp(b, x, b): every x with every bound (as both bounds)
    for x in specs.all_specs():
        lines += ["", "", f"def case_lax_clamp_{var(x)}() -> None:"]
        for b in specs.all_specs():
            if x.kind not in ("arr", "warr") and b.kind not in ("arr", "warr"):
                continue
            r = (lax_same.simulate_clamp(clamps, b, x, b) or "Any") if static else lax_same.clamp_rule(b, x, b, cfg)
            ex, eb = operand_expr(x), operand_expr(b)
            expr, tag = f"lax.clamp({eb}, {ex}, {eb})", f"lax clamp {b} {x} {b}"
            lines.append(f"    {expr}  # rejected: {tag}" if r is None else f"    assert_type({expr}, Array[{r}])  # {tag}")
    return lines


CLIP_CALLS: Final = {"": (), ", 0, 1": ("int", "int"), ", True": ("int",), ", 0.0, None": ("float",),
                     ", max=2.5": ("float",)}
"""``clip``'s bounds in the cases, by the argument text after the array and the annotation of
:data:`CLIP_BOUNDS` each takes (the first that admits every bound given)."""


def _clip_static(cls: str, bounds: tuple[str, ...], cfg: lattice.LatticeConfig) -> str:
    """The stubs' answer for ``clip`` of an operand of class ``cls``: the first bound group admitting the bounds
    whose rule takes ``cls``, else the source signature's ``Any``."""
    for annotation, admitted in CLIP_BOUNDS:
        kinds = annotation.replace(" | None", "")
        if any(b != kinds and not (b == "int" and kinds == "float") for b in bounds) or (kinds == "None" and bounds):
            continue
        if (r := shape_rule("clip", cfg, admitted, admitted)(cls)) is not None:
            return r
    return "Any"


_CLIP_OPERANDS: Final = {", 0, 1": [("int", True), ("int", True)], ", True": [(lattice.BOOL, False)],
                         ", 0.0, None": [("float", True)], ", max=2.5": [("float", True)], "": []}


def joining_cases(cfg: lattice.LatticeConfig, *, static: bool) -> list[str]:
    """``stack`` of a tuple of every pair the binary cases hold, ``concatenate`` of a tuple of three arrays of one
    spec (``stack`` of three scalars), ``clip`` (bounds left out or Python scalars), ``unique`` and ``average`` of every spec. The plugin gives
    op_rules' ``shape_result`` (``reduction_result`` for ``average``; a refusal an error); the stubs, a join's class
    for arrays of one class where ``joining.kept_classes`` proves it (else ``Any``), and the one-array functions'
    rule (``Any`` where it refuses)."""
    concrete, _ = kept_classes(cfg, lambda ops: op_rules.shape_result("stack", ops, cfg))

    def join(ops: list[Spec]) -> str | None:
        if static:
            one = {(o.kind, o.name) for o in ops}
            cls = specs.static_of(*ops[0].operand) if ops[0].kind in ("arr", "warr") else None
            return cls if len(one) == 1 and cls in concrete and ops[0].kind in ("arr", "warr") else "Any"
        try:
            return specs.static_of(*op_rules.shape_result("stack", [o.operand for o in ops], cfg))
        except specs.REJECTIONS:
            return None

    lines = _pair_cases("stack", "anp.stack(({}, {}))", "fn stack", lambda a, b: join([a, b]))
    lines += ["", "", "def case_one_array_selections() -> None:"]
    unique, average = shape_rule("unique", cfg), single_rules.reduction_rule("average", cfg)

    def case(expr: str, r: str | None, tag: str) -> None:
        lines.append(f"    {expr}  # rejected: {tag}" if r is None else f"    assert_type({expr}, Array[{r}])  # {tag}")

    for a in specs.all_specs():
        e = operand_expr(a)
        r = join([a, a, a])
        joins = "concatenate" if a.kind in ("arr", "warr") else "stack"  # a 0-d value is not concatenated
        case(f"anp.{joins}(({e}, {e}, {e}))", "Any" if static and r is None else r, f"{joins} {a} x3")
        cls = PY_STATIC[a.name] if a.kind == "py" else specs.static_of(*a.operand)
        for after, bounds in CLIP_CALLS.items():
            if static:
                r = _clip_static(cls, bounds, cfg) if a.kind != "np" or a.name in specs.NUMPY_TYPES else "Any"
            else:
                try:
                    r = specs.static_of(*op_rules.shape_result("clip", [a.operand, *_CLIP_OPERANDS[after]], cfg))
                except specs.REJECTIONS:
                    r = None
            case(f"anp.clip({e}{after})", r, f"clip {a}{after}")
        for fn, rule in (("unique", unique), ("average", average)):
            r = rule(cls)
            case(f"anp.{fn}({e})", ("Any" if r is None else r) if static or fn == "unique" else r, f"{fn} {a}")
    lines += each_cases(cfg, static=static)
    return lines


EACH_OTHER: Final = "a_arr_int8"
"""The array the list-making and selecting cases pair each spec with (of another class but its own)."""

EACH: Final[dict[str, Callable[[tuple[str, bool], lattice.LatticeConfig], tuple[str, bool]]]] = {
    "broadcast_arrays": lambda o, cfg: op_rules.shape_result("broadcast_arrays", [o], cfg),
    "meshgrid": lambda o, cfg: op_rules.creation_result("meshgrid", [o], cfg),
}
"""The functions that give each operand back in a list, with the ``(dtype, weak)`` of one operand's item."""


def each_cases(cfg: lattice.LatticeConfig, *, static: bool) -> list[str]:
    """``broadcast_arrays`` and ``meshgrid`` (arrays only: it takes 1-d arrays) of two operands of every spec, and
    ``select`` of a tuple of two such choices, each also with :data:`EACH_OTHER`: the stubs give the lists of
    arrays of one class the rules keep (``each.kept_classes``) that class in pyright and ty and ``Any`` in mypy and
    pyrefly (held by assigning to a ``list[Array[K]]``: ``tests/typing/test_each.py`` holds each checker's answer),
    else ``list[Array[Any]]``, and type
    ``select`` of choices of one class it keeps (``joining.select_classes``), else ``Any``; the plugin gives each
    item's class where the items share it (else ``Any``) and op_rules' ``select`` join (a refusal an error)."""
    lines = ["", "", "def case_each_and_select() -> None:"]
    other = next(o for o in specs.all_specs() if var(o) == EACH_OTHER)
    kept = select_classes(cfg)[0]
    kept_each = each.kept_classes(cfg)
    for a in specs.all_specs():
        e = operand_expr(a)
        for fn, rule in EACH.items():
            if fn == "meshgrid" and a.kind not in ("arr", "warr"):
                continue
            for b, eb in dict.fromkeys(((a, e), (other, EACH_OTHER))):  # once where a is the other
                r = specs.static_of(*rule(a.operand, cfg))
                if r != specs.static_of(*rule(b.operand, cfg)):
                    r = "Any"
                elif static and a.kind in ("arr", "warr") and a.operand == b.operand and r in kept_each:
                    # pyright and ty: list[Array[r]]; mypy and pyrefly: list[Array[Any]] (stubgen.each), which
                    # the annotated variable also takes, and no other class does (a list is invariant)
                    lines.append(f"    {fn}_{var(a)}: list[Array[{r}]] = anp.{fn}({e}, {eb})  # {fn} {a} {b}")
                    continue
                elif static:
                    r = "Any"
                lines.append(f"    assert_type(anp.{fn}({e}, {eb}), list[Array[{r}]])  # {fn} {a} {b}")
        for b, eb in ((a, e), (other, EACH_OTHER)):
            expr = f"anp.select((a_arr_bool, a_arr_bool), ({e}, {eb}))"
            chosen: str | None = "Any"
            if static and a == b and a.kind in ("arr", "warr") and specs.static_of(*a.operand) in kept:
                chosen = specs.static_of(*a.operand)
            elif not static:
                try:
                    chosen = specs.static_of(*op_rules.shape_result("select", [a.operand, b.operand, ("int", True)],
                                                                    cfg))
                except specs.REJECTIONS:
                    chosen = None
            lines.append(f"    {expr}  # rejected: select {a} {b}" if chosen is None
                         else f"    assert_type({expr}, Array[{chosen}])  # select {a} {b}")
    return lines


def _pair_cases(name: str, call: str, tag: str, answer: Callable[[Spec, Spec], str | None]) -> list[str]:
    """One case function per left operand spec (``case_<name>_<left>``), the call ``call.format(a, b)`` on it and
    every right spec the binary cases pair it with: ``answer(a, b)``'s class, or a rejected line where None.
    ``tag`` (``"fn hypot"``) leads each line's comment, followed by the two specs."""
    by_left: dict[Spec, list[Spec]] = {}
    for a, b in pairs():
        by_left.setdefault(a, []).append(b)
    lines: list[str] = []
    for a, rights in by_left.items():
        lines += ["", "", f"def case_{name}_{var(a)}() -> None:"]
        for b in rights:
            r = answer(a, b)
            expr, line_tag = call.format(operand_expr(a), operand_expr(b)), f"{tag} {a} {b}"
            lines.append(f"    {expr}  # rejected: {line_tag}" if r is None
                         else f"    assert_type({expr}, Array[{r}])  # {line_tag}")
    return lines


def corrected_cases(cfg: lattice.LatticeConfig, *, static: bool) -> list[str]:
    """The binary functions declared as an operation corrected (``hypot``, ``logaddexp``, ``gcd``...: see
    ``stubgen.corrected_functions``) over every pair the binary cases hold: the stubs' answer (``static``), else
    the plugin's, which is op_rules' where the operands' ranks cannot change it and ``Any`` where they can."""
    m = Model(cfg)
    lines: list[str] = []
    for fn in CORRECTED_AS:
        if fn in op_rules.CONTRACTION:
            continue  # cross: with the products (product_cases)
        table = static_table(fn, cfg)
        ovs = corrected_overloads(m, fn, KeepVars()) if static else []
        lines += _pair_cases(fn, f"anp.{fn}({{}}, {{}})", f"fn {fn}",
                             functools.partial(simulate, ovs) if static else lambda a, b: table[a, b])
    return lines


PRODUCT_CASES: Final = {"vdot": "anp.vdot({}, {})", "inner": "anp.inner({}, {})", "outer": "anp.outer({}, {})",
                        "cross": "anp.cross({}, {})", "einsum": 'anp.einsum("i,i->i", {}, {})'}
"""The products whose static answers differ (op_rules' ``contraction_static_result``: ``dot``'s rule, ``inner``'s
``multiply`` for a 0-d operand, the join, ``cross``'s weak flag decided by the vectors' size, ``result_type``;
``tensordot`` shares ``vdot``'s rule and stubs, ``kron`` is ``outer``'s rule refusing bool, ``subtract``'s
overloads) and their calls on two operands."""


def product_cases(cfg: lattice.LatticeConfig, *, static: bool) -> list[str]:
    """The products of :data:`PRODUCT_CASES` over every pair the binary cases hold: the stubs' answer (``static``:
    their operation's overloads), else op_rules' ``contraction_result``, which the plugin gives; and ``einsum`` of
    one operand of every spec (its ``result_type``: its dtype, a weak one's kind's default, weakly typed)."""
    m = Model(cfg)
    lines: list[str] = []
    for fn, call in PRODUCT_CASES.items():
        table = specs.exact_table(fn, cfg)
        if static and fn in CORRECTED_AS:
            ovs = corrected_overloads(m, fn, KeepVars())
            answer: Callable[[Spec, Spec], str | None] = functools.partial(simulate, ovs)
        elif static:
            answer = functools.partial(lambda op, a, b: static_answer(m, op, a, b, function=True), FUNCTIONS_AS[fn])
        else:
            answer = functools.partial(lambda t, a, b: t[a, b], table)
        lines += _pair_cases(fn, call, f"fn {fn}", answer)
    lines += ["", "", "def case_einsum_one_operand() -> None:"]
    for a in specs.all_specs():
        name, weak = op_rules.contraction_result("einsum", [a.operand], cfg)
        lines.append(f'    assert_type(anp.einsum("i->", {operand_expr(a)}), Array[{specs.static_of(name, weak)}])'
                     f'  # einsum {a}')
    return lines


def solve_cases(cfg: lattice.LatticeConfig, *, static: bool) -> list[str]:
    """``linalg.solve`` of every pair the binary cases hold: the plugin gives ``op_rules.linalg_solve_result`` (a
    refusal an error); the stubs, ``true_divide``'s answer (their overloads are its: ``emit_reexports.BINARY``)."""
    m = Model(cfg)

    def plugin(a: Spec, b: Spec) -> str | None:
        try:
            name, weak = op_rules.linalg_solve_result(a.operand, b.operand, cfg)
        except (TypeError, ValueError):
            return None
        return {"f": "float", "c": "complex"}[lattice.KIND[name]] if weak else specs.cls_of(name)
    return _pair_cases("solve", "linalg.solve({}, {})", "solve",
                       (lambda a, b: static_answer(m, "true_divide", a, b, function=True)) if static else plugin)


def unary_cases(cfg: lattice.LatticeConfig, *, static: bool) -> list[str]:
    """One case function per one-operand function the stubs type by its rule (``emit_numpy.typed_unary``): the
    function of every operand spec, with ``op_rules``' answer (a numpy value is a strong array of its canonical
    dtype, a Python scalar a weak one, ``bool`` strong). The stubs give exactly that but for one static difference,
    as in the pairs: a function that refuses ``bool`` takes a Python ``bool`` as the ``int`` it subclasses."""
    lines: list[str] = []
    for name, fn, _, _ in typed_unary():
        # the plugin sees that round's decimals (angle's deg) is left out: its default
        rule = single_rules.unary_rule(fn, cfg, **({} if static else _DEFAULTS.get(fn, {})))
        lines += _one_operand_case(f"u_{name}", f"anp.{name}", f"un {name}", rule, static,
                                   python=None if static else functools.partial(_unary_python, fn, cfg))
    for fn in REDUCTIONS_BY_RULE:  # the reductions the stubs type by their rule when no dtype= is given
        rule = single_rules.reduction_rule(fn, cfg)
        python: Callable[[str], str | None] | None = None
        if static:  # what the rule refuses goes to the source's signature: a rejection the stubs miss
            python = functools.partial(_stub_python, rule)  # a Python bool the rule refuses is taken as an int
            rule = functools.partial(_or_gradual, rule)
        q = {"quantile": ", 0.25", "nanquantile": ", 0.75", "percentile": ", 50", "nanpercentile": ", 2.5"}
        lines += _one_operand_case(f"red_{fn}", f"anp.{fn}", f"red {fn}", rule, static, python=python,
                                   after=q.get(fn, ""))
    rule = single_rules.bincount_rule(cfg)  # bincount without weights: the default integer of an integer x
    python = None
    if static:  # as the reductions: what the rule refuses goes to the source's gradual signature
        python = functools.partial(_stub_python, rule)
        rule = functools.partial(_or_gradual, rule)
    lines += _one_operand_case("bincount", "anp.bincount", "bincount", rule, static, python=python,
                               after=", length=3")
    # unravel_index of two int sizes: the stubs answer a tuple of any length of the class every int and bool size
    # gives (Any where they differ; a refusal goes to the source's gradual signature), the plugin two arrays
    if static:
        rule = single_rules.unravel_index_rule(cfg)
        python, rule = functools.partial(_stub_python, rule), functools.partial(_or_gradual, rule)
        returns = "tuple[Array[{}], ...]".format
    else:
        rule, python, returns = functools.partial(_unravel_index, cfg), None, "tuple[Array[{0}], Array[{0}]]".format
    lines += _one_operand_case("unravel_index", "anp.unravel_index", "unravel_index", rule, static,
                               python=python, after=", (3, 4)", returns=returns)
    # ravel_multi_index of one array of indices: the plugin joins it with a Python int (an integer class holding
    # 8, or refused); the stubs cannot join a tuple of arrays: Array[Any], refusals missed
    lines += _one_operand_case("ravel_multi_index", "anp.ravel_multi_index(", "ravel_multi_index",
                               (lambda cls: "Any") if static else functools.partial(_ravel_multi_index, cfg), static,
                               python=(lambda py: "Any") if static else None, after=",), (9,), mode='clip'")
    for name in (*op_rules.NN_STATIC, "swish"):  # the one-operand jax.nn functions, by their rule too
        fn = "silu" if name == "swish" else name
        exact = single_rules.nn_rule(fn, cfg)
        rule = single_rules.int_as_float(exact) if static else exact  # what the stubs state (see int_as_float)
        # the plugin knows a Python scalar has rank 0
        python = None if static else (lambda py, fn=fn: _nn_python_scalar(fn, py, cfg))
        lines += _one_operand_case(f"nn_{name}", f"nn.{name}", f"nn {name}", rule, static, python)
    for name in op_rules.LAX_UNARY_KINDS:  # the one-operand jax.lax functions that keep the operand's type
        if hasattr(at_lax, name):
            exact = single_rules.lax_rule(name, cfg)
            lines += _one_operand_case(f"lax_{name}", f"lax.{name}", f"lax {name}",
                                       single_rules.int_as_float(exact) if static else exact, static,
                                       after=LAX_SHAPE_ARGUMENTS.get(name, ""))
    lines += _one_operand_case("lax_reduce_window", "lax.reduce_window", "lax reduce_window",
                               single_rules.reduce_window_rule(cfg), static, after=", 0, lax.add, dims, dims")
    lines += _one_operand_case("lax_top_k", "lax.top_k", "lax top_k", single_rules.top_k_rule(cfg), static,
                               after=", 1", returns=lambda r: "tuple[{}, {}]".format(
                                   *(f"Array[{f}]" for f in single_rules.tuple_fields(r, 2))))
    for y in (2,) if static else (2, -2):  # lax.integer_pow: the stubs take every y as non-negative; the plugin
        # reads a literal one
        rule = single_rules.integer_pow_rule(cfg, 0 if static else y)
        lines += _one_operand_case(f"lax_integer_pow_{y}".replace("-", "neg"), "lax.integer_pow",
                                   f"lax integer_pow {y}", rule, static, after=f", {y}")
    for name in op_rules.FFT_FUNCTIONS:  # jax.numpy.fft's transforms: a strong complex (irfft: real) dtype
        if name in op_rules.FFT_RANK_DEPENDENT:  # gradual: a 0-d operand keeps its kind
            continue
        # the plugin knows a scalar is 0-d: a transform along an axis of it is JAX's shape error, not a dtype case
        lines += _one_operand_case(f"fft_{name}", f"fft.{name}", f"fft {name}", single_rules.fft_rule(name, cfg),
                                   static, ranked=not static and name not in ("fftn", "ifftn"))
    for name in op_rules.LINALG_STATIC:  # jax.numpy.linalg's functions of one array result: the inexact dtype
        lines += _one_operand_case(f"linalg_{name}", f"linalg.{name}", f"linalg {name}",
                                   single_rules.linalg_rule(name, cfg), static)
    for name, cls in emit_reexports.TUPLES["numpy/linalg.py"].items():  # named tuples of arrays, and a field alone
        lines += _one_operand_case(f"linalg_{name}", f"linalg.{name}", f"linalg {name}",
                                   single_rules.linalg_tuple_rule(name, cfg), static,
                                   returns=emit_reexports.tuple_returns(cls, name))
        if name in op_rules.LINALG_ALONE:
            alone = ", mode='r'" if name == "qr" else ", compute_uv=False"
            lines += _one_operand_case(f"linalg_{name}_alone", f"linalg.{name}", f"linalg {name}({alone[2:]})",
                                       single_rules.linalg_field_rule(name, op_rules.LINALG_ALONE[name], cfg),
                                       static, after=alone)
    return lines


def _one_operand_case(case: str, callee: str, tag: str, rule: Rule, static: bool,
                      python: Callable[[str], str | None] | None = None, after: str = "",
                      returns: Callable[[str], str] = "Array[{}]".format, ranked: bool = False) -> list[str]:
    """One case function: ``callee`` of every operand spec (then ``after``, its other arguments), with ``rule``'s
    answer (``python``'s for a Python scalar where given) as ``returns`` states it; ``ranked``: of the arrays only
    (a Python or numpy scalar is 0-d, which the callee refuses by shape)."""
    lines = ["", "", f"def case_{case}() -> None:"]
    for spec in specs.all_specs():
        if ranked and spec.kind in ("py", "np"):
            continue
        cls = PY_STATIC[spec.name] if spec.kind == "py" else specs.cls_of(spec.name)
        r = rule(cls)
        if static and r is None and spec.kind == "py" and spec.name == "bool":
            r = rule("int")
        if python is not None and spec.kind == "py":
            r = python(spec.name)
        expr, label = f"{callee}({operand_expr(spec)}{after})", f"{tag} {spec}"
        lines.append(f"    {expr}  # rejected: {label}" if r is None
                     else f"    assert_type({expr}, {returns(r)})  # {label}")
    return lines


_DEFAULTS: Final[dict[str, dict[str, int]]] = {"round": {"decimals": 0}, "angle": {"deg": False}}
"""The default of ``round``'s and ``angle``'s deciding argument: a call that leaves it out is the plugin's with it."""


def _ravel_multi_index(cfg: lattice.LatticeConfig, cls: str) -> str | None:
    """The plugin's class of ``ravel_multi_index((x,), (9,), mode='clip')`` (None: refused)."""
    try:
        return specs.static_of(*op_rules.ravel_multi_index_result([single_rules.operand(cls, cfg)], (9,), None, cfg))
    except specs.REJECTIONS:
        return None


def _unravel_index(cfg: lattice.LatticeConfig, cls: str) -> str | None:
    """The plugin's class of both arrays of ``unravel_index(x, (3, 4))`` (None: refused)."""
    try:
        out = op_rules.unravel_index_result(single_rules.operand(cls, cfg), [("int", True)] * 2, cfg)
    except specs.REJECTIONS:
        return None
    assert len({specs.static_of(*o) for o in out}) == 1, (cls, out)
    return specs.static_of(*out[0])


def _or_gradual(rule: Callable[[str], str | None], cls: str) -> str:
    """``rule``'s answer, ``Any`` where it refuses."""
    r = rule(cls)
    return "Any" if r is None else r


def _stub_python(rule: Callable[[str], str | None], py: str) -> str:
    """The stubs' answer for a Python scalar where ``rule``'s refusals go to a gradual signature: its class's
    answer; a refused ``bool`` matches the ``int`` overload first."""
    r = rule(PY_STATIC[py])
    if r is None and py == "bool":
        r = rule("int")
    return "Any" if r is None else r


def _unary_python(fn: str, cfg: lattice.LatticeConfig, py: str) -> str | None:
    """``op_rules``' answer for a one-operand function of a Python scalar, which has rank 0 (``bool`` strong): what
    the plugin gives (the stubs answer as for a weak array: ``Any`` where the rank decides)."""
    try:
        out = op_rules.unary_static_result(fn, (py, py != "bool"), cfg, rank0=True, given=_DEFAULTS.get(fn))
    except specs.REJECTIONS:
        return None
    return "Any" if out is None else specs.static_of(*out)


def _nn_python_scalar(fn: str, py: str, cfg: lattice.LatticeConfig) -> str | None:
    """``op_rules``' answer for a ``jax.nn`` function of a Python scalar (rank 0; ``bool`` strong), over the settings
    of its dtype-neutral arguments (``Any`` where they decide)."""
    try:
        out = op_rules.nn_static_result(fn, (py, py != "bool"), cfg)
    except specs.REJECTIONS:
        return None
    return "Any" if out is None else specs.static_of(*out)


def generate() -> dict[str, str]:
    files = {"pairs_default.py": gen_module(CONFIGS["default"], static=True)}
    for key, cfg in CONFIGS.items():  # for mypy with the plugin: exact answers
        files[f"plugin_{key}.py"] = gen_module(cfg, static=False, functions=key == "default")
    data = {"generator": "tools/gen_typecheck_cases.py", "reps": REPS,
            "cases": {key: rows(cfg) for key, cfg in CONFIGS.items()},
            "static_differences": static_differences(Model(CONFIGS["default"]))}
    files["cases.json"] = json.dumps(data, indent=None, separators=(",", ":")).replace("],[", "],\n[") + "\n"
    return files


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true")
    args = p.parse_args(argv)
    stale = []
    for rel, text in generate().items():
        path = OUT / rel
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(rel)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists() or path.read_text() != text:
                path.write_text(text)
    if stale:
        print(f"typecheck cases out of date: {', '.join(stale)}; run python tools/gen_typecheck_cases.py",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
