"""``lax.add``, ``mul``, ``max``, ``min``, ``pad``, ``dynamic_update_slice`` and ``conv_general_dilated`` declared by
their rule
(``op_rules.lax_same_result``): operands of one dtype, never promoted; ``dot_general`` by its own
(``op_rules.lax_dot_general_result``), in the same way. Each operand kind (strong and weak arrays, numpy values,
Python scalars) meets every other; the pairs the rule takes become overloads, one per left operand and run of right
operands with one answer, in an order where a narrower annotation comes first (a numpy ``float64`` is a Python
``float``, a ``bool`` an ``int``).
A pair the rule refuses has no overload of its own: it may meet a wider one (``lax.add(x_f32, 1)`` matches the
``float`` overload) or the runtime signature after them (``Array[Any]``), a refusal the stubs do not report. The
first overload matching each pair is checked here against the rule (:func:`simulate`), as a checker picks it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from arraytyping import lattice, op_rules
from arraytyping._src.stubgen import specs
from arraytyping._src.stubgen.specs import Spec
from arraytyping.lattice import LatticeConfig

__all__ = ["FUNCTIONS", "Clamp", "Overload", "clamp_declarations", "clamp_overloads", "clamp_rule", "declarations",
           "overloads", "rule", "simulate", "simulate_clamp", "typed"]

FUNCTIONS: Final = ("add", "mul", "max", "min", "pad", "dynamic_update_slice", "conv_general_dilated", "select",
                    "sub", "div", "rem", "atan2", "nextafter", "bitwise_and", "bitwise_or", "bitwise_xor", "shift_left",
                    "shift_right_logical", "shift_right_arithmetic", "dot_general")
"""The two-operand functions of ``op_rules.LAX_SAME_KINDS`` (``pad``'s ``operand`` and ``padding_value``,
``dynamic_update_slice``'s ``operand`` and ``update``, ``conv_general_dilated``'s ``lhs`` and ``rhs``: their other
parameters follow unchanged), and ``dot_general``, whose operands may differ (``op_rules.lax_dot_general_result``:
the one XLA ranks higher); the overloads of both take ``preferred_element_type=None`` alone. ``clamp``, of three,
has its own overloads."""

_UNKNOWN: Final = "Array[Never] | np.ndarray[Any, np.dtype[Never]] | np.number[Never]"
"""An operand of unknown dtype (``Array[Any]``, ``NDArray[Any]``): it would match every overload."""

_WEAK_CLASS: Final = {"i": "int", "f": "float", "c": "complex"}

Overload = tuple[tuple[Spec, ...], tuple[Spec, ...], str]
"""(the left operand's specs, the right operand's specs, the result's dtype class)."""


def _order() -> tuple[Spec, ...]:
    """Every operand spec, narrower ones first: arrays, numpy values (before Python scalars), weak arrays and
    Python scalars up the numeric tower."""
    by_kind = {kind: [s for s in specs.all_specs() if s.kind == kind] for kind in ("arr", "np", "warr", "py")}
    return tuple(s for kind in ("arr", "np", "warr", "py") for s in by_kind[kind])


def rule(fn: str, a: Spec, b: Spec, cfg: LatticeConfig) -> str | None:
    """The result's dtype class of ``lax.<fn>(a, b)`` (a weak one as its Python class), or None where JAX refuses."""
    return _answer(fn, (a, b), cfg)


def typed(fn: str, a: Spec, b: Spec, cfg: LatticeConfig) -> str | None:
    """What an overload of ``lax.<fn>`` states for ``(a, b)``: :func:`rule`'s answer; for ``dot_general`` only where
    both operands have one dtype (None otherwise: operands of two dtypes get ``Array[Any]``, as an overload for each
    pair with its own answer would take a thousand)."""
    r = rule(fn, a, b, cfg)
    if fn == "dot_general" and r is not None and rule("max", a, b, cfg) is None:
        return None
    return r


def clamp_rule(lo: Spec, x: Spec, hi: Spec, cfg: LatticeConfig) -> str | None:
    """The result's dtype class of ``lax.clamp(lo, x, hi)``, or None where JAX refuses."""
    return _answer("clamp", (lo, x, hi), cfg)


def _answer(fn: str, operands: Sequence[Spec], cfg: LatticeConfig) -> str | None:
    try:
        if fn == "dot_general":
            a, b = operands
            name, weak = op_rules.lax_dot_general_result(a.operand, b.operand, cfg)
        else:
            out = op_rules.lax_same_result(fn, [o.operand for o in operands], cfg)
            if out is None:
                return "Any"  # its weak flag depends on the rank
            name, weak = out
    except op_rules.OperandTypeError:
        return None
    return _WEAK_CLASS[lattice.KIND[name]] if weak else specs.cls_of(name)


def overloads(fn: str, cfg: LatticeConfig) -> list[Overload]:
    """The typed overloads of ``lax.<fn>``, in order; :func:`simulate` of them agrees with :func:`typed` on every
    pair it types, and answers :func:`rule`'s dtype or none (``Array[Any]``) for every other pair the rule takes
    (``ValueError`` otherwise: a bug here, never a stub that answers wrong)."""
    order = _order()
    rows: list[list[Overload]] = []
    for a in order:
        row: list[Overload] = []
        for b in order:
            r = typed(fn, a, b, cfg)
            if r is None:
                continue
            if row and row[-1][2] == r:
                row[-1] = (row[-1][0], (*row[-1][1], b), r)
            else:
                row.append(((a,), (b,), r))
        if rows and rows[-1] and [o[1:] for o in rows[-1]] == [o[1:] for o in row]:
            rows[-1] = [((*o[0], a), o[1], o[2]) for o in rows[-1]]
        else:
            rows.append(row)
    typed_overloads = [o for row in rows for o in row]
    # pairs a wider overload would answer wrong, each first with its own answer; one a fix captures, before it
    fixes: list[Overload] = []
    out = typed_overloads
    for _ in range(4):
        wrong = _disagreements(fn, out, order, cfg)
        if not wrong:
            return out
        fixes = [((a,), (b,), rule(fn, a, b, cfg) or "Any") for a, b in wrong] + fixes
        out = fixes + typed_overloads
    a, b = _disagreements(fn, out, order, cfg)[0]
    raise ValueError(f"lax.{fn}({a}, {b}): the overloads answer {simulate(out, a, b)}, the rule {rule(fn, a, b, cfg)}")


def _disagreements(fn: str, ovs: Sequence[Overload], order: Sequence[Spec], cfg: LatticeConfig
                   ) -> list[tuple[Spec, Spec]]:
    """The pairs whose first matching overload answers other than :func:`typed` states, or (where it states
    nothing) a dtype other than :func:`rule`'s."""
    out: list[tuple[Spec, Spec]] = []
    for a in order:
        for b in order:
            expected, stated, got = rule(fn, a, b, cfg), typed(fn, a, b, cfg), simulate(ovs, a, b)
            if (stated is not None and got != stated) or (expected is not None and got not in (expected, None, "Any")):
                out.append((a, b))
    return out


def simulate(ovs: Sequence[Overload], a: Spec, b: Spec) -> str | None:
    """The answer of the first overload a checker matches for ``(a, b)`` (None: none matches, the runtime
    signature's ``Array[Any]``)."""
    for left, right, r in ovs:
        if any(specs.accepts(p, a) for p in left) and any(specs.accepts(q, b) for q in right):
            return r
    return None


def declarations(fn: str, cfg: LatticeConfig, params: tuple[str, str], doc: str | None, rest: str = "",
                 lead: str = "") -> list[str]:
    """The ``@overload`` lines of ``lax.<fn>`` (``params``: its operands' names; ``lead``: the parameters before
    them, ``rest``: those after them, as a stub writes them), ``doc`` on the first."""
    x, y = params
    out = ["@overload", f"def {fn}({lead}{x}: {_UNKNOWN}, {y}: ArrayLike{rest}) -> Array[Any]: ...",  # gradual first
           "@overload", f"def {fn}({lead}{x}: ArrayLike, {y}: {_UNKNOWN}{rest}) -> Array[Any]: ..."]
    for left, right, r in overloads(fn, cfg):
        out += ["@overload", f"def {fn}({lead}{x}: {_union(left)}, {y}: {_union(right)}{rest}) -> Array[{r}]: ..."]
    if doc and out:
        out[1:2] = [out[1].removesuffix(" ..."), f"    {doc}", "    ..."]
    return out


def _union(ss: Sequence[Spec]) -> str:
    return " | ".join(s.annotation for s in ss)


Clamp = tuple[tuple[Spec, ...], tuple[Spec, ...], tuple[Spec, ...], str]
"""(``min``'s specs, ``x``'s, ``max``'s, the result's dtype class)."""


def clamp_overloads(cfg: LatticeConfig) -> list[Clamp]:
    """The typed overloads of ``lax.clamp(min, x, max)``, by ``x``: the bounds of its dtype (once canonicalized),
    strong when ``x`` is; for a weak ``x``, strong when a bound is (those overloads first: a numpy ``float64`` is a
    ``float``), weak when both are. :func:`simulate_clamp` of them agrees with :func:`clamp_rule` on every triple the
    rule takes (``ValueError`` otherwise)."""
    order = _order()
    rows: list[list[Clamp]] = []
    for x in order:
        alone = clamp_rule(x, x, x, cfg)
        if alone is None:
            continue
        bounds = tuple(s for s in order if clamp_rule(s, x, x, cfg) is not None)
        strong = tuple(s for s in bounds if not s.operand[1])
        weak = tuple(s for s in bounds if s.operand[1])
        if not x.operand[1]:
            row: list[Clamp] = [(bounds, (x,), bounds, alone)]
        else:
            strong_result = clamp_rule(strong[0], x, x, cfg) if strong else None
            row = [] if strong_result is None else [(strong, (x,), bounds, strong_result),
                                                    (bounds, (x,), strong, strong_result)]
            row.append((weak, (x,), weak, alone))
        if rows and [(o[0], o[2], o[3]) for o in rows[-1]] == [(o[0], o[2], o[3]) for o in row]:
            rows[-1] = [(o[0], (*o[1], x), o[2], o[3]) for o in rows[-1]]
        else:
            rows.append(row)
    out = [o for row in rows for o in row]
    for x in order:  # every triple the rule takes: its bounds are among x's row's
        bounds = tuple(s for s in order if clamp_rule(s, x, x, cfg) is not None)
        for lo in bounds:
            for hi in bounds:
                expected, got = clamp_rule(lo, x, hi, cfg), simulate_clamp(out, lo, x, hi)
                if expected is not None and got != expected:
                    raise ValueError(f"lax.clamp({lo}, {x}, {hi}): the overloads answer {got}, the rule {expected}")
    return out


def simulate_clamp(ovs: Sequence[Clamp], lo: Spec, x: Spec, hi: Spec) -> str | None:
    """The answer of the first overload of ``clamp`` a checker matches (None: the runtime signature's)."""
    for los, xs, his, r in ovs:
        if all(any(specs.accepts(p, arg) for p in ps) for ps, arg in ((los, lo), (xs, x), (his, hi))):
            return r
    return None


def clamp_declarations(cfg: LatticeConfig, params: tuple[str, str, str], doc: str | None) -> list[str]:
    """The ``@overload`` lines of ``lax.clamp`` (``params``: its parameters' names), ``doc`` on the first."""
    lo, x, hi = params
    out: list[str] = []
    for i in range(3):  # an operand of unknown dtype first
        ps = [f"{name}: {_UNKNOWN if j == i else 'ArrayLike'}" for j, name in enumerate(params)]
        out += ["@overload", f"def clamp({', '.join(ps)}) -> Array[Any]: ..."]
    for los, xs, his, r in clamp_overloads(cfg):
        out += ["@overload", f"def clamp({lo}: {_union(los)}, {x}: {_union(xs)}, {hi}: {_union(his)}) -> Array[{r}]: ..."]
    if doc:
        out[1:2] = [out[1].removesuffix(" ..."), f"    {doc}", "    ..."]
    return out
